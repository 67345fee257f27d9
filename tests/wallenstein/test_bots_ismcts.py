"""The ismcts bot plays every edition and module set to the end, keeps its budget and beats random
players (tiny budgets: behaviour, not strength). That it is reproducible and decides from its
observation only is tested with the other bots in test_bots_play.py."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, replace
from typing import Any

import pytest
from bot_games import Checked
from test_bots_play import SMALL, _play

import wallenstein
from tabletop.errors import IllegalAction
from tabletop.runner import run
from tabletop.tournament import tournament
from wallenstein.actions import Action
from wallenstein.bots import BOT_KINDS, make_agent
from wallenstein.bots.heuristic import DEFAULT, decide, heuristic_decisions, plan
from wallenstein.bots.ismcts import KIND_OF_PHASE, PLAN_POOL, PRESETS, IsmctsAgent, WallensteinParts
from wallenstein.bots.learned import FEATURES, HORIZONS, WEIGHTS, features, horizon, learned_values
from wallenstein.bots.rollout import move_kind, quick_move
from wallenstein.bots.search import (
    legal_plan,
    move_candidates,
    plan_candidates,
    seat_values,
    winter_revolt_loss,
)
from wallenstein.bots.tournament import WallensteinTournament
from wallenstein.edition2002 import PLAN_START
from wallenstein.state import MOVE, PLANNING

GAMES = [
    ("2012", (), "lineup", 4),
    ("2012", (), "draft", 3),
    ("2002", (), "lineup", 4),
    ("2012", ("emperors_court",), "lineup", 4),
    ("2012", ("landsknechte",), "lineup", 5),
    ("2012", ("military_leaders",), "draft", 4),
    ("2012", ("emperors_court", "landsknechte", "military_leaders"), "lineup", 3),
]


@pytest.mark.parametrize("kind", ["ismcts", "ismcts_learned", "ismcts_h2h"])
@pytest.mark.parametrize(("edition", "modules", "setup", "players"), GAMES)
def test_plays_every_edition_and_module_set_to_the_end(
    edition: str, modules: tuple[str, ...], setup: str, players: int, kind: str
) -> None:
    """Every decision checked legal (whole plans through the edition's or module's own check); the
    learned evaluation, fitted on the 2012 basic game with 4 players, reads facts every game has."""
    g = _play([kind, "heuristic", "random"], 60 + players, players, setup, edition, modules)
    assert g.over


@pytest.mark.parametrize(
    "options",
    [
        {"horizon": "year"},
        {"root": "halving"},
        {"horizon": "year", "root": "halving", "evaluation": "winter", "expand": 3},
        {"horizon": "year", "root": "halving", "evaluation": "learned", "expand": 3},
        {"horizon": "season", "evaluation": "learned"},
        {"root": "halving", "evaluation": "learned", "opponents": "search", "expand": 3},
        {"root": "halving", "evaluation": "learned", "opponents": "search", "plans": 1.5, "moves": 0.5},
        {"root": "halving", "evaluation": "learned", "plan_horizon": "year", "plans": 0.5, "moves": 0.5},
        {"root": "halving", "evaluation": "learned", "opponents": "search", "expand": 3},
    ],
)
def test_the_year_horizon_and_the_halving_root_play_to_the_end(options: dict[str, Any]) -> None:
    """The year horizon plans later seasons inside the tree, where county ownership differs from
    world to world (a plan legal in one may not be in another: checked in each)."""
    g = wallenstein.new_game(players=4, seed=71, log=False)
    agents = []
    for seat in range(4):
        a = IsmctsAgent(seat, seat, **SMALL["ismcts"], **options) if seat == 0 else make_agent("heuristic", seat)
        a.reset(seat, seat)
        agents.append(Checked(a, g))
    run(g, agents)
    assert g.over and agents[0].decisions > 0


def test_a_later_seasons_plan_is_checked_in_each_world() -> None:
    """Counties change hands by battles whose chance differs between worlds: a plan legal in one
    world of a later season is not taken as legal in another where a county of it was lost."""
    g = wallenstein.new_game(players=4, seed=5, log=False)
    bot = IsmctsAgent(0, 1, horizon="year")
    parts = WallensteinParts(bot, g.observe(0), g)
    later = g.clone()
    while later.s.phase != PLANNING or (later.s.year, later.s.season) == parts.root_key:
        p = later.pending()[0]
        later.apply(p, decide(later, p, later.legal_actions(p)))
    action = Action("plan", cards=plan(later, 0))
    assert parts.available(later, 0, action)
    other = later.clone()
    county = next(c for c in action.cards if 0 <= c < len(other.s.owner) and other.s.owner[c] == 0)
    other.s.owner[county] = 1
    assert not parts.available(other, 0, action)


def test_budget_options_and_bad_options() -> None:
    assert "ismcts" in BOT_KINDS
    g = wallenstein.new_game(players=4, seed=3, log=False)
    bot = IsmctsAgent(0, 1, simulations=9, worlds=3)
    bot.act(g.observe(0), g.legal_actions(0))
    assert bot.simulated == 9
    slow = IsmctsAgent(0, 1, simulations=100_000, max_seconds=0.05)
    slow.act(g.observe(0), g.legal_actions(0))
    assert 1 <= slow.simulated < 100_000
    for bad in (
        {"simulations": 0},
        {"horizon": "decade"},
        {"worlds": 0},
        {"max_seconds": -1},
        {"depth": 2},
        {"evaluation": "vibes"},
        {"evaluation": "learned9"},
        {"opponents": "nobody"},
        {"opponents": "search_fit"},
        {"plans": 0},
        {"moves": -1.0},
        {"plan_horizon": "winter"},
        {"flat_plans": 3},  # deleted options are unknown options
        {"refine": 2},
        {"opponent_moves": "searchfit"},
        {"evaluation": "learned2"},
        {"preset": "strongest-ever"},
        {"carry": 0.5},
        {"hold": -1},
        {"bank": "seconds"},
        {"stop": -1},
        {"stop": 2},  # the default root is "ucb": stop needs the halving root
    ):
        with pytest.raises(IllegalAction, match="bad options"):
            make_agent("ismcts", 1, **bad)


def test_presets_are_frozen_parameters_that_options_override() -> None:
    """A level names a preset; options given beside it override its values, and the parameters
    object cannot be changed behind the bot's back."""
    bot = make_agent("ismcts", 1, preset="learned", simulations=30)
    assert isinstance(bot, IsmctsAgent)
    assert bot.params == replace(PRESETS["learned"], simulations=30)
    assert bot.params.evaluation == "learned" and bot.settings.iterations == 30
    with pytest.raises(FrozenInstanceError):
        bot.params.simulations = 5  # type: ignore[misc]
    assert IsmctsAgent(0, 1, params=PRESETS["ladder"]).params is PRESETS["ladder"]
    with pytest.raises(ValueError, match="not both"):
        IsmctsAgent(0, 1, params=PRESETS["ladder"], preset="ladder")


