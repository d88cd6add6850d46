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
from kanasta.errors import Violation
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.io.scenario import build_state
from kanasta.play.selfplay import PLAYABLE_FAMILIES, play_random_hand
from kanasta.rules.actions import Action, ActionType, apply_action
from kanasta.rules.actions import legal_actions as brute_legal_actions
from kanasta.rules.cards import parse_cards
from kanasta.rules.state import Phase, State

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


@pytest.mark.clause("classic-threes-in-melds", "legal-action-count")
def test_classic_threes_in_melds_listed_after_a_lay_off_as_brute_force_finds_them() -> None:
    """The state of the thorough self-play (classic, deal seed 624) where seat 3 lays off 8C
    and keeps 3C 3C 3S AH with two canastas on the table: melding the black threes leaves
    one card, whose discard (or lay-off on the aces) goes out, so the meld is legal and
    brute force must offer it too."""
    before = build_state(
        CLASSIC,
        hands=[
            "AC 10C JC JC KC 7D JD 8H QH QH KH 4S 5S 8S JS",
            "10H 4S",
            "5H AS 9S",
            "3C 3C 8C AH 3S",
        ],
        melds=[
            [
                ["2D 4D 4H", "4D", "4H"],
                ["KD KD JK", "KC KH KS"],
                ["QC QD QS", "2S", "QD"],
                ["10D 10D 10S", "2H 10H", "10S"],
                "9D 9H 9S",
            ],
            [
                ["6C 6D 6S", "6S", "6H", "6C"],
                ["8C 2H 2S 8S", "8D", "8H"],
                "AD 2D AS",
                ["2C 7C 7D", "JK", "7S", "7C", "7H"],
            ],
        ],
        discard="QC",
        stock_size=33,
        turn=3,
        phase=Phase.PLAY,
        red_threes=["3D", "3D"],
        table_seats=[True] * 4,
    )
    after = apply_action(before, Action(ActionType.LAY_OFF, parse_cards("8C"), 1))
    assert not isinstance(after, Violation)
    threes = Action(ActionType.MELD, tuple(sorted(parse_cards("3C 3C 3S"))))
    listed = engine.legal_actions(after)
    assert threes in listed
    assert listed == brute_legal_actions(after)
    melded = apply_action(after, threes)
    assert not isinstance(melded, Violation)
    for action in engine.legal_actions(melded):
        out = apply_action(melded, action)
        assert not isinstance(out, Violation)
        assert out.went_out == 3, action


@pytest.mark.clause("classic-threes-in-melds", "legal-action-count")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_threes_in_melds_brute_force_offers_black_threes_only_going_out(
    seat: int,
) -> None:
    """Brute force offers the black threes as a meld and ``apply_action`` keeps it only
    when the player then goes out, as the engine lists it."""
    threes = Action(ActionType.MELD, tuple(sorted(parse_cards("3C 3S 3S"))))
    for rest, listed in (("9D", True), ("9D 10D", False)):
        hands: list[str | None] = [None] * 4
        hands[seat] = f"3C 3S 3S {rest}"
        melds: list[list[str]] = [[], []]
        melds[seat % 2] = ["KC KC KD KD KH KH KS"]
        state = build_state(CLASSIC, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY)
        brute = brute_legal_actions(state)
        assert brute == engine.legal_actions(state)
        assert (threes in brute) is listed
