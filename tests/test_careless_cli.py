"""A careless user at the ``kanasta`` command, round 2: options of another family,
contradictory flags, forged records, writes where nobody asked, unbounded input.

Each test runs the installed command (``python -m kanasta``) the way a user does and
checks the exit status and that a refusal is one clear paragraph naming the file, JSON
path, card or option (and the clause), never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.helpers import good_meld, write_fixture
from tests.test_hostile_cli import kanasta, question, refused

# --------------------------------------------------------------------------- 7: options


@pytest.mark.clause("profile-options")
@pytest.mark.parametrize(
    ("variant", "option", "words"),
    [
        ("classic", "target-555", "target-555 is an option of fi-351 only"),
        ("koz", "players-5", "players-5 is an option of no family"),
        ("fi-5200", "players-2", "players-2 is an option of fi-351, classic only"),
    ],
)
def test_profile_options_of_another_family_are_refused_in_fixtures_and_questions(
    tmp_path: Path, variant: str, option: str, words: str
) -> None:
    root = tmp_path / "house"
    data = good_meld(f"{variant}/house/opt") | {"variant": variant, "features": [option]}
    path = write_fixture(root, data)
    for command in ("run", "list", "validate"):
        result = kanasta("conformance", command, "--no-builtin", "--fixtures", str(root))
        expected = f"{path}: at $.features: {variant} has no option {option!r}: {words}"
        if command == "validate":
            assert result.returncode == 1
            assert f"PROBLEM: {expected}" in result.stdout
        else:
            refused(result, expected, "(clause profile-options)")
    step = {"kind": "meld", "cards": ["7H", "7C", "7S"]}
    asked = question(tmp_path, {"variant": variant, "features": [option], "steps": [step]})
    refused(kanasta("explain", str(asked)), f"{asked}: at $.features:", words)


@pytest.mark.clause("profile-options")
def test_profile_options_that_conflict_are_one_refusal_whatever_the_setup(
    tmp_path: Path,
) -> None:
    base = {"variant": "fi-351", "features": ["players-2", "players-3"]}
    seeded = question(
        tmp_path, {**base, "setup": {"seed": 1}, "steps": [{"kind": "state"}]}, "seed.json"
    )
    hands = [["5H"] * 2] + [[]] * 3
    explicit = question(
        tmp_path,
        {
            **base,
            "setup": {
                "state": {
                    "hands": hands,
                    "stock": [],
                    "discard": [],
                    "melds": [[], []],
                    "turn": 0,
                    "phase": "draw",
                }
            },
            "steps": [{"kind": "state"}],
        },
        "state.json",
    )
    for path in (seeded, explicit):
        refused(kanasta("explain", str(path)), "players-2, players-3 of fi-351 cannot be combined")


# --------------------------------------------------------------------------- 16: flags


@pytest.mark.clause("profile-options")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--variant", "fi-351", "--option", "target-555", "--target", "351"),
            "--target 351 contradicts --option target-555: with it the target is 555 "
            "(clause profile-options); give one or the other.",
        ),
        (
            ("--variant", "fi-351", "--option", "players-3", "--players", "4"),
            "--players 4 contradicts --option players-3: with it 3 players play "
            "(clause profile-options); give one or the other.",
        ),
        (
            ("--variant", "classic", "--target", "3000"),
            "--target 3000: classic has no target option: the target is 5000 "
            "(clause profile-options).",
        ),
        (
            ("--variant", "koz", "--players", "2"),
            "--players 2: koz has no players option: 4 players play (clause profile-options).",
        ),
        (
            ("--variant", "fi-351", "--target", "400"),
            "--target 400: in fi-351 the target is 351 or 555, not 400 (clause profile-options).",
        ),
    ],
)
def test_profile_options_contradictory_play_flags_are_refused(
    args: tuple[str, ...], message: str
) -> None:
    err = refused(kanasta("play", *args, "--max-hands", "1", "--quiet"))
    assert err == f"kanasta: error: {message}\n"


@pytest.mark.clause("profile-options")
def test_profile_options_play_flags_that_agree_are_played() -> None:
    result = kanasta(
        "play", "--variant", "fi-351", "--option", "target-555", "--target", "555", "--players",
        "4", "--max-hands", "1", "--quiet",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("options: target-555\n")
