"""Questions as players ask them: a partial position, the moves in question, the answer.

A player settling a table dispute knows the few cards that matter, not the rest of the
deck. A :class:`Question` names only those: the family and its options, whose turn and
the phase, the asking player's hand (or the cards that matter in it), the pile (its top,
the cards known under it, or only its size; frozen or not), each side's melds, red threes,
score and opening. :func:`answer_question` completes the position with
:func:`kanasta.io.scenario.build_state` (the one completer: the unknown cards go to the other
hands and the stock), says which facts it assumed, and answers: allowed or not, the reason
code and the deciding clause, or, asked "what may I do", the legal actions.

Where the answer could depend on a card left unknown, the question is completed a few more
ways (the unknown cards in other orders, :data:`COMPLETIONS`); when the answers differ,
the answer says so and shows both instead of guessing.

Questions come from the command line (``kanasta ask``) or from a small JSON or TOML file
with the same fields (:func:`question_from_mapping`); every error names the flag or the
file field, the card and the clause, in one paragraph.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from pathlib import Path
from typing import Any

from kanasta.conformance.jsonio import read_json_file
from kanasta.conformance.notation import parse_action
from kanasta.conformance.present import get_meld_clauses
from kanasta.engine import check_state, legal_actions
from kanasta.errors import InputError, Violation
from kanasta.families import (
    PROFILES,
    get_opening_clause,
    get_profile,
    get_score_clauses,
    get_turkish_names,
)
from kanasta.io.action_json import action_from_json
from kanasta.io.scenario import build_meld, build_state
from kanasta.io.state_json import arrangement_to_json
from kanasta.rules.actions import Action, ActionType, apply_action, format_action
from kanasta.rules.cards import (
    Card,
    check_deck_holds,
    format_card,
    format_cards,
    get_rank,
    is_wild_card,
    parse_cards,
)
from kanasta.rules.families import RED_THREES, RulesProfile
from kanasta.rules.melds import format_meld
from kanasta.rules.points import format_points, to_half_points
from kanasta.rules.scoring import HandScore, score_hand
from kanasta.rules.state import Phase, State, get_team_count
from kanasta.rules.turn import is_pile_frozen

__all__ = [
    "COMPLETIONS",
    "Answer",
    "Msg",
    "Question",
    "Verdict",
    "answer_question",
    "format_answer",
    "load_question",
    "parse_ask_action",
    "question_from_mapping",
    "say",
]

COMPLETIONS: tuple[int | None, ...] = (None, *range(1, 16))
"""The ways a partial position is completed: in card order, then shuffled by these seeds."""

MAX_LISTED = 60
"""The most legal actions an answer lists (it always gives their number)."""

SIDES = ("us", "them")
"""The two sides of a question: the asking player's, and the next player's."""


class Msg(str):
    """A line of an answer: its English text, and the template and values it was made of,
    so that :meth:`render` can give it in another language (:data:`TURKISH`)."""

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, **params: object) -> Msg:
        made = super().__new__(cls, template.format(**{k: _plain(v) for k, v in params.items()}))
        made.template = template
        made.params = params
        return made

    def render(self, language: str) -> str:
        """The line in ``language`` (English when it has no translation)."""
        template = TURKISH.get(self.template, self.template) if language == "tr" else self.template
        values = {k: _rendered(v, language) for k, v in self.params.items()}
        return template.format(**values)


def _plain(value: object) -> object:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return value


def _rendered(value: object, language: str) -> object:
    if isinstance(value, Msg):
        return value.render(language)
    if isinstance(value, list):
        return ", ".join(str(_rendered(v, language)) for v in value)
    return value


def _m(template: str, **params: object) -> Msg:
    return Msg(template, **params)


def say(line: str, language: str) -> str:
    """A line of an answer in ``language``."""
    return line.render(language) if isinstance(line, Msg) else line


TURKISH: dict[str, str] = {
    "{family}{options}, {players} players; you are seat {seat}": (
        "{family}{options}, {players} oyuncu; koltuğunuz {seat}"
    ),
    "your hand: {cards} and {n} cards left unknown": (
        "eldeki kağıtlarınız: {cards} ve bilinmeyen {n} kağıt"
    ),
    "your hand: {cards}": "eldeki kağıtlarınız: {cards}",
    "your hand is exactly these {n} cards (say {flag} N if you hold more)": (
        "eldeki kağıtlarınız tam olarak bu {n} kağıt (daha fazlasını tutuyorsanız {flag} N)"
    ),
    "your hand: {cards} and {n} more": "eldeki kağıtlarınız: {cards} ve {n} kağıt daha",
    "your hand: {size} cards, the {k} the moves use and {n} left unknown (give {flag})": (
        "eldeki kağıtlarınız: {size} kağıt; hamlelerin kullandığı {k} kağıt ve bilinmeyen {n}"
        " kağıt ({flag} ile verin)"
    ),
    "your hand: {size} cards left unknown (give {flag})": (
        "eldeki kağıtlarınız: bilinmeyen {size} kağıt ({flag} ile verin)"
    ),
    "it is your turn, at its start (before drawing)": (
        "sıra sizde, sıranın başında (kağıt çekmeden önce)"
    ),
    "it is your turn and you have drawn (the play phase)": (
        "sıra sizde ve kağıt çektiniz (oyun aşaması)"
    ),
    "the pile: {n} cards, {cards} on top": "yer: {n} kağıt, üstte {cards}",
    "the pile: {n} cards": "yer: {n} kağıt",
    "the pile: {cards} on top": "yer: üstte {cards}",
    "the cards under the pile's top are unknown: answered for the top card alone, "
    "and again with cards under it (say {a} or {b})": (
        "yerde üstteki kağıdın altındakiler bilinmiyor: yalnızca üstteki kağıtla ve altında "
        "kağıtlarla ayrı ayrı yanıtlandı ({a} ya da {b} ile söyleyin)"
    ),
    "the pile: {cards} (top last)": "yer: {cards} (üstteki en sonda)",
    "the pile holds only the {n} card(s) named (say {flag} N for more)": (
        "yerde yalnızca adı geçen {n} kağıt var (daha fazlası için {flag} N)"
    ),
    "the pile is empty": "yer boş",
    "your side": "tarafınız",
    "the other side": "karşı taraf",
    "{side} melds: {melds}": "{side}, perler: {melds}",
    "{side} has no meld on the table": "{side}: masada per yok",
    "{side} has opened": "{side} açmış",
    "{side} has not opened": "{side} açmamış",
    "{fact} (from the melds given; {flag} says otherwise)": (
        "{fact} (verilen perlerden; değilse {flag})"
    ),
    "{side} {points}": "{side} {points}",
    "scores: {parts}": "toplam puanlar: {parts}",
    "the game scores not given are 0": "verilmeyen toplam puanlar 0",
    "{side} red threes: {cards}": "{side}, kırmızı üçlüler: {cards}",
    "no red three is laid": "açılmış kırmızı üçlü yok",
    "fi taken by: {sides}": "fi alan: {sides}",
    "fi packets left: {n}": "masada kalan fi: {n}",
    "the {n} fi packets are still on the table": "{n} fi de masada",
    "the hand is over: seat {seat} ({side}) went out": "el bitti: {seat}. oyuncu ({side}) bitti",
    "the cards left in the other hands are unknown": "öbür ellerde kalan kağıtlar bilinmiyor",
    "the other hands and the stock hold the cards not named": (
        "adı geçmeyen kağıtlar öbür ellerde ve stokta"
    ),
    "the pile is frozen for you if a wild card or a red three lies under its top": (
        "üstteki kağıdın altında bir joker ya da kırmızı üçlü varsa yer sizin için donmuş"
    ),
    "the pile is frozen for you": "yer sizin için donmuş",
    "the pile is not frozen for you": "yer sizin için donmamış",
    "{fact}{why}": "{fact}{why}",
    " (from the cards and openings given)": " (verilen kağıtlardan ve açışlardan)",
    "Position:": "Durum:",
    "Assumed (not given):": "Varsayılanlar (verilmeyenler):",
    "Answer: {verdict}": "Yanıt: {verdict}",
    "ALLOWED": "İZİN VAR",
    "NOT ALLOWED": "İZİN YOK",
    "DEPENDS ON CARDS LEFT UNKNOWN": "BİLİNMEYEN KAĞITLARA BAĞLI",
    "  {i}. {text}: allowed": "  {i}. {text}: izin var",
    "  {i}. {text}: NOT allowed, {code} [{clause}]: {detail}": (
        "  {i}. {text}: izin YOK, {code} [{clause}]: {detail}"
    ),
    "     the legal ways: {ways}": "     geçerli yollar: {ways}",
    "  ...but with the unknown cards dealt another way:": (
        "  ...ama bilinmeyen kağıtlar başka türlü dağılınca:"
    ),
    "  Name more of the position (the whole hand, the pile's cards, --frozen) to settle it.": (
        "  Yanıtı kesinleştirmek için durumu daha ayrıntılı verin (eldeki kağıtların tümü, "
        "yerin kağıtları, --frozen)."
    ),
    "After the moves, your side's melds:": "Hamlelerden sonra tarafınızın perleri:",
    "Answer: {n} legal action(s) now ({phase} phase)": (
        "Yanıt: şimdi {n} geçerli hamle ({phase} aşaması)"
    ),
    "draw": "çekme",
    "play": "oyun",
    "  ... and {n} more": "  ... ve {n} hamle daha",
    "  (more may be legal, depending on the cards left unknown)": (
        "  (bilinmeyen kağıtlara göre başka hamleler de geçerli olabilir)"
    ),
    "Deciding clause(s):": "Karara bağlayan madde(ler):",
    "Clauses: {slugs} (kanasta spec show SLUG)": "Maddeler: {slugs} (kanasta spec show SLUG)",
    "Answer: the hand's score": "Yanıt: elin puanı",
    "Answer: the hand's score, counted as the cards now lie": (
        "Yanıt: elin puanı, kağıtların şimdiki durumuyla"
    ),
    "Answer: NOT ALLOWED (the score after the allowed moves)": (
        "Yanıt: İZİN YOK (izin verilen hamlelerden sonraki puan)"
    ),
    "other side": "karşı taraf",
    "  (* depends on cards left unknown: name them to settle it)": (
        "  (* bilinmeyen kağıtlara bağlı: kesinleştirmek için onları da verin)"
    ),
    **get_turkish_names(),
}
"""The lines of an answer in Turkish (the shared terms of the Turkish edition), and the
families' names in Turkish text (each family's ``TURKISH_NAME``)."""


@dataclass(frozen=True, slots=True)
class Question:
    """A partial position and the moves asked about (card texts as written).

    ``source`` is where the question came from (``None``: the command line), so an error
    names the flag (``--hand``) or the file field (``q.json: hand``).
    """

    variant: str
    options: tuple[str, ...] = ()
    seat: int = 0
    phase: str | None = None
    hand: str | None = None
    hand_size: int | None = None
    pile: str = ""
    pile_top: str | None = None
    pile_size: int | None = None
    frozen: bool | None = None
    melds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    red_threes: Mapping[str, str] = field(default_factory=dict)
    opened: Mapping[str, bool] = field(default_factory=dict)
    score: Mapping[str, int | str] = field(default_factory=dict)
    fi_left: int | None = None
    fi_taken: tuple[str, ...] = ()
    went_out: str | None = None
    actions: tuple[str, ...] = ()
    source: str | None = None

    def name(self, key: str) -> str:
        """How the question names one of its parts in an error: the flag or the field."""
        if self.source is None:
            return _FLAGS.get(key, "--" + key.replace("_", "-"))
        side, _, rest = key.partition("_")
        if side in SIDES and rest in ("meld", "red_threes", "score"):
            return f"{self.source}: {'melds' if rest == 'meld' else rest}.{side}"
        return f"{self.source}: {key}"


_FLAGS = {
    "us_meld": "--our-meld",
    "them_meld": "--their-meld",
    "us_red_threes": "--our-red-threes",
    "us_score": "--our-score",
    "them_score": "--their-score",
    "them_red_threes": "--their-red-threes",
    "action": "the action",
    "melds": "--our-meld/--their-meld",
}


class Verdict:
    """The three kinds of answer."""

    ALLOWED = "allowed"
    NOT_ALLOWED = "not allowed"
    DEPENDS = "depends on cards left unknown"
    SCORED = "scored"


@dataclass(frozen=True, slots=True)
class Step:
    """One move of the question on one completion: what was tried and what the rules say."""

    text: str
    violation: Violation | None
    ways: tuple[str, ...] = ()
    """For a bare ``take-pile`` in a family where the pile is taken with cards shown: the
    legal ways to take it."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer on one completion of the position."""

    steps: tuple[Step, ...]
    legal: tuple[str, ...]
    state: State
    start: State
    score: HandScore | None = None

    @property
    def key(self) -> tuple[object, ...]:
        """What two completions must share for the answer not to depend on the unknown."""
        return tuple(
            (s.text, None if s.violation is None else (s.violation.clause, s.violation.code))
            for s in self.steps
        ) + ((self.legal,) if not self.steps else ())


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to a question, with the position it was answered on."""

    question: Question
    profile: RulesProfile
    verdict: str
    outcome: Outcome
    other: Outcome | None
    """A completion that answers otherwise (with :attr:`Verdict.DEPENDS`)."""
    assumed: tuple[str, ...]
    position: tuple[str, ...]
    legal: tuple[str, ...]
    """Asked "what may I do": the legal actions on every completion."""
    clauses: tuple[str, ...]
    varying: frozenset[tuple[int, str]] = frozenset()
    """Asked the score: the (team, part) whose value depends on cards left unknown."""


# --------------------------------------------------------------------------- reading


def _parse(question: Question, key: str, text: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except InputError as exc:
        raise InputError(f"{question.name(key)} {text!r}: {exc}") from None


_LOG_ONTO = (" onto #", " onto meld ")


def parse_ask_action(text: str) -> Action:
    """An action as the play log prints it (``take-pile with 7H 7D onto #1``,
    ``lay-off #0 7S``) or in the fixtures' short notation (``take-pile 7H 7D onto meld 1``,
    ``lay-off 7S onto meld 0``, ``meld 5H 6H JK @4``)."""
    words = text.replace(",", " ").split()
    if not words:
        raise InputError("an empty action")
    kind, rest = words[0].lower(), words[1:]
    if kind == "take-pile" and rest[:1] == ["with"]:
        rest = rest[1:]
    if kind == "lay-off" and rest[:1] and rest[0].startswith("#"):
        rest = [*rest[1:], "onto", "meld", rest[0][1:]]
    line = " ".join([kind, *rest])
    for old in _LOG_ONTO:
        line = line.replace(old, " onto meld ")
    data, expect = parse_action(line)
    if expect.get("verdict") != "accepted":
        raise InputError(f"{text!r}: an action asked about gives no verdict ('->')")
    action, _ = action_from_json(data, text)
    return action


SCORE = "score"
"""The last move of a question may be ``score``: how the hand scores as it then stands."""


def _actions(question: Question) -> tuple[Action, ...]:
    out = []
    for text in question.actions:
        if text.strip().lower() == SCORE and text is question.actions[-1]:
            continue
        try:
            out.append(parse_ask_action(text))
        except InputError as exc:
            raise InputError(
                f"{question.name('action')} {text!r}: {exc} The actions are written as the "
                "play log prints them: draw, take-pile, take-pile with 7H 7D, pass, "
                "meld 5H 5D 5S, lay-off #0 7S, discard 9H, take-back (clause action-kinds)."
            ) from None
    return tuple(out)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(f"{where}: expected true or false, found {value!r}.")
    return value


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{where}: expected a whole number, found {value!r}.")
    return value


def _text(value: Any, where: str) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    if not isinstance(value, str):
        raise InputError(f"{where}: expected cards written as text ('7H 7D JK'), found {value!r}.")
    return value


def _sides(value: Any, where: str, read: Callable[[Any, str], Any]) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise InputError(f"{where}: expected a table with 'us' and/or 'them'.")
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key not in SIDES:
            raise InputError(f"{where}: {key!r} is no side; the sides are 'us' and 'them'.")
        out[key] = read(item, f"{where}.{key}")
    return out


def _melds(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list):
        raise InputError(f"{where}: expected a list of melds ('5H 5D 5S').")
    return tuple(_text(v, f"{where}[{i}]") for i, v in enumerate(value))


QUESTION_FIELDS = (
    "variant",
    "options",
    "seat",
    "phase",
    "hand",
    "hand_size",
    "pile",
    "pile_top",
    "pile_size",
    "frozen",
    "melds",
    "red_threes",
    "opened",
    "score",
    "fi_left",
    "fi_taken",
    "went_out",
    "actions",
)
"""The fields of a question file (``features`` is accepted for ``options``, ``action``
for ``actions``, ``discard`` for ``pile``)."""
_ALIASES = {"features": "options", "action": "actions", "discard": "pile"}


def question_from_mapping(data: Any, source: str) -> Question:
    """A question from a JSON or TOML object with the fields of :data:`QUESTION_FIELDS`."""
    if not isinstance(data, Mapping):
        raise InputError(f"{source}: a question is an object with a 'variant'.")
    given: dict[str, Any] = {}
    for raw_key, value in data.items():
        key = _ALIASES.get(str(raw_key), str(raw_key))
        if key not in QUESTION_FIELDS and raw_key != "description":
            known = ", ".join(QUESTION_FIELDS)
            raise InputError(f"{source}: {raw_key!r} is not a field of a question ({known}).")
        given[key] = value
    at = f"{source}:"
    variant = given.get("variant")
    if not isinstance(variant, str):
        raise InputError(f"{at} variant: name the rule family ({', '.join(PROFILES)}).")
    options = given.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise InputError(f"{at} options: expected a list of option names.")
    actions = given.get("actions", [])
    if isinstance(actions, str):
        actions = [actions]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InputError(f"{at} actions: expected a list of actions ('discard 9H').")
    phase = given.get("phase")
    if phase is not None and not isinstance(phase, str):
        raise InputError(f"{at} phase: expected draw or play.")
    opt_int = {
        k: _int(given[k], f"{at} {k}") for k in ("hand_size", "pile_size", "fi_left") if k in given
    }
    return Question(
        variant=variant,
        options=tuple(options),
        seat=_int(given.get("seat", 0), f"{at} seat"),
        phase=phase,
        hand=_text(given["hand"], f"{at} hand") if "hand" in given else None,
        hand_size=opt_int.get("hand_size"),
        pile=_text(given.get("pile", ""), f"{at} pile"),
        pile_top=_text(given["pile_top"], f"{at} pile_top") if "pile_top" in given else None,
        pile_size=opt_int.get("pile_size"),
        frozen=_bool(given["frozen"], f"{at} frozen") if "frozen" in given else None,
        melds=_sides(given.get("melds", {}), f"{at} melds", _melds),
        red_threes=_sides(given.get("red_threes", {}), f"{at} red_threes", _text),
        opened=_sides(given.get("opened", {}), f"{at} opened", _bool),
        score=_sides(given.get("score", {}), f"{at} score", _score),
        fi_left=opt_int.get("fi_left"),
        fi_taken=_taken(given.get("fi_taken", []), f"{at} fi_taken"),
        went_out=_side(given["went_out"], f"{at} went_out") if "went_out" in given else None,
        actions=tuple(actions),
        source=source,
    )


def _taken(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise InputError(f"{where}: expected a list of sides ('us', 'them'), one per fi taken.")
    return tuple(_side(v, f"{where}[{i}]") for i, v in enumerate(value))


def _side(value: Any, where: str) -> str:
    if value not in SIDES:
        raise InputError(f"{where}: expected a side, 'us' or 'them', found {value!r}.")
    return str(value)


def _score(value: Any, where: str) -> int | str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InputError(f"{where}: expected points (1500, or '4.5').")
    return value


def load_question(path: Path) -> Question:
    """A question file: JSON (``.json``) or TOML (``.toml``)."""
    if path.suffix == ".toml":
        try:
            data: Any = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise InputError(f"{path}: cannot be read ({exc.strerror}).") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise InputError(f"{path}: not TOML: {exc}.") from None
    else:
        data = read_json_file(path)
    return question_from_mapping(data, str(path))


# --------------------------------------------------------------------------- the position


@dataclass(slots=True)
class _Position:
    """The completer's arguments for a question, and the facts it assumed."""

    profile: RulesProfile
    kwargs: dict[str, Any]
    assumed: list[str]
    shown: list[str]
    actions: tuple[Action, ...]
    pile_given: int
    pile_open: bool
    """Only the pile's top is named: completions with cards under it are asked too."""


