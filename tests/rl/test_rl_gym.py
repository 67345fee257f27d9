"""Gymnasium single-agent environments: checkers, opponents, seeds, vector environments (issue 16)."""

from __future__ import annotations

from typing import SupportsFloat

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

from league_of_six import rl as los_rl
from tabletop.agents import RandomAgent
from tabletop.errors import IllegalAction
from wallenstein import rl as w_rl

GAMES = {"wallenstein": w_rl, "league_of_six": los_rl}


def _play(env: gym.Env, seed: int, pick: int = 0) -> tuple[list[int], float]:
    """Play one episode taking the ``pick``-th legal index; returns the indices and the reward."""
    obs, _ = env.reset(seed=seed)
    taken: list[int] = []
    done = False
    reward: SupportsFloat = 0.0
    while not done:
        legal = np.flatnonzero(env.action_masks())  # type: ignore[attr-defined]
        a = int(legal[pick % len(legal)])
        taken.append(a)
        obs, reward, done, _trunc, _info = env.step(a)
        assert env.observation_space.contains(obs)
    return taken, float(reward)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_gymnasium_and_sb3_checkers(game: str) -> None:
    rl = GAMES[game]
    check_env(rl.GymEnv(players=4), skip_render_check=True)
    sb3_check_env(rl.GymEnv(players=3, learner_seat=None, opponents="heuristic"), warn=False)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seeded_episode_replays_exactly_with_seeded_opponents(game: str) -> None:
    rl = GAMES[game]
    opponents = {1: "heuristic", 2: "random", 3: RandomAgent()}
    first = _play(rl.GymEnv(players=4, learner_seat=0, opponents=opponents), seed=9, pick=1)
    again = _play(rl.GymEnv(players=4, learner_seat=0, opponents=opponents), seed=9, pick=1)
    other = _play(rl.GymEnv(players=4, learner_seat=0, opponents=opponents), seed=10, pick=1)
    assert first == again
    assert first != other


def test_opponents_play_until_the_learner_decides_and_the_game_is_the_engines() -> None:
    env = w_rl.GymEnv(players=3, learner_seat=2, opponents="heuristic")
    env.reset(seed=4)
    steps = 0
    while not env.game.over:
        assert min(env.game.pending()) == 2
        env.step(int(np.flatnonzero(env.action_masks())[0]))
        steps += 1
    assert steps > 30
    assert isinstance(env.action_space, gym.spaces.Discrete)
    assert env.action_masks().tolist() == [True] + [False] * (int(env.action_space.n) - 1)
    with pytest.raises(IllegalAction):
        env.step(0)
    with pytest.raises(IllegalAction):
        w_rl.GymEnv(players=4, learner_seat=4)
    with pytest.raises(IllegalAction):
        w_rl.GymEnv(opponents={1: "oracle"})


def test_async_vector_env_runs_and_is_reproducible() -> None:
    def make() -> gym.Env:
        return los_rl.GymEnv(players=3, learner_seat=None)

    def run() -> list[list[float]]:
        venv = gym.vector.AsyncVectorEnv([make, make])
        try:
            obs, _ = venv.reset(seed=[1, 2])
            seen = [obs.sum(axis=1).tolist()]
            for _ in range(40):
                masks = np.stack(venv.call("action_masks"))
                acts = np.array([int(np.flatnonzero(m)[-1]) for m in masks])
                obs, _r, _t, _tr, _i = venv.step(acts)
                seen.append(obs.sum(axis=1).tolist())
            return seen
        finally:
            venv.close()

    assert run() == run()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_shaped_rewards_add_up_to_the_vp_margin_and_the_win_share(game: str) -> None:
    """reward="shaped" pays the projected margin's change every step; an episode's rewards add up to
    SHAPING_WEIGHT x the "vp" reward, minus the start's margin, plus the win share (and only those)."""
    from tabletop.rl.spec import SHAPING_WEIGHT, final_rewards, margin_potential

    rl = GAMES[game]
    env = rl.GymEnv(players=4, learner_seat=1, reward="shaped")
    env.reset(seed=5)
    start = margin_potential(rl.SPEC, env.game, 1)
    rng = np.random.default_rng(5)
    total, paid, done = 0.0, 0, False
    while not done:
        _obs, reward, done, _trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
        paid += reward != 0.0
    vp = final_rewards(rl.SPEC, env.game, "vp")[1]
    won = final_rewards(rl.SPEC, env.game, "win")[1]
    assert total == pytest.approx(SHAPING_WEIGHT * vp - start + won)
    assert paid > 2  # paid along the game, not only at its end
    assert info["won"] == (won > 0)
    with pytest.raises(IllegalAction, match="reward"):
        rl.env(players=4, reward="shaped")  # the PettingZoo envs reward at the end only
