"""Live games: one room per game in play, the people and bots at it, and the path of every decision.

A decision is tried on a clone of the game; only when the clone accepts it are its new history entries
committed to storage, and only then does the room's game become the clone and the decision get its
acknowledgement. So a rejected decision or a failed commit changes nothing, and a crash after the
acknowledgement loses nothing. Bots decide in a thread pool, so a slow bot never blocks other games.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import re
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakValueDictionary

from sqlalchemy.exc import OperationalError

from tabletop.agents import Agent, derive_seed
from tabletop.errors import IllegalAction
from webtable import engine_check, ownership, turn_timer
from webtable.guard import has_hidden_characters, names_shown
from webtable.logs import GAME
from webtable.metrics import TableMetrics
from webtable.previews import Previews
from webtable.registry import BOTS, GameKind, Narrator, TableGame, bot_kind, game_kind
from webtable.replays import build_replay
from webtable.replays import builder as replay_builder
from webtable.reviews import Reviewer
from webtable.scheduler import FairPool
from webtable.settings import TableSettings
from webtable.store import STORAGE_ERRORS, Append, DamagedGame, GameRecord, Latest, NotOwner, Owner, Store
from webtable.views import Chapter, Storyboard, decisions_of, log_entries, new_told_game, told_game, watch

log = logging.getLogger("webtable")
STORE_DOWN = (OperationalError, OSError)  # the store cannot commit now (a held lock, a full disk, no server)

MAX_NAME = 24
STOP_WRITING_SECONDS = 5.0  # how long a stopping server waits for the writes queued (a store that is down)
# Decisions a room remembers who made and whether they left a simultaneous round open
# (Room.moved_on_for): a person's decision may be this many decisions behind and still stand.
RECENT_DECISIONS = 256
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")


class StorageDown(IllegalAction):
    """The store could not commit (full disk, a held lock, a stopped server): nothing changed; try later."""

    def __init__(self, message: str = "", **coded: Any) -> None:
        super().__init__(message, **({"code": "storage_down"} | coded))


class GameMoved(StorageDown):
    """Another server process serves this game now (or this one is stopping): nothing changed here; the
    page reconnects and reaches the game's owner (webtable.ownership)."""

    def __init__(self, message: str = "", **coded: Any) -> None:
        super().__init__(message, **({"code": "game_moving"} | coded))


class StaleDecision(IllegalAction):
    """A person's decision made on a state the game has since left (a second tab, or a decision of
    another seat that changed what this one decides on): nothing changed; the page says so in its
    language and lets the person decide again (code "stale"). Other seats' secret decisions in a
    simultaneous round (Wallenstein's planning) do not make it stale: see Room.moved_on_for."""


class Busy(IllegalAction):
    """A limit of the server was reached (too many bot games): nothing was made."""


def bots_decide(seats: list[dict[str, Any]]) -> bool:
    """Whether a bot decides in this game: a bot seat, or a person's turn time limit (a stand-in bot
    plays the late decision). Such games share the bot capacity (TableSettings.max_bot_games): a game of
    timed people nobody joins plays itself to the end, as a game of bots does."""
    return any(s.get("type") == "bot" or s.get("turn_limit") for s in seats)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_name(seat: int, name: Any, person: bool = True) -> str:
    """A seat's name: short text with no control, format (bidirectional override, zero-width) or
    private-use characters; a person's also nothing a bot could be mistaken for."""
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise IllegalAction(
            f"seat {seat}: a name is text of at most {MAX_NAME} characters",
            code="name_too_long",
            params={"seat": seat, "n": MAX_NAME},
        )
    if has_hidden_characters(name):
        raise IllegalAction(
            f"seat {seat}: a name may not hold control or invisible characters",
            code="name_invisible",
            params={"seat": seat},
        )
    if not person:
        return name.strip()
    plain = re.sub(r"[\W_]+", " ", unicodedata.normalize("NFKC", name).casefold()).strip()
    bots = {re.sub(r"[\W_]+", " ", t.casefold()).strip() for b in BOTS.values() for t in (b.name, b.label)}
    if re.search(r"\b(bot|robot|ai|cpu|computer)\b", plain) or plain in bots:
        raise IllegalAction(
            f"seat {seat}: a person's name may not look like a bot's", code="name_like_bot", params={"seat": seat}
        )
    return name.strip()


@dataclass(eq=False)
class Client:
    """One browser connection: a seat (or a spectator) and its outgoing queue."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    address: str = ""
    lang: str = "en"  # the page's language: its log is narrated in it (issue 15)
    log_sent: int = 0  # how much of the public log this client has been sent
    state_queued: bool = False
    max_queued: int = 1000  # messages not yet sent; more means the peer has stopped reading
    stalled: asyncio.Event = field(default_factory=asyncio.Event)  # set then: its session closes it
    close_code: int = 1000  # how its session closes the socket once the queue ends (1012: reconnect)
    # The seat's token this connection showed or claimed (never sent): Play again proves the seat with it.
    token: str | None = field(default=None, repr=False)

    def put(self, message: dict[str, Any]) -> None:
        """Queue a message for this connection. A peer that leaves ``max_queued`` messages unread is
        stalled and sent nothing more: a client that sends requests but never reads their answers
        would otherwise pile them up in the server's memory without end."""
        if self.stalled.is_set():
            return
        if self.queue.qsize() >= self.max_queued:
            self.stalled.set()
            return
        self.queue.put_nowait(message)

    def reconnect(self, message: dict[str, Any]) -> None:
        """Send ``message``, then close with 1012 (service restart): the page reconnects, reaching the
        game's new owner (a game handed over, a server draining). Sent past the cap: it is the last."""
        self.close_code = 1012
        self.queue.put_nowait(message)
        self.queue.put_nowait(None)

    def push_state(self) -> None:
        """Ask for a fresh state message; several requests before it is sent become one."""
        if not self.state_queued:
            self.state_queued = True
            self.put({"type": "state"})


