"""The players' rulebooks: one learn-to-play text per family, read without Sphinx.

Each family's rulebook is ``docs/rulebooks/<family>.rst`` (shipped in the wheel), written
in English, translated in the catalogue ``docs/locales/tr/LC_MESSAGES/rulebooks/<family>.po``
like every page of the site. Its text is a small part of reStructuredText: a title,
chapters (``----`` headings), paragraphs and list items, the roles ``:clause:`slug``` and
``:cards:`4H 5H JK```, and two directives, ``.. turn-example:: FAMILY`` (a whole turn
played by the reference engine) and ``.. quick-reference:: FAMILY`` (the family's numbers,
from its profile).

Every sentence of a rulebook cites the clause of the specification that states its rule
(:func:`check_rulebook`: the clause exists and belongs to the family); the Sphinx build
and the tests run the check on both editions. The same model is printed in the terminal
(:func:`format_rulebook_text`), written as a page of HTML (:func:`format_rulebook_html`)
and, with fpdf2, as a PDF (:mod:`kanasta.specdoc.rulebook_pdf`).
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Final

from kanasta.errors import InputError, Violation
from kanasta.families import FAMILY_NAMES, PROFILES, get_example_melds, get_example_turn
from kanasta.io.scenario import build_state
from kanasta.resources import get_rulebook_dir
from kanasta.rules.actions import Action, ActionType, apply_action
from kanasta.rules.canastas import CanastaKind, get_canasta_bonus
from kanasta.rules.cards import JOKER, format_card, parse_cards
from kanasta.rules.families import (
    CanastaScheme,
    Direction,
    Rounding,
    RulesProfile,
    WildMeldRule,
)
from kanasta.rules.melds import Meld, MeldKind, get_meld_points, validate_meld
from kanasta.rules.state import State
from kanasta.specdoc.i18n import LANGUAGES, get_label
from kanasta.specdoc.spec import Clause, load_spec
from kanasta.specdoc.spectext import get_catalogue

__all__ = [
    "Block",
    "CardFace",
    "Chapter",
    "QuickRow",
    "Rulebook",
    "TurnStep",
    "check_rulebook",
    "format_cards_plain",
    "format_number",
    "format_rulebook_html",
    "format_rulebook_text",
    "get_card_faces",
    "get_cited_clauses",
    "get_meld_examples",
    "get_quick_reference",
    "get_sentences",
    "load_rulebook",
    "play_example_turn",
    "quick_reference_html",
]

SUITS: Final = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
JOKER_FACE: Final = "🃏"
RED_SUITS: Final = frozenset("DH")
WIDTH: Final = 80

# --------------------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as a player sees it: ``7♥`` (red), ``10♠``, or the joker."""

    text: str
    red: bool
    joker: bool


def get_card_faces(notation: str) -> tuple[CardFace, ...]:
    """card-notation: ``"4H 10S JK"`` as the faces 4♥ 10♠ and a joker (an unknown card
    is an :class:`InputError` naming it)."""
    faces = []
    for card in parse_cards(notation.split()):
        text = format_card(card)
        if card == JOKER:
            faces.append(CardFace(JOKER_FACE, red=False, joker=True))
        else:
            faces.append(CardFace(text[:-1] + SUITS[text[-1]], text[-1] in RED_SUITS, False))
    return tuple(faces)


def format_cards_plain(notation: str) -> str:
    """The cards as text with their suit signs: ``4♥ 5♥ 🃏``."""
    return " ".join(face.text for face in get_card_faces(notation))


def format_number(half_points: int, language: str) -> str:
    """points-exact: half points as points in the page's number format: ``4.5`` and
    ``5,200`` in English, ``4,5`` and ``5.200`` in Turkish."""
    whole, half = divmod(abs(half_points), 2)
    sign = "-" if half_points < 0 else ""
    comma, dot = (",", ".") if language == "tr" else (".", ",")
    digits = f"{whole:,}".replace(",", dot) if whole >= 1000 else str(whole)
    return f"{sign}{digits}{comma}5" if half else f"{sign}{digits}"


# --------------------------------------------------------------------------- the model


@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph (``bullet`` empty), a list item (``-`` or ``1.``) or a directive
    (``directive`` its name, ``text`` its argument)."""

    text: str
    bullet: str = ""
    directive: str = ""


@dataclass(frozen=True, slots=True)
class Chapter:
    """A chapter of a rulebook: its anchor, its title and its blocks."""

    ident: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A family's rulebook in one language: its title, its opening blocks, its chapters."""

    family: str
    language: str
    title: str
    intro: tuple[Block, ...]
    chapters: tuple[Chapter, ...]

    def all_blocks(self) -> Iterator[tuple[str, Block]]:
        """(chapter title, block) for every block, the opening ones first."""
        for block in self.intro:
            yield self.title, block
        for chapter in self.chapters:
            for block in chapter.blocks:
                yield chapter.title, block


