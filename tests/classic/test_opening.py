"""Chapter 7 for classic: the minimum of the first meld by the side's score."""

from __future__ import annotations

from typing import Any

import pytest

from kanasta.engine import legal_actions
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.rules.actions import ActionType
from kanasta.rules.opening import get_opening_band
from kanasta.rules.points import to_half_points
from tests.classic.util import (
    Phase,
    accept,
    back,
    classic_state,
    disc,
    lay,
    meld,
    reject,
    seat_hands,
    take,
)

P = to_half_points


@pytest.mark.clause("classic-opening-minimum")
@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-5, 15), (-2000, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)],
)
def test_classic_opening_minimum_bands_by_score(score: int, minimum: int) -> None:
    band = get_opening_band(CLASSIC, P(score))
    assert band is not None
    assert band.min_points == P(minimum)
    assert band.total_clause == "classic-opening-minimum"
    assert not band.needs_clean_run


@pytest.mark.clause("classic-opening-minimum")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_opening_minimum_counted_over_the_turns_melds(seat: int) -> None:
    state = classic_state(
        hands=seat_hands(seat, "9C 9D 9H 10C 10D 10H 6S 7S"), turn=seat, phase=Phase.PLAY
    )
    one = accept(state, meld("9C 9D 9H"))
    reject(one, disc("7S"), "classic-opening-minimum", "below-threshold")
    both = accept(one, meld("10C 10D 10H"), disc("7S"))
    assert both.opened[seat % 2]
    assert not both.opened[1 - seat % 2]


@pytest.mark.clause("classic-opening-minimum")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_opening_minimum_exact_value_is_enough_and_bands_rise(seat: int) -> None:
    scores = [0, 0]
    scores[seat % 2] = 1500
    hand = seat_hands(seat, "AC AD JK 10C 10D 10H 10S 10C 6S 7S")
    low = classic_state(hands=hand, turn=seat, phase=Phase.PLAY)
    accept(low, meld("10C 10C 10D 10H 10S"), disc("7S"))  # 50 at 0: enough
    high = classic_state(hands=hand, team_scores=scores, turn=seat, phase=Phase.PLAY)
    fifty = accept(high, meld("10C 10C 10D 10H 10S"))
    reject(fifty, disc("7S"), "classic-opening-minimum", "below-threshold")
    accept(high, meld("AC AD JK"), disc("7S"))  # 90 at 1,500: enough


@pytest.mark.clause("classic-opening-minimum")
@pytest.mark.parametrize("seat", [1, 2])
def test_classic_opening_minimum_bonuses_do_not_count(seat: int) -> None:
    state = classic_state(
        hands=seat_hands(seat, "4C 4C 4D 4D 4H 4H 4S 6S 7S"), turn=seat, phase=Phase.PLAY
    )
    reject(state, meld("4C 4C 4D 4D 4H 4H 4S"), "turn-must-finish", "no-way-to-finish")
    more = classic_state(
        hands=seat_hands(seat, "4C 4C 4D 4D 4H 4H 4S 9C 9D 9H 6S 7S"), turn=seat, phase=Phase.PLAY
    )
    canasta = accept(more, meld("4C 4C 4D 4D 4H 4H 4S"))
    assert canasta.melds[seat % 2][0].canasta is not None
    reject(canasta, disc("7S"), "classic-opening-minimum", "below-threshold")
    accept(canasta, meld("9C 9D 9H"), disc("7S"))


@pytest.mark.clause("classic-opening-minimum")
@pytest.mark.parametrize("seat", [0, 3])
def test_classic_opening_minimum_lay_offs_in_the_turn_count(seat: int) -> None:
    state = classic_state(hands=seat_hands(seat, "9C 9D 9H JK 6S 7S"), turn=seat, phase=Phase.PLAY)
    laid = accept(state, meld("9C 9D 9H"))
    reject(laid, disc("7S"), "classic-opening-minimum", "below-threshold")
    accept(laid, lay(0, "JK"), disc("7S"))


