"""Find, read and check fixture files; build :class:`~kanasta.conformance.model.Fixture` values.

Loading a fixture executes nothing: the file is read under the data-only rules
of :mod:`kanasta.conformance.jsonio` (size, nesting, duplicate keys), checked
against ``fixture.schema.json``, and its ``id`` must equal its path under the
fixtures folder without ``.json``. Every error is an
:class:`~kanasta.errors.InputError` naming the file and the JSON path.
"""

from __future__ import annotations

import copy
import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kanasta.conformance.jsonio import (
    format_json_path,
    parse_json_text,
    read_json_file,
    read_text_file,
)
from kanasta.conformance.model import Fixture, JsonObject, Setup, Step, StepKind
from kanasta.conformance.schema import FIXTURE_SCHEMA, get_schemas, schema_ref
from kanasta.errors import InputError
from kanasta.families import PROFILES, get_profile
from kanasta.resources import get_fixtures_dir
from kanasta.rules.cards import check_deck_holds, format_card, get_deck, parse_card, parse_cards

__all__ = [
    "LoadResult",
    "find_fixture_files",
    "fixture_from_json",
    "fixture_id_for",
    "load_fixture_file",
    "load_fixtures",
    "load_question_file",
]

_PLACEHOLDER_EXPECT: dict[StepKind, JsonObject] = {
    StepKind.MELD: {"verdict": "rejected", "code": "question", "clause": "question"},
    StepKind.STATE: {"hand_over": False},
    StepKind.SCORE: {"teams": [{"total": 0}]},
    StepKind.COUNT: {"count": 0},
    StepKind.PLAYTHROUGH: {"teams": [{"total": 0}]},
    StepKind.GAME: {
        "hands": [{"dealer": 0, "scores": [0], "totals": [0], "target": 0}],
        "winner": None,
        "decided_in": None,
    },
    StepKind.TURN: {"verdict": "accepted", "went_out": None, "hand_over": False},
    StepKind.DEAL: {
        "hands": [[], []],
        "fi": [],
        "pile": [],
        "stock": [],
        "trump": None,
        "first_player": 0,
    },
}


@dataclass(frozen=True, slots=True)
class LoadResult:
    """The fixtures found in some folders, and the files that could not be loaded."""

    fixtures: tuple[Fixture, ...]
    problems: tuple[str, ...]


def fixture_id_for(path: Path, root: Path) -> str:
    """The id a fixture file must carry: its path under ``root``, without ``.json``."""
    return path.relative_to(root).with_suffix("").as_posix()


def find_fixture_files(root: Path) -> list[Path]:
    """Every ``*.json`` file under ``root`` (sorted; hidden files and folders left out).

    A linked folder or file is followed, as if it lay there; a link that leads nowhere,
    a folder that links back into itself and a folder that cannot be read are refused by
    name: no file of the folder is ever silently left out.
    """
    if not root.is_dir():
        raise InputError(f"{root}: no such fixtures folder.")
    found: list[Path] = []
    _walk(root, root, {os.path.realpath(root)}, found)
    return sorted(found)


def _walk(root: Path, folder: Path, above: set[str], found: list[Path]) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        raise InputError(
            f"{folder}: cannot read this folder of fixtures: {exc.strerror or exc}."
        ) from None
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path = Path(entry.path)
        if entry.is_dir():  # a link to a folder counts as the folder
            real = os.path.realpath(path)
            if real in above:
                raise InputError(
                    f"{path}: this link leads back to a folder it lies in ({real}); the "
                    "fixtures folder would never end, so it is refused."
                )
            _walk(root, path, above | {real}, found)
        elif entry.name.endswith(".json"):
            if entry.is_symlink() and not path.exists():
                raise InputError(
                    f"{path}: this link leads nowhere ({_target(path)}); a fixture file "
                    "that cannot be read is refused, never left out."
                )
            if entry.is_file():
                found.append(path)
        elif entry.is_symlink() and not path.exists():
            raise InputError(
                f"{path}: this link leads nowhere ({_target(path)}); a link in a "
                "fixtures folder must lead to a folder or a file."
            )


def _target(link: Path) -> str:
    try:
        return os.readlink(link)
    except OSError:
        return "gone"


def _meld_step(raw: JsonObject) -> tuple[JsonObject, JsonObject | None]:
    lay_offs = [
        {"cards": list(batch["cards"]), "wild_at": batch.get("wild_at")}
        for batch in raw.get("lay_offs", [])
    ]
    params: JsonObject = {
        "cards": list(raw["cards"]),
        "wild_at": raw.get("wild_at"),
        "lay_offs": lay_offs,
        "trump": raw.get("trump"),
        "going_out": bool(raw.get("going_out", False)),
    }
    expect = raw.get("expect")
    if expect is not None and expect["verdict"] == "rejected":
        expect = {**expect, "at": expect.get("at", len(lay_offs))}
    return params, expect


