"""Play again against careless and hostile clients and a failing store (webtable.rematch, POST
/api/games/{id}/again and the socket's ``again``): bad input gets a clear refusal and makes nothing, many
clicks make one follow-up, a damaged note never stops a game from loading, and a store that fails while
the follow-up is made leaves neither a follow-up without its link nor a link without its follow-up."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from test_rematch import SEATS, again, finished, games_stored, hub, until, watching
from webclient import LocalClient, create_game, hello, make_client, next_of, sqlite_url

from webtable import rematch, turn_timer
from webtable.app import create_app
from webtable.rematch import seat_token
from webtable.settings import TableSettings

URL = "/api/games/{}/again"


def post(client: TestClient, gid: str, body: Any, status: int) -> dict[str, Any]:
    """POST ``body`` (JSON text if it is a str, else encoded) to the game's again; its refusal or answer."""
    text = body if isinstance(body, str) else json.dumps(body)
    res = client.post(URL.format(gid), content=text, headers={"content-type": "application/json"})
    assert res.status_code == status, res.text
    answer: dict[str, Any] = res.json()
    return answer


# ------------------------------------------------------------------------------------------ bad requests
BAD_BODIES: list[tuple[Any, int, str]] = [
    ("{not json", 400, "bad_json"),
    ('{"tokens": ["a"]', 400, "bad_json"),
    ("[" * 100 + "]" * 100, 400, "bad_json"),  # nested too deeply
    ('{"tokens": [1e999]}', 400, "bad_json"),  # Infinity
    ("", 400, "bad_json"),
    ("null", 400, "bad_tokens"),
    ('"tokens"', 400, "bad_tokens"),
    ("[]", 400, "bad_tokens"),
    ({"tokens": "abc"}, 400, "bad_tokens"),
    ({"tokens": {"0": "abc"}}, 400, "bad_tokens"),
    ({"tokens": []}, 400, "bad_tokens"),
    ({"tokens": ["x"] * 4}, 400, "bad_tokens"),  # more tokens than the game has seats
    ({"token": "abc"}, 400, "bad_tokens"),
    ({"tokens": [None, 3, True, ["a"], {"a": 1}]}, 400, "bad_tokens"),
    ({"tokens": ["x" * 10_000]}, 403, "not_a_seat"),
    ({"tokens": ["\u0000", "\u202e"]}, 403, "not_a_seat"),
]


