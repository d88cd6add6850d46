"""The legal actions listed during random play agree with brute force.

The engine's listings come from tables remembered across hands and turns
(by hand bits, by shape, per meld on the table). These tests compare the
listings of states reached by random play, right after a meld or a lay-off
and after a fi packet was taken up mid-turn, with a brute-force listing that
asks ``apply_action`` about every sub-multiset of the hand.
"""

from __future__ import annotations

import os
import random

import pytest

from kanasta import engine
from kanasta.actions import Action, ActionType
from kanasta.selfplay import PLAYABLE_FAMILIES, play_random_hand
from kanasta.state import Phase, State
from tests.properties.brute import brute_legal_actions

_LAYING = (ActionType.MELD, ActionType.LAY_OFF)
_MOST_CARDS = 11
"""Brute force tries every sub-multiset of the hand: keep hands small."""
_HANDS = int(os.environ.get("KANASTA_SELFPLAY_HANDS", "200")) // 20
"""A twentieth of the self-play hands (10; 500 in ``nox -s thorough``)."""


def _check_listings(family: str, hands: int, seed: int, budget: int) -> tuple[int, int]:
    """Play ``hands`` random hands; after up to ``budget`` melds and lay-offs (and after
    every one that took up a fi packet), compare the listing with brute force. Returns
    how many listings were compared and how many of them followed a fi packet."""
    rng = random.Random(seed)
    checked = 0
    after_pickup = 0

    def check(before: State, action: Action, after: State) -> None:
        nonlocal checked, after_pickup
        if action.type not in _LAYING or after.phase is not Phase.PLAY:
            return
        hand = after.hands[after.turn]
        took_packet = len(hand) >= len(before.hands[before.turn])
        if len(hand) > _MOST_CARDS or not (took_packet or checked < budget):
            return
        assert engine.legal_actions(after) == brute_legal_actions(after), action
        checked += 1
        after_pickup += took_packet

    for index in range(hands):
        play_random_hand(family, seed + index, rng, on_step=check)
    return checked, after_pickup


@pytest.mark.clause("legal-action-count")
@pytest.mark.parametrize("family", PLAYABLE_FAMILIES)
def test_actions_listed_after_a_meld_or_lay_off_are_brute_force(family: str) -> None:
    checked, _ = _check_listings(family, _HANDS, 500, 6 * _HANDS)
    assert checked >= 6 * _HANDS


@pytest.mark.clause("legal-action-count", "fi-pickup")
def test_actions_listed_after_a_meld_takes_up_a_fi_packet_are_brute_force() -> None:
    """In koz a meld that empties the hand takes up a fi packet and the turn goes on
    with other cards: nothing of the hand before may be listed."""
    # Deals 45 and 59, each with its own seed for the policy, take up a packet so.
    pickups = [_check_listings("koz", 1, seed, 0)[1] for seed in (45, 59)]
    assert pickups == [1, 1]
