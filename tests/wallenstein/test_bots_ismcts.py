"""The ismcts bot plays every edition and module set to the end, keeps its budget and beats random
players (tiny budgets: behaviour, not strength). That it is reproducible and decides from its
observation only is tested with the other bots in test_bots_play.py."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_bots_play import SMALL, Checked, _play

import wallenstein
import wallenstein.bots.ismcts as ismcts_module
from tabletop.errors import IllegalAction
from tabletop.ismcts import search
from tabletop.runner import run
from tabletop.tournament import tournament
from wallenstein.actions import Action
from wallenstein.board import B_PALACE, BOARD
from wallenstein.bots import BOT_KINDS, make_agent
from wallenstein.bots.heuristic import DEFAULT, decide, heuristic_decisions, plan
from wallenstein.bots.ismcts import KIND_OF_PHASE, PLAN_POOL, IsmctsAgent, WallensteinParts
from wallenstein.bots.learned import (
    EXTRA_FEATURES,
    FEATURES,
    FEATURES2,
    HOLDINGS,
    HORIZONS,
    WEIGHTS,
    WEIGHTS2,
    WEIGHTS3,
    features,
    features2,
    horizon,
    learned2_values,
    learned_values,
)
from wallenstein.bots.rollout import MOVE_KINDS, move_kind, quick_move
from wallenstein.bots.search import (
    SearchAgent,
    legal_plan,
    move_candidates,
    plan_candidates,
    seat_values,
    winter_revolt_loss,
)
from wallenstein.bots.tournament import WallensteinTournament
from wallenstein.edition2002 import PLAN_START
from wallenstein.state import MOVE, PLANNING
from wallenstein.winter import MAJORITY_AWARD

GAMES = [
    ("2012", (), "lineup", 4),
    ("2012", (), "draft", 3),
    ("2002", (), "lineup", 4),
    ("2012", ("emperors_court",), "lineup", 4),
    ("2012", ("landsknechte",), "lineup", 5),
    ("2012", ("military_leaders",), "draft", 4),
    ("2012", ("emperors_court", "landsknechte", "military_leaders"), "lineup", 3),
]


@pytest.mark.parametrize("kind", ["ismcts", "ismcts_learned", "ismcts_h2h", "ismcts_flat", "ismcts_learned2"])
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
        {"root": "halving", "evaluation": "learned3", "opponents": "search", "expand": 3},
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
        {"flat_plans": -1},
        {"flat_moves": 2.5},
        {"flat_positions": "many"},
        {"carry": 0.5},
        {"hold": -1},
        {"bank": "seconds"},
        {"stop": -1},
        {"stop": 2},  # the default root is "ucb": stop needs the halving root
        {"refine": -1},
        {"refine": 1.5},
        {"refine": 2},  # refine adds candidates between halving rounds: it needs the halving root
    ):
        with pytest.raises(IllegalAction, match="bad options"):
            make_agent("ismcts", 1, **bad)
    assert isinstance(make_agent("ismcts", 1, root="halving", refine=2), IsmctsAgent)  # a good refine is taken


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
    import wallenstein.bots.ismcts as module
    from tabletop.ismcts import search as real  # the function the bot's module calls

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


def test_flat_kinds_are_decided_by_todays_search_and_the_rest_by_the_tree() -> None:
    """``flat_plans=n``: every plan decision is the flat search's with ``n`` simulations, seeded by
    the bot's seed and decision counter (the same choice a ``SearchAgent`` makes there); positions
    and moves are the tree's (their simulations counted as the tree's budget)."""
    g = wallenstein.new_game(players=4, seed=13, log=False)
    bot = IsmctsAgent(0, 3, simulations=5, candidates=3, model=2, worlds=2, flat_plans=6)
    spy = Spent(bot, g)
    agents: list[Any] = [spy] + [make_agent("heuristic", s) for s in range(1, 4)]
    for s, a in enumerate(agents):
        a.reset(s, s)
    plans = 0
    while g.s.year == 1:
        p = sorted(g.pending())[0]
        obs, legal = g.observe(p), list(g.legal_actions(p))
        if p == 0 and g.phase == "planning" and g.s.plan_fill[0] == 0:
            flat = SearchAgent(0, bot.seed, simulations=6)
            flat.decisions = bot.decisions  # the decision this one is
            expected = flat.act(obs, legal)
            assert spy.act(obs, legal) == expected
            assert spy.spent[-1] == ("planning", flat.simulated)  # the flat search's simulations
            plans += 1
            g.apply(p, expected)
            continue
        g.apply(p, agents[p].act(obs, legal))
    spent = {phase: {n for ph, n in spy.spent if ph == phase} for phase in ("planning", "position", "move")}
    assert plans >= 2
    assert 5 in spent["position"] | spent["move"] and spent["position"] | spent["move"] <= {0, 1, 5}


def _banked_game(
    monkeypatch: pytest.MonkeyPatch, options: dict[str, Any], seed: int = 91
) -> tuple[IsmctsAgent, list[dict[str, Any]]]:
    """A 4-player game of an ismcts bot with ``options`` in seat 0 against heuristic bots, every
    decision checked legal; returns the bot and a record of each of its tree searches."""
    import tabletop.ismcts as tree
    import wallenstein.bots.ismcts as module

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


def test_hold_stops_the_saving_and_flat_decisions_neither_save_nor_spend(monkeypatch: pytest.MonkeyPatch) -> None:
    """hold=0: whenever the bank is not in debt it holds "enough", so the decision does not stop
    early (stop cleared) and spends; only a debt (a kind converted at a cost below its own) saves
    again. Plans made by the flat search (``flat_plans``) and the heuristic's decisions are not the
    bank's."""
    options = {**SMALL["ismcts_bank"], "hold": 0, "flat_plans": 3}
    bot, searches = _banked_game(monkeypatch, options)
    assert all((x["stop"] == 0) == (x["banked"] >= 0) for x in searches)
    assert sum(x["stop"] == 0 for x in searches) > len(searches) / 2
    assert all(x["stop"] > 0 for x in searches if x["early"])
    assert {x["phase"] for x in searches} == {"position", "move"}
    assert set(bot.bank.cost) == {"positions", "moves"}


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


