"""``kanasta ask``: a refusal names the rule the table argues about and its numbers, then
the general clause that refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kanasta.ask import ask_json
from kanasta.cli import main


@pytest.mark.clause("classic-opening-minimum", "turn-must-finish")
def test_classic_opening_minimum_named_when_turn_must_finish_refuses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["ask", "--variant", "classic", "--our-score", "1600", "--hand", "KH KD KS 9C 4D"]
    assert main([*argv, "--meld", "KH KD KS", "--discard", "4D", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    slugs = [c["slug"] for c in data["clauses"]]
    assert slugs[0] == "classic-opening-minimum"
    assert slugs[-1] == "turn-must-finish"
    why = " / ".join(data["why"])
    assert "score 1600 puts it in the band from 1500" in why
    assert "needs 90" in why
    assert "reach 30" in why
    assert "KD KH KS = 30" in why
    assert "card points" in why
    assert "nothing laid is taken back" in why


@pytest.mark.clause("opening-threshold", "opening-bands")
def test_opening_threshold_refusal_names_the_band_from_the_score() -> None:
    data = ask_json(
        {
            "variant": "koz",
            "score": {"us": 150},
            "hand": "8H 9H 10H 4C 5D",
            "phase": "play",
            "actions": ["meld 8H 9H 10H", "discard 4C"],
        }
    )
    slugs = [c["slug"] for c in data["clauses"]]
    assert slugs[:2] == ["opening-threshold", "opening-bands"]
    why = " / ".join(data["why"])
    assert "band from 100" in why
    assert "needs 7.5" in why
    assert "reach 3" in why


@pytest.mark.clause("opening-lower-band", "opening-no-wild-reading")
def test_opening_lower_band_says_a_meld_with_a_wild_adds_nothing() -> None:
    data = ask_json(
        {
            "variant": "fi-5200",
            "hand": "4H 5H 6H 7H KC KD 2S 9C",
            "phase": "play",
            "actions": ["meld 4H 5H 6H 7H", "meld KC KD 2S", "discard 9C"],
        }
    )
    assert data["steps"][-1]["code"] == "below-threshold"
    why = " / ".join(data["why"])
    assert "a meld holding a wild card adds nothing" in why
    assert "= 0" in why  # the set with the 2 counts nothing


@pytest.mark.clause("classic-black-three-last-turn", "emptying-needs-canasta")
def test_classic_black_three_last_turn_cited_before_the_general_refusal() -> None:
    data = ask_json(
        {
            "variant": "classic",
            "options": ["black-three-last-turn"],
            "hand": "3S 3C",
            "pile": "3C",
            "melds": {"us": ["KC KD KH"]},
            "actions": ["take-pile with 3S 3C"],
        }
    )
    slugs = [c["slug"] for c in data["clauses"]]
    assert slugs == ["classic-black-three-last-turn", "emptying-needs-canasta"]
    assert any("0 canasta(s) and needs 1" in line for line in data["why"])


@pytest.mark.clause("forced-canasta-opening", "forced-canasta-trigger")
def test_forced_canasta_opening_says_which_canasta_is_missing() -> None:
    data = ask_json(
        {
            "variant": "fi-5200",
            "fi_taken": ["them", "them"],
            "hand": "4H 5H 6H 7H 9C",
            "phase": "play",
            "actions": ["meld 4H 5H 6H 7H", "discard 9C"],
        }
    )
    assert [c["slug"] for c in data["clauses"]][:2] == [
        "forced-canasta-opening",
        "forced-canasta-trigger",
    ]
    assert any("largest meld laid holds 4" in line for line in data["why"])


@pytest.mark.clause("classic-going-out")
def test_classic_going_out_two_canastas_named_first() -> None:
    data = ask_json(
        {
            "variant": "classic",
            "options": ["players-2"],
            "hand": "9S",
            "melds": {"us": ["KC KD KH KS KC KD 2H"]},
            "phase": "play",
            "actions": ["discard 9S"],
        }
    )
    assert [c["slug"] for c in data["clauses"]] == ["classic-going-out", "emptying-needs-canasta"]
    assert any("1 canasta(s) and needs 2" in line for line in data["why"])


@pytest.mark.clause("game-target", "game-hands")
def test_explain_cites_the_game_clauses_of_a_whole_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(
        '{"variant": "koz", "steps": [{"kind": "game", "first_dealer": 3, '
        '"hands": [{"scores": [310, 20]}]}]}'
    )
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[game-target]" in out
    assert "[game-hands]" in out


@pytest.mark.clause("classic-opening-minimum", "canasta-trump-match")
def test_the_new_lines_of_an_answer_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "classic", "--our-score", "1600", "--hand", "KH KD KS 9C 4D"]
    assert main([*argv, "--meld", "KH KD KS", "--discard", "4D", "--lang", "tr"]) == 1
    out = capsys.readouterr().out
    assert "başlangıcı 1500 olan dilime" in out
    assert "the first meld needs" not in out
    argv = ["ask", "--variant", "koz", "--fi-taken", "us", "--fi-taken", "them", "--hand", "9C"]
    argv += ["--our-meld", "7C 7D 7H 7S 7C 7D 7H", "--phase", "play", "discard 9C; score"]
    assert main([*argv, "--lang", "tr"]) == 3
    out = capsys.readouterr().out
    assert "VERİLMEYEN BİR DURUMA BAĞLI: koz 7" in out
    assert "Bu elden sonra oyun" in out