def test_bad_requests_get_a_coded_refusal_and_make_nothing(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        made, tokens = finished(client, seed=21)
        gid, n = made["id"], games_stored(client)
        for body, status, code in BAD_BODIES:
            answer = post(client, gid, body, status)
            assert answer["code"] == code, (body, answer)
            assert len(json.dumps(answer)) < 1000  # nothing huge echoed back
        # A body over the table's limit is refused before it is read.
        huge = json.dumps({"tokens": [tokens["ann"]], "pad": "x" * (70 * 1024)})
        assert post(client, gid, huge, 413)
        assert games_stored(client) == n and hub(client).rooms[gid].again is None
        # Extra fields are ignored; a valid token among junk ones is enough.
        reply = post(client, gid, {"tokens": [7, tokens["ann"]], "seed": 1, "seats": []}, 200)
        assert reply["seats"] == [{"seat": 0, "token": seat_token(tokens["ann"], reply["id"])}]
        assert "sha256" not in json.dumps(reply) and tokens["bea"] not in json.dumps(reply)
        assert games_stored(client) == n + 1


@pytest.mark.parametrize("gid", ["nosuchgame", "a" * 41, "a" * 5000, "a%00b", "%F0%9F%8E%B2", "a b", "..%2F..%2Fetc"])
def test_an_unknown_or_malformed_game_id_is_no_game(tmp_path: Path, gid: str) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        res = client.post(f"/api/games/{gid}/again", json={"tokens": ["abc"]})
        assert res.status_code == 404, res.text
        # (a slash in the id is another path: no route at all)
        assert res.json()["code"] == ("no_route" if "%2F" in gid else "no_game"), res.text
        assert len(res.text) < 500  # (an id is echoed back clipped)
        if "%2F" not in gid:
            with client.websocket_connect(f"/ws/{gid}") as ws:
                refused = ws.receive_text()
                assert json.loads(refused)["code"] == "no_game" and len(refused) < 500
        assert games_stored(client) == 0


# ------------------------------------------------------------------------------------ many clicks at once
async def _clicks(app: Any, gid: str, bodies: list[dict[str, Any]]) -> list[httpx.Response]:
    """The requests sent all at once to the running app (on its own loop), from the test client's address."""
    transport = httpx.ASGITransport(app=app, client=("testclient", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as http:
        return list(await asyncio.gather(*(http.post(URL.format(gid), json=b) for b in bodies)))


def test_concurrent_clicks_make_one_follow_up(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        made, tokens = finished(client, seed=22)
        gid, n = made["id"], games_stored(client)
        bodies = [{"tokens": [tokens["ann" if i % 2 else "bea"]]} for i in range(12)]
        answers = client.portal.call(_clicks, client.app, gid, bodies)  # type: ignore[union-attr]
        assert [a.status_code for a in answers] == [200] * 12, [a.text for a in answers]
        ids = {a.json()["id"] for a in answers}
        assert len(ids) == 1 and games_stored(client) == n + 1
        (new,) = ids
        for body, answer in zip(bodies, answers, strict=True):  # each its own seat only
            mine = body["tokens"][0]
            assert answer.json()["seats"] == [
                {"seat": 0 if mine == tokens["ann"] else 2, "token": seat_token(mine, new)}
            ]
        assert [n["id"] for n in hub(client).store.notes(gid, "again")] == [new]


def test_a_flood_of_clicks_from_one_address_makes_one_follow_up_within_its_rate(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    settings = TableSettings(games_per_minute=3)  # (bursts of one)
    with LocalClient(create_app(url, settings=settings), base_url="http://localhost") as c:
        made, tokens = finished(c, seed=23)  # its creation took the address's one new game
        gid = made["id"]
        answers = c.portal.call(_clicks, c.app, gid, [{"tokens": [tokens["ann"]]}] * 20)  # type: ignore[union-attr]
        assert {a.status_code for a in answers} == {429}
        assert games_stored(c) == 1 and hub(c).rooms[gid].again is None
        c.app.state.creations.clear()  # type: ignore[attr-defined]  # (a minute later)
        answers = c.portal.call(_clicks, c.app, gid, [{"tokens": [tokens["bea"]]}] * 20)  # type: ignore[union-attr]
        assert {a.status_code for a in answers} == {200} and len({a.json()["id"] for a in answers}) == 1
        assert games_stored(c) == 2
        # Joining takes no new game from the address's rate: every later click is answered.
        for _ in range(5):
            assert again(c, gid, tokens["ann"])["id"] == answers[0].json()["id"]


def test_the_socket_again_refuses_bad_askers_and_floods(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        running = create_game(client, SEATS)
        with client.websocket_connect(f"/ws/{running['id']}") as ws:
            hello(ws, running["seats"][0]["token"])
            ws.send_json({"type": "again", "id": "x"})
            assert until(ws, "error")["code"] == "game_not_over"
        made, tokens = finished(client, seed=24)
        gid, n = made["id"], games_stored(client)
        with watching(client, gid, tokens["ann"]) as (spectator, ann):
            for bad in ({"type": "again", "id": [1]}, {"type": "again", "id": True}, {"type": "again", "id": "x" * 41}):
                ann.send_json(bad)
                assert until(ann, "error")["code"] == "bad_id"
            spectator.send_json({"type": "again", "id": 1, "tokens": [tokens["ann"]]})  # tokens in a message: ignored
            assert until(spectator, "error")["code"] == "not_a_seat"
            assert games_stored(client) == n
            for i in range(40):  # a flood: the socket's rate refuses some; one follow-up in all
                ann.send_json({"type": "again", "id": i, "extra": "x"})
            replies = [until_any(ann, ("again_seats", "error")) for _ in range(40)]
            made_ids = {r["game"] for r in replies if r["type"] == "again_seats"}
            assert len(made_ids) == 1 and games_stored(client) == n + 1, replies
            assert {r["code"] for r in replies if r["type"] == "error"} <= {"too_many_messages"}


def until_any(ws: Any, kinds: tuple[str, ...]) -> dict[str, Any]:
    while (msg := ws.receive_json())["type"] not in kinds:
        pass
    result: dict[str, Any] = msg
    return result


# -------------------------------------------------------------------------------------- damaged notes
def put_note(url: str, gid: str, kind: str, text: str, drop: bool = True) -> None:
    """Store ``text`` as the game's ``kind`` note, as a damaged database (or an older program) could hold it."""
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        if drop:
            conn.execute(sa.text("DELETE FROM notes WHERE game_id = :g AND kind = :k"), {"g": gid, "k": kind})
        conn.execute(
            sa.text("INSERT INTO notes (game_id, kind, body) VALUES (:g, :k, :b)"), {"g": gid, "k": kind, "b": text}
        )
    engine.dispose()


def finished_with_note(tmp_path: Path, seed: int, kind: str, text: str) -> tuple[str, str, dict[str, str]]:
    """A finished game (its store's url, id and people's tokens) whose ``kind`` note is ``text`` ("SELF"
    standing for the game's own id)."""
    url = sqlite_url(tmp_path)
    with make_client(url) as client:
        made, tokens = finished(client, seed=seed)
    put_note(url, made["id"], kind, text.replace("SELF", made["id"]))
    return url, made["id"], tokens


DAMAGED_LINKS = [
    '{"id": "nosuchgame", "seat": 0}',  # a follow-up that is gone (deleted or never committed)
    '{"id": "abc", "seat"',  # malformed JSON
    '[{"id": "abc", "seat": 0}]',  # no object
    '"abc"',
    '{"id": 5, "seat": "0"}',  # wrong types
    '{"id": "abc", "seat": 9}',  # no such seat
    '{"id": "abc", "seat": true}',
    '{"id": "../../etc", "seat": 0}',  # no game id at all
    '{"id": "' + "x" * 5000 + '", "seat": 0}',
    '{"id": "SELF", "seat": 0}',  # the finished game itself (its follow-up could never be made)
]


@pytest.mark.parametrize("link", DAMAGED_LINKS)
def test_a_damaged_again_link_is_ignored_and_play_again_still_works(tmp_path: Path, link: str) -> None:
    url, gid, tokens = finished_with_note(tmp_path, 31, "again", link)
    with make_client(url) as client:
        summary = client.get(f"/api/games/{gid}")
        assert summary.status_code == 200 and summary.json()["status"] == "over", summary.text
        if "nosuchgame" not in link:  # (a link to a game that is gone is only found out when it is followed)
            assert summary.json()["again"] is None
        with client.websocket_connect(f"/ws/{gid}") as ws:
            assert hello(ws, tokens["bea"])["seat"] == 2
        new = again(client, gid, tokens["bea"])["id"]
        assert client.get(f"/api/games/{gid}").json()["again"] == {"id": new, "seat": 2}
        assert again(client, gid, tokens["ann"])["id"] == new and games_stored(client) == 2
    with make_client(url) as client:  # the link that replaced the damaged one is the one kept
        assert again(client, gid, tokens["ann"])["id"] == new and games_stored(client) == 2


DAMAGED_MADE = [
    '{"options": {"edition": "2012"}, "seed_chosen"',  # malformed JSON
    '["options"]',
    '{"options": {"edition": "1999"}, "seed_chosen": true}',  # options the game refuses
    '{"options": {"edition": "2002", "setup": "draft"}, "seed_chosen": true}',  # another game's
    '{"options": "landsknechte", "seed_chosen": true}',
    '{"options": {"modules": [{"a": 1}]}, "seed_chosen": true}',
    '{"options": null, "seed_chosen": "yes"}',
    "{}",
]


@pytest.mark.parametrize("note", DAMAGED_MADE)
def test_a_damaged_made_note_gives_a_follow_up_of_the_games_own_options(tmp_path: Path, note: str) -> None:
    url, gid, tokens = finished_with_note(tmp_path, 32, "made", note)
    with make_client(url) as client:
        assert client.get(f"/api/games/{gid}").status_code == 200
        new = again(client, gid, tokens["ann"])["id"]
        store = hub(client).store
        old_head, head = store.history(gid)[0]["new_game"], store.history(new)[0]["new_game"]
        for key in ("edition", "modules", "setup"):
            assert head[key] == old_head[key], key


def test_a_damaged_time_bank_note_leaves_the_game_playable(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    people = [{"type": "human", "name": n} for n in ("Ann", "Bo", "Cy")]
    with make_client(url) as client:
        made = create_game(client, people, seed=33, turn_limit=600, time_bank=60)
    gid, token = made["id"], made["seats"][0]["token"]
    for text in ('{"banks": {"0": 12', "[12, 3]", '{"banks": {"0": "x", "1": -4, "2": 1e308}}'):
        put_note(url, gid, "time_bank", text)
        with make_client(url) as client:
            res = client.get(f"/api/games/{gid}")
            assert res.status_code == 200 and res.json()["status"] == "running", (text, res.text)
            room = hub(client).rooms[gid]
            assert [turn_timer.bank_of(room, seat) for seat in range(3)] == [60.0] * 3  # (each its first reserve)
            with client.websocket_connect(f"/ws/{gid}") as ws:
                hello(ws, token)
                state = next_of(ws, "state")
                if 0 in room.game.pending():
                    ws.send_json({"type": "act", "id": 1, "version": state["version"], "action": state["legal"][0]})
                    assert until_any(ws, ("ack", "error"))["type"] == "ack"


def test_a_damaged_follow_up_is_replaced_by_a_new_one(tmp_path: Path) -> None:
    """The follow-up's history was damaged (so it is set aside when loaded): Play again makes a new one
    and moves the link to it, as for a follow-up that expired unplayed."""
    url = sqlite_url(tmp_path)
    with make_client(url) as client:
        made, tokens = finished(client, seed=34)
        gid = made["id"]
        first = again(client, gid, tokens["ann"])["id"]
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE entries SET entry = '{bad' WHERE game_id = :g AND seq = 0"), {"g": first})
    engine.dispose()
    with make_client(url) as client:
        reply = again(client, gid, tokens["bea"])
        new = reply["id"]
        assert new != first and reply["seats"] == [{"seat": 2, "token": seat_token(tokens["bea"], new)}]
        assert hub(client).damage_of(first) is not None and games_stored(client) == 3
        assert client.get(f"/api/games/{gid}").json()["again"] == {"id": new, "seat": 2}
        assert again(client, gid, tokens["ann"])["id"] == new and games_stored(client) == 3
    with make_client(url) as client:  # the moved link is the one kept
        assert client.get(f"/api/games/{gid}").json()["again"] == {"id": new, "seat": 2}
        assert again(client, gid, tokens["ann"])["id"] == new and games_stored(client) == 3


# ----------------------------------------------------------------------------------- a failing store
@contextmanager
def failing(engine: sa.Engine, statement_start: str, holding: str = "") -> Iterator[None]:
    """Every statement that starts with ``statement_start`` (and whose parameters hold ``holding``) fails
    as on a full disk, inside its transaction."""

    def fail(_conn: Any, _cursor: Any, statement: str, params: Any, _context: Any, _many: bool) -> None:
        if statement.startswith(statement_start) and holding in str(params):
            raise OperationalError(statement, params, sqlite3.OperationalError("database or disk is full"))

    sa.event.listen(engine, "before_cursor_execute", fail)
    try:
        yield
    finally:
        sa.event.remove(engine, "before_cursor_execute", fail)


FAULTS = [
    ("SELECT notes.body", "made"),  # reading what the lobby asked for
    ("INSERT INTO games", ""),  # storing the follow-up
    ("INSERT INTO entries", ""),
    ("INSERT INTO notes", "again"),  # the finished game's link, the last write of the follow-up's transaction
]


@pytest.mark.parametrize(("statement", "holding"), FAULTS)
def test_a_store_failure_while_the_follow_up_is_made_leaves_nothing_half_made(
    tmp_path: Path, statement: str, holding: str
) -> None:
    url = sqlite_url(tmp_path)
    with LocalClient(create_app(url, settings=TableSettings(games_per_minute=3)), base_url="http://localhost") as c:
        made, tokens = finished(c, seed=41)
        gid, table = made["id"], hub(c)
        c.app.state.creations.clear()  # type: ignore[attr-defined]  # (a minute later: one new game may be made)
        rooms = set(table.rooms)
        with failing(table.store.engine, statement, holding):
            refused = again(c, gid, tokens["ann"], status=503)
            assert refused["code"] == "storage_down" and "unavailable" in refused["error"], refused
            with watching(c, gid, tokens["bea"]) as (_spectator, bea):
                bea.send_json({"type": "again", "id": 1})
                told = until(bea, "error")
                assert told.get("storage") == "waiting" and "unavailable" in told["message"], told
        # Neither a follow-up without its link nor a link without its follow-up, here or in the store.
        assert games_stored(c) == 1 and set(table.rooms) == rooms and table.rooms[gid].again is None
        assert table.store.notes(gid, "again") == [] and table.bot_games == {}
        # The failed clicks cost the address no new game: the next one makes the follow-up.
        new = again(c, gid, tokens["bea"])["id"]
        assert table.store.notes(gid, "again") == [{"id": new, "seat": 2}] and games_stored(c) == 2
    with make_client(url) as c:
        assert again(c, gid, tokens["ann"])["id"] == new and games_stored(c) == 2


def test_a_store_failure_while_a_seat_is_claimed_keeps_the_follow_up_for_a_later_click(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as c:
        made, tokens = finished(c, seed=42)
        gid, table = made["id"], hub(c)
        with failing(table.store.engine, "UPDATE games SET seats"):
            refused = again(c, gid, tokens["ann"], status=503)
            assert "unavailable" in refused["error"], refused
        # The follow-up was made and linked in one transaction; the seat is claimed on the next click.
        new = table.rooms[gid].again["id"]
        assert table.store.notes(gid, "again") == [{"id": new, "seat": 0}] and games_stored(c) == 2
        assert again(c, gid, tokens["ann"])["seats"] == [{"seat": 0, "token": seat_token(tokens["ann"], new)}]
        assert games_stored(c) == 2


def test_clicks_on_a_room_evicted_and_loaded_again_meanwhile_make_one_follow_up(tmp_path: Path) -> None:
    """A click holds the finished game's room while its body arrives; the sweeper may evict that room
    (idle, no socket) and the next click load it afresh: two room objects of one game, two locks."""
    with make_client(sqlite_url(tmp_path)) as client:
        made, tokens = finished(client, seed=43)
        gid, table = made["id"], hub(client)

        async def both() -> list[str]:
            first = table.rooms.pop(gid)  # (what Hub.sweep does to an idle room)
            second = await table.room(gid)
            assert second is not None and second is not first
            asks = [
                rematch.again(table, r, [t], "testclient", lambda: None)
                for r, t in ((first, tokens["ann"]), (second, tokens["bea"]))
            ]
            return [follow.id for follow in await asyncio.gather(*asks)]

        ids = client.portal.call(both)  # type: ignore[union-attr]
        assert len(set(ids)) == 1 and games_stored(client) == 2, ids
        assert client.get(f"/api/games/{gid}").json()["again"]["id"] == ids[0]


def test_a_room_loaded_before_the_follow_up_was_made_still_finds_it(tmp_path: Path) -> None:
    """The room loaded afresh read the store before the first click's follow-up was committed, and was
    listed after that click ended: the second click finds the link in the store."""
    with make_client(sqlite_url(tmp_path)) as client:
        made, tokens = finished(client, seed=44)
        gid, table = made["id"], hub(client)

        async def in_turn() -> list[str]:
            first = table.rooms.pop(gid)
            second = await table.room(gid)
            table.rooms.pop(gid)  # (still loading while the first click makes the follow-up)
            made_first = await rematch.again(table, first, [tokens["ann"]], "testclient", lambda: None)
            table.rooms[gid] = second
            assert second.again is None
            made_second = await rematch.again(table, second, [tokens["bea"]], "testclient", lambda: None)
            return [made_first.id, made_second.id]

        ids = client.portal.call(in_turn)  # type: ignore[union-attr]
        assert len(set(ids)) == 1 and games_stored(client) == 2, ids
