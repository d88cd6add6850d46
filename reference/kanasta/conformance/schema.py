"""The conformance JSON Schemas and a small validator for them.

The published schemas (``conformance/schema/*.schema.json``, draft 2020-12)
are the single source of truth for the fixture format and the protocol. The
runner must work with no third-party package, so this module checks documents
against them with a validator for exactly the keywords the schemas use. A
schema that uses any other keyword is refused when it is loaded, and the test
suite checks that this validator and the reference ``jsonschema`` package agree
on every fixture and on a corpus of broken documents.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

from kanasta.conformance.jsonio import format_json_path, read_json_file
from kanasta.errors import InputError
from kanasta.resources import get_schema_dir

__all__ = [
    "FIXTURE_SCHEMA",
    "PROTOCOL_SCHEMA",
    "REPORT_SCHEMA",
    "SchemaIssue",
    "SchemaSet",
    "get_schemas",
    "schema_ref",
]

FIXTURE_SCHEMA = "fixture.schema.json"
PROTOCOL_SCHEMA = "protocol.schema.json"
REPORT_SCHEMA = "report.schema.json"
"""The schema of a run's JSON report (not loaded by the runner: published with the suite)."""

_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description", "$comment"})
_KEYWORDS = frozenset(
    {
        "type",
        "enum",
        "const",
        "pattern",
        "minLength",
        "maxLength",
        "minimum",
        "maximum",
        "multipleOf",
        "items",
        "minItems",
        "maxItems",
        "uniqueItems",
        "contains",
        "properties",
        "required",
        "additionalProperties",
        "propertyNames",
        "minProperties",
        "oneOf",
        "anyOf",
        "allOf",
        "not",
        "if",
        "then",
        "$ref",
    }
)


@dataclass(frozen=True, slots=True)
class SchemaIssue:
    """One reason a document does not match: where (JSON path parts) and why."""

    path: tuple[str | int, ...]
    message: str
    keyword: str

    def __str__(self) -> str:
        return f"at {format_json_path(self.path)}: {self.message}"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _is_type(value: Any, name: str) -> bool:
    kind = _json_type(value)
    if name == "integer":
        return kind == "number" and (isinstance(value, int) or float(value).is_integer())
    return kind == name