def _team_of(question: Question, profile: RulesProfile, side: str) -> int:
    teams = get_team_count(profile)
    return (question.seat + (0 if side == "us" else 1)) % teams


_CARD_MOVES = (ActionType.MELD, ActionType.LAY_OFF, ActionType.DISCARD, ActionType.TAKE_PILE)


def _action_cards(actions: Sequence[Action]) -> list[Card]:
    out: list[Card] = []
    for action in actions:
        if action.type in _CARD_MOVES:
            out += action.cards
    return out


def _position(question: Question) -> _Position:
    profile = get_profile(question.variant, question.options)
    players, teams = profile.players, get_team_count(profile)
    if not 0 <= question.seat < players:
        raise InputError(
            f"{question.name('seat')} {question.seat}: {profile.family} with these "
            f"options has seats 0 to {players - 1} (clause seats-in-order-of-play)."
        )
    actions = _actions(question)
    assumed: list[str] = []
    shown: list[str] = []
    seat = question.seat
    us, them = _team_of(question, profile, "us"), _team_of(question, profile, "them")
    side_team = {"us": us, "them": them}
    options = f" ({', '.join(profile.options)})" if profile.options else ""
    shown.append(
        _m(
            "{family}{options}, {players} players; you are seat {seat}",
            family=_m(profile.family),
            options=options,
            players=players,
            seat=seat,
        )
    )
    named: list[Card] = []
    # the hand
    hand_sizes = [profile.hand_size] * players
    unknown = [0] * players
    hands: list[str | None] = [None] * players
    if question.hand is not None:
        cards = _parse(question, "hand", question.hand)
        named += cards
        hands[seat] = format_cards(cards)
        if question.hand_size is not None and question.hand_size > len(cards):
            unknown[seat] = question.hand_size - len(cards)
            shown.append(
                _m(
                    "your hand: {cards} and {n} cards left unknown",
                    cards=format_cards(cards),
                    n=question.hand_size - len(cards),
                )
            )
        else:
            shown.append(_m("your hand: {cards}", cards=format_cards(cards)))
            assumed.append(
                _m(
                    "your hand is exactly these {n} cards (say {flag} N if you hold more)",
                    n=len(cards),
                    flag=question.name("hand_size"),
                )
            )
    else:
        cards = tuple(sorted(_action_cards(actions)))
        size = question.hand_size or max(profile.hand_size, len(cards) + 1)
        hands[seat] = format_cards(cards)
        unknown[seat] = size - len(cards)
        if cards:
            shown.append(
                _m(
                    "your hand: {cards} and {n} more",
                    cards=format_cards(cards),
                    n=size - len(cards),
                )
            )
        if cards:
            assumed.append(
                _m(
                    "your hand: {size} cards, the {k} the moves use and {n} left unknown "
                    "(give {flag})",
                    size=size,
                    k=len(cards),
                    n=size - len(cards),
                    flag=question.name("hand"),
                )
            )
        else:
            assumed.append(
                _m(
                    "your hand: {size} cards left unknown (give {flag})",
                    size=size,
                    flag=question.name("hand"),
                )
            )
    # the phase
    if question.phase is not None:
        try:
            phase = Phase(question.phase)
        except ValueError:
            raise InputError(
                f"{question.name('phase')} {question.phase!r}: the phases are draw and play "
                "(clause turn-structure)."
            ) from None
    else:
        first = actions[0].type if actions else ActionType.DRAW
        draw_kinds = (ActionType.DRAW, ActionType.TAKE_PILE, ActionType.PASS)
        phase = Phase.DRAW if first in draw_kinds else Phase.PLAY
        assumed.append(
            _m("it is your turn, at its start (before drawing)")
            if phase is Phase.DRAW
            else _m("it is your turn and you have drawn (the play phase)")
        )
    # the pile
    pile = list(_parse(question, "pile", question.pile))
    if question.pile_top is not None:
        top = _parse(question, "pile_top", question.pile_top)
        if len(top) != 1:
            raise InputError(f"{question.name('pile_top')} {question.pile_top!r}: name one card.")
        pile.append(top[0])
    named += pile
    if question.pile_size is not None:
        if question.pile_size < len(pile):
            raise InputError(
                f"{question.name('pile_size')} {question.pile_size}: the pile holds at least the "
                f"{len(pile)} card(s) named ({format_cards(pile)})."
            )
        shown.append(
            _m(
                "the pile: {n} cards, {cards} on top",
                n=question.pile_size,
                cards=format_cards(pile),
            )
            if pile
            else _m("the pile: {n} cards", n=question.pile_size)
        )
    elif pile and not question.pile:
        shown.append(_m("the pile: {cards} on top", cards=format_cards(pile)))
        assumed.append(
            _m(
                "the cards under the pile's top are unknown: answered for the top card alone, "
                "and again with cards under it (say {a} or {b})",
                a=question.name("pile"),
                b=question.name("pile_size"),
            )
        )
    elif pile:
        shown.append(_m("the pile: {cards} (top last)", cards=format_cards(pile)))
        assumed.append(
            _m(
                "the pile holds only the {n} card(s) named (say {flag} N for more)",
                n=len(pile),
                flag=question.name("pile_size"),
            )
        )
    else:
        assumed.append(_m("the pile is empty"))
    # the sides
    table: list[list[str]] = [[] for _ in range(teams)]
    for side in SIDES:
        for text in question.melds.get(side, ()):
            cards = _parse(question, f"{side}_meld", text)
            try:
                build_meld(profile, format_cards(cards))
            except InputError as exc:
                raise InputError(f"{question.name(side + '_meld')} {text!r}: {exc}") from None
            named += cards
            table[side_team[side]].append(format_cards(cards))
        if question.melds.get(side):
            melds = " | ".join(question.melds[side])
            shown.append(_m("{side} melds: {melds}", side=_side_name(side), melds=melds))
        else:
            assumed.append(_m("{side} has no meld on the table", side=_side_name(side)))
    kwargs: dict[str, Any] = {
        "hands": hands,
        "hand_sizes": hand_sizes,
        "hand_unknown": unknown,
        "melds": table,
        "discard": format_cards(pile),
        "turn": seat,
        "phase": phase,
    }
    if question.pile_size is not None:
        kwargs["pile_size"] = question.pile_size
    opened = [bool(t) for t in table]
    for side in SIDES:
        team = side_team[side]
        if side in question.opened:
            opened[team] = question.opened[side]
            shown.append(_opened(side, opened[team]))
        else:
            assumed.append(
                _m(
                    "{fact} (from the melds given; {flag} says otherwise)",
                    fact=_opened(side, opened[team]),
                    flag=question.name("opened"),
                )
            )
    kwargs["opened"] = opened
    scores: list[int | str] = [0] * teams
    for side in SIDES:
        if side in question.score:
            try:
                to_half_points(question.score[side])
            except InputError as exc:
                raise InputError(f"{question.name(side + '_score')}: {exc}") from None
            scores[side_team[side]] = question.score[side]
    if question.score:
        parts = [
            _m("{side} {points}", side=_side_name(s), points=question.score[s])
            for s in question.score
        ]
        shown.append(_m("scores: {parts}", parts=parts))
    if set(question.score) != set(SIDES):
        assumed.append(_m("the game scores not given are 0"))
    kwargs["team_scores"] = scores
    if profile.red_threes_laid:
        reds = [""] * teams
        for side in SIDES:
            if side in question.red_threes:
                cards = _parse(question, f"{side}_red_threes", question.red_threes[side])
                bad = [c for c in cards if c not in RED_THREES]
                if bad:
                    raise InputError(
                        f"{question.name(side + '_red_threes')}: {format_card(bad[0])} is no "
                        "red three (clause classic-red-threes)."
                    )
                named += cards
                reds[side_team[side]] = format_cards(cards)
                shown.append(
                    _m(
                        "{side} red threes: {cards}",
                        side=_side_name(side),
                        cards=format_cards(cards),
                    )
                )
        if not question.red_threes:
            assumed.append(_m("no red three is laid"))
        kwargs["red_threes"] = reds
    elif question.red_threes:
        raise InputError(
            f"{question.name('red_threes')}: {profile.family} lays no red threes "
            "(clause classic-red-threes is classic's)."
        )
    if profile.fi_packets:
        if len(question.fi_taken) > profile.fi_packets:
            raise InputError(
                f"{question.name('fi_taken')}: {profile.family} deals {profile.fi_packets} fi "
                f"packets, not {len(question.fi_taken)} (clause state-json)."
            )
        if question.fi_taken:
            # the fi taken by a side went to a player of it: the asker, or the next seat
            kwargs["fi_takers"] = [_seat_of(question, players, s) for s in question.fi_taken]
            sides = [_side_name(s) for s in question.fi_taken]
            shown.append(_m("fi taken by: {sides}", sides=sides))
        if question.fi_left is not None:
            kwargs["fi_left"] = question.fi_left
            shown.append(_m("fi packets left: {n}", n=question.fi_left))
        else:
            left = profile.fi_packets - len(question.fi_taken)
            if not question.fi_taken:
                assumed.append(
                    _m("the {n} fi packets are still on the table", n=profile.fi_packets)
                )
            else:
                shown.append(_m("fi packets left: {n}", n=left))
    elif question.fi_taken or question.fi_left is not None:
        field_name = "fi_taken" if question.fi_taken else "fi_left"
        raise InputError(
            f"{question.name(field_name)}: {profile.family} deals no fi packets "
            "(clause rule-families)."
        )
    if question.went_out is not None:
        goer = (seat + (0 if question.went_out == "us" else 1)) % players
        if goer == seat and question.hand:
            raise InputError(
                f"{question.name('went_out')} us: you went out, so your hand is empty; give no "
                f"{question.name('hand')} (clause going-out)."
            )
        hands[goer] = ""
        unknown[goer] = 0
        kwargs["went_out"] = goer
        kwargs["phase"] = Phase.OVER
        shown.append(
            _m(
                "the hand is over: seat {seat} ({side}) went out",
                seat=goer,
                side=_side_name(question.went_out),
            )
        )
        assumed.append(_m("the cards left in the other hands are unknown"))
    if question.frozen is not None and not profile.pile_freezers:
        raise InputError(
            f"{question.name('frozen')}: the pile of {profile.family} is never frozen "
            "(clause classic-frozen-pile is classic's)."
        )
    problem = check_deck_holds(named, profile.deck_jokers)
    if problem is not None:
        raise InputError(
            f"the question names more cards than the deck holds: {problem.detail} "
            f"(clause {problem.clause}); check {question.name('hand')}, "
            f"{question.name('pile')} and the melds."
        )
    assumed.append(_m("the other hands and the stock hold the cards not named"))
    pile_open = question.pile_top is not None and not question.pile and question.pile_size is None
    return _Position(profile, kwargs, assumed, shown, actions, len(pile), pile_open)


