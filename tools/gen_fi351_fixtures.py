"""Write the fi-351 conformance fixtures of chapters 4-11 (canasta kind, deal, turn, the pass
by showing, opening, fi and going out, scoring, legal-action counts, golden playthroughs).

Every scenario below is written by hand: its setup names the cards that matter (the rest
of the deck is placed by :func:`kanasta.scenario.build_state`), and its expected verdicts,
state facts and scores are stated here from the rules of seed 000 (part 2) and the fi-351
resolutions, not computed by the engine. The exceptions are golden values of the reference:
the hands dealt by the portable shuffle (``deal/seed-*``) and the *generated* fixtures
(golden playthroughs and legal-action counts after random prefixes), which carry a recipe
and are derived by ``kanasta conformance generate``.

Many scenarios are repeated for several seats (and, with the options ``players-2`` and
``players-3``, for other tables), so that a mistake tied to a seat or a team fails.

    python tools/gen_fi351_fixtures.py          # write the fixtures
    python tools/gen_fi351_fixtures.py --check  # exit 1 if a file would change

The meld-level fixtures written by hand as files (``fi-351/meld``, ``fi-351/canasta``) are
not touched here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from fixture_kit import (
    BACK,
    DRAW,
    OK,
    PASS,
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
from kanasta.profiles import FI_351, RulesProfile, get_profile
from kanasta.scenario import build_state
from kanasta.state import Phase, state_to_json

SOURCE = "seed 000 (part 2)"
TWO = ("players-2",)
THREE = ("players-3",)

CANASTA = "9S 9H 9D 9C 9S 9H 9D"
"""Seven 9s: a clean canasta (20), worth 7 in cards."""

DIRTY = "8S 8H 8D 8C 8S 8H JK"
"""Six 8s and a joker: a dirty canasta (10), worth 8 in cards."""

FI_CARDS = "KC KD KH KS QC QD QH QS JC JD JH"
"""Eleven cards worth 11: a fi packet."""


def _profile(features: Sequence[str]) -> RulesProfile:
    return get_profile("fi-351", features) if features else FI_351


def state(features: Sequence[str] = (), **kwargs: Any) -> Json:
    """A complete fi-351 state (fixture ``setup.state``) from the cards that matter."""
    return state_to_json(build_state(_profile(features), **kwargs))


def play(*hands: str | None, features: Sequence[str] = (), **kwargs: Any) -> Json:
    """The seat ``turn`` (default 0) to play (after drawing), the hands by seat."""
    return state(features, hands=list(hands), phase=Phase.PLAY, **kwargs)


def seat_hands(seat: int, hand: str, players: int = 4) -> list[str | None]:
    """Hands by seat with ``hand`` at ``seat`` and the others left to the deck."""
    return [hand if s == seat else None for s in range(players)]


def parts(
    fi: float = 0, melded: float = 0, canastas: float = 0, going_out: float = 0, hand: float = 0
) -> tuple[float, dict[str, float]]:
    """A team's score: the total and the breakdown (clause hand-score-fi-351)."""
    breakdown = {
        "fi": fi,
        "melded": melded,
        "canastas": canastas,
        "going-out": going_out,
        "hand": hand,
    }
    return sum(breakdown.values()), breakdown


def opened(seat: int, players: int = 4) -> list[bool]:
    teams = 2 if players == 4 else players
    return [t == seat % teams for t in range(teams)]


def team_melds(team: int, melds: Sequence[Any], teams: int = 2) -> list[list[Any]]:
    """The melds of one team, the other teams with none."""
    return [list(melds) if t == team else [] for t in range(teams)]


# --------------------------------------------------------------------------- chapter 4


def canasta_fixtures(book: Book) -> None:
    def meld_step(
        batches: Sequence[str], arrangement: Json, kind: str, bonus: int, points: float
    ) -> Json:
        step: Json = {"kind": "meld", "cards": cards(batches[0])}
        if len(batches) > 1:
            step["lay_offs"] = [{"cards": cards(b)} for b in batches[1:]]
        step["expect"] = {
            "verdict": "legal",
            "arrangement": arrangement,
            "points": points,
            "canasta": kind,
            "bonus": bonus,
        }
        return step

    def a_set(rank: str, text: str) -> Json:
        return {"kind": "set", "rank": rank, "cards": cards(text)}

    def a_run(suit: str, low: int, text: str) -> Json:
        return {"kind": "run", "suit": suit, "low": low, "cards": cards(text)}

    cases = [
        (
            "canasta/clean-then-wild-stays-clean",
            [CANASTA, "JK"],
            a_set("9", "9C 9D 9D 9H 9H 9S 9S JK"),
            "clean",
            20,
            9,
            "Seven 9s make a clean canasta; a joker laid off afterwards does not make it dirty: "
            "the kind is fixed when the meld first holds seven cards. Cards: 7 + 2 = 9.",
        ),
        (
            "canasta/dirty-then-naturals-stays-dirty",
            ["8S 8H 8D JK", "8C 8S 8H", "8D"],
            a_set("8", "8C 8D 8D 8H 8H 8S 8S JK"),
            "dirty",
            10,
            9,
            "Three 8s and a joker, then three 8s at once: the meld reaches seven with the "
            "joker in it, a dirty canasta; the eighth 8 does not make it clean. Cards: 7 + 2.",
        ),
        (
            "canasta/seven-at-once-with-wild-is-dirty",
            ["5H 6H 7H", "8H 9H 10H JK"],
            a_run("H", 5, "5H 6H 7H 8H 9H 10H JK"),
            "dirty",
            10,
            6.5,
            "A run 5-6-7 of hearts takes 8, 9, 10 and a joker at once: the batch that makes "
            "seven holds the joker, so the canasta is dirty. Cards: 6 x 0.5 .. 1 + 2 = 6.5.",
        ),
        (
            "canasta/wild-run-natural-two-is-clean",
            ["AS 2S 3S", "4S 5S 6S 7S"],
            a_run("S", 1, "AS 2S 3S 4S 5S 6S 7S"),
            "clean",
            20,
            6,
            "A-2-3 of spades with its 2 in place, then 4 to 7: no card acts as a wild when the "
            "meld reaches seven, so it is clean. Cards: 1.5 + 2 + 5 x 0.5 = 6.",
        ),
    ]
    for ident, batches, arrangement, kind, bonus, points, text in cases:
        full = f"fi-351/{ident}"
        book.items[full] = {
            "id": full,
            "variant": "fi-351",
            "clauses": ["canasta-kind-at-forming-fi-351", "canasta-clean-dirty", "canasta-bonus"],
            "description": text,
            "source": SOURCE,
            "steps": [meld_step(batches, arrangement, kind, bonus, points)],
        }


# --------------------------------------------------------------------------- chapter 5

_SEEDED_HANDS: dict[tuple[int, tuple[str, ...]], list[str]] = {}


def _seeded(seeds: Sequence[tuple[int, tuple[str, ...]]]) -> None:
    from kanasta.cards import format_cards  # noqa: PLC0415
    from kanasta.deal import deal_from_seed  # noqa: PLC0415

    for seed, features in seeds:
        profile = _profile(features)
        deal = deal_from_seed(profile, seed, profile.players - 1)
        _SEEDED_HANDS[(seed, features)] = [format_cards(h) for h in deal.hands]


