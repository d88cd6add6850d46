"""Fixtures and answers as a person reads them: ``conformance show`` and ``explain``."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import IntEnum
from typing import Any

from kanasta.conformance.checks import Outcome, check_answer_phrases
from kanasta.conformance.model import Fixture, JsonObject, Step, StepKind
from kanasta.conformance.protocol import Dealer, build_requests
from kanasta.conformance.reference import ReferenceImplementation, format_arrangement
from kanasta.conformance.runner import get_vacuous_steps, reference_dealer
from kanasta.errors import Violation
from kanasta.families import PROFILES, get_game_clause
from kanasta.rules.families import RulesProfile
from kanasta.rules.points import points_to_json
from kanasta.specdoc.spec import Clause, load_spec
from kanasta.specdoc.spectext import format_clause, translate_clause
from kanasta.speech import (
    get_reason,
    get_score_row,
    get_template,
    say,
    say_canasta,
    say_move,
)

__all__ = [
    "ExplainStatus",
    "describe_answer",
    "describe_step",
    "explain",
    "format_fixture",
    "get_meld_clauses",
]


class ExplainStatus(IntEnum):
    """How ``kanasta explain`` ends; the value is its exit status (2: an unreadable question)."""

    ANSWERED = 0
    """Every step is answered, and every expectation the question gives agrees."""
    DIFFERS = 1
    """Every step is answered, and some answer differs from the expectation given."""
    UNANSWERED = 3
    """Some step could not be answered: an unknown variant, a setup that does not agree with
    itself, or something the reference does not support."""


def _cards(cards: Iterable[str], language: str = "en", family: str | None = None) -> str:
    return " ".join(cards) or say("(none)", language, family)


def _value(value: Any, language: str = "en", family: str | None = None) -> str:
    """A value as a person reads it: cards in card notation, anything else as JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return _cards(value, language, family)
    return json.dumps(value)


def _points(value: Any, language: str = "en") -> str:
    """Points as JSON gives them (``4.5``), with the decimal comma of Turkish (``4,5``)."""
    text = _value(value)
    return text.replace(".", ",") if language != "en" and isinstance(value, float) else text


def _move_text(action: Mapping[str, Any]) -> tuple[str, set[str]]:
    """An action of a question as :func:`~kanasta.rules.actions.format_action` writes a
    move (``lay-off #1 7S (wild at 9)``), its cards as written, and the fields it said."""
    kind = str(action.get("type"))
    cards = action.get("cards")
    shown = " ".join(str(c) for c in cards) if isinstance(cards, list) else ""
    wild = f" (wild at {action['wild_at']})" if "wild_at" in action else ""
    if kind == "discard" and "card" in action:
        return f"discard {action['card']}", {"type", "card"}
    if kind == "meld":
        return f"meld {shown}{wild}", {"type", "cards", "wild_at"}
    if kind == "lay-off" and "meld" in action:
        return f"lay-off #{action['meld']} {shown}{wild}", {"type", "meld", "cards", "wild_at"}
    if kind == "take-pile":
        onto = action.get("meld", -1)
        text = "take-pile" + (f" with {shown}" if shown else "")
        text += f" onto #{onto}" if isinstance(onto, int) and onto >= 0 else ""
        return text, {"type", "cards", "meld"}
    return kind, {"type"}


def _field(key: str, language: str, family: str | None = None) -> str:
    """A field name of a question or an answer (``seat``, ``hand_sizes``) in ``language``."""
    return key if language == "en" else get_template(f"field {key}", language, family)


def _batches(
    value: list[Any], onto: Callable[[Any], str], language: str, family: str | None = None
) -> str:
    """The batches of a whole turn's ``melds`` or ``lay_offs``: each its meld (``onto``)
    and its cards, ``|`` between them."""
    return " | ".join(
        (onto(b.get("meld")) if "meld" in b else "") + _cards(b.get("cards", []), language, family)
        for b in value
        if isinstance(b, Mapping)
    )


