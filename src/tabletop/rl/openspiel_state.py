"""The OpenSpiel state of a table game: its engine, its decisions, its seats' trails.

``state_class(spec)`` returns the ``pyspiel.State`` subclass of one game (see
:mod:`tabletop.rl.openspiel_game` for what it declares). What is particular to it:

* **Clones and chance.** pyspiel clones a Python state by deep-copying its attributes; the engine
  sits in an :class:`Engine` holder whose deep copy is ``game.clone()`` (a deep copy of the engine
  was 20x slower). With ``chance=sampled`` (the default) the copy gets a fresh seed for its future
  chance, derived from the original's seed and a count of its clones: a search working on clones
  (OpenSpiel's ``MCTSBot``) plays with futures of its own and cannot see the game's (tower drops,
  shuffles), while the original keeps its seed and plays exactly the game its seed makes. With
  ``chance=seeded`` a clone keeps the seed and replays the same future. With ``chance=explicit``
  every draw is a chance node (:mod:`tabletop.rl.openspiel_chance`); the engine is never changed in
  place there (a step makes a new one), and a clone shares what it can.
* **Serialization.** The holder pickles as the engine's history (recorded chance outcomes) and its
  seed, and is rebuilt by replaying it (``from_history``), so ``serialize_game_and_state`` and pickle
  give back the same state, future included.
* **Undo.** ``undo_action`` rebuilds the engine from its history less the last decision (explicit
  chance: and runs the step of the undone action again up to it). It is a
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
from typing import Any, ClassVar

import pyspiel

from tabletop.errors import IllegalAction
from tabletop.rl.infostate import Encode, Trails, replayed
from tabletop.rl.openspiel_chance import Suspended
from tabletop.rl.openspiel_chance import pick as chance_pick
from tabletop.rl.openspiel_chance import step as chance_step
from tabletop.rl.spec import RLGame, RLPlayable, final_rewards


def fresh_seed(seed: int, clones: int) -> int:
    """The future's seed of clone number ``clones`` of a state seeded ``seed`` (same in any process)."""
    digest = hashlib.sha256(f"tabletop-openspiel-clone/{seed}/{clones}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


# The encoder of each engine class (a state's holder finds it by its game's type; set by the states).
_ENCODERS: dict[type, Encode] = {}


def _restore(
    cls: Any, history: list[dict[str, Any]], seed: int, fresh: bool, clones: int, trails: Any, frozen: bool = False
) -> Engine:
    game = cls.from_history(history, log=False)
    game.seed = seed  # a clone's own future (the history holds the head's seed)
    held = Engine(game, fresh, clones, frozen)
    held.trails = trails
    return held


class Engine:
    """Holds a state's engine game and its seats' trails; its deep copy is a clone (with a fresh
    future when ``fresh``). A ``frozen`` engine is never changed in place (explicit chance: a step
    makes a new one), so a deep copy shares it.

    Trails, once asked for, are brought up to date lazily: a step only joins ``pending``, and
    :meth:`current_trails` replays the pending steps on ``behind`` (a clone of the engine where the
    trails stop). A rollout that never asks for an information state so pays nothing for them.
    """

    __slots__ = ("behind", "clones", "fresh", "frozen", "game", "pending", "trails")

    def __init__(self, game: RLPlayable, fresh: bool, clones: int = 0, frozen: bool = False) -> None:
        self.game: Any = game
        self.fresh = fresh
        self.frozen = frozen
        self.clones = clones
        self.trails: Trails | None = None
        # (seat, decision, catalogue index, the engine after it or None) of the steps not in the trails
        self.pending: list[tuple[int, Any, int, Any]] = []
        self.behind: Any = None  # the engine where the trails stop (None: where the game is)

    def apply(self, seat: int, decision: Any, index: int) -> None:
        if self.trails is not None:
            if self.behind is None:
                self.behind = self.game.clone()
            self.pending.append((seat, decision, index, None))
        self.game.apply(seat, decision)

    def advance(self, seat: int, index: int, after: Any) -> None:
        """``seat``'s decision ``index`` led to ``after`` (a new engine: explicit chance ran the step)."""
        if self.trails is not None:
            self.pending.append((seat, None, index, after))
        self.game = after

    def current_trails(self, decisions: list[tuple[int, int]]) -> Trails:
        """The trails up to now (on the first call rebuilt from the history, whose (seat, catalogue
        index) pairs are ``decisions``)."""
        encode = _ENCODERS[type(self.game)]
        if self.trails is None:
            self.trails = replayed(self.game, encode, decisions)
        for seat, decision, index, after in self.pending:
            if after is None:
                self.behind.apply(seat, decision)
            self.trails.observe(self.behind if after is None else after, encode, seat, index)
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
        twin = Engine(self.game if self.frozen else self.game.clone(), self.fresh, 0, self.frozen)
        if self.fresh:
            self.clones += 1
            twin.game.seed = fresh_seed(self.game.seed, self.clones)
        if self.trails is not None:  # the twin's future may differ: its trails start up to date
            twin.trails = copy.deepcopy(self.current_trails([]))
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        trails = self.current_trails([]) if self.trails is not None else None
        held = (type(self.game), self.game.history, self.game.seed, self.fresh, self.clones, trails, self.frozen)
        return (_restore, held)


def undone(game: Any) -> Any:
    """``game`` as it was before its last decision (rebuilt from its history, same future seed)."""
    history = game.history
    last = max((i for i, entry in enumerate(history) if "seat" in entry), default=None)
    if last is None:
        raise pyspiel.SpielError("undo_action: no decision to undo in this state's engine history")
    before = type(game).from_history(history[:last], log=False)
    before.seed = game.seed
    return before


class Actions(list[tuple[int, int]]):
    """A state's (player, action) pairs; a clone copies the list only (the pairs are immutable),
    not each pair as a deep copy would (OpenSpiel's checks and searches clone at every step)."""

    def __deepcopy__(self, memo: Any) -> Actions:
        return Actions(self)


class TableState(pyspiel.State):  # type: ignore[misc]
    """The OpenSpiel state of a table game; :func:`state_class` makes one class per game (``spec``).

    ``_held`` holds the engine (None while an explicit set-up is still drawing), ``_node`` the chance
    node an explicit step stopped at (None elsewhere), ``_actions`` every (player, action) taken,
    chance actions as ``(CHANCE, value)``.
    """

    spec: ClassVar[RLGame]

    def __init__(self, game: Any, engine: RLPlayable | None = None) -> None:
        super().__init__(game)
        self._explicit: bool = game.chance == "explicit"
        self._reward: str = game.reward
        self._actions = Actions()
        self._node: Suspended | None = None
        self._held: Engine | None = None
        if engine is None and self._explicit:
            self._finish(-1, -1, chance_step(game.template, None, -1, None, -1, (), 0))
        else:
            engine = engine if engine is not None else game.template.clone()
            _ENCODERS[type(engine)] = self.spec.encode_seat
            self._held = Engine(engine, game.chance == "sampled", frozen=self._explicit)

    @property
    def engine(self) -> Any:
        if self._held is None:
            raise pyspiel.SpielError("the game is still being set up: this state is a chance node of its set-up")
        return self._held.game

    @property
    def setting_up(self) -> bool:
        """Whether an explicit set-up is still being drawn (no engine yet, nothing seen)."""
        return self._held is None

    def current_player(self) -> int:
        if self._node is not None:
            return int(pyspiel.PlayerId.CHANCE)
        g = self.engine
        if g.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(min(g.pending()))

    def _legal_actions(self, player: int) -> list[int]:
        g = self.engine
        if g.over or player not in g.pending():
            return []
        return sorted(self.spec.catalogue.indices(g.legal_actions(player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._node.outcomes() if self._node is not None else []

    def _apply_action(self, action: int) -> None:
        action = int(action)
        node = self._node
        if node is not None:
            before = self._held.game if self._held is not None else None
            got = chance_pick(self.get_game().template, before, node, action)
            self._actions.append((int(pyspiel.PlayerId.CHANCE), action))
            self._finish(node.seat, node.index, got)
            return
        seat = self.current_player()
        decision = self.spec.catalogue.actions[action]
        self._actions.append((seat, action))
        if self._explicit:
            got = chance_step(self.get_game().template, self.engine, seat, decision, action, (), len(self._actions))
            self._finish(seat, action, got)
        else:
            self._held_engine().apply(seat, decision, action)

    def _held_engine(self) -> Engine:
        if self._held is None:
            raise pyspiel.SpielError("the game is still being set up")
        return self._held

    def _finish(self, seat: int, index: int, got: Any) -> None:
        """An explicit step's result: a chance node, or the engine after the step (seat -1: the set-up)."""
        if isinstance(got, Suspended):
            self._node = got
            return
        self._node = None
        if self._held is None:
            _ENCODERS[type(got)] = self.spec.encode_seat
            self._held = Engine(got, False, frozen=True)
        else:
            self._held.advance(seat, index, got)

    def undo_action(self, player: int, action: int) -> None:
        if not self._actions or self._actions[-1] != (player, action):
            last = self._actions[-1] if self._actions else None
            raise pyspiel.SpielError(f"undo_action({player}, {action}): the last decision is {last}")
        self._actions.pop()
        if self._explicit:
            self._undo_explicit(player)
        else:
            self._held_engine().undo()

    def _undo_explicit(self, player: int) -> None:
        """Back one action in explicit mode: the step it was part of is run again without it."""
        node = self._node
        if node is None and player >= 0:  # a decision that completed its step at once
            self._held_engine().undo()
            return
        if node is None:  # the chance action that completed a step: reopen the step
            starts = [k for k, (p, _) in enumerate(self._actions) if p >= 0]
            if starts:
                self._held_engine().undo()
                seat, index = self._actions[starts[-1]]
                node_start = starts[-1] + 1
            else:
                self._held, seat, index, node_start = None, -1, -1, 0
        else:
            if player >= 0:  # the decision itself, before any of its chance actions
                self._node = None
                return
            seat, index, node_start = node.seat, node.index, node.start
        self._reopen(seat, index, node_start)

    def _reopen(self, seat: int, index: int, start: int) -> None:
        """Run the step of ``seat``'s decision ``index`` (-1: the set-up) again with the chance
        actions taken in it (``_actions[start:]``): the state is at its chance node again."""
        template = self.get_game().template
        before = self._held.game if self._held is not None else None
        decision = self.spec.catalogue.actions[index] if seat >= 0 else None
        got = chance_step(template, before, seat, decision, index, (), start)
        for _, value in self._actions[start:]:
            got = chance_pick(template, before, got, value)
        self._node = got

    def history(self) -> list[int]:
        return [a for _, a in self._actions]

    def history_str(self) -> str:
        return ", ".join(str(a) for _, a in self._actions)

    def move_number(self) -> int:
        return len(self._actions)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._node.describe(action) if self._node is not None else f"chance {action}"
        a = self.spec.catalogue.actions[action]
        return "noop" if a is None else str(a)

    def is_terminal(self) -> bool:
        return self._node is None and bool(self.engine.over)

    def returns(self) -> list[float]:
        if self._node is not None or not self.engine.over:
            return [0.0] * self.get_game().num_players()
        return final_rewards(self.spec, self.engine, self._reward)

    def trails(self) -> Trails:
        """The seats' trails (rebuilt from the history on the first call, then kept)."""
        node = self._node
        done = self._actions[: node.start - 1] if node is not None else self._actions
        return self._held_engine().current_trails([(p, a) for p, a in done if p >= 0])

    def information_state_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        if self._held is None:  # nothing seen yet: the set-up is still being drawn
            return f"player {p} trail 0 set-up"
        return self.trails().string(p)

    def observation_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        if self._held is None:
            return "null"  # nothing seen while the set-up is drawn
        return json.dumps(self.engine.observe(p), sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> TableState:
        try:
            u = float(probability_sampler())
        except TypeError:
            u = random.random()
        try:
            engine = self.engine.resample(player, int(u * 2**31))
        except IllegalAction as exc:
            raise pyspiel.SpielError(f"resample_from_infostate: {exc}") from None
        other = type(self)(self.get_game(), engine)
        other._actions = Actions(self._actions)
        trails = copy.deepcopy(self.trails())
        for seat in range(engine.players):
            if seat != player:  # what they saw before is not known to ``player``
                trails.restart(seat, engine, self.spec.encode_seat)
        trails.marks.clear()
        other._held_engine().trails = trails
        return other

    def __str__(self) -> str:
        node = self._node
        pending = f"\nchance node: {node.kind}, picks {list(node.picks)}" if node is not None else ""
        if self._held is None:
            return f"set-up{pending}"
        g = self.engine
        state = json.dumps(g.s.to_dict(), sort_keys=True, separators=(",", ":"), default=str)
        return f"{self.spec.render(g)}\nstate {hashlib.sha256(state.encode()).hexdigest()[:32]}{pending}"


def state_class(spec: RLGame) -> type:
    """The ``pyspiel.State`` subclass of ``spec``'s game."""
    return type("State", (TableState,), {"spec": spec})


__all__ = ["Engine", "TableState", "fresh_seed", "state_class", "undone"]
