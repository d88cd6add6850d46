"""Chapter 11 for classic: what a player sees of the squared discard pile (player-view)."""

from __future__ import annotations

import pytest

from kanasta import engine
from kanasta.errors import Violation
from kanasta.io.state_json import view_to_json
from kanasta.rules.state import State
from kanasta.rules.view import get_view
from tests.classic.util import Phase, classic_state


@pytest.mark.clause("player-view")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_player_view_classic_shows_the_top_card_and_the_size(seat: int) -> None:
    state = classic_state(discard="5C JK 6D 9C", turn=seat, phase=Phase.DRAW)
    data = view_to_json(get_view(state, seat))
    assert data["discard"] == ["9C"]
    assert data["discard_size"] == 4
    empty = view_to_json(get_view(classic_state(discard="", turn=seat), (seat + 1) % 4))
    assert empty["discard"] == []
    assert empty["discard_size"] == 0


@pytest.mark.clause("player-view")
@pytest.mark.parametrize("family", ["koz", "fi-5200", "fi-351"])
def test_player_view_other_families_show_the_whole_pile(family: str) -> None:
    state: State | Violation = engine.new_hand(family, seed=5)
    for _ in range(12):
        assert isinstance(state, State)
        state = engine.apply(state, engine.legal_actions(state)[-1])
    assert isinstance(state, State)
    view = get_view(state, 2)
    assert view.discard == state.discard
    assert view_to_json(view)["discard_size"] == len(state.discard)
