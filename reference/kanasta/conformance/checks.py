"""Compare an implementation's answer with a step's expectation.

Before an answer gets here, the connection has checked the JSON type and value of
every field it has against the protocol schema (a boolean where a number belongs is
an error, never read as 1). Here answers are read leniently (unknown extra fields
are ignored, card letters in any case); refusing unknown fields is the business of
``--validate-protocol``. What is
compared is what the rules decide: verdicts, reason codes and clause slugs,
arrangements, points, counts. Message text (``detail``) is never compared.
Sets and wild melds are compared as multisets of cards, runs card by card in
position order.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from kanasta.conformance.model import JsonObject, Step, StepKind
from kanasta.errors import InputError
from kanasta.rules.cards import Card, format_card, is_joker, is_two, parse_card
from kanasta.rules.families import RulesProfile
from kanasta.rules.points import HalfPoints, parse_points
from kanasta.speech import Phrase

__all__ = [
    "TURN_ZONES",
    "Outcome",
    "TurnTable",
    "check_answer",
    "check_answer_phrases",
    "get_answer_cards",
    "get_deal_cards",
    "get_state_cards",
    "get_turn_table",
    "get_turn_zones",
    "get_wild_place",
    "is_vacuous",
    "summarize_state",
]


class Outcome(StrEnum):
    """What became of a fixture (or of one step)."""

    PASS = "pass"
    FAIL = "fail"
    ERROR = "error"
    SKIPPED = "skipped"
    XFAIL = "xfail"
    """Failed (or errored) as the expect-fail list says: not counted against the run."""
    XPASS = "xpass"
    """Passed although the expect-fail list says it fails: an error."""


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if isinstance(value, bool) or value is None:
        return Phrase.named(text, f"value {text}")
    if isinstance(value, list) and value and all(isinstance(v, bool) for v in value):
        fields = ", ".join(f"{{v{i}}}" for i in range(len(value)))
        return Phrase(f"[{fields}]", **{f"v{i}": _show(v) for i, v in enumerate(value)})
    return text if len(text) <= 300 else text[:297] + "..."


def _card(value: Any) -> Card | None:
    if not isinstance(value, str):
        return None
    try:
        return parse_card(value)
    except InputError:
        return None


def _cards(value: Any) -> tuple[Card, ...] | None:
    if not isinstance(value, list):
        return None
    cards = [_card(v) for v in value]
    if any(c is None for c in cards):
        return None
    return tuple(c for c in cards if c is not None)


def _points(value: Any) -> HalfPoints | None:
    try:
        return parse_points(value)
    except InputError:
        return None


def _field(name: str) -> Phrase:
    """A field of an answer as a difference names it (``points``), said in the reader's
    language by its catalogue id ``field NAME``."""
    return Phrase.named(name, f"field {name}")


def _differs(label: str, expected: str, got: str) -> Phrase:
    return Phrase("{label}: expected {want}, got {have}", label=label, want=expected, have=got)


def _verdict(verdict: Any) -> str:
    """A verdict an expectation names (``legal``, ``rejected``, ``accepted``)."""
    return Phrase.named(verdict, f"verdict {verdict}") if isinstance(verdict, str) else verdict


def _arrangement_key(value: Any) -> tuple[Any, ...] | None:
    """A comparable form of an arrangement (None when it is malformed)."""
    if not isinstance(value, Mapping):
        return None
    kind = value.get("kind")
    cards = _cards(value.get("cards"))
    if cards is None:
        return None
    if kind == "set":
        rank = value.get("rank")
        return ("set", str(rank).upper(), tuple(sorted(cards)))
    if kind == "run":
        spare = _cards(value.get("spare", []))
        if spare is None:
            return None
        suit = value.get("suit")
        return ("run", str(suit).upper(), value.get("low"), cards, tuple(sorted(spare)))
    if kind == "wild":
        return ("wild", tuple(sorted(cards)))
    return None


def _compare_arrangement(label: str, expected: Any, got: Any, out: list[Phrase]) -> None:
    if _arrangement_key(expected) != _arrangement_key(got):
        out.append(_differs(label, _show(expected), _show(got)))


def _compare_points(label: str, expected: Any, got: Any, out: list[Phrase]) -> None:
    if _points(expected) != _points(got) or _points(got) is None:
        out.append(_differs(label, _show(expected), _show(got)))


def _compare_plain(label: str, expected: Any, got: Any, out: list[Phrase]) -> None:
    if expected != got or type(expected) is not type(got):
        out.append(_differs(label, _show(expected), _show(got)))


def _compare_canasta(label: str, expected: Any, got: Any, out: list[Phrase]) -> None:
    """A canasta kind (``clean``, ``mixed``...; ``null`` for none), said as a player names
    it (catalogue id ``canasta KIND``)."""

    def shown(kind: Any) -> str:
        return (
            Phrase.named(_show(kind), f"canasta {kind}") if isinstance(kind, str) else _show(kind)
        )

    if expected != got or type(expected) is not type(got):
        out.append(_differs(label, shown(expected), shown(got)))


def _compare_rejection(
    label: str, expected: Mapping[str, Any], got: Mapping[str, Any], out: list[Phrase]
) -> None:
    for key in ("code", "clause"):
        where = Phrase("{label}{key}", label=label, key=_field(key))
        _compare_plain(where, expected[key], got.get(key), out)


def _verdict_text(answer: Mapping[str, Any]) -> str:
    verdict = answer.get("verdict")
    if verdict == "rejected":
        return Phrase(
            "rejected ({code} [{clause}])", code=answer.get("code"), clause=answer.get("clause")
        )
    if verdict in ("legal", "accepted"):
        return Phrase.named(_show(verdict), f"verdict {verdict}")
    return _show(verdict)


def _check_meld(expected: JsonObject, got: Mapping[str, Any], out: list[Phrase]) -> None:
    if got.get("verdict") != expected["verdict"]:
        out.append(_differs(_field("verdict"), _verdict(expected["verdict"]), _verdict_text(got)))
        return
    if expected["verdict"] == "rejected":
        _compare_rejection("", expected, got, out)
        _compare_plain(_field("at"), expected["at"], got.get("at"), out)
        return
    arrangement = _field("arrangement")
    _compare_arrangement(arrangement, expected["arrangement"], got.get("arrangement"), out)
    _compare_points(_field("points"), expected["points"], got.get("points"), out)
    if "canasta" in expected:
        _compare_canasta(_field("canasta"), expected["canasta"], got.get("canasta"), out)
    if "bonus" in expected:
        _compare_points(_field("bonus"), expected["bonus"], got.get("bonus"), out)


def _check_actions(expected: JsonObject, got: Mapping[str, Any], out: list[Phrase]) -> None:
    wanted: list[JsonObject] = expected["verdicts"]
    verdicts = got.get("verdicts")
    if not isinstance(verdicts, list) or len(verdicts) != len(wanted):
        out.append(
            Phrase(
                "verdicts: expected {n} verdicts, got {have}", n=len(wanted), have=_show(verdicts)
            )
        )
        return
    for index, (want, have) in enumerate(zip(wanted, verdicts, strict=True)):
        label = Phrase("action {i}", i=index)
        if not isinstance(have, Mapping) or have.get("verdict") != want["verdict"]:
            shown = _verdict_text(have) if isinstance(have, Mapping) else _show(have)
            out.append(_differs(label, _verdict(want["verdict"]), shown))
        elif want["verdict"] == "rejected":
            _compare_rejection(Phrase("{label}: ", label=label), want, have, out)


def _team_scores(label: str, expected: JsonObject, got: Any, out: list[Phrase]) -> None:
    wanted: list[JsonObject] = expected["teams"]
    if not isinstance(got, list) or len(got) != len(wanted):
        out.append(
            Phrase(
                "{label}: expected {n} teams, got {have}",
                label=label,
                n=len(wanted),
                have=_show(got),
            )
        )
        return
    for index, (want, have) in enumerate(zip(wanted, got, strict=True)):
        where = Phrase("{label} team {team}", label=label, team=index)
        if not isinstance(have, Mapping):
            out.append(
                Phrase("{label}: expected a score, got {have}", label=where, have=_show(have))
            )
            continue
        total = Phrase("{label} total", label=where)
        _compare_points(total, want["total"], have.get("total"), out)
        if "breakdown" not in want:
            continue
        breakdown = have.get("breakdown")
        if not isinstance(breakdown, Mapping):
            out.append(
                Phrase(
                    "{label} breakdown: expected {want}, got nothing",
                    label=where,
                    want=_show(want["breakdown"]),
                )
            )
            continue
        for key in sorted(set(want["breakdown"]) | set(breakdown)):
            row = Phrase(
                "{label} breakdown {key}", label=where, key=Phrase.named(key, f"score {key}")
            )
            if key not in want["breakdown"] or key not in breakdown:
                shown = _show(want["breakdown"].get(key)), _show(breakdown.get(key))
                out.append(_differs(row, *shown))
            else:
                _compare_points(row, want["breakdown"][key], breakdown[key], out)


_MALFORMED = "malformed"
"""The wild's place of an arrangement that cannot be read (never equal to an expectation)."""


