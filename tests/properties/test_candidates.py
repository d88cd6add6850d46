"""The enumeration of melds and lay-offs (kanasta.fast.candidates) agrees with brute force.

Brute force tries every sub-multiset of the hand under the meld rules; the
enumeration, with its caches, hand parts and capped wild cards, must find
exactly the same options, in every family and for any hand a deck can supply.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from kanasta.errors import Violation
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.fast import legal as actions_module
from kanasta.fast.candidates import (
    get_hand_mask,
    get_lay_off_moves,
    get_lay_off_options,
    get_meld_options,
    remember,
)
from kanasta.rules.actions import Action, ActionType, action_order
from kanasta.rules.cards import JOKER, Card, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import MeldKind, apply_lay_off, validate_meld
from kanasta.testing import strategies
from kanasta.testing.strategies import count_in_deck
from tests.properties.brute import (
    Option,
    brute_lay_offs,
    brute_melds,
    meld_of,
    option_order,
    within_deck,
)


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
