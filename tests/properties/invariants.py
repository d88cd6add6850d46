"""Invariants of a hand in play, checked after every action by the state machines and
(in part) by the random self-play.

Each ``check_*`` function asserts one property of issue 6 and names the clause it
guards in its docstring; the tests that call them carry the clause marks.
"""

from __future__ import annotations

import re

from kanasta import engine
from kanasta.errors import Violation
from kanasta.io.meld_json import meld_from_json, meld_to_json
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.canastas import CanastaKind
from kanasta.rules.cards import Card, get_deck
from kanasta.rules.families import RED_THREES, CanastaScheme, Rounding, RulesProfile
from kanasta.rules.melds import Meld, MeldKind, get_meld_arrangements
from kanasta.rules.points import parse_points
from kanasta.rules.scoring import HandScore, get_unplayed_fi
from kanasta.rules.state import Phase, State, get_provisional_melds, get_team
from kanasta.specdoc.spec import load_spec

__all__ = [
    "SLUGS",
    "check_canasta_kinds",
    "check_card_conservation",
    "check_hand_score",
    "check_json_round_trips",
    "check_meld",
    "check_one_set_per_rank",
    "check_rejected",
    "check_step",
    "check_table_melds",
    "check_violation",
    "same_as_a_listed_action",
]

SLUGS = frozenset(clause.slug for clause in load_spec())
CODE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def check_violation(violation: Violation) -> None:
    """A refusal names a clause of the spec and a stable kebab-case reason code."""
    assert violation.clause in SLUGS, violation
    assert CODE.match(violation.code), violation


def _places(state: State) -> list[Card]:
    held: list[Card] = []
    for hand in state.hands:
        held += hand
    held += state.stock
    held += state.discard
    for packet in state.fi:
        held += packet
    for team in state.melds:
        for meld in team:
            held += meld.cards
            held += meld.spare
    for laid in state.red_threes:
        held += laid  # classic-red-threes: laid face up beside the side's melds
    held += state.pile_pending  # classic-pile-opening: set aside until the minimum is met
    return held


def check_card_conservation(state: State) -> None:
    """deck-composition: every card of the deck is in exactly one place.

    The places are the hands, the stock, the discard pile, the fi packets and
    the melds (their arranged cards and any spare wild).
    """
    held = _places(state)
    held.sort()
    assert held == list(get_deck(state.profile.deck_jokers))
    for hand in state.hands:
        assert list(hand) == sorted(hand)


def check_meld(profile: RulesProfile, meld: Meld) -> None:
    """lay-off, meld-max-size: a meld on the table is legal and replays from its history.

    The replay goes through the JSON form (:func:`kanasta.io.meld_json.meld_from_json`),
    so the meld is exactly what its batches build under the family's rules.
    """
    assert meld.size >= 3
    if profile.max_meld_size is not None:
        assert meld.size <= profile.max_meld_size
    assert sorted(c for batch in meld.history for c in batch) == list(meld.all_cards)
    assert get_meld_arrangements(profile, meld.history[0], going_out=True), meld.history
    assert meld_from_json(profile, meld_to_json(meld), "$") == meld


def check_one_set_per_rank(state: State) -> None:
    """one-set-per-rank: no team holds two sets of one rank."""
    if state.profile.one_set_per_rank:
        for team in state.melds:
            ranks = [m.rank for m in team if m.kind is MeldKind.SET]
            assert len(ranks) == len(set(ranks))


def check_table_melds(state: State) -> None:
    """Every meld on the table passes :func:`check_meld`, and :func:`check_one_set_per_rank`."""
    for team in state.melds:
        for meld in team:
            check_meld(state.profile, meld)
    check_one_set_per_rank(state)


def _kind_by_cards(state: State, meld: Meld) -> CanastaKind | None:
    profile = state.profile
    if meld.size < profile.canasta_size:
        return None
    if meld.kind is MeldKind.WILD:
        return CanastaKind.ALL_WILD
    if (
        meld.kind is MeldKind.RUN
        and meld.size == 13
        and meld.wild_count == 0
        and profile.bonus("super")
    ):
        return CanastaKind.SUPER
    return CanastaKind.DIRTY if meld.wild_count else CanastaKind.CLEAN


