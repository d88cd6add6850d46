"""One authored scenario, its variation chosen, as the JSON fixture other engines read.

:mod:`kanasta.conformance.scenarios` reads the scenario files and expands ``families`` and
``vary``; what is left here is one scenario for one family with its placeholders filled,
and :func:`build_fixture` writes its fixture: the partial setup completed by
:func:`kanasta.io.scenario.build_state`, the steps read from their short notation
(:mod:`kanasta.conformance.notation`), the golden values asked of the reference.
Every error names the file and the place inside it (:class:`Where`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from kanasta import engine
from kanasta.conformance.generate import (
    generate_fixture,
    get_golden_facts,
    play_game_hand,
    replay_hand,
    require_engine,
)
from kanasta.conformance.loader import fixture_from_json
from kanasta.conformance.model import JsonObject
from kanasta.conformance.notation import (
    parse_action,
    parse_arrangement,
    parse_batch,
    parse_batch_object,
    parse_card_list,
    parse_rejection,
    parse_team_score,
)
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.stacked import Placement, stack_deck
from kanasta.errors import InputError
from kanasta.families import PROFILES, get_variant_profile
from kanasta.io.scenario import build_state
from kanasta.io.state_json import state_to_json
from kanasta.rules.cards import Card, format_card, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.rules.points import parse_points
from kanasta.rules.state import Phase, State, get_team_count

__all__ = ["GOLDEN", "NULL", "Where", "build_fixture", "expect_list", "expect_table", "guarded"]

GOLDEN = "golden"
"""A fact or count written ``"golden"`` is the reference's answer, filled in when compiled."""
NULL = "null"
"""TOML has no null: ``"null"`` stands for JSON's ``null`` (no card, no canasta, no winner)."""

FACT_SEATS = frozenset({"hand_sizes", "hands", "opened_seats"})
"""State facts given per seat; a table keyed by seat names only the seats that changed."""
FACT_TEAMS = frozenset({"opened", "fi_taken", "team_scores", "red_threes"})
"""State facts given per team; a table keyed by team names only the teams that changed."""
STEP_KINDS = ("actions", "state", "score", "count", "meld", "game", "turn", "deal")


class Where:
    """A place in a scenario file, for error messages: the file, then a path inside it."""

    def __init__(self, file: str, path: str = "") -> None:
        self.file = file
        self.path = path

    def at(self, part: str | int) -> Where:
        """The place one key or index further in."""
        if isinstance(part, int):
            return Where(self.file, f"{self.path}[{part}]")
        return Where(self.file, f"{self.path}.{part}" if self.path else part)

    def fail(self, problem: str) -> InputError:
        """The one-paragraph error for a problem here: the file, the path, the problem."""
        where = f": at {self.path}" if self.path else ""
        return InputError(f"{self.file}{where}: {problem}")


