"""A Hypothesis state machine that plays whole games of one family through the engine.

Each step lists :func:`kanasta.engine.legal_actions`, first offers the engine an
action built at random from the state's cards (it must be refused with a clause
and a reason code unless it is listed), then applies one listed action through
:func:`kanasta.engine.apply` and, in parallel, through the game layer
(:func:`kanasta.rules.game.apply_game_action`), and checks the invariants of
:mod:`tests.properties.invariants` on the result.
``tests/properties/test_state_machines.py`` makes one subclass of :class:`GameMachine` per
family of the registry (and per table of players and options it adds).
"""

from __future__ import annotations

from typing import ClassVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from kanasta import engine
from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.rules.actions import Action
from kanasta.rules.game import Game, apply_game_action, new_game
from kanasta.rules.melds import Meld
from kanasta.rules.scoring import HandScore
from kanasta.rules.state import Phase, State
from kanasta.testing import strategies
from tests.properties import invariants as inv

__all__ = ["GameMachine", "machine_settings"]


def machine_settings() -> settings:
    """Examples and steps per example, by the Hypothesis profile in force.

    A koz hand takes about 350 actions. The fast profile plays a few hands in
    all; the thorough one plays hundreds of hands.
    """
    quiet = [HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large]
    if settings.get_current_profile_name() == "thorough":
        examples, steps = 100, 1200
    else:
        examples, steps = 4, 300
    return settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        suppress_health_check=quiet,
    )


class GameMachine(RuleBasedStateMachine):
    """Plays games of :attr:`family` with invariants after every step."""

    family: ClassVar[str] = "koz"
    options: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        super().__init__()
        self.profile = get_profile(self.family, self.options)
        self.game: Game | None = None
        self.seed = 0
        self.hand_actions: list[Action] = []
        self.hand_scores: list[HandScore] = []
        self.checked_melds: dict[int, Meld] = {}

    # ------------------------------------------------------------------ helpers

    @property
    def state(self) -> State:
        assert self.game is not None
        return self.game.state

    def _start(self, seed: int) -> None:
        self.seed = seed
        self.game = new_game(self.profile, seed)
        self.hand_actions = []
        self.hand_scores = []

    def _check_melds(self, state: State) -> None:
        """Replay each meld once (melds are immutable, so a checked one stays checked)."""
        for team in state.melds:
            for meld in team:
                if self.checked_melds.get(id(meld)) is not meld:
                    inv.check_meld(self.profile, meld)
                    self.checked_melds[id(meld)] = meld
        inv.check_one_set_per_rank(state)

    # ------------------------------------------------------------------ rules

    @initialize(seed=strategies.seeds())
    def deal(self, seed: int) -> None:
        self._start(seed)

    @precondition(lambda self: self.game is not None and self.game.over)
    @rule(seed=strategies.seeds())
    def new_game(self, seed: int) -> None:
        self._start(seed)

    @precondition(lambda self: self.game is not None and not self.game.over)
    @rule(pick=st.integers(0, 1 << 20), data=st.data())
    def step(self, pick: int, data: st.DataObject) -> None:
        assert self.game is not None
        before = self.state
        legal = engine.legal_actions(before)
        assert legal, "a hand in play always has a legal action"
        assert len(set(legal)) == len(legal), "each legal action is listed once"
        inv.check_rejected(before, data.draw(strategies.candidate_actions(before)), legal)
        if before.profile.pass_by_showing:
            shown = before.phase is Phase.DRAW and bool(before.discard)
            can_pass = shown and before.discard[-1] in before.hands[before.turn]
            assert (engine.Action(engine.ActionType.PASS) in legal) == can_pass
        action = legal[pick % len(legal)]
        after = engine.apply(before, action)
        assert isinstance(after, State), after
        assert engine.apply(before, action) == after  # determinism of one step
        inv.check_step(before, action, after)
        inv.check_canasta_kinds(before, after, action)
        inv.check_card_conservation(after)
        self._check_melds(after)
        inv.check_json_round_trips(after, action)
        game = apply_game_action(self.game, action)
        assert not isinstance(game, Violation), game
        self.hand_actions.append(action)
        if after.phase is Phase.OVER:
            self._hand_over(after, game)
        else:
            assert game.state == after
        self.game = game

    def _hand_over(self, final: State, game: Game) -> None:
        """The hand is scored, its actions replay to it, and the totals add up."""
        assert engine.legal_actions(final) == ()
        record = game.hands[-1]
        assert record.final == final
        score = engine.score_hand(final)
        assert record.score == score
        inv.check_hand_score(final, score)
        assert record.actions == tuple(self.hand_actions)
        assert record.seed is not None
        replayed = engine.new_hand(
            self.profile, seed=record.seed, dealer=record.dealer, team_scores=final.team_scores
        )
        for action in self.hand_actions:
            following = engine.apply(replayed, action)
            assert isinstance(following, State)
            replayed = following
        assert replayed == final
        self.hand_scores.append(score)
        totals = tuple(sum(s.totals[t] for s in self.hand_scores) for t in range(len(final.melds)))
        assert game.totals == totals
        assert record.totals == totals
        self.hand_actions = []

    @invariant()
    def never_stuck(self) -> None:
        if self.game is not None and not self.game.over:
            assert self.state.phase is not Phase.OVER
