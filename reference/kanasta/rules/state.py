"""The state of a hand in play: one frozen value, and its JSON form.

Chapter *Actions and the state* (``spec/11-actions.rst``) defines the JSON
form; the fixture schema (``conformance/schema/fixture.schema.json``) uses the
same object for the ``setup.state`` of a fixture.

Seats are numbered ``0 .. players-1`` in the order of play (clause
:clause:`seats-in-order-of-play`): seat ``s + 1`` plays after seat ``s``, in
every family, whatever the physical direction. A team is ``seat % teams``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from kanasta.clauses import implements
from kanasta.errors import InputError, Violation
from kanasta.rules.cards import (
    JOKER,
    Card,
    format_card,
    format_cards,
    get_deck,
    get_rank,
    get_suit,
    parse_card,
    parse_cards,
)
from kanasta.rules.families import OpeningScope, RulesProfile, TrumpRule
from kanasta.rules.melds import (
    Meld,
    MeldKind,
    apply_lay_off,
    get_lay_off_arrangements,
    get_meld_arrangements,
    validate_meld,
)
from kanasta.rules.points import HalfPoints, parse_points, points_to_json

__all__ = [
    "Phase",
    "State",
    "arrangement_to_json",
    "check_state",
    "default_seat_opened",
    "get_provisional_melds",
    "get_table_seats",
    "get_team",
    "get_team_count",
    "has_opened",
    "is_provisional",
    "make_state",
    "meld_from_table_json",
    "meld_to_table_json",
    "read_cards_json",
    "state_from_json",
    "state_to_json",
]


class Phase(StrEnum):
    """The phase of the turn (chapter *The turn*)."""

    DRAW = "draw"
    """The player to act must draw from the stock or take the discard pile."""
    PLAY = "play"
    """The player may meld, lay off, take back a provisional opening, and discards last."""
    OVER = "over"
    """The hand is over: nobody acts; the hand is scored."""


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a hand in play. Cards are ints; hands are sorted tuples.

    ``stock[0]`` is the next card drawn; ``discard[-1]`` is the top of the
    discard pile; ``fi`` holds the fi packets still on the table, the next one
    taken first; ``fi_takers`` lists, in order, the seat that took each fi.
    ``melds[t]`` are team ``t``'s melds in the order they were laid.
    ``team_scores`` are the game totals before this hand. ``pile_card`` is the
    card taken from a single-card discard pile in the current turn (clause
    :clause:`single-pile-no-discard-back`). ``went_out`` is the seat that
    emptied its hand with no fi left, ending the hand.

    Under a personal opening (clause :clause:`opening-personal`)
    ``seat_opened`` says which players have opened and ``provisional`` how
    many of the current team's last melds are the current player's
    provisional opening. ``fi_waiting`` lists the seats that took a fi by
    discarding and have not begun a turn since (clause
    :clause:`fi-unplayed-fi-5200`).

    In *classic*: ``red_threes[t]`` are the red threes team ``t`` has laid face up
    (clause :clause:`classic-red-threes`); ``pile_pending`` the cards of a pile taken
    by a side that has not opened, set aside until its opening reaches the minimum,
    and ``pile_top`` that pile's top card, melded at once (clause
    :clause:`classic-pile-opening`); ``table_seats`` says which players laid
    cards on the table in an earlier turn and ``turn_laid`` whether the player to act
    has done so in this turn (clause :clause:`classic-concealed`).
    """

    profile: RulesProfile
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    fi: tuple[tuple[Card, ...], ...]
    fi_takers: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    opened: tuple[bool, ...]
    team_scores: tuple[HalfPoints, ...]
    trump: Card | None
    pile_card: Card | None = None
    went_out: int | None = None
    seat_opened: tuple[bool, ...] = ()
    provisional: int = 0
    fi_waiting: tuple[int, ...] = ()
    red_threes: tuple[tuple[Card, ...], ...] = ()
    pile_pending: tuple[Card, ...] = ()
    pile_top: Card | None = None
    table_seats: tuple[bool, ...] = ()
    turn_laid: bool = False

    @property
    def hand_over(self) -> bool:
        """Whether the hand has ended (by going out or by the stock running out)."""
        return self.phase is Phase.OVER

    @property
    def team(self) -> int:
        """The team of the player whose turn it is."""
        return self.turn % len(self.melds)


_StateSlots: Any = type("_StateSlots", (), {"__slots__": State.__slots__})
"""A plain class with exactly the slots of :class:`State` (see :func:`make_state`)."""
_new_object = object.__new__