def _json_equal(a: Any, b: Any) -> bool:
    ka, kb = _json_type(a), _json_type(b)
    if ka != kb:
        return False
    if ka == "array":
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b, strict=True))
    if ka == "object":
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    return bool(a == b)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class SchemaSet:
    """Schemas by their ``$id``; validates documents against any of them or their parts."""

    def __init__(
        self, documents: Sequence[Mapping[str, Any]], *, allow_unknown_fields: bool = False
    ) -> None:
        """``allow_unknown_fields``: read ``"additionalProperties": false`` as ``true``, so
        that a document is checked for the types and values of the fields it has (the
        runner's default check of answers) but not refused for a field a schema does not
        name (``--validate-protocol`` refuses that too)."""
        self._allow_unknown = allow_unknown_fields
        self._docs: dict[str, Mapping[str, Any]] = {}
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._resolved: dict[tuple[str, str], tuple[Mapping[str, Any], str]] = {}
        self._valid_scalars: set[tuple[int, type, Any]] = set()
        for doc in documents:
            ident = doc.get("$id")
            if not isinstance(ident, str):
                raise InputError("a conformance schema has no $id")
            self._docs[ident] = doc
        for ident, doc in self._docs.items():
            self._check_keywords(doc, ident, ())

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._docs)

    def _check_keywords(self, node: Any, ident: str, where: tuple[str, ...]) -> None:
        if isinstance(node, list):
            for item in node:
                self._check_keywords(item, ident, where)
            return
        if not isinstance(node, dict):
            return
        for key, value in node.items():
            if key not in _KEYWORDS and key not in _ANNOTATIONS:
                raise InputError(
                    f"schema {ident} uses the keyword {key!r} at /{'/'.join(where)}, which "
                    "the conformance validator does not implement."
                )
            if key in ("properties", "$defs"):
                for name, sub in value.items():
                    self._check_keywords(sub, ident, (*where, key, name))
            elif key not in ("enum", "const", "required"):
                self._check_keywords(value, ident, (*where, key))

    def resolve(self, ref: str, base: str) -> tuple[Mapping[str, Any], str]:
        """The schema a ``$ref`` names (relative to ``base``) and that schema's base."""
        key = (ref, base)
        found = self._resolved.get(key)
        if found is None:
            found = self._resolved[key] = self._resolve(ref, base)
        return found

    def _resolve(self, ref: str, base: str) -> tuple[Mapping[str, Any], str]:
        url, fragment = urldefrag(urljoin(base, ref))
        doc = self._docs.get(url)
        if doc is None:
            raise InputError(f"the schema reference {ref!r} names no known schema")
        node: Any = doc
        for raw in [p for p in fragment.split("/") if p]:
            part = raw.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, dict) or part not in node:
                raise InputError(f"the schema reference {ref!r} points nowhere")
            node = node[part]
        return node, url

    def iter_issues(self, instance: Any, ref: str) -> list[SchemaIssue]:
        """Every issue of ``instance`` against the schema named by ``ref`` (a URL)."""
        schema, base = self.resolve(ref, ref)
        return self._validate(instance, schema, base, ())

    def check(self, instance: Any, ref: str, where: str) -> None:
        """Raise :class:`InputError` naming ``where`` and the JSON path of the first issue."""
        issues = self.iter_issues(instance, ref)
        if issues:
            more = f" (and {len(issues) - 1} more issue(s))" if len(issues) > 1 else ""
            raise InputError(f"{where}: {issues[0]}{more}.")

    # -- the keywords -------------------------------------------------------------------

    def _validate(
        self, value: Any, schema: Mapping[str, Any], base: str, path: tuple[str | int, ...]
    ) -> list[SchemaIssue]:
        scalar = value is None or isinstance(value, str | int | float)
        if scalar:
            key = (id(schema), type(value), value)
            if key in self._valid_scalars:
                return []
            issues = self._validate_fully(value, schema, base, path)
            if not issues:
                self._valid_scalars.add(key)
            return issues
        return self._validate_fully(value, schema, base, path)

    def _validate_fully(
        self, value: Any, schema: Mapping[str, Any], base: str, path: tuple[str | int, ...]
    ) -> list[SchemaIssue]:
        issues: list[SchemaIssue] = []
        if "$ref" in schema:
            target, target_base = self.resolve(schema["$ref"], base)
            issues.extend(self._validate(value, target, target_base, path))
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(_is_type(value, n) for n in names):
                wanted = " or ".join(names)
                issues.append(
                    SchemaIssue(path, f"expected {wanted}, got {_json_type(value)}", "type")
                )
                return issues
        if "const" in schema and not _json_equal(value, schema["const"]):
            issues.append(
                SchemaIssue(path, f"expected {schema['const']!r}, got {_short(value)}", "const")
            )
        if "enum" in schema and not any(_json_equal(value, e) for e in schema["enum"]):
            choices = ", ".join(repr(e) for e in schema["enum"])
            issues.append(SchemaIssue(path, f"{_short(value)} is not one of {choices}", "enum"))
        kind = _json_type(value)
        if kind == "string":
            issues.extend(self._string(value, schema, path))
        elif kind == "number":
            issues.extend(self._number(value, schema, path))
        elif kind == "array":
            issues.extend(self._array(value, schema, base, path))
        elif kind == "object":
            issues.extend(self._object(value, schema, base, path))
        issues.extend(self._combinators(value, schema, base, path))
        return issues

    def _string(
        self, value: str, schema: Mapping[str, Any], path: tuple[str | int, ...]
    ) -> list[SchemaIssue]:
        issues: list[SchemaIssue] = []
        if "minLength" in schema and len(value) < schema["minLength"]:
            issues.append(
                SchemaIssue(path, f"shorter than {schema['minLength']} character(s)", "minLength")
            )
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            issues.append(
                SchemaIssue(path, f"longer than {schema['maxLength']} characters", "maxLength")
            )
        if "pattern" in schema:
            pattern = self._patterns.get(schema["pattern"])
            if pattern is None:
                pattern = self._patterns[schema["pattern"]] = re.compile(schema["pattern"])
            if pattern.search(value) is None:
                hint = schema.get("description") or f"the pattern {schema['pattern']}"
                issues.append(SchemaIssue(path, f"{value!r} does not match {hint}", "pattern"))
        return issues

    @staticmethod
    def _number(
        value: float, schema: Mapping[str, Any], path: tuple[str | int, ...]
    ) -> list[SchemaIssue]:
        issues: list[SchemaIssue] = []
        if "minimum" in schema and value < schema["minimum"]:
            issues.append(SchemaIssue(path, f"{value} is below {schema['minimum']}", "minimum"))
        if "maximum" in schema and value > schema["maximum"]:
            issues.append(SchemaIssue(path, f"{value} is above {schema['maximum']}", "maximum"))
        if "multipleOf" in schema:
            finite = isinstance(value, int) or math.isfinite(value)
            if not finite or (Fraction(value) / Fraction(schema["multipleOf"])).denominator != 1:
                issues.append(
                    SchemaIssue(
                        path, f"{value} is not a multiple of {schema['multipleOf']}", "multipleOf"
                    )
                )
        return issues

    def _array(
        self, value: list[Any], schema: Mapping[str, Any], base: str, path: tuple[str | int, ...]
    ) -> list[SchemaIssue]:
        issues: list[SchemaIssue] = []
        if "minItems" in schema and len(value) < schema["minItems"]:
            issues.append(
                SchemaIssue(path, f"needs at least {schema['minItems']} item(s)", "minItems")
            )
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            issues.append(
                SchemaIssue(path, f"has more than {schema['maxItems']} items", "maxItems")
            )
        if schema.get("uniqueItems"):
            for i, item in enumerate(value):
                if any(_json_equal(item, other) for other in value[:i]):
                    issues.append(
                        SchemaIssue((*path, i), f"{_short(item)} is repeated", "uniqueItems")
                    )
        if "items" in schema:
            for i, item in enumerate(value):
                issues.extend(self._validate(item, schema["items"], base, (*path, i)))
        if "contains" in schema and not any(
            not self._validate(item, schema["contains"], base, (*path, i))
            for i, item in enumerate(value)
        ):
            issues.append(SchemaIssue(path, "no item matches what it must contain", "contains"))
        return issues

    def _object(
        self,
        value: dict[str, Any],
        schema: Mapping[str, Any],
        base: str,
        path: tuple[str | int, ...],
    ) -> list[SchemaIssue]:
        issues: list[SchemaIssue] = []
        for name in schema.get("required", ()):
            if name not in value:
                issues.append(SchemaIssue(path, f"the field {name!r} is required", "required"))
        if "minProperties" in schema and len(value) < schema["minProperties"]:
            issues.append(
                SchemaIssue(
                    path, f"needs at least {schema['minProperties']} field(s)", "minProperties"
                )
            )
        properties: Mapping[str, Any] = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        if extra is False and self._allow_unknown:
            extra = True
        for name, item in value.items():
            if "propertyNames" in schema:
                for issue in self._validate(name, schema["propertyNames"], base, (*path, name)):
                    issues.append(
                        SchemaIssue(issue.path, f"field name: {issue.message}", "propertyNames")
                    )
            if name in properties:
                issues.extend(self._validate(item, properties[name], base, (*path, name)))
            elif extra is False:
                known = ", ".join(sorted(properties)) or "none"
                issues.append(
                    SchemaIssue(
                        (*path, name),
                        f"unknown field {name!r} (known fields: {known})",
                        "additionalProperties",
                    )
                )
            elif isinstance(extra, dict):
                issues.extend(self._validate(item, extra, base, (*path, name)))
        return issues

    def _discriminated(
        self, value: Any, schema: Mapping[str, Any], base: str, path: tuple[str | int, ...]
    ) -> list[SchemaIssue]:
        """A quick no for an alternative whose constant field the document contradicts.

        Only a shortcut: the same issue the full check would find, without the rest.
        """
        if not isinstance(value, dict):
            return []
        while "$ref" in schema and len(schema) == 1:
            schema, base = self.resolve(schema["$ref"], base)
        properties = schema.get("properties")
        if not isinstance(properties, dict):
            return []
        for name, sub in properties.items():
            if (
                isinstance(sub, dict)
                and "const" in sub
                and name in value
                and not _json_equal(value[name], sub["const"])
            ):
                return [
                    SchemaIssue(
                        (*path, name),
                        f"expected {sub['const']!r}, got {_short(value[name])}",
                        "const",
                    )
                ]
        return []

    def _combinators(
        self, value: Any, schema: Mapping[str, Any], base: str, path: tuple[str | int, ...]
    ) -> list[SchemaIssue]:
        issues: list[SchemaIssue] = []
        for sub in schema.get("allOf", ()):
            issues.extend(self._validate(value, sub, base, path))
        for keyword in ("oneOf", "anyOf"):
            if keyword not in schema:
                continue
            results = [
                self._discriminated(value, sub, base, path)
                or self._validate(value, sub, base, path)
                for sub in schema[keyword]
            ]
            matching = sum(1 for r in results if not r)
            if matching == 0:
                issues.extend(_best_branch(results, path, keyword))
            elif keyword == "oneOf" and matching > 1:
                issues.append(
                    SchemaIssue(path, "matches more than one of the allowed forms", keyword)
                )
        if "not" in schema and not self._validate(value, schema["not"], base, path):
            issues.append(SchemaIssue(path, "has a form that is not allowed here", "not"))
        if (
            "if" in schema
            and "then" in schema
            and not self._validate(value, schema["if"], base, path)
        ):
            issues.extend(self._validate(value, schema["then"], base, path))
        return issues


