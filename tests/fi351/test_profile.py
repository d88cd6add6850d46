"""Chapter 2, the options of a family (players-2, players-3, target-555)."""

from __future__ import annotations

import pytest

from kanasta.errors import InputError
from kanasta.families import get_profile, get_variant_profile
from kanasta.families.fi_351 import PROFILE as FI_351
from kanasta.families.koz import PROFILE as KOZ
from kanasta.rules.points import to_half_points as P


@pytest.mark.clause("profile-options")
def test_profile_options_are_the_same_value_each_time() -> None:
    assert get_profile("fi-351", ["target-555"]) is get_profile("fi-351", ["target-555"])
    assert get_profile("fi-351", ["target-555", "players-2"]) is get_profile(
        "fi-351", ["players-2", "target-555"]
    )
    assert get_profile("fi-351") is FI_351


@pytest.mark.clause("profile-options", "game-target-fi-351")
def test_profile_options_change_only_their_fields() -> None:
    rules = get_profile("fi-351", ["target-555"])
    assert rules.target_score == P(555)
    assert FI_351.target_score == P(351)
    assert rules.options == ("target-555",)
    assert rules.variant == "fi-351 target-555"
    assert rules.players == 4
    assert rules.points == FI_351.points


@pytest.mark.clause("profile-options")
def test_profile_options_refuse_unknown_and_conflicting() -> None:
    with pytest.raises(InputError, match="no option 'players-5'"):
        get_profile("fi-351", ["players-5"])
    with pytest.raises(InputError, match="cannot be combined"):
        get_profile("fi-351", ["players-2", "players-3"])
    with pytest.raises(InputError, match="koz has no option"):
        get_profile("koz", ["target-555"])
    assert KOZ.known_options == ()


@pytest.mark.clause("profile-options")
def test_profile_options_from_fixture_features() -> None:
    rules = get_variant_profile("fi-351", ["players-3"])
    assert rules.players == 3
    assert get_variant_profile("koz", []) is KOZ
    # A feature that is no option of the family is refused by name, never ignored.
    with pytest.raises(InputError, match="koz has no option 'some-other-feature': "):
        get_variant_profile("koz", ["some-other-feature"])
