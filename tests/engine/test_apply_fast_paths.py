"""The shortcuts in the turn's ``apply_*`` functions give the answers of the general code.

Each test rebuilds the result the plain way (``dataclasses.replace`` and the
general checks) over every state of random hands of both families, and
compares it with what the engine returns, violations included.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from kanasta.engine import legal_actions
from kanasta.errors import Violation
from kanasta.rules.actions import ActionType
from kanasta.rules.families import OpeningScope
from kanasta.rules.going_out import end_turn, take_fi_or_go_out
from kanasta.rules.opening import check_opening, count_provisional, get_opened_after
from kanasta.rules.state import Phase, State, get_provisional_melds, is_provisional
from kanasta.rules.turn import (
    apply_discard,
    apply_draw,
    apply_meld,
    apply_take_back,
    check_discard,
)
from tests.engine.random_hands import random_hand_states
from tests.koz.util import KOZ, koz_state

FAMILIES = ["koz", "fi-5200"]


def _states(family: str, seeds: range) -> list[State]:
    return [s for seed in seeds for s in random_hand_states(family, seed)]


def _check_play_phase(state: State) -> Violation | None:
    """turn-structure spelled out for an action of the play phase."""
    if state.phase is Phase.OVER:
        return Violation("turn-structure", "hand-over", "the hand is over")
    if state.phase is not Phase.PLAY:
        return Violation(
            "turn-structure",
            "wrong-phase",
            f"this action belongs to the play phase, the turn is in the {state.phase.value} phase",
        )
    return None


def _discard_the_plain_way(state: State, card: int) -> State | Violation:
    """apply_discard spelled out with the general checks and one step at a time."""
    problem = _check_play_phase(state) or check_discard(state, card)
    if problem is not None:
        return problem
    seat = state.turn
    hand = list(state.hands[seat])
    hand.remove(card)
    hands = tuple(tuple(hand) if s == seat else h for s, h in enumerate(state.hands))
    opened, seat_opened = get_opened_after(state)
    new = replace(
        state,
        hands=hands,
        discard=(*state.discard, card),
        opened=opened,
        seat_opened=seat_opened,
        pile_card=None,
        went_out=None,
        provisional=0,
    )
    return end_turn(new if hand else take_fi_or_go_out(new, by_discard=True))


@pytest.mark.clause(
    "discard-ends-turn",
    "turn-passes",
    "stock-exhaustion",
    "single-pile-no-discard-back",
    "opening-checked-at-discard",
    "emptying-by-discard",
)
@pytest.mark.parametrize("family", FAMILIES)
def test_discard_ends_turn_any_card_gives_the_plain_result(family: str) -> None:
    for state in _states(family, range(10, 13)):
        for card in range(53):
            assert apply_discard(state, card) == _discard_the_plain_way(state, card)


@pytest.mark.clause("turn-passes", "fi-unplayed-fi-5200", "stock-exhaustion")
def test_turn_passes_the_next_seat_leaves_the_fi_waiting_list() -> None:
    state = replace(koz_state(hands=["5H 6H"], phase=Phase.PLAY), fi_waiting=(3, 1, 2))
    assert state.turn == 0
    passed = end_turn(state)
    assert (passed.turn, passed.phase, passed.fi_waiting) == (1, Phase.DRAW, (3, 2))
    others = end_turn(replace(state, fi_waiting=(2, 3)))
    assert others.fi_waiting == (2, 3)
    over = end_turn(replace(state, stock=()))
    assert (over.turn, over.phase, over.fi_waiting) == (0, Phase.OVER, (3, 1, 2))


@pytest.mark.clause("draw-from-stock")
@pytest.mark.parametrize("family", FAMILIES)
def test_draw_from_stock_the_hand_stays_sorted(family: str) -> None:
    for state in _states(family, range(13, 16)):
        drawn = apply_draw(state)
        if state.phase is not Phase.DRAW or not state.stock:
            assert isinstance(drawn, Violation)
            continue
        assert not isinstance(drawn, Violation)
        seat = state.turn
        assert drawn.hands[seat] == tuple(sorted((*state.hands[seat], state.stock[0])))
        assert drawn.stock == state.stock[1:]


@pytest.mark.clause("opening-provisional", "opening-personal")
@pytest.mark.parametrize("family", FAMILIES)
def test_opening_provisional_melds_are_those_of_the_definition(family: str) -> None:
    for state in _states(family, range(16, 19)):
        for team in range(len(state.melds)):
            melds = state.melds[team]
            if not is_provisional(state, team):
                expected: tuple[object, ...] = ()
            elif state.profile.opening_scope is OpeningScope.PLAYER:
                expected = melds[len(melds) - state.provisional :]
            else:
                expected = melds
            assert get_provisional_melds(state, team) == expected


@pytest.mark.clause("opening-personal", "meld-from-hand", "turn-must-finish")
@pytest.mark.parametrize("family", FAMILIES)
def test_meld_from_hand_counts_the_provisional_melds(family: str) -> None:
    for state in _states(family, range(19, 21)):
        if state.phase is not Phase.PLAY:
            continue
        team = state.turn % len(state.melds)
        for action in legal_actions(state):
            if action.type is not ActionType.MELD:
                continue
            after = apply_meld(state, action.cards, action.wild_at)
            assert not isinstance(after, Violation)
            if after.phase is Phase.PLAY and after.turn == state.turn and after.hands[state.turn]:
                assert after.provisional == count_provisional(state, after.melds[team])


@pytest.mark.clause("opening-take-back")
@pytest.mark.parametrize("family", FAMILIES)
def test_opening_take_back_returns_the_provisional_cards(family: str) -> None:
    for state in _states(family, range(21, 24)):
        taken = apply_take_back(state)
        team = state.turn % len(state.melds)
        if state.phase is not Phase.PLAY or not is_provisional(state, team):
            assert isinstance(taken, Violation)
            continue
        provisional = get_provisional_melds(state, team)
        back = [c for m in provisional for c in (*m.cards, *m.spare)]
        seat = state.turn
        melds = state.melds[team]
        expected = replace(
            state,
            hands=tuple(
                tuple(sorted((*h, *back))) if s == seat else h for s, h in enumerate(state.hands)
            ),
            melds=tuple(
                melds[: len(melds) - len(provisional)] if t == team else m
                for t, m in enumerate(state.melds)
            ),
            provisional=0,
            turn_laid=False,
        )
        assert taken == expected


@pytest.mark.clause("opening-clean-run")
def test_opening_clean_run_missing_is_the_same_violation_each_time() -> None:
    set_only = koz_state(hands=["5H 6H"], melds=[["9S 9H 9D"]], phase=Phase.PLAY)
    problem = check_opening(KOZ, set_only.melds[0], 0, 10)
    assert problem == Violation(
        "opening-clean-run",
        "no-clean-run",
        "the first opening needs a run of three or more naturals with no wild",
    )
