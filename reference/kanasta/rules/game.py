"""Chapter *The game* (``spec/10-game.rst``): hands in sequence, totals, the winner.

A game is a value too: the finished hands (each with its deal, actions and
score), the hand in play, the totals and, at the end, the winner. A game is
fully determined by its seed (or explicit deals) and its action list, so it
replays exactly (clause :clause:`game-record`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from kanasta.clauses import implements
from kanasta.errors import InputError, Violation
from kanasta.rules.actions import Action, apply_action
from kanasta.rules.deal import (
    MASK64,
    Deal,
    check_seed,
    deal_from_seed,
    get_next_dealer,
    new_hand,
    splitmix64,
)
from kanasta.rules.families import RulesProfile
from kanasta.rules.points import HalfPoints
from kanasta.rules.scoring import HandScore, score_hand
from kanasta.rules.state import Phase, State, get_team_count

__all__ = [
    "Game",
    "HandRecord",
    "apply_game_action",
    "get_game_after_hand",
    "get_game_winner",
    "get_hand_seed",
    "new_game",
]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished hand: how it was dealt, what was played, how it scored."""

    number: int
    dealer: int
    seed: int | None
    deal: Deal
    actions: tuple[Action, ...]
    final: State
    score: HandScore
    totals: tuple[HalfPoints, ...]


@dataclass(frozen=True, slots=True)
class Game:
    """A game in progress or finished.

    ``state`` is the hand in play (after the last hand, its final state);
    ``totals`` are the team totals before that hand; ``winner`` is set when
    the game is over. ``awaiting_deal`` is set when a game without a seed has
    used up its explicit deals before it ended.
    """

    profile: RulesProfile
    seed: int | None
    explicit_deals: tuple[Deal, ...]
    hands: tuple[HandRecord, ...]
    hand_seed: int | None
    deal: Deal
    state: State
    actions: tuple[Action, ...]
    totals: tuple[HalfPoints, ...]
    target: HalfPoints
    winner: int | None
    awaiting_deal: bool = False

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def number(self) -> int:
        """The number (1-based) of the hand in play."""
        return len(self.hands) + 1


@implements("game-record")
def get_hand_seed(game_seed: int, number: int) -> int:
    """game-record: hand ``number`` (1-based) is dealt from the ``number``-th SplitMix64 output."""
    state = game_seed & MASK64
    value = 0
    for _ in range(number):
        state, value = splitmix64(state)
    return value


def _start_hand(
    game_profile: RulesProfile,
    seed: int | None,
    explicit: tuple[Deal, ...],
    number: int,
    dealer: int,
    totals: tuple[HalfPoints, ...],
) -> tuple[int | None, Deal, State] | None:
    if number <= len(explicit):
        hand_seed = None
        deal = explicit[number - 1]
    else:
        if seed is None:
            return None
        hand_seed = get_hand_seed(seed, number)
        deal = deal_from_seed(game_profile, hand_seed, dealer)
    return hand_seed, deal, new_hand(game_profile, deal, dealer=dealer, team_scores=totals)


@implements("game-hands", "dealer-rotation")
def new_game(
    profile: RulesProfile,
    seed: int | None,
    *,
    first_dealer: int | None = None,
    deals: Sequence[Deal] = (),
) -> Game:
    """game-hands: a new game: totals 0, the first hand dealt.

    The first dealer is the last seat, so seat 0 plays first in hand 1
    (clause seats-in-order-of-play). Hands are dealt from ``deals`` first,
    then from the seed.
    """
    rules: object = profile  # a caller of the public API may pass anything
    if not isinstance(rules, RulesProfile):
        raise InputError(
            f"the profile {rules!r:.60} is not a RulesProfile (get one with "
            "kanasta.families.get_profile; clause rule-families)."
        )
    if seed is not None:
        check_seed(seed, "the game's seed")
    given_deals: object = deals
    if not isinstance(given_deals, list | tuple) or not all(
        isinstance(d, Deal) for d in given_deals
    ):
        raise InputError(f"the deals {given_deals!r:.60} are not a list of kanasta Deals.")
    given: object = profile.players - 1 if first_dealer is None else first_dealer
    if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < profile.players:
        raise InputError(
            f"the first dealer {given!r} is not a seat 0..{profile.players - 1} "
            "(clause seats-in-order-of-play)."
        )
    dealer = given
    totals = (0,) * get_team_count(profile)
    explicit = tuple(deals)
    started = _start_hand(profile, seed, explicit, 1, dealer, totals)
    if started is None:
        raise InputError("a game needs a seed or an explicit deal (clause game-record).")
    hand_seed, deal, state = started
    return Game(
        profile=profile,
        seed=seed,
        explicit_deals=explicit,
        hands=(),
        hand_seed=hand_seed,
        deal=deal,
        state=state,
        actions=(),
        totals=totals,
        target=profile.target_score,
        winner=None,
    )


