"""Chapter *Rule families*: each family is a frozen rules profile (data).

Code never asks "which variant is this?"; it reads the parameter it needs from
the profile. Where a family's behaviour differs in kind rather than in number,
the profile names a strategy (an enum) and the module that owns the clause
dispatches on it in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum

from kanasta.cards import JOKER, Card, get_rank, get_suit, is_two, make_card
from kanasta.clauses import implements
from kanasta.errors import InputError
from kanasta.points import HalfPoints, to_half_points

__all__ = [
    "BLACK_THREES",
    "CLASSIC",
    "FI_351",
    "FI_5200",
    "KOZ",
    "PLAYABLE_FAMILIES",
    "PROFILES",
    "RED_THREES",
    "VARIANTS",
    "WILD_CARDS",
    "CanastaScheme",
    "DealScheme",
    "Direction",
    "Family",
    "Implemented",
    "OpeningBand",
    "OpeningScope",
    "PointTable",
    "ProfileOption",
    "Rounding",
    "RulesProfile",
    "TrumpRule",
    "UnplayedFi",
    "WildMeldRule",
    "get_option_families",
    "get_profile",
    "get_variant_profile",
    "require_playable",
]


RED_THREES: tuple[Card, ...] = (make_card(3, 1), make_card(3, 2))
"""classic-red-threes: the 3 of diamonds and the 3 of hearts."""
BLACK_THREES: tuple[Card, ...] = (make_card(3, 0), make_card(3, 3))
"""classic-black-threes: the 3 of clubs and the 3 of spades."""
WILD_CARDS: tuple[Card, ...] = (*(make_card(2, s) for s in range(4)), JOKER)


class Family(StrEnum):
    """The four rule families described by the sources."""

    KOZ = "koz"
    FI_5200 = "fi-5200"
    FI_351 = "fi-351"
    CLASSIC = "classic"


class Implemented(Enum):
    """How much of a family the reference engine implements and claims.

    This is the one switch per family: the commands that play (``play``,
    ``replay``, ``bench``, ``explain``), the reference implementation and the
    conformance handshake all read it, so making a family playable is a change
    of its profile's ``implemented`` and nothing else.
    """

    MELDS = "meld verdicts, meld points and canasta kinds"
    GAMES = "whole games: the deal, turns, opening, going out, scoring and the game end"


class Direction(Enum):
    """Which way the turn passes."""

    CLOCKWISE = "clockwise"
    COUNTER_CLOCKWISE = "counter-clockwise"


class CanastaScheme(Enum):
    """How a family classifies its canastas (chapter *Canastas*)."""

    CLEAN_DIRTY = "clean/dirty"
    """koz: by the cards in the meld (with trump, super and all-wild kinds)."""
    CLEAN_DIRTY_AT_FORMING = "clean/dirty, fixed when the meld first reaches seven"
    """fi-351: by the cards the meld holds when it first reaches seven cards."""
    HALF_FULL_GRAND = "half/full/grand"
    """fi-5200: fixed when the meld first reaches seven cards."""
    NATURAL_MIXED = "natural/mixed"
    """classic: natural or mixed by the cards in the meld."""


class WildMeldRule(Enum):
    """Whether and how a meld made only of 2s and jokers may exist."""

    FORBIDDEN = "forbidden"
    ANY_WILDS = "any mix of 2s and jokers"
    TWOS_SET = "a set of 2s with at most the usual wild"
    CANASTA_AT_ONCE = "a canasta of wild cards only, laid at once (seven or more)"


class TrumpRule(Enum):
    """How a hand's trump (koz) card is chosen (chapter *The deal*)."""

    NONE = "none"
    BOTTOM_OF_STOCK = "bottom card of the stock, turned face up"


class DealScheme(Enum):
    """How a shuffled deck is dealt into hands, fi packets, upcard and stock."""

    HANDS_THEN_FI = "hands one card at a time, then the fi packets, the upcard, the stock"
    SIX_PACKETS = (
        "one card at a time to the three other players and the dealer's packets a, b, c "
        "(b the dealer's hand, a the first fi, c the second), then the stock"
    )
    CUT_FI_THEN_PAIRS = (
        "the two fi packets one card at a time from the cut, then the hands two cards "
        "at a time, then the stock"
    )


