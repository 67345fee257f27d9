"""Game ownership between server processes (webtable.ownership): leases, fencing, hand-over, adoption of
orphaned bot games, and the SIGTERM drain. The processes are Ownership objects over one real PostgreSQL
database here (cheap); test_web_cluster.py runs three real processes behind nginx."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from pgtemp import TempPostgres
from webclient import create_game, free_port, hello, make_client, next_of, server, sqlite_url
from websockets.sync.client import connect

from webtable.ownership import Ownership, drain
from webtable.registry import install_defaults
from webtable.store import Append, GameRecord, Store

BOTS = [{"type": "bot", "bot": "random", "name": "", "salt": 1}] * 3
PEOPLE = [{"type": "human", "name": "", "token_sha256": "x"}] * 3


@pytest.fixture
def pg_store(postgres: TempPostgres | str) -> Any:
    if isinstance(postgres, str):
        pytest.fail(f"PostgreSQL tests cannot run: {postgres}", pytrace=False)
    store = Store(postgres.new_database())
    yield store
    store.close()


def new_game(store: Store, game_id: str, seats: list[dict[str, Any]], owner: Ownership | None = None) -> None:
    store.on_create = owner.claim_new if owner is not None else None
    now = time.time()
    store.create(GameRecord(game_id, "wallenstein", 3, seats, "running", now, now, 0), [{"new_game": {}}])


def test_a_paused_owner_cannot_commit_after_its_lease_was_taken(pg_store: Store) -> None:
    first, second = Ownership(pg_store.engine, 0.5), Ownership(pg_store.engine, 0.5)
    new_game(pg_store, "g1", PEOPLE, first)
    pg_store.fence = first.fence
    mine = first.tokens["g1"]
    assert pg_store.append_many([("g1", 1, [{"seat": 0, "action": "a"}], "running", 1, None)], [mine]) == set()
    assert second.take("g1") == "held", "a live lease is not taken"
    time.sleep(0.6)  # the first process is paused past its lease
    assert second.take("g1") == "taken"
    assert second.tokens["g1"] == mine + 1
    # (another game of the same process, in the same batch: it is stored)
    other: Append = ("g2", 0, [], "running", 0, None)
    new_game(pg_store, "g2", PEOPLE, first)
    lost = pg_store.append_many([("g1", 2, [{"seat": 1, "action": "b"}], "running", 2, None), other], [mine, 1])
    assert lost == {0}
    assert [e.get("action") for e in pg_store.history("g1")] == [None, "a"], "nothing of the paused owner's"
    assert first.renew() == ({"g1"}, set())
    pg_store.fence = second.fence
    assert pg_store.append_many([("g1", 2, [{"seat": 1, "action": "c"}], "running", 2, None)], [mine + 1]) == set()


def test_a_room_of_an_earlier_lease_of_the_same_process_cannot_commit(pg_store: Store) -> None:
    """A process that let a game go and took it again has two rooms' worth of decisions in flight: only
    the room opened under the newer lease commits."""
    owner = Ownership(pg_store.engine, 30)
    new_game(pg_store, "g5", PEOPLE, owner)
    pg_store.fence = owner.fence
    owner.release_one("g5", 1)
    assert owner.take("g5") == "taken" and owner.tokens["g5"] == 2
    assert pg_store.append_many([("g5", 1, [{"seat": 0, "action": "old"}], "running", 1, None)], [1]) == {0}
    assert pg_store.append_many([("g5", 1, [{"seat": 0, "action": "new"}], "running", 1, None)], [2]) == set()
    owner.release_one("g5", 1)  # a late release of the old lease leaves the new one alone
    assert owner.tokens == {"g5": 2} and owner.renew() == (set(), set())
    # A time bank's note kept with a batch (Hub.keep_latest): only under the lease held now, the latest only.
    old_note = ("g5", "time_bank", {"banks": {"0": 1}}, 1)
    assert pg_store.append_many([], [], [old_note]) == set() and pg_store.notes("g5", "time_bank") == []
    for left in (2, 3):
        pg_store.append_many([], [], [("g5", "time_bank", {"banks": {"0": left}}, 2)])
    assert pg_store.notes("g5", "time_bank") == [{"banks": {"0": 3}}]


def test_a_game_asked_for_is_handed_over_and_the_lease_moves_with_a_new_token(pg_store: Store) -> None:
    holder, asker = Ownership(pg_store.engine, 30), Ownership(pg_store.engine, 30)
    new_game(pg_store, "g2", PEOPLE, holder)
    assert asker.take("g2") == "held"
    assert holder.renew() == (set(), {"g2"}), "the holder learns at its next renewal"
    holder.release(["g2"])
    assert asker.take("g2") == "taken" and asker.tokens["g2"] == 2
    assert holder.renew() == (set(), set()) and not holder.tokens


def test_a_lease_is_written_once_a_third_of_its_time_not_at_every_renewal(pg_store: Store) -> None:
    from webtable.store import LEASES

    owner = Ownership(pg_store.engine, 1.5)
    new_game(pg_store, "g4", PEOPLE, owner)

    def expiry() -> float:
        with pg_store.engine.connect() as conn:
            return float(conn.execute(sa.select(LEASES.c.expires).where(LEASES.c.game_id == "g4")).scalar_one())

    first = expiry()
    assert owner.renew() == (set(), set()) and expiry() == first, "a fresh lease is not written again"
    time.sleep(0.6)
    assert owner.renew() == (set(), set()) and expiry() > first + 0.5


def test_orphans_are_unfinished_bot_games_nobody_serves(pg_store: Store) -> None:
    dead, alive = Ownership(pg_store.engine, 0.3), Ownership(pg_store.engine, 30)
    new_game(pg_store, "bots_dead", BOTS, dead)
    new_game(pg_store, "bots_alive", BOTS, alive)
    new_game(pg_store, "people_dead", PEOPLE, dead)  # taken when a person comes back, not before
    new_game(pg_store, "bots_never", BOTS)  # made before leases
    new_game(pg_store, "bots_over", BOTS, dead)
    pg_store.set_status("bots_over", "over")
    time.sleep(0.4)
    assert sorted(alive.orphans()) == ["bots_dead", "bots_never"]
    assert alive.take("bots_dead", want=False) == "taken"
    assert alive.take("bots_over") == "free", "a finished game needs no lease"
    assert sorted(alive.orphans()) == ["bots_never"]


def test_fencing_also_guards_seats_abandoning_and_notes(pg_store: Store) -> None:
    """A paused owner that lost the game can change nothing of it: not its seats, not its status, and no
    note (a chat line, a stand-in's notice, a hint, the time banks) is kept from it."""
    from webtable.store import NotOwner

    first, second = Ownership(pg_store.engine, 0.3), Ownership(pg_store.engine, 30)
    new_game(pg_store, "g3", PEOPLE, first)
    time.sleep(0.4)
    assert second.take("g3") == "taken"
    pg_store.fence = first.fence
    with pytest.raises(NotOwner):
        pg_store.set_seats("g3", BOTS, 1)
    with pytest.raises(NotOwner):
        pg_store.set_status("g3", "abandoned", 1, fenced=True)
    with pytest.raises(NotOwner):
        pg_store.add_note("g3", "chat", {"type": "chat", "seat": 0, "text": "late"}, 50, 1)
    record = pg_store.record("g3")
    assert record is not None and record.status == "running" and record.seats == PEOPLE
    assert pg_store.notes("g3", "chat") == []
    pg_store.fence = second.fence
    pg_store.add_note("g3", "chat", {"type": "chat", "seat": 0, "text": "on time"}, 50, second.tokens["g3"])
    assert [n["text"] for n in pg_store.notes("g3", "chat")] == ["on time"]


def test_draining_refuses_new_games_and_tells_pages_to_reconnect(tmp_path: Path) -> None:
    install_defaults()
    with make_client(sqlite_url(tmp_path)) as client:
        made = create_game(client, [{"type": "human"}, {"type": "human"}, {"type": "human"}])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            next_of(ws, "state")
            hub = client.app.state.hub  # type: ignore[attr-defined]
            assert client.portal is not None
            client.portal.call(drain, hub)
            told = next_of(ws, "error")
            assert told["code"] == "server_stopping"
            with pytest.raises(Exception) as closed:
                ws.receive_json()
            assert getattr(closed.value, "code", None) == 1012
        refused = client.post("/api/games", json={"seats": [{"type": "human"}] * 3})
        assert refused.status_code == 503 and refused.json()["code"] == "server_stopping"
        assert client.get("/readyz").status_code == 503, "a draining process is not ready"
        assert not hub.rooms


def test_sigterm_drains_a_real_server_and_it_exits(tmp_path: Path) -> None:
    """The signal path itself: the page hears "server_stopping" and a 1012 close, and the process ends."""
    port = free_port()
    with server(sqlite_url(tmp_path), port) as proc:
        seats = [{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
        made = httpx.post(f"http://127.0.0.1:{port}/api/games", json={"seats": seats}).json()
        with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", ping_interval=None) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
            assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
            proc.terminate()
            codes = []
            try:
                while True:
                    codes.append(json.loads(ws.recv(timeout=30)).get("code"))
            except Exception as exc:  # the close
                assert getattr(getattr(exc, "rcvd", None), "code", None) == 1012, exc
            assert "server_stopping" in codes
        assert proc.wait(timeout=30) in (0, -15)
        assert proc.stdout is not None and "drained: 1 games" in proc.stdout.read()
