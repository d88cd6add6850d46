"""The OpenSpiel front end: the game ``kanasta`` registered with ``pyspiel.register_game``.

``pyspiel.load_game("kanasta(family=koz,players=4)")`` after ``import kanasta_envs.openspiel``.
Parameters: ``family``, ``players`` (0: the family's own), ``options`` (rule options joined
by ``+``), ``scope`` (``hand`` or ``game``), ``target`` (points, 0: the family's),
``max_turns``, ``max_turn_actions``, ``dealer`` (-1: the last seat), ``actions``
(``spelt``, the default, or ``atomic``).

Ids are the tokens of :mod:`kanasta_envs.actions` (``actions=spelt``) or the places in
the engine's legal list (``actions=atomic``, :mod:`kanasta_envs.atomic`; the state's
``action_features()`` gives one feature row per legal id); chance outcomes are the card
kinds (0..52). History serialization is OpenSpiel's own (the ids, replayed).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
from kanasta.rules.cards import NUM_KINDS

from kanasta_envs.actions import CARD_TEXT, get_token_text
from kanasta_envs.atomic import (
    FEATURES,
    apply_atomic_id,
    get_action_features,
    get_atomic_ids,
    get_atomic_text,
)
from kanasta_envs.core import PUBLIC_TOKEN, SEEN_BY_ALL, CoreState, Game
from kanasta_envs.fixtures import check_playable
from kanasta_envs.observe import get_info_state_tensor, get_layout, get_observation_tensor
from kanasta_envs.params import Params
from kanasta_envs.resample import resample

__all__ = ["GAME_TYPE", "KanastaGame", "KanastaObserver", "KanastaState", "get_params"]

DEFAULTS: dict[str, Any] = {
    "family": "koz",
    "players": 0,
    "options": "",
    "scope": "hand",
    "target": 0,
    "max_turns": Params().max_turns,
    "max_turn_actions": Params().max_turn_actions,
    "dealer": -1,
    "actions": Params().actions,
}

GAME_TYPE = pyspiel.GameType(
    short_name="kanasta",
    long_name="kanasta: Canasta as played in Turkey (koz, fi-5200, fi-351) and classic",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def get_params(values: dict[str, Any]) -> Params:
    """The environment parameters from OpenSpiel's parameter dictionary."""
    merged = {**DEFAULTS, **values}
    options = tuple(o for o in str(merged["options"]).split("+") if o)
    return Params(
        family=str(merged["family"]),
        players=int(merged["players"]),
        options=options,
        scope=str(merged["scope"]),
        target=int(merged["target"]),
        max_turns=int(merged["max_turns"]),
        max_turn_actions=int(merged["max_turn_actions"]),
        dealer=int(merged["dealer"]),
        actions=str(merged["actions"]),
    )


