"""Write the koz conformance fixtures of chapters 5-11 (deal, turn, opening, fi and going
out, scoring, legal-action counts, golden playthroughs).

Every scenario below is written by hand: its setup names the cards that matter (the rest
of the deck is placed by :func:`kanasta.scenario.build_state`), and its expected verdicts,
state facts, counts and scores are stated here from the rules, not computed by the engine.
Three kinds of fixture are golden values of the reference instead: the hands dealt by the
portable shuffle (``deal/seed-*``, which pin clause seeded-shuffle; the tests check the
shuffle against an independent re-implementation), one depth-2 count, and the *generated*
fixtures (golden playthroughs and larger legal-action counts), which carry a recipe and are
derived by ``kanasta conformance generate``.

    python tools/gen_koz_fixtures.py          # write the fixtures
    python tools/gen_koz_fixtures.py --check  # exit 1 if a file would change

After writing, ``kanasta conformance run --select koz`` checks the reference against them.
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
from kanasta.profiles import KOZ
from kanasta.scenario import build_state
from kanasta.state import Phase, state_to_json

CANASTA = "9S 9H 9D 9C 9S 9H 9D"
"""Seven 9s: a clean canasta that serves teams allowed to empty their hands."""


def state(**kwargs: Any) -> Json:
    """A complete koz state (fixture ``setup.state``) from the cards that matter."""
    return state_to_json(build_state(KOZ, **kwargs))


def play(hand: str, **kwargs: Any) -> Json:
    """Seat 0 to play (after drawing), holding ``hand``."""
    hands = [hand, *kwargs.pop("others", [])]
    return state(hands=hands, phase=Phase.PLAY, **kwargs)


def parts(
    fi: float = 0,
    melded: float = 0,
    canastas: float = 0,
    going_out: float = 0,
    hand: float = 0,
    rounding: float = 0,
) -> dict[str, float]:
    return {
        "fi": fi,
        "melded": melded,
        "canastas": canastas,
        "going-out": going_out,
        "hand": hand,
        "rounding": rounding,
    }


# --------------------------------------------------------------------------- chapter 5


def deal_fixtures(book: Book) -> None:
    seeds = {
        0: "the smallest seed",
        1: "seed 1",
        2024: "an ordinary seed",
        18446744073709551615: "the largest 64-bit seed",
    }
    expected = _SEEDED_HANDS
    for seed, label in seeds.items():
        hands, trump, upcard = expected[seed]
        book.add(
            f"deal/seed-{seed}",
            ["seeded-shuffle", "deal-order", "deal-koz", "trump-card", "first-player"],
            f"The portable shuffle of {label} ({seed}) dealt by seat 3: seat 0 plays first; "
            "every hand holds 11 cards, two fi packets of 11 wait, one upcard starts the "
            "pile and 41 cards form the stock, whose bottom card is the trump. The hands "
            "pin the shuffle so that any implementation can check its SplitMix64 and "
            "Fisher-Yates.",
            {"seed": seed},
            facts(
                turn=0,
                phase="draw",
                hands=[cards(h) for h in hands],
                hand_sizes=[11, 11, 11, 11],
                stock_size=41,
                discard_size=1,
                discard_top=upcard,
                fi_left=2,
                fi_taken=[0, 0],
                opened=[False, False],
                hand_over=False,
                trump=trump,
                team_scores=[0, 0],
            ),
        )
    book.add(
        "deal/first-turn-draw-or-take",
        ["turn-structure", "deal-koz", "legal-action-count"],
        "At the start of a hand the first player may draw or take the one-card pile: two "
        "legal actions.",
        {"seed": 7},
        count(2),
    )
    book.add(
        "deal/trump-stays-in-the-stock",
        ["trump-card", "draw-from-stock"],
        "The trump is the bottom card of the stock and stays in play: with one card left in "
        "the stock, that card is the trump, and the player who draws it keeps it.",
        state(hands=["4C 5C 6C"], stock_top="", stock_size=1, trump="KH", discard="3D"),
        facts(stock_size=1, trump="KH"),
        acts((DRAW, OK)),
        facts(hand_sizes=[4, 11, 11, 11], stock_size=0, trump="KH"),
    )
    book.add(
        "deal/trump-may-be-a-joker",
        ["trump-card"],
        "Any card of the deck can be the trump, a joker included.",
        state(hands=["4C 5C 6C"], trump="JK", discard="3D"),
        facts(trump="JK"),
    )
    book.add(
        "deal/turn-passes-in-seat-order",
        ["seats-in-order-of-play", "turn-passes", "direction-of-play"],
        "Seats are numbered in the order of play (in koz, counter-clockwise): after seat 3 "
        "discards, seat 0 draws.",
        state(hands=[None, None, None, "4C 5C"], turn=3, stock_top="8D", discard="3D"),
        acts((DRAW, OK), (disc("8D"), OK)),
        facts(turn=0, phase="draw", discard_top="8D"),
    )


# Hands, trump and upcard that the portable shuffle must give (clause seeded-shuffle);
# filled in by ``_seeded`` from the reference and pinned in the fixture files, where any
# change shows up as a diff of the checked-in data.
_SEEDED_HANDS: dict[int, tuple[list[str], str, str]] = {}


def _seeded(seeds: Sequence[int]) -> None:
    from kanasta.cards import format_card, format_cards  # noqa: PLC0415
    from kanasta.deal import deal_from_seed  # noqa: PLC0415

    for seed in seeds:
        deal = deal_from_seed(KOZ, seed, 3)
        assert deal.trump is not None
        _SEEDED_HANDS[seed] = (
            [format_cards(h) for h in deal.hands],
            format_card(deal.trump),
            format_card(deal.discard[0]),
        )


# --------------------------------------------------------------------------- chapter 6


def turn_fixtures(book: Book) -> None:
    draw_phase = state(hands=["4H 5H 6H 9C"], discard="KD", stock_top="3S")
    book.add(
        "turn/draw-then-discard",
        ["draw-from-stock", "discard-ends-turn", "turn-passes", "action-json", "state-json"],
        "Draw the top card of the stock, discard it: the turn passes to seat 1.",
        draw_phase,
        acts((DRAW, OK)),
        facts(hand_sizes=[5, 11, 11, 11], phase="play", turn=0),
        acts((disc("3S"), OK)),
        facts(turn=1, phase="draw", discard_top="3S", discard_size=2),
    )
    book.add(
        "turn/play-actions-refused-in-draw-phase",
        ["turn-structure"],
        "Before drawing or taking the pile a player may not meld, lay off, discard or take back.",
        draw_phase,
        acts(
            (meld("4H 5H 6H"), no("turn-structure", "wrong-phase")),
            (disc("9C"), no("turn-structure", "wrong-phase")),
            (BACK, no("turn-structure", "wrong-phase")),
        ),
    )
    book.add(
        "turn/second-draw-refused",
        ["turn-structure"],
        "After drawing, the player may neither draw again nor take the pile.",
        draw_phase,
        acts(
            (DRAW, OK),
            (DRAW, no("turn-structure", "wrong-phase")),
            (TAKE, no("turn-structure", "wrong-phase")),
        ),
    )
    book.add(
        "turn/nothing-after-the-hand",
        ["turn-structure"],
        "Once the hand is over no action is accepted and none is legal.",
        state(hands=["4H", "5H", "6H", "7H"], phase=Phase.OVER, discard="KD"),
        acts(
            (DRAW, no("turn-structure", "hand-over")),
            (disc("4H"), no("turn-structure", "hand-over")),
        ),
        count(0),
    )
    book.add(
        "turn/draw-from-empty-stock-refused",
        ["draw-from-stock", "legal-action-count"],
        "A hand written with an empty stock: drawing is refused and taking the pile is the "
        "only legal action.",
        state(hands=["4H 5H"], discard="KD", stock_size=0),
        acts((DRAW, no("draw-from-stock", "stock-empty"))),
        count(1),
    )
    book.add(
        "turn/take-pile-takes-every-card",
        ["take-whole-pile"],
        "Taking the pile takes all of its cards, here three.",
        state(hands=["5H 6H"], discard="3C 4D 5S"),
        acts((TAKE, OK)),
        facts(hand_sizes=[5, 11, 11, 11], discard_size=0, discard_top=None, phase="play"),
    )
    book.add(
        "turn/take-empty-pile-refused",
        ["take-whole-pile"],
        "An empty discard pile cannot be taken.",
        state(hands=["5H 6H"], discard=""),
        acts((TAKE, no("take-whole-pile", "pile-empty"))),
    )
    book.add(
        "turn/take-pile-before-opening",
        ["take-whole-pile"],
        "koz has no frozen pile: a player whose team has not opened may take a pile topped "
        "by a joker.",
        state(hands=["5H 6H"], discard="4C JK"),
        acts((TAKE, OK)),
        facts(opened=[False, False], hand_sizes=[4, 11, 11, 11]),
    )
    book.add(
        "turn/single-pile-with-single-card-refused",
        ["single-pile-needs-two-cards"],
        "Holding one card, a player may not take a discard pile of one card.",
        state(hands=["KS"], discard="QD"),
        acts((TAKE, no("single-pile-needs-two-cards", "single-card-hand")), (DRAW, OK)),
    )
    book.add(
        "turn/single-pile-with-two-cards",
        ["single-pile-needs-two-cards"],
        "Holding two cards, a player may take a discard pile of one card.",
        state(hands=["KS QS"], discard="QD"),
        acts((TAKE, OK)),
        facts(hand_sizes=[3, 11, 11, 11]),
    )
    book.add(
        "turn/two-card-pile-with-single-card",
        ["single-pile-needs-two-cards"],
        "Holding one card, a player may take a discard pile of two cards.",
        state(hands=["KS"], discard="QD JD"),
        acts((TAKE, OK)),
        facts(hand_sizes=[3, 11, 11, 11]),
    )
    book.add(
        "turn/single-pile-card-not-discarded-back",
        ["single-pile-no-discard-back"],
        "The card taken from a one-card pile may not be discarded in the same turn; "
        "another card may.",
        state(hands=["KS 7C"], discard="QD"),
        acts((TAKE, OK), (disc("QD"), no("single-pile-no-discard-back", "discard-taken-card"))),
        acts((disc("KS"), OK)),
        facts(discard_top="KS", turn=1),
    )
    book.add(
        "turn/single-pile-twin-not-discarded",
        ["single-pile-no-discard-back", "card-identity"],
        "The two copies of a card are the same card: a player who took QD from a one-card "
        "pile may not discard the other QD either.",
        state(hands=["KS QD"], discard="QD"),
        acts((TAKE, OK), (disc("QD"), no("single-pile-no-discard-back", "discard-taken-card"))),
    )
    book.add(
        "turn/single-pile-card-may-be-melded",
        ["single-pile-no-discard-back", "meld-from-hand"],
        "The card taken from a one-card pile may be melded at once.",
        state(hands=["QS QH 5C 6C"], discard="QD"),
        acts((TAKE, OK), (meld("QS QH QD"), OK)),
        facts(hand_sizes=[2, 11, 11, 11]),
    )
    book.add(
        "turn/bigger-pile-top-may-be-discarded",
        ["single-pile-no-discard-back"],
        "The restriction is only for a one-card pile: the top of a two-card pile may be "
        "discarded back.",
        state(hands=["KS 5C"], discard="3H QD"),
        acts((TAKE, OK), (disc("QD"), OK)),
    )
    book.add(
        "turn/meld-a-run",
        ["meld-from-hand"],
        "A new meld of three cards from the hand belongs to the player's team.",
        play("4H 5H 6H 10C 10D", melds=[[CANASTA]]),
        acts((meld("4H 5H 6H"), OK)),
        facts(
            hand_sizes=[2, 11, 11, 11],
            melds=[
                [
                    {"canasta": "clean"},
                    {
                        "arrangement": {
                            "kind": "run",
                            "suit": "H",
                            "low": 4,
                            "cards": cards("4H 5H 6H"),
                        }
                    },
                ],
                [],
            ],
        ),
    )
    book.add(
        "turn/meld-cards-not-in-hand",
        ["meld-from-hand"],
        "A meld may use only cards the hand holds.",
        play("4H 5H 6H 9C 9D"),
        acts((meld("4H 5H 7H"), no("meld-from-hand", "cards-not-in-hand"))),
    )
    book.add(
        "turn/meld-of-mixed-suits-refused",
        ["meld-from-hand", "run-definition"],
        "The cards of a new meld must form a legal meld: 4H 5H 9C is none.",
        play("4H 5H 6H 9C 9D"),
        acts((meld("4H 5H 9C"), no("run-definition", "not-a-meld"))),
    )
    for wild_at, low in ((4, 4), (8, 5)):
        book.add(
            f"turn/meld-wild-at-{wild_at}",
            ["meld-from-hand", "run-wild-placement", "action-kinds"],
            f"5H 6H 7H and a joker: the player chooses where the joker stands; here at "
            f"position {wild_at}.",
            play("5H 6H 7H JK 9C"),
            acts((meld("5H 6H 7H JK", wild_at), OK)),
            facts(melds=[[{"arrangement": _run_arrangement("H", low, wild_at)}], []]),
        )
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    super_run = {"arrangement": _run("C", 1, clubs), "canasta": "super"}
    nines = {"arrangement": _set("9", "9C 9D 9S"), "canasta": None}
    book.add(
        "turn/thirteen-built-from-q-k-a-stand-ace-low",
        ["run-thirteen-ace-low", "lay-off", "lay-off-own-team"],
        "Seat 1 (team 1) lays Q-K-A of clubs (the ace high), then the J, then the 2 to the 10 "
        "at once: the thirteen clubs stand ace low, exactly as when laid at once (the next "
        "fixture).",
        state(hands=[None, f"{clubs} 5D 6D"], melds=[[], ["9C 9D 9S"]], turn=1, phase=Phase.PLAY),
        ok(meld("QC KC AC"), lay(1, "JC"), lay(1, "2C 3C 4C 5C 6C 7C 8C 9C 10C")),
        facts(hand_sizes=[11, 2, 11, 11], melds=[[], [nines, super_run]]),
    )
    book.add(
        "turn/thirteen-at-once-stand-ace-low",
        ["run-thirteen-ace-low", "meld-from-hand"],
        "Seat 3 (team 1) lays the thirteen clubs at once: ace low, the same arrangement as "
        "when they are built from Q-K-A (the fixture before).",
        state(
            hands=[None, None, None, f"{clubs} 5D 6D"],
            melds=[[], ["9C 9D 9S"]],
            turn=3,
            phase=Phase.PLAY,
        ),
        ok(meld(clubs)),
        facts(hand_sizes=[11, 11, 11, 2], melds=[[], [nines, super_run]]),
    )
    book.add(
        "turn/second-set-of-a-rank-refused",
        ["one-set-per-rank", "meld-from-hand"],
        "A team that has a set of 8s lays further 8s off onto it; it may not start another.",
        play("8C 8D 8S 5H 6H", melds=[["8H 8H 8D"]]),
        acts(
            (meld("8C 8D 8S"), no("one-set-per-rank", "second-set-of-rank")),
            (lay(0, "8C 8D 8S"), OK),
        ),
    )
    book.add(
        "turn/lay-off-onto-partners-meld",
        ["lay-off-own-team", "opening-team"],
        "Seat 2 lays off onto the set its partner (seat 0) made.",
        state(hands=["5C", "6C", "8C 5D 6D", "7C"], melds=[["8S 8H 8D"]], turn=2, phase=Phase.PLAY),
        acts((lay(0, "8C"), OK)),
        facts(hand_sizes=[1, 1, 2, 1], melds=[[{"arrangement": _set("8", "8C 8D 8H 8S")}], []]),
    )
    book.add(
        "turn/lay-off-never-onto-opponents",
        ["lay-off-own-team"],
        "Meld indexes name the acting team's melds only: with one meld of its own, index 1 "
        "names nothing, even though the other team has a set of 8s.",
        play("8C 5D 6D 7D", melds=[["4S 5S 6S"], ["8S 8H 8D"]]),
        acts((lay(1, "8C"), no("lay-off-own-team", "no-such-meld"))),
    )
    book.add(
        "turn/lay-off-cards-not-in-hand",
        ["lay-off-own-team"],
        "A lay-off may use only cards the hand holds.",
        play("8C 5D 6D 7D", melds=[["4S 5S 6S"]]),
        acts((lay(0, "7S"), no("lay-off-own-team", "cards-not-in-hand"))),
    )
    book.add(
        "turn/lay-off-three-at-once",
        ["lay-off-own-team", "lay-off"],
        "7S 8S 9S are laid off onto 4S 5S 6S as one batch.",
        play("7S 8S 9S 3D 4D", melds=[["4S 5S 6S"]]),
        acts((lay(0, "7S 8S 9S"), OK)),
        facts(
            hand_sizes=[2, 11, 11, 11],
            melds=[[{"arrangement": _run("S", 4, "4S 5S 6S 7S 8S 9S"), "canasta": None}], []],
        ),
    )
    book.add(
        "turn/discard-card-not-in-hand",
        ["discard-ends-turn"],
        "A player may discard only a card the hand holds.",
        play("5H 9C"),
        acts((disc("KC"), no("discard-ends-turn", "card-not-in-hand"))),
    )
    book.add(
        "turn/seat-must-be-the-player-to-act",
        ["action-seat"],
        "An action naming seat 1 while seat 0 is to act is refused; naming seat 0 it is accepted.",
        state(hands=["5H 9C"], stock_top="3D", discard="KD"),
        acts(
            ({"type": "draw", "seat": 1}, no("action-seat", "not-your-turn")),
            ({"type": "draw", "seat": 0}, OK),
        ),
    )
    book.add(
        "turn/no-meld-down-to-one-card-without-canasta",
        ["turn-must-finish"],
        "A team with no canasta may not empty a hand, so a player who would keep only 9C "
        "(which fits no meld) could not end the turn: the meld is refused.",
        play("5H 6H 7H 9C", melds=[["8S 8H 8D"]]),
        acts((meld("5H 6H 7H"), no("turn-must-finish", "no-way-to-finish"))),
    )
    book.add(
        "turn/meld-down-to-one-card-with-canasta",
        ["turn-must-finish", "emptying-by-discard", "fi-pickup"],
        "The same meld is legal when the team has a canasta: the last card can be discarded "
        "(and the player takes a fi).",
        play("5H 6H 7H 9C", melds=[[CANASTA]]),
        acts((meld("5H 6H 7H"), OK), (disc("9C"), OK)),
        facts(fi_taken=[1, 0], fi_left=1, turn=1, hand_sizes=[11, 11, 11, 11]),
    )
    book.add(
        "turn/meld-down-to-a-card-that-makes-a-canasta",
        ["turn-must-finish", "emptying-canasta-same-move"],
        "Without a canasta, keeping 8C is still allowed because 8C can be laid off onto six "
        "8s, which makes the first canasta and empties the hand.",
        play("5H 6H 7H 8C", melds=[["8S 8H 8D 8S 8H 8D"]]),
        acts((meld("5H 6H 7H"), OK)),
        count(1),
        acts((lay(0, "8C"), OK)),
        facts(fi_taken=[1, 0], hand_sizes=[11, 11, 11, 11], phase="play"),
    )
    book.add(
        "turn/take-pile-refused-when-stuck",
        ["turn-must-finish", "single-pile-no-discard-back"],
        "Two jokers in hand and a one-joker pile: after taking it, no joker may be discarded "
        "back and the wild meld would empty the hand of a team with no canasta, so taking "
        "the pile is refused.",
        state(hands=["JK JK"], discard="JK", melds=[["8S 8H 8D"]]),
        acts((TAKE, no("turn-must-finish", "no-way-to-finish"))),
        count(1),
    )
    book.add(
        "turn/take-pile-then-wild-meld-with-canasta",
        ["turn-must-finish", "wild-only-melds"],
        "The same position with a canasta on the team: the pile may be taken and the three "
        "jokers melded, which empties the hand and takes a fi.",
        state(hands=["JK JK"], discard="JK", melds=[[CANASTA]]),
        acts((TAKE, OK), (meld("JK JK JK"), OK)),
        facts(fi_taken=[1, 0], phase="play", turn=0),
    )


def _run(suit: str, low: int, text: str) -> Json:
    return {"kind": "run", "suit": suit, "low": low, "cards": cards(text)}


def _set(rank: str, text: str) -> Json:
    return {"kind": "set", "rank": rank, "cards": cards(text)}


def _run_arrangement(suit: str, low: int, wild_at: int) -> Json:
    ranks = {4: "4", 5: "5", 6: "6", 7: "7", 8: "8"}
    out = []
    for p in range(low, low + 4):
        out.append("JK" if p == wild_at else ranks[p] + suit)
    return {"kind": "run", "suit": suit, "low": low, "cards": out}


# --------------------------------------------------------------------------- chapter 7

RUN = "3H 4H 5H"
"""1.5 points."""
THREE_8S = "8C 8D 8S"
"""3 points."""


def _opener(score: int | str) -> Json:
    return state(
        hands=[f"{RUN} {THREE_8S} KC KD KS QC QD QS 6C 7C"],
        phase=Phase.PLAY,
        team_scores=[score, 0],
    )


def opening_fixtures(book: Book) -> None:
    for score_, opens in ((0, True), (99, True), (-20, True), (100, False), (150, False)):
        verdict = OK if opens else no("opening-threshold", "below-threshold")
        band = "4.5" if score_ < 100 else "7.5"
        clauses = ["opening-bands", "opening-threshold", "opening-checked-at-discard"]
        if score_ == 0:
            clauses.append("opening-threshold-inclusive")
        if score_ < 0:
            clauses.append("opening-negative-score")
        book.add(
            f"opening/4-5-points-at-{score_}".replace("--", "-minus-"),
            clauses,
            f"A run (1.5) and three 8s (3) total exactly 4.5. With a team score of {score_} "
            f"the threshold is {band}: the opening is "
            f"{'valid' if opens else 'short, and the discard is refused'}.",
            _opener(score_),
            acts((meld(RUN), OK), (meld(THREE_8S), OK), (disc("6C"), verdict)),
            facts(opened=[opens, False]),
        )
    for score_, opens in ((100, True), (199, True), (200, False)):
        verdict = OK if opens else no("opening-threshold", "below-threshold")
        book.add(
            f"opening/7-5-points-at-{score_}",
            ["opening-bands", "opening-threshold", "opening-threshold-inclusive"],
            f"1.5 + 3 + three kings (3) = 7.5. With a team score of {score_} the threshold is "
            f"{'7.5' if score_ < 200 else '10'}.",
            _opener(score_),
            acts(
                (meld(RUN), OK), (meld(THREE_8S), OK), (meld("KC KD KS"), OK), (disc("6C"), verdict)
            ),
        )
    book.add(
        "opening/10-points-at-200",
        ["opening-bands", "opening-threshold-inclusive"],
        "8H 9H 10H JH (4) + three kings (3) + three queens (3) = exactly 10, the threshold "
        "of a team with 200 or more.",
        state(
            hands=["8H 9H 10H JH KC KD KS QC QD QS 6C 7C"], phase=Phase.PLAY, team_scores=[200, 0]
        ),
        acts(
            (meld("8H 9H 10H JH"), OK),
            (meld("KC KD KS"), OK),
            (meld("QC QD QS"), OK),
            (disc("6C"), OK),
        ),
        facts(opened=[True, False], turn=1),
    )
    book.add(
        "opening/9-points-at-250-refused",
        ["opening-bands", "opening-threshold"],
        "8H 9H 10H (3) + three kings (3) + three queens (3) = 9 points do not reach the "
        "threshold 10 of a team with 250.",
        state(
            hands=["8H 9H 10H KC KD KS QC QD QS JD 6C 7C"], phase=Phase.PLAY, team_scores=[250, 0]
        ),
        acts(
            (meld("8H 9H 10H"), OK),
            (meld("KC KD KS"), OK),
            (meld("QC QD QS"), OK),
            (disc("6C"), no("opening-threshold", "below-threshold")),
        ),
    )
    book.add(
        "opening/no-clean-run-refused",
        ["opening-clean-run", "opening-checked-at-discard"],
        "Three 8s (3) and 5C 6C with a joker (3) total 6, but no run is free of wilds.",
        play("8S 8H 8D 5C 6C JK 9D 9H"),
        acts(
            (meld("8S 8H 8D"), OK),
            (meld("5C 6C JK", 7), OK),
            (disc("9D"), no("opening-clean-run", "no-clean-run")),
        ),
    )
    book.add(
        "opening/natural-two-makes-a-clean-run",
        ["opening-clean-run", "natural-two-in-place"],
        "AH 2H 3H: the 2 of hearts stands in its own place and is a natural, so the run is "
        "wild-free (1.5 + 2 + 0.5, and 3 for the kings: 7 points).",
        play("AH 2H 3H KC KD KS 9D 9H"),
        acts((meld("AH 2H 3H"), OK), (meld("KC KD KS"), OK), (disc("9D"), OK)),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/wild-run-alone-refused",
        ["opening-clean-run"],
        "A run with a joker (4H 5H 6H JK 8H, 4.5 points) is not wild-free.",
        play("4H 5H 6H JK 8H 9D 9H"),
        acts((meld("4H 5H 6H JK 8H"), OK), (disc("9D"), no("opening-clean-run", "no-clean-run"))),
    )
    book.add(
        "opening/waiver-one-card-left",
        ["opening-waiver", "emptying-needs-canasta", "fi-pickup"],
        "Team score 200 (threshold 10): hearts 3 to 9 make a clean canasta worth 4.5 points. "
        "The player keeps one card, so the threshold is waived; the discard empties the hand "
        "and takes a fi.",
        play("3H 4H 5H 6H 7H 8H 9H KC", team_scores=[200, 0]),
        acts((meld("3H 4H 5H 6H 7H 8H 9H"), OK), (disc("KC"), OK)),
        facts(opened=[True, False], fi_taken=[1, 0], turn=1),
    )
    book.add(
        "opening/no-waiver-with-two-cards",
        ["opening-waiver", "opening-threshold"],
        "The same canasta with two cards left: the threshold applies and 4.5 is short of 10.",
        play("3H 4H 5H 6H 7H 8H 9H KC QC", team_scores=[200, 0]),
        acts(
            (meld("3H 4H 5H 6H 7H 8H 9H"), OK),
            (disc("KC"), no("opening-threshold", "below-threshold")),
        ),
    )
    book.add(
        "opening/waiver-when-melding-out",
        ["opening-waiver", "fi-continue"],
        "Melding the whole hand (a clean canasta, 4.5 points) opens a team with 250: no card "
        "is left, the threshold is waived, and the player takes a fi and plays on.",
        play("3H 4H 5H 6H 7H 8H 9H", team_scores=[250, 0]),
        acts((meld("3H 4H 5H 6H 7H 8H 9H"), OK)),
        facts(
            opened=[True, False], fi_taken=[1, 0], turn=0, phase="play", hand_sizes=[11, 11, 11, 11]
        ),
    )
    book.add(
        "opening/waiver-keeps-the-run",
        ["opening-waiver", "opening-clean-run"],
        "Seven 8s are a canasta, but the waiver drops only the points: without a wild-free "
        "run the discard of the last card is refused.",
        play("8S 8H 8D 8C 8S 8H 8D KC"),
        acts(
            (meld("8S 8H 8D 8C 8S 8H 8D"), OK),
            (disc("KC"), no("opening-clean-run", "no-clean-run")),
        ),
    )
    book.add(
        "opening/waiver-keeps-the-run-melding-out",
        ["opening-waiver", "opening-clean-run"],
        "Melding out with seven 8s and no run: refused.",
        play("8S 8H 8D 8C 8S 8H 8D"),
        acts((meld("8S 8H 8D 8C 8S 8H 8D"), no("opening-clean-run", "no-clean-run"))),
    )
    book.add(
        "opening/lay-offs-count",
        ["opening-total"],
        "Team score 100 (threshold 7.5): 1.5 + 3 is short, until 6H 7H 8H 9H (3 points) are "
        "laid off onto the provisional run in the same turn.",
        play(f"{RUN} {THREE_8S} 6H 7H 8H 9H 6C 7C", team_scores=[100, 0]),
        acts(
            (meld(RUN), OK),
            (meld(THREE_8S), OK),
            (disc("6C"), no("opening-threshold", "below-threshold")),
        ),
        acts((lay(0, "6H 7H 8H 9H"), OK), (disc("6C"), OK)),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/wilds-count-at-their-value",
        ["opening-total", "card-points-koz"],
        "1.5 + KC KD JK (1 + 1 + 2) = 5.5: the joker counts 2 toward the opening.",
        play(f"{RUN} KC KD JK 6C 7C"),
        acts((meld(RUN), OK), (meld("KC KD JK"), OK), (disc("6C"), OK)),
    )
    book.add(
        "opening/canasta-bonus-does-not-count",
        ["opening-total"],
        "Team score 100: a clean canasta of hearts 3 to 9 is worth 4.5 card points; its "
        "canasta bonus does not count toward the opening, so 4.5 is short of 7.5.",
        play("3H 4H 5H 6H 7H 8H 9H 10D 10C 6C 7C", team_scores=[100, 0]),
        acts(
            (meld("3H 4H 5H 6H 7H 8H 9H"), OK),
            (disc("6C"), no("opening-threshold", "below-threshold")),
        ),
    )
    book.add(
        "opening/provisional-meld-is-legal",
        ["opening-provisional", "legal-action-count"],
        "A run worth 1.5 may be laid before the team opens: the meld is accepted and stays "
        "on the table, provisional, while the team has not opened.",
        _opener(0),
        acts((meld(RUN), OK)),
        facts(opened=[False, False], melds=[[{"arrangement": _run("H", 3, RUN)}], []]),
    )
    book.add(
        "opening/take-back",
        ["opening-take-back", "opening-provisional"],
        "A player takes back a short provisional opening: the cards return to the hand and "
        "the team has no melds; the player then discards normally.",
        _opener(0),
        acts((meld(RUN), OK), (BACK, OK)),
        facts(hand_sizes=[14, 11, 11, 11], melds=[[], []], opened=[False, False]),
        acts((disc("6C"), OK)),
        facts(turn=1, opened=[False, False]),
    )
    book.add(
        "opening/take-back-needs-provisional-melds",
        ["opening-take-back"],
        "Nothing to take back before any meld, nor once the team has opened.",
        play("4C 5C 6C", melds=[["4H 5H 6H"]]),
        acts((BACK, no("opening-take-back", "nothing-to-take-back"))),
    )
    book.add(
        "opening/take-back-before-any-meld",
        ["opening-take-back"],
        "A player whose team has not opened and who has laid nothing has nothing to take back.",
        _opener(0),
        acts((BACK, no("opening-take-back", "nothing-to-take-back"))),
    )
    book.add(
        "opening/partner-melds-freely",
        ["opening-team"],
        "Once seat 0 opened the team, seat 2 may meld KC KD JK (no run, 4 points) and discard.",
        state(
            hands=["4C", "5C", "KC KD JK 6D 7D", "6C"],
            melds=[["3H 4H 5H"]],
            phase=Phase.PLAY,
            turn=2,
        ),
        acts((meld("KC KD JK"), OK), (disc("6D"), OK)),
        facts(turn=3),
    )
    book.add(
        "opening/partner-lays-off-without-opening",
        ["opening-team", "lay-off-own-team"],
        "Seat 2 lays 6H off onto its partner's run without making an opening of its own.",
        state(hands=["4C", "5C", "6H 6D 7D", "6C"], melds=[["3H 4H 5H"]], phase=Phase.PLAY, turn=2),
        acts((lay(0, "6H"), OK), (disc("6D"), OK)),
    )
    book.add(
        "opening/other-teams-opening-does-not-count",
        ["opening-team", "opening-clean-run"],
        "Team 0 has opened; seat 1 (team 1) melds KC KD JK and must still meet the opening "
        "requirement of its own team.",
        state(hands=["4C", "KC KD JK 6D 7D"], melds=[["3H 4H 5H"], []], phase=Phase.PLAY, turn=1),
        acts((meld("KC KD JK"), OK), (disc("6D"), no("opening-clean-run", "no-clean-run"))),
    )


# --------------------------------------------------------------------------- chapter 8


def going_out_fixtures(book: Book) -> None:
    book.add(
        "going-out/discard-out-needs-canasta",
        ["emptying-needs-canasta", "emptying-by-discard"],
        "A team without a canasta may not empty a hand by discarding its last card.",
        play("KC", melds=[["4H 5H 6H"]]),
        acts((disc("KC"), no("emptying-needs-canasta", "no-canasta"))),
    )
    book.add(
        "going-out/lay-off-out-needs-canasta",
        ["emptying-needs-canasta"],
        "Nor by laying off its last cards, when that makes no canasta.",
        play("7H 8H", melds=[["4H 5H 6H"]]),
        acts((lay(0, "7H 8H"), no("emptying-needs-canasta", "no-canasta"))),
    )
    book.add(
        "going-out/meld-out-needs-canasta",
        ["emptying-needs-canasta"],
        "Nor by melding its last cards.",
        play("KC KD KS", melds=[["4H 5H 6H"]]),
        acts((meld("KC KD KS"), no("emptying-needs-canasta", "no-canasta"))),
    )
    book.add(
        "going-out/canasta-made-by-the-last-lay-off",
        ["emptying-canasta-same-move", "fi-pickup"],
        "Six 9s on the table and 9C in hand: laying it off makes the canasta that allows the "
        "hand to empty, and the player takes the first fi.",
        play("9C", melds=[["9S 9H 9D 9S 9H 9D"]]),
        acts((lay(0, "9C"), OK)),
        facts(
            fi_taken=[1, 0],
            fi_left=1,
            hand_sizes=[11, 11, 11, 11],
            phase="play",
            melds=[[{"canasta": "clean"}], []],
        ),
    )
    book.add(
        "going-out/fi-by-discard-waits",
        ["fi-pickup", "fi-continue", "emptying-by-discard"],
        "Seat 2 empties the hand by discarding: it takes the first fi as its new hand and "
        "the turn passes to seat 3.",
        state(hands=[None, None, "KC"], melds=[[CANASTA]], phase=Phase.PLAY, turn=2),
        acts((disc("KC"), OK)),
        facts(
            turn=3,
            phase="draw",
            fi_taken=[1, 0],
            fi_left=1,
            hand_sizes=[11, 11, 11, 11],
            discard_top="KC",
        ),
    )
    book.add(
        "going-out/fi-by-meld-plays-on",
        ["fi-pickup", "fi-continue"],
        "Seat 0 empties the hand by melding 4C 5C 6C: it takes the fi at once and goes on "
        "with the same turn.",
        play("4C 5C 6C", melds=[[CANASTA]]),
        acts((meld("4C 5C 6C"), OK)),
        facts(turn=0, phase="play", fi_taken=[1, 0], fi_left=1, hand_sizes=[11, 11, 11, 11]),
    )
    book.add(
        "going-out/fi-by-lay-off-plays-on",
        ["fi-pickup", "fi-continue", "lay-off-own-team"],
        "Emptying the hand by laying off also takes the fi at once; the player must still "
        "end the turn (here with a discard from the fi).",
        play(
            "10H",
            melds=[["JH QH KH", CANASTA]],
            fi=["4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "4S 5S 6S 7S 8S 10S JS QS KS AS 3S"],
        ),
        acts((lay(0, "10H"), OK), (disc("KC"), OK)),
        facts(turn=1, fi_taken=[1, 0], hand_sizes=[10, 11, 11, 11]),
    )
    book.add(
        "going-out/fi-cannot-be-drawn-twice-in-a-turn",
        ["fi-continue", "turn-structure"],
        "After taking a fi by melding, the player is still in the play phase: drawing is refused.",
        play("4C 5C 6C", melds=[[CANASTA]]),
        acts((meld("4C 5C 6C"), OK), (DRAW, no("turn-structure", "wrong-phase"))),
    )
    book.add(
        "going-out/second-fi-by-melding-out-again",
        ["fi-pickup", "fi-continue"],
        "A player who melds out twice in one turn takes both fi packets.",
        play(
            "4C 5C 6C",
            melds=[[CANASTA]],
            fi=["7C 8C 9C 10C JC QC KC 4D 5D 6D 7D", "8D 10D JD QD KD AD 3S 4S 5S 6S 7S"],
        ),
        acts(
            (meld("4C 5C 6C"), OK),
            (lay(1, "7C 8C 9C 10C JC QC KC"), OK),
            (meld("4D 5D 6D 7D"), OK),
        ),
        facts(fi_taken=[2, 0], fi_left=0, phase="play", hand_sizes=[11, 11, 11, 11]),
    )
    ban = {
        "hands": ["4C", "5C", "KC", "6C"],
        "melds": [[CANASTA, "QH QD QS"]],
        "phase": Phase.PLAY,
        "turn": 2,
        "fi_takers": [0],
    }
    book.add(
        "going-out/first-fi-team-may-not-discard-out",
        ["first-fi-team-discard-ban"],
        "Team 0 (seat 0) took the first fi; the second is on the table: seat 2 may not "
        "empty its hand by discarding.",
        state(**ban),
        acts((disc("KC"), no("first-fi-team-discard-ban", "first-fi-team-discard"))),
    )
    book.add(
        "going-out/first-fi-team-lays-off-out",
        ["first-fi-team-discard-ban", "fi-pickup"],
        "The same team may take the second fi by laying off its last card.",
        state(**{**ban, "hands": ["4C", "5C", "QC", "6C"]}),
        acts((lay(1, "QC"), OK)),
        facts(fi_taken=[2, 0], fi_left=0, phase="play", turn=2),
    )
    book.add(
        "going-out/first-fi-taker-himself-may-not-discard-out",
        ["first-fi-team-discard-ban"],
        "The ban covers the player who took the first fi as well as the partner.",
        state(**{**ban, "turn": 0, "hands": ["KC", "5C", "4C", "6C"]}),
        acts((disc("KC"), no("first-fi-team-discard-ban", "first-fi-team-discard"))),
    )
    book.add(
        "going-out/other-team-may-discard-out",
        ["first-fi-team-discard-ban", "emptying-by-discard"],
        "Team 1 did not take the first fi: seat 1 may take the second fi by discarding.",
        state(
            hands=["4C", "KC", "5C", "6C"],
            melds=[[], [CANASTA]],
            phase=Phase.PLAY,
            turn=1,
            fi_takers=[0],
        ),
        acts((disc("KC"), OK)),
        facts(fi_taken=[1, 1], fi_left=0, turn=2),
    )
    book.add(
        "going-out/discard-out-after-both-fi",
        ["going-out", "first-fi-team-discard-ban"],
        "With both fi taken, the first fi's team may go out by discarding: the hand is over.",
        state(hands=["KC"], melds=[[CANASTA]], phase=Phase.PLAY, fi_takers=[0, 1]),
        acts((disc("KC"), OK)),
        facts(hand_over=True, phase="over", hand_sizes=[0, 11, 11, 11]),
        count(0),
    )
    book.add(
        "going-out/lay-off-out",
        ["going-out", "going-out-needs-discard"],
        "In koz the last card may also be laid off to go out.",
        state(
            hands=["4C", "9C"], melds=[[], [CANASTA]], phase=Phase.PLAY, turn=1, fi_takers=[0, 2]
        ),
        acts((lay(0, "9C"), OK)),
        facts(hand_over=True, turn=1, hand_sizes=[1, 0, 11, 11]),
    )
    book.add(
        "going-out/meld-out",
        ["going-out"],
        "Melding the last three cards goes out too.",
        state(hands=["4C 5C 6C"], melds=[[CANASTA]], phase=Phase.PLAY, fi_takers=[1, 2]),
        acts((meld("4C 5C 6C"), OK)),
        facts(hand_over=True),
        acts((DRAW, no("turn-structure", "hand-over"))),
    )
    book.add(
        "going-out/stock-runs-out-after-the-last-turn",
        ["stock-exhaustion"],
        "Seat 0 draws the last card of the stock, melds and discards; the hand is then over "
        "and seat 1 does not play.",
        state(
            hands=["4H 5H 6H KC QC"],
            melds=[["3S 4S 5S"]],
            stock_top="7H",
            stock_size=1,
            discard="2D",
        ),
        acts((DRAW, OK)),
        facts(stock_size=0, hand_over=False, phase="play"),
        acts((meld("4H 5H 6H 7H"), OK), (disc("KC"), OK)),
        facts(hand_over=True, turn=0, hand_sizes=[1, 11, 11, 11]),
        acts((TAKE, no("turn-structure", "hand-over"))),
    )
    book.add(
        "going-out/stock-runs-out-with-a-fi-taken",
        ["stock-exhaustion", "fi-pickup", "fi-unplayed"],
        "The last drawer lays off 9C and discards KC, emptying the hand: the fi is taken, and "
        "the hand ends because the stock is empty.",
        state(hands=["9C"], melds=[[CANASTA.replace("9C ", "")]], stock_top="KC", stock_size=1),
        acts((DRAW, OK), (lay(0, "9C"), OK), (disc("KC"), OK)),
        facts(hand_over=True, fi_taken=[1, 0], hand_sizes=[11, 11, 11, 11]),
    )
    book.add(
        "going-out/stock-runs-out-mid-game",
        ["stock-exhaustion", "take-whole-pile"],
        "Taking the pile does not empty the stock: with one card left in the stock, a "
        "player who takes the pile plays on, and so does the next player.",
        state(hands=["4H 5H"], stock_top="7C", stock_size=1, discard="KD QD"),
        acts((TAKE, OK), (disc("KD"), OK)),
        facts(hand_over=False, turn=1, stock_size=1),
    )


# --------------------------------------------------------------------------- chapter 9


def scoring_fixtures(book: Book) -> None:
    book.add(
        "scoring/full-example",
        ["hand-score", "score-breakdown", "fi-bonus", "hand-penalty", "score-rounding"],
        "Team 0 took a fi and went out; it has a clean canasta of hearts 3-9 (4.5 points, "
        "bonus 20) and KC KD JK (4 points); seat 2 holds 5C AD (2). Team 1 took a fi and "
        "holds 5D, 6D and 7D (1.5). Totals 46.5 -> 47 and 8.5 -> 9.",
        state(
            phase=Phase.OVER,
            hands=["", "5D", "5C AD", "6D 7D"],
            melds=[["3H 4H 5H 6H 7H 8H 9H", "KC KD JK"], []],
            fi_takers=[0, 1],
            went_out=0,
            trump="QS",
        ),
        score(
            (47, parts(fi=10, melded=8.5, canastas=20, going_out=10, hand=-2, rounding=0.5)),
            (9, parts(fi=10, hand=-1.5, rounding=0.5)),
        ),
    )
    book.add(
        "scoring/negative-half-rounds-up",
        ["score-rounding", "hand-penalty"],
        "A team with no melds holding AD and KD scores -2.5, rounded up to -2; the other "
        "holds 5C and 4C: -1.",
        state(phase=Phase.OVER, hands=["5C", "AD", "4C", "KD"], trump="QS"),
        score((-1, parts(hand=-1)), (-2, parts(hand=-2.5, rounding=0.5))),
    )
    book.add(
        "scoring/minus-half-rounds-to-zero",
        ["score-rounding"],
        "-0.5 rounds up to 0.",
        state(phase=Phase.OVER, hands=["5C", "", "", ""], trump="QS"),
        score((0, parts(hand=-0.5, rounding=0.5)), (0, parts())),
    )
    for trump, bonus, why in (
        ("7H", 40, "the trump is a heart, the run's suit: trump clean canasta 40"),
        ("AS", 20, "the trump is a spade: plain clean canasta 20"),
        ("JK", 20, "a joker trump matches no run: 20"),
    ):
        book.add(
            f"scoring/clean-run-canasta-trump-{trump}",
            ["hand-score", "canasta-trump-match", "canasta-bonus"],
            f"Hearts 3 to 9 (4.5 points); {why}.",
            state(
                phase=Phase.OVER,
                hands=["", "", "", ""],
                melds=[["3H 4H 5H 6H 7H 8H 9H"]],
                trump=trump,
            ),
            score(
                (4.5 + bonus + 0.5, parts(melded=4.5, canastas=bonus, rounding=0.5)), (0, parts())
            ),
        )
    for trump, bonus, why in (
        ("8H", 20, "the trump is an 8, the set's rank (its suit does not matter): trump dirty 20"),
        ("9C", 10, "the trump is a 9: plain dirty canasta 10"),
    ):
        book.add(
            f"scoring/dirty-set-canasta-trump-{trump}",
            ["hand-score", "canasta-trump-match", "canasta-bonus"],
            f"Six 8s and a joker (8 points); {why}.",
            state(
                phase=Phase.OVER,
                hands=["", "", "", ""],
                melds=[["8C 8D 8H 8S 8C 8D JK"]],
                trump=trump,
            ),
            score((8 + bonus, parts(melded=8, canastas=bonus)), (0, parts())),
        )
    for trump, bonus in (("5H", 100), ("5S", 200)):
        book.add(
            f"scoring/super-canasta-trump-{trump}",
            ["hand-score", "canasta-super", "canasta-trump-match"],
            f"Spades ace to king, no wild (12 points: ace 1.5, the 2 in place 2, 3-7 2.5, "
            f"8-K 6): a super canasta, {bonus} with the trump {trump}.",
            state(
                phase=Phase.OVER,
                hands=["", "", "", ""],
                melds=[["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"]],
                trump=trump,
            ),
            score((12 + bonus, parts(melded=12, canastas=bonus)), (0, parts())),
        )
    for trump, bonus in (("5S", 150), ("JK", 300), ("2D", 150)):
        book.add(
            f"scoring/all-wild-canasta-trump-{trump}",
            ["hand-score", "canasta-all-wild", "canasta-trump-match"],
            f"Seven wild cards (14 points) make an all-wild canasta: {bonus} with the trump "
            f"{trump} (only a joker trump doubles it).",
            state(
                phase=Phase.OVER,
                hands=["", "", "", ""],
                melds=[["2C 2D 2H 2S JK JK 2C"]],
                trump=trump,
            ),
            score((14 + bonus, parts(melded=14, canastas=bonus)), (0, parts())),
        )
    book.add(
        "scoring/card-values-in-hand",
        ["hand-penalty", "card-points-koz"],
        "Cards left in hand: joker 2, a 2 is 2, ace 1.5, king 1, 7 half a point: 7 in all.",
        state(phase=Phase.OVER, hands=["JK 2C AC", "", "KD 7D", ""], trump="QS"),
        score((-7, parts(hand=-7)), (0, parts())),
    )
    book.add(
        "scoring/going-out-bonus-only-for-the-team-that-went-out",
        ["hand-score", "going-out", "hand-penalty"],
        "Seat 1 went out: team 1 gets 10; both partners of team 0 count their cards (KC 1 and "
        "QC 1), and seat 3's JC counts against team 1.",
        state(
            phase=Phase.OVER,
            hands=["KC", "", "QC", "JC"],
            melds=[[], [CANASTA]],
            fi_takers=[0, 1],
            went_out=1,
            trump="5C",
        ),
        score(
            (8, parts(fi=10, hand=-2)),
            (46, parts(fi=10, melded=7, canastas=20, going_out=10, hand=-1)),
        ),
    )
    book.add(
        "scoring/stock-out-no-going-out-bonus",
        ["hand-score", "stock-exhaustion"],
        "The hand ended with the stock: nobody gets the going-out bonus.",
        state(
            phase=Phase.OVER,
            hands=["KC", "QD", "", ""],
            melds=[[CANASTA], ["4S 5S 6S"]],
            fi_takers=[0, 0],
            stock_size=0,
            trump=None,
        ),
        score(
            (46, parts(fi=20, melded=7, canastas=20, hand=-1)),
            (1, parts(melded=1.5, hand=-1, rounding=0.5)),
        ),
    )
    book.add(
        "scoring/two-canastas-and-a-longer-one",
        ["hand-score", "canasta-clean-dirty", "canasta-bonus"],
        "A clean run of eight and a dirty set of seven: the eighth card adds its points only; "
        "bonuses 20 + 10.",
        state(
            phase=Phase.OVER,
            hands=["", "", "", ""],
            melds=[["3H 4H 5H 6H 7H 8H 9H 10H", "KC KD KH KS KC KD 2S"]],
            trump="5C",
        ),
        score((5.5 + 8 + 30 + 0.5, parts(melded=13.5, canastas=30, rounding=0.5)), (0, parts())),
    )
    book.add(
        "scoring/fi-taken-by-discard-never-played-counts",
        ["fi-unplayed", "fi-bonus", "stock-exhaustion"],
        "Seat 0 took the fi by discarding in the last turn of the hand and never played it: "
        "it counts 10, and its eleven cards count against the team.",
        state(
            hands=["9C", "4D 5D", "", "6D"],
            melds=[[CANASTA.replace("9C ", "")]],
            stock_top="KC",
            stock_size=1,
            fi=["4C 5C 6C 7C 8C 10C JC QC KC AC 3C", "4S 5S 6S 7S 8S 10S JS QS KS AS 3S"],
        ),
        acts((DRAW, OK), (lay(0, "9C"), OK), (disc("KC"), OK)),
        facts(hand_over=True, fi_taken=[1, 0], hand_sizes=[11, 2, 0, 1]),
        score(
            (28, parts(fi=10, melded=7, canastas=20, hand=-9)),
            (-1, parts(hand=-1.5, rounding=0.5)),
        ),
    )


# --------------------------------------------------------------------------- chapter 11


def count_fixtures(book: Book) -> None:
    book.add(
        "count/run-with-a-joker",
        ["legal-action-count", "run-wild-placement"],
        "5H 6H 7H JK 9C, team not opened: melds 5H6H7H; 5H6H+JK (joker at 4 or 7); 5H7H+JK "
        "(at 6); 6H7H+JK (at 5 or 8); 5H6H7H+JK (at 4 or 8): 8 melds, and 5 discards: 13.",
        play("5H 6H 7H JK 9C"),
        count(13),
    )
    book.add(
        "count/set-with-copies",
        ["legal-action-count", "card-identity"],
        "8C 8C 8D 4S, team opened with a canasta: the sets 8C8C8D only (copies are one card): "
        "1 meld, lay-offs none (the canasta is of 9s), discards 8C 8D 4S: 4.",
        play("8C 8C 8D 4S", melds=[[CANASTA]]),
        count(4),
    )
    book.add(
        "count/lay-off-batches",
        ["legal-action-count", "lay-off"],
        "7S 8S 9S 3D 4D with 4S 5S 6S on the table (opened): the meld 7S8S9S; the lay-offs "
        "7S, 7S8S and 7S8S9S (8S alone leaves a gap); 5 discards: 9.",
        play("7S 8S 9S 3D 4D", melds=[["4S 5S 6S"]]),
        count(9),
    )
    book.add(
        "count/draw-phase-single-pile-single-card",
        ["legal-action-count", "single-pile-needs-two-cards"],
        "One card in hand, one card on the pile: only the draw is legal.",
        state(hands=["KS"], discard="QD"),
        count(1),
    )
    book.add(
        "count/provisional-opening-no-discard",
        ["legal-action-count", "opening-provisional", "opening-take-back"],
        "After a provisional run worth 1.5, holding 4C 5C 6C KD: the meld 4C5C6C and the "
        "take-back are legal; no discard is (the opening is short): 2.",
        play("3H 4H 5H 4C 5C 6C KD"),
        acts((meld("3H 4H 5H"), OK)),
        count(2),
    )
    book.add(
        "count/depth-two-from-the-deal",
        ["legal-action-count"],
        "Depth 2 from a fresh hand of seed 7: the draw and the pile take, each followed by "
        "every action of the play phase (a golden value of the reference).",
        {"seed": 7},
        count(_depth_two(7), depth=2),
    )


def _depth_two(seed: int) -> int:
    from kanasta import engine  # noqa: PLC0415

    return engine.count_actions(engine.new_hand("koz", seed=seed), 2)


# --------------------------------------------------------------------------- generated


def build() -> dict[str, Json]:
    _seeded([0, 1, 2024, 18446744073709551615])
    book = Book("koz", "seed 001")
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
        score_clause="hand-score",
        playthrough_seeds=(1, 2, 3, 4, 5, 6),
        counts=((11, 20, 1), (12, 41, 1), (13, 60, 1), (14, 15, 2), (15, 90, 1)),
    )
    return book.items


def main(argv: Sequence[str] | None = None) -> int:
    return write_fixtures(build(), argv, __doc__ or "")


_: Callable[..., object] = main

if __name__ == "__main__":
    sys.exit(main())
