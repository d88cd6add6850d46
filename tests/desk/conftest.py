"""The desk's helpers for its tests: the Sphinx extension of docs/desk, loaded by path."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

DESK = Path(__file__).resolve().parents[2] / "docs" / "desk"


def load_desk() -> ModuleType:
    """docs/desk/desk_sphinx.py (not a package of the project: the site's own extension)."""
    spec = importlib.util.spec_from_file_location("desk_sphinx", DESK / "desk_sphinx.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
