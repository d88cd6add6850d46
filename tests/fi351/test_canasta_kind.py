"""Chapter 4 for fi-351: the two readings of the canasta kind (canasta-kind-at-forming-fi-351,
the option canasta-kind-at-scoring)."""

from __future__ import annotations

import pytest

from kanasta.rules.canastas import CanastaKind
from kanasta.rules.families import CanastaScheme
from kanasta.rules.points import to_half_points as P
from kanasta.rules.scoring import score_hand
from tests.fi351.util import CANASTA, Phase, accept, disc, fi_state, lay, profile


def _with_joker(seat: int, *options: str) -> tuple[CanastaKind | None, int]:
    hands: list[str | None] = [None] * 4
    hands[seat] = "JK KC"
    melds: list[list[object]] = [[], []]
    melds[seat % 2] = [CANASTA]
    state = fi_state(
        *options,
        hands=hands,
        melds=melds,
        fi_takers=[seat, (seat + 1) % 4],
        turn=seat,
        phase=Phase.PLAY,
    )
    laid = accept(state, lay(0, "JK"))
    kind = laid.melds[seat % 2][0].canasta
    out = score_hand(accept(laid, disc("KC")))
    return kind, out.teams[seat % 2].get("canastas")


@pytest.mark.clause("canasta-kind-at-forming-fi-351")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_canasta_kind_at_forming_fi_351_clean_stays_clean_by_default(seat: int) -> None:
    assert _with_joker(seat) == (CanastaKind.CLEAN, P(20))


@pytest.mark.clause("canasta-kind-at-forming-fi-351", "profile-options")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_canasta_kind_at_forming_fi_351_option_at_scoring_turns_it_dirty(seat: int) -> None:
    assert _with_joker(seat, "canasta-kind-at-scoring") == (CanastaKind.DIRTY, P(10))


@pytest.mark.clause("canasta-kind-at-forming-fi-351", "profile-options")
def test_canasta_kind_at_forming_fi_351_option_is_a_field_patch() -> None:
    rules = profile("canasta-kind-at-scoring", "players-3")
    assert rules.canasta_scheme is CanastaScheme.CLEAN_DIRTY
    assert rules.options == ("players-3", "canasta-kind-at-scoring")
    assert profile().canasta_scheme is CanastaScheme.CLEAN_DIRTY_AT_FORMING
