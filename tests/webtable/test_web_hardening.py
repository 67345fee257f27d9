"""Issue 14: a hostile or careless client, or a bad row, must not hurt other games.

Each test here failed before the hardening: damaged games set aside (1), the HTTP guard, bot-game limits,
abandoning, expiry and fair bot threads (2), versioned decisions (4), memory and size limits (5),
one-time invites (6) and the smaller refusals (7). Storage outages are in test_web_storage_faults.py,
the abuse figures and slow clients in test_web_abuse.py.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import threading
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from positions import battle_position, finished_game, store_game
from starlette.websockets import WebSocketDisconnect
from webclient import LocalClient, create_game, hello, next_of, reply, sqlite_url

from tabletop.agents import derive_seed
from wallenstein.state import PLANNING
from webtable import allowances, previews, wallenstein_kind
from webtable import views as webviews
from webtable.app import create_app
from webtable.routes import socket as websocket_route
from webtable.scheduler import FairPool
from webtable.settings import TableSettings

PEOPLE = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "human"}]
WITH_BOTS = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
BOTS_ONLY = [{"type": "bot", "bot": "random"}] * 3


def client_for(url: str, **limits: Any) -> LocalClient:
    return LocalClient(create_app(url, settings=TableSettings(**limits)), base_url="http://localhost")


@pytest.fixture()
def url(tmp_path: Path) -> str:
    return sqlite_url(tmp_path)


@pytest.fixture()
def client(url: str) -> Iterator[TestClient]:
    with client_for(url) as c:
        yield c


def hub_of(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def wait_for(check: Any, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def games_with_bots_playing(c: TestClient, seeds: list[int]) -> list[str]:
    """New games of a person and two bots (one a seed), once their bots have planned."""
    gids = [create_game(c, WITH_BOTS, seed=seed)["id"] for seed in seeds]
    wait_for(lambda: all(hub_of(c).rooms[g].version >= 2 for g in gids))
    return gids


def assert_set_aside(c: TestClient, gid: str) -> dict[str, Any]:
    """The game's page answers 409 (damaged) and its socket's first message says it was set aside;
    returns the page's answer."""
    res = c.get(f"/api/games/{gid}")
    assert res.status_code == 409 and res.json()["damaged"] is True, (gid, res.text)
    with c.websocket_connect(f"/ws/{gid}") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["damaged"] is True and "damaged" in msg["message"], msg
    page: dict[str, Any] = res.json()
    return page


# ------------------------------------------------------------------------------------------------ 1
def test_damaged_games_are_set_aside_and_every_other_game_starts(url: str) -> None:
    damages = ("seats", "missing", "entry", "illegal", "kind")
    with client_for(url) as c:
        good, *damaged = games_with_bots_playing(c, [1] + [2] * len(damages))
    bad = dict(zip(damages, damaged, strict=True))
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE games SET seats = '[{not json' WHERE id = :g"), {"g": bad["seats"]})
        conn.execute(sa.text("DELETE FROM entries WHERE game_id = :g AND seq = 1"), {"g": bad["missing"]})
        conn.execute(
            sa.text("UPDATE entries SET entry = 'garbage' WHERE game_id = :g AND seq = 1"), {"g": bad["entry"]}
        )
        row = conn.execute(
            sa.text("SELECT seq, entry FROM entries WHERE game_id = :g AND entry LIKE '%\"seat\"%' ORDER BY seq"),
            {"g": bad["illegal"]},
        ).first()
        assert row is not None
        entry = json.loads(row.entry)
        entry["action"] = {"type": "plan_card", "box": "bid", "card": "money:9"}
        conn.execute(
            sa.text("UPDATE entries SET entry = :e WHERE game_id = :g AND seq = :s"),
            {"e": json.dumps(entry), "g": bad["illegal"], "s": row.seq},
        )
        conn.execute(sa.text("UPDATE games SET kind = 'chess' WHERE id = :g"), {"g": bad["kind"]})
    engine.dispose()
    with client_for(url) as c:  # the start does not fail ...
        for gid in bad.values():
            assert "damaged" in assert_set_aside(c, gid)["error"]
        listed = {g["id"]: g["status"] for g in c.get("/api/games").json()["games"]}
        assert all(listed[g] == "damaged" for g in bad.values()), listed
        # ... and the good game goes on: its person decides, its bots follow.
        made = c.get(f"/api/games/{good}").json()
        assert made["status"] == "running"
    with client_for(url) as c:  # marked in storage: the next start skips them without replaying
        assert c.get(f"/api/games/{bad['illegal']}").status_code == 409


