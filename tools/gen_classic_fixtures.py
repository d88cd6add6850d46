"""Write the classic conformance fixtures of chapters 5-11 (the deal and the upcard, red and
black threes, taking the pile, the frozen pile, the first-meld minimum, going out and
concealed, scoring, legal-action counts, golden playthroughs).

Every scenario below is written by hand: its setup names the cards that matter (the rest
of the deck is placed by :func:`kanasta.scenario.build_state`), and its expected verdicts,
state facts and scores are stated here from the rules of seeds 002, 003 and 004 and the
classic resolutions (card values from :func:`value`, a table written here), not computed by
the engine. The exceptions are golden values of the reference: the hands dealt by the
portable shuffle (``deal/seed-*``) and the *generated* fixtures (golden playthroughs and
legal-action counts after random prefixes), which carry a recipe and are derived by
``kanasta conformance generate``.

Most scenarios are repeated for every seat of the four-player game and for the two-, three-
and six-player tables (options ``players-2``, ``players-3``, ``players-6``), so that a
mistake tied to a seat, a team or a table fails.

    python tools/gen_classic_fixtures.py          # write the fixtures
    python tools/gen_classic_fixtures.py --check  # exit 1 if a file would change

The meld-level fixtures written by hand as files (``classic/meld``, ``classic/canasta``) are
not touched here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from fixture_kit import (
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
from kanasta import engine
from kanasta.deal import deal_from_seed, deal_to_json
from kanasta.points import points_to_json
from kanasta.policy import make_policy
from kanasta.profiles import CLASSIC, RulesProfile, get_profile
from kanasta.scenario import build_state
from kanasta.state import Phase, state_to_json

SOURCE = "seeds 002, 003, 004"

TABLES: dict[str, tuple[str, ...]] = {
    "players-4": (),
    "players-2": ("players-2",),
    "players-3": ("players-3",),
    "players-6": ("players-6",),
}
PLAYERS = {"players-4": 4, "players-2": 2, "players-3": 3, "players-6": 6}

CANASTA = "KC KC KD KD KH KH KS"
"""Seven natural kings: a natural canasta (500), 70 in cards."""
MIXED = "QC QC QD QD QH QH JK"
"""Six queens and a joker: a mixed canasta (300), 110 in cards."""


def value(card: str) -> int:
    """The classic value of a card (clause card-points-classic), written out here."""
    if card == "JK":
        return 50
    rank = card[:-1]
    if rank in ("A", "2"):
        return 20
    if rank in ("8", "9", "10", "J", "Q", "K"):
        return 10
    return 5


def total(text: str) -> int:
    return sum(value(c) for c in cards(text))


def _profile(features: Sequence[str]) -> RulesProfile:
    return get_profile("classic", features) if features else CLASSIC


def teams_of(players: int) -> int:
    return players if players in (2, 3) else 2


def state(features: Sequence[str] = (), **kwargs: Any) -> Json:
    """A complete classic state (fixture ``setup.state``) from the cards that matter."""
    return state_to_json(build_state(_profile(features), **kwargs))


def seat_hands(seat: int, hand: str, players: int = 4, /, **others: str) -> list[str | None]:
    """Hands by seat with ``hand`` at ``seat``; ``others`` maps ``s<N>`` to another hand."""
    out: list[str | None] = [None] * players
    out[seat] = hand
    for key, text in others.items():
        out[int(key[1:])] = text
    return out


def table(team: int, melds: Sequence[Any], teams: int = 2) -> list[list[Any]]:
    """The melds of one team, the other teams with none."""
    return [list(melds) if t == team else [] for t in range(teams)]


def both(team: int, mine: Sequence[Any], theirs: Sequence[Any], teams: int = 2) -> list[list[Any]]:
    """The melds of ``team`` and the same ``theirs`` for every other team."""
    return [list(mine) if t == team else list(theirs) for t in range(teams)]


def take(text: str = "", onto: int | None = None) -> Json:
    out: Json = {"type": "take-pile"}
    if onto is not None:
        out["meld"] = onto
    if text:
        out["cards"] = cards(text)
    return out


def parts(
    melded: int = 0,
    canastas: int = 0,
    red_threes: int = 0,
    going_out: int = 0,
    concealed: int = 0,
    hand: int = 0,
) -> tuple[float, dict[str, float]]:
    """A team's score: the total and the breakdown (clause classic-hand-score)."""
    breakdown: dict[str, float] = {
        "melded": melded,
        "canastas": canastas,
        "red-threes": red_threes,
        "going-out": going_out,
        "concealed": concealed,
        "hand": hand,
    }
    return sum(breakdown.values()), breakdown


def seats_of(players: int) -> range:
    return range(players)


def tables_seats() -> list[tuple[str, tuple[str, ...], int, int]]:
    """(table name, features, players, seat): every seat of four players, and two seats of
    each other table."""
    out: list[tuple[str, tuple[str, ...], int, int]] = [("players-4", (), 4, s) for s in range(4)]
    out += [("players-2", TABLES["players-2"], 2, s) for s in (0, 1)]
    out += [("players-3", TABLES["players-3"], 3, s) for s in (1, 2)]
    out += [("players-6", TABLES["players-6"], 6, s) for s in (3, 4)]
    return out


def suffix(name: str, seat: int) -> str:
    return f"seat-{seat}" if name == "players-4" else f"{name}-seat-{seat}"


# --------------------------------------------------------------------------- chapter 5


_SEEDS = (1, 2, 7, 2024)


def deal_fixtures(book: Book) -> None:
    engine_state: Callable[[Sequence[str], int], Json] = _dealt
    for name, features in TABLES.items():
        players = PLAYERS[name]
        for seed in _SEEDS:
            dealt = engine_state(features, seed)
            hands = dealt["hands"]
            size = {4: 11, 2: 15, 3: 13, 6: 11}[players]
            reds = sum(len(t) for t in dealt["extra"]["red_threes"])
            turned = len(dealt["discard"])
            book.add(
                f"deal/{name}/seed-{seed}",
                ["seeded-shuffle", "classic-deal", "classic-players", "classic-upcard"]
                + (["classic-red-threes"] if reds else []),
                f"The portable shuffle of seed {seed} dealt to {players} players by the last "
                f"seat: {size} cards each, one at a time from seat 0; the upcard "
                f"{'and the cards turned onto it ' if turned > 1 else ''}start the pile "
                f"({turned} card(s), the top a natural 4 or higher); "
                f"{reds} red three(s) dealt are laid and replaced from the stock; the rest is "
                "the stock. Seat 0 plays first.",
                {"seed": seed},
                facts(
                    turn=0,
                    phase="draw",
                    hands=hands,
                    hand_sizes=[size] * players,
                    stock_size=108 - size * players - turned - reds,
                    discard_size=turned,
                    discard_top=dealt["discard"][-1],
                    opened=[False] * teams_of(players),
                    hand_over=False,
                ),
                features=features,
            )


def explicit_fixtures(book: Book) -> None:
    """Explicit pins of the deal, the upcard and the meld rules (no seed)."""
    for text, label in (("5H 6H 7H", "three-hearts-in-a-row"), ("9S 10S JK", "a-run-with-a-joker")):
        full = f"classic/meld-rules/run-{label}-is-no-meld"
        book.items[full] = {
            "id": full,
            "variant": "classic",
            "clauses": ["runs-not-in-classic"],
            "description": f"{text} would be a run in the other families; classic has only sets.",
            "source": SOURCE,
            "steps": [
                {
                    "kind": "meld",
                    "cards": cards(text),
                    "expect": {
                        "verdict": "rejected",
                        "code": "no-runs",
                        "clause": "runs-not-in-classic",
                    },
                }
            ],
        }
    for dealer in (0, 2):
        first = (dealer + 1) % 4
        book.add(
            f"deal/explicit/clockwise-from-the-dealers-left-dealer-{dealer}",
            ["classic-deal", "turn-passes"],
            f"Seat {dealer} dealt, so seat {first}, on the dealer's left, plays first; after its "
            f"discard the turn passes clockwise to seat {(first + 1) % 4}, and after that "
            f"player's to seat {(first + 2) % 4}.",
            state(
                hands=seat_hands(
                    first,
                    "4C 4D 5H 6H 7C 10S JS QS KS AS AD",
                    **{f"s{(first + 1) % 4}": "4H 4S 5D 6D 7D 10D JD QD KD AH 8C"},
                ),
                turn=first,
                dealer=dealer,
                discard="5C",
                phase=Phase.DRAW,
            ),
            ok(DRAW, disc("KS")),
            facts(turn=(first + 1) % 4, phase="draw", discard_top="KS"),
            ok(DRAW, disc("KD")),
            facts(turn=(first + 2) % 4, phase="draw", discard_top="KD"),
        )
    for seat in (1, 3):
        book.add(
            f"deal/explicit/upcard-left-a-wild-under-the-top-seat-{seat}",
            ["classic-upcard", "classic-frozen-pile", "classic-red-threes"],
            "The upcard was a joker, then a red three, covered by the 9 of clubs: the pile "
            "JK 3H 9C is frozen, so a natural nine and a 2 do not take it; a natural pair does, "
            "and the red three is laid for the taker's side without replacement.",
            state(
                hands=seat_hands(seat, "9D 9H 2C 4D 5H 6H 7C 10S JS QS KS"),
                melds=table(seat % 2, ["8C 8D 8H"]),
                discard="JK 3H 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            acts(
                (take("2C 9D"), no("classic-frozen-pile", "natural-pair-needed")),
                (take("9D 9H"), OK),
            ),
            facts(discard_size=0, hand_sizes=[10 if s == seat else 11 for s in range(4)]),
        )
    dealer, seed = 3, 41
    deal = deal_from_seed(CLASSIC, seed, dealer)
    hand = engine.new_hand(CLASSIC, deal=deal, dealer=dealer)
    chooser = make_policy("greedy", seed)
    actions: list[Json] = []
    while not hand.hand_over:
        action = chooser.choose(hand, engine.legal_actions(hand))
        following = engine.apply(hand, action)
        if isinstance(following, engine.Violation):
            raise SystemExit(f"the policy chose a refused action: {following}")
        actions.append(engine.action_to_json(action))
        hand = following
    scores = [points_to_json(team.total) for team in engine.score_hand(hand).teams]
    if max(float(s) for s in scores) >= 5000:
        raise SystemExit("the explicit classic hand reached the target")
    ident = "classic/explicit/one-hand-from-an-explicit-deal"
    book.items[ident] = {
        "id": ident,
        "variant": "classic",
        "clauses": ["explicit-deal", "game-record", "classic-deal", "classic-upcard"],
        "description": f"A classic game given as a record without a seed: its first hand dealt "
        f"by seat {dealer} from an explicit deal (every hand, the pile as the upcard left it "
        "and the stock written out; the red threes dealt are laid and replaced by the "
        "implementation) and played in full. The actions were chosen by a seeded greedy policy "
        "and the hand scores are golden values of the reference; the game facts (dealer, "
        "totals, target, no winner yet) are stated by hand.",
        "source": SOURCE,
        "steps": [
            {
                "kind": "game",
                "first_dealer": dealer,
                "hands": [{"deal": deal_to_json(deal), "actions": actions}],
                "expect": {
                    "hands": [
                        {"dealer": dealer, "scores": scores, "totals": scores, "target": 5000}
                    ],
                    "winner": None,
                    "decided_in": None,
                },
            }
        ],
    }


