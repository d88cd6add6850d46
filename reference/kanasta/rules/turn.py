"""Chapter *The turn* (``spec/06-turn.rst``): draw or take the pile, meld, lay off, discard.

Every ``apply_*`` function returns the next state, or the
:class:`~kanasta.errors.Violation` of the clause that forbids the move; none
raises for an illegal move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import NamedTuple

from kanasta.clauses import implements
from kanasta.errors import Violation
from kanasta.rules.cards import (
    Card,
    format_card,
    format_cards,
    get_rank,
    is_wild_card,
    sub_multisets,
)
from kanasta.rules.families import BLACK_THREES, RED_THREES, RulesProfile
from kanasta.rules.going_out import check_emptying, end_turn, get_next_turn, take_fi_or_go_out
from kanasta.rules.melds import (
    Meld,
    apply_lay_off,
    check_new_set,
    get_lay_off_options,
    get_meld_arrangements,
    validate_meld,
)
from kanasta.rules.opening import check_provisional_opening, count_provisional, get_opened_after
from kanasta.rules.state import (
    Phase,
    State,
    get_provisional_melds,
    get_table_seats,
    is_provisional,
    make_state,
)


class MeldRules(NamedTuple):
    """The rules a meld, lay-off or taking of the pile asks: by default the plain
    :func:`~kanasta.rules.melds.validate_meld` and :func:`~kanasta.rules.melds.apply_lay_off`
    (chapter *Melds*) and :func:`can_finish_turn` (turn-must-finish). The engine passes
    functions equal to them that remember or take shortcuts (:mod:`kanasta.fast`)."""

    validate: Callable[[RulesProfile, tuple[Card, ...], int | None], Meld | Violation]
    lay_off: Callable[[RulesProfile, Meld, tuple[Card, ...], int | None], Meld | Violation]
    can_finish: Callable[[State], bool]


def _validate(
    profile: RulesProfile, batch: tuple[Card, ...], wild_at: int | None
) -> Meld | Violation:
    return validate_meld(profile, batch, wild_at=wild_at)


def _lay_off(
    profile: RulesProfile, meld: Meld, batch: tuple[Card, ...], wild_at: int | None
) -> Meld | Violation:
    return apply_lay_off(profile, meld, batch, wild_at=wild_at)


def _can_finish(state: State) -> bool:
    return can_finish_turn(state, PLAIN_MELD_RULES)


PLAIN_MELD_RULES = MeldRules(_validate, _lay_off, _can_finish)
"""The rules as the chapters *Melds* and *The turn* state them."""

__all__ = [
    "PLAIN_MELD_RULES",
    "MeldRules",
    "after_laying",
    "apply_discard",
    "apply_draw",
    "apply_lay_off_action",
    "apply_meld",
    "apply_pass",
    "apply_take_back",
    "apply_take_pile",
    "apply_take_pile_top",
    "can_finish_turn",
    "check_discard",
    "check_pass_by_showing",
    "check_pile_top",
    "check_take_pile",
    "check_turn_can_finish",
    "draw_past_red_threes",
    "get_legal_discards",
    "is_pile_frozen",
    "release_pending_pile",
    "remove_cards",
]


_RED_THREES = frozenset(RED_THREES)
_BLACK_THREES = frozenset(BLACK_THREES)
_THREE = 3


def remove_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """The hand without ``cards`` (a multiset), or ``None`` when it does not hold them all."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


@implements("turn-structure")
def _phase_violation(state: State, phase: Phase) -> Violation:
    """turn-structure: each action belongs to one phase of the turn, and nothing follows the
    end of the hand: the refusal of an action of ``phase`` when the state is not in it (or
    is over). Each ``apply_*`` tests its phase itself and calls this when it differs."""
    if state.phase is Phase.OVER:
        return Violation("turn-structure", "hand-over", "the hand is over")
    return Violation(
        "turn-structure",
        "wrong-phase",
        f"this action belongs to the {phase.value} phase, the turn is in the "
        f"{state.phase.value} phase",
    )


