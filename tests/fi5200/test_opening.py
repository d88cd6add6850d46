"""Chapter 7, the fi-5200 opening: 45 without wilds / 90 with a wild-free run, personal
openings, the forced canasta opening."""

from __future__ import annotations

import pytest

from kanasta.engine import legal_actions
from kanasta.errors import Violation
from kanasta.rules.actions import ActionType
from kanasta.rules.cards import parse_cards
from kanasta.rules.melds import validate_meld
from kanasta.rules.opening import get_opening_band, is_forced, is_wild_free
from kanasta.rules.points import to_half_points as P
from kanasta.rules.state import State, get_provisional_melds, has_opened
from tests.fi5200.util import (
    CANASTA,
    FI_5200,
    Phase,
    accept,
    back,
    disc,
    fi_state,
    lay,
    meld,
    reject,
)

# --------------------------------------------------------------------------- bands


@pytest.mark.clause("opening-bands-fi-5200", "opening-band-900")
def test_opening_band_900_is_in_the_upper_band() -> None:
    lower = get_opening_band(FI_5200, P(895))
    upper = get_opening_band(FI_5200, P(900))
    assert lower is not None
    assert upper is not None
    assert (lower.min_points, lower.wild_melds_count) == (P(45), False)
    assert (upper.min_points, upper.wild_melds_count, upper.needs_clean_run) == (P(90), True, True)
    negative = get_opening_band(FI_5200, P(-600))
    assert negative == lower


@pytest.mark.clause("opening-band-900", "opening-upper-band")
def test_opening_band_900_decides_at_895_and_900() -> None:
    hand = "4H 5H 6H 8C 8D 8S KC"  # 45 without wilds
    state = fi_state(hands=[hand], phase=Phase.PLAY, team_scores=[895, 0])
    accept(state, meld("4H 5H 6H"), meld("8C 8D 8S"), disc("KC"))
    state = fi_state(hands=[hand], phase=Phase.PLAY, team_scores=[900, 0])
    start = accept(state, meld("4H 5H 6H"), meld("8C 8D 8S"))
    reject(start, disc("KC"), "opening-upper-band", "below-threshold")


# --------------------------------------------------------------------------- lower band


@pytest.mark.clause("opening-lower-band")
def test_opening_lower_band_4_5_6_and_8_8_8_make_exactly_45() -> None:
    state = fi_state(hands=["4H 5H 6H 8C 8D 8S KC"], phase=Phase.PLAY)
    after = accept(state, meld("4H 5H 6H"), meld("8C 8D 8S"), disc("KC"))
    assert after.opened == (True, False)
    assert after.seat_opened == (True, False, False, False)


@pytest.mark.clause("opening-lower-band", "opening-no-wild-reading", "natural-two-in-place")
def test_opening_lower_band_a_to_7_with_the_2_in_place_is_45() -> None:
    state = fi_state(hands=["AS 2S 3S 4S 5S 6S 7S KC"], phase=Phase.PLAY)
    after = accept(state, meld("AS 2S 3S 4S 5S 6S 7S"), disc("KC"))
    assert after.opened[0]


@pytest.mark.clause("opening-lower-band")
def test_opening_lower_band_nine_cards_of_5_points() -> None:
    state = fi_state(hands=["5H 6H 7H 3C 3D 3S 4C 4D 4S KC"], phase=Phase.PLAY)
    after = accept(state, meld("5H 6H 7H"), meld("3C 3D 3S"), meld("4C 4D 4S"), disc("KC"))
    assert after.opened[0]


@pytest.mark.clause("opening-lower-band")
def test_opening_lower_band_40_points_are_refused() -> None:
    state = accept(
        fi_state(hands=["4H 5H 6H 8C 8D 3S 3C 3D KC"], phase=Phase.PLAY),
        meld("4H 5H 6H"),
        meld("3C 3D 3S"),
    )
    reject(state, disc("KC"), "opening-lower-band", "below-threshold")
    assert [a.type for a in legal_actions(state)].count(ActionType.DISCARD) == 0
    assert back() in legal_actions(state)


@pytest.mark.clause("opening-lower-band")
def test_opening_lower_band_needs_a_run() -> None:
    state = accept(
        fi_state(hands=["8C 8D 8S KC KD KS QC"], phase=Phase.PLAY),
        meld("8C 8D 8S"),
        meld("KC KD KS"),
    )
    reject(state, disc("QC"), "opening-lower-band", "no-clean-run")


