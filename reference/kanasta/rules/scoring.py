"""Chapter *Scoring a hand* (``spec/09-scoring.rst``).

A hand score is a breakdown per team: named parts (in half points) whose sum
is the team's total for the hand, the rounding included as a part of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from kanasta.clauses import implements
from kanasta.rules.canastas import get_canasta_bonus
from kanasta.rules.families import RED_THREES, Rounding, RulesProfile, UnplayedFi
from kanasta.rules.melds import Meld, get_meld_points
from kanasta.rules.opening import is_forced
from kanasta.rules.points import HalfPoints, format_points, points_to_json
from kanasta.rules.state import State, get_team

_RED_THREES = RED_THREES

__all__ = [
    "HandScore",
    "TeamScore",
    "get_concealed_bonus",
    "get_penalty",
    "get_played_fi",
    "get_red_three_score",
    "get_unplayed_fi",
    "is_concealed_canasta",
    "round_score",
    "score_hand",
]


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's hand score: named parts (half points) that sum to ``total``."""

    parts: tuple[tuple[str, HalfPoints], ...]

    @property
    def total(self) -> HalfPoints:
        """score-breakdown: the sum of the parts."""
        return sum(value for _, value in self.parts)

    def get(self, name: str) -> HalfPoints:
        """The value of one part (0 when the team's score has no such part)."""
        return sum(value for key, value in self.parts if key == name)

    def to_json(self) -> dict[str, object]:
        """The fixture schema's ``team-score``: total and breakdown."""
        return {
            "total": points_to_json(self.total),
            "breakdown": {key: points_to_json(value) for key, value in self.parts},
        }


@dataclass(frozen=True, slots=True)
class HandScore:
    """The hand score of every team."""

    teams: tuple[TeamScore, ...]

    @property
    def totals(self) -> tuple[HalfPoints, ...]:
        return tuple(t.total for t in self.teams)

    def to_json(self) -> dict[str, object]:
        """The fixture schema's ``scores`` object."""
        return {"teams": [t.to_json() for t in self.teams]}

    def format(self) -> str:
        """One line per part, a column per team."""
        names: list[str] = []
        for team in self.teams:
            names.extend(k for k, _ in team.parts if k not in names)
        lines = [
            f"  {name:<10}" + "".join(f"{format_points(t.get(name)):>10}" for t in self.teams)
            for name in names
        ]
        lines.append(
            f"  {'total':<10}" + "".join(f"{format_points(t.total):>10}" for t in self.teams)
        )
        return "\n".join(lines)


@implements("score-rounding", "score-halves-fi-351")
def round_score(profile: RulesProfile, raw: HalfPoints) -> HalfPoints:
    """score-rounding: koz rounds a half point up, toward plus infinity, also below zero.
    score-halves-fi-351: fi-351 (like fi-5200) does not round.

    ``-2.5`` becomes ``-2``; ``7.5`` becomes ``8``. Returns the adjustment
    (0 or one half point) to add to ``raw``.
    """
    if profile.rounding is Rounding.UP and raw % 2:
        return 1
    return 0


@implements("fi-unplayed", "fi-unplayed-fi-5200")
def get_unplayed_fi(state: State) -> tuple[int, ...]:
    """fi-unplayed-fi-5200: the seats whose last fi does not count (taken by discarding,
    the hand over before their next turn); a fi the same seat took and played before
    still counts. fi-unplayed (koz): every fi counts."""
    if state.profile.unplayed_fi is UnplayedFi.IGNORED:
        return state.fi_waiting
    return ()


@implements("fi-bonus", "hand-score-fi-5200", "fi-unplayed-fi-5200")
def get_played_fi(state: State, team: int) -> int:
    """fi-bonus: how many fi the team took that count; fi-unplayed-fi-5200: each seat of
    the team that waits with a fi has one fi that does not (its last one, which it holds
    untouched), whatever fi the same seat took and played before."""
    profile = state.profile
    taken = sum(1 for s in state.fi_takers if get_team(profile, s) == team)
    unplayed = sum(1 for s in get_unplayed_fi(state) if get_team(profile, s) == team)
    return taken - unplayed


