"""The suite-strength tooling (``tools/mutation.py``): the score, its interval, the filters,
the play oracle, the per-family score, and two mutants end to end with one and two jobs
(docs/strength.rst)."""

from __future__ import annotations

import ast
import json
import os
import pickle
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kanasta import engine
from kanasta.families import FAMILY_MODULES, PROFILES, get_profile
from kanasta.io.state_json import state_to_json
from kanasta.resources import get_fixtures_dir
from kanasta.rules.state import Phase

TOOLS = Path(__file__).resolve().parent.parent / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import mutation  # noqa: E402
import mutation_oracle  # noqa: E402


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
    playable = [p.family for p in PROFILES.values() if p.is_playable]
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


def _run_tool(out: Path, *extra: str) -> dict[str, Any]:
    """Two mutants of the scoring module judged by one family's fixtures (the tool judges
    by the whole suite unless given a folder; the whole suite here would run it six
    times over)."""
    fixtures = out.parent / "koz-fixtures"
    if not fixtures.exists():
        shutil.copytree(get_fixtures_dir() / "koz", fixtures / "koz")
    args = ["--sample", "2", "--seed", "1", "--modules", "scoring", "--out", str(out)]
    args += ["--fixtures", str(fixtures)]
    assert mutation.main([*args, "--nice", "0", "--quiet", *extra]) == 0
    report: dict[str, Any] = json.loads((out / "result.json").read_text())
    return report


def test_two_mutants_end_to_end_give_the_same_outcomes_with_two_jobs(tmp_path: Path) -> None:
    pytest.importorskip("cosmic_ray")
    report = _run_tool(tmp_path / "two", "--jobs", "2")
    total = report["total"]
    assert total["sampled"] == 2
    assert total["killed"] + total["survived"] + total["equivalent"] + total["not_run"] == 2
    assert report["meta"]["fixtures"] > 100
    assert report["meta"]["jobs"] == 2
    assert set(report["meta"]["oracle_seconds"]) == set(mutation_oracle.FAMILIES)
    assert set(report["families"]) == set(mutation_oracle.FAMILIES)
    for entry in report["families"].values():
        assert entry["seen"] + entry["not_seen"] == 2 - total["not_run"]
    text = (tmp_path / "two" / "result.txt").read_text()
    assert text.startswith("commit ")
    assert "per family:" in text
    one = _run_tool(tmp_path / "one", "--jobs", "1")
    assert len(report["outcomes"]) == 2
    for outcome in report["outcomes"]:
        if outcome["status"] in mutation.JUDGED:
            assert set(outcome["oracle"]) == set(mutation_oracle.FAMILIES)
    for part in ("total", "modules", "families", "killed_by_family", "survivors", "outcomes"):
        assert one[part] == report[part], part


def test_the_family_modules_are_mutated_as_well_as_the_rules() -> None:
    """Each family module (its profile, the clauses that are its data) is a mutation module
    of its own, taken from the families' registry."""
    files = {mutation.module_file(mutation.PACKAGE, m) for m in mutation.RULE_MODULES}
    for module in FAMILY_MODULES:
        name = module.__name__.rsplit(".", 1)[-1]
        assert mutation.PACKAGE / "families" / f"{name}.py" in files
    assert all(f.exists() for f in files)
    pytest.importorskip("cosmic_ray")
    population = mutation.get_population(
        mutation.PACKAGE, ["family_classic"], mutation._known_slugs()
    )
    assert {m.module for m in population} == {"family_classic"}
    assert any(m.function == "make_profile" for m in population)


def test_functions_left_out_exist_in_their_modules() -> None:
    for module, functions in mutation.NOT_REACHED.items():
        tree = ast.parse(mutation.module_file(mutation.PACKAGE, module).read_text(encoding="utf-8"))
        names = {f.qualname for f in mutation._functions(tree, frozenset())}
        assert module in mutation.RULE_MODULES
        for name, why in functions.items():
            assert name in names, f"{module}.{name} is listed as not reached but does not exist"
            assert why


# -- the differential play oracle and the per-family score ------------------------------------


def _judged(
    status: str, killed_by: list[str], oracle: dict[str, str], key: str
) -> mutation.Outcome:
    mutant = mutation.Mutant("turn", "AddNot", 0, 1, 0, "f", ())
    return mutation.Outcome(mutant, status, key, killed_by=killed_by, oracle=oracle)


