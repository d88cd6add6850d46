"""The koz family: partnership kanasta with two fi packets and a trump card (seed 001)."""

from __future__ import annotations

from kanasta.clauses import implements
from kanasta.io.scenario import ExampleTurn
from kanasta.rules.families import (
    CanastaScheme,
    DealScheme,
    Direction,
    Implemented,
    OpeningBand,
    Rounding,
    RulesProfile,
    TrumpRule,
    WildMeldRule,
    make_bonuses,
    make_point_table,
)
from kanasta.rules.points import to_half_points

__all__ = [
    "BANDS_CLAUSE",
    "EXAMPLE_MELDS",
    "EXAMPLE_TURN",
    "GAME_CLAUSE",
    "OPENING_CLAUSE",
    "POLICY",
    "PROFILE",
    "make_profile",
]

POLICY = "random"
"""Self-play picks koz moves at random (see :mod:`kanasta.play.policy`)."""

OPENING_CLAUSE = "opening-threshold"
"""The clause that decides a side's first meld (what ``kanasta ask`` cites when a move
opens the side)."""

BANDS_CLAUSE = "opening-bands"
"""The clause of the opening thresholds by the side's score."""

GAME_CLAUSE = "game-target"
"""The clause of the end of the family's game (its target)."""

EXAMPLE_MELDS = (
    "4H 5H 6H 7H",
    "4H 5H 6H 2C 8H",
    "4H 5H JK 2C 8H",
    "AH 2H 3H",
    "9C 9H 9S",
    "9S 9S 9H 9H 9D 9D 9C",
)
"""Melds a player of the family might try: the rulebook's worked examples, checked by the
reference engine when the site is built."""

EXAMPLE_TURN = ExampleTurn(
    {
        "hands": ["4H 5H 6H 8S 8C 8D KD 9C JS 3C 2D"],
        "stock_top": "7H",
        "discard": "QC",
        "trump": "8H",
    },
    (
        ("draw",),
        ("meld", "4H 5H 6H 7H"),
        ("meld", "8S 8C 8D"),
        ("lay-off", "1", "2D"),
        ("discard", "3C"),
    ),
)
"""The rulebook's worked turn, played by the reference engine when the rulebook is built:
The team, at 0 points, opens: a wild-free run and a set, 7 points against the 4.5 it needs."""


@implements("card-points-koz")
def make_profile() -> RulesProfile:
    """koz: the family's profile, with its rule options."""
    return RulesProfile(
        family="koz",
        title="koz: partnership kanasta with two fi packets and a trump card",
        sources="seed 001",
        players=4,
        partnerships=True,
        deck_jokers=4,
        hand_size=11,
        fi_packets=2,
        fi_size=11,
        initial_upcard=True,
        direction=Direction.COUNTER_CLOCKWISE,
        points=make_point_table(
            joker="2", ace="1.5", two_natural="2", two_wild="2", two_hand="2", low="0.5", high="1"
        ),
        runs_allowed=True,
        max_meld_size=13,
        max_wilds_per_meld=1,
        natural_two_in_place=True,
        run_wild_needs_three_naturals=False,
        min_naturals_per_meld=0,
        wilds_at_most_naturals=False,
        wild_meld_rule=WildMeldRule.ANY_WILDS,
        one_set_per_rank=True,
        threes_special=False,
        canasta_size=7,
        canasta_scheme=CanastaScheme.CLEAN_DIRTY,
        bonuses=make_bonuses(
            dirty="10",
            clean="20",
            trump_dirty="20",
            trump_clean="40",
            super="100",
            trump_super="200",
            all_wild="150",
            trump_all_wild="300",
            fi="10",
            going_out="10",
        ),
        trump_rule=TrumpRule.BOTTOM_OF_STOCK,
        deal_scheme=DealScheme.HANDS_THEN_FI,
        single_pile_needs_two_cards=True,
        single_pile_no_discard_back=True,
        opening_bands=(
            OpeningBand(None, to_half_points("4.5")),
            OpeningBand(to_half_points(100), to_half_points("7.5")),
            OpeningBand(to_half_points(200), to_half_points(10)),
        ),
        opening_waiver_cards=1,
        emptying_needs_canasta=True,
        first_fi_team_discard_ban=True,
        going_out_needs_discard=False,
        rounding=Rounding.UP,
        target_score=to_half_points(300),
        implemented=Implemented.GAMES,
    )


PROFILE = make_profile()
