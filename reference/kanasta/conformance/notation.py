"""The short notation of authored scenarios: cards, actions, verdicts, scores, arrangements.

A scenario file (``conformance/scenarios``, see ``docs/conformance/scenarios.rst``)
writes what the JSON fixtures spell out object by object in a line each:

* cards: ``"7H 7D JK"`` (clause card-notation); a batch with its wild's place:
  ``"5H 6H JK @4"``;
* an action and its verdict: ``"draw"``, ``"discard QD"``, ``"meld 4H 5H 6H"``,
  ``"meld 5H 6H 7H JK @4"``, ``"lay-off 7S 8S onto meld 0"``, ``"take-pile 9D 9H onto
  meld 1"``, ``"take-back"``, ``"pass"``, ``"seat 1: draw"``; followed by ``-> rejected by
  CLAUSE (CODE)`` when the rules refuse it (``-> accepted`` may be written);
* a team's hand score: ``"575 = melded 70 + canastas 500 + going-out 100 + hand -5"``
  (the total must be the sum of its items);
* a meld's arrangement: ``"set of 9: 9C 9D 9S"``, ``"run of H from 4: 4H 5H JK 7H"``,
  ``"run of H from 1: AH 2H ... KH, spare JK"``, ``"wild: JK JK 2C"``.

Every reader here raises :class:`~kanasta.errors.InputError` with a message that says
what was expected; the caller puts the file and the path in front of it.
"""

from __future__ import annotations

import re
from typing import Any

from kanasta.errors import InputError
from kanasta.rules.cards import format_card, parse_card

__all__ = [
    "ACCEPTED",
    "parse_action",
    "parse_arrangement",
    "parse_batch",
    "parse_batch_object",
    "parse_card_list",
    "parse_number",
    "parse_rejection",
    "parse_team_score",
]

ACCEPTED: dict[str, Any] = {"verdict": "accepted"}

_VERDICT_RE = re.compile(r"^(?P<action>.*?)\s*->\s*(?P<verdict>.*)$")
_REJECTED_RE = re.compile(
    r"^rejected by (?P<clause>[a-z0-9-]+) \((?P<code>[a-z0-9-]+)\)(?: at (?P<at>\d+))?$"
)
_SEAT_RE = re.compile(r"^seat (?P<seat>\d+):\s*(?P<rest>.*)$")
_ONTO_RE = re.compile(r"^(?P<cards>.*?)\s*\bonto meld (?P<meld>\d+)$")
_WILD_RE = re.compile(r"^(?P<cards>.*?)\s*@(?P<wild>\d+)$")
_NUMBER_RE = re.compile(r"^-?\d+(\.\d+)?$")
_SET_RE = re.compile(r"^set of (?P<rank>A|[2-9]|10|J|Q|K): (?P<cards>.+)$")
_RUN_RE = re.compile(
    r"^run of (?P<suit>[CDHS]) from (?P<low>\d+): (?P<cards>[^,]+?)(?:, spare (?P<spare>.+))?$"
)
_WILD_MELD_RE = re.compile(r"^wild: (?P<cards>.+)$")

ACTION_FORMS = (
    "draw, pass, take-back, discard CARD, meld CARDS [@PLACE], lay-off CARDS onto meld N "
    "[@PLACE], take-pile [CARDS] [onto meld N], each optionally after 'seat N:'"
)


def parse_card_list(text: str) -> list[str]:
    """card-notation: ``"7H 7D JK"`` as a list of cards, each written as the notation
    prints it (``10S``, not ``10s``); ``""`` is no card."""
    cards = text.split()
    for card in cards:
        try:
            shown = format_card(parse_card(card))
        except InputError as exc:
            raise InputError(str(exc)) from None
        if shown != card:
            raise InputError(f"write the card {card!r} as {shown!r} (clause card-notation).")
    return cards


def parse_batch(text: str) -> tuple[list[str], int | None]:
    """Cards with the optional place of their wild: ``"5H 6H JK @4"``."""
    match = _WILD_RE.match(text.strip())
    if match is None:
        return parse_card_list(text), None
    return parse_card_list(match.group("cards")), int(match.group("wild"))


def parse_rejection(text: str, *, batch: bool = True) -> dict[str, Any]:
    """A refusal: ``"rejected by CLAUSE (CODE)"``; a meld's may end ``at N``, the batch
    (0: the meld, 1: its first lay-off...) that is refused."""
    match = _REJECTED_RE.match(text.strip())
    if match is None or (match.group("at") is not None and not batch):
        form = "'rejected by CLAUSE (CODE)'" + (" with ' at BATCH'" if batch else "")
        raise InputError(f"the verdict {text!r} is not written {form}.")
    out = {"verdict": "rejected", "code": match.group("code"), "clause": match.group("clause")}
    if match.group("at") is not None:
        out["at"] = int(match.group("at"))
    return out


