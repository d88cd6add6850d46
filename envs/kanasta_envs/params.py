"""rule-families, profile-options: the parameters of an environment and the rules they pick."""

from __future__ import annotations

from dataclasses import dataclass, replace

from kanasta.errors import InputError
from kanasta.families import PROFILES, get_profile
from kanasta.rules.families import RulesProfile

from kanasta_envs.actions import MAX_DECK

__all__ = ["ACTION_MODES", "SCOPES", "Params", "get_combinations", "get_player_counts", "get_rules"]

SCOPES = ("hand", "game")
"""hand: one hand, scored alone; game: hands dealt in turn until a side wins (game-target)."""

ACTION_MODES = ("spelt", "atomic")
"""spelt: an engine action is a short sequence of ids from a fixed space (the staged,
factored mode); atomic: each decision is one engine action, its id its place in the
engine's legal list (pointer style, :mod:`kanasta_envs.atomic`)."""


def get_player_counts(family: str) -> tuple[int, ...]:
    """classic-players, players-fi-351: the player counts a family allows (its own and those
    of its ``players-N`` options)."""
    profile = _family(family)
    counts = {profile.players}
    for option in profile.known_options:
        if option.name.startswith("players-"):
            counts.add(int(option.name.removeprefix("players-")))
    return tuple(sorted(counts))


def get_combinations() -> list[tuple[str, int]]:
    """Every family with every player count it allows, in the spec's order."""
    return [(family, n) for family in PROFILES for n in get_player_counts(family)]


def _family(family: str) -> RulesProfile:
    found = PROFILES.get(family)
    if found is None:
        raise InputError(
            f"unknown family {family!r}; the families are {', '.join(PROFILES)} "
            "(clause rule-families)."
        )
    return found


@dataclass(frozen=True, slots=True)
class Params:
    """An environment's parameters.

    ``players`` 0 is the family's own count; ``options`` are the family's rule options by
    name (``players-N`` comes from ``players``); ``target`` 0 is the family's target, in
    points; ``max_turns`` ends the episode (truncated) when that many turns were played, and
    ``max_turn_actions`` when one turn took that many engine actions (a provisional opening
    may be taken back and laid again without end, clause opening-take-back).
    """

    family: str = "koz"
    players: int = 0
    options: tuple[str, ...] = ()
    scope: str = "hand"
    target: int = 0
    max_turns: int = 300
    max_turn_actions: int = 100
    dealer: int = -1
    """The first dealer; -1 the last seat, so that seat 0 plays first (game-hands)."""
    actions: str = "spelt"
    """How a seat names an engine action: one of :data:`ACTION_MODES`."""

    def __post_init__(self) -> None:
        if self.scope not in SCOPES:
            raise InputError(f"scope {self.scope!r}: an episode is one of {', '.join(SCOPES)}.")
        if self.max_turns < 1 or self.max_turn_actions < 1:
            raise InputError("max_turns and max_turn_actions are 1 or more.")
        if self.actions not in ACTION_MODES:
            raise InputError(
                f"actions {self.actions!r}: the action modes are {', '.join(ACTION_MODES)}."
            )
        if self.target < 0:
            raise InputError(f"target {self.target}: a target is 0 (the family's) or more.")


def get_rules(params: Params) -> RulesProfile:
    """rule-families, profile-options: the rules profile the parameters name."""
    family = _family(params.family)
    options = [o for o in params.options if o]
    if any(o.startswith("players-") for o in options):
        raise InputError("give the player count as players=N, not as an option.")
    counts = get_player_counts(params.family)
    if params.players and params.players not in counts:
        raise InputError(
            f"{params.family} is played by {', '.join(map(str, counts))} players, "
            f"not {params.players} (clause profile-options)."
        )
    if params.players and params.players != family.players:
        options.append(f"players-{params.players}")
    profile = get_profile(params.family, options)
    if params.target:
        profile = replace(profile, target_score=2 * params.target)
    if profile.deck_size > MAX_DECK:
        raise InputError(f"a deck of {profile.deck_size} cards is more than {MAX_DECK}.")
    dealer = params.dealer
    if not -1 <= dealer < profile.players:
        raise InputError(f"dealer {dealer}: a seat 0..{profile.players - 1}, or -1.")
    return profile
