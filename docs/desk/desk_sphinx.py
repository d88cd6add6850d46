"""The desk: the page of the site where a player asks ``kanasta ask`` in the browser.

A Sphinx extension of the site (docs/conf.py): the ``kanasta-desk`` directive writes the
desk's form; each ``kanasta ask`` command of the disputes page gets a link that opens the
desk with its question in the URL fragment; when an HTML edition is built, the runtime
(Pyodide, vendored from ``docs/desk/node_modules``), the engine as a zip of the package
and its data, the desk's script and style and a service worker are written beside it.
Nothing the desk loads comes from anywhere but the site itself.
"""

from __future__ import annotations

import hashlib
import json
import shlex
import shutil
import subprocess
import zipfile
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any
from urllib.parse import quote

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from kanasta import __version__
from kanasta.ask import QUESTION_FIELDS, Question
from kanasta.cli import build_parser
from kanasta.commands.ask import _question
from kanasta.families import PROFILES, get_turkish_names

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PYODIDE = HERE / "node_modules" / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of the Pyodide package the desk loads (its version is pinned in
docs/desk/package.json and package-lock.json)."""
ASSETS = ("desk.js", "desk.css")
DESK_DIR = "_desk"
SERVICE_WORKER = "desk-sw.js"
ENGINE_ZIP = "kanasta.zip"

logger = logging.getLogger(__name__)


def get_question(command: str) -> dict[str, Any]:
    """The question of a ``kanasta ask`` command line (the words after ``kanasta ask``) as
    the mapping of a question file, the fields of :data:`kanasta.ask.QUESTION_FIELDS`
    that the command gives."""
    args = build_parser().parse_args(["ask", *shlex.split(command)])
    question = _question(args)
    data: dict[str, Any] = {}
    defaults = Question(variant=question.variant)
    for f in fields(Question):
        if f.name not in QUESTION_FIELDS:
            continue
        value = getattr(question, f.name)
        if f.name != "variant" and value == getattr(defaults, f.name):
            continue
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, dict):
            value = {k: list(v) if isinstance(v, tuple) else v for k, v in value.items()}
        data[f.name] = value
    return data


def get_fragment(question: dict[str, Any]) -> str:
    """The URL fragment that opens the desk with ``question`` filled in."""
    text = json.dumps(question, separators=(",", ":"), ensure_ascii=False)
    return "q=" + quote(text, safe=",:[]{}")


UI: dict[str, dict[str, str]] = {
    "en": {
        "family": "Family",
        "options": "Options",
        "seat": "Your seat",
        "phase": "Turn",
        "phase-none": "not said",
        "phase-draw": "before drawing",
        "phase-play": "after drawing",
        "cards": "Tap a box, then a rank and a suit",
        "hand": "Your hand",
        "hand_size": "Cards in hand (if more)",
        "pile_top": "Pile: top card only",
        "pile": "Pile: its cards, top last",
        "pile_size": "Cards in the pile",
        "frozen": "Pile frozen",
        "melds-us": "Our melds",
        "melds-them": "Their melds",
        "add-meld": "+ meld",
        "red-us": "Our red threes",
        "red-them": "Their red threes",
        "score-us": "Our score",
        "score-them": "Their score",
        "opened": "Who has opened",
        "opened-default": "as the melds say",
        "fi_taken": "Fi taken, in order",
        "fi_left": "Fi left on the table",
        "fi_unplayed": "Fi taken by a discard, not yet played",
        "trump": "Trump card",
        "stock_size": "Cards left in the stock (0: last card drawn)",
        "target": "Target in force",
        "hand_number": "Hand of the game (1: the first)",
        "hand_number_note": "The hand number",
        "personally_opened": "You opened yourself",
        "laid_before": "You laid cards before this turn",
        "went_out": "Hand over: who went out",
        "not-said": "not said",
        "yes": "yes",
        "no": "no",
        "us": "us",
        "them": "them",
        "both": "both",
        "none": "none",
        "move": "The move (several: separate with ;)",
        "ask": "Ask",
        "clear": "Clear",
        "link": "Link to this question",
        "loading": "Loading the rules engine…",
        "ready": "Ready: works offline from now on.",
        "failed": "The engine could not be loaded:",
        "verdict-allowed": "Allowed",
        "verdict-not allowed": "Not allowed",
        "verdict-depends on cards left unknown": "Depends on cards left unknown",
        "verdict-depends on a fact not given": "Depends on a fact not given",
        "verdict-scored": "Scored",
        "verdict-listed": "Legal moves",
        "position": "The position",
        "assumed": "Assumed",
        "steps": "The moves",
        "why": "Why",
        "clauses": "The rules",
        "legal": "Legal moves",
        "score": "The hand's score",
        "turns_on": "Otherwise",
        "game": "The game",
        "error": "The question cannot be read",
        "otherwise": "With other unknown cards",
    },
    "tr": {
        "family": "Kural ailesi",
        "options": "Seçenekler",
        "seat": "Koltuğunuz",
        "phase": "Sıra",
        "phase-none": "söylenmedi",
        "phase-draw": "kağıt çekmeden önce",
        "phase-play": "kağıt çektikten sonra",
        "cards": "Bir kutuya, sonra sayıya ve renge dokunun",
        "hand": "Eliniz",
        "hand_size": "Eldeki kağıt sayısı (daha fazlaysa)",
        "pile_top": "Yer: yalnızca üstteki kağıt",
        "pile": "Yer: kağıtları, üstteki en sonda",
        "pile_size": "Yerdeki kağıt sayısı",
        "frozen": "Yer donmuş",
        "melds-us": "Bizim perlerimiz",
        "melds-them": "Onların perleri",
        "add-meld": "+ per",
        "red-us": "Bizim kırmızı üçlülerimiz",
        "red-them": "Onların kırmızı üçlüleri",
        "score-us": "Bizim puanımız",
        "score-them": "Onların puanı",
        "opened": "Kim açtı",
        "opened-default": "perlere göre",
        "fi_taken": "Alınan fi'ler, sırayla",
        "fi_left": "Masada kalan fi",
        "fi_unplayed": "Atarak alınıp henüz oynanmamış fi",
        "trump": "Koz kağıdı",
        "stock_size": "Stokta kalan kağıt (0: son kağıt çekildi)",
        "target": "Geçerli hedef puan",
        "hand_number": "Oyunun kaçıncı eli (1: ilk el)",
        "hand_number_note": "El numarası",
        "personally_opened": "Kendiniz açtınız",
        "laid_before": "Bu sıradan önce masaya kağıt indirdiniz",
        "went_out": "El bitti: kim bitti",
        "not-said": "söylenmedi",
        "yes": "evet",
        "no": "hayır",
        "us": "biz",
        "them": "onlar",
        "both": "ikisi de",
        "none": "hiçbiri",
        "move": "Hamle (birden çoksa ; ile ayırın)",
        "ask": "Sor",
        "clear": "Temizle",
        "link": "Bu sorunun bağlantısı",
        "loading": "Kural motoru yükleniyor…",
        "ready": "Hazır: bundan sonra internet olmadan da çalışır.",
        "failed": "Kural motoru yüklenemedi:",
        "verdict-allowed": "Olur",
        "verdict-not allowed": "Olmaz",
        "verdict-depends on cards left unknown": "Bilinmeyen kağıtlara bağlı",
        "verdict-depends on a fact not given": "Söylenmeyen bir bilgiye bağlı",
        "verdict-scored": "Puanlandı",
        "verdict-listed": "Oynanabilecek hamleler",
        "position": "Durum",
        "assumed": "Varsayılanlar",
        "steps": "Hamleler",
        "why": "Neden",
        "clauses": "Kurallar",
        "legal": "Oynanabilecek hamleler",
        "score": "Elin puanı",
        "turns_on": "Aksi halde",
        "game": "Oyun",
        "error": "Soru okunamadı",
        "otherwise": "Başka bilinmeyen kağıtlarla",
    },
}
"""The fixed words of the desk's form, in each edition's language."""


def _config(language: str) -> dict[str, Any]:
    turkish = get_turkish_names() if language == "tr" else {}
    return {
        "language": language,
        "base": DESK_DIR + "/",
        "sw": SERVICE_WORKER,
        "engine": ENGINE_ZIP,
        "ui": UI.get(language, UI["en"]),
        "families": [
            {
                "name": name,
                "title": turkish.get(name, name),
                "options": [o.name for o in profile.known_options],
            }
            for name, profile in PROFILES.items()
        ],
    }


class DeskDirective(SphinxDirective):
    """``.. kanasta-desk::``: the desk's form and answer, filled in by ``_desk/desk.js``."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        language = self.config.language or "en"
        config = json.dumps(_config(language), ensure_ascii=False).replace("'", "&#39;")
        html = (
            f'<link rel="stylesheet" href="{DESK_DIR}/desk.css">'
            f'<div id="kanasta-desk" class="kanasta-desk" data-config=\'{config}\'>'
            f'<p class="desk-status" role="status">{UI[language]["loading"]}</p></div>'
            f'<script type="module" src="{DESK_DIR}/desk.js"></script>'
        )
        return [nodes.raw("", html, format="html")]


