"""A fixed evaluation protocol: one agent against the reference bots, on published seeds.

The protocol (docs/leaderboard.md) seats the agent at *tables*: for each number of players ``P``
in 3, 4, 5 and each reference bot ``R`` (``random``, ``heuristic`` and ``ismcts`` at a fixed
budget, :data:`REFERENCES`), the agent plays ``P * rounds`` games against ``P - 1`` copies of
``R``, its seat rotating (game ``i`` seats it at ``(-i) mod P``: every seat equally often). Table
``(P, k)`` (``k``: the reference's place in the list) starts at seed ``SEED + 1000 * P + 100 * k``
and game ``i`` uses that plus ``i``, with every seat's agent seeded from the game seed as in a
tournament (:func:`tabletop.tournament.play_game`): every agent meets the same deals and chance,
and the same agent name always plays the same games.

What it reports (:func:`summary`):

* per reference and over all games: the agent's win share (a shared win counts ``1/k``) with its
  95% Wilson interval, and parity (the mean of ``1/P`` over those games);
* ``rating``: the agent's Elo-scale **Bradley-Terry** rating against the references' fixed ratings
  (:data:`REFERENCE_RATINGS`, random anchored at 1000): the maximum-likelihood rating over every
  pairwise result between the agent's seat and each other seat of its games (a better final rank
  wins, an equal one is half a win), with one virtual draw against each reference it met as a
  prior so that a sweep stays finite; its 95% interval is a bootstrap over games;
* ``ms_per_decision``: the agent's mean CPU time per decision (``time.process_time``).

The references' ratings are themselves calibrated from the protocol (:func:`calibrate`: a joint
Bradley-Terry fit over the games of each reference evaluated as an agent), so a rating says where
an agent stands among the references on exactly these games. Results are reproducible: the same
agent name gives the same games, whatever the number of worker processes (only the times differ).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from multiprocessing import get_context
from typing import Any

from tabletop.errors import IllegalAction
from tabletop.tournament import GameRecord, TournamentGame, bradley_terry, play_game, wilson

SEED = 20_260_000  # the protocol's published seed base
PLAYERS = (3, 4, 5)
REFERENCES = ("random", "heuristic", "ismcts:simulations=50")
# Elo-scale ratings of the references, calibrated by ``python -m tabletop.leaderboard --calibrate``
# (a joint Bradley-Terry fit over the references' own protocol games, random anchored at 1000; the
# quick protocol's 9 games each, research/games/leaderboard/). Fixed here so that every rating is on
# one scale; recalibrating moves every agent's rating.
REFERENCE_RATINGS: dict[str, dict[str, float]] = {
    "wallenstein": {"random": 1000.0, "heuristic": 1492.9, "ismcts:simulations=50": 1646.6},
    "league_of_six": {"random": 1000.0, "heuristic": 1532.8, "ismcts:simulations=50": 1834.4},
}
BOOTSTRAP = 200


@dataclass(frozen=True)
class Table:
    """One table of the protocol: the agent against ``players - 1`` copies of ``reference``."""

    players: int
    reference: str
    seed: int  # game i of the table uses seed + i


@dataclass(frozen=True)
class Protocol:
    """The protocol's size: ``rounds`` games per seat at every table (``quick``: one game per table,
    the agent's seat moving from table to table), over ``players`` and ``references``."""

    rounds: int = 1
    quick: bool = False  # one game per table: 9 games
    players: tuple[int, ...] = PLAYERS
    references: tuple[str, ...] = REFERENCES

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise IllegalAction("the protocol needs at least one round")
        if not self.players or any(p not in PLAYERS for p in self.players):
            raise IllegalAction(f"players must be among {list(PLAYERS)}, got {list(self.players)}")
        if not self.references or any(r not in REFERENCES for r in self.references):
            raise IllegalAction(f"references must be among {list(REFERENCES)}, got {list(self.references)}")

    def tables(self) -> list[Table]:
        seed = {ref: SEED + 100 * REFERENCES.index(ref) for ref in self.references}
        return [Table(p, ref, seed[ref] + 1000 * p) for p in self.players for ref in self.references]

    def games(self) -> list[tuple[Table, int]]:
        """Every game as (table, index); quick: table ``t``'s one game is its game ``t mod players``
        (one of the full protocol's, so a full run resumed from a quick one plays only the rest)."""
        if self.quick:
            return [(table, t % table.players) for t, table in enumerate(self.tables())]
        return [(table, i) for table in self.tables() for i in range(table.players * self.rounds)]

    def describe(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "quick": self.quick,
            "players": list(self.players),
            "references": list(self.references),
            "seed": SEED,
        }