class OpeningScope(Enum):
    """Whose first melds must meet the opening requirement (chapter *Opening*)."""

    TEAM = "the team's first melds"
    PLAYER = "each player's own first melds"


class UnplayedFi(Enum):
    """What a fi taken by discarding and never played is worth (chapter *Scoring*)."""

    COUNTS = "counts like any fi taken"
    IGNORED = "no bonus, its cards not counted, but it counts as taken"


class Rounding(Enum):
    """How a team's hand score is rounded (chapter *Scoring*)."""

    NONE = "none"
    UP = "up to a whole point (toward plus infinity)"


@dataclass(frozen=True, slots=True)
class OpeningBand:
    """One band of the first-opening requirement (chapter *Opening*).

    The band applies when the team's score before the hand is at least
    ``min_score`` (``None``: the lowest band, including negative scores).
    ``wilds_count``: acting wild cards add their value to the total;
    ``wild_melds_count``: a meld holding a wild card (opening-natural-two)
    adds anything at all. ``run_clause`` and ``total_clause``: the clauses a
    refusal for a missing wild-free run or a short total cites (clauses of
    the family the band belongs to).
    """

    min_score: HalfPoints | None
    min_points: HalfPoints
    needs_clean_run: bool = True
    wilds_count: bool = True
    wild_melds_count: bool = True
    run_clause: str = "opening-clean-run"
    total_clause: str = "opening-threshold"
    min_melds: int = 1
    needs_natural_run: bool = False
    """``min_melds``: the opening lays at least this many melds; ``needs_natural_run``: one
    of them is a run holding three naturals in consecutive places (a wild may stand
    elsewhere in it)."""


@dataclass(frozen=True, slots=True)
class ProfileOption:
    """A named rule option of a family (agreed before the game): the fields it changes.

    ``changes`` holds (field name, value) pairs applied to the family's profile.
    """

    name: str
    description: str
    changes: tuple[tuple[str, object], ...]


@dataclass(frozen=True, slots=True)
class PointTable:
    """Card values in half points.

    ``by_card`` gives the value of each of the 53 card kinds when it stands as
    itself (a natural card; for a joker, its value). ``wild_two`` is the value
    of a 2 that acts as a wild in a meld; ``hand_two`` that of a 2 left in hand.
    """

    by_card: tuple[HalfPoints, ...]
    wild_two: HalfPoints
    hand_two: HalfPoints
    by_hand_card: tuple[HalfPoints, ...] = ()
    """The value of each card kind left in hand (a 2 at ``hand_two``; empty: built from
    ``by_card``)."""

    def __post_init__(self) -> None:
        if not self.by_hand_card:
            hand = tuple(
                self.hand_two if is_two(c) else value for c, value in enumerate(self.by_card)
            )
            object.__setattr__(self, "by_hand_card", hand)


@implements("classic-threes", "classic-black-three-in-hand")
def _table(
    *,
    joker: str,
    ace: str,
    two_natural: str,
    two_wild: str,
    two_hand: str,
    low: str,
    high: str,
    black_three: str | None = None,
    red_three: str | None = None,
    black_three_hand: str | None = None,
) -> PointTable:
    """Build a point table from the values a source gives (low = 3..7, high = 8..K).

    classic-black-three-in-hand: ``black_three_hand`` is what a black three left in hand
    costs, in place of its card value (not added to it)."""
    values: list[HalfPoints] = []
    for card in range(52):
        rank = get_rank(card)
        suit = get_suit(card)
        if rank == 1:
            text = ace
        elif rank == 2:
            text = two_natural
        elif rank == 3 and suit is not None and black_three is not None and red_three is not None:
            text = red_three if suit.is_red else black_three
        elif rank <= 7:
            text = low
        else:
            text = high
        values.append(to_half_points(text))
    values.append(to_half_points(joker))
    hand = [to_half_points(two_hand) if is_two(c) else v for c, v in enumerate(values)]
    if black_three_hand is not None:
        for card in BLACK_THREES:
            hand[card] = to_half_points(black_three_hand)
    return PointTable(
        tuple(values), to_half_points(two_wild), to_half_points(two_hand), tuple(hand)
    )


