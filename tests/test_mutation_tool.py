"""The suite-strength tooling (``tools/mutation.py``): the score, its interval, the filters,
and a run of three mutants end to end (docs/strength.rst)."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from kanasta.profiles import PROFILES

TOOLS = Path(__file__).resolve().parent.parent / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import mutation  # noqa: E402


def _outcome(status: str, module: str = "melds") -> mutation.Outcome:
    mutant = mutation.Mutant(module, "NumberReplacer", 0, 1, 0, "f", ())
    return mutation.Outcome(mutant, status)


def test_wilson_matches_newcombe_worked_example() -> None:
    # Newcombe (1998), method 3: 81 of 263 gives 0.2553 .. 0.3662.
    low, high = mutation.wilson(81, 263)
    assert round(low, 4) == 0.2553
    assert round(high, 4) == 0.3662


def test_wilson_contains_the_proportion_and_narrows_with_the_sample() -> None:
    for killed, total in [(0, 5), (5, 5), (97, 100), (3, 7)]:
        low, high = mutation.wilson(killed, total)
        assert 0.0 <= low <= killed / total <= high <= 1.0
    narrow = mutation.wilson(970, 1000)
    wide = mutation.wilson(97, 100)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    low, high = mutation.wilson(3, 7)
    mirror = mutation.wilson(4, 7)
    assert low == pytest.approx(1 - mirror[1])
    assert mutation.wilson(0, 0) == (0.0, 1.0)


def test_score_leaves_equivalent_and_unrun_mutants_out() -> None:
    outcomes = [_outcome("killed")] * 3 + [
        _outcome("survived"),
        _outcome("equivalent"),
        _outcome("no-mutation"),
    ]
    score = mutation.get_score(outcomes)
    assert (score["killed"], score["survived"], score["equivalent"]) == (3, 1, 1)
    assert score["not_run"] == 1
    assert score["score"] == 3 / 4
    assert score["ci95"] == list(mutation.wilson(3, 4))
    assert mutation.get_score([])["score"] is None


def test_docstring_slugs_are_the_known_ones_opening_a_paragraph() -> None:
    known = frozenset({"no-fi-penalty", "forced-opening-penalty", "lay-off"})
    doc = (
        "no-fi-penalty: a team that took no fi pays.\n\n"
        "forced-opening-penalty, lay-off: also these.\n"
        "not-a-clause: ignored. The word lay-off: in the middle is no citation."
    )
    assert mutation.get_docstring_slugs(doc, known) == (
        "no-fi-penalty",
        "forced-opening-penalty",
        "lay-off",
    )
    assert mutation.get_docstring_slugs(None, known) == ()


def test_mutant_key_ignores_where_the_line_moved() -> None:
    mutant = mutation.Mutant("turn", "AddNot", 4, 10, 4, "check_phase", ())
    moved = mutation.Mutant("turn", "AddNot", 9, 60, 4, "check_phase", ())
    diff = "--- a\n+++ b\n@@ -10 +10 @@\n-    if x:\n+    if not x:"
    later = "--- a\n+++ b\n@@ -60 +60 @@\n-    if x:\n+    if not x:"
    assert mutation.mutant_key(mutant, diff) == mutation.mutant_key(moved, later)
    assert mutation.mutant_key(mutant, diff).startswith("turn:check_phase:AddNot:")


def test_read_equivalent_takes_the_first_word_as_key(tmp_path: Path) -> None:
    path = tmp_path / "equivalent.txt"
    path.write_text("# comment\n\nmelds:f:AddNot:0123abcd  same result: x is never 0\n")
    assert mutation.read_equivalent(path) == {
        "melds:f:AddNot:0123abcd": "same result: x is never 0"
    }
    assert mutation.read_equivalent(tmp_path / "missing.txt") == {}


def test_draw_sample_is_seeded_and_bounded() -> None:
    population = [mutation.Mutant("melds", "AddNot", i, i, 0, "f", ()) for i in range(50)]
    first = mutation.draw_sample(population, 10, 3)
    assert first == mutation.draw_sample(population, 10, 3)
    assert len(first) == len(set(first)) == 10
    assert mutation.draw_sample(population, 0, 3) == population
    assert mutation.draw_sample(population, 99, 3) == population


def test_equivalent_list_names_real_rule_modules_and_argues_each() -> None:
    known = mutation.read_equivalent()
    for key, why in known.items():
        module = key.split(":")[0]
        assert module in mutation.RULE_MODULES, key
        assert len(why) > 20, key


def test_equivalent_list_calls_no_playable_family_out_of_reach() -> None:
    playable = [p.family.value for p in PROFILES.values() if p.is_playable]
    for key, why in mutation.read_equivalent().items():
        for family in playable:
            assert not (family in why and "out of reach" in why), key


def test_population_keeps_display_code_and_annotations_out() -> None:
    pytest.importorskip("cosmic_ray")
    known = mutation._known_slugs()
    population = mutation.get_population(mutation.PACKAGE, ["melds", "scoring"], known)
    assert population
    assert {m.module for m in population} == {"melds", "scoring"}
    names = {m.function.split(".")[-1] for m in population}
    assert not {n for n in names if mutation.DISPLAY.match(n)}
    assert "validate_meld" in names
    assert not any(m.operator == "RemoveDecorator" for m in population)
    assert any(m.slugs for m in population)


def test_three_mutants_end_to_end(tmp_path: Path) -> None:
    pytest.importorskip("cosmic_ray")
    args = ["--sample", "3", "--seed", "1", "--modules", "scoring", "--out", str(tmp_path)]
    code = mutation.main([*args, "--nice", "0", "--quiet"])
    assert code == 0
    report = json.loads((tmp_path / "result.json").read_text())
    total = report["total"]
    assert total["sampled"] == 3
    assert total["killed"] + total["survived"] + total["equivalent"] + total["not_run"] == 3
    assert report["meta"]["fixtures"] > 100
    assert (tmp_path / "result.txt").read_text().startswith("commit ")


def test_functions_left_out_exist_in_their_modules() -> None:
    for module, functions in mutation.NOT_REACHED.items():
        tree = ast.parse((mutation.PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
        names = {f.qualname for f in mutation._functions(tree, frozenset())}
        assert module in mutation.RULE_MODULES
        for name, why in functions.items():
            assert name in names, f"{module}.{name} is listed as not reached but does not exist"
            assert why
