"""The PettingZoo front end: an AEC environment per family, player count and scope.

``KanastaEnv(family="koz")``; agents ``player_0`` .. ``player_{n-1}`` (the seats). Chance
nodes are played by the environment: ``reset(seed=S)`` deals every hand as ``kanasta play
--seed S`` deals it (:mod:`kanasta_envs.seeded`), so an agent acts only at its own
decisions. ``reset(seed=S, options={"state": STATE})`` starts instead from a state in the
fixture format (a conformance fixture's setup state, :mod:`kanasta_envs.fixtures`), the
cards nobody has seen in it dealt at random from the environment's generator. An engine
action of several tokens (a meld's cards) and a turn of several actions select the same
agent again. Each observation is a dict:
``observation`` (the seat's information-state tensor, :mod:`kanasta_envs.observe`) and
``action_mask`` (int8, one per id, ones only for the agent to act); ``info`` carries the
same ``action_mask``. With ``actions="atomic"`` (:mod:`kanasta_envs.atomic`) an agent's
id is a place in the engine's legal list, one engine action per step; the observation and
``info`` then also carry ``action_features`` (float32, one row of
:data:`~kanasta_envs.atomic.FEATURES` per id, zero rows past the legal count and for the
agents not to act; read-only). Rewards are the returns, given when the episode ends; a cut
episode (``max_turns``, ``max_turn_actions``) is a truncation.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from kanasta.errors import InputError
from pettingzoo import AECEnv

from kanasta_envs.actions import MAX_DECK
from kanasta_envs.atomic import FEATURES, apply_atomic, get_atomic_ids, get_padded_features
from kanasta_envs.core import CoreState, Game
from kanasta_envs.fixtures import check_playable
from kanasta_envs.observe import get_info_state_tensor, get_layout
from kanasta_envs.params import Params
from kanasta_envs.play import play_chance
from kanasta_envs.seeded import SeededDeals

__all__ = ["KanastaEnv"]

OBSERVATION_BOUND = 1.0e6


class KanastaEnv(AECEnv):  # type: ignore[misc]
    """kanasta as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "kanasta_v0",
        "render_modes": [],
        "is_parallelizable": False,
    }

    def __init__(self, params: Params | None = None, **fields: Any) -> None:
        super().__init__()
        self.game = Game(params if params is not None else Params(**fields))
        self.possible_agents = [f"player_{i}" for i in range(self.game.players)]
        self.agents = list(self.possible_agents)
        size = sum(s for _, s in get_layout(self.game, info_state=True))
        ids = self.game.num_distinct_actions
        spaces: dict[str, gymnasium.spaces.Space[Any]] = {
            "observation": gymnasium.spaces.Box(
                -OBSERVATION_BOUND, OBSERVATION_BOUND, (size,), np.float32
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, (ids,), np.int8),
        }
        self._no_features: npt.NDArray[np.float32] = np.zeros((ids, FEATURES), np.float32)
        self._no_features.flags.writeable = False
        self._features = self._no_features
        if self.game.atomic:
            spaces["action_features"] = gymnasium.spaces.Box(
                0, MAX_DECK, (ids, FEATURES), np.float32
            )
        self._observation_space = gymnasium.spaces.Dict(spaces)
        self._action_space = gymnasium.spaces.Discrete(ids)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self.rng = random.Random()
        self.deals: SeededDeals | None = SeededDeals(0)
        self.state: CoreState = self.game.new_initial_state()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:  # noqa: ARG002
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:  # noqa: ARG002
        return self._action_space

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _is_actor(self, agent: str) -> bool:
        state = self.state
        return not state.is_terminal() and state.current_player() == self._seat(agent)

    def _mask(self, agent: str) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        if self._is_actor(agent):
            if self.game.atomic:
                mask[get_atomic_ids(self.state)] = 1
            else:
                mask[self.state.legal_actions()] = 1
        return mask

    def _get_features(self, agent: str) -> npt.NDArray[np.float32]:
        return self._features if self._is_actor(agent) else self._no_features

    def _set_infos(self) -> None:
        """Each agent's ``info``; in the atomic mode the actor's feature rows, built once."""
        infos: dict[str, dict[str, Any]]
        if self.game.atomic:
            self._features = get_padded_features(self.state)
            self._features.flags.writeable = False
            infos = {
                name: {"action_mask": self._mask(name), "action_features": self._get_features(name)}
                for name in self.agents
            }
        else:
            infos = {name: {"action_mask": self._mask(name)} for name in self.agents}
        self.infos = infos

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat(agent)
        found: dict[str, npt.NDArray[Any]] = {
            "observation": get_info_state_tensor(self.game, self.state, seat),
            "action_mask": self._mask(agent),
        }
        if self.game.atomic:
            found["action_features"] = self._get_features(agent)
        return found

    def reset(
        self,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        """seeded-shuffle: a new episode dealt from ``seed`` as ``kanasta play --seed``
        deals (without one, from a seed the environment's generator draws).

        state-json: with ``options={"state": STATE}`` the episode starts from STATE (the
        fixture format) instead; the cards nobody has seen in it, and the hands dealt
        after it in game scope, come from the environment's generator (seeded by
        ``seed``). A state whose hand is over, or whose seat to act has no legal action,
        is refused: there is nothing to play. Other options are ignored (PettingZoo's
        api_test passes one of its own)."""
        if seed is not None:
            self.rng = random.Random(seed)
        else:
            seed = self.rng.randrange(2**63)
        self.agents = list(self.possible_agents)
        if options and "state" in options:
            self.deals = None
            where = "options['state']"
            self.state = self.game.new_state_from_json(options["state"], where)
            check_playable(self.state, where)
            if self.state.is_terminal():
                raise InputError(
                    "options['state']: its hand is over, so there is nothing to play from it "
                    "(clause state-json)."
                )
        else:
            self.deals = SeededDeals(seed)
            self.state = self.game.new_initial_state()
        self._play_chance()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.agent_selection = self.possible_agents[self.state.current_player()]
        self._set_infos()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act and gave no action")
        self._cumulative_rewards[agent] = 0.0
        if self.game.atomic:
            apply_atomic(self.state, int(action))
        else:
            self.state.apply(int(action))
        self._play_chance()
        state = self.state
        if state.is_terminal():
            returns = state.returns()
            for agent_name in self.agents:
                self.rewards[agent_name] = returns[self._seat(agent_name)]
                self.terminations[agent_name] = not state.truncated
                self.truncations[agent_name] = state.truncated
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[state.current_player()]
        self._set_infos()
        self._accumulate_rewards()

    def _play_chance(self) -> None:
        """The chance nodes up to the next decision: the seed's deals, or for an episode
        from a given state the environment's generator."""
        if self.deals is not None:
            self.deals.play_chance(self.state)
        else:
            play_chance(self.state, self.rng)

    def render(self) -> None:
        return None

    def close(self) -> None:
        return None
