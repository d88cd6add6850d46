"""The spec tooling: the clause parser, the traceability gate, ``kanasta spec`` and
the Sphinx extension.

Every gate test builds its own small spec, tests folder and fixture folder in
``tmp_path`` and checks that the gate fails (or passes) for the right reason.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import dataclass
from html import escape as html_escape
from pathlib import Path

import pytest

from kanasta.clauses import get_registry
from kanasta.cli import main
from kanasta.errors import InputError
from kanasta.families import FAMILY_NAMES
from kanasta.rules.points import HalfPoints
from kanasta.specdoc.spec import ClauseKind, check_spec_structure, load_spec
from kanasta.specdoc.spectext import format_clause
from kanasta.specdoc.trace import (
    FIXTURE_EXEMPT,
    RULE_PACKAGES,
    Citation,
    TraceReport,
    build_trace,
    find_fixture_citations,
    find_test_citations,
    format_matrix,
    is_seeded_fixture,
)

REPO = Path(__file__).resolve().parents[1]


def clause_rst(
    slug: str,
    number: str | None,
    *,
    title: str | None = "A title",
    kind: str | None = "rule",
    families: str | None = "all",
    sources: str | None = None,
    question: str | None = None,
    text: str = "Some rule text.",
) -> str:
    """One ``.. clause::`` block; an option given as None is left out."""
    lines = [f".. clause:: {slug}"]
    for name, value in (
        ("number", number),
        ("title", title),
        ("kind", kind),
        ("families", families),
        ("sources", sources),
        ("question", question),
    ):
        if value is not None:
            lines.append(f"   :{name}: {value}")
    lines.append("")
    lines.extend(f"   {line}" if line else "" for line in text.splitlines())
    return "\n".join(lines) + "\n\n"


GOOD_CHAPTER = (
    "1. Alpha\n========\n\n"
    + clause_rst("alpha-rule", "1.1", title="Alpha rule")
    + clause_rst(
        "alpha-choice",
        "1.2",
        title="Resolution: alpha choice",
        kind="resolution",
        families="koz, fi-351",
        sources="seed 001",
        question="Does the alpha choice hold when the sources disagree?",
    )
    + clause_rst("alpha-note", "1.3", title="A note", kind="informative", sources="seed 002")
)

GOOD_TESTS = """\
import pytest

@pytest.mark.clause("alpha-rule")
def test_alpha_rule():
    assert True
"""

GOOD_FIXTURE: dict[str, object] = {"id": "alpha-choice-001", "clauses": ["alpha-choice"]}
GOOD_CODE: tuple[Citation, ...] = (
    Citation("alpha-rule", "kanasta.rules.engine.alpha_rule"),
    Citation("alpha-choice", "kanasta.rules.engine.alpha_choice"),
)


def make_checkout(
    root: Path,
    *,
    chapters: dict[str, str] | None = None,
    tests: str = GOOD_TESTS,
    fixtures: tuple[dict[str, object], ...] = (GOOD_FIXTURE,),
) -> tuple[Path, Path, Path]:
    """A spec folder, a tests folder and a fixture folder under ``root``."""
    spec_dir, tests_dir, fixture_dir = root / "spec", root / "tests", root / "fixtures"
    for folder in (spec_dir, tests_dir, fixture_dir):
        folder.mkdir(parents=True, exist_ok=True)
    for name, text in (chapters or {"01-alpha.rst": GOOD_CHAPTER}).items():
        (spec_dir / name).write_text(text, encoding="utf-8")
    (tests_dir / "test_alpha.py").write_text(tests, encoding="utf-8")
    for index, fixture in enumerate(fixtures):
        (fixture_dir / f"f{index}.json").write_text(json.dumps(fixture), encoding="utf-8")
    return spec_dir, tests_dir, fixture_dir


def trace(
    root: Path,
    *,
    chapters: dict[str, str] | None = None,
    tests: str = GOOD_TESTS,
    fixtures: tuple[dict[str, object], ...] = (GOOD_FIXTURE,),
    code: tuple[Citation, ...] = GOOD_CODE,
    enforced: tuple[str, ...] = (),
) -> TraceReport:
    """The gate over a small checkout; the fixture strength of rules counts against it only
    for the ``enforced`` families (none by default: the strength tests name theirs)."""
    spec_dir, tests_dir, fixture_dir = make_checkout(
        root, chapters=chapters, tests=tests, fixtures=fixtures
    )
    return build_trace(
        spec_dir=spec_dir,
        tests_dir=tests_dir,
        fixture_dirs=[fixture_dir],
        code=list(code),
        enforced=enforced,
    )


def problems_matching(report: TraceReport, pattern: str) -> list[str]:
    return [p for p in report.problems if re.search(pattern, p)]


# --------------------------------------------------------------------------- the gate


def test_gate_passes_when_every_normative_clause_has_code_and_a_test_or_fixture(
    tmp_path: Path,
) -> None:
    report = trace(tmp_path)
    assert report.problems == ()
    assert report.ok
    assert [c.slug for c in report.clauses] == ["alpha-rule", "alpha-choice", "alpha-note"]
    assert report.code["alpha-rule"] == ("kanasta.rules.engine.alpha_rule",)
    assert report.tests["alpha-rule"] == ("tests/test_alpha.py::test_alpha_rule",)
    assert report.fixtures["alpha-choice"] == ("alpha-choice-001",)
    # an informative clause needs neither code nor tests
    assert "alpha-note" not in report.code
    assert "alpha-note" not in report.tests


def test_gate_fails_for_a_normative_clause_without_code(tmp_path: Path) -> None:
    report = trace(tmp_path, code=GOOD_CODE[:1])
    assert not report.ok
    assert report.problems == ("clause 1.2 'alpha-choice' has no implementing code",)


def test_gate_fails_for_a_clause_without_test_or_fixture(tmp_path: Path) -> None:
    report = trace(tmp_path, fixtures=())
    assert not report.ok
    assert report.problems == ("clause 1.2 'alpha-choice' has no test and no fixture",)


def test_a_fixture_alone_or_a_test_alone_covers_a_clause(tmp_path: Path) -> None:
    tests = GOOD_TESTS.replace('"alpha-rule"', '"alpha-choice"')
    report = trace(tmp_path, tests=tests, fixtures=({"id": "x", "clauses": ["alpha-rule"]},))
    assert report.ok
    assert "alpha-rule" not in report.tests
    assert "alpha-choice" not in report.fixtures


@pytest.mark.parametrize("where", ["code", "test", "fixture"])
def test_gate_fails_when_code_a_test_or_a_fixture_cites_an_unknown_slug(
    tmp_path: Path, where: str
) -> None:
    code: tuple[Citation, ...] = GOOD_CODE
    tests = GOOD_TESTS
    fixtures: tuple[dict[str, object], ...] = (GOOD_FIXTURE,)
    if where == "code":
        code = (*GOOD_CODE, Citation("no-such-rule", "kanasta.rules.engine.ghost"))
    elif where == "test":
        tests = GOOD_TESTS.replace('"alpha-rule")', '"alpha-rule", "no-such-rule")')
    else:
        fixtures = (GOOD_FIXTURE, {"id": "ghost-001", "clauses": ["no-such-rule"]})
    report = trace(tmp_path, tests=tests, fixtures=fixtures, code=code)
    assert not report.ok
    found = problems_matching(report, rf"^{where} cites unknown clause 'no-such-rule'")
    assert len(found) == 1
    assert len(report.problems) == 1


@pytest.mark.parametrize(
    "where", ["kanasta.fast.candidates.get_moves", "kanasta.engine.apply", "kanasta.specdoc.x"]
)
def test_gate_fails_when_code_outside_the_rules_cites_a_clause(tmp_path: Path, where: str) -> None:
    """Only the rules (kanasta.rules, kanasta.families, and kanasta.io for the JSON forms)
    cite clauses: the speed layer, the engine facade and the tooling never do."""
    report = trace(tmp_path, code=(*GOOD_CODE, Citation("alpha-rule", where)))
    found = problems_matching(
        report, rf"^code outside rules/, families/ and io/ .*{re.escape(where)}"
    )
    assert len(found) == 1
    assert len(report.problems) == 1


def test_gate_accepts_a_citation_of_the_json_forms_under_io(tmp_path: Path) -> None:
    """The JSON forms the spec defines (state-json, action-json) are code of kanasta.io."""
    where = "kanasta.io.state_json.state_to_json"
    report = trace(tmp_path, code=(*GOOD_CODE, Citation("alpha-rule", where)))
    assert problems_matching(report, r"^code outside") == []
    assert report.ok


def test_gate_every_clause_citation_of_the_package_is_a_rule() -> None:
    """The package's own registry: every @implements stands under rules/, families/ or io/."""
    outside = [
        f"{ref.module}.{ref.qualname}"
        for ref in get_registry()
        if not f"{ref.module}.".startswith(RULE_PACKAGES)
    ]
    assert outside == []


