"""Write the game-level conformance fixtures (chapter 10, The game) of every family with a
game engine: ``koz/game/``, ``fi-5200/game/``, ``fi-351/game/`` and ``classic/game/``.

Most scenarios give each hand's result outright (``{"scores": [...]}``), so that only the
game rules are checked: the totals, the target in force (reached or exceeded, the fi-5200
moves to 7200 and 9200), both teams over in one hand, equal totals, the dealer of each hand
and the hand that decides the game. Every expectation below is written by hand from the
rules; the script only checks that the totals written are the running sums of the scores
written (a guard against typing mistakes, not a source of expectations).

A few scenarios play whole hands from explicit deals (every card and every action written
out) or from the game's seed, so that a fixture also sees the totals carried into the next
hand (its opening band) and the dealer's rotation through real hands. Their actions were
chosen by a seeded policy when the script was written and their hand scores are golden
values of the reference; the game expectations that follow from them are stated by hand.

    python tools/gen_game_fixtures.py          # write the fixtures
    python tools/gen_game_fixtures.py --check  # exit 1 if a file would change
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from fixture_kit import Json, write_fixtures
from kanasta import engine
from kanasta.cards import format_card, get_deck
from kanasta.deal import deal_from_seed, deal_to_json
from kanasta.game import get_hand_seed
from kanasta.points import HalfPoints, points_to_json, to_half_points
from kanasta.policy import make_policy
from kanasta.profiles import RulesProfile, get_profile

Row = tuple[Sequence[float], int, Sequence[float], float]
"""One hand as a fixture states it: (hand scores, dealer, totals after it, target in force)."""

MAX_ACTIONS = 5000


class GameBook:
    """The game fixtures of one family being written, by id."""

    def __init__(self, variant: str, source: str) -> None:
        self.variant = variant
        self.source = source
        self.items: dict[str, Json] = {}

    def add(
        self,
        ident: str,
        clauses: Sequence[str],
        description: str,
        *,
        first_dealer: int,
        rows: Sequence[Row],
        winner: int | None,
        unplayed: Sequence[Sequence[float]] = (),
        hands: Sequence[Json] | None = None,
        seed: int | None = None,
        features: Sequence[str] = (),
    ) -> None:
        """A one-step game fixture; ``hands`` (played hands) replace the rows' scores."""
        full = f"{self.variant}/game/{ident}"
        if full in self.items:
            raise SystemExit(f"duplicate fixture id {full}")
        _check_sums(full, rows)
        given = list(hands) if hands is not None else [{"scores": list(r[0])} for r in rows]
        given += [{"scores": list(s)} for s in unplayed]
        step: Json = {"kind": "game", "first_dealer": first_dealer}
        if seed is not None:
            step["seed"] = seed
        step["hands"] = given
        step["expect"] = {
            "hands": [
                {"dealer": d, "scores": list(s), "totals": list(t), "target": g}
                for s, d, t, g in rows
            ],
            "winner": winner,
            "decided_in": len(rows) if winner is not None else None,
        }
        item: Json = {
            "id": full,
            "variant": self.variant,
            "clauses": list(clauses),
            "description": description,
            "source": self.source,
        }
        if features:
            item["features"] = list(features)
        item["steps"] = [step]
        self.items[full] = item


def _check_sums(ident: str, rows: Sequence[Row]) -> None:
    running: list[float] = [0.0] * len(rows[0][0])
    for number, (scores, _, totals, _) in enumerate(rows, start=1):
        running = [a + b for a, b in zip(running, scores, strict=True)]
        if running != [float(t) for t in totals]:
            raise SystemExit(f"{ident}: hand {number}: the totals written are not the sums")


def play_hand(
    profile: RulesProfile,
    deal_seed: int,
    dealer: int,
    totals: Sequence[float],
    policy_seed: int,
    policy: str,
) -> tuple[Json, list[float]]:
    """One hand dealt from ``deal_seed`` by ``dealer`` with the game's totals before it,
    played by a seeded policy: its deal and actions, and its hand scores (golden)."""
    deal = deal_from_seed(profile, deal_seed, dealer)
    scores: Sequence[HalfPoints] = [to_half_points(str(t)) for t in totals]
    state = engine.new_hand(profile, deal=deal, dealer=dealer, team_scores=scores)
    chooser = make_policy(policy, policy_seed)
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
    result = [_number(team.total) for team in engine.score_hand(state).teams]
    return {"deal": deal_to_json(deal), "actions": actions}, result


def _number(points: HalfPoints) -> float:
    value = points_to_json(points)
    assert isinstance(value, int | float)
    return float(value)


def _clean(values: Sequence[float]) -> list[Any]:
    return [int(v) if float(v).is_integer() else v for v in values]


