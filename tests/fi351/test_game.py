"""Chapter 10 in fi-351: 351, the 555 option, ties; kanasta play and replay."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from kanasta.cli import main
from kanasta.commands.play import get_options, play_random_game
from kanasta.io.game_json import game_from_json, game_to_json
from kanasta.rules.game import Game, get_game_winner
from kanasta.rules.points import to_half_points as P
from tests.fi351.util import FI_351, profile


@pytest.mark.clause("game-target-fi-351", "score-halves-fi-351")
def test_game_target_fi_351_reaching_351() -> None:
    assert get_game_winner(FI_351, (P(351), P(200)), FI_351.target_score) == (0, P(351))
    assert get_game_winner(FI_351, (P("350.5"), P(200)), FI_351.target_score) == (None, P(351))


@pytest.mark.clause("game-target-fi-351", "profile-options")
def test_game_target_fi_351_the_555_option() -> None:
    rules = profile("target-555")
    assert get_game_winner(rules, (P(400), P(200)), rules.target_score) == (None, P(555))
    assert get_game_winner(rules, (P(560), P(200)), rules.target_score) == (0, P(555))


@pytest.mark.clause("game-tie", "game-target-fi-351")
def test_game_tie_fi_351_both_over_and_equal() -> None:
    assert get_game_winner(FI_351, (P(360), P(380)), P(351)) == (1, P(351))
    assert get_game_winner(FI_351, (P(380), P(380)), P(351)) == (None, P(351))
    three = profile("players-3")
    assert get_game_winner(three, (P(300), P(352), P(352)), P(351)) == (None, P(351))
    assert get_game_winner(three, (P(400), P(352), P(10)), P(351)) == (0, P(351))


@cache
def _game(*options: str) -> Game:
    return play_random_game("fi-351", 1, options=options)


@pytest.mark.clause("game-hands", "game-target-fi-351", "game-record")
@pytest.mark.parametrize("options", [(), ("players-2",), ("players-3",), ("target-555",)])
def test_game_hands_fi_351_seeded_games_end(options: tuple[str, ...]) -> None:
    game = _game(*options)
    assert game.over
    assert game.winner is not None
    assert max(game.totals) >= game.profile.target_score
    assert game.totals[game.winner] == max(game.totals)
    assert len(game.totals) == (2 if game.profile.partnerships else game.profile.players)
    assert game.profile.options == options
    replayed = game_from_json(json.loads(json.dumps(game_to_json(game))))
    assert replayed.totals == game.totals
    assert replayed.profile is game.profile


@pytest.mark.clause("profile-options")
def test_profile_options_from_the_command_line() -> None:
    assert get_options("fi-351", None, None) == ()
    assert get_options("fi-351", 4, 351) == ()
    assert get_options("fi-351", 2, 555) == ("players-2", "target-555")


@pytest.mark.clause("game-record", "pass-by-showing")
def test_game_record_play_and_replay_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    command = ["play", "--variant", "fi-351", "--seed", "1", "--players", "3"]
    assert main([*command, "--policy", "random", "--log", "full", "--save", str(saved)]) == 0
    played = capsys.readouterr().out
    assert "game over after" in played
    assert "options: players-3" in played
    assert json.loads(saved.read_text())["options"] == ["players-3"]
    assert main(["replay", str(saved), "--log", "full"]) == 0
    replayed = capsys.readouterr().out
    log = [
        line
        for line in played.splitlines()
        if " actions in " not in line and not line.startswith("game record written")
    ]
    assert replayed.splitlines() == log
    assert any(" shows " in line and line.endswith(" and passes") for line in log)