def test_gate_fails_for_a_slug_defined_twice(tmp_path: Path) -> None:
    second = "2. Beta\n=======\n\n" + clause_rst("alpha-rule", "2.1")
    report = trace(tmp_path, chapters={"01-alpha.rst": GOOD_CHAPTER, "02-beta.rst": second})
    assert not report.ok
    found = problems_matching(report, r"slug 'alpha-rule' is defined twice \(first at .*01-alpha")
    assert len(found) == 1
    assert "02-beta.rst" in found[0]


def one_chapter(*blocks: str, name: str = "03-gamma.rst") -> dict[str, str]:
    return {name: "3. Gamma\n========\n\n" + "".join(blocks)}


def gamma_report(tmp_path: Path, *blocks: str) -> TraceReport:
    """A report whose only problems are structural: code and tests cover every slug used."""
    chapters = one_chapter(*blocks)
    spec_dir, _, _ = make_checkout(tmp_path / "probe", chapters=chapters)
    slugs = {c.slug for c in load_spec(spec_dir)}
    code = tuple(Citation(s, f"kanasta.rules.engine.{s}") for s in slugs)
    fixture: dict[str, object] = {"id": "all", "clauses": sorted(slugs)}
    return trace(tmp_path / "real", chapters=chapters, tests="", code=code, fixtures=(fixture,))


@pytest.mark.parametrize(
    ("blocks", "pattern"),
    [
        pytest.param(
            (clause_rst("g-one", "3.1"), clause_rst("g-two", "3.1")),
            r"number 3\.1 is used twice \(also by 'g-one'\)",
            id="duplicate-number",
        ),
        pytest.param(
            (clause_rst("g-one", "4.1"),),
            r"clause 'g-one' is numbered 4\.1 in chapter 3",
            id="wrong-chapter-prefix",
        ),
        pytest.param(
            (clause_rst("g-one", "3.2"), clause_rst("g-two", "3.1")),
            r"number 3\.1 is out of order",
            id="out-of-order",
        ),
        pytest.param(
            (clause_rst("g-one", "3.9"), clause_rst("g-two", "3.10")),
            None,
            id="numbers-compare-as-numbers",
        ),
        pytest.param(
            (clause_rst("g-one", None),), r"clause 'g-one' has no valid :number:", id="no-number"
        ),
        pytest.param(
            (clause_rst("g-one", "three"),),
            r"clause 'g-one' has no valid :number:",
            id="bad-number",
        ),
        pytest.param(
            (clause_rst("g-one", "3.1", title=None),),
            r"clause 'g-one' has no :title:",
            id="missing-title",
        ),
        pytest.param(
            (clause_rst("g-one", "3.1", text=""),),
            r"clause 'g-one' has no text",
            id="missing-text",
        ),
        pytest.param(
            (clause_rst("g-one", "3.1", kind="resolution"),),
            r"resolution 'g-one' does not name the sources it follows",
            id="resolution-without-sources",
        ),
        pytest.param(
            (clause_rst("g-one", "3.1", kind="resolution", sources="seed 001"),),
            r"resolution 'g-one' does not state the :question: it answers",
            id="resolution-without-question",
        ),
        pytest.param(
            (clause_rst("g-one", "3.1", kind="resolution", sources="seed 001", question="7"),),
            r"resolution 'g-one' states its :question: '7' not as a question in words",
            id="question-as-a-number",
        ),
        pytest.param(
            (clause_rst("g-one", "3.1", families="koz, fi-9999"),),
            r"clause 'g-one' names unknown families \['fi-9999'\]",
            id="unknown-family",
        ),
        pytest.param(
            (clause_rst("G_One", "3.1"),),
            r"slug 'G_One' is not lower-case-with-hyphens",
            id="bad-slug",
        ),
    ],
)
def test_gate_fails_for_structural_problems(
    tmp_path: Path, blocks: tuple[str, ...], pattern: str | None
) -> None:
    report = gamma_report(tmp_path, *blocks)
    if pattern is None:
        assert report.ok, report.problems
        return
    assert not report.ok
    assert len(problems_matching(report, pattern)) == 1, report.problems
    # only structural problems (a repeated number is also out of order)
    assert all("03-gamma.rst:" in p for p in report.problems), report.problems


