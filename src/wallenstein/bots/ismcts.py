"""Wallenstein's parts for information-set MCTS (:mod:`tabletop.ismcts`), and the ``ismcts`` bot.

* **worlds**: determinizations of the observation (:func:`wallenstein.determinize.rebuild`);
  other seats' secret plans come from the opponent model, a small pool of the heuristic's plans
  with noise per seat, or of today's search's candidates (``opponents="search"``: its first 4,
  uniformly; ``"searchfit"``: its 8, each by how often that search picks its rank), made once per
  decision: every world of a decision shares the public facts it reads. Rebuilding costs about as
  much as a whole roll-out, so a decision rebuilds at most ``worlds`` of them and gives every
  iteration a copy of one with a fresh chance seed (the order of face-down cards and the sampled
  plans repeat, the events, tower drops and revolts do not).
* **candidates**: a whole season plan (the heuristic's, single changes to it, noisy heuristic
  plans: ``candidates`` for the bot's own seat, ``model`` for other seats' plans in the tree),
  a position (all, the heuristic's first), a move (the heuristic's, then all, half or one army to
  each target, or stay); anything else (winter order, the draft, the 2002 commitment, the
  modules' decisions) is the heuristic's single choice.
* **roll-out** (the cheap policy): plans from the same per-decision pool, moves by
  :func:`~wallenstein.bots.rollout.quick_move` (other seats' moves, with ``opponent_moves="searchfit"``,
  drawn among the flat search's move candidates by the measured weights of their kinds,
  ``SEARCH_FIT_MOVES``), positions and the rest by the heuristic, to the horizon: the start of the
  next season's planning (``horizon="season"``, default) or of the next year (``"year"``); the
  game's end stops both.
* **evaluation**: each seat's projected score and resources minus the best rival's
  (:func:`wallenstein.bots.search.seat_values`; a finished game adds the win), squashed into [-1, 1];
  ``evaluation="winter"`` prices a grain shortfall before the winter by the revolts it brings.

Plan decisions are secret (other trees see "seat q planned"), every other decision is public.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tabletop.budget import Bank
from tabletop.ismcts import Settings, relative, search
from wallenstein.actions import Action
from wallenstein.board import BLANK, MONEY, N_BOXES, TOWER
from wallenstein.bots.heuristic import DEFAULT, Values, decide, plan
from wallenstein.bots.learned import WEIGHTS3, learned2_values, learned_values
from wallenstein.bots.rollout import fitted_move, policy
from wallenstein.bots.search import (
    MODEL_NOISE,
    PLAN_CANDIDATES,
    SearchAgent,
    legal_plan,
    move_candidates,
    plan_candidates,
    seat_values,
)
from wallenstein.determinize import rebuild
from wallenstein.edition2002 import BLANKS, PLAN_START
from wallenstein.game import Game
from wallenstein.state import MOVE, PLANNING, POSITION
from wallenstein.tower import TowerModel

DEFAULT_SIMULATIONS = 400
# Measured best against the heuristic at 100 simulations (docs/bots.md): keep the heuristic's choice
# unless another is better by a standard error; other seats play the opponent model's choice longer.
CONFIDENCE = 1.0
OTHERS = 0.3
ROOT = "ucb"
SCALE = 8.0  # VP of margin that count as a near-certain win (evaluation squashing)
WIN = 10.0  # a finished game: a win is worth this many VP of margin
HORIZONS = ("season", "year")
# The static evaluation: "plain" (search.seat_values as the flat search scores), "winter" (a grain
# shortfall before the year's winter costs the revolts it would bring, search.winter_revolt_loss) or
# "learned" (each seat's final score predicted by a linear model fitted on self-play, bots.learned).
# "learned2": the same kind of model on more facts of the board (bots.learned, docs/bots.md "Eighth round").
# "learned3": those facts, a seat's holdings never counting against it.
EVALUATIONS = ("plain", "winter", "learned", "learned2", "learned3")
PLAN_POOL = 4  # opponent-model plans per seat and decision
# The opponent model for other seats' hidden plans: "heuristic" (the heuristic's plan, then noisy
# ones) or "search" (the candidates today's flat search chooses from: the heuristic's plan, its
# single changes (a stronger or free bid, money instead of a costly action), then noisy plans).
# "searchfit": the flat search's candidates as it lists them (``search.plan_candidates``, its 8), each
# drawn with the share of plan decisions in which ``search:simulations=200`` chose a candidate of
# that rank in real games (``SEARCH_FIT``; docs/bots.md, tenth round, benchmarks/search_choices.py).
OPPONENTS = ("heuristic", "search", "searchfit")
SEARCH_FIT_POOL = PLAN_CANDIDATES  # the flat search's own number of plan candidates
# The measured choices of ``search:simulations=200`` per candidate rank (0: the heuristic's plan),
# out of its plan decisions in 4-search games (docs/bots.md, tenth round): weights, not shares.
SEARCH_FIT: tuple[int, ...] = (34, 57, 24, 30, 39, 28, 35, 41)  # 288 plans, 12 games (seeds 0-11)
# The model of other seats' moves in the roll-outs: "quick" (the roll-out policy's own ``quick_move``,
# as the bot's seat) or "searchfit" (``rollout.fitted_move``: the flat search's move candidates, each
# drawn with the weight of its kind, ``SEARCH_FIT_MOVES``; docs/bots.md, eleventh round).
OPPONENT_MOVES = ("quick", "searchfit")
# Per kind of move candidate (``rollout.MOVE_KINDS``), the weight of one candidate of that kind:
# fitted so that a weighted draw among each decision's candidates gives the kinds
# ``search:simulations=200`` chose likeliest (Luce's choice model; 562 move decisions of 12 games of
# four searches, seeds 0-11, benchmarks/search_choices.py; docs/bots.md, eleventh round).
SEARCH_FIT_MOVES: dict[str, float] = {
    "quick": 1.000,
    "stay": 0.217,
    "own_all": 0.353,
    "own_half": 0.166,
    "own_one": 0.196,
    "neutral_all": 0.241,
    "neutral_half": 0.214,
    "neutral_one": 0.144,
    "enemy_all": 0.419,
    "enemy_half": 0.141,
    "enemy_one": 0.090,
}
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
        self.fit_moves = agent.opponent_moves == "searchfit"  # other seats' roll-out moves: fitted_move
        self.steps = 0  # engine steps the search applied (``bank="steps"``: the cost of its simulations)

    # -------------------------------------------------------------- the opponent model
    def model_plan(self, g: Game, p: int, rng: random.Random) -> tuple[int, ...]:
        """A plan for ``p`` from the per-decision pool: the heuristic's, then noisy ones (or the
        flat search's candidates: ``opponents="search"``, its first ``PLAN_POOL`` uniformly;
        ``"searchfit"``, all of them weighted by rank, ``SEARCH_FIT``)."""
        pool = self.plans.setdefault(p, [])
        if self.agent.opponents == "searchfit":
            if not pool:
                pool.extend(a.cards for a in plan_candidates(g, p, self.values, SEARCH_FIT_POOL, rng))
            return rng.choices(pool, SEARCH_FIT[: len(pool)])[0]
        if self.agent.opponents == "search":
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
        if len(self.pool) < self.agent.worlds:
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
            n = self.agent.n_candidates if seat == self.agent.seat else self.agent.model
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

    def refine(
        self, g: Game, seat: int, leaders: list[Action], known: set[Action], n: int, rng: random.Random
    ) -> list[Action]:
        """Up to ``n`` new plans, single changes to the leading plans (the halving root's
        ``refine``): two boxes' cards swapped, or one box's card replaced by a card the plan does
        not use (a county of the seat's, a money card, a 2002 blank, a court's tower card), each
        checked by the game's own plan check; drawn at random, from the best two leaders in turn."""
        plans = [a.cards for a in leaders[:2] if a.kind == "plan"]
        if not plans or n <= 0:
            return []
        seen = set(known)
        streams = [iter(_changes(g, seat, cards, rng)) for cards in plans]
        out: list[Action] = []
        while streams and len(out) < n:
            for stream in list(streams):  # one new plan from each leader in turn
                fresh = (Action("plan", cards=c) for c in stream)
                action = next((a for a in fresh if a not in seen and legal_plan(g, seat, a.cards)), None)
                if action is None:
                    streams.remove(stream)  # every change to that leader tried
                    continue
                seen.add(action)
                out.append(action)
                if len(out) == n:
                    break
        return out

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
        if self.fit_moves and s.phase == MOVE and seat != self.agent.seat and not g.is2002:
            return fitted_move(g, seat, legal, self.values, rng, SEARCH_FIT_MOVES)
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
        elif self.agent.evaluation == "learned":
            vals = learned_values(g)
        elif self.agent.evaluation == "learned2":
            vals = learned2_values(g)
        elif self.agent.evaluation == "learned3":
            vals = learned2_values(g, WEIGHTS3)
        else:
            vals = seat_values(g, self.values, winter=self.agent.evaluation == "winter")
        return relative(vals, SCALE)