class Spent:
    """Wraps an ismcts bot; records each decision's phase and the simulations it ran."""

    def __init__(self, agent: IsmctsAgent, game: wallenstein.Game) -> None:
        self.agent, self.game = agent, game
        self.spent: list[tuple[str, int]] = []

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: list[Action]) -> Action:
        phase, before = self.game.phase, self.agent.simulated
        action = self.agent.act(observation, legal)
        self.spent.append((phase, self.agent.simulated - before))
        return action


def test_each_kind_of_decision_gets_its_own_budget() -> None:
    """``plans``, ``positions`` and ``moves`` multiply ``simulations`` for that kind of decision: a
    searched decision runs exactly its kind's count (one iteration where only one candidate is
    left; none for the heuristic's decisions)."""
    g = wallenstein.new_game(players=4, seed=13, log=False)
    bot = IsmctsAgent(0, 3, simulations=10, candidates=3, model=2, worlds=2, plans=2.0, positions=0.5, moves=0.3)
    spy = Spent(bot, g)
    agents: list[Any] = [spy] + [make_agent("heuristic", s) for s in range(1, 4)]
    for s, a in enumerate(agents):
        a.reset(s, s)
    run(g, agents)
    budget = {"planning": 20, "position": 5, "move": 3}
    seen = {phase: {n for p, n in spy.spent if p == phase} for phase in budget}
    for phase, n in budget.items():
        assert n in seen[phase]
        assert seen[phase] <= {0, 1, n}
    assert sum(n for _, n in spy.spent) == bot.simulated


