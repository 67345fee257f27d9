"""Ruling L-07, played through ``Game.apply``: every guard and civic leader card enters or leaves a
hand in view of all, so this table shows every player's hand in every view.

A spectator with perfect memory rebuilds each hand from the public log alone: the three start guards
(seed 001, set-up), guards paid for travel (``choose``), offers paid and the guards a payer lacks
bought from the King for 2 influence each (``accept``), guards and gray cards from tax tiles
(``collect``) and the civic row bonus card from a face-up pile (``bonus``). After every decision of
random games, the observation of every other seat and of a spectator shows exactly those hands, and
they are the engine's. Rulebook: ``../shared/seeds/001_7c0a9294b8c55757.txt``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import league_of_six
from league_of_six.state import START_GUARDS

Hands = list[tuple[int, list[int]]]  # per seat: guards, civic leader card ids (sorted)


def _from_log(events: list[Mapping[str, Any]], hands: Hands, seen: set[str]) -> None:
    """Apply the log's hand changes (what a spectator sees happen) to ``hands``; ``seen`` collects
    which kinds of change happened."""

    def add(seat: int, guards: int = 0, card: Mapping[str, Any] | None = None) -> None:
        n, cards = hands[seat]
        hands[seat] = (n + guards, sorted([*cards, int(card["card"])]) if card else cards)

    for e in events:
        kind = e["e"]
        if kind == "choose" and e["guards"]:
            add(e["seat"], -int(e["guards"]))
            seen.add("travel")
        elif kind == "accept":
            bought = int(e["influence"]) // 2
            add(e["paid_by"], bought - int(e["guards"]))
            add(e["seat"], int(e["guards"]))
            seen.add("offer paid")
            if bought:
                seen.add("guards bought from the King")
        elif kind == "collect":
            add(e["seat"], int(e["guards"]), e.get("card"))
            seen.update(["tax tile guards"] * bool(e["guards"]) + ["tax tile gray card"] * bool(e.get("card")))
        elif kind == "bonus" and e.get("card"):
            add(e["seat"], card=e["card"])
            seen.add("civic bonus card")


def _shown(obs: Mapping[str, Any], players: int) -> Hands:
    hands = obs["hands"]
    return [
        (hands[str(p)]["guards"], sorted(int(c["card"]) for c in hands[str(p)]["civic_leaders"]))
        for p in range(players)
    ]


def _engine(g: league_of_six.Game) -> Hands:
    s = g.s
    return [(s.guards[p], [c for c, at in enumerate(s.card_at) if at == p]) for p in range(s.players)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_l07_every_view_shows_each_hand_as_the_public_log_builds_it(players: int) -> None:
    """L-07: after the start guards, travel, offers paid, guards bought from the King, tax tiles and
    the civic bonus card, every other seat and a spectator see exactly each player's hand."""
    seen: set[str] = set()
    for seed in range(3):
        g = league_of_six.new_game(players=players, seed=seed, log=True)
        rng = random.Random(seed)
        hands: Hands = [(START_GUARDS, []) for _ in range(players)]
        done = 0
        while True:
            _from_log(g.log[done:], hands, seen)
            done = len(g.log)
            assert hands == _engine(g)
            for viewer in (None, *range(players)):
                obs = g.observe(viewer)
                assert _shown(obs, players) == hands, (viewer, g.phase)
                if viewer is not None:
                    assert obs["hand"] == obs["hands"][str(viewer)]
            if g.over:
                break
            seat = g.pending()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
    wanted = {
        "travel",
        "offer paid",
        "guards bought from the King",
        "tax tile guards",
        "tax tile gray card",
        "civic bonus card",
    }
    assert wanted <= seen, sorted(wanted - seen)


def test_l07_bought_guards_are_shown_in_the_payee_hand_at_once() -> None:
    """L-07: an offer the payer cannot cover is paid with guards bought from the King; the payee's
    new guards and the payer's empty hand are in the very next view of a third seat."""
    for seed in range(40):
        g = league_of_six.new_game(players=4, seed=seed, log=True)
        rng = random.Random(seed)
        while not g.over:
            seat = g.pending()[0]
            before = len(g.log)
            g.apply(seat, rng.choice(g.legal_actions(seat)))
            bought = [e for e in g.log[before:] if e["e"] == "accept" and e["influence"]]
            if bought:
                e = bought[0]
                third = next(p for p in range(4) if p not in (e["seat"], e["paid_by"]))
                view = g.observe(third)["hands"]
                for p in (e["seat"], e["paid_by"]):
                    assert view[str(p)]["guards"] == g.s.guards[p]
                if all(x["e"] != "choose" or x["seat"] != e["paid_by"] for x in g.log[before:]):
                    assert view[str(e["paid_by"])]["guards"] == 0  # it had fewer than it paid
                return
    raise AssertionError("no offer paid with guards bought from the King in 40 games")
