"""Chapter 8 for classic: going out with the canastas needed, concealed, the stock running
out, black threes melded going out."""

from __future__ import annotations

import pytest

from kanasta.engine import legal_actions
from kanasta.rules.actions import ActionType
from kanasta.rules.cards import parse_cards
from kanasta.rules.scoring import get_concealed_bonus, score_hand
from tests.classic.util import (
    CANASTA,
    MIXED,
    Phase,
    accept,
    classic_state,
    disc,
    draw,
    lay,
    meld,
    reject,
    seat_hands,
)


def _melds(seat: int, mine: list[str], teams: int = 2) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in range(teams)]
    out[seat % teams] = mine
    return out


@pytest.mark.clause("classic-going-out")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_going_out_needs_a_canasta(seat: int) -> None:
    without = classic_state(
        hands=seat_hands(seat, "9D"), melds=_melds(seat, ["8C 8D 8H"]), turn=seat, phase=Phase.PLAY
    )
    reject(without, disc("9D"), "emptying-needs-canasta", "no-canasta")
    with_one = classic_state(
        hands=seat_hands(seat, "9D"), melds=_melds(seat, [CANASTA]), turn=seat, phase=Phase.PLAY
    )
    out = accept(with_one, disc("9D"))
    assert out.phase is Phase.OVER
    assert out.went_out == seat


@pytest.mark.clause("classic-going-out")
@pytest.mark.parametrize("seat", [0, 1])
def test_classic_going_out_two_players_need_two_canastas(seat: int) -> None:
    one = classic_state(
        "players-2",
        hands=seat_hands(seat, "9D", 2),
        melds=_melds(seat, [CANASTA]),
        turn=seat,
        phase=Phase.PLAY,
    )
    reject(one, disc("9D"), "emptying-needs-canasta", "no-canasta")
    two = classic_state(
        "players-2",
        hands=seat_hands(seat, "9D", 2),
        melds=_melds(seat, [CANASTA, MIXED]),
        turn=seat,
        phase=Phase.PLAY,
    )
    assert accept(two, disc("9D")).went_out == seat


@pytest.mark.clause("classic-going-out")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_going_out_without_a_discard_and_without_permission(seat: int) -> None:
    state = classic_state(
        hands=seat_hands(seat, "9C 9D 9H"),
        melds=_melds(seat, [CANASTA]),
        turn=seat,
        phase=Phase.PLAY,
    )
    kinds = {a.type for a in legal_actions(state)}
    assert ActionType.MELD in kinds
    out = accept(state, meld("9C 9D 9H"))
    assert out.went_out == seat
    assert out.hands[seat] == ()


@pytest.mark.clause("classic-concealed")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_concealed_only_without_an_earlier_lay(seat: int) -> None:
    hand = f"{CANASTA} 9C 9D 9H 8S"
    fresh = classic_state(hands=seat_hands(seat, hand), turn=seat, phase=Phase.PLAY)
    out = accept(fresh, meld(CANASTA), meld("9C 9D 9H"), disc("8S"))
    assert get_concealed_bonus(out) == to_points(100)
    partner = (seat + 2) % 4
    melded = classic_state(
        hands=seat_hands(seat, "9C 9D 9H 8S"),
        melds=_melds(seat, [CANASTA]),
        turn=seat,
        phase=Phase.PLAY,
        table_seats=[s == partner for s in range(4)],
    )
    assert get_concealed_bonus(accept(melded, meld("9C 9D 9H"), disc("8S"))) == to_points(100)
    before = classic_state(
        hands=seat_hands(seat, "9C 9D 9H 8S"),
        melds=_melds(seat, [CANASTA]),
        turn=seat,
        phase=Phase.PLAY,
    )
    assert get_concealed_bonus(accept(before, meld("9C 9D 9H"), disc("8S"))) == 0