def test_plan_horizon_plays_plans_out_to_the_year_and_moves_to_the_season(monkeypatch: pytest.MonkeyPatch) -> None:
    """``plan_horizon="year"``: a plan decision's roll-outs run to the next year, a move's or a
    position's stop at the next season's planning (``horizon``)."""
    import tabletop.search_params as module  # the bots' TreeSearcher calls the search from there
    from tabletop.ismcts import search as real

    used: list[tuple[str, str]] = []

    def spy(parts: WallensteinParts, seat: int, rng: random.Random, settings: Any) -> Any:
        used.append((parts.base.phase, parts.horizon))
        return real(parts, seat, rng, settings)

    monkeypatch.setattr(module, "search", spy)
    g = wallenstein.new_game(players=4, seed=13, log=False)
    bot = IsmctsAgent(0, 3, simulations=4, candidates=3, model=2, worlds=2, plan_horizon="year")
    agents: list[Any] = [bot] + [make_agent("heuristic", s) for s in range(1, 4)]
    for s, a in enumerate(agents):
        a.reset(s, s)
    while g.s.year == 1:
        p = sorted(g.pending())[0]
        g.apply(p, agents[p].act(g.observe(p), list(g.legal_actions(p))))
    assert {h for ph, h in used if ph == "planning"} == {"year"}
    assert {h for ph, h in used if ph != "planning"} == {"season"}
    assert {ph for ph, _ in used} >= {"planning", "position", "move"}


def _banked_game(
    monkeypatch: pytest.MonkeyPatch, options: dict[str, Any], seed: int = 91
) -> tuple[IsmctsAgent, list[dict[str, Any]]]:
    """A 4-player game of an ismcts bot with ``options`` in seat 0 against heuristic bots, every
    decision checked legal; returns the bot and a record of each of its tree searches."""
    import tabletop.ismcts as tree
    import tabletop.search_params as module  # the bots' TreeSearcher calls the search from there

    real, clear = tree.search, tree._clear
    cleared: list[bool] = []  # each check of the halving root whether its leader is clear
    searches: list[dict[str, Any]] = []

    def spy_clear(*args: Any) -> bool:
        cleared.append(clear(*args))
        return cleared[-1]

    def spy(parts: WallensteinParts, seat: int, rng: random.Random, settings: Any) -> Any:
        checks = len(cleared)
        banked = parts.agent.bank.banked(KIND_OF_PHASE[parts.base.s.phase])  # before this decision
        result = real(parts, seat, rng, settings)
        searches.append(
            {
                "phase": parts.base.phase,
                "granted": settings.iterations,
                "stop": settings.stop,
                "used": result.iterations,
                "steps": parts.steps,
                "candidates": len(result.root.candidates),
                "early": any(cleared[checks:]),  # the stop rule ended this decision
                "banked": banked,
            }
        )
        return result

    monkeypatch.setattr(tree, "_clear", spy_clear)
    monkeypatch.setattr(module, "search", spy)
    g = wallenstein.new_game(players=4, seed=seed, log=False)
    bot = IsmctsAgent(0, seed, **options)
    agents: list[Any] = [Checked(bot, g)] + [Checked(make_agent("heuristic", s), g) for s in range(1, 4)]
    for s, a in enumerate(agents):
        a.reset(s, s)
    run(g, agents)
    assert g.over
    return bot, [x for x in searches if x["candidates"] > 1]  # a single candidate runs nothing


