"""Chapter 11: atomic actions, their JSON, and the legal-action list and count.

The central check compares :func:`legal_actions` with a brute force that tries
every sub-multiset of the hand as a meld and as a lay-off onto every team
meld, in states reached by random play.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from kanasta.engine import legal_actions
from kanasta.errors import InputError, Violation
from kanasta.families.koz import PROFILE as KOZ
from kanasta.fast.candidates import get_meld_options
from kanasta.io.action_json import action_from_json, action_to_json
from kanasta.rules.actions import (
    TAKE_PILE,
    Action,
    ActionType,
    action_order,
    apply_action,
    count_action_sequences,
    format_action,
)
from kanasta.rules.cards import parse_cards, sub_multisets
from kanasta.rules.deal import deal_from_seed, new_hand
from kanasta.rules.melds import get_lay_off_arrangements, get_meld_arrangements
from kanasta.rules.state import Phase, State
from tests.koz.util import accept, disc, draw, koz_state, lay, meld, reject


def _brute_force(state: State) -> set[Action]:
    """Every legal action, found by trying every sub-multiset of the hand."""
    found: set[Action] = set()
    if state.phase is Phase.DRAW:
        for action in (Action(ActionType.DRAW), TAKE_PILE):
            if not isinstance(apply_action(state, action), Violation):
                found.add(action)
        return found
    hand = state.hands[state.turn]
    team_melds = state.melds[state.team]
    subsets: set[tuple[int, ...]] = set()
    for size in range(1, len(hand) + 1):
        subsets.update(combinations(hand, size))
    for sub in subsets:
        candidates: list[Action] = []
        if len(sub) >= 3:
            for m in get_meld_arrangements(KOZ, sub):
                candidates.append(Action(ActionType.MELD, sub, 0, m.wild_at))
        for index, target in enumerate(team_melds):
            result = get_lay_off_arrangements(KOZ, target, sub)
            if not isinstance(result, Violation):
                for m in result:
                    candidates.append(Action(ActionType.LAY_OFF, sub, index, m.wild_at))
        for action in candidates:
            if not isinstance(apply_action(state, action), Violation):
                found.add(action)
    for card in set(hand):
        action = Action(ActionType.DISCARD, (card,))
        if not isinstance(apply_action(state, action), Violation):
            found.add(action)
    if not isinstance(apply_action(state, Action(ActionType.TAKE_BACK)), Violation):
        found.add(Action(ActionType.TAKE_BACK))
    return found


def _random_states(seed: int, count: int, max_hand: int) -> list[State]:
    rng = random.Random(seed)
    state = new_hand(KOZ, deal_from_seed(KOZ, seed, 3), dealer=3)
    states: list[State] = []
    while len(states) < count and not state.hand_over:
        if len(state.hands[state.turn]) <= max_hand:
            states.append(state)
        following = apply_action(state, rng.choice(legal_actions(state)))
        assert not isinstance(following, Violation)
        state = following
    return states


@pytest.mark.clause("legal-action-count", "card-identity")
@pytest.mark.parametrize("seed", range(6))
def test_legal_action_count_equals_the_brute_force(seed: int) -> None:
    for state in _random_states(seed, 40, max_hand=11)[::3]:
        listed = legal_actions(state)
        assert len(set(listed)) == len(listed), "an action is listed twice"
        assert list(listed) == sorted(listed, key=action_order), "not in canonical order"
        assert set(listed) == _brute_force(state)


@pytest.mark.clause("legal-action-count")
@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        ("2H 3H 4H 5H JK 2C 9S 9S 9D", [["6H 7H 8H"]]),
        ("AH 2H 3H QH KH JK 2D 5C", [["9H 10H JK"]]),
        ("5S 6S 8S 9S 2S 2C JK JK 4D", [["3S 4S 2S"]]),
        ("8C 8D 8D 8S 2H JK 3C 3C", [["8H 8H JK", "4D 5D 6D"]]),
        ("2C 2D 2H JK JK 5C 7C 9C", [["2S 2S JK"]]),
    ],
)
def test_legal_action_count_brute_force_on_tricky_hands(hand: str, melds: list[list[str]]) -> None:
    state = koz_state(hands=[hand], melds=melds, phase=Phase.PLAY)
    assert set(legal_actions(state)) == _brute_force(state)


@pytest.mark.clause("legal-action-count")
def test_legal_action_count_before_the_opening_includes_short_melds() -> None:
    state = koz_state(hands=["3H 4H 5H 8C 8D 8S 2C KD"], phase=Phase.PLAY)
    listed = set(legal_actions(state))
    assert listed == _brute_force(state)
    assert meld("3H 4H 5H") in listed
    assert Action(ActionType.TAKE_BACK) not in listed
    after = accept(state, meld("3H 4H 5H"))
    assert set(legal_actions(after)) == _brute_force(after)
    assert Action(ActionType.TAKE_BACK) in legal_actions(after)


@pytest.mark.clause("legal-action-count")
def test_legal_action_count_wild_places_are_separate_actions() -> None:
    state = koz_state(hands=["5H 6H 7H JK 9C 9D"], phase=Phase.PLAY, melds=[["4S 5S 6S"]])
    listed = legal_actions(state)
    assert meld("5H 6H 7H JK", 4) in listed
    assert meld("5H 6H 7H JK", 8) in listed
    assert lay(0, "JK", 3) in listed
    assert lay(0, "JK", 7) in listed


@pytest.mark.clause("legal-action-count")
def test_legal_action_count_thirteen_naturals_count_once_ace_low() -> None:
    state = koz_state(hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 4D"], phase=Phase.PLAY)
    thirteen = [a for a in legal_actions(state) if len(a.cards) == 13]
    assert len(thirteen) == 1
    after = accept(state, thirteen[0])
    assert after.melds[0][0].low == 1


@pytest.mark.clause("legal-action-count")
def test_count_action_sequences_is_perft() -> None:
    state = koz_state(hands=["3H 4H 5H 8C"], discard="8D", stock_top="8S")
    depth2 = sum(
        len(legal_actions(following))
        for action in legal_actions(state)
        if not isinstance(following := apply_action(state, action), Violation)
    )
    assert count_action_sequences(state, 2, legal=legal_actions) == depth2
    assert count_action_sequences(state, 1, legal=legal_actions) == len(legal_actions(state))
    assert count_action_sequences(state, 0, legal=legal_actions) == 1
    assert count_action_sequences(state, 3) > depth2


@pytest.mark.clause("legal-action-count")
def test_sub_multisets_counts_copies_once() -> None:
    cards = parse_cards("5H 5H 6H")
    subs = list(sub_multisets(cards))
    assert len(subs) == 6
    assert len(set(subs)) == 6
    assert (parse_cards("5H")[0],) in subs
    assert list(sub_multisets(cards, max_size=1)) == [(), parse_cards("6H"), parse_cards("5H")]


@pytest.mark.clause("legal-action-count")
def test_meld_options_are_cached_and_stable() -> None:
    hand = tuple(sorted(parse_cards("3H 4H 5H 6H JK 8C 8D 8S")))
    first = get_meld_options(KOZ, hand)
    assert get_meld_options(KOZ, hand) is first
    assert len({(cards, m.wild_at) for cards, m in first}) == len(first)
    assert all(cards == m.all_cards for cards, m in first)


@pytest.mark.clause("action-kinds")
def test_action_kinds_a_discard_names_one_card() -> None:
    state = koz_state(hands=["5H 9C"], phase=Phase.PLAY)
    bad = Action(ActionType.DISCARD, tuple(parse_cards("5H 9C")))
    reject(state, bad, "action-kinds", "one-card-discard")


@pytest.mark.clause("action-seat")
def test_action_seat_must_be_the_player_to_act() -> None:
    state = koz_state(hands=["5H 9C"], stock_top="3D")
    refused = apply_action(state, draw(), seat=1)
    assert isinstance(refused, Violation)
    assert (refused.clause, refused.code) == ("action-seat", "not-your-turn")
    assert not isinstance(apply_action(state, draw(), seat=0), Violation)


@pytest.mark.clause("action-json")
@pytest.mark.parametrize(
    "action",
    [
        draw(),
        TAKE_PILE,
        Action(ActionType.TAKE_BACK),
        disc("10S"),
        meld("5H 6H 7H JK", 8),
        meld("8C 8D 8S"),
        lay(2, "9S 10S", None),
        lay(0, "JK", 3),
    ],
)
def test_action_json_round_trips(action: Action) -> None:
    data = action_to_json(action)
    assert action_from_json(data) == (action, None)
    assert format_action(action)


@pytest.mark.clause("action-json")
def test_action_json_reads_a_seat_and_unsorted_cards() -> None:
    action, seat = action_from_json(
        {"type": "meld", "cards": ["7H", "5H", "6H"], "seat": 2, "wild_at": None}
    )
    assert seat == 2
    assert action == meld("5H 6H 7H")
    assert action_to_json(action) == {"type": "meld", "cards": ["5H", "6H", "7H"]}


@pytest.mark.clause("action-json")
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "object"),
        ({"type": "jump"}, "not an action type"),
        ({"type": "draw", "card": "5H"}, "no field"),
        ({"type": "discard"}, "one card"),
        ({"type": "discard", "card": "1X"}, "not a card"),
        ({"type": "meld", "cards": []}, "at least one"),
        ({"type": "meld", "cards": "5H 6H 7H", "wild_at": 15}, "wild_at"),
        ({"type": "meld", "cards": 5}, "list of cards"),
        ({"type": "lay-off", "cards": ["5H"]}, "meld"),
        ({"type": "lay-off", "cards": ["5H"], "meld": -1}, "meld"),
        ({"type": "draw", "seat": "north"}, "seat"),
    ],
)
def test_action_json_rejects_malformed_actions(data: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        action_from_json(data)


@pytest.mark.clause("action-kinds", "legal-action-count")
def test_action_kinds_every_listed_action_applies_during_a_whole_hand() -> None:
    rng = random.Random(12)
    state = new_hand(KOZ, deal_from_seed(KOZ, 12, 3), dealer=3)
    kinds: set[ActionType] = set()
    while not state.hand_over:
        listed = legal_actions(state)
        for action in listed:
            assert not isinstance(apply_action(state, action), Violation)
        choice = rng.choice(listed)
        kinds.add(choice.type)
        result = apply_action(state, choice)
        assert not isinstance(result, Violation)
        state = result
    assert {ActionType.DRAW, ActionType.DISCARD, ActionType.MELD} <= kinds


@pytest.mark.clause("legal-action-count")
def test_legal_action_count_lay_off_batches_of_several_cards() -> None:
    state = koz_state(hands=["7S 8S 9S JK 3D 4D"], melds=[["4S 5S 6S"]], phase=Phase.PLAY)
    listed = legal_actions(state)
    assert lay(0, "7S 8S 9S") in listed
    assert lay(0, "7S 8S") in listed
    assert lay(0, "7S 9S JK", 8) in listed
    assert lay(0, "8S") not in listed
    after = accept(state, lay(0, "7S 8S 9S JK", 10))
    assert after.melds[0][0].size == 7
    assert after.melds[0][0].canasta is not None
    assert len(after.hands[0]) == 2
    assert disc("3D") in legal_actions(after)
