"""Chapter 11 for fi-5200: the extra state of a personal opening and of a waiting fi, in
JSON and in a player's view; the profile and the policies of self-play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kanasta.engine import legal_actions
from kanasta.errors import InputError
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.io.state_json import state_from_json, state_to_json, view_to_json
from kanasta.play.policy import GreedyPolicy, RandomPolicy, make_policy
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.deal import deal_from_seed, new_hand
from kanasta.rules.families import DealScheme, OpeningScope, UnplayedFi
from kanasta.rules.view import get_view
from tests.fi5200.util import CANASTA, Phase, accept, fi_state, meld


@pytest.mark.clause("rule-families", "deal-six-packets", "opening-personal")
def test_rule_families_fi_5200_profile_values() -> None:
    assert FI_5200.deal_scheme is DealScheme.SIX_PACKETS
    assert FI_5200.opening_scope is OpeningScope.PLAYER
    assert FI_5200.unplayed_fi is UnplayedFi.IGNORED
    assert FI_5200.forced_canasta_opening
    assert not FI_5200.fi_needs_canasta
    assert FI_5200.going_out_needs_discard
    assert not FI_5200.first_fi_team_discard_ban
    assert (FI_5200.bonus("no-fi"), FI_5200.bonus("forced-opening")) == (-200, -1200)
    assert (FI_5200.target_score, FI_5200.target_extensions) == (10400, (14400, 18400))


@pytest.mark.clause("state-json", "opening-personal", "fi-unplayed-fi-5200")
def test_state_json_round_trips_personal_openings_and_a_waiting_fi() -> None:
    state = accept(
        fi_state(
            hands=[None, None, "JC JD JS QC"],
            melds=[[CANASTA]],
            seat_opened=[True, False, False, False],
            fi_takers=[1],
            fi_waiting=[1],
            turn=2,
            phase=Phase.PLAY,
        ),
        meld("JC JD JS"),
    )
    data = state_to_json(state)
    extra = data["extra"]
    assert isinstance(extra, dict)
    assert extra["opened_seats"] == [True, False, False, False]
    assert (extra["provisional"], extra["fi_waiting"]) == (1, [1])
    assert state_from_json(FI_5200, data) == state


@pytest.mark.clause("state-json", "opening-personal")
def test_state_json_defaults_for_a_personal_opening() -> None:
    state = fi_state(melds=[[CANASTA]], phase=Phase.PLAY)
    data = state_to_json(state)
    extra = data["extra"]
    assert isinstance(extra, dict)
    del extra["opened_seats"], extra["provisional"]
    back = state_from_json(FI_5200, data)
    assert back.seat_opened == (True, False, True, False)
    assert back.provisional == 0
    start = new_hand(FI_5200, deal_from_seed(FI_5200, 1, dealer=3), dealer=3)
    assert state_from_json(FI_5200, state_to_json(start)) == start


def _bad(state_json: dict[str, Any], match: str, **extra: object) -> None:
    data = dict(state_json)
    data["extra"] = dict(state_json["extra"], **extra)
    with pytest.raises(InputError, match=match):
        state_from_json(FI_5200, data)


@pytest.mark.clause("state-json", "opening-personal")
def test_state_json_rejects_inconsistent_personal_openings() -> None:
    good = state_to_json(fi_state(melds=[[CANASTA]], phase=Phase.PLAY))
    _bad(good, "opened_seats", opened_seats=[True, True])
    _bad(good, "booleans", opened_seats=[1, 0, 0, 0])
    _bad(good, "does not agree", opened_seats=[False, True, False, False])
    _bad(good, "provisional", provisional=3)
    _bad(good, "only a player who has not opened", provisional=1)
    _bad(good, "took no fi", fi_waiting=[2])
    unopened = state_to_json(fi_state(hands=["4H 5H 6H KC"], phase=Phase.PLAY))
    unopened["melds"] = [[{"history": [{"cards": ["4H", "5H", "6H"]}]}], []]
    unopened["hands"][0] = ["KC"]  # type: ignore[index]
    _bad(unopened, "all its 1 melds are provisional", provisional=0)
    other = state_to_json(fi_state(melds=[[], ["4H 5H 6H"]], opened=[False, False]))
    with pytest.raises(InputError, match="provisional opening"):
        state_from_json(FI_5200, other)


@pytest.mark.clause("player-view", "opening-personal", "fi-unplayed-fi-5200")
def test_player_view_shows_personal_openings_and_waiting_fi() -> None:
    state = fi_state(
        melds=[[CANASTA]], seat_opened=[True, False, False, False], fi_takers=[1], fi_waiting=[1]
    )
    view = view_to_json(get_view(state, 3))
    assert view["opened_seats"] == [True, False, False, False]
    assert view["fi_waiting"] == [1]
    nobody_waits = view_to_json(get_view(fi_state(), 0))
    assert "fi_waiting" not in nobody_waits


@pytest.mark.clause("legal-action-count")
def test_policies_choose_legal_actions() -> None:
    state = fi_state(hands=["4H 5H 6H 8C 8D 8S 2C KC"], phase=Phase.PLAY)
    legal = legal_actions(state)
    greedy = make_policy("greedy", 1)
    assert isinstance(greedy, GreedyPolicy)
    chosen = greedy.choose(state, legal)
    assert chosen.type is ActionType.MELD
    assert 2 not in chosen.cards  # no wild while the player has not opened
    rnd = make_policy("random", 1)
    assert isinstance(rnd, RandomPolicy)
    assert rnd.choose(state, legal) == random.Random(1).choice(list(legal))


@pytest.mark.clause("opening-take-back")
def test_greedy_policy_takes_back_a_failed_opening_then_only_discards() -> None:
    state = accept(fi_state(hands=["4H 5H 6H KC QD"], phase=Phase.PLAY), meld("4H 5H 6H"))
    policy = GreedyPolicy(random.Random(0))
    first = policy.choose(state, legal_actions(state))
    assert first == Action(ActionType.TAKE_BACK)
    after = accept(state, first)
    assert policy.choose(after, legal_actions(after)).type is ActionType.DISCARD


@pytest.mark.clause("take-whole-pile")
def test_greedy_policy_takes_a_pile_that_fits() -> None:
    state = fi_state(hands=["8C 8D 4S"], discard="8S")
    policy = GreedyPolicy(random.Random(0))
    assert policy.choose(state, legal_actions(state)).type is ActionType.TAKE_PILE
    state = fi_state(hands=["8C 9D 4S"], discard="KH")
    assert policy.choose(state, legal_actions(state)).type is ActionType.DRAW
