"""Write the suite-strength fixtures of koz, fi-5200, fi-351 and classic (docs/strength.rst).

These scenarios close gaps that mutation testing of the reference against the suite alone
(``tools/mutation.py``) found: boundaries half a point below a threshold and with a
negative score (``boundary/``), the same rule met by the other team or seat
(``symmetry/``), and rules that only one path of the code reaches, such as a card of
another suit laid off on a run or a wild that stays put when a card joins the run at an
end (``one-door/``); for classic, a negative total carried into the next hand of a game
and aces and 2s left in hand. Every verdict, arrangement, fact and score below is stated
from the rules, not computed by the engine, except the hand scores of the hands played in
full by a seeded policy (golden values of the reference, as in gen_game_fixtures.py).

    python tools/gen_strength_fixtures.py          # write the fixtures
    python tools/gen_strength_fixtures.py --check  # exit 1 if a file would change
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from fixture_kit import (
    BACK,
    DRAW,
    OK,
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
from gen_classic_fixtures import CANASTA as CLASSIC_CANASTA
from gen_classic_fixtures import parts as classic_parts
from gen_classic_fixtures import state as classic_state
from gen_classic_fixtures import take as classic_take
from gen_fi5200_fixtures import parts as fi_parts
from gen_game_fixtures import GameBook, _clean, _number, _played, _seeded_game, play_hand
from kanasta.game import get_hand_seed
from kanasta.profiles import CLASSIC, FI_351, FI_5200, KOZ, RulesProfile, get_profile
from kanasta.scenario import build_state
from kanasta.state import Phase, get_team_count, state_to_json

KOZ_SOURCE = "seed 001"
FI_SOURCE = "seed 000 (part 1)"
FI351_SOURCE = "seed 000 (part 2)"

FI_CANASTA = "9S 9H 9D 9C 9S 9H 9D"
"""Seven 9s: a full fi-5200 canasta (200), worth 70 in cards."""


def state(profile: RulesProfile, **kwargs: Any) -> Json:
    """A complete state (fixture ``setup.state``) from the cards that matter."""
    return state_to_json(build_state(profile, **kwargs))


def run(suit: str, low: int, text: str) -> Json:
    return {"kind": "run", "suit": suit, "low": low, "cards": cards(text)}


def meld_step(
    text: str,
    expect: Json,
    *,
    wild_at: int | None = None,
    lay_offs: Sequence[str] = (),
) -> Json:
    """A stateless meld step: ``text`` as a new meld, then each lay-off batch in order."""
    step: Json = {"kind": "meld", "cards": cards(text)}
    if wild_at is not None:
        step["wild_at"] = wild_at
    if lay_offs:
        step["lay_offs"] = [{"cards": cards(b)} for b in lay_offs]
    step["expect"] = expect
    return step


def add_meld(book: Book, ident: str, clauses: Sequence[str], description: str, step: Json) -> None:
    """A stateless fixture (no setup): one meld step."""
    full = f"{book.variant}/{ident}"
    if full in book.items:
        raise SystemExit(f"duplicate fixture id {full}")
    book.items[full] = {
        "id": full,
        "variant": book.variant,
        "clauses": list(clauses),
        "description": description,
        "source": book.source,
        "steps": [step],
    }


def legal(arrangement: Json, points: float) -> Json:
    return {
        "verdict": "legal",
        "arrangement": arrangement,
        "points": points,
        "canasta": None,
        "bonus": 0,
    }


def refused(clause: str, code: str, at: int | None = None) -> Json:
    out: Json = {"verdict": "rejected", "code": code, "clause": clause}
    if at is not None:
        out["at"] = at
    return out


# --------------------------------------------------------------------------- both families


def own_two_never_wild_at_two(book: Book) -> None:
    """natural-two-in-place: the run's own 2 in its own place is a natural, never the wild
    standing there (for two suits: only diamonds and spades showed a wrong suit formula)."""
    for suit, name in (("S", "spades"), ("D", "diamonds")):
        add_meld(
            book,
            f"one-door/own-two-as-wild-never-at-two-{name}",
            ["natural-two-in-place", "run-wild-placement"],
            f"2-3-4-5 of {name}: the 2 of the run's suit standing in its own place is a "
            "natural, so as a wild it cannot stand there; asked to put the wild at 2, the "
            "meld is refused (the wild could only stand at 6).",
            meld_step(
                f"2{suit} 3{suit} 4{suit} 5{suit}",
                refused("run-wild-placement", "no-such-arrangement"),
                wild_at=2,
            ),
        )


HEARTS_A_TO_K = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
"""Thirteen hearts, the ace to the king: a run that leaves a wild no place inside it."""


def fi351_thirteen_naturals_set_the_wild_aside(book: Book) -> None:
    """wild-spare-outside (fi-351): thirteen naturals of a suit leave the wild no place,
    whether the ace is read low or high (not below the 2 when it stands high): it stands
    aside."""
    add_meld(
        book,
        "one-door/thirteen-from-the-two-take-the-wild-aside",
        ["wild-spare-outside", "run-ace-position", "canasta-kind-at-forming-fi-351"],
        "The ace to the king of hearts with a joker: thirteen naturals, the 2 in its own "
        "place. Read with the ace low (A to K) or high (2 to A), the run leaves the joker no "
        "place (with the ace high, place 1 below the 2 is the ace's own, not a free one), so "
        "it stands aside; the run is shown with the ace low. 1.5 + 2 + 5 x 0.5 + 6 x 1 + 2 "
        "= 14 points, a dirty canasta (10).",
        meld_step(
            f"{HEARTS_A_TO_K} JK",
            {
                "verdict": "legal",
                "arrangement": {**run("H", 1, HEARTS_A_TO_K), "spare": ["JK"]},
                "points": 14,
                "canasta": "dirty",
                "bonus": 10,
            },
        ),
    )


def fresh_9001_fi351_wild_places(fi351: Book) -> None:
    """The per-family gaps of fi-351 in the fresh sample of seed 9001 (the places a run's
    wild may take, pinned until then only by koz's and fi-5200's fixtures)."""
    own_two_never_wild_at_two(fi351)
    fi351_thirteen_naturals_set_the_wild_aside(fi351)


def one_door(book: Book, points: dict[str, float]) -> None:
    """Paths only one door leads to: lay-offs that meet a rule otherwise met by new melds."""
    family = book.variant
    add_meld(
        book,
        "one-door/ace-of-another-suit-laid-off-on-a-run",
        ["lay-off", "run-definition"],
        "A lay-off keeps the run in its suit, for an ace as for any card: the ace of spades "
        "does not join 3-4-5 of hearts at either end (an ace of hearts would, low).",
        meld_step("3H 4H 5H", refused("run-definition", "mixed-suits", at=1), lay_offs=["AS"]),
    )
    add_meld(
        book,
        "one-door/two-jokers-in-one-run",
        ["one-wild-per-meld", "run-definition"],
        "A run takes at most one wild card: 5-6-7 of hearts with two jokers is refused, "
        "whichever gaps they could fill.",
        meld_step("5H 6H 7H JK JK", refused("one-wild-per-meld", "too-many-wilds")),
    )
    pair = "5H 5H JK JK" if family == "koz" else "8C 8C 2D JK"
    add_meld(
        book,
        "one-door/two-equal-naturals-and-two-wilds",
        ["one-wild-per-meld"],
        f"{pair}: two naturals of one rank and one suit with two wild cards. Neither a set "
        "(two wilds) nor a run (the same card twice); the refusal names the set's fault, "
        "one wild card at most.",
        meld_step(pair, refused("one-wild-per-meld", "too-many-wilds")),
    )
    own_two_never_wild_at_two(book)
    add_meld(
        book,
        "one-door/wild-at-the-top-stays-when-a-card-joins-below",
        ["lay-off", "run-wild-moves"],
        "The wild stands at the top of 5-8 of spades (as the 9); the 4 laid off below joins "
        "the run and the joker stays where it stands.",
        meld_step(
            "5S 6S 7S 8S JK",
            legal(run("S", 4, "4S 5S 6S 7S 8S JK"), points["4S-8S+JK"]),
            wild_at=9,
            lay_offs=["4S"],
        ),
    )
    add_meld(
        book,
        "one-door/wild-at-the-bottom-stays-when-a-card-joins-above",
        ["lay-off", "run-wild-moves"],
        "The wild stands at the bottom of 5-8 of spades (as the 4); the 9 laid off above "
        "joins the run and the joker stays the 4.",
        meld_step(
            "5S 6S 7S 8S JK",
            legal(run("S", 4, "JK 5S 6S 7S 8S 9S"), points["JK+5S-9S"]),
            wild_at=4,
            lay_offs=["9S"],
        ),
    )
    displaced = {
        "kind": "meld",
        "cards": cards("3H 4H 5H 2H 7H"),
        "wild_at": 6,
        "lay_offs": [{"cards": ["6H"], "wild_at": 8}],
        "expect": refused("run-wild-moves", "no-such-arrangement", at=1),
    }
    add_meld(
        book,
        "one-door/displaced-two-goes-home-not-to-an-end",
        ["run-wild-moves", "natural-two-in-place", "lay-off"],
        "The 2 of hearts stands as the 6 in 3-7 of hearts. When the 6 is laid off, the 2 "
        "goes to its own place, which joins the run (2-7, all natural); it may not move to "
        "the free end instead, so asking for the 8 is refused.",
        meld_step(
            "3H 4H 5H 2H 7H",
            legal(run("H", 2, "2H 3H 4H 5H 6H 7H"), points["2H-7H"]),
            wild_at=6,
            lay_offs=["6H"],
        ),
    )
    book.items[f"{family}/one-door/displaced-two-goes-home-not-to-an-end"]["steps"].append(
        displaced
    )
    if family == "koz":
        why = (
            "With the 6 laid off, the 2 could only serve as the wild 5 (3-4-[2]-6), which "
            "would move a natural from its place: the lay-off is refused."
        )
        verdict = refused("lay-off", "does-not-fit", at=1)
    else:
        why = (
            "With the 6 laid off, the 2 could only serve as the wild 5, which needs three "
            "consecutive naturals beside it (3-4 are two) and would move a natural from its "
            "place; standing as itself, 2-3-4 and 6 are not consecutive: refused."
        )
        verdict = refused("run-definition", "not-consecutive", at=1)
    add_meld(
        book,
        "one-door/natural-two-keeps-its-place-in-a-lay-off",
        ["natural-two-in-place", "lay-off", "run-definition"],
        "2-3-4 of hearts: the 2 stands in its own place as a natural (the arrangement that "
        f"needs no wild is chosen). {why}",
        meld_step("2H 3H 4H", verdict, lay_offs=["6H"]),
    )
    profile = KOZ if family == "koz" else FI_5200
    book.add(
        "one-door/lay-off-on-a-meld-past-the-table",
        ["lay-off-own-team"],
        "A lay-off names one of the own team's melds: seat 1's team has one meld (index 0), "
        "so a lay-off on meld 3 is refused and changes nothing.",
        state(
            profile,
            hands=[None, "5D 6D 7D 8D KC"],
            melds=[[], ["8C 8H 8S"]],
            turn=1,
            phase=Phase.PLAY,
        ),
        acts((lay(3, "8D"), no("lay-off-own-team", "no-such-meld"))),
        facts(hand_sizes=[11, 5, 11, 11]),
    )


# --------------------------------------------------------------------------- koz


KOZ_CANASTA = "9S 9H 9D 9C 9S 9H 9D"
"""Seven 9s: a clean koz canasta, so that the team may empty its hands."""


def koz_one_door(book: Book) -> None:
    """The one-card-pile card is still barred after a fi taken within the same turn."""
    fi = "QD 3C 4C 5C 6C 7C 8C 10C JC KC KD"
    book.add(
        "one-door/fi-taken-in-the-turn-keeps-the-pile-card-barred",
        ["single-pile-no-discard-back", "fi-continue", "card-identity"],
        "Seat 0 takes a one-card pile (QD), melds it with two queens and melds 4-5-6 of "
        "hearts: the hand is empty, so it takes the first fi and plays on in the same turn. "
        "The fi holds the other QD, which is the same card: it may not be discarded this "
        "turn, the KD may.",
        state(
            KOZ,
            hands=["QS QH 4H 5H 6H"],
            discard="QD",
            melds=[[KOZ_CANASTA]],
            fi=[fi, "3D 4D 5D 6D 7D 8D 10D JD 4S 5S 6S"],
        ),
        ok({"type": "take-pile"}, meld("QS QH QD"), meld("4H 5H 6H")),
        facts(turn=0, phase="play", hand_sizes=[11, 11, 11, 11], fi_taken=[1, 0]),
        acts((disc("QD"), no("single-pile-no-discard-back", "discard-taken-card"))),
        acts((disc("KD"), OK)),
        facts(turn=1, discard_top="KD"),
    )


def koz_boundaries(book: Book) -> None:
    """koz points come in halves: each band refuses an opening half a point short of it."""
    cases = (
        # (id, seat, own score, hand melds, total, threshold, clauses)
        ("0-four-points", 1, "0", ["3H 4H 5H 6H 7H", "3C 3D 3S"], "4", "4.5", ()),
        (
            "minus-50-four-points",
            2,
            "-50",
            ["3H 4H 5H 6H 7H", "3C 3D 3S"],
            "4",
            "4.5",
            ("opening-negative-score",),
        ),
        (
            "100-seven-points",
            3,
            "100",
            ["3H 4H 5H 6H 7H", "8C 8D 8S", "3C 3D 3S"],
            "7",
            "7.5",
            (),
        ),
        (
            "200-nine-and-a-half",
            0,
            "200",
            ["3H 4H 5H 6H 7H 8H", "8C 8D 8S", "KC KD KS"],
            "9.5",
            "10",
            (),
        ),
    )
    for ident, seat, own, melds, total, threshold, extra in cases:
        team = seat % 2
        scores = ["0", "0"]
        scores[team] = own
        hands: list[str | None] = [None] * 4
        hands[seat] = " ".join([*melds, "JD QD"])
        opened = [False, False]
        book.add(
            f"boundary/opening-{ident}-half-a-point-short",
            ["opening-bands", "opening-threshold", "opening-checked-at-discard", *extra],
            f"Seat {seat} (team {team}, score {own}) lays {' + '.join(melds)}: {total} points, "
            f"half a point below the threshold {threshold} of its band. The opening is short: "
            "the discard is refused and the team stays unopened.",
            state(
                KOZ,
                hands=hands,
                turn=seat,
                phase=Phase.PLAY,
                team_scores=scores,
            ),
            ok(*(meld(m) for m in melds)),
            acts((disc("JD"), no("opening-threshold", "below-threshold"))),
            facts(opened=opened, turn=seat),
        )
    book.add(
        "boundary/opening-minus-150-exactly-4-5",
        ["opening-bands", "opening-negative-score", "opening-threshold-inclusive"],
        "A negative score keeps the lowest band's requirement, and reaching it is enough: "
        "seat 3 (team 1, score -150) lays 3-4-5 of hearts (1.5) and three 8s (3), exactly "
        "4.5, and the discard opens the team.",
        state(
            KOZ,
            hands=[None, None, None, "3H 4H 5H 8C 8D 8S JD QD"],
            turn=3,
            phase=Phase.PLAY,
            team_scores=["0", "-150"],
        ),
        ok(meld("3H 4H 5H"), meld("8C 8D 8S"), disc("JD")),
        facts(opened=[False, True], turn=0),
    )


def koz_no_forced_opening(book: Book) -> None:
    """koz forces no canasta opening: a team the others took both fi from opens as usual."""
    book.add(
        "symmetry/no-forced-opening-after-both-fi",
        ["opening-threshold", "opening-checked-at-discard"],
        "Team 1 took both fi (seats 1 and 3) before team 0 opened. koz has no forced "
        "opening: seat 2 opens with 3-4-5 of hearts and three 8s, exactly 4.5, without a "
        "canasta, and the discard opens team 0.",
        state(
            KOZ,
            hands=[None, None, "3H 4H 5H 8C 8D 8S JD QD"],
            melds=[[], [KOZ_CANASTA]],
            fi_takers=[1, 3],
            turn=2,
            phase=Phase.PLAY,
        ),
        ok(meld("3H 4H 5H"), meld("8C 8D 8S"), disc("JD")),
        facts(opened=[True, True], turn=3),
    )


# --------------------------------------------------------------------------- fi-5200


def fi_symmetry(book: Book) -> None:
    """The forced opening and the penalties, met by team 0 (the suite had them for team 1)."""
    forced: dict[str, Any] = {"melds": [[], [FI_CANASTA]], "fi_takers": [1, 3]}
    book.add(
        "symmetry/team-0-forced-45-is-not-enough",
        ["forced-canasta-opening", "forced-canasta-trigger"],
        "Team 1 took both fi before team 0 opened: team 0 is forced. Seat 2's 4-5-6 of hearts "
        "and three 8s (45) would open an unforced team; they do not open team 0.",
        state(
            FI_5200,
            hands=[None, None, "4H 5H 6H 8C 8D 8S KC"],
            turn=2,
            phase=Phase.PLAY,
            **forced,
        ),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S")),
        acts((disc("KC"), no("forced-canasta-opening", "no-canasta-opening"))),
        facts(opened=[False, True]),
    )
    book.add(
        "symmetry/team-0-forced-opens-with-a-half-canasta",
        ["forced-canasta-opening", "canasta-half-full"],
        "Team 0, forced, opens with six 7s and a wild 2 (a half canasta) at seat 0, without a "
        "run and below 45 in any other reckoning.",
        state(
            FI_5200,
            hands=["7C 7C 7D 7D 7H 7H 2S KC QD"],
            turn=0,
            phase=Phase.PLAY,
            **forced,
        ),
        ok(meld("7C 7C 7D 7D 7H 7H 2S"), disc("KC")),
        facts(opened=[True, True], melds=[[{"canasta": "half"}], [{"canasta": "full"}]]),
    )
    book.add(
        "symmetry/team-0-pays-no-fi-minus-100",
        ["no-fi-penalty", "hand-score-fi-5200"],
        "Team 1 took both fi and seat 1 goes out; team 0 (opened with three 10s) took none and "
        "pays -100. Team 0 holds 7-8 and 5-6 of diamonds (25).",
        state(
            FI_5200,
            hands=["7D 8D", "8C", "5D 6D", "3C 4C"],
            melds=[["10C 10D 10S"], [FI_CANASTA]],
            seat_opened=[True, True, False, False],
            fi_takers=[1, 3],
            turn=1,
            phase=Phase.PLAY,
        ),
        ok(disc("8C")),
        score(fi_parts(0, 0, 0, 30, -25, -100), fi_parts(200, 200, 50, 70, -10)),
    )
    book.add(
        "symmetry/team-0-forced-never-opened-600",
        ["forced-opening-penalty", "forced-canasta-opening", "no-fi-penalty"],
        "Team 1 took both fi and seat 3 goes out while team 0, forced, never opened: team 0 "
        "pays -600 (and not -100 as well).",
        state(
            FI_5200,
            hands=["7D 8D", "3C 4C", "5D 6D", "8C"],
            melds=[[], [FI_CANASTA]],
            fi_takers=[1, 3],
            turn=3,
            phase=Phase.PLAY,
        ),
        ok(disc("8C")),
        score(fi_parts(0, 0, 0, 0, -25, -600), fi_parts(200, 200, 50, 70, -10)),
    )


def fi_one_door(book: Book) -> None:
    """After a fi taken by discarding, the next player starts with nothing provisional."""
    book.add(
        "one-door/after-a-fi-by-discarding-nothing-to-take-back",
        ["opening-take-back", "emptying-by-discard", "turn-passes", "opening-personal"],
        "Seat 0 discards its last card and takes the first fi; the turn passes to seat 1, "
        "who has not opened (its partner, seat 3, has: three 10s). Seat 1 draws and has "
        "laid nothing this turn, so there is nothing to take back: the partner's meld stays.",
        state(
            FI_5200,
            hands=["KC"],
            melds=[[FI_CANASTA], ["10C 10D 10S"]],
            seat_opened=[True, False, False, True],
            stock_top="5D",
            turn=0,
            phase=Phase.PLAY,
        ),
        ok(disc("KC")),
        facts(turn=1, phase="draw", fi_taken=[1, 0], hand_sizes=[11, 11, 11, 11]),
        ok({"type": "draw"}),
        acts(({"type": "take-back"}, no("opening-take-back", "nothing-to-take-back"))),
        facts(
            hand_sizes=[11, 12, 11, 11],
            melds=[
                [{"canasta": "full"}],
                [{"arrangement": {"kind": "set", "rank": "10", "cards": cards("10C 10D 10S")}}],
            ],
        ),
    )


def fi_more(book: Book) -> None:
    """A fi taken by melding ends the provisional opening; a wild set aside is still a wild."""
    book.add(
        "one-door/fi-by-melding-leaves-nothing-to-take-back",
        ["opening-take-back", "fi-continue", "opening-personal"],
        "Seat 2 opens with 4-5-6 of hearts and three 8s (45) and melds 10-10-joker with its "
        "last cards: the hand is empty, so it takes the first fi and plays on. Its opening "
        "stands: there is nothing to take back any more.",
        state(
            FI_5200,
            hands=[None, None, "4H 5H 6H 8C 8D 8S 10C 10D JK"],
            turn=2,
            phase=Phase.PLAY,
        ),
        ok(meld("4H 5H 6H"), meld("8C 8D 8S"), meld("10C 10D JK")),
        facts(turn=2, phase="play", opened=[True, False], fi_taken=[1, 0]),
        acts(({"type": "take-back"}, no("opening-take-back", "nothing-to-take-back"))),
        facts(hand_sizes=[11, 11, 11, 11]),
    )
    book.add(
        "one-door/run-with-a-wild-aside-is-not-wild-free",
        ["wild-spare-outside", "opening-lower-band"],
        "Ace to king of clubs with the joker set aside (thirteen naturals leave the wild no "
        "place) still holds a wild card: below 900 it neither counts toward the 45 nor is "
        "the wild-free run an opening needs, so seat 1's discard is refused.",
        state(
            FI_5200,
            hands=[None, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK QD 5D"],
            turn=1,
            phase=Phase.PLAY,
        ),
        ok(meld("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK")),
        acts((disc("QD"), no("opening-lower-band", "no-clean-run"))),
        facts(opened=[False, False]),
    )


LARGEST_SEED = 2**64 - 1


def largest_game_seed(variant: str, source: str, profile: RulesProfile, policy: str) -> Json:
    """A one-hand game from the largest seed: its hand seed is the first SplitMix64 output
    of 2**64 - 1 itself (a seed reduced by ``% 2**64 - 1`` would start from 0). The hand is
    played as ``tools/gen_game_fixtures.py`` plays its seeded games (golden hand scores)."""
    games = GameBook(variant, source)
    _seeded_game(games, profile, game_seed=LARGEST_SEED, first_dealer=1, policy=policy, hands=1)
    ((_, data),) = games.items.items()
    ident = f"{variant}/boundary/game-from-the-largest-seed"
    data["id"] = ident
    data["description"] = (
        f"A {variant} game with the largest seed, 2^64 - 1, and seat 1 dealing first: its "
        "first hand is dealt from the first SplitMix64 output of that seed (clause "
        "game-record) and played in full (actions chosen by a seeded policy; the hand "
        "scores are golden values of the reference). An implementation without the "
        "seeded shuffle may answer it unsupported."
    )
    return {ident: data}


def fi_first_fi_team_discards(book: Book) -> None:
    """In fi-5200 the team that took the first fi may empty its hand by a discard too."""
    book.add(
        "symmetry/first-fi-team-takes-the-second-fi-by-discarding",
        ["emptying-by-discard", "fi-unplayed-fi-5200"],
        "Seat 1 took the first fi. Its partner, seat 3, discards its last card while a fi is "
        "left: fi-5200 bars no team from emptying its hand by a discard, so seat 3 takes the "
        "second fi and the turn passes to seat 0.",
        state(
            FI_5200,
            hands=[None, None, None, "KC"],
            melds=[["10C 10D 10S"], [FI_CANASTA]],
            seat_opened=[True, True, False, True],
            fi=["3D 4D 5D 6D 7D 8D 8D 10D JD QD KD"],
            fi_takers=[1],
            turn=3,
            phase=Phase.PLAY,
        ),
        ok(disc("KC")),
        facts(turn=0, fi_left=0, fi_taken=[0, 2]),
    )


def fi_two_waiting(book: Book) -> None:
    """Two seats wait with a fi taken by discarding: only the one whose turn begins plays it."""
    spades = "3S 4S 5S 6S 7S 8S 8S 10S JS QS KS"
    diamonds = "3D 4D 5D 6D 7D 8D 8D 10D JD QD KD"
    book.add(
        "symmetry/two-fi-waiting-only-the-next-seat-plays-its-fi",
        ["fi-unplayed-fi-5200", "emptying-by-discard", "stock-exhaustion", "no-fi-penalty"],
        "Seat 3 took the first fi by discarding and waits for its turn. Seat 2 discards its "
        "last card and takes the second fi; seat 3's turn begins (its fi is played), then "
        "seat 3 draws the last card of the stock and discards, and the hand is over before "
        "seat 2 plays again. Seat 2's fi is unplayed: it counts nothing for team 0 (no bonus, "
        "no cards, no penalty). Team 1 scores its fi (100) and pays seat 3's eleven spades "
        "(85) and seat 1's 6-7 (10).",
        state(
            FI_5200,
            hands=["4C 5C", "6D 7D", "KC", spades],
            melds=[[FI_CANASTA], ["10C 10D 10S"]],
            fi=[diamonds],
            fi_takers=[3],
            fi_waiting=[3],
            stock_top="5H",
            stock_size=1,
            turn=2,
            phase=Phase.PLAY,
        ),
        ok(disc("KC")),
        facts(turn=3, phase="draw", fi_left=0, fi_taken=[1, 1]),
        ok({"type": "draw"}, disc("5H")),
        facts(hand_over=True),
        score(fi_parts(200, 0, 0, 70, -10), fi_parts(0, 100, 0, 30, -95)),
    )
    book.add(
        "symmetry/two-fi-waiting-the-other-way-round",
        ["fi-unplayed-fi-5200", "emptying-by-discard", "stock-exhaustion", "no-fi-penalty"],
        "The same with the teams and seats turned: seat 0 took the first fi by discarding, "
        "seat 3 discards its last card and takes the second; seat 0's turn begins, it draws "
        "the last card and discards, and the hand is over. Seat 3's fi is unplayed and counts "
        "nothing for team 1; team 0 scores its fi (100) and pays seat 0's eleven spades (85) "
        "and seat 2's 6-7 (10).",
        state(
            FI_5200,
            hands=[spades, "4C 5C", "6D 7D", "KC"],
            melds=[["10C 10D 10S"], [FI_CANASTA]],
            fi=[diamonds],
            fi_takers=[0],
            fi_waiting=[0],
            stock_top="5H",
            stock_size=1,
            turn=3,
            phase=Phase.PLAY,
        ),
        ok(disc("KC")),
        facts(turn=0, phase="draw", fi_left=0, fi_taken=[1, 1]),
        ok({"type": "draw"}, disc("5H")),
        facts(hand_over=True),
        score(fi_parts(0, 100, 0, 30, -95), fi_parts(200, 0, 0, 70, -10)),
    )


CLASSIC_SOURCE = "seed 002"


CarriedCase = tuple[int, list[float], int, int, str]
"""(the team the first hand's totals concern, that given hand's scores, the first dealer,
the deal seed of the played second hand, how that team opens in it)."""


def carried_band_games(
    profile: RulesProfile,
    source: str,
    name: str,
    cases: Sequence[CarriedCase],
    describe: Callable[[int, int, int, str], str],
    clauses: Sequence[str],
) -> dict[str, Json]:
    """Games whose first hand (given) moves a team to another opening band: the second hand,
    dealt from a seed and played by a seeded greedy policy, opens that team in a way only
    the running total allows (golden hand scores of the reference). ``describe`` gets the
    team, the second hand's dealer, the seat that plays first and how the team opens."""
    variant = profile.family.value
    games = GameBook(variant, source)
    out: dict[str, Json] = {}
    for team, fixed, first_dealer, deal_seed, opening in cases:
        dealer = (first_dealer + 1) % profile.players
        played = play_hand(profile, deal_seed, dealer, fixed, deal_seed, "greedy")
        ident = f"{name}-team-{team}"
        _played(
            games,
            ident,
            describe(team, dealer, (dealer + 1) % profile.players, opening),
            first_dealer=first_dealer,
            fixed=[fixed],
            played=[played],
            clauses=clauses,
        )
        ((_, data),) = games.items.items()
        games.items.clear()
        full = f"{variant}/boundary/{ident}"
        data["id"] = full
        out[full] = data
    return out