def get_wild_place(arrangement: Any) -> int | str | None:
    """run-wild-placement: the position the acting wild of a meld stands for, read from its
    arrangement (a run lists its cards in position order from ``low``); ``None`` when no
    wild stands in a place (a set, a meld of wilds only, a run without a wild or whose wild
    stands aside as a spare, a 2 at home in place 2 of its suit)."""
    if not isinstance(arrangement, Mapping):
        return _MALFORMED
    if arrangement.get("kind") != "run":
        return None
    cards = _cards(arrangement.get("cards"))
    low = arrangement.get("low")
    suit = str(arrangement.get("suit", "")).upper()
    if cards is None or not isinstance(low, int) or isinstance(low, bool):
        return _MALFORMED
    places = [
        low + offset
        for offset, card in enumerate(cards)
        if is_joker(card)
        or (is_two(card) and not (low + offset == 2 and format_card(card) == f"2{suit}"))
    ]
    if len(places) > 1:
        return _MALFORMED
    return places[0] if places else None


def _summary_meld(meld: Any) -> Any:
    if not isinstance(meld, Mapping):
        return meld
    arrangement = meld.get("arrangement")
    return {
        "arrangement": arrangement,
        "canasta": meld.get("canasta"),
        "wild_at": get_wild_place(arrangement),
    }


