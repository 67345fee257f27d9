"""Where a study's games are played: local worker processes, or a Ray cluster.

The games still to play (those not yet in the results file) are cut into batches of consecutive
indices (seeds); each batch is played by one worker and its rows come back together, to be appended
to the file as soon as they arrive. A worker that dies takes only its batch with it: the batch is
played again (by a fresh process, or by Ray's own task retry), at most ``RETRIES`` times.

``process`` (the default) needs nothing beyond the standard library. ``ray`` needs the ``[ray]``
extra; with ``address`` it joins a running cluster (``ray start --head`` on one machine,
``ray start --address HEAD:6379`` on the others), without it starts a private local one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any, Protocol

from tabletop.errors import IllegalAction
from tabletop.results import Study, play_row

BACKENDS = ("process", "ray")
RETRIES = 3
Batch = tuple[int, ...]
Rows = list[dict[str, Any]]


def play_batch(study: Study, batch: Batch) -> Rows:
    """The rows of the games ``batch`` (indices) of ``study``, played in order."""
    return [play_row(study, i) for i in batch]


def batches(todo: Sequence[int], size: int) -> list[Batch]:
    """Consecutive runs of ``todo`` (sorted indices), cut into batches of at most ``size``."""
    out: list[Batch] = []
    current: list[int] = []
    for i in sorted(todo):
        if current and (i != current[-1] + 1 or len(current) == size):
            out.append(tuple(current))
            current = []
        current.append(i)
    if current:
        out.append(tuple(current))
    return out


def batch_size(todo: int, workers: int) -> int:
    """Enough batches to keep every worker busy and the bar moving (about 8 per worker), each big
    enough that sending it costs little next to playing it, and at most 50 games (what a killed
    run loses at most)."""
    return max(1, min(50, todo // (8 * workers) or 1))


class Backend(Protocol):
    workers: int

    def play(self, study: Study, work: Sequence[Batch]) -> Iterator[Rows]:
        """Play every batch of ``work``; yield each batch's rows as it finishes (any order)."""
        ...

    def close(self) -> None: ...


class ProcessBackend:
    """``workers`` local processes (spawned: nothing inherited, the same on every platform), started
    at the first batch and kept until :meth:`close`; one worker plays in this process."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise IllegalAction("workers must be at least 1")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=get_context("spawn"))
        return self._pool

    def play(self, study: Study, work: Sequence[Batch]) -> Iterator[Rows]:
        if self.workers == 1:
            for b in work:
                yield play_batch(study, b)
            return
        tries = dict.fromkeys(work, 0)
        pending = list(work)
        while pending:
            pool = self._executor()
            running: dict[Future[Rows], Batch] = {pool.submit(play_batch, study, b): b for b in pending}
            pending = []
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in finished:
                    b = running.pop(fut)
                    try:
                        rows = fut.result()
                    except BrokenProcessPool:
                        # A worker died: every batch not finished is played again in a new pool.
                        tries[b] += 1
                        if tries[b] > RETRIES:
                            raise RuntimeError(f"games {b[0]}..{b[-1]}: the worker died {tries[b]} times") from None
                        pending.append(b)
                        continue
                    yield rows
            if pending:
                self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class RayBackend:
    """Ray tasks, at most ``workers`` at a time (``workers`` CPUs if Ray is started here); Ray plays a
    task again when its worker dies (``max_retries``)."""

    def __init__(self, workers: int = 1, address: str | None = None) -> None:
        if workers < 1:
            raise IllegalAction("workers must be at least 1")
        try:
            import ray
        except ImportError:
            raise IllegalAction("the ray backend needs Ray: pip install 'wallenstein-table[ray]'") from None
        self.workers = workers
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address:
                kwargs["address"] = address
            else:
                kwargs["num_cpus"] = workers
            try:
                ray.init(**kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise IllegalAction(f"cannot start or reach Ray ({address or 'local'}): {exc}") from None
            self._started = True
        self._task = ray.remote(max_retries=RETRIES, num_cpus=1)(play_batch)

    def play(self, study: Study, work: Sequence[Batch]) -> Iterator[Rows]:
        ray = self._ray
        shared = ray.put(study)
        queue = list(reversed(work))
        running: list[Any] = []
        while queue or running:
            while queue and len(running) < self.workers:
                running.append(self._task.remote(shared, queue.pop()))
            done, running = ray.wait(running, num_returns=1)
            yield ray.get(done[0])

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


def make_backend(name: str, workers: int = 1, address: str | None = None) -> Backend:
    if name == "process":
        if address:
            raise IllegalAction("--address is for the ray backend")
        return ProcessBackend(workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise IllegalAction(f"unknown backend {name!r}; known: {', '.join(BACKENDS)}")


def run_study(
    study: Study,
    backend: Backend,
    done: set[int] | frozenset[int] = frozenset(),
    on_rows: Callable[[Rows], None] | None = None,
    size: int | None = None,
) -> Rows:
    """Play the games of ``study`` not in ``done``; ``on_rows`` gets each batch's rows as it arrives.
    Returns the new rows (in index order)."""
    if study.games < 1:
        raise IllegalAction("a study needs at least one game")
    for name in set(study.lineup):
        study.parts.make_agent(name, 0)  # bad names fail here, before any worker starts
    todo = [i for i in range(study.games) if i not in done]
    work = batches(todo, size or batch_size(len(todo), backend.workers))
    rows: Rows = []
    for batch_rows in backend.play(study, work):
        rows.extend(batch_rows)
        if on_rows is not None:
            on_rows(batch_rows)
    rows.sort(key=lambda r: int(r["index"]))
    return rows


__all__ = [
    "BACKENDS",
    "Backend",
    "ProcessBackend",
    "RayBackend",
    "batch_size",
    "batches",
    "make_backend",
    "play_batch",
    "run_study",
]
