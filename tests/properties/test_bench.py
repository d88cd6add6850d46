"""``kanasta bench`` and the self-play loop behind it."""

from __future__ import annotations

import gc
import json
import random

import pytest

from kanasta import engine
from kanasta.cli import main
from kanasta.play.selfplay import PLAYABLE_FAMILIES, BenchResult, play_random_hand, run_bench
from kanasta.rules.state import Phase


def test_bench_json_reports_the_hands_it_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--variant", "koz", "--hands", "2", "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (result,) = out["results"]
    assert result["variant"] == "koz"
    assert result["hands"] == 2
    assert result["moves"] > 0
    assert result["moves_per_hand"] == result["moves"] / 2
    for key in (
        "hands_per_second",
        "moves_per_second",
        "moves_per_cpu_second",
        "mean_legal_actions_us",
        "mean_apply_us",
    ):
        assert result[key] > 0


@pytest.mark.clause("seeded-shuffle", "legal-action-count")
def test_bench_plays_the_same_hands_as_play_random_hand() -> None:
    """Hand i is dealt from seed S + i and the policy is one random.Random(S)."""
    result = run_bench("koz", 2, 11)
    rng = random.Random(11)
    moves = 0
    for index in range(2):
        final, count = play_random_hand("koz", 11 + index, rng)
        assert final.phase is Phase.OVER
        moves += count
    assert result.moves == moves
    assert result.longest_hand <= moves


def test_bench_text_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    reports: list[BenchResult] = []
    run_bench("koz", 2, 3, progress=reports.append, progress_every=0.0)
    assert [r.hands for r in reports] == [1, 2]
    assert main(["bench", "--variant", "all", "--hands", "1"]) == 0
    captured = capsys.readouterr()
    for family in PLAYABLE_FAMILIES:
        assert f"variant {family}, seed 1: 1 hands" in captured.out
    assert "moves/s" in captured.out


def test_bench_rejects_unplayable_variants_and_bad_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--variant", "classic", "--hands", "1"]) == 0
    assert "variant classic, seed 1: 1 hands" in capsys.readouterr().out
    assert main(["bench", "--variant", "no-such-family", "--hands", "1"]) == 2
    assert "no-such-family" in capsys.readouterr().err
    assert main(["bench", "--hands", "0"]) == 2
    assert "--hands must be at least 1" in capsys.readouterr().err


def test_empty_result_has_zero_rates() -> None:
    empty = BenchResult("koz", 0, 0, 0, 0.0, 0.0, 0.0, 0)
    assert empty.hands_per_second == empty.moves_per_second == 0.0
    assert empty.mean_legal_us == empty.mean_apply_us == empty.moves_per_cpu_second == 0.0
    assert empty.to_json()["moves_per_hand"] == 0.0


def test_play_random_hand_reports_every_step() -> None:
    steps: list[tuple[int, engine.Action]] = []

    def record(before: engine.State, action: engine.Action, after: engine.State) -> None:
        assert action in engine.legal_actions(before)
        assert engine.apply(before, action) == after
        steps.append((len(steps), action))

    final, moves = play_random_hand("koz", 2, random.Random(2), on_step=record)
    assert moves == len(steps)
    assert final.phase is Phase.OVER


def test_bench_freezes_the_heap_per_hand_and_gives_it_back() -> None:
    """The run leaves the collector as it found it, and says how it ran."""
    assert gc.get_freeze_count() == 0
    frozen = run_bench("koz", 1, 4)
    assert gc.get_freeze_count() == 0
    default = run_bench("koz", 1, 4, freeze_heap=False)
    assert frozen.heap_frozen
    assert not default.heap_frozen
    assert frozen.moves == default.moves
    assert frozen.to_json()["heap_frozen"] is True
    assert "heap frozen before each hand" in frozen.format()
    assert "cyclic GC      default" in default.format()


def test_bench_gc_default_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--hands", "1", "--gc-default", "--json", "--quiet"]) == 0
    (result,) = json.loads(capsys.readouterr().out)["results"]
    assert result["heap_frozen"] is False
