"""The enumeration of melds and lay-offs (kanasta.candidates) agrees with brute force.

Brute force tries every sub-multiset of the hand under the meld rules; the
enumeration, with its caches, hand parts and capped wild cards, must find
exactly the same options, in every family and for any hand a deck can supply.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kanasta import strategies
from kanasta.candidates import get_lay_off_options, get_meld_options, sub_multisets
from kanasta.cards import Card
from kanasta.errors import Violation
from kanasta.melds import get_lay_off_arrangements, get_meld_arrangements
from kanasta.profiles import RulesProfile

Option = tuple[tuple[Card, ...], int | None]


def brute_melds(profile: RulesProfile, hand: tuple[Card, ...]) -> set[Option]:
    found: set[Option] = set()
    for sub in sub_multisets(hand):
        if len(sub) >= 3:
            found.update((sub, m.wild_at) for m in get_meld_arrangements(profile, sub))
    return found


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
    assert listed == sorted(listed, key=lambda o: (o[0], -1 if o[1] is None else o[1]))


@pytest.mark.clause("legal-action-count", "lay-off")
@given(strategies.profiles(), st.data())
def test_lay_off_options_are_every_legal_batch(profile: RulesProfile, data: st.DataObject) -> None:
    meld = data.draw(strategies.grown_melds(profile, max_lay_offs=2))
    extra = data.draw(strategies.lay_off_batches(profile, meld))
    hand = tuple(sorted(data.draw(strategies.meldable_hands(profile, max_size=7)) + extra))
    expected: set[Option] = set()
    for sub in sub_multisets(hand):
        if sub:
            result = get_lay_off_arrangements(profile, meld, sub)
            if not isinstance(result, Violation):
                expected.update((sub, m.wild_at) for m in result)
    options = get_lay_off_options(profile, meld, hand)
    listed = [(batch, m.wild_at) for batch, m in options]
    assert len(listed) == len(set(listed))
    assert set(listed) == expected
