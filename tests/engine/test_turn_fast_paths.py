"""The turn's shortcuts give the answers of the full checks (chapter 6, The turn)."""

from __future__ import annotations

import pytest

from kanasta.errors import Violation
from kanasta.fast.turn import get_take_pile_options
from kanasta.rules.state import Phase, State
from kanasta.rules.turn import (
    apply_discard,
    apply_draw,
    apply_take_pile,
    can_finish_turn,
    check_discard,
    get_legal_discards,
)
from tests.engine.random_hands import random_hand_states
from tests.fi5200.util import fi_state
from tests.koz.util import koz_state

CANASTA = "9S 9H 9D 9C 9S 9H 9D"


def is_take_pile_legal(state: State) -> bool:
    """The fast layer lists the whole pile taken (its one way in these families)."""
    return get_take_pile_options(state) == [((), -1)]


@pytest.mark.clause("take-whole-pile", "turn-must-finish")
@pytest.mark.parametrize("family", ["koz", "fi-5200"])
def test_take_whole_pile_legal_exactly_when_apply_accepts_it(family: str) -> None:
    for state in (s for seed in range(2) for s in random_hand_states(family, seed)):
        accepted = not isinstance(apply_take_pile(state), Violation)
        assert is_take_pile_legal(state) is accepted


@pytest.mark.clause("take-whole-pile", "single-pile-needs-two-cards", "turn-must-finish")
def test_take_whole_pile_legal_in_the_corner_cases() -> None:
    assert is_take_pile_legal(koz_state(hands=["5H"], discard="KD 9C"))
    assert not is_take_pile_legal(koz_state(hands=["5H"], discard="KD"))
    assert not is_take_pile_legal(koz_state(hands=["5H 6H"], discard=""))
    assert not is_take_pile_legal(koz_state(hands=["5H 6H"], discard="KD", phase=Phase.PLAY))
    # The hand and the pile hold only jokers: no way to end the turn.
    assert not is_take_pile_legal(koz_state(hands=["JK JK"], discard="JK", melds=[["8S 8H 8D"]]))
    # fi-5200 remembers no pile card; an empty hand taking one card is checked in full.
    empty = fi_state(hands=[""], discard="KD")
    assert is_take_pile_legal(empty) is not isinstance(apply_take_pile(empty), Violation)


@pytest.mark.clause("turn-structure")
def test_turn_structure_an_action_out_of_its_phase_names_the_phase_or_the_end_of_the_hand() -> None:
    draw = koz_state(hands=["5H"], discard="KD")
    assert not isinstance(apply_draw(draw), Violation)
    wrong = apply_discard(draw, draw.hands[0][0])
    assert isinstance(wrong, Violation)
    assert (wrong.clause, wrong.code) == ("turn-structure", "wrong-phase")
    assert "belongs to the play phase, the turn is in the draw phase" in wrong.detail
    played = koz_state(hands=["5H 6H"], discard="KD", phase=Phase.PLAY)
    early = apply_draw(played)
    assert isinstance(early, Violation)
    assert (early.clause, early.code) == ("turn-structure", "wrong-phase")
    over = koz_state(hands=["5H"], discard="KD", phase=Phase.OVER)
    for refused in (apply_draw(over), apply_discard(over, over.hands[0][0])):
        assert isinstance(refused, Violation)
        assert (refused.clause, refused.code) == ("turn-structure", "hand-over")


@pytest.mark.clause("turn-must-finish", "emptying-needs-canasta")
def test_turn_must_finish_with_one_card_depends_on_the_canasta() -> None:
    # The last card may be discarded once the team has a canasta; without one
    # a lone 5H has nowhere to go.
    with_canasta = koz_state(hands=["5H"], melds=[[CANASTA]], phase=Phase.PLAY)
    assert can_finish_turn(with_canasta)
    without = koz_state(hands=["5H"], melds=[["9S 9H 9D"]], phase=Phase.PLAY)
    assert not can_finish_turn(without)
    # Two cards, one of them not the pile card: that one is discarded.
    assert can_finish_turn(
        koz_state(hands=["5H 6H"], melds=[["9S 9H 9D"]], phase=Phase.PLAY, pile_card="5H")
    )
    # Two copies of the card taken from a one-card pile: neither may be discarded.
    twins = koz_state(hands=["5H 5H"], melds=[["9S 9H 9D"]], phase=Phase.PLAY, pile_card="5H")
    assert not can_finish_turn(twins)


@pytest.mark.clause("discard-ends-turn", "single-pile-no-discard-back", "emptying-by-discard")
@pytest.mark.parametrize("family", ["koz", "fi-5200"])
def test_discard_ends_turn_legal_discards_are_the_cards_check_discard_allows(family: str) -> None:
    for state in (s for seed in range(2, 4) for s in random_hand_states(family, seed)):
        if state.phase is not Phase.PLAY:
            continue
        hand = state.hands[state.turn]
        allowed = tuple(c for c in sorted(set(hand)) if check_discard(state, c) is None)
        assert get_legal_discards(state) == allowed