def _seat_of(question: Question, players: int, side: str) -> int:
    return (question.seat + (0 if side == "us" else 1)) % players


def _side_name(side: str) -> Msg:
    return _m("your side") if side == "us" else _m("the other side")


def _opened(side: str, done: bool) -> Msg:
    if done:
        return _m("{side} has opened", side=_side_name(side))
    return _m("{side} has not opened", side=_side_name(side))


def _complete(
    question: Question, position: _Position, shuffle: int | None, under: int = 0
) -> State:
    kwargs = dict(position.kwargs)
    if under:
        kwargs["pile_size"] = position.pile_given + under
    try:
        state = build_state(position.profile, **kwargs, shuffle=shuffle)
    except InputError as exc:
        raise InputError(
            f"the position cannot be completed: {exc} (check {question.name('hand_size')}, "
            f"{question.name('pile_size')} and {question.name('fi_left')}; clause "
            "deck-composition)."
        ) from None
    if question.frozen is not None:
        state = _set_frozen(question, state, question.frozen, position.pile_given)
    problem = check_state(state)
    if problem is not None:
        raise InputError(
            f"the position cannot occur: {problem.detail} (clause {problem.clause}); "
            "check what the question names."
        )
    return state


def _set_frozen(question: Question, state: State, frozen: bool, given: int) -> State:
    """classic-frozen-pile: the pile made frozen (a wild card from the stock slipped under
    its top) or not (the freezing cards of its unknown part swapped with the stock's)."""
    if is_pile_frozen(state) == frozen:
        return state
    freezers = frozenset(state.profile.pile_freezers)
    stock = list(state.stock)
    discard = list(state.discard)
    if frozen:
        if not discard:
            raise InputError(
                f"{question.name('frozen')}: an empty pile is not frozen; name its top card "
                "(clause classic-frozen-pile)."
            )
        wild = next((c for c in stock if is_wild_card(c)), None)
        if wild is None:
            raise InputError(f"{question.name('frozen')}: no wild card is left to freeze the pile.")
        stock.remove(wild)
        if len(discard) > given:
            stock.insert(0, discard.pop(0))
        discard.insert(len(discard) - 1, wild)
        return replace(state, stock=tuple(stock), discard=tuple(discard))
    if not state.opened[state.team]:
        raise InputError(
            f"{question.name('frozen')}: the pile is frozen for a side that has not opened "
            "(clause classic-frozen-pile); say that your side has opened."
        )
    unknown = len(discard) - given
    if any(c in freezers for c in discard[unknown:]):
        raise InputError(
            f"{question.name('frozen')}: a card named in the pile freezes it "
            "(a wild card or a red three; clause classic-frozen-pile)."
        )
    for i in range(unknown):
        if discard[i] in freezers:
            j = next((k for k, c in enumerate(stock) if c not in freezers), None)
            if j is None:
                raise InputError("no card is left to unfreeze the pile with.")
            discard[i], stock[j] = stock[j], discard[i]
    return replace(state, stock=tuple(stock), discard=tuple(discard))