def _ask_blocks(doctree: nodes.document) -> Iterator[tuple[nodes.literal_block, str]]:
    for block in list(doctree.findall(nodes.literal_block)):
        text = block.astext().strip()
        if text.startswith("kanasta ask "):
            command = " ".join(line.rstrip("\\").strip() for line in text.splitlines())
            yield block, command.removeprefix("kanasta ask ")


def _link_disputes(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Under each ``kanasta ask`` command of the disputes page: a link that opens the desk
    with the question filled in."""
    if docname != "disputes" or app.builder.format != "html":
        return
    label = "Hakem masasında sor" if (app.config.language or "en") == "tr" else "Ask it at the desk"
    for block, command in _ask_blocks(doctree):
        if command.endswith((".json", ".toml")):
            continue
        uri = (
            app.builder.get_relative_uri(docname, "desk")
            + "#"
            + get_fragment(get_question(command))
        )
        link = nodes.reference("", "", nodes.Text(label), refuri=uri, classes=["desk-link"])
        block.parent.insert(block.parent.index(block) + 1, nodes.paragraph("", "", link))


def write_engine_zip(target: Path) -> None:
    """The engine for the browser: the package ``kanasta`` and the data it reads at run
    time (the spec, the catalogues, the glossary) where an installed wheel holds them, in a
    zip with fixed dates so the same sources always give the same bytes."""
    package = ROOT / "reference" / "kanasta"
    members: list[tuple[str, Path]] = []
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed"):
            members.append(("kanasta/" + path.relative_to(package).as_posix(), path))
    data = {"spec": ROOT / "spec", "locales": ROOT / "docs" / "locales"}
    for name, folder in data.items():
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".rst", ".po"):
                rel = path.relative_to(folder).as_posix()
                members.append((f"kanasta/_data/{name}/{rel}", path))
    members.append(("kanasta/_data/glossary.rst", ROOT / "docs" / "glossary.rst"))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, path in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())


def _ensure_pyodide() -> bool:
    if (PYODIDE / "pyodide.mjs").is_file():
        return True
    npm = shutil.which("npm")
    if npm is None:
        return False
    done = subprocess.run(
        [npm, "ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=HERE,
        check=False,
    )
    return done.returncode == 0 and (PYODIDE / "pyodide.mjs").is_file()


def _write_desk(app: Sphinx, exception: BaseException | None) -> None:
    """The desk's files beside an HTML edition: ``_desk/`` and the service worker."""
    if exception is not None or app.builder.format != "html":
        return
    if "desk" not in app.env.all_docs:
        return
    out = Path(app.outdir)
    desk = out / DESK_DIR
    desk.mkdir(parents=True, exist_ok=True)
    if not _ensure_pyodide():
        logger.info(
            "desk: docs/desk/node_modules lacks Pyodide and npm ci could not install it: "
            "the desk page is built without its runtime"
        )
        return
    for name in PYODIDE_FILES:
        shutil.copyfile(PYODIDE / name, desk / name)
    for name in ASSETS:
        shutil.copyfile(HERE / name, desk / name)
    write_engine_zip(desk / ENGINE_ZIP)
    files = ["desk.html", *(f"{DESK_DIR}/{n}" for n in (*ASSETS, *PYODIDE_FILES, ENGINE_ZIP))]
    digest = hashlib.sha256()
    for name in files[1:]:
        digest.update((out / name).read_bytes())
    worker = (HERE / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace("__VERSION__", f"{__version__}-{digest.hexdigest()[:12]}")
    worker = worker.replace("__FILES__", json.dumps(files))
    (out / SERVICE_WORKER).write_text(worker, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("kanasta-desk", DeskDirective)
    app.connect("doctree-resolved", _link_disputes)
    app.connect("build-finished", _write_desk)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
