"""state-json: the states of the conformance fixtures as the environments' initial states.

A fixture names its family (``variant``) and its rule options (``features``, a player count
among them as ``players-N``); :func:`get_fixture_params` turns those into the environment's
parameters, and :func:`get_fixture_states` lists the fixtures that start from a state.
Load one with :meth:`kanasta_envs.core.Game.new_state_from_json`, the OpenSpiel game's
``new_initial_state_from_json`` or the PettingZoo environment's
``reset(options={"state": ...})``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import Fixture
from kanasta.errors import InputError

from kanasta_envs.core import CoreState
from kanasta_envs.params import Params

__all__ = ["check_playable", "get_fixture_params", "get_fixture_state", "get_fixture_states"]


def get_fixture_params(fixture: Fixture, params: Params | None = None) -> Params:
    """rule-families, profile-options: ``params`` (default: the defaults) with the
    fixture's family, player count and rule options."""
    options = list(fixture.features)
    players = 0
    for option in fixture.features:
        if option.startswith("players-"):
            players = int(option.removeprefix("players-"))
            options.remove(option)
    base = params if params is not None else Params()
    return replace(base, family=fixture.variant, players=players, options=tuple(options))


def get_fixture_states(roots: Iterable[Path] | None = None) -> list[Fixture]:
    """Every fixture that starts from an explicit state (default: the built-in suite)."""
    result = load_fixtures(roots)
    if result.problems:
        raise InputError("the fixtures do not load: " + " ".join(result.problems))
    return [f for f in result.fixtures if f.setup is not None and f.setup.state is not None]


def get_fixture_state(fixture: Fixture) -> dict[str, Any]:
    """The fixture's setup state (state-json); an InputError when it starts from a seed."""
    if fixture.setup is None or fixture.setup.state is None:
        raise InputError(f"fixture {fixture.id}: it starts from a seed, not from a state.")
    return dict(fixture.setup.state)


def check_playable(state: CoreState, where: str) -> None:
    """legal-action-count: refuse a state loaded from JSON whose seat to act has no legal
    action (some fixtures hold such a dead end, to show what the engine refuses there):
    an environment must offer its agent at least one action. An InputError naming
    ``where``."""
    if state.is_terminal() or state.is_chance() or state.engine_legal().actions:
        return
    raise InputError(
        f"{where}: seat {state.json['turn']} is to act and the engine lists no legal action "
        "for it (clause legal-action-count), so an environment cannot play from this state."
    )
