"""The core: the id space and its bound, chance by the unseen cards, returns, lengths and
determinism."""

from __future__ import annotations

import random
from fractions import Fraction

import kanasta_native
import pytest
from kanasta.families import PROFILES
from kanasta.rules.cards import NUM_KINDS

from kanasta_envs.actions import (
    CARD,
    CARD_OF_TEXT,
    DISCARD,
    DRAW,
    END,
    LAY_OFF,
    MAX_DECK,
    MAX_MELDS,
    MELD,
    NUM_ACTIONS,
    TAKE_PILE,
    EngineAction,
    get_action_tokens,
    get_token_text,
)
from kanasta_envs.core import CHANCE, CoreState, Game, count_cards
from kanasta_envs.params import Params, get_combinations
from kanasta_envs.play import play_random, play_random_step

COMBINATIONS = get_combinations()


def test_action_kinds_id_space_is_fixed_and_its_blocks_do_not_overlap() -> None:
    assert NUM_ACTIONS == 342
    heads = [DRAW, DISCARD, MELD, LAY_OFF, TAKE_PILE, CARD, END, NUM_ACTIONS]
    assert heads == sorted(heads)
    assert LAY_OFF + MAX_MELDS == TAKE_PILE
    assert TAKE_PILE + MAX_MELDS + 1 == CARD
    assert len({get_token_text(t) for t in range(NUM_ACTIONS)}) == NUM_ACTIONS


def test_deck_composition_bounds_the_meld_index() -> None:
    # Every meld holds a card, so a side has fewer melds than a deck has cards.
    assert max(p.deck_size for p in PROFILES.values()) <= MAX_DECK
    with_option = Game(Params(family="classic", options=("joker-canasta",)))
    assert with_option.profile.deck_size <= MAX_DECK  # options keep the deck


@pytest.mark.parametrize(
    "action",
    [
        EngineAction("draw"),
        EngineAction("discard", (52,)),
        EngineAction("meld", (0, 1, 13), 0, 3),
        EngineAction("lay-off", (5,), MAX_MELDS - 1, 0),
        EngineAction("take-pile", (), -1, 0),
        EngineAction("take-pile", (2, 2), 4, 0),
    ],
)
def test_action_kinds_each_action_is_one_token_sequence(action: EngineAction) -> None:
    tokens = get_action_tokens(action)
    assert all(0 <= t < NUM_ACTIONS for t in tokens)
    if len(tokens) > 1:
        assert tokens[-1] >= END  # only END closes a batch
        assert all(CARD <= t < END for t in tokens[1:-1])


def test_a_meld_index_beyond_the_bound_is_refused() -> None:
    with pytest.raises(ValueError, match="meld index"):
        get_action_tokens(EngineAction("lay-off", (5,), MAX_MELDS, 0))


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_deal_order_chance_weights_are_the_unseen_cards(family: str, players: int) -> None:
    game = Game(Params(family=family, players=players))
    state = game.new_initial_state()
    rng = random.Random(11)
    checked = 0
    while not state.is_terminal() and checked < 400:
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            total = sum(state.pool)
            assert [c for c, _ in outcomes] == state.legal_actions()
            assert all(p == state.pool[c] / total for c, p in outcomes)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
        elif not state.dealing and state.pending is None:
            assert state.pool == state.get_unseen()
        play_random_step(state, rng)
        checked += 1


def test_draw_from_stock_draws_the_card_chance_chose() -> None:
    game = Game(Params(family="koz"))
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.current_player() == CHANCE:
        play_random_step(state, rng)
    seat = state.current_player()
    before = list(_hand(state, seat))
    state.apply(DRAW)
    assert state.current_player() == CHANCE
    chosen = next(c for c in range(NUM_KINDS) if state.pool[c])
    state.apply(chosen)
    after = _hand(state, seat)
    assert [a - b for a, b in zip(after, before, strict=True)] == [
        1 if c == chosen else 0 for c in range(NUM_KINDS)
    ]


def _hand(state: CoreState, seat: int) -> list[int]:
    return count_cards([CARD_OF_TEXT[c] for c in state.json["hands"][seat]])


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_hand_score_returns_shared_by_partners_zero_sum_exact_and_bounded(
    family: str, players: int
) -> None:
    game = Game(Params(family=family, players=players))
    for seed in range(3):
        state = play_random(game.new_initial_state(), random.Random(seed))
        returns = state.returns()
        assert sum(Fraction(r) for r in returns) == 0
        for seat, value in enumerate(returns):
            assert value == returns[game.team_of(seat)]
            assert game.min_utility <= value <= game.max_utility
            assert Fraction(value) * 4 == int(Fraction(value) * 4)  # quarter points at worst
        if not state.truncated:
            scores = state.hand_scores
            others = game.teams - 1
            own = (
                [Fraction(s - (sum(scores) - s), 1) / 2 for s in scores]
                if others == 1
                else [(Fraction(s) - Fraction(sum(scores) - s, others)) / 2 for s in scores]
            )
            assert [Fraction(r) for r in returns] == [own[game.team_of(s)] for s in range(players)]
        assert len(state.history) <= game.max_game_length


def test_the_hand_score_is_the_native_engine_score() -> None:
    game = Game(Params(family="classic", players=2))
    state = play_random(game.new_initial_state(), random.Random(4))
    assert state.hand_scores == [int(t["total"]) for t in state.native.score()]


def test_same_seed_and_actions_give_the_same_trajectory() -> None:
    game = Game(Params(family="fi-351", players=3))
    one = play_random(game.new_initial_state(), random.Random(9))
    two = play_random(game.new_initial_state(), random.Random(9))
    assert one.history == two.history
    assert one.json == two.json


def test_game_scope_deals_hands_until_the_target_or_the_cap() -> None:
    game = Game(Params(family="koz", scope="game", target=30, max_turns=400))
    state = play_random(game.new_initial_state(), random.Random(3))
    assert state.hands_played >= 1
    assert state.over
    if not state.truncated:
        assert max(state.totals) >= 60  # half points
        assert state.winner is not None


def test_a_turn_cap_truncates_the_episode() -> None:
    game = Game(Params(family="koz", max_turns=3))
    state = play_random(game.new_initial_state(), random.Random(1))
    assert state.truncated
    assert state.turns == 3
    assert state.returns() == [0.0] * 4


def test_native_engine_lists_what_the_core_spells() -> None:
    # The engine's own list is the source: the core's first state after the deal agrees.
    game = Game(Params(family="koz"))
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.current_player() == CHANCE:
        play_random_step(state, rng)
    assert isinstance(state.native, kanasta_native.NativeState)
    engine = state.native.legal_actions()
    assert len(state.engine_legal().complete) == len(engine)