def make_state(
    profile: RulesProfile,
    dealer: int,
    turn: int,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    fi: tuple[tuple[Card, ...], ...],
    fi_takers: tuple[int, ...],
    melds: tuple[tuple[Meld, ...], ...],
    opened: tuple[bool, ...],
    team_scores: tuple[HalfPoints, ...],
    trump: Card | None,
    pile_card: Card | None,
    went_out: int | None,
    seat_opened: tuple[bool, ...],
    provisional: int,
    fi_waiting: tuple[int, ...],
    red_threes: tuple[tuple[Card, ...], ...] = (),
    pile_pending: tuple[Card, ...] = (),
    pile_top: Card | None = None,
    table_seats: tuple[bool, ...] = (),
    turn_laid: bool = False,
) -> State:
    """The same value as ``State(...)`` with every field given, built several times faster.

    For the engine's hot paths (one new state per move). The fields are
    stored into an object of a plain class with the same slot layout, whose
    class then becomes :class:`State` (Python allows this between classes of
    identical layout); the result is an ordinary, frozen :class:`State`.
    """
    state = _new_object(_StateSlots)
    state.profile = profile
    state.dealer = dealer
    state.turn = turn
    state.phase = phase
    state.hands = hands
    state.stock = stock
    state.discard = discard
    state.fi = fi
    state.fi_takers = fi_takers
    state.melds = melds
    state.opened = opened
    state.team_scores = team_scores
    state.trump = trump
    state.pile_card = pile_card
    state.went_out = went_out
    state.seat_opened = seat_opened
    state.provisional = provisional
    state.fi_waiting = fi_waiting
    state.red_threes = red_threes
    state.pile_pending = pile_pending
    state.pile_top = pile_top
    state.table_seats = table_seats
    state.turn_laid = turn_laid
    state.__class__ = State
    built: State = state
    return built


_PLAYER = OpeningScope.PLAYER


@implements("seats-in-order-of-play", "players-fi-351", "classic-players")
def get_team_count(profile: RulesProfile) -> int:
    """seats-in-order-of-play: two teams in a partnership game; players-fi-351: else
    every player is a team of one."""
    return profile.team_count


@implements("seats-in-order-of-play")
def get_team(profile: RulesProfile, seat: int) -> int:
    """seats-in-order-of-play: partners sit opposite, so a seat's team is ``seat % teams``."""
    return seat % get_team_count(profile)


@implements("classic-concealed")
def get_table_seats(state: State) -> tuple[bool, ...]:
    """classic-concealed: which players have laid cards on the table once the current
    turn is over (the current player's flag set when it laid a card in this turn)."""
    seats = state.table_seats
    if not state.turn_laid or not seats or seats[state.turn]:
        return seats
    out = list(seats)
    out[state.turn] = True
    return tuple(out)


@implements("opening-provisional", "opening-personal")
def is_provisional(state: State, team: int) -> bool:
    """opening-provisional: the team has melds on the table but has not opened yet.

    opening-personal: under a personal opening, the melds the player whose
    turn it is laid in this turn without having opened are provisional.
    """
    if state.profile.opening_scope is _PLAYER:
        return team == state.turn % len(state.melds) and state.provisional > 0
    return not state.opened[team] and bool(state.melds[team])


def get_provisional_melds(state: State, team: int) -> tuple[Meld, ...]:
    """opening-provisional: the melds of ``team`` that make a provisional opening."""
    if not is_provisional(state, team):
        return ()
    melds = state.melds[team]
    if state.profile.opening_scope is _PLAYER:
        return melds[len(melds) - state.provisional :]
    return melds


def default_seat_opened(profile: RulesProfile, opened: Sequence[bool]) -> tuple[bool, ...]:
    """opening-personal: the player flags when only the team flags are known.

    Under a personal opening every player of an opened team counts as opened;
    under a team opening there are no player flags (an empty tuple).
    """
    if profile.opening_scope is not OpeningScope.PLAYER:
        return ()
    teams = len(opened)
    return tuple(opened[s % teams] for s in range(profile.players))


def has_opened(state: State, seat: int) -> bool:
    """opening-personal: whether the player at ``seat`` may count as opened.

    With a team opening, a player has opened when the team has; with a
    personal opening, only when the player has.
    """
    if state.profile.opening_scope is _PLAYER:
        return state.seat_opened[seat]
    return state.opened[get_team(state.profile, seat)]


# --------------------------------------------------------------------------- melds as JSON


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


# --------------------------------------------------------------------------- state as JSON


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


def _is_seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _card_problem(state: State) -> str | None:
    """card-conservation: the hand's cards are exactly one deck of the family."""
    held: list[object] = [c for hand in state.hands for c in hand]
    held += [*state.stock, *state.discard]
    held += [c for packet in state.fi for c in packet]
    held += [c for team in state.melds for m in team for c in m.all_cards]
    held += [c for team in state.red_threes for c in team]
    held += state.pile_pending
    strange = [
        c for c in held if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= JOKER
    ]
    if strange:
        return f"{strange[0]!r} is not a card (a card is an int 0..{JOKER})"
    cards = sorted(c for c in held if isinstance(c, int))
    deck = get_deck(state.profile.deck_jokers)
    if cards == list(deck):
        return None
    extra = list(cards)
    missing: list[Card] = []
    for c in deck:
        if c in extra:
            extra.remove(c)
        else:
            missing.append(c)
    return (
        f"the cards are not one {state.profile.family} deck of {len(deck)} cards: "
        f"missing [{format_cards(sorted(missing))}], too many [{format_cards(sorted(extra))}]"
    )


