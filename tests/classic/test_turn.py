"""Chapter 6 for classic: taking the pile by melding its top card, the frozen pile and its
end, the black-three block, taking the pile before the side has opened, red threes drawn."""

from __future__ import annotations

import pytest

from kanasta.engine import legal_actions
from kanasta.errors import Violation
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.io.action_json import action_from_json, action_to_json
from kanasta.io.scenario import build_state
from kanasta.rules.actions import Action, ActionType, apply_action
from kanasta.rules.actions import legal_actions as rules_legal_actions
from kanasta.rules.cards import parse_cards
from kanasta.rules.state import State
from kanasta.rules.turn import is_pile_frozen
from tests.classic.util import (
    Phase,
    accept,
    back,
    classic_state,
    disc,
    draw,
    meld,
    reject,
    seat_hands,
    take,
)

SEATS = [0, 1, 2, 3]
HAND = "9D 9H 4C 4D 5H 6H 7C 10S JS QS KS"


def _opened(seat: int, discard: str, hand: str = HAND, own: str = "8C 8D 8H") -> State:
    melds: list[list[str]] = [[], []]
    melds[seat % 2] = [own]
    return classic_state(
        hands=seat_hands(seat, hand), melds=melds, discard=discard, turn=seat, phase=Phase.DRAW
    )


@pytest.mark.clause("classic-take-pile")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_take_pile_natural_pair_melds_the_top_and_takes_the_rest(seat: int) -> None:
    state = _opened(seat, "5C 6D 9C")
    after = accept(state, take("9D 9H"))
    assert after.phase is Phase.PLAY
    assert after.discard == ()
    assert sorted(after.melds[seat % 2][-1].cards) == sorted(parse_cards("9C 9D 9H"))
    assert len(after.hands[seat]) == 11
    assert set(parse_cards("5C 6D")) <= set(after.hands[seat])


@pytest.mark.clause("classic-take-pile")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_take_pile_top_laid_off_alone_on_own_set(seat: int) -> None:
    state = _opened(seat, "5C 6D 8S")
    after = accept(state, take(onto=0))
    assert len(after.melds[seat % 2][0].cards) == 4
    assert len(after.hands[seat]) == 13
    reject(state, take("9D 9H", onto=0), "classic-take-pile", "top-alone")


@pytest.mark.clause("classic-take-pile")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_take_pile_refused_without_naming_the_meld(seat: int) -> None:
    state = _opened(seat, "5C 6D 9C")
    reject(state, take(), "classic-take-pile", "top-card-not-melded")
    reject(state, take("9D"), "classic-take-pile", "two-cards-with-top")
    reject(state, take("4C 4D"), "classic-take-pile", "two-cards-with-top")


@pytest.mark.clause("classic-frozen-pile")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_frozen_pile_wild_inside_needs_a_natural_pair(seat: int) -> None:
    state = _opened(seat, "2C 6D 9C", hand="9D 9H JK 4C 4D 5H 6H 7C 10S JS QS")
    assert is_pile_frozen(state)
    reject(state, take("9D JK"), "classic-frozen-pile", "natural-pair-needed")
    accept(state, take("9D 9H"))


@pytest.mark.clause("classic-frozen-pile")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_frozen_pile_for_a_side_without_melds(seat: int) -> None:
    state = classic_state(
        hands=seat_hands(seat, "9D 2H 9H 4D 5H 6H 7C 10S JS QS KS"),
        discard="5C 6D 9C",
        turn=seat,
        phase=Phase.DRAW,
    )
    assert is_pile_frozen(state)
    reject(state, take("2H 9D"), "classic-frozen-pile", "natural-pair-needed")
    listed = [a for a in legal_actions(state) if a.type is ActionType.TAKE_PILE]
    assert [a.cards for a in listed] == [tuple(sorted(parse_cards("9D 9H")))]


@pytest.mark.clause("classic-freeze-clears")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_freeze_clears_once_the_pile_is_taken(seat: int) -> None:
    nxt = (seat + 1) % 4
    hands = seat_hands(seat, "9D 9H 4C 5H 6H 7C 10S JS QS KS AS")
    hands[nxt] = "4D 2S 5D 6D 7D 10D JD QD KD AD 8S"
    state = classic_state(
        hands=hands,
        melds=[["8C 8D 8H"], ["6C 6D 6S"]],
        discard="5C JK 9C",
        turn=seat,
        phase=Phase.DRAW,
    )
    assert is_pile_frozen(state)
    after = accept(state, take("9D 9H"), disc("4C"))
    assert after.turn == nxt
    assert not is_pile_frozen(after)
    accept(after, take("2S 4D"))


