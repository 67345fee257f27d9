"""gymnasium.make ids, Gymnasium's vector envs through them, and render_mode="rgb_array"."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

from league_of_six import rl as los_rl
from tabletop.errors import IllegalAction
from wallenstein import rl as w_rl

IDS = {"wallenstein/Wallenstein-v2": w_rl, "league_of_six/LeagueOfSix-v2": los_rl}


def legal(mask: Any) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("env_id", sorted(IDS))
def test_gymnasium_make_plays_the_game(env_id: str) -> None:
    env = gymnasium.make(env_id, players=3, learner_seat=1, opponents="random")  # with Gymnasium's checker
    assert env.spec is not None and env.spec.entry_point.endswith(".rl:GymEnv")
    assert isinstance(env.unwrapped, IDS[env_id].GymEnv)
    obs, info = env.reset(seed=4)
    assert obs.shape == (IDS[env_id].SPEC.obs_size,) and info["seat"] == 1
    first = obs.copy()
    for _ in range(20):
        obs, _, done, truncated, info = env.step(legal(env.unwrapped.action_masks()))
        assert not truncated
        if done:
            break
    assert np.array_equal(env.reset(seed=4)[0], first)  # seeded


@pytest.mark.parametrize("env_id", sorted(IDS))
def test_gymnasium_make_vec_steps_four_envs(env_id: str) -> None:
    vec = gymnasium.make_vec(env_id, num_envs=4, vectorization_mode="sync", players=4)
    obs, _ = vec.reset(seed=0)
    assert obs.shape == (4, IDS[env_id].SPEC.obs_size)
    assert not all(np.array_equal(obs[0], o) for o in obs[1:])  # four games, seeds 0-3
    for _ in range(10):
        masks = vec.call("action_masks")
        obs, rewards, *_ = vec.step(np.array([legal(m) for m in masks]))
        assert obs.shape == (4, IDS[env_id].SPEC.obs_size) and rewards.shape == (4,)
    vec.close()


def test_gymnasium_make_vec_in_processes() -> None:
    """Async: each process builds its env from the id's entry point (a module path)."""
    vec = gymnasium.make_vec("league_of_six/LeagueOfSix-v2", num_envs=2, vectorization_mode="async", players=3)
    try:
        obs, _ = vec.reset(seed=1)
        masks = vec.call("action_masks")
        obs, *_ = vec.step(np.array([legal(m) for m in masks]))
        assert obs.shape == (2, los_rl.SPEC.obs_size)
    finally:
        vec.close()


@pytest.mark.parametrize("module", [w_rl, los_rl], ids=["wallenstein", "league_of_six"])
def test_rgb_array_render_is_an_image_of_the_board(module: Any) -> None:
    aec = module.env(players=5, render_mode="rgb_array")
    aec.reset(seed=2)
    image = aec.render()
    assert image.ndim == 3 and image.shape[2] == 3 and image.dtype == np.uint8
    assert image.shape[0] >= 400 and image.shape[1] >= 400
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 5  # a picture, not a blank
    par = module.parallel_env(players=3, render_mode="rgb_array")
    par.reset(seed=2)
    assert par.render().shape == image.shape  # one size per game
    gym_env = module.GymEnv(players=4, render_mode="rgb_array")
    gym_env.reset(seed=2)
    assert gym_env.render().shape == image.shape
    assert "rgb_array" in aec.metadata["render_modes"] and "rgb_array" in module.GymEnv.metadata["render_modes"]
    with pytest.raises(IllegalAction, match="render_mode must be None or one of"):
        module.env(players=3, render_mode="human")
