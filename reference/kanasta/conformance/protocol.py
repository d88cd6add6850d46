"""The JSON-lines protocol: the handshake, the requests a fixture's steps become, validation.

Every request is one JSON object on one line, with a ``seq`` number the answer
echoes. Requests are self-contained: an engine request carries the whole setup
(an explicit state, or a seed with the state the spec's deal gives it when the
runner can deal it) and every action to replay first, so an implementation keeps
nothing between requests and can be restarted at any point. A ``deal`` request (protocol
1.3) has no setup: it gives the deck in order (or a seed), the dealer and the number of
players, and the engine deals the hand itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from kanasta.conformance import PROTOCOL_VERSION, SUITE_VERSION
from kanasta.conformance.jsonio import escape_controls
from kanasta.conformance.model import SETUP_STEP_KINDS, Fixture, JsonObject, Step
from kanasta.conformance.schema import PROTOCOL_SCHEMA, SchemaSet, get_schemas, schema_ref

__all__ = [
    "Dealer",
    "Hello",
    "ImplementationError",
    "ProtocolValidator",
    "build_requests",
    "hello_request",
    "parse_hello",
]


class Dealer(Protocol):
    """Deals the spec's hand for (variant, seed, features) as an explicit state, or
    ``None`` if it cannot."""

    def __call__(
        self, variant: str, seed: int, features: tuple[str, ...] = (), /
    ) -> JsonObject | None: ...


class ImplementationError(Exception):
    """The implementation under test misbehaved: it crashed, hung, talked garbage...

    ``kind`` is one of ``start``, ``crash``, ``timeout``, ``garbage``,
    ``wrong-seq``, ``protocol``, ``unavailable``. The runner reports it as an
    error of the fixture being checked and goes on with the next one. The message
    may quote the implementation (its stderr, a line it wrote): it is kept with every
    control character escaped (:func:`~kanasta.conformance.jsonio.escape_controls`).
    """

    def __init__(self, kind: str, message: str, answer: JsonObject | None = None) -> None:
        message = escape_controls(message)
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.answer = answer
        """The answer refused (a ``protocol`` error), kept for the report."""

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


@dataclass(frozen=True, slots=True)
class Hello:
    """What an implementation says about itself in the handshake."""

    protocol: str
    name: str
    version: str = ""
    variants: frozenset[str] = frozenset()
    requests: frozenset[str] = frozenset()
    features: frozenset[str] = frozenset()
    reasons: Mapping[str, str] = field(default_factory=dict)
    variant_requests: Mapping[str, frozenset[str]] = field(default_factory=dict)
    capabilities: frozenset[str] | None = None
    """What its action model can express (:data:`~kanasta.conformance.model.CAPABILITIES`);
    ``None``: the handshake does not say (protocol 1.1), so everything."""

    def get_missing(self, needs: frozenset[str]) -> frozenset[str]:
        """The capabilities among ``needs`` the handshake says the engine lacks."""
        return frozenset() if self.capabilities is None else needs - self.capabilities

    def get_requests(self, variant: str) -> frozenset[str]:
        """The request types claimed for one variant: ``requests``, narrowed by
        ``variant_requests`` where the handshake names the variant (a type missing from
        ``requests`` is never claimed, whatever ``variant_requests`` says)."""
        return self.variant_requests.get(variant, self.requests) & self.requests

    def to_json(self) -> JsonObject:
        out: JsonObject = {
            "name": self.name,
            "version": self.version,
            "protocol": self.protocol,
            "variants": sorted(self.variants),
            "requests": sorted(self.requests),
            "features": sorted(self.features),
        }
        if self.variant_requests:
            out["variant_requests"] = {k: sorted(v) for k, v in self.variant_requests.items()}
        if self.capabilities is not None:
            out["capabilities"] = sorted(self.capabilities)
        return out


def hello_request() -> JsonObject:
    """The handshake request (without ``seq``)."""
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "suite": SUITE_VERSION}


_MAX_NAME = 200
"""The handshake's names and versions are cut to this many characters (they go in reports)."""

_MAX_REASON = 500
"""Each skip reason of the handshake is cut to this many characters."""


def _strings(value: Any, field_name: str) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ImplementationError("start", f"the handshake's {field_name!r} is not a list of names")
    return frozenset(escape_controls(v)[:_MAX_NAME] for v in value)


def _name(value: str) -> str:
    """A name the handshake gives, as the reports show it: cut, control characters escaped."""
    return escape_controls(value[:_MAX_NAME])


