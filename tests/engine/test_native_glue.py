"""kanasta.native without the compiled engine: the messages a user sees, the profile as data."""

from __future__ import annotations

import json

import pytest

from kanasta import native
from kanasta.cli import main
from kanasta.conformance.native_adapter import NativeImplementation
from kanasta.errors import InputError, Violation
from kanasta.families import PROFILES, get_profile


@pytest.fixture
def not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "_import", lambda: "No module named 'kanasta_native'")


@pytest.mark.usefixtures("not_installed")
def test_asking_for_a_missing_native_engine_says_how_to_install_it() -> None:
    assert not native.is_available()
    with pytest.raises(InputError, match=r"pip install \./native") as caught:
        native.load()
    assert "No module named 'kanasta_native'" in str(caught.value)
    assert "\n" not in str(caught.value)
    with pytest.raises(InputError, match="kanasta-native is not installed"):
        native.get_engine("native")
    with pytest.raises(InputError, match="kanasta-native is not installed"):
        native.require_engine("native", "koz")


def test_the_reference_needs_nothing_and_other_names_are_refused() -> None:
    native.require_engine("reference", "classic")
    assert native.get_engine("reference") is not None
    for call in (lambda: native.get_engine("fast"), lambda: native.require_engine("fast", "koz")):
        with pytest.raises(InputError, match="the engines are reference, native"):
            call()


def test_every_profile_is_handed_over_as_plain_data() -> None:
    for name, family in PROFILES.items():
        for options in ([], *([o.name] for o in family.known_options)):
            data = native.profile_data(get_profile(name, options))
            assert data["family"] == name
            assert len(data["points"]) == len(data["hand_points"]) == 53  # type: ignore[arg-type]
            assert all(isinstance(v, int | bool | str | list) for v in data.values())


class _FakeState:
    hand_over = True

    def to_json(self) -> dict[str, object]:
        return {"hand_over": True}


class _FakeModule:
    """A stand-in for kanasta_native: what the glue calls, recorded."""

    ENGINE_VERSION = "0.0-fake"
    FAMILIES: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[object, ...]]] = []

    def NativeProfile(self, data: dict[str, object]) -> dict[str, object]:
        return data

    def new_hand_from_seed(self, *args: object) -> _FakeState:
        self.calls.append(("seed", args))
        return _FakeState()

    def new_hand_from_deal(self, *args: object) -> _FakeState:
        self.calls.append(("deal", args))
        return _FakeState()

    def state_from_json(self, _profile: object, _data: object, where: str) -> _FakeState:
        raise ValueError(f"{where}: the field 'hands' is required.")

    def meld_verdict(self, *args: object) -> dict[str, object]:
        self.calls.append(("meld", args))
        if args[1] == ["2H"]:
            raise ValueError("deal.x: bad")
        return {"verdict": "rejected", "code": "too-few-cards", "clause": "meld-minimum", "at": 0}


def test_the_native_engine_glue_over_a_stand_in_module(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _FakeModule()
    monkeypatch.setattr(native, "_import", lambda: fake)
    engine = native.NativeEngine()
    koz = get_profile("koz")
    assert engine.native_profile(koz) is engine.native_profile(koz)
    assert engine.state_to_json(koz, engine.new_state_from_seed(koz, 7)) == {"hand_over": True}
    engine.new_hand_of_game(koz, {"hands": []}, None, 2, [10, 20], "$.hands[0].deal")
    engine.new_hand_of_game(koz, None, 9, 1, [0, 0], "$.hands[1]")
    assert [c[0] for c in fake.calls] == ["seed", "deal", "seed"]
    with pytest.raises(InputError, match="a deal or a seed"):
        engine.new_hand_of_game(koz, None, None, 1, [0, 0], "$.hands[2]")
    with pytest.raises(InputError, match=r"^\$\.state: the field 'hands' is required"):
        engine.new_state_from_json(koz, {}, "$.state")
    with pytest.raises(InputError, match="expected a state object"):
        engine.new_state_from_json(koz, [], "$.state")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="expected a deal object"):
        engine.new_hand_of_game(koz, [], None, 1, [0, 0], "$.d")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="does not play whole hands of koz yet"):
        native.require_engine("native", "koz")
    assert native.native_families() == ()


