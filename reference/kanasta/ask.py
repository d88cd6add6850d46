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

import re
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any, Final

from kanasta.conformance import MAX_DEPTH
from kanasta.conformance.jsonio import read_json_file, read_text_file
from kanasta.conformance.notation import parse_action
from kanasta.conformance.present import get_meld_clauses
from kanasta.engine import check_state, legal_actions
from kanasta.errors import InputError, Violation
from kanasta.families import (
    PROFILES,
    get_bands_clause,
    get_game_clause,
    get_opening_clause,
    get_profile,
    get_score_clauses,
    get_turkish_names,
)
from kanasta.io.action_json import action_from_json
from kanasta.io.scenario import build_meld, build_state
from kanasta.io.state_json import arrangement_to_json, state_from_json, state_to_json
from kanasta.rules.actions import Action, ActionType, apply_action, format_action
from kanasta.rules.canastas import is_trump_match
from kanasta.rules.cards import (
    Card,
    check_deck_holds,
    format_card,
    format_cards,
    get_deck,
    get_rank,
    is_wild_card,
    parse_cards,
)
from kanasta.rules.families import (
    RED_THREES,
    CanastaScheme,
    OpeningBand,
    OpeningScope,
    RulesProfile,
    TrumpRule,
    UnplayedFi,
)
from kanasta.rules.game import get_game_after_hand
from kanasta.rules.melds import Meld, format_meld
from kanasta.rules.opening import (
    check_provisional_opening,
    get_opening_band,
    get_opening_total,
    is_forced,
)
from kanasta.rules.points import HalfPoints, format_points, points_to_json, to_half_points
from kanasta.rules.scoring import HandScore, get_unplayed_fi, score_hand
from kanasta.rules.state import (
    Phase,
    State,
    get_provisional_melds,
    get_team_count,
    is_provisional,
)
from kanasta.rules.turn import PLAIN_MELD_RULES, is_pile_frozen
from kanasta.specdoc.spec import Clause, load_spec
from kanasta.specdoc.spectext import translate_clause
from kanasta.speech import (
    Said,
    get_own_template,
    get_reason,
    get_score_row,
    get_template,
    said_meld,
    said_move,
    said_moves,
    said_reason,
    say_meld,
    say_points,
)

