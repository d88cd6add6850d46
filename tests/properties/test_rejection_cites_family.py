"""rejection-cites-family: every refusal cites a clause of the family being played.

Random self-play of each playable family tries, beside the listed legal action, a
handful of other actions at every step (every distinct discard, draws and pile takes
out of phase, random melds and lay-offs); every refusal met must cite a clause whose
``:families:`` include the family. The gate (``kanasta spec check``) and
``kanasta conformance validate`` refuse a fixture that cites another family's clause.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from kanasta import engine
from kanasta.conformance.suite import validate_suite
from kanasta.errors import Violation
from kanasta.play.selfplay import PLAYABLE_FAMILIES, play_random_hand
from kanasta.resources import get_fixtures_dir
from kanasta.rules.actions import DRAW, PASS, TAKE_BACK, TAKE_PILE, Action, ActionType
from kanasta.rules.state import Phase, State
from kanasta.specdoc.spec import check_family_citations, load_spec
from kanasta.specdoc.trace import build_trace

HANDS = 200 if os.environ.get("KANASTA_THOROUGH") else 16
"""Hands a family: a few in the test command, many in ``nox -s thorough``."""

_FAMILIES = {c.slug: c.families for c in load_spec()}


def _probes(state: State, rng: random.Random) -> list[Action]:
    """Actions to try in ``state``: most of them illegal."""
    hand = state.hands[state.turn]
    probes = [DRAW, TAKE_PILE, PASS, TAKE_BACK]
    probes.extend(Action(ActionType.DISCARD, (c,)) for c in sorted(set(hand)))
    if len(hand) >= 3:
        for size in (3, 4, len(hand)):
            picked = tuple(sorted(rng.sample(hand, min(size, len(hand)))))
            probes.append(Action(ActionType.MELD, picked))
    team = state.turn % len(state.melds)
    for index in range(len(state.melds[team]) + 1):
        if hand:
            picked = tuple(sorted(rng.sample(hand, rng.randint(1, len(hand)))))
            probes.append(Action(ActionType.LAY_OFF, picked, meld=index))
    return probes


@pytest.mark.clause("rejection-cites-family")
@pytest.mark.parametrize("family", PLAYABLE_FAMILIES)
def test_rejection_cites_family_in_random_self_play(family: str) -> None:
    rng = random.Random(13)
    met: Counter[str] = Counter()

    def probe(before: State, _action: Action, _after: State) -> None:
        if before.phase is Phase.OVER:
            return
        for action in _probes(before, rng):
            result = engine.apply(before, action)
            if isinstance(result, Violation):
                assert family in _FAMILIES[result.clause], (
                    f"{family}: {action} refused citing {result.clause!r}, "
                    f"a clause of {', '.join(_FAMILIES[result.clause])}"
                )
                met[result.clause] += 1

    for index in range(HANDS):
        play_random_hand(family, 7_000 + index, rng, on_step=probe)
    # The probes meet refusals of many clauses, the opening's among them.
    assert len(met) >= 8, met
    opening = {
        "opening-lower-band",
        "opening-upper-band",
        "opening-clean-run",
        "opening-threshold",
        "opening-two-melds",
        "classic-opening-minimum",
    }
    assert opening & set(met), met


def _plant(tmp_path: Path, fixture: str, old: str, new: str) -> Path:
    """A copy of one built-in fixture in a folder of its own, ``old`` replaced by ``new``."""
    root = tmp_path / "fixtures"
    source = get_fixtures_dir() / f"{fixture}.json"
    target = root / f"{fixture}.json"
    target.parent.mkdir(parents=True)
    shutil.copy(source, target)
    text = target.read_text(encoding="utf-8")
    assert old in text
    target.write_text(text.replace(old, new), encoding="utf-8")
    return root


@pytest.mark.clause("rejection-cites-family", "opening-lower-band")
def test_rejection_cites_family_gate_fails_on_a_planted_citation(tmp_path: Path) -> None:
    fixture = "fi-5200/opening/lower-40-points-refused"
    data = json.loads((get_fixtures_dir() / f"{fixture}.json").read_text(encoding="utf-8"))
    assert data["variant"] == "fi-5200"
    # The expected refusal cites the koz threshold clause instead of the fi-5200 band.
    root = _plant(
        tmp_path,
        fixture,
        '"clause": "opening-lower-band"',
        '"clause": "opening-threshold"',
    )
    report = build_trace(fixture_dirs=[root])
    wrong = [p for p in report.problems if "'opening-threshold'" in p and "fi-5200" in p]
    assert len(wrong) == 1, report.problems
    assert wrong[0].startswith(f"{fixture}: a fi-5200 fixture cites clause 7.5")
    validation = validate_suite([root])
    assert any(
        p.startswith(f"{fixture}: a fi-5200 fixture cites") and "'opening-threshold'" in p
        for p in validation.problems
    ), validation.problems


@pytest.mark.clause("rejection-cites-family")
def test_rejection_cites_family_gate_fails_on_a_planted_clause_list(tmp_path: Path) -> None:
    fixture = "fi-5200/opening/lower-sets-only-refused"
    root = _plant(
        tmp_path, fixture, '"clauses": ["opening-bands-fi-5200"', '"clauses": ["opening-clean-run"'
    )
    validation = validate_suite([root])
    listed = [p for p in validation.problems if "'opening-clean-run'" in p]
    assert len(listed) == 1, validation.problems
    # Only the citation is wrong: the reference still passes the fixture.
    assert not any("does not pass" in p for p in validation.problems), validation.problems
    assert not build_trace(fixture_dirs=[get_fixtures_dir()]).problems


@pytest.mark.clause("rejection-cites-family")
def test_rejection_cites_family_check_accepts_shared_clauses() -> None:
    clauses = load_spec()
    assert not check_family_citations(clauses, "fi-5200", ["opening-lower-band", "lay-off"], "x")
    assert not check_family_citations(clauses, "koz", ["opening-threshold", "unknown-slug"], "x")
    (problem,) = check_family_citations(clauses, "koz", ["opening-lower-band"], "koz/x")
    assert problem.startswith("koz/x: a koz fixture cites clause 7.14 'opening-lower-band'")
