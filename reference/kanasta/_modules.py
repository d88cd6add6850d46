"""The list of engine modules, imported so that their clause marks register."""

from __future__ import annotations

import importlib

ENGINE_MODULES: tuple[str, ...] = (
    "kanasta.cards",
    "kanasta.profiles",
    "kanasta.points",
    "kanasta.melds",
    "kanasta.canasta",
)


def import_all() -> None:
    """Import every engine module (idempotent)."""
    for name in ENGINE_MODULES:
        importlib.import_module(name)
