"""The state as JSON (clause :clause:`state-json`): the fixture schema's ``state`` object,
written and read, with the melds on the table as JSON.

Chapter *Actions and the state* (``spec/11-actions.rst``) defines the JSON form; the
fixture schema (``conformance/schema/fixture.schema.json``) uses the same object for the
``setup.state`` of a fixture. Reading checks every field and that the state could occur
(:func:`kanasta.rules.state.check_state`); a bad field is an :class:`InputError` naming
its JSON path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from kanasta.clauses import implements
from kanasta.errors import InputError, Violation
from kanasta.rules.cards import Card, format_card, format_cards, get_rank, parse_card, parse_cards
from kanasta.rules.families import OpeningScope, RulesProfile
from kanasta.rules.melds import (
    Meld,
    MeldKind,
    apply_lay_off,
    get_lay_off_arrangements,
    get_meld_arrangements,
    validate_meld,
)
from kanasta.rules.points import HalfPoints, check_score, parse_points, points_to_json
from kanasta.rules.state import (
    Phase,
    State,
    check_state,
    default_seat_opened,
    get_team_count,
    is_provisional,
    is_red_card,
)
from kanasta.rules.view import View

__all__ = [
    "arrangement_to_json",
    "meld_from_table_json",
    "meld_to_table_json",
    "read_cards_json",
    "state_from_json",
    "state_to_json",
    "view_to_json",
]


def arrangement_to_json(meld: Meld) -> dict[str, object]:
    """How a meld's cards stand (the fixture schema's ``arrangement``)."""
    cards = [format_card(c) for c in meld.cards]
    if meld.kind is MeldKind.SET:
        return {"kind": "set", "rank": _rank_text(meld.rank), "cards": cards}
    if meld.kind is MeldKind.RUN:
        assert meld.suit is not None
        out: dict[str, object] = {
            "kind": "run",
            "suit": meld.suit.letter,
            "low": meld.low,
            "cards": cards,
        }
        if meld.spare:
            out["spare"] = [format_card(c) for c in meld.spare]
        return out
    return {"kind": "wild", "cards": cards}


def _rank_text(rank: int) -> str:
    return format_card(rank - 1)[:-1]


def meld_to_table_json(meld: Meld) -> dict[str, object]:
    """state-json: a meld on the table: its batches in order, arrangement and canasta kind."""
    return {
        "history": [{"cards": [format_card(c) for c in batch]} for batch in meld.history],
        "arrangement": arrangement_to_json(meld),
        "canasta": meld.canasta.value if meld.canasta is not None else None,
    }


def read_cards_json(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list | str):
        raise InputError(f'{where}: expected a list of cards such as ["5H", "JK"].')
    try:
        return parse_cards(value)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def _read_wild_at(value: object, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 14:
        raise InputError(f"{where}: a wild's place is a run position 1..14 or null.")
    return value


def meld_from_table_json(profile: RulesProfile, data: object, where: str) -> Meld:
    """state-json: rebuild a table meld by replaying its batches under the family's rules.

    Each batch may fix where the acting wild stands (``wild_at``); the optional
    ``arrangement`` and ``canasta`` select among the possible results and are
    checked. A meld that could not have been built is an input error naming ``where``.
    """
    if not isinstance(data, Mapping):
        raise InputError(f"{where}: a table meld is an object with a 'history' of batches.")
    history = data.get("history")
    if not isinstance(history, list) or not history:
        raise InputError(f"{where}.history: expected a non-empty list of batches.")
    batches: list[tuple[tuple[Card, ...], bool, int | None]] = []
    for i, batch in enumerate(history):
        if not isinstance(batch, Mapping):
            raise InputError(f"{where}.history[{i}]: a batch is an object with 'cards'.")
        cards = read_cards_json(batch.get("cards"), f"{where}.history[{i}].cards")
        chosen = "wild_at" in batch
        wild_at = _read_wild_at(batch.get("wild_at"), f"{where}.history[{i}].wild_at")
        batches.append((cards, chosen, wild_at))
    wanted = data.get("arrangement")
    candidates: list[Meld] = []
    first, chosen, wild_at = batches[0]
    for meld in get_meld_arrangements(profile, first, going_out=True):
        if not chosen or meld.wild_at == wild_at:
            candidates.append(meld)
    for cards, chosen, wild_at in batches[1:]:
        following: list[Meld] = []
        for meld in candidates:
            result = get_lay_off_arrangements(profile, meld, cards)
            if isinstance(result, Violation):
                continue
            following.extend(m for m in result if not chosen or m.wild_at == wild_at)
        candidates = following
    if wanted is not None:
        target = _normal(wanted)
        candidates = [m for m in candidates if _normal(arrangement_to_json(m)) == target]
    if "canasta" in data:
        kind = data.get("canasta")
        candidates = [m for m in candidates if (m.canasta.value if m.canasta else None) == kind]
    if not candidates:
        shown = " | ".join(format_cards(b[0]) for b in batches)
        raise InputError(
            f"{where}: no legal meld of {profile.family} is built by the batches "
            f"{shown} with the arrangement and canasta kind given (clause lay-off)."
        )
    default = _default_replay(profile, batches)
    return default if default in candidates else candidates[0]


def _default_replay(
    profile: RulesProfile, batches: Sequence[tuple[tuple[Card, ...], bool, int | None]]
) -> Meld | None:
    """The meld the batches build when every unstated choice takes the default arrangement."""
    first, _, wild_at = batches[0]
    meld = validate_meld(profile, first, wild_at=wild_at, going_out=True)
    for cards, _, wild_at in batches[1:]:
        if isinstance(meld, Violation):
            return None
        meld = apply_lay_off(profile, meld, cards, wild_at=wild_at)
    return None if isinstance(meld, Violation) else meld


def _normal(arrangement: object) -> object:
    """An arrangement as :func:`arrangement_to_json` writes it (set cards sorted)."""
    if not isinstance(arrangement, Mapping):
        return arrangement
    out = dict(arrangement)
    cards = out.get("cards")
    if out.get("kind") in ("set", "wild") and isinstance(cards, list):
        try:
            out["cards"] = [format_card(c) for c in sorted(parse_cards(cards))]
        except InputError:
            return arrangement
    return out


@implements("state-json")
def state_to_json(state: State) -> dict[str, object]:
    """state-json: the state as the JSON object of the fixture schema's ``state``."""
    teams = len(state.melds)
    fi_taken = [0] * teams
    for seat in state.fi_takers:
        fi_taken[seat % teams] += 1
    return {
        "hands": [[format_card(c) for c in hand] for hand in state.hands],
        "stock": [format_card(c) for c in state.stock],
        "discard": [format_card(c) for c in state.discard],
        "fi": [[format_card(c) for c in packet] for packet in state.fi],
        "melds": [[meld_to_table_json(m) for m in team] for team in state.melds],
        "team_scores": [points_to_json(s) for s in state.team_scores],
        "trump": format_card(state.trump) if state.trump is not None else None,
        "dealer": state.dealer,
        "turn": state.turn,
        "phase": state.phase.value,
        "opened": list(state.opened),
        "fi_taken": fi_taken,
        "hand_over": state.hand_over,
        "extra": _extra_to_json(state),
    }


