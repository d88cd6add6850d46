"""The native engine as an implementation under test: ``kanasta adapter --engine native``.

:class:`NativeImplementation` answers the protocol with the native engine
(:mod:`kanasta.native`): the meld verdicts of every family (chapters 3 and 4) are computed
in C++, and the engine requests of the families the native engine plays whole hands of
(``kanasta_native.FAMILIES``) go to :class:`~kanasta.native.NativeEngine`. Whatever the
native engine does not do yet is left out of the handshake, with the reason, so the
runner skips it and says why: it never falls back to the reference.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.model import JsonObject
from kanasta.conformance.reference import ReferenceImplementation, _cards, _position
from kanasta.errors import InputError
from kanasta.native import NativeEngine, load, native_families
from kanasta.rules.cards import format_cards
from kanasta.rules.families import RulesProfile

__all__ = ["NOT_YET", "NativeImplementation"]

NOT_YET = "the native engine does not play whole hands of this family yet"


class NativeImplementation(ReferenceImplementation):
    """Protocol answers from the native engine (see the module docstring)."""

    engine_label = "the native engine"

    def __init__(self) -> None:
        self._module = load()
        self._native = NativeEngine(self._module)
        self._families = native_families()
        super().__init__(EngineStatus(self._native, NOT_YET))

    def get_requests(self, profile: RulesProfile) -> list[str]:
        if profile.family not in self._families:
            # A state read from the setup (or dealt from a seed), written back or scored:
            # what the native engine does without whole-hand play. A setup with actions
            # needs the turn: answered unsupported, which the runner counts as a failure.
            return ["meld", "score", "state"] if profile.is_playable else ["meld"]
        return super().get_requests(profile)

    def hello(self) -> JsonObject:
        answer = super().hello()
        answer["implementation"] = {
            "name": "kanasta native",
            "version": str(getattr(self._module, "ENGINE_VERSION", "?")),
        }
        if not callable(getattr(self._module, "new_hand_from_deck", None)):
            # An older build: it deals seeds, not a deck given in order.
            answer["capabilities"] = [c for c in answer["capabilities"] if c != "deck-order"]
        reasons = answer.setdefault("reasons", {})
        if isinstance(reasons, dict):
            for name in answer.get("variants", []):
                if name not in self._families:
                    reasons[name] = f"{NOT_YET} (meld verdicts, states and scores only)"
        return answer

    def _meld(self, profile: RulesProfile, request: Mapping[str, Any]) -> JsonObject:
        """meld-minimum .. canasta-bonus: the native engine's verdict on a meld request."""
        cards = format_cards(_cards(request.get("cards"), "$.cards")).split()
        wild_at = _position(request.get("wild_at"), "$.wild_at")
        lay_offs = request.get("lay_offs")
        if lay_offs is None:
            lay_offs = []
        if not isinstance(lay_offs, list):
            raise InputError("$.lay_offs: expected a list of batches")
        batches: list[dict[str, Any]] = []
        for index, batch in enumerate(lay_offs):
            where = f"$.lay_offs[{index}]"
            if not isinstance(batch, Mapping):
                raise InputError(f"{where}: expected an object with 'cards'")
            batches.append(
                {
                    "cards": format_cards(_cards(batch.get("cards"), f"{where}.cards")).split(),
                    "wild_at": _position(batch.get("wild_at"), f"{where}.wild_at"),
                }
            )
        trump = request.get("trump")
        if trump is not None and not isinstance(trump, str):
            raise InputError("$.trump: expected a card such as 5H")
        try:
            answer: JsonObject = dict(
                self._module.meld_verdict(
                    self._native.native_profile(profile),
                    cards,
                    wild_at,
                    batches,
                    trump,
                    request.get("going_out", False) is True,
                )
            )
        except ValueError as exc:
            raise InputError(str(exc)) from None
        return answer
