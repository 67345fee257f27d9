"""League of Six through the server: the lobby's description, a whole game against bots over the
WebSocket, the tax-tile rotation preview, clear refusals of bad options, and replays."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webclient import create_game, hello, make_client, next_of, play_to_end, reply, sqlite_url

import league_of_six
from league_of_six.bots.heuristic import HeuristicAgent
from wallenstein.bots.heuristic import HeuristicAgent as WallensteinHeuristic
from webtable.registry import BOTS, install_defaults

GAME = "league_of_six"


@pytest.fixture()
def client(tmp_path: Path) -> Any:
    with make_client(sqlite_url(tmp_path)) as c:
        yield c


def test_the_lobby_offers_league_of_six_with_its_stand_in_set_and_bots(client: TestClient) -> None:
    kinds = client.get("/api/kinds").json()
    los = kinds["games"][GAME]
    assert los["title"] == "League of Six" and los["players"] == [3, 4, 5]
    assert los["seats"] == ["Red", "Yellow", "Green", "Blue", "Black"]
    assert kinds["games"]["wallenstein"]["seats"] == ["Red", "Blue", "Yellow", "Purple", "Black"]
    selects = {s["name"]: s for s in los["options"]["selects"]}
    assert [c["name"] for c in selects["sides"]["choices"]] == ["white", "yellow"]
    assert [c["label"] for c in selects["components"]["choices"]] == ["stand-in set"]
    for_los = {b["name"] for b in kinds["bots"] if b["games"] is None or GAME in b["games"]}
    assert {"random", "heuristic", "search"} <= for_los
    meta = client.get(f"/api/meta/{GAME}").json()
    assert meta["components"]["set"] == "stand-in set" and meta["components"]["standin"] is True
    assert sorted(t["key"] for t in meta["towns"]) == sorted(league_of_six.components.TOWN_KEYS)
    assert all(len(t["sides"]["white"]) == 6 and len(t["sides"]["yellow"]) == 6 for t in meta["towns"])
    assert len(meta["tax_tiles"]) == len(league_of_six.standin().tax_tiles)


def test_one_bot_name_keeps_a_factory_per_game() -> None:
    install_defaults()
    heuristic = BOTS["heuristic"]
    assert heuristic.plays(GAME) and heuristic.plays("wallenstein")
    los = heuristic.make(GAME, 2, 7)
    wal = heuristic.make("wallenstein", 1, 7)
    assert isinstance(los, HeuristicAgent) and los.seat == 2
    assert isinstance(wal, WallensteinHeuristic)
    install_defaults()  # registering again changes nothing
    assert BOTS["heuristic"].plays(GAME) and BOTS["heuristic"].plays("wallenstein")


def test_a_person_plays_league_of_six_to_the_end_against_bots(client: TestClient) -> None:
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "heuristic"}, {"type": "bot", "bot": "random"}]
    made = create_game(client, seats, game=GAME, seed=4, options={"sides": "yellow", "components": "standin"})
    assert made["game"]["title"] == "League of Six"
    assert [s["colour"] for s in made["game"]["seats"]] == ["Red", "Yellow", "Green"]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        assert hello(ws, made["seats"][0]["token"])["seat"] == 0
        seen: list[dict[str, Any]] = []
        last = play_to_end(ws, random.Random(3), seen)
    states = [m for m in seen if m["type"] == "state"]
    assert all(m["obs"]["towns"]["bautzen"]["side"] == "yellow" for m in states)
    assert {m["obs"]["phase"] for m in states if m["legal"]} >= {"choose", "rotate", "store"}
    assert last["over"] and last["result"]["over"] is True and last["obs"]["round"] == 6
    assert len(last["result"]["influence"]) == 3 and last["result"]["winners"]
    info = client.get(f"/api/games/{made['id']}").json()
    assert info["status"] == "over" and info["version"] == last["version"]
    lines = [line for m in states for e in m["log"] for line in e["lines"]]
    assert any("=== Round 6 ===" in line for line in lines) and any(line.startswith("Winner") for line in lines)
    replay = client.get(f"/api/games/{made['id']}/replay?view=spectator").json()
    assert replay["frames"][-1]["obs"]["phase"] == "over"
    assert all("hand" not in f["obs"] for f in replay["frames"])  # a spectator has no own hand
    assert all("hands" in f["obs"] for f in replay["frames"])  # every hand is public (L-07)


def _to_rotation(client: TestClient, seed: int) -> tuple[dict[str, Any], league_of_six.Game]:
    """A game of three people played with random decisions until the first tax collection."""
    made = create_game(client, [{"type": "human"}] * 3, game=GAME, seed=seed)
    room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
    rng = random.Random(seed)
    while room.game.phase != "rotate":
        seat = room.game.pending()[0]
        room.game.apply(seat, rng.choice(room.game.legal_actions(seat)))  # test set-up: straight to the game
    return made, room.game


def test_the_rotation_preview_says_what_each_turn_yields(client: TestClient) -> None:
    made, game = _to_rotation(client, 9)
    seat = game.pending()[0]
    other = next(p for p in range(3) if p != seat)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, tokens[seat])
        legal = next_of(ws, "state")["legal"]
        assert {a["type"] for a in legal} == {"rotate"}
        ws.send_json({"type": "preview", "id": 1, "action": legal[0]})
        answer = reply(ws)
    assert answer["type"] == "preview" and answer["kind"] == "rotate", answer
    assert [y["turn"] for y in answer["yields"]] == [a["turn"] for a in legal]
    for y in answer["yields"]:  # each yield is what collecting with that turn really gives
        trial = game.clone()
        start = len(trial.log)
        trial.apply(seat, {"type": "rotate", "turn": y["turn"]})
        got = next(e for e in trial.log[start:] if e["e"] == "collect")
        assert (got["guards"], got["horses"], got["card"]) == (y["guards"], y["horses"], y["card"])
        assert got["goods"] == list(y["goods"].values()) and got["town"] == answer["town"]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:  # not this seat's decision: refused
        hello(ws, tokens[other])
        ws.send_json({"type": "preview", "id": 2, "action": legal[0]})
        refused = reply(ws)
    assert refused["type"] == "error" and "nothing to decide" in refused["message"]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ({"options": {"sides": "purple"}}, "town sides are ['white', 'yellow']"),
        ({"options": {"components": "printed.json"}}, "stand-in set"),
        ({"options": {"edition": "2012"}}, "unknown League of Six option"),
        ({"options": ["white"]}, "options must be an object"),
        ({"players": 6, "seats": [{"type": "human"}] * 6}, "League of Six takes [3, 4, 5] players"),
        ({"players": 2, "seats": [{"type": "human"}] * 2}, "League of Six takes [3, 4, 5] players"),
        ({"seats": [{"type": "bot", "bot": "genius"}] * 3}, "unknown bot 'genius'"),
    ],
)
def test_bad_league_of_six_options_are_refused_clearly(client: TestClient, body: dict[str, Any], needle: str) -> None:
    request = {"game": GAME, "seats": [{"type": "human"}] * 3, **body}
    res = client.post("/api/games", json=request)
    assert res.status_code == 400 and needle in res.json()["error"], res.text
    assert client.get("/api/games").json()["games"] == []


def test_illegal_league_of_six_decisions_are_refused_and_change_nothing(client: TestClient) -> None:
    made = create_game(client, [{"type": "human"}] * 3, game=GAME, seed=2)
    gid = made["id"]
    before = len(client.app.state.hub.store.history(gid))  # type: ignore[attr-defined]
    room = client.app.state.hub.rooms[gid]  # type: ignore[attr-defined]
    seat = room.game.pending()[0]
    besieged = [k for k, t in room.game.observe(None)["towns"].items() if t["besieged"]]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    with client.websocket_connect(f"/ws/{gid}") as ws:
        hello(ws, tokens[seat])
        bad = [
            ({"type": "choose", "town": besieged[0]}, "besieged"),
            ({"type": "choose", "town": "prague"}, "unknown town"),
            ({"type": "rotate", "turn": 1}, "not a decision of the choose phase"),
            ({"type": "offer", "guards": 13}, "integer from 1 to 12"),
        ]
        for i, (action, needle) in enumerate(bad):
            ws.send_json({"type": "act", "id": i, "version": room.version, "action": action})
            answer = reply(ws)
            assert answer["type"] == "error" and needle in answer["message"], answer
    assert len(client.app.state.hub.store.history(gid)) == before  # type: ignore[attr-defined]
    assert room.version == 0
