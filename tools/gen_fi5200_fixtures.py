"""Write the fi-5200 conformance fixtures of chapters 5-11 (deal, turn, opening, fi and
going out, scoring, legal-action counts, golden playthroughs).

Every scenario below is written by hand: its setup names the cards that matter (the rest
of the deck is placed by :func:`kanasta.scenario.build_state`), and its expected verdicts,
state facts and scores are stated here from the rules of seed 000 (part 1), not computed by
the engine. The exceptions are golden values of the reference: the hands dealt by the
portable shuffle (``deal/seed-*``) and the *generated* fixtures (golden playthroughs and
legal-action counts after random prefixes), which carry a recipe and are derived by
``kanasta conformance generate``, the command that makes the koz golden files too.

    python tools/gen_fi5200_fixtures.py          # write the fixtures
    python tools/gen_fi5200_fixtures.py --check  # exit 1 if a file would change

The meld-level fi-5200 fixtures (``fi-5200/meld``, ``fi-5200/canasta``, ``fi-5200/wild``)
are written by hand as files and are not touched here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from fixture_kit import (
    BACK,
    DRAW,
    OK,
    TAKE,
    Book,
    Json,
    acts,
    cards,
    count,
    disc,
    facts,
    lay,
    meld,
    no,
    ok,
    score,
    write_fixtures,
)
from kanasta.profiles import FI_5200
from kanasta.scenario import build_state
from kanasta.state import Phase, state_to_json

SOURCE = "seed 000 (part 1)"


CANASTA = "9S 9H 9D 9C 9S 9H 9D"
"""Seven 9s: a full canasta (200), worth 70 in cards."""

FI_CARDS = "KC KD KH KS QC QD QH QS JC JD JH"
"""Eleven cards worth 110: a fi packet held and never played."""


def state(**kwargs: Any) -> Json:
    """A complete fi-5200 state (fixture ``setup.state``) from the cards that matter."""
    return state_to_json(build_state(FI_5200, **kwargs))


def play(*hands: str | None, **kwargs: Any) -> Json:
    """The seat ``turn`` (default 0) to play (after drawing), the hands by seat."""
    return state(hands=list(hands), phase=Phase.PLAY, **kwargs)


def parts(
    canastas: float = 0,
    fi: float = 0,
    going_out: float = 0,
    melded: float = 0,
    hand: float = 0,
    penalty: float = 0,
) -> tuple[float, dict[str, float]]:
    """A team's score: the total and the breakdown, in the counting order of the source."""
    breakdown = {
        "canastas": canastas,
        "fi": fi,
        "going-out": going_out,
        "melded": melded,
        "hand": hand,
        "penalty": penalty,
    }
    return sum(breakdown.values()), breakdown


# --------------------------------------------------------------------------- chapter 5

_SEEDED_HANDS: dict[int, list[str]] = {}


def _seeded(seeds: Sequence[int]) -> None:
    from kanasta.cards import format_cards  # noqa: PLC0415
    from kanasta.deal import deal_from_seed  # noqa: PLC0415

    for seed in seeds:
        deal = deal_from_seed(FI_5200, seed, 3)
        _SEEDED_HANDS[seed] = [format_cards(h) for h in deal.hands]


def deal_fixtures(book: Book) -> None:
    labels = {0: "the smallest seed", 1: "seed 1", 2024: "an ordinary seed"}
    labels[18446744073709551615] = "the largest 64-bit seed"
    for seed, label in labels.items():
        book.add(
            f"deal/seed-{seed}",
            ["seeded-shuffle", "deal-six-packets", "deal-fi-5200", "first-player"],
            f"The portable shuffle of {label} ({seed}), dealt by seat 3 as if to six players "
            "(seed 000 (part 1), the deal with the dealer's packets a, b and c): each hand "
            "holds 11 cards, the dealer's hand is packet b, two fi packets of 11 wait, no card "
            "is turned up and 40 cards form the stock. Seat 0 plays first. The hands pin the "
            "shuffle and the order of the deal.",
            {"seed": seed},
            facts(
                turn=0,
                phase="draw",
                hands=[cards(h) for h in _SEEDED_HANDS[seed]],
                hand_sizes=[11, 11, 11, 11],
                stock_size=40,
                discard_size=0,
                discard_top=None,
                fi_left=2,
                fi_taken=[0, 0],
                opened=[False, False],
                hand_over=False,
                trump=None,
                team_scores=[0, 0],
            ),
        )
    book.add(
        "deal/first-player-must-draw",
        ["deal-fi-5200", "take-whole-pile", "legal-action-count", "turn-structure"],
        "A fi-5200 hand starts with an empty discard pile, so the only legal action of the "
        "first player is to draw.",
        {"seed": 7},
        acts((TAKE, no("take-whole-pile", "pile-empty"))),
        count(1),
        ok(DRAW),
        facts(hand_sizes=[12, 11, 11, 11], stock_size=39, phase="play"),
    )


# --------------------------------------------------------------------------- chapter 6


def turn_fixtures(book: Book) -> None:
    book.add(
        "turn/seat-3-then-seat-0",
        ["seats-in-order-of-play", "direction-of-play", "turn-passes"],
        "fi-5200 is played clockwise; seats are numbered in the order of play, so after seat "
        "3 discards, seat 0 plays.",
        state(hands=[None, None, None, "4C 5C"], turn=3, stock_top="8D"),
        ok(DRAW, disc("8D")),
        facts(turn=0, phase="draw", discard_top="8D", discard_size=1),
    )
    diamonds = "AD 2C 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"
    grand_places = {
        "arrangement": {"kind": "run", "suit": "D", "low": 1, "cards": cards(diamonds)},
        "canasta": "full",
    }
    book.add(
        "turn/thirteen-places-built-from-q-k-a-stand-ace-low",
        ["run-thirteen-ace-low", "run-wild-placement", "lay-off"],
        "Seat 2 (team 0, its partner opened) lays Q-K-A of diamonds (the ace high), then the 3 "
        "to the J with the 2 of clubs standing as the 2: the run fills thirteen places and "
        "stands ace low, the wild in place 2, as when laid at once (the next fixture).",
        play(None, None, f"{diamonds} 5S 6S", melds=[["8C 8D 8S"]], turn=2),
        ok(meld("QD KD AD"), lay(1, "2C 3D 4D 5D 6D 7D 8D 9D 10D JD", 2)),
        facts(hand_sizes=[11, 11, 2, 11], melds=[[{"canasta": None}, grand_places], []]),
    )
    book.add(
        "turn/thirteen-places-at-once-stand-ace-low",
        ["run-thirteen-ace-low", "run-wild-placement", "meld-from-hand"],
        "Seat 0 (team 0) lays the same thirteen cards at once, the wild in place 2: ace low, "
        "the arrangement of the fixture before.",
        play(f"{diamonds} 5S 6S", melds=[["8C 8D 8S"]]),
        ok(meld(diamonds, 2)),
        facts(hand_sizes=[2, 11, 11, 11], melds=[[{"canasta": None}, grand_places], []]),
    )
    book.add(
        "turn/take-the-pile-before-opening",
        ["take-whole-pile"],
        "Seed 000 (part 1) lets a player take the whole pile instead of drawing, with no "
        "condition: a player whose team has not opened takes three cards.",
        state(hands=["5H 6H"], discard="3C 4D 5S"),
        ok(TAKE),
        facts(hand_sizes=[5, 11, 11, 11], discard_size=0, phase="play"),
    )
    book.add(
        "turn/one-card-pile-with-one-card-hand",
        ["take-whole-pile"],
        "fi-5200 has no limit on a one-card pile: a player holding one card may take a pile "
        "of one card, and may discard that very card again.",
        state(hands=["5H"], discard="KD", melds=[["4C 5C 6C"]]),
        ok(TAKE, disc("KD")),
        facts(hand_sizes=[1, 11, 11, 11], discard_top="KD", turn=1),
    )
    book.add(
        "turn/take-the-pile-and-use-it",
        ["take-whole-pile", "lay-off-own-team"],
        "The cards of the pile join the hand and may be used at once: the 7 of hearts from the "
        "pile is laid off on the team's 4-5-6.",
        state(hands=["5C 9D"], discard="3S 7H", melds=[["4H 5H 6H"]]),
        ok(TAKE, lay(0, "7H"), disc("3S")),
        facts(hand_sizes=[2, 11, 11, 11], discard_top="3S", turn=1),
    )
    book.add(
        "turn/take-an-empty-pile-refused",
        ["take-whole-pile"],
        "An empty discard pile cannot be taken.",
        state(hands=["5H 6H"], discard=""),
        acts((TAKE, no("take-whole-pile", "pile-empty"))),
    )
    book.add(
        "turn/lay-off-onto-the-partners-meld",
        ["lay-off-own-team"],
        "Seed 000 (part 1) lets partners lay off onto each other's melds: seat 0 lays the 7 "
        "and 8 of hearts off on the run its partner made.",
        play("7H 8H KC", melds=[["4H 5H 6H"]]),
        ok(lay(0, "7H 8H"), disc("KC")),
        facts(
            melds=[
                [
                    {
                        "arrangement": {
                            "kind": "run",
                            "suit": "H",
                            "low": 4,
                            "cards": cards("4H 5H 6H 7H 8H"),
                        }
                    }
                ],
                [],
            ]
        ),
    )
    book.add(
        "turn/no-lay-off-onto-the-other-team",
        ["lay-off-own-team"],
        "A player lays off only onto the own team's melds: index 1 names no meld of team 0 "
        "(the 7-8 run belongs to team 1).",
        play("9C KC", melds=[["4H 5H 6H"], ["10C JC QC"]]),
        acts((lay(1, "9C"), no("lay-off-own-team", "no-such-meld"))),
    )
    book.add(
        "turn/second-set-of-a-rank-refused",
        ["one-set-per-rank", "meld-from-hand"],
        "A team lays further cards of a rank off on its set instead of starting a second set.",
        play("8C 8D 2S KC", melds=[["8S 8H 8H"]]),
        acts(
            (meld("8C 8D 2S"), no("one-set-per-rank", "second-set-of-rank")),
            (lay(0, "8C 8D 2S"), OK),
        ),
    )
    book.add(
        "turn/discard-ends-the-turn",
        ["discard-ends-turn", "draw-from-stock", "turn-passes"],
        "Draw one card, discard one: the turn passes to seat 1.",
        state(hands=["4H 5H 6H 9C"], stock_top="3S"),
        ok(DRAW),
        facts(hand_sizes=[5, 11, 11, 11], phase="play", turn=0),
        ok(disc("3S")),
        facts(turn=1, phase="draw", discard_top="3S", discard_size=1),
    )


