"""Playing policies for self-play (``kanasta play``): not rules, only ways to choose.

A policy picks one of the legal actions of a state. The *random* policy picks
uniformly among them; the *greedy* policy melds and lays off as much as it
can, takes the discard pile when its top card fits the hand, and discards the
card that fits the hand least; the *plausible* policy (``kanasta play``'s) is
greedy but lays a first meld only when the opening will stand, so nothing laid
is taken back. Both are deterministic given their random
generator, so a game is a function of its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kanasta.engine import legal_actions
from kanasta.families import get_default_policy
from kanasta.rules.actions import Action, ActionType, apply_action
from kanasta.rules.cards import JOKER, Card, get_rank, get_suit, is_wild_card
from kanasta.rules.families import RulesProfile
from kanasta.rules.state import Phase, State, has_opened

__all__ = [
    "PLAY_POLICY",
    "POLICIES",
    "GreedyPolicy",
    "PlausiblePolicy",
    "Policy",
    "RandomPolicy",
    "default_policy",
    "make_policy",
]


class Policy:
    """Chooses an action among the legal ones (all policies share this interface)."""

    def choose(self, state: State, legal: Sequence[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError


@dataclass
class RandomPolicy(Policy):
    """Every legal action equally likely."""

    rng: random.Random

    def choose(self, state: State, legal: Sequence[Action]) -> Action:  # noqa: ARG002
        return self.rng.choice(list(legal))


def _fit(card: Card, hand: Sequence[Card]) -> int:
    """How well a card fits the rest of a hand: same-rank and nearby same-suit cards."""
    if is_wild_card(card):
        return 100
    rank, suit = get_rank(card), get_suit(card)
    score = 0
    for other in hand:
        if other == JOKER or is_wild_card(other):
            continue
        if get_rank(other) == rank:
            score += 3
        elif get_suit(other) == suit and abs(get_rank(other) - rank) <= 2:
            score += 2
    return score


@dataclass
class GreedyPolicy(Policy):
    """Lays down as many cards as it can; takes a pile that fits; discards what fits least.

    A player with a provisional opening that does not qualify takes it back
    and then only discards in that turn, so a turn always ends.
    """

    rng: random.Random
    _gave_up: tuple[int, int] | None = field(default=None, repr=False)

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        if state.phase is Phase.DRAW:
            return self._draw_or_take(state, legal)
        key = (state.turn, len(state.stock))
        backs = [a for a in legal if a.type is ActionType.TAKE_BACK]
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        laying = [a for a in legal if a.type in (ActionType.MELD, ActionType.LAY_OFF)]
        if self._gave_up == key:
            laying = []
        if not has_opened(state, state.turn):
            clean = [a for a in laying if not any(is_wild_card(c) for c in a.cards)]
            laying = clean or laying
        if laying:
            best = max(len(a.cards) + (a.type is ActionType.LAY_OFF) for a in laying)
            top = [a for a in laying if len(a.cards) + (a.type is ActionType.LAY_OFF) == best]
            return self.rng.choice(top)
        if discards:
            return self._discard(state, discards)
        if backs:
            self._gave_up = key
            return backs[0]
        return self.rng.choice(list(legal))

    def _draw_or_take(self, state: State, legal: Sequence[Action]) -> Action:
        take = [a for a in legal if a.type is ActionType.TAKE_PILE]
        draw = [a for a in legal if a.type is ActionType.DRAW]
        if draw and self._gave_up == (state.turn, len(state.stock)):
            # A classic pile taken before opening was given back in this turn: draw.
            return draw[0]
        if take and (not draw or _fit(state.discard[-1], state.hands[state.turn]) >= 5):
            return take[0]
        return draw[0] if draw else take[0]

    def _discard(self, state: State, discards: Sequence[Action]) -> Action:
        hand = state.hands[state.turn]
        profile = state.profile

        def badness(action: Action) -> tuple[int, int]:
            card = action.cards[0]
            rest = list(hand)
            rest.remove(card)
            return (_fit(card, rest), -profile.hand_card_points(card))

        low = min(badness(a) for a in discards)
        return self.rng.choice([a for a in discards if badness(a) == low])


@dataclass
class PlausiblePolicy(GreedyPolicy):
    """Greedy, as a person plays: a player who melds keeps the meld.

    Before laying a first provisional meld, the player plans the rest of the turn the
    greedy way (on copies of the state, never taking back) and lays it only when the plan
    ends the turn with the opening standing: a discard is then legal, or the hand is over.
    Otherwise the player lays nothing in that turn. The plan is followed action by action;
    should it ever fail, the greedy choice (take-back included) keeps the game going.
    """

    _plan: list[Action] = field(default_factory=list, repr=False)
    _held: tuple[int, int] | None = field(default=None, repr=False)

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        if state.phase is not Phase.PLAY:
            self._plan = []
            return super().choose(state, legal)
        if self._plan:
            planned = self._plan.pop(0)
            if planned in legal:
                return planned
            self._plan = []
        key = (state.turn, len(state.stock))
        laying = [a for a in legal if a.type in (ActionType.MELD, ActionType.LAY_OFF)]
        opening = not has_opened(state, state.turn) and state.provisional == 0
        if laying and opening and self._held != key:
            plan = self._plan_turn(state, legal)
            if plan is None:
                self._held = key
            else:
                self._plan = plan[1:]
                return plan[0]
        if self._held == key:
            discards = [a for a in legal if a.type is ActionType.DISCARD]
            if discards:
                return self._discard(state, discards)
        return super().choose(state, legal)

    def _plan_turn(self, state: State, legal: Sequence[Action]) -> list[Action] | None:
        """The greedy laying actions of the rest of the turn, when they leave the opening
        standing (a discard legal, or the hand over); ``None`` otherwise."""
        greedy = GreedyPolicy(random.Random(self.rng.random()))
        plan: list[Action] = []
        current, choices = state, list(legal)
        while True:
            laying = [a for a in choices if a.type in (ActionType.MELD, ActionType.LAY_OFF)]
            if not laying:
                break
            action = greedy.choose(current, laying)
            after = apply_action(current, action)
            if not isinstance(after, State):
                return None
            plan.append(action)
            current = after
            if current.phase is not Phase.PLAY or current.turn != state.turn:
                return plan
            choices = list(legal_actions(current))
        if any(a.type is ActionType.DISCARD for a in choices):
            return plan
        return None


POLICIES: dict[str, Callable[[random.Random], Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "plausible": PlausiblePolicy,
}


def make_policy(name: str, seed: int) -> Policy:
    """A policy by name, with its own generator ``random.Random(seed)``."""
    return POLICIES[name](random.Random(seed))


PLAY_POLICY = "plausible"
"""The policy of ``kanasta play`` when none is named: a game a person would play, to read.
:func:`default_policy` stays what the tests, recipes and self-play name."""


def default_policy(profile: RulesProfile) -> str:
    """The policy ``kanasta play`` uses unless told otherwise: the family module's ``POLICY``
    (:mod:`kanasta.families`). koz keeps the uniform random policy of its self-play (a random
    koz game reaches 300). A random fi-5200 player almost never opens (45 points without a
    wild card), so its game would not reach 5200: it and the others play greedily."""
    return get_default_policy(profile)