class KanastaGame(pyspiel.Game):  # type: ignore[misc]
    """kanasta as an OpenSpiel game (one family, player count, options and scope)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.core = Game(get_params(given))
        core = self.core
        info = pyspiel.GameInfo(
            num_distinct_actions=core.num_distinct_actions,
            max_chance_outcomes=NUM_KINDS,
            num_players=core.players,
            min_utility=core.min_utility,
            max_utility=core.max_utility,
            utility_sum=0.0,
            max_game_length=core.max_game_length,
        )
        super().__init__(GAME_TYPE, info, {**DEFAULTS, **given})

    def new_initial_state(self) -> KanastaState:
        return KanastaState(self)

    def new_initial_state_from_json(
        self, data: dict[str, Any], where: str = "state"
    ) -> KanastaState:
        """state-json: an episode starting from a state in the fixture format (a
        conformance fixture's setup state, :mod:`kanasta_envs.fixtures`), for this game's
        family, players and options. The cards nobody has seen (the stock below its top,
        the fi packets) are chance outcomes as in a dealt hand. The state's OpenSpiel
        history starts empty, so OpenSpiel's serialization, which replays the history
        from a dealt hand, does not hold it; pickle does. A state whose seat to act has no
        legal action is refused (:func:`kanasta_envs.fixtures.check_playable`)."""
        core = self.core.new_state_from_json(data, where)
        check_playable(core, where)
        return KanastaState(self, core)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KanastaObserver:
        if params:
            raise ValueError(f"kanasta's observer takes no parameters, not {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return KanastaObserver(self.core, info_state=recall)

    def __deepcopy__(self, memo: dict[int, Any]) -> KanastaGame:
        return self


class KanastaState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over one :class:`~kanasta_envs.core.CoreState`."""

    def __init__(self, game: KanastaGame, core: CoreState | None = None) -> None:
        super().__init__(game)
        self.kgame = game
        self.core = core if core is not None else game.core.new_initial_state()

    def current_player(self) -> int:
        return self.core.current_player()

    def _legal_actions(self, player: int) -> list[int]:  # noqa: ARG002 (OpenSpiel's signature)
        if self.core.game.atomic:
            return get_atomic_ids(self.core)
        return self.core.legal_actions()

    def action_features(self) -> npt.NDArray[np.float32]:
        """legal-action-count: one feature row per legal engine action, in the engine's
        order (:func:`kanasta_envs.atomic.get_action_features`; in the atomic mode row i
        describes id i); no rows when no seat is to decide."""
        core = self.core
        if core.is_terminal() or core.is_chance() or core.prefix:
            return np.zeros((0, FEATURES), np.float32)
        return get_action_features(core)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.core.game.atomic:
            apply_atomic_id(self.core, int(action))
        else:
            self.core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if self.core.game.atomic:
            return get_atomic_text(self.core, action)
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {CARD_TEXT[action]}"
        return get_token_text(action)

    def is_terminal(self) -> bool:
        return self.core.is_terminal()

    def returns(self) -> list[float]:
        return self.core.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KanastaState:
        """A state the seat cannot tell from this one: the cards it has not seen dealt
        anew, uniformly, each seat keeping the cards it is publicly known to hold. The
        new state starts a fresh OpenSpiel history (its chance ids would differ)."""
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else 0
        return KanastaState(self.kgame, resample(self.core, player_id, random.Random(seed)))

    def __str__(self) -> str:
        core = self.core
        if core.native is None or core.dealing:
            return f"dealing: {sum(len(h) for h in core.deal_hands)} cards dealt"
        return str(core.json)

    def __deepcopy__(self, memo: dict[int, Any]) -> KanastaState:
        return KanastaState(self.kgame, self.core.clone())


class KanastaObserver:
    """OpenSpiel's PyObserver: the observation or information-state tensor of a seat."""

    def __init__(self, core: Game, *, info_state: bool) -> None:
        self.core = core
        self.info_state = info_state
        layout = get_layout(core, info_state=info_state)
        self.tensor: npt.NDArray[np.float32] = np.zeros(sum(s for _, s in layout), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        index = 0
        for name, size in layout:
            self.dict[name] = self.tensor[index : index + size]
            index += size

    def set_from(self, state: KanastaState, player: int) -> None:
        fill = get_info_state_tensor if self.info_state else get_observation_tensor
        self.tensor[:] = fill(self.core, state.core, player)

    def string_from(self, state: KanastaState, player: int) -> str:
        self.set_from(state, player)
        parts = [
            f"{name}:{','.join(f'{i}={v:g}' for i, v in enumerate(values) if v)}"
            for name, values in self.dict.items()
            if values.any()
        ]
        if self.info_state:
            parts.append("history:" + " ".join(get_seen_history(state.core, player)))
        return f"p{player} " + " ".join(parts)


def get_seen_history(core: CoreState, player: int) -> list[str]:
    """The ids of the episode as ``player`` saw them: every seat's done actions, its own
    cards and those turned face up; ``?`` for a card it did not see or another seat's
    action still being spelt."""
    seen = []
    spelling = len(core.history) - len(core.prefix)
    for index, (action, seer) in enumerate(zip(core.history, core.seen_by, strict=True)):
        if seer >= PUBLIC_TOKEN and index >= spelling and seer - PUBLIC_TOKEN != player:
            seen.append(f"{seer - PUBLIC_TOKEN}:?")
        elif seer >= PUBLIC_TOKEN:
            seen.append(f"{seer - PUBLIC_TOKEN}:{action}")
        elif seer in (player, SEEN_BY_ALL):
            seen.append(f"c:{action}")
        else:
            seen.append("c:?")
    return seen


pyspiel.register_game(GAME_TYPE, KanastaGame)
