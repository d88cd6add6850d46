"""Chapter 8 in fi-351: a fi and the end of the hand only with a canasta, both ways of
emptying the hand, the stock running out."""

from __future__ import annotations

from typing import Any

import pytest

from kanasta.rules.state import State
from tests.fi351.util import CANASTA, Phase, accept, disc, draw, fi_state, lay, meld, reject


def _play(seat: int, hand: str, **kwargs: Any) -> State:
    hands: list[str | None] = [None] * 4
    hands[seat] = hand
    return fi_state(hands=hands, turn=seat, phase=Phase.PLAY, **kwargs)


def _melds(team: int, *melds: str) -> list[list[str]]:
    return [list(melds) if t == team else [] for t in range(2)]


@pytest.mark.clause("emptying-needs-canasta")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_emptying_needs_canasta_for_a_fi(seat: int) -> None:
    state = _play(seat, "10H", melds=_melds(seat % 2, "10C 10D 10S"))
    reject(state, disc("10H"), "emptying-needs-canasta", "no-canasta")
    reject(state, lay(0, "10H"), "emptying-needs-canasta", "no-canasta")
    other = _play(seat, "10H", melds=_melds(1 - seat % 2, CANASTA))
    reject(other, disc("10H"), "emptying-needs-canasta", "no-canasta")


@pytest.mark.clause("fi-continue", "fi-pickup", "emptying-by-discard")
def test_fi_continue_by_discard_waits_by_lay_off_plays_on() -> None:
    state = _play(1, "9C", melds=_melds(1, CANASTA))
    waited = accept(state, disc("9C"))
    assert (waited.turn, waited.phase, len(waited.hands[1])) == (2, Phase.DRAW, 11)
    went_on = accept(state, lay(0, "9C"))
    assert (went_on.turn, went_on.phase, len(went_on.hands[1])) == (1, Phase.PLAY, 11)


@pytest.mark.clause("emptying-canasta-same-move")
def test_emptying_canasta_same_move_counts() -> None:
    state = _play(3, "9D", melds=_melds(1, "9S 9H 9D 9C 9S 9H"))
    assert accept(state, lay(0, "9D")).fi_takers == (3,)


@pytest.mark.clause("going-out", "going-out-needs-discard")
@pytest.mark.parametrize("how", ["discard", "lay-off", "meld"])
def test_going_out_either_way(how: str) -> None:
    state = _play(0, "9C 4C 4D 4H", melds=_melds(0, CANASTA), fi_takers=[1, 2])
    state = accept(state, meld("4C 4D 4H"))
    action = {"discard": disc("9C"), "lay-off": lay(0, "9C")}.get(how)
    if action is None:
        state = _play(0, "4C 4D 4H", melds=_melds(0, CANASTA), fi_takers=[1, 2])
        action = meld("4C 4D 4H")
    final = accept(state, action)
    assert final.phase is Phase.OVER
    assert final.went_out == 0


@pytest.mark.clause("going-out-needs-discard", "emptying-by-discard")
def test_going_out_needs_discard_no_ban_for_the_first_fi_team() -> None:
    state = _play(2, "5H", melds=_melds(0, CANASTA), fi_takers=[0])
    assert accept(state, disc("5H")).fi_takers == (0, 2)


@pytest.mark.clause("stock-exhaustion")
def test_stock_exhaustion_after_the_last_card() -> None:
    state = fi_state(hands=[None, None, "5C 8D"], stock_size=1, stock_top="JH", turn=2)
    final = accept(state, draw(), disc("JH"))
    assert final.phase is Phase.OVER
    assert final.went_out is None
