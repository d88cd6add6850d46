"""rule-families: the engine claims, per family, only what it implements.

The commands run as a user runs them: the real ``kanasta`` command in a
subprocess. ``RulesProfile.implemented`` is the one switch read everywhere.

Every family is played whole today, so these tests *demote* one (its profile
reads ``Implemented.MELDS``, as fi-351's and classic's did before their issues
landed) and check that every command, the reference and the handshake follow
that one field: in process through pytest's monkeypatch, in a subprocess
through a bootstrap that patches the profile tables before running the CLI.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.model import ENGINE_STEP_KINDS
from kanasta.conformance.protocol import parse_hello
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import run_fixtures
from kanasta.conformance.suite import validate_suite
from kanasta.families import PLAYABLE_FAMILIES, PROFILES
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.families.fi_351 import PROFILE as FI_351
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.rules.families import Implemented
from tests.conformance.helpers import good_meld, write_fixture

NOT_PLAYABLE = ("fi-351", "classic")
"""The families these tests demote to meld verdicts only."""
ENGINE_KINDS = sorted(k.value for k in ENGINE_STEP_KINDS)

BOOT = """
import dataclasses, sys
from kanasta import families
from kanasta.rules.families import Implemented
names = sys.argv[1].split(",")
for key, profile in list(families.VARIANTS.items()):
    if key[0] in names:
        families.VARIANTS[key] = dataclasses.replace(
            profile, implemented=Implemented.MELDS
        )
for name in names:
    families.PROFILES[name] = families.VARIANTS[(name, ())]
