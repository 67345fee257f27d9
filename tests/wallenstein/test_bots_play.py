"""The bots play legal, reproducible games and decide from observations only."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

import wallenstein
from tabletop.agents import Agent, derive_seed
from tabletop.errors import IllegalAction
from tabletop.runner import run
from wallenstein.actions import Action
from wallenstein.board import ACTIONS, N_BOXES
from wallenstein.bots import BOT_KINDS, make_agent
from wallenstein.bots.heuristic import plan
from wallenstein.determinize import rebuild
from wallenstein.edition2002 import PLAN_START
from wallenstein.invariants import check
from wallenstein.planning import check_plan

SMALL_SEARCH = {"simulations": 4, "candidates": 3}
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


class Checked:
    """Wraps an agent; asserts that it only ever gets a dict and a list and answers a legal decision."""

    def __init__(self, agent: Agent, game: wallenstein.Game) -> None:
        self.agent = agent
        self.game = game  # only to check legality here, never passed to the agent
        self.needs_observation = getattr(agent, "needs_observation", True)
        self.decisions = 0

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        assert type(observation) is dict and type(legal) is list
        action: Action = self.agent.act(observation, legal)
        seat = observation.get("seat", self.game.pending()[0])
        if action.kind == "plan":
            g = self.game
            assert g.phase == "planning" and g.s.plan_fill[seat] == (PLAN_START if g.is2002 else 0)
            g.check_plan(seat, action.cards)  # the edition's or module's check: IllegalAction if not legal
        else:
            assert action in legal, f"{action} is not among the legal actions"
        self.decisions += 1
        return action


def _play(
    kinds: Sequence[str],
    seed: int,
    players: int,
    setup: str = "lineup",
    edition: str = "2012",
    modules: Sequence[str] = (),
) -> wallenstein.Game:
    g = wallenstein.new_game(players=players, seed=seed, setup=setup, edition=edition, modules=modules, log=False)
    agents = []
    for seat in range(players):
        kind = kinds[seat % len(kinds)]
        a = make_agent(KINDS.get(kind, kind), derive_seed(seed, seat), **SMALL.get(kind, {}))
        a.reset(seat, derive_seed(seed, seat))
        agents.append(Checked(a, g))
    run(g, agents)
    check(g)
    return g


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


def test_make_agent_rejects_unknown_kinds_and_options() -> None:
    assert set(BOT_KINDS) == {"random", "heuristic", "search", "ismcts", "ppo", "learned"}
    with pytest.raises(IllegalAction, match="unknown bot kind"):
        make_agent("oracle", 1)
    with pytest.raises(IllegalAction, match="bad options"):
        make_agent("search", 1, depth=3)
    with pytest.raises(IllegalAction):
        make_agent("random", 1, noise=1)


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
    rng = random.Random(11)
    g = wallenstein.new_game(players=4, seed=21, log=False)
    checked = 0
    steps = 0
    while not g.over and checked < (25 if kind == "heuristic" else 6):
        steps += 1
        seat = sorted(g.pending())[0]
        legal = list(g.legal_actions(seat))
        if len(legal) > 1 and (kind == "heuristic" or steps % 3 == 0):
            twin = _twin_with_other_secrets(g, seat, rng)
            options = SMALL.get(kind, {})
            a1 = make_agent(KINDS.get(kind, kind), 5, **options)
            a2 = make_agent(KINDS.get(kind, kind), 5, **options)
            a1.reset(seat, 5)
            a2.reset(seat, 5)
            assert a1.act(g.observe(seat), legal) == a2.act(twin.observe(seat), list(twin.legal_actions(seat)))
            checked += 1
        g.apply(seat, legal[rng.randrange(len(legal))])
    assert checked >= 6


def test_rebuilt_games_match_the_public_state() -> None:
    fields: tuple[str, ...] = ("owner", "armies", "buildings", "revolts", "thalers", "grain", "vp", "supply")
    fields += ("inside", "tray")
    fields += ("peasants", "bsupply", "markers", "year", "season", "phase", "order", "year_events", "event")
    rng = random.Random(2)
    for seed in range(4):
        g = wallenstein.new_game(players=3 + seed % 3, seed=seed, setup="draft" if seed % 2 else "lineup", log=False)
        n = 0
        while not g.over:
            seat = rng.choice(g.pending())
            if n % 7 == 0:
                d = rebuild(g.observe(seat), random.Random(n), seed=n)
                check(d)
                for f in fields:
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
