"""Exact point arithmetic: every score is kept as an int number of half points.

koz and fi-351 count in half points (an ace is 1.5); the other families count
whole points. Keeping every family in half-point units keeps all of them exact
with plain ints (no floats, no fractions on the hot path).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import TypeAlias

from kanasta.clauses import implements
from kanasta.errors import InputError

__all__ = [
    "MOST_POINTS",
    "HalfPoints",
    "check_score",
    "format_points",
    "parse_points",
    "points_to_json",
    "to_half_points",
]

HalfPoints: TypeAlias = int
"""A score in units of half a point: 3 means 1.5 points."""

MOST_POINTS = 10**12
"""points-exact: the most points a game score read from input may hold either way (a
trillion: far beyond any game, and within what every engine counts exactly)."""


def check_score(value: HalfPoints, where: str) -> HalfPoints:
    """points-exact: a score read from input (half points), or :class:`InputError` naming
    ``where`` when it holds more than :data:`MOST_POINTS` either way."""
    if abs(value) > 2 * MOST_POINTS:
        raise InputError(
            f"{where}: {format_points(value)[:40]} is beyond the {MOST_POINTS:,} points a score "
            "may hold either way (clause points-exact)."
        )
    return value


_DECIMAL_RE = re.compile(r"-?[0-9]{1,18}(?:\.[0-9]{1,18})?")
"""A point value written as text: plain decimal digits (no exponent, no inf or nan)."""


@implements("points-exact")
def to_half_points(value: int | str | Fraction) -> HalfPoints:
    """points-exact: convert a whole or half point value (``"4.5"``, ``10``) to half points."""
    if isinstance(value, str) and not _DECIMAL_RE.fullmatch(value):
        raise InputError(
            f"{value[:40]!r} is not a point value; write a whole or half number such as 10 or "
            "4.5 (clause points-exact)."
        )
    try:
        exact = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise InputError(
            f"{value!r} is not a point value; write a whole or half number such as 10 or 4.5 "
            "(clause points-exact)."
        ) from None
    doubled = exact * 2
    if doubled.denominator != 1:
        raise InputError(
            f"{value!r} is not a whole or half number of points (clause points-exact)."
        )
    return int(doubled)


@implements("points-exact")
def parse_points(value: object) -> HalfPoints:
    """points-exact: read a point value from JSON: an int, a number like 4.5, or ``"4.5"``.

    A value that is not exactly a whole or half number (10.3, ``"1e6"``, an
    infinity, NaN) raises :class:`InputError`: nothing is rounded.
    """
    if isinstance(value, bool):
        raise InputError(f"{value!r} is not a point value (clause points-exact).")
    if isinstance(value, int | str):
        return to_half_points(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(f"{value!r} is not a point value (clause points-exact).")
        doubled = Fraction(value) * 2
        if doubled.denominator != 1:
            raise InputError(
                f"{value!r} is not a whole or half number of points (clause points-exact)."
            )
        return int(doubled)
    raise InputError(f"{value!r} is not a point value (clause points-exact).")


@implements("points-exact")
def format_points(value: HalfPoints) -> str:
    """points-exact: print half points as points: ``9`` -> ``"4.5"``, ``20`` -> ``"10"``."""
    whole, half = divmod(abs(value), 2)
    sign = "-" if value < 0 else ""
    return f"{sign}{whole}.5" if half else f"{sign}{whole}"


def points_to_json(value: HalfPoints) -> int | float:
    """Half points as a JSON number (an int when whole; halves are exact binary floats)."""
    return value // 2 if value % 2 == 0 else value / 2
