"""Wallenstein's parts for information-set MCTS (:mod:`tabletop.ismcts`), and the ``ismcts`` bot.

* **worlds**: determinizations of the observation (:func:`wallenstein.determinize.rebuild`);
  other seats' secret plans come from the opponent model, a small pool of the heuristic's plans
  with noise per seat, or of today's search's candidates (``opponents="search"``: its first 4,
  uniformly), made once per decision: every world of a decision shares the public facts it reads.
  Rebuilding costs about as much as a whole roll-out, so a decision rebuilds at most ``worlds`` of them and gives every
  iteration a copy of one with a fresh chance seed (the order of face-down cards and the sampled
  plans repeat, the events, tower drops and revolts do not).
* **candidates**: a whole season plan (the heuristic's, single changes to it, noisy heuristic
  plans: ``candidates`` for the bot's own seat, ``model`` for other seats' plans in the tree),
  a position (all, the heuristic's first), a move (the heuristic's, then all, half or one army to
  each target, or stay); anything else (winter order, the draft, the 2002 commitment, the
  modules' decisions) is the heuristic's single choice.
* **roll-out** (the cheap policy): plans from the same per-decision pool, moves by
  :func:`~wallenstein.bots.rollout.quick_move`, positions and the rest by the heuristic, to the
  horizon: the start of the next season's planning (``horizon="season"``, default) or of the next year (``"year"``); the
  game's end stops both.
* **evaluation**: each seat's projected score and resources minus the best rival's
  (:func:`wallenstein.bots.search.seat_values`; a finished game adds the win), squashed into [-1, 1];
  ``evaluation="winter"`` prices a grain shortfall before the winter by the revolts it brings.

Plan decisions are secret (other trees see "seat q planned"), every other decision is public.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop.ismcts import relative
from tabletop.search_params import TreeParams, TreeSearcher, chosen
from wallenstein.actions import Action
from wallenstein.bots.heuristic import DEFAULT, Values, decide, plan
from wallenstein.bots.learned import learned_values
from wallenstein.bots.rollout import policy
from wallenstein.bots.search import (
    MODEL_NOISE,
    legal_plan,
    move_candidates,
    plan_candidates,
    seat_values,
)
from wallenstein.determinize import rebuild
from wallenstein.edition2002 import PLAN_START
from wallenstein.game import Game
from wallenstein.state import MOVE, PLANNING, POSITION
from wallenstein.tower import TowerModel

SCALE = 8.0  # VP of margin that count as a near-certain win (evaluation squashing)
WIN = 10.0  # a finished game: a win is worth this many VP of margin
HORIZONS = ("season", "year")
# The static evaluation: "plain" (search.seat_values as the flat search scores), "winter" (a grain
# shortfall before the year's winter costs the revolts it would bring, search.winter_revolt_loss) or
# "learned" (each seat's final score predicted by a linear model fitted on self-play, bots.learned).
EVALUATIONS = ("plain", "winter", "learned")
PLAN_POOL = 4  # opponent-model plans per seat and decision
# The opponent model for other seats' hidden plans: "heuristic" (the heuristic's plan, then noisy
# ones) or "search" (the candidates today's flat search chooses from: the heuristic's plan, its
# single changes (a stronger or free bid, money instead of a costly action), then noisy plans).
OPPONENTS = ("heuristic", "search")
# The decisions the bot searches, each with its share of the budget (``plans``, ``positions``,
# ``moves``: multipliers of ``simulations``, default 1): the others go to the heuristic at no cost.
SEARCHED = ("plans", "positions", "moves")
# The searched kind of a decision by the game's phase (a plan: only its first card of the season).
KIND_OF_PHASE = {PLANNING: "plans", POSITION: "positions", MOVE: "moves"}


class WallensteinParts:
    """One decision's search problem: the observation, the bot's settings and its caches."""

    def __init__(self, agent: IsmctsAgent, observation: dict[str, Any], base: Game, horizon: str | None = None) -> None:
        self.agent = agent
        self.obs = observation
        self.base = base
        s = base.s
        self.root_key = (s.year, s.season)
        self.horizon = horizon or agent.horizon
        self.values = agent.values
        self.model_values = replace(agent.values, noise=MODEL_NOISE)
        self.pool: list[Game] = []
        self.plans: dict[int, list[tuple[int, ...]]] = {}
        self.plan_ok: dict[tuple[int, int, int, tuple[int, ...]], bool] = {}
        self.steps = 0  # engine steps the search applied (``bank="steps"``: the cost of its simulations)

    # -------------------------------------------------------------- the opponent model
    def model_plan(self, g: Game, p: int, rng: random.Random) -> tuple[int, ...]:
        """A plan for ``p`` from the per-decision pool: the heuristic's, then noisy ones (or the
        flat search's candidates: ``opponents="search"``, its first ``PLAN_POOL`` uniformly)."""
        pool = self.plans.setdefault(p, [])
        if self.agent.params.opponents == "search":
            if not pool:
                pool.extend(a.cards for a in plan_candidates(g, p, self.values, PLAN_POOL, rng))
            return pool[rng.randrange(len(pool))]
        if len(pool) < PLAN_POOL:
            pool.append(plan(g, p, self.values if not pool else self.model_values, rng))
            return pool[-1]
        return pool[rng.randrange(PLAN_POOL)]

    # -------------------------------------------------------------- SearchParts
    def players(self, g: Game) -> int:
        return g.s.players

    def world(self, rng: random.Random, index: int) -> Game:
        seed = rng.getrandbits(32)
        if len(self.pool) < self.agent.params.worlds:
            w = rebuild(self.obs, rng, sampler=self.model_plan, tower=self.agent.tower, seed=seed)
            self.pool.append(w)
        else:
            w = self.pool[index % len(self.pool)]
        g = w.clone()
        g.seed = seed
        return g

    def copy(self, g: Game) -> Game:
        """A world to play on again (the halving root's common random numbers)."""
        return g.clone()

    def actor(self, g: Game) -> int | None:
        if g.over:
            return None
        s = g.s
        new_season = s.phase == PLANNING and (s.year, s.season) != self.root_key
        if new_season and (self.horizon == "season" or s.year != self.root_key[0]):
            return None
        pending = g.pending()
        if not pending:
            return None
        me = self.agent.seat
        return me if me in pending else min(pending)  # the searching seat first (a person may plan later)

    def candidates(self, g: Game, seat: int, rng: random.Random) -> list[Action]:
        s = g.s
        legal = g.legal_actions(seat)
        v = self.values
        if s.phase == PLANNING and s.plan_fill[seat] == (PLAN_START if g.is2002 else 0):
            n = self.agent.params.candidates if seat == self.agent.seat else self.agent.params.model
            return plan_candidates(g, seat, v if seat == self.agent.seat else self.model_values, n, rng)
        if len(legal) <= 1:
            return list(legal)
        if s.phase == MOVE:
            return move_candidates(g, seat, legal, v)
        if s.phase == POSITION:
            first = decide(g, seat, legal, v)
            return [first, *(a for a in legal if a != first)]
        return [decide(g, seat, legal, v)]

    def available(self, g: Game, seat: int, action: Action) -> bool:
        if action.kind == "plan":
            s = g.s
            if s.phase != PLANNING or s.plan_fill[seat] != (PLAN_START if g.is2002 else 0):
                return False
            # A plan's legality reads public facts only (own counties, thalers), the same in every
            # world of the root's season: checked once per decision. A later season (horizon
            # "year") follows battles whose chance differs from world to world: checked each time.
            if (s.year, s.season) != self.root_key:
                return legal_plan(g, seat, action.cards)
            key = (seat, s.year, s.season, action.cards)
            ok = self.plan_ok.get(key)
            if ok is None:
                ok = self.plan_ok[key] = legal_plan(g, seat, action.cards)
            return ok
        return action in g.legal_actions(seat)

    def apply(self, g: Game, seat: int, action: Action) -> None:
        g.apply(seat, action)
        self.steps += 1

    def public(self, g: Game, seat: int, action: Action) -> bool:
        return action.kind not in ("plan", "plan_card")

    def policy(self, g: Game, seat: int, rng: random.Random) -> Action:
        """The roll-out policy: the heuristic, with plans of the root's season from the pool."""
        s = g.s
        legal = g.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if (
            s.phase == PLANNING
            and (s.year, s.season) == self.root_key
            and s.plan_fill[seat] == (PLAN_START if g.is2002 else 0)
        ):
            return Action("plan", cards=self.model_plan(g, seat, rng))
        return policy(g, seat, legal, self.values)

    def rollout(self, g: Game, rng: random.Random) -> None:
        while (p := self.actor(g)) is not None:
            g.apply(p, self.policy(g, p, rng))
            self.steps += 1

    def scores(self, g: Game) -> list[float]:
        s = g.s
        P = s.players
        if g.over:
            winners = g.result()["winners"]
            vals = [float(s.vp[p]) + (WIN / len(winners) if p in winners else 0.0) for p in range(P)]
        elif self.agent.params.evaluation == "learned":
            vals = learned_values(g)
        else:
            vals = seat_values(g, self.values, winter=self.agent.params.evaluation == "winter")
        return relative(vals, SCALE)


