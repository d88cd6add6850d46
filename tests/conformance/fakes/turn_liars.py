"""Lying whole-turn implementations (protocol 1.2 ``turn``): each answers as the reference
does, except that every accepted turn answer plays one trick on where the cards lie.

One trick each: ``Aside`` (a card of the stock put in an ``aside`` zone, which the spec
lacks), ``EmptyAside`` (an ``aside`` zone with nothing in it), ``Limbo`` (a card in a zone
nobody has heard of), ``ForeignZone`` (a card in a zone the family lacks: red threes in a
fi family, a fi packet in classic), ``Duplicates`` (a card of the stock also on the pile),
``Loses`` (a card of the stock gone), ``FlatHands`` (every hand's cards in one flat list:
the right cards, the wrong type), ``HandsPerTeam`` (the hands merged per team: the right
cards, one list per team instead of per seat), ``StockAsText`` (the stock as one string).
Run them in-process (``InProcessConnection(Liar())``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from kanasta.conformance.reference import ReferenceImplementation

JsonObject = dict[str, Any]


class _TurnLiar(ReferenceImplementation):
    def answer(self, request: Mapping[str, Any]) -> JsonObject:
        out = super().answer(request)
        if request.get("type") == "turn" and out.get("verdict") == "accepted":
            out = copy.deepcopy(out)
            self.trick(out["cards"])
        return out

    def trick(self, cards: JsonObject) -> None:
        raise NotImplementedError


class Aside(_TurnLiar):
    def trick(self, cards: JsonObject) -> None:
        cards["aside"] = [cards["stock"].pop()]


class EmptyAside(_TurnLiar):
    def trick(self, cards: JsonObject) -> None:
        cards["aside"] = []


class Limbo(_TurnLiar):
    def trick(self, cards: JsonObject) -> None:
        cards["limbo"] = [cards["stock"].pop()]


class ForeignZone(_TurnLiar):
    def trick(self, cards: JsonObject) -> None:
        card = cards["stock"].pop()
        if "fi" in cards:  # a fi family: red threes are classic's
            cards["red_threes"] = [[card], []]
        else:  # classic: fi packets are the fi families'
            cards["fi"] = [[card]]


class Duplicates(_TurnLiar):
    def trick(self, cards: JsonObject) -> None:
        cards["pile"].append(cards["stock"][0])


class Loses(_TurnLiar):
    def trick(self, cards: JsonObject) -> None:
        cards["stock"].pop()


class FlatHands(_TurnLiar):
    def trick(self, cards: JsonObject) -> None:
        cards["hands"] = [card for hand in cards["hands"] for card in hand]


class HandsPerTeam(_TurnLiar):
    def trick(self, cards: JsonObject) -> None:
        hands = cards["hands"]
        cards["hands"] = [[c for hand in hands[t::2] for c in hand] for t in range(2)]


class StockAsText(_TurnLiar):
    def trick(self, cards: JsonObject) -> None:
        cards["stock"] = " ".join(cards["stock"])


LIARS: tuple[type[_TurnLiar], ...] = (
    Aside,
    EmptyAside,
    Limbo,
    ForeignZone,
    Duplicates,
    Loses,
    FlatHands,
    HandsPerTeam,
    StockAsText,
)
