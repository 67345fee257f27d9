"""Every edition and module combination, side by side (issue 3): random games keep every invariant,
games are identical in any process whatever PYTHONHASHSEED is, histories replay, and no observation
depends on anything its seat may not know.

The secrecy check is generic: at random points of random games it builds "hidden twins" of the game,
copies that differ only in what some seat may not know (the order of the event and county decks, the
face-down action cards, another seat's unrevealed plan cards or court board), and asserts that every
other seat and a spectator observe exactly the same thing in the game and in each twin.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import random
import subprocess
import sys

import pytest

import wallenstein
from wallenstein.board import EMPTY, N_BOXES
from wallenstein.invariants import check
from wallenstein.state import COMMIT, LEADER_MOVE, MOVE, PLANNING, WINTER

MODULES = ("emperors_court", "landsknechte", "military_leaders")
# (edition, modules): the basic 2012 game, 2002, and every non-empty set of modules.
COMBOS: list[tuple[str, tuple[str, ...]]] = [
    ("2012", ()),
    ("2002", ()),
    *(("2012", tuple(c)) for n in (1, 2, 3) for c in itertools.combinations(MODULES, n)),
]
IDS = [f"{e}-{'+'.join(m) or 'basic'}" for e, m in COMBOS]


def play(
    edition: str, modules: tuple[str, ...], players: int, seed: int, setup: str, checks: bool = False
) -> wallenstein.Game:
    g = wallenstein.new_game(players=players, seed=seed, setup=setup, edition=edition, modules=modules)
    rng = random.Random(seed)
    while not g.over:
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        if checks:
            check(g)
    return g


@pytest.mark.parametrize(("edition", "modules"), COMBOS, ids=IDS)
def test_random_games_of_every_combination_keep_every_invariant(edition: str, modules: tuple[str, ...]) -> None:
    for i in range(24):
        players, setup = 3 + i % 3, ("lineup", "draft")[i // 3 % 2]
        g = play(edition, modules, players, seed=70_000 + i, setup=setup, checks=True)
        res = g.result()
        assert res["over"] and res["winners"] and len(res["vp"]) == players


SCRIPT = """
import hashlib, sys
sys.path.insert(0, {tests!r})
from test_every_combination import COMBOS, play
for edition, modules in COMBOS:
    g = play(edition, tuple(modules), 4, 314, "draft")
    print(hashlib.sha256(g.to_json().encode()).hexdigest())
"""


def _digests(hashseed: str) -> list[str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    code = SCRIPT.format(tests=os.path.dirname(__file__))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    return out.split()


def test_every_combination_is_identical_across_processes_and_hash_seeds() -> None:
    runs = [_digests(h) for h in ("0", "12345", "random")]
    assert runs[0] == runs[1] == runs[2]
    here = [hashlib.sha256(play(e, m, 4, 314, "draft").to_json().encode()).hexdigest() for e, m in COMBOS]
    assert here == runs[0]
    assert len(set(here)) == len(COMBOS)  # the options really change the game


@pytest.mark.parametrize(("edition", "modules"), COMBOS, ids=IDS)
def test_every_combination_replays_from_its_history_and_save(edition: str, modules: tuple[str, ...]) -> None:
    g = play(edition, modules, 5, 2718, "lineup")
    history = json.loads(json.dumps(g.history))
    assert history[0]["new_game"]["edition"] == edition and history[0]["new_game"]["modules"] == sorted(modules)
    assert wallenstein.replay(history).to_json() == g.to_json()
    assert wallenstein.Game.from_json(g.to_json()).s.to_dict() == g.s.to_dict()


# ------------------------------------------------------------------------------------ secrecy
def _revealed_cards(g: wallenstein.Game) -> int:
    """How many of the season's action cards are face up (W-11)."""
    s = g.s
    if s.phase == LEADER_MOVE:
        return 10
    if s.phase in (MOVE, COMMIT):
        return max(5, s.act + 1)
    return 5


def _twins(g: wallenstein.Game, rng: random.Random) -> list[tuple[int | None, wallenstein.Game]]:
    """Copies of g differing only in hidden things; each with the seat allowed to see the difference
    (None: nobody)."""
    s = g.s
    out: list[tuple[int | None, wallenstein.Game]] = []

    def twin(owner: int | None, change: object) -> None:
        t = g.clone()
        change(t.s)  # type: ignore[operator]
        t.refresh()
        if t.s.to_dict() != s.to_dict():
            out.append((owner, t))

    twin(None, lambda t: rng.shuffle(t.event_deck))
    twin(None, lambda t: rng.shuffle(t.county_deck))
    in_season = s.season != WINTER and len(s.action_cards) == 10
    if in_season:
        shown = _revealed_cards(g)

        def deal(t: object) -> None:
            hidden = t.action_cards[shown:]  # type: ignore[attr-defined]
            rng.shuffle(hidden)
            t.action_cards[shown:] = hidden  # type: ignore[attr-defined]

        twin(None, deal)
    for q in range(s.players):
        # Two of q's plan cards swapped between boxes whose actions nobody has seen performed yet.
        if s.phase == PLANNING:
            boxes = [b for b in range(10) if s.plans[q * N_BOXES + b] != EMPTY]
        elif in_season:
            future = s.action_cards[max(_revealed_cards(g), s.act + 1) :]
            boxes = [b for b in future if s.plans[q * N_BOXES + b] != EMPTY]
        else:
            boxes = []
        if len(boxes) >= 2:
            a, b = rng.sample(boxes, 2)

            def swap(t: object, a: int = a, b: int = b, q: int = q) -> None:
                plans = t.plans  # type: ignore[attr-defined]
                plans[q * N_BOXES + a], plans[q * N_BOXES + b] = plans[q * N_BOXES + b], plans[q * N_BOXES + a]

            twin(q, swap)
        court = s.court
        if court is not None and s.phase == PLANNING:
            board = court.plans[q * 3 : q * 3 + 3]
            if len(set(board)) > 1:

                def turn(t: object, q: int = q) -> None:
                    plans = t.court.plans  # type: ignore[attr-defined]
                    plans[q * 3 : q * 3 + 3] = plans[q * 3 + 1 : q * 3 + 3] + plans[q * 3 : q * 3 + 1]

                twin(q, turn)
    return out


@pytest.mark.parametrize(("edition", "modules"), COMBOS, ids=IDS)
def test_no_observation_depends_on_what_its_seat_may_not_know(edition: str, modules: tuple[str, ...]) -> None:
    rng = random.Random(99)
    compared = 0
    for i in range(6):
        players, setup = 3 + i % 3, ("draft", "lineup")[i % 2]
        g = wallenstein.new_game(players=players, seed=80_000 + i, setup=setup, edition=edition, modules=modules)
        while not g.over:
            if rng.random() < 0.08:
                for owner, t in _twins(g, rng):
                    for seat in [None, *range(players)]:
                        if seat is not None and seat == owner:
                            continue
                        assert g.observe(seat) == t.observe(seat), f"seat {seat} sees a hidden difference"
                        assert g.pending() == t.pending()
                        compared += 1
            seat = rng.choice(g.pending())
            g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert compared > 100