@dataclass(frozen=True, slots=True)
class RulesProfile:
    """A rule family as data. Every field is cited by the clause that uses it."""

    family: Family
    title: str
    sources: str
    players: int
    partnerships: bool
    deck_jokers: int
    hand_size: int
    fi_packets: int
    fi_size: int
    initial_upcard: bool
    direction: Direction
    points: PointTable
    runs_allowed: bool
    max_meld_size: int | None
    max_wilds_per_meld: int
    natural_two_in_place: bool
    run_wild_needs_three_naturals: bool
    min_naturals_per_meld: int
    wilds_at_most_naturals: bool
    wild_meld_rule: WildMeldRule
    one_set_per_rank: bool
    threes_special: bool
    canasta_size: int
    canasta_scheme: CanastaScheme
    bonuses: tuple[tuple[str, HalfPoints], ...] = field(default=())
    # --- deal, turn, opening, going out, scoring, game (chapters 5-10) ---
    trump_rule: TrumpRule = TrumpRule.NONE
    deal_scheme: DealScheme = DealScheme.HANDS_THEN_FI
    single_pile_needs_two_cards: bool = False
    single_pile_no_discard_back: bool = False
    opening_bands: tuple[OpeningBand, ...] = ()
    opening_waiver_cards: int | None = None
    opening_scope: OpeningScope = OpeningScope.TEAM
    forced_canasta_opening: bool = False
    emptying_needs_canasta: bool = True
    fi_needs_canasta: bool = True
    first_fi_team_discard_ban: bool = False
    going_out_needs_discard: bool = False
    rounding: Rounding = Rounding.NONE
    target_score: HalfPoints = 0
    target_extensions: tuple[HalfPoints, ...] = ()
    unplayed_fi: UnplayedFi = UnplayedFi.COUNTS
    score_parts: tuple[str, ...] = ("fi", "melded", "canastas", "going-out", "hand", "rounding")
    pass_by_showing: bool = False
    # --- classic: threes, the frozen pile, several canastas to go out (chapters 5-9) ---
    going_out_canastas: int = 1
    upcard_turn_again: tuple[Card, ...] = ()
    """Cards that, turned up to start the pile, are covered by the next stock card."""
    red_threes_laid: bool = False
    """Red threes are laid face up at once beside the side's melds (bonus cards)."""
    pile_top_melded: bool = False
    """The pile is taken by melding its top card at once, named in the take-pile action."""
    pile_freezers: tuple[Card, ...] = ()
    """Cards that freeze the pile while they lie in it."""
    pile_blockers: tuple[Card, ...] = ()
    """Cards that, on top of the pile, block it for the next player."""
    naturals_per_wild: int = 1
    """With ``wilds_at_most_naturals``: how many naturals each wild card needs."""
    concealed_canasta_bonus: HalfPoints = 0
    pile_meld_any_size: bool = False
    """The take-pile action may lay the top card in a new meld with any number of hand cards
    (two or more) at once, not only two (classic-concealed-canasta)."""
    pile_black_three_last_turn: bool = False
    """A pile blocked by a black three on top may be taken by melding it with black threes from
    the hand in the turn the player goes out (classic-black-three-last-turn)."""
    take_back: bool = True
    """A provisional opening may be taken back (opening-take-back); ``False``: nothing laid is
    ever taken back (classic-no-take-back)."""
    pile_seen_whole: bool = True
    """A player's view shows every card of the discard pile; ``False``: only its top card and
    its size (player-view)."""
    tracks_table_seats: bool = False
    """The state keeps which players have laid cards on the table (for going out concealed)."""
    known_options: tuple[ProfileOption, ...] = ()
    options: tuple[str, ...] = ()
    implemented: Implemented = Implemented.MELDS

    @property
    def is_playable(self) -> bool:
        """Whether the reference plays whole games of this family (see :class:`Implemented`)."""
        return self.implemented is Implemented.GAMES

    def __post_init__(self) -> None:
        """one-wild-per-meld: every family with runs allows one acting wild card per meld,
        and a run names the one place its wild card stands; a profile with runs and
        another number is a programmer error, not a family."""
        if self.runs_allowed and self.max_wilds_per_meld != 1:
            raise ValueError(
                f"{self.family.value}: a profile with runs allows one wild card per "
                f"meld, not {self.max_wilds_per_meld} (clause one-wild-per-meld)"
            )

    @property
    def variant(self) -> str:
        """The family's name with the options in force, e.g. ``fi-351 players-2``."""
        return " ".join((self.family.value, *self.options))

    @property
    def deck_size(self) -> int:
        """deck-composition: 104 suited cards plus the jokers."""
        return 104 + self.deck_jokers

    @property
    def stock_size(self) -> int:
        """What is left for the stock after hands, fi packets and the upcard."""
        dealt = self.players * self.hand_size + self.fi_packets * self.fi_size
        return self.deck_size - dealt - (1 if self.initial_upcard else 0)

    def bonus(self, name: str) -> HalfPoints:
        """The value of a named bonus of this family (0 when the family has none)."""
        for key, value in self.bonuses:
            if key == name:
                return value
        return 0

    @property
    def team_count(self) -> int:
        """seats-in-order-of-play, classic-players: the sides: two partnerships (of two or
        three players), or one per player."""
        return 2 if self.partnerships else self.players

    @implements("card-points-koz", "card-points-fi-5200", "card-points-classic")
    def card_points(self, card: Card, *, acting_wild: bool) -> HalfPoints:
        """card-points: the value of a melded card (a 2 by how it is used)."""
        if acting_wild and is_two(card):
            return self.points.wild_two
        return self.points.by_card[card]

    @implements("hand-card-points")
    def hand_card_points(self, card: Card) -> HalfPoints:
        """hand-card-points: the value of a card left in hand (a 2 at its wild value)."""
        return self.points.by_hand_card[card]