def test_start_up_serves_before_any_game_is_replayed(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with client_for(url) as c:
        gids = [create_game(c, WITH_BOTS, seed=s)["id"] for s in (1, 2)]
    release = threading.Event()
    replayed: list[str] = []
    kind = wallenstein_kind.KIND

    def slow_replay(history: list[dict[str, Any]]) -> Any:
        release.wait(20)
        replayed.append("done")
        return kind.replay(history)

    monkeypatch.setattr(wallenstein_kind, "KIND", dataclasses.replace(kind, replay=slow_replay))
    with client_for(url) as c:
        assert replayed == []  # start-up finished while the first replay was still waiting
        assert c.get("/api/kinds").status_code == 200
        release.set()
        wait_for(lambda: all(g in hub_of(c).rooms for g in gids))  # brought back in the background
        assert len(replayed) >= 2


# ------------------------------------------------------------------------------------------------ 2
def test_cross_site_requests_and_sockets_are_refused(url: str) -> None:
    body = json.dumps({"seats": PEOPLE})
    with client_for(url, origins=("https://table.example",)) as c:
        plain = c.post("/api/games", content=body, headers={"content-type": "text/plain"})
        assert plain.status_code == 415 and "application/json" in plain.json()["error"]
        evil = {"content-type": "application/json", "origin": "https://evil.example"}
        assert c.post("/api/games", content=body, headers=evil).status_code == 403
        for ok in ("http://localhost", "https://table.example"):
            res = c.post("/api/games", content=body, headers={"content-type": "application/json", "origin": ok})
            assert res.status_code == 200, res.text
        assert len(c.get("/api/games").json()["games"]) == 2
        gid = res.json()["id"]
        evil_socket = c.websocket_connect(f"/ws/{gid}", headers={"origin": "https://evil.example"})
        with pytest.raises(WebSocketDisconnect) as refused, evil_socket:
            pass
        assert refused.value.code == 4403
        with c.websocket_connect(f"/ws/{gid}", headers={"origin": "http://localhost"}) as ws:
            assert hello(ws, None)["seat"] is None


def test_bot_games_are_limited_per_client_and_per_server(url: str) -> None:
    with client_for(url, max_bot_games=3, max_bot_games_per_client=2) as c:
        first = create_game(c, WITH_BOTS)
        create_game(c, WITH_BOTS)
        res = c.post("/api/games", json={"seats": WITH_BOTS})
        assert res.status_code == 429 and "at most 2" in res.json()["error"]
        create_game(c, PEOPLE)  # games without bots are not limited
        hub = hub_of(c)
        c.portal.call(hub.create, {"seats": WITH_BOTS}, "192.0.2.7")  # type: ignore[union-attr]
        res = c.post("/api/games", json={"seats": WITH_BOTS})
        assert res.status_code == 429 and "3 games with bots" in res.json()["error"]
        # The creator abandons one: its capacity is free again, its history kept, its decisions refused.
        headers = {"content-type": "application/json"}
        assert c.post(f"/api/games/{first['id']}/abandon", headers=headers).status_code == 403
        headers["x-creator-token"] = first["creator"]
        gone = c.post(f"/api/games/{first['id']}/abandon", headers=headers)
        assert gone.status_code == 200 and gone.json()["status"] == "abandoned"
        with c.websocket_connect(f"/ws/{first['id']}") as ws:
            hello(ws, first["seats"][0]["token"])
            state = next_of(ws, "state")
            ws.send_json({"type": "act", "id": 1, "version": state["version"], "action": state["legal"][0]})
            assert "abandoned" in reply(ws)["message"]
        assert c.post(f"/api/games/{first['id']}/abandon", headers=headers).status_code == 409
        res = c.post("/api/games", json={"seats": WITH_BOTS})
        assert res.status_code == 200, res.text


def test_new_games_per_address_are_rate_limited(url: str) -> None:
    with client_for(url, games_per_minute=6) as c:  # bursts of 2
        create_game(c, PEOPLE)
        create_game(c, PEOPLE)
        res = c.post("/api/games", json={"seats": PEOPLE})
        assert res.status_code == 429 and "6 new games a minute" in res.json()["error"]
        assert len(c.get("/api/games").json()["games"]) == 2


def test_idle_unfinished_games_expire_and_finished_ones_stay(url: str) -> None:
    with client_for(url, expire_after=3600.0) as c:
        finished = create_game(c, BOTS_ONLY, seed=3)["id"]
        idle = create_game(c, PEOPLE)["id"]
        fresh = create_game(c, PEOPLE)["id"]
        hub = hub_of(c)
        wait_for(lambda: hub.rooms[finished].game.over, 120)
        with hub.store.engine.begin() as conn:  # two of them untouched for two hours
            conn.execute(
                sa.text("UPDATE games SET updated = updated - 7200 WHERE id IN (:a, :b)"), {"a": finished, "b": idle}
            )
        c.portal.call(hub.sweep)  # type: ignore[union-attr]
        assert c.get(f"/api/games/{idle}").status_code == 404
        assert c.get(f"/api/games/{finished}").json()["status"] == "over"
        assert c.get(f"/api/games/{fresh}").json()["status"] == "running"


def test_bot_threads_serve_the_game_that_has_used_least_time_first() -> None:
    """Six games whose bots think 20 ms per decision keep the one thread busy; a game whose bot decides at
    once waits for at most two of their decisions (first come, first served: all six, every time)."""
    ran: list[str] = []

    async def main() -> list[int]:
        pool = FairPool(threads=1)
        stop = False

        async def heavy(game: str) -> None:
            while not stop:
                await pool.run(game, lambda: (ran.append(game), time.sleep(0.02)))  # type: ignore[func-returns-value]

        waits = []
        try:
            heavies = [asyncio.ensure_future(heavy(f"h{i}")) for i in range(6)]
            await asyncio.sleep(0.2)
            for _ in range(8):
                before = len(ran)
                await pool.run("light", lambda: ran.append("light"))
                waits.append(len(ran) - 1 - before)
                await asyncio.sleep(0.03)
            stop = True
            await asyncio.gather(*heavies)
            return waits
        finally:
            pool.shutdown()

    waits = asyncio.run(main())
    assert max(waits) <= 2, waits


def test_games_levelled_to_the_same_time_serve_the_one_that_spent_least_first() -> None:
    """Levelling puts a newcomer on the least-served waiting game's figure, and games that come back from
    waiting are levelled too, so exact ties happen (most under load): among them the game that has really
    spent least goes first, not the one that happened to queue first."""

    async def main() -> list[str]:
        pool = FairPool(threads=1)
        pool.used = {"h1": 1.0, "h2": 1.0}
        pool.spent = {"h1": 1.0, "h2": 1.0}
        gate = threading.Event()
        try:
            blocker = asyncio.ensure_future(pool.run("b", gate.wait))  # holds the only thread
            await asyncio.sleep(0)
            jobs = [asyncio.ensure_future(pool.run(g, lambda: None)) for g in ("h1", "h2", "light")]
            await asyncio.sleep(0)
            assert pool.used["light"] == pool.used["h1"] == pool.used["h2"] == 1.0  # a three-way tie
            gate.set()
            await asyncio.gather(blocker, *jobs)
            return pool.started
        finally:
            pool.shutdown()

    assert asyncio.run(main()) == ["b", "light", "h1", "h2"]


# ------------------------------------------------------------------------------------------------ 4
def test_a_decision_made_on_an_older_version_is_refused(client: TestClient) -> None:
    made = create_game(client, PEOPLE, seed=5)
    gid, token = made["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{gid}") as one, client.websocket_connect(f"/ws/{gid}") as two:
        hello(one, token)
        hello(two, token)  # a second tab of the same seat
        a, b = next_of(one, "state"), next_of(two, "state")
        assert a["version"] == b["version"] == 0
        one.send_json({"type": "act", "id": 1, "version": 0, "action": a["legal"][0]})
        assert next_of(one, "ack")["id"] == 1
        before = len(hub_of(client).store.history(gid))
        two.send_json({"type": "act", "id": 2, "version": 0, "action": b["legal"][1]})  # a double decision
        answer = reply(two)
        assert answer["type"] == "error" and "version 0" in answer["message"] and "at version 1" in answer["message"]
        assert answer["code"] == "stale"  # the page words it in its language (issue 15)
        two.send_json({"type": "act", "id": 3, "action": b["legal"][1]})
        assert "'version'" in reply(two)["message"]
        assert len(hub_of(client).store.history(gid)) == before
    assert client.get(f"/api/games/{gid}").json()["version"] == 1


def _act(ws: Any, ref: int, version: int, action: Any) -> dict[str, Any]:
    """Send a decision made on ``version``; the answer: its ack or its refusal."""
    ws.send_json({"type": "act", "id": ref, "version": version, "action": action})
    return reply(ws)


def test_other_seats_plans_do_not_make_a_plan_stale(client: TestClient) -> None:
    """Planning is simultaneous and secret: a decision made on the state before other seats planned still
    stands, since their plans change nothing it was made on. The same seat deciding twice from one state
    (a second tab, a retry), a version the game has not reached, and a decision made before the plan
    that ended the planning are refused as stale, changing nothing."""
    made = create_game(client, PEOPLE, seed=5)
    gid = made["id"]
    room = hub_of(client).rooms[gid]
    kind = room.kind
    socks = [client.websocket_connect(f"/ws/{gid}") for _ in range(3)]
    with socks[0] as ws0, socks[1] as ws1, socks[2] as ws2:
        ws = [ws0, ws1, ws2]
        states = []
        for seat, w in enumerate(ws):
            hello(w, made["seats"][seat]["token"])
            states.append(next_of(w, "state"))
        assert [st["version"] for st in states] == [0, 0, 0]
        # Seats 1, 2 and 0 each place their first card, all made on version 0.
        for ref, seat in enumerate((1, 2, 0), start=1):
            answer = _act(ws[seat], ref, 0, states[seat]["legal"][0])
            assert answer == {"type": "ack", "id": ref}, answer
        assert room.version == 3 and room.game.s.plan_fill == [1, 1, 1]
        history = len(hub_of(client).store.history(gid))
        # Seat 1 again from version 0 (a second tab): its own decision came since.
        answer = _act(ws1, 4, 0, states[1]["legal"][1])
        assert answer["type"] == "error" and answer["code"] == "stale", answer
        action = kind.action_json(room.game.legal_actions(2)[0])
        odd_versions = {room.version + 1: "stale", -1: "stale", 10**30: "bad_json", -(10**30): "bad_json"}
        for ref, (odd, code) in enumerate(odd_versions.items(), start=5):  # not reached, none, or no number
            answer = _act(ws2, ref, odd, action)
            assert answer["type"] == "error" and answer["code"] == code, (odd, answer)
        assert room.version == 3 and len(hub_of(client).store.history(gid)) == history
        # Plan on, each seat's first card, until the plan that ends the planning.
        ref = 10
        while True:
            seat = room.game.pending()[0]
            before = room.version
            ref += 1
            answer = _act(ws[seat], ref, before, kind.action_json(room.game.legal_actions(seat)[0]))
            assert answer["type"] == "ack", answer
            if room.game.s.phase != PLANNING:
                break
        # That plan turned the cards up: a decision made before it is stale for the seat deciding now.
        seat = room.game.pending()[0]
        action = kind.action_json(room.game.legal_actions(seat)[0])
        answer = _act(ws[seat], ref + 1, before, action)
        assert answer["type"] == "error" and answer["code"] == "stale", answer
        assert _act(ws[seat], ref + 2, room.version, action) == {"type": "ack", "id": ref + 2}


def test_a_planning_persons_clock_is_not_restarted_by_the_others_plans(client: TestClient) -> None:
    """The turn time limit counts from when the person was asked: the other seats' plan cards leave
    the first person's clock running (the same clock, armed at version 0), while each seat that placed
    a card gets a new clock for its next one. (Before, every decision restarted every clock, so a
    planning person's limit stretched by the others' whole planning.)"""
    from webtable import turn_timer

    made = create_game(client, PEOPLE, seed=7, turn_limit=600)
    gid = made["id"]
    room = hub_of(client).rooms[gid]
    clocks = turn_timer._CLOCKS[room]
    first = clocks[0]
    assert sorted(clocks) == [0, 1, 2] and first[0] == 0
    with client.websocket_connect(f"/ws/{gid}") as ws1, client.websocket_connect(f"/ws/{gid}") as ws2:
        hello(ws1, made["seats"][1]["token"])
        hello(ws2, made["seats"][2]["token"])
        for ref, (seat, w) in enumerate([(1, ws1), (2, ws2), (1, ws1), (2, ws2)], start=1):
            answer = _act(w, ref, room.version, room.kind.action_json(room.game.legal_actions(seat)[0]))
            assert answer["type"] == "ack", answer
    assert room.version == 4 and room.game.s.plan_fill == [0, 2, 2]
    assert clocks[0] is first and not first[1].cancelled()  # seat 0's clock runs on
    assert clocks[1][0] == 3 and clocks[2][0] == 4  # the others' clocks: for their next cards
    # A decision that moves the game on for seat 0 (its own first card) gives it a new clock.
    with client.websocket_connect(f"/ws/{gid}") as ws0:
        hello(ws0, made["seats"][0]["token"])
        answer = _act(ws0, 9, 0, room.kind.action_json(room.game.legal_actions(0)[0]))  # made on version 0
        assert answer["type"] == "ack", answer
    assert clocks[0] is not first and clocks[0][0] == 5  # (arm runs before the ack is sent)


# ------------------------------------------------------------------------------------------------ 5
def test_idle_rooms_leave_memory_and_come_back(url: str) -> None:
    with client_for(url, evict_after=0.0, expire_after=0.0) as c:
        made = create_game(c, PEOPLE, seed=6)
        gid = made["id"]
        hub = hub_of(c)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            hello(ws, made["seats"][0]["token"])
            state = next_of(ws, "state")
            c.portal.call(hub.sweep)  # type: ignore[union-attr]
            assert gid in hub.rooms  # someone is connected
            ws.send_json({"type": "act", "id": 1, "version": state["version"], "action": state["legal"][0]})
            next_of(ws, "ack")
        c.portal.call(hub.sweep)  # type: ignore[union-attr]
        assert gid not in hub.rooms
        assert c.get(f"/api/games/{gid}").json()["version"] == 1  # rebuilt from storage on demand
        assert gid in hub.rooms


def test_request_bodies_are_capped_and_errors_do_not_echo_big_fields(client: TestClient) -> None:
    big = json.dumps({"seats": PEOPLE, "pad": "x" * 100_000})
    res = client.post("/api/games", content=big, headers={"content-type": "application/json"})
    assert res.status_code == 413 and "over 65536 bytes" in res.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        for _ in range(20):
            yield b" " * 10_000

    res = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert res.status_code == 413
    echo = client.post("/api/games", json={"game": "y" * 60_000, "seats": PEOPLE})
    assert echo.status_code == 400 and "unknown game" in echo.json()["error"]
    assert len(echo.json()["error"]) < 400
    assert client.get("/api/games").json()["games"] == []


def replay_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on, one entry a replay the table builds (``views.replay_frames``) in this process."""
    calls: list[int] = []
    real = webviews.replay_frames

    def counted(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(webviews, "replay_frames", counted)
    return calls


def test_replays_are_cached(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = replay_builds(monkeypatch)
    with client_for(url, replay_processes=0) as client:  # built in this process, where they are counted
        made = create_game(client, PEOPLE, seed=7)
        first = client.get(f"/api/games/{made['id']}/replay").json()
        assert client.get(f"/api/games/{made['id']}/replay").json() == first
    assert len(calls) == 1


def test_spectators_and_connections_per_address_are_limited(url: str) -> None:
    with client_for(url, max_spectators=2, max_connections_per_client=3) as c:
        made = create_game(c, PEOPLE)
        gid = made["id"]
        with c.websocket_connect(f"/ws/{gid}") as s1, c.websocket_connect(f"/ws/{gid}") as s2:
            hello(s1, None)
            hello(s2, None)
            with c.websocket_connect(f"/ws/{gid}") as s3:
                s3.send_json({"type": "hello"})
                assert "2 spectators already" in s3.receive_json()["message"]
            with c.websocket_connect(f"/ws/{gid}") as seat:  # a player still gets in
                assert hello(seat, made["seats"][0]["token"])["seat"] == 0
                with pytest.raises(WebSocketDisconnect) as fourth, c.websocket_connect(f"/ws/{gid}"):
                    pass
                assert fourth.value.code == 4429


def test_a_socket_that_reads_nothing_is_closed_and_leaves_the_room(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A client that sends requests but never reads their answers: past ``max_queued`` unsent messages
    its socket is closed (its answers would otherwise pile up in memory without end), and it leaves the
    room; another connection of the same game goes on. The peer not reading is played by a writer that
    never sends (a real one blocks once the peer's network buffers are full)."""
    stuck = threading.Event()

    async def not_sending(websocket: Any, room: Any, client: Any) -> None:
        if client.seat == 0:
            stuck.set()
            await asyncio.Event().wait()
        await real_writer(websocket, room, client)

    real_writer = websocket_route._writer
    monkeypatch.setattr(websocket_route, "_writer", not_sending)
    with client_for(url, max_queued=20) as c:
        made = create_game(c, PEOPLE)
        gid = made["id"]
        with c.websocket_connect(f"/ws/{gid}") as other:
            hello(other, made["seats"][1]["token"])
            with c.websocket_connect(f"/ws/{gid}") as ws:
                ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
                assert stuck.wait(10)
                for i in range(30):  # within the rate limit; their answers queue up unsent
                    ws.send_json({"type": "ping", "id": i})
                wait_for(lambda: len(hub_of(c).rooms[gid].clients) == 1, 10)  # it left the room
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4408
            other.send_json({"type": "ping", "id": 99})
            assert reply(other) == {"type": "pong", "id": 99}


def test_connecting_again_and_again_reads_a_games_notices_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every connection is sent the game's kept notices: they are read from the store once per room, so
    a client that reconnects in a loop costs the store nothing each time."""
    store = hub_of(client).store
    reads: list[str] = []
    real = store.notes
    monkeypatch.setattr(
        store,
        "notes",
        lambda gid, kind, last=None: reads.append(kind) or real(gid, kind, last),  # type: ignore[func-returns-value]
    )
    made = create_game(client, PEOPLE)
    for _ in range(5):
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, None)
            next_of(ws, "state")
    assert reads.count("timeout") == 1


# ------------------------------------------------------------------------------------------------ 6
def test_an_invite_is_claimed_once_and_the_creator_never_sees_the_seat_token(client: TestClient) -> None:
    seats: list[dict[str, Any]] = [
        {"type": "human", "name": "Host"},
        {"type": "human", "name": "Friend", "invite": True},
        {"type": "human"},
    ]
    made = create_game(client, seats, seed=8)
    gid = made["id"]
    by_seat = {s["seat"]: s for s in made["seats"]}
    assert "token" not in by_seat[1] and by_seat[1]["invite"].startswith(f"/game/{gid}#invite=")
    assert [s["open"] for s in made["game"]["seats"]] == [False, True, False]
    assert [s.get("open") for s in client.get("/api/games").json()["games"][0]["seats"]] == [False, True, False]
    creator = {"content-type": "application/json", "x-creator-token": made["creator"]}
    # Not yet claimed: the creator may issue it again, and the old invite stops working.
    again = client.post(f"/api/games/{gid}/invites/1", headers=creator).json()["invite"]
    old = by_seat[1]["invite"].split("#invite=")[1]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"type": "hello", "invite": old})
        assert "opens no seat" in ws.receive_json()["message"]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"type": "hello", "invite": again.split("#invite=")[1]})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        fresh = welcome["token"]
        assert welcome["game"]["seats"][1]["open"] is False
    with client.websocket_connect(f"/ws/{gid}") as ws:  # the claimed token reconnects to its seat
        assert hello(ws, fresh)["seat"] == 1
    with client.websocket_connect(f"/ws/{gid}") as ws:  # the invite is used up
        ws.send_json({"type": "hello", "invite": again.split("#invite=")[1]})
        assert "opens no seat" in ws.receive_json()["message"]
    assert fresh not in json.dumps(made) and fresh not in client.get(f"/api/games/{gid}").text
    assert client.post(f"/api/games/{gid}/invites/1", headers=creator).status_code == 409
    other = {"content-type": "application/json", "x-creator-token": by_seat[0]["token"]}
    assert client.post(f"/api/games/{gid}/invites/2", headers=other).status_code == 403


def test_games_of_timed_people_share_the_bot_capacity(url: str) -> None:
    """A game of people with a turn time limit plays itself when nobody joins it (a stand-in bot takes
    every late decision), so it counts as a game with bots: a client cannot start more of them."""
    with client_for(url, max_bot_games_per_client=2) as c:
        create_game(c, PEOPLE, turn_limit=60)
        create_game(c, WITH_BOTS)
        res = c.post("/api/games", json={"seats": PEOPLE, "turn_limit": 60})
        assert res.status_code == 429 and "at most 2" in res.json()["error"], res.text
        create_game(c, PEOPLE)  # people without a limit: no bot ever decides, no limit


def test_a_late_persons_stand_in_thinks_on_a_bot_thread(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stand-in for a late person decides on the table's bot threads, as the bots do, not in the
    event loop that serves every game's messages (a crowd of timed games would hold them all up)."""
    from wallenstein.bots.heuristic import HeuristicAgent

    threads: list[str] = []
    act = HeuristicAgent.act

    def recorded(self: Any, observation: Any, legal: Any) -> Any:
        threads.append(threading.current_thread().name)
        return act(self, observation, legal)

    monkeypatch.setattr(HeuristicAgent, "act", recorded)
    with client_for(url) as c:
        made = create_game(c, PEOPLE, seed=3, turn_limit=1)
        room = hub_of(c).rooms[made["id"]]
        wait_for(lambda: room.version >= 3, 30)  # each person's first plan card, by a stand-in
    assert len(threads) >= 3 and all(name.startswith("bot") for name in threads), threads


# ------------------------------------------------------------------------------------------------ 7
@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (
            '{"players": 4.0, "seats": [{"type": "human"}, {"type": "human"}, {"type": "human"}, {"type": "human"}]}',
            "whole number",
        ),
        ('{"seats": ' + "[" * 5000 + "]" * 5000 + "}", "nested too deeply"),
        ('{"seats": ' + "[" * 40 + "]" * 40 + "}", "nested too deeply"),
        ('{"seed": 1' + "0" * 5000 + ', "seats": []}', "too large"),
        ('{"seed": 100000000000000000000000, "seats": []}', "too large"),
        ('{"seed": NaN, "seats": []}', "NaN"),
        ('{"seats": [{"type": "human", "name": "\\ud800"}, {"type": "human"}, {"type": "human"}]}', "surrogate"),
        ('{"seats": [{"type": "human", "name": "\\u202eevil"}, {"type": "human"}, {"type": "human"}]}', "control"),
        ('{"seats": [{"type": "human", "name": "a\\u0007"}, {"type": "human"}, {"type": "human"}]}', "control"),
        ('{"seats": [{"type": "human", "name": "Heuristic bot"}, {"type": "human"}, {"type": "human"}]}', "bot"),
        ('{"seats": [{"type": "human", "name": "RANDOM (weakest)"}, {"type": "human"}, {"type": "human"}]}', "bot"),
        ('{"private": "yes", "seats": [{"type": "human"}, {"type": "human"}, {"type": "human"}]}', "private"),
    ],
)
def test_odd_lobby_requests_get_a_clear_400(client: TestClient, text: str, needle: str) -> None:
    res = client.post("/api/games", content=text.encode(), headers={"content-type": "application/json"})
    assert res.status_code == 400 and needle in res.json()["error"], res.text
    assert client.get("/api/games").json()["games"] == []


