"""kanasta's native engine: a C++20 implementation of the rules, held to the conformance suite.

The Python package ``kanasta`` uses it through :mod:`kanasta.native`; this module only
exposes the compiled core.
"""

from kanasta_native._core import (
    ENGINE_VERSION,
    FAMILIES,
    NativeAction,
    NativeProfile,
    NativeState,
    action_from_json,
    lay_off_options,
    meld_options,
    meld_verdict,
    new_hand_from_deal,
    new_hand_from_deck,
    new_hand_from_seed,
    shuffle,
    splitmix64,
    state_from_json,
)

__all__ = [
    "ENGINE_VERSION",
    "FAMILIES",
    "NativeAction",
    "NativeProfile",
    "NativeState",
    "action_from_json",
    "lay_off_options",
    "meld_options",
    "meld_verdict",
    "new_hand_from_deal",
    "new_hand_from_deck",
    "new_hand_from_seed",
    "shuffle",
    "splitmix64",
    "state_from_json",
]
__version__ = "0.1.0"

# Random self-play inside the engine (native/src/selfplay.cpp): the bench's loop.
from kanasta_native._core import POLICY_STREAM, pick_action, self_play

__all__ += ["POLICY_STREAM", "pick_action", "self_play"]
