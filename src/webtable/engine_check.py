"""Which engine recorded a stored game, and whether this one replays it the same.

A game is stored as its history (options, decisions, chance outcomes) and rebuilt by replaying it, so a
release whose rules differ could rebuild another game from the same history: different scores, a battle
gone the other way, or a decision the new rules refuse. Replaying checks the last (every decision must be
legal, every recorded chance outcome must be drawn where it was); for the rest each stored game carries a
*mark*: the engine that last extended it (``wallenstein 0.1.0``) and a fingerprint of what it told, the
public log (every event every seat saw, in order: moves, battles and their outcomes, scores). On load the
replayed log must have the fingerprint stored; otherwise the game is set aside with a message saying
which engine recorded it (webtable.rooms.Hub._load), never served as another game.

The fingerprint is the count of log entries and a SHA-256 over their canonical JSON, one entry a line, so
a room extends it entry by entry as decisions are committed (no rehashing the whole log).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from functools import cache
from importlib import metadata
from typing import Any

from webtable.store import Mark


@cache
def package_version() -> str:
    try:
        return metadata.version("wallenstein-table")
    except metadata.PackageNotFoundError:  # a checkout on sys.path, not installed
        return "unknown"


def engine_name(kind: str) -> str:
    """The engine that records a game of ``kind`` here: the game and this release's version."""
    return f"{kind} {package_version()}"


class LogPrint:
    """A running fingerprint of a game's public log."""

    def __init__(self, entries: Iterable[dict[str, Any]] = ()) -> None:
        self._hash = hashlib.sha256()
        self.count = 0
        self.add(entries)

    def add(self, entries: Iterable[dict[str, Any]]) -> None:
        for entry in entries:
            self._hash.update(_line(entry))
            self.count += 1

    def extended(self, entries: Iterable[dict[str, Any]]) -> LogPrint:
        """A copy with ``entries`` added (this one unchanged: a decision is adopted only once committed)."""
        other = LogPrint.__new__(LogPrint)
        other._hash, other.count = self._hash.copy(), self.count
        other.add(entries)
        return other

    @property
    def value(self) -> str:
        return f"{self.count}:{self._hash.hexdigest()}"


def new_entries(game: Any, start: int) -> list[dict[str, Any]]:
    """``game``'s public log from ``start`` on (a RecordedGame gives it without copying the whole log)."""
    since = getattr(game, "log_since", None)
    return since(start) if since is not None else list(game.log[start:])


def _line(entry: dict[str, Any]) -> bytes:
    # Keys sorted: the order an event's fields are written in is not part of what it tells.
    return json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def mark(kind: str, logprint: LogPrint) -> Mark:
    return engine_name(kind), logprint.value


def mismatch(recorded: str | None, replayed: LogPrint) -> str | None:
    """Why a stored game must be set aside (its replay told another story than the one recorded), or
    None. A game stored before games were marked has nothing to compare with: it is taken as it replays.
    The text is shown to players: it names no release (the server's log does: ``provenance``)."""
    if recorded is None or recorded == replayed.value:
        return None
    count, _, _ = recorded.partition(":")
    return (
        f"its history replays differently under this release's rules ({count} log entries recorded,"
        f" {replayed.count} replayed, not the same); the host can serve it with the release that recorded it"
    )


def provenance(kind: str, recorded_engine: str | None) -> str:
    """Which engine recorded a game and which one loads it (for the server's log)."""
    return f"recorded by {recorded_engine or 'a release before engine marks'}, loaded by {engine_name(kind)}"