class Room:
    def __init__(
        self,
        hub: Hub,
        record: GameRecord,
        kind: GameKind,
        game: TableGame,
        stored: int,
        owner: Owner | None = None,
        story: Storyboard | None = None,
        logprint: engine_check.LogPrint | None = None,
    ) -> None:
        self.hub = hub
        self.record = record
        self.kind = kind
        self.game = game
        # The public snapshot after each log entry, as merge patches (views.py): computed once per entry for
        # all connections, as decisions are adopted (``story``: the log's so far; None: told from the history).
        self.story = story if story is not None else told_game(kind, game.history)[1]
        self.stored = stored  # history entries in storage
        # The fingerprint of the public log committed so far, stored with each decision (engine_check).
        self.logprint = logprint if logprint is not None else engine_check.LogPrint(game.log)
        self.version = record.decisions
        # The last decisions, oldest first: (seat, whether it left a simultaneous round open); the first
        # was made at version ``self.version - len(self.recent)``. Empty for a room opened from storage,
        # so a decision made before a restart is judged stale, as before.
        self.recent: deque[tuple[int, bool]] = deque(maxlen=RECENT_DECISIONS)
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.agents: dict[int, Agent] = {}
        # Bots are seeded from their seat's salt and the decision count when this room was opened (0 for
        # a new game), never from the count when a bot first decides: that depends on how fast people
        # play, and the same seed, seats and decisions must give the same game. A room reopened after a
        # restart seeds fresh bots.
        self.epoch = record.decisions
        self.bot_task: asyncio.Task[None] | None = None
        self.owner = owner
        self.storage_waiting = False  # a commit failed and has not succeeded since
        self.touched = time.monotonic()
        # The public log told once per language in use, for all connections reading it (a narrator per
        # connection cost 500 spectators 500 times; one English narrator would drop issue 15's languages).
        self.narrators: dict[str, Narrator | None] = {}
        self.told: dict[str, list[dict[str, Any]]] = {}
        # language -> (version, log_from, the state message sent to every spectator reading that language)
        self.spectator_text: dict[str, tuple[int, int, str]] = {}
        self.announcing: asyncio.TimerHandle | None = None
        self.hints: dict[int, int] = {}  # hints each seat asked for (routes.review; counted in the summary)
        # The follow-up game "Play again" made ({"id", "seat": who asked first}; webtable.rematch), or None.
        self.again: dict[str, Any] | None = None
        self.gone = False  # another process serves it now, or this one stops (webtable.ownership.let_go)
        # The fencing token of the lease this room was opened under (several processes; None: one).
        self.token = hub.leases.tokens.get(record.id) if hub.leases is not None else None

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
            if info.get("type") == "human" and secrets.compare_digest(info.get("token_sha256") or "", digest):
                return seat
        return None

    def is_open(self, seat: int) -> bool:
        """An invited seat nobody has claimed yet."""
        return bool(self.record.seats[seat].get("invite_sha256"))

    def is_creator(self, token: Any) -> bool:
        if self.owner is None or not isinstance(token, str) or not token or len(token) > 200:
            return False
        return secrets.compare_digest(self.owner.creator_sha256, token_digest(token))

    async def claim(self, invite: Any) -> tuple[int, str]:
        """The seat an unclaimed invite opens and a fresh token for it, which only the claimer receives;
        the invite is used up. IllegalAction if it opens nothing (or was claimed already)."""
        if not isinstance(invite, str) or not invite or len(invite) > 200:
            raise IllegalAction("this invite opens no seat of this game", code="invite_unknown")
        digest = token_digest(invite)
        async with self.lock:
            for seat, info in enumerate(self.record.seats):
                if secrets.compare_digest(info.get("invite_sha256") or "", digest):
                    token = secrets.token_urlsafe(18)
                    seats = [dict(s) for s in self.record.seats]
                    del seats[seat]["invite_sha256"]
                    seats[seat]["token_sha256"] = token_digest(token)
                    await self.hub.store_seats(self.id, seats, self.token)
                    self.record.seats = seats
                    return seat, token
        raise IllegalAction("this invite opens no seat of this game (was it claimed already?)", code="invite_unknown")

    async def reissue(self, seat: int) -> str:
        """A new invite for an unclaimed seat (the old one stops working)."""
        async with self.lock:
            if not 0 <= seat < len(self.record.seats) or not self.is_open(seat):
                raise IllegalAction(
                    f"seat {seat} has no open invite (claimed already, or not an invited seat)",
                    code="no_open_invite",
                    params={"seat": seat},
                )
            invite = secrets.token_urlsafe(18)
            seats = [dict(s) for s in self.record.seats]
            seats[seat]["invite_sha256"] = token_digest(invite)
            await self.hub.store_seats(self.id, seats, self.token)
            self.record.seats = seats
            return invite

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
            "status": self.status,
            "version": self.version,
            "storage": "waiting" if self.storage_waiting else "ok",
            "private": self.owner is not None and self.owner.private,
            "seats": self.public_seats(),
            "spectators": sum(1 for c in self.clients if c.seat is None),
            "result": self.game.result() if self.game.over else None,
            "clock": turn_timer.left(self),  # timed seats' seconds left now (the page counts down)
            "hints": {str(seat): n for seat, n in sorted(self.hints.items())},
            "again": self.again,
        }

    @property
    def status(self) -> str:
        if self.record.status == "abandoned":
            return "abandoned"
        return "over" if self.game.over else "running"

    def log_from(self, start: int, lang: str = "en") -> list[dict[str, Any]]:
        """The public log from ``start`` in ``lang``, each event told once per language for all connections,
        with the ``after`` patch of each entry (the story's, shared by every language)."""
        if lang not in self.narrators:
            narrate = self.kind.narrator
            self.narrators[lang] = narrate(self.game, lang) if narrate is not None else None
        told = self.told.setdefault(lang, [])
        log = self.game.log
        if len(self.story.afters) < len(log):  # logged with nobody watching (a test's set-up): shows the state now
            self.story.told(self.game, Chapter(self.kind))
        if len(told) < len(log):
            afters = self.story.afters[len(told) : len(log)]
            told.extend(log_entries(log[len(told) :], self.narrators[lang], afters))
        return told[start : len(log)]

    # -------------------------------------------------------------------------------- decisions
    def moved_on_for(self, seat: int, version: int) -> bool:
        """Whether the game has moved on, for ``seat``, from the state of ``version``: a decision it
        made there would be stale. Not when ``version`` is now, nor when every decision since was
        another seat's and left a simultaneous round open (``GameKind.concurrent``: Wallenstein's secret
        plans), which changes nothing this seat decides on. Any decision of its own since (a second tab,
        a retry), any other decision, a version not reached yet or older than the room remembers: moved
        on."""
        behind = self.version - version
        if behind == 0:
            return False
        recent = self.recent
        if not 0 < behind <= len(recent):
            return True
        return any(by == seat or not concurrent for by, concurrent in list(recent)[len(recent) - behind :])

    def check(self, seat: int, action: Any) -> None:
        """Raise IllegalAction if ``seat`` may not take ``action`` now; changes nothing."""
        trial = self.game.clone()
        _apply(trial, seat, action)

    async def act(
        self, seat: int, action: Any, ack: Callable[[], None] | None = None, version: int | None = None
    ) -> None:
        """Apply, commit, then adopt ``seat``'s decision; IllegalAction (nothing changed) if refused.

        ``version``: the version of the state the decision was made on (a person's decision must give
        it; one the game has moved on from for this seat is refused, so a second tab or a retry cannot
        decide twice: see moved_on_for). ``ack`` runs once the decision is committed, before anyone is
        sent the new state. StorageDown if the store could not commit it."""
        arrived = time.perf_counter()
        async with self.lock:
            if self.record.status == "abandoned":
                raise IllegalAction("this game was abandoned by its creator", code="abandoned")
            if self.gone:
                raise GameMoved("this game moved to another server process: reconnect")
            if version is not None and self.moved_on_for(seat, version):
                raise StaleDecision(
                    f"this decision was made on version {version}, but the game is at version {self.version}"
                    " (decided elsewhere meanwhile?): nothing changed; decide again on the new state",
                    code="stale",
                )
            trial = self.game.clone()
            chapter = Chapter(self.kind)  # the public state after each entry the decision logs
            with watch(trial, chapter):
                _apply(trial, seat, action)
            history = trial.history
            new = history[self.stored :]
            status = "over" if trial.over else "running"
            printed = self.logprint.extended(engine_check.new_entries(trial, self.logprint.count))
            mark = engine_check.mark(self.kind.name, printed)
            try:
                await self.hub.commit((self.id, self.stored, new, status, self.version + 1, mark), self.token)
            except NotOwner:
                raise self.lost() from None
            except Exception as exc:
                log.warning("game %s: storing a decision failed: %s", self.id, str(exc)[:300])
                self.hub.metrics.storage_errors.labels("decision").inc()
                self.waiting_on_storage(True)
                raise StorageDown(
                    "the game store is unavailable (full disk, locked or stopped database), so nothing changed;"
                    " try again in a moment"
                ) from None
            self.waiting_on_storage(False)
            self.touched = time.monotonic()
            concurrent = self.kind.concurrent
            self.recent.append((seat, concurrent is not None and concurrent(self.game, trial)))
            self.game = trial
            self.story.told(trial, chapter)
            self.stored = len(history)
            self.logprint = printed
            self.version += 1
            self.record.status = status
            self.record.decisions = self.version
        metrics = self.hub.metrics
        metrics.decisions.labels(self.kind.name, "bot" if self.is_bot(seat) else "person").inc()
        metrics.decision_seconds.labels(self.kind.name).observe(time.perf_counter() - arrived)
        if ack is not None:
            ack()
        self.notify()
        if trial.over:
            self.hub.bot_games.pop(self.id, None)
            self.hub.people_games.discard(self.id)
            self.hub.release_lease(self.id, self.token)
        self.kick_bots()
        turn_timer.arm(self)  # a person's turn time limit, if the game has one

    def lost(self) -> GameMoved:
        """Another process took this game while this one was paused: this room lets go (its clients
        reconnect to the new owner); the error to raise for what was refused."""
        self.gone = True
        self.hub.tasks.append(asyncio.get_running_loop().create_task(ownership.let_go(self.hub, self, False)))
        return GameMoved("this game moved to another server process: nothing changed here")

    async def keep_note(self, kind: str, body: dict[str, Any], keep: int | None = None) -> None:
        """Keep a note of this game (a chat line, a stand-in's notice, a hint, the time banks: see
        ``Hub.store_note``) under this room's lease, as a decision is: a process that lost the game
        while it was paused keeps nothing (GameMoved)."""
        try:
            await self.hub.store_note(self.id, kind, body, keep, self.token)
        except NotOwner:
            raise self.lost() from None

    def keep_latest_note(self, kind: str, body: dict[str, Any]) -> None:
        """Keep ``body`` as this game's only ``kind`` note, with the table's next batch of decisions, under
        this room's lease (Hub.keep_latest: the time banks)."""
        self.hub.keep_latest(self.id, kind, body, self.token)

    def announce(self) -> None:
        """Tell everyone who is connected, soon: joins and leaves within 0.2 s become one message (500
        spectators arriving would otherwise cost 500 x 500 messages)."""
        if self.announcing is None:
            self.announcing = asyncio.get_running_loop().call_later(0.2, self._announce)

    def _announce(self) -> None:
        self.announcing = None
        self.broadcast({"type": "room", "game": self.summary()})

    def waiting_on_storage(self, waiting: bool) -> None:
        """Tell everyone when the game starts or stops waiting on storage."""
        if waiting != self.storage_waiting:
            self.storage_waiting = waiting
            self.broadcast({"type": "room", "game": self.summary()})

    def spectator_message(self, build: Callable[[], dict[str, Any]], log_from: int, lang: str = "en") -> str:
        """The state message for a spectator, built once per version, log position and language for all."""
        cached = self.spectator_text.get(lang)
        if cached is not None and cached[0] == self.version and cached[1] == log_from:
            return cached[2]
        text = json.dumps(build(), separators=(",", ":"))
        self.spectator_text[lang] = (self.version, log_from, text)
        return text

    def notify(self) -> None:
        for client in self.clients:
            client.push_state()

    def broadcast(self, message: dict[str, Any]) -> None:
        for client in self.clients:
            client.put(message)

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
        if self.game.over or self.record.status == "abandoned" or self.hub.closing or self.gone:
            return
        if not any(self.is_bot(s) for s in self.game.pending()):
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bots())
        self.bot_task.add_done_callback(self._bots_ended)

    def _bots_ended(self, task: asyncio.Task[None]) -> None:
        """Say why a bot loop ended while a bot still had to decide: a game waits on it until a person acts
        (an escaped exception would otherwise be reported only when the task is collected, if ever). A bot's
        own failure does not end it: a stand-in takes that decision (see ``_bots``)."""
        if task.cancelled() or self.hub.closing or self.game.over or self.record.status == "abandoned":
            return
        if (exc := task.exception()) is not None:
            log.error("game %s: the bot loop failed", self.id, exc_info=exc)
        elif any(self.is_bot(s) for s in self.game.pending()):
            log.warning("game %s: the bot loop ended with a bot still to decide", self.id)

    async def _bots(self) -> None:
        GAME.set(self.id)  # (this task's own context: its log lines name the game)
        settings = self.hub.settings
        refused = 0
        while not self.hub.closing and self.record.status != "abandoned" and not self.gone:
            game = self.game
            seats = [s for s in sorted(game.pending()) if self.is_bot(s)] if not game.over else []
            if not seats:
                return
            seat = seats[0]
            agent = self.agent(seat)
            observation = game.observe(seat) if getattr(agent, "needs_observation", True) else {}
            legal = list(game.legal_actions(seat))
            stood_in: int | None = None  # the log position of a stand-in's notice
            try:
                action = await self.hub.pool.run(self.id, agent.act, observation, legal)
            except Exception:
                # A bot's bug must not stop the game for everyone: it is logged, and the turn timer's
                # stand-in takes this one decision, with a notice in the log saying so.
                log.exception("game %s: bot seat %d failed; a stand-in decides for it", self.id, seat)
                # (The game may have moved on while the bot thought: the stand-in decides on the game as
                # it is now, and its notice stands at that game's log end.)
                stood_in = len(self.game.log)
                try:
                    action = await turn_timer.stand_in_action(self, seat, self.version)
                except Exception:
                    log.exception("game %s: the stand-in for bot seat %d failed too", self.id, seat)
                    return
                if action is None:
                    return
            # A storage outage is waited out, however long, retrying the same decision (deciding again would
            # draw the bot's randomness twice); only the game moving on makes the bot decide again.
            pause = settings.retry_first
            while not self.hub.closing and not self.gone:
                try:
                    # No version: a bot's decision stands if still legal (as before), so its randomness is
                    # drawn the same way whatever the pace of the people (reproducible seeded games).
                    await self.act(seat, action)
                    refused = 0
                    if stood_in is not None:
                        await turn_timer.keep_notice(
                            self, {"type": "timeout", "seat": seat, "cause": "bot_failed", "at": stood_in}
                        )
                    break
                except StorageDown:
                    await asyncio.sleep(pause)
                    pause = min(settings.retry_max, pause * 2)
                except IllegalAction as exc:  # the game moved on while the bot thought
                    refused += 1
                    log.warning("game %s: bot seat %d: %s", self.id, seat, exc)
                    if refused > 20:
                        return
                    await asyncio.sleep(0.05 * refused)
                    break
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
                "open": bool(info.get("invite_sha256")),  # an invited seat nobody has claimed yet
            }
        )
    return out


