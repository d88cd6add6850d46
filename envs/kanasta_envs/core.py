"""deal-order, draw-from-stock, player-view: one core under every front end.

A :class:`Game` holds the parameters, the rules profile and the native engine's profile;
a :class:`CoreState` is one episode: the native engine's state plus what the engine does
not keep (the deal in progress, the hidden cards still unseen, each seat's public memory,
the tokens of an action being spelt, the history of ids).

Chance: no hidden card is decided before someone sees it. The native state always holds a
whole deck, but the cards nobody has seen yet (the stock below its revealed top, except a
trump card at its bottom, and the fi packets not yet taken) are a placeholder
arrangement. The deal is chance node after chance node, one card each (every hand card by
card, then the upcard and any covering upcards, then the trump card), each outcome a card
kind weighted by its copies still unseen. A player's action that would reveal hidden
cards (a draw, a red three replaced, a fi taken) is first tried on the placeholder state
to learn how many cards it reveals; a chance node then chooses the next revealed card, it
is swapped into its place, and the action is tried again, until the action has revealed
exactly the cards chosen. The engine takes cards from the top of the stock and the fi
packets from the front, so the cards an action reveals depend only on the cards chosen:
the outcome of each chance node is drawn from exactly the cards left unseen, and the
episode's law is that of a shuffled deck.
"""

from __future__ import annotations

import atexit
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import kanasta_native
from kanasta.errors import InputError
from kanasta.native import profile_data
from kanasta.rules.cards import NUM_KINDS
from kanasta.rules.deal import get_next_dealer
from kanasta.rules.families import RulesProfile, TrumpRule
from kanasta.rules.game import get_game_winner

from kanasta_envs.actions import (
    CARD_OF_TEXT,
    CARD_TEXT,
    MAX_DECK,
    MAX_LEGAL_ACTIONS,
    NUM_ACTIONS,
    EngineAction,
    get_action_tokens,
    get_engine_action,
)
from kanasta_envs.params import Params, get_rules

__all__ = [
    "CHANCE",
    "PUBLIC_TOKEN",
    "SEEN_BY_ALL",
    "SEEN_BY_NONE",
    "TERMINAL",
    "CoreState",
    "Game",
    "count_cards",
]

CHANCE = -1
"""The player id of a chance node (OpenSpiel's kChancePlayerId)."""
TERMINAL = -4
"""The player id once the episode is over (OpenSpiel's kTerminalPlayerId)."""

SEEN_BY_ALL = -2
"""seen_by of a chance outcome turned face up (an upcard, the trump card)."""
SEEN_BY_NONE = -1
"""seen_by of a chance outcome shown to no seat's history (a red three replaced at the deal:
its owner sees it in hand)."""
PUBLIC_TOKEN = 100
"""seen_by of a seat's token: PUBLIC_TOKEN + seat (every action is done in the open)."""

MAX_TOKENS_PER_ACTION = MAX_DECK + 2
"""The most ids one engine action takes: a head, its cards (one deck at most), an end."""


def count_cards(cards: Sequence[int]) -> list[int]:
    """card-identity: the count of each card kind in a list of cards."""
    counts = [0] * NUM_KINDS
    for c in cards:
        counts[c] += 1
    return counts


def _cards(texts: Sequence[str]) -> list[int]:
    return [CARD_OF_TEXT[t] for t in texts]