@pytest.mark.clause("classic-black-threes")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_black_threes_on_top_block_the_pile(seat: int) -> None:
    state = _opened(seat, "9C 3S")
    reject(state, take("9D 9H"), "classic-black-threes", "pile-blocked")
    assert [a.type for a in legal_actions(state)] == [ActionType.DRAW]
    covered = _opened(seat, "3S 9C")
    assert not is_pile_frozen(covered)
    accept(covered, take("9D 9H"))


@pytest.mark.clause("classic-pile-opening")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_pile_opening_rest_waits_until_the_minimum(seat: int) -> None:
    state = classic_state(
        hands=seat_hands(seat, "9D 9H KC KH KS 4C 5H 6H 7C 10S JS"),
        discard="AS AS AH KD 9C",
        turn=seat,
        phase=Phase.DRAW,
    )
    taken = accept(state, take("9D 9H"))
    assert taken.pile_pending == tuple(parse_cards("AS AS AH KD"))
    assert len(taken.hands[seat]) == 9
    assert not taken.opened[seat % 2]
    reject(taken, disc("4C"), "classic-opening-minimum", "below-threshold")
    opened = accept(taken, meld("KC KH KS"))
    assert opened.opened[seat % 2]
    assert opened.pile_pending == ()
    assert opened.pile_top is None
    assert len(opened.hands[seat]) == 10


@pytest.mark.clause("classic-pile-opening", "classic-no-take-back")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_no_take_back_after_taking_the_pile(seat: int) -> None:
    state = classic_state(
        hands=seat_hands(seat, "9D 9H KC KH KS 4C 5H 6H 7C 10S JS"),
        discard="3H 6D 9C",
        turn=seat,
        phase=Phase.DRAW,
    )
    taken = accept(state, take("9D 9H"))
    assert taken.pile_top is not None
    reject(taken, back(), "classic-no-take-back", "no-take-back")
    assert all(a.type is not ActionType.TAKE_BACK for a in legal_actions(taken))
    opened = accept(taken, meld("KC KH KS"))
    assert opened.opened[seat % 2]
    assert opened.red_threes[seat % 2] == tuple(parse_cards("3H"))


@pytest.mark.clause("classic-pile-opening", "classic-no-take-back", "turn-must-finish")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_no_take_back_take_refused_when_the_minimum_is_out_of_reach(seat: int) -> None:
    state = classic_state(hands=seat_hands(seat, HAND), discard="3H 6D 9C", turn=seat)
    reject(state, take("9D 9H"), "turn-must-finish", "no-way-to-finish")
    assert legal_actions(state) == (draw(),)


@pytest.mark.clause("classic-black-three-last-turn", "classic-black-threes")
@pytest.mark.parametrize("seat", SEATS)
def test_classic_black_three_last_turn_blocked_by_default_taken_with_the_option(
    seat: int,
) -> None:
    melds: list[list[str]] = [[], []]
    melds[seat % 2] = ["KC KC KD KD KH KH KS"]
    kwargs = {
        "hands": seat_hands(seat, "3C 3C 9D"),
        "melds": melds,
        "discard": "3S",
        "turn": seat,
        "phase": Phase.DRAW,
    }
    reject(classic_state(**kwargs), take("3C 3C"), "classic-black-threes", "pile-blocked")
    option = classic_state("black-three-last-turn", **kwargs)
    assert len(legal_actions(option)) == 2
    taken = accept(option, take("3C 3C"))
    assert taken.melds[seat % 2][-1].cards == tuple(sorted(parse_cards("3C 3C 3S")))
    out = accept(taken, disc("9D"))
    assert out.went_out == seat


@pytest.mark.clause("classic-black-three-last-turn")
@pytest.mark.parametrize("seat", [1, 2])
def test_classic_black_three_last_turn_only_to_go_out(seat: int) -> None:
    melds: list[list[str]] = [[], []]
    melds[seat % 2] = ["KC KC KD KD KH KH KS"]
    state = classic_state(
        "black-three-last-turn",
        hands=seat_hands(seat, "3C 3C 9D"),
        melds=melds,
        discard="10D 3S",
        turn=seat,
        phase=Phase.DRAW,
    )
    reject(state, take("3C 3C"), "classic-black-three-last-turn", "black-threes-not-going-out")
    reject(state, take("3C 9D"), "classic-black-threes", "pile-blocked")


@pytest.mark.clause("classic-red-threes")
def test_classic_red_threes_drawn_are_laid_for_the_drawing_side() -> None:
    for seat in SEATS:
        state = classic_state(stock_top="3H 3D KC", discard="5C", turn=seat, phase=Phase.DRAW)
        after = accept(state, draw())
        assert after.red_threes[seat % 2] == tuple(parse_cards("3H 3D"))
        assert after.red_threes[1 - seat % 2] == ()
        assert parse_cards("KC")[0] in after.hands[seat]
        assert len(after.stock) == len(state.stock) - 3


