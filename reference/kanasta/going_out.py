"""Chapter *Fi and going out* (``spec/08-going-out.rst``).

A player who empties the hand takes the next fi packet while one is on the
table, and goes out (ending the hand) once none is left. The hand also ends
when the stock runs out.
"""

from __future__ import annotations

from kanasta.canasta import is_canasta
from kanasta.clauses import implements
from kanasta.errors import Violation
from kanasta.state import Phase, State, get_team

__all__ = [
    "check_emptying",
    "end_turn",
    "get_first_fi_team",
    "has_canasta",
    "take_fi_or_go_out",
]


def has_canasta(state: State, team: int) -> bool:
    """emptying-needs-canasta: whether the team has at least one canasta on the table."""
    return any(is_canasta(m) for m in state.melds[team])


def get_first_fi_team(state: State) -> int | None:
    """first-fi-team-discard-ban: the team that took the first fi (``None`` before)."""
    if not state.fi_takers:
        return None
    return get_team(state.profile, state.fi_takers[0])


@implements(
    "emptying-needs-canasta",
    "emptying-canasta-same-move",
    "first-fi-team-discard-ban",
    "going-out-needs-discard",
)
def check_emptying(state: State, team: int, *, by_discard: bool) -> Violation | None:
    """emptying-needs-canasta: may the player's hand become empty now?

    ``state`` is the state with the hand's last cards already laid (for a
    meld or lay-off), or before the discard (for a discard), so a canasta
    made by the emptying meld or lay-off counts.
    first-fi-team-discard-ban: the team that took the first fi may not empty
    a hand by discarding while another fi is still on the table.
    going-out-needs-discard (fi-5200): the final going out is made by a discard.
    """
    profile = state.profile
    if profile.emptying_needs_canasta and not has_canasta(state, team):
        return Violation(
            "emptying-needs-canasta",
            "no-canasta",
            "a hand may be emptied only when the team has a canasta",
        )
    if (
        by_discard
        and profile.first_fi_team_discard_ban
        and state.fi
        and get_first_fi_team(state) == team
    ):
        return Violation(
            "first-fi-team-discard-ban",
            "first-fi-team-discard",
            "the team that took the first fi must lay off its last card while a fi is left",
        )
    if not by_discard and profile.going_out_needs_discard and not state.fi:
        return Violation(
            "going-out-needs-discard",
            "going-out-without-discard",
            "the hand is ended only by discarding the last card",
        )
    return None


@implements("fi-pickup", "fi-continue", "going-out", "opening-team")
def take_fi_or_go_out(state: State, *, by_discard: bool) -> State:
    """fi-pickup: the player's hand is empty: take the next fi packet, or go out.

    fi-continue: after emptying the hand by melding or laying off, the player
    takes the fi and goes on with the same turn; after emptying it by a
    discard, the fi becomes the hand and the turn passes (the caller ends the
    turn). going-out: with no fi left, the hand is over. opening-team: the team
    is open from now on.
    """
    seat = state.turn
    team = get_team(state.profile, seat)
    opened = tuple(o or t == team for t, o in enumerate(state.opened))
    if state.fi:
        hands = tuple(state.fi[0] if s == seat else h for s, h in enumerate(state.hands))
        return State(
            profile=state.profile,
            dealer=state.dealer,
            turn=seat,
            phase=state.phase,
            hands=tuple(tuple(sorted(h)) for h in hands),
            stock=state.stock,
            discard=state.discard,
            fi=state.fi[1:],
            fi_takers=(*state.fi_takers, seat),
            melds=state.melds,
            opened=opened,
            team_scores=state.team_scores,
            trump=state.trump,
            pile_card=None if by_discard else state.pile_card,
            went_out=None,
        )
    return State(
        profile=state.profile,
        dealer=state.dealer,
        turn=seat,
        phase=Phase.OVER,
        hands=state.hands,
        stock=state.stock,
        discard=state.discard,
        fi=state.fi,
        fi_takers=state.fi_takers,
        melds=state.melds,
        opened=opened,
        team_scores=state.team_scores,
        trump=state.trump,
        pile_card=None,
        went_out=seat,
    )


@implements("stock-exhaustion", "turn-passes")
def end_turn(state: State) -> State:
    """turn-passes: the turn passes to the next seat in the order of play.

    stock-exhaustion: when the stock is empty at the end of a turn, the hand
    is over instead (the player who drew the last card has played a full turn).
    """
    if state.phase is Phase.OVER:
        return state
    over = not state.stock
    return State(
        profile=state.profile,
        dealer=state.dealer,
        turn=state.turn if over else (state.turn + 1) % state.profile.players,
        phase=Phase.OVER if over else Phase.DRAW,
        hands=state.hands,
        stock=state.stock,
        discard=state.discard,
        fi=state.fi,
        fi_takers=state.fi_takers,
        melds=state.melds,
        opened=state.opened,
        team_scores=state.team_scores,
        trump=state.trump,
        pile_card=None,
        went_out=None,
    )
