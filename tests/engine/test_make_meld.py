"""The fast paths of :mod:`kanasta.rules.melds` give the plain answers: building a meld, a
run's suit."""

from __future__ import annotations

import dataclasses
import random

import pytest

from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.rules.cards import (
    JOKER,
    NUM_KINDS,
    Suit,
    format_cards,
    get_rank,
    get_suit,
    parse_cards,
)
from kanasta.rules.melds import Meld, _make_meld, _runs, validate_meld
from tests.engine.builders import assert_built_like_the_constructor
from tests.engine.random_hands import random_hand_states


def _table_melds(family: str, seeds: range) -> list[Meld]:
    """Every distinct meld on the table in random hands (runs, sets, wild melds, canastas)."""
    found: dict[int, Meld] = {}
    for seed in seeds:
        for state in random_hand_states(family, seed):
            for team in state.melds:
                for meld in team:
                    found[id(meld)] = meld
    return list(found.values())


@pytest.mark.clause("lay-off", "set-definition", "run-definition")
@pytest.mark.parametrize("family", ["koz", "fi-5200"])
def test_make_meld_equals_the_dataclass_constructor_for_every_table_meld(family: str) -> None:
    melds = _table_melds(family, range(1, 4))
    assert len({m.kind for m in melds}) >= 2
    # A grand canasta of fi-5200 with its wild standing aside fills every field.
    grand = validate_meld(
        get_profile("fi-5200"), parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    )
    assert isinstance(grand, Meld)
    assert grand.spare
    assert grand.canasta is not None
    melds.append(grand)
    for meld in melds:
        assert_built_like_the_constructor(Meld, _make_meld, meld, "low")


@pytest.mark.clause("lay-off")
def test_built_meld_is_frozen() -> None:
    meld = _table_melds("koz", range(1, 2))[0]
    built = _make_meld(*(getattr(meld, f.name) for f in dataclasses.fields(Meld)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.low = 2  # type: ignore[misc]


@pytest.mark.clause("run-definition")
@pytest.mark.parametrize("family", ["koz", "fi-5200"])
def test_run_definition_mixed_suits_exactly_when_an_ace_or_natural_is_of_another_suit(
    family: str,
) -> None:
    profile = get_profile(family)
    rng = random.Random(7)
    for _ in range(4000):
        cards = tuple(sorted(rng.choice(range(NUM_KINDS)) for _ in range(rng.randint(1, 6))))
        for suit in Suit:
            # Brute force: the cards that stand only as naturals are the aces and 3..K.
            foreign = any(c != JOKER and get_rank(c) != 2 and get_suit(c) != suit for c in cards)
            result = _runs(profile, cards, suit)
            mixed = isinstance(result, Violation) and result.code == "mixed-suits"
            assert mixed == foreign, (format_cards(cards), suit)