_HEADING = re.compile(r"^([=\-~^])\1{2,}\s*$")
_BULLET = re.compile(r"^([-*]|\d+\.|#\.)\s+")
_DIRECTIVE = re.compile(r"^\.\.\s+([a-z-]+)::\s*(.*)$")
_TARGET = re.compile(r"^\.\.\s+_[^:]+:\s*$")


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def parse_rulebook(text: str, family: str, language: str = "en") -> Rulebook:
    """The model of a rulebook's reStructuredText (English; see :func:`load_rulebook`)."""
    lines = text.splitlines()
    title = ""
    intro: list[Block] = []
    chapters: list[tuple[str, list[Block]]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped or _TARGET.match(stripped) or stripped.startswith(".. |"):
            i += 1
            continue
        if i + 1 < len(lines) and _HEADING.match(lines[i + 1]) and not line.startswith(" "):
            if lines[i + 1].startswith("="):
                title = stripped
            else:
                chapters.append((stripped, []))
            i += 2
            continue
        target = chapters[-1][1] if chapters else intro
        directive = _DIRECTIVE.match(stripped)
        if directive is not None:
            target.append(Block(directive.group(2).strip(), directive=directive.group(1)))
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith(" ")):
                i += 1
            continue
        if stripped.startswith(".."):  # a comment
            i += 1
            while i < len(lines) and lines[i].startswith(" "):
                i += 1
            continue
        bullet = ""
        first = stripped
        start_indent = len(line) - len(line.lstrip())
        match = _BULLET.match(stripped)
        if match is not None:
            bullet = match.group(1)
            first = stripped[match.end() :]
        parts = [first]
        i += 1
        while i < len(lines) and lines[i].strip():
            nxt = lines[i]
            if _BULLET.match(nxt.strip()) and len(nxt) - len(nxt.lstrip()) <= start_indent:
                break
            parts.append(nxt.strip())
            i += 1
        target.append(Block(" ".join(parts), bullet=bullet))
    return Rulebook(
        family=family,
        language=language,
        title=title,
        intro=tuple(intro),
        chapters=tuple(Chapter(_anchor(t), t, tuple(b)) for t, b in chapters),
    )


def translate_rulebook(book: Rulebook, messages: Mapping[str, str]) -> Rulebook:
    """The rulebook with each title and paragraph from the catalogue (a message without a
    translation stays English); the chapters keep their English anchors."""

    def block(b: Block) -> Block:
        return b if b.directive else Block(messages.get(b.text, b.text), b.bullet)

    return Rulebook(
        family=book.family,
        language=book.language,
        title=messages.get(book.title, book.title),
        intro=tuple(block(b) for b in book.intro),
        chapters=tuple(
            Chapter(c.ident, messages.get(c.title, c.title), tuple(block(b) for b in c.blocks))
            for c in book.chapters
        ),
    )


def load_rulebook(
    family: str,
    language: str = "en",
    *,
    rulebook_dir: Path | None = None,
    locale_dir: Path | None = None,
) -> Rulebook:
    """A family's rulebook in ``language``, from the rulebook folder (this checkout's
    ``docs/rulebooks`` or the wheel's copy) and the language's catalogue."""
    if family not in FAMILY_NAMES:
        raise InputError(f"no rulebook for {family!r}: the families are {', '.join(FAMILY_NAMES)}")
    if language not in LANGUAGES:
        raise InputError(f"no edition in the language {language!r}; use one of {LANGUAGES}")
    path = (rulebook_dir or get_rulebook_dir()) / f"{family}.rst"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read the rulebook {path}: {exc}") from None
    book = parse_rulebook(text, family, language)
    messages = get_catalogue(f"rulebooks/{family}", language, locale_dir)
    return translate_rulebook(book, messages) if messages else book


# --------------------------------------------------------------------------- the check

_ROLE = re.compile(r":(clause|cards|term|doc|ref):`([^`]*)`")
_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+|(?<=[.!?])[\"”’)]*$")


