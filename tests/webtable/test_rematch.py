"""Play again (webtable.rematch, POST /api/games/{id}/again): a finished game's follow-up is made once,
copies the game, its options, seats, bots, names and limits, gets a seed by the documented rule, and gives
each person's new seat token only to that person."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from webclient import LocalClient, create_game, hello, make_client, sqlite_url

from tabletop.errors import IllegalAction
from webtable.app import create_app
from webtable.messages import SERVER_MESSAGE
from webtable.rematch import follow_up_seats, next_seed, seat_token
from webtable.rooms import Room, token_digest
from webtable.settings import TableSettings

OPTIONS = {"edition": "2012", "modules": ["landsknechte"], "setup": "lineup"}


# Ann plays seat 0 on this screen, a heuristic bot named Kurt seat 1, Bea is invited to seat 2.
SEATS: list[dict[str, Any]] = [
    {"type": "human", "name": "Ann"},
    {"type": "bot", "bot": "heuristic", "name": "Kurt"},
    {"type": "human", "name": "Bea", "invite": True},
]
WITH_CID = [*SEATS[:2], {"type": "human", "name": "Cid"}]  # (Cid's token comes with the creator's reply)


def hub(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def play_out(client: TestClient, gid: str, seed: int = 5) -> None:
    """Every pending seat (people's and bots') decides at random until the game is over, on the server's loop."""

    async def play(room: Room) -> None:
        rng = random.Random(seed)
        while not room.game.over:
            seat = sorted(room.game.pending())[0]
            try:
                await room.act(seat, rng.choice(list(room.game.legal_actions(seat))))
            except IllegalAction:  # a bot decided meanwhile
                continue

    room = hub(client).rooms[gid]
    client.portal.call(play, room)  # type: ignore[union-attr]
    assert room.status == "over"


@contextmanager
def watching(client: TestClient, gid: str, token: str) -> Iterator[tuple[WebSocketTestSession, WebSocketTestSession]]:
    """A spectator's connection to game ``gid`` and a seat's (``token``), both welcomed."""
    with client.websocket_connect(f"/ws/{gid}") as spectator, client.websocket_connect(f"/ws/{gid}") as seat:
        hello(spectator, None)
        hello(seat, token)
        yield spectator, seat


def claim_invite(client: TestClient, gid: str, invite_url: str) -> str:
    """Bea claims her invite; her seat's token."""
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"type": "hello", "invite": invite_url.split("#invite=")[1]})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome", welcome
        token: str = welcome["token"]
        return token


def finished(client: TestClient, **extra: Any) -> tuple[dict[str, Any], dict[str, str]]:
    """A finished game of Ann, Kurt and Bea (``extra``: the lobby's fields); its reply and the people's tokens."""
    made = create_game(client, SEATS, options=OPTIONS, **extra)
    seats = {s["seat"]: s for s in made["seats"]}
    tokens = {"ann": seats[0]["token"], "bea": claim_invite(client, made["id"], seats[2]["invite"])}
    play_out(client, made["id"])
    return made, tokens


def again(client: TestClient, gid: str, *tokens: str, status: int = 200) -> dict[str, Any]:
    res = client.post(f"/api/games/{gid}/again", json={"tokens": list(tokens)})
    assert res.status_code == status, res.text
    body: dict[str, Any] = res.json()
    return body


def games_stored(client: TestClient) -> int:
    return len(hub(client).store.games(1000))


