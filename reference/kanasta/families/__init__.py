"""The rule families: one module each (its profile and options), listed once here.

A family module defines ``PROFILE`` (built by its ``make_profile``, which cites the
family's own clauses that are data), ``OPENING_CLAUSE`` (the clause of its first meld),
``GAME_CLAUSE`` (the clause of its game's end) and
``EXAMPLE_MELDS`` and ``EXAMPLE_TURN`` (its rulebook's worked examples), and may define
``POLICY``, the random policy self-play uses for it (``greedy`` when it names none),
``SCORE_CLAUSES`` (the clauses of its hand score; ``hand-score`` when it names none) and
``TURKISH_NAME`` (its name in Turkish text; its own name when it names none). Everything
else that knows the families (the spec reader, the command line, the conformance
handshake, the tests) reads this registry.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from types import ModuleType

from kanasta.clauses import implements
from kanasta.errors import InputError
from kanasta.families import classic, fi_351, fi_5200, koz
from kanasta.io.scenario import ExampleTurn
from kanasta.rules.families import RulesProfile

__all__ = [
    "FAMILY_MODULES",
    "FAMILY_NAMES",
    "PLAYABLE_FAMILIES",
    "PROFILES",
    "VARIANTS",
    "get_bands_clause",
    "get_default_policy",
    "get_example_melds",
    "get_example_turn",
    "get_game_clause",
    "get_opening_clause",
    "get_option_families",
    "get_profile",
    "get_score_clauses",
    "get_turkish_names",
    "get_variant_profile",
    "require_playable",
]

FAMILY_MODULES: tuple[ModuleType, ...] = (koz, fi_5200, fi_351, classic)
"""The families, in the spec's order: the one list of them."""

PROFILES: dict[str, RulesProfile] = {m.PROFILE.family: m.PROFILE for m in FAMILY_MODULES}

FAMILY_NAMES: tuple[str, ...] = tuple(PROFILES)
"""The family names, in the spec's order (``koz``, ``fi-5200``, ...)."""

PLAYABLE_FAMILIES: tuple[str, ...] = tuple(n for n, p in PROFILES.items() if p.is_playable)
"""The families whose whole games the reference plays (derived from ``implemented``)."""

_POLICIES: dict[str, str] = {
    m.PROFILE.family: str(getattr(m, "POLICY", "greedy")) for m in FAMILY_MODULES
}


def get_default_policy(profile: RulesProfile) -> str:
    """The random policy self-play uses for a family unless told otherwise."""
    return _POLICIES.get(profile.family, "greedy")


_MODULES: dict[str, ModuleType] = {m.PROFILE.family: m for m in FAMILY_MODULES}


def get_opening_clause(profile: RulesProfile) -> str:
    """The clause that decides the family's first meld."""
    return str(_MODULES[profile.family].OPENING_CLAUSE)


def get_bands_clause(profile: RulesProfile) -> str:
    """The clause that sets the family's first-meld requirement by the side's score
    (``BANDS_CLAUSE``; the clause of its first meld when it names none)."""
    module = _MODULES[profile.family]
    return str(getattr(module, "BANDS_CLAUSE", module.OPENING_CLAUSE))


def get_game_clause(profile: RulesProfile) -> str:
    """The clause that ends the family's game (its target)."""
    return str(_MODULES[profile.family].GAME_CLAUSE)


def get_score_clauses(profile: RulesProfile) -> tuple[str, ...]:
    """The clauses of the family's hand score (``hand-score`` when it names none)."""
    return tuple(getattr(_MODULES[profile.family], "SCORE_CLAUSES", ("hand-score",)))


def get_example_melds(family: str) -> tuple[str, ...]:
    """The worked examples of the family's rulebook (none for an unknown name)."""
    module = _MODULES.get(family)
    return tuple(module.EXAMPLE_MELDS) if module is not None else ()


def get_example_turn(family: str) -> ExampleTurn | None:
    """The worked turn of the family's rulebook (``EXAMPLE_TURN``; none if it has none)."""
    module = _MODULES.get(family)
    turn = getattr(module, "EXAMPLE_TURN", None)
    return turn if isinstance(turn, ExampleTurn) else None