def get_sentences(text: str) -> list[str]:
    """The sentences of a paragraph: split after ``.``, ``!`` or ``?`` and a space, never
    inside a role (``4.5`` and ``§7.3`` do not end a sentence)."""
    masked = _ROLE.sub(lambda m: "x" * len(m.group(0)), text)
    sentences: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(masked):
        end = match.end()
        if text[start:end].strip():
            sentences.append(text[start:end].strip())
        start = end
    if text[start:].strip():
        sentences.append(text[start:].strip())
    return sentences


def _role_target(content: str) -> str:
    explicit = _EXPLICIT.match(content)
    return (explicit.group(2) if explicit else content).strip()


def get_cited_clauses(book: Rulebook) -> list[str]:
    """The slugs a rulebook cites, in order, each once."""
    found: dict[str, None] = {}
    for _, block in book.all_blocks():
        for match in _ROLE.finditer(block.text):
            if match.group(1) == "clause":
                found.setdefault(_role_target(match.group(2)))
    return list(found)


def check_rulebook(
    book: Rulebook, families_of: Mapping[str, Sequence[str]] | None = None
) -> list[str]:
    """The sentences of a rulebook that cite no clause, or a clause that does not exist or
    is not of the book's family (``families_of``: slug -> families, by default the spec's);
    and the cards that do not read. Empty when every sentence carries its clause."""
    known = families_of if families_of is not None else {c.slug: c.families for c in load_spec()}
    problems: list[str] = []
    for where, block in book.all_blocks():
        if block.directive:
            if block.directive in {"turn-example", "quick-reference"} and (
                block.text != book.family
            ):
                problems.append(
                    f"{book.family} ({book.language}), {where}: the {block.directive} of "
                    f"{block.text!r} in the rulebook of {book.family}"
                )
            continue
        for sentence in get_sentences(block.text):
            roles = [(m.group(1), m.group(2)) for m in _ROLE.finditer(sentence)]
            cited = [_role_target(content) for name, content in roles if name == "clause"]
            shown = f"{book.family} ({book.language}), {where}: {sentence[:70]!r}"
            if not cited:
                problems.append(f"{shown} cites no clause")
            for slug in cited:
                families = known.get(slug)
                if families is None:
                    problems.append(f"{shown} cites {slug!r}, which is no clause")
                elif book.family not in families:
                    problems.append(f"{shown} cites {slug}, a clause not of {book.family}")
            for name, content in roles:
                if name == "cards":
                    try:
                        get_card_faces(content)
                    except InputError as exc:
                        problems.append(f"{shown}: {exc}")
    if not book.chapters:
        problems.append(f"{book.family} ({book.language}): the rulebook has no chapters")
    return problems


# --------------------------------------------------------------------------- turn example


@dataclass(frozen=True, slots=True)
class TurnStep:
    """One move of a worked turn, as the engine played it: what was done (a label and the
    cards), and what stands after it (the hand, the team's melds with their points)."""

    label: str
    cards: str
    hand: str
    melds: tuple[tuple[str, int], ...]
    note: str = ""


def _meld_notation(meld: Meld) -> str:
    return " ".join(format_card(c) for c in (*meld.cards, *meld.spare))


def _action(step: Sequence[str]) -> Action:
    kind, *rest = step
    if kind == "lay-off":
        index, *more = rest
        laid = tuple(sorted(parse_cards(" ".join(more).split())))
        return Action(ActionType.LAY_OFF, laid, meld=int(index))
    cards = tuple(sorted(parse_cards(" ".join(rest).split()))) if rest else ()
    if kind == "take-pile":
        return Action(ActionType.TAKE_PILE, cards, meld=-1)
    return Action(ActionType(kind), cards)


_STEP_LABELS: Final = {
    "draw": "draws from the stock",
    "take-pile": "takes the discard pile with",
    "meld": "melds",
    "lay-off": "lays off",
    "discard": "discards",
    "pass": "passes by showing",
}


def _table(state: State, team: int) -> tuple[tuple[str, int], ...]:
    profile = state.profile
    return tuple((_meld_notation(m), get_meld_points(profile, m)) for m in state.melds[team])


