"""Previews of a decision's outcome (a battle's odds), bounded so that no client can slow the table.

A sampled preview costs CPU (a 2002 battle is fought 300 times on copies of the game), and a client may
ask for one with every message. So:

- each connection and each seat (over all its connections) may ask ``previews_per_connection`` and
  ``previews_per_seat`` a second (bursts of twice that); more are refused at once, costing nothing;
- a connection has at most ``preview_queue`` previews waiting or running; more are refused;
- identical previews of one position (game version, seat, action) are answered from a cache, and one
  asked while the same is being computed waits for that computation;
- previews are computed on ``preview_threads`` threads of their own, never the bots' or the event loop's;
  a computation nobody waits for any more (its connections are gone) or when the server stops is
  abandoned between two trial battles (``abandoned``), so no queued work outlives its askers.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from tabletop.errors import IllegalAction
from webtable.settings import TableSettings

Key = tuple[str, int, int, str]  # game id, version, seat, the action as canonical JSON
Reply = Callable[[dict[str, Any] | IllegalAction], None]  # a preview's answer, or why there is none
MAX_SEAT_BUCKETS = 4096

# The stop flag of the preview being computed in this thread (set by Previews for its computations).
_STOP: contextvars.ContextVar[threading.Event | None] = contextvars.ContextVar("preview_stop", default=None)


class PreviewAbandoned(Exception):
    """A preview computation stopped early: nobody waits for it any more, or the server stops."""


def abandoned() -> bool:
    """Whether the preview computed in this thread should stop (always False outside one)."""
    stop = _STOP.get()
    return stop is not None and stop.is_set()


class Rate:
    """Token bucket: ``rate`` a second, bursts of twice that (0: no limit)."""

    def __init__(self, rate: float, clock: Callable[[], float]) -> None:
        self.rate = rate
        self.clock = clock
        self.tokens = 2 * rate
        self.at = clock()

    def take(self) -> bool:
        if self.rate <= 0:
            return True
        now = self.clock()
        self.tokens = min(2 * self.rate, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass(eq=False)
class Job:
    """One computation and how many askers wait for it."""

    future: asyncio.Future[dict[str, Any]]
    stop: threading.Event
    waiters: int = 0


@dataclass(eq=False)
class Asker:
    """A connection's preview rate and its previews waiting or running."""

    rate: Rate
    tasks: set[asyncio.Task[None]] = field(default_factory=set)


class Previews:
    """The previews of every room of one hub (see the module's docstring)."""

    def __init__(self, settings: TableSettings, clock: Callable[[], float] | None = None) -> None:
        self.settings = settings
        self.clock = clock or (lambda: asyncio.get_running_loop().time())
        self.executor = ThreadPoolExecutor(max_workers=max(1, settings.preview_threads), thread_name_prefix="preview")
        self.cache: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self.jobs: dict[Key, Job] = {}
        self.seats: OrderedDict[tuple[str, int], Rate] = OrderedDict()
        self.askers: WeakKeyDictionary[Any, Asker] = WeakKeyDictionary()
        self.stopping = threading.Event()
        self.computed = 0  # computations started (the tests count them)

    def ask(self, room: Any, client: Any, seat: int, action: Any, reply: Reply) -> None:
        """Start ``client``'s preview of ``action`` for ``seat``; ``reply`` gets its answer (or refusal).
        IllegalAction at once if the connection or the seat asks too often, or has too many waiting."""
        asker = self.askers.get(client)
        if asker is None:
            asker = self.askers[client] = Asker(Rate(self.settings.previews_per_connection, self.clock))
        if len(asker.tasks) >= self.settings.preview_queue:
            raise IllegalAction(
                f"{len(asker.tasks)} previews are still being worked out: wait for them",
                code="previews_busy",
                params={"n": len(asker.tasks)},
            )
        if not asker.rate.take() or not self._seat_rate(room.id, seat).take():
            raise IllegalAction("too many previews: slow down (nothing was done)", code="too_many_previews")
        task = asyncio.get_running_loop().create_task(self._answer(room, seat, action, reply))
        asker.tasks.add(task)
        task.add_done_callback(asker.tasks.discard)

    def forget(self, client: Any) -> None:
        """A connection has gone: its previews are dropped (a computation only it waited for stops)."""
        asker = self.askers.pop(client, None)
        if asker is not None:
            for task in list(asker.tasks):
                task.cancel()

    def shutdown(self) -> None:
        """The server stops: every computation stops at its next trial, none queued starts."""
        self.stopping.set()
        for job in self.jobs.values():
            job.stop.set()
        self.executor.shutdown(wait=False, cancel_futures=True)

    def _seat_rate(self, game_id: str, seat: int) -> Rate:
        key = (game_id, seat)
        rate = self.seats.get(key)
        if rate is None:
            rate = self.seats[key] = Rate(self.settings.previews_per_seat, self.clock)
            while len(self.seats) > MAX_SEAT_BUCKETS:
                self.seats.popitem(last=False)
        self.seats.move_to_end(key)
        return rate

    async def _answer(self, room: Any, seat: int, action: Any, reply: Reply) -> None:
        try:
            reply(await self.preview(room, seat, action))
        except IllegalAction as exc:
            reply(exc)
        except PreviewAbandoned:
            pass  # the server stops

    async def preview(self, room: Any, seat: int, action: Any) -> dict[str, Any]:
        """The preview of ``action`` for ``seat`` in ``room`` as it is now (IllegalAction if refused)."""
        preview = room.kind.preview
        if preview is None:
            raise IllegalAction(f"{room.kind.title} offers no previews", code="no_previews")
        key = (room.id, room.version, seat, json.dumps(action, sort_keys=True, separators=(",", ":")))
        cached = self.cache.get(key)
        if cached is not None:
            self.cache.move_to_end(key)
            return dict(cached)
        job = self.jobs.get(key) or self._start(key, preview, room.game, seat, action)
        job.waiters += 1
        try:
            return dict(await asyncio.shield(job.future))
        finally:
            job.waiters -= 1
            if job.waiters == 0 and not job.future.done():  # nobody waits for it any more
                job.stop.set()
                if self.jobs.get(key) is job:
                    del self.jobs[key]

    def _start(self, key: Key, preview: Callable[..., dict[str, Any]], game: Any, seat: int, action: Any) -> Job:
        if self.stopping.is_set():
            raise PreviewAbandoned
        stop = threading.Event()
        context = contextvars.copy_context()
        context.run(_STOP.set, stop)

        def compute() -> dict[str, Any]:
            if stop.is_set():  # abandoned while it waited for a thread
                raise PreviewAbandoned
            try:
                return context.run(preview, game, seat, action)
            except (IllegalAction, PreviewAbandoned):
                raise
            except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
                raise IllegalAction(f"malformed action: {exc}", code="malformed_action") from None

        future = asyncio.get_running_loop().run_in_executor(self.executor, compute)
        job = self.jobs[key] = Job(future, stop)
        self.computed += 1
        future.add_done_callback(lambda done: self._finished(key, job, done))
        return job

    def _finished(self, key: Key, job: Job, done: asyncio.Future[dict[str, Any]]) -> None:
        if self.jobs.get(key) is job:
            del self.jobs[key]
        if done.cancelled() or done.exception() is not None:
            return
        self.cache[key] = done.result()
        while len(self.cache) > self.settings.preview_cache:
            self.cache.popitem(last=False)
