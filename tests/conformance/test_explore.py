"""``kanasta conformance explore``: differential exploration beyond the fixtures.

Against the reference served by ``kanasta adapter`` it finds nothing; against a fake with
one planted rule mistake per family (``fakes/rule_mistake.py``) it finds the mistake and
writes a fixture that the fake fails and the reference passes; a seed gives the same
result, and so do one or two worker processes.
"""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kanasta.cli import main
from kanasta.conformance.explore import driver
from kanasta.conformance.explore.shrink import ddmin
from tests.conformance.helpers import fake_command

ADAPTER = f"{shlex.quote(sys.executable)} -m kanasta adapter"


def _fake(family: str) -> str:
    return shlex.join(fake_command("rule_mistake", family))


def _settings(impl: str | None, positions: int, seed: int = 1, **extra: Any) -> driver.Settings:
    return driver.Settings(impl=impl, seed=seed, positions=positions, **extra)


def _stable(result: driver.ExploreResult) -> dict[str, Any]:
    """The summary without what a seed does not fix (the time, the workers)."""
    shown = result.to_json()
    del shown["seconds"], shown["workers"], shown["written"]
    return shown


def test_explore_finds_no_difference_against_the_reference_adapter() -> None:
    result = driver.explore(_settings(ADAPTER, 4, seed=7))
    assert result.error == ""
    assert result.positions == 4
    assert result.requests > 4 * 3
    assert result.skipped == 0
    assert result.differences == 0
    assert result.exit_status == 0


# Each family's planted mistake is found within the first positions of seed 1 (eight; three
# in classic, whose every position is another option, so another difference to shrink),
# under the clauses that decide what the mistake changes.
POSITIONS = {"koz": 8, "fi-5200": 8, "fi-351": 8, "classic": 3}
MISTAKES = {
    "koz": {"canasta-bonus"},
    "fi-5200": {"opening-lower-band", "legal-action-count"},
    "fi-351": {"turn-must-finish", "legal-action-count"},
    "classic": {"turn-structure", "legal-action-count", "score-breakdown"},
}


@pytest.mark.parametrize("family", sorted(MISTAKES))
def test_explore_finds_a_planted_rule_mistake_and_writes_a_failing_fixture(
    family: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "found"
    summary = tmp_path / "summary.json"
    status = main(
        [
            "conformance",
            "explore",
            "--impl",
            _fake(family),
            "--variant",
            family,
            "--positions",
            str(POSITIONS[family]),
            "--seed",
            "1",
            "--out",
            str(out),
            "--json",
            str(summary),
            "--no-progress",
        ]
    )
    assert status == 1
    shown = json.loads(summary.read_text())
    assert shown["differences"] > 0
    found = {slug for slug, row in shown["by_clause"].items() if row["differences"]}
    assert found
    assert found <= MISTAKES[family]
    assert shown["written"], "a shrunk fixture is written"
    for item in shown["fixtures"]:
        assert item["actions"] <= item["actions_before"]
        assert item["cards"] <= item["cards_before"]
    capsys.readouterr()
    run = ["conformance", "run", "--fixtures", str(out), "--no-builtin", "--no-progress"]
    assert main([*run, "--impl", _fake(family)]) == 1
    assert main([*run, "--impl", ADAPTER]) == 0


def test_explore_shrinks_a_difference_to_fewer_actions_and_cards() -> None:
    result = driver.explore(_settings(_fake("koz"), 4, variants=("koz",)))
    assert result.found
    for found in result.found:
        assert found.actions <= found.actions_before
        assert found.cards <= found.cards_before
    scores = [f for f in result.found if f.kind == "score"]
    assert scores
    assert scores[0].actions == 0
    assert scores[0].cards < scores[0].cards_before


def test_explore_is_deterministic_for_a_seed_and_any_jobs(tmp_path: Path) -> None:
    settings = _settings(_fake("fi-5200"), 8, variants=("fi-5200",))
    first = driver.explore(settings, out=tmp_path / "a")
    again = driver.explore(settings, out=tmp_path / "b")
    spread = driver.explore(settings, jobs=2, out=tmp_path / "c")
    assert first.differences > 0
    assert spread.workers == 2
    assert _stable(first) == _stable(again) == _stable(spread)
    written = sorted((tmp_path / "a").rglob("*.json"))
    assert written
    for folder in ("b", "c"):
        for path in written:
            twin = tmp_path / folder / path.relative_to(tmp_path / "a")
            assert twin.read_text() == path.read_text()
    validate = ["conformance", "validate", "--fixtures", str(tmp_path / "a"), "--no-builtin"]
    assert main(validate) == 0


def test_explore_begins_no_position_past_its_time_budget() -> None:
    result = driver.explore(_settings(None, 8, deadline=time.time()))
    assert result.positions == 0
    assert result.requests == 0
    assert result.exit_status == 5


def test_chunks_depend_on_the_positions_only() -> None:
    assert driver.get_chunks(10) == [(0, 0, 4), (1, 4, 4), (2, 8, 2)]
    assert driver.get_chunks(1) == [(0, 0, 1)]


def test_jobs_far_above_the_processors_are_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("kanasta.play.workers.get_processors", lambda: 2)
    assert main(["conformance", "explore", "--positions", "1", "--jobs", "9"]) == 2
    err = capsys.readouterr().err
    assert "--jobs 9" in err
    assert err.count("\n") == 1


def test_jobs_below_one_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "explore", "--positions", "1", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_out_folder_that_holds_files_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "old.json").write_text("{}")
    status = main(["conformance", "explore", "--positions", "1", "--out", str(tmp_path)])
    assert status == 2
    assert "--out" in capsys.readouterr().err


def test_ray_missing_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(name: str) -> Any:
        raise ImportError(name)

    monkeypatch.setattr("importlib.import_module", refuse)
    with pytest.raises(Exception, match=r"kanasta\[ray\]") as caught:
        driver.import_ray()
    assert "\n" not in str(caught.value)


def test_ddmin_finds_a_one_minimal_sublist() -> None:
    calls: list[list[int]] = []

    def holds(kept: list[int]) -> bool:
        calls.append(kept)
        return {3, 7} <= set(kept)

    assert ddmin(list(range(10)), holds) == [3, 7]
    assert ddmin([1, 2], lambda _kept: True) == []
    calls.clear()
    assert ddmin(list(range(10)), holds, hint=[3, 5, 7]) == [3, 7]
    assert calls[1] == [3, 5, 7]


def test_explore_command_in_process_writes_its_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = tmp_path / "s.json"
    status = main(
        ["conformance", "explore", "--positions", "2", "--json", str(summary), "--no-progress"]
    )
    assert status == 0
    shown = json.loads(summary.read_text())
    assert shown["positions"] == 2
    assert shown["differences"] == 0
    assert "no difference" in capsys.readouterr().out


def test_an_implementation_that_does_not_start_fails_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["conformance", "explore", "--impl", "false", "--positions", "2"])
    assert status == 1
    captured = capsys.readouterr()
    assert "did not start" in captured.err
    assert "no difference" not in captured.out


def test_an_unknown_family_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "explore", "--variant", "nope"]) == 2
    assert "'nope' is not a rule family" in capsys.readouterr().err
