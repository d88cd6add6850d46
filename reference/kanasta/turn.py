"""Chapter *The turn* (``spec/06-turn.rst``): draw or take the pile, meld, lay off, discard.

Every ``apply_*`` function returns the next state, or the
:class:`~kanasta.errors.Violation` of the clause that forbids the move; none
raises for an illegal move.
"""

from __future__ import annotations

from collections.abc import Iterable

from kanasta.candidates import (
    apply_lay_off_cached,
    get_lay_off_options,
    get_meld_options,
    validate_meld_cached,
)
from kanasta.cards import Card, format_card, format_cards
from kanasta.clauses import implements
from kanasta.errors import Violation
from kanasta.going_out import check_emptying, end_turn, take_fi_or_go_out
from kanasta.melds import Meld, check_new_set
from kanasta.opening import (
    check_provisional_opening,
    count_provisional,
    get_opened_after,
)
from kanasta.state import Phase, State, get_provisional_melds, is_provisional

__all__ = [
    "after_laying",
    "apply_discard",
    "apply_draw",
    "apply_lay_off_action",
    "apply_meld",
    "apply_take_back",
    "apply_take_pile",
    "can_finish_turn",
    "check_discard",
    "check_phase",
    "check_take_pile",
    "get_legal_discards",
    "remove_cards",
]


