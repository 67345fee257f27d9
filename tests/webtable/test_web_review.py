"""The review on the server: built once per seat in the background (progress while it runs), stored with
the game, refused for a game still running; and the hint, offered only to the one person of a game
against bots, counted with the game."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from positions import finished_game, store_game
from starlette.testclient import TestClient
from webclient import LocalClient, create_game, hello, next_of, sqlite_url

import webtable.routes.review
from tabletop.review import hint
from webtable.app import create_app
from webtable.settings import TableSettings

QUICK = TableSettings(review_processes=0, review_budget="quick", hint_simulations=8)


def client_for(url: str) -> TestClient:
    return LocalClient(create_app(url, settings=dataclasses.replace(QUICK)), base_url="http://localhost")


def reviewed(client: TestClient, gid: str, seat: str) -> dict[str, Any]:
    """Ask for ``seat``'s review, then read it until done (seeing it run at least once)."""
    body = {"seat": None if seat == "spectator" else int(seat)}
    answer = client.post(f"/api/games/{gid}/review", json=body).json()
    assert answer["status"] == "running", answer
    for _ in range(600):
        answer = client.get(f"/api/games/{gid}/review", params={"seat": seat}).json()
        if answer["status"] != "running":
            break
        assert 0 <= answer["done"] <= max(answer["total"], 1)
        time.sleep(0.1)
    assert answer["status"] == "done", answer
    review: dict[str, Any] = answer["review"]
    return review


def test_a_finished_game_is_reviewed_once_and_the_review_kept(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    game = finished_game(3)
    gid, _ = store_game(url, game)
    with client_for(url) as client:
        assert client.get(f"/api/games/{gid}/review", params={"seat": "1"}).json() == {"status": "none"}
        review = reviewed(client, gid, "1")
        assert review["seat"] == 1 and review["players"] == 3 and review["budget"]["simulations"] == 24
        assert review["decisions"] and all(d["played"]["text"] for d in review["decisions"])
        assert len(review["curve"]) >= 2 and all(abs(sum(p["chances"]) - 1) < 1e-3 for p in review["curve"])
        assert review["result"]["over"] is True
        # Asked again: the stored one, at once, without another build.
        again = client.post(f"/api/games/{gid}/review", json={"seat": 1}).json()
        assert again == {"status": "done", "review": review}
    with client_for(url) as client:  # another process: the review is kept with the game
        assert client.get(f"/api/games/{gid}/review", params={"seat": "1"}).json()["review"] == review
        assert client.get(f"/api/games/{gid}/review", params={"seat": "0"}).json() == {"status": "none"}


def test_review_refusals_change_nothing(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    running = finished_game(4)
    gid, _ = store_game(url, finished_game(4))
    with client_for(url) as client:
        assert client.post(f"/api/games/{gid}/review", json={"seat": 7}).status_code == 400
        assert client.post(f"/api/games/{gid}/review", json={"seat": "x"}).status_code == 400
        assert client.post(f"/api/games/{gid}/review", json=[1]).status_code == 400
        bad = client.post(f"/api/games/{gid}/review", content=b"{", headers={"content-type": "application/json"})
        assert bad.status_code == 400
        assert client.get("/api/games/nope/review").status_code == 404
        assert client.get(f"/api/games/{gid}/review", params={"seat": "0"}).json() == {"status": "none"}
    del running
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    with client_for(url) as client:
        made = create_game(client, seats, seed=2)
        res = client.post(f"/api/games/{made['id']}/review", json={"seat": 0})
        assert res.status_code == 409 and res.json()["code"] == "not_over"


def test_a_hint_for_the_one_person_against_bots_is_counted(tmp_path: Path) -> None:
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "heuristic"}, {"type": "bot", "bot": "heuristic"}]
    with client_for(sqlite_url(tmp_path)) as client:
        made = create_game(client, seats, seed=6)
        gid, token = made["id"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{gid}") as ws:
            hello(ws, token)
            state = next_of(ws, "state")
            while not state["legal"]:
                state = next_of(ws, "state")
            assert client.post(f"/api/games/{gid}/hint", json={}).status_code == 403  # no token: no seat
            res = client.post(f"/api/games/{gid}/hint", json={}, headers={"x-seat-token": token})
            assert res.status_code == 200, res.text
            assert res.json()["text"] and res.json()["hints"] == 1
            # The hinted decision is one the seat may take: taken, it is acknowledged.
            ws.send_json({"type": "act", "id": 1, "version": state["version"], "action": res.json()["action"]})
            assert next_of(ws, "ack")["id"] == 1
            summary = client.get(f"/api/games/{gid}").json()
            assert summary["hints"] == {"0": 1}


def test_a_second_hint_while_one_is_worked_out_is_refused(tmp_path: Path, monkeypatch: Any) -> None:
    """One hint at a time per game: a second asked while the first runs gets 429 hint_busy at once (the
    two requests overlap: an async client sends the second while the first's search is held), changes
    nothing, and the rule lets the next hint through once the first is answered."""
    searching, release = threading.Event(), threading.Event()

    def held_hint(*args: Any) -> Any:
        searching.set()
        if not release.wait(60):
            raise TimeoutError("the test never let the first hint finish")
        return hint(*args)

    monkeypatch.setattr(webtable.routes.review, "hint", held_hint)
    app = create_app(sqlite_url(tmp_path), settings=dataclasses.replace(QUICK))
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "heuristic"}, {"type": "bot", "bot": "heuristic"}]

    async def main() -> tuple[httpx.Response, httpx.Response, httpx.Response, dict[str, Any]]:
        transport = httpx.ASGITransport(app=app)
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=transport, base_url="http://localhost", timeout=60) as http,
        ):
            made = (await http.post("/api/games", json={"game": "wallenstein", "players": 3, "seats": seats})).json()
            gid, headers = made["id"], {"x-seat-token": made["seats"][0]["token"]}
            room = app.state.hub.rooms[gid]
            for _ in range(600):  # the bots' plans are in: only the person's decision is left, the game waits
                if room.game.pending() == [0]:
                    break
                await asyncio.sleep(0.05)
            first = asyncio.ensure_future(http.post(f"/api/games/{gid}/hint", json={}, headers=headers))
            assert await asyncio.to_thread(searching.wait, 60), "the first hint never started"
            second = await http.post(f"/api/games/{gid}/hint", json={}, headers=headers)
            assert not first.done()  # the two overlapped: the first is still being worked out
            release.set()
            answered = await first
            third = await http.post(f"/api/games/{gid}/hint", json={}, headers=headers)
            summary: dict[str, Any] = (await http.get(f"/api/games/{gid}")).json()
            return second, answered, third, summary

    second, first, third, summary = asyncio.run(main())
    assert second.status_code == 429 and second.json()["code"] == "hint_busy", second.text
    assert first.status_code == 200 and first.json()["hints"] == 1, first.text
    assert third.status_code == 200 and third.json()["hints"] == 2, third.text  # the refused one not counted
    assert summary["hints"] == {"0": 2}