@implements("draw-from-stock")
def apply_draw(state: State) -> State | Violation:
    """draw-from-stock: take the top card of the stock into the hand."""
    if state.phase is not Phase.DRAW:
        return _phase_violation(state, Phase.DRAW)
    stock = state.stock
    if not stock:
        return Violation("draw-from-stock", "stock-empty", "the stock is empty")
    seat = state.turn
    hands = list(state.hands)
    card = stock[0]
    red_threes = state.red_threes
    phase = Phase.PLAY
    if state.profile.red_threes_laid and card in _RED_THREES:
        red_threes, drawn, stock = draw_past_red_threes(red_threes, state.team, stock)
        if drawn:
            hands[seat] = tuple(sorted((*hands[seat], *drawn)))
        else:
            # classic-stock-exhaustion: the last card was a red three: the hand ends.
            phase = Phase.OVER
    else:
        hands[seat] = tuple(sorted((*hands[seat], card)))
        stock = stock[1:]
    # Positional fields (the hot path): profile, dealer, turn, phase, hands,
    # stock, discard, fi, fi_takers, melds, opened, team_scores, trump,
    # pile_card, went_out, seat_opened, provisional, fi_waiting, red_threes,
    # pile_pending, pile_top, table_seats, turn_laid.
    return make_state(
        state.profile,
        state.dealer,
        seat,
        phase,
        tuple(hands),
        stock,
        state.discard,
        state.fi,
        state.fi_takers,
        state.melds,
        state.opened,
        state.team_scores,
        state.trump,
        None,
        None,
        state.seat_opened,
        0,
        state.fi_waiting,
        red_threes,
        (),
        None,
        state.table_seats,
        False,
    )


@implements("classic-red-threes", "classic-stock-exhaustion")
def draw_past_red_threes(
    red_threes: tuple[tuple[Card, ...], ...], team: int, stock: tuple[Card, ...]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """classic-red-threes: draw the top card of the stock; each red three drawn is laid
    face up for the team at once and replaced by the next card of the stock.

    Returns the red threes, the card drawn (none when the stock ran out on red
    threes: classic-stock-exhaustion, the hand then ends) and the stock left.
    """
    laid = list(red_threes[team])
    while stock and stock[0] in _RED_THREES:
        laid.append(stock[0])
        stock = stock[1:]
    out = list(red_threes)
    out[team] = tuple(laid)
    if not stock:
        return tuple(out), (), stock
    return tuple(out), (stock[0],), stock[1:]


@implements("take-whole-pile", "single-pile-needs-two-cards")
def check_take_pile(state: State) -> Violation | None:
    """take-whole-pile: the pile is taken whole, and must hold a card.

    single-pile-needs-two-cards: a player holding one card may not take a
    pile of one card.
    """
    if state.phase is not Phase.DRAW:
        return _phase_violation(state, Phase.DRAW)
    discard = state.discard
    if not discard:
        return Violation("take-whole-pile", "pile-empty", "the discard pile is empty")
    if (
        len(discard) == 1
        and len(state.hands[state.turn]) == 1
        and state.profile.single_pile_needs_two_cards
    ):
        return Violation(
            "single-pile-needs-two-cards",
            "single-card-hand",
            "a player holding one card may not take a discard pile of one card",
        )
    return None


@implements("pass-by-showing", "pass-by-showing-when", "action-kinds")
def check_pass_by_showing(state: State) -> Violation | None:
    """pass-by-showing: may the player pass the turn by showing a card identical to the
    top of the discard pile?

    pass-by-showing-when: only at the start of the turn (the draw phase), in place of
    drawing or taking the pile, whenever the hand holds that card, as often as it does.
    action-kinds: a family without the pass refuses it.
    """
    if not state.profile.pass_by_showing:
        return Violation(
            "action-kinds",
            "no-pass-in-family",
            f"{state.profile.family} has no pass by showing",
        )
    if state.phase is not Phase.DRAW:
        return _phase_violation(state, Phase.DRAW)
    discard = state.discard
    if not discard:
        return Violation("pass-by-showing", "pile-empty", "there is no top card to match")
    if discard[-1] not in state.hands[state.turn]:
        return Violation(
            "pass-by-showing",
            "no-matching-card",
            f"the hand holds no {format_card(discard[-1])}, the top of the discard pile",
        )
    return None


@implements("pass-by-showing", "pass-by-showing-when", "turn-passes")
def apply_pass(state: State) -> State | Violation:
    """pass-by-showing: the player shows the card and the turn passes to the next seat,
    with no draw and no discard; the hand, the pile and the stock stay as they are."""
    problem = check_pass_by_showing(state)
    if problem is not None:
        return problem
    return end_turn(state)


@implements("take-whole-pile", "single-pile-no-discard-back", "turn-must-finish")
def apply_take_pile(state: State, rules: MeldRules = PLAIN_MELD_RULES) -> State | Violation:
    """take-whole-pile: every card of the discard pile goes into the hand.

    single-pile-no-discard-back: a card taken from a one-card pile is
    remembered for the rest of the turn. turn-must-finish: the turn must still be able
    to end (:func:`check_turn_can_finish`).
    """
    problem = check_take_pile(state)
    if problem is not None:
        return problem
    seat = state.turn
    discard = state.discard
    profile = state.profile
    if profile.pile_top_melded:
        return apply_take_pile_top(state, (), -1, rules)
    pile_card = discard[0] if len(discard) == 1 and profile.single_pile_no_discard_back else None
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hands[seat] + discard))
    new = make_state(
        profile,
        state.dealer,
        seat,
        Phase.PLAY,
        tuple(hands),
        state.stock,
        (),
        state.fi,
        state.fi_takers,
        state.melds,
        state.opened,
        state.team_scores,
        state.trump,
        pile_card,
        None,
        state.seat_opened,
        0,
        state.fi_waiting,
        state.red_threes,
        (),
        None,
        state.table_seats,
        False,
    )
    problem = check_turn_can_finish(new, rules)
    return new if problem is None else problem