@implements("state-json", "deck-composition", "seats-in-order-of-play")
def check_state(state: State) -> Violation | None:
    """state-json: whether a state could occur in a hand of its family, or what cannot.

    The checks: a hand per seat and a meld list, an opened flag and a whole or
    half score per team; dealer, turn and every seat named are seats of the
    family (seats-in-order-of-play); the phase is a phase; the cards are
    exactly one deck of the family (deck-composition); a trump card only in a
    family that turns one up, and no more fi packets (on the table and taken)
    than the family deals.

    The JSON readers (:func:`state_from_json`, and so every fixture, question and
    protocol request) run it on every state they read. ``legal_actions`` and
    ``apply`` do not, for speed: they trust a state that comes from a reader,
    from :func:`kanasta.engine.new_hand` or from ``apply``. Call it on a state
    built or changed by hand (``dataclasses.replace``) before playing on it.
    """
    given: object = state.profile
    if not isinstance(given, RulesProfile):
        return Violation("state-json", "bad-profile", f"{given!r} is not a rules profile")
    profile = given
    players = profile.players
    teams = get_team_count(profile)
    shapes: tuple[tuple[str, object, int], ...] = (
        ("hands", state.hands, players),
        ("melds", state.melds, teams),
        ("opened", state.opened, teams),
        ("team_scores", state.team_scores, teams),
    )
    for name, value, size in shapes:
        if not isinstance(value, tuple) or len(value) != size:
            return Violation(
                "seats-in-order-of-play",
                "bad-shape",
                f"{name} must hold {size} entries in {profile.family}, not {value!r}",
            )
    seats = [("dealer", state.dealer), ("turn", state.turn)]
    if state.went_out is not None:
        seats.append(("went_out", state.went_out))
    seats += [("fi_takers", s) for s in state.fi_takers]
    seats += [("fi_waiting", s) for s in state.fi_waiting]
    for name, seat in seats:
        if not _is_seat(seat, players):
            return Violation(
                "seats-in-order-of-play",
                "not-a-seat",
                f"{name} {seat!r} is not a seat 0..{players - 1} of {profile.family}",
            )
    phase: object = state.phase
    if not isinstance(phase, Phase):
        return Violation("state-json", "bad-phase", f"{phase!r} is not a phase")
    scores: tuple[object, ...] = state.team_scores
    for team, score in enumerate(scores):
        if isinstance(score, bool) or not isinstance(score, int):
            return Violation(
                "points-exact",
                "bad-score",
                f"team_scores[{team}] {score!r} is not a whole number of half points",
            )
    problem = _card_problem(state)
    if problem is not None:
        return Violation("deck-composition", "not-one-deck", problem)
    if state.trump is not None and profile.trump_rule is TrumpRule.NONE:
        return Violation(
            "state-json",
            "no-trump-in-family",
            f"{profile.family} turns up no trump card, but the state has "
            f"{format_card(state.trump)}",
        )
    if len(state.fi) + len(state.fi_takers) > profile.fi_packets:
        return Violation(
            "state-json",
            "too-many-fi",
            f"{profile.family} deals {profile.fi_packets} fi packets; the state has "
            f"{len(state.fi)} on the table and {len(state.fi_takers)} taken",
        )
    return None


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
        parse_points(s)
        for s in _list(data.get("team_scores", [0] * teams), teams, f"{where}.team_scores")
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


@implements("classic-red-threes", "classic-pile-opening", "classic-concealed")
def is_red_card(card: Card) -> bool:
    """classic-red-threes: whether a suited card is red (diamonds or hearts)."""
    suit = get_suit(card)
    return suit is not None and suit.is_red


def _classic_extra(state: State, extra: Mapping[str, object], where: str) -> State:
    """state-json (classic): read ``extra.red_threes`` (per team), ``extra.table_seats``,
    ``extra.turn_laid``, ``extra.pile_pending`` and ``extra.pile_top``.

    Defaults: no red threes laid; the players of a side with melds have laid cards
    before this turn (so a player of a side without melds may still go out concealed);
    no pile set aside.
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
    return replace(
        state,
        red_threes=red,
        table_seats=tuple(bool(v) for v in seats_raw),
        turn_laid=turn_laid,
        pile_pending=pending,
        pile_top=top,
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