@pytest.mark.clause("classic-options", "classic-opening-minimum")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_options_concealed_waives_minimum_only_when_going_out(seat: int) -> None:
    hands = seat_hands(seat, "4C 4C 4D 4D 4H 4H 4S 6S 7S")
    waived = classic_state("concealed-waives-minimum", hands=hands, turn=seat, phase=Phase.PLAY)
    # Two cards would be kept: no waiver, no minimum, no take-back, so no way to end the turn.
    reject(waived, meld("4C 4C 4D 4D 4H 4H 4S"), "turn-must-finish", "no-way-to-finish")
    gone = classic_state(
        "concealed-waives-minimum",
        hands=seat_hands(seat, "4C 4C 4D 4D 4H 4H 4S 7S"),
        turn=seat,
        phase=Phase.PLAY,
    )
    out = accept(gone, meld("4C 4C 4D 4D 4H 4H 4S"), disc("7S"))
    assert out.went_out == seat


def _waiver_pile(seat: int, discard: str) -> Any:
    scores = [P(0), P(0)]
    scores[seat % 2] = P(1500)
    return classic_state(
        "concealed-waives-minimum",
        hands=seat_hands(seat, "4D 4D 4H 4H 4S 4S 5C 5D 5H"),
        discard=discard,
        team_scores=scores,
        turn=seat,
    )


@pytest.mark.clause("classic-opening-minimum", "classic-pile-opening")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_opening_minimum_waiver_takes_a_pile_melded_whole(seat: int) -> None:
    state = _waiver_pile(seat, "4C")
    out = accept(state, take("4D 4H"), lay(0, "4D 4H 4S 4S"), meld("5C 5D 5H"))
    assert out.went_out == seat
    assert out.opened[seat % 2]


@pytest.mark.clause("classic-opening-minimum", "classic-pile-opening")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_opening_minimum_waiver_releases_no_pile_card(seat: int) -> None:
    state = _waiver_pile(seat, "JS 4C")
    reject(state, take("4D 4H"), "turn-must-finish", "no-way-to-finish")
    assert [a.type for a in legal_actions(state)] == [ActionType.DRAW]


@pytest.mark.clause("classic-no-take-back", "opening-provisional")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_no_take_back_of_a_provisional_meld(seat: int) -> None:
    state = classic_state(
        hands=seat_hands(seat, "9C 9D 9H 10C 10D 10H 6S 7S"), turn=seat, phase=Phase.PLAY
    )
    laid = accept(state, meld("9C 9D 9H"))
    reject(laid, back(), "classic-no-take-back", "no-take-back")
    reject(state, back(), "classic-no-take-back", "no-take-back")
    accept(laid, meld("10C 10D 10H"), disc("7S"))


@pytest.mark.clause("classic-no-take-back", "turn-must-finish")
@pytest.mark.parametrize("seat", [1, 3])
def test_classic_no_take_back_meld_refused_out_of_reach_of_the_minimum(seat: int) -> None:
    state = classic_state(
        hands=seat_hands(seat, "10C 10D 10H 10S 6S 7S"), turn=seat, phase=Phase.PLAY
    )
    reject(state, meld("10C 10D 10H 10S"), "turn-must-finish", "no-way-to-finish")
    assert all(a.type is ActionType.DISCARD for a in legal_actions(state))
    scores = [0, 0]
    scores[seat % 2] = -20
    low = classic_state(
        hands=seat_hands(seat, "10C 10D 10H 10S 6S 7S"),
        team_scores=scores,
        turn=seat,
        phase=Phase.PLAY,
    )
    accept(low, meld("10C 10D 10H"), disc("7S"))  # 30 reaches the 15 of a negative score


@pytest.mark.clause("classic-no-take-back", "classic-black-threes-last", "turn-must-finish")
@pytest.mark.parametrize("seat", [0, 1])
def test_classic_no_take_back_black_threes_complete_the_minimum(seat: int) -> None:
    # Seven 4s are 35, below 50; only the black threes melded to go out (15) bring the
    # turn to 50, so the canasta is accepted because that way to end the turn is open.
    hand = "4C 4C 4D 4D 4H 4H 4S 3C 3S 3S 9D"
    state = classic_state(hands=seat_hands(seat, hand), turn=seat, phase=Phase.PLAY)
    laid = accept(state, meld("4C 4C 4D 4D 4H 4H 4S"))
    reject(laid, disc("9D"), "classic-opening-minimum", "below-threshold")
    out = accept(laid, meld("3C 3S 3S"), disc("9D"))
    assert out.went_out == seat
