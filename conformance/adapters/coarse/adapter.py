"""An example adapter over a deliberately coarse engine (protocol 1.3).

The engine here has the action model many real engines have: it draws, takes the pile
showing some cards (and melds or lays off with it), melds cards, lays cards off onto a
meld and discards, and that is all. It cannot say where a wild stands (it places wilds
itself), cannot take back an opening, has no move generator (no legal-action counts) and
deals only its own shuffle (no seeded deals: it plays the explicit states and deals the
runner sends). Its rules are those of the reference (``kanasta.engine``): what this file shows is
the mapping, not a second rule book.

The mapping, which an adapter of any engine writes once:

* the handshake claims the kinds of check the engine can answer (no ``count``, no
  ``game``) and, with ``capabilities``, what its action model can express (nothing here),
  so the runner skips exactly the steps it cannot express and judges the rest;
* each protocol action becomes one engine move (:func:`to_move`); an action the
  handshake said it cannot express never arrives, so meeting one is a bug (an error);
* a ``turn`` goal is a list of actions: the engine plays them in its own moves and
  reports the facts (where every card is, who went out, the canastas, the scores);
* a ``deal`` gives the deck in order, the dealer and the number of players: the engine
  deals that deck instead of shuffling one (the capability ``deck-order``) and reports
  every card's place after the deal (:func:`deal`).

Run it: ``kanasta conformance run --impl "python conformance/adapters/coarse/adapter.py"``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kanasta import engine
from kanasta.conformance.checks import get_turn_zones
from kanasta.conformance.reference import (
    ReferenceImplementation,
    get_deal_facts,
    get_turn_facts,
)
from kanasta.errors import InputError, Violation
from kanasta.families import PROFILES, get_variant_profile
from kanasta.rules.cards import format_card
from kanasta.rules.state import State

VARIANTS = list(PROFILES)
REQUESTS = ["meld", "actions", "state", "score", "playthrough", "turn", "game", "deal"]
RULES = ReferenceImplementation()
"""The reference answers the stateless meld verdicts and formats scores (a real engine
would use its own)."""


class CannotExpress(Exception):
    """An action the engine's moves cannot express (the handshake declared it)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move of the coarse engine: draw, take-pile, pass, meld, lay-off or discard, with
    the cards it shows or lays, the meld it goes onto, and (taking the pile) what it melds."""

    kind: str
    cards: tuple[str, ...] = ()
    onto: int | None = None
    melds: tuple[tuple[str, ...], ...] = ()
    lay_offs: tuple[tuple[int, tuple[str, ...]], ...] = ()
    choice: str | None = None
    seat: int | None = None
    """The seat that makes the move, when the action names it (action-seat)."""


def to_move(action: Mapping[str, Any]) -> Move:
    """A protocol action as a coarse move; wild placement and take-back have none."""
    kind = str(action.get("type"))
    if kind == "take-back":
        raise CannotExpress("the engine cannot take back an opening")
    batches = [action, *action.get("melds", []), *action.get("lay_offs", [])]
    if any(batch.get("wild_at") is not None for batch in batches):
        raise CannotExpress("the engine places wilds itself")
    card = action.get("card")
    return Move(
        kind=kind,
        cards=(card,) if card is not None else tuple(action.get("cards", ())),
        onto=action.get("meld"),
        melds=tuple(tuple(b["cards"]) for b in action.get("melds", [])),
        lay_offs=tuple((b["meld"], tuple(b["cards"])) for b in action.get("lay_offs", [])),
        choice=action.get("choice"),
        seat=action.get("seat"),
    )


class CoarseEngine:
    """A hand in play, changed only by coarse moves."""

    def __init__(self, variant: str, features: list[str], state: Mapping[str, Any]) -> None:
        self.variant, self.features = variant, features
        self.profile = get_variant_profile(variant, features)
        self.state: State = engine.state_from_json(state, self.profile, "$.setup.state")

    def play(self, move: Move) -> Violation | None:
        """Play one move: ``None`` when done, else the rule that forbids it."""
        action: dict[str, Any] = {"type": move.kind}
        if move.kind == "discard":
            action["card"] = move.cards[0]
        elif move.cards:
            action["cards"] = list(move.cards)
        if move.onto is not None:
            action["meld"] = move.onto
        if move.melds:
            action["melds"] = [{"cards": list(m)} for m in move.melds]
        if move.lay_offs:
            action["lay_offs"] = [{"meld": i, "cards": list(c)} for i, c in move.lay_offs]
        if move.choice is not None:
            action["choice"] = move.choice
        result = engine.apply(self.state, engine.action_from_json(action), move.seat)
        if isinstance(result, Violation):
            return result
        self.state = result
        return None

    def to_json(self) -> dict[str, Any]:
        return dict(engine.state_to_json(self.state))

    def scores(self) -> list[dict[str, Any]]:
        answer = RULES.answer(
            {
                "type": "score",
                "variant": self.variant,
                "features": self.features,
                "setup": {"state": self.to_json()},
            }
        )
        teams: list[dict[str, Any]] = answer["teams"]
        return teams


def _refusal(violation: Violation) -> dict[str, Any]:
    return {"verdict": "rejected", "code": violation.code, "clause": violation.clause}


def deal(request: Mapping[str, Any]) -> dict[str, Any]:
    """A hand dealt by the engine's own procedure from the deck given in order: the order
    is injected where the engine's shuffle would put its own (a seed never arrives: the
    handshake does not claim seeded-deal)."""
    if "deck" not in request:
        raise CannotExpress("the engine deals only its own shuffle or a deck given in order")
    profile = get_variant_profile(request["variant"], request.get("features", []))
    if request["players"] != profile.players:
        raise InputError(f"{profile.variant} is played by {profile.players} players")
    hand = engine.new_hand(profile, deck=request["deck"], dealer=request["dealer"])
    return get_deal_facts(profile, engine.state_to_json(hand))


def _table(request: Mapping[str, Any]) -> CoarseEngine:
    setup = request["setup"]
    if "state" not in setup:
        raise InputError("this engine deals only its own shuffle: send the state")
    table = CoarseEngine(request["variant"], request.get("features", []), setup["state"])
    for index, action in enumerate(setup.get("actions", [])):
        refused = table.play(to_move(action))
        if refused is not None:
            raise InputError(f"setup action {index} is refused: {refused}")
    return table


def answer(request: Mapping[str, Any]) -> dict[str, Any]:
    """The answer to one request (without ``seq``)."""
    kind = request.get("type")
    if kind == "hello":
        return {
            "type": "hello",
            "protocol": "1.3",
            "implementation": {"name": "coarse example", "version": "1"},
            "variants": VARIANTS,
            "requests": REQUESTS,
            "features": sorted({o.name for p in PROFILES.values() for o in p.known_options}),
            "capabilities": ["deck-order"],
            "reasons": {"count": "no move generator"},
        }
    if kind == "bye":
        return {"type": "bye"}
    if kind == "meld":
        return RULES.answer(request)
    if kind == "deal":
        return deal(request)
    if kind == "game":
        # Hands given by their results or dealt explicitly; a hand dealt from the game's
        # seed needs seeded-deal, which the handshake does not claim, so it never arrives.
        for hand in request["hands"]:
            if "scores" not in hand and "deal" not in hand:
                raise CannotExpress("the engine deals only its own shuffle")
            for action in hand.get("actions", []):
                to_move(action)
        return RULES.answer(request)
    table = _table(request)
    if kind == "actions":
        verdicts = []
        for action in request["actions"]:
            refused = table.play(to_move(action))
            verdicts.append({"verdict": "accepted"} if refused is None else _refusal(refused))
        return {"verdicts": verdicts}
    if kind == "state":
        return {"state": table.to_json()}
    if kind == "score":
        return {"teams": table.scores()}
    if kind == "playthrough":
        for index, action in enumerate(request["actions"]):
            refused = table.play(to_move(action))
            if refused is not None:
                return {"verdict": "rejected", "index": index, **_refusal(refused)}
        return {"verdict": "accepted", "teams": table.scores()}
    if kind == "turn":
        for action in request["play"]:
            refused = table.play(to_move(action))
            if refused is not None:
                return _refusal(refused)
        facts = get_turn_facts(table.to_json(), get_turn_zones(table.profile))
        if facts["hand_over"]:
            facts["teams"] = table.scores()
        if table.profile.pile_freezers:
            pile = set(facts["cards"]["pile"])
            freezers = {format_card(c) for c in table.profile.pile_freezers}
            facts["pile_frozen"] = not pile.isdisjoint(freezers)
        return {"verdict": "accepted", **facts}
    return {"error": f"unknown request {kind!r}"}


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            body = answer(request)
        except (CannotExpress, InputError, KeyError) as exc:
            body = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps({"seq": request.get("seq"), **body}) + "\n")
        sys.stdout.flush()
        if request.get("type") == "bye":
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
