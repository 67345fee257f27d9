"""Wallenstein for reinforcement learning: PettingZoo, Gymnasium and OpenSpiel (``wallenstein_v2``).

    from wallenstein import rl
    env = rl.env(players=4)                     # PettingZoo AEC (edition=, modules=, setup=, reward=)
    par = rl.parallel_env(players=4)            # PettingZoo Parallel
    gym_env = rl.GymEnv(players=4, learner_seat=0, opponents={1: "heuristic"})  # default: random
    name = rl.register_openspiel()              # "wallenstein" (alias python_wallenstein_v2) for pyspiel.load_game

Actions and observations: :mod:`wallenstein.rl.encoding`; the shared machinery: :mod:`tabletop.rl`;
the guide: docs/research/rl.md. Needs the ``[rl]`` extra.
"""

from __future__ import annotations

from tabletop.rl.api import api
from tabletop.rl.spec import RLGame
from wallenstein.bots.search import projected_scores
from wallenstein.game import new_game
from wallenstein.rl.encoding import CATALOGUE, OBS_SIZE, VERSION, encode
from wallenstein.rl.fast_encoding import Encoder, encode_game
from wallenstein.rl.steps import catalogue_steps

SPEC = RLGame(
    name=VERSION,
    catalogue=CATALOGUE,
    obs_size=OBS_SIZE,
    encode=encode,
    start=new_game,
    options=("edition", "modules", "setup", "tower", "printed"),
    bots="wallenstein.bots",
    title="Wallenstein",
    shown=("vp", "thalers", "grain", "counties"),
    score_key="vp",
    vp_scale=100.0,
    fast_encode=encode_game,
    projected=projected_scores,
    make_encoder=Encoder,
    steps=catalogue_steps,
)

env, parallel_env, GymEnv, register_openspiel = api(SPEC, "Wallenstein", max_game_length=5000)

__all__ = ["SPEC", "GymEnv", "encode", "encode_game", "env", "parallel_env", "register_openspiel"]
