"""Any game of the table as an OpenSpiel Python game (``pyspiel.register_game``).

Sequential dynamics: the player to move is the lowest pending seat (simultaneous secret planning
is played in turn, as in the PettingZoo AEC env). Imperfect information; chance is *sampled
stochastic*: the engine draws it inside ``apply_action`` from the game's seed (parameter ``seed``),
so states have no chance nodes. Terminal rewards are the win share (1/len(winners) to each winner,
constant sum 1). Actions are the game's catalogue indices (the no-op, index 0, is never legal).

* information state string: ``observe(player)`` as canonical JSON, plus the number of decisions
  the player took (so the string changes with every decision of that player);
* observation string: the same JSON; observation tensor: the game's encoder (``obs_size`` floats);
* ``resample_from_infostate(player, sampler)``: a state with the same information state and the
  hidden parts redrawn by the engine's ``resample(seat, seed)`` (the bots' determinization), the
  seed taken from ``sampler()``; OpenSpiel's ISMCTS bot uses it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from tabletop.rl.spec import RLGame, RLPlayable

_REGISTERED: dict[str, type] = {}


class _Engine:
    """Holds a state's engine game: pyspiel clones a Python state by deep-copying its attributes,
    and a deep copy of a game (shared history chains, tables) is far slower than ``game.clone()``."""

    __slots__ = ("game",)

    def __init__(self, game: RLPlayable) -> None:
        self.game = game

    def __deepcopy__(self, memo: Any) -> _Engine:
        return _Engine(self.game.clone())


def register(spec: RLGame, title: str, max_game_length: int) -> str:
    """Register ``python_<spec.name>`` (once per process) and return that name."""
    short = f"python_{spec.name}"
    if short in _REGISTERED:
        return short
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"Python {title} ({spec.name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=3,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 4, "seed": 0},
    )

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = {"players": 4, "seed": 0, **(params or {})}
            self.players = int(params["players"])
            self.seed = int(params["seed"])
            info = pyspiel.GameInfo(
                num_distinct_actions=spec.catalogue.size,
                max_chance_outcomes=0,
                num_players=self.players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=max_game_length,
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self) -> State:
            return State(self, spec.new_game(self.players, self.seed, {}))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            return Observer(iig_obs_type)

    class State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Game, engine: RLPlayable, decisions: list[int] | None = None) -> None:
            super().__init__(game)
            self._held = _Engine(engine)
            self.decisions = decisions or [0] * engine.players  # decisions taken per seat

        @property
        def engine(self) -> RLPlayable:
            return self._held.game

        def current_player(self) -> int:
            g = self.engine
            if g.over:
                return int(pyspiel.PlayerId.TERMINAL)
            return min(g.pending())

        def _legal_actions(self, player: int) -> list[int]:
            g = self.engine
            if g.over or player not in g.pending():
                return []
            return sorted(spec.catalogue.indices(g.legal_actions(player)))

        def _apply_action(self, action: int) -> None:
            seat = self.current_player()
            self.engine.apply(seat, spec.catalogue.actions[action])
            self.decisions[seat] += 1

        def _action_to_string(self, player: int, action: int) -> str:
            a = spec.catalogue.actions[action]
            return "noop" if a is None else str(a)

        def is_terminal(self) -> bool:
            return bool(self.engine.over)

        def returns(self) -> list[float]:
            g = self.engine
            if not g.over:
                return [0.0] * g.players
            winners = g.result()["winners"]
            return [1.0 / len(winners) if p in winners else 0.0 for p in range(g.players)]

        def information_state_string(self, player: int | None = None) -> str:
            p = self.current_player() if player is None else player
            return f"{self.decisions[p]}|{self.observation_string(p)}"

        def observation_string(self, player: int | None = None) -> str:
            p = self.current_player() if player is None else player
            return json.dumps(self.engine.observe(p), sort_keys=True, separators=(",", ":"))

        def resample_from_infostate(self, player: int, probability_sampler: Any) -> State:
            try:
                u = float(probability_sampler())
            except TypeError:
                u = random.random()
            seed = int(u * 2**31)
            return State(self.get_game(), self.engine.resample(player, seed), self.decisions[:])

        def __str__(self) -> str:
            return spec.render(self.engine)

    class Observer:
        """Observation tensor (the game's encoder) and string (the observation JSON)."""

        def __init__(self, iig_obs_type: Any) -> None:
            self.tensor = np.zeros(spec.obs_size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: State, player: int) -> None:
            self.tensor[:] = spec.encode_seat(state.engine, player)

        def string_from(self, state: State, player: int) -> str:
            return state.observation_string(player)

    Game.__name__ = State.__name__ = f"{title.replace(' ', '')}OpenSpiel"
    pyspiel.register_game(game_type, Game)
    _REGISTERED[short] = Game
    return short


__all__ = ["register"]