def _b(**values: str) -> tuple[tuple[str, HalfPoints], ...]:
    return tuple((k.replace("_", "-"), to_half_points(v)) for k, v in values.items())


KOZ = RulesProfile(
    family=Family.KOZ,
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
    points=_table(
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
    bonuses=_b(
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

FI_5200 = RulesProfile(
    family=Family.FI_5200,
    title="fi-5200: partnership kanasta with fi packets, half/full/grand canastas, game to 5200",
    sources="seed 000 (part 1)",
    players=4,
    partnerships=True,
    deck_jokers=2,
    hand_size=11,
    fi_packets=2,
    fi_size=11,
    initial_upcard=False,
    direction=Direction.CLOCKWISE,
    points=_table(
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
    bonuses=_b(
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

FI_351 = RulesProfile(
    family=Family.FI_351,
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
    points=_table(
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
    bonuses=_b(dirty="10", clean="20", fi="10", going_out="10"),
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

_MINIMUM = "classic-opening-minimum"

_CLASSIC_BONUSES = _b(
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

CLASSIC = RulesProfile(
    family=Family.CLASSIC,
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
    points=_table(**_CLASSIC_POINTS),
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
            to_half_points(1500), to_half_points(90), needs_clean_run=False, total_clause=_MINIMUM
        ),
        OpeningBand(
            to_half_points(3000), to_half_points(120), needs_clean_run=False, total_clause=_MINIMUM
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
            (("players", 2), ("partnerships", False), ("hand_size", 15), ("going_out_canastas", 2)),
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
            (("points", _table(**_CLASSIC_POINTS, black_three_hand="100")),),
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
            "going out earns no bonus unless concealed, which earns 200 (clause classic-concealed)",
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
            "a player who goes out concealed needs no first-meld minimum (clause classic-options)",
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

PROFILES: dict[str, RulesProfile] = {p.family.value: p for p in (KOZ, FI_5200, FI_351, CLASSIC)}

PLAYABLE_FAMILIES: tuple[str, ...] = tuple(n for n, p in PROFILES.items() if p.is_playable)
"""The families whose whole games the reference plays (derived from ``implemented``)."""


def _with_options(profile: RulesProfile, names: tuple[str, ...]) -> RulesProfile:
    """The family's profile with the named options in force (names in the family's order)."""
    changes: dict[str, object] = {}
    for option in profile.known_options:
        if option.name in names:
            changes.update(option.changes)
    return replace(profile, options=names, **changes)  # type: ignore[arg-type]


def _option_sets(profile: RulesProfile) -> list[tuple[str, ...]]:
    """Every allowed combination of a family's options, in the family's order: at most
    one option that sets a field (``players-2`` and ``players-3`` exclude each other)."""
    combos: list[tuple[str, ...]] = [()]
    for option in profile.known_options:
        fields = {name for name, _ in option.changes}
        for combo in list(combos):
            taken = {
                name
                for other in profile.known_options
                if other.name in combo
                for name, _ in other.changes
            }
            if not fields & taken:
                combos.append((*combo, option.name))
    return combos


VARIANTS: dict[tuple[str, tuple[str, ...]], RulesProfile] = {
    (p.family.value, names): _with_options(p, names) if names else p
    for p in PROFILES.values()
    for names in _option_sets(p)
}
"""Every profile by family name and options in force, built once (so that the same
rules are always the same value)."""


def get_variant_profile(name: str, features: Iterable[str]) -> RulesProfile:
    """profile-options: the profile a fixture plays under: its variant with its named
    features in force; a feature that is no option of the family is refused, never
    ignored (:func:`get_profile`)."""
    return get_profile(name, features)


def get_option_families(option: str) -> tuple[str, ...]:
    """profile-options: the families that have a rule option of this name."""
    return tuple(
        name for name, p in PROFILES.items() if any(o.name == option for o in p.known_options)
    )


@implements("rule-families", "profile-options", "classic-options", "classic-players")
def get_profile(name: str, options: Iterable[str] = ()) -> RulesProfile:
    """rule-families: the profile of a family by its name (``koz``, ``fi-5200``...).

    profile-options: ``options`` names rule options of the family agreed before
    the game (``players-2``, ``target-555``); an unknown or conflicting option is an
    input error.
    """
    given: object = name  # a caller of the public API may pass anything
    family = PROFILES.get(given) if isinstance(given, str) else None
    if family is None:
        known = ", ".join(PROFILES)
        raise InputError(
            f"unknown variant {name!r}; the rule families are {known} (clause rule-families)."
        )
    listed = [options] if isinstance(options, str) else list(options)
    if isinstance(options, str) or not all(isinstance(o, str) for o in listed):
        raise InputError(
            f"the options of {name} are a list of option names, not {options!r} "
            "(clause profile-options)."
        )
    wanted = set(listed)
    names = tuple(o.name for o in family.known_options if o.name in wanted)
    unknown = sorted(wanted - set(names))
    if unknown:
        known_names = ", ".join(o.name for o in family.known_options) or "none"
        owners = get_option_families(unknown[0])
        whose = (
            f"{unknown[0]} is an option of {', '.join(owners)} only"
            if owners
            else f"{unknown[0]} is an option of no family"
        )
        raise InputError(
            f"{name} has no option {unknown[0]!r}: {whose}; the options of {name} are "
            f"{known_names} (clause profile-options)."
        )
    profile = VARIANTS.get((name, names))
    if profile is None:
        raise InputError(
            f"the options {', '.join(names)} of {name} cannot be combined (clause profile-options)."
        )
    return profile


def require_playable(profile: RulesProfile, what: str) -> None:
    """Refuse, with one line, to ``what`` (e.g. "play") a family the engine does not play yet."""
    if not profile.is_playable:
        raise InputError(
            f"cannot {what} {profile.family.value}: for {profile.family.value} the reference "
            f"implements only {profile.implemented.value}, not whole games "
            f"(playable families: {', '.join(PLAYABLE_FAMILIES)})."
        )