def _best_branch(
    results: list[list[SchemaIssue]], path: tuple[str | int, ...], keyword: str
) -> list[SchemaIssue]:
    """The issues of the alternative the document most likely meant.

    An alternative whose discriminating constant (``kind``, ``verdict``, ``type``)
    does not match is a poor guess, and so is one that does not know some of the
    document's fields; then the one the document got furthest into (deepest issue),
    then the one with fewest issues. When every alternative's constant differs, no
    guess is made.
    """

    def rank(issues: list[SchemaIssue]) -> tuple[int, int, int, int]:
        mismatch = any(
            (i.keyword in ("const", "enum") and len(i.path) == len(path) + 1)
            or (i.keyword == "type" and i.path == path)
            for i in issues
        )
        unknown = sum(
            1
            for i in issues
            if i.keyword == "additionalProperties" and len(i.path) == len(path) + 1
        )
        depth = max(len(i.path) for i in issues)
        return (int(mismatch), unknown, -depth, len(issues))

    best = min(results, key=rank)
    if rank(best)[0] and len(results) > 1:
        return [SchemaIssue(path, f"matches none of the allowed forms ({keyword})", keyword)]
    return best


@cache
def _load_default(allow_unknown_fields: bool) -> SchemaSet:
    folder = get_schema_dir()
    return load_schema_set(folder, allow_unknown_fields=allow_unknown_fields)


def load_schema_set(folder: Path, *, allow_unknown_fields: bool = False) -> SchemaSet:
    """The fixture and protocol schemas of a folder (see :class:`SchemaSet` for
    ``allow_unknown_fields``)."""
    docs = []
    for name in (FIXTURE_SCHEMA, PROTOCOL_SCHEMA):
        doc = read_json_file(folder / name, max_bytes=1 << 22)
        if not isinstance(doc, dict):
            raise InputError(f"{folder / name}: a schema must be a JSON object")
        docs.append(doc)
    return SchemaSet(docs, allow_unknown_fields=allow_unknown_fields)


def get_schemas(*, allow_unknown_fields: bool = False) -> SchemaSet:
    """The built-in schemas (loaded once each way; see :class:`SchemaSet`)."""
    return _load_default(allow_unknown_fields)


def schema_ref(name: str, definition: str | None = None) -> str:
    """The URL of a built-in schema, or of one of its ``$defs``."""
    schemas = get_schemas()
    for ident in schemas.ids:
        if ident.endswith("/" + name):
            return ident if definition is None else f"{ident}#/$defs/{definition}"
    raise InputError(f"no conformance schema named {name!r}")