def classic_carried_band() -> dict[str, Json]:
    """A game whose first hand leaves one team below zero: the next hand's opening minimum
    is then 15 for that team, not 50 (the running total is the score the band is read
    from)."""

    def describe(team: int, dealer: int, seat: int, opening: str) -> str:
        return (
            f"The first hand (given) leaves team {team} at -200 and the other at 120. The "
            f"second hand is dealt by seat {dealer} and played in full from an explicit deal "
            f"(the actions were chosen by a seeded greedy policy): seat {seat}, of team "
            f"{team}, opens with melds worth {opening}, below 50 and at least 15, which a "
            "negative total allows. An engine that starts the hand from 0 instead of the "
            "running totals refuses that discard. The played hand's scores are golden values "
            "of the reference."
        )

    return carried_band_games(
        CLASSIC,
        CLASSIC_SOURCE,
        "negative-total-opens-at-15",
        ((0, [-200, 120], 0, 10, "40"), (1, [120, -200], 3, 9, "15, exactly the minimum")),
        describe,
        ["classic-opening-minimum", "game-hands", "dealer-rotation"],
    )


_UPPER_BAND_OPENING = (
    "worth 90 or more, among them a clean run, but less than 45 without the melds that hold "
    "a wild card"
)


def fi_carried_band() -> dict[str, Json]:
    """fi-5200: a game whose first hand takes one team to 1000: in the next hand that team
    is in the upper band, where melds with a wild count toward its 90 (a gap of the fresh
    samples of seeds 9001 and 9002: an engine that deals a game's hands from 0 instead of
    the running totals passed every fixture)."""

    def describe(team: int, dealer: int, seat: int, opening: str) -> str:
        return (
            f"The first hand (given) takes team {team} to 1000 and the other to 120. The "
            f"second hand is dealt by seat {dealer} (seat {seat} plays first) and played in "
            "full from an explicit deal (the actions were chosen by a seeded greedy policy): "
            f"a player of team {team} opens with melds {opening}, which the upper band of a "
            "total of 900 or more allows (90, wild melds counting). An engine that starts "
            "the hand from 0 instead of the running totals reads the lower band (45 from "
            "wild-free melds) and refuses that discard. The played hand's scores are golden "
            "values of the reference."
        )

    return carried_band_games(
        FI_5200,
        FI_SOURCE,
        "total-over-900-opens-in-the-upper-band",
        (
            (0, [1000, 120], 0, 13, _UPPER_BAND_OPENING),
            (1, [120, 1000], 2, 2, _UPPER_BAND_OPENING),
        ),
        describe,
        ["opening-bands-fi-5200", "opening-upper-band", "game-hands", "dealer-rotation"],
    )