@pytest.mark.parametrize("hold", [None, 1])
def test_budget_moved_from_clear_decisions_to_close_ones(monkeypatch: pytest.MonkeyPatch, hold: float | None) -> None:
    """stop, carry, bank=steps (research/journal.md, ninth round): some decisions end early (the halving
    root's leader clear by ``stop`` paired standard errors), spending less than granted; later ones
    spend what they left, more than their kind's budget but never more than ``carry`` times it;
    the bank keeps engine steps, so the game's steps stay at most those of each decision's own
    budget at its own cost (but for one decision's extra), and with ``hold`` at least that less
    ``hold`` plus one decision's budget. The game plays to the end with every decision legal."""
    options = {**SMALL["ismcts_bank"], "hold": hold}
    bot, searches = _banked_game(monkeypatch, options)
    carry = options["carry"]
    base = {"planning": bot.budgets["plans"].iterations, "position": bot.budgets["positions"].iterations}
    base["move"] = bot.budgets["moves"].iterations
    assert len({base[x["phase"]] for x in searches}) == 3  # every kind searched, each its own budget
    early = [x for x in searches if x["early"]]
    assert early and all(x["used"] < x["granted"] for x in early)
    assert all(x["stop"] == options["stop"] for x in searches if hold is None)
    assert any(x["used"] > base[x["phase"]] for x in searches)
    assert all(x["used"] <= carry * base[x["phase"]] for x in searches)
    steps = sum(x["steps"] for x in searches)
    nominal = sum(base[x["phase"]] * x["steps"] / x["used"] for x in searches)  # each at its own cost
    cost = max(x["steps"] / x["used"] for x in searches)  # the dearest decision's steps per simulation
    most = max(base.values())
    assert steps <= nominal + (carry - 1) * most * cost
    if hold is not None:
        assert steps >= nominal - (hold + 1) * most * cost
        assert all((x["stop"] == 0) == (x["banked"] >= hold * base[x["phase"]]) for x in searches)
    assert set(bot.bank.cost) == set(KIND_OF_PHASE.values())
    assert sum(sims for _, sims in bot.bank.cost.values()) == sum(x["used"] for x in searches)


def test_hold_stops_the_saving(monkeypatch: pytest.MonkeyPatch) -> None:
    """hold=0: whenever the bank is not in debt it holds "enough", so the decision does not stop
    early (stop cleared) and spends; only a debt (a kind converted at a cost below its own) saves
    again. The heuristic's decisions are not the bank's."""
    options = {**SMALL["ismcts_bank"], "hold": 0}
    bot, searches = _banked_game(monkeypatch, options)
    assert all((x["stop"] == 0) == (x["banked"] >= 0) for x in searches)
    assert sum(x["stop"] == 0 for x in searches) > len(searches) / 2
    assert all(x["stop"] > 0 for x in searches if x["early"])
    assert set(bot.bank.cost) <= set(KIND_OF_PHASE.values())


def test_the_bank_learns_nothing_from_hidden_information() -> None:
    """The twin-game test over a whole game with the bank: one bot sees the game, its twin (same
    options and seed) a copy with other secrets at each of its decisions; both keep their banks
    across the game and must decide alike throughout."""
    from test_bots_play import _twin_with_other_secrets

    rng = random.Random(4)
    g = wallenstein.new_game(players=4, seed=33, log=False)
    bots = [IsmctsAgent(0, 7, **SMALL["ismcts_bank"]) for _ in range(2)]
    others = [make_agent("heuristic", s) for s in range(4)]
    for b in bots:
        b.reset(0, 7)
    for s, a in enumerate(others):
        a.reset(s, s)
    compared = 0
    while not g.over:
        seat = sorted(g.pending())[0]
        legal = list(g.legal_actions(seat))
        if seat == 0:
            twin = _twin_with_other_secrets(g, seat, rng)
            action = bots[0].act(g.observe(seat), legal)
            assert bots[1].act(twin.observe(seat), list(twin.legal_actions(seat))) == action
            compared += len(legal) > 1
        else:
            action = others[seat].act(g.observe(seat), legal)
        g.apply(seat, action)
    assert compared >= 10 and bots[0].bank.cost == bots[1].bank.cost


def test_small_tournament_against_random_players() -> None:
    spec = WallensteinTournament()
    name = "ismcts:simulations=8:candidates=3:model=2:worlds=2"
    report = tournament(spec, [name, "random", "random", "random"], games=4, seed=0)
    row = report.summary()[name]
    assert row["win_rate"] >= 0.75
    assert row["mean_vp"] > report.summary()["random"]["mean_vp"]


