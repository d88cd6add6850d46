"""Chapter 3, Melds; every worked meld example of the seeds is a test here."""

from __future__ import annotations

import random

import pytest

from kanasta.errors import InputError, Violation
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.families.fi_351 import PROFILE as FI_351
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.io.meld_json import meld_from_json, meld_to_json
from kanasta.rules.cards import format_cards, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import (
    Meld,
    MeldKind,
    apply_lay_off,
    check_new_set,
    format_meld,
    get_lay_off_arrangements,
    get_meld_arrangements,
    get_meld_points,
    validate_meld,
)
from kanasta.rules.points import format_points


def legal(profile: RulesProfile, text: str, *, wild_at: int | None = None) -> Meld:
    result = validate_meld(profile, parse_cards(text), wild_at=wild_at)
    assert isinstance(result, Meld), f"{text}: {result}"
    return result


def rejected(profile: RulesProfile, text: str, *, going_out: bool = False) -> Violation:
    result = validate_meld(profile, parse_cards(text), going_out=going_out)
    assert isinstance(result, Violation), f"{text} was accepted as {result}"
    return result


def lay(profile: RulesProfile, meld: Meld, text: str, *, wild_at: int | None = None) -> Meld:
    result = apply_lay_off(profile, meld, parse_cards(text), wild_at=wild_at)
    assert isinstance(result, Meld), f"{text}: {result}"
    return result


def points(profile: RulesProfile, meld: Meld) -> str:
    return format_points(get_meld_points(profile, meld))


ALL = [KOZ, FI_5200, FI_351, CLASSIC]
RUN_FAMILIES = [KOZ, FI_5200, FI_351]


@pytest.mark.clause("meld-minimum")
@pytest.mark.parametrize("profile", ALL)
def test_meld_minimum_three_cards(profile: RulesProfile) -> None:
    v = rejected(profile, "8C 8D")
    assert (v.clause, v.code) == ("meld-minimum", "too-few-cards")
    assert legal(profile, "8C 8D 8H").size == 3


@pytest.mark.clause("set-definition")
@pytest.mark.parametrize("profile", ALL)
def test_set_definition_suits_irrelevant_copies_allowed(profile: RulesProfile) -> None:
    meld = legal(profile, "8S 8S 8H")
    assert meld.kind is MeldKind.SET
    assert meld.rank == 8
    assert meld.wild_count == 0


@pytest.mark.clause("set-definition")
def test_set_definition_rejects_mixed_ranks_with_a_wild() -> None:
    v = rejected(FI_5200, "8S 8H 9C 2C")
    assert v.code in {"mixed-ranks", "not-a-meld"}


@pytest.mark.clause("run-definition")
@pytest.mark.parametrize("profile", RUN_FAMILIES)
def test_run_definition_same_suit_consecutive(profile: RulesProfile) -> None:
    meld = legal(profile, "5H 6H 7H")
    assert (meld.kind, meld.low, meld.high) == (MeldKind.RUN, 5, 7)
    assert rejected(profile, "5H 6H 8H").code == "not-consecutive"
    assert rejected(profile, "5H 6S 7H").code in {"mixed-suits", "not-a-meld"}
    assert rejected(profile, "5H 5H 6H 7H").code == "duplicate-in-run"


@pytest.mark.clause("run-definition")
def test_run_definition_wild_of_another_suit() -> None:
    meld = legal(KOZ, "5H 6H 2S")
    assert meld.wild_count == 1
    assert rejected(KOZ, "5H 9S 2S").code == "not-a-meld"


@pytest.mark.clause("runs-not-in-classic")
def test_runs_not_in_classic() -> None:
    v = rejected(CLASSIC, "5H 6H 7H")
    assert (v.clause, v.code) == ("runs-not-in-classic", "no-runs")


