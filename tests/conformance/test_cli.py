"""The command line: ``kanasta conformance ...``, ``kanasta explain``, ``kanasta adapter``."""

from __future__ import annotations

import argparse
import io
import json
import shutil
import sys
from pathlib import Path

import pytest

from kanasta.cli import main
from kanasta.commands import conformance as command
from kanasta.conformance import PROTOCOL_VERSION, SUITE_VERSION
from kanasta.resources import get_fixtures_dir
from tests.conformance.helpers import (
    NODE_ADAPTER,
    fake_command,
    good_meld,
    meld_fixture,
    write_fixture,
)
from tests.conformance.node import NODE

ADAPTER = f"{sys.executable} -m kanasta adapter"


def house(tmp_path: Path) -> Path:
    root = tmp_path / "house"
    write_fixture(root, good_meld("fi-5200/house/good"))
    bad = meld_fixture(
        "fi-5200/house/bad", "4H 5H 6H 2C 8H", {**good_meld("x")["steps"][0]["expect"], "points": 1}
    )
    write_fixture(root, bad)
    return root


def test_run_builtin_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    """The built-in suite in process, one family of it (the whole suite in process:
    tests/conformance/test_runner.py::test_builtin_suite_passes_in_process)."""
    assert main(["conformance", "run", "--no-progress", "--variant", "fi-351"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"kanasta conformance suite {SUITE_VERSION}, protocol {PROTOCOL_VERSION}")
    assert out.splitlines()[-1].startswith("OK: ")


def test_run_through_the_adapter_with_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, junit = tmp_path / "r.json", tmp_path / "j.xml"
    status = main(
        [
            "conformance",
            "run",
            "--impl",
            ADAPTER,
            "--validate-protocol",
            "--variant",
            "fi-351",
            "--report",
            str(report),
            "--junit",
            str(junit),
            "--progress",
        ]
    )
    captured = capsys.readouterr()
    assert status == 0
    assert "kanasta adapter" in captured.out
    assert "/" in captured.err
    assert "\r[" in captured.err
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["totals"]["pass"] == data["totals"]["selected"] > 5
    assert data["selection"]["variants"] == ["fi-351"]
    assert "<testsuite" in junit.read_text(encoding="utf-8")


def test_run_house_fixtures_fails_then_passes_with_expect_fail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = house(tmp_path)
    args = ["conformance", "run", "--no-builtin", "--fixtures", str(root), "--no-progress"]
    assert main(args) == 1
    assert "FAIL  fi-5200/house/bad" in capsys.readouterr().out
    known = tmp_path / "known.txt"
    assert (
        main(["conformance", "failures", "--no-builtin", "--fixtures", str(root), "-o", str(known)])
        == 0
    )
    assert "1 failing fixture(s) written" in capsys.readouterr().out
    assert main([*args, "--expect-fail", str(known), "-v"]) == 0
    assert "XFAIL fi-5200/house/bad" in capsys.readouterr().out
    assert main(["conformance", "failures", "--no-builtin", "--fixtures", str(root)]) == 0
    assert "fi-5200/house/bad  # fail:" in capsys.readouterr().out


def test_run_selection_that_matches_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "run", "--select", "no/such/*"]) == 5
    assert "no fixture matches" in capsys.readouterr().err


def test_run_everything_skipped_is_not_a_success(capsys: pytest.CaptureFixture[str]) -> None:
    node = f"{NODE} {NODE_ADAPTER}"
    # The Node adapter deals koz (protocol 1.3) but plays none of its melds.
    args = ["--variant", "koz", "--select", "koz/canasta/*"]
    assert main(["conformance", "run", "--impl", node, *args]) == 5
    assert "NOTHING CHECKED" in capsys.readouterr().out


def test_run_with_an_implementation_that_does_not_start(capsys: pytest.CaptureFixture[str]) -> None:
    impl = " ".join(fake_command("bad_hello", "exit"))
    assert main(["conformance", "run", "--impl", impl, "--start-timeout", "5"]) == 1
    assert "the implementation did not start" in capsys.readouterr().err
    assert main(["conformance", "run", "--impl", impl, "--timeout", "0"]) == 2
    assert "--timeout must be a positive" in capsys.readouterr().err


