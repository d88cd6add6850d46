"""A fake implementation with one planted rule mistake: the reference adapter, serving
with one family's profile changed as its first argument names.

Mistakes (one per family): ``koz`` (a clean canasta's bonus is 50, not 40: clause
canasta-bonus), ``fi-5200`` (the lower opening band asks 60 points, not 90: a wrong meld
minimum), ``fi-351`` (a fi packet is taken without a canasta: a wrong fi rule),
``classic`` (wild cards and red threes never freeze the pile: a freeze ignored).
The other families are answered as the reference answers them.
"""

from __future__ import annotations

import dataclasses
import sys

from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.server import serve
from kanasta.families import PROFILES, VARIANTS
from kanasta.rules.families import RulesProfile


def _koz(profile: RulesProfile) -> RulesProfile:
    bonuses = tuple((name, 50 if name == "clean" else value) for name, value in profile.bonuses)
    return dataclasses.replace(profile, bonuses=bonuses)


def _fi_5200(profile: RulesProfile) -> RulesProfile:
    lower, *rest = profile.opening_bands
    return dataclasses.replace(
        profile, opening_bands=(dataclasses.replace(lower, min_points=60), *rest)
    )


def _fi_351(profile: RulesProfile) -> RulesProfile:
    return dataclasses.replace(profile, fi_needs_canasta=False)


def _classic(profile: RulesProfile) -> RulesProfile:
    return dataclasses.replace(profile, pile_freezers=())


MISTAKES = {"koz": _koz, "fi-5200": _fi_5200, "fi-351": _fi_351, "classic": _classic}


def main() -> int:
    family = sys.argv[1]
    mistake = MISTAKES[family]
    PROFILES[family] = mistake(PROFILES[family])
    for key, profile in list(VARIANTS.items()):
        if key[0] == family:
            VARIANTS[key] = mistake(profile)
    return serve(sys.stdin.buffer, sys.stdout, ReferenceImplementation())


if __name__ == "__main__":
    sys.exit(main())
