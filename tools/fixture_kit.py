"""The small vocabulary the fixture-writing tools share.

``tools/gen_koz_fixtures.py`` and ``tools/gen_fi5200_fixtures.py`` write their
scenarios with these builders (actions, expected verdicts, steps), collect them
in a :class:`Book`, add the recipe-based generated fixtures and hand everything
to :func:`write_fixtures`, which writes the files or, with ``--check``, reports
the ones that would change.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from kanasta.conformance.generate import generate_fixture, require_engine
from kanasta.conformance.jsonio import format_fixture_json

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "conformance" / "fixtures"

Json = dict[str, Any]

OK: Json = {"verdict": "accepted"}
DRAW: Json = {"type": "draw"}
TAKE: Json = {"type": "take-pile"}
BACK: Json = {"type": "take-back"}
PASS: Json = {"type": "pass"}


def no(clause: str, code: str) -> Json:
    """The expectation that an action is rejected by ``clause`` with ``code``."""
    return {"verdict": "rejected", "code": code, "clause": clause}


def cards(text: str) -> list[str]:
    return text.split()


def meld(text: str, wild_at: int | None = None) -> Json:
    out: Json = {"type": "meld", "cards": cards(text)}
    if wild_at is not None:
        out["wild_at"] = wild_at
    return out


def lay(index: int, text: str, wild_at: int | None = None) -> Json:
    out: Json = {"type": "lay-off", "meld": index, "cards": cards(text)}
    if wild_at is not None:
        out["wild_at"] = wild_at
    return out


def disc(card: str) -> Json:
    return {"type": "discard", "card": card}


def acts(*pairs: tuple[Json, Json], note: str | None = None) -> Json:
    """An ``actions`` step: each action with its expected verdict."""
    step: Json = {"kind": "actions"}
    if note:
        step["note"] = note
    step["actions"] = [{"action": a, "expect": e} for a, e in pairs]
    return step


def ok(*actions: Json) -> Json:
    """Actions that must all be accepted."""
    return acts(*((a, OK) for a in actions))


def facts(**expect: Any) -> Json:
    return {"kind": "state", "expect": expect}


def score(*teams: tuple[float, dict[str, float]]) -> Json:
    return {
        "kind": "score",
        "expect": {"teams": [{"total": t, "breakdown": b} for t, b in teams]},
    }


def count(n: int, depth: int = 1) -> Json:
    step: Json = {"kind": "count"}
    if depth != 1:
        step["depth"] = depth
    step["expect"] = {"count": n}
    return step


class Book:
    """The fixtures of one family being written, by id."""

    def __init__(self, variant: str, source: str) -> None:
        self.variant = variant
        self.source = source
        self.items: dict[str, Json] = {}

    def add(
        self,
        ident: str,
        clauses: Sequence[str],
        description: str,
        setup: Json,
        *steps: Json,
        source: str | None = None,
        features: Sequence[str] = (),
    ) -> None:
        full = f"{self.variant}/{ident}".lower()
        if "seed" not in setup:
            setup = {"state": setup}
        if full in self.items:
            raise SystemExit(f"duplicate fixture id {full}")
        item: Json = {
            "id": full,
            "variant": self.variant,
            "clauses": list(clauses),
            "description": description,
            "source": source or self.source,
        }
        if features:
            item["features"] = list(features)
        item["setup"] = setup
        item["steps"] = list(steps)
        self.items[full] = item

    def add_generated(
        self,
        *,
        score_clause: str,
        playthrough_seeds: Iterable[int],
        counts: Iterable[tuple[int, int, int]],
        features: Sequence[str] = (),
        folder: str = "",
    ) -> None:
        """Golden playthroughs and legal-action counts, derived by the reference from a recipe.

        ``counts`` holds (seed, prefix, depth) triples. ``features`` names the family's
        options in force (they are written into the fixtures); ``folder`` is put before
        each generated id's last part (``playthrough/players-2/seed-1``).
        """
        family = "" if self.variant == "koz" else f"{self.variant} "
        if features:
            family += f"({', '.join(features)}) "
        where = f"{folder}/" if folder else ""
        generated: list[tuple[str, list[str], str, Json]] = [
            (
                f"playthrough/{where}seed-{seed}",
                ["action-kinds", score_clause, "legal-action-count", "turn-structure"],
                f"A golden playthrough: the {family}hand dealt from seed {seed}, played by the "
                f"uniform random policy (random.Random({seed}) choosing in the canonical order "
                "of legal actions) to its end, with the final hand scores.",
                {"recipe": "playthrough", "seed": seed},
            )
            for seed in playthrough_seeds
        ]
        generated += [
            (
                f"count/{where}seed-{seed}-after-{prefix}",
                ["legal-action-count"],
                f"The legal-action count at depth {depth} after {prefix} random actions of the "
                f"{family}hand dealt from seed {seed}.",
                {"recipe": "count", "seed": seed, "prefix": prefix, "depth": depth},
            )
            for seed, prefix, depth in counts
        ]
        engine = require_engine()
        for ident, clauses, description, recipe in generated:
            full = f"{self.variant}/{ident}"
            self.items[full] = generate_fixture(
                engine,
                ident=full,
                variant=self.variant,
                clauses=clauses,
                description=description,
                recipe=recipe,
                source=self.source,
                features=features,
            )


def write_fixtures(items: dict[str, Json], argv: Sequence[str] | None, doc: str) -> int:
    """Write the fixtures, or with ``--check`` list those that would change (exit 1)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report files that would change")
    args = parser.parse_args(argv)
    stale: list[str] = []
    written = 0
    for ident, data in sorted(items.items()):
        path = FIXTURES / f"{ident}.json"
        text = format_fixture_json(data)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(ident)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written += 1
    if args.check:
        for ident in stale:
            print(f"stale: {ident}")
        return 1 if stale else 0
    print(f"{written} fixture file(s) written")
    return 0
