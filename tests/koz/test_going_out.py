"""Chapter 8, Fi and the end of the hand (koz)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kanasta.engine import legal_actions
from kanasta.families.koz import PROFILE as KOZ
from kanasta.io.scenario import build_state
from kanasta.rules.cards import parse_cards
from kanasta.rules.going_out import end_turn, get_first_fi_team, has_canasta
from tests.koz.util import Phase, accept, disc, draw, koz_state, lay, meld, reject

CANASTA = "9S 9H 9D 9C 9S 9H 9D"


@pytest.mark.clause("emptying-needs-canasta", "emptying-by-discard")
def test_emptying_needs_canasta_discarding_the_last_card_without_one() -> None:
    state = koz_state(hands=["KC"], melds=[["4H 5H 6H"]], phase=Phase.PLAY)
    reject(state, disc("KC"), "emptying-needs-canasta", "no-canasta")
    assert not has_canasta(state, 0)


@pytest.mark.clause("emptying-needs-canasta")
def test_emptying_needs_canasta_laying_off_the_last_cards_without_one() -> None:
    state = koz_state(hands=["7H 8H"], melds=[["4H 5H 6H"]], phase=Phase.PLAY)
    reject(state, lay(0, "7H 8H"), "emptying-needs-canasta", "no-canasta")


@pytest.mark.clause("emptying-needs-canasta", "fi-pickup")
def test_emptying_needs_canasta_with_one_the_discard_takes_a_fi() -> None:
    state = koz_state(hands=["KC"], melds=[[CANASTA]], phase=Phase.PLAY)
    fi = state.fi[0]
    after = accept(state, disc("KC"))
    assert after.hands[0] == tuple(sorted(fi))
    assert after.fi_takers == (0,)
    assert len(after.fi) == 1


@pytest.mark.clause("emptying-canasta-same-move")
def test_emptying_canasta_same_move_the_last_lay_off_makes_the_canasta() -> None:
    state = koz_state(hands=["9C"], melds=[["9S 9H 9D 9S 9H 9D"]], phase=Phase.PLAY)
    after = accept(state, lay(0, "9C"))
    assert after.melds[0][0].canasta is not None
    assert after.fi_takers == (0,)


@pytest.mark.clause("fi-continue", "fi-pickup")
def test_fi_continue_emptied_by_melding_plays_on_at_once() -> None:
    state = koz_state(hands=["4C 5C 6C"], melds=[[CANASTA]], phase=Phase.PLAY, turn=0)
    after = accept(state, meld("4C 5C 6C"))
    assert (after.turn, after.phase) == (0, Phase.PLAY)
    assert len(after.hands[0]) == 11
    assert after.fi_takers == (0,)
    # The player must still end the turn, from the fi.
    assert any(a.type.value == "discard" for a in legal_actions(after))


@pytest.mark.clause("fi-continue", "emptying-by-discard")
def test_fi_continue_emptied_by_discarding_waits_for_the_next_turn() -> None:
    state = koz_state(hands=[None, None, "KC"], melds=[[CANASTA]], phase=Phase.PLAY, turn=2)
    after = accept(state, disc("KC"))
    assert (after.turn, after.phase) == (3, Phase.DRAW)
    assert len(after.hands[2]) == 11
    assert after.discard[-1] == parse_cards("KC")[0]


@pytest.mark.clause("fi-pickup")
def test_fi_pickup_the_first_packet_first_then_the_second() -> None:
    state = koz_state(hands=["4C 5C 6C"], melds=[[CANASTA]], phase=Phase.PLAY, turn=0)
    first, second = state.fi
    after = accept(state, meld("4C 5C 6C"))
    assert after.hands[0] == tuple(sorted(first))
    assert after.fi == (second,)
    assert get_first_fi_team(after) == 0
    assert get_first_fi_team(state) is None


@pytest.mark.clause("first-fi-team-discard-ban")
def test_first_fi_team_discard_ban_while_the_second_fi_is_on_the_table() -> None:
    state = koz_state(
        hands=["4C", "5C", "KC", "6C"],
        melds=[[CANASTA, "QH QD QS"]],
        phase=Phase.PLAY,
        turn=2,
        fi_takers=[0],
    )
    assert len(state.fi) == 1
    reject(state, disc("KC"), "first-fi-team-discard-ban", "first-fi-team-discard")


@pytest.mark.clause("first-fi-team-discard-ban")
def test_first_fi_team_discard_ban_laying_off_the_last_card_is_allowed() -> None:
    state = koz_state(
        hands=["4C", "5C", "QC", "6C"],
        melds=[[CANASTA, "QH QD QS"]],
        phase=Phase.PLAY,
        turn=2,
        fi_takers=[0],
    )
    after = accept(state, lay(1, "QC"))
    assert after.fi_takers == (0, 2)
    assert after.fi == ()


@pytest.mark.clause("first-fi-team-discard-ban")
def test_first_fi_team_discard_ban_the_other_team_may_discard_out() -> None:
    state = koz_state(
        hands=["4C", "KC", "5C", "6C"],
        melds=[[], [CANASTA]],
        phase=Phase.PLAY,
        turn=1,
        fi_takers=[0],
    )
    after = accept(state, disc("KC"))
    assert after.fi_takers == (0, 1)


@pytest.mark.clause("first-fi-team-discard-ban")
def test_first_fi_team_discard_ban_ends_with_the_second_fi() -> None:
    state = koz_state(
        hands=["KC"], melds=[[CANASTA]], phase=Phase.PLAY, fi_takers=[0, 1], fi_left=0
    )
    after = accept(state, disc("KC"))
    assert after.phase is Phase.OVER
    assert after.went_out == 0


@pytest.mark.clause("going-out")
def test_going_out_by_discard_when_both_fi_are_gone() -> None:
    state = koz_state(
        hands=["4C", "KC"], melds=[[], [CANASTA]], phase=Phase.PLAY, turn=1, fi_takers=[0, 2]
    )
    after = accept(state, disc("KC"))
    assert after.hand_over
    assert after.went_out == 1
    assert legal_actions(after) == ()
    assert end_turn(after) is after


@pytest.mark.clause("going-out")
def test_going_out_by_laying_off_the_last_card() -> None:
    state = koz_state(
        hands=["4C", "9C"], melds=[[], [CANASTA]], phase=Phase.PLAY, turn=1, fi_takers=[0, 2]
    )
    after = accept(state, lay(0, "9C"))
    assert after.hand_over
    assert after.went_out == 1
    assert after.turn == 1


@pytest.mark.clause("going-out-needs-discard")
def test_going_out_needs_discard_in_a_family_that_requires_it() -> None:
    strict = replace(KOZ, going_out_needs_discard=True)
    state = build_state(
        strict,
        hands=["4C", "9C"],
        melds=[[], [CANASTA]],
        phase=Phase.PLAY,
        turn=1,
        fi_takers=[0, 2],
    )
    reject(state, lay(0, "9C"), "going-out-needs-discard", "going-out-without-discard")
    assert accept(state, disc("9C")).went_out == 1
    # While a fi is left, laying off the last card still takes it.
    with_fi = build_state(
        strict, hands=["4C", "9C"], melds=[[], [CANASTA]], phase=Phase.PLAY, turn=1
    )
    assert accept(with_fi, lay(0, "9C")).fi_takers == (1,)


@pytest.mark.clause("going-out")
def test_going_out_koz_lay_off_is_allowed() -> None:
    assert not KOZ.going_out_needs_discard


@pytest.mark.clause("stock-exhaustion")
def test_stock_exhaustion_the_last_drawer_plays_a_full_turn() -> None:
    state = koz_state(
        hands=["4H 5H 6H KC QC"], melds=[["3S 4S 5S"]], stock_top="7H", stock_size=1, turn=0
    )
    state = accept(state, draw())
    assert state.stock == ()
    assert state.phase is Phase.PLAY
    state = accept(state, meld("4H 5H 6H 7H"), disc("KC"))
    assert state.hand_over
    assert state.went_out is None
    assert state.turn == 0
    assert legal_actions(state) == ()


@pytest.mark.clause("stock-exhaustion")
def test_stock_exhaustion_the_next_player_may_not_take_the_pile() -> None:
    state = koz_state(hands=["4H 5H"], stock_top="7C", stock_size=1, discard="KD")
    state = accept(state, draw(), disc("7C"))
    reject(state, draw(), "turn-structure", "hand-over")


@pytest.mark.clause("stock-exhaustion", "fi-pickup")
def test_stock_exhaustion_a_fi_taken_by_the_last_discard_still_ends_the_hand() -> None:
    state = koz_state(hands=["9C"], melds=[[CANASTA]], stock_top="KC", stock_size=1)
    state = accept(state, draw(), lay(0, "9C"), disc("KC"))
    assert state.hand_over
    assert state.fi_takers == (0,)
    assert state.went_out is None
    assert len(state.hands[0]) == 11
