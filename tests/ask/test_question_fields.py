"""A question file's fields, each read or refused in one paragraph naming the field
(``kanasta.ask.question_from_mapping``, the reader behind ``ask`` files and the desk)."""

from __future__ import annotations

from typing import Any

import pytest

from kanasta.ask import ask_json, question_from_mapping
from kanasta.errors import InputError

BAD: list[tuple[Any, str]] = [
    (["koz"], "a question is an object with a 'variant'"),
    ({"variant": "koz", "colour": "red"}, "'colour' is not a field of a question"),
    ({"hand": "7H"}, "variant: name the rule family"),
    ({"variant": "koz", "options": "players-3"}, "options: expected a list of option names"),
    ({"variant": "koz", "actions": [3]}, "actions: expected a list of actions"),
    ({"variant": "koz", "phase": 1}, "phase: expected draw or play"),
    ({"variant": "koz", "hand_size": "11"}, "hand_size: expected a whole number"),
    ({"variant": "koz", "stock_size": True}, "stock_size: expected a whole number"),
    ({"variant": "classic", "frozen": "yes"}, "expected true or false"),
    ({"variant": "koz", "hand": 7}, "expected cards written as text"),
    ({"variant": "koz", "melds": ["7H 7D 7S"]}, "expected a table with 'us' and/or 'them'"),
    ({"variant": "koz", "melds": {"ours": ["7H 7D 7S"]}}, "'ours' is no side"),
    ({"variant": "koz", "fi_taken": "us"}, "one per fi taken"),
    ({"variant": "koz", "fi_taken": ["we"]}, "expected a side, 'us' or 'them'"),
    ({"variant": "koz", "score": {"us": [1500]}}, "expected points (1500, or '4.5')"),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[m for _, m in BAD])
def test_a_malformed_field_is_refused_naming_it(data: Any, message: str) -> None:
    with pytest.raises(InputError) as refused:
        question_from_mapping(data, "q.json")
    text = str(refused.value)
    assert text.startswith("q.json")
    assert message in text
    assert "\n" not in text


def test_cards_may_be_a_list_of_card_names() -> None:
    listed = question_from_mapping({"variant": "koz", "hand": ["7H", "7D", "JK"]}, "q.json")
    written = question_from_mapping({"variant": "koz", "hand": "7H 7D JK"}, "q.json")
    assert listed == written


def test_one_action_may_be_given_as_text() -> None:
    one = question_from_mapping({"variant": "koz", "actions": "draw"}, "q.json")
    listed = question_from_mapping({"variant": "koz", "actions": ["draw"]}, "q.json")
    assert one == listed


@pytest.mark.parametrize(
    ("action", "message"),
    [("", "an empty action"), ("draw ->", "is not written 'rejected by CLAUSE")],
)
def test_an_unreadable_action_is_refused(action: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        ask_json({"variant": "koz", "actions": [action]})
