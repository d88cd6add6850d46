"""A careless user at the ``kanasta`` command, round 2: options of another family,
contradictory flags, forged records, writes where nobody asked, unbounded input.

Each test runs the installed command (``python -m kanasta``) the way a user does and
checks the exit status and that a refusal is one clear paragraph naming the file, JSON
path, card or option (and the clause), never a traceback.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from kanasta.cli import main
from kanasta.commands import conformance as conformance_command
from kanasta.resources import get_fixtures_dir
from tests.conformance.helpers import REPO, good_meld, write_fixture
from tests.test_hostile_cli import KANASTA, interrupt, kanasta, question, refused

# --------------------------------------------------------------------------- 7: options


@pytest.mark.clause("profile-options")
@pytest.mark.parametrize(
    ("variant", "option", "words"),
    [
        ("classic", "target-555", "target-555 is an option of fi-351 only"),
        ("koz", "players-5", "players-5 is an option of no family"),
        ("fi-5200", "players-2", "players-2 is an option of fi-351, classic only"),
    ],
)
def test_profile_options_of_another_family_are_refused_in_fixtures_and_questions(
    tmp_path: Path, variant: str, option: str, words: str
) -> None:
    root = tmp_path / "house"
    data = good_meld(f"{variant}/house/opt") | {"variant": variant, "features": [option]}
    path = write_fixture(root, data)
    for command in ("run", "list", "validate"):
        result = kanasta("conformance", command, "--no-builtin", "--fixtures", str(root))
        expected = f"{path}: at $.features: {variant} has no option {option!r}: {words}"
        if command == "validate":
            assert result.returncode == 1
            assert f"PROBLEM: {expected}" in result.stdout
        else:
            refused(result, expected, "(clause profile-options)")
    step = {"kind": "meld", "cards": ["7H", "7C", "7S"]}
    asked = question(tmp_path, {"variant": variant, "features": [option], "steps": [step]})
    refused(kanasta("explain", str(asked)), f"{asked}: at $.features:", words)


@pytest.mark.clause("profile-options")
def test_profile_options_that_conflict_are_one_refusal_whatever_the_setup(
    tmp_path: Path,
) -> None:
    base = {"variant": "fi-351", "features": ["players-2", "players-3"]}
    seeded = question(
        tmp_path, {**base, "setup": {"seed": 1}, "steps": [{"kind": "state"}]}, "seed.json"
    )
    hands = [["5H"] * 2] + [[]] * 3
    explicit = question(
        tmp_path,
        {
            **base,
            "setup": {
                "state": {
                    "hands": hands,
                    "stock": [],
                    "discard": [],
                    "melds": [[], []],
                    "turn": 0,
                    "phase": "draw",
                }
            },
            "steps": [{"kind": "state"}],
        },
        "state.json",
    )
    for path in (seeded, explicit):
        refused(kanasta("explain", str(path)), "players-2, players-3 of fi-351 cannot be combined")


# --------------------------------------------------------------------------- 16: flags


@pytest.mark.clause("profile-options")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--variant", "fi-351", "--option", "target-555", "--target", "351"),
            "--target 351 contradicts --option target-555: with it the target is 555 "
            "(clause profile-options); give one or the other.",
        ),
        (
            ("--variant", "fi-351", "--option", "players-3", "--players", "4"),
            "--players 4 contradicts --option players-3: with it 3 players play "
            "(clause profile-options); give one or the other.",
        ),
        (
            ("--variant", "classic", "--target", "3000"),
            "--target 3000: classic has no target option: the target is 5000 "
            "(clause profile-options).",
        ),
        (
            ("--variant", "koz", "--players", "2"),
            "--players 2: koz has no players option: 4 players play (clause profile-options).",
        ),
        (
            ("--variant", "fi-351", "--target", "400"),
            "--target 400: in fi-351 the target is 351 or 555, not 400 (clause profile-options).",
        ),
    ],
)
def test_profile_options_contradictory_play_flags_are_refused(
    args: tuple[str, ...], message: str
) -> None:
    err = refused(kanasta("play", *args, "--max-hands", "1", "--quiet"))
    assert err == f"kanasta: error: {message}\n"


@pytest.mark.clause("profile-options")
def test_profile_options_play_flags_that_agree_are_played() -> None:
    result = kanasta(
        "play", "--variant", "fi-351", "--option", "target-555", "--target", "555", "--players",
        "4", "--max-hands", "1", "--quiet",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("options: target-555\n")


# --------------------------------------------------------------------------- 6: spec check


def copy_checkout(tmp_path: Path) -> Path:
    """A copy of this checkout's spec, tests, fixtures, code and pyproject.toml."""
    root = tmp_path / "copy"
    for part in ("spec", "tests", "reference", "conformance/fixtures"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    return root


@pytest.mark.clause("rejection-cites-family")
def test_rejection_cites_family_spec_check_root_reads_that_checkouts_code(
    tmp_path: Path,
) -> None:
    root = copy_checkout(tmp_path)
    assert kanasta("spec", "check", "--quiet", "--root", str(root)).returncode == 0
    citation = '    "rejection-cites-family",\n'  # in the @implements list of opening.check_opening
    (code,) = (
        path
        for path in (root / "reference" / "kanasta").rglob("*.py")
        if citation in path.read_text(encoding="utf-8")
    )
    code.write_text(code.read_text(encoding="utf-8").replace(citation, ""), "utf-8")
    result = kanasta("spec", "check", "--quiet", "--root", str(root))
    assert result.returncode == 1, result.stdout
    assert "'rejection-cites-family' has no implementing code" in result.stdout
    assert result.stdout.strip().splitlines()[-2].endswith("1 problem(s)")


@pytest.mark.parametrize(
    ("content", "words"),
    [(b"x = 1\n# \xff\xfe\n", "not UTF-8 text (byte 8)"), (b"def (:\n", "not valid Python")],
)
def test_spec_check_root_with_an_unreadable_python_file_is_one_line(
    tmp_path: Path, content: bytes, words: str
) -> None:
    root = copy_checkout(tmp_path)
    bad = root / "tests" / "test_broken.py"
    bad.write_bytes(content)
    refused(kanasta("spec", "check", "--root", str(root)), f"{bad}: {words}")


# --------------------------------------------------------------------------- 8: replay


def saved_game(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / "game.json"
    done = kanasta("play", "--seed", "3", "--quiet", "--save", str(path))
    assert done.returncode == 0, done.stderr
    return path, json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.clause("game-record")
def test_game_record_replay_refuses_forged_totals_and_winner(tmp_path: Path) -> None:
    path, record = saved_game(tmp_path)
    assert kanasta("replay", str(path), "--quiet").returncode == 0
    winner = record["winner"]
    forged = path.with_name("forged.json")
    for change, field in (
        ({"totals": [record["totals"][0] + 1, record["totals"][1]]}, "totals"),
        ({"totals": [True, 0]}, "totals"),
        ({"winner": 1 - winner}, "winner"),
        ({"winner": None}, "winner"),
    ):
        forged.write_text(json.dumps(record | change), encoding="utf-8")
        refused(
            kanasta("replay", str(forged)),
            f"{forged}.{field}: the record states",
            "but its hands give",
            "(clause game-record)",
        )


@pytest.mark.clause("game-record")
def test_game_record_replay_refuses_a_last_hand_cut_short(tmp_path: Path) -> None:
    path, record = saved_game(tmp_path)
    last = record["hands"][-1]
    cut = {**record, "hands": [*record["hands"][:-1], {**last, "actions": last["actions"][:-3]}]}
    # The totals and winner of the cut record as its hands give them: only the cut is wrong.
    cut.pop("totals")
    cut.pop("winner")
    forged = path.with_name("cut.json")
    forged.write_text(json.dumps(cut), encoding="utf-8")
    count = len(last["actions"]) - 3
    refused(
        kanasta("replay", str(forged)),
        f"{forged}.hands[{len(record['hands']) - 1}]: the last hand is not over after its "
        f"{count} action(s)",
        "(clause game-record)",
    )


# --------------------------------------------------------------------------- 10-12: writes


def test_export_never_writes_through_a_link(tmp_path: Path) -> None:
    target = tmp_path / "out"
    assert kanasta("conformance", "export", str(target)).returncode == 0
    outside = tmp_path / "outside.txt"
    outside.write_text("precious\n", encoding="utf-8")
    version = target / "VERSION.json"
    version.unlink()
    version.symlink_to(outside)
    err = refused(kanasta("conformance", "export", str(target), "--force"))
    assert err.startswith(f"kanasta: error: {version}: this is a link (to {outside})")
    assert outside.read_text(encoding="utf-8") == "precious\n"
    version.unlink()
    elsewhere = tmp_path / "elsewhere"
    shutil.move(target / "fixtures" / "koz", elsewhere)
    (target / "fixtures" / "koz").symlink_to(elsewhere, target_is_directory=True)
    before = sorted(p.name for p in elsewhere.rglob("*"))
    refused(kanasta("conformance", "export", str(target), "--force"), f"{target}/fixtures/koz")
    assert sorted(p.name for p in elsewhere.rglob("*")) == before
    assert not version.exists()


def test_generate_new_never_writes_into_the_builtin_suite(tmp_path: Path) -> None:
    builtin = sorted(get_fixtures_dir().rglob("*.json"))
    new = [
        "conformance", "generate", "--new", "count", "--id", "koz/count/mine", "--variant",
        "koz", "--seed", "5", "--clause", "legal-action-count", "--description", "mine",
    ]  # fmt: skip
    refused(kanasta(*new), "--new needs --into. --into DIR names the fixtures folder")
    assert sorted(get_fixtures_dir().rglob("*.json")) == builtin
    written = kanasta(*new, "--into", str(tmp_path))
    assert written.returncode == 0, written.stderr
    assert (tmp_path / "koz" / "count" / "mine.json").is_file()
    link = tmp_path / "linked"
    link.symlink_to(tmp_path / "koz", target_is_directory=True)
    new[5] = "linked/count/other"
    refused(kanasta(*new, "--into", str(tmp_path)), f"{link}: this is a link")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("clauses", 5, "at $.clauses: expected array, got number"),
        ("clauses", [3], "at $.clauses[0]: expected string, got number"),
        ("description", {"a": 1}, "at $.description: expected string, got object"),
    ],
)
def test_regeneration_refuses_a_malformed_fixture_instead_of_coercing_it(
    tmp_path: Path, field: str, value: object, words: str
) -> None:
    root = tmp_path / "house"
    source = get_fixtures_dir() / "koz" / "count"
    generated = next(p for p in sorted(source.glob("*.json")) if "generated" in p.read_text())
    data = json.loads(generated.read_text(encoding="utf-8"))
    path = write_fixture(root, data | {field: value})
    text = path.read_text(encoding="utf-8")
    for extra in (["--check"], []):
        args = ["conformance", "generate", *extra, "--no-builtin", "--fixtures", str(root)]
        refused(kanasta(*args), f"{path}: {words}")
        assert path.read_text(encoding="utf-8") == text


