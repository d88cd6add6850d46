"""Sphinx extension for the kanasta spec site (``extensions = ["kanasta.specdoc.sphinxext"]``).

It provides:

``.. clause:: slug``
    One numbered clause, with the options ``:number:``, ``:title:``, ``:kind:``,
    ``:families:``, ``:sources:`` and ``:question:`` read exactly as
    :mod:`kanasta.specdoc.spec` reads them for the command line. The clause gets an HTML
    anchor equal to its slug and a Sphinx label of the same name.
``:clause:`slug```
    A link "§3.4 (slug)" to a clause from any page; an unknown slug is a warning.
``.. profile-table::``
    The parameter tables of the rule families, generated from
    :data:`kanasta.families.PROFILES` (``:family: NAME`` for one family,
    ``:comparison:`` for the table across families; neither: all of them).
``.. traceability-matrix::``
    :func:`kanasta.specdoc.trace.build_trace` as a table: clause -> code -> tests -> fixtures,
    each a link (tests and fixtures to generated source pages under ``_kanasta/``).
``kanasta_clause_links = True`` (conf.py)
    Every clause ends with links to the code, tests and fixtures that pin it.
``.. resolution-index::``
    Every resolution clause with the question it answers, in the spec's words.
``:cards:`4H 5H JK```, ``.. turn-example::``, ``.. meld-examples::``, ``.. quick-reference::``
    The players' rulebooks (:mod:`kanasta.specdoc.rulebook`): cards drawn, a whole turn and
    example melds played by the engine when the page is built, a family's numbers; every
    sentence of a rulebook is checked to cite a clause of its family.
``.. for-implementers::``
    Inside a clause, after the rule as a player states it: the reason codes, JSON fields,
    state facts and engine detail, in a marked block headed "For implementers".

This module is the only one in the package that imports Sphinx; the engine never
imports it.
"""

from __future__ import annotations

import ast
import dataclasses
import html
import json
import re
import sys
from collections.abc import Iterable, Iterator, Sequence, Set
from dataclasses import dataclass
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.domains import Domain, ObjType
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.nodes import make_refnode, split_explicit_title

from kanasta import __version__
from kanasta.errors import InputError
from kanasta.families import FAMILY_NAMES, PROFILES
from kanasta.resources import get_fixtures_dir, get_repo_root
from kanasta.rules.canastas import CanastaKind
from kanasta.rules.cards import format_card
from kanasta.rules.families import PointTable, ProfileOption, RulesProfile
from kanasta.rules.points import format_points
from kanasta.specdoc.i18n import LANGUAGES, get_label, get_sources_text
from kanasta.specdoc.pdf import setup_builder
from kanasta.specdoc.rulebook import (
    check_rulebook,
    format_number,
    get_card_faces,
    get_meld_examples,
    get_quick_reference,
    load_rulebook,
    play_example_turn,
)
from kanasta.specdoc.spec import CHAPTER_RE, NUMBER_RE, SLUG_RE, Clause, ClauseKind, check_question
from kanasta.specdoc.trace import TraceReport, build_trace

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.domains.std import StandardDomain
    from sphinx.environment import BuildEnvironment
    from sphinx.util.typing import OptionSpec

__all__ = ["ClauseEntry", "KanastaDomain", "setup"]

logger = logging.getLogger(__name__)

CSS_FILE = "kanasta-spec.css"
_PLACEHOLDER = "kanasta-resolution-index"

# --------------------------------------------------------------------------- clauses


@dataclass(frozen=True, slots=True)
class ClauseEntry:
    """What the site knows about a clause: where it is and how to name it."""

    slug: str
    docname: str
    number: str
    title: str
    kind: str
    families: tuple[str, ...]
    sources: str
    question: str

    @property
    def link_text(self) -> str:
        return f"§{self.number} ({self.slug})"

    @property
    def heading(self) -> str:
        return f"{self.number} {self.title}"


def _parse_families(text: str) -> tuple[str, ...]:
    """Same reading as :mod:`kanasta.specdoc.spec`: ``all`` or a comma-separated list."""
    if text == "all":
        return FAMILY_NAMES
    return tuple(f.strip() for f in text.split(",") if f.strip())