def _changes(g: Game, seat: int, cards: tuple[int, ...], rng: random.Random) -> list[tuple[int, ...]]:
    """Every single change to a plan (legal or not), in random order: two boxes' cards swapped, or
    one box's card replaced by a card the plan does not use (``WallensteinParts.refine``)."""
    s = g.s
    spare = [c for c in range(len(s.owner)) if s.owner[c] == seat and c not in cards]
    if g.is2002:
        spare += [BLANK] if cards.count(BLANK) < BLANKS else []
    else:
        spare += [MONEY + v for v in range(5) if MONEY + v not in cards]
    if len(cards) > N_BOXES:  # the Emperor's Court's boxes: its dice tower cards too
        spare.append(TOWER)
    out: list[tuple[int, ...]] = []
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            if cards[i] != cards[j]:
                boxes = list(cards)
                boxes[i], boxes[j] = boxes[j], boxes[i]
                out.append(tuple(boxes))
        for c in spare:
            if c != cards[i]:
                boxes = list(cards)
                boxes[i] = c
                out.append(tuple(boxes))
    rng.shuffle(out)
    return out


class IsmctsAgent:
    """Information-set MCTS for Wallenstein (see the module doc and :mod:`tabletop.ismcts`).

    Options (through the agent name, e.g. ``ismcts:simulations=400:max_seconds=1``):
    ``simulations`` (iterations per decision), ``max_seconds`` (an optional time limit),
    ``candidates`` (own plan candidates), ``model`` (plan candidates of other seats in the tree),
    ``worlds`` (determinizations rebuilt per decision), ``horizon`` ("season" or "year"),
    ``exploration`` (UCB1 constant), ``widen`` (progressive widening factor), ``confidence`` (standard errors a
    candidate needs over the heuristic's choice to replace it, default 1; 0: the most visited wins),
    ``others`` (progressive widening factor of the other seats' nodes, default 0.3),
    ``root`` ("ucb", or "halving": sequential halving with common random numbers at the root),
    ``expand`` (visits a decision needs before the tree grows a node after it; 0: at once),
    ``evaluation`` ("plain"; "winter": a grain shortfall costs the coming winter's revolts;
    "learned": a linear model of the final score fitted on self-play, :mod:`wallenstein.bots.learned`;
    "learned2": the same on more facts of the board, its own weights; "learned3": those facts fitted
    so that a seat's holdings never count against it),
    ``opponents`` (the model of other seats' hidden plans: "heuristic", or "search": today's search's
    first 4 candidates, uniformly, or "searchfit": its 8 candidates, each rank drawn as often as
    ``search:simulations=200`` was measured to choose it, ``SEARCH_FIT``); ``opponent_moves`` (the
    model of other seats' moves in the roll-outs of the 2012 edition: "quick", the roll-out policy's
    ``quick_move`` as for the bot's own seat, or "searchfit": a draw among the flat search's move
    candidates, each weighted by how often ``search:simulations=200`` was measured to choose one of
    its kind, ``SEARCH_FIT_MOVES``; docs/bots.md, eleventh round); ``plans``, ``positions``,
    ``moves`` (multipliers of ``simulations`` for each kind of searched decision, default 1: a plan
    can get more of the budget and a move less, the mean per decision over a game kept by the
    multipliers the caller picks); ``plan_horizon``
    (the horizon of a plan decision's roll-outs, default ``horizon``: e.g. a plan played out to the
    year's winter scoring while moves stop at the season); ``flat_plans``, ``flat_positions``,
    ``flat_moves`` (default 0: searched by the tree; a positive count: that kind of decision is made
    by today's flat search, :class:`wallenstein.bots.search.SearchAgent`, with that many
    simulations, its candidates, roll-outs to the year's end and evaluation: a hybrid whose tree
    searches only the other kinds); ``stop``, ``carry``, ``bank``, ``hold``: the budget moved from
    clear decisions to close ones, as League of Six's (:class:`tabletop.budget.Bank`; docs/bots.md,
    ninth round): ``stop`` (halving root: end a decision once its leader is that many paired
    standard errors ahead; 0: never), ``carry`` (a decision may spend up to ``carry`` times its
    kind's budget, ``simulations`` times the kind's multiplier, from what earlier decisions left
    unspent), ``bank`` ("simulations", or "steps": the unspent simulations' engine steps, converted
    back at the spending kind's measured steps per simulation), ``hold`` (once the bank holds
    ``hold`` times the decision's budget, it does not stop early). The bank's kinds are the searched
    ones (plans, positions, moves); the heuristic's and the flat search's decisions neither save
    nor spend. ``refine`` (halving root: after each halving round but the last, up to that many new
    plans, single changes to the two leading ones, join the survivors, and candidates are ranked on
    each round's own worlds; docs/bots.md, tenth round; default 0: the initial candidates only).
    """

    def __init__(
        self,
        seat: int = 0,
        seed: int = 0,
        simulations: int = DEFAULT_SIMULATIONS,
        max_seconds: float | None = None,
        candidates: int = 10,
        model: int = 3,
        worlds: int = 24,
        horizon: str = "season",
        exploration: float = 0.5,
        widen: float = 1.0,
        confidence: float = CONFIDENCE,
        others: float | None = OTHERS,
        root: str = ROOT,
        expand: int = 0,
        evaluation: str = "plain",
        opponents: str = "heuristic",
        opponent_moves: str = "quick",
        plans: float = 1.0,
        positions: float = 1.0,
        moves: float = 1.0,
        plan_horizon: str | None = None,
        flat_plans: int = 0,
        flat_positions: int = 0,
        flat_moves: int = 0,
        stop: float = 0.0,
        refine: int = 0,
        carry: float = 1.0,
        bank: str = "simulations",
        hold: float | None = None,
        tower: TowerModel | None = None,
        values: Values = DEFAULT,
    ) -> None:
        self.settings = Settings(
            iterations=simulations,
            max_seconds=max_seconds,
            exploration=exploration,
            widen=widen,
            confidence=confidence,
            others=others,
            root=root,
            expand=expand,
            stop=stop,
            refine=refine,
        )
        self.bank = Bank(carry, bank, hold)  # carry, bank and hold (tabletop.budget)
        if candidates < 1 or model < 1 or worlds < 1:
            raise ValueError("candidates, model and worlds must be at least 1")
        for h in (horizon, plan_horizon or horizon):
            if h not in HORIZONS:
                raise ValueError(f"horizon and plan_horizon must be one of {HORIZONS}, not {h!r}")
        if evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {EVALUATIONS}, not {evaluation!r}")
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {OPPONENTS}, not {opponents!r}")
        if opponent_moves not in OPPONENT_MOVES:
            raise ValueError(f"opponent_moves must be one of {OPPONENT_MOVES}, not {opponent_moves!r}")
        if min(plans, positions, moves) <= 0:
            raise ValueError("plans, positions and moves must be positive multipliers")
        flat = dict(zip(SEARCHED, (flat_plans, flat_positions, flat_moves), strict=True))
        if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in flat.values()):
            raise ValueError("flat_plans, flat_positions and flat_moves must be whole numbers, 0 or more")
        # Kinds of decision handed to the flat search (simulations each); the tree searches the rest.
        self.flat = {kind: n for kind, n in flat.items() if n > 0}
        self.flat_search = SearchAgent(seat, seed, tower=tower, values=values) if self.flat else None
        # Simulations per searched kind (a fixed count: reproducible from the seed, whatever the load).
        self.budgets = {
            kind: replace(self.settings, iterations=max(1, round(simulations * share)))
            for kind, share in zip(SEARCHED, (plans, positions, moves), strict=True)
        }
        self.evaluation = evaluation
        self.opponents = opponents
        self.opponent_moves = opponent_moves
        self.seat = seat
        self.seed = seed
        self.n_candidates = candidates
        self.model = model
        self.worlds = worlds
        self.horizon = horizon
        self.plan_horizon = plan_horizon or horizon
        self.tower = tower
        self.values = values
        self.decisions = 0
        self.simulated = 0  # iterations run so far (benchmarks)

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.decisions = 0
        self.simulated = 0
        self.bank.reset()

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        base = rebuild(observation, None, tower=self.tower)
        s = base.s
        seat = self.seat
        horizon = self.horizon
        kind = KIND_OF_PHASE.get(s.phase)
        if kind is None or (kind == "plans" and s.plan_fill[seat] != (PLAN_START if base.is2002 else 0)):
            return decide(base, seat, legal, self.values)
        if kind == "plans":
            horizon = self.plan_horizon
        if self.flat_search is not None and kind in self.flat:
            return self._flat(observation, legal, self.flat[kind])
        budget = self.budgets[kind]
        settings = self.bank.budget(budget, kind)
        rng = random.Random(f"ismcts/{self.seed}/{self.decisions}")
        parts = WallensteinParts(self, observation, base, horizon)
        result = search(parts, seat, rng, settings)
        self.simulated += result.iterations
        if len(result.root.candidates) > 1:  # a single candidate runs nothing and saves nothing
            self.bank.record(kind, budget.iterations, result.iterations, parts.steps)
        return result.action

    def _flat(self, observation: dict[str, Any], legal: Sequence[Action], simulations: int) -> Action:
        """The decision made by today's flat search with ``simulations``, seeded from this bot's seed
        and decision counter (so reproducible, and the same whichever kinds went to the tree before)."""
        flat = self.flat_search
        assert flat is not None
        flat.seat, flat.seed, flat.simulations = self.seat, self.seed, simulations
        flat.decisions = self.decisions - 1  # its act counts this decision
        before = flat.simulated
        action = flat.act(observation, legal)
        self.simulated += flat.simulated - before
        return action

    def __repr__(self) -> str:
        return f"IsmctsAgent(seat={self.seat}, seed={self.seed}, simulations={self.settings.iterations})"


__all__ = ["DEFAULT_SIMULATIONS", "IsmctsAgent", "WallensteinParts"]
