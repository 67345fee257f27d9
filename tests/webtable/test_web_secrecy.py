"""Every message to a seat holds only what that seat may know (architecture.md; W-11, W-25).

Two checks: (1) messages are a function of public information and the seat's own secrets: games that
differ only in another seat's plan, the deck orders or the face-down action cards give identical
messages; (2) every state message a seat's WebSocket received equals the message rebuilt from that
seat's observation of the game at that version."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from webclient import create_game, hello, make_client, next_of

import wallenstein
from wallenstein.narrate import Narrator
from webtable.registry import game_kind, install_defaults
from webtable.views import replay_steps, state_message

install_defaults()
KIND = game_kind("wallenstein")


def _messages(g: wallenstein.Game, skip: int) -> dict[str, str]:
    """What every seat but ``skip``, and a spectator, would be sent now (log told from the start)."""
    out = {}
    for seat in [None, *range(g.players)]:
        if seat == skip:
            continue
        msg = state_message(KIND, g, seat, 0, 0, Narrator())
        out[str(seat)] = json.dumps(msg, sort_keys=True)
    return out


def _plan_steps(g: wallenstein.Game, seat: int, rng: random.Random, bid: Any) -> list[Any]:
    """A random plan for ``seat`` as box-by-box decisions, with the given bid first."""
    trial = g.clone()
    steps = []
    while seat in trial.pending() and trial.phase == "planning":
        legal = trial.legal_actions(seat)
        choice = next(a for a in legal if a.b == bid) if not steps else rng.choice(legal)
        steps.append(choice)
        trial.apply(seat, choice)
    return steps


def test_messages_do_not_depend_on_another_seats_plan() -> None:
    for seed in range(4):
        rng = random.Random(seed)
        base = wallenstein.new_game(players=4, seed=seed)
        bid = base.legal_actions(1)[0].b
        plan_a = _plan_steps(base, 1, rng, bid)
        plan_b = _plan_steps(base, 1, rng, bid)
        a, b = base.clone(), base.clone()
        for step_a, step_b in zip(plan_a, plan_b, strict=True):
            a.apply(1, step_a)
            b.apply(1, step_b)
            assert _messages(a, 1) == _messages(b, 1)
        assert a.s.plans != b.s.plans or plan_a == plan_b


def test_messages_do_not_depend_on_deck_orders_or_face_down_cards() -> None:
    g = wallenstein.new_game(players=4, seed=11, setup="draft")
    other = g.clone()
    other.s.county_deck = list(reversed(other.s.county_deck))
    other.s.event_deck = list(reversed(other.s.event_deck))
    assert other.s.county_deck != g.s.county_deck
    assert _messages(g, -1) == _messages(other, -1)
    h = wallenstein.new_game(players=4, seed=12)  # line-up: planning with five face-down action cards
    swapped = h.clone()
    cards = swapped.s.action_cards
    cards[5:] = list(reversed(cards[5:]))
    assert cards != h.s.action_cards
    assert _messages(h, -1) == _messages(swapped, -1)


def _rebuilt(history: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The state message for ``seat`` at every version, from the stored history (log from 0)."""
    out = []
    for version, game in enumerate(replay_steps(KIND, history)):
        msg = state_message(KIND, game, seat, version, 0, Narrator())
        out.append({"obs": msg["obs"], "legal": msg["legal"], "log": msg["log"], "over": msg["over"]})
    return out


def test_every_message_sent_to_a_seat_or_a_spectator_is_its_own_view(db_url: str) -> None:
    with make_client(db_url) as client:
        seats = [{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "human"}]
        made = create_game(client, seats, seed=5)
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        got: dict[str, list[dict[str, Any]]] = {"0": [], "2": [], "None": []}
        rng = random.Random(2)
        gid = made["id"]
        with (
            client.websocket_connect(f"/ws/{gid}") as ws0,
            client.websocket_connect(f"/ws/{gid}") as ws2,
            client.websocket_connect(f"/ws/{gid}") as spec,
        ):
            hello(ws0, tokens[0])
            hello(ws2, tokens[2])
            hello(spec, None)
            socks = {0: ws0, 2: ws2}
            room = client.app.state.hub.rooms[gid]  # type: ignore[attr-defined]
            for _ in range(60):  # sixty human decisions, by whichever person is asked
                while not room.game.over and not [p for p in room.game.pending() if p in socks]:
                    time.sleep(0.005)  # bots are deciding
                if room.game.over:
                    break
                seat = min(p for p in room.game.pending() if p in socks)
                version = room.version
                while True:
                    state = next_of(socks[seat], "state", got[str(seat)])
                    if state["version"] >= version and state["legal"]:
                        break
                socks[seat].send_json({"type": "act", "id": 1, "action": rng.choice(state["legal"])})
                next_of(socks[seat], "ack", got[str(seat)])
            history = client.app.state.hub.store.history(gid)  # type: ignore[attr-defined]
            for name, ws in (("0", ws0), ("2", ws2), ("None", spec)):  # what is left in each socket
                ws.send_json({"type": "ping"})
                while (msg := ws.receive_json())["type"] != "pong":
                    got[name].append(msg)
    for name, seat in (("0", 0), ("2", 2), ("None", None)):
        views = _rebuilt(history, seat)
        log_so_far: list[dict[str, Any]] = []
        states = [m for m in got[name] if m["type"] == "state"]
        assert states
        for msg in states:
            assert msg["log_from"] == len(log_so_far)
            log_so_far += msg["log"]
            if msg["version"] >= len(views):
                continue  # sent after the history was read
            want = views[msg["version"]]
            assert msg["seat"] == seat
            assert msg["obs"] == want["obs"]
            assert msg["legal"] == want["legal"]
            assert log_so_far == want["log"][: len(log_so_far)]
            assert "history" not in msg and "seed" not in json.dumps(msg["obs"])
            if seat is None:
                assert msg["legal"] == [] and "my_plan" not in msg["obs"]
