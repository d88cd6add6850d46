"""Reading JSON that comes from outside: fixture files, questions, protocol lines.

Fixtures are data only. Reading one parses JSON and nothing else, and refuses
what no honest fixture needs: a file over :data:`~kanasta.conformance.MAX_FILE_BYTES`,
nesting deeper than :data:`~kanasta.conformance.MAX_DEPTH`, duplicate keys,
``NaN``/``Infinity``. The nesting is measured by a scan of the raw text before
the parser runs, so an absurdly nested file never reaches a recursive parser.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kanasta.conformance import MAX_DEPTH, MAX_FILE_BYTES
from kanasta.errors import InputError

__all__ = [
    "check_nesting",
    "dumps_line",
    "escape_controls",
    "format_fixture_json",
    "format_json_path",
    "parse_json_text",
    "read_json_file",
]

# A string token: possessive, and an unterminated string runs to the end of the text, so
# every match attempt that starts at a quote succeeds and the scan never starts again inside
# a string: linear in the length of the text, whatever the text (``"`` then many ``\"``).
_STRING = r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\\?\Z)'
_TOKEN_RE = re.compile(_STRING + r"|[{}\[\],:]", re.DOTALL)
_STRING_RE = re.compile(_STRING, re.DOTALL)
_BRACKET_RE = re.compile(r"[{}\[\]]")


def _deepest(text: str) -> int:
    """How deep the containers of JSON text nest (strings ignored); a quick first look."""
    depth = deepest = 0
    for bracket in _BRACKET_RE.findall(_STRING_RE.sub("", text)):
        if bracket in "{[":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


_IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def format_json_path(parts: Sequence[str | int]) -> str:
    """A JSON path such as ``$.steps[2].expect.code`` from its keys and indexes."""
    out = ["$"]
    for part in parts:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _IDENT_RE.match(part):
            out.append(f".{part}")
        else:
            out.append(f"[{json.dumps(part)}]")
    return "".join(out)


def check_nesting(text: str, where: str, max_depth: int = MAX_DEPTH) -> None:
    """Refuse JSON text whose containers nest deeper than ``max_depth``.

    The error names ``where`` (a file or a message) and the JSON path of the
    container that goes too deep.
    """
    if _deepest(text) <= max_depth:
        return
    # Too deep: find where, naming the path. Each frame: [key or index, expecting a
    # key?]; the key is None until read.
    frames: list[list[Any]] = []
    for match in _TOKEN_RE.finditer(text):
        token = match.group()
        if token in "{[":
            if len(frames) >= max_depth:
                path = [frame[0] for frame in frames if frame[0] is not None]
                raise InputError(
                    f"{where}: the JSON is nested more than {max_depth} levels deep at "
                    f"{format_json_path(path)}; no fixture, question, request or game record "
                    "needs that, so it is refused unread."
                )
            frames.append([None, True] if token == "{" else [0, False])
        elif token in "}]":
            if frames:
                frames.pop()
        elif token == ",":
            if frames:
                top = frames[-1]
                if isinstance(top[0], int) and not top[1]:
                    top[0] += 1
                else:
                    top[0], top[1] = None, True
        elif token == ":":
            if frames:
                frames[-1][1] = False
        elif frames and frames[-1][1]:
            try:
                frames[-1][0] = str(json.loads(token))
            except ValueError:
                frames[-1][0] = token[1:-1][:80]


def _no_duplicates(where: str) -> Any:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                raise InputError(f"{where}: the key {key!r} appears twice in one object.")
            result[key] = value
        return result

    return hook


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json_text(text: str, where: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text under the data-only rules (nesting, duplicate keys, no NaN)."""
    check_nesting(text, where, max_depth)
    try:
        return json.loads(
            text, object_pairs_hook=_no_duplicates(where), parse_constant=_no_constant
        )
    except InputError:
        raise
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{where}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}."
        ) from None
    except ValueError as exc:
        raise InputError(f"{where}: not valid JSON: {exc}.") from None


def read_text_file(path: Path, *, max_bytes: int = MAX_FILE_BYTES, what: str = "a fixture") -> str:
    """A UTF-8 text file read whole under a bound: never more than ``max_bytes`` + 1 bytes
    are read, so an endless file (``/dev/zero``) is refused, not read into memory; errors
    name the file (and ``what`` it should be, when it is too large)."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise InputError(f"{path}: cannot read the file: {exc.strerror or exc}.") from None
    if len(raw) > max_bytes:
        raise InputError(
            f"{path}: the file is larger than {max_bytes} bytes; {what} never needs "
            "that, so it is refused unread."
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start}).") from None


def read_json_file(
    path: Path,
    *,
    max_bytes: int = MAX_FILE_BYTES,
    max_depth: int = MAX_DEPTH,
    what: str = "a fixture",
) -> Any:
    """Read a JSON file under the data-only rules (:func:`read_text_file`'s bound, then
    :func:`parse_json_text`); errors name the file."""
    text = read_text_file(path, max_bytes=max_bytes, what=what)
    return parse_json_text(text, str(path), max_depth=max_depth)


def _escape_char(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def escape_controls(text: str) -> str:
    """``text`` as one line safe to show on a terminal: every character that is not
    printable (control characters such as ESC and newline, the C1 controls, bidirectional
    and other format characters, lone surrogates, separators) written as its escape
    (``\\x1b``, ``\\u202e``, ``\\ud800``). Text from an implementation, a fixture or a
    file passes through it before it reaches the terminal or a report, so it can neither
    hide a line nor paint a fake one."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escape_char(char) for char in text)


def dumps_line(obj: Any) -> str:
    """One compact JSON line (no newline inside), as the protocol sends it."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _pretty(value: Any, indent: int, width: int, seen: dict[tuple[int, int], str]) -> str:
    """``value`` laid out at ``indent``; ``seen`` keeps the layouts already made, since a
    container is laid out flat for its parent's one-line form, then again at its place."""
    if not isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    key = (id(value), indent)
    if key in seen:
        return seen[key]
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        flat = "{" + ", ".join(
            f"{json.dumps(k)}: {_pretty(v, 0, width, seen)}" for k, v in value.items()
        )
        flat += "}"
        if len(flat) + len(pad) <= width and "\n" not in flat:
            text = flat
        else:
            items = [
                f"{pad}  {json.dumps(k)}: {_pretty(v, indent + 1, width, seen)}"
                for k, v in value.items()
            ]
            text = "{\n" + ",\n".join(items) + "\n" + pad + "}"
    elif all(not isinstance(x, dict | list) for x in value):
        text = "[" + ", ".join(json.dumps(x, ensure_ascii=False) for x in value) + "]"
    else:
        items = [pad + "  " + _pretty(x, indent + 1, width, seen) for x in value]
        text = "[\n" + ",\n".join(items) + "\n" + pad + "]"
    seen[key] = text
    return text


def format_fixture_json(data: Any, *, width: int = 96) -> str:
    """A fixture as the suite writes it: two-space indents, short objects and every list
    of plain values on one line, a final newline. The same data always gives the same text."""
    return _pretty(data, 0, width, {}) + "\n"
