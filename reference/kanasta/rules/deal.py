"""Chapter *The deal* (``spec/05-deal.rst``): seats, the shuffle, the deal, the trump.

A deal is a value: the hands by seat, the fi packets, the discard pile, the
stock in draw order and the trump card. It comes either from a seed, through
the portable shuffle of clause :clause:`seeded-shuffle` (any implementation
can reproduce it), or from an explicit JSON object, so that every scenario
can be written down and replayed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from kanasta.clauses import implements
from kanasta.errors import InputError
from kanasta.rules.cards import Card, format_card, format_cards, get_deck
from kanasta.rules.families import RED_THREES, DealScheme, Direction, RulesProfile, TrumpRule
from kanasta.rules.points import HalfPoints
from kanasta.rules.state import (
    Phase,
    State,
    default_seat_opened,
    get_team_count,
)

__all__ = [
    "MASK64",
    "Deal",
    "check_seed",
    "deal_from_deck",
    "deal_from_seed",
    "get_first_player",
    "get_next_dealer",
    "get_next_seat_side",
    "lay_dealt_red_threes",
    "new_hand",
    "shuffle_deck",
    "splitmix64",
]

MASK64 = (1 << 64) - 1


@implements("seeded-shuffle")
def check_seed(seed: object, where: str = "the seed") -> int:
    """seeded-shuffle: a seed is an unsigned 64-bit integer, ``0 .. 2**64 - 1``.

    The one rule for seeds everywhere (``play``, ``replay``, ``bench``, the
    adapter, questions, game records); returns the seed or raises
    :class:`InputError` naming ``where``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64:
        raise InputError(
            f"{where}: {seed!r} is not a seed; a seed is an unsigned 64-bit integer, "
            f"0 to 2**64 - 1 ({MASK64}) (clause seeded-shuffle)."
        )
    return seed


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of a hand before the first turn."""

    hands: tuple[tuple[Card, ...], ...]
    fi: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]
    trump: Card | None


@implements("seeded-shuffle")
def splitmix64(state: int) -> tuple[int, int]:
    """seeded-shuffle: one step of SplitMix64: ``(next state, output)``, both 64-bit."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


@implements("seeded-shuffle")
def shuffle_deck(profile: RulesProfile, seed: int) -> tuple[Card, ...]:
    """seeded-shuffle: the family's deck in canonical order, shuffled by Fisher-Yates.

    For ``i`` from the last index down to 1, the card at ``i`` is swapped with
    the card at ``next() mod (i + 1)``, where ``next`` is SplitMix64 seeded
    with ``seed``.
    """
    check_seed(seed)
    deck = list(get_deck(profile.deck_jokers))
    state = seed
    for i in range(len(deck) - 1, 0, -1):
        state, value = splitmix64(state)
        j = value % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@implements("direction-of-play", "direction-fi-351")
def get_next_seat_side(profile: RulesProfile) -> str:
    """direction-of-play: where the next seat sits, seen from a player at a real table
    (direction-fi-351: clockwise in fi-351, so at the left)."""
    return "right" if profile.direction is Direction.COUNTER_CLOCKWISE else "left"


@implements("first-player")
def get_first_player(profile: RulesProfile, dealer: int) -> int:
    """first-player: the seat after the dealer in the order of play plays first."""
    return (dealer + 1) % profile.players


@implements("dealer-rotation")
def get_next_dealer(profile: RulesProfile, dealer: int) -> int:
    """dealer-rotation: the deal passes to the next seat in the order of play."""
    return (dealer + 1) % profile.players


@implements(
    "deal-koz",
    "deal-order",
    "trump-card",
    "deal-fi-5200",
    "deal-fi-351",
    "classic-upcard",
    "classic-deal",
)
def deal_cards(profile: RulesProfile, deck: Sequence[Card], dealer: int) -> Deal:
    """deal-order: deal a shuffled deck (``deck[0]`` is the top card).

    deal-koz: one card at a time to each seat, starting with the first player,
    until every hand holds ``hand_size`` cards; then each fi packet takes the
    next ``fi_size`` cards; then the upcard starts the discard pile; the rest
    is the stock, in the order it is drawn. trump-card: in *koz* the bottom
    card of the stock is turned face up as the trump and stays in the stock.
    deal-six-packets (fi-5200): the hands and the fi packets are dealt
    together, as if to six players (:func:`_deal_six_packets`). deal-fi-351:
    the fi packets from the cut, then the hands in pairs (:func:`_deal_cut_fi_then_pairs`).
    classic-upcard: while the upcard is a wild card or a three, the next stock card is
    turned onto it.
    """
    if profile.deal_scheme is DealScheme.SIX_PACKETS:
        hands, fi = _deal_six_packets(profile, deck, dealer)
    elif profile.deal_scheme is DealScheme.CUT_FI_THEN_PAIRS:
        hands, fi = _deal_cut_fi_then_pairs(profile, deck, dealer)
    else:
        hands, fi = _deal_hands_then_fi(profile, deck, dealer)
    k = sum(len(h) for h in hands) + sum(len(p) for p in fi)
    discard: tuple[Card, ...] = ()
    if profile.initial_upcard:
        discard = (deck[k],)
        k += 1
        while discard[-1] in profile.upcard_turn_again and k < len(deck):
            discard = (*discard, deck[k])
            k += 1
    stock = tuple(deck[k:])
    trump = stock[-1] if profile.trump_rule is TrumpRule.BOTTOM_OF_STOCK and stock else None
    return Deal(tuple(tuple(sorted(h)) for h in hands), tuple(fi), discard, stock, trump)