@dataclass(frozen=True)
class EvalGame:
    """One finished protocol game: where the agent sat, and the game as a tournament records it."""

    agent: str
    table: Table
    seat: int
    record: GameRecord

    def key(self) -> tuple[str, int, str, int]:
        return (self.agent, self.table.players, self.table.reference, self.record.index)

    def share(self) -> float:
        r = self.record
        return 1.0 / len(r.winners) if self.seat in r.winners else 0.0

    def pairs(self) -> list[tuple[str, float]]:
        """(opponent's name, the agent's score against it) for every other seat."""
        keys = self.record.keys
        mine = keys[self.seat]
        return [
            (name, 1.0 if mine > keys[s] else 0.0 if mine < keys[s] else 0.5)
            for s, name in enumerate(self.record.names)
            if s != self.seat
        ]


def play_one(spec: TournamentGame, agent: str, table: Table, index: int) -> EvalGame:
    """Game ``index`` of ``table``: seats rotate as in a tournament of (agent, R, R, ...)."""
    lineup = (agent,) + (table.reference,) * (table.players - 1)
    record = play_game(spec, lineup, table.seed, index)
    return EvalGame(agent, table, (-index) % table.players, record)


def _play(task: tuple[TournamentGame, str, Table, int]) -> EvalGame:
    return play_one(*task)


def evaluate(
    spec: TournamentGame,
    agent: str,
    protocol: Protocol,
    workers: int = 1,
    done: Iterable[EvalGame] = (),
    on_game: Callable[[EvalGame], None] | None = None,
) -> list[EvalGame]:
    """Play the protocol's games not in ``done`` (an earlier run's, read back: ``--resume``) and
    return them all, in the protocol's order. A bad agent name fails before any game."""
    for name in {agent, *protocol.references}:
        spec.make_agent(name, 0)
    have = {g.key(): g for g in done if g.agent == agent}
    tasks = [(spec, agent, t, i) for t, i in protocol.games() if (agent, t.players, t.reference, i) not in have]
    if workers <= 1:
        new: Iterable[EvalGame] = map(_play, tasks)
        return _collect(protocol, agent, have, new, on_game)
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        return _collect(protocol, agent, have, pool.map(_play, tasks, chunksize=1), on_game)


def _collect(
    protocol: Protocol,
    agent: str,
    have: dict[tuple[str, int, str, int], EvalGame],
    new: Iterable[EvalGame],
    on_game: Callable[[EvalGame], None] | None,
) -> list[EvalGame]:
    for game in new:
        have[game.key()] = game
        if on_game is not None:
            on_game(game)
    return [have[(agent, t.players, t.reference, i)] for t, i in protocol.games()]


def game_json(game: EvalGame) -> str:
    """One protocol game as a JSON line."""
    row = {"agent": game.agent, "table": asdict(game.table), "seat": game.seat, "record": asdict(game.record)}
    return json.dumps(row, separators=(",", ":"))


def read_games(lines: Iterable[str]) -> list[EvalGame]:
    """Games written by :func:`game_json` (blank lines skipped); a line that is not one fails."""
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            rec = dict(row["record"])
            for key in ("names", "scores", "winners", "decisions", "seconds"):
                rec[key] = tuple(rec[key])
            rec["keys"] = tuple(tuple(k) for k in rec["keys"])
            out.append(EvalGame(str(row["agent"]), Table(**row["table"]), int(row["seat"]), GameRecord(**rec)))
        except (ValueError, KeyError, TypeError) as exc:
            raise IllegalAction(f"line {n} is not a protocol game: {exc}") from None
    return out


