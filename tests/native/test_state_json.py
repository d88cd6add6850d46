"""The native state reader and writer against the reference (clause state-json).

Every explicit state of the conformance suite, and states reached by random play in every
profile, are read by both engines and written back: the JSON must be the same, and a state
one engine refuses the other refuses too. Every native state read holds one deck.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import kanasta.engine as facade
from kanasta.conformance.checks import get_state_cards
from kanasta.conformance.engine_api import FacadeEngine
from kanasta.errors import InputError, Violation
from kanasta.families import get_variant_profile
from kanasta.native import NativeEngine
from kanasta.rules.cards import get_deck, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.testing.strategies import get_one_option_profiles

FIXTURES = Path(__file__).resolve().parents[2] / "conformance" / "fixtures"
HANDS = 40 if os.environ.get("KANASTA_THOROUGH") else 2


def _both(profile: RulesProfile, data: object) -> tuple[object, object]:
    native, reference = NativeEngine(), FacadeEngine(facade)
    answers: list[object] = []
    for engine in (reference, native):
        try:
            answers.append(
                engine.state_to_json(profile, engine.new_state_from_json(profile, data, "$"))  # type: ignore[arg-type]
            )
        except InputError:
            answers.append("refused")
    return answers[0], answers[1]


@pytest.mark.clause("state-json")
def test_every_explicit_state_of_the_suite_reads_and_writes_as_the_reference() -> None:
    checked = 0
    differences: list[str] = []
    for path in sorted(FIXTURES.rglob("*.json")):
        fixture = json.loads(path.read_text(encoding="utf-8"))
        setup = fixture.get("setup") if isinstance(fixture, dict) else None
        if not isinstance(setup, dict) or not isinstance(setup.get("state"), dict):
            continue
        profile = get_variant_profile(fixture["variant"], fixture.get("features", []))
        theirs, mine = _both(profile, setup["state"])
        checked += 1
        if mine != theirs:
            differences.append(str(path.relative_to(FIXTURES)))
    assert checked > 500
    assert not differences, f"{len(differences)} of {checked} differ: {differences[:5]}"


@pytest.mark.clause("state-json", "deck-composition")
@pytest.mark.parametrize(
    "profile",
    get_one_option_profiles(),
    ids=lambda p: p.variant,
)
def test_states_of_random_play_read_and_write_as_the_reference(profile: RulesProfile) -> None:
    rng = random.Random(f"state-json {profile.variant}")
    seen: list[dict[str, Any]] = []

    for hand in range(HANDS):
        state = facade.new_hand(profile, seed=100 + hand)
        while not state.hand_over:
            following = facade.apply(state, rng.choice(facade.legal_actions(state)))
            assert not isinstance(following, Violation)
            state = following
            if rng.random() < 0.08:
                seen.append(facade.state_to_json(state))
    assert seen
    deck = Counter(get_deck(profile.deck_jokers))
    for written in seen:
        theirs, mine = _both(profile, written)
        assert mine == theirs == written
        assert Counter(parse_cards(get_state_cards(written))) == deck


# --------------------------------------------------------------------------- hostile states


def _dealt(variant: str, seed: int = 1) -> dict[str, Any]:
    profile = get_variant_profile(variant, ())
    return facade.state_to_json(facade.new_hand(profile, seed=seed))


def _refusals(variant: str, data: dict[str, Any]) -> tuple[str, str]:
    """Both engines' refusals of a state (each must refuse it)."""
    profile = get_variant_profile(variant, ())
    messages = []
    for engine in (FacadeEngine(facade), NativeEngine()):
        with pytest.raises(InputError) as refused:
            engine.new_state_from_json(profile, data, "$")
        messages.append(str(refused.value))
    return messages[0], messages[1]


@pytest.mark.clause("deck-composition", "state-json")
def test_deck_composition_extra_copies_in_a_hand_never_vanish() -> None:
    data = _dealt("koz")
    # 256 more copies of a card: a count kept in a byte would wrap back to the deck's.
    data["hands"][0] = data["hands"][0] + [data["hands"][0][0]] * 256
    reference, native = _refusals("koz", data)
    assert "deck-composition" in reference
    assert native == "$: the cards are not one koz deck (clause deck-composition)."


@pytest.mark.clause("points-exact", "state-json")
@pytest.mark.parametrize("score", [10**12 + 1, -(10**12) - 0.5, 2**63, "1000000000000.5"])
def test_points_exact_a_score_beyond_a_trillion_is_refused_not_wrapped(score: object) -> None:
    data = _dealt("koz")
    data["team_scores"] = [score, 0]
    reference, native = _refusals("koz", data)
    for message in (reference, native):
        assert message.startswith("$.team_scores[0]: ")
        assert "1,000,000,000,000 points" in message


@pytest.mark.clause("points-exact", "state-json")
def test_points_exact_a_score_as_text_is_read_as_the_reference_reads_it() -> None:
    data = _dealt("koz")
    data["team_scores"] = ["4.5", "-1000000000000"]
    reference, native = _both(get_variant_profile("koz", ()), data)
    assert reference == native != "refused"
    assert isinstance(native, dict)
    assert native["team_scores"] == [4.5, -1000000000000]
    for text in ("4.25", "1e5", "-", "5."):
        data["team_scores"] = [text, 0]
        assert _both(get_variant_profile("koz", ()), data) == ("refused", "refused"), text


@pytest.mark.clause("classic-red-threes", "state-json")
def test_classic_red_threes_laid_hold_red_threes_only() -> None:
    data = _dealt("classic")
    card = data["hands"][0].pop()
    assert card not in ("3H", "3D")
    data["extra"]["red_threes"][0] = [card]
    reference, native = _refusals("classic", data)
    for message in (reference, native):
        assert (
            message
            == f"$.extra.red_threes[0]: {card} is not a red three (clause classic-red-threes)."
        )


@pytest.mark.clause("action-seat", "action-json")
def test_action_seat_minus_one_is_refused_not_read_as_no_seat() -> None:
    profile = get_variant_profile("koz", ())
    draw = {"type": "draw", "seat": -1}
    for engine in (FacadeEngine(facade), NativeEngine()):
        with pytest.raises(InputError, match=r"^\$\.seat: expected a seat number \(0 or more\)"):
            engine.action_from_json(profile, draw, "$")
    # A seat far beyond the table is a seat whose turn it is not, in both engines.
    native = NativeEngine()
    state = native.new_state_from_json(profile, _dealt("koz"), "$")
    result = native.apply_action(
        profile, state, native.action_from_json(profile, {"type": "draw", "seat": 2**40}, "$")
    )
    assert isinstance(result, Violation)
    assert result.code == "not-your-turn"
