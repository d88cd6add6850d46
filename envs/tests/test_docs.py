"""The examples of docs/envs.rst run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "envs.rst"
EXAMPLES = re.findall(r"\.\. code-block:: python\n\n((?:   .*\n|\n)+)", PAGE.read_text("utf-8"))


def test_the_page_has_its_five_examples() -> None:
    assert len(EXAMPLES) == 5


@pytest.mark.parametrize("example", EXAMPLES)
def test_example_runs(example: str) -> None:
    code = "\n".join(line[3:] for line in example.splitlines())
    exec(compile(code, str(PAGE), "exec"), {})
