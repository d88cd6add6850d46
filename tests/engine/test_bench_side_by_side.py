"""``kanasta bench --engine native``: the reference and the native engine in the same run,
here with a stand-in for the compiled module (its self-play loop answers canned hands), so
the table, the JSON and the memory figures are checked without a compiler. tests/native
runs the real thing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kanasta import native
from kanasta.cli import main
from kanasta.engine import new_hand
from kanasta.errors import InputError
from kanasta.families import get_profile
from kanasta.play import sidebyside
from kanasta.play.sidebyside import (
    EngineFigures,
    RoundFigures,
    SideBySide,
    Timing,
    format_table,
    measure_here,
    measure_in_fresh_process,
    native_self_play,
    reference_memory,
    reference_state_bytes,
    run_side_by_side,
)


class _SelfPlayModule:
    """A stand-in for kanasta_native: three moves a hand, a millisecond of CPU a hand."""

    FAMILIES = ("koz", "classic")

    def NativeProfile(self, data: dict[str, object]) -> dict[str, object]:
        return data

    def self_play(
        self, _profile: object, _seed: int, first: int, count: int, measure: bool = False
    ) -> dict[str, Any]:
        hands = [(i, 3, [10, -10]) for i in range(first, first + count)]
        return {
            "hands": hands,
            "moves": 3 * count,
            "cpu_seconds": 0.001 * count,
            "states": 4 * count if measure else 0,
            "state_bytes": 4 * count * 800 if measure else 0,
        }


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> _SelfPlayModule:
    module = _SelfPlayModule()
    monkeypatch.setattr(native, "_import", lambda: module)
    # a fresh process would not see the stand-in: time in this one
    monkeypatch.setattr(sidebyside, "measure_in_fresh_process", measure_here)
    return module


@pytest.mark.usefixtures("fake")
def test_the_side_by_side_table_has_both_engines_and_the_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--engine", "native", "--hands", "1", "--native-hands", "50"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0].startswith("kanasta bench --engine native: seed 1, 1 job,")
    rows = [line.split() for line in lines if line.startswith("koz ")]
    assert [row[1] for row in rows] == ["reference", "native", "ratio", "rounds"]
    assert rows[1][2:6] == ["50", "150", "3,000", "1,000.0"]
    assert rows[1][6] == "800"
    assert rows[2][-1].endswith("x")
    assert "bench koz, round 1/3: native 3,000 moves/s" in captured.err


@pytest.mark.usefixtures("fake")
def test_the_side_by_side_json_gives_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--engine", "native", "--variant", "classic", "--hands", "1", "--json"]
    assert main([*argv, "--quiet"]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    (result,) = json.loads(out.out)["side_by_side"]
    assert result["variant"] == "classic"
    assert result["native"]["hands"] == 10
    assert result["native"]["moves_per_cpu_second"] == 3000.0
    assert result["native"]["bytes_per_state"] == 800.0
    assert result["reference"]["moves"] > 0
    assert result["reference"]["bytes_per_state"] > 1000
    assert result["moves_ratio"] > 0
    assert result["memory_ratio"] > 1


@pytest.mark.usefixtures("fake")
def test_both_engines_over_two_processes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--engine", "native", "--hands", "2", "--native-hands", "9", "--jobs", "2"]
    assert main([*argv, "--json", "--quiet"]) == 0
    (result,) = json.loads(capsys.readouterr().out)["side_by_side"]
    assert result["jobs"] == 2
    assert (result["reference"]["hands"], result["native"]["hands"]) == (2, 9)
    assert result["native"]["moves"] == 27


@pytest.mark.usefixtures("fake")
def test_native_self_play_in_one_process_keeps_the_hands_in_order() -> None:
    run = native_self_play(get_profile("koz"), 5, 3)
    assert [h[0] for h in run.hands] == [0, 1, 2, 3, 4]
    assert run.moves == 15
    assert run.hands[0] == (0, 3, (10, -10))
    with pytest.raises(InputError, match="--jobs"):
        native_self_play(get_profile("koz"), 1, 1, 0)


def test_bad_native_hands_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--engine", "native", "--native-hands", "0"]) == 2
    assert "--native-hands must be at least 1" in capsys.readouterr().err


def test_a_reference_state_owns_its_cards_and_melds_not_the_profile() -> None:
    state = new_hand("koz", seed=3)
    size = reference_state_bytes(state)
    # the stock alone is a tuple of over 50 pointers; the profile is not counted
    assert 8 * len(state.stock) < size < 20_000
    assert reference_memory(get_profile("koz"), 3, 1) > size / 2


def test_ratios_of_an_empty_run_are_zero() -> None:
    none = EngineFigures("native", 0, 0, 0.0, 0.0, 0.0)
    side = SideBySide("koz", 1, 1, none, none)
    assert (side.moves_ratio, side.hands_ratio, side.memory_ratio) == (0.0, 0.0, 0.0)
    assert none.moves_per_second == none.hands_per_second == 0.0
    assert "0.0x" in format_table([side])


@pytest.mark.usefixtures("fake")
def test_every_round_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--engine", "native", "--hands", "1", "--native-hands", "4"]
    assert main([*argv, "--rounds", "3", "--json", "--quiet"]) == 0
    (result,) = json.loads(capsys.readouterr().out)["side_by_side"]
    assert len(result["rounds"]) == 3
    assert {r["native_moves_per_cpu_second"] for r in result["rounds"]} == {3000.0}
    assert main([*argv, "--rounds", "2"]) == 0
    text = capsys.readouterr()
    assert "koz                      rounds     moves/s ratio of each round: " in text.out
    assert "round 2/2: native 3,000 moves/s, reference " in text.err


def test_bad_rounds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--engine", "native", "--rounds", "0"]) == 2
    assert "--rounds must be at least 1" in capsys.readouterr().err
    with pytest.raises(InputError, match="--rounds"):
        run_side_by_side(["koz"], 1, 1, rounds=0)


@pytest.mark.usefixtures("fake")
def test_each_engine_reports_its_median_round() -> None:
    # native rounds at 300, 100, 200 moves/s; reference at 10, 30, 20: medians 200 and 20
    script = iter([Timing(1, moves, 1.0, 1.0) for moves in (300, 10, 100, 30, 200, 20)])
    asked: list[tuple[str, str, int]] = []

    def scripted(engine: str, variant: str, hands: int, _seed: int, _jobs: int) -> Timing:
        asked.append((engine, variant, hands))
        return next(script)

    (result,) = run_side_by_side(["koz"], 2, 1, rounds=3, measure=scripted)
    assert asked == [("native", "koz", 20), ("reference", "koz", 2)] * 3
    assert (result.native.moves, result.reference.moves) == (200, 20)
    assert result.moves_ratio == 10.0
    assert result.rounds == (
        RoundFigures(300.0, 10.0),
        RoundFigures(100.0, 30.0),
        RoundFigures(200.0, 20.0),
    )
    assert [r.ratio for r in result.rounds] == [30.0, 100 / 30, 10.0]


def test_a_fresh_process_times_the_same_hands_as_this_one() -> None:
    here = measure_here("reference", "koz", 1, 5, 1)
    fresh = measure_in_fresh_process("reference", "koz", 1, 5, 1)
    assert (fresh.hands, fresh.moves) == (here.hands, here.moves) == (1, here.moves)
    assert here.moves > 10
    assert fresh.cpu_seconds > 0
