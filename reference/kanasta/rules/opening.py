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
from kanasta.rules.canastas import is_canasta
from kanasta.rules.cards import is_wild_card
from kanasta.rules.families import (
    OpeningBand,
    OpeningScope,
    RulesProfile,
)
from kanasta.rules.melds import Meld, MeldKind, get_meld_points, get_natural_streak
from kanasta.rules.points import HalfPoints, format_points
from kanasta.rules.state import State, get_provisional_melds, get_team

_PLAYER = OpeningScope.PLAYER
_RUN = MeldKind.RUN
_NO_CLEAN_RUN = "the first opening needs a run of three or more naturals with no wild"

_NATURAL_RUN = 3
"""opening-two-melds: the naturals in consecutive places the opening run holds."""

__all__ = [
    "check_forced_opening",
    "check_opening",
    "check_provisional_opening",
    "count_provisional",
    "get_opened_after",
    "get_opening_band",
    "get_opening_total",
    "is_clean_run",
    "is_forced",
    "is_wild_free",
]


@implements(
    "opening-bands",
    "opening-negative-score",
    "opening-bands-fi-5200",
    "opening-band-900",
    "classic-opening-minimum",
)
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
    return meld.kind is _RUN and meld.wild_count == 0


@implements("opening-natural-two")
def is_wild_free(meld: Meld) -> bool:
    """opening-natural-two: the meld holds no wild card, a 2 counting as a natural only
    when it stands in its own place in a run of its suit.

    So a run is wild-free when no card acts as a wild in it, while a set of 2s
    (whose 2s are its naturals as a meld, :clause:`twos-set`) is not.
    """
    if meld.spare:
        return False
    if meld.kind is _RUN:
        return meld.wild_at is None
    return not any(is_wild_card(c) for c in meld.cards)


@implements("opening-total", "opening-lower-band", "opening-no-wild-reading", "opening-natural-two")
def get_opening_total(
    profile: RulesProfile, melds: Iterable[Meld], band: OpeningBand
) -> HalfPoints:
    """opening-total: the card points of every card in the opening melds.

    Cards laid off onto the provisional melds in the same turn count; canasta
    bonuses do not. In a band where wilds do not count, acting wild cards add
    nothing. opening-lower-band: in a band where melds with a wild do not
    count (fi-5200 below 900), such a meld adds nothing at all, and a set of 2s
    holds wild cards (opening-natural-two).
    """
    total = 0
    for meld in melds:
        if not band.wild_melds_count and not is_wild_free(meld):
            continue
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
    "opening-clean-run",
    "opening-threshold",
    "opening-threshold-inclusive",
    "opening-waiver",
    "opening-lower-band",
    "opening-upper-band",
    "opening-two-melds",
    "opening-two-melds-reading",
    "classic-opening-minimum",
    "rejection-cites-family",
)
def check_opening(
    profile: RulesProfile, melds: tuple[Meld, ...], team_score: HalfPoints, cards_left: int
) -> Violation | None:
    """opening-threshold: do the provisional melds make a valid first opening?

    opening-clean-run: one of them must be a run with no acting wild.
    opening-threshold-inclusive: the total must reach the band's threshold
    (equal is enough). opening-waiver: the threshold (only the threshold) is
    waived when the player keeps at most ``opening_waiver_cards`` cards.
    opening-two-melds (fi-351): at least two melds, one of them a run holding
    three naturals in consecutive places; no points are needed.
    rejection-cites-family: a refusal cites the band's own clauses (``run_clause``,
    ``total_clause``), so that it names a clause of the family played.
    """
    band = get_opening_band(profile, team_score)
    if band is None:
        return None
    if len(melds) < band.min_melds:
        return Violation(
            "opening-two-melds",
            "too-few-melds",
            f"the opening lays {len(melds)} meld(s); it needs at least {band.min_melds}",
        )
    if band.needs_natural_run and all(get_natural_streak(m) < _NATURAL_RUN for m in melds):
        return Violation(
            "opening-two-melds",
            "no-natural-run",
            "one opening meld must be a run with three naturals in consecutive places",
        )
    if band.needs_clean_run:
        for meld in melds:
            if is_clean_run(meld):
                break
        else:
            return Violation(band.run_clause, "no-clean-run", _NO_CLEAN_RUN)
    waiver = profile.opening_waiver_cards
    if waiver is not None and cards_left <= waiver:
        return None
    total = get_opening_total(profile, melds, band)
    if total < band.min_points:
        return Violation(
            band.total_clause,
            "below-threshold",
            f"the opening totals {format_points(total)}; the team needs "
            f"{format_points(band.min_points)}",
        )
    return None