def _dealt(features: Sequence[str], seed: int) -> Json:
    """The golden deal of the reference for a seed (hands, pile, red threes)."""
    return engine.state_to_json(engine.new_hand(_profile(features), seed=seed))


# --------------------------------------------------------------------------- chapter 6: pile


def pile_fixtures(book: Book) -> None:
    for name, features, players, seat in tables_seats():
        teams = teams_of(players)
        team = seat % teams
        tag = suffix(name, seat)
        common: dict[str, Any] = {"turn": seat, "phase": Phase.DRAW}
        opened_melds = table(team, ["8C 8D 8H"], teams)
        book.add(
            f"pile/take-with-natural-pair-{tag}",
            ["classic-take-pile", "take-whole-pile"],
            f"Seat {seat}'s side has opened; the pile 5C 6D 9C holds no wild card and no red "
            "three. A natural pair of nines from the hand melds with the top nine; the other "
            "two cards of the pile join the hand (11 - 2 + 2 = 11 cards) and the pile is empty.",
            state(
                features,
                hands=seat_hands(seat, "9D 9H 4C 4D 5H 6H 7C 10S JS QS KS", players),
                melds=opened_melds,
                discard="5C 6D 9C",
                **common,
            ),
            ok(take("9D 9H")),
            facts(phase="play", discard_size=0, hand_sizes=_sizes(players, seat, 11, name)),
            features=features,
        )
        book.add(
            f"pile/take-with-natural-and-wild-{tag}",
            ["classic-take-pile", "classic-frozen-pile"],
            f"Seat {seat}'s side has opened and the pile 5C 6D 9C is not frozen: a natural nine "
            "and a 2 from the hand meld with the top nine.",
            state(
                features,
                hands=seat_hands(seat, "9D 2H 4C 4D 5H 6H 7C 10S JS QS KS", players),
                melds=opened_melds,
                discard="5C 6D 9C",
                **common,
            ),
            ok(take("2H 9D")),
            facts(phase="play", discard_size=0),
            features=features,
        )
        book.add(
            f"pile/frozen-by-a-wild-card-needs-a-pair-{tag}",
            ["classic-frozen-pile", "classic-take-pile"],
            f"A 2 lies under the top of the pile (2C 6D 9C): the pile is frozen, so seat "
            f"{seat}'s natural nine and joker do not take it; two natural nines do.",
            state(
                features,
                hands=seat_hands(seat, "9D 9H JK 4C 4D 5H 6H 7C 10S JS QS", players),
                melds=opened_melds,
                discard="2C 6D 9C",
                **common,
            ),
            acts(
                (take("9D JK"), no("classic-frozen-pile", "natural-pair-needed")),
                (take("9D 9H"), OK),
            ),
            facts(discard_size=0, hand_sizes=_sizes(players, seat, 11, name)),
            features=features,
        )
        book.add(
            f"pile/frozen-for-a-side-that-has-not-opened-{tag}",
            ["classic-frozen-pile", "classic-pile-opening"],
            f"Seat {seat}'s side has no meld: for it the pile 5C 6D 9C is frozen, so a natural "
            "nine and a 2 do not take it.",
            state(
                features,
                hands=seat_hands(seat, "9D 2H 4C 4D 5H 6H 7C 10S JS QS KS", players),
                discard="5C 6D 9C",
                **common,
            ),
            acts((take("2H 9D"), no("classic-frozen-pile", "natural-pair-needed"))),
            features=features,
        )
        book.add(
            f"pile/freeze-clears-when-taken-{tag}",
            ["classic-freeze-clears", "classic-frozen-pile", "classic-take-pile"],
            f"Seat {seat} takes a pile frozen by a joker with a natural pair of nines and "
            "discards the 4 of clubs; the new pile is not frozen, so the next player, whose "
            "side has opened, takes it with a natural 4 and a 2. An engine that keeps the "
            "freeze after the pile is taken refuses that.",
            state(
                features,
                hands=seat_hands(
                    seat,
                    "9D 9H 4C 5H 6H 7C 10S JS QS KS AS",
                    players,
                    **{f"s{(seat + 1) % players}": "4D 2S 5D 6D 7D 10D JD QD KD AD 8S"},
                ),
                melds=[_OPENED[t] for t in range(teams)],
                discard="5C JK 9C",
                **common,
            ),
            ok(take("9D 9H"), disc("4C")),
            facts(turn=(seat + 1) % players, discard_size=1, discard_top="4C"),
            ok(take("2S 4D")),
            features=features,
        )
        book.add(
            f"pile/lay-top-card-off-on-own-set-{tag}",
            ["classic-take-pile", "lay-off-own-team"],
            f"Seat {seat}'s side has a set of eights and the pile (5C 6D 8S) is not frozen: the "
            "top eight is laid off on that set alone and the pile joins the hand.",
            state(
                features,
                hands=seat_hands(seat, "4C 4D 5H 6H 7C 10S JS QS KS AS AD", players),
                melds=opened_melds,
                discard="5C 6D 8S",
                **common,
            ),
            ok(take(onto=0)),
            facts(phase="play", discard_size=0, hand_sizes=_sizes(players, seat, 13, name)),
            features=features,
        )
        book.add(
            f"pile/frozen-top-on-own-set-needs-a-pair-{tag}",
            ["classic-frozen-pile", "classic-take-pile"],
            f"The pile (3D 6D 8S) holds a red three, so it is frozen: seat {seat} may not lay the "
            "top eight off alone on the side's eights, but may with a natural pair of eights "
            "shown from the hand.",
            state(
                features,
                hands=seat_hands(seat, "8C 8D 4C 4D 5H 6H 7C 10S JS QS KS", players),
                melds=table(team, ["8H 8H 8S"], teams),
                discard="3D 6D 8S",
                **common,
            ),
            acts(
                (take(onto=0), no("classic-frozen-pile", "natural-pair-needed")),
                (take("8C 8D", onto=0), OK),
            ),
            facts(discard_size=0, hand_sizes=_sizes(players, seat, 10, name)),
            features=features,
        )
        book.add(
            f"pile/black-three-on-top-blocks-{tag}",
            ["classic-black-threes"],
            f"A black three is on top of the pile (over a nine): seat {seat} may not take it, "
            "even with a natural pair of nines; only a draw is left.",
            state(
                features,
                hands=seat_hands(seat, "9D 9H 4C 4D 5H 6H 7C 10S JS QS KS", players),
                melds=opened_melds,
                discard="9C 3S",
                **common,
            ),
            acts((take("9D 9H"), no("classic-black-threes", "pile-blocked"))),
            count(1),
            features=features,
        )
    for seat in range(4):
        team = seat % 2
        common = {"turn": seat, "phase": Phase.DRAW}
        book.add(
            f"pile/one-natural-does-not-take-a-frozen-pile-seat-{seat}",
            ["classic-frozen-pile"],
            f"The pile 2C 6D 9C is frozen by the 2; seat {seat} holds one natural nine and two "
            "jokers. One natural is never enough for a frozen pile, whatever else is shown.",
            state(
                hands=seat_hands(seat, "9D JK JK 4C 4D 5H 6H 7C 10S JS QS"),
                melds=table(team, ["8C 8D 8H"]),
                discard="2C 6D 9C",
                **common,
            ),
            acts(
                (take("9D JK"), no("classic-frozen-pile", "natural-pair-needed")),
                (take("JK JK"), no("classic-frozen-pile", "natural-pair-needed")),
            ),
            count(1),
        )
        book.add(
            f"pile/covered-black-three-seat-{seat}",
            ["classic-black-threes", "classic-take-pile"],
            f"A black three lies under the top nine: the pile is not blocked (and not frozen), "
            f"so seat {seat} takes it with a natural nine and a 2.",
            state(
                hands=seat_hands(seat, "9D 2H 4C 4D 5H 6H 7C 10S JS QS KS"),
                melds=table(team, ["8C 8D 8H"]),
                discard="3S 9C",
                **common,
            ),
            ok(take("2H 9D")),
        )
        book.add(
            f"pile/second-set-of-a-rank-{seat}",
            ["one-set-per-rank", "classic-take-pile"],
            f"Seat {seat}'s side already has a set of nines: the top nine goes on it, not into a "
            "new set with a pair from the hand.",
            state(
                hands=seat_hands(seat, "9D 9H 4C 4D 5H 6H 7C 10S JS QS KS"),
                melds=table(team, ["9S 9S 9C"]),
                discard="5C 6D 9C",
                **common,
            ),
            acts(
                (take("9D 9H"), no("one-set-per-rank", "second-set-of-rank")),
                (take(onto=0), OK),
            ),
        )
    for seat in (0, 3):
        common = {"turn": seat, "phase": Phase.DRAW}
        book.add(
            f"pile/plain-take-names-no-meld-seat-{seat}",
            ["classic-take-pile", "action-kinds"],
            "A take-pile action that names neither hand cards nor a meld does not say how the "
            "top card is melded: refused.",
            state(
                hands=seat_hands(seat, "9D 9H 4C 4D 5H 6H 7C 10S JS QS KS"),
                melds=table(seat % 2, ["8C 8D 8H"]),
                discard="5C 6D 9C",
                **common,
            ),
            acts(({"type": "take-pile"}, no("classic-take-pile", "top-card-not-melded"))),
        )
        book.add(
            f"pile/wild-card-on-top-seat-{seat}",
            ["classic-take-pile", "classic-frozen-pile"],
            "A 2 was discarded on top of the pile: no meld takes a wild card as its top card "
            "from the pile, so the pile cannot be taken.",
            state(
                hands=seat_hands(seat, "9D 9H 2D 4D 5H 6H 7C 10S JS QS KS"),
                melds=table(seat % 2, ["8C 8D 8H"]),
                discard="5C 6D 2C",
                **common,
            ),
            acts((take("2D 9D"), no("classic-take-pile", "top-not-meldable"))),
            count(1),
        )
        book.add(
            f"pile/one-card-pile-one-card-hand-seat-{seat}",
            ["single-pile-needs-two-cards"],
            "A player holding one card may not take a pile of one card, even to lay its top "
            "card off on the side's set.",
            state(
                hands=seat_hands(seat, "5H"),
                melds=both(seat % 2, [CANASTA, "8C 8D 8H"], ["4C 4D 4H"]),
                discard="8S",
                **common,
            ),
            acts((take(onto=1), no("single-pile-needs-two-cards", "single-card-hand"))),
            count(1),
        )
        book.add(
            f"pile/count-unfrozen-seat-{seat}",
            ["classic-take-pile", "legal-action-count"],
            "Seat holds three natural nines, a 2 and a joker; the pile is not frozen and the "
            "side has no nines: 3 pairs and 3 x 2 natural-and-wild pairs take it, plus the draw: "
            "10 legal actions.",
            state(
                hands=seat_hands(seat, "9D 9H 9S 2C JK 4C 5H 6H 7C 10S JS"),
                melds=table(seat % 2, ["8C 8D 8H"]),
                discard="5C 6D 9C",
                **common,
            ),
            count(10),
        )
        book.add(
            f"pile/count-frozen-seat-{seat}",
            ["classic-frozen-pile", "legal-action-count"],
            "The same hand and a pile frozen by a joker: only the 3 natural pairs take it, plus "
            "the draw: 4 legal actions.",
            state(
                hands=seat_hands(seat, "9D 9H 9S 2C 4C 4D 5H 6H 7C 10S JS"),
                melds=table(seat % 2, ["8C 8D 8H"]),
                discard="JK 6D 9C",
                **common,
            ),
            count(4),
        )
    for seat in range(4):
        book.add(
            f"pile/black-three-freezes-option-seat-{seat}",
            ["classic-options", "classic-frozen-pile"],
            "With the option black-three-freezes, a black three under the top nine freezes the "
            "pile: a natural nine and a 2 no longer take it, a natural pair does.",
            state(
                ("black-three-freezes",),
                hands=seat_hands(seat, "9D 9H 2H 4D 5H 6H 7C 10S JS QS KS"),
                melds=table(seat % 2, ["8C 8D 8H"]),
                discard="3S 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            acts(
                (take("2H 9D"), no("classic-frozen-pile", "natural-pair-needed")),
                (take("9D 9H"), OK),
            ),
            features=("black-three-freezes",),
        )


