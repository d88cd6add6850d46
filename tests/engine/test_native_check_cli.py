"""``kanasta native-check`` without the compiled engine: its refusals in one paragraph, and
its report (here the reference compared with itself, and with a flaw planted). tests/native
runs it against the native engine."""

from __future__ import annotations

import functools
import json

import pytest

from kanasta import native
from kanasta.cli import main
from kanasta.commands import native_check
from kanasta.play import differential
from kanasta.play.differential import reference_engine, run_differential


@pytest.fixture
def reference_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """native-check with the reference standing in for the native engine."""
    monkeypatch.setattr(native_check, "require_engine", lambda _name, _variant: None)
    monkeypatch.setattr(
        native_check,
        "run_differential",
        functools.partial(run_differential, second=reference_engine),
    )


@pytest.mark.usefixtures("reference_twice")
def test_a_run_without_differences_prints_the_counts_and_exits_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["native-check", "--variant", "fi-351", "--hands", "4", "--seed", "3"]) == 0
    out = capsys.readouterr()
    assert "fi-351 players-2" in out.out
    assert "4 hands," in out.out
    assert "0 with a difference" in out.out
    assert "native-check: 4/4 hands" in out.err
    argv = ["native-check", "--variant", "classic", "--option", "players-3", "--hands", "1"]
    assert main([*argv, "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report["variants"]) == ["classic players-3"]
    assert report["differences"] == []


def test_a_difference_exits_1_with_the_seed_and_step(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def flawed(*args: object, **kwargs: object) -> differential.DifferentialRun:
        run = run_differential(*args, second=reference_engine, **kwargs)  # type: ignore[arg-type]
        check = run.checks[0]
        found = differential.Difference(
            check.variant, run.seed, check.index, 7, "state", None, {"a": 1}, {"a": 2}
        )
        planted = differential.HandCheck(check.variant, check.index, check.moves, found)
        return differential.DifferentialRun(
            run.seed, run.jobs, (planted, *run.checks[1:]), run.seconds, run.cpu_seconds
        )

    monkeypatch.setattr(native_check, "require_engine", lambda _name, _variant: None)
    monkeypatch.setattr(native_check, "run_differential", flawed)
    assert main(["native-check", "--variant", "koz", "--hands", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "1 with a difference" in out
    assert "koz: hand 0 of seed 1 (dealt from seed 1), step 7" in out
    assert "$.a: 1 != 2" in out


def test_bad_arguments_and_a_missing_engine_are_one_paragraph(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv, said in [
        (["--hands", "0"], "--hands must be at least 1"),
        (["--option", "players-2"], "--option needs a single family"),
        (["--variant", "canasta"], "unknown variant 'canasta'"),
        (["--seed", "-1"], "--seed"),
    ]:
        assert main(["native-check", *argv]) == 2
        assert said in capsys.readouterr().err
    monkeypatch.setattr(native, "_import", lambda: "No module named 'kanasta_native'")
    assert main(["native-check", "--variant", "koz"]) == 2
    assert "pip install ./native" in capsys.readouterr().err
