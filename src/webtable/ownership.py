"""Game ownership across server processes: a lease per game in the store, with a fencing token.

Several server processes over one PostgreSQL database: each unfinished game is served by one process at
a time, the holder of its row in ``game_leases``. A lease lasts ``seconds`` and its holder renews it every
third of that; a process that stops renewing (killed, paused, cut off from the database) loses its games
when their leases expire, and another takes them: the one a person's connection reaches (the proxy
hashes the game id), or any process, for a game whose bots must play on. Taking a lease adds one to the
game's fencing token, and every commit of a decision locks the lease row and checks the token in the same
transaction (``Ownership.fence``), so an owner that was paused past its lease can never commit: its
decision is refused and stored by nobody, never twice. Expiry is judged by the database's clock, the
one clock every machine shares.

A process that wants a game a live process holds (the proxy now sends the game's connections to it)
marks the row ``wanted``; the holder hands it over at its next renewal: the decision in hand is
committed, the pages are told to reconnect, the lease is released. SIGTERM does the same for every game
of the process (``drain``). With one process (the default) none of this runs: no lease, no check.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from typing import TYPE_CHECKING, Any, Literal

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from webtable.store import GAMES, LEASES, STORAGE_ERRORS

if TYPE_CHECKING:
    from webtable.rooms import Hub, Room

log = logging.getLogger("webtable")
Take = Literal["taken", "free", "held"]  # free: no lease needed (no such game, or it is not running)
ADOPT_AT_ONCE = 50  # orphaned bot games one process takes per renewal


def holder_name() -> str:
    """This process's name in the lease table: host, process id and a random part (a restarted process
    with the same id is another holder)."""
    return f"{socket.gethostname()[:50]}:{os.getpid()}:{secrets.token_hex(4)}"


class Ownership:
    """The leases of one server process (its ``tokens``: the games it serves and their fencing tokens)."""

    def __init__(self, engine: Engine, seconds: float, holder: str | None = None) -> None:
        if seconds <= 0:
            raise ValueError("a lease lasts a positive number of seconds")
        self.engine = engine
        self.seconds = seconds
        self.holder = holder or holder_name()
        self.tokens: dict[str, int] = {}
        # Renewals: three or more to a lease, and at least every second, since a hand-over asked for waits
        # for the next one (one small UPDATE per process and tick).
        self.tick = min(1.0, seconds / 3)

    def _now(self) -> Any:
        """The database's clock in epoch seconds (SQLite, one machine: this process's clock)."""
        if self.engine.dialect.name == "postgresql":
            return sa.func.extract("epoch", sa.func.clock_timestamp())
        return sa.literal(time.time(), sa.Float)

    # ------------------------------------------------------------------ the store's hooks
    def claim_new(self, conn: Connection, game_id: str) -> None:
        """A game this process creates is its own from the start (in the creating transaction)."""
        conn.execute(LEASES.insert().values(game_id=game_id, holder=self.holder, token=1, expires=self._expiry()))
        self.tokens[game_id] = 1

    def fence(self, conn: Connection, game_ids: list[str]) -> dict[str, int]:
        """The games of ``game_ids`` this process holds, with their fencing tokens: a commit stands only
        under the token its room was loaded with (a room of an earlier lease of this same process is
        refused too). The lease rows stay locked until the transaction ends, so no other process can
        take them between this check and the commit."""
        query = sa.select(LEASES.c.game_id, LEASES.c.holder, LEASES.c.token).where(LEASES.c.game_id.in_(game_ids))
        rows = conn.execute(query.order_by(LEASES.c.game_id).with_for_update()).all()
        return {r.game_id: int(r.token) for r in rows if r.holder == self.holder}

    def _expiry(self) -> Any:
        return self._now() + self.seconds

    # ------------------------------------------------------------------ taking, keeping, releasing
    def take(self, game_id: str, want: bool = True) -> Take:
        """Take ``game_id``'s lease if it is free, expired or ours already; "held" if a live process holds
        it (then ``want``: ask it to hand the game over); "free" if no lease is needed."""
        now = self._now()
        with self.engine.begin() as conn:
            status = conn.execute(sa.select(GAMES.c.status).where(GAMES.c.id == game_id)).scalar()
            if status != "running":
                return "free"
            takeable = sa.or_(LEASES.c.holder.is_(None), LEASES.c.expires < now, LEASES.c.holder == self.holder)
            taken = conn.execute(
                LEASES.update()
                .where(LEASES.c.game_id == game_id, takeable)
                .values(holder=self.holder, token=LEASES.c.token + 1, expires=now + self.seconds, wanted=None)
                .returning(LEASES.c.token)
            ).scalar()
            if taken is None and not self._exists(conn, game_id):
                taken = self._insert(conn, game_id)
            if taken is None:
                if want:
                    ask = LEASES.update().where(LEASES.c.game_id == game_id, LEASES.c.holder != self.holder)
                    conn.execute(ask.values(wanted=self.holder))
                return "held"
        self.tokens[game_id] = int(taken)
        return "taken"

    def _exists(self, conn: Connection, game_id: str) -> bool:
        return conn.execute(sa.select(LEASES.c.game_id).where(LEASES.c.game_id == game_id)).first() is not None

    def _insert(self, conn: Connection, game_id: str) -> int | None:
        """The first lease of a game made before leases (1), or None if another process inserted it first."""
        try:
            with conn.begin_nested():
                values = {"game_id": game_id, "holder": self.holder, "token": 1, "expires": self._expiry()}
                conn.execute(LEASES.insert().values(**values))
        except IntegrityError:
            return None
        return 1

    def renew(self) -> tuple[set[str], set[str]]:
        """Extend the leases this process holds that are past a third of their time (each lease is written
        once a third of its time, however often this runs: a game costs 3 / ``seconds`` writes a second);
        returns the games it lost (taken by another process after they expired) and those another
        process asks for."""
        tokens = dict(self.tokens)
        if not tokens:
            return set(), set()
        ids = list(tokens)
        now = self._now()
        with self.engine.begin() as conn:
            due = sa.and_(
                LEASES.c.game_id.in_(ids), LEASES.c.holder == self.holder, LEASES.c.expires < now + 2 * self.seconds / 3
            )
            locked = conn.execute(sa.select(LEASES.c.game_id).where(due).order_by(LEASES.c.game_id).with_for_update())
            renew = list(locked.scalars())
            if renew:
                still = LEASES.update().where(LEASES.c.game_id.in_(renew), LEASES.c.holder == self.holder)
                conn.execute(still.values(expires=self._expiry()))
            query = sa.select(LEASES.c.game_id, LEASES.c.holder, LEASES.c.token, LEASES.c.wanted)
            rows = conn.execute(query.where(LEASES.c.game_id.in_(ids))).all()
        kept = {r.game_id for r in rows if r.holder == self.holder and r.token == tokens[r.game_id]}
        wanted = {r.game_id for r in rows if r.game_id in kept and r.wanted not in (None, self.holder)}
        return set(tokens) - kept, wanted

    def release(self, game_ids: list[str]) -> None:
        """Give leases up at once (the next taker need not wait for them to expire)."""
        mine = [g for g in game_ids if self.tokens.pop(g, None) is not None]
        if not mine:
            return
        with self.engine.begin() as conn:
            self._lock(conn, mine)
            conn.execute(
                LEASES.update()
                .where(LEASES.c.game_id.in_(mine), LEASES.c.holder == self.holder)
                .values(holder=None, expires=self._now())  # (a game asked for stays the asker's a while)
            )

    def _lock(self, conn: Connection, game_ids: list[str]) -> None:
        """Lock the lease rows of ``game_ids`` in one order, the order ``fence`` locks them in: two
        transactions that lock several rows each (a renewal, a batch of decisions) never deadlock."""
        query = sa.select(LEASES.c.game_id).where(LEASES.c.game_id.in_(game_ids)).order_by(LEASES.c.game_id)
        conn.execute(query.with_for_update())

    def release_one(self, game_id: str, token: int | None) -> None:
        """Give up the lease of ``game_id`` held under ``token`` only (not a newer one of this process)."""
        if token is None or self.tokens.get(game_id) != token:
            return
        self.tokens.pop(game_id, None)
        with self.engine.begin() as conn:
            mine = sa.and_(LEASES.c.game_id == game_id, LEASES.c.holder == self.holder, LEASES.c.token == token)
            conn.execute(LEASES.update().where(mine).values(holder=None, expires=self._now()))

    def release_quietly(self, game_id: str, token: int) -> None:
        """``release_one`` where nobody waits for it: a failure is logged (the lease expires instead)."""
        try:
            self.release_one(game_id, token)
        except STORAGE_ERRORS:
            log.warning("game %s: releasing its lease failed (it expires instead)", game_id, exc_info=True)

    def forget(self, game_id: str) -> None:
        """A game lost to another process: nothing to release."""
        self.tokens.pop(game_id, None)

    def orphans(self, limit: int = ADOPT_AT_ONCE) -> list[str]:
        """Running games whose bots (or turn timers) must play on and that no live process serves: never
        leased, released, or expired; a game another process asked for is left to it a while."""
        now = self._now()
        free = sa.or_(LEASES.c.holder.is_(None), LEASES.c.expires < now)
        stale = LEASES.c.expires < now - self.seconds
        unasked = sa.or_(LEASES.c.wanted.is_(None), LEASES.c.wanted == self.holder, stale)
        # (The seats' JSON is written without spaces: store._dumps.)
        decides = sa.or_(GAMES.c.seats.contains('"type":"bot"'), GAMES.c.seats.contains('"turn_limit"'))
        query = (
            sa.select(GAMES.c.id)
            .select_from(GAMES.outerjoin(LEASES, LEASES.c.game_id == GAMES.c.id))
            .where(GAMES.c.status == "running", decides, sa.or_(LEASES.c.game_id.is_(None), sa.and_(free, unasked)))
            .order_by(GAMES.c.updated)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]


# ---------------------------------------------------------------------- the hub's side
async def acquire(hub: Hub, game_id: str) -> None:
    """Take ``game_id`` for this process before it is loaded, waiting while another process hands it over
    or its dead holder's lease runs out; StorageDown (code game_moving) if that takes too long."""
    from webtable.rooms import GameMoved, StorageDown

    leases = hub.leases
    assert leases is not None
    deadline = time.monotonic() + 2 * leases.seconds + 2
    while True:
        if hub.draining:
            raise GameMoved("this server is stopping; reconnecting to another", code="server_stopping")
        try:
            got = await asyncio.to_thread(leases.take, game_id)
        except STORAGE_ERRORS:
            raise StorageDown("the game store is unavailable; try again in a moment") from None
        if got != "held":
            return
        if time.monotonic() > deadline:
            raise GameMoved("this game is served by another server process; try again in a moment")
        await asyncio.sleep(0.25)  # (the holder hands over at its next tick, within a second)


