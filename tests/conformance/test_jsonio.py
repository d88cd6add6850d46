"""Fixtures are data only: size and nesting limits, duplicate keys, clear errors."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from kanasta.conformance import MAX_DEPTH, MAX_FILE_BYTES
from kanasta.conformance.jsonio import (
    check_nesting,
    dumps_line,
    format_json_path,
    parse_json_text,
    read_json_file,
)
from kanasta.errors import InputError


def nested(depth: int) -> str:
    return '{"a": ' * (depth - 1) + "[1]" + "}" * (depth - 1)


def test_format_json_path_keys_indexes_and_odd_keys() -> None:
    assert format_json_path([]) == "$"
    assert format_json_path(["steps", 2, "expect", "code"]) == "$.steps[2].expect.code"
    assert format_json_path(["odd key", 0]) == '$["odd key"][0]'


def test_nesting_at_the_limit_is_read() -> None:
    assert parse_json_text(nested(MAX_DEPTH), "f.json") is not None


def test_nesting_beyond_the_limit_is_refused_with_file_and_path() -> None:
    with pytest.raises(InputError) as info:
        parse_json_text(nested(MAX_DEPTH + 1), "deep.json")
    message = str(info.value)
    assert "deep.json" in message
    assert f"more than {MAX_DEPTH} levels" in message
    assert "$.a.a.a" in message


def test_nesting_path_names_array_indexes_and_keys_after_commas() -> None:
    text = '{"x": 1, "steps": [0, {"deep": [[[[1]]]]}]}'
    with pytest.raises(InputError) as info:
        check_nesting(text, "t.json", max_depth=5)
    assert "$.steps[1].deep[0][0]" in str(info.value)


def test_strings_with_brackets_and_escapes_do_not_count_as_nesting() -> None:
    text = '{"a\\"{[": "[[[[[[[[{{{{{{{", "b": ["]]]", "\\\\"]}'
    check_nesting(text, "t.json", max_depth=2)


def test_absurd_nesting_never_reaches_the_parser() -> None:
    with pytest.raises(InputError, match="nested more than"):
        parse_json_text("[" * 200_000, "bomb.json")


def test_unbalanced_closers_do_not_crash_the_scan() -> None:
    with pytest.raises(InputError, match="not valid JSON"):
        parse_json_text("]}, {", "odd.json")


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(InputError, match="'id' appears twice") as info:
        parse_json_text('{"id": "a", "id": "b"}', "dup.json")
    assert str(info.value).startswith("dup.json: ")


def test_nan_and_infinity_are_refused() -> None:
    for bad in ('{"points": NaN}', "[Infinity]"):
        with pytest.raises(InputError, match="not valid JSON"):
            parse_json_text(bad, "nan.json")


def test_syntax_error_names_line_and_column() -> None:
    with pytest.raises(InputError, match=r"bad\.json: not valid JSON at line 2 column"):
        parse_json_text('{\n  "a": }', "bad.json")


def test_oversized_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"pad": "' + "x" * MAX_FILE_BYTES + '"}', encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_json_file(path)
    assert str(path) in str(info.value)
    assert "larger than" in str(info.value)


def test_file_at_the_size_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "edge.json"
    body = '{"pad": "' + "x" * (MAX_FILE_BYTES - 11) + '"}'
    path.write_text(body, encoding="utf-8")
    assert len(path.read_bytes()) == MAX_FILE_BYTES
    assert read_json_file(path) == {"pad": "x" * (MAX_FILE_BYTES - 11)}


def test_missing_file_and_bad_utf8_are_input_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        read_json_file(tmp_path / "nope.json")
    bad = tmp_path / "latin.json"
    bad.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(InputError, match="not UTF-8"):
        read_json_file(bad)


def test_dumps_line_is_one_compact_line() -> None:
    line = dumps_line({"seq": 1, "cards": ["5H", "JK"], "note": "a\nb"})
    assert "\n" not in line
    assert line == '{"seq":1,"cards":["5H","JK"],"note":"a\\nb"}'


@pytest.mark.parametrize("closed", [False, True])
def test_nesting_scan_is_linear_on_escaped_quotes(closed: bool) -> None:
    # A quote then many escaped quotes: the old scan started again at every quote
    # (27 s at 40,000 characters); the linear one reads 2,000,000 in well under a second.
    started = time.perf_counter()
    check_nesting('"' + '\\"' * 40_000, "answer")
    assert time.perf_counter() - started < 0.5
    body = '"' + '\\"' * 1_000_000 + ('"' if closed else "")
    started = time.perf_counter()
    check_nesting(body, "answer")
    check_nesting("[" + body + "]", "answer")
    with pytest.raises(InputError, match="answer: not valid JSON"):
        parse_json_text(body + "x", "answer")
    assert time.perf_counter() - started < 2.0


def test_nesting_scan_ignores_brackets_in_strings_and_finds_the_deep_path() -> None:
    inside = '{"k": "[[[\\"[[{{", "deep": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}"
    with pytest.raises(InputError, match=r"at \$\.deep\[0\]"):
        check_nesting(inside, "q.json")
    check_nesting('{"k": "' + "[" * 100 + '"}', "q.json")
    # An unterminated string hides nothing after it from the parser, which refuses it.
    check_nesting('{"k": "' + "\\", "q.json")
