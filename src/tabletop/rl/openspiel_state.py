"""The OpenSpiel state of a table game: its engine, its decisions, its seats' trails.

``state_class(spec)`` returns the ``pyspiel.State`` subclass of one game (see
:mod:`tabletop.rl.openspiel_game` for what it declares). What is particular to it:

* **Clones and chance.** pyspiel clones a Python state by deep-copying its attributes; the engine
  sits in an :class:`Engine` holder whose deep copy is ``game.clone()`` (a deep copy of the engine
  was 20x slower). With ``chance=sampled`` (the default) the copy gets a fresh seed for its future
  chance, derived from the original's seed and a count of its clones: a search working on clones
  (OpenSpiel's ``MCTSBot``) plays with futures of its own and cannot see the game's (tower drops,
  shuffles), while the original keeps its seed and plays exactly the game its seed makes. With
  ``chance=seeded`` a clone keeps the seed and replays the same future.
* **Serialization.** The holder pickles as the engine's history (recorded chance outcomes) and its
  seed, and is rebuilt by replaying it (``from_history``), so ``serialize_game_and_state`` and pickle
  give back the same state, future included.
* **Undo.** ``undo_action`` rebuilds the engine from its history less the last decision (a Python
  override: pyspiel 2.0.2 offers Python games no C++ ``UndoAction``, so the C++ side of the state
  keeps its own action list; ``history()``, ``history_str()`` and ``move_number()`` are overridden
  to give this state's).
* **Information states.** :mod:`tabletop.rl.infostate` trails, built on the first request by
  replaying the history and kept up to date from then on (a game that never asks pays nothing).
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import pyspiel

from tabletop.errors import IllegalAction
from tabletop.rl.infostate import Trails, replayed
from tabletop.rl.spec import RLGame, RLPlayable, final_rewards


def fresh_seed(seed: int, clones: int) -> int:
    """The future's seed of clone number ``clones`` of a state seeded ``seed`` (same in any process)."""
    digest = hashlib.sha256(f"tabletop-openspiel-clone/{seed}/{clones}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _restore(cls: Any, history: list[dict[str, Any]], seed: int, fresh: bool, clones: int) -> Engine:
    game = cls.from_history(history, log=False)
    game.seed = seed  # a clone's own future (the history holds the head's seed)
    return Engine(game, fresh, clones)


class Engine:
    """Holds a state's engine game; its deep copy is a clone (with a fresh future when ``fresh``)."""

    __slots__ = ("clones", "fresh", "game")

    def __init__(self, game: RLPlayable, fresh: bool, clones: int = 0) -> None:
        self.game: Any = game
        self.fresh = fresh
        self.clones = clones

    def __deepcopy__(self, memo: Any) -> Engine:
        twin = self.game.clone()
        if self.fresh:
            self.clones += 1
            twin.seed = fresh_seed(self.game.seed, self.clones)
        return Engine(twin, self.fresh)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self.game), self.game.history, self.game.seed, self.fresh, self.clones))


def undone(game: Any) -> Any:
    """``game`` as it was before its last decision (rebuilt from its history, same future seed)."""
    history = game.history
    last = max((i for i, entry in enumerate(history) if "seat" in entry), default=None)
    if last is None:
        raise pyspiel.SpielError("undo_action: no decision to undo in this state's engine history")
    before = type(game).from_history(history[:last], log=False)
    before.seed = game.seed
    return before


def state_class(spec: RLGame) -> type:
    """The ``pyspiel.State`` subclass of ``spec``'s game."""

    class State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any, engine: RLPlayable | None = None) -> None:
            super().__init__(game)
            self._held = Engine(engine if engine is not None else game.template.clone(), game.chance == "sampled")
            self._reward: str = game.reward
            self._actions: list[tuple[int, int]] = []  # (seat, catalogue index) of every decision
            self._trails: Trails | None = None

        @property
        def engine(self) -> Any:
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
            self._actions.append((seat, int(action)))
            if self._trails is not None:
                self._trails.observe(self.engine, spec.encode_seat, seat, action)

        def undo_action(self, player: int, action: int) -> None:
            if not self._actions or self._actions[-1] != (player, action):
                last = self._actions[-1] if self._actions else None
                raise pyspiel.SpielError(f"undo_action({player}, {action}): the last decision is {last}")
            self._held.game = undone(self.engine)
            self._actions.pop()
            if self._trails is not None:
                self._trails.undo()

        def history(self) -> list[int]:
            return [a for _, a in self._actions]

        def history_str(self) -> str:
            return ", ".join(str(a) for _, a in self._actions)

        def move_number(self) -> int:
            return len(self._actions)

        def _action_to_string(self, player: int, action: int) -> str:
            a = spec.catalogue.actions[action]
            return "noop" if a is None else str(a)

        def is_terminal(self) -> bool:
            return bool(self.engine.over)

        def returns(self) -> list[float]:
            g = self.engine
            if not g.over:
                return [0.0] * g.players
            return final_rewards(spec, g, self._reward)

        def trails(self) -> Trails:
            """The seats' trails (rebuilt from the history on the first call, then kept)."""
            if self._trails is None:
                self._trails = replayed(self.engine, spec.encode_seat, self._actions)
            return self._trails

        def information_state_string(self, player: int | None = None) -> str:
            p = self.current_player() if player is None else player
            return self.trails().string(p)

        def observation_string(self, player: int | None = None) -> str:
            p = self.current_player() if player is None else player
            return json.dumps(self.engine.observe(p), sort_keys=True, separators=(",", ":"))

        def resample_from_infostate(self, player: int, probability_sampler: Any) -> State:
            try:
                u = float(probability_sampler())
            except TypeError:
                u = random.random()
            try:
                engine = self.engine.resample(player, int(u * 2**31))
            except IllegalAction as exc:
                raise pyspiel.SpielError(f"resample_from_infostate: {exc}") from None
            other = State(self.get_game(), engine)
            other._actions = list(self._actions)
            trails = copy.deepcopy(self.trails())
            for seat in range(engine.players):
                if seat != player:  # what they saw before is not known to ``player``
                    trails.restart(seat, engine, spec.encode_seat)
            trails.marks.clear()
            other._trails = trails
            return other

        def __str__(self) -> str:
            g = self.engine
            state = json.dumps(g.s.to_dict(), sort_keys=True, separators=(",", ":"), default=str)
            return f"{spec.render(g)}\nstate {hashlib.sha256(state.encode()).hexdigest()[:32]}"

    return State


__all__ = ["Engine", "fresh_seed", "state_class", "undone"]
