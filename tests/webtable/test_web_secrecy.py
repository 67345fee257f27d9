"""Every message to a seat holds only what that seat may know (architecture.md; W-11a, W-25).

Two checks: (1) messages are a function of public information and the seat's own secrets: games that
differ only in another seat's plan, the deck orders or the face-down action cards give identical
messages; (2) every state message a seat's WebSocket received equals the message rebuilt from that
seat's observation of the game at that version."""

from __future__ import annotations

import random
from typing import Any

from seat_views import checked_states, messages_now
from webclient import create_game, make_client, record_every_message

import wallenstein
from webtable.registry import game_kind, install_defaults

install_defaults()
KIND = game_kind("wallenstein")


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
            assert messages_now(KIND, a, {1}) == messages_now(KIND, b, {1})
        assert a.s.plans != b.s.plans or plan_a == plan_b


def test_messages_do_not_depend_on_deck_orders_or_face_down_cards() -> None:
    g = wallenstein.new_game(players=4, seed=11, setup="draft")
    other = g.clone()
    other.s.county_deck = list(reversed(other.s.county_deck))
    other.s.event_deck = list(reversed(other.s.event_deck))
    assert other.s.county_deck != g.s.county_deck
    assert messages_now(KIND, g) == messages_now(KIND, other)
    h = wallenstein.new_game(players=4, seed=12)  # line-up: planning with five face-down action cards
    swapped = h.clone()
    cards = swapped.s.action_cards
    cards[5:] = list(reversed(cards[5:]))
    assert cards != h.s.action_cards
    assert messages_now(KIND, h) == messages_now(KIND, swapped)


def test_every_message_sent_to_a_seat_or_a_spectator_is_its_own_view(db_url: str) -> None:
    with make_client(db_url) as client:
        seats = [{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "human"}]
        made = create_game(client, seats, seed=5)
        got, history = record_every_message(client, made, (0, 2), random.Random(2), 60)
    for seat in (0, 2, None):
        for msg in checked_states(KIND, got[str(seat)], history, seat, whole=False):
            if seat is None:
                assert "my_plan" not in msg["obs"]
