"""An optional time limit on people's decisions: when a seat has been asked to decide for longer than
its limit, a bot takes that one decision for it, and every client is told (a ``timeout`` message the
page writes into its log). The limit is chosen when the game is made and kept with each person's
seat; bots are never timed. A restarted server starts the clock again for the decisions pending. The
notice is kept with the game (``Store.add_note``), with the log position it stands at, so a reload, a
reconnect and the replay show it where it happened. The same stand-in takes a decision a bot failed to
take (webtable.rooms): its notice says ``"cause": "bot_failed"`` instead of a limit."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any
from weakref import WeakKeyDictionary

from tabletop.agents import derive_seed
from tabletop.errors import IllegalAction
from webtable.registry import bot_kind
from webtable.store import STORAGE_ERRORS

log = logging.getLogger("webtable")

MIN_LIMIT, MAX_LIMIT = 1, 24 * 3600  # seconds
STAND_INS = ("heuristic", "random")  # the bot that stands in for a seat: the first that plays the game


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


_CLOCKS: WeakKeyDictionary[Any, dict[int, tuple[int, asyncio.Task[None]]]] = WeakKeyDictionary()


def arm(room: Any) -> None:
    """Start a clock for each timed person the game now waits for (one per seat and decision)."""
    if room.game.over:
        return
    clocks = _CLOCKS.setdefault(room, {})
    pending = set(room.game.pending())
    for seat, (version, task) in list(clocks.items()):
        # Other seats' secret plans do not restart a planning person's clock (Room.moved_on_for).
        if seat not in pending or room.moved_on_for(seat, version):
            task.cancel()
            del clocks[seat]
    for seat in pending:
        limit = room.record.seats[seat].get("turn_limit")
        if room.is_bot(seat) or not limit or seat in clocks:
            continue
        task = asyncio.get_running_loop().create_task(_expire(room, seat, room.version, float(limit)))
        clocks[seat] = (room.version, task)


async def _expire(room: Any, seat: int, version: int, limit: float) -> None:
    await asyncio.sleep(limit)
    if room.game.over or seat not in room.game.pending() or room.moved_on_for(seat, version):
        return
    _CLOCKS.get(room, {}).pop(seat, None)
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
        await room.hub.store_note(room.id, "timeout", notice)
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
        kept = _NOTICES.setdefault(room, read)
    return list(kept)