@implements("classic-frozen-pile", "classic-freeze-clears")
def is_pile_frozen(state: State) -> bool:
    """classic-frozen-pile: the pile is frozen for the player's side while the side has
    not opened, and for everyone while a freezing card (a wild card or a red three) lies
    in it. classic-freeze-clears: taking the pile empties it, so the freeze ends there."""
    if not state.opened[state.team]:
        return True
    return not frozenset(state.profile.pile_freezers).isdisjoint(state.discard)


@implements("classic-black-threes", "classic-take-pile", "classic-black-three-last-turn")
def check_pile_top(state: State, top: Card, shown: tuple[Card, ...] = ()) -> Violation | None:
    """classic-black-threes and classic-take-pile: a top card no meld can take.

    classic-black-three-last-turn: with the option, a black three on top is taken only
    with black threes from the hand (``shown``), which :func:`_lay_pile_top` then checks."""
    profile = state.profile
    if top in profile.pile_blockers:
        if profile.pile_black_three_last_turn and _are_black_threes(shown):
            return None
        return Violation(
            "classic-black-threes",
            "pile-blocked",
            f"a black three ({format_card(top)}) on top of the pile blocks it",
        )
    if is_wild_card(top) or get_rank(top) == _THREE:
        return Violation(
            "classic-take-pile",
            "top-not-meldable",
            f"the top card {format_card(top)} cannot be melded, so the pile cannot be taken",
        )
    return None


@implements(
    "classic-take-pile",
    "classic-frozen-pile",
    "classic-black-threes",
    "classic-black-three-last-turn",
    "classic-concealed-canasta",
    "classic-pile-opening",
    "classic-red-threes",
    "single-pile-needs-two-cards",
    "one-set-per-rank",
)
def apply_take_pile_top(
    state: State, cards: Iterable[Card], index: int, melds: MeldRules = PLAIN_MELD_RULES
) -> State | Violation:
    """classic-take-pile: take the whole pile by melding its top card at once.

    ``index`` -1: the top card and ``cards`` (two hand cards: a natural pair of its
    rank, or, when the pile is not frozen, a natural and a wild card) make a new meld;
    otherwise the top card is laid off on the side's meld ``index`` of its rank,
    alone when the pile is not frozen, with a natural pair from the hand when it is
    (classic-frozen-pile). The rest of the pile joins the hand, its red threes laid
    face up (classic-red-threes); a side that has not opened keeps it aside until its
    opening reaches the minimum (classic-pile-opening).
    """
    laid = _lay_pile_top(state, cards, index, melds)
    if isinstance(laid, Violation):
        return laid
    taken = _take_pile_after(state, *laid, melds)
    if isinstance(taken, Violation) or not state.profile.concealed_canasta_bonus:
        return taken
    hand_and_top = tuple(sorted((*state.hands[state.turn], state.discard[-1])))
    return record_laid_in_turn(
        state, replace(taken, pile_hand=hand_and_top), None if index < 0 else index
    )


