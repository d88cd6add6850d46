"""The differential play oracle of the suite-strength tool (``tools/mutation.py``).

For each family with an engine, a seeded, deterministic probe run through the
public engine API, the way ``kanasta play`` and ``kanasta bench`` play: a few
hands dealt from seeds, the family's table options cycled across them, a seeded
random strategy over the legal actions. At each decision it records the sorted
legal actions, the chosen action and the state after it, and it *probes* a few
seeded near-legal actions that the listing may not offer (a 2-4 card subset of
the hand as a meld, a lay-off onto a meld index up to one past the table, a
discard, a draw, the take-pile forms, a pass, a take-back), recording each
verdict: accepted with the state it leads to, or the rejection's clause and
reason code. Each hand ends with its score and with the game's answer after
it (totals, winner, target in force, next dealer), from starting totals picked
around the family's opening bands and target; short seeded games of given hand
scores check the target, the ties and the extensions on their own, and the
seeds a game deals its hands from.

Every input is a function of the seeds and of earlier *recorded* answers of
the engine (the probes read the hand and the melds of a state whose JSON is
recorded), never of the code under test: so a record that differs from the
pristine one first differs in an answer to the same input. The family's digest
is that of the whole record.

The run is meant for a child process whose ``PYTHONPATH`` puts a mutated copy
of the package first (``tools/mutation_suite.py``); it imports the package
when called, not when loaded. On its own, to see what it costs or to compare a
changed copy of the package with a record:

    python tools/mutation_oracle.py [--families koz,classic] [--out RECORD.pickle]
                                    [--reference RECORD.pickle]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import random
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

FAMILIES: tuple[str, ...] = ("koz", "fi-5200", "fi-351", "classic")

TABLES: dict[str, tuple[tuple[str, ...], ...]] = {
    "koz": ((),),
    "fi-5200": ((),),
    "fi-351": ((), ("players-2",), ("players-3",), ("target-555", "canasta-kind-at-scoring")),
    "classic": (
        (),
        ("players-2", "black-three-freezes", "concealed-canasta"),
        ("players-3", "two-naturals-per-wild", "concealed-only-bonus"),
        ("players-6", "black-three-minus-100", "joker-canasta"),
        ("concealed-waives-minimum", "black-three-last-turn"),
    ),
}
"""The option sets a family's hands cycle through (``ProfileOptions`` by name)."""

HANDS: dict[str, int] = {"koz": 3, "fi-5200": 3, "fi-351": 4, "classic": 5}
"""Hands played per family: together about a third of a second (docs/strength.rst)."""

GAMES = 6
"""Short games of given hand scores per table."""

MAX_MOVES = 3000
"""A hand not over after this many moves is recorded as stuck (the pristine longest is
well under a thousand)."""

# The inputs below are the pristine engine's numbers, written out: an input read from
# the profile under test would move with a mutant and hide it. tests/test_mutation_tool.py
# checks them against the profiles.

SEATS: dict[str, int] = {"players-2": 2, "players-3": 3, "players-6": 6}
"""Seats of a table option (4 otherwise) and, for players-2 and players-3, teams too."""

START_TOTALS: dict[str, tuple[int, ...]] = {
    "koz": (0, -20, 199, 200, 399, 400, 590),
    "fi-5200": (0, -100, 1799, 1800, 10390),
    "fi-351": (0, -50, 690, 1100),
    "classic": (0, -1, -200, 2999, 3000, 5999, 6000, 9900),
}
"""Team totals (half points) a hand may start from: each side of every opening band's
threshold, a negative total and totals near the target."""

TARGETS: dict[str, tuple[int, ...]] = {
    "koz": (600,),
    "fi-5200": (10400, 14400, 18400),
    "fi-351": (702, 1110),
    "classic": (10000,),
}
"""Targets and their extensions (half points): the given hand scores of the short
games sit around them."""

EXTRA_PROBES: dict[str, tuple[str, ...]] = {
    "koz": (),
    "fi-5200": (),
    "fi-351": ("pass",),
    "classic": ("take-pile-top",),
}
"""Probe kinds a family has beyond the common ones (pass by showing; taking the pile
with hand cards onto a meld)."""

COMMON_PROBES = ("discard", "draw", "take-pile", "take-back", "meld-wild")


