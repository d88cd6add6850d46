"""What one player may see of a hand (chapter *Actions and the state*, clause player-view).

A view hides the other players' hands (only their sizes show), the cards of
the fi packets and the order (and cards) of the stock. Everything else is on
the table for everyone: the discard pile (in classic only its top card and its
size), the melds, the trump card, who took which fi, the card taken from a
one-card pile, which players have opened (under a personal opening) and who
waits with a fi taken by discarding.
"""

from __future__ import annotations

from dataclasses import dataclass

from kanasta.clauses import implements
from kanasta.errors import InputError
from kanasta.rules.cards import Card
from kanasta.rules.melds import Meld
from kanasta.rules.points import HalfPoints
from kanasta.rules.state import Phase, State

__all__ = ["View", "get_view"]


@dataclass(frozen=True, slots=True)
class View:
    """A hand as seen from one seat."""

    seat: int
    variant: str
    dealer: int
    turn: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    """The cards of the discard pile the player sees, bottom to top: all of them, or only
    the top card where the family's pile is squared (``pile_seen_whole``)."""
    fi_sizes: tuple[int, ...]
    fi_takers: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    opened: tuple[bool, ...]
    team_scores: tuple[HalfPoints, ...]
    trump: Card | None
    pile_card: Card | None
    went_out: int | None
    discard_size: int = 0
    seat_opened: tuple[bool, ...] = ()
    fi_waiting: tuple[int, ...] = ()
    red_threes: tuple[tuple[Card, ...], ...] = ()
    """classic-red-threes: the red threes each side laid face up (seen by everyone)."""


@implements("player-view")
def get_view(state: State, seat: int) -> View:
    """player-view: the state as the player at ``seat`` sees it; of a squared pile
    (classic) only the top card and the number of cards."""
    if not 0 <= seat < len(state.hands):
        raise InputError(f"there is no seat {seat}; seats are 0..{len(state.hands) - 1}.")
    return View(
        seat=seat,
        variant=state.profile.family,
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        discard=state.discard if state.profile.pile_seen_whole else state.discard[-1:],
        discard_size=len(state.discard),
        fi_sizes=tuple(len(p) for p in state.fi),
        fi_takers=state.fi_takers,
        melds=state.melds,
        opened=state.opened,
        team_scores=state.team_scores,
        trump=state.trump,
        pile_card=state.pile_card,
        went_out=state.went_out,
        seat_opened=state.seat_opened,
        fi_waiting=state.fi_waiting,
        red_threes=state.red_threes,
    )