@pytest.mark.clause("run-ace-position")
@pytest.mark.parametrize("profile", RUN_FAMILIES)
def test_run_ace_low_or_high_never_around_the_corner(profile: RulesProfile) -> None:
    low = legal(profile, "AH 2H 3H")
    assert (low.low, low.wild_count) == (1, 0)
    high = legal(profile, "QH KH AH")
    assert (high.low, high.high) == (12, 14)
    assert rejected(profile, "KH AH 3H").code == "not-consecutive"
    assert rejected(profile, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH").code in {
        "ace-both-ends",
        "meld-too-large",
    }


@pytest.mark.clause("run-ace-position")
def test_run_ace_both_ends_is_rejected_even_with_room() -> None:
    v = validate_meld(FI_5200, parse_cards("AH AH KH QH JH"))
    assert isinstance(v, Violation)
    assert v.code == "ace-both-ends"


@pytest.mark.clause("meld-max-size")
def test_meld_max_size_thirteen_in_koz() -> None:
    wilds = rejected(KOZ, " ".join(["2C", "2D", "2H", "2S"] * 3 + ["JK", "JK"]))
    assert (wilds.clause, wilds.code) == ("meld-max-size", "meld-too-large")
    run = legal(KOZ, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C", wild_at=1)
    assert run.size == 13
    v = apply_lay_off(KOZ, run, parse_cards("AH"))
    assert isinstance(v, Violation)
    assert v.clause == "meld-max-size"


@pytest.mark.clause("one-wild-per-meld")
@pytest.mark.parametrize("profile", RUN_FAMILIES)
def test_one_wild_per_meld(profile: RulesProfile) -> None:
    v = rejected(profile, "8C 8D 8H 2C JK")
    assert (v.clause, v.code) == ("one-wild-per-meld", "too-many-wilds")
    assert rejected(profile, "5H 6H 7H 2C JK").code == "too-many-wilds"
    assert legal(profile, "8C 8D 2C").wild_count == 1


@pytest.mark.clause("neither-set-nor-run-fault")
@pytest.mark.parametrize("profile", RUN_FAMILIES)
@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("5H 2H JK", ("run-definition", "not-consecutive")),
        ("6S 2S 2S", ("run-definition", "not-consecutive")),
        ("5H 5H JK JK", ("one-wild-per-meld", "too-many-wilds")),
        ("9C 9C 2D JK", ("one-wild-per-meld", "too-many-wilds")),
        ("5H 2S JK", ("one-wild-per-meld", "too-many-wilds")),
    ],
)
def test_neither_set_nor_run_fault_names_the_open_reading(
    profile: RulesProfile, text: str, fault: tuple[str, str]
) -> None:
    v = rejected(profile, text)
    assert (v.clause, v.code) == fault


@pytest.mark.clause("neither-set-nor-run-fault")
def test_neither_set_nor_run_fault_names_fi5200_run_wild_rule() -> None:
    v = rejected(FI_5200, "AH 2H JK")
    assert (v.clause, v.code) == ("run-wild-after-three-naturals", "wild-needs-three-naturals")
    assert legal(KOZ, "AH 2H JK").kind is MeldKind.RUN


@pytest.mark.clause("one-wild-per-meld")
def test_one_wild_per_meld_blocks_second_wild_lay_off() -> None:
    meld = legal(KOZ, "8C 8D 2C")
    v = apply_lay_off(KOZ, meld, parse_cards("JK"))
    assert isinstance(v, Violation)
    assert v.code == "too-many-wilds"


@pytest.mark.clause("natural-two-in-place", "one-wild-per-meld")
@pytest.mark.parametrize("profile", RUN_FAMILIES)
def test_natural_two_in_place_then_a_second_wild(profile: RulesProfile) -> None:
    meld = legal(profile, "AS 2S 3S 4S")
    assert meld.wild_count == 0
    with_wild = lay(profile, meld, "JK")
    assert with_wild.wild_count == 1
    assert with_wild.size - with_wild.wild_count == 4


