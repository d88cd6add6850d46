"""The state of a hand in play: one frozen value, and whether it could occur.

Its JSON form (clause :clause:`state-json`) is read and written by
:mod:`kanasta.io.state_json`.

Seats are numbered ``0 .. players-1`` in the order of play (clause
:clause:`seats-in-order-of-play`): seat ``s + 1`` plays after seat ``s``, in
every family, whatever the physical direction. A team is ``seat % teams``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from kanasta.clauses import implements
from kanasta.errors import Violation
from kanasta.rules.cards import (
    JOKER,
    Card,
    format_card,
    format_cards,
    get_deck,
    get_suit,
)
from kanasta.rules.families import OpeningScope, RulesProfile, TrumpRule
from kanasta.rules.melds import (
    Meld,
)
from kanasta.rules.points import HalfPoints

__all__ = [
    "Phase",
    "State",
    "check_state",
    "default_seat_opened",
    "get_provisional_melds",
    "get_table_seats",
    "get_team",
    "get_team_count",
    "has_opened",
    "is_provisional",
    "make_state",
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
    has done so in this turn (clause :clause:`classic-concealed`). With the option
    concealed-canasta, ``turn_melds`` is how many of the side's last melds the player
    to act began in this turn, and ``pile_hand`` the cards the player held before
    taking the pile in this turn with the pile's top card (empty when the pile was not
    taken) (clause :clause:`classic-concealed-canasta`).
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
    turn_melds: int = 0
    pile_hand: tuple[Card, ...] = ()

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
    turn_melds: int = 0,
    pile_hand: tuple[Card, ...] = (),
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
    state.turn_melds = turn_melds
    state.pile_hand = pile_hand
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

    The JSON readers (:func:`~kanasta.io.state_json.state_from_json`, and so every
    fixture, question and protocol request) run it on every state they read. ``legal_actions`` and
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


@implements("classic-red-threes", "classic-pile-opening", "classic-concealed")
def is_red_card(card: Card) -> bool:
    """classic-red-threes: whether a suited card is red (diamonds or hearts)."""
    suit = get_suit(card)
    return suit is not None and suit.is_red
