"""An action as JSON (clause :clause:`action-json`): the fixture schema's ``action``
object, written and read. A bad field is an :class:`InputError` naming its JSON path."""

from __future__ import annotations

from collections.abc import Mapping

from kanasta.clauses import implements
from kanasta.errors import InputError
from kanasta.io.state_json import read_cards_json
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.cards import format_card, parse_card

__all__ = ["action_from_json", "action_to_json"]


@implements("action-json")
def action_to_json(action: Action) -> dict[str, object]:
    """action-json: an action as the fixture schema's ``action`` object."""
    out: dict[str, object] = {"type": action.type.value}
    if action.type is ActionType.TAKE_PILE:
        if action.meld >= 0:
            out["meld"] = action.meld
        if action.cards:
            out["cards"] = [format_card(c) for c in action.cards]
    elif action.type is ActionType.DISCARD:
        out["card"] = format_card(action.cards[0])
    elif action.type in (ActionType.MELD, ActionType.LAY_OFF):
        if action.type is ActionType.LAY_OFF:
            out["meld"] = action.meld
        out["cards"] = [format_card(c) for c in action.cards]
        if action.wild_at is not None:
            out["wild_at"] = action.wild_at
    return out


@implements("action-json")
def action_from_json(data: object, where: str = "action") -> tuple[Action, int | None]:
    """action-json: read an action; returns it with the optional ``seat`` it names."""
    if not isinstance(data, Mapping):
        raise InputError(f"{where}: an action is an object with a 'type'.")
    raw_type = data.get("type")
    try:
        kind = ActionType(str(raw_type))
    except ValueError:
        known = ", ".join(t.value for t in ActionType)
        raise InputError(
            f"{where}.type: {raw_type!r} is not an action type ({known}) (clause action-kinds)."
        ) from None
    seat_raw = data.get("seat")
    if seat_raw is not None and (
        isinstance(seat_raw, bool) or not isinstance(seat_raw, int) or seat_raw < 0
    ):
        raise InputError(f"{where}.seat: expected a seat number (0 or more).")
    seat = seat_raw if isinstance(seat_raw, int) else None
    allowed = {
        ActionType.DRAW: set(),
        ActionType.TAKE_PILE: {"cards", "meld"},
        ActionType.PASS: set(),
        ActionType.TAKE_BACK: set(),
        ActionType.DISCARD: {"card"},
        ActionType.MELD: {"cards", "wild_at"},
        ActionType.LAY_OFF: {"meld", "cards", "wild_at"},
    }[kind]
    unknown = set(data) - allowed - {"type", "seat"}
    if unknown:
        raise InputError(
            f"{where}: a {kind.value} action has no field {sorted(unknown)[0]!r} "
            "(clause action-json)."
        )
    if kind is ActionType.DISCARD:
        card = data.get("card")
        if not isinstance(card, str):
            raise InputError(f'{where}.card: a discard names one card, e.g. "7S".')
        try:
            return Action(kind, (parse_card(card),)), seat
        except InputError as exc:
            raise InputError(f"{where}.card: {exc}") from None
    if kind in (ActionType.MELD, ActionType.LAY_OFF):
        cards = tuple(sorted(read_cards_json(data.get("cards"), f"{where}.cards")))
        if not cards:
            raise InputError(f"{where}.cards: name at least one card.")
        wild_raw = data.get("wild_at")
        if wild_raw is not None and (
            isinstance(wild_raw, bool) or not isinstance(wild_raw, int) or not 1 <= wild_raw <= 14
        ):
            raise InputError(f"{where}.wild_at: a run position 1..14 or null.")
        wild_at = wild_raw if isinstance(wild_raw, int) else None
        index = 0
        if kind is ActionType.LAY_OFF:
            raw_index = data.get("meld")
            if isinstance(raw_index, bool) or not isinstance(raw_index, int) or raw_index < 0:
                raise InputError(f"{where}.meld: the index of one of the team's melds (0, 1, ...).")
            index = raw_index
        return Action(kind, cards, index, wild_at), seat
    if kind is ActionType.TAKE_PILE:
        shown = tuple(sorted(read_cards_json(data.get("cards", []), f"{where}.cards")))
        raw_target = data.get("meld", -1)
        if isinstance(raw_target, bool) or not isinstance(raw_target, int) or raw_target < -1:
            raise InputError(f"{where}.meld: the index of one of the team's melds (0, 1, ...).")
        return Action(kind, shown, raw_target), seat
    return Action(kind), seat
