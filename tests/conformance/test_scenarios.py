"""Authored scenarios (conformance/scenarios): the compiler, its variations, its errors and
its check mode; and that the suite's fixtures are what the scenario files compile to."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from kanasta.cli import main
from kanasta.conformance.jsonio import format_fixture_json
from kanasta.conformance.loader import fixture_from_json
from kanasta.conformance.notation import (
    parse_action,
    parse_arrangement,
    parse_rejection,
    parse_team_score,
)
from kanasta.conformance.scenarios import (
    HAND_WRITTEN,
    check_fixtures,
    compile_document,
    compile_scenarios,
    write_fixtures,
)
from kanasta.errors import InputError

REPO = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "scenario_files"
SOURCE = "conformance/scenarios/06-turn/discard-ends-turn.toml"


def compile_text(text: str, slug: str = "discard-ends-turn") -> dict[str, dict[str, Any]]:
    """The fixtures a scenario file's text compiles to, by id."""
    items = compile_document(tomllib.loads(text), SOURCE, slug)
    return {item.ident: item.data for item in items}


def refusal(text: str, slug: str = "discard-ends-turn") -> str:
    with pytest.raises(InputError) as info:
        compile_text(text, slug)
    return str(info.value)


KOZ_DISCARD = """
[[scenario]]
id = "turn/x-{at}"
families = ["koz"]
vary = "seats"
clauses = ["discard-ends-turn"]
description = "Seat {seat} discards; seat {next} is to draw."
source = "seed 001"
setup.hands = { "{seat}" = "4H 5H 9C" }
setup.turn = "{seat}"
setup.phase = "play"
steps = [
  "discard 9C",
  { state = { turn = "{next}", discard_top = "9C", hand_sizes = { "{seat}" = "-1" } } },
]
"""


def test_scenario_vary_seats_rotates_the_setup_and_the_facts() -> None:
    fixtures = compile_text(KOZ_DISCARD)
    assert sorted(fixtures) == [f"koz/turn/x-seat-{s}" for s in range(4)]
    data = fixtures["koz/turn/x-seat-2"]
    assert data["compiled_from"] == SOURCE
    assert list(data)[:3] == ["id", "compiled_from", "variant"]
    assert data["description"] == "Seat 2 discards; seat 3 is to draw."
    state = data["setup"]["state"]
    assert state["turn"] == 2
    assert state["hands"][2] == ["9C", "4H", "5H"]
    assert [len(h) for h in state["hands"]] == [11, 11, 3, 11]
    assert data["steps"][0] == {
        "kind": "actions",
        "actions": [
            {"action": {"type": "discard", "card": "9C"}, "expect": {"verdict": "accepted"}}
        ],
    }
    assert data["steps"][1]["expect"] == {
        "turn": 3,
        "discard_top": "9C",
        "hand_sizes": [11, 11, 2, 11],
    }
    fixture_from_json(data, "x")  # valid under the fixture schema


def test_scenario_vary_seats_lists_and_teams() -> None:
    text = KOZ_DISCARD.replace('vary = "seats"', "vary = { seats = [1, 3] }")
    assert sorted(compile_text(text)) == ["koz/turn/x-seat-1", "koz/turn/x-seat-3"]
    teams = (
        KOZ_DISCARD.replace('vary = "seats"', 'vary = "teams"')
        .replace("x-{at}", "x-team-{team}")
        .replace("Seat {seat} discards", "Seat {seat} of team {team}, beside team {other}")
    )
    fixtures = compile_text(teams)
    assert sorted(fixtures) == ["koz/turn/x-team-0", "koz/turn/x-team-1"]
    assert fixtures["koz/turn/x-team-1"]["description"].startswith(
        "Seat 1 of team 1, beside team 0"
    )
    one = teams.replace('vary = "teams"', "vary = { teams = [1] }")
    assert list(compile_text(one)) == ["koz/turn/x-team-1"]


