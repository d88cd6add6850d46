"""The fi-351 family: partnership kanasta with fi, a run among two opening melds, played
to 351 (seed 000, part 2)."""

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
    ProfileOption,
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

OPENING_CLAUSE = "opening-two-melds"
"""The clause that decides a side's first meld (what ``kanasta ask`` cites when a move
opens the side)."""

GAME_CLAUSE = "game-target-fi-351"
"""The clause of the end of the family's game (its target)."""

SCORE_CLAUSES = ("hand-score-fi-351",)
"""The clauses of a hand's score (the common ``hand-score`` when a family names none)."""

EXAMPLE_MELDS = (
    "4H 5H 6H 7H",
    "4H 5H 6H 2C 8H",
    "9C 9H 2S",
    "9C 2H JK",
    "9S 9S 9H 9H 9D 9D 9C",
    "9S 9S 9H 9H 9D 2D 9C",
)
"""Melds a player of the family might try: the rulebook's worked examples, checked by the
reference engine when the site is built."""

EXAMPLE_TURN = ExampleTurn(
    {"hands": ["3C 4C 5C 7D 7S 2H KD 9S JH QH 6C"], "stock_top": "10S", "discard": "AD"},
    (
        ("draw",),
        ("meld", "3C 4C 5C"),
        ("meld", "7D 7S 2H"),
        ("lay-off", "0", "6C"),
        ("discard", "KD"),
    ),
)
"""The rulebook's worked turn, played by the reference engine when the rulebook is built:
The team opens with two melds, one a run of three naturals; no points are needed."""


@implements("card-points-koz", "game-target-fi-351", "players-fi-351")
def make_profile() -> RulesProfile:
    """fi-351: the family's profile, with its rule options."""
    return RulesProfile(
        family="fi-351",
        title="fi-351: partnership kanasta with fi, a run among two opening melds, game to 351",
        sources="seed 000 (part 2)",
        players=4,
        partnerships=True,
        deck_jokers=2,
        hand_size=11,
        fi_packets=2,
        fi_size=11,
        initial_upcard=False,
        direction=Direction.CLOCKWISE,
        points=make_point_table(
            joker="2", ace="1.5", two_natural="2", two_wild="2", two_hand="2", low="0.5", high="1"
        ),
        runs_allowed=True,
        max_meld_size=None,
        max_wilds_per_meld=1,
        natural_two_in_place=True,
        run_wild_needs_three_naturals=False,
        min_naturals_per_meld=0,
        wilds_at_most_naturals=False,
        wild_meld_rule=WildMeldRule.FORBIDDEN,
        one_set_per_rank=True,
        threes_special=False,
        canasta_size=7,
        canasta_scheme=CanastaScheme.CLEAN_DIRTY_AT_FORMING,
        bonuses=make_bonuses(dirty="10", clean="20", fi="10", going_out="10"),
        deal_scheme=DealScheme.CUT_FI_THEN_PAIRS,
        opening_bands=(
            OpeningBand(None, 0, needs_clean_run=False, min_melds=2, needs_natural_run=True),
        ),
        opening_waiver_cards=None,
        opening_scope=OpeningScope.TEAM,
        emptying_needs_canasta=True,
        fi_needs_canasta=True,
        first_fi_team_discard_ban=False,
        going_out_needs_discard=False,
        rounding=Rounding.NONE,
        target_score=to_half_points(351),
        unplayed_fi=UnplayedFi.COUNTS,
        score_parts=("fi", "melded", "canastas", "going-out", "hand"),
        pass_by_showing=True,
        implemented=Implemented.GAMES,
        known_options=(
            ProfileOption(
                "players-2",
                "two players, each on their own (clause players-fi-351)",
                (("players", 2), ("partnerships", False)),
            ),
            ProfileOption(
                "players-3",
                "three players, each on their own (clause players-fi-351)",
                (("players", 3), ("partnerships", False)),
            ),
            ProfileOption(
                "target-555",
                "the game is played to 555 (clause game-target-fi-351)",
                (("target_score", to_half_points(555)),),
            ),
            ProfileOption(
                "canasta-kind-at-scoring",
                "a canasta is clean or dirty by the cards it holds when the hand is scored "
                "(clause canasta-kind-at-forming-fi-351)",
                (("canasta_scheme", CanastaScheme.CLEAN_DIRTY),),
            ),
        ),
    )


PROFILE = make_profile()
