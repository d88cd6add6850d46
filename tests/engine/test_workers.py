"""``--jobs N``: never more processes than pieces of work, and a number far beyond the
machine's processors refused in one line (:func:`kanasta.play.workers.get_workers`), in
``bench``, ``native-check`` and the native self-play of ``bench --engine native``.

The pools are watched by a stand-in for ``ProcessPoolExecutor`` that records how many
workers were asked for (and refuses to start when no pool may start)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from kanasta import native
from kanasta.cli import main
from kanasta.errors import InputError
from kanasta.families import get_profile
from kanasta.play import differential, jobs, sidebyside, workers
from kanasta.play.differential import reference_engine, run_differential
from kanasta.play.jobs import run_hands
from kanasta.play.sidebyside import native_self_play
from kanasta.play.workers import get_workers

PROCESSORS = 2
"""The machine the tests pretend to run on: 8 jobs at most."""


@pytest.fixture(autouse=True)
def two_processors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "get_processors", lambda: PROCESSORS)


class _Pools:
    """Stands in for ProcessPoolExecutor in a module: records each pool's max_workers."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def __call__(self, max_workers: int, **kwargs: Any) -> ProcessPoolExecutor:
        self.asked.append(max_workers)
        return ProcessPoolExecutor(max_workers=max_workers, **kwargs)


def _watch(monkeypatch: pytest.MonkeyPatch, module: object) -> _Pools:
    pools = _Pools()
    monkeypatch.setattr(module, "ProcessPoolExecutor", pools)
    return pools


def test_get_workers_is_never_more_than_the_work() -> None:
    assert get_workers(8, 1) == 1
    assert get_workers(8, 3) == 3
    assert get_workers(3, 100) == 3
    assert get_workers(5, 0) == 1


def test_get_workers_refuses_far_more_than_four_a_processor_in_one_line() -> None:
    assert get_workers(8, 100) == 8
    with pytest.raises(InputError) as refused:
        get_workers(9, 100)
    message = str(refused.value)
    assert "\n" not in message
    assert "--jobs 9" in message
    assert "ask 8 or fewer" in message


@pytest.mark.parametrize("jobs", [0, -3, True, "2", 2.5])
def test_get_workers_refuses_what_is_not_a_number_of_processes(jobs: object) -> None:
    with pytest.raises(InputError, match="--jobs"):
        get_workers(jobs, 10)


def test_bench_of_one_hand_over_eight_jobs_plays_in_this_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pools = _watch(monkeypatch, jobs)
    assert main(["bench", "--hands", "1", "--jobs", "8", "--json", "--quiet"]) == 0
    result = json.loads(capsys.readouterr().out)["results"][0]
    assert result["variant"] == "koz (reference, 1 jobs)"
    assert result["hands"] == 1
    assert pools.asked == []


def test_self_play_over_processes_starts_one_process_a_hand_at_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pools = _watch(monkeypatch, jobs)
    run = run_hands("koz", 3, 11, 8)
    assert pools.asked == [3]
    assert run.jobs == 3
    assert [h.index for h in run.hands] == [0, 1, 2]


def test_bench_jobs_one_hundred_thousand_is_refused_in_one_line_before_any_process() -> None:
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "kanasta", "bench", "--hands", "1", "--jobs", "100000"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("kanasta: error: --jobs 100000 asks more than 4 processes")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    assert time.monotonic() - started < 30


def test_native_check_refuses_jobs_far_beyond_the_processors_before_the_engine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["native-check", "--hands", "1", "--jobs", "300"]) == 2
    err = capsys.readouterr().err
    assert "--jobs 300 asks more than 4 processes" in err
    assert "pip install ./native" not in err


def test_native_check_run_starts_one_process_a_chunk_at_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pools = _watch(monkeypatch, differential)
    profiles = [get_profile("koz")]
    run = run_differential(profiles, 1, 9, jobs=8, first=reference_engine, second=reference_engine)
    assert pools.asked == []
    assert run.jobs == 1
    assert len(run.checks) == 1


class _SelfPlayModule:
    """A stand-in for kanasta_native's self-play loop: three moves a hand."""

    FAMILIES = ("koz",)

    def NativeProfile(self, data: dict[str, object]) -> dict[str, object]:
        return data

    def self_play(self, _profile: object, _seed: int, first: int, count: int) -> dict[str, Any]:
        hands = [(i, 3, [10, -10]) for i in range(first, first + count)]
        return {"hands": hands, "moves": 3 * count, "cpu_seconds": 0.0}


def test_native_self_play_of_one_hand_over_eight_jobs_plays_in_this_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(native, "_import", _SelfPlayModule)
    pools = _watch(monkeypatch, sidebyside)
    run = native_self_play(get_profile("koz"), 1, 3, 8)
    assert pools.asked == []
    assert run.jobs == 1
    assert run.hands == ((0, 3, (10, -10)),)


def test_bench_native_refuses_jobs_far_beyond_the_processors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--engine", "native", "--hands", "1", "--jobs", "9"]) == 2
    assert "--jobs 9 asks more than 4 processes" in capsys.readouterr().err
