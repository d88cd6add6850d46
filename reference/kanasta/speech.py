"""The words the commands print around the rules, in the player's language.

``ask``, ``explain``, ``meld``, ``play`` and ``replay`` print refusals, score sheet rows,
moves and game log lines. The rules speak English in their ``Violation.detail``; this
module gives the Turkish at the edge, from the catalogue
``docs/locales/tr/LC_MESSAGES/messages.po`` (shipped as ``kanasta/_data/locales``):

* a refusal by its reason code, ``reason CODE`` (or ``reason CODE [CLAUSE]`` where one
  clause words it in its family's own terms);
* a score sheet row by its part name, ``score PART``;
* a move, a log line or a fixed phrase by its English template (``{name}`` fields kept).

A family whose sources name a thing in their own words has its own sentence under the
family's context (``msgctxt "classic"``: *kart* and *ıskarta yığını* where the edition
says *kağıt* and *yer*); every function here takes the ``family`` and says its sentence
before the edition's (docs/translating.rst, the family words).

Reason codes, clause slugs and card notation stay as they are in every language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Final

from kanasta.errors import Violation
from kanasta.rules.points import HalfPoints, format_points
from kanasta.specdoc.spectext import CONTEXT_SEPARATOR, get_catalogue

__all__ = [
    "CATALOGUE",
    "Phrase",
    "Said",
    "get_own_template",
    "get_reason",
    "get_score_row",
    "get_template",
    "said_meld",
    "said_move",
    "said_moves",
    "said_reason",
    "say",
    "say_canasta",
    "say_meld",
    "say_move",
    "say_points",
]

CATALOGUE: Final = "messages"
"""The catalogue (gettext domain) of the commands' words."""


def _words(language: str, family: str | None = None) -> dict[str, str]:
    """The catalogue in ``language``, the family's own sentences over the edition's."""
    words = get_catalogue(CATALOGUE, language)
    return _family_words(language, family) if family and words else words


@cache
def _family_words(language: str, family: str) -> dict[str, str]:
    words = get_catalogue(CATALOGUE, language)
    prefix = family + CONTEXT_SEPARATOR
    return {**words, **{k[len(prefix) :]: v for k, v in words.items() if k.startswith(prefix)}}


def get_own_template(template: str, language: str, family: str | None) -> str | None:
    """``template`` in the words of ``family``'s sources (its ``msgctxt`` sentence), or
    ``None`` when the family says it as the edition does."""
    if not family or language == "en":
        return None
    return get_catalogue(CATALOGUE, language).get(f"{family}{CONTEXT_SEPARATOR}{template}")


def get_template(template: str, language: str, family: str | None = None) -> str:
    """``template`` (an English line with ``{fields}``) in ``language``, unfilled, in the
    words of ``family``'s sources where they differ; itself when it has no translation."""
    return _words(language, family).get(template, template)


def say(template: str, language: str, family: str | None = None, /, **params: object) -> str:
    """``template`` in ``language`` (and ``family``'s words) with its fields filled
    (English when not translated)."""
    return get_template(template, language, family).format(**params)


def say_points(value: HalfPoints, language: str) -> str:
    """points-exact: half points as :func:`~kanasta.rules.points.format_points` prints
    them, with the decimal comma of Turkish (``4,5``) in a language other than English."""
    text = format_points(value)
    return text if language == "en" else text.replace(".", ",")


def get_reason(violation: Violation, language: str, family: str | None = None) -> str:
    """The human-readable reason of a refusal: the rule's own detail in English, the
    catalogue's sentence for its reason code (and clause, where one has its own) in
    Turkish."""
    if language == "en":
        return violation.detail or violation.code
    words = _words(language, family)
    own = words.get(f"reason {violation.code} [{violation.clause}]")
    found = own or words.get(f"reason {violation.code}")
    return found if found is not None else violation.detail or violation.code


def get_score_row(part: str, language: str, family: str | None = None) -> str:
    """The name of a score sheet row (``melded``, ``going-out``, ``total``...)."""
    return _words(language, family).get(f"score {part}", part)


_MOVE: Final = re.compile(
    r"^(?P<verb>draw|discard|meld|lay-off|take-pile|pass|take-back)(?P<rest>( .*)?)$"
)
_MOVE_PARTS: Final = (
    (re.compile(r"\(wild at (\w+)\)"), "(wild at {0})"),
    (re.compile(r" with (.+?)(?= onto #|$)"), " with {0}"),
    (re.compile(r" onto #(\d+)"), " onto #{0}"),
)


