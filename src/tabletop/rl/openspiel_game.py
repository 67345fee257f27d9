"""Any game of the table as an OpenSpiel Python game (``pyspiel.register_game``).

Registered as ``wallenstein`` / ``league_of_six`` and, as aliases, ``python_`` and the environment's
version (``python_wallenstein_v2`` / ``python_league_of_six_v2``: the names before, with the version).
Every option is a game parameter (:mod:`tabletop.rl.openspiel_params`), checked by ``pyspiel.load_game``
(a ``SpielError`` with the engine's message). Sequential: the player to move is the lowest pending seat
(simultaneous secret planning is played in turn, as in the PettingZoo AEC env). Imperfect information.
Actions are the game's catalogue indices (the no-op, index 0, is never legal).

**Chance.** By default (``chance=sampled``, and ``seeded``) the engine samples chance inside
``apply_action`` from the parameter ``seed`` (outcome ``n`` from a stream of its own), so a loaded
game is a function of its decisions and its seed, which no seat sees. That is how the type declares
it: ``DETERMINISTIC`` chance mode (pyspiel 2.0.2 cannot serialize a Python game declared
``SAMPLED_STOCHASTIC``: it asks the game for a C++ RNG state a Python game cannot give), states
without chance nodes. Clones: see :mod:`tabletop.rl.openspiel_state` (``chance=sampled``: a clone's
future is fresh). With ``chance=explicit`` the type is ``EXPLICIT_STOCHASTIC``: every draw is a
chance node (:mod:`tabletop.rl.openspiel_chance`), ``max_chance_outcomes`` bounds the picks' values.

* information state string: the seat's perfect-recall trail (:mod:`tabletop.rl.infostate`); no
  information state tensor (a fixed-size perfect-recall tensor of a game of ~1,000 decisions is
  not offered; the observer for ``perfect_recall=True`` has no tensor);
* observation string: ``observe(player)`` as canonical JSON; observation tensor: the game's encoder;
* ``resample_from_infostate(player, sampler)``: the engine's ``resample(seat, seed)`` (the bots'
  determinization), the seed from ``sampler()``; OpenSpiel's ISMCTS bot uses it.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import numpy as np
import pyspiel

from tabletop.errors import IllegalAction
from tabletop.rl.openspiel_chance import MAX_OUTCOMES
from tabletop.rl.openspiel_params import GAMES, canonical, defaults, settings
from tabletop.rl.openspiel_state import state_class
from tabletop.rl.spec import RLGame

_REGISTERED: dict[str, type] = {}
# The classes by their module-level names: pickle finds a class by module and name, so a state or
# game pickled in one process loads in another (``__getattr__`` below registers the game first).
_CLASSES: dict[str, type] = {}


def _game_type(
    short: str, long: str, spec_params: dict[str, Any], reward: str, chance: str = "sampled"
) -> pyspiel.GameType:
    modes = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short,
        long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=modes.EXPLICIT_STOCHASTIC if chance == "explicit" else modes.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM if reward == "win" else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=3,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec_params,
    )


class Observer:
    """OpenSpiel's observer: the observation (tensor: the encoder; string: the JSON), or with
    ``perfect_recall`` the information state (string only)."""

    def __init__(self, spec: RLGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observer parameters are not supported: {params}")
        recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        if iig_obs_type is not None and not isinstance(iig_obs_type, dict):
            private = iig_obs_type.private_info
            if not iig_obs_type.public_info or private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
                raise ValueError("only a seat's own view is provided (public_info, private_info=SINGLE_PLAYER)")
        self.recall = recall
        self.spec = spec
        self.tensor = None if recall else np.zeros(spec.obs_size, np.float32)
        self.dict = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        if self.tensor is not None:  # zeros while an explicit set-up is drawn: nothing is seen yet
            self.tensor[:] = 0.0 if state.setting_up else self.spec.encode_seat(state.engine, player)

    def string_from(self, state: Any, player: int) -> str:
        return str(state.information_state_string(player) if self.recall else state.observation_string(player))


def _module_level(cls: type, name: str) -> type:
    cls.__name__ = cls.__qualname__ = name
    cls.__module__ = __name__
    _CLASSES[name] = cls
    return cls


def __getattr__(name: str) -> type:
    """``Game_<short name>`` or ``State_<game>``: registers that game first (for unpickling)."""
    if name not in _CLASSES and name.startswith(("Game_", "State_")):
        key = name.split("_", 1)[1].removeprefix("python_").rsplit("_v", 1)[0]
        import_module(f"{key}.rl").register_openspiel()
    if name in _CLASSES:
        return _CLASSES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _game_class(spec: RLGame, key: str, short: str, long: str, max_game_length: int, state: type) -> type:
    base_params = defaults(key)

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            full = canonical(key, {**base_params, **(params or {})})
            try:
                chosen = settings(key, full)
                template = spec.new_game(chosen.players, chosen.seed, chosen.options)
            except IllegalAction as exc:
                raise pyspiel.SpielError(f"{short}: {exc}") from None
            win = chosen.reward == "win"
            bound = GAMES[key].max_utility_vp
            info = pyspiel.GameInfo(
                num_distinct_actions=spec.catalogue.size,
                max_chance_outcomes=MAX_OUTCOMES if chosen.chance == "explicit" else 0,
                num_players=chosen.players,
                min_utility=0.0 if win else -bound,
                max_utility=1.0 if win else bound,
                utility_sum=1.0 if win else 0.0,
                max_game_length=max_game_length,
            )
            game_type = _game_type(short, long, base_params, chosen.reward, chosen.chance)
            super().__init__(game_type, info, full)
            self.template = template  # a fresh game of these settings; initial states are its clones
            self.reward = chosen.reward
            self.chance = chosen.chance

        def new_initial_state(self) -> Any:
            return state(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            return Observer(spec, iig_obs_type, params)

    return _module_level(Game, f"Game_{short}")


def register(spec: RLGame, title: str, max_game_length: int) -> str:
    """Register ``<game>`` and its alias ``python_<spec.name>`` (once per process); returns ``<game>``."""
    key = spec.name.rsplit("_v", 1)[0]
    if key in _REGISTERED:
        return key
    long = f"{title} ({spec.name})"
    state = _module_level(state_class(spec), f"State_{key}")
    for short in (key, f"python_{spec.name}"):
        game_class = _game_class(spec, key, short, long, max_game_length, state)
        pyspiel.register_game(_game_type(short, long, defaults(key), "win"), game_class)
        _REGISTERED[short] = game_class
    return key


__all__ = ["Observer", "register"]
