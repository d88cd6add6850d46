"""A game record and a deal as JSON (clauses :clause:`game-record`,
:clause:`explicit-deal`): the variant, the seed or the deals, each hand's actions and the
results they give, written and read (a game read is replayed by the rules)."""

from __future__ import annotations

from collections.abc import Mapping

from kanasta import errors
from kanasta.clauses import implements
from kanasta.errors import InputError, Violation
from kanasta.families import get_profile
from kanasta.io.action_json import action_from_json, action_to_json
from kanasta.io.state_json import read_cards_json
from kanasta.rules.cards import format_card
from kanasta.rules.deal import Deal, check_deal, check_seed
from kanasta.rules.families import RulesProfile, TrumpRule
from kanasta.rules.game import Game, apply_game_action, new_game
from kanasta.rules.points import parse_points, points_to_json

__all__ = ["RejectedAction", "deal_from_json", "deal_to_json", "game_from_json", "game_to_json"]


class RejectedAction(InputError):
    """game-record: a record whose action the rules refuse; it names the action's JSON
    path and the refusal, so that a command can say the refusal in the player's language."""

    def __init__(self, path: str, violation: errors.Violation) -> None:
        super().__init__(f"{path}: the rules reject this action: {violation}.")
        self.path = path
        self.violation = violation


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
                raise RejectedAction(path, result)
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


def deal_to_json(deal: Deal) -> dict[str, object]:
    """explicit-deal: a deal as JSON (cards in notation; ``stock`` in draw order)."""
    return {
        "hands": [[format_card(c) for c in h] for h in deal.hands],
        "fi": [[format_card(c) for c in p] for p in deal.fi],
        "discard": [format_card(c) for c in deal.discard],
        "stock": [format_card(c) for c in deal.stock],
        "trump": format_card(deal.trump) if deal.trump is not None else None,
    }


def deal_from_json(profile: RulesProfile, data: object, where: str = "deal") -> Deal:
    """explicit-deal: read and check a deal written by :func:`deal_to_json`.

    ``trump`` may be omitted: it is then the bottom card of the stock in a
    family with a trump card.
    """
    if not isinstance(data, Mapping):
        raise InputError(f"{where}: a deal is an object with hands, fi, discard and stock.")
    for key in ("hands", "stock"):
        if key not in data:
            raise InputError(f"{where}: the field {key!r} is required.")
    raw_hands = data["hands"]
    if not isinstance(raw_hands, list):
        raise InputError(f"{where}.hands: expected a list of hands.")
    hands = tuple(
        tuple(sorted(read_cards_json(h, f"{where}.hands[{i}]"))) for i, h in enumerate(raw_hands)
    )
    raw_fi = data.get("fi", [])
    if not isinstance(raw_fi, list):
        raise InputError(f"{where}.fi: expected a list of packets.")
    fi = tuple(read_cards_json(p, f"{where}.fi[{i}]") for i, p in enumerate(raw_fi))
    discard = read_cards_json(data.get("discard", []), f"{where}.discard")
    stock = read_cards_json(data["stock"], f"{where}.stock")
    raw_trump = data.get("trump")
    if raw_trump is None:
        trump = stock[-1] if profile.trump_rule is TrumpRule.BOTTOM_OF_STOCK and stock else None
    else:
        parsed = read_cards_json([raw_trump], f"{where}.trump")
        trump = parsed[0]
    deal = Deal(hands, fi, discard, stock, trump)
    check_deal(profile, deal, where)
    return deal