def say_move(text: str, language: str, family: str | None = None) -> str:
    """A move as :func:`kanasta.rules.actions.format_action` writes it (``meld 4H 5H 6H``,
    ``take-pile with 7H 7S onto #1``), its words in ``language``; card notation and meld
    numbers kept."""
    match = _MOVE.match(text)
    if language == "en" or match is None:
        return text
    words = _words(language, family)
    rest = match.group("rest")
    for pattern, template in _MOVE_PARTS:
        turkish = words.get(f"move {template}", template)
        rest = pattern.sub(lambda m, t=turkish: t.format(m.group(1)), rest)
    return words.get(f"move {match.group('verb')}", match.group("verb")) + rest


_MELD: Final = re.compile(
    r"^(?P<kind>run|set|wild)(?P<head>[^:]*): (?P<cards>[^(]*?)"
    r"(?: \((?P<canasta>[\w-]+) canasta\))?$"
)


def say_canasta(kind: str, language: str, family: str | None = None) -> str:
    """A canasta kind (``clean``, ``half``, ``natural``...) as a player names it."""
    english = f"{kind} canasta"
    turkish = _words(language, family).get(f"canasta {kind}")
    return turkish if turkish is not None and language != "en" else english


def say_meld(text: str, language: str, family: str | None = None) -> str:
    """A meld as :func:`kanasta.rules.melds.format_meld` writes it (``run H 4-8: 4H 5H 6H
    [JK] 8H (clean canasta)``), its words in ``language``; cards kept."""
    match = _MELD.match(text)
    if language == "en" or match is None:
        return text
    words = _words(language, family)
    kind = words.get(f"meld {match.group('kind')}", match.group("kind"))
    canasta = match.group("canasta")
    tail = f" ({say_canasta(canasta, language, family)})" if canasta else ""
    return f"{kind}{match.group('head')}: {match.group('cards')}{tail}"


class Said(str):
    """English text that can be said in another language at the edge: a move, a meld or a
    refusal's reason inside a line of ``kanasta ask`` (:class:`kanasta.ask.Msg` renders it)."""

    speak: Callable[[str, str | None], str]

    def __new__(cls, english: str, speak: Callable[[str, str | None], str]) -> Said:
        made = super().__new__(cls, english)
        made.speak = speak
        return made

    def render(self, language: str, family: str | None = None) -> str:
        """The text in ``language``, in ``family``'s words."""
        return str(self) if language == "en" else self.speak(language, family)


class Phrase(str):
    """A line made of an English template and its fields (``verdict: expected {want}, got
    {have}``): the English text itself, and said in another language at the edge by its
    catalogue id (the template, or the id :meth:`named` gives), its fields said too when
    they are phrases. The conformance checks write their differences so, and ``explain``
    says them in the player's language."""

    template: str
    msgid: str
    params: dict[str, object]

    def __new__(cls, template: str, /, **params: object) -> Phrase:
        made = super().__new__(cls, template.format(**params))
        made.template = template
        made.msgid = template
        made.params = params
        return made

    @classmethod
    def named(cls, english: str, msgid: str) -> Phrase:
        """A word whose catalogue id is not its English (``code`` said by ``field code``)."""
        made = cls("{word}", word=english)
        made.msgid = msgid
        return made

    def render(self, language: str, family: str | None = None) -> str:
        """The line in ``language`` and ``family``'s words (English where the catalogue has
        no translation)."""
        if language == "en":
            return str(self)
        template = _words(language, family).get(self.msgid, self.template)
        values = {
            key: value.render(language, family) if isinstance(value, Phrase | Said) else value
            for key, value in self.params.items()
        }
        return template.format(**values)


def said_move(text: str) -> Said:
    """A move's text (:func:`say_move`), said in the language of the line around it."""
    return Said(text, lambda language, family: say_move(text, language, family))


def said_meld(text: str) -> Said:
    """A meld's text (:func:`say_meld`), said in the language of the line around it."""
    return Said(text, lambda language, family: say_meld(text, language, family))


def said_moves(texts: Sequence[str]) -> Said:
    """Moves' texts joined by ``; `` (a Turkish move may hold a comma)."""
    return Said(
        "; ".join(texts),
        lambda language, family: "; ".join(say_move(t, language, family) for t in texts),
    )


def said_reason(violation: Violation) -> Said:
    """A refusal's reason (:func:`get_reason`), said in the language of the line around it."""
    return Said(
        get_reason(violation, "en"),
        lambda language, family: get_reason(violation, language, family),
    )
