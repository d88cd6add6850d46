"""Chapter *The game* (``spec/10-game.rst``): hands in sequence, totals, the winner.

A game is a value too: the finished hands (each with its deal, actions and
score), the hand in play, the totals and, at the end, the winner. A game is
fully determined by its seed (or explicit deals) and its action list, so it
replays exactly (clause :clause:`game-record`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from kanasta.clauses import implements
from kanasta.errors import InputError, Violation
from kanasta.families import get_profile
from kanasta.rules.actions import Action, action_from_json, action_to_json, apply_action
from kanasta.rules.deal import (
    MASK64,
    Deal,
    check_seed,
    deal_from_json,
    deal_from_seed,
    deal_to_json,
    get_next_dealer,
    new_hand,
    splitmix64,
)
from kanasta.rules.families import RulesProfile
from kanasta.rules.points import HalfPoints, parse_points, points_to_json
from kanasta.rules.scoring import HandScore, score_hand
from kanasta.rules.state import Phase, State, get_team_count

__all__ = [
    "Game",
    "HandRecord",
    "apply_game_action",
    "game_from_json",
    "game_to_json",
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


@implements("game-record")
def game_to_json(game: Game, *, with_deals: bool = False) -> dict[str, object]:
    """game-record: a game as JSON: variant, seed, first dealer, each hand's actions.

    With ``with_deals`` every hand also carries its explicit deal, so that an
    implementation without the seeded shuffle can replay it.
    """
    hands: list[dict[str, object]] = []
    for record in game.hands:
        entry: dict[str, object] = {"actions": [action_to_json(a) for a in record.actions]}
        if with_deals or record.seed is None:
            entry["deal"] = deal_to_json(record.deal)
        hands.append(entry)
    if not game.over and not game.awaiting_deal and game.actions:
        entry = {"actions": [action_to_json(a) for a in game.actions]}
        if with_deals or game.hand_seed is None:
            entry["deal"] = deal_to_json(game.deal)
        hands.append(entry)
    first_dealer = game.hands[0].dealer if game.hands else game.state.dealer
    return {
        "format": "kanasta-game",
        "variant": game.profile.family,
        **({"options": list(game.profile.options)} if game.profile.options else {}),
        "seed": game.seed,
        "first_dealer": first_dealer,
        "hands": hands,
        "totals": [points_to_json(t) for t in game.totals],
        "winner": game.winner,
    }


@implements("game-record")
def game_from_json(data: object, where: str = "game") -> Game:
    """game-record: replay a game written by :func:`game_to_json`; the result is recomputed.

    Any action the rules reject raises :class:`InputError` naming the hand,
    the action and the clause; so do ``totals`` and ``winner`` when the record states
    other ones than its hands give.
    """
    if not isinstance(data, Mapping):
        raise InputError(f"{where}: a game record is a JSON object.")
    if data.get("format") != "kanasta-game":
        raise InputError(f'{where}.format: expected "kanasta-game".')
    options = data.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise InputError(f"{where}.options: expected a list of option names (clause game-record).")
    profile = get_profile(str(data.get("variant")), options)
    seed_raw = data.get("seed")
    if seed_raw is not None and (isinstance(seed_raw, bool) or not isinstance(seed_raw, int)):
        raise InputError(f"{where}.seed: expected an integer or null.")
    seed = check_seed(seed_raw, f"{where}.seed") if seed_raw is not None else None
    dealer_raw = data.get("first_dealer", profile.players - 1)
    if isinstance(dealer_raw, bool) or not isinstance(dealer_raw, int):
        raise InputError(f"{where}.first_dealer: expected a seat number.")
    if not 0 <= dealer_raw < profile.players:
        raise InputError(
            f"{where}.first_dealer: {dealer_raw} is not a seat 0..{profile.players - 1} "
            "(clause seats-in-order-of-play)."
        )
    raw_hands = data.get("hands", [])
    if not isinstance(raw_hands, list):
        raise InputError(f"{where}.hands: expected a list of hands.")
    deals: list[Deal] = []
    for i, entry in enumerate(raw_hands):
        if isinstance(entry, Mapping) and "deal" in entry:
            if len(deals) != i:
                raise InputError(
                    f"{where}.hands[{i}].deal: explicit deals must start with the first hand."
                )
            deals.append(deal_from_json(profile, entry["deal"], f"{where}.hands[{i}].deal"))
    game = new_game(profile, seed, first_dealer=dealer_raw, deals=deals)
    for i, entry in enumerate(raw_hands):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("actions"), list):
            raise InputError(f"{where}.hands[{i}]: expected an object with 'actions'.")
        if game.over or game.awaiting_deal:
            raise InputError(f"{where}.hands[{i}]: the game was already over.")
        number = game.number
        for j, raw in enumerate(entry["actions"]):
            path = f"{where}.hands[{i}].actions[{j}]"
            action, seat = action_from_json(raw, path)
            if game.number != number:
                raise InputError(f"{path}: hand {number} was already over.")
            result = apply_game_action(game, action, seat)
            if isinstance(result, Violation):
                raise InputError(f"{path}: the rules reject this action: {result}.")
            game = result
        if i + 1 < len(raw_hands) and game.number == number:
            raise InputError(f"{where}.hands[{i}]: the hand is not over after its actions.")
    _check_stated_result(data, game, where)
    return game


def _check_stated_result(data: Mapping[str, object], game: Game, where: str) -> None:
    """game-record: the totals and the winner a record states must be those its hands give
    (a record is replayed, never believed)."""
    if "totals" in data:
        stated = data["totals"]
        try:
            read = tuple(parse_points(t) for t in stated) if isinstance(stated, list) else None
        except InputError:
            read = None
        if read != game.totals:
            given = [points_to_json(t) for t in game.totals]
            raise InputError(
                f"{where}.totals: the record states {stated!r:.200}, but its hands give "
                f"{given} (clause game-record)."
            )
    if "winner" in data:
        stated = data["winner"]
        if isinstance(stated, bool) or stated != game.winner:
            raise InputError(
                f"{where}.winner: the record states {stated!r:.200}, but its hands give "
                f"{'no winner' if game.winner is None else f'team {game.winner}'} "
                "(clause game-record)."
            )
