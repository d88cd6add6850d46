"""Native meld verdicts against the reference: random melds and lay-offs of every profile.

Each case is a protocol meld request (cards, where the wild stands, batches laid off, the
trump, going out); both engines answer it and the answers must be equal but for the
free ``detail`` text. The default run checks a few thousand cases; ``KANASTA_THOROUGH=1``
(the thorough profile) checks 100,000.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from kanasta.conformance.native_adapter import NativeImplementation
from kanasta.conformance.reference import ReferenceImplementation, arrangement_to_json
from kanasta.families import PROFILES, get_profile
from kanasta.fast.candidates import get_lay_off_options, get_meld_options
from kanasta.native import NativeEngine, load
from kanasta.rules.cards import format_card, format_cards, get_deck
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import Meld

CASES = 100_000 if os.environ.get("KANASTA_THOROUGH") else 3_000


def _profiles() -> list[RulesProfile]:
    out: list[RulesProfile] = []
    for name, family in PROFILES.items():
        out.append(get_profile(name))
        out.extend(get_profile(name, [o.name]) for o in family.known_options)
    return out


def _cards(rng: random.Random, count: int, suit: int) -> list[str]:
    out: list[str] = []
    for _ in range(count):
        draw = rng.random()
        if draw < 0.12:
            out.append("JK")
        elif draw < 0.25:
            out.append(format_card(rng.randrange(4) * 13 + 1))
        elif draw < 0.8:
            out.append(format_card(suit * 13 + rng.randrange(13)))
        else:
            out.append(format_card(rng.randrange(52)))
    return out


def _request(rng: random.Random, profile: RulesProfile) -> dict[str, Any]:
    """A random meld request: a run-like, a set-like or a mixed batch, then lay-offs."""
    mode = rng.random()
    if mode < 0.4:
        suit, start = rng.randrange(4), rng.randrange(1, 12)
        cards = [format_card(suit * 13 + (start + k) % 13) for k in range(rng.randrange(2, 9))]
        cards += _cards(rng, rng.randrange(2), rng.randrange(4))
    elif mode < 0.7:
        rank = rng.randrange(13)
        cards = [format_card(rng.randrange(4) * 13 + rank) for _ in range(rng.randrange(2, 8))]
        cards += _cards(rng, rng.randrange(3), rng.randrange(4))
    else:
        cards = _cards(rng, rng.randrange(3, 9), rng.randrange(4))
    lay_offs = [
        {
            "cards": _cards(rng, rng.randrange(1, 4), rng.randrange(4)),
            "wild_at": rng.choice([None, None, rng.randrange(1, 15)]),
        }
        for _ in range(rng.randrange(4))
    ]
    return {
        "seq": 1,
        "type": "meld",
        "variant": profile.family,
        "features": list(profile.options),
        "cards": cards,
        "wild_at": rng.choice([None, None, rng.randrange(1, 15)]),
        "lay_offs": lay_offs,
        "trump": rng.choice([None, format_card(rng.randrange(52)), "JK"]),
        "going_out": rng.random() < 0.3,
    }


@pytest.mark.clause(
    "set-definition",
    "run-definition",
    "one-wild-per-meld",
    "run-wild-placement",
    "lay-off",
    "run-wild-moves",
    "canasta-definition",
    "canasta-bonus",
    "meld-points",
)
def test_native_meld_verdicts_equal_the_reference() -> None:
    rng = random.Random(29)
    native, reference = NativeImplementation(), ReferenceImplementation()
    profiles = _profiles()
    differences: list[str] = []
    for _ in range(CASES):
        request = _request(rng, rng.choice(profiles))
        mine, theirs = native.answer(request), reference.answer(request)
        mine.pop("detail", None)
        theirs.pop("detail", None)
        if mine != theirs:
            differences.append(f"{request}\n  native    {mine}\n  reference {theirs}")
    assert not differences, f"{len(differences)} of {CASES} differ:\n" + "\n".join(differences[:5])


def test_the_native_handshake_claims_only_what_it_answers() -> None:
    hello = NativeImplementation().answer({"seq": 0, "type": "hello"})
    assert hello["implementation"]["name"] == "kanasta native"
    for family, kinds in hello["variant_requests"].items():
        assert "meld" in kinds, family
        if family not in hello.get("reasons", {}):
            assert "actions" in kinds


def test_a_malformed_meld_request_is_an_error_answer() -> None:
    native = NativeImplementation()
    answer = native.answer(
        {"seq": 3, "type": "meld", "variant": "koz", "cards": ["5H", "6X"], "lay_offs": []}
    )
    assert answer["seq"] == 3
    assert "6X" in answer["error"]
    answer = native.answer(
        {"seq": 4, "type": "meld", "variant": "koz", "cards": "5H 6H 7H", "lay_offs": [3]}
    )
    assert "lay_offs[0]" in answer["error"]
    answer = native.answer(
        {"seq": 5, "type": "meld", "variant": "koz", "cards": "5H 6H 7H", "trump": 7}
    )
    assert "trump" in answer["error"]


HANDS = 5_000 if os.environ.get("KANASTA_THOROUGH") else 300


@pytest.mark.clause("legal-action-count", "meld-from-hand", "run-wild-placement")
def test_native_new_meld_options_equal_the_reference() -> None:
    """Every legal new meld of a random hand (3 to 21 cards, every profile), each arrangement
    once and in the canonical order, with its arrangement and canasta kind."""
    module = load()
    native = NativeEngine(module)
    rng = random.Random(2929)
    profiles = _profiles()
    differences: list[str] = []
    for _ in range(HANDS):
        profile = rng.choice(profiles)
        hand = tuple(sorted(rng.sample(list(get_deck(profile.deck_jokers)), rng.randrange(3, 22))))
        theirs = [
            (
                [format_card(c) for c in cards],
                meld.wild_at,
                arrangement_to_json(meld),
                meld.canasta.value if meld.canasta is not None else None,
            )
            for cards, meld in get_meld_options(profile, hand)
        ]
        options = module.meld_options(native.native_profile(profile), format_cards(hand).split())
        mine = [(o["cards"], o["wild_at"], o["arrangement"], o["canasta"]) for o in options]
        if mine != theirs:
            differences.append(f"{profile.variant}: {format_cards(hand)}")
    assert not differences, f"{len(differences)} of {HANDS} hands differ:\n" + "\n".join(
        differences[:5]
    )


def _meld_and_history(
    rng: random.Random, profile: RulesProfile
) -> tuple[Meld, list[dict[str, Any]]] | None:
    """A random meld of the reference (a new meld, then up to two lay-offs) and its batches."""
    deck = list(get_deck(profile.deck_jokers))
    options = get_meld_options(profile, tuple(sorted(rng.sample(deck, rng.randrange(6, 22)))))
    if not options:
        return None
    cards, meld = rng.choice(options)
    history = [{"cards": format_cards(cards).split(), "wild_at": meld.wild_at}]
    for _ in range(rng.randrange(3)):
        hand = tuple(sorted(rng.sample(deck, rng.randrange(2, 15))))
        lay_offs = get_lay_off_options(profile, meld, hand)
        if not lay_offs:
            break
        batch, meld = rng.choice(lay_offs)
        history.append({"cards": format_cards(batch).split(), "wild_at": meld.wild_at})
    return meld, history


@pytest.mark.clause("legal-action-count", "lay-off-own-team", "run-wild-moves")
def test_native_lay_off_options_equal_the_reference() -> None:
    """Every batch a random meld accepts from a random hand, per arrangement, in order."""
    module = load()
    native = NativeEngine(module)
    rng = random.Random(29_29)
    profiles = _profiles()
    differences: list[str] = []
    checked = 0
    while checked < HANDS:
        profile = rng.choice(profiles)
        made = _meld_and_history(rng, profile)
        if made is None:
            continue
        meld, history = made
        hand = tuple(sorted(rng.sample(list(get_deck(profile.deck_jokers)), rng.randrange(2, 20))))
        theirs = [
            (
                format_cards(batch).split(),
                result.wild_at,
                arrangement_to_json(result),
                result.canasta.value if result.canasta is not None else None,
            )
            for batch, result in get_lay_off_options(profile, meld, hand)
        ]
        options = module.lay_off_options(
            native.native_profile(profile), history, format_cards(hand).split()
        )
        mine = [(o["cards"], o["wild_at"], o["arrangement"], o["canasta"]) for o in options]
        if mine != theirs:
            differences.append(f"{profile.variant}: {history} + {format_cards(hand)}")
        checked += 1
    assert not differences, f"{len(differences)} of {HANDS} differ:\n" + "\n".join(differences[:5])