def test_odd_socket_messages_get_an_error_and_the_connection_lives(client: TestClient) -> None:
    made = create_game(client, PEOPLE, seed=9)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, made["seats"][0]["token"])
        state = next_of(ws, "state")
        for send, needle in [
            (lambda: ws.send_bytes(b"\x00\x01binary"), "binary"),
            (lambda: ws.send_text('{"type": "ping", "id": 1, "x": ' + "[" * 3000 + "]" * 3000 + "}"), "nested"),
            (lambda: ws.send_text('{"type": "ping", "id": "\\ud800"}'), "surrogate"),
            (lambda: ws.send_text('{"type": "ping", "id": 1, "x": 1e999}'), "NaN"),
            (
                lambda: ws.send_json(
                    {
                        "type": "act",
                        "id": 2,
                        "version": 0,
                        "action": {"type": "plan_card", "box": "bid", "card": "money:-0"},
                    }
                ),
                "money",
            ),
        ]:
            send()  # type: ignore[no-untyped-call]
            answer = reply(ws)
            assert answer["type"] == "error" and needle in answer["message"], answer
            ws.send_json({"type": "ping", "id": 5})
            assert reply(ws) == {"type": "pong", "id": 5}  # the writer still answers
        ws.send_json({"type": "act", "id": 3, "version": 0, "action": state["legal"][0]})
        assert next_of(ws, "ack")["id"] == 3


