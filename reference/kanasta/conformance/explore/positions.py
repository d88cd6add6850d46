"""The positions explored: seeded self-play of the reference, steered toward rare clauses.

A *target* is a family with at most one of its rule options in force (every family,
every player count and every option, each alone). A *position* is a dealt hand of a
target and the actions that reach it. The reference's clause trace of a position is the
set of clause slugs its verdicts cite there: every *probe* (an action the position could
be asked about: each legal action kind, melds of hand cards, lay-offs, discards, a move
out of turn) is applied, and each refusal names the clause that decides it
(``Violation.clause``). The policy weighs each candidate position by how rarely the
fixtures cite the clauses of its trace (:func:`get_rarity`), so exploration drifts toward
the rules the suite reaches least. Every choice comes from one ``random.Random`` seeded
by the caller: the same seed gives the same positions.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kanasta import engine
from kanasta.conformance.checks import get_state_cards
from kanasta.conformance.model import JsonObject, get_action_needs
from kanasta.conformance.protocol import Hello
from kanasta.errors import Violation
from kanasta.families import PROFILES, get_variant_profile
from kanasta.play.policy import make_policy
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.cards import get_rank, get_suit, is_wild_card
from kanasta.rules.families import RulesProfile
from kanasta.rules.state import Phase, State

__all__ = [
    "CANDIDATES",
    "MAX_WALK",
    "Position",
    "Probe",
    "Target",
    "get_probes",
    "get_rarity",
    "get_targets",
    "make_position",
]

MAX_WALK = 400
"""A self-played hand is cut after this many actions (hands end far sooner)."""

CANDIDATES = 6
"""How many positions of a self-played hand are weighed before one is chosen."""

_WEIGHTS: Mapping[ActionType, float] = {
    ActionType.DRAW: 1.0,
    ActionType.TAKE_PILE: 3.0,
    ActionType.PASS: 1.0,
    ActionType.MELD: 4.0,
    ActionType.LAY_OFF: 4.0,
    ActionType.DISCARD: 1.0,
    ActionType.TAKE_BACK: 0.2,
}
"""The self-play's weight of each legal action by kind: melds, lay-offs and takings of the
pile are preferred so that hands reach canastas, frozen piles, fi packets and going out."""

_POLICIES = ("greedy", "plausible")
"""The policies that play most moves of a self-played hand (one drawn per hand)."""

_STRAY = (0.1, 0.25, 0.5)
"""The probabilities, one drawn per hand, of a random move instead of the policy's."""

_GOING_OUT_HAND = 6
"""A hand of at most this many cards is also probed laid down whole, or but one card
(going out, the fi packet, turn-must-finish)."""

_MELD_SAMPLES = 10
"""Random melds of hand cards probed at a position of the play phase."""


@dataclass(frozen=True, slots=True)
class Target:
    """A family and the rule options in force (at most one: clause profile-options)."""

    variant: str
    features: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return self.variant + "".join(f"+{f}" for f in self.features)

    def get_profile(self) -> RulesProfile:
        return get_variant_profile(self.variant, self.features)


def get_targets(hello: Hello | None, variants: Sequence[str] = ()) -> tuple[Target, ...]:
    """rule-families, profile-options: every playable family (or those of ``variants``)
    the handshake claims engine requests for, alone and with each option it claims."""
    targets: list[Target] = []
    for name, profile in PROFILES.items():
        if not profile.is_playable or (variants and name not in variants):
            continue
        if hello is not None and (
            name not in hello.variants or not (hello.get_requests(name) & EXPLORED_REQUESTS)
        ):
            continue
        targets.append(Target(name))
        targets.extend(
            Target(name, (option.name,))
            for option in profile.known_options
            if hello is None or option.name in hello.features
        )
    return tuple(targets)


EXPLORED_REQUESTS = frozenset({"actions", "count", "turn", "score", "deal"})
"""The request types exploration sends (each within the handshake's claims)."""


@dataclass(frozen=True, slots=True)
class Probe:
    """An action asked about at a position and the reference's verdict on it."""

    action: JsonObject
    verdict: JsonObject
    """``{"verdict": "accepted"}`` or the rejection (verdict, code, clause)."""

    @property
    def accepted(self) -> bool:
        return bool(self.verdict["verdict"] == "accepted")


