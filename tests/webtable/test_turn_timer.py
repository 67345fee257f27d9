"""The turn time limit's time bank: what a decision takes from it and gives back, and that the reserves
outlive a restart of the server (they are kept with the game, webtable.turn_timer)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import OperationalError
from webclient import LocalClient, create_game, sqlite_url

from webtable import turn_timer
from webtable.app import create_app

PEOPLE = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "human", "name": "Cy"}]


class _Record:
    def __init__(self, bank: int) -> None:
        self.seats = [{"type": "human", "turn_limit": 10, "time_bank": bank}]


class _Room:
    def __init__(self, bank: int) -> None:
        self.record = _Record(bank)
        self.kept: list[dict[str, Any]] = []

    def keep_latest_note(self, kind: str, body: dict[str, Any]) -> None:
        assert kind == "time_bank"
        self.kept.append(body)


def test_a_decision_spends_the_time_over_its_limit_from_the_bank_and_adds_some_back() -> None:
    room = _Room(30)

    async def decide() -> None:
        assert turn_timer.bank_of(room, 0) == 30
        clock = turn_timer.Clock(1, None, 100.0, 10.0, 30.0)  # type: ignore[arg-type]
        turn_timer._settle(room, 0, clock, 100.0 + 10 + 12)  # 12 s over the limit
        assert turn_timer.bank_of(room, 0) == 30 - 12 + turn_timer.BANK_GAIN
        clock = turn_timer.Clock(2, None, 200.0, 10.0, turn_timer.bank_of(room, 0))  # type: ignore[arg-type]
        turn_timer._settle(room, 0, clock, 203.0)  # within the limit: the bank grows, up to its first size
        for version in (3, 4):  # full again after the first; then nothing changes and nothing is written
            clock = turn_timer.Clock(version, None, 300.0, 10.0, turn_timer.bank_of(room, 0))  # type: ignore[arg-type]
            turn_timer._settle(room, 0, clock, 301.0)
        await asyncio.sleep(0)

    asyncio.run(decide())
    assert turn_timer.bank_of(room, 0) == 30
    # Each change was kept with the game, in the order it happened, and only the changes.
    assert room.kept == [{"banks": {"0": 23.0}}, {"banks": {"0": 28.0}}, {"banks": {"0": 30.0}}]


@pytest.mark.parametrize(
    ("kept", "bank"),
    [
        ({"banks": {"0": 12.5}}, 12.5),
        ({"banks": {"0": 0}}, 0.0),
        ({"banks": {"0": 31}}, 30.0),  # more than the first reserve: not believed
        ({"banks": {"0": -1}}, 30.0),
        ({"banks": {"0": "12"}}, 30.0),
        ({"banks": {"0": True}}, 30.0),
        ({"banks": {"7": 3, "x": 3}}, 30.0),  # no such seat
        ({"banks": [3]}, 30.0),
        ({}, 30.0),
    ],
)
def test_a_kept_reserve_is_restored_only_when_it_is_one(kept: dict[str, Any], bank: float) -> None:
    room = _Room(30)
    turn_timer.restore_banks(room, [{"banks": {"0": 1}}, kept])  # the latest note counts
    assert turn_timer.bank_of(room, 0) == bank


def test_a_spent_time_bank_stays_spent_after_a_restart(tmp_path: Path) -> None:
    """Three people with a 1 s limit and a 2 s bank let their first plan run out: a stand-in plans for
    each and their banks are spent. A new server on the same store gives them no new reserve: their
    clocks show the limit alone (before, a restart filled every bank again)."""
    url = sqlite_url(tmp_path)
    with LocalClient(create_app(url), base_url="http://localhost") as c:
        gid = create_game(c, PEOPLE, seed=5, turn_limit=1, time_bank=2)["id"]
        hub = c.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[gid]
        _wait(lambda: room.version >= 3 and _kept(hub, gid) == {"0": 0, "1": 0, "2": 0})
    with LocalClient(create_app(url), base_url="http://localhost") as c:
        summary = c.get(f"/api/games/{gid}").json()  # (loads the game: its clocks start again)
        room = c.app.state.hub.rooms[gid]  # type: ignore[attr-defined]
        assert [turn_timer.bank_of(room, seat) for seat in range(3)] == [0.0, 0.0, 0.0]
        assert summary["clock"] and all(left <= 1.0 for left in summary["clock"].values()), summary["clock"]


def test_a_bank_change_queued_when_the_server_stops_is_kept(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with LocalClient(create_app(url), base_url="http://localhost") as c:
        gid = create_game(c, PEOPLE, seed=5, turn_limit=10, time_bank=30)["id"]
        room = c.app.state.hub.rooms[gid]  # type: ignore[attr-defined]

        async def decide_late() -> None:  # 12 s over the limit, just as the server stops
            turn_timer._settle(room, 1, turn_timer.Clock(1, None, 0.0, 10.0, 30.0), 22.0)  # type: ignore[arg-type]

        c.portal.call(decide_late)  # type: ignore[union-attr]
    with LocalClient(create_app(url), base_url="http://localhost") as c:
        c.get(f"/api/games/{gid}")
        room = c.app.state.hub.rooms[gid]  # type: ignore[attr-defined]
        assert turn_timer.bank_of(room, 1) == 30 - 12 + turn_timer.BANK_GAIN


def _kept(hub: Any, gid: str) -> Any:
    notes = hub.store.notes(gid, "time_bank", last=1)
    return notes[-1]["banks"] if notes else None


def _wait(check: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_bank_notes_go_with_the_next_batch_of_decisions(tmp_path: Path) -> None:
    """A reserve's note waits for the writer's next transaction, with the decisions queued meanwhile (no
    disk flush of its own while the table is busy); a later note of the same game replaces it."""
    with LocalClient(create_app(sqlite_url(tmp_path)), base_url="http://localhost") as c:
        gid, other = (create_game(c, PEOPLE, seed=s, turn_limit=600, time_bank=60)["id"] for s in (5, 6))
        hub = c.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[gid]
        commits: list[Any] = []
        count = commits.append  # (one bound method, to remove the listener by)
        sa.event.listen(hub.store.engine, "commit", count)

        async def decide_and_keep() -> None:
            room.keep_latest_note("time_bank", {"banks": {"0": 1.0}})
            room.keep_latest_note("time_bank", {"banks": {"0": 2.0}})
            hub.rooms[other].keep_latest_note("time_bank", {"banks": {"1": 3.0}})
            seat = sorted(room.game.pending())[0]
            await room.act(seat, next(iter(room.game.legal_actions(seat))))

        c.portal.call(decide_and_keep)  # type: ignore[union-attr]
        sa.event.remove(hub.store.engine, "commit", count)
        print(f"one decision and three bank notes: {len(commits)} commit(s)")
        assert len(commits) == 1 and hub.store.record(gid).decisions == room.version
        assert hub.store.notes(gid, "time_bank") == [{"banks": {"0": 2.0}}]
        assert hub.store.notes(other, "time_bank") == [{"banks": {"1": 3.0}}]


def test_a_store_that_is_down_leaves_the_reserves_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with LocalClient(create_app(sqlite_url(tmp_path)), base_url="http://localhost") as c:
        gid = create_game(c, PEOPLE, seed=5, turn_limit=10, time_bank=30)["id"]
        hub = c.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[gid]
        real = hub.store.append_many

        def full(*_args: Any, **_kwargs: Any) -> Any:
            raise OperationalError("INSERT", {}, Exception("database or disk is full"))

        async def decide(late: float) -> None:  # (a decision ``late`` seconds after its clock's limit)
            turn_timer._settle(room, 0, turn_timer.Clock(1, None, 0.0, 10.0, turn_timer.bank_of(room, 0)), 10 + late)  # type: ignore[arg-type]
            await hub._writing

        monkeypatch.setattr(hub.store, "append_many", full)
        c.portal.call(decide, 20.0)  # type: ignore[union-attr]
        assert turn_timer.bank_of(room, 0) == 30 - 20 + turn_timer.BANK_GAIN
        assert hub.store.notes(gid, "time_bank") == []
        monkeypatch.setattr(hub.store, "append_many", real)
        c.portal.call(decide, 0.0)  # type: ignore[union-attr]
        assert hub.store.notes(gid, "time_bank") == [{"banks": {"0": 30 - 20 + 2 * turn_timer.BANK_GAIN}}]
