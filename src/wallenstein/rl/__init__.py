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

from tabletop.errors import IllegalAction
from tabletop.rl.api import api
from tabletop.rl.render import ansi
from tabletop.rl.spec import RLGame
from wallenstein.game import Game, new_game
from wallenstein.rl.encoding import CATALOGUE, OBS_SIZE, VERSION, encode

OPTIONS = ("edition", "modules", "setup", "tower", "printed")


def _new_game(players: int, seed: int, options: Mapping[str, Any]) -> Game:
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise IllegalAction(f"unknown option(s) {sorted(unknown)}; options are {list(OPTIONS)}")
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

env, parallel_env, GymEnv, register_openspiel = api(SPEC, "Wallenstein", max_game_length=5000)

__all__ = ["SPEC", "GymEnv", "encode", "env", "parallel_env", "register_openspiel"]
