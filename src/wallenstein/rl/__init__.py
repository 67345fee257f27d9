"""Wallenstein for reinforcement learning: PettingZoo, Gymnasium and OpenSpiel (``wallenstein_v0``).

    from wallenstein import rl
    env = rl.env(players=4)                     # PettingZoo AEC (edition=, modules=, setup=, reward=)
    par = rl.parallel_env(players=4)            # PettingZoo Parallel
    gym_env = rl.GymEnv(players=4, learner_seat=0, opponents={1: "heuristic"})  # default: random
    name = rl.register_openspiel()              # "python_wallenstein_v0" for pyspiel.load_game

Actions and observations: :mod:`wallenstein.rl.encoding`; the shared machinery: :mod:`tabletop.rl`;
the guide: docs/rl.md. Needs the ``[rl]`` extra.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.rl.gym_env import Opponent, TableGymEnv
from tabletop.rl.pettingzoo_env import TableAEC, TableParallel
from tabletop.rl.render import ansi
from tabletop.rl.spec import RLGame
from wallenstein.game import Game, new_game
from wallenstein.rl.encoding import CATALOGUE, OBS_SIZE, VERSION, encode

_OPTIONS = ("edition", "modules", "setup", "tower", "printed")


def _new_game(players: int, seed: int, options: Mapping[str, Any]) -> Game:
    from tabletop.errors import IllegalAction

    unknown = set(options) - set(_OPTIONS)
    if unknown:
        raise IllegalAction(f"unknown option(s) {sorted(unknown)}; options are {list(_OPTIONS)}")
    return new_game(players=players, seed=seed, log=False, **options)


def _make_bot(kind: str, seed: int) -> Any:
    from wallenstein.bots import make_agent

    return make_agent(kind, seed)


SPEC = RLGame(
    name=VERSION,
    catalogue=CATALOGUE,
    obs_size=OBS_SIZE,
    new_game=_new_game,
    encode=encode,
    make_bot=_make_bot,
    render=lambda g: ansi(g, "Wallenstein", ("vp", "thalers", "grain", "counties")),
    score_key="vp",
    vp_scale=100.0,
)


def env(players: int = 4, render_mode: str | None = None, reward: str = "win", **options: Any) -> TableAEC:
    """A PettingZoo AEC environment (options as ``wallenstein.new_game``: edition, modules, setup, ...)."""
    return TableAEC(SPEC, players, render_mode, reward, **options)


def parallel_env(players: int = 4, render_mode: str | None = None, reward: str = "win", **options: Any) -> TableParallel:
    """A native PettingZoo Parallel environment."""
    return TableParallel(SPEC, players, render_mode, reward, **options)


class GymEnv(TableGymEnv):
    """A Gymnasium single-agent environment (see :class:`tabletop.rl.gym_env.TableGymEnv`)."""

    def __init__(
        self,
        players: int = 4,
        learner_seat: int | None = 0,
        opponents: Opponent | Mapping[int, Opponent] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__(SPEC, players, learner_seat, opponents, reward, render_mode, **options)


def register_openspiel() -> str:
    """Register ``python_wallenstein_v0`` with OpenSpiel (once) and return its name."""
    from tabletop.rl.openspiel_game import register

    return register(SPEC, "Wallenstein", max_game_length=5000)


__all__ = ["SPEC", "GymEnv", "encode", "env", "parallel_env", "register_openspiel"]
