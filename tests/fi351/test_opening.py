"""Chapter 7, the fi-351 opening: two melds, one a run with three naturals in a row."""

from __future__ import annotations

from typing import Any

import pytest

from kanasta.io.scenario import build_meld
from kanasta.rules.melds import get_natural_streak
from kanasta.rules.state import State
from tests.fi351.util import FI_351, Phase, accept, back, disc, fi_state, lay, meld, reject


def _play(seat: int, hand: str, **kwargs: Any) -> State:
    hands: list[str | None] = [None] * 4
    hands[seat] = hand
    return fi_state(hands=hands, turn=seat, phase=Phase.PLAY, **kwargs)


@pytest.mark.clause("opening-two-melds", "opening-team")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_opening_two_melds_run_and_set_open_the_team(seat: int) -> None:
    state = _play(seat, "3H 4H 5H 8C 8D 8S KC 4D")
    after = accept(state, meld("3H 4H 5H"), meld("8C 8D 8S"), disc("KC"))
    assert after.opened == tuple(t == seat % 2 for t in range(2))


@pytest.mark.clause("opening-two-melds", "opening-take-back")
def test_opening_two_melds_one_meld_refused() -> None:
    state = accept(_play(1, "10S JS QS 4D 7C"), meld("10S JS QS"))
    reject(state, disc("4D"), "opening-two-melds", "too-few-melds")
    assert not accept(state, back(), disc("4D")).opened[1]


@pytest.mark.clause("opening-two-melds")
def test_opening_two_melds_sets_only_refused() -> None:
    state = accept(_play(2, "6C 6D 6S KC KD KH 9C 4S"), meld("6C 6D 6S"), meld("KC KD KH"))
    reject(state, disc("9C"), "opening-two-melds", "no-natural-run")


@pytest.mark.clause("opening-two-melds", "natural-two-in-place")
@pytest.mark.parametrize(
    ("cards", "wild_at", "streak"),
    [
        ("5H 6H 7H JK 9H", None, 3),
        ("5H 7H 8H JK", 6, 2),
        ("2S 3S JK", 4, 2),
        ("2S 3S 4S JK", 5, 3),
        ("AS 2S 3S", None, 3),
        ("8C 8D JK", None, 0),
    ],
)
def test_opening_two_melds_natural_streak(cards: str, wild_at: int | None, streak: int) -> None:
    assert get_natural_streak(build_meld(FI_351, [(cards, wild_at)])) == streak


@pytest.mark.clause("opening-two-melds-reading", "run-wild-moves")
def test_opening_two_melds_reading_lay_off_completes_the_run() -> None:
    state = _play(3, "5C 6C JK JH JD JS 7C 2H 4S")
    state = accept(state, meld("5C 6C JK", wild_at=7), meld("JH JD JS"))
    reject(state, disc("2H"), "opening-two-melds", "no-natural-run")
    assert accept(state, lay(0, "7C", wild_at=8), disc("2H")).opened[1]


@pytest.mark.clause("opening-team")
def test_opening_team_partner_melds_freely() -> None:
    state = _play(2, "KC KD KH 6S 5D", melds=[["4H 5H 6H", "9C 9D 9S"], []])
    assert accept(state, meld("KC KD KH"), disc("6S")).turn == 3


@pytest.mark.clause("opening-two-melds", "players-fi-351")
def test_opening_two_melds_alone_with_two_players() -> None:
    state = fi_state("players-2", hands=[None, "8H 9H 10H KC"], turn=1, phase=Phase.PLAY)
    state = accept(state, meld("8H 9H 10H"))
    reject(state, disc("KC"), "opening-two-melds", "too-few-melds")