@pytest.mark.clause("natural-two-in-place")
def test_natural_two_in_place_only_of_its_own_suit() -> None:
    options = get_meld_arrangements(KOZ, parse_cards("2S 3H 4H"))
    assert sorted(m.wild_at or 0 for m in options) == [2, 5]
    assert all(m.wild_count == 1 for m in options)
    v = rejected(FI_5200, "2S 3H 4H")
    assert v.code == "wild-needs-three-naturals"


@pytest.mark.clause("natural-two-in-place", "run-wild-placement")
def test_natural_two_in_place_or_as_wild_are_two_arrangements() -> None:
    options = get_meld_arrangements(KOZ, parse_cards("2H 3H 4H"))
    assert sorted((m.low, m.wild_at or 0) for m in options) == [(2, 0), (3, 5)]
    assert legal(KOZ, "2H 3H 4H").wild_count == 0


@pytest.mark.clause("run-wild-after-three-naturals", "meld-points")
@pytest.mark.parametrize(
    ("text", "shown"),
    [("4H 5H 6H 2C 8H", "35"), ("8S 9S 10S 2D QS", "50")],
)
def test_run_wild_after_three_naturals_legal_examples(text: str, shown: str) -> None:
    meld = legal(FI_5200, text)
    assert meld.wild_count == 1
    assert points(FI_5200, meld) == shown


@pytest.mark.clause("run-wild-after-three-naturals")
@pytest.mark.parametrize("text", ["5H 6H 2C", "8H 2C 10H"])
def test_run_wild_after_three_naturals_illegal_examples(text: str) -> None:
    v = rejected(FI_5200, text)
    assert (v.clause, v.code) == ("run-wild-after-three-naturals", "wild-needs-three-naturals")
    assert isinstance(validate_meld(KOZ, parse_cards(text)), Meld)


@pytest.mark.clause("run-wild-three-naturals-example")
def test_run_wild_three_naturals_example_10_wild_q_is_no_meld() -> None:
    v = rejected(FI_5200, "10H 2C QH")
    assert v.clause == "run-wild-after-three-naturals"


@pytest.mark.clause("run-wild-after-three-naturals", "natural-two-in-place")
def test_run_wild_after_three_naturals_counts_the_natural_two() -> None:
    meld = legal(FI_5200, "AH 2H 3H JK")
    assert meld.size - meld.wild_count == 3


@pytest.mark.clause("classic-wild-ratio")
@pytest.mark.parametrize("text", ["5C 5D 2S", "9C 9D 9H 2S 2D JK"])
def test_classic_wild_ratio_legal_examples(text: str) -> None:
    assert legal(CLASSIC, text).kind is MeldKind.SET


@pytest.mark.clause("classic-wild-ratio")
@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("5C 2D 2S", "too-few-naturals"),
        ("9C 9D 2S 2D 2H JK", "wilds-outnumber-naturals"),
        ("9C 9D 9H 9S 2C 2D JK JK", "too-many-wilds"),
    ],
)
def test_classic_wild_ratio_illegal_examples(text: str, code: str) -> None:
    v = rejected(CLASSIC, text)
    assert (v.clause, v.code) == ("classic-wild-ratio", code)


@pytest.mark.clause("classic-wild-ratio")
def test_classic_wild_ratio_holds_after_lay_off() -> None:
    meld = legal(CLASSIC, "9C 9D 2S")
    assert lay(CLASSIC, meld, "JK").wild_count == 2
    v = apply_lay_off(CLASSIC, meld, parse_cards("2D JK"))
    assert isinstance(v, Violation)
    assert v.code == "wilds-outnumber-naturals"
    assert lay(CLASSIC, meld, "9H 2D JK").wild_count == 3


@pytest.mark.clause("classic-threes-in-melds")
def test_classic_threes_in_melds() -> None:
    assert rejected(CLASSIC, "3H 3D 3D").code == "red-three-melded"
    assert rejected(CLASSIC, "3S 3C 3C").code == "black-threes-not-going-out"
    assert rejected(CLASSIC, "3S 3C 3C 2D", going_out=True).code == "black-threes-with-wilds"
    threes = validate_meld(CLASSIC, parse_cards("3S 3C 3C"), going_out=True)
    assert isinstance(threes, Meld)
    v = apply_lay_off(CLASSIC, threes, parse_cards("3S"))
    assert isinstance(v, Violation)
    assert v.clause == "classic-threes-in-melds"
    assert legal(KOZ, "3H 3D 3S").rank == 3