@pytest.mark.clause("opening-no-wild-reading", "opening-lower-band")
def test_opening_no_wild_reading_a_meld_with_a_wild_adds_nothing() -> None:
    state = accept(
        fi_state(hands=["4H 5H 6H 8C 8D 8S 2C KC"], phase=Phase.PLAY),
        meld("4H 5H 6H"),
        meld("2C 8C 8D 8S"),
    )
    reject(state, disc("KC"), "opening-lower-band", "below-threshold")


@pytest.mark.clause("opening-no-wild-reading")
def test_opening_no_wild_reading_wilds_in_other_melds_are_allowed() -> None:
    state = fi_state(hands=["4H 5H 6H 8C 8D 8S 9C 9D JK KC"], phase=Phase.PLAY)
    after = accept(state, meld("4H 5H 6H"), meld("8C 8D 8S"), meld("9C 9D JK"), disc("KC"))
    assert after.opened[0]
    assert len(after.melds[0]) == 3


@pytest.mark.clause("opening-no-wild-reading")
def test_opening_no_wild_reading_a_wild_laid_off_in_the_same_turn_spoils_the_meld() -> None:
    state = accept(
        fi_state(hands=["4H 5H 6H 8C 8D 8S JK KC"], phase=Phase.PLAY),
        meld("4H 5H 6H"),
        meld("8C 8D 8S"),
        lay(1, "JK"),
    )
    reject(state, disc("KC"), "opening-lower-band", "below-threshold")


@pytest.mark.clause("opening-bands-fi-5200", "opening-lower-band")
def test_opening_bands_fi_5200_no_exception_for_an_emptied_hand() -> None:
    state = fi_state(hands=["4H 5H 6H 7C 7D 7S"], phase=Phase.PLAY)
    state = accept(state, meld("4H 5H 6H"))
    reject(state, meld("7C 7D 7S"), "opening-lower-band", "below-threshold")
    assert state.profile.opening_waiver_cards is None


@pytest.mark.clause("opening-lower-band", "fi-pickup", "fi-continue")
def test_opening_lower_band_the_opening_may_empty_the_hand_and_take_a_fi() -> None:
    state = accept(
        fi_state(hands=["4H 5H 6H 8C 8D 8S 9S 9D 9H"], phase=Phase.PLAY),
        meld("4H 5H 6H"),
        meld("8C 8D 8S"),
        meld("9S 9D 9H"),
    )
    assert state.fi_takers == (0,)
    assert state.seat_opened[0]
    assert state.opened[0]
    assert (state.turn, state.phase, len(state.hands[0])) == (0, Phase.PLAY, 11)


# --------------------------------------------------------------------------- upper band


@pytest.mark.clause("opening-upper-band")
def test_opening_upper_band_the_90_example_with_a_legal_last_meld() -> None:
    state = fi_state(
        hands=["4H 5H 6H 8C 8D 2S 3C 3D 2H QC QD 2D KC"], phase=Phase.PLAY, team_scores=[1500, 0]
    )
    after = accept(
        state, meld("4H 5H 6H"), meld("8C 8D 2S"), meld("3C 3D 2H"), meld("QC QD 2D"), disc("KC")
    )
    assert after.opened[0]


@pytest.mark.clause("opening-upper-band", "run-wild-three-naturals-example")
def test_opening_upper_band_the_10_wild_q_of_the_example_is_no_meld() -> None:
    state = fi_state(hands=["10H 2D QH KC"], phase=Phase.PLAY, team_scores=[1500, 0])
    reject(state, meld("10H 2D QH"), "run-wild-after-three-naturals", "wild-needs-three-naturals")


@pytest.mark.clause("opening-upper-band")
def test_opening_upper_band_the_run_must_be_wild_free() -> None:
    state = accept(
        fi_state(
            hands=["4H 5H 6H 2S AC AD AS KC KD KS QC"], phase=Phase.PLAY, team_scores=[900, 0]
        ),
        meld("4H 5H 6H 2S"),
        meld("AC AD AS"),
        meld("KC KD KS"),
    )
    reject(state, disc("QC"), "opening-upper-band", "no-clean-run")