def play_example_turn(family: str, language: str = "en") -> tuple[str, tuple[TurnStep, ...]]:
    """The family's worked turn (``EXAMPLE_TURN`` of its module) played by the reference
    engine: the starting position as text, and each move with what stands after it. A move
    the engine refuses is an :class:`InputError` naming the move and the clause."""
    example = get_example_turn(family)
    if example is None:
        raise InputError(f"the family {family} has no worked turn (EXAMPLE_TURN)")
    profile = PROFILES[family]
    label = partial(get_label, language=language, family=family)
    state: State | Violation = build_state(profile, **example.position)
    assert isinstance(state, State)
    team = state.team
    hand_before = " ".join(format_card(c) for c in state.hands[state.turn])
    top = format_card(state.discard[-1]) if state.discard else ""
    start = f"{label('hand')}: {hand_before}"
    if top:
        start += f" · {label('top of the pile')}: {top}"
    steps: list[TurnStep] = []
    for move in example.moves:
        seat = state.turn
        stock_top = format_card(state.stock[0]) if state.stock else ""
        result = apply_action(state, _action(move))
        if isinstance(result, Violation):
            raise InputError(
                f"the worked turn of {family}: the engine refuses {' '.join(move)!r} ({result})"
            )
        note = ""
        if move[0] == "draw":
            cards = stock_top
        elif move[0] == "lay-off":
            cards = " ".join(move[2:])
        else:
            cards = " ".join(move[1:])
        if result.opened[team] and not state.opened[team]:
            note = label("the team has opened")
        hand = " ".join(format_card(c) for c in result.hands[seat]) if result.hands else ""
        steps.append(
            TurnStep(label(_STEP_LABELS[move[0]]), cards, hand, _table(result, team), note)
        )
        state = result
    return start, tuple(steps)


@dataclass(frozen=True, slots=True)
class MeldExample:
    """A meld a player might try and the engine's verdict: its kind and points, its
    canasta and bonus, or the clause that refuses it."""

    cards: str
    legal: bool
    verdict: str
    clause: str = ""


def get_meld_examples(family: str, language: str = "en") -> tuple[MeldExample, ...]:
    """The family's example melds (``EXAMPLE_MELDS``) judged by the reference engine."""
    profile = PROFILES[family]
    label = partial(get_label, language=language, family=family)
    examples = []
    for text in get_example_melds(family):
        result = validate_meld(profile, parse_cards(text.split()))
        if isinstance(result, Violation):
            examples.append(MeldExample(text, False, label("not a meld"), result.clause))
            continue
        kind = label("run") if result.kind is MeldKind.RUN else label("set")
        if result.kind is MeldKind.WILD:
            kind = label("meld of wild cards")
        verdict = f"{kind}, {format_number(get_meld_points(profile, result), language)} "
        verdict += label("points")
        if result.canasta is not None:
            bonus = format_number(get_canasta_bonus(profile, result), language)
            verdict += f"; {label(_KIND_LABELS.get(result.canasta.value, 'canasta'))} +{bonus}"
        examples.append(MeldExample(text, True, verdict))
    return tuple(examples)


# --------------------------------------------------------------------------- quick reference


@dataclass(frozen=True, slots=True)
class QuickRow:
    """One line of a quick reference: a topic and its lines."""

    topic: str
    lines: tuple[str, ...]


_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _card_points(profile: RulesProfile, language: str) -> tuple[str, ...]:
    label = partial(get_label, language=language, family=profile.family)
    table = profile.points
    number = partial(format_number, language=language)
    lines = [f"{JOKER_FACE} {label('joker')}: {number(table.by_card[JOKER])}"]
    by_rank = {r: tuple(table.by_card[s * 13 + r] for s in range(4)) for r in range(13)}
    lines.append(f"A: {number(by_rank[0][0])}")
    if by_rank[1][0] == table.wild_two == table.hand_two:
        lines.append(f"2: {number(table.wild_two)}")
    else:
        lines.append(f"2 {label('as a wild card')}: {number(table.wild_two)}")
        lines.append(f"2 {label('in its own place in a run')}: {number(by_rank[1][0])}")
    start = 2
    while start < 13:
        end = start
        while end < 12 and by_rank[end + 1] == by_rank[start]:
            end += 1
        names = _RANKS[start] if start == end else f"{_RANKS[start]}–{_RANKS[end]}"
        values = by_rank[start]
        if len(set(values)) == 1:
            lines.append(f"{names}: {number(values[0])}")
        else:
            lines.append(f"{names} ♥♦ {label('red')}: {number(values[1])}")
            lines.append(f"{names} ♣♠ {label('black')}: {number(values[0])}")
        start = end + 1
    return tuple(lines)