def _build_step(index: int, raw: JsonObject, *, has_expect: bool) -> Step:
    kind = StepKind(raw["kind"])
    note = str(raw.get("note", ""))
    expect: JsonObject | None
    if kind is StepKind.MELD:
        params, expect = _meld_step(raw)
    elif kind is StepKind.ACTIONS:
        params = {"actions": [item["action"] for item in raw["actions"]]}
        expect = {"verdicts": [item["expect"] for item in raw["actions"]]}
    elif kind is StepKind.COUNT:
        params = {"depth": raw.get("depth", 1)}
        expect = raw["expect"]
    elif kind is StepKind.PLAYTHROUGH:
        params = {"actions": list(raw["actions"])}
        expect = raw["expect"]
    elif kind is StepKind.TURN:
        params = {"play": list(raw["play"])}
        expect = raw["expect"]
    elif kind is StepKind.DEAL:
        params = {"players": raw["players"], "dealer": raw["dealer"]}
        for key in ("deck", "seed"):
            if key in raw:
                params[key] = raw[key]
        expect = raw["expect"]
    elif kind is StepKind.GAME:
        params = {"first_dealer": raw["first_dealer"], "hands": list(raw["hands"])}
        if "seed" in raw:
            params["seed"] = raw["seed"]
        expect = raw["expect"]
    else:
        params = {}
        expect = raw["expect"]
    return Step(index, kind, params, expect if has_expect else None, note)


def _check_game_step(step: Step, where: str) -> None:
    """A game step's expectations must fit its hands (clause game-hands)."""
    hands: list[JsonObject] = step.params["hands"]

    def fail(path: list[str | int], message: str) -> None:
        raise InputError(f"{where}: at {format_json_path(['steps', step.index, *path])}: {message}")

    if "seed" not in step.params:
        for i, hand in enumerate(hands):
            if "scores" not in hand and "deal" not in hand:
                fail(
                    ["hands", i],
                    "a hand given by its actions alone is dealt from the game's seed, and the "
                    "step has no 'seed' (clause game-record).",
                )
    expect = step.expect
    if expect is None:
        return
    played = len(expect["hands"])
    if played > len(hands):
        fail(["expect", "hands"], f"{played} results for a game of {len(hands)} hand(s).")
    if expect["winner"] is None:
        if expect["decided_in"] is not None:
            fail(["expect", "decided_in"], "a game without a winner was decided in no hand.")
        if played != len(hands):
            fail(
                ["expect", "hands"],
                f"the game is not over, so all {len(hands)} hand(s) are played, not {played}.",
            )
    elif expect["decided_in"] != played:
        fail(
            ["expect", "decided_in"],
            f"the game ends after the hand that decides it: decided_in must be {played}, "
            "the number of hand results.",
        )


def _check_steps(steps: Sequence[Step], where: str) -> None:
    for step in steps:
        if step.kind is StepKind.GAME:
            _check_game_step(step, where)
        if step.kind is StepKind.MELD and step.expect is not None:
            at = step.expect.get("at", 0)
            if at > len(step.params["lay_offs"]):
                path = format_json_path(["steps", step.index, "expect", "at"])
                raise InputError(
                    f"{where}: at {path}: batch {at} does not exist; the step has "
                    f"{len(step.params['lay_offs'])} lay-off(s) (0 = the meld itself)."
                )


def _check_meld_cards(steps: Sequence[Step], variant: str, where: str) -> None:
    """deck-composition: a meld step names no more copies of a card than the deck holds.

    The trump card is not counted: it is the stock's last card, which may be drawn
    and melded.
    """
    profile = PROFILES.get(variant)
    if profile is None:
        return
    for step in steps:
        if step.kind is not StepKind.MELD:
            continue
        named = list(step.params["cards"])
        named += [c for batch in step.params["lay_offs"] for c in batch["cards"]]
        too_many = check_deck_holds(parse_cards(named), profile.deck_jokers)
        if too_many is not None:
            path = format_json_path(["steps", step.index])
            raise InputError(
                f"{where}: at {path}: the meld and its lay-offs name cards one "
                f"{variant} deck cannot hold: {too_many.detail} (clause {too_many.clause})."
            )


def _deal_cards(expect: JsonObject) -> list[str]:
    """Every card a deal expectation places (hands, fi packets, pile, stock, red threes)."""
    cards = [c for hand in expect["hands"] for c in hand]
    cards += [c for packet in expect["fi"] for c in packet]
    cards += [*expect["pile"], *expect["stock"]]
    return cards + [c for team in expect.get("red_threes", []) for c in team]