playable = tuple(n for n in families.PLAYABLE_FAMILIES if n not in names)
families.PLAYABLE_FAMILIES = playable
from kanasta.play import selfplay
from kanasta.testing import strategies
from kanasta.commands import bench
selfplay.PLAYABLE_FAMILIES = strategies.PLAYABLE_FAMILIES = bench.PLAYABLE_FAMILIES = playable
from kanasta.cli import main
sys.exit(main(sys.argv[2:]))
"""
"""Runs the CLI with the families of its first argument demoted (what ``demoted`` does
in process)."""


def _kanasta(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", BOOT, ",".join(NOT_PLAYABLE), *args]
    return subprocess.run(
        command, input=stdin, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.fixture(autouse=True)
def demoted(monkeypatch: pytest.MonkeyPatch) -> None:
    """In process: the families of NOT_PLAYABLE implement meld verdicts only."""
    from kanasta import families  # noqa: PLC0415
    from kanasta.commands import bench  # noqa: PLC0415
    from kanasta.play import selfplay  # noqa: PLC0415
    from kanasta.testing import strategies  # noqa: PLC0415

    for key, profile in list(families.VARIANTS.items()):
        if key[0] in NOT_PLAYABLE:
            melds_only = replace(profile, implemented=Implemented.MELDS)
            monkeypatch.setitem(families.VARIANTS, key, melds_only)
            if key[1] == ():
                monkeypatch.setitem(families.PROFILES, key[0], melds_only)
    playable = tuple(n for n in PLAYABLE_FAMILIES if n not in NOT_PLAYABLE)
    for module in (families, selfplay, strategies, bench):
        monkeypatch.setattr(module, "PLAYABLE_FAMILIES", playable)


def _assert_one_line_refusal(result: subprocess.CompletedProcess[str], family: str) -> None:
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert (
        f"for {family} the reference implements only meld verdicts, meld points and " in (lines[0])
    )
    assert "Traceback" not in result.stderr


def test_rule_families_implemented_is_the_one_switch() -> None:
    every = (KOZ, FI_5200, FI_351, CLASSIC)  # the profiles as they stand, not demoted
    assert set(PLAYABLE_FAMILIES) == set(PROFILES)  # every family is played whole today
    for profile in every:
        assert profile.is_playable
        assert profile.family in PLAYABLE_FAMILIES
        assert profile.is_playable is (profile.implemented is Implemented.GAMES)
        assert not replace(profile, implemented=Implemented.MELDS).is_playable
    from kanasta import families  # noqa: PLC0415

    for name in NOT_PLAYABLE:  # demoted by the autouse fixture
        assert not families.get_profile(name).is_playable
        assert name not in families.PLAYABLE_FAMILIES


@pytest.mark.parametrize("family", NOT_PLAYABLE)
def test_rule_families_play_refuses_a_family_not_implemented(family: str) -> None:
    _assert_one_line_refusal(_kanasta("play", "--variant", family, "--seed", "1"), family)


@pytest.mark.parametrize("family", NOT_PLAYABLE)
def test_rule_families_bench_refuses_a_family_not_implemented(family: str) -> None:
    result = _kanasta("bench", "--variant", family, "--hands", "1", "--quiet")
    _assert_one_line_refusal(result, family)


def test_rule_families_bench_all_plays_only_playable_families() -> None:
    result = _kanasta("bench", "--variant", "all", "--hands", "1", "--quiet", "--json")
    assert result.returncode == 0, result.stderr
    variants = [r["variant"] for r in json.loads(result.stdout)["results"]]
    assert variants == [n for n in PLAYABLE_FAMILIES if n not in NOT_PLAYABLE]


@pytest.mark.parametrize("family", NOT_PLAYABLE)
def test_rule_families_replay_refuses_a_family_not_implemented(family: str, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    saved = _kanasta("play", "--variant", "koz", "--seed", "2", "--quiet", "--save", str(record))
    assert saved.returncode == 0, saved.stderr
    data = json.loads(record.read_text(encoding="utf-8"))
    data["variant"] = family
    record.write_text(json.dumps(data), encoding="utf-8")
    _assert_one_line_refusal(_kanasta("replay", str(record)), family)


def _question(family: str, kind: str) -> dict[str, object]:
    step: dict[str, object] = {"kind": kind}
    if kind == "meld":
        step["cards"] = ["5S", "5H", "5D"]
    elif kind == "count":
        step["depth"] = 1
    elif kind in ("actions", "playthrough"):
        step["actions"] = [{"type": "draw", "seat": 0}]
    question: dict[str, object] = {"variant": family, "steps": [step]}
    if kind != "meld":
        question["setup"] = {"seed": 3}
    return question


@pytest.mark.parametrize("family", NOT_PLAYABLE)
def test_rule_families_explain_refuses_engine_steps_of_a_family_not_implemented(
    family: str, tmp_path: Path
) -> None:
    path = tmp_path / "question.json"
    path.write_text(json.dumps(_question(family, "state")), encoding="utf-8")
    _assert_one_line_refusal(_kanasta("explain", str(path)), family)


@pytest.mark.parametrize("family", NOT_PLAYABLE)
def test_rule_families_explain_answers_meld_questions_of_every_family(
    family: str, tmp_path: Path
) -> None:
    path = tmp_path / "question.json"
    path.write_text(json.dumps(_question(family, "meld")), encoding="utf-8")
    result = _kanasta("explain", str(path))
    assert result.returncode == 0, result.stderr
    assert "legal" in result.stdout


def test_rule_families_adapter_handshake_claims_per_family() -> None:
    requests = [
        {"seq": 0, "type": "hello", "protocol": "1.0", "suite": "0.1.0"},
        {"seq": 1, "type": "state", "variant": "classic", "setup": {"seed": 1, "actions": []}},
        {"seq": 2, "type": "count", "variant": "fi-351", "setup": {"seed": 1}, "depth": 1},
        {"seq": 3, "type": "bye"},
    ]
    result = _kanasta("adapter", stdin="".join(json.dumps(r) + "\n" for r in requests))
    assert result.returncode == 0, result.stderr
    hello, classic, fi351, bye = (json.loads(line) for line in result.stdout.splitlines())
    claims = hello["variant_requests"]
    for name in NOT_PLAYABLE:
        assert claims[name] == ["meld"]
    for name in PLAYABLE_FAMILIES:
        if name not in NOT_PLAYABLE:
            assert sorted(claims[name]) == sorted(["meld", *ENGINE_KINDS])
    parsed = parse_hello(hello)
    for name in NOT_PLAYABLE:
        assert parsed.get_requests(name) == frozenset({"meld"})
    assert parsed.get_requests("koz") == frozenset(["meld", *ENGINE_KINDS])
    for answer, family in ((classic, "classic"), (fi351, "fi-351")):
        assert set(answer) == {"seq", "unsupported"}
        assert answer["unsupported"] == (
            f"for {family} the reference implements only meld verdicts, meld points and "
            "canasta kinds"
        )
    assert bye == {"seq": 3, "type": "bye"}


def _engine_fixture(family: str) -> dict[str, object]:
    return {
        "id": f"{family}/house/count-from-the-deal",
        "variant": family,
        "clauses": ["deck-composition"],
        "description": "An engine fixture of a family whose games are not implemented yet.",
        "setup": {"seed": 7},
        "steps": [{"kind": "count", "depth": 1, "expect": {"count": 2}}],
    }


@pytest.mark.parametrize("family", NOT_PLAYABLE)
def test_rule_families_run_skips_and_validate_accepts_unclaimed_kinds(
    family: str, tmp_path: Path
) -> None:
    root = tmp_path / "house"
    target = root / f"{family}/house/count-from-the-deal.json"
    target.parent.mkdir(parents=True)
    target.write_text(json.dumps(_engine_fixture(family)), encoding="utf-8")
    report = validate_suite([root])
    assert report.problems == ()
    assert report.run is not None
    (result,) = report.run.results
    assert result.outcome.value == "skipped"
    assert f"count checks not supported: for {family} the reference implements only" in (
        result.reason
    )
    run = run_fixtures(list(report.fixtures), InProcessConnection(ReferenceImplementation()))
    assert [r.outcome.value for r in run.results] == ["skipped"]
    assert run.checked == 0


def test_rule_families_conformance_run_cli_reports_skip_not_failure(tmp_path: Path) -> None:
    root = tmp_path / "house"
    write_fixture(root, good_meld("fi-5200/house/good"))
    for family in NOT_PLAYABLE:
        write_fixture(root, _engine_fixture(family))
    boot = tmp_path / "boot.py"
    boot.write_text(BOOT, encoding="utf-8")
    adapter = shlex.join([sys.executable, str(boot), ",".join(NOT_PLAYABLE), "adapter"])
    args = ("--fixtures", str(root), "--no-builtin")
    n = len(NOT_PLAYABLE)
    for impl in ((), ("--impl", adapter)):
        result = _kanasta("conformance", "run", *args, "--no-progress", *impl)
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"{n + 1} fixtures: 1 passed, {n} skipped" in result.stdout
        assert result.stdout.count("the reference implements only meld verdicts") == n
    result = _kanasta("conformance", "validate", *args)
    assert result.returncode == 0, result.stdout
    assert f"{n + 1} fixtures, 1 checked by the reference ({n} skipped" in result.stdout


@pytest.mark.parametrize("family", NOT_PLAYABLE)
def test_rule_families_refusals_in_process(
    family: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same refusals through :func:`kanasta.cli.main` (what the subprocesses run)."""
    from kanasta.cli import main  # noqa: PLC0415

    record = tmp_path / "game.json"
    record.write_text(json.dumps({"variant": family, "seed": 1, "hands": []}), encoding="utf-8")
    question = tmp_path / "question.json"
    question.write_text(json.dumps(_question(family, "count")), encoding="utf-8")
    for argv in (
        ["play", "--variant", family],
        ["bench", "--variant", family, "--hands", "1"],
        ["replay", str(record)],
        ["explain", str(question)],
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"for {family} the reference implements only meld verdicts" in err, argv


def test_rule_families_handshake_variant_requests_must_be_an_object_of_lists() -> None:
    from kanasta.conformance.protocol import ImplementationError  # noqa: PLC0415

    hello = ReferenceImplementation().hello()
    bad_values: tuple[object, ...] = ([], {"koz": "meld"})
    for bad in bad_values:
        with pytest.raises(ImplementationError, match="variant_requests"):
            parse_hello({**hello, "variant_requests": bad})
    legacy = {k: v for k, v in hello.items() if k != "variant_requests"}
    assert parse_hello(legacy).get_requests("fi-351") == frozenset(hello["requests"])
    assert parse_hello(hello).to_json()["variant_requests"]["koz"] == sorted(
        ["meld", *ENGINE_KINDS]
    )