def _get_opened_seats(state: Mapping[str, Any]) -> Any:
    """opening-personal: who has opened, per seat: the state's ``extra.opened_seats`` under
    a personal opening, else each seat's team's ``opened`` flag (opening-team)."""
    extra = state.get("extra")
    if isinstance(extra, Mapping) and "opened_seats" in extra:
        return extra["opened_seats"]
    opened, hands = state.get("opened"), state.get("hands")
    if not isinstance(opened, list) or not opened or not isinstance(hands, list):
        return None
    return [opened[seat % len(opened)] for seat in range(len(hands))]


def summarize_state(state: Any) -> JsonObject:
    """The facts a state step compares, computed from a whole state (fixture format)."""
    if not isinstance(state, Mapping):
        return {}
    facts: JsonObject = {}

    def listed(key: str) -> list[Any] | None:
        value = state.get(key)
        return value if isinstance(value, list) else None

    for key in ("turn", "phase", "hand_over", "trump", "fi_taken", "opened", "team_scores"):
        if key in state:
            facts[key] = state[key]
    hands = listed("hands")
    if hands is not None:
        facts["hands"] = hands
        facts["hand_sizes"] = [len(h) if isinstance(h, list) else None for h in hands]
    stock = listed("stock")
    if stock is not None:
        facts["stock_size"] = len(stock)
    discard = listed("discard")
    if discard is not None:
        facts["discard_size"] = len(discard)
        facts["discard_top"] = discard[-1] if discard else None
    fi = listed("fi")
    facts["fi_left"] = len(fi) if fi is not None else 0
    facts["opened_seats"] = _get_opened_seats(state)
    extra = state.get("extra")
    if isinstance(extra, Mapping) and "red_threes" in extra:
        facts["red_threes"] = extra["red_threes"]
    melds = listed("melds")
    if melds is not None:
        facts["melds"] = [
            [_summary_meld(m) for m in team] if isinstance(team, list) else team for team in melds
        ]
    return facts


