"""Every League of Six message to a seat holds only what that seat may know: hands (guards and civic
leader cards in hand) are public on this table (ruling L-07), and chance to come (the piles' order,
the tax tiles to be drawn) reaches nobody.

(1) Games that differ in a hand give different messages to everyone; games that differ only in the
piles' order or the chance still to come give identical messages; (2) every state message a seat's
WebSocket received equals the message rebuilt from that seat's observation at that version."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from webclient import create_game, make_client, record_every_message, sqlite_url

import league_of_six
from webtable.league_kind import narrator
from webtable.registry import game_kind, install_defaults
from webtable.views import Storyboard, log_entries, state_message, told_steps

install_defaults()
KIND = game_kind("league_of_six")


def _messages(g: league_of_six.Game, skip: set[int]) -> dict[str, str]:
    """What every seat not in ``skip``, and a spectator, would be sent now (log told from the start)."""
    out = {}
    for seat in [None, *range(g.players)]:
        if seat in skip:
            continue
        out[str(seat)] = json.dumps(state_message(KIND, g, seat, 0, 0, narrator(g)), sort_keys=True)
    return out


def _played(seed: int, decisions: int) -> league_of_six.Game:
    g = league_of_six.new_game(players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def test_every_hand_reaches_everyone_and_the_piles_order_nobody() -> None:
    for seed in range(4):
        g = _played(seed, 40 + 7 * seed)
        other = g.clone()
        # L-07: seats 1 and 2 hold other numbers of guards: every seat and a spectator are told.
        other.s.guards[1] += 2
        other.s.guards[2] += 5
        other.refresh()
        mine, theirs = _messages(g, set()), _messages(other, set())
        assert all(mine[k] != theirs[k] for k in mine)
        # The tax tile pile in another order: nobody is told.
        piles = g.clone()
        piles.s.tax_deck.reverse()
        piles.refresh()
        assert piles.s.tax_deck != g.s.tax_deck and _messages(piles, set()) == mine


def test_messages_do_not_depend_on_the_chance_to_come() -> None:
    g = _played(5, 6)
    assert g.s.round == 1
    other = g.clone()
    other.seed = g.seed + 1  # every later draw (piles, Hussites, tax and storage tiles) comes out differently
    assert _messages(g, set()) == _messages(other, set())
    rng = random.Random(0)
    while g.s.round == other.s.round == 1 and not g.over:  # same decisions, different futures
        seat = g.pending()[0]
        action = rng.choice(g.legal_actions(seat))
        g.apply(seat, action)
        other.apply(seat, action)
        if g.s.round == 1:
            assert _messages(g, set()) == _messages(other, set())
    assert g.observe(None) != other.observe(None)  # round 2 was drawn differently: the twins were real


def _rebuilt(history: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The state message for ``seat`` at every version, from the stored history (log from 0, each entry
    with the public snapshot after it as a merge patch)."""
    out = []
    story = Storyboard()  # each entry's "after": the spectator's view right after it (views.py)
    for version, game in enumerate(told_steps(KIND, history, story)):
        told = log_entries(game.log, narrator(game), story.afters)
        msg = state_message(KIND, game, seat, version, 0, told=told)
        out.append({"obs": msg["obs"], "legal": msg["legal"], "log": msg["log"], "over": msg["over"]})
    return out


def test_every_league_of_six_message_is_its_seats_own_view(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        seats = [{"type": "human"}, {"type": "bot", "bot": "heuristic"}, {"type": "human"}]
        made = create_game(client, seats, game="league_of_six", seed=8)
        got, history = record_every_message(client, made, (0, 2), random.Random(4), None)
    for name, seat in (("0", 0), ("2", 2), ("None", None)):
        views = _rebuilt(history, seat)
        log_so_far: list[dict[str, Any]] = []
        states = [m for m in got[name] if m["type"] == "state"]
        assert states and states[-1]["over"]
        for msg in states:
            assert msg["log_from"] == len(log_so_far)
            log_so_far += msg["log"]
            want = views[msg["version"]]
            assert msg["seat"] == seat
            assert msg["obs"] == want["obs"]
            assert msg["legal"] == want["legal"]
            assert log_so_far == want["log"][: len(log_so_far)]
            assert "history" not in msg and "seed" not in json.dumps(msg["obs"])
            assert "hands" in msg["obs"]  # public on this table (L-07)
            assert ("hand" in msg["obs"]) == (seat is not None)
            if seat is None:
                assert msg["legal"] == []