def _extra_to_json(state: State) -> dict[str, object]:
    extra: dict[str, object] = {
        "fi_takers": list(state.fi_takers),
        "pile_card": format_card(state.pile_card) if state.pile_card is not None else None,
        "went_out": state.went_out,
    }
    if state.profile.opening_scope is OpeningScope.PLAYER:
        extra["opened_seats"] = list(state.seat_opened)
        extra["provisional"] = state.provisional
    if state.fi_waiting:
        extra["fi_waiting"] = list(state.fi_waiting)
    if state.profile.red_threes_laid:
        extra["red_threes"] = [[format_card(c) for c in team] for team in state.red_threes]
        extra["table_seats"] = list(state.table_seats)
        extra["turn_laid"] = state.turn_laid
        if state.pile_top is not None:
            extra["pile_pending"] = [format_card(c) for c in state.pile_pending]
            extra["pile_top"] = format_card(state.pile_top)
        if state.turn_melds:
            extra["turn_melds"] = state.turn_melds
        if state.pile_hand:
            extra["pile_hand"] = [format_card(c) for c in state.pile_hand]
    return extra


def _seat(value: object, players: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InputError(f"{where}: expected a seat number 0..{players - 1}.")
    return value


def _optional_card(value: object, where: str) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError(f'{where}: expected a card such as "7S" or null.')
    try:
        return parse_card(value)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def _list(value: object, length: int | None, where: str) -> list[object]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f" of {length}" if length is not None else ""
        raise InputError(f"{where}: expected a list{size}.")
    return value


def _fi_takers(
    extra: Mapping[str, object], fi_taken: list[int], teams: int, players: int, where: str
) -> tuple[int, ...]:
    if "fi_takers" in extra:
        raw = _list(extra["fi_takers"], None, f"{where}.extra.fi_takers")
        takers = tuple(
            _seat(s, players, f"{where}.extra.fi_takers[{i}]") for i, s in enumerate(raw)
        )
        counts = [sum(1 for s in takers if s % teams == t) for t in range(teams)]
        if counts != fi_taken:
            raise InputError(
                f"{where}: extra.fi_takers {list(takers)} does not agree with fi_taken {fi_taken}."
            )
        return takers
    takers_by_team = [t for t in range(teams) if fi_taken[t]]
    if len(takers_by_team) > 1:
        raise InputError(
            f"{where}: both teams have taken a fi; say who took which in extra.fi_takers "
            "(seats, in the order the fi were taken)."
        )
    return tuple(t for t in takers_by_team for _ in range(fi_taken[t]))


@implements("state-json")
def state_from_json(profile: RulesProfile, data: object, where: str = "state") -> State:
    """state-json: read a state written by :func:`state_to_json` (or by hand).

    Required: ``hands``, ``stock``, ``discard``, ``melds``, ``turn``, ``phase``.
    Defaults: no fi packets left, scores 0, no trump, the dealer seats before
    ``turn``, teams opened when they have melds, nothing in ``extra``. The cards
    must be exactly one deck of the family; anything malformed raises
    :class:`~kanasta.errors.InputError` naming the JSON path.
    """
    if not isinstance(data, Mapping):
        raise InputError(f"{where}: a state is a JSON object.")
    players = profile.players
    teams = get_team_count(profile)
    for key in ("hands", "stock", "discard", "melds", "turn", "phase"):
        if key not in data:
            raise InputError(f"{where}: the field {key!r} is required.")
    hands = tuple(
        tuple(sorted(read_cards_json(h, f"{where}.hands[{i}]")))
        for i, h in enumerate(_list(data["hands"], players, f"{where}.hands"))
    )
    stock = read_cards_json(data["stock"], f"{where}.stock")
    discard = read_cards_json(data["discard"], f"{where}.discard")
    fi = tuple(
        read_cards_json(p, f"{where}.fi[{i}]")
        for i, p in enumerate(_list(data.get("fi", []), None, f"{where}.fi"))
    )
    melds = tuple(
        tuple(
            meld_from_table_json(profile, m, f"{where}.melds[{t}][{i}]")
            for i, m in enumerate(_list(team, None, f"{where}.melds[{t}]"))
        )
        for t, team in enumerate(_list(data["melds"], teams, f"{where}.melds"))
    )
    scores = tuple(
        check_score(_points(s, f"{where}.team_scores[{i}]"), f"{where}.team_scores[{i}]")
        for i, s in enumerate(
            _list(data.get("team_scores", [0] * teams), teams, f"{where}.team_scores")
        )
    )
    trump = _optional_card(data.get("trump"), f"{where}.trump")
    turn = _seat(data["turn"], players, f"{where}.turn")
    dealer = _seat(data.get("dealer", (turn - 1) % players), players, f"{where}.dealer")
    try:
        phase = Phase(str(data["phase"]))
    except ValueError:
        raise InputError(f"{where}.phase: expected one of draw, play, over.") from None
    opened_raw = data.get("opened")
    if opened_raw is None:
        opened = tuple(bool(team) for team in melds)
    else:
        opened = tuple(
            bool(o) for o in _list(opened_raw, teams, f"{where}.opened") if isinstance(o, bool)
        )
        if len(opened) != teams:
            raise InputError(f"{where}.opened: expected {teams} booleans.")
    fi_taken_raw = _list(data.get("fi_taken", [0] * teams), teams, f"{where}.fi_taken")
    fi_taken = []
    for i, n in enumerate(fi_taken_raw):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InputError(f"{where}.fi_taken[{i}]: expected a count.")
        fi_taken.append(n)
    extra = data.get("extra", {})
    if not isinstance(extra, Mapping):
        raise InputError(f"{where}.extra: expected an object.")
    takers = _fi_takers(extra, fi_taken, teams, players, where)
    pile_card = _optional_card(extra.get("pile_card"), f"{where}.extra.pile_card")
    went_raw = extra.get("went_out")
    went_out = None if went_raw is None else _seat(went_raw, players, f"{where}.extra.went_out")
    over = data.get("hand_over")
    if over is not None and bool(over) != (phase is Phase.OVER):
        raise InputError(f"{where}: hand_over must be true exactly when the phase is over.")
    state = State(
        profile=profile,
        dealer=dealer,
        turn=turn,
        phase=phase,
        hands=hands,
        stock=stock,
        discard=discard,
        fi=fi,
        fi_takers=takers,
        melds=melds,
        opened=opened,
        team_scores=scores,
        trump=trump,
        pile_card=pile_card,
        went_out=went_out,
        fi_waiting=_fi_waiting(extra, takers, players, where),
    )
    if profile.opening_scope is OpeningScope.PLAYER:
        state = _personal_opening(state, extra, opened_raw is not None, where)
    if profile.red_threes_laid:
        state = _classic_extra(state, extra, where)
    problem = check_state(state)
    if problem is not None:
        raise InputError(f"{where}: {problem.detail} (clause {problem.clause}).")
    for t in range(teams):
        if (
            not state.opened[t]
            and state.melds[t]
            and (phase is not Phase.PLAY or t != state.team or not is_provisional(state, t))
        ):
            raise InputError(
                f"{where}: team {t} has melds but has not opened; only the player whose turn "
                "it is, in the play phase, can hold a provisional opening "
                "(clause opening-provisional)."
            )
    return state


def _points(value: object, where: str) -> HalfPoints:
    """points-exact: a score, the error naming ``where``."""
    try:
        return parse_points(value)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def _classic_extra(state: State, extra: Mapping[str, object], where: str) -> State:
    """state-json (classic): read ``extra.red_threes`` (per team), ``extra.table_seats``,
    ``extra.turn_laid``, ``extra.pile_pending``, ``extra.pile_top``, ``extra.turn_melds``
    and ``extra.pile_hand``.

    Defaults: no red threes laid; the players of a side with melds have laid cards
    before this turn (so a player of a side without melds may still go out concealed);
    no pile set aside; no meld begun and no pile taken in this turn.
    """
    profile = state.profile
    teams = len(state.melds)
    raw = _list(extra.get("red_threes", [[]] * teams), teams, f"{where}.extra.red_threes")
    red = tuple(
        tuple(read_cards_json(t, f"{where}.extra.red_threes[{i}]")) for i, t in enumerate(raw)
    )
    for i, team in enumerate(red):
        for c in team:
            if get_rank(c) != 3 or not is_red_card(c):
                raise InputError(
                    f"{where}.extra.red_threes[{i}]: {format_card(c)} is not a red three "
                    "(clause classic-red-threes)."
                )
    default_seats = [bool(state.melds[s % teams]) for s in range(profile.players)]
    seats_raw = _list(
        extra.get("table_seats", default_seats), profile.players, f"{where}.extra.table_seats"
    )
    if not all(isinstance(v, bool) for v in seats_raw):
        raise InputError(f"{where}.extra.table_seats: expected {profile.players} booleans.")
    turn_laid = extra.get("turn_laid", False)
    if not isinstance(turn_laid, bool):
        raise InputError(f"{where}.extra.turn_laid: expected a boolean.")
    pending = read_cards_json(extra.get("pile_pending", []), f"{where}.extra.pile_pending")
    top = _optional_card(extra.get("pile_top"), f"{where}.extra.pile_top")
    if (pending and top is None) or (top is not None and state.phase is not Phase.PLAY):
        raise InputError(
            f"{where}.extra.pile_top: a pile set aside needs its top card, and exists only in "
            "the play phase (clause classic-pile-opening)."
        )
    turn_melds = extra.get("turn_melds", 0)
    most = len(state.melds[state.turn % teams])
    if (
        isinstance(turn_melds, bool)
        or not isinstance(turn_melds, int)
        or not 0 <= turn_melds <= most
    ):
        raise InputError(
            f"{where}.extra.turn_melds: expected how many of the side's last melds were begun "
            f"in this turn, 0..{most} (clause classic-concealed-canasta)."
        )
    pile_hand = tuple(
        sorted(read_cards_json(extra.get("pile_hand", []), f"{where}.extra.pile_hand"))
    )
    return replace(
        state,
        red_threes=red,
        table_seats=tuple(bool(v) for v in seats_raw),
        turn_laid=turn_laid,
        pile_pending=pending,
        pile_top=top,
        turn_melds=turn_melds,
        pile_hand=pile_hand,
    )


def _fi_waiting(
    extra: Mapping[str, object], takers: tuple[int, ...], players: int, where: str
) -> tuple[int, ...]:
    """fi-unplayed-fi-5200: the seats holding a fi taken by discarding, not yet played."""
    raw = _list(extra.get("fi_waiting", []), None, f"{where}.extra.fi_waiting")
    seats = tuple(_seat(s, players, f"{where}.extra.fi_waiting[{i}]") for i, s in enumerate(raw))
    for seat in seats:
        if seat not in takers:
            raise InputError(f"{where}.extra.fi_waiting: seat {seat} took no fi (extra.fi_takers).")
    return seats


@implements("opening-personal")
def _personal_opening(
    state: State, extra: Mapping[str, object], opened_given: bool, where: str
) -> State:
    """opening-personal: read ``extra.opened_seats`` and ``extra.provisional``.

    Defaults: every player of an opened team has opened; the current team's
    melds are provisional when it has not opened.
    """
    profile = state.profile
    players = profile.players
    raw_seats = extra.get("opened_seats")
    if raw_seats is None:
        seat_opened = default_seat_opened(profile, state.opened)
    else:
        values = _list(raw_seats, players, f"{where}.extra.opened_seats")
        if not all(isinstance(v, bool) for v in values):
            raise InputError(f"{where}.extra.opened_seats: expected {players} booleans.")
        seat_opened = tuple(bool(v) for v in values)
    teams = len(state.melds)
    opened = tuple(
        any(seat_opened[s] for s in range(players) if s % teams == t) for t in range(teams)
    )
    if opened_given and opened != state.opened:
        raise InputError(
            f"{where}: opened {list(state.opened)} does not agree with extra.opened_seats "
            f"{list(seat_opened)}: a team has opened when one of its players has "
            "(clause opening-personal)."
        )
    team_melds = state.melds[state.team]
    default = 0 if opened[state.team] else len(team_melds)
    if not opened[state.team] and extra.get("provisional", default) != default:
        raise InputError(
            f"{where}.extra.provisional: the current team has not opened, so all its "
            f"{default} melds are provisional (clause opening-provisional)."
        )
    raw = extra.get("provisional", default)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= len(team_melds):
        raise InputError(
            f"{where}.extra.provisional: expected a count 0..{len(team_melds)} of the current "
            "team's last melds."
        )
    if raw and (state.phase is not Phase.PLAY or seat_opened[state.turn]):
        raise InputError(
            f"{where}.extra.provisional: only a player who has not opened, in the play phase, "
            "has provisional melds (clause opening-personal)."
        )
    return replace(state, profile=profile, opened=opened, seat_opened=seat_opened, provisional=raw)


@implements("player-view")
def view_to_json(view: View) -> dict[str, object]:
    """player-view: a view as JSON (no hidden card appears in it)."""
    return {
        "seat": view.seat,
        "variant": view.variant,
        "dealer": view.dealer,
        "turn": view.turn,
        "phase": view.phase.value,
        "hand": [format_card(c) for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
        "discard": [format_card(c) for c in view.discard],
        "discard_size": view.discard_size,
        "fi_sizes": list(view.fi_sizes),
        "fi_takers": list(view.fi_takers),
        "melds": [[meld_to_table_json(m) for m in team] for team in view.melds],
        "opened": list(view.opened),
        "team_scores": [points_to_json(s) for s in view.team_scores],
        "trump": format_card(view.trump) if view.trump is not None else None,
        "pile_card": format_card(view.pile_card) if view.pile_card is not None else None,
        "went_out": view.went_out,
        "hand_over": view.phase is Phase.OVER,
        **({"opened_seats": list(view.seat_opened)} if view.seat_opened else {}),
        **({"fi_waiting": list(view.fi_waiting)} if view.fi_waiting else {}),
        **(
            {"red_threes": [[format_card(c) for c in t] for t in view.red_threes]}
            if view.red_threes
            else {}
        ),
    }