@pytest.mark.clause("run-wild-placement")
def test_run_wild_placement_fills_the_gap() -> None:
    meld = legal(KOZ, "5H 2C 7H")
    assert meld.wild_at == 6
    assert len(get_meld_arrangements(KOZ, parse_cards("5H 2C 7H"))) == 1


@pytest.mark.clause("run-wild-placement")
def test_run_wild_placement_either_end_by_choice() -> None:
    options = get_meld_arrangements(KOZ, parse_cards("5H 6H 7H JK"))
    assert sorted(m.wild_at or 0 for m in options) == [4, 8]
    assert legal(KOZ, "5H 6H 7H JK", wild_at=4).low == 4
    assert legal(KOZ, "5H 6H 7H JK").wild_at == 8
    v = validate_meld(KOZ, parse_cards("5H 6H 7H JK"), wild_at=9)
    assert isinstance(v, Violation)
    assert v.code == "no-such-arrangement"


@pytest.mark.clause("run-wild-placement", "run-ace-position")
def test_run_wild_placement_respects_the_corner() -> None:
    options = get_meld_arrangements(KOZ, parse_cards("QH KH AH JK"))
    assert [m.wild_at for m in options] == [11]
    low = get_meld_arrangements(KOZ, parse_cards("AH 2H 3H JK"))
    assert [m.wild_at for m in low] == [4]


@pytest.mark.clause("lay-off")
def test_lay_off_keeps_kind_and_naturals() -> None:
    meld = legal(KOZ, "8C 8D 8H")
    grown = lay(KOZ, meld, "8S 8C")
    assert grown.size == 5
    assert len(grown.history) == 2
    v = apply_lay_off(KOZ, meld, parse_cards("9C"))
    assert isinstance(v, Violation)
    assert v.code == "mixed-ranks"
    run = legal(KOZ, "5H 6H 7H")
    assert isinstance(apply_lay_off(KOZ, run, parse_cards("9H")), Violation)
    assert isinstance(apply_lay_off(KOZ, run, ()), Violation)
    assert lay(KOZ, run, "4H 8H").size == 5


@pytest.mark.clause("lay-off", "run-wild-moves")
def test_lay_off_wild_stays_unless_displaced() -> None:
    meld = legal(KOZ, "5H 6H 7H JK")
    assert meld.wild_at == 8
    grown = lay(KOZ, meld, "4H")
    assert grown.wild_at == 8
    assert grown.low == 4


@pytest.mark.clause("run-wild-moves")
def test_run_wild_moves_to_an_end_of_choice_hearts_example() -> None:
    meld = legal(FI_5200, "5H 2C 7H 8H 9H 10H")
    options = get_lay_off_arrangements(FI_5200, meld, parse_cards("6H"))
    assert not isinstance(options, Violation)
    assert sorted(m.wild_at or 0 for m in options) == [4, 11]
    assert lay(FI_5200, meld, "6H", wild_at=4).low == 4
    v = apply_lay_off(FI_5200, meld, parse_cards("6H"), wild_at=6)
    assert isinstance(v, Violation)
    assert (v.clause, v.code) == ("run-wild-moves", "no-such-arrangement")


@pytest.mark.clause("run-wild-moves", "natural-two-in-place")
def test_run_wild_moves_two_goes_home() -> None:
    meld = legal(FI_5200, "2H 5H 6H 7H 8H", wild_at=4)
    assert meld.wild_at == 4
    home = lay(FI_5200, meld, "3H 4H")
    assert home.wild_count == 0
    assert format_cards(home.cards) == "2H 3H 4H 5H 6H 7H 8H"
    only_four = get_lay_off_arrangements(FI_5200, meld, parse_cards("4H"))
    assert not isinstance(only_four, Violation)
    assert sorted(m.wild_at or 0 for m in only_four) == [3, 9]


