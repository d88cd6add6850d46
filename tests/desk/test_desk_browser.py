"""The desk in a real browser (headless Chromium through playwright-core): every dispute of
docs/disputes.rst, opened from its link, gets the answer ``kanasta ask`` gives (verdict
and first clause), in both editions; the page loads nothing from another host, fits a
390 px screen and answers offline once loaded.

Needs the built site (``nox -s desk`` builds it), node, docs/desk/node_modules and
Chromium; skipped, saying which is missing, without them."""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ask.test_disputes import _ask, _disputes
from tests.desk.conftest import DESK, load_desk

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("KANASTA_DESK_SITE", ROOT / "docs" / "_build" / "html"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(os.environ.get("KANASTA_DESK_SHOTS", ROOT / "docs" / "_build" / "desk-shots"))


def _missing() -> str | None:
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CHROMIUM)"
    if shutil.which("node") is None:
        return "no node"
    if not (DESK / "node_modules" / "playwright-core").is_dir():
        return "no docs/desk/node_modules/playwright-core (npm ci in docs/desk)"
    for edition in (SITE, SITE / "tr"):
        if not (edition / "_desk" / "kanasta.zip").is_file():
            return f"the site is not built with its desk at {edition} (nox -s desk)"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=str(_missing()))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (the base class's own attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The built site, served on 127.0.0.1 only."""
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE))
    )
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def _drive(url: str, questions: list[dict[str, Any]], shot: Path, tmp: Path) -> dict[str, Any]:
    file = tmp / "questions.json"
    file.write_text(json.dumps(questions), encoding="utf-8")
    shot.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["node", str(DESK / "check.mjs"), url, str(file), str(shot)],
        capture_output=True, text=True, timeout=1200, check=False,
        env={**os.environ, "CHROMIUM": CHROMIUM},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


DISPUTES = _disputes()


@pytest.fixture(scope="module", params=["en", "tr"])
def edition(
    request: pytest.FixtureRequest, server: str, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, dict[str, Any]]:
    language = request.param
    desk = load_desk()
    questions = [desk.get_question(d[0]) for d in DISPUTES]
    page = f"{server}/{'tr/' if language == 'tr' else ''}desk.html"
    shot = SHOTS / f"desk-{language}.png"
    result = _drive(page, questions, shot, tmp_path_factory.mktemp(language))
    print(
        f"\ndesk ({language}): cold load {result['coldFiles']} files, {result['coldBytes']} "
        f"bytes, first answer after {result['firstAnswerMs']} ms"
    )
    (SHOTS / f"desk-{language}.json").write_text(
        json.dumps({k: v for k, v in result.items() if k != "answers"}, indent=1)
    )
    return language, result


def test_every_dispute_through_the_desk_answers_as_kanasta_ask(
    edition: tuple[str, dict[str, Any]],
) -> None:
    _language, result = edition
    assert len(result["answers"]) == len(DISPUTES)
    for (command, *_rest), got in zip(DISPUTES, result["answers"], strict=True):
        _status, expected = _ask(command)
        assert got["state"] == "ready", got["status"]
        assert (got["verdict"], got["first"]) == (
            expected["verdict"],
            expected["clauses"][0]["slug"],
        ), command
        if "legal_actions" in expected:
            assert got["legal"] == str(len(expected["legal_actions"])), command


def test_desk_loads_nothing_from_another_host(edition: tuple[str, dict[str, Any]]) -> None:
    _language, result = edition
    assert result["outside"] == []
    assert any(path.endswith("pyodide.asm.wasm") for path, _size in result["files"])


def test_desk_fits_a_390_px_screen(edition: tuple[str, dict[str, Any]]) -> None:
    _language, result = edition
    assert result["width"] <= 390


def test_desk_answers_offline_once_loaded(edition: tuple[str, dict[str, Any]]) -> None:
    _language, result = edition
    _status, expected = _ask(DISPUTES[-1][0])
    assert result["offline"]["verdict"] == expected["verdict"]
    assert result["offline"]["first"] == expected["clauses"][0]["slug"]
