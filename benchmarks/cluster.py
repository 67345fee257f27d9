"""Several table servers behind nginx over one PostgreSQL database, and scripted people who play through
it: the multi-process mode of bench_server.py and the failover test (tests/webtable/test_web_cluster.py).

nginx (Debian's package) hashes the game id in the URL (``hash $game consistent``), so each game's
connections reach one process, its owner (webtable.ownership); other requests go anywhere. When a process
dies, nginx sends its games' connections to the next process on the ring, which takes their leases once
they expire. Every process writes its log to the cluster's folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

# Every game is played from this one address: the per-address limits of a public table are lifted, and
# behind a proxy on this machine every client has the proxy's address (docs/hosting-scale.md).
LIFTED = [
    "games_per_minute=0",
    "max_bot_games=0",
    "max_bot_games_per_client=0",
    "max_people_games=0",
    "max_connections_per_client=100000",
    "max_http_per_client=0",
]

NGINX_CONF = """\
daemon off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    # A game's page, socket and API go to the process that serves it; anything else anywhere.
    map $uri $game {{
        ~^/(?:ws|game|api/games)/(?<id>[A-Za-z0-9_-]+) $id;
        default $request_id;
    }}
    upstream table {{
        hash $game consistent;
{servers}
        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://table;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_connect_timeout 2s;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""


class NoNginx(RuntimeError):
    """nginx is not installed: the message says how to get it."""


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if found is None:
        raise NoNginx("nginx is missing: install Debian's package (apt-get install nginx; scripts/install-nginx)")
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_http(port: int, proc: subprocess.Popen[bytes], log: Path, timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/kinds", timeout=2)
            return
        except httpx.TransportError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{log.name} did not start: {log.read_text(errors='replace')[-2000:]}") from None
            time.sleep(0.05)


class Cluster:
    """``processes`` servers over ``db`` with leases of ``lease`` seconds, and nginx in front (``base``)."""

    def __init__(self, db: str, processes: int, folder: Path, lease: float = 4.0, bot_delay: float = 0.0) -> None:
        self.db = db
        self.folder = folder
        self.ports = [free_port() for _ in range(processes)]
        self.lease = lease
        self.bot_delay = bot_delay
        self.nodes: list[subprocess.Popen[bytes]] = []
        self.nginx: subprocess.Popen[bytes] | None = None
        self.port = free_port()

    @property
    def base(self) -> str:
        return f"127.0.0.1:{self.port}"

    def __enter__(self) -> Cluster:
        binary = nginx_binary()
        try:
            self.nodes = [self._node(i) for i in range(len(self.ports))]
            for i, proc in enumerate(self.nodes):
                _wait_http(self.ports[i], proc, self.folder / f"node{i}.log")
            self._nginx(binary)
        except BaseException:
            self.__exit__()
            raise
        return self

    def _node(self, i: int) -> subprocess.Popen[bytes]:
        cmd = [sys.executable, "-m", "wallenstein.cli", "serve", "--port", str(self.ports[i]), "--db", self.db]
        cmd += ["--bot-delay", str(self.bot_delay)]
        for limit in [*LIFTED, f"lease_seconds={self.lease}", "shutdown_grace=5"]:
            cmd += ["--limit", limit]
        with (self.folder / f"node{i}.log").open("ab") as log:
            return subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)

    def _nginx(self, binary: str) -> None:
        self.folder.chmod(0o777)  # nginx's workers run as nobody when it is started as root
        servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in self.ports)
        conf = self.folder / "nginx.conf"
        conf.write_text(NGINX_CONF.format(tmp=self.folder, servers=servers, port=self.port))
        with (self.folder / "nginx.log").open("ab") as log:
            self.nginx = subprocess.Popen(
                [binary, "-c", str(conf), "-e", str(self.folder / "nginx-error.log")],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        _wait_http(self.port, self.nginx, self.folder / "nginx-error.log")

    def kill(self, i: int) -> None:
        """The process dies at once (kill -9): nothing of it runs after this."""
        self.nodes[i].kill()
        self.nodes[i].wait(timeout=10)

    def terminate(self, i: int, timeout: float = 30) -> int:
        """SIGTERM, as systemd stops a service; returns its exit code once it has drained and exited."""
        self.nodes[i].send_signal(signal.SIGTERM)
        return self.nodes[i].wait(timeout=timeout)

    def log(self, i: int) -> str:
        return (self.folder / f"node{i}.log").read_text(errors="replace")

    def __exit__(self, *_exc: object) -> None:
        for proc in [*self.nodes, *([self.nginx] if self.nginx else [])]:
            if proc.poll() is None:
                proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)


# ---------------------------------------------------------------------- scripted people and the lobby
@dataclass
class Seat:
    """What one scripted person did: the decisions acknowledged, in order, and those in doubt (sent, then
    the connection was lost before an answer: committed or not, either is right)."""

    game: str
    seat: int
    acked: list[Any] = field(default_factory=list)
    in_doubt: int = 0
    reconnects: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    over: bool = False


async def create_game(http: httpx.AsyncClient, body: dict[str, Any], tries: int = 60) -> dict[str, Any]:
    """A new game through the lobby, tried again while a process stops (503) or is gone (no answer)."""
    for _ in range(tries):
        try:
            made = await http.post("/api/games", json=body)
        except httpx.TransportError:
            await asyncio.sleep(0.2)
            continue
        if made.status_code == 200:
            game: dict[str, Any] = made.json()
            return game
        if made.status_code != 503:
            made.raise_for_status()
        await asyncio.sleep(0.2)
    raise RuntimeError(f"no game could be made: {made.status_code} {made.text[:300]}")


async def play(base: str, seat: Seat, token: str, seed: int, deadline: float, decisions: int = 0) -> Seat:
    """Play ``seat`` with random legal decisions until the game is over (or ``decisions`` were acknowledged,
    if given), reconnecting whenever the connection is lost or closed, as the page does."""
    rng = random.Random(seed)
    pause = 0.1
    while time.monotonic() < deadline and not seat.over and not (decisions and len(seat.acked) >= decisions):
        try:
            async with connect(
                f"ws://{base}/ws/{seat.game}", open_timeout=10, ping_interval=None, max_size=1 << 24
            ) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                await _session(ws, seat, rng, deadline, decisions)
                pause = 0.1
        except (OSError, WebSocketException, TimeoutError):
            pass
        if not seat.over and not (decisions and len(seat.acked) >= decisions):
            seat.reconnects += 1
            await asyncio.sleep(pause)
            pause = min(2.0, pause * 2)
    return seat


async def _session(ws: Any, seat: Seat, rng: random.Random, deadline: float, decisions: int) -> None:
    sent: tuple[int, Any, float] | None = None  # the decision waiting for its answer: version, action, when
    decided_on: int | None = None
    latest: dict[str, Any] | None = None
    try:
        while time.monotonic() < deadline:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
            kind = msg["type"]
            if kind == "state":
                latest = msg
                seat.over = bool(msg["over"])
                if seat.over:
                    return
            elif kind == "ack" and sent is not None and msg.get("id") == sent[0]:
                seat.acked.append(sent[1])
                seat.latencies.append(time.perf_counter() - sent[2])
                sent = None
                if decisions and len(seat.acked) >= decisions:
                    return
            elif kind == "error" and sent is not None and msg.get("id") == sent[0]:
                seat.refused[str(msg.get("code"))] += 1
                sent = None
                if msg.get("code") != "stale":  # (a stale one is decided again on the newer state, once sent)
                    decided_on = None
            if sent is None and latest is not None and latest["legal"] and latest["version"] != decided_on:
                action = rng.choice(latest["legal"])
                decided_on = latest["version"]
                sent = (decided_on, action, time.perf_counter())
                await ws.send(json.dumps({"type": "act", "id": decided_on, "version": decided_on, "action": action}))
    finally:
        if sent is not None:
            seat.in_doubt += 1