def test_a_bad_kind_is_an_input_error_naming_the_file_and_clause(tmp_path: Path) -> None:
    spec_dir, _, _ = make_checkout(
        tmp_path, chapters=one_chapter(clause_rst("g-one", "3.1", kind="law"))
    )
    with pytest.raises(InputError) as caught:
        load_spec(spec_dir)
    message = str(caught.value)
    assert "03-gamma.rst:" in message
    assert "'g-one'" in message
    assert "'law'" in message
    assert "\n" not in message


def test_a_missing_spec_folder_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no spec folder"):
        load_spec(tmp_path / "nowhere")


def test_parser_reads_options_defaults_and_body(tmp_path: Path) -> None:
    chapters = {
        "01-alpha.rst": GOOD_CHAPTER,
        "index.rst": clause_rst("not-a-chapter", "9.9"),  # only NN-name.rst files are chapters
        "05-epsilon.rst": "5. Epsilon\n==========\n\n"
        + clause_rst("e-one", "5.1", kind=None, families=None, text="Line one.\n\nLine two."),
    }
    spec_dir, _, _ = make_checkout(tmp_path, chapters=chapters)
    clauses = {c.slug: c for c in load_spec(spec_dir)}
    assert set(clauses) == {"alpha-rule", "alpha-choice", "alpha-note", "e-one"}
    choice = clauses["alpha-choice"]
    assert choice.kind is ClauseKind.RESOLUTION
    assert choice.families == ("koz", "fi-351")
    assert (choice.sources, choice.question, choice.chapter) == (
        "seed 001",
        "Does the alpha choice hold when the sources disagree?",
        "1",
    )
    default = clauses["e-one"]
    assert default.kind is ClauseKind.RULE
    assert default.families == ("koz", "fi-5200", "fi-351", "classic")
    assert default.text == "Line one.\n\nLine two."
    assert default.is_normative
    assert not clauses["alpha-note"].is_normative
    assert check_spec_structure(clauses.values()) == ()
    shown = format_clause(choice)
    assert shown.startswith("1.2  Resolution: alpha choice  [alpha-choice]\n")
    assert "\nQuestion: Does the alpha choice hold when the sources disagree?\n" in shown
    assert "sources: seed 001" in shown


# --------------------------------------------------------------------------- citations


def test_test_citations_come_from_functions_classes_and_module_marks(tmp_path: Path) -> None:
    tests_dir = tmp_path / "tests"
    (tests_dir / "sub").mkdir(parents=True)
    (tests_dir / "sub" / "test_marks.py").write_text(
        textwrap.dedent(
            """\
            import pytest
            from pytest import mark
            clause = mark.clause

            pytestmark = pytest.mark.clause("from-module")

            @mark.clause("from-class")
            class TestThing:
                @pytest.mark.parametrize("x", [1])
                @clause("from-method", "second")
                def test_method(self, x):
                    pass

            @pytest.mark.other("not-a-clause")
            async def test_async():
                pass
            """
        ),
        encoding="utf-8",
    )
    cites = find_test_citations(tests_dir)
    assert {(c.slug, c.where) for c in cites} == {
        ("from-module", "tests/sub/test_marks.py"),
        ("from-class", "tests/sub/test_marks.py::TestThing"),
        ("from-method", "tests/sub/test_marks.py::test_method"),
        ("second", "tests/sub/test_marks.py::test_method"),
    }


def test_fixture_citations_skip_unreadable_and_foreign_json(tmp_path: Path) -> None:
    folder = tmp_path / "fixtures"
    (folder / "deep").mkdir(parents=True)
    (folder / "deep" / "named.json").write_text(
        json.dumps({"id": "named-001", "clauses": ["a", 3, "b"]}), encoding="utf-8"
    )
    (folder / "anonymous.json").write_text(json.dumps({"clauses": ["c"]}), encoding="utf-8")
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "list.json").write_text("[1, 2]", encoding="utf-8")
    (folder / "odd.json").write_text(json.dumps({"clauses": "a"}), encoding="utf-8")
    cites = find_fixture_citations([folder, tmp_path / "missing"])
    assert {(c.slug, c.where) for c in cites} == {
        ("a", "named-001"),
        ("b", "named-001"),
        ("c", "anonymous.json"),
    }


# --------------------------------------------------------------------------- fixture strength


def pin(ident: str, slug: str, *, seed: str | None = None) -> dict[str, object]:
    """A fixture citing ``slug``: explicit, or seeded in its ``setup`` or in a ``step``."""
    fixture: dict[str, object] = {"id": ident, "clauses": [slug], "steps": [{"kind": "meld"}]}
    if seed == "setup":
        fixture["setup"] = {"seed": 7}
    elif seed == "step":
        fixture["steps"] = [{"kind": "game", "seed": 7, "first_dealer": 0}]
    return fixture


def test_a_fixture_is_seeded_when_its_setup_or_a_step_gives_a_seed() -> None:
    assert is_seeded_fixture(pin("a", "x", seed="setup"))
    assert is_seeded_fixture(pin("a", "x", seed="step"))
    assert not is_seeded_fixture(pin("a", "x"))
    assert not is_seeded_fixture({"setup": {"state": {"seed": 1}}, "steps": []})
    assert not is_seeded_fixture({"setup": "nope", "steps": "nope"})


STRENGTH_CASES = [
    ((), "is pinned by 0 fixture"),
    ((None,), "is pinned by 1 fixture"),
    (("setup", "step"), "is pinned by 2 fixtures, all seeded"),
    ((None, None), None),
    (("setup", None), None),
]


@pytest.mark.parametrize(("seeds", "shortfall"), STRENGTH_CASES)
def test_gate_fails_for_a_rule_without_two_fixtures_one_explicit(
    tmp_path: Path, seeds: tuple[str | None, ...], shortfall: str | None
) -> None:
    fixtures = (
        GOOD_FIXTURE,
        *(pin(f"p{i}", "alpha-rule", seed=seed) for i, seed in enumerate(seeds)),
    )
    report = trace(tmp_path, fixtures=fixtures, enforced=("fi-5200",))
    rule = report.clauses[0]
    assert report.get_pins("alpha-rule") == (len(seeds), sum(1 for s in seeds if s is None))
    assert report.is_short(rule) is (shortfall is not None)
    if shortfall is None:
        assert report.ok
        return
    assert len(report.problems) == 1
    assert report.problems[0].startswith(f"clause 1.1 'alpha-rule' {shortfall}")
    assert report.problems[0].endswith("one of them explicit (not dealt from a seed)")
    assert report.notes == ()


def test_a_resolution_needs_no_second_fixture(tmp_path: Path) -> None:
    fixtures = (GOOD_FIXTURE, pin("p1", "alpha-rule"), pin("p2", "alpha-rule"))
    report = trace(tmp_path, fixtures=fixtures, enforced=FAMILY_NAMES)
    assert report.get_pins("alpha-choice") == (1, 1)
    assert report.ok


