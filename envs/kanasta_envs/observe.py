"""player-view: what one seat sees, as flat numpy tensors, seats and sides relative to it.

The observation holds only the player view (clause player-view): the seat's own hand, the
other hands' sizes, the table, the pile as the family shows it, the stock's size, the fi
packets' sizes and takers, the trump card, red threes, the scores, the first-meld minimum
and the phase. The information state adds the public memory a careful player keeps: the
cards each seat is known to hold because it took them from the pile (or took them back
from the table) and has not laid them since, and every card discarded so far. No card a
seat has not seen is ever written into its tensors.

Layout (every part a block of the flat vector, in this order; :func:`get_layout` names them
with their sizes): ``hand`` (53 counts), ``hand_sizes`` (per seat), ``to_act`` and
``dealer`` (one-hot per seat), ``phase`` (deal, draw, play, over), per side: ``table``
(53 counts), ``melds``, ``canastas`` (9 kinds), ``opened``, ``red_threes``, ``score``
(points / 1000); ``pile`` (53 counts as shown), ``pile_top`` (53), ``pile_size``,
``frozen``, ``blocked``, ``stock_size``, ``fi_sizes`` (2), ``fi_taken`` (per seat),
``trump`` (53), ``pile_card`` (53), ``minimum`` (points / 100), ``spelling`` (the seat's own
action being spelt: 4 heads, the meld index, 53 card counts). The information state adds
``known`` (per seat, 53) and ``discards`` (53).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from kanasta.rules.cards import NUM_KINDS

from kanasta_envs.actions import CARD, CARD_OF_TEXT, LAY_OFF, MELD, TAKE_PILE
from kanasta_envs.core import CoreState, Game, count_cards

__all__ = ["get_info_state_tensor", "get_layout", "get_observation_tensor"]

CANASTA_KINDS = ("clean", "dirty", "super", "all-wild", "half", "full", "grand", "natural", "mixed")
MAX_FI = 2


def get_layout(game: Game, *, info_state: bool) -> list[tuple[str, int]]:
    """The blocks of the flat tensor, in order, with their sizes."""
    n, t = game.players, game.teams
    blocks = [
        ("hand", NUM_KINDS),
        ("hand_sizes", n),
        ("to_act", n),
        ("dealer", n),
        ("phase", 4),
        ("table", t * NUM_KINDS),
        ("melds", t),
        ("canastas", t * len(CANASTA_KINDS)),
        ("opened", t),
        ("red_threes", t),
        ("score", t),
        ("pile", NUM_KINDS),
        ("pile_top", NUM_KINDS),
        ("pile_size", 1),
        ("frozen", 1),
        ("blocked", 1),
        ("stock_size", 1),
        ("fi_sizes", MAX_FI),
        ("fi_taken", n),
        ("trump", NUM_KINDS),
        ("pile_card", NUM_KINDS),
        ("minimum", 1),
        ("spelling", 4 + 1 + NUM_KINDS),
    ]
    if info_state:
        blocks += [("known", n * NUM_KINDS), ("discards", NUM_KINDS)]
    return blocks


def _cards(texts: list[str]) -> list[int]:
    return [CARD_OF_TEXT[t] for t in texts]


def _minimum(game: Game, score: int) -> float:
    """opening-threshold: the side's first-meld minimum at its score (points)."""
    applicable = [
        band
        for band in game.profile.opening_bands
        if band.min_score is None or score >= band.min_score
    ]
    best = max(
        applicable, key=lambda b: -(10**12) if b.min_score is None else b.min_score, default=None
    )
    return 0.0 if best is None else best.min_points / 2