def check_canasta_kinds(before: State, after: State, action: Action) -> None:
    """canasta-definition, canasta-clean-dirty, canasta-kind-fixed, canasta-grand,
    canasta-kind-at-forming-fi-351.

    A canasta stays a canasta while it is on the table. In koz its kind follows
    its cards; in fi-5200 it keeps the kind it had when it first reached seven
    cards, except that it may become grand; in fi-351 it keeps the kind of the
    cards it was formed with.
    """
    profile = after.profile
    for t, team in enumerate(after.melds):
        for meld in team:
            if profile.canasta_scheme is CanastaScheme.CLEAN_DIRTY:
                assert meld.canasta == _kind_by_cards(after, meld), meld
            elif profile.canasta_scheme is CanastaScheme.CLEAN_DIRTY_AT_FORMING:
                assert meld.canasta in (None, CanastaKind.CLEAN, CanastaKind.DIRTY)
                assert (meld.canasta is not None) == (meld.size >= profile.canasta_size)
            else:
                assert (meld.canasta is not None) == (meld.size >= profile.canasta_size)
        if action.type is ActionType.TAKE_BACK and t == before.team:
            continue
        old_team = before.melds[t]
        assert len(team) >= len(old_team)
        for old, new in zip(old_team, team, strict=False):
            if old.canasta is None:
                continue
            assert new.canasta is not None
            if profile.canasta_scheme is CanastaScheme.HALF_FULL_GRAND:
                assert new.canasta in (old.canasta, CanastaKind.GRAND)
            if profile.canasta_scheme is CanastaScheme.CLEAN_DIRTY_AT_FORMING:
                assert new.canasta == old.canasta
        if profile.canasta_scheme is CanastaScheme.CLEAN_DIRTY_AT_FORMING:
            # canasta-kind-at-forming-fi-351: a meld that became a canasta in this action
            # has the kind of its cards now, the cards it was formed with.
            for i, meld in enumerate(team):
                was = old_team[i].canasta if i < len(old_team) else None
                if meld.canasta is not None and was is None:
                    assert meld.canasta == _kind_by_cards(after, meld), meld


def _drawn(before: State) -> tuple[Card, ...]:
    """classic-red-threes: the stock cards a draw takes: the red threes on top (laid face
    up) and the card after them; one card in the other families."""
    stock = before.stock
    if not before.profile.red_threes_laid:
        return stock[:1]
    i = 0
    while i < len(stock) and stock[i] in RED_THREES:
        i += 1
    return stock[: i + 1]


def _not_red(cards: tuple[Card, ...]) -> int:
    return sum(1 for c in cards if c not in RED_THREES)


def _released(before: State, after: State) -> int:
    """classic-pile-opening: the pile cards that joined the hand in this action."""
    if after.pile_top is not None or (before.pile_top is None and before.opened[before.team]):
        return 0
    if before.pile_top is not None:
        return _not_red(before.pile_pending)
    return 0


def _hand_size_after(before: State, action: Action, after: State) -> int:
    """How many cards the acting player holds right after the action, before any fi."""
    held = len(before.hands[before.turn])
    kind = action.type
    if kind is ActionType.DRAW and not before.profile.red_threes_laid:
        return held + 1
    if kind is ActionType.DRAW:
        return held + (1 if _not_red(_drawn(before)) else 0)
    if kind is ActionType.TAKE_PILE and before.profile.pile_top_melded:
        rest = _not_red(before.discard[:-1])
        joins = before.opened[before.team] or after.pile_top is None
        return held - len(action.cards) + (rest if joins else 0)
    if kind is ActionType.TAKE_PILE:
        return held + len(before.discard)
    if kind is ActionType.TAKE_BACK:
        back = sum(m.size for m in get_provisional_melds(before, before.team))
        return held + back - (1 if before.pile_top is not None else 0)
    return held - len(action.cards) + _released(before, after)


