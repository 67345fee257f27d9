"""A study stopped by the user (``kill``: SIGTERM; Ctrl-C alike) says how many games it kept and
where, and exits with 130; run again, it says what it resumed and plays only the rest."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _command(out: Path, games: int, *quiet: str) -> list[str]:
    play = ["simulate", "--games", str(games), "--players", "3", *quiet, "--out", str(out)]
    return [sys.executable, "-m", "wallenstein.cli", *play]


def _lines(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


@pytest.mark.skipif(os.name != "posix", reason="SIGTERM is a POSIX signal")
def test_an_interrupted_study_says_what_it_kept_and_a_resumed_one_what_it_resumed(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(
        _command(out, 100_000, "--quiet", "--json"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    deadline = time.monotonic() + 120
    while _lines(out) < 2 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=120)
    kept = _lines(out)
    assert proc.returncode == 130 and stdout == ""
    assert f"Interrupted: {kept} of 100000 games are kept in {out}" in stderr and "Traceback" not in stderr
    resumed = subprocess.run(_command(out, kept + 2), capture_output=True, text=True, env=env, timeout=120)
    assert resumed.returncode == 0
    assert f"Resuming {out}: {kept} of {kept + 2} games are there; playing the other 2." in resumed.stderr
    assert _lines(out) == kept + 2
    again = subprocess.run(_command(out, kept + 2), capture_output=True, text=True, env=env, timeout=120)
    assert f"All {kept + 2} games are already in {out}: nothing to play." in again.stderr
    silent = subprocess.run(_command(out, kept + 2, "--json"), capture_output=True, text=True, env=env, timeout=120)
    assert silent.stderr == "" and '"games"' in silent.stdout  # --json: the result only