@pytest.mark.clause("opening-upper-band")
def test_opening_upper_band_85_points_are_refused() -> None:
    state = accept(
        fi_state(
            hands=["4H 5H 6H 8C 8D 2S 3C 3D 2H KC KD"], phase=Phase.PLAY, team_scores=[900, 0]
        ),
        meld("4H 5H 6H"),
        meld("8C 8D 2S"),
        meld("3C 3D 2H"),
    )
    reject(state, disc("KC"), "opening-upper-band", "below-threshold")


# --------------------------------------------------------------------------- personal


def _partner_opened(hand: str) -> State:
    return fi_state(
        hands=[None, None, hand],
        melds=[["4H 5H 6H", "8C 8D 8S"]],
        seat_opened=[True, False, False, False],
        turn=2,
        phase=Phase.PLAY,
    )


@pytest.mark.clause("opening-personal", "lay-off-own-team")
def test_opening_personal_laying_off_without_opening() -> None:
    state = _partner_opened("7H 8H QC KC")
    after = accept(state, lay(0, "7H 8H"), disc("QC"))
    assert after.seat_opened == (True, False, False, False)
    assert after.opened == (True, False)


@pytest.mark.clause("opening-personal", "opening-provisional")
def test_opening_personal_a_new_meld_is_the_players_own_opening() -> None:
    state = accept(_partner_opened("JC JD JS QC KC"), meld("JC JD JS"))
    assert state.provisional == 1
    assert [m.all_cards for m in get_provisional_melds(state, 0)] == [state.melds[0][2].all_cards]
    reject(state, disc("QC"), "opening-lower-band", "no-clean-run")


@pytest.mark.clause("opening-personal", "opening-take-back")
def test_opening_personal_take_back_returns_only_the_players_melds() -> None:
    start = _partner_opened("7H JC JD JS QC KC")
    state = accept(start, lay(0, "7H"), meld("JC JD JS"))
    after = accept(state, back())
    assert len(after.melds[0]) == 2
    assert len(after.melds[0][0].all_cards) == 4
    assert sorted(after.hands[2]) == sorted(state.hands[2] + state.melds[0][2].all_cards)
    assert after.provisional == 0


@pytest.mark.clause("opening-personal")
def test_opening_personal_the_partner_opens_at_45_too() -> None:
    state = _partner_opened("10C 10D 10S JH QH KH 5C")
    after = accept(state, meld("10C 10D 10S"), meld("JH QH KH"), disc("5C"))
    assert after.seat_opened == (True, False, True, False)
    assert has_opened(after, 2)


@pytest.mark.clause("opening-personal", "fi-pickup")
def test_opening_personal_a_fi_taken_by_laying_off_opens_nobody() -> None:
    state = _partner_opened("7H 8H")
    after = accept(state, lay(0, "7H 8H"))
    assert after.fi_takers == (2,)
    assert not after.seat_opened[2]
    assert after.phase is Phase.PLAY


# --------------------------------------------------------------------------- forced


def _forced(hand: str) -> State:
    return fi_state(
        hands=[None, hand],
        melds=[[CANASTA]],
        fi_takers=[0, 2],
        turn=1,
        phase=Phase.PLAY,
    )


@pytest.mark.clause("forced-canasta-trigger")
def test_forced_canasta_trigger_both_fi_by_one_team_before_the_other_opened() -> None:
    state = _forced("4H 5H 6H 8C 8D 8S KC")
    assert is_forced(state, 1)
    assert not is_forced(state, 0)
    split = fi_state(fi_takers=[0, 1], melds=[[CANASTA]], hands=[None, "KC"])
    assert not is_forced(split, 1)
    one_left = fi_state(fi_takers=[0], melds=[[CANASTA]])
    assert not is_forced(one_left, 1)


@pytest.mark.clause("forced-canasta-trigger")
def test_forced_canasta_trigger_by_taking_the_second_fi() -> None:
    state = fi_state(
        hands=[None, None, "QC"], melds=[[CANASTA]], fi_takers=[0], turn=2, phase=Phase.PLAY
    )
    assert not is_forced(state, 1)
    after = accept(state, disc("QC"))
    assert after.fi_takers == (0, 2)
    assert is_forced(after, 1)


