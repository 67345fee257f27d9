"""Tournaments between agents: seat rotation, parallel games, win rates with confidence intervals,
a rating and the time agents take per decision. Game-agnostic: a game plugs in through a
:class:`TournamentGame` (how to start a game, make an agent from its name, and rank the seats).

    from tabletop.tournament import tournament
    report = tournament(WALLENSTEIN, ["search", "heuristic", "heuristic", "heuristic"], games=100, seed=0)
    report.to_json()  # {"agents": {"search": {"win_rate": ..., "ci95": [lo, hi], ...}, ...}}

Game ``i`` uses seed ``seed + i``; its seats are the agent list rotated by ``i`` (seat ``s`` plays
``agents[(s + i) % P]``), so over ``P`` consecutive games every agent sits at every seat. Each
seat's agent is seeded with ``derive_seed(seed + i, seat)``. Games are independent, so results are
the same whatever the number of worker processes, apart from the measured time per decision.

Per agent name (several seats may play the same agent; their games are pooled):

* ``win_rate``: wins per seat played, a shared win counting ``1/k`` (parity is ``1/P``);
* ``ci95``: the Wilson score interval of that rate at 95% (seats of one game are treated as
  independent, which makes the interval of a pooled agent slightly optimistic);
* ``mean_vp``: the mean score (victory points);
* ``rating``: Elo-scale Bradley-Terry ratings fitted to every pairwise result between seats of
  different agents (a better final ranking wins, an equal one is half a win), with one virtual draw
  per pair of agents as a prior, centred on 1500;
* ``ms_per_decision``: the agent's mean CPU time per decision (``time.process_time`` around each
  ``act``: games run one per process, so this is the agent's own work; a loaded machine inflates
  it less than wall-clock time would; it still depends on the CPU).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Protocol

from tabletop.agents import Agent, derive_seed
from tabletop.errors import IllegalAction
from tabletop.runner import PlayableGame, run

Z95 = 1.959963984540054


class TournamentGame(Protocol):
    """What a game provides to be played in tournaments (must be picklable for worker processes)."""

    def new_game(self, players: int, seed: int) -> PlayableGame: ...

    def make_agent(self, name: str, seed: int) -> Agent:
        """An agent from its name (e.g. ``"search"`` or ``"search:simulations=50"``)."""
        ...

    def ranking(self, game: Any) -> list[tuple[float, ...]]:
        """Per seat, a key that orders the final standings (bigger is better; first item: the score)."""
        ...

    def winners(self, game: Any) -> list[int]: ...


def parse_agent(name: str) -> tuple[str, dict[str, Any]]:
    """``"kind:key=value:key=value"`` -> (kind, options); values are int, float, or text."""
    parts = name.split(":")
    kind = parts[0].strip()
    if not kind:
        raise IllegalAction(f"empty agent name in {name!r}")
    options: dict[str, Any] = {}
    for part in parts[1:]:
        key, sep, raw = part.partition("=")
        if not sep or not key:
            raise IllegalAction(f"agent option {part!r} in {name!r} is not key=value")
        value: Any = raw
        for cast in (int, float):
            try:
                value = cast(raw)
                break
            except ValueError:
                continue
        options[key.strip()] = value
    return kind, options


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a tournament."""

    index: int
    seed: int
    names: tuple[str, ...]  # agent name per seat
    scores: tuple[float, ...]
    keys: tuple[tuple[float, ...], ...]
    winners: tuple[int, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]  # CPU time spent deciding, per seat


class _Timed:
    """Wraps an agent to count its decisions and the CPU time it takes."""

    def __init__(self, agent: Agent, clock: Callable[[], float] = time.process_time) -> None:
        self.agent = agent
        self.clock = clock
        self.needs_observation = getattr(agent, "needs_observation", True)
        self.decisions = 0
        self.seconds = 0.0

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        start = self.clock()
        action = self.agent.act(observation, legal)
        self.seconds += self.clock() - start
        self.decisions += 1
        return action


