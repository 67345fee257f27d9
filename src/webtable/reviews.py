"""After-game reviews on the server (docs/play/review.md): queued, built one at a time per process in a
worker process at a low priority (a review takes tens of seconds of CPU; on a thread of the server it
would hold the interpreter from every game), with its progress readable while it runs, and stored with
the game as a note once done, so a game is reviewed once per seat."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from tabletop.review import BUDGETS, ReviewParts, review_game
from webtable.replays import follow_server

log = logging.getLogger("webtable.reviews")
NOTE = "review"  # the store's note kind a finished review is kept under
MAX_QUEUED = 16  # reviews waiting or running per process: more are refused (each is tens of CPU seconds)
SEED = 0  # every review of the table uses the same seed: the same game and seat give the same review

# Progress from the worker: (game id, seat or -1, done, total), read by a thread of the server.
_progress: Any = None


def parts_of(kind: str) -> ReviewParts:
    """The review parts of a game kind (``wallenstein.review.PARTS``...)."""
    parts: ReviewParts = import_module(f"{kind}.review").PARTS
    return parts


def build_review(
    kind: str, game_id: str, history: list[dict[str, Any]], seat: int | None, budget: str, progress: Any = None
) -> dict[str, Any]:
    """The review of a stored history as JSON data, in a worker process (progress to the queue it was
    started with) or on a thread of the server (``progress``: the reviewer's own queue)."""
    progress = progress if progress is not None else _progress

    def tell(done: int, total: int) -> None:
        if progress is not None and (done == total or done % max(1, total // 50) == 0):
            progress.put((game_id, -1 if seat is None else seat, done, total))

    review = review_game(parts_of(kind), history, seat, BUDGETS[budget], SEED, progress=tell)
    return review.to_json()


def _worker(parent: int, progress: Any) -> None:
    global _progress
    _progress = progress
    follow_server(parent)  # low priority, and ends with the server


class ReviewsBusy(Exception):
    """The queue is full: nothing was queued."""


@dataclass
class Job:
    game_id: str
    seat: int | None
    done: int = 0
    total: int = 0
    error: str | None = None
    waiters: list[asyncio.Future[None]] = field(default_factory=list)


class Reviewer:
    """The process's review queue: one review at a time, in the order asked."""

    def __init__(self, processes: int, budget: str, store_note: Callable[[str, dict[str, Any]], Any]) -> None:
        if budget not in BUDGETS:
            raise ValueError(f"review_budget is one of {', '.join(BUDGETS)}, not {budget!r}")
        self.budget = budget
        self.jobs: dict[tuple[str, int | None], Job] = {}
        self.store_note = store_note
        context = multiprocessing.get_context("spawn")
        self.progress: Any = context.Queue() if processes > 0 else queue.Queue()
        self.executor: Executor
        if processes > 0:
            self.executor = ProcessPoolExecutor(
                1, mp_context=context, initializer=_worker, initargs=(os.getpid(), self.progress)
            )
        else:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self._reader = threading.Thread(target=self._read_progress, name="review-progress", daemon=True)
        self._reader.start()

    def _read_progress(self) -> None:
        while True:
            try:
                item = self.progress.get()
            except (EOFError, OSError, ValueError):
                return
            if item is None:
                return
            game_id, seat, done, total = item
            job = self.jobs.get((game_id, None if seat < 0 else seat))
            if job is not None:
                job.done, job.total = done, total

    def job(self, game_id: str, seat: int | None) -> Job | None:
        return self.jobs.get((game_id, seat))

    def ask(self, kind: str, game_id: str, seat: int | None, history: list[dict[str, Any]]) -> Job:
        """Queue the review of ``seat`` (None: the curve alone) unless it is queued or running."""
        key = (game_id, seat)
        if key in self.jobs and self.jobs[key].error is None:
            return self.jobs[key]
        if sum(1 for j in self.jobs.values() if j.error is None) >= MAX_QUEUED:
            raise ReviewsBusy(f"{MAX_QUEUED} reviews are waiting already; ask again in a few minutes")
        job = self.jobs[key] = Job(game_id, seat)
        loop = asyncio.get_running_loop()
        local = None if isinstance(self.executor, ProcessPoolExecutor) else self.progress
        running = loop.run_in_executor(self.executor, build_review, kind, game_id, history, seat, self.budget, local)
        running.add_done_callback(lambda f: loop.create_task(self._finished(key, job, f)))
        return job

    async def _finished(self, key: tuple[str, int | None], job: Job, f: asyncio.Future[dict[str, Any]]) -> None:
        try:
            review = f.result()
            await self.store_note(job.game_id, {"seat": job.seat, "budget": self.budget, "review": review})
            del self.jobs[key]  # the stored review answers from now on
        except Exception as exc:  # a failed review is said, and may be asked again
            log.warning("game %s: the review of seat %s failed: %s", job.game_id, job.seat, str(exc)[:300])
            job.error = "the review failed; ask again later"

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(OSError, ValueError):
            self.progress.put(None)
