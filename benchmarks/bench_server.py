"""Load figures for the web table: concurrent games, start-up with many stored games, memory per game,
and a game's latency under abuse.

Starts ``wallenstein serve`` as a subprocess (SQLite in a temporary directory). The default run creates N
games of 4 players with one seat played by this script over a WebSocket (random legal decisions, like a
very fast person) and three random bots played by the server, runs them all at once and reports the
latency of the person's actions (sent -> acknowledged, which includes the durable commit) and the
server's throughput. Figures go to stdout; nothing is asserted. Everything runs on loopback and every
loop is bounded.

    python benchmarks/bench_server.py --games 10 50 100 --decisions 40                  # bots at full speed
    python benchmarks/bench_server.py --games 100 200 --decisions 20 --bot-delay 0.25   # paced as served
    python benchmarks/bench_server.py --games --startup 1000     # time to serve with 1,000 stored games
    python benchmarks/bench_server.py --games --memory 50        # memory per finished 5-player game
    python benchmarks/bench_server.py --games --abuse            # a game's p99 under spectators + creations
    python benchmarks/bench_server.py --processes 1 2 --games 50 100 300 --decisions 20   # behind nginx
    python benchmarks/bench_server.py --games --failover 300     # 3 processes, kill -9 and SIGTERM mid-play
    python benchmarks/bench_server.py --games 10 50 --decisions 40 --review   # games beside a review

``--processes``: the same games through nginx in front of that many server processes over one PostgreSQL
database (game leases, webtable.ownership; a throwaway server from tests/webtable/pgtemp.py unless --db
names one), each count in turn, with the servers' CPU time. ``--failover``: the failover scenario of
tests/webtable/test_web_cluster.py at that many games, with what was lost or doubled (nothing, or it says).

``--review``: each count of games twice on the same server, alone (every count), then with a finished
game's review running beside them, asked and followed through the API as the review panel does (the server's review
budget and worker); the last column says how much of the review was done meanwhile and its CPU time.

``--attack HOST:PORT GAME`` is the attacker alone (500 spectator sockets on GAME and a flood of new games
until a line or end of file on stdin; prints what it got as JSON): test_web_abuse.py runs it in its own
process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as connect_sync

sys.path.insert(0, str(Path(__file__).resolve().parent))  # cluster.py and failover.py, beside this file
from cluster import free_port

PEOPLE = [{"type": "human"}] * 3


class Table:
    """Three people playing one game as fast as they can, one decision at a time (the victim game of the
    abuse figures and of tests/webtable/test_web_abuse.py)."""

    def __init__(self, base: str, seed: int, stack: contextlib.ExitStack, games: int = 4) -> None:
        self.base = base
        self.stack = stack
        self.rng = random.Random(seed)
        self.socks: dict[int, ClientConnection] = {}
        self.states: dict[int, dict[str, Any]] = {}
        # Made and connected before any attack, which uses up the address's new games and sockets.
        self.games = [self._join(self._create()) for _ in range(games)]
        self.new_game()

    def _create(self) -> dict[str, Any]:
        made = httpx.post(f"http://{self.base}/api/games", json={"seats": PEOPLE, "seed": self.rng.randrange(999)})
        made.raise_for_status()
        game: dict[str, Any] = made.json()
        return game

    def _join(self, made: dict[str, Any]) -> tuple[dict[int, ClientConnection], dict[int, dict[str, Any]]]:
        socks, states = {}, {}
        for s in made["seats"]:
            ws = self.stack.enter_context(connect_sync(f"ws://{self.base}/ws/{made['id']}", ping_interval=None))
            ws.send(json.dumps({"type": "hello", "token": s["token"]}))
            socks[s["seat"]] = ws
            states[s["seat"]] = self._until(ws, "state")
        return socks, states

    def new_game(self) -> None:
        if not self.games:
            raise RuntimeError("the table has played every game it made before the attack: make it with more games")
        self.socks, self.states = self.games.pop(0)

    def _until(self, ws: ClientConnection, kind: str) -> dict[str, Any]:
        while True:
            msg: dict[str, Any] = json.loads(ws.recv(timeout=60))
            assert msg["type"] != "error", msg
            if msg["type"] == kind:
                return msg

    def decide(self) -> float:
        """One decision by a seat that has one; returns seconds from sending to its acknowledgement."""
        seats = [s for s, st in self.states.items() if st["legal"] and not st["over"]]
        if not seats:
            self.new_game()
            return self.decide()
        seat = self.rng.choice(seats)
        state = self.states[seat]
        ws = self.socks[seat]
        sent = time.perf_counter()
        ws.send(
            json.dumps({"type": "act", "id": 1, "version": state["version"], "action": self.rng.choice(state["legal"])})
        )
        self._until(ws, "ack")
        took = time.perf_counter() - sent
        version = state["version"] + 1
        for s, other in self.socks.items():  # every seat's view of the new version
            st = self.states[s]
            while st["version"] < version:
                st = self._until(other, "state")
            self.states[s] = st
        return took

    def p99(self, n: int) -> float:
        took = sorted(self.decide() for _ in range(n))
        return took[int(0.99 * (len(took) - 1))]


async def person(url: str, gid: str, token: str, decisions: int, seed: int, lat: list[float]) -> int:
    """Play one seat: random legal decisions, timing each from sending to its acknowledgement."""
    rng = random.Random(seed)
    done = 0
    async with connect(f"{url}/ws/{gid}", max_size=1 << 24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while done < decisions:
            msg = json.loads(await ws.recv())
            if msg["type"] != "state":
                continue
            if msg["over"]:
                break
            if msg["legal"]:
                sent = time.perf_counter()
                await ws.send(
                    json.dumps(
                        {"type": "act", "id": done, "version": msg["version"], "action": rng.choice(msg["legal"])}
                    )
                )
                while True:
                    reply = json.loads(await ws.recv())
                    if reply["type"] in ("ack", "error"):
                        break
                lat.append(time.perf_counter() - sent)
                done += 1
    return done


async def run(url: str, games: int, decisions: int) -> dict[str, Any]:
    seats = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * 3
    async with httpx.AsyncClient(base_url=url.replace("ws", "http", 1)) as http:
        made = [
            (await http.post("/api/games", json={"game": "wallenstein", "seats": seats})).json() for _ in range(games)
        ]
        versions_before = sum(g["game"]["version"] for g in made)
        lat: list[float] = []
        start = time.perf_counter()
        await asyncio.gather(
            *(person(url, g["id"], g["seats"][0]["token"], decisions, i, lat) for i, g in enumerate(made))
        )
        seconds = time.perf_counter() - start
        total = await versions(http, [g["id"] for g in made])
    return run_figures(games, lat, total - versions_before, seconds)


async def versions(http: httpx.AsyncClient, ids: list[str]) -> int:
    """The games' versions added up (every decision of a game adds one)."""
    total = 0
    for gid in ids:
        total += (await http.get(f"/api/games/{gid}")).json()["version"]
    return total