def test_the_second_learned_evaluation_reads_more_public_facts_of_the_board() -> None:
    """``evaluation=learned2``: the first set's facts and seven of the board, one weight per fact
    and horizon; each fact moves with the board as it says (a county nobody owns next to a seat's
    counties is room for it; a building and the majority it brings count for its owner, the others
    now miss that majority by one), and
    the value is the same in a game that differs only in secrets."""
    assert FEATURES2 == FEATURES + EXTRA_FEATURES
    assert len(WEIGHTS2) == HORIZONS and all(len(w) == len(FEATURES2) for w in WEIGHTS2)
    g = wallenstein.new_game(players=4, seed=9, log=False)
    while (g.s.season, g.s.phase) != (1, PLANNING):  # year 1 summer, a horizon the search stops at
        p = g.pending()[0]
        g.apply(p, decide(g, p, g.legal_actions(p)))
    s = g.s
    k = horizon(g)
    assert k == 1
    before = learned2_values(g)
    facts = features2(g)
    assert [row[: len(FEATURES)] for row in facts] == features(g)
    assert before == [sum(w * f for w, f in zip(WEIGHTS2[k], row, strict=True)) for row in facts]
    twin = g.clone()
    twin.s.event_deck.reverse()
    assert learned2_values(twin) == before
    col = {name: i for i, name in enumerate(FEATURES2)}
    # A county of seat 1 next to one of seat 0's becomes nobody's: room for seat 0.
    c = next(c for c in s.counties_of(0) for n in BOARD.neighbours[c] if s.owner[n] == 1)
    n = next(n for n in BOARD.neighbours[c] if s.owner[n] == 1)
    s.owner[n] = -1
    after = features2(g)
    mine = sum(1 for m in BOARD.neighbours[n] if s.owner[m] == 0)
    assert after[0][col["open_neighbours"]] == facts[0][col["open_neighbours"]] + mine
    assert after[1][col["counties"]] == facts[1][col["counties"]] - 1

    # The first palace of its region, on a county of seat 2: one building and the palace majority.
    def region_has_palace(c: int) -> bool:
        return any(s.buildings[m] & B_PALACE for m in range(len(s.owner)) if BOARD.region_of[m] == BOARD.region_of[c])

    c2 = next(c for c in s.counties_of(2) if not s.buildings[c] and not region_has_palace(c))
    g2 = g.clone()
    g2.s.buildings[c2] |= B_PALACE
    built = features2(g2)
    assert built[2][col["buildings"]] == after[2][col["buildings"]] + 1
    assert built[2][col["majorities"]] == after[2][col["majorities"]] + MAJORITY_AWARD[0]
    near = col["near_majority"]
    for p in (0, 1, 3):  # the others now miss that majority by one building; nothing else of theirs moved
        assert built[p][near] == after[p][near] + 1
        assert built[p][:near] + built[p][near + 1 :] == after[p][:near] + after[p][near + 1 :]