def parse_batch_object(text: str) -> dict[str, Any]:
    """A batch as the fixture format writes it: ``{"cards": [...], "wild_at": 4}``, the
    place only when given."""
    cards, wild_at = parse_batch(text)
    return {"cards": cards} if wild_at is None else {"cards": cards, "wild_at": wild_at}


def _expect(text: str) -> dict[str, Any]:
    if text == "accepted":
        return dict(ACCEPTED)
    return parse_rejection(text, batch=False)


def _cards_and_meld(text: str) -> tuple[str, int | None]:
    match = _ONTO_RE.match(text)
    if match is None:
        return text, None
    return match.group("cards"), int(match.group("meld"))


def parse_action(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """An action in the short notation and its expected verdict (accepted when none)."""
    try:
        return _parse_action(text)
    except InputError as exc:
        problem = str(exc)
        if problem.startswith(repr(text)):
            raise
        raise InputError(f"in the action {text!r}: {problem}") from None


def _parse_action(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    body, expect = text.strip(), dict(ACCEPTED)
    verdict = _VERDICT_RE.match(body)
    if verdict is not None:
        body, expect = verdict.group("action"), _expect(verdict.group("verdict").strip())
    action: dict[str, Any] = {}
    seat = _SEAT_RE.match(body)
    if seat is not None:
        body = seat.group("rest")
    kind, _, rest = body.partition(" ")
    rest = rest.strip()
    action["type"] = kind
    if seat is not None:
        action["seat"] = int(seat.group("seat"))
    if kind in ("draw", "pass", "take-back") and not rest:
        return action, expect
    if kind == "discard" and len(rest.split()) == 1:
        action["card"] = parse_card_list(rest)[0]
        return action, expect
    if kind == "meld" and rest:
        return action | parse_batch_object(rest), expect
    if kind == "lay-off":
        cards_text, meld = _cards_and_meld(rest)
        if meld is not None and cards_text:
            action["meld"] = meld
            return action | parse_batch_object(cards_text), expect
    if kind == "take-pile":
        cards_text, meld = _cards_and_meld(rest)
        if meld is not None:
            action["meld"] = meld
        if cards_text:
            action["cards"] = parse_card_list(cards_text)
        return action, expect
    raise InputError(f"{text!r} is not an action; the actions are written {ACTION_FORMS}.")


def parse_number(text: str) -> int | float:
    """A number of points as written: ``70`` is whole, ``4.5`` and ``25.0`` are not."""
    if not _NUMBER_RE.match(text):
        raise InputError(f"{text!r} is not a number of points.")
    return float(text) if "." in text else int(text)


def parse_team_score(text: str) -> dict[str, Any]:
    """A team's hand score: ``"TOTAL = ITEM POINTS + ITEM POINTS ..."``; the items are the
    breakdown, in order, and must add up to the total."""
    total_text, equals, items_text = text.partition("=")
    if not equals:
        raise InputError(
            f"the score {text!r} is not written 'TOTAL = ITEM POINTS + ITEM POINTS ...'."
        )
    total = parse_number(total_text.strip())
    breakdown: dict[str, int | float] = {}
    for item in items_text.split(" + "):
        name, _, points = item.strip().partition(" ")
        if not name or name in breakdown:
            raise InputError(f"the score {text!r} names an item twice or an empty item.")
        breakdown[name] = parse_number(points.strip())
    if sum(breakdown.values()) != total:
        raise InputError(
            f"the score {text!r}: its items add up to {sum(breakdown.values())}, not {total}."
        )
    return {"total": total, "breakdown": breakdown}


def parse_arrangement(text: str) -> dict[str, Any]:
    """A meld's arrangement: a set, a run (with its spare wilds) or a meld of wild cards."""
    found = _SET_RE.match(text)
    if found is not None:
        return {
            "kind": "set",
            "rank": found.group("rank"),
            "cards": parse_card_list(found.group("cards")),
        }
    found = _RUN_RE.match(text)
    if found is not None:
        out: dict[str, Any] = {
            "kind": "run",
            "suit": found.group("suit"),
            "low": int(found.group("low")),
            "cards": parse_card_list(found.group("cards")),
        }
        if found.group("spare") is not None:
            out["spare"] = parse_card_list(found.group("spare"))
        return out
    found = _WILD_MELD_RE.match(text)
    if found is not None:
        return {"kind": "wild", "cards": parse_card_list(found.group("cards"))}
    raise InputError(
        f"{text!r} is not an arrangement: write 'set of RANK: CARDS', 'run of SUIT from "
        "PLACE: CARDS' (', spare CARDS' after a run of thirteen naturals) or 'wild: CARDS'."
    )