def run_figures(games: int, latencies: list[float], decisions: int, seconds: float) -> dict[str, Any]:
    """A run's figures: the person's latencies (sent -> acknowledged) and the server's throughput."""
    lat = sorted(latencies)
    return {
        "games": games,
        "person_actions": len(lat),
        "all_decisions": decisions,
        "seconds": round(seconds, 2),
        "decisions_per_s": round(decisions / seconds, 1),
        "p50_ms": round(1000 * statistics.median(lat), 2),
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 2),
        "max_ms": round(1000 * lat[-1], 2),
    }


async def attack(base: str, other: str, stop: threading.Event, spectators: int = 500) -> dict[str, int]:
    """``spectators`` sockets watching game ``other`` and a flood of new games (half with a bot), all from
    this one address, until ``stop`` (at most 3,000 requests). Returns what the server answered."""
    counts = {"watching": 0, "refused": 0}
    sockets: list[Any] = []
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60) as http:

        async def spectator() -> None:
            try:
                ws = await connect(f"ws://{base}/ws/{other}", open_timeout=60, ping_interval=None)
                sockets.append(ws)
                await ws.send('{"type": "hello"}')
                welcome = json.loads(await asyncio.wait_for(ws.recv(), 60))
                counts["watching" if welcome["type"] == "welcome" else "refused"] += 1
            except (OSError, WebSocketException, TimeoutError):
                counts["refused"] += 1

        async def flood() -> None:
            for i in range(750):
                if stop.is_set():
                    return
                seats = PEOPLE if i % 2 else [{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "human"}]
                res = await http.post("/api/games", json={"seats": seats})
                counts[str(res.status_code)] = counts.get(str(res.status_code), 0) + 1

        flooding = [asyncio.ensure_future(flood()) for _ in range(4)]
        for _ in range(spectators // 50):
            await asyncio.gather(*(spectator() for _ in range(50)))
        print("ready", flush=True)  # every spectator is in or refused; the flood goes on
        while not stop.is_set():
            await asyncio.sleep(0.05)
        await asyncio.gather(*flooding)
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return counts


def attack_main(base: str, other: str, spectators: int) -> None:
    # An attacker's CPU is its own, not the server's: on one machine it runs at the lowest priority, so the
    # figures show what the server's handling of the attack costs, not two processes sharing the cores.
    os.nice(19)
    stop = threading.Event()

    def wait_for_stdin() -> None:
        sys.stdin.readline()
        stop.set()

    threading.Thread(target=wait_for_stdin, daemon=True).start()
    print(json.dumps(asyncio.run(attack(base, other, stop, spectators))), flush=True)


@contextlib.contextmanager
def attacker(base: str, other: str, spectators: int = 500) -> Iterator[dict[str, int]]:
    """The attack in its own process (its work does not slow this one's measurements through the GIL);
    the dict yielded is filled with its counts when the block ends. The block starts once the attack is in
    full force (every spectator socket in or refused, the flood running), not during its first burst."""
    cmd = [sys.executable, __file__, "--attack", base, other, "--spectators", str(spectators)]
    with counting_process(cmd, 300) as counts:
        yield counts


@contextlib.contextmanager
def counting_process(cmd: list[str], timeout: float) -> Iterator[dict[str, int]]:
    """A process that prints "ready" once under way and, told "stop" on its standard input, ends by
    printing its counts as one JSON line: the block runs from "ready" to the stop, and the dict yielded
    is filled with the counts when it ends (RuntimeError if the process failed or printed none)."""
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    counts: dict[str, int] = {}
    try:
        assert proc.stdout is not None
        while (line := proc.stdout.readline()) and line.strip() != "ready":
            pass
        yield counts
    finally:
        out, _ = proc.communicate("stop\n", timeout=timeout)
        lines = out.strip().splitlines()
        if proc.returncode or not lines:
            raise RuntimeError(f"the process ended with {proc.returncode} and no counts: {out[-500:]!r}")
        counts.update(json.loads(lines[-1]))


@contextlib.contextmanager
def serving(db: str, *extra: str) -> Iterator[tuple[str, subprocess.Popen[str], float]]:
    """``wallenstein serve`` on a free port; yields its address, process and seconds until it answered."""
    port = free_port()
    cmd = [sys.executable, "-m", "wallenstein.cli", "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    start = time.perf_counter()
    proc = subprocess.Popen([*cmd, *extra], stdout=subprocess.PIPE, text=True)
    try:
        for _ in range(6000):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/kinds")
                break
            except httpx.TransportError:
                time.sleep(0.01)
        yield f"127.0.0.1:{port}", proc, time.perf_counter() - start
    finally:
        proc.kill()
        proc.wait()


def stored_games(db: str, n: int, players: int = 4, decisions: int = 12) -> list[str]:
    """``n`` unfinished games (one person, the rest random bots) with ``decisions`` decisions each, written
    straight into the store, as a server leaves them when it stops."""
    from webtable.registry import GAMES, install_defaults
    from webtable.rooms import token_digest
    from webtable.store import GameRecord, Store

    install_defaults()
    kind = GAMES["wallenstein"]
    store = Store(db)
    rng = random.Random(1)
    seats: list[dict[str, Any]] = [{"type": "human", "name": "", "token_sha256": token_digest("t")}]
    seats += [{"type": "bot", "name": "", "bot": "random", "salt": s} for s in range(players - 1)]
    ids = []
    for i in range(n):
        game = kind.new_game(players, i, {})
        for _ in range(decisions):
            seat = game.pending()[-1]
            game.apply(seat, rng.choice(list(game.legal_actions(seat))))
        gid = f"bench{i}"
        now = time.time()
        store.create(GameRecord(gid, "wallenstein", players, seats, "running", now, now, decisions), game.history)
        ids.append(gid)
    store.close()
    return ids


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def bench_startup(tmp: str, n: int) -> None:
    db = f"sqlite:///{Path(tmp) / 'startup.sqlite3'}"
    made = time.perf_counter()
    ids = stored_games(db, n)
    print(f"{n} stored games with bots written in {time.perf_counter() - made:.1f} s", flush=True)
    with serving(db) as (base, _proc, seconds):
        print(f"start-up: serving after {seconds:.2f} s", flush=True)
        start = time.perf_counter()
        for _ in range(60_000):  # the background resume reaches the last game (or a request loads it)
            if httpx.get(f"http://{base}/api/games/{ids[-1]}").json().get("version", 0) > 12:
                break
            time.sleep(0.01)
        print(f"start-up: the last stored game's bots playing again {time.perf_counter() - start:.2f} s later")


def bench_memory(tmp: str, n: int) -> None:
    """Finished 5-player games (random bots to the end) opened in the server: RSS growth per game."""
    from webtable.registry import GAMES, install_defaults
    from webtable.store import GameRecord, Store

    db = f"sqlite:///{Path(tmp) / 'memory.sqlite3'}"
    install_defaults()
    kind = GAMES["wallenstein"]
    store = Store(db)
    rng = random.Random(2)
    seats = [{"type": "bot", "name": "", "bot": "random", "salt": s} for s in range(5)]
    for i in range(n):
        game = kind.new_game(5, 100 + i, {})
        while not game.over:
            seat = game.pending()[0]
            game.apply(seat, rng.choice(list(game.legal_actions(seat))))
        now = time.time()
        store.create(GameRecord(f"m{i}", "wallenstein", 5, seats, "over", now, now, 0), game.history)
    store.close()
    with serving(db) as (base, proc, _):
        httpx.get(f"http://{base}/api/games/m0")  # the first room loads the code paths
        before = rss_kb(proc.pid)
        for i in range(1, n):
            httpx.get(f"http://{base}/api/games/m{i}")
        after = rss_kb(proc.pid)
        print(f"memory: {(after - before) / (n - 1):.0f} KB per finished 5-player game in memory ({n - 1} games)")


def bench_abuse(tmp: str, samples: int, *limits: str) -> None:
    """A three-person game's p99 decision latency, quiet and while one address attacks."""
    db = f"sqlite:///{Path(tmp) / f'abuse{len(limits)}.sqlite3'}"
    with serving(db, "--limit", "games_per_minute=30", *limits) as (base, _, _), contextlib.ExitStack() as stack:
        table = Table(base, 1, stack)
        other = httpx.post(f"http://{base}/api/games", json={"seats": PEOPLE}).json()["id"]
        table.p99(30)
        quiet = table.p99(samples)
        with attacker(base, other) as counts:
            attacked = table.p99(samples)
        print(
            f"abuse ({' '.join(limits) or 'default limits'}): p99 quiet {1000 * quiet:.1f} ms, "
            f"under attack {1000 * attacked:.1f} ms (x{attacked / quiet:.2f}); attacker got {counts}",
            flush=True,
        )


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time the processes have used so far (the machine's cores are shared)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / ticks


async def run_people(base: str, games: int, decisions: int) -> dict[str, Any]:
    """``run``'s games (one person, three random bots) through a proxy: the person reconnects if it must."""
    from cluster import Seat, create_game, play

    seats = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * 3
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60) as http:
        made = [await create_game(http, {"game": "wallenstein", "seats": seats}) for _ in range(games)]
        before = sum(g["game"]["version"] for g in made)
        people = [Seat(g["id"], 0) for g in made]
        start = time.perf_counter()
        deadline = time.monotonic() + 3600
        tokens = [g["seats"][0]["token"] for g in made]
        await asyncio.gather(*(play(base, people[i], tokens[i], i, deadline, decisions) for i in range(games)))
        seconds = time.perf_counter() - start
        total = await versions(http, [g["id"] for g in made])
    lat = [t for p in people for t in p.latencies]
    return {**run_figures(games, lat, total - before, seconds), "reconnects": sum(p.reconnects for p in people)}


@contextlib.contextmanager
def postgres_url(given: str | None) -> Iterator[Callable[[], str]]:
    """Fresh PostgreSQL databases: on the server of ``given`` (a URL; each call: that database, emptied of
    nothing: use a fresh one per run) or on a throwaway server (tests/webtable/pgtemp.py)."""
    if given:
        yield lambda: given
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "webtable"))
    from pgtemp import start_postgres

    server = start_postgres(free_port())
    try:
        yield server.new_database
    finally:
        server.stop()