def test_the_third_learned_evaluation_never_counts_a_holding_against_its_seat() -> None:
    """``evaluation=learned3``: learned2's facts with weights fitted so that no holding a seat's own
    decisions add to (a building, a county, armies on a border...) lowers its value; here a building
    added on one of its counties raises it."""
    assert set(HOLDINGS) <= set(FEATURES2)
    assert len(WEIGHTS3) == HORIZONS and all(len(w) == len(FEATURES2) for w in WEIGHTS3)
    assert all(w[FEATURES2.index(name)] >= 0 for w in WEIGHTS3 for name in HOLDINGS)
    assert any(w[FEATURES2.index("buildings")] < 0 for w in WEIGHTS2)  # what learned3 corrects
    g = wallenstein.new_game(players=4, seed=9, log=False)
    while (g.s.season, g.s.phase) != (1, PLANNING):
        p = g.pending()[0]
        g.apply(p, decide(g, p, g.legal_actions(p)))
    g.s.grain[1] = 50  # no shortfall: a building cannot be lost to the winter's revolts (a cost learned3 keeps)
    before = learned2_values(g, WEIGHTS3)
    assert before == [sum(w * f for w, f in zip(WEIGHTS3[horizon(g)], row, strict=True)) for row in features2(g)]
    c = next(c for c in g.s.counties_of(1) if not g.s.buildings[c])
    g.s.buildings[c] |= B_PALACE
    assert learned2_values(g, WEIGHTS3)[1] > before[1]


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


def test_the_searchfit_model_draws_todays_search_candidates_by_their_measured_weights() -> None:
    """``opponents=searchfit``: another seat's hidden plan is one of the flat search's own candidates
    (its 8, the heuristic's plan first), every one a legal whole plan, each drawn about as often as
    its rank's measured weight says (a count over many draws from one seeded generator)."""
    g = wallenstein.new_game(players=4, seed=5, log=False)
    rng = random.Random(3)
    parts = WallensteinParts(IsmctsAgent(0, 1, opponents="searchfit"), g.observe(0), g)
    draws = 4000
    drawn = [parts.model_plan(g, 1, rng) for _ in range(draws)]
    pool = [a.cards for a in plan_candidates(g, 1, DEFAULT, ismcts_module.SEARCH_FIT_POOL, random.Random(3))]
    # Made once, from the same generator state.
    assert parts.plans[1] == pool and len(pool) == ismcts_module.SEARCH_FIT_POOL
    assert pool[0] == plan(g, 1)
    for cards in pool:
        assert legal_plan(g, 1, cards)
    total = sum(ismcts_module.SEARCH_FIT[: len(pool)])
    for rank, cards in enumerate(pool):
        share = drawn.count(cards) / draws
        assert abs(share - ismcts_module.SEARCH_FIT[rank] / total) < 0.03, (rank, share)