def test_per_family_score_counts_what_the_family_can_tell() -> None:
    same = dict.fromkeys(mutation_oracle.FAMILIES, "same")
    outcomes = [
        _judged("killed", ["koz"], {**same, "koz": "differs"}, "a"),  # koz: killed, observed
        _judged("killed", ["koz", "classic"], same, "b"),  # koz, classic: killed, not observed
        _judged("survived", [], {**same, "koz": "differs", "fi-351": "timeout"}, "c"),
        _judged("survived", [], same, "d"),  # nobody sees it
        _judged("killed", ["crash"], same, "e"),  # a crash fails every family's fixtures
        _judged("equivalent", [], {**same, "classic": "crash: ValueError: x"}, "f"),
        _judged("no-mutation", [], {**same, "koz": "differs"}, "g"),  # did not run
    ]
    koz = mutation.get_family_score(outcomes, "koz")
    assert (koz["killed"], koz["observed"], koz["seen"], koz["survived"]) == (3, 2, 4, 1)
    assert koz["not_seen"] == 2  # d and f
    assert koz["score"] == 3 / 4
    assert koz["ci95"] == list(mutation.wilson(3, 4))
    assert koz["survivors"] == ["c"]
    classic = mutation.get_family_score(outcomes, "classic")
    assert (classic["killed"], classic["seen"], classic["survivors"]) == (2, 3, ["f"])
    fi351 = mutation.get_family_score(outcomes, "fi-351")
    assert (fi351["killed"], fi351["seen"], fi351["survivors"]) == (1, 2, ["c"])
    fi5200 = mutation.get_family_score(outcomes, "fi-5200")
    assert (fi5200["killed"], fi5200["seen"], fi5200["not_seen"]) == (1, 1, 5)
    assert mutation.get_family_score(outcomes[3:4], "koz")["score"] is None
    report = mutation.build_report(outcomes, {}, {}, ["turn"], mutation_oracle.FAMILIES)
    assert report["survivors_observed"] == ["c"]
    assert report["survivors_unobserved"] == ["d"]
    assert report["equivalent_observed"] == ["f"]
    assert report["total"]["score"] == 3 / 5  # the overall score is the triaged one, as before


def test_retriage_rescores_a_run_by_the_equivalent_list_without_running() -> None:
    same = dict.fromkeys(mutation_oracle.FAMILIES, "same")
    outcomes = [
        _judged("killed", ["koz"], same, "turn:f:AddNot:a"),
        _judged("survived", [], same, "turn:f:AddNot:b"),  # argued since the run
        _judged("survived", [], {**same, "koz": "differs"}, "turn:f:AddNot:c"),  # a gap
        _judged("equivalent", [], same, "turn:f:AddNot:d"),  # its line was dropped since
        _judged("equivalent", [], same, "turn:f:AddNot:e"),
    ]
    meta = {"commit": "abc", "label": "fresh"}
    run = json.loads(json.dumps(mutation.build_report(outcomes, {"turn": 40}, meta, ["turn"])))
    assert run["total"]["score"] == 1 / 3
    listed = {"turn:f:AddNot:b": "why", "turn:f:AddNot:e": "why"}
    again = mutation.retriage(run, listed)
    assert (again["total"]["killed"], again["total"]["survived"]) == (1, 2)
    assert again["total"]["equivalent"] == 2
    assert [s["key"] for s in again["survivors"]] == ["turn:f:AddNot:c", "turn:f:AddNot:d"]
    assert again["modules"]["turn"]["population"] == again["total"]["population"] == 40
    assert again["meta"]["commit"] == "abc"
    assert again["meta"]["label"].startswith("fresh; survivors triaged ")
    assert again["outcomes"][0]["killed_by"] == ["koz"]


def test_retriage_cli_needs_a_folder_of_its_own(tmp_path: Path) -> None:
    run = mutation.build_report(
        [_judged("survived", [], {}, "turn:f:AddNot:z")],
        {},
        {"commit": "abc", "date": "d", "seed": 1, "seconds": 1.0, "fixtures": 3, "label": ""},
        ["turn"],
    )
    (tmp_path / "result.json").write_text(json.dumps(run), encoding="utf-8")
    with pytest.raises(SystemExit):
        mutation.main(["--retriage", str(tmp_path)])
    out = tmp_path / "triaged"
    assert mutation.main(["--retriage", str(tmp_path), "--out", str(out)]) == 0
    text = (out / "result.txt").read_text(encoding="utf-8")
    assert "1 survived" in text
    assert json.loads((out / "result.json").read_text(encoding="utf-8"))["total"]["survived"] == 1


def test_read_child_tells_the_suite_and_the_oracle_apart() -> None:
    families = mutation_oracle.FAMILIES
    oracle = {
        "koz": {"status": "ok", "differs": True, "first_difference": {"where": "koz"}},
        "fi-5200": {"status": "ok", "differs": False, "first_difference": None},
        "fi-351": {"status": "timeout", "differs": True, "first_difference": None},
    }
    output = json.dumps({"variants": ["classic"]}) + "\n" + json.dumps({"oracle": oracle})
    killed_by, seen, first, _ = mutation._read_child(1, output, families)
    assert killed_by == ["classic"]
    assert seen == {
        "koz": "differs",
        "fi-5200": "same",
        "fi-351": "timeout",
        "classic": "crash: no oracle answer",
    }
    assert first == {"koz": {"where": "koz"}}
    killed_by, seen, _, _ = mutation._read_child(-1, json.dumps({"variants": []}), families)
    assert killed_by == ["timeout"]
    assert set(seen.values()) == {"timeout"}
    killed_by, _, _, _ = mutation._read_child(1, "Traceback (most recent call last):", families)
    assert killed_by == ["crash"]
    killed_by, seen, _, _ = mutation._read_child(0, json.dumps({"variants": []}), ())
    assert (killed_by, seen) == (None, {})
    # The suite passed, then the oracle ran out of time: the mutant is not killed.
    passed = json.dumps({"passed": True, "variants": []})
    killed_by, seen, _, _ = mutation._read_child(-1, passed, families)
    assert killed_by is None
    assert set(seen.values()) == {"timeout"}
    failed = json.dumps({"passed": False, "variants": ["koz"]})
    assert mutation._read_child(-1, failed, families)[0] == ["koz"]


