"""The engine's fast layer lists and applies exactly as the rules do: every check of
:mod:`kanasta.fast` against :mod:`kanasta.rules`, in one module.

:func:`kanasta.rules.actions.legal_actions` is the definition: every action the phase
could name, kept when :func:`kanasta.rules.actions.apply_action` accepts it, and
turn-must-finish is the rules' plain search (:func:`kanasta.rules.turn.can_finish_turn`).
The engine lists the same actions from remembered tables (:mod:`kanasta.fast.legal`), takes
the pile by its own candidates (:mod:`kanasta.fast.turn`), answers most searches of
turn-must-finish by the opening reach (:mod:`kanasta.fast.reach`) and applies with the meld
rules remembered. The one property below plays random hands of every family, with its
default options and with each option alone
(:func:`kanasta.testing.strategies.get_one_option_profiles`), and compares the two at
each state whose hand is small enough for the rules' plain enumeration. The sections
after it pin the enumeration tables of :mod:`kanasta.fast.candidates` against brute
force where random play seldom goes: the same shapes in other suits and wild cards,
hands that share parts, tables cleared when full.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from kanasta import engine
from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.fast import candidates
from kanasta.fast import legal as actions_module
from kanasta.fast import turn as fast_turn
from kanasta.fast.candidates import (
    get_hand_mask,
    get_lay_off_moves,
    get_lay_off_options,
    get_meld_options,
    remember,
)
from kanasta.fast.reach import get_opening_reach
from kanasta.io.scenario import build_state
from kanasta.play.selfplay import play_random_hand
from kanasta.rules.actions import Action, ActionType, action_order, apply_action
from kanasta.rules.actions import legal_actions as rules_legal_actions
from kanasta.rules.cards import JOKER, Card, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import MeldKind, apply_lay_off, validate_meld
from kanasta.rules.points import to_half_points
from kanasta.rules.state import Phase, State
from kanasta.rules.turn import can_finish_turn
from kanasta.testing import strategies
from kanasta.testing import strategies as ks
from kanasta.testing.strategies import count_in_deck, get_one_option_profiles
from tests.properties.brute import (
    Option,
    brute_lay_offs,
    brute_melds,
    brute_moves,
    meld_of,
    option_order,
    within_deck,
)

# --------------------------------------------------------------------------- random play

_MOST_CARDS = 10
"""The rules try every sub-multiset of the hand (and, for a side that has not opened in a
family without a take-back, every sequence of melds): compare where hands are small."""
_MOST_CARDS_DRAWING = 14
"""In the draw phase the rules offer only the hand's cards that could meld with the top."""
_PROFILES = [
    *get_one_option_profiles(),
    # The two options that let a take of the pile name more cards, together.
    get_profile("classic", ("black-three-last-turn", "concealed-canasta")),
]
_EXAMPLES = max(4, int(os.environ.get("KANASTA_SELFPLAY_HANDS", "200")) // 250)
"""Hands per profile (4; 40 in ``nox -s thorough``)."""
_LAYING = (ActionType.MELD, ActionType.LAY_OFF)
_MOST_CARDS_AFTER_LAYING = 11
"""After a meld or lay-off the play phase goes on with a hand that has just shrunk."""


def _compare(state: State) -> int:
    """Compare the listings and every listed action's result; the number of actions."""
    listed = engine.legal_actions(state)
    assert listed == rules_legal_actions(state)
    for action in listed:
        fast = engine.apply(state, action)
        assert not isinstance(fast, Violation), action
        assert fast == apply_action(state, action), action
    return len(listed)


def _is_small(state: State) -> bool:
    most = _MOST_CARDS_DRAWING if state.phase is Phase.DRAW else _MOST_CARDS
    return len(state.hands[state.turn]) <= most


def _name(profile: RulesProfile) -> str:
    return "+".join((profile.family, *profile.options))


@pytest.mark.clause(
    "legal-action-count",
    "action-kinds",
    "turn-must-finish",
    "classic-take-pile",
    "classic-no-take-back",
)
@pytest.mark.parametrize("profile", _PROFILES, ids=_name)
@settings(max_examples=_EXAMPLES, deadline=None)
@given(
    seed=ks.seeds(),
    picks=st.lists(st.integers(0, 1 << 30), min_size=30, max_size=120),
    lean=st.sampled_from([None, ActionType.TAKE_PILE, ActionType.MELD]),
)
def test_fast_layer_equals_the_rules(
    profile: RulesProfile, seed: int, picks: list[int], lean: ActionType | None
) -> None:
    """legal-action-count: on states reached by random play, the engine lists the rules'
    legal actions, in their order, and applies each as the rules do.

    ``lean``: half the time the player takes the pile, or melds or lays off, when it can,
    so that play reaches piles of every kind taken, frozen piles, short hands after melds
    and lay-offs, and (classic-no-take-back) the sides that have not opened, whose melds
    the opening reach judges in the engine and the plain search in the rules."""
    state = engine.new_hand(profile, seed=seed)
    for pick in picks:
        if state.phase is Phase.OVER:
            break
        if _is_small(state):
            _compare(state)
        listed = engine.legal_actions(state)
        leaning = [
            a for a in listed if a.type is lean or (lean is ActionType.MELD and a.type in _LAYING)
        ]
        chosen = leaning if leaning and pick % 2 else listed
        following = engine.apply(state, chosen[pick // 2 % len(chosen)])
        assert not isinstance(following, Violation)
        state = following


@pytest.mark.clause("turn-must-finish", "classic-no-take-back", "classic-black-threes-last")
@pytest.mark.parametrize("profile", _PROFILES, ids=_name)
@settings(max_examples=_EXAMPLES, deadline=None)
@given(seed=ks.seeds(), picks=st.lists(st.integers(0, 1 << 30), min_size=30, max_size=120))
def test_turn_must_finish_search_over_the_tables_is_the_rules_search(
    profile: RulesProfile, seed: int, picks: list[int]
) -> None:
    """turn-must-finish: on the play-phase states of random play that lean to melds and
    lay-offs, the engine's search over its tables (and the engine's check with its
    shortcuts) answers as the rules' search over every sub-multiset of the hand."""
    state = engine.new_hand(profile, seed=seed)
    for pick in picks:
        if state.phase is Phase.OVER:
            break
        if state.phase is Phase.PLAY and len(state.hands[state.turn]) <= _MOST_CARDS:
            expected = can_finish_turn(state)
            assert fast_turn._can_lay_to_finish(state) is expected
            assert fast_turn.can_finish_turn_fast(state) is expected
        listed = engine.legal_actions(state)
        laying = [a for a in listed if a.type in _LAYING]
        chosen = laying if laying and pick % 2 else listed
        following = engine.apply(state, chosen[pick // 2 % len(chosen)])
        assert not isinstance(following, Violation)
        state = following


@pytest.mark.clause("turn-must-finish", "classic-black-threes-last", "classic-no-take-back")
def test_turn_must_finish_search_over_the_tables_melds_black_threes_going_out() -> None:
    """The one arrangement the meld tables never list: black threes melded going out. After
    a canasta of kings (70 of the 90 an opening needs at 1500), only the four black threes
    (20) complete the opening, leaving 4H to discard and go out with."""
    start = build_state(
        get_profile("classic"),
        hands=["KC KC KD KD KH KH KS 3C 3C 3S 3S 4H"],
        phase=Phase.PLAY,
        team_scores=[1500, 0],
    )
    after = engine.apply(start, Action(ActionType.MELD, tuple(parse_cards("KC KC KD KD KH KH KS"))))
    assert not isinstance(after, Violation)
    assert can_finish_turn(after)
    assert fast_turn._can_lay_to_finish(after)
    assert fast_turn.can_finish_turn_fast(after)


def _check_listings(family: str, hands: int, seed: int, budget: int) -> tuple[int, int]:
    """Play ``hands`` random hands; after up to ``budget`` melds and lay-offs (and after
    every one that took up a fi packet), compare the listing with the rules'. Returns
    how many listings were compared and how many of them followed a fi packet."""
    rng = random.Random(seed)
    checked = 0
    after_pickup = 0

    def check(before: State, action: Action, after: State) -> None:
        nonlocal checked, after_pickup
        if action.type not in _LAYING or after.phase is not Phase.PLAY:
            return
        hand = after.hands[after.turn]
        took_packet = len(hand) >= len(before.hands[before.turn])
        if len(hand) > _MOST_CARDS_AFTER_LAYING or not (took_packet or checked < budget):
            return
        assert engine.legal_actions(after) == rules_legal_actions(after), action
        checked += 1
        after_pickup += took_packet

    for index in range(hands):
        play_random_hand(family, seed + index, rng, on_step=check)
    return checked, after_pickup


@pytest.mark.clause("legal-action-count", "fi-pickup")
def test_actions_listed_after_a_meld_takes_up_a_fi_packet_are_the_rules() -> None:
    """In koz a meld that empties the hand takes up a fi packet and the turn goes on
    with other cards: nothing of the hand before may be listed."""
    # Deals 45 and 59, each with its own seed for the policy, take up a packet so.
    pickups = [_check_listings("koz", 1, seed, 0)[1] for seed in (45, 59)]
    assert pickups == [1, 1]


# --------------------------------------------------------------------------- the opening reach

P = to_half_points


@pytest.mark.clause("classic-no-take-back", "classic-opening-minimum")
def test_classic_no_take_back_reach_bounds_the_search() -> None:
    """The reach of a hand with no melds yet, by hand: what the sequence every rule allows
    reaches, and the bound of every sequence."""
    classic = get_profile("classic")
    hand = tuple(sorted(parse_cards("9C 9D 9H KC KD JK 2C 3S 3S 3C 6S")))
    reach = get_opening_reach(classic, (), hand)
    # 9s (30) and the joker and the 2 in their room (70): the pair of kings needs a wild too.
    assert (reach.reached, reach.kept) == (P(100), 6)
    assert reach.every_wild_placed
    assert reach.sure_ranks == {9}
    # At most: the kings and the black threes as well (20 + 15), the wilds where room is.
    assert reach.most == P(100 + 20 + 15)


# --------------------------------------------------------------------------- meld tables


@pytest.mark.clause("legal-action-count")
@given(strategies.profiles(), st.data())
def test_meld_options_are_every_legal_sub_multiset(
    profile: RulesProfile, data: st.DataObject
) -> None:
    hand = data.draw(strategies.meldable_hands(profile, max_size=10))
    options = get_meld_options(profile, hand)
    listed = [(cards, m.wild_at) for cards, m in options]
    assert len(listed) == len(set(listed))
    assert set(listed) == brute_melds(profile, hand)
    assert listed == sorted(listed, key=option_order)


@pytest.mark.clause("legal-action-count", "lay-off")
@given(strategies.profiles(), st.data())
def test_lay_off_options_are_every_legal_batch(profile: RulesProfile, data: st.DataObject) -> None:
    meld = data.draw(strategies.grown_melds(profile, max_lay_offs=2))
    extra = data.draw(strategies.lay_off_batches(profile, meld))
    hand = within_deck(
        profile, meld.cards, data.draw(strategies.meldable_hands(profile, max_size=7)) + extra
    )
    expected = brute_lay_offs(profile, meld, hand)
    options = get_lay_off_options(profile, meld, hand)
    listed = [(batch, m.wild_at) for batch, m in options]
    assert len(listed) == len(set(listed))
    assert set(listed) == expected
    # The legal-action list's form: the same lay-offs, in the same order, and
    # each option's meld is the one the lay-off makes.
    assert list(get_lay_off_moves(profile, meld, hand)) == listed
    for batch, result in options:
        assert apply_lay_off(profile, meld, batch, wild_at=result.wild_at) == result


@pytest.mark.clause("legal-action-count", "lay-off", "run-wild-moves")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
@pytest.mark.parametrize(
    ("run", "wild_at", "hand"),
    [
        # The same shapes in every suit, with different wild cards: the moves found
        # for one are spelled out for the others, and must be theirs.
        ("4H 5H 6H 7H", None, "3H 8H 9H JK 2C KS"),
        ("4S 5S 6S 7S", None, "3S 8S 9S 2D 2H KC"),
        ("4C 5C 6C 7C", None, "3C 8C 9C 2D JK 2S KD"),
        ("5D 6D 7D JK", 8, "4D 8D 9D 2D 2D 2S"),
        ("5S 6S 7S 2D", 8, "4S 8S 9S 2S 2S JK"),
        ("5H 6H 7H 2H", 8, "2H 4H 8H AH JK"),
        ("QC KC AC 2S", 11, "JC 10C 2C AC JK 2H"),
        # Sets: the same counts of naturals and wild cards, other suits and kinds.
        ("7H 7S 7C", None, "7D 7D 7H JK 2C 9S"),
        ("8H 8S 8C", None, "8D 8C 8C 2S 2H 9S"),
        ("9D 9D JK", None, "9S 9H 9H 2C"),
        ("10C 10S 2H", None, "10D 10H 10H JK"),
    ],
)
def test_lay_off_moves_agree_across_suits_and_wild_cards(
    profile: RulesProfile, run: str, wild_at: int | None, hand: str
) -> None:
    meld = meld_of(profile, run, wild_at)
    cards = tuple(sorted(parse_cards(hand)))
    expected = sorted(brute_lay_offs(profile, meld, cards), key=option_order)
    assert expected, "each case has at least one lay-off"
    assert list(get_lay_off_moves(profile, meld, cards)) == expected
    for batch, at in expected:
        result = apply_lay_off(profile, meld, batch, wild_at=at)
        assert not isinstance(result, Violation)
        assert result.wild_at == at


@pytest.mark.clause("legal-action-count", "run-definition", "natural-two-in-place")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
@pytest.mark.parametrize(
    "hand",
    [
        # One shape of run hand in every suit and with different wild cards: the
        # runs found for the first are spelled out for the others.
        "3H 4H 5H 7H JK",
        "3S 4S 5S 7S 2C",
        "3C 4C 5C 7C 2D 2H",
        "3D 4D 5D 7D 2D JK",
        "AC 2C 3C 4C 2S",
        "AH 2H 3H 4H 2H JK",
    ],
)
def test_run_meld_options_agree_across_suits_and_wild_cards(
    profile: RulesProfile, hand: str
) -> None:
    cards = tuple(sorted(parse_cards(hand)))
    listed = [(batch, m.wild_at) for batch, m in get_meld_options(profile, cards)]
    assert listed, "each case has at least one meld"
    assert set(listed) == brute_melds(profile, cards)


def _table_melds(profile: RulesProfile, hand: tuple[Card, ...]) -> list[tuple[Option, int]]:
    entries = actions_module._meld_table(profile, hand, get_hand_mask(hand))[0]
    return [((cards, None if at == -1 else at), set_rank) for cards, at, _, _, set_rank in entries]


def _option_melds(profile: RulesProfile, hand: tuple[Card, ...]) -> list[tuple[Option, int]]:
    return [
        ((cards, m.wild_at), m.rank if m.kind is MeldKind.SET else 0)
        for cards, m in get_meld_options(profile, hand)
    ]


@pytest.mark.clause("legal-action-count")
@given(strategies.profiles(), st.data())
def test_new_melds_of_related_hands_are_the_meld_options(
    profile: RulesProfile, data: st.DataObject
) -> None:
    """A hand's new melds as legal_actions lists them are its legal melds, for hands
    that share parts with the last ones (a meld made, cards drawn, wild or not),
    whose parts come from the caches by the cards that decide them."""
    actions_module._TABLES.clear()
    hand = data.draw(strategies.meldable_hands(profile, max_size=10))
    kept = data.draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
    smaller = tuple(c for c, keep in zip(hand, kept, strict=True) if keep)
    added = data.draw(st.lists(st.integers(0, JOKER), max_size=4))
    larger = tuple(sorted(smaller + tuple(added)))
    assume(count_in_deck(profile, larger))
    for cards in (hand, smaller, larger, hand):
        melds = _table_melds(profile, cards)
        assert melds == _option_melds(profile, cards)
        assert [option for option, _ in melds] == sorted(
            brute_melds(profile, cards), key=option_order
        )


@pytest.mark.clause("legal-action-count", "lay-off")
@given(strategies.profiles(), st.data())
def test_lay_off_moves_onto_one_meld_as_the_hand_changes(
    profile: RulesProfile, data: st.DataObject
) -> None:
    # One meld asked again and again while the hand loses and gains cards, as in
    # play: every answer (remembered, filtered from a larger hand's, or found
    # afresh) is the brute-force one.
    meld = data.draw(strategies.grown_melds(profile, max_lay_offs=2))
    extra = data.draw(strategies.lay_off_batches(profile, meld))
    # One deck supplies the meld and the hand (the hand bits hold four copies at most).
    hand = within_deck(
        profile, meld.cards, data.draw(strategies.meldable_hands(profile, max_size=7)) + extra
    )
    for _ in range(4):
        expected = sorted(brute_lay_offs(profile, meld, hand), key=option_order)
        assert list(get_lay_off_moves(profile, meld, hand)) == expected
        assert get_lay_off_moves(profile, meld, hand) == tuple(expected)
        kept = data.draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
        smaller = [c for c, keep in zip(hand, kept, strict=True) if keep]
        added = data.draw(st.lists(strategies.cards(profile), max_size=2))
        hand = within_deck(profile, meld.cards, smaller + added)


@pytest.mark.clause("legal-action-count", "lay-off", "run-wild-moves", "natural-two-in-place")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
@pytest.mark.parametrize(
    ("run", "wild_at", "hands"),
    [
        # The acting 2 of the suit may go home to place 2 when the run reaches it.
        ("3H 4H 5H 2H", 6, ["6H 7H JK", "6H 2H AH", "6H 7H 2S", "7H 8H 2C"]),
        ("4D 5D 6D 2D", 7, ["3D 7D 2D", "3D 8D JK AD", "7D 3D 2H 2H"]),
        # Aces low and high, with the 2 of the suit as a natural or a wild.
        ("JS QS KS", None, ["AS 10S 2S", "AS 9S 2S 2S", "AS AS 8S JK", "10S 8S 2D"]),
        ("2C 3C 4C", None, ["AC 5C 2C", "AC KC QC JK", "AC 6C 7C 2C 2C"]),
        ("AC 2C 3C 4C", None, ["5C 6C 2C", "5C 7C JK", "6C 7C 2C 2H"]),
        # A wild in the gap, naturals far from the run in the hand.
        ("4H 5H 6H JK 8H", 7, ["7H 9H 10H QH", "3H 2H KH", "2H 9H JK 2C"]),
        ("8S 9S 10S 2D QS", 11, ["JS KS AS 2D", "7S 6S 4S JK"]),
    ],
)
def test_lay_off_moves_onto_runs_agree_with_brute_force(
    profile: RulesProfile, run: str, wild_at: int | None, hands: list[str]
) -> None:
    meld = meld_of(profile, run, wild_at)
    for hand in hands:
        cards = tuple(sorted(parse_cards(hand)))
        expected = sorted(brute_lay_offs(profile, meld, cards), key=option_order)
        assert expected, "each hand has at least one lay-off"
        assert list(get_lay_off_moves(profile, meld, cards)) == expected


@pytest.mark.clause("legal-action-count", "lay-off", "wild-spare-outside", "twos-set")
def test_lay_off_moves_onto_fi5200_long_runs_and_sets_of_twos() -> None:
    thirteen = meld_of(FI_5200, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    spare = apply_lay_off(FI_5200, thirteen, parse_cards("JK"))
    twos = meld_of(FI_5200, "2C 2D 2S")
    assert not isinstance(spare, Violation)
    for meld, hand in [
        (thirteen, "JK 2S AH 5D"),
        (spare, "JK 2S AH 5H"),
        (twos, "2H 2H JK JK 3C"),
        (twos, "2S JK"),
    ]:
        cards = tuple(sorted(parse_cards(hand)))
        expected = sorted(brute_lay_offs(FI_5200, meld, cards), key=option_order)
        assert list(get_lay_off_moves(FI_5200, meld, cards)) == expected


@pytest.mark.clause("legal-action-count")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
@pytest.mark.parametrize(
    ("before", "drawn"),
    [
        # A wild card drawn: sets and runs that take it, in every suit and rank.
        ("7H 7S 9C 10C JC KD", "JK"),
        ("7H 7S 9C 10C JC 2D", "2C"),
        # The suit's own 2: it may stand as a natural in its runs.
        ("AH 3H 4H 5H 8S 8D", "2H"),
        # A natural drawn next to an ace that stands at both ends.
        ("AD QD 3D 5S 5S JK", "KD"),
        ("AD QD 3D 5S 5S JK", "2D"),
        # A second copy of a card already held.
        ("6C 7C 8C 8H 2S", "8C"),
    ],
)
def test_new_melds_after_a_draw_are_the_meld_options(
    profile: RulesProfile, before: str, drawn: str
) -> None:
    """The table of the hand after a draw (the parts that hold the drawn card found anew,
    the others from the caches) lists the hand's legal melds."""
    actions_module._TABLES.clear()
    hand = tuple(sorted(parse_cards(before)))
    after = tuple(sorted(hand + tuple(parse_cards(drawn))))
    assert _table_melds(profile, hand) == _option_melds(profile, hand)
    melds = _table_melds(profile, after)
    assert melds == _option_melds(profile, after)
    assert [option for option, _ in melds] == sorted(brute_melds(profile, after), key=option_order)
    assert any(parse_cards(drawn)[0] in cards for (cards, _), _ in melds)


@pytest.mark.clause("legal-action-count")
@given(st.lists(st.integers(0, JOKER), max_size=40), st.randoms(use_true_random=False))
def test_hand_mask_has_one_bit_per_copy(cards: list[Card], rng: random.Random) -> None:
    """Copy n of card c is bit 4c + n, whatever the order of the cards."""
    assume(all(cards.count(c) <= 4 for c in cards))
    expected = sum(1 << (4 * c + n) for c in set(cards) for n in range(cards.count(c)))
    rng.shuffle(cards)
    assert get_hand_mask(cards) == expected
    assert get_hand_mask(tuple(sorted(cards))) == expected


@pytest.mark.clause("legal-action-count", "run-definition")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
@pytest.mark.parametrize(
    ("hand", "far"),
    [
        # Each far card has no natural of its suit within two places (an ace stands
        # at 1 and 14, the suit's 2 at 2), so no run can hold it.
        ("5H 6H JK 2C", "KH"),
        ("5H 7H 2S", "10H"),
        ("AD 2D 9S 9S", "6D"),
        ("QC KC JK", "8C"),
    ],
)
def test_a_natural_no_run_can_hold_changes_no_run(
    profile: RulesProfile, hand: str, far: str
) -> None:
    """The runs of a suit are remembered by the naturals a run can hold: adding a far
    card adds no run and changes none (checked against brute force)."""
    cards = tuple(sorted(parse_cards(hand)))
    more = tuple(sorted(cards + tuple(parse_cards(far))))
    card = parse_cards(far)[0]

    listed = {
        (batch, m.wild_at) for batch, m in get_meld_options(profile, more) if m.kind is MeldKind.RUN
    }
    assert listed == {
        (batch, m.wild_at)
        for batch, m in get_meld_options(profile, cards)
        if m.kind is MeldKind.RUN
    }
    assert not any(card in batch for batch, _ in listed)
    assert listed == {o for o in brute_melds(profile, more) if _is_run(profile, o)}


def _is_run(profile: RulesProfile, option: Option) -> bool:
    meld = validate_meld(profile, option[0], wild_at=option[1])
    return not isinstance(meld, Violation) and meld.kind is MeldKind.RUN


@pytest.mark.clause("legal-action-count")
def test_a_full_memo_table_is_emptied_before_the_next_entry() -> None:
    table: dict[int, str] = {}
    for key in range(3):
        assert remember(table, key, str(key), 3) == str(key)
    assert table == {0: "0", 1: "1", 2: "2"}
    assert remember(table, 7, "7", 3) == "7"
    assert table == {7: "7"}


_FEW_CARDS = st.sampled_from([0, 1, 13, 51, JOKER])
"""Few card kinds, so that melds share prefixes (card 0 and the joker at the ends)."""


@pytest.mark.clause("legal-action-count")
@given(
    st.lists(
        st.tuples(
            st.lists(_FEW_CARDS | st.integers(0, JOKER), min_size=1, max_size=24).map(
                lambda c: tuple(sorted(c))
            ),
            st.none() | st.integers(1, 14),
        ),
        min_size=2,
        max_size=12,
    )
)
@example([((JOKER,), 14), ((0, 0), 1), ((0, 0), None), ((0,), None)])
def test_the_order_key_of_new_melds_sorts_as_the_canonical_order(
    melds: list[tuple[tuple[Card, ...], int | None]],
) -> None:
    """The one-int key that sorts a hand's new melds orders them as action_order does,
    prefixes and wild places included."""
    built = [Action(ActionType.MELD, cards, 0, wild_at) for cards, wild_at in melds]
    by_key = sorted(built, key=lambda a: actions_module._order_key(a.cards, a.wild_at))
    assert by_key == sorted(built, key=action_order)


def test_a_meld_longer_than_two_decks_allow_has_no_order_key() -> None:
    with pytest.raises(ValueError, match="25 cards"):
        actions_module._order_key(tuple(range(25)), None)


@pytest.mark.clause("run-thirteen-ace-low", "legal-action-count")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
def test_run_thirteen_ace_low_lay_off_moves_agree_with_brute_force(profile: RulesProfile) -> None:
    # Runs that a lay-off can bring to thirteen places, the ace high before it.
    cases = [
        ("QH KH AH", None, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH 5D"),
        ("10H JH QH KH AH", None, "2H 3H 4H 5H 6H 7H 8H 9H JK 2C"),
        ("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", None, "2H 2C JK"),
        ("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2C", 2, "2H 5D"),
        ("AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH", 7, "7H JK"),
    ]
    for run, wild_at, hand in cases:
        meld = meld_of(profile, run, wild_at)
        cards = tuple(sorted(parse_cards(hand)))
        expected = sorted(brute_lay_offs(profile, meld, cards), key=option_order)
        assert list(get_lay_off_moves(profile, meld, cards)) == expected, run
        for batch, at in expected:
            grown = apply_lay_off(profile, meld, batch, wild_at=at)
            assert not isinstance(grown, Violation)
            if len(grown.cards) == 13 and grown.wild_at != 14:
                assert grown.low == 1, (run, batch, at)


# --------------------------------------------------------------------------- lay-off tables


@pytest.mark.clause("legal-action-count", "lay-off", "set-definition", "one-wild-per-meld")
@given(strategies.profiles(), st.data())
def test_set_lay_offs_agree_with_brute_force_across_sets_of_one_shape(
    profile: RulesProfile, data: st.DataObject
) -> None:
    # Sets asked one after the other, so that later ones meet the sizes judged
    # for earlier ones (other ranks, suits and wild kinds).
    for _ in range(3):
        meld = data.draw(strategies.grown_melds(profile, max_lay_offs=2))
        if meld.kind is not MeldKind.SET:
            continue
        extra = data.draw(strategies.lay_off_batches(profile, meld))
        hand = within_deck(
            profile, meld.cards, data.draw(strategies.meldable_hands(profile, max_size=6)) + extra
        )
        assert list(get_lay_off_moves(profile, meld, hand)) == brute_moves(profile, meld, hand)


@pytest.mark.clause("legal-action-count", "lay-off", "set-definition", "one-wild-per-meld")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
def test_set_lay_offs_of_one_shape_agree_across_ranks_and_wild_kinds(
    profile: RulesProfile,
) -> None:
    # Same counts of naturals and wild cards on the table and in the hand; the
    # first set's batches are judged, the others' come from those sizes.
    cases = [
        ("7H 7S 7C", "7D 7D JK 9S"),
        ("KD KS KC", "KH KH 2C 5C"),
        ("4C 4C 4S", "4D 4H 2S 2S QC"),
        ("9D 9D JK", "9S 9H JK 2C"),
        ("10C 10S 2H", "10D 10H 10H JK"),
        ("QC QH 2D", "QS QD JK 2S"),
    ]
    for set_cards, hand_cards in cases:
        meld = meld_of(profile, set_cards)
        hand = tuple(sorted(parse_cards(hand_cards)))
        expected = brute_moves(profile, meld, hand)
        assert expected, "each case has at least one lay-off"
        assert list(get_lay_off_moves(profile, meld, hand)) == expected


@pytest.mark.clause("legal-action-count", "lay-off", "run-wild-moves")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
def test_run_facts_are_those_of_a_fresh_run_of_the_same_cards(profile: RulesProfile) -> None:
    # A run grown from other batches holds the same cards: its remembered facts
    # are those found for a fresh meld, and its lay-offs are the brute-force ones.
    grown = apply_lay_off(profile, meld_of(profile, "5S 6S 7S"), parse_cards("8S"))
    assert not isinstance(grown, Violation)
    fresh = meld_of(profile, "5S 6S 7S 8S")
    assert grown.cards == fresh.cards
    assert grown.history != fresh.history
    candidates._RUN_INFOS.clear()
    info = candidates._run_info(profile, fresh)
    assert candidates._run_info(profile, grown) == info
    candidates._RUN_INFOS.clear()
    assert candidates._run_info(profile, grown) == info
    hand = tuple(sorted(parse_cards("4S 9S 2C JK")))
    assert list(get_lay_off_moves(profile, grown, hand)) == brute_moves(profile, grown, hand)


@pytest.mark.clause("legal-action-count", "lay-off", "run-wild-moves")
def test_run_lay_offs_stay_right_when_the_tables_are_cleared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Tables of three entries, cleared again and again: a run shape met after a
    # clear must never take the number (and so the lay-offs) of an earlier one.
    for name in ("_RUN_KEY_IDS", "_RUN_FITS", "_RUN_LAY_OFFS", "_PROPOSALS", "_MELD_MOVES"):
        monkeypatch.setattr(candidates, name, {})
    monkeypatch.setattr(candidates, "_RUN_INFOS", {}, raising=False)
    monkeypatch.setattr(candidates, "_BATCHES_LIMIT", 3)
    # A joker alone after runs that none of the hands can join: the run met
    # after the clear asks the same question of the tables as the first did.
    steps = [
        ("3H 4H 5H", "JK"),
        ("6C 7C 8C", "5D"),
        ("9D 10D JD", "5S"),
        ("10H JH QH", "JK"),
        ("4S 5S 6S 7S", "2H 7H JK 5D"),
        ("6H 7H 8H", "JK"),
        ("3H 4H 5H", "2H 7H JK 5D"),
    ]
    for _ in range(2):
        for run, hand_cards in steps:
            meld = meld_of(KOZ, run)
            hand = tuple(sorted(parse_cards(hand_cards)))
            assert list(get_lay_off_moves(KOZ, meld, hand)) == brute_moves(KOZ, meld, hand)


@pytest.mark.clause("legal-action-count", "lay-off", "run-wild-moves", "one-wild-per-meld")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
@pytest.mark.parametrize(
    ("run", "wild_at", "hands"),
    [
        # A run holding another wild card: in koz the hand's wild cards change nothing.
        ("4H 5H 6H JK 8H", 7, ["9H JK", "9H 2C", "9H", "JK 2C", "7H JK", "7H", "3H 2H 2H"]),
        ("8S 9S 10S 2D QS", 11, ["JS KS", "JS KS JK", "7S", "7S 2S JK", "2S"]),
        # Its acting 2 may go home, freeing the place for a wild card of the hand.
        ("3H 4H 5H 2H", 6, ["6H", "6H JK", "2H 6H 7H", "2H 6H 7H 2C", "JK", "2H"]),
    ],
)
def test_run_lay_offs_as_the_hand_changes_its_wild_cards(
    profile: RulesProfile, run: str, wild_at: int, hands: list[str]
) -> None:
    # One run on the table, asked with hands that differ in their wild cards:
    # each answer, remembered for the run or found afresh, is the brute-force one.
    meld = meld_of(profile, run, wild_at)
    for hand_cards in hands:
        hand = tuple(sorted(parse_cards(hand_cards)))
        assert list(get_lay_off_moves(profile, meld, hand)) == brute_moves(profile, meld, hand)