def _check_state(expected: JsonObject, got: Mapping[str, Any], out: list[Phrase]) -> None:
    facts = summarize_state(got.get("state"))
    for key, want in expected.items():
        have = facts.get(key)
        if key == "hands":
            _compare_hands(want, have, out)
        elif key == "red_threes":
            _compare_hands(want, have, out, "red_threes")
        elif key == "melds":
            _compare_melds(want, have, out)
        elif key == "team_scores":
            if not isinstance(have, list) or len(have) != len(want):
                out.append(_differs(_field(key), _show(want), _show(have)))
            else:
                for i, (w, h) in enumerate(zip(want, have, strict=True)):
                    _compare_points(Phrase("team_scores[{i}]", i=i), w, h, out)
        elif key in ("discard_top", "trump"):
            if (None if want is None else _card(want)) != (None if have is None else _card(have)):
                out.append(_differs(_field(key), _show(want), _show(have)))
        else:
            _compare_plain(_field(key), want, have, out)


def _compare_hands(want: list[Any], have: Any, out: list[Phrase], key: str = "hands") -> None:
    """Card lists compared as multisets, one per seat (``hands``) or team (``red_threes``)."""
    if not isinstance(have, list) or len(have) != len(want):
        out.append(
            Phrase(
                "{key}: expected {n} lists of cards, got {have}",
                key=_field(key),
                n=len(want),
                have=_show(have),
            )
        )
        return
    for seat, (w, h) in enumerate(zip(want, have, strict=True)):
        cards = _cards(h)
        if cards is None or sorted(cards) != sorted(_cards(w) or ()):
            out.append(_differs(Phrase(f"{key}[{{i}}]", i=seat), _show(w), _show(h)))


def _compare_melds(want: list[Any], have: Any, out: list[Phrase]) -> None:
    if not isinstance(have, list) or len(have) != len(want):
        out.append(
            Phrase(
                "{label}: expected {n} teams, got {have}",
                label=_field("melds"),
                n=len(want),
                have=_show(have),
            )
        )
        return
    for team, (w, h) in enumerate(zip(want, have, strict=True)):
        if not isinstance(h, list) or len(h) != len(w):
            out.append(
                Phrase(
                    "melds[{team}]: expected {n} melds, got {have}",
                    team=team,
                    n=len(w),
                    have=_show(h),
                )
            )
            continue
        for i, (wm, hm) in enumerate(zip(w, h, strict=True)):
            label = Phrase("melds[{team}][{i}]", team=team, i=i)
            if not isinstance(hm, Mapping):
                out.append(
                    Phrase("{label}: expected a meld, got {have}", label=label, have=_show(hm))
                )
                continue
            if "arrangement" in wm:
                _compare_arrangement(label, wm["arrangement"], hm.get("arrangement"), out)
            if "canasta" in wm:
                canasta = Phrase("{label} {key}", label=label, key=_field("canasta"))
                _compare_canasta(canasta, wm["canasta"], hm.get("canasta"), out)
            if "wild_at" in wm:
                have = get_wild_place(hm.get("arrangement"))
                if have != wm["wild_at"]:
                    out.append(
                        Phrase(
                            "{label} wild_at: expected {want}, got {have} (arrangement {shown})",
                            label=label,
                            want=_show(wm["wild_at"]),
                            have=_show(have),
                            shown=_show(hm.get("arrangement")),
                        )
                    )


def _check_count(expected: JsonObject, got: Mapping[str, Any], out: list[Phrase]) -> None:
    _compare_plain(_field("count"), expected["count"], got.get("count"), out)


def _check_playthrough(expected: JsonObject, got: Mapping[str, Any], out: list[Phrase]) -> None:
    if got.get("verdict") != "accepted":
        out.append(
            Phrase(
                "verdict: expected every action accepted, got action {i} {verdict}",
                i=_show(got.get("index")),
                verdict=_verdict_text(got),
            )
        )
        return
    _team_scores(_field("scores"), expected, got.get("teams"), out)


