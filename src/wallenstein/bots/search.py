"""A search bot: flat Monte Carlo over candidate decisions on determinized games.

For a decision that matters (a whole season plan, a bonus tile / position, an attack or move) the
bot lists a few candidates, then runs simulations: each one rebuilds a game from the observation
with the hidden parts sampled (:mod:`wallenstein.determinize`; other seats' secret plans from
a noisy heuristic opponent model), applies the candidate, lets every seat play on with the
heuristic (with a little noise) to a horizon, and scores the result (``evaluate``: VP, the
position's projected winter scores, money and grain, relative to the best rival). Candidates share
their determinizations and seeds round by round (common random numbers), and sequential halving
spends the budget on the best ones. Trivial steps (winter revolt order, the draft, a single
option) go straight to the heuristic, and so do the 2002 defender's commitment and the modules'
decisions (favours, Landsknechte benefits, military leaders); their plans (court boxes, 2002 blank
cards) are searched like the basic game's.

The budget is a number of simulations per decision, so results do not depend on machine load;
an optional time budget (``max_seconds``) stops a decision early (then results depend on speed).
Everything random comes from the bot's seed and its decision counter: deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import partial
from itertools import chain
from typing import Any

from tabletop.errors import IllegalAction
from tabletop.halving import sequential_halving
from wallenstein.actions import Action
from wallenstein.board import (
    A_CHURCH,
    A_DEPLOY1,
    A_DEPLOY3,
    A_DEPLOY5,
    A_PALACE,
    A_TRADING,
    AUCTION_BOX,
    BLANK,
    BOARD,
    BUILDING_BITS,
    MONEY,
    N_BOXES,
)
from wallenstein.bots.heuristic import (
    DEFAULT,
    Values,
    decide,
    expected_winter_loss,
    plan,
    scorings_left,
    thaler_value,
)
from wallenstein.bots.odds import keep_odds
from wallenstein.bots.rollout import move_sizes
from wallenstein.determinize import rebuild
from wallenstein.edition2002 import BLANKS, PLAN_START
from wallenstein.game import Game
from wallenstein.state import MOVE, PLANNING, POSITION, WINTER
from wallenstein.tower import TowerModel
from wallenstein.winter import MAJORITY_AWARD

DEFAULT_SIMULATIONS = 128  # about 1 s of CPU per decision on this machine (benchmarks/bench_search.py)
ROLLOUT_NOISE = 0.0
MODEL_NOISE = 0.3
CANDIDATE_NOISE = 0.5


def projected_scores(g: Game) -> list[float]:
    """Each seat's VP if the game were scored now and at every scoring left (W-27 majorities)."""
    s = g.s
    left = scorings_left(g)
    return [s.vp[p] + left * x for p, x in enumerate(scoring_points(g))]


Holdings = tuple[list[int], list[list[list[int]]]]


def holdings(g: Game) -> Holdings:
    """Each seat's counties plus buildings (a winter scoring's point each), and per region and
    building kind each seat's buildings (the majorities)."""
    s = g.s
    P = s.players
    per = [0] * P
    counts = [[[0] * P for _ in range(3)] for _ in BOARD.regions]
    for c, o in enumerate(s.owner):
        if o < 0:
            continue
        b = s.buildings[c]
        per[o] += 1
        if b:
            region = counts[BOARD.region_of[c]]
            for kind, bit in enumerate(BUILDING_BITS):
                if b & bit:
                    per[o] += 1
                    region[kind][o] += 1
    return per, counts


def scoring_points(g: Game, held: Holdings | None = None) -> list[int]:
    """The points each seat would get from a winter scoring now: counties, buildings, majorities
    (``held``: :func:`holdings` of ``g``, when the caller has them)."""
    P = g.s.players
    per, counts = held if held is not None else holdings(g)
    per = per[:]
    for region in counts:
        for kind, seats in enumerate(region):
            best = max(seats)
            if best == 0:
                continue
            leaders = [p for p in range(P) if seats[p] == best]
            award = MAJORITY_AWARD[kind] - (1 if len(leaders) > 1 else 0)
            for p in leaders:
                per[p] += award
    return per


def evaluate(g: Game, seat: int, v: Values = DEFAULT) -> float:
    """How good ``g`` looks for ``seat``: its projected score and resources minus the best rival's."""
    s = g.s
    P = s.players
    if g.over:
        res = g.result()
        me = s.vp[seat]
        best = max(s.vp[p] for p in range(P) if p != seat)
        won = 1.0 / len(res["winners"]) if seat in res["winners"] else 0.0
        return 10.0 * won + (me - best)
    vals = seat_values(g, v)
    rival = max(vals[p] for p in range(P) if p != seat)
    return vals[seat] - rival