def _lay_pile_top(
    state: State, cards: Iterable[Card], index: int, rules: MeldRules
) -> tuple[tuple[Card, ...], tuple[Meld, ...]] | Violation:
    """The checks of :func:`apply_take_pile_top` up to the meld of the top card: the hand
    cards left and the side's melds after it, or the first rule the move breaks."""
    problem = check_take_pile(state)
    if problem is not None:
        return problem
    profile = state.profile
    if not profile.pile_top_melded:
        return Violation(
            "take-whole-pile",
            "no-top-meld-in-family",
            f"in {profile.family} the pile is taken into the hand, without melding",
        )
    shown = tuple(sorted(cards))
    if not shown and index < 0:
        return Violation(
            "classic-take-pile",
            "top-card-not-melded",
            "the pile is taken by melding its top card at once: name the hand cards "
            "that meld with it, or the meld it is laid off on",
        )
    discard = state.discard
    top = discard[-1]
    problem = check_pile_top(state, top, shown)
    if problem is not None:
        return problem
    rest = remove_cards(state.hands[state.turn], shown)
    if rest is None:
        return Violation(
            "classic-take-pile",
            "cards-not-in-hand",
            f"the hand does not hold {format_cards(shown)}",
        )
    rank = get_rank(top)
    naturals = sum(1 for c in shown if not is_wild_card(c) and get_rank(c) == rank)
    frozen = is_pile_frozen(state)
    if frozen and naturals < 2:
        return Violation(
            "classic-frozen-pile",
            "natural-pair-needed",
            f"the pile is frozen: show two natural {format_card(top)[:-1]}s from the hand",
        )
    team_melds = state.melds[state.team]
    batch = tuple(sorted((top, *shown)))
    if index >= 0:
        if index >= len(team_melds) or team_melds[index].rank != rank:
            return Violation(
                "classic-take-pile",
                "no-meld-of-rank",
                f"the side has no meld of the top card's rank at index {index}",
            )
        if not frozen and shown:
            return Violation(
                "classic-take-pile",
                "top-alone",
                "on an unfrozen pile the top card is laid off alone; the hand cards come after",
            )
        if frozen and len(shown) != 2:
            return Violation(
                "classic-frozen-pile",
                "natural-pair-needed",
                "the pile is frozen: show exactly a natural pair of the top card's rank",
            )
        result = rules.lay_off(profile, team_melds[index], batch, None)
        if isinstance(result, Violation):
            return result
        melds = tuple(result if i == index else m for i, m in enumerate(team_melds))
    elif top in profile.pile_blockers:
        meld = _black_threes_from_pile(state, batch, rest)
        if isinstance(meld, Violation):
            return meld
        melds = (*team_melds, meld)
    else:
        if naturals < 1 or not (len(shown) == 2 or (profile.pile_meld_any_size and len(shown) > 2)):
            return Violation(
                "classic-take-pile",
                "two-cards-with-top",
                "a new meld with the top card takes two hand cards, at least one natural"
                + (
                    " (or more, with the option concealed-canasta)"
                    if profile.pile_meld_any_size
                    else ""
                ),
            )
        meld = rules.validate(profile, batch, None)
        if isinstance(meld, Violation):
            return meld
        problem = check_new_set(profile, team_melds, meld)
        if problem is not None:
            return problem
        melds = (*team_melds, meld)
    return rest, melds


def _are_black_threes(cards: tuple[Card, ...]) -> bool:
    return bool(cards) and all(c in _BLACK_THREES for c in cards)


@implements("classic-black-three-last-turn", "classic-threes-in-melds", "classic-black-threes-last")
def _black_threes_from_pile(
    state: State, batch: tuple[Card, ...], rest: tuple[Card, ...]
) -> Meld | Violation:
    """classic-black-three-last-turn: the black three on top of the pile and the black threes
    shown from the hand make the meld of black threes that goes out: as for any such meld
    (classic-black-threes-last), at most one card may stay in the hand once the rest of the
    pile (less its red threes) has joined it."""
    kept = len(rest) + sum(1 for c in state.discard[:-1] if c not in _RED_THREES)
    if kept > 1:
        return Violation(
            "classic-black-three-last-turn",
            "black-threes-not-going-out",
            f"a black three is taken from the pile only to go out: {kept} cards would stay "
            "in the hand after the meld of black threes",
        )
    return validate_meld(state.profile, batch, going_out=True)


