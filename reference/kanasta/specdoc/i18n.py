"""The languages of the rule text: the fixed words of the site and the terminal, and the
folding of Turkish letters for search.

The clause texts themselves are translated in the Sphinx catalogues
(``docs/locales/tr/LC_MESSAGES/<page>.po``); this module holds only the handful of
fixed labels the Sphinx extension and the ``kanasta spec`` commands print around them
("For implementers", "Question:", ...), in one place for both.
"""

from __future__ import annotations

import os
import re
from typing import Final

__all__ = [
    "LANGUAGES",
    "fold_text",
    "get_default_language",
    "get_label",
    "get_sources_text",
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
    # The profile tables' parameter names (kanasta.specdoc.sphinxext.PROFILE_LABELS).
    "parameter": "parametre",
    "value": "değer",
    "parameters": "parametreler",
    "The families side by side": "Aileler yan yana",
    "family identifier": "ailenin adı",
    "in one line": "tek satırda",
    "players": "oyuncular",
    "partnerships": "eşli takımlar",
    "printed jokers in the deck": "destedeki yıldızlı joker sayısı",
    "cards in the deck": "destedeki kağıt sayısı",
    "cards dealt to each player": "her oyuncuya dağıtılan kağıt",
    "fi packets": "fi sayısı",
    "cards in each fi packet": "her fi'deki kağıt sayısı",
    "a card turned up to start the discard pile": "yeri başlatmak için bir kağıt açılır",
    "cards left in the stock after the deal": "dağıtımdan sonra stokta kalan kağıt",
    "direction of play": "oyun yönü",
    "card values (points)": "kağıt değerleri (puan)",
    "runs allowed": "sıralı per var",
    "largest meld": "en büyük per",
    "most wild cards in a meld": "bir perdeki en çok joker",
    "a 2 in its own place in a run of its suit is natural": (
        "kendi rengindeki sıralı perde kendi yerindeki 2 doğaldır"
    ),
    "a wild joins a run only beside three naturals": (
        "joker sıralı pere ancak üç doğal kağıdın yanında girer"
    ),
    "fewest natural cards in a meld": "bir perdeki en az doğal kağıt",
    "wild cards may not outnumber naturals": "jokerler doğal kağıtlardan çok olamaz",
    "melds made only of wild cards": "yalnızca jokerlerden perler",
    "one set per rank per team": "takım başına her sayıdan tek per",
    "cards in a canasta": "bir kanastadaki kağıt sayısı",
    "canasta kinds": "kanasta türleri",
    "bonuses (points)": "bonuslar (puan)",
    "how the trump card is chosen": "kozun nasıl belirlendiği",
    "how the cards are dealt": "kağıtların nasıl dağıtıldığı",
    "opening requirement by team score": "takım puanına göre açış şartı",
    "opening requirement waived with this many cards in hand": (
        "elde bu kadar kağıt varken açış şartı aranmaz"
    ),
    "rounding of scores": "puanların yuvarlanması",
    "game won at (points)": "oyunu kazandıran puan",
    "game extended to (points)": "oyunun uzatıldığı puan",
    "what the reference engine implements": "referans motorunun uyguladıkları",
    "a player holding the top card of the pile may show it and pass": (
        "yerdeki üst kağıdın aynısını tutan oyuncu onu gösterip savabilir"
    ),
    "options the players may agree on before the game": (
        "oyuncuların oyundan önce anlaşabileceği seçenekler"
    ),
    "options in force": "geçerli seçenekler",
    "a fi taken by discarding and never played": "atarak alınıp hiç oynanmayan fi",
    "parts of the hand score": "el puanının kalemleri",
    "whose first melds the opening requirement applies to": (
        "açış şartının kimin ilk perlerine uygulandığı"
    ),
    "canastas a side needs to go out": "bir tarafın bitmek için gereken kanastaları",
    "an upcard of these cards is covered by the next stock card": (
        "açılan kağıt bunlardansa stoktaki sonraki kağıtla örtülür"
    ),
    "red threes are laid face up at once (bonus cards)": (
        "kırmızı üçlüler hemen açık konur (bonus kağıtları)"
    ),
    "the pile is taken by melding its top card at once": (
        "yer, üstteki kağıt hemen pere konarak alınır"
    ),
    "cards that freeze the pile while they lie in it": "içinde durdukça yeri donduran kağıtlar",
    "cards that block the pile while on top": "üstteyken yeri bloke eden kağıtlar",
    "natural cards needed for each wild card": "her joker için gereken doğal kağıt",
    "bonus for a canasta laid from the hand in one meld": (
        "elden tek seferde konan kanastanın bonusu"
    ),
    "the take-pile meld may name more than two hand cards": (
        "yeri alma perinde elden ikiden çok kağıt olabilir"
    ),
    "a black three on top may be taken to go out": "üstteki siyah üçlü bitmek için alınabilir",
    "a provisional opening may be taken back": "geçici açış geri alınabilir",
    "a player sees every card of the discard pile": "oyuncu yerdeki bütün kağıtları görür",
    "the state remembers who has laid cards (going out concealed)": (
        "durum, kimin kağıt koyduğunu hatırlar (gizli bitmek)"
    ),
    "threes are special cards (red: bonus; black: melded only going out)": (
        "üçlüler özel kağıtlardır (kırmızı: bonus; siyah: yalnızca bitilirken per yapılır)"
    ),
    "Worked examples": "Örnekler",
    "Melds checked by the reference engine when this page was built: the verdict, the "
    "clause that decides a refusal, the points of the meld's cards and a canasta's bonus.": (
        "Bu sayfa oluşturulurken referans motorunun denetlediği perler: karar, bir reddi "
        "belirleyen madde, perdeki kağıtların puanı ve bir kanastanın bonusu."
    ),
    "cards": "kağıtlar",
    "verdict": "sonuç",
    "points": "puan",
    "canasta bonus": "kanasta bonusu",
    "legal": "geçerli",
    "refused by": "reddeden madde:",
    # The players' rulebooks (kanasta.specdoc.rulebook): the worked turn, the example
    # melds and the quick reference, in the players' words (docs/translating.rst).
    "hand": "el",
    "table": "masada",
    "top of the pile": "yerin üstünde",
    "draws from the stock": "stoktan çeker",
    "takes the discard pile with": "yeri şu kağıtlarla alır:",
    "melds": "per açar",
    "lays off": "işler",
    "discards": "yere atar",
    "passes by showing": "göstererek savar",
    "the team has opened": "takım açmış oldu",
    "not a meld": "per olmaz",
    "run": "sıralı per",
    "set": "erkek per",
    "meld of wild cards": "jokerlerden per",
    "joker": "joker",
    "as a wild card": "joker olarak",
    "in its own place in a run": "sıralı perde kendi yerinde",
    "red": "kırmızı",
    "black": "siyah",
    "score below {}": "{} puanın altında",
    "score {} and over": "{} puan ve üstü",
    "any score": "her puanda",
    "negative score": "eksi puanda",
    "{} points": "{} puan",
    "with a run without wild cards": "içinde jokersiz bir sıralı per",
    "melds holding a wild card not counted": "jokerli perler sayılmaz",
    "two melds, one a run of three naturals in a row; no points": (
        "iki per, biri art arda üç doğal kağıtlı sıralı per; puan aranmaz"
    ),
    "no points needed with at most one card left in hand": (
        "açtıktan sonra elde en çok bir kağıt kalırsa puan şartı yok"
    ),
    "a team left without a fi opens with a canasta": "fi alamayan takım kanastaya açar",
    "dirty canasta": "kirli kanasta",
    "clean canasta": "temiz kanasta",
    "dirty canasta matching the trump": "kozla eşleşen kirli kanasta",
    "clean canasta matching the trump": "kozla eşleşen temiz kanasta",
    "super canasta (A to K of one suit)": "süper kanasta (aynı renkten as'tan papaza)",
    "super canasta matching the trump": "kozla eşleşen süper kanasta",
    "canasta of 2s and jokers": "joker kanastası (2'ler ve jokerler)",
    "canasta of 2s and jokers, trump a joker": "joker kanastası, koz joker çıkarsa",
    "half canasta (a wild card among the seven)": "yarım kanasta (yedinin içinde joker var)",
    "full canasta (seven naturals)": "tam kanasta (yedi doğal kağıt)",
    "grand canasta (A to K of one suit)": "full kanasta (aynı renkten as'tan papaza)",
    "mixed canasta": "karışık kanasta",
    "natural canasta": "doğal kanasta",
    "each red 3 (a bonus card)": "her kırmızı üçlü (bonus kağıdı)",
    "all four red 3s": "dört kırmızı üçlünün hepsi",
    "empty your hand: take the next fi; each fi {}": "eli biten sıradaki fi'yi alır; her fi {}",
    "both fi taken: emptying the hand goes out": "iki fi de alındıysa eli biten oyunu bitirir",
    "a canasta needed to go out": "bitmek için kanasta şart",
    "a canasta needed to go out, not to take a fi": (
        "bitmek için kanasta şart, fi almak için değil"
    ),
    "the last card is discarded": "son kağıt yere atılarak biter",
    "the last card may be discarded, melded or laid off": (
        "son kağıt yere atılabilir, per açılabilir ya da işlenebilir"
    ),
    "going out: {}": "biten taraf: {}",
    "going out concealed: {} more": "gizli bitmek: {} daha",
    "the first fi's team lays off its last card for the second fi": (
        "ilk fi'yi alan takım ikinci fi için son kağıdını işler"
    ),
    "a team without a fi: {}": "fi alamayan takım: {}",
    "a forced team that never opens: {}": "kanastaya açamayan takım: {}",
    "first to {} at the end of a hand": "bir elin sonunda {} puana ilk ulaşan kazanır",
    "both over in the same hand: {}": "ikisi de aynı elde geçerse: {}",
    "or 555, if agreed before the game": "ya da baştan konuşulursa 555",
    "half points rounded up": "yarım puan yukarı yuvarlanır",
    "nothing is rounded": "yuvarlama yok",
    "counter-clockwise": "saat yönünün tersine",
    "clockwise": "saat yönünde",
    "{} players, {} cards ({} jokers)": "{} oyuncu, {} kağıt ({} yıldızlı joker)",
    "{} cards each": "herkese {} kağıt",
    "{} fi of {} cards": "{} fi, her biri {} kağıt",
    "stock: {} cards": "stok (kapalı deste): {} kağıt",
    "play goes {}": "oyun {} döner",
    "trump: the bottom card of the stock": "koz: stokun en alttaki kağıdı, açık",
    "sets": "erkek perler (aynı sayılardan)",
    "runs": "sıralı perler",
    "one wild card per meld": "bir perde tek joker",
    "at least two naturals, no more wilds than naturals, at most three": (
        "en az iki doğal kağıt, doğaldan çok joker yok, en fazla üç joker"
    ),
    "red 3s are bonus cards; black 3s block the pile": (
        "kırmızı üçlüler bonus kağıdıdır; siyah üçlü yeri kapatır"
    ),
    "the deal": "dağıtım",
    "melds and wild cards": "perler ve jokerler",
    "card points": "kağıtların puanı",
    "opening": "açış",
    "canastas and bonuses": "kanastalar ve bonuslar",
    "going out": "bitmek",
    "end of the game": "oyunun sonu",
    "quick reference": "kısa özet",
    "Each § is a clause of the specification: kanasta spec show NUMBER prints it.": (
        "Her § kural metninin bir maddesidir: kanasta spec show NUMARA --lang tr onu yazar."
    ),
    # The values of the profile tables (kanasta.specdoc.sphinxext.profile_table).
    "yes": "evet",
    "no": "hayır",
    "no limit": "sınır yok",
    "none": "yok",
    "not yet specified": "henüz belirlenmedi",
    "as a wild": "joker olarak",
    "left in hand": "elde kalınca",
    "clean": "temiz",
    "dirty": "kirli",
    "super": "süper kanasta",
    "all-wild": "joker kanastası",
    "trump-clean": "kozla eşleşen temiz",
    "trump-dirty": "kozla eşleşen kirli",
    "trump-super": "kozla eşleşen süper kanasta",
    "trump-all-wild": "kozla eşleşen joker kanastası",
    "half": "yarım",
    "full": "tam",
    "grand": "full kanasta",
    "natural": "doğal",
    "mixed": "karışık",
    "fi": "fi",
    "going-out": "biten taraf",
    "concealed": "gizli bitmek",
    "red-three": "kırmızı üçlü",
    "all-red-threes": "dört kırmızı üçlü",
    "no-fi": "fi alamayan takım",
    "forced-opening": "kanastaya açamayan takım",
    "canastas": "kanastalar",
    "melded": "masadaki kağıtlar",
    "penalty": "ceza",
    "rounding": "yuvarlama",
    "red-threes": "kırmızı üçlüler",
    "clean/dirty": "temiz / kirli",
    "clean/dirty, fixed when the meld first reaches seven": (
        "temiz / pis, per ilk kez yedi kağıda ulaşınca belli olur"
    ),
    "half/full/grand": "yarım / tam / full kanasta",
    "natural/mixed": "doğal / karışık",
    "any mix of 2s and jokers": "2'ler ve jokerlerden her karışım",
    "a set of 2s with at most the usual wild": "2'lerden erkek per, en fazla bir jokerle",
    "forbidden": "yasak",
    "bottom card of the stock, turned face up": "stokun en alttaki kağıdı, açık",
    "counts like any fi taken": "alınan her fi gibi sayılır",
    "no bonus, its cards not counted, but it counts as taken": (
        "ne artı ne eksi sayılır, ama alınmış sayılır"
    ),
    "each player's own first melds": "her oyuncunun kendi ilk perleri",
    "the team's first melds": "takımın ilk perleri",
    "up to a whole point (toward plus infinity)": "yukarı, tam puana",
    "whole games: the deal, turns, opening, going out, scoring and the game end": (
        "bütün oyun: dağıtım, sıralar, açış, bitmek, puan hesabı ve oyunun sonu"
    ),
    "hands one card at a time, then the fi packets, the upcard, the stock": (
        "eller birer birer, sonra fi'ler, açılan kağıt, stok"
    ),
    "one card at a time to the three other players and the dealer's packets a, b, c "
    "(b the dealer's hand, a the first fi, c the second), then the stock": (
        "birer birer öteki üç oyuncuya ve dağıtanın a, b, c paketlerine (b dağıtanın eli, "
        "a birinci fi, c ikinci fi), sonra stok"
    ),
    "the two fi packets one card at a time from the cut, then the hands two cards at a "
    "time, then the stock": (
        "önce kesilen yerden birer birer iki fi, sonra eller ikişer ikişer, sonra stok"
    ),
    "min score": "en düşük takım puanı",
    "min points": "gereken puan",
    "needs clean run": "jokersiz sıralı per şart",
    "wilds count": "jokerler sayılır",
    "wild melds count": "jokerli perler sayılır",
    "run clause": "sıralı per maddesi",
    "total clause": "toplam maddesi",
    "min melds": "en az per",
    "needs natural run": "art arda üç doğal kağıtlı sıralı per şart",
    "emptying needs canasta": "eli bitirmek için kanasta şart",
    "fi needs canasta": "fi almak için kanasta şart",
    "first fi team discard ban": "ilk fi'yi alan takım ikinci fi için kağıt atarak bitemez",
    "forced canasta opening": "kanastaya zorunlu açış",
    "going out needs discard": "bitmek için kağıt atmak şart",
    "single pile needs two cards": "tek kağıtlık yer, elde tek kağıtla alınmaz",
    "single pile no discard back": "tek kağıtlık yerden alınan kağıt geri atılmaz",
    "seed 001": "kaynak 001",
    "seed 000 (part 1)": "kaynak 000 (1. kısım)",
    "seed 000 (part 2)": "kaynak 000 (2. kısım)",
    "seeds 002, 003, 004": "kaynak 002, 003, 004",
    "koz: partnership kanasta with two fi packets and a trump card": (
        "koz: iki fi ve koz kağıdıyla eşli kanasta"
    ),
    "fi-5200: partnership kanasta with fi packets, half/full/grand canastas, game to 5200": (
        "fi-5200: fi'li eşli kanasta; yarım, tam ve full kanasta; oyun 5.200'e kadar"
    ),
    "fi-351: partnership kanasta with fi, a run among two opening melds, game to 351": (
        "fi-351: fi'li eşli kanasta; biri dişi per olan iki perle açış; oyun 351'e kadar"
    ),
    "classic: sets only, red and black threes, natural and mixed canastas": (
        "klasik: yalnızca setler, kırmızı ve siyah üçlüler, doğal ve karışık kanastalar"
    ),
    "two players, each on their own (clause players-fi-351)": (
        "iki oyuncu, herkes kendi adına (madde players-fi-351)"
    ),
    "three players, each on their own (clause players-fi-351)": (
        "üç oyuncu, herkes kendi adına (madde players-fi-351)"
    ),
    "the game is played to 555 (clause game-target-fi-351)": (
        "oyun 555'e kadar oynanır (madde game-target-fi-351)"
    ),
    "a canasta is clean or dirty by the cards it holds when the hand is scored "
    "(clause canasta-kind-at-forming-fi-351)": (
        "kanastanın temiz ya da pis oluşu, el sayılırken tuttuğu kağıtlara göredir "
        "(madde canasta-kind-at-forming-fi-351)"
    ),
    "two players, each on their own, 15 cards each, two canastas to go out "
    "(clause classic-players)": (
        "iki oyuncu, herkes kendi adına, 15'er kart, bitmek için iki kanasta "
        "(madde classic-players)"
    ),
    "three players, each on their own, 13 cards each (clause classic-players)": (
        "üç oyuncu, herkes kendi adına, 13'er kart (madde classic-players)"
    ),
    "six players in two partnerships of three, 11 cards each (clause classic-players)": (
        "altı oyuncu, üçer kişilik iki ortaklık, 11'er kart (madde classic-players)"
    ),
    "a meld needs two natural cards for each wild card (clause classic-options)": (
        "her joker için sette iki doğal kart gerekir (madde classic-options)"
    ),
    "a black three left in hand costs 100 (clause classic-options)": (
        "elde kalan siyah üçlü 100 puan düşürür (madde classic-options)"
    ),
    "a black three in the pile freezes it like a wild card (clause classic-options)": (
        "yığındaki siyah üçlü onu joker gibi dondurur (madde classic-options)"
    ),
    "a canasta of seven or more wild cards, laid in one meld, earns 2000 "
    "(clause classic-options)": (
        "tek seferde açılan, yedi ya da daha çok jokerden kanasta 2.000 getirir "
        "(madde classic-options)"
    ),
    "going out earns no bonus unless concealed, which earns 200 (clause classic-concealed)": (
        "bitmek yalnızca gizliyse bonus getirir, o da 200 (madde classic-concealed)"
    ),
    "a player who goes out concealed needs no first-meld minimum (clause classic-options)": (
        "gizli biten oyuncu için asgari açma değeri aranmaz (madde classic-options)"
    ),
    "a canasta laid from the hand in one meld, or with the pile's top card in the "
    "take-pile meld, earns 100 more (clause classic-concealed-canasta)": (
        "elden tek seferde ya da yığının üst kartıyla birlikte açılan kanasta 100 daha "
        "getirir (madde classic-concealed-canasta)"
    ),
    "a pile with a black three on top may be taken to meld it with black threes from the "
    "hand and go out (clause classic-black-three-last-turn)": (
        "üstünde siyah üçlü olan yığın, elden siyah üçlülerle açıp bitmek için alınabilir "
        "(madde classic-black-three-last-turn)"
    ),
}