@pytest.mark.clause("classic-red-threes")
def test_classic_red_threes_from_a_taken_pile_are_not_replaced() -> None:
    for seat in SEATS:
        state = _opened(seat, "3D 6D 6C 9C")
        after = accept(state, take("9D 9H"))
        assert after.red_threes[seat % 2] == tuple(parse_cards("3D"))
        assert len(after.hands[seat]) == 11
        assert after.stock == state.stock


@pytest.mark.clause("classic-take-pile")
def test_classic_take_pile_action_json_names_cards_or_meld() -> None:
    for action in (take("9D 9H"), take(onto=2), take("8C 8D", onto=0)):
        data = action_to_json(action)
        assert action_from_json(data)[0] == action
    assert action_to_json(take(onto=1)) == {"type": "take-pile", "meld": 1}


@pytest.mark.clause("single-pile-needs-two-cards")
@pytest.mark.parametrize("seat", [0, 3])
def test_single_pile_needs_two_cards_in_classic(seat: int) -> None:
    melds: list[list[str]] = [[], []]
    melds[seat % 2] = ["KC KC KD KD KH KH KS", "8C 8D 8H"]
    state = classic_state(
        hands=seat_hands(seat, "5H"), melds=melds, discard="8S", turn=seat, phase=Phase.DRAW
    )
    reject(state, take(onto=1), "single-pile-needs-two-cards", "single-card-hand")
    lay_state = accept(
        classic_state(
            hands=seat_hands(seat, "5H 6H"), melds=melds, discard="8S", turn=seat, phase=Phase.DRAW
        ),
        take(onto=1),
    )
    assert len(lay_state.melds[seat % 2][1].cards) == 4
    assert accept(lay_state, disc("6H")).turn == (seat + 1) % 4


@pytest.mark.clause("classic-threes-in-melds", "legal-action-count")
def test_classic_threes_in_melds_listed_after_a_lay_off_as_the_rules_find_them() -> None:
    """The state of the thorough self-play (classic, deal seed 624) where seat 3 lays off 8C
    and keeps 3C 3C 3S AH with two canastas on the table: melding the black threes leaves
    one card, whose discard (or lay-off on the aces) goes out, so the meld is legal and
    the rules must offer it too, and the engine list it."""
    before = build_state(
        CLASSIC,
        hands=[
            "AC 10C JC JC KC 7D JD 8H QH QH KH 4S 5S 8S JS",
            "10H 4S",
            "5H AS 9S",
            "3C 3C 8C AH 3S",
        ],
        melds=[
            [
                ["2D 4D 4H", "4D", "4H"],
                ["KD KD JK", "KC KH KS"],
                ["QC QD QS", "2S", "QD"],
                ["10D 10D 10S", "2H 10H", "10S"],
                "9D 9H 9S",
            ],
            [
                ["6C 6D 6S", "6S", "6H", "6C"],
                ["8C 2H 2S 8S", "8D", "8H"],
                "AD 2D AS",
                ["2C 7C 7D", "JK", "7S", "7C", "7H"],
            ],
        ],
        discard="QC",
        stock_size=33,
        turn=3,
        phase=Phase.PLAY,
        red_threes=["3D", "3D"],
        table_seats=[True] * 4,
    )
    after = apply_action(before, Action(ActionType.LAY_OFF, parse_cards("8C"), 1))
    assert not isinstance(after, Violation)
    threes = Action(ActionType.MELD, tuple(sorted(parse_cards("3C 3C 3S"))))
    listed = legal_actions(after)
    assert threes in listed
    assert listed == rules_legal_actions(after)
    melded = apply_action(after, threes)
    assert not isinstance(melded, Violation)
    for action in legal_actions(melded):
        out = apply_action(melded, action)
        assert not isinstance(out, Violation)
        assert out.went_out == 3, action


@pytest.mark.clause("classic-threes-in-melds", "legal-action-count")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_threes_in_melds_rules_offer_black_threes_only_going_out(
    seat: int,
) -> None:
    """The rules offer the black threes as a meld and ``apply_action`` keeps it only
    when the player then goes out, as the engine lists it."""
    threes = Action(ActionType.MELD, tuple(sorted(parse_cards("3C 3S 3S"))))
    for rest, listed in (("9D", True), ("9D 10D", False)):
        hands: list[str | None] = [None] * 4
        hands[seat] = f"3C 3S 3S {rest}"
        melds: list[list[str]] = [[], []]
        melds[seat % 2] = ["KC KC KD KD KH KH KS"]
        state = build_state(CLASSIC, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY)
        offered = rules_legal_actions(state)
        assert offered == legal_actions(state)
        assert (threes in offered) is listed