def test_a_family_not_yet_played_gets_a_note_not_a_problem(tmp_path: Path) -> None:
    chapter = "1. Alpha\n========\n\n" + clause_rst("alpha-rule", "1.1", families="classic")
    chapters = {"01-alpha.rst": chapter}
    report = trace(tmp_path, chapters=chapters, fixtures=(), code=GOOD_CODE[:1], enforced=("koz",))
    assert report.ok
    assert len(report.notes) == 1
    assert report.notes[0].startswith("clause 1.1 'alpha-rule' is pinned by 0 fixture(s)")
    assert report.notes[0].endswith("; a note until classic plays whole games")
    enforced = trace(
        tmp_path / "now", chapters=chapters, fixtures=(), code=GOOD_CODE[:1], enforced=("classic",)
    )
    assert enforced.notes == ()
    assert [p.split(";")[0] for p in enforced.problems] == [
        "clause 1.1 'alpha-rule' is pinned by 0 fixture(s)"
    ]
    assert "NOTE: clause 1.1" in format_matrix(report)


def test_an_exempt_rule_needs_no_fixture_and_shows_its_reason(tmp_path: Path) -> None:
    chapter = "1. Alpha\n========\n\n" + clause_rst("player-view", "1.1")
    code = (Citation("player-view", "kanasta.rules.engine.view"),)
    tests = GOOD_TESTS.replace('"alpha-rule"', '"player-view"')
    report = trace(
        tmp_path,
        chapters={"01-alpha.rst": chapter},
        tests=tests,
        fixtures=(),
        code=code,
        enforced=FAMILY_NAMES,
    )
    assert report.ok
    assert report.exempt == {"player-view": FIXTURE_EXEMPT["player-view"]}
    assert not report.is_short(report.clauses[0])
    assert format_matrix(report).splitlines()[1].endswith("exempt")
    assert report.to_json()["clauses"] == [
        {
            "slug": "player-view",
            "number": "1.1",
            "title": "A title",
            "kind": "rule",
            "families": list(FAMILY_NAMES),
            "code": ["kanasta.rules.engine.view"],
            "tests": ["tests/test_alpha.py::test_alpha_rule"],
            "fixtures": [],
            "fixture_count": 0,
            "explicit_fixtures": 0,
            "explicit": False,
            "exempt": FIXTURE_EXEMPT["player-view"],
        }
    ]


def test_every_exemption_names_a_rule_of_the_spec_with_a_reason() -> None:
    rules = {c.slug for c in load_spec(REPO / "spec") if c.kind is ClauseKind.RULE}
    assert set(FIXTURE_EXEMPT) <= rules
    assert all(len(reason.split()) >= 8 for reason in FIXTURE_EXEMPT.values())


# --------------------------------------------------------------------------- reports


def test_format_matrix_lists_every_clause_and_every_problem(tmp_path: Path) -> None:
    good = format_matrix(trace(tmp_path / "good"))
    lines = good.splitlines()
    assert lines[0].split() == ["clause", "slug", "kind", "code", "tests", "fixt", "expl"]
    assert lines[1].split() == ["1.1", "alpha-rule", "rule", "1", "1", "0", "0"]
    assert lines[2].split() == ["1.2", "alpha-choice", "resolution", "1", "0", "1", "1"]
    assert lines[3].split() == ["1.3", "alpha-note", "informative", "0", "0", "0", "0"]
    assert lines[-2].startswith("  NOTE: clause 1.1 'alpha-rule' is pinned by 0 fixture(s)")
    assert lines[-1] == "3 clauses (2 normative); 0 problem(s)"
    bad_report = trace(tmp_path / "bad", code=())
    bad = format_matrix(bad_report).splitlines()
    assert bad[-3] == "3 clauses (2 normative); 2 problem(s)"
    assert bad[-2:] == [f"  PROBLEM: {p}" for p in bad_report.problems]


def test_report_json_is_the_matrix(tmp_path: Path) -> None:
    report = trace(tmp_path, fixtures=())
    data = json.loads(json.dumps(report.to_json()))
    assert data["ok"] is False
    assert data["problems"] == list(report.problems)
    assert [c["slug"] for c in data["clauses"]] == ["alpha-rule", "alpha-choice", "alpha-note"]
    choice = data["clauses"][1]
    assert choice == {
        "slug": "alpha-choice",
        "number": "1.2",
        "title": "Resolution: alpha choice",
        "kind": "resolution",
        "families": ["koz", "fi-351"],
        "code": ["kanasta.rules.engine.alpha_choice"],
        "tests": [],
        "fixtures": [],
        "fixture_count": 0,
        "explicit_fixtures": 0,
        "explicit": False,
        "exempt": None,
    }
    assert data["notes"] == list(report.notes)


# --------------------------------------------------------------------------- the command


def test_spec_show_prints_a_clause_by_slug_and_by_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    clauses = load_spec()
    first, last = clauses[0], clauses[-1]
    assert main(["spec", "show", first.slug, last.number]) == 0
    out = capsys.readouterr().out
    assert out == format_clause(first) + "\n" + format_clause(last) + "\n"


