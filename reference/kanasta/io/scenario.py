"""Build a complete hand state from a partial description (for tests, fixtures, questions).

A scenario names only the cards that matter (some hands, the top of the
stock, the pile, the melds); :func:`build_state` puts every other card of the
deck somewhere deterministic (fi packets, then the stock, then under the
discard pile), so that the result is a real state holding exactly one deck.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kanasta.errors import InputError, Violation
from kanasta.rules.cards import Card, format_cards, get_deck, parse_card, parse_cards
from kanasta.rules.families import RED_THREES, RulesProfile, TrumpRule
from kanasta.rules.melds import Meld, apply_lay_off, validate_meld
from kanasta.rules.points import HalfPoints, to_half_points
from kanasta.rules.state import Phase, State, default_seat_opened, get_team_count

__all__ = ["ExampleTurn", "MeldSpec", "build_meld", "build_state"]

MeldSpec = str | Sequence[str | tuple[str, int | None]]
"""A meld: one batch (``"5H 6H 7H"``), or its batches in order, each optionally with
the ``wild_at`` chosen (``[("5H 6H JK", 4), ("7H", None)]``)."""


@dataclass(frozen=True, slots=True)
class ExampleTurn:
    """A whole turn of a family's rulebook, played by the engine when the rulebook is built.

    ``position``: the keyword arguments of :func:`build_state` (the cards that matter);
    ``moves``: the player's moves in order, each a kind and its cards (``("draw",)``,
    ``("meld", "4H 5H 6H")``, ``("lay-off", "0", "7H")``, ``("take-pile", "9H 9D")``,
    ``("discard", "KS")``).
    """

    position: Mapping[str, Any]
    moves: tuple[tuple[str, ...], ...]


def build_meld(profile: RulesProfile, spec: MeldSpec) -> Meld:
    """A table meld from its batches; raises InputError if the batches do not build one."""
    batches: list[tuple[str, int | None]] = []
    if isinstance(spec, str):
        batches.append((spec, None))
    else:
        for item in spec:
            batches.append(item if isinstance(item, tuple) else (item, None))
    first, wild_at = batches[0]
    meld = validate_meld(profile, parse_cards(first), wild_at=wild_at, going_out=True)
    for cards, wild_at in batches[1:]:
        if isinstance(meld, Violation):
            break
        meld = apply_lay_off(profile, meld, parse_cards(cards), wild_at=wild_at)
    if isinstance(meld, Violation):
        shown = " then ".join(
            cards if wild is None else f"{cards} (wild at {wild})" for cards, wild in batches
        )
        raise InputError(f"the meld {shown} cannot be built: {meld}")
    return meld


def _take(pool: Counter[Card], cards: Sequence[Card], what: str) -> None:
    for card in cards:
        if pool[card] <= 0:
            raise InputError(f"{what}: no card {format_cards([card])} is left in the deck")
        pool[card] -= 1


def build_state(
    profile: RulesProfile,
    *,
    hands: Sequence[str | None] = (),
    melds: Sequence[Sequence[MeldSpec]] = (),
    discard: str = "",
    stock_top: str = "",
    stock_size: int | None = None,
    fi: Sequence[str] | None = None,
    fi_left: int | None = None,
    fi_takers: Sequence[int] = (),
    trump: str | None = None,
    turn: int = 0,
    phase: Phase = Phase.DRAW,
    opened: Sequence[bool] | None = None,
    team_scores: Sequence[int | str] = (),
    dealer: int | None = None,
    pile_card: str | None = None,
    went_out: int | None = None,
    hand_sizes: Sequence[int] = (),
    seat_opened: Sequence[bool] | None = None,
    provisional: int | None = None,
    fi_waiting: Sequence[int] = (),
    red_threes: Sequence[str] = (),
    table_seats: Sequence[bool] | None = None,
    pile_pending: str = "",
    pile_top: str | None = None,
    pile_size: int | None = None,
    shuffle: int | None = None,
    hand_unknown: Sequence[int] = (),
) -> State:
    """A state holding exactly one deck, built from the cards that matter.

    ``hands`` gives the cards of seats 0, 1, ...; a seat without cards given (or ``None``) is
    dealt ``hand_sizes[seat]`` cards (default 11) from the rest of the deck.
    ``fi_left`` packets (default: 2 minus the fi taken) of 11 cards are filled
    from the rest unless ``fi`` gives them. The stock is ``stock_top`` then
    the rest, cut to ``stock_size`` cards (what is cut goes under the discard
    pile), with ``trump`` (default: the last card) at its bottom. Scores are
    points (``"4.5"``, 120). Under a personal opening, ``seat_opened``
    (default: the players of every opened team) and ``provisional`` (default:
    all the melds of the current team when it has not opened, else none) say
    who has opened and which of the current team's last melds are provisional;
    ``fi_waiting`` lists the seats waiting with a fi taken by discarding.
    In *classic*, ``red_threes`` gives the red threes each team has laid; the other red
    threes go to the bottom of the stock (nobody holds one); ``table_seats`` (default:
    the players of the teams with melds) says who laid cards in an earlier turn;
    ``pile_pending`` are the cards of a pile taken by a side that has not opened, set aside
    until its melds reach the minimum, and ``pile_top`` that pile's top card, already in a
    meld (clause :clause:`classic-pile-opening`).
    """
    teams = get_team_count(profile)
    pool: Counter[Card] = Counter(get_deck(profile.deck_jokers))
    hand_cards = [parse_cards(h) if h is not None else None for h in hands]
    for seat, cards in enumerate(hand_cards):
        if cards is not None:
            _take(pool, cards, f"hand {seat}")
    table: list[tuple[Meld, ...]] = []
    for team in range(teams):
        specs = melds[team] if team < len(melds) else ()
        built = tuple(build_meld(profile, s) for s in specs)
        for meld in built:
            _take(pool, meld.all_cards, f"a meld of team {team}")
        table.append(built)
    pile = parse_cards(discard)
    _take(pool, pile, "the discard pile")
    pending = parse_cards(pile_pending)
    _take(pool, pending, "the pile set aside")
    top = parse_cards(stock_top)
    _take(pool, top, "the stock")
    trump_card = parse_card(trump) if trump is not None else None
    if trump_card is not None and trump_card not in top:
        _take(pool, (trump_card,), "the trump")
    packets = [parse_cards(p) for p in fi] if fi is not None else []
    for i, packet in enumerate(packets):
        _take(pool, packet, f"fi packet {i}")
    laid: list[tuple[Card, ...]] = []
    if profile.red_threes_laid:
        for t in range(teams):
            reds = parse_cards(red_threes[t]) if t < len(red_threes) else ()
            _take(pool, reds, f"the red threes of team {t}")
            laid.append(reds)
    rest = sorted(pool.elements())
    if shuffle is not None:
        random.Random(shuffle).shuffle(rest)
    if profile.red_threes_laid:
        rest = [c for c in rest if c not in RED_THREES] + [c for c in rest if c in RED_THREES]

    def deal(count: int) -> tuple[Card, ...]:
        nonlocal rest
        if count > len(rest):
            raise InputError(f"the deck has only {len(rest)} cards left, {count} are needed")
        out, rest = tuple(rest[:count]), rest[count:]
        return out

    all_hands: list[tuple[Card, ...]] = []
    for seat in range(profile.players):
        given = hand_cards[seat] if seat < len(hand_cards) else None
        if given is not None:
            more = hand_unknown[seat] if seat < len(hand_unknown) else 0
            all_hands.append(tuple(sorted((*given, *deal(more)))))
        else:
            size = hand_sizes[seat] if seat < len(hand_sizes) else profile.hand_size
            all_hands.append(tuple(sorted(deal(size))))
    if fi is None:
        left = profile.fi_packets - len(fi_takers) if fi_left is None else fi_left
        packets = [deal(profile.fi_size) for _ in range(left)]
    stock = list(top) + rest
    rest = []
    under: list[Card] = []
    if stock_size is not None:
        keep = stock_size - (1 if trump_card is not None and trump_card not in top else 0)
        if keep < len(top):
            raise InputError("stock_size is smaller than the cards given for the stock")
        under, stock = stock[keep:], stock[:keep]
    if pile_size is not None:
        more = pile_size - len(pile)
        if more < 0:
            raise InputError(
                f"pile_size {pile_size} is smaller than the {len(pile)} pile cards given"
            )
        if more > len(stock) - len(top):
            raise InputError(f"the deck has only {len(stock) - len(top)} cards left for the pile")
        under = [*under, *stock[len(top) : len(top) + more]]
        stock = [*top, *stock[len(top) + more :]]
    if trump_card is not None and trump_card not in top:
        stock.append(trump_card)
    elif trump_card is None and stock:
        trump_card = stock[-1]
    scores: tuple[HalfPoints, ...] = tuple(to_half_points(s) for s in team_scores) or (0,) * teams
    team_opened = tuple(opened) if opened is not None else tuple(bool(t) for t in table)
    if seat_opened is None:
        seats = default_seat_opened(profile, team_opened)
    else:
        seats = tuple(seat_opened)
        team_opened = tuple(
            any(seats[s] for s in range(profile.players) if s % teams == t) for t in range(teams)
        )
    if provisional is None:
        provisional = 0 if not seats or team_opened[turn % teams] else len(table[turn % teams])
    return State(
        profile=profile,
        dealer=(turn - 1) % profile.players if dealer is None else dealer,
        turn=turn,
        phase=phase,
        hands=tuple(all_hands),
        stock=tuple(stock),
        discard=tuple(under) + pile,
        fi=tuple(packets),
        fi_takers=tuple(fi_takers),
        melds=tuple(table),
        opened=team_opened,
        team_scores=scores,
        trump=trump_card if profile.trump_rule is not TrumpRule.NONE else None,
        pile_card=parse_card(pile_card) if pile_card is not None else None,
        went_out=went_out,
        seat_opened=seats,
        provisional=provisional,
        fi_waiting=tuple(fi_waiting),
        red_threes=tuple(laid),
        pile_pending=pending,
        pile_top=parse_card(pile_top) if pile_top is not None else None,
        table_seats=(
            ()
            if not profile.tracks_table_seats
            else tuple(table_seats)
            if table_seats is not None
            else tuple(bool(table[s % teams]) for s in range(profile.players))
        ),
    )
