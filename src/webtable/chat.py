"""A short chat between the seated players of one game: each line at most ``MAX_CHARS`` characters,
at most ``RATE`` lines per ``WINDOW`` seconds from one seat, sent to seated players only (spectators
never get it). Every line is kept in the game's store before anyone is sent it, so the chat outlives a
restart; a player who (re)connects is sent the last ``KEEP`` lines, and only those stay in the store.
The rate limit's clock is kept in memory (a restart starts it again)."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any
from weakref import WeakKeyDictionary

from tabletop.errors import IllegalAction
from webtable.guard import has_hidden_characters
from webtable.messages import ChatLine, kept_lines
from webtable.store import STORAGE_ERRORS

MAX_CHARS = 200
RATE = 5
WINDOW = 30.0
KEEP = 50


class Chat:
    def __init__(self, lines: list[dict[str, Any]] | None = None) -> None:
        self.lines: deque[dict[str, Any]] = deque(lines or [], maxlen=KEEP)
        self.sent: dict[int, deque[float]] = {}

    def say(self, seat: int, name: str, text: Any, now: float | None = None) -> dict[str, Any]:
        """The chat message for ``seat``'s line, kept (IllegalAction, nothing kept, if it is too long,
        empty or too soon after the seat's last ``RATE`` lines)."""
        line = self.check(seat, name, text, now)
        self.lines.append(line)
        return line

    def check(self, seat: int, name: str, text: Any, now: float | None = None) -> dict[str, Any]:
        """The chat message for ``seat``'s line, counted against its rate but not kept yet (see ``say``)."""
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction("a chat line is some text", code="chat_empty")
        text = " ".join(text.split())
        if has_hidden_characters(text):  # as a seat's name (NUL, ESC, U+202E, zero-width ...)
            raise IllegalAction("a chat line may not hold control or invisible characters", code="chat_invisible")
        if len(text) > MAX_CHARS:
            raise IllegalAction(
                f"a chat line has at most {MAX_CHARS} characters", code="chat_too_long", params={"n": MAX_CHARS}
            )
        now = time.monotonic() if now is None else now
        recent = self.sent.setdefault(seat, deque())
        while recent and now - recent[0] > WINDOW:
            recent.popleft()
        if len(recent) >= RATE:
            raise IllegalAction(
                f"at most {RATE} chat lines in {int(WINDOW)} seconds: wait a little",
                code="chat_too_fast",
                params={"n": RATE, "seconds": int(WINDOW)},
            )
        recent.append(now)
        return {"type": "chat", "seat": seat, "name": name, "text": text}


_CHATS: WeakKeyDictionary[Any, Chat] = WeakKeyDictionary()


async def chat_of(room: Any) -> Chat:
    """The chat of a room, its last lines read from the store on first use (it goes with the room)."""
    chat = _CHATS.get(room)
    if chat is None:
        lines = await asyncio.to_thread(room.hub.store.notes, room.id, "chat", KEEP)
        chat = _CHATS.setdefault(room, Chat(kept_lines(ChatLine, lines, room.id, "chat")))
    return chat


async def handle_chat(room: Any, seat: int | None, text: Any, ref: Any) -> dict[str, Any] | None:
    """A seat's chat line, kept in the store and then sent to every seated client of the room; an
    error reply (nothing kept, nothing sent) otherwise."""
    if seat is None:
        return {"type": "error", "id": ref, "message": "spectators cannot chat", "code": "spectators_cannot_chat"}
    try:
        chat = await chat_of(room)
        line = chat.check(seat, room.public_seats()[seat]["name"], text)
        await room.keep_note("chat", line, keep=KEEP)
    except IllegalAction as exc:  # too long, too many, or the store is down (StorageDown)
        return {"type": "error", "id": ref, "message": str(exc), **exc.coded()}
    chat.lines.append(line)
    for client in room.clients:
        if client.seat is not None:
            client.put(line)
    return {"type": "said", "id": ref}


async def history_for(room: Any, seat: int | None) -> list[dict[str, Any]]:
    """The lines a client joining ``seat`` is sent (none for a spectator; none if the store cannot be
    read now: the game goes on without them)."""
    if seat is None:
        return []
    try:
        return list((await chat_of(room)).lines)
    except STORAGE_ERRORS:
        return []
