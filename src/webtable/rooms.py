"""Live games: one room per game in play, the people and bots at it, and the path of every decision.

A decision is tried on a clone of the game; only when the clone accepts it are its new history entries
committed to storage, and only then does the room's game become the clone and the decision get its
acknowledgement. So a rejected decision or a failed commit changes nothing, and a crash after the
acknowledgement loses nothing. Bots decide in a thread pool, so a slow bot never blocks other games.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tabletop.agents import Agent, derive_seed
from tabletop.errors import IllegalAction
from webtable import turn_timer
from webtable.registry import GameKind, Narrator, TableGame, bot_kind, game_kind
from webtable.store import GameRecord, Store
from webtable.views import decisions_of

log = logging.getLogger("webtable")

MAX_NAME = 24
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")

Append = tuple[str, int, list[dict[str, Any]], str, int]  # game id, first seq, entries, status, decisions


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Client:
    """One browser connection: a seat (or a spectator) and its outgoing queue."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    log_sent: int = 0  # how much of the public log this client has been sent
    state_queued: bool = False
    narrator: Narrator | None = None  # tells this client's log; it has seen the first log_sent events

    def push_state(self) -> None:
        """Ask for a fresh state message; several requests before it is sent become one."""
        if not self.state_queued:
            self.state_queued = True
            self.queue.put_nowait({"type": "state"})