HEADER = "games  person-actions  decisions  seconds  decisions/s  p50 ms  p99 ms  max ms  CPU ms/decision"


def row(r: dict[str, Any], cpu: float) -> str:
    """A run's figures under HEADER (``cpu``: the servers' CPU seconds during the run)."""
    return (
        f"{r['games']:5d}  {r['person_actions']:14d}  {r['all_decisions']:9d}  {r['seconds']:7.1f}"
        f"  {r['decisions_per_s']:11.1f}  {r['p50_ms']:6.1f}  {r['p99_ms']:6.1f}  {r['max_ms']:6.1f}"
        f"  {1000 * cpu / max(1, r['all_decisions']):15.2f}"
    )


def bench_processes(tmp: str, counts: list[int], games: list[int], decisions: int, db: str | None) -> None:
    from cluster import Cluster

    from webtable.store import Store

    print(f"processes  {HEADER}")
    with postgres_url(db) as new_database:
        for n in counts:
            url = new_database()
            Store(url).close()  # the schema, made once
            folder = Path(tempfile.mkdtemp(dir=tmp))
            with Cluster(url, n, folder, lease=6.0) as cluster:
                for g in games:
                    cpu = cpu_seconds([p.pid for p in cluster.nodes])
                    r = asyncio.run(run_people(cluster.base, g, decisions))
                    cpu = cpu_seconds([p.pid for p in cluster.nodes]) - cpu
                    print(f"{n:9d}  {row(r, cpu)}", flush=True)