@pytest.mark.clause("wild-spare-outside")
def test_wild_spare_outside_in_fi_5200() -> None:
    meld = legal(FI_5200, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK", wild_at=13)
    assert meld.wild_at == 13
    grown = lay(FI_5200, meld, "KH")
    assert format_cards(grown.spare) == "JK"
    assert grown.size == 14
    assert grown.wild_count == 1
    assert points(FI_5200, grown) == str(15 + 5 + 5 * 5 + 10 * 6 + 10)


@pytest.mark.clause("wild-only-melds")
def test_wild_only_melds_koz_any_mix() -> None:
    meld = legal(KOZ, "2C 2D JK JK")
    assert meld.kind is MeldKind.WILD
    assert meld.wild_count == 4
    assert lay(KOZ, meld, "2S").size == 5
    v = apply_lay_off(KOZ, meld, parse_cards("5S"))
    assert isinstance(v, Violation)
    assert v.code == "natural-on-wild-meld"


@pytest.mark.clause("wild-only-melds")
@pytest.mark.parametrize("profile", [FI_351, CLASSIC])
def test_wild_only_melds_forbidden(profile: RulesProfile) -> None:
    v = rejected(profile, "2C 2D 2H")
    assert (v.clause, v.code) == ("wild-only-melds", "wild-meld-not-allowed")


@pytest.mark.clause("twos-set")
def test_twos_set_in_fi_5200() -> None:
    meld = legal(FI_5200, "2C 2D 2H")
    assert (meld.kind, meld.rank, meld.wild_count) == (MeldKind.SET, 2, 0)
    assert legal(FI_5200, "2C 2D JK").wild_count == 1
    assert rejected(FI_5200, "2C JK JK").code == "too-many-wilds"


@pytest.mark.clause("twos-set-points")
def test_twos_set_points() -> None:
    assert points(FI_5200, legal(FI_5200, "2C 2D JK")) == "30"
    assert points(KOZ, legal(KOZ, "2C 2D JK")) == "6"


@pytest.mark.clause("one-set-per-rank")
def test_one_set_per_rank() -> None:
    eights = legal(KOZ, "8C 8D 8H")
    other = legal(KOZ, "8S 8S 2C")
    v = check_new_set(KOZ, [eights], other)
    assert v is not None
    assert (v.clause, v.code) == ("one-set-per-rank", "second-set-of-rank")
    assert check_new_set(KOZ, [eights], legal(KOZ, "9C 9D 9H")) is None
    run = legal(KOZ, "5H 6H 7H")
    assert check_new_set(KOZ, [run], legal(KOZ, "5H 6H 7H")) is None


@pytest.mark.clause("meld-points")
@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("7C 7D 2S", "20"),
        ("8C 8D 2S", "30"),
        ("AC AD 2S", "40"),
        ("AH 2H 3H 4H 5H 6H 7H", "45"),
        ("4H 5H 6H", "15"),
        ("8C 8D 8H", "30"),
        ("5H 6H 7H 3C 3D 3S 4C 4D 4S", ""),
    ],
)
def test_meld_points_fi_5200_examples(text: str, shown: str) -> None:
    if not shown:
        total = sum(
            get_meld_points(FI_5200, legal(FI_5200, part))
            for part in ("5H 6H 7H", "3C 3D 3S", "4C 4D 4S")
        )
        assert format_points(total) == "45"
        return
    assert points(FI_5200, legal(FI_5200, text)) == shown


@pytest.mark.clause("meld-points", "card-points-koz")
def test_meld_points_koz_half_points() -> None:
    assert points(KOZ, legal(KOZ, "AH 2H 3H")) == "4"
    assert points(KOZ, legal(KOZ, "5H 6H 7H JK")) == "3.5"