def _compare_team_points(label: str, expected: list[Any], got: Any, out: list[Phrase]) -> None:
    if not isinstance(got, list) or len(got) != len(expected):
        out.append(_differs(label, _show(expected), _show(got)))
        return
    for team, (want, have) in enumerate(zip(expected, got, strict=True)):
        _compare_points(Phrase("{label}[{team}]", label=label, team=team), want, have, out)


def _check_game(expected: JsonObject, got: Mapping[str, Any], out: list[Phrase]) -> None:
    if got.get("verdict") != "accepted":
        out.append(
            Phrase(
                "verdict: expected every action accepted, got hand {n} action {i} {verdict}",
                n=_show(got.get("hand")),
                i=_show(got.get("index")),
                verdict=_verdict_text(got),
            )
        )
        return
    wanted: list[JsonObject] = expected["hands"]
    hands = got.get("hands")
    if not isinstance(hands, list):
        out.append(
            Phrase("hands: expected {n} hand results, got {have}", n=len(wanted), have=_show(hands))
        )
        hands = []
    elif len(hands) != len(wanted):
        out.append(Phrase("hands: expected {n} hands played, got {k}", n=len(wanted), k=len(hands)))
    for number, (want, have) in enumerate(zip(wanted, hands, strict=False), start=1):
        label = Phrase("hand {n}", n=number)
        if not isinstance(have, Mapping):
            out.append(
                Phrase("{label}: expected a hand result, got {have}", label=label, have=_show(have))
            )
            continue
        for key in ("dealer", "scores", "totals", "target"):
            where = Phrase("{label} {key}", label=label, key=_field(key))
            if key == "dealer":
                _compare_plain(where, want[key], have.get(key), out)
            elif key == "target":
                _compare_points(where, want[key], have.get(key), out)
            else:
                _compare_team_points(where, want[key], have.get(key), out)
    _compare_plain(_field("winner"), expected["winner"], got.get("winner"), out)
    _compare_plain(_field("decided_in"), expected["decided_in"], got.get("decided_in"), out)


def _card_lists(value: Any, depth: int) -> list[Any]:
    """The card texts of a list nested ``depth`` deep (malformed parts give ``None``s)."""
    if depth == 0:
        return [value]
    if not isinstance(value, list):
        return [None]
    return [card for item in value for card in _card_lists(item, depth - 1)]


def get_state_cards(state: Any) -> list[Any]:
    """card-conservation: every card a state in the fixture format holds, wherever it lies:
    hands, stock, discard pile, fi packets, melds (their batches), and in ``extra`` the red
    threes laid and a taken pile set aside (``pile_pending``)."""
    if not isinstance(state, Mapping):
        return []
    found = [
        *_card_lists(state.get("hands", []), 2),
        *_card_lists(state.get("stock", []), 1),
        *_card_lists(state.get("discard", []), 1),
        *_card_lists(state.get("fi", []), 2),
    ]
    for team in state.get("melds", []) if isinstance(state.get("melds"), list) else []:
        for meld in team if isinstance(team, list) else []:
            history = meld.get("history", []) if isinstance(meld, Mapping) else []
            for batch in history if isinstance(history, list) else []:
                cards = batch.get("cards", []) if isinstance(batch, Mapping) else None
                found += _card_lists(cards, 1)
    extra = state.get("extra")
    if isinstance(extra, Mapping):
        found += _card_lists(extra.get("red_threes", []), 2)
        found += _card_lists(extra.get("pile_pending", []), 1)
    return found


TURN_ZONES = ("stock", "pile", "hands", "melds", "fi", "red_threes")
"""card-conservation: every zone a card can lie in after a whole turn, as a turn answer's
``cards`` names them: the stock (the trump card of koz lies at its bottom), the discard
pile, each seat's hand, each team's melds, the fi packets left (fi families) and each
team's red threes laid (classic). There is no other: a pile set aside before the side has
opened waits only within the turn (classic-pile-opening), so no zone holds it after."""

_REQUIRED_ZONES = ("stock", "pile", "hands", "melds")


