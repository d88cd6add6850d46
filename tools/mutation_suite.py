"""The conformance suite alone, as the test command of one mutant (``tools/mutation.py``).

Run in a child process whose ``PYTHONPATH`` puts the mutated copy of the package
first. It does not read the fixtures through the (possibly mutated) package: it
unpickles the suite that ``tools/mutation.py`` loaded once with the pristine code,
the fixtures and the deals of the seeded ones (what the runner's dealer, which is
part of the suite, would send). So a mutant is judged exactly as a foreign engine
is: by its answers to the fixtures' requests, through the in-process runner.

    python tools/mutation_suite.py SUITE.pickle

Exit 0 when every fixture passes, 1 when any fails or errs (the mutant is killed);
the first line of standard output is JSON: the failing fixture ids, the variants
they belong to, and how many fixtures were checked.
"""

from __future__ import annotations

import json
import pickle
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.model import Fixture, JsonObject
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import run_fixtures


@dataclass(frozen=True, slots=True)
class FrozenSuite:
    """The suite as the pristine code loaded it: fixtures and the deals of seeded setups.

    Pickled as a plain pair (the child runs this file as ``__main__``)."""

    fixtures: tuple[Fixture, ...]
    deals: dict[tuple[str, int, tuple[str, ...]], JsonObject]


def save_suite(suite: FrozenSuite, path: Path) -> None:
    """Write the suite for the children."""
    with path.open("wb") as handle:
        pickle.dump((suite.fixtures, suite.deals), handle, protocol=pickle.HIGHEST_PROTOCOL)


def load_suite(path: Path) -> FrozenSuite:
    """The pickled suite (written by :func:`save_suite`)."""
    with path.open("rb") as handle:
        fixtures, deals = pickle.load(handle)
    return FrozenSuite(tuple(fixtures), dict(deals))


def run_suite(suite: FrozenSuite) -> tuple[bool, JsonObject]:
    """Run every fixture in process; True when all passed, and what failed."""

    def deal(variant: str, seed: int, features: tuple[str, ...] = (), /) -> JsonObject | None:
        return suite.deals.get((variant, seed, tuple(features)))

    result = run_fixtures(
        suite.fixtures, InProcessConnection(ReferenceImplementation()), dealer=deal
    )
    variants = {f.id: f.variant for f in suite.fixtures}
    failed = sorted(r.fixture.id for r in result.results if r.outcome.value != "pass")
    report: JsonObject = {
        "checked": len(result.results),
        "failed": failed[:50],
        "failed_count": len(failed),
        "variants": sorted({variants[f] for f in failed if f in variants}),
    }
    return not failed and len(result.results) == len(suite.fixtures), report


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python tools/mutation_suite.py SUITE.pickle", file=sys.stderr)
        return 2
    ok, report = run_suite(load_suite(Path(args[0])))
    print(json.dumps(report))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
