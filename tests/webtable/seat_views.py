"""What a seat may be sent, for the secrecy tests of every game the table hosts: the state messages of
a position for all seats at once, and the check that every state message a seat's WebSocket received
equals the message rebuilt from that seat's observation of the stored history at that version."""

from __future__ import annotations

import json
from collections.abc import Container
from typing import Any

from webtable.registry import GameKind
from webtable.views import Storyboard, log_entries, state_message, told_steps


def messages_now(kind: GameKind, game: Any, skip: Container[int] = ()) -> dict[str, str]:
    """What every seat not in ``skip``, and a spectator (None), would be sent now (log told from the
    start), as JSON text by seat."""
    out = {}
    for seat in [None, *range(game.players)]:
        if seat in skip:
            continue
        narrator = kind.narrator(game, None) if kind.narrator is not None else None
        out[str(seat)] = json.dumps(state_message(kind, game, seat, 0, 0, narrator), sort_keys=True)
    return out


def rebuilt_views(kind: GameKind, history: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The state message for ``seat`` at every version, from the stored history (log from 0, each entry
    with the public snapshot after it as a merge patch)."""
    out = []
    story = Storyboard()  # each entry's "after": the spectator's view right after it (views.py)
    for version, game in enumerate(told_steps(kind, history, story)):
        narrator = kind.narrator(game, None) if kind.narrator is not None else None
        told = log_entries(game.log, narrator, story.afters)
        msg = state_message(kind, game, seat, version, 0, told=told)
        out.append({"obs": msg["obs"], "legal": msg["legal"], "log": msg["log"], "over": msg["over"]})
    return out


def checked_states(
    kind: GameKind, received: list[dict[str, Any]], history: list[dict[str, Any]], seat: int | None, whole: bool
) -> list[dict[str, Any]]:
    """The state messages among those ``seat`` received, each checked against its rebuilt view: the
    same observation, legal decisions and log so far, no history and no seed; a spectator is offered
    no decision. ``whole``: the history holds every version sent (the game is over), else a message
    sent after it was read is only checked for its log's place."""
    views = rebuilt_views(kind, history, seat)
    log_so_far: list[dict[str, Any]] = []
    states = [m for m in received if m["type"] == "state"]
    assert states
    for msg in states:
        assert msg["log_from"] == len(log_so_far)
        log_so_far += msg["log"]
        if msg["version"] >= len(views):
            assert not whole, f"version {msg['version']} was sent but is not in the stored history"
            continue
        want = views[msg["version"]]
        assert msg["seat"] == seat
        assert msg["obs"] == want["obs"]
        assert msg["legal"] == want["legal"]
        assert log_so_far == want["log"][: len(log_so_far)]
        assert "history" not in msg and "seed" not in json.dumps(msg["obs"])
        if seat is None:
            assert msg["legal"] == []
    return states