CLASSIC_TABLES = """
[defaults]
families = ["classic"]
source = "seed 002"

[[scenario]]
id = "pile/y-{at}"
vary = "tables"
clauses = ["discard-ends-turn"]
description = "Seat {seat} of {players} ({table}), team {team} of {teams}, partner {partner}."
setup.hands = { "{seat}" = "4H 5H 9C" }
setup.melds = { "{team}" = ["8C 8D 8H"] }
setup.turn = "{seat}"
setup.phase = "play"
steps = ["discard 9C"]
override.players-2.setup.melds = { "{team}" = ["8C 8D 8H", "KC KD KH"] }
"""


def test_scenario_vary_tables_adds_the_table_option_and_its_override() -> None:
    fixtures = compile_text(CLASSIC_TABLES)
    assert sorted(fixtures) == sorted(
        [f"classic/pile/y-seat-{s}" for s in range(4)]
        + ["classic/pile/y-players-2-seat-0", "classic/pile/y-players-2-seat-1"]
        + ["classic/pile/y-players-3-seat-1", "classic/pile/y-players-3-seat-2"]
        + ["classic/pile/y-players-6-seat-3", "classic/pile/y-players-6-seat-4"]
    )
    three = fixtures["classic/pile/y-players-3-seat-2"]
    assert three["features"] == ["players-3"]
    assert three["description"] == "Seat 2 of 3 (players-3), team 2 of 3, partner 1."
    assert [len(t) for t in three["setup"]["state"]["melds"]] == [0, 0, 1]
    two = fixtures["classic/pile/y-players-2-seat-1"]
    assert [len(t) for t in two["setup"]["state"]["melds"]] == [0, 2]
    assert "features" not in fixtures["classic/pile/y-seat-0"]
    chosen = CLASSIC_TABLES.replace(
        'vary = "tables"', "vary = { tables = { players-4 = [3], players-6 = [5] } }"
    )
    assert sorted(compile_text(chosen)) == [
        "classic/pile/y-players-6-seat-5",
        "classic/pile/y-seat-3",
    ]


def test_scenario_vary_named_values_and_given_bindings() -> None:
    named = """
[[scenario]]
id = "count/z-{seed}"
families = ["koz", "fi-5200"]
vary = { seed = [3, 4] }
clauses = ["legal-action-count"]
description = "The {family} deal of seed {seed}."
source = { koz = "seed 001", fi-5200 = "seed 000 (part 1)" }
setup.seed = "{seed}"
steps = [{ count = 2 }]
"""
    fixtures = compile_text(named, "legal-action-count")
    assert sorted(fixtures) == [
        "fi-5200/count/z-3",
        "fi-5200/count/z-4",
        "koz/count/z-3",
        "koz/count/z-4",
    ]
    assert fixtures["fi-5200/count/z-4"]["setup"] == {"seed": 4}
    assert fixtures["fi-5200/count/z-4"]["source"] == "seed 000 (part 1)"
    assert fixtures["koz/count/z-3"]["description"] == "The koz deal of seed 3."
    given = named.replace(
        "vary = { seed = [3, 4] }", "vary = [{ seat = 2, seed = 5 }, { seed = 6, depth = 1 }]"
    ).replace("The {family} deal", "Seat {seat} ({partner}): the {family} deal")
    fixtures = compile_text(given, "legal-action-count")
    assert fixtures["koz/count/z-5"]["description"] == "Seat 2 (0): the koz deal of seed 5."
    assert fixtures["koz/count/z-6"]["description"] == "Seat 0 (2): the koz deal of seed 6."


def test_scenario_steps_in_short_notation() -> None:
    text = (DATA / "steps.toml").read_text(encoding="utf-8")
    data = compile_text(text)["koz/turn/w"]
    steps = data["steps"]
    assert [a["action"] for a in steps[0]["actions"]] == [
        {"type": "meld", "cards": ["5H", "6H", "7H", "JK"], "wild_at": 8},
        {"type": "lay-off", "meld": 1, "cards": ["8S"]},
        {"type": "draw", "seat": 1},
    ]
    assert steps[0]["actions"][2]["expect"] == {
        "verdict": "rejected",
        "code": "not-your-turn",
        "clause": "action-seat",
    }
    assert steps[1]["note"] == "a note"
    facts = steps[2]["expect"]
    assert facts["trump"] == data["setup"]["state"]["trump"]
    assert facts["opened"] == [True, False]
    assert facts["melds"][0][2] == {
        "arrangement": {"kind": "run", "suit": "H", "low": 5, "cards": ["5H", "6H", "7H", "JK"]},
        "wild_at": 8,
    }
    assert steps[3] == {"kind": "count", "expect": {"count": 4}}
    assert steps[4]["expect"]["canasta"] is None
    assert steps[4]["wild_at"] == 4
    assert steps[5]["expect"] == {
        "verdict": "rejected",
        "code": "mixed-suits",
        "clause": "run-definition",
        "at": 1,
    }
    assert steps[5]["trump"] == "KH"
    assert steps[5]["going_out"] is True
    assert steps[8]["expect"]["teams"][1] == {
        "total": -11,
        "breakdown": {"fi": 0, "melded": 0, "canastas": 0, "going-out": 0, "hand": -11},
    }
    fixture_from_json(data, "w")


