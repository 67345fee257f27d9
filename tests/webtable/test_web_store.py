"""The event-sourced store on every backend (SQLite and a real PostgreSQL server, see conftest.py):
games and histories round-trip exactly, an append is all or nothing, the hub's group commit stores
good appends even when one in the same batch is refused, and odd game ids are simply no game."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from webtable.rooms import Hub
from webtable.store import GameRecord, Store

ODD = {"name": 'Łucja "zoë" 🐉\u0000\\', "nested": [1, 2.5, None, True, {"k": "\u2028"}], "big": 2**62 + 1}


@pytest.fixture()
def store(db_url: str) -> Any:
    s = Store(db_url)
    yield s
    s.close()


def _record(gid: str, status: str = "running", at: float = 0.0) -> GameRecord:
    seats: list[dict[str, Any]] = [
        {"type": "human", "name": "Ann", "token_sha256": "ab" * 32},
        {"type": "bot", "bot": "random", "salt": 7},
    ]
    return GameRecord(gid, "wallenstein", 2, seats, status, at, at, 0)


def test_games_and_histories_round_trip(store: Store) -> None:
    head = {"game": "wallenstein", "players": 3, "seed": 2**63 - 1, "options": ODD}
    store.create(_record("g1", at=1.0), [head, {"chance": [3, 1, 2]}])
    store.append("g1", 2, [{"seat": 0, "action": ODD}, {"chance": "x"}], "running", 1)
    assert store.history("g1") == [head, {"chance": [3, 1, 2]}, {"seat": 0, "action": ODD}, {"chance": "x"}]
    rec = store.record("g1")
    assert rec is not None
    assert (rec.id, rec.kind, rec.players, rec.status, rec.decisions) == ("g1", "wallenstein", 2, "running", 1)
    assert rec.seats == _record("g1").seats and rec.created == 1.0 and rec.updated > 1.0
    assert store.record("nope") is None and store.history("nope") == []


def test_listing_is_newest_first_and_filters_by_status(store: Store) -> None:
    for i, status in enumerate(["running", "over", "running"]):
        store.create(_record(f"g{i}", status, at=100.0 + i), [{"head": i}])
    assert [r.id for r in store.games()] == ["g2", "g1", "g0"]
    assert [r.id for r in store.games(status="running")] == ["g2", "g0"]
    assert [r.id for r in store.games(limit=1)] == ["g2"]
    time.sleep(0.01)
    store.append("g0", 1, [{"seat": 1}], "over", 1)  # updated now: first in the list
    assert store.games()[0].id == "g0"
    assert [r.id for r in store.games(status="over")] == ["g0", "g1"]


def test_an_append_is_all_or_nothing(store: Store) -> None:
    store.create(_record("a"), [{"head": "a"}, {"e": 1}])
    store.create(_record("b"), [{"head": "b"}])
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):  # seq 1 of game a exists already
        store.append_many([("b", 1, [{"e": "b1"}], "over", 1, None), ("a", 1, [{"e": "again"}], "over", 5, None)])
    assert store.history("a") == [{"head": "a"}, {"e": 1}]
    assert store.history("b") == [{"head": "b"}]  # the good half of the failed batch is not stored
    b = store.record("b")
    assert b is not None and (b.status, b.decisions) == ("running", 0)
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        store.create(_record("a"), [{"head": "twice"}])
    assert store.history("a") == [{"head": "a"}, {"e": 1}]


def test_group_commit_stores_the_good_appends_of_a_batch_with_a_bad_one(store: Store) -> None:
    store.create(_record("a"), [{"head": "a"}])
    store.create(_record("b"), [{"head": "b"}])

    async def main() -> list[BaseException | None]:
        hub = Hub(store)
        try:
            results = await asyncio.gather(
                hub.commit(("a", 1, [{"e": "a1"}], "running", 1, None)),
                hub.commit(("b", 0, [{"e": "clash"}], "running", 1, None)),  # seq 0 exists: refused
                hub.commit(("b", 1, [{"e": "b1"}], "over", 1, None)),
                return_exceptions=True,
            )
        finally:
            await hub.stop()
        return [r if isinstance(r, BaseException) else None for r in results]

    results = asyncio.run(main())
    assert results[0] is None and results[2] is None and results[1] is not None
    assert store.history("a") == [{"head": "a"}, {"e": "a1"}]
    assert store.history("b") == [{"head": "b"}, {"e": "b1"}]


def test_odd_game_ids_are_no_game(store: Store) -> None:
    store.create(_record("real"), [{"head": 0}])

    async def main() -> list[Any]:
        hub = Hub(store)
        try:
            return [await hub.room(gid) for gid in ("\x00", "re\x00al", "é", "x" * 41, "", "a/b", 5, None)]
        finally:
            await hub.stop()

    assert asyncio.run(main()) == [None] * 8
