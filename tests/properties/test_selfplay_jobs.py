"""Self-play over processes gives the hands of a serial run (kanasta bench --jobs N)."""

from __future__ import annotations

import pytest

from kanasta.errors import InputError
from kanasta.play.jobs import run_hands


@pytest.mark.parametrize("variant", ["koz", "fi-351"])
def test_a_run_over_two_processes_equals_the_serial_run(variant: str) -> None:
    serial = run_hands(variant, 3, 11, 1)
    parallel = run_hands(variant, 3, 11, 2)
    assert serial.hands == parallel.hands
    assert [h.index for h in parallel.hands] == [0, 1, 2]
    assert serial.moves == parallel.moves > 0


def test_progress_counts_the_hands_finished() -> None:
    seen: list[int] = []
    run_hands("koz", 2, 3, 1, progress=seen.append)
    assert seen == [1, 2]


def test_jobs_below_one_and_an_unknown_engine_are_input_errors() -> None:
    with pytest.raises(InputError, match="--jobs"):
        run_hands("koz", 1, 1, 0)
    with pytest.raises(InputError, match="unknown engine"):
        run_hands("koz", 1, 1, 1, engine_name="fast")