# --------------------------------------------------------------------------- the answer


def _take_attempts(state: State) -> list[Action]:
    """The ways a player would try to take the pile, most natural first: a natural pair of
    the top card's rank, a natural and a wild card, any two cards, the top card alone."""
    top = state.discard[-1]
    hand = state.hands[state.turn]
    rank = get_rank(top)
    naturals = [c for c in hand if get_rank(c) == rank and not is_wild_card(c)]
    wilds = [c for c in hand if is_wild_card(c)]
    onto = next((i for i, m in enumerate(state.melds[state.team]) if m.rank == rank), -1)
    tries: list[tuple[Card, ...]] = [tuple(p) for p in combinations(naturals, 2)][:1]
    tries += [(n, w) for n in naturals[:1] for w in wilds[:1]]
    tries += [tuple(hand[:2])] if len(hand) >= 2 else []
    tries.append(())
    return [Action(ActionType.TAKE_PILE, tuple(sorted(t)), onto) for t in tries]


def _play(state: State, actions: Sequence[Action], *, scored: bool = False) -> Outcome:
    start = state
    steps: list[Step] = []
    for action in actions:
        result = apply_action(state, action)
        ways: tuple[str, ...] = ()
        if (
            isinstance(result, Violation)
            and action.type is ActionType.TAKE_PILE
            and not action.cards
            and action.meld < 0
            and state.profile.pile_top_melded
            and state.discard
        ):
            takes = [a for a in legal_actions(state) if a.type is ActionType.TAKE_PILE]
            ways = tuple(format_action(a) for a in takes)
            if takes:
                result = apply_action(state, takes[0])
            else:
                refusals = [apply_action(state, attempt) for attempt in _take_attempts(state)]
                found = [v for v in refusals if isinstance(v, Violation)]
                telling = [v for v in found if v.code != "top-card-not-melded"]
                if found:
                    result = (telling or found)[0]
        if isinstance(result, Violation):
            steps.append(Step(format_action(action), result, ways))
            return Outcome(tuple(steps), (), state, start)
        steps.append(Step(format_action(action), None, ways))
        state = result
    if scored:
        return Outcome(tuple(steps), (), state, start, score_hand(state))
    listed = () if actions else tuple(format_action(a) for a in legal_actions(state))
    return Outcome(tuple(steps), listed, state, start)