@implements("forced-canasta-opening", "forced-canasta-trigger")
def is_forced(state: State, team: int) -> bool:
    """forced-canasta-trigger: the team has not opened and the other team took every fi.

    An opening is never lost, so this is the same as: the team had not opened
    when the other team took the last fi, having taken all the others too.
    """
    if not state.profile.forced_canasta_opening or state.opened[team] or state.fi:
        return False
    profile = state.profile
    return bool(state.fi_takers) and all(get_team(profile, s) != team for s in state.fi_takers)


@implements("forced-canasta-opening")
def check_forced_opening(melds: Iterable[Meld]) -> Violation | None:
    """forced-canasta-opening: a forced team opens only with a canasta among its melds."""
    if any(is_canasta(m) for m in melds):
        return None
    return Violation(
        "forced-canasta-opening",
        "no-canasta-opening",
        "the other team took both fi before this team opened: it opens only with a canasta",
    )


@implements("opening-checked-at-discard", "opening-personal", "forced-canasta-opening")
def check_provisional_opening(state: State, cards_left: int) -> Violation | None:
    """opening-checked-at-discard: do the current player's provisional melds qualify now?

    ``cards_left`` is how many cards the player will keep. A forced team
    (forced-canasta-opening) needs a canasta instead of the band's requirement.
    """
    team = state.turn % len(state.melds)
    melds = get_provisional_melds(state, team)
    if is_forced(state, team):
        return check_forced_opening(melds)
    return check_opening(state.profile, melds, state.team_scores[team], cards_left)


@implements("opening-personal", "opening-provisional")
def count_provisional(state: State, team_melds: tuple[Meld, ...]) -> int:
    """opening-personal: how many of the team's last melds are provisional after a move.

    Under a personal opening a new meld of a player who has not opened joins
    that player's provisional opening; lay-offs change nothing. (Under a team
    opening the count is not used: all melds of a team that has not opened
    are provisional.)
    """
    if state.profile.opening_scope is not _PLAYER or state.seat_opened[state.turn]:
        return state.provisional
    return state.provisional + len(team_melds) - len(state.melds[state.turn % len(state.melds)])


@implements("opening-team", "opening-personal")
def get_opened_after(state: State) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """opening-team: who has opened once the current player's opening is accepted.

    Returns the team flags and the player flags. Under a team opening the
    player's team has opened once it has melds (they qualified, or the hand
    was emptied with them).
    opening-personal: the player has opened when a provisional opening was
    just accepted, and a team has opened when one of its players has; a fi
    alone opens nobody.
    """
    seat = state.turn
    team = seat % len(state.melds)
    opened = state.opened
    if state.profile.opening_scope is _PLAYER:
        seat_opened = state.seat_opened
        if state.provisional > 0 and not seat_opened[seat]:
            seat_opened = _with_true(seat_opened, seat)
        if seat_opened[seat] and not opened[team]:
            opened = _with_true(opened, team)
        return opened, seat_opened
    if state.melds[team] and not opened[team]:
        opened = _with_true(opened, team)
    return opened, state.seat_opened


def _with_true(flags: tuple[bool, ...], index: int) -> tuple[bool, ...]:
    out = list(flags)
    out[index] = True
    return tuple(out)
