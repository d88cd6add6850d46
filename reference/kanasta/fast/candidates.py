"""Which melds and lay-offs a hand can make (chapter *Actions*, the enumeration).

The legal-action count of clause :clause:`legal-action-count` counts every
distinct legal meld and lay-off. This module lists them: it proposes every
multiset of hand cards that could form a meld (or fit a meld on the table)
and lets :mod:`kanasta.rules.melds` decide legality and arrangements. The
proposals are a superset of the legal batches by construction (documented
per shape below), and results are cached by hand, since a hand's options do
not depend on anything else.

Speed (see ``docs/performance.rst``) comes from caches of these pure
functions (bounded: :func:`remember`), never from changing what they return:
per hand part (the sets of a rank, the runs of a suit, the melds of wild
cards, each keyed by the bits of the hand cards that decide it, see
:func:`get_hand_mask`), per batch (its arrangements) and per meld on the
table (its lay-offs, reused for a later hand whose changed cards cannot join
it). New sets and runs, and lay-offs onto runs and sets, are also remembered
by *shape*: relative to the suit (the suits are alike, and so are the wild
cards other than a suit's own 2) or by counts of naturals and wild cards,
and spelled out with each hand's cards. The property tests compare every
listing with brute force, across suits and wild cards, and for hands whose
parts come from the caches.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, count
from typing import Any, TypeVar

from kanasta.errors import Violation
from kanasta.rules.cards import (
    JOKER,
    Card,
    Suit,
    get_rank,
    is_wild_card,
    make_card,
    sub_multisets,
)
from kanasta.rules.families import RulesProfile, WildMeldRule
from kanasta.rules.melds import (
    Meld,
    MeldKind,
    apply_lay_off,
    get_lay_off_arrangements,
    get_meld_arrangements,
    validate_meld,
)

__all__ = [
    "LayOffMove",
    "MeldOption",
    "NewMeld",
    "apply_lay_off_cached",
    "get_hand_mask",
    "get_lay_off_moves",
    "get_lay_off_options",
    "get_meld_options",
    "get_new_meld",
    "get_new_meld_parts",
    "get_profile_key",
    "sub_multisets",
    "validate_meld_cached",
]

ACE_HIGH = 14
_WILD = tuple(is_wild_card(c) for c in range(JOKER + 1))
"""is_wild_card of each card kind (a table for the loops below)."""
_O = TypeVar("_O", bound=tuple[tuple[int, ...], Any])
_K = TypeVar("_K")
_V = TypeVar("_V")


def _position_card(position: int, suit: Suit) -> Card:
    return _SUIT_CARDS[suit][position]


_SUIT_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    (-1, *(make_card(rank, suit) for rank in range(1, 14)), make_card(1, suit)) for suit in Suit
)
"""``_SUIT_CARDS[suit][position]``: the natural card of a run position (1..14)."""


def _run_positions(hand: Counter[Card], suit: Suit) -> set[int]:
    """Run positions (1..14) a natural of ``suit`` from the hand can fill."""
    cards = _SUIT_CARDS[suit]
    found = {rank for rank in range(1, 14) if hand[cards[rank]]}
    if 1 in found:
        found.add(ACE_HIGH)
    return found


def _wild_choices(
    hand: Counter[Card], kinds: list[Card], count: int, used: tuple[Card, ...]
) -> list[tuple[Card, ...]]:
    """Every multiset of ``count`` wild cards from the hand, beside the cards ``used``.

    ``kinds`` are the distinct wild cards of the hand, sorted.
    """
    if count == 0:
        return [()]
    if count == 1:
        return [(c,) for c in kinds if hand[c] > used.count(c)]
    pool = Counter({c: hand[c] - used.count(c) for c in kinds if hand[c] > used.count(c)})
    return [s for s in sub_multisets(pool.elements(), max_size=count) if len(s) == count]


def _wild_kinds(hand: Counter[Card]) -> list[Card]:
    return sorted(c for c in hand if _WILD[c])


_PROFILE_IDS: dict[int, tuple[RulesProfile, int]] = {}
_MEMO: dict[tuple[Any, ...], Any] = {}
"""Options of hand parts and of whole hands (cleared when it reaches ``_MEMO_LIMIT``)."""
_MEMO_LIMIT = 100_000
_BATCHES: dict[tuple[Any, ...], Any] = {}
"""Arrangements of one batch, as a new meld or laid off onto a meld. Batches recur
hand after hand, so this table is kept apart from the per-hand entries that would
otherwise crowd it out."""
_BATCHES_LIMIT = 200_000


def _pid(profile: RulesProfile) -> int:
    """A small int standing for the profile in cache keys (hashing a profile is slow).

    The profile is kept alive here, so its ``id`` is never reused for another one.
    """
    entry = _PROFILE_IDS.get(id(profile))
    if entry is None or entry[0] is not profile:
        entry = (profile, len(_PROFILE_IDS))
        _PROFILE_IDS[id(profile)] = entry
    return entry[1]


def get_profile_key(profile: RulesProfile) -> int:
    """A small int that stands for the profile in cache keys, the same for the same profile."""
    return _pid(profile)


def remember(table: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """Put ``value`` under ``key`` in a memo table of at most ``limit`` entries and return
    it. A full table is emptied: it holds results of pure functions, so forgetting them
    changes nothing but the time."""
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value


def _remember(key: tuple[Any, ...], value: Any) -> Any:
    return remember(_MEMO, key, value, _MEMO_LIMIT)


def _remember_batch(key: tuple[Any, ...], value: Any) -> Any:
    return remember(_BATCHES, key, value, _BATCHES_LIMIT)


def get_hand_mask(cards: Iterable[Card]) -> int:
    """A multiset of cards as bits: copy ``n`` of card ``c`` is bit ``4c + n``.

    A multiset is contained in another exactly when its bits are, so
    ``not a & ~b`` tests ``a`` within ``b``. The cards are ones the deck can
    supply: at most four copies of a card (two of each suited card, up to four
    jokers); a fifth copy reads as a fourth, so the functions keyed by these
    bits (:func:`get_new_meld_parts`, :func:`get_lay_off_moves`) take such hands only.
    """
    # The sum counts each card's copies in its 4 bits (at most 4: binary 100);
    # the count n, bits b2 b1 b0, becomes the n lowest bits of the 4.
    counts = sum(map(_CARD_BIT.__getitem__, cards))
    b0 = counts & _NIBBLE_LOW
    b1 = counts >> 1 & _NIBBLE_LOW
    b2 = counts >> 2 & _NIBBLE_LOW
    return b0 | b1 | b2 | (b1 | b2) << 1 | (b2 | b1 & b0) << 2 | b2 << 3


_CARD_BIT = tuple(1 << (4 * c) for c in range(JOKER + 1))
_NIBBLE_LOW = sum(_CARD_BIT)


def _batch_mask(batch: tuple[Card, ...]) -> int:
    mask = _MASKS.get(batch)
    if mask is None:
        mask = remember(_MASKS, batch, get_hand_mask(batch), _BATCHES_LIMIT)
    return mask


def _within(options: tuple[_O, ...], masks: tuple[int, ...], mask: int) -> tuple[_O, ...]:
    """The options (with their cards' ``masks``) that a hand of bits ``mask`` holds.

    A meld or lay-off is legal under the meld rules for its cards alone, so
    the options of a smaller hand are those of a larger one that it can pay
    for: within a turn, melds and lay-offs only take cards from the hand.
    """
    outside = ~mask
    kept = tuple([o for o, m in zip(options, masks, strict=True) if not m & outside])
    # The same tuple when nothing was dropped, so that callers' caches by identity hit.
    return options if len(kept) == len(options) else kept


def _masks(options: tuple[tuple[tuple[Card, ...], Any], ...]) -> tuple[int, ...]:
    return tuple(_batch_mask(o[0]) for o in options)


_MASKS: dict[tuple[Card, ...], int] = {}
_LAY_OFF_HANDS = 3


def _max_run(profile: RulesProfile) -> int:
    return 13 if profile.max_meld_size is None else min(13, profile.max_meld_size)


def _arrangements(profile: RulesProfile, batch: tuple[Card, ...]) -> tuple[Meld, ...]:
    """get_meld_arrangements, remembered (the same batches come up hand after hand)."""
    key = (_pid(profile), batch)
    hit = _BATCHES.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    return _remember_batch(key, get_meld_arrangements(profile, batch))  # type: ignore[no-any-return]


def _batches_to_melds(
    profile: RulesProfile, batches: Iterable[tuple[Card, ...]]
) -> tuple[Meld, ...]:
    found: list[Meld] = []
    for batch in sorted(set(batches)):
        found.extend(_arrangements(profile, batch))
    return tuple(found)


def _set_melds(
    profile: RulesProfile, naturals: tuple[Card, ...], wilds: tuple[Card, ...]
) -> tuple[Meld, ...]:
    """New sets from the naturals of one rank and the hand's wilds."""
    key = ("set", _pid(profile), naturals, wilds)
    hit = _MEMO.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    return _remember(key, _compute_set_melds(profile, naturals, wilds))  # type: ignore[no-any-return]


def _compute_set_melds(
    profile: RulesProfile, naturals: tuple[Card, ...], wilds: tuple[Card, ...]
) -> tuple[Meld, ...]:
    limit = profile.max_meld_size
    if len(naturals) + min(len(wilds), profile.max_wilds_per_meld) < 3:
        return ()
    batches: list[tuple[Card, ...]] = []
    natural_parts = [p for p in sub_multisets(naturals, max_size=limit) if p]
    for wild_part in sub_multisets(wilds, max_size=profile.max_wilds_per_meld):
        for natural_part in natural_parts:
            size = len(natural_part) + len(wild_part)
            if size >= 3 and (limit is None or size <= limit):
                batches.append(tuple(sorted(natural_part + wild_part)))
    return _batches_to_melds(profile, batches)


def _wild_melds(profile: RulesProfile, wilds: tuple[Card, ...]) -> tuple[Meld, ...]:
    """New melds made only of wild cards (koz wild melds, fi-5200 sets of 2s)."""
    key = ("wild", _pid(profile), wilds)
    hit = _MEMO.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    return _remember(key, _compute_wild_melds(profile, wilds))  # type: ignore[no-any-return]


def _compute_wild_melds(profile: RulesProfile, wilds: tuple[Card, ...]) -> tuple[Meld, ...]:
    if profile.wild_meld_rule is WildMeldRule.FORBIDDEN or len(wilds) < 3:
        return ()
    batches = [b for b in sub_multisets(wilds, max_size=profile.max_meld_size) if len(b) >= 3]
    return _batches_to_melds(profile, batches)


def _compute_run_melds(
    profile: RulesProfile, suit: Suit, suited: tuple[Card, ...], wilds: tuple[Card, ...]
) -> tuple[Meld, ...]:
    counts = Counter(suited + wilds)
    have = _run_positions(counts, suit)
    max_wilds = profile.max_wilds_per_meld
    if len(have) + min(max_wilds, len(wilds)) < 3:
        return ()
    kinds = _wild_kinds(counts)
    longest = _max_run(profile)
    batches: list[tuple[Card, ...]] = []
    for low in range(1, ACE_HIGH - 1):
        missing = 0
        for high in range(low, min(ACE_HIGH, low + longest - 1) + 1):
            if high not in have:
                missing += 1
                if missing > max_wilds:
                    break
            if high - low < 2:
                continue
            window = range(low, high + 1)
            gaps = [p for p in window if p not in have]
            # The wilds stand on the gaps, and possibly on places whose
            # natural the player keeps in hand (up to the wild limit).
            spare = max_wilds - len(gaps)
            present = [p for p in window if p in have]
            for extra in range(min(spare, len(wilds) - len(gaps)) + 1):
                for kept in combinations(present, extra):
                    run_cards = tuple(_position_card(p, suit) for p in present if p not in kept)
                    if not run_cards:
                        continue
                    for wild_part in _wild_choices(counts, kinds, len(gaps) + extra, run_cards):
                        batches.append(tuple(sorted(run_cards + wild_part)))
            if high - low + 1 == 13 and not gaps and profile.max_meld_size is None:
                run_cards = tuple(_position_card(p, suit) for p in window)
                for wild_part in _wild_choices(counts, kinds, 1, run_cards):
                    batches.append(tuple(sorted(run_cards + wild_part)))
    return _batches_to_melds(profile, batches)


MeldOption = tuple[tuple[Card, ...], Meld]
"""A candidate meld or lay-off: the sorted cards it takes from the hand, and the result."""


def get_meld_options(profile: RulesProfile, hand: tuple[Card, ...]) -> tuple[MeldOption, ...]:
    """legal-action-count: every legal new meld (each arrangement once) from a sorted hand.

    Each option is ``(cards, meld)``; options are distinct by cards and the
    place of the acting wild, and sorted by cards, then that place (none first).
    They are the new melds of the hand's parts (:func:`get_new_meld_parts`),
    merged, each with its meld. One-set-per-rank and the turn rules are
    checked by the caller.
    """
    key = ("hand", _pid(profile), hand)
    hit = _MEMO.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    records = sorted(
        dict.fromkeys(r for part in get_new_meld_parts(profile, hand) for r in part),
        key=_record_order,
    )
    options = tuple((cards, get_new_meld(profile, cards, wild_at)) for cards, wild_at, _ in records)
    return _remember(key, options)  # type: ignore[no-any-return]


def _run_parts(
    suit: Suit, suited: list[Card], wilds: tuple[Card, ...], max_wilds: int
) -> list[tuple[Card, ...]]:
    """The naturals of one suit, split where more than ``max_wilds`` places in a row are
    missing: no run can bridge such a gap, so each part's runs are found on their own.

    The 2 of the suit (among the wild cards) fills place 2; an ace stands at
    both ends, so it can belong to the lowest and to the highest part.
    """
    base = 13 * suit
    places = {c - base + 1 for c in suited}
    if 1 in places:
        places.add(ACE_HIGH)
    if base + 1 in wilds:
        places.add(2)
    parts: list[tuple[Card, ...]] = []
    current: list[int] = []
    for place in sorted(places):
        if current and place - current[-1] > max_wilds + 1:
            parts.append(_part_cards(current, base))
            current = []
        current.append(place)
    parts.append(_part_cards(current, base))
    return [p for p in parts if p]


def _part_cards(places: list[int], base: int) -> tuple[Card, ...]:
    """The distinct naturals standing at ``places`` (the 2, a wild card, left out)."""
    return tuple(sorted({base + (0 if p == ACE_HIGH else p - 1) for p in places if p != 2}))


NewMeld = tuple[tuple[Card, ...], int | None, int]
"""A legal new meld as :func:`kanasta.rules.actions.legal_actions` lists it: the sorted cards,
the place of the acting wild (``None``: none, or not a run) and, for a set, its rank
(1 = ace .. 13 = king; 0 for any other meld)."""
_Part = tuple[NewMeld, ...]


def get_new_meld_parts(
    profile: RulesProfile, hand: tuple[Card, ...], mask: int | None = None
) -> list[_Part]:
    """legal-action-count: the legal new melds of a sorted hand, in parts.

    A part is the sets of one rank, the runs of one suit, or the melds of
    wild cards, in no particular order; no two parts share a meld.
    :func:`get_meld_options` merges and sorts them. ``mask`` is the hand's
    bits (:func:`get_hand_mask`), computed when not given.

    When a meld holds at most one acting wild card, each part is remembered
    by the bits of the hand cards that decide it, picked out of ``mask`` with
    a few bit operations: for sets, the copies of the rank's naturals and
    which wild cards the hand holds; for runs, one copy of each natural of
    the suit that a run can hold (:func:`_run_naturals`), up to two of its 2
    and which other wild cards the hand holds; for the melds of wild cards,
    every wild card. Parts are built from *shapes*: a set of a rank other
    than 3 takes its naturals of any suit and any wild card alike, so which
    batches are legal depends only on how many naturals and wild cards they
    hold; a suit's runs, on the places its naturals stand, how many 2s of the
    suit the hand holds, and whether it holds another wild card. Each shape
    is decided once by :func:`kanasta.rules.melds.get_meld_arrangements` (through
    the general enumeration, per stretch of naturals: :func:`_run_parts`) and
    spelled out with each hand's cards.
    """
    if mask is None:
        mask = get_hand_mask(hand)
    pid = _pid(profile)
    cap = profile.max_wilds_per_meld
    if cap != 1 and (cap < 1 or profile.min_naturals_per_meld < 2):
        return _general_parts(profile, pid, *_split_hand(hand))
    parts: list[_Part] = []
    # A set of this profile holds two naturals or more, and at most ``cap`` wild cards:
    # further copies of a wild kind change nothing.
    present = mask & _WILD_CAPS[cap]
    set_groups = _SET_GROUPS
    for rank_bits in _RANK_BITS:
        naturals = mask & rank_bits
        if naturals & (naturals - 1):  # two naturals or more
            key = (pid, naturals, present)
            part = set_groups.get(key)
            if part is None:
                part = remember(
                    set_groups, key, _set_group(profile, pid, naturals, present), _MEMO_LIMIT
                )
            if part:
                parts.append(part)
    wild_bits = mask & _WILD_NIBBLES
    if wild_bits.bit_count() >= 3:
        parts.append(_wild_part(profile, pid, tuple(_cards_of(wild_bits))))
    if profile.runs_allowed:
        run_groups = _RUN_GROUPS
        for suit, run_bits in enumerate(_RUN_DECIDING_BITS):
            bits = mask & run_bits
            shift = 52 * suit
            suited = bits >> shift & _SUIT_NIBBLES
            naturals = _run_naturals(suited)
            if not naturals:
                continue  # A run holds two naturals within two places of each other.
            shape = naturals | suited & _TWO_NIBBLE
            others = bits & ~(_SUIT_NIBBLES << shift)
            run_key = (pid, suit, shape, others)
            part = run_groups.get(run_key)
            if part is None:
                part = remember(
                    run_groups, run_key, _run_group(profile, pid, suit, shape, others), _MEMO_LIMIT
                )
            if part:
                parts.append(part)
    return parts


_SET_GROUPS: dict[tuple[int, int, int], _Part] = {}
"""The new sets of one rank, by the profile, the bits of its naturals and of the wild kinds."""
_RUN_GROUPS: dict[tuple[int, int, int, int], _Part] = {}
"""The new runs of one suit, by the profile, the suit and the hand's bits that decide them."""


def _set_group(profile: RulesProfile, pid: int, naturals: int, present: int) -> _Part:
    """The new sets of the naturals of one rank (bits), with the wild cards of each
    sub-multiset of ``present`` (bits) that a set may hold (none, one, ...), each meld once."""
    cards = tuple(_cards_of(naturals))
    records: list[NewMeld] = []
    for wilds in sub_multisets(_cards_of(present), max_size=profile.max_wilds_per_meld):
        records.extend(_set_records(profile, pid, cards, wilds))
    return tuple(records)


def _run_group(profile: RulesProfile, pid: int, suit: int, shape: int, others: int) -> _Part:
    """The new runs of one suit, each meld once, from its ``shape`` (the bits of
    :func:`_run_naturals` and of its 2s, relative to the suit) and the bits of the
    other wild cards at hand.

    Found by shape: which other wild card the hand holds changes nothing but
    the cards.
    """
    other_cards = _cards_of(others)
    shape_key = (pid, shape, bool(others))
    found = _RUN_GROUP_SHAPES.get(shape_key)
    if found is None:
        found = _RUN_GROUP_SHAPES[shape_key] = _run_group_shape(profile, pid, shape, bool(others))
    base = 13 * suit
    records: list[NewMeld] = []
    for offsets, wild_at, with_other in found:
        cards = tuple([base + o for o in offsets])
        if not with_other:
            records.append((cards, wild_at, 0))
            continue
        for other in other_cards:
            records.append(((other, *cards) if other < base else (*cards, other), wild_at, 0))
    return tuple(records)


def _run_naturals(suited: int) -> int:
    """The naturals of a suit (copy bits of :func:`get_hand_mask`, relative to the suit:
    one copy of each, up to two of its 2) that some run can hold.

    A run holds at most one acting wild card, so each of its naturals has
    another within two places (the suit's 2 standing at place 2, an ace at
    both ends); a natural with none cannot join a run and changes nothing.
    """
    places = suited & _PLACE_NIBBLES | (suited & 1) << 52  # the ace at place 14 too
    near = places & (places << 4 | places >> 4 | places << 8 | places >> 8)
    return (near | near >> 52) & _NATURAL_NIBBLES


_SUIT_NIBBLES = (1 << 52) - 1
_RUN_GROUP_SHAPES: dict[
    tuple[int, int, bool], tuple[tuple[tuple[int, ...], int | None, bool], ...]
] = {}
"""The new runs of a suit by shape: the relative bits of its naturals and 2s, and whether
another wild card is at hand; each run's cards less the other wild card relative to the
suit, its wild place, and whether it holds the other wild card."""


def _run_group_shape(
    profile: RulesProfile, pid: int, bits: int, with_other: bool
) -> tuple[tuple[tuple[int, ...], int | None, bool], ...]:
    """The runs of a shape of :func:`_run_group` (``bits``: the suit's relative bits),
    from those of each stretch of its naturals (:func:`_stretch_shape`)."""
    places = 0
    twos = 0
    for c in _cards_of(bits):
        if c == 1:
            twos += 1
        else:
            places |= 1 << c
    found: dict[tuple[tuple[int, ...], int | None, bool], None] = {}
    for stretch in _stretches(places, twos):
        for other in (0, 1) if with_other else (0,):
            for ranks, own, _, wild_at in _stretch_shape(profile, pid, stretch, twos, other):
                found[tuple(sorted((*ranks, *(1,) * own))), wild_at, bool(other)] = None
    return tuple(found)


def _cards_of(mask: int) -> list[Card]:
    """The cards of a bit mask (see :func:`get_hand_mask`), sorted."""
    found: list[Card] = []
    while mask:
        low = mask & -mask
        found.append((low.bit_length() - 1) >> 2)
        mask ^= low
    return found


def _copy_bits(cards: Iterable[Card], copies: int) -> int:
    """The bits of the first ``copies`` copies of each of the ``cards``."""
    bits = 0
    for c in cards:
        bits |= ((1 << copies) - 1) << (4 * c)
    return bits


_WILD_KINDS = tuple(c for c in range(JOKER + 1) if is_wild_card(c))
_WILD_CAPS = tuple(_copy_bits(_WILD_KINDS, copies) for copies in range(5))
"""``_WILD_CAPS[n]``: the bits of the first ``n`` copies of each wild kind."""
_WILD_NIBBLES = _copy_bits(_WILD_KINDS, 4)
_RANK_BITS = tuple(
    _copy_bits(range(rank, 52, 13), 4) for rank in range(13) if not is_wild_card(rank)
)
"""Per rank of naturals (0 = ace): the bits of every copy of its cards."""
_PLACE_NIBBLES = _copy_bits(range(13), 1)
_NATURAL_NIBBLES = _copy_bits((r for r in range(13) if r != 1), 1)
_TWO_NIBBLE = _copy_bits((1,), 4)


def _split_hand(hand: tuple[Card, ...]) -> tuple[list[Card], dict[int, list[Card]]]:
    """A sorted hand's wild cards, and its naturals by rank (0 = ace)."""
    wilds: list[Card] = []
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        if _WILD[c]:
            wilds.append(c)
        else:
            by_rank.setdefault(c % 13, []).append(c)
    return wilds, by_rank


def _general_parts(
    profile: RulesProfile, pid: int, wilds: list[Card], by_rank: dict[int, list[Card]]
) -> list[_Part]:
    """The parts of a hand when a meld may hold more than one acting wild card: its sets
    and wild melds (such a family has no runs: see
    :class:`~kanasta.rules.families.RulesProfile`)."""
    parts: list[_Part] = []
    # A set holds at most max_wilds wild cards, so further copies change nothing.
    set_wilds = tuple(_capped(wilds, profile.max_wilds_per_meld))
    for naturals in by_rank.values():
        key = ("set", pid, tuple(naturals), set_wilds)
        part = _PARTS.get(key)
        if part is None:
            part = _remember_part(key, _records(_set_melds(profile, key[2], set_wilds)))
        parts.append(part)
    if len(wilds) >= 3:
        parts.append(_wild_part(profile, pid, tuple(wilds)))
    return parts


def _wild_part(profile: RulesProfile, pid: int, wilds: tuple[Card, ...]) -> _Part:
    key = ("wild", pid, wilds)
    part = _PARTS.get(key)
    if part is None:
        part = _remember_part(key, _records(_wild_melds(profile, wilds)))
    return part


_PARTS: dict[tuple[Any, ...], _Part] = {}
_SET_PART_SHAPES: dict[tuple[Any, ...], tuple[int, ...]] = {}
"""New sets by shape (rank, naturals in hand, wild cards in the batch): how many naturals
the legal batches hold."""
_RUN_PART_SHAPES: dict[tuple[Any, ...], tuple[_RelativeMove, ...]] = {}
"""New runs by shape: the naturals' ranks (0 = ace), how many 2s of the suit and how many
other wild cards each legal meld holds, and the place of its acting wild."""


def _remember_part(key: tuple[Any, ...], part: _Part) -> _Part:
    return remember(_PARTS, key, part, _MEMO_LIMIT)


def _records(melds: Iterable[Meld]) -> _Part:
    """The new melds of an enumeration, once each by cards and wild place, sorted."""
    found: dict[tuple[tuple[Card, ...], int], NewMeld] = {}
    for m in melds:
        cards = m.all_cards
        found.setdefault(
            (cards, -1 if m.wild_at is None else m.wild_at),
            (cards, m.wild_at, m.rank if m.kind is MeldKind.SET else 0),
        )
    return tuple(found[k] for k in sorted(found))


def _record_order(record: NewMeld | LayOffMove) -> tuple[tuple[Card, ...], int]:
    """The canonical order of new melds and lay-offs: by cards, then wild place (none first)."""
    return record[0], -1 if record[1] is None else record[1]


def _set_records(
    profile: RulesProfile, pid: int, naturals: tuple[Card, ...], wilds: tuple[Card, ...]
) -> _Part:
    """The new sets of one rank's naturals that hold exactly the wild cards ``wilds``
    (sorted; none, one or more); remembered."""
    key = ("set-with", pid, naturals, wilds)
    hit = _PARTS.get(key)
    if hit is not None:
        return hit
    rank = naturals[0] % 13
    if rank == 2:
        # 3s have rules of their own in some families: no shapes.
        melds = _set_melds(profile, naturals, wilds)
        return _remember_part(
            key, _records(m for m in melds if len(wilds) == _wild_count(m.all_cards))
        )
    shape_key = (pid, rank, len(naturals), len(wilds))
    shape = _SET_PART_SHAPES.get(shape_key)
    if shape is None:
        # Which naturals of the rank a set takes changes nothing but the cards: ask the
        # meld rules once per count of naturals, with the first ones.
        limit = profile.max_meld_size
        shape = tuple(
            count
            for count in range(1, len(naturals) + 1)
            if count + len(wilds) >= 3
            and (limit is None or count + len(wilds) <= limit)
            and _arrangements(profile, tuple(sorted(naturals[:count] + wilds)))
        )
        _SET_PART_SHAPES[shape_key] = shape
    records: list[NewMeld] = []
    by_size = _by_size(list(naturals))
    for natural_count in shape:
        for part in by_size[natural_count]:
            records.append((tuple(sorted(part + wilds)), None, rank + 1))
    records.sort(key=_record_order)
    return _remember_part(key, tuple(records))


def _wild_count(cards: tuple[Card, ...]) -> int:
    return sum(1 for c in cards if _WILD[c])


def _stretch_shape(
    profile: RulesProfile, pid: int, stretch: int, own: int, other: int
) -> tuple[_RelativeMove, ...]:
    """The new runs of one stretch of a suit (bits, 0 = ace) with ``own`` 2s of the suit
    at hand, that hold no other wild card (``other`` is 0) or one, relative to the suit;
    remembered."""
    key = (pid, stretch, own, other)
    shape = _RUN_PART_SHAPES.get(key)
    if shape is None:
        cards = tuple(r for r in range(13) if stretch >> r & 1)
        wilds = tuple(sorted((1,) * own + ((JOKER,) if other else ())))
        melds = _compute_run_melds(profile, Suit.CLUBS, cards, wilds)
        shape = tuple(
            dict.fromkeys(
                relative
                for m in melds
                if (relative := _relative_move(m.all_cards, m.wild_at, 0))[2] == other
            )
        )
        remember(_RUN_PART_SHAPES, key, shape, _BATCHES_LIMIT)
    return shape


_STRETCHES: dict[tuple[int, bool], tuple[int, ...]] = {}


def _stretches(places: int, own: int) -> tuple[int, ...]:
    """The stretches of a suit's naturals (bits, 0 = ace) that a run with one wild can
    join (:func:`_run_parts`), remembered by the bits."""
    key = (places, own > 0)
    hit = _STRETCHES.get(key)
    if hit is None:
        suited = [r for r in range(13) if places >> r & 1]
        hit = tuple(
            sum(1 << c for c in stretch)
            for stretch in _run_parts(Suit.CLUBS, suited, (1,) if own else (), 1)
        )
        _STRETCHES[key] = hit
    return hit


def get_new_meld(profile: RulesProfile, cards: tuple[Card, ...], wild_at: int | None) -> Meld:
    """The meld of a listed new meld (:data:`NewMeld`): its arrangement with that wild place."""
    for meld in _arrangements(profile, cards):
        if meld.wild_at == wild_at:
            return meld
    raise ValueError(f"no arrangement of {cards} has its wild at {wild_at}")


def _capped(cards: Iterable[Card], cap: int, keep: int = -1) -> list[Card]:
    """The sorted ``cards`` with each kind kept at most ``cap`` times (``keep``: 2 times)."""
    out: list[Card] = []
    last = -1
    seen = 0
    for c in cards:
        seen = seen + 1 if c == last else 1
        last = c
        if seen <= (2 if c == keep else cap):
            out.append(c)
    return out


def _relevant(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand cards that decide the lay-offs onto a meld of wild cards: its wild cards."""
    return tuple(c for c in hand if _WILD[c])


def validate_meld_cached(
    profile: RulesProfile, batch: tuple[Card, ...], wild_at: int | None = None
) -> Meld | Violation:
    """:func:`kanasta.rules.melds.validate_meld` of a sorted batch, remembered (a pure function)."""
    key = ("meld", _pid(profile), batch, wild_at)
    hit = _BATCHES.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    return _remember_batch(key, validate_meld(profile, batch, wild_at=wild_at))  # type: ignore[no-any-return]


def apply_lay_off_cached(
    profile: RulesProfile, meld: Meld, batch: tuple[Card, ...], wild_at: int | None = None
) -> Meld | Violation:
    """:func:`kanasta.rules.melds.apply_lay_off` of a sorted batch, remembered per meld."""
    key = ("lay", _pid(profile), id(meld), batch, wild_at)
    hit = _BATCHES.get(key)
    if hit is not None and hit[0] is meld:
        return hit[1]  # type: ignore[no-any-return]
    result = apply_lay_off(profile, meld, batch, wild_at=wild_at)
    _remember_batch(key, (meld, result))
    return result


def _lay_off_batches(
    profile: RulesProfile, meld: Meld, hand: tuple[Card, ...]
) -> set[tuple[Card, ...]]:
    counts = Counter(hand)
    room = None if profile.max_meld_size is None else profile.max_meld_size - meld.size
    if room is not None and room <= 0:
        return set()
    out: set[tuple[Card, ...]] = set()
    wilds = [c for c in hand if is_wild_card(c)]
    if meld.kind is MeldKind.WILD:
        out.update(b for b in sub_multisets(wilds, max_size=room) if b)
        return out
    if meld.kind is MeldKind.SET:
        naturals = [c for c in hand if get_rank(c) == meld.rank and c != JOKER]
        others = [c for c in wilds if c not in naturals]
        for wild_part in sub_multisets(others, max_size=profile.max_wilds_per_meld):
            for natural_part in sub_multisets(naturals, max_size=room):
                batch = tuple(sorted(natural_part + wild_part))
                if batch and (room is None or len(batch) <= room):
                    out.add(batch)
        return out
    assert meld.suit is not None
    suit = meld.suit
    have = _run_positions(counts, suit)
    placed = {meld.low + i for i in range(len(meld.cards)) if meld.low + i != meld.wild_at}
    out.update(_run_lay_off_batches(profile, suit, counts, have, placed, meld.wild_count))
    wild_at = meld.wild_at
    if wild_at is not None and meld.cards[wild_at - meld.low] == make_card(2, suit):
        # The acting 2 of the run's suit may go home to place 2 and become a
        # natural there, freeing the wild's place for a wild from the hand.
        out.update(
            _run_lay_off_batches(profile, suit, counts, have, placed | {2}, meld.wild_count - 1)
        )
    return out


def _run_lay_off_batches(
    profile: RulesProfile,
    suit: Suit,
    counts: Counter[Card],
    have: set[int],
    placed: set[int],
    wild_count: int,
) -> set[tuple[Card, ...]]:
    """Batches that extend a run whose naturals stand at ``placed`` (a superset)."""
    out: set[tuple[Card, ...]] = set()
    kinds = _wild_kinds(counts)
    max_wilds = profile.max_wilds_per_meld
    low, high = min(placed), max(placed)
    longest = _max_run(profile)
    lows: list[int] = []
    gaps = 0
    for a in range(low, 0, -1):
        if a < low and a not in have:
            gaps += 1
        if gaps > max_wilds:
            break
        lows.append(a)
    highs: list[int] = []
    gaps = 0
    for b in range(high, ACE_HIGH + 1):
        if b > high and b not in have:
            gaps += 1
        if gaps > max_wilds:
            break
        highs.append(b)
    for a in lows:
        for b in highs:
            if b - a + 1 > longest:
                break
            needed = [p for p in range(a, b + 1) if p not in placed]
            if sum(1 for p in needed if p not in have) > max_wilds:
                continue
            # The acting wild (old or new) stands on at most one needed place.
            for wild_spot in (None, *needed):
                rest = [p for p in needed if p != wild_spot]
                if any(p not in have for p in rest):
                    continue
                run_cards = tuple(_position_card(p, suit) for p in rest)
                if (wild_spot is None or wild_count) and run_cards:
                    out.add(tuple(sorted(run_cards)))
                if wild_count < max_wilds or profile.max_meld_size is None:
                    for wild_part in _wild_choices(counts, kinds, 1, run_cards):
                        out.add(tuple(sorted(run_cards + wild_part)))
    return out


def _shaped_lay_off_batches(
    profile: RulesProfile, meld: Meld, relevant: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """:func:`_lay_off_batches`, remembered by the facts of the meld it reads.

    Those are the kind, rank, suit and size, and for a run where its naturals
    stand and what acts as its wild; many melds share them.
    """
    wild_at = meld.wild_at
    acting = meld.cards[wild_at - meld.low] if wild_at is not None else -1
    key = (
        "batches",
        _pid(profile),
        meld.kind,
        meld.rank,
        meld.suit,
        meld.low,
        len(meld.cards),
        wild_at,
        acting,
        meld.wild_count,
        meld.size,
        relevant,
    )
    hit = _BATCHES.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    return _remember_batch(key, tuple(sorted(_lay_off_batches(profile, meld, relevant))))  # type: ignore[no-any-return]


def get_lay_off_options(
    profile: RulesProfile, meld: Meld, hand: tuple[Card, ...], mask: int | None = None
) -> tuple[MeldOption, ...]:
    """legal-action-count: every legal lay-off batch from the hand onto ``meld``, per result.

    A batch is any non-empty multiset of hand cards that the meld accepts at
    once (clause lay-off); each distinct resulting arrangement (by the place
    of the acting wild) is listed once, sorted by batch, then that place:
    the moves of :func:`get_lay_off_moves`, each with the meld it makes.
    ``mask`` is the hand's :func:`get_hand_mask`, when the caller has it.
    """
    options: list[MeldOption] = []
    for batch, wild_at in get_lay_off_moves(profile, meld, hand, mask):
        result = apply_lay_off_cached(profile, meld, batch, wild_at)
        assert not isinstance(result, Violation)
        options.append((batch, result))
    return tuple(options)


LayOffMove = tuple[tuple[Card, ...], int | None]
"""A lay-off as a legal action names it: the sorted batch and the place of the acting wild."""

_SHAPES: dict[tuple[Any, ...], tuple[LayOffMove, ...]] = {}
"""Lay-off moves per meld shape and relevant hand cards; shapes recur from hand to hand."""
_MeldMoves = tuple[
    Meld,
    RulesProfile,
    int,
    dict[int, tuple[LayOffMove, ...]],
    list[Any],
    "_RunInfo | _SetHead | None",
]
_MELD_MOVES: dict[int, _MeldMoves] = {}
"""Per meld (by id): the meld, the profile, the bits of the cards that decide its
lay-offs (:func:`_deciding_bits`), its lay-off moves per hand (by those bits of the
hand), the last few hands' moves found afresh with their bits and their batches'
bits (found when first needed), and a run's facts (:func:`_run_info`) or a set's
(:func:`_set_head`)."""
_PER_MELD_LIMIT = 16
"""Hands remembered per meld (the table of a meld is cleared when it is full)."""
_MELDS_LIMIT = 20_000
"""Melds remembered (most are gone from the table long before the table is cleared)."""


def _deciding_bits(profile: RulesProfile, meld: Meld) -> int:
    """The bits of the hand cards that decide the lay-offs onto ``meld``.

    Only cards that can join it count: wild cards, and the naturals of a run's
    suit or a set's rank. A run holds each natural once and (one wild card at
    most in a meld) one wild card, or two 2s of its suit when one goes to place
    2: so one copy of each decides, two of that 2.
    When a run of a family with a largest meld already holds its one wild
    card, and that is not the 2 of its suit (which may go home and free the
    place), no batch with a wild card is proposed (:func:`_run_takes_wild`):
    only the suit's naturals decide, one copy each.
    A set takes every copy of its naturals, and at most ``max_wilds_per_meld``
    copies of a wild card (see :func:`_set_moves`).
    """
    if meld.kind is MeldKind.RUN:
        suit = meld.suit
        assert suit is not None
        wild_at = meld.wild_at
        if (
            wild_at is not None
            and not _run_takes_wild(profile, meld.wild_count)
            and meld.cards[wild_at - meld.low] != 13 * suit + 1
        ):
            return _RUN_NATURAL_BITS[suit]
        return _RUN_DECIDING_BITS[suit]
    if meld.kind is MeldKind.SET:
        key = (meld.rank, profile.max_wilds_per_meld)
        bits = _SET_DECIDING_BITS.get(key)
        if bits is None:
            rank_index = meld.rank - 1
            bits = _SET_DECIDING_BITS[key] = _copy_bits(range(rank_index, 52, 13), 4) | _copy_bits(
                (c for c in _WILD_KINDS if c == JOKER or c % 13 != rank_index),
                min(profile.max_wilds_per_meld, 4),
            )
        return bits
    return _WILD_NIBBLES


_SET_DECIDING_BITS: dict[tuple[int, int], int] = {}
"""The :func:`_deciding_bits` of a set, per rank and ``max_wilds_per_meld`` (a few dozen)."""


_RUN_NATURAL_BITS = tuple(_copy_bits(range(13 * s, 13 * s + 13), 1) for s in Suit)
"""Per suit: the bits of one copy of each of its cards."""
_RUN_DECIDING_BITS = tuple(
    _copy_bits((c for c in range(13 * s, 13 * s + 13) if c != 13 * s + 1), 1)
    | _copy_bits((13 * s + 1,), 2)
    | _copy_bits((c for c in _WILD_KINDS if c != 13 * s + 1), 1)
    for s in Suit
)
"""Per suit: the bits that decide the lay-offs onto a run when a meld holds one wild at most."""


def get_lay_off_moves(
    profile: RulesProfile, meld: Meld, hand: tuple[Card, ...], mask: int | None = None
) -> tuple[LayOffMove, ...]:
    """legal-action-count: the lay-offs of :func:`get_lay_off_options` as (batch, wild place).

    Whether a batch fits a meld, and where the acting wild can then stand,
    depends on the meld's cards as they stand (clause lay-off), never on the
    history that only decides a fi-5200 canasta's kind. So the moves are
    remembered per meld *shape* and shared by every meld of that shape, in
    this hand and later ones; :func:`kanasta.fast.candidates.apply_lay_off_cached`
    gives the resulting meld when it is needed.

    Per meld on the table, they are also remembered by the hand's cards that
    decide them (its bits within :func:`_deciding_bits`): other cards change
    nothing. A hand that holds only some of a recent hand's such cards has
    the lay-offs of that hand that it can pay for.
    """
    if mask is None:
        mask = get_hand_mask(hand)
    entry = _MELD_MOVES.get(id(meld))
    if entry is None or entry[0] is not meld or entry[1] is not profile:
        info: _RunInfo | _SetHead | None = None
        if meld.kind is MeldKind.SET:
            info = _set_head(profile, meld)
        elif meld.kind is MeldKind.RUN:  # one wild card per meld (see RulesProfile)
            info = _run_info(profile, meld)
        entry = (meld, profile, _deciding_bits(profile, meld), {}, [], info)
        remember(_MELD_MOVES, id(meld), entry, _MELDS_LIMIT)
    bits = mask & entry[2]
    if not bits:
        return ()  # A lay-off takes at least one card, and none of the hand can join.
    known = entry[3]
    moves = known.get(bits)
    if moves is not None:
        return moves
    recent = entry[4]
    for seen in recent:
        if not bits & ~seen[0]:
            if seen[2] is None:
                seen[2] = _masks(seen[1])
            moves = _within(seen[1], seen[2], mask)
            break
    else:
        info = entry[5]
        if meld.kind is MeldKind.SET:
            assert info is not None
            moves = _set_moves(profile, meld, info, hand)
        elif info is not None:
            moves = _one_wild_run_moves(profile, meld, info, hand)
        else:
            moves = _shape_moves(profile, meld, hand)
        recent.insert(0, [bits, moves, None])
        del recent[_LAY_OFF_HANDS:]
    return remember(known, bits, moves, _PER_MELD_LIMIT)


def _shape_moves(
    profile: RulesProfile, meld: Meld, hand: tuple[Card, ...]
) -> tuple[LayOffMove, ...]:
    """The lay-off moves onto a meld of wild cards, remembered by its cards and the
    hand's relevant cards (:func:`_relevant`)."""
    relevant = _relevant(hand)
    key = (_pid(profile), meld.kind, meld.rank, meld.cards, relevant)
    moves = _SHAPES.get(key)
    if moves is None:
        moves = remember(
            _SHAPES, key, _compute_lay_off_moves(profile, meld, relevant), _BATCHES_LIMIT
        )
    return moves


_SetHead = tuple[int, int, int, int]
"""A set on the table, as :func:`_set_moves` reads it: the profile (its :func:`_pid`),
the rank, how many naturals and how many wild cards it holds."""


def _set_head(profile: RulesProfile, meld: Meld) -> _SetHead:
    """The facts of a set that decide its lay-offs (see :data:`_SetHead`)."""
    wild_count = meld.wild_count
    return _pid(profile), meld.rank, len(meld.cards) - wild_count, wild_count


def _set_moves(
    profile: RulesProfile, meld: Meld, head: _SetHead, hand: tuple[Card, ...]
) -> tuple[LayOffMove, ...]:
    """The lay-off moves onto a set (of facts ``head``), remembered by its shape
    (see :func:`_shape_moves`).

    A set takes naturals of its rank of any suit, and wild cards of any other
    kind, alike (clauses set-definition, twos-set, one-wild-per-meld,
    classic-wild-ratio; a family where black threes are never laid off refuses
    every batch alike). Its naturals, and its wild cards up to
    ``max_wilds_per_meld`` copies of each, are found in one pass over the sorted hand.
    """
    rank_index = meld.rank - 1
    cap = profile.max_wilds_per_meld
    naturals: list[Card] = []
    wilds: list[Card] = []
    last = -1
    copies = 0
    for c in hand:
        if c != JOKER and c % 13 == rank_index:
            naturals.append(c)
        elif _WILD[c]:
            copies = copies + 1 if c == last else 1
            last = c
            if copies <= cap:
                wilds.append(c)
    key = (*head, *naturals, -1, *wilds)
    moves = _SHAPES.get(key)
    if moves is not None:
        return moves
    kinds: list[int] = []
    last = -1
    for c in wilds:
        if c == last:
            kinds[-1] += 1
        else:
            kinds.append(1)
            last = c
    kinds.sort()
    shape = (*head, len(naturals), *kinds)
    relative = _SET_SHAPES.get(shape)
    if relative is None:
        relative = _set_shape_moves(profile, meld, head, naturals, wilds)
        remember(_SET_SHAPES, shape, relative, _BATCHES_LIMIT)
    if relative:
        natural_parts = _by_size(naturals)
        wild_parts = _by_size(wilds)
        spelled = [
            (tuple(sorted(natural_part + wild_part)), at)
            for natural_count, wild_total, at in relative
            for natural_part in natural_parts[natural_count]
            for wild_part in wild_parts[wild_total]
        ]
        spelled.sort(key=_record_order)
        moves = tuple(spelled)
    else:
        moves = ()
    return remember(_SHAPES, key, moves, _BATCHES_LIMIT)


def _set_shape_moves(
    profile: RulesProfile, meld: Meld, head: _SetHead, naturals: list[Card], wilds: list[Card]
) -> tuple[tuple[int, int, int | None], ...]:
    """The lay-offs onto a set from a hand holding ``naturals`` and (capped) ``wilds``,
    relative (see :data:`_SET_SHAPES`).

    The batches are those :func:`_lay_off_batches` proposes: at most
    ``max_wilds_per_meld`` wild cards, and no more cards than the meld has room
    for. Since the set takes its naturals of any suit and its wild cards of any
    kind alike (see :func:`_set_moves`), one batch of each size of its two parts
    decides them all: the meld rules judge it, remembered by those sizes.
    """
    room = None if profile.max_meld_size is None else profile.max_meld_size - meld.size
    if room is not None and room <= 0:
        return ()
    found: list[tuple[int, int, int | None]] = []
    for natural_count in range(len(naturals) + 1):
        for wild_total in range(min(len(wilds), profile.max_wilds_per_meld) + 1):
            size = natural_count + wild_total
            if not size or (room is not None and size > room):
                continue
            key = (*head, natural_count, wild_total)
            places = _SET_FITS.get(key)
            if places is None:
                batch = tuple(sorted(naturals[:natural_count] + wilds[:wild_total]))
                result = get_lay_off_arrangements(profile, meld, batch)
                places = (
                    ()
                    if isinstance(result, Violation)
                    else tuple(dict.fromkeys(m.wild_at for m in result))
                )
                remember(_SET_FITS, key, places, _BATCHES_LIMIT)
            found.extend((natural_count, wild_total, at) for at in places)
    return tuple(found)


_SET_FITS: dict[tuple[int, ...], tuple[int | None, ...]] = {}
"""Per set shape (profile, rank, naturals, wild cards) and batch (how many naturals and
wild cards): the places of the acting wild of each arrangement (empty: it does not fit)."""


def _by_size(cards: list[Card]) -> list[list[tuple[Card, ...]]]:
    """The distinct sub-multisets of the sorted ``cards``, by size (remembered)."""
    key = tuple(cards)
    parts = _BY_SIZE.get(key)
    if parts is None:
        parts = [[] for _ in range(len(cards) + 1)]
        for part in sub_multisets(cards):
            parts[len(part)].append(part)
        remember(_BY_SIZE, key, parts, _BATCHES_LIMIT)
    return parts


_BY_SIZE: dict[tuple[Card, ...], list[list[tuple[Card, ...]]]] = {}


_SET_SHAPES: dict[tuple[Any, ...], tuple[tuple[int, int, int | None], ...]] = {}
"""Set lay-offs by shape: how many naturals and wild cards each batch holds, and the
wild's place (none for a set)."""


def _compute_lay_off_moves(
    profile: RulesProfile, meld: Meld, relevant: tuple[Card, ...]
) -> tuple[LayOffMove, ...]:
    found: dict[tuple[tuple[Card, ...], int], LayOffMove] = {}
    for batch in _shaped_lay_off_batches(profile, meld, relevant):
        result = get_lay_off_arrangements(profile, meld, batch)
        if isinstance(result, Violation):
            continue
        for m in result:
            wild_at = m.wild_at
            found.setdefault((batch, -1 if wild_at is None else wild_at), (batch, wild_at))
    return tuple(found[k] for k in sorted(found))


_ACTING_OWN_TWO = -1
_ACTING_OTHER_WILD = -2
_RelativeMove = tuple[tuple[int, ...], int, int, int | None]
"""A run lay-off relative to the suit: the naturals' ranks (0 = ace), how many 2s of
the run's suit, how many other wild cards, and the place of the acting wild."""


def _relative_move(batch: tuple[Card, ...], place: int | None, base: int) -> _RelativeMove:
    """A run's batch relative to its suit (``base``: 13 times the suit), with ``place``."""
    own_two = base + 1
    naturals = tuple(c - base for c in batch if base <= c < base + 13 and c != own_two)
    twos = batch.count(own_two)
    return naturals, twos, len(batch) - len(naturals) - twos, place


_RunInfo = tuple[int, int, int, int]
"""A run on the table, as :func:`_one_wild_run_moves` reads it: 13 times its suit, the
bits of its naturals' places, the number standing for its shape (see
:func:`_run_info`), and the bits of what decides its proposed batches: those places,
how many wild cards it holds (times ``2**33``), whether its acting wild is the 2 of its
suit (``2**35``), and the profile (``2**36`` times its :func:`_pid`)."""
_RUN_KEY_IDS: dict[tuple[Any, ...], int] = {}
_RUN_FITS: dict[int, tuple[int | None, ...]] = {}
"""Per run shape (its number, times ``2**16``) and batch (see :func:`_batch_key`): the places of the
acting wild of each arrangement of the lay-off (empty: the batch does not fit)."""
_TWO_PLACE = 1 << 2
_NON_TWO_RANKS = 0x1FFD
"""Rank bits (bit ``r``: rank index ``r``, 0 = ace) of every rank but 2."""
_OWN_TWO_WILD = 1 << 13
_FOREIGN_WILD = 1 << 15


def _run_info(profile: RulesProfile, meld: Meld) -> _RunInfo:
    """The facts of a run that decide its lay-offs, relative to its suit: its
    naturals by rank, its wilds as the 2 of its suit or another wild card
    (remembered by the run's cards as they stand)."""
    assert meld.suit is not None
    pid = _pid(profile)
    base = 13 * meld.suit
    low = meld.low
    cards = meld.cards
    wild_at = meld.wild_at
    spare = meld.spare
    value = (pid, base, low, cards, wild_at, spare)
    info = _RUN_INFOS.get(value)
    if info is not None:
        return info
    own_two = base + 1
    placed = 0
    shape: list[int] = []
    acting_own_two = False
    for i, c in enumerate(cards):
        if low + i == wild_at:
            acting_own_two = c == own_two
            shape.append(_ACTING_OWN_TWO if acting_own_two else _ACTING_OTHER_WILD)
        else:
            placed |= 1 << (low + i)
            shape.append(c - base)
    spare_shape = tuple(_ACTING_OWN_TWO if c == own_two else _ACTING_OTHER_WILD for c in spare)
    key = (pid, low, tuple(shape), wild_at, spare_shape)
    number = _RUN_KEY_IDS.get(key)
    if number is None:
        if len(_RUN_KEY_IDS) >= _BATCHES_LIMIT:
            _RUN_KEY_IDS.clear()
            _RUN_FITS.clear()
            _RUN_LAY_OFFS.clear()
            _RUN_INFOS.clear()
        number = _RUN_KEY_IDS[key] = next(_RUN_NUMBERS)
    proposal = placed | meld.wild_count << 33 | acting_own_two << 35 | pid << 36
    return remember(_RUN_INFOS, value, (base, placed, number, proposal), _BATCHES_LIMIT)


_RUN_INFOS: dict[tuple[Any, ...], _RunInfo] = {}
""":func:`_run_info` per profile, suit and cards as they stand (runs recur hand to hand)."""
_RUN_NUMBERS = count()
"""The numbers of run shapes, never reused (tables keyed by them may outlive a clear)."""


def _batch_key(places: int, wild: int) -> int:
    """A run lay-off batch relative to the suit, as one int: bit ``r`` for a natural of
    rank index ``r`` (0 = ace), how many 2s of the suit (times ``_OWN_TWO_WILD``) and
    whether it holds another wild card (``_FOREIGN_WILD``). ``places`` are the bits of
    the run places its naturals fill (place 2: the suit's 2 as a natural)."""
    ranks = ((places >> 1) | (places >> ACE_HIGH)) & _NON_TWO_RANKS
    if places & _TWO_PLACE:
        ranks += _OWN_TWO_WILD
    return ranks + wild


def _run_takes_wild(profile: RulesProfile, wild_count: int) -> bool:
    """Whether :func:`_run_batch_keys` proposes batches with a wild card for a run
    holding ``wild_count`` wild cards (one wild card at most in a meld): when it
    holds none, or in a family without a largest meld (see :func:`_deciding_bits`)."""
    return wild_count < 1 or profile.max_meld_size is None


def _run_batch_keys(
    profile: RulesProfile, placed: int, wild_count: int, have: int, own: int, foreign: bool
) -> set[int]:
    """The batches (see :func:`_batch_key`) that :func:`_run_lay_off_batches` proposes,
    for one wild card at most in a meld: ``have`` are the bits of the places the hand's
    naturals of the suit can fill, ``own`` how many 2s of the suit it holds, ``foreign``
    whether it holds any other wild card."""
    low = (placed & -placed).bit_length() - 1
    high = placed.bit_length() - 1
    lows = [low]
    gap = False
    for a in range(low - 1, 0, -1):
        if not have >> a & 1:
            if gap:
                break
            gap = True
        lows.append(a)
    highs = [high]
    gap = False
    for b in range(high + 1, ACE_HIGH + 1):
        if not have >> b & 1:
            if gap:
                break
            gap = True
        highs.append(b)
    longest = _max_run(profile)
    wild_ok = _run_takes_wild(profile, wild_count)
    out: set[int] = set()

    def add(rest: int, plain: bool) -> None:
        if plain and rest:
            out.add(_batch_key(rest, 0))
        if wild_ok:
            if own > (1 if rest & _TWO_PLACE else 0):
                out.add(_batch_key(rest, _OWN_TWO_WILD))
            if foreign:
                out.add(_batch_key(rest, _FOREIGN_WILD))

    for a in lows:
        for b in highs:
            if b - a + 1 > longest:
                break
            needed = ((1 << (b + 1)) - (1 << a)) & ~placed
            missing = needed & ~have
            if missing:
                if missing & (missing - 1):
                    continue
                add(needed ^ missing, wild_count > 0)
                continue
            add(needed, True)
            rest = needed
            while rest:
                place = rest & -rest
                rest ^= place
                add(needed ^ place, wild_count > 0)
    return out


def _key_cards(key: int, base: int, other: Card) -> tuple[Card, ...]:
    """The sorted cards of a batch key (see :func:`_batch_key`) in the suit of ``base``,
    with ``other`` as its other wild card (remembered)."""
    index = key | base << 16 | other << 22
    cards = _KEY_CARDS.get(index)
    if cards is None:
        found = [base + r for r in range(13) if key >> r & 1]
        twos = key >> 13 & 3
        if twos:
            at = 1 if key & 1 else 0
            found[at:at] = [base + 1] * twos
        if key & _FOREIGN_WILD:
            found.append(other)
            found.sort()
        cards = remember(_KEY_CARDS, index, tuple(found), _BATCHES_LIMIT)
    return cards


def _one_wild_run_moves(
    profile: RulesProfile, meld: Meld, info: _RunInfo, hand: tuple[Card, ...]
) -> tuple[LayOffMove, ...]:
    """The lay-off moves onto a run when a meld holds one wild card at most.

    The batches of :func:`_run_lay_off_batches` are proposed relative to the suit
    (:func:`_batch_key`), remembered by the places of the run's naturals and the
    free places the hand can fill; the places where each leaves the acting wild are
    remembered per run shape and batch, since the meld rules treat the suits alike
    and every wild card but the 2 of the run's suit alike (only that 2 can stand as
    a natural or go home).
    """
    base, placed, number, proposal = info
    own_two = base + 1
    have = 0
    own = 0
    others: list[Card] = []
    for c in hand:
        if base <= c < base + 13:
            have |= _PLACE_BITS[c - base]
            if c == own_two:
                own += 1
        elif _WILD[c] and (not others or others[-1] != c):
            others.append(c)
    have &= ~placed & _reach(placed, have, proposal >> 35 & 1)
    own = min(own, 2)
    spelled = (number, have, own, base, *others)
    moves = _RUN_LAY_OFFS.get(spelled)
    if moves is not None:
        return moves
    proposal |= have << 15 | own << 30 | bool(others) << 32
    keys = _PROPOSALS.get(proposal)
    if keys is None:
        keys = _proposals(profile, info, have, own, bool(others))
        remember(_PROPOSALS, proposal, keys, _BATCHES_LIMIT)
    moves = _spell_run_moves(profile, meld, number, keys, base, others)
    return remember(_RUN_LAY_OFFS, spelled, moves, _BATCHES_LIMIT)


def _spell_run_moves(
    profile: RulesProfile,
    meld: Meld,
    number: int,
    keys: tuple[int, ...],
    base: int,
    others: list[Card],
) -> tuple[LayOffMove, ...]:
    """The lay-off moves of the proposed batch ``keys`` onto a run of shape ``number``
    (see :func:`_one_wild_run_moves`), spelled with the cards of the suit of ``base``
    and the hand's other wild cards."""
    moves: list[LayOffMove] = []
    other = others[0] if others else 0
    number <<= 16
    for key in keys:
        fits = _RUN_FITS.get(number | key)
        if fits is None:
            result = get_lay_off_arrangements(profile, meld, _key_cards(key, base, other))
            fits = () if isinstance(result, Violation) else tuple({m.wild_at: 0 for m in result})
            remember(_RUN_FITS, number | key, fits, _BATCHES_LIMIT)
        if not fits:
            continue
        if key & _FOREIGN_WILD:
            for card in others:
                batch = _key_cards(key, base, card)
                moves.extend([(batch, at) for at in fits])
        else:
            batch = _key_cards(key, base, 0)
            moves.extend([(batch, at) for at in fits])
    if len(moves) > 1:
        moves.sort(key=_record_order)
    return tuple(moves)


def _proposals(
    profile: RulesProfile, info: _RunInfo, have: int, own: int, foreign: bool
) -> tuple[int, ...]:
    """The batch keys :func:`_one_wild_run_moves` tries (see :func:`_run_batch_keys`)."""
    _, placed, _, proposal = info
    wild_count = proposal >> 33 & 3
    keys = _run_batch_keys(profile, placed, wild_count, have, own, foreign)
    if proposal >> 35 & 1:
        # The acting 2 of the run's suit may go home (see :func:`_lay_off_batches`).
        keys |= _run_batch_keys(profile, placed | _TWO_PLACE, wild_count - 1, have, own, foreign)
    return tuple(keys)


def _reach(placed: int, have: int, home: int) -> int:
    """The bits of the places the proposals onto a run whose naturals stand at
    ``placed`` look at, for a hand that can fill the places ``have``.

    The walks of :func:`_run_batch_keys` stop before the second place below (above)
    the run that the hand cannot fill. When the run's acting 2 may go home
    (``home``), every place below it counts.
    """
    low = (placed & -placed).bit_length() - 1
    high = placed.bit_length() - 1
    floor = 0
    below = ~have & ((1 << low) - 2)
    if below and not home:
        below ^= 1 << (below.bit_length() - 1)
        floor = below.bit_length()
    ceiling = ACE_HIGH + 1
    above = ~have & _ALL_PLACES & ~((1 << (high + 1)) - 1)
    if above:
        above ^= above & -above
        if above:
            ceiling = (above & -above).bit_length() - 1
    return (1 << ceiling) - (1 << floor)


_ALL_PLACES = (1 << (ACE_HIGH + 1)) - 2
"""The bits of the run places 1..14."""
_RUN_LAY_OFFS: dict[tuple[int, ...], tuple[LayOffMove, ...]] = {}
"""Lay-off moves per run shape (its number) and hand: the free places it can fill
that matter, how many 2s of the suit (up to two), the suit and the other wild cards."""
_PROPOSALS: dict[int, tuple[int, ...]] = {}
"""The batch keys proposed per run (its naturals' places, wild cards and acting 2, and
the profile) and hand (the free places it can fill, its 2s of the suit, other wilds)."""
_KEY_CARDS: dict[int, tuple[Card, ...]] = {}


_PLACE_BITS = tuple((1 << 1 | 1 << ACE_HIGH) if r == 0 else 1 << (r + 1) for r in range(13))
"""Per rank index (0 = ace): the bits of the run places a natural of that rank fills."""
