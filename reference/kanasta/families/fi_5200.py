"""The fi-5200 family: partnership kanasta with fi packets, half, full and grand canastas,
played to 5200 (seed 000, part 1)."""

from __future__ import annotations

from kanasta.clauses import implements
from kanasta.io.scenario import ExampleTurn
from kanasta.rules.families import (
    CanastaScheme,
    DealScheme,
    Direction,
    Implemented,
    OpeningBand,
    OpeningScope,
    Rounding,
    RulesProfile,
    UnplayedFi,
    WildMeldRule,
    make_bonuses,
    make_point_table,
)
from kanasta.rules.points import to_half_points

__all__ = [
    "EXAMPLE_MELDS",
    "EXAMPLE_TURN",
    "GAME_CLAUSE",
    "OPENING_CLAUSE",
    "PROFILE",
    "SCORE_CLAUSES",
    "make_profile",
]

OPENING_CLAUSE = "opening-bands-fi-5200"
"""The clause that decides a side's first meld (what ``kanasta ask`` cites when a move
opens the side)."""

GAME_CLAUSE = "game-target-fi-5200"
"""The clause of the end of the family's game (its target)."""

SCORE_CLAUSES = ("hand-score-fi-5200",)
"""The clauses of a hand's score (the common ``hand-score`` when a family names none)."""

EXAMPLE_MELDS = (
    "4H 5H 6H 7H",
    "4H 5H 2C 7H",
    "4H 5H 6H 2C 8H",
    "9C 9H 9S",
    "9S 9S 9H 9H 9D 9D 9C",
    "5D 6D 7D 8D 9D 10D JD",
)
"""Melds a player of the family might try: the rulebook's worked examples, checked by the
reference engine when the site is built."""

EXAMPLE_TURN = ExampleTurn(
    {"hands": ["4S 5S 6S 8H 8D KC 2C 9D JH QH 3D"], "stock_top": "8C", "discard": "7C"},
    (("draw",), ("meld", "4S 5S 6S"), ("meld", "8H 8D 8C"), ("discard", "3D")),
)
"""The rulebook's worked turn, played by the reference engine when the rulebook is built:
A player below 900 opens with exactly 45 points without wild cards, a run among them."""


@implements("card-points-fi-5200", "game-target-fi-5200")
def make_profile() -> RulesProfile:
    """fi-5200: the family's profile, with its rule options."""
    return RulesProfile(
        family="fi-5200",
        title=(
            "fi-5200: partnership kanasta with fi packets, half/full/grand canastas, game to 5200"
        ),
        sources="seed 000 (part 1)",
        players=4,
        partnerships=True,
        deck_jokers=2,
        hand_size=11,
        fi_packets=2,
        fi_size=11,
        initial_upcard=False,
        direction=Direction.CLOCKWISE,
        points=make_point_table(
            joker="10", ace="15", two_natural="5", two_wild="10", two_hand="10", low="5", high="10"
        ),
        runs_allowed=True,
        max_meld_size=None,
        max_wilds_per_meld=1,
        natural_two_in_place=True,
        run_wild_needs_three_naturals=True,
        min_naturals_per_meld=0,
        wilds_at_most_naturals=False,
        wild_meld_rule=WildMeldRule.TWOS_SET,
        one_set_per_rank=True,
        threes_special=False,
        canasta_size=7,
        canasta_scheme=CanastaScheme.HALF_FULL_GRAND,
        bonuses=make_bonuses(
            half="100",
            full="200",
            grand="500",
            fi="100",
            going_out="50",
            no_fi="-100",
            forced_opening="-600",
        ),
        deal_scheme=DealScheme.SIX_PACKETS,
        opening_bands=(
            OpeningBand(
                None,
                to_half_points(45),
                wild_melds_count=False,
                run_clause="opening-lower-band",
                total_clause="opening-lower-band",
            ),
            OpeningBand(
                to_half_points(900),
                to_half_points(90),
                run_clause="opening-upper-band",
                total_clause="opening-upper-band",
            ),
        ),
        opening_waiver_cards=None,
        opening_scope=OpeningScope.PLAYER,
        forced_canasta_opening=True,
        emptying_needs_canasta=True,
        fi_needs_canasta=False,
        first_fi_team_discard_ban=False,
        going_out_needs_discard=True,
        rounding=Rounding.NONE,
        target_score=to_half_points(5200),
        target_extensions=(to_half_points(7200), to_half_points(9200)),
        unplayed_fi=UnplayedFi.IGNORED,
        score_parts=("canastas", "fi", "going-out", "melded", "hand", "penalty"),
        implemented=Implemented.GAMES,
    )


PROFILE = make_profile()