# --------------------------------------------------------------------------- chapter 7


def opening_fixtures(book: Book) -> None:
    lower = ["opening-bands-fi-5200", "opening-lower-band"]
    partner_open = {
        "melds": [["10C 10D 10S", "JH QH KH"]],
        "seat_opened": [True, False, False, False],
        "turn": 2,
    }
    book.add(
        "opening/lower-4-5-6-and-8-8-8-make-45",
        [*lower, "opening-checked-at-discard"],
        "Seed 000 (part 1), the example of an opening of 45 below 900: 4-5-6 (15) and 8-8-8 "
        "(30), no wild, one run: exactly 45 opens.",
        play("4H 5H 6H 8C 8D 8S KC QD"),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), disc("KC")),
        facts(opened=[True, False], turn=1, hand_sizes=[1, 11, 11, 11]),
    )
    book.add(
        "opening/lower-a-to-7-with-the-2-in-place",
        [*lower, "opening-no-wild-reading", "natural-two-in-place"],
        "Seed 000 (part 1), the example A-2-3-4-5-6-7: the 2 stands in its own place and is "
        "natural, so the run has no wild and is worth 15 + 6 x 5 = 45: it opens.",
        play("AS 2S 3S 4S 5S 6S 7S KC QD"),
        ok(meld("AS 2S 3S 4S 5S 6S 7S"), disc("KC")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/lower-nine-cards-of-5-points",
        lower,
        "Seed 000 (part 1), the example of nine 5-point cards with a run among them: 5-6-7, "
        "3-3-3 and 4-4-4 make 45 and open.",
        play("5H 6H 7H 3C 3D 3S 4C 4D 4S KC QD"),
        ok(meld("5H 6H 7H"), meld("3C 3D 3S"), meld("4C 4D 4S"), disc("KC")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/lower-40-points-refused",
        [*lower, "opening-take-back"],
        "4-5-6-7 (20) and four 3s (20) make 40, below 45: the discard is refused; the "
        "provisional melds are taken back and the player discards.",
        play("4H 5H 6H 7H 3C 3D 3S 3H KC"),
        ok(meld("4H 5H 6H 7H"), meld("3C 3D 3S 3H")),
        acts((disc("KC"), no("opening-lower-band", "below-threshold"))),
        ok(BACK, disc("KC")),
        facts(opened=[False, False], hand_sizes=[8, 11, 11, 11]),
    )
    book.add(
        "opening/lay-offs-onto-the-own-new-melds-count",
        [*lower, "opening-provisional"],
        "Cards laid off onto the player's own new melds in the opening turn count: 4-5-6 (15) "
        "and 7-7-7 (15), then the 7 and 8 of hearts laid off on the run (15): 45.",
        play("4H 5H 6H 7C 7D 7S 7H 8H KC QD"),
        ok(meld("4H 5H 6H"), meld("7C 7D 7S"), lay(0, "7H 8H"), disc("KC")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/lower-sets-only-refused",
        [*lower],
        "Seed 000 (part 1) asks for a run among the 45: 8-8-8, K-K-K and Q-Q-Q make 90 "
        "points but no run, and do not open.",
        play("8C 8D 8S KC KD KS QC QD QS 5H"),
        ok(meld("8C 8D 8S"), meld("KC KD KS"), meld("QC QD QS")),
        acts((disc("5H"), no("opening-lower-band", "no-clean-run"))),
    )
    book.add(
        "opening/lower-wild-in-the-set-adds-nothing",
        [*lower, "opening-no-wild-reading"],
        "The 45 must be collected without wild cards: 4-5-6 and 8-8-8 with a wild 2 count only "
        "the run's 15, because the set holds a wild.",
        play("4H 5H 6H 8C 8D 8S 2C KC"),
        ok(meld("4H 5H 6H"), meld("2C 8C 8D 8S")),
        acts((disc("KC"), no("opening-lower-band", "below-threshold"))),
    )
    book.add(
        "opening/lower-wild-in-the-run-leaves-no-clean-run",
        [*lower],
        "4-5-6 with a wild for the 7 and 8-8-8-8: the only run holds a wild, so there is no "
        "wild-free run among the opening melds.",
        play("4H 5H 6H 2C 8C 8D 8S 8H KC"),
        ok(meld("4H 5H 6H 2C"), meld("8C 8D 8S 8H")),
        acts((disc("KC"), no("opening-lower-band", "no-clean-run"))),
    )
    book.add(
        "opening/lower-wilds-in-an-extra-meld",
        [*lower, "opening-no-wild-reading"],
        "Seed 000 (part 1) allows wild cards on the remaining cards once the 45 stand without "
        "them: 4-5-6 and 8-8-8 (45) and also 10-10-joker open.",
        play("4H 5H 6H 8C 8D 8S 10C 10D JK KC QD"),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), meld("10C 10D JK"), disc("KC")),
        facts(opened=[True, False], hand_sizes=[1, 11, 11, 11], fi_left=2),
    )
    book.add(
        "opening/lower-wilds-then-empty-the-hand",
        [*lower, "opening-no-wild-reading", "fi-pickup", "fi-continue"],
        "Seed 000 (part 1) lets the player who has the 45 without wilds use wilds on the rest "
        "and empty the hand: 4-5-6, 8-8-8, then 10-10-joker melds the last cards; the player "
        "takes the first fi at once and plays on.",
        play("4H 5H 6H 8C 8D 8S 10C 10D JK"),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), meld("10C 10D JK")),
        facts(
            opened=[True, False],
            turn=0,
            phase="play",
            hand_sizes=[11, 11, 11, 11],
            fi_left=1,
            fi_taken=[1, 0],
        ),
    )
    book.add(
        "opening/lower-no-exception-for-a-finished-hand",
        [*lower],
        "Seed 000 (part 1): below 45 a player cannot open even with a finished hand. 4-5-6 and "
        "7-7-7 (30) would empty the hand: the last meld is refused.",
        play("4H 5H 6H 7C 7D 7S"),
        ok(meld("4H 5H 6H")),
        acts((meld("7C 7D 7S"), no("opening-lower-band", "below-threshold"))),
    )
    book.add(
        "opening/lower-wild-laid-off-in-the-turn-spoils-the-set",
        [*lower, "opening-no-wild-reading"],
        "A meld is judged as it stands at the discard: 8-8-8 that took a joker in the same "
        "turn no longer counts toward the 45, leaving 15.",
        play("4H 5H 6H 8C 8D 8S JK KC"),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), lay(1, "JK")),
        acts((disc("KC"), no("opening-lower-band", "below-threshold"))),
    )
    twos = [*lower, "opening-natural-two", "twos-set"]
    book.add(
        "opening/lower-set-of-2s-adds-nothing",
        twos,
        "A set of 2s holds no 2 in its own place in a run: its 2s are wild cards for the 45. "
        "4-5-6 (15) with 2-2-2 (30 at the joker value) is refused: only the run's 15 count.",
        play("4H 5H 6H 2C 2D 2S KC QD"),
        ok(meld("4H 5H 6H"), meld("2C 2D 2S")),
        acts((disc("KC"), no("opening-lower-band", "below-threshold"))),
        facts(opened=[False, False], turn=0),
    )
    book.add(
        "opening/lower-set-of-2s-beside-45-without-wilds",
        twos,
        "Seat 1 (team 1) has 45 without wild cards, 4-5-6 and 8-8-8, and also lays 2-2-2-2: "
        "the set of 2s adds nothing but may be laid in the same turn, and the player opens.",
        play(None, "4S 5S 6S 8C 8D 8H 2C 2D 2H 2S KC QD", turn=1),
        ok(meld("4S 5S 6S"), meld("8C 8D 8H"), meld("2C 2D 2H 2S"), disc("KC")),
        facts(opened=[False, True], turn=2, hand_sizes=[11, 1, 11, 11]),
    )
    book.add(
        "opening/lower-set-of-2s-does-not-complete-the-45",
        twos,
        "Seat 3 (team 1) after its partner opened: 7-8-9 of clubs (25) and 10-10-10 (30) would "
        "be 55, but with 2-2-2 in place of the 10s the 2s count nothing: 25 is refused.",
        play(
            None,
            None,
            None,
            "7C 8C 9C 2D 2H 2S KD QH",
            melds=[[], ["4H 5H 6H", "8C 8D 8S"]],
            seat_opened=[False, True, False, False],
            turn=3,
        ),
        ok(meld("7C 8C 9C"), meld("2D 2H 2S")),
        acts((disc("KD"), no("opening-lower-band", "below-threshold"))),
    )
    book.add(
        "opening/lower-2-in-its-own-place-counts",
        [*lower, "opening-natural-two", "natural-two-in-place"],
        "Seat 2 (team 0) after its partner opened: the 2 of spades stands in its own place in "
        "A-2-3-4 of spades, a natural worth 5, so A-2-3-4 (30) and 5-5-5 (15) make the 45.",
        play(None, None, "AS 2S 3S 4S 5C 5D 5H KC QD", **partner_open),
        ok(meld("AS 2S 3S 4S"), meld("5C 5D 5H"), disc("KC")),
        facts(opened=[True, False], turn=3),
    )
    book.add(
        "opening/lower-band-for-a-negative-total",
        ["opening-band-900", "opening-lower-band"],
        "A team below zero (after a -600, say) is in the lower band: 45 without wilds opens.",
        play("4H 5H 6H 8C 8D 8S KC QD", team_scores=[-300, 0]),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), disc("KC")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/band-895-is-lower",
        ["opening-band-900", "opening-lower-band"],
        "A team total of 895 is below 900: the 45 of 4-5-6 and 8-8-8 open.",
        play("4H 5H 6H 8C 8D 8S KC QD", team_scores=[895, 0]),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), disc("KC")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/band-900-is-upper",
        ["opening-band-900", "opening-upper-band"],
        "Once the team has reached 900 the opening needs 90: 4-5-6 and 8-8-8 (45) no longer open.",
        play("4H 5H 6H 8C 8D 8S KC", team_scores=[900, 0]),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S")),
        acts((disc("KC"), no("opening-upper-band", "below-threshold"))),
    )
    book.add(
        "opening/upper-the-90-example-with-a-legal-last-meld",
        ["opening-upper-band", "opening-bands-fi-5200"],
        "Seed 000 (part 1), the example of a 90 opening: the wild-free run 4-5-6 (15), 8-8-wild "
        "(30) and 3-3-wild (20); with Q-Q-wild (30) for the source's 10-wild-Q the total is 95.",
        play("4H 5H 6H 8C 8D 2S 3C 3D 2H QC QD 2D KC 5C", team_scores=[1500, 0]),
        ok(meld("4H 5H 6H"), meld("8C 8D 2S"), meld("3C 3D 2H"), meld("QC QD 2D"), disc("KC")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/upper-10-wild-q-of-the-example-is-no-meld",
        ["opening-upper-band", "run-wild-three-naturals-example", "run-wild-after-three-naturals"],
        "Seed 000 (part 1) lists 10-wild-Q among its 90 examples, but a wild joins a run only "
        "beside three naturals: the meld is refused.",
        play("10H 2D QH 4H 5H 6H KC", team_scores=[1500, 0]),
        acts((meld("10H 2D QH"), no("run-wild-after-three-naturals", "wild-needs-three-naturals"))),
    )
    book.add(
        "opening/upper-85-refused",
        ["opening-upper-band"],
        "4-5-6 (15), 8-8-wild (30) and 3-3-wild (20) make 65 < 90: refused.",
        play("4H 5H 6H 8C 8D 2S 3C 3D 2H KC", team_scores=[900, 0]),
        ok(meld("4H 5H 6H"), meld("8C 8D 2S"), meld("3C 3D 2H")),
        acts((disc("KC"), no("opening-upper-band", "below-threshold"))),
    )
    book.add(
        "opening/upper-exactly-90",
        ["opening-upper-band"],
        "4-5-6 (15), A-A-A (45) and 10-10-wild (30): exactly 90, with a wild, opens.",
        play("4H 5H 6H AC AD AS 10C 10D 2S KC 5C", team_scores=[1000, 0]),
        ok(meld("4H 5H 6H"), meld("AC AD AS"), meld("10C 10D 2S"), disc("KC")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/upper-run-with-a-wild-is-not-enough",
        ["opening-upper-band"],
        "From 900 the opening needs a wild-free run: 4-5-6-wild with A-A-A and K-K-K (110) has "
        "only a run with a wild.",
        play("4H 5H 6H 2S AC AD AS KC KD KS QC", team_scores=[900, 0]),
        ok(meld("4H 5H 6H 2S"), meld("AC AD AS"), meld("KC KD KS")),
        acts((disc("QC"), no("opening-upper-band", "no-clean-run"))),
    )
    book.add(
        "opening/upper-no-exception-for-a-finished-hand",
        ["opening-upper-band", "opening-bands-fi-5200"],
        "Seed 000 (part 1): below 90 a player cannot open even with a finished hand. 4-5-6 "
        "and 8-8-wild (45) would empty the hand: refused.",
        play("4H 5H 6H 8C 8D 2S", team_scores=[2000, 0]),
        ok(meld("4H 5H 6H")),
        acts((meld("8C 8D 2S"), no("opening-upper-band", "below-threshold"))),
    )
    book.add(
        "opening/take-back-a-failed-opening",
        ["opening-take-back", "opening-provisional"],
        "A provisional opening that does not qualify is taken back: the cards return to the "
        "hand and the player discards as usual.",
        play("4H 5H 6H 7C 7D 7S KC"),
        ok(meld("4H 5H 6H"), meld("7C 7D 7S"), BACK),
        facts(hand_sizes=[7, 11, 11, 11], melds=[[], []]),
        ok(disc("KC")),
        facts(opened=[False, False], turn=1),
    )
    partner = {
        "melds": [["4H 5H 6H", "8C 8D 8S"]],
        "seat_opened": [True, False, False, False],
        "turn": 2,
    }
    book.add(
        "opening/personal-lay-off-without-opening",
        ["opening-personal", "lay-off-own-team"],
        "Seed 000 (part 1): a player may go straight to laying off onto the partner's melds "
        "without opening. Seat 2 lays the 7 and 8 of hearts off on seat 0's run and discards.",
        play(None, None, "7H 8H QC KC", **partner),
        ok(lay(0, "7H 8H"), disc("QC")),
        facts(opened=[True, False], turn=3),
    )
    book.add(
        "opening/personal-an-opened-player-melds-freely",
        ["opening-personal", "meld-from-hand"],
        "A player who has opened personally melds freely afterwards: seat 0 lays 3-4-5 of "
        "clubs (15) and discards.",
        play(
            "3C 4C 5C KC QD",
            melds=[["4H 5H 6H", "8C 8D 8S"]],
            seat_opened=[True, False, False, False],
        ),
        ok(meld("3C 4C 5C"), disc("KC")),
        facts(turn=1, hand_sizes=[1, 11, 11, 11]),
    )
    book.add(
        "opening/personal-own-melds-need-45",
        ["opening-personal", "opening-lower-band"],
        "After the partner opened, a player's own new melds are that player's opening and need "
        "45 too (seed 000 (part 1): each partner opens at 45 or goes to lay off): 3-4-5 of "
        "clubs alone (15) is refused.",
        play(None, None, "3C 4C 5C QC KC", **partner),
        ok(meld("3C 4C 5C")),
        acts((disc("QC"), no("opening-lower-band", "below-threshold"))),
    )
    book.add(
        "opening/personal-own-opening-of-45",
        ["opening-personal", "opening-lower-band"],
        "Seat 2 opens personally with 10-10-10 (30) and J-Q-K of hearts (30) after its partner "
        "opened.",
        play(None, None, "10C 10D 10S JH QH KH 5C 3D", **partner),
        ok(meld("10C 10D 10S"), meld("JH QH KH"), disc("5C")),
        facts(opened=[True, False], turn=3),
    )
    book.add(
        "opening/personal-lay-offs-do-not-count",
        ["opening-personal", "opening-lower-band"],
        "Cards laid off onto the partner's melds are no part of a player's own opening: 7-8 of "
        "hearts laid off (15) with 3-4-5 of clubs (15) and 6-6-6 (15) leave the player's own "
        "melds at 30.",
        play(None, None, "7H 8H 3C 4C 5C 6C 6D 6S KC", **partner),
        ok(lay(0, "7H 8H"), meld("3C 4C 5C"), meld("6C 6D 6S")),
        acts((disc("KC"), no("opening-lower-band", "below-threshold"))),
    )
    book.add(
        "opening/personal-take-back-keeps-the-lay-offs",
        ["opening-personal", "opening-take-back"],
        "Taking back a personal opening returns only the player's own new melds: the 7 laid "
        "off on the partner's run stays there.",
        play(None, None, "7H JC JD JS QC KC", **partner),
        ok(lay(0, "7H"), meld("JC JD JS"), BACK),
        facts(
            hand_sizes=[11, 11, 5, 11],
            melds=[
                [
                    {
                        "arrangement": {
                            "kind": "run",
                            "suit": "H",
                            "low": 4,
                            "cards": cards("4H 5H 6H 7H"),
                        }
                    },
                    {"arrangement": {"kind": "set", "rank": "8", "cards": cards("8C 8D 8S")}},
                ],
                [],
            ],
        ),
    )
    forced = {"melds": [[CANASTA]], "fi_takers": [0, 2], "turn": 1}
    book.add(
        "opening/forced-45-is-not-enough",
        ["forced-canasta-opening", "forced-canasta-trigger"],
        "Seed 000 (part 1): when one team took both fi before the other opened, the other must "
        "open with a canasta. Team 1 is forced; 4-5-6 and 8-8-8 (45) do not open it.",
        play(None, "4H 5H 6H 8C 8D 8S KC", **forced),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S")),
        acts((disc("KC"), no("forced-canasta-opening", "no-canasta-opening"))),
    )
    book.add(
        "opening/forced-half-canasta-with-a-wild-opens",
        ["forced-canasta-opening", "canasta-half-full"],
        "A forced team opens with a half canasta made with a wild card, with neither 45 nor a "
        "run (seed 000 (part 1): jokers allowed, the 45/90 rule does not apply): six 7s and a "
        "wild 2.",
        play(None, "7C 7C 7D 7D 7H 7H 2S KC QD", **forced),
        ok(meld("7C 7C 7D 7D 7H 7H 2S"), disc("KC")),
        facts(opened=[True, True], melds=[[{"canasta": "full"}], [{"canasta": "half"}]]),
    )
    book.add(
        "opening/forced-canasta-built-with-lay-offs",
        ["forced-canasta-opening", "canasta-kind-fixed"],
        "The forced canasta may be built in the opening turn: 7-7-7, then four 7s laid off at "
        "once make a full canasta, and the discard opens the team.",
        play(None, "7C 7C 7D 7D 7H 7H 7S KC QD", **forced),
        ok(meld("7C 7D 7H"), lay(0, "7C 7D 7H 7S"), disc("KC")),
        facts(opened=[True, True], melds=[[{"canasta": "full"}], [{"canasta": "full"}]]),
    )
    book.add(
        "opening/upper-wilds-count-toward-90",
        ["opening-upper-band"],
        "From 900 wild cards count outside the wild-free run: 7-8-9 of hearts (25), A-A-wild "
        "(40) and J-J-joker (30) make 95; without the wilds' 20 they would fall short.",
        play("7H 8H 9H AC AD 2S JC JD JK KC 5C", team_scores=[950, 0]),
        ok(meld("7H 8H 9H"), meld("AC AD 2S"), meld("JC JD JK"), disc("KC")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/personal-upper-band-for-the-partner-too",
        ["opening-personal", "opening-upper-band"],
        "The band is the team's: once the team has 900, the partner's own opening needs 90 as "
        "well, and 3-4-5 of clubs with 10-10-10 (45) is refused.",
        play(None, None, "3C 4C 5C 10C 10D 10S KC QD", **partner, team_scores=[900, 0]),
        ok(meld("3C 4C 5C"), meld("10C 10D 10S")),
        acts((disc("KC"), no("opening-upper-band", "below-threshold"))),
    )
    book.add(
        "opening/forced-six-cards-are-no-canasta",
        ["forced-canasta-opening", "canasta-definition"],
        "Six 7s are no canasta: a forced team cannot open with them.",
        play(None, "7C 7C 7D 7D 7H 7H KC QD", **forced),
        ok(meld("7C 7C 7D 7D 7H 7H")),
        acts((disc("KC"), no("forced-canasta-opening", "no-canasta-opening"))),
    )
    book.add(
        "opening/forced-grand-canasta-opens",
        ["forced-canasta-opening", "canasta-grand"],
        "Any canasta opens a forced team, a grand one (A to K of clubs) too.",
        play(None, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC QD 5H", **forced),
        ok(meld("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"), disc("5H")),
        facts(opened=[True, True], melds=[[{"canasta": "full"}], [{"canasta": "grand"}]]),
    )
    book.add(
        "opening/forced-opening-and-going-out-in-one-turn",
        ["forced-canasta-opening", "going-out-own-opening", "going-out"],
        "A forced player may open with the canasta and go out with the same discard: both fi "
        "are gone, the team now has a canasta and the player has opened.",
        play("8C", "7C 7C 7D 7D 7H 7H 2S KC", "3C 4C", "5S 6S", **forced),
        ok(meld("7C 7C 7D 7D 7H 7H 2S"), disc("KC")),
        facts(hand_over=True, opened=[True, True]),
        score(parts(200, 200, 0, 70, -20), parts(100, 0, 50, 40, -10, -100)),
    )
    book.add(
        "opening/forced-then-the-partner-opens-normally",
        ["forced-canasta-opening", "opening-personal"],
        "Seed 000 (part 1): once one forced partner opened with a canasta, the other opens "
        "normally at 45 (or 90): seat 3's J-J-J alone (no run, 30) is refused.",
        play(
            None,
            None,
            None,
            "JC JD JS QC",
            melds=[[CANASTA], ["7C 7C 7D 7D 7H 7H 2S"]],
            seat_opened=[True, True, False, False],
            fi_takers=[0, 2],
            turn=3,
        ),
        ok(meld("JC JD JS")),
        acts((disc("QC"), no("opening-lower-band", "no-clean-run"))),
    )
    book.add(
        "opening/forced-from-the-second-fi",
        ["forced-canasta-trigger", "forced-canasta-opening", "fi-pickup"],
        "Team 0 took the first fi; seat 2 discards its last card and takes the second while "
        "team 1 has not opened: from then on team 1 is forced, and seat 3's 45 is refused.",
        play(
            None,
            None,
            "QC",
            "4H 5H 6H 8C 8D 8S KC",
            melds=[["4C 5C 6C"]],
            fi_takers=[0],
            turn=2,
            stock_top="2D",
        ),
        ok(disc("QC")),
        facts(fi_left=0, fi_taken=[2, 0], turn=3),
        ok(DRAW, meld("4H 5H 6H"), meld("8C 8D 8S")),
        acts((disc("KC"), no("forced-canasta-opening", "no-canasta-opening"))),
    )
    book.add(
        "opening/not-forced-while-a-fi-is-left",
        ["forced-canasta-trigger", "opening-lower-band"],
        "With one fi still on the table team 1 is not forced: its 45 opens as usual.",
        play(None, "4H 5H 6H 8C 8D 8S KC QD", melds=[[CANASTA]], fi_takers=[0], turn=1),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), disc("KC")),
        facts(opened=[True, True]),
    )
    book.add(
        "opening/not-forced-when-the-fi-are-shared",
        ["forced-canasta-trigger", "opening-personal"],
        "Each team took one fi; seat 3 has not opened, but its partner has, so team 1 is not "
        "forced and seat 3 opens personally with 45.",
        play(
            None,
            None,
            None,
            "4H 5H 6H 8C 8D 8S KC QD",
            melds=[[CANASTA], ["10C 10D 10S"]],
            seat_opened=[True, True, False, False],
            fi_takers=[0, 1],
            turn=3,
        ),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), disc("KC")),
        facts(turn=0),
    )