def test_the_follow_up_copies_the_game_and_is_made_once(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        made, tokens = finished(client, seed=1234, private=True, turn_limit=120, time_bank=60)
        first = again(client, made["id"], tokens["ann"])
        new = first["id"]
        assert first["seats"] == [{"seat": 0, "token": seat_token(tokens["ann"], new)}]
        # Bea, then Ann again (a second tab): the same game; each gets only their own seat.
        bea = again(client, made["id"], tokens["bea"])
        assert bea["id"] == new and bea["seats"] == [{"seat": 2, "token": seat_token(tokens["bea"], new)}]
        assert again(client, made["id"], tokens["ann"])["seats"] == first["seats"]
        assert games_stored(client) == 2
        store = hub(client).store
        old, follow = store.record(made["id"]), store.record(new)
        assert follow.kind == "wallenstein" and follow.players == 3 and follow.status == "running"
        for key in ("type", "name", "bot", "turn_limit", "time_bank"):
            assert [s.get(key) for s in follow.seats] == [s.get(key) for s in old.seats], key
        assert [s["name"] for s in follow.seats] == ["Ann", "Kurt", "Bea"]
        assert follow.seats[0]["turn_limit"] == 120 and follow.seats[2]["time_bank"] == 60
        # The same creator and privacy; the options and the derived seed (a chosen seed: a reproducible series).
        assert (
            store.owner(new).creator_sha256 == store.owner(made["id"]).creator_sha256 == token_digest(made["creator"])
        )
        assert store.owner(new).private is True
        head = store.history(new)[0]["new_game"]
        assert head["seed"] == next_seed(1234) != 1234
        assert (head["edition"], head["modules"], head["setup"]) == ("2012", ["landsknechte"], "lineup")
        assert store.notes(new, "made")[-1]["options"] == OPTIONS
        # The creator of the finished game controls the follow-up (abandon it).
        res = client.post(f"/api/games/{new}/abandon", json={}, headers={"x-creator-token": made["creator"]})
        assert res.status_code == 200, res.text


def test_a_chosen_seed_gives_the_same_series_and_a_random_one_a_fresh_seed(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        seeded = [finished(client, seed=77) for _ in range(2)]
        follows = [again(client, m["id"], t["ann"])["id"] for m, t in seeded]
        store = hub(client).store
        heads = [store.history(f)[0] for f in follows]
        assert heads[0] == heads[1]  # the same set-up, deck orders and all
        salts = [[s.get("salt") for s in store.record(f).seats] for f in follows]
        assert salts[0] == salts[1] and salts[0][1] is not None  # the bots are seeded alike too
        made, tokens = finished(client)
        old_seed = store.history(made["id"])[0]["new_game"]["seed"]
        follow_seed = store.history(again(client, made["id"], tokens["ann"])["id"])[0]["new_game"]["seed"]
        assert follow_seed != next_seed(old_seed)


def test_tokens_go_only_to_their_holders(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        made, tokens = finished(client, seed=3)
        gid = made["id"]
        with watching(client, gid, tokens["bea"]) as (spectator, bea):
            reply = again(client, gid, tokens["ann"])
            new = reply["id"]
            secrets = {seat_token(tokens["bea"], new), seat_token(tokens["ann"], new)}
            assert seat_token(tokens["bea"], new) not in json.dumps(reply)
            for ws in (spectator, bea):
                seen = []
                while (msg := ws.receive_json())["type"] != "again":
                    seen.append(msg)
                assert msg == {"type": "again", "game": new, "seat": 0, "name": "Ann"}
                ws.send_json({"type": "ping"})
                while (msg := ws.receive_json())["type"] != "pong":
                    seen.append(msg)
                assert not any(s in json.dumps(seen) for s in secrets)
        # A late spectator is told in its welcome; its connection never sees a token.
        with client.websocket_connect(f"/ws/{gid}") as late:
            welcome = hello(late, None)
            assert welcome["game"]["again"] == {"id": new, "seat": 0}
            assert not any(s in json.dumps(welcome) for s in secrets)
        # The new tokens open the new seats; the old ones open nothing there.
        with client.websocket_connect(f"/ws/{new}") as ws:
            assert hello(ws, seat_token(tokens["ann"], new))["seat"] == 0
        with client.websocket_connect(f"/ws/{new}") as ws:
            ws.send_json({"type": "hello", "token": tokens["ann"]})
            assert ws.receive_json()["code"] == "wrong_token"
        assert "held_sha256" not in client.get(f"/api/games/{new}").text


def test_a_seat_its_holder_never_took_stays_theirs_in_the_next_follow_up() -> None:
    seats = [{"type": "human", "name": "Ann", "held_sha256": token_digest("ann")}, {"type": "human", "name": "Bo"}]
    again_seats = follow_up_seats(seats, seed=1, chosen=True)
    assert again_seats[0] == {"type": "human", "name": "Ann", "held_sha256": token_digest("ann")}
    assert set(again_seats[1]) == {"type", "name", "invite_sha256"}  # (an invite nobody took: open again)


def test_a_seated_connection_plays_again_over_its_socket(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        made, tokens = finished(client, seed=12)
        gid = made["id"]
        with watching(client, gid, tokens["bea"]) as (spectator, bea):
            spectator.send_json({"type": "again", "id": 1})
            assert until(spectator, "error")["code"] == "not_a_seat"
            assert games_stored(client) == 1
            bea.send_json({"type": "again", "id": 2})
            answer = until(bea, "again_seats")
            new = answer["game"]
            assert answer == {
                "type": "again_seats",
                "id": 2,
                "game": new,
                "seats": [{"seat": 2, "token": seat_token(tokens["bea"], new)}],
            }
            told = until(spectator, "again")
            assert told == {"type": "again", "game": new, "seat": 2, "name": "Bea"}
            for msg in (answer, told):
                SERVER_MESSAGE.validate_python(msg)  # (the protocol's models)
            spectator.send_json({"type": "ping"})
            seen: list[dict[str, Any]] = []
            until(spectator, "pong", seen)
            assert seat_token(tokens["bea"], new) not in json.dumps(seen)
        assert again(client, gid, tokens["ann"])["id"] == new


def until(ws: Any, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next message of type ``kind`` (those before it kept in ``seen``)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
        if seen is not None:
            seen.append(msg)


def test_a_hot_seat_screen_gets_all_its_seats(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        people = [{"type": "human", "name": n} for n in ("Ann", "Bea")] + [{"type": "bot", "bot": "random"}]
        made = create_game(client, people, seed=9)
        play_out(client, made["id"])
        tokens = [s["token"] for s in made["seats"]]
        reply = again(client, made["id"], *tokens)
        assert reply["seats"] == [{"seat": i, "token": seat_token(t, reply["id"])} for i, t in enumerate(tokens)]


def test_refusals_make_nothing(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        running = create_game(client, WITH_CID)
        assert again(client, running["id"], running["seats"][0]["token"], status=409)["code"] == "game_not_over"
        made, tokens = finished(client, seed=11)
        n = games_stored(client)
        assert again(client, made["id"], "not-a-token", status=403)["code"] == "not_a_seat"
        assert again(client, made["id"], made["creator"], status=403)["code"] == "not_a_seat"  # a creator is no seat
        res = client.post(f"/api/games/{made['id']}/again", json={})
        assert res.status_code == 400 and res.json()["code"] == "bad_tokens"
        assert again(client, "nosuchgame", tokens["ann"], status=404)["code"] == "no_game"
        gone = create_game(client, WITH_CID)
        client.post(f"/api/games/{gone['id']}/abandon", json={}, headers={"x-creator-token": gone["creator"]})
        assert again(client, gone["id"], gone["seats"][0]["token"], status=409)["code"] == "abandoned"
        assert games_stored(client) == n + 1
        assert hub(client).rooms[made["id"]].again is None


def test_the_table_limits_apply_as_to_a_new_game(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with LocalClient(create_app(url, settings=TableSettings(games_per_minute=3)), base_url="http://localhost") as c:
        made, tokens = finished(c, seed=2)  # (one new game of three a minute, bursts of one)
        refused = again(c, made["id"], tokens["ann"], status=429)
        assert refused["code"] == "too_many_games" and hub(c).rooms[made["id"]].again is None
    with LocalClient(
        create_app(url, settings=TableSettings(max_bot_games_per_client=0, max_bot_games=1)),
        base_url="http://localhost",
    ) as c:
        other = create_game(c, SEATS)  # the one game with bots the table runs
        assert other["id"]
        refused = again(c, made["id"], tokens["ann"], status=429)
        assert refused["code"] == "bot_games_full" and games_stored(c) == 2


def test_a_restart_keeps_the_link(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with make_client(url) as client:
        made, tokens = finished(client, seed=4)
        new = again(client, made["id"], tokens["ann"])["id"]
    with make_client(url) as client:
        assert client.get(f"/api/games/{made['id']}").json()["again"] == {"id": new, "seat": 0}
        assert again(client, made["id"], tokens["bea"])["id"] == new
        assert games_stored(client) == 2


def test_a_follow_up_that_expired_unplayed_is_made_again(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        made, tokens = finished(client, seed=6)
        first = again(client, made["id"], tokens["ann"])["id"]
        table = hub(client)
        assert table.store.expire(time.time() + 1) == [first]  # (what the sweeper does to idle unfinished games)
        table.rooms.pop(first)
        table.bot_games.pop(first)
        second = again(client, made["id"], tokens["bea"])
        assert second["id"] != first and second["seats"][0]["seat"] == 2
        assert client.get(f"/api/games/{made['id']}").json()["again"] == {"id": second["id"], "seat": 2}
        assert again(client, made["id"], tokens["ann"])["id"] == second["id"]


def test_league_of_six_keeps_its_sides(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
        made = create_game(client, seats, game="league_of_six", options={"sides": "yellow"}, seed=8)
        play_out(client, made["id"])
        new = again(client, made["id"], made["seats"][0]["token"])["id"]
        head = hub(client).store.history(new)[0]["new_game"]
        assert head["game"] == "league_of_six" and set(head["sides"]) == {"yellow"}