@dataclass(slots=True)
class Record:
    """The events of one family's run: (kind, digest, short text), in order.

    With a ``reference`` (the pristine events) it notes the first event that
    differs, with where it happened, as it goes.
    """

    reference: Sequence[tuple[str, str, str]] | None = None
    events: list[tuple[str, str, str]] = field(default_factory=list)
    where: str = ""
    first: dict[str, Any] | None = None

    def add(self, kind: str, payload: object, short: str | None = None) -> None:
        text = repr(payload)
        digest = hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
        note = short if short is not None else (text if len(text) <= 160 else "")
        index = len(self.events)
        self.events.append((kind, digest, note))
        if self.reference is None or self.first is not None:
            return
        expected = self.reference[index] if index < len(self.reference) else None
        if expected is None or expected[:2] != (kind, digest):
            self.first = {
                "event": index,
                "where": self.where,
                "kind": kind,
                "pristine": (f"{expected[0]}: {expected[2]}" if expected else "(no event)"),
                "mutant": f"{kind}: {note}",
            }

    def digest(self) -> str:
        joined = "\n".join(f"{k} {d}" for k, d, _ in self.events)
        return hashlib.sha1(joined.encode()).hexdigest()[:16]


class OracleTimeout(Exception):
    """A family's run went past its time limit."""


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise OracleTimeout


def _action_key(action: Any) -> tuple[str, tuple[int, ...], int, int]:
    """An action as plain values that sort (its type is a ``StrEnum``: a str)."""
    wild = -1 if action.wild_at is None else action.wild_at
    return (str(action.type.value), action.cards, action.meld, wild)


_KINDS: dict[object, str] = {}


def _sorted_listing(actions: Sequence[Any]) -> tuple[list[Any], list[tuple[object, ...]]]:
    """The legal actions in a canonical order of their own (the listing's order is the
    engine's), with their keys."""
    kind = _KINDS
    if not kind:
        from kanasta.rules.actions import ActionType  # noqa: PLC0415

        kind.update((t, str(t.value)) for t in ActionType)
    keys = [
        (kind[a.type], a.cards, a.meld, -1 if a.wild_at is None else a.wild_at) for a in actions
    ]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    return [actions[i] for i in order], [keys[i] for i in order]


_MELDS: dict[int, tuple[object, tuple[object, ...]]] = {}


def _meld_view(meld: Any) -> tuple[object, ...]:
    """What ``meld_to_table_json`` shows of a meld, as ints (remembered per meld object:
    melds are frozen and shared by the states that follow)."""
    hit = _MELDS.get(id(meld))
    if hit is not None and hit[0] is meld:
        return hit[1]
    kind = meld.kind.value
    if kind == "set":
        arrangement: tuple[object, ...] = (kind, meld.rank, meld.cards)
    elif kind == "run":
        arrangement = (kind, meld.suit.letter, meld.low, meld.cards, meld.spare)
    else:
        arrangement = (kind, meld.cards)
    canasta = meld.canasta.value if meld.canasta is not None else None
    view = (meld.history, arrangement, canasta)
    _MELDS[id(meld)] = (meld, view)
    return view


def _state_view(state: Any) -> tuple[object, ...]:
    """The state as ``state_to_json`` shows it (the fixture schema's ``state``), with cards
    as ints: the same content for a tenth of the time (tests/test_mutation_tool.py checks
    that two states have the same view exactly when they have the same JSON)."""
    from kanasta.io.state_json import _extra_to_json  # noqa: PLC0415

    return (
        state.hands,
        state.stock,
        state.discard,
        state.fi,
        tuple(tuple(_meld_view(m) for m in team) for team in state.melds),
        state.team_scores,
        state.trump,
        state.dealer,
        state.turn,
        state.phase.value,
        state.opened,
        state.fi_takers,
        json.dumps(_extra_to_json(state), sort_keys=True),
    )


def _verdict(result: Any) -> tuple[object, ...]:
    from kanasta.errors import Violation  # noqa: PLC0415

    if isinstance(result, Violation):
        return ("rejected", result.clause, result.code)
    return ("accepted", _state_view(result))


