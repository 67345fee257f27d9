"""What every game engine of the table shares: recorded chance, the history, replay and save files.

A game built on :class:`RecordedGame` keeps

* ``config``: the options it was created with (JSON-ready; the head of its history),
* ``s``: its state, plain data with a ``chance_n`` counter and ``to_dict()``,
* a history of decisions and chance outcomes (a :class:`~tabletop.chain.Chain`, shared by clones),
* a public event log (``emit``), also a chain.

All chance goes through :meth:`RecordedGame.draw`: outcome number ``n`` of a game seeded ``seed``
is sampled from ``tabletop.chance.stream(seed, n)`` and recorded, so a history replays without any
generator (recorded outcomes are fed back in order, and each is checked to come at the same place
among the decisions). A game supplies ``_build`` (options -> new game, validating them before its
``__init__`` calls ``_start_record``) and ``apply``; ``from_history`` and ``from_json`` then work for
it unchanged. ``_copy_record`` gives a clone the recording fields.

Watching the log (the table's board that tells the story): ``emit_observer``, None unless set, is
called with the game and the event right after each ``emit``. The convention every rules module keeps:
**an event is emitted once the change it tells is made, and before any change a later event tells**,
so the public state seen by the observer at an emit is the state after that entry. Changes no event
tells (whose turn it is, a phase moving on) show with the next entry; the caller that applies a
decision looks once more when ``apply`` returns, for the decision's last entry. A game started inside
``observing(observer)`` gets the observer before its set-up emits anything; clones never inherit it
(a preview or a search on a clone tells nobody), and the game's own users, bots and simulations never
set it, so they pay one attribute test per emit and nothing else.

    class Game(RecordedGame[State]):
        SAVE_FORMAT = "my-game"
        TITLE = "My Game"
        @classmethod
        def _build(cls, options, replay, log): ...   # IllegalAction for bad options
        def apply(self, seat, action): ...           # calls self.record(seat, action)
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from tabletop.chain import Chain
from tabletop.chance import stream
from tabletop.errors import IllegalAction

T = TypeVar("T")


class RecordedState(Protocol):
    chance_n: int

    def to_dict(self) -> dict[str, object]: ...


S = TypeVar("S", bound=RecordedState)
G = TypeVar("G", bound="RecordedGame[Any]")


def jsonable(value: Any) -> Any:
    """A chance outcome as JSON data (tuples become lists, recursively)."""
    if isinstance(value, tuple):
        return [jsonable(v) for v in value]
    return value


def tupled(value: Any) -> Any:
    """A chance outcome read back from JSON (lists become tuples, recursively)."""
    if isinstance(value, list):
        return tuple(tupled(v) for v in value)
    return value


class ReplayQueue(deque[tuple[str, Any]]):
    """The recorded chance outcomes that a game being rebuilt draws, in order.

    ``started`` turns true when the game starts recording (``_start_record``): its options were
    accepted, so what goes wrong after that is the history's fault, not the options'.
    """

    started = False

    def failure(self) -> str:
        """How a failure while rebuilding is reported: the options' until the game started."""
        return "history does not replay" if self.started else "history options"


def check_game(game: str, head: Mapping[str, Any]) -> None:
    """A history head must name this ``game`` (or no game). Checked before the options, so that
    another game's history is refused as such, not for an option this game lacks."""
    if head.get("game", game) != game:
        raise IllegalAction(f"not a {game} history (game {head.get('game')!r})")


def check_head(head: Mapping[str, Any], config: Mapping[str, Any]) -> None:
    """A history head (already checked by ``check_game``) must hold no option ``config`` lacks: a
    misspelt option would otherwise replay a different game without a word."""
    extra = set(head) - set(config)
    if extra:
        raise IllegalAction(f"unknown option(s) {sorted(extra)}")


EmitObserver = Callable[["RecordedGame[Any]", dict[str, Any]], None]
"""``observer(game, event)``: called right after ``game`` emitted ``event`` (see the module's docstring)."""

_NEW_GAME_OBSERVER: ContextVar[EmitObserver | None] = ContextVar("new_game_observer", default=None)


