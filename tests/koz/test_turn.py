"""Chapter 6, The turn (koz): draw or take the pile, meld, lay off, discard."""

from __future__ import annotations

import pytest

from kanasta.engine import legal_actions
from kanasta.errors import Violation
from kanasta.rules.actions import ActionType, apply_action
from kanasta.rules.cards import parse_card, parse_cards
from kanasta.rules.melds import MeldKind
from kanasta.rules.turn import can_finish_turn
from tests.koz.util import Phase, accept, back, disc, draw, koz_state, lay, meld, reject, take

CANASTA = "9S 9H 9D 9C 9S 9H 9D"


@pytest.mark.clause("turn-structure")
def test_turn_structure_play_actions_are_refused_in_the_draw_phase() -> None:
    state = koz_state(hands=["4H 5H 6H 9C"], discard="KD")
    reject(state, meld("4H 5H 6H"), "turn-structure", "wrong-phase")
    reject(state, lay(0, "4H"), "turn-structure", "wrong-phase")
    reject(state, disc("9C"), "turn-structure", "wrong-phase")
    reject(state, back(), "turn-structure", "wrong-phase")


@pytest.mark.clause("turn-structure")
def test_turn_structure_draw_actions_are_refused_in_the_play_phase() -> None:
    state = koz_state(hands=["4H 5H 6H 9C"], discard="KD", phase=Phase.PLAY)
    reject(state, draw(), "turn-structure", "wrong-phase")
    reject(state, take(), "turn-structure", "wrong-phase")


@pytest.mark.clause("turn-structure")
def test_turn_structure_nothing_after_the_hand_is_over() -> None:
    state = koz_state(hands=["4H"], discard="KD", phase=Phase.OVER)
    reject(state, draw(), "turn-structure", "hand-over")
    reject(state, disc("4H"), "turn-structure", "hand-over")
    assert legal_actions(state) == ()


@pytest.mark.clause("draw-from-stock")
def test_draw_from_stock_takes_the_top_card_and_opens_the_play_phase() -> None:
    state = koz_state(hands=["5H"], stock_top="9D 3C", discard="KD")
    before = len(state.stock)
    after = accept(state, draw())
    assert after.hands[0] == tuple(sorted(parse_cards("5H 9D")))
    assert after.stock[0] == parse_card("3C")
    assert len(after.stock) == before - 1
    assert after.phase is Phase.PLAY
    assert after.turn == 0


@pytest.mark.clause("draw-from-stock")
def test_draw_from_stock_refused_when_the_stock_is_empty() -> None:
    state = koz_state(hands=["5H"], discard="KD", stock_size=0)
    reject(state, draw(), "draw-from-stock", "stock-empty")
    assert [a.type for a in legal_actions(state)] == [ActionType.TAKE_PILE]


@pytest.mark.clause("take-whole-pile")
def test_take_whole_pile_takes_every_card() -> None:
    state = koz_state(hands=["5H 6H"], discard="3C 4D 5S")
    after = accept(state, take())
    assert sorted(after.hands[0]) == sorted(parse_cards("5H 6H 3C 4D 5S"))
    assert after.discard == ()
    assert after.phase is Phase.PLAY
    assert after.pile_card is None


@pytest.mark.clause("take-whole-pile")
def test_take_whole_pile_refused_when_empty() -> None:
    state = koz_state(hands=["5H 6H"], discard="")
    reject(state, take(), "take-whole-pile", "pile-empty")


@pytest.mark.clause("take-whole-pile")
def test_take_whole_pile_allowed_before_the_team_opened() -> None:
    state = koz_state(hands=["5H 6H"], discard="JK")
    assert state.opened == (False, False)
    assert accept(state, take()).hands[0].count(parse_card("JK")) == 1


@pytest.mark.clause("single-pile-needs-two-cards")
def test_single_pile_needs_two_cards_refused_with_one_card_in_hand() -> None:
    state = koz_state(hands=["KS"], discard="QD")
    reject(state, take(), "single-pile-needs-two-cards", "single-card-hand")
    assert [a.type for a in legal_actions(state)] == [ActionType.DRAW]


