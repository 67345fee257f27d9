"""A damaged note beside a game's history (webtable.store NOTES): the stand-in's notices ("timeout"), the
chat, the hints asked for and the reviews only annotate a game that its history alone decides, so one
that cannot be read is left out and logged (rooms.SPARE_NOTES), and the game, a running one included,
is served as before with its other notes."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from test_rematch import finished, hub
from test_rematch_faults import put_note, until_any
from webclient import create_game, hello, make_client, next_of, sqlite_url

PEOPLE = [{"type": "human", "name": n} for n in ("Ann", "Bo", "Cy")]
CHAT = {"type": "chat", "seat": 1, "name": "Bo", "text": "good luck"}
NOTICE = {"type": "timeout", "seat": 2, "limit": 600, "at": 0}
DAMAGED = ["{not json", '["a list"]', "[" * 100_000 + "]" * 100_000]  # (the last: nested too deeply)


@pytest.mark.parametrize("text", DAMAGED, ids=["malformed", "no_object", "deep"])
@pytest.mark.parametrize("kind", ["timeout", "chat", "hint", "review"])
def test_a_damaged_annotation_is_left_out_and_the_game_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, kind: str, text: str
) -> None:
    url = sqlite_url(tmp_path)
    with make_client(url) as client:
        made = create_game(client, PEOPLE, seed=51, turn_limit=600)
    gid, token = made["id"], made["seats"][0]["token"]
    put_note(url, gid, "chat", json.dumps(CHAT), drop=False)
    put_note(url, gid, "timeout", json.dumps(NOTICE), drop=False)
    put_note(url, gid, "hint", json.dumps({"seat": 0}), drop=False)
    put_note(url, gid, kind, text, drop=False)
    with caplog.at_level(logging.WARNING, logger="webtable"), make_client(url) as client:
        res = client.get(f"/api/games/{gid}")
        assert res.status_code == 200 and res.json()["status"] == "running", res.text
        assert res.json()["hints"] == {"0": 1}  # (the readable hint still counts)
        assert f"its {kind!r} note" in caplog.text and "left out" in caplog.text
        with client.websocket_connect(f"/ws/{gid}") as ws:
            hello(ws, token)
            assert until_any(ws, ("chat",)) == CHAT and until_any(ws, ("timeout",)) == NOTICE
            state = next_of(ws, "state")
            ws.send_json({"type": "act", "id": 1, "version": state["version"], "action": state["legal"][0]})
            assert until_any(ws, ("ack", "error"))["type"] == "ack"
        assert client.get("/api/games").json()["games"][0]["status"] == "running"
        replay = client.get(f"/api/games/{gid}/replay")
        assert replay.status_code == 200 and replay.json()["notes"] == [NOTICE], replay.text[:300]


@pytest.mark.parametrize("review", ["", ', "review": 5', ', "review": null'])
def test_a_review_note_without_a_review_is_no_review(tmp_path: Path, review: str) -> None:
    """A stored review note that names the seat and budget asked for but holds no review (a damaged
    row): the review is not there yet (it can be built again), not a server error."""
    url = sqlite_url(tmp_path)
    with make_client(url) as client:
        made, _tokens = finished(client, seed=52)
        budget = hub(client).reviewer.budget
    put_note(url, made["id"], "review", f'{{"seat": null, "budget": "{budget}"{review}}}', drop=False)
    with make_client(url) as client:
        res = client.get(f"/api/games/{made['id']}/review")
        assert res.status_code == 200 and res.json() == {"status": "none"}, res.text


BAD_LINES = [
    ("chat", {"type": "chat", "seat": "1", "name": "Bo", "text": "hi"}),
    ("chat", {"type": "chat", "seat": 1, "name": "Bo", "text": {"html": "<b>"}}),
    ("chat", {"type": "chat", "seat": 1, "text": "no name"}),
    ("chat", {"type": "chat", "seat": 1, "name": "Bo", "text": "hi", "script": "x"}),
    ("timeout", {"type": "timeout", "seat": 2, "at": "late"}),
    ("timeout", {"type": "timeout", "seat": True, "at": 0}),
    ("timeout", {"type": "chat", "seat": 2, "at": 0}),
    ("timeout", {"seat": 2, "at": 0}),
]


@pytest.mark.parametrize(("kind", "line"), BAD_LINES)
def test_a_stored_line_that_is_not_the_message_it_is_sent_as_is_left_out(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, kind: str, line: dict[str, object]
) -> None:
    """A chat line or notice read back as a JSON object that is not the message the page is sent
    (webtable.messages ChatLine, Timeout): it would be sent to every page that connects and put in the
    replay; it is left out (logged), the good ones are sent."""
    url = sqlite_url(tmp_path)
    with make_client(url) as client:
        made = create_game(client, PEOPLE, seed=53, turn_limit=600)
    gid, token = made["id"], made["seats"][0]["token"]
    for note, body in (("chat", CHAT), ("timeout", NOTICE), (kind, line)):
        put_note(url, gid, note, json.dumps(body), drop=False)
    with caplog.at_level(logging.WARNING, logger="webtable"), make_client(url) as client:
        with client.websocket_connect(f"/ws/{gid}") as ws:
            hello(ws, token)
            sent = [ws.receive_json() for _ in range(3)]  # the kept lines and notices come before the state
            assert [m for m in sent if m["type"] in ("chat", "timeout")] == [CHAT, NOTICE], sent
        assert client.get(f"/api/games/{gid}/replay").json()["notes"] == [NOTICE]
        assert f"a stored {kind!r} note" in caplog.text, caplog.text


def test_a_hint_note_naming_no_seat_of_the_game_is_not_counted(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with make_client(url) as client:
        gid = create_game(client, PEOPLE, seed=54)["id"]
    for seat in ("0", "99", "-1", "true", '"1"', "1.0", "null"):
        put_note(url, gid, "hint", f'{{"seat": {seat}}}', drop=False)
    with make_client(url) as client:
        assert client.get(f"/api/games/{gid}").json()["hints"] == {"0": 1}