def test_spec_show_unknown_slug_is_a_one_paragraph_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["spec", "show", "no-such-clause-anywhere"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("kanasta: error: ")
    assert "'no-such-clause-anywhere'" in captured.err
    assert captured.err.count("\n") == 1
    assert "Traceback" not in captured.err
    assert "Did you mean" not in captured.err


def test_spec_show_suggests_slugs_containing_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    clauses = load_spec()
    slug = clauses[0].slug
    fragment = slug[:-1]
    assert fragment not in {c.slug for c in clauses} | {c.number for c in clauses}
    assert main(["spec", "show", fragment]) == 2
    err = capsys.readouterr().err
    assert "Did you mean:" in err
    assert slug in err
    assert err.count("\n") == 1


def test_spec_list_prints_every_clause(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["spec", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    clauses = load_spec()
    assert len(lines) == len(clauses)
    for line, clause in zip(lines, clauses, strict=True):
        assert line.split()[:2] == [clause.number, clause.slug]
        assert line.rstrip().endswith(clause.title)


@pytest.mark.parametrize("broken", [False, True])
def test_spec_check_exit_status_text_and_json(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    broken: bool,
) -> None:
    import kanasta.commands.spec as command  # noqa: PLC0415

    report = trace(tmp_path / "checkout", code=GOOD_CODE[:1] if broken else GOOD_CODE)
    monkeypatch.setattr(command, "build_trace", lambda **_folders: report)
    out_file = tmp_path / "matrix.json"
    status = main(["spec", "check", "--json", str(out_file)])
    assert status == (1 if broken else 0)
    assert capsys.readouterr().out == format_matrix(report) + "\n"
    assert json.loads(out_file.read_text(encoding="utf-8")) == report.to_json()
    assert main(["spec", "check", "--quiet"]) == status
    quiet = capsys.readouterr().out.splitlines()
    assert quiet == format_matrix(report).splitlines()[-1 - len(report.problems) :]


def test_spec_check_of_this_checkout_agrees_with_its_json(tmp_path: Path) -> None:
    out_file = tmp_path / "matrix.json"
    status = main(["spec", "check", "--quiet", "--json", str(out_file)])
    data = json.loads(out_file.read_text(encoding="utf-8"))
    assert status == (0 if data["ok"] else 1)
    assert [c["slug"] for c in data["clauses"]] == [c.slug for c in load_spec()]


# --------------------------------------------------------------------------- the Sphinx extension

SITE_INDEX = """\
Tiny
====

.. toctree::

   01-alpha
   02-beta
   refs
   bad
   generated
"""

SITE_REFS = """\
References
==========

Plain :clause:`alpha-rule`, titled :clause:`the choice <alpha-choice>`, by label
:ref:`alpha-rule`, by domain :kanasta:clause:`alpha-note`, and a ghost
:clause:`no-such-clause`. The label also answers :any:`alpha-rule`.
"""

SITE_BETA = "2. Beta\n=======\n\n" + (
    clause_rst("beta-misnumbered", "3.1", title="Wrong chapter")
    + clause_rst("alpha-rule", "2.2", title="Same slug again")
    + ".. clause:: beta-multiline\n   :number: 2.3\n   :title: A title written\n"
    "      over two lines\n\n   Text.\n\n"
    + clause_rst("wild-cards", "2.4", title="A real slug, for the traceability matrix")
)

SITE_BAD = "Bad clauses\n===========\n\n" + (
    clause_rst("bad-kind", "9.1", kind="law")
    + clause_rst("bad-family", "9.2", families="koz, fi-9999")
    + clause_rst("bad-resolution", "9.3", kind="resolution")
    + clause_rst("bad-untitled", "9.4", title=None)
    + clause_rst("bad-unnumbered", None)
    + clause_rst("bad-empty", "9.6", text="")
    + clause_rst("Bad_Slug", "9.7")
    + clause_rst("bad-clauses", "9.8")  # the id of this page's section
)

SITE_GENERATED = """\
Generated
=========

.. profile-table::

.. profile-table::
   :family: koz

.. profile-table::
   :comparison:

.. profile-table::
   :family: fi-9999

.. traceability-matrix::
   :spec: trace-spec
   :tests: trace-tests
   :fixtures: trace-fixtures

.. resolution-index::
"""


class Site:
    """A built tiny Sphinx project: its HTML pages and its warnings."""

    def __init__(self, outdir: Path, warnings: str, domain: object, srcdir: Path) -> None:
        self.outdir = outdir
        self.warnings = warnings
        self.domain = domain
        self.srcdir = srcdir

    def page(self, name: str) -> str:
        return (self.outdir / f"{name}.html").read_text(encoding="utf-8")

    def warnings_for(self, page: str) -> list[str]:
        """The warnings located in one page (colour codes removed)."""
        found = []
        for line in re.sub(r"\x1b\[[0-9;]*m", "", self.warnings).splitlines():
            location = line.split(": ", 1)[0]
            if Path(location.rsplit(":", 1)[0]).name == f"{page}.rst":
                found.append(line)
        return found


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    pytest.importorskip("sphinx.application")
    import io  # noqa: PLC0415

    from sphinx.application import Sphinx  # noqa: PLC0415
    from sphinx.util.docutils import docutils_namespace  # noqa: PLC0415

    root = tmp_path_factory.mktemp("site")
    src = root / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        'extensions = ["kanasta.specdoc.sphinxext"]\nexclude_patterns = ["trace-*"]\n',
        encoding="utf-8",
    )
    pages = {
        "index": SITE_INDEX,
        "01-alpha": GOOD_CHAPTER,
        "02-beta": SITE_BETA,
        "refs": SITE_REFS,
        "bad": SITE_BAD,
        "generated": SITE_GENERATED,
    }
    for name, text in pages.items():
        (src / f"{name}.rst").write_text(text, encoding="utf-8")
    spec_dir, tests_dir, fixture_dir = make_checkout(
        src / "checkout",
        chapters={"01-alpha.rst": GOOD_CHAPTER + clause_rst("wild-cards", "1.4")},
        fixtures=(),
    )
    for folder, name in (
        (spec_dir, "trace-spec"),
        (tests_dir, "trace-tests"),
        (fixture_dir, "trace-fixtures"),
    ):
        folder.rename(src / name)
    (src / "checkout").rmdir()
    warnings = io.StringIO()
    with docutils_namespace():
        app = Sphinx(
            str(src),
            str(src),
            str(root / "html"),
            str(root / "doctrees"),
            "html",
            status=io.StringIO(),
            warning=warnings,
            freshenv=True,
        )
        app.build()
        domain = app.env.get_domain("kanasta")
    return Site(root / "html", warnings.getvalue(), domain, src)


def test_clause_has_its_slug_as_anchor_and_a_numbered_heading(site: Site) -> None:
    html = site.page("01-alpha")
    for clause in load_spec(site.srcdir):  # the CLI parser reads the same chapters
        if not clause.path.endswith("01-alpha.rst"):
            continue
        assert f'id="{clause.slug}"' in html
        assert f'<span class="kanasta-clause-number">{clause.number}</span>' in html
        assert f'<span class="kanasta-clause-title">{clause.title}</span>' in html
        assert f'href="#{clause.slug}"' in html
        assert f"kanasta-kind-{clause.kind.value}" in html
    assert 'class="kanasta-clause-meta">families: all</p>' in html
    assert 'class="kanasta-clause-meta">families: all · sources: seed 002</p>' in html
    assert site.warnings_for("01-alpha") == []


def test_resolution_clause_has_a_badge_naming_question_and_sources(site: Site) -> None:
    html = site.page("01-alpha")
    box = html[html.index('id="alpha-choice"') :]
    box = (
        box[: box.index('<div class="kanasta-clause ')]
        if '<div class="kanasta-clause ' in box
        else box
    )
    assert "kanasta-badge-resolution" in box
    assert ">Resolution</span> sources: seed 001</p>" in box
    assert (
        '<strong>Question:</strong> <span class="kanasta-question-text">Does the alpha choice '
        "hold when the sources disagree?</span></p>" in box
    )
    assert "families: koz, fi-351" in box


def test_informative_clause_is_marked(site: Site) -> None:
    html = site.page("01-alpha")
    note = html[html.index('id="alpha-note"') :]
    assert 'kanasta-badge-informative">informative</span>' in note
    rule = html[html.index('id="alpha-rule"') : html.index('id="alpha-choice"')]
    assert "kanasta-badge" not in rule


def test_clause_role_links_to_the_clause_from_another_page(site: Site) -> None:
    html = site.page("refs")
    assert re.search(r'href="01-alpha.html#alpha-rule"[^>]*><span[^>]*>§1\.1 \(alpha-rule\)', html)
    assert re.search(r'href="01-alpha.html#alpha-choice"[^>]*><span[^>]*>the choice<', html)
    assert re.search(r'href="01-alpha.html#alpha-note"[^>]*><span[^>]*>§1\.3 \(alpha-note\)', html)
    # the Sphinx label of the clause works with :ref: and :any:
    assert (
        len(re.findall(r'href="01-alpha.html#alpha-rule"[^>]*><span[^>]*>1\.1 Alpha rule<', html))
        == 2
    )


def test_unknown_clause_role_warns(site: Site) -> None:
    found = site.warnings_for("refs")
    assert len(found) == 1
    assert "unknown clause slug 'no-such-clause'" in found[0]
    assert "§? (no-such-clause)" in site.page("refs")


def test_clause_directive_checks_what_the_spec_parser_checks(site: Site) -> None:
    bad = "\n".join(site.warnings_for("bad"))
    for expected in (
        "clause 'bad-kind' has kind 'law'",
        "clause 'bad-family' names unknown families ['fi-9999']",
        "resolution 'bad-resolution' does not name the sources it follows",
        "clause 'bad-untitled' has no :title:",
        "clause 'bad-unnumbered' has no valid :number:",
        "clause 'bad-empty' has no text",
        "clause slug 'Bad_Slug' is not lower-case-with-hyphens",
        "clause slug 'bad-clauses' collides with another id on this page",
    ):
        assert expected in bad
    beta = "\n".join(site.warnings_for("02-beta"))
    assert "clause 'beta-misnumbered' is numbered 3.1 in chapter 02" in beta
    assert "clause slug 'alpha-rule' is defined twice" in beta
    assert "clause 'beta-multiline': write :title: on one line" in beta


def test_profile_tables_show_every_family_and_field(site: Site) -> None:
    from dataclasses import fields  # noqa: PLC0415

    from kanasta.families import PROFILES  # noqa: PLC0415
    from kanasta.rules.families import RulesProfile  # noqa: PLC0415
    from kanasta.rules.points import format_points  # noqa: PLC0415

    html = site.page("generated")
    for name, profile in PROFILES.items():
        assert f"{name}: parameters" in html
        ace = format_points(profile.points.by_card[0])
        assert f"<p>A: {ace}</p>" in html
        for key, value in profile.bonuses:
            if profile.is_playable or key in ("mixed", "natural", "clean", "dirty"):
                assert f"<p>{key}: {format_points(value)}</p>" in html
    assert html.count("kanasta-profile-comparison") == 2  # the full set and the :comparison: one
    for field in fields(RulesProfile):
        assert f'<span class="pre">{field.name}</span>' in html
    found = "\n".join(site.warnings_for("generated"))
    assert "unknown family 'fi-9999'" in found


def test_traceability_matrix_shows_clauses_and_problems(site: Site) -> None:
    html = site.page("generated")
    matrix = html[html.index("kanasta-trace-summary") :]
    assert "The gate fails" in matrix
    assert "has no test and no fixture" in matrix  # alpha-choice: the fixtures folder is empty
    assert "tests/test_alpha.py::test_alpha_rule" in matrix
    assert re.search(r'href="01-alpha.html#alpha-choice"[^>]*><span[^>]*>§1\.2', matrix)
    assert 'class="kanasta-missing">missing</span>' in matrix
    # the pinned column: a rule without fixtures is marked, with the gate's problem above
    assert "<p>pinned</p></th>" in matrix
    assert 'class="kanasta-missing">0 (0 explicit)</span>' in matrix
    assert re.search(r"1\.1 .alpha-rule. is pinned by 0 fixture\(s\)", matrix)
    from kanasta.clauses import get_registry  # noqa: PLC0415

    code = [f"{ref.module}.{ref.qualname}" for ref in get_registry() if ref.slug == "wild-cards"]
    assert code
    for name in code:
        assert f'<span class="pre">{name}</span>' in matrix


def test_resolution_index_lists_resolutions_by_question(site: Site) -> None:
    html = site.page("generated")
    index = html[html.index("The questions the sources leave open, and the clauses") :]
    question = re.escape("<p>Does the alpha choice hold when the sources disagree?</p></td>")
    assert re.search(question + r"\s*<td><p><a[^>]*href=\"01-alpha.html#alpha-choice\"", index)
    assert index.count("no question stated") == 1  # bad-resolution states none
    assert OUTSIDE_MAP not in html


def test_site_ships_the_clause_stylesheet(site: Site) -> None:
    assert (site.outdir / "_static" / "kanasta-spec.css").is_file()
    assert "_static/kanasta-spec.css" in site.page("01-alpha")


def test_domain_merges_clauses_from_parallel_readers(site: Site) -> None:
    from kanasta.specdoc.sphinxext import ClauseEntry, KanastaDomain  # noqa: PLC0415

    domain = site.domain
    assert isinstance(domain, KanastaDomain)
    assert domain.clauses["alpha-rule"].docname == "01-alpha"
    # pages citing clauses are rewritten, generated pages are read again, on every build
    assert set(domain.referrers) == {"refs"}
    assert set(domain.generated) == {"generated"}
    other = ClauseEntry("new-one", "other", "7.1", "New", "rule", ("koz",), "", "")
    clash = ClauseEntry("alpha-rule", "other", "7.2", "Clash", "rule", ("koz",), "", "")
    skipped = ClauseEntry("skipped", "elsewhere", "7.3", "Skip", "rule", ("koz",), "", "")
    data = {
        "clauses": {"new-one": other, "alpha-rule": clash, "skipped": skipped},
        "generated": {"other": True, "elsewhere": True},
        "referrers": {"other": True},
    }
    domain.merge_domaindata({"other"}, data)
    assert domain.clauses["new-one"] == other
    assert domain.clauses["alpha-rule"].docname == "01-alpha"
    assert "skipped" not in domain.clauses
    assert domain.generated["other"] is True
    assert "elsewhere" not in domain.generated
    assert domain.referrers["other"] is True
    domain.clear_doc("other")
    assert "new-one" not in domain.clauses
    assert "other" not in domain.generated
    assert "other" not in domain.referrers
    assert [o[0] for o in domain.get_objects()].count("alpha-rule") == 1


@dataclass(frozen=True, slots=True)
class Band:
    """A nested profile value: shown field by field, points as points."""

    min_score: HalfPoints | None
    min_points: HalfPoints
    needs_run: bool = True


def test_profile_values_read_as_text() -> None:
    pytest.importorskip("sphinx")
    from kanasta.specdoc.sphinxext import _inline  # noqa: PLC0415

    assert _inline("max_meld_size", "int | None", None) == "no limit"
    assert _inline("opening_waiver_cards", "int | None", None) == "none"
    assert _inline("target_score", "HalfPoints", 9) == "4.5"
    assert _inline("players", "int", 9) == "9"
    assert _inline("bonuses", "tuple[tuple[str, HalfPoints], ...]", ("fi", 20)) == "fi: 10"
    assert _inline("target_extensions", "tuple[HalfPoints, ...]", (14400, 18400)) == "7200; 9200"
    band = Band(min_score=None, min_points=9)
    assert _inline("bands", "tuple[Band, ...]", band) == (
        "min score: none, min points: 4.5, needs run: yes"
    )


def test_rule_families_profile_tables_publish_only_rules() -> None:
    """A family whose games are not implemented shows its meld values only."""
    pytest.importorskip("sphinx")
    from dataclasses import replace  # noqa: PLC0415

    from kanasta.families.koz import PROFILE as KOZ  # noqa: PLC0415
    from kanasta.rules.families import Implemented, RulesProfile  # noqa: PLC0415
    from kanasta.specdoc.sphinxext import NOT_SPECIFIED, _profile_rows, profile_cell  # noqa: PLC0415

    types = dict(_profile_rows())

    def shown(profile: RulesProfile, name: str) -> str:
        text = "\n".join(n.astext() for n in profile_cell(profile, name, types[name]))
        return re.sub(r"\n+", "\n", text).strip()

    melds_only = replace(KOZ, implemented=Implemented.MELDS)
    for name in ("target_score", "opening_bands", "rounding", "hand_size", "score_parts"):
        assert shown(melds_only, name) == NOT_SPECIFIED
        assert shown(KOZ, name) != NOT_SPECIFIED
    assert shown(melds_only, "canasta_size") == "7"
    bonuses = shown(melds_only, "bonuses").split("\n")
    assert bonuses[:3] == ["dirty: 10", "clean: 20", "trump-dirty: 20"]
    assert "all-wild: 150" in bonuses
    assert not [b for b in bonuses if b.startswith(("fi:", "going-out:"))]
    assert "going-out: 10" in shown(KOZ, "bonuses")
    assert shown(KOZ, "target_score") == "300"
    assert shown(melds_only, "implemented") == "meld verdicts, meld points and canasta kinds"


def test_generated_tables_without_problems_or_questions() -> None:
    pytest.importorskip("sphinx")
    from typing import Any, cast  # noqa: PLC0415

    from kanasta.specdoc.sphinxext import (  # noqa: PLC0415
        _write_css,
        resolution_index_nodes,
        traceability_nodes,
    )

    passing = TraceReport((), {}, {}, {}, ())
    text = "".join(node.astext() for node in traceability_nodes(passing, "index"))
    assert "The gate passes." in text
    assert "0 clauses, 0 of them normative" in text
    nothing = resolution_index_nodes([], cast(Any, None), "index", "r")
    assert len(nothing) == 1  # one empty table
    assert nothing[0]["ids"] == ["r-by-question"]
    _write_css(cast(Any, None), RuntimeError("the build failed"))  # writes nothing


def test_api_page_documents_every_engine_module() -> None:
    from kanasta._modules import ENGINE_MODULES  # noqa: PLC0415
    from kanasta.resources import get_repo_root  # noqa: PLC0415

    root = get_repo_root()
    if root is None:
        pytest.skip("needs a checkout (docs/ is not in the wheel)")
    page = (root / "docs" / "api.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. automodule:: (\S+)$", page, flags=re.MULTILINE))
    missing = sorted(set(ENGINE_MODULES) - documented)
    assert not missing, f"add '.. automodule:: NAME' to docs/api.rst for {missing}"


OUTSIDE_MAP = "RULES" + "-MAP"  # written in two parts so that this file does not mention it


def test_no_file_of_the_project_refers_to_the_outside_rules_map() -> None:
    """The questions are stated in the spec's own words; no page names a document outside it."""
    from kanasta.resources import get_repo_root  # noqa: PLC0415

    root = get_repo_root()
    assert root is not None
    folders = ("spec", "docs", "reference", "conformance", "tools", "tests")
    found = [
        str(path.relative_to(root))
        for folder in folders
        for path in sorted((root / folder).rglob("*"))
        if path.is_file()
        and "_build" not in path.parts
        and path.suffix in {".rst", ".py", ".json", ".md", ".txt", ".css", ".js"}
        and OUTSIDE_MAP in path.read_text(encoding="utf-8", errors="replace")
    ]
    found += [
        name for name in ("README.md",) if OUTSIDE_MAP in (root / name).read_text(encoding="utf-8")
    ]
    assert found == []
    assert len(list((root / "spec").glob("*.rst"))) >= 12


# --------------------------------------------------------------------------- trace links

LINKED_INDEX = """\
Linked
======

.. toctree::

   01-alpha
   trace

"""

LINKED_TRACE = """\
Trace
=====

.. traceability-matrix::
   :spec: trace-spec
   :tests: trace-tests
   :fixtures: trace-fixtures
"""


def pinned_slug() -> str:
    """A clause of this checkout with code, tests and fixtures."""
    report = build_trace()
    return next(
        c.slug
        for c in report.clauses
        if report.code.get(c.slug) and report.tests.get(c.slug) and report.fixtures.get(c.slug)
    )


@pytest.fixture(scope="module")
def linked_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """A site with ``kanasta_clause_links = True`` and a clause of this checkout's spec."""
    pytest.importorskip("sphinx.application")
    import io  # noqa: PLC0415

    from sphinx.application import Sphinx  # noqa: PLC0415
    from sphinx.util.docutils import docutils_namespace  # noqa: PLC0415

    root = tmp_path_factory.mktemp("linked")
    src = root / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        'extensions = ["kanasta.specdoc.sphinxext"]\nexclude_patterns = ["trace-*"]\n'
        "kanasta_clause_links = True\n",
        encoding="utf-8",
    )
    chapter = GOOD_CHAPTER + clause_rst(pinned_slug(), "1.4", title="Pinned")
    pages = {"index": LINKED_INDEX, "01-alpha": chapter, "trace": LINKED_TRACE}
    for name, text in pages.items():
        (src / f"{name}.rst").write_text(text, encoding="utf-8")
    fixture: dict[str, object] = {"id": "alpha/choice-1", "clauses": ["alpha-choice"]}
    spec_dir, tests_dir, fixture_dir = make_checkout(
        src / "checkout", chapters={"01-alpha.rst": chapter}, fixtures=(fixture,)
    )
    for folder, name in (
        (spec_dir, "trace-spec"),
        (tests_dir, "trace-tests"),
        (fixture_dir, "trace-fixtures"),
    ):
        folder.rename(src / name)
    warnings = io.StringIO()
    with docutils_namespace():
        app = Sphinx(
            str(src),
            str(src),
            str(root / "html"),
            str(root / "doctrees"),
            "html",
            status=io.StringIO(),
            warning=warnings,
            freshenv=True,
        )
        app.build()
        domain = app.env.get_domain("kanasta")
    return Site(root / "html", warnings.getvalue(), domain, src)


