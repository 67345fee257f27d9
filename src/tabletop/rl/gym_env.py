"""A Gymnasium single-agent environment: one learning seat, the others played by opponents.

``TableGymEnv(spec, players=4, learner_seat=0, opponents=None, reward="win", **options)``:
observations are the learner's encoded ``observe(seat)`` (``Box(0, 1, (obs_size,), float32)``),
actions the catalogue (``Discrete``), ``action_masks()`` the learner's legal indices (for
sb3-contrib's MaskablePPO). Opponents play every decision until the learner must decide or the
game ends; the reward comes at the end (``reward="win"``: win share, ``"vp"``: VP difference), or
with ``reward="shaped"`` at every step: the change of the learner's projected VP margin
(:func:`~tabletop.rl.spec.margin_potential`, public information; the steps add up to the "vp"
reward) plus the win share at the end.

``opponents`` maps seats to a bot kind of the game's registry (``"random"``, ``"heuristic"``,
...), an :class:`~tabletop.agents.Agent`, or a policy with SB3's ``predict`` (wrapped in a
:class:`~tabletop.rl.policy.PolicyAgent`); a single value serves every other seat; default
``"random"``. ``learner_seat=None`` draws the learner's seat at each reset. ``reset(seed)`` seeds
the game and every opponent (``derive_seed(game seed, seat)``), so a seeded episode replays exactly.
An index outside the mask plays the learner's first legal action (``info["illegal_action"]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from tabletop.agents import Agent, derive_seed
from tabletop.errors import IllegalAction
from tabletop.rl.pettingzoo_env import PLAYERS, play_index
from tabletop.rl.policy import Policy, PolicyAgent
from tabletop.rl.render_image import RENDER_MODES, Image, rgb_array
from tabletop.rl.spec import GYM_REWARDS, RLGame, RLPlayable, Vector, check_reward, final_rewards, margin_potential

Opponent = str | Agent | Any


class TableGymEnv(gym.Env[Vector, int]):
    """The environment of the game ``SPEC`` (each game's ``GymEnv`` is a subclass that sets it)."""

    SPEC: RLGame
    # gymnasium.make reads the class's render modes
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        players: int = 4,
        learner_seat: int | None = 0,
        opponents: Opponent | Mapping[int, Opponent] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        spec = self.SPEC
        if players not in PLAYERS:
            raise IllegalAction(f"players must be 3, 4 or 5, not {players!r}")
        if learner_seat is not None and learner_seat not in range(players):
            raise IllegalAction(f"learner_seat must be a seat 0..{players - 1} or None, not {learner_seat!r}")
        if render_mode not in (None, *RENDER_MODES):
            raise IllegalAction(f"render_mode must be None or one of {list(RENDER_MODES)}, not {render_mode!r}")
        self.rlgame = spec
        self.players = players
        self.fixed_seat = learner_seat
        self.reward_kind = check_reward(reward, GYM_REWARDS)
        self._potential = 0.0
        self.options = options
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (spec.obs_size,), np.float32)
        self.action_space = spaces.Discrete(spec.catalogue.size)  # type: ignore[assignment]
        self.game: RLPlayable = spec.new_game(players, 0, options)  # bad options fail here
        self._encode = spec.encoder()
        self.learner = learner_seat if learner_seat is not None else 0
        self.set_opponents(opponents)
        self._opponents = self._next_opponents

    # ------------------------------------------------------------------ opponents
    def set_opponents(self, opponents: Opponent | Mapping[int, Opponent] | None) -> None:
        """Change the opponents (from the next reset); see the module's doc for what they may be."""
        if opponents is None:
            opponents = "random"
        table = dict(opponents) if isinstance(opponents, Mapping) else {p: opponents for p in range(self.players)}
        self._next_opponents = {p: self._agent(table.get(p, "random")) for p in range(self.players)}

    def _agent(self, who: Opponent) -> Agent:
        if isinstance(who, str):
            return self.rlgame.make_bot(who, 0)
        if hasattr(who, "predict"):
            return PolicyAgent(self.rlgame, cast(Policy, who))
        if hasattr(who, "act") and hasattr(who, "reset"):
            return cast(Agent, who)
        raise IllegalAction(f"an opponent is a bot kind, an Agent or a policy with predict(), not {who!r}")

    # ------------------------------------------------------------------ gymnasium API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31)) if seed is None else int(seed)
        if self.fixed_seat is None:
            self.learner = int(self.np_random.integers(self.players))
        self.game = self.rlgame.new_game(self.players, game_seed, self.options)
        self._opponents = self._next_opponents
        for p, agent in self._opponents.items():
            if p != self.learner:
                agent.reset(p, derive_seed(game_seed, p))
        self._advance()
        if self.reward_kind == "shaped":
            self._potential = margin_potential(self.rlgame, self.game, self.learner)
        return self._obs(), {"seat": self.learner, "seed": game_seed}

    def step(self, action: int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        g = self.game
        if g.over:
            raise IllegalAction("the episode is over: call reset()")
        info: dict[str, Any] = {}
        if not play_index(self.rlgame, g, self.learner, action):
            info["illegal_action"] = True
        self._advance()
        reward = 0.0
        done = self.game.over  # (a fresh read: the opponents' decisions may have ended it)
        if self.reward_kind == "shaped":
            before, self._potential = self._potential, margin_potential(self.rlgame, g, self.learner)
            reward = self._potential - before
            if done:
                reward += final_rewards(self.rlgame, g, "win")[self.learner]
        elif done:
            reward = final_rewards(self.rlgame, g, self.reward_kind)[self.learner]
        if done:
            info["winners"] = g.result()["winners"]
            info["won"] = self.learner in info["winners"]
        return self._obs(), reward, done, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        g = self.game
        if g.over:
            return self.rlgame.catalogue.noop_mask.astype(bool)
        return self.rlgame.catalogue.mask(g.legal_actions(self.learner)).astype(bool)

    def render(self) -> str | Image | None:
        if self.render_mode == "rgb_array":
            return rgb_array(self.game)
        return self.rlgame.render(self.game) if self.render_mode == "ansi" else None

    # ------------------------------------------------------------------ internals
    def _advance(self) -> None:
        """Let the opponents decide until the learner must (pending seats in ascending order)."""
        g = self.game
        me = self.learner
        while not g.over:
            seat = min(g.pending())
            if seat == me:
                return
            agent = self._opponents[seat]
            legal = list(g.legal_actions(seat))
            seen = g.observe(seat) if getattr(agent, "needs_observation", True) else {}
            g.apply(seat, agent.act(seen, legal))

    def _obs(self) -> Vector:
        return self._encode(self.game, self.learner)


__all__ = ["TableGymEnv"]
