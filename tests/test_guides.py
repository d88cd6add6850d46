"""The implementer guide's shell commands, run as written (docs/conformance/
check-your-implementation.rst): in a copy of this checkout, a fresh venv gets a
real (not editable) install, then every command of every ``sh`` block runs in
order in one shell.

Slow (a wheel is built and installed: about half a minute) and it needs what
``pip install .`` needs (the build backend, from the package index). It runs in
``nox -s guides`` (one of the default sessions, so ``nox`` and CI run it); the
``tests`` session leaves it out. Run it alone with ``KANASTA_GUIDE_TESTS=1 pytest
tests/test_guides.py``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conformance.helpers import NODE_ADAPTER, REPO
from tests.conformance.node import NODE_BIN

GUIDE = REPO / "docs" / "conformance" / "check-your-implementation.rst"
# Besides the build output: what other sessions write while this one copies (nox runs the
# sessions side by side): coverage data, the Hypothesis database, compiled catalogues.
COPY_IGNORE = shutil.ignore_patterns(
    ".venv", ".nox", ".git", "_build", "dist", "build", "__pycache__", "*.egg-info", ".*_cache",
    ".coverage*", ".hypothesis", "*.mo",
)  # fmt: skip

pytestmark = pytest.mark.skipif(
    os.environ.get("KANASTA_GUIDE_TESTS") != "1",
    reason="slow: builds and installs a wheel (nox -s guides, or KANASTA_GUIDE_TESTS=1)",
)


def sh_blocks(text: str) -> list[list[str]]:
    """The command lines of every ``.. code-block:: sh`` of an rst page, block by block."""
    blocks: list[list[str]] = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.strip() != ".. code-block:: sh":
            continue
        block: list[str] = []
        for body in lines[index + 1 :]:
            if body.strip() and not body.startswith("   "):
                break
            if body.strip():
                block.append(body.strip())
        blocks.append(block)
    return blocks


@dataclass(frozen=True, slots=True)
class Ran:
    """One command line of the guide and what it did."""

    command: str
    status: int


def run_lines(lines: list[str], cwd: Path, env: dict[str, str]) -> tuple[list[Ran], str]:
    """Run the lines in order in one bash (so ``. .venv/bin/activate`` carries over)."""
    script = "".join(f'{line}\necho "@@status $? {i}"\n' for i, line in enumerate(lines))
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    statuses = {
        int(m.group(2)): int(m.group(1))
        for m in re.finditer(r"^@@status (\d+) (\d+)$", done.stdout, flags=re.MULTILINE)
    }
    ran = [Ran(line, statuses.get(i, -1)) for i, line in enumerate(lines)]
    return ran, done.stdout + done.stderr


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A copy of this checkout, with the files the guide's examples assume."""
    root = tmp_path_factory.mktemp("guide") / "kanasta"
    shutil.copytree(REPO, root, ignore=COPY_IGNORE, symlinks=True)
    # "your" adapter: the repository's JavaScript one; "your" house fixtures: one of ours.
    shutil.copy(NODE_ADAPTER, root / "my-adapter.js")
    house = root / "house-fixtures" / "classic" / "house"
    house.mkdir(parents=True)
    source = next(iter(sorted((REPO / "conformance" / "fixtures" / "classic").rglob("*.json"))))
    fixture = json.loads(source.read_text(encoding="utf-8"))
    fixture["id"] = "classic/house/first"
    (house / "first.json").write_text(json.dumps(fixture), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in {"VIRTUAL_ENV", "PYTHONPATH"}}
    env["PATH"] = os.pathsep.join([str(NODE_BIN), str(Path(sys.executable).parent), env["PATH"]])
    return root, env


def test_guide_commands_run_as_written(workdir: tuple[Path, dict[str, str]]) -> None:
    root, env = workdir
    lines = [line for block in sh_blocks(GUIDE.read_text(encoding="utf-8")) for line in block]
    assert lines[0] == "python3 -m venv .venv && . .venv/bin/activate && pip install ."
    ran, output = run_lines(lines, root, env)
    assert "Traceback" not in output
    for step in ran:
        # A partial implementation (ours answers classic melds only) may check nothing (5).
        allowed = {0, 5} if "my-adapter.js" in step.command else {0}
        assert step.status in allowed, f"{step.command!r} exited {step.status}:\n{output}"
    installed = root / ".venv" / "bin" / "kanasta"
    assert installed.is_file()
    assert (root / "kanasta-suite" / "VERSION.json").is_file()
    assert list((root / "dist").glob("kanasta-*.whl"))


def test_spec_check_after_a_real_install(
    workdir: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """``pip install .`` (not editable): spec check finds the checkout from the current
    folder, and says in one line that it needs one when run outside."""
    root, env = workdir
    kanasta = root / ".venv" / "bin" / "kanasta"
    if not kanasta.is_file():
        run_lines(["python3 -m venv .venv && . .venv/bin/activate && pip install ."], root, env)
    for cwd in (root, root / "reference"):
        inside = subprocess.run(
            [str(kanasta), "spec", "check", "--quiet"],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert inside.returncode == 0, inside.stdout + inside.stderr
        assert "0 problem(s)" in inside.stdout
    outside = subprocess.run(
        [str(kanasta), "spec", "check"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert outside.returncode == 2
    assert outside.stdout == ""
    assert outside.stderr.count("\n") == 1
    assert "--root DIR" in outside.stderr
    assert "Traceback" not in outside.stderr
    rooted = subprocess.run(
        [str(kanasta), "spec", "check", "--quiet", "--root", str(root)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert rooted.returncode == 0, rooted.stdout + rooted.stderr