def _deal_hands_then_fi(
    profile: RulesProfile, deck: Sequence[Card], dealer: int
) -> tuple[list[list[Card]], list[tuple[Card, ...]]]:
    """deal-order: the hands one card at a time from the first player, then each fi packet."""
    players = profile.players
    first = get_first_player(profile, dealer)
    hands: list[list[Card]] = [[] for _ in range(players)]
    k = 0
    for _ in range(profile.hand_size):
        for offset in range(players):
            hands[(first + offset) % players].append(deck[k])
            k += 1
    fi: list[tuple[Card, ...]] = []
    for _ in range(profile.fi_packets):
        fi.append(tuple(deck[k : k + profile.fi_size]))
        k += profile.fi_size
    return hands, fi


@implements("deal-six-packets")
def _deal_six_packets(
    profile: RulesProfile, deck: Sequence[Card], dealer: int
) -> tuple[list[list[Card]], list[tuple[Card, ...]]]:
    """deal-six-packets: one card at a time to seats dealer+1, +2, +3, then the dealer's
    packets a, b, c; b is the dealer's hand, a the first fi and c the second."""
    players = profile.players
    assert profile.fi_packets == 2
    assert profile.fi_size == profile.hand_size
    others = [(dealer + offset) % players for offset in range(1, players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    packets: list[list[Card]] = [[], [], []]
    cards = iter(deck)
    for _ in range(profile.hand_size):
        for seat in others:
            hands[seat].append(next(cards))
        for packet in packets:
            packet.append(next(cards))
    a, b, c = packets
    hands[dealer] = b
    return hands, [tuple(a), tuple(c)]


@implements("deal-fi-351-order")
def _deal_cut_fi_then_pairs(
    profile: RulesProfile, deck: Sequence[Card], dealer: int
) -> tuple[list[list[Card]], list[tuple[Card, ...]]]:
    """deal-fi-351-order: the top cards, one at a time, to the first fi packet, the
    second, the first... until both are full; then the hands two cards at a time
    (one card in the last round when the hand size is odd) from the first player."""
    players = profile.players
    packets: list[list[Card]] = [[] for _ in range(profile.fi_packets)]
    k = 0
    for _ in range(profile.fi_size):
        for packet in packets:
            packet.append(deck[k])
            k += 1
    first = get_first_player(profile, dealer)
    hands: list[list[Card]] = [[] for _ in range(players)]
    dealt = 0
    while dealt < profile.hand_size:
        step = min(2, profile.hand_size - dealt)
        for offset in range(players):
            hands[(first + offset) % players].extend(deck[k : k + step])
            k += step
        dealt += step
    return hands, [tuple(p) for p in packets]


def deal_from_seed(profile: RulesProfile, seed: int, dealer: int) -> Deal:
    """seeded-shuffle and deal-order: the deal a seed gives, for a dealer."""
    return deal_cards(profile, shuffle_deck(profile, seed), dealer)


@implements("deck-composition", "deal-order")
def deal_from_deck(profile: RulesProfile, deck: Sequence[Card], dealer: int) -> Deal:
    """deal-order: the deal of a stacked deck (``deck[0]`` is the top card), by the family's
    own procedure, for a dealer: what a shuffle that gave this order would deal.

    deck-composition: the deck must be exactly one deck of the family (every card, each
    copy once); one that is not raises :class:`InputError` naming the cards missing or too
    many.
    """
    given = Counter(deck)
    whole = Counter(get_deck(profile.deck_jokers))
    missing, extra = whole - given, given - whole
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"missing {format_cards(sorted(missing.elements()))}")
        if extra:
            parts.append(f"too many {format_cards(sorted(extra.elements()))}")
        raise InputError(
            f"the deck of {len(deck)} cards is not one {profile.family} deck of "
            f"{profile.deck_size} cards: {'; '.join(parts)} (clause deck-composition)."
        )
    return deal_cards(profile, deck, dealer)


@implements("explicit-deal")
def check_deal(profile: RulesProfile, deal: Deal, where: str = "deal") -> None:
    """explicit-deal: an explicit deal holds exactly one deck, in the family's packet sizes."""
    if len(deal.hands) != profile.players:
        raise InputError(f"{where}.hands: expected {profile.players} hands.")
    for seat, hand in enumerate(deal.hands):
        if len(hand) != profile.hand_size:
            raise InputError(
                f"{where}.hands[{seat}]: a {profile.family} hand has {profile.hand_size} "
                f"cards, not {len(hand)} (clause deal-koz)."
            )
    if len(deal.fi) != profile.fi_packets or any(len(p) != profile.fi_size for p in deal.fi):
        raise InputError(
            f"{where}.fi: expected {profile.fi_packets} fi packets of {profile.fi_size} cards."
        )
    turned = deal.discard[:-1]
    if (
        len(deal.discard) != (1 if profile.initial_upcard else 0)
        and not (profile.upcard_turn_again and all(c in profile.upcard_turn_again for c in turned))
    ) or (
        deal.discard and profile.upcard_turn_again and deal.discard[-1] in profile.upcard_turn_again
    ):
        raise InputError(
            f"{where}.discard: expected {int(profile.initial_upcard)} upcard(s)"
            + (
                ", covered while it is a wild card or a three (clause classic-upcard)"
                if profile.upcard_turn_again
                else ""
            )
            + "."
        )
    held = sorted(
        [c for h in deal.hands for c in h]
        + [c for p in deal.fi for c in p]
        + list(deal.discard)
        + list(deal.stock)
    )
    if held != list(get_deck(profile.deck_jokers)):
        raise InputError(
            f"{where}: the cards are not exactly one {profile.family} deck "
            f"(clause deck-composition)."
        )
    if profile.trump_rule is TrumpRule.NONE and deal.trump is not None:
        raise InputError(f"{where}.trump: {profile.family} has no trump card.")
    if profile.trump_rule is TrumpRule.BOTTOM_OF_STOCK and (
        not deal.stock or deal.trump != deal.stock[-1]
    ):
        raise InputError(
            f"{where}.trump: the trump is the bottom (last) card of the stock (clause trump-card)."
        )


@implements("deal-koz", "first-player")
def new_hand(
    profile: RulesProfile,
    deal: Deal,
    *,
    dealer: int,
    team_scores: Sequence[HalfPoints] | None = None,
) -> State:
    """deal-koz and first-player: the state before the first turn of a hand."""
    teams = get_team_count(profile)
    scores = tuple(team_scores) if team_scores is not None else (0,) * teams
    if len(scores) != teams:
        raise InputError(f"team_scores: expected {teams} scores, got {len(scores)}.")
    first = get_first_player(profile, dealer)
    hands = deal.hands
    stock = deal.stock
    red_threes: tuple[tuple[Card, ...], ...] = ()
    seats: tuple[bool, ...] = ()
    if profile.red_threes_laid:
        hands, stock, red_threes = lay_dealt_red_threes(profile, hands, stock, first)
        seats = (False,) * profile.players
    return State(
        profile=profile,
        dealer=dealer,
        turn=first,
        phase=Phase.DRAW,
        hands=hands,
        stock=stock,
        discard=deal.discard,
        fi=deal.fi,
        fi_takers=(),
        melds=((),) * teams,
        opened=(False,) * teams,
        team_scores=scores,
        trump=deal.trump,
        seat_opened=default_seat_opened(profile, (False,) * teams),
        red_threes=red_threes,
        table_seats=seats,
    )


@implements("classic-red-threes")
def lay_dealt_red_threes(
    profile: RulesProfile,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    first: int,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """classic-red-threes: before the first turn each player, from the first player on in
    the order of play, lays the red threes dealt to them face up and replaces each with
    the top card of the stock (a red three drawn so is laid and replaced in turn)."""
    teams = get_team_count(profile)
    out = [list(h) for h in hands]
    laid: list[list[Card]] = [[] for _ in range(teams)]
    for offset in range(profile.players):
        seat = (first + offset) % profile.players
        while True:
            reds = [c for c in out[seat] if c in RED_THREES]
            if not reds or not stock:
                break
            for card in reds:
                out[seat].remove(card)
                laid[seat % teams].append(card)
                out[seat].append(stock[0])
                stock = stock[1:]
                if not stock:
                    break
    return (
        tuple(tuple(sorted(h)) for h in out),
        stock,
        tuple(tuple(team) for team in laid),
    )


def describe_deal(deal: Deal) -> str:
    """A deal as readable lines (hands by seat, fi packets, upcard, stock, trump)."""
    lines = [f"seat {s}: {format_cards(h)}" for s, h in enumerate(deal.hands)]
    lines += [f"fi {i + 1}: {format_cards(p)}" for i, p in enumerate(deal.fi)]
    lines.append(f"discard: {format_cards(deal.discard)}")
    lines.append(f"stock ({len(deal.stock)}): {format_cards(deal.stock)}")
    if deal.trump is not None:
        lines.append(f"trump: {format_card(deal.trump)}")
    return "\n".join(lines)
