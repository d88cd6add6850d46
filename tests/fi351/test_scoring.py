"""Chapter 9 in fi-351: the parts of the hand score, half points kept, the canasta kind fixed
when it formed, an unplayed fi."""

from __future__ import annotations

from typing import Any

import pytest

from kanasta.io.scenario import build_meld
from kanasta.rules.canastas import CanastaKind
from kanasta.rules.families import Rounding
from kanasta.rules.points import to_half_points as P
from kanasta.rules.scoring import round_score, score_hand
from kanasta.rules.state import State
from tests.fi351.util import CANASTA, FI_351, Phase, accept, disc, fi_state, profile


def _over(*hands: str, **kwargs: Any) -> State:
    return accept(
        fi_state(hands=list(hands), phase=Phase.PLAY, **kwargs), disc(hands[0].split()[0])
    )


@pytest.mark.clause("hand-score-fi-351", "fi-bonus", "hand-penalty", "card-points-koz")
def test_hand_score_fi_351_parts() -> None:
    final = _over(
        "8C", "5D", "3C 4C", "7D 8D", melds=[[CANASTA], ["10C 10D 10S"]], fi_takers=[0, 1]
    )
    score = score_hand(final)
    assert score.teams[0].parts == (
        ("fi", P(10)),
        ("melded", P(7)),
        ("canastas", P(20)),
        ("going-out", P(10)),
        ("hand", P(-1)),
    )
    assert score.totals == (P(46), P(11))


@pytest.mark.clause("score-halves-fi-351", "points-exact")
def test_score_halves_fi_351_not_rounded() -> None:
    assert FI_351.rounding is Rounding.NONE
    assert round_score(FI_351, P("23.5")) == 0
    final = _over("8C", "5D", "3C", "7D 8D", melds=[[CANASTA], ["10C 10D 10S"]], fi_takers=[0, 1])
    assert score_hand(final).totals == (P("46.5"), P(11))


@pytest.mark.clause("canasta-kind-at-forming-fi-351", "canasta-clean-dirty")
def test_canasta_kind_at_forming_fi_351_fixed_by_the_batch_that_makes_seven() -> None:
    assert build_meld(FI_351, [CANASTA, "JK"]).canasta is CanastaKind.CLEAN
    assert build_meld(FI_351, ["8S 8H 8D JK", "8C 8S 8H", "8D"]).canasta is CanastaKind.DIRTY
    assert build_meld(FI_351, ["5H 6H 7H", "8H 9H 10H JK"]).canasta is CanastaKind.DIRTY
    assert build_meld(FI_351, ["5H 6H 7H 8H 9H 10H", "JK"]).canasta is CanastaKind.DIRTY
    assert build_meld(FI_351, ["5H 6H 7H 8H 9H", "JK"]).canasta is None
    assert build_meld(FI_351, ["5H 6H 7H 8H 9H 10H JK"]).canasta is CanastaKind.DIRTY


@pytest.mark.clause("fi-unplayed", "fi-bonus")
def test_fi_unplayed_counts_in_fi_351() -> None:
    fi = "KC KD KH KS QC QD QH QS JC JD JH"
    state = fi_state(
        hands=["5D", fi, "8C", "3C"],
        melds=[[CANASTA], ["10C 10D 10S"]],
        fi_takers=[0, 1],
        fi_waiting=[1],
        turn=2,
        phase=Phase.PLAY,
    )
    score = score_hand(accept(state, disc("8C")))
    assert score.teams[1].get("fi") == P(10)
    assert score.teams[1].get("hand") == P("-11.5")


@pytest.mark.clause("hand-score-fi-351", "players-fi-351")
def test_hand_score_fi_351_three_players() -> None:
    state = fi_state(
        "players-3",
        hands=["KD", "8C", "3C 4C"],
        melds=[[], [CANASTA], ["10C 10D 10S"]],
        fi_takers=[1, 2],
        turn=1,
        phase=Phase.PLAY,
    )
    assert state.profile is profile("players-3")
    score = score_hand(accept(state, disc("8C")))
    assert score.totals == (P(-1), P(47), P(12))