@dataclass(frozen=True, slots=True)
class TurnTable:
    """What a turn answer's ``cards`` is judged against: every card of the setup's state,
    the zones of the family (of :data:`TURN_ZONES`), the seats and the teams."""

    cards: tuple[Any, ...]
    zones: tuple[str, ...]
    seats: int
    teams: int


def get_turn_zones(profile: RulesProfile) -> tuple[str, ...]:
    """card-conservation: the zones of :data:`TURN_ZONES` the family has: ``fi`` where
    fi packets are dealt, ``red_threes`` where red threes are laid face up."""
    lacks = {"fi": not profile.fi_packets, "red_threes": not profile.red_threes_laid}
    return tuple(zone for zone in TURN_ZONES if not lacks.get(zone, False))


def get_turn_table(state: Any, profile: RulesProfile) -> TurnTable | None:
    """The table a turn starts from: ``state`` is the setup's state as the runner sent it
    (``None`` when it sent none: then the answer's cards cannot be counted)."""
    if not isinstance(state, Mapping):
        return None
    hands, melds = state.get("hands"), state.get("melds")
    return TurnTable(
        cards=tuple(get_state_cards(state)),
        zones=get_turn_zones(profile),
        seats=len(hands) if isinstance(hands, list) else 0,
        teams=len(melds) if isinstance(melds, list) else 0,
    )


def get_answer_cards(cards: Any, zones: Sequence[str] = TURN_ZONES) -> list[Any]:
    """card-conservation: every card a turn answer's ``cards`` names in ``zones``."""
    if not isinstance(cards, Mapping):
        return [None]
    depth = {"stock": 1, "pile": 1, "hands": 2, "melds": 3, "red_threes": 2, "fi": 2}
    return [card for zone in zones for card in _card_lists(cards.get(zone, []), depth[zone])]


def _is_cards(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(card, str) for card in value)


def _zone_shape(zone: str, value: Any, table: TurnTable) -> str:
    """What a zone of the answer should be, when it is not that ("": it is)."""
    if zone in ("stock", "pile"):
        return "" if _is_cards(value) else Phrase("a list of cards")
    if zone == "fi":
        ok = isinstance(value, list) and all(_is_cards(packet) for packet in value)
        return "" if ok else Phrase("a list of packets, each a list of cards")
    count, each = (table.seats, "seat") if zone == "hands" else (table.teams, "team")
    if not isinstance(value, list) or len(value) != count:
        return Phrase(f"a list of {{n}} (one per {each})", n=count)
    if zone == "melds":
        ok = all(isinstance(team, list) and all(_is_cards(m) for m in team) for team in value)
        return "" if ok else Phrase("per team, a list of melds, each a list of cards")
    return "" if all(_is_cards(item) for item in value) else Phrase(f"per {each}, a list of cards")


def _check_zones(cards: Any, table: TurnTable, out: list[Phrase]) -> bool:
    """card-conservation: the answer names only the family's zones, each of its type."""
    if not isinstance(cards, Mapping):
        out.append(Phrase("cards: expected where every card is, got {have}", have=_show(cards)))
        return False
    sound = True
    for zone in cards:
        if zone not in table.zones:
            sound = False
            where = "this family" if zone in TURN_ZONES else "the spec"
            out.append(
                Phrase(
                    f"cards.{{zone}}: {where} has no such zone; after a turn every card lies in "
                    "one of {zones} (card-conservation)",
                    zone=zone,
                    zones=", ".join(table.zones),
                )
            )
    for zone in table.zones:
        if zone not in cards:
            if zone in _REQUIRED_ZONES:
                sound = False
                out.append(Phrase("cards.{zone}: missing", zone=zone))
            continue
        shape = _zone_shape(zone, cards[zone], table)
        if shape:
            sound = False
            out.append(_differs(Phrase("cards.{zone}", zone=zone), shape, _show(cards[zone])))
    return sound


def _multiset(texts: Sequence[Any]) -> Counter[Card] | None:
    cards = [_card(text) for text in texts]
    if any(card is None for card in cards):
        return None
    return Counter(card for card in cards if card is not None)


def _shown_cards(cards: Counter[Card]) -> str:
    return " ".join(format_card(card) for card in sorted(cards.elements()))


