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
