"""Result rows: one JSON object per finished game, streamed to a JSON Lines file.

A study (one ``simulate`` or ``tournament`` command) is a game with its options, a line-up of
agents, a first seed and a number of games. Game ``i`` is a pure function of (options, seed + i,
agents rotated by i), so its row is the same on any backend and any number of workers, except the
fields named in :data:`VARIABLE` (timings and where it ran).

A row holds: ``game``, ``engine`` (the package version), ``options`` (players included),
``lineup`` and ``base_seed`` (the study it belongs to), ``index``, ``seed``, ``agents`` (per seat),
``result`` (the game's own ``result()``), ``keys`` (per seat, the final ranking key: score first),
``winners``, ``decisions`` (per seat), ``facts`` (what the balance report reads, see
:mod:`tabletop.analysis`), ``wall_s`` (``{"game": s, "seats": [s per seat deciding]}``), ``worker``
and ``host``.

The file is append-only and flushed per batch; a line cut short by a crash is dropped when the file
is read or resumed, so a resumed run replays nothing that was written and loses nothing else.
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

from tabletop.errors import IllegalAction
from tabletop.runner import run
from tabletop.tournament import GameRecord, TournamentGame, seat_agents, seating

VARIABLE = ("wall_s", "worker", "host")
"""The only fields that may differ between two runs of the same study."""


class GameParts(TournamentGame, Protocol):
    """What a game supplies to studies: a tournament entry that also names itself and its options,
    plays with the public log on when asked, and reads the report's facts from a finished game."""

    @property
    def name(self) -> str: ...

    def options(self, players: int) -> dict[str, Any]:
        """The game options of a row (JSON-ready; players included)."""
        ...

    def logged_game(self, players: int, seed: int) -> Any:
        """A new game that keeps its public log (the facts are read from it)."""
        ...

    def facts(self, game: Any) -> dict[str, Any]: ...


@cache
def engine_version() -> str:
    try:
        return metadata.version("wallenstein-table")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "unknown"


@dataclass(frozen=True)
class Study:
    """What one command plays: ``games`` games of ``parts`` from ``seed``, seats rotating over
    ``lineup``; ``facts=False`` plays without the public log and leaves the rows' facts out (``None``),
    for summaries that need no report (``simulate`` without ``--out``: the log costs about 20%);
    ``histories=True`` keeps each game's whole history in its row (``history``: it replays the game,
    for datasets, :mod:`tabletop.rl.dataset`; a few hundred KB a game)."""

    parts: GameParts
    lineup: tuple[str, ...]
    seed: int
    games: int
    facts: bool = True
    histories: bool = False

    def identity(self) -> dict[str, Any]:
        """What every row of this study's file shares (a file of another study is refused)."""
        return {
            "game": self.parts.name,
            "options": self.parts.options(len(self.lineup)),
            "lineup": list(self.lineup),
            "base_seed": self.seed,
        }


def play_row(study: Study, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``study`` and return its row."""
    start = time.perf_counter()
    parts = study.parts
    names = seating(study.lineup, index)
    game_seed = study.seed + index
    timed = seat_agents(parts, names, game_seed, clock=time.perf_counter)
    game: Any = parts.logged_game(len(names), game_seed) if study.facts else parts.new_game(len(names), game_seed)
    run(game, timed)
    result = {k: v for k, v in game.result().items() if k != "over"}
    keys = [[float(x) for x in k] for k in parts.ranking(game)]
    return {
        **study.identity(),
        "engine": engine_version(),
        "index": index,
        "seed": game_seed,
        "agents": list(names),
        "result": result,
        "keys": keys,
        "winners": list(parts.winners(game)),
        "decisions": [t.decisions for t in timed],
        "facts": parts.facts(game) if study.facts else None,
        "wall_s": {"game": round(time.perf_counter() - start, 6), "seats": [round(t.seconds, 6) for t in timed]},
        "worker": f"pid{os.getpid()}",
        "host": socket.gethostname(),
        **({"history": game.history} if study.histories else {}),
    }


def stable(row: dict[str, Any]) -> dict[str, Any]:
    """A row without the fields that may differ between runs (for comparing runs)."""
    return {k: v for k, v in row.items() if k not in VARIABLE}


def read_rows(path: Path) -> Iterator[dict[str, Any]]:
    """The rows of a results file; a last line cut short by a crash is skipped, any other bad line
    is an error that names the file and line."""
    with path.open("rb") as fh:
        for number, line in enumerate(fh, 1):
            if not line.endswith(b"\n"):
                return  # cut short: the run that wrote it died mid-write
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise IllegalAction(f"{path}:{number} is not a result row: {exc}") from None
            if not isinstance(row, dict) or "index" not in row or "result" not in row:
                raise IllegalAction(f"{path}:{number} is not a result row")
            yield row


def read_files(paths: Iterable[Path]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for path in paths:
        try:
            out.extend(read_rows(path))
        except OSError as exc:
            raise IllegalAction(f"cannot read {path}: {exc.strerror or exc}") from None
    return out


class ResultFile:
    """A study's results file opened for appending: what it already holds, and a writer."""

    def __init__(self, path: Path, study: Study) -> None:
        self.path = path
        self.done: set[int] = set()
        ident = study.identity()
        if path.exists():
            for row in read_rows(path):
                mine = {k: row.get(k) for k in ident}
                if mine != ident:
                    raise IllegalAction(
                        f"{path} holds games of another study ({json.dumps(mine)}); use another --out file"
                    )
                self.done.add(int(row["index"]))
            size = _complete_size(path)
            if size != path.stat().st_size:
                with path.open("rb+") as fh:  # drop a line cut short, so the next row starts clean
                    fh.truncate(size)
        self._fh = path.open("a", encoding="utf-8")

    def write(self, rows: Sequence[dict[str, Any]]) -> None:
        """Append rows (skipping any already written) and push them to disk."""
        for row in rows:
            if row["index"] in self.done:
                continue
            self._fh.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
            self.done.add(row["index"])
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        self._fh.close()


def _complete_size(path: Path) -> int:
    """The length of the file up to its last newline."""
    with path.open("rb") as fh:
        data = fh.read()
    return data.rfind(b"\n") + 1


def to_record(row: dict[str, Any]) -> GameRecord:
    """A row as the tournament's :class:`GameRecord` (for its summary: win rates, ratings)."""
    keys = tuple(tuple(k) for k in row["keys"])
    return GameRecord(
        index=row["index"],
        seed=row["seed"],
        names=tuple(row["agents"]),
        scores=tuple(k[0] for k in keys),
        keys=keys,
        winners=tuple(row["winners"]),
        decisions=tuple(row["decisions"]),
        seconds=tuple(row["wall_s"]["seats"]),
    )


__all__ = [
    "VARIABLE",
    "GameParts",
    "ResultFile",
    "Study",
    "engine_version",
    "play_row",
    "read_files",
    "read_rows",
    "stable",
    "to_record",
]
