"""Property tests of the native engine through kanasta's Hypothesis strategies.

Card conservation and the JSON of the native deal (any profile, seed and dealer), and the
native meld verdicts and move generators on the strategies' meld-shaped inputs, each
against the reference. The example counts follow the Hypothesis profile (fast by default,
thorough in ``nox -s thorough``).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kanasta.engine as facade
from kanasta.conformance.checks import get_state_cards
from kanasta.conformance.engine_api import FacadeEngine
from kanasta.conformance.native_adapter import NativeImplementation
from kanasta.conformance.reference import ReferenceImplementation, arrangement_to_json
from kanasta.fast.candidates import get_meld_options
from kanasta.native import NativeEngine, load
from kanasta.rules.cards import Card, format_cards, get_deck, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.testing.strategies import get_one_option_profiles, meldable_hands, near_melds, seeds

ALL_PROFILES = get_one_option_profiles()
profiles = st.sampled_from(ALL_PROFILES)


@pytest.mark.clause("deck-composition", "seeded-shuffle", "state-json")
@given(profile=profiles, seed=seeds(), data=st.data())
def test_a_native_deal_holds_one_deck_and_is_the_reference_deal(
    profile: RulesProfile, seed: int, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, profile.players - 1))
    scores = data.draw(
        st.lists(st.integers(-5000, 5000), min_size=profile.team_count, max_size=profile.team_count)
    )
    native, reference = NativeEngine(), FacadeEngine(facade)
    mine = native.state_to_json(
        profile, native.new_hand_of_game(profile, None, seed, dealer, scores, "$")
    )
    assert Counter(parse_cards(get_state_cards(mine))) == Counter(get_deck(profile.deck_jokers))
    theirs = reference.state_to_json(
        profile, reference.new_hand_of_game(profile, None, seed, dealer, scores, "$")
    )
    assert mine == theirs


@pytest.mark.clause("set-definition", "run-definition", "neither-set-nor-run-fault")
@given(profile=profiles, cards=near_melds(), going_out=st.booleans())
def test_native_verdicts_on_near_melds_equal_the_reference(
    profile: RulesProfile, cards: list[Card], going_out: bool
) -> None:
    request = {
        "seq": 1,
        "type": "meld",
        "variant": profile.family,
        "features": list(profile.options),
        "cards": format_cards(cards).split(),
        "lay_offs": [],
        "going_out": going_out,
    }
    mine = NativeImplementation().answer(request)
    theirs = ReferenceImplementation().answer(request)
    mine.pop("detail", None)
    theirs.pop("detail", None)
    assert mine == theirs


@pytest.mark.clause("legal-action-count")
@given(data=st.data())
def test_native_meld_options_on_meldable_hands_equal_the_reference(data: st.DataObject) -> None:
    profile = data.draw(profiles)
    hand = data.draw(meldable_hands(profile, max_size=16))
    module = load()
    options = module.meld_options(
        NativeEngine(module).native_profile(profile), format_cards(hand).split()
    )
    mine = [(o["cards"], o["wild_at"], o["arrangement"]) for o in options]
    theirs = [
        (format_cards(cards).split(), meld.wild_at, arrangement_to_json(meld))
        for cards, meld in get_meld_options(profile, hand)
    ]
    assert mine == theirs
