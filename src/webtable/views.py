"""What a browser receives: the one place that turns a game into messages.

A seat's message holds ``observe(seat)``, that seat's legal actions, the public log and, once the game
is over, the result; a spectator's holds ``observe(None)`` and the log. Nothing here reads the game's
history (it holds the seed, deck orders and plans), except :func:`replay_frames` and :func:`told_game`,
which replay it on the server and keep only public views.

The board tells the story: every log entry the server sends (a state message's ``log``, a replay's
``log``) is ``{"event": {...}, "lines": [...], "after": PATCH}``. PATCH is an RFC 7386 JSON merge patch
that turns the public snapshot after the game's previous log entry (before its first entry: ``{}``)
into the public snapshot after this one. The public snapshot at a moment is
``{"obs": game.observe(None), "board": kind.public_board(game)}`` at that moment, exactly what a
spectator's state message carries as ``obs`` and ``board``, up to null members: RFC 7386 cannot set a
member to null, only remove it, so an object member whose value is null may be absent from what the
page holds (it reads a missing member as null; arrays are replaced whole, nulls and all). So a page
that applies the patches of entries 0..i in order holds the spectator's view right after entry i, and
can draw the board in step with the narration; a seat's private parts (its plan, its hand) come from
its latest state message. A state message with
``log_from == 0`` starts the chain again from ``{}``.

"After entry i" is defined by the engine (``tabletop.engine``: an event is emitted once the change it
tells is made): the snapshot is taken when entry i is emitted, and for the last entry of a decision
(or of the set-up) once more when the decision has been applied, so the chain's last snapshot after a
decision is the spectator's view after it. A decision that logs nothing (a secret plan) changes no
entry: the page takes that view from the state message. The room computes each snapshot once, for all
connections (:class:`Storyboard`), and only for games at the table.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tabletop.engine import RecordedGame, observing
from webtable.registry import GameKind, Narrator, TableGame

Snapshot = dict[str, Any]


def log_entries(
    events: list[dict[str, Any]], narrator: Narrator | None, afters: list[dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """Public log events, each with its narrated lines (``narrator`` has seen the events before these)
    and, given ``afters`` (one merge patch per event), the change of the public snapshot it made."""
    told = [{"event": e, "lines": narrator.feed(e) if narrator is not None else []} for e in events]
    if afters is not None:
        for entry, after in zip(told, afters, strict=True):
            entry["after"] = after
    return told


# ------------------------------------------------------------------------------------ snapshots
def without_nulls(value: Any) -> Any:
    """``value`` with every object member whose value is null left out (recursively; tuples as lists):
    what a page holds once it applied the patches (RFC 7386 removes a member set to null)."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [without_nulls(v) for v in value]
    return value


def public_snapshot(kind: GameKind, game: TableGame) -> Snapshot:
    """What a spectator's state message shows of ``game`` now: its ``obs`` and ``board``."""
    board = kind.public_board(game) if kind.public_board is not None else None
    return {"obs": game.observe(None), "board": board}


def merge_patch(old: Snapshot, new: Snapshot) -> dict[str, Any]:
    """The RFC 7386 merge patch that turns ``old`` into ``new``, an object member that is null counting as
    absent (as it ends up on the page: ``without_nulls``)."""
    patch: dict[str, Any] = {}
    for key, was in old.items():
        if was is not None and new.get(key) is None:
            patch[key] = None
    for key, now in new.items():
        if now is None:
            continue
        was = old.get(key)
        if was == now:
            continue
        if isinstance(was, dict) and isinstance(now, dict):
            inner = merge_patch(was, now)
            if inner:  # (they differed in null members only)
                patch[key] = inner
        else:
            patch[key] = now
    return patch


def apply_merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7386's MergePatch(target, patch) (what the page does with each entry's ``after``)."""
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = apply_merge_patch(out.get(key), value)
    return out


class Chapter:
    """The snapshots of the entries one decision (or the set-up) emits, taken as they are emitted; pass
    it as the game's ``emit_observer``. ``close`` looks once more when the decision is applied."""

    def __init__(self, kind: GameKind) -> None:
        self.kind = kind
        self.snapshots: list[Snapshot] = []

    def __call__(self, game: Any, event: dict[str, Any]) -> None:
        self.snapshots.append(public_snapshot(self.kind, game))

    def close(self, game: TableGame, entries: int) -> None:
        """The decision is applied and emitted ``entries`` events: its last entry shows the state now.
        (Events emitted without the observer, by a game that has none, all show this state.)"""
        if entries <= 0:
            self.snapshots = []
            return
        observed = self.snapshots[: entries - 1]
        final = public_snapshot(self.kind, game)
        self.snapshots = observed + [final] * (entries - len(observed))


class Storyboard:
    """The ``after`` patch of every log entry of one game so far, and the snapshot after the last."""

    def __init__(self) -> None:
        self.afters: list[dict[str, Any]] = []
        self.last: Snapshot = {}

    def add(self, chapter: Chapter) -> None:
        """Append a closed chapter's entries (once its decision was adopted)."""
        for snapshot in chapter.snapshots:
            self.afters.append(merge_patch(self.last, snapshot))
            self.last = snapshot

    def told(self, game: TableGame, chapter: Chapter) -> None:
        """Close ``chapter`` on ``game`` (its entries are the log's beyond this storyboard's) and add it."""
        chapter.close(game, len(game.log) - len(self.afters))
        self.add(chapter)


