"""kanasta-envs: every kanasta family as a game-AI environment, on the native engine.

:mod:`kanasta_envs.core` is the one core (chance, actions, returns); the front ends are
:mod:`kanasta_envs.openspiel` (the OpenSpiel game ``kanasta``, registered on import) and
:mod:`kanasta_envs.pettingzoo` (:class:`~kanasta_envs.pettingzoo.KanastaEnv`, an AEC
environment). The front ends are imported on demand, so importing this package needs
neither library.
"""

from __future__ import annotations

from kanasta_envs.core import CHANCE, TERMINAL, CoreState, Game
from kanasta_envs.params import Params, get_combinations, get_player_counts

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CoreState",
    "Game",
    "Params",
    "get_combinations",
    "get_player_counts",
]

__version__ = "0.1.0"