def classic_aces_and_twos(book: Book) -> None:
    """Aces and 2s count 20 each, on the table as in a hand (the point table of classic)."""
    for seat in (1, 2):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "9D"
        hands[(seat + 2) % 4] = "AC 2D"
        hands[(seat + 1) % 4] = "JK 8S"
        hands[(seat + 3) % 4] = "2H 4H"
        melds: list[list[str]] = [[], []]
        melds[team] = [CLASSIC_CANASTA]
        melds[1 - team] = ["AD AH AS 2C"]
        mine = classic_parts(70, 500, 0, 100, 0, -40)
        theirs = classic_parts(80, 0, 0, 0, 0, -85)
        book.add(
            f"one-door/aces-and-twos-count-20-seat-{seat}",
            ["card-points-classic", "classic-hand-score"],
            f"Seat {seat} goes out with a natural canasta of kings. Its partner holds an ace "
            "and a 2 (-40); the other side laid three aces with a wild 2 (80) and holds a "
            "joker and an 8 (-60) and a 2 and a 4 (-25). An ace or a 2 is worth 20 wherever "
            "it lies, a joker 50.",
            state(CLASSIC, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY),
            ok(disc("9D")),
            score(*(mine, theirs)[:: 1 if team == 0 else -1]),
        )


def classic_concealed_after_a_round(book: Book) -> None:
    """A turn of draw and discard lays nothing: going out later in one turn is concealed."""
    for seat in (0, 3):
        team = seat % 2
        before = (seat + 3) % 4
        hands: list[str | None] = [None] * 4
        hands[seat] = "KC KC KD KD KH KH 9C 9D 9H 8S"
        hands[(seat + 1) % 4] = "5D"
        hands[(seat + 2) % 4] = "4C"
        hands[before] = "5S 6S"
        mine = classic_parts(100, 500, 0, 100, 100, -5)
        theirs = classic_parts(0, 0, 0, 0, 0, -10)
        book.add(
            f"one-door/concealed-after-a-turn-that-laid-nothing-seat-{seat}",
            ["classic-concealed", "classic-hand-score"],
            f"Seat {seat} plays a whole turn without laying a card (it draws the 4H and "
            "discards it), the others draw and discard, and in its next turn it draws the "
            "last king, lays seven kings and 9C 9D 9H and discards: out concealed, 100 more. "
            "A turn that laid nothing does not put the player on the table.",
            state(
                CLASSIC,
                hands=hands,
                stock_top="4H 7H 7D 7C KS",
                turn=before,
                phase=Phase.PLAY,
            ),
            ok(disc("6S")),
            ok({"type": "draw"}, disc("4H")),
            ok({"type": "draw"}, disc("7H")),
            ok({"type": "draw"}, disc("7D")),
            ok({"type": "draw"}, disc("7C")),
            ok({"type": "draw"}, meld(CLASSIC_CANASTA), meld("9C 9D 9H"), disc("8S")),
            score(*(mine, theirs)[:: 1 if team == 0 else -1]),
        )