def test_the_searchfit_model_follows_its_weights(monkeypatch: pytest.MonkeyPatch) -> None:
    """With all the weight on one rank the model draws only that candidate; with none on a rank, never it."""
    g = wallenstein.new_game(players=4, seed=7, log=False)
    pool = [a.cards for a in plan_candidates(g, 2, DEFAULT, ismcts_module.SEARCH_FIT_POOL, random.Random(4))]
    monkeypatch.setattr(ismcts_module, "SEARCH_FIT", (0, 0, 0, 1, 0, 0, 0, 0))
    parts = WallensteinParts(IsmctsAgent(0, 1, opponents="searchfit"), g.observe(0), g)
    rng = random.Random(4)
    assert {parts.model_plan(g, 2, rng) for _ in range(200)} == {pool[3]}
    monkeypatch.setattr(ismcts_module, "SEARCH_FIT", (1, 0, 3, 0, 0, 0, 0, 0))
    drawn = [parts.model_plan(g, 2, rng) for _ in range(400)]
    assert set(drawn) == {pool[0], pool[2]} and drawn.count(pool[2]) > 2 * drawn.count(pool[0])


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


def test_opponent_moves_option_is_checked_and_off_by_default() -> None:
    """``opponent_moves``: "quick" by default (other seats' roll-out moves are ``quick_move``'s, as
    before), "searchfit" taken, anything else refused with the values it may take."""
    assert IsmctsAgent(0, 1).opponent_moves == "quick"
    assert isinstance(make_agent("ismcts", 1, opponent_moves="searchfit"), IsmctsAgent)
    with pytest.raises(ValueError, match=r"opponent_moves must be one of \('quick', 'searchfit'\), not 'search'"):
        IsmctsAgent(0, 1, opponent_moves="search")
    for bad in ("search", "heuristic", "searchfit2", 1):
        with pytest.raises(IllegalAction, match="bad options"):
            make_agent("ismcts", 1, opponent_moves=bad)
    g = _moving(3, 2)
    legal = g.legal_actions(2)
    rng = random.Random(1)
    parts = WallensteinParts(IsmctsAgent(0, 1), g.observe(0), g)
    assert {parts.policy(g, 2, rng) for _ in range(50)} == {quick_move(g, 2, legal)}


def test_searchfit_moves_change_other_seats_roll_out_moves_only() -> None:
    """With ``opponent_moves=searchfit`` another seat's roll-out move is drawn among the flat search's
    move candidates (not only ``quick_move``'s), each kind about as often as its weight says; the
    bot's own seat still plays ``quick_move``."""
    g = _moving(3, 2)
    legal = g.legal_actions(2)
    quick = quick_move(g, 2, legal)
    rng = random.Random(1)
    parts = WallensteinParts(IsmctsAgent(0, 1, opponent_moves="searchfit"), g.observe(0), g)
    draws = 4000
    drawn = [parts.policy(g, 2, rng) for _ in range(draws)]
    cands = move_candidates(g, 2, legal, DEFAULT)
    assert quick in drawn and len(set(drawn)) > 1
    assert set(drawn) <= set(cands)
    weight = {a: ismcts_module.SEARCH_FIT_MOVES[move_kind(g, 2, a, quick)] for a in cands}
    total = sum(weight.values())
    for a, w in weight.items():
        assert abs(drawn.count(a) / draws - w / total) < 0.03, (a, drawn.count(a) / draws, w / total)
    own = WallensteinParts(IsmctsAgent(2, 1, opponent_moves="searchfit"), g.observe(2), g)
    assert {own.policy(g, 2, rng) for _ in range(50)} == {quick}


def test_searchfit_moves_weigh_every_kind_of_candidate() -> None:
    """``SEARCH_FIT_MOVES`` has one positive weight for each kind ``move_kind`` can give, no other
    key: a kind without a weight would fail in a roll-out, a stray key would never be drawn."""
    assert set(ismcts_module.SEARCH_FIT_MOVES) == set(MOVE_KINDS)
    assert min(ismcts_module.SEARCH_FIT_MOVES.values()) > 0


