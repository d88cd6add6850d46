"""The public engine API refuses arguments of the wrong type with the project's input error.

Every function of :mod:`kanasta.engine` is called with a good set of arguments, then with
each argument in turn replaced by a value of the wrong type; each call either answers (a
value that is also right there, such as ``seat=None``) or raises
:class:`~kanasta.errors.InputError`, never another exception, and never builds a state
that :func:`kanasta.engine.check_state` would refuse.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest

from kanasta import engine
from kanasta.errors import InputError, Violation
from kanasta.families.koz import PROFILE as KOZ
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.game import new_game

WRONG: tuple[object, ...] = (None, "x", "0", 1.5, True, -1, 99, [], {}, ("a", "b"), object())


def _start() -> engine.State:
    return engine.new_hand("koz", seed=1)


def _good_calls() -> dict[str, tuple[Callable[..., object], dict[str, object]]]:
    state = _start()
    data = engine.state_to_json(state)
    draw = Action(ActionType.DRAW)
    return {
        "new_hand": (
            engine.new_hand,
            {"profile": "koz", "seed": 1, "dealer": 3, "team_scores": [0, 0]},
        ),
        "state_from_json": (engine.state_from_json, {"data": data, "profile": KOZ}),
        "state_to_json": (engine.state_to_json, {"state": state}),
        "action_from_json": (engine.action_from_json, {"data": {"type": "draw"}}),
        "action_seat": (engine.action_seat, {"data": {"type": "draw", "seat": 0}}),
        "action_to_json": (engine.action_to_json, {"action": draw}),
        "format_action": (engine.format_action, {"action": draw}),
        "legal_actions": (engine.legal_actions, {"state": state}),
        "apply": (engine.apply, {"state": state, "action": draw, "seat": 0}),
        "check_state": (engine.check_state, {"state": state}),
        "count_actions": (engine.count_actions, {"state": state, "depth": 1}),
        "score_hand": (engine.score_hand, {"state": state}),
        "get_view": (engine.get_view, {"state": state, "player": 0}),
    }


def _call(function: Callable[..., object], arguments: dict[str, object]) -> object:
    return function(**arguments)


def test_every_public_function_has_a_good_call() -> None:
    public = {
        name
        for name in dir(engine)
        if not name.startswith("_")
        and inspect.isfunction(getattr(engine, name))
        and getattr(engine, name).__module__
        in ("kanasta.engine", "kanasta.rules.actions", "kanasta.fast.legal")
        and name in {*engine.__all__, "action_seat"}
    }
    assert public == set(_good_calls())
    for name, (function, arguments) in _good_calls().items():
        result = _call(function, arguments)
        assert not isinstance(result, Violation), name


@pytest.mark.clause("action-kinds", "seats-in-order-of-play", "rule-families")
@pytest.mark.parametrize("name", sorted(_good_calls()))
def test_action_kinds_every_public_function_refuses_wrong_types_with_input_error(
    name: str,
) -> None:
    function, arguments = _good_calls()[name]
    for parameter in arguments:
        for wrong in WRONG:
            try:
                result = _call(function, {**arguments, parameter: wrong})
            except InputError:
                continue
            except Exception as exc:  # the defect this test exists for
                pytest.fail(f"{name}({parameter}={wrong!r}) raised {type(exc).__name__}: {exc}")
            if isinstance(result, engine.State):
                assert engine.check_state(result) is None, (name, parameter, wrong)


@pytest.mark.clause("seats-in-order-of-play", "points-exact")
def test_seats_in_order_of_play_new_hand_refuses_what_check_state_would() -> None:
    with pytest.raises(InputError, match=r"dealer 9 is not a seat 0\.\.3 of koz"):
        engine.new_hand("koz", seed=1, dealer=9)
    with pytest.raises(InputError, match=r"team_scores\[0\]: 'a' is not a point value"):
        engine.new_hand("koz", seed=1, team_scores=["a", "b"])  # type: ignore[list-item]
    with pytest.raises(InputError, match="rule-families"):
        engine.new_hand(None, seed=1)  # type: ignore[arg-type]


@pytest.mark.clause("action-kinds")
def test_action_kinds_the_issue_s_calls_raise_the_input_error() -> None:
    state = _start()
    data = engine.state_to_json(state)
    calls: list[tuple[Callable[[], object], str]] = [
        (lambda: engine.apply(state, None), "not a kanasta Action"),  # type: ignore[arg-type]
        (lambda: engine.state_from_json(data, None), "rule-families"),  # type: ignore[arg-type]
        (lambda: engine.get_view(state, "0"), "the player '0' is not a seat"),  # type: ignore[arg-type]
        (lambda: engine.count_actions(state, "x"), "the depth 'x' is not"),  # type: ignore[arg-type]
        (lambda: engine.action_to_json(Action("x")), "not an ActionType"),  # type: ignore[arg-type]
    ]
    for call, words in calls:
        with pytest.raises(InputError, match=words):
            call()


@pytest.mark.clause("game-hands", "rule-families")
def test_game_hands_new_game_refuses_wrong_types_with_input_error() -> None:
    good: dict[str, object] = {"profile": KOZ, "seed": 1, "first_dealer": 3, "deals": ()}
    assert new_game(**good).state.dealer == 3  # type: ignore[arg-type]
    for parameter in good:
        for wrong in WRONG:
            try:
                new_game(**{**good, parameter: wrong})  # type: ignore[arg-type]
            except InputError:
                continue
            except Exception as exc:  # the defect this test exists for
                pytest.fail(f"new_game({parameter}={wrong!r}) raised {type(exc).__name__}: {exc}")
