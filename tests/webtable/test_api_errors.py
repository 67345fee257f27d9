"""A request to an API address the table does not serve, or with a method it does not take, is refused
in the API's shape (``error`` and a ``code`` the page words in its language), not FastAPI's bare
``detail``; the HTML pages and static files keep their own 404."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_i18n_server_codes import LANGS, server_catalogue
from test_rematch import finished
from webclient import create_game, make_client, sqlite_url

from webtable.guard import Guard
from webtable.settings import TableSettings

NO_ROUTE = [
    ("GET", "/api/nope"),
    ("GET", "/api"),
    ("POST", "/api/games/a%2Fb/again"),  # (a slash in the id: another path, which no route takes)
    ("GET", "/api/games/abc/again/more"),
    ("GET", "/api/" + "x" * 5000),
]
WRONG_METHOD = [
    ("DELETE", "/api/games", "GET, POST"),
    ("GET", "/api/games/abc/again", "POST"),
    ("PUT", "/api/kinds", "GET"),
]


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(sqlite_url(tmp_path)) as c:
        yield c


def coded(res: Any, status: int, code: str) -> None:
    assert res.status_code == status, res.text
    body = res.json()
    assert body.get("code") == code and isinstance(body.get("error"), str) and "detail" not in body, body
    for lang in LANGS:
        assert f"server.{code}" in server_catalogue(lang), (lang, code)
    assert len(res.text) < 500  # (nothing long echoed back)


def ask(client: TestClient, method: str, path: str) -> Any:
    return client.request(method, path, json={})  # (a JSON body, as the guard wants of a POST)


@pytest.mark.parametrize(("method", "path"), NO_ROUTE)
def test_an_unknown_api_path_is_a_coded_404(client: TestClient, method: str, path: str) -> None:
    coded(ask(client, method, path), 404, "no_route")


@pytest.mark.parametrize(("method", "path", "allowed"), WRONG_METHOD)
def test_a_method_an_api_path_does_not_take_is_a_coded_405(
    client: TestClient, method: str, path: str, allowed: str
) -> None:
    res = ask(client, method, path)
    coded(res, 405, "method_not_allowed")
    assert res.headers["allow"] == allowed


def test_pages_and_static_files_keep_their_own_404(client: TestClient) -> None:
    for path in ("/nope", "/static/nope.js", "/apinope", "/game/abc/more"):
        res = client.get(path)
        assert res.status_code == 404 and "code" not in res.text, (path, res.text)
    page = ask(client, "POST", "/")
    assert page.status_code == 405 and "code" not in page.text, page.text


@pytest.mark.parametrize("seat", ["abc", "1.5", "x" * 5000])
def test_a_path_value_of_the_wrong_type_is_a_coded_400_that_echoes_nothing_long(client: TestClient, seat: str) -> None:
    res = ask(client, "POST", f"/api/games/abc/invites/{seat}")
    coded(res, 400, "bad_request")
    assert res.json()["params"] == {"field": "seat"}


def test_the_replay_review_and_hint_refusals_are_coded(client: TestClient) -> None:
    made, tokens = finished(client, seed=61)
    gid = made["id"]
    for view in ("abc", "7", "-1", "1" * 5000):
        coded(client.get(f"/api/games/{gid}/replay", params={"view": view}), 400, "bad_view")
    coded(_review(client, gid, "{x"), 400, "bad_json")
    coded(_review(client, gid, "[1]"), 400, "not_an_object")
    for seat in ("abc", 7, True, -1, "x" * 5000):
        coded(_review(client, gid, json.dumps({"seat": seat})), 400, "bad_view")
    running = create_game(client, [{"type": "human"}, *[{"type": "bot", "bot": "random"}] * 2], seed=62)
    page = client.get(f"/api/games/{running['id']}/replay", params={"view": "0"})
    coded(page, 403, "seat_view_needs_token")
    hint = client.post(f"/api/games/{running['id']}/hint", json={}, headers={"x-seat-token": tokens["ann"]})
    coded(hint, 403, "hint_needs_seat")


def _review(client: TestClient, gid: str, text: str) -> Any:
    return client.post(f"/api/games/{gid}/review", content=text, headers={"content-type": "application/json"})


def test_the_guards_refusals_are_coded(client: TestClient) -> None:
    body = {"content-type": "application/json"}
    coded(client.get("/api/games", headers={"host": "evil.example"}), 400, "unknown_host")
    coded(client.post("/api/games", json={}, headers={"origin": "https://evil.example"}), 403, "foreign_origin")
    coded(client.post("/api/games", content="{}", headers={"content-type": "text/plain"}), 415, "needs_json")
    huge = client.post("/api/games", content="[" + "0," * 40_000 + "0]", headers=body)
    coded(huge, 413, "body_too_large")
    assert huge.json()["params"] == {"n": 65536}


def test_a_body_that_does_not_arrive_in_time_is_a_coded_408() -> None:
    """(The whole server against a client sending a byte at a time: test_web_abuse.py.)"""

    async def never(scope: Any, receive: Any, send: Any) -> None:
        await receive()  # (the route reading its body)

    async def stalled() -> dict[str, Any]:
        await asyncio.sleep(10)
        return {"type": "http.disconnect"}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    guard = Guard(never, TableSettings(body_timeout=0.05))
    headers = [(b"host", b"localhost"), (b"content-type", b"application/json")]
    scope = {"type": "http", "method": "POST", "path": "/api/games", "headers": headers}
    asyncio.run(guard(scope, stalled, send))  # type: ignore[arg-type]
    assert sent[0]["status"] == 408
    refusal = json.loads(sent[1]["body"])
    assert refusal["code"] == "body_too_slow" and refusal["params"] == {"seconds": 0.05}, refusal


def test_an_unknown_game_or_bot_name_is_echoed_back_clipped(client: TestClient) -> None:
    long = "x" * 5000
    answers = [
        client.get(f"/api/meta/{long}"),
        client.post("/api/games", json={"game": long, "players": 3}),
        client.post(
            "/api/games", json={"game": "wallenstein", "players": 3, "seats": [{"type": "bot", "bot": long}] * 3}
        ),
    ]
    for res in answers:
        assert res.status_code in (400, 404) and res.json()["code"] in ("unknown_game", "unknown_bot"), res.text
        assert len(res.text) < 500, res.text
        assert "'random'" in res.text or "'wallenstein'" in res.text, res.text  # (the known names, not cut off)


def test_unknown_field_and_option_names_are_echoed_back_few_and_clipped(client: TestClient) -> None:
    people = [{"type": "human", "name": n} for n in ("Ann", "Bo", "Cy")]
    many = {f"{i:04d}" + "y" * 60: 1 for i in range(800)}
    for extra, code in (({"y" * 5000: 1}, "unknown_fields"), (many, "unknown_fields")):
        res = client.post("/api/games", json={"game": "wallenstein", "players": 3, "seats": people, **extra})
        coded(res, 400, code)
    for options in ({"y" * 5000: 1}, many):
        res = client.post("/api/games", json={"game": "wallenstein", "players": 3, "seats": people, "options": options})
        coded(res, 400, "unknown_options")
        assert "'edition'" in res.json()["error"]  # (the options it takes, not cut off)
    few = client.post("/api/games", json={"game": "wallenstein", "players": 3, "seats": people, "b": 1, "a": 2})
    assert few.json()["params"] == {"names": ["a", "b"]}


@pytest.mark.parametrize("path", ["/ws/a/b", "/ws", "/nope", "/api/games", "/" + "x" * 5000])
def test_a_socket_to_an_address_no_route_takes_is_told_so_coded(client: TestClient, path: str) -> None:
    """The protocol's error (code no_route, the path clipped) before the close (4404), not a bare close."""
    with client.websocket_connect(path) as ws:
        told = ws.receive_json()
        assert told["type"] == "error" and told["code"] == "no_route", told
        assert len(told["params"]["path"]) < 100 and len(told["message"]) < 130  # (clipped)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    assert client.get(path).status_code in (404, 405, 200)  # (HTTP requests keep their routes)