def parse_hello(answer: Mapping[str, Any]) -> Hello:
    """Read a handshake answer; refuse a protocol whose major version differs from ours.

    Every text the handshake gives (names, versions, reasons) is kept cut to a bound and
    with its control characters escaped: it goes into reports and onto the terminal.
    """
    if answer.get("type") != "hello":
        raise ImplementationError("start", f"expected a hello answer, got {answer!r:.200}")
    protocol = answer.get("protocol")
    if not isinstance(protocol, str):
        shown = json.dumps(protocol) if isinstance(protocol, int | float | bool) else "no text"
        raise ImplementationError(
            "start",
            f"the handshake's 'protocol' is {shown}, not a string: it must be a string such "
            f'as "{PROTOCOL_VERSION}" (the protocol this runner speaks)',
        )
    if protocol.split(".")[0] != PROTOCOL_VERSION.split(".")[0]:
        raise ImplementationError(
            "start",
            f"the implementation speaks protocol {protocol[:_MAX_NAME]!r}; this runner speaks "
            f"{PROTOCOL_VERSION} (the major versions must be equal)",
        )
    about = answer.get("implementation")
    name = about.get("name") if isinstance(about, Mapping) else None
    version = about.get("version", "") if isinstance(about, Mapping) else ""
    reasons = answer.get("reasons", {})
    capabilities = answer.get("capabilities")
    by_variant = answer.get("variant_requests", {})
    if not isinstance(by_variant, Mapping):
        raise ImplementationError("start", "the handshake's 'variant_requests' is not an object")
    return Hello(
        protocol=_name(protocol),
        name=_name(name) if isinstance(name, str) and name else "unnamed implementation",
        version=_name(version) if isinstance(version, str) else "",
        variants=_strings(answer.get("variants"), "variants"),
        requests=_strings(answer.get("requests"), "requests"),
        features=_strings(answer.get("features", []), "features"),
        reasons=(
            {_name(str(k)): escape_controls(str(v)[:_MAX_REASON]) for k, v in reasons.items()}
            if isinstance(reasons, dict)
            else {}
        ),
        variant_requests={
            _name(str(k)): _strings(v, f"variant_requests.{_name(str(k))}")
            for k, v in by_variant.items()
        },
        capabilities=(None if capabilities is None else _strings(capabilities, "capabilities")),
    )


def _setup_json(fixture: Fixture, applied: list[JsonObject], dealer: Dealer | None) -> JsonObject:
    assert fixture.setup is not None
    setup: JsonObject = {}
    if fixture.setup.state is not None:
        setup["state"] = fixture.setup.state
    else:
        assert fixture.setup.seed is not None
        setup["seed"] = fixture.setup.seed
        dealt = (
            dealer(fixture.variant, fixture.setup.seed, fixture.features)
            if dealer is not None
            else None
        )
        if dealt is not None:
            setup["state"] = dealt
    setup["actions"] = [*fixture.setup.actions, *applied]
    return setup


def build_requests(fixture: Fixture, dealer: Dealer | None = None) -> list[tuple[Step, JsonObject]]:
    """The request (without ``seq``) each step of the fixture becomes, in order."""
    requests: list[tuple[Step, JsonObject]] = []
    applied: list[JsonObject] = []
    for step in fixture.steps:
        request: JsonObject = {
            "type": step.kind.value,
            "fixture": fixture.id,
            "step": step.index,
            "variant": fixture.variant,
        }
        if fixture.features:
            request["features"] = list(fixture.features)
        if step.kind in SETUP_STEP_KINDS:
            request["setup"] = _setup_json(fixture, applied, dealer)
        request.update(step.params)
        requests.append((step, request))
        applied.extend(step.applied_actions())
    return requests


_ANSWER_DEFS = {
    "hello": "response-hello",
    "bye": "response-bye",
    "meld": "response-meld",
    "actions": "response-actions",
    "state": "response-state",
    "score": "response-score",
    "count": "response-count",
    "playthrough": "response-playthrough",
    "game": "response-game",
    "turn": "response-turn",
    "deal": "response-deal",
}


class ProtocolValidator:
    """Checks messages against ``protocol.schema.json``.

    Strict (``--validate-protocol``): the runner's requests are checked too, and a field
    the schema does not name is refused. Not strict (every run's default): answers are
    checked for the type and value of every field they have (a number where a number
    belongs, a card where a card belongs, the enums, the required fields), and fields
    the schema does not name are let through.
    """

    def __init__(self, schemas: SchemaSet | None = None, *, strict: bool = True) -> None:
        self.strict = strict
        self._schemas = (
            schemas if schemas is not None else get_schemas(allow_unknown_fields=not strict)
        )

    def check_request(self, message: Mapping[str, Any]) -> list[str]:
        """What is wrong with a request (empty when it matches the schema; always empty
        when not strict: the runner's requests are checked with ``--validate-protocol``)."""
        if not self.strict:
            return []
        ref = schema_ref(PROTOCOL_SCHEMA, "request")
        return [str(issue) for issue in self._schemas.iter_issues(dict(message), ref)]

    def check_answer(self, request_type: str, message: Mapping[str, Any]) -> list[str]:
        """What is wrong with the answer to a request of this type."""
        ref = schema_ref(PROTOCOL_SCHEMA, _ANSWER_DEFS.get(request_type, "response"))
        return [str(issue) for issue in self._schemas.iter_issues(dict(message), ref)]
