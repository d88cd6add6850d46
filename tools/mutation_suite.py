"""The conformance suite alone, as the test command of one mutant (``tools/mutation.py``).

Run in a child process whose ``PYTHONPATH`` puts the mutated copy of the package
first. It does not read the fixtures through the (possibly mutated) package: it
unpickles the suite that ``tools/mutation.py`` loaded once with the pristine code,
the fixtures and the deals of the seeded ones (what the runner's dealer, which is
part of the suite, would send). So a mutant is judged exactly as a foreign engine
is: by its answers to the fixtures' requests, through the in-process runner.

    python tools/mutation_suite.py SUITE.pickle [--oracle-out RECORD.pickle]
                                                [--oracle-reference RECORD.pickle]

Exit 0 when every fixture passes, 1 when any fails or errs (the mutant is killed);
the first line of standard output is JSON: whether the suite passed, the failing
fixture ids, the variants they belong to, and how many fixtures were checked.

With ``--oracle-out`` (the pristine run) or ``--oracle-reference`` (a mutant's),
the same child then plays the differential oracle of ``tools/mutation_oracle.py``
for every family, and the second line is JSON: per family, the digest, the
status (``ok``, ``crash: ...``, ``timeout``), the seconds, whether the digest
differs from the reference and the first event that differs. ``--oracle-out``
writes the record that later runs compare with. One child does both because
the suite and the oracle share the start of the interpreter and the import of
the package, about as long as the oracle itself.
"""

from __future__ import annotations

import json
import pickle
import sys
import time
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


ORACLE_SEED = 1
"""The seed of the oracle's hands and probes (the same for the pristine run and the mutants)."""

ORACLE_LIMIT = (5.0, 20.0)
"""A family's run under a mutant stops after max(5 s, 20 times its pristine seconds)."""


def get_oracle_limit(pristine_seconds: float) -> float:
    """The time limit of a family's run under a mutant (see :data:`ORACLE_LIMIT`)."""
    return max(ORACLE_LIMIT[0], ORACLE_LIMIT[1] * pristine_seconds)


def run_oracle_step(out: Path | None, reference: Path | None) -> JsonObject:
    """Play the oracle; write the record (``out``) or compare with one (``reference``)."""
    from mutation_oracle import run_oracle  # noqa: PLC0415

    if reference is not None:
        with reference.open("rb") as handle:
            pristine: dict[str, dict[str, object]] = pickle.load(handle)
        events = {f: v["record"] for f, v in pristine.items()}
        limits = {f: get_oracle_limit(float(str(v["seconds"]))) for f, v in pristine.items()}
        result = run_oracle(ORACLE_SEED, events, limits)  # type: ignore[arg-type]
        for family, entry in result.items():
            entry["differs"] = entry["digest"] != pristine[family]["digest"]
    else:
        result = run_oracle(ORACLE_SEED)
    if out is not None:
        with out.open("wb") as handle:
            pickle.dump(result, handle, protocol=pickle.HIGHEST_PROTOCOL)
    return {
        family: {k: v for k, v in entry.items() if k != "record"}
        for family, entry in result.items()
    }


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    options: dict[str, Path] = {}
    while len(args) >= 3 and args[-2] in ("--oracle-out", "--oracle-reference"):
        options[args[-2]] = Path(args[-1])
        del args[-2:]
    if len(args) != 1:
        print(
            "usage: python tools/mutation_suite.py SUITE.pickle "
            "[--oracle-out RECORD] [--oracle-reference RECORD]",
            file=sys.stderr,
        )
        return 2
    started = time.perf_counter()
    try:
        ok, report = run_suite(load_suite(Path(args[0])))
    except Exception as exc:  # a mutant may break the runner itself
        ok, report = False, {"crash": f"{type(exc).__name__}: {str(exc)[:200]}", "variants": []}
    report["passed"] = ok
    report["seconds"] = time.perf_counter() - started
    print(json.dumps(report), flush=True)
    if options:
        oracle = run_oracle_step(options.get("--oracle-out"), options.get("--oracle-reference"))
        print(json.dumps({"oracle": oracle}), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
