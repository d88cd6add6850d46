"""kanasta.native without the compiled engine: the messages a user sees, the profile as data."""

from __future__ import annotations

import pytest

from kanasta import native
from kanasta.errors import InputError
from kanasta.families import PROFILES, get_profile


@pytest.fixture
def not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "_import", lambda: "No module named 'kanasta_native'")


@pytest.mark.usefixtures("not_installed")
def test_asking_for_a_missing_native_engine_says_how_to_install_it() -> None:
    assert not native.is_available()
    with pytest.raises(InputError, match=r"pip install \./native") as caught:
        native.load()
    assert "No module named 'kanasta_native'" in str(caught.value)
    assert "\n" not in str(caught.value)
    with pytest.raises(InputError, match="kanasta-native is not installed"):
        native.get_engine("native")
    with pytest.raises(InputError, match="kanasta-native is not installed"):
        native.require_engine("native", "koz")


def test_the_reference_needs_nothing_and_other_names_are_refused() -> None:
    native.require_engine("reference", "classic")
    assert native.get_engine("reference") is not None
    for call in (lambda: native.get_engine("fast"), lambda: native.require_engine("fast", "koz")):
        with pytest.raises(InputError, match="the engines are reference, native"):
            call()


def test_every_profile_is_handed_over_as_plain_data() -> None:
    for name, family in PROFILES.items():
        for options in ([], *([o.name] for o in family.known_options)):
            data = native.profile_data(get_profile(name, options))
            assert data["family"] == name
            assert len(data["points"]) == len(data["hand_points"]) == 53  # type: ignore[arg-type]
            assert all(isinstance(v, int | bool | str | list) for v in data.values())