def classic_pile_onto_a_meld(book: Book) -> None:
    """Taking the pile onto a meld: the meld's rank must be the top card's, and on a frozen
    pile exactly two natural cards of that rank are shown."""
    for seat in (1, 2):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "8C 8D 8H 4C 5H 6H 7C 10S JS QS KS"
        melds: list[list[str]] = [[], []]
        melds[team] = ["KC KD KH", "8C 8D 8S"]
        book.add(
            f"one-door/pile-onto-a-meld-of-another-rank-seat-{seat}",
            ["classic-take-pile"],
            f"Seat {seat}'s side has kings (meld 0) and 8s (meld 1); the top card is the 8 of "
            "spades. Taking the pile without naming how the top card is used is refused; laying "
            "it off on the kings is refused, whatever the ranks' order, and so are melds 2 and 3, "
            "which the side does not have; on the 8s it is taken.",
            state(
                CLASSIC,
                hands=hands,
                melds=melds,
                discard="5C 6D 8S",
                turn=seat,
                phase=Phase.DRAW,
            ),
            acts(({"type": "take-pile"}, no("classic-take-pile", "top-card-not-melded"))),
            acts(({"type": "take-pile", "meld": 0}, no("classic-take-pile", "no-meld-of-rank"))),
            acts(({"type": "take-pile", "meld": 2}, no("classic-take-pile", "no-meld-of-rank"))),
            acts(({"type": "take-pile", "meld": 3}, no("classic-take-pile", "no-meld-of-rank"))),
            ok({"type": "take-pile", "meld": 1}),
        )
        book.add(
            f"one-door/frozen-pile-onto-a-meld-shows-exactly-two-seat-{seat}",
            ["classic-frozen-pile", "classic-take-pile"],
            f"The pile is frozen (a joker lies in it) and its top card is the 8 of spades; "
            f"seat {seat}'s side has a meld of 8s. Onto that meld the top card goes with "
            "exactly two natural 8s from the hand: showing three is refused, two are taken.",
            state(
                CLASSIC,
                hands=hands,
                melds=melds,
                discard="JK 6D 8S",
                turn=seat,
                phase=Phase.DRAW,
            ),
            acts(
                (
                    {"type": "take-pile", "meld": 1, "cards": cards("8C 8D 8H")},
                    no("classic-frozen-pile", "natural-pair-needed"),
                )
            ),
            ok({"type": "take-pile", "meld": 1, "cards": cards("8C 8D")}),
        )


# --------------------------------------------------------------------------- triage of seed 7777
# (melds, canasta, opening, going_out, scoring, game, deal, profiles)


def koz_trump_of_a_seeded_deal() -> dict[str, Json]:
    """The trump of a hand the engine deals itself from a game seed: the bottom card of its
    stock (clause trump-card), seen through a canasta that matches it. Each hand is played
    by a seeded greedy policy, as ``tools/gen_game_fixtures.py`` plays its seeded games
    (golden hand scores); the seeds were chosen so that a canasta of one team matches the
    trump and a canasta of the other team matches the top card of the stock, so that an
    engine turning up the wrong end of the stock scores both teams differently."""
    cases = (
        # (game seed, first dealer, what the hand shows)
        (
            12,
            0,
            "the trump is the KS: team 1's dirty canasta of kings takes the trump bonus of "
            "its kind (20, not 10), while team 0's run of hearts does not (the top card of "
            "the stock, the JH, is not the trump)",
        ),
        (
            17,
            1,
            "the trump is the 3C: team 0's dirty run of clubs takes the trump bonus (20), "
            "while team 1's run of diamonds does not (the top card of the stock, the 4D, "
            "is not the trump)",
        ),
    )
    out: dict[str, Json] = {}
    for game_seed, first_dealer, shows in cases:
        games = GameBook("koz", KOZ_SOURCE)
        _seeded_game(
            games, KOZ, game_seed=game_seed, first_dealer=first_dealer, policy="greedy", hands=1
        )
        ((_, data),) = games.items.items()
        ident = f"koz/one-door/trump-of-a-seeded-deal-seed-{game_seed}"
        data["id"] = ident
        data["clauses"] = ["trump-card", "canasta-trump-match", "game-record"]
        data["description"] = (
            f"A koz game from seed {game_seed}, seat {first_dealer} dealing: the engine deals "
            "the hand itself (clause game-record), and the trump is the bottom card of its "
            f"stock, which stays in the stock (clause trump-card). Here {shows}. The hand is "
            "played in full (actions chosen by a seeded greedy policy; the hand scores are "
            "golden values of the reference). An implementation without the seeded shuffle "
            "may answer it unsupported."
        )
        out[ident] = data
    return out


def classic_concealed_canasta_batches(book: Book) -> None:
    """concealed-canasta: the bonus goes to a canasta laid in one meld, not to one that
    grew in two batches or in three."""
    feature = ("concealed-canasta",)
    others = {1: {"s2": "5D", "s0": "5S"}, 2: {"s3": "5D", "s1": "5S"}}
    cases = (
        # (seat, the side's melds, melded, canastas, what the description says)
        (
            1,
            [CLASSIC_CANASTA, ["QC QC QD", "QD QH", "QH JK"]],
            180,
            900,
            "a natural canasta of kings laid from the hand in one meld (500 and 100 more) "
            "and a mixed canasta of queens built in three batches (300, no more)",
        ),
        (
            2,
            [["QC QC QD", "QD QH QH JK"]],
            110,
            300,
            "only a mixed canasta of queens built in two batches (300, no more)",
        ),
    )
    for seat, mine, melded, canastas, what in cases:
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "9D"
        hands[(seat + 2) % 4] = "4C"
        for key, text in others[seat].items():
            hands[int(key[1:])] = text
        melds: list[list[Any]] = [["5C 5D 5H"], ["5C 5D 5H"]]
        melds[team] = list(mine)
        scores = [classic_parts(15, 0, 0, 0, 0, -10)] * 2
        scores[team] = classic_parts(melded, canastas, 0, 100, 0, -5)
        book.add(
            f"one-door/concealed-canasta-counts-one-batch-only-seat-{seat}",
            ["classic-options", "classic-hand-score"],
            f"With the option concealed-canasta, seat {seat} goes out; its side has {what}. "
            "Only a canasta laid in one meld earns the 100 more, however many batches the "
            "others took.",
            classic_state(feature, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY),
            ok(disc("9D")),
            score(*scores),
            features=feature,
        )


def classic_joker_canasta_of_eight(book: Book) -> None:
    """joker-canasta: the first batch must be a whole canasta, seven wild cards or more."""
    feature = ("joker-canasta",)
    for seat in (1, 2):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "JK JK JK JK 2C 2D 2H 2S 9D"
        hands[(seat + 2) % 4] = "4C"
        hands[(seat + 1) % 4] = "5D"
        hands[(seat + 3) % 4] = "5S"
        melds: list[list[str]] = [["5C 5D 5H"], ["5C 5D 5H"]]
        melds[team] = [CLASSIC_CANASTA]
        scores = [classic_parts(15, 0, 0, 0, 0, -10)] * 2
        scores[team] = classic_parts(350, 2500, 0, 100, 0, -5)
        book.add(
            f"one-door/joker-canasta-of-eight-at-once-seat-{seat}",
            ["classic-options", "wild-only-melds", "classic-hand-score"],
            f"With the option joker-canasta, seat {seat} lays eight wild cards at once: more "
            "than seven is still a whole canasta in one meld (2000; cards 4 x 50 + 4 x 20 = "
            "280), and it goes out with the last card.",
            classic_state(feature, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY),
            ok(meld("2C 2D 2H 2S JK JK JK JK"), disc("9D")),
            score(*scores),
            features=feature,
        )


def classic_small_table_games() -> dict[str, Json]:
    """Games of two and of three players from a seed: the engine deals the hands itself,
    so the hand size of the table (15 and 13 cards, clause classic-players) is the
    engine's own. One hand each, played by a seeded greedy policy (golden hand scores)."""
    out: dict[str, Json] = {}
    for name, game_seed, first_dealer, cards_each in (
        ("players-2", 5, 1, 15),
        ("players-3", 6, 2, 13),
    ):
        features = (name,)
        profile = get_profile("classic", features)
        teams = get_team_count(profile)
        hand_seed = get_hand_seed(game_seed, 1)
        hand, scores = play_hand(
            profile, hand_seed, first_dealer, [0.0] * teams, game_seed + 1, "greedy"
        )
        games = GameBook("classic", CLASSIC_SOURCE)
        clean = _clean(scores)
        games.add(
            f"seed-{game_seed}-{name}",
            ["classic-players", "game-record", "game-hands"],
            f"A classic game of {profile.players} players, each alone ({name}), from seed "
            f"{game_seed}, seat {first_dealer} dealing: the engine deals the hand itself "
            f"(clause game-record), {cards_each} cards to each player (clause "
            "classic-players), and it is played in full (actions chosen by a seeded greedy "
            "policy; the hand scores are golden values of the reference). An engine that "
            "deals another number of cards cannot replay the actions. An implementation "
            "without the seeded shuffle may answer it unsupported.",
            first_dealer=first_dealer,
            rows=[(clean, first_dealer, clean, _clean([_number(profile.target_score)])[0])],
            winner=None,
            hands=[{"actions": hand["actions"]}],
            seed=game_seed,
            features=features,
        )
        ((_, data),) = games.items.items()
        ident = f"classic/one-door/game-from-a-seed-{name}"
        data["id"] = ident
        out[ident] = data
    return out


def classic_options_one_door(book: Book) -> None:
    """Rules of classic's options and wild cards that only one path reaches: a 2 of spades
    freezing the pile, a joker canasta growing, the going-out waiver for one card only."""
    for seat in (1, 2):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "8C 8D 8H 4C 5H 6H 7C 10S JS QS KS"
        melds: list[list[str]] = [[], []]
        melds[team] = ["KC KD KH", "8C 8D 8S"]
        book.add(
            f"one-door/two-of-spades-freezes-the-pile-seat-{seat}",
            ["classic-frozen-pile", "classic-take-pile"],
            f"A 2 of spades lies in the pile under the 8 of spades: like every wild card it "
            f"freezes the pile, so seat {seat} takes it onto its side's meld of 8s only with "
            "two natural 8s from the hand.",
            classic_state(
                (), hands=hands, melds=melds, discard="2S 6D 8S", turn=seat, phase=Phase.DRAW
            ),
            acts(
                ({"type": "take-pile", "meld": 1}, no("classic-frozen-pile", "natural-pair-needed"))
            ),
            ok({"type": "take-pile", "meld": 1, "cards": cards("8C 8D")}),
        )
    joker = ("joker-canasta",)
    for seat in (0, 3):
        team = seat % 2
        hands = [None] * 4
        hands[seat] = "2C JK 9D 9H"
        melds = [["5C 5D 5H"], ["5C 5D 5H"]]
        melds[team] = ["JK JK JK 2C 2D 2H 2S"]
        book.add(
            f"one-door/joker-canasta-grows-by-wild-cards-seat-{seat}",
            ["classic-options", "wild-only-melds"],
            f"With the option joker-canasta, seat {seat}'s side has a joker canasta laid at "
            "once. It takes wild cards afterwards, one at a time (a 2, then a joker): only its "
            "first batch had to be a whole canasta. A natural 9 is refused.",
            classic_state(joker, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY),
            ok(lay(0, "2C"), lay(0, "JK")),
            acts((lay(0, "9D"), no("wild-only-melds", "natural-on-wild-meld"))),
            features=joker,
        )
    waiver = ("concealed-waives-minimum",)
    for seat in (1, 2):
        hands = [None] * 4
        hands[seat] = "4C 4C 4D 4D 4H 4H 4S 7S 8S"
        book.add(
            f"one-door/concealed-waiver-not-for-two-cards-left-seat-{seat}",
            [
                "classic-options",
                "classic-opening-minimum",
                "classic-concealed",
                "classic-no-take-back",
            ],
            f"With the option concealed-waives-minimum, seat {seat}'s side has not opened; "
            "melding seven natural 4s (35, below 50) would keep two cards: discarding one does "
            "not go out, so the waiver would not apply, the meld could not be taken back and "
            "the turn could not end. The meld is refused.",
            classic_state(waiver, hands=hands, turn=seat, phase=Phase.PLAY),
            acts((meld("4C 4C 4D 4D 4H 4H 4S"), no("turn-must-finish", "no-way-to-finish"))),
            features=waiver,
        )


# --------------------------------------------------------------------------- turn (seed 7777)
# The survivors of module turn in the fresh sample of seed 7777 and the turn gaps left in
# the sample of seed 4242 (docs/strength.rst): the search of turn-must-finish through a
# lay-off, the cards kept while a classic pile waits, a classic take-back, the hand
# cards shown with the top card of the pile.