def _link_target(site: Site, page: str, href: str) -> str:
    """The HTML of the page a relative link points to; the anchor must be on it."""
    target, _, anchor = href.partition("#")
    html = (site.outdir / page).parent.joinpath(target).resolve().read_text(encoding="utf-8")
    assert f'id="{anchor}"' in html, f"{href} from {page}: no anchor {anchor!r}"
    return html


def test_linked_site_builds_without_warnings(linked_site: Site) -> None:
    assert linked_site.warnings == ""


def test_clause_page_links_to_the_code_tests_and_fixtures_that_pin_it(
    linked_site: Site,
) -> None:
    report = build_trace()
    slug = pinned_slug()
    html = linked_site.page("01-alpha")
    box = html[html.index(f'id="{slug}"') :]
    start = box.index("kanasta-clause-pins")
    pins = box[start : box.index("</p>", start)]
    for label in ("code: ", "tests: ", "fixtures: "):
        assert label in pins
    for test in report.tests[slug]:
        rel, _, name = test.partition("::")
        folder, _, filename = rel.rpartition("/")
        href = re.search(
            rf'href="(_kanasta/{re.escape(folder)}\.html#[^"]+)"[^>]*><code[^>]*>'
            rf'<span class="pre">{re.escape(test)}</span>',
            pins,
        )
        assert href is not None, test
        target = _link_target(linked_site, "01-alpha.html", href.group(1))
        line = int(href.group(1).rsplit("-", 1)[1])
        source = (REPO / rel).read_text(encoding="utf-8").splitlines()
        assert f"def {name.split('.')[-1]}(" in "\n".join(source[line - 1 : line + 12])
        assert html_escape(filename) in target
    for ident in report.fixtures[slug]:
        href = re.search(rf'href="([^"]+)"[^>]*><code[^>]*><span class="pre">{ident}</span>', pins)
        assert href is not None, ident
        assert href.group(1).startswith(f"_kanasta/fixtures/{ident.split('/')[0]}/")
        target = _link_target(linked_site, "01-alpha.html", href.group(1))
        assert f'"id": "{ident}"' in target.replace("&quot;", '"')
    for code in report.code[slug]:
        href = re.search(rf'href="([^"]+)"[^>]*><code[^>]*><span class="pre">{code}</span>', pins)
        assert href is not None, code  # no API page in this site: the source page
        assert href.group(1).startswith("_kanasta/code/kanasta/")
        _link_target(linked_site, "01-alpha.html", href.group(1))
    others = html[html.index('id="alpha-rule"') : html.index(f'id="{slug}"')]
    assert "kanasta-clause-pins" not in others  # not in this checkout's trace: no line