@dataclass(frozen=True)
class IsmctsParams(TreeParams):
    """Every option of Wallenstein's ``ismcts`` bot: the tree's (:class:`tabletop.search_params.TreeParams`)
    and ``candidates`` (own plan candidates), ``model`` (plan candidates of other seats in the tree),
    ``worlds`` (determinizations rebuilt per decision), ``horizon`` ("season" or "year"),
    ``plan_horizon`` (a plan decision's roll-outs, default ``horizon``), ``evaluation`` ("plain";
    "winter": a grain shortfall costs the coming winter's revolts; "learned": a linear model of the
    final score fitted on self-play, :mod:`wallenstein.bots.learned`), ``opponents`` (other seats'
    hidden plans: "heuristic", or "search": today's search's first 4 candidates), ``plans``,
    ``positions``, ``moves`` (multipliers of ``simulations`` per kind of searched decision).
    """

    candidates: int = 10
    model: int = 3
    worlds: int = 24
    horizon: str = "season"
    plan_horizon: str | None = None
    evaluation: str = "plain"
    opponents: str = "heuristic"
    plans: float = 1.0
    positions: float = 1.0
    moves: float = 1.0

    def __post_init__(self) -> None:
        if self.candidates < 1 or self.model < 1 or self.worlds < 1:
            raise ValueError("candidates, model and worlds must be at least 1")
        for h in (self.horizon, self.plan_horizon or self.horizon):
            if h not in HORIZONS:
                raise ValueError(f"horizon and plan_horizon must be one of {HORIZONS}, not {h!r}")
        if self.evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {EVALUATIONS}, not {self.evaluation!r}")
        if self.opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {OPPONENTS}, not {self.opponents!r}")
        if min(self.plans, self.positions, self.moves) <= 0:
            raise ValueError("plans, positions and moves must be positive multipliers")
        super().__post_init__()


