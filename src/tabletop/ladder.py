"""A ladder of bots: a seat-rotated round-robin with Bradley-Terry ratings and 95% intervals.

Every line-up of ``players`` different bot names (each combination once) plays ``players * cycles``
games (:func:`tabletop.tournament.play_game`, seats rotating as in a tournament), so every name sits
at every seat of every line-up it is in; the line-ups take turns game by game. The ratings are
:func:`tabletop.tournament.bradley_terry` over every pairwise
result of every game (Elo scale, mean 1500); their 95% intervals come from a bootstrap over games
(games resampled with replacement, ratings refitted, the 2.5% and 97.5% quantiles), which keeps the
seats of one game together. Finished games can be written one JSON line each as they come
(``on_game``), so a run cut short still has everything it played, and a later run given those
games (``done``) plays only the rest.

    records = ladder(WALLENSTEIN, ["random", "heuristic", "search", "ismcts"], players=4, cycles=2)
    table = standings(records)   # {name: {"rating", "rating95", "win_rate", "ci95", ...}}
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict
from itertools import combinations
from typing import Any

from tabletop.errors import IllegalAction
from tabletop.tournament import Z95, GameRecord, Report, TournamentGame, bradley_terry, play_game, play_games, seating

BOOTSTRAP = 200


def lineups(names: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every combination of ``players`` different names, in the names' order."""
    if len(set(names)) != len(names):
        raise IllegalAction(f"a ladder's bot names must differ: {list(names)}")
    if len(names) < players:
        raise IllegalAction(f"a ladder of {players}-player games needs at least {players} bots, got {len(names)}")
    return list(combinations(names, players))


def schedule(
    names: Sequence[str], players: int, cycles: int = 1, seed: int = 0
) -> list[tuple[tuple[str, ...], int, int]]:
    """The ladder's games as ``(line-up, seed, index)``: line-up ``k`` plays game ``index`` with
    seed ``seed + 10_000 * k + index`` and seats rotated by ``index`` (as in a tournament of it),
    interleaved so that a run cut short has played every line-up about equally often."""
    if cycles < 1:
        raise IllegalAction("a ladder needs at least one cycle")
    ups = lineups(names, players)
    return [(up, seed + 10_000 * k, i) for i in range(players * cycles) for k, up in enumerate(ups)]


def ladder(
    spec: TournamentGame,
    names: Sequence[str],
    players: int,
    cycles: int = 1,
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[GameRecord], None] | None = None,
    done: Iterable[GameRecord] = (),
) -> list[GameRecord]:
    """Play the round-robin (see :func:`schedule`); games in ``done`` (same seat names and seed, e.g.
    read back from an earlier run's file) are not played again but count in the result."""
    for name in names:
        spec.make_agent(name, 0)  # bad names fail here, before any game
    out = list(done)
    have = {(r.names, r.seed) for r in out}
    tasks = [(spec, up, s, i) for up, s, i in schedule(names, players, cycles, seed)]
    tasks = [t for t in tasks if (seating(t[1], t[3]), t[2] + t[3]) not in have]
    return out + play_games(tasks, workers, on_game)


def match(
    spec: TournamentGame,
    names: Sequence[str],
    games: int,
    seed: int = 0,
    versus: Sequence[str] = (),
    on_game: Callable[[GameRecord], None] | None = None,
    done: Iterable[GameRecord] = (),
) -> list[GameRecord]:
    """One line-up's match, seats rotating (game ``i``: seed ``seed + i``, as in a tournament), and
    for each name in ``versus`` the same line-up with that name in the first one's place, played on
    the same seeds and seats game by game: a **paired** comparison (the other seats' bots, the deal
    and the chance are the same; only the compared bot differs), so a run cut short stays paired.
    Games in ``done`` are not played again but count in the result (``--resume``). One process."""
    ups = [tuple(names), *((v, *names[1:]) for v in versus)]
    for name in {n for up in ups for n in up}:
        spec.make_agent(name, 0)  # bad names fail here, before any game
    if games < 1:
        raise IllegalAction("a match needs at least one game")
    out = list(done)
    have = {(r.names, r.seed) for r in out}
    for i in range(games):
        for up in ups:
            if (seating(up, i), seed + i) in have:
                continue
            rec = play_game(spec, up, seed, i)
            out.append(rec)
            if on_game is not None:
                on_game(rec)
    return out