def _openings(profile: RulesProfile, language: str) -> tuple[str, ...]:
    label = partial(get_label, language=language, family=profile.family)
    number = partial(format_number, language=language)
    lines = []
    bands = profile.opening_bands
    for index, band in enumerate(bands):
        low = band.min_score
        high = bands[index + 1].min_score if index + 1 < len(bands) else None
        if low is None and high == 0:
            when = label("negative score")
        elif low is None and high is not None:
            when = label("score below {}").format(number(high))
        elif low is not None and high is not None:
            when = f"{number(low)}–{number(high - (10 if profile.family == 'classic' else 2))}"
        elif low is not None:
            when = label("score {} and over").format(number(low))
        else:
            when = label("any score")
        if band.min_melds > 1:
            need = label("two melds, one a run of three naturals in a row; no points")
        else:
            need = label("{} points").format(number(band.min_points))
            if band.needs_clean_run:
                need += ", " + label("with a run without wild cards")
            if not band.wild_melds_count:
                need += ", " + label("melds holding a wild card not counted")
        lines.append(f"{when}: {need}")
    if profile.opening_waiver_cards is not None:
        lines.append(label("no points needed with at most one card left in hand"))
    if profile.bonus("forced-opening"):
        lines.append(label("a team left without a fi opens with a canasta"))
    return tuple(lines)


_KIND_LABELS: Final = {
    "dirty": "dirty canasta",
    "clean": "clean canasta",
    "trump-dirty": "dirty canasta matching the trump",
    "trump-clean": "clean canasta matching the trump",
    "super": "super canasta (A to K of one suit)",
    "trump-super": "super canasta matching the trump",
    "all-wild": "canasta of 2s and jokers",
    "trump-all-wild": "canasta of 2s and jokers, trump a joker",
    "half": "half canasta (a wild card among the seven)",
    "full": "full canasta (seven naturals)",
    "grand": "grand canasta (A to K of one suit)",
    "mixed": "mixed canasta",
    "natural": "natural canasta",
    "red-three": "each red 3 (a bonus card)",
    "all-red-threes": "all four red 3s",
}
_CANASTA_BONUSES: Final = frozenset({k.value for k in CanastaKind}) | frozenset(
    f"trump-{k.value}" for k in CanastaKind
)


def _canastas(profile: RulesProfile, language: str) -> tuple[str, ...]:
    label = partial(get_label, language=language, family=profile.family)
    # A bonus no meld can earn is left out: a canasta of wild cards where no meld of wild
    # cards may stand (classic without its option).
    unearned = {"all-wild"} if profile.wild_meld_rule is WildMeldRule.FORBIDDEN else set()
    lines = [
        f"{label(_KIND_LABELS.get(key, key))}: {format_number(value, language)}"
        for key, value in profile.bonuses
        if (key in _CANASTA_BONUSES or key in {"red-three", "all-red-threes"})
        and key not in unearned
    ]
    return tuple(lines)


def _going_out(profile: RulesProfile, language: str) -> tuple[str, ...]:
    label = partial(get_label, language=language, family=profile.family)
    number = partial(format_number, language=language)
    lines = []
    if profile.fi_packets:
        lines.append(
            label("empty your hand: take the next fi; each fi {}").format(
                number(profile.bonus("fi"))
            )
        )
        lines.append(label("both fi taken: emptying the hand goes out"))
    need = label("a canasta needed to go out")
    if profile.fi_packets and not profile.fi_needs_canasta:
        need = label("a canasta needed to go out, not to take a fi")
    lines.append(need)
    lines.append(
        label("the last card is discarded")
        if profile.going_out_needs_discard
        else label("the last card may be discarded, melded or laid off")
    )
    lines.append(label("going out: {}").format(number(profile.bonus("going-out"))))
    if profile.bonus("concealed"):
        lines.append(
            label("going out concealed: {} more").format(number(profile.bonus("concealed")))
        )
    if profile.first_fi_team_discard_ban:
        lines.append(label("the first fi's team lays off its last card for the second fi"))
    if profile.bonus("no-fi"):
        lines.append(label("a team without a fi: {}").format(number(profile.bonus("no-fi"))))
        lines.append(
            label("a forced team that never opens: {}").format(
                number(profile.bonus("forced-opening"))
            )
        )
    return tuple(lines)


def _game_end(profile: RulesProfile, language: str) -> tuple[str, ...]:
    label = partial(get_label, language=language, family=profile.family)
    number = partial(format_number, language=language)
    lines = [label("first to {} at the end of a hand").format(number(profile.target_score))]
    if profile.target_extensions:
        shown = " → ".join(number(t) for t in profile.target_extensions)
        lines.append(label("both over in the same hand: {}").format(shown))
    for option in profile.known_options:
        if option.name == "target-555":
            lines.append(label("or 555, if agreed before the game"))
    lines.append(
        label("half points rounded up")
        if profile.rounding is Rounding.UP
        else label("nothing is rounded")
    )
    return tuple(lines)


