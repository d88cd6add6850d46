"""Chapter 10, the fi-5200 game: 5200, then 7200 and 9200; the play and replay commands."""

from __future__ import annotations

import json
import time
from functools import cache
from pathlib import Path

import pytest

from kanasta.cli import main
from kanasta.commands.play import play_random_game
from kanasta.errors import Violation
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.io.game_json import game_from_json, game_to_json
from kanasta.play.policy import default_policy
from kanasta.rules.game import Game, apply_game_action, get_game_winner
from kanasta.rules.points import to_half_points as P


@pytest.mark.clause("game-target-fi-5200", "game-target")
def test_game_target_fi_5200_reaching_5200_wins() -> None:
    assert get_game_winner(FI_5200, (P(5200), P(5195)), FI_5200.target_score) == (0, P(5200))
    assert get_game_winner(FI_5200, (P(5195), P(5190)), FI_5200.target_score) == (None, P(5200))


@pytest.mark.clause("game-target-fi-5200", "game-tie")
def test_game_target_fi_5200_both_over_5200_moves_the_target_to_7200() -> None:
    assert get_game_winner(FI_5200, (P(5300), P(5250)), P(5200)) == (None, P(7200))
    assert get_game_winner(FI_5200, (P(7300), P(5500)), P(5200)) == (0, P(7200))
    assert get_game_winner(FI_5200, (P(7000), P(7250)), P(7200)) == (1, P(7200))


@pytest.mark.clause("game-target-fi-5200", "game-tie")
def test_game_target_fi_5200_then_9200_and_the_higher_total_wins() -> None:
    assert get_game_winner(FI_5200, (P(7300), P(7250)), P(7200)) == (None, P(9200))
    assert get_game_winner(FI_5200, (P(9300), P(9250)), P(9200)) == (0, P(9200))
    assert get_game_winner(FI_5200, (P(9300), P(9300)), P(9200)) == (None, P(9200))
    assert get_game_winner(FI_5200, (P(9600), P(9700)), P(7200)) == (1, P(9200))


@pytest.mark.clause("game-target-fi-5200", "game-tie")
def test_game_target_fi_5200_both_past_7200_in_one_hand_moves_straight_to_9200() -> None:
    assert get_game_winner(FI_5200, (P(7300), P(7250)), P(5200)) == (None, P(9200))
    assert get_game_winner(FI_5200, (P(9500), P(9800)), P(5200)) == (1, P(9200))
    assert get_game_winner(FI_5200, (P(9400), P(9400)), P(5200)) == (None, P(9200))
    assert get_game_winner(FI_5200, (P(5300), P(5300)), P(5200)) == (None, P(7200))


@pytest.mark.clause("game-target-fi-5200", "forced-opening-penalty")
def test_game_target_fi_5200_a_team_at_5195_can_still_lose() -> None:
    before = (P(5195), P(4900))
    hand = (P(-600) - P(25), P(410))
    after = tuple(a + b for a, b in zip(before, hand, strict=True))
    assert get_game_winner(FI_5200, after, P(5200)) == (1, P(5200))


@cache
def _game() -> tuple[Game, float]:
    started = time.perf_counter()
    game = play_random_game("fi-5200", 1)
    return game, time.perf_counter() - started


@pytest.mark.clause("game-target-fi-5200", "game-hands", "rejection-cites-family")
def test_game_target_fi_5200_a_seeded_game_plays_to_5200() -> None:
    game, seconds = _game()
    assert game.over
    assert game.winner is not None
    assert game.totals[game.winner] >= P(5200)
    assert seconds < 60
    # rejection-cites-family: the refusal after the end cites a clause of fi-5200.
    refused = apply_game_action(game, game.hands[-1].actions[0])
    assert isinstance(refused, Violation)
    assert (refused.clause, refused.code) == ("game-hands", "game-over")
    assert default_policy(FI_5200) == "greedy"
    assert default_policy(KOZ) == "random"


@pytest.mark.clause("game-record", "game-target-fi-5200")
def test_game_record_a_fi_5200_game_replays() -> None:
    game, _ = _game()
    record = json.loads(json.dumps(game_to_json(game)))
    again = game_from_json(record)
    assert again.totals == game.totals
    assert again.winner == game.winner
    assert [h.score for h in again.hands] == [h.score for h in game.hands]


@pytest.mark.clause("game-record", "hand-score-fi-5200")
def test_play_and_replay_commands_for_fi_5200(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    args = ["play", "--variant", "fi-5200", "--seed", "3", "--max-hands", "3", "--save", str(saved)]
    assert main(args) == 0
    played = capsys.readouterr().out
    assert main(["replay", str(saved)]) == 0
    replayed = capsys.readouterr().out
    for word in ("penalty", "canastas", "going-out", "score sheet of hand 1"):
        assert word in played
    body = played.split("actions in")[0].rsplit("\n", 2)[0]
    assert replayed.startswith(body)


@pytest.mark.clause("forced-canasta-trigger", "opening-personal", "fi-unplayed-fi-5200")
def test_play_log_names_personal_openings_forced_teams_and_unplayed_fi(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--variant", "fi-5200", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "has opened personally" in out
    assert "must open with a canasta" in out
    assert "never played the fi" in out
    assert "wins" in out


@pytest.mark.clause("game-tie", "game-target-fi-5200")
def test_game_tie_equal_at_9200_one_more_hand_at_the_same_target() -> None:
    # equal totals at the last target: no winner, and the target stays 9200
    assert get_game_winner(FI_5200, (P(9400), P(9400)), P(9200)) == (None, P(9200))
    # the next hand decides at 9200: whoever is strictly ahead at or above it wins
    assert get_game_winner(FI_5200, (P(9450), P(9500)), P(9200)) == (1, P(9200))
    assert get_game_winner(FI_5200, (P(9250), P(9150)), P(9200)) == (0, P(9200))
    # nobody at 9200 any more after that hand: the game goes on, still at 9200
    assert get_game_winner(FI_5200, (P(9100), P(9150)), P(9200)) == (None, P(9200))
