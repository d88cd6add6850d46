"""turn-must-finish on hands far larger than a deal gives: the search stays bounded.

A side that has not opened in classic never takes back (classic-no-take-back), so after
each meld the engine must know whether the opening can still be completed. The rules
decide it by trying every sub-multiset of the hand; the engine tries the candidates its
tables list (:mod:`kanasta.fast.turn`), and gives a search up past a budget with one
clear refusal. The commands run as subprocesses under a memory limit and a timeout.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from kanasta import engine
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.errors import InputError
from kanasta.families import get_profile
from kanasta.fast import turn as fast_turn
from kanasta.rules.cards import format_card, parse_cards
from kanasta.rules.families import RED_THREES

KANASTA = [sys.executable, "-m", "kanasta"]
MEMORY = 1_500_000_000
"""The address space each subprocess may take (bytes): the old search took 24 GB."""
CLASSIC_2 = get_profile("classic", ("players-2",))

HAND_OF_42 = (
    "3C 4C 5C 7C 7C 8C 9C 10C JC QC QC KC AD 4D 6D 6D 8D 8D KD AH AH 2H 4H 6H 6H 7H 9H 9H "
    "10H JH QH QH KH 5S 6S 7S 7S 8S 10S JS QS JK"
)
"""One of the hands ``kanasta ask --variant classic --players 2 --hand-size 42 --phase
play`` completes: 289 legal actions (the native engine's count as well)."""

TRAP = "4C 4C 4D 4D 5C 5C 5D 5D 6C 6C 6D 6D 7C 7C 7D 7D 8C 8C 8D 3C 3C 3S 3S 9C 10C JC QC KC AC"
"""A hand whose sets reach 110 of the 120 an opening needs at 3000: only black threes,
melded going out, could add the rest, and the six odd cards never let the hand empty. The
opening reach cannot tell, so every order of the sets would be searched."""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=_limit_memory,
    )


def _state_json(hand_text: str, score: int = 0) -> dict[str, object]:
    """A play-phase state of two-player classic: seat 0 holds ``hand_text`` and has drawn;
    seat 1 holds fifteen of the other cards, the stock the rest (its red threes first)."""
    hand = sorted(parse_cards(hand_text))
    rest = list(engine.new_hand(CLASSIC_2, seed=1).stock)
    for seat_hand in engine.new_hand(CLASSIC_2, seed=1).hands:
        rest += seat_hand
    rest += engine.new_hand(CLASSIC_2, seed=1).discard
    for card in hand:
        rest.remove(card)
    red = [c for c in rest if c in RED_THREES]
    others = sorted(c for c in rest if c not in RED_THREES)
    data = engine.state_to_json(engine.new_hand(CLASSIC_2, seed=1))
    data["hands"] = [[format_card(c) for c in hand], [format_card(c) for c in others[:15]]]
    data["stock"] = [format_card(c) for c in red + others[15:]]
    data["discard"] = []
    data["phase"] = "play"
    data["turn"] = 0
    data["team_scores"] = [score * 2, 0]
    return data


def _count_request(state: dict[str, object]) -> dict[str, object]:
    return {
        "seq": 1,
        "type": "count",
        "fixture": "hostile/turn-must-finish/hand-of-42",
        "step": 0,
        "variant": "classic",
        "features": ["players-2"],
        "depth": 1,
        "setup": {"state": state, "actions": []},
    }


def _adapter(engine_name: str, request: dict[str, object]) -> dict[str, object]:
    """One request to ``kanasta adapter`` in a subprocess; its answer to it."""
    hello = {"seq": 0, "type": "hello", "protocol": "1.2", "suite": "0"}
    args = [*KANASTA, "adapter", *(["--engine", "native"] if engine_name == "native" else [])]
    lines = "\n".join(json.dumps(r) for r in (hello, request)) + "\n"
    result = _run(args, lines)
    assert result.returncode == 0, result.stderr[-2000:]
    answer: dict[str, object] = json.loads(result.stdout.splitlines()[-1])
    return answer


@pytest.mark.clause("turn-must-finish", "classic-no-take-back")
def test_turn_must_finish_ask_of_a_42_card_classic_hand_answers_in_bounded_memory() -> None:
    question = ["--variant", "classic", "--players", "2", "--hand-size", "42", "--phase", "play"]
    result = _run([*KANASTA, "ask", *question])
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode in (0, 1), result.stderr
    assert "Answer:" in result.stdout


@pytest.mark.clause("turn-must-finish", "legal-action-count")
def test_turn_must_finish_adapter_counts_a_42_card_hand_in_bounded_memory() -> None:
    answer = _adapter("reference", _count_request(_state_json(HAND_OF_42)))
    assert answer == {"seq": 1, "count": 289}


@pytest.mark.clause("turn-must-finish", "classic-no-take-back")
def test_turn_must_finish_a_search_past_its_budget_is_refused_naming_the_clause(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fast_turn, "MOST_SEARCH_TRIES", 2_000)
    state = engine.state_from_json(_state_json(TRAP, score=3000), CLASSIC_2)
    with pytest.raises(InputError, match=r"2,000 melds and lay-offs .*turn-must-finish"):
        engine.legal_actions(state)
    # The count of the next search starts again from nothing.
    small = engine.state_from_json(_state_json("4C 4C 4D 9S"), CLASSIC_2)
    assert engine.legal_actions(small)


@pytest.mark.clause("turn-must-finish", "legal-action-count")
def test_turn_must_finish_adapter_answers_an_error_for_a_search_past_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fast_turn, "MOST_SEARCH_TRIES", 2_000)
    answer = ReferenceImplementation().answer(_count_request(_state_json(TRAP, score=3000)))
    assert answer["seq"] == 1
    assert "turn-must-finish" in str(answer["error"])


@pytest.mark.clause("turn-must-finish")
def test_turn_must_finish_the_protocol_page_states_the_search_budget() -> None:
    page = Path(__file__).parents[2] / "docs" / "conformance" / "protocol.rst"
    text = " ".join(page.read_text(encoding="utf-8").split())
    assert f"more than {fast_turn.MOST_SEARCH_TRIES:,} melds and lay-offs" in text