def _said_action(action: Mapping[str, Any], language: str, family: str | None = None) -> str:
    """An action of a question in words of ``language``: the move, then any other field."""
    text, said = _move_text(action)
    parts = [say_move(text.rstrip(), language, family)]
    for key, value in action.items():
        if key in said:
            continue
        if key in ("melds", "lay_offs") and isinstance(value, list):
            onto = lambda n: say("onto #{n}: ", language, family, n=n)  # noqa: E731
            batches = _batches(value, onto, language, family)
            parts.append(f"{_field(key, language, family)} [{batches}]")
        else:
            parts.append(f"{_field(key, language, family)}={_value(value, language, family)}")
    return " ".join(parts)


def _action(action: Mapping[str, Any], language: str = "en", family: str | None = None) -> str:
    """An action of a question; its kind said in ``language``, its fields as written."""
    if language != "en":
        return _said_action(action, language, family)
    parts = [say_move(str(action.get("type")), language, family)]
    for key, value in action.items():
        if key == "type":
            continue
        if key in {"cards", "card"}:
            parts.append(_value(value, language, family))
        elif key in ("melds", "lay_offs") and isinstance(value, list):
            batches = _batches(value, lambda n: f"meld {n}: ", language)
            parts.append(f"{key.replace('_', '-')} [{batches}]")
        else:
            parts.append(f"{key}={_value(value)}")
    return " ".join(parts)


def _fact(key: str, value: Any, language: str, family: str | None = None) -> str:
    """A fact of a state step's answer in words of ``language`` (not English): yes and no,
    nothing, the phase, melds as :func:`_arrangement` says them; cards as written."""
    if isinstance(value, bool) or value is None:
        return say(f"value {json.dumps(value)}", language, family)
    if key == "phase" and isinstance(value, str):
        return say(f"phase {value}", language, family)
    if isinstance(value, Mapping) and isinstance(value.get("arrangement"), Mapping):
        text = _arrangement(value["arrangement"], language, family)
        if isinstance(value.get("canasta"), str):
            text += f" ({say_canasta(value['canasta'], language, family)})"
        return text
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return _cards(value, language, family) if value else say("(none)", language, family)
    if isinstance(value, list):
        return "[" + ", ".join(_fact(key, v, language, family) for v in value) + "]"
    if isinstance(value, Mapping):
        said = (
            f"{_field(k, language, family)}: {_fact(k, v, language, family)}"
            for k, v in value.items()
        )
        return "{" + ", ".join(said) + "}"
    return _value(value, language, family)


def _rejection(answer: Mapping[str, Any], language: str = "en", family: str | None = None) -> str:
    code, clause = _value(answer.get("code")), _value(answer.get("clause"))
    text = say("rejected: {code} [clause {clause}]", language, family, code=code, clause=clause)
    if language == "en":
        return text
    return f"{text}: {get_reason(Violation(clause, code), language, family)}"


def _arrangement(arrangement: Mapping[str, Any], language: str, family: str | None = None) -> str:
    """An arrangement as :func:`format_arrangement` writes it, its words in ``language``."""
    if language == "en":
        return format_arrangement(arrangement)
    kind = arrangement.get("kind")
    if kind == "set":
        head = say("set of {rank}", language, family, rank=arrangement.get("rank"))
    elif kind == "run":
        suit, low = arrangement.get("suit"), arrangement.get("low")
        head = say("run of {suit} from position {low}", language, family, suit=suit, low=low)
    else:
        head = say("meld of wild cards", language, family)
    text = f"{head}: {' '.join(arrangement.get('cards', []))}"
    spare = arrangement.get("spare") or []
    if spare:
        text += say(" (outside: {cards})", language, cards=" ".join(spare))
    return text