# --------------------------------------------------------------------------- koz

KOZ_END = ["game-hands", "game-target", "dealer-rotation"]


def koz_fixtures(book: GameBook) -> None:
    # Reaching exactly the target.
    book.add(
        "exactly-300-wins-team-0",
        KOZ_END,
        "Team 0 reaches exactly 300 after the second hand and wins at once: the target is "
        "reached by a total of 300 or more, not only by more than 300. The third hand given "
        "is never played.",
        first_dealer=3,
        rows=[([150, 100], 3, [150, 100], 300), ([150, 120], 0, [300, 220], 300)],
        winner=0,
        unplayed=[[0, 200]],
    )
    book.add(
        "exactly-300-wins-team-1",
        KOZ_END,
        "Team 1 reaches exactly 300 (a half point total, 200.5 + 99.5) after the second "
        "hand and wins; seat 1 deals the first hand.",
        first_dealer=1,
        rows=[([100, 200.5], 1, [100, 200.5], 300), ([50, 99.5], 2, [150, 300], 300)],
        winner=1,
        unplayed=[[400, 0]],
    )
    book.add(
        "half-a-point-below-is-not-yet",
        KOZ_END,
        "Team 0 stands at 299.5 after two hands: half a point below the target, so the game "
        "goes on; the half point of the third hand brings it to 300 and it wins.",
        first_dealer=3,
        rows=[
            ([200, 100], 3, [200, 100], 300),
            ([99.5, 50], 0, [299.5, 150], 300),
            ([0.5, 0], 1, [300, 150], 300),
        ],
        winner=0,
    )
    book.add(
        "half-a-point-below-team-1",
        KOZ_END,
        "Team 1 stands at 299.5 after the first hand and does not win; team 0 passes the "
        "target in the second hand while team 1 loses points, so team 0 wins.",
        first_dealer=2,
        rows=[([120, 299.5], 2, [120, 299.5], 300), ([190, -10], 3, [310, 289.5], 300)],
        winner=0,
    )
    # Exceeding the target.
    book.add(
        "exceeding-300-wins-team-1",
        KOZ_END,
        "Team 1 passes 300 (370) in the second hand while team 0 stays below: team 1 wins.",
        first_dealer=3,
        rows=[([120, 180], 3, [120, 180], 300), ([60, 190], 0, [180, 370], 300)],
        winner=1,
        unplayed=[[300, 0]],
    )
    book.add(
        "exceeding-300-in-the-first-hand-team-0",
        KOZ_END,
        "Team 0 scores 350.5 in the very first hand and wins the game after one hand; the "
        "other team's negative score changes nothing.",
        first_dealer=0,
        rows=[([350.5, -20], 0, [350.5, -20], 300)],
        winner=0,
        unplayed=[[0, 0]],
    )
    # Both teams over in one hand.
    book.add(
        "both-over-higher-wins-team-0",
        [*KOZ_END, "game-tie"],
        "Both teams pass 300 in the same hand (310 and 305): koz has no further target, so "
        "the higher total wins, team 0.",
        first_dealer=3,
        rows=[([200, 150], 3, [200, 150], 300), ([110, 155], 0, [310, 305], 300)],
        winner=0,
    )
    book.add(
        "both-over-higher-wins-team-1",
        [*KOZ_END, "game-tie"],
        "Both teams pass 300 in the second hand (310 and 360): the higher total, team 1, "
        "wins, although team 0 led before the hand.",
        first_dealer=1,
        rows=[([250, 260], 1, [250, 260], 300), ([60, 100], 2, [310, 360], 300)],
        winner=1,
    )
    # Equal totals at or above the target.
    book.add(
        "tie-at-300-plays-on-team-1",
        [*KOZ_END, "game-tie"],
        "Both teams reach exactly 300 in the same hand: nobody is ahead, so another hand is "
        "played; after it team 1 is ahead (320 to 310) and wins.",
        first_dealer=3,
        rows=[([300, 300], 3, [300, 300], 300), ([10, 20], 0, [310, 320], 300)],
        winner=1,
    )
    book.add(
        "tie-above-300-plays-on-team-0",
        [*KOZ_END, "game-tie"],
        "The teams stand equal at 310 after two hands; the third hand leaves team 0 at 310 "
        "and team 1 at 305, both still over the target, and team 0 wins.",
        first_dealer=2,
        rows=[
            ([150, 150], 2, [150, 150], 300),
            ([160, 160], 3, [310, 310], 300),
            ([0, -5], 0, [310, 305], 300),
        ],
        winner=0,
    )
    book.add(
        "tie-then-one-falls-below",
        [*KOZ_END, "game-tie"],
        "Equal at 300 after the first hand; in the second hand team 0 loses 10 and falls "
        "below the target while team 1 gains 5: team 1, the only team at or above 300, wins.",
        first_dealer=0,
        rows=[([300, 300], 0, [300, 300], 300), ([-10, 5], 1, [290, 305], 300)],
        winner=1,
    )
    book.add(
        "tie-twice-still-open",
        [*KOZ_END, "game-tie"],
        "Equal totals at or above 300 after the first and again after the second hand: the "
        "game is not over after the hands given (no winner).",
        first_dealer=3,
        rows=[([305, 305], 3, [305, 305], 300), ([-2.5, -2.5], 0, [302.5, 302.5], 300)],
        winner=None,
    )
    # Dealer rotation.
    book.add(
        "dealer-rotates-from-seat-3",
        ["game-hands", "dealer-rotation"],
        "Five hands far from the target: the deal passes to the next seat in the order of "
        "play after every hand, from seat 3 to 0, 1, 2 and back to 3; nobody wins.",
        first_dealer=3,
        rows=[
            ([10, 20], 3, [10, 20], 300),
            ([30.5, -4], 0, [40.5, 16], 300),
            ([-50, 60], 1, [-9.5, 76], 300),
            ([20, 20], 2, [10.5, 96], 300),
            ([0, 4.5], 3, [10.5, 100.5], 300),
        ],
        winner=None,
    )
    book.add(
        "dealer-rotates-from-seat-1",
        ["game-hands", "dealer-rotation", "game-target"],
        "A game whose first dealer is seat 1 (as its record may say): the deal goes to seats "
        "2, 3, 0 and 1; team 1 wins after the fifth hand, dealt by seat 1.",
        first_dealer=1,
        rows=[
            ([40, 60], 1, [40, 60], 300),
            ([50, 70], 2, [90, 130], 300),
            ([30, 50], 3, [120, 180], 300),
            ([60, 80], 0, [180, 260], 300),
            ([70, 45], 1, [250, 305], 300),
        ],
        winner=1,
        unplayed=[[100, 0]],
    )
    koz = get_profile("koz")
    first, first_scores = play_hand(koz, 101, 2, [150, 40], 7, "random")
    second, second_scores = play_hand(
        koz, 102, 3, [150 + first_scores[0], 40 + first_scores[1]], 8, "random"
    )
    _played(
        book,
        "played-hands-carry-the-totals",
        "Two fixed hands, then two hands played in full from explicit deals (every card and "
        "action written out; the actions were chosen by a seeded random policy). The first "
        "played hand is dealt by seat 2 with the totals 150 and 40 as the team scores, so "
        "team 0 opens in the 100-199 band and team 1 in the lowest: an engine that does not "
        "carry the totals, or rotates the deal wrongly, refuses an action or scores "
        "differently. The played hands' scores are golden values of the reference.",
        first_dealer=0,
        fixed=[[100, 30], [50, 10]],
        played=[(first, first_scores), (second, second_scores)],
        clauses=["game-hands", "dealer-rotation", "opening-bands", "game-target"],
    )
    _seeded_game(book, koz, game_seed=5, first_dealer=3, policy="random", hands=2)