def _number_key(number: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", number))


class ClauseDirective(SphinxDirective):
    """``.. clause:: slug``: one numbered clause of the spec."""

    has_content = True
    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = False
    option_spec: ClassVar[OptionSpec] = {
        "number": directives.unchanged,
        "title": directives.unchanged,
        "kind": directives.unchanged,
        "families": directives.unchanged,
        "sources": directives.unchanged,
        "question": directives.unchanged,
    }

    def _warn(self, message: str) -> None:
        logger.warning(message, location=self.get_location(), type="kanasta", subtype="clause")

    def _check(self, slug: str, options: dict[str, str], kind: ClauseKind) -> None:
        """The checks :func:`kanasta.specdoc.spec.check_spec_structure` makes on one clause."""
        if not SLUG_RE.match(slug):
            self._warn(f"clause slug {slug!r} is not lower-case-with-hyphens")
        for name, value in options.items():
            if "\n" in value:
                self._warn(
                    f"clause {slug!r}: write :{name}: on one line (kanasta.specdoc.spec reads "
                    "one line per option)"
                )
        number = options.get("number", "")
        if not NUMBER_RE.match(number):
            self._warn(f"clause {slug!r} has no valid :number:")
        else:
            chapter = CHAPTER_RE.match(Path(self.env.docname).name + ".rst")
            if chapter is not None and number.split(".")[0] != chapter.group(1).lstrip("0"):
                self._warn(f"clause {slug!r} is numbered {number} in chapter {chapter.group(1)}")
        if not options.get("title"):
            self._warn(f"clause {slug!r} has no :title:")
        if not self.content:
            self._warn(f"clause {slug!r} has no text")
        unknown = [
            f for f in _parse_families(options.get("families", "all")) if f not in FAMILY_NAMES
        ]
        if unknown:
            self._warn(f"clause {slug!r} names unknown families {unknown}")
        if kind is ClauseKind.RESOLUTION and not options.get("sources"):
            self._warn(f"resolution {slug!r} does not name the sources it follows")
        problem = check_question(kind, options.get("question", ""))
        if problem:
            self._warn(f"{kind.value} {slug!r} {problem}")

    def run(self) -> list[nodes.Node]:
        slug = self.arguments[0]
        options = {key: str(value or "").strip() for key, value in self.options.items()}
        kind_text = options.get("kind", "rule")
        try:
            kind = ClauseKind(kind_text)
        except ValueError:
            raise self.error(
                f"clause {slug!r} has kind {kind_text!r}; use rule, resolution or informative."
            ) from None
        self._check(slug, options, kind)
        entry = ClauseEntry(
            slug=slug,
            docname=self.env.docname,
            number=options.get("number", "") or "?",
            title=options.get("title", ""),
            kind=kind.value,
            families=_parse_families(options.get("families", "all")),
            sources=options.get("sources", ""),
            question=options.get("question", ""),
        )
        box = nodes.container(classes=["kanasta-clause", f"kanasta-kind-{kind.value}"])
        self.set_source_info(box)
        document = self.state.document
        if slug in document.ids:
            self._warn(f"clause slug {slug!r} collides with another id on this page")
        else:
            box["ids"].append(slug)
            document.ids[slug] = box
        box += self._head(entry)
        box += self._meta(entry)
        if kind is ClauseKind.RESOLUTION:
            box.extend(self._resolution_line(entry))
        body = nodes.container(classes=["kanasta-clause-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        box += body
        domain = cast("KanastaDomain", self.env.get_domain(KanastaDomain.name))
        if domain.note_clause(entry, self.get_location()):
            std = cast("StandardDomain", self.env.get_domain("std"))
            std.note_hyperlink_target(slug, entry.docname, slug, entry.heading)
        return [box]

    def _label(self, text: str) -> str:
        return get_label(text, self.config.language)

    def _translatable(self, text: str, classes: list[str]) -> nodes.inline:
        """A piece of the clause's options the catalogues translate (``gettext`` extracts it
        into the page's catalogue; a ``-D language=tr`` build shows the translation)."""
        message = nodes.inline(text, text)
        message["translatable"] = True
        self.set_source_info(message)
        # Sphinx unwraps the translatable inline after translating it, putting its text at
        # the end of its parent: the outer inline keeps it in its place.
        return nodes.inline("", "", message, classes=classes)

    def _head(self, entry: ClauseEntry) -> nodes.paragraph:
        head = nodes.paragraph(classes=["kanasta-clause-head"])
        head += nodes.inline(entry.number, entry.number, classes=["kanasta-clause-number"])
        head += nodes.Text(" ")
        head += self._translatable(entry.title, ["kanasta-clause-title"])
        head += nodes.Text(" ")
        head += nodes.literal(entry.slug, entry.slug, classes=["kanasta-clause-slug"])
        if entry.kind == ClauseKind.INFORMATIVE.value:
            badge = self._label("informative")
            head += nodes.Text(" ")
            head += nodes.inline(
                badge, badge, classes=["kanasta-badge", "kanasta-badge-informative"]
            )
        head += nodes.reference(
            "",
            "¶",
            refuri="#" + entry.slug,
            internal=True,
            classes=["headerlink"],
            reftitle=self._label("Link to this clause"),
        )
        return head

    def _meta(self, entry: ClauseEntry) -> nodes.paragraph:
        families = (
            self._label("all") if entry.families == FAMILY_NAMES else ", ".join(entry.families)
        )
        text = f"{self._label('families')}: {families}"
        if entry.sources and entry.kind != ClauseKind.RESOLUTION.value:
            sources = get_sources_text(entry.sources, self.config.language)
            text += f" · {self._label('sources')}: {sources}"
        return nodes.paragraph(text, text, classes=["kanasta-clause-meta"])

    def _resolution_line(self, entry: ClauseEntry) -> list[nodes.paragraph]:
        line = nodes.paragraph(classes=["kanasta-resolution-line"])
        badge = self._label("Resolution")
        line += nodes.inline(badge, badge, classes=["kanasta-badge", "kanasta-badge-resolution"])
        sources = get_sources_text(entry.sources, self.config.language) or self._label("none named")
        line += nodes.Text(f" {self._label('sources')}: {sources}")
        if not entry.question:
            return [line]
        question = nodes.paragraph(classes=["kanasta-resolution-question"])
        label = self._label("Question:")
        question += nodes.strong(label, label)
        question += nodes.Text(" ")
        question += self._translatable(entry.question, ["kanasta-question-text"])
        return [line, question]


class ForImplementersDirective(SphinxDirective):
    """``.. for-implementers::``: a clause's engine detail, marked off from its table rule."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        box = nodes.container(classes=["kanasta-implementers"])
        self.set_source_info(box)
        label = get_label("For implementers", self.config.language)
        box += nodes.rubric(label, label)
        self.state.nested_parse(self.content, self.content_offset, box)
        return [box]


class ClauseRole(SphinxRole):
    """``:clause:`slug``` (or ``:clause:`text <slug>```): a link to a clause."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        explicit, title, target = split_explicit_title(self.text)
        target = target.strip()
        ref = addnodes.pending_xref(
            self.rawtext,
            refdomain=KanastaDomain.name,
            reftype="clause",
            reftarget=target,
            refexplicit=explicit,
            refwarn=True,
            refdoc=self.env.docname,
        )
        domain = cast("KanastaDomain", self.env.get_domain(KanastaDomain.name))
        domain.referrers[self.env.docname] = True
        text = title if explicit else f"§? ({target})"
        ref += nodes.inline(self.rawtext, text, classes=["xref", "kanasta-clause-ref"])
        self.set_source_info(ref)
        return [ref], []


def _clause_ref(slug: str, docname: str) -> Any:
    """A pending reference to a clause, as the :clause: role makes it."""
    ref = addnodes.pending_xref(
        "",
        refdomain=KanastaDomain.name,
        reftype="clause",
        reftarget=slug,
        refexplicit=False,
        refwarn=True,
        refdoc=docname,
    )
    ref += nodes.inline("", f"§? ({slug})", classes=["xref", "kanasta-clause-ref"])
    return ref


class KanastaDomain(Domain):
    """Holds the clauses of the site so that references resolve across pages."""

    name = "kanasta"
    label = "kanasta spec"
    object_types: ClassVar[dict[str, ObjType]] = {"clause": ObjType("clause", "clause")}
    directives: ClassVar[dict[str, type[Any]]] = {"clause": ClauseDirective}
    roles: ClassVar[dict[str, Any]] = {"clause": ClauseRole()}
    initial_data: ClassVar[dict[str, Any]] = {"clauses": {}, "generated": {}, "referrers": {}}
    dangling_warnings: ClassVar[dict[str, str]] = {
        "clause": "unknown clause slug %(target)r (no '.. clause::' defines it)"
    }
    data_version = 2

    @property
    def clauses(self) -> dict[str, ClauseEntry]:
        return cast("dict[str, ClauseEntry]", self.data.setdefault("clauses", {}))

    @property
    def generated(self) -> dict[str, bool]:
        """Pages with generated tables: read again on every build."""
        return cast("dict[str, bool]", self.data.setdefault("generated", {}))

    @property
    def referrers(self) -> dict[str, bool]:
        """Pages that cite clauses: written again on every build (numbers may change)."""
        return cast("dict[str, bool]", self.data.setdefault("referrers", {}))

    def note_clause(self, entry: ClauseEntry, location: str) -> bool:
        """Record a clause; warn (and return False) if its slug is already taken."""
        first = self.clauses.get(entry.slug)
        if first is not None:
            logger.warning(
                "clause slug %r is defined twice (first in %s)",
                entry.slug,
                self.env.doc2path(first.docname),
                location=location,
                type="kanasta",
                subtype="clause",
            )
            return False
        self.clauses[entry.slug] = entry
        return True

    def clear_doc(self, docname: str) -> None:
        for slug in [s for s, e in self.clauses.items() if e.docname == docname]:
            del self.clauses[slug]
        self.generated.pop(docname, None)
        self.referrers.pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for slug, entry in otherdata.get("clauses", {}).items():
            if entry.docname not in docnames:
                continue
            first = self.clauses.get(slug)
            if first is not None and first.docname != entry.docname:
                logger.warning(
                    "clause slug %r is defined twice (in %s and %s)",
                    slug,
                    first.docname,
                    entry.docname,
                    type="kanasta",
                    subtype="clause",
                )
                continue
            self.clauses[slug] = entry
        for key in ("generated", "referrers"):
            mine = cast("dict[str, bool]", self.data.setdefault(key, {}))
            for docname in otherdata.get(key, {}):
                if docname in docnames:
                    mine[docname] = True

    def resolve_xref(
        self,
        env: BuildEnvironment,  # noqa: ARG002
        fromdocname: str,
        builder: Builder,
        typ: str,  # noqa: ARG002
        target: str,
        node: addnodes.pending_xref,
        contnode: nodes.Element,
    ) -> nodes.reference | None:
        entry = self.clauses.get(target)
        if entry is None:
            return None
        if node.get("refexplicit"):
            child = contnode
        elif fromdocname.startswith(RULEBOOK_PREFIX):  # a player's rulebook: the number
            child = nodes.inline("", f"§{entry.number}", classes=["xref", "kanasta-clause-ref"])
        else:
            child = nodes.inline("", entry.link_text, classes=["xref", "kanasta-clause-ref"])
        return make_refnode(builder, fromdocname, entry.docname, entry.slug, child, entry.heading)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,  # noqa: ARG002
        fromdocname: str,  # noqa: ARG002
        builder: Builder,  # noqa: ARG002
        target: str,  # noqa: ARG002
        node: addnodes.pending_xref,  # noqa: ARG002
        contnode: nodes.Element,  # noqa: ARG002
    ) -> list[tuple[str, nodes.reference]]:
        """Nothing: every clause is also a standard label, which answers ``:any:`` alone."""
        return []

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for entry in self.clauses.values():
            # The slug is what the search box finds; the title and number are in the text.
            yield entry.slug, entry.slug, "clause", entry.docname, entry.slug, 1


# --------------------------------------------------------------------------- tables

Cell = str | Sequence[Any]


def _para(*children: Any, classes: Sequence[str] = ()) -> Any:
    para = nodes.paragraph(classes=list(classes))
    for child in children:
        para += nodes.Text(child) if isinstance(child, str) else child
    return para


def _lines(items: Iterable[Any], language: str | None = None) -> list[Any]:
    """A compact bullet list (one item per entry), or "none"."""
    listing = nodes.bullet_list(classes=["kanasta-compact"])
    for item in items:
        listing += nodes.list_item("", _para(item))
    return [listing] if len(listing) else [_para(get_label("none", language))]


def _table(
    header: Sequence[str],
    rows: Iterable[Sequence[Cell]],
    *,
    title: str,
    classes: Sequence[str] = (),
    ident: str = "",
    widths: Sequence[int] = (),
) -> Any:
    table = nodes.table(classes=["colwidths-auto", "kanasta-table", *classes])
    if ident:
        table["ids"].append(ident)
    table += nodes.title(title, title)
    group = nodes.tgroup(cols=len(header))
    table += group
    for width in widths or [24] * len(header):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row(header)
    body = nodes.tbody()
    group += body
    for row in rows:
        body += _row(row)
    return table


def _row(cells: Sequence[Cell]) -> Any:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if isinstance(cell, str):
            entry += _para(cell)
        else:
            for child in cell:
                entry += child
        row += entry
    return row


# Readable names of the RulesProfile fields; a field missing here is shown by its name.
PROFILE_LABELS: dict[str, str] = {
    "family": "family identifier",
    "title": "in one line",
    "sources": "sources",
    "players": "players",
    "partnerships": "partnerships",
    "deck_jokers": "printed jokers in the deck",
    "deck_size": "cards in the deck",
    "hand_size": "cards dealt to each player",
    "fi_packets": "fi packets",
    "fi_size": "cards in each fi packet",
    "initial_upcard": "a card turned up to start the discard pile",
    "stock_size": "cards left in the stock after the deal",
    "direction": "direction of play",
    "points": "card values (points)",
    "runs_allowed": "runs allowed",
    "max_meld_size": "largest meld",
    "max_wilds_per_meld": "most wild cards in a meld",
    "natural_two_in_place": "a 2 in its own place in a run of its suit is natural",
    "run_wild_needs_three_naturals": "a wild joins a run only beside three naturals",
    "min_naturals_per_meld": "fewest natural cards in a meld",
    "wilds_at_most_naturals": "wild cards may not outnumber naturals",
    "wild_meld_rule": "melds made only of wild cards",
    "one_set_per_rank": "one set per rank per team",
    "canasta_size": "cards in a canasta",
    "canasta_scheme": "canasta kinds",
    "bonuses": "bonuses (points)",
    "trump_rule": "how the trump card is chosen",
    "deal_scheme": "how the cards are dealt",
    "opening_bands": "opening requirement by team score",
    "opening_waiver_cards": "opening requirement waived with this many cards in hand",
    "rounding": "rounding of scores",
    "target_score": "game won at (points)",
    "target_extensions": "game extended to (points)",
    "implemented": "what the reference engine implements",
    "pass_by_showing": "a player holding the top card of the pile may show it and pass",
    "known_options": "options the players may agree on before the game",
    "options": "options in force",
    "unplayed_fi": "a fi taken by discarding and never played",
    "score_parts": "parts of the hand score",
    "opening_scope": "whose first melds the opening requirement applies to",
    "going_out_canastas": "canastas a side needs to go out",
    "upcard_turn_again": "an upcard of these cards is covered by the next stock card",
    "red_threes_laid": "red threes are laid face up at once (bonus cards)",
    "pile_top_melded": "the pile is taken by melding its top card at once",
    "pile_freezers": "cards that freeze the pile while they lie in it",
    "pile_blockers": "cards that block the pile while on top",
    "naturals_per_wild": "natural cards needed for each wild card",
    "concealed_canasta_bonus": "bonus for a canasta laid from the hand in one meld",
    "pile_meld_any_size": "the take-pile meld may name more than two hand cards",
    "pile_black_three_last_turn": "a black three on top may be taken to go out",
    "take_back": "a provisional opening may be taken back",
    "pile_seen_whole": "a player sees every card of the discard pile",
    "tracks_table_seats": "the state remembers who has laid cards (going out concealed)",
    "threes_special": "threes are special cards (red: bonus; black: melded only going out)",
}

# What the spec states for a family whose games are not implemented yet
# (``RulesProfile.implemented``): its cards, melds and canastas. Every other
# value of such a profile is a placeholder, not a rule, and is not published.
_MELD_LEVEL_FIELDS = frozenset(
    {
        "family",
        "title",
        "sources",
        "deck_jokers",
        "deck_size",
        "points",
        "runs_allowed",
        "max_meld_size",
        "max_wilds_per_meld",
        "natural_two_in_place",
        "run_wild_needs_three_naturals",
        "min_naturals_per_meld",
        "wilds_at_most_naturals",
        "wild_meld_rule",
        "one_set_per_rank",
        "threes_special",
        "canasta_size",
        "canasta_scheme",
        "bonuses",
        "implemented",
    }
)
NOT_SPECIFIED = "not yet specified"
_CANASTA_BONUSES = frozenset(kind.value for kind in CanastaKind) | frozenset(
    f"trump-{kind.value}" for kind in CanastaKind
)

_DERIVED = ("deck_size", "stock_size")
_RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _profile_rows() -> list[tuple[str, str]]:
    """(field name, type text) of every RulesProfile field, derived sizes after the deck."""
    rows: list[tuple[str, str]] = []
    for f in dataclasses.fields(RulesProfile):
        rows.append((f.name, str(f.type)))
        if f.name == "deck_jokers":
            rows.append(("deck_size", "int"))
        if f.name == "fi_size":
            rows.append(("stock_size", "int"))
    names = {name for name, _ in rows}
    rows.extend((name, "int") for name in _DERIVED if name not in names)
    return rows


def _points(value: int, language: str | None) -> str:
    """Half points as points: ``4.5`` (the English tables as they were), ``4,5`` and
    ``5.200`` in Turkish."""
    return format_number(value, "tr") if language == "tr" else format_points(value)


def _point_table_lines(table: PointTable, language: str | None = None) -> list[str]:
    label = partial(get_label, language=language)
    number = partial(_points, language=language)
    lines = [f"{label('joker')}: {number(table.by_card[52])}"]
    by_rank = {
        rank: tuple(table.by_card[suit * 13 + rank - 1] for suit in range(4))
        for rank in range(1, 14)
    }
    lines.append(f"A: {number(by_rank[1][0])}")
    twos = {
        "in its own place in a run": by_rank[2][0],
        "as a wild": table.wild_two,
        "left in hand": table.hand_two,
    }
    if len(set(twos.values())) == 1:
        lines.append(f"2: {number(table.wild_two)}")
    else:
        lines.extend(f"2 {label(use)}: {number(value)}" for use, value in twos.items())
    start = 3
    while start <= 13:
        end = start
        while end < 13 and by_rank[end + 1] == by_rank[start]:
            end += 1
        names = _RANK_NAMES[start] if start == end else f"{_RANK_NAMES[start]}–{_RANK_NAMES[end]}"
        values = by_rank[start]
        if len(set(values)) == 1:
            lines.append(f"{names}: {number(values[0])}")
        else:  # clubs, diamonds, hearts, spades: say it by colour
            lines.append(f"{names} {label('red')}: {number(values[1])}")
            lines.append(f"{names} {label('black')}: {number(values[0])}")
        start = end + 1
    return lines


def _inline(name: str, type_text: str, value: object, language: str | None = None) -> str:
    """One profile value as a short text in ``language`` (points shown as points, in the
    language's number format; codes such as option names kept as they are)."""
    label = partial(get_label, language=language)
    if isinstance(value, bool):
        return label("yes") if value else label("no")
    if value is None:
        return label("no limit") if name.startswith("max_") else label("none")
    if isinstance(value, Enum):
        return label(str(value.value))
    if isinstance(value, ProfileOption):
        return f"{value.name}: {label(value.description)}"
    if isinstance(value, int) and "Card" in type_text:
        return format_card(value)
    if isinstance(value, int):
        if "HalfPoints" in type_text:
            return _points(value, language)
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return ", ".join(
            f"{label(f.name.replace('_', ' '))}: "
            f"{_inline(f.name, str(f.type), getattr(value, f.name), language)}"
            for f in dataclasses.fields(value)
        )
    if isinstance(value, tuple):
        if len(value) == 2 and isinstance(value[0], str):
            return f"{label(value[0])}: {_inline(name, type_text, value[1], language)}"
        return "; ".join(_inline(name, type_text, item, language) for item in value)
    if isinstance(value, str):
        return label(value)
    return str(value)


def _format_value(
    name: str, type_text: str, value: object, language: str | None = None
) -> list[Any]:
    """Body nodes showing one profile value in readable form."""
    if isinstance(value, PointTable):
        return _lines(_point_table_lines(value, language), language)
    if isinstance(value, tuple):
        return _lines((_inline(name, type_text, item, language) for item in value), language)
    return [_para(_inline(name, type_text, value, language))]


def _label_cell(name: str, language: str | None = None) -> list[Any]:
    label = get_label(PROFILE_LABELS.get(name, name.replace("_", " ")), language)
    return [_para(label, " ", nodes.literal(name, name, classes=["kanasta-field"]))]


def profile_cell(
    profile: RulesProfile, name: str, type_text: str, language: str | None = None
) -> list[Any]:
    """One published value: for a family not played yet, only what its melds and
    canastas use (its canasta bonuses among the bonuses), the rest "not yet specified"."""
    value = getattr(profile, name)
    if not profile.is_playable:
        if name not in _MELD_LEVEL_FIELDS:
            text = get_label(NOT_SPECIFIED, language)
            return [_para(text, classes=["kanasta-not-specified"])]
        if name == "bonuses":
            value = tuple((k, v) for k, v in value if k in _CANASTA_BONUSES)
    return _format_value(name, type_text, value, language)


def profile_table(profile: RulesProfile, language: str | None = None) -> Any:
    """The parameter table of one family (its labels in ``language``; values as named)."""
    rows = [
        (_label_cell(name, language), profile_cell(profile, name, type_text, language))
        for name, type_text in _profile_rows()
    ]
    return _table(
        (get_label("parameter", language), get_label("value", language)),
        rows,
        title=f"{profile.family}: {get_label('parameters', language)}",
        classes=["kanasta-profile-table"],
        widths=(36, 44),
    )


def comparison_table(profiles: Sequence[RulesProfile], language: str | None = None) -> Any:
    """One table with a column per family."""
    rows = [
        (
            _label_cell(name, language),
            *(profile_cell(p, name, type_text, language) for p in profiles),
        )
        for name, type_text in _profile_rows()
        if name != "title"
    ]
    return _table(
        (get_label("parameter", language), *(p.family for p in profiles)),
        rows,
        title=get_label("The families side by side", language),
        classes=["kanasta-profile-comparison"],
    )


class ProfileTableDirective(SphinxDirective):
    """``.. profile-table::``: the family parameter tables from kanasta.rules.families."""

    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "family": directives.unchanged_required,
        "comparison": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        _mark_generated(self.env)  # the tables follow the code: read again on every build
        profiles = list(PROFILES.values())
        if "comparison" in self.options:
            return [comparison_table(profiles, self.config.language)]
        family = self.options.get("family")
        if family is not None:
            if family not in PROFILES:
                raise self.error(
                    f"profile-table: unknown family {family!r}; the families are "
                    + ", ".join(PROFILES)
                )
            return [profile_table(PROFILES[family], self.config.language)]
        language = self.config.language
        return [
            *(profile_table(p, language) for p in profiles),
            comparison_table(profiles, language),
        ]


def _mark_generated(env: BuildEnvironment) -> None:
    domain = cast("KanastaDomain", env.get_domain(KanastaDomain.name))
    domain.generated[env.docname] = True


def _missing(text: str) -> list[Any]:
    return [_para(nodes.inline(text, text, classes=["kanasta-missing"]))]


def _cited_by(places: Sequence[Any], *, required: bool) -> list[Any]:
    """The places citing a clause, one a line; "missing" when some are required."""
    if places:
        return _lines(places)
    return _missing("missing") if required else [_para("—")]


def _pinned(report: TraceReport, clause: Clause) -> list[Any]:
    """How many fixtures pin a clause and how many are explicit; a rule's shortfall is
    marked, an exempt rule shows its reason."""
    total, explicit = report.get_pins(clause.slug)
    text = f"{total} ({explicit} explicit)"
    if clause.slug in report.exempt:
        return [_para(text), _para(f"exempt: {report.exempt[clause.slug]}")]
    if report.is_short(clause):
        return _missing(text)
    return [_para(text)]


def _fixture_cells(fixtures: Sequence[str], links: TraceLinks | None) -> list[Any]:
    """The fixtures of a clause in the matrix: each linked, or, past a dozen, one link a
    page of fixtures with its count (a clause pinned a hundred times would weigh the page
    down by a hundred links)."""
    if links is None or len(fixtures) <= FOLD_PINS_AFTER:
        return [_source_ref(f, links.fixture(f) if links else None) for f in fixtures]
    pages: dict[str, tuple[tuple[str, str] | None, int]] = {}
    for ident in fixtures:
        place = links.fixture(ident)
        group = "/".join(ident.split("/")[:2])
        first, count = pages.get(group, (place, 0))
        pages[group] = (first, count + 1)
    return [_source_ref(f"{group}/… ({count})", place) for group, (place, count) in pages.items()]


def traceability_nodes(
    report: TraceReport, docname: str, links: TraceLinks | None = None
) -> list[Any]:
    """The matrix table and a summary of the gate's problems (with ``links``: tests and
    fixtures link to their source pages, code without API docs to its source)."""
    rows: list[Sequence[Cell]] = []
    for c in report.clauses:
        fixtures = report.fixtures.get(c.slug, ())
        tests = report.tests.get(c.slug, ())
        code = report.code.get(c.slug, ())
        rows.append(
            (
                [_para(_clause_ref(c.slug, docname))],
                c.kind.value,
                _cited_by(
                    [_code_ref(t, links) for t in code],
                    required=c.is_normative,
                ),
                _cited_by(
                    [_source_ref(t, links.test(t) if links else None) for t in tests],
                    required=c.is_normative and not fixtures,
                ),
                _cited_by(_fixture_cells(fixtures, links), required=False),
                _pinned(report, c),
            )
        )
    normative = [c for c in report.clauses if c.is_normative]
    coded = sum(1 for c in normative if c.slug in report.code)
    tested = sum(1 for c in normative if c.slug in report.tests or c.slug in report.fixtures)
    verdict = (
        "The gate passes." if report.ok else f"The gate fails: {len(report.problems)} problem(s)."
    )
    summary = _para(
        f"{len(report.clauses)} clauses, {len(normative)} of them normative; "
        f"{coded} normative clauses have code, {tested} have a test or a fixture. ",
        nodes.strong(verdict, verdict),
        classes=["kanasta-trace-summary"],
    )
    result: list[Any] = [summary]
    if report.problems:
        box = nodes.container(classes=["kanasta-trace-problems"])
        box += _lines(nodes.Text(p) for p in report.problems)
        result.append(box)
    if report.notes:
        notes = nodes.container(classes=["kanasta-trace-notes"])
        notes += _lines(nodes.Text(n) for n in report.notes)
        result.append(notes)
    result.append(
        _table(
            ("clause", "kind", "code", "tests", "fixtures", "pinned"),
            rows,
            title="Clause → code → tests → fixtures",
            classes=["kanasta-trace-matrix"],
            widths=(22, 9, 27, 27, 18, 11),
        )
    )
    return result


# --------------------------------------------------------------------------- trace links

# Tests, fixtures and undocumented code are shown on generated source pages under
# ``_kanasta/`` (as sphinx.ext.viewcode shows modules): one page per folder of tests and
# per engine module, with an anchor on every line ("test_melds-L-12"), and one page per
# family of fixtures, with an anchor on every fixture. A link is made at read time with
# its target page and anchor as attributes; its URI is filled in when the page is written.
# A code page is written only when some object the API docs leave out links to it.
SOURCE_PREFIX = "_kanasta"
_PAGE = "kanasta_page"
_ANCHOR = "kanasta_anchor"
_SOURCE = "kanasta_source"


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One file shown on a source page: a section ``anchor``; every line gets the anchor
    ``line_prefix-N`` (none when the prefix is empty: shown as it is)."""

    anchor: str
    label: str
    path: str
    line_prefix: str


@dataclass(frozen=True, slots=True)
class SourcePage:
    """A generated page showing source files."""

    pagename: str
    title: str
    files: tuple[SourceFile, ...]

    def with_file(self, file: SourceFile) -> SourcePage:
        return self if file in self.files else dataclasses.replace(self, files=(*self.files, file))


def _def_lines(path: Path) -> dict[str, int]:
    """Qualified name -> first line (decorators included) of every def and class."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return {}
    found: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                found.setdefault(name, first)
                found.setdefault(child.name, first)
                visit(child, f"{name}.")

    visit(tree, "")
    return found


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class TraceLinks:
    """Where the tests, fixtures and code cited by the traceability gate are shown."""

    def __init__(self, tests_dir: Path | None, fixture_dirs: Sequence[Path]) -> None:
        self.tests_dir = tests_dir
        self.pages: dict[str, SourcePage] = {}
        self._fixtures: dict[str, tuple[str, Path]] = {}
        for folder in fixture_dirs:
            for path in sorted(folder.rglob("*.json")) if folder.is_dir() else ():
                try:
                    ident = json.loads(path.read_text(encoding="utf-8")).get("id")
                except (OSError, ValueError, AttributeError):
                    continue
                if isinstance(ident, str):
                    self._fixtures.setdefault(ident, (ident.split("/")[0], path))
        self._lines: dict[Path, dict[str, int]] = {}

    @classmethod
    def of(cls, tests_dir: Path | None, fixture_dirs: Sequence[Path] | None) -> TraceLinks:
        """The links of a trace built with these folders (None: this checkout's)."""
        root = get_repo_root()
        if tests_dir is None and root is not None:
            tests_dir = root / "tests"
        return cls(tests_dir, fixture_dirs if fixture_dirs is not None else [get_fixtures_dir()])

    def _line(self, path: Path, name: str) -> int:
        lines = self._lines.get(path)
        if lines is None:
            lines = self._lines[path] = _def_lines(path)
        return lines.get(name, 1)

    def test(self, where: str) -> tuple[str, str] | None:
        """``tests/x/test_y.py::test_z`` -> the page of folder ``tests/x`` and the test's line."""
        if self.tests_dir is None:
            return None
        rel, _, name = where.partition("::")
        path = self.tests_dir.parent / rel
        if not rel.endswith(".py") or not path.is_file():
            return None
        folder, _, filename = rel.rpartition("/")
        pagename = f"{SOURCE_PREFIX}/{folder or 'tests'}"
        prefix = _anchor(filename.removesuffix(".py")) + "-L"
        page = self.pages.get(pagename) or SourcePage(pagename, f"{folder or rel}: tests", ())
        self.pages[pagename] = page.with_file(SourceFile(_anchor(rel), rel, str(path), prefix))
        return pagename, f"{prefix}-{self._line(path, name)}"

    def fixture(self, ident: str) -> tuple[str, str] | None:
        """A fixture id -> its family's fixture page and the fixture's anchor."""
        found = self._fixtures.get(ident)
        if found is None:
            return None
        family, _ = found
        group = _fixture_group(ident)
        # One page per family and kind of fixture: a family's whole suite on one page
        # weighed up to 3 MB.
        pagename = f"{SOURCE_PREFIX}/fixtures/{family}/{group}"
        if pagename not in self.pages:
            files = tuple(
                SourceFile("fixture-" + _anchor(i), i, str(path), "")
                for i, (f, path) in sorted(self._fixtures.items())
                if f == family and _fixture_group(i) == group
            )
            self.pages[pagename] = SourcePage(pagename, f"The {family} fixtures: {group}", files)
        return pagename, "fixture-" + _anchor(ident)

    def code(self, target: str) -> tuple[SourcePage, str] | None:
        """``kanasta.module.qualname`` -> the module's source page and the object's line."""
        parts = target.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module = sys.modules.get(".".join(parts[:cut]))
            file = getattr(module, "__file__", None)
            if module is not None and file is not None:
                qualname = ".".join(p for p in parts[cut:] if p != "<locals>")
                pagename = f"{SOURCE_PREFIX}/code/{'/'.join(parts[:cut])}"
                source = SourceFile("source", f"{module.__name__} (source)", file, "L")
                page = SourcePage(pagename, module.__name__, (source,))
                return page, f"L-{self._line(Path(file), qualname)}"
        return None


def _fixture_group(ident: str) -> str:
    """The kind of a fixture (``meld`` of ``koz/meld/x``), which names its source page."""
    parts = ident.split("/")
    return _anchor(parts[1]) if len(parts) > 2 else "other"


def _code_ref(target: str, links: TraceLinks | None = None) -> Any:
    """A Python cross reference to the API docs; an undocumented object links to its
    source page (with ``links``) or stays text."""
    ref = addnodes.pending_xref(
        "", refdomain="py", reftype="obj", reftarget=target, refexplicit=False, refwarn=False
    )
    place = links.code(target) if links is not None else None
    if place is not None:
        page, ref[_ANCHOR] = place
        ref[_PAGE] = page.pagename
        ref[_SOURCE] = page
    ref += nodes.literal(target, target, classes=["xref", "py", "py-obj"])
    return ref


def _source_ref(text: str, place: tuple[str, str] | None) -> Any:
    """A literal linking to a source page (filled in when written), or plain text."""
    literal = nodes.literal(text, text)
    if place is None:
        return literal
    ref = nodes.reference("", "", internal=True, refuri="#", classes=["kanasta-source-ref"])
    ref[_PAGE], ref[_ANCHOR] = place
    ref += literal
    return ref


def _source_pages(env: BuildEnvironment) -> dict[str, dict[str, SourcePage]]:
    """Docname (or ``code:`` for code pages in use) -> the source pages it links to."""
    return cast("dict[str, dict[str, SourcePage]]", env.__dict__.setdefault(_SOURCE, {}))


def _note_source_pages(env: BuildEnvironment, links: TraceLinks) -> None:
    _source_pages(env).setdefault(env.docname, {}).update(links.pages)


def _purge_source_pages(_app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _source_pages(env).pop(docname, None)


def _merge_source_pages(
    _app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment
) -> None:
    mine, theirs = _source_pages(env), _source_pages(other)
    for docname in docnames & set(theirs):
        mine[docname] = theirs[docname]


def _fill_source_uris(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """The URIs of the links to source pages, relative to the page being written."""
    for node in doctree.findall(nodes.reference):
        page = node.get(_PAGE)
        if page:
            node["refuri"] = app.builder.get_relative_uri(docname, page) + "#" + node[_ANCHOR]


def _missing_code_reference(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.reference | None:
    """An engine object the API docs leave out links to its module's source page."""
    page = node.get(_SOURCE)
    if not isinstance(page, SourcePage):
        return None
    _source_pages(env).setdefault("code:", {})[page.pagename] = page
    uri = app.builder.get_relative_uri(node.get("refdoc", ""), page.pagename)
    ref = nodes.reference("", "", internal=True, refuri=f"{uri}#{node[_ANCHOR]}")
    ref["classes"].append("kanasta-source-ref")
    ref += contnode
    return ref


def _source_page_html(app: Sphinx, page: SourcePage) -> str:
    highlight = app.builder.highlighter.highlight_block  # type: ignore[attr-defined]
    parts = [f"<h1>{html.escape(page.title)}</h1>"]
    for file in page.files:
        try:
            text = Path(file.path).read_text(encoding="utf-8")
        except OSError:
            continue
        parts.append(f'<section id="{file.anchor}"><h2>{html.escape(file.label)}</h2>')
        if file.line_prefix:
            parts.append(highlight(text, "python", lineanchors=file.line_prefix, linenos="inline"))
        else:  # fixtures: shown as they are (highlighting would triple a family's page)
            parts.append(f'<div class="highlight"><pre>{html.escape(text)}</pre></div>')
        parts.append("</section>")
    return "\n".join(parts)


def _collect_source_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """``html-collect-pages``: write every source page some document links to."""
    merged: dict[str, SourcePage] = {}
    for pages in _source_pages(app.env).values():
        for name, page in pages.items():
            known = merged.setdefault(name, page)
            for file in page.files:
                known = known.with_file(file)
            merged[name] = known
    for name, page in sorted(merged.items()):
        yield name, {"title": page.title, "body": _source_page_html(app, page)}, "page.html"


FOLD_PINS_AFTER = 12


def _pins_line(
    slug: str, report: TraceReport, links: TraceLinks, language: str | None = None
) -> Any | None:
    """The code, tests and fixtures citing a clause, as links."""
    groups = (
        ("code", [_code_ref(t, links) for t in report.code.get(slug, ())]),
        ("tests", [_source_ref(t, links.test(t)) for t in report.tests.get(slug, ())]),
        ("fixtures", [_source_ref(f, links.fixture(f)) for f in report.fixtures.get(slug, ())]),
    )
    if not any(items for _, items in groups):
        return None
    line = nodes.paragraph(classes=["kanasta-clause-pins"])
    first = True
    for label, items in groups:
        if not items:
            continue
        line += nodes.Text(("" if first else " · ") + f"{get_label(label, language)}: ")
        first = False
        for index, item in enumerate(items):
            line += nodes.Text(", " if index else "")
            line += item
    counts = [(label, len(items)) for label, items in groups if items]
    if sum(count for _, count in counts) <= FOLD_PINS_AFTER:
        return line
    # A long list (a hundred fixtures on one clause) folds: its counts show, the links open.
    summary = html.escape(
        " · ".join(f"{get_label(label, language)}: {count}" for label, count in counts)
    )
    fold = nodes.container(classes=["kanasta-clause-pins", "kanasta-pins-fold"])
    fold += nodes.raw("", f"<details><summary>{summary}</summary>", format="html")
    fold += line
    fold += nodes.raw("", "</details>", format="html")
    return fold


_TRACES: dict[int, tuple[TraceReport, TraceLinks]] = {}


def _checkout_trace(env: BuildEnvironment) -> tuple[TraceReport, TraceLinks]:
    """The trace of this checkout and its links, computed once per build."""
    if id(env) not in _TRACES:
        _TRACES.clear()
        _TRACES[id(env)] = (build_trace(), TraceLinks.of(None, None))
    return _TRACES[id(env)]


def _add_clause_pins(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: under every clause, the code, tests and fixtures that pin it
    (``kanasta_clause_links = True`` in conf.py; the trace is that of this checkout)."""
    if not app.config.kanasta_clause_links:
        return
    boxes = [
        node
        for node in doctree.findall(nodes.container)
        if "kanasta-clause" in node["classes"] and node["ids"]
    ]
    if not boxes:
        return
    report, links = _checkout_trace(app.env)
    for box in boxes:
        line = _pins_line(box["ids"][0], report, links, app.config.language)
        if line is not None:
            box.append(line)
    _note_source_pages(app.env, links)
    _mark_generated(app.env)


class TraceabilityMatrixDirective(SphinxDirective):
    """``.. traceability-matrix::``: kanasta.specdoc.trace.build_trace() as a table.

    By default the matrix is that of this checkout. ``:spec:``, ``:tests:`` and
    ``:fixtures:`` (folders relative to the Sphinx source folder) check other ones.
    """

    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "spec": directives.unchanged_required,
        "tests": directives.unchanged_required,
        "fixtures": directives.unchanged_required,
    }

    def _folder(self, option: str) -> Path | None:
        value = self.options.get(option)
        return None if value is None else Path(self.env.srcdir) / value

    def run(self) -> list[nodes.Node]:
        _mark_generated(self.env)
        fixtures = self._folder("fixtures")
        tests = self._folder("tests")
        spec = self._folder("spec")
        if spec is None and tests is None and fixtures is None:
            report, links = _checkout_trace(self.env)
        else:
            report = build_trace(
                spec_dir=spec,
                tests_dir=tests,
                fixture_dirs=None if fixtures is None else [fixtures],
            )
            links = TraceLinks.of(tests, None if fixtures is None else [fixtures])
        result = traceability_nodes(report, self.env.docname, links)
        _note_source_pages(self.env, links)  # the pages the links above go to
        return result


class ResolutionIndexDirective(SphinxDirective):
    """``.. resolution-index::``: the resolutions with their questions (filled in later)."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        _mark_generated(self.env)
        return [nodes.container(classes=[_PLACEHOLDER])]


def _ref_to(builder: Builder, fromdocname: str, entry: ClauseEntry) -> Any:
    child = nodes.inline("", entry.link_text, classes=["xref", "kanasta-clause-ref"])
    return make_refnode(builder, fromdocname, entry.docname, entry.slug, child, entry.heading)


def resolution_index_nodes(
    entries: Iterable[ClauseEntry],
    builder: Builder,
    docname: str,
    ident: str,
    language: str | None = None,
) -> list[Any]:
    """The table question -> the resolution clause that decides it, in clause order."""
    resolutions = sorted(
        (e for e in entries if e.kind == ClauseKind.RESOLUTION.value),
        key=lambda e: _number_key(e.number),
    )

    def describe(entry: ClauseEntry) -> list[Any]:
        label = partial(get_label, language=language)
        families = label("all") if entry.families == FAMILY_NAMES else ", ".join(entry.families)
        sources = get_sources_text(entry.sources, language)
        return [
            _para(_ref_to(builder, docname, entry), " ", entry.title),
            _para(
                f"{label('families')}: {families} · {label('sources')}: {sources}",
                classes=["kanasta-clause-meta"],
            ),
        ]

    rows: list[Sequence[Cell]] = [
        (
            [_para(e.question)]
            if e.question
            else _missing(get_label("no question stated", language)),
            describe(e),
        )
        for e in resolutions
    ]
    return [
        _table(
            (get_label("question", language), get_label("decided by", language)),
            rows,
            title=get_label(
                "The questions the sources leave open, and the clauses that decide them", language
            ),
            classes=["kanasta-resolution-index"],
            ident=f"{ident}-by-question",
            widths=(40, 40),
        )
    ]


# --------------------------------------------------------------------------- rulebooks

RULEBOOK_PREFIX = "rulebooks/"
_CARD_WORD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b")


def _cards_node(notation: str) -> Any:
    """Cards drawn: each a small inline, hearts and diamonds red, the joker as a joker."""
    box = nodes.inline(classes=["kanasta-cards"])
    for index, face in enumerate(get_card_faces(notation)):
        kind = "joker" if face.joker else "red" if face.red else "black"
        if index:
            box += nodes.Text(" ")
        box += nodes.inline(face.text, face.text, classes=["kanasta-card", f"kanasta-{kind}"])
    return box


def _cards_line(text: str) -> list[Any]:
    """A line of text whose card words (``4H``, ``JK``) are drawn as cards."""
    out: list[Any] = []
    last = 0
    for match in _CARD_WORD.finditer(text):
        if match.start() > last:
            out.append(nodes.Text(text[last : match.start()]))
        out.append(_cards_node(match.group(0)))
        last = match.end()
    if last < len(text):
        out.append(nodes.Text(text[last:]))
    return out


class CardsRole(SphinxRole):
    """``:cards:`4H 5H JK```: cards drawn with their suit signs in their colours."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        try:
            node = _cards_node(self.text)
        except InputError as exc:
            message = self.inliner.reporter.warning(str(exc), line=self.lineno)
            return [nodes.literal(self.text, self.text)], [message]
        return [node], []


def _family_argument(directive: SphinxDirective) -> str:
    family = str(directive.arguments[0])
    if family not in FAMILY_NAMES:
        raise directive.error(
            f"{directive.name}: unknown family {family!r}; use one of {', '.join(FAMILY_NAMES)}"
        )
    _mark_generated(directive.env)
    return family


class TurnExampleDirective(SphinxDirective):
    """``.. turn-example:: koz``: the family's worked turn, played by the reference engine
    when the page is built (a move the engine refuses fails the build)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        family = _family_argument(self)
        language = self.config.language or "en"
        try:
            start, steps = play_example_turn(family, language)
        except InputError as exc:
            raise self.error(str(exc)) from None
        label = partial(get_label, language=language)
        box = nodes.container(classes=["kanasta-turn"])
        box += _para(*_cards_line(start))
        listing = nodes.enumerated_list(enumtype="arabic")
        for step in steps:
            item = nodes.list_item()
            head = [nodes.Text(f"{step.label} "), *_cards_line(step.cards)]
            if step.note:
                head.append(nodes.emphasis(step.note, f" ({step.note})"))
            item += _para(*head)
            after = [nodes.Text(f"{label('hand')}: "), *(_cards_line(step.hand) or ["–"])]
            item += _para(*after, classes=["kanasta-turn-after"])
            if step.melds:
                table: list[Any] = [nodes.Text(f"{label('table')}: ")]
                for index, (cards, points) in enumerate(step.melds):
                    table.append(nodes.Text(" · " if index else ""))
                    table.append(_cards_node(cards))
                    table.append(nodes.Text(f" ({format_number(points, language)})"))
                item += _para(*table, classes=["kanasta-turn-after"])
            listing += item
        box += listing
        return [box]


class MeldExamplesDirective(SphinxDirective):
    """``.. meld-examples:: koz``: melds a player might try, judged by the reference engine
    when the page is built (a refusal links to its clause)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        family = _family_argument(self)
        listing = nodes.bullet_list(classes=["kanasta-meld-examples"])
        for example in get_meld_examples(family, self.config.language or "en"):
            parts: list[Any] = [_cards_node(example.cards), nodes.Text(f": {example.verdict}")]
            if example.clause:
                parts.extend([nodes.Text(" "), _clause_ref(example.clause, self.env.docname)])
            listing += nodes.list_item("", _para(*parts))
        return [listing]


class QuickReferenceDirective(SphinxDirective):
    """``.. quick-reference:: koz``: the family's numbers on one page, from its profile."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        family = _family_argument(self)
        language = self.config.language or "en"
        rows: list[Sequence[Cell]] = []
        for row in get_quick_reference(family, language):
            listing = nodes.bullet_list(classes=["kanasta-compact"])
            for line in row.lines:
                listing += nodes.list_item("", _para(line))
            rows.append((row.topic[:1].upper() + row.topic[1:], [listing]))
        label = get_label("quick reference", language)
        return [
            _table(
                ("", ""),
                rows,
                title=f"{family}: {label}",
                classes=["kanasta-quick-reference"],
                widths=(22, 58),
            )
        ]


def _check_rulebooks(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: every sentence of every family's rulebook, in the
    edition built, cites a clause of this site that belongs to the family."""
    domain = cast("KanastaDomain", env.get_domain(KanastaDomain.name))
    families_of = {slug: entry.families for slug, entry in domain.clauses.items()}
    folder = Path(app.srcdir) / "rulebooks"
    locales = [Path(app.srcdir) / d for d in app.config.locale_dirs]
    language = app.config.language if app.config.language in LANGUAGES else "en"
    for family in FAMILY_NAMES:
        path = folder / f"{family}.rst"
        if not path.is_file():
            continue
        book = load_rulebook(
            family, language, rulebook_dir=folder, locale_dir=locales[0] if locales else None
        )
        for problem in check_rulebook(book, families_of):
            logger.warning(
                "rulebook %s", problem, location=(f"rulebooks/{family}", 0),
                type="kanasta", subtype="rulebook",
            )  # fmt: skip


# --------------------------------------------------------------------------- events


def _fill_resolution_indexes(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    domain = cast("KanastaDomain", app.env.get_domain(KanastaDomain.name))
    placeholders = [
        node for node in doctree.findall(nodes.container) if _PLACEHOLDER in node["classes"]
    ]
    for count, placeholder in enumerate(placeholders, start=1):
        ident = "resolutions" if count == 1 else f"resolutions-{count}"
        placeholder.replace_self(
            resolution_index_nodes(
                domain.clauses.values(), app.builder, docname, ident, app.config.language
            )
        )


def _translated_entries(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: after the catalogues have translated a page, the clause titles and
    questions the other pages show (the resolution index, link titles) are the translated
    ones."""
    domain = cast("KanastaDomain", app.env.get_domain(KanastaDomain.name))
    std = cast("StandardDomain", app.env.get_domain("std"))
    for box in doctree.findall(nodes.container):
        if "kanasta-clause" not in box["classes"] or not box["ids"]:
            continue
        entry = domain.clauses.get(box["ids"][0])
        if entry is None or entry.docname != app.env.docname:
            continue
        title, question = entry.title, entry.question
        for node in box.findall(nodes.Element):
            if "kanasta-clause-title" in node["classes"]:
                title = node.astext()
            elif "kanasta-question-text" in node["classes"]:
                question = node.astext()
        updated = dataclasses.replace(entry, title=title, question=question)
        if updated != entry:
            domain.clauses[entry.slug] = updated
            std.note_hyperlink_target(entry.slug, entry.docname, entry.slug, updated.heading)


def _reread_generated(
    _app: Sphinx, env: BuildEnvironment, _added: Set[str], _changed: Set[str], _removed: Set[str]
) -> list[str]:
    """Generated tables depend on code and tests, which Sphinx does not watch: read again."""
    domain = cast("KanastaDomain", env.get_domain(KanastaDomain.name))
    return sorted(domain.generated)


def _rewrite_referrers(_app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Pages citing clauses show clause numbers from other pages: write them again."""
    domain = cast("KanastaDomain", env.get_domain(KanastaDomain.name))
    return sorted(set(domain.referrers) | set(domain.generated))


# The editions of the site: the English at the root of the output, each other one in a
# folder of its own (``docs/_build/html/tr``), built with ``-D language=...``.
LANGUAGE_NAMES = {"en": "English", "tr": "Türkçe"}


def get_language_switch(pagename: str, language: str) -> str:
    """The HTML of the language switch on ``pagename`` in the ``language`` edition: the
    same page in every edition, the current one not a link."""
    current = language if language in LANGUAGE_NAMES else "en"
    up = "../" * pagename.count("/") + ("" if current == "en" else "../")
    parts = []
    for code, name in LANGUAGE_NAMES.items():
        if code == current:
            parts.append(f'<span class="kanasta-lang-current" lang="{code}">{name}</span>')
            continue
        folder = "" if code == "en" else f"{code}/"
        href = html.escape(f"{up}{folder}{pagename}.html")
        parts.append(f'<a href="{href}" hreflang="{code}" lang="{code}">{name}</a>')
    return '<p class="kanasta-lang-switch">' + " · ".join(parts) + "</p>\n"


def _add_language_switch(
    app: Sphinx,
    pagename: str,
    _templatename: str,
    context: dict[str, Any],
    _doctree: nodes.document | None,
) -> None:
    """``html-page-context``: every page opens with the switch to its other editions."""
    if app.builder.format != "html" or "body" not in context:
        return
    context["body"] = get_language_switch(pagename, app.config.language or "en") + str(
        context["body"]
    )


CSS = """\
.kanasta-card { white-space: nowrap; font-weight: 600; padding: 0 0.15em;
  border-radius: 0.2em; border: 1px solid var(--color-foreground-border, #ccc); }
.kanasta-red { color: #c62828; } .kanasta-joker { color: #6a1b9a; }
.kanasta-turn-after { font-size: 0.9em; opacity: 0.85; margin: 0.1em 0; }
.kanasta-turn ol > li > p { margin: 0.15em 0; }
table.kanasta-quick-reference thead { display: none; }
.kanasta-lang-switch { float: right; font-size: 0.85em; margin: 0 0 0.5em 1em; }
.kanasta-lang-current { font-weight: 700; }
.kanasta-clause { margin: 1.4em 0 1.2em; scroll-margin-top: 4em; }
.kanasta-clause-head { font-weight: 600; margin-bottom: 0.1em; }
.kanasta-clause-number { margin-right: 0.35em; }
.kanasta-clause-slug { font-size: 0.72em; font-weight: normal; opacity: 0.75;
  margin-left: 0.5em; }
.kanasta-clause-head > a.headerlink { visibility: hidden; margin-left: 0.3em;
  text-decoration: none; }
.kanasta-clause-head:hover > a.headerlink { visibility: visible; }
.kanasta-clause-meta { font-size: 0.8em; opacity: 0.75; margin-top: 0; }
.kanasta-clause:target { outline: 2px solid var(--color-brand-primary, #2962ff);
  outline-offset: 6px; border-radius: 2px; }
div.kanasta-clause.kanasta-kind-resolution {
  border-left: 4px solid var(--color-brand-primary, #2962ff);
  background: var(--color-background-secondary, #f6f8fa);
  padding: 0.6em 1.1em 0.3em; border-radius: 4px; }
.kanasta-resolution-line { font-size: 0.85em; margin: 0.2em 0 0.3em; }
.kanasta-resolution-question { margin: 0.2em 0 0.6em; }
div.kanasta-implementers { font-size: 0.88em; margin: 0.6em 0 0.4em;
  border-left: 3px solid var(--color-foreground-border, #ccc); padding: 0.1em 0 0.1em 0.9em; }
div.kanasta-implementers > p.rubric { font-size: 0.8em; text-transform: uppercase;
  letter-spacing: 0.04em; opacity: 0.7; margin: 0.2em 0; }
.kanasta-badge { display: inline-block; font-size: 0.72em; font-weight: 700;
  text-transform: uppercase; letter-spacing: 0.04em; padding: 0.1em 0.6em;
  border-radius: 0.8em; vertical-align: middle; color: #fff; }
.kanasta-badge-resolution { background: #2962ff; }
.kanasta-badge-informative { background: #6b6b6b; margin-left: 0.5em; }
.kanasta-kind-informative .kanasta-clause-body { opacity: 0.9; }
.kanasta-missing { color: #c62828; font-weight: 600; }
.kanasta-trace-problems { border-left: 4px solid #c62828; padding-left: 0.8em; }
ul.kanasta-compact { margin: 0; padding-left: 1.1em; }
ul.kanasta-compact > li > p { margin: 0; }
.kanasta-table td p { margin: 0.1em 0; }
.kanasta-field { font-size: 0.75em; opacity: 0.7; }
table.kanasta-trace-matrix { font-size: 0.9em; }
.kanasta-clause-pins { font-size: 0.78em; opacity: 0.8; margin-top: 0.3em; }
div.kanasta-pins-fold summary { font-size: 0.78em; opacity: 0.8; cursor: pointer; }
.kanasta-clause-pins code.literal { font-size: 0.95em; }
table.kanasta-trace-matrix code.literal { font-size: 0.75em; white-space: normal;
  overflow-wrap: anywhere; }
"""


def _write_css(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    (static / CSS_FILE).write_text(CSS, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the role, the domain and the stylesheet."""
    app.add_domain(KanastaDomain)
    app.add_directive("clause", ClauseDirective)
    app.add_role("clause", ClauseRole())
    app.add_directive("profile-table", ProfileTableDirective)
    app.add_directive("traceability-matrix", TraceabilityMatrixDirective)
    app.add_directive("resolution-index", ResolutionIndexDirective)
    app.add_directive("for-implementers", ForImplementersDirective)
    app.add_directive("turn-example", TurnExampleDirective)
    app.add_directive("meld-examples", MeldExamplesDirective)
    app.add_directive("quick-reference", QuickReferenceDirective)
    app.add_role("cards", CardsRole())
    setup_builder(app)
    app.add_css_file(CSS_FILE)
    app.connect("doctree-resolved", _fill_resolution_indexes)
    app.connect("env-check-consistency", _check_rulebooks)
    app.connect("env-get-outdated", _reread_generated)
    app.connect("env-get-updated", _rewrite_referrers)
    app.connect("build-finished", _write_css)
    app.add_config_value(
        "kanasta_clause_links", default=False, rebuild="env", types=frozenset({bool})
    )
    app.connect("doctree-read", _translated_entries)
    app.connect("doctree-read", _add_clause_pins)
    app.connect("doctree-resolved", _fill_source_uris)
    app.connect("missing-reference", _missing_code_reference)
    app.connect("env-purge-doc", _purge_source_pages)
    app.connect("env-merge-info", _merge_source_pages)
    app.connect("html-collect-pages", _collect_source_pages)
    app.connect("html-page-context", _add_language_switch)
    return {
        "version": __version__,
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