def remove_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """The hand without ``cards`` (a multiset), or ``None`` when it does not hold them all."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def _with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return tuple(hand if s == seat else h for s, h in enumerate(hands))


def _with_team(
    melds: tuple[tuple[Meld, ...], ...], team: int, team_melds: tuple[Meld, ...]
) -> tuple[tuple[Meld, ...], ...]:
    return tuple(team_melds if t == team else m for t, m in enumerate(melds))


@implements("turn-structure")
def check_phase(state: State, phase: Phase) -> Violation | None:
    """turn-structure: each action belongs to one phase of the turn; nothing after the hand."""
    if state.phase is Phase.OVER:
        return Violation("turn-structure", "hand-over", "the hand is over")
    if state.phase is not phase:
        return Violation(
            "turn-structure",
            "wrong-phase",
            f"this action belongs to the {phase.value} phase, the turn is in the "
            f"{state.phase.value} phase",
        )
    return None


@implements("draw-from-stock")
def apply_draw(state: State) -> State | Violation:
    """draw-from-stock: take the top card of the stock into the hand."""
    problem = check_phase(state, Phase.DRAW)
    if problem is not None:
        return problem
    if not state.stock:
        return Violation("draw-from-stock", "stock-empty", "the stock is empty")
    seat = state.turn
    hand = tuple(sorted((*state.hands[seat], state.stock[0])))
    return State(
        profile=state.profile,
        dealer=state.dealer,
        turn=seat,
        phase=Phase.PLAY,
        hands=_with_hand(state.hands, seat, hand),
        stock=state.stock[1:],
        discard=state.discard,
        fi=state.fi,
        fi_takers=state.fi_takers,
        melds=state.melds,
        opened=state.opened,
        team_scores=state.team_scores,
        trump=state.trump,
        pile_card=None,
        went_out=None,
        seat_opened=state.seat_opened,
        provisional=0,
        fi_waiting=state.fi_waiting,
    )


@implements("take-whole-pile", "single-pile-needs-two-cards")
def check_take_pile(state: State) -> Violation | None:
    """take-whole-pile: the pile is taken whole, and must hold a card.

    single-pile-needs-two-cards: a player holding one card may not take a
    pile of one card.
    """
    problem = check_phase(state, Phase.DRAW)
    if problem is not None:
        return problem
    if not state.discard:
        return Violation("take-whole-pile", "pile-empty", "the discard pile is empty")
    if (
        state.profile.single_pile_needs_two_cards
        and len(state.discard) == 1
        and len(state.hands[state.turn]) == 1
    ):
        return Violation(
            "single-pile-needs-two-cards",
            "single-card-hand",
            "a player holding one card may not take a discard pile of one card",
        )
    return None


@implements("take-whole-pile", "single-pile-no-discard-back", "turn-must-finish")
def apply_take_pile(state: State) -> State | Violation:
    """take-whole-pile: every card of the discard pile goes into the hand.

    single-pile-no-discard-back: a card taken from a one-card pile is
    remembered for the rest of the turn.
    """
    problem = check_take_pile(state)
    if problem is not None:
        return problem
    seat = state.turn
    single = len(state.discard) == 1 and state.profile.single_pile_no_discard_back
    new = State(
        profile=state.profile,
        dealer=state.dealer,
        turn=seat,
        phase=Phase.PLAY,
        hands=_with_hand(state.hands, seat, tuple(sorted(state.hands[seat] + state.discard))),
        stock=state.stock,
        discard=(),
        fi=state.fi,
        fi_takers=state.fi_takers,
        melds=state.melds,
        opened=state.opened,
        team_scores=state.team_scores,
        trump=state.trump,
        pile_card=state.discard[0] if single else None,
        went_out=None,
        seat_opened=state.seat_opened,
        provisional=0,
        fi_waiting=state.fi_waiting,
    )
    if not can_finish_turn(new):
        return _stuck()
    return new


def _stuck() -> Violation:
    return Violation(
        "turn-must-finish",
        "no-way-to-finish",
        "after this move no legal sequence of moves could end the turn",
    )


@implements("turn-must-finish", "meld-from-hand", "lay-off-own-team")
def after_laying(
    state: State, hand: tuple[Card, ...], team_melds: tuple[Meld, ...]
) -> State | Violation:
    """The state after a meld or lay-off left ``hand`` and ``team_melds``.

    An emptied hand must be allowed to empty (the opening, the canasta) and
    then takes a fi or goes out; otherwise the turn must still be able to
    end (turn-must-finish).
    """
    seat = state.turn
    team = state.team
    new = State(
        profile=state.profile,
        dealer=state.dealer,
        turn=seat,
        phase=Phase.PLAY,
        hands=_with_hand(state.hands, seat, hand),
        stock=state.stock,
        discard=state.discard,
        fi=state.fi,
        fi_takers=state.fi_takers,
        melds=_with_team(state.melds, team, team_melds),
        opened=state.opened,
        team_scores=state.team_scores,
        trump=state.trump,
        pile_card=state.pile_card,
        went_out=None,
        seat_opened=state.seat_opened,
        provisional=count_provisional(state, team_melds),
        fi_waiting=state.fi_waiting,
    )
    if not hand:
        if is_provisional(new, team):
            problem = check_provisional_opening(new, 0)
            if problem is not None:
                return problem
        problem = check_emptying(new, team, by_discard=False)
        if problem is not None:
            return problem
        return take_fi_or_go_out(new, by_discard=False)
    if not _quick_finish(new, hand) and not can_finish_turn(new):
        return _stuck()
    return new


def _quick_finish(state: State, hand: tuple[Card, ...]) -> bool:
    """A sufficient condition for turn-must-finish that needs no search."""
    if len(hand) >= 2 and any(c != state.pile_card for c in hand):
        return True
    return is_provisional(state, state.team)


@implements("turn-must-finish")
def can_finish_turn(state: State) -> bool:
    """turn-must-finish: can the player still end this turn by some sequence of legal moves?

    True when a discard is legal, when a provisional opening can be taken
    back, or when some meld or lay-off leads to such a state (or empties the
    hand legally). The search only runs when no discard is legal, which
    happens with one or two cards in hand.
    """
    if state.phase is not Phase.PLAY:
        return True
    hand = state.hands[state.turn]
    if not hand or is_provisional(state, state.team):
        return True
    if any(check_discard(state, c) is None for c in set(hand)):
        return True
    team = state.team
    team_melds = state.melds[team]
    for cards, meld in get_meld_options(state.profile, hand):
        rest = remove_cards(hand, cards)
        assert rest is not None
        if check_new_set(state.profile, team_melds, meld) is None and not isinstance(
            after_laying(state, rest, (*team_melds, meld)), Violation
        ):
            return True
    for index, target in enumerate(team_melds):
        for batch, result in get_lay_off_options(state.profile, target, hand):
            rest = remove_cards(hand, batch)
            assert rest is not None
            melds = tuple(result if i == index else m for i, m in enumerate(team_melds))
            if not isinstance(after_laying(state, rest, melds), Violation):
                return True
    return False


@implements("meld-from-hand", "one-set-per-rank")
def apply_meld(
    state: State, cards: Iterable[Card], wild_at: int | None = None
) -> State | Violation:
    """meld-from-hand: lay a new meld of three or more cards from the hand, as one batch."""
    problem = check_phase(state, Phase.PLAY)
    if problem is not None:
        return problem
    batch = tuple(sorted(cards))
    hand = state.hands[state.turn]
    rest = remove_cards(hand, batch)
    if rest is None:
        return Violation(
            "meld-from-hand", "cards-not-in-hand", f"the hand does not hold {format_cards(batch)}"
        )
    meld = validate_meld_cached(state.profile, batch, wild_at)
    if isinstance(meld, Violation):
        return meld
    team_melds = state.melds[state.team]
    problem = check_new_set(state.profile, team_melds, meld)
    if problem is not None:
        return problem
    return after_laying(state, rest, (*team_melds, meld))


@implements("lay-off-own-team")
def apply_lay_off_action(
    state: State, index: int, cards: Iterable[Card], wild_at: int | None = None
) -> State | Violation:
    """lay-off-own-team: add a batch of hand cards to one of the own team's melds."""
    problem = check_phase(state, Phase.PLAY)
    if problem is not None:
        return problem
    team_melds = state.melds[state.team]
    if not 0 <= index < len(team_melds):
        return Violation(
            "lay-off-own-team",
            "no-such-meld",
            f"the team has {len(team_melds)} meld(s); there is no meld {index}",
        )
    batch = tuple(sorted(cards))
    rest = remove_cards(state.hands[state.turn], batch)
    if rest is None:
        return Violation(
            "lay-off-own-team",
            "cards-not-in-hand",
            f"the hand does not hold {format_cards(batch)}",
        )
    result = apply_lay_off_cached(state.profile, team_melds[index], batch, wild_at)
    if isinstance(result, Violation):
        return result
    melds = tuple(result if i == index else m for i, m in enumerate(team_melds))
    return after_laying(state, rest, melds)


