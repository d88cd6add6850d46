"""seeded-shuffle, deal-order, game-record: chance outcomes that deal what ``kanasta play
--seed SEED`` deals.

Hand ``n`` of the episode is the deal of the ``n``-th hand seed of SEED (game-record), by
the family's own procedure for the dealer of that hand; each chance node reveals the card
that deal holds at the place the node names (:meth:`CoreState.get_reveal`): a hand's
card, an upcard, the koz card, the next card of the stock or of a fi packet. Playing the
same ids then gives the engine's own trajectory for that seed.
"""

from __future__ import annotations

from kanasta.rules.deal import Deal, deal_from_seed
from kanasta.rules.game import get_hand_seed

from kanasta_envs.core import CoreState

__all__ = ["SeededDeals"]


class SeededDeals:
    """The chance player of one seed: :meth:`get_outcome` at each chance node."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._deals: dict[tuple[int, int], Deal] = {}

    def get_deal(self, state: CoreState) -> Deal:
        """The deal of the hand in play (hand number and dealer from the state)."""
        key = (state.hands_played + 1, state.dealer)
        found = self._deals.get(key)
        if found is None:
            hand_seed = get_hand_seed(self.seed, key[0])
            found = deal_from_seed(state.game.profile, hand_seed, state.dealer)
            self._deals[key] = found
        return found

    def get_outcome(self, state: CoreState) -> int:
        """The card the seed's deal holds where this chance node reveals one."""
        deal = self.get_deal(state)
        where, first, second = state.get_reveal()
        if where == "hand":
            card = deal.hands[first][second]
        elif where == "upcard":
            card = deal.discard[first]
        elif where == "trump":
            assert deal.trump is not None
            card = deal.trump
        elif where == "stock":
            card = deal.stock[first]
        else:
            card = deal.fi[first][second]
        if not state.pool[card]:
            raise RuntimeError(f"the seed's deal has no unseen {card} at {where} {first}")
        return card

    def play_chance(self, state: CoreState) -> None:
        """Play chance nodes by the seed's deals until a seat acts or the episode ends."""
        while not state.is_terminal() and state.is_chance():
            state.apply(self.get_outcome(state))
