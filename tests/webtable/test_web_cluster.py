"""Three server processes behind nginx over one PostgreSQL database (webtable.ownership): games with bots
and scripted people play through the proxy while one process is killed with kill -9 and another is
stopped with SIGTERM. Every acknowledged decision is stored once, every game finishes on the process
left, and the lobby lists them all. nginx is Debian's package (scripts/install-nginx): without it the
test fails saying so, never skips. The 300-game run of the same scenario is
``python benchmarks/bench_server.py --games --failover 300`` (its figures: docs/hosting-scale.md).
"""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path

import httpx
import pytest
from pgtemp import TempPostgres

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from cluster import Cluster, NoNginx, nginx_binary
from failover import figures, held_by, problems, run_failover

from webtable.store import Store

GAMES = 16  # 12 with people, 4 of bots alone: sized for a 2-core machine (the lobby shows 50)


@pytest.fixture
def cluster_db(postgres: TempPostgres | str) -> str:
    if isinstance(postgres, str):
        pytest.fail(f"PostgreSQL tests cannot run: {postgres}", pytrace=False)
    try:
        nginx_binary()
    except NoNginx as exc:
        pytest.fail(str(exc), pytrace=False)
    url = postgres.new_database()
    Store(url).close()  # the schema, made once (three processes making it at once would race)
    return url


def test_kill_and_sigterm_behind_nginx_lose_and_double_nothing(cluster_db: str, tmp_path: Path) -> None:
    with Cluster(cluster_db, 3, tmp_path, lease=3.0) as cluster:
        outcome = asyncio.run(run_failover(cluster, GAMES, deadline=time.monotonic() + 400))
        listed = httpx.get(f"http://{cluster.base}/api/games", timeout=30).json()["games"]
        logs = [cluster.log(i) for i in range(3)]
        survivor = next(p.pid for i, p in enumerate(cluster.nodes) if i not in (outcome.killed, outcome.stopped))
    print(figures(outcome))
    for log in logs:
        assert "Traceback" not in log, log[-3000:]
    assert not problems(cluster_db, outcome)
    # uvicorn ends a process it stopped on a signal by raising that signal again (systemd counts it clean)
    assert outcome.sigterm_exit == -signal.SIGTERM, outcome.sigterm_exit
    assert "drained:" in logs[outcome.stopped], logs[outcome.stopped][-3000:]
    assert outcome.held_at_kill, "the killed process served games when it died"
    assert outcome.held_at_sigterm, "the stopped process served games when it was stopped"
    assert not held_by(cluster_db, outcome.sigterm_pid), "the stopped process released its leases"
    assert not held_by(cluster_db, survivor), "a finished game needs no lease"
    assert {g["id"] for g in listed} >= set(outcome.games), "the lobby lists every game"
    assert all(g["status"] == "over" for g in listed if g["id"] in outcome.games)
    assert sum(s.reconnects for s in outcome.seats) > 0, "people were sent to another process"