def _fill(
    game: Game, state: CoreState, seat: int, out: npt.NDArray[np.float32], info: bool
) -> None:
    n, t = game.players, game.teams
    rel = [(s - seat) % n for s in range(n)]
    side = game.team_of(seat)
    rel_team = [(k - side) % t for k in range(t)]
    pos = 0

    def block(size: int) -> npt.NDArray[np.float32]:
        nonlocal pos
        view = out[pos : pos + size]
        pos += size
        return view

    hand = block(NUM_KINDS)
    hand_sizes = block(n)
    to_act = block(n)
    dealer = block(n)
    phase = block(4)
    table = block(t * NUM_KINDS).reshape(t, NUM_KINDS)
    melds = block(t)
    canastas = block(t * len(CANASTA_KINDS)).reshape(t, len(CANASTA_KINDS))
    opened = block(t)
    red_threes = block(t)
    score = block(t)
    pile = block(NUM_KINDS)
    pile_top = block(NUM_KINDS)
    pile_size = block(1)
    frozen = block(1)
    blocked = block(1)
    stock_size = block(1)
    fi_sizes = block(MAX_FI)
    fi_taken = block(n)
    trump = block(NUM_KINDS)
    pile_card = block(NUM_KINDS)
    minimum = block(1)
    spelling = block(4 + 1 + NUM_KINDS)
    dealer[rel[state.dealer]] = 1
    for k in range(t):
        score[rel_team[k]] = state.totals[k] / 2000
    minimum[0] = _minimum(game, state.totals[side]) / 100
    if state.dealing or state.native is None or (state.pending and state.pending.action is None):
        phase[0] = 1
        for c in state.deal_hands[seat] if state.deal_hands else []:
            hand[c] += 1
        for s in range(n):
            hand_sizes[rel[s]] = len(state.deal_hands[s]) if state.deal_hands else 0
        for c in state.deal_upcards:
            pile[c] += 1
        if state.deal_upcards:
            pile_top[state.deal_upcards[-1]] = 1
            pile_size[0] = len(state.deal_upcards)
        if state.deal_trump is not None:
            trump[state.deal_trump] = 1
    else:
        j: dict[str, Any] = state.json
        phase[{"draw": 1, "play": 2, "over": 3}[j["phase"]]] = 1
        for c in j["hands"][seat]:
            hand[CARD_OF_TEXT[c]] += 1
        for s in range(n):
            hand_sizes[rel[s]] = len(j["hands"][s])
        if not state.over:
            to_act[rel[j["turn"]]] = 1
        extra = j["extra"]
        for k, laid in enumerate(j["melds"]):
            r = rel_team[k]
            melds[r] = len(laid)
            for meld in laid:
                for batch in meld["history"]:
                    for c in batch["cards"]:
                        table[r, CARD_OF_TEXT[c]] += 1
                if meld["canasta"] in CANASTA_KINDS:
                    canastas[r, CANASTA_KINDS.index(meld["canasta"])] += 1
            opened[r] = 1 if j["opened"][k] else 0
        for k, reds in enumerate(extra.get("red_threes", [])):
            red_threes[rel_team[k]] = len(reds)
        discard = _cards(j["discard"])
        profile = game.profile
        shown = discard if profile.pile_seen_whole else discard[-1:]
        for c in shown:
            pile[c] += 1
        if discard:
            pile_top[discard[-1]] = 1
            blocked[0] = 1 if discard[-1] in profile.pile_blockers else 0
        pile_size[0] = len(discard)
        frozen[0] = 1 if any(c in profile.pile_freezers for c in discard) else 0
        stock_size[0] = len(j["stock"])
        for i, packet in enumerate(j["fi"][:MAX_FI]):
            fi_sizes[i] = len(packet)
        for taker in extra.get("fi_takers", []):
            fi_taken[rel[taker]] += 1
        if j["trump"] is not None:
            trump[CARD_OF_TEXT[j["trump"]]] = 1
        if extra.get("pile_card") is not None:
            pile_card[CARD_OF_TEXT[extra["pile_card"]]] = 1
        if state.prefix and not state.over and j["turn"] == seat:
            head = state.prefix[0]
            if head == MELD:
                spelling[0] = 1
            elif head < TAKE_PILE:
                spelling[1] = 1
                spelling[4] = head - LAY_OFF
            else:
                spelling[2] = 1
                spelling[4] = head - TAKE_PILE - 1
            for token in state.prefix[1:]:
                spelling[5 + token - CARD] += 1
        elif not state.over:
            spelling[3] = 1
    if info:
        known = block(n * NUM_KINDS).reshape(n, NUM_KINDS)
        discards = block(NUM_KINDS)
        for s in range(n):
            if state.known:
                known[rel[s]] = state.known[s]
        discards[:] = state.discards_seen
    assert pos == out.shape[0]


def _size(game: Game, info: bool) -> int:
    return sum(size for _, size in get_layout(game, info_state=info))


def get_observation_tensor(game: Game, state: CoreState, seat: int) -> npt.NDArray[np.float32]:
    """player-view: the observation of ``seat`` as a flat float32 vector."""
    out = np.zeros(_size(game, False), dtype=np.float32)
    _fill(game, state, seat, out, False)
    return out


def get_info_state_tensor(game: Game, state: CoreState, seat: int) -> npt.NDArray[np.float32]:
    """player-view: the information state of ``seat``: the observation and public memory."""
    out = np.zeros(_size(game, True), dtype=np.float32)
    _fill(game, state, seat, out, True)
    return out


__all__ += ["count_cards"]
