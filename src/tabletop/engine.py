"""What every game engine of the table shares: the turn protocol, recorded chance, the history,
replay and save files.

A game built on :class:`RecordedGame` keeps

* ``config``: the options it was created with (JSON-ready; the head of its history),
* ``s``: its state, plain data with ``players``, ``phase``, a ``chance_n`` counter, ``clone()`` and
  ``to_dict()``,
* a history of decisions and chance outcomes (a :class:`~tabletop.chain.Chain`, shared by clones),
* a public event log (``emit``), also a chain.

The base owns the protocol; the game owns the rules. :meth:`RecordedGame.apply` checks the seat,
parses the action, checks it against the legal actions (cached per seat until the state changes),
records it, lets the game's rules step carry it out (``_do``) and then *settles*: while one seat
alone must decide and has a single legal option, that option is taken without being recorded (it is
not a decision). :meth:`RecordedGame.clone` copies the state and the recording fields and asks the
game for the rest. A game fills these hooks (as OpenSpiel's Python games fill ``_apply_action`` and
``_legal_actions``, and TAG's games ``_next`` and ``_computeAvailableActions``):

    class Game(RecordedGame[State, Action]):
        SAVE_FORMAT = "my-game"
        TITLE = "My Game"
        ACTION = Action                              # has from_json(); JSON and strings are parsed
        PHASES = ("play", "over"); OVER = 1          # phase names by State.phase; the end phase
        @classmethod
        def _build(cls, options, replay, log): ...   # IllegalAction for bad options
        def pending(self): ...                       # seats that must decide now
        def _sole_seat(self): ...                    # the one seat deciding, or -1 (then no settling)
        def _compute_legal(self, seat): ...          # the legal actions of a pending seat
        def _do(self, seat, action): ...             # the rules step: apply, then run the automatic part
        def _clone_into(self, other): ...            # the game's own fields (rules, caches)

Optional hooks: ``_is_pending`` (a fast test of one seat), ``_accept_unlisted`` (actions accepted besides
the listed ones, e.g. a whole plan), ``_explain`` (a precise refusal). A test or a study that edits
``g.s`` by hand calls :meth:`RecordedGame.arrange` to go on as the engine would after a decision.

All chance goes through :meth:`RecordedGame.draw`: outcome number ``n`` of a game seeded ``seed``
is sampled from ``tabletop.chance.stream(seed, n)`` and recorded, so a history replays without any
generator (recorded outcomes are fed back in order, and each is checked to come at the same place
among the decisions). ``from_history`` and ``from_json`` work for every game unchanged.

Watching the log (the table's board that tells the story): ``emit_observer``, None unless set, is
called with the game and the event right after each ``emit``. The convention every rules module keeps:
**an event is emitted once the change it tells is made, and before any change a later event tells**,
so the public state seen by the observer at an emit is the state after that entry. Changes no event
tells (whose turn it is, a phase moving on) show with the next entry; the caller that applies a
decision looks once more when ``apply`` returns, for the decision's last entry. A game started inside
``observing(observer)`` gets the observer before its set-up emits anything; clones never inherit it
(a preview or a search on a clone tells nobody), and the game's own users, bots and simulations never
set it, so they pay one attribute test per emit and nothing else.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from tabletop.chain import Chain
from tabletop.chance import ChanceSource, stream
from tabletop.errors import IllegalAction

T = TypeVar("T")


class RecordedState(Protocol):
    """What the engine needs of a game's state: the seats, the phase (an index into the game's
    ``PHASES``), the chance counter, an O(state) copy and its JSON form."""

    players: int
    phase: int
    chance_n: int

    def clone(self) -> Any: ...

    def to_dict(self) -> dict[str, object]: ...


class RecordedAction(Protocol):
    """What the engine needs of a game's action: its kind (refusals name it) and its JSON form."""

    @property
    def kind(self) -> str: ...

    def to_json(self) -> Any: ...


S = TypeVar("S", bound=RecordedState)
A = TypeVar("A", bound=RecordedAction)
G = TypeVar("G", bound="RecordedGame[Any, Any]")


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
    source: ChanceSource | None = None  # draws past the queue's end (None: the seed's samples)

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


EmitObserver = Callable[["RecordedGame[Any, Any]", dict[str, Any]], None]
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


