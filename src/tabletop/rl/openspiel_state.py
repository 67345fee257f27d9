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
* **Undo.** ``undo_action`` rebuilds the engine from its history less the last decision. It is a
  Python method: pyspiel 2.0.2 lets a Python game override no C++ ``UndoAction``, so C++ callers
  (``RandomSimTestWithUndo``) cannot use it, and the C++ side's action list keeps an undone
  action; ``history()``, ``history_str()`` and ``move_number()`` are overridden to give the state's own.
* **Information states.** :mod:`tabletop.rl.infostate` trails, built on the first request by
  replaying the history, then kept (lazily: see :class:`Engine`; a game that never asks pays nothing).
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import pyspiel

from tabletop.errors import IllegalAction
from tabletop.rl.infostate import Encode, Trails, replayed
from tabletop.rl.spec import RLGame, RLPlayable, final_rewards


def fresh_seed(seed: int, clones: int) -> int:
    """The future's seed of clone number ``clones`` of a state seeded ``seed`` (same in any process)."""
    digest = hashlib.sha256(f"tabletop-openspiel-clone/{seed}/{clones}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


# The encoder of each engine class (a state's holder finds it by its game's type; set by the states).
_ENCODERS: dict[type, Encode] = {}


def _restore(cls: Any, history: list[dict[str, Any]], seed: int, fresh: bool, clones: int, trails: Any) -> Engine:
    game = cls.from_history(history, log=False)
    game.seed = seed  # a clone's own future (the history holds the head's seed)
    held = Engine(game, fresh, clones)
    held.trails = trails
    return held


class Engine:
    """Holds a state's engine game and its seats' trails; its deep copy is a clone (with a fresh
    future when ``fresh``).

    Trails, once asked for, are brought up to date lazily: a step only joins ``pending``, and
    :meth:`current_trails` replays the pending steps on ``behind`` (a clone of the engine where the
    trails stop). A rollout that never asks for an information state so pays nothing for them.
    """

    __slots__ = ("behind", "clones", "fresh", "game", "pending", "trails")

    def __init__(self, game: RLPlayable, fresh: bool, clones: int = 0) -> None:
        self.game: Any = game
        self.fresh = fresh
        self.clones = clones
        self.trails: Trails | None = None
        self.pending: list[tuple[int, Any, int]] = []  # (seat, decision, catalogue index) not in the trails
        self.behind: Any = None  # the engine where the trails stop (None: where the game is)

    def apply(self, seat: int, decision: Any, index: int) -> None:
        if self.trails is not None:
            if self.behind is None:
                self.behind = self.game.clone()
            self.pending.append((seat, decision, index))
        self.game.apply(seat, decision)

    def current_trails(self, decisions: list[tuple[int, int]]) -> Trails:
        """The trails up to now (on the first call rebuilt from the history, whose (seat, catalogue
        index) pairs are ``decisions``)."""
        encode = _ENCODERS[type(self.game)]
        if self.trails is None:
            self.trails = replayed(self.game, encode, decisions)
        for seat, decision, index in self.pending:
            self.behind.apply(seat, decision)
            self.trails.observe(self.behind, encode, seat, index)
        self.pending = []
        self.behind = None  # it has reached the game: from here on the game is where they stop
        return self.trails

    def undo(self) -> None:
        self.game = undone(self.game)
        if self.pending:
            self.pending.pop()
        elif self.trails is not None:
            self.trails.undo()
            self.behind = None

    def __deepcopy__(self, memo: Any) -> Engine:
        twin = Engine(self.game.clone(), self.fresh)
        if self.fresh:
            self.clones += 1
            twin.game.seed = fresh_seed(self.game.seed, self.clones)
        if self.trails is not None:  # the twin's future may differ: its trails start up to date
            twin.trails = copy.deepcopy(self.current_trails([]))
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        trails = self.current_trails([]) if self.trails is not None else None
        return (_restore, (type(self.game), self.game.history, self.game.seed, self.fresh, self.clones, trails))


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
            engine = engine if engine is not None else game.template.clone()
            _ENCODERS[type(engine)] = spec.encode_seat
            self._held = Engine(engine, game.chance == "sampled")
            self._reward: str = game.reward
            self._actions: list[tuple[int, int]] = []  # (seat, catalogue index) of every decision

        @property
        def engine(self) -> Any:
            return self._held.game

        def current_player(self) -> int:
            g = self.engine
            if g.over:
                return int(pyspiel.PlayerId.TERMINAL)
            return int(min(g.pending()))

        def _legal_actions(self, player: int) -> list[int]:
            g = self.engine
            if g.over or player not in g.pending():
                return []
            return sorted(spec.catalogue.indices(g.legal_actions(player)))

        def _apply_action(self, action: int) -> None:
            seat = self.current_player()
            self._held.apply(seat, spec.catalogue.actions[action], int(action))
            self._actions.append((seat, int(action)))

        def undo_action(self, player: int, action: int) -> None:
            if not self._actions or self._actions[-1] != (player, action):
                last = self._actions[-1] if self._actions else None
                raise pyspiel.SpielError(f"undo_action({player}, {action}): the last decision is {last}")
            self._held.undo()
            self._actions.pop()

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
            return self._held.current_trails(self._actions)

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
            other._held.trails = trails
            return other

        def __str__(self) -> str:
            g = self.engine
            state = json.dumps(g.s.to_dict(), sort_keys=True, separators=(",", ":"), default=str)
            return f"{spec.render(g)}\nstate {hashlib.sha256(state.encode()).hexdigest()[:32]}"

    return State


__all__ = ["Engine", "fresh_seed", "state_class", "undone"]
