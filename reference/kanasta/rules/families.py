"""Chapter *Rule families*: what a family's frozen rules profile holds (the schema).

Code never asks "which variant is this?"; it reads the parameter it needs from
the profile. Where a family's behaviour differs in kind rather than in number,
the profile names a strategy (an enum) and the module that owns the clause
dispatches on it in one place. The families themselves, each a profile with its
options, live in :mod:`kanasta.families`, one module each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from kanasta.clauses import implements
from kanasta.rules.cards import JOKER, Card, get_rank, get_suit, is_two, make_card
from kanasta.rules.points import HalfPoints, to_half_points

__all__ = [
    "BLACK_THREES",
    "RED_THREES",
    "WILD_CARDS",
    "CanastaScheme",
    "DealScheme",
    "Direction",
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
    "make_bonuses",
    "make_point_table",
]


RED_THREES: tuple[Card, ...] = (make_card(3, 1), make_card(3, 2))
"""classic-red-threes: the 3 of diamonds and the 3 of hearts."""
BLACK_THREES: tuple[Card, ...] = (make_card(3, 0), make_card(3, 3))
"""classic-black-threes: the 3 of clubs and the 3 of spades."""
WILD_CARDS: tuple[Card, ...] = (*(make_card(2, s) for s in range(4)), JOKER)


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
def make_point_table(
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

    family: str
    """The family's name (``koz``, ``fi-5200``...; clause rule-families)."""
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
                f"{self.family}: a profile with runs allows one wild card per "
                f"meld, not {self.max_wilds_per_meld} (clause one-wild-per-meld)"
            )

    @property
    def variant(self) -> str:
        """The family's name with the options in force, e.g. ``fi-351 players-2``."""
        return " ".join((self.family, *self.options))

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

    def card_points(self, card: Card, *, acting_wild: bool) -> HalfPoints:
        """card-points: the value of a melded card (a 2 by how it is used)."""
        if acting_wild and is_two(card):
            return self.points.wild_two
        return self.points.by_card[card]

    @implements("hand-card-points")
    def hand_card_points(self, card: Card) -> HalfPoints:
        """hand-card-points: the value of a card left in hand (a 2 at its wild value)."""
        return self.points.by_hand_card[card]


def make_bonuses(**values: str) -> tuple[tuple[str, HalfPoints], ...]:
    return tuple((k.replace("_", "-"), to_half_points(v)) for k, v in values.items())