@implements("no-fi-penalty", "forced-opening-penalty")
def get_penalty(state: State, team: int) -> HalfPoints:
    """no-fi-penalty: a team that took no fi pays the family's ``no-fi`` penalty.

    forced-opening-penalty: a forced team that has not opened pays the
    ``forced-opening`` penalty instead. Both are 0 in a family without them.
    """
    profile = state.profile
    if any(get_team(profile, s) == team for s in state.fi_takers):
        return 0
    if is_forced(state, team) and profile.bonus("forced-opening"):
        return profile.bonus("forced-opening")
    return profile.bonus("no-fi")


@implements("classic-red-three-score")
def get_red_three_score(state: State, team: int) -> HalfPoints:
    """classic-red-three-score: each red three the side laid is worth the ``red-three``
    bonus, all four together the ``all-red-threes`` bonus; they count minus for a side
    that has no meld on the table when the hand ends."""
    if not state.red_threes:
        return 0
    count = len(state.red_threes[team])
    profile = state.profile
    all_four = profile.bonus("all-red-threes")
    value = (
        all_four
        if count == len(_RED_THREES) * 2 and all_four
        else count * profile.bonus("red-three")
    )
    return value if state.melds[team] else -value


@implements("classic-concealed-canasta")
def is_concealed_canasta(profile: RulesProfile, meld: Meld) -> bool:
    """classic-concealed-canasta: a canasta that was one already when its first batch was
    laid: the first batch holds every card the player laid on it in the turn it was begun,
    while they could all have come from the hand and the pile's top card (see
    :func:`kanasta.rules.turn.record_laid_in_turn`). Cards laid on it later change nothing."""
    return meld.canasta is not None and len(meld.history[0]) >= profile.canasta_size


@implements("classic-concealed")
def get_concealed_bonus(state: State) -> HalfPoints:
    """classic-concealed: the ``concealed`` bonus when the player who went out had laid
    no card on the table before the turn in which they went out."""
    seat = state.went_out
    if seat is None or not state.table_seats or state.table_seats[seat]:
        return 0
    return state.profile.bonus("concealed")


@implements(
    "classic-hand-score",
    "hand-score",
    "score-breakdown",
    "hand-penalty",
    "fi-bonus",
    "hand-score-fi-5200",
    "hand-score-fi-351",
)
def score_hand(state: State) -> HandScore:
    """hand-score: each team's score for the hand, as a breakdown.

    fi-bonus: each fi the team took; melded: the points of every card in its
    melds; canastas: each canasta's bonus (with the trump); going-out: to the
    team that went out; hand-penalty: minus the cards left in both partners'
    hands; rounding: once, at the end (score-rounding). hand-score-fi-5200:
    an unplayed fi neither scores nor costs (get_unplayed_fi), penalty: the
    fi-5200 penalties (get_penalty). hand-score-fi-351: fi, melded, canastas,
    going-out and hand, nothing rounded. The family's ``score_parts`` name the
    parts and their order.
    """
    profile = state.profile
    teams = len(state.melds)
    unplayed = get_unplayed_fi(state)
    result: list[TeamScore] = []
    for team in range(teams):
        played = get_played_fi(state, team)
        melded = sum(get_meld_points(profile, m) for m in state.melds[team])
        canastas = sum(get_canasta_bonus(profile, m, trump=state.trump) for m in state.melds[team])
        went_out_here = state.went_out is not None and get_team(profile, state.went_out) == team
        going_out = profile.bonus("going-out") if went_out_here else 0
        hand = -sum(
            profile.hand_card_points(c)
            for seat, cards in enumerate(state.hands)
            if get_team(profile, seat) == team and seat not in unplayed
            for c in cards
        )
        if profile.concealed_canasta_bonus:
            canastas += profile.concealed_canasta_bonus * sum(
                1 for m in state.melds[team] if is_concealed_canasta(profile, m)
            )
        values = {
            "red-threes": get_red_three_score(state, team),
            "concealed": get_concealed_bonus(state) if went_out_here else 0,
            "fi": played * profile.bonus("fi"),
            "melded": melded,
            "canastas": canastas,
            "going-out": going_out,
            "hand": hand,
            "penalty": get_penalty(state, team),
        }
        raw = sum(values.values())
        values["rounding"] = round_score(profile, raw)
        result.append(TeamScore(tuple((name, values[name]) for name in profile.score_parts)))
    return HandScore(tuple(result))
