"""Chapter 2, Rule families and points."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kanasta.errors import InputError
from kanasta.families import (
    FAMILY_NAMES,
    PROFILES,
    get_example_melds,
    get_opening_clause,
    get_profile,
    get_score_clauses,
    get_turkish_names,
)
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.families.fi_351 import PROFILE as FI_351
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.rules.cards import JOKER, parse_card
from kanasta.rules.families import RulesProfile
from kanasta.rules.points import format_points, parse_points, points_to_json, to_half_points
from kanasta.specdoc.spec import load_spec


def value(profile: RulesProfile, text: str, *, wild: bool = False) -> str:
    return format_points(profile.card_points(parse_card(text), acting_wild=wild))


@pytest.mark.clause("rule-families")
def test_rule_families_by_name() -> None:
    assert set(PROFILES) == {"koz", "fi-5200", "fi-351", "classic"}
    assert get_profile("koz") is KOZ
    with pytest.raises(InputError, match="rule-families"):
        get_profile("gin")


@pytest.mark.clause("deck-composition")
def test_deck_sizes_and_stock_per_family() -> None:
    assert (KOZ.deck_size, KOZ.stock_size) == (108, 41)
    assert (FI_5200.deck_size, FI_5200.stock_size) == (106, 40)
    assert FI_351.deck_size == 106
    assert CLASSIC.deck_size == 108


@pytest.mark.clause("points-exact")
@pytest.mark.parametrize(
    ("given_value", "half", "shown"),
    [
        (10, 20, "10"),
        ("4.5", 9, "4.5"),
        ("-0.5", -1, "-0.5"),
        (Fraction(3, 2), 3, "1.5"),
        (0, 0, "0"),
        (-7, -14, "-7"),
    ],
)
def test_points_exact_half_points(given_value: int | str | Fraction, half: int, shown: str) -> None:
    assert to_half_points(given_value) == half
    assert format_points(half) == shown


@pytest.mark.clause("points-exact")
@pytest.mark.parametrize("bad", ["4.25", "abc", "1/0"])
def test_points_exact_rejects_non_halves(bad: str) -> None:
    with pytest.raises(InputError, match="points-exact"):
        to_half_points(bad)


@pytest.mark.clause("points-exact")
def test_points_exact_json_numbers() -> None:
    assert parse_points(4.5) == 9
    assert parse_points(10) == 20
    assert parse_points("7.5") == 15
    assert points_to_json(9) == 4.5
    assert points_to_json(20) == 10
    assert isinstance(points_to_json(20), int)
    for bad in (True, None, [1]):
        with pytest.raises(InputError):
            parse_points(bad)


@pytest.mark.clause("points-exact")
@given(st.integers(min_value=-100000, max_value=100000))
def test_points_exact_round_trip(half: int) -> None:
    assert to_half_points(format_points(half)) == half
    assert parse_points(points_to_json(half)) == half


@pytest.mark.clause("card-points-koz")
@pytest.mark.parametrize("profile", [KOZ, FI_351])
def test_card_points_koz_scale(profile: RulesProfile) -> None:
    assert value(profile, "JK") == "2"
    assert value(profile, "2C") == "2"
    assert value(profile, "2C", wild=True) == "2"
    assert value(profile, "AS") == "1.5"
    assert [value(profile, f"{r}H") for r in ("8", "9", "10", "J", "Q", "K")] == ["1"] * 6
    assert [value(profile, f"{r}D") for r in ("3", "4", "5", "6", "7")] == ["0.5"] * 5


@pytest.mark.clause("card-points-fi-5200")
def test_card_points_fi_5200() -> None:
    assert value(FI_5200, "AS") == "15"
    assert [value(FI_5200, f"{r}C") for r in "34567"] == ["5"] * 5
    assert value(FI_5200, "2H") == "5"
    assert value(FI_5200, "2H", wild=True) == "10"
    assert value(FI_5200, "KD") == "10"
    assert format_points(FI_5200.card_points(JOKER, acting_wild=True)) == "10"


@pytest.mark.clause("card-points-classic", "classic-threes")
def test_card_points_classic_and_threes() -> None:
    assert value(CLASSIC, "JK") == "50"
    assert value(CLASSIC, "AH") == value(CLASSIC, "2S") == "20"
    assert value(CLASSIC, "9C") == "10"
    assert value(CLASSIC, "4D") == "5"
    assert value(CLASSIC, "3S") == value(CLASSIC, "3C") == "5"
    assert value(CLASSIC, "3H") == value(CLASSIC, "3D") == "100"


@pytest.mark.clause("hand-card-points")
def test_hand_card_points_two_counts_wild_in_fi_5200() -> None:
    assert format_points(FI_5200.hand_card_points(parse_card("2S"))) == "10"
    assert format_points(FI_5200.hand_card_points(parse_card("5S"))) == "5"
    assert format_points(KOZ.hand_card_points(parse_card("2S"))) == "2"


def test_bonus_lookup() -> None:
    assert format_points(FI_5200.bonus("grand")) == "500"
    assert KOZ.bonus("grand") == 0
    assert format_points(KOZ.bonus("trump-all-wild")) == "300"


@pytest.mark.clause("one-wild-per-meld")
@pytest.mark.parametrize("wilds", [0, 2])
@pytest.mark.parametrize("profile", [KOZ, FI_5200, FI_351], ids=["koz", "fi-5200", "fi-351"])
def test_one_wild_per_meld_a_profile_with_runs_and_another_count_is_refused(
    profile: RulesProfile, wilds: int
) -> None:
    # A run names the one place its wild card stands: every family with runs has one.
    with pytest.raises(ValueError, match=rf"not {wilds} \(clause one-wild-per-meld\)"):
        replace(profile, max_wilds_per_meld=wilds)
    assert replace(CLASSIC, max_wilds_per_meld=wilds).max_wilds_per_meld == wilds  # sets only


@pytest.mark.clause("rule-families")
@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_rule_families_name_their_own_clauses_and_examples(family: str) -> None:
    """rule-families: what shared code asks of a family (the clause of its first meld and of
    its hand score, its rulebook's worked examples, its Turkish name) is the family's data,
    and the clauses it names are clauses of that family."""
    profile = get_profile(family)
    clauses = {c.slug: c for c in load_spec()}
    for slug in (get_opening_clause(profile), *get_score_clauses(profile)):
        assert family in clauses[slug].families, slug
    assert get_example_melds(family)
    assert get_example_melds("no-such-family") == ()
    assert get_turkish_names().get(family, family)
