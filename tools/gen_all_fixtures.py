"""Write, or check, every scripted fixture at once: the union of the fixture generators.

Each ``tools/gen_*_fixtures.py`` writes its own fixtures and, with ``--check``, reports
those that would change; none of them can see a file that no generator writes any more (a
scenario renamed or dropped leaves its old file behind, still run by the suite). This tool
builds every generator's fixtures in one process and, besides the files that would change,
reports:

- an id that two generators write (one would silently overwrite the other);
- a fixture file that no generator writes, outside the folders of hand-written fixtures
  (``<family>/meld``, ``<family>/canasta``, ``<family>/wild``: the first meld and canasta
  verdicts, written by hand). With ``--check`` such a file fails the check; without it the
  tool names it and leaves it (delete it by hand once you know it is stale).

    python tools/gen_all_fixtures.py          # write every generator's fixtures
    python tools/gen_all_fixtures.py --check  # exit 1 if a file would change or is stale
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from fixture_kit import FIXTURES, Json, write_fixtures

GENERATORS = (
    "gen_koz_fixtures",
    "gen_fi5200_fixtures",
    "gen_fi351_fixtures",
    "gen_classic_fixtures",
    "gen_game_fixtures",
    "gen_pin_fixtures",
    "gen_strength_fixtures",
)
"""The modules of ``tools/`` whose ``build()`` returns fixtures by id."""

HAND_WRITTEN = frozenset({"meld", "canasta", "wild"})
"""Folders (under a family) that hold hand-written fixtures beside any generated ones."""


def build_all() -> tuple[dict[str, Json], list[str]]:
    """Every generator's fixtures by id, and the ids more than one generator writes."""
    items: dict[str, Json] = {}
    owner: dict[str, str] = {}
    clashes: list[str] = []
    for name in GENERATORS:
        built: dict[str, Json] = importlib.import_module(name).build()
        for ident, data in built.items():
            if ident in owner and items[ident] != data:
                clashes.append(f"{ident} (written by {owner[ident]} and {name})")
            owner.setdefault(ident, name)
            items[ident] = data
    return items, clashes


def get_orphans(ids: set[str]) -> list[str]:
    """Fixture files no generator writes, outside the hand-written folders."""
    orphans = []
    for path in sorted(FIXTURES.rglob("*.json")):
        ident = path.relative_to(FIXTURES).with_suffix("").as_posix()
        parts = ident.split("/")
        if ident not in ids and not (len(parts) > 2 and parts[1] in HAND_WRITTEN):
            orphans.append(ident)
    return orphans


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report files that would change")
    args = parser.parse_args(argv)
    items, clashes = build_all()
    for clash in clashes:
        print(f"two generators write different fixtures under one id: {clash}")
    status = write_fixtures(items, ["--check"] if args.check else [], __doc__ or "")
    orphans = get_orphans(set(items))
    for ident in orphans:
        print(f"no generator writes {ident} (a stale fixture?)")
    if clashes or (args.check and orphans):
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
