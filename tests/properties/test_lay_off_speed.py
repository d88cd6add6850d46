"""The remembered lay-off tables of kanasta.fast.candidates agree with brute force.

The lay-offs onto a set are judged once per shape and size of the batch's two
parts (naturals, wild cards) and shared by sets of other ranks' shapes, suits
and wild kinds; a run's facts are remembered by its cards; the tables are
cleared when full. Each answer must stay the brute-force one.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kanasta.errors import Violation
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.fast import candidates
from kanasta.fast.candidates import get_lay_off_moves
from kanasta.rules.cards import parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import MeldKind, apply_lay_off
from kanasta.testing import strategies
from tests.properties.brute import brute_moves, meld_of, within_deck


@pytest.mark.clause("legal-action-count", "lay-off", "set-definition", "one-wild-per-meld")
@given(strategies.profiles(), st.data())
def test_set_lay_offs_agree_with_brute_force_across_sets_of_one_shape(
    profile: RulesProfile, data: st.DataObject
) -> None:
    # Sets asked one after the other, so that later ones meet the sizes judged
    # for earlier ones (other ranks, suits and wild kinds).
    for _ in range(3):
        meld = data.draw(strategies.grown_melds(profile, max_lay_offs=2))
        if meld.kind is not MeldKind.SET:
            continue
        extra = data.draw(strategies.lay_off_batches(profile, meld))
        hand = within_deck(
            profile, meld.cards, data.draw(strategies.meldable_hands(profile, max_size=6)) + extra
        )
        assert list(get_lay_off_moves(profile, meld, hand)) == brute_moves(profile, meld, hand)


@pytest.mark.clause("legal-action-count", "lay-off", "set-definition", "one-wild-per-meld")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
def test_set_lay_offs_of_one_shape_agree_across_ranks_and_wild_kinds(
    profile: RulesProfile,
) -> None:
    # Same counts of naturals and wild cards on the table and in the hand; the
    # first set's batches are judged, the others' come from those sizes.
    cases = [
        ("7H 7S 7C", "7D 7D JK 9S"),
        ("KD KS KC", "KH KH 2C 5C"),
        ("4C 4C 4S", "4D 4H 2S 2S QC"),
        ("9D 9D JK", "9S 9H JK 2C"),
        ("10C 10S 2H", "10D 10H 10H JK"),
        ("QC QH 2D", "QS QD JK 2S"),
    ]
    for set_cards, hand_cards in cases:
        meld = meld_of(profile, set_cards)
        hand = tuple(sorted(parse_cards(hand_cards)))
        expected = brute_moves(profile, meld, hand)
        assert expected, "each case has at least one lay-off"
        assert list(get_lay_off_moves(profile, meld, hand)) == expected


@pytest.mark.clause("legal-action-count", "lay-off", "run-wild-moves")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
def test_run_facts_are_those_of_a_fresh_run_of_the_same_cards(profile: RulesProfile) -> None:
    # A run grown from other batches holds the same cards: its remembered facts
    # are those found for a fresh meld, and its lay-offs are the brute-force ones.
    grown = apply_lay_off(profile, meld_of(profile, "5S 6S 7S"), parse_cards("8S"))
    assert not isinstance(grown, Violation)
    fresh = meld_of(profile, "5S 6S 7S 8S")
    assert grown.cards == fresh.cards
    assert grown.history != fresh.history
    candidates._RUN_INFOS.clear()
    info = candidates._run_info(profile, fresh)
    assert candidates._run_info(profile, grown) == info
    candidates._RUN_INFOS.clear()
    assert candidates._run_info(profile, grown) == info
    hand = tuple(sorted(parse_cards("4S 9S 2C JK")))
    assert list(get_lay_off_moves(profile, grown, hand)) == brute_moves(profile, grown, hand)


@pytest.mark.clause("legal-action-count", "lay-off", "run-wild-moves")
def test_run_lay_offs_stay_right_when_the_tables_are_cleared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Tables of three entries, cleared again and again: a run shape met after a
    # clear must never take the number (and so the lay-offs) of an earlier one.
    for name in ("_RUN_KEY_IDS", "_RUN_FITS", "_RUN_LAY_OFFS", "_PROPOSALS", "_MELD_MOVES"):
        monkeypatch.setattr(candidates, name, {})
    monkeypatch.setattr(candidates, "_RUN_INFOS", {}, raising=False)
    monkeypatch.setattr(candidates, "_BATCHES_LIMIT", 3)
    # A joker alone after runs that none of the hands can join: the run met
    # after the clear asks the same question of the tables as the first did.
    steps = [
        ("3H 4H 5H", "JK"),
        ("6C 7C 8C", "5D"),
        ("9D 10D JD", "5S"),
        ("10H JH QH", "JK"),
        ("4S 5S 6S 7S", "2H 7H JK 5D"),
        ("6H 7H 8H", "JK"),
        ("3H 4H 5H", "2H 7H JK 5D"),
    ]
    for _ in range(2):
        for run, hand_cards in steps:
            meld = meld_of(KOZ, run)
            hand = tuple(sorted(parse_cards(hand_cards)))
            assert list(get_lay_off_moves(KOZ, meld, hand)) == brute_moves(KOZ, meld, hand)


@pytest.mark.clause("legal-action-count", "lay-off", "run-wild-moves", "one-wild-per-meld")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
@pytest.mark.parametrize(
    ("run", "wild_at", "hands"),
    [
        # A run holding another wild card: in koz the hand's wild cards change nothing.
        ("4H 5H 6H JK 8H", 7, ["9H JK", "9H 2C", "9H", "JK 2C", "7H JK", "7H", "3H 2H 2H"]),
        ("8S 9S 10S 2D QS", 11, ["JS KS", "JS KS JK", "7S", "7S 2S JK", "2S"]),
        # Its acting 2 may go home, freeing the place for a wild card of the hand.
        ("3H 4H 5H 2H", 6, ["6H", "6H JK", "2H 6H 7H", "2H 6H 7H 2C", "JK", "2H"]),
    ],
)
def test_run_lay_offs_as_the_hand_changes_its_wild_cards(
    profile: RulesProfile, run: str, wild_at: int, hands: list[str]
) -> None:
    # One run on the table, asked with hands that differ in their wild cards:
    # each answer, remembered for the run or found afresh, is the brute-force one.
    meld = meld_of(profile, run, wild_at)
    for hand_cards in hands:
        hand = tuple(sorted(parse_cards(hand_cards)))
        assert list(get_lay_off_moves(profile, meld, hand)) == brute_moves(profile, meld, hand)