_ACCEPTED_CLAUSES: dict[ActionType, tuple[str, ...]] = {
    ActionType.DRAW: ("draw-from-stock",),
    ActionType.TAKE_PILE: ("take-whole-pile",),
    ActionType.PASS: ("pass-by-showing",),
    ActionType.MELD: ("meld-from-hand",),
    ActionType.LAY_OFF: ("lay-off",),
    ActionType.DISCARD: ("discard-ends-turn",),
    ActionType.TAKE_BACK: ("opening-take-back",),
}


def _is_scored(question: Question) -> bool:
    return bool(question.actions) and question.actions[-1].strip().lower() == SCORE


def _clauses(profile: RulesProfile, outcome: Outcome, actions: Sequence[Action]) -> list[str]:
    rejected = [s.violation for s in outcome.steps if s.violation is not None]
    if rejected:
        return [rejected[0].clause]
    out: list[str] = []
    if outcome.score is not None:
        out += get_score_clauses(profile)
        if profile.red_threes_laid and any(outcome.state.red_threes):
            out.append("classic-red-three-score")
        return out
    if not actions:
        return ["action-kinds", "legal-action-count"]
    team = outcome.start.team
    if not outcome.start.opened[team] and outcome.state.opened[team]:
        out.append(get_opening_clause(profile))
    formed = [
        meld
        for meld in outcome.state.melds[team]
        if meld.canasta is not None and meld not in outcome.start.melds[team]
    ]
    for meld in formed:
        facts = {"arrangement": arrangement_to_json(meld), "canasta": meld.canasta}
        out += [slug for slug in get_meld_clauses(facts) if slug.startswith("canasta-")]
    for action in actions:
        if action.type is ActionType.TAKE_PILE and profile.pile_top_melded:
            out += ["classic-take-pile", "classic-frozen-pile"]
        else:
            out += _ACCEPTED_CLAUSES[action.type]
    return list(dict.fromkeys(out))