def check_step(before: State, action: Action, after: State) -> None:
    """The state after an action follows from the action.

    turn-structure, draw-from-stock, take-whole-pile, meld-from-hand,
    lay-off-own-team, discard-ends-turn, fi-pickup, going-out, turn-passes,
    stock-exhaustion, pass-by-showing (only in the draw phase, holding the top card;
    nothing moves but the turn): hand sizes, stock, pile, fi packets, the seat to act and
    the untouched players' hands all change exactly as the action says.
    """
    seat = before.turn
    kind = action.type
    size = _hand_size_after(before, action, after)
    emptied = size == 0
    for s, hand in enumerate(after.hands):
        if s != seat:
            assert hand == before.hands[s]
    if emptied and before.fi:
        assert after.hands[seat] == tuple(sorted(before.fi[0]))
        assert after.fi == before.fi[1:]
        assert after.fi_takers == (*before.fi_takers, seat)
        assert after.opened[before.team]
    else:
        assert len(after.hands[seat]) == size
        assert after.fi == before.fi
        assert after.fi_takers == before.fi_takers
    if emptied and not before.fi:
        assert after.phase is Phase.OVER
        assert after.went_out == seat
    if kind is ActionType.DRAW:
        drawn = _drawn(before)
        assert after.stock == before.stock[len(drawn) :]
        if drawn[-1] not in RED_THREES or not before.profile.red_threes_laid:
            assert drawn[-1] in after.hands[seat]
            assert after.phase is Phase.PLAY
        else:  # classic-stock-exhaustion: the last card was a red three
            assert after.phase is Phase.OVER
    else:
        assert after.stock == before.stock
    if kind is ActionType.TAKE_PILE:
        assert after.discard == ()
        assert after.phase is Phase.PLAY or emptied
    elif kind is ActionType.TAKE_BACK and before.pile_top is not None:
        # classic-pile-opening: the pile goes back as it was, the player to draw again
        assert after.discard == (*before.pile_pending, before.pile_top)
        assert after.phase is Phase.DRAW
    elif kind is ActionType.DISCARD:
        assert after.discard == (*before.discard, action.cards[0])
    else:
        assert after.discard == before.discard
    if kind is ActionType.PASS:
        assert before.profile.pass_by_showing
        assert before.phase is Phase.DRAW
        assert before.discard
        assert before.discard[-1] in before.hands[seat]
        assert after.hands == before.hands
        assert after.phase is Phase.OVER or (
            after.turn == (seat + 1) % before.profile.players and after.phase is Phase.DRAW
        )
    elif kind is ActionType.DISCARD and after.phase is not Phase.OVER:
        assert after.turn == (seat + 1) % before.profile.players
        assert after.phase is Phase.DRAW
    elif kind is ActionType.DISCARD:
        assert not after.stock or after.went_out == seat
    else:
        assert after.turn == seat
    if kind in (ActionType.MELD, ActionType.LAY_OFF, ActionType.TAKE_PILE) and (
        after.phase is not Phase.OVER
    ):
        assert after.phase is Phase.PLAY
    if kind is ActionType.TAKE_PILE and before.profile.pile_top_melded:
        # classic-take-pile: the top card is melded with the cards shown, or laid off
        batch = tuple(sorted((before.discard[-1], *action.cards)))
        old = before.melds[before.team]
        new = after.melds[before.team]
        if action.meld >= 0:
            assert new[action.meld].history == (*old[action.meld].history, batch)
        else:
            assert new[-1].history == (batch,)
    if before.red_threes:
        for t, (old_red, new_red) in enumerate(
            zip(before.red_threes, after.red_threes, strict=True)
        ):
            assert new_red[: len(old_red)] == old_red
            assert all(c in RED_THREES for c in new_red)
            if t != before.team:
                assert new_red == old_red
    for t, team in enumerate(after.melds):
        if t != before.team:
            assert team == before.melds[t]
    if kind is ActionType.LAY_OFF:
        old = before.melds[before.team]
        new = after.melds[before.team]
        assert len(new) == len(old)
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if i == action.meld:
                # classic-concealed-canasta: a lay-off on a meld begun in this turn may join
                # its first batch (the meld is still made from the hand and the top card).
                joined = (tuple(sorted(a.history[0] + action.cards)),)
                assert b.history == (*a.history, action.cards) or (
                    before.profile.concealed_canasta_bonus > 0
                    and i >= len(old) - before.turn_melds
                    and b.history == joined
                )
            else:
                assert a == b
    if kind is ActionType.MELD:
        assert after.melds[before.team][:-1] == before.melds[before.team]
        assert after.melds[before.team][-1].history == (action.cards,)
    assert all(o or not a for o, a in zip(after.opened, before.opened, strict=True))
    assert after.team_scores == before.team_scores
    assert after.trump == before.trump


def check_json_round_trips(state: State, action: Action | None = None) -> None:
    """state-json, action-json: states and actions survive a JSON round trip unchanged."""
    data = engine.state_to_json(state)
    assert engine.state_from_json(data, state.profile) == state
    if action is not None:
        assert engine.action_from_json(engine.action_to_json(action)) == action


def check_hand_score(state: State, score: HandScore) -> None:
    """hand-score, score-breakdown, hand-penalty, fi-bonus, score-rounding.

    Every team's total is the sum of its breakdown parts (also in the JSON
    form); the hand part is minus the cards left in the team's hands; the fi
    part counts the fi the team took; koz totals are whole points.
    """
    profile = state.profile
    teams = len(state.melds)
    assert len(score.teams) == teams
    data = score.to_json()["teams"]
    assert isinstance(data, list)
    for team, (part, shown) in enumerate(zip(score.teams, data, strict=True)):
        assert part.total == sum(value for _, value in part.parts)
        assert parse_points(shown["total"]) == sum(
            parse_points(v) for v in shown["breakdown"].values()
        )
        unplayed = get_unplayed_fi(state)  # fi-unplayed-fi-5200: neither plus nor minus
        left = [
            c
            for s, h in enumerate(state.hands)
            if get_team(profile, s) == team and s not in unplayed
            for c in h
        ]
        assert part.get("hand") == -sum(profile.hand_card_points(c) for c in left)
        taken = sum(
            1 for s in state.fi_takers if get_team(profile, s) == team and s not in unplayed
        )
        assert part.get("fi") == taken * profile.bonus("fi")
        if profile.rounding is Rounding.UP:
            assert part.total % 2 == 0


def same_as_a_listed_action(state: State, result: State, legal: tuple[Action, ...]) -> bool:
    """Whether ``result`` is what one of the listed actions leads to (another spelling)."""
    return any(engine.apply(state, a) == result for a in legal)


def check_rejected(state: State, action: Action, legal: tuple[Action, ...]) -> None:
    """legal-action-count, action-kinds: an action the state does not list is refused
    with a clause slug and a reason code, never with an exception; or it is a listed
    action written another way (the default place of a wild)."""
    result = engine.apply(state, action)
    if action in legal:
        assert isinstance(result, State)
    elif isinstance(result, Violation):
        check_violation(result)
    else:
        assert same_as_a_listed_action(state, result, legal), action
