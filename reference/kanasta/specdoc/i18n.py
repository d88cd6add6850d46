"""The languages of the rule text: the fixed words of the site and the terminal, and the
folding of Turkish letters for search.

The clause texts themselves are translated in the Sphinx catalogues
(``docs/locales/tr/LC_MESSAGES/<page>.po``); this module holds only the handful of
fixed labels the Sphinx extension and the ``kanasta spec`` commands print around them
("For implementers", "Question:", ...), in one place for both.
"""

from __future__ import annotations

import os
from typing import Final

__all__ = [
    "LANGUAGES",
    "fold_text",
    "get_default_language",
    "get_label",
]

LANGUAGES: Final = ("en", "tr")

# English label -> Turkish label (docs/translating.rst has the terminology table).
_LABELS_TR: Final[dict[str, str]] = {
    "For implementers": "Uygulayıcılar için",
    "Question:": "Soru:",
    "Resolution": "Karar",
    "informative": "bilgilendirici",
    "families": "kural aileleri",
    "sources": "kaynaklar",
    "all": "hepsi",
    "none named": "belirtilmedi",
    "Link to this clause": "Bu maddeye bağlantı",
    "kind": "tür",
    "rule": "kural",
    "resolution": "karar",
    "code": "kod",
    "tests": "testler",
    "fixtures": "senaryolar",
    "question": "soru",
    "decided by": "karara bağlayan madde",
    "The questions the sources leave open, and the clauses that decide them": (
        "Kaynakların açık bıraktığı sorular ve onları karara bağlayan maddeler"
    ),
    "no question stated": "soru belirtilmemiş",
    "Option": "Seçenek",
    "Example": "Örnek",
    "Contents": "İçindekiler",
    "Worked examples": "Örnekler",
    "Melds checked by the reference engine when this page was built: the verdict, the "
    "clause that decides a refusal, the points of the meld's cards and a canasta's bonus.": (
        "Bu sayfa oluşturulurken referans motorunun denetlediği perler: karar, bir reddi "
        "belirleyen madde, perdeki kağıtların puanı ve bir kanastanın primi."
    ),
    "cards": "kağıtlar",
    "verdict": "karar",
    "points": "puan",
    "canasta bonus": "kanasta primi",
    "legal": "geçerli",
    "refused by": "reddeden madde:",
}

_LABELS: Final[dict[str, dict[str, str]]] = {"tr": _LABELS_TR}


def get_label(text: str, language: str | None) -> str:
    """A fixed English label in ``language`` (itself when the language is English or the
    label has no translation)."""
    if not language:
        return text
    return _LABELS.get(language.split("_")[0].split("-")[0], {}).get(text, text)


def get_default_language(environ: dict[str, str] | None = None) -> str:
    """``tr`` when the locale (``KANASTA_LANG``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)
    is Turkish, else ``en``."""
    env = os.environ if environ is None else environ
    for name in ("KANASTA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "tr" if value.lower().startswith("tr") else "en"
    return "en"


# Turkish letters folded to the ASCII letter a Turkish reader types without them;
# the dotted capital I and the dotless i both fold to i.
_FOLD: Final = str.maketrans(
    {
        "ç": "c",
        "Ç": "c",
        "ğ": "g",
        "Ğ": "g",
        "ı": "i",
        "I": "i",
        "İ": "i",
        "ö": "o",
        "Ö": "o",
        "ş": "s",
        "Ş": "s",
        "ü": "u",
        "Ü": "u",
        "â": "a",
        "Â": "a",
        "î": "i",
        "Î": "i",
        "û": "u",
        "Û": "u",
    }
)


def fold_text(text: str) -> str:
    """``text`` lower-cased with Turkish letters folded (``Donmuş`` and ``donmus`` both
    give ``donmus``), for search."""
    return text.translate(_FOLD).lower()