PILE_UNDER = (1, 5)
"""When only the pile's top is named: the numbers of unknown cards put under it as well."""


def _completions(position: _Position) -> list[tuple[int | None, int]]:
    """The (shuffle, cards under the pile's top) of each completion asked."""
    out: list[tuple[int | None, int]] = [(seed, 0) for seed in COMPLETIONS]
    if position.pile_open:
        out += [(seed, n) for n in PILE_UNDER for seed in COMPLETIONS[1:]]
    return out


def answer_question(question: Question) -> Answer:
    """legal-action-count, action-kinds: the rules' answer to a question on a partial
    position: each move asked about applied in turn (the first refusal decides), or,
    with no move, the legal actions; compared across :data:`COMPLETIONS` of the position."""
    position = _position(question)
    scored = _is_scored(question)
    outcomes = [
        _play(_complete(question, position, seed, under), position.actions, scored=scored)
        for seed, under in _completions(position)
    ]
    first = outcomes[0]
    shown = list(position.shown)
    if position.profile.pile_freezers and first.start.discard:
        frozen = is_pile_frozen(first.start)
        why = "" if question.frozen is not None else _m(" (from the cards and openings given)")
        if position.pile_open and question.frozen is None and not frozen:
            shown.append(
                _m("the pile is frozen for you if a wild card or a red three lies under its top")
            )
        else:
            fact = (
                _m("the pile is frozen for you") if frozen else _m("the pile is not frozen for you")
            )
            shown.append(_m("{fact}{why}", fact=fact, why=why))
    other = next((o for o in outcomes[1:] if o.key != first.key), None)
    legal: tuple[str, ...] = ()
    varying: set[tuple[int, str]] = set()
    if first.score is not None:
        for o in outcomes[1:]:
            if o.score is not None:
                varying |= {
                    (t, name)
                    for t, (a, b) in enumerate(zip(first.score.teams, o.score.teams, strict=True))
                    for name, value in a.parts
                    if b.get(name) != value
                }
    if not position.actions and not scored:
        common = set(first.legal).intersection(*(o.legal for o in outcomes[1:]))
        legal = tuple(a for a in first.legal if a in common)
    if other is not None and position.actions:
        verdict = Verdict.DEPENDS
    elif first.score is not None:
        verdict = Verdict.SCORED
    elif any(s.violation is not None for s in first.steps):
        verdict = Verdict.NOT_ALLOWED
    else:
        verdict = Verdict.ALLOWED
    return Answer(
        question=question,
        profile=position.profile,
        verdict=verdict,
        outcome=first,
        other=other,
        assumed=tuple(position.assumed),
        position=tuple(shown),
        legal=legal,
        varying=frozenset(varying),
        clauses=tuple(
            dict.fromkeys(
                _clauses(position.profile, first, position.actions)
                + ([] if other is None else _clauses(position.profile, other, position.actions))
            )
        ),
    )