# --------------------------------------------------------------------------- 14: no traceback


STRICT = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}


def strict(*args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    """The command with a strict UTF-8 stdout, arguments passed as given (bytes too)."""
    return subprocess.run(
        [*KANASTA, *args], capture_output=True, timeout=300, env=STRICT, check=False
    )


def test_a_lone_surrogate_in_a_fixture_or_question_is_shown_escaped(tmp_path: Path) -> None:
    root = tmp_path / "house"
    write_fixture(root, good_meld("fi-5200/house/odd") | {"description": "odd \ud800 text"})
    shown = strict("conformance", "show", "fi-5200/house/odd", "--fixtures", str(root))
    asked = question(tmp_path, {"variant": "koz", "description": "why \udfff", "steps": [
        {"kind": "meld", "cards": ["7H", "7C", "7S"]}]})  # fmt: skip
    explained = strict("explain", str(asked))
    for done, text in ((shown, b"odd \\ud800 text"), (explained, b"why \\udfff")):
        assert done.returncode == 0, done.stderr
        assert b"Traceback" not in done.stderr
        assert text in done.stdout


def test_file_names_that_are_not_utf8_are_written_and_shown_escaped(tmp_path: Path) -> None:
    raw = os.fsencode(tmp_path)
    game = raw + b"/game-\xff.json"
    assert strict("play", "--quiet", "--max-hands", "1", "--save", game).returncode == 0
    assert os.path.exists(game)
    house = raw + b"/house-\xff"
    write_fixture(Path(os.fsdecode(house)), good_meld("fi-5200/house/good"))
    done = [
        strict("conformance", "failures", "--no-builtin", "--fixtures", house, "-o",
               raw + b"/known-\xff.txt"),
        strict("conformance", "export", raw + b"/export-\xff", "--no-builtin", "--fixtures",
               house),
        strict("conformance", "validate", "--no-builtin", "--fixtures", house + b"/missing"),
        strict("conformance", "generate", "--new", "count", "--id", "koz/count/x", "--variant",
               "koz", "--seed", "5", "--clause", "legal-action-count", "--description", "x",
               "--into", house),
    ]  # fmt: skip
    for result in done:
        assert b"Traceback" not in result.stderr, result.stderr
        assert b"\\udcff" in result.stdout + result.stderr
    assert [r.returncode for r in done] == [0, 0, 1, 0]
    assert os.path.exists(raw + b"/known-\xff.txt")
    assert os.path.exists(raw + b"/export-\xff/VERSION.json")


@pytest.mark.parametrize(
    "args",
    [("conformance", "validate"), ("conformance", "generate", "--check")],
)
def test_ctrl_c_is_one_line_not_a_traceback(args: tuple[str, ...]) -> None:
    # Well inside the run: ``generate --check`` takes about 3 s on an idle machine.
    status, _out, err = interrupt(*args, after=1.5)
    assert status == 130
    assert err == "kanasta: interrupted (Ctrl-C).\n"


# --------------------------------------------------------------------------- 15: sizes


def test_endless_input_files_are_refused_unread() -> None:
    refused(kanasta("replay", "/dev/zero"), "/dev/zero: the file is larger than", "game record")
    refused(
        kanasta("conformance", "run", "--expect-fail", "/dev/zero"),
        "/dev/zero: the expect-fail file is larger than",
    )
    refused(kanasta("explain", "/dev/zero"), "/dev/zero: the file is larger than")


def test_regenerating_an_installed_builtin_suite_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # As after ``pip install .``: the package is not inside a checkout.
    monkeypatch.setattr(conformance_command, "get_repo_root", lambda: None)
    assert main(["conformance", "generate"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kanasta: error: the built-in suite of an installed kanasta (")
    assert "--no-builtin --fixtures DIR" in err
    assert err.count("\n") == 1