def bench_failover(tmp: str, games: int, db: str | None) -> None:
    from cluster import Cluster
    from failover import figures, problems, run_failover

    from webtable.store import Store

    with postgres_url(db) as new_database:
        url = new_database()
        Store(url).close()
        with Cluster(url, 3, Path(tempfile.mkdtemp(dir=tmp)), lease=6.0) as cluster:
            cpu = cpu_seconds([p.pid for p in cluster.nodes])
            out = asyncio.run(run_failover(cluster, games, time.monotonic() + 3600))
            cpu = cpu_seconds([p.pid for p in cluster.nodes]) - cpu  # (the survivor's; the others are gone)
            listed = httpx.get(f"http://{cluster.base}/api/games", timeout=60).json()["games"]
        print(f"failover: {figures(out)}; the surviving server's CPU {cpu:.1f} s")
        found = problems(url, out)
        print(f"failover: {'nothing lost or doubled' if not found else found[:20]}")
        finished = all(g["status"] == "over" for g in listed)
        print(f"failover: the lobby lists the {len(listed)} latest games, all of them finished: {finished}")


def bench_games(tmp: str, db: str | None, games: list[int], decisions: int, bot_delay: float, review: bool) -> None:
    """Each count of concurrent games in one server process; with ``review``, each count twice in the same
    server: alone, then (after every count alone) with a finished game's review running beside it."""
    url = db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
    # One address plays every game here: the per-address limits of a public table are lifted.
    lifted = ["games_per_minute=0", "max_bot_games=0", "max_bot_games_per_client=0"]
    lifted += ["max_connections_per_client=100000", "max_http_per_client=0", f"bot_threads={4}"]
    extra = [a for limit in lifted for a in ("--limit", limit)] + ["--bot-delay", str(bot_delay)]
    with serving(url, *extra) as (base, proc, _):
        # Every count alone first: a review once asked goes on in the server until it is done, so no run
        # alone may follow one beside a review.
        runs: list[Reviewing | None] = [None, Reviewing(base, proc.pid)] if review else [None]
        # (The server's CPU seconds per decision hold on a machine whose cores others share too.)
        print(f"{HEADER}  {'review beside the games' if review else ''}", flush=True)
        for beside in runs:
            for n in games:
                if beside is not None:
                    asyncio.run(beside.start())  # (its finished games' bots are not the runs' CPU)
                cpu = cpu_seconds([proc.pid])
                r, said = asyncio.run(run_beside(f"ws://{base}", n, decisions, beside))
                cpu = cpu_seconds([proc.pid]) - cpu
                print(f"{row(r, cpu)}  {said}", flush=True)