def test_no_hint_in_a_game_with_another_person(tmp_path: Path) -> None:
    seats = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "bot", "bot": "random"}]
    with client_for(sqlite_url(tmp_path)) as client:
        made = create_game(client, seats, seed=6)
        res = client.post(f"/api/games/{made['id']}/hint", json={}, headers={"x-seat-token": made["seats"][0]["token"]})
        assert res.status_code == 403 and res.json()["code"] == "no_hints"
        assert client.get(f"/api/games/{made['id']}").json()["hints"] == {}


def test_a_flood_of_review_requests_is_refused_past_the_queue(tmp_path: Path, monkeypatch: Any) -> None:
    url = sqlite_url(tmp_path)
    ids = [store_game(url, finished_game(10 + k))[0] for k in range(2)]
    monkeypatch.setattr("webtable.reviews.MAX_QUEUED", 3)
    with client_for(url) as client:
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]
        monkeypatch.setattr(hub.reviewer, "executor", _NeverRuns())
        answers = [client.post(f"/api/games/{gid}/review", json={"seat": s}) for gid in ids for s in (0, 1)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert answers[3].json()["code"] == "reviews_busy"
        again = client.post(f"/api/games/{ids[0]}/review", json={"seat": 0})  # one queued already: its progress
        assert again.status_code == 200 and again.json()["status"] == "running"


class _NeverRuns:
    """An executor whose work never finishes (the queue stays full for the test)."""

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        import concurrent.futures

        return concurrent.futures.Future()

    def shutdown(self, *args: Any, **kwargs: Any) -> None:
        pass