def _check_deal_steps(steps: Sequence[Step], data: JsonObject, where: str) -> None:
    """deal-order, deck-composition: a deal step gives the players of its table, a seat of it
    as the dealer, one whole deck of the family (in order), and expects every card of it
    somewhere exactly once, one hand per seat."""
    if data["variant"] not in PROFILES:
        return
    profile = get_profile(data["variant"], data.get("features", ()))
    deck = sorted(get_deck(profile.deck_jokers))
    for step in steps:
        if step.kind is not StepKind.DEAL:
            continue

        def fail(key: str, message: str, index: int = step.index) -> None:
            path = format_json_path(["steps", index, key])
            raise InputError(f"{where}: at {path}: {message}")

        params = step.params
        if params["players"] != profile.players:
            fail(
                "players",
                f"{profile.variant} is played by {profile.players} players, not "
                f"{params['players']} (clause profile-options).",
            )
        if params["dealer"] >= profile.players:
            fail("dealer", f"seat {params['dealer']} is not a seat of {profile.players} players.")
        if "deck" in params and sorted(parse_cards(params["deck"])) != deck:
            fail(
                "deck",
                f"the deck must hold every card of one {profile.family} deck "
                f"({profile.deck_size} cards) exactly once (clause deck-composition).",
            )
        expect = step.expect
        if expect is None:
            continue
        if len(expect["hands"]) != profile.players:
            fail("expect", f"expected one hand per seat ({profile.players}).")
        if sorted(parse_cards(_deal_cards(expect))) != deck:
            fail(
                "expect",
                "the expected deal must place every card of the deck exactly once "
                "(clause deck-composition).",
            )


def _check_features(data: JsonObject, where: str) -> None:
    """profile-options: the features a fixture (or question) names are options of its
    family that can be combined; one of another family, or of none, is refused by name."""
    if data["variant"] not in PROFILES:
        return  # an unknown family: validate reports it, and no implementation claims it
    try:
        get_profile(data["variant"], data.get("features", ()))
    except InputError as exc:
        raise InputError(f"{where}: at $.features: {exc}") from None


def fixture_from_json(
    data: Any,
    where: str,
    *,
    expected_id: str | None = None,
    question: bool = False,
    path: Path | None = None,
    root: Path | None = None,
    schema_checked: bool = False,
) -> Fixture:
    """Check a parsed fixture against the schema and build the model.

    ``question=True`` reads a question for ``kanasta explain``: the id, clauses
    and description may be left out, and so may any step's expectations.
    ``schema_checked``: the same text was found to match the schema before
    (:func:`load_fixture_file`), so that check is not made again.
    """
    unchecked: set[int] = set()
    filled: tuple[str, ...] = ()
    if question and isinstance(data, dict):
        try:
            data, unchecked, filled = _question_shape(data)
        except InputError as exc:
            raise InputError(f"{where}: {exc}") from None
    if not schema_checked:
        get_schemas().check(data, schema_ref(FIXTURE_SCHEMA), where)
    if expected_id is not None and data["id"] != expected_id:
        raise InputError(
            f"{where}: at $.id: the id is {data['id']!r} but the file lies at "
            f"{expected_id!r}; a fixture's id must equal its path under the fixtures "
            "folder, without .json."
        )
    _check_features(data, where)
    steps = tuple(
        _build_step(i, raw, has_expect=i not in unchecked) for i, raw in enumerate(data["steps"])
    )
    _check_steps(steps, where)
    _check_meld_cards(steps, data["variant"], where)
    _check_deal_steps(steps, data, where)
    setup = None
    if "setup" in data:
        raw_setup = data["setup"]
        setup = Setup(
            state=raw_setup.get("state"),
            seed=raw_setup.get("seed"),
            actions=tuple(raw_setup.get("actions", ())),
        )
    return Fixture(
        id=data["id"] if "id" not in filled or path is None else path.stem,
        variant=data["variant"],
        clauses=() if "clauses" in filled else tuple(data["clauses"]),
        description="" if "description" in filled else data["description"],
        steps=steps,
        setup=setup,
        features=tuple(data.get("features", ())),
        source=data.get("source", ""),
        generated=data.get("generated"),
        compiled_from=data.get("compiled_from", ""),
        relies_on=tuple(data.get("relies_on", ())),
        path=path,
        root=root,
    )


_CARD_KEYS = frozenset({"cards", "card", "trump", "hands", "stock", "discard", "fi", "pile_card"})
"""The keys under which a question names cards (alone or in lists)."""


