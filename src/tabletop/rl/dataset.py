"""Datasets for offline RL and imitation: every seat's trajectory in recorded games, as Minari writes them.

A game recorded with its history (``simulate``/``tournament --histories``) is replayed decision by
decision; each seat's episode holds, at each of its decisions, the observation vector the
environments give it (``RLGame.encode_seat``), the legal-action mask and the catalogue index of what
it chose; a macro decision of a bot (Wallenstein's whole plan) becomes the catalogue decisions it
stands for (``RLGame.steps``), each with the observation before it. The last step of an episode
carries the seat's final reward ("win": its share of the win; "vp": its score's margin), every other
reward is 0. Infos hold ``action_mask`` and ``seat`` for every observation.

Minari (the Farama standard, ``minari[hdf5]`` in the [rl] extra) stores one dataset per id
(``wallenstein/heuristic-v0``) under ``MINARI_DATASETS_PATH``. The same rows give the same dataset.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.errors import IllegalAction
from tabletop.rl.spec import REWARDS, RLGame, Vector, check_reward, final_rewards

Replay = Callable[[list[dict[str, Any]]], Iterator[Any]]


@dataclass
class SeatEpisode:
    """One seat's trajectory through one game."""

    seat: int
    seed: int
    observations: list[Vector] = field(default_factory=list)
    masks: list[npt.NDArray[np.int8]] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    reward: float = 0.0


def _canonical(action_json: Any) -> str:
    return json.dumps(action_json, sort_keys=True, separators=(",", ":"))


def _action_of(game: Any, seat: int, action_json: Any) -> Any:
    """The engine's action that a history entry records (a legal one, or a macro the engine takes)."""
    legal = game.legal_actions(seat)
    wanted = _canonical(action_json)
    for a in legal:
        if _canonical(a.to_json()) == wanted:
            return a
    if not legal:
        raise IllegalAction(f"seat {seat} decides in the history where the game asks nothing of it")
    return type(legal[0]).from_json(action_json)


def _record(spec: RLGame, game: Any, seat: int, action: Any, episode: SeatEpisode) -> None:
    """Add ``seat``'s decision ``action`` in ``game`` to its episode (a macro as its catalogue steps)."""
    steps = list(spec.steps(game, seat, action)) if spec.steps is not None else [action]
    g = game.clone() if len(steps) > 1 else game
    for i, step in enumerate(steps):
        index = spec.catalogue.index.get(step)
        if index is None:
            raise IllegalAction(f"decision {step} is not in action catalogue {spec.catalogue.version}")
        episode.observations.append(spec.encode_seat(g, seat))
        episode.masks.append(spec.catalogue.mask(g.legal_actions(seat)))
        episode.actions.append(index)
        if i < len(steps) - 1:
            g.apply(seat, step)


def game_episodes(
    spec: RLGame, replay: Replay, history: list[dict[str, Any]], seed: int, reward: str
) -> list[SeatEpisode]:
    """Every seat's episode of the game ``history`` records (``replay``: the game's ``replay_steps``)."""
    check_reward(reward, REWARDS)
    moves = [e for e in history[1:] if isinstance(e, dict) and "seat" in e]
    steps = replay(history)
    game = next(steps)
    episodes = [SeatEpisode(p, seed) for p in range(game.players)]
    for move in moves:
        seat = move["seat"]
        _record(spec, game, seat, _action_of(game, seat, move["action"]), episodes[seat])
        game = next(steps)
    if not game.over:
        raise IllegalAction("a dataset holds finished games; this history stops before the end")
    for episode, value in zip(episodes, final_rewards(spec, game, reward), strict=True):
        episode.observations.append(spec.encode_seat(game, episode.seat))
        episode.masks.append(spec.catalogue.noop_mask.copy())
        episode.reward = value
    return episodes


def row_episodes(spec: RLGame, replay: Replay, rows: Iterable[dict[str, Any]], reward: str) -> Iterator[SeatEpisode]:
    """The episodes of result rows kept with ``--histories`` (an IllegalAction names a row without one)."""
    for row in rows:
        history = row.get("history")
        if not isinstance(history, list):
            raise IllegalAction(f"result row {row.get('index')} has no history: play it with --histories")
        for episode in game_episodes(spec, replay, history, int(row["seed"]), reward):
            if episode.actions:  # a seat that never decided has no trajectory
                yield episode


@contextlib.contextmanager
def _datasets_path(path: Path | None) -> Iterator[None]:
    """Minari's folder of datasets (``MINARI_DATASETS_PATH``) set to ``path`` for the block."""
    if path is None:
        yield
        return
    before = os.environ.get("MINARI_DATASETS_PATH")
    os.environ["MINARI_DATASETS_PATH"] = str(path)
    try:
        yield
    finally:
        if before is None:
            del os.environ["MINARI_DATASETS_PATH"]
        else:
            os.environ["MINARI_DATASETS_PATH"] = before


def write_minari(
    spec: RLGame, dataset_id: str, episodes: Sequence[SeatEpisode], description: str, path: Path | None = None
) -> Any:
    """Write ``episodes`` as the Minari dataset ``dataset_id`` (``namespace/name-vN``) and return it."""
    import warnings

    import gymnasium as gym
    import minari
    from minari.data_collector import EpisodeBuffer

    if not episodes:
        raise IllegalAction("no episode to write")
    buffers = [_buffer(EpisodeBuffer, i, e) for i, e in enumerate(episodes)]
    with _datasets_path(path), warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # no environment spec: the game has its own env ids
        return minari.create_dataset_from_buffers(
            dataset_id,
            buffers,
            algorithm_name="recorded games (tabletop.rl.dataset)",
            author="wallenstein-table",
            action_space=gym.spaces.Discrete(spec.catalogue.size),
            observation_space=gym.spaces.Box(0.0, 1.0, (spec.obs_size,), np.float32),
            description=f"{spec.name}: {description}",
            data_format="hdf5",
        )


def _buffer(kind: Any, index: int, e: SeatEpisode) -> Any:
    n = len(e.actions)
    return kind(
        id=index,
        seed=e.seed,
        observations=np.stack(e.observations).astype(np.float32),
        actions=np.asarray(e.actions, dtype=np.int64),
        rewards=[0.0] * (n - 1) + [e.reward],
        terminations=[False] * (n - 1) + [True],
        truncations=[False] * n,
        infos={"action_mask": np.stack(e.masks), "seat": np.full(n + 1, e.seat, dtype=np.int64)},
    )


def load(dataset_id: str, path: Path | None = None) -> Any:
    """A written dataset, read back with Minari."""
    import minari

    with _datasets_path(path):
        return minari.load_dataset(dataset_id)


__all__ = ["SeatEpisode", "game_episodes", "load", "row_episodes", "write_minari"]
