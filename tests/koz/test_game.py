"""Chapter 10, The game (koz): hands in sequence, totals, the end at 300, records."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache
from io import StringIO
from pathlib import Path

import pytest

from kanasta.cli import main
from kanasta.commands.play import format_game, play_random_game
from kanasta.engine import legal_actions
from kanasta.errors import InputError, Violation
from kanasta.families.koz import PROFILE as KOZ
from kanasta.io.game_json import game_from_json, game_to_json
from kanasta.rules.deal import splitmix64
from kanasta.rules.game import Game, apply_game_action, get_game_winner, get_hand_seed, new_game
from kanasta.rules.points import to_half_points
from kanasta.rules.state import Phase

P = to_half_points


def _play_hands(seed: int, hands: int) -> Game:
    game = new_game(KOZ, seed)
    rng = random.Random(seed)
    while len(game.hands) < hands and not game.over:
        result = apply_game_action(game, rng.choice(legal_actions(game.state)))
        assert not isinstance(result, Violation)
        game = result
    return game


@pytest.mark.clause("game-target")
@pytest.mark.parametrize(
    ("totals", "winner"),
    [((299, 250), None), ((300, 250), 0), ((120, 305), 1), ((-40, 299), None)],
)
def test_game_target_a_team_at_300_or_more_wins(
    totals: tuple[int, int], winner: int | None
) -> None:
    assert get_game_winner(KOZ, (P(totals[0]), P(totals[1])), P(300)) == (winner, P(300))


@pytest.mark.clause("game-tie")
@pytest.mark.parametrize(
    ("totals", "winner"), [((310, 305), 0), ((300, 320), 1), ((310, 310), None)]
)
def test_game_tie_both_over_300_the_higher_wins_equal_plays_on(
    totals: tuple[int, int], winner: int | None
) -> None:
    assert get_game_winner(KOZ, (P(totals[0]), P(totals[1])), P(300))[0] == winner


@pytest.mark.clause("game-tie")
def test_game_tie_a_family_with_a_higher_target_moves_on() -> None:
    extended = replace(KOZ, target_score=P(300), target_extensions=(P(500), P(700)))
    assert get_game_winner(extended, (P(310), P(305)), P(300)) == (None, P(500))
    assert get_game_winner(extended, (P(510), P(305)), P(300)) == (0, P(500))
    assert get_game_winner(extended, (P(710), P(705)), P(700)) == (0, P(700))


@pytest.mark.clause("game-hands", "dealer-rotation")
def test_game_hands_totals_accumulate_and_the_deal_rotates() -> None:
    game = _play_hands(3, 2)
    first, second = game.hands
    assert first.dealer == 3
    assert second.dealer == 0
    assert first.totals == first.score.totals
    assert second.totals == tuple(
        a + b for a, b in zip(first.totals, second.score.totals, strict=True)
    )
    assert second.final.team_scores == first.totals
    assert game.state.team_scores == second.totals
    assert game.state.dealer == 1
    assert game.number == 3
    assert all(t % 2 == 0 for t in game.totals)


@pytest.mark.clause("game-target")
def test_game_target_half_a_point_below_is_not_yet() -> None:
    below = P("299.5")
    assert get_game_winner(KOZ, (below, P(10)), P(300)) == (None, P(300))
    assert get_game_winner(KOZ, (P(10), below), P(300)) == (None, P(300))
    assert get_game_winner(KOZ, (below + P("0.5"), P(10)), P(300)) == (0, P(300))


@pytest.mark.clause("game-tie")
def test_game_tie_equal_then_one_falls_below_the_other_wins() -> None:
    assert get_game_winner(KOZ, (P(300), P(300)), P(300)) == (None, P(300))
    assert get_game_winner(KOZ, (P(290), P(305)), P(300)) == (1, P(300))


@pytest.mark.clause("dealer-rotation", "game-record")
def test_dealer_rotation_from_a_first_dealer_the_record_names() -> None:
    game = new_game(KOZ, 5, first_dealer=1)
    rng = random.Random(5)
    dealers = [game.state.dealer]
    while len(game.hands) < 2:
        result = apply_game_action(game, rng.choice(legal_actions(game.state)))
        assert not isinstance(result, Violation)
        if result.number != game.number:
            dealers.append(result.state.dealer)
        game = result
    assert dealers == [1, 2, 3]
    assert [h.dealer for h in game.hands] == [1, 2]


@pytest.mark.clause("game-record")
def test_game_record_hand_seeds_are_successive_splitmix_outputs() -> None:
    state, first = splitmix64(77)
    assert get_hand_seed(77, 1) == first
    assert get_hand_seed(77, 2) == splitmix64(state)[1]
    game = new_game(KOZ, 77)
    assert game.hand_seed == first


@pytest.mark.clause("game-record")
@pytest.mark.parametrize("with_deals", [False, True])
def test_game_record_replays_exactly(with_deals: bool) -> None:
    game = _play_hands(5, 2)
    record = json.loads(json.dumps(game_to_json(game, with_deals=with_deals)))
    again = game_from_json(record)
    assert again.totals == game.totals
    assert [h.actions for h in again.hands] == [h.actions for h in game.hands]
    assert again.state == game.state


@pytest.mark.clause("game-record")
def test_game_record_from_explicit_deals_without_a_seed() -> None:
    game = _play_hands(6, 1)
    record = game_to_json(game, with_deals=True)
    record["seed"] = None
    record["hands"] = record["hands"][:1]  # type: ignore[index]
    again = game_from_json(record)
    assert again.hands[0].final == game.hands[0].final
    # No deal is left for the second hand: the game waits and refuses actions.
    assert again.awaiting_deal
    assert not again.over
    refused = apply_game_action(again, again.hands[0].actions[0])
    assert isinstance(refused, Violation)
    assert refused.code == "no-deal"
    assert len(game_to_json(again)["hands"]) == 1  # type: ignore[arg-type]
    with pytest.raises(InputError, match="seed or an explicit deal"):
        new_game(KOZ, None, deals=())


@pytest.mark.clause("game-record")
def test_game_record_rejects_illegal_or_malformed_records() -> None:
    game = _play_hands(8, 1)
    record = game_to_json(game)
    hands = record["hands"]
    assert isinstance(hands, list)
    bad_action = json.loads(json.dumps(record))
    bad_action["hands"][0]["actions"][0] = {"type": "discard", "card": "5H"}
    with pytest.raises(InputError, match="reject"):
        game_from_json(bad_action)
    with pytest.raises(InputError, match="format"):
        game_from_json({"variant": "koz"})
    with pytest.raises(InputError, match="object"):
        game_from_json([])
    with pytest.raises(InputError, match="seed"):
        game_from_json({"format": "kanasta-game", "variant": "koz", "seed": "x"})
    with pytest.raises(InputError, match="first_dealer"):
        game_from_json({"format": "kanasta-game", "variant": "koz", "first_dealer": "x"})
    with pytest.raises(InputError, match="hands"):
        game_from_json({"format": "kanasta-game", "variant": "koz", "seed": 1, "hands": 3})
    with pytest.raises(InputError, match="actions"):
        game_from_json({"format": "kanasta-game", "variant": "koz", "seed": 1, "hands": [3]})
    too_long = json.loads(json.dumps(record))
    too_long["hands"][0]["actions"].append({"type": "draw"})
    with pytest.raises(InputError, match="already over"):
        game_from_json(too_long)
    short = json.loads(json.dumps(record))
    short["hands"][0]["actions"] = short["hands"][0]["actions"][:3]
    short["hands"].append({"actions": []})
    with pytest.raises(InputError, match="not over"):
        game_from_json(short)
    late_deal = json.loads(json.dumps(game_to_json(_play_hands(8, 2), with_deals=True)))
    del late_deal["hands"][0]["deal"]
    with pytest.raises(InputError, match="first hand"):
        game_from_json(late_deal)


@cache
def _whole_game() -> Game:
    """The game of ``kanasta play --seed 1`` (played once for several tests)."""
    return play_random_game("koz", 1)


@pytest.mark.clause("game-target", "game-hands")
def test_game_target_a_whole_game_ends_with_a_winner_at_300() -> None:
    game = _whole_game()
    assert game.over
    assert game.winner is not None
    assert game.totals[game.winner] >= P(300)
    assert game.totals[game.winner] > game.totals[1 - game.winner]
    assert game.state.phase is Phase.OVER
    result = apply_game_action(game, game.hands[-1].actions[0])
    assert isinstance(result, Violation)
    assert (result.clause, result.code) == ("game-hands", "game-over")
    saved = game_to_json(game)
    assert saved["winner"] == game.winner
    assert game_from_json(saved).winner == game.winner
    extra = json.loads(json.dumps(saved))
    extra["hands"].append({"actions": [{"type": "draw"}]})
    with pytest.raises(InputError, match="already over"):
        game_from_json(extra)


@pytest.mark.clause("game-record")
def test_game_record_of_a_hand_in_progress() -> None:
    game = new_game(KOZ, 4)
    step = apply_game_action(game, legal_actions(game.state)[0])
    assert not isinstance(step, Violation)
    record = game_to_json(step)
    assert len(record["hands"]) == 1  # type: ignore[arg-type]
    assert game_from_json(record).state == step.state


@pytest.mark.clause("game-record", "game-hands")
def test_play_and_replay_commands_print_the_same_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    argv = ["play", "--variant", "koz", "--seed", "2", "--max-hands", "2", "--save", str(saved)]
    assert main([*argv, "--log", "full", "--policy", "random"]) == 0
    played = capsys.readouterr().out
    assert main(["replay", str(saved), "--log", "full"]) == 0
    replayed = capsys.readouterr().out
    assert "biz" in played
    assert "onlar" in played
    assert "score sheet of hand 1" in played
    assert "draws" in played
    assert "discards" in played
    body = played.split("actions in")[0].rsplit("\n", 2)[0]
    assert replayed.startswith(body)


@pytest.mark.clause("game-record")
def test_replay_command_reports_bad_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.json"
    assert main(["replay", str(missing)]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


@pytest.mark.clause("game-target")
def test_play_command_quiet_prints_score_sheets_and_the_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "wins" in out
    assert "draws" not in out


@pytest.mark.clause("game-hands")
def test_play_command_stops_at_max_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "1", "--max-hands", "1", "--quiet"]) == 0
    assert "no winner after 1 hand" in capsys.readouterr().out


@pytest.mark.clause("action-kinds")
def test_log_names_pile_takes_melds_lay_offs_and_fi() -> None:
    out = StringIO()
    format_game(_whole_game(), out)
    text = out.getvalue()
    for word in ("takes the discard pile", "melds", "lays off", "canasta of", "has opened"):
        assert word in text
