"""Sphinx configuration of the kanasta site: the spec, the profiles, the glossary, the API."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Build from this checkout even when another kanasta is installed.
sys.path.insert(0, str(ROOT / "reference"))
# The desk (docs/desk.rst): its directive, its links from the disputes and its files.
sys.path.insert(0, str(ROOT / "docs" / "desk"))

from sphinx.application import Sphinx  # noqa: E402
from sphinx.config import Config  # noqa: E402

from kanasta import __version__  # noqa: E402

project = "kanasta"
author = "kanasta developers"
copyright = "kanasta developers"
version = __version__
release = __version__

extensions: list[str] = [
    "sphinx.ext.autodoc",
    "kanasta.specdoc.sphinxext",
    "desk_sphinx",
]

# spec/ is a symlink to ../spec (the chapters live at the top of the repository).
exclude_patterns: list[str] = ["_build", "Thumbs.db", ".DS_Store", "desk/node_modules"]
root_doc = "index"
language = "en"
# The Turkish edition: one catalogue per page, docs/locales/tr/LC_MESSAGES/<page>.po.
locale_dirs = ["locales/"]
gettext_compact = False
gettext_uuid = False
# No "#: file:line" comments: a catalogue changes only when its text does.
gettext_location = False
nitpicky = False
keep_warnings = False
smartquotes = True

# Under every clause: links to the code, tests and fixtures that pin it (kanasta.specdoc.sphinxext).
kanasta_clause_links = True

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options: dict[str, bool | str] = {
    "members": True,
    "undoc-members": False,
    "show-inheritance": True,
}

html_theme = "furo" if importlib.util.find_spec("furo") is not None else "alabaster"
html_title = f"kanasta {release}: the rules of Canasta, executable"
html_static_path: list[str] = []
html_show_sourcelink = True

_TITLES = {"tr": f"kanasta {release}: çalıştırılabilir Kanasta kuralları"}
"""The site's title in the editions other than English (``-D language=...`` is read after
this file, so the title is chosen once the configuration is complete)."""


def _title_in_language(_app: Sphinx, config: Config) -> None:
    config.html_title = _TITLES.get(config.language, config.html_title)


def setup(app: Sphinx) -> None:
    app.connect("config-inited", _title_in_language)