def _texts(cards: Sequence[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


class Game:
    """An environment's fixed part: parameters, rules, bounds and sizes.

    hand-score, points-exact: a side's result is its points (half points from the engine,
    divided by two, exact in binary floating point); the return of a seat is its side's
    points less the mean of the other sides' (with two sides: the difference), so partners
    share their return and the returns sum to zero.
    """

    def __init__(self, params: Params) -> None:
        self.params = params
        self.profile: RulesProfile = get_rules(params)
        self.native_profile: Any = kanasta_native.NativeProfile(profile_data(self.profile))
        profile = self.profile
        self.players: int = profile.players
        self.teams: int = profile.team_count
        self.first_dealer: int = profile.players - 1 if params.dealer < 0 else params.dealer
        self.turn_again: frozenset[int] = frozenset(profile.upcard_turn_again)
        self.hand_bound: int = get_hand_bound(profile)
        self.max_hands: int = 1 if params.scope == "hand" else params.max_turns
        bound = self.hand_bound * self.max_hands
        # |own - mean(others)| <= |own| + max|other| (half points), in points.
        self.max_utility: float = float(bound)
        self.min_utility: float = -float(bound)
        self.atomic: bool = params.actions == "atomic"
        self.num_distinct_actions: int = MAX_LEGAL_ACTIONS if self.atomic else NUM_ACTIONS
        self.max_chance_outcomes: int = NUM_KINDS
        self.max_game_length: int = get_max_game_length(params, profile.deck_size, self.max_hands)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # immutable once built; the native profile cannot be copied

    def __reduce__(self) -> tuple[Any, ...]:
        return (Game, (self.params,))

    def team_of(self, seat: int) -> int:
        """seats-in-order-of-play: partners sit across; a seat's side is seat mod sides."""
        return seat % self.teams

    def new_initial_state(self) -> CoreState:
        """deal-order: an episode before its first card is dealt."""
        state = CoreState(self)
        state.start_deal(self.first_dealer)
        return state

    def new_state_from_json(self, data: dict[str, Any], where: str = "state") -> CoreState:
        """state-json: an episode starting from a state in the fixture format (a conformance
        fixture's setup state, for one): its stock below the top and its fi packets are the
        cards nobody has seen; no card is publicly known in a hand yet."""
        state = CoreState(self)
        try:
            native = kanasta_native.state_from_json(self.native_profile, data, where)
        except ValueError as exc:
            raise InputError(f"{where}: {exc}") from None
        state.set_native(native)
        j = state.json
        state.dealer = int(j["dealer"])
        state.totals = [round(2 * float(v)) for v in j["team_scores"]]
        state.known = [[0] * NUM_KINDS for _ in range(self.players)]
        state.pool = state.get_unseen()
        if j["hand_over"]:
            state.hand_scores = [int(t["total"]) for t in native.score()]
            state.over = True
        return state


def get_hand_bound(profile: RulesProfile) -> int:
    """hand-score: a bound, in points, on what one side scores in one hand: every card of
    the deck at its highest value (melded or left in hand), and a bonus at the family's
    highest for each canasta a deck can make and for each one-off part of the score
    (going out, concealed, the fi, red threes, rounding). Loose, never exceeded."""
    points = profile.points
    cards = [0] * NUM_KINDS
    for c in range(NUM_KINDS):
        cards[c] = max(abs(points.by_card[c]), abs(points.by_hand_card[c]), abs(points.wild_two))
    deck = sum(2 * cards[c] for c in range(52)) + profile.deck_jokers * cards[52]
    top_bonus = max((abs(v) for _, v in profile.bonuses), default=0)
    events = profile.deck_size // 3 + 16
    half = deck + events * top_bonus + abs(profile.concealed_canasta_bonus) + 200
    return (half + 1) // 2


def get_max_game_length(params: Params, deck: int, hands: int) -> int:
    """The most ids an episode can take: per hand, one chance node per card revealed (a
    card is revealed once, so at most a deck's worth), and per engine action at most
    MAX_TOKENS_PER_ACTION ids (one in the atomic mode), with at most max_turns x
    max_turn_actions engine actions before the episode is cut."""
    actions = params.max_turns * params.max_turn_actions
    per_action = 1 if params.actions == "atomic" else MAX_TOKENS_PER_ACTION
    return hands * deck + actions * per_action


_SPELLINGS: dict[Any, tuple[EngineAction, tuple[int, ...]]] = {}
_MOST_SPELLINGS = 1 << 16
# Emptied before the interpreter ends, so no native action outlives the native module.
atexit.register(_SPELLINGS.clear)


def _get_spelling(action: Any) -> tuple[EngineAction, tuple[int, ...]]:
    """An engine action read and spelt, remembered (the same actions recur from state to
    state; native actions hash and compare by value)."""
    found = _SPELLINGS.get(action)
    if found is None:
        engine = get_engine_action(action.to_json())
        found = (engine, get_action_tokens(engine))
        if len(_SPELLINGS) >= _MOST_SPELLINGS:
            _SPELLINGS.clear()
        _SPELLINGS[action] = found
    return found


class Legal:
    """A state's legal engine actions, spelt: a tree of ids (each node the ids that may
    follow, a leaf the index of the action its path spells)."""

    __slots__ = ("actions", "engine", "tree")

    def __init__(self, actions: list[Any]) -> None:
        self.actions = actions
        self.engine: list[EngineAction] = []
        self.tree: dict[int, Any] = {}
        for index, action in enumerate(actions):
            engine, tokens = _get_spelling(action)
            self.engine.append(engine)
            node = self.tree
            for token in tokens[:-1]:
                node = node.setdefault(token, {})
            node[tokens[-1]] = index

    def get_node(self, prefix: Sequence[int]) -> dict[int, Any] | int | None:
        """The tree's node after ``prefix``: the ids that may follow, an action's index, or
        None when no legal action is spelt so."""
        node: dict[int, Any] | int | None = self.tree
        for token in prefix:
            if not isinstance(node, dict):
                return None
            node = node.get(token)
        return node

    def get_next(self, prefix: Sequence[int]) -> list[int]:
        """The legal ids after ``prefix``, ascending."""
        node = self.get_node(prefix)
        return sorted(node) if isinstance(node, dict) else []

    @property
    def complete(self) -> dict[tuple[int, ...], int]:
        """Every complete spelling with its action's index."""
        found: dict[tuple[int, ...], int] = {}

        def walk(node: dict[int, Any], path: tuple[int, ...]) -> None:
            for token, child in node.items():
                if isinstance(child, dict):
                    walk(child, (*path, token))
                else:
                    found[(*path, token)] = child

        walk(self.tree, ())
        return found


@dataclass(slots=True)
class _Pending:
    """A transition waiting for its hidden cards: the deal or a player's engine action."""

    action: Any = None  # the NativeAction; None: the deal
    engine: EngineAction | None = None
    fixed: list[int] = field(default_factory=list)  # stock cards chosen, from the top
    fi_fixed: list[int] = field(default_factory=list)  # fi cards chosen, packets in order


class CoreState:
    """One episode. Mutable: :meth:`apply` changes it in place; :meth:`clone` copies it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.native: Any = None
        self._json: dict[str, Any] | None = None
        self._legal: Legal | None = None
        self.history: list[int] = []
        self.seen_by: list[int] = []  # per id: the seat that saw it (SEEN_BY_*, PUBLIC_TOKEN)
        self.dealer = game.first_dealer
        self.totals: list[int] = [0] * game.teams  # half points, finished hands
        self.hand_scores: list[int] = [0] * game.teams  # the last finished hand's
        self.target = game.profile.target_score
        self.hands_played = 0
        self.over = False
        self.truncated = False
        self.winner: int | None = None
        # the deal in progress
        self.dealing = False
        self.deal_hands: list[list[int]] = []
        self.deal_upcards: list[int] = []
        self.deal_trump: int | None = None
        self.deal_stock: list[int] = []
        self.deal_fi: list[list[int]] = []
        # hidden cards nobody has seen (counts per kind)
        self.pool: list[int] = [0] * NUM_KINDS
        self.pending: _Pending | None = None
        self.prefix: list[int] = []
        self.turns = 0
        self.turn_actions = 0
        # public memory: per seat the cards known in its hand; every card discarded so far
        self.known: list[list[int]] = []
        self.discards_seen: list[int] = [0] * NUM_KINDS
        self.last_action: EngineAction | None = None

    # ------------------------------------------------------------------ reading
    def clone(self) -> CoreState:
        """An independent copy (the native states are values and are shared)."""
        other = CoreState.__new__(CoreState)
        other.__dict__.update(self.__dict__)  # not copy.copy: that would pickle the native state
        other.history = list(self.history)
        other.seen_by = list(self.seen_by)
        other.totals = list(self.totals)
        other.hand_scores = list(self.hand_scores)
        other.deal_hands = [list(h) for h in self.deal_hands]
        other.deal_upcards = list(self.deal_upcards)
        other.deal_stock = list(self.deal_stock)
        other.deal_fi = [list(p) for p in self.deal_fi]
        other.pool = list(self.pool)
        other.pending = (
            None
            if self.pending is None
            else _Pending(
                self.pending.action,
                self.pending.engine,
                list(self.pending.fixed),
                list(self.pending.fi_fixed),
            )
        )
        other.prefix = list(self.prefix)
        other.known = [list(k) for k in self.known]
        other.discards_seen = list(self.discards_seen)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> CoreState:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        """Pickling: every field, the native state as its JSON object."""
        fields = dict(self.__dict__)
        fields["native"] = None if self.native is None else self.native.to_json()
        fields["_json"] = None
        fields["_legal"] = None
        pending = self.pending
        if pending is not None and pending.action is not None:
            fields["pending"] = _Pending(
                pending.action.to_json(), pending.engine, pending.fixed, pending.fi_fixed
            )
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)
        if self.native is not None:
            self.native = kanasta_native.state_from_json(
                self.game.native_profile, self.native, "state"
            )
        if self.pending is not None and self.pending.action is not None:
            self.pending.action = kanasta_native.action_from_json(self.pending.action, "action")

    @property
    def json(self) -> dict[str, Any]:
        """state-json: the native state as the fixture schema's object (cached)."""
        if self._json is None:
            self._json = self.native.to_json()
        return self._json

    def set_native(self, native: Any) -> None:
        """Put a native state in place (its cached views dropped)."""
        self.native = native
        self._json = None
        self._legal = None

    def get_unseen(self) -> list[int]:
        """The counts of the cards nobody has seen at a decision: the stock (but a trump
        card at its bottom) and the fi packets not yet taken."""
        j = self.json
        stock = _cards(j["stock"])
        if self._trump_bottom(stock):
            stock = stock[:-1]
        unseen = count_cards(stock)
        for packet in j["fi"]:
            for c in _cards(packet):
                unseen[c] += 1
        return unseen

    def is_terminal(self) -> bool:
        return self.over

    def is_chance(self) -> bool:
        return not self.over and (self.dealing or self.pending is not None)

    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        if self.over:
            return TERMINAL
        if self.is_chance():
            return CHANCE
        turn: int = self.json["turn"]
        return turn

    def engine_legal(self) -> Legal:
        """legal-action-count: the engine's legal actions, spelt (built once per state)."""
        if self._legal is None:
            self._legal = Legal(list(self.native.legal_actions()))
        return self._legal

    def legal_actions(self) -> list[int]:
        """The legal ids, ascending: the outcomes at a chance node, else the next tokens."""
        if self.over:
            return []
        if self.is_chance():
            return [c for c in range(NUM_KINDS) if self.pool[c]]
        return self.engine_legal().get_next(self.prefix)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """deal-order, draw-from-stock: each unseen card kind, weighted by its copies."""
        total = sum(self.pool)
        return [(c, n / total) for c, n in enumerate(self.pool) if n]

    def returns(self) -> list[float]:
        """hand-score: per seat its side's points less the mean of the other sides'; zero
        before the end. A cut episode counts the hands finished (none in hand scope)."""
        if not self.over:
            return [0.0] * self.game.players
        scores = self.hand_scores if self.game.params.scope == "hand" else self.totals
        if self.game.params.scope == "hand" and self.truncated:
            scores = [0] * self.game.teams
        total = sum(scores)
        others = self.game.teams - 1
        per_team = [(s - (total - s) / others) / 2 for s in scores]
        return [per_team[self.game.team_of(seat)] for seat in range(self.game.players)]

    # ------------------------------------------------------------------ the deal
    def start_deal(self, dealer: int) -> None:
        """deal-order: a new hand's deal begins; the whole deck is unseen."""
        profile = self.game.profile
        self.dealer = dealer
        self.dealing = True
        self.deal_hands = [[] for _ in range(profile.players)]
        self.deal_upcards = []
        self.deal_trump = None
        self.pool = [2] * 52 + [profile.deck_jokers]
        self.known = [[0] * NUM_KINDS for _ in range(profile.players)]
        self.discards_seen = [0] * NUM_KINDS
        self.turn_actions = 0
        self.prefix = []

    def _deal_card(self, card: int) -> None:
        profile = self.game.profile
        for hand in self.deal_hands:
            if len(hand) < profile.hand_size:
                hand.append(card)
                return
        if profile.initial_upcard and (
            not self.deal_upcards or self.deal_upcards[-1] in self.game.turn_again
        ):
            self.deal_upcards.append(card)
            self.discards_seen[card] += 1
        else:
            self.deal_trump = card

    def _deal_chosen(self) -> bool:
        """Whether every card the deal shows someone is chosen: the hands, the upcard and
        those covering a wild or three (classic-upcard), the trump card (trump-card)."""
        profile = self.game.profile
        if any(len(h) < profile.hand_size for h in self.deal_hands):
            return False
        if not any(self.pool):
            return True
        if profile.initial_upcard and (
            not self.deal_upcards or self.deal_upcards[-1] in self.game.turn_again
        ):
            return False
        return profile.trump_rule is not TrumpRule.BOTTOM_OF_STOCK or self.deal_trump is not None

    def _finish_deal_choice(self) -> None:
        """The visible cards are chosen: lay the unseen rest out as placeholders."""
        profile = self.game.profile
        rest = [c for c in range(NUM_KINDS) for _ in range(self.pool[c])]
        size = profile.fi_packets * profile.fi_size
        self.deal_fi = [
            rest[i * profile.fi_size : (i + 1) * profile.fi_size] for i in range(profile.fi_packets)
        ]
        self.deal_stock = rest[size:]
        if self.deal_trump is not None:
            self.deal_stock.append(self.deal_trump)
        self.dealing = False
        self.pending = _Pending()

    # ------------------------------------------------------------------ acting
    def apply(self, action: int) -> None:
        """Apply one id: a chance outcome (a card kind) or a token of the seat to act."""
        if self.over:
            raise ValueError("the episode is over")
        if not self._is_legal(action):
            raise ValueError(f"id {action} is not legal here")
        self.history.append(action)
        self.seen_by.append(self._seer())
        if self.dealing:
            self.pool[action] -= 1
            self._deal_card(action)
            if self._deal_chosen():
                self._finish_deal_choice()
                self._resolve()
            return
        if self.pending is not None:
            self._choose_hidden(action)
            self._resolve()
            return
        self.prefix.append(action)
        legal = self.engine_legal()
        index = legal.get_node(self.prefix)
        if isinstance(index, int):
            self.prefix = []
            self.pending = _Pending(legal.actions[index], legal.engine[index])
            self._resolve()

    def _is_legal(self, action: int) -> bool:
        if self.is_chance():
            return 0 <= action < NUM_KINDS and self.pool[action] > 0
        node = self.engine_legal().get_node(self.prefix)
        return isinstance(node, dict) and action in node

    def _seer(self) -> int:
        """Who sees the id about to be applied (see seen_by)."""
        if self.dealing:
            for seat, hand in enumerate(self.deal_hands):
                if len(hand) < self.game.profile.hand_size:
                    return seat
            return SEEN_BY_ALL
        if self.pending is not None:
            if self.pending.action is None:
                return SEEN_BY_NONE
            actor: int = self.json["turn"]
            return actor
        turn: int = self.json["turn"]
        return PUBLIC_TOKEN + turn

    # the hidden layout of the pending transition: the stock (top first) and fi packets
    def _layout(self) -> tuple[list[int], list[list[int]]]:
        if self.pending is not None and self.pending.action is None:
            return self.deal_stock, self.deal_fi
        j = self.json
        return _cards(j["stock"]), [_cards(p) for p in j["fi"]]

    def _set_layout(self, stock: list[int], fi: list[list[int]]) -> None:
        if self.pending is not None and self.pending.action is None:
            self.deal_stock, self.deal_fi = stock, fi
            return
        j = dict(self.json)
        j["stock"] = _texts(stock)
        j["fi"] = [_texts(p) for p in fi]
        self.set_native(kanasta_native.state_from_json(self.game.native_profile, j, "state"))

    def _trump_bottom(self, stock: list[int]) -> bool:
        return self.game.profile.trump_rule is TrumpRule.BOTTOM_OF_STOCK and bool(stock)

    def _choose_hidden(self, card: int) -> None:
        """Swap the chosen card into the next revealed place (stock top first, then fi)."""
        pending = self.pending
        assert pending is not None
        stock, fi = self._layout()
        stock = list(stock)
        fi = [list(p) for p in fi]
        free_end = len(stock) - (1 if self._trump_bottom(stock) else 0)
        places: list[tuple[int, int]] = [(-1, i) for i in range(len(pending.fixed), free_end)]
        size = self.game.profile.fi_size
        fi_done = len(pending.fi_fixed)
        for p, packet in enumerate(fi):
            places.extend((p, i) for i in range(len(packet)) if p * size + i >= fi_done)
        target = self._need
        assert target is not None

        def get(place: tuple[int, int]) -> int:
            return stock[place[1]] if place[0] < 0 else fi[place[0]][place[1]]

        def put(place: tuple[int, int], value: int) -> None:
            if place[0] < 0:
                stock[place[1]] = value
            else:
                fi[place[0]][place[1]] = value

        source = next(p for p in places if get(p) == card)
        held = get(target)
        put(target, card)
        put(source, held)
        self.pool[card] -= 1
        if target[0] < 0:
            pending.fixed.append(card)
        else:
            pending.fi_fixed.append(card)
        self._set_layout(stock, fi)

    _need: tuple[int, int] | None = None

    def get_reveal(self) -> tuple[str, int, int]:
        """deal-order: what the chance node reveals, as a place in the hand's deal:
        ``("hand", seat, index)``, ``("upcard", index, 0)``, ``("trump", 0, 0)``,
        ``("stock", index, 0)`` (counted from the top of the stock as dealt) or
        ``("fi", packet, index)`` (packets counted as dealt)."""
        if not self.is_chance():
            raise ValueError("not a chance node")
        profile = self.game.profile
        if self.dealing:
            for seat, hand in enumerate(self.deal_hands):
                if len(hand) < profile.hand_size:
                    return ("hand", seat, len(hand))
            if profile.trump_rule is TrumpRule.BOTTOM_OF_STOCK and not (
                profile.initial_upcard
                and (not self.deal_upcards or self.deal_upcards[-1] in self.game.turn_again)
            ):
                return ("trump", 0, 0)
            return ("upcard", len(self.deal_upcards), 0)
        need = self._need
        assert need is not None
        _, fi = self._layout()
        if need[0] < 0:
            return ("stock", self.stock_revealed + need[1], 0)
        return ("fi", profile.fi_packets - len(fi) + need[0], need[1])

    @property
    def stock_revealed(self) -> int:
        """How many cards have left the top of the stock this hand."""
        if self.pending is not None and self.pending.action is None:
            return 0
        dealt = len(self.deal_stock)
        return dealt - len(self.json["stock"])

    def _trial(self) -> Any:
        pending = self.pending
        assert pending is not None
        if pending.action is None:
            deal = {
                "hands": [_texts(sorted(h)) for h in self.deal_hands],
                "fi": [_texts(p) for p in self.deal_fi],
                "discard": _texts(self.deal_upcards),
                "stock": _texts(self.deal_stock),
                "trump": None if self.deal_trump is None else CARD_TEXT[self.deal_trump],
            }
            scores = self.totals if self.game.params.scope == "game" else None
            return kanasta_native.new_hand_from_deal(
                self.game.native_profile, deal, self.dealer, scores
            )
        result = self.native.apply(pending.action)
        if isinstance(result, tuple):
            raise RuntimeError(f"the engine refused its own legal action: {result}")
        return result

    def _resolve(self) -> None:
        """Try the pending transition; ask for the next hidden card or commit it."""
        pending = self.pending
        assert pending is not None
        while True:
            stock, fi = self._layout()
            result = self._trial()
            after = result.to_json()
            used = len(stock) - len(after["stock"])
            taken = len(fi) - len(after["fi"])
            if used > len(pending.fixed):
                place = len(pending.fixed)
                if self._trump_bottom(stock) and place == len(stock) - 1:
                    pending.fixed.append(stock[place])  # the trump card, seen by all
                    continue
                self._need = (-1, place)
                return
            size = self.game.profile.fi_size
            if len(pending.fi_fixed) < taken * size:
                done = len(pending.fi_fixed)
                self._need = (done // size, done % size)
                return
            self._need = None
            self._commit(result, after)
            return

    def _commit(self, result: Any, after: dict[str, Any]) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        before = None if pending.action is None else self.json
        self.native = result
        self._json = after
        self._legal = None
        if pending.action is None:
            return
        engine = pending.engine
        assert engine is not None
        assert before is not None
        self.last_action = engine
        seat: int = before["turn"]
        self._remember(seat, engine, before, after)
        self.turn_actions += 1
        if after["hand_over"]:
            self.turns += 1  # the hand's last turn: max_turns bounds the hands too
            self._end_hand()
            return
        if after["turn"] != seat:
            self.turns += 1
            self.turn_actions = 0
        if self.turns >= self.game.params.max_turns or (
            self.turn_actions >= self.game.params.max_turn_actions
        ):
            self.over = True
            self.truncated = True

    def _remember(
        self, seat: int, action: EngineAction, before: dict[str, Any], after: dict[str, Any]
    ) -> None:
        """Public memory: cards known in a hand (taken from the pile, taken back from the
        table) leave it when played; every discard is seen."""
        known = self.known[seat]
        if action.kind == "discard":
            self.discards_seen[action.cards[0]] += 1
        if action.kind in ("meld", "lay-off", "discard", "take-pile"):
            for c in action.cards:
                known[c] = max(0, known[c] - 1)
        if action.kind in ("take-pile", "take-back"):
            pile_before = count_cards(_cards(before["discard"]))
            pile_after = count_cards(_cards(after["discard"]))
            table_before = _table_counts(before)
            table_after = _table_counts(after)
            for c in range(NUM_KINDS):
                from_pile = max(0, pile_before[c] - pile_after[c])
                to_pile = max(0, pile_after[c] - pile_before[c])
                laid = max(0, table_after[c] - table_before[c]) - action.cards.count(c)
                lifted = max(0, table_before[c] - table_after[c])
                known[c] += from_pile + lifted - max(0, laid) - to_pile
        if any(known):  # never more than the hand holds
            hand = count_cards(_cards(after["hands"][seat]))
            for c in range(NUM_KINDS):
                known[c] = min(max(known[c], 0), hand[c])

    def _end_hand(self) -> None:
        """hand-score, game-hands, game-target: score the hand; in game scope deal the next
        unless a side has won."""
        teams = self.native.score()
        scores = [int(t["total"]) for t in teams]
        self.hand_scores = scores
        self.hands_played += 1
        self.totals = [a + b for a, b in zip(self.totals, scores, strict=True)]
        if self.game.params.scope == "hand":
            self.over = True
            return
        winner, self.target = get_game_winner(self.game.profile, self.totals, self.target)
        if winner is not None:
            self.winner = winner
            self.over = True
            return
        if self.hands_played >= self.game.max_hands or self.turns >= self.game.params.max_turns:
            self.over = True
            self.truncated = True
            return
        self.start_deal(get_next_dealer(self.game.profile, self.dealer))


def _table_counts(j: dict[str, Any]) -> list[int]:
    counts = [0] * NUM_KINDS
    for side in j["melds"]:
        for meld in side:
            for batch in meld["history"]:
                for c in batch["cards"]:
                    counts[CARD_OF_TEXT[c]] += 1
    return counts