@contextmanager
def observing(observer: EmitObserver) -> Iterator[None]:
    """Games started (or rebuilt from a history) in this block get ``observer`` before their set-up emits
    anything; the caller removes it (``game.emit_observer = None``) when it has seen enough."""
    token = _NEW_GAME_OBSERVER.set(observer)
    try:
        yield
    finally:
        _NEW_GAME_OBSERVER.reset(token)


class RecordedGame(Generic[S]):
    """Base of a game engine: history, log, recorded chance, replay and save files."""

    SAVE_FORMAT: ClassVar[str] = "tabletop-game"
    SAVE_VERSION: ClassVar[int] = 1
    TITLE: ClassVar[str] = "game"
    # Called after each emit (see the module's docstring); a class default, so clones never inherit one.
    emit_observer: EmitObserver | None = None

    config: dict[str, Any]
    seed: int
    s: S
    logging: bool
    _hist: Chain[tuple[Any, ...]]
    _log: Chain[dict[str, Any]]
    _replay: deque[tuple[str, Any]] | None

    def _start_record(self, config: dict[str, Any], replay: deque[tuple[str, Any]] | None, log: bool) -> None:
        """Set the recording fields of a new game (call first in ``__init__``, options checked)."""
        if isinstance(replay, ReplayQueue):
            replay.started = True
        self.config = config
        self.seed = config["seed"]
        self.logging = log
        self._hist = Chain()
        self._log = Chain()
        self._replay = replay
        observer = _NEW_GAME_OBSERVER.get()
        if observer is not None:
            self.emit_observer = observer

    def _copy_record(self, other: RecordedGame[S]) -> None:
        """Give ``other`` (a clone under construction) this game's options, history and log."""
        other.config = self.config
        other.seed = self.seed
        other.logging = self.logging
        other._hist = self._hist
        other._log = self._log
        other._replay = None

    # ------------------------------------------------------------------ what a game supplies
    @classmethod
    def _build(cls: type[G], options: dict[str, Any], replay: deque[tuple[str, Any]], log: bool) -> G:
        """A new game from the options of a history's head (IllegalAction if they are bad).

        Options are checked before the game's ``__init__`` calls ``_start_record``: an error after
        that (a set-up chance outcome that cannot happen) is reported as the history's.
        """
        raise NotImplementedError

    def apply(self, seat: int, action: Any) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ recording
    def record(self, seat: int, action: Any) -> None:
        """Add a decision (an action with ``to_json()``) to the history; call before applying it."""
        self._hist = self._hist.append(("act", seat, action))

    def draw(self, kind: str, sample: Callable[[Any], T]) -> T:
        """A chance outcome: from the replay queue if replaying, else sampled; always recorded.

        ``sample`` gets a ``random.Random`` of its own and returns a JSON-ready value (tuples allowed).
        Rules code checks a replayed outcome is possible (``raise self.corrupt(...)`` if not).
        """
        s = self.s
        n = s.chance_n
        s.chance_n = n + 1
        if self._replay:
            got_kind, outcome = self._replay.popleft()
            if got_kind != kind:
                raise self.corrupt(f"history has a {got_kind!r} outcome where a {kind!r} draw comes")
        else:
            outcome = sample(stream(self.seed, n))
        self._hist = self._hist.append(("chance", kind, outcome))
        return outcome  # type: ignore[no-any-return]

    def corrupt(self, message: str) -> IllegalAction:
        return IllegalAction(f"impossible chance outcome: {message}")

    def emit(self, event: str, /, **fields: Any) -> None:
        """Add a public event to the log (callers check ``self.logging`` first in hot paths), once the
        change it tells is made (the module's docstring: what an ``emit_observer`` relies on)."""
        entry = {"e": event, **fields}
        self._log = self._log.append(entry)
        if self.emit_observer is not None:
            self.emit_observer(self, entry)

    # ------------------------------------------------------------------ history, log, saves
    @property
    def history(self) -> list[dict[str, Any]]:
        """The options, then every decision and chance outcome in order (JSON-ready).

        The history holds secrets (chance outcomes, hands): it is for saves and replays, never for players.
        """
        out: list[dict[str, Any]] = [{"new_game": dict(self.config)}]
        for entry in self._hist.to_list():
            if entry[0] == "act":
                out.append({"seat": entry[1], "action": entry[2].to_json()})
            else:
                out.append({"chance": entry[1], "outcome": jsonable(entry[2])})
        return out

    @property
    def log(self) -> list[dict[str, Any]]:
        """Public events so far (what every seat saw happen), for narration and replays."""
        return self._log.to_list()

    def to_json(self) -> str:
        """A save file: options, history and state; ``from_json`` restores it exactly."""
        return json.dumps(
            {
                "format": self.SAVE_FORMAT,
                "version": self.SAVE_VERSION,
                "history": self.history,
                "state": self.s.to_dict(),
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls: type[G], text: str | bytes) -> G:
        """Load a save file; IllegalAction with a clear message if it is malformed or inconsistent."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
            raise IllegalAction(f"save file is not valid JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != cls.SAVE_FORMAT:
            raise IllegalAction(f"not a {cls.TITLE} save file (expected format {cls.SAVE_FORMAT!r})")
        if data.get("version") != cls.SAVE_VERSION:
            raise IllegalAction(f"unsupported save version {data.get('version')!r}")
        game = cls.from_history(data.get("history"))
        if game.s.to_dict() != data.get("state"):
            raise IllegalAction("save file is corrupt: its state does not match its history")
        return game

    @classmethod
    def from_history(cls: type[G], history: Any, log: bool = True) -> G:
        """Rebuild a game from its ``history`` (recorded chance outcomes, no generator needed).

        Each recorded outcome must be drawn at the same place among the decisions as it was
        recorded; anything else is reported as a history that does not replay.
        """
        steps = deque(cls.replay_steps(history, log), maxlen=1)  # run it through, keep the last
        return steps[0]

    @classmethod
    def replay_steps(cls: type[G], history: Any, log: bool = True) -> Iterator[G]:
        """The game of ``history`` after its set-up and after each decision, as it is rebuilt (one game
        object, changing as it goes: clone it to keep a step). Replay viewers step through it."""
        if not isinstance(history, list) or not history or not isinstance(history[0], dict):
            raise IllegalAction("a history is a list starting with a {'new_game': options} entry")
        head = history[0].get("new_game")
        if not isinstance(head, dict):
            raise IllegalAction("a history must start with a {'new_game': options} entry")
        chance = ReplayQueue()
        moves: list[tuple[int, Any, int]] = []  # seat, action, chance outcomes recorded before it
        for i, entry in enumerate(history[1:], 1):
            if not isinstance(entry, dict):
                raise IllegalAction(f"history entry {i} is not an object")
            if "chance" in entry and set(entry) == {"chance", "outcome"}:
                chance.append((entry["chance"], tupled(entry["outcome"])))
            elif set(entry) == {"seat", "action"}:
                moves.append((entry["seat"], entry["action"], len(chance)))
            else:
                raise IllegalAction(f"history entry {i} is neither a decision nor a chance outcome")
        total = len(chance)
        try:
            game = cls._build(head, chance, log)
            yield game
            for k, (seat, action, before) in enumerate(moves, 1):
                used = total - len(chance)
                if used != before:
                    raise IllegalAction(
                        f"decision {k} comes after {before} chance outcome(s) in the history, but {used} were drawn"
                    )
                game.apply(seat, action)
                if k < len(moves):
                    yield game
        except IllegalAction as exc:
            raise IllegalAction(f"{chance.failure()}: {exc}") from None
        except (TypeError, ValueError, IndexError, KeyError) as exc:
            raise IllegalAction(f"{chance.failure()}: {exc!r}") from None
        if chance:
            raise IllegalAction(f"history does not replay: {len(chance)} chance outcome(s) left over")
        game._replay = None
        if moves:
            yield game


__all__ = ["EmitObserver", "RecordedGame", "RecordedState", "ReplayQueue", "jsonable", "observing", "tupled"]
