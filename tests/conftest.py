"""The machine-wide test lock: every test holds it shared, a test marked ``alone`` (one that compares
latencies) holds it by itself. On a 2-core machine a test busy on the other xdist worker (a Chromium
rendering a game, an engine test at full speed) can triple a p99, which no number of retried windows
outlasts; a test alone waits for the running ones to end and keeps new ones from starting."""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

LOCK = Path(tempfile.gettempdir()) / f"wallenstein-tests-{os.getuid()}.lock"
GATE = LOCK.with_suffix(".gate")  # held by a test alone from before it waits: none start meanwhile


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "alone: runs with no other test running on the machine (timings)")


@pytest.fixture(autouse=True)
def _machine_lock(request: pytest.FixtureRequest) -> Iterator[None]:
    alone = request.node.get_closest_marker("alone") is not None
    with GATE.open("a") as gate, LOCK.open("a") as lock:
        if alone:
            fcntl.flock(gate, fcntl.LOCK_EX)
            fcntl.flock(lock, fcntl.LOCK_EX)
        else:  # (passes the gate only while no test alone waits or runs: those never starve)
            fcntl.flock(gate, fcntl.LOCK_SH)
            fcntl.flock(gate, fcntl.LOCK_UN)
            fcntl.flock(lock, fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            fcntl.flock(gate, fcntl.LOCK_UN)
