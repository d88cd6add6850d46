"""Chapter *Fi and going out* (``spec/08-going-out.rst``).

A player who empties the hand takes the next fi packet while one is on the
table, and goes out (ending the hand) once none is left. The hand also ends
when the stock runs out.
"""

from __future__ import annotations

from dataclasses import replace

from kanasta.clauses import implements
from kanasta.errors import Violation
from kanasta.rules.canastas import is_canasta
from kanasta.rules.opening import get_opened_after
from kanasta.rules.state import Phase, State, get_table_seats, get_team, has_opened, is_provisional

_OVER = Phase.OVER
_DRAW = Phase.DRAW

__all__ = [
    "check_emptying",
    "end_turn",
    "get_first_fi_team",
    "get_next_turn",
    "has_canasta",
    "take_fi_or_go_out",
]


def has_canasta(state: State, team: int) -> bool:
    """emptying-needs-canasta: whether the team has the canastas its family asks on the
    table (one; classic-going-out: two for two players)."""
    needed = state.profile.going_out_canastas
    return sum(1 for m in state.melds[team] if is_canasta(m)) >= needed


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
    "going-out-needs-canasta",
    "going-out-own-opening",
    "classic-going-out",
)
def check_emptying(state: State, team: int, *, by_discard: bool) -> Violation | None:
    """emptying-needs-canasta: may the player's hand become empty now?

    ``state`` is the state with the hand's last cards already laid (for a
    meld or lay-off), or before the discard (for a discard), so a canasta
    made by the emptying meld or lay-off counts.
    first-fi-team-discard-ban: the team that took the first fi may not empty
    a hand by discarding while another fi is still on the table.
    going-out-needs-discard (fi-5200): the final going out is made by a discard.
    going-out-needs-canasta (fi-5200): only going out needs the canasta.
    going-out-own-opening (fi-5200): a player who has not opened personally
    (and is not opening now) never goes out.
    """
    profile = state.profile
    needs_canasta = profile.fi_needs_canasta or not state.fi
    if profile.emptying_needs_canasta and needs_canasta and not has_canasta(state, team):
        return Violation(
            "emptying-needs-canasta" if profile.fi_needs_canasta else "going-out-needs-canasta",
            "no-canasta",
            f"a hand may be emptied only when the team has {profile.going_out_canastas} canasta(s)",
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
    if not state.fi and not has_opened(state, state.turn) and not is_provisional(state, team):
        return Violation(
            "going-out-own-opening",
            "not-opened-personally",
            "a player who laid off without opening personally may not end the hand",
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
    opened, seat_opened = get_opened_after(state)
    if state.fi:
        hands = tuple(state.fi[0] if s == seat else h for s, h in enumerate(state.hands))
        return replace(
            state,
            turn=seat,
            hands=tuple(tuple(sorted(h)) for h in hands),
            fi=state.fi[1:],
            fi_takers=(*state.fi_takers, seat),
            opened=opened,
            pile_card=None if by_discard else state.pile_card,
            went_out=None,
            seat_opened=seat_opened,
            provisional=0,
            fi_waiting=(*state.fi_waiting, seat) if by_discard else state.fi_waiting,
        )
    return replace(
        state,
        turn=seat,
        phase=Phase.OVER,
        opened=opened,
        pile_card=None,
        went_out=seat,
        seat_opened=seat_opened,
        provisional=0,
    )


@implements("turn-passes", "fi-unplayed-fi-5200")
def get_next_turn(state: State) -> tuple[int, tuple[int, ...]]:
    """turn-passes: the seat whose turn comes next, and the seats that still wait with a
    fi once it begins (fi-unplayed-fi-5200: the next seat's fi is no longer unplayed)."""
    following = (state.turn + 1) % state.profile.players
    waiting = state.fi_waiting
    if following in waiting:
        waiting = tuple([s for s in waiting if s != following])
    return following, waiting


@implements("stock-exhaustion", "turn-passes", "fi-unplayed-fi-5200")
def end_turn(state: State) -> State:
    """turn-passes: the turn passes to the next seat in the order of play.

    stock-exhaustion: when the stock is empty at the end of a turn, the hand
    is over instead (the player who drew the last card has played a full turn).
    fi-unplayed-fi-5200: a seat that waits with a fi begins its turn, so its fi
    is no longer unplayed.
    """
    if state.phase is _OVER:
        return state
    over = not state.stock
    following, waiting = get_next_turn(state)
    # Only the turn that empties the hand or the stock comes here (apply_discard
    # builds the usual next state itself), so the plain dataclass copy is fine.
    return replace(
        state,
        turn=state.turn if over else following,
        phase=_OVER if over else _DRAW,
        pile_card=None,
        went_out=None,
        provisional=0,
        fi_waiting=state.fi_waiting if over else waiting,
        table_seats=state.table_seats if over else get_table_seats(state),
        turn_laid=state.turn_laid if over else False,
        turn_melds=state.turn_melds if over else 0,
        pile_hand=state.pile_hand if over else (),
    )
