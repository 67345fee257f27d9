"""The typed protocol (webtable.messages): the committed JSON Schema is what the models generate, every
message a whole game sends over the WebSocket is one of the models, every message the test clients send
is one the server reads, and the ``after`` chain a spectator and a replay receive ends on the view the
spectator is sent (views.py)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from starlette.testclient import WebSocketTestSession
from webclient import create_game, hello, make_client, next_of, sqlite_url

from webtable import messages
from webtable.views import apply_merge_patch

SCHEMA = Path(messages.__file__).parent / "static" / "protocol.schema.json"


def test_the_committed_schema_is_what_the_models_generate() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == messages.schema_text(), (
        "regenerate it: PYTHONPATH=src python -m webtable.messages > src/webtable/static/protocol.schema.json"
    )
    defs = json.loads(SCHEMA.read_text(encoding="utf-8"))["$defs"]
    sent = {d["$ref"].rsplit("/", 1)[1] for d in defs["ServerMessage"]["oneOf"]}
    assert {"Welcome", "State", "Ack", "Checked", "PreviewReply", "Error", "RoomChanged", "ChatLine", "Pong"} <= sent
    assert "after" in defs["LogEntry"]["required"]


def _no_nulls(value: Any) -> Any:
    return json.loads(json.dumps(value), object_hook=lambda d: {k: v for k, v in d.items() if v is not None})


def _chain(entries: list[dict[str, Any]], start: dict[str, Any]) -> dict[str, Any]:
    snap = start
    for entry in entries:
        snap = apply_merge_patch(snap, entry["after"])
    return snap


def _play(ws: WebSocketTestSession, got: list[dict[str, Any]], latest: dict[str, Any], rng: random.Random) -> Any:
    """Random decisions of the seat until the game is over (each on the newest state: one refused as
    stale is taken again on the state that follows); returns the last state. The seat decides faster than
    a person can, so the connection's rate limit may refuse a decision (that refusal names no request,
    being answered before the message is read): it is sent again a moment later."""
    n = 10
    while not latest["over"]:
        if not latest["legal"]:
            latest = next_of(ws, "state", got)
            continue
        n += 1
        acted_on = latest["version"]
        act = {"type": "act", "id": n, "version": acted_on, "action": rng.choice(latest["legal"])}
        ws.send_json(act)
        while (msg := ws.receive_json()).get("id") != n or msg["type"] not in ("ack", "error"):
            got.append(msg)
            latest = msg if msg["type"] == "state" else latest
            if msg.get("code") == "too_many_messages":
                time.sleep(0.05)
                ws.send_json(act)
        got.append(msg)
        assert msg["type"] == "ack" or msg.get("code") == "stale", msg
        while latest["version"] <= acted_on:  # the state after the decision (or after the one that beat it)
            latest = next_of(ws, "state", got)
    return latest


@pytest.mark.parametrize(
    ("game", "options"),
    [("wallenstein", {"modules": ["emperors_court", "landsknechte", "military_leaders"]}), ("league_of_six", {})],
)
def test_every_message_of_a_whole_game_is_typed(tmp_path: Path, game: str, options: dict[str, Any]) -> None:
    seats = [{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    sent: list[dict[str, Any]] = []
    got: list[dict[str, Any]] = []
    with make_client(sqlite_url(tmp_path)) as client:
        made = create_game(client, seats, game=game, seed=3, options=options)
        gid, token = made["id"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{gid}") as ws, client.websocket_connect(f"/ws/{gid}") as spec:
            got.append(hello(ws, token))
            got.append(hello(spec, None))
            sent += [{"type": "hello", "token": token}, {"type": "hello"}]
            state = next_of(ws, "state", got)
            while not state["legal"]:  # (the bots decide first)
                state = next_of(ws, "state", got)
            requests = [
                {"type": "check", "id": 1, "action": state["legal"][0]},
                {"type": "preview", "id": "p", "action": state["legal"][0]},
                {"type": "chat", "id": 2, "text": "good luck"},
                {"type": "act", "id": 3, "action": state["legal"][0]},  # no version: refused
                {"type": "ping", "id": 4},
            ]
            for request in requests:
                ws.send_json(request)
                sent.append(request)
            while (msg := ws.receive_json())["type"] != "pong":
                got.append(msg)
                state = msg if msg["type"] == "state" else state
            got.append(msg)  # the pong
            last = _play(ws, got, state, random.Random(1))
            spec.send_json({"type": "ping"})
            watched: list[dict[str, Any]] = []
            while (msg := spec.receive_json())["type"] != "pong":
                watched.append(msg)
            got += watched
        replay = client.get(f"/api/games/{gid}/replay").json()
    assert last["over"]
    for msg in sent:
        if msg["type"] == "act" and "version" not in msg:
            with pytest.raises(ValidationError):  # the model refuses it too
                messages.CLIENT_MESSAGE.validate_python(msg)
        else:
            messages.CLIENT_MESSAGE.validate_python(msg)
    kinds = set()
    for msg in got:
        messages.SERVER_MESSAGE.validate_python(msg)
        kinds.add(msg["type"])
    assert {"welcome", "state", "checked", "preview", "chat", "error", "pong"} <= kinds
    # The spectator's after chain, started again at each log_from == 0, ends on its last view.
    snap: dict[str, Any] = {}
    states = [m for m in watched if m["type"] == "state"]
    for msg in states:
        snap = _chain(msg["log"], {} if msg["log_from"] == 0 else snap)
    assert states[-1]["over"]
    assert _no_nulls(snap) == _no_nulls({"obs": states[-1]["obs"], "board": states[-1]["board"]})
    assert _no_nulls(_chain(replay["log"], {})) == _no_nulls(snap)  # the replay steps through the same story