def turn_pile_card_laid_off_to_go_out(book: Book) -> None:
    """koz: the one-card-pile card cannot be discarded, but laying it off on the side's
    queens empties the hand with the canasta still on the table (the queens before the
    canasta for seats 0 and 1, after it for seats 2 and 3)."""
    for seat in range(4):
        team = seat % 2
        first = seat < 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "QC 5D 6D 7D"
        melds: list[list[str]] = [[], []]
        melds[team] = ["QH QS QD", KOZ_CANASTA] if first else [KOZ_CANASTA, "QH QS QD"]
        queens = 0 if first else 1
        book.add(
            f"one-door/pile-card-laid-off-on-meld-{queens}-goes-out-seat-{seat}",
            ["turn-must-finish", "single-pile-no-discard-back", "emptying-needs-canasta"],
            f"Seat {seat} took the one-card pile (QC) this turn; its side has QH QS QD (meld "
            f"{queens}) and a canasta of nines (meld {1 - queens}), and no fi is left. Melding "
            "5-6-7 of diamonds leaves the QC alone, which may not be discarded; but it can be "
            "laid off on the queens, and the hand is then emptied with the canasta on the "
            "table. So the turn can still end and the meld is accepted; the lay-off then ends "
            "the hand.",
            state(
                KOZ,
                hands=hands,
                melds=melds,
                pile_card="QC",
                fi=[],
                fi_takers=[1 - team, 3 - team],
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("5D 6D 7D")),
            facts(turn=seat, phase="play", hand_sizes=[1 if s == seat else 11 for s in range(4)]),
            ok(lay(queens, "QC")),
            facts(hand_over=True),
        )


def turn_last_card_completes_the_canasta(book: Book) -> None:
    """classic: a lay-off that leaves one card, which completes the side's only meld into a
    canasta: the turn can still end (going out), so the lay-off is legal."""
    for seat in (1, 2):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "8D 8H"
        melds: list[list[str]] = [[], []]
        melds[team] = ["8C 8C 8D 8H 8S"]
        book.add(
            f"one-door/last-card-completes-the-canasta-seat-{seat}",
            ["turn-must-finish", "classic-going-out", "lay-off-own-team"],
            f"Seat {seat} holds 8D 8H; its side's only meld is five natural eights, no canasta. "
            "Laying off the 8D leaves the 8H, which may not be discarded (no canasta), but laid "
            "off it makes the seventh eight, a canasta, and the hand is emptied. So the first "
            "lay-off is legal, and the second ends the hand.",
            state(CLASSIC, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY),
            ok(lay(0, "8D")),
            facts(turn=seat, phase="play", hand_sizes=[1 if s == seat else 11 for s in range(4)]),
            ok(lay(0, "8H")),
            facts(hand_over=True),
        )


def pile_waiting(setup: Json, top: str, pending: str) -> Json:
    """A classic state (built with the ``pending`` cards as its discard pile) in which a side
    took the pile with ``top`` and the rest waits for its minimum (classic-pile-opening)."""
    extra = dict(setup["extra"])
    extra["pile_pending"] = pending.split()
    extra["pile_top"] = top
    return {**setup, "discard": [], "extra": extra}


def turn_waiver_one_card_and_one_pile_card(book: Book) -> None:
    """classic, concealed-waives-minimum: the cards kept while the pile waits are the hand's
    and the pile's together; one of each is two, so the waiver (one card) does not apply."""
    waiver = ("concealed-waives-minimum",)
    profile = get_profile("classic", waiver)
    for seat in (1, 2):
        hands: list[str | None] = [None] * 4
        hands[seat] = "7C 7D 7H 4C"
        melds: list[list[str]] = [[], []]
        melds[seat % 2] = ["9C 9D 9H"]
        melds[1 - seat % 2] = [CLASSIC_CANASTA]
        setup = state(
            profile,
            hands=hands,
            melds=melds,
            discard="JS",
            opened=[t != seat % 2 for t in range(2)],
            turn=seat,
            phase=Phase.PLAY,
        )
        book.add(
            f"one-door/waiver-one-card-and-one-pile-card-seat-{seat}",
            ["classic-options", "classic-pile-opening", "classic-opening-minimum"],
            f"With the option concealed-waives-minimum, seat {seat}'s side has not opened and "
            "took the pile (JS 9C) with 9D 9H: the jack waits outside the hand. Melding 7C 7D "
            "7H would make 45, below 50, and keep one card in hand and the jack outside it: two "
            "cards kept, so the waiver (a player keeping one card) would not release the pile, "
            "the 4C could not be discarded and nothing can be taken back. The meld is refused.",
            pile_waiting(setup, "9C", "JS"),
            acts((meld("7C 7D 7H"), no("turn-must-finish", "no-way-to-finish"))),
            features=waiver,
        )

    for seat in (0, 3):
        hands = [None] * 4
        hands[seat] = "7C 7D 7H"
        melds = [[], []]
        melds[seat % 2] = ["9C 9D 9H"]
        melds[1 - seat % 2] = [CLASSIC_CANASTA]
        setup = state(
            profile,
            hands=hands,
            melds=melds,
            discard="JS 10S",
            opened=[t != seat % 2 for t in range(2)],
            turn=seat,
            phase=Phase.PLAY,
        )
        book.add(
            f"one-door/waiver-empty-hand-two-pile-cards-seat-{seat}",
            ["classic-options", "classic-pile-opening"],
            f"With the option concealed-waives-minimum, seat {seat}'s side has not opened and "
            "took the pile (JS 10S 9C) with 9D 9H: 30, below 50, so the jack and the ten wait "
            "outside the hand. Melding 7C 7D 7H would empty the hand, but the two cards waiting "
            "are kept too: the waiver does not release them, and a hand may not be emptied "
            "while the pile waits. Refused.",
            pile_waiting(setup, "9C", "JS 10S"),
            acts((meld("7C 7D 7H"), no("classic-pile-opening", "pile-waiting"))),
            features=waiver,
        )


def turn_pile_top_with_a_higher_card(book: Book) -> None:
    """classic: only naturals of the top card's rank count as its naturals, not a card of
    a higher rank shown with it."""
    for seat in (1, 2):
        hands: list[str | None] = [None] * 4
        hands[seat] = "9D KD 2C 4C 5H 6H 7C 10S JS QS AS"
        melds: list[list[str]] = [[], []]
        melds[seat % 2] = ["8C 8D 8H"]
        book.add(
            f"one-door/frozen-pile-top-with-a-higher-card-seat-{seat}",
            ["classic-frozen-pile"],
            f"The pile JK 6D 9C is frozen by the joker. Seat {seat} shows the 9 of diamonds and "
            "the king of diamonds: one natural nine, not a natural pair of nines, so the "
            "frozen pile is refused for that reason.",
            state(CLASSIC, hands=hands, melds=melds, discard="JK 6D 9C", turn=seat),
            acts((classic_take("9D KD"), no("classic-frozen-pile", "natural-pair-needed"))),
        )
    for seat in (0, 3):
        hands = [None] * 4
        hands[seat] = "9D KD 2C 4C 5H 6H 7C 10S JS QS AS"
        melds = [[], []]
        melds[seat % 2] = ["8C 8D 8H"]
        book.add(
            f"one-door/pile-top-with-a-wild-and-a-higher-card-seat-{seat}",
            ["classic-take-pile"],
            f"The pile 5C 6D 9C is not frozen. Seat {seat} shows the 2 of clubs and the king of "
            "diamonds with the top nine: a new meld with the top card needs a natural of its "
            "rank among the two hand cards, and a king is none, so the take is refused for "
            "that reason.",
            state(CLASSIC, hands=hands, melds=melds, discard="5C 6D 9C", turn=seat),
            acts((classic_take("2C KD"), no("classic-take-pile", "two-cards-with-top"))),
        )


def turn_triage(koz: Book, classic: Book) -> None:
    """The fixtures of the turn triage (seed 7777)."""
    turn_pile_card_laid_off_to_go_out(koz)
    turn_last_card_completes_the_canasta(classic)
    turn_waiver_one_card_and_one_pile_card(classic)
    turn_pile_top_with_a_higher_card(classic)


def turn_pile_top_shown_cards(book: Book) -> None:
    """classic-take-pile and classic-frozen-pile: what the hand cards shown with the top card
    must be, met one wrong way at a time (the turn survivors of seed 103)."""
    hand = "9D 9H 9S 5H 4C 6H 7C 10S JS QS AS"
    for seat, frozen in ((1, True), (2, True), (0, False), (3, False)):
        hands: list[str | None] = [None] * 4
        hands[seat] = hand
        melds: list[list[str]] = [[], []]
        melds[seat % 2] = ["8C 8D 8H"]
        pile = "JK 6D 9C" if frozen else "5C 6D 9C"
        if frozen:
            steps = [
                acts((classic_take("5H 9D"), no("classic-frozen-pile", "natural-pair-needed"))),
                acts((classic_take("9D 9H 9S"), no("classic-take-pile", "two-cards-with-top"))),
                ok(classic_take("9D 9H")),
            ]
            told = (
                "The pile JK 6D 9C is frozen by the joker. Showing the 9 of diamonds with a "
                "lower card (the 5 of hearts) is one natural nine, not a natural pair: refused "
                "for the frozen pile. Three natural nines for a new meld with the top card are "
                "one too many (a new meld takes two hand cards): refused for that. Two are "
                "taken."
            )
        else:
            steps = [
                acts((classic_take("9D"), no("classic-take-pile", "two-cards-with-top"))),
                acts((classic_take("9D 9H 9S"), no("classic-take-pile", "two-cards-with-top"))),
                ok(classic_take("9D 9H")),
            ]
            told = (
                "The pile 5C 6D 9C is not frozen. A new meld with the top nine takes exactly two "
                "hand cards: one natural nine alone, or three, is refused; two are taken."
            )
        book.add(
            f"one-door/pile-top-new-meld-shown-cards-seat-{seat}",
            ["classic-take-pile", "classic-frozen-pile"],
            f"Seat {seat}'s side has opened (a meld of 8s). {told}",
            state(CLASSIC, hands=hands, melds=melds, discard=pile, turn=seat),
            *steps,
        )


def lay_off_tables(
    books: Sequence[tuple[Book, RulesProfile]], side_melds: list[str]
) -> Iterator[tuple[Book, RulesProfile, int, list[str | None], list[list[str]]]]:
    """Seats 1 and 2 of each family, each holding the 8 of spades among ten other cards, with
    ``side_melds`` on the table of its side (the other sides have none)."""
    for book, profile in books:
        teams = get_team_count(profile)
        for seat in (1, 2):
            hands: list[str | None] = [None] * profile.players
            hands[seat] = "8S 4C 5H 6H 7C 10S JS QS KS AS 9D"
            melds: list[list[str]] = [[] for _ in range(teams)]
            melds[seat % teams] = list(side_melds)
            yield book, profile, seat, hands, melds


def turn_lay_off_before_drawing(books: Sequence[tuple[Book, RulesProfile]]) -> None:
    """turn-structure: a lay-off is a move of the play phase; before the draw it is refused
    for the phase, not for the meld it names (the turn survivors of seed 103)."""
    for book, profile, seat, hands, melds in lay_off_tables(books, ["8C 8D 8H"]):
        book.add(
            f"one-door/lay-off-before-drawing-seat-{seat}",
            ["turn-structure", "lay-off-own-team"],
            f"Seat {seat}'s team has a meld of 8s and the player holds the 8 of spades, but "
            "has not drawn yet: laying it off is refused for the phase of the turn. After "
            "the draw the same lay-off is accepted.",
            state(profile, hands=hands, melds=melds, turn=seat, phase=Phase.DRAW),
            acts((lay(0, "8S"), no("turn-structure", "wrong-phase"))),
            ok(DRAW, lay(0, "8S")),
        )


