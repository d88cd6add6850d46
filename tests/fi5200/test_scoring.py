"""Chapter 9, the fi-5200 hand score: canastas, fi, going out, melded, hand, penalty."""

from __future__ import annotations

import pytest

from kanasta.rules.canastas import CanastaKind
from kanasta.rules.points import to_half_points as P
from kanasta.rules.scoring import HandScore, get_penalty, get_unplayed_fi, score_hand
from kanasta.rules.state import State
from tests.fi5200.util import CANASTA, FI_5200, Phase, accept, disc, draw, fi_state, lay, meld

FI_CARDS = "KC KD KH KS QC QD QH QS JC JD JH"
"""Eleven cards worth 110 in hand: a fi packet that was never played."""


def _parts(score: HandScore, team: int) -> dict[str, int]:
    return dict(score.teams[team].parts)


def _points(**parts: int) -> dict[str, int]:
    return {name.replace("_", "-"): P(value) for name, value in parts.items()}


@pytest.mark.clause("hand-score-fi-5200", "score-breakdown")
def test_hand_score_fi_5200_parts_in_the_counting_order() -> None:
    state = accept(
        fi_state(
            hands=["8C", "5D 6D", "3C 4C", "7D 8D"],
            melds=[[CANASTA, "4H 5H 6H"], ["10C 10D 10S"]],
            fi_takers=[0, 1],
            phase=Phase.PLAY,
        ),
        disc("8C"),
    )
    score = score_hand(state)
    assert [name for name, _ in score.teams[0].parts] == [
        "canastas",
        "fi",
        "going-out",
        "melded",
        "hand",
        "penalty",
    ]
    assert _parts(score, 0) == _points(
        canastas=200, fi=100, going_out=50, melded=85, hand=-10, penalty=0
    )
    assert _parts(score, 1) == _points(
        canastas=0, fi=100, going_out=0, melded=30, hand=-25, penalty=0
    )
    assert score.totals == (P(425), P(105))


@pytest.mark.clause("hand-score-fi-5200", "hand-card-points")
def test_hand_score_fi_5200_melds_left_in_hand_count_minus() -> None:
    state = fi_state(
        hands=["8C", "5D 6D 7D 8D 10D JD QD", "AC AD AS", "2C JK"],
        melds=[[CANASTA], ["10C 10D 10S"]],
        fi_takers=[0, 1],
        phase=Phase.PLAY,
    )
    score = score_hand(accept(state, disc("8C")))
    assert _parts(score, 0)["hand"] == P(-45)
    assert _parts(score, 1)["hand"] == P(-(5 * 3 + 10 * 4 + 10 + 10))


@pytest.mark.clause("no-fi-penalty")
def test_no_fi_penalty_a_team_without_a_fi_pays_100() -> None:
    state = accept(
        fi_state(
            hands=["8C", "5D 6D", "3C 4C", "7D 8D"],
            melds=[[CANASTA], ["10C 10D 10S"]],
            seat_opened=[True, True, False, False],
            fi_takers=[0, 2],
            phase=Phase.PLAY,
        ),
        disc("8C"),
    )
    assert get_penalty(state, 1) == P(-100)
    assert get_penalty(state, 0) == 0
    assert _parts(score_hand(state), 1) == _points(
        canastas=0, fi=0, going_out=0, melded=30, hand=-25, penalty=-100
    )


@pytest.mark.clause("forced-opening-penalty", "forced-canasta-opening")
def test_forced_opening_penalty_600_when_the_forced_team_never_opened() -> None:
    state = accept(
        fi_state(
            hands=["8C", "5D 6D", "3C 4C", "7D 8D"],
            melds=[[CANASTA], []],
            fi_takers=[0, 2],
            phase=Phase.PLAY,
        ),
        disc("8C"),
    )
    assert _parts(score_hand(state), 1) == _points(
        canastas=0, fi=0, going_out=0, melded=0, hand=-25, penalty=-600
    )


@pytest.mark.clause("forced-opening-penalty")
def test_forced_opening_penalty_only_100_when_the_forced_team_opened() -> None:
    forced = fi_state(
        hands=["QC JC", "7C 7C 7D 7D 7H 7H 2S KC", "3C 4C", "7S 8D"],
        melds=[[CANASTA], []],
        fi_takers=[0, 2],
        stock_top="5S 6S",
        phase=Phase.PLAY,
    )
    state = accept(forced, disc("QC"), draw(), meld("7C 7C 7D 7D 7H 7H 2S"), disc("KC"))
    assert state.opened == (True, True)
    assert get_penalty(state, 1) == P(-100)


@pytest.mark.clause("forced-opening-penalty", "stock-exhaustion")
def test_forced_opening_penalty_also_when_the_stock_runs_out() -> None:
    state = fi_state(
        hands=["8C 9C", "5D 6D", "3C 4C", "7D 8D"],
        melds=[[CANASTA], []],
        fi_takers=[0, 2],
        stock_size=1,
        stock_top="KD",
    )
    over = accept(state, draw(), disc("KD"))
    assert (over.phase, over.went_out) == (Phase.OVER, None)
    assert _parts(score_hand(over), 1)["penalty"] == P(-600)
    assert _parts(score_hand(over), 0)["going-out"] == 0


def _case_a() -> State:
    """Team 0 took the first fi; seat 1 took the second by discarding; seat 2 goes out."""
    return fi_state(
        hands=["3C 4C", FI_CARDS, "8C", "5D 6D"],
        melds=[[CANASTA], ["4H 5H 6H"]],
        fi_takers=[0, 1],
        fi_waiting=[1],
        turn=2,
        phase=Phase.PLAY,
    )