def _take_pile_after(
    state: State, rest: tuple[Card, ...], melds: tuple[Meld, ...], rules: MeldRules
) -> State | Violation:
    """The state after :func:`_lay_pile_top` left the hand cards ``rest`` and the side's
    ``melds``: the rest of the pile joins the hand or waits (classic-pile-opening)."""
    discard = state.discard
    top = discard[-1]
    pile = discard[:-1]
    red_threes = state.red_threes
    hand = rest
    pending: tuple[Card, ...] = ()
    pile_top: Card | None = None
    if state.opened[state.team]:
        laid = tuple(c for c in pile if c in _RED_THREES)
        if laid:
            out = list(red_threes)
            out[state.team] = (*out[state.team], *laid)
            red_threes = tuple(out)
        hand = tuple(sorted(rest + tuple(c for c in pile if c not in _RED_THREES)))
    else:
        pending = pile
        pile_top = top
    taken = make_state(
        state.profile,
        state.dealer,
        state.turn,
        Phase.PLAY,
        state.hands,
        state.stock,
        (),
        state.fi,
        state.fi_takers,
        state.melds,
        state.opened,
        state.team_scores,
        state.trump,
        None,
        state.went_out,
        state.seat_opened,
        0,
        state.fi_waiting,
        red_threes,
        pending,
        pile_top,
        state.table_seats,
        state.turn_laid,
        state.turn_melds,
        state.pile_hand,
    )
    return after_laying(taken, hand, melds, rules)


_PILE_WAITING = Violation(
    "classic-pile-opening",
    "pile-waiting",
    "the pile taken waits for the first meld to reach the minimum; the turn cannot end before",
)
"""classic-pile-opening: no discard and no going out while a pile is set aside."""


@implements("turn-must-finish")
def check_turn_can_finish(state: State, rules: MeldRules = PLAIN_MELD_RULES) -> Violation | None:
    """turn-must-finish: a player may not take the pile, meld or lay off when, after it, no
    sequence of legal actions could end the turn. ``state`` is the state after the move;
    ``rules.can_finish`` is :func:`can_finish_turn` (or, in the engine, a function equal
    to it)."""
    if rules.can_finish(state):
        return None
    return Violation(
        "turn-must-finish",
        "no-way-to-finish",
        "after this move no legal sequence of moves could end the turn",
    )


@implements("turn-must-finish", "opening-take-back")
def can_finish_turn(state: State, rules: MeldRules = PLAIN_MELD_RULES) -> bool:
    """turn-must-finish: can the player still end this turn by some sequence of legal moves?

    A turn can always be ended when a legal discard exists or when a provisional opening can
    be taken back (opening-take-back); otherwise only when some meld or lay-off
    (:func:`apply_meld`, :func:`apply_lay_off_action`, which ask this again of the state
    after them) leads to such a position or empties the hand legally. Outside the play
    phase, or with the hand already emptied, there is nothing to end.
    """
    if state.phase is not Phase.PLAY:
        return True
    hand = state.hands[state.turn]
    if not hand:
        return True
    if state.profile.take_back and is_provisional(state, state.team):
        return True
    if get_legal_discards(state):
        return True
    profile = state.profile
    for cards in sub_multisets(hand):
        if len(cards) < 3:
            continue
        for meld in get_meld_arrangements(profile, cards, going_out=True):
            if not isinstance(apply_meld(state, cards, meld.wild_at, rules), Violation):
                return True
    for index, target in enumerate(state.melds[state.team]):
        for cards, meld in get_lay_off_options(profile, target, hand):
            laid = apply_lay_off_action(state, index, cards, meld.wild_at, rules)
            if not isinstance(laid, Violation):
                return True
    return False


