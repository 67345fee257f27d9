"""What a browser receives: the one place that turns a game into messages.

A seat's message holds ``observe(seat)``, that seat's legal actions, the public log and, once the game
is over, the result; a spectator's holds ``observe(None)`` and the log. Nothing here reads the game's
history (it holds the seed, deck orders and plans), except :func:`replay_frames`, which replays it on
the server and sends only the chosen view's observations.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from webtable.registry import GameKind, Narrator, TableGame


def log_entries(events: list[dict[str, Any]], narrator: Narrator | None) -> list[dict[str, Any]]:
    """Public log events, each with its narrated lines (``narrator`` has seen the events before these)."""
    return [{"event": e, "lines": narrator.feed(e) if narrator is not None else []} for e in events]


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
    told by ``narrator`` (which must have been fed the events before ``log_from``), or ``told``: those
    entries told already (the room tells its log once for all connections)."""
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
    says at which decision it starts and how much of the log had happened.
    """
    frames: list[dict[str, Any]] = []
    last = None
    game: TableGame | None = None
    for step, game in enumerate(replay_steps(kind, history)):
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
    narrator = kind.narrator(game, lang) if kind.narrator is not None and game is not None else None
    return {"type": "replay", "seat": seat, "frames": frames, "log": log_entries(log, narrator)}
