"""The native play phase against the reference (chapters *The turn*, *The opening*, *Fi and
going out*): a new meld, a lay-off, the discard and the take-back, one action at a time.

Random hands of every family and option (and team scores in every opening band) are played
by the reference; at each state the native engine reads the state and applies every action
the reference lists as legal, and some it refuses: the state JSON after it, or the refusal
(clause and reason code), must be the reference's. The native check functions (legality
without the next state) must agree with the native apply.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import kanasta.engine as facade
from kanasta.errors import Violation
from kanasta.native import NativeEngine, load
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.cards import format_card
from kanasta.rules.families import RulesProfile
from kanasta.rules.state import Phase, State
from kanasta.testing.strategies import get_one_option_profiles

THOROUGH = bool(os.environ.get("KANASTA_THOROUGH"))
HANDS = 30 if THOROUGH else 2
LEGAL_PER_STATE = None if THOROUGH else 12
"""How many of a state's legal actions are compared (a sample; every one when thorough)."""
PLAY_TYPES = (ActionType.MELD, ActionType.LAY_OFF, ActionType.DISCARD, ActionType.TAKE_BACK)
WRONG_PHASE = (
    Action(ActionType.DISCARD, (0,)),
    Action(ActionType.MELD, (0, 1, 2)),
    Action(ActionType.LAY_OFF, (0,)),
    Action(ActionType.TAKE_BACK),
)
"""Play-phase actions tried in the draw phase (turn-structure refuses them)."""
SCORES = (-300, 0, 150, 500, 1000, 2000, 3500, 6000, 12000)
"""Team scores (half points) that reach every opening band of every family."""


def _outcome(result: Any) -> object:
    if isinstance(result, Violation):
        return (result.clause, result.code)
    if isinstance(result, tuple):
        return (result[0], result[1])
    if isinstance(result, State):
        return facade.state_to_json(result)
    return result.to_json()


def _check_outcome(result: Any) -> object:
    if result is None:
        return None
    return (result[0], result[1])


def _candidates(state: State, rng: random.Random) -> list[Action]:
    """Every legal play-phase action, and some the rules refuse."""
    legal = [a for a in facade.legal_actions(state) if a.type in PLAY_TYPES]
    if LEGAL_PER_STATE is not None and len(legal) > LEGAL_PER_STATE:
        legal = rng.sample(legal, LEGAL_PER_STATE)
    hand = list(state.hands[state.turn])
    melds = state.melds[state.turn % len(state.melds)]
    extra: list[Action] = [Action(ActionType.TAKE_BACK), Action(ActionType.DISCARD, (0,))]
    for _ in range(6):
        if len(hand) >= 3:
            extra.append(
                Action(
                    ActionType.MELD,
                    tuple(sorted(rng.sample(hand, 3))),
                    0,
                    rng.choice((None, None, 1, 2, 5, 14)),
                )
            )
        if hand:
            extra.append(Action(ActionType.DISCARD, (rng.choice(hand),)))
            if melds:
                size = rng.randint(1, min(3, len(hand)))
                extra.append(
                    Action(
                        ActionType.LAY_OFF,
                        tuple(sorted(rng.sample(hand, size))),
                        rng.randrange(len(melds) + 1),
                        rng.choice((None, None, 1, 3)),
                    )
                )
    return legal + extra


def _compare(
    profile: RulesProfile, native: NativeEngine, state: State, mine_state: Any, action: Action
) -> bool:
    theirs = facade.apply(state, action)
    mine_action = native.action_from_json(profile, facade.action_to_json(action), "$")
    mine = native.apply_action(profile, mine_state, mine_action)
    assert _outcome(mine) == _outcome(theirs), (profile.variant, facade.format_action(action))
    if action.type in PLAY_TYPES and (
        action.type is not ActionType.DISCARD or len(action.cards) == 1
    ):
        cards = [format_card(c) for c in action.cards]
        verdict = load()._core.check_action_dict(
            mine_state, action.type.value, cards, action.meld, action.wild_at
        )
        expected = _outcome(theirs) if isinstance(theirs, Violation) else None
        assert _check_outcome(verdict) == expected, (profile.variant, facade.format_action(action))
    return not isinstance(theirs, Violation)


def _policy(state: State, rng: random.Random) -> Action:
    """A random legal action, melds and lay-offs first three times in four (so that hands
    are emptied: the fi taken, going out)."""
    legal = facade.legal_actions(state)
    laying = [a for a in legal if a.type in (ActionType.MELD, ActionType.LAY_OFF)]
    if laying and rng.random() < 0.75:
        return rng.choice(laying)
    return rng.choice(legal)


@pytest.mark.clause(
    "meld-from-hand",
    "lay-off-own-team",
    "discard-ends-turn",
    "opening-take-back",
    "turn-must-finish",
    "opening-threshold",
    "opening-checked-at-discard",
    "emptying-needs-canasta",
    "fi-pickup",
    "going-out",
    "turn-passes",
)
@pytest.mark.parametrize("profile", get_one_option_profiles(), ids=lambda p: p.variant)
def test_native_play_is_the_reference_play(profile: RulesProfile) -> None:
    rng = random.Random(f"play {profile.variant}")
    native = NativeEngine()
    teams = len(facade.new_hand(profile, seed=1).melds)
    accepted = refused = 0
    for hand in range(HANDS):
        scores = tuple(rng.choice(SCORES) for _ in range(teams))
        state = facade.new_hand(profile, seed=900 + hand, team_scores=scores)
        while not state.hand_over:
            candidates = _candidates(state, rng) if state.phase is Phase.PLAY else WRONG_PHASE
            mine_state = native.new_state_from_json(profile, facade.state_to_json(state), "$")
            for action in candidates:
                if _compare(profile, native, state, mine_state, action):
                    accepted += 1
                else:
                    refused += 1
            following = facade.apply(state, _policy(state, rng))
            assert not isinstance(following, Violation)
            state = following
    print(f"{profile.variant}: {accepted} accepted, {refused} refused")
    assert accepted >= HANDS
    assert refused >= HANDS
