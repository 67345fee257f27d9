"""Abuse against a real ``wallenstein serve`` (issue 14): a game's p99 decision latency while one address
opens 500 spectator sockets and floods the lobby with new games stays within 2x of the same game's quiet
p99 measured in the same test; a client sending its headers slowly (slowloris) is cut off.

Latency is a ratio of two figures taken minutes apart on the same machine, never an absolute time: each
figure is the p99 of 300 decisions after a warm-up, and the quiet figure is taken before and after the
attack (the larger counts); the attacked figure is taken once the attack is in full force (all 500
sockets in or refused) while the flood goes on. A p99 is the worst three decisions of a window, so a
neighbour's load on a shared 2-core machine can spoil it: each test is marked ``alone`` (tests/conftest.py),
so no test of another xdist worker runs meanwhile, and the
comparison is made in up to three rounds, each with a fresh attack, and holds when one round holds. A
server that really slows under the attack (e.g. one that sends every state to 500 spectators, tenfold)
fails every round.
"""

from __future__ import annotations

import json
import math
import signal
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from positions import battle_position, finished_game, store_game
from webclient import free_port, server, sqlite_url

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_server import PEOPLE, Table, attacker, counting_process

SAMPLES = 300
ROUNDS = 3


@pytest.mark.alone
def test_a_game_keeps_its_pace_under_spectator_and_creation_floods(tmp_path: Path) -> None:
    port = free_port()
    base = f"127.0.0.1:{port}"
    # Games are made and joined before any attack (which uses up the address's new games and sockets); a
    # round plays up to 900 decisions and a game about 250, so 6 per round leave room for short games. Their
    # 72 sockets count against the one address's cap, raised so that the attack still gets some in and is
    # refused the rest.
    limits = ("--limit", "games_per_minute=60", "--limit", "max_connections_per_client=100")
    with server(sqlite_url(tmp_path), port, *limits), ExitStack() as stack:
        table = Table(base, 1, stack, games=6 * ROUNDS)
        other = httpx.post(f"http://{base}/api/games", json={"seats": PEOPLE}).json()["id"]
        table.p99(30)  # warm-up
        rounds = []
        for _ in range(ROUNDS):
            quiet = table.p99(SAMPLES)
            with attacker(base, other) as counts:  # in its own process
                attacked = table.p99(SAMPLES)
            quiet = max(quiet, table.p99(SAMPLES))
            print(f"p99 quiet {1000 * quiet:.1f} ms, under attack {1000 * attacked:.1f} ms; attack: {counts}")
            assert counts["watching"] + counts["refused"] == 500 and counts["refused"] > 0
            assert counts.get("429", 0) > 0  # the flood was limited, not served
            rounds.append((attacked, quiet))
            if holds(attacked, quiet):
                break
        assert any(holds(attacked, quiet) for attacked, quiet in rounds), rounds