def _probe_actions(family: str, state: Any, rng: random.Random) -> list[tuple[str, Any]]:
    """The near-legal actions probed at a decision: a meld, a lay-off and one other kind."""
    from kanasta.rules.actions import Action, ActionType  # noqa: PLC0415

    hand = tuple(state.hands[state.turn])
    melds = len(state.melds[state.turn % len(state.melds)])
    probes: list[tuple[str, Any]] = []
    if len(hand) >= 2:
        size = rng.randint(2, min(4, len(hand)))
        cards = tuple(sorted(rng.sample(hand, size)))
        probes.append(("meld", Action(ActionType.MELD, cards)))
    if hand:
        size = 1 if len(hand) < 2 or rng.random() < 0.7 else 2
        cards = tuple(sorted(rng.sample(hand, size)))
        index = rng.randint(0, melds)
        wild = rng.randint(1, 14) if rng.random() < 0.2 else None
        probes.append(("lay-off", Action(ActionType.LAY_OFF, cards, index, wild)))
    kind = rng.choice((*COMMON_PROBES, *EXTRA_PROBES[family]))
    if kind == "discard" and hand:
        probes.append((kind, Action(ActionType.DISCARD, (rng.choice(hand),))))
    elif kind == "draw":
        probes.append((kind, Action(ActionType.DRAW)))
    elif kind == "take-pile":
        probes.append((kind, Action(ActionType.TAKE_PILE, meld=-1)))
    elif kind == "take-back":
        probes.append((kind, Action(ActionType.TAKE_BACK)))
    elif kind == "pass":
        probes.append((kind, Action(ActionType.PASS)))
    elif kind == "meld-wild" and len(hand) >= 3:
        cards = tuple(sorted(rng.sample(hand, 3)))
        probes.append((kind, Action(ActionType.MELD, cards, 0, rng.randint(1, 14))))
    elif kind == "take-pile-top" and len(hand) >= 2:
        cards = tuple(sorted(rng.sample(hand, 2)))
        probes.append((kind, Action(ActionType.TAKE_PILE, cards, rng.randint(-1, melds))))
    return probes


def _play_hand(
    family: str, options: tuple[str, ...], number: int, seed: int, record: Record
) -> None:
    """One hand from starting totals, played and probed, then scored and judged as a game's."""
    from kanasta import engine  # noqa: PLC0415
    from kanasta.errors import Violation  # noqa: PLC0415
    from kanasta.families import get_profile  # noqa: PLC0415
    from kanasta.rules.deal import get_next_dealer  # noqa: PLC0415
    from kanasta.rules.game import get_game_after_hand  # noqa: PLC0415
    from kanasta.rules.state import Phase  # noqa: PLC0415

    rng = random.Random(f"{seed}:{family}:{number}:play")
    probe_rng = random.Random(f"{seed}:{family}:{number}:probe")
    seats = next((SEATS[o] for o in options if o in SEATS), 4)
    teams = seats if seats in (2, 3) else 2
    totals = tuple(rng.choice(START_TOTALS[family]) for _ in range(teams))
    dealer = rng.randrange(seats)
    deal_seed = rng.getrandbits(63)
    record.where = f"{family} {' '.join(options) or '(no options)'}: hand {number}, deal"
    profile = get_profile(family, options)
    state = engine.new_hand(profile, seed=deal_seed, dealer=dealer, team_scores=totals)
    record.add("deal", _state_view(state), f"seed {deal_seed}, dealer {dealer}")
    moves = 0
    while state.phase is not Phase.OVER:
        record.where = (
            f"{family} {' '.join(options) or '(no options)'}: hand {number}, decision {moves}"
        )
        listing, keys = _sorted_listing(engine.legal_actions(state))
        record.add("legal", keys, f"{len(keys)} actions")
        for kind, probe in _probe_actions(family, state, probe_rng):
            verdict = _verdict(engine.apply(state, probe))
            shown = "accepted" if verdict[0] == "accepted" else " ".join(map(str, verdict))
            key = _action_key(probe)
            record.add(f"probe {kind}", (key, verdict), f"{key} -> {shown}")
        if not listing or moves >= MAX_MOVES:
            record.add("stuck", moves)
            return
        action = listing[rng.randrange(len(listing))]
        after = engine.apply(state, action)
        if isinstance(after, Violation):
            record.add("listed action refused", (_action_key(action), after.clause, after.code))
            return
        record.add("play", (_action_key(action), _state_view(after)), repr(_action_key(action)))
        state = after
        moves += 1
    record.where = f"{family} {' '.join(options) or '(no options)'}: hand {number}, end"
    score = engine.score_hand(state)
    record.add("score", json.dumps(score.to_json(), sort_keys=True))
    after_hand = get_game_after_hand(profile, totals, profile.target_score, score.totals)
    record.add("game after hand", (totals, after_hand))
    record.add("next dealer", get_next_dealer(profile, dealer))