def _played(
    book: GameBook,
    ident: str,
    description: str,
    *,
    first_dealer: int,
    fixed: Sequence[Sequence[float]],
    played: Sequence[tuple[Json, Sequence[float]]],
    clauses: Sequence[str],
) -> None:
    profile = get_profile(book.variant)
    rows: list[Row] = []
    totals = [0.0, 0.0]
    dealer = first_dealer
    target = _clean([_number(profile.target_score)])[0]
    scores_list = [list(s) for s in fixed] + [list(s) for _, s in played]
    for scores in scores_list:
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        rows.append((_clean(scores), dealer, _clean(totals), target))
        dealer = (dealer + 1) % profile.players
    if max(totals) >= target:
        raise SystemExit(f"{ident}: the played game reached the target; choose other seeds")
    hands = [{"scores": list(s)} for s in fixed] + [h for h, _ in played]
    book.add(
        ident,
        clauses,
        description,
        first_dealer=first_dealer,
        rows=rows,
        winner=None,
        hands=hands,
    )


def _seeded_game(
    book: GameBook,
    profile: RulesProfile,
    *,
    game_seed: int,
    first_dealer: int,
    policy: str,
    hands: int,
) -> None:
    """The seeded form: each hand dealt from the game's seed (clause game-record)."""
    played: list[tuple[Json, Sequence[float]]] = []
    totals = [0.0, 0.0]
    dealer = first_dealer
    for number in range(1, hands + 1):
        hand, scores = play_hand(
            profile, get_hand_seed(game_seed, number), dealer, totals, game_seed + number, policy
        )
        played.append(({"actions": hand["actions"]}, scores))
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        dealer = (dealer + 1) % profile.players
    rows: list[Row] = []
    totals = [0.0, 0.0]
    dealer = first_dealer
    target = _clean([_number(profile.target_score)])[0]
    for _, hand_scores in played:
        totals = [a + b for a, b in zip(totals, hand_scores, strict=True)]
        rows.append((_clean(hand_scores), dealer, _clean(totals), target))
        dealer = (dealer + 1) % profile.players
    if max(totals) >= target:
        raise SystemExit("the seeded game reached the target; choose another seed")
    book.add(
        f"seed-{game_seed}-{hands}-hands",
        ["game-record", "game-hands", "dealer-rotation"],
        f"The seeded form: {hands} hands, each dealt from the game's seed {game_seed} "
        "(hand n from the n-th SplitMix64 output) by the dealer the rotation names, and "
        f"played in full (the actions were chosen by a seeded {policy} policy). The hand "
        "scores are golden values of the reference; an implementation without the seeded "
        "shuffle may answer it unsupported.",
        first_dealer=first_dealer,
        rows=rows,
        winner=None,
        hands=[h for h, _ in played],
        seed=game_seed,
    )