def test_format_meld_and_json_round_trip() -> None:
    meld = lay(FI_5200, legal(FI_5200, "5H 2C 7H 8H 9H 10H"), "6H", wild_at=4)
    assert format_meld(meld) == "run H: [2C] 5H 6H 7H 8H 9H 10H (half canasta)"
    data = meld_to_json(meld)
    assert meld_from_json(FI_5200, data, "$.melds[0]") == meld
    assert format_meld(legal(KOZ, "2C 2D JK")) == "wild: 2C 2D JK"
    assert format_meld(legal(KOZ, "10C 10D 2C")) == "set 10: 10C 10D [2C]"


def test_meld_from_json_errors_name_the_place() -> None:
    with pytest.raises(InputError, match=r"\$\.m: a meld is an object"):
        meld_from_json(KOZ, [], "$.m")
    with pytest.raises(InputError, match=r"\$\.m\.cards"):
        meld_from_json(KOZ, {"cards": 5}, "$.m")
    with pytest.raises(InputError, match="not a legal meld"):
        meld_from_json(FI_5200, {"cards": "5H 6H 2C"}, "$.m")
    with pytest.raises(InputError, match="history's cards"):
        meld_from_json(KOZ, {"cards": "5H 6H 7H", "history": ["5H 6H 8H"]}, "$.m")
    with pytest.raises(InputError, match="history"):
        meld_from_json(KOZ, {"cards": "5H 6H 7H", "history": []}, "$.m")
    with pytest.raises(InputError, match="could stand as"):
        meld_from_json(KOZ, {"cards": "5H 6H 7H JK", "wild_at": 9}, "$.m")
    with pytest.raises(InputError, match=r"\$\.m: card #1"):
        meld_from_json(KOZ, {"cards": "ZZ 6H 7H"}, "$.m")


def test_meld_from_json_without_history_is_one_batch() -> None:
    meld = meld_from_json(FI_5200, {"cards": "5C 5D 5H 5S 5C 5D 2H"}, "$")
    assert meld.canasta is not None
    assert meld.canasta.value == "half"
    assert meld.history == (tuple(sorted(parse_cards("5C 5D 5H 5S 5C 5D 2H"))),)


@pytest.mark.clause("run-wild-moves")
def test_run_wild_does_not_move_unless_displaced() -> None:
    meld = legal(FI_5200, "2C 3C 4C 5C 6C 7C 8C", wild_at=9)
    assert meld.wild_at == 9
    v = apply_lay_off(FI_5200, meld, parse_cards("AC"))
    assert isinstance(v, Violation)
    assert v.code == "does-not-fit"


@pytest.mark.clause("natural-two-in-place", "meld-points")
@pytest.mark.parametrize(("text", "shown"), [("AS 2S 3S", "25"), ("2S 3S 4S", "15")])
def test_natural_two_in_place_worth_five_in_fi_5200(text: str, shown: str) -> None:
    meld = legal(FI_5200, text)
    assert meld.wild_count == 0
    assert points(FI_5200, meld) == shown


@pytest.mark.clause("meld-points", "one-wild-per-meld")
def test_meld_points_three_three_wild_is_twenty() -> None:
    assert points(FI_5200, legal(FI_5200, "3C 3D 2S")) == "20"


@pytest.mark.clause("one-wild-per-meld", "canasta-half-full")
def test_one_wild_per_meld_seed_examples_of_long_melds() -> None:
    eights = legal(FI_5200, "8C 8D 8H 8S 8C 8D 8H 2C")
    assert eights.wild_count == 1
    assert eights.canasta is not None
    assert eights.canasta.value == "full"
    run = legal(FI_5200, "3H 4H 5H 6H 7H 2C 9H 10H JH QH KH AH")
    assert (run.low, run.high, run.wild_at) == (3, 14, 8)