def _scores(teams: Any, language: str = "en", family: str | None = None) -> list[str]:
    lines: list[str] = []
    for index, team in enumerate(teams if isinstance(teams, list) else []):
        if not isinstance(team, Mapping):
            continue
        breakdown = team.get("breakdown")
        items = (
            " ("
            + ", ".join(
                f"{get_score_row(k, language, family)} {_points(v, language)}"
                for k, v in breakdown.items()
            )
            + ")"
            if isinstance(breakdown, Mapping) and breakdown
            else ""
        )
        total = f"{_points(team.get('total'), language)}{items}"
        lines.append(say("team {team}: {total}", language, family, team=index, total=total))
    return lines


def describe_step(step: Step, language: str = "en", family: str | None = None) -> list[str]:
    """What a step asks, in words (in ``language``)."""
    params = step.params

    def t(template: str, **values: object) -> str:
        return say(template, language, family, **values)

    if step.kind is StepKind.MELD:
        wild = params.get("wild_at")
        where = t(" (wild at position {n})", n=_value(wild)) if wild else ""
        lines = [
            t(
                "lay {cards} as a new meld{where}",
                cards=_cards(params["cards"], language, family),
                where=where,
            )
        ]
        if params.get("going_out"):
            lines[0] += t(", going out")
        for number, batch in enumerate(params.get("lay_offs", []), start=1):
            moved = t(" (wild to position {n})", n=batch["wild_at"]) if batch.get("wild_at") else ""
            lines.append(
                t(
                    "then lay-off {n}: {cards}{moved}",
                    n=number,
                    cards=_cards(batch["cards"], language, family),
                    moved=moved,
                )
            )
        if params.get("trump"):
            lines.append(t("trump card: {card}", card=params["trump"]))
        return lines
    if step.kind is StepKind.ACTIONS:
        return [
            t("action {i}: {action}", i=i, action=_action(a, language, family))
            for i, a in enumerate(params["actions"])
        ]
    if step.kind is StepKind.COUNT:
        return [t("count the legal action sequences of depth {depth}", depth=params["depth"])]
    if step.kind is StepKind.PLAYTHROUGH:
        actions = params["actions"]
        shown = "; ".join(_action(a, language, family) for a in actions[:5]) + (
            " ..." if len(actions) > 5 else ""
        )
        return [t("play {n} actions: {actions}", n=len(actions), actions=shown)]
    if step.kind is StepKind.SCORE:
        return [t("score the hand")]
    if step.kind is StepKind.GAME:
        return _describe_game(params, language, family)
    if step.kind is StepKind.DEAL:
        return _describe_deal(params, language, family)
    return [t("look at the state")]


def _describe_deal(
    params: JsonObject, language: str = "en", family: str | None = None
) -> list[str]:
    def t(template: str, **values: object) -> str:
        return say(template, language, family, **values)

    who = t("seat {seat} dealing to {n} players", seat=params["dealer"], n=params["players"])
    if "seed" in params:
        return [t("deal a hand from seed {seed}, {who}", seed=params["seed"], who=who)]
    deck = params["deck"]
    return [
        t("deal the deck given in order ({n} cards), {who}", n=len(deck), who=who),
        t("top of the deck: {cards} ...", cards=_cards(deck[:12], language, family)),
    ]


def _describe_deal_answer(
    answer: Mapping[str, Any], language: str = "en", family: str | None = None
) -> list[str]:
    def t(template: str, **values: object) -> str:
        return say(template, language, family, **values)

    def shown(cards: Any) -> str:
        return _cards(cards, language, family) if isinstance(cards, list) else _value(cards)

    lines = [t("first player: {seat}", seat=_value(answer.get("first_player")))]
    hands = answer.get("hands")
    for seat, hand in enumerate(hands if isinstance(hands, list) else []):
        lines.append(t("seat {seat}: {cards}", seat=seat, cards=shown(hand)))
    fi = answer.get("fi")
    for number, packet in enumerate(fi if isinstance(fi, list) else [], start=1):
        lines.append(t("fi {n}: {cards}", n=number, cards=shown(packet)))
    lines += [t(f"{key}: {{cards}}", cards=shown(answer.get(key))) for key in ("pile", "stock")]
    lines.append(t("trump: {card}", card=_value(answer.get("trump"))))
    if "red_threes" in answer:
        lines.append(t("red threes laid: {cards}", cards=_value(answer["red_threes"])))
    return lines