def test_traceability_matrix_links_tests_and_fixtures(linked_site: Site) -> None:
    html = linked_site.page("trace")
    test = re.search(
        r'href="(_kanasta/trace-tests\.html#test-alpha-L-3)"[^>]*><code[^>]*>'
        r'<span class="pre">trace-tests/test_alpha.py::test_alpha_rule</span>',
        html,
    )
    assert test is not None
    target = _link_target(linked_site, "trace.html", test.group(1))
    assert '<span class="nd">@pytest</span>' in target  # highlighted Python
    fixture = re.search(
        r'href="(_kanasta/fixtures/alpha/other\.html#fixture-alpha-choice-1)"', html
    )
    assert fixture is not None
    _link_target(linked_site, "trace.html", fixture.group(1))


def test_search_index_finds_clauses_by_slug(linked_site: Site) -> None:
    index = (linked_site.outdir / "searchindex.js").read_text(encoding="utf-8")
    objects = index[index.index('"objects"') :]
    for slug in ("alpha-rule", "alpha-choice", pinned_slug()):
        assert f'"{slug}"]' in objects


def test_trace_links_of_what_cannot_be_shown(tmp_path: Path) -> None:
    pytest.importorskip("sphinx")
    from typing import Any, cast  # noqa: PLC0415

    from kanasta.specdoc.sphinxext import (  # noqa: PLC0415
        SourceFile,
        SourcePage,
        TraceLinks,
        _def_lines,
        _merge_source_pages,
        _purge_source_pages,
        _source_page_html,
    )

    (tmp_path / "broken.py").write_text("def (:\n", encoding="utf-8")
    assert _def_lines(tmp_path / "broken.py") == {}
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    (fixtures / "bad.json").write_text("{", encoding="utf-8")
    (fixtures / "list.json").write_text("[]", encoding="utf-8")
    links = TraceLinks(None, [fixtures, tmp_path / "none"])
    assert links.test("tests/test_x.py::test_y") is None
    assert links.fixture("bad") is None
    assert links.code("nowhere.at_all") is None
    tests = TraceLinks(tmp_path / "tests", [])
    assert tests.test("tests/notes.txt") is None
    assert tests.test("tests/test_missing.py::test_x") is None

    class Env:
        pass

    env, other = Env(), Env()
    page = SourcePage("p", "P", ())
    other.__dict__["kanasta_source"] = {"a": {"p": page}, "b": {"p": page}}
    _merge_source_pages(cast(Any, None), cast(Any, env), {"a"}, cast(Any, other))
    assert env.__dict__["kanasta_source"] == {"a": {"p": page}}
    _purge_source_pages(cast(Any, None), cast(Any, env), "a")
    assert env.__dict__["kanasta_source"] == {}

    class Builder:
        class highlighter:
            @staticmethod
            def highlight_block(text: str, _language: str, **_options: object) -> str:
                return text

    gone = SourcePage("p", "P", (SourceFile("x", "x", str(tmp_path / "gone.py"), "L"),))
    app = cast(Any, type("App", (), {"builder": Builder()})())
    assert _source_page_html(app, gone) == "<h1>P</h1>"