def _check_conservation(table: TurnTable, got: Mapping[str, Any], out: list[Phrase]) -> None:
    """card-conservation: the answer names only the family's zones, each of its type, and
    holds each of the setup's cards exactly once."""
    if not _check_zones(got.get("cards"), table, out):
        return
    _compare_cards(
        table.cards,
        get_answer_cards(got.get("cards"), table.zones),
        out,
        not_cards=Phrase(
            "cards: not a list of where every card is: {have}", have=_show(got.get("cards"))
        ),
        lost_where=Phrase("in the setup, nowhere now"),
        source=Phrase("the setup"),
    )


def _compare_cards(
    given: Sequence[Any],
    answered: Sequence[Any],
    out: list[Phrase],
    *,
    not_cards: Phrase,
    lost_where: Phrase,
    source: Phrase,
) -> None:
    """card-conservation: each card ``given`` is ``answered`` exactly once, none lost, none
    made up (``not_cards`` when the answer names something that is not a card)."""
    want = _multiset(given)
    have = _multiset(answered)
    if want is None:
        return
    if have is None:
        out.append(not_cards)
        return
    lost, made = want - have, have - want
    if lost:
        out.append(
            Phrase(
                "card conservation: lost {cards} ({where})",
                cards=_shown_cards(lost),
                where=lost_where,
            )
        )
    if made:
        out.append(
            Phrase(
                "card conservation: {cards} more than {source} holds",
                cards=_shown_cards(made),
                source=source,
            )
        )


def _check_turn(
    expected: JsonObject, got: Mapping[str, Any], out: list[Phrase], table: TurnTable | None
) -> None:
    if got.get("verdict") != expected["verdict"]:
        out.append(_differs(_field("verdict"), _verdict(expected["verdict"]), _verdict_text(got)))
        return
    if expected["verdict"] == "rejected":
        _compare_rejection("", expected, got, out)
        return
    if table is not None:
        _check_conservation(table, got, out)
    for key in ("went_out", "hand_over", "pile_frozen", "canastas"):
        if key in expected:
            _compare_plain(_field(key), expected[key], got.get(key), out)
    if "scores" in expected:
        _team_scores(_field("scores"), expected["scores"], got.get("teams"), out)


def get_deal_cards(deal: Any) -> list[Any]:
    """card-conservation: every card a deal answer (or expectation) places: the hands, the
    fi packets, the pile, the stock and the red threes laid."""
    if not isinstance(deal, Mapping):
        return [None]
    return [
        *_card_lists(deal.get("hands"), 2),
        *_card_lists(deal.get("fi", []), 2),
        *_card_lists(deal.get("pile"), 1),
        *_card_lists(deal.get("stock"), 1),
        *_card_lists(deal.get("red_threes", []), 2),
    ]


def _compare_in_order(key: str, want: list[Any], have: Any, out: list[Phrase]) -> None:
    """A pile or a stock: the same cards in the same order (the first difference shown)."""
    cards = _cards(have)
    wanted = _cards(want) or ()
    if cards is None:
        out.append(
            Phrase(
                "{key}: expected {n} cards in order, got {have}",
                key=_field(key),
                n=len(wanted),
                have=_show(have),
            )
        )
        return
    if cards == wanted:
        return
    at = next(
        (i for i, (w, h) in enumerate(zip(wanted, cards, strict=False)) if w != h),
        min(len(wanted), len(cards)),
    )
    shown = " ".join(format_card(c) for c in cards[at : at + 5])
    want_shown = " ".join(format_card(c) for c in wanted[at : at + 5])
    out.append(
        Phrase(
            "{key}: expected {n} cards, got {k}; they differ from card {at} on: "
            "expected {want}, got {have}",
            key=_field(key),
            n=len(wanted),
            k=len(cards),
            at=at,
            want=want_shown or Phrase("(none)"),
            have=shown or Phrase("(none)"),
        )
    )