def _describe_game(
    params: JsonObject, language: str = "en", family: str | None = None
) -> list[str]:
    def t(template: str, **values: object) -> str:
        return say(template, language, family, **values)

    seed = t(", game seed {seed}", seed=params["seed"]) if "seed" in params else ""
    lines = [
        t(
            "play a game, seat {seat} dealing the first hand{seed}",
            seat=params["first_dealer"],
            seed=seed,
        )
    ]
    for number, hand in enumerate(params["hands"], start=1):
        if "scores" in hand:
            shown = ", ".join(_points(p, language) for p in hand["scores"])
            lines.append(t("hand {n}: the hand scores {scores}", n=number, scores=shown))
        else:
            dealt = t("from its explicit deal" if "deal" in hand else "from the game's seed")
            lines.append(
                t(
                    "hand {n}: play {k} actions {dealt}",
                    n=number,
                    k=len(hand["actions"]),
                    dealt=dealt,
                )
            )
    return lines


def _describe_game_answer(
    answer: Mapping[str, Any], language: str = "en", family: str | None = None
) -> list[str]:
    def t(template: str, **values: object) -> str:
        return say(template, language, family, **values)

    if answer.get("verdict") == "rejected":
        return [
            t(
                "hand {n} action {i} {rejection}",
                n=answer.get("hand"),
                i=answer.get("index"),
                rejection=_rejection(answer, language, family),
            )
        ]
    lines: list[str] = []
    hands = answer.get("hands")
    for number, hand in enumerate(hands if isinstance(hands, list) else [], start=1):
        if not isinstance(hand, Mapping):
            continue
        scores = hand.get("scores")
        totals = hand.get("totals")
        lines.append(
            t(
                "hand {n}: dealer {dealer}, scores {scores}; totals {totals}; target {target}",
                n=number,
                dealer=hand.get("dealer"),
                scores=", ".join(
                    _points(p, language) for p in (scores if isinstance(scores, list) else [])
                ),
                totals=", ".join(
                    _points(p, language) for p in (totals if isinstance(totals, list) else [])
                ),
                target=_points(hand.get("target"), language),
            )
        )
    winner = answer.get("winner")
    if winner is None:
        lines.append(t("no winner yet"))
    else:
        lines.append(t("team {team} wins after hand {n}", team=winner, n=answer.get("decided_in")))
    return lines


