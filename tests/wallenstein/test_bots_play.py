"""The bots play legal, reproducible games and decide from observations only."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from bot_games import PUBLIC_FIELDS, SMALL_SEARCH, assert_decisions_ignore_secrets, play_checked

import wallenstein
from tabletop.agents import Agent
from wallenstein.board import ACTIONS, N_BOXES
from wallenstein.bots import make_agent
from wallenstein.bots.heuristic import plan
from wallenstein.determinize import rebuild
from wallenstein.invariants import check
from wallenstein.planning import check_plan

# Tiny budgets per search bot kind: these tests check behaviour, not strength.
SMALL: dict[str, dict[str, Any]] = {
    "search": SMALL_SEARCH,
    "ismcts": {"simulations": 6, "candidates": 3, "model": 2, "worlds": 2},
}
# The configuration measured at about 1 s per decision (research/journal.md, "Third round"), tiny budget.
STRONG_ISMCTS = {**SMALL["ismcts"], "horizon": "year", "root": "halving", "confidence": 0, "expand": 2}
STRONG_ISMCTS["evaluation"] = "winter"
SMALL["ismcts_1s"] = STRONG_ISMCTS
# The same with the learned evaluation (research/journal.md, "Fourth round").
SMALL["ismcts_learned"] = {**STRONG_ISMCTS, "evaluation": "learned"}
# The head-to-head configuration (research/journal.md, "Fifth round"): season horizon, today's search's
# candidates as the model of other seats' hidden plans.
SMALL["ismcts_h2h"] = {**SMALL["ismcts_learned"], "horizon": "season", "opponents": "search"}
# The same with the budget shared unevenly between plans and moves, and plans played out to the
# year's end (research/journal.md, "Sixth round").
SMALL["ismcts_budget"] = {**SMALL["ismcts_h2h"], "plans": 1.5, "moves": 0.5, "plan_horizon": "year"}
# The budget moved from clear decisions to close ones, banked in engine steps (research/journal.md, "Ninth round").
SMALL["ismcts_bank"] = {
    **SMALL["ismcts_budget"],
    "simulations": 24,
    "stop": 0.5,
    "carry": 2,
    "bank": "steps",
    "hold": 1,
}
# Test names of configurations -> bot kinds.
KINDS = {
    "ismcts_1s": "ismcts",
    "ismcts_learned": "ismcts",
    "ismcts_h2h": "ismcts",
    "ismcts_budget": "ismcts",
    "ismcts_bank": "ismcts",
}
SEARCH_KINDS = ("ismcts", *KINDS)


def _play(
    kinds: Sequence[str],
    seed: int,
    players: int,
    setup: str = "lineup",
    edition: str = "2012",
    modules: Sequence[str] = (),
) -> wallenstein.Game:
    def make(kind: str, agent_seed: int) -> Agent:
        return make_agent(KINDS.get(kind, kind), agent_seed, **SMALL.get(kind, {}))

    return play_checked(kinds, make, seed, players, setup, edition, modules)


@pytest.mark.parametrize("chunk", range(4))
def test_heuristic_plays_only_legal_actions(chunk: int) -> None:
    for i in range(chunk * 6, chunk * 6 + 6):
        players = 3 + i % 3
        g = _play(["heuristic", "random"], seed=i, players=players, setup="draft" if i % 2 else "lineup")
        assert g.over


def test_search_plays_only_legal_actions() -> None:
    for i, players in enumerate((3, 4)):
        g = _play(["search", "heuristic", "random"], seed=40 + i, players=players, setup="draft" if i else "lineup")
        assert g.over


def test_heuristic_plans_are_legal_in_many_positions() -> None:
    rng = random.Random(3)
    for seed in range(12):
        g = wallenstein.new_game(players=3 + seed % 3, seed=seed, log=False)
        while not g.over:
            if g.phase == "planning":
                for seat in g.pending():
                    if g.s.plan_fill[seat] == 0:
                        check_plan(g, seat, plan(g, seat))
            seat = rng.choice(g.pending())
            g.apply(seat, rng.choice(g.legal_actions(seat)))


@pytest.mark.parametrize("kind", ["heuristic", "search", *SEARCH_KINDS])
def test_same_seed_same_game(kind: str) -> None:
    histories = []
    for _ in range(2):
        g = wallenstein.new_game(players=4, seed=9, log=False)
        options = SMALL.get(kind, {})
        agents = [make_agent(KINDS.get(kind, kind), 100, **options)]
        agents += [make_agent("heuristic", 100 + s) for s in range(1, 4)]
        for s, a in enumerate(agents):
            a.reset(s, 100 + s)
        # Stop after the first year to keep the test short.
        decisions = 0
        while not g.over and g.s.year == 1 and decisions < 60:
            seat = sorted(g.pending())[0]
            g.apply(seat, agents[seat].act(g.observe(seat), list(g.legal_actions(seat))))
            decisions += 1
        histories.append(json.dumps(g.history))
    assert histories[0] == histories[1]


# ---------------------------------------------------------------------------- observation only
def _twin_with_other_secrets(g: wallenstein.Game, seat: int, rng: random.Random) -> wallenstein.Game:
    """A copy of ``g`` whose secrets (other plans, face-down action cards, event deck order, the
    seed of all future chance) differ while everything ``seat`` may see stays the same."""
    twin = g.clone()
    s = twin.s
    twin.seed = g.seed + 7919
    twin.s.event_deck = list(reversed(s.event_deck))
    shown = len([a for a in g.observe(seat)["action_cards"] if a is not None])
    hidden = s.action_cards[shown:]
    if len(hidden) > 1:
        s.action_cards[shown:] = hidden[1:] + hidden[:1]
    if g.phase == "planning":
        for p in range(s.players):
            if p != seat and s.plan_fill[p] == N_BOXES:
                # Another legal plan with the same cards in different boxes.
                base = p * N_BOXES
                boxes = s.plans[base : base + 10]
                rng.shuffle(boxes)
                s.plans[base : base + 10] = boxes
    if g.phase in ("position", "move"):
        shown = g.observe(seat)["plans"]
        for p in range(s.players):
            hidden = [b for b, name in enumerate(ACTIONS) if name not in shown.get(str(p), {})]
            if p != seat and len(hidden) >= 2:
                base = p * N_BOXES
                i, j = base + hidden[0], base + hidden[-1]
                s.plans[i], s.plans[j] = s.plans[j], s.plans[i]
    twin.refresh()
    assert twin.observe(seat) == g.observe(seat)
    return twin


@pytest.mark.parametrize("kind", ["heuristic", "search", *SEARCH_KINDS])
def test_decisions_depend_only_on_what_the_seat_sees(kind: str) -> None:
    """Two games with the same public information and different secrets: the same decisions."""
    options = SMALL.get(kind, {})
    g = wallenstein.new_game(players=4, seed=21, log=False)

    def make_bot() -> Agent:
        return make_agent(KINDS.get(kind, kind), 5, **options)

    wanted, every = (25, 1) if kind == "heuristic" else (6, 3)
    assert_decisions_ignore_secrets(g, make_bot, _twin_with_other_secrets, random.Random(11), wanted, every)


def test_rebuilt_games_match_the_public_state() -> None:
    rng = random.Random(2)
    for seed in range(4):
        g = wallenstein.new_game(players=3 + seed % 3, seed=seed, setup="draft" if seed % 2 else "lineup", log=False)
        n = 0
        while not g.over:
            seat = rng.choice(g.pending())
            if n % 7 == 0:
                d = rebuild(g.observe(seat), random.Random(n), seed=n)
                check(d)
                for f in PUBLIC_FIELDS:
                    assert getattr(d.s, f) == getattr(g.s, f), f
                if g.phase in ("planning", "position", "move"):
                    assert d.s.tiles == g.s.tiles and d.s.position == g.s.position
                    visible = [a for a in g.observe(seat)["action_cards"] if a is not None]
                    assert d.s.action_cards[: len(visible)] == g.s.action_cards[: len(visible)]
                    assert sorted(d.s.action_cards) == list(range(10))
                if g.phase != "draft_pick":  # the refresh option depends on earlier picks
                    assert sorted(d.legal_actions(seat)) == sorted(g.legal_actions(seat))
                if g.phase in ("position", "move"):
                    base = seat * N_BOXES
                    assert d.s.plans[base : base + N_BOXES] == g.s.plans[base : base + N_BOXES]
            n += 1
            g.apply(seat, rng.choice(g.legal_actions(seat)))
