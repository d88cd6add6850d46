"""The reference engine as an implementation under test: protocol requests in, answers out.

:class:`ReferenceImplementation` answers every request of the protocol with
the reference engine. The runner calls it in-process (the default), and
``kanasta adapter`` serves it over stdin/stdout, so both paths answer with the
same code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kanasta import __version__
from kanasta.canasta import get_canasta_bonus
from kanasta.cards import Card, format_card, make_card, parse_card, parse_cards
from kanasta.conformance import PROTOCOL_VERSION
from kanasta.conformance.engine_api import Engine, EngineStatus, count_to_depth, load_engine
from kanasta.conformance.model import ENGINE_STEP_KINDS, JsonObject, StepKind
from kanasta.errors import InputError, Violation
from kanasta.melds import Meld, MeldKind, apply_lay_off, get_meld_points, validate_meld
from kanasta.points import points_to_json
from kanasta.profiles import PROFILES, RulesProfile, get_variant_profile

__all__ = [
    "REFERENCE_FEATURES",
    "ReferenceImplementation",
    "arrangement_to_json",
    "format_arrangement",
    "rank_text",
]

REFERENCE_FEATURES: tuple[str, ...] = tuple(
    dict.fromkeys(
        option.name for profile in PROFILES.values() for option in profile.known_options
    )
)
"""The named rule options the reference implements (clause profile-options)."""


def rank_text(rank: int) -> str:
    """A rank as the notation writes it (``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``)."""
    return format_card(make_card(rank, 0))[:-1]


def arrangement_to_json(meld: Meld) -> JsonObject:
    """The arrangement of a meld in the protocol's format (``$defs/arrangement``)."""
    cards = [format_card(c) for c in meld.cards]
    if meld.kind is MeldKind.SET:
        return {"kind": "set", "rank": rank_text(meld.rank), "cards": cards}
    if meld.kind is MeldKind.RUN:
        assert meld.suit is not None
        return {
            "kind": "run",
            "suit": meld.suit.letter,
            "low": meld.low,
            "cards": cards,
            "spare": [format_card(c) for c in meld.spare],
        }
    return {"kind": "wild", "cards": cards}


class _Rejected(Exception):
    """An action of a setup was refused: the setup is wrong, not the implementation."""