_LABELS: Final[dict[str, dict[str, str]]] = {"tr": _LABELS_TR}

# The labels a family's rulebook says in its own source's words (docs/translating.rst,
# the term table): the classic sources say *kart*, *ıskarta yığını*, *set*, *birleşim*
# and *eklemek* where the other families' say *kağıt*, *yer*, *erkek per*, *per* and
# *işlemek*.
_FAMILY_LABELS_TR: Final[dict[str, dict[str, str]]] = {
    "classic": {
        "top of the pile": "ıskarta yığınının üstünde",
        "takes the discard pile with": "ıskarta yığınını şu kartlarla alır:",
        "melds": "set açar",
        "lays off": "ekler",
        "discards": "ıskarta yığınına atar",
        "not a meld": "birleşim olmaz",
        "set": "set",
        "{} players, {} cards ({} jokers)": "{} oyuncu, {} kart ({} joker)",
        "{} cards each": "herkese {} kart",
        "stock: {} cards": "stok: {} kart",
        "sets": "setler (aynı sayıdan kartlar)",
        "melds and wild cards": "birleşimler ve jokerler",
        "at least two naturals, no more wilds than naturals, at most three": (
            "en az iki doğal kart, doğal karttan çok joker yok, en fazla üç joker"
        ),
        "red 3s are bonus cards; black 3s block the pile": (
            "kırmızı üçlüler bonus kartıdır; siyah üçlü ıskarta yığınını kapatır"
        ),
        "card points": "kartların puanı",
        "each red 3 (a bonus card)": "her kırmızı üçlü (bonus kartı)",
        "the last card may be discarded, melded or laid off": (
            "son kart ıskarta yığınına atılabilir, açılabilir ya da bir sete eklenebilir"
        ),
    },
}
_FAMILY_LABELS: Final[dict[str, dict[str, dict[str, str]]]] = {"tr": _FAMILY_LABELS_TR}