def _check_deal(
    expected: JsonObject, got: Mapping[str, Any], out: list[Phrase], deck: Sequence[Any]
) -> None:
    """deal-order and each family's deal clauses: every zone of the dealt state, compared
    whole: hands by seat and fi packets as multisets, the pile and the stock in order, the
    trump, the red threes laid per team, the first player; then card conservation (every
    card of the deck exactly once across the zones)."""
    _compare_hands(expected["hands"], got.get("hands"), out)
    _compare_hands(expected["fi"], got.get("fi", []), out, "fi")
    _compare_in_order("pile", expected["pile"], got.get("pile"), out)
    _compare_in_order("stock", expected["stock"], got.get("stock"), out)
    want_trump = expected["trump"]
    have_trump = got.get("trump")
    if (None if want_trump is None else _card(want_trump)) != (
        None if have_trump is None else _card(have_trump)
    ) or (have_trump is not None and _card(have_trump) is None):
        out.append(_differs(_field("trump"), _show(want_trump), _show(have_trump)))
    if "red_threes" in expected:
        _compare_hands(expected["red_threes"], got.get("red_threes"), out, "red_threes")
    first = _field("first_player")
    _compare_plain(first, expected["first_player"], got.get("first_player"), out)
    _compare_cards(
        deck,
        get_deal_cards(got),
        out,
        not_cards=Phrase("card conservation: the answer names something that is not a card"),
        lost_where=Phrase("in the deck, nowhere dealt"),
        source=Phrase("the deck"),
    )


def is_vacuous(step: Step, sent_state: Any) -> bool:
    """Whether a step proves nothing of the engine: a ``state`` step whose expected facts
    already hold of the state the runner sent in its setup, so that an implementation
    echoing that state back passes it without applying anything. Such a step does not
    earn its fixture's clauses (a pass must be the engine's work)."""
    if step.kind is not StepKind.STATE or step.expect is None or sent_state is None:
        return False
    out: list[Phrase] = []
    _check_state(step.expect, {"state": sent_state}, out)
    return not out


def check_answer(
    step: Step, answer: Mapping[str, Any], *, table: TurnTable | None = None
) -> tuple[Outcome, tuple[str, ...]]:
    """The outcome of one step given the implementation's answer, with the differences.

    An ``unsupported`` answer makes the step skipped, an ``error`` answer an
    error; otherwise the step passes when nothing differs. ``table`` is the setup a turn
    step starts from (:func:`get_turn_table`): its answer must name only the family's
    zones and hold each of the setup's cards exactly once.
    """
    outcome, differences = check_answer_phrases(step, answer, table=table)
    return outcome, tuple(str(difference) for difference in differences)


def check_answer_phrases(
    step: Step, answer: Mapping[str, Any], *, table: TurnTable | None = None
) -> tuple[Outcome, tuple[Phrase, ...]]:
    """:func:`check_answer` with each difference a :class:`~kanasta.speech.Phrase`, which
    ``explain`` says in the reader's language (the English text is the same)."""
    if "unsupported" in answer:
        return Outcome.SKIPPED, (Phrase("{what}", what=answer["unsupported"]),)
    if "error" in answer:
        return Outcome.ERROR, (
            Phrase("the implementation answered an error: {what}", what=answer["error"]),
        )
    expected = step.expect
    if expected is None:
        return Outcome.PASS, ()
    out: list[Phrase] = []
    if step.kind is StepKind.MELD:
        _check_meld(expected, answer, out)
    elif step.kind is StepKind.ACTIONS:
        _check_actions(expected, answer, out)
    elif step.kind is StepKind.STATE:
        _check_state(expected, answer, out)
    elif step.kind is StepKind.SCORE:
        _team_scores(_field("scores"), expected, answer.get("teams"), out)
    elif step.kind is StepKind.COUNT:
        _check_count(expected, answer, out)
    elif step.kind is StepKind.GAME:
        _check_game(expected, answer, out)
    elif step.kind is StepKind.TURN:
        _check_turn(expected, answer, out, table)
    elif step.kind is StepKind.DEAL:
        _check_deal(expected, answer, out, step.params.get("deck") or get_deal_cards(expected))
    else:
        _check_playthrough(expected, answer, out)
    return (Outcome.FAIL if out else Outcome.PASS), tuple(out)
