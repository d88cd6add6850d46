"""The table disputes of docs/disputes.rst: every command there gives the answer printed."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import time
from pathlib import Path

import pytest

from kanasta.cli import main

PAGE = Path(__file__).resolve().parents[2] / "docs" / "disputes.rst"
_DISPUTE = re.compile(
    r"^   kanasta ask (?P<cmd>.+?)\n\n.*?^\.\. dispute-answer: (?P<answer>.+?)$",
    re.MULTILINE | re.DOTALL,
)


def _disputes() -> list[tuple[str, str, str, str]]:
    text = PAGE.read_text(encoding="utf-8")
    found = []
    for match in _DISPUTE.finditer(text.split("twenty-two disputes below", 1)[1]):
        verdict, slug, code = (part.strip() for part in match["answer"].split("|"))
        command = re.sub(r"\s*\\\n\s*", " ", match["cmd"])
        found.append((command, verdict, slug, code))
    return found


def test_the_page_has_twenty_disputes_at_least() -> None:
    assert len(_disputes()) >= 20


@pytest.mark.parametrize(("command", "verdict", "slug", "code"), _disputes())
def test_dispute_is_answered_as_documented(
    command: str, verdict: str, slug: str, code: str
) -> None:
    out = io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out):
        status = main(["ask", *shlex.split(command), "--json"])
    elapsed = time.process_time() - start
    data = json.loads(out.getvalue())
    slugs = [c["slug"] for c in data["clauses"]]
    refused = [s for s in data["steps"] if not s["allowed"]]
    if verdict == "listed":
        assert status == 0
        assert len(data["legal_actions"]) == int(code)
    elif verdict == "not allowed":
        assert status == 1
        assert (refused[0]["clause"], refused[0]["code"]) == (slug, code)
    else:
        assert status == 0
        assert data["verdict"] == verdict
        assert slug in slugs
    assert elapsed < 1.0, f"{command}: {elapsed:.2f} s of CPU"