__all__ = [
    "COMPLETIONS",
    "Alternative",
    "Answer",
    "GameEnd",
    "Msg",
    "Question",
    "Verdict",
    "answer_question",
    "answer_to_json",
    "ask_json",
    "format_answer",
    "load_clauses",
    "load_question",
    "parse_ask_action",
    "parse_ask_move",
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

    def render(self, language: str, family: str | None = None) -> str:
        """The line in ``language`` (English when it has no translation), in the words of
        ``family``'s sources where they differ from the edition's."""
        template = self.template
        if language == "tr":
            template = (
                get_own_template(template, language, family)
                or TURKISH.get(template)
                or get_template(template, language)
            )
        values = {k: _rendered(v, language, family) for k, v in self.params.items()}
        return template.format(**values)


def _plain(value: object) -> object:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return value


_HALF_POINTS: Final = re.compile(r"-?\d+\.5")


def _rendered(value: object, language: str, family: str | None = None) -> object:
    if isinstance(value, Msg | Said):
        return value.render(language, family)
    if isinstance(value, str) and language != "en" and _HALF_POINTS.fullmatch(value):
        return value.replace(".", ",")  # points (format_points) with the decimal comma
    if isinstance(value, list):
        return ", ".join(str(_rendered(v, language, family)) for v in value)
    return value


def _m(template: str, **params: object) -> Msg:
    return Msg(template, **params)


def say(line: str, language: str, family: str | None = None) -> str:
    """A line of an answer in ``language``, in ``family``'s words."""
    return line.render(language, family) if isinstance(line, Msg | Said) else line


TURKISH: dict[str, str] = {
    "{family}{options}, {players} players; you are seat {seat}": (
        "{family}{options}, {players} oyuncu; siz {seat} numaralı oyuncusunuz"
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
    "DEPENDS ON A FACT NOT GIVEN": "VERİLMEYEN BİR DURUMA BAĞLI",
    "     {line}": "     {line}",
    "{meld} = {points}": "{meld} = {points}",
    "{points}": "{points}",
    "  (depends on cards left unknown: name them to settle it)": (
        "  (bilinmeyen kağıtlara bağlı: kesinleştirmek için onları da verin)"
    ),
    "  DEPENDS ON A FACT NOT GIVEN: {fact}, the totals are {totals}": (
        "  VERİLMEYEN BİR DURUMA BAĞLI: {fact}, toplamlar {totals} olur"
    ),
    "  more than one side reached the target: it moves to {target} and the game goes on": (
        "  hedefe birden çok taraf ulaştı: hedef {target} olur, oyun sürer"
    ),
    "  the game goes on": "  oyun sürer",
    "  {side} wins the game": "  oyunu {side} kazanır",
    "The game after this hand: totals {totals} (target {target})": (
        "Bu elden sonra oyun: toplamlar {totals} (hedef {target})"
    ),
    " and a run with no wild card": " ve jokersiz bir sıralı per",
    "a black three on top blocks the pile for everyone; only the option black-three-last-turn "
    "lets a player take it with black threes to go out": (
        "yerin üstündeki siyah üçlü yeri herkese kapatır; onu elindeki siyah üçlülerle alıp "
        "bitmek yalnızca black-three-last-turn seçeneğiyle olur"
    ),
    "a fi taken by a discard and not yet played: {sides}": (
        "kağıt atarak alınmış, henüz oynanmamış fi: {sides}"
    ),
    "after this move no meld or lay-off of the hand left ({cards}) completes it": (
        "bu hamleden sonra eldeki kağıtlarla ({cards}) yapılacak hiçbir per ya da işleme onu "
        "tamamlamaz"
    ),
    "card points of every card, wild cards included; canasta bonuses do not count": (
        "jokerler dahil her kağıdın puanı; kanasta bonusları sayılmaz"
    ),
    "card points of the natural cards; wild cards add nothing": (
        "doğal kağıtların puanı; jokerler bir şey katmaz"
    ),
    "card points; a meld holding a wild card adds nothing": (
        "kağıt puanları; joker taşıyan bir per hiçbir şey katmaz"
    ),
    "every fi taken was played": "alınan her fi oynandı",
    "every fi taken was played (say {flag} us|them if one was taken by a discard and its taker "
    "has not played since)": (
        "alınan her fi oynandı (biri kağıt atarak alındıysa ve alan o zamandan beri oynamadıysa "
        "{flag} us|them deyin)"
    ),
    "if the fi taken by {side} was taken by a discard and not played since": (
        "{side} fi'yi kağıt atarak aldıysa ve o zamandan beri oynamadıysa"
    ),
    "if the trump card is {card}": "koz {card} ise",
    "none of them is a run with no wild card": "hiçbiri jokersiz bir sıralı per değil",
    "nothing laid is taken back in this family": "bu oyunda masaya konan geri alınmaz",
    "the lowest score": "en düşük puan",
    "the melds of the opening reach {total}: {parts} ({how})": (
        "açılış perleri {total} ediyor: {parts} ({how})"
    ),
    "the minimum is waived only for a player keeping at most {n} card(s)": (
        "en az puan şartı yalnızca elinde en çok {n} kağıt kalan oyuncu için aranmaz"
    ),
    "the opening lays {n} melds, one a run of three naturals in a row; laid: {melds}": (
        "açılışta {n} per açılır, biri art arda üç doğal kağıtlı bir sıralı per; açılanlar: {melds}"
    ),
    "the other side took every fi ({n}) before your side opened, so your side opens only "
    "with a canasta ({size} cards); the largest meld laid holds {largest}": (
        "tarafınız açmadan karşı taraf bütün fi'leri ({n}) aldı; tarafınız ancak bir kanastayla "
        "({size} kağıt) açar; açılan en büyük perde {largest} kağıt var"
    ),
    "the pile holds the cards named in it, over the cards named nowhere else (the stock "
    "being given, the pile is what is left)": (
        "yerde adı geçen kağıtlar, başka yerde adı geçmeyen kağıtların üstünde (stok "
        "verildiği için kalanlar yerde)"
    ),
    "the pile taken waits aside until the first meld reaches the minimum; the turn cannot "
    "end before": (
        "alınan yer, ilk per en az puana ulaşana dek kenarda bekler; sıra ondan önce bitemez"
    ),
    "the stock is empty: the last card was drawn": "stok bitti: son kağıt çekildi",
    "the stock is not empty (say {flag} N; 0 when the last card was drawn)": (
        "stok bitmedi (değilse {flag} N; son kağıt çekildiyse 0)"
    ),
    "the stock: {n} cards": "stok: {n} kağıt",
    "the trump card is {card} (say {flag})": "koz {card} ({flag} ile verin)",
    "the trump card: {card}": "koz: {card}",
    "you have laid no card on the table before this turn": (
        "bu sıradan önce masaya hiç kağıt koymadınız"
    ),
    "you have not opened personally (your partner has)": ("siz kendiniz açmadınız (eşiniz açtı)"),
    "you have opened personally": "siz kendiniz açtınız",
    "you have opened personally, as your side has (say {flag} no)": (
        "tarafınız gibi siz de kendiniz açtınız (değilse {flag} no)"
    ),
    "you laid cards on the table before this turn": ("bu sıradan önce masaya kağıt koydunuz"),
    "you laid cards on the table before this turn, as your side has melds (say {flag} no)": (
        "tarafınızın perleri olduğu için bu sıradan önce masaya kağıt koydunuz (değilse {flag} no)"
    ),
    "your side has {have} canasta(s) and needs {need} to empty a hand; its largest meld "
    "holds {largest} of the {size} cards of a canasta": (
        "tarafınızın {have} kanastası var, eli bitirmek için {need} gerek; en büyük perinde "
        "bir kanastanın {size} kağıdından {largest} tanesi var"
    ),
    "your side's score {score} puts it in the band from {start}: the first meld needs "
    "{minimum}{run}": (
        "tarafınızın {score} puanı onu başlangıcı {start} olan dilime koyar: ilk açılış "
        "{minimum} puan ister{run}"
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
    trump: str | None = None
    """koz: the trump card (clause trump-card)."""
    stock_size: int | None = None
    """The cards left in the stock (0: the last card was drawn; clause stock-exhaustion)."""
    fi_unplayed: tuple[str, ...] | None = None
    """The sides holding a fi taken by discarding and not yet played (clause
    fi-unplayed-fi-5200); ``()``: every fi taken was played; ``None``: not said."""
    target: int | str | None = None
    """The game's target in force (it moves up in fi-5200, clause game-target-fi-5200)."""
    personally_opened: bool | None = None
    """Under a personal opening: whether the asking player has opened personally (clause
    opening-personal); ``None``: as the side has."""
    laid_before: bool | None = None
    """classic: whether the asking player laid cards on the table before this turn (clause
    classic-concealed); ``None``: as the side has melds."""
    hand_number: int | None = None
    """Which hand of the game this is, counted from 1 (clause game-hands); ``None``: not
    said."""

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
    "fi_unplayed": "--fi-unplayed",
    "personally_opened": "--personally-opened",
    "laid_before": "--laid-before",
}


class Verdict:
    """The three kinds of answer."""

    ALLOWED = "allowed"
    NOT_ALLOWED = "not allowed"
    DEPENDS = "depends on cards left unknown"
    DEPENDS_ON_FACT = "depends on a fact not given"
    SCORED = "scored"


@dataclass(frozen=True, slots=True)
class Step:
    """One move of the question on one completion: what was tried and what the rules say."""

    text: str
    violation: Violation | None
    ways: tuple[str, ...] = ()
    """For a bare ``take-pile`` in a family where the pile is taken with cards shown: the
    legal ways to take it."""
    tried: Action | None = None
    """The action the rules were asked (for a bare ``take-pile``, the way that decided)."""
    before: State | None = None
    """The state the action was asked on."""


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
    turns_on: tuple[Alternative, ...] = ()
    """Asked the score: each other value of a fact not given under which it differs."""
    why: tuple[Msg, ...] = ()
    """A refusal: the numbers of the rule the table argues about (the minimum, the total
    reached and how it was counted, the band from the score, the canasta missing)."""
    game: GameEnd | None = None
    """Asked the score of a hand that is over: what it does to the game."""
    hand_note: Msg | None = None
    """The hand number given: what it does to the ruling, and the clauses that show it."""


# --------------------------------------------------------------------------- reading


def _parse(question: Question, key: str, text: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except InputError as exc:
        raise InputError(f"{question.name(key)} {text!r}: {exc}") from None


_LOG_ONTO = (" onto #", " onto meld ")


_SEAT_PREFIX = re.compile(r"^\s*seat\s+(?P<seat>-?\d+)\s*:\s*(?P<rest>.*)$", re.DOTALL)


def parse_ask_action(text: str) -> Action:
    """An action as the play log prints it (``take-pile with 7H 7D onto #1``,
    ``lay-off #0 7S``) or in the fixtures' short notation (``take-pile 7H 7D onto meld 1``,
    ``lay-off 7S onto meld 0``, ``meld 5H 6H JK @4``)."""
    return parse_ask_move(text)[0]


def parse_ask_move(text: str) -> tuple[Action, int | None]:
    """action-seat: an action as :func:`parse_ask_action` reads it, and the seat its
    ``seat N:`` prefix names (``None`` without one)."""
    seat: int | None = None
    prefix = _SEAT_PREFIX.match(text)
    if prefix is not None:
        seat = int(prefix["seat"])
        text = prefix["rest"]
    return _parse_action_text(text), seat


def _parse_action_text(text: str) -> Action:
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


def _actions(question: Question) -> tuple[tuple[Action, int | None], ...]:
    out = []
    for text in question.actions:
        if text.strip().lower() == SCORE and text is question.actions[-1]:
            continue
        try:
            out.append(parse_ask_move(text))
        except InputError as exc:
            raise InputError(
                f"{question.name('action')} {text!r}: {exc} The actions are written as the "
                "play log prints them: draw, take-pile, take-pile with 7H 7D, pass, "
                "meld 5H 5D 5S, lay-off #0 7S, discard 9H, take-back, each optionally after "
                "'seat N:' (clause action-kinds)."
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
    "trump",
    "stock_size",
    "fi_unplayed",
    "target",
    "personally_opened",
    "laid_before",
    "hand_number",
)
"""The fields of a question file (``features`` is accepted for ``options``, ``action``
for ``actions``, ``discard`` for ``pile``)."""
_ALIASES = {"features": "options", "action": "actions", "discard": "pile"}


def question_from_mapping(data: Any, source: str) -> Question:
    """A question from a JSON or TOML object with the fields of :data:`QUESTION_FIELDS`."""
    if not isinstance(data, Mapping):
        raise InputError(f"{source}: a question is an object with a 'variant'.")
    given: dict[str, Any] = {}
    named: dict[str, str] = {}
    for raw_key, value in data.items():
        key = _ALIASES.get(str(raw_key), str(raw_key))
        if key not in QUESTION_FIELDS and raw_key != "description":
            known = ", ".join(QUESTION_FIELDS)
            raise InputError(f"{source}: {raw_key!r} is not a field of a question ({known}).")
        if key in given and given[key] != value:
            raise InputError(
                f"{source}: {named[key]!r} and {raw_key!r} name the same field and disagree "
                f"({given[key]!r:.60} and {value!r:.60}); give one of them."
            )
        given[key] = value
        named[key] = str(raw_key)
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
        k: _int(given[k], f"{at} {k}")
        for k in ("hand_size", "pile_size", "fi_left", "stock_size")
        if k in given
    }
    opt_bool = {
        k: _bool(given[k], f"{at} {k}")
        for k in ("frozen", "personally_opened", "laid_before")
        if k in given
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
        frozen=opt_bool.get("frozen"),
        melds=_sides(given.get("melds", {}), f"{at} melds", _melds),
        red_threes=_sides(given.get("red_threes", {}), f"{at} red_threes", _text),
        opened=_sides(given.get("opened", {}), f"{at} opened", _bool),
        score=_sides(given.get("score", {}), f"{at} score", _score),
        fi_left=opt_int.get("fi_left"),
        fi_taken=_taken(given.get("fi_taken", []), f"{at} fi_taken"),
        went_out=_side(given["went_out"], f"{at} went_out") if "went_out" in given else None,
        actions=tuple(actions),
        source=source,
        trump=_text(given["trump"], f"{at} trump") if "trump" in given else None,
        stock_size=opt_int.get("stock_size"),
        fi_unplayed=(
            _taken(given["fi_unplayed"], f"{at} fi_unplayed") if "fi_unplayed" in given else None
        ),
        target=_score(given["target"], f"{at} target") if "target" in given else None,
        personally_opened=opt_bool.get("personally_opened"),
        laid_before=opt_bool.get("laid_before"),
        hand_number=(
            _hand_number(given["hand_number"], f"{at} hand_number")
            if "hand_number" in given
            else None
        ),
    )


def _hand_number(value: Any, where: str) -> int:
    """game-hands: the number of a hand in its game, read from a question file (a whole
    number; that it is at least 1 is checked with the other counts)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(
            f"{where}: expected which hand of the game this is, a whole number counted from 1 "
            f"(1: the game's first hand; clause game-hands), found {value!r}."
        )
    return value


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
    """A question file: JSON (``.json``) or TOML (``.toml``), read under the same bounds:
    never more than :data:`~kanasta.conformance.MAX_FILE_BYTES` + 1 bytes (an endless
    file is refused unread) and nested no deeper than :data:`~kanasta.conformance.MAX_DEPTH`."""
    if path.suffix == ".toml":
        data: Any = _read_toml(path)
    else:
        data = read_json_file(path, what="a question")
    return question_from_mapping(data, str(path))


def _read_toml(path: Path) -> Any:
    text = read_text_file(path, what="a question")
    _check_toml_nesting(text, str(path))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{path}: not TOML: {exc}.") from None
    except RecursionError:
        raise InputError(_too_deep(str(path))) from None
    _check_depth(data, str(path))
    return data


def _check_depth(data: Any, where: str) -> None:
    """Refuse parsed data whose tables and arrays nest deeper than the bound (measured
    without recursion)."""
    level: list[Any] = [data]
    for _ in range(MAX_DEPTH):
        level = [
            child
            for item in level
            for child in (item.values() if isinstance(item, Mapping) else item)
            if isinstance(child, Mapping | list)
        ]
        if not level:
            return
    raise InputError(_too_deep(where))


def _too_deep(where: str) -> str:
    return (
        f"{where}: the TOML is nested more than {MAX_DEPTH} levels deep; no question needs "
        "that, so it is refused unread."
    )


_TOML_KEY_ENDS = frozenset("\n=,{[")


def _check_toml_nesting(text: str, where: str) -> None:
    """Refuse TOML text that nests deeper than :data:`~kanasta.conformance.MAX_DEPTH`
    (arrays, inline tables and the parts of a dotted key), by one linear scan before the
    parser runs, strings and comments skipped, so that no deep text reaches the recursive
    parser; what the scan cannot see (a dotted table header above dotted keys) is measured
    on the parsed data by :func:`_check_depth`."""
    depth = dots = 0
    i, size = 0, len(text)
    while i < size:
        char = text[i]
        if char in "\"'":
            i = _skip_toml_string(text, i)
            continue
        if char == "#":
            end = text.find("\n", i)
            i = size if end < 0 else end
            continue
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth = max(depth - 1, 0)
        elif char == ".":
            dots += 1
        if char in _TOML_KEY_ENDS:
            dots = 0
        if depth + dots > MAX_DEPTH:
            raise InputError(_too_deep(where))
        i += 1


def _skip_toml_string(text: str, start: int) -> int:
    """The index after the TOML string that begins at ``start`` (the end of the text when
    it never closes): basic or literal, on one line or several."""
    quote = text[start]
    triple = text.startswith(quote * 3, start)
    mark = quote * 3 if triple else quote
    i = start + len(mark)
    while True:
        end = text.find(mark, i)
        if end < 0:
            return len(text)
        if quote == '"':
            slashes = 0
            while end - 1 - slashes >= i and text[end - 1 - slashes] == "\\":
                slashes += 1
            if slashes % 2:
                i = end + 1
                continue
        if triple:
            while text.startswith(quote, end + 3):
                end += 1
        return end + len(mark)


# --------------------------------------------------------------------------- the position


@dataclass(slots=True)
class _Position:
    """The completer's arguments for a question, and the facts it assumed."""

    profile: RulesProfile
    kwargs: dict[str, Any]
    assumed: list[str]
    shown: list[str]
    moves: tuple[tuple[Action, int | None], ...]
    """The moves asked about, each with the seat its ``seat N:`` prefix names."""
    pile_given: int
    pile_open: bool
    """Only the pile's top is named: completions with cards under it are asked too."""
    named: tuple[Card, ...] = ()
    """The cards the question names."""
    trump_open: bool = False
    """koz, the trump not named: the score is also asked under other trumps."""
    unplayed_open: tuple[str, ...] = ()
    """The sides whose fi may be unplayed, not said: the score is asked both ways."""
    target: HalfPoints = 0
    """The game's target in force."""

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(action for action, _ in self.moves)


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


def _check_counts(question: Question, profile: RulesProfile) -> None:
    """The numbers a question gives are numbers the position can have: no negative count,
    a hand no smaller than the cards named in it, no more fi than the family deals, no fi
    unplayed that was not taken."""
    for key in ("hand_size", "pile_size", "fi_left", "stock_size"):
        value = getattr(question, key)
        if value is not None and value < 0:
            raise InputError(f"{question.name(key)} {value}: a count is never negative.")
    if question.hand_number is not None and question.hand_number < 1:
        raise InputError(
            f"{question.name('hand_number')} {question.hand_number}: the hands of a game are "
            "counted from 1, its first hand (clause game-hands)."
        )
    size = question.hand_size
    if size is not None and question.hand is not None:
        named = len(_parse(question, "hand", question.hand))
        if size < named:
            raise InputError(
                f"{question.name('hand_size')} {size}: {question.name('hand')} names {named} "
                "cards, so the hand holds at least that many."
            )
    empty = size == 0 or (question.hand is not None and not question.hand.split())
    if empty and question.went_out != "us":
        raise InputError(
            f"{question.name('hand_size' if size == 0 else 'hand')}: the player whose turn it "
            "is holds cards; an emptied hand takes a fi or ends the hand (clause fi-pickup)."
        )
    if question.fi_left is not None and profile.fi_packets:
        left = profile.fi_packets - len(question.fi_taken)
        if question.fi_left > left:
            raise InputError(
                f"{question.name('fi_left')} {question.fi_left}: {profile.family} deals "
                f"{profile.fi_packets} fi packets and {len(question.fi_taken)} are taken, so at "
                f"most {left} are left (clause deck-composition)."
            )
    for side in SIDES:
        unplayed = (question.fi_unplayed or ()).count(side)
        if unplayed > question.fi_taken.count(side):
            raise InputError(
                f"{question.name('fi_unplayed')} {side}: {_plain_side(side)} took "
                f"{question.fi_taken.count(side)} fi ({question.name('fi_taken')}); only a fi "
                "taken can be unplayed (clause fi-unplayed-fi-5200)."
            )


def _plain_side(side: str) -> str:
    return "your side" if side == "us" else "the other side"


def _position(question: Question) -> _Position:
    profile = get_profile(question.variant, question.options)
    players, teams = profile.players, get_team_count(profile)
    if not 0 <= question.seat < players:
        raise InputError(
            f"{question.name('seat')} {question.seat}: {profile.family} with these "
            f"options has seats 0 to {players - 1} (clause seats-in-order-of-play)."
        )
    moves = _actions(question)
    actions = tuple(action for action, _ in moves)
    _check_counts(question, profile)
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
        size = (
            question.hand_size
            if question.hand_size is not None
            else max(profile.hand_size, len(cards) + 1)
        )
        if size < len(cards):
            raise InputError(
                f"{question.name('hand_size')} {size}: the moves use {len(cards)} cards of "
                f"your hand ({format_cards(cards)}), so it holds at least {len(cards)}."
            )
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
        stale = {
            "it is your turn, at its start (before drawing)",
            "it is your turn and you have drawn (the play phase)",
        }
        if goer == seat:
            stale.add("your hand: {size} cards left unknown (give {flag})")
        assumed[:] = [a for a in assumed if getattr(a, "template", None) not in stale]
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
    _game_facts(question, profile, kwargs, shown, assumed, named)
    problem = check_deck_holds(named, profile.deck_jokers)
    if problem is not None:
        raise InputError(
            f"the question names more cards than the deck holds: {problem.detail} "
            f"(clause {problem.clause}); check {question.name('hand')}, "
            f"{question.name('pile')} and the melds."
        )
    unplayed_open = _fi_unplayed(question, profile, kwargs, shown, assumed)
    _check_opened_melds(question, opened, table, side_team)
    assumed.append(_m("the other hands and the stock hold the cards not named"))
    pile_open = (
        question.pile_top is not None
        and not question.pile
        and question.pile_size is None
        and question.stock_size is None
    )
    target = _target(question, profile)
    _hand_facts(question, profile, target, shown, assumed)
    return _Position(
        profile,
        kwargs,
        assumed,
        shown,
        moves,
        len(pile),
        pile_open,
        named=tuple(named),
        trump_open=profile.trump_rule is not TrumpRule.NONE and question.trump is None,
        unplayed_open=unplayed_open,
        target=target,
    )


def _game_facts(
    question: Question,
    profile: RulesProfile,
    kwargs: dict[str, Any],
    shown: list[str],
    assumed: list[str],
    named: list[Card],
) -> None:
    """The facts of the hand around the position: the stock, the trump (koz), whether the
    asker opened personally (opening-personal), laid cards before (classic-concealed)."""
    seat, teams = question.seat, get_team_count(profile)
    if question.stock_size is not None:
        if question.pile_size is not None:
            raise InputError(
                f"{question.name('stock_size')} and {question.name('pile_size')}: give one; "
                "the cards not named in hands, melds and fi lie in the other (clause "
                "deck-composition)."
            )
        if question.stock_size == 0 and kwargs["phase"] is Phase.DRAW:
            raise InputError(
                f"{question.name('stock_size')} 0 before the draw: when the stock runs out at "
                "the end of a turn the hand is over, so nobody begins a turn with an empty "
                "stock (clause stock-exhaustion); say --phase play if you drew the last card."
            )
        kwargs["stock_size"] = question.stock_size
        shown.append(
            _m("the stock is empty: the last card was drawn")
            if question.stock_size == 0
            else _m("the stock: {n} cards", n=question.stock_size)
        )
        pile_lines = (
            "the pile is empty",
            "the pile holds only the {n} card(s) named (say {flag} N for more)",
        )
        assumed[:] = [a for a in assumed if getattr(a, "template", None) not in pile_lines]
        assumed.append(
            _m(
                "the pile holds the cards named in it, over the cards named nowhere else (the "
                "stock being given, the pile is what is left)"
            )
        )
    else:
        assumed.append(
            _m(
                "the stock is not empty (say {flag} N; 0 when the last card was drawn)",
                flag=question.name("stock_size"),
            )
        )
    if question.trump is not None:
        if profile.trump_rule is TrumpRule.NONE:
            raise InputError(
                f"{question.name('trump')}: {profile.family} turns up no trump card "
                "(clause trump-card is koz's)."
            )
        card = _parse(question, "trump", question.trump)
        if len(card) != 1:
            raise InputError(f"{question.name('trump')} {question.trump!r}: name one card.")
        kwargs["trump"] = format_cards(card)
        shown.append(_m("the trump card: {card}", card=format_cards(card)))
        if question.stock_size != 0:
            named += card
    if question.personally_opened is not None:
        if profile.opening_scope is not OpeningScope.PLAYER:
            raise InputError(
                f"{question.name('personally_opened')}: in {profile.family} a side opens as one "
                "(clause opening-team); each player opens personally only in fi-5200 (clause "
                "opening-personal)."
            )
        seats = [bool(kwargs["opened"][s % teams]) for s in range(profile.players)]
        if question.personally_opened and not seats[seat]:
            raise InputError(
                f"{question.name('personally_opened')}: your side has not opened "
                "(clause opening-personal)."
            )
        seats[seat] = question.personally_opened
        kwargs["seat_opened"] = seats
        shown.append(
            _m("you have opened personally")
            if question.personally_opened
            else _m("you have not opened personally (your partner has)")
        )
    elif profile.opening_scope is OpeningScope.PLAYER and kwargs["opened"][seat % teams]:
        assumed.append(
            _m(
                "you have opened personally, as your side has (say {flag} no)",
                flag=question.name("personally_opened"),
            )
        )
    if question.laid_before is not None:
        if not profile.tracks_table_seats:
            raise InputError(
                f"{question.name('laid_before')}: only classic rewards going out concealed "
                "(clause classic-concealed)."
            )
        table_seats = [bool(kwargs["melds"][s % teams]) for s in range(profile.players)]
        table_seats[seat] = question.laid_before
        kwargs["table_seats"] = table_seats
        shown.append(
            _m("you laid cards on the table before this turn")
            if question.laid_before
            else _m("you have laid no card on the table before this turn")
        )
    elif profile.tracks_table_seats and kwargs["melds"][seat % teams]:
        assumed.append(
            _m(
                "you laid cards on the table before this turn, as your side has melds "
                "(say {flag} no)",
                flag=question.name("laid_before"),
            )
        )


def _target(question: Question, profile: RulesProfile) -> HalfPoints:
    """game-hands: the target in force (the family's, or a higher one it has moved to)."""
    if question.target is None:
        return profile.target_score
    try:
        target = to_half_points(question.target)
    except InputError as exc:
        raise InputError(f"{question.name('target')}: {exc}") from None
    targets = (profile.target_score, *profile.target_extensions)
    if target not in targets:
        shown = ", ".join(format_points(t) for t in targets)
        raise InputError(
            f"{question.name('target')} {question.target}: the targets of {profile.variant} "
            f"are {shown} (clause {get_game_clause(profile)})."
        )
    return target


def _hand_facts(
    question: Question,
    profile: RulesProfile,
    target: HalfPoints,
    shown: list[str],
    assumed: list[str],
) -> None:
    """game-hands: which hand of the game the position is in, when the question says. The
    game begins with every total at 0 and its target moves only after a hand, so before
    hand 1 the totals are 0 and the target is the family's own."""
    number = question.hand_number
    if number is None:
        return
    shown.insert(1, _m("hand {n} of the game", n=number))
    if number != 1:
        return
    for side, points in question.score.items():
        if to_half_points(points) != 0:
            raise InputError(
                f"{question.name(side + '_score')} {points} in {question.name('hand_number')} "
                "1: a game begins with every total at 0, so the totals before its first hand "
                "are 0 (clause game-hands)."
            )
    if target != profile.target_score:
        raise InputError(
            f"{question.name('target')} {question.target} in {question.name('hand_number')} 1: "
            f"the target is {format_points(profile.target_score)} until a hand has moved it "
            f"(clause {get_game_clause(profile)})."
        )
    zero = "the game scores not given are 0"
    assumed[:] = [a for a in assumed if getattr(a, "template", None) != zero]
    shown.append(_m("the totals before the game's first hand are 0 (clause game-hands)"))


def _hand_note(question: Question, profile: RulesProfile) -> Msg | None:
    """game-hands, dealer-rotation, first-player: what the hand number does to the ruling.
    No rule of a hand reads it: it names the dealer (dealer-rotation), the dealer the first
    player (first-player), both settled before any position a question names; the rules
    read the totals before the hand, and the game ends on the totals after a hand (the
    family's game clause), never after a number of hands. Only hand 1 says something
    of the position: its totals are 0 (:func:`_hand_facts`)."""
    number = question.hand_number
    if number is None:
        return None
    turns = (
        _m("the ruling does not turn on it")
        if number != 1
        else _m(
            "the ruling does not turn on it beyond the totals, which are 0 before the game's "
            "first hand (clause game-hands)"
        )
    )
    return _m(
        "The hand number ({n}): {turns}. Which hand it is decides only who deals it (clause "
        "dealer-rotation) and so who plays first (clause first-player); the rules read the "
        "totals before the hand, and the game ends on the totals after a hand, never after a "
        "number of hands (clause {clause}).",
        n=number,
        turns=turns,
        clause=get_game_clause(profile),
    )


def _hand_clauses(profile: RulesProfile, number: int) -> list[str]:
    """The clauses :func:`_hand_note` cites, in its order."""
    first = ["game-hands"] if number == 1 else []
    return [*first, "dealer-rotation", "first-player", get_game_clause(profile)]


def _check_opened_melds(
    question: Question, opened: list[bool], table: list[list[str]], side_team: dict[str, int]
) -> None:
    """opening-team: a side that has opened has melds on the table (nothing laid leaves it)."""
    for side in SIDES:
        team = side_team[side]
        if opened[team] and not table[team]:
            flag = question.name(side + "_meld")
            raise InputError(
                f"{question.name('opened')}: {_plain_side(side)} has opened but has no meld on "
                f"the table; an opening lays melds, and they stay (clause opening-team). Name "
                f"them with {flag}."
            )


def _fi_unplayed(
    question: Question,
    profile: RulesProfile,
    kwargs: dict[str, Any],
    shown: list[str],
    assumed: list[str],
) -> tuple[str, ...]:
    """fi-unplayed-fi-5200: the seats waiting with a fi taken by discarding. Returns the
    sides whose fi may be unplayed when the question does not say (where it matters)."""
    if not question.fi_taken:
        if question.fi_unplayed:
            raise InputError(f"{question.name('fi_unplayed')}: no fi is taken.")
        return ()
    matters = profile.unplayed_fi is UnplayedFi.IGNORED
    if question.fi_unplayed is None:
        if not matters:
            return ()
        assumed.append(
            _m(
                "every fi taken was played (say {flag} us|them if one was taken by a discard "
                "and its taker has not played since)",
                flag=question.name("fi_unplayed"),
            )
        )
        return tuple(dict.fromkeys(question.fi_taken))
    takers = list(kwargs["fi_takers"])
    waiting: list[int] = []
    used: set[int] = set()
    for side in question.fi_unplayed:
        seat = _waiting_seat(question, profile, side, kwargs.get("went_out"), waiting)
        index = max(i for i, s in enumerate(question.fi_taken) if s == side and i not in used)
        used.add(index)
        takers[index] = seat
        waiting.append(seat)
    kwargs["fi_takers"] = takers
    kwargs["fi_waiting"] = waiting
    if question.fi_unplayed:
        sides = [_side_name(s) for s in question.fi_unplayed]
        shown.append(_m("a fi taken by a discard and not yet played: {sides}", sides=sides))
    else:
        shown.append(_m("every fi taken was played"))
    return ()


def _waiting_seat(
    question: Question, profile: RulesProfile, side: str, goer: int | None, taken: list[int]
) -> int:
    """The seat of ``side`` nearest before the asker whose turn has not come since it took
    a fi: not the asker while the hand goes on, not the player who went out."""
    players = profile.players
    team = _team_of(question, profile, side)
    over = question.went_out is not None
    for back in range(1, players + 1):
        seat = (question.seat - back) % players
        if seat % get_team_count(profile) != team or seat == goer or seat in taken:
            continue
        if seat == question.seat and not over:
            continue
        return seat
    raise InputError(
        f"{question.name('fi_unplayed')} {side}: no player of {_plain_side(side)} can still "
        "hold an unplayed fi here: the asker's own turn has begun (clause fi-unplayed-fi-5200)."
    )


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
    trump = kwargs.pop("trump", None) if kwargs.get("stock_size") == 0 else None
    try:
        state = build_state(position.profile, **kwargs, shuffle=shuffle)
        if trump is not None:
            # trump-card: the trump stays the trump once drawn; it is a card in play
            state = replace(state, trump=parse_cards(trump)[0])
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


def _check_readable(state: State) -> None:
    """state-json: a completed position is one the state reader accepts (so that no
    question is answered on a position no hand can reach); refused with the reader's
    message."""
    try:
        state_from_json(state.profile, state_to_json(state), "the position")
    except InputError as exc:
        raise InputError(f"{exc} Check what the question names.") from None


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


def _play(
    state: State, moves: Sequence[tuple[Action, int | None]], *, scored: bool = False
) -> Outcome:
    start = state
    steps: list[Step] = []
    for action, seat in moves:
        result = apply_action(state, action, seat)
        ways: tuple[str, ...] = ()
        tried = action
        if (
            isinstance(result, Violation)
            and result.clause != "action-seat"
            and action.type is ActionType.TAKE_PILE
            and not action.cards
            and action.meld < 0
            and state.profile.pile_top_melded
            and state.discard
        ):
            takes = [a for a in legal_actions(state) if a.type is ActionType.TAKE_PILE]
            ways = tuple(format_action(a) for a in takes)
            if takes:
                tried = takes[0]
                result = apply_action(state, tried)
            else:
                attempts = _take_attempts(state)
                refusals = [(a, apply_action(state, a)) for a in attempts]
                found = [(a, v) for a, v in refusals if isinstance(v, Violation)]
                telling = [(a, v) for a, v in found if v.code != "top-card-not-melded"]
                if found:
                    tried, result = (telling or found)[0]
        if isinstance(result, Violation):
            steps.append(Step(format_action(action), result, ways, tried, state))
            return Outcome(tuple(steps), (), state, start)
        steps.append(Step(format_action(action), None, ways, tried, state))
        state = result
    if scored:
        return Outcome(tuple(steps), (), state, start, score_hand(state))
    listed = () if moves else tuple(format_action(a) for a in legal_actions(state))
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
        return _score_clauses(outcome.state, outcome.score)
    if not actions:
        return ["legal-action-count", "action-kinds"]
    team = outcome.start.team
    if not outcome.start.opened[team] and outcome.state.opened[team]:
        out.append(get_opening_clause(profile))
    formed = [
        meld
        for meld in outcome.state.melds[team]
        if meld.canasta is not None and meld not in outcome.start.melds[team]
    ]
    for meld in formed:
        out += _canasta_clauses(profile, meld)
    blockers = frozenset(profile.pile_blockers)
    for action in actions:
        if action.type is ActionType.TAKE_PILE and profile.pile_top_melded:
            out += ["classic-take-pile", "classic-frozen-pile"]
        elif action.type is ActionType.MELD and blockers.issuperset(action.cards):
            out += ["classic-black-threes-last", "classic-threes-in-melds", "meld-from-hand"]
        else:
            out += _ACCEPTED_CLAUSES[action.type]
    out += _fi_clauses(outcome, actions)
    return list(dict.fromkeys(out))


def _canasta_clauses(profile: RulesProfile, meld: Meld) -> list[str]:
    """The clauses of a canasta's kind (and, where the family fixes the kind when the meld
    first reaches seven cards, that clause)."""
    facts = {"arrangement": arrangement_to_json(meld), "canasta": meld.canasta}
    out = [slug for slug in get_meld_clauses(facts) if slug.startswith("canasta-")]
    if profile.canasta_scheme is CanastaScheme.CLEAN_DIRTY_AT_FORMING:
        out.insert(1, "canasta-kind-at-forming-fi-351")
    elif profile.canasta_scheme is CanastaScheme.HALF_FULL_GRAND and len(meld.history) > 1:
        out.insert(1, "canasta-kind-fixed")
    return out


def _fi_clauses(outcome: Outcome, actions: Sequence[Action]) -> list[str]:
    """fi-pickup, fi-continue, going-out: a hand emptied by the moves."""
    start, state = outcome.start, outcome.state
    if state.went_out is not None and start.went_out is None:
        return ["going-out"]
    if len(state.fi_takers) <= len(start.fi_takers):
        return []
    by_discard = bool(actions) and actions[-1].type is ActionType.DISCARD
    return ["fi-pickup"] if by_discard else ["fi-continue", "fi-pickup"]


def _score_clauses(state: State, score: HandScore) -> list[str]:
    """The clauses of a hand's score: first those of the parts a table argues about (the
    trump, a fi not played, the penalties, the red threes, going out concealed, a stock
    run out), then the family's score clause, then the canastas' kinds."""
    profile = state.profile
    out: list[str] = []
    if state.phase is Phase.OVER and state.went_out is None:
        out.append("stock-exhaustion")
    canastas = [m for team in state.melds for m in team if m.canasta is not None]
    if state.trump is not None and any(is_trump_match(m, state.trump) for m in canastas):
        out.append("canasta-trump-match")
    if get_unplayed_fi(state):
        out.append("fi-unplayed-fi-5200")
    for team, part in enumerate(score.teams):
        if part.get("penalty"):
            forced = is_forced(state, team) and profile.bonus("forced-opening")
            out.append("forced-opening-penalty" if forced else "no-fi-penalty")
        if part.get("red-threes"):
            out.append("classic-red-three-score")
        if part.get("concealed"):
            out.append("classic-concealed")
    out += get_score_clauses(profile)
    for meld in canastas:
        out += _canasta_clauses(profile, meld)
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
    with no move, the legal actions; compared across :data:`COMPLETIONS` of the position,
    and, for a score, across the facts the question leaves unsaid that the score reads
    (the trump, a fi not yet played)."""
    position = _position(question)
    scored = _is_scored(question)
    if position.trump_open:
        card = _default_trump(question, position)
        position.kwargs["trump"] = card
        position.assumed.insert(
            -1,
            _m(
                "the trump card is {card} (say {flag})",
                card=card,
                flag=question.name("trump"),
            ),
        )
    states = [_complete(question, position, seed, under) for seed, under in _completions(position)]
    _check_readable(states[0])
    outcomes = [_play(state, position.moves, scored=scored) for state in states]
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
    turns_on = _turns_on(question, position, first) if first.score is not None else ()
    if other is not None and position.actions:
        verdict = Verdict.DEPENDS
    elif turns_on:
        verdict = Verdict.DEPENDS_ON_FACT
    elif first.score is not None:
        verdict = Verdict.SCORED
    elif any(s.violation is not None for s in first.steps):
        verdict = Verdict.NOT_ALLOWED
    else:
        verdict = Verdict.ALLOWED
    game = _game_end(position, outcomes)
    reasons = _reasons(position.profile, first)
    clauses = [*reasons.clauses, *_clauses(position.profile, first, position.actions)]
    if other is not None:
        clauses += _clauses(position.profile, other, position.actions)
    if game is not None:
        ends = game.winner is not None or game.target_after != game.target
        clauses = [*game.clauses, *clauses] if ends else [*clauses, *game.clauses]
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
        clauses=tuple(dict.fromkeys(clauses)),
        turns_on=turns_on,
        why=reasons.lines,
        game=game,
        hand_note=_hand_note(question, position.profile),
    )


def _default_trump(question: Question, position: _Position) -> str:
    """trump-card: the trump a question that names none is answered with: the bottom card
    of the stock as completed (with the stock drawn out, the lowest card not named)."""
    state = _complete(question, position, None)
    if state.trump is not None:
        return format_card(state.trump)
    return format_card(min(_unnamed(position)))


def _unnamed(position: _Position) -> list[Card]:
    """The cards of the deck the question does not name (each copy once)."""
    pool = Counter(get_deck(position.profile.deck_jokers))
    pool.subtract(position.named)
    return sorted(pool.elements())


@dataclass(frozen=True, slots=True)
class Alternative:
    """The answer under another value of a fact the question did not give."""

    fact: Msg
    totals: tuple[HalfPoints, ...]


def _turns_on(question: Question, position: _Position, first: Outcome) -> tuple[Alternative, ...]:
    """The facts not given that the score turns on: each other value of the fact under
    which the hand scores otherwise (koz's trump, canasta-trump-match; a fi taken by
    discarding and not yet played, fi-unplayed-fi-5200)."""
    assert first.score is not None
    found: list[Alternative] = []
    for fact, asked, changed in _fact_alternatives(question, position, first):
        outcome = _play(_complete(asked, changed, None), changed.moves, scored=True)
        if outcome.score is not None and outcome.score.totals != first.score.totals:
            found.append(Alternative(fact, outcome.score.totals))
    return tuple(found)


def _fact_alternatives(
    question: Question, position: _Position, first: Outcome
) -> list[tuple[Msg, Question, _Position]]:
    """Each other value of a fact not given, as the question and position it makes."""
    out: list[tuple[Msg, Question, _Position]] = []
    for side in position.unplayed_open:
        changed = replace(question, fi_unplayed=(side,))
        try:
            other = _position(changed)
        except InputError:
            continue
        if "trump" in position.kwargs:
            other.kwargs["trump"] = position.kwargs["trump"]
        fact = _m(
            "if the fi taken by {side} was taken by a discard and not played since",
            side=_side_name(side),
        )
        out.append((fact, changed, other))
    if position.trump_open:
        out += [(f, question, p) for f, p in _trump_alternatives(position, first)]
    return out


def _trump_alternatives(position: _Position, first: Outcome) -> list[tuple[Msg, _Position]]:
    """canasta-trump-match: one trump per way of matching the canastas on the table."""
    canastas = [m for team in first.state.melds for m in team if m.canasta is not None]
    if not canastas:
        return []
    given = position.kwargs["trump"]
    default = parse_cards(given)[0]
    pattern = tuple(is_trump_match(m, default) for m in canastas)
    free = position.kwargs.get("stock_size") == 0
    cards = get_deck(position.profile.deck_jokers) if free else _unnamed(position)
    seen = {pattern}
    out: list[tuple[Msg, _Position]] = []
    for card in dict.fromkeys(cards):
        match = tuple(is_trump_match(m, card) for m in canastas)
        if match in seen:
            continue
        seen.add(match)
        changed = replace(position, kwargs={**position.kwargs, "trump": format_card(card)})
        out.append((_m("if the trump card is {card}", card=format_card(card)), changed))
    return out


@dataclass(frozen=True, slots=True)
class GameEnd:
    """game-hands: the game after a hand that is over: the totals, the winner, the target."""

    totals: tuple[HalfPoints, ...]
    winner: int | None
    target: HalfPoints
    target_after: HalfPoints
    settled: bool
    """Whether every completion of the position ends the game the same way."""
    clauses: tuple[str, ...]


def _game_end(position: _Position, outcomes: Sequence[Outcome]) -> GameEnd | None:
    """game-hands, the family's game target: what the hand's score does to the game."""
    first = outcomes[0]
    if first.score is None or first.state.phase is not Phase.OVER:
        return None
    profile = position.profile
    ends = []
    for outcome in outcomes:
        if outcome.score is None or outcome.state.phase is not Phase.OVER:
            continue
        totals, winner, target = get_game_after_hand(
            profile, outcome.state.team_scores, position.target, outcome.score.totals
        )
        ends.append((totals, winner, target))
    totals, winner, target = ends[0]
    reached = sum(1 for t in totals if t >= position.target)
    clauses = [get_game_clause(profile)]
    if reached > 1:
        clauses.append("game-tie")
    clauses.append("game-hands")
    return GameEnd(
        totals,
        winner,
        position.target,
        target,
        all(e[1:] == (winner, target) for e in ends),
        tuple(clauses),
    )


# --------------------------------------------------------------------------- the deciding rule


@dataclass(frozen=True, slots=True)
class _Reasons:
    clauses: tuple[str, ...] = ()
    """The clause the table argues about first, the general clause after."""
    lines: tuple[Msg, ...] = ()


_LENIENT = PLAIN_MELD_RULES._replace(can_finish=lambda _state: True)
"""The move's rules without turn-must-finish: what the move would leave."""

_OPENING_CODES = ("below-threshold", "no-clean-run", "too-few-melds", "no-natural-run")


def _reasons(profile: RulesProfile, outcome: Outcome) -> _Reasons:
    """rejection-cites-family: for a refusal, the rule the table argues about and its
    numbers, before the general clause that refused: the opening's minimum, the band the
    score puts the side in, the total reached and how it was counted (a move refused by
    turn-must-finish because the opening it starts cannot be completed), the canastas a
    side has and needs, the black three taken on the last turn."""
    refused = next((s for s in outcome.steps if s.violation is not None), None)
    if refused is None or refused.before is None or refused.tried is None:
        return _Reasons()
    violation, state, action = refused.violation, refused.before, refused.tried
    assert violation is not None
    found = _Reasons()
    if violation.code == "no-way-to-finish":
        found = _unfinishable(state, action)
    elif violation.code in _OPENING_CODES:
        team = state.team
        found = _opening_reasons(state, get_provisional_melds(state, team), violation)
    elif violation.code == "no-canasta-opening":
        found = _forced_reasons(state)
    elif violation.code == "no-canasta":
        found = _canasta_reasons(state, action)
    elif violation.code == "pile-blocked" and not profile.pile_black_three_last_turn:
        found = _Reasons(
            (),
            (
                _m(
                    "a black three on top blocks the pile for everyone; only the option "
                    "black-three-last-turn lets a player take it with black threes to go out"
                ),
            ),
        )
    if not found.clauses and not found.lines:
        return found
    general = () if violation.clause in found.clauses else (violation.clause,)
    return _Reasons((*found.clauses, *general), found.lines)


def _unfinishable(state: State, action: Action) -> _Reasons:
    """turn-must-finish refused the move: what it would leave, when an opening that can no
    longer be completed is why (the family's first-meld clause decides)."""
    after = apply_action(state, action, None, _LENIENT)
    if isinstance(after, Violation) or after.phase is not Phase.PLAY:
        return _Reasons()
    team = after.team
    if not is_provisional(after, team) and after.pile_top is None:
        return _Reasons()
    kept = len(after.hands[after.turn]) + len(after.pile_pending)
    problem = check_provisional_opening(after, max(kept - 1, 0))
    if problem is None:
        return _Reasons()
    melds = get_provisional_melds(after, team)
    found = (
        _forced_reasons(after)
        if problem.code == "no-canasta-opening"
        else _opening_reasons(after, melds, problem)
    )
    lines = list(found.lines)
    hand = format_cards(after.hands[after.turn]) or "-"
    lines.append(
        _m(
            "after this move no meld or lay-off of the hand left ({cards}) completes it",
            cards=hand,
        )
    )
    clauses = list(found.clauses)
    if after.pile_top is not None:
        lines.append(
            _m(
                "the pile taken waits aside until the first meld reaches the minimum; the "
                "turn cannot end before"
            )
        )
        clauses.append("classic-pile-opening")
    if not after.profile.take_back:
        lines.append(_m("nothing laid is taken back in this family"))
        clauses.append("classic-no-take-back")
    return _Reasons(tuple(clauses), tuple(lines))


def _opening_reasons(state: State, melds: Sequence[Meld], problem: Violation) -> _Reasons:
    """The family's first-meld rule with its numbers: the band, the minimum, the total."""
    profile = state.profile
    team = state.team
    score = state.team_scores[team]
    band = get_opening_band(profile, score)
    if band is None:
        return _Reasons()
    clauses = [problem.clause, get_bands_clause(profile)]
    lines: list[Msg] = []
    if band.min_melds > 1 or band.needs_natural_run:
        lines.append(
            _m(
                "the opening lays {n} melds, one a run of three naturals in a row; laid: {melds}",
                n=band.min_melds,
                melds=_meld_list(melds),
            )
        )
        return _Reasons(tuple(dict.fromkeys(clauses)), tuple(lines))
    lines.append(
        _m(
            "your side's score {score} puts it in the band from {start}: the first meld needs "
            "{minimum}{run}",
            score=format_points(score),
            start=_band_start(band),
            minimum=format_points(band.min_points),
            run=_m(" and a run with no wild card") if band.needs_clean_run else "",
        )
    )
    parts = [
        _m(
            "{meld} = {points}",
            meld=said_meld(format_meld(m)),
            points=format_points(get_opening_total(profile, (m,), band)),
        )
        for m in melds
    ]
    total = get_opening_total(profile, melds, band)
    lines.append(
        _m(
            "the melds of the opening reach {total}: {parts} ({how})",
            total=format_points(total),
            parts=parts or "-",
            how=_how_counted(band),
        )
    )
    if problem.code == "no-clean-run":
        lines.append(_m("none of them is a run with no wild card"))
    clauses.append("opening-total")
    if profile.opening_waiver_cards is not None:
        lines.append(
            _m(
                "the minimum is waived only for a player keeping at most {n} card(s)",
                n=profile.opening_waiver_cards,
            )
        )
        clauses.append("opening-waiver")
    return _Reasons(tuple(dict.fromkeys(clauses)), tuple(lines))


def _band_start(band: OpeningBand) -> Msg:
    if band.min_score is None:
        return _m("the lowest score")
    return _m("{points}", points=format_points(band.min_score))


def _how_counted(band: OpeningBand) -> Msg:
    if not band.wild_melds_count:
        return _m("card points; a meld holding a wild card adds nothing")
    if not band.wilds_count:
        return _m("card points of the natural cards; wild cards add nothing")
    return _m("card points of every card, wild cards included; canasta bonuses do not count")


def _meld_list(melds: Sequence[Meld]) -> str:
    texts = [format_meld(m) for m in melds]
    return Said(
        " | ".join(texts) or "-",
        lambda language, family: " | ".join(say_meld(t, language, family) for t in texts) or "-",
    )


def _forced_reasons(state: State) -> _Reasons:
    """forced-canasta-opening: why the side must open with a canasta."""
    melds = get_provisional_melds(state, state.team)
    largest = max((m.size for m in melds), default=0)
    line = _m(
        "the other side took every fi ({n}) before your side opened, so your side opens only "
        "with a canasta ({size} cards); the largest meld laid holds {largest}",
        n=len(state.fi_takers),
        size=state.profile.canasta_size,
        largest=largest,
    )
    return _Reasons(("forced-canasta-opening", "forced-canasta-trigger"), (line,))


def _canasta_reasons(state: State, action: Action) -> _Reasons:
    """emptying-needs-canasta: the canastas the side has and needs; first the clause of the
    move that tried to empty the hand when the family has one of its own (the black threes
    taken or melded to go out)."""
    profile = state.profile
    team = state.team
    have = sum(1 for m in state.melds[team] if m.canasta is not None)
    need = profile.going_out_canastas
    largest = max((m.size for m in state.melds[team]), default=0)
    clauses: list[str] = []
    blockers = frozenset(profile.pile_blockers)
    if action.type is ActionType.TAKE_PILE and state.discard and state.discard[-1] in blockers:
        clauses.append("classic-black-three-last-turn")
    elif action.type is ActionType.MELD and action.cards and set(action.cards) <= blockers:
        clauses.append("classic-black-threes-last")
    if need > 1:
        clauses.append("classic-going-out")
    line = _m(
        "your side has {have} canasta(s) and needs {need} to empty a hand; its largest meld "
        "holds {largest} of the {size} cards of a canasta",
        have=have,
        need=need,
        largest=largest,
        size=profile.canasta_size,
    )
    return _Reasons(tuple(clauses), (line,))


# --------------------------------------------------------------------------- the text


def _steps_text(outcome: Outcome, why: Sequence[Msg] = ()) -> list[str]:
    lines: list[str] = []
    for i, step in enumerate(outcome.steps, 1):
        if step.violation is None:
            lines.append(_m("  {i}. {text}: allowed", i=i, text=said_move(step.text)))
        else:
            v = step.violation
            lines.append(
                _m(
                    "  {i}. {text}: NOT allowed, {code} [{clause}]: {detail}",
                    i=i,
                    text=said_move(step.text),
                    code=v.code,
                    clause=v.clause,
                    detail=said_reason(v),
                )
            )
            lines += [_m("     {line}", line=line) for line in why]
        if step.ways:
            lines.append(_m("     the legal ways: {ways}", ways=said_moves(step.ways)))
    return lines


def _table_text(outcome: Outcome) -> list[str]:
    """Your side's melds after the moves, when the moves laid cards."""
    before, after = outcome.start, outcome.state
    team = before.team
    if after.melds[team] == before.melds[team]:
        return []
    lines: list[str] = [_m("After the moves, your side's melds:")]
    lines += [
        _m("  #{i}: {meld}", i=i, meld=said_meld(format_meld(meld)))
        for i, meld in enumerate(after.melds[team])
    ]
    return lines


def _score_text(answer: Answer, language: str) -> list[str]:
    family = answer.outcome.state.profile.family
    score = answer.outcome.score
    assert score is not None
    out = _steps_text(answer.outcome, answer.why)
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
    names = [say(_m("team {t}", t=t), language, family) for t in range(teams)]
    us = question.seat % teams
    names[us] = say(_m("your side"), language, family)
    if teams > 1:
        names[(us + 1) % teams] = say(_m("other side"), language, family)
    out.append("  " + " " * 12 + "".join(f"{n:>12}" for n in names))
    parts: list[str] = []
    for team in score.teams:
        parts += [k for k, _ in team.parts if k not in parts]
    for name in parts:
        cells = []
        for t, team in enumerate(score.teams):
            mark = "*" if (t, name) in answer.varying else ""
            cells.append(f"{say_points(team.get(name), language) + mark:>12}")
        out.append(f"  {get_score_row(name, language, family):<12}" + "".join(cells))
    varying = answer.varying
    total = "".join(
        f"{say_points(team.total, language) + ('*' if any(t == v for v, _ in varying) else ''):>12}"
        for t, team in enumerate(score.teams)
    )
    out.append(f"  {get_score_row('total', language, family):<12}{total}")
    if answer.varying:
        out.append(_m("  (* depends on cards left unknown: name them to settle it)"))
    for alternative in answer.turns_on:
        out.append(
            _m(
                "  DEPENDS ON A FACT NOT GIVEN: {fact}, the totals are {totals}",
                fact=alternative.fact,
                totals=[format_points(t) for t in alternative.totals],
            )
        )
    out += _game_text(answer)
    return out


def _game_text(answer: Answer) -> list[str]:
    game = answer.game
    if game is None:
        return []
    totals = [format_points(t) for t in game.totals]
    lines: list[str] = [
        _m(
            "The game after this hand: totals {totals} (target {target})",
            totals=totals,
            target=format_points(game.target),
        )
    ]
    us = answer.question.seat % len(game.totals)
    if game.winner is not None:
        side = _m("your side") if game.winner == us else _m("the other side")
        lines.append(_m("  {side} wins the game", side=side))
    elif game.target_after != game.target:
        lines.append(
            _m(
                "  more than one side reached the target: it moves to {target} and the game "
                "goes on",
                target=format_points(game.target_after),
            )
        )
    else:
        lines.append(_m("  the game goes on"))
    if not game.settled:
        lines.append(_m("  (depends on cards left unknown: name them to settle it)"))
    return lines


def format_answer(answer: Answer, clause_text: Callable[[str], str], language: str = "en") -> str:
    """The answer as text, in ``language`` (``en`` or ``tr``): the position, what was
    assumed, the verdict, each move's verdict, the legal actions asked for, and the
    deciding clauses' text (``clause_text`` gives it). The Turkish says the game's things in
    the words of the family's sources (:func:`kanasta.speech.get_own_template`)."""
    family = answer.outcome.state.profile.family
    out: list[str] = [_m("Position:")]
    out += [f"  {say(line, language, family)}" for line in answer.position]
    out.append(_m("Assumed (not given):"))
    out += [f"  {say(line, language, family)}" for line in answer.assumed]
    state = answer.outcome.state
    if answer.outcome.score is not None:
        out += _score_text(answer, language)
    elif answer.question.actions:
        out.append(_m("Answer: {verdict}", verdict=_m(answer.verdict.upper())))
        out += _steps_text(answer.outcome, answer.why)
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
        out += [_m("  {move}", move=said_move(a)) for a in answer.legal[:MAX_LISTED]]
        if count > MAX_LISTED:
            out.append(_m("  ... and {n} more", n=count - MAX_LISTED))
        if answer.legal != answer.outcome.legal:
            out.append(_m("  (more may be legal, depending on the cards left unknown)"))
    if answer.hand_note is not None:
        out.append(answer.hand_note)
    if answer.question.actions:
        out.append(_m("Deciding clause(s):"))
        out += [clause_text(slug) for slug in answer.clauses]
    else:
        out.append(_m("Clauses: {slugs} (kanasta spec show SLUG)", slugs=", ".join(answer.clauses)))
    return "\n".join(say(line, language, family) for line in out) + "\n"


# --------------------------------------------------------------------------- as data


def _said_json(lines: Sequence[str], language: str, family: str | None = None) -> list[str]:
    """Lines of an answer for ``--json``: their English text, or said in ``language``."""
    return [str(line) if language == "en" else say(line, language, family) for line in lines]


def _steps_json(
    outcome: Outcome, language: str = "en", family: str | None = None
) -> list[dict[str, Any]]:
    out = []
    for step in outcome.steps:
        item: dict[str, Any] = {"action": step.text, "allowed": step.violation is None}
        if step.violation is not None:
            detail = step.violation.detail
            item |= {
                "clause": step.violation.clause,
                "code": step.violation.code,
                "detail": (
                    detail if language == "en" else get_reason(step.violation, language, family)
                ),
            }
        if step.ways:
            item["ways"] = list(step.ways)
        out.append(item)
    return out


def answer_to_json(
    answer: Answer, clauses: Mapping[str, Clause], language: str = "en"
) -> dict[str, Any]:
    """The answer as JSON (what ``kanasta ask --json`` prints): the verdict, the position
    and the assumptions, each move's verdict, the reasons of a refusal, the clauses cited
    (the deciding one first, each with its number, title and text from ``clauses``), and,
    as asked, the legal actions, the score and what it does to the game. The prose (the
    position, the assumptions, a refusal's ``detail``, ``why``, a fact the score turns on)
    is in ``language``; the keys, verdicts, codes, slugs, cards and moves never change."""
    family = answer.profile.family
    data: dict[str, Any] = {
        "variant": str(answer.profile.family),
        "options": list(answer.profile.options),
        "verdict": answer.verdict,
        "position": _said_json(answer.position, language, family),
        "assumed": _said_json(answer.assumed, language, family),
        "steps": _steps_json(answer.outcome, language, family),
        "why": _said_json(answer.why, language, family),
        "clauses": [
            {
                "slug": slug,
                "number": clauses[slug].number if slug in clauses else None,
                "title": clauses[slug].title if slug in clauses else None,
                "text": clauses[slug].text.strip() if slug in clauses else None,
            }
            for slug in answer.clauses
        ],
    }
    if answer.other is not None:
        data["otherwise"] = _steps_json(answer.other, language, family)
    if not answer.question.actions:
        data["legal_actions"] = list(answer.legal)
    score = answer.outcome.score
    if score is not None:
        data["score"] = score.to_json()
        data["depends_on_unknown_cards"] = sorted([team, part] for team, part in answer.varying)
        data["turns_on"] = [
            {
                "fact": _said_json([a.fact], language, family)[0],
                "totals": [points_to_json(t) for t in a.totals],
            }
            for a in answer.turns_on
        ]
    number = answer.question.hand_number
    if number is not None and answer.hand_note is not None:
        data["hand_number"] = {
            "number": number,
            "note": _said_json([answer.hand_note], language, family)[0],
            "clauses": _hand_clauses(answer.profile, number),
        }
    if answer.game is not None:
        game = answer.game
        data["game"] = {
            "totals": [points_to_json(t) for t in game.totals],
            "target": points_to_json(game.target),
            "target_after": points_to_json(game.target_after),
            "winner": game.winner,
            "settled": game.settled,
        }
    return data


def load_clauses(language: str = "en") -> dict[str, Clause]:
    """The spec's clauses by slug, in ``language`` (``en`` or ``tr``; a paragraph without
    a translation stays English); read once per language."""
    return dict(_clauses_in(language))


@cache
def _clauses_in(language: str) -> dict[str, Clause]:
    return {c.slug: translate_clause(c, language) for c in load_spec()}


def ask_json(data: Mapping[str, Any], *, language: str = "en") -> dict[str, Any]:
    """The whole of ``kanasta ask`` as one call, for programs (a browser desk): a question
    as a mapping with the fields of a question file (:data:`QUESTION_FIELDS`), the answer
    as :func:`answer_to_json` gives it. Bad input raises :class:`~kanasta.errors.InputError`
    with the one-paragraph message the command prints."""
    answer = answer_question(question_from_mapping(data, "question"))
    return answer_to_json(answer, load_clauses(language), language)
