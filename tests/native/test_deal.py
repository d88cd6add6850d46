"""The native deal against the reference: every family, option and player count, many seeds."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

import kanasta.engine as facade
from kanasta.conformance.engine_api import FacadeEngine
from kanasta.errors import InputError
from kanasta.families import PROFILES, get_profile
from kanasta.io.game_json import deal_to_json
from kanasta.native import NativeEngine, load
from kanasta.rules.cards import format_card
from kanasta.rules.deal import deal_from_seed, shuffle_deck
from kanasta.rules.families import RulesProfile


def _profiles() -> list[RulesProfile]:
    out: list[RulesProfile] = []
    for name, family in PROFILES.items():
        out.append(get_profile(name))
        out.extend(get_profile(name, [o.name]) for o in family.known_options)
    return out


@pytest.mark.clause("seeded-shuffle")
def test_shuffle_matches_the_spec_example() -> None:
    module = load()
    assert module.splitmix64(0)[1] == 0xE220A8397B1DCDAF
    assert module.splitmix64(2**64 - 1)[0] == (2**64 - 1 + 0x9E3779B97F4A7C15) % 2**64


@pytest.mark.clause("seeded-shuffle", "deal-order", "deal-six-packets", "deal-fi-351-order")
@pytest.mark.parametrize("profile", _profiles(), ids=lambda p: p.variant)
def test_new_hand_from_seed_is_the_reference_deal(profile: RulesProfile) -> None:
    native, reference = NativeEngine(), FacadeEngine(facade)
    for seed in (*range(40), 2**64 - 1, 2**63):
        mine = native.state_to_json(profile, native.new_state_from_seed(profile, seed))
        theirs = reference.state_to_json(profile, reference.new_state_from_seed(profile, seed))
        assert mine == theirs, (profile.variant, seed)


@pytest.mark.clause("explicit-deal", "classic-red-threes")
@pytest.mark.parametrize("profile", _profiles(), ids=lambda p: p.variant)
def test_new_hand_from_an_explicit_deal_with_a_dealer_and_scores(profile: RulesProfile) -> None:
    native, reference = NativeEngine(), FacadeEngine(facade)
    teams = profile.team_count
    for seed in range(10):
        dealer = seed % profile.players
        scores = [seed * 10 + t for t in range(teams)]
        raw = deal_to_json(deal_from_seed(profile, seed, dealer))
        mine = native.new_hand_of_game(profile, raw, None, dealer, scores, "$")
        theirs = reference.new_hand_of_game(profile, raw, None, dealer, scores, "$")
        assert native.state_to_json(profile, mine) == reference.state_to_json(profile, theirs)


@pytest.mark.clause("deal-order", "classic-upcard", "classic-red-threes", "first-player")
@pytest.mark.parametrize("profile", _profiles(), ids=lambda p: p.variant)
def test_new_hand_from_a_deck_given_in_order_is_the_reference_deal(profile: RulesProfile) -> None:
    native, reference = NativeEngine(), FacadeEngine(facade)
    for seed in range(12):
        dealer = seed % profile.players
        deck = [format_card(c) for c in shuffle_deck(profile, seed)]
        mine = native.new_hand_from_deck(profile, deck, dealer, "$.deck")
        theirs = reference.new_hand_from_deck(profile, deck, dealer, "$.deck")
        assert native.state_to_json(profile, mine) == reference.state_to_json(profile, theirs)
    short = [format_card(c) for c in shuffle_deck(profile, 99)][1:]
    with pytest.raises(InputError, match=r"\$\.deck.*deck-composition"):
        native.new_hand_from_deck(profile, short, 0, "$.deck")


@pytest.mark.clause("explicit-deal")
def test_a_deal_that_is_not_one_deck_is_an_input_error() -> None:
    profile = get_profile("koz")
    raw: dict[str, Any] = deal_to_json(deal_from_seed(profile, 1, 3))
    raw["stock"] = [*raw["stock"][:-2], raw["stock"][-1]]
    with pytest.raises(InputError, match="deck"):
        NativeEngine().new_hand_of_game(profile, raw, None, 3, [0, 0], "$.deal")
    raw = dict(deal_to_json(deal_from_seed(profile, 1, 3)))
    hands: list[list[str]] = raw["hands"]
    raw["hands"] = [["1X", *hands[0][1:]], *hands[1:]]
    with pytest.raises(InputError, match=r"\$\.deal: deal\.hands\[0\]\[0\]: '1X' is not a card"):
        NativeEngine().new_hand_of_game(profile, raw, None, 3, [0, 0], "$.deal")


def test_whole_hand_calls_need_a_family_the_native_module_plays() -> None:
    profile = get_profile("koz")
    state = NativeEngine().new_state_from_seed(profile, 1)
    # A native module that plays no family (an older build): every whole-hand call says so.
    older = ModuleType("kanasta_native")
    older.FAMILIES = ()  # type: ignore[attr-defined]
    native = NativeEngine(older)
    for call in (
        lambda: native.legal_actions(profile, state),
        lambda: native.apply_action(profile, state, None),
        lambda: native.action_from_json(profile, {"type": "draw"}, "$"),
        lambda: native.action_to_json(profile, None),
    ):
        with pytest.raises(InputError, match="does not play whole hands of koz yet"):
            call()
    assert set(load().FAMILIES) == set(PROFILES)
    native = NativeEngine()
    # The hand score needs no whole-hand play: it is native for every family.
    assert [team["total"] for team in native.score_hand(profile, state)] == [-42, -38]
    with pytest.raises(InputError, match=r"\$\.setup\.state: the field 'stock' is required"):
        native.new_state_from_json(profile, {"hands": []}, "$.setup.state")
