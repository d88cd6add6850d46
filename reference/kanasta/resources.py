"""Where the spec and the conformance fixtures are: a checkout, or inside the wheel."""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "get_fixtures_dir",
    "get_glossary_path",
    "get_locale_dir",
    "get_repo_root",
    "get_rulebook_dir",
    "get_schema_dir",
    "get_spec_dir",
]

_PACKAGE = Path(__file__).resolve().parent
_DATA = _PACKAGE / "_data"


def get_repo_root() -> Path | None:
    """The checkout this package was imported from, or ``None`` for an installed wheel."""
    root = _PACKAGE.parent.parent
    if (root / "spec").is_dir() and (root / "reference" / "kanasta").is_dir():
        return root
    return None


def _find(*parts: str) -> Path:
    root = get_repo_root()
    if root is not None:
        return root.joinpath(*parts)
    return _DATA.joinpath(*parts)


def get_spec_dir() -> Path:
    """The folder of the spec chapters (``spec/*.rst``)."""
    return _find("spec")


def get_fixtures_dir() -> Path:
    """The folder of the built-in conformance fixtures."""
    return _find("conformance", "fixtures")


def get_schema_dir() -> Path:
    """The folder of the conformance JSON Schemas."""
    return _find("conformance", "schema")


def get_locale_dir() -> Path:
    """The folder of the translations' catalogues (``<language>/LC_MESSAGES/<page>.po``)."""
    return _find("docs", "locales") if get_repo_root() is not None else _DATA / "locales"


def get_glossary_path() -> Path:
    """The glossary page (``docs/glossary.rst``)."""
    return _find("docs", "glossary.rst") if get_repo_root() is not None else _DATA / "glossary.rst"


def get_rulebook_dir() -> Path:
    """The players' rulebooks (``docs/rulebooks/<family>.rst``)."""
    return _find("docs", "rulebooks") if get_repo_root() is not None else _DATA / "rulebooks"