# --------------------------------------------------------------------------- the text


def _steps_text(outcome: Outcome) -> list[str]:
    lines: list[str] = []
    for i, step in enumerate(outcome.steps, 1):
        if step.violation is None:
            lines.append(_m("  {i}. {text}: allowed", i=i, text=step.text))
        else:
            v = step.violation
            lines.append(
                _m(
                    "  {i}. {text}: NOT allowed, {code} [{clause}]: {detail}",
                    i=i,
                    text=step.text,
                    code=v.code,
                    clause=v.clause,
                    detail=v.detail,
                )
            )
        if step.ways:
            lines.append(_m("     the legal ways: {ways}", ways="; ".join(step.ways)))
    return lines


def _table_text(outcome: Outcome) -> list[str]:
    """Your side's melds after the moves, when the moves laid cards."""
    before, after = outcome.start, outcome.state
    team = before.team
    if after.melds[team] == before.melds[team]:
        return []
    lines: list[str] = [_m("After the moves, your side's melds:")]
    lines += [f"  #{i}: {format_meld(meld)}" for i, meld in enumerate(after.melds[team])]
    return lines


def _score_text(answer: Answer, language: str) -> list[str]:
    score = answer.outcome.score
    assert score is not None
    out = _steps_text(answer.outcome)
    refused = any(step.violation is not None for step in answer.outcome.steps)
    over = answer.outcome.state.phase is Phase.OVER
    if refused:
        head = _m("Answer: NOT ALLOWED (the score after the allowed moves)")
    elif over:
        head = _m("Answer: the hand's score")
    else:
        head = _m("Answer: the hand's score, counted as the cards now lie")
    out.insert(0, head)
    teams = len(score.teams)
    question = answer.question
    names = [f"team {t}" for t in range(teams)]
    us = question.seat % teams
    names[us] = say(_m("your side"), language)
    if teams > 1:
        names[(us + 1) % teams] = say(_m("other side"), language)
    out.append("  " + " " * 12 + "".join(f"{n:>12}" for n in names))
    parts: list[str] = []
    for team in score.teams:
        parts += [k for k, _ in team.parts if k not in parts]
    for name in parts:
        cells = []
        for t, team in enumerate(score.teams):
            mark = "*" if (t, name) in answer.varying else ""
            cells.append(f"{format_points(team.get(name)) + mark:>12}")
        out.append(f"  {name:<12}" + "".join(cells))
    total = "".join(
        f"{format_points(team.total) + ('*' if any(t == v for v, _ in answer.varying) else ''):>12}"
        for t, team in enumerate(score.teams)
    )
    out.append(f"  {'total':<12}{total}")
    if answer.varying:
        out.append(_m("  (* depends on cards left unknown: name them to settle it)"))
    return out