def _card_notation(value: Any, key: str | None, *, item: bool = False) -> Any:
    """card-notation: a question's cards as the fixture schema writes them (upper case).

    Under a card key a string is read by :func:`~kanasta.rules.cards.parse_card` (so
    ``5h`` is ``5H``), and a ``cards`` string such as ``"4h 5h 6h"`` by
    :func:`~kanasta.rules.cards.parse_cards`, as ``kanasta meld`` reads them; what is
    not a card is left for the schema to report.
    """
    if isinstance(value, dict):
        return {k: _card_notation(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_card_notation(v, key, item=True) for v in value]
    if isinstance(value, str) and key in _CARD_KEYS:
        if key == "cards" and not item:
            try:
                return [format_card(c) for c in parse_cards(value)]
            except InputError as exc:
                raise InputError(f"the cards {value!r}: {exc}") from None
        try:
            return format_card(parse_card(value))
        except InputError:
            return value
    return value


def _question_shape(data: JsonObject) -> tuple[JsonObject, set[int], tuple[str, ...]]:
    """A question in the shape of a fixture: placeholders where it asks rather than expects."""
    shaped = _card_notation(copy.deepcopy(data), None)
    filled = tuple(key for key in ("id", "clauses", "description") if key not in shaped)
    shaped.setdefault("id", "question")
    shaped.setdefault("clauses", ["question"])
    shaped.setdefault("description", "a question")
    unchecked: set[int] = set()
    steps = shaped.get("steps")
    for i, step in enumerate(steps if isinstance(steps, list) else []):
        if not isinstance(step, dict) or step.get("kind") not in set(StepKind):
            continue
        kind = StepKind(step["kind"])
        if kind is StepKind.ACTIONS:
            items = step.get("actions")
            if isinstance(items, list) and not all(
                isinstance(it, dict) and "expect" in it for it in items
            ):
                unchecked.add(i)
                for it in items:
                    if isinstance(it, dict):
                        it.setdefault("expect", {"verdict": "accepted"})
        elif "expect" not in step:
            unchecked.add(i)
            step["expect"] = copy.deepcopy(_PLACEHOLDER_EXPECT[kind])
    return shaped, unchecked, filled


_MATCHED_TEXTS: set[bytes] = set()
"""Digests of the fixture texts this process has found to match the fixture schema: a
suite loaded again (each command of a session, each test) checks only what changed. The
check is a pure function of the text and the built-in schemas, so its answer is kept,
never the fixture built from it."""


def load_fixture_file(path: Path, root: Path) -> Fixture:
    """Read one fixture file of the folder ``root``."""
    text = read_text_file(path, what="a fixture")
    data = parse_json_text(text, str(path))
    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).digest()
    fixture = fixture_from_json(
        data,
        str(path),
        expected_id=fixture_id_for(path, root),
        path=path,
        root=root,
        schema_checked=digest in _MATCHED_TEXTS,
    )
    _MATCHED_TEXTS.add(digest)
    return fixture


def load_question_file(path: Path) -> Fixture:
    """Read a question (a fixture whose expectations may be left out) for ``kanasta explain``;
    its rule options may be named ``options``, the word every command uses, or ``features``,
    the fixtures' name for them."""
    data = read_json_file(path)
    if not isinstance(data, dict):
        raise InputError(f"{path}: a question must be a JSON object.")
    if "options" in data:
        if "features" in data:
            raise InputError(
                f"{path}: at $.options: give the rule options once, as 'options' (a fixture's "
                "'features' is the same list) (clause profile-options)."
            )
        data = {("features" if k == "options" else k): v for k, v in data.items()}
    return fixture_from_json(data, str(path), question=True, path=path)


def load_fixtures(roots: Iterable[Path] | None = None) -> LoadResult:
    """Every fixture of the folders (default: the built-in suite), ids unique across them.

    A file that cannot be loaded is listed in ``problems`` (with the reason) and
    left out; the caller decides whether that stops the run.
    """
    folders = list(roots) if roots is not None else [get_fixtures_dir()]
    fixtures: list[Fixture] = []
    problems: list[str] = []
    seen: dict[str, Path] = {}
    for root in folders:
        try:
            files = find_fixture_files(root)
        except InputError as exc:
            problems.append(str(exc))
            continue
        if not files:
            problems.append(
                f"{root}: no fixture file (*.json) in this folder or below it; a folder of "
                "fixtures given must hold some."
            )
        for path in files:
            try:
                fixture = load_fixture_file(path, root)
            except InputError as exc:
                problems.append(str(exc))
                continue
            if fixture.id in seen:
                problems.append(
                    f"{path}: the fixture id {fixture.id!r} is already used by {seen[fixture.id]}."
                )
                continue
            seen[fixture.id] = path
            fixtures.append(fixture)
    return LoadResult(tuple(fixtures), tuple(problems))
