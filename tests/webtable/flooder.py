"""An attacker for the abuse tests, run in its own process (its work must not slow the measuring
process through the GIL; it runs at nice 19, so the figures show what handling it costs the server).

    python flooder.py previews HOST:PORT GAME TOKEN ACTIONS_JSON [--sockets 60] [--rate 50]
    python flooder.py replays HOST:PORT GAME,GAME,... [--loops 8] [--seats 3]

``previews``: ``--sockets`` WebSockets of one seat, each sending a preview of one of the actions (in
turn) ``--rate`` times a second and reading every answer. ``replays``: ``--loops`` loops, each asking
every game's replay in every view (the spectator's and each seat's) and both languages, over and over.
Both print ``ready`` once under way and run until a line (or the end) on stdin, bounded by ``--most``
seconds; then print what the server answered as JSON. Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import threading
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException


async def previews(
    base: str, game: str, token: str, actions: list[Any], sockets: int, rate: float, stop: Any
) -> dict[str, int]:
    counts: dict[str, int] = {"sockets": 0, "refused_sockets": 0}

    async def one(k: int) -> None:
        while not stop.is_set():  # connects again when closed, as a determined attacker would
            try:
                url = f"ws://{base}/ws/{game}"
                async with connect(url, open_timeout=30, close_timeout=0.5, ping_interval=None) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    counts["sockets"] += 1
                    await flood(ws, k)
            except (OSError, WebSocketException, TimeoutError):
                counts["refused_sockets"] += 1
                await asyncio.sleep(0.05)

    async def flood(ws: Any, k: int) -> None:
        async def read() -> None:
            with contextlib.suppress(WebSocketException):
                async for text in ws:
                    msg = json.loads(text)
                    name = msg.get("code") or msg["type"]
                    counts[name] = counts.get(name, 0) + 1

        reader = asyncio.ensure_future(read())
        i = 0
        while not stop.is_set() and not reader.done():
            await ws.send(json.dumps({"type": "preview", "id": i, "action": actions[(k + i) % len(actions)]}))
            counts["sent"] = counts.get("sent", 0) + 1
            i += 1
            await asyncio.sleep(1 / rate)
        reader.cancel()
        counts["closed"] = counts.get("closed", 0) + 1

    ready = asyncio.ensure_future(_ready_after(1.0))
    await asyncio.gather(*(one(k) for k in range(sockets)), ready)
    return counts


async def replays(base: str, games: list[str], loops: int, seats: int, stop: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    keys = [(g, v, lang) for g in games for v in ["spectator", *map(str, range(seats))] for lang in ("en", "de")]

    async def loop(k: int, http: httpx.AsyncClient) -> None:
        i = k
        while not stop.is_set():
            g, view, lang = keys[i % len(keys)]
            i += 1
            try:
                res = await http.get(f"/api/games/{g}/replay", params={"view": view, "lang": lang})
                counts[str(res.status_code)] = counts.get(str(res.status_code), 0) + 1
            except httpx.HTTPError:
                counts["failed"] = counts.get("failed", 0) + 1
                await asyncio.sleep(0.1)

    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60) as http:
        await asyncio.gather(*(loop(k * 7, http) for k in range(loops)), _ready_after(1.0))
    return counts


async def _ready_after(seconds: float) -> None:
    await asyncio.sleep(seconds)
    print("ready", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["previews", "replays"])
    parser.add_argument("base")
    parser.add_argument("games")
    parser.add_argument("token", nargs="?")
    parser.add_argument("actions", nargs="?")
    parser.add_argument("--sockets", type=int, default=60)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--loops", type=int, default=8)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--most", type=float, default=120.0)
    parser.add_argument("--nice", type=int, default=10)
    args = parser.parse_args()
    os.nice(args.nice)
    stop = threading.Event()

    def stop_on_input() -> None:
        sys.stdin.readline()
        stop.set()

    threading.Thread(target=stop_on_input, daemon=True).start()
    threading.Timer(args.most, stop.set).start()
    if args.mode == "previews":
        work = previews(args.base, args.games, args.token, json.loads(args.actions), args.sockets, args.rate, stop)
    else:
        work = replays(args.base, args.games.split(","), args.loops, args.seats, stop)
    print(json.dumps(asyncio.run(work)), flush=True)
    os._exit(0)  # the timer thread may still wait


if __name__ == "__main__":
    main()
