"""The requests a position becomes, the reference's answers as expectations, the comparison.

Each request is a one-step fixture built in memory (:class:`Case`): the position's state
and actions as its setup, and the step. Its expectation is the answer of the reference
(:class:`~kanasta.conformance.reference.ReferenceImplementation`, the code ``kanasta
adapter`` serves), cut to the fields a fixture holds; the implementation's answer is then
judged by the runner itself (:func:`~kanasta.conformance.runner.run_fixture`, with the
checks of :mod:`kanasta.conformance.checks`), so exploration compares exactly as ``run``
does, within the handshake's claims (a request it does not claim is skipped unsent).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kanasta.conformance.checks import Outcome
from kanasta.conformance.connections import Connection
from kanasta.conformance.explore.positions import Position, Probe, Target
from kanasta.conformance.model import Fixture, JsonObject, Setup, Step, StepKind
from kanasta.conformance.protocol import Hello, build_requests
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import FixtureResult, run_fixture

__all__ = [
    "MAX_REJECTED",
    "Case",
    "Difference",
    "compare_case",
    "expect_case",
    "get_cases",
    "to_fixture_json",
]

MAX_REJECTED = 12
"""At most this many refused probes (one per reason code and clause) go in one request."""

MAX_ACCEPTED = 6
"""At most this many accepted probes are asked, each on its own."""

MAX_MELDS = 3
"""Of which at most this many melds."""

MAX_TURN = 40
"""A turn step names at most this many actions (the fixture format's bound)."""

_KIND_CLAUSES: Mapping[StepKind, str] = {
    StepKind.ACTIONS: "action-kinds",
    StepKind.COUNT: "legal-action-count",
    StepKind.SCORE: "score-breakdown",
    StepKind.TURN: "turn-structure",
    StepKind.DEAL: "deal-order",
}
"""The clause a difference is filed under when no verdict names one."""


@dataclass(frozen=True, slots=True)
class Case:
    """One request to compare: a target, a setup (state and actions) and one step."""

    target: Target
    state: JsonObject
    prefix: tuple[JsonObject, ...]
    kind: StepKind
    params: JsonObject = field(default_factory=dict)

    def to_fixture(self, ident: str = "explore", expect: JsonObject | None = None) -> Fixture:
        return Fixture(
            id=ident,
            variant=self.target.variant,
            clauses=(),
            description="",
            steps=(Step(0, self.kind, self.params, expect),),
            setup=Setup(state=self.state, actions=self.prefix),
            features=self.target.features,
        )


def _accepted(probes: Sequence[Probe]) -> list[Probe]:
    """The accepted probes asked: the first of each action kind, and up to
    :data:`MAX_MELDS` melds."""
    kept: list[Probe] = []
    seen: set[object] = set()
    melds = 0
    for probe in probes:
        kind = probe.action["type"]
        if kind == "meld" and melds < MAX_MELDS:
            melds += 1
            kept.append(probe)
        elif kind not in seen and kind != "meld":
            seen.add(kind)
            kept.append(probe)
    return kept[:MAX_ACCEPTED]


def _then_discard(action: JsonObject, probes: Sequence[Probe]) -> list[JsonObject]:
    """A meld or lay-off, then the first discard probed of a card it leaves in the hand
    (the discard asks whether a provisional opening stands: opening-checked-at-discard)."""
    if action["type"] not in ("meld", "lay-off"):
        return [action]
    used = list(action.get("cards", []))
    for probe in probes:
        if probe.action["type"] == "discard" and probe.action["card"] not in used:
            return [action, probe.action]
    return [action]


def _melds_together(probes: Sequence[Probe]) -> list[list[JsonObject]]:
    """The accepted meld probes naming no card an earlier one names, the first two, three
    ... of them in order, each time then a discard of a card left: openings of several
    melds, checked when the player discards after them (opening-checked-at-discard)."""
    left: list[str] = []
    for probe in probes:
        if probe.action["type"] == "discard":
            left.append(probe.action["card"])
    melds: list[JsonObject] = []
    used: list[str] = []
    for probe in probes:
        if not probe.accepted or probe.action["type"] != "meld":
            continue
        cards = list(probe.action["cards"])
        if not set(cards) & set(used):
            melds.append(probe.action)
            used.extend(cards)
    rest = [c for c in left if c not in used]
    discard = [{"type": "discard", "card": rest[0]}] if rest else []
    return [[*melds[:n], *discard] for n in range(2, min(len(melds), MAX_MELDS) + 1)]


def get_cases(position: Position) -> list[Case]:
    """The requests a position becomes: the refused probes (one per reason) and then an
    accepted one as one sequence of actions, each other accepted kind alone, the count of
    legal actions there and at the other positions weighed, the whole turn the self-play
    took from it; and, when the self-played hand ended, its scores and its last turn as a
    whole. The first request replays the hand from its deal (the implementation must accept
    every action of it); the others start from the explicit state they ask about."""

    def case(
        kind: StepKind, params: JsonObject, prefix: tuple[JsonObject, ...] = position.prefix
    ) -> Case:
        if not cases:
            return Case(position.target, position.start, prefix, kind, params)
        return Case(position.target, position.get_snapshot(len(prefix)), (), kind, params)

    cases: list[Case] = []
    reasons: dict[tuple[str, str], JsonObject] = {}
    for probe in position.probes:
        if not probe.accepted:
            reasons.setdefault((probe.verdict["clause"], probe.verdict["code"]), probe.action)
    rejected = list(reasons.values())[:MAX_REJECTED]
    accepted = _accepted([p for p in position.probes if p.accepted])
    first = [accepted[0].action] if accepted else []
    if rejected or first:
        cases.append(case(StepKind.ACTIONS, {"actions": [*rejected, *first]}))
    for probe in accepted[1:]:
        cases.append(
            case(StepKind.ACTIONS, {"actions": _then_discard(probe.action, position.probes)})
        )
    cases.extend(case(StepKind.ACTIONS, {"actions": t}) for t in _melds_together(position.probes))
    if not position.hand_over:
        cases.append(case(StepKind.COUNT, {"depth": 1}))
    cases.extend(case(StepKind.COUNT, {"depth": 1}, prefix) for prefix in position.others)
    if position.turn and len(position.turn) <= MAX_TURN:
        cases.append(case(StepKind.TURN, {"play": list(position.turn)}))
    if position.walk:
        cases.append(case(StepKind.SCORE, {}, position.walk))
        last = position.walk[position.last_turn :]
        if position.last_turn and len(last) <= MAX_TURN:
            cases.append(
                case(StepKind.TURN, {"play": list(last)}, position.walk[: position.last_turn])
            )
    elif position.hand_over:
        cases.append(case(StepKind.SCORE, {}))
    if position.deck:
        players = position.target.get_profile().players
        deal = {"players": players, "dealer": position.dealer, "deck": list(position.deck)}
        cases.append(case(StepKind.DEAL, deal, ()))
    return cases


def _rejection(answer: Mapping[str, Any]) -> JsonObject:
    return {"verdict": "rejected", "code": answer["code"], "clause": answer["clause"]}


def _verdict(answer: Mapping[str, Any]) -> JsonObject:
    return _rejection(answer) if answer["verdict"] == "rejected" else {"verdict": "accepted"}


def _scores(teams: Sequence[Mapping[str, Any]]) -> JsonObject:
    return {"teams": [{"total": t["total"], "breakdown": dict(t["breakdown"])} for t in teams]}


def _expectation(kind: StepKind, answer: Mapping[str, Any]) -> JsonObject:
    """The reference's answer cut to the expectation a fixture of this kind holds."""
    if kind is StepKind.ACTIONS:
        return {"verdicts": [_verdict(v) for v in answer["verdicts"]]}
    if kind is StepKind.COUNT:
        return {"count": answer["count"]}
    if kind is StepKind.SCORE:
        return _scores(answer["teams"])
    if kind is StepKind.DEAL:
        return dict(answer)
    if answer["verdict"] == "rejected":
        return _rejection(answer)
    facts: JsonObject = {
        "verdict": "accepted",
        "went_out": answer["went_out"],
        "hand_over": answer["hand_over"],
        "canastas": list(answer["canastas"]),
    }
    if "pile_frozen" in answer:
        facts["pile_frozen"] = answer["pile_frozen"]
    if "teams" in answer:
        facts["scores"] = _scores(answer["teams"])
    return facts


def expect_case(reference: ReferenceImplementation, case: Case) -> Fixture | None:
    """The case as a fixture whose expectation is the reference's answer; ``None`` when
    the reference refuses its setup (a state or an action of the setup that is not valid)."""
    fixture = case.to_fixture()
    ((_, request),) = build_requests(fixture)
    answer = reference.answer(request)
    if "error" in answer or "unsupported" in answer:
        return None
    return replace(
        fixture, steps=(replace(fixture.steps[0], expect=_expectation(case.kind, answer)),)
    )


@dataclass(frozen=True, slots=True)
class Difference:
    """A request the implementation answers otherwise than the reference."""

    case: Case
    fixture: Fixture
    """The one-step fixture, with the reference's answer as its expectation."""
    outcome: Outcome
    """``fail`` (a different answer) or ``error`` (an error answer, a crash, a timeout)."""
    clause: str
    """The clause the difference is filed under (the deciding clause of the verdicts)."""
    messages: tuple[str, ...]

    @property
    def signature(self) -> tuple[str, tuple[str, ...], str, str]:
        """What stays the same while a difference is shrunk: target, kind and clause."""
        return (
            self.case.target.variant,
            self.case.target.features,
            self.case.kind.value,
            self.clause,
        )


def _safe_verdict(have: Mapping[str, Any]) -> JsonObject:
    """A verdict as the fixture holds it, read leniently (fields missing stay missing)."""
    if have.get("verdict") != "rejected":
        return {"verdict": have.get("verdict")}
    return {k: have.get(k) for k in ("verdict", "code", "clause")}


def _verdict_clause(want: Any, have: Any) -> str:
    if isinstance(want, Mapping) and want.get("verdict") == "rejected":
        return str(want["clause"])
    if isinstance(have, Mapping) and isinstance(have.get("clause"), str):
        return str(have["clause"])
    return ""


def get_clause(kind: StepKind, expect: JsonObject, got: Any, messages: Sequence[str]) -> str:
    """The clause a difference is filed under: for verdicts, the first differing one's
    deciding clause (the reference's, or the implementation's when only it refuses);
    a score's canasta bonus under canasta-bonus; else the request kind's clause."""
    clause = ""
    if kind is StepKind.ACTIONS and isinstance(got, Mapping):
        verdicts = got.get("verdicts")
        have_all = verdicts if isinstance(verdicts, list) else []
        for index, want in enumerate(expect["verdicts"]):
            have = have_all[index] if index < len(have_all) else None
            if not isinstance(have, Mapping) or _safe_verdict(have) != want:
                clause = _verdict_clause(want, have)
                break
    elif (
        kind is StepKind.TURN
        and isinstance(got, Mapping)
        and (got.get("verdict") != "accepted" or expect["verdict"] != "accepted")
    ):
        clause = _verdict_clause(expect, got)
    if not clause and any("breakdown canastas" in m for m in messages):
        clause = "canasta-bonus"
    return clause or _KIND_CLAUSES[kind]


def compare_case(
    fixture: Fixture, case: Case, connection: Connection, hello: Hello
) -> Difference | FixtureResult | None:
    """Ask the implementation and judge its answer as ``run`` does: ``None`` when it
    agrees, the :class:`Difference` when it does not, the skipped result when the
    handshake does not claim the request."""
    result = run_fixture(fixture, connection, hello)
    if result.outcome is Outcome.SKIPPED:
        return result
    if result.outcome is Outcome.PASS:
        return None
    step = result.steps[-1] if result.steps else None
    messages = step.messages if step is not None else (result.reason,)
    got = step.got if step is not None else None
    expect = fixture.steps[0].expect
    assert expect is not None
    clause = get_clause(case.kind, expect, got, messages)
    return Difference(case, fixture, result.outcome, clause, tuple(messages))


def to_fixture_json(
    difference: Difference, ident: str, description: str, fixture: Fixture | None = None
) -> JsonObject:
    """The difference as a fixture file (``fixture.schema.json``): the setup's explicit
    state and actions, and the one step with the reference's answer expected."""
    shown = fixture if fixture is not None else difference.fixture
    step = shown.steps[0]
    expect = step.expect
    assert expect is not None
    assert shown.setup is not None
    data: JsonObject = {
        "id": ident,
        "variant": shown.variant,
        "clauses": [difference.clause],
        "description": description,
    }
    if shown.features:
        data["features"] = list(shown.features)
    if step.kind is not StepKind.DEAL:
        setup: JsonObject = {"state": shown.setup.state}
        if shown.setup.actions:
            setup["actions"] = list(shown.setup.actions)
        data["setup"] = setup
    raw: JsonObject = {"kind": step.kind.value}
    if step.kind is StepKind.DEAL:
        raw |= {key: step.params[key] for key in ("players", "dealer", "deck")}
        raw["expect"] = expect
    elif step.kind is StepKind.ACTIONS:
        raw["actions"] = [
            {"action": a, "expect": v}
            for a, v in zip(step.params["actions"], expect["verdicts"], strict=True)
        ]
    elif step.kind is StepKind.COUNT:
        raw["depth"] = step.params["depth"]
        raw["expect"] = expect
    elif step.kind is StepKind.TURN:
        raw["play"] = list(step.params["play"])
        raw["expect"] = expect
    else:
        raw["expect"] = expect
    data["steps"] = [raw]
    return data