@pytest.mark.clause("forced-canasta-opening")
def test_forced_canasta_opening_45_points_are_not_enough() -> None:
    state = accept(_forced("4H 5H 6H 8C 8D 8S KC"), meld("4H 5H 6H"), meld("8C 8D 8S"))
    reject(state, disc("KC"), "forced-canasta-opening", "no-canasta-opening")


@pytest.mark.clause("forced-canasta-opening", "canasta-half-full")
def test_forced_canasta_opening_with_a_half_canasta_and_a_wild() -> None:
    state = accept(_forced("7C 7C 7D 7D 7H 7H 2S KC"), meld("7C 7C 7D 7D 7H 7H 2S"))
    assert state.melds[1][0].canasta is not None
    after = accept(state, disc("KC"))
    assert after.opened == (True, True)
    assert not is_forced(after, 1)


@pytest.mark.clause("forced-canasta-opening", "canasta-kind-fixed")
def test_forced_canasta_opening_built_with_lay_offs_in_the_turn() -> None:
    state = accept(_forced("7C 7C 7D 7D 7H 7H 7S KC"), meld("7C 7D 7H"), lay(0, "7C 7D 7H 7S"))
    after = accept(state, disc("KC"))
    assert after.opened[1]


@pytest.mark.clause("forced-canasta-opening", "opening-personal")
def test_forced_canasta_opening_then_the_partner_opens_normally() -> None:
    state = fi_state(
        hands=[None, None, None, "JC JD JS QC"],
        melds=[[CANASTA], ["7C 7C 7D 7D 7H 7H 2S"]],
        seat_opened=[True, True, False, False],
        fi_takers=[0, 2],
        turn=3,
        phase=Phase.PLAY,
    )
    assert not is_forced(state, 1)
    after = accept(state, meld("JC JD JS"))
    reject(after, disc("QC"), "opening-lower-band", "no-clean-run")


@pytest.mark.clause("opening-natural-two", "opening-lower-band", "twos-set")
def test_opening_natural_two_a_set_of_2s_adds_nothing_to_the_45() -> None:
    # Seat 0 (team 0): 4-5-6 (15) with 2-2-2 (30 as jokers) is refused.
    state = accept(
        fi_state(hands=["4H 5H 6H 2C 2D 2S KC QD"], phase=Phase.PLAY),
        meld("4H 5H 6H"),
        meld("2C 2D 2S"),
    )
    reject(state, disc("KC"), "opening-lower-band", "below-threshold")
    # Seat 3 (team 1): the same with a full set of 2s and a joker beside 45 without wilds.
    opened = accept(
        fi_state(
            hands=[None, None, None, "4S 5S 6S 8C 8D 8H 2C 2C 2D 2D 2H 2H JK KC QD"],
            turn=3,
            phase=Phase.PLAY,
        ),
        meld("4S 5S 6S"),
        meld("2C 2C 2D 2D 2H 2H JK"),
        meld("8C 8D 8H"),
        disc("KC"),
    )
    assert opened.seat_opened == (False, False, False, True)
    assert opened.melds[1][1].canasta is not None


@pytest.mark.clause("opening-natural-two", "natural-two-in-place")
def test_opening_natural_two_only_a_2_in_its_own_run_place_is_natural() -> None:
    def free(text: str) -> bool:
        meld_ = validate_meld(FI_5200, parse_cards(text))
        assert not isinstance(meld_, Violation)
        return is_wild_free(meld_)

    assert free("AS 2S 3S")  # the 2 of spades in place 2
    assert free("2H 3H 4H 5H")
    assert not free("2C 3H 4H 5H")  # a 2 of another suit acts as the wild
    assert not free("2C 2D 2S")  # a set of 2s: no 2 stands in a run place
    assert not free("8C 8D 2S")
    assert free("8C 8D 8S")
    # Seat 2 (team 0), after the partner opened: A-2-3-4 of spades (30) and 5-5-5 (15).
    state = fi_state(
        hands=[None, None, "AS 2S 3S 4S 5C 5D 5H KC QD"],
        melds=[["10C 10D 10S", "JH QH KH"]],
        seat_opened=[True, False, False, False],
        turn=2,
        phase=Phase.PLAY,
    )
    after = accept(state, meld("AS 2S 3S 4S"), meld("5C 5D 5H"), disc("KC"))
    assert after.seat_opened == (True, False, True, False)