def format_answer(answer: Answer, clause_text: Callable[[str], str], language: str = "en") -> str:
    """The answer as text, in ``language`` (``en`` or ``tr``): the position, what was
    assumed, the verdict, each move's verdict, the legal actions asked for, and the
    deciding clauses' text (``clause_text`` gives it)."""
    out: list[str] = [_m("Position:")]
    out += [f"  {say(line, language)}" for line in answer.position]
    out.append(_m("Assumed (not given):"))
    out += [f"  {say(line, language)}" for line in answer.assumed]
    state = answer.outcome.state
    if answer.outcome.score is not None:
        out += _score_text(answer, language)
    elif answer.question.actions:
        out.append(_m("Answer: {verdict}", verdict=_m(answer.verdict.upper())))
        out += _steps_text(answer.outcome)
        if answer.verdict == Verdict.ALLOWED:
            out += _table_text(answer.outcome)
        if answer.other is not None:
            out.append(_m("  ...but with the unknown cards dealt another way:"))
            out += _steps_text(answer.other)
            out.append(
                _m(
                    "  Name more of the position (the whole hand, the pile's cards, --frozen) "
                    "to settle it."
                )
            )
    else:
        count = len(answer.legal)
        out.append(
            _m(
                "Answer: {n} legal action(s) now ({phase} phase)",
                n=count,
                phase=_m(state.phase.value),
            )
        )
        out += [f"  {a}" for a in answer.legal[:MAX_LISTED]]
        if count > MAX_LISTED:
            out.append(_m("  ... and {n} more", n=count - MAX_LISTED))
        if answer.legal != answer.outcome.legal:
            out.append(_m("  (more may be legal, depending on the cards left unknown)"))
    if answer.question.actions:
        out.append(_m("Deciding clause(s):"))
        out += [clause_text(slug) for slug in answer.clauses]
    else:
        out.append(_m("Clauses: {slugs} (kanasta spec show SLUG)", slugs=", ".join(answer.clauses)))
    return "\n".join(say(line, language) for line in out) + "\n"