# Named presets (a level or a study starts from one; options given beside it override its values).
PRESETS: dict[str, IsmctsParams] = {
    # The ladder's intermediate level: the first version's tree (no confidence rule, every seat widened).
    "ladder": IsmctsParams(simulations=200, confidence=0.0, others=1.0),
    # The strongest measured against three heuristic bots (71.9% of 171 at ~0.74 s a decision;
    # docs/bots/wallenstein.md).
    "learned": IsmctsParams(simulations=1200, root="halving", confidence=0.0, expand=16, evaluation="learned"),
}


class IsmctsAgent(TreeSearcher[IsmctsParams]):
    """Information-set MCTS for Wallenstein (see the module doc and :mod:`tabletop.ismcts`): ``params``
    (default :class:`IsmctsParams`, or the ``preset`` named), any option of it overridden by name."""

    def __init__(
        self,
        seat: int = 0,
        seed: int = 0,
        params: IsmctsParams | None = None,
        preset: str | None = None,
        tower: TowerModel | None = None,
        values: Values = DEFAULT,
        **options: Any,
    ) -> None:
        p = chosen(IsmctsParams, PRESETS, preset, options, params)
        self.start_searching(p)
        # Simulations per searched kind (a fixed count: reproducible from the seed, whatever the load).
        self.budgets = {
            kind: replace(self.settings, iterations=max(1, round(p.simulations * share)))
            for kind, share in zip(SEARCHED, (p.plans, p.positions, p.moves), strict=True)
        }
        self.horizon = p.horizon
        self.plan_horizon = p.plan_horizon or p.horizon
        self.seat = seat
        self.seed = seed
        self.tower = tower
        self.values = values

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.reset_searching()

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        base = rebuild(observation, None, tower=self.tower)
        s = base.s
        seat = self.seat
        kind = KIND_OF_PHASE.get(s.phase)
        if kind is None or (kind == "plans" and s.plan_fill[seat] != (PLAN_START if base.is2002 else 0)):
            return decide(base, seat, legal, self.values)
        horizon = self.plan_horizon if kind == "plans" else self.horizon
        return self.searched(WallensteinParts(self, observation, base, horizon), kind, self.budgets[kind])


__all__ = ["PRESETS", "IsmctsAgent", "IsmctsParams", "WallensteinParts"]