@implements("game-target", "game-tie")
def get_game_winner(
    profile: RulesProfile, totals: Sequence[HalfPoints], target: HalfPoints
) -> tuple[int | None, HalfPoints]:
    """game-target: after a hand, the winner (or ``None``) and the target from now on.

    game-tie: when more than one team reaches the target in the same hand, a
    family with a further target moves on to it; otherwise the higher total
    wins, and equal highest totals play another hand. The targets are the family's
    (its profile's ``target_score`` and ``target_extensions``: :mod:`kanasta.families`).
    """
    reached = [t for t, s in enumerate(totals) if s >= target]
    if not reached:
        return None, target
    if len(reached) > 1:
        higher = [x for x in profile.target_extensions if x > target]
        if higher:
            return get_game_winner(profile, totals, higher[0])
    best = max(totals)
    leaders = [t for t, s in enumerate(totals) if s == best]
    if len(leaders) > 1:
        return None, target
    return leaders[0], target


@implements("game-hands", "game-target")
def get_game_after_hand(
    profile: RulesProfile,
    totals: Sequence[HalfPoints],
    target: HalfPoints,
    scores: Sequence[HalfPoints],
) -> tuple[tuple[HalfPoints, ...], int | None, HalfPoints]:
    """game-hands: a finished hand's team scores are added to the totals; then
    game-target decides the winner (or ``None``) and the target from now on.

    Returns the new totals, the winner and the target in force.
    """
    new_totals = tuple(a + b for a, b in zip(totals, scores, strict=True))
    winner, new_target = get_game_winner(profile, new_totals, target)
    return new_totals, winner, new_target


@implements("game-hands", "game-target")
def apply_game_action(game: Game, action: Action, seat: int | None = None) -> Game | Violation:
    """game-hands: apply an action to the hand in play; a finished hand is scored,
    added to the totals, and the next hand is dealt unless the game is over (then every
    action is refused, citing game-hands, a clause of every family with games)."""
    if game.over:
        return Violation("game-hands", "game-over", "the game is over")
    if game.awaiting_deal:
        return Violation("game-record", "no-deal", "the record has no deal for the next hand")
    result = apply_action(game.state, action, seat)
    if isinstance(result, Violation):
        return result
    actions = (*game.actions, action)
    if result.phase is not Phase.OVER:
        return replace(game, state=result, actions=actions)
    score = score_hand(result)
    totals, winner, target = get_game_after_hand(
        game.profile, game.totals, game.target, score.totals
    )
    record = HandRecord(
        len(game.hands) + 1,
        game.state.dealer,
        game.hand_seed,
        game.deal,
        actions,
        result,
        score,
        totals,
    )
    hands = (*game.hands, record)
    finished = replace(
        game, hands=hands, state=result, actions=actions, totals=totals, target=target
    )
    if winner is not None:
        return replace(finished, winner=winner)
    dealer = get_next_dealer(game.profile, game.state.dealer)
    started = _start_hand(
        game.profile, game.seed, game.explicit_deals, len(hands) + 1, dealer, totals
    )
    if started is None:
        return replace(finished, actions=(), awaiting_deal=True)
    hand_seed, deal, state = started
    return replace(finished, hand_seed=hand_seed, deal=deal, state=state, actions=())