# --------------------------------------------------------------------------- fi-5200

FI_END = ["game-hands", "game-target-fi-5200", "dealer-rotation"]


def fi5200_fixtures(book: GameBook) -> None:
    # Reaching exactly the target.
    book.add(
        "exactly-5200-wins-team-0",
        FI_END,
        "Team 0 reaches exactly 5200 after the second hand and wins: 5200 or more reaches "
        "the target. The third hand given is never played.",
        first_dealer=3,
        rows=[([3000, 2000], 3, [3000, 2000], 5200), ([2200, 1500], 0, [5200, 3500], 5200)],
        winner=0,
        unplayed=[[0, 3000]],
    )
    book.add(
        "exactly-5200-wins-team-1",
        FI_END,
        "Team 1 reaches exactly 5200 in the first hand, team 0 stays at 2600: team 1 wins.",
        first_dealer=1,
        rows=[([2600, 5200], 1, [2600, 5200], 5200)],
        winner=1,
        unplayed=[[3000, 0]],
    )
    book.add(
        "5-below-is-not-yet",
        FI_END,
        "Team 1 stands at 5195 after the first hand, five points below: the game goes on; "
        "the second hand takes it to 5200 and it wins.",
        first_dealer=3,
        rows=[([-100, 5195], 3, [-100, 5195], 5200), ([600, 5], 0, [500, 5200], 5200)],
        winner=1,
    )
    # Exceeding the target.
    book.add(
        "exceeding-5200-wins-team-0",
        FI_END,
        "Team 0 scores 5210 in the first hand (team 1: 4000) and wins.",
        first_dealer=0,
        rows=[([5210, 4000], 0, [5210, 4000], 5200)],
        winner=0,
    )
    book.add(
        "exceeding-5200-wins-team-1",
        FI_END,
        "Team 1 passes 5200 (5500) in the second hand while team 0 stays at 2500: team 1 wins.",
        first_dealer=2,
        rows=[([1000, 3000], 2, [1000, 3000], 5200), ([1500, 2500], 3, [2500, 5500], 5200)],
        winner=1,
        unplayed=[[5000, 0]],
    )
    # Both teams over in one hand: 7200.
    fi_up = [*FI_END, "game-tie"]
    book.add(
        "both-over-5200-moves-to-7200-team-1",
        fi_up,
        "Both teams pass 5200 in the same hand (5300 and 5250): nobody wins and the target "
        "becomes 7200; the next hand takes team 1 to 7250 (team 0: 6300) and team 1 wins.",
        first_dealer=3,
        rows=[([5300, 5250], 3, [5300, 5250], 7200), ([1000, 2000], 0, [6300, 7250], 7200)],
        winner=1,
    )
    book.add(
        "both-over-5200-moves-to-7200-team-0",
        fi_up,
        "Both teams reach exactly 5200 in the first hand: the target becomes 7200. Team 0 "
        "reaches exactly 7200 in the second hand (team 1: 6200) and wins.",
        first_dealer=1,
        rows=[([5200, 5200], 1, [5200, 5200], 7200), ([2000, 1000], 2, [7200, 6200], 7200)],
        winner=0,
    )
    book.add(
        "both-over-5200-one-already-over-7200",
        fi_up,
        "Both teams pass 5200 in the second hand, team 0 already with 7500: the target "
        "becomes 7200, which team 0 has reached, so it wins at once (team 1: 5300).",
        first_dealer=3,
        rows=[([3000, 3000], 3, [3000, 3000], 5200), ([4500, 2300], 0, [7500, 5300], 7200)],
        winner=0,
    )
    book.add(
        "only-one-over-7200-team-1",
        fi_up,
        "The target is 7200 after both teams passed 5200; in the next hand only team 1 "
        "passes 7200 (team 0 stays at 7150): team 1 wins, though team 0 was ahead before.",
        first_dealer=0,
        rows=[([5600, 5400], 0, [5600, 5400], 7200), ([1550, 1900], 1, [7150, 7300], 7200)],
        winner=1,
    )
    # Both over 7200 too: 9200.
    book.add(
        "both-over-7200-moves-to-9200-team-0",
        fi_up,
        "Both pass 5200 (target 7200), then both pass 7200 in the same hand (target 9200), "
        "then both pass 9200 in the same hand: 9200 is the last target, so the higher total "
        "wins (team 0, 9300 to 9200).",
        first_dealer=3,
        rows=[
            ([5300, 5300], 3, [5300, 5300], 7200),
            ([2000, 2000], 0, [7300, 7300], 9200),
            ([2000, 1900], 1, [9300, 9200], 9200),
        ],
        winner=0,
    )
    book.add(
        "both-over-7200-moves-to-9200-team-1",
        fi_up,
        "Target 7200 after the first hand, 9200 after the second; in the third hand only "
        "team 1 reaches 9200 (9250, team 0: 8800) and wins.",
        first_dealer=2,
        rows=[
            ([5400, 5250], 2, [5400, 5250], 7200),
            ([1900, 2050], 3, [7300, 7300], 9200),
            ([1500, 1950], 0, [8800, 9250], 9200),
        ],
        winner=1,
    )
    book.add(
        "both-jump-over-7200-in-one-hand",
        fi_up,
        "Both teams pass 5200 and 7200 in the very first hand (7300 and 7250): the target "
        "moves to 7200 and then to 9200 at once, and nobody has reached it. The second hand "
        "takes team 0 to 9300 (team 1: 9150): team 0 wins.",
        first_dealer=1,
        rows=[([7300, 7250], 1, [7300, 7250], 9200), ([2000, 1900], 2, [9300, 9150], 9200)],
        winner=0,
    )
    book.add(
        "9200-is-the-last-target-team-1",
        fi_up,
        "Both teams pass every target in one hand (9500 and 9800): there is no target after "
        "9200, so the higher total, team 1, wins in the first hand.",
        first_dealer=3,
        rows=[([9500, 9800], 3, [9500, 9800], 9200)],
        winner=1,
    )
    # Equal totals.
    book.add(
        "tie-at-9200-plays-on-team-1",
        fi_up,
        "Both teams pass 9200 with equal totals (9400 each): there is no further target and "
        "nobody is ahead, so another hand is played; it leaves team 1 ahead and it wins.",
        first_dealer=0,
        rows=[
            ([5400, 5400], 0, [5400, 5400], 7200),
            ([4000, 4000], 1, [9400, 9400], 9200),
            ([100, 300], 2, [9500, 9700], 9200),
        ],
        winner=1,
    )
    book.add(
        "tie-at-9200-plays-on-team-0",
        fi_up,
        "Equal totals over 9200 (9300 each) after the first hand: the game goes on; the "
        "second hand leaves team 0 ahead (9500 to 9200), and it wins.",
        first_dealer=3,
        rows=[([9300, 9300], 3, [9300, 9300], 9200), ([200, -100], 0, [9500, 9200], 9200)],
        winner=0,
    )
    book.add(
        "equal-at-5200-is-no-tie",
        fi_up,
        "Both teams stand at exactly 5300 after the first hand: with a target left that is "
        "no tie, the target moves to 7200 and the game goes on without a winner.",
        first_dealer=2,
        rows=[([5300, 5300], 2, [5300, 5300], 7200), ([500, 500], 3, [5800, 5800], 7200)],
        winner=None,
    )
    # Dealer rotation.
    book.add(
        "dealer-rotates-from-seat-3",
        ["game-hands", "dealer-rotation"],
        "Five hands far from the target: the deal passes from seat 3 to 0, 1, 2 and back to "
        "3; nobody wins.",
        first_dealer=3,
        rows=[
            ([400, 900], 3, [400, 900], 5200),
            ([-600, 1200], 0, [-200, 2100], 5200),
            ([1500, -100], 1, [1300, 2000], 5200),
            ([800, 700], 2, [2100, 2700], 5200),
            ([1000, 1100], 3, [3100, 3800], 5200),
        ],
        winner=None,
    )
    book.add(
        "dealer-rotates-from-seat-2",
        ["game-hands", "dealer-rotation", "game-target-fi-5200"],
        "A game whose record names seat 2 as the first dealer: the deal goes to seats 3, 0, 1 "
        "and 2; team 0 wins after the fifth hand, dealt by seat 2.",
        first_dealer=2,
        rows=[
            ([1000, 900], 2, [1000, 900], 5200),
            ([1200, 1100], 3, [2200, 2000], 5200),
            ([1000, 1200], 0, [3200, 3200], 5200),
            ([1100, 900], 1, [4300, 4100], 5200),
            ([1000, 1000], 2, [5300, 5100], 5200),
        ],
        winner=0,
        unplayed=[[0, 0]],
    )
    fi = get_profile("fi-5200")
    first, first_scores = play_hand(fi, 201, 1, [950, 0], 3, "greedy")
    second, second_scores = play_hand(
        fi, 202, 2, [950 + first_scores[0], first_scores[1]], 4, "greedy"
    )
    _played(
        book,
        "played-hands-carry-the-totals",
        "One fixed hand, then two hands played in full from explicit deals (every card and "
        "action written out; the actions were chosen by a seeded greedy policy). The first "
        "played hand is dealt by seat 1 with the totals 950 and 0 as the team scores, so "
        "team 0 opens under the 900-and-over rule and team 1 under the lower one: an engine "
        "that does not carry the totals, or rotates the deal wrongly, refuses an action or "
        "scores differently. The played hands' scores are golden values of the reference.",
        first_dealer=0,
        fixed=[[950, 0]],
        played=[(first, first_scores), (second, second_scores)],
        clauses=["game-hands", "dealer-rotation", "opening-bands-fi-5200", "game-target-fi-5200"],
    )
    _seeded_game(book, fi, game_seed=9, first_dealer=3, policy="greedy", hands=2)