def get_quick_reference(family: str, language: str = "en") -> tuple[QuickRow, ...]:
    """The one-page quick reference of a family, from its profile: the deal, the card
    values, the opening, the canastas and their bonuses, going out and the end of the game."""
    profile = PROFILES[family]
    label = partial(get_label, language=language, family=family)
    direction = (
        label("counter-clockwise")
        if profile.direction is Direction.COUNTER_CLOCKWISE
        else label("clockwise")
    )
    deal = [
        label("{} players, {} cards ({} jokers)").format(
            profile.players, profile.deck_size, profile.deck_jokers
        ),
        label("{} cards each").format(profile.hand_size),
    ]
    if profile.fi_packets:
        deal.append(label("{} fi of {} cards").format(profile.fi_packets, profile.fi_size))
    deal.append(label("stock: {} cards").format(profile.stock_size))
    deal.append(label("play goes {}").format(direction))
    if profile.trump_rule.value != "none":
        deal.append(label("trump: the bottom card of the stock"))
    melds = [label("sets") + (", " + label("runs") if profile.runs_allowed else "")]
    if profile.max_wilds_per_meld == 1:
        melds.append(label("one wild card per meld"))
    elif profile.wilds_at_most_naturals:
        melds.append(label("at least two naturals, no more wilds than naturals, at most three"))
    if profile.canasta_scheme is CanastaScheme.NATURAL_MIXED:
        melds.append(label("red 3s are bonus cards; black 3s block the pile"))
    return (
        QuickRow(label("the deal"), tuple(deal)),
        QuickRow(label("melds and wild cards"), tuple(melds)),
        QuickRow(label("card points"), _card_points(profile, language)),
        QuickRow(label("opening"), _openings(profile, language)),
        QuickRow(label("canastas and bonuses"), _canastas(profile, language)),
        QuickRow(label("going out"), _going_out(profile, language)),
        QuickRow(label("end of the game"), _game_end(profile, language)),
    )


# --------------------------------------------------------------------------- plain text


def render_inline_text(text: str, numbers: Mapping[str, str]) -> str:
    """A paragraph of a rulebook as plain text: a clause as ``§7.3``, cards with their suit
    signs, markup taken off."""

    def role(match: re.Match[str]) -> str:
        name, content = match.group(1), match.group(2)
        if name == "clause":
            number = numbers.get(_role_target(content))
            return f"§{number}" if number else _role_target(content)
        if name == "cards":
            return format_cards_plain(content)
        explicit = _EXPLICIT.match(content)
        return explicit.group(1) if explicit else content

    text = _ROLE.sub(role, text)
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    text = re.sub(r"``(.+?)``", r"\1", text)
    return re.sub(r"\s+(§\d)", r" \1", text).replace("\\ ", "").replace("\\", "")


def _example_text(family: str, language: str, width: int) -> list[str]:
    start, steps = play_example_turn(family, language)
    out = textwrap.wrap(format_cards_line(start), width)
    for number, step in enumerate(steps, start=1):
        line = f"{number}. {step.label} {format_cards_line(step.cards)}".rstrip()
        if step.note:
            line += f" ({step.note})"
        out.extend(textwrap.wrap(line, width, subsequent_indent="   "))
        shown = format_cards_line(step.hand) or "–"
        out.extend(
            textwrap.wrap(
                f"{get_label('hand', language)}: {shown}",
                width,
                initial_indent="   ",
                subsequent_indent="   ",
            )
        )
        for cards, points in step.melds:
            out.append(f"   {format_cards_plain(cards)} ({format_number(points, language)})")
    return out


def format_cards_line(text: str) -> str:
    """Every card notation word in a line (``4H``, ``JK``) shown with its suit sign."""
    return re.sub(
        r"\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b",
        lambda m: format_cards_plain(m.group(0)),
        text,
    )


def _melds_text(family: str, language: str, numbers: Mapping[str, str]) -> list[str]:
    out = []
    for example in get_meld_examples(family, language):
        refused = f" (§{numbers.get(example.clause, example.clause)})" if example.clause else ""
        out.append(f"  {format_cards_plain(example.cards)}: {example.verdict}{refused}")
    return out


def _quick_text(family: str, language: str, width: int) -> list[str]:
    out = []
    for row in get_quick_reference(family, language):
        out.append(row.topic[:1].upper() + row.topic[1:])
        for line in row.lines:
            out.extend(textwrap.wrap(line, width, initial_indent="  ", subsequent_indent="    "))
    return out