def listing_count_fixtures(book: Book) -> None:
    """Legal-action counts of explicit states: the ways to take the pile (which meld the top
    card goes on, which hand cards go with it, whether the turn can still end) and the melds
    of black threes, listed only when they go out."""
    for seat in range(4):
        team = seat % 2
        hand = "9D 9H" if seat < 2 else "9D 9H 5S"
        rest = "no card" if seat < 2 else "the 5 of spades alone"
        book.add(
            f"pile/count-last-cards-need-a-canasta-seat-{seat}",
            ["classic-take-pile", "turn-must-finish", "classic-going-out", "legal-action-count"],
            f"Seat {seat} holds {hand}; its side has opened with 8C 8D 8H and has no canasta; "
            f"the pile is the 9 of clubs alone. Taking it with the pair of nines would leave "
            f"{rest} in hand: the hand could not be emptied without a canasta, nor a card kept "
            "to discard, so the take is not legal and only the draw is: 1 legal action.",
            state(
                hands=seat_hands(seat, hand),
                melds=table(team, ["8C 8D 8H"]),
                discard="9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            count(1),
        )
    for seat in (0, 3):
        book.add(
            f"pile/count-last-cards-go-out-with-a-canasta-seat-{seat}",
            ["classic-take-pile", "classic-going-out", "legal-action-count"],
            f"Seat {seat} holds 9D 9H, its side has a canasta of kings and 8C 8D 8H; the pile is "
            "5C 9C. Taking it with the pair of nines leaves the 5 of clubs, which may be "
            "discarded to go out: the take and the draw, 2 legal actions.",
            state(
                hands=seat_hands(seat, "9D 9H"),
                melds=table(seat % 2, [CANASTA, "8C 8D 8H"]),
                discard="5C 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            count(2),
        )
    for seat in (1, 2):
        team = seat % 2
        melds = table(team, ["9S 9S 9H", "8C 8D 8H"])
        book.add(
            f"pile/count-onto-the-first-meld-seat-{seat}",
            ["classic-take-pile", "one-set-per-rank", "legal-action-count"],
            f"Seat {seat}'s side has its nines as its first meld (index 0); the pile 5C 6D 9C is "
            "not frozen and the hand holds no nine: the top nine is laid off alone on meld 0. "
            "The take and the draw: 2 legal actions.",
            state(
                hands=seat_hands(seat, "2C 4C 5H 6H 7C 10S JS QS KS AS AD"),
                melds=melds,
                discard="5C 6D 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            count(2),
        )
        book.add(
            f"pile/count-frozen-onto-the-first-meld-seat-{seat}",
            ["classic-frozen-pile", "one-set-per-rank", "legal-action-count"],
            f"The same side's nines are meld 0 and the pile JK 6D 9C is frozen: seat {seat} lays "
            "the top nine off on meld 0 with its natural pair 9D 9H (a new set of nines is no "
            "option, the side has one). The take and the draw: 2 legal actions.",
            state(
                hands=seat_hands(seat, "9D 9H 2C 4C 5H 6H 7C 10S JS QS KS"),
                melds=melds,
                discard="JK 6D 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            count(2),
        )
    for seat in range(4):
        wilds = seat % 2 == 0
        hand = "9D 9H 2C JK 4C 5H 6H 7C 10S JS QS" if wilds else "9D 9H 4C 5H 6H 7C 10S JS QS KS AS"
        takes = (
            "the natural pair and each natural with each wild card (2 x 2): 5 ways"
            if wilds
            else "only the natural pair, the hand has no wild card: 1 way"
        )
        book.add(
            f"pile/count-two-naturals-{'and-two-wilds' if wilds else 'no-wild'}-seat-{seat}",
            ["classic-take-pile", "legal-action-count"],
            f"Seat {seat}'s side has opened without nines; the pile 5C 6D 9C is not frozen and "
            f"the hand holds 9D 9H{' and the wild cards 2C and JK' if wilds else ''}. The top "
            f"nine makes a new set with {takes}; with the draw, "
            f"{6 if wilds else 2} legal actions. A card of another rank never joins it.",
            state(
                hands=seat_hands(seat, hand),
                melds=table(seat % 2, ["8C 8D 8H"]),
                discard="5C 6D 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            count(6 if wilds else 2),
        )
    for seat in (1, 2):
        team = seat % 2
        book.add(
            f"threes/count-black-threes-not-going-out-seat-{seat}",
            ["classic-threes-in-melds", "legal-action-count"],
            f"Seat {seat} holds 3C 3S 3S 5D 7H 9C JD and its side has opened with kings. Black "
            "threes are melded only when going out, and three of them would leave four cards: "
            "no meld is legal, nothing can be laid off on the kings, and each of the 6 distinct "
            "cards may be discarded: 6 legal actions.",
            state(
                hands=seat_hands(seat, "3C 3S 3S 5D 7H 9C JD"),
                melds=table(team, ["KC KD KH"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            count(6),
        )
        book.add(
            f"threes/count-black-threes-going-out-seat-{seat}",
            ["classic-threes-in-melds", "classic-black-threes-last", "legal-action-count"],
            f"Seat {seat} holds 3C 3S 3S 5D and its side has a canasta: the three black threes "
            "may be melded, since the 5 of diamonds can then be discarded to go out. That meld, "
            "listed once, and the discards of 3C, 3S and 5D: 4 legal actions.",
            state(
                hands=seat_hands(seat, "3C 3S 3S 5D"),
                melds=table(team, [CANASTA]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            count(4),
        )


_OPENED = (["8C 8D 8H"], ["6C 6D 6S"], ["10C 10D 10H"])


def _sizes(players: int, seat: int, size: int, name: str) -> list[int]:
    base = {"players-4": 11, "players-2": 15, "players-3": 13, "players-6": 11}[name]
    return [size if s == seat else base for s in range(players)]


# --------------------------------------------------------------------------- threes


def threes_fixtures(book: Book) -> None:
    for name, features, players, seat in tables_seats():
        teams = teams_of(players)
        team = seat % teams
        tag = suffix(name, seat)
        base = {"players-4": 11, "players-2": 15, "players-3": 13, "players-6": 11}[name]
        book.add(
            f"threes/red-three-drawn-is-laid-and-replaced-{tag}",
            ["classic-red-threes", "draw-from-stock"],
            f"Seat {seat} draws the 3 of hearts: it is laid face up at once and the next stock "
            "card (7C) is drawn in its place; the hand grows by one card, the stock by two less.",
            state(
                features,
                stock_top="3H 7C",
                discard="5C",
                turn=seat,
                phase=Phase.DRAW,
                red_threes=[],
            ),
            ok(DRAW),
            facts(
                phase="play",
                hand_sizes=[base + 1 if s == seat else base for s in range(players)],
                red_threes=[["3H"] if t == team else [] for t in range(teams)],
            ),
            features=features,
        )
        book.add(
            f"threes/red-three-in-taken-pile-not-replaced-{tag}",
            ["classic-red-threes", "classic-take-pile"],
            f"The pile 3D 6D 6C 9C (frozen by the red three) is taken by seat {seat} with a "
            "natural pair of nines: the red three is laid face up and not replaced, so the hand "
            "gains only the two sixes.",
            state(
                features,
                hands=seat_hands(seat, "9D 9H 4C 4D 5H 6H 7C 10S JS QS KS", players),
                melds=table(team, ["8C 8D 8H"], teams),
                discard="3D 6D 6C 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            ok(take("9D 9H")),
            facts(
                discard_size=0,
                hand_sizes=[11 if s == seat else base for s in range(players)],
                red_threes=[["3D"] if t == team else [] for t in range(teams)],
            ),
            features=features,
        )
        book.add(
            f"threes/black-threes-melded-going-out-{tag}",
            ["classic-threes-in-melds", "classic-going-out"],
            f"Seat {seat}'s side has the canasta(s) it needs; the player melds the three black "
            "threes and discards the last card: out.",
            state(
                features,
                hands=seat_hands(seat, "3C 3S 3S 9D", players),
                melds=table(team, [CANASTA, MIXED] if name == "players-2" else [CANASTA], teams),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("3C 3S 3S"), disc("9D")),
            facts(hand_over=True),
            features=features,
        )
    for seat in range(4):
        team = seat % 2
        book.add(
            f"threes/black-threes-not-melded-before-going-out-seat-{seat}",
            ["classic-threes-in-melds"],
            f"Seat {seat} holds three black threes and five other cards: melding the threes "
            "would not go out, so it is refused.",
            state(
                hands=seat_hands(seat, "3C 3S 3S 9D 10D JD QD 8D"),
                melds=table(team, [CANASTA]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts((meld("3C 3S 3S"), no("classic-threes-in-melds", "black-threes-not-going-out"))),
        )
        book.add(
            f"threes/black-threes-without-canasta-seat-{seat}",
            ["classic-threes-in-melds", "classic-going-out", "emptying-needs-canasta"],
            f"Seat {seat}'s side has no canasta: melding its last three cards, black threes, "
            "would go out without one: refused.",
            state(
                hands=seat_hands(seat, "3C 3S 3S"),
                melds=table(team, ["8C 8D 8H"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts((meld("3C 3S 3S"), no("emptying-needs-canasta", "no-canasta"))),
        )
        book.add(
            f"threes/black-threes-take-no-wild-seat-{seat}",
            ["classic-threes-in-melds"],
            "Going out with two black threes and a 2 is no meld: black threes take no wild card.",
            state(
                hands=seat_hands(seat, "3C 3S 2D"),
                melds=table(team, [CANASTA]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts((meld("2D 3C 3S"), no("classic-threes-in-melds", "black-threes-with-wilds"))),
        )
        book.add(
            f"threes/fourth-black-three-not-laid-off-seat-{seat}",
            ["classic-threes-in-melds", "classic-black-threes-last"],
            f"Seat {seat} holds all four black threes and its side has a canasta. It melds three "
            "of them as its last meld (one card is left), but the fourth cannot be laid off on "
            "them afterwards: black threes are melded all at once. Discarding it goes out.",
            state(
                hands=seat_hands(seat, "3C 3C 3S 3S"),
                melds=table(team, [CANASTA]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts(
                (meld("3C 3C 3S"), OK),
                (lay(1, "3S"), no("classic-threes-in-melds", "black-threes-not-going-out")),
                (disc("3S"), OK),
            ),
            facts(hand_over=True),
        )
        book.add(
            f"threes/two-red-threes-in-a-row-seat-{seat}",
            ["classic-red-threes"],
            f"Seat {seat} draws 3H, then 3D: both are laid and the third card (KC) comes to the "
            "hand; the stock is three cards shorter.",
            state(stock_top="3H 3D KC", discard="5C", turn=seat, phase=Phase.DRAW),
            ok(DRAW),
            facts(
                phase="play",
                hand_sizes=[12 if s == seat else 11 for s in range(4)],
                red_threes=[["3D", "3H"] if t == seat % 2 else [] for t in range(2)],
            ),
        )
        book.add(
            f"threes/red-threes-score-for-a-melded-side-seat-{seat}",
            ["classic-red-three-score", "classic-hand-score"],
            f"Seat {seat}'s side laid two red threes and has melds: +200. It goes out with a "
            "canasta; the other side, also melded, laid one: +100.",
            state(
                hands=seat_hands(seat, "9D", **{f"s{(seat + 2) % 4}": "4C", **_others(seat)}),
                melds=both(seat % 2, [CANASTA], ["5C 5D 5H"]),
                red_threes=_reds(seat % 2, "3H 3D", "3H"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(disc("9D")),
            score(
                *_order(
                    seat % 2,
                    parts(70, 500, 200, 100, 0, -5),
                    parts(15, 0, 100, 0, 0, -10),
                )
            ),
        )
        book.add(
            f"threes/red-threes-count-minus-without-melds-seat-{seat}",
            ["classic-red-three-score"],
            f"Seat {seat} goes out; the other side laid the 3 of hearts but has no meld on the "
            "table: -100 for it. An engine that counts a red three for a side without melds "
            "gives +100.",
            state(
                hands=seat_hands(seat, "9D", **{f"s{(seat + 2) % 4}": "4C", **_others(seat)}),
                melds=table(seat % 2, [CANASTA]),
                red_threes=_reds(seat % 2, "", "3H"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(disc("9D")),
            score(
                *_order(
                    seat % 2,
                    parts(70, 500, 0, 100, 0, -5),
                    parts(0, 0, -100, 0, 0, -10),
                )
            ),
        )
    for seat in (0, 1):
        book.add(
            f"threes/black-three-minus-100-option-seat-{seat}",
            ["classic-options", "classic-black-three-in-hand", "classic-hand-score"],
            "With the option black-three-minus-100, the black three left in the partner's hand "
            "costs 100 instead of 5.",
            state(
                ("black-three-minus-100",),
                hands=seat_hands(seat, "9D", **{f"s{(seat + 2) % 4}": "3C", **_others(seat)}),
                melds=both(seat % 2, [CANASTA], ["5C 5D 5H"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(disc("9D")),
            score(
                *_order(
                    seat % 2,
                    parts(70, 500, 0, 100, 0, -100),
                    parts(15, 0, 0, 0, 0, -10),
                )
            ),
            features=("black-three-minus-100",),
        )


def _others(seat: int) -> dict[str, str]:
    """The opponents' hands (5D and 5S, 10 in all, by seat)."""
    return {f"s{(seat + 1) % 4}": "5D", f"s{(seat + 3) % 4}": "5S"}


def _reds(team: int, mine: str, theirs: str) -> list[str]:
    return [mine if t == team else theirs for t in range(2)]


def _order(team: int, mine: Any, theirs: Any, teams: int = 2) -> list[Any]:
    return [mine if t == team else theirs for t in range(teams)]


# --------------------------------------------------------------------------- chapter 7


_BANDS: tuple[tuple[int, int, str, str | None, str], ...] = (
    (-100, 15, "4C 4D 4H", None, "a negative score"),
    (-5, 15, "4C 4D 4H", None, "minus 5"),
    (0, 50, "10C 10D 10H 10S 10C", "10C 10D 10H 10S", "0"),
    (1495, 50, "10C 10D 10H 10S 10C", "10C 10D 10H 10S", "1,495"),
    (1500, 90, "AC AD JK", "KC KD JK", "1,500"),
    (2995, 90, "AC AD JK", "KC KD JK", "2,995"),
    (3000, 120, "AC AD AH AS 2C 2D", "AC AD AH AS 2C", "3,000"),
    (4995, 120, "AC AD AH AS 2C 2D", "AC AD AH AS 2C", "4,995"),
)
_MORE = "9C 9D 9H"
"""A second set (30) that brings each short first meld of ``_BANDS`` over its minimum."""


def first_meld_fixtures(book: Book) -> None:
    for i, (score_before, minimum, enough, short, label) in enumerate(_BANDS):
        seat = i % 4
        team = seat % 2
        scores = [score_before if t == team else 0 for t in range(2)]
        # the meld cards are a set: give the rank's naturals.
        checks = [("reaches", enough, True)]
        if short is not None:
            checks.append(("falls-short-of", short, False))
        for what, text, verdict in checks:
            hand = f"{_set_of(text)} 6S 7S" if verdict else f"{_set_of(text)} {_MORE} 6S 7S"
            steps = (
                [ok(meld(_set_of(text)), disc("7S"))]
                if verdict
                else [
                    ok(meld(_set_of(text))),
                    acts((disc("7S"), no("classic-opening-minimum", "below-threshold"))),
                    ok(meld(_MORE), disc("7S")),
                ]
            )
            more = (
                ""
                if verdict
                else f" With {_MORE} laid too ({total(_set_of(text)) + total(_MORE)}) it does."
            )
            book.add(
                f"first-meld/{what}-the-minimum-at-{_slug(label)}-seat-{seat}",
                ["classic-opening-minimum", "opening-checked-at-discard"],
                f"Seat {seat}'s side stands at {label} before the hand: its minimum is "
                f"{minimum}. The set {_set_of(text)} is worth {total(_set_of(text))}, so the "
                f"opening {'stands' if verdict else 'cannot be closed by a discard'}.{more}",
                state(
                    hands=seat_hands(seat, hand),
                    team_scores=scores,
                    turn=seat,
                    phase=Phase.PLAY,
                ),
                *steps,
            )
    for seat in range(4):
        team = seat % 2
        book.add(
            f"first-meld/counted-over-the-turn-seat-{seat}",
            ["classic-opening-minimum", "opening-checked-at-discard"],
            f"Seat {seat} lays 9C 9D 9H (30) and 10C 10D 10H (30): neither reaches 50 alone, "
            "together they do, so the discard is accepted. An engine that checks the minimum "
            "per meld refuses the first meld or the discard.",
            state(
                hands=seat_hands(seat, "9C 9D 9H 10C 10D 10H 6S 7S"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("9C 9D 9H"), meld("10C 10D 10H"), disc("7S")),
            facts(turn=(seat + 1) % 4, opened=[t == team for t in range(2)]),
        )
        book.add(
            f"first-meld/lay-offs-in-the-same-turn-count-seat-{seat}",
            ["classic-opening-minimum", "lay-off-own-team"],
            f"Seat {seat} melds 9C 9D 9H (30) and lays the joker off on it (+50): 80 reaches "
            "the minimum of 50.",
            state(
                hands=seat_hands(seat, "9C 9D 9H JK 6S 7S"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("9C 9D 9H"), lay(0, "JK"), disc("7S")),
        )
        book.add(
            f"first-meld/bonuses-do-not-count-seat-{seat}",
            ["classic-opening-minimum"],
            f"Seat {seat} melds seven natural 4s, a natural canasta worth 500 as a bonus but 35 "
            "in cards: below 50, the discard is refused. With 9C 9D 9H laid too (65) it is "
            "accepted.",
            state(
                hands=seat_hands(seat, "4C 4C 4D 4D 4H 4H 4S 9C 9D 9H 6S 7S"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("4C 4C 4D 4D 4H 4H 4S")),
            acts((disc("7S"), no("classic-opening-minimum", "below-threshold"))),
            ok(meld("9C 9D 9H"), disc("7S")),
        )
        book.add(
            f"first-meld/no-take-back-seat-{seat}",
            ["classic-no-take-back", "classic-opening-minimum", "opening-provisional"],
            f"Seat {seat}'s side has not opened. The player melds 9C 9D 9H (30, below 50): the "
            "meld stays on the table, and taking it back is refused, as every take-back in "
            "classic; melding 10C 10D 10H brings the turn to 60 and the discard is accepted.",
            state(
                hands=seat_hands(seat, "9C 9D 9H 10C 10D 10H 6S 7S"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("9C 9D 9H")),
            acts(({"type": "take-back"}, no("classic-no-take-back", "no-take-back"))),
            ok(meld("10C 10D 10H"), disc("7S")),
            facts(turn=(seat + 1) % 4, opened=[t == team for t in range(2)]),
        )
        book.add(
            f"first-meld/meld-out-of-reach-of-the-minimum-seat-{seat}",
            [
                "classic-no-take-back",
                "turn-must-finish",
                "classic-opening-minimum",
                "legal-action-count",
            ],
            f"Seat {seat}'s side has not opened and holds 10C 10D 10H 10S 6S 7S: four tens are "
            "40, below 50, and nothing else melds. A meld of tens could never be completed to "
            "the minimum nor taken back, so the turn could not end: every meld of tens is "
            "refused. The six distinct cards may each be discarded: 6 legal actions.",
            state(
                hands=seat_hands(seat, "10C 10D 10H 10S 6S 7S"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts(
                (meld("10C 10D 10H 10S"), no("turn-must-finish", "no-way-to-finish")),
                (meld("10C 10D 10H"), no("turn-must-finish", "no-way-to-finish")),
            ),
            count(6),
        )
        book.add(
            f"first-meld/partner-opening-opens-the-side-seat-{seat}",
            ["opening-team", "classic-opening-minimum"],
            f"Seat {seat}'s partner opened earlier in the hand: seat {seat} lays 4C 4D 4H (15) "
            "with no minimum.",
            state(
                hands=seat_hands(seat, "4C 4D 4H 6S 7S"),
                melds=table(team, ["AC AD AH"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("4C 4D 4H"), disc("7S")),
        )
        book.add(
            f"first-meld/pile-cards-wait-for-the-minimum-seat-{seat}",
            ["classic-pile-opening", "classic-opening-minimum", "classic-frozen-pile"],
            f"Seat {seat}'s side has not opened. It takes the pile (AS AS AH KD 9C) with 9D 9H: "
            "the three nines (30) do not reach 50 and the aces and king of the pile may not "
            "count, so they wait outside the hand (9 cards left) and a discard is refused. "
            "Melding KC KH KS (30) reaches 60: the four pile cards join the hand (10 cards).",
            state(
                hands=seat_hands(seat, "9D 9H KC KH KS 4C 5H 6H 7C 10S JS"),
                discard="AS AS AH KD 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            ok(take("9D 9H")),
            facts(hand_sizes=[9 if s == seat else 11 for s in range(4)], discard_size=0),
            acts((disc("4C"), no("classic-opening-minimum", "below-threshold"))),
            ok(meld("KC KH KS")),
            facts(
                hand_sizes=[10 if s == seat else 11 for s in range(4)],
                opened=[t == team for t in range(2)],
            ),
        )
        book.add(
            f"first-meld/no-take-back-after-taking-the-pile-seat-{seat}",
            ["classic-pile-opening", "classic-no-take-back"],
            f"Seat {seat}'s side has not opened. It takes the pile (5C 6D 9C) with 9D 9H, which "
            "commits it: taking back is refused, and the pile stays set aside until KC KH KS "
            "bring the turn's melds to 60; then the 5C and 6D join the hand (9 - 3 + 2 = 8 "
            "cards) and the side has opened.",
            state(
                hands=seat_hands(seat, "9D 9H KC KH KS 4C 5H 6H 7C 10S JS"),
                discard="5C 6D 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            ok(take("9D 9H")),
            acts(({"type": "take-back"}, no("classic-no-take-back", "no-take-back"))),
            ok(meld("KC KH KS")),
            facts(
                phase="play",
                discard_size=0,
                hand_sizes=[8 if s == seat else 11 for s in range(4)],
                opened=[t == team for t in range(2)],
            ),
        )
        book.add(
            f"first-meld/take-refused-when-the-minimum-is-out-of-reach-seat-{seat}",
            [
                "classic-pile-opening",
                "classic-no-take-back",
                "turn-must-finish",
                "legal-action-count",
            ],
            f"Seat {seat}'s side has not opened and holds 9D 9H and single cards. Taking the "
            "pile (5C 6D 9C) with the pair would make 30, and no other meld can be shown from "
            "the hand: the minimum of 50 could not be met and nothing can be taken back, so the "
            "take is refused and only the draw is legal: 1 legal action.",
            state(
                hands=seat_hands(seat, "9D 9H 4C 5H 6H 7C 10S JS QS KS AS"),
                discard="5C 6D 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            acts((take("9D 9H"), no("turn-must-finish", "no-way-to-finish"))),
            count(1),
        )
    waiver = ("concealed-waives-minimum",)
    for seat in range(4):
        book.add(
            f"first-meld/concealed-waives-minimum-option-seat-{seat}",
            ["classic-options", "classic-opening-minimum", "classic-concealed"],
            f"With the option concealed-waives-minimum, seat {seat}'s side has not opened; the "
            "player melds seven natural 4s (35, below 50, but a canasta) and discards the last "
            "card: out concealed, no minimum needed. Without the option the same discard is "
            "refused (first-meld/bonuses-do-not-count).",
            state(
                waiver,
                hands=seat_hands(seat, "4C 4C 4D 4D 4H 4H 4S 7S"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("4C 4C 4D 4D 4H 4H 4S"), disc("7S")),
            facts(hand_over=True),
            features=waiver,
        )
    for seat in (0, 3):
        book.add(
            f"first-meld/concealed-waives-minimum-never-releases-the-pile-seat-{seat}",
            ["classic-options", "classic-pile-opening", "classic-no-take-back"],
            f"With the option concealed-waives-minimum, seat {seat}'s side has not opened; the "
            "pile is AS AH JS 4S and the hand 4C 4C 4D 4D 4H 4H 7S. Taking it with two 4s and "
            "laying off the rest would make a canasta of 4s (35, below 50) and leave the 7S: "
            "the waiver is for going out only, and the ace, ace and jack set aside would stay "
            "kept, so the pile would wait and the turn could not end. Every take is refused: "
            "only the draw, 1 legal action.",
            state(
                waiver,
                hands=seat_hands(seat, "4C 4C 4D 4D 4H 4H 7S"),
                melds=table(1 - seat % 2, [CANASTA]),
                discard="AS AH JS 4S",
                turn=seat,
                phase=Phase.DRAW,
            ),
            acts((take("4C 4D"), no("turn-must-finish", "no-way-to-finish"))),
            count(1),
            features=waiver,
        )
    for seat in (1, 2):
        book.add(
            f"first-meld/wild-cards-count-seat-{seat}",
            ["classic-opening-minimum", "card-points-classic"],
            f"Seat {seat} melds 5C 5D JK: 5 + 5 + 50 = 60 reaches 50.",
            state(hands=seat_hands(seat, "5C 5D JK 6S 7S"), turn=seat, phase=Phase.PLAY),
            ok(meld("5C 5D JK"), disc("7S")),
        )
        book.add(
            f"first-meld/two-naturals-per-wild-option-seat-{seat}",
            ["classic-options", "classic-wild-ratio"],
            "With the option two-naturals-per-wild, three naturals and two wild cards are no "
            "meld (the default allows as many wilds as naturals); three naturals and one wild "
            "are.",
            state(
                ("two-naturals-per-wild",),
                hands=seat_hands(seat, "5C 5D 5H 2C JK 6S 7S"),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts((meld("5C 5D 5H 2C JK"), no("classic-options", "too-few-naturals-per-wild"))),
            ok(meld("5C 5D 5H JK")),
            features=("two-naturals-per-wild",),
        )


def joker_canasta_fixtures(book: Book) -> None:
    feature = ("joker-canasta",)
    for seat in range(4):
        team = seat % 2
        partner = (seat + 2) % 4
        hands = {f"s{partner}": "4C", **_others(seat)}
        book.add(
            f"meld-rules/joker-canasta-option-seat-{seat}",
            ["classic-options", "wild-only-melds", "classic-hand-score"],
            f"With the option joker-canasta, four wild cards are no meld; seat {seat} lays "
            "seven wild cards at once (a "
            "canasta worth 2000; cards 4 x 50 + 3 x 20 = 260) and goes out with the last card.",
            state(
                feature,
                hands=seat_hands(seat, "JK JK JK JK 2C 2D 2H 9D", **hands),
                melds=both(team, [CANASTA], ["5C 5D 5H"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts((meld("2C 2D JK JK"), no("classic-options", "joker-canasta-at-once"))),
            ok(meld("2C 2D 2H JK JK JK JK"), disc("9D")),
            score(*_order(team, parts(330, 2500, 0, 100, 0, -5), parts(15, 0, 0, 0, 0, -10))),
            features=feature,
        )
        book.add(
            f"meld-rules/no-wild-meld-by-default-seat-{seat}",
            ["wild-only-melds", "classic-wild-ratio"],
            "Without the option, seven wild cards are no meld: every classic meld holds at "
            "least two natural cards.",
            state(
                hands=seat_hands(seat, "JK JK JK JK 2C 2D 2H 9D"),
                melds=both(team, [CANASTA], ["5C 5D 5H"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts((meld("2C 2D 2H JK JK JK JK"), no("wild-only-melds", "wild-meld-not-allowed"))),
        )


def _set_of(text: str) -> str:
    return text


def _slug(label: str) -> str:
    return label.replace(",", "").replace(" ", "-")


# --------------------------------------------------------------------------- chapter 8


def going_out_fixtures(book: Book) -> None:
    for name, features, players, seat in tables_seats():
        teams = teams_of(players)
        team = seat % teams
        tag = suffix(name, seat)
        need_two = name == "players-2"
        mine = [CANASTA, MIXED] if need_two else [CANASTA]
        book.add(
            f"going-out/by-discard-{tag}",
            ["classic-going-out", "emptying-by-discard"],
            f"Seat {seat}'s side has the canasta(s) it needs; discarding the last card goes out "
            "and ends the hand.",
            state(
                features,
                hands=seat_hands(seat, "9D", players),
                melds=table(team, mine, teams),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(disc("9D")),
            facts(
                hand_over=True,
                hand_sizes=[0 if s == seat else _base(name) for s in range(players)],
            ),
            features=features,
        )
        book.add(
            f"going-out/without-a-canasta-{tag}",
            ["classic-going-out", "emptying-needs-canasta"],
            f"Seat {seat}'s side has {'one canasta, two are needed' if need_two else 'no canasta'}"
            ": the last card may not be discarded. An engine that lets the hand empty anyway "
            "fails here.",
            state(
                features,
                hands=seat_hands(seat, "9D", players),
                melds=table(team, [CANASTA] if need_two else ["8C 8D 8H"], teams),
                turn=seat,
                phase=Phase.PLAY,
            ),
            acts((disc("9D"), no("emptying-needs-canasta", "no-canasta"))),
            features=features,
        )
        book.add(
            f"going-out/by-melding-the-last-cards-{tag}",
            ["classic-going-out", "going-out-needs-discard"],
            f"Seat {seat} lays the last three cards as a set: the hand is empty and over, with "
            "no discard.",
            state(
                features,
                hands=seat_hands(seat, "9C 9D 9H", players),
                melds=table(team, mine, teams),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("9C 9D 9H")),
            facts(hand_over=True),
            features=features,
        )
    for seat in range(4):
        team = seat % 2
        partner = (seat + 2) % 4
        book.add(
            f"going-out/no-permission-needed-seat-{seat}",
            ["classic-going-out"],
            f"Seat {seat} may go out while the partner holds eleven cards: nobody is asked. An "
            "engine that waits for the partner's permission refuses the discard.",
            state(
                hands=seat_hands(seat, "9D"),
                melds=table(team, [CANASTA]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(disc("9D")),
            facts(hand_over=True),
        )
        book.add(
            f"going-out/concealed-seat-{seat}",
            ["classic-concealed", "classic-hand-score", "classic-opening-minimum"],
            f"Seat {seat}'s side has not melded. The player lays seven kings (70, a natural "
            "canasta) and 9C 9D 9H and discards the last card: out concealed. Side: 100 in "
            "cards, 500, going out 100, concealed 100, minus the partner's 4C (5). The other "
            "side has no meld: minus its 5D and 5S.",
            state(
                hands=seat_hands(
                    seat, f"{CANASTA} 9C 9D 9H 8S", **{f"s{partner}": "4C", **_others(seat)}
                ),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld(CANASTA), meld("9C 9D 9H"), disc("8S")),
            score(*_order(team, parts(100, 500, 0, 100, 100, -5), parts(0, 0, 0, 0, 0, -10))),
        )
        book.add(
            f"going-out/not-concealed-after-an-earlier-lay-seat-{seat}",
            ["classic-concealed", "classic-hand-score"],
            f"Seat {seat} had laid cards in an earlier turn: going out now earns 100, no "
            "concealed bonus.",
            state(
                hands=seat_hands(seat, "9C 9D 9H 8S", **{f"s{partner}": "4C", **_others(seat)}),
                melds=table(team, [CANASTA]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("9C 9D 9H"), disc("8S")),
            score(*_order(team, parts(100, 500, 0, 100, 0, -5), parts(0, 0, 0, 0, 0, -10))),
        )
        book.add(
            f"going-out/concealed-with-a-partner-on-the-table-seat-{seat}",
            ["classic-concealed"],
            f"Seat {seat}'s partner has melded, seat {seat} has not: going out in one turn with "
            "the player's own cards is still concealed (100 more).",
            state(
                hands=seat_hands(seat, "9C 9D 9H 8S", **{f"s{partner}": "4C", **_others(seat)}),
                melds=table(team, [CANASTA]),
                table_seats=[s == partner for s in range(4)],
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("9C 9D 9H"), disc("8S")),
            score(*_order(team, parts(100, 500, 0, 100, 100, -5), parts(0, 0, 0, 0, 0, -10))),
        )
        book.add(
            f"going-out/every-card-accounted-for-seat-{seat}",
            ["classic-going-out", "lay-off-own-team", "going-out"],
            f"Seat {seat} lays off its last two cards on the side's kings and queens: both "
            "melds hold one more card and the hand is empty. An engine that loses or doubles "
            "a card when the hand empties fails the melds or the hands.",
            state(
                hands=seat_hands(seat, "KS QS", **{f"s{partner}": "4C", **_others(seat)}),
                melds=table(team, [CANASTA, MIXED]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(lay(0, "KS"), lay(1, "QS")),
            facts(
                hand_over=True,
                hands=[[] if s == seat else cards(_hand_of(seat, s)) for s in range(4)],
                melds=_order(
                    team,
                    [
                        {"canasta": "natural", "arrangement": _arr("K", "KC KC KD KD KH KH KS KS")},
                        {"canasta": "mixed", "arrangement": _arr("Q", "QC QC QD QD QH QH QS JK")},
                    ],
                    [],
                ),
            ),
        )
    for seat in range(4):
        team = seat % 2
        partner = (seat + 2) % 4
        feature = ("concealed-only-bonus",)
        hands = {f"s{partner}": "4C", **_others(seat)}
        book.add(
            f"going-out/concealed-only-bonus-option-plain-seat-{seat}",
            ["classic-concealed", "classic-options", "classic-hand-score"],
            f"With the option concealed-only-bonus, seat {seat}, who had laid cards before, "
            "goes out and earns no going-out bonus.",
            state(
                feature,
                hands=seat_hands(seat, "9C 9D 9H 8S", **hands),
                melds=table(team, [CANASTA]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld("9C 9D 9H"), disc("8S")),
            score(*_order(team, parts(100, 500, 0, 0, 0, -5), parts(0, 0, 0, 0, 0, -10))),
            features=feature,
        )
        book.add(
            f"going-out/concealed-only-bonus-option-concealed-seat-{seat}",
            ["classic-concealed", "classic-options", "classic-hand-score"],
            f"With the option concealed-only-bonus, seat {seat} goes out concealed: 200, and "
            "nothing for going out as such.",
            state(
                feature,
                hands=seat_hands(seat, f"{CANASTA} 9C 9D 9H 8S", **hands),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(meld(CANASTA), meld("9C 9D 9H"), disc("8S")),
            score(*_order(team, parts(100, 500, 0, 0, 200, -5), parts(0, 0, 0, 0, 0, -10))),
            features=feature,
        )
    for seat in (0, 1):
        book.add(
            f"going-out/two-players-need-two-canastas-seat-{seat}",
            ["classic-going-out", "classic-players", "emptying-needs-canasta"],
            "With two players a player goes out only with two canastas: the player has one and "
            "six queens; laying the last queen off makes the second, so the hand may empty.",
            state(
                ("players-2",),
                hands=seat_hands(seat, "QS", 2),
                melds=[[CANASTA, "QC QD QH QS JK 2C"] if t == seat else [] for t in range(2)],
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(lay(1, "QS")),
            facts(hand_over=True),
            features=("players-2",),
        )
        book.add(
            f"going-out/stock-runs-out-seat-{seat}",
            ["classic-stock-exhaustion", "stock-exhaustion"],
            f"Seat {seat} draws the last card of the stock and discards: the hand is over and "
            "nobody went out.",
            state(
                hands=[None] * 4,
                hand_sizes=[24, 24, 24, 24],
                melds=[["8C 8D 8H"], ["4C 4D 4H"]],
                red_threes=["3H 3D", "3H 3D"],
                stock_top="7S",
                stock_size=1,
                discard="",
                turn=seat,
                phase=Phase.DRAW,
            ),
            ok(DRAW),
            facts(stock_size=0),
            acts((disc("7S"), OK)),
            facts(hand_over=True),
        )
        book.add(
            f"going-out/last-card-a-red-three-seat-{seat}",
            ["classic-stock-exhaustion", "classic-red-threes"],
            f"The last stock card is a red three: seat {seat} lays it, has no card to replace "
            "it, and the hand ends at once.",
            state(
                hands=[None] * 4,
                hand_sizes=[24, 24, 24, 24],
                melds=[["8C 8D 8H"], ["4C 4D 4H"]],
                red_threes=["3D 3D", "3H"],
                stock_top="3H",
                stock_size=1,
                discard="",
                turn=seat,
                phase=Phase.DRAW,
            ),
            ok(DRAW),
            facts(hand_over=True, stock_size=0),
        )


def _base(name: str) -> int:
    return {"players-4": 11, "players-2": 15, "players-3": 13, "players-6": 11}[name]


def _hand_of(seat: int, other: int) -> str:
    if other == (seat + 2) % 4:
        return "4C"
    return "5D" if other == (seat + 1) % 4 else "5S"


def _arr(rank: str, text: str) -> Json:
    """A set's arrangement (its cards as written: naturals by suit, then wild cards)."""
    return {"kind": "set", "rank": rank, "cards": cards(text)}


# --------------------------------------------------------------------------- chapter 9


def scoring_fixtures(book: Book) -> None:
    for seat in range(4):
        team = seat % 2
        partner = (seat + 2) % 4
        hands = {f"s{partner}": "4C", **_others(seat)}
        for reds_mine, reds_theirs, mine_value, theirs_value, label in (
            ("3H", "", 100, 0, "one-red-three"),
            ("3H 3D 3H", "3D", 300, 100, "three-and-one"),
            ("3H 3H 3D 3D", "", 800, 0, "all-four"),
            ("", "3H 3H 3D 3D", 0, 800, "all-four-to-the-other-side"),
        ):
            book.add(
                f"scoring/red-threes-{label}-seat-{seat}",
                ["classic-red-three-score", "classic-hand-score"],
                f"Seat {seat} goes out; both sides have melds. Red threes: "
                f"{len(cards(reds_mine))} for seat {seat}'s side ({mine_value}), "
                f"{len(cards(reds_theirs))} for the other ({theirs_value}); all four together "
                "are worth 800.",
                state(
                    hands=seat_hands(seat, "9D", **hands),
                    melds=both(team, [CANASTA], ["5C 5D 5H"]),
                    red_threes=_reds(team, reds_mine, reds_theirs),
                    turn=seat,
                    phase=Phase.PLAY,
                ),
                ok(disc("9D")),
                score(
                    *_order(
                        team,
                        parts(70, 500, mine_value, 100, 0, -5),
                        parts(15, 0, theirs_value, 0, 0, -10),
                    )
                ),
            )
        book.add(
            f"scoring/natural-and-mixed-canastas-seat-{seat}",
            ["classic-hand-score", "canasta-natural-mixed", "canasta-bonus"],
            f"Seat {seat}'s side has a natural canasta of kings (500) and a mixed canasta of "
            "queens (300); cards 70 + 110.",
            state(
                hands=seat_hands(seat, "9D", **hands),
                melds=both(team, [CANASTA, MIXED], ["5C 5D 5H"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(disc("9D")),
            score(*_order(team, parts(180, 800, 0, 100, 0, -5), parts(15, 0, 0, 0, 0, -10))),
        )
        book.add(
            f"scoring/natural-canasta-turns-mixed-seat-{seat}",
            ["canasta-natural-mixed", "classic-hand-score"],
            f"Seat {seat} lays a 2 off on the side's natural canasta of kings: it becomes mixed "
            "(300), its cards 90; then out by discard.",
            state(
                hands=seat_hands(seat, "2C 9D", **hands),
                melds=both(team, [CANASTA], ["5C 5D 5H"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(lay(0, "2C"), disc("9D")),
            score(*_order(team, parts(90, 300, 0, 100, 0, -5), parts(15, 0, 0, 0, 0, -10))),
        )
        book.add(
            f"scoring/stock-out-no-going-out-bonus-seat-{seat}",
            ["classic-stock-exhaustion", "classic-hand-score", "classic-red-three-score"],
            f"The stock runs out on seat {seat}'s discard: no going-out bonus; seat {seat}'s "
            "side has a meld and its red three counts plus, the other side has none and its "
            "red three counts minus.",
            state(
                hands=seat_hands(seat, "7S 9D", **hands),
                melds=table(team, ["8C 8D 8H"]),
                red_threes=_reds(team, "3H", "3D"),
                stock_size=0,
                turn=seat,
                phase=Phase.PLAY,
                hand_sizes=[11] * 4,
            ),
            ok(disc("9D")),
            facts(hand_over=True),
            score(*_order(team, parts(30, 0, 100, 0, 0, -10), parts(0, 0, -100, 0, 0, -10))),
        )
    for seat in range(4):
        team = seat % 2
        partner = (seat + 2) % 4
        hands = {f"s{partner}": "4C", **_others(seat)}
        book.add(
            f"scoring/concealed-canasta-option-seat-{seat}",
            ["classic-options", "classic-hand-score"],
            "With the option concealed-canasta, the natural canasta laid from the hand in one "
            "meld earns 100 more (600); the mixed canasta built in two batches does not (300).",
            state(
                ("concealed-canasta",),
                hands=seat_hands(seat, "9D", **hands),
                melds=both(team, [CANASTA, ["QC QC QD", "QD QH QH JK"]], ["5C 5D 5H"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(disc("9D")),
            score(*_order(team, parts(180, 900, 0, 100, 0, -5), parts(15, 0, 0, 0, 0, -10))),
            features=("concealed-canasta",),
        )
    for seat in range(4):
        team = seat % 2
        partner = (seat + 2) % 4
        left = "JK 2C AS 7D 3S"
        book.add(
            f"scoring/cards-left-in-hand-seat-{seat}",
            ["classic-hand-score", "card-points-classic"],
            f"Seat {seat} goes out while the partner still holds a joker (50), a 2 (20), an ace "
            "(20), a 7 (5) and a black three (5): the side loses 100 for them.",
            state(
                hands=seat_hands(seat, "9D", **{f"s{partner}": left, **_others(seat)}),
                melds=both(team, [CANASTA], ["5C 5D 5H"]),
                turn=seat,
                phase=Phase.PLAY,
            ),
            ok(disc("9D")),
            score(
                *_order(team, parts(70, 500, 0, 100, 0, -total(left)), parts(15, 0, 0, 0, 0, -10))
            ),
        )
    for name, features, players, seat in tables_seats()[4:]:
        teams = teams_of(players)
        team = seat % teams
        given: list[str | None] = [None] * players
        given[seat] = "9D"
        mates = ["4C", "4D"]
        opponents = ["5D", "5S", "5H", "5C"]
        held = [0] * teams
        for s in range(players):
            if s == seat:
                continue
            given[s] = mates.pop() if s % teams == team else opponents.pop()
            held[s % teams] += 5
        two = name == "players-2"
        mine = [CANASTA, MIXED] if two else [CANASTA]
        sets = iter((["6C 6D 6H"], ["7C 7D 7H"]))
        melds = [mine if t == team else next(sets) for t in range(teams)]
        expected = [
            parts(180 if two else 70, 800 if two else 500, 0, 100, 0, -held[t])
            if t == team
            else parts(15, 0, 0, 0, 0, -held[t])
            for t in range(teams)
        ]
        book.add(
            f"scoring/{name}-seat-{seat}",
            ["classic-hand-score", "classic-players"],
            f"Seat {seat} goes out at a table of {players} ({teams} sides): each side scores "
            "its own melds, and each card left in a hand (5 points here) counts against the "
            "side of the player holding it.",
            state(features, hands=given, melds=melds, turn=seat, phase=Phase.PLAY),
            ok(disc("9D")),
            score(*expected),
            features=features,
        )


# --------------------------------------------------------------------------- chapter 11: counts


def discard_count_fixtures(book: Book) -> None:
    """discard-ends-turn in the legal-action count: the discards stay listed while a
    provisional opening is pending (and reaches the minimum) and when one card is left (the
    pile taken onto the side's first meld is counted in ``listing_count_fixtures``)."""
    book.add(
        "count/discards-listed-after-a-provisional-opening-seat-2",
        [
            "legal-action-count",
            "discard-ends-turn",
            "opening-provisional",
            "classic-no-take-back",
            "classic-opening-minimum",
        ],
        "Seat 2 (side 0, not on the table) melds KC KD KH JK: 3 x 10 + 50 = 80, above the 50 "
        "of a side at 0. The meld is provisional until the discard and reaches the minimum, "
        "so each of the two cards left (5S, 6S) may be discarded; nothing is taken back in "
        "classic, and no meld or lay-off fits the two cards: 2 legal actions.",
        state(hands=seat_hands(2, "KC KD KH JK 5S 6S"), turn=2, phase=Phase.PLAY),
        ok(meld("KC KD KH JK")),
        count(2),
    )
    book.add(
        "count/last-card-discard-listed-seat-1",
        ["legal-action-count", "discard-ends-turn", "classic-going-out"],
        "Seat 1 (side 1, a canasta on the table) holds only the 7 of diamonds after drawing. "
        "Discarding it goes out, which the canasta allows; no meld of 7s lies on the table: "
        "1 legal action.",
        state(hands=seat_hands(1, "7D"), melds=table(1, [CANASTA]), turn=1, phase=Phase.PLAY),
        count(1),
    )


# --------------------------------------------------------------------------- options of issue 23


def black_three_last_turn_fixtures(book: Book) -> None:
    """classic-black-three-last-turn: a pile with a black three on top, by default blocked, with
    the option taken to meld the black threes and go out."""
    feature = ("black-three-last-turn",)
    for seat in range(4):
        team = seat % 2
        partner = (seat + 2) % 4
        hands = seat_hands(seat, "3C 3C 9D", **{f"s{partner}": "4C", **_others(seat)})
        melds = table(team, [CANASTA])
        book.add(
            f"pile/black-three-on-the-last-turn-blocked-by-default-seat-{seat}",
            ["classic-black-three-last-turn", "classic-black-threes", "legal-action-count"],
            f"The pile is the 3 of spades alone; seat {seat} holds 3C 3C 9D and its side has a "
            "canasta. Without the option the black three on top blocks the pile even for a "
            "player who would go out with it: the take is refused and only the draw is legal, "
            "1 legal action.",
            state(hands=hands, melds=melds, discard="3S", turn=seat, phase=Phase.DRAW),
            acts((take("3C 3C"), no("classic-black-threes", "pile-blocked"))),
            count(1),
        )
        book.add(
            f"pile/black-three-on-the-last-turn-option-seat-{seat}",
            ["classic-black-three-last-turn", "classic-threes-in-melds", "classic-hand-score"],
            f"With the option black-three-last-turn, seat {seat} takes the pile (the 3 of spades "
            "alone) with its 3C 3C: the three black threes are melded at once, one card (9D) "
            "stays, and discarding it goes out. The draw and that take: 2 legal actions. Side: "
            "kings 70 and black threes 15, 500, going out 100, minus the partner's 4C; the "
            "other side has no meld.",
            state(feature, hands=hands, melds=melds, discard="3S", turn=seat, phase=Phase.DRAW),
            count(2),
            ok(take("3C 3C")),
            facts(phase="play", discard_size=0, hand_sizes=_hand_sizes_after(seat, 1)),
            ok(disc("9D")),
            facts(hand_over=True),
            score(*_order(team, parts(85, 500, 0, 100, 0, -5), parts(0, 0, 0, 0, 0, -10))),
            features=feature,
        )
    for seat in (1, 2):
        team = seat % 2
        book.add(
            f"pile/black-three-on-the-last-turn-takes-one-card-below-seat-{seat}",
            ["classic-black-three-last-turn", "classic-going-out"],
            f"With the option black-three-last-turn, the pile is 9H under the 3 of spades and "
            f"seat {seat} holds 3C 3C: the black threes are melded, the 9H joins the hand as its "
            "one card, and discarding it goes out.",
            state(
                feature,
                hands=seat_hands(seat, "3C 3C"),
                melds=table(team, [CANASTA]),
                discard="9H 3S",
                turn=seat,
                phase=Phase.DRAW,
            ),
            ok(take("3C 3C"), disc("9H")),
            facts(hand_over=True),
            features=feature,
        )
        book.add(
            f"pile/black-three-on-the-last-turn-not-going-out-seat-{seat}",
            ["classic-black-three-last-turn", "classic-black-threes-last"],
            f"With the option black-three-last-turn, seat {seat} holds 3C 3C 9D 10D: after the "
            "meld of black threes two cards would stay, so the take would not go out and is "
            "refused; only the draw is legal.",
            state(
                feature,
                hands=seat_hands(seat, "3C 3C 9D 10D"),
                melds=table(team, [CANASTA]),
                discard="3S",
                turn=seat,
                phase=Phase.DRAW,
            ),
            acts(
                (
                    take("3C 3C"),
                    no("classic-black-three-last-turn", "black-threes-not-going-out"),
                )
            ),
            count(1),
            features=feature,
        )
    for seat in (0, 3):
        book.add(
            f"pile/black-three-on-the-last-turn-needs-a-canasta-seat-{seat}",
            ["classic-black-three-last-turn", "turn-must-finish", "emptying-needs-canasta"],
            f"With the option black-three-last-turn, seat {seat}'s side has 8C 8D 8H and no "
            "canasta: after the meld of black threes the 9D could not be discarded to go out, "
            "so the take is refused (the turn could not end).",
            state(
                feature,
                hands=seat_hands(seat, "3C 3C 9D"),
                melds=table(seat % 2, ["8C 8D 8H"]),
                discard="3S",
                turn=seat,
                phase=Phase.DRAW,
            ),
            acts((take("3C 3C"), no("turn-must-finish", "no-way-to-finish"))),
            features=feature,
        )


def _hand_sizes_after(seat: int, size: int) -> list[int]:
    """Four hands: ``size`` cards at ``seat``, the partner one and the opponents one each."""
    return [size if s == seat else 1 for s in range(4)]


NINES = "9D 9D 9H 9H 9S 9S"
"""Six natural nines: with the 9 of clubs on top of the pile, a natural canasta (70)."""


def concealed_canasta_pile_fixtures(book: Book) -> None:
    """classic-concealed-canasta: the top card of the pile and hand cards in one batch."""
    feature = ("concealed-canasta",)
    for seat in range(4):
        team = seat % 2
        partner = (seat + 2) % 4
        hands = seat_hands(seat, f"{NINES} 4C", **{f"s{partner}": "4D", **_others(seat)})
        melds = both(team, ["8C 8D 8H"], ["5C 5D 5H"])
        laid = [True] * 4
        book.add(
            f"scoring/concealed-canasta-with-the-top-card-option-seat-{seat}",
            ["classic-concealed-canasta", "classic-take-pile", "classic-hand-score"],
            f"With the option concealed-canasta, seat {seat} takes the pile (the 9 of clubs) "
            "with six natural nines from the hand: the top card and the six are one batch, a "
            "natural canasta laid at once, which earns 100 more (600). The 4C left is "
            "discarded to go out (the player had laid cards before: no concealed going out).",
            state(
                feature,
                hands=hands,
                melds=melds,
                discard="9C",
                table_seats=laid,
                turn=seat,
                phase=Phase.DRAW,
            ),
            ok(take(NINES), disc("4C")),
            facts(hand_over=True),
            score(*_order(team, parts(100, 600, 0, 100, 0, -5), parts(15, 0, 0, 0, 0, -10))),
            features=feature,
        )
        book.add(
            f"scoring/concealed-canasta-with-the-top-card-by-default-seat-{seat}",
            ["classic-concealed-canasta", "classic-take-pile", "classic-hand-score"],
            f"Without the option, the take-pile action names two hand cards: seat {seat}'s "
            "take with six nines is refused; taking the 9 of clubs with a pair and laying the "
            "other four nines off makes the same natural canasta, worth 500 and no more.",
            state(
                hands=hands,
                melds=melds,
                discard="9C",
                table_seats=laid,
                turn=seat,
                phase=Phase.DRAW,
            ),
            acts((take(NINES), no("classic-take-pile", "two-cards-with-top"))),
            ok(take("9D 9D"), lay(1, "9H 9H 9S 9S"), disc("4C")),
            score(*_order(team, parts(100, 500, 0, 100, 0, -5), parts(15, 0, 0, 0, 0, -10))),
        )
    for seat in (1, 2):
        team = seat % 2
        partner = (seat + 2) % 4
        book.add(
            f"scoring/concealed-canasta-option-not-after-a-lay-off-seat-{seat}",
            ["classic-concealed-canasta", "classic-hand-score"],
            f"With the option concealed-canasta, seat {seat} takes the 9 of clubs with a pair "
            "and lays the other four nines off: the canasta reached the table in two batches, "
            "so it is not concealed (500).",
            state(
                feature,
                hands=seat_hands(seat, f"{NINES} 4C", **{f"s{partner}": "4D", **_others(seat)}),
                melds=both(team, ["8C 8D 8H"], ["5C 5D 5H"]),
                discard="9C",
                table_seats=[True] * 4,
                turn=seat,
                phase=Phase.DRAW,
            ),
            ok(take("9D 9D"), lay(1, "9H 9H 9S 9S"), disc("4C")),
            score(*_order(team, parts(100, 500, 0, 100, 0, -5), parts(15, 0, 0, 0, 0, -10))),
            features=feature,
        )
    for seat in (0, 3):
        hand = "9D 9H 9S 2C 4C 5H 6H 7C 10S JS QS"
        melds = table(seat % 2, ["8C 8D 8H"])
        book.add(
            f"pile/count-any-size-with-the-top-card-option-seat-{seat}",
            ["classic-concealed-canasta", "classic-take-pile", "legal-action-count"],
            f"With the option concealed-canasta, seat {seat}'s side has opened without nines; "
            "the pile 5C 6D 9C is not frozen and the hand holds 9D 9H 9S and the 2 of clubs. A "
            "new meld with the top nine takes one natural and the 2 (3 ways), two naturals with "
            "or without the 2 (3 x 2), or all three with or without it (2): 11 takes and the "
            "draw, 12 legal actions (without the option 7: the 3 pairs, the 3 naturals with the "
            "2, the draw).",
            state(
                feature,
                hands=seat_hands(seat, hand),
                melds=melds,
                discard="5C 6D 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            count(12),
            features=feature,
        )
        book.add(
            f"pile/count-two-hand-cards-with-the-top-card-by-default-seat-{seat}",
            ["classic-concealed-canasta", "classic-take-pile", "legal-action-count"],
            f"The same hand without the option: seat {seat}'s take names two hand cards, the 3 "
            "natural pairs or a natural and the 2 (3 ways); with the draw, 7 legal actions.",
            state(
                hands=seat_hands(seat, hand),
                melds=melds,
                discard="5C 6D 9C",
                turn=seat,
                phase=Phase.DRAW,
            ),
            count(7),
        )


# --------------------------------------------------------------------------- generated


def generated(book: Book) -> None:
    book.add_generated(
        score_clause="classic-hand-score",
        playthrough_seeds=range(1, 9),
        counts=[(1, 0, 2), (2, 5, 2), (3, 20, 1), (4, 40, 1), (5, 60, 2), (6, 90, 1)],
    )
    for name in ("players-2", "players-3", "players-6"):
        book.add_generated(
            score_clause="classic-hand-score",
            playthrough_seeds=range(1, 5),
            counts=[(1, 10, 2), (2, 30, 1), (3, 50, 1)],
            features=TABLES[name],
            folder=name,
        )
    for option in (
        "two-naturals-per-wild",
        "black-three-minus-100",
        "black-three-freezes",
        "joker-canasta",
        "concealed-only-bonus",
        "concealed-waives-minimum",
        "concealed-canasta",
        "black-three-last-turn",
    ):
        book.add_generated(
            score_clause="classic-options",
            playthrough_seeds=range(1, 4),
            counts=[(1, 20, 1)],
            features=(option,),
            folder=option,
        )


def build() -> dict[str, Json]:
    book = Book("classic", SOURCE)
    deal_fixtures(book)
    explicit_fixtures(book)
    pile_fixtures(book)
    listing_count_fixtures(book)
    threes_fixtures(book)
    first_meld_fixtures(book)
    going_out_fixtures(book)
    scoring_fixtures(book)
    joker_canasta_fixtures(book)
    black_three_last_turn_fixtures(book)
    concealed_canasta_pile_fixtures(book)
    discard_count_fixtures(book)
    generated(book)
    return book.items


def main(argv: Sequence[str] | None = None) -> int:
    return write_fixtures(build(), argv, __doc__ or "")


_: Callable[..., object] = main

if __name__ == "__main__":
    sys.exit(main())
