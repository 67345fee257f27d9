"""The test client's seat loop keeps a state that came just before its decision's ack.

The server builds a state message when it sends it, so a state request already queued for a socket when a
person decides goes out after the decision was applied, ahead of the ack: the state of the new version
comes before the ack (webtable.app's protocol). The smoke test's client once dropped such a state and
waited for ever on a game that waited on its seat; this plays that order through a scripted socket."""

from __future__ import annotations

import random
from typing import Any

from webclient import play_to_end


class ScriptedSocket:
    """A socket that answers each sent decision with the next scripted batch of messages."""

    def __init__(self, first: list[dict[str, Any]], answers: list[list[dict[str, Any]]]) -> None:
        self.inbox = list(first)
        self.answers = list(answers)
        self.sent: list[dict[str, Any]] = []

    def send_json(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)
        self.inbox += self.answers.pop(0)

    def receive_json(self) -> dict[str, Any]:
        assert self.inbox, "the client waits for a message that never comes (the server waits on it too)"
        return self.inbox.pop(0)


def state(version: int, over: bool = False) -> dict[str, Any]:
    return {"type": "state", "version": version, "over": over, "legal": [] if over else [{"kind": "pass"}]}


def test_a_state_of_the_new_version_before_the_ack_is_decided_on() -> None:
    ws = ScriptedSocket(
        [state(0)],
        [
            [state(1), {"type": "ack", "id": 1}],  # the queued state request went out after the decision
            [{"type": "ack", "id": 2}, state(2, over=True)],  # the usual order
        ],
    )
    last = play_to_end(ws, random.Random(0), [])  # type: ignore[arg-type]
    assert last["over"]
    assert [m["version"] for m in ws.sent] == [0, 1]


def test_a_state_older_than_the_decision_is_not_decided_on_again() -> None:
    ws = ScriptedSocket(
        [state(0)],
        [
            [state(0), {"type": "ack", "id": 1}, state(1)],  # a state of the old version, then the new one
            [{"type": "ack", "id": 2}, state(2, over=True)],
        ],
    )
    play_to_end(ws, random.Random(0), [])  # type: ignore[arg-type]
    assert [m["version"] for m in ws.sent] == [0, 1]
