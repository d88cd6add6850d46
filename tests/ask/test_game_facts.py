"""``kanasta ask``: the hand around the position (the trump, the stock, a fi not yet
played, a personal opening, cards laid before, the target) and the facts a score turns on."""

from __future__ import annotations

from typing import Any

import pytest

from kanasta.ask import Question, Verdict, answer_question, ask_json
from kanasta.cli import main
from kanasta.errors import InputError

_FI_5200 = {
    "variant": "fi-5200",
    "fi_taken": ["us", "them"],
    "melds": {"us": ["KC KD KH KS KC KD KH"]},
    "went_out": "us",
    "actions": ["score"],
}


def _breakdown(data: dict[str, Any], team: int) -> dict[str, Any]:
    return dict(data["score"]["teams"][team]["breakdown"])


@pytest.mark.clause("fi-unplayed-fi-5200", "no-fi-penalty")
def test_fi_unplayed_fi_5200_an_unplayed_fi_counts_neither_way() -> None:
    played = ask_json({**_FI_5200, "fi_unplayed": []})
    unplayed = ask_json({**_FI_5200, "fi_unplayed": ["them"]})
    assert _breakdown(played, 1)["fi"] == 100
    assert _breakdown(unplayed, 1)["fi"] == 0
    assert _breakdown(unplayed, 1)["penalty"] == 0  # a fi taken, even unplayed
    # the taker's eleven cards are not counted: one hand fewer against the side
    assert _breakdown(unplayed, 1)["hand"] > _breakdown(played, 1)["hand"]
    assert unplayed["clauses"][0]["slug"] == "fi-unplayed-fi-5200"


@pytest.mark.clause("fi-unplayed-fi-5200")
def test_fi_unplayed_fi_5200_an_unstated_fi_is_never_assumed_silently() -> None:
    data = ask_json(_FI_5200)
    assert data["verdict"] == Verdict.DEPENDS_ON_FACT
    assert any("every fi taken was played" in line for line in data["assumed"])
    facts = [t["fact"] for t in data["turns_on"]]
    assert any("the other side" in fact for fact in facts)


@pytest.mark.clause("fi-unplayed-fi-5200")
def test_fi_unplayed_by_flags_exits_3_when_unstated(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "fi-5200", "--fi-taken", "us", "--fi-taken", "them"]
    argv += ["--our-meld", "KC KD KH KS KC KD KH", "--went-out", "us", "score"]
    assert main(argv) == 3
    assert "DEPENDS ON A FACT NOT GIVEN" in capsys.readouterr().out
    assert main([*argv, "--fi-unplayed", "them"]) == 0
    assert main([*argv, "--fi-unplayed", "none"]) == 0


@pytest.mark.clause("fi-unplayed-fi-5200")
def test_fi_unplayed_that_was_not_taken_is_refused() -> None:
    with pytest.raises(InputError, match="only a fi taken can be unplayed"):
        ask_json({**_FI_5200, "fi_taken": ["us"], "fi_unplayed": ["them"]})


_KOZ = {
    "variant": "koz",
    "fi_taken": ["us", "them"],
    "melds": {"us": ["7C 7D 7H 7S 7C 7D 7H", "4H 5H 6H"]},
    "hand": "9C",
    "phase": "play",
    "actions": ["discard 9C", "score"],
}


@pytest.mark.clause("canasta-trump-match", "trump-card")
def test_canasta_trump_match_the_trump_named_decides_the_bonus() -> None:
    matched = ask_json({**_KOZ, "trump": "7S"})
    other = ask_json({**_KOZ, "trump": "9D"})
    assert _breakdown(matched, 0)["canastas"] == 40
    assert _breakdown(other, 0)["canastas"] == 20
    assert matched["clauses"][0]["slug"] == "canasta-trump-match"
    assert matched["verdict"] == other["verdict"] == Verdict.SCORED


@pytest.mark.clause("canasta-trump-match", "trump-card")
def test_canasta_trump_match_an_unnamed_trump_is_a_fact_the_score_turns_on() -> None:
    data = ask_json(_KOZ)
    assert data["verdict"] == Verdict.DEPENDS_ON_FACT
    assert any(line.startswith("the trump card is") for line in data["assumed"])
    assert any("if the trump card is 7" in t["fact"] for t in data["turns_on"])