def describe_answer(
    step: Step, answer: Mapping[str, Any] | None, language: str = "en", family: str | None = None
) -> list[str]:
    """An expectation or an answer, in words (in ``language``)."""

    def t(template: str, **values: object) -> str:
        return say(template, language, family, **values)

    if answer is None:
        return [t("(no expectation)")]
    if "unsupported" in answer:
        return [t("unsupported: {what}", what=_value(answer["unsupported"]))]
    if "error" in answer:
        return [t("error: {what}", what=_value(answer["error"]))]
    if step.kind is StepKind.MELD:
        if answer.get("verdict") == "rejected":
            at = answer.get("at", 0)
            where = t("the meld itself") if at == 0 else t("lay-off {n}", n=at)
            return [
                t(
                    "{rejection} at {where}",
                    rejection=_rejection(answer, language, family),
                    where=where,
                )
            ]
        canasta = answer.get("canasta")
        text = _arrangement(answer.get("arrangement") or {}, language, family)
        lines = [t("legal: {meld}", meld=text)]
        lines.append(t("points: {points}", points=_points(answer.get("points"), language)))
        if "canasta" in answer:
            bonus = (
                t(" (bonus {bonus})", bonus=_points(answer["bonus"], language))
                if "bonus" in answer
                else ""
            )
            if canasta is None:
                kind = t("no")
            else:
                kind = (
                    str(canasta)
                    if language == "en"
                    else say_canasta(str(canasta), language, family)
                )
            lines.append(t("canasta: {kind}{bonus}", kind=kind, bonus=bonus))
        elif "bonus" in answer:
            lines.append(t("bonus: {bonus}", bonus=_points(answer["bonus"], language)))
        return lines
    if step.kind is StepKind.ACTIONS:
        verdicts = answer.get("verdicts")
        return [
            t(
                "action {i}: {verdict}",
                i=i,
                verdict=(
                    _rejection(v, language, family)
                    if isinstance(v, Mapping) and v.get("verdict") == "rejected"
                    else t("accepted")
                ),
            )
            for i, v in enumerate(verdicts if isinstance(verdicts, list) else [])
        ]
    if step.kind is StepKind.STATE:
        facts = answer.get("state", answer)
        if language != "en" and isinstance(facts, Mapping):
            return [
                f"{_field(key, language, family)}: {_fact(key, v, language, family)}"
                for key, v in facts.items()
            ]
        return (
            [f"{key}: {_value(value, language, family)}" for key, value in facts.items()]
            if isinstance(facts, Mapping)
            else [_value(facts)]
        )
    if step.kind is StepKind.COUNT:
        return [t("count: {n}", n=_value(answer.get("count")))]
    if step.kind is StepKind.PLAYTHROUGH and answer.get("verdict") == "rejected":
        return [
            t(
                "action {i} {rejection}",
                i=answer.get("index"),
                rejection=_rejection(answer, language, family),
            )
        ]
    if step.kind is StepKind.GAME:
        return _describe_game_answer(answer, language, family)
    if step.kind is StepKind.DEAL:
        return _describe_deal_answer(answer, language, family)
    return _scores(answer.get("teams"), language, family)


def _clause_texts(
    slugs: Sequence[str], clauses: Mapping[str, Clause], language: str = "en"
) -> list[str]:
    numbers = {slug: clause.number for slug, clause in clauses.items()}
    out: list[str] = []
    for slug in dict.fromkeys(slugs):
        clause = clauses.get(slug)
        if clause is None:
            out.append(f"[{slug}] (no such clause in this edition of the spec)")
        else:
            shown = translate_clause(clause, language)
            out.append(format_clause(shown, numbers=numbers, language=language).rstrip())
    return out


def _indent(lines: Iterable[str], prefix: str = "    ") -> list[str]:
    return [textwrap.indent(line, prefix) for line in lines]


def _setup_lines(fixture: Fixture, language: str = "en", family: str | None = None) -> list[str]:
    setup = fixture.setup
    if setup is None:
        return []

    def t(template: str, **values: object) -> str:
        return say(template, language, family, **values)

    lines = [t("Setup:")]
    if setup.state is not None:
        state = setup.state
        for seat, hand in enumerate(state.get("hands", [])):
            lines.append(
                t(
                    "    hand of seat {seat}: {cards}",
                    seat=seat,
                    cards=_cards(hand, language, family),
                )
            )
        lines.append(
            t(
                "    stock: {n} cards; discard pile: {cards}",
                n=len(state.get("stock", [])),
                cards=_cards(state.get("discard", []), language, family),
            )
        )
        for team, melds in enumerate(state.get("melds", [])):
            for meld in melds:
                arrangement = meld.get("arrangement")
                if arrangement is None:
                    batches = " | ".join(" ".join(b["cards"]) for b in meld["history"])
                    lines.append(
                        t("    team {team} meld built from: {batches}", team=team, batches=batches)
                    )
                else:
                    text = _arrangement(arrangement, language, family)
                    lines.append(t("    team {team} meld: {meld}", team=team, meld=text))
        lines.append(
            t(
                "    turn: seat {seat}, phase {phase}",
                seat=_value(state.get("turn")),
                phase=say(f"phase {_value(state.get('phase'))}", language, family)
                if language != "en"
                else _value(state.get("phase")),
            )
        )
    else:
        lines.append(t("    the spec's deal from seed {seed}", seed=setup.seed))
    if setup.actions:
        shown = "; ".join(_action(a, language, family) for a in setup.actions)
        lines.append(t("    then {n} action(s): {actions}", n=len(setup.actions), actions=shown))
    return lines