def turn_lay_off_just_past_the_melds(books: Sequence[tuple[Book, RulesProfile]]) -> None:
    """lay-off-own-team: the meld index just past the side's last meld names no meld (a
    per-family gap of the fresh sample of seed 9001: only koz and fi-5200 had a lay-off
    past the table, and theirs names an index three past it)."""
    for book, profile, seat, hands, melds in lay_off_tables(books, ["8C 8D 8H", "KC KD KH"]):
        book.add(
            f"one-door/lay-off-just-past-the-melds-seat-{seat}",
            ["lay-off-own-team"],
            f"Seat {seat}'s side has two melds, 8s (index 0) and kings (index 1): a lay-off "
            "of the 8 of spades onto meld 2 names no meld and is refused. Onto meld 0 it "
            "is accepted.",
            state(profile, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY),
            acts((lay(2, "8S"), no("lay-off-own-team", "no-such-meld"))),
            ok(lay(0, "8S")),
        )


def turn_concealed_after_a_player_who_laid(book: Book) -> None:
    """classic-concealed: laying a card in one's turn puts that player on the table, not the
    next one: the flag of a turn that laid cards ends with the turn."""
    for seat in (0, 2):
        team = seat % 2
        before = (seat + 3) % 4
        hands: list[str | None] = [None] * 4
        hands[seat] = "KC KC KD KD KH KH 9C 9D 9H 8S"
        hands[(seat + 1) % 4] = "5D"
        hands[(seat + 2) % 4] = "4C"
        hands[before] = "5S 6S 7S"
        melds: list[list[str]] = [[], []]
        melds[1 - team] = ["5C 5D 5H"]
        mine = classic_parts(100, 500, 0, 100, 100, -5)
        theirs = classic_parts(20, 0, 0, 0, 0, -10)
        book.add(
            f"one-door/concealed-after-the-player-before-laid-seat-{seat}",
            ["classic-concealed", "classic-hand-score"],
            f"Seat {before}, who plays before seat {seat}, lays the 5S off on its side's 5s and "
            f"discards: seat {before} is on the table, seat {seat} is not. Seat {seat} draws "
            "the 4H and discards it, the others draw and discard, and in its next turn seat "
            f"{seat} draws the last king, lays seven kings and 9C 9D 9H and discards: out "
            "concealed, 100 more. An engine that passes the flag of a turn that laid cards on "
            "to the next player scores no concealed bonus.",
            state(
                CLASSIC,
                hands=hands,
                melds=melds,
                stock_top="4H 7H 7D 7C KS",
                turn=before,
                phase=Phase.PLAY,
            ),
            ok(lay(0, "5S"), disc("6S")),
            ok(DRAW, disc("4H")),
            ok(DRAW, disc("7H")),
            ok(DRAW, disc("7D")),
            ok(DRAW, disc("7C")),
            ok(DRAW, meld(CLASSIC_CANASTA), meld("9C 9D 9H"), disc("8S")),
            score(*(mine, theirs)[:: 1 if team == 0 else -1]),
        )


def turn_fi_by_discard_opens_nobody(book: Book) -> None:
    """opening-personal (fi-5200): a player who has not opened and takes a fi by discarding
    the last card has still not opened."""
    for seat in (1, 2):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "5C"
        melds: list[list[str]] = [[], []]
        melds[team] = [FI_CANASTA]
        opened_seats = [s == (seat + 2) % 4 for s in range(4)]
        opened = [t == team for t in range(2)]
        book.add(
            f"one-door/fi-by-discard-opens-nobody-seat-{seat}",
            ["opening-personal", "fi-pickup"],
            f"Seat {seat}'s partner has opened (the team's canasta); seat {seat} has not. Its "
            f"last card discarded, seat {seat} takes the fi and waits for its next turn: a fi "
            "alone opens nobody, so it has still not opened personally.",
            state(
                FI_5200,
                hands=hands,
                melds=melds,
                turn=seat,
                phase=Phase.PLAY,
                opened=opened,
                seat_opened=opened_seats,
            ),
            ok(disc("5C")),
            facts(turn=(seat + 1) % 4, opened_seats=opened_seats, fi_left=1),
        )


def turn_meld_wild_place_last_cards(books: Sequence[tuple[Book, RulesProfile]]) -> None:
    """run-wild-placement: a place named for the wild card that no arrangement has refuses
    the meld, also when the meld would leave a single card in hand (the moment a classic
    player may lay black threes going out, which takes a second look at the meld)."""
    for book, profile in books:
        teams = get_team_count(profile)
        if profile.runs_allowed:
            batch, wrong, right, clause = "4S 5S 6S JK", 9, 7, "run-wild-placement"
            why = "where it cannot stand"
            placed = "with the wild at place 7"
        else:
            batch, wrong, right, clause = "9C 9D JK", 9, None, "runs-not-in-classic"
            why = "though a set has no places"
            placed = "as a set, naming no place"
        for seat in (1, 2):
            hands: list[str | None] = [None] * profile.players
            hands[seat] = f"{batch} 10D"
            melds: list[list[str]] = [[] for _ in range(teams)]
            melds[seat % teams] = [CLASSIC_CANASTA]
            book.add(
                f"one-door/meld-wild-place-leaving-one-card-seat-{seat}",
                [clause, "meld-from-hand"],
                f"Seat {seat}'s team has a canasta of kings; the player holds {batch} and the "
                f"10D. Melding {batch} with the wild named at place {wrong}, {why}, is refused "
                f"even though one card would be left; laid {placed}, it is accepted.",
                state(profile, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY),
                acts((meld(batch, wrong), no(clause, "no-such-arrangement"))),
                ok(meld(batch, right)),
            )


def turn_red_three_from_the_pile_scores(book: Book) -> None:
    """classic-red-threes: a red three in a pile taken is laid for the side (and scores),
    not replaced, and does not join the hand."""
    for seat in (1, 2):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "9D 9H 4C"
        hands[(seat + 1) % 4] = "5D"
        hands[(seat + 2) % 4] = "4D"
        hands[(seat + 3) % 4] = "5S"
        melds: list[list[str]] = [[], []]
        melds[team] = [CLASSIC_CANASTA]
        mine = classic_parts(115, 500, 100, 100, 0, -5)
        theirs = classic_parts(0, 0, 0, 0, 0, -10)
        book.add(
            f"one-door/red-three-from-the-pile-scores-seat-{seat}",
            ["classic-red-threes", "classic-take-pile", "classic-red-three-score"],
            f"Seat {seat}'s side has a canasta of kings. The pile 3D 6D 6C 6H 9C is frozen by "
            "the red three; the player takes it with the natural pair 9D 9H. The 3 of "
            "diamonds is laid for the side, the three 6s join the hand; the player melds "
            "them and discards the 4C: out. The side scores 100 for the red three beside "
            "115 in cards, 500 for the canasta and 100 for going out.",
            state(CLASSIC, hands=hands, melds=melds, discard="3D 6D 6C 6H 9C", turn=seat),
            ok(classic_take("9D 9H"), meld("6C 6D 6H"), disc("4C")),
            score(*(mine, theirs)[:: 1 if team == 0 else -1]),
        )


def turn_black_threes_two_cards_left(book: Book) -> None:
    """classic-black-threes-last: black threes are the turn's last meld only when at most one
    card is left to discard or lay off; with two left they are refused for that reason."""
    for seat in (0, 3):
        hands: list[str | None] = [None] * 4
        hands[seat] = "3C 3S 3S 2D KS 10D"
        melds: list[list[str]] = [[], []]
        melds[seat % 2] = [CLASSIC_CANASTA]
        book.add(
            f"one-door/black-threes-with-two-cards-left-seat-{seat}",
            ["classic-threes-in-melds", "classic-black-threes-last"],
            f"Seat {seat}'s side has a canasta of kings. The player lays the 2D off on it; "
            "melding the three black threes would then leave KS and 10D, two cards: refused, "
            "the threes would not go out. Once the KS is laid off too, the threes are melded "
            "and the 10D discarded: out.",
            state(CLASSIC, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY),
            ok(lay(0, "2D")),
            acts((meld("3C 3S 3S"), no("classic-threes-in-melds", "black-threes-not-going-out"))),
            ok(lay(0, "KS"), meld("3C 3S 3S"), disc("10D")),
            facts(hand_over=True),
        )


def fresh_9000_natural_two_not_moved_to_an_end(books: Sequence[Book]) -> None:
    """run-wild-moves and natural-two-in-place: a natural 2 in its own place keeps it when a
    card is laid off at the other end; it may not become the wild at a free end (a gap of
    the fresh sample of seed 9000)."""
    for book in books:
        step = meld_step("2H 3H 4H 5H", refused("run-wild-moves", "no-such-arrangement", at=1))
        step["lay_offs"] = [{"cards": ["6H"], "wild_at": 7}]
        add_meld(
            book,
            "one-door/natural-two-not-moved-to-the-free-end",
            ["run-wild-moves", "natural-two-in-place", "lay-off"],
            "2-3-4-5 of hearts, the 2 natural in its own place. The 6 is laid off with the wild "
            "named at place 7: no arrangement has a wild there, since the 2 keeps its place as "
            "a natural (it does not move to the free end as a wild): refused.",
            step,
        )


def fresh_9000_fi_continue_provisional(book: Book) -> None:
    """fi-continue and opening-personal (fi-5200): a player who has not opened, empties the
    hand by a lay-off and takes the fi, goes on with the same turn; a meld then laid is a
    provisional opening, checked at the discard (a gap of the fresh sample of seed 9000)."""
    for seat in (1, 2):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "9C"
        melds: list[list[str]] = [[], []]
        melds[team] = [FI_CANASTA]
        opened_seats = [s == (seat + 2) % 4 for s in range(4)]
        book.add(
            f"one-door/meld-after-a-fi-taken-mid-turn-is-provisional-seat-{seat}",
            ["fi-continue", "opening-personal", "opening-checked-at-discard"],
            f"Seat {seat}'s partner has opened; seat {seat} has not, and holds one card, the "
            "9C. It lays the 9C off on the team's canasta, takes the fi (4C 4D 4H 5S 6S 8D 10D "
            "JC QH KC AS) and goes on with the turn. It melds 4C 4D 4H: its own opening, still "
            "provisional, so discarding the 5S is refused (no wild-free run, the lower band's "
            "requirement). Taken back, the 4s return to the hand and the 5S may be discarded.",
            state(
                FI_5200,
                hands=hands,
                melds=melds,
                turn=seat,
                phase=Phase.PLAY,
                opened=[t == team for t in range(2)],
                seat_opened=opened_seats,
                fi=["4C 4D 4H 5S 6S 8D 10D JC QH KC AS"],
            ),
            ok(lay(0, "9C"), meld("4C 4D 4H")),
            acts((disc("5S"), no("opening-lower-band", "no-clean-run"))),
            ok(BACK, disc("5S")),
            facts(turn=(seat + 1) % 4, opened_seats=opened_seats),
        )


def fresh_9001_spare_wild_spoils_the_opening(book: Book) -> None:
    """opening-lower-band and opening-natural-two (fi-5200): a run of thirteen naturals with a
    wild set aside holds a wild, so below 900 it adds nothing to the opening (a gap of the
    fresh sample of seed 9001: only such a run reaches the spare-wild test)."""
    for seat in (0, 3):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = f"{HEARTS_A_TO_K} JK 4S 5S 6S 9C KC"
        setup = state(FI_5200, hands=hands, turn=seat, phase=Phase.PLAY)
        book.add(
            f"one-door/spare-wild-spoils-the-opening-seat-{seat}",
            ["opening-lower-band", "opening-natural-two", "wild-spare-outside"],
            f"Team {team} stands at 0, so seat {seat} opens with 45 from wild-free melds, one "
            "of them a clean run. It melds 4S 5S 6S (15) and AH to KH with the joker set "
            "aside, beside thirteen naturals: that run holds a wild and adds nothing, so "
            "discarding the KC is refused (15). Taken back and melded without the joker, "
            "the thirteen hearts add 105, and the KC may be discarded.",
            setup,
            ok(meld("4S 5S 6S"), meld(f"{HEARTS_A_TO_K} JK")),
            acts((disc("KC"), no("opening-lower-band", "below-threshold"))),
            ok(BACK, meld("4S 5S 6S"), meld(HEARTS_A_TO_K), disc("KC")),
            facts(turn=(seat + 1) % 4, opened=[t == team for t in range(2)]),
        )