def test_a_client_sending_its_headers_slowly_is_cut_off(tmp_path: Path) -> None:
    port = free_port()
    with server(sqlite_url(tmp_path), port, "--limit", "header_timeout=1"):
        with socket.create_connection(("127.0.0.1", port)) as slow:
            slow.sendall(b"GET /api/kinds HTTP/1.1\r\nHost: localhost\r\n")  # and never the blank line
            slow.settimeout(20)
            assert slow.recv(100) == b""  # closed by the server
        with socket.create_connection(("127.0.0.1", port)) as fine:  # a whole request is still answered
            fine.sendall(b"GET /api/kinds HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            fine.settimeout(20)
            assert fine.recv(100).startswith(b"HTTP/1.1 200")


FLOODER = Path(__file__).with_name("flooder.py")
WINDOW = 100  # decisions per latency figure of the second pass's floods (each test well under a minute)


@contextmanager
def flooding(*args: str, options: tuple[str, ...] = ()) -> Iterator[dict[str, int]]:
    """``flooder.py`` (the attack) in its own process, from when it is under way to the block's end; the
    dict yielded is filled with what the server answered it. (A token may begin with "-": "--" ends the
    options.)"""
    with counting_process([sys.executable, str(FLOODER), *options, "--", *args], 120) as counts:
        yield counts


def p99_within(table: Table, n: int, seconds: float) -> float:
    """The p99 of ``n`` decisions of the victim, or infinity if they take longer than ``seconds`` in all
    (a server that a flood has brought to its knees fails at once rather than after minutes)."""
    took: list[float] = []
    end = time.monotonic() + seconds
    while len(took) < n and time.monotonic() < end:
        took.append(table.decide())
    took.sort()
    return took[int(0.99 * (len(took) - 1))] if len(took) == n else math.inf


# A victim's p99 may grow by this much under attack whatever its quiet p99: with a quiet p99 near 10 ms
# a 2x bound measured the 2-core machine's scheduling (25-33 ms under a replay load), not a stall.
UNNOTICED = 0.025  # s


def holds(attacked: float, quiet: float) -> bool:
    """The attacked p99 is within 2x of the quiet one, or within ``UNNOTICED`` of it."""
    return attacked <= max(2 * quiet, quiet + UNNOTICED)


def holds_its_pace(
    table: Table, attack: tuple[str, ...], check: Any, options: tuple[str, ...] = ()
) -> list[tuple[float, float]]:
    """Up to ROUNDS rounds of quiet, attacked and quiet windows of the victim (the larger quiet counts),
    until one round's attacked p99 is within 2x of its quiet one; ``check`` judges each attack's counts."""
    table.p99(30)  # warm-up
    rounds = []
    for _ in range(ROUNDS):
        quiet = p99_within(table, WINDOW, 60)
        with flooding(*attack, options=options) as counts:
            attacked = p99_within(table, WINDOW, 30)
        quiet = max(quiet, p99_within(table, WINDOW, 60))
        print(f"p99 quiet {1000 * quiet:.1f} ms, under attack {1000 * attacked:.1f} ms; attack: {counts}")
        check(counts)
        rounds.append((attacked, quiet))
        if holds(attacked, quiet):
            break
    return rounds


@pytest.mark.alone
def test_a_game_keeps_its_pace_while_one_seat_floods_battle_previews(tmp_path: Path) -> None:
    """One seat's token on 60 sockets, each asking a battle's odds 50 times a second (issue 31): the
    previews are limited per connection and seat, answered from a cache or computed exactly, so the
    victim game's p99 stays within 2x of its quiet p99."""
    url = sqlite_url(tmp_path)
    game, seat, attacks = battle_position(seed=2)
    gid, tokens = store_game(url, game)
    port = free_port()
    base = f"127.0.0.1:{port}"
    with server(url, port, "--limit", "max_connections_per_client=100"), ExitStack() as st:
        table = Table(base, 1, st, games=3 * ROUNDS)
        flood = ("previews", base, gid, tokens[seat], json.dumps(attacks))

        def check(counts: dict[str, int]) -> None:
            assert counts["sockets"] == 60 and counts.get("too_many_previews", 0) > 0, counts

        rounds = holds_its_pace(table, flood, check, ("--sockets", "60", "--rate", "50"))
        assert any(holds(attacked, quiet) for attacked, quiet in rounds), rounds


def test_sigterm_stops_the_server_within_seconds_whatever_previews_are_queued(tmp_path: Path) -> None:
    """Sampled previews (a 2002 attack: 600 trial battles each) flooded from 20 sockets, then SIGTERM:
    the server is gone within 10 s (before, threads went on with every queued preview for minutes)."""
    url = sqlite_url(tmp_path)
    game, seat, attacks = battle_position("2002", seed=8, players=4)
    gid, tokens = store_game(url, game)
    port = free_port()
    flood = ("previews", f"127.0.0.1:{port}", gid, tokens[seat], json.dumps(attacks))
    with (
        server(url, port, "--limit", "max_connections_per_client=100") as proc,
        flooding(*flood, options=("--sockets", "20")) as counts,
    ):
        time.sleep(1)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
    assert counts.get("preview", 0) > 0, counts


@pytest.mark.alone
def test_a_game_keeps_its_pace_under_a_replay_load(tmp_path: Path) -> None:
    """Eight loops asking for the replays of eight finished 5-player games in every view and both
    languages (96 replays; issue 31): limited per address, and each built once and kept compressed, they
    keep the victim game's p99 within 2x of its quiet p99."""
    url = sqlite_url(tmp_path)
    games = [store_game(url, finished_game(seed, players=5))[0] for seed in range(8)]
    port = free_port()
    base = f"127.0.0.1:{port}"
    with server(url, port), ExitStack() as stack:
        table = Table(base, 1, stack, games=3 * ROUNDS)

        def check(counts: dict[str, int]) -> None:
            # Replays were served, and every answer was a replay or the per-address limit's refusal (the
            # limit itself is tested in test_web_hardening.py: how many a slow round gets past it depends
            # on how long the round takes, the bucket refilling as it goes).
            assert counts.get("200", 0) > 0 and set(counts) <= {"200", "429"}, counts

        load = ("replays", base, ",".join(games))
        rounds = holds_its_pace(table, load, check, ("--loops", "8", "--seats", "5"))
        assert any(holds(attacked, quiet) for attacked, quiet in rounds), rounds


def _get(port: int, source: str = "127.0.0.1") -> bytes:
    """A whole GET from ``source`` (any address of the loopback net), its answer's first bytes."""
    with socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(source, 0)) as s:
        s.sendall(b"GET /api/kinds HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return s.recv(4096)


def test_open_connections_are_limited_per_address_and_no_server_header_is_sent(tmp_path: Path) -> None:
    """One address holding ``max_http_per_client`` idle connections gets 503 for more, while another
    address (127.0.0.2, also loopback) is served; closing them frees the slots. (uvicorn's own cap of
    2,000 is for all addresses together: one address took them all.)"""
    port = free_port()
    with server(sqlite_url(tmp_path), port, "--limit", "max_http_per_client=5"), ExitStack() as stack:
        idle = [stack.enter_context(socket.create_connection(("127.0.0.1", port))) for _ in range(5)]
        time.sleep(0.2)  # (the server has taken them all)
        assert _get(port).startswith(b"HTTP/1.1 503")
        answer = _get(port, "127.0.0.2")
        assert answer.startswith(b"HTTP/1.1 200") and b"\r\nserver:" not in answer.lower(), answer[:300]
        for s in idle:
            s.close()
        time.sleep(0.2)
        assert _get(port).startswith(b"HTTP/1.1 200")


def test_a_request_body_sent_slowly_is_cut_off(tmp_path: Path) -> None:
    """A POST whose body comes a byte at a time is answered 408 once ``body_timeout`` has passed since the
    request began (before, it held its connection for as long as the bytes kept coming)."""
    port = free_port()
    with server(sqlite_url(tmp_path), port, "--limit", "body_timeout=1"):
        with socket.create_connection(("127.0.0.1", port)) as slow:
            head = b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            slow.sendall(head + b"Content-Length: 100\r\n\r\n{")
            slow.settimeout(0.3)
            answer = b""
            for _ in range(60):  # a byte every 0.3 s for up to 18 s
                try:
                    answer = slow.recv(4096)
                    break
                except TimeoutError:
                    slow.sendall(b" ")
            assert answer.startswith(b"HTTP/1.1 408"), answer
        assert _get(port).startswith(b"HTTP/1.1 200")  # and the server serves on