def format_fixture(fixture: Fixture, *, spec: Sequence[Clause] | None = None) -> str:
    """A fixture as a person reads it: the scenario, the expected verdicts, the clauses."""
    clauses = {c.slug: c for c in (spec if spec is not None else load_spec())}
    lines = [f"{fixture.id}  ({fixture.variant})"]
    if fixture.source:
        lines.append(f"source: {fixture.source}")
    if fixture.compiled_from:
        lines.append(f"compiled from: {fixture.compiled_from}")
    if fixture.features:
        lines.append(f"features: {', '.join(fixture.features)}")
    lines.append("")
    lines.extend(textwrap.wrap(fixture.description, 88))
    lines.append("")
    lines.extend(_setup_lines(fixture))
    vacuous = (
        get_vacuous_steps(fixture, reference_dealer()) if StepKind.STATE in fixture.kinds else ()
    )
    for step in fixture.steps:
        note = f" - {step.note}" if step.note else ""
        lines.append(f"Step {step.index} ({step.kind.value}){note}:")
        lines.extend(_indent(describe_step(step)))
        lines.append("  expected:")
        lines.extend(_indent(describe_answer(step, step.expect)))
        if step.index in vacuous:
            lines.append(
                "  (proves nothing: these facts already hold of the setup the runner sends, "
                "so passing this step earns no clause)"
            )
    lines.append("")
    lines.append("Clauses:")
    lines.append("")
    for text in _clause_texts(fixture.clauses, clauses):
        lines.append(text)
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def explain(
    fixture: Fixture,
    *,
    reference: ReferenceImplementation | None = None,
    dealer: Dealer | None = None,
    spec: Sequence[Clause] | None = None,
    language: str = "en",
) -> tuple[str, ExplainStatus]:
    """Answer a question with the reference: each step's verdict and the deciding clauses.

    Returns the text and how it ends (:class:`ExplainStatus`): answered, answered but
    differing from an expectation the question gives, or not answered.
    """
    answerer = reference if reference is not None else ReferenceImplementation()
    family = fixture.variant  # its answers in the words of the family's sources
    clauses = {c.slug: c for c in (spec if spec is not None else load_spec())}
    lines = [say("Question: {id} ({variant})", language, id=fixture.id, variant=fixture.variant)]
    if fixture.description:
        lines.extend(textwrap.wrap(fixture.description, 88))
    lines.append("")
    lines.extend(_setup_lines(fixture, language, family))
    agrees = True
    answered = True
    for step, request in build_requests(fixture, dealer):
        answer: JsonObject = answerer.answer(request)
        if "error" in answer or "unsupported" in answer:
            answered = False
        lines.append(
            say(
                "Step {index} ({kind}):",
                language,
                family,
                index=step.index,
                kind=say(f"step {step.kind.value}", language, family)
                if language != "en"
                else step.kind.value,
            )
        )
        lines.extend(_indent(describe_step(step, language, family)))
        lines.append(say("  the reference says:", language, family))
        lines.extend(_indent(describe_answer(step, answer, language, family)))
        if step.expect is not None:
            outcome, messages = check_answer_phrases(step, answer)
            if outcome is Outcome.PASS:
                lines.append(say("  this agrees with the expectation given.", language, family))
            else:
                agrees = False
                lines.append(say("  this DIFFERS from the expectation given:", language, family))
                lines.extend(_indent(message.render(language, family) for message in messages))
        deciding = _deciding(step, answer, fixture.variant)
        slugs = deciding + [s for s in fixture.clauses if s not in deciding]
        if slugs:
            lines.append(say("  clauses:", language, family))
            for text in _clause_texts(slugs, clauses, language):
                lines.extend(_indent([text]))
                lines.append("")
        else:
            lines.append("")
    if not answered:
        status = ExplainStatus.UNANSWERED
    else:
        status = ExplainStatus.ANSWERED if agrees else ExplainStatus.DIFFERS
    return "\n".join(lines).rstrip() + "\n", status


