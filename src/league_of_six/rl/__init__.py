"""League of Six for reinforcement learning: PettingZoo, Gymnasium and OpenSpiel (``league_of_six_v2``).

    from league_of_six import rl
    env = rl.env(players=4)                     # PettingZoo AEC (components=, sides=, reward=)
    par = rl.parallel_env(players=4)            # PettingZoo Parallel
    gym_env = rl.GymEnv(players=4, learner_seat=0, opponents="heuristic")
    name = rl.register_openspiel()              # "league_of_six" (alias python_league_of_six_v2)

Actions and observations: :mod:`league_of_six.rl.encoding`; the guide: docs/research/rl.md. Rewards of kind
"vp" compare influence.
"""

from __future__ import annotations

from league_of_six.game import new_game
from league_of_six.rl.encoding import CATALOGUE, OBS_SIZE, VERSION, encode
from league_of_six.rl.fast_encoding import encode_game, make_encoder
from tabletop.rl.api import api
from tabletop.rl.spec import RLGame

SPEC = RLGame(
    name=VERSION,
    catalogue=CATALOGUE,
    obs_size=OBS_SIZE,
    encode=encode,
    start=new_game,
    options=("components", "sides"),
    bots="league_of_six.bots",
    title="League of Six",
    shown=("influence", "town", "horses"),
    score_key="influence",
    vp_scale=50.0,
    fast_encode=encode_game,
    make_encoder=make_encoder,
)

env, parallel_env, GymEnv, register_openspiel = api(SPEC, "League of Six", max_game_length=2000)

__all__ = ["SPEC", "GymEnv", "encode", "encode_game", "env", "parallel_env", "register_openspiel"]
