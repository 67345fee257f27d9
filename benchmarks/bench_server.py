"""Load figure for the web table: concurrent games in one server process and action latency.

Starts ``wallenstein serve`` as a subprocess (SQLite in a temporary directory), creates N games of
4 players with one seat played by this script over a WebSocket (random legal decisions, like a very
fast person) and three random bots played by the server, runs them all at once and reports the
latency of the person's actions (sent -> acknowledged, which includes the durable commit) and the
server's throughput. Figures go to stdout; nothing is asserted.

    python benchmarks/bench_server.py --games 10 50 100 --decisions 40                  # bots at full speed
    python benchmarks/bench_server.py --games 100 200 --decisions 20 --bot-delay 0.25   # paced as served
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


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
        total = 0
        for g in made:
            total += (await http.get(f"/api/games/{g['id']}")).json()["version"]
    lat.sort()
    return {
        "games": games,
        "person_actions": len(lat),
        "all_decisions": total - versions_before,
        "seconds": round(seconds, 2),
        "decisions_per_s": round((total - versions_before) / seconds, 1),
        "p50_ms": round(1000 * statistics.median(lat), 2),
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 2),
        "max_ms": round(1000 * lat[-1], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="+", default=[10, 50, 100], help="concurrent games per run")
    parser.add_argument("--decisions", type=int, default=60, help="decisions of the person in each game")
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary directory)")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="server's pause between bot decisions")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        port = free_port()
        cmd = [
            sys.executable,
            "-m",
            "wallenstein.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--bot-delay",
            str(args.bot_delay),
        ]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None
            proc.stdout.readline()
            for _ in range(100):
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/kinds")
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            print("games  person-actions  decisions  seconds  decisions/s  p50 ms  p99 ms  max ms")
            for n in args.games:
                r = asyncio.run(run(f"ws://127.0.0.1:{port}", n, args.decisions))
                print(
                    f"{r['games']:5d}  {r['person_actions']:14d}  {r['all_decisions']:9d}  {r['seconds']:7.1f}"
                    f"  {r['decisions_per_s']:11.1f}  {r['p50_ms']:6.1f}  {r['p99_ms']:6.1f}  {r['max_ms']:6.1f}",
                    flush=True,
                )
        finally:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    main()
