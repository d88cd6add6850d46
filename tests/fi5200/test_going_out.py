"""Chapter 8, fi and the end of a fi-5200 hand."""

from __future__ import annotations

import pytest

from kanasta.engine import legal_actions
from kanasta.errors import Violation
from kanasta.rules.actions import ActionType, apply_action
from kanasta.rules.going_out import check_emptying
from kanasta.rules.state import State
from tests.fi5200.util import CANASTA, Phase, accept, disc, draw, fi_state, lay, meld, reject


def apply_first_discard(state: State) -> State:
    for action in legal_actions(state):
        if action.type is ActionType.DISCARD:
            result = apply_action(state, action)
            assert not isinstance(result, Violation)
            return result
    raise AssertionError("no discard")


@pytest.mark.clause("going-out-needs-canasta", "fi-pickup")
def test_going_out_needs_canasta_a_fi_needs_none() -> None:
    state = fi_state(hands=["KC"], melds=[["4H 5H 6H"]], phase=Phase.PLAY)
    after = accept(state, disc("KC"))
    assert after.fi_takers == (0,)
    assert len(after.hands[0]) == 11


@pytest.mark.clause("going-out-needs-canasta")
def test_going_out_needs_canasta_without_one_the_last_discard_is_refused() -> None:
    state = fi_state(hands=["KC"], melds=[["4H 5H 6H"]], fi_takers=[0, 1], phase=Phase.PLAY)
    reject(state, disc("KC"), "going-out-needs-canasta", "no-canasta")


@pytest.mark.clause("going-out-needs-canasta", "going-out", "emptying-canasta-same-move")
def test_going_out_needs_canasta_with_one_the_discard_ends_the_hand() -> None:
    state = fi_state(hands=["KC"], melds=[[CANASTA]], fi_takers=[0, 1], phase=Phase.PLAY)
    after = accept(state, disc("KC"))
    assert (after.phase, after.went_out) == (Phase.OVER, 0)


@pytest.mark.clause("going-out-needs-canasta", "emptying-by-discard")
def test_going_out_needs_canasta_no_first_fi_ban_the_same_team_takes_both_by_discarding() -> None:
    state = fi_state(
        hands=[None, None, "QC"], melds=[["4H 5H 6H"]], fi_takers=[0], turn=2, phase=Phase.PLAY
    )
    after = accept(state, disc("QC"))
    assert after.fi_takers == (0, 2)
    assert after.fi == ()


@pytest.mark.clause("going-out-needs-discard")
def test_going_out_needs_discard_laying_off_the_last_cards_is_refused() -> None:
    last = fi_state(hands=["9C"], melds=[["9S 9H 9D 9S 9H 9D"]], fi_takers=[0, 1], phase=Phase.PLAY)
    reject(last, lay(0, "9C"), "going-out-needs-discard", "going-out-without-discard")
    two = fi_state(
        hands=["9C 5C"], melds=[["9S 9H 9D 9S 9H 9D"]], fi_takers=[0, 1], phase=Phase.PLAY
    )
    after = accept(two, lay(0, "9C"), disc("5C"))
    assert after.went_out == 0


@pytest.mark.clause("fi-continue", "fi-pickup")
def test_fi_continue_emptied_by_laying_off_plays_on() -> None:
    state = fi_state(hands=["7H 8H"], melds=[["4H 5H 6H"]], phase=Phase.PLAY)
    after = accept(state, lay(0, "7H 8H"))
    assert (after.turn, after.phase, len(after.hands[0])) == (0, Phase.PLAY, 11)
    assert after.fi_waiting == ()


@pytest.mark.clause("fi-continue", "fi-unplayed-fi-5200")
def test_fi_continue_emptied_by_discarding_waits_and_is_marked_waiting() -> None:
    state = fi_state(hands=["KC"], melds=[["4H 5H 6H"]], phase=Phase.PLAY)
    after = accept(state, disc("KC"))
    assert (after.turn, after.phase) == (1, Phase.DRAW)
    assert after.fi_waiting == (0,)
    for _ in range(3):
        after = accept(after, draw())
        after = apply_first_discard(after)
    assert after.turn == 0
    assert after.fi_waiting == ()


@pytest.mark.clause("going-out-own-opening", "opening-personal")
def test_going_out_own_opening_a_player_who_only_laid_off_may_not_end_the_hand() -> None:
    state = fi_state(
        hands=[None, None, "KC"],
        melds=[[CANASTA]],
        seat_opened=[True, False, False, False],
        fi_takers=[0, 1],
        turn=2,
        phase=Phase.PLAY,
    )
    reject(state, disc("KC"), "going-out-own-opening", "not-opened-personally")
    assert check_emptying(state, 0, by_discard=True) is not None
    assert all(a.type is not ActionType.DISCARD for a in legal_actions(state))


@pytest.mark.clause("going-out-own-opening")
def test_going_out_own_opening_the_partner_may() -> None:
    state = fi_state(
        hands=["KC"],
        melds=[[CANASTA]],
        seat_opened=[True, False, False, False],
        fi_takers=[0, 1],
        phase=Phase.PLAY,
    )
    after = accept(state, disc("KC"))
    assert after.went_out == 0


@pytest.mark.clause("going-out-own-opening", "opening-personal")
def test_going_out_own_opening_opening_with_the_last_discard_is_enough() -> None:
    state = fi_state(
        hands=[None, None, "4C 5C 6C 10C 10D 10S KC"],
        melds=[[CANASTA]],
        seat_opened=[True, False, False, False],
        fi_takers=[0, 1],
        turn=2,
        phase=Phase.PLAY,
    )
    after = accept(state, meld("4C 5C 6C"), meld("10C 10D 10S"), disc("KC"))
    assert (after.went_out, after.seat_opened[2]) == (2, True)


@pytest.mark.clause("going-out-own-opening", "fi-pickup")
def test_going_out_own_opening_the_player_may_still_take_a_fi() -> None:
    state = fi_state(
        hands=[None, None, "KC"],
        melds=[[CANASTA]],
        seat_opened=[True, False, False, False],
        fi_takers=[0],
        turn=2,
        phase=Phase.PLAY,
    )
    after = accept(state, disc("KC"))
    assert after.fi_takers == (0, 2)


@pytest.mark.clause("stock-exhaustion")
def test_stock_exhaustion_the_last_drawer_plays_last_and_nobody_takes_the_pile() -> None:
    state = fi_state(hands=["4H 5H 6H 8C 8D 8S QC"], stock_size=1, discard="KD", fi_takers=[])
    after = accept(state, draw(), meld("4H 5H 6H"), meld("8C 8D 8S"))
    assert after.phase is Phase.PLAY
    over = accept(after, disc("QC"))
    assert (over.phase, over.went_out) == (Phase.OVER, None)
    assert legal_actions(over) == ()