def deal_fixtures(book: Book) -> None:
    labels = {0: "the smallest seed", 1: "seed 1", 2024: "an ordinary seed"}
    labels[18446744073709551615] = "the largest 64-bit seed"
    for seed, label in labels.items():
        book.add(
            f"deal/seed-{seed}",
            ["seeded-shuffle", "deal-fi-351", "deal-fi-351-order", "first-player"],
            f"The portable shuffle of {label} ({seed}), dealt by seat 3: the two fi packets of "
            "11 cards come first from the cut, one card at a time, then each hand receives 11 "
            "cards two at a time (one in the last round), no card is turned up and 40 cards "
            "form the stock. Seat 0 plays first. The hands pin the shuffle and the order of "
            "the deal.",
            {"seed": seed},
            facts(
                turn=0,
                phase="draw",
                hands=[cards(h) for h in _SEEDED_HANDS[(seed, ())]],
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
    for features, players, stock in ((TWO, 2, 62), (THREE, 3, 51)):
        book.add(
            f"deal/{features[0]}-seed-1",
            ["deal-fi-351", "deal-fi-351-order", "players-fi-351", "profile-options"],
            f"With {players} players every player is a team of one: the same deal gives each "
            f"of the {players} hands 11 cards and sets two fi packets of 11 aside, leaving "
            f"{stock} cards in the stock. The last seat deals, seat 0 plays first.",
            {"seed": 1},
            facts(
                turn=0,
                phase="draw",
                hands=[cards(h) for h in _SEEDED_HANDS[(1, features)]],
                hand_sizes=[11] * players,
                stock_size=stock,
                discard_size=0,
                fi_left=2,
                fi_taken=[0] * players,
                opened=[False] * players,
                team_scores=[0] * players,
            ),
            features=features,
        )
    book.add(
        "deal/an-explicit-deal-starts-without-an-upcard",
        ["deal-fi-351", "take-whole-pile", "legal-action-count"],
        "A hand written out card by card as fi-351 deals it: 11 cards to each of the four "
        "players, two fi packets of 11, no upcard and 40 cards in the stock. Seat 1, the first "
        "player after dealer seat 0, can only draw.",
        state(hands=["AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC"], turn=1, dealer=0),
        facts(
            turn=1,
            phase="draw",
            hand_sizes=[11, 11, 11, 11],
            stock_size=40,
            discard_size=0,
            fi_left=2,
            trump=None,
        ),
        acts((TAKE, no("take-whole-pile", "pile-empty"))),
        count(1),
    )
    book.add(
        "deal/first-player-must-draw",
        ["deal-fi-351", "take-whole-pile", "pass-by-showing", "legal-action-count"],
        "A fi-351 hand starts with an empty discard pile: the first player can neither take "
        "it nor pass by showing, and must draw (one legal action).",
        {"seed": 7},
        acts(
            (TAKE, no("take-whole-pile", "pile-empty")),
            (PASS, no("pass-by-showing", "pile-empty")),
        ),
        count(1),
        ok(DRAW),
        facts(hand_sizes=[12, 11, 11, 11], stock_size=39, phase="play"),
    )

    _clockwise_fixtures(book)


_CLOCKWISE_HANDS = ("4C 5C 6C", "4D 5D 6D", "4H 5H 6H", "4S 5S 6S")
"""Short hands, every card held by one seat only (the other copy is in the stock or a fi)."""


def _clockwise_fixtures(book: Book) -> None:
    for seat, players in ((3, 4), (1, 4), (2, 3)):
        features = THREE if players == 3 else ()
        following = (seat + 1) % players
        after = (following + 1) % players
        own = _CLOCKWISE_HANDS[following].split()[-1]
        table = "the four players" if players == 4 else "three players (players-3)"
        book.add(
            f"deal/clockwise-{'players-3-' if features else ''}seat-{seat}-then-seat-{following}",
            ["direction-fi-351", "seats-in-order-of-play", "turn-passes"],
            f"fi-351 is played clockwise with {table}, and the seats are numbered in the order "
            f"of play, so seat {following} sits at the left of seat {seat}. Seat {seat} draws "
            f"the 8 of diamonds and discards it: the turn is seat {following}'s, who draws "
            f"and discards {own}, a card only seat {following} holds (an engine that passed "
            f"the turn the other way would refuse it), and the turn goes on to seat {after}.",
            state(
                features,
                hands=list(_CLOCKWISE_HANDS[:players]),
                stock_top="8D 9H",
                turn=seat,
                dealer=(seat - 1) % players,
            ),
            ok(DRAW, disc("8D")),
            facts(turn=following, phase="draw", discard_top="8D", hand_sizes=[3] * players),
            ok(DRAW, disc(own)),
            facts(
                turn=after,
                phase="draw",
                discard_top=own,
                discard_size=2,
                hands=[
                    cards(h) if s != following else [*cards(h)[:-1], "9H"]
                    for s, h in enumerate(_CLOCKWISE_HANDS[:players])
                ],
            ),
            features=features,
        )


# --------------------------------------------------------------------------- chapter 6


def turn_fixtures(book: Book) -> None:
    book.add(
        "turn/take-pile-without-melding",
        ["take-whole-pile", "discard-ends-turn"],
        "Seat 1, whose team has not opened, takes the whole pile of three cards and discards "
        "without melding: taking the pile brings no obligation to meld.",
        state(hands=[None, "4C 9D KS"], discard="5H 6S QD", turn=1),
        ok(TAKE),
        facts(hand_sizes=[11, 6, 11, 11], discard_size=0),
        ok(disc("QD")),
        facts(turn=2, phase="draw", hand_sizes=[11, 5, 11, 11], discard_top="QD"),
    )
    book.add(
        "turn/one-card-pile-with-one-card-hand",
        ["take-whole-pile"],
        "A pile of one card is taken like any pile, even by a player holding one card, and "
        "the card taken may be discarded again at once: fi-351 knows no one-card limits.",
        state(
            hands=["7C"],
            discard="5D",
            melds=[["10C 10D 10S"], []],
        ),
        ok(TAKE),
        facts(hand_sizes=[2, 11, 11, 11]),
        ok(disc("5D")),
        facts(turn=1, discard_top="5D"),
    )
    book.add(
        "turn/discard-a-card-that-could-be-laid-off",
        ["discard-playable-card", "discard-ends-turn"],
        "Seat 2 holds a 10 that fits its team's set of 10s and discards it: allowed, with no "
        "penalty.",
        play(None, None, "10H 4S 6D", melds=[["10C 10D 10S"], []], turn=2),
        ok(disc("10H")),
        facts(turn=3, discard_top="10H", hand_sizes=[11, 11, 2, 11]),
    )
    book.add(
        "turn/discard-a-card-that-fits-a-run",
        ["discard-playable-card"],
        "Seat 3 holds the 8 of hearts beside its team's run 5-6-7 of hearts and discards it.",
        play(None, None, None, "8H KC QD", melds=[[], ["5H 6H 7H"]], turn=3),
        ok(disc("8H")),
        facts(turn=0, discard_top="8H"),
    )
    for low in (True, False):
        where = 4 if low else 8
        book.add(
            f"turn/lay-off-moves-the-wild-to-the-{'low' if low else 'high'}-end",
            ["run-wild-moves", "lay-off", "lay-off-own-team"],
            "Team 0's run 5-6-joker of hearts has the joker as the 7. Seat 0 lays off the 7 of "
            f"hearts and moves the joker to place {where}; then the 3 of hearts "
            + ("fits below the joker (3-joker-5-6-7)." if low else "does not fit (a gap at 4)."),
            play(
                "7H 3H 4D 9C",
                melds=[[[("5H 6H JK", 7)], "KC KD KH"], []],
            ),
            ok(lay(0, "7H", wild_at=where)),
            acts((lay(0, "3H"), OK if low else no("lay-off", "does-not-fit"))),
        )
    for seat in (0, 1):
        book.add(
            f"turn/no-lay-off-on-the-opponents-seat-{seat}",
            ["lay-off-own-team"],
            f"Seat {seat}'s team has one meld; the other team has two. Meld index 1 names no "
            "meld of seat's own team, so the lay-off is refused: nobody lays off on the "
            "opponents' melds.",
            play(
                *seat_hands(seat, "JS QS 4D"),
                melds=[["10C 10D 10S"], ["JC JD JH", "QC QD QH"]]
                if seat == 0
                else [["JC JD JH", "QC QD QH"], ["10C 10D 10S"]],
                turn=seat,
            ),
            acts((lay(1, "QS"), no("lay-off-own-team", "no-such-meld"))),
        )


# --------------------------------------------------------------------------- the pass


def pass_fixtures(book: Book) -> None:
    for seat in range(4):
        book.add(
            f"pass/holds-the-top-card-seat-{seat}",
            ["pass-by-showing", "pass-by-showing-when", "turn-passes"],
            f"The pile's top card is the 8 of clubs and seat {seat} holds the other 8 of clubs: "
            "it shows it and passes. Nothing moves: the hand keeps its 11 cards, the pile its "
            f"3, the stock its 37 cards, and seat {(seat + 1) % 4} begins a turn.",
            state(
                hands=seat_hands(seat, "8C 3D 5S 9H JC QD KS AH 4C 6D 7S"),
                discard="2D 5C 8C",
                turn=seat,
            ),
            ok(PASS),
            facts(
                turn=(seat + 1) % 4,
                phase="draw",
                hand_sizes=[11, 11, 11, 11],
                discard_size=3,
                discard_top="8C",
                stock_size=37,
            ),
        )
    for seat in (0, 3):
        book.add(
            f"pass/same-rank-other-suit-seat-{seat}",
            ["pass-by-showing"],
            f"The top card is the 8 of clubs; seat {seat} holds the 8 of spades and the 8 of "
            "diamonds, not the 8 of clubs: the card must be identical, so no pass.",
            state(hands=seat_hands(seat, "8S 8D 4C"), discard="8C", turn=seat),
            acts((PASS, no("pass-by-showing", "no-matching-card"))),
            count(2),
        )
    for seat in range(4):
        book.add(
            f"pass/no-matching-card-seat-{seat}",
            ["pass-by-showing"],
            f"Seat {seat} holds no queen of hearts, the top of the pile: the pass is refused and "
            "the player draws instead.",
            state(hands=seat_hands(seat, "3C 5D 9S"), discard="7C QH", turn=seat),
            acts((PASS, no("pass-by-showing", "no-matching-card")), (DRAW, OK)),
        )
    book.add(
        "pass/not-after-drawing",
        ["pass-by-showing-when", "turn-structure"],
        "The pass replaces the draw: after drawing, the player may no longer pass, even holding "
        "the top card.",
        state(hands=["8C 4D"], discard="8C"),
        ok(DRAW),
        acts((PASS, no("turn-structure", "wrong-phase"))),
    )
    book.add(
        "pass/not-after-taking-the-pile",
        ["pass-by-showing-when", "turn-structure"],
        "After taking the pile there is no top card and the draw phase is over: no pass.",
        state(hands=[None, "JD 4D"], discard="3S JD", turn=1),
        ok(TAKE),
        acts((PASS, no("turn-structure", "wrong-phase"))),
    )
    book.add(
        "pass/joker-on-top",
        ["pass-by-showing", "card-identity"],
        "The top card is a joker and seat 2 holds the other joker: it may pass.",
        state(hands=[None, None, "JK 5C 6C"], discard="4H JK", turn=2),
        ok(PASS),
        facts(turn=3, discard_top="JK", hand_sizes=[11, 11, 3, 11]),
    )
    book.add(
        "pass/a-team-that-has-not-opened",
        ["pass-by-showing-when"],
        "Neither team has opened; seat 1 passes on the 6 of diamonds all the same.",
        state(hands=[None, "6D 9C"], discard="6D", turn=1),
        ok(PASS),
        facts(turn=2, opened=[False, False]),
    )
    book.add(
        "pass/a-team-that-has-opened",
        ["pass-by-showing-when"],
        "Seat 3's team has opened; it may still pass rather than draw.",
        state(hands=[None, None, None, "KD 9C"], discard="KD", melds=[[], ["4S 5S 6S"]], turn=3),
        ok(PASS),
        facts(turn=0, opened=[False, True]),
    )
    book.add(
        "pass/with-one-card-in-hand",
        ["pass-by-showing"],
        "Seat 0 holds one card, the twin of the top card: it passes and keeps the card.",
        state(hands=["AS"], discard="AS", melds=[["10C 10D 10S"], []]),
        ok(PASS),
        facts(turn=1, hand_sizes=[1, 11, 11, 11]),
    )
    book.add(
        "pass/on-the-discard-after-a-pile-was-taken",
        ["pass-by-showing-when"],
        "Seat 0 takes the pile and discards the 6 of spades; the pile now holds that card "
        "alone, and seat 1, holding the other 6 of spades, passes on it.",
        state(hands=["9C 4D", "6S 2H"], discard="3D 6S"),
        ok(TAKE, disc("6S"), PASS),
        facts(turn=2, phase="draw", discard_size=1, discard_top="6S", hand_sizes=[3, 2, 11, 11]),
    )
    book.add(
        "pass/next-player-may-take-the-pile",
        ["pass-by-showing", "take-whole-pile"],
        "Seat 0 passes on the 3 of hearts; seat 1 then takes the pile, 3 of hearts included.",
        state(hands=["3H 8D", "5C 6C"], discard="9S 3H"),
        ok(PASS, TAKE),
        facts(turn=1, phase="play", hand_sizes=[2, 4, 11, 11], discard_size=0),
    )
    book.add(
        "pass/repeated-in-consecutive-turns-two-players",
        ["pass-by-showing-when", "players-fi-351"],
        "Two players. Seat 0 passes on the 10 of spades; seat 1 takes the pile and discards the "
        "10 of spades again; seat 0 passes a second time. Nothing limits how often a player "
        "passes.",
        state(TWO, hands=["10S 4C", "7D 8D"], discard="2C 10S"),
        ok(PASS, TAKE, disc("10S"), PASS),
        facts(turn=1, phase="draw", hand_sizes=[2, 3], discard_top="10S"),
        features=TWO,
    )
    book.add(
        "pass/three-players",
        ["pass-by-showing", "players-fi-351"],
        "Three players: seat 2 passes and the turn goes to seat 0.",
        state(THREE, hands=[None, None, "QC 3D"], discard="QC", turn=2),
        ok(PASS),
        facts(turn=0, phase="draw", hand_sizes=[11, 11, 2]),
        features=THREE,
    )
    book.add(
        "pass/two-players-seat-1",
        ["pass-by-showing", "players-fi-351", "action-seat"],
        "Two players: seat 1 passes and the turn goes back to seat 0.",
        state(TWO, hands=[None, "5S 6S"], discard="5S", turn=1),
        acts(
            ({**PASS, "seat": 0}, no("action-seat", "not-your-turn")),
            (PASS, OK),
        ),
        facts(turn=0, phase="draw"),
        features=TWO,
    )
    book.add(
        "pass/with-the-stock-empty",
        ["pass-by-showing-when", "stock-exhaustion"],
        "The stock is empty (a hand written that way) and seat 1 passes: the turn ends with no "
        "card left to draw, so the hand is over.",
        state(hands=[None, "7H 2S"], discard="7H", turn=1, stock_size=0),
        ok(PASS),
        facts(hand_over=True, phase="over"),
    )
    book.add(
        "pass/does-not-draw",
        ["pass-by-showing", "draw-from-stock"],
        "Seat 0 passes; seat 1 draws the card that seat 0 would have drawn.",
        state(hands=["6C 9D", "4S JD"], discard="6C", stock_top="KH"),
        ok(PASS, DRAW),
        facts(hand_sizes=[2, 3, 11, 11], stock_size=56),
    )


# --------------------------------------------------------------------------- chapter 7


def opening_fixtures(book: Book) -> None:
    for seat in range(4):
        book.add(
            f"opening/run-and-set-seat-{seat}",
            ["opening-two-melds", "opening-checked-at-discard", "opening-team", "meld-from-hand"],
            f"Seat {seat} lays a run 3-4-5 of hearts and a set of three 8s, then discards: two "
            "melds, one a run of three naturals, and no points needed. The team has opened.",
            play(*seat_hands(seat, "3H 4H 5H 8C 8D 8S KC 4D"), turn=seat),
            ok(meld("3H 4H 5H"), meld("8C 8D 8S"), disc("KC")),
            facts(opened=opened(seat), turn=(seat + 1) % 4),
        )
    for seat in range(4):
        book.add(
            f"opening/one-meld-is-not-enough-seat-{seat}",
            ["opening-two-melds", "opening-take-back"],
            f"Seat {seat} lays only the run 10-J-Q of spades: the discard is refused (one "
            "meld), the player takes the run back and discards.",
            play(*seat_hands(seat, "10S JS QS 4D 7C"), turn=seat),
            ok(meld("10S JS QS")),
            acts((disc("4D"), no("opening-two-melds", "too-few-melds"))),
            ok(BACK, disc("4D")),
            facts(opened=[False, False], hand_sizes=[11 if s != seat else 4 for s in range(4)]),
        )
    for seat in (0, 1, 2):
        book.add(
            f"opening/two-sets-no-run-seat-{seat}",
            ["opening-two-melds"],
            f"Seat {seat} lays two sets, 6s and kings: no run among them, so no opening.",
            play(*seat_hands(seat, "6C 6D 6S KC KD KH 9C"), turn=seat),
            ok(meld("6C 6D 6S"), meld("KC KD KH")),
            acts((disc("9C"), no("opening-two-melds", "no-natural-run"))),
        )
    book.add(
        "opening/run-with-a-joker-elsewhere",
        ["opening-two-melds", "opening-two-melds-reading"],
        "Seed 000 (part 2): a run 5-6-7-joker-9 holds three naturals in a row, so with a set "
        "of jacks it opens, the joker standing for the 8.",
        play("5H 6H 7H JK 9H JC JD JS 4C 6S"),
        ok(meld("5H 6H 7H JK 9H"), meld("JC JD JS"), disc("4C")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/run-with-a-two-at-the-end",
        ["opening-two-melds"],
        "Seat 1: 10-J-Q of spades with the 2 of clubs as the king, and a set of 4s: the run "
        "holds three naturals in a row, the wild at its end.",
        play(None, "10S JS QS 2C 4C 4D 4H 8S KD", turn=1),
        ok(meld("10S JS QS 2C", wild_at=13), meld("4C 4D 4H"), disc("8S")),
        facts(opened=[False, True]),
    )
    book.add(
        "opening/run-wild-breaks-the-three",
        ["opening-two-melds"],
        "A run 5-joker-7-8 of hearts has only two naturals in consecutive places (7, 8): with "
        "a set it is no opening.",
        play("5H JK 7H 8H 3C 3D 3S QD"),
        ok(meld("5H 7H 8H JK", wild_at=6), meld("3C 3D 3S")),
        acts((disc("QD"), no("opening-two-melds", "no-natural-run"))),
    )
    book.add(
        "opening/two-short-runs-with-wilds",
        ["opening-two-melds", "opening-two-melds-reading"],
        "Two runs of two naturals and a wild each (5-6-joker of hearts, 9-10-2 of spades): the "
        "three naturals in a row must stand in one run, so no opening.",
        play(None, None, "5H 6H JK 9S 10S 2D QC", turn=2),
        ok(meld("5H 6H JK", wild_at=7), meld("9S 10S 2D", wild_at=11)),
        acts((disc("QC"), no("opening-two-melds", "no-natural-run"))),
    )
    book.add(
        "opening/ace-two-three-with-the-two-in-place",
        ["opening-two-melds", "natural-two-in-place"],
        "A-2-3 of spades with its own 2 in place is a run of three naturals; with a set of 7s "
        "it opens.",
        play(None, None, None, "AS 2S 3S 7C 7D 7H 10D JC", turn=3),
        ok(meld("AS 2S 3S"), meld("7C 7D 7H"), disc("10D")),
        facts(opened=[False, True]),
    )
    book.add(
        "opening/two-three-joker-is-two-naturals",
        ["opening-two-melds", "natural-two-in-place"],
        "2-3 of spades and a joker as the 4: the 2 is natural in its place but only two "
        "naturals stand in a row, so with a set it does not open.",
        play("2S 3S JK QC QD QH 5D"),
        ok(meld("2S 3S JK", wild_at=4), meld("QC QD QH")),
        acts((disc("5D"), no("opening-two-melds", "no-natural-run"))),
    )
    book.add(
        "opening/ace-high-run",
        ["opening-two-melds", "run-ace-position"],
        "Q-K-A of hearts (the ace high) and a set of 5s open.",
        play(None, "QH KH AH 5C 5D 5S 9D 4C", turn=1),
        ok(meld("QH KH AH"), meld("5C 5D 5S"), disc("9D")),
        facts(opened=[False, True]),
    )
    book.add(
        "opening/two-runs",
        ["opening-two-melds"],
        "The second meld may be a run too: 3-4-5 of clubs and 9-10-J of diamonds open.",
        play("3C 4C 5C 9D 10D JD KS 7H"),
        ok(meld("3C 4C 5C"), meld("9D 10D JD"), disc("KS")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/second-meld-with-a-wild",
        ["opening-two-melds"],
        "The other meld may hold its wild: 6-7-8 of diamonds and 10-10-joker open.",
        play(None, None, "6D 7D 8D 10C 10H JK 4S 3C", turn=2),
        ok(meld("6D 7D 8D"), meld("10C 10H JK"), disc("4S")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/no-points-needed-at-a-high-score",
        ["opening-two-melds"],
        "Team 1 has 300 points; 3-4-5 of spades and three 3s (3 points) still open it: "
        "fi-351 asks no points at any score.",
        play(None, "3S 4S 5S 3C 3D 3H KD QC", turn=1, team_scores=[120, 300]),
        ok(meld("3S 4S 5S"), meld("3C 3D 3H"), disc("KD")),
        facts(opened=[False, True], team_scores=[120, 300]),
    )
    book.add(
        "opening/three-melds-at-once",
        ["opening-two-melds-reading"],
        "Two melds is the least: a run and two sets laid in one turn open as well.",
        play("7S 8S 9S 4C 4D 4H QC QD QS 6H 5D"),
        ok(meld("7S 8S 9S"), meld("4C 4D 4H"), meld("QC QD QS"), disc("6H")),
        facts(opened=[True, False]),
    )
    book.add(
        "opening/lay-off-completes-the-run",
        ["opening-two-melds-reading", "opening-provisional", "run-wild-moves", "lay-off"],
        "Seat 3 lays 5-6-joker of clubs (the joker as the 7) and a set of jacks, then lays off "
        "the 7 of clubs: the joker moves to an end and the run now holds 5-6-7, three naturals "
        "in a row, so the discard opens the team.",
        play(None, None, None, "5C 6C JK JH JD JS 7C 2H 4S", turn=3),
        ok(meld("5C 6C JK", wild_at=7), meld("JH JD JS"), lay(0, "7C", wild_at=8), disc("2H")),
        facts(opened=[False, True]),
    )
    for seat, partner in ((2, 0), (3, 1)):
        book.add(
            f"opening/partner-counts-as-opened-seat-{seat}",
            ["opening-team"],
            f"Seat {partner} opened the team earlier; seat {seat}, its partner, lays one set of "
            "kings and discards: no two-meld requirement for the partner.",
            play(
                *seat_hands(seat, "KC KD KH 6S 5D"),
                melds=team_melds(seat % 2, ["4H 5H 6H", "9C 9D 9S"]),
                turn=seat,
            ),
            ok(meld("KC KD KH"), disc("6S")),
            facts(opened=opened(seat), turn=(seat + 1) % 4),
        )
    book.add(
        "opening/no-second-set-of-a-rank",
        ["one-set-per-rank", "opening-team"],
        "Team 0 opened with a set of kings; seat 2 may not start a second set of kings "
        "(with a joker), only lay the kings off on the set.",
        play(None, None, "KC KS JK 4D 9S", melds=[["KC KD KH", "4H 5H 6H"], []], turn=2),
        acts(
            (meld("KC KS JK"), no("one-set-per-rank", "second-set-of-rank")),
            (lay(0, "KC KS"), OK),
        ),
    )
    book.add(
        "opening/partner-lays-off-without-a-meld",
        ["opening-team", "lay-off-own-team"],
        "Seat 2 lays off the 7 of hearts onto the run its partner opened with, and discards.",
        play(None, None, "7H 5C 8S", melds=[["4H 5H 6H", "9C 9D 9S"], []], turn=2),
        ok(lay(0, "7H"), disc("5C")),
        facts(opened=[True, False], hand_sizes=[11, 11, 1, 11]),
    )
    book.add(
        "opening/opponents-opening-does-not-count",
        ["opening-two-melds", "opening-team"],
        "Team 1 has opened; seat 0 of team 0 still needs two melds of its own team: a single "
        "set is refused at the discard.",
        play("KC KD KH 6S", melds=[[], ["4H 5H 6H", "9C 9D 9S"]]),
        ok(meld("KC KD KH")),
        acts((disc("6S"), no("opening-two-melds", "too-few-melds"))),
    )
    book.add(
        "opening/empty-hand-opening-takes-a-fi",
        [
            "opening-two-melds",
            "emptying-needs-canasta",
            "emptying-canasta-same-move",
            "fi-continue",
            "fi-pickup",
        ],
        "Seat 1 opens by laying its whole hand: a clean run 3..9 of diamonds (a canasta) and a "
        "set of queens. The hand is empty, the team has a canasta: seat 1 takes the first fi "
        "and plays on.",
        play(None, "3D 4D 5D 6D 7D 8D 9D QC QH QS", turn=1),
        ok(meld("QC QH QS"), meld("3D 4D 5D 6D 7D 8D 9D")),
        facts(opened=[False, True], turn=1, phase="play", fi_left=1, fi_taken=[0, 1]),
    )
    book.add(
        "opening/empty-hand-with-one-meld",
        ["opening-two-melds"],
        "Seat 0 would empty the hand with a single meld, a clean canasta run: one meld is no "
        "opening, so the meld is refused.",
        play("3D 4D 5D 6D 7D 8D 9D"),
        acts((meld("3D 4D 5D 6D 7D 8D 9D"), no("opening-two-melds", "too-few-melds"))),
    )
    book.add(
        "opening/empty-hand-opening-without-a-canasta",
        ["opening-two-melds", "emptying-needs-canasta"],
        "Seat 2's two melds make a valid opening and use every card, but the team has no "
        "canasta: the hand may not be emptied.",
        play(None, None, "3D 4D 5D QC QH QS", turn=2),
        ok(meld("QC QH QS")),
        acts((meld("3D 4D 5D"), no("emptying-needs-canasta", "no-canasta"))),
    )
    book.add(
        "opening/three-players-run-and-set",
        ["opening-two-melds", "players-fi-351"],
        "Three players: seat 2 lays 8-9-10 of hearts and three 5s and discards; it alone has "
        "opened.",
        play(None, None, "8H 9H 10H 5C 5D 5S KC QD", features=THREE, turn=2),
        ok(meld("8H 9H 10H"), meld("5C 5D 5S"), disc("KC")),
        facts(opened=[False, False, True], turn=0),
        features=THREE,
    )
    book.add(
        "opening/two-players-run-and-set",
        ["opening-two-melds", "players-fi-351"],
        "Two players: seat 0 opens alone with 6-7-8 of clubs and three jacks.",
        play("6C 7C 8C JC JD JH 3S 4S", features=TWO),
        ok(meld("6C 7C 8C"), meld("JC JD JH"), disc("3S")),
        facts(opened=[True, False], turn=1),
        features=TWO,
    )
    book.add(
        "opening/two-players-one-meld-refused",
        ["opening-two-melds", "players-fi-351"],
        "Two players: seat 1 has no partner to open for it and lays a single run: refused at "
        "the discard.",
        play(None, "8H 9H 10H KC", features=TWO, turn=1),
        ok(meld("8H 9H 10H")),
        acts((disc("KC"), no("opening-two-melds", "too-few-melds"))),
        features=TWO,
    )


# --------------------------------------------------------------------------- chapter 8


def going_out_fixtures(book: Book) -> None:
    for seat in range(4):
        team = seat % 2
        book.add(
            f"going-out/fi-by-discarding-seat-{seat}",
            ["emptying-by-discard", "fi-pickup", "fi-continue", "emptying-needs-canasta"],
            f"Seat {seat} discards its last card; its team has a canasta, so it takes the first "
            "fi as its new hand, and the turn passes (taking a fi by discarding).",
            play(
                *seat_hands(seat, "4C"),
                melds=team_melds(team, [CANASTA]),
                turn=seat,
            ),
            ok(disc("4C")),
            facts(
                turn=(seat + 1) % 4,
                phase="draw",
                fi_left=1,
                fi_taken=[1 if t == team else 0 for t in range(2)],
                hand_sizes=[11, 11, 11, 11],
            ),
        )
    for seat in (1, 2):
        team = seat % 2
        book.add(
            f"going-out/fi-by-laying-off-plays-on-seat-{seat}",
            ["fi-pickup", "fi-continue", "emptying-by-discard"],
            f"Seat {seat} lays off its last card on its team's canasta: it takes the fi at once "
            "and goes on in the same turn (taking a fi without discarding), then discards from "
            "the fi.",
            play(
                *seat_hands(seat, "9C"),
                melds=team_melds(team, [CANASTA]),
                fi=[FI_CARDS],
                turn=seat,
            ),
            ok(lay(0, "9C")),
            facts(turn=seat, phase="play", fi_left=0, hand_sizes=[11, 11, 11, 11]),
            ok(disc("KC")),
            facts(turn=(seat + 1) % 4, discard_top="KC"),
        )
    for seat in (0, 3):
        book.add(
            f"going-out/no-fi-without-a-canasta-seat-{seat}",
            ["emptying-needs-canasta"],
            f"Seat {seat}'s team has a set of 10s, no canasta: discarding the last card is "
            "refused, and laying it off too; the player takes no fi.",
            play(*seat_hands(seat, "10H"), melds=team_melds(seat % 2, ["10C 10D 10S"]), turn=seat),
            acts(
                (disc("10H"), no("emptying-needs-canasta", "no-canasta")),
                (lay(0, "10H"), no("emptying-needs-canasta", "no-canasta")),
            ),
        )
    book.add(
        "going-out/opponents-canasta-does-not-count",
        ["emptying-needs-canasta"],
        "Team 1 has a canasta, team 0 none: seat 2 of team 0 may not empty its hand.",
        play(None, None, "5C", melds=[["6C 6D 6S"], [CANASTA]], turn=2),
        acts((disc("5C"), no("emptying-needs-canasta", "no-canasta"))),
    )
    book.add(
        "going-out/canasta-made-by-the-emptying-move",
        ["emptying-canasta-same-move", "emptying-needs-canasta"],
        "Seat 3 lays off its last card as the seventh 9: the canasta it makes counts, so the "
        "hand may be emptied and seat 3 takes the fi.",
        play(None, None, None, "9D", melds=[[], ["9S 9H 9D 9C 9S 9H"]], turn=3),
        ok(lay(0, "9D")),
        facts(fi_taken=[0, 1], turn=3, phase="play"),
    )
    book.add(
        "going-out/melding-the-last-cards-without-a-canasta",
        ["emptying-needs-canasta", "turn-must-finish"],
        "Seat 1's team has opened without a canasta; seat 1 holds three kings: melding them "
        "would empty the hand, which is refused.",
        play(None, "KC KD KH", melds=[[], ["4H 5H 6H", "9C 9D 9S"]], turn=1),
        acts((meld("KC KD KH"), no("emptying-needs-canasta", "no-canasta"))),
    )
    book.add(
        "going-out/second-fi-by-discarding-for-the-first-fi-team",
        ["emptying-by-discard", "going-out-needs-discard", "fi-pickup"],
        "Team 0 took the first fi; seat 2 of team 0 takes the second by discarding its last "
        "card: fi-351 has no ban on it.",
        play(None, None, "5H", melds=[[CANASTA], []], fi_takers=[0], turn=2),
        ok(disc("5H")),
        facts(fi_taken=[2, 0], fi_left=0, turn=3),
    )
    for seat in range(4):
        team = seat % 2
        book.add(
            f"going-out/after-both-fi-seat-{seat}",
            ["going-out", "emptying-by-discard"],
            f"Both fi are taken; seat {seat} discards its last card with a canasta on its team's "
            "side: it goes out and the hand is over.",
            play(
                *seat_hands(seat, "4S"),
                melds=team_melds(team, [CANASTA]),
                fi_takers=[0, 1],
                turn=seat,
            ),
            ok(disc("4S")),
            facts(hand_over=True, phase="over"),
            acts((DRAW, no("turn-structure", "hand-over"))),
        )
    book.add(
        "going-out/by-laying-off",
        ["going-out", "going-out-needs-discard"],
        "Both fi are taken; seat 0 lays off its last card on its canasta: in fi-351 the hand "
        "may be ended without a discard.",
        play("9C", melds=[[CANASTA], []], fi_takers=[1, 2]),
        ok(lay(0, "9C")),
        facts(hand_over=True),
    )
    book.add(
        "going-out/by-melding",
        ["going-out", "going-out-needs-discard", "meld-from-hand"],
        "Both fi are taken; seat 3 melds its last three cards as a set of 4s beside its "
        "canasta: it goes out.",
        play(None, None, None, "4C 4D 4H", melds=[[], [CANASTA]], fi_takers=[3, 0], turn=3),
        ok(meld("4C 4D 4H")),
        facts(hand_over=True),
    )
    book.add(
        "going-out/no-end-without-a-canasta",
        ["emptying-needs-canasta", "going-out"],
        "Both fi are taken; seat 1's team has no canasta, so it may not end the hand.",
        play(None, "QC", melds=[[CANASTA], ["QD QH QS"]], fi_takers=[0, 2], turn=1),
        acts((disc("QC"), no("emptying-needs-canasta", "no-canasta"))),
    )
    book.add(
        "going-out/stock-runs-out",
        ["stock-exhaustion", "draw-from-stock"],
        "Seat 2 draws the last card of the stock and discards: the hand is over, nobody went "
        "out, and seat 3 may not take the pile.",
        state(hands=[None, None, "5C 8D"], stock_size=1, stock_top="JH", turn=2, discard="4S"),
        ok(DRAW, disc("JH")),
        facts(hand_over=True, stock_size=0),
        acts((TAKE, no("turn-structure", "hand-over"))),
    )
    book.add(
        "going-out/the-fi-taker-waits-a-round",
        ["fi-continue", "turn-passes"],
        "Seat 1 takes the fi by discarding: the fi is its new hand, but seat 2 plays next.",
        play(None, "6H", melds=[[], [CANASTA]], turn=1),
        ok(disc("6H")),
        facts(turn=2, hand_sizes=[11, 11, 11, 11]),
    )
    book.add(
        "going-out/three-players-fi",
        ["fi-pickup", "players-fi-351", "emptying-needs-canasta"],
        "Three players: seat 2 has its own canasta and discards its last card; it takes the fi "
        "and the turn passes to seat 0.",
        play(None, None, "KH", features=THREE, melds=[[], [], [CANASTA]], turn=2),
        ok(disc("KH")),
        facts(turn=0, fi_taken=[0, 0, 1], hand_sizes=[11, 11, 11]),
        features=THREE,
    )
    book.add(
        "going-out/two-players-fi-by-discarding",
        ["fi-pickup", "players-fi-351", "emptying-by-discard"],
        "Two players: seat 1 discards its last card with its own canasta on the table, takes "
        "the first fi and the turn goes back to seat 0.",
        play(None, "KH", features=TWO, melds=[[], [CANASTA]], turn=1),
        ok(disc("KH")),
        facts(turn=0, fi_taken=[0, 1], fi_left=1, hand_sizes=[11, 11]),
        features=TWO,
    )
    book.add(
        "going-out/two-players-canasta-is-own",
        ["emptying-needs-canasta", "players-fi-351"],
        "Two players: seat 1 has no canasta of its own (seat 0's does not help it): no fi.",
        play(None, "KH", features=TWO, melds=[[CANASTA], ["4C 4D 4S"]], turn=1),
        acts((disc("KH"), no("emptying-needs-canasta", "no-canasta"))),
        features=TWO,
    )


# --------------------------------------------------------------------------- chapter 9


def scoring_fixtures(book: Book) -> None:
    both: dict[str, Any] = {"fi_takers": [0, 1]}
    table = [[CANASTA], ["10C 10D 10S"]]
    book.add(
        "scoring/going-out-with-a-clean-canasta",
        [
            "hand-score-fi-351",
            "score-breakdown",
            "fi-bonus",
            "going-out",
            "hand-penalty",
            "card-points-koz",
        ],
        "Seat 0 goes out. Team 0: fi 10, cards 7 (seven 9s), clean canasta 20, going out 10, "
        "seat 2's 3 and 4 of clubs -1: 46. Team 1: fi 10, cards 3, hands 5D (0.5) and 7D 8D "
        "(1.5): 11.",
        play("8C", "5D", "3C 4C", "7D 8D", melds=table, **both),
        ok(disc("8C")),
        score(parts(10, 7, 20, 10, -1), parts(10, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/a-half-point-is-kept",
        ["score-halves-fi-351", "hand-score-fi-351", "score-breakdown"],
        "The same hand with seat 2 holding only the 3 of clubs: team 0 scores 46.5, not "
        "rounded either way.",
        play("8C", "5D", "3C", "7D 8D", melds=table, **both),
        ok(disc("8C")),
        score(parts(10, 7, 20, 10, -0.5), parts(10, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/a-negative-half-is-kept",
        ["score-halves-fi-351", "hand-penalty"],
        "Team 1 took no fi and has no melds; its hands hold A and 7 (2 points) and AS 2D "
        "(3.5): -5.5, not rounded.",
        play("8C", "AH 7C", "3C", "AS 2D", melds=[[CANASTA], []], fi_takers=[0, 2]),
        ok(disc("8C")),
        score(parts(20, 7, 20, 10, -0.5), parts(0, 0, 0, 0, -5.5)),
    )
    book.add(
        "scoring/dirty-canasta-10",
        ["hand-score-fi-351", "canasta-bonus", "canasta-clean-dirty"],
        "Team 0's canasta is six 8s and a joker: dirty, 10; its cards count 6 + 2 = 8.",
        play("KC", "5D", "3C 4C", "7D 8C", melds=[[DIRTY], ["10C 10D 10S"]], **both),
        ok(disc("KC")),
        score(parts(10, 8, 10, 10, -1), parts(10, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/clean-canasta-that-took-a-joker",
        ["canasta-kind-at-forming-fi-351", "hand-score-fi-351"],
        "Team 1's seven 9s were clean when they formed the canasta; the joker laid off later "
        "leaves it clean (20) and adds 2 to the cards: 9.",
        play(
            "5D",
            "KC",
            "3C 4C",
            "7D 8D",
            melds=[["10C 10D 10S"], [[CANASTA, "JK"]]],
            turn=1,
            **both,
        ),
        ok(disc("KC")),
        score(parts(10, 3, 0, 0, -1.5), parts(10, 9, 20, 10, -1.5)),
    )
    book.add(
        "scoring/dirty-canasta-that-took-naturals",
        ["canasta-kind-at-forming-fi-351", "hand-score-fi-351"],
        "Three 9s with a joker, then three 9s at once (dirty at seven), then a seventh 9: "
        "still dirty, 10; cards 7 + 2 = 9.",
        play(
            "KC",
            "5D",
            "3C 4C",
            "7D 8D",
            melds=[[["9S 9H 9D JK", "9C 9S 9H", "9D"]], ["10C 10D 10S"]],
            **both,
        ),
        ok(disc("KC")),
        score(parts(10, 9, 10, 10, -1), parts(10, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/run-canasta-with-its-two",
        ["hand-score-fi-351", "natural-two-in-place", "card-points-koz"],
        "A-2-3-4-5-6-7 of spades, the 2 in place: clean 20, cards 1.5 + 2 + 2.5 = 6.",
        play(
            "KC",
            "5D",
            "3C 4C",
            "7D 8D",
            melds=[["AS 2S 3S 4S 5S 6S 7S"], ["10C 10D 10S"]],
            **both,
        ),
        ok(disc("KC")),
        score(parts(10, 6, 20, 10, -1), parts(10, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/two-canastas",
        ["hand-score-fi-351", "canasta-bonus"],
        "Team 1 has a clean and a dirty canasta: 30 in bonuses, 7 + 8 in cards.",
        play(
            "KC 5C",
            "6D",
            "3C 4C",
            "7D 8C",
            melds=[["10C 10D 10S"], [CANASTA, DIRTY]],
            turn=1,
            **both,
        ),
        ok(disc("6D")),
        score(parts(10, 3, 0, 0, -2.5), parts(10, 15, 30, 10, -1.5)),
    )
    book.add(
        "scoring/partner-of-the-one-who-went-out-pays",
        ["hand-penalty", "hand-score-fi-351"],
        "Seat 3 goes out; its partner, seat 1, still holds a king and an ace: team 1 loses "
        "2.5 for them.",
        play("5D", "KD AD", "3C 4C", "8C", melds=[["10C 10D 10S"], [CANASTA]], turn=3, **both),
        ok(disc("8C")),
        score(parts(10, 3, 0, 0, -1.5), parts(10, 7, 20, 10, -2.5)),
    )
    book.add(
        "scoring/twos-and-jokers-in-hand-cost-2",
        ["hand-penalty", "card-points-koz"],
        "Seat 1 holds 2 of hearts and a joker (4), seat 3 the 2 of spades (2): team 1 loses 6.",
        play("8C", "2H JK", "3C 4C", "2S", melds=table, **both),
        ok(disc("8C")),
        score(parts(10, 7, 20, 10, -1), parts(10, 3, 0, 0, -6)),
    )
    book.add(
        "scoring/both-fi-to-one-team",
        ["fi-bonus", "hand-score-fi-351"],
        "Team 0 took both fi: 20; team 1 none: 0.",
        play("8C", "5D", "3C 4C", "7D 8D", melds=table, fi_takers=[0, 2]),
        ok(disc("8C")),
        score(parts(20, 7, 20, 10, -1), parts(0, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/an-unplayed-fi-counts",
        ["fi-unplayed", "fi-bonus", "hand-penalty"],
        "Seat 1 took the second fi by discarding and waits; seat 2 goes out before seat 1 plays "
        "again. Team 1 still earns 10 for the fi, and its eleven cards (11) count against it.",
        play(
            "5D",
            FI_CARDS,
            "8C",
            "3C",
            melds=[[CANASTA], ["10C 10D 10S"]],
            fi_takers=[0, 1],
            fi_waiting=[1],
            turn=2,
        ),
        ok(disc("8C")),
        score(parts(10, 7, 20, 10, -0.5), parts(10, 3, 0, 0, -11.5)),
    )
    book.add(
        "scoring/unplayed-fi-when-the-stock-runs-out",
        ["fi-unplayed", "stock-exhaustion", "fi-bonus", "hand-score-fi-351"],
        "Seat 0 has drawn the last card of the stock and discards its last card: it takes the "
        "second fi, and the hand ends before it can play it. The fi still earns 10, and its "
        "eleven cards (11) count against team 0 with seat 2's 3 of clubs: 10 + 7 + 20 - 11.5.",
        play(
            "4C",
            "5D",
            "3C",
            "7D 8D",
            melds=[[CANASTA], ["10C 10D 10S"]],
            fi=[FI_CARDS],
            fi_takers=[1],
            stock_size=0,
        ),
        ok(disc("4C")),
        facts(hand_over=True, fi_taken=[1, 1]),
        score(parts(10, 7, 20, 0, -11.5), parts(10, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/stock-out-no-going-out-bonus",
        ["stock-exhaustion", "hand-score-fi-351"],
        "The stock runs out after seat 0 draws the 3 of hearts and discards the king: nobody "
        "goes out. Team 0: fi 10, cards 7, canasta 20, hands 5D 3H (1) and 3C 4C (1): 35.",
        state(
            hands=["5D KD", "6D", "3C 4C", "7D 8D"],
            melds=table,
            stock_top="3H",
            stock_size=1,
            **both,
        ),
        ok(DRAW, disc("KD")),
        score(parts(10, 7, 20, 0, -2), parts(10, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/going-out-by-laying-off",
        ["hand-score-fi-351", "going-out"],
        "Seat 2 lays off its last 9 on the team's canasta and goes out: the 9 counts among the "
        "cards (8), going out 10.",
        play(
            "3C",
            "5D",
            "9C",
            "7D 8D",
            melds=[["9S 9H 9D 9S 9H 9D 9C"], ["10C 10D 10S"]],
            turn=2,
            **both,
        ),
        ok(lay(0, "9C")),
        score(parts(10, 8, 20, 10, -0.5), parts(10, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/going-out-without-a-fi",
        ["hand-score-fi-351", "fi-bonus", "going-out"],
        "Team 1 took both fi, team 0 goes out: team 0 earns no fi bonus but 10 for going out.",
        play("8C", "5D", "3C 4C", "7D 8D", melds=table, fi_takers=[1, 3]),
        ok(disc("8C")),
        score(parts(0, 7, 20, 10, -1), parts(20, 3, 0, 0, -2)),
    )
    book.add(
        "scoring/melded-cards-with-a-wild",
        ["meld-points", "hand-score-fi-351"],
        "Team 1's run 4-5-6-joker-8 of hearts counts 1.5 + 2 + 1 = 4.5 beside its canasta (7).",
        play(
            "5D",
            "KC",
            "3C 4C",
            "7D 8D",
            melds=[["10C 10D 10S"], [CANASTA, "4H 5H 6H JK 8H"]],
            turn=1,
            **both,
        ),
        ok(disc("KC")),
        score(parts(10, 3, 0, 0, -1.5), parts(10, 11.5, 20, 10, -1.5)),
    )
    book.add(
        "scoring/aces-count-one-and-a-half",
        ["card-points-koz", "hand-penalty", "meld-points"],
        "Team 1 has a set of three aces (4.5) on the table and an ace left in seat 3's hand "
        "(-1.5).",
        play("8C", "5D", "3C 4C", "AC", melds=[[CANASTA], ["AD AH AS"]], **both),
        ok(disc("8C")),
        score(parts(10, 7, 20, 10, -1), parts(10, 4.5, 0, 0, -2)),
    )
    for seat, partner in ((2, 0), (1, 3)):
        team = seat % 2
        mine = parts(10, 7, 20, 10, -2)
        theirs = parts(10, 3, 0, 0, -2)
        layout = {seat: "8C", partner: "AC 5H", (seat + 1) % 4: "3D 4D", (seat + 3) % 4: "KS"}
        book.add(
            f"scoring/going-out-seat-{seat}",
            ["hand-score-fi-351", "hand-penalty", "going-out"],
            f"Seat {seat} goes out; its partner, seat {partner}, still holds AC and 5H, which "
            f"cost team {team} 2 points: fi 10, cards 7, clean canasta 20, going out 10, hand "
            "-2. The other team has its set of 10s (3) and loses 3D 4D and KS (2).",
            play(
                *[layout[s] for s in range(4)],
                melds=[[CANASTA], ["10C 10D 10S"]] if team == 0 else [["10C 10D 10S"], [CANASTA]],
                turn=seat,
                **both,
            ),
            ok(disc("8C")),
            score(mine, theirs) if team == 0 else score(theirs, mine),
        )
    book.add(
        "scoring/three-players",
        ["hand-score-fi-351", "players-fi-351"],
        "Three players, each a team: seat 1 goes out with its canasta; seat 0 holds KD (1), "
        "seat 2 holds 3C 4C (1) beside its set of 10s (3).",
        play(
            "KD",
            "8C",
            "3C 4C",
            features=THREE,
            melds=[[], [CANASTA], ["10C 10D 10S"]],
            fi_takers=[1, 2],
            turn=1,
        ),
        ok(disc("8C")),
        score(parts(0, 0, 0, 0, -1), parts(10, 7, 20, 10, 0), parts(10, 3, 0, 0, -1)),
        features=THREE,
    )
    book.add(
        "scoring/two-players",
        ["hand-score-fi-351", "players-fi-351"],
        "Two players: seat 0 goes out; seat 1 holds 7D 8D (1.5) only for itself.",
        play("8C", "7D 8D", features=TWO, melds=table, **both),
        ok(disc("8C")),
        score(parts(10, 7, 20, 10, 0), parts(10, 3, 0, 0, -1.5)),
        features=TWO,
    )
    book.add(
        "scoring/the-555-option-scores-alike",
        ["hand-score-fi-351", "profile-options"],
        "Played to 555, a hand scores exactly as in the game to 351.",
        play("8C", "5D", "3C 4C", "7D 8D", melds=table, **both),
        ok(disc("8C")),
        score(parts(10, 7, 20, 10, -1), parts(10, 3, 0, 0, -2)),
        features=("target-555",),
    )
    book.add(
        "scoring/team-scores-before-the-hand-unchanged",
        ["hand-score-fi-351", "game-hands"],
        "The totals before the hand (200.5 and 349) do not enter the hand score.",
        play("8C", "5D", "3C 4C", "7D 8D", melds=table, team_scores=["200.5", 349], **both),
        ok(disc("8C")),
        facts(team_scores=[200.5, 349]),
        score(parts(10, 7, 20, 10, -1), parts(10, 3, 0, 0, -2)),
    )


# --------------------------------------------------------------------------- chapter 11


def count_fixtures(book: Book) -> None:
    book.add(
        "count/draw-take-or-pass",
        ["legal-action-count", "pass-by-showing"],
        "Draw phase, a pile whose top card seat 0 holds: draw, take the pile or pass: 3.",
        state(hands=["8C 5D"], discard="3S 8C"),
        count(3),
    )
    book.add(
        "count/draw-or-take-without-the-card",
        ["legal-action-count", "pass-by-showing"],
        "Draw phase, seat 1 does not hold the top card: draw or take the pile: 2.",
        state(hands=[None, "8D 5D"], discard="8C", turn=1),
        count(2),
    )
    book.add(
        "count/one-pass-action",
        ["legal-action-count", "card-identity", "pass-by-showing"],
        "The top card is the queen of spades; seat 2 holds the other copy and the queen of "
        "hearts: draw, take the pile, or pass (one action): 3.",
        state(hands=[None, None, "QS QH"], discard="4D QS", turn=2),
        count(3),
    )
    book.add(
        "count/depth-two-after-a-pass",
        ["legal-action-count", "pass-by-showing"],
        "At depth 2: seat 0 may draw (then discard one of 3 distinct cards: 3), take the pile "
        "(then 8C twice and 5D: 2 distinct discards) or pass (then seat 1 may draw or take: "
        "2): 7.",
        state(hands=["8C 5D", "6H 7H"], discard="8C", stock_top="KS"),
        count(7, depth=2),
    )
    book.add(
        "count/last-card-without-a-canasta",
        ["legal-action-count", "turn-must-finish", "emptying-needs-canasta"],
        "Seat 0 holds 8C and 8D beside its team's set of 8s, without a canasta: laying off "
        "either 8 would leave one card no legal way to go; laying off both would empty the "
        "hand. Only the two discards are legal: 2.",
        play("8C 8D", melds=[["8H 8S 8H"], []]),
        count(2),
    )
    book.add(
        "count/opening-not-yet-made",
        ["legal-action-count", "opening-provisional", "opening-two-melds"],
        "Seat 1 holds 4-5-6 of clubs and KD QD; its team has not opened. The run may be laid "
        "as a provisional meld (1), and any of the five cards discarded (5): 6.",
        play(None, "4C 5C 6C KD QD", turn=1),
        count(6),
    )
    book.add(
        "count/provisional-one-meld",
        ["legal-action-count", "opening-two-melds", "opening-take-back"],
        "After laying one provisional meld, seat 1 with KD and QD left may not discard (one "
        "meld is no opening); it may take the meld back: 1.",
        play(None, "4C 5C 6C KD QD", turn=1),
        ok(meld("4C 5C 6C")),
        count(1),
    )
    book.add(
        "count/three-players-draw-phase",
        ["legal-action-count", "players-fi-351", "pass-by-showing"],
        "Three players: seat 2 may draw, take the pile or pass: 3.",
        state(THREE, hands=[None, None, "JD 4S"], discard="JD", turn=2),
        count(3),
        features=THREE,
    )
    book.add(
        "count/discards-listed-after-a-provisional-opening-seat-3",
        [
            "legal-action-count",
            "discard-ends-turn",
            "opening-provisional",
            "opening-take-back",
            "opening-two-melds",
        ],
        "Seat 3 (team 1, not opened) lays the run 3-4-5 of hearts and three 8s: two melds, "
        "one a run of three naturals, so the provisional opening qualifies and each of the "
        "two cards left (KC, 4D) may be discarded; the melds may also be taken back. No meld "
        "or lay-off fits the two cards: 3.",
        play(*seat_hands(3, "3H 4H 5H 8C 8D 8S KC 4D"), turn=3),
        ok(meld("3H 4H 5H"), meld("8C 8D 8S")),
        count(3),
    )
    book.add(
        "count/last-card-discard-listed-seat-1",
        ["legal-action-count", "discard-ends-turn", "emptying-by-discard"],
        "Seat 1 (team 1, opened, a canasta on the table) holds only the 7 of diamonds after "
        "drawing. Discarding it empties the hand, which the canasta and a fi still left "
        "allow (the player takes the fi); no meld of 7s lies on the table: 1.",
        play(*seat_hands(1, "7D"), melds=team_melds(1, [CANASTA]), turn=1, opened=[False, True]),
        count(1),
    )


# --------------------------------------------------------------------------- the canasta kind


AT_SCORING = ("canasta-kind-at-scoring",)
"""The option of clause canasta-kind-at-forming-fi-351: the kind by the cards at scoring."""
HEARTS_WITH_TWO = "4H 5H 6H 2H 8H 9H 10H"
"""4 to 10 of hearts, the 2 of hearts standing as the 7: a dirty canasta, worth 6.5."""


def _by_team(team: int, mine: Any, theirs: Any) -> list[Any]:
    return [mine if t == team else theirs for t in range(2)]


def canasta_kind_fixtures(book: Book) -> None:
    """canasta-kind-at-forming-fi-351: both readings of the kind of a canasta that changes
    after it reached seven cards, by default and with the option canasta-kind-at-scoring."""
    for seat in range(4):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "JK KC"
        hands[(seat + 2) % 4] = "3C"
        hands[(seat + 1) % 4] = "5D"
        hands[(seat + 3) % 4] = "7D"
        for option, kind, bonus in ((False, "clean", 20), (True, "dirty", 10)):
            features = AT_SCORING if option else ()
            reading = (
                "with the option canasta-kind-at-scoring the kind follows the cards at "
                "scoring: it is dirty (10)"
                if option
                else "it keeps the kind it was formed with: clean (20)"
            )
            book.add(
                f"scoring/clean-canasta-takes-a-joker-{'at-scoring' if option else 'at-forming'}"
                f"-seat-{seat}",
                ["canasta-kind-at-forming-fi-351", "hand-score-fi-351", "canasta-clean-dirty"],
                f"Seat {seat}'s side has seven 9s, a clean canasta when it formed. The player "
                f"lays the joker off on it and goes out with the KC: {reading}. Side: fi 10, "
                f"cards 7 + 2 = 9, canasta {bonus}, going out 10, minus the partner's 3C.",
                state(
                    features,
                    hands=hands,
                    melds=_by_team(team, [CANASTA], ["10C 10D 10S"]),
                    fi_takers=[seat, (seat + 1) % 4],
                    turn=seat,
                    phase=Phase.PLAY,
                ),
                ok(lay(0, "JK")),
                facts(melds=_by_team(team, [{"canasta": kind}], [{"canasta": None}])),
                ok(disc("KC")),
                score(*_by_team(team, parts(10, 9, bonus, 10, -0.5), parts(10, 3, 0, 0, -1))),
                features=features,
            )
    for seat in (1, 2):
        team = seat % 2
        hands = [None] * 4
        hands[seat] = "3H 7H KC"
        hands[(seat + 2) % 4] = "3C"
        hands[(seat + 1) % 4] = "5D"
        hands[(seat + 3) % 4] = "7D"
        for option, kind, bonus in ((False, "dirty", 10), (True, "clean", 20)):
            features = AT_SCORING if option else ()
            reading = (
                "with the option canasta-kind-at-scoring no card of it acts as a wild any more, "
                "so it is clean (20)"
                if option
                else "it keeps the kind it was formed with: dirty (10)"
            )
            book.add(
                f"scoring/dirty-canasta-whose-two-goes-home-"
                f"{'at-scoring' if option else 'at-forming'}-seat-{seat}",
                [
                    "canasta-kind-at-forming-fi-351",
                    "run-wild-moves",
                    "natural-two-in-place",
                    "hand-score-fi-351",
                ],
                f"Seat {seat}'s side has 4-5-6-2-8-9-10 of hearts, the 2 standing as the 7: a "
                "dirty canasta. The player lays off the 3 and the 7 of hearts at once: the 7 "
                "takes its place and the 2 goes home to place 2, a natural there; then the KC "
                f"goes out. The canasta now holds no acting wild, but {reading}. Side: fi 10, "
                f"cards 7.5, canasta {bonus}, going out 10, minus the partner's 3C.",
                state(
                    features,
                    hands=hands,
                    melds=_by_team(team, [HEARTS_WITH_TWO], ["10C 10D 10S"]),
                    fi_takers=[seat, (seat + 1) % 4],
                    turn=seat,
                    phase=Phase.PLAY,
                ),
                ok(lay(0, "3H 7H")),
                facts(
                    melds=_by_team(team, [{"canasta": kind, "wild_at": None}], [{"canasta": None}])
                ),
                ok(disc("KC")),
                score(*_by_team(team, parts(10, 7.5, bonus, 10, -0.5), parts(10, 3, 0, 0, -1))),
                features=features,
            )


def build() -> dict[str, Json]:
    _seeded([(0, ()), (1, ()), (2024, ()), (18446744073709551615, ()), (1, TWO), (1, THREE)])
    book = Book("fi-351", SOURCE)
    for make in (
        canasta_fixtures,
        deal_fixtures,
        turn_fixtures,
        pass_fixtures,
        opening_fixtures,
        going_out_fixtures,
        scoring_fixtures,
        canasta_kind_fixtures,
        count_fixtures,
    ):
        make(book)
    book.add_generated(
        score_clause="hand-score-fi-351",
        playthrough_seeds=(1, 2, 3, 4, 5),
        counts=((21, 20, 1), (22, 41, 1), (23, 60, 1), (24, 15, 2), (25, 80, 1), (26, 10, 2)),
    )
    for features in (TWO, THREE, ("target-555",), AT_SCORING):
        book.add_generated(
            score_clause="hand-score-fi-351",
            playthrough_seeds=(1,),
            counts=((5, 30, 1),),
            features=features,
            folder=features[0],
        )
    return book.items


def main(argv: Sequence[str] | None = None) -> int:
    return write_fixtures(build(), argv, __doc__ or "")


_: Callable[..., object] = main

if __name__ == "__main__":
    sys.exit(main())