def seat_values(g: Game, v: Values = DEFAULT, winter: bool = False) -> list[float]:
    """Every seat's projected score plus its money, grain and armies in VP equivalents (a game not over).

    Before the year's winter a grain shortfall costs 0.5 VP per county short; with ``winter`` it
    costs what the coming winter would take instead (:func:`winter_revolt_loss`)."""
    s = g.s
    P = s.players
    proj = projected_scores(g)
    tv = thaler_value(g, v)
    left_before_winter = s.season != WINTER
    loss = expected_winter_loss(g) if left_before_winter else 0.0
    vals = []
    seasons_this_year = 3 - s.season if s.season != WINTER else 0
    for p in range(P):
        counties = s.owner.count(p)
        short: float = counties - (s.grain[p] + 3.0 * max(0, seasons_this_year - 1) - loss)
        grain_pen = 0.0
        if left_before_winter and short > 0:
            grain_pen = winter_revolt_loss(g, p, short) if winter else 0.5 * short
        armies = sum(s.armies[c] for c in range(BOARD.n) if s.owner[c] == p)
        vals.append(proj[p] + tv * s.thalers[p] - grain_pen + 0.03 * armies)
    return vals


def winter_revolt_loss(g: Game, seat: int, short: float) -> float:
    """The VP ``seat`` should expect to lose in the coming winter for ``short`` grain missing: the
    supply chart's revolts (seed 000 "Winter game round", W-26), each in one of its counties drawn
    at random, lost with the revolt's odds against the armies there (the chart's extra peasants
    joining), and a lost county costs its points at every scoring left (the county, its buildings)."""
    s = g.s
    owned = s.counties_of(seat)
    row = BOARD.supply_row(round(short))
    if row is None or not owned:
        return 0.0
    k = min(row.revolts, len(owned))
    left = scorings_left(g)
    lost = 0.0
    for c in owned:
        points = 1 + bin(s.buildings[c]).count("1")
        lost += (1.0 - keep_odds(g, c, row.extra_peasants)) * points * left
    return k * lost / len(owned)


PLAN_CANDIDATES = 8  # the plan candidates a decision chooses among (``candidates``)


class SearchAgent:
    """Flat Monte Carlo with sequential halving over heuristic-made candidates (see the module doc)."""

    def __init__(
        self,
        seat: int = 0,
        seed: int = 0,
        simulations: int = DEFAULT_SIMULATIONS,
        max_seconds: float | None = None,
        candidates: int = PLAN_CANDIDATES,
        horizon: str = "year",
        tower: TowerModel | None = None,
        values: Values = DEFAULT,
    ) -> None:
        if simulations < 1:
            raise ValueError("simulations must be at least 1")
        if horizon not in ("season", "year", "game"):
            raise ValueError(f"horizon must be 'season', 'year' or 'game', not {horizon!r}")
        self.seat = seat
        self.seed = seed
        self.simulations = simulations
        self.max_seconds = max_seconds
        self.n_candidates = candidates
        self.horizon = horizon
        self.tower = tower
        self.values = values
        self.rollout_values = replace(values, noise=ROLLOUT_NOISE)
        self.model_values = replace(values, noise=MODEL_NOISE)
        self.decisions = 0
        self.simulated = 0  # simulations run so far (for benchmarks)

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.decisions = 0
        self.simulated = 0

    # ------------------------------------------------------------------ the agent
    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(f"{self.seed}/{self.decisions}")
        base = rebuild(observation, None, tower=self.tower)
        ph = base.s.phase
        seat = self.seat
        if ph == PLANNING and base.s.plan_fill[seat] == (PLAN_START if base.is2002 else 0):
            cands = self._plan_candidates(base, rng)
        elif ph == MOVE:
            cands = self._move_candidates(base, legal)
        elif ph == POSITION:
            cands = list(legal)
        else:
            return decide(base, seat, legal, self.values)
        if len(cands) == 1:
            return cands[0]
        return self._choose(observation, cands, rng)

    # ------------------------------------------------------------------ candidates
    def _plan_candidates(self, g: Game, rng: random.Random) -> list[Action]:
        return plan_candidates(g, self.seat, self.values, self.n_candidates, rng)

    def _move_candidates(self, g: Game, legal: Sequence[Action]) -> list[Action]:
        return move_candidates(g, self.seat, legal, self.values)

    # ------------------------------------------------------------------ simulations
    def _choose(self, obs: dict[str, Any], cands: list[Action], rng: random.Random) -> Action:
        """Sequential halving (:func:`tabletop.halving.sequential_halving`) over determinized worlds."""

        def simulate(det: Game, i: int, seed: int) -> float:
            return self._simulate(det, cands[i], seed)

        best = sequential_halving(
            len(cands), self.simulations, rng, partial(self._determinize, obs), simulate, self.max_seconds
        )
        return cands[best]

    def _determinize(self, obs: dict[str, Any], world_seed: int) -> Game:
        """One sampled game consistent with ``obs`` (shared by every candidate of a round)."""
        model = self.model_values

        def sampler(game: Game, p: int, r: random.Random) -> tuple[int, ...]:
            return plan(game, p, model, r)

        rng = random.Random(world_seed)
        return rebuild(obs, rng, sampler=sampler, tower=self.tower, seed=world_seed & 0xFFFFFFFF)

    def _simulate(self, world: Game, action: Action, world_seed: int) -> float:
        """The candidate played in a copy of the world, then a roll-out with the world's own chance."""
        self.simulated += 1
        g = world.clone()
        g.apply(self.seat, action)
        self._rollout(g, random.Random(world_seed + 1))
        return evaluate(g, self.seat, self.values)

    def _rollout(self, g: Game, rng: random.Random) -> None:
        s = g.s
        year, season = s.year, s.season
        v = self.rollout_values
        horizon = self.horizon
        while not g.over:
            if horizon == "season" and (s.year, s.season) != (year, season) and s.phase == PLANNING:
                return
            if horizon == "year" and s.year != year:
                return
            for p in g.pending():
                if g.over or p not in g.pending():
                    continue
                legal = g.legal_actions(p)
                g.apply(p, decide(g, p, legal, v, rng))

    def __repr__(self) -> str:
        return f"SearchAgent(seat={self.seat}, seed={self.seed}, simulations={self.simulations})"