def test_scenario_melds_fact_keyed_by_team() -> None:
    text = KOZ_DISCARD.replace(
        'setup.turn = "{seat}"', 'setup.melds = { "{team}" = ["8C 8D 8H"] }\nsetup.turn = "{seat}"'
    ).replace(
        'hand_sizes = { "{seat}" = "-1" }',
        'melds = { "{team}" = [{ canasta = "null" }], "{other}" = [] }',
    )
    fixtures = compile_text(text)
    assert fixtures["koz/turn/x-seat-1"]["steps"][1]["expect"]["melds"] == [
        [],
        [{"canasta": None}],
    ]
    assert fixtures["koz/turn/x-seat-2"]["steps"][1]["expect"]["melds"] == [
        [{"canasta": None}],
        [],
    ]
    unnamed = text.replace(', "{other}" = []', "")
    assert "names every team here (not 1)" in refusal(unnamed)


def test_scenario_setup_pile_set_aside_and_flags_keyed_by_team() -> None:
    text = """
[[scenario]]
id = "one-door/w-{at}"
families = ["classic"]
vary = { seats = [1, 2] }
clauses = ["classic-pile-opening"]
description = "Seat {seat}'s side took the pile (JS 9C) with 9D 9H; the jack waits."
setup.hands = { "{seat}" = "7C 7D 7H 4C" }
setup.melds = { "{team}" = ["9C 9D 9H"], "{other}" = ["KC KC KD KD KH KH KS"] }
setup.opened = { "{team}" = false, "{other}" = true }
setup.pile_pending = "JS"
setup.pile_top = "9C"
setup.turn = "{seat}"
setup.phase = "play"
steps = ["discard 4C -> rejected by classic-pile-opening (pile-waiting)"]
"""
    fixtures = compile_text(text, "classic-pile-opening")
    for seat in (1, 2):
        state = fixtures[f"classic/one-door/w-seat-{seat}"]["setup"]["state"]
        assert state["opened"] == [seat % 2 == 1, seat % 2 == 0]
        assert state["discard"] == []
        assert state["extra"]["pile_pending"] == ["JS"]
        assert state["extra"]["pile_top"] == "9C"
        # every card once: the 108 of the deck less the 10 melded and the jack set aside
        assert sum(len(h) for h in state["hands"]) + len(state["stock"]) == 108 - 10 - 1
    unnamed = text.replace(', "{other}" = true', "")
    assert "names every team here (not" in refusal(unnamed, "classic-pile-opening")


def test_scenario_golden_values_and_games() -> None:
    text = (DATA / "games.toml").read_text(encoding="utf-8")
    fixtures = compile_text(text, "game-hands")
    game = fixtures["koz/game/g"]["steps"][0]
    assert game["seed"] == 5
    assert [set(h) for h in game["hands"]] == [{"scores"}, {"deal", "actions"}, {"actions"}]
    rows = game["expect"]["hands"]
    assert [r["dealer"] for r in rows] == [3, 0, 1]
    assert rows[2]["totals"] == [sum(r["scores"][t] for r in rows) for t in (0, 1)]
    assert game["expect"]["winner"] is None
    assert game["expect"]["decided_in"] is None
    deal = fixtures["koz/deal/d"]
    facts = deal["steps"][0]["expect"]
    assert facts["hand_sizes"] == [11, 11, 11, 11]
    assert len(facts["hands"]) == 4
    assert deal["steps"][1]["expect"]["count"] > 4
    fixture_from_json(fixtures["koz/game/g"], "g")