@implements("turn-must-finish", "meld-from-hand", "lay-off-own-team")
def after_laying(
    state: State,
    hand: tuple[Card, ...],
    team_melds: tuple[Meld, ...],
    rules: MeldRules = PLAIN_MELD_RULES,
) -> State | Violation:
    """The state after a meld or lay-off left ``hand`` and ``team_melds``.

    An emptied hand must be allowed to empty (the opening, the canasta) and
    then takes a fi or goes out; otherwise the turn must still be able to
    end (turn-must-finish, :func:`check_turn_can_finish`).
    """
    seat = state.turn
    melds = state.melds
    team = seat % len(melds)
    pile_card = state.pile_card
    profile = state.profile
    hands = list(state.hands)
    hands[seat] = hand
    tables = list(melds)
    tables[team] = team_melds
    new = make_state(
        profile,
        state.dealer,
        seat,
        Phase.PLAY,
        tuple(hands),
        state.stock,
        state.discard,
        state.fi,
        state.fi_takers,
        tuple(tables),
        state.opened,
        state.team_scores,
        state.trump,
        pile_card,
        None,
        state.seat_opened,
        count_provisional(state, team_melds),
        state.fi_waiting,
        state.red_threes,
        state.pile_pending,
        state.pile_top,
        state.table_seats,
        profile.tracks_table_seats,
        state.turn_melds,
        state.pile_hand,
    )
    kept = get_cards_kept(new, hand)
    if new.pile_top is not None and check_provisional_opening(new, kept) is None:
        new = release_pending_pile(new)
        hand = new.hands[seat]
    if not hand:
        if is_provisional(new, team):
            problem = check_provisional_opening(new, 0)
            if problem is not None:
                return problem
        if new.pile_top is not None:
            return _PILE_WAITING
        problem = check_emptying(new, team, by_discard=False)
        if problem is not None:
            return problem
        return take_fi_or_go_out(new, by_discard=False)
    problem = check_turn_can_finish(new, rules)
    return new if problem is None else problem


@implements("classic-pile-opening", "classic-opening-minimum")
def get_cards_kept(state: State, hand: tuple[Card, ...]) -> int:
    """classic-pile-opening: the cards kept once the pile set aside joins the hand decide
    whether the melds release it. classic-opening-minimum: the waiver of
    concealed-waives-minimum releases no card of the pile (it would join the hand and stay
    unmelded), so while cards wait they count as more than the waiver allows."""
    kept = len(hand) + len(state.pile_pending)
    waiver = state.profile.opening_waiver_cards
    if state.pile_pending and waiver is not None:
        return max(kept, waiver + 1)
    return kept


@implements("classic-pile-opening", "classic-red-threes")
def release_pending_pile(state: State) -> State:
    """classic-pile-opening: the side's opening reached the minimum with the pile's top
    card and hand cards only; the rest of the pile now joins the hand and the side has
    opened. classic-red-threes: the pile's red threes are laid face up, not replaced."""
    team = state.team
    red = tuple(c for c in state.pile_pending if c in _RED_THREES)
    rest = tuple(c for c in state.pile_pending if c not in _RED_THREES)
    red_threes = list(state.red_threes)
    red_threes[team] = (*red_threes[team], *red)
    hands = list(state.hands)
    hands[state.turn] = tuple(sorted(hands[state.turn] + rest))
    opened = list(state.opened)
    opened[team] = True
    return replace(
        state,
        hands=tuple(hands),
        red_threes=tuple(red_threes),
        opened=tuple(opened),
        pile_pending=(),
        pile_top=None,
    )


@implements(
    "meld-from-hand", "one-set-per-rank", "classic-threes-in-melds", "classic-black-threes-last"
)
def apply_meld(
    state: State,
    cards: Iterable[Card],
    wild_at: int | None = None,
    melds: MeldRules = PLAIN_MELD_RULES,
) -> State | Violation:
    """meld-from-hand: lay a new meld of three or more cards from the hand, as one batch."""
    if state.phase is not Phase.PLAY:
        return _phase_violation(state, Phase.PLAY)
    batch = tuple(sorted(cards))
    rest = remove_cards(state.hands[state.turn], batch)
    if rest is None:
        return Violation(
            "meld-from-hand", "cards-not-in-hand", f"the hand does not hold {format_cards(batch)}"
        )
    profile = state.profile
    meld = melds.validate(profile, batch, wild_at)
    if isinstance(meld, Violation):
        if meld.code != "black-threes-not-going-out" or len(rest) > 1:
            return meld
        # classic-black-threes-last: black threes as the turn's last meld (the emptied
        # hand, or the last card discarded or laid off next, must then be allowed).
        meld = validate_meld(profile, batch, going_out=True)
        if isinstance(meld, Violation):
            return meld
    team_melds = state.melds[state.turn % len(state.melds)]
    problem = check_new_set(profile, team_melds, meld)
    if problem is not None:
        return problem
    return record_laid_in_turn(state, after_laying(state, rest, (*team_melds, meld), melds), None)