@dataclass(frozen=True, slots=True)
class Position:
    """A position reached by self-play, with what the reference says about it."""

    target: Target
    number: int
    """The position's number in the exploration (0-based)."""
    seed: int
    """The seed of the spec's deal of the hand."""
    start: JsonObject
    """The dealt state (the fixture format)."""
    prefix: tuple[JsonObject, ...]
    """The actions from the deal to the position."""
    turn: tuple[JsonObject, ...]
    """At the start of a turn: the actions the self-play took to its end (else empty)."""
    probes: tuple[Probe, ...]
    trace: tuple[str, ...]
    """The clause slugs the reference's verdicts cite at the position (sorted)."""
    hand_over: bool
    walk: tuple[JsonObject, ...] = ()
    """Every action of the self-played hand, when the hand ended (else empty)."""
    last_turn: int = 0
    """The index in ``walk`` of the first action of the hand's last turn."""
    deck: tuple[str, ...] = ()
    """A deck of the family in a shuffled order (top card first), for a deal request."""
    dealer: int = 0
    """The dealer of that deal."""
    others: tuple[tuple[JsonObject, ...], ...] = ()
    """The actions to the other positions weighed (each is asked its count of legal
    actions)."""
    snapshots: tuple[tuple[int, JsonObject], ...] = ()
    """The state after the first *n* actions of the hand, for each *n* a request starts
    from (the position, the others weighed, the hand's last turn and its end)."""

    def get_snapshot(self, actions: int) -> JsonObject:
        """The state after the hand's first ``actions`` actions (one of :attr:`snapshots`)."""
        return self.start if actions == 0 else dict(self.snapshots)[actions]


def _allowed(action: JsonObject, capabilities: frozenset[str] | None) -> bool:
    return capabilities is None or get_action_needs(action) <= capabilities


def _is_expressible(action: Action, capabilities: frozenset[str] | None) -> bool:
    """Whether the engine's action model can express the action (the handshake's
    ``capabilities``: a take-back, a wild placed), read from the action itself."""
    if capabilities is None:
        return True
    if action.type is ActionType.TAKE_BACK and "take-back" not in capabilities:
        return False
    return action.wild_at is None or "wild-placement" in capabilities


def _weight(action: Action) -> float:
    return _WEIGHTS[action.type]


def _walk(
    state: State, rng: random.Random, capabilities: frozenset[str] | None
) -> tuple[list[State], list[JsonObject]]:
    """Self-play one hand: the states passed and the actions taken. Each choice is the
    greedy or plausible policy's (:mod:`kanasta.play.policy`, one drawn per hand), or with
    a probability drawn per hand (:data:`_STRAY`) a random one weighted by kind, so that
    hands end, reach canastas and going out, and still wander."""
    policy = make_policy(rng.choice(_POLICIES), rng.getrandbits(32))
    stray = rng.choice(_STRAY)
    states = [state]
    taken: list[JsonObject] = []
    while len(taken) < MAX_WALK and state.phase is not Phase.OVER:
        legal = [a for a in engine.legal_actions(state) if _is_expressible(a, capabilities)]
        if not legal:
            break
        if rng.random() < stray:
            action = rng.choices(legal, weights=[_weight(a) for a in legal])[0]
        else:
            action = policy.choose(state, legal)
        following = engine.apply(state, action)
        assert not isinstance(following, Violation), "a legal action is refused"
        state = following
        states.append(state)
        taken.append(engine.action_to_json(action))
    return states, taken


def _verdict(result: State | Violation) -> JsonObject:
    if isinstance(result, Violation):
        return {"verdict": "rejected", "code": result.code, "clause": result.clause}
    return {"verdict": "accepted"}


def _offered(state: State, rng: random.Random) -> list[tuple[Action, int | None]]:
    """The actions probed at a state, with the seat that names them (``None``: unnamed)."""
    hand = state.hands[state.turn]
    offered: list[tuple[Action, int | None]] = [
        (Action(ActionType.DRAW), None),
        (Action(ActionType.PASS), None),
        (Action(ActionType.TAKE_PILE, meld=-1), None),
        (Action(ActionType.TAKE_BACK), None),
        (Action(ActionType.DRAW), (state.turn + 1) % len(state.hands)),
    ]
    offered.extend((Action(ActionType.DISCARD, (card,)), None) for card in dict.fromkeys(hand))
    if state.discard and state.profile.pile_top_melded:
        top = get_rank(state.discard[-1])
        fitting = sorted(c for c in hand if is_wild_card(c) or get_rank(c) == top)
        for size in (1, 2):
            for cards in dict.fromkeys(itertools.combinations(fitting, size)):
                offered.append((Action(ActionType.TAKE_PILE, cards, -1), None))
    ordered = sorted(hand)
    if len(ordered) >= 3:
        by_rank: dict[int, list[int]] = {}
        for card in ordered:
            by_rank.setdefault(get_rank(card), []).append(card)
        wilds = [c for c in ordered if is_wild_card(c)]
        for same in by_rank.values():
            if len(same) >= 2:
                offered.append((Action(ActionType.MELD, tuple(sorted(same))), None))
                if wilds:
                    chosen = tuple(sorted([*same[:2], wilds[0]]))
                    offered.append((Action(ActionType.MELD, chosen), None))
        offered.extend((Action(ActionType.MELD, run), None) for run in _runs(ordered))
        if len(ordered) <= _GOING_OUT_HAND:  # going out: the whole hand, or all but one card
            offered.append((Action(ActionType.MELD, tuple(ordered)), None))
            offered.extend(
                (Action(ActionType.MELD, tuple(ordered[:i] + ordered[i + 1 :])), None)
                for i in range(len(ordered))
                if len(ordered) > 3
            )
        for _ in range(_MELD_SAMPLES):
            size = rng.randint(3, min(7, len(ordered)))
            offered.append(
                (Action(ActionType.MELD, tuple(sorted(rng.sample(ordered, size)))), None)
            )
    for index in range(len(state.melds[state.team])):
        for card in dict.fromkeys(ordered):
            offered.append((Action(ActionType.LAY_OFF, (card,), index), None))
    return offered


