"""The list of engine modules, imported so that their clause marks register."""

from __future__ import annotations

import importlib

ENGINE_MODULES: tuple[str, ...] = (
    "kanasta.rules.cards",
    "kanasta.rules.families",
    "kanasta.families",
    "kanasta.rules.points",
    "kanasta.rules.melds",
    "kanasta.rules.canastas",
    "kanasta.rules.state",
    "kanasta.rules.deal",
    "kanasta.rules.opening",
    "kanasta.rules.going_out",
    "kanasta.rules.turn",
    "kanasta.rules.actions",
    "kanasta.rules.scoring",
    "kanasta.rules.game",
    "kanasta.rules.view",
    "kanasta.io.meld_json",
    "kanasta.io.state_json",
    "kanasta.io.action_json",
    "kanasta.io.game_json",
    "kanasta.engine",
)


def import_all() -> None:
    """Import every engine module (idempotent)."""
    for name in ENGINE_MODULES:
        importlib.import_module(name)