def get_turkish_names() -> dict[str, str]:
    """Each family's name in Turkish text, where it differs from the family's own name."""
    return {
        name: str(module.TURKISH_NAME)
        for name, module in _MODULES.items()
        if hasattr(module, "TURKISH_NAME")
    }


def _with_options(profile: RulesProfile, names: tuple[str, ...]) -> RulesProfile:
    """The family's profile with the named options in force (names in the family's order)."""
    changes: dict[str, object] = {}
    for option in profile.known_options:
        if option.name in names:
            changes.update(option.changes)
    return replace(profile, options=names, **changes)  # type: ignore[arg-type]


def _option_sets(profile: RulesProfile) -> list[tuple[str, ...]]:
    """Every allowed combination of a family's options, in the family's order: at most
    one option that sets a field (``players-2`` and ``players-3`` exclude each other)."""
    combos: list[tuple[str, ...]] = [()]
    for option in profile.known_options:
        fields = {name for name, _ in option.changes}
        for combo in list(combos):
            taken = {
                name
                for other in profile.known_options
                if other.name in combo
                for name, _ in other.changes
            }
            if not fields & taken:
                combos.append((*combo, option.name))
    return combos


VARIANTS: dict[tuple[str, tuple[str, ...]], RulesProfile] = {
    (p.family, names): _with_options(p, names) if names else p
    for p in PROFILES.values()
    for names in _option_sets(p)
}
"""Every profile by family name and options in force, built once (so that the same
rules are always the same value).

:meta hide-value:
"""


def get_variant_profile(name: str, features: Iterable[str]) -> RulesProfile:
    """profile-options: the profile a fixture plays under: its variant with its named
    features in force; a feature that is no option of the family is refused, never
    ignored (:func:`get_profile`)."""
    return get_profile(name, features)


def get_option_families(option: str) -> tuple[str, ...]:
    """profile-options: the families that have a rule option of this name."""
    return tuple(
        name for name, p in PROFILES.items() if any(o.name == option for o in p.known_options)
    )


@implements("rule-families", "profile-options")
def get_profile(name: str, options: Iterable[str] = ()) -> RulesProfile:
    """rule-families: the profile of a family by its name (``koz``, ``fi-5200``...).

    profile-options: ``options`` names rule options of the family agreed before
    the game (``players-2``, ``target-555``); an unknown or conflicting option is an
    input error.
    """
    given: object = name  # a caller of the public API may pass anything
    family = PROFILES.get(given) if isinstance(given, str) else None
    if family is None:
        known = ", ".join(PROFILES)
        raise InputError(
            f"unknown variant {name!r}; the rule families are {known} (clause rule-families)."
        )
    listed = [options] if isinstance(options, str) else list(options)
    if isinstance(options, str) or not all(isinstance(o, str) for o in listed):
        raise InputError(
            f"the options of {name} are a list of option names, not {options!r} "
            "(clause profile-options)."
        )
    wanted = set(listed)
    names = tuple(o.name for o in family.known_options if o.name in wanted)
    unknown = sorted(wanted - set(names))
    if unknown:
        known_names = ", ".join(o.name for o in family.known_options) or "none"
        owners = get_option_families(unknown[0])
        whose = (
            f"{unknown[0]} is an option of {', '.join(owners)} only"
            if owners
            else f"{unknown[0]} is an option of no family"
        )
        raise InputError(
            f"{name} has no option {unknown[0]!r}: {whose}; the options of {name} are "
            f"{known_names} (clause profile-options)."
        )
    profile = VARIANTS.get((name, names))
    if profile is None:
        raise InputError(
            f"the options {', '.join(names)} of {name} cannot be combined (clause profile-options)."
        )
    return profile


def require_playable(profile: RulesProfile, what: str) -> None:
    """Refuse, with one line, to ``what`` (e.g. "play") a family the engine does not play yet."""
    if not profile.is_playable:
        raise InputError(
            f"cannot {what} {profile.family}: for {profile.family} the reference "
            f"implements only {profile.implemented.value}, not whole games "
            f"(playable families: {', '.join(PLAYABLE_FAMILIES)})."
        )