async def let_go(hub: Hub, room: Room, release: bool, code: str = "game_moving") -> None:
    """Stop serving ``room``: the decision in hand is committed first, its bots stop, its lease is released
    (``release``; not when another process has taken it), then its pages are told to reconnect (they
    reach the game's new owner)."""
    await _stop(hub, room)
    if hub.leases is not None:
        if release:
            try:
                await asyncio.to_thread(hub.leases.release_one, room.id, room.token)
            except STORAGE_ERRORS:
                log.warning("game %s: releasing its lease failed (it expires instead)", room.id, exc_info=True)
        elif hub.leases.tokens.get(room.id) == room.token:
            hub.leases.forget(room.id)
    _tell(room, code)


async def _stop(hub: Hub, room: Room) -> None:
    """No more decisions in ``room`` (the one in hand is committed first) and no more bots; out of memory."""
    async with room.lock:
        room.gone = True
    if room.bot_task is not None:
        room.bot_task.cancel()
    if hub.rooms.get(room.id) is room:
        del hub.rooms[room.id]


def _tell(room: Room, code: str) -> None:
    words = {"game_moving": "this game moves to another server process", "server_stopping": "this server stops"}
    for client in list(room.clients):
        client.reconnect({"type": "error", "message": f"{words[code]}: reconnecting", "code": code})