def _play_games(family: str, options: tuple[str, ...], seed: int, record: Record) -> None:
    """Short games of given hand scores around the target and its extensions."""
    from kanasta.families import get_profile  # noqa: PLC0415
    from kanasta.rules.deal import get_next_dealer  # noqa: PLC0415
    from kanasta.rules.game import get_game_after_hand, get_hand_seed  # noqa: PLC0415

    profile = get_profile(family, options)
    rng = random.Random(f"{seed}:{family}:{' '.join(options)}:games")
    record.where = f"{family} {' '.join(options) or '(no options)'}: hand seeds"
    game_seeds = (0, rng.getrandbits(32), rng.getrandbits(64), (1 << 64) - 1)
    record.add("hand seeds", [get_hand_seed(s, n) for s in game_seeds for n in (1, 2, 3)])
    seats = next((SEATS[o] for o in options if o in SEATS), 4)
    teams = seats if seats in (2, 3) else 2
    targets = TARGETS[family]
    for game in range(GAMES):
        record.where = f"{family} {' '.join(options) or '(no options)'}: game {game}"
        totals = (0,) * teams
        target = profile.target_score
        dealer = rng.randrange(seats)
        for _hand in range(4):
            aim = rng.choice(targets)
            steps = (0, 1, -1, aim // 2 - 1, aim // 2, aim // 2 + 1, aim - 1, aim)
            tie = rng.random() < 0.3
            first = rng.choice(steps)
            scores = tuple(first if tie else rng.choice(steps) for _ in range(teams))
            totals, winner, target = get_game_after_hand(profile, totals, target, scores)
            dealer = get_next_dealer(profile, dealer)
            record.add("game", (scores, totals, winner, target, dealer))
            if winner is not None:
                break


def run_family(
    family: str,
    seed: int = 1,
    reference: Sequence[tuple[str, str, str]] | None = None,
    time_limit: float = 0.0,
) -> tuple[Record, str]:
    """One family's probe run: its record, and ``ok``, ``crash: <error>`` or ``timeout``.

    With ``time_limit`` (seconds, > 0) a run that lasts longer stops (``SIGALRM``,
    so only in a main thread).
    """
    record = Record(reference)
    status = "ok"
    previous: Callable[..., Any] | int | None = None
    if time_limit > 0:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        tables = TABLES[family]
        for number in range(HANDS[family]):
            _play_hand(family, tables[number % len(tables)], number, seed, record)
        for options in tables:
            _play_games(family, options, seed, record)
    except OracleTimeout:
        status = "timeout"
    except Exception as exc:  # a mutant may raise anything: it is recorded
        status = f"crash: {type(exc).__name__}: {str(exc)[:120]}"
    finally:
        if time_limit > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    if status != "ok":
        record.add("end", status)
    return record, status


def run_oracle(
    seed: int = 1,
    reference: dict[str, Sequence[tuple[str, str, str]]] | None = None,
    limits: dict[str, float] | None = None,
    families: Sequence[str] = FAMILIES,
) -> dict[str, dict[str, Any]]:
    """Every family's run: digest, status, seconds, events and (with a reference) the
    first event that differs from it."""
    out: dict[str, dict[str, Any]] = {}
    for family in families:
        started = time.perf_counter()
        cpu = time.process_time()
        record, status = run_family(
            family,
            seed,
            None if reference is None else reference.get(family, ()),
            0.0 if limits is None else limits.get(family, 0.0),
        )
        out[family] = {
            "digest": record.digest(),
            "status": status,
            "seconds": time.perf_counter() - started,
            "cpu_seconds": time.process_time() - cpu,
            "events": len(record.events),
            "first_difference": record.first,
            "record": record.events,
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--families", default=",".join(FAMILIES), help="comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hands and probes")
    parser.add_argument("--out", type=Path, help="write the record here (pickle)")
    parser.add_argument("--reference", type=Path, help="compare with this record")
    args = parser.parse_args(argv)
    families = [f.strip() for f in args.families.split(",") if f.strip()]
    unknown = [f for f in families if f not in FAMILIES]
    if unknown:
        parser.error(f"no oracle for {', '.join(unknown)}; the families are {', '.join(FAMILIES)}")
    reference: dict[str, dict[str, Any]] | None = None
    if args.reference is not None:
        with args.reference.open("rb") as handle:
            reference = pickle.load(handle)
    result = run_oracle(
        args.seed,
        None if reference is None else {f: v["record"] for f, v in reference.items()},
        families=families,
    )
    if reference is not None:
        for family, entry in result.items():
            entry["differs"] = entry["digest"] != reference[family]["digest"]
    if args.out is not None:
        with args.out.open("wb") as handle:
            pickle.dump(result, handle, protocol=pickle.HIGHEST_PROTOCOL)
    summary = {f: {k: v for k, v in e.items() if k != "record"} for f, e in result.items()}
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
