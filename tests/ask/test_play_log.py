"""``kanasta play``: a log people can read, and a default policy that keeps its melds."""

from __future__ import annotations

import pytest

from kanasta.cli import main
from kanasta.commands.play import play_random_game
from kanasta.families.koz import PROFILE as KOZ
from kanasta.play.policy import PLAY_POLICY, default_policy


@pytest.mark.clause("game-record", "opening-take-back")
def test_play_prints_summaries_by_default_and_every_move_with_log_full(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--variant", "koz", "--seed", "1", "--max-hands", "2"]) == 0
    summary = capsys.readouterr().out
    assert "score sheet of hand 1:" in summary
    assert "moves; --log full prints them)" in summary
    assert " draws " not in summary
    assert "takes back" not in summary
    assert (
        main(["play", "--variant", "koz", "--seed", "1", "--max-hands", "2", "--log", "full"]) == 0
    )
    full = capsys.readouterr().out
    assert " draws " in full
    assert " discards " in full


@pytest.mark.clause("opening-take-back", "opening-provisional")
@pytest.mark.parametrize("variant", ["koz", "fi-5200", "fi-351", "classic"])
def test_the_plausible_policy_never_takes_back_and_finishes_the_game(variant: str) -> None:
    game = play_random_game(variant, 1, policy=PLAY_POLICY)
    assert game.over
    taken_back = sum(1 for h in game.hands for a in h.actions if a.type.value == "take-back")
    assert taken_back == 0


def test_the_policies_tests_recipes_and_bench_name_are_unchanged() -> None:
    assert default_policy(KOZ) == "random"
    game = play_random_game("koz", 1, max_hands=1)
    assert any(a.type.value == "take-back" for a in game.hands[0].actions)
