"""A meld as JSON: its cards as they stand, the wild's place and the history, written and
read (a meld read is rebuilt by replaying its history under the family's rules)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kanasta.errors import InputError, Violation
from kanasta.rules.cards import Card, format_card, format_cards, make_card, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import (
    Meld,
    MeldKind,
    format_meld,
    get_lay_off_arrangements,
    get_meld_arrangements,
    validate_meld,
)

__all__ = ["meld_from_json", "meld_to_json"]


def meld_to_json(meld: Meld) -> dict[str, object]:
    """A meld as JSON: its cards as they stand, the wild's place and the history."""
    out: dict[str, object] = {"kind": meld.kind.value, "cards": format_cards(meld.cards)}
    if meld.kind is MeldKind.SET:
        out["rank"] = format_card(make_card(meld.rank, 0))[:-1]
    if meld.kind is MeldKind.RUN:
        assert meld.suit is not None
        out["suit"] = meld.suit.letter
        out["low"] = meld.low
        out["wild_at"] = meld.wild_at
    if meld.spare:
        out["spare"] = format_cards(meld.spare)
    out["history"] = [format_cards(batch) for batch in meld.history]
    out["canasta"] = meld.canasta.value if meld.canasta is not None else None
    return out


def _kind_name(meld: Meld) -> str | None:
    return None if meld.canasta is None else meld.canasta.value


def _replay(profile: RulesProfile, history: Sequence[tuple[Card, ...]]) -> list[Meld]:
    """Every meld reachable by laying the batches down in order, over all choices."""
    current = list(get_meld_arrangements(profile, history[0], going_out=True))
    for batch in history[1:]:
        following: list[Meld] = []
        for meld in current:
            result = get_lay_off_arrangements(profile, meld, batch)
            if not isinstance(result, Violation):
                following.extend(result)
        current = list(dict.fromkeys(following))  # one of each meld, in order
    return current


def meld_from_json(profile: RulesProfile, data: object, where: str) -> Meld:
    """Read a meld written by :func:`meld_to_json` (``history`` optional).

    The meld is rebuilt by replaying its history under the family's rules; a
    meld that could not have been built raises :class:`InputError` naming ``where``.
    """
    if not isinstance(data, Mapping):
        raise InputError(f"{where}: a meld is an object with at least 'cards'.")
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, str | list):
        raise InputError(f'{where}.cards: expected the meld\'s cards, e.g. "4H 5H 6H".')
    try:
        cards = parse_cards(raw_cards)
        raw_history = data.get("history")
        if raw_history is None:
            history: list[tuple[Card, ...]] = [tuple(sorted(cards))]
        elif isinstance(raw_history, list) and raw_history:
            history = [tuple(sorted(parse_cards(b))) for b in raw_history]
        else:
            raise InputError(f"{where}.history: expected a non-empty list of card batches.")
        raw_spare = data.get("spare", "")
        spare = parse_cards(raw_spare) if isinstance(raw_spare, str | list) else ()
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None
    wanted = tuple(sorted(cards + spare))
    if tuple(sorted(c for b in history for c in b)) != wanted:
        raise InputError(
            f"{where}: the history's cards ({' | '.join(format_cards(b) for b in history)}) "
            f"are not the meld's cards ({format_cards(wanted)})."
        )
    candidates = _replay(profile, history)
    for meld in candidates:
        same_cards = meld.cards == cards if meld.kind is MeldKind.RUN else meld.all_cards == wanted
        if (
            same_cards
            and meld.spare == spare
            and (data.get("wild_at", meld.wild_at) == meld.wild_at)
            and data.get("kind", meld.kind.value) == meld.kind.value
            and data.get("canasta", _kind_name(meld)) == _kind_name(meld)
        ):
            return meld
    if not candidates:
        built = validate_meld(profile, history[0], going_out=True)
        why = f" ({built})" if isinstance(built, Violation) else ""
        raise InputError(
            f"{where}: {format_cards(cards)} is not a legal meld in {profile.family}{why} "
            "(clause lay-off)."
        )
    shown = "; ".join(format_meld(m) for m in candidates[:4])
    raise InputError(
        f"{where}: the cards are not in a legal order for this meld; it could stand as: {shown} "
        "(clause run-wild-placement)."
    )
