"""``kanasta rulebook`` in process: the terminal text, the quick reference, the pager, the
HTML and PDF writers and their refusals (the same command the subprocess tests of
tests/test_rulebook.py run, here where coverage sees it)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

import kanasta.commands.rulebook as command
from kanasta.cli import main


def test_rulebook_prints_the_family_rulebook(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulebook", "fi-351", "--no-pager", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Fi-351: how to play\n")
    assert "§2.1" in out


def test_rulebook_quick_reference_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulebook", "koz", "--quick", "--lang", "tr", "--no-pager"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Koz: kısa özet"
    assert "=" * 5 in out.splitlines()[1]
    assert "  - " in out


def test_rulebook_html_writes_the_book_and_its_quick_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "book"
    assert main(["rulebook", "classic", "--html", str(folder), "--lang", "en"]) == 0
    assert (folder / "classic.html").read_text("utf-8").lstrip().startswith("<")
    assert "5,000" in (folder / "classic-quick.html").read_text("utf-8")
    assert str(folder / "classic.html") in capsys.readouterr().out


def test_rulebook_html_refuses_a_symlink_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "book"
    folder.mkdir()
    target = tmp_path / "elsewhere.html"
    target.write_text("keep", "utf-8")
    (folder / "koz.html").symlink_to(target)
    assert main(["rulebook", "koz", "--html", str(folder)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert target.read_text("utf-8") == "keep"


def test_rulebook_html_into_a_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", "utf-8")
    assert main(["rulebook", "koz", "--html", str(blocker / "sub")]) == 2
    assert "cannot write the rulebook" in capsys.readouterr().err


@pytest.mark.parametrize("quick", [False, True])
def test_rulebook_pdf_writes_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], quick: bool
) -> None:
    path = tmp_path / "koz.pdf"
    assert main(["rulebook", "koz", "--pdf", str(path), *(["--quick"] if quick else [])]) == 0
    assert path.read_bytes().startswith(b"%PDF")
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: 1 page\n" if quick else f"{path}: ")


def test_rulebook_pdf_into_a_missing_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rulebook", "koz", "--pdf", str(tmp_path / "no" / "x.pdf")]) == 2
    assert "does not exist" in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_page_colours_red_suits_on_a_terminal_and_uses_the_pager(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    screen = _Terminal()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.delenv("NO_COLOR", raising=False)
    seen: list[bytes] = []

    def pager(cmd: list[str], *, input: bytes, check: bool, env: dict[str, str]) -> None:
        assert cmd == ["cat"]
        assert not check
        assert env["LESS"]
        seen.append(input)

    monkeypatch.setattr("subprocess.run", pager)
    monkeypatch.setenv("PAGER", "cat")
    command._page("5♥ 6♠\n" * 200, no_pager=False)
    assert b"\x1b[31m" in seen[0]
    assert screen.getvalue() == ""


def test_page_prints_when_the_pager_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _Terminal()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("PAGER", "no-such-pager-here")

    def fail(*_: object, **__: object) -> None:
        raise OSError("no pager")

    monkeypatch.setattr("subprocess.run", fail)
    command._page("5♥\n" * 200, no_pager=False)
    assert screen.getvalue() == "5♥\n" * 200
    assert "\x1b" not in screen.getvalue()
    assert os.environ["PAGER"] == "no-such-pager-here"