def test_the_winter_evaluation_prices_a_grain_shortfall_by_its_revolts() -> None:
    """Before the first winter (seed 000 "Winter game round", the supply chart): no shortfall, no
    cost; a larger shortfall brings more revolts and more peasants (a larger expected loss); more
    armies in the counties keep them more often (a smaller one)."""
    g = wallenstein.new_game(players=4, seed=12, log=False)
    s = g.s
    s.grain[0] = 50
    assert seat_values(g, winter=True)[0] == seat_values(g)[0]  # grain enough: both evaluations agree
    losses = [winter_revolt_loss(g, 0, short) for short in (1, 2, 3, 7)]
    assert 0 < losses[0] < losses[1] < losses[2] < losses[3]
    for c in s.counties_of(0):
        s.armies[c] += 4
    assert winter_revolt_loss(g, 0, 3) < losses[2]
    s.grain[0] = 0
    assert seat_values(g, winter=True)[0] != seat_values(g)[0]


def test_the_learned_evaluation_reads_public_facts_per_horizon() -> None:
    """One weight per fact and horizon; a seat's value is its facts times its horizon's weights,
    moves with its own facts only (more VP: more value, when VP count), and is the same in a game
    that differs only in secrets (plans, face-down cards, the event deck order)."""
    assert len(WEIGHTS) == HORIZONS and all(len(w) == len(FEATURES) for w in WEIGHTS)
    g = wallenstein.new_game(players=4, seed=9, log=False)
    while (g.s.year, g.s.phase) != (2, PLANNING):  # the second year's spring, after the first scoring
        p = g.pending()[0]
        g.apply(p, decide(g, p, g.legal_actions(p)))
    k = horizon(g)
    assert k == 3
    before = learned_values(g)
    facts = features(g)
    assert before == [sum(w * f for w, f in zip(WEIGHTS[k], row, strict=True)) for row in facts]
    twin = g.clone()
    twin.s.event_deck.reverse()
    assert learned_values(twin) == before
    g.s.vp[1] += 3
    after = learned_values(g)
    assert after[1] - before[1] == pytest.approx(3 * WEIGHTS[k][FEATURES.index("vp")])
    assert after[1] > before[1] and [after[p] for p in (0, 2, 3)] == [before[p] for p in (0, 2, 3)]


def test_the_search_opponent_model_plans_like_todays_search() -> None:
    """``opponents=search``: another seat's hidden plan comes from the flat search's candidates (the
    heuristic's plan and its single changes: a stronger bid, money instead of a costly action),
    every one a legal whole plan for that seat; the heuristic model's pool starts with the
    heuristic's plan and varies it only by noise."""
    g = wallenstein.new_game(players=4, seed=5, log=False)
    rng = random.Random(3)
    parts = WallensteinParts(IsmctsAgent(0, 1, opponents="search"), g.observe(0), g)
    drawn = {parts.model_plan(g, 1, rng) for _ in range(40)}
    expected = {a.cards for a in plan_candidates(g, 1, DEFAULT, PLAN_POOL, random.Random(3))}
    assert plan(g, 1) in drawn and len(drawn) > 1
    assert drawn <= expected  # the pool is made from the same generator state
    for cards in drawn:
        assert legal_plan(g, 1, cards)
    usual = WallensteinParts(IsmctsAgent(0, 1), g.observe(0), g)
    assert usual.model_plan(g, 1, random.Random(3)) == plan(g, 1)


def _moving(seed: int, seat: int) -> wallenstein.Game:
    """A 2012 game at ``seat``'s move decision with a few armies to move, half of them to an own
    county or to a rival's among its candidates, and the heuristic's move ``quick_move``'s (the
    heuristic plays up to it)."""
    for g, p, legal in heuristic_decisions(1, seed):
        if p == seat and g.s.phase == MOVE and g.s.armies[g.s.move_from] >= 4:
            kinds = {move_kind(g, p, a) for a in move_candidates(g, p, legal, DEFAULT)}
            if {"own_half", "enemy_half"} <= kinds and decide(g, p, legal) == quick_move(g, p, legal):
                return g
    raise AssertionError(f"no such move decision for seat {seat} in game seed {seed}")


def _planning(seed: int, edition: str = "2012", modules: tuple[str, ...] = ()) -> wallenstein.Game:
    """A game at seat 0's whole-plan decision (the heuristic plays up to it)."""
    g = wallenstein.new_game(players=4, seed=seed, edition=edition, modules=modules, log=False)
    start = PLAN_START if g.is2002 else 0
    while not (g.s.phase == PLANNING and 0 in g.pending() and g.s.plan_fill[0] == start):
        p = g.pending()[0]
        g.apply(p, decide(g, p, g.legal_actions(p)))
    return g