# --------------------------------------------------------------------------- fi-351

FI351_END = ["game-hands", "game-target-fi-351", "dealer-rotation"]


def fi351_fixtures(book: GameBook) -> None:
    book.add(
        "exactly-351-wins-team-0",
        FI351_END,
        "Team 0 reaches exactly 351 after the second hand and wins at once; the third hand "
        "given is never played.",
        first_dealer=3,
        rows=[([200, 100], 3, [200, 100], 351), ([151, 50], 0, [351, 150], 351)],
        winner=0,
        unplayed=[[0, 300]],
    )
    book.add(
        "half-a-point-below-351",
        [*FI351_END, "score-halves-fi-351"],
        "Team 0 stands at 350.5 after the first hand: the half point is kept, not rounded up, "
        "so the target is not reached; one more point in the second hand wins.",
        first_dealer=3,
        rows=[([350.5, 10], 3, [350.5, 10], 351), ([1, 0], 0, [351.5, 10], 351)],
        winner=0,
    )
    book.add(
        "exceeding-351-wins-team-1",
        FI351_END,
        "Team 1 passes 351 (375.5) in the second hand while team 0 stays below; seat 1 deals "
        "first.",
        first_dealer=1,
        rows=[([100, 200], 1, [100, 200], 351), ([50, 175.5], 2, [150, 375.5], 351)],
        winner=1,
        unplayed=[[400, 0]],
    )
    book.add(
        "negative-hand-then-351",
        FI351_END,
        "A hand score may be negative (-2.5, cards left in hand); team 0 reaches 351 in the "
        "second hand.",
        first_dealer=3,
        rows=[([-2.5, 120], 3, [-2.5, 120], 351), ([353.5, 0], 0, [351, 120], 351)],
        winner=0,
    )
    book.add(
        "both-over-the-higher-wins",
        [*FI351_END, "game-tie"],
        "Both teams pass 351 in the second hand; fi-351 has no higher target, so the higher "
        "total (375 against 360) wins.",
        first_dealer=3,
        rows=[([340, 345], 3, [340, 345], 351), ([20, 30], 0, [360, 375], 351)],
        winner=1,
    )
    book.add(
        "both-over-and-equal-play-on",
        [*FI351_END, "game-tie"],
        "Both teams stand at 360 after the second hand: neither has more, so another hand is "
        "played at the same target; team 0 ends it ahead (370 against 360) and wins.",
        first_dealer=3,
        rows=[
            ([300, 320], 3, [300, 320], 351),
            ([60, 40], 0, [360, 360], 351),
            ([10, 0], 1, [370, 360], 351),
        ],
        winner=0,
    )
    book.add(
        "target-555-400-is-not-enough",
        [*FI351_END, "profile-options"],
        "Played to 555 (agreed before the game): 400 after two hands does not end the game; "
        "560 after the third does.",
        first_dealer=3,
        rows=[
            ([300, 100], 3, [300, 100], 555),
            ([100, 50], 0, [400, 150], 555),
            ([160, 0], 1, [560, 150], 555),
        ],
        winner=0,
        features=["target-555"],
    )
    book.add(
        "target-555-both-over-equal",
        [*FI351_END, "game-tie", "profile-options"],
        "Played to 555: both teams reach 560 in the second hand and play on; the third hand "
        "leaves team 0 at 560 and team 1 at 555, both at or over the target, so team 0 wins.",
        first_dealer=3,
        rows=[
            ([500, 520], 3, [500, 520], 555),
            ([60, 40], 0, [560, 560], 555),
            ([0, -5], 1, [560, 555], 555),
        ],
        winner=0,
        features=["target-555"],
    )
    book.add(
        "three-players",
        [*FI351_END, "game-tie", "players-fi-351"],
        "Three players, each on their own; seat 2 deals first. After the second hand seats 0 "
        "and 1 stand equal at 360 and play on; after the third all three are over 351 and "
        "seat 2, with 400, has the most: it wins.",
        first_dealer=2,
        rows=[
            ([200, 150, 100], 2, [200, 150, 100], 351),
            ([160, 210, 100], 0, [360, 360, 200], 351),
            ([0, 5, 200], 1, [360, 365, 400], 351),
        ],
        winner=2,
        features=["players-3"],
    )
    book.add(
        "two-players-first-hand",
        [*FI351_END, "players-fi-351"],
        "Two players: seat 0 scores 351 in the first hand (seat 1 dealing) and wins.",
        first_dealer=1,
        rows=[([351, 0], 1, [351, 0], 351)],
        winner=0,
        unplayed=[[0, 400]],
        features=["players-2"],
    )
    _seeded_game(book, get_profile("fi-351"), game_seed=3, first_dealer=3, policy="random", hands=2)


