"""The list of engine modules, imported so that their clause marks register."""

from __future__ import annotations

import importlib

ENGINE_MODULES: tuple[str, ...] = (
    "kanasta.cards",
    "kanasta.profiles",
    "kanasta.families",
    "kanasta.points",
    "kanasta.melds",
    "kanasta.canasta",
    "kanasta.state",
    "kanasta.deal",
    "kanasta.candidates",
    "kanasta.opening",
    "kanasta.going_out",
    "kanasta.turn",
    "kanasta.actions",
    "kanasta.scoring",
    "kanasta.game",
    "kanasta.view",
    "kanasta.engine",
)


def import_all() -> None:
    """Import every engine module (idempotent)."""
    for name in ENGINE_MODULES:
        importlib.import_module(name)
