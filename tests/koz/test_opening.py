"""Chapter 7, The opening (koz): a wild-free run and a threshold by the team's score."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kanasta.engine import legal_actions
from kanasta.families.koz import PROFILE as KOZ
from kanasta.io.scenario import build_meld
from kanasta.rules.actions import ActionType
from kanasta.rules.opening import get_opening_band, get_opening_total, is_clean_run
from kanasta.rules.points import to_half_points
from kanasta.rules.state import State
from tests.koz.util import Phase, accept, back, disc, koz_state, lay, meld, reject

# 3H 4H 5H = 1.5; 8C 8D 8S = 3; together exactly 4.5.
RUN_1_5 = "3H 4H 5H"
SET_3 = "8C 8D 8S"


def _opener(score: int | str) -> State:
    hand = f"{RUN_1_5} {SET_3} KC KD KS QC QD QS 6C 7C"
    return koz_state(hands=[hand], phase=Phase.PLAY, team_scores=[score, 0])


@pytest.mark.clause("opening-bands")
@pytest.mark.parametrize(
    ("score", "threshold"),
    [(0, "4.5"), (99, "4.5"), (100, "7.5"), (199, "7.5"), (200, "10"), (299, "10"), (1000, "10")],
)
def test_opening_bands_by_team_score_before_the_hand(score: int, threshold: str) -> None:
    band = get_opening_band(KOZ, to_half_points(score))
    assert band is not None
    assert band.min_points == to_half_points(threshold)


@pytest.mark.clause("opening-negative-score")
@pytest.mark.parametrize("score", [-1, -50, -400])
def test_opening_negative_score_is_in_the_lowest_band(score: int) -> None:
    band = get_opening_band(KOZ, to_half_points(score))
    assert band is not None
    assert band.min_points == to_half_points("4.5")


@pytest.mark.clause("opening-threshold-inclusive", "opening-checked-at-discard")
def test_opening_threshold_inclusive_exactly_4_5_opens() -> None:
    state = accept(_opener(0), meld(RUN_1_5), meld(SET_3))
    assert state.opened == (False, False)
    after = accept(state, disc("6C"))
    assert after.opened == (True, False)


@pytest.mark.clause("opening-threshold", "opening-checked-at-discard")
def test_opening_threshold_below_is_refused_at_the_discard() -> None:
    state = accept(_opener(0), meld(RUN_1_5))
    reject(state, disc("6C"), "opening-threshold", "below-threshold")
    assert all(a.type is not ActionType.DISCARD for a in legal_actions(state))


@pytest.mark.clause("opening-bands", "opening-threshold")
@pytest.mark.parametrize(("score", "opens"), [(99, True), (100, False), (-10, True)])
def test_opening_bands_4_5_points_open_only_below_100(score: int, opens: bool) -> None:
    state = accept(_opener(score), meld(RUN_1_5), meld(SET_3))
    if opens:
        accept(state, disc("6C"))
    else:
        reject(state, disc("6C"), "opening-threshold", "below-threshold")


@pytest.mark.clause("opening-bands", "opening-threshold-inclusive")
@pytest.mark.parametrize(("score", "opens"), [(150, True), (199, True), (200, False)])
def test_opening_bands_7_5_points_open_only_below_200(score: int, opens: bool) -> None:
    # 1.5 + 3 + KC KD KS (3) = 7.5
    state = accept(_opener(score), meld(RUN_1_5), meld(SET_3), meld("KC KD KS"))
    if opens:
        accept(state, disc("6C"))
    else:
        reject(state, disc("6C"), "opening-threshold", "below-threshold")


@pytest.mark.clause("opening-bands", "opening-threshold-inclusive")
def test_opening_bands_10_points_from_200() -> None:
    # 1.5 + 3 + 3 + QC QD QS (3) = 10.5
    state = accept(_opener(200), meld(RUN_1_5), meld(SET_3), meld("KC KD KS"), meld("QC QD QS"))
    assert accept(state, disc("6C")).opened[0]


@pytest.mark.clause("opening-clean-run")
def test_opening_clean_run_required_even_with_enough_points() -> None:
    state = koz_state(hands=["8S 8H 8D 5C 6C JK 9D 9H"], phase=Phase.PLAY)
    state = accept(state, meld("8S 8H 8D"), meld("5C 6C JK", wild_at=7))
    reject(state, disc("9D"), "opening-clean-run", "no-clean-run")


@pytest.mark.clause("opening-clean-run")
def test_opening_clean_run_a_two_in_its_place_is_natural() -> None:
    state = koz_state(hands=["AH 2H 3H KC KD KS 9D 9H"], phase=Phase.PLAY)
    state = accept(state, meld("AH 2H 3H"), meld("KC KD KS"))
    assert is_clean_run(state.melds[0][0])
    assert accept(state, disc("9D")).opened[0]


@pytest.mark.clause("opening-clean-run")
def test_opening_clean_run_a_run_with_a_wild_does_not_qualify() -> None:
    assert not is_clean_run(build_meld(KOZ, "4H 5H 6H JK"))
    assert not is_clean_run(build_meld(KOZ, "8C 8D 8S"))
    assert is_clean_run(build_meld(KOZ, "4H 5H 6H"))


@pytest.mark.clause("opening-waiver")
def test_opening_waiver_one_card_left_needs_no_points() -> None:
    # Seven hearts 3..9 (a clean canasta, 4.5 points) with a team score of 200
    # (threshold 10); one card is left, to be discarded.
    state = koz_state(hands=["3H 4H 5H 6H 7H 8H 9H KC"], phase=Phase.PLAY, team_scores=[200, 0])
    state = accept(state, meld("3H 4H 5H 6H 7H 8H 9H"))
    after = accept(state, disc("KC"))
    assert after.opened[0]
    assert after.fi_takers == (0,)


@pytest.mark.clause("opening-waiver")
def test_opening_waiver_not_with_two_cards_left() -> None:
    state = koz_state(hands=["3H 4H 5H 6H 7H 8H 9H KC QC"], phase=Phase.PLAY, team_scores=[200, 0])
    state = accept(state, meld("3H 4H 5H 6H 7H 8H 9H"))
    reject(state, disc("KC"), "opening-threshold", "below-threshold")


@pytest.mark.clause("opening-waiver")
def test_opening_waiver_when_the_hand_is_emptied_by_melding() -> None:
    state = koz_state(hands=["3H 4H 5H 6H 7H 8H 9H"], phase=Phase.PLAY, team_scores=[250, 0])
    after = accept(state, meld("3H 4H 5H 6H 7H 8H 9H"))
    assert after.opened[0]
    assert after.phase is Phase.PLAY
    assert len(after.hands[0]) == 11


@pytest.mark.clause("opening-waiver", "emptying-needs-canasta")
@pytest.mark.parametrize("seat", [0, 3])
def test_opening_waiver_helps_only_an_opening_that_holds_a_canasta(seat: int) -> None:
    # One card left after a 1.5-point run (threshold 10): the points are waived,
    # but discarding the last card empties the hand, which needs a canasta.
    hands: list[str | None] = [None] * 4
    hands[seat] = "3H 4H 5H KC"
    scores = [0, 0]
    scores[seat % 2] = 200
    state = koz_state(hands=hands, phase=Phase.PLAY, turn=seat, team_scores=scores)
    state = accept(state, meld("3H 4H 5H"))
    reject(state, disc("KC"), "emptying-needs-canasta", "no-canasta")
    # with two cards left the waiver does not apply and the threshold refuses it
    hands[seat] = "3H 4H 5H KC QC"
    state = koz_state(hands=hands, phase=Phase.PLAY, turn=seat, team_scores=scores)
    state = accept(state, meld("3H 4H 5H"))
    reject(state, disc("KC"), "opening-threshold", "below-threshold")


@pytest.mark.clause("opening-waiver", "opening-clean-run")
def test_opening_waiver_does_not_waive_the_clean_run() -> None:
    state = koz_state(hands=["8S 8H 8D 8C 8S 8H 8D KC"], phase=Phase.PLAY)
    state = accept(state, meld("8S 8H 8D 8C 8S 8H 8D"))
    reject(state, disc("KC"), "opening-clean-run", "no-clean-run")
    emptied = koz_state(hands=["8S 8H 8D 8C 8S 8H 8D"], phase=Phase.PLAY)
    reject(emptied, meld("8S 8H 8D 8C 8S 8H 8D"), "opening-clean-run", "no-clean-run")


@pytest.mark.clause("opening-total")
def test_opening_total_counts_lay_offs_onto_the_provisional_melds() -> None:
    # Score 100: threshold 7.5. 1.5 + 3 = 4.5 is short; laying off 6H 7H 8H 9H
    # onto the run adds 0.5 + 0.5 + 1 + 1 = 3.
    state = koz_state(
        hands=[f"{RUN_1_5} {SET_3} 6H 7H 8H 9H 6C 7C"], phase=Phase.PLAY, team_scores=[100, 0]
    )
    state = accept(state, meld(RUN_1_5), meld(SET_3))
    reject(state, disc("6C"), "opening-threshold", "below-threshold")
    assert accept(state, lay(0, "6H 7H 8H 9H"), disc("6C")).opened[0]


@pytest.mark.clause("opening-total")
def test_opening_total_counts_wilds_at_their_value() -> None:
    # 1.5 + KC KD JK (1 + 1 + 2) = 5.5 >= 4.5; without the joker 3.5 would not do.
    state = koz_state(hands=[f"{RUN_1_5} KC KD JK 6C 7C"], phase=Phase.PLAY)
    assert accept(state, meld(RUN_1_5), meld("KC KD JK"), disc("6C")).opened[0]


@pytest.mark.clause("opening-total")
def test_opening_total_is_card_points_without_canasta_bonus() -> None:
    canasta = build_meld(KOZ, "3H 4H 5H 6H 7H 8H 9H")
    band = get_opening_band(KOZ, 0)
    assert band is not None
    assert canasta.canasta is not None
    assert get_opening_total(KOZ, (canasta,), band) == to_half_points("4.5")


@pytest.mark.clause("opening-total")
def test_opening_total_without_wilds_when_a_band_says_so() -> None:
    band = replace(KOZ.opening_bands[0], wilds_count=False)
    melds = (build_meld(KOZ, "KC KD JK"), build_meld(KOZ, "4H 5H 6H 7H JK"))
    assert get_opening_total(KOZ, melds, band) == to_half_points(4)


@pytest.mark.clause("opening-take-back", "opening-provisional")
def test_opening_take_back_returns_the_provisional_melds() -> None:
    start = _opener(0)
    state = accept(start, meld(RUN_1_5), meld(SET_3))
    assert back() in legal_actions(state)
    after = accept(state, back())
    assert after.melds == ((), ())
    assert sorted(after.hands[0]) == sorted(start.hands[0])
    assert after.opened == (False, False)


@pytest.mark.clause("opening-take-back")
def test_opening_take_back_refused_without_a_provisional_opening() -> None:
    reject(_opener(0), back(), "opening-take-back", "nothing-to-take-back")
    opened = koz_state(hands=["4C 5C"], melds=[["4H 5H 6H"]], phase=Phase.PLAY)
    reject(opened, back(), "opening-take-back", "nothing-to-take-back")


@pytest.mark.clause("opening-provisional")
def test_opening_provisional_a_short_meld_is_legal_until_the_discard() -> None:
    state = accept(_opener(0), meld(RUN_1_5))
    assert state.melds[0]
    assert not state.opened[0]
    kinds = {a.type for a in legal_actions(state)}
    assert ActionType.TAKE_BACK in kinds
    assert ActionType.DISCARD not in kinds


@pytest.mark.clause("opening-team")
def test_opening_team_the_partner_melds_freely_after_the_opening() -> None:
    state = koz_state(
        hands=["4C", "5C", "KC KD JK 6D 7D", "6C"],
        melds=[["3H 4H 5H"]],
        phase=Phase.PLAY,
        turn=2,
    )
    after = accept(state, meld("KC KD JK"), disc("6D"))
    assert after.melds[0][1].rank == 13


@pytest.mark.clause("opening-team")
def test_opening_team_the_partner_lays_off_without_opening_personally() -> None:
    state = koz_state(
        hands=["4C", "5C", "6H 6D 7D", "6C"], melds=[["3H 4H 5H"]], phase=Phase.PLAY, turn=2
    )
    after = accept(state, lay(0, "6H"), disc("6D"))
    assert after.melds[0][0].size == 4


@pytest.mark.clause("opening-team")
def test_opening_team_an_unopened_team_cannot_skip_the_requirement() -> None:
    # The other team's opening does not open this one.
    state = koz_state(
        hands=["4C", "KC KD JK 6D 7D"], melds=[["3H 4H 5H"], []], phase=Phase.PLAY, turn=1
    )
    state = accept(state, meld("KC KD JK"))
    reject(state, disc("6D"), "opening-clean-run", "no-clean-run")