# --------------------------------------------------------------------------- chapter 8


def going_out_fixtures(book: Book) -> None:
    book.add(
        "going-out/fi-by-discarding-needs-no-canasta",
        ["going-out-needs-canasta", "fi-pickup", "fi-continue", "emptying-by-discard"],
        "A fi needs no canasta: seat 0 discards its last card with only a run on the table, "
        "takes the first fi as its new hand and waits for its next turn (seed 000 (part 1): "
        "who empties the hand by discarding waits for the turn).",
        play("KC", melds=[["4H 5H 6H"]]),
        ok(disc("KC")),
        facts(
            turn=1,
            phase="draw",
            hand_sizes=[11, 11, 11, 11],
            fi_left=1,
            fi_taken=[1, 0],
            hand_over=False,
            discard_top="KC",
        ),
    )
    book.add(
        "going-out/fi-by-laying-off-continues-at-once",
        ["fi-continue", "fi-pickup"],
        "Seed 000 (part 1): who empties the hand without a discard takes the fi and plays it "
        "at once. Seat 0 lays off its last two cards and goes on with eleven cards.",
        play("7H 8H", melds=[["4H 5H 6H"]]),
        ok(lay(0, "7H 8H")),
        facts(turn=0, phase="play", hand_sizes=[11, 11, 11, 11], fi_left=1, fi_taken=[1, 0]),
    )
    book.add(
        "going-out/fi-by-melding-continues-at-once",
        ["fi-continue", "fi-pickup"],
        "Melding the last cards also takes the fi at once.",
        play("JC JD JS", melds=[["4H 5H 6H"]]),
        ok(meld("JC JD JS")),
        facts(turn=0, phase="play", hand_sizes=[11, 11, 11, 11], fi_taken=[1, 0]),
    )
    first = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    book.add(
        "going-out/second-fi-at-once-without-discarding",
        ["fi-continue", "fi-pickup"],
        "Seed 000 (part 1): a player who empties the hand again without discarding takes the "
        "second fi too, without ever discarding. The first fi is 3 to K of clubs, melded whole.",
        play("7H 8H", melds=[["4H 5H 6H"]], fi=[first, "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"]),
        ok(lay(0, "7H 8H")),
        facts(hand_sizes=[11, 11, 11, 11], fi_left=1),
        ok(meld(first)),
        facts(turn=0, phase="play", hand_sizes=[11, 11, 11, 11], fi_left=0, fi_taken=[2, 0]),
    )
    second = "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"
    packets = play("7H 8H", "AD", "AH", "AS", melds=[["4H 5H 6H"]], fi=[first, second])
    book.add(
        "going-out/fi-packets-in-order",
        ["fi-pickup", "deal-six-packets"],
        "The first fi taken is the first packet (the dealer's packet a), the next one the "
        "second (packet c): seat 0 empties the hand and holds 3 to K of clubs, melds them all "
        "and holds 3 to K of diamonds.",
        packets,
        ok(lay(0, "7H 8H")),
        facts(hands=[cards(first), ["AD"], ["AH"], ["AS"]], fi_left=1),
        ok(meld(first)),
        facts(hands=[cards(second), ["AD"], ["AH"], ["AS"]], fi_left=0),
    )
    book.add(
        "going-out/open-and-take-a-fi-with-the-discard",
        ["opening-checked-at-discard", "fi-pickup", "fi-continue"],
        "The discard that completes an opening may also empty the hand: 4-5-6 and 8-8-8 (45), "
        "then the last card; the player takes the first fi and waits for the next turn.",
        play("4H 5H 6H 8C 8D 8S KC"),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), disc("KC")),
        facts(opened=[True, False], turn=1, hand_sizes=[11, 11, 11, 11], fi_taken=[1, 0]),
    )
    book.add(
        "going-out/first-fi-at-once-second-by-discarding",
        ["fi-continue", "fi-pickup"],
        "Seed 000 (part 1): the player who took a fi at once may empty the hand again and take "
        "the second fi too, here by discarding, and then waits for the next turn.",
        play("7H 8H", melds=[["4H 5H 6H"]], fi=[first, second]),
        ok(lay(0, "7H 8H"), meld("3C 4C 5C 6C 7C 8C 9C 10C JC QC"), disc("KC")),
        facts(turn=1, phase="draw", fi_left=0, fi_taken=[2, 0], hand_sizes=[11, 11, 11, 11]),
    )
    book.add(
        "going-out/same-team-takes-both-fi-by-discarding",
        ["going-out-needs-canasta", "emptying-by-discard", "fi-pickup"],
        "fi-5200 has no ban on the team of the first fi: seat 2 takes the second fi by "
        "discarding after its partner took the first (as in the second worked case of seed 000 "
        "(part 1)).",
        play(None, None, "QC", melds=[["4H 5H 6H"]], fi_takers=[0], turn=2),
        ok(disc("QC")),
        facts(fi_left=0, fi_taken=[2, 0], turn=3, hand_over=False),
    )
    over_table = {"fi_takers": [0, 1]}
    book.add(
        "going-out/no-going-out-without-a-canasta",
        ["going-out-needs-canasta"],
        "Seed 000 (part 1): the hand cannot end without a canasta. Both fi are taken; seat 0 "
        "has only a run on the table and may not discard its last card.",
        play("KC", melds=[["4H 5H 6H"]], **over_table),
        acts((disc("KC"), no("going-out-needs-canasta", "no-canasta"))),
    )
    book.add(
        "going-out/going-out-with-a-canasta",
        ["going-out-needs-canasta", "going-out", "going-out-needs-discard"],
        "Both fi are taken and team 0 has a canasta: seat 0 discards its last card and goes "
        "out; the hand is over.",
        play("KC", melds=[[CANASTA]], **over_table),
        ok(disc("KC")),
        facts(hand_over=True, phase="over", discard_top="KC"),
        acts((DRAW, no("turn-structure", "hand-over"))),
        count(0),
    )
    book.add(
        "going-out/laying-off-the-last-card-refused",
        ["going-out-needs-discard"],
        "Seed 000 (part 1): the final going out needs a discard. Laying off the last card is "
        "refused.",
        play("9C", melds=[["9S 9H 9D 9S 9H 9D"]], **over_table),
        acts((lay(0, "9C"), no("going-out-needs-discard", "going-out-without-discard"))),
    )
    book.add(
        "going-out/melding-the-last-cards-refused",
        ["going-out-needs-discard"],
        "Melding the last three cards to go out is refused as well.",
        play("JC JD JS", melds=[[CANASTA]], **over_table),
        acts((meld("JC JD JS"), no("going-out-needs-discard", "going-out-without-discard"))),
    )
    book.add(
        "going-out/canasta-made-in-the-going-out-turn",
        ["going-out-needs-canasta", "going-out"],
        "The canasta may be made in the turn of the going out: the seventh 9 is laid off, then "
        "the last card is discarded.",
        play("9C KC", melds=[["9S 9H 9D 9S 9H 9D"]], **over_table),
        ok(lay(0, "9C"), disc("KC")),
        facts(hand_over=True),
    )
    layer = {"melds": [[CANASTA]], "seat_opened": [True, False, False, False], "turn": 2}
    book.add(
        "going-out/layer-off-may-not-end-the-hand",
        ["going-out-own-opening", "opening-personal"],
        "Seed 000 (part 1), the example of the player who went to lay off: both fi are taken, "
        "the team has a canasta, but seat 2 never opened personally and may not end the hand.",
        play(None, None, "KC", fi_takers=[0, 1], **layer),
        acts((disc("KC"), no("going-out-own-opening", "not-opened-personally"))),
        count(0),
    )
    book.add(
        "going-out/layer-off-cannot-be-left-with-one-card",
        ["going-out-own-opening", "turn-must-finish"],
        "The same player may not lay off down to one card either: that card could never be "
        "discarded, so the lay-off would leave no way to end the turn.",
        play(None, None, "9C KC", fi_takers=[0, 1], **layer),
        acts((lay(0, "9C"), no("turn-must-finish", "no-way-to-finish")), (disc("KC"), OK)),
    )
    book.add(
        "going-out/layer-offs-partner-ends-the-hand",
        ["going-out-own-opening", "going-out"],
        "Seed 000 (part 1): the partner of the player who went to lay off may end the hand.",
        play("KC", fi_takers=[0, 1], **{**layer, "turn": 0}),
        ok(disc("KC")),
        facts(hand_over=True),
    )
    book.add(
        "going-out/layer-offs-opponent-ends-the-hand",
        ["going-out-own-opening", "going-out"],
        "Seed 000 (part 1): the other team may end the hand too.",
        play(
            None,
            "KC",
            melds=[[CANASTA], ["10C 10D 10S 10H 10C 10D 10S"]],
            seat_opened=[True, True, False, False],
            fi_takers=[0, 1],
            turn=1,
        ),
        ok(disc("KC")),
        facts(hand_over=True),
    )
    book.add(
        "going-out/layer-off-takes-a-fi",
        ["going-out-own-opening", "opening-personal", "fi-pickup"],
        "Seed 000 (part 1): the player who went to lay off may still empty the hand and take a "
        "fi, here by laying off the last cards.",
        play(None, None, "9C 9C", fi_takers=[0], **{**layer, "melds": [["9S 9H 9D"]]}),
        ok(lay(0, "9C 9C")),
        facts(fi_left=0, fi_taken=[2, 0], turn=2, phase="play"),
    )
    book.add(
        "going-out/layer-off-takes-a-fi-by-discarding",
        ["going-out-own-opening", "fi-pickup", "emptying-by-discard"],
        "While a fi is left, the player who only laid off may also empty the hand by "
        "discarding and take it.",
        play(None, None, "KC", fi_takers=[0], **layer),
        ok(disc("KC")),
        facts(fi_left=0, fi_taken=[2, 0], turn=3, hand_sizes=[11, 11, 11, 11]),
    )
    book.add(
        "going-out/layer-off-opens-and-goes-out",
        ["going-out-own-opening", "opening-personal", "going-out"],
        "A player who had only laid off may still open personally; doing so with the going-out "
        "discard is enough: 4-5-6 and 10-10-10 (45), then the last card.",
        play(None, None, "4C 5C 6C 10C 10D 10S KC", fi_takers=[0, 1], **layer),
        ok(meld("4C 5C 6C"), meld("10C 10D 10S"), disc("KC")),
        facts(hand_over=True),
    )
    book.add(
        "going-out/one-fi-left-the-hand-goes-on",
        ["fi-pickup", "going-out"],
        "While a fi is left, emptying the hand takes it and the hand goes on, canasta or not "
        "(seed 000 (part 1): the hand does not end before both fi are taken).",
        play("KC", melds=[[CANASTA]], fi_takers=[1]),
        ok(disc("KC")),
        facts(hand_over=False, fi_left=0, fi_taken=[1, 1]),
    )
    book.add(
        "going-out/next-player-takes-the-fi-discard",
        ["take-whole-pile", "fi-continue"],
        "The card discarded to take a fi lies on the pile like any discard: the next player may "
        "take it.",
        play("KC", "KD KH", melds=[["4H 5H 6H"]]),
        ok(disc("KC"), TAKE),
        facts(turn=1, phase="play", hand_sizes=[11, 3, 11, 11], discard_size=0),
    )
    exhaust = {"stock_size": 1, "stock_top": "KD"}
    book.add(
        "going-out/stock-exhaustion-last-drawer-plays-last",
        ["stock-exhaustion", "draw-from-stock"],
        "Seed 000 (part 1): when the stock is used up the player who drew the last card plays "
        "last; the next player may not take the pile; the hand is over.",
        state(hands=["4H 5H 6H 8C 8D 8S QC"], **exhaust),
        ok(DRAW, meld("4H 5H 6H"), meld("8C 8D 8S"), disc("QC")),
        facts(hand_over=True, stock_size=0, discard_top="QC"),
        acts((TAKE, no("turn-structure", "hand-over"))),
        count(0),
    )
    book.add(
        "going-out/stock-exhaustion-fi-taken-and-played-on",
        ["stock-exhaustion", "fi-continue"],
        "The player who drew the last card may still empty the hand by laying off, take a fi "
        "and play on in the same turn; the hand ends with that turn.",
        state(
            hands=["7H"],
            melds=[["4H 5H 6H"]],
            fi=["3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"],
            stock_size=1,
            stock_top="8H",
        ),
        ok(DRAW, lay(0, "7H 8H")),
        facts(hand_over=False, phase="play", hand_sizes=[11, 11, 11, 11], stock_size=0),
        ok(disc("KC")),
        facts(hand_over=True, fi_taken=[1, 0], hand_sizes=[10, 11, 11, 11]),
    )
    book.add(
        "going-out/stock-exhaustion-going-out-with-the-last-card",
        ["stock-exhaustion", "going-out"],
        "With both fi gone, the player who drew the last card may go out in that turn.",
        state(hands=["9C"], melds=[["9S 9H 9D 9S 9H 9D"]], fi_takers=[0, 1], **exhaust),
        ok(DRAW, lay(0, "9C"), disc("KD")),
        facts(hand_over=True),
    )
    book.add(
        "going-out/going-out-ends-the-hand-at-once",
        ["going-out", "turn-structure"],
        "After the going out nobody plays: no draw, no meld, no legal action.",
        play("KC", melds=[[CANASTA]], **over_table),
        ok(disc("KC")),
        acts((DRAW, no("turn-structure", "hand-over")), (TAKE, no("turn-structure", "hand-over"))),
        count(0),
    )


