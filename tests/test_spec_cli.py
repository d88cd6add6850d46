"""``kanasta spec`` as a user runs it: the real command in a subprocess.

Which checkout ``spec check`` checks, what it says outside one, ``--json`` into a
folder that does not exist, and the hints of ``spec show`` for an unknown slug.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

import kanasta.commands.spec as command
from kanasta.cli import build_parser, main
from kanasta.specdoc.spec import find_checkout, is_checkout
from tests.cli import run_kanasta
from tests.conformance.helpers import REPO
from tests.test_spec_tooling import make_checkout

PYPROJECT = '[project]\nname = "kanasta"\nversion = "0"\n'


def fake_checkout(root: Path, *, name: str = "kanasta") -> Path:
    """A small checkout: spec/, tests/, conformance/fixtures/ and a pyproject.toml."""
    make_checkout(root)
    (root / "fixtures").rename(root / "conformance")
    (root / "conformance" / "fixtures").mkdir()
    for path in (root / "conformance").glob("*.json"):
        path.rename(root / "conformance" / "fixtures" / path.name)
    (root / "pyproject.toml").write_text(PYPROJECT.replace("kanasta", name), encoding="utf-8")
    return root


def test_spec_check_checks_the_checkout_around_the_current_folder(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path / "other")
    out = tmp_path / "matrix.json"
    done = run_kanasta("spec", "check", "--json", str(out), cwd=root / "tests")
    assert done.returncode == 1  # this package's code cites clauses the small spec lacks
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [c["slug"] for c in data["clauses"]] == ["alpha-rule", "alpha-choice", "alpha-note"]
    assert data["clauses"][0]["tests"] == ["tests/test_alpha.py::test_alpha_rule"]
    assert data["clauses"][1]["fixtures"] == ["alpha-choice-001"]
    rooted = run_kanasta("spec", "check", "--json", str(out), "--root", str(root), cwd=tmp_path)
    assert rooted.returncode == 1
    assert json.loads(out.read_text(encoding="utf-8")) == data
    assert "Traceback" not in done.stderr + rooted.stderr


def test_spec_check_root_must_be_a_kanasta_checkout(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path / "stranger", name="not-kanasta")
    assert not is_checkout(root)
    assert find_checkout(root / "spec") is None
    done = run_kanasta("spec", "check", "--root", str(root), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert f"--root {root} is not a kanasta checkout" in done.stderr


def test_find_checkout_walks_up_from_a_subfolder(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path / "mine")
    assert find_checkout(root / "conformance" / "fixtures") == root.resolve()
    assert find_checkout(REPO / "reference" / "kanasta") == REPO
    (root / "pyproject.toml").write_text("not = [toml", encoding="utf-8")
    assert not is_checkout(root)


def test_spec_check_outside_a_checkout_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # As after ``pip install .``: the package is not inside a checkout.
    monkeypatch.setattr(command, "get_repo_root", lambda: None)
    monkeypatch.chdir(tmp_path)
    assert main(["spec", "check"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert f"{tmp_path} is not in one" in captured.err
    assert "--root DIR" in captured.err


def test_spec_check_json_into_a_missing_folder_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "matrix.json"
    done = run_kanasta("spec", "check", "--json", str(target), cwd=REPO)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        f"kanasta: error: {target}: cannot write the traceability report: the folder "
        f"{target.parent} does not exist.\n"
    )
    assert list(tmp_path.iterdir()) == []
    folder = run_kanasta("spec", "check", "--json", str(tmp_path), cwd=REPO)
    assert folder.returncode == 2
    assert folder.stderr == (
        f"kanasta: error: {tmp_path}: cannot write the traceability report: it is a folder; "
        "kanasta writes only a new file or over a regular file, so nothing was written.\n"
    )


def test_spec_check_json_replaces_a_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "matrix.json"
    target.write_text("old " * 100_000, encoding="utf-8")
    done = run_kanasta("spec", "check", "--quiet", "--json", str(target), cwd=REPO)
    assert done.returncode in {0, 1}
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["ok"] is (done.returncode == 0)
    assert [p.name for p in tmp_path.iterdir()] == ["matrix.json"]  # no temporary left


def test_spec_check_json_write_failure_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "matrix.json"
    target.write_text("kept\n", encoding="utf-8")

    def refuse(_src: str, _dst: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("kanasta.io.files.os.replace", refuse)
    assert main(["spec", "check", "--quiet", "--json", str(target)]) == 2
    assert capsys.readouterr().err == (
        f"kanasta: error: {target}: cannot write the traceability report: Permission denied.\n"
    )
    assert target.read_text(encoding="utf-8") == "kept\n"
    assert [p.name for p in tmp_path.iterdir()] == ["matrix.json"]


@pytest.mark.parametrize(
    ("word", "slugs", "titled"),
    [
        ("joker", [], ["wild-only-melds"]),
        ("layoff", ["lay-off", "lay-off-own-team"], ["first-fi-team-discard-ban"]),
    ],
)
def test_spec_show_unknown_slug_suggests_slugs_and_titles(
    word: str, slugs: list[str], titled: list[str]
) -> None:
    done = run_kanasta("spec", "show", word, cwd=REPO)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert f"no clause has the slug or number {word!r}." in done.stderr
    if slugs:
        assert f"Did you mean: {', '.join(slugs)}" in done.stderr
    else:
        assert "Did you mean" not in done.stderr
    assert f"Clauses whose titles contain {word!r}: " in done.stderr
    for slug in titled:
        assert f"{slug} (" in done.stderr


def test_spec_show_with_nothing_near_points_to_the_list() -> None:
    done = run_kanasta("spec", "show", "zzzz", cwd=REPO)
    assert done.returncode == 2
    assert "`kanasta spec list` lists every clause." in done.stderr


def test_readme_names_every_spec_command() -> None:
    parser = build_parser()
    commands = next(
        a for a in parser._actions if isinstance(a, argparse._SubParsersAction)
    ).choices["spec"]
    spec_sub = next(a for a in commands._actions if isinstance(a, argparse._SubParsersAction))
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    missing = [name for name in spec_sub.choices if f"`kanasta spec {name}" not in readme]
    assert not missing, f"README.md does not mention kanasta spec {missing}"


def test_spec_check_in_process_root_and_bad_json_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "matrix.json"
    status = main(["spec", "check", "--quiet", "--root", str(REPO), "--json", str(out)])
    assert status == (0 if json.loads(out.read_text(encoding="utf-8"))["ok"] else 1)
    capsys.readouterr()
    assert main(["spec", "check", "--json", str(tmp_path / "no" / "m.json")]) == 2
    assert "the folder" in capsys.readouterr().err
    assert main(["spec", "check", "--json", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err


def test_spec_show_lists_at_most_eight_titles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["spec", "show", "canasta"]) == 2
    err = capsys.readouterr().err
    assert " more." in err
    assert err.count("\n") == 1


def test_spec_show_in_turkish_names_the_sources_in_turkish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["spec", "show", "fi-unplayed-fi-5200", "--lang", "tr"]) == 0
    header = capsys.readouterr().out.splitlines()[1]
    assert "kaynak 000 (1. kısım)" in header
    assert "seed" not in header