async def keep(hub: Hub) -> None:
    """Renew this process's leases every third of their time; hand over the games others ask for, give up
    those lost, and take the orphaned games whose bots must play on."""
    leases = hub.leases
    assert leases is not None
    while not hub.closing:
        try:
            await _tend(hub, leases)
        except STORAGE_ERRORS:
            log.warning("renewing game leases failed", exc_info=True)
        except Exception:
            log.exception("tending game leases failed")
        await asyncio.sleep(leases.tick)


async def _tend(hub: Hub, leases: Ownership) -> None:
    lost, wanted = await asyncio.get_running_loop().run_in_executor(hub.writer, leases.renew)
    for game_id in lost:
        room = hub.rooms.get(game_id)
        log.warning("game %s: its lease was lost; another process serves it", game_id)
        if room is not None:
            await let_go(hub, room, release=False)
        leases.forget(game_id)
    for game_id in wanted:
        room = hub.rooms.get(game_id)
        if room is not None:
            await let_go(hub, room, release=True)
        else:
            await asyncio.to_thread(leases.release, [game_id])
    if not hub.draining:
        await _adopt(hub, leases)


async def _adopt(hub: Hub, leases: Ownership) -> None:
    """Take the orphaned games whose bots must play on (a few each time: several processes share them)."""
    from webtable.rooms import StorageDown

    for game_id in await asyncio.to_thread(leases.orphans):
        try:
            if await asyncio.to_thread(leases.take, game_id, False) != "taken":
                continue
            room = await hub.room(game_id)  # (refused once the process drains: GameMoved)
        except (StorageDown, *STORAGE_ERRORS):
            return
        if room is not None:
            log.info("game %s: taken over (its process stopped renewing)", game_id)
            room.kick_bots()


async def drain(hub: Hub) -> None:
    """SIGTERM: no new games; every room stops (the decisions in hand committed first), every lease of
    this process is released in one transaction, then the pages are told to reconnect (they reach a
    process that can take their game at once)."""
    hub.draining = True
    rooms = list(hub.rooms.values())
    await asyncio.gather(*(_stop(hub, r) for r in rooms))
    if hub.leases is not None and hub.leases.tokens:
        try:
            await asyncio.get_running_loop().run_in_executor(hub.writer, hub.leases.release, list(hub.leases.tokens))
        except STORAGE_ERRORS:
            log.warning("releasing the leases failed (they expire instead)", exc_info=True)
    for room in rooms:
        _tell(room, "server_stopping")
