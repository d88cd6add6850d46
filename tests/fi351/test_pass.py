"""Chapter 6, the pass by showing: when it is legal, what it changes, and its listing."""

from __future__ import annotations

import pytest

from kanasta.engine import legal_actions
from kanasta.io.action_json import action_from_json, action_to_json
from kanasta.io.state_json import state_from_json, state_to_json
from kanasta.rules.actions import ActionType
from kanasta.rules.cards import parse_card
from tests.fi351.util import Phase, accept, disc, draw, fi_state, pass_, reject, take
from tests.koz.util import koz_state


@pytest.mark.clause("pass-by-showing")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_pass_by_showing_moves_only_the_turn(seat: int) -> None:
    hands: list[str | None] = [None] * 4
    hands[seat] = "8C 4D"
    before = fi_state(hands=hands, discard="5H 8C", turn=seat)
    after = accept(before, pass_())
    assert after.turn == (seat + 1) % 4
    assert after.phase is Phase.DRAW
    assert (after.hands, after.stock, after.discard) == (before.hands, before.stock, before.discard)


@pytest.mark.clause("pass-by-showing")
def test_pass_by_showing_needs_the_identical_card() -> None:
    state = fi_state(hands=["8S 8D"], discard="8C")
    reject(state, pass_(), "pass-by-showing", "no-matching-card")
    reject(fi_state(hands=["8C"]), pass_(), "pass-by-showing", "pile-empty")


@pytest.mark.clause("pass-by-showing-when", "turn-structure")
def test_pass_by_showing_when_only_in_the_draw_phase() -> None:
    state = fi_state(hands=["8C 4D"], discard="8C")
    reject(accept(state, draw()), pass_(), "turn-structure", "wrong-phase")
    reject(accept(state, take()), pass_(), "turn-structure", "wrong-phase")


@pytest.mark.clause("pass-by-showing-when", "players-fi-351")
def test_pass_by_showing_when_repeated() -> None:
    state = fi_state("players-2", hands=["10S 4C", "7D 8D"], discard="2C 10S")
    state = accept(state, pass_(), take(), disc("10S"), pass_())
    assert state.turn == 1
    assert len(state.hands[0]) == 2


@pytest.mark.clause("action-kinds", "pass-by-showing")
def test_action_kinds_pass_is_refused_in_koz() -> None:
    state = koz_state(hands=["8C 4D"], discard="8C")
    reject(state, pass_(), "action-kinds", "no-pass-in-family")
    assert all(a.type is not ActionType.PASS for a in legal_actions(state))


@pytest.mark.clause("legal-action-count", "pass-by-showing")
def test_legal_action_count_lists_one_pass() -> None:
    state = fi_state(hands=["QS QH"], discard="4D QS")
    assert [a.type for a in legal_actions(state)] == [
        ActionType.DRAW,
        ActionType.TAKE_PILE,
        ActionType.PASS,
    ]


@pytest.mark.clause("action-json", "state-json")
def test_action_json_pass_round_trips() -> None:
    assert action_to_json(pass_()) == {"type": "pass"}
    assert action_from_json({"type": "pass", "seat": 2}) == (pass_(), 2)
    state = accept(fi_state(hands=["8C 4D"], discard="8C"), pass_())
    assert state_from_json(state.profile, state_to_json(state)) == state


@pytest.mark.clause("pass-by-showing-when", "stock-exhaustion")
def test_pass_by_showing_when_the_stock_is_empty_ends_the_hand() -> None:
    state = fi_state(hands=["7H 2S"], discard="7H", stock_size=0)
    assert accept(state, pass_()).phase is Phase.OVER


@pytest.mark.clause("pass-by-showing", "card-identity")
def test_pass_by_showing_a_joker() -> None:
    state = fi_state(hands=[None, "JK 5C"], discard="JK", turn=1)
    assert parse_card("JK") in state.hands[1]
    assert accept(state, pass_()).turn == 2
