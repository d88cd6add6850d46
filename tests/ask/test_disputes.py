"""The table disputes of docs/disputes.rst: every command there gives the answer printed,
and cites first the clause the table argues about."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import time
from pathlib import Path
from typing import Any

import pytest

from kanasta.cli import main
from kanasta.families import FAMILY_NAMES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "disputes.rst"
_DISPUTE = re.compile(
    r"^   kanasta ask (?P<cmd>.+?)\n\n.*?^\.\. dispute-answer: (?P<answer>.+?)$",
    re.MULTILINE | re.DOTALL,
)


def _disputes() -> list[tuple[str, str, str, str, str]]:
    """Each dispute: its command, verdict, clause, code and the clause cited first (the
    fourth field of its answer line; its clause when it has none)."""
    text = PAGE.read_text(encoding="utf-8")
    found = []
    for match in _DISPUTE.finditer(text.split("The disputes below", 1)[1]):
        parts = [part.strip() for part in match["answer"].split("|")]
        verdict, slug, code = parts[:3]
        first = parts[3] if len(parts) > 3 else slug
        command = re.sub(r"\s*\\\n\s*", " ", match["cmd"])
        found.append((command, verdict, slug, code, first))
    return found


def _ask(command: str) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["ask", *shlex.split(command), "--json"])
    return status, json.loads(out.getvalue())


def _family(command: str) -> str:
    return shlex.split(command)[shlex.split(command).index("--variant") + 1]


def test_the_page_has_forty_disputes_at_least() -> None:
    assert len(_disputes()) >= 40


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_every_family_has_disputes_of_its_own(family: str) -> None:
    assert sum(1 for d in _disputes() if _family(d[0]) == family) >= 5


@pytest.mark.parametrize(("command", "verdict", "slug", "code", "first"), _disputes())
def test_dispute_is_answered_as_documented(
    command: str, verdict: str, slug: str, code: str, first: str
) -> None:
    start = time.process_time()
    status, data = _ask(command)
    elapsed = time.process_time() - start
    slugs = [c["slug"] for c in data["clauses"]]
    refused = [s for s in data["steps"] if not s["allowed"]]
    if verdict == "listed":
        assert status == 0
        assert len(data["legal_actions"]) == int(code)
    elif verdict == "not allowed":
        assert status == 1
        assert (refused[0]["clause"], refused[0]["code"]) == (slug, code)
    else:
        assert status == (3 if verdict.startswith("depends") else 0)
        assert data["verdict"] == verdict
        assert slug in slugs
    assert slugs[0] == first
    assert elapsed < 2.0, f"{command}: {elapsed:.2f} s of CPU"


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_rejection_cites_family_every_dispute_cites_the_deciding_clause_first(
    family: str,
) -> None:
    """rejection-cites-family: for every dispute of the family on the page, the first
    clause the answer cites is the one the page names."""
    checked = 0
    for command, _verdict, _slug, _code, first in _disputes():
        if _family(command) != family:
            continue
        _status, data = _ask(command)
        assert data["clauses"][0]["slug"] == first, command
        checked += 1
    assert checked