@pytest.mark.clause("single-pile-needs-two-cards")
def test_single_pile_needs_two_cards_allowed_with_two_cards_or_a_bigger_pile() -> None:
    accept(koz_state(hands=["KS QS"], discard="QD"), take())
    accept(koz_state(hands=["KS"], discard="QD JD"), take())


@pytest.mark.clause("single-pile-no-discard-back")
def test_single_pile_no_discard_back_the_taken_card_nor_its_twin() -> None:
    state = accept(koz_state(hands=["KS QD"], discard="QD"), take())
    assert state.pile_card == parse_card("QD")
    reject(state, disc("QD"), "single-pile-no-discard-back", "discard-taken-card")
    after = accept(state, disc("KS"))
    assert after.pile_card is None


@pytest.mark.clause("single-pile-no-discard-back")
def test_single_pile_no_discard_back_does_not_apply_to_a_bigger_pile() -> None:
    state = accept(koz_state(hands=["KS 5C"], discard="3H QD"), take())
    assert state.pile_card is None
    accept(state, disc("QD"))


@pytest.mark.clause("single-pile-no-discard-back")
def test_single_pile_no_discard_back_the_card_may_be_melded() -> None:
    state = accept(koz_state(hands=["QS QH 5C"], discard="QD"), take(), meld("QS QH QD"))
    assert state.melds[0][0].rank == 12


@pytest.mark.clause("meld-from-hand")
def test_meld_from_hand_lays_a_run_for_the_team() -> None:
    state = koz_state(hands=["4H 5H 6H 9C 9D"], phase=Phase.PLAY)
    after = accept(state, meld("4H 5H 6H"))
    assert after.melds[0][0].kind is MeldKind.RUN
    assert after.hands[0] == tuple(sorted(parse_cards("9C 9D")))


@pytest.mark.clause("meld-from-hand")
def test_meld_from_hand_refuses_cards_not_in_hand_and_illegal_melds() -> None:
    state = koz_state(hands=["4H 5H 6H 9C 9D"], phase=Phase.PLAY)
    reject(state, meld("4H 5H 7H"), "meld-from-hand", "cards-not-in-hand")
    result = apply_action(state, meld("4H 5H 9C"))
    assert isinstance(result, Violation)
    assert result.clause in ("run-definition", "set-definition")


@pytest.mark.clause("meld-from-hand", "one-set-per-rank")
def test_meld_from_hand_no_second_set_of_a_rank() -> None:
    state = koz_state(hands=["8C 8D 8S 5H"], melds=[["8H 8H 8D"]], phase=Phase.PLAY, stock_top="2C")
    reject(state, meld("8C 8D 8S"), "one-set-per-rank", "second-set-of-rank")


@pytest.mark.clause("meld-from-hand")
def test_meld_from_hand_with_a_chosen_wild_place() -> None:
    state = koz_state(hands=["5H 6H 7H JK 9C"], phase=Phase.PLAY)
    low = accept(state, meld("5H 6H 7H JK", wild_at=4)).melds[0][0]
    high = accept(state, meld("5H 6H 7H JK", wild_at=8)).melds[0][0]
    assert (low.low, low.wild_at) == (4, 4)
    assert (high.low, high.wild_at) == (5, 8)
    reject(state, meld("5H 6H 7H JK", wild_at=3), "run-wild-placement", "no-such-arrangement")


@pytest.mark.clause("lay-off-own-team")
def test_lay_off_own_team_onto_the_partners_meld() -> None:
    state = koz_state(
        hands=["5C", "6C", "8C 5D 6D", "7C"], melds=[["8S 8H 8D"]], turn=2, phase=Phase.PLAY
    )
    after = accept(state, lay(0, "8C"))
    assert after.melds[0][0].size == 4
    assert after.hands[2] == tuple(sorted(parse_cards("5D 6D")))


@pytest.mark.clause("lay-off-own-team")
def test_lay_off_own_team_never_onto_the_other_team() -> None:
    state = koz_state(
        hands=["8C 5D 6D 7D"],
        melds=[["4S 5S 6S"], ["8S 8H 8D"]],
        phase=Phase.PLAY,
    )
    reject(state, lay(1, "8C"), "lay-off-own-team", "no-such-meld")
    reject(state, lay(0, "7S"), "lay-off-own-team", "cards-not-in-hand")
    result = apply_action(state, lay(0, "8C"))
    assert isinstance(result, Violation)
    assert result.clause in ("lay-off", "run-definition")