def turn_triage_seed_103(
    books: Sequence[tuple[Book, RulesProfile]], fi: Book, classic: Book
) -> None:
    """The fixtures of the turn survivors of the exploration sample of seed 103."""
    turn_pile_top_shown_cards(classic)
    turn_lay_off_before_drawing(books)
    turn_lay_off_just_past_the_melds(books)
    turn_concealed_after_a_player_who_laid(classic)
    turn_fi_by_discard_opens_nobody(fi)
    turn_meld_wild_place_last_cards(books)
    turn_red_three_from_the_pile_scores(classic)
    turn_black_threes_two_cards_left(classic)


# ------------------------------------------------------------------ per-family gaps (seed 101)
# Mutants of the exploration sample of seed 101 that a family's play oracle tells apart while
# that family's own fixtures pass (docs/strength.rst, the per-family score): each fixture
# below is of the family whose gap it closes. The count fixtures of fi-351 and classic are
# in their own generators (count/).

FI351_SOURCE = "seed 000 (part 2)"
FI351_CANASTA = "9S 9H 9D 9C 9S 9H 9D"
"""Seven 9s: a clean fi-351 canasta, so that the team may empty its hands."""


def gaps_discard_listing(book: Book, profile: RulesProfile, canasta: str) -> None:
    """discard-ends-turn in the legal-action count: the discards stay listed while a
    provisional opening is pending (and qualifies) and when the hand holds one card."""
    family = book.variant
    if family == "koz":
        seat, hand, melds, reckoning = (
            1,
            "3H 4H 5H 6H 8C 8D 8S JD QD",
            ("3H 4H 5H 6H", "8C 8D 8S"),
            ("2 + 3 = 5 points, above the 4.5 of a team at 0"),
        )
        clauses = ["opening-threshold", "opening-bands"]
    else:
        seat, hand, melds, reckoning = (
            2,
            "4H 5H 6H 7H 8C 8D 8S KC QD",
            ("4H 5H 6H 7H", "8C 8D 8S"),
            ("20 + 30 = 50 points, above the 45 of a team below 900"),
        )
        clauses = ["opening-lower-band"]
    team = seat % 2
    book.add(
        f"one-door/discards-listed-after-a-provisional-opening-seat-{seat}",
        [
            "legal-action-count",
            "discard-ends-turn",
            "opening-provisional",
            "opening-take-back",
            *clauses,
        ],
        f"Seat {seat} (team {team}, not opened) lays {' and '.join(melds)}: {reckoning}. The "
        "opening is provisional until the discard, and it qualifies, so each of the two cards "
        "left may be discarded; the melds may also be taken back. No meld or lay-off fits "
        "the two cards: 3 legal actions.",
        state(
            profile,
            hands=[hand if s == seat else None for s in range(4)],
            turn=seat,
            phase=Phase.PLAY,
        ),
        ok(*(meld(m) for m in melds)),
        count(3),
    )
    seat = 3 if family == "koz" else 0
    team = seat % 2
    table: list[list[str]] = [[], []]
    table[team] = [canasta]
    opened_flags = [t == team for t in range(2)]
    extra: dict[str, Any] = {"opened": opened_flags}
    if family != "koz":
        extra = {"seat_opened": [s % 2 == team for s in range(4)]}
    book.add(
        f"one-door/last-card-discard-listed-seat-{seat}",
        ["legal-action-count", "discard-ends-turn", "emptying-by-discard"],
        f"Seat {seat} (team {team}, opened, a canasta on the table) holds only the 7 of "
        "diamonds after drawing. Discarding it empties the hand, which a fi still left makes "
        "legal (the player takes the fi); no meld of 7s lies on the table: 1 legal action.",
        state(
            profile,
            hands=["7D" if s == seat else None for s in range(4)],
            melds=table,
            turn=seat,
            phase=Phase.PLAY,
            **extra,
        ),
        count(1),
    )


def another_suit_laid_off_on_a_run(book: Book) -> None:
    """lay-off and run-definition: the run's suit checked on a lay-off, for a natural of a
    suit after the run's and one before it in the order of the cards."""
    for run_cards, card, where in (
        ("5H 6H 7H", "8S", "spades come after hearts"),
        ("5D 6D 7D", "4C", "clubs come before diamonds"),
    ):
        add_meld(
            book,
            f"one-door/{card.lower()}-of-another-suit-laid-off-on-a-run",
            ["lay-off", "run-definition"],
            f"A lay-off keeps the run in its suit: the {card} does not join {run_cards} at the "
            f"end its rank fits ({where} in the order of the cards; a natural of another suit "
            "is refused whichever way it lies).",
            meld_step(run_cards, refused("run-definition", "mixed-suits", at=1), lay_offs=[card]),
        )


def fresh_9002_family_gaps(koz: Book, fi: Book) -> None:
    """The per-family gaps of koz and fi-5200 in the fresh sample of seed 9002: the run's
    suit on a lay-off, below and above it, and (koz) the wild's default place at the high
    end, each pinned until then by another family's fixtures only."""
    another_suit_laid_off_on_a_run(koz)
    another_suit_laid_off_on_a_run(fi)
    add_meld(
        koz,
        "one-door/wild-at-the-high-end-by-default",
        ["run-wild-placement", "meld-points"],
        "With no place named for it, the wild of 4-5-6 of hearts stands at the high end, as "
        "the 7 (it could also stand as the 3): 3 x 0.5 + 2 = 3.5 points.",
        meld_step("4H 5H 6H 2C", legal(run("H", 4, "4H 5H 6H 2C"), 3.5)),
    )


def gaps_fi351_melds(book: Book) -> None:
    """fi-351: the run's suit checked on a lay-off (a natural of another suit, above and
    below the run's suit), and the fault named for cards that make no meld."""
    another_suit_laid_off_on_a_run(book)
    add_meld(
        book,
        "one-door/one-suit-with-gaps-is-not-consecutive",
        ["run-definition"],
        "5, 7 and 9 of hearts share a suit but not consecutive places (two gaps, no wild): "
        "refused as a run whose cards are not consecutive.",
        meld_step("5H 7H 9H", refused("run-definition", "not-consecutive")),
    )
    for text, clause, what in (
        (
            "AH 5H 6H",
            "run-ace-position",
            "the ace fits neither low (2, 3 and 4 missing) nor high (7 to K missing)",
        ),
        (
            "2S 5S 7S 9S",
            "natural-two-in-place",
            "the 2 of spades fits neither in its own place (3, 4, 6 and 8 missing) nor as the "
            "one wild (two gaps are left to fill)",
        ),
    ):
        add_meld(
            book,
            f"one-door/{text.split()[0].lower()}-in-no-reading-is-not-consecutive",
            ["run-definition", clause],
            f"{text}: a run may read an ace low or high and its own 2 in place or as a wild, "
            f"but here {what}: refused as not consecutive.",
            meld_step(text, refused("run-definition", "not-consecutive")),
        )
    add_meld(
        book,
        "one-door/no-rank-and-no-suit-shared-is-not-a-meld",
        ["run-definition", "set-definition"],
        "4 of clubs, 8 of diamonds and queen of spades share neither a rank nor a suit: no "
        "meld (neither a set nor a run).",
        meld_step("4C 8D QS", refused("run-definition", "not-a-meld")),
    )