def plan_candidates(g: Game, seat: int, values: Values, n: int, rng: random.Random) -> list[Action]:
    """The heuristic's plan, then single changes to it (a costly action dropped for a money card,
    another bid), then noisy heuristic plans, up to ``n`` distinct legal plans."""
    main = plan(g, seat, values)
    out = [main]
    for cand in chain(plan_variants(g, seat, main), _noisy(g, seat, values, rng, 4 * n)):
        if len(out) >= n:
            break
        if cand not in out and legal_plan(g, seat, cand):
            out.append(cand)
    return [Action("plan", cards=c) for c in out]


def move_candidates(g: Game, seat: int, legal: Sequence[Action], values: Values) -> list[Action]:
    """The heuristic's move first, then every target with all, half or one of the armies, and stay."""
    s = g.s
    most = s.armies[s.move_from] - 1
    keep = set(move_sizes(most))
    out = [a for a in legal if a.kind != "move" or a.b in keep]
    first = decide(g, seat, legal, values)
    if first in out:
        out.remove(first)
    return [first, *out]


def legal_plan(g: Game, seat: int, cards: tuple[int, ...]) -> bool:
    """Whether ``cards`` is a whole plan ``seat`` may give now."""
    try:
        g.check_plan(seat, cards)
    except IllegalAction:
        return False
    return True


COSTLY_BOXES = (A_PALACE, A_DEPLOY5, A_CHURCH, A_DEPLOY3, A_TRADING, A_DEPLOY1)


def plan_variants(g: Game, seat: int, cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Single changes to a plan that keep it legal: a free money card instead of a costly action
    (money first for the bid or later seasons), and other bids (one more thaler, or a county card)."""
    s = g.s
    out: list[tuple[int, ...]] = []
    if g.is2002:  # no bid; a blank card instead of a costly action
        if cards.count(BLANK) < BLANKS:
            for box in COSTLY_BOXES:
                if 0 <= cards[box] < BOARD.n:
                    boxes = list(cards)
                    boxes[box] = BLANK
                    out.append(tuple(boxes))
        return out
    thalers = s.thalers[seat]
    free_money = [m for m in (MONEY + v for v in range(5)) if m not in cards]
    bid = cards[AUCTION_BOX]
    # A stronger bid: the next money card we can pay, if free.
    value = bid - MONEY if bid >= MONEY else -1
    for v in range(max(1, value + 1), 5):
        m = MONEY + v
        if v <= thalers and m in free_money:
            boxes = list(cards)
            boxes[AUCTION_BOX] = m
            out.append(tuple(boxes))
            break
    for box in COSTLY_BOXES:
        c = cards[box]
        if 0 <= c < BOARD.n and free_money:
            boxes = list(cards)
            boxes[box] = free_money[0]
            out.append(tuple(boxes))
    # A free bid: a county card nobody uses (when the bid was money).
    if bid >= MONEY:
        spare = [c for c, o in enumerate(s.owner) if o == seat and c not in cards]
        if spare:
            boxes = list(cards)
            boxes[AUCTION_BOX] = spare[0]
            out.append(tuple(boxes))
    return out


def _noisy(g: Game, seat: int, values: Values, rng: random.Random, n: int) -> Iterator[tuple[int, ...]]:
    """Up to ``n`` heuristic plans with noisy values (made lazily)."""
    noisy = replace(values, noise=CANDIDATE_NOISE)
    for _ in range(n):
        yield plan(g, seat, noisy, rng)


assert N_BOXES == 11
