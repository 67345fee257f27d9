"""Studies on local processes: same rows whatever the number of workers, resume after an
interruption without replaying a game, a killed worker's batch played again, the CLI's --out and
report. (Ray's backend: test_backends_ray.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from crash_parts import STARTED, CrashingParts

from tabletop.backends import ProcessBackend, batch_size, batches, run_study
from tabletop.errors import IllegalAction
from tabletop.results import ResultFile, Study, read_rows, stable
from tabletop.testing import cli_runner
from wallenstein.bots.tournament import WallensteinTournament
from wallenstein.cli import app

runner = cli_runner()
LINEUP = ("random", "heuristic", "random")
GAMES = 6


def study(parts: WallensteinTournament | None = None) -> Study:
    return Study(parts or WallensteinTournament(), LINEUP, 40, GAMES)


def played(study: Study, workers: int, **kwargs: Any) -> list[dict[str, Any]]:
    backend = ProcessBackend(workers)
    try:
        return run_study(study, backend, **kwargs)
    finally:
        backend.close()


@pytest.fixture(scope="module")
def reference() -> list[dict[str, object]]:
    """The study's rows played here, one batch per game."""
    return [stable(r) for r in played(study(), 1, size=1)]


def test_batches_are_consecutive_runs_of_seeds() -> None:
    assert batches([0, 1, 2, 3, 4, 7, 8, 10], 3) == [(0, 1, 2), (3, 4), (7, 8), (10,)]
    assert batch_size(10, 2) == 1 and batch_size(100_000, 2) == 50


def test_rows_carry_the_study_and_the_game(reference: list[dict[str, object]]) -> None:
    assert [r["index"] for r in reference] == list(range(GAMES))
    row = reference[1]
    assert row["seed"] == 41 and row["agents"] == ["heuristic", "random", "random"]  # seats rotate by index
    assert row["options"] == {"players": 3, "edition": "2012", "modules": [], "setup": "lineup", "printed": None}
    assert set(row) >= {"engine", "result", "winners", "decisions", "facts", "keys"}


def test_two_worker_processes_give_the_same_rows(reference: list[dict[str, object]]) -> None:
    rows = played(study(), 2, size=2)
    assert [stable(r) for r in rows] == reference
    assert all(r["worker"].startswith("pid") and r["host"] for r in rows)


def test_a_killed_worker_has_its_batch_played_again(tmp_path: Path, reference: list[dict[str, object]]) -> None:
    parts = CrashingParts(marker=str(tmp_path), kill_seed=43)
    rows = played(study(parts), 2, size=2)
    assert (tmp_path / "killed-43").exists()  # a worker really died
    assert [stable(r) for r in rows] == reference


def test_resume_after_an_interruption_replays_no_game(tmp_path: Path, reference: list[dict[str, object]]) -> None:
    out = tmp_path / "results.jsonl"
    results = ResultFile(out, study())
    with pytest.raises(KeyboardInterrupt):  # stopped while playing game 3 (seed 43)
        run_study(study(CrashingParts(stop_seed=43)), ProcessBackend(1), results.done, results.write, size=1)
    results.close()
    assert [r["index"] for r in read_rows(out)] == [0, 1, 2]
    with out.open("a") as fh:
        fh.write('{"index": 3, "res')  # a row cut short by the crash
    STARTED.clear()
    results = ResultFile(out, study())
    assert results.done == {0, 1, 2}
    run_study(study(CrashingParts()), ProcessBackend(1), results.done, results.write)
    results.close()
    assert STARTED == [43, 44, 45]  # only the missing games were played
    assert [stable(r) for r in sorted(read_rows(out), key=lambda r: r["index"])] == reference


def test_a_file_of_another_study_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    results = ResultFile(out, study())
    results.write(run_study(Study(WallensteinTournament(), LINEUP, 40, 1), ProcessBackend(1)))
    results.close()
    before = out.read_bytes()
    with pytest.raises(IllegalAction, match="another study"):
        ResultFile(out, Study(WallensteinTournament(edition="2002"), LINEUP, 40, 1))
    assert out.read_bytes() == before


def test_cli_out_resume_and_report(tmp_path: Path) -> None:
    out = tmp_path / "sim.jsonl"
    args = ["simulate", "--json", "-q", "-p", "3", "-s", "5", "--out", str(out)]
    first = runner.invoke(app, [*args, "-n", "2"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, [*args, "-n", "4", "--workers", "2"])
    assert again.exit_code == 0, again.output
    rows = list(read_rows(out))
    assert sorted(r["index"] for r in rows) == [0, 1, 2, 3]
    whole = runner.invoke(app, ["simulate", "--json", "-q", "-p", "3", "-s", "5", "-n", "4"])
    stats, direct = json.loads(again.output), json.loads(whole.output)
    for key in ("wins", "win_rate", "mean_vp", "mean_thalers", "decisions"):
        assert stats[key] == direct[key]
    report = runner.invoke(app, ["report", "--json", str(out)])
    assert report.exit_code == 0, report.output
    (summary,) = json.loads(report.output)["studies"]
    assert summary["games"] == 4 and summary["seats"]["win_rate"] == direct["win_rate"]


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["simulate", "-n", "1", "--address", "auto"], "--address is for the ray backend"),
        (["report", "{tmp}/none.jsonl"], "cannot read"),  # missing
        (["report", "{tmp}/bad.jsonl"], "bad.jsonl:1"),  # garbled
    ],
    ids=["address_without_ray", "missing_results", "garbled_results"],
)
def test_cli_rejects_bad_study_options(tmp_path: Path, command: list[str], message: str) -> None:
    (tmp_path / "bad.jsonl").write_text("not json\n")
    result = runner.invoke(app, [arg.format(tmp=tmp_path) for arg in command])
    assert result.exit_code == 2 and message in result.output, result.output
