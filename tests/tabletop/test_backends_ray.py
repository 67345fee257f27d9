"""The Ray backend: the same rows as local processes with 1 and 2 workers, and a killed worker's
batch played again. One small local Ray session (2 CPUs) serves the whole module."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from crash_parts import CrashingParts

from tabletop.backends import ProcessBackend, RayBackend, run_study
from tabletop.results import Study, read_rows, stable
from tabletop.testing import cli_runner
from wallenstein.bots.tournament import WallensteinTournament

# An optional extra: without it this module is skipped with the reason, not an error at collection.
ray = pytest.importorskip("ray", reason="the Ray backend's tests need the [ray] extra (pip install -e '.[ray]')")

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


def test_league_of_six_tournament_on_ray_through_the_cli(session: None, tmp_path: Path) -> None:
    from league_of_six.cli import app

    runner = cli_runner()
    out = tmp_path / "los.jsonl"
    args = ["tournament", "-a", "heuristic,random,random", "-n", "4", "-s", "2", "--json"]
    on_ray = runner.invoke(app, [*args, "--backend", "ray", "-w", "2", "--out", str(out)])
    assert on_ray.exit_code == 0, on_ray.output
    local = runner.invoke(app, args)

    def untimed(output: str) -> dict[str, dict[str, object]]:  # ms per decision is wall-clock time
        return {
            k: {f: v for f, v in row.items() if f != "ms_per_decision"}
            for k, row in json.loads(output)["agents"].items()
        }

    assert untimed(on_ray.output) == untimed(local.output)
    assert {r["worker"] for r in read_rows(out)} and ray.is_initialized()