def test_scenario_generated_recipe_compiles_through_generate() -> None:
    text = """
[[scenario]]
id = "count/seed-{seed}-after-{prefix}"
families = ["fi-351"]
vary = [{ seed = 2, prefix = 3 }]
clauses = ["legal-action-count"]
tags = ["golden"]
description = "A count after {prefix} actions of seed {seed}."
generated = { recipe = "count", seed = "{seed}", prefix = "{prefix}", depth = 1 }
"""
    data = compile_text(text, "legal-action-count")["fi-351/count/seed-2-after-3"]
    assert data["generated"] == {"recipe": "count", "seed": 2, "prefix": 3, "depth": 1}
    assert data["compiled_from"] == SOURCE
    assert len(data["setup"]["actions"]) == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('families = ["koz"]', 'families = ["kozz"]'), "'kozz' is not a rule family"),
        (("discard 9C", "discrad 9C"), "steps[0]: 'discrad 9C' is not an action"),
        (("4H 5H 9C", "4H 5H 9Z"), "setup.hands[0]: '9Z' is not a card"),
        (("{next}", "{nxt}"), "{nxt} names no value here"),
        (('vary = "seats"', 'vary = "sits"'), "vary is 'seats', 'teams' or 'tables'"),
        (('clauses = ["discard-ends-turn"]', 'clauses = ["turn-passes"]'), "names that clause"),
        (('source = "seed 001"', 'tags = ["edge"]'), "'edge' is not a tag"),
        (("setup.phase", "setup.phse"), "'phse' is not a field of a setup"),
        (('setup.phase = "play"', 'setup.phase = "playing"'), "is not a phase"),
        (("description", "descr"), "'descr' is not a field of a scenario"),
        (('"-1"', '"-one"'), "expected a hand size or a change"),
        (('discard_top = "9C"', 'discard_top = "9C 9D"'), "expected one card or 'null'"),
        (("{ state =", "{ stat ="), "a step is an action, a list of actions, or a table"),
        (('setup.turn = "{seat}"', 'setup.turn = "first"'), "expected a whole number"),
        (("setup.phase", "setup.opened = [1]\nsetup.phase"), "expected true or false"),
        (("setup.phase", "setup.team_scores = [true]\nsetup.phase"), "expected points"),
        (('turn = "{next}"', 'turn = "next"'), "what it compiles to is no valid fixture"),
    ],
)
def test_scenario_malformed_input_names_the_file_and_the_place(
    change: tuple[str, str], message: str
) -> None:
    text = KOZ_DISCARD.replace(*change)
    assert text != KOZ_DISCARD
    problem = refusal(text)
    assert problem.startswith(SOURCE + ": at scenario[0]")
    assert message in problem
    assert "\n" not in problem
    assert "Traceback" not in problem


def test_scenario_malformed_notation_is_explained() -> None:
    for bad in ("meld", "discard 9C 9D", "lay-off 9C", "draw -> refused", "take-pile onto 2"):
        with pytest.raises(InputError, match=r"not an action|not written|not a card"):
            parse_action(bad)
    with pytest.raises(InputError, match="add up to 3, not 4"):
        parse_team_score("4 = melded 1 + hand 2")
    with pytest.raises(InputError, match="not written 'TOTAL"):
        parse_team_score("4 melded 4")
    with pytest.raises(InputError, match="not a number of points"):
        parse_team_score("4 = melded four")
    with pytest.raises(InputError, match="names an item twice"):
        parse_team_score("2 = hand 1 + hand 1")
    with pytest.raises(InputError, match="is not an arrangement"):
        parse_arrangement("pair of 9: 9C 9D")
    with pytest.raises(InputError, match="write the card '10s' as '10S'"):
        parse_action("discard 10s")
    with pytest.raises(InputError, match="not written"):
        parse_rejection("rejected by x (y) at 2", batch=False)
    assert parse_arrangement("wild: JK JK 2C") == {"kind": "wild", "cards": ["JK", "JK", "2C"]}
    assert parse_arrangement("run of H from 1: AH 2H, spare JK")["spare"] == ["JK"]
    assert parse_action("take-pile 9D 9H onto meld 1 -> accepted")[0] == {
        "type": "take-pile",
        "meld": 1,
        "cards": ["9D", "9H"],
    }


