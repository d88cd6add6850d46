"""``kanasta conformance explore --ray``: the same result on Ray as in one process.

Run by ``nox -s ray`` (which installs the extra ``kanasta[ray]``); skipped without Ray.
Ray's old local mode (``ray.init(local_mode=True)``) is gone from Ray 2.60 on, so the test
starts a small Ray instance on this machine (two CPUs), as ``--ray local`` does.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from typing import Any

import pytest

from kanasta.conformance.explore import driver
from tests.conformance.helpers import fake_command

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def _stable(result: driver.ExploreResult) -> dict[str, Any]:
    shown = result.to_json()
    del shown["seconds"], shown["workers"], shown["written"]
    return shown


@pytest.mark.usefixtures("local_ray")
def test_explore_on_ray_finds_what_one_process_finds() -> None:
    impl = shlex.join(fake_command("rule_mistake", "koz"))
    settings = driver.Settings(impl=impl, seed=1, positions=6, variants=("koz",))
    here = driver.explore(settings)
    on_ray = driver.explore(settings, ray_address="local")
    assert here.differences > 0
    assert on_ray.workers == 0
    assert _stable(on_ray) == _stable(here)
