"""PettingZoo environments for any game of the table: AEC (turn by turn) and native Parallel.

Agents are ``player_0 .. player_{P-1}`` (seat numbers). Every seat has the same spaces, cached per
environment (the same objects every call) and equal for every player count::

    observation_space(agent) = Dict(observation=Box(0, 1, (obs_size,), float32),
                                    action_mask=Box(0, 1, (catalogue.size,), int8))
    action_space(agent)      = Discrete(catalogue.size)

**AEC.** ``agent_selection`` is the lowest pending seat, so simultaneous secret decisions
(Wallenstein's planning) are taken in turn, each seat seeing only ``observe(seat)``.

**Parallel.** Every pending seat acts in the same step, in ascending seat order (as the table's
runner does); a seat with nothing to decide has the no-op (index 0) as its only legal action.

**Illegal samples** (an index outside the seat's mask, e.g. an unmasked ``action_space.sample()``)
never raise: a pending seat then plays the first of its legal actions in the engine's canonical
order, and its ``info["illegal_action"]`` is true for that step; for a seat with nothing to decide
any index is the no-op. Rewards are 0 until the game ends, then :func:`~tabletop.rl.spec.final_rewards`
(``reward="win"`` or ``"vp"``); every agent terminates together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from tabletop.errors import IllegalAction
from tabletop.rl.catalogue import NOOP
from tabletop.rl.render_image import RENDER_MODES, Image, rgb_array
from tabletop.rl.spec import RLGame, RLPlayable, check_reward, final_rewards

PLAYERS = (3, 4, 5)


def make_spaces(spec: RLGame) -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation and action spaces of ``spec`` (one pair per environment, shared by its seats)."""
    n = spec.catalogue.size
    obs = spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (spec.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        }
    )
    return obs, spaces.Discrete(n)


def play_index(spec: RLGame, game: RLPlayable, seat: int, index: Any) -> bool:
    """Apply catalogue ``index`` for pending ``seat``; an index outside its mask plays the seat's first
    legal action instead. Returns whether the index was legal.

    The engine itself checks the decision (``apply`` raises IllegalAction and changes nothing for
    one that is not legal now), so no mask is built here."""
    actions = spec.catalogue.actions
    i = index if type(index) is int else _as_index(index)
    if 0 < i < len(actions):
        try:
            game.apply(seat, actions[i])
            return True
        except IllegalAction:
            pass
    game.apply(seat, game.legal_actions(seat)[0])
    return False


def _as_index(index: Any) -> int:
    try:
        return int(index)
    except (TypeError, ValueError):
        return -1


class _Table:
    """What both PettingZoo environments share: options, the game, observations and rewards."""

    def __init__(self, spec: RLGame, players: int, render_mode: str | None, reward: str, options: dict[str, Any]):
        if players not in PLAYERS:
            raise IllegalAction(f"players must be 3, 4 or 5, not {players!r}")
        if render_mode not in (None, *RENDER_MODES):
            raise IllegalAction(f"render_mode must be None or one of {list(RENDER_MODES)}, not {render_mode!r}")
        self.rlgame = spec
        self.players = players
        self.reward_kind = check_reward(reward)
        self.options = options
        self.render_mode = render_mode
        self.game: RLPlayable = spec.new_game(players, 0, options)  # bad options fail here
        self._obs_space, self._act_space = make_spaces(spec)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._seat_of = {a: p for p, a in enumerate(self.possible_agents)}
        self._cache: dict[int, dict[str, Any]] = {}
        self._encode = spec.encoder()
        self._actions = spec.catalogue.actions
        self._mask = spec.catalogue.masker or spec.catalogue.mask  # (the compiled one, called straight)
        self._noop_mask = spec.catalogue.noop_mask

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def _new_game(self, seed: int | None) -> None:
        if seed is None:
            seed = int(np.random.default_rng().integers(2**31))
        self.game = self.rlgame.new_game(self.players, int(seed), self.options)
        self._cache = {}

    def observe_seat(self, seat: int) -> dict[str, Any]:
        """``{"observation", "action_mask"}`` of ``seat`` now (cached until the next decision)."""
        hit = self._cache.get(seat)
        if hit is not None:
            return hit
        g = self.game
        mask = self._noop_mask if g.over else self._mask(g.legal_actions(seat))
        out = self._cache[seat] = {"observation": self._encode(g, seat), "action_mask": mask}
        return out

    def _rewards(self) -> list[float]:
        return final_rewards(self.rlgame, self.game, self.reward_kind)

    def _render(self) -> str | Image | None:
        if self.render_mode == "rgb_array":
            return rgb_array(self.game)
        if self.render_mode is None:
            return None
        return self.rlgame.render(self.game)