@pytest.mark.clause("classic-concealed")
def test_classic_concealed_a_lay_in_an_earlier_turn_is_remembered() -> None:
    state = classic_state(
        hands=seat_hands(0, "AS 5S 6S"),
        melds=_melds(0, ["AC AD AH"]),
        turn=0,
        phase=Phase.PLAY,
        table_seats=[False] * 4,
    )
    after = accept(state, lay(0, "AS"), disc("5S"))
    assert after.table_seats == (True, False, False, False)
    assert not after.turn_laid


@pytest.mark.clause("classic-threes-in-melds")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_threes_in_melds_black_threes_only_going_out(seat: int) -> None:
    going = classic_state(
        hands=seat_hands(seat, "3C 3S 3S 9D"),
        melds=_melds(seat, [CANASTA]),
        turn=seat,
        phase=Phase.PLAY,
    )
    listed = [a for a in legal_actions(going) if a.type is ActionType.MELD]
    assert [a.cards for a in listed] == [tuple(sorted(parse_cards("3C 3S 3S")))]
    assert accept(going, meld("3C 3S 3S"), disc("9D")).went_out == seat
    staying = classic_state(
        hands=seat_hands(seat, "3C 3S 3S 9D 10D"),
        melds=_melds(seat, [CANASTA]),
        turn=seat,
        phase=Phase.PLAY,
    )
    reject(staying, meld("3C 3S 3S"), "classic-threes-in-melds", "black-threes-not-going-out")


@pytest.mark.clause("classic-black-threes-last")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_black_threes_last_the_other_melds_go_first(seat: int) -> None:
    state = classic_state(
        hands=seat_hands(seat, "3C 3S 3S 9D 9D 9H"),
        melds=_melds(seat, [CANASTA]),
        turn=seat,
        phase=Phase.PLAY,
    )
    reject(state, meld("3C 3S 3S"), "classic-threes-in-melds", "black-threes-not-going-out")
    assert accept(state, meld("9D 9D 9H"), meld("3C 3S 3S")).went_out == seat


@pytest.mark.clause("classic-stock-exhaustion")
@pytest.mark.parametrize("seat", [0, 2])
def test_classic_stock_exhaustion_ends_the_hand(seat: int) -> None:
    common = {
        "hands": [None] * 4,
        "hand_sizes": [24] * 4,
        "melds": [["8C 8D 8H"], ["4C 4D 4H"]],
        "stock_size": 1,
        "turn": seat,
        "phase": Phase.DRAW,
    }
    last = classic_state(stock_top="7S", red_threes=["3H 3D", "3H 3D"], **common)
    drawn = accept(last, draw())
    assert drawn.stock == ()
    over = accept(drawn, disc("7S"))
    assert over.phase is Phase.OVER
    assert over.went_out is None
    red = classic_state(stock_top="3H", red_threes=["3D 3D", "3H"], **common)
    ended = accept(red, draw())
    assert ended.phase is Phase.OVER
    assert ended.red_threes[seat % 2][-1] == parse_cards("3H")[0]


def to_points(n: int) -> int:
    return 2 * n


@pytest.mark.clause("classic-concealed", "classic-options")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_concealed_only_bonus_option_pays_200_and_nothing_plain(seat: int) -> None:
    hands = seat_hands(seat, f"{CANASTA} 9C 9D 9H 8S")
    fresh = classic_state("concealed-only-bonus", hands=hands, turn=seat, phase=Phase.PLAY)
    out = accept(fresh, meld(CANASTA), meld("9C 9D 9H"), disc("8S"))
    team = score_hand(out).teams[seat % 2]
    assert (team.get("going-out"), team.get("concealed")) == (0, to_points(200))
    plain = classic_state(
        "concealed-only-bonus",
        hands=seat_hands(seat, "9C 9D 9H 8S"),
        melds=_melds(seat, [CANASTA]),
        turn=seat,
        phase=Phase.PLAY,
    )
    team = score_hand(accept(plain, meld("9C 9D 9H"), disc("8S"))).teams[seat % 2]
    assert (team.get("going-out"), team.get("concealed")) == (0, 0)