class ReferenceImplementation:
    """Answers protocol requests with the reference engine."""

    def __init__(self, engine: EngineStatus | None = None) -> None:
        self._engine_status = engine if engine is not None else load_engine()

    @property
    def engine(self) -> Engine | None:
        return self._engine_status.engine

    def hello(self) -> JsonObject:
        """The handshake answer (without ``seq``)."""
        requests = [StepKind.MELD.value]
        reasons: dict[str, str] = {}
        for kind in sorted(ENGINE_STEP_KINDS):
            if self.engine is not None:
                requests.append(kind.value)
            else:
                reasons[kind.value] = self._engine_status.reason
        answer: JsonObject = {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "implementation": {"name": "kanasta reference", "version": __version__},
            "variants": list(PROFILES),
            "requests": requests,
            "features": list(REFERENCE_FEATURES),
        }
        if reasons:
            answer["reasons"] = reasons
        return answer

    def answer(self, request: Mapping[str, Any]) -> JsonObject:
        """The answer to one request (with the request's ``seq`` when it has one).

        Malformed requests get an ``error`` answer; the reference never raises
        for what a request contains.
        """
        seq = request.get("seq")
        try:
            body = self._dispatch(request)
        except InputError as exc:
            body = {"error": str(exc)}
        return {"seq": seq, **body} if isinstance(seq, int) else body

    def _dispatch(self, request: Mapping[str, Any]) -> JsonObject:
        kind = request.get("type")
        if kind == "hello":
            return self.hello()
        if kind == "bye":
            return {"type": "bye"}
        variant = request.get("variant")
        if not isinstance(variant, str) or variant not in PROFILES:
            return {"unsupported": f"unknown variant {variant!r}"}
        features = request.get("features", [])
        if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
            raise InputError("$.features: expected a list of option names")
        profile = get_variant_profile(variant, features)
        if kind == "meld":
            return self._meld(profile, request)
        if kind not in {k.value for k in ENGINE_STEP_KINDS}:
            return {"error": f"unknown request type {kind!r}"}
        engine = self.engine
        if engine is None:
            return {"unsupported": self._engine_status.reason}
        try:
            state = self._start(engine, profile, request.get("setup"))
        except _Rejected as exc:
            return {"error": str(exc)}
        if kind == "actions":
            return self._actions(engine, profile, state, request.get("actions"))
        if kind == "state":
            return {"state": engine.state_to_json(profile, state)}
        if kind == "score":
            return {"teams": self._score(engine, profile, state)}
        if kind == "count":
            depth = request.get("depth", 1)
            if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 4:
                raise InputError(f"$.depth: expected 1..4, got {depth!r}")
            return {"count": count_to_depth(engine, profile, state, depth)}
        return self._playthrough(engine, profile, state, request.get("actions"))

    # -- melds ----------------------------------------------------------------------

    def _meld(self, profile: RulesProfile, request: Mapping[str, Any]) -> JsonObject:
        cards = _cards(request.get("cards"), "$.cards")
        going_out = request.get("going_out", False) is True
        result = validate_meld(
            profile,
            cards,
            wild_at=_position(request.get("wild_at"), "$.wild_at"),
            going_out=going_out,
        )
        if isinstance(result, Violation):
            return _rejected_meld(result, 0)
        lay_offs = request.get("lay_offs")
        if lay_offs is None:
            lay_offs = []
        if not isinstance(lay_offs, list):
            raise InputError("$.lay_offs: expected a list of batches")
        meld = result
        for index, batch in enumerate(lay_offs, start=1):
            where = f"$.lay_offs[{index - 1}]"
            if not isinstance(batch, Mapping):
                raise InputError(f"{where}: expected an object with 'cards'")
            grown = apply_lay_off(
                profile,
                meld,
                _cards(batch.get("cards"), f"{where}.cards"),
                wild_at=_position(batch.get("wild_at"), f"{where}.wild_at"),
            )
            if isinstance(grown, Violation):
                return _rejected_meld(grown, index)
            meld = grown
        trump_text = request.get("trump")
        trump = _card(trump_text, "$.trump") if trump_text is not None else None
        return {
            "verdict": "legal",
            "arrangement": arrangement_to_json(meld),
            "points": points_to_json(get_meld_points(profile, meld)),
            "canasta": meld.canasta.value if meld.canasta is not None else None,
            "bonus": points_to_json(get_canasta_bonus(profile, meld, trump=trump)),
        }

    # -- engine requests --------------------------------------------------------------

    @staticmethod
    def _start(engine: Engine, profile: RulesProfile, setup: Any) -> Any:
        if not isinstance(setup, Mapping):
            raise InputError("$.setup: expected an object with 'state' or 'seed'")
        if setup.get("state") is not None:
            state = engine.new_state_from_json(profile, setup["state"], "$.setup.state")
        elif isinstance(setup.get("seed"), int):
            state = engine.new_state_from_seed(profile, setup["seed"])
        else:
            raise InputError("$.setup: needs 'state' or 'seed'")
        actions = setup.get("actions", [])
        if not isinstance(actions, list):
            raise InputError("$.setup.actions: expected a list of actions")
        for index, raw in enumerate(actions):
            action = engine.action_from_json(profile, raw, f"$.setup.actions[{index}]")
            result = engine.apply_action(profile, state, action)
            if isinstance(result, Violation):
                raise _Rejected(f"setup action {index} ({raw.get('type')}) is refused: {result}")
            state = result
        return state

    @staticmethod
    def _actions(engine: Engine, profile: RulesProfile, state: Any, actions: Any) -> JsonObject:
        if not isinstance(actions, list):
            raise InputError("$.actions: expected a list of actions")
        verdicts: list[JsonObject] = []
        for index, raw in enumerate(actions):
            action = engine.action_from_json(profile, raw, f"$.actions[{index}]")
            result = engine.apply_action(profile, state, action)
            if isinstance(result, Violation):
                verdicts.append(_rejection(result))
            else:
                verdicts.append({"verdict": "accepted"})
                state = result
        return {"verdicts": verdicts}

    @staticmethod
    def _score(engine: Engine, profile: RulesProfile, state: Any) -> list[JsonObject]:
        teams: list[JsonObject] = []
        for team in engine.score_hand(profile, state):
            teams.append(
                {
                    "total": points_to_json(team["total"]),
                    "breakdown": {
                        key: points_to_json(value) for key, value in team.items() if key != "total"
                    },
                }
            )
        return teams

    def _playthrough(
        self, engine: Engine, profile: RulesProfile, state: Any, actions: Any
    ) -> JsonObject:
        if not isinstance(actions, list):
            raise InputError("$.actions: expected a list of actions")
        for index, raw in enumerate(actions):
            action = engine.action_from_json(profile, raw, f"$.actions[{index}]")
            result = engine.apply_action(profile, state, action)
            if isinstance(result, Violation):
                return {"verdict": "rejected", "index": index, **_rejection(result, verdict=False)}
            state = result
        return {"verdict": "accepted", "teams": self._score(engine, profile, state)}


def _rejection(violation: Violation, *, verdict: bool = True) -> JsonObject:
    out: JsonObject = {"verdict": "rejected"} if verdict else {}
    out.update({"code": violation.code, "clause": violation.clause})
    if violation.detail:
        out["detail"] = violation.detail
    return out


def _rejected_meld(violation: Violation, at: int) -> JsonObject:
    return {**_rejection(violation), "at": at}


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list | str):
        raise InputError(f"{where}: expected a list of cards")
    try:
        return parse_cards(value)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise InputError(f"{where}: expected a card such as 5H")
    try:
        return parse_card(value)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def _position(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 14:
        raise InputError(f"{where}: a run position is 1..14 (1 = ace low, 14 = ace high)")
    return value


def format_arrangement(arrangement: Mapping[str, Any]) -> str:
    """An arrangement as text: ``run H from 4: 4H 5H 6H JK 8H``."""
    cards: Sequence[str] = arrangement.get("cards", [])
    kind = arrangement.get("kind")
    if kind == "set":
        head = f"set of {arrangement.get('rank')}"
    elif kind == "run":
        head = f"run of {arrangement.get('suit')} from position {arrangement.get('low')}"
    else:
        head = "meld of wild cards"
    text = f"{head}: {' '.join(cards)}"
    spare = arrangement.get("spare") or []
    if spare:
        text += f" (outside: {' '.join(spare)})"
    return text