def seating(agents: Sequence[str], index: int) -> tuple[str, ...]:
    """The agent names by seat in game ``index``: the list rotated by ``index``."""
    P = len(agents)
    return tuple(agents[(s + index) % P] for s in range(P))


def seat_agents(
    game_spec: TournamentGame, names: Sequence[str], game_seed: int, clock: Callable[[], float] = time.process_time
) -> list[_Timed]:
    """The agents of one game, by seat, each seeded with ``derive_seed(game_seed, seat)`` and timed."""
    return [_Timed(agent, clock) for agent in seated(game_spec, names, game_seed)]


def seated(game_spec: TournamentGame, names: Sequence[str], game_seed: int) -> list[Agent]:
    """The agents of one game by seat, made and reset with ``derive_seed(game_seed, seat)`` (the
    seeds every tournament game gives its seats; diagnostics that wrap agents start from these)."""
    agents = []
    for seat, name in enumerate(names):
        agent_seed = derive_seed(game_seed, seat)
        agent = game_spec.make_agent(name, agent_seed)
        agent.reset(seat, agent_seed)
        agents.append(agent)
    return agents


def watched_game(
    game_spec: TournamentGame,
    lineup: Sequence[str],
    seed: int,
    index: int,
    wrap: Callable[[Agent, Any, int, str], Agent],
) -> Any:
    """Play game ``index`` of ``lineup``'s match as :func:`play_game` does (seed ``seed + index``,
    seats rotated by ``index``, the same agents and seeds), each seat's agent first passed through
    ``wrap(agent, game, seat, name)``: diagnostics that watch a bot's decisions without changing them
    (research/studies/decision_kinds.py, search_choices.py). Returns the finished game."""
    names = seating(lineup, index)
    game_seed = seed + index
    game = game_spec.new_game(len(names), game_seed)
    plain = seated(game_spec, names, game_seed)
    run(game, [wrap(agent, game, seat, name) for seat, (agent, name) in enumerate(zip(plain, names, strict=True))])
    return game


