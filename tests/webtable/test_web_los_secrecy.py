"""Every League of Six message to a seat holds only what that seat may know: hands (guards and civic
leader cards in hand) are public on this table (ruling L-07), and chance to come (the piles' order,
the tax tiles to be drawn) reaches nobody.

(1) Games that differ in a hand give different messages to everyone; games that differ only in the
piles' order or the chance still to come give identical messages; (2) every state message a seat's
WebSocket received equals the message rebuilt from that seat's observation at that version."""

from __future__ import annotations

import random
from pathlib import Path

from positions import random_decisions
from seat_views import checked_states, messages_now
from webclient import create_game, make_client, record_every_message, sqlite_url

import league_of_six
from webtable.registry import game_kind, install_defaults

install_defaults()
KIND = game_kind("league_of_six")


def _played(seed: int, decisions: int) -> league_of_six.Game:
    game: league_of_six.Game = random_decisions(league_of_six.new_game(players=4, seed=seed), seed, decisions)
    assert len([e for e in game.history if "action" in e]) == decisions  # not over before
    return game


def test_every_hand_reaches_everyone_and_the_piles_order_nobody() -> None:
    for seed in range(4):
        g = _played(seed, 40 + 7 * seed)
        other = g.clone()
        # L-07: seats 1 and 2 hold other numbers of guards: every seat and a spectator are told.
        other.s.guards[1] += 2
        other.s.guards[2] += 5
        other.refresh()
        mine, theirs = messages_now(KIND, g), messages_now(KIND, other)
        assert all(mine[k] != theirs[k] for k in mine)
        # The tax tile pile in another order: nobody is told.
        piles = g.clone()
        piles.s.tax_deck.reverse()
        piles.refresh()
        assert piles.s.tax_deck != g.s.tax_deck and messages_now(KIND, piles) == mine


def test_messages_do_not_depend_on_the_chance_to_come() -> None:
    g = _played(5, 6)
    assert g.s.round == 1
    other = g.clone()
    other.seed = g.seed + 1  # every later draw (piles, Hussites, tax and storage tiles) comes out differently
    assert messages_now(KIND, g) == messages_now(KIND, other)
    rng = random.Random(0)
    while g.s.round == other.s.round == 1 and not g.over:  # same decisions, different futures
        seat = g.pending()[0]
        action = rng.choice(g.legal_actions(seat))
        g.apply(seat, action)
        other.apply(seat, action)
        if g.s.round == 1:
            assert messages_now(KIND, g) == messages_now(KIND, other)
    assert g.observe(None) != other.observe(None)  # round 2 was drawn differently: the twins were real


def test_every_league_of_six_message_is_its_seats_own_view(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        seats = [{"type": "human"}, {"type": "bot", "bot": "heuristic"}, {"type": "human"}]
        made = create_game(client, seats, game="league_of_six", seed=8)
        got, history = record_every_message(client, made, (0, 2), random.Random(4), None)
    for seat in (0, 2, None):
        states = checked_states(KIND, got[str(seat)], history, seat, whole=True)
        assert states[-1]["over"]
        for msg in states:
            assert "hands" in msg["obs"]  # public on this table (L-07)
            assert ("hand" in msg["obs"]) == (seat is not None)