@contextmanager
def watch(game: object, chapter: Chapter) -> Iterator[None]:
    """``chapter`` sees every entry ``game`` emits in this block (a decision applied at the table)."""
    if not isinstance(game, RecordedGame):
        yield  # (a game without the engine's log hook: its entries are closed on the state after it)
        return
    game.emit_observer = chapter
    try:
        yield
    finally:
        game.emit_observer = None


def _detach(game: object) -> None:
    if isinstance(game, RecordedGame):
        game.emit_observer = None


def _steps(kind: GameKind, history: list[dict[str, Any]]) -> Iterator[TableGame]:
    """The game after set-up and after each decision, in one replay (a kind without its own stepper:
    the whole game at once, its entries all closed at the end)."""
    if kind.replay_steps is not None:
        yield from kind.replay_steps(history)
    else:
        yield kind.replay(history)


def told_steps(kind: GameKind, history: list[dict[str, Any]], story: Storyboard) -> Iterator[TableGame]:
    """The game after set-up and after each decision, rebuilt from ``history`` while ``story`` gets the
    ``after`` of every entry (the game object changes as it goes, as in ``replay_steps``)."""
    chapter = Chapter(kind)
    game: TableGame | None = None
    with observing(chapter):
        for game in _steps(kind, history):
            story.told(game, chapter)
            chapter.snapshots = []
            yield game
    _detach(game)  # the room's game tells nobody


def told_game(kind: GameKind, history: list[dict[str, Any]]) -> tuple[TableGame, Storyboard]:
    """A stored game rebuilt, with the storyboard of its log (a room opened from storage)."""
    story = Storyboard()
    last = deque(told_steps(kind, history, story), maxlen=1)  # run it through, keep the last
    return last[0], story


def new_told_game(kind: GameKind, players: int, seed: int, options: Any) -> tuple[TableGame, Storyboard]:
    """A new game and the storyboard of its set-up's entries."""
    story = Storyboard()
    chapter = Chapter(kind)
    with observing(chapter):
        game = kind.new_game(players, seed, options)
    _detach(game)
    story.told(game, chapter)
    return game, story


def state_message(
    kind: GameKind,
    game: TableGame,
    seat: int | None,
    version: int,
    log_from: int,
    narrator: Narrator | None = None,
    told: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The state as ``seat`` (None: a spectator) may see it; ``log`` holds public events from ``log_from``,
    told by ``narrator`` (which must have been fed the events before ``log_from``; no ``after``: tests
    and tools), or ``told``: those entries told already, with their ``after`` (the room tells its log
    once for all connections)."""
    log = told if told is not None else log_entries(game.log[log_from:], narrator)
    legal = [kind.action_json(a) for a in game.legal_actions(seat)] if seat is not None else []
    return {
        "type": "state",
        "seat": seat,
        "version": version,
        "obs": game.observe(seat),
        "legal": legal,
        "log_from": log_from,
        "log": log,
        "over": game.over,
        "result": game.result() if game.over else None,
        "board": kind.public_board(game) if kind.public_board is not None else None,
    }


def decisions_of(history: list[dict[str, Any]]) -> int:
    """How many decisions a stored history holds (the public version number of a game)."""
    return sum(1 for e in history[1:] if "seat" in e)


def replay_steps(kind: GameKind, history: list[dict[str, Any]]) -> Iterator[TableGame]:
    """The game after set-up and after each decision, rebuilt from the stored history.

    Uses the kind's own stepper when it has one (Wallenstein: one replay, O(n)); otherwise replays
    each prefix (a decision and the chance outcomes that follow it), which is O(n^2) but generic.
    """
    if kind.replay_steps is not None:
        yield from kind.replay_steps(history)
        return
    cut = [i for i, e in enumerate(history) if i > 0 and "seat" in e] + [len(history)]
    for end in cut:
        yield kind.replay(history[:end])


def replay_frames(
    kind: GameKind, history: list[dict[str, Any]], seat: int | None, lang: str | None = None
) -> dict[str, Any]:
    """Every distinct view ``seat`` had through the game, with the public log to match.

    Consecutive identical observations (another seat planning in secret) are sent once; each frame
    says at which decision it starts and how much of the log had happened. The log's entries carry
    their ``after`` patches (the module's docstring), so a replay can step per entry too.
    """
    frames: list[dict[str, Any]] = []
    last = None
    game: TableGame | None = None
    story = Storyboard()
    steps = told_steps(kind, history, story) if kind.replay_steps is not None else replay_steps(kind, history)
    for step, game in enumerate(steps):
        obs = game.observe(seat)
        text = json.dumps(obs, sort_keys=True)
        log_len = len(game.log)
        if text == last and frames:
            frames[-1]["log_len"] = log_len
            frames[-1]["last_step"] = step
            continue
        last = text
        frames.append({"step": step, "last_step": step, "obs": obs, "log_len": log_len})
    log = game.log if game is not None else []
    if kind.replay_steps is None and game is not None:
        story = told_game(kind, history)[1]  # (the generic stepper rebuilds each prefix: tell it once)
    narrator = kind.narrator(game, lang) if kind.narrator is not None and game is not None else None
    return {"type": "replay", "seat": seat, "frames": frames, "log": log_entries(log, narrator, story.afters)}