def performance(pairs: Sequence[tuple[str, float]], ratings: dict[str, float]) -> float:
    """The Elo-scale rating ``r`` whose expected scores against the opponents' fixed ``ratings`` sum
    to the scores got, with one virtual draw against each opponent met (bisection: the expected
    score grows with ``r``)."""
    met = sorted({name for name, _ in pairs})
    results = [(ratings[n], s) for n, s in pairs] + [(ratings[n], 0.5) for n in met]
    if not results:
        return math.nan
    got = sum(s for _, s in results)
    lo, hi = -2000.0, 6000.0
    for _ in range(60):
        mid = (lo + hi) / 2
        expected = sum(1.0 / (1.0 + 10.0 ** ((opp - mid) / 400.0)) for opp, _ in results)
        lo, hi = (mid, hi) if expected < got else (lo, mid)
    return (lo + hi) / 2


def rating_interval(
    games: Sequence[EvalGame], ratings: dict[str, float], bootstrap: int = BOOTSTRAP, seed: int = 0
) -> tuple[float, float]:
    """The rating's 95% interval: games resampled with replacement, the rating refitted."""
    rng = random.Random(seed)
    per_game = [g.pairs() for g in games]
    got = sorted(
        performance([p for _ in games for p in per_game[rng.randrange(len(games))]], ratings) for _ in range(bootstrap)
    )
    return (got[int(0.025 * (len(got) - 1))], got[int(0.975 * (len(got) - 1))])


def _rate(games: Sequence[EvalGame]) -> dict[str, Any]:
    """Win share with its Wilson interval and parity over ``games``."""
    n = len(games)
    wins = sum(g.share() for g in games)
    lo, hi = wilson(wins, n)
    parity = sum(1.0 / g.table.players for g in games) / n if n else 0.0
    return {"games": n, "win_rate": wins / n if n else 0.0, "ci95": [lo, hi], "parity": parity}


def summary(games: Sequence[EvalGame], ratings: dict[str, float]) -> dict[str, Any]:
    """The protocol's figures for one agent's games (see the module doc)."""
    if not games:
        raise IllegalAction("no protocol games to summarise")
    refs = list(dict.fromkeys(g.table.reference for g in games))
    counts = {g.table.players for g in games}
    decisions = sum(g.record.decisions[g.seat] for g in games)
    seconds = sum(g.record.seconds[g.seat] for g in games)
    lo, hi = rating_interval(games, ratings)
    return {
        "agent": games[0].agent,
        "all": _rate(games),
        "references": {ref: _rate([g for g in games if g.table.reference == ref]) for ref in refs},
        "players": {p: _rate([g for g in games if g.table.players == p]) for p in sorted(counts)},
        "rating": performance([p for g in games for p in g.pairs()], ratings),
        "rating95": [lo, hi],
        "ms_per_decision": 1000.0 * seconds / decisions if decisions else 0.0,
        "decisions": decisions,
        "cpu_seconds": seconds,
    }


def calibrate(games: Sequence[EvalGame], anchor: str = "random", at: float = 1000.0) -> dict[str, float]:
    """The references' ratings from their own protocol games (each reference evaluated as the
    agent): a joint Bradley-Terry fit over every pairwise result (the agent's seat under its own
    name), shifted so that ``anchor`` rates ``at``."""
    names = list(dict.fromkeys([g.agent for g in games] + [n for g in games for n in g.record.names]))
    pairs = [(g.agent, other, score) for g in games for other, score in g.pairs() if other != g.agent]
    fitted = bradley_terry(names, pairs)
    shift = at - fitted[anchor]
    return {n: round(fitted[n] + shift, 1) for n in names}


__all__ = [
    "PLAYERS",
    "REFERENCES",
    "REFERENCE_RATINGS",
    "SEED",
    "EvalGame",
    "Protocol",
    "Table",
    "calibrate",
    "evaluate",
    "game_json",
    "performance",
    "play_one",
    "read_games",
    "summary",
]