async def run_beside(url: str, games: int, decisions: int, reviewing: Reviewing | None) -> tuple[dict[str, Any], str]:
    """``run``'s games, alone or with ``reviewing`` keeping a review going all the while: the figures and
    what the review did meanwhile ("-" alone)."""
    if reviewing is None:
        return await run(url, games, decisions), "-"
    worker_cpu = cpu_seconds(reviewing.workers())
    done = reviewing.steps
    stop = asyncio.Event()
    keeping = asyncio.ensure_future(reviewing.keep_going(stop))
    try:
        r = await run(url, games, decisions)
    finally:
        stop.set()
        await keeping
    cpu = cpu_seconds(reviewing.workers()) - worker_cpu
    return r, f"{reviewing.steps - done} review steps, {cpu:.1f} s of the worker's CPU"


class Reviewing:
    """A player asking for finished games' reviews through the API, as the review panel does: asks for a
    seat's review (POST), reads its progress every second until it is done, then asks for the next seat's
    (the server's own budget and worker). The finished games are four random bots', played by the server."""

    def __init__(self, base: str, server: int) -> None:
        self.http = f"http://{base}"
        self.server = server
        self.asks: list[tuple[str, int]] = []  # (game, seat) not yet asked for
        self.current: tuple[str, int] | None = None
        self.steps = 0  # the reviews' progress so far, all reviews together (steps: see ``counted``)
        self.counted = 0  # of the current review (its progress: the curve's positions, then the seat's)
        self.total = 0  # the current review's progress total

    def workers(self) -> list[int]:
        """The server's child processes (the review worker, the replay workers), started by any thread."""
        pids: list[int] = []
        for task in Path(f"/proc/{self.server}/task").glob("*"):
            with contextlib.suppress(OSError):
                pids += [int(pid) for pid in (task / "children").read_text().split()]
        return pids

    async def start(self) -> None:
        """Finished games to review (made once), and a review running (its worker up) before measuring."""
        async with httpx.AsyncClient(base_url=self.http, timeout=60) as http:
            if not self.asks and self.current is None:
                self.asks = [(gid, seat) for gid in await self._finished_games(http, 3) for seat in range(4)]
            while not await self._step(http):
                await asyncio.sleep(0.5)

    async def _finished_games(self, http: httpx.AsyncClient, count: int) -> list[str]:
        seats = [{"type": "bot", "bot": "random"}] * 4
        ids = []
        for k in range(count):
            made = await http.post("/api/games", json={"game": "wallenstein", "seats": seats, "seed": 900 + k})
            made.raise_for_status()
            ids.append(made.json()["id"])
        for gid in ids:
            for _ in range(6000):  # bounded: random bots end a game in seconds
                if (await http.get(f"/api/games/{gid}")).json()["status"] == "over":
                    break
                await asyncio.sleep(0.05)
        return ids

    async def _step(self, http: httpx.AsyncClient) -> bool:
        """Ask for the next review if none runs, else read the running one's progress; whether it has
        made progress since asked."""
        if self.current is None:
            if not self.asks:
                raise RuntimeError("every finished game's review is done: the benchmark ran longer than expected")
            self.current, self.counted, self.total = self.asks.pop(0), 0, 0
            gid, seat = self.current
            answer = (await http.post(f"/api/games/{gid}/review", json={"seat": seat})).json()
        else:
            gid, seat = self.current
            answer = (await http.get(f"/api/games/{gid}/review", params={"seat": str(seat)})).json()
        if answer["status"] == "running":
            done, self.total = answer["done"], answer["total"]
        else:  # done (or failed: then it stops counting and the next is asked)
            done = self.total if answer["status"] == "done" else self.counted
        self.steps += max(0, done - self.counted)
        self.counted = max(self.counted, done)
        if answer["status"] != "running":
            self.current = None
        return self.counted > 0

    async def keep_going(self, stop: asyncio.Event) -> None:
        """Follow the review every second (asking for the next once one is done) until ``stop``, then read
        its progress once more."""
        async with httpx.AsyncClient(base_url=self.http, timeout=60) as http:
            while not stop.is_set():
                await self._step(http)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), 1.0)
            await self._step(http)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="*", default=[10, 50, 100], help="concurrent games per run")
    parser.add_argument("--decisions", type=int, default=60, help="decisions of the person in each game")
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary directory)")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="server's pause between bot decisions")
    parser.add_argument("--startup", type=int, default=0, help="time to serve with this many stored games")
    parser.add_argument("--memory", type=int, default=0, help="memory per finished game, over this many")
    parser.add_argument("--abuse", action="store_true", help="p99 under 500 spectators and a creation flood")
    parser.add_argument("--samples", type=int, default=300, help="decisions per latency figure (--abuse)")
    parser.add_argument("--attack", nargs=2, metavar=("HOST:PORT", "GAME"), help="run only the attacker")
    parser.add_argument("--spectators", type=int, default=500, help="spectator sockets of the attacker")
    parser.add_argument("--processes", type=int, nargs="*", default=[], help="server processes behind nginx")
    parser.add_argument("--failover", type=int, default=0, help="games of the failover scenario (3 processes)")
    parser.add_argument("--review", action="store_true", help="each count twice: alone, and beside a review")
    args = parser.parse_args()
    if args.attack:
        attack_main(args.attack[0], args.attack[1], args.spectators)
        return
    with tempfile.TemporaryDirectory() as tmp:
        if args.startup:
            bench_startup(tmp, args.startup)
        if args.memory:
            bench_memory(tmp, args.memory)
        if args.abuse:
            bench_abuse(tmp, args.samples)
            bench_abuse(
                tmp, args.samples, "--limit", "max_spectators=1000", "--limit", "max_connections_per_client=1000"
            )
        if args.failover:
            bench_failover(tmp, args.failover, args.db)
        if args.processes:
            bench_processes(tmp, args.processes, args.games, args.decisions, args.db)
            return
        if not args.games:
            return
        bench_games(tmp, args.db, args.games, args.decisions, args.bot_delay, args.review)


if __name__ == "__main__":
    main()
