"""The Ray backend: the same rows as local processes with 1 and 2 workers, and a killed worker's
batch played again. One small local Ray session (2 CPUs) serves the whole module."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray
from crash_parts import CrashingParts

from tabletop.backends import ProcessBackend, RayBackend, run_study
from tabletop.results import Study, stable
from wallenstein.bots.tournament import WallensteinTournament

LINEUP = ("heuristic", "random", "random", "random")


def study(parts: WallensteinTournament | None = None) -> Study:
    return Study(parts or WallensteinTournament(modules=("landsknechte",)), LINEUP, 7, 6)


@pytest.fixture(scope="module")
def session() -> Iterator[None]:
    """A local Ray of 2 CPUs whose workers can import this folder's helper (crash_parts)."""
    here = str(Path(__file__).parent)
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = here + (os.pathsep + old if old else "")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old


@pytest.fixture(scope="module")
def reference() -> list[dict[str, object]]:
    return [stable(r) for r in run_study(study(), ProcessBackend(1))]


@pytest.mark.parametrize("workers", [1, 2])
def test_ray_gives_the_rows_of_local_processes(session: None, reference: list[dict[str, object]], workers: int) -> None:
    backend = RayBackend(workers)
    rows = run_study(study(), backend, size=2)
    backend.close()  # leaves the module's session running: it did not start it
    assert ray.is_initialized()
    assert [stable(r) for r in rows] == reference


def test_ray_plays_a_killed_workers_batch_again(
    session: None, tmp_path: Path, reference: list[dict[str, object]]
) -> None:
    parts = CrashingParts(modules=("landsknechte",), marker=str(tmp_path), kill_seed=9)
    rows = run_study(study(parts), RayBackend(2), size=2)
    assert (tmp_path / "killed-9").exists()  # a Ray worker really died
    assert [stable(r) for r in rows] == reference
