"""Run the real ``kanasta`` command in a subprocess, as a user does."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

__all__ = ["KANASTA", "run_kanasta"]

_SCRIPT = shutil.which("kanasta", path=str(Path(sys.executable).parent))
# The console script of the environment running the tests (``python -m kanasta`` without one).
KANASTA: tuple[str, ...] = (_SCRIPT,) if _SCRIPT else (sys.executable, "-m", "kanasta")


def run_kanasta(
    *args: str, cwd: Path | None = None, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``kanasta ARGS...``: exit status, stdout and stderr as text."""
    return subprocess.run(
        [*KANASTA, *args],
        cwd=cwd,
        env=None if env is None else dict(env),
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
