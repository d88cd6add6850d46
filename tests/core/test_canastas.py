"""Chapter 4, Canastas: kinds, the fi-5200 history rule, bonuses, trump matches."""

from __future__ import annotations

import pytest

from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.families.fi_351 import PROFILE as FI_351
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.rules.canastas import CanastaKind, get_canasta_bonus, is_canasta, is_trump_match
from kanasta.rules.cards import JOKER, parse_card, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import Meld, apply_lay_off, validate_meld
from kanasta.rules.points import format_points


def build(profile: RulesProfile, *batches: str, wild_at: int | None = None) -> Meld:
    meld = validate_meld(profile, parse_cards(batches[0]), wild_at=wild_at)
    assert isinstance(meld, Meld), meld
    for batch in batches[1:]:
        grown = apply_lay_off(profile, meld, parse_cards(batch))
        assert isinstance(grown, Meld), grown
        meld = grown
    return meld


def bonus(profile: RulesProfile, meld: Meld, trump: str | None = None) -> str:
    card = None if trump is None else parse_card(trump)
    return format_points(get_canasta_bonus(profile, meld, trump=card))


@pytest.mark.clause("canasta-definition")
@pytest.mark.parametrize("profile", [KOZ, FI_5200, FI_351, CLASSIC])
def test_canasta_definition_seven_cards(profile: RulesProfile) -> None:
    six = build(profile, "8C 8D 8H 8S 8C 8D")
    assert not is_canasta(six)
    assert bonus(profile, six) == "0"
    seven = build(profile, "8C 8D 8H 8S 8C 8D", "8H")
    assert is_canasta(seven)


@pytest.mark.clause("canasta-clean-dirty", "canasta-bonus", "canasta-kind-at-forming-fi-351")
@pytest.mark.parametrize("profile", [KOZ, FI_351])
def test_canasta_clean_dirty(profile: RulesProfile) -> None:
    clean = build(profile, "8C 8D 8H 8S 8C 8D 8H")
    assert clean.canasta is CanastaKind.CLEAN
    assert bonus(profile, clean) == "20"
    dirty = build(profile, "8C 8D 8H 8S 8C 8D 2H")
    assert dirty.canasta is CanastaKind.DIRTY
    assert bonus(profile, dirty) == "10"
    later = build(profile, "8C 8D 8H 8S 8C 8D 8H", "JK")
    # koz: by the cards at scoring; fi-351: fixed when the meld reached seven.
    expected = CanastaKind.CLEAN if profile is FI_351 else CanastaKind.DIRTY
    assert later.canasta is expected


@pytest.mark.clause("canasta-clean-dirty", "natural-two-in-place")
def test_canasta_clean_with_natural_two() -> None:
    meld = build(KOZ, "AS 2S 3S 4S 5S 6S 7S")
    assert meld.canasta is CanastaKind.CLEAN