@pytest.mark.clause("fi-unplayed-fi-5200", "no-fi-penalty")
def test_fi_unplayed_fi_5200_case_a_the_taker_pays_no_100_and_the_fi_counts_nothing() -> None:
    state = accept(_case_a(), disc("8C"))
    assert get_unplayed_fi(state) == (1,)
    score = score_hand(state)
    assert _parts(score, 0) == _points(
        canastas=200, fi=100, going_out=50, melded=70, hand=-10, penalty=0
    )
    assert _parts(score, 1) == _points(
        canastas=0, fi=0, going_out=0, melded=15, hand=-10, penalty=0
    )


@pytest.mark.clause("fi-unplayed-fi-5200", "no-fi-penalty")
def test_fi_unplayed_fi_5200_case_b_one_fi_counts_and_the_other_team_still_pays() -> None:
    state = fi_state(
        hands=["3C 4C", "5D 6D", FI_CARDS, "8C"],
        melds=[["4H 5H 6H"], [CANASTA]],
        fi_takers=[0, 2],
        fi_waiting=[2],
        turn=3,
        phase=Phase.PLAY,
    )
    score = score_hand(accept(state, disc("8C")))
    assert _parts(score, 0) == _points(
        canastas=0, fi=100, going_out=0, melded=15, hand=-10, penalty=0
    )
    assert _parts(score, 1) == _points(
        canastas=200, fi=0, going_out=50, melded=70, hand=-10, penalty=-100
    )


@pytest.mark.clause("fi-unplayed-fi-5200", "hand-score-fi-5200", "no-fi-penalty")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_fi_unplayed_fi_5200_the_same_seats_first_fi_still_counts(seat: int) -> None:
    hands: list[str | None] = [None] * 4
    hands[seat] = "KC"
    hands[(seat + 1) % 4] = "8C"
    hands[(seat + 2) % 4] = "5D 6D"
    hands[(seat + 3) % 4] = "3C 4C"
    melds: list[list[str]] = [[], []]
    melds[seat % 2] = ["4H 5H 6H"]
    melds[1 - seat % 2] = [CANASTA]
    state = fi_state(
        hands=hands,
        melds=melds,
        fi_takers=[seat],
        fi=[FI_CARDS],
        turn=seat,
        stock_top="9C",
        phase=Phase.PLAY,
    )
    waiting = accept(state, disc("KC"))
    assert (waiting.fi_takers, waiting.fi_waiting) == ((seat, seat), (seat,))
    over = accept(waiting, draw(), lay(0, "9C"), disc("8C"))
    assert over.phase is Phase.OVER
    score = score_hand(over)
    assert _parts(score, seat % 2) == _points(
        canastas=0, fi=100, going_out=0, melded=15, hand=-10, penalty=0
    )
    assert _parts(score, 1 - seat % 2) == _points(
        canastas=200, fi=0, going_out=50, melded=80, hand=-10, penalty=-100
    )


@pytest.mark.clause("fi-unplayed-fi-5200", "stock-exhaustion")
def test_fi_unplayed_fi_5200_a_fi_taken_with_the_last_stock_card() -> None:
    state = fi_state(
        hands=["7H", "5D 6D", "3C 4C", "7D 8D"],
        melds=[["4H 5H 6H"], ["10C 10D 10S"]],
        stock_size=1,
        stock_top="KD",
        fi_takers=[1],
    )
    over = accept(state, draw(), lay(0, "7H"), disc("KD"))
    assert over.phase is Phase.OVER
    assert (over.fi_takers, over.fi_waiting) == ((1, 0), (0,))
    score = score_hand(over)
    assert _parts(score, 0) == _points(
        canastas=0, fi=0, going_out=0, melded=20, hand=-10, penalty=0
    )


@pytest.mark.clause("fi-unplayed-fi-5200", "fi-unplayed")
def test_fi_unplayed_koz_counts_it() -> None:
    from kanasta.families.koz import PROFILE as KOZ  # noqa: PLC0415
    from kanasta.io.scenario import build_state  # noqa: PLC0415

    state = build_state(KOZ, fi_takers=[0], fi_waiting=[0])
    assert get_unplayed_fi(state) == ()


@pytest.mark.clause("twos-canasta-bonus", "canasta-bonus", "twos-set-points")
def test_twos_canasta_bonus_is_the_bonus_of_its_kind_and_nothing_more() -> None:
    # Team 0 holds seven 2s (full) and seat 0 goes out; then team 1 holds six 2s and a
    # joker (half) and seat 1 goes out.
    state = accept(
        fi_state(
            hands=["8C", "3C 4C", "5D 6D", "7D 8D"],
            melds=[["2C 2C 2D 2D 2H 2H 2S"], ["2S 3S 4S 5S", "10C 10D 10S"]],
            fi_takers=[0, 1],
            phase=Phase.PLAY,
        ),
        disc("8C"),
    )
    half = accept(
        fi_state(
            hands=["3C 4C", "8C", "5D 6D", "7D 8D"],
            melds=[["10C 10D 10S"], ["2C 2C 2D 2D 2H 2H JK"]],
            fi_takers=[0, 1],
            turn=1,
            phase=Phase.PLAY,
        ),
        disc("8C"),
    )
    full_parts = _parts(score_hand(state), 0)
    half_parts = _parts(score_hand(half), 1)
    assert state.melds[0][0].canasta is CanastaKind.FULL
    assert half.melds[1][0].canasta is CanastaKind.HALF
    # The same bonus as any full or half canasta: 200 and 100, nothing extra.
    assert full_parts["canastas"] == FI_5200.bonus("full") == P(200)
    assert half_parts["canastas"] == FI_5200.bonus("half") == P(100)
    # Every 2 at its joker value, the joker at 10.
    assert full_parts["melded"] == P(70)
    assert half_parts["melded"] == P(70)
