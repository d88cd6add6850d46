"""Differential self-play: the native engine and the reference stepped side by side.

Random hands of every family, player count and option (the one-option profiles), both
engines dealt the same hand: after every action the legal-action lists (action JSON, in
order) and the states (state JSON) must be the same, and at the end the hand scores
(kanasta.play.differential). 60 hands a family by default, over the family's profiles in
turn; 10,000 a family with ``KANASTA_THOROUGH=1`` (``nox -s thorough``), over both cores;
``KANASTA_DIFFERENTIAL_HANDS`` sets the number. The native engine's own self-play loop
(``kanasta_native._core.self_play``, the bench's) plays the same hands, to the same moves
and scores, and gives the same hands however a run is split.

A family the native engine does not play whole hands of yet is skipped, and says so.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import kanasta.engine as facade
from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.native import NativeEngine, load, native_families
from kanasta.play.differential import pick_action, policy_stream, run_differential
from kanasta.play.sidebyside import measure_here, measure_in_fresh_process, native_self_play
from kanasta.rules.families import RulesProfile
from kanasta.testing.strategies import get_one_option_profiles

THOROUGH = bool(os.environ.get("KANASTA_THOROUGH"))
HANDS = int(os.environ.get("KANASTA_DIFFERENTIAL_HANDS", "10000" if THOROUGH else "60"))
JOBS = max(1, min(2, os.cpu_count() or 1)) if THOROUGH else 1
FAMILIES = ("koz", "fi-5200", "fi-351", "classic")


def _playable(family: str) -> None:
    if family not in native_families():
        pytest.skip(f"the native engine does not play whole hands of {family} yet")


def _progress(family: str) -> Any:
    step = max(1, HANDS // 10)

    def report(done: int, total: int) -> None:
        if THOROUGH and (done % step < 25 or done == total):
            print(f"differential {family}: {done}/{total} hands", flush=True)

    return report


@pytest.mark.clause("legal-action-count", "state-json", "hand-score")
@pytest.mark.parametrize("family", FAMILIES)
def test_native_self_play_equals_the_reference_step_by_step(family: str) -> None:
    _playable(family)
    profiles = [p for p in get_one_option_profiles() if p.family == family]
    run = run_differential(profiles, HANDS, 2026, jobs=JOBS, progress=_progress(family))
    assert run.hands == HANDS
    assert run.moves > HANDS * 20
    assert not run.differences, run.format()
    if len(profiles) <= HANDS:
        assert set(run.counts()) == {p.variant for p in profiles}


def _reference_hand(profile: RulesProfile, seed: int, index: int) -> tuple[int, int, list[int]]:
    """Hand ``index`` of the run of ``seed`` played by the reference with the native loop's
    policy: (index, moves, team totals)."""
    state = facade.new_hand(profile, seed=seed + index)
    stream = policy_stream(seed, index)
    moves = 0
    while not state.hand_over:
        actions = facade.legal_actions(state)
        stream, pick = pick_action(stream, len(actions))
        following = facade.apply(state, actions[pick])
        assert not isinstance(following, Violation)
        state = following
        moves += 1
    return index, moves, [team.total for team in facade.score_hand(state).teams]


@pytest.mark.clause("legal-action-count", "hand-score")
@pytest.mark.parametrize("family", FAMILIES)
def test_the_native_self_play_loop_plays_the_reference_hands(family: str) -> None:
    _playable(family)
    module = load()
    native = NativeEngine(module)
    for profile in [p for p in get_one_option_profiles() if p.family == family][:4]:
        run = module.self_play(native.native_profile(profile), 31, 0, 3)
        hands = [(index, moves, list(totals)) for index, moves, totals in run["hands"]]
        assert hands == [_reference_hand(profile, 31, i) for i in range(3)], profile.variant
        assert run["moves"] == sum(h[1] for h in hands)
        assert run["cpu_seconds"] >= 0


@pytest.mark.parametrize("family", FAMILIES)
def test_a_self_play_run_split_in_parts_plays_the_same_hands(family: str) -> None:
    _playable(family)
    module = load()
    profile = NativeEngine(module).native_profile(get_profile(family))
    whole = module.self_play(profile, 7, 0, 6)["hands"]
    parts = (
        module.self_play(profile, 7, 0, 2)["hands"] + module.self_play(profile, 7, 2, 4)["hands"]
    )
    assert whole == parts
    assert [h[0] for h in whole] == list(range(6))


def test_the_native_policy_is_the_harness_policy() -> None:
    module = load()
    stream = policy_stream(99, 4)
    assert policy_stream(0, 0) == module.POLICY_STREAM
    for count in (1, 2, 7, 300):
        mine = module.pick_action(stream, count)
        assert tuple(mine) == pick_action(stream, count)
        stream = mine[0]


def test_memory_per_state_counts_the_heap_parts() -> None:
    module = load()
    native = NativeEngine(module)
    for family in FAMILIES:
        profile = get_profile(family)
        state = native.new_state_from_seed(profile, 5)
        bytes_ = state.memory_bytes()
        # at least the cards the state holds, one byte each, and the State itself
        assert bytes_ > profile.deck_size + 200, family
        assert bytes_ < 50_000, family


@pytest.mark.parametrize("family", ["koz", "classic"])
def test_native_self_play_over_two_processes_equals_the_serial_run(family: str) -> None:
    _playable(family)
    profile = get_profile(family)
    serial = native_self_play(profile, 12, 5)
    parallel = native_self_play(profile, 12, 5, 2, chunk=2)
    assert serial.hands == parallel.hands
    assert [h[0] for h in parallel.hands] == list(range(12))
    assert serial.moves == parallel.moves > 12 * 20


def test_the_bench_times_the_native_engine_in_a_fresh_process_the_same_hands() -> None:
    _playable("classic")
    here = measure_here("native", "classic", 6, 5, 1)
    fresh = measure_in_fresh_process("native", "classic", 6, 5, 1)
    assert (fresh.hands, fresh.moves) == (here.hands, here.moves) == (6, here.moves)
    assert here.moves == native_self_play(get_profile("classic"), 6, 5).moves > 6 * 20