def paired(records: Sequence[GameRecord], a: str, b: str) -> dict[str, Any]:
    """``a`` against ``b`` where both played the same seed from the same seat (see :func:`match`):
    the mean difference of their win shares and of their scores, each with a 95% normal interval."""
    seat_of: dict[tuple[int, str], tuple[int, GameRecord]] = {}
    for r in records:
        for name in (a, b):
            if r.names.count(name) == 1:
                seat_of[(r.seed, name)] = (r.names.index(name), r)
    wins: list[float] = []
    scores: list[float] = []
    for (game_seed, name), (seat, r) in seat_of.items():
        other = seat_of.get((game_seed, b))
        if name != a or other is None or other[0] != seat:
            continue
        o = other[1]
        wins.append(_share(r, seat) - _share(o, seat))
        scores.append(r.scores[seat] - o.scores[seat])
    return {"pairs": len(wins), "win_diff": _mean_ci(wins), "score_diff": _mean_ci(scores)}


def _share(r: GameRecord, seat: int) -> float:
    return 1.0 / len(r.winners) if seat in r.winners else 0.0


def _mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal interval (0-width with fewer than two values)."""
    n = len(xs)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(xs) / n
    if n < 2:
        return (mean, mean, mean)
    sd = (sum((x - mean) ** 2 for x in xs) / (n - 1)) ** 0.5
    half = Z95 * sd / n**0.5
    return (mean, mean - half, mean + half)


def record_json(record: GameRecord) -> str:
    """One game as a JSON line."""
    return json.dumps(asdict(record), separators=(",", ":"))


def read_records(lines: Iterable[str]) -> list[GameRecord]:
    """Games written by :func:`record_json` (blank lines skipped)."""
    out = []
    for line in lines:
        if line.strip():
            d = json.loads(line)
            d["names"] = tuple(d["names"])
            d["keys"] = tuple(tuple(k) for k in d["keys"])
            for key in ("scores", "winners", "decisions", "seconds"):
                d[key] = tuple(d[key])
            out.append(GameRecord(**d))
    return out


def _names(records: Sequence[GameRecord]) -> list[str]:
    names: list[str] = []
    for r in records:
        for n in r.names:
            if n not in names:
                names.append(n)
    return names


def _pairs(records: Sequence[GameRecord]) -> list[tuple[str, str, float]]:
    pairs = []
    for r in records:
        for i in range(len(r.names)):
            for j in range(i + 1, len(r.names)):
                if r.names[i] != r.names[j]:
                    ki, kj = r.keys[i], r.keys[j]
                    pairs.append((r.names[i], r.names[j], 1.0 if ki > kj else 0.0 if ki < kj else 0.5))
    return pairs


def standings(records: Sequence[GameRecord], bootstrap: int = BOOTSTRAP, seed: int = 0) -> dict[str, dict[str, Any]]:
    """Per name: the tournament summary (win rate and Wilson interval per seat played, mean score,
    rating, CPU ms per decision), ``games`` (seats played) and ``rating95`` (bootstrap interval),
    best rating first."""
    if not records:
        return {}
    names = _names(records)
    summary = Report(names, len(records), 0, list(records)).summary()
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {n: [] for n in names}
    per_game = [_pairs([r]) for r in records]
    for _ in range(bootstrap):
        pick = [per_game[rng.randrange(len(records))] for _ in records]
        ratings = bradley_terry(names, [p for game in pick for p in game], iterations=300)
        for n in names:
            samples[n].append(ratings[n])
    out: dict[str, dict[str, Any]] = {}
    for n in sorted(names, key=lambda x: -summary[x]["rating"]):
        row = dict(summary[n])
        row["games"] = sum(r.names.count(n) for r in records)
        got = sorted(samples[n])
        if got:
            row["rating95"] = [round(got[int(0.025 * (len(got) - 1))], 1), round(got[int(0.975 * (len(got) - 1))], 1)]
        out[n] = row
    return out


def markdown(table: dict[str, dict[str, Any]], score: str = "VP") -> str:
    """The standings as a Markdown table."""
    lines = [
        f"| bot | seats played | rating (95% interval) | win rate (95% CI) | mean {score} | CPU ms / decision |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for name, row in table.items():
        lo, hi = row.get("rating95", [row["rating"], row["rating"]])
        wlo, whi = row["ci95"]
        lines.append(
            f"| `{name}` | {row['games']} | **{row['rating']:.0f}** ({lo:.0f}-{hi:.0f}) |"
            f" {100 * row['win_rate']:.1f}% ({100 * wlo:.1f}-{100 * whi:.1f}%) | {row['mean_vp']:.1f} |"
            f" {row['ms_per_decision']:.1f} |"
        )
    return "\n".join(lines)


__all__ = ["ladder", "lineups", "markdown", "match", "paired", "read_records", "record_json", "schedule", "standings"]
