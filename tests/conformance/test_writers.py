"""Every output file goes through one writer (``kanasta.io.files``): it writes a new path or
over a regular file, and refuses a link, a FIFO, a device, two outputs on one file and an
output on the command's own input, with one line, before any work is done."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kanasta.cli import main
from kanasta.errors import InputError
from kanasta.io.files import check_output_path, refuse_same_paths, write_file
from tests.conformance.helpers import good_meld, write_fixture


def _house(tmp_path: Path) -> Path:
    root = tmp_path / "house"
    write_fixture(root, good_meld("fi-5200/house/good"))
    return root


def _run_args(tmp_path: Path) -> list[str]:
    return ["conformance", "run", "--no-builtin", "--fixtures", str(_house(tmp_path))]


def _report_file(tmp_path: Path) -> Path:
    path = tmp_path / "in.json"
    assert main([*_run_args(tmp_path), "--no-progress", "--report", str(path)]) == 0
    return path


def _writer_command(writer: str, tmp_path: Path, target: Path) -> list[str]:
    """The command line of one writer, writing ``target``."""
    if writer in ("--report", "--junit"):
        return [*_run_args(tmp_path), writer, str(target)]
    if writer == "-o":
        return ["conformance", "failures", *_run_args(tmp_path)[2:], "-o", str(target)]
    if writer in ("--html", "--markdown"):
        return ["conformance", "report", str(_report_file(tmp_path)), writer, str(target)]
    if writer == "--save":
        return ["play", "--variant", "koz", "--seed", "1", "--save", str(target)]
    assert writer == "--json"
    return ["spec", "check", "--json", str(target)]


WRITERS = ["--report", "--junit", "-o", "--html", "--markdown", "--save", "--json"]


@pytest.mark.parametrize("writer", WRITERS)
def test_every_writer_refuses_a_symlink_and_leaves_it_and_its_target(
    writer: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    link = tmp_path / "out"
    link.symlink_to(victim)
    argv = _writer_command(writer, tmp_path, link)
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert f"{link}: cannot write the" in err[0]
    assert "it is a symbolic link" in err[0]
    assert link.is_symlink()
    assert victim.read_text(encoding="utf-8") == "keep me\n"


def test_a_fifo_at_the_report_path_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main([*_run_args(tmp_path), "--report", str(fifo)]) == 2
    out = capsys.readouterr()
    assert out.out == ""  # refused before the run: no summary
    assert "it is a FIFO (named pipe)" in out.err
    assert fifo.is_fifo()


def test_a_device_node_is_refused_by_the_check_every_writer_makes() -> None:
    with pytest.raises(InputError, match="it is a character device"):
        check_output_path(Path("/dev/null"), "JSON report")


def test_the_writer_itself_refuses_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="FIFO"):
        write_file(fifo, "text", "JSON report")
    assert fifo.is_fifo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_the_writer_replaces_a_regular_file_and_writes_a_new_path(tmp_path: Path) -> None:
    old = tmp_path / "old.txt"
    old.write_text("old\n", encoding="utf-8")
    write_file(old, "new\n", "JSON report")
    write_file(tmp_path / "new.txt", b"bytes\n", "exported fixture")
    assert old.read_text(encoding="utf-8") == "new\n"
    assert (tmp_path / "new.txt").read_bytes() == b"bytes\n"


def test_export_refuses_a_fifo_where_it_writes_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "export"
    out.mkdir()
    os.mkfifo(out / "VERSION.json")
    assert main(["conformance", "export", str(out), "--force"]) == 2
    assert "VERSION.json: cannot write the version file: it is a FIFO" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["VERSION.json"]


def test_report_refuses_to_overwrite_its_own_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _report_file(tmp_path)
    before = report.read_bytes()
    capsys.readouterr()
    alias = tmp_path / "house" / ".." / report.name
    assert main(["conformance", "report", str(report), "--html", str(alias)]) == 2
    assert "would overwrite the report it is made from" in capsys.readouterr().err
    assert report.read_bytes() == before


def test_report_refuses_two_outputs_on_one_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _report_file(tmp_path)
    out = tmp_path / "status"
    capsys.readouterr()
    argv = ["conformance", "report", str(report), "--html", str(out), "--markdown", str(out)]
    assert main(argv) == 2
    assert "are one file" in capsys.readouterr().err
    assert not out.exists()


def test_run_refuses_the_json_and_junit_reports_on_one_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r"
    assert main([*_run_args(tmp_path), "--report", str(out), "--junit", str(out)]) == 2
    assert capsys.readouterr().out == ""
    assert not out.exists()


def test_run_refuses_a_report_over_its_expect_fail_list(tmp_path: Path) -> None:
    listed = tmp_path / "expect-fail.txt"
    listed.write_text("# none\n", encoding="utf-8")
    assert main([*_run_args(tmp_path), "--expect-fail", str(listed), "--junit", str(listed)]) == 2
    assert listed.read_text(encoding="utf-8") == "# none\n"


def test_a_hard_link_to_the_input_is_the_same_file(tmp_path: Path) -> None:
    source = tmp_path / "in.json"
    source.write_text(json.dumps({}), encoding="utf-8")
    os.link(source, tmp_path / "alias.json")
    with pytest.raises(InputError, match="would overwrite"):
        refuse_same_paths([(tmp_path / "alias.json", "web page")], [(source, "report")])