@pytest.mark.clause("trump-card")
def test_trump_card_in_a_family_without_one_is_refused() -> None:
    with pytest.raises(InputError, match="turns up no trump card"):
        ask_json({"variant": "classic", "trump": "7S", "actions": ["draw"]})


@pytest.mark.clause("stock-exhaustion")
def test_stock_exhaustion_the_hand_ends_with_the_turn_that_drew_the_last_card() -> None:
    data = ask_json(
        {
            **_KOZ,
            "trump": "9D",
            "stock_size": 0,
            "hand": "9C 4D",
            "actions": ["discard 9C", "score"],
        }
    )
    assert data["clauses"][0]["slug"] == "stock-exhaustion"
    assert _breakdown(data, 0)["going-out"] == 0
    assert data["game"] is not None


@pytest.mark.clause("stock-exhaustion")
def test_stock_exhaustion_no_turn_begins_with_an_empty_stock() -> None:
    with pytest.raises(InputError, match="stock-exhaustion"):
        ask_json({"variant": "koz", "stock_size": 0, "actions": ["draw"]})


@pytest.mark.clause("stock-exhaustion")
def test_an_unstated_stock_is_listed_as_assumed() -> None:
    answer = answer_question(Question("koz", actions=("draw",)))
    assert any("the stock is not empty" in line for line in answer.assumed)


@pytest.mark.clause("going-out-own-opening", "opening-personal")
def test_going_out_own_opening_asked_with_flags(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "fi-5200", "--fi-taken", "us", "--fi-taken", "them"]
    argv += ["--our-meld", "KC KD KH KS KC KD KH", "--hand", "9C", "--phase", "play"]
    assert main([*argv, "--personally-opened", "no", "discard 9C"]) == 1
    assert "not-opened-personally [going-out-own-opening]" in capsys.readouterr().out
    assert main([*argv, "--personally-opened", "yes", "discard 9C"]) == 0


@pytest.mark.clause("opening-personal")
def test_personally_opened_outside_fi_5200_is_refused() -> None:
    with pytest.raises(InputError, match="opening-personal"):
        ask_json({"variant": "koz", "personally_opened": False, "actions": ["draw"]})


@pytest.mark.clause("classic-concealed")
def test_classic_concealed_laid_before_decides_the_bonus() -> None:
    question = {
        "variant": "classic",
        "melds": {"us": ["KC KD KH KS"]},
        "hand": "QC QD QH QS QC QD QH 9S",
        "phase": "play",
        "actions": ["meld QC QD QH QS QC QD QH", "discard 9S", "score"],
    }
    concealed = ask_json({**question, "laid_before": False})
    seen = ask_json({**question, "laid_before": True})
    assert _breakdown(concealed, 0)["concealed"] == 100
    assert _breakdown(seen, 0)["concealed"] == 0
    assert concealed["clauses"][0]["slug"] == "classic-concealed"


@pytest.mark.clause("game-target-fi-5200", "game-tie")
def test_game_target_fi_5200_both_teams_over_move_the_target() -> None:
    data = ask_json(
        {
            **_FI_5200,
            "fi_unplayed": [],
            "score": {"us": 5150, "them": 5190},
            "melds": {
                "us": ["KC KD KH KS KC KD KH"],
                "them": ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"],
            },
        }
    )
    assert data["game"]["target_after"] == 7200
    assert data["game"]["winner"] is None
    assert [c["slug"] for c in data["clauses"]][:2] == ["game-target-fi-5200", "game-tie"]


@pytest.mark.clause("game-target-fi-5200")
def test_game_target_fi_5200_the_target_in_force_is_a_fact_of_the_question() -> None:
    data = ask_json({**_FI_5200, "fi_unplayed": [], "score": {"us": 7000}, "target": 7200})
    assert data["game"]["target"] == 7200
    assert data["game"]["winner"] == 0
    with pytest.raises(InputError, match="the targets of fi-5200 are 5200, 7200, 9200"):
        ask_json({**_FI_5200, "target": 6000})