def _apply(game: TableGame, seat: int, action: Any) -> None:
    try:
        game.apply(seat, action)
    except IllegalAction:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise IllegalAction(f"malformed action: {exc}", code="malformed_action") from None


NEW_GAME_FIELDS = {"game", "players", "seats", "options", "seed", "private", "turn_limit", "time_bank"}


def bot_salt(seed: int, seat: int, chosen: bool) -> int:
    """A bot seat's salt (its own randomness): derived from a chosen ``seed``, so that the whole game is
    reproducible, bots included; random otherwise (the lobby's new game and Play again's follow-up)."""
    return derive_seed(seed, 1_000 + seat) % 2**31 if chosen else secrets.randbelow(2**31)


def new_secret() -> tuple[str, str]:
    """A new seat token or invite and its digest (the server stores digests only)."""
    secret = secrets.token_urlsafe(18)
    return secret, token_digest(secret)


# Notes a game does without: one that cannot be read is left out (logged) when the game is loaded, not
# a reason to set the game aside. A lost "again" link makes a new follow-up when Play again is asked for
# (webtable.rematch), a lost "made" note is read back from the history's head, and a seat whose kept
# time bank is lost starts from its first reserve (webtable.turn_timer). The others only annotate a game
# that its history alone decides (a stand-in's decision is in the history; its "timeout" notice only
# says so): a lost notice, chat line or review is not shown (a review is built again when asked for),
# and a lost "hint" is not counted in the seat's hints shown. (A note of a kind this release does not
# know, a later release's, may be one a game needs: a damaged one still sets its game aside.)
SPARE_NOTES = ("again", "made", "time_bank", "timeout", "chat", "hint", "review")


