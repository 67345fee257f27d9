"""Building a replay away from the server's interpreter: a finished 5-player game's replay costs up to
a second of CPU, and built on a thread it held the interpreter (the GIL) from every other game for that
long. ``build_replay`` runs in a worker process (``TableSettings.replay_processes``; 0: a thread of the
server, as the tests that count builds use) and returns the answer as it is kept and sent."""

from __future__ import annotations

import gzip
import json
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from webtable import views
from webtable.registry import game_kind, install_defaults


def builder(processes: int) -> Executor:
    """Where replays are built: worker processes (started when first used), or one thread if 0."""
    if processes <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")
    # "spawn": a fresh interpreter, not a fork of one running threads (the bots', the store's).
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(processes, mp_context=context, initializer=follow_server, initargs=(os.getpid(),))


def follow_server(parent: int) -> None:
    """In a worker: build at a low priority (a replay never takes a core from the games being played),
    and end when the server has gone (killed, it cannot end its workers itself)."""
    os.nice(10)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="follow-server", daemon=True).start()


def build_replay(kind: str, history: list[dict[str, Any]], seat: int | None, lang: str, notes: list[Any]) -> bytes:
    """The replay of a game of ``kind`` for a view (a seat, or None: a spectator) in ``lang``, with the
    game's public notices at their log positions, as compact JSON compressed with gzip."""
    install_defaults()
    frames = views.replay_frames(game_kind(kind), history, seat, lang)
    return gzip.compress(json.dumps({**frames, "notes": notes}, separators=(",", ":")).encode(), compresslevel=6)