# --------------------------------------------------------------------------- classic

CLASSIC_END = ["game-hands", "classic-game-target", "dealer-rotation"]


def classic_fixtures(book: GameBook) -> None:
    book.add(
        "exactly-5000-wins-biz",
        CLASSIC_END,
        "Side 0 reaches exactly 5000 after the second hand and wins at once; the third hand "
        "given is never played.",
        first_dealer=3,
        rows=[([3000, 1200], 3, [3000, 1200], 5000), ([2000, 800], 0, [5000, 2000], 5000)],
        winner=0,
        unplayed=[[0, 4000]],
    )
    book.add(
        "4995-is-not-yet",
        CLASSIC_END,
        "Side 1 stands at 4995 after the first hand: not yet 5000; 5 more in the second hand "
        "win. Seat 1 deals first.",
        first_dealer=1,
        rows=[([1000, 4995], 1, [1000, 4995], 5000), ([100, 5], 2, [1100, 5000], 5000)],
        winner=1,
    )
    book.add(
        "negative-hand-then-5000",
        CLASSIC_END,
        "A side's hand score may be negative (red threes of a side without melds, cards left "
        "in hand): -300, then 5400 brings side 0 to 5100.",
        first_dealer=3,
        rows=[([-300, 2000], 3, [-300, 2000], 5000), ([5400, 1500], 0, [5100, 3500], 5000)],
        winner=0,
    )
    book.add(
        "both-over-the-higher-wins",
        [*CLASSIC_END, "game-tie"],
        "Both sides pass 5000 in the same hand: the higher total (5600 against 5300) wins.",
        first_dealer=3,
        rows=[([4000, 4500], 3, [4000, 4500], 5000), ([1600, 800], 0, [5600, 5300], 5000)],
        winner=0,
    )
    book.add(
        "both-over-and-equal-play-on",
        [*CLASSIC_END, "game-tie"],
        "Both sides stand at 5200 after the second hand and play another; side 1 ends it ahead.",
        first_dealer=3,
        rows=[
            ([4000, 4100], 3, [4000, 4100], 5000),
            ([1200, 1100], 0, [5200, 5200], 5000),
            ([300, 450], 1, [5500, 5650], 5000),
        ],
        winner=1,
    )
    book.add(
        "three-players",
        [*CLASSIC_END, "classic-players"],
        "Three players, each alone; seat 2 deals first. Seat 1 reaches 5000 in the third hand.",
        first_dealer=2,
        rows=[
            ([2000, 1500, 1000], 2, [2000, 1500, 1000], 5000),
            ([1000, 2000, 1500], 0, [3000, 3500, 2500], 5000),
            ([500, 1600, 900], 1, [3500, 5100, 3400], 5000),
        ],
        winner=1,
        features=["players-3"],
    )
    book.add(
        "six-players",
        [*CLASSIC_END, "classic-players"],
        "Six players in two sides of three; seat 5 deals first, seat 0 the second hand.",
        first_dealer=5,
        rows=[([3000, 2500], 5, [3000, 2500], 5000), ([1500, 2600], 0, [4500, 5100], 5000)],
        winner=1,
        features=["players-6"],
    )
    _seeded_game(
        book, get_profile("classic"), game_seed=3, first_dealer=3, policy="greedy", hands=2
    )
    for dealer in (3, 0):
        _concealed_first_turn(book, dealer)