def gaps_classic(book: Book) -> None:
    """classic: the refusals of the turn's phases, and the option two-naturals-per-wild met
    exactly by three wild cards."""
    for seat in (1, 2):
        book.add(
            f"one-door/meld-in-the-draw-phase-is-the-wrong-phase-seat-{seat}",
            ["turn-structure"],
            f"Seat {seat} has not drawn yet: a meld (or a discard) belongs to the play phase "
            "and is refused as the wrong phase, not as a hand that is over.",
            classic_state((), hands=seat_list(seat, "KC KD KH 5S 6S"), turn=seat, phase=Phase.DRAW),
            acts(
                (meld("KC KD KH"), no("turn-structure", "wrong-phase")),
                (disc("5S"), no("turn-structure", "wrong-phase")),
            ),
        )
    for seat in (0, 3):
        team = seat % 2
        melds: list[list[str]] = [[], []]
        melds[team] = [CLASSIC_CANASTA]
        book.add(
            f"one-door/nothing-after-the-hand-is-over-seat-{seat}",
            ["turn-structure", "classic-going-out"],
            f"Seat {seat} goes out by discarding its last card (its side has a canasta): the "
            "hand is over, and a draw or a meld then is refused because the hand is over.",
            classic_state(
                (), hands=seat_list(seat, "9D"), melds=melds, turn=seat, phase=Phase.PLAY
            ),
            ok(disc("9D")),
            facts(hand_over=True),
            acts(
                ({"type": "draw"}, no("turn-structure", "hand-over")),
                (meld("5C 5D 5H"), no("turn-structure", "hand-over")),
            ),
        )
    option = ("two-naturals-per-wild",)
    for seat in (1, 2):
        book.add(
            f"one-door/two-naturals-per-wild-three-wilds-seat-{seat}",
            ["classic-options", "classic-wild-ratio"],
            f"With the option two-naturals-per-wild, seat {seat} holds six natural 7s, a joker "
            "and two 2s. Five 7s with the three wild cards are refused (three wilds need six "
            "naturals); all six 7s with the three wilds are a meld (two naturals for each "
            "wild, exactly).",
            classic_state(
                option,
                hands=seat_list(seat, "7C 7C 7D 7D 7H 7H JK 2C 2D 5S 6S"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts(
                (
                    meld("7C 7C 7D 7D 7H JK 2C 2D"),
                    no("classic-options", "too-few-naturals-per-wild"),
                )
            ),
            ok(meld("7C 7C 7D 7D 7H 7H JK 2C 2D")),
            features=option,
        )


def seat_list(seat: int, hand: str) -> list[str | None]:
    return [hand if s == seat else None for s in range(4)]


def gaps_fi351_games() -> dict[str, Json]:
    """first-player in fi-351: the seat after the dealer plays first. Four seats played
    from seat d - 1 instead of d + 1 play the same seeded hand with the partners' seats
    swapped (a rotation by two keeps the teams), so the first player shows only in a hand
    from an explicit deal and at a table of three."""
    out: dict[str, Json] = {}
    games = GameBook("fi-351", FI351_SOURCE)
    first_dealer, deal_seed = 1, 7
    played = play_hand(FI_351, deal_seed, first_dealer, [0.0, 0.0], deal_seed, "greedy")
    _played(
        games,
        "explicit-deal-first-player",
        f"A fi-351 game whose first hand is dealt by seat {first_dealer} from an explicit "
        "deal (every hand, fi packet and stock card written out) and played in full (the "
        "actions were chosen by a seeded greedy policy): seat "
        f"{(first_dealer + 1) % 4}, the seat after the dealer, plays first, so its hand is "
        "the one the first discard comes from. The played hand's scores are golden values of "
        "the reference.",
        first_dealer=first_dealer,
        fixed=[],
        played=[played],
        clauses=["first-player", "explicit-deal", "game-hands", "direction-fi-351"],
    )
    ((_, data),) = games.items.items()
    ident = "fi-351/one-door/explicit-deal-first-player"
    data["id"] = ident
    out[ident] = data
    features = ("players-3",)
    profile = get_profile("fi-351", features)
    game_seed, dealer = 4, 0
    hand, scores = play_hand(
        profile, get_hand_seed(game_seed, 1), dealer, [0.0] * 3, game_seed + 1, "greedy"
    )
    games = GameBook("fi-351", FI351_SOURCE)
    clean = _clean(scores)
    games.add(
        f"seed-{game_seed}-players-3",
        ["first-player", "players-fi-351", "deal-fi-351-order", "game-record"],
        f"A fi-351 game of three players from seed {game_seed}, seat {dealer} dealing: the "
        "engine deals the hand itself (clause game-record), the hands two cards at a time "
        f"from seat {dealer + 1}, the seat after the dealer, who plays first. It is played in "
        "full (actions chosen by a seeded greedy policy; the hand scores are golden values "
        "of the reference). An implementation without the seeded shuffle may answer it "
        "unsupported.",
        first_dealer=dealer,
        rows=[(clean, dealer, clean, _clean([_number(profile.target_score)])[0])],
        winner=None,
        hands=[{"actions": hand["actions"]}],
        seed=game_seed,
        features=features,
    )
    ((_, data),) = games.items.items()
    ident = "fi-351/one-door/game-from-a-seed-players-3-first-player"
    data["id"] = ident
    out[ident] = data
    return out


def per_family_gaps_seed_101() -> dict[str, Json]:
    """The fixtures of this section, every family's."""
    koz = Book("koz", KOZ_SOURCE)
    gaps_discard_listing(koz, KOZ, KOZ_CANASTA)
    fi = Book("fi-5200", FI_SOURCE)
    gaps_discard_listing(fi, FI_5200, FI_CANASTA)
    fi351 = Book("fi-351", FI351_SOURCE)
    gaps_fi351_melds(fi351)
    classic = Book("classic", CLASSIC_SOURCE)
    gaps_classic(classic)
    return {**koz.items, **fi.items, **fi351.items, **classic.items, **gaps_fi351_games()}


# --------------------------------------------------------------------------- triage of seed 104
# (melds, canasta, opening, going_out, scoring, game, deal, profiles; and the leads left by the
# triage of seed 7777)


def classic_joker_canasta_is_no_set_of_aces(book: Book) -> None:
    """classic-take-pile: the top card goes onto a meld of its rank only; a joker canasta
    (a meld of wild cards, option joker-canasta) has no rank, so an ace is not laid off on it."""
    joker = ("joker-canasta",)
    for seat, order in ((1, (0, 1)), (2, (1, 0))):
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "4C 5H 6H 7C 10S JS QS KS"
        wild, aces = order
        melds: list[list[str]] = [["5C 5D 5H"], ["5C 5D 5H"]]
        mine = ["", ""]
        mine[wild] = "JK JK JK 2C 2D 2H 2S"
        mine[aces] = "AC AD AH"
        melds[team] = mine
        book.add(
            f"one-door/ace-on-the-pile-not-onto-a-joker-canasta-seat-{seat}",
            ["classic-take-pile", "classic-options", "wild-only-melds"],
            f"With the option joker-canasta, seat {seat}'s side has a joker canasta (meld "
            f"{wild}) and a set of aces (meld {aces}); the top card of the unfrozen pile is the "
            "ace of spades. A meld of wild cards only is no meld of aces: taking the pile onto "
            "it is refused for the meld's rank; onto the aces the pile is taken.",
            classic_state(
                joker, hands=hands, melds=melds, discard="5C 6D AS", turn=seat, phase=Phase.DRAW
            ),
            acts(
                (
                    {"type": "take-pile", "meld": wild},
                    no("classic-take-pile", "no-meld-of-rank"),
                )
            ),
            ok({"type": "take-pile", "meld": aces}),
            features=joker,
        )


def neither_set_nor_run(koz: Book, fi: Book, fi351: Book) -> None:
    """neither-set-nor-run-fault: a batch whose naturals are one card, or the two copies of
    one card, and which is neither a set nor a run, is refused for the fault of the kind its
    naturals do not rule out: the run's for one natural, the set's for two copies."""
    cases = (
        # (book, profile, seat, hand, one natural and its fault, two copies and their fault)
        (
            koz,
            KOZ,
            1,
            "5H 5H 2H JK JK 9C KD",
            ("5H 2H JK", ("run-definition", "not-consecutive")),
            ("5H 5H JK JK", ("one-wild-per-meld", "too-many-wilds")),
            "5H 2H JK: the 2 of hearts stands in its place and 2-5 leaves two places for "
            "one joker, so the run's fault (not consecutive) is named, not the set's two wild "
            "cards",
        ),
        (
            fi,
            FI_5200,
            2,
            "AH 2H JK 8C 8C 2D KS",
            ("AH 2H JK", ("run-wild-after-three-naturals", "wild-needs-three-naturals")),
            ("8C 8C 2D JK", ("one-wild-per-meld", "too-many-wilds")),
            "AH 2H JK: A-2 of hearts with the joker at 3 is a run whose wild stands beside "
            "two naturals only, so the run's fault is named (a wild needs three naturals), "
            "not the set's two wild cards",
        ),
        (
            fi351,
            get_profile("fi-351"),
            3,
            "6S 2S JK 9D 9D 2C JK",
            ("6S 2S JK", ("run-definition", "not-consecutive")),
            ("9D 9D 2C JK", ("one-wild-per-meld", "too-many-wilds")),
            "6S 2S JK: the 2 of spades stands in its place and 2-6 leaves three places for "
            "one joker, so the run's fault (not consecutive) is named, not the set's two wild "
            "cards",
        ),
    )
    for book, profile, seat, hand, (one, one_fault), (two, two_fault), why in cases:
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = hand
        melds: list[list[str]] = [[], []]
        melds[team] = ["KC KH KS"]
        book.add(
            f"one-door/neither-set-nor-run-names-the-fault-seat-{seat}",
            ["neither-set-nor-run-fault", "one-wild-per-meld", one_fault[0]],
            f"Seat {seat} tries two batches that are neither a set nor a run, whose naturals "
            f"share a rank and a suit. {why}. {two}: two copies of one card rule the run out, "
            "so the set's fault is named: one wild card at most.",
            state(profile, hands=hands, melds=melds, turn=seat, phase=Phase.PLAY),
            acts((meld(one), no(*one_fault)), (meld(two), no(*two_fault))),
        )


def set_lay_offs_by_wild_count(koz: Book, fi: Book, fi351: Book, classic: Book) -> None:
    """legal-action-count: which wild cards a set still takes depends on how many of its
    cards are wild, not on its rank and size alone. Two sets of one rank and one size, one
    holding wild cards, one not, are met in one hand: the first by the player whose turn it
    is, the second by the next player, after a discard and a draw; each count lists the
    lay-off of a wild card only where the set takes it."""
    cases = (
        # (book, profile, seat, first set, second set, counts, why)
        (
            koz,
            KOZ,
            1,
            "5C 5D 5H",
            "5C 5S 2C",
            (4, 3),
            "one wild card per meld (clause one-wild-per-meld): the set of three natural 5s "
            "takes the joker (one lay-off and three discards: 4), the set holding a 2 as its "
            "wild card takes no other 2 (three discards: 3)",
        ),
        (
            koz,
            KOZ,
            0,
            "AC AS 2D",
            "AC AD AH",
            (3, 4),
            "one wild card per meld (clause one-wild-per-meld): the set of aces holding a 2 "
            "(a wild card beside aces too) takes no joker (three discards: 3), the set of "
            "three natural aces takes the 2 (one lay-off and three discards: 4)",
        ),
        (
            fi,
            FI_5200,
            2,
            "5C 5D JK",
            "5C 5S 5H",
            (3, 4),
            "one wild card per meld (clause one-wild-per-meld): the set holding a joker takes "
            "no other (three discards: 3), the set of three natural 5s takes the 2 (one "
            "lay-off and three discards: 4)",
        ),
        (
            fi351,
            get_profile("fi-351"),
            1,
            "5C 5D JK",
            "5C 5S 5H",
            (3, 4),
            "one wild card per meld (clause one-wild-per-meld): the set holding a joker takes "
            "no other (three discards: 3), the set of three natural 5s takes the 2 (one "
            "lay-off and three discards: 4)",
        ),
        (
            classic,
            CLASSIC,
            3,
            "5C 5D 2C JK",
            "5C 5S 5H 5D",
            (3, 4),
            "never more wild cards than naturals (clause classic-wild-ratio): the set of two "
            "5s and two wild cards takes no third (three discards: 3), the set of four "
            "natural 5s takes the 2 (one lay-off and three discards: 4)",
        ),
    )
    for book, profile, seat, first, second, (mine, theirs), why in cases:
        team = seat % 2
        hands: list[str | None] = [None] * 4
        hands[seat] = "JK 9D 4C"
        hands[(seat + 1) % 4] = hands[(seat + 3) % 4] = "2H 8C"
        melds: list[list[str]] = [[], []]
        melds[team] = [first]
        melds[1 - team] = [second]
        clauses = ["legal-action-count", "lay-off", "set-definition"]
        clauses.append("classic-wild-ratio" if profile is CLASSIC else "one-wild-per-meld")
        book.add(
            f"one-door/set-lay-offs-follow-its-wild-cards-seat-{seat}",
            clauses,
            f"Seat {seat}'s side has the set {first}, the other side the set {second}: one "
            f"rank, one size. Seat {seat} holds JK 9D 4C; it discards the 9D and the next "
            "player, holding 2H 8C, draws the KS. What each set still takes follows from its "
            f"own wild cards: {why}.",
            state(
                profile,
                hands=hands,
                melds=melds,
                stock_top="KS",
                turn=seat,
                phase=Phase.PLAY,
            ),
            count(mine),
            ok(disc("9D"), {"type": "draw"}),
            count(theirs),
        )


def build() -> dict[str, Json]:
    koz = Book("koz", KOZ_SOURCE)
    one_door(koz, {"4S-8S+JK": 5, "JK+5S-9S": 5.5, "2H-7H": 4.5})
    koz_boundaries(koz)
    koz_one_door(koz)
    koz_no_forced_opening(koz)
    fi = Book("fi-5200", FI_SOURCE)
    one_door(fi, {"4S-8S+JK": 40, "JK+5S-9S": 45, "2H-7H": 30})
    fi_symmetry(fi)
    fi_one_door(fi)
    fi_more(fi)
    fi_two_waiting(fi)
    fi_first_fi_team_discards(fi)
    classic = Book("classic", CLASSIC_SOURCE)
    classic_aces_and_twos(classic)
    classic_concealed_after_a_round(classic)
    classic_pile_onto_a_meld(classic)
    classic_concealed_canasta_batches(classic)
    classic_joker_canasta_of_eight(classic)
    classic_options_one_door(classic)
    turn_triage(koz, classic)
    classic_joker_canasta_is_no_set_of_aces(classic)
    fi351 = Book("fi-351", FI351_SOURCE)
    neither_set_nor_run(koz, fi, fi351)
    fresh_9000_natural_two_not_moved_to_an_end((koz, fi, fi351))
    fresh_9000_fi_continue_provisional(fi)
    fresh_9001_spare_wild_spoils_the_opening(fi)
    fresh_9001_fi351_wild_places(fi351)
    fresh_9002_family_gaps(koz, fi)
    set_lay_offs_by_wild_count(koz, fi, fi351, classic)
    turn_triage_seed_103(
        ((koz, KOZ), (fi, FI_5200), (fi351, FI_351), (classic, CLASSIC)), fi, classic
    )
    games = {
        **largest_game_seed("koz", KOZ_SOURCE, KOZ, "random"),
        **largest_game_seed("fi-5200", FI_SOURCE, FI_5200, "greedy"),
        **classic_carried_band(),
        **fi_carried_band(),
        **koz_trump_of_a_seeded_deal(),
        **classic_small_table_games(),
    }
    items = {**koz.items, **fi.items, **fi351.items, **classic.items, **games}
    gaps = per_family_gaps_seed_101()
    if clash := sorted(set(gaps) & set(items)):
        raise SystemExit(f"duplicate fixture ids: {', '.join(clash)}")
    return {**items, **gaps}


def main(argv: Sequence[str] | None = None) -> int:
    return write_fixtures(build(), argv, __doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