@pytest.mark.clause("run-definition", "one-wild-per-meld")
def test_fi_351_run_with_a_wild_inside_opens() -> None:
    meld = legal(FI_351, "5H 6H 7H JK 9H")
    assert meld.wild_at == 8
    assert legal(FI_351, "2S 3S JK").wild_count == 1
    assert legal(FI_351, "2S 3S 4S").wild_count == 0


def _built(profile: RulesProfile, batches: list[str], wild_ats: list[int | None]) -> Meld:
    """The meld of the first batch, then each further batch laid off at once."""
    meld = validate_meld(profile, parse_cards(batches[0]), wild_at=wild_ats[0])
    assert not isinstance(meld, Violation)
    for batch, wild_at in zip(batches[1:], wild_ats[1:], strict=True):
        grown = apply_lay_off(profile, meld, parse_cards(batch), wild_at=wild_at)
        assert not isinstance(grown, Violation), (batch, grown)
        meld = grown
    return meld


def _arrangement(meld: Meld) -> tuple[object, ...]:
    return (meld.kind, meld.suit, meld.low, meld.cards, meld.wild_at, meld.spare, meld.canasta)


@pytest.mark.clause("run-thirteen-ace-low", "lay-off")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
def test_run_thirteen_ace_low_whatever_the_order_of_the_batches(profile: RulesProfile) -> None:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    at_once = _built(profile, [" ".join(r + "S" for r in ranks)], [None])
    assert at_once.low == 1
    assert format_cards(at_once.cards).split() == [r + "S" for r in ranks]
    names = ["A", *ranks[1:], "A"]  # places 1..14
    rng = random.Random(4)
    paths = [
        ["QS KS AS", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS"],
        ["QS KS AS", "JS", "9S 10S", "2S 3S 4S 5S 6S 7S 8S"],
    ]
    for _ in range(40):
        # Three consecutive places of the final window (ace low or ace high), then batches
        # that extend the run below or above until the window is full.
        top = rng.choice((13, 14))
        low = rng.randint(top - 12, top - 2)
        high = low + 2
        path = [" ".join(names[p - 1] + "S" for p in range(low, high + 1))]
        while high - low < 12:
            if rng.random() < 0.5 and low > top - 12:
                new_low = rng.randint(top - 12, low - 1)
                path.append(" ".join(names[p - 1] + "S" for p in range(new_low, low)))
                low = new_low
            elif high < top:
                new_high = rng.randint(high + 1, top)
                path.append(" ".join(names[p - 1] + "S" for p in range(high + 1, new_high + 1)))
                high = new_high
        paths.append(path)
    for path in paths:
        built = _built(profile, path, [None] * len(path))
        assert _arrangement(built) == _arrangement(at_once), path


@pytest.mark.clause("run-thirteen-ace-low", "run-wild-placement")
@pytest.mark.parametrize("profile", [KOZ, FI_5200], ids=["koz", "fi-5200"])
def test_run_thirteen_ace_low_with_the_wild_in_a_middle_place(profile: RulesProfile) -> None:
    cards = "AD 2D 3D 4D 5D 6D JK 8D 9D 10D JD QD KD"
    at_once = _built(profile, [cards], [7])
    from_the_top = _built(profile, ["QD KD AD", "2D 3D 4D 5D 6D JK 8D 9D 10D JD"], [None, 7])
    from_the_bottom = _built(profile, ["AD 2D 3D", "4D 5D 6D JK 8D 9D 10D JD QD KD"], [None, 7])
    assert at_once.low == 1
    assert at_once.wild_at == 7
    assert _arrangement(from_the_top) == _arrangement(at_once)
    assert _arrangement(from_the_bottom) == _arrangement(at_once)
    # Only the one arrangement with the wild in place 7 is offered.
    assert [m.wild_at for m in get_meld_arrangements(profile, parse_cards(cards))].count(7) == 1
    # The wild in the ace's place is the player's choice: place 1 or 14 stay two melds.
    ends = get_meld_arrangements(profile, parse_cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD JK"))
    assert sorted((m.low, m.wild_at) for m in ends) == [(1, 1), (2, 14)]
