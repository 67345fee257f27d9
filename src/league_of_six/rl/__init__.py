"""League of Six for reinforcement learning: PettingZoo, Gymnasium and OpenSpiel (``league_of_six_v0``).

    from league_of_six import rl
    env = rl.env(players=4)                     # PettingZoo AEC (components=, sides=, reward=)
    par = rl.parallel_env(players=4)            # PettingZoo Parallel
    gym_env = rl.GymEnv(players=4, learner_seat=0, opponents="heuristic")
    name = rl.register_openspiel()              # "python_league_of_six_v0"

Actions and observations: :mod:`league_of_six.rl.encoding`; the guide: docs/rl.md. Rewards of kind
"vp" compare influence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league_of_six.game import Game, new_game
from league_of_six.rl.encoding import CATALOGUE, OBS_SIZE, VERSION, encode
from tabletop.errors import IllegalAction
from tabletop.rl.api import api
from tabletop.rl.render import ansi
from tabletop.rl.spec import RLGame

OPTIONS = ("components", "sides")


def _new_game(players: int, seed: int, options: Mapping[str, Any]) -> Game:
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise IllegalAction(f"unknown option(s) {sorted(unknown)}; options are {list(OPTIONS)}")
    return new_game(players=players, seed=seed, log=False, **options)


def _make_bot(kind: str, seed: int) -> Any:
    from league_of_six.bots import make_agent

    return make_agent(kind, seed)


SPEC = RLGame(
    name=VERSION,
    catalogue=CATALOGUE,
    obs_size=OBS_SIZE,
    new_game=_new_game,
    encode=encode,
    make_bot=_make_bot,
    render=lambda g: ansi(g, "League of Six", ("influence", "town", "horses")),
    score_key="influence",
    vp_scale=50.0,
)

env, parallel_env, GymEnv, register_openspiel = api(SPEC, "League of Six", max_game_length=2000)

__all__ = ["SPEC", "GymEnv", "encode", "env", "parallel_env", "register_openspiel"]