@implements("lay-off-own-team")
def apply_lay_off_action(
    state: State,
    index: int,
    cards: Iterable[Card],
    wild_at: int | None = None,
    melds: MeldRules = PLAIN_MELD_RULES,
) -> State | Violation:
    """lay-off-own-team: add a batch of hand cards to one of the own team's melds."""
    if state.phase is not Phase.PLAY:
        return _phase_violation(state, Phase.PLAY)
    team_melds = state.melds[state.turn % len(state.melds)]
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
    result = melds.lay_off(state.profile, team_melds[index], batch, wild_at)
    if isinstance(result, Violation):
        return result
    laid = after_laying(state, rest, (*team_melds[:index], result, *team_melds[index + 1 :]), melds)
    return record_laid_in_turn(state, laid, index)


@implements("classic-concealed-canasta")
def record_laid_in_turn(
    before: State, after: State | Violation, index: int | None
) -> State | Violation:
    """classic-concealed-canasta: what the state keeps of a move that laid cards, so that a
    canasta laid over several moves of one turn is known as concealed.

    A new meld (``index`` None) counts among the melds the player began in this turn. A
    lay-off on such a meld, while it still holds one batch, joins that batch when every card
    of the meld could have come from the hand held before the pile was taken, with the
    pile's top card (:func:`is_from_hand_and_top`); otherwise it stays a batch of its own,
    and so does every later one. The first batch then holds what the meld was when the
    turn made it, and the scoring reads concealment from it
    (:func:`kanasta.rules.scoring.is_concealed_canasta`).
    """
    if isinstance(after, Violation) or not before.profile.concealed_canasta_bonus:
        return after
    team = before.team
    if index is None:
        return replace(after, turn_melds=before.turn_melds + 1)
    if index < len(before.melds[team]) - before.turn_melds:
        return after
    meld = after.melds[team][index]
    if len(meld.history) != 2 or not is_from_hand_and_top(after, meld):
        return after
    joined = replace(meld, history=(tuple(sorted(meld.history[0] + meld.history[1])),))
    tables = list(after.melds)
    tables[team] = (*tables[team][:index], joined, *tables[team][index + 1 :])
    return replace(after, melds=tuple(tables))


@implements("classic-concealed-canasta")
def is_from_hand_and_top(state: State, meld: Meld) -> bool:
    """classic-concealed-canasta: could every card of ``meld`` have come from the hand the
    player held before taking the pile in this turn, with the pile's top card? The copies of
    a card are alike, so the cards are counted: the naturals by rank, the wild cards
    together. True when the pile was not taken in this turn."""
    if not state.pile_hand:
        return True
    needed = Counter(_concealed_key(c) for c in meld.all_cards)
    held = Counter(_concealed_key(c) for c in state.pile_hand)
    return all(count <= held[key] for key, count in needed.items())


def _concealed_key(card: Card) -> int:
    """A natural's rank, or -1 for every wild card."""
    return -1 if is_wild_card(card) else get_rank(card)