def format_rulebook_text(
    book: Rulebook, numbers: Mapping[str, str] | None = None, width: int = WIDTH
) -> str:
    """The rulebook as a person reads it in a terminal."""
    if numbers is None:
        numbers = {c.slug: c.number for c in load_spec()}
    out = [book.title, "=" * len(book.title), ""]

    def blocks(items: Sequence[Block]) -> None:
        for index, block in enumerate(items):
            if block.bullet and index and not items[index - 1].bullet and out[-1] != "":
                out.append("")
            if block.directive == "turn-example":
                out.extend(_example_text(block.text, book.language, width))
            elif block.directive == "quick-reference":
                out.extend(_quick_text(block.text, book.language, width))
            elif block.directive == "meld-examples":
                out.extend(_melds_text(block.text, book.language, numbers))
            elif block.directive:
                continue
            else:
                mark = (
                    ("- " if block.bullet in {"-", "*"} else f"{block.bullet} ")
                    if block.bullet
                    else ""
                )
                out.extend(
                    textwrap.wrap(
                        render_inline_text(block.text, numbers),
                        width,
                        initial_indent=mark,
                        subsequent_indent=" " * len(mark),
                        break_on_hyphens=False,
                    )
                )
            following = items[index + 1] if index + 1 < len(items) else None
            if not block.bullet or following is None or not following.bullet:
                out.append("")
        if out[-1] != "":
            out.append("")

    blocks(book.intro)
    for number, chapter in enumerate(book.chapters, start=1):
        head = f"{number}. {chapter.title}"
        out.extend([head, "-" * len(head), ""])
        blocks(chapter.blocks)
    note = get_label(
        "Each § is a clause of the specification: kanasta spec show NUMBER prints it.",
        book.language,
    )
    out.append(note)
    return "\n".join(out).rstrip() + "\n"


# --------------------------------------------------------------------------- HTML

HTML_CSS: Final = """\
body { font-family: system-ui, sans-serif; line-height: 1.5; margin: 0 auto;
  max-width: 46em; padding: 0 1em 3em; color: #1a1a1a; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.8em; }
nav ol { padding-left: 1.4em; } nav li { margin: 0.15em 0; }
.card { white-space: nowrap; font-weight: 600; padding: 0 0.15em; border-radius: 0.2em;
  background: #f4f4f4; border: 1px solid #ddd; }
.card.red { color: #c62828; } .card.black { color: #111; }
.card.joker { color: #6a1b9a; }
.clause { font-size: 0.8em; color: #555; text-decoration: none; }
.turn ol { padding-left: 1.4em; } .turn .after { font-size: 0.9em; color: #444; }
table.quick { border-collapse: collapse; width: 100%; }
table.quick th, table.quick td { border-top: 1px solid #ddd; padding: 0.3em 0.4em;
  vertical-align: top; text-align: left; }
table.quick ul { margin: 0; padding-left: 1.1em; }
"""


def _cards_html(notation: str) -> str:
    parts = []
    for face in get_card_faces(notation):
        kind = "joker" if face.joker else "red" if face.red else "black"
        title = ' title="joker"' if face.joker else ""
        parts.append(f'<span class="card {kind}"{title}>{html.escape(face.text)}</span>')
    return " ".join(parts)


def render_inline_html(text: str, clauses: Mapping[str, Clause], spec_url: str = "") -> str:
    """A paragraph as HTML: cards drawn, a clause as a ``§7.3`` link (to ``spec_url``
    followed by the clause's page and anchor, or a tooltip with its title)."""
    pieces: list[str] = []
    last = 0
    for match in _ROLE.finditer(text):
        pieces.append(html.escape(text[last : match.start()]))
        name, content = match.group(1), match.group(2)
        if name == "cards":
            pieces.append(_cards_html(content))
        elif name == "clause":
            slug = _role_target(content)
            clause = clauses.get(slug)
            number = clause.number if clause else slug
            title = html.escape(f"{clause.title} ({slug})" if clause else slug)
            href = (
                f"{spec_url}spec/{Path(clause.path).stem}.html#{slug}"
                if clause and spec_url
                else ""
            )
            tag = (
                f'<a class="clause" href="{href}" title="{title}">'
                if href
                else f'<span class="clause" title="{title}">'
            )
            pieces.append(f"{tag}§{number}{'</a>' if href else '</span>'}")
        else:
            explicit = _EXPLICIT.match(content)
            pieces.append(html.escape(explicit.group(1) if explicit else content))
        last = match.end()
    pieces.append(html.escape(text[last:]))
    out = "".join(pieces)
    out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", out)
    return out.replace("\\ ", "").replace("\\", "")