class Room:
    def __init__(self, hub: Hub, record: GameRecord, kind: GameKind, game: TableGame, stored: int) -> None:
        self.hub = hub
        self.record = record
        self.kind = kind
        self.game = game
        self.stored = stored  # history entries in storage
        self.version = record.decisions
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.agents: dict[int, Agent] = {}
        # Bots are seeded from their seat's salt and the decision count when this room was opened (0 for
        # a new game), never from the count when a bot first decides: that depends on how fast people
        # play, and the same seed, seats and decisions must give the same game. A room reopened after a
        # restart seeds fresh bots.
        self.epoch = record.decisions
        self.bot_task: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.record.id

    # -------------------------------------------------------------------------------- seats
    def seat_of(self, token: Any) -> int | None:
        """The human seat a token belongs to, or None."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        digest = token_digest(token)
        for seat, info in enumerate(self.record.seats):
            if info.get("type") == "human" and secrets.compare_digest(info.get("token_sha256", ""), digest):
                return seat
        return None

    def is_bot(self, seat: int) -> bool:
        return bool(self.record.seats[seat].get("type") == "bot")

    def public_seats(self) -> list[dict[str, Any]]:
        return public_seats(self.record, self.kind, {c.seat for c in self.clients if c.seat is not None})

    def summary(self) -> dict[str, Any]:
        """Public facts about the game (for the lobby and for every client)."""
        return {
            "id": self.id,
            "game": self.kind.name,
            "title": self.kind.title,
            "players": self.record.players,
            "status": "over" if self.game.over else "running",
            "version": self.version,
            "seats": self.public_seats(),
            "spectators": sum(1 for c in self.clients if c.seat is None),
            "result": self.game.result() if self.game.over else None,
        }

    # -------------------------------------------------------------------------------- decisions
    def check(self, seat: int, action: Any) -> None:
        """Raise IllegalAction if ``seat`` may not take ``action`` now; changes nothing."""
        trial = self.game.clone()
        _apply(trial, seat, action)

    async def act(self, seat: int, action: Any, ack: Callable[[], None] | None = None) -> None:
        """Apply, commit, then adopt ``seat``'s decision; IllegalAction (nothing changed) if refused.

        ``ack`` runs once the decision is committed, before anyone is sent the new state."""
        async with self.lock:
            trial = self.game.clone()
            _apply(trial, seat, action)
            history = trial.history
            new = history[self.stored :]
            status = "over" if trial.over else "running"
            try:
                await self.hub.commit((self.id, self.stored, new, status, self.version + 1))
            except Exception as exc:
                log.exception("game %s: storing a decision failed", self.id)
                raise IllegalAction(f"the decision could not be stored, so nothing changed ({exc})") from None
            self.game = trial
            self.stored = len(history)
            self.version += 1
            self.record.status = status
            self.record.decisions = self.version
        if ack is not None:
            ack()
        self.notify()
        self.kick_bots()
        turn_timer.arm(self)  # a person's turn time limit, if the game has one

    def notify(self) -> None:
        for client in self.clients:
            client.push_state()

    def broadcast(self, message: dict[str, Any]) -> None:
        for client in self.clients:
            client.queue.put_nowait(message)

    # -------------------------------------------------------------------------------- bots
    def agent(self, seat: int) -> Agent:
        agent = self.agents.get(seat)
        if agent is None:
            info = self.record.seats[seat]
            kind = bot_kind(info.get("bot"), self.kind.name)
            seed = derive_seed(int(info.get("salt", 0)) + self.epoch, seat)
            agent = self.agents[seat] = kind.make(self.kind.name, seat, seed)
        return agent

    def kick_bots(self) -> None:
        """Start the bot loop if a bot must decide and none is running."""
        if self.bot_task is not None and not self.bot_task.done():
            return
        if self.game.over or not any(self.is_bot(s) for s in self.game.pending()):
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bots())

    async def _bots(self) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        while not self.hub.closing:
            game = self.game
            seats = [s for s in sorted(game.pending()) if self.is_bot(s)] if not game.over else []
            if not seats:
                return
            seat = seats[0]
            agent = self.agent(seat)
            observation = game.observe(seat) if getattr(agent, "needs_observation", True) else {}
            legal = list(game.legal_actions(seat))
            try:
                action = await loop.run_in_executor(self.hub.pool, agent.act, observation, legal)
                await self.act(seat, action)
                failures = 0
            except IllegalAction as exc:  # the game moved on while the bot thought, or storing failed
                failures += 1
                log.warning("game %s: bot seat %d: %s", self.id, seat, exc)
                if failures > 20:
                    return
                await asyncio.sleep(0.05 * failures)
            except Exception:
                log.exception("game %s: bot seat %d failed", self.id, seat)
                return
            if self.hub.bot_delay:
                await asyncio.sleep(self.hub.bot_delay)


def public_seats(record: GameRecord, kind: GameKind, connected: set[int | None]) -> list[dict[str, Any]]:
    """Each seat as anyone may see it (never its token's digest): colour, name, person or bot, connected."""
    out = []
    for seat, info in enumerate(record.seats):
        bot = info.get("bot") if info.get("type") == "bot" else None
        out.append(
            {
                "seat": seat,
                "colour": kind.seat_names[seat],
                "name": info.get("name") or kind.seat_names[seat],
                "type": info.get("type"),
                "bot": bot,
                "connected": seat in connected or bot is not None,
            }
        )
    return out


def _apply(game: TableGame, seat: int, action: Any) -> None:
    try:
        game.apply(seat, action)
    except IllegalAction:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise IllegalAction(f"malformed action: {exc}") from None


class Hub:
    """All live rooms of one server process, over one store."""

    def __init__(self, store: Store, bot_delay: float = 0.0, pool: Executor | None = None) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.bot_delay = bot_delay
        self.pool = pool or ThreadPoolExecutor(max_workers=4, thread_name_prefix="bot")
        # One thread writes to the database: no lock contention between our own writers, and appends
        # that wait while a commit runs are committed together in the next transaction (group commit).
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store")
        self._appends: list[tuple[Append, asyncio.Future[None]]] = []
        self._writing: asyncio.Task[None] | None = None
        self.closing = False
        self._loading: dict[str, asyncio.Lock] = {}

    async def commit(self, append: Append) -> None:
        """Store one game's new history entries; returns once they are committed."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._appends.append((append, done))
        if self._writing is None or self._writing.done():
            self._writing = loop.create_task(self._write())
        await done

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        while self._appends:
            batch, self._appends = self._appends, []
            try:
                await loop.run_in_executor(self.writer, self.store.append_many, [a for a, _ in batch])
                for _, done in batch:
                    done.set_result(None)
            except Exception:  # one bad append must not sink the others: store them one by one
                for append, done in batch:
                    try:
                        await loop.run_in_executor(self.writer, self.store.append_many, [append])
                        done.set_result(None)
                    except Exception as exc:
                        done.set_exception(exc)

    async def start(self) -> None:
        """Bring back every unfinished game that has a bot, so bot games go on after a restart."""
        for record in await asyncio.to_thread(self.store.games, 10_000, "running"):
            if any(s.get("type") == "bot" for s in record.seats):
                room = await self.room(record.id)
                if room is not None:
                    room.kick_bots()

    async def stop(self) -> None:
        self.closing = True
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.writer.shutdown(wait=True)

    async def room(self, game_id: Any) -> Room | None:
        """The live room of a stored game (rebuilt from its history on first use), or None."""
        # Ids are made by secrets.token_urlsafe; anything else is no game, and never reaches the database
        # (PostgreSQL refuses text with a NUL character, so such an id would otherwise be a server error).
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            return None
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(game_id)
                if room is None:
                    room = await asyncio.to_thread(self._load, game_id)
                    if room is not None:
                        self.rooms[game_id] = room
                        turn_timer.arm(room)
        finally:
            self._loading.pop(game_id, None)  # looking up many unknown ids leaves nothing behind
        return room

    def _load(self, game_id: str) -> Room | None:
        record = self.store.record(game_id)
        if record is None:
            return None
        history = self.store.history(game_id)
        kind = game_kind(record.kind)
        game = kind.replay(history)
        record.decisions = decisions_of(history)
        return Room(self, record, kind, game, len(history))

    async def create(self, body: Any) -> tuple[Room, dict[int, str]]:
        """A new game from the lobby's request; returns the room and the human seats' tokens."""
        if not isinstance(body, dict):
            raise IllegalAction("a new game is described by a JSON object")
        unknown = set(body) - {"game", "players", "seats", "options", "seed", "turn_limit"}
        if unknown:
            raise IllegalAction(f"unknown field(s) {sorted(unknown)}")
        kind = game_kind(body.get("game", "wallenstein"))
        seats = body.get("seats")
        if not isinstance(seats, list) or not seats:
            raise IllegalAction("seats must be a list with one entry per player")
        players = body.get("players", len(seats))
        if players != len(seats) or players not in kind.players:
            raise IllegalAction(f"{kind.title} takes {list(kind.players)} players, one seat entry each")
        seed = body.get("seed")
        chosen = seed is not None  # a chosen seed makes the whole game reproducible, bots included
        if seed is None:
            seed = secrets.randbelow(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise IllegalAction(f"seed must be a non-negative integer, not {seed!r}")
        turn_limit = turn_timer.parse_turn_limit(body.get("turn_limit"))
        options = body.get("options", {})
        game = kind.new_game(players, seed, options if options is not None else {})
        tokens: dict[int, str] = {}
        stored_seats: list[dict[str, Any]] = []
        for seat, spec in enumerate(seats):
            if not isinstance(spec, dict) or spec.get("type") not in ("human", "bot"):
                raise IllegalAction(f"seat {seat}: give {{'type': 'human'}} or {{'type': 'bot', 'bot': kind}}")
            name = spec.get("name") or ""
            if not isinstance(name, str) or len(name) > MAX_NAME:
                raise IllegalAction(f"seat {seat}: a name is text of at most {MAX_NAME} characters")
            entry: dict[str, Any] = {"type": spec["type"], "name": name.strip()}
            if spec["type"] == "bot":
                entry["bot"] = bot_kind(spec.get("bot", "random"), kind.name).name
                entry["salt"] = derive_seed(seed, 1_000 + seat) % 2**31 if chosen else secrets.randbelow(2**31)
            else:
                tokens[seat] = secrets.token_urlsafe(18)
                entry["token_sha256"] = token_digest(tokens[seat])
                if turn_limit:
                    entry["turn_limit"] = turn_limit
            stored_seats.append(entry)
        now = time.time()
        game_id = secrets.token_urlsafe(9)
        record = GameRecord(game_id, kind.name, players, stored_seats, "running", now, now, 0)
        history = game.history
        await asyncio.get_running_loop().run_in_executor(self.writer, self.store.create, record, history)
        room = Room(self, record, kind, game, len(history))
        self.rooms[game_id] = room
        room.kick_bots()
        turn_timer.arm(room)
        return room, tokens