@pytest.mark.clause("lay-off-own-team")
def test_lay_off_own_team_several_cards_at_once() -> None:
    state = koz_state(hands=["7S 8S 9S 3D 4D"], melds=[["4S 5S 6S"]], phase=Phase.PLAY)
    after = accept(state, lay(0, "7S 8S 9S"))
    assert after.melds[0][0].size == 6
    assert after.melds[0][0].history[-1] == tuple(sorted(parse_cards("7S 8S 9S")))


@pytest.mark.clause("discard-ends-turn", "turn-passes")
def test_discard_ends_turn_and_the_next_seat_draws() -> None:
    state = koz_state(hands=["4C 4D", "5H 9C"], phase=Phase.PLAY, turn=1)
    after = accept(state, disc("9C"))
    assert after.discard[-1] == parse_card("9C")
    assert (after.turn, after.phase) == (2, Phase.DRAW)
    reject(state, disc("KC"), "discard-ends-turn", "card-not-in-hand")


@pytest.mark.clause("turn-passes")
def test_turn_passes_from_seat_3_to_seat_0() -> None:
    state = koz_state(hands=["5H 9C", None, None, "4C 4D"], phase=Phase.PLAY, turn=3)
    assert accept(state, disc("4C")).turn == 0


@pytest.mark.clause("turn-must-finish")
def test_turn_must_finish_no_meld_down_to_one_card_without_a_canasta() -> None:
    state = koz_state(hands=["5H 6H 7H 9C"], melds=[["8S 8H 8D"]], phase=Phase.PLAY, stock_top="3C")
    reject(state, meld("5H 6H 7H"), "turn-must-finish", "no-way-to-finish")
    assert meld("5H 6H 7H") not in legal_actions(state)


@pytest.mark.clause("turn-must-finish")
def test_turn_must_finish_the_same_meld_is_legal_with_a_canasta() -> None:
    state = koz_state(hands=["5H 6H 7H 9C"], melds=[[CANASTA]], phase=Phase.PLAY)
    after = accept(state, meld("5H 6H 7H"), disc("9C"))
    assert len(after.fi_takers) == 1


@pytest.mark.clause("turn-must-finish")
def test_turn_must_finish_meld_to_one_card_that_can_be_laid_off_is_legal() -> None:
    # Without a canasta the last card cannot be discarded, but 8C can be laid
    # off onto the set, and that lay-off makes the team's first canasta.
    state = koz_state(hands=["5H 6H 7H 8C"], melds=[["8S 8H 8D 8S 8H 8D"]], phase=Phase.PLAY)
    after = accept(state, meld("5H 6H 7H"))
    assert legal_actions(after) == (lay(0, "8C"),)


@pytest.mark.clause("turn-must-finish")
def test_turn_must_finish_take_pile_refused_when_no_turn_end_is_possible() -> None:
    # Three jokers and the pile card: the only way out is the wild meld, which
    # would empty the hand with no canasta on the team.
    state = koz_state(hands=["JK JK"], discard="JK", melds=[["8S 8H 8D"]])
    reject(state, take(), "turn-must-finish", "no-way-to-finish")
    with_canasta = koz_state(hands=["JK JK"], discard="JK", melds=[[CANASTA]])
    after = accept(with_canasta, take(), meld("JK JK JK"))
    assert len(after.fi_takers) == 1


@pytest.mark.clause("turn-must-finish")
def test_turn_must_finish_trivially_true_outside_the_play_phase_and_with_provisional_melds() -> (
    None
):
    assert can_finish_turn(koz_state(hands=["5H"], discard="KD"))
    provisional = accept(koz_state(hands=["3H 4H 5H 9C"], phase=Phase.PLAY), meld("3H 4H 5H"))
    assert can_finish_turn(provisional)


@pytest.mark.clause("lay-off-own-team", "one-wild-per-meld")
def test_lay_off_own_team_refused_by_the_meld_rules() -> None:
    state = koz_state(hands=["JK 2C 5D 6D"], melds=[["8S 8H JK"]], phase=Phase.PLAY)
    result = apply_action(state, lay(0, "2C"))
    assert isinstance(result, Violation)
    assert result.code == "too-many-wilds"