@implements(
    "discard-ends-turn",
    "single-pile-no-discard-back",
    "opening-checked-at-discard",
    "emptying-by-discard",
)
def check_discard(state: State, card: Card) -> Violation | None:
    """discard-ends-turn: may the player discard ``card`` now (phase already checked)?

    single-pile-no-discard-back: not the card taken from a one-card pile this
    turn (nor its twin: the two copies are the same card).
    opening-checked-at-discard: a provisional opening must qualify now.
    emptying-by-discard: discarding the last card empties the hand.

    The checks that depend on the card come first (:func:`_check_discarded_card`),
    then those that depend only on the state (:func:`_check_discard_now`);
    :func:`get_legal_discards` uses the same two parts.
    """
    problem = _check_discarded_card(state, card)
    if problem is not None:
        return problem
    return _check_discard_now(state)


def _check_discarded_card(state: State, card: Card) -> Violation | None:
    """The part of :func:`check_discard` that depends on the card."""
    if card not in state.hands[state.turn]:
        return Violation(
            "discard-ends-turn", "card-not-in-hand", f"the hand does not hold {format_card(card)}"
        )
    if card == state.pile_card:
        return Violation(
            "single-pile-no-discard-back",
            "discard-taken-card",
            "the card taken from a one-card pile may not be discarded in the same turn",
        )
    return None


def _check_discard_now(state: State) -> Violation | None:
    """The part of :func:`check_discard` that depends only on the state."""
    hand = state.hands[state.turn]
    team = state.team
    if is_provisional(state, team):
        problem = check_provisional_opening(state, len(hand))
        if problem is not None:
            return problem
    if len(hand) == 1:
        return check_emptying(state, team, by_discard=True)
    return None


@implements("discard-ends-turn")
def get_legal_discards(state: State) -> tuple[Card, ...]:
    """discard-ends-turn: every distinct card of the hand that :func:`check_discard` allows,
    in card order (the state is checked once, not once per card)."""
    if _check_discard_now(state) is not None:
        return ()
    hand = state.hands[state.turn]
    return tuple(c for c in dict.fromkeys(hand) if _check_discarded_card(state, c) is None)


@implements("discard-ends-turn", "opening-checked-at-discard", "emptying-by-discard")
def apply_discard(state: State, card: Card) -> State | Violation:
    """discard-ends-turn: put one card from the hand on the pile; the turn ends.

    A provisional opening becomes the team's opening. When the discard
    empties the hand, the player takes a fi (and waits for the next turn) or
    goes out.
    """
    problem = check_phase(state, Phase.PLAY) or check_discard(state, card)
    if problem is not None:
        return problem
    seat = state.turn
    hand = remove_cards(state.hands[seat], (card,))
    assert hand is not None
    opened, seat_opened = get_opened_after(state)
    new = State(
        profile=state.profile,
        dealer=state.dealer,
        turn=seat,
        phase=Phase.PLAY,
        hands=_with_hand(state.hands, seat, hand),
        stock=state.stock,
        discard=(*state.discard, card),
        fi=state.fi,
        fi_takers=state.fi_takers,
        melds=state.melds,
        opened=opened,
        team_scores=state.team_scores,
        trump=state.trump,
        pile_card=None,
        went_out=None,
        seat_opened=seat_opened,
        provisional=0,
        fi_waiting=state.fi_waiting,
    )
    if not hand:
        new = take_fi_or_go_out(new, by_discard=True)
    return end_turn(new)


@implements("opening-take-back")
def apply_take_back(state: State) -> State | Violation:
    """opening-take-back: return every provisional meld's cards to the hand."""
    problem = check_phase(state, Phase.PLAY)
    if problem is not None:
        return problem
    team = state.team
    if not is_provisional(state, team):
        return Violation(
            "opening-take-back",
            "nothing-to-take-back",
            "only a provisional opening (melds of a team that has not opened) can be taken back",
        )
    seat = state.turn
    provisional = get_provisional_melds(state, team)
    returned = [c for m in provisional for c in m.all_cards]
    kept = state.melds[team][: len(state.melds[team]) - len(provisional)]
    return State(
        profile=state.profile,
        dealer=state.dealer,
        turn=seat,
        phase=Phase.PLAY,
        hands=_with_hand(state.hands, seat, tuple(sorted((*state.hands[seat], *returned)))),
        stock=state.stock,
        discard=state.discard,
        fi=state.fi,
        fi_takers=state.fi_takers,
        melds=_with_team(state.melds, team, kept),
        opened=state.opened,
        team_scores=state.team_scores,
        trump=state.trump,
        pile_card=state.pile_card,
        went_out=None,
        seat_opened=state.seat_opened,
        provisional=0,
        fi_waiting=state.fi_waiting,
    )