def test_responses_carry_security_headers_and_foreign_host_names_are_refused(client: TestClient) -> None:
    for path in ("/", "/game/x", "/api/kinds", "/static/table.js", "/api/games/nope"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    assert client.get("/api/kinds", headers={"host": "attacker.example"}).status_code == 400
    for host in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000"):
        assert client.get("/api/kinds", headers={"host": host}).status_code == 200, host
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("ws://attacker.example/ws/x"):
        pass


def test_private_games_are_listed_only_to_their_players(client: TestClient) -> None:
    create_game(client, PEOPLE)
    secret = create_game(client, PEOPLE, private=True)
    listed = [g["id"] for g in client.get("/api/games").json()["games"]]
    assert secret["id"] not in listed and len(listed) == 1
    assert client.get(f"/api/games/{secret['id']}").json()["private"] is True  # its link still works
    for token in (secret["seats"][1]["token"], secret["creator"]):
        mine = client.get("/api/games", headers={"x-seat-tokens": f"{secret['id']}:{token}"}).json()["games"]
        assert secret["id"] in [g["id"] for g in mine]
    wrong = client.get("/api/games", headers={"x-seat-tokens": f"{secret['id']}:nope"}).json()["games"]
    assert secret["id"] not in [g["id"] for g in wrong]


def test_a_bot_loop_that_ends_with_a_bot_to_decide_is_logged(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A failure that escapes the bot loop leaves the game waiting on its bots: the server says so at once."""
    from webtable import rooms

    async def broken_act(self: Any, seat: int, action: Any, **kwargs: Any) -> None:
        raise RuntimeError("the store exploded")

    monkeypatch.setattr(rooms.Room, "act", broken_act)
    caplog.set_level("WARNING", logger="webtable")
    create_game(client, [{"type": "human", "name": "Ann"}] + [{"type": "bot", "bot": "random"}] * 3, seed=4)
    deadline = time.monotonic() + 30
    while "the bot loop failed" not in caplog.text and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "the bot loop failed" in caplog.text and "the store exploded" in caplog.text


def test_a_bot_that_fails_gets_a_stand_in_and_the_game_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot's bug does not stop the game for everyone: the turn timer's stand-in takes each decision the
    bot failed to take, the failure is logged, and a notice (kept with the game) says whose bot failed."""
    from tabletop.agents import RandomAgent

    def broken(self: Any, observation: Any, legal: Any) -> Any:
        raise RuntimeError("the bot's own bug")

    monkeypatch.setattr(RandomAgent, "act", broken)  # the stand-in is the heuristic, which still plays
    caplog.set_level("WARNING", logger="webtable")
    made = create_game(client, WITH_BOTS, seed=4)
    gid = made["id"]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        hello(ws, made["seats"][0]["token"])
        room = hub_of(client).rooms[gid]
        wait_for(lambda: room.version >= 2, 30)  # without a stand-in the game would wait on its bots
        told: dict[int, dict[str, Any]] = {}  # (a notice may come twice: kept on connecting, then live)
        while len(told) < 2:
            notice = next_of(ws, "timeout")
            told[notice["seat"]] = notice
    # Both bots plan while Ann does: each plan is a stand-in's, at the log's start.
    assert sorted(told) == [1, 2]
    assert all(n["cause"] == "bot_failed" and "limit" not in n for n in told.values())
    assert room.version == 2 and not room.game.over and room.game.pending() == [0]
    assert "the bot's own bug" in caplog.text and "a stand-in decides for it" in caplog.text
    kept = hub_of(client).store.notes(gid, "timeout")
    assert sorted(n["seat"] for n in kept) == [1, 2] and all(n["cause"] == "bot_failed" for n in kept)


# ------------------------------------------------------------------------------------------------ 8
# The second pass (issue 31): battle-odds previews, rows too deep to read, replays, connection slots
# and slow bodies, and the smaller findings.
def _preview(ws: Any, ref: int, action: Any) -> dict[str, Any]:
    ws.send_json({"type": "preview", "id": ref, "action": action})
    return reply(ws)


def test_an_attack_of_the_default_tower_shows_its_exact_odds(url: str) -> None:
    """Where ``wallenstein.bots.odds`` computes a battle exactly (the default tower, the 2012 rules),
    the table shows those odds, not 300 sampled battles: they agree with 2,000 battles fought through
    the engine (within four standard errors), and so does the mean of armies left after a win."""
    from wallenstein.board import BOARD
    from wallenstein.bots.odds import attack_outcome

    game, seat, attacks = battle_position(seed=2)
    attacks = [attacks[1], attacks[3]]  # 2 and 4 armies: odds of about 30% and 60% to win
    gid, tokens = store_game(url, game)
    with client_for(url) as c, c.websocket_connect(f"/ws/{gid}") as ws:
        hello(ws, tokens[seat])
        answers = [_preview(ws, i, a) for i, a in enumerate(attacks)]
    trials = 2000
    for attack, answer in zip(attacks, answers, strict=True):
        assert answer["type"] == "preview" and answer.get("exact") is True and "samples" not in answer, answer
        exact = attack_outcome(game, seat, BOARD.keys.index(attack["to"]), attack["armies"])
        assert exact is not None
        assert answer["odds"] == {"attacker": exact[0].win, "tie": exact[0].tie, "defender": exact[0].loss}
        fought = {"attacker": 0, "tie": 0, "defender": 0}
        kept = []
        for k in range(trials):
            trial = game.clone()
            trial.seed = derive_seed(game.seed, 7_000_000 + k)
            start = len(trial.log)
            trial.apply(seat, attack)
            battle = next(e for e in trial.log[start:] if e["e"] == "battle")
            fought[battle["result"]] += 1
            if battle["result"] == "attacker":
                kept.append(battle["attacker_count"] - battle["defender_count"])
        for result, n in fought.items():
            assert abs(n / trials - answer["odds"][result]) < 4 * (0.25 / trials) ** 0.5, (result, fought, answer)
        assert abs(sum(kept) / len(kept) - answer["mean_left_if_won"]) < 0.2, (kept, answer)


def test_previews_are_rate_limited_per_connection_and_per_seat(url: str) -> None:
    """A connection asking faster than ``previews_per_connection`` a second, or a seat's connections
    together faster than ``previews_per_seat``, are refused (nothing computed); the socket lives."""
    game, seat, attacks = battle_position(seed=1)
    gid, tokens = store_game(url, game)
    for per_connection, per_seat in ((2.0, 100.0), (100.0, 2.0)):
        with (
            client_for(url, previews_per_connection=per_connection, previews_per_seat=per_seat) as c,
            c.websocket_connect(f"/ws/{gid}") as one,
            c.websocket_connect(f"/ws/{gid}") as two,
        ):
            hello(one, tokens[seat])
            hello(two, tokens[seat])
            answers = [_preview(ws, i, attacks[0]) for i in range(6) for ws in (one, two)]
            kinds = [a.get("code", a["type"]) for a in answers]
            # Bursts of twice the rate: 4 per connection, or 4 for the seat, then about 2 a second.
            assert kinds[:4] == ["preview"] * 4 and "too_many_previews" in kinds, kinds
            assert set(kinds) == {"preview", "too_many_previews"} and kinds.count("preview") < 12, kinds
            one.send_json({"type": "ping", "id": 99})
            assert reply(one) == {"type": "pong", "id": 99}


def _counting_preview(room: Any, calls: list[int], gate: threading.Event | None = None) -> None:
    """Make ``room``'s kind count its preview computations (and wait for ``gate`` in each, stopping
    early if the table abandons it)."""
    real = room.kind.preview

    def counted(game: Any, seat: int, action: Any) -> dict[str, Any]:
        calls.append(1)
        while gate is not None and not gate.wait(0.01):
            if previews.abandoned():
                calls.append(-1)  # stopped early
                raise previews.PreviewAbandoned
        return dict(real(game, seat, action))

    room.kind = dataclasses.replace(room.kind, preview=counted)


def test_identical_previews_of_one_position_are_computed_once(url: str) -> None:
    game, seat, attacks = battle_position(seed=1)
    gid, tokens = store_game(url, game)
    calls: list[int] = []
    with client_for(url) as c, c.websocket_connect(f"/ws/{gid}") as one, c.websocket_connect(f"/ws/{gid}") as two:
        hello(one, tokens[seat])
        hello(two, tokens[seat])
        _counting_preview(hub_of(c).rooms[gid], calls)
        answers = [_preview(ws, i, attacks[0]) for i in range(3) for ws in (one, two)]
        answers.append(_preview(one, 9, {"armies": attacks[0]["armies"], "to": attacks[0]["to"], "type": "move"}))
        assert all(a == {**answers[0], "id": a["id"]} for a in answers), answers
        assert len(calls) == 1
        _preview(one, 10, attacks[1])  # another action is another computation
        assert len(calls) == 2


def test_a_gone_connections_previews_stop_and_each_connection_has_few_waiting(url: str) -> None:
    """Previews wait or run at most ``preview_queue`` per connection (more are refused, the socket
    lives); when the connection goes, a computation only it waited for stops between two trials."""
    game, seat, attacks = battle_position(seed=1)
    gid, tokens = store_game(url, game)
    calls: list[int] = []
    gate = threading.Event()
    with client_for(url, preview_queue=2, previews_per_connection=100.0, previews_per_seat=100.0) as c:
        with c.websocket_connect(f"/ws/{gid}") as ws:
            hello(ws, tokens[seat])
            _counting_preview(hub_of(c).rooms[gid], calls, gate)
            for i, attack in enumerate(attacks[:2]):
                ws.send_json({"type": "preview", "id": i, "action": attack})
            busy = _preview(ws, 2, attacks[2])
            assert busy["type"] == "error" and busy["code"] == "previews_busy", busy
            ws.send_json({"type": "ping", "id": 3})
            assert reply(ws) == {"type": "pong", "id": 3}  # the connection still answers
            wait_for(lambda: len(calls) >= 1, 10)  # one preview thread: the first runs, the second waits
        wait_for(lambda: -1 in calls, 10)  # its connection gone, the running one stopped early ...
        time.sleep(0.2)
        assert calls.count(1) == 1  # ... and the waiting one never started
        gate.set()


DEEP = "[" * 100_000 + "]" * 100_000  # JSON nested deeper than the parser's recursion


@pytest.mark.parametrize("column", ["seats", "entries", "notes"])
def test_a_row_nested_too_deeply_sets_its_game_aside_and_every_other_game_goes_on(url: str, column: str) -> None:
    """A value nested 100,000 deep in a game's seats, a history entry or a note (the parser raises
    RecursionError, which the row readers did not catch): the server starts, the start-up's resume loop
    goes past such a game to the bot games after it, and the game's page and socket say it was set aside."""
    with client_for(url) as c:
        good, bad = games_with_bots_playing(c, [1, 2])
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        damage = {
            "seats": "UPDATE games SET seats = :d WHERE id = :g",
            "entries": "UPDATE entries SET entry = :d WHERE game_id = :g AND seq = 1",
            # (a kind this release does not know: a damaged chat line, say, is left out: test_note_faults.py)
            "notes": "INSERT INTO notes (game_id, kind, body) VALUES (:g, 'later', :d)",
        }
        conn.execute(sa.text(damage[column]), {"d": DEEP, "g": bad})
        # The resume loop brings games back newest first: the good game comes after the damaged one.
        conn.execute(sa.text("UPDATE games SET updated = 1 WHERE id = :g"), {"g": good})
    engine.dispose()
    with client_for(url) as c:  # the start does not fail ...
        wait_for(lambda: good in hub_of(c).rooms, 30)  # ... and the resume loop reached the good game
        page = assert_set_aside(c, bad)
        assert c.get(f"/api/games/{good}").json()["status"] == "running"
        listed = {g["id"]: g["status"] for g in c.get("/api/games").json()["games"]}
        assert listed[bad] == "damaged" and listed[good] == "running", listed
        if column != "seats":
            assert "nested too deeply" in page["error"]


def test_replays_are_limited_per_address(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    gid, _ = store_game(url, finished_game(1))
    # The buckets' clock stands still: on a loaded machine two builds can outlast the 10 s a token takes
    # to come back at this rate, and the third would be served (seen in a run beside other work).
    monkeypatch.setattr(allowances, "time", types.SimpleNamespace(monotonic=lambda: 1000.0))
    with client_for(url, replays_per_minute=6) as c:  # bursts of 2
        answers = [c.get(f"/api/games/{gid}/replay", params={"view": v}) for v in ("spectator", "0", "1")]
        assert [a.status_code for a in answers] == [200, 200, 429], [a.text[:100] for a in answers]
        assert answers[2].json()["code"] == "too_many_replays" and "6 replays a minute" in answers[2].json()["error"]


def test_a_finished_games_replay_is_built_once_per_view_and_kept_compressed(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asked again in three views, a finished game's replay is built three times; what is kept
    is the compressed answer (a fraction of its size), and a seat's view is marked ``no-store``."""
    gid, _ = store_game(url, finished_game(2, players=5))
    calls = replay_builds(monkeypatch)
    with client_for(url, replay_processes=0) as c:  # (built here, where they are counted; 10 replays: a burst)
        keys = [("spectator", "en"), ("0", "en"), ("spectator", "de")]
        first = {k: c.get(f"/api/games/{gid}/replay", params={"view": k[0], "lang": k[1]}) for k in keys}
        for _ in range(2):
            for (view, lang), answer in first.items():
                again = c.get(f"/api/games/{gid}/replay", params={"view": view, "lang": lang})
                assert again.json() == answer.json()
        assert len(calls) == 3
        assert first[("0", "en")].headers["cache-control"] == "no-store"
        assert "no-store" not in first[("spectator", "en")].headers.get("cache-control", "")
        hub = hub_of(c)
        kept = sum(len(v) for v in hub.replays.values())
        sent = sum(len(a.content) for a in first.values())  # (decoded by the client)
        assert len(hub.replays) == 3 and kept * 4 < sent, (kept, sent)
        plain = c.get(f"/api/games/{gid}/replay", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.json() == first[("spectator", "en")].json()


@pytest.mark.parametrize("text", ["hi\x00there", "\x1b[31mred", "\u202eevil", "a\u200bb", "zero\ufeffwidth"])
def test_chat_refuses_control_and_invisible_characters_as_seat_names_do(client: TestClient, text: str) -> None:
    made = create_game(client, PEOPLE, seed=4)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, made["seats"][0]["token"])
        ws.send_json({"type": "chat", "id": 1, "text": text})
        answer = reply(ws)
        assert answer["type"] == "error" and answer["code"] == "chat_invisible", answer
        ws.send_json({"type": "chat", "id": 2, "text": "hello\tthere\n"})  # plain white space is fine
        assert next_of(ws, "said") == {"type": "said", "id": 2}
    assert [n["text"] for n in hub_of(client).store.notes(made["id"], "chat")] == ["hello there"]


def test_the_500_page_carries_the_security_headers(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(url)
    with LocalClient(app, base_url="http://localhost", raise_server_exceptions=False) as c:
        monkeypatch.setattr(hub_of(c).store, "games", lambda *a, **k: 1 / 0)
        res = c.get("/api/games")
        assert res.status_code == 500 and res.json() == {"error": "internal server error", "code": "server_error"}
        assert "frame-ancestors 'none'" in res.headers["content-security-policy"]
        assert res.headers["x-content-type-options"] == "nosniff" and res.headers["x-frame-options"] == "DENY"


def test_games_without_bots_have_a_settable_cap_for_all_addresses(url: str) -> None:
    with client_for(url, max_people_games=2) as c:
        first = create_game(c, PEOPLE)
        c.portal.call(hub_of(c).create, {"seats": PEOPLE}, "192.0.2.9")  # type: ignore[union-attr]
        res = c.post("/api/games", json={"seats": PEOPLE})
        assert res.status_code == 429 and res.json()["code"] == "people_games_full", res.text
        create_game(c, WITH_BOTS)  # games with bots have their own cap
        headers = {"content-type": "application/json", "x-creator-token": first["creator"]}
        assert c.post(f"/api/games/{first['id']}/abandon", headers=headers).status_code == 200
        create_game(c, PEOPLE)  # an abandoned game frees its place
    with client_for(url, max_people_games=2) as c:  # counted again from storage at start
        assert c.post("/api/games", json={"seats": PEOPLE}).json()["code"] == "people_games_full"