def test_the_native_adapter_over_a_stand_in_module(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _FakeModule()
    monkeypatch.setattr(native, "_import", lambda: fake)
    server = NativeImplementation()
    hello = server.answer({"seq": 0, "type": "hello"})
    assert hello["implementation"] == {"name": "kanasta native", "version": "0.0-fake"}
    assert hello["variant_requests"] == {
        name: ["meld", "score", "state"] if profile.is_playable else ["meld"]
        for name, profile in PROFILES.items()
    }
    assert "meld verdicts, states and scores only" in hello["reasons"]["koz"]
    base = {"seq": 4, "type": "meld", "variant": "koz"}
    answer = server.answer(
        {**base, "cards": "5h", "wild_at": None, "lay_offs": [{"cards": ["6H"], "wild_at": 4}]}
    )
    assert answer == {
        "seq": 4,
        "verdict": "rejected",
        "code": "too-few-cards",
        "clause": "meld-minimum",
        "at": 0,
    }
    assert fake.calls[-1][1][1:] == (["5H"], None, [{"cards": ["6H"], "wild_at": 4}], None, False)
    assert "bad" in server.answer({**base, "cards": ["2H"]})["error"]
    assert "lay_offs" in server.answer({**base, "cards": ["2H"], "lay_offs": {}})["error"]
    assert "trump" in server.answer({**base, "cards": ["2H"], "trump": 3})["error"]
    # A state or score check is answered from a state read or dealt; a setup that plays
    # actions needs whole hands: an error answer saying so (the runner fails it, never skips).
    setup = {"seed": 1, "actions": [{"type": "draw"}]}
    answer = server.answer({**base, "type": "state", "setup": setup})
    assert "does not play whole hands of koz yet" in answer["error"]


def test_bench_and_play_refuse_a_missing_native_engine_in_one_paragraph(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(native, "_import", lambda: "No module named 'kanasta_native'")
    assert main(["bench", "--engine", "native", "--hands", "1"]) != 0
    assert "pip install ./native" in capsys.readouterr().err
    assert main(["play", "--engine", "native", "--seed", "1"]) != 0
    assert "pip install ./native" in capsys.readouterr().err


def test_bench_over_two_processes_prints_the_same_moves_as_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    moves = []
    for jobs in ("1", "2"):
        assert main(["bench", "--hands", "2", "--jobs", jobs, "--json", "--quiet"]) == 0
        result = json.loads(capsys.readouterr().out)["results"][0]
        assert result["variant"] == f"koz (reference, {jobs} jobs)"
        moves.append(result["moves"])
    assert moves[0] == moves[1] > 0
    assert main(["bench", "--hands", "1", "--jobs", "0"]) != 0
    assert "--jobs must be at least 1" in capsys.readouterr().err


class _PlayingState(_FakeState):
    def legal_actions(self) -> list[str]:
        return ["a", "b"]

    def apply(self, action: str) -> object:
        return ("turn-structure", "wrong-phase", "") if action == "b" else self

    def score(self) -> list[dict[str, int]]:
        return [{"total": 2, "melded": 2}]


class _PlayingModule(_FakeModule):
    FAMILIES = ("koz",)

    def new_hand_from_seed(self, *_args: object) -> _FakeState:
        return _PlayingState()

    def action_from_json(self, obj: dict[str, object], where: str = "action") -> str:
        assert where == "$"  # the JSON path is the reader's, not a prefix of its message
        return str(obj["type"])


def test_whole_hands_go_through_to_a_module_that_plays_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = _PlayingModule()
    monkeypatch.setattr(native, "_import", lambda: module)
    native.require_engine("native", "koz")
    engine = native.NativeEngine()
    koz = get_profile("koz")
    state = engine.new_state_from_seed(koz, 1)
    assert engine.legal_actions(koz, state) == ["a", "b"]
    assert (
        engine.apply_action(koz, state, engine.action_from_json(koz, {"type": "a"}, "$")) is state
    )
    refused = engine.apply_action(koz, state, "b")
    assert refused == Violation("turn-structure", "wrong-phase", "")
    assert engine.score_hand(koz, state) == [{"total": 2, "melded": 2}]
    with pytest.raises(InputError, match="expected an action object"):
        engine.action_from_json(koz, [], "$")  # type: ignore[arg-type]


def test_the_import_is_tried_once_and_its_failure_kept() -> None:
    native._import.cache_clear()
    found = native._import()
    assert isinstance(found, str) or found.__name__ == "kanasta_native"
    native._import.cache_clear()