def test_scenario_file_structure_errors() -> None:
    assert "a scenario needs 'clauses'" in refusal(
        KOZ_DISCARD.replace('clauses = ["discard-ends-turn"]', "")
    )
    assert "steps or a generated recipe" in refusal(
        KOZ_DISCARD.replace('source = "seed 001"', 'generated = { recipe = "count", seed = 1 }')
    )
    assert "not ['scenarios']" in refusal("[[scenarios]]\nid = 'x'\n")
    assert "cannot be given for the whole file" in refusal("[defaults]\nid = 'x'\n")
    assert "'players-5' is not a table of classic" in refusal(
        CLASSIC_TABLES.replace('vary = "tables"', "vary = { tables = { players-5 = [0] } }")
    )
    assert "7 is not a seat of a table of 4" in refusal(
        KOZ_DISCARD.replace('vary = "seats"', "vary = { seats = [7] }")
    )
    assert "gives none for koz" in refusal(KOZ_DISCARD.replace('"seed 001"', '{ classic = "x" }'))
    assert "cannot name a placeholder" in refusal(
        KOZ_DISCARD.replace('vary = "seats"', "vary = { Seat = [1] }")
    )
    assert "the running sums" in refusal(
        """
[[scenario]]
id = "game/t"
families = ["koz"]
clauses = ["discard-ends-turn"]
description = "Wrong totals."
steps = [{ game = { first_dealer = 0, winner = "null", hands = [
  { scores = [1, 2], dealer = 0, totals = [1, 3], target = 300 },
] } }]
"""
    )


# --------------------------------------------------------------------------- files and checks


def make_checkout(root: Path) -> Path:
    """A minimal checkout: the real spec, a pyproject naming kanasta, empty suites."""
    shutil.copytree(REPO / "spec", root / "spec")
    (root / "pyproject.toml").write_text('[project]\nname = "kanasta"\n', encoding="utf-8")
    (root / "conformance" / "fixtures").mkdir(parents=True)
    folder = root / "conformance" / "scenarios" / "06-turn"
    folder.mkdir(parents=True)
    (folder / "discard-ends-turn.toml").write_text(KOZ_DISCARD, encoding="utf-8")
    return root


def test_scenario_compile_writes_checks_and_deletes_what_no_scenario_writes(tmp_path: Path) -> None:
    root = make_checkout(tmp_path)
    fixtures = root / "conformance" / "fixtures"
    by_hand = fixtures / "koz" / "meld" / "by-hand.json"
    by_hand.parent.mkdir(parents=True)
    by_hand.write_text("{}", encoding="utf-8")
    report = compile_scenarios(root)
    check_fixtures(root, report)
    assert report.files == 1
    assert len(report.changed) == 4
    assert report.stale == []
    assert write_fixtures(root, report) == 4
    report = compile_scenarios(root)
    check_fixtures(root, report)
    assert report.changed == []
    assert report.stale == []
    assert report.twice == []
    # An edited fixture is reported; a dropped scenario leaves stale files, which a
    # write deletes (they carry compiled_from), but never a hand-written one.
    (fixtures / "koz/turn/x-seat-0.json").write_text("{}", encoding="utf-8")
    scenario = root / SOURCE
    scenario.write_text(KOZ_DISCARD.replace('vary = "seats"', "vary = { seats = [0] }"))
    report = compile_scenarios(root)
    check_fixtures(root, report)
    assert report.changed == ["koz/turn/x-seat-0"]
    assert report.stale == ["koz/turn/x-seat-1", "koz/turn/x-seat-2", "koz/turn/x-seat-3"]
    assert write_fixtures(root, report) == 4
    assert sorted(p.name for p in (fixtures / "koz" / "turn").iterdir()) == ["x-seat-0.json"]
    assert by_hand.exists()
    assert "meld" in HAND_WRITTEN