class RecordedGame(Generic[S, A]):
    """Base of a game engine: the turn protocol (seats, legal actions, apply, settling, clones),
    history, log, recorded chance, replay and save files."""

    SAVE_FORMAT: ClassVar[str] = "tabletop-game"
    SAVE_VERSION: ClassVar[int] = 1
    TITLE: ClassVar[str] = "game"
    ACTION: ClassVar[type[Any]]  # the game's action class (``from_json`` parses JSON data and strings)
    PHASES: ClassVar[tuple[str, ...]] = ()  # phase names, indexed by ``State.phase``
    OVER: ClassVar[int] = -1  # the phase of a finished game
    # Called after each emit (see the module's docstring); a class default, so clones never inherit one.
    emit_observer: EmitObserver | None = None
    # Where draws come from when no replay holds them: None samples from the seed (the default and
    # the fast path); OpenSpiel's explicit chance sets one. A class default, so clones never inherit one.
    chance_source: ChanceSource | None = None

    config: dict[str, Any]
    seed: int
    s: S
    logging: bool
    _hist: Chain[tuple[Any, ...]]
    _log: Chain[dict[str, Any]]
    _replay: deque[tuple[str, Any]] | None
    _legal: dict[int, list[A]]  # legal actions by seat, until the state changes

    def _start_record(self, config: dict[str, Any], replay: deque[tuple[str, Any]] | None, log: bool) -> None:
        """Set the recording fields of a new game (call first in ``__init__``, options checked)."""
        if isinstance(replay, ReplayQueue):
            replay.started = True
            if replay.source is not None:  # a game built under a source draws its set-up there too
                self.chance_source = replay.source
        self.config = config
        self.seed = config["seed"]
        self.logging = log
        self._hist = Chain()
        self._log = Chain()
        self._replay = replay
        self._legal = {}
        observer = _NEW_GAME_OBSERVER.get()
        if observer is not None:
            self.emit_observer = observer

    # ------------------------------------------------------------------ what a game supplies
    @classmethod
    def _build(cls: type[G], options: dict[str, Any], replay: deque[tuple[str, Any]], log: bool) -> G:
        """A new game from the options of a history's head (IllegalAction if they are bad).

        Options are checked before the game's ``__init__`` calls ``_start_record``: an error after
        that (a set-up chance outcome that cannot happen) is reported as the history's.
        """
        raise NotImplementedError

    def pending(self) -> list[int]:
        """Seats that must decide now ([] once the game is over)."""
        raise NotImplementedError

    def _sole_seat(self) -> int:
        """The seat that alone must decide now, or -1 when none or several do (then nothing is
        settled: simultaneous decisions are never taken for a player, even with one option)."""
        raise NotImplementedError

    def _compute_legal(self, seat: int) -> list[A]:
        """The legal actions of a pending ``seat``, in the game's canonical order."""
        raise NotImplementedError

    def _do(self, seat: int, action: A) -> None:
        """The rules step: carry out a legal ``action`` of ``seat``, then everything automatic up to
        the next decision (chance, scoring, phases without a choice)."""
        raise NotImplementedError

    def _clone_into(self, other: Any) -> None:
        """Give ``other`` (a clone with state and record already set) the game's own fields."""

    def _is_pending(self, seat: Any) -> bool:
        """Whether ``seat`` must decide now (games override it with something faster)."""
        return type(seat) is int and seat in self.pending()

    def _accept_unlisted(self, seat: int, action: A) -> None:
        """An action of the pending ``seat`` that is not among its legal actions: raise IllegalAction
        (the default), or return to accept it (a game's decision too large to list, e.g. a whole plan)."""
        raise self._why_illegal(seat, action)

    def _explain(self, seat: int, action: A) -> IllegalAction | None:
        """A precise refusal of an action of a legal kind that is not legal now (None: the generic one)."""
        return None

    def _resume(self, where: str) -> None:
        """Run the game's automatic part from the point named ``where`` (see :meth:`arrange`)."""
        raise ValueError(f"{self.TITLE} has no point {where!r} to go on from")

    # ------------------------------------------------------------------ the turn protocol
    @property
    def players(self) -> int:
        return self.s.players

    @property
    def over(self) -> bool:
        return self.s.phase == self.OVER

    @property
    def phase(self) -> str:
        return self.PHASES[self.s.phase]

    def legal_actions(self, seat: int) -> list[A]:
        """The decisions ``seat`` may take now, in canonical order ([] if it need not decide)."""
        cached = self._legal.get(seat)
        if cached is not None:
            return cached
        self._check_seat(seat)
        out = self._compute_legal(seat) if self._is_pending(seat) else []
        self._legal[seat] = out
        return out

    def apply(self, seat: int, action: A | Mapping[str, Any] | str) -> None:
        """Apply ``seat``'s decision. Raises IllegalAction, leaving the game unchanged, if not allowed."""
        if not isinstance(action, self.ACTION):
            action = self.ACTION.from_json(action)
        if not self._is_pending(seat):
            self._check_seat(seat)
            raise self._not_your_turn(seat)
        if action not in self.legal_actions(seat):
            self._accept_unlisted(seat, action)  # type: ignore[arg-type]
        self._legal = {}
        self._hist = self._hist.append(("act", seat, action))  # self.record(), inlined: apply is hot
        self._do(seat, action)  # type: ignore[arg-type]
        self._settle()

    def clone(self: G) -> G:
        """An independent copy (history and log are shared structurally; copying is O(state))."""
        cls = type(self)
        g = cls.__new__(cls)
        # The recording fields, set here field by field: search agents clone once per decision they consider.
        g.config = self.config
        g.seed = self.seed
        g.logging = self.logging
        g._hist = self._hist
        g._log = self._log
        g._replay = None
        g.s = self.s.clone()
        g._legal = {}
        self._clone_into(g)
        return g

    def refresh(self) -> None:
        """Forget cached legal actions: call it after editing ``g.s`` by hand (tests, studies)."""
        self._legal = {}

    def arrange(self, resume: str | None = None) -> None:
        """Go on from a position set up by editing ``g.s`` (tests, studies), as the engine does after
        a decision: forget cached results, run the automatic part from the point ``resume`` names
        (the game's ``_resume`` lists them; None: from where the state stands), then take every
        decision that has a single option."""
        self.refresh()
        if resume is not None:
            self._resume(resume)
        self._settle()

    def _settle(self) -> None:
        """Take every decision that has exactly one legal option (not recorded in the history); the
        legal actions of the seat asked next are kept, since it is asked at once."""
        while True:
            seat = self._sole_seat()
            if seat < 0:
                self._legal = {}
                return
            legal = self._compute_legal(seat)
            if len(legal) != 1:
                self._legal = {seat: legal}
                return
            self._do(seat, legal[0])

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.s.players:
            raise IllegalAction(f"no seat {seat!r} in a {self.s.players}-player game")

    def _not_your_turn(self, seat: int) -> IllegalAction:
        if self.over:
            return IllegalAction("the game is over", code="game_over")
        return IllegalAction(
            f"seat {seat} has nothing to decide now (phase {self.phase}; waiting for {self.pending()})",
            code="not_your_turn",
        )

    def _why_illegal(self, seat: int, action: A) -> IllegalAction:
        """The refusal of an action not among the legal ones: an English reason and a code with
        parameters that the browser table words in its language (issue 15)."""
        legal = self.legal_actions(seat)
        kinds = sorted({a.kind for a in legal})
        if action.kind not in kinds:
            why = f"{action} is not a decision of the {self.phase} phase; seat {seat} may take: {kinds}"
            return IllegalAction(why, code="wrong_phase", params={"phase": self.phase})
        precise = self._explain(seat, action)
        if precise is not None:
            return precise
        sample = ", ".join(str(a) for a in legal[:6]) + (" ..." if len(legal) > 6 else "")
        return IllegalAction(f"{action} is not allowed now; legal: {sample}", code="not_allowed")

    # ------------------------------------------------------------------ recording
    def record(self, seat: int, action: Any) -> None:
        """Add a decision (an action with ``to_json()``) to the history; call before applying it."""
        self._hist = self._hist.append(("act", seat, action))

    def draw(self, kind: str, sample: Callable[[Any], T]) -> T:
        """A chance outcome: from the replay queue if replaying, else sampled; always recorded.

        ``sample`` gets a ``random.Random`` of its own and returns a JSON-ready value (tuples allowed);
        rules code passes a :class:`tabletop.chance.Draw`, which also says what the draw is, for a
        ``chance_source`` that chooses the outcome itself (it is recorded all the same).
        Rules code checks a replayed outcome is possible (``raise self.corrupt(...)`` if not).
        """
        s = self.s
        n = s.chance_n
        s.chance_n = n + 1
        if self._replay:
            got_kind, outcome = self._replay.popleft()
            if got_kind != kind:
                raise self.corrupt(f"history has a {got_kind!r} outcome where a {kind!r} draw comes")
        elif self.chance_source is None:
            outcome = sample(stream(self.seed, n))
        else:
            outcome = self.chance_source(self, kind, sample)
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

    def log_since(self, start: int) -> list[dict[str, Any]]:
        """The public events from the ``start``-th on, without copying the whole log (a decision's new ones)."""
        return self._log.since(start)

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


__all__ = [
    "EmitObserver",
    "RecordedAction",
    "RecordedGame",
    "RecordedState",
    "ReplayQueue",
    "jsonable",
    "observing",
    "tupled",
]