def get_label(text: str, language: str | None, family: str | None = None) -> str:
    """A fixed English label in ``language`` (itself when the language is English or the
    label has no translation); in the words of ``family``'s sources where they differ
    from the edition's (the classic rulebook's *kart* and *ıskarta yığını*)."""
    if not language:
        return text
    code = language.split("_")[0].split("-")[0]
    own = _FAMILY_LABELS.get(code, {}).get(family or "", {}).get(text)
    return own if own is not None else _LABELS.get(code, {}).get(text, text)


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


_SOURCE_WORDS_TR: Final = (
    (r"\bseeds\b", "kaynak"),
    (r"\bseed\b", "kaynak"),
    (r"\(part (\d)\)", r"(\1. kısım)"),
    (r"\(followed\)", "(izlenen)"),
    (r"\(silent\)", "(sessiz)"),
    (r"\(a different family\)", "(başka bir aile)"),
    (r"\(the option\)", "(seçenek)"),
    (r"\(the default\)", "(varsayılan)"),
    (r"\(departed from\)", "(izlenmeyen)"),
)


def get_sources_text(text: str, language: str | None) -> str:
    """A clause's ``:sources:`` in ``language``: ``seed 000 (part 1) (followed)`` is
    ``kaynak 000 (1. kısım) (izlenen)`` in Turkish (docs/translating.rst, source text)."""
    if not language or not language.startswith("tr"):
        return text
    for pattern, replacement in _SOURCE_WORDS_TR:
        text = re.sub(pattern, replacement, text)
    return text