@contextmanager
def guarded(where: Where) -> Iterator[None]:
    """Put the place in front of the error of a reader of the notation or the engine."""
    try:
        yield
    except InputError as exc:
        raise where.fail(str(exc)) from None


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def expect_str(where: Where, value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise where.fail(f"expected {what}, found {_show(value)}.")
    return value


def expect_int(where: Where, value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise where.fail(f"expected {what}, found {_show(value)}.")
    return value


def expect_list(where: Where, value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise where.fail(f"expected {what}, found {_show(value)}.")
    return value


def expect_table(where: Where, value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise where.fail(f"expected {what}, found {_show(value)}.")
    return value


def _null(value: Any) -> Any:
    return None if value == NULL else value


def _clean(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _cards(value: Any, where: Where) -> list[str]:
    with guarded(where):
        if isinstance(value, list):
            return [card for item in value for card in parse_card_list(str(item))]
        return parse_card_list(expect_str(where, value, "cards such as '7H 7D JK'"))


def _card(value: Any, where: Where) -> str | None:
    if value == NULL:
        return None
    cards = _cards(value, where)
    if len(cards) != 1:
        raise where.fail(f"expected one card or 'null', found {_show(value)}.")
    return cards[0]


def _card_text(value: Any, where: Where) -> str:
    """Cards of a setup, as the text :func:`kanasta.io.scenario.build_state` reads."""
    return " ".join(_cards(value, where))


def _action(text: Any, where: Where) -> tuple[JsonObject, JsonObject]:
    line = expect_str(where, text, "an action such as 'discard 7S'")
    with guarded(where):
        return parse_action(line)


def _keyed(value: Any, size: int, fill: Callable[[int], Any], where: Where, what: str) -> list[Any]:
    """A per-seat or per-team list, from a list or from a table keyed by seat or team
    (the seats or teams it does not name get ``fill``)."""
    if isinstance(value, list):
        return value
    table = expect_table(where, value, f"a list or a table keyed by {what}")
    out = [fill(i) for i in range(size)]
    for key, item in table.items():
        if not key.isdigit() or int(key) >= size:
            raise where.fail(f"{key!r} is not a {what} of a table of {size}.")
        out[int(key)] = item
    return out


def _every(value: Any, size: int, where: Where, what: str) -> list[Any]:
    """A per-seat or per-team list that has no default: a list, or a table keyed by seat or
    team that names every one (``{ "{team}" = false, "{other}" = true }``)."""
    listed = _keyed(value, size, lambda _: None, where, what)
    unnamed = [str(i) for i, item in enumerate(listed) if item is None]
    if unnamed and not isinstance(value, list):
        raise where.fail(
            f"a table keyed by {what} names every {what} here (not {', '.join(unnamed)})."
        )
    return listed


# --------------------------------------------------------------------------- the setup


@dataclass(slots=True)
class _Context:
    """What the steps of one fixture see: the profile, the setup, the actions accepted."""

    profile: RulesProfile
    start: Callable[[], State] | None = None
    actions: list[JsonObject] = field(default_factory=list)
    _setup_json: JsonObject | None = None

    def setup_json(self, where: Where) -> JsonObject:
        """The setup as a state JSON object (what an unnamed seat or team keeps)."""
        if self._setup_json is None:
            if self.start is None:
                raise where.fail("a fact given for some seats or teams needs a setup.")
            self._setup_json = state_to_json(self.start())
        return self._setup_json

    def state_now(self, where: Where) -> State:
        """The reference's state after the setup and the actions accepted so far."""
        if self.start is None:
            raise where.fail("a golden value needs a setup.")
        with guarded(where):
            return replay_hand(self.start(), self.actions)


def _setup(raw: Any, profile: RulesProfile, where: Where) -> tuple[JsonObject, Callable[[], State]]:
    setup = expect_table(where, raw, "a table: the cards that matter, or a seed")
    if "seed" not in setup:
        kwargs = _state_kwargs(setup, profile, where)
        with guarded(where):
            state = build_state(profile, **kwargs)
        return {"state": state_to_json(state)}, lambda: state
    seed = expect_int(where.at("seed"), setup["seed"], "a seed")
    unknown = sorted(set(setup) - {"seed", "actions"})
    if unknown:
        raise where.fail(f"a seeded setup has only seed and actions, not {unknown}.")
    listed = expect_list(where.at("actions"), setup.get("actions", []), "a list of actions")
    actions = [_action(text, where.at("actions").at(i))[0] for i, text in enumerate(listed)]
    out: JsonObject = {"seed": seed}
    if actions:
        out["actions"] = actions

    def dealt() -> State:
        return replay_hand(engine.new_hand(profile, seed=seed), actions)

    return out, dealt


SETUP_KEYS = (
    "hands",
    "melds",
    "discard",
    "stock_top",
    "stock_size",
    "fi",
    "fi_left",
    "fi_takers",
    "trump",
    "turn",
    "phase",
    "opened",
    "team_scores",
    "dealer",
    "pile_card",
    "went_out",
    "hand_sizes",
    "seat_opened",
    "provisional",
    "fi_waiting",
    "red_threes",
    "table_seats",
    "pile_pending",
    "pile_top",
)
"""The fields of a partial setup: the arguments of :func:`kanasta.io.scenario.build_state`."""


def _state_kwargs(setup: dict[str, Any], profile: RulesProfile, where: Where) -> dict[str, Any]:
    """The arguments of :func:`kanasta.io.scenario.build_state` a setup table gives."""
    players, teams = profile.players, get_team_count(profile)
    kwargs: dict[str, Any] = {}
    for key, value in setup.items():
        at = where.at(key)
        if key == "hands":
            hands = _keyed(value, players, lambda _: None, at, "seat")
            kwargs[key] = [h if h is None else _card_text(h, at.at(i)) for i, h in enumerate(hands)]
        elif key == "hand_sizes":
            sizes = _keyed(value, players, lambda _: profile.hand_size, at, "seat")
            kwargs[key] = _numbers(sizes, at, "hand sizes")
        elif key == "melds":
            listed = _keyed(value, teams, lambda _: [], at, "team")
            kwargs[key] = [
                [
                    _meld_spec(m, at.at(t).at(i))
                    for i, m in enumerate(expect_list(at.at(t), team, "melds"))
                ]
                for t, team in enumerate(listed)
            ]
        elif key == "team_scores":
            scores = _keyed(value, teams, lambda _: 0, at, "team")
            for i, score in enumerate(scores):
                if not isinstance(score, int | str) or isinstance(score, bool):
                    raise at.at(i).fail(f"expected points (120, or '4.5'), found {_show(score)}.")
            kwargs[key] = scores
        elif key == "red_threes":
            listed = _keyed(value, teams, lambda _: "", at, "team")
            kwargs[key] = [_card_text(h, at.at(i)) for i, h in enumerate(listed)]
        elif key in ("discard", "stock_top", "pile_pending"):
            kwargs[key] = _card_text(value, at)
        elif key == "fi":
            listed = expect_list(at, value, "a list of fi packets")
            kwargs[key] = [_card_text(h, at.at(i)) for i, h in enumerate(listed)]
        elif key == "phase":
            kwargs[key] = _phase(value, at)
        elif key in ("trump", "pile_card", "pile_top"):
            kwargs[key] = _card(value, at)
        elif key in _SETUP_NUMBERS:
            kwargs[key] = expect_int(at, value, "a whole number")
        elif key in ("fi_takers", "fi_waiting"):
            kwargs[key] = _numbers(value, at, "seats")
        elif key in ("opened", "seat_opened", "table_seats"):
            size, what = (teams, "team") if key == "opened" else (players, "seat")
            listed = _every(value, size, at, what)
            kwargs[key] = [_flag(v, at.at(i)) for i, v in enumerate(listed)]
        else:
            known = ", ".join(SETUP_KEYS)
            raise at.fail(f"{key!r} is not a field of a setup ({known}; or seed and actions).")
    return kwargs


_SETUP_NUMBERS = frozenset({"stock_size", "fi_left", "turn", "dealer", "went_out", "provisional"})


def _numbers(value: Any, where: Where, what: str) -> list[int]:
    listed = expect_list(where, value, f"a list of {what}")
    return [expect_int(where.at(i), v, "a whole number") for i, v in enumerate(listed)]


def _flag(value: Any, where: Where) -> bool:
    if not isinstance(value, bool):
        raise where.fail(f"expected true or false, found {_show(value)}.")
    return value


def _phase(value: Any, where: Where) -> Phase:
    try:
        return Phase(value)
    except ValueError:
        phases = ", ".join(p.value for p in Phase)
        raise where.fail(f"{_show(value)} is not a phase ({phases}).") from None


def _meld_spec(value: Any, where: Where) -> str | list[tuple[str, int | None]]:
    """A table meld of a setup: ``"8C 8D 8H"``, or its batches ``["5H 6H JK @4", "7H"]``."""
    batches = [value] if isinstance(value, str) else expect_list(where, value, "a meld")
    out: list[tuple[str, int | None]] = []
    for i, batch in enumerate(batches):
        at = where if isinstance(value, str) else where.at(i)
        with guarded(at):
            cards, wild_at = parse_batch(expect_str(at, batch, "a batch of cards"))
        out.append((" ".join(cards), wild_at))
    if isinstance(value, str) and out[0][1] is None:
        return out[0][0]
    return out


# --------------------------------------------------------------------------- the steps


def _facts(raw: Any, ctx: _Context, where: Where) -> JsonObject:
    facts = expect_table(where, raw, "a table of facts")
    players, teams = ctx.profile.players, get_team_count(ctx.profile)
    out: JsonObject = {}
    golden: JsonObject | None = None
    for key, value in facts.items():
        at = where.at(key)
        if value == GOLDEN:
            golden = golden or get_golden_facts(ctx.state_now(at))
            if key not in golden:
                raise at.fail(f"the reference gives no golden {key!r} (only {', '.join(golden)}).")
            out[key] = golden[key]
        elif key in FACT_SEATS or key in FACT_TEAMS:
            out[key] = _fact_list(key, value, ctx, at, players if key in FACT_SEATS else teams)
        elif key in ("discard_top", "trump"):
            out[key] = _card(value, at)
        elif key == "melds":
            teams_melds = _every(value, teams, at, "team")
            out[key] = [
                [
                    _meld_fact(m, at.at(t).at(i))
                    for i, m in enumerate(expect_list(at.at(t), team, "melds"))
                ]
                for t, team in enumerate(teams_melds)
            ]
        else:
            out[key] = value
    return out


def _fact_list(key: str, value: Any, ctx: _Context, where: Where, size: int) -> list[Any]:
    """A per-seat or per-team fact; a table names some seats or teams, the others keep
    their value of the setup, and a hand size may be given as a change (``"+1"``)."""
    what = "seat" if key in FACT_SEATS else "team"
    listed = _keyed(value, size, lambda i: _setup_fact(ctx, key, i, where), where, what)
    if key == "hand_sizes":
        listed = [
            expect_int(where.at(i), _relative(v, ctx, i, where), "a hand size or a change ('+1')")
            for i, v in enumerate(listed)
        ]
    if key in ("hands", "red_threes"):
        listed = [_cards(v, where.at(i)) for i, v in enumerate(listed)]
    return listed


def _relative(value: Any, ctx: _Context, seat: int, where: Where) -> Any:
    if isinstance(value, str) and value[:1] in "+-" and value[1:].isdigit():
        return len(ctx.setup_json(where)["hands"][seat]) + int(value)
    return value


def _setup_fact(ctx: _Context, key: str, index: int, where: Where) -> Any:
    """A fact of the setup, for a seat or team that a table of facts does not name."""
    state = ctx.setup_json(where)
    extra = state["extra"]
    if key == "hand_sizes":
        return len(state["hands"][index])
    if key == "opened_seats":
        seats = extra.get("opened_seats")
        return seats[index] if seats is not None else state["opened"][index % len(state["opened"])]
    if key == "red_threes":
        return extra["red_threes"][index]
    return state[key][index]


def _meld_fact(raw: Any, where: Where) -> JsonObject:
    meld = expect_table(where, raw, "a meld's facts (arrangement, canasta, wild_at)")
    return {
        key: _arrangement(value, where.at(key)) if key == "arrangement" else _null(value)
        for key, value in meld.items()
    }


def _arrangement(value: Any, where: Where) -> JsonObject:
    text = expect_str(where, value, "an arrangement such as 'set of 9: 9C 9D 9S'")
    with guarded(where):
        return parse_arrangement(text)


def _score(raw: Any, teams: int, where: Where) -> JsonObject:
    listed = _keyed(raw, teams, lambda _: None, where, "team")
    out = []
    for team, line in enumerate(listed):
        at = where.at(team)
        text = expect_str(at, line, "a team's score 'TOTAL = ITEM POINTS + ...'")
        with guarded(at):
            out.append(parse_team_score(text))
    return {"teams": out}


def _count(step: dict[str, Any], ctx: _Context, head: JsonObject, where: Where) -> JsonObject:
    depth = expect_int(where.at("depth"), step.get("depth", 1), "a depth of 1 to 4")
    count = step["count"]
    if count == GOLDEN:
        count = engine.count_actions(ctx.state_now(where), depth)
    out = dict(head)
    if "depth" in step:
        out["depth"] = depth
    out["expect"] = {"count": expect_int(where.at("count"), count, "a number of sequences")}
    return out


_TURN_FACTS = ("went_out", "hand_over", "pile_frozen", "canastas", "scores")


def _turn_step(step: dict[str, Any], ctx: _Context, head: JsonObject, where: Where) -> JsonObject:
    """A whole turn: ``turn`` lists its actions; ``expect`` is ``"golden"`` (the reference's
    facts), a refusal ``"rejected by CLAUSE (CODE)"``, or a table of the facts it pins
    (``went_out``, ``hand_over``, ``canastas``, ``scores``), each checked against the
    reference when compiled, the others filled in from it."""
    at = where.at("turn")
    lines = expect_list(at, step["turn"], "a list of actions")
    play = [_action(line, at.at(i))[0] for i, line in enumerate(lines)]
    unknown = sorted(set(step) - {"turn", "expect", "note"})
    if unknown:
        raise where.fail(f"a turn step has turn, expect and note, not {unknown}.")
    raw = step.get("expect", GOLDEN)
    state = ctx.state_now(where)
    reference = ReferenceImplementation()
    facade = reference.engine
    assert facade is not None
    golden = reference.turn_answer(facade, ctx.profile, state, play)
    out: JsonObject = {**head, "play": play}
    if isinstance(raw, str) and raw != GOLDEN:
        with guarded(where.at("expect")):
            refusal = parse_rejection(raw, batch=False)
        if (golden.get("code"), golden.get("clause")) != (refusal["code"], refusal["clause"]):
            raise where.at("expect").fail(
                f"the reference answers {golden}, not the refusal written here."
            )
        return {**out, "expect": refusal}
    if golden["verdict"] != "accepted":
        raise where.fail(
            f"the reference refuses this turn ({golden['code']} [{golden['clause']}]); write "
            "the refusal as expect = 'rejected by CLAUSE (CODE)'."
        )
    teams = get_team_count(ctx.profile)
    facts: JsonObject = {"verdict": "accepted"}
    for key in _TURN_FACTS:
        if key == "scores":
            if "teams" in golden:
                facts["scores"] = {"teams": golden["teams"]}
        elif key in golden:
            facts[key] = golden[key]
    if raw != GOLDEN:
        given = expect_table(where.at("expect"), raw, "'golden', a refusal or a table of facts")
        for key, value in given.items():
            here = where.at("expect").at(key)
            if key not in _TURN_FACTS:
                raise here.fail(f"a turn's facts are {', '.join(_TURN_FACTS)}, not {key!r}.")
            if key == "scores":
                want: Any = _score(value, teams, here)
                have = facts.get("scores")
                same = have is not None and all(
                    parse_points(w["total"]) == parse_points(h["total"])
                    and ("breakdown" not in w or _same_breakdown(w["breakdown"], h["breakdown"]))
                    for w, h in zip(want["teams"], have["teams"], strict=True)
                )
                if same:
                    facts["scores"] = want
            elif key == "canastas":
                want = _keyed(value, teams, lambda i: facts["canastas"][i], here, "team")
                same = want == facts.get(key)
            elif key == "went_out":
                want = _null(value)
                if isinstance(want, str) and want.isdigit():
                    want = int(want)
                same = want == facts.get(key)
            else:
                want = value
                same = want == facts.get(key)
            if not same:
                raise here.fail(f"the reference gives {facts.get(key)}, not {want}.")
    return {**out, "expect": facts}


def _same_breakdown(want: dict[str, Any], have: dict[str, Any]) -> bool:
    return set(want) == set(have) and all(
        parse_points(want[k]) == parse_points(have[k]) for k in want
    )


def _meld_step(step: dict[str, Any], head: JsonObject, where: Where) -> JsonObject:
    """A stateless meld verdict: the meld's cards, its lay-off batches, the expectation."""
    out: JsonObject = {**head, **_batch(step["meld"], where.at("meld"))}
    for key, value in step.items():
        at = where.at(key)
        if key == "lay_offs":
            out[key] = [
                _batch(item, at.at(i)) for i, item in enumerate(expect_list(at, value, "batches"))
            ]
        elif key == "expect":
            out[key] = _meld_expect(value, at)
        elif key == "trump":
            out[key] = _card(value, at)
        elif key == "going_out":
            out[key] = value
        elif key not in ("meld", "note"):
            raise at.fail(f"a meld step has meld, lay_offs, trump, going_out, expect, not {key!r}.")
    return out


def _batch(value: Any, where: Where) -> JsonObject:
    text = expect_str(where, value, "cards, with the wild's place: '5H 6H JK @4'")
    with guarded(where):
        return parse_batch_object(text)


def _meld_expect(value: Any, where: Where) -> JsonObject:
    if isinstance(value, str):
        with guarded(where):
            return parse_rejection(value)
    given = expect_table(
        where, value, "a table (arrangement, points, canasta, bonus) or a rejection"
    )
    out: JsonObject = {"verdict": "legal"}
    for key, item in given.items():
        out[key] = _arrangement(item, where.at(key)) if key == "arrangement" else _null(item)
    return out


def _game_step(raw: Any, ctx: _Context, head: JsonObject, where: Where) -> JsonObject:
    """A whole game: each hand's result, given or played on the reference (golden), with
    its dealer and target; the totals are the running sums of the results."""
    game = expect_table(where, raw, "a table: first_dealer, seed, hands, unplayed, winner")
    step: JsonObject = {
        **head,
        "first_dealer": expect_int(where.at("first_dealer"), game.get("first_dealer"), "a seat"),
    }
    seed = game.get("seed")
    if seed is not None:
        step["seed"] = expect_int(where.at("seed"), seed, "a game seed")
    totals: list[int | float] = [0] * get_team_count(ctx.profile)
    given: list[JsonObject] = []
    rows: list[JsonObject] = []
    for number, item in enumerate(
        expect_list(where.at("hands"), game.get("hands"), "the hands played"), 1
    ):
        at = where.at("hands").at(number - 1)
        hand, scores = _game_hand(item, ctx, totals, seed, number, at)
        given.append(hand)
        totals = [_clean(a + b) for a, b in zip(totals, scores, strict=True)]
        row = expect_table(at, item, "a hand")
        shown = expect_list(at.at("totals"), row.get("totals", totals), "the totals after the hand")
        if shown != totals:
            raise at.at("totals").fail(f"the totals {shown} are not the running sums {totals}.")
        target = row.get("target")
        if not isinstance(target, int | float) or isinstance(target, bool):
            raise at.at("target").fail(f"expected the target in force, found {_show(target)}.")
        dealer = expect_int(at.at("dealer"), row.get("dealer"), "the dealer's seat")
        rows.append(
            {"dealer": dealer, "scores": list(scores), "totals": list(shown), "target": target}
        )
    for scores in expect_list(where.at("unplayed"), game.get("unplayed", []), "hands not played"):
        given.append({"scores": list(scores)})
    winner = _null(game.get("winner", NULL))
    step["hands"] = given
    step["expect"] = {
        "hands": rows,
        "winner": winner,
        "decided_in": len(rows) if winner is not None else None,
    }
    return step


def _game_hand(
    raw: Any,
    ctx: _Context,
    totals: Sequence[int | float],
    seed: int | None,
    number: int,
    where: Where,
) -> tuple[JsonObject, list[Any]]:
    row = expect_table(where, raw, "a hand: scores, or play, or deal and actions")
    if "scores" in row:
        scores = expect_list(where.at("scores"), row["scores"], "the hand's score per team")
        return {"scores": list(scores)}, scores
    dealer = expect_int(where.at("dealer"), row.get("dealer"), "the dealer's seat")
    if "deal" in row:
        listed = expect_list(where.at("actions"), row.get("actions"), "the hand's actions")
        row = {
            "deal": _deal(row["deal"], where.at("deal")),
            "actions": [_action(a, where.at("actions").at(i))[0] for i, a in enumerate(listed)],
        }
    with guarded(where):
        hand, scores = play_game_hand(ctx.profile, row, dealer, totals, seed, number)
    return hand, list(scores)


def _deal(raw: Any, where: Where) -> JsonObject:
    """An explicit deal: every hand, the fi packets, the pile, the stock and the trump."""
    deal = expect_table(where, raw, "a deal: hands, fi, discard, stock, trump")
    out: JsonObject = {}
    for key, value in deal.items():
        at = where.at(key)
        if key in ("hands", "fi"):
            out[key] = [
                _cards(v, at.at(i)) for i, v in enumerate(expect_list(at, value, "card lists"))
            ]
        elif key in ("discard", "stock"):
            out[key] = _cards(value, at)
        elif key == "trump":
            out[key] = _card(value, at)
        else:
            raise at.fail(f"a deal has hands, fi, discard, stock and trump, not {key!r}.")
    return out


_PLACES = ("hands", "fi", "pile", "stock_top", "stock_bottom")
_DEAL_FACTS = (
    "first_player",
    "hands",
    "fi",
    "pile",
    "stock_top",
    "stock_size",
    "trump",
    "red_threes",
)


def _placement(deal: dict[str, Any], profile: RulesProfile, where: Where) -> Placement:
    """Where the deal step's named cards should land (a
    :class:`~kanasta.conformance.stacked.Placement`)."""
    hands: dict[int, tuple[Card, ...]] = {}
    if "hands" in deal:
        listed = _keyed(deal["hands"], profile.players, lambda _: "", where.at("hands"), "seat")
        for seat, named in enumerate(listed):
            if named:
                hands[seat] = parse_cards(_cards(named, where.at("hands").at(seat)))
    fi = tuple(
        parse_cards(_cards(p, where.at("fi").at(i))) if p else ()
        for i, p in enumerate(expect_list(where.at("fi"), deal.get("fi", []), "fi packets"))
    )

    def cards(key: str) -> tuple[Card, ...]:
        return parse_cards(_cards(deal[key], where.at(key))) if deal.get(key) else ()

    return Placement(
        hands=hands,
        fi=fi,
        pile=cards("pile"),
        stock_top=cards("stock_top"),
        stock_bottom=cards("stock_bottom"),
    )


def _deal_step(step: dict[str, Any], ctx: _Context, head: JsonObject, where: Where) -> JsonObject:
    """A hand the engine deals itself: ``deal`` gives the dealer and either a ``seed`` or
    where some cards should land (``hands``, ``fi``, ``pile``, ``stock_top``,
    ``stock_bottom``; the rest of the deck stirred from ``stir``), from which the stacked
    deck is built (:func:`~kanasta.conformance.stacked.stack_deck`). The expectation is the
    reference's whole deal; ``expect`` names facts the author means (first_player, hands,
    fi, pile, stock_top, stock_size, trump, red_threes), each checked against it."""
    unknown = sorted(set(step) - {"deal", "expect", "note"})
    if unknown:
        raise where.fail(f"a deal step has deal, expect and note, not {unknown}.")
    at = where.at("deal")
    deal = expect_table(at, step["deal"], "a table: dealer, and seed or where cards land")
    known = {"dealer", "seed", "stir", *_PLACES}
    if sorted(set(deal) - known):
        raise at.fail(f"a deal has {', '.join(sorted(known))}, not {sorted(set(deal) - known)}.")
    profile = ctx.profile
    dealer = expect_int(at.at("dealer"), deal.get("dealer"), "the dealer's seat")
    out: JsonObject = {**head, "players": profile.players, "dealer": dealer}
    request: JsonObject = {
        "type": "deal",
        "variant": profile.family,
        "features": list(profile.options),
        "players": profile.players,
        "dealer": dealer,
    }
    if "seed" in deal:
        if set(deal) & {"stir", *_PLACES}:
            raise at.fail("a deal from a seed names no cards: the shuffle places them.")
        out["seed"] = request["seed"] = expect_int(at.at("seed"), deal["seed"], "a seed")
    else:
        stir = expect_int(at.at("stir"), deal.get("stir", 0), "a number to stir the rest")
        with guarded(at):
            deck = stack_deck(profile, dealer, _placement(deal, profile, at), stir)
        out["deck"] = request["deck"] = [format_card(c) for c in deck]
    answer = ReferenceImplementation().answer(request)
    if "error" in answer or "unsupported" in answer:
        raise at.fail(f"the reference cannot deal it: {answer}.")
    if "expect" in step:
        _check_deal_facts(step["expect"], answer, profile, where.at("expect"))
    return {**out, "expect": answer}


def _check_deal_facts(raw: Any, answer: JsonObject, profile: RulesProfile, where: Where) -> None:
    """The facts an author names for a deal, each compared with the reference's deal."""
    given = expect_table(where, raw, "a table of facts about the deal")
    teams = get_team_count(profile)

    def same_cards(want: Any, have: Any, here: Where) -> bool:
        return sorted(parse_cards(_cards(want, here) if want else [])) == sorted(parse_cards(have))

    for key, value in given.items():
        here = where.at(key)
        if key not in _DEAL_FACTS:
            raise here.fail(f"a deal's facts are {', '.join(_DEAL_FACTS)}, not {key!r}.")
        have: Any = answer.get("stock" if key in ("stock_top", "stock_size") else key)
        if key == "first_player":
            same = value == have
        elif key == "stock_size":
            same, have = value == len(have), len(have)
        elif key == "trump":
            same = _card(value, here) == have
        elif key in ("pile", "stock_top"):
            want = _cards(value, here) if value else []
            have = have if key == "pile" else have[: len(want)]
            same = want == have
        elif key == "fi":
            packets = expect_list(here, value, "fi packets")
            same = len(packets) == len(have) and all(
                same_cards(w, h, here.at(i))
                for i, (w, h) in enumerate(zip(packets, have, strict=False))
            )
        else:
            size = profile.players if key == "hands" else teams
            listed = _keyed(value, size, lambda _: None, here, "seat" if key == "hands" else "team")
            same = have is not None and all(
                w is None or same_cards(w, h, here.at(i))
                for i, (w, h) in enumerate(zip(listed, have, strict=True))
            )
        if not same:
            raise here.fail(f"the reference deals {_show(have)}, not {_show(value)}.")


def _step(raw: Any, ctx: _Context, where: Where) -> JsonObject:
    if isinstance(raw, str | list):
        lines = [raw] if isinstance(raw, str) else raw
        pairs = [
            _action(line, where.at(i) if isinstance(raw, list) else where)
            for i, line in enumerate(lines)
        ]
        ctx.actions += [action for action, expect in pairs if expect["verdict"] == "accepted"]
        return {"kind": "actions", "actions": [{"action": a, "expect": e} for a, e in pairs]}
    step = expect_table(
        where, raw, f"a step: actions, or a table with one of {', '.join(STEP_KINDS)}"
    )
    kinds = [kind for kind in STEP_KINDS if kind in step]
    if len(kinds) != 1:
        raise where.fail(
            "a step is an action, a list of actions, or a table with one of "
            f"{', '.join(STEP_KINDS)}; found the keys {sorted(step)}."
        )
    kind = kinds[0]
    head: JsonObject = {"kind": kind}
    if "note" in step:
        head["note"] = expect_str(where.at("note"), step["note"], "a note")
    if kind == "actions":
        return {**head, "actions": _step(step["actions"], ctx, where.at("actions"))["actions"]}
    if kind == "state":
        return {**head, "expect": _facts(step["state"], ctx, where.at("state"))}
    if kind == "score":
        teams = get_team_count(ctx.profile)
        return {**head, "expect": _score(step["score"], teams, where.at("score"))}
    if kind == "count":
        return _count(step, ctx, head, where)
    if kind == "meld":
        return _meld_step(step, head, where)
    if kind == "turn":
        return _turn_step(step, ctx, head, where)
    if kind == "deal":
        return _deal_step(step, ctx, head, where)
    return _game_step(step["game"], ctx, head, where.at("game"))


# --------------------------------------------------------------------------- the fixture


def get_scenario_profile(family: str, features: Sequence[str], where: Where) -> RulesProfile:
    """The profile a scenario plays under: its family with the options its features name."""
    if family not in PROFILES:
        raise where.fail(f"{family!r} is not a rule family ({', '.join(PROFILES)}).")
    with guarded(where):
        return get_variant_profile(family, features)


def build_fixture(scenario: dict[str, Any], family: str, source: str, where: Where) -> JsonObject:
    """The JSON fixture of one scenario for one family, placeholders filled; ``source`` is
    the scenario file, written into ``compiled_from``."""
    stem = expect_str(where.at("id"), scenario["id"], "the fixture id without its family")
    clauses = [
        expect_str(where.at("clauses"), c, "a clause slug")
        for c in expect_list(where.at("clauses"), scenario["clauses"], "a list of clause slugs")
    ]
    description = expect_str(where.at("description"), scenario["description"], "a description")
    features = [
        expect_str(where.at("features"), f, "a feature")
        for f in expect_list(
            where.at("features"), scenario.get("features", []), "a list of features"
        )
    ]
    origin = scenario.get("source")
    if isinstance(origin, dict):
        if family not in origin:
            raise where.at("source").fail(f"the table of sources gives none for {family}.")
        origin = origin[family]
    if origin is not None:
        origin = expect_str(where.at("source"), origin, "the source text (e.g. 'seed 001')")
    ident = f"{family}/{stem}"
    profile = get_scenario_profile(family, features, where)
    if "generated" in scenario:
        recipe = expect_table(where.at("generated"), scenario["generated"], "a recipe")
        with guarded(where.at("generated")):
            return generate_fixture(
                require_engine(),
                ident=ident,
                variant=family,
                clauses=clauses,
                description=description,
                recipe=recipe,
                source=origin,
                features=features,
                compiled_from=source,
            )
    data: JsonObject = {
        "id": ident,
        "compiled_from": source,
        "variant": family,
        "clauses": clauses,
        "description": description,
    }
    if origin is not None:
        data["source"] = origin
    relies_on = [
        expect_str(where.at("relies_on"), c, "a clause slug")
        for c in expect_list(where.at("relies_on"), scenario.get("relies_on", []), "slugs")
    ]
    if relies_on:
        data["relies_on"] = relies_on
    if features:
        data["features"] = features
    ctx = _Context(profile)
    if "setup" in scenario:
        data["setup"], ctx.start = _setup(scenario["setup"], profile, where.at("setup"))
    steps = expect_list(where.at("steps"), scenario.get("steps"), "a list of steps")
    data["steps"] = [_step(step, ctx, where.at("steps").at(i)) for i, step in enumerate(steps)]
    try:
        fixture_from_json(data, "the fixture")
    except InputError as exc:
        raise where.fail(f"what it compiles to is no valid fixture: {exc}") from None
    return data
