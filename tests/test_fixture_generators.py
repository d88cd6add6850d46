"""The fixture generators taken together (``tools/gen_all_fixtures.py``): no id written twice,
no fixture file that no generator writes any more, outside the hand-written folders."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import gen_all_fixtures  # noqa: E402


def test_generators_agree_and_leave_no_stale_fixture() -> None:
    items, clashes = gen_all_fixtures.build_all()
    assert clashes == []
    assert len(items) > 1000
    assert gen_all_fixtures.get_orphans(set(items)) == []


def test_orphans_skip_hand_written_folders_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for ident in ("koz/meld/by-hand", "koz/game/kept", "koz/game/dropped", "koz/top-level"):
        path = tmp_path / f"{ident}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{}", encoding="utf-8")
    monkeypatch.setattr(gen_all_fixtures, "FIXTURES", tmp_path)
    assert gen_all_fixtures.get_orphans({"koz/game/kept"}) == ["koz/game/dropped", "koz/top-level"]
