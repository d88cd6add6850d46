"""Write the explicit fixtures that pin rules otherwise pinned thinly or by seeded fixtures
only, and the fixtures of the per-player facts a state step compares (``opened_seats``, a
meld's ``wild_at``): ``<family>/explicit/`` and ``<family>/facts/`` of koz and fi-5200.

The traceability gate (``kanasta spec check``) asks every rule for at least two fixtures,
one of them explicit (not dealt from a seed). Every scenario below is written by hand: its
setup names the cards that matter (the rest of the deck is placed by
:func:`kanasta.scenario.build_state`), and its expected verdicts and state facts are
stated here from the rules, not computed by the engine. The exception is the one hand
per family played in full from an explicit deal: its deal is written out from the seeded
shuffle and its actions were chosen by a seeded policy when the script was written, so
its hand scores are golden values of the reference (the game facts around them, dealer,
totals, target and winner, are stated by hand).

Seats and teams vary on purpose, so that a seat- or team-specific mistake fails.

    python tools/gen_pin_fixtures.py          # write the fixtures
    python tools/gen_pin_fixtures.py --check  # exit 1 if a file would change
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from fixture_kit import (
    DRAW,
    OK,
    TAKE,
    Book,
    Json,
    acts,
    cards,
    disc,
    facts,
    lay,
    meld,
    no,
    ok,
    write_fixtures,
)
from kanasta import engine
from kanasta.deal import deal_from_seed, deal_to_json
from kanasta.points import points_to_json
from kanasta.policy import make_policy
from kanasta.profiles import FI_5200, KOZ, RulesProfile
from kanasta.scenario import build_state
from kanasta.state import Phase, state_to_json

MAX_ACTIONS = 5000


def koz(**kwargs: Any) -> Json:
    return state_to_json(build_state(KOZ, **kwargs))


def fi(**kwargs: Any) -> Json:
    return state_to_json(build_state(FI_5200, **kwargs))


def meld_step(
    cards_text: str,
    arrangement: Json,
    points: float | str,
    wild_at: int | None = None,
) -> Json:
    step: Json = {"kind": "meld", "cards": cards(cards_text)}
    if wild_at is not None:
        step["wild_at"] = wild_at
    step["expect"] = {
        "verdict": "legal",
        "arrangement": arrangement,
        "points": points,
        "canasta": None,
        "bonus": 0,
    }
    return step


def run(suit: str, low: int, text: str) -> Json:
    return {"kind": "run", "suit": suit, "low": low, "cards": cards(text)}


def add_meld(book: Book, ident: str, clauses: Sequence[str], description: str, step: Json) -> None:
    """A meld fixture (no setup: a meld step needs no engine)."""
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


def played_hand(
    profile: RulesProfile, deal_seed: int, dealer: int, policy: str
) -> tuple[Json, list[Any]]:
    """A hand dealt by ``dealer`` from a seed, written out as an explicit deal, played by a
    seeded policy: its deal and actions, and its hand scores (golden)."""
    deal = deal_from_seed(profile, deal_seed, dealer)
    state = engine.new_hand(profile, deal=deal, dealer=dealer, team_scores=[0, 0])
    chooser = make_policy(policy, deal_seed)
    actions: list[Json] = []
    while not state.hand_over:
        if len(actions) >= MAX_ACTIONS:
            raise SystemExit(f"the hand from seed {deal_seed} did not end")
        action = chooser.choose(state, engine.legal_actions(state))
        following = engine.apply(state, action)
        if isinstance(following, engine.Violation):
            raise SystemExit(f"the policy chose a refused action: {following}")
        actions.append(engine.action_to_json(action))
        state = following
    scores = [points_to_json(team.total) for team in engine.score_hand(state).teams]
    return {"deal": deal_to_json(deal), "actions": actions}, scores


def add_explicit_game(
    book: Book, profile: RulesProfile, *, dealer: int, deal_seed: int, policy: str, target: int
) -> None:
    hand, scores = played_hand(profile, deal_seed, dealer, policy)
    if max(float(s) for s in scores) >= target:
        raise SystemExit(f"{profile.family.value}: the explicit hand reached the target")
    ident = f"{book.variant}/explicit/one-hand-from-an-explicit-deal"
    book.items[ident] = {
        "id": ident,
        "variant": book.variant,
        "clauses": ["explicit-deal", "game-record", f"deal-{book.variant}"],
        "description": f"A game given as a record without a seed: its first hand dealt by "
        f"seat {dealer} from an explicit deal (every card of every hand, fi packet, pile and "
        "stock written out, with the family's packet sizes) and played in full. The actions "
        f"were chosen by a seeded {policy} policy and the hand scores are golden values of "
        "the reference; the game facts (dealer, totals, target, no winner yet) are stated "
        "by hand.",
        "source": book.source,
        "steps": [
            {
                "kind": "game",
                "first_dealer": dealer,
                "hands": [hand],
                "expect": {
                    "hands": [
                        {"dealer": dealer, "scores": scores, "totals": scores, "target": target}
                    ],
                    "winner": None,
                    "decided_in": None,
                },
            }
        ],
    }


# --------------------------------------------------------------------------- koz


def koz_explicit(book: Book) -> None:
    add_meld(
        book,
        "explicit/a-2-stands-wild-in-a-set",
        ["wild-cards", "card-points-koz"],
        "A 2 of another rank is a wild card: 5H 5D with the 2 of clubs is a set of 5s worth "
        "0.5 + 0.5 + 2 = 3.",
        meld_step("5H 5D 2C", {"kind": "set", "rank": "5", "cards": cards("5H 5D 2C")}, 3),
    )
    add_meld(
        book,
        "explicit/a-joker-fills-the-gap-of-a-run",
        ["wild-cards", "card-points-koz"],
        "A printed joker is a wild card: it stands for the jack between 10S and QS, "
        "1 + 1 + 2 + 1 = 5.",
        meld_step("9S 10S JK QS", run("S", 9, "9S 10S JK QS"), 5),
    )
    add_meld(
        book,
        "explicit/half-points-are-exact",
        ["points-exact", "card-points-koz"],
        "Three low cards are worth half a point each: 3H 4H 5H is worth exactly 1.5, "
        "neither 1 nor 2.",
        meld_step("3H 4H 5H", run("H", 3, "3H 4H 5H"), 1.5),
    )
    add_meld(
        book,
        "explicit/half-points-written-as-a-string",
        ["points-exact", "card-points-koz"],
        'A point value may be written as a string: 5C 6C 7C (1.5) with 8C 9C (2) is "3.5".',
        meld_step("5C 6C 7C 8C 9C", run("C", 5, "5C 6C 7C 8C 9C"), "3.5"),
    )
    book.add(
        "explicit/seat-2-acts-in-its-turn",
        ["action-seat", "action-json", "state-json"],
        "An action naming a seat is refused when that seat is not the one to act: seat 1 may "
        "not draw in seat 2's turn; seat 2 may, and the card goes to seat 2's hand.",
        koz(turn=2, dealer=1),
        acts(
            ({"type": "draw", "seat": 1}, no("action-seat", "not-your-turn")),
            ({"type": "draw", "seat": 2}, OK),
        ),
        facts(turn=2, phase="play", hand_sizes=[11, 11, 12, 11]),
    )
    book.add(
        "explicit/a-fresh-deal-seat-3-first",
        ["deal-koz", "state-json"],
        "The koz deal written out as a state, dealt by seat 2: 11 cards to each player, two "
        "fi packets of 11, one card turned up and 41 cards in the stock; seat 3 draws first.",
        koz(discard="KD", stock_size=41, dealer=2, turn=3),
        facts(
            hand_sizes=[11, 11, 11, 11],
            stock_size=41,
            discard_size=1,
            discard_top="KD",
            fi_left=2,
            phase="draw",
            turn=3,
        ),
        ok(DRAW),
        facts(hand_sizes=[11, 11, 11, 12], stock_size=40, discard_size=1, phase="play"),
    )
    add_explicit_game(book, KOZ, dealer=2, deal_seed=31, policy="random", target=300)


def koz_facts(book: Book) -> None:
    book.add(
        "facts/team-opening-opens-both-partners",
        ["opening-team", "state-json"],
        "In koz the opening belongs to the team: when seat 3 opens with 3H 4H 5H (1.5) and "
        "three 8s (3), its partner seat 1 has opened too, and the other team has not.",
        koz(
            hands=[None, None, None, "3H 4H 5H 8C 8D 8S KC QD"],
            phase=Phase.PLAY,
            turn=3,
        ),
        ok(meld("3H 4H 5H"), meld("8C 8D 8S"), disc("KC")),
        facts(opened=[False, True], opened_seats=[False, True, False, True], turn=0),
    )
    team1_run = {"melds": [[], [[("5S 6S JK 8S", 7)]]], "opened": [False, True]}
    book.add(
        "facts/wild-moves-to-the-high-end",
        ["run-wild-moves", "lay-off", "state-json"],
        "The 7 of spades laid off on team 1's run 5-6-joker-8 takes the joker's place; seat 1 "
        "moves the joker to the high end (9).",
        koz(hands=[None, "7S QC KC"], phase=Phase.PLAY, turn=1, **team1_run),
        ok(lay(0, "7S", 9)),
        facts(melds=[[], [{"arrangement": run("S", 5, "5S 6S 7S 8S JK"), "wild_at": 9}]]),
    )
    book.add(
        "facts/wild-moves-to-the-low-end",
        ["run-wild-moves", "lay-off", "state-json"],
        "The same lay-off by seat 3 of team 1, who moves the joker to the low end (4).",
        koz(hands=[None, None, None, "7S QC KC"], phase=Phase.PLAY, turn=3, **team1_run),
        ok(lay(0, "7S", 4)),
        facts(melds=[[], [{"arrangement": run("S", 4, "JK 5S 6S 7S 8S"), "wild_at": 4}]]),
    )
    book.add(
        "facts/wild-stays-when-a-card-joins-an-end",
        ["run-wild-moves", "lay-off", "state-json"],
        "A card laid off at an end of a run leaves the wild where it stands: seat 2 of team 0 "
        "lays the 9 of spades on 5-6-joker-8 and the joker still stands for the 7.",
        koz(
            hands=[None, None, "9S QC KC"],
            phase=Phase.PLAY,
            turn=2,
            melds=[[[("5S 6S JK 8S", 7)]], []],
            opened=[True, False],
        ),
        ok(lay(0, "9S")),
        facts(melds=[[{"arrangement": run("S", 5, "5S 6S JK 8S 9S"), "wild_at": 7}], []]),
    )
    book.add(
        "facts/displaced-two-goes-home",
        ["run-wild-moves", "natural-two-in-place", "lay-off", "state-json"],
        "Team 0's run 3H, 2H standing for the 4, 5H 6H: when seat 0 lays off the 4 of hearts, "
        "the 2 of hearts goes home to place 2, where it is a natural card; no wild is left.",
        koz(
            hands=["4H QC KC"],
            phase=Phase.PLAY,
            melds=[[[("3H 2H 5H 6H", 4)]], []],
            opened=[True, False],
        ),
        ok(lay(0, "4H")),
        facts(melds=[[{"arrangement": run("H", 2, "2H 3H 4H 5H 6H"), "wild_at": None}], []]),
    )


# --------------------------------------------------------------------------- fi-5200


def fi_explicit(book: Book) -> None:
    add_meld(
        book,
        "explicit/a-joker-stands-wild-in-a-set",
        ["wild-cards", "card-points-fi-5200"],
        "A printed joker is a wild card: 7S 7C with a joker is a set of 7s worth 5 + 5 + 10 = 20.",
        meld_step("7S 7C JK", {"kind": "set", "rank": "7", "cards": cards("7S 7C JK")}, 20),
    )
    add_meld(
        book,
        "explicit/a-2-of-another-suit-stands-wild-in-a-run",
        ["wild-cards", "card-points-fi-5200", "run-wild-after-three-naturals"],
        "A 2 of another suit is a wild card: beside 8D 9D 10D the 2 of spades stands for the "
        "jack, chosen at the high end; 10 + 10 + 10 + 10 = 40.",
        meld_step("8D 9D 10D 2S", run("D", 8, "8D 9D 10D 2S"), 40, wild_at=11),
    )
    book.add(
        "explicit/seat-3-acts-in-its-turn",
        ["action-seat", "action-json", "state-json"],
        "An action naming a seat is refused when that seat is not the one to act: seat 0 may "
        "not draw in seat 3's turn; seat 3 may.",
        fi(turn=3, dealer=2),
        acts(
            ({"type": "draw", "seat": 0}, no("action-seat", "not-your-turn")),
            ({"type": "draw", "seat": 3}, OK),
        ),
        facts(turn=3, phase="play", hand_sizes=[11, 11, 11, 12]),
    )
    book.add(
        "explicit/a-fresh-deal-seat-1-first",
        ["deal-fi-5200", "take-whole-pile", "state-json"],
        "The fi-5200 deal written out as a state, dealt by seat 0: 11 cards to each player, "
        "two fi packets of 11, no card turned up and 40 cards in the stock, no trump; seat 1 "
        "cannot take the empty pile and draws.",
        fi(stock_size=40, dealer=0, turn=1),
        facts(
            hand_sizes=[11, 11, 11, 11],
            stock_size=40,
            discard_size=0,
            discard_top=None,
            trump=None,
            fi_left=2,
            phase="draw",
            turn=1,
        ),
        acts((TAKE, no("take-whole-pile", "pile-empty")), (DRAW, OK)),
        facts(hand_sizes=[11, 12, 11, 11], stock_size=39, phase="play"),
    )
    add_explicit_game(book, FI_5200, dealer=0, deal_seed=17, policy="greedy", target=5200)


def fi_facts(book: Book) -> None:
    book.add(
        "facts/seat-1-opens-alone",
        ["opening-personal", "opening-lower-band", "state-json"],
        "In fi-5200 the opening is personal: seat 1 opens with three 10s (30) and J-Q-K of "
        "hearts (30); its team has opened, but its partner seat 3 has not.",
        fi(hands=[None, "10C 10D 10S JH QH KH 5C 3D"], phase=Phase.PLAY, turn=1),
        ok(meld("10C 10D 10S"), meld("JH QH KH"), disc("5C")),
        facts(opened=[False, True], opened_seats=[False, True, False, False], turn=2),
    )
    partner = {
        "melds": [[], ["4H 5H 6H", "8C 8D 8S"]],
        "seat_opened": [False, True, False, False],
    }
    book.add(
        "facts/laying-off-does-not-open-the-partner",
        ["opening-personal", "lay-off-own-team", "state-json"],
        "Seat 3 lays the 7 and 8 of hearts off on its partner's run and discards: its team had "
        "opened, but seat 3 still has not.",
        fi(hands=[None, None, None, "7H 8H QC KC"], phase=Phase.PLAY, turn=3, **partner),
        ok(lay(0, "7H 8H"), disc("QC")),
        facts(opened=[False, True], opened_seats=[False, True, False, False], turn=0),
    )
    book.add(
        "facts/both-partners-open-team-0",
        ["opening-personal", "opening-lower-band", "state-json"],
        "Seat 0 opened before; seat 2 opens personally with three kings (30) and 3-4-5 of "
        "clubs (15): both players of team 0 have opened, none of team 1.",
        fi(
            hands=[None, None, "KC KD KS 3C 4C 5C 9D 10D"],
            phase=Phase.PLAY,
            turn=2,
            melds=[["6H 7H 8H"], []],
            seat_opened=[True, False, False, False],
        ),
        ok(meld("KC KD KS"), meld("3C 4C 5C"), disc("9D")),
        facts(opened=[True, False], opened_seats=[True, False, True, False], turn=3),
    )
    book.add(
        "facts/wild-moves-to-the-low-end",
        ["run-wild-moves", "lay-off", "state-json"],
        "The 9 of hearts laid off by seat 3 on team 1's run 6-7-8-joker takes the joker's "
        "place; seat 3 moves the joker to the low end (5).",
        fi(
            hands=[None, None, None, "9H QC KC"],
            phase=Phase.PLAY,
            turn=3,
            melds=[[], [[("6H 7H 8H JK", 9)]]],
            seat_opened=[False, True, False, True],
        ),
        ok(lay(0, "9H", 5)),
        facts(melds=[[], [{"arrangement": run("H", 5, "JK 6H 7H 8H 9H"), "wild_at": 5}]]),
    )
    book.add(
        "facts/wild-stays-when-a-card-joins-an-end",
        ["run-wild-moves", "lay-off", "state-json"],
        "A card laid off at an end of a run leaves the wild where it stands: seat 0 of team 0 "
        "lays the 10 of hearts on 6-7-8-joker and the joker still stands for the 9.",
        fi(
            hands=["10H QC KC"],
            phase=Phase.PLAY,
            melds=[[[("6H 7H 8H JK", 9)]], []],
            seat_opened=[True, False, False, False],
        ),
        ok(lay(0, "10H")),
        facts(melds=[[{"arrangement": run("H", 6, "6H 7H 8H JK 10H"), "wild_at": 9}], []]),
    )
    book.add(
        "facts/displaced-two-goes-home",
        ["run-wild-moves", "natural-two-in-place", "lay-off", "state-json"],
        "Team 1's run 3H, 2H standing for the 4, 5H 6H 7H: when seat 1 lays off the 4 of "
        "hearts, the 2 of hearts goes home to place 2, where it is a natural card; no wild "
        "is left.",
        fi(
            hands=[None, "4H QC KC"],
            phase=Phase.PLAY,
            turn=1,
            melds=[[], [[("3H 2H 5H 6H 7H", 4)]]],
            seat_opened=[False, True, False, False],
        ),
        ok(lay(0, "4H")),
        facts(melds=[[], [{"arrangement": run("H", 2, "2H 3H 4H 5H 6H 7H"), "wild_at": None}]]),
    )


def build() -> dict[str, Json]:
    koz_book = Book("koz", "seed 001")
    koz_explicit(koz_book)
    koz_facts(koz_book)
    fi_book = Book("fi-5200", "seed 000 (part 1)")
    fi_explicit(fi_book)
    fi_facts(fi_book)
    return {**koz_book.items, **fi_book.items}


def main(argv: Sequence[str] | None = None) -> int:
    return write_fixtures(build(), argv, __doc__ or "")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