CONCEALED_HAND = ("AC", "AC", "AD", "AD", "AH", "AH", "AS", "KC", "KD", "KH", "5S")
"""The first player's hand in :func:`_concealed_first_turn`: seven aces and three kings."""


def _concealed_deal(profile: RulesProfile, seat: int) -> Json:
    """A classic deal where ``seat`` holds :data:`CONCEALED_HAND` and the stock's top card is
    the fourth king; the other cards follow the canonical deck order (the other hands, then
    the upcard: the first card that is neither wild nor a three), with the red threes at the
    bottom of the stock so that none is dealt."""
    rest = [format_card(c) for c in get_deck(profile.deck_jokers)]
    for card in (*CONCEALED_HAND, "KS"):
        rest.remove(card)
    red_threes = [c for c in rest if c in ("3D", "3H")]
    rest = [c for c in rest if c not in red_threes]
    hands: list[list[str]] = []
    for other in range(profile.players):
        if other == seat:
            hands.append(list(CONCEALED_HAND))
        else:
            hands.append(rest[: profile.hand_size])
            rest = rest[profile.hand_size :]
    upcard = next(c for c in rest if c[0] not in "23" and c != "JK")
    rest.remove(upcard)
    return {
        "hands": hands,
        "fi": [],
        "discard": [upcard],
        "stock": ["KS", *rest, *red_threes],
        "trump": None,
    }


