"""Every message to a seat holds only what that seat may know (architecture.md; W-11a, W-25).

Two checks: (1) messages are a function of public information and the seat's own secrets: games that
differ only in another seat's plan, the deck orders or the face-down action cards give identical
messages; (2) every state message a seat's WebSocket received equals the message rebuilt from that
seat's observation of the game at that version."""

from __future__ import annotations

import json
import random
from typing import Any

from webclient import create_game, make_client, record_every_message

import wallenstein
from wallenstein.narrate import Narrator
from webtable.registry import game_kind, install_defaults
from webtable.views import Storyboard, log_entries, state_message, told_steps

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
    steps: list[Any] = []
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
    """The state message for ``seat`` at every version, from the stored history (log from 0, each entry
    with the public snapshot after it as a merge patch)."""
    out = []
    story = Storyboard()  # each entry's "after": the spectator's view right after it (views.py)
    for version, game in enumerate(told_steps(KIND, history, story)):
        told = log_entries(game.log, Narrator(), story.afters)
        msg = state_message(KIND, game, seat, version, 0, told=told)
        out.append({"obs": msg["obs"], "legal": msg["legal"], "log": msg["log"], "over": msg["over"]})
    return out


def test_every_message_sent_to_a_seat_or_a_spectator_is_its_own_view(db_url: str) -> None:
    with make_client(db_url) as client:
        seats = [{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "human"}]
        made = create_game(client, seats, seed=5)
        got, history = record_every_message(client, made, (0, 2), random.Random(2), 60)
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