@implements(
    "discard-ends-turn",
    "single-pile-no-discard-back",
    "opening-checked-at-discard",
    "emptying-by-discard",
    "discard-playable-card",
)
def check_discard(state: State, card: Card) -> Violation | None:
    """discard-ends-turn: may the player discard ``card`` now (phase already checked)?

    discard-playable-card: whether the card could be laid off plays no part.

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
    hand = state.hands[state.turn]
    team = state.turn % len(state.melds)
    return _check_discard_now(state, hand, team, is_provisional(state, team))


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


def _check_discard_now(
    state: State, hand: tuple[Card, ...], team: int, provisional: bool
) -> Violation | None:
    """The part of :func:`check_discard` that depends only on the state (``hand`` and
    ``team``: the player's; ``provisional``: :func:`~kanasta.rules.state.is_provisional` of
    the team)."""
    if provisional:
        problem = check_provisional_opening(state, len(hand))
        if problem is not None:
            return problem
        if state.pile_top is not None:
            return _PILE_WAITING
    if len(hand) == 1:
        return check_emptying(state, team, by_discard=True)
    return None


@implements("discard-ends-turn")
def get_legal_discards(state: State) -> tuple[Card, ...]:
    """discard-ends-turn: every distinct card of the hand that :func:`check_discard` allows,
    in card order (the state is checked once, not once per card)."""
    hand = state.hands[state.turn]
    team = state.turn % len(state.melds)
    provisional = is_provisional(state, team)
    # _check_discard_now passes at once with two cards or more and no provisional opening.
    if (provisional or len(hand) == 1) and _check_discard_now(
        state, hand, team, provisional
    ) is not None:
        return ()
    # _check_discarded_card: every card of the hand is in the hand; only the pile card is barred.
    distinct = dict.fromkeys(hand)
    pile_card = state.pile_card
    if pile_card is not None:
        distinct.pop(pile_card, None)
    return tuple(distinct)


@implements("discard-ends-turn", "opening-checked-at-discard", "emptying-by-discard")
def apply_discard(state: State, card: Card) -> State | Violation:
    """discard-ends-turn: put one card from the hand on the pile; the turn ends.

    A provisional opening becomes the team's opening. When the discard
    empties the hand, the player takes a fi (and waits for the next turn) or
    goes out.
    """
    if state.phase is not Phase.PLAY:
        return _phase_violation(state, Phase.PLAY)
    seat = state.turn
    hands = list(state.hands)
    hand = hands[seat]
    problem = check_discard(state, card)
    if problem is not None:
        return problem
    at = hand.index(card)
    hand = hand[:at] + hand[at + 1 :]
    hands[seat] = hand
    opened, seat_opened = get_opened_after(state)
    stock = state.stock
    if hand and stock:
        # end_turn of the state after the discard, built at once: the hand is not
        # emptied and the stock is not exhausted, so the turn passes.
        following, waiting = get_next_turn(state)
        return _after_discard(
            state, following, Phase.DRAW, hands, card, opened, seat_opened, waiting
        )
    new = _after_discard(
        state, seat, Phase.PLAY, hands, card, opened, seat_opened, state.fi_waiting
    )
    return end_turn(new if hand else take_fi_or_go_out(new, by_discard=True))


def _after_discard(
    state: State,
    turn: int,
    phase: Phase,
    hands: list[tuple[Card, ...]],
    card: Card,
    opened: tuple[bool, ...],
    seat_opened: tuple[bool, ...],
    waiting: tuple[int, ...],
) -> State:
    """The state after ``card`` was discarded, with the turn and phase given."""
    return make_state(
        state.profile,
        state.dealer,
        turn,
        phase,
        tuple(hands),
        state.stock,
        (*state.discard, card),
        state.fi,
        state.fi_takers,
        state.melds,
        opened,
        state.team_scores,
        state.trump,
        None,
        None,
        seat_opened,
        0,
        waiting,
        state.red_threes,
        (),
        None,
        get_table_seats(state) if turn != state.turn else state.table_seats,
        False if turn != state.turn else state.turn_laid,
        0 if turn != state.turn else state.turn_melds,
        () if turn != state.turn else state.pile_hand,
    )


@implements("opening-take-back", "classic-no-take-back")
def apply_take_back(state: State) -> State | Violation:
    """opening-take-back: return every provisional meld's cards to the hand.

    classic-no-take-back: a family that never takes back laid cards refuses it."""
    if not state.profile.take_back:
        return Violation(
            "classic-no-take-back",
            "no-take-back",
            f"in {state.profile.family} a card laid on the table is never taken back",
        )
    if state.phase is not Phase.PLAY:
        return _phase_violation(state, Phase.PLAY)
    team = state.turn % len(state.melds)
    if not is_provisional(state, team):
        return Violation(
            "opening-take-back",
            "nothing-to-take-back",
            "only a provisional opening (melds of a team that has not opened) can be taken back",
        )
    seat = state.turn
    provisional = get_provisional_melds(state, team)
    hands = list(state.hands)
    hand = list(hands[seat])
    for meld in provisional:
        hand += meld.cards
        hand += meld.spare
    discard = state.discard
    phase = Phase.PLAY
    top = state.pile_top
    if top is not None:
        # classic-pile-opening: the pile goes back as it was, its top card on it.
        hand.remove(top)
        discard = (*state.pile_pending, top)
        phase = Phase.DRAW
    hand.sort()
    hands[seat] = tuple(hand)
    melds = list(state.melds)
    team_melds = melds[team]
    melds[team] = team_melds[: len(team_melds) - len(provisional)]
    return make_state(
        state.profile,
        state.dealer,
        seat,
        phase,
        tuple(hands),
        state.stock,
        discard,
        state.fi,
        state.fi_takers,
        tuple(melds),
        state.opened,
        state.team_scores,
        state.trump,
        state.pile_card,
        None,
        state.seat_opened,
        0,
        state.fi_waiting,
        state.red_threes,
        (),
        None,
        state.table_seats,
        False,
    )