# --------------------------------------------------------------------------- chapter 9


def scoring_fixtures(book: Book) -> None:
    two_fi = {"fi_takers": [0, 1]}
    book.add(
        "scoring/counting-order",
        ["hand-score-fi-5200", "score-breakdown", "canasta-bonus"],
        "Seed 000 (part 1), the counting at the end: canastas first, then the fi, 50 to the "
        "team that went out, then every melded card (canastas included), less the cards in "
        "hand. Team 0: full canasta 200, fi 100, out 50, melded 70 + 15, hand 3-4 (-10). "
        "Team 1: fi 100, melded 30, hand 5-6 and 7-8 of diamonds (-25).",
        play(
            "8C",
            "5D 6D",
            "3C 4C",
            "7D 8D",
            melds=[[CANASTA, "4H 5H 6H"], ["10C 10D 10S"]],
            **two_fi,
        ),
        ok(disc("8C")),
        score(parts(200, 100, 50, 85, -10), parts(0, 100, 0, 30, -25)),
    )
    book.add(
        "scoring/half-full-and-grand-in-one-hand",
        ["hand-score-fi-5200", "canasta-bonus", "canasta-grand"],
        "Half (100), full (200) and grand (500) canastas of one team: 800 in bonuses. Melded: "
        "six 5s and a wild 40, seven 8s 70, A to K of spades 105.",
        play(
            "KC",
            "3D 6D",
            "3C 4C",
            "7D KD",
            melds=[
                [
                    "5C 5C 5H 5H 5D 5D 2C",
                    "8C 8C 8D 8D 8H 8H 8S",
                    "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
                ],
                ["10C 10D 10S"],
            ],
            **two_fi,
        ),
        ok(disc("KC")),
        score(parts(800, 100, 50, 215, -10), parts(0, 100, 0, 30, -25)),
    )
    book.add(
        "scoring/melds-in-hand-count-minus",
        ["hand-score-fi-5200", "hand-card-points"],
        "Seed 000 (part 1): everything left in hand counts minus, even cards that would make a "
        "canasta or a run: team 1 keeps 5-6-7-8 and 10-J-Q of diamonds (55) and a 2 and a joker "
        "(20).",
        play(
            "8C",
            "5D 6D 7D 8D 10D JD QD",
            "AC AD AS",
            "2C JK",
            melds=[[CANASTA], ["10C 10H 10S"]],
            **two_fi,
        ),
        ok(disc("8C")),
        score(parts(200, 100, 50, 70, -45), parts(0, 100, 0, 30, -75)),
    )
    book.add(
        "scoring/no-fi-minus-100",
        ["no-fi-penalty", "hand-score-fi-5200"],
        "Seed 000 (part 1): each team must take a fi. Team 0 took both, team 1 (which had "
        "opened) none: -100.",
        play(
            "8C",
            "5D 6D",
            "3C 4C",
            "7D 8D",
            melds=[[CANASTA], ["10C 10D 10S"]],
            seat_opened=[True, True, False, False],
            fi_takers=[0, 2],
        ),
        ok(disc("8C")),
        score(parts(200, 200, 50, 70, -10), parts(0, 0, 0, 30, -25, -100)),
    )
    book.add(
        "scoring/forced-team-never-opened-600",
        ["forced-opening-penalty", "forced-canasta-opening", "no-fi-penalty"],
        "Seed 000 (part 1): the forced team that could not open with a canasta before the other "
        "team went out pays -600 (not -100 as well).",
        play("8C", "5D 6D", "3C 4C", "7D 8D", melds=[[CANASTA], []], fi_takers=[0, 2]),
        ok(disc("8C")),
        score(parts(200, 200, 50, 70, -10), parts(0, 0, 0, 0, -25, -600)),
    )
    book.add(
        "scoring/forced-team-opened-100",
        ["forced-opening-penalty", "forced-canasta-opening"],
        "Seed 000 (part 1): the forced team that managed its canasta opening before the other "
        "team went out pays only -100. Seat 1 had opened with six 7s and a wild (half, 40); "
        "seat 0 goes out.",
        play(
            "8C",
            "5D 6D",
            "3C 4C",
            "3S 8D",
            melds=[[CANASTA], ["7C 7C 7D 7D 7H 7H 2S"]],
            seat_opened=[True, True, False, False],
            fi_takers=[0, 2],
        ),
        ok(disc("8C")),
        score(parts(200, 200, 50, 70, -10), parts(100, 0, 0, 40, -25, -100)),
    )
    book.add(
        "scoring/fi-taken-by-discarding-and-played-counts",
        ["fi-unplayed-fi-5200", "hand-score-fi-5200", "stock-exhaustion"],
        "A fi taken by discarding counts once its taker's next turn has begun: seat 0 takes the "
        "first fi by discarding, every player draws and discards once, the stock runs out on "
        "seat 0's turn: team 0 scores its 100 and the eleven cards of the fi count minus.",
        state(
            hands=["KC", "5D 6D", "3C 4C", "7D 8D"],
            melds=[["4H 5H 6H"], ["10C 10D 10S"]],
            fi=[FI_CARDS, "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"],
            stock_top="2C 3H 3D 2D",
            stock_size=4,
            phase=Phase.PLAY,
        ),
        ok(disc("KC"), DRAW, disc("2C"), DRAW, disc("3H"), DRAW, disc("3D"), DRAW, disc("2D")),
        facts(hand_over=True, fi_taken=[1, 0]),
        score(parts(0, 100, 0, 15, -110 - 10), parts(0, 0, 0, 30, -25, -100)),
    )
    book.add(
        "scoring/partner-goes-out-before-the-fi-is-played",
        ["fi-unplayed-fi-5200", "no-fi-penalty"],
        "Seat 0 takes the second fi by discarding; its partner goes out before seat 0 plays "
        "again: the fi is unplayed and counts nothing, and team 0, which took no other fi, pays "
        "no -100.",
        play(
            "KC",
            "5D 6D",
            "8C",
            "7D 8D",
            melds=[[CANASTA], ["10C 10D 10S"]],
            fi_takers=[1],
            fi=[FI_CARDS],
            stock_top="3S 9C",
        ),
        ok(disc("KC"), DRAW, disc("3S"), DRAW),
        facts(turn=2, phase="play"),
        ok(lay(0, "9C"), disc("8C")),
        facts(hand_over=True),
        score(parts(200, 0, 50, 80, 0), parts(0, 100, 0, 30, -25)),
    )
    book.add(
        "scoring/forced-team-goes-out",
        ["forced-opening-penalty", "no-fi-penalty", "going-out"],
        "A forced team that opened with its canasta may go out: it earns 50 and still pays "
        "-100 for having no fi.",
        play(
            "8C",
            "KC",
            "3C 4C",
            "5S 6S",
            melds=[[CANASTA], ["7C 7C 7D 7D 7H 7H 2S"]],
            seat_opened=[True, True, False, False],
            fi_takers=[0, 2],
            turn=1,
        ),
        ok(disc("KC")),
        score(parts(200, 200, 0, 70, -10 - 10), parts(100, 0, 50, 40, -10, -100)),
    )
    book.add(
        "scoring/forced-team-stock-exhausted-600",
        ["forced-opening-penalty", "stock-exhaustion"],
        "A forced team that has not opened when the stock runs out pays -600 as well; nobody "
        "went out, so nobody earns 50.",
        state(
            hands=["8C 9C", "5D 6D", "3C 4C", "7D 8D"],
            melds=[[CANASTA], []],
            fi_takers=[0, 2],
            stock_size=1,
            stock_top="KD",
        ),
        ok(DRAW, disc("KD")),
        facts(hand_over=True),
        score(parts(200, 200, 0, 70, -20 - 10), parts(0, 0, 0, 0, -25, -600)),
    )
    book.add(
        "scoring/case-a-unplayed-second-fi",
        ["fi-unplayed-fi-5200", "no-fi-penalty", "hand-score-fi-5200"],
        "Seed 000 (part 1), the first worked case of a fi taken by discarding and never played: "
        "team 0 took the first fi, seat 1 took the second by discarding, and seat 2 goes out "
        "before seat 1 plays again. Team 1 pays no -100 and its fi counts neither plus (no 100) "
        "nor minus (its eleven cards are not counted).",
        play(
            "3C 4C",
            FI_CARDS,
            "8C",
            "5D 6D",
            melds=[[CANASTA], ["4H 5H 6H"]],
            fi_takers=[0, 1],
            fi_waiting=[1],
            turn=2,
        ),
        ok(disc("8C")),
        score(parts(200, 100, 50, 70, -10), parts(0, 0, 0, 15, -10)),
    )
    book.add(
        "scoring/case-b-both-fi-one-unplayed",
        ["fi-unplayed-fi-5200", "no-fi-penalty", "hand-score-fi-5200"],
        "Seed 000 (part 1), the second worked case: team 0 took both fi, the second by seat 2's "
        "discard, and team 1, which took none, goes out before seat 2 plays again. Only one fi "
        "counts for team 0; team 1 still pays -100 but earns 50 for going out.",
        play(
            "3C 4C",
            "5D 6D",
            FI_CARDS,
            "8C",
            melds=[["4H 5H 6H"], [CANASTA]],
            fi_takers=[0, 2],
            fi_waiting=[2],
            turn=3,
        ),
        ok(disc("8C")),
        score(parts(0, 100, 0, 15, -10), parts(200, 0, 50, 70, -10, -100)),
    )
    book.add(
        "scoring/case-a-played-out",
        ["fi-unplayed-fi-5200", "fi-continue", "no-fi-penalty"],
        "The first worked case of seed 000 (part 1) played from the discard that takes the fi: "
        "seat 1 discards its last card and takes the second fi; seat 2 draws a 9, lays it off "
        "and goes out before seat 1 plays again. Seat 1's fi is not counted either way, and "
        "team 1 pays no -100.",
        play(
            "3C 4C",
            "QC",
            "8C",
            "5D 6D",
            melds=[[CANASTA], ["4H 5H 6H"]],
            fi_takers=[0],
            fi=[FI_CARDS],
            turn=1,
            stock_top="9C",
        ),
        ok(disc("QC"), DRAW, lay(0, "9C"), disc("8C")),
        facts(hand_over=True, fi_taken=[1, 1], hand_sizes=[2, 11, 0, 2]),
        score(parts(200, 100, 50, 80, -10), parts(0, 0, 0, 15, -10)),
    )
    book.add(
        "scoring/unplayed-fi-at-stock-exhaustion",
        ["fi-unplayed-fi-5200", "stock-exhaustion"],
        "The player who drew the last card empties the hand with that turn's discard and takes "
        "a fi; the hand ends there and the fi is never played: no 100, its cards not counted, "
        "no -100 for team 0.",
        state(
            hands=["7H", "5D 6D", "3C 4C", "7D 8D"],
            melds=[["4H 5H 6H"], ["10C 10D 10S"]],
            fi_takers=[1],
            stock_size=1,
            stock_top="KD",
        ),
        ok(DRAW, lay(0, "7H"), disc("KD")),
        facts(hand_over=True, fi_taken=[1, 1]),
        score(parts(0, 0, 0, 20, -10), parts(0, 100, 0, 30, -25)),
    )
    book.add(
        "scoring/a-fi-taken-by-laying-off-always-counts",
        ["hand-score-fi-5200", "fi-continue", "stock-exhaustion"],
        "A fi taken by laying off is played at once: it counts 100 even when the hand ends in "
        "the same turn, and what is left of it counts minus. Seat 0 draws the last card (8 of "
        "hearts), lays off 7-8, takes the fi (3 to K of spades), melds 3 to 9 (full, 45) and "
        "discards the king, keeping 10-J-Q (30).",
        state(
            hands=["7H", "5D 6D", "3C 4C", "7D 8D"],
            melds=[["4H 5H 6H"], ["10C 10D 10S"]],
            fi=["3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"],
            fi_takers=[1],
            stock_size=1,
            stock_top="8H",
        ),
        ok(DRAW, lay(0, "7H 8H"), meld("3S 4S 5S 6S 7S 8S 9S"), disc("KS")),
        facts(hand_over=True, hand_sizes=[3, 2, 2, 2], fi_taken=[1, 1]),
        score(parts(200, 100, 0, 30 + 45, -30 - 10), parts(0, 100, 0, 30, -25)),
    )
    book.add(
        "scoring/stock-exhausted-both-teams-without-fi",
        ["no-fi-penalty", "stock-exhaustion", "hand-score-fi-5200"],
        "Seed 000 (part 1): when the stock runs out the hand is counted as it stands. Neither "
        "team took a fi: -100 each; nobody went out.",
        state(
            hands=["8C 9C", "5D 6D", "3C 4C", "7D 8D"],
            melds=[["4H 5H 6H"], ["10C 10D 10S"]],
            stock_size=1,
            stock_top="KD",
        ),
        ok(DRAW, disc("KD")),
        score(parts(0, 0, 0, 15, -20 - 10, -100), parts(0, 0, 0, 30, -25, -100)),
    )
    book.add(
        "scoring/stock-exhausted-with-a-fi-left",
        ["no-fi-penalty", "stock-exhaustion"],
        "One fi is left on the table when the stock runs out: team 0 took one (100), team 1 "
        "none (-100).",
        state(
            hands=["8C 9C", "5D 6D", "3C 4C", "7D 8D"],
            melds=[["4H 5H 6H"], ["10C 10D 10S"]],
            fi_takers=[2],
            stock_size=1,
            stock_top="KD",
        ),
        ok(DRAW, disc("KD")),
        score(parts(0, 100, 0, 15, -30), parts(0, 0, 0, 30, -25, -100)),
    )
    book.add(
        "scoring/the-2-and-joker-in-hand-are-10",
        ["hand-card-points", "hand-score-fi-5200"],
        "A 2 left in hand counts 10, like a joker; an ace 15.",
        play("8C", "2D JK AH", "3C 4C", "2S", melds=[[CANASTA], ["10C 10D 10S"]], **two_fi),
        ok(disc("8C")),
        score(parts(200, 100, 50, 70, -10), parts(0, 100, 0, 30, -45)),
    )
    book.add(
        "scoring/negative-hand-score",
        ["hand-score-fi-5200", "no-fi-penalty"],
        "A hand score may be negative: team 1 melded 30, holds 40 and took no fi: -110.",
        play(
            "8C",
            "AD AH",
            "3C 4C",
            "KD",
            melds=[[CANASTA], ["10C 10D 10S"]],
            seat_opened=[True, True, False, False],
            fi_takers=[0, 2],
        ),
        ok(disc("8C")),
        score(parts(200, 200, 50, 70, -10), parts(0, 0, 0, 30, -40, -100)),
    )
    book.add(
        "scoring/5195-and-still-losing",
        ["forced-opening-penalty", "hand-score-fi-5200", "game-target-fi-5200"],
        "Seed 000 (part 1) warns that a team at 5195 can still lose with a -600: team 1 stands "
        "at 5195 before the hand, is forced and never opens: the hand costs it 625, while team "
        "0 gains 510.",
        play(
            "8C",
            "5D 6D",
            "3C 4C",
            "7D 8D",
            melds=[[CANASTA], []],
            fi_takers=[0, 2],
            team_scores=[4900, 5195],
        ),
        ok(disc("8C")),
        facts(team_scores=[4900, 5195]),
        score(parts(200, 200, 50, 70, -10), parts(0, 0, 0, 0, -25, -600)),
    )
    book.add(
        "scoring/partners-hands-both-count",
        ["hand-score-fi-5200"],
        "The cards left in both partners' hands count against the team, not only the hand of "
        "the player who went out.",
        play("8C", "5D", "KC KD", "QS", melds=[[CANASTA], ["10C 10D 10S"]], **two_fi),
        ok(disc("8C")),
        score(parts(200, 100, 50, 70, -20), parts(0, 100, 0, 30, -15)),
    )
    book.add(
        "scoring/grand-with-a-spare-wild",
        ["canasta-grand", "wild-spare-outside", "hand-score-fi-5200"],
        "A grand canasta whose wild stands outside counts 500 and all its cards: 105 + 10.",
        play(
            "KC",
            "5D 6D",
            "3C 4C",
            "7D KD",
            melds=[
                [["AH 2H 3H 4H 5H 6H 2C", "8H 9H 10H JH QH KH", "7H"]],
                ["10C 10D 10S"],
            ],
            **two_fi,
        ),
        ok(disc("KC")),
        score(parts(500, 100, 50, 115, -10), parts(0, 100, 0, 30, -25)),
    )
    book.add(
        "scoring/set-of-2s-counts-at-wild-value",
        ["twos-set-points", "twos-canasta-bonus", "hand-score-fi-5200"],
        "Seven 2s are a full canasta worth 200, and each 2 counts 10: 70.",
        play(
            "8C",
            "5D 6D",
            "3C 4C",
            "7D 8D",
            melds=[["2C 2C 2D 2D 2H 2H 2S"], ["10C 10D 10S"]],
            **two_fi,
        ),
        ok(disc("8C")),
        score(parts(200, 100, 50, 70, -10), parts(0, 100, 0, 30, -25)),
    )
    book.add(
        "scoring/half-canasta-of-2s-earns-100",
        ["twos-canasta-bonus", "twos-set-points", "canasta-bonus", "hand-score-fi-5200"],
        "Six 2s and a joker are a half canasta: seat 1 goes out for team 1, which earns the "
        "half canasta's 100 and nothing extra; the cards count 6 x 10 + 10 = 70.",
        play(
            "3C 4C",
            "8C",
            "5D 6D",
            "7D 8D",
            melds=[["10C 10D 10S"], ["2C 2C 2D 2D 2H 2H JK"]],
            **{**two_fi, "turn": 1},
        ),
        ok(disc("8C")),
        facts(hand_over=True, melds=[[{"canasta": None}], [{"canasta": "half"}]]),
        score(parts(0, 100, 0, 30, -20), parts(100, 100, 50, 70, -15)),
    )
    book.add(
        "scoring/going-out-50-only-for-the-team-that-went-out",
        ["hand-score-fi-5200", "going-out"],
        "Only the team that went out earns 50; team 1 also has a canasta but earns nothing for "
        "going out.",
        play(
            "3S", "8C", "3C 4C", "7D 8D", melds=[["4H 5H 6H"], [CANASTA]], **{**two_fi, "turn": 1}
        ),
        ok(disc("8C")),
        score(parts(0, 100, 0, 15, -15), parts(200, 100, 50, 70, -15)),
    )