def test_oracle_inputs_are_the_pristine_profiles_numbers() -> None:
    for family in mutation_oracle.FAMILIES:
        profile = get_profile(family)
        starts = set(mutation_oracle.START_TOTALS[family])
        for band in profile.opening_bands:
            if band.min_score is not None:
                assert {band.min_score - 1, band.min_score} <= starts, (family, band)
        assert any(s < 0 for s in starts)
        targets = {get_profile(family, t).target_score for t in mutation_oracle.TABLES[family]}
        assert set(mutation_oracle.TARGETS[family]) == targets | set(profile.target_extensions)
        for options in mutation_oracle.TABLES[family]:
            table = get_profile(family, options)
            seats = next(
                (mutation_oracle.SEATS[o] for o in options if o in mutation_oracle.SEATS), 4
            )
            assert table.players == seats
            assert table.team_count == (seats if seats in (2, 3) else 2)
        extra = set(mutation_oracle.EXTRA_PROBES[family])
        assert ("pass" in extra) == profile.pass_by_showing
        assert ("take-pile-top" in extra) == profile.pile_top_melded
    classic = {o.name for o in get_profile("classic").known_options}
    assert {o for t in mutation_oracle.TABLES["classic"] for o in t} == classic


def test_oracle_state_view_has_the_content_of_the_state_json() -> None:
    views: dict[object, str] = {}
    for family, options in [("fi-5200", ()), ("classic", ("players-3",)), ("fi-351", ())]:
        state = engine.new_hand(get_profile(family, options), seed=5)
        rng = random.Random(5)
        while state.phase is not Phase.OVER:
            text = json.dumps(state_to_json(state), sort_keys=True)
            view = repr(mutation_oracle._state_view(state))
            assert views.setdefault(view, text) == text  # the same view, the same JSON
            following = engine.apply(state, rng.choice(engine.legal_actions(state)))
            assert not isinstance(following, engine.Violation)
            state = following
    assert len(set(views.values())) == len(views)  # different views, different JSON


def test_oracle_digest_is_deterministic_on_pristine_code(tmp_path: Path) -> None:
    first = mutation_oracle.run_oracle()
    second = mutation_oracle.run_oracle()
    for family in mutation_oracle.FAMILIES:
        assert first[family]["status"] == "ok"
        assert first[family]["events"] > 1000
        assert first[family]["digest"] == second[family]["digest"]
    kinds = {k for k, _, _ in first["classic"]["record"]}
    assert {"legal", "play", "score", "game", "probe meld", "probe take-pile-top"} <= kinds
    # Another process, another hash seed: the same record.
    record = tmp_path / "pristine.pickle"
    with record.open("wb") as handle:
        pickle.dump(first, handle)
    summary = _oracle_child(tmp_path, None, record, {"PYTHONHASHSEED": "12345"})
    assert {f: e["differs"] for f, e in summary.items()} == dict.fromkeys(
        mutation_oracle.FAMILIES, False
    )


def _oracle_child(
    tmp_path: Path, package: Path | None, reference: Path, env: dict[str, str] | None = None
) -> dict[str, Any]:
    environ = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", **(env or {}))
    if package is not None:
        environ["PYTHONPATH"] = str(package.parent)
    done = subprocess.run(
        [sys.executable, str(TOOLS / "mutation_oracle.py"), "--reference", str(reference)],
        env=environ,
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        timeout=120,
    )
    summary: dict[str, Any] = json.loads(done.stdout)
    return summary


def test_oracle_observes_a_changed_rule_in_its_family_only(tmp_path: Path) -> None:
    record = tmp_path / "pristine.pickle"
    with record.open("wb") as handle:
        pickle.dump(mutation_oracle.run_oracle(), handle)
    (tmp_path / "copy").mkdir()
    package = mutation._prepare_scratch(tmp_path / "copy")
    profiles = package / "families" / "fi_351.py"
    text = profiles.read_text(encoding="utf-8")
    assert text.count("target_score=to_half_points(351)") == 1
    profiles.write_text(text.replace("to_half_points(351)", "to_half_points(352)"))
    summary = _oracle_child(tmp_path, package, record)
    differs = {f: e["differs"] for f, e in summary.items()}
    assert differs == {"koz": False, "fi-5200": False, "fi-351": True, "classic": False}
    first = summary["fi-351"]["first_difference"]
    assert first["kind"].startswith("game")
    assert first["where"].startswith("fi-351")
