"""A batched numpy API: many episodes stepped together, arrays in and out.

:class:`VectorGame` keeps ``count`` episodes of one :class:`~kanasta_envs.params.Params`.
Each row is one episode; at every call each row's seat to act is named, its
information-state tensor and int8 mask returned, one id per row taken, chance played by
the row's seeded deals (:mod:`kanasta_envs.seeded`, the deals of ``kanasta play --seed``),
and a finished row reports its returns and starts its next episode from its next seed.

This is the API's shape over the same core: the rows are stepped one after another in
Python, not yet inside the native engine, so it is no faster than the single environment.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from kanasta.errors import InputError

from kanasta_envs.actions import NUM_ACTIONS
from kanasta_envs.core import CoreState, Game
from kanasta_envs.observe import get_info_state_tensor, get_layout
from kanasta_envs.params import Params
from kanasta_envs.seeded import SeededDeals

__all__ = ["VectorGame"]


class VectorGame:
    """``count`` episodes stepped together (see the module's text)."""

    def __init__(self, params: Params, count: int) -> None:
        if count < 1:
            raise ValueError(f"a batch holds one episode or more, not {count}")
        if params.actions != "spelt":
            raise InputError(
                f"actions={params.actions}: the batched API plays the spelt ids only; "
                "use the PettingZoo or OpenSpiel front end for the atomic mode."
            )
        self.game = Game(params)
        self.count = count
        self.observation_size = sum(s for _, s in get_layout(self.game, info_state=True))
        self.states: list[CoreState] = []
        self.deals: list[SeededDeals] = []
        self.seeds: list[int] = []

    def reset(self, seeds: Sequence[int]) -> None:
        """Start every row: row ``i`` dealt from ``seeds[i]``; its next episodes from
        ``seeds[i] + count``, ``seeds[i] + 2 * count`` and on."""
        if len(seeds) != self.count:
            raise ValueError(f"{self.count} rows need {self.count} seeds, not {len(seeds)}")
        self.seeds = list(seeds)
        self.states = []
        self.deals = []
        for seed in seeds:
            self._start(seed)

    def _start(self, seed: int, row: int | None = None) -> None:
        deals = SeededDeals(seed)
        state = self.game.new_initial_state()
        deals.play_chance(state)
        if row is None:
            self.states.append(state)
            self.deals.append(deals)
        else:
            self.states[row] = state
            self.deals[row] = deals

    def observe(
        self,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Per row: the information-state tensor of the seat to act, its mask, the seat."""
        observations = np.zeros((self.count, self.observation_size), np.float32)
        masks = np.zeros((self.count, NUM_ACTIONS), np.int8)
        seats = np.zeros(self.count, np.int64)
        for row, state in enumerate(self.states):
            seat = state.current_player()
            seats[row] = seat
            observations[row] = get_info_state_tensor(self.game, state, seat)
            masks[row, state.legal_actions()] = 1
        return observations, masks, seats

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Apply one id per row. Returns per row the returns of an episode that ended (zero
        otherwise; one column per seat), whether it ended and whether it was cut; an
        ended row starts its next episode at once."""
        chosen = np.asarray(actions, np.int64)
        if chosen.shape != (self.count,):
            raise ValueError(f"one id per row: shape ({self.count},), not {chosen.shape}")
        returns = np.zeros((self.count, self.game.players), np.float64)
        ended = np.zeros(self.count, np.bool_)
        cut = np.zeros(self.count, np.bool_)
        for row, state in enumerate(self.states):
            state.apply(int(chosen[row]))
            self.deals[row].play_chance(state)
            if state.is_terminal():
                returns[row] = state.returns()
                ended[row] = True
                cut[row] = state.truncated
                self.seeds[row] += self.count
                self._start(self.seeds[row], row)
        return returns, ended, cut