# --------------------------------------------------------------------------- chapter 11


def count_fixtures(book: Book) -> None:
    book.add(
        "count/layer-off-with-two-cards",
        ["legal-action-count", "going-out-own-opening"],
        "Seat 2 has not opened, both fi are gone and it holds 9C and KC beside a six-card set "
        "of 9s: it may lay off 9C and discard KC, or discard either card; laying 9C off would "
        "leave KC with no legal end of the turn. Legal: discard 9C, discard KC (2).",
        play(
            None,
            None,
            "9C KC",
            melds=[["9S 9H 9D 9S 9H 9D", CANASTA.replace("9", "8")]],
            seat_opened=[True, False, False, False],
            fi_takers=[0, 1],
            turn=2,
        ),
        count(2),
    )
    book.add(
        "count/draw-or-take-the-pile",
        ["legal-action-count", "take-whole-pile", "draw-from-stock"],
        "In the draw phase with a pile on the table: draw or take the pile, 2 actions.",
        state(hands=["5C 9D"], discard="3S"),
        count(2),
    )
    book.add(
        "count/forced-player-after-drawing",
        ["legal-action-count", "forced-canasta-opening"],
        "A forced player with 4-5-6 of hearts, K of clubs and a drawn card: the meld 4-5-6 is "
        "legal (provisional), as are the four discards: 5 actions.",
        play(None, "4H 5H 6H KC", melds=[[CANASTA]], fi_takers=[0, 2], turn=1),
        count(5),
    )


def build() -> dict[str, Json]:
    _seeded([0, 1, 2024, 18446744073709551615])
    book = Book("fi-5200", SOURCE)
    for make in (
        deal_fixtures,
        turn_fixtures,
        opening_fixtures,
        going_out_fixtures,
        scoring_fixtures,
        count_fixtures,
    ):
        make(book)
    book.add_generated(
        score_clause="hand-score-fi-5200",
        playthrough_seeds=(1, 2, 3, 4, 5, 6),
        counts=((21, 20, 1), (22, 41, 1), (23, 60, 1), (24, 15, 2)),
    )
    return book.items


def main(argv: Sequence[str] | None = None) -> int:
    return write_fixtures(build(), argv, __doc__ or "")


_: Callable[..., object] = main

if __name__ == "__main__":
    sys.exit(main())
