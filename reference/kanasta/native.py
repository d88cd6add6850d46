"""The native engine (``kanasta-native``, C++20), when it is installed.

The native engine is a second implementation of the spec, written from the rule text and
held to the reference by the conformance suite and by differential self-play
(``tests/native``). It is a separate distribution, built with a C++ compiler
(``pip install ./native``); ``pip install .`` of kanasta itself stays pure Python.

:func:`load` returns the compiled module or raises :class:`~kanasta.errors.InputError`
with one paragraph saying how to install it; :class:`NativeEngine` is the native engine
behind the conformance suite's :class:`~kanasta.conformance.engine_api.Engine` interface,
so the adapter, the runner and the differential tests drive both engines through the same
calls. The rules profile is handed to the native engine as data (:func:`profile_data`):
variants are data there too.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from types import ModuleType
from typing import Any

from kanasta.conformance.engine_api import Engine, load_engine
from kanasta.errors import InputError, Violation
from kanasta.rules.cards import NUM_KINDS
from kanasta.rules.families import (
    CanastaScheme,
    DealScheme,
    Direction,
    OpeningScope,
    Rounding,
    RulesProfile,
    TrumpRule,
    UnplayedFi,
    WildMeldRule,
)
from kanasta.rules.points import HalfPoints

__all__ = [
    "ENGINES",
    "NativeEngine",
    "get_engine",
    "is_available",
    "load",
    "native_families",
    "profile_data",
    "require_engine",
]

ENGINES: tuple[str, ...] = ("reference", "native")
"""The engines kanasta can play with: the reference (always there) and the native one."""

MODULE = "kanasta_native"

NOT_INSTALLED = (
    "the native engine was asked for (engine 'native'), but the package kanasta-native is not "
    "installed in this Python ({why}). It is a separate distribution, compiled from the "
    "checkout's native/ folder with a C++20 compiler (g++ 12 or later; CMake and Ninja come "
    "from PyPI): run `pip install ./native` in the kanasta checkout, then try again; or leave "
    "out --engine native to use the reference engine, which needs nothing more."
)

_WILD_MELD_RULES = {
    WildMeldRule.FORBIDDEN: 0,
    WildMeldRule.ANY_WILDS: 1,
    WildMeldRule.TWOS_SET: 2,
    WildMeldRule.CANASTA_AT_ONCE: 3,
}
_CANASTA_SCHEMES = {
    CanastaScheme.CLEAN_DIRTY: 0,
    CanastaScheme.CLEAN_DIRTY_AT_FORMING: 1,
    CanastaScheme.HALF_FULL_GRAND: 2,
    CanastaScheme.NATURAL_MIXED: 3,
}
_DEAL_SCHEMES = {
    DealScheme.HANDS_THEN_FI: 0,
    DealScheme.SIX_PACKETS: 1,
    DealScheme.CUT_FI_THEN_PAIRS: 2,
}


@cache
def _import() -> ModuleType | str:
    try:
        return importlib.import_module(MODULE)
    except ImportError as exc:
        return str(exc) or type(exc).__name__


def is_available() -> bool:
    """Whether ``kanasta_native`` can be imported."""
    return isinstance(_import(), ModuleType)


def load() -> ModuleType:
    """The compiled native module, or :class:`InputError` saying how to install it."""
    module = _import()
    if isinstance(module, str):
        raise InputError(NOT_INSTALLED.format(why=module))
    return module


def native_families() -> tuple[str, ...]:
    """The rule families whose whole hands the native engine plays (every family since
    kanasta-native 0.1.0; an older build may list fewer)."""
    module = load()
    families: tuple[str, ...] = tuple(getattr(module, "FAMILIES", ()))
    return families


def require_engine(name: str, variant: str) -> None:
    """Whether engine ``name`` plays whole hands of ``variant``; an :class:`InputError` saying
    what to do when it does not (the native engine not installed, or not yet that family)."""
    if name == "reference":
        return
    if name != "native":
        raise InputError(f"unknown engine {name!r}; the engines are {', '.join(ENGINES)}.")
    families = native_families()
    if variant not in families:
        raise InputError(
            f"the native engine does not play whole hands of {variant} yet (this kanasta-native "
            f"build plays {', '.join(families) or 'no family'}; reinstall it from the checkout "
            "with `pip install ./native`); leave out --engine native to play with the "
            "reference engine."
        )


def profile_data(profile: RulesProfile) -> dict[str, object]:
    """The rules profile as the plain data the native engine reads (rule-families)."""
    return {
        "family": profile.family,
        "players": profile.players,
        "partnerships": profile.partnerships,
        "deck_jokers": profile.deck_jokers,
        "hand_size": profile.hand_size,
        "fi_packets": profile.fi_packets,
        "fi_size": profile.fi_size,
        "initial_upcard": profile.initial_upcard,
        "deal_scheme": _DEAL_SCHEMES[profile.deal_scheme],
        "trump_bottom": profile.trump_rule is TrumpRule.BOTTOM_OF_STOCK,
        "red_threes_laid": profile.red_threes_laid,
        "opening_personal": profile.opening_scope is OpeningScope.PLAYER,
        "upcard_turn_again": list(profile.upcard_turn_again),
        "runs_allowed": profile.runs_allowed,
        "max_meld_size": profile.max_meld_size or 0,
        "max_wilds_per_meld": profile.max_wilds_per_meld,
        "natural_two_in_place": profile.natural_two_in_place,
        "run_wild_needs_three_naturals": profile.run_wild_needs_three_naturals,
        "min_naturals_per_meld": profile.min_naturals_per_meld,
        "wilds_at_most_naturals": profile.wilds_at_most_naturals,
        "naturals_per_wild": profile.naturals_per_wild,
        "wild_meld_rule": _WILD_MELD_RULES[profile.wild_meld_rule],
        "one_set_per_rank": profile.one_set_per_rank,
        "threes_special": profile.threes_special,
        "canasta_size": profile.canasta_size,
        "canasta_scheme": _CANASTA_SCHEMES[profile.canasta_scheme],
        "points": list(profile.points.by_card),
        "hand_points": [profile.hand_card_points(card) for card in range(NUM_KINDS)],
        "wild_two": profile.points.wild_two,
        "bonuses": list(profile.bonuses),
        "rounding_up": profile.rounding is Rounding.UP,
        "unplayed_fi_ignored": profile.unplayed_fi is UnplayedFi.IGNORED,
        "forced_canasta_opening": profile.forced_canasta_opening,
        "concealed_canasta_bonus": profile.concealed_canasta_bonus,
        "score_parts": list(profile.score_parts),
        "clockwise": profile.direction is Direction.CLOCKWISE,
        "single_pile_needs_two_cards": profile.single_pile_needs_two_cards,
        "single_pile_no_discard_back": profile.single_pile_no_discard_back,
        "opening_bands": [
            {
                "min_score": band.min_score,
                "min_points": band.min_points,
                "needs_clean_run": band.needs_clean_run,
                "wilds_count": band.wilds_count,
                "wild_melds_count": band.wild_melds_count,
                "run_clause": band.run_clause,
                "total_clause": band.total_clause,
                "min_melds": band.min_melds,
                "needs_natural_run": band.needs_natural_run,
            }
            for band in profile.opening_bands
        ],
        "opening_waiver_cards": (
            -1 if profile.opening_waiver_cards is None else profile.opening_waiver_cards
        ),
        "emptying_needs_canasta": profile.emptying_needs_canasta,
        "fi_needs_canasta": profile.fi_needs_canasta,
        "first_fi_team_discard_ban": profile.first_fi_team_discard_ban,
        "going_out_needs_discard": profile.going_out_needs_discard,
        "pass_by_showing": profile.pass_by_showing,
        "going_out_canastas": profile.going_out_canastas,
        "pile_top_melded": profile.pile_top_melded,
        "pile_freezers": list(profile.pile_freezers),
        "pile_blockers": list(profile.pile_blockers),
        "pile_meld_any_size": profile.pile_meld_any_size,
        "pile_black_three_last_turn": profile.pile_black_three_last_turn,
        "take_back": profile.take_back,
        "pile_seen_whole": profile.pile_seen_whole,
        "tracks_table_seats": profile.tracks_table_seats,
        "target_score": profile.target_score,
    }


def _refused_as_input_error(call: Callable[[], Any], where: str = "") -> Any:
    """``call()``, the native module's refusal of its input (a ``ValueError``: a malformed
    value, a search of turn-must-finish past its budget) raised as an :class:`InputError`,
    after ``where`` when given."""
    try:
        return call()
    except ValueError as exc:
        prefix = f"{where}: " if where else ""
        raise InputError(f"{prefix}{exc}") from None


class NativeEngine:
    """The native engine as the conformance suite's ``Engine`` (and ``GameEngine``).

    States are the native module's ``NativeState`` values; the native profile of each
    rules profile is built once and kept.
    """

    def __init__(self, module: ModuleType | None = None) -> None:
        self._module = module if module is not None else load()
        self._profiles: dict[RulesProfile, Any] = {}

    def native_profile(self, profile: RulesProfile) -> Any:
        """The native module's profile object for a rules profile (built once)."""
        found = self._profiles.get(profile)
        if found is None:
            found = self._module.NativeProfile(profile_data(profile))
            self._profiles[profile] = found
        return found

    def _call(self, function: str, *args: Any, where: str = "") -> Any:
        return _refused_as_input_error(lambda: getattr(self._module, function)(*args), where)

    def new_state_from_seed(self, profile: RulesProfile, seed: int, /) -> Any:
        return self._call(
            "new_hand_from_seed", self.native_profile(profile), seed, profile.players - 1, None
        )

    def new_state_from_json(
        self, profile: RulesProfile, obj: Mapping[str, Any], where: str, /
    ) -> Any:
        if not isinstance(obj, dict):
            raise InputError(f"{where}: expected a state object.")
        return self._call("state_from_json", self.native_profile(profile), obj, where)

    def new_hand_of_game(
        self,
        profile: RulesProfile,
        deal: Mapping[str, Any] | None,
        seed: int | None,
        dealer: int,
        team_scores: Sequence[HalfPoints],
        where: str,
        /,
    ) -> Any:
        native = self.native_profile(profile)
        scores = list(team_scores)
        if deal is not None:
            if not isinstance(deal, dict):
                raise InputError(f"{where}: expected a deal object.")
            return self._call("new_hand_from_deal", native, deal, dealer, scores, where=where)
        if seed is None:
            raise InputError(f"{where}: a hand needs a deal or a seed.")
        return self._call("new_hand_from_seed", native, seed, dealer, scores, where=where)

    def new_hand_from_deck(
        self, profile: RulesProfile, deck: Sequence[str], dealer: int, where: str, /
    ) -> Any:
        """deal-order: a hand dealt by ``dealer`` from a deck given in order (a build of
        kanasta-native without it raises InputError: reinstall it)."""
        if not callable(getattr(self._module, "new_hand_from_deck", None)):
            raise InputError(
                f"{where}: this kanasta-native build cannot deal a deck given in order "
                "(reinstall it with `pip install ./native`)."
            )
        return self._call(
            "new_hand_from_deck", self.native_profile(profile), list(deck), dealer, where=where
        )

    def state_to_json(self, _profile: RulesProfile, state: Any, /) -> dict[str, Any]:
        result: dict[str, Any] = state.to_json()
        return result

    def _hands(self, profile: RulesProfile) -> None:
        """Whole-hand play needs a family the native engine plays (native_families)."""
        families: tuple[str, ...] = tuple(getattr(self._module, "FAMILIES", ()))
        if profile.family not in families:
            raise InputError(
                f"the native engine does not play whole hands of {profile.family} yet "
                "(an older kanasta-native build; reinstall it with `pip install ./native`)."
            )

    def action_from_json(self, profile: RulesProfile, obj: Mapping[str, Any], where: str, /) -> Any:
        self._hands(profile)
        if not isinstance(obj, dict):
            raise InputError(f"{where}: expected an action object.")
        return self._call("action_from_json", obj, where)

    def action_to_json(self, profile: RulesProfile, action: Any, /) -> dict[str, Any]:
        self._hands(profile)
        result: dict[str, Any] = action.to_json()
        return result

    def legal_actions(self, profile: RulesProfile, state: Any, /) -> Sequence[Any]:
        """The state's legal actions; an :class:`InputError` when the search of
        turn-must-finish passes its budget (the reference's refusal, word for word)."""
        self._hands(profile)
        actions: Sequence[Any] = _refused_as_input_error(state.legal_actions)
        return actions

    def apply_action(self, profile: RulesProfile, state: Any, action: Any, /) -> Any | Violation:
        """The state after ``action``, or the violation; an :class:`InputError` when the
        search of turn-must-finish passes its budget."""
        self._hands(profile)
        result = _refused_as_input_error(lambda: state.apply(action))
        if isinstance(result, tuple):
            clause, code, detail = result
            return Violation(clause, code, detail)
        return result

    def score_hand(
        self, _profile: RulesProfile, state: Any, /
    ) -> Sequence[Mapping[str, HalfPoints]]:
        teams: list[dict[str, HalfPoints]] = state.score()
        return teams


def get_engine(name: str = "reference") -> Engine:
    """The engine ``name`` (``"reference"`` or ``"native"``) behind the conformance suite's
    :class:`~kanasta.conformance.engine_api.Engine` interface.

    ``"native"`` needs the separate distribution kanasta-native (``pip install ./native``);
    without it an :class:`InputError` says how to install it.
    """
    if name == "reference":
        status = load_engine()
        if status.engine is None:
            raise InputError(f"the reference engine is not available: {status.reason}.")
        return status.engine
    if name == "native":
        return NativeEngine()
    raise InputError(f"unknown engine {name!r}; the engines are {', '.join(ENGINES)}.")