def _deciding(step: Step, answer: Mapping[str, Any], variant: str = "") -> list[str]:
    found: list[str] = []
    if step.kind is StepKind.GAME and "hands" in answer and variant in PROFILES:
        found += _game_clauses(PROFILES[variant], answer)
    if isinstance(answer.get("clause"), str):
        found.append(answer["clause"])
    verdicts = answer.get("verdicts")
    for verdict in verdicts if isinstance(verdicts, list) else []:
        if isinstance(verdict, Mapping) and isinstance(verdict.get("clause"), str):
            found.append(verdict["clause"])
    if step.kind is StepKind.MELD and answer.get("verdict") == "legal":
        found.extend(get_meld_clauses(answer))
        if step.params.get("lay_offs"):
            found.append("lay-off")
            if answer.get("canasta") in ("half", "full"):
                found.append("canasta-kind-fixed")
    return list(dict.fromkeys(found))


def _game_clauses(profile: RulesProfile, answer: Mapping[str, Any]) -> list[str]:
    """game-hands and the family's game target (game-tie when the target moved): the
    clauses that decide a whole game's answer."""
    hands = answer.get("hands")
    targets = {
        hand.get("target")
        for hand in (hands if isinstance(hands, list) else [])
        if isinstance(hand, Mapping)
    }
    first = points_to_json(profile.target_score)
    moved = any(t != first for t in targets if t is not None)
    return [get_game_clause(profile), *(["game-tie"] if moved else []), "game-hands"]


def get_meld_clauses(answer: Mapping[str, Any]) -> list[str]:
    """The clauses that make a legal meld what it is: its shape and its canasta kind."""
    arrangement = answer.get("arrangement")
    kind = arrangement.get("kind") if isinstance(arrangement, Mapping) else None
    slugs = {"set": ["set-definition"], "run": ["run-definition"], "wild": ["wild-only-melds"]}
    found = list(slugs.get(str(kind), []))
    if kind == "run" and isinstance(arrangement, Mapping) and _has_acting_wild(arrangement):
        found.append("run-wild-placement")
    found.append("meld-points")
    canasta = answer.get("canasta")
    canasta_clauses = {
        "clean": "canasta-clean-dirty",
        "dirty": "canasta-clean-dirty",
        "super": "canasta-super",
        "all-wild": "canasta-all-wild",
        "half": "canasta-half-full",
        "full": "canasta-half-full",
        "grand": "canasta-grand",
        "natural": "canasta-natural-mixed",
        "mixed": "canasta-natural-mixed",
    }
    if isinstance(canasta, str) and canasta in canasta_clauses:
        found.append(canasta_clauses[canasta])
        found.append("canasta-bonus")
    return found


def _has_acting_wild(arrangement: Mapping[str, Any]) -> bool:
    """Whether a run arrangement holds a card standing for a place it is not."""
    suit, low, cards = arrangement.get("suit"), arrangement.get("low"), arrangement.get("cards")
    if not isinstance(low, int) or not isinstance(cards, list):
        return False
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for offset, card in enumerate(cards):
        place = low + offset
        if not 1 <= place <= 14 or card != f"{ranks[place - 1]}{suit}":
            return True
    return bool(arrangement.get("spare"))
