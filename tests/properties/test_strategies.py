"""The public Hypothesis strategies draw what their docstrings promise."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kanasta import engine
from kanasta.errors import Violation
from kanasta.families import PROFILES
from kanasta.io.meld_json import meld_from_json, meld_to_json
from kanasta.rules.cards import JOKER, Card, is_wild_card
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import (
    Meld,
    MeldKind,
    get_lay_off_arrangements,
    get_meld_arrangements,
    validate_meld,
)
from kanasta.rules.state import State
from kanasta.specdoc.spec import load_spec
from kanasta.testing import strategies

SLUGS = {clause.slug for clause in load_spec()}
CODE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def check_violation(violation: Violation) -> None:
    """A violation names a clause of the spec and a kebab-case reason code."""
    assert violation.clause in SLUGS, violation
    assert CODE.match(violation.code), violation


def test_import_kanasta_does_not_import_hypothesis() -> None:
    code = (
        "import sys, kanasta, kanasta.engine, kanasta.cli; "
        "from kanasta import _modules; _modules.import_all(); "
        "sys.exit(1 if 'hypothesis' in sys.modules "
        "or 'kanasta.testing.strategies' in sys.modules else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.clause("deck-composition", "card-identity")
@given(strategies.profiles(), st.data())
def test_hands_are_multisets_one_deck_can_supply(
    profile: RulesProfile, data: st.DataObject
) -> None:
    hand = data.draw(strategies.hands(profile, min_size=2, max_size=30))
    assert 2 <= len(hand) <= 30
    assert list(hand) == sorted(hand)
    assert strategies.count_in_deck(profile, hand)
    card = data.draw(strategies.cards(profile))
    assert 0 <= card <= JOKER
    assert profile.deck_jokers > 0 or card != JOKER
    assert is_wild_card(data.draw(strategies.wild_cards(profile)))


def test_count_in_deck_rejects_a_third_copy() -> None:
    assert strategies.count_in_deck("koz", [5, 5])
    assert not strategies.count_in_deck("koz", [5, 5, 5])
    assert not strategies.count_in_deck("fi-5200", [JOKER] * 3)


@pytest.mark.clause("set-definition", "run-definition", "wild-only-melds", "meld-max-size")
@given(strategies.profiles(), st.data())
def test_legal_melds_are_legal_and_survive_json(profile: RulesProfile, data: st.DataObject) -> None:
    meld = data.draw(strategies.legal_melds(profile))
    assert meld in get_meld_arrangements(profile, meld.all_cards)
    assert strategies.count_in_deck(profile, meld.all_cards)
    assert meld.history == (meld.all_cards,)
    if profile.max_meld_size is not None:
        assert meld.size <= profile.max_meld_size
    assert meld_from_json(profile, meld_to_json(meld), "$") == meld


@pytest.mark.clause("set-definition", "run-definition", "meld-minimum")
@given(strategies.profiles(), st.data())
def test_illegal_melds_are_rejected_with_a_clause_and_code(
    profile: RulesProfile, data: st.DataObject
) -> None:
    found = data.draw(strategies.illegal_melds(profile))
    verdict = validate_meld(profile, found)
    assert isinstance(verdict, Violation)
    check_violation(verdict)


@pytest.mark.clause("lay-off", "canasta-kind-fixed")
@given(strategies.profiles(), st.data())
def test_grown_melds_replay_from_their_history(profile: RulesProfile, data: st.DataObject) -> None:
    meld = data.draw(strategies.grown_melds(profile))
    assert sorted(c for batch in meld.history for c in batch) == list(meld.all_cards)
    assert meld_from_json(profile, meld_to_json(meld), "$") == meld
    batch = data.draw(strategies.lay_off_batches(profile, meld))
    assert batch
    assert list(batch) == sorted(batch)
    result = get_lay_off_arrangements(profile, meld, batch)
    if isinstance(result, Violation):
        check_violation(result)
    else:
        assert all(m.size == meld.size + len(batch) for m in result)


def test_lay_off_batches_both_fit_and_miss() -> None:
    """The batches lie on the boundary: some fit their meld and some do not."""
    verdicts: set[bool] = set()

    @given(st.data())
    def collect(data: st.DataObject) -> None:
        meld = data.draw(strategies.legal_melds("koz"))
        batch = data.draw(strategies.lay_off_batches("koz", meld))
        result = get_lay_off_arrangements(PROFILES["koz"], meld, batch)
        verdicts.add(isinstance(result, Violation))

    collect()
    assert verdicts == {True, False}


def test_near_meld_kinds_are_all_drawn() -> None:
    """Every meld kind of koz appears among the legal melds the strategy draws."""
    kinds: set[MeldKind] = set()

    @given(strategies.legal_melds("koz"))
    def collect(meld: Meld) -> None:
        kinds.add(meld.kind)

    collect()
    assert kinds == {MeldKind.SET, MeldKind.RUN, MeldKind.WILD}


@pytest.mark.clause("legal-action-count")
@given(strategies.action_sequences("koz", max_actions=150))
def test_action_sequences_replay(sequence: tuple[int, tuple[engine.Action, ...]]) -> None:
    seed, actions = sequence
    state = engine.new_hand("koz", seed=seed)
    for action in actions:
        assert action in engine.legal_actions(state)
        following = engine.apply(state, action)
        assert isinstance(following, State)
        state = following


@pytest.mark.clause("legal-action-count", "action-kinds")
@given(strategies.reachable_states("koz", max_actions=150), st.data())
def test_candidate_actions_not_listed_are_rejected(state: State, data: st.DataObject) -> None:
    legal = set(engine.legal_actions(state))
    for _ in range(5):
        action = data.draw(strategies.candidate_actions(state))
        result = engine.apply(state, action)
        if action in legal:
            assert isinstance(result, State)
        elif isinstance(result, Violation):
            check_violation(result)
        else:
            # A listed action in another spelling (e.g. the default wild place) is fine.
            assert _same_as_listed(state, result, legal)


def _same_as_listed(state: State, result: State, legal: set[engine.Action]) -> bool:
    results = (engine.apply(state, a) for a in legal)
    return any(r == result for r in results)


def test_profiles_by_name() -> None:
    drawn: list[str] = []

    @given(strategies.profiles(["koz", "classic"]))
    def collect(profile: RulesProfile) -> None:
        drawn.append(profile.family)

    collect()
    assert set(drawn) <= {"koz", "classic"}
    assert set(drawn) == {"koz", "classic"}


@given(strategies.cards())
def test_cards_without_profile_cover_jokers(card: Card) -> None:
    assert 0 <= card <= JOKER
