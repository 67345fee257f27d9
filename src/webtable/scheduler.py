"""Fair bot scheduling: a few threads shared by every game, the game that has used least time first.

A plain thread pool serves bot decisions first come, first served: a handful of games whose search bots
think for seconds per decision fill every thread, and a game whose bot needs a millisecond waits behind
all of them each time. Here each game has its own queue and the threads take the next decision from the
waiting game that has used the least thread time so far (start-time fair queueing: a game that starts
waiting is put level with the least-served waiting game, so a newcomer or a game back from a pause does
not jump ahead of everyone for long).
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

Job = tuple[Callable[..., Any], tuple[Any, ...], "asyncio.Future[Any]"]


def _timed(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


class FairPool:
    def __init__(self, threads: int = 4, on_thought: Callable[[float], None] | None = None) -> None:
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="bot")
        self.threads = threads
        self.free = threads
        self.on_thought = on_thought  # told each decision's thread seconds (the server's metrics)
        self.used: dict[str, float] = {}  # thread seconds each waiting or running game has used
        # The seconds really spent, without the levelling: games levelled to the same figure are served the
        # one that has spent least first (a game whose bot decides at once must not queue behind heavy ties).
        self.spent: dict[str, float] = {}
        self.waiting: dict[str, deque[Job]] = {}
        self.started: list[str] = []  # the order games were served in (kept short; for tests)

    async def run(self, game: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on a bot thread, in ``game``'s turn."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Any] = loop.create_future()
        if game not in self.waiting:
            level = min((self.used.get(g, 0.0) for g in self.waiting), default=0.0)
            self.used[game] = max(self.used.get(game, 0.0), level)
            self.waiting[game] = deque()
        self.waiting[game].append((fn, args, done))
        self._dispatch(loop)
        return await done

    def _dispatch(self, loop: asyncio.AbstractEventLoop) -> None:
        while self.free > 0 and self.waiting:
            game = min(self.waiting, key=lambda g: (self.used.get(g, 0.0), self.spent.get(g, 0.0)))
            queue = self.waiting[game]
            fn, args, done = queue.popleft()
            if not queue:
                del self.waiting[game]
            if done.cancelled():
                continue
            self.free -= 1
            self.started = [*self.started[-99:], game]
            running = loop.run_in_executor(self.executor, _timed, fn, args)
            running.add_done_callback(functools.partial(self._finished, loop, game, done))

    def _finished(
        self, loop: asyncio.AbstractEventLoop, game: str, done: asyncio.Future[Any], f: asyncio.Future[Any]
    ) -> None:
        self.free += 1
        if f.cancelled():
            if not done.done():
                done.cancel()
        elif (exc := f.exception()) is not None:
            if not done.done():
                done.set_exception(exc)
        else:
            result, seconds = f.result()
            self.used[game] = self.used.get(game, 0.0) + seconds
            self.spent[game] = self.spent.get(game, 0.0) + seconds
            if self.on_thought is not None:
                self.on_thought(seconds)
            if not done.done():
                done.set_result(result)
        self._dispatch(loop)

    def queued(self) -> int:
        """Decisions waiting for a thread."""
        return sum(len(queue) for queue in self.waiting.values())

    def busy(self) -> int:
        """Threads deciding now."""
        return self.threads - self.free

    def forget(self, game: str) -> None:
        """A game left memory: drop its account (unless it is waiting)."""
        if game not in self.waiting:
            self.used.pop(game, None)
            self.spent.pop(game, None)

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
