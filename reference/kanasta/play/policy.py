"""Playing policies for self-play (``kanasta play``): not rules, only ways to choose.

A policy picks one of the legal actions of a state. The *random* policy picks
uniformly among them; the *greedy* policy melds and lays off as much as it
can, takes the discard pile when its top card fits the hand, and discards the
card that fits the hand least. Both are deterministic given their random
generator, so a game is a function of its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kanasta.families import get_default_policy
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.cards import JOKER, Card, get_rank, get_suit, is_wild_card
from kanasta.rules.families import RulesProfile
from kanasta.rules.state import Phase, State, has_opened

__all__ = [
    "POLICIES",
    "GreedyPolicy",
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


POLICIES: dict[str, Callable[[random.Random], Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
}


def make_policy(name: str, seed: int) -> Policy:
    """A policy by name, with its own generator ``random.Random(seed)``."""
    return POLICIES[name](random.Random(seed))


def default_policy(profile: RulesProfile) -> str:
    """The policy ``kanasta play`` uses unless told otherwise: the family module's ``POLICY``
    (:mod:`kanasta.families`). koz keeps the uniform random policy of its self-play (a random
    koz game reaches 300). A random fi-5200 player almost never opens (45 points without a
    wild card), so its game would not reach 5200: it and the others play greedily."""
    return get_default_policy(profile)
