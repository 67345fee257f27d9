"""An optional time limit on people's decisions: when a seat has been asked to decide for longer than
its limit, a bot takes that one decision for it, and every client is told (a ``timeout`` message the
page writes into its log). The limit is chosen when the game is made and kept with each person's
seat; bots are never timed. A restarted server starts the clock again for the decisions pending. The
notice is kept with the game (``Store.add_note``), with the log position it stands at, so a reload, a
reconnect and the replay show it where it happened. The same stand-in takes a decision a bot failed to
take (webtable.rooms): its notice says ``"cause": "bot_failed"`` instead of a limit.

A time bank (``time_bank`` seconds, chosen with the limit) is a reserve each timed seat may spend
beyond its limit, as at Board Game Arena: a decision made after the limit takes the excess from it,
and every decision the person makes adds ``BANK_GAIN`` seconds back (up to the first reserve). A
stand-in's decision empties it. Every client is told each timed seat's time left (a ``clock``
message when a clock starts or stops, and ``clock`` in the room's summary), for the page's countdown.
The reserves are kept with the game (a ``time_bank`` note, only the latest) whenever they change, so a
restarted server, or another process taking the game over, gives each seat what it had left; only a
change in the moment of a crash, before its note is committed, is lost (a decision's own entry is
committed first, and a reserve is an extra the game never depends on). The note goes with the table's
next batch of decisions (Hub.keep_latest: group commit), not in a transaction of its own: a busy table
spends no disk flush on it (in League of Six, where most decisions end a turn, a flush of its own per
decision cut a table's decisions a second to about a third)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from tabletop.agents import derive_seed
from tabletop.errors import IllegalAction
from webtable.messages import Timeout, kept_lines
from webtable.registry import bot_kind
from webtable.store import STORAGE_ERRORS

log = logging.getLogger("webtable")

MIN_LIMIT, MAX_LIMIT = 1, 24 * 3600  # seconds
STAND_INS = ("heuristic", "random")  # the bot that stands in for a seat: the first that plays the game
MAX_BANK = 3600  # seconds: the most a time bank can hold
BANK_GAIN = 5  # seconds each decision adds back to a seat's time bank


def parse_turn_limit(value: Any) -> int | None:
    """A lobby's ``turn_limit`` (whole seconds, or None for none); IllegalAction if it is not one."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_LIMIT <= value <= MAX_LIMIT:
        raise IllegalAction(
            f"turn_limit is a whole number of seconds from {MIN_LIMIT} to {MAX_LIMIT}, or null",
            code="bad_turn_limit",
            params={"min": MIN_LIMIT, "max": MAX_LIMIT},
        )
    return value


def parse_time_bank(value: Any, turn_limit: int | None) -> int | None:
    """A lobby's ``time_bank`` (whole seconds, or None for none); only with a turn limit. IllegalAction
    if it is not one."""
    if value is None or value == 0:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_BANK:
        raise IllegalAction(
            f"time_bank is a whole number of seconds from 1 to {MAX_BANK}, or null",
            code="bad_time_bank",
            params={"max": MAX_BANK},
        )
    if not turn_limit:
        raise IllegalAction("a time bank needs a turn time limit", code="time_bank_without_limit")
    return value


class Clock(NamedTuple):
    """One timed seat's clock for one decision: its version, its task and when it runs out (a tuple whose
    first two are the version and the task, as the clocks were before the time bank)."""

    version: int
    task: asyncio.Task[None]
    started: float
    limit: float
    bank: float

    def left(self, now: float) -> float:
        return max(0.0, self.started + self.limit + self.bank - now)


_CLOCKS: WeakKeyDictionary[Any, dict[int, Clock]] = WeakKeyDictionary()
_BANKS: WeakKeyDictionary[Any, dict[int, float]] = WeakKeyDictionary()


def bank_of(room: Any, seat: int) -> float:
    """The seconds left in ``seat``'s time bank (its first reserve until it has decided)."""
    first = float(room.record.seats[seat].get("time_bank") or 0)
    return _BANKS.setdefault(room, {}).get(seat, first)


def _settle(room: Any, seat: int, clock: Clock, now: float) -> None:
    """The person decided: the time beyond the limit comes out of the bank, and a decision adds to it."""
    first = float(room.record.seats[seat].get("time_bank") or 0)
    if not first:
        return
    over = max(0.0, now - clock.started - clock.limit)
    banks = _BANKS.setdefault(room, {})
    left = min(first, max(0.0, clock.bank - over) + BANK_GAIN)
    if banks.get(seat, first) != left:
        banks[seat] = left
        _keep_banks(room)


def restore_banks(room: Any, notes: list[dict[str, Any]]) -> None:
    """The reserves a loaded game's last ``time_bank`` note kept (``notes``: the store's, the latest last);
    a value that is not a number of seconds within the seat's first reserve is left out (that seat
    starts from its first reserve)."""
    kept = notes[-1].get("banks") if notes else None
    if not isinstance(kept, dict):
        return
    seats = room.record.seats
    banks = _BANKS.setdefault(room, {})
    for key, value in kept.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else -1
        if 0 <= seat < len(seats) and isinstance(value, (int, float)) and not isinstance(value, bool):
            first = float(seats[seat].get("time_bank") or 0)
            if 0 <= value <= first:
                banks[seat] = float(value)