class TableAEC(_Table, AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A game of the table as a PettingZoo AEC environment (see the module's doc)."""

    def __init__(
        self, spec: RLGame, players: int = 4, render_mode: str | None = None, reward: str = "win", **options: Any
    ) -> None:
        AECEnv.__init__(self)
        _Table.__init__(self, spec, players, render_mode, reward, options)
        self.metadata = {"render_modes": list(RENDER_MODES), "name": spec.name, "is_parallelizable": True}
        self.reset()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        pending = self.game.pending()
        self.agent_selection = self.possible_agents[min(pending)] if pending else self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.observe_seat(self._seat_of[agent])

    def last(self, observe: bool = True) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """AECEnv.last, with the observation cache looked up here: a learning agent calls it every
        step, so each call saved counts against the engine's decision (see docs/rl.md "Speed")."""
        agent = self.agent_selection
        obs = None
        if observe:
            seat = self._seat_of[agent]
            obs = self._cache.get(seat)
            if obs is None:
                obs = self.observe_seat(seat)
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def action_mask(self, agent: str) -> Any:
        """Just the agent's int8 action mask (no observation vector): for policies that need only it."""
        g = self.game
        cat = self.rlgame.catalogue
        return cat.noop_mask if g.over else cat.mask(g.legal_actions(self._seat_of[agent]))

    def legal_indices(self, agent: str) -> list[int]:
        """The agent's legal catalogue indices (what its mask marks), without scanning the mask."""
        g = self.game
        seat = self._seat_of[agent]
        if g.over or seat not in g.pending():
            return [NOOP]
        return self.rlgame.catalogue.indices(g.legal_actions(seat))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        g = self.game
        seat = self._seat_of[agent]
        # play_index, inlined (the hot path): an int index of the catalogue, applied by the engine
        actions = self._actions
        if type(action) is int and 0 < action < len(actions):
            try:
                g.apply(seat, actions[action])
                ok = True
            except IllegalAction:  # nothing changed: the seat's first legal action instead, as play_index
                g.apply(seat, g.legal_actions(seat)[0])
                ok = False
        else:
            ok = play_index(self.rlgame, g, seat, action)
        if self._cache:
            self._cache = {}
        if not ok:
            self.infos[agent] = {"illegal_action": True}
        elif self.infos[agent]:
            self.infos[agent] = {}
        pending = g.pending()
        self.agent_selection = self.possible_agents[min(pending)] if pending else self.agents[0]
        if g.over:  # (rewards are 0 before: nothing else to accumulate)
            for a, r in zip(self.possible_agents, self._rewards(), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()

    def render(self) -> str | Image | None:
        return self._render()

    def close(self) -> None:
        pass


class TableParallel(_Table, ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A game of the table as a native PettingZoo Parallel environment (see the module's doc)."""

    def __init__(
        self, spec: RLGame, players: int = 4, render_mode: str | None = None, reward: str = "win", **options: Any
    ) -> None:
        _Table.__init__(self, spec, players, render_mode, reward, options)
        self.metadata = {"render_modes": list(RENDER_MODES), "name": spec.name}
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return {a: self.observe_seat(p) for p, a in enumerate(self.agents)}, {a: {} for a in self.agents}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, dict[str, Any]], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:
        g = self.game
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for seat in sorted(g.pending()):
            if g.over or seat not in g.pending():
                continue  # an earlier decision of this step settled it
            agent = self.possible_agents[seat]
            if not play_index(self.rlgame, g, seat, actions.get(agent, NOOP)):
                infos[agent]["illegal_action"] = True
        self._cache = {}
        over = g.over
        rewards = dict(zip(self.agents, self._rewards(), strict=True)) if over else {a: 0.0 for a in self.agents}
        obs = {a: self.observe_seat(self._seat_of[a]) for a in self.agents}
        terms = {a: over for a in self.agents}
        truncs = {a: False for a in self.agents}
        if over:
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self) -> str | Image | None:
        return self._render()

    def close(self) -> None:
        pass


__all__ = ["PLAYERS", "TableAEC", "TableParallel", "make_spaces", "play_index"]