def _cards_line_html(text: str) -> str:
    return re.sub(
        r"\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b",
        lambda m: _cards_html(m.group(0)),
        html.escape(text),
    )


def _example_html(family: str, language: str) -> str:
    label = partial(get_label, language=language)
    start, steps = play_example_turn(family, language)
    items = []
    for step in steps:
        melds = " · ".join(
            f"{_cards_html(c)} ({format_number(p, language)})" for c, p in step.melds
        )
        note = f" <em>({html.escape(step.note)})</em>" if step.note else ""
        after = f"{label('hand')}: {_cards_line_html(step.hand) or '–'}"
        if melds:
            after += f"<br>{label('table')}: {melds}"
        items.append(
            f"<li>{html.escape(step.label)} {_cards_line_html(step.cards)}{note}"
            f'<div class="after">{after}</div></li>'
        )
    return f'<div class="turn"><p>{_cards_line_html(start)}</p><ol>{"".join(items)}</ol></div>'


def _melds_html(family: str, language: str, clauses: Mapping[str, Clause]) -> str:
    rows = []
    for example in get_meld_examples(family, language):
        refused = ""
        if example.clause:
            refused = " " + render_inline_html(f":clause:`{example.clause}`", clauses)
        rows.append(
            f"<li>{_cards_html(example.cards)}: {html.escape(example.verdict)}{refused}</li>"
        )
    return f'<ul class="melds">{"".join(rows)}</ul>'


def _quick_html(family: str, language: str) -> str:
    rows = []
    for row in get_quick_reference(family, language):
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in row.lines)
        rows.append(f"<tr><th>{html.escape(row.topic)}</th><td><ul>{lines}</ul></td></tr>")
    return f'<table class="quick">{"".join(rows)}</table>'


def _page_html(title: str, language: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{HTML_CSS}</style></head>"
        f"<body>{body}</body></html>\n"
    )


def quick_reference_html(title: str, rows: Sequence[QuickRow], language: str) -> str:
    """The quick reference as one HTML page of its own (one page when printed)."""
    table = "".join(
        f"<tr><th>{html.escape(r.topic[:1].upper() + r.topic[1:])}</th><td><ul>"
        + "".join(f"<li>{html.escape(line)}</li>" for line in r.lines)
        + "</ul></td></tr>"
        for r in rows
    )
    return _page_html(
        title, language, f'<h1>{html.escape(title)}</h1><table class="quick">{table}</table>'
    )


def format_rulebook_html(book: Rulebook, clauses: Sequence[Clause] | None = None) -> str:
    """The rulebook as one HTML page of its own (styles inside, usable on a phone): its
    chapters listed at the top, cards drawn in their colours, each clause number with the
    clause's title on hover."""
    by_slug = {c.slug: c for c in (clauses if clauses is not None else load_spec())}
    body: list[str] = [f"<h1>{html.escape(book.title)}</h1>"]

    def blocks(items: Sequence[Block]) -> None:
        open_list = ""
        for block in items:
            kind = "" if not block.bullet else "ol" if block.bullet[0].isdigit() else "ul"
            if open_list and kind != open_list:
                body.append(f"</{open_list}>")
                open_list = ""
            if kind and not open_list:
                body.append(f"<{kind}>")
                open_list = kind
            if block.directive == "turn-example":
                body.append(_example_html(block.text, book.language))
            elif block.directive == "quick-reference":
                body.append(_quick_html(block.text, book.language))
            elif block.directive == "meld-examples":
                body.append(_melds_html(block.text, book.language, by_slug))
            elif block.directive:
                continue
            else:
                inner = render_inline_html(block.text, by_slug)
                body.append(f"<li>{inner}</li>" if kind else f"<p>{inner}</p>")
        if open_list:
            body.append(f"</{open_list}>")

    blocks(book.intro)
    nav = "".join(
        f'<li><a href="#{c.ident}">{html.escape(c.title)}</a></li>' for c in book.chapters
    )
    body.append(
        f"<nav><h2>{html.escape(get_label('Contents', book.language))}</h2><ol>{nav}</ol></nav>"
    )
    for chapter in book.chapters:
        body.append(f'<h2 id="{chapter.ident}">{html.escape(chapter.title)}</h2>')
        blocks(chapter.blocks)
    note = get_label(
        "Each § is a clause of the specification: kanasta spec show NUMBER prints it.",
        book.language,
    )
    body.append(f"<p><small>{html.escape(note)}</small></p>")
    return _page_html(book.title, book.language, "".join(body))
