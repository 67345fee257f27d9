"""A short chat between the seated players of one game: each line at most ``MAX_CHARS`` characters,
at most ``RATE`` lines per ``WINDOW`` seconds from one seat, sent to seated players only (spectators
never get it). Kept in memory for the room's life, the last ``KEEP`` lines (a restart forgets it)."""

from __future__ import annotations

import time
from collections import deque
from typing import Any
from weakref import WeakKeyDictionary

from tabletop.errors import IllegalAction

MAX_CHARS = 200
RATE = 5
WINDOW = 30.0
KEEP = 50


class Chat:
    def __init__(self) -> None:
        self.lines: deque[dict[str, Any]] = deque(maxlen=KEEP)
        self.sent: dict[int, deque[float]] = {}

    def say(self, seat: int, name: str, text: Any, now: float | None = None) -> dict[str, Any]:
        """The chat message for ``seat``'s line (IllegalAction, nothing kept, if it is too long, empty
        or too soon after the seat's last ``RATE`` lines)."""
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction("a chat line is some text")
        text = " ".join(text.split())
        if len(text) > MAX_CHARS:
            raise IllegalAction(f"a chat line has at most {MAX_CHARS} characters")
        now = time.monotonic() if now is None else now
        recent = self.sent.setdefault(seat, deque())
        while recent and now - recent[0] > WINDOW:
            recent.popleft()
        if len(recent) >= RATE:
            raise IllegalAction(f"at most {RATE} chat lines in {int(WINDOW)} seconds: wait a little")
        recent.append(now)
        line = {"type": "chat", "seat": seat, "name": name, "text": text}
        self.lines.append(line)
        return line


_CHATS: WeakKeyDictionary[Any, Chat] = WeakKeyDictionary()


def chat_of(room: Any) -> Chat:
    """The chat of a room (made on first use; it goes with the room)."""
    chat = _CHATS.get(room)
    if chat is None:
        chat = _CHATS[room] = Chat()
    return chat


def handle_chat(room: Any, seat: int | None, text: Any, ref: Any) -> dict[str, Any] | None:
    """A seat's chat line, sent to every seated client of the room; an error reply otherwise."""
    if seat is None:
        return {"type": "error", "id": ref, "message": "spectators cannot chat"}
    try:
        line = chat_of(room).say(seat, room.public_seats()[seat]["name"], text)
    except IllegalAction as exc:
        return {"type": "error", "id": ref, "message": str(exc)}
    for client in room.clients:
        if client.seat is not None:
            client.queue.put_nowait(line)
    return {"type": "said", "id": ref}


def history_for(room: Any, seat: int | None) -> list[dict[str, Any]]:
    """The lines a client joining ``seat`` is sent (none for a spectator)."""
    return list(chat_of(room).lines) if seat is not None else []