def test_searchfit_moves_follow_their_weights(monkeypatch: pytest.MonkeyPatch) -> None:
    """With all the weight on one kind of move the model plays exactly the flat search's candidates of
    that kind; with none on ``quick``, never ``quick_move``'s."""
    g = _moving(3, 2)
    legal = g.legal_actions(2)
    quick = quick_move(g, 2, legal)
    cands = move_candidates(g, 2, legal, DEFAULT)
    parts = WallensteinParts(IsmctsAgent(0, 1, opponent_moves="searchfit"), g.observe(0), g)
    rng = random.Random(2)
    for kind in ("own_half", "enemy_half", "quick"):
        weights = dict.fromkeys(MOVE_KINDS, 0.0)
        weights[kind] = 1.0
        monkeypatch.setattr(ismcts_module, "SEARCH_FIT_MOVES", weights)
        drawn = {parts.policy(g, 2, rng) for _ in range(300)}
        expected = {a for a in cands if move_kind(g, 2, a, quick) == kind}
        assert drawn == expected and expected, kind


def _planning(seed: int, edition: str = "2012", modules: tuple[str, ...] = ()) -> wallenstein.Game:
    """A game at seat 0's whole-plan decision (the heuristic plays up to it)."""
    g = wallenstein.new_game(players=4, seed=seed, edition=edition, modules=modules, log=False)
    start = PLAN_START if g.is2002 else 0
    while not (g.s.phase == PLANNING and 0 in g.pending() and g.s.plan_fill[0] == start):
        p = g.pending()[0]
        g.apply(p, decide(g, p, g.legal_actions(p)))
    return g


@pytest.mark.parametrize(("edition", "modules"), [("2012", ()), ("2002", ()), ("2012", ("emperors_court",))])
def test_refined_plans_are_single_changes_the_games_plan_check_accepts(edition: str, modules: tuple[str, ...]) -> None:
    g = _planning(9, edition, modules)
    bot = IsmctsAgent(0, 1, root="halving", refine=6)
    parts = WallensteinParts(bot, g.observe(0), g)
    leaders = plan_candidates(g, 0, DEFAULT, 3, random.Random(2))
    known = set(leaders)
    new = parts.refine(g, 0, leaders, known, 6, random.Random(3))
    assert len(new) == 6 and len(set(new)) == 6 and not known & set(new)
    assert new == parts.refine(g, 0, leaders, known, 6, random.Random(3))  # the same rng, the same plans
    for action in new:
        assert action.kind == "plan"
        g.clone().apply(0, action)  # the engine's own check (IllegalAction otherwise)
        # One change to one of the two best leaders: a box's card replaced, or two boxes' swapped.
        assert any(sum(a != b for a, b in zip(action.cards, lead.cards, strict=True)) <= 2 for lead in leaders[:2])
    # Only plans are refined: other decisions keep their candidates.
    move = Action("position", a=0)
    assert parts.refine(g, 0, [move], {move}, 3, random.Random(3)) == []


def test_a_refined_plan_decision_searches_new_plans_on_the_same_budget() -> None:
    g = _planning(4)
    runs = []
    for refine in (0, 3, 3):
        bot = IsmctsAgent(0, 1, simulations=60, candidates=6, worlds=3, root="halving", confidence=0, refine=refine)
        parts = WallensteinParts(bot, g.observe(0), g)
        runs.append(search(parts, 0, random.Random(5), bot.settings))
    plain, refined, again = runs
    assert len(plain.root.candidates) == 6 and len(refined.root.candidates) == 12  # 3 after each round but the last
    same = (again.action, again.root.candidates, again.root.n)
    assert (refined.action, refined.root.candidates, refined.root.n) == same
    for action in refined.root.candidates[6:]:
        assert legal_plan(g, 0, action.cards) and sum(refined.root.n[6:]) > 0
    # The budget: never more than granted, every iteration one of the root's candidates; the last
    # round's rounding leaves less than one world per survivor, with or without the option.
    for r in (plain, refined):
        assert r.iterations == sum(r.root.n) and 60 - 6 < r.iterations <= 60