def _concealed_first_turn(book: GameBook, dealer: int) -> None:
    """classic-concealed at the start of a hand: nobody has laid a card yet, so the first
    player who goes out in the first turn goes out concealed."""
    profile = get_profile("classic")
    seat = (dealer + 1) % profile.players
    deal = _concealed_deal(profile, seat)
    actions: list[Json] = [
        {"type": "draw"},
        {"type": "meld", "cards": list(CONCEALED_HAND[:7])},
        {"type": "meld", "cards": ["KC", "KD", "KH", "KS"]},
        {"type": "discard", "card": "5S"},
    ]
    state = engine.new_hand(profile, deal=deal, dealer=dealer, team_scores=[0, 0])
    for action in actions:
        following = engine.apply(state, engine.action_from_json(action))
        if isinstance(following, engine.Violation):
            raise SystemExit(f"concealed first turn: {following}")
        state = following
    score = engine.score_hand(state)
    if not state.hand_over or score.teams[seat % 2].get("concealed") == 0:
        raise SystemExit("concealed first turn: the hand did not end concealed")
    scores = _clean([_number(team.total) for team in score.teams])
    team = seat % 2
    book.add(
        f"concealed-in-the-first-turn-seat-{seat}",
        ["classic-concealed", "classic-deal", "game-hands"],
        f"A hand dealt by seat {dealer} from an explicit deal: seat {seat}, who plays first, "
        "draws the fourth king, melds seven natural aces (a canasta) and four kings (180, "
        "over the first-meld minimum of 50) and discards the last card. Nobody has laid a "
        "card on the table when a hand is dealt, so this is going out concealed: side "
        f"{team} scores 180 for the cards melded, 500 for the natural canasta, 100 for going "
        "out and 100 more for going out concealed, less the cards its other player holds. "
        "An engine that starts a hand as though every player had already laid cards scores "
        "100 less. The hand scores are golden values of the reference.",
        first_dealer=dealer,
        rows=[(scores, dealer, scores, 5000)],
        winner=None,
        hands=[{"deal": deal, "actions": actions}],
    )


def build() -> dict[str, Json]:
    items: dict[str, Json] = {}
    for variant, source, make in (
        ("koz", "seed 001", koz_fixtures),
        ("fi-5200", "seed 000 (part 1)", fi5200_fixtures),
        ("fi-351", "seed 000 (part 2)", fi351_fixtures),
        ("classic", "seeds 002, 003, 004", classic_fixtures),
    ):
        book = GameBook(variant, source)
        make(book)
        items.update(book.items)
    return items


def main(argv: Sequence[str] | None = None) -> int:
    return write_fixtures(build(), argv, __doc__ or "")


_: Callable[..., object] = main

if __name__ == "__main__":
    sys.exit(main())
