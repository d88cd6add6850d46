"""Chapter *The opening* (``spec/07-opening.rst``): a team's first melds.

A player whose team has not opened may lay melds (and lay off onto them) in
the usual atomic actions; they stay *provisional* until the turn moves on.
The opening is checked when the player discards or empties the hand; a
provisional opening that does not qualify may be taken back (clause
:clause:`opening-take-back`).
"""

from __future__ import annotations

from collections.abc import Iterable

from kanasta.clauses import implements
from kanasta.errors import Violation
from kanasta.melds import Meld, MeldKind, get_meld_points
from kanasta.points import HalfPoints, format_points
from kanasta.profiles import OpeningBand, RulesProfile

__all__ = [
    "check_opening",
    "get_opening_band",
    "get_opening_total",
    "is_clean_run",
]


@implements("opening-bands", "opening-negative-score")
def get_opening_band(profile: RulesProfile, team_score: HalfPoints) -> OpeningBand | None:
    """opening-bands: the band of the team's score before the hand (``None``: no requirement).

    opening-negative-score: a score below every band's start (a negative
    score) falls in the lowest band.
    """
    chosen: OpeningBand | None = None
    for band in profile.opening_bands:
        if band.min_score is None or team_score >= band.min_score:
            chosen = band
    return chosen


@implements("opening-clean-run")
def is_clean_run(meld: Meld) -> bool:
    """opening-clean-run: a run in which no card acts as a wild (a 2 in its place is natural)."""
    return meld.kind is MeldKind.RUN and meld.wild_count == 0


@implements("opening-total")
def get_opening_total(
    profile: RulesProfile, melds: Iterable[Meld], band: OpeningBand
) -> HalfPoints:
    """opening-total: the card points of every card in the opening melds.

    Cards laid off onto the provisional melds in the same turn count; canasta
    bonuses do not. In a band where wilds do not count, acting wild cards add
    nothing.
    """
    total = 0
    for meld in melds:
        if band.wilds_count:
            total += get_meld_points(profile, meld)
        else:
            total += sum(
                profile.card_points(c, acting_wild=False)
                for i, c in enumerate(meld.cards)
                if not meld.is_acting_wild(i)
            )
    return total


@implements(
    "opening-clean-run", "opening-threshold", "opening-threshold-inclusive", "opening-waiver"
)
def check_opening(
    profile: RulesProfile, melds: tuple[Meld, ...], team_score: HalfPoints, cards_left: int
) -> Violation | None:
    """opening-threshold: do the provisional melds make a valid first opening?

    opening-clean-run: one of them must be a run with no acting wild.
    opening-threshold-inclusive: the total must reach the band's threshold
    (equal is enough). opening-waiver: the threshold (only the threshold) is
    waived when the player keeps at most ``opening_waiver_cards`` cards.
    """
    band = get_opening_band(profile, team_score)
    if band is None:
        return None
    if band.needs_clean_run and not any(is_clean_run(m) for m in melds):
        return Violation(
            "opening-clean-run",
            "no-clean-run",
            "the first opening needs a run of three or more naturals with no wild",
        )
    waiver = profile.opening_waiver_cards
    if waiver is not None and cards_left <= waiver:
        return None
    total = get_opening_total(profile, melds, band)
    if total < band.min_points:
        return Violation(
            "opening-threshold",
            "below-threshold",
            f"the opening totals {format_points(total)}; the team needs "
            f"{format_points(band.min_points)}",
        )
    return None
