"""Chapter 9, Scoring a hand (koz)."""

from __future__ import annotations

import pytest

from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.rules.points import to_half_points
from kanasta.rules.scoring import round_score, score_hand
from tests.koz.util import Phase, accept, disc, draw, koz_state, lay

P = to_half_points

# Hearts 3..9: five cards at 0.5 and two at 1 = 4.5 points; a clean canasta.
HEART_RUN = "3H 4H 5H 6H 7H 8H 9H"


@pytest.mark.clause("hand-score", "score-breakdown", "fi-bonus", "hand-penalty", "score-rounding")
def test_hand_score_every_part_of_the_koz_formula() -> None:
    state = koz_state(
        phase=Phase.OVER,
        hands=["", "5D", "5C AD", "6D 7D"],
        melds=[[HEART_RUN, "KC KD JK"], []],
        fi_takers=[0, 1],
        went_out=0,
        trump="QS",
    )
    team0, team1 = score_hand(state).teams
    # fi 10; melded 4.5 + (1 + 1 + 2); clean canasta 20; going out 10; hand -(0.5 + 1.5)
    assert dict(team0.parts) == {
        "fi": P(10),
        "melded": P("8.5"),
        "canastas": P(20),
        "going-out": P(10),
        "hand": -P(2),
        "rounding": P("0.5"),
    }
    assert team0.total == P(47)
    # fi 10; hand -(0.5 + 0.5 + 0.5) = -1.5; rounded up to -1, plus 10 = 9 (8.5 -> 9)
    assert team1.get("hand") == -P("1.5")
    assert team1.total == P(9)
    assert sum(v for _, v in team1.parts) == team1.total


@pytest.mark.clause("score-rounding")
@pytest.mark.parametrize(
    ("raw", "rounded"), [("7.5", "8"), ("-2.5", "-2"), ("-0.5", "0"), ("3", "3"), ("-4", "-4")]
)
def test_score_rounding_half_points_go_up_toward_plus_infinity(raw: str, rounded: str) -> None:
    assert P(raw) + round_score(KOZ, P(raw)) == P(rounded)


@pytest.mark.clause("score-rounding")
def test_score_rounding_only_where_the_family_rounds() -> None:
    assert round_score(FI_5200, 1) == 0


@pytest.mark.clause("score-rounding", "hand-penalty")
def test_score_rounding_of_a_negative_hand_total() -> None:
    state = koz_state(phase=Phase.OVER, hands=["5C", "AD", "4C", "KD"], trump="QS")
    team0, team1 = score_hand(state).teams
    assert team0.total == -P(1)  # -(0.5 + 0.5)
    assert team1.total == -P(2)  # -(1.5 + 1) = -2.5, rounded up to -2
    assert team1.get("rounding") == P("0.5")


@pytest.mark.clause("hand-score", "canasta-trump-match")
@pytest.mark.parametrize(("trump", "bonus"), [("7H", 40), ("AS", 20), ("9S", 20), ("JK", 20)])
def test_hand_score_trump_doubles_a_matching_clean_canasta(trump: str, bonus: int) -> None:
    state = koz_state(phase=Phase.OVER, hands=["", "", "", ""], melds=[[HEART_RUN]], trump=trump)
    assert score_hand(state).teams[0].get("canastas") == P(bonus)


@pytest.mark.clause("hand-score", "canasta-trump-match")
@pytest.mark.parametrize(("trump", "bonus"), [("8H", 20), ("8S", 20), ("9C", 10)])
def test_hand_score_trump_rank_doubles_a_dirty_set_canasta(trump: str, bonus: int) -> None:
    state = koz_state(
        phase=Phase.OVER, hands=["", "", "", ""], melds=[["8C 8D 8H 8S 8C 8D JK"]], trump=trump
    )
    assert score_hand(state).teams[0].get("canastas") == P(bonus)


@pytest.mark.clause("hand-score", "canasta-super", "canasta-all-wild")
@pytest.mark.parametrize(
    ("meld_cards", "trump", "bonus"),
    [
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "5H", 100),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "5S", 200),
        ("2C 2D 2H 2S JK JK 2C", "5S", 150),
        ("2C 2D 2H 2S JK JK 2C", "JK", 300),
    ],
)
def test_hand_score_super_and_all_wild_canastas(meld_cards: str, trump: str, bonus: int) -> None:
    state = koz_state(phase=Phase.OVER, hands=["", "", "", ""], melds=[[meld_cards]], trump=trump)
    assert score_hand(state).teams[0].get("canastas") == P(bonus)


@pytest.mark.clause("fi-unplayed", "fi-bonus")
def test_fi_unplayed_counts_10_and_its_cards_count_against() -> None:
    canasta = "9S 9H 9D 9C 9S 9H 9D"
    state = koz_state(hands=["9C"], melds=[[canasta]], stock_top="KC", stock_size=1, trump="KC")
    state = accept(state, draw(), lay(0, "9C"), disc("KC"))
    assert state.hand_over
    team0 = score_hand(state).teams[0]
    assert team0.get("fi") == P(10)
    fi_cards = state.hands[0]
    assert len(fi_cards) == 11
    assert team0.get("hand") == -sum(KOZ.hand_card_points(c) for c in fi_cards) - sum(
        KOZ.hand_card_points(c) for c in state.hands[2]
    )
    assert team0.get("going-out") == 0


@pytest.mark.clause("hand-penalty")
def test_hand_penalty_counts_both_partners_whoever_went_out() -> None:
    state = koz_state(
        phase=Phase.OVER,
        hands=["KC", "", "QC", "JC"],
        melds=[[], ["9S 9H 9D 9C 9S 9H 9D"]],
        fi_takers=[0, 1],
        went_out=1,
    )
    team0, team1 = score_hand(state).teams
    assert team0.get("hand") == -P(2)
    assert team1.get("hand") == -P(1)
    assert team1.get("going-out") == P(10)
    assert team0.get("going-out") == 0


@pytest.mark.clause("score-breakdown")
def test_score_breakdown_json_and_text() -> None:
    state = koz_state(phase=Phase.OVER, hands=["5C", "AD", "4C", "KD"])
    score = score_hand(state)
    data = score.to_json()
    teams = data["teams"]
    assert isinstance(teams, list)
    assert teams[1]["total"] == -2
    assert teams[1]["breakdown"]["rounding"] == 0.5
    assert score.totals == (-P(1), -P(2))
    assert "rounding" in score.format()