def _keep_banks(room: Any) -> None:
    """Keep the room's reserves with the game: with the table's next batch of decisions (a change follows
    the commit of the decision that made it, so the note comes in a later transaction, or alone when no
    decision waits), the latest change replacing one not yet written. A store that is down leaves the
    reserves in memory (logged by the hub)."""
    banks = {str(seat): round(left, 3) for seat, left in _BANKS.get(room, {}).items()}
    room.keep_latest_note("time_bank", {"banks": banks})


def arm(room: Any) -> None:
    """Start a clock for each timed person the game now waits for (one per seat and decision), and
    tell the clients each timed seat's time left when that changed."""
    if room.game.over:
        return
    clocks = _CLOCKS.setdefault(room, {})
    pending = set(room.game.pending())
    now = time.monotonic()
    changed = False
    for seat, clock in list(clocks.items()):
        # Other seats' secret plans do not restart a planning person's clock (Room.moved_on_for).
        if seat not in pending or room.moved_on_for(seat, clock.version):
            clock.task.cancel()
            del clocks[seat]
            _settle(room, seat, clock, now)
            changed = True
    for seat in pending:
        limit = room.record.seats[seat].get("turn_limit")
        if room.is_bot(seat) or not limit or seat in clocks:
            continue
        bank = bank_of(room, seat)
        task = asyncio.get_running_loop().create_task(_expire(room, seat, room.version, float(limit) + bank))
        clocks[seat] = Clock(room.version, task, now, float(limit), bank)
        changed = True
    if changed:
        room.broadcast({"type": "clock", "left": left(room)})


def left(room: Any) -> dict[str, float]:
    """Each timed seat's seconds left for the decision it is asked for now (seat numbers as strings)."""
    now = time.monotonic()
    return {str(seat): round(clock.left(now), 1) for seat, clock in _CLOCKS.get(room, {}).items()}


async def _expire(room: Any, seat: int, version: int, limit: float) -> None:
    await asyncio.sleep(limit)
    if room.game.over or seat not in room.game.pending() or room.moved_on_for(seat, version):
        return
    _CLOCKS.get(room, {}).pop(seat, None)
    if bank_of(room, seat):
        _BANKS.setdefault(room, {})[seat] = 0.0  # the reserve is spent
        _keep_banks(room)
    action = await stand_in_action(room, seat, version)
    if action is None:
        return
    at = len(room.game.log)  # the notice stands before the log entries this decision adds
    try:
        # Made on the clock's version: refused as stale if the person (or anything but other seats'
        # secret plans) decided while the stand-in thought.
        await room.act(seat, action, version=version)
    except IllegalAction as exc:  # the person decided in the same moment
        log.info("game %s: seat %d's time ran out, but: %s", room.id, seat, exc)
        return
    await keep_notice(room, {"type": "timeout", "seat": seat, "limit": limit, "at": at})


async def stand_in_action(room: Any, seat: int, version: int) -> Any | None:
    """The decision a stand-in bot takes for ``seat`` now (a late person's, or a failed bot's), seeded by
    the game's version; None if no stand-in plays this game. The bot thinks in the table's bot threads,
    as the bots do (in the event loop, a crowd of timed games could hold up every other game)."""
    for name in STAND_INS:
        try:
            agent = bot_kind(name, room.kind.name).make(room.kind.name, seat, derive_seed(version, seat))
        except IllegalAction:
            continue
        game = room.game
        return await room.hub.pool.run(room.id, agent.act, game.observe(seat), list(game.legal_actions(seat)))
    return None


async def keep_notice(room: Any, notice: dict[str, Any]) -> None:
    """Keep a stand-in's notice with the game, so a reload, a reconnect and the replay show it too, and
    tell those here now; if the store is down (StorageDown) the move stands and only they are told."""
    # The room's notices are read before this one is stored: a read still in flight could otherwise
    # finish after it, without it, and be kept as the room's list.
    await notices(room)
    with contextlib.suppress(IllegalAction):
        await room.keep_note("timeout", notice)
        if (kept := _NOTICES.get(room)) is not None:
            kept.append(notice)
    room.broadcast(notice)


_NOTICES: WeakKeyDictionary[Any, list[dict[str, Any]]] = WeakKeyDictionary()


async def notices(room: Any) -> list[dict[str, Any]]:
    """The stored notices of this game (public: every client is sent them when it connects); none if
    the store cannot be read now. Read from the store once per room (it goes with the room), so
    connecting again and again costs the store nothing."""
    kept = _NOTICES.get(room)
    if kept is None:
        try:
            read = await asyncio.to_thread(room.hub.store.notes, room.id, "timeout")
        except STORAGE_ERRORS:  # the game goes on without the notices
            log.warning("game %s: its notices could not be read", room.id, exc_info=True)
            return []
        kept = _NOTICES.setdefault(room, kept_lines(Timeout, read, room.id, "timeout"))
    return list(kept)
