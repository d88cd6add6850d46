"""classic through the command line: play to 5000 for every table and with options, replay
gives the same log, bench times four players with the default options."""

from __future__ import annotations

from pathlib import Path

import pytest

from kanasta.cli import main


@pytest.mark.clause("classic-game-target", "classic-players", "game-record")
@pytest.mark.parametrize(
    "args",
    [
        ["--players", "2"],
        ["--players", "3"],
        ["--players", "4"],
        ["--players", "6", "--option", "joker-canasta", "--option", "concealed-canasta"],
    ],
)
def test_classic_game_target_play_and_replay_give_the_same_log(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "--variant", "classic", "--seed", "5", *args, "--save", str(record)]) == 0
    played = capsys.readouterr().out
    assert "game over after" in played
    assert "score sheet of hand 1:" in played
    assert main(["replay", str(record)]) == 0
    replayed = capsys.readouterr().out
    log = played.split(" actions in ")[0].rsplit("\n", 1)[0]
    assert replayed.startswith(log)


@pytest.mark.clause("classic-options")
def test_classic_options_unknown_option_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--variant", "classic", "--option", "no-such-rule"]) == 2
    assert "no option 'no-such-rule'" in capsys.readouterr().err


@pytest.mark.clause("classic-players")
def test_classic_players_bench_four_players_default_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--variant", "classic", "--hands", "3", "--seed", "2"]) == 0
    assert "variant classic, seed 2: 3 hands" in capsys.readouterr().out
