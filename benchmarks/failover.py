"""The failover scenario on a Cluster: games with bots and scripted people play through nginx; once they
are under way one process is killed with kill -9, a little later another is stopped with SIGTERM, and
everything plays on to the end on the process left. ``problems`` says what, if anything, was lost or
doubled. Run by tests/webtable/test_web_cluster.py (24 games) and bench_server.py --failover (300).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import sqlalchemy as sa
from cluster import Cluster, Seat, create_game, play

from webtable.registry import game_kind, install_defaults
from webtable.store import LEASES, Store
from webtable.views import decisions_of

KINDS = ("wallenstein", "league_of_six")


@dataclass
class Outcome:
    games: list[str] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    held_at_kill: int = 0  # games the killed process held leases of when it died
    held_at_sigterm: int = 0
    sigterm_exit: int | None = None
    killed: int = 0  # which process was killed, which stopped (the ones holding most games then)
    stopped: int = 0
    sigterm_pid: int = 0
    seconds: float = 0.0
    decisions: int = 0


def body(i: int) -> dict[str, Any]:
    """Game ``i``: every fourth of bots alone, the others with one or two scripted people."""
    bot = {"type": "bot", "bot": "random"}
    person = {"type": "human"}
    seats = [bot] * 3 if i % 4 == 3 else [person, person, bot] if i % 4 == 2 else [person, bot, bot]
    return {"game": KINDS[i % 2], "seats": seats, "seed": i}


def held_by(db: str, pid: int) -> int:
    """Leases the process ``pid`` holds now (its holder name is host:pid:random)."""
    store = Store(db)
    try:
        with store.engine.connect() as conn:
            query = sa.select(sa.func.count()).select_from(LEASES).where(LEASES.c.holder.like(f"%:{pid}:%"))
            return int(conn.execute(query).scalar() or 0)
    finally:
        store.close()


async def _busiest(cluster: Cluster, nodes: Any) -> tuple[int, int]:
    """The process of ``nodes`` that holds the most leases now, and how many it holds."""
    held = {i: await asyncio.to_thread(held_by, cluster.db, cluster.nodes[i].pid) for i in nodes}
    busiest = max(held, key=lambda i: held[i])
    return busiest, held[busiest]


async def _until(seats: list[Seat], tasks: list[asyncio.Task[Seat]], acked: int, deadline: float) -> None:
    while sum(len(s.acked) for s in seats) < acked and not all(t.done() for t in tasks):
        if time.monotonic() > deadline:
            return
        await asyncio.sleep(0.1)


async def run_failover(cluster: Cluster, games: int, deadline: float) -> Outcome:
    """Play ``games`` games through ``cluster`` (3 processes or more), killing process 0 and stopping
    process 1 with SIGTERM along the way; returns what was played, once every game is over."""
    out = Outcome()
    start = time.perf_counter()
    async with httpx.AsyncClient(base_url=f"http://{cluster.base}", timeout=30) as http:
        made = [await create_game(http, body(i)) for i in range(games)]
        out.games = [g["id"] for g in made]
        tasks = []
        for i, game in enumerate(made):
            for s in game["seats"]:
                seat = Seat(game["id"], s["seat"])
                out.seats.append(seat)
                tasks.append(asyncio.create_task(play(cluster.base, seat, s["token"], 100 * i + s["seat"], deadline)))
        await _until(out.seats, tasks, 3 * len(out.seats), deadline)
        out.killed, out.held_at_kill = await _busiest(cluster, range(len(cluster.nodes)))
        await asyncio.to_thread(cluster.kill, out.killed)
        await _until(out.seats, tasks, 6 * len(out.seats), deadline)
        alive = [i for i in range(len(cluster.nodes)) if i != out.killed]
        out.stopped, out.held_at_sigterm = await _busiest(cluster, alive)
        out.sigterm_pid = cluster.nodes[out.stopped].pid
        out.sigterm_exit = await asyncio.to_thread(cluster.terminate, out.stopped)
        await asyncio.gather(*tasks)
        for game_id in out.games:  # the games of bots alone (and any other) play to their end
            while time.monotonic() < deadline:
                with_bots = await http.get(f"/api/games/{game_id}")
                if with_bots.status_code == 200 and with_bots.json()["status"] == "over":
                    out.decisions += with_bots.json()["version"]
                    break
                await asyncio.sleep(0.5)
    out.seconds = time.perf_counter() - start
    return out


def problems(db: str, out: Outcome) -> list[str]:
    """What was lost or doubled: a game not over, a history that does not replay to its end, an
    acknowledged decision missing or stored twice. Empty when all is well."""
    install_defaults()
    found: list[str] = []
    store = Store(db)
    try:
        for game_id in out.games:
            record = store.record(game_id)
            if record is None or record.status != "over":
                found.append(f"game {game_id} did not finish: {record}")
                continue
            history = store.history(game_id)
            if decisions_of(history) != record.decisions or not game_kind(record.kind).replay(history).over:
                found.append(f"game {game_id}: its stored history is not one finished game")
        for seat in out.seats:
            stored = [e["action"] for e in store.history(seat.game)[1:] if e.get("seat") == seat.seat]
            found += acked_once(stored, seat, f"game {seat.game} seat {seat.seat}")
    finally:
        store.close()
    return found


def acked_once(stored: list[Any], seat: Seat, where: str) -> list[str]:
    """Every acknowledged decision is stored, in order; the only others stored are those in doubt (sent
    before a connection was lost, answered by nobody), so none is stored twice."""
    if not seat.over:
        return [f"{where}: the person never saw the game end"]
    at = 0
    for action in seat.acked:
        while at < len(stored) and stored[at] != action:
            at += 1
        if at == len(stored):
            return [f"{where}: an acknowledged decision is missing: {action}"]
        at += 1
    if len(stored) - len(seat.acked) > seat.in_doubt:
        return [f"{where}: {len(stored)} decisions stored, {len(seat.acked)} acknowledged, {seat.in_doubt} in doubt"]
    return []


def figures(out: Outcome) -> str:
    took = sorted(t for s in out.seats for t in s.latencies)
    p99 = took[min(len(took) - 1, int(0.99 * len(took)))] if took else 0.0
    return (
        f"{len(out.games)} games, {out.decisions} decisions in {out.seconds:.1f} s"
        f" ({out.decisions / out.seconds:.0f}/s);"
        f" people's decisions acknowledged {len(took)}, p50 {1000 * statistics.median(took or [0]):.0f} ms,"
        f" p99 {1000 * p99:.0f} ms; reconnects {sum(s.reconnects for s in out.seats)}, in doubt"
        f" {sum(s.in_doubt for s in out.seats)}; leases held at kill -9 {out.held_at_kill}, at SIGTERM"
        f" {out.held_at_sigterm} (exit {out.sigterm_exit})"
    )