def play_game(game_spec: TournamentGame, agents: Sequence[str], seed: int, index: int) -> GameRecord:
    """Play game ``index`` of a tournament (seed ``seed + index``, rotated seats)."""
    names = seating(agents, index)
    P = len(names)
    game_seed = seed + index
    timed = seat_agents(game_spec, names, game_seed)
    game = game_spec.new_game(P, game_seed)
    run(game, timed)
    keys = game_spec.ranking(game)
    return GameRecord(
        index=index,
        seed=game_seed,
        names=names,
        scores=tuple(float(k[0]) for k in keys),
        keys=tuple(tuple(float(x) for x in k) for k in keys),
        winners=tuple(game_spec.winners(game)),
        decisions=tuple(t.decisions for t in timed),
        seconds=tuple(t.seconds for t in timed),
    )


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``wins / n`` (fractional wins allowed)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(
    names: Sequence[str], results: Sequence[tuple[str, str, float]], prior: float = 1.0, iterations: int = 2000
) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) from pairwise results ``(a, b, score of a)``, 1 / 0.5 / 0.

    Maximum likelihood of the Bradley-Terry model by the MM algorithm (Hunter 2004), with ``prior``
    virtual draws between every pair of names so that a clean sweep still gives finite ratings.
    """
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    if k == 0:
        return {}
    wins = [0.0] * k
    games = [[0.0] * k for _ in range(k)]
    for a, b, score in results:
        i, j = idx[a], idx[b]
        wins[i] += score
        wins[j] += 1.0 - score
        games[i][j] += 1
        games[j][i] += 1
    for i in range(k):
        for j in range(k):
            if i != j:
                games[i][j] += prior
        wins[i] += prior * (k - 1) / 2
    gamma = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            denom = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i and games[i][j])
            new.append(wins[i] / denom if denom > 0 else gamma[i])
        # Normalise (geometric mean 1) to keep the scale fixed.
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        done = max(abs(a - b) for a, b in zip(new, gamma, strict=True)) < 1e-12
        gamma = new
        if done:
            break
    return {n: 1500.0 + 400.0 * math.log10(gamma[idx[n]]) for n in names}


@dataclass
class Report:
    """A tournament's games and the per-agent summary."""

    agents: list[str]
    games: int
    seed: int
    records: list[GameRecord]

    def names(self) -> list[str]:
        out: list[str] = []
        for a in self.agents:
            if a not in out:
                out.append(a)
        return out

    def summary(self) -> dict[str, dict[str, Any]]:
        names = self.names()
        wins = dict.fromkeys(names, 0.0)
        seats = dict.fromkeys(names, 0)
        vp = dict.fromkeys(names, 0.0)
        decisions = dict.fromkeys(names, 0)
        seconds = dict.fromkeys(names, 0.0)
        pairs: list[tuple[str, str, float]] = []
        for r in self.records:
            share = 1.0 / len(r.winners) if r.winners else 0.0
            for seat, name in enumerate(r.names):
                seats[name] += 1
                vp[name] += r.scores[seat]
                decisions[name] += r.decisions[seat]
                seconds[name] += r.seconds[seat]
                if seat in r.winners:
                    wins[name] += share
            for i in range(len(r.names)):
                for j in range(i + 1, len(r.names)):
                    if r.names[i] == r.names[j]:
                        continue
                    ki, kj = r.keys[i], r.keys[j]
                    pairs.append((r.names[i], r.names[j], 1.0 if ki > kj else 0.0 if ki < kj else 0.5))
        ratings = bradley_terry(names, pairs)
        out: dict[str, dict[str, Any]] = {}
        for name in names:
            n = seats[name]
            lo, hi = wilson(wins[name], n)
            out[name] = {
                "win_rate": round(wins[name] / n, 4) if n else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
                "mean_vp": round(vp[name] / n, 3) if n else 0.0,
                "rating": round(ratings[name], 1),
                "ms_per_decision": round(1000.0 * seconds[name] / decisions[name], 3) if decisions[name] else 0.0,
            }
        return out

    def to_json(self) -> dict[str, Any]:
        return {"agents": self.summary()}


# One game to play: the game, the line-up (one name per seat, before rotation), the base seed and the index.
GameTask = tuple[TournamentGame, tuple[str, ...], int, int]


def _play_task(args: GameTask) -> GameRecord:
    return play_game(*args)


def play_games(
    tasks: Sequence[GameTask], workers: int = 1, on_game: Callable[[GameRecord], None] | None = None
) -> list[GameRecord]:
    """Play the games of ``tasks`` (see :func:`play_game`) in this process or in ``workers`` processes,
    their records in the order of ``tasks``; ``on_game`` is called with each record as it comes."""
    if workers == 1:
        return _kept(map(_play_task, tasks), on_game)
    # "spawn": fresh interpreters, nothing inherited, the same on every platform.
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        return _kept(pool.map(_play_task, tasks, chunksize=1), on_game)


def _kept(played: Iterator[GameRecord], on_game: Callable[[GameRecord], None] | None) -> list[GameRecord]:
    records = []
    for rec in played:
        records.append(rec)
        if on_game is not None:
            on_game(rec)
    return records


def tournament(
    game_spec: TournamentGame,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[GameRecord], None] | None = None,
) -> Report:
    """Play ``games`` games between ``agents`` (one name per seat) in ``workers`` processes."""
    if games < 1:
        raise IllegalAction("a tournament needs at least one game")
    if workers < 1:
        raise IllegalAction("workers must be at least 1")
    names = tuple(agents)
    for name in set(names):
        game_spec.make_agent(name, 0)  # bad names fail here, before any process starts
    records = play_games([(game_spec, names, seed, i) for i in range(games)], workers, on_game)
    return Report(list(names), games, seed, records)


__all__ = [
    "GameRecord",
    "Report",
    "TournamentGame",
    "bradley_terry",
    "parse_agent",
    "play_game",
    "play_games",
    "seat_agents",
    "seating",
    "tournament",
    "wilson",
]