def _runs(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Clean runs of hand cards: each longest stretch of three or more natural cards of
    one suit in consecutive ranks, and its first three cards."""
    found: list[tuple[int, ...]] = []
    by_suit: dict[object, dict[int, int]] = {}
    for card in hand:
        if not is_wild_card(card):
            by_suit.setdefault(get_suit(card), {}).setdefault(get_rank(card), card)
    for ranks in by_suit.values():
        stretch: list[int] = []
        for rank in sorted(ranks):
            if stretch and rank != get_rank(stretch[-1]) + 1:
                found.extend(_stretch(stretch))
                stretch = []
            stretch.append(ranks[rank])
        found.extend(_stretch(stretch))
    return found


def _stretch(cards: Sequence[int]) -> list[tuple[int, ...]]:
    if len(cards) < 3:
        return []
    return list(dict.fromkeys([tuple(sorted(cards)), tuple(sorted(cards[:3]))]))


def get_probes(
    state: State, rng: random.Random, capabilities: frozenset[str] | None
) -> tuple[Probe, ...]:
    """The probes of a state: each offered action once, with the reference's verdict."""
    if state.phase is Phase.OVER:
        return ()
    probes: dict[str, Probe] = {}
    for action, seat in _offered(state, rng):
        shown = engine.action_to_json(action)
        if seat is not None:
            shown = {**shown, "seat": seat}
        key = repr(sorted(shown.items()))
        if key in probes or not _allowed(shown, capabilities):
            continue
        probes[key] = Probe(shown, _verdict(engine.apply(state, action, seat)))
    return tuple(probes.values())


def get_rarity(trace: Sequence[str], cited: Mapping[str, int]) -> float:
    """How rarely the fixtures cite the clauses of a trace: the sum of ``1 / (1 + n)``
    over its clauses, ``n`` the number of fixtures citing each."""
    return sum(1.0 / (1 + cited.get(slug, 0)) for slug in trace)


def _turn_from(states: Sequence[State], taken: Sequence[JsonObject], at: int) -> list[JsonObject]:
    """The actions from ``at`` to the end of the turn, when ``at`` starts a turn."""
    if at >= len(taken) or states[at].phase is not Phase.DRAW:
        return []
    seat = states[at].turn
    turn: list[JsonObject] = []
    for index in range(at, len(taken)):
        turn.append(taken[index])
        after = states[index + 1]
        if after.phase is Phase.OVER or after.turn != seat or after.phase is Phase.DRAW:
            return turn
    return []


def make_position(
    target: Target,
    number: int,
    rng: random.Random,
    cited: Mapping[str, int],
    capabilities: frozenset[str] | None = None,
) -> Position:
    """A position of ``target``: a hand dealt from a seed the ``rng`` draws, self-played,
    and, among :data:`CANDIDATES` of its positions (the last one always among them), one
    chosen with a probability proportional to the rarity of its trace."""
    profile = target.get_profile()
    seed = rng.getrandbits(32)
    start = engine.new_hand(profile, seed=seed)
    deck = [str(card) for card in get_state_cards(engine.state_to_json(start))]
    deck.sort()
    rng.shuffle(deck)
    dealer = rng.randrange(profile.players)
    states, taken = _walk(start, rng, capabilities)
    picks = sorted({len(states) - 1, *(rng.randrange(len(states)) for _ in range(CANDIDATES))})
    probed = [get_probes(states[at], rng, capabilities) for at in picks]
    traces = [
        tuple(sorted({p.verdict["clause"] for p in probes if not p.accepted})) for probes in probed
    ]
    weights = [get_rarity(trace, cited) + 0.01 for trace in traces]
    chosen = rng.choices(range(len(picks)), weights=weights)[0]
    at = picks[chosen]
    over = states[-1].phase is Phase.OVER
    last = max((i for i in range(len(taken)) if _turn_from(states, taken, i)), default=0)
    return Position(
        target=target,
        number=number,
        seed=seed,
        start=dict(engine.state_to_json(start)),
        prefix=tuple(taken[:at]),
        turn=tuple(_turn_from(states, taken, at)),
        probes=probed[chosen],
        trace=traces[chosen] if states[at].phase is not Phase.OVER else ("hand-score",),
        hand_over=states[at].phase is Phase.OVER,
        walk=tuple(taken) if over else (),
        last_turn=last if over else 0,
        deck=tuple(deck),
        dealer=dealer,
        others=tuple(
            tuple(taken[:i]) for i in picks if i != at and states[i].phase is not Phase.OVER
        ),
        snapshots=tuple(
            (n, dict(engine.state_to_json(states[n])))
            for n in sorted({at, *picks, last, len(taken)})
            if n > 0
        ),
    )
