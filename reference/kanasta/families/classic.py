"""The classic family: sets only, red and black threes, natural and mixed canastas
(seeds 002, 003, 004)."""

from __future__ import annotations

from kanasta.clauses import implements
from kanasta.io.scenario import ExampleTurn
from kanasta.rules.families import (
    BLACK_THREES,
    RED_THREES,
    WILD_CARDS,
    CanastaScheme,
    Direction,
    Implemented,
    OpeningBand,
    OpeningScope,
    ProfileOption,
    Rounding,
    RulesProfile,
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
    "TURKISH_NAME",
    "make_profile",
]

OPENING_CLAUSE = "classic-opening-minimum"
"""The clause that decides a side's first meld (what ``kanasta ask`` cites when a move
opens the side)."""

GAME_CLAUSE = "classic-game-target"
"""The clause of the end of the family's game (its target)."""

SCORE_CLAUSES = ("classic-hand-score",)
"""The clauses of a hand's score (the common ``hand-score`` when a family names none)."""

TURKISH_NAME = "klasik kanasta"
"""The family's name in Turkish text (its own name when a family gives none)."""

EXAMPLE_MELDS = (
    "9C 9H 9S",
    "9C 9H 2D",
    "9C 2H JK",
    "4H 5H 6H",
    "KC KC KH KH KS KD KD",
    "KC KC KH KH KS 2D JK",
)
"""Melds a player of the family might try: the rulebook's worked examples, checked by the
reference engine when the site is built."""

EXAMPLE_TURN = ExampleTurn(
    {"hands": ["9H 9D KH KS JK 5C 6D 7S 4H QD 8C"], "stock_top": "10S", "discard": "4C 9S"},
    (("take-pile", "9H 9D"), ("meld", "KH KS JK"), ("discard", "5C")),
)
"""The rulebook's worked turn, played by the reference engine when the rulebook is built:
A side at 0 points takes the pile with a natural pair and opens with 100 points (50 needed)."""


_MINIMUM = "classic-opening-minimum"

_CLASSIC_BONUSES = make_bonuses(
    mixed="300",
    natural="500",
    going_out="100",
    concealed="100",
    red_three="100",
    all_red_threes="800",
    all_wild="2000",
)

_CLASSIC_POINTS = {
    "joker": "50",
    "ace": "20",
    "two_natural": "20",
    "two_wild": "20",
    "two_hand": "20",
    "low": "5",
    "high": "10",
    "black_three": "5",
    "red_three": "100",
}


@implements("card-points-classic", "classic-game-target", "classic-options", "classic-players")
def make_profile() -> RulesProfile:
    """classic: the family's profile, with its rule options."""
    return RulesProfile(
        family="classic",
        title="classic: sets only, red and black threes, natural and mixed canastas",
        sources="seeds 002, 003, 004",
        players=4,
        partnerships=True,
        deck_jokers=4,
        hand_size=11,
        fi_packets=0,
        fi_size=0,
        initial_upcard=True,
        direction=Direction.CLOCKWISE,
        points=make_point_table(**_CLASSIC_POINTS),
        runs_allowed=False,
        max_meld_size=None,
        max_wilds_per_meld=3,
        natural_two_in_place=False,
        run_wild_needs_three_naturals=False,
        min_naturals_per_meld=2,
        wilds_at_most_naturals=True,
        wild_meld_rule=WildMeldRule.FORBIDDEN,
        one_set_per_rank=True,
        threes_special=True,
        canasta_size=7,
        canasta_scheme=CanastaScheme.NATURAL_MIXED,
        implemented=Implemented.GAMES,
        bonuses=_CLASSIC_BONUSES,
        single_pile_needs_two_cards=True,
        opening_bands=(
            OpeningBand(None, to_half_points(15), needs_clean_run=False, total_clause=_MINIMUM),
            OpeningBand(0, to_half_points(50), needs_clean_run=False, total_clause=_MINIMUM),
            OpeningBand(
                to_half_points(1500),
                to_half_points(90),
                needs_clean_run=False,
                total_clause=_MINIMUM,
            ),
            OpeningBand(
                to_half_points(3000),
                to_half_points(120),
                needs_clean_run=False,
                total_clause=_MINIMUM,
            ),
        ),
        opening_scope=OpeningScope.TEAM,
        emptying_needs_canasta=True,
        fi_needs_canasta=True,
        going_out_needs_discard=False,
        rounding=Rounding.NONE,
        target_score=to_half_points(5000),
        score_parts=("melded", "canastas", "red-threes", "going-out", "concealed", "hand"),
        upcard_turn_again=(*WILD_CARDS, *RED_THREES, *BLACK_THREES),
        red_threes_laid=True,
        tracks_table_seats=True,
        pile_top_melded=True,
        pile_freezers=(*WILD_CARDS, *RED_THREES),
        pile_blockers=BLACK_THREES,
        take_back=False,
        pile_seen_whole=False,
        known_options=(
            ProfileOption(
                "players-2",
                "two players, each on their own, 15 cards each, two canastas to go out "
                "(clause classic-players)",
                (
                    ("players", 2),
                    ("partnerships", False),
                    ("hand_size", 15),
                    ("going_out_canastas", 2),
                ),
            ),
            ProfileOption(
                "players-3",
                "three players, each on their own, 13 cards each (clause classic-players)",
                (("players", 3), ("partnerships", False), ("hand_size", 13)),
            ),
            ProfileOption(
                "players-6",
                "six players in two partnerships of three, 11 cards each (clause classic-players)",
                (("players", 6),),
            ),
            ProfileOption(
                "two-naturals-per-wild",
                "a meld needs two natural cards for each wild card (clause classic-options)",
                (("naturals_per_wild", 2),),
            ),
            ProfileOption(
                "black-three-minus-100",
                "a black three left in hand costs 100 (clause classic-options)",
                (("points", make_point_table(**_CLASSIC_POINTS, black_three_hand="100")),),
            ),
            ProfileOption(
                "black-three-freezes",
                "a black three in the pile freezes it like a wild card (clause classic-options)",
                (("pile_freezers", (*WILD_CARDS, *RED_THREES, *BLACK_THREES)),),
            ),
            ProfileOption(
                "joker-canasta",
                "a canasta of seven or more wild cards, laid in one meld, earns 2000 "
                "(clause classic-options)",
                (("wild_meld_rule", WildMeldRule.CANASTA_AT_ONCE),),
            ),
            ProfileOption(
                "concealed-only-bonus",
                "going out earns no bonus unless concealed, which earns 200 "
                "(clause classic-concealed)",
                (
                    (
                        "bonuses",
                        tuple(
                            (k, {"going-out": 0, "concealed": to_half_points(200)}.get(k, v))
                            for k, v in _CLASSIC_BONUSES
                        ),
                    ),
                ),
            ),
            ProfileOption(
                "concealed-waives-minimum",
                "a player who goes out concealed needs no first-meld minimum "
                "(clause classic-options)",
                (("opening_waiver_cards", 1),),
            ),
            ProfileOption(
                "concealed-canasta",
                "a canasta laid from the hand in one meld, or with the pile's top card in the "
                "take-pile meld, earns 100 more (clause classic-concealed-canasta)",
                (
                    ("concealed_canasta_bonus", to_half_points(100)),
                    ("pile_meld_any_size", True),
                ),
            ),
            ProfileOption(
                "black-three-last-turn",
                "a pile with a black three on top may be taken to meld it with black threes "
                "from the hand and go out (clause classic-black-three-last-turn)",
                (("pile_black_three_last_turn", True),),
            ),
        ),
    )


PROFILE = make_profile()