def test_scenario_compile_never_writes_through_a_link(tmp_path: Path) -> None:
    root = make_checkout(tmp_path / "checkout")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "conformance" / "fixtures" / "koz").symlink_to(elsewhere, target_is_directory=True)
    report = compile_scenarios(root)
    check_fixtures(root, report)
    with pytest.raises(InputError, match=r"is a link .* nothing was written"):
        write_fixtures(root, report)
    assert list(elsewhere.iterdir()) == []
    (root / "conformance" / "fixtures" / "koz").unlink()
    assert write_fixtures(root, report) == 4
    written = root / "conformance" / "fixtures" / "koz" / "turn"
    assert sorted(p.name for p in written.iterdir()) == [f"x-seat-{s}.json" for s in range(4)]


def test_scenario_compile_cli_check_mode_and_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = make_checkout(tmp_path)
    assert main(["conformance", "compile", "--check", "--root", str(root)]) == 1
    assert "STALE koz/turn/x-seat-3" in capsys.readouterr().out
    assert main(["conformance", "compile", "--root", str(root)]) == 0
    assert "4 written" in capsys.readouterr().out
    assert main(["conformance", "compile", "--check", "--root", str(root)]) == 0
    # the same id from two files
    other = root / "conformance/scenarios/06-turn/turn-passes.toml"
    other.write_text(KOZ_DISCARD.replace('"discard-ends-turn"', '"turn-passes"'), encoding="utf-8")
    assert main(["conformance", "compile", "--check", "--root", str(root)]) == 1
    assert "WRITTEN TWICE koz/turn/x-seat-0" in capsys.readouterr().out
    other.unlink()
    # a stray file the compiler did not write
    stray = root / "conformance/fixtures/koz/turn/stray.json"
    stray.write_text("{}", encoding="utf-8")
    assert main(["conformance", "compile", "--check", "--root", str(root)]) == 1
    assert "NO SOURCE koz/turn/stray" in capsys.readouterr().out
    stray.unlink()
    # filing and TOML errors are one paragraph naming the file
    wrong = root / "conformance/scenarios/06-turn/no-such-clause.toml"
    wrong.write_text("", encoding="utf-8")
    assert main(["conformance", "compile", "--root", str(root)]) == 2
    err = capsys.readouterr().err
    assert "06-turn/no-such-clause.toml: 'no-such-clause' is no clause of chapter 06-turn" in err
    wrong.unlink()
    chapter = root / "conformance/scenarios/99-extra/discard-ends-turn.toml"
    chapter.parent.mkdir()
    chapter.write_text("", encoding="utf-8")
    assert main(["conformance", "compile", "--root", str(root)]) == 2
    assert "'99-extra' is no chapter of the spec" in capsys.readouterr().err
    shutil.rmtree(chapter.parent)
    (root / SOURCE).write_text("[[scenario]\n", encoding="utf-8")
    assert main(["conformance", "compile", "--root", str(root)]) == 2
    err = capsys.readouterr().err
    assert "discard-ends-turn.toml: not valid TOML" in err
    assert "Traceback" not in err
    assert main(["conformance", "compile", "--root", str(tmp_path / "spec")]) == 2
    assert "is not a kanasta checkout" in capsys.readouterr().err


def test_scenario_every_compiled_fixture_is_the_committed_json() -> None:
    """The round trip of the whole suite (what 'kanasta conformance compile --check' runs
    in nox -s conformance): every fixture a scenario compiles to is the file committed,
    no id is written twice, and every fixture file is compiled or hand-written."""
    report = compile_scenarios(REPO)
    check_fixtures(REPO, report)
    assert report.twice == []
    assert report.changed == []
    assert report.stale == []
    assert len(report.compiled) > 1000
    for item in report.compiled.values():
        assert item.data["compiled_from"] == item.source
    hand_written = [
        path
        for path in (REPO / "conformance" / "fixtures").rglob("*.json")
        if "compiled_from" not in json.loads(path.read_text(encoding="utf-8"))
    ]
    assert hand_written
    assert all(p.parent.name in HAND_WRITTEN for p in hand_written)
    sample = next(iter(report.compiled.values()))
    assert (REPO / "conformance/fixtures" / f"{sample.ident}.json").read_text() == (
        format_fixture_json(sample.data)
    )
