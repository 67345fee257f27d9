"""Refusals the server sends (the lobby's checks, the connection, the engines' refusals of a decision)
carry a stable code and its parameters, and every code has its message in each page catalogue
(``server.<code>`` in static/locales/<lang>/server.json), so the page words it in its language; a
new code without a translation fails here (issue 15)."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webclient import create_game, hello, make_client, next_of, reply, sqlite_url

from league_of_six import game as lgame
from tabletop.errors import IllegalAction
from wallenstein import game as wgame
from wallenstein.actions import Action

SRC = Path(__file__).resolve().parents[2] / "src"
LOCALES = SRC / "webtable" / "static" / "locales"
LANGS = ("en", "de")
# code="x" (an IllegalAction's) and "code": "x" (a message the server builds itself)
CODE = re.compile(r"""\bcode="(\w+)"|"code": "(\w+)\"""")
# Where refusals that can reach the page are raised: the server and the engines it hosts.
PACKAGES = ("webtable", "wallenstein", "league_of_six", "tabletop")
HUMANS = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "human"}]


def codes_in_source() -> set[str]:
    found: set[str] = set()
    for package in PACKAGES:
        for path in (SRC / package).rglob("*.py"):
            found.update(a or b for a, b in CODE.findall(path.read_text(encoding="utf-8")))
    return found


def server_catalogue(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LOCALES / lang / "server.json").read_text(encoding="utf-8"))
    return data


def test_every_code_the_server_can_send_has_a_message_in_both_page_catalogues() -> None:
    codes = codes_in_source()
    # the scanner sees the lobby's, the connection's and the engines' codes
    assert {"name_like_bot", "wrong_token", "too_many_messages", "stale", "bid_too_high", "enter_offer"} <= codes
    for lang in LANGS:
        missing = sorted(c for c in codes if f"server.{c}" not in server_catalogue(lang))
        assert missing == [], f"{lang}/server.json lacks {missing}"


def test_counted_refusals_have_plural_forms() -> None:
    for lang in LANGS:
        for key, msg in server_catalogue(lang).items():
            texts = msg.values() if isinstance(msg, dict) else [msg]
            if any("{n}" in t for t in texts):
                assert isinstance(msg, dict), f"{lang} {key}: a counted message needs plural forms"


@pytest.fixture()
def client(tmp_path: Path) -> Any:
    with make_client(sqlite_url(tmp_path)) as c:
        yield c


def assert_known(message: dict[str, Any]) -> str:
    """The message's code, after checking the page knows it in both languages."""
    code = message.get("code")
    assert isinstance(code, str), message
    for lang in LANGS:
        assert f"server.{code}" in server_catalogue(lang), (lang, code)
    return code


def test_lobby_refusals_carry_codes_and_parameters(client: TestClient) -> None:
    def refused(body: dict[str, Any]) -> dict[str, Any]:
        res = client.post("/api/games", json=body)
        assert res.status_code == 400, res.text
        data: dict[str, Any] = res.json()
        assert data["error"]  # the English reason is still there for API callers
        return data

    bot_name = refused({"game": "wallenstein", "seats": [{"type": "human", "name": "Robot"}, *HUMANS[1:]]})
    assert assert_known(bot_name) == "name_like_bot" and bot_name["params"] == {"seat": 0}
    long_name = refused({"game": "wallenstein", "seats": [*HUMANS[:2], {"type": "human", "name": "x" * 40}]})
    assert assert_known(long_name) == "name_too_long" and long_name["params"] == {"seat": 2, "n": 24}
    bad_option = refused({"game": "wallenstein", "seats": HUMANS, "options": {"colour": "red"}})
    assert assert_known(bad_option) == "unknown_options" and bad_option["params"] == {"names": ["colour"]}
    edition = refused({"game": "wallenstein", "seats": HUMANS, "options": {"edition": "1999"}})
    assert assert_known(edition) == "bad_options"
    limit = refused({"game": "wallenstein", "seats": HUMANS, "turn_limit": 0})
    assert assert_known(limit) == "bad_turn_limit"
    players = refused({"game": "league_of_six", "seats": HUMANS[:2]})
    assert assert_known(players) == "players_count" and players["params"]["counts"] == [3, 4, 5]
    bad_json = client.post("/api/games", content=b"{", headers={"content-type": "application/json"})
    assert assert_known(bad_json.json()) == "bad_json"
    assert assert_known(client.get("/api/games/nope").json()) == "no_game"


def test_connection_refusals_and_decision_refusals_carry_codes(client: TestClient) -> None:
    gid = create_game(client, HUMANS, seed=1)["id"]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"type": "hello", "token": "not-a-token"})
        assert assert_known(ws.receive_json()) == "wrong_token"
    made = create_game(client, HUMANS, seed=2)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, made["seats"][0]["token"])
        next_of(ws, "state")
        ws.send_text('{"type": "act", "version": 0, "id": 1, "action": {"type": "position", "position": 1}}')
        refusal = reply(ws)
        assert assert_known(refusal) == "wrong_phase" and "not a decision" in refusal["message"]
        ws.send_text(
            '{"type": "act", "version": 0, "id": 2, "action": {"type": "plan_card", "box": "bid", "card": "money:9"}}'
        )
        assert reply(ws)["type"] == "error"  # a card the engine's parser refuses: English only, no code
        ws.send_bytes(b"\x00")
        assert assert_known(reply(ws)) == "binary_frame"
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, None)
        next_of(ws, "state")
        ws.send_text('{"type": "act", "version": 0, "id": 3, "action": {}}')
        assert assert_known(reply(ws)) == "spectators_cannot_act"


def test_engine_refusals_keep_their_english_reason_and_add_a_code() -> None:
    g = wgame.new_game(players=3, seed=5)
    g.s.thalers[0] = 1  # arranged: a bid of 4 thalers is more than the seat has
    with pytest.raises(IllegalAction, match="a bid of 4 thalers needs that much money") as bid:
        g.apply(0, Action.from_json({"type": "plan_card", "box": "bid", "card": "money:4"}))
    assert bid.value.code == "bid_too_high" and bid.value.params == {"n": 4, "have": 1}
    league = lgame.new_game(players=3, seed=1)
    idle = next(seat for seat in range(3) if not league.legal_actions(seat))
    busy = next(seat for seat in range(3) if league.legal_actions(seat))
    with pytest.raises(IllegalAction, match="nothing to decide") as turn:
        league.apply(idle, league.legal_actions(busy)[0])
    assert turn.value.coded() == {"code": "not_your_turn", "params": {}}
    # a code crosses process boundaries (the tournament's process backend pickles errors)
    again = pickle.loads(pickle.dumps(IllegalAction("why", code="x", params={"n": 1})))
    assert (str(again), again.code, again.params) == ("why", "x", {"n": 1})
    assert IllegalAction("plain").coded() == {}
