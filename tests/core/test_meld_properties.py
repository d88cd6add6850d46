"""Hypothesis properties of the meld core (chapter 3 and 4)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from kanasta.errors import Violation
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.io.meld_json import meld_from_json, meld_to_json
from kanasta.rules.cards import JOKER, Card, make_card
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import (
    Meld,
    MeldKind,
    apply_lay_off,
    get_lay_off_arrangements,
    get_meld_arrangements,
    get_meld_points,
    validate_meld,
)
from kanasta.testing import strategies
from kanasta.testing.strategies import near_melds

profiles = strategies.profiles()


def signature(result: tuple[Meld, ...]) -> set[tuple[object, ...]]:
    return {(m.kind, m.rank, m.suit, m.low, m.cards, m.wild_at, m.spare) for m in result}


def check_shape(profile: RulesProfile, meld: Meld) -> None:
    """The invariants every legal meld keeps."""
    assert meld.size >= 3
    if profile.max_meld_size is not None:
        assert meld.size <= profile.max_meld_size
    if meld.kind is MeldKind.RUN:
        assert meld.suit is not None
        for index, card in enumerate(meld.cards):
            position = meld.low + index
            if position != meld.wild_at:
                assert card == make_card(1 if position == 14 else position, meld.suit)
        assert meld.high - meld.low + 1 <= 13
        assert meld.wild_count <= profile.max_wilds_per_meld
    elif meld.kind is MeldKind.SET:
        assert meld.wild_count <= profile.max_wilds_per_meld
        assert meld.size - meld.wild_count >= max(profile.min_naturals_per_meld, 1)
    if meld.canasta is None:
        assert meld.size < profile.canasta_size


@pytest.mark.clause("set-definition", "run-definition", "card-identity")
@given(profiles, near_melds(), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_card_order(
    profile: RulesProfile, cards: list[Card], rnd: object
) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    first = get_meld_arrangements(profile, cards)
    second = get_meld_arrangements(profile, shuffled)
    assert signature(first) == signature(second)
    a = validate_meld(profile, cards)
    b = validate_meld(profile, shuffled)
    assert type(a) is type(b)
    if isinstance(a, Violation):
        assert a == b
        assert not first
    else:
        assert first


@pytest.mark.clause("meld-points")
@given(profiles, near_melds())
def test_points_are_the_sum_of_card_values_as_they_stand(
    profile: RulesProfile, cards: list[Card]
) -> None:
    for meld in get_meld_arrangements(profile, cards):
        check_shape(profile, meld)
        expected = sum(
            profile.points.wild_two if card != JOKER else profile.points.by_card[card]
            for card in meld.spare
        )
        every_two_wild = meld.kind is MeldKind.WILD or (
            meld.kind is MeldKind.SET and meld.rank == 2
        )
        for index, card in enumerate(meld.cards):
            natural = meld.kind is MeldKind.RUN and meld.low + index != meld.wild_at
            natural = natural or (meld.kind is MeldKind.SET and card % 13 + 1 == meld.rank)
            is_two = card != JOKER and card % 13 == 1
            if is_two and (every_two_wild or not natural):
                expected += profile.points.wild_two
            else:
                expected += profile.points.by_card[card]
        assert get_meld_points(profile, meld) == expected


@pytest.mark.clause("lay-off", "run-wild-moves")
@given(profiles, near_melds(), st.lists(st.integers(0, 52), min_size=1, max_size=3), st.data())
def test_a_legal_meld_stays_legal_after_any_legal_lay_off(
    profile: RulesProfile, cards: list[Card], batch: list[Card], data: st.DataObject
) -> None:
    options = get_meld_arrangements(profile, cards)
    assume(options)
    meld = data.draw(st.sampled_from(options))
    results = get_lay_off_arrangements(profile, meld, batch)
    if isinstance(results, Violation):
        assert isinstance(apply_lay_off(profile, meld, batch), Violation)
        return
    for grown in results:
        check_shape(profile, grown)
        assert grown.size == meld.size + len(batch)
        assert grown.history == (*meld.history, tuple(sorted(batch)))
        if meld.canasta is not None:
            assert grown.canasta is not None
        rebuilt = meld_from_json(profile, meld_to_json(grown), "$")
        assert rebuilt == grown


@pytest.mark.clause("canasta-kind-fixed")
@given(near_melds(), st.lists(st.lists(st.integers(0, 52), min_size=1, max_size=3), max_size=4))
def test_fi_5200_kind_never_changes_except_to_grand(
    cards: list[Card], batches: list[list[Card]]
) -> None:
    meld = validate_meld(FI_5200, cards)
    assume(isinstance(meld, Meld))
    assert isinstance(meld, Meld)
    for batch in batches:
        grown = apply_lay_off(FI_5200, meld, batch)
        if isinstance(grown, Violation):
            continue
        if meld.canasta is not None and grown.canasta != meld.canasta:
            assert grown.canasta is not None
            assert grown.canasta.value == "grand"
        meld = grown