def again_link(notes: list[dict[str, Any]], record: GameRecord) -> dict[str, Any] | None:
    """A finished game's link to its follow-up (its last "again" note: ``notes``), when it names another
    game's id and a seat of the game (``record``); None otherwise (no link: Play again makes a new one)."""
    link, players = notes[-1] if notes else {}, record.players
    gid, seat = link.get("id"), link.get("seat")
    if not isinstance(gid, str) or not GAME_ID.fullmatch(gid) or gid == record.id:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        return None
    return {"id": gid, "seat": seat}


@dataclass
class NewGame:
    """A lobby's request for a new game, checked (IllegalAction with a code for what is wrong)."""

    kind: GameKind
    seats: list[Any]
    players: int
    private: bool
    seed: int
    chosen: bool  # a chosen seed makes the whole game reproducible, bots included
    turn_limit: Any
    time_bank: Any
    options: Any

    @classmethod
    def parse(cls, body: Any) -> NewGame:
        if not isinstance(body, dict):
            raise IllegalAction("a new game is described by a JSON object", code="not_an_object")
        unknown = names_shown(set(body) - NEW_GAME_FIELDS)
        if unknown:
            raise IllegalAction(f"unknown field(s) {unknown}", code="unknown_fields", params={"names": unknown})
        kind = game_kind(body.get("game", "wallenstein"))
        seats = body.get("seats")
        if not isinstance(seats, list) or not seats:
            raise IllegalAction("seats must be a list with one entry per player", code="seats_not_list")
        players = body.get("players", len(seats))
        if isinstance(players, bool) or not isinstance(players, int):
            raise IllegalAction(f"players is a whole number, not {players!r}", code="players_not_number")
        if players != len(seats) or players not in kind.players:
            raise IllegalAction(
                f"{kind.title} takes {list(kind.players)} players, one seat entry each",
                code="players_count",
                params={"game": kind.name, "counts": list(kind.players)},
            )
        private = body.get("private", False)
        if not isinstance(private, bool):
            raise IllegalAction("private is true or false", code="private_not_bool")
        seed = body.get("seed")
        chosen = seed is not None
        if seed is None:
            seed = secrets.randbelow(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise IllegalAction(f"seed must be a non-negative integer, not {seed!r}", code="bad_seed")
        turn_limit = turn_timer.parse_turn_limit(body.get("turn_limit"))
        time_bank = turn_timer.parse_time_bank(body.get("time_bank"), turn_limit)
        options = body.get("options", {})
        return cls(kind, seats, players, private, seed, chosen, turn_limit, time_bank, options)

    def seat_entries(self) -> tuple[list[dict[str, Any]], dict[int, str], dict[int, str]]:
        """The seats as stored (secrets as digests), the new tokens and the new invites by seat."""
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        stored: list[dict[str, Any]] = []
        for seat, spec in enumerate(self.seats):
            if not isinstance(spec, dict) or spec.get("type") not in ("human", "bot"):
                raise IllegalAction(
                    f"seat {seat}: give {{'type': 'human'}} or {{'type': 'bot', 'bot': kind}}",
                    code="bad_seat",
                    params={"seat": seat},
                )
            entry: dict[str, Any] = {"type": spec["type"]}
            if spec["type"] == "bot":
                entry["name"] = check_name(seat, spec.get("name") or "", person=False)
                entry["bot"] = bot_kind(spec.get("bot", "random"), self.kind.name).name
                entry["salt"] = bot_salt(self.seed, seat, self.chosen)
            else:
                entry["name"] = check_name(seat, spec.get("name") or "")
                if spec.get("invite", False) is True:
                    invites[seat], entry["invite_sha256"] = new_secret()
                else:
                    tokens[seat], entry["token_sha256"] = new_secret()
                if self.turn_limit:
                    entry["turn_limit"] = self.turn_limit
                if self.time_bank:
                    entry["time_bank"] = self.time_bank
            stored.append(entry)
        return stored, tokens, invites


class Hub:
    """All live rooms of one server process, over one store."""

    def __init__(self, store: Store, bot_delay: float = 0.0, settings: TableSettings | None = None) -> None:
        self.store = store
        self.settings = settings or TableSettings()
        self.rooms: dict[str, Room] = {}
        self.bot_delay = bot_delay
        self.metrics = TableMetrics()
        self.metrics.watch(self)
        # After SIGTERM: no new games, rooms let go (webtable.ownership.drain), /readyz says not ready.
        self.draining = False
        self.pool = FairPool(self.settings.bot_threads, on_thought=self.metrics.bot_thinking_seconds.observe)
        # One thread writes to the database: no lock contention between our own writers, and appends
        # that wait while a commit runs are committed together in the next transaction (group commit).
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store")
        self._appends: list[tuple[Append, asyncio.Future[None], int | None]] = []
        self._writing: asyncio.Task[None] | None = None
        self._latest: dict[tuple[str, str], tuple[dict[str, Any], int | None]] = {}  # (see keep_latest)
        self.closing = False
        # Game ownership when several processes share the store (settings.lease_seconds; None: one process).
        self.leases: ownership.Ownership | None = None
        if self.settings.lease_seconds > 0:
            self.leases = ownership.Ownership(store.engine, self.settings.lease_seconds)
            store.fence, store.on_create = self.leases.fence, self.leases.claim_new
        self._loading: dict[str, asyncio.Lock] = {}
        self.damaged: dict[str, str] = {}  # game id -> what is wrong with it (set aside, never loaded)
        self.making: WeakValueDictionary[str, asyncio.Lock] = WeakValueDictionary()  # Play again's, by game
        self.bot_games: dict[str, str] = {}  # unfinished games with a bot seat -> their creator's address
        self.people_games: set[str] = set()  # unfinished (running) games without one
        self.connections: dict[str, int] = {}  # open sockets per client address
        # Replays, gzip-compressed JSON, by game, version, view and language (Hub.replay), their size in all,
        # those being built, and the one thread that builds them.
        self.replays: OrderedDict[tuple[str, int, int | None, str], bytes] = OrderedDict()
        self.replay_bytes = 0
        self._replaying: dict[tuple[str, int, int | None, str], asyncio.Future[bytes]] = {}
        self.replay_builder = replay_builder(self.settings.replay_processes)
        self.previews = Previews(self.settings)  # battle odds, rate-limited and cached (webtable.previews)
        # After-game reviews, one at a time in a worker process, stored as notes (webtable.reviews).
        self.reviewer = Reviewer(self.settings.review_processes, self.settings.review_budget, self._store_review)
        self.tasks: list[asyncio.Task[None]] = []

    async def commit(self, append: Append, token: int | None = None) -> None:
        """Store one game's new history entries (decided under the lease ``token``, with several
        processes); returns once they are committed. NotOwner if this process no longer holds it so."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._appends.append((append, done, token))
        self._start_writing()
        await done

    def keep_latest(self, game_id: str, kind: str, body: dict[str, Any], token: int | None = None) -> None:
        """Keep ``body`` as the game's only ``kind`` note (decided under the lease ``token``), with the next
        batch of decisions (group commit: no disk flush of its own while the table is busy), or alone
        at once when none is waiting; a later one of the same game and kind queued before it is written
        replaces it. Nothing is told back: if the store fails, it is logged and lost (the note of a game
        another process serves now is left out; that process keeps its own)."""
        self._latest[(game_id, kind)] = (body, token)
        self._start_writing()

    def _start_writing(self) -> None:
        if self._writing is None or self._writing.done():
            self._writing = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        while self._appends or self._latest:
            batch, self._appends = self._appends, []
            latest = [(gid, kind, body, token) for (gid, kind), (body, token) in self._latest.items()]
            self._latest = {}
            try:
                lost = await loop.run_in_executor(self.writer, self._append, batch, latest)
                for at, ((game_id, *_), done, _) in enumerate(batch):
                    if done.done():  # (its waiter may have been cancelled: the server stops)
                        continue
                    if at in lost:  # another process serves it now (webtable.ownership)
                        done.set_exception(NotOwner(game_id))
                    else:
                        done.set_result(None)
            except STORE_DOWN as exc:
                # The store is down (a held lock waits out the busy timeout, 2 s on SQLite): this batch
                # fails, and so do the appends that came while it waited, at once. Trying each again in
                # turn held a person's decision for a busy timeout per game queued before it.
                failed, self._appends = [*batch, *self._appends], []
                for _, done, _ in failed:
                    if not done.done():
                        done.set_exception(exc)
                self._notes_lost(latest)
            except Exception:  # one bad append must not sink the others: store them one by one
                await self._write_one_by_one(batch, latest)

    async def _write_one_by_one(
        self, batch: list[tuple[Append, asyncio.Future[None], int | None]], latest: list[Latest]
    ) -> None:
        loop = asyncio.get_running_loop()
        for append, done, token in batch:
            try:
                if await loop.run_in_executor(self.writer, self._append, [(append, done, token)], []):
                    raise NotOwner(append[0])
                if not done.done():
                    done.set_result(None)
            except Exception as exc:
                if not done.done():
                    done.set_exception(exc)
        for note in latest:
            try:
                await loop.run_in_executor(self.writer, self._append, [], [note])
            except Exception:
                self._notes_lost([note])

    def _notes_lost(self, latest: list[Latest]) -> None:
        for game_id, kind, _, _ in latest:
            log.warning("game %s: keeping its %s note failed (it stays in memory)", game_id, kind)
            self.metrics.storage_errors.labels("note").inc()

    def _append(self, batch: list[tuple[Append, asyncio.Future[None], int | None]], latest: list[Latest]) -> set[int]:
        """The store's append of a batch with the notes ``latest`` (in the writer thread); the positions
        refused by the fence."""
        appends = [a for a, _, _ in batch]
        if self.leases is None and not latest:
            self.store.append_many(appends)
            return set()
        tokens = None if self.leases is None else [t for _, _, t in batch]
        return self.store.append_many(appends, tokens, latest)

    def release_lease(self, game_id: str, token: int | None) -> None:
        """A game that ended needs no owner: its lease goes, in the writer's turn (several processes)."""
        if self.leases is not None and token is not None:
            asyncio.get_running_loop().run_in_executor(self.writer, self.leases.release_quietly, game_id, token)

    async def store_seats(self, game_id: str, seats: list[dict[str, Any]], token: int | None = None) -> None:
        try:
            write = functools.partial(self.store.set_seats, game_id, seats, token)
            await asyncio.get_running_loop().run_in_executor(self.writer, write)
        except NotOwner:
            raise GameMoved("this game moved to another server process: nothing changed here") from None
        except STORAGE_ERRORS:
            log.warning("game %s: storing its seats failed", game_id, exc_info=True)
            self.metrics.storage_errors.labels("seats").inc()
            raise StorageDown("the game store is unavailable, so nothing changed; try again in a moment") from None

    async def store_note(
        self, game_id: str, kind: str, body: dict[str, Any], keep: int | None = None, token: int | None = None
    ) -> None:
        """Keep a chat line or a notice with the game (webtable.chat, webtable.turn_timer), in order with
        its decisions (``keep``, ``token``: see ``Store.add_note``); StorageDown (nothing kept) if the
        store cannot commit, NotOwner if another process holds the game now."""
        try:
            add = functools.partial(self.store.add_note, game_id, kind, body, keep, token)
            await asyncio.get_running_loop().run_in_executor(self.writer, add)
        except STORAGE_ERRORS:
            log.warning("game %s: storing a %s note failed", game_id, kind, exc_info=True)
            self.metrics.storage_errors.labels("note").inc()
            raise StorageDown("the game store is unavailable, so nothing was kept; try again in a moment") from None

    async def _store_review(self, game_id: str, body: dict[str, Any]) -> None:
        await self.store_note(game_id, "review", body)

    # -------------------------------------------------------------------------------- life cycle
    async def start(self) -> None:
        """Serve at once; bring back the unfinished bot games in the background, one at a time, so bot games
        go on after a restart without a long start (and a damaged one is set aside, not fatal)."""
        records = await asyncio.to_thread(self.store.games, 100_000, "running")
        owners = await asyncio.to_thread(self.store.owners, [r.id for r in records])
        resume = []
        for record in records:
            if record.damage is not None:
                self.set_aside(record.id, record.damage)
            elif not bots_decide(record.seats):
                self.people_games.add(record.id)
            else:
                owner = owners.get(record.id)
                self.bot_games[record.id] = owner.client if owner is not None else ""
                if any(s.get("type") == "bot" for s in record.seats):
                    resume.append(record.id)  # (a game of timed people goes on when someone opens it)
        loop = asyncio.get_running_loop()
        if self.leases is not None:  # several processes: each takes the bot games nobody serves
            self.tasks.append(loop.create_task(ownership.keep(self)))
        else:
            self.tasks.append(loop.create_task(self._resume(resume)))
        self.tasks.append(loop.create_task(self._sweeper()))

    async def _resume(self, ids: list[str]) -> None:
        for game_id in ids:
            if self.closing:
                return
            try:
                room = await self.room(game_id)
            except StorageDown:
                await asyncio.sleep(self.settings.retry_first)
                continue  # it is loaded when someone opens it
            except Exception:  # one game's failure must not stall the bot games after it
                log.exception("game %s: bringing it back failed", game_id)
                continue
            if room is not None:
                room.kick_bots()

    async def _sweeper(self) -> None:
        while not self.closing:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping idle games failed")

    async def sweep(self) -> None:
        """Evict idle rooms from memory and delete unfinished games idle for longer than ``expire_after``."""
        now = time.monotonic()
        for game_id, room in list(self.rooms.items()):
            busy = room.bot_task is not None and not room.bot_task.done()
            idle = now - room.touched >= self.settings.evict_after
            if idle and not room.clients and not busy and not room.lock.locked():
                del self.rooms[game_id]
                self.pool.forget(game_id)
                if self.leases is not None and game_id in self.leases.tokens:
                    await asyncio.to_thread(self.leases.release, [game_id])
        if self.settings.expire_after > 0:
            keep = {g for g, r in self.rooms.items() if r.clients}
            gone = await asyncio.to_thread(self.store.expire, time.time() - self.settings.expire_after, keep)
            for game_id in gone:
                log.info("game %s expired (unfinished and idle)", game_id)
                gone_room = self.rooms.pop(game_id, None)
                if gone_room is not None and gone_room.bot_task is not None:
                    gone_room.bot_task.cancel()
                self.bot_games.pop(game_id, None)
                self.people_games.discard(game_id)

    async def stop(self) -> None:
        self.closing = True
        for task in self.tasks:
            task.cancel()
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
        if self._writing is not None and not self._writing.done():  # the notes queued (time banks) are kept
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._writing), STOP_WRITING_SECONDS)
        self.pool.shutdown()
        self.previews.shutdown()
        self.replay_builder.shutdown(wait=False, cancel_futures=True)
        self.reviewer.shutdown()
        self.writer.shutdown(wait=True)
        if self.leases is not None and self.leases.tokens:  # the next process need not wait them out
            try:
                self.leases.release(list(self.leases.tokens))
            except STORAGE_ERRORS:
                log.warning("releasing game leases failed (they expire instead)", exc_info=True)

    def set_aside(self, game_id: str, why: str) -> None:
        """A damaged game: logged, marked in storage (if it can be) and never loaded; the others go on."""
        log.error("game %s is damaged and set aside: %s", game_id, why)
        self.damaged[game_id] = why
        self.bot_games.pop(game_id, None)
        self.people_games.discard(game_id)
        try:
            self.store.set_status(game_id, "damaged")
            self.store.add_note(game_id, "damage", {"why": why}, keep=1)  # (told again after a restart)
        except STORAGE_ERRORS:
            log.warning("game %s: marking it damaged failed", game_id, exc_info=True)

    # -------------------------------------------------------------------------------- rooms
    async def room(self, game_id: Any, serve: bool = True) -> Room | None:
        """The live room of a stored game (rebuilt from its history on first use), or None (no such game,
        or a damaged one: see ``damaged``). StorageDown if the store cannot be read. With several
        processes (``leases``), ``serve``: this process takes the game's lease first (GameMoved if another
        does not hand it over in time); not ``serve``: an unfinished game not served here is read as it
        is stored, for a look (a summary, a replay), and not kept."""
        # Ids are made by secrets.token_urlsafe; anything else is no game, and never reaches the database
        # (PostgreSQL refuses text with a NUL character, so such an id would otherwise be a server error).
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id) or game_id in self.damaged:
            return None
        if self.draining and serve:
            raise GameMoved("this server is stopping; reconnecting to another", code="server_stopping")
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(game_id)
                if room is None:
                    if self.leases is not None and serve:
                        await ownership.acquire(self, game_id)
                    room = await asyncio.to_thread(self._load, game_id)
                    if room is None and self.leases is not None and game_id in self.leases.tokens:
                        await asyncio.to_thread(self.leases.release, [game_id])  # damaged: not served
                    if room is not None and (serve or self.leases is None or room.status != "running"):
                        self.rooms[game_id] = room
                        turn_timer.arm(room)
                        room.kick_bots()  # (a game taken over from another process goes on at once)
        finally:
            self._loading.pop(game_id, None)  # looking up many unknown ids leaves nothing behind
        return room

    def _load(self, game_id: str) -> Room | None:
        try:
            record = self.store.record(game_id)
            if record is None:
                return None
            if record.status == "damaged":
                told = [n.get("why") for n in self.store.notes(game_id, "damage", last=1) if isinstance(n, dict)]
                self.damaged[game_id] = next((w for w in told if isinstance(w, str)), "it was found damaged earlier")
                return None
            if record.damage is not None:
                raise DamagedGame(record.damage)
            history = self.store.history(game_id)
            owner = self.store.owner(game_id)
            for why in self.store.check_notes(game_id, SPARE_NOTES):
                log.warning("game %s: %s; it is left out (the game does without it)", game_id, why)
            hints = [n.get("seat") for n in self.store.notes(game_id, "hint") if isinstance(n, dict)]
            banks = self.store.notes(game_id, "time_bank", last=1)
            again = self.store.notes(game_id, "again", last=1)
        except DamagedGame as exc:
            self.set_aside(game_id, str(exc))
            return None
        except STORAGE_ERRORS:
            log.warning("game %s: reading it failed", game_id, exc_info=True)
            raise StorageDown("the game store is unavailable; try again in a moment") from None
        except Exception as exc:  # any other failure to read a row: this game is set aside, not the server
            self.set_aside(game_id, f"reading it failed: {type(exc).__name__}: {str(exc)[:200]}")
            return None
        try:
            kind = game_kind(record.kind)
            game = kind.replay(history)
            story = told_game(kind, history)[1]  # (a second replay, watched: 10% of telling the story)
            for info in record.seats:
                if info.get("type") == "bot":
                    bot_kind(info.get("bot"), kind.name)
        except Exception as exc:  # an unknown kind, a bad entry, a decision the rules refuse ...
            log.error("game %s: %s", game_id, engine_check.provenance(record.kind, record.engine))
            self.set_aside(game_id, f"replaying it failed: {type(exc).__name__}: {str(exc)[:200]}")
            return None
        logprint = engine_check.LogPrint(game.log)  # the story this engine tells must be the one recorded
        changed = engine_check.mismatch(record.fingerprint, logprint)
        if changed is not None:
            log.error("game %s: %s", game_id, engine_check.provenance(kind.name, record.engine))
            self.set_aside(game_id, changed)
            return None
        record.decisions = decisions_of(history)
        room = Room(self, record, kind, game, len(history), owner, story, logprint)
        for seat in hints:  # (a damaged note's seat, no seat of this game, is not counted)
            if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < record.players:
                room.hints[seat] = room.hints.get(seat, 0) + 1
        turn_timer.restore_banks(room, banks)
        room.again = again_link(again, record)
        if again and room.again is None:
            log.warning("game %s: its 'again' note names no game and seat; left out", game_id)
        return room

    def damage_of(self, game_id: Any) -> str | None:
        return self.damaged.get(game_id) if isinstance(game_id, str) else None

    async def replay(
        self, room: Room, seat: int | None, lang: str, read: Callable[[], tuple[list[dict[str, Any]], list[Any]]]
    ) -> bytes:
        """A replay as gzip-compressed JSON, from the cache when this game at this version was replayed for
        this view and language (so a finished game's is built once per view and language). ``read`` gives
        the game's history and public notices (read on a thread); the build runs in a worker process
        (webtable.replays: a replay costs up to a second of CPU), and the same replay asked again while it
        is built waits for that build."""
        key = (room.id, room.version, seat, lang)
        cached = self.replays.get(key)
        if cached is not None:
            self.replays.move_to_end(key)
            return cached
        building = self._replaying.get(key)
        if building is None:
            building = self._replaying[key] = asyncio.ensure_future(
                self._build_replay(room.kind.name, seat, lang, read)
            )
            building.add_done_callback(lambda _done: self._replaying.pop(key, None))
        data = await asyncio.shield(building)
        if key not in self.replays:
            self.replays[key] = data
            self.replay_bytes += len(data)
            while self.replays and (
                len(self.replays) > self.settings.replay_cache or self.replay_bytes > self.settings.replay_cache_bytes
            ):
                self.replay_bytes -= len(self.replays.popitem(last=False)[1])
        return data

    async def _build_replay(
        self, kind: str, seat: int | None, lang: str, read: Callable[[], tuple[list[dict[str, Any]], list[Any]]]
    ) -> bytes:
        history, notes = await asyncio.to_thread(read)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.replay_builder, build_replay, kind, history, seat, lang, notes)

    async def abandon(self, room: Room) -> None:
        """The creator gives the game up: no more decisions, its bots stop; its history is kept."""
        async with room.lock:
            try:
                loop = asyncio.get_running_loop()
                fenced = self.leases is not None
                write = functools.partial(self.store.set_status, room.id, "abandoned", room.token, fenced)
                await loop.run_in_executor(self.writer, write)
            except NotOwner:
                raise GameMoved("this game moved to another server process: nothing changed here") from None
            except STORAGE_ERRORS:
                raise StorageDown("the game store is unavailable, so nothing changed; try again later") from None
            room.record.status = "abandoned"
        if room.bot_task is not None:
            room.bot_task.cancel()
        self.bot_games.pop(room.id, None)
        self.people_games.discard(room.id)
        self.release_lease(room.id, room.token)
        room.broadcast({"type": "room", "game": room.summary()})
        room.notify()

    # -------------------------------------------------------------------------------- new games
    def check_people_capacity(self) -> None:
        """Games without bots cost no thread but memory and storage: a cap for all addresses together
        (a rotating set of addresses passes every per-address limit)."""
        most = self.settings.max_people_games
        if most and len(self.people_games) >= most:
            raise Busy(
                f"this table has {most} unfinished games without bots already; try again later",
                code="people_games_full",
                params={"n": most},
            )

    def check_bot_capacity(self, client: str) -> None:
        s = self.settings
        if s.max_bot_games and len(self.bot_games) >= s.max_bot_games:
            raise Busy(
                f"this table runs {s.max_bot_games} games with bots already; try again later",
                code="bot_games_full",
                params={"n": s.max_bot_games},
            )
        mine = sum(1 for c in self.bot_games.values() if c == client)
        if s.max_bot_games_per_client and mine >= s.max_bot_games_per_client:
            raise Busy(
                f"you have {mine} unfinished games with bots on this table (at most {s.max_bot_games_per_client});"
                " finish or abandon one first",
                code="bot_games_yours",
                params={"n": mine, "max": s.max_bot_games_per_client},
            )

    async def create(self, body: Any, client: str = "") -> tuple[Room, dict[int, str], dict[int, str], str]:
        """A new game from the lobby's request; returns the room, the tokens of the seats played on the
        creator's screen, the invites of the invited seats (each claimed once, by a friend, who then gets a
        token the creator never sees) and the creator's token (to abandon the game or invite again)."""
        asked = NewGame.parse(body)
        stored_seats, tokens, invites = asked.seat_entries()
        creator = secrets.token_urlsafe(18)
        owner = Owner(token_digest(creator), client[:64], asked.private)
        # What the lobby asked for, kept for "Play again" (webtable.rematch): its options as given, and
        # whether the seed was chosen (a chosen seed's follow-up gets a seed derived from it).
        made = {"options": asked.options, "seed_chosen": asked.chosen}
        room = await self.open_game(
            asked.kind, asked.seed, asked.options, stored_seats, owner, client, [(None, "made", made)]
        )
        return room, tokens, invites, creator

    async def open_game(
        self,
        kind: GameKind,
        seed: int,
        options: Any,
        stored_seats: list[dict[str, Any]],
        owner: Owner,
        client: str,
        notes: list[tuple[str | None, str, dict[str, Any]]],
        game_id: str | None = None,
    ) -> Room:
        """Store and open a new game (id ``game_id``, or a new one) of checked seats (secrets as digests)
        under the table's limits (Busy, GameMoved); ``notes`` (game id, None: the new game's; kind; body)
        are kept with it, in the same transaction."""
        if self.draining:
            raise GameMoved("this server is stopping: no new games here; try again", code="server_stopping")
        with_bots = bots_decide(stored_seats)
        if with_bots:
            self.check_bot_capacity(client)
        else:
            self.check_people_capacity()
        players = len(stored_seats)
        game, story = new_told_game(kind, players, seed, options if options is not None else {})
        now = time.time()
        game_id = game_id or new_game_id()
        logprint = engine_check.LogPrint(game.log)
        record = GameRecord(game_id, kind.name, players, stored_seats, "running", now, now, 0)
        record.engine, record.fingerprint = engine_check.mark(kind.name, logprint)
        history = game.history
        kept = [(gid or game_id, note, body) for gid, note, body in notes]
        try:
            create = functools.partial(self.store.create, record, history, owner, kept)
            await asyncio.get_running_loop().run_in_executor(self.writer, create)
        except STORAGE_ERRORS:
            log.warning("storing a new game failed", exc_info=True)
            raise StorageDown("the game store is unavailable (full disk?), so no game was made; try later") from None
        room = Room(self, record, kind, game, len(history), owner, story, logprint)
        self.rooms[game_id] = room
        if with_bots:
            self.bot_games[game_id] = owner.client
        else:
            self.people_games.add(game_id)
        room.kick_bots()
        turn_timer.arm(room)
        return room