def test_run_with_a_broken_fixture_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "broken"
    root.mkdir()
    (root / "x.json").write_text("{", encoding="utf-8")
    assert main(["conformance", "run", "--fixtures", str(root)]) == 2
    assert f"{root / 'x.json'}: not valid JSON at line 1" in capsys.readouterr().err
    (root / "y.json").write_text("[", encoding="utf-8")
    assert main(["conformance", "run", "--no-builtin", "--fixtures", str(root)]) == 2
    assert "2 fixture file(s) cannot be loaded" in capsys.readouterr().err
    assert main(["conformance", "run", "--no-builtin"]) == 2
    assert "no fixture folder" in capsys.readouterr().err


def test_progress_default_depends_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    args = argparse.Namespace(progress=None)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert command._wants_progress(args, command.LONG_RUN)
    assert not command._wants_progress(args, command.LONG_RUN - 1)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    assert not command._wants_progress(args, command.LONG_RUN)
    assert command._wants_progress(argparse.Namespace(progress=True), 1)


def test_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # One family of the built-in suite, its generated fixtures among them (the whole
    # suite is validated by the conformance session, noxfile.py).
    koz = tmp_path / "koz-suite"
    shutil.copytree(get_fixtures_dir() / "koz", koz / "koz")
    assert main(["conformance", "validate", "--no-builtin", "--fixtures", str(koz)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"OK: suite {SUITE_VERSION}")
    count = len(list(koz.rglob("*.json")))
    assert f": {count} fixtures, {count} checked by the reference, 0 problem(s)" in out
    root = house(tmp_path)
    write_fixture(root, good_meld("fi-5200/house/strange") | {"clauses": ["no-such-clause"]})
    write_fixture(root, good_meld("fi-5200/house/mystery") | {"features": ["mystery"]})
    write_fixture(root, good_meld("nope/house/v") | {"variant": "nope"})
    assert main(["conformance", "validate", "--no-builtin", "--fixtures", str(root)]) == 1
    out = capsys.readouterr().out
    assert "PROBLEM: fi-5200/house/bad: the reference does not pass it (fail:" in out
    assert "cites clause(s) not in the spec: no-such-clause" in out
    assert (
        "at $.features: fi-5200 has no option 'mystery': mystery is an option of no family" in out
    )
    assert "unknown variant 'nope'" in out
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["conformance", "validate", "--no-builtin", "--fixtures", str(empty)]) == 1
    assert "PROBLEM: no fixtures found" in capsys.readouterr().out


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    ident = "fi-5200/canasta/half-then-natural-stays-half"
    assert main(["conformance", "show", ident, "fi-5200/meld/5-6-wild-is-no-meld"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{ident}  (fi-5200)")
    assert "then lay-off 2: 5C" in out
    assert "canasta: half (bonus 100)" in out
    assert "[canasta-kind-fixed]" in out
    assert "-" * 72 in out
    assert "rejected: wild-needs-three-naturals [clause run-wild-after-three-naturals]" in out
    assert main(["conformance", "show", "half-then"]) == 2
    assert "Did you mean: fi-5200/canasta/half-then-natural-stays-half" in capsys.readouterr().err
    assert main(["conformance", "show", "zzz"]) == 2
    assert "no fixture has the id 'zzz'." in capsys.readouterr().err


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "list", "--variant", "classic"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].endswith("fixture(s)")
    assert all("classic" in line for line in lines[:-1])


def test_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "out"
    assert main(["conformance", "export", str(target)]) == 0
    assert "exported" in capsys.readouterr().out
    version = json.loads((target / "VERSION.json").read_text(encoding="utf-8"))
    assert (version["suite_version"], version["protocol_version"]) == (
        SUITE_VERSION,
        PROTOCOL_VERSION,
    )
    assert (target / "schema" / "fixture.schema.json").is_file()
    assert (target / "schema" / "protocol.schema.json").is_file()
    assert (target / "schema" / "report.schema.json").is_file()
    texts = json.loads((target / "clauses.json").read_text(encoding="utf-8"))
    assert texts["suite_version"] == SUITE_VERSION
    by_slug = {c["slug"]: c for c in texts["clauses"]}
    freeze = by_slug["classic-freeze-clears"]
    assert set(freeze) == {"number", "slug", "title", "kind", "families", "text"}
    assert freeze["families"] == ["classic"]
    assert "pile" in freeze["text"]
    exported = sorted(
        p.relative_to(target / "fixtures") for p in (target / "fixtures").rglob("*.json")
    )
    assert len(exported) == version["fixtures"] >= 100
    assert Path("fi-5200/canasta/half-then-natural-stays-half.json") in exported
    assert main(["conformance", "export", str(target)]) == 2
    assert "not empty" in capsys.readouterr().err
    root = house(tmp_path)
    assert (
        main(
            [
                "conformance",
                "export",
                str(target),
                "--force",
                "--no-builtin",
                "--fixtures",
                str(root),
            ]
        )
        == 0
    )
    # --force overwrites what it writes and deletes nothing: the first export stays.
    assert len(list((target / "fixtures").rglob("*.json"))) == len(exported) + 2
    (root / "broken.json").write_text("{", encoding="utf-8")
    assert main(["conformance", "export", str(tmp_path / "other"), "--fixtures", str(root)]) == 2
    assert "some fixtures do not load" in capsys.readouterr().err


def test_exported_suite_runs_from_the_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out"
    assert main(["conformance", "export", str(target)]) == 0
    status = main(
        [
            "conformance",
            "run",
            "--no-builtin",
            "--fixtures",
            str(target / "fixtures"),
            "--variant",
            "koz",
        ]
    )
    assert status == 0
    assert "OK:" in capsys.readouterr().out


def test_explain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    question = tmp_path / "q.json"
    question.write_text(
        json.dumps(
            {
                "variant": "fi-5200",
                "description": "Is this lay-off legal, and what is this canasta worth?",
                "steps": [
                    {
                        "kind": "meld",
                        "cards": ["5H", "2C", "7H", "8H", "9H", "10H"],
                        "lay_offs": [{"cards": ["6H"]}],
                    },
                    {"kind": "meld", "cards": ["5H", "6H", "2C"]},
                ],
            }
        ),
        encoding="utf-8",
    )
    assert main(["explain", str(question)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Question: q (fi-5200)")
    assert "canasta: half (bonus 100)" in out
    assert "[canasta-half-full]" in out
    for slug in ("canasta-kind-fixed", "run-wild-placement", "lay-off"):
        assert f"[{slug}]" in out
    assert "[run-definition]" in out
    assert "rejected: wild-needs-three-naturals" in out
    assert "A wild joins a run only beside three consecutive naturals" in out
    data = json.loads(question.read_text(encoding="utf-8"))
    data["steps"][1]["expect"] = {
        "verdict": "legal",
        "arrangement": {"kind": "run", "suit": "H", "low": 5, "cards": ["5H", "6H", "2C"]},
        "points": 20,
    }
    question.write_text(json.dumps(data), encoding="utf-8")
    assert main(["explain", str(question)]) == 1
    assert "this DIFFERS from the expectation given:" in capsys.readouterr().out


def test_adapter_command_serves_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        {"seq": 0, "type": "hello", "protocol": "1.0", "suite": SUITE_VERSION},
        {
            "seq": 1,
            "type": "meld",
            "variant": "classic",
            "cards": ["5S", "5H", "2C"],
            "wild_at": None,
            "lay_offs": [],
            "trump": None,
            "going_out": False,
        },
        {"seq": 2, "type": "bye"},
        {"seq": 3, "type": "hello"},
    ]
    stdin = io.TextIOWrapper(io.BytesIO("".join(json.dumps(x) + "\n" for x in lines).encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["adapter"]) == 0
    answers = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [a["seq"] for a in answers] == [0, 1, 2]
    assert answers[1]["points"] == 30
    assert answers[2] == {"seq": 2, "type": "bye"}
