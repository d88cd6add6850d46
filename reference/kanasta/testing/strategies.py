"""Hypothesis strategies for property tests of kanasta and of other implementations.

This module is a *test* helper: it imports `Hypothesis
<https://hypothesis.readthedocs.io/>`_, which is a test dependency of the
project, not a runtime one. Nothing in the engine imports it, so
``import kanasta`` never pulls Hypothesis in; import this module explicitly
(``from kanasta.testing import strategies``) in a test suite that has Hypothesis.

Everything here draws plain values of the reference engine: cards are ints
(:mod:`kanasta.rules.cards`), melds are :class:`kanasta.rules.melds.Meld`, states are
:class:`kanasta.rules.state.State`, actions are :class:`kanasta.rules.actions.Action`.
Another implementation reuses the strategies by converting at the boundary:
print cards with :func:`kanasta.rules.cards.format_cards`, melds with
:func:`kanasta.io.meld_json.meld_to_json`, states and actions with
:func:`kanasta.engine.state_to_json` and :func:`kanasta.engine.action_to_json`
(the JSON of the conformance fixtures), hand them to the implementation under
test and compare its verdict with the reference's. For example::

    from hypothesis import given
    from kanasta import engine
    from kanasta.testing import strategies as ks

    @given(ks.reachable_states("koz"))
    def test_my_engine_agrees(state):
        mine = my_engine.legal_action_count(engine.state_to_json(state))
        assert mine == len(engine.legal_actions(state))

The strategies fall into three groups:

* cards and hands: :func:`profiles`, :func:`cards`, :func:`wild_cards`,
  :func:`hands` (multisets that one deck of the family can supply);
* melds: :func:`legal_melds` (:class:`~kanasta.rules.melds.Meld` values built to be
  legal), :func:`legal_meld_cards`, :func:`illegal_melds` (card lists that no
  arrangement makes legal), :func:`near_melds` (card lists that are often but
  not always melds: the interesting boundary), :func:`lay_off_batches` (cards
  that often fit a given meld) and :func:`grown_melds` (legal melds after some
  legal lay-offs, with their history);
* play: :func:`seeds`, :func:`reachable_states` (states reached from a seeded
  deal by legal actions), :func:`action_sequences` (a seed and a list of legal
  actions that replays from it) and :func:`candidate_actions` (actions built
  from a state's cards that may or may not be legal, for checking that
  :func:`kanasta.engine.apply` rejects what it does not list).

Every strategy shrinks toward small, simple values (short hands, short runs,
few steps of play), so a failing example is easy to read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import strategies as st

from kanasta import engine
from kanasta.errors import Violation
from kanasta.families import FAMILY_NAMES, PROFILES, get_profile
from kanasta.play.differential import option_profiles
from kanasta.play.selfplay import PLAYABLE_FAMILIES
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.cards import JOKER, Card, get_deck, make_card
from kanasta.rules.families import RulesProfile, WildMeldRule
from kanasta.rules.melds import (
    Meld,
    MeldKind,
    get_lay_off_arrangements,
    get_meld_arrangements,
)
from kanasta.rules.state import State

__all__ = [
    "PLAYABLE_FAMILIES",
    "action_sequences",
    "candidate_actions",
    "cards",
    "count_in_deck",
    "get_one_option_profiles",
    "grown_melds",
    "hands",
    "illegal_melds",
    "lay_off_batches",
    "legal_meld_cards",
    "legal_melds",
    "meldable_hands",
    "near_melds",
    "profiles",
    "reachable_states",
    "seeds",
    "wild_cards",
]

ACE_HIGH = 14
_TWOS = tuple(make_card(2, suit) for suit in range(4))


def _rules(profile: RulesProfile | str) -> RulesProfile:
    return get_profile(profile) if isinstance(profile, str) else profile


def _position_card(position: int, suit: int) -> Card:
    return make_card(1 if position == ACE_HIGH else position, suit)


# --------------------------------------------------------------------------- cards and hands


def profiles(names: Sequence[str] | None = None) -> st.SearchStrategy[RulesProfile]:
    """A rules profile: one of ``names`` (family names such as ``"koz"``), or any family."""
    chosen = [get_profile(n) for n in names] if names is not None else list(PROFILES.values())
    return st.sampled_from(chosen)


def cards(profile: RulesProfile | str | None = None) -> st.SearchStrategy[Card]:
    """One card of the family's deck (a joker only when the deck has jokers).

    Without a profile: any of the 53 card kinds.
    """
    if profile is None:
        return st.integers(0, JOKER)
    top = JOKER if _rules(profile).deck_jokers > 0 else JOKER - 1
    return st.integers(0, top)


def wild_cards(profile: RulesProfile | str | None = None) -> st.SearchStrategy[Card]:
    """One wild card: a 2 of any suit, or a joker when the deck has jokers."""
    pool = list(_TWOS)
    if profile is None or _rules(profile).deck_jokers > 0:
        pool.append(JOKER)
    return st.sampled_from(pool)


def hands(
    profile: RulesProfile | str, *, min_size: int = 0, max_size: int | None = None
) -> st.SearchStrategy[tuple[Card, ...]]:
    """A sorted multiset of cards that one deck of the family can supply.

    No card appears more often than the deck holds it (twice for a suited
    card, ``deck_jokers`` times for the joker). ``max_size`` defaults to the
    family's hand size plus 11 (a hand that has just taken a large pile).
    """
    rules = _rules(profile)
    deck = get_deck(rules.deck_jokers)
    top = rules.hand_size + 11 if max_size is None else max_size
    top = min(top, len(deck))
    indices = st.lists(st.integers(0, len(deck) - 1), unique=True, min_size=min_size, max_size=top)
    return indices.map(lambda picked: tuple(sorted(deck[i] for i in picked)))


def _wild_pool(rules: RulesProfile) -> tuple[Card, ...]:
    """Every wild card of one deck (each 2 twice, the jokers)."""
    return tuple(c for c in _TWOS for _ in range(2)) + (JOKER,) * rules.deck_jokers


def _wild_multiset(rules: RulesProfile, count: int) -> st.SearchStrategy[list[Card]]:
    pool = _wild_pool(rules)
    size = min(count, len(pool))
    picks = st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=size, max_size=size)
    return picks.map(lambda chosen: [pool[i] for i in chosen])


# --------------------------------------------------------------------------- melds


@st.composite
def near_melds(draw: st.DrawFn) -> list[Card]:
    """Card lists that are often melds: a set or a run, some wilds, sometimes noise.

    The list is shuffled and may hold more copies of a card than one deck has
    (the meld rules never look at copies). Use it to probe the boundary
    between legal and illegal melds under every family.
    """
    if draw(st.booleans()):
        rank = draw(st.integers(1, 13))
        found = [make_card(rank, draw(st.integers(0, 3))) for _ in range(draw(st.integers(1, 8)))]
    else:
        suit = draw(st.integers(0, 3))
        start = draw(st.integers(1, 12))
        length = draw(st.integers(2, 13))
        found = [_position_card(p, suit) for p in range(start, min(start + length, 15))]
        if len(found) > 3 and draw(st.booleans()):
            found.pop(draw(st.integers(0, len(found) - 1)))
    found += draw(st.lists(wild_cards(), max_size=3))
    if draw(st.integers(0, 4)) == 0:
        found.append(draw(st.integers(0, JOKER)))
    return draw(st.permutations(found))


@st.composite
def _set_candidate(draw: st.DrawFn, rules: RulesProfile) -> list[Card]:
    """A set that is legal unless a rule beyond rank, size and wild count forbids it."""
    ranks = [r for r in range(1, 14) if r != 2 and not (rules.threes_special and r == 3)]
    rank = draw(st.sampled_from(ranks))
    limit = 8 if rules.max_meld_size is None else min(8, rules.max_meld_size)
    wilds = draw(st.integers(0, rules.max_wilds_per_meld))
    least = max(1, rules.min_naturals_per_meld, 3 - wilds)
    naturals = draw(st.integers(least, limit))
    if rules.wilds_at_most_naturals:
        wilds = min(wilds, naturals)
    if rules.max_meld_size is not None:
        wilds = min(wilds, rules.max_meld_size - naturals)
    suits = draw(st.lists(st.integers(0, 7), unique=True, min_size=naturals, max_size=naturals))
    found = [make_card(rank, s // 2) for s in suits]
    found += draw(_wild_multiset(rules, wilds))
    return found


@st.composite
def _run_candidate(draw: st.DrawFn, rules: RulesProfile) -> list[Card]:
    """A run of one suit, maybe with one wild in place of a natural or beside a full run."""
    longest = 13 if rules.max_meld_size is None else min(13, rules.max_meld_size)
    suit = draw(st.integers(0, 3))
    length = draw(st.integers(3, longest))
    low = draw(st.integers(1, ACE_HIGH - length + 1))
    found = [_position_card(p, suit) for p in range(low, low + length)]
    if rules.max_wilds_per_meld > 0:
        choice = draw(st.integers(0, 3))
        if choice == 1:
            found[draw(st.integers(0, length - 1))] = draw(wild_cards(rules))
        elif choice == 2 and (length < longest or rules.max_meld_size is None):
            found.append(draw(wild_cards(rules)))  # at an end, or beside 13 naturals
    return found


@st.composite
def _wild_candidate(draw: st.DrawFn, rules: RulesProfile) -> list[Card]:
    """A meld of wild cards (koz) or of 2s (fi-5200); illegal where the family forbids it."""
    pool = _wild_pool(rules)
    limit = len(pool) if rules.max_meld_size is None else min(len(pool), rules.max_meld_size)
    count = draw(st.integers(3, limit))
    return draw(_wild_multiset(rules, count))


def _meld_candidates(rules: RulesProfile) -> st.SearchStrategy[list[Card]]:
    options = [_set_candidate(rules)]
    if rules.runs_allowed:
        options.append(_run_candidate(rules))
    if rules.wild_meld_rule is not WildMeldRule.FORBIDDEN:
        options.append(_wild_candidate(rules))
    return st.one_of(options)


def legal_meld_cards(profile: RulesProfile | str) -> st.SearchStrategy[tuple[Card, ...]]:
    """A sorted card multiset that is a legal new meld of the family (in some arrangement).

    Sets, runs and (where the family has them) melds of wild cards, each drawn
    within the family's limits on size and wilds and within one deck.
    """
    rules = _rules(profile)
    sorted_cards = _meld_candidates(rules).map(lambda found: tuple(sorted(found)))
    return sorted_cards.filter(lambda found: bool(get_meld_arrangements(rules, found)))


@st.composite
def _legal_meld(draw: st.DrawFn, rules: RulesProfile) -> Meld:
    found = draw(legal_meld_cards(rules))
    return draw(st.sampled_from(get_meld_arrangements(rules, found)))


def legal_melds(profile: RulesProfile | str) -> st.SearchStrategy[Meld]:
    """A legal new meld of the family, in one of its legal arrangements (any wild place)."""
    return _legal_meld(_rules(profile))


@st.composite
def _meldable_hand(draw: st.DrawFn, rules: RulesProfile, max_size: int) -> tuple[Card, ...]:
    found: list[Card] = []
    for _ in range(draw(st.integers(1, 2))):
        found += draw(legal_meld_cards(rules))
    found += draw(hands(rules, max_size=4))
    if len(found) > max_size:
        found = draw(st.permutations(found))[:max_size]
    if not count_in_deck(rules, found):
        deck = Counter(get_deck(rules.deck_jokers))
        kept: list[Card] = []
        for c in found:
            if kept.count(c) < deck[c]:
                kept.append(c)
        found = kept
    return tuple(sorted(found))


def meldable_hands(
    profile: RulesProfile | str, *, max_size: int = 12
) -> st.SearchStrategy[tuple[Card, ...]]:
    """A sorted hand (one deck can supply it) built around one or two legal melds.

    Random hands seldom hold a meld; these always start from one, add a few
    random cards and keep at most ``max_size`` cards (so some melds are cut
    short), which makes them good inputs for meld and lay-off enumeration.
    """
    return _meldable_hand(_rules(profile), max_size)


def illegal_melds(profile: RulesProfile | str) -> st.SearchStrategy[list[Card]]:
    """A card list that no arrangement makes a legal new meld of the family.

    Drawn from :func:`near_melds`, so most examples miss being legal by one
    detail (a gap in a run, a second wild, a wrong rank, a card too many).
    """
    rules = _rules(profile)
    return near_melds().filter(lambda found: not get_meld_arrangements(rules, found))


@st.composite
def lay_off_batches(draw: st.DrawFn, profile: RulesProfile | str, meld: Meld) -> tuple[Card, ...]:
    """A non-empty sorted batch of cards that often (not always) fits ``meld``.

    Sets get naturals of their rank, runs the naturals just beyond either end
    or the natural of the acting wild's place, any meld may get a wild, and
    sometimes an unrelated card is added.
    """
    rules = _rules(profile)
    batch: list[Card] = []
    if meld.kind is MeldKind.SET:
        batch += [make_card(meld.rank, s) for s in draw(st.lists(st.integers(0, 3), max_size=3))]
    elif meld.kind is MeldKind.RUN:
        assert meld.suit is not None
        suit = int(meld.suit)
        below = draw(st.integers(0, 3))
        above = draw(st.integers(0, 3))
        batch += [_position_card(p, suit) for p in range(meld.low - below, meld.low) if p >= 1]
        batch += [
            _position_card(p, suit)
            for p in range(meld.high + 1, meld.high + 1 + above)
            if p <= ACE_HIGH
        ]
        if meld.wild_at is not None and draw(st.booleans()):
            batch.append(_position_card(meld.wild_at, suit))
    if meld.kind is MeldKind.WILD or not batch or draw(st.integers(0, 3)) == 0:
        batch.append(draw(wild_cards(rules)))
    if draw(st.integers(0, 5)) == 0:
        batch.append(draw(cards(rules)))
    return tuple(sorted(batch))


@st.composite
def _grown_meld(draw: st.DrawFn, rules: RulesProfile, max_lay_offs: int) -> Meld:
    meld = draw(legal_melds(rules))
    for _ in range(draw(st.integers(0, max_lay_offs))):
        batch = draw(lay_off_batches(rules, meld))
        result = get_lay_off_arrangements(rules, meld, batch)
        if isinstance(result, Violation):
            continue
        meld = draw(st.sampled_from(result))
    return meld


def grown_melds(profile: RulesProfile | str, *, max_lay_offs: int = 4) -> st.SearchStrategy[Meld]:
    """A legal meld after up to ``max_lay_offs`` legal lay-offs (its ``history`` records them).

    Useful for history-dependent rules such as the fi-5200 canasta kinds.
    """
    return _grown_meld(_rules(profile), max_lay_offs)


# --------------------------------------------------------------------------- play


def seeds() -> st.SearchStrategy[int]:
    """A deal seed (the portable shuffle takes any unsigned 64-bit int)."""
    return st.integers(0, 2**64 - 1)


def _play(state: State, choices: Sequence[int]) -> tuple[State, list[Action]]:
    """Follow ``choices`` (indices into the legal actions, taken modulo) from ``state``."""
    taken: list[Action] = []
    for pick in choices:
        actions = engine.legal_actions(state)
        if not actions:
            break
        action = actions[pick % len(actions)]
        following = engine.apply(state, action)
        if isinstance(following, Violation):  # pragma: no cover - a listed action must apply
            raise AssertionError(f"listed action {action} was rejected: {following}")
        state = following
        taken.append(action)
    return state, taken


@st.composite
def action_sequences(
    draw: st.DrawFn, family: str = FAMILY_NAMES[0], *, max_actions: int = 400
) -> tuple[int, tuple[Action, ...]]:
    """A deal seed and up to ``max_actions`` legal actions that replay from it.

    Each action is chosen among :func:`kanasta.engine.legal_actions` of the
    state before it, so replaying ``engine.new_hand(family, seed=seed)``
    through ``engine.apply`` accepts every one. Play stops early when the
    hand is over. Shrinks toward short sequences and first-listed actions.
    """
    seed = draw(seeds())
    count = draw(st.integers(0, max_actions))
    rnd = draw(st.randoms(use_true_random=False))
    choices = [rnd.randrange(1 << 30) for _ in range(count)]
    _, taken = _play(engine.new_hand(family, seed=seed), choices)
    return seed, tuple(taken)


@st.composite
def reachable_states(
    draw: st.DrawFn, family: str = FAMILY_NAMES[0], *, max_actions: int = 400
) -> State:
    """A state reached from a seeded deal of ``family`` by up to ``max_actions`` legal actions.

    Hands, melds, the pile and the fi packets are all as real play leaves
    them, so the state is a fair input for anything that takes a state.
    """
    seed, taken = draw(action_sequences(family, max_actions=max_actions))
    state = engine.new_hand(family, seed=seed)
    for action in taken:
        following = engine.apply(state, action)
        assert not isinstance(following, Violation)
        state = following
    return state


@st.composite
def candidate_actions(draw: st.DrawFn, state: State) -> Action:
    """An action built from the state's cards that may or may not be legal.

    Melds and lay-offs take a few cards of the hand of the player to act (and
    sometimes a card from elsewhere), lay-offs name an existing meld index or
    one past the end, discards name a hand card or any card, and the
    argument-free actions appear in every phase. Compare the verdict of
    :func:`kanasta.engine.apply` with membership in
    :func:`kanasta.engine.legal_actions`.
    """
    rules = state.profile
    hand = state.hands[state.turn]
    kind = draw(st.sampled_from(list(ActionType)))
    if kind in (ActionType.DRAW, ActionType.TAKE_PILE, ActionType.PASS, ActionType.TAKE_BACK):
        return Action(kind)
    if kind is ActionType.DISCARD:
        if len(hand) > 0 and draw(st.booleans()):
            return Action(kind, (draw(st.sampled_from(hand)),))
        return Action(kind, (draw(cards(rules)),))
    picked: list[Card] = []
    if hand:
        indices = draw(st.lists(st.integers(0, len(hand) - 1), unique=True, min_size=1, max_size=6))
        picked = [hand[i] for i in indices]
    if not picked or draw(st.integers(0, 4)) == 0:
        picked.append(draw(cards(rules)))
    wild_at = draw(st.none() | st.integers(1, ACE_HIGH))
    batch = tuple(sorted(picked))
    if kind is ActionType.MELD:
        return Action(kind, batch, 0, wild_at)
    team_melds = state.melds[state.team]
    index = draw(st.integers(0, len(team_melds)))
    return Action(kind, batch, index, wild_at)


def count_in_deck(profile: RulesProfile | str, found: Sequence[Card]) -> bool:
    """Whether one deck of the family can supply every card of ``found``."""
    rules = _rules(profile)
    have = Counter(get_deck(rules.deck_jokers))
    return all(have[c] >= n for c, n in Counter(found).items())


def get_one_option_profiles() -> list[RulesProfile]:
    """Every family's profile with its default options, and with each of its options alone."""
    return option_profiles()