@pytest.mark.clause("canasta-super", "canasta-bonus")
def test_canasta_super_koz() -> None:
    meld = build(KOZ, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert meld.canasta is CanastaKind.SUPER
    assert bonus(KOZ, meld) == "100"
    assert bonus(KOZ, meld, "9S") == "200"
    high = build(KOZ, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    assert high.canasta is CanastaKind.SUPER
    dirty = build(KOZ, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", wild_at=14)
    assert dirty.canasta is CanastaKind.DIRTY
    fi351 = build(FI_351, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert fi351.canasta is CanastaKind.CLEAN


@pytest.mark.clause("canasta-all-wild", "canasta-trump-match", "canasta-bonus")
def test_canasta_all_wild_koz() -> None:
    meld = build(KOZ, "2C 2D 2H", "2S JK JK JK")
    assert meld.canasta is CanastaKind.ALL_WILD
    assert bonus(KOZ, meld) == "150"
    assert bonus(KOZ, meld, "JK") == "300"
    assert bonus(KOZ, meld, "2C") == "150"


@pytest.mark.clause("canasta-trump-match", "canasta-bonus")
def test_canasta_trump_match_koz() -> None:
    eights = build(KOZ, "8C 8D 8H 8S 8C 8D 8H")
    assert is_trump_match(eights, parse_card("8S"))
    assert not is_trump_match(eights, parse_card("9S"))
    assert not is_trump_match(eights, None)
    assert not is_trump_match(eights, JOKER)
    assert bonus(KOZ, eights, "8S") == "40"
    dirty_run = build(KOZ, "4H 5H 6H 2C 8H 9H 10H")
    assert is_trump_match(dirty_run, parse_card("KH"))
    assert bonus(KOZ, dirty_run, "KH") == "20"
    assert bonus(KOZ, dirty_run, "KS") == "10"


@pytest.mark.clause("canasta-half-full", "canasta-bonus")
def test_canasta_half_full_basic_examples() -> None:
    full = build(FI_5200, "8C 8D 8H 8S 8C 8D 8H")
    assert full.canasta is CanastaKind.FULL
    assert bonus(FI_5200, full) == "200"
    half = build(FI_5200, "5C 5D 5H 5S 5C 5D 2H")
    assert half.canasta is CanastaKind.HALF
    assert bonus(FI_5200, half) == "100"
    run = build(FI_5200, "4H 5H 6H 2C 8H 9H 10H")
    assert run.canasta is CanastaKind.HALF
    twos_half = build(FI_5200, "2C 2D 2H 2S 2C 2D JK")
    assert twos_half.canasta is CanastaKind.HALF
    twos_full = build(FI_5200, "2C 2D 2H 2S 2C 2D 2H")
    assert twos_full.canasta is CanastaKind.FULL


@pytest.mark.clause("canasta-kind-fixed")
def test_canasta_kind_fixed_eighth_natural_keeps_full() -> None:
    meld = build(FI_5200, "8C 8D 8H 8S 8C 8D 8H", "8S")
    assert meld.canasta is CanastaKind.FULL
    with_wild = build(FI_5200, "8C 8D 8H 8S 8C 8D 8H", "JK")
    assert with_wild.canasta is CanastaKind.FULL


@pytest.mark.clause("canasta-kind-fixed")
def test_canasta_kind_fixed_fives_four_at_once_full() -> None:
    assert build(FI_5200, "5C 5D 5H 2S", "5S 5C 5D 5H").canasta is CanastaKind.FULL


@pytest.mark.clause("canasta-kind-fixed")
def test_canasta_kind_fixed_fives_two_then_two_at_once_full() -> None:
    assert build(FI_5200, "5C 5D 5H 2S", "5S 5C", "5D 5H").canasta is CanastaKind.FULL


@pytest.mark.clause("canasta-kind-fixed")
def test_canasta_kind_fixed_five_fives_and_wild_plus_one_half() -> None:
    half = build(FI_5200, "5C 5D 5H 5S 5C 2S", "5D")
    assert half.canasta is CanastaKind.HALF
    still_half = apply_lay_off(FI_5200, half, parse_cards("5H"))
    assert isinstance(still_half, Meld)
    assert still_half.canasta is CanastaKind.HALF
    assert still_half.size - still_half.wild_count == 7


@pytest.mark.clause("canasta-kind-fixed")
def test_canasta_kind_fixed_five_fives_and_wild_plus_two_at_once_full() -> None:
    assert build(FI_5200, "5C 5D 5H 5S 5C 2S", "5D 5H").canasta is CanastaKind.FULL


@pytest.mark.clause("canasta-kind-fixed", "run-wild-moves")
@pytest.mark.parametrize("batch", ["6H 4H", "6H JH"])
def test_canasta_kind_fixed_hearts_six_and_another_full(batch: str) -> None:
    meld = build(FI_5200, "5H 2C 7H 8H 9H 10H", batch)
    assert meld.canasta is CanastaKind.FULL
    assert meld.size - meld.wild_count == 7


@pytest.mark.clause("canasta-kind-fixed", "run-wild-moves")
def test_canasta_kind_fixed_hearts_six_alone_half() -> None:
    meld = build(FI_5200, "5H 2C 7H 8H 9H 10H", "6H")
    assert meld.canasta is CanastaKind.HALF
    assert meld.wild_at in {4, 11}


@pytest.mark.clause("canasta-kind-fixed", "run-wild-moves", "natural-two-in-place")
def test_canasta_kind_fixed_two_of_hearts_goes_home_full() -> None:
    meld = build(FI_5200, "2H 5H 6H 7H 8H", "3H 4H", wild_at=4)
    assert meld.canasta is CanastaKind.FULL
    assert meld.wild_count == 0


@pytest.mark.clause("canasta-grand", "wild-spare-outside", "canasta-bonus")
def test_canasta_grand_from_half_with_wild_outside() -> None:
    half = build(FI_5200, "AH 2H 3H 4H 5H 2C", "6H")
    assert half.canasta is CanastaKind.HALF
    grand = build(FI_5200, "AH 2H 3H 4H 5H 2C", "6H", "7H 8H 9H 10H JH QH KH")
    assert grand.canasta is CanastaKind.GRAND
    assert len(grand.spare) == 1
    assert bonus(FI_5200, grand) == "500"


@pytest.mark.clause("canasta-grand")
def test_canasta_grand_natural() -> None:
    meld = build(FI_5200, "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    assert meld.canasta is CanastaKind.GRAND


@pytest.mark.clause("canasta-natural-mixed", "canasta-bonus")
def test_canasta_natural_mixed_classic() -> None:
    natural = build(CLASSIC, "9C 9D 9H 9S 9C 9D 9H")
    assert natural.canasta is CanastaKind.NATURAL
    assert bonus(CLASSIC, natural) == "500"
    mixed = build(CLASSIC, "9C 9D 9H 9S 2C 2D JK")
    assert mixed.canasta is CanastaKind.MIXED
    assert bonus(CLASSIC, mixed) == "300"
    spoiled = build(CLASSIC, "9C 9D 9H 9S 9C 9D 9H", "2C")
    assert spoiled.canasta is CanastaKind.MIXED
