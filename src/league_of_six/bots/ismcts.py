"""League of Six's parts for information-set MCTS (:mod:`tabletop.ismcts`), and the ``ismcts`` bot.

* **worlds**: determinizations of the observation and the bot's memory
  (:func:`league_of_six.determinize.rebuild`: other seats' guards and civic leader cards,
  the face-down cards, the tax tiles and storage tiles left, a seed of the bot's own for every
  future chance outcome); a decision rebuilds at most ``worlds`` of them and gives every
  iteration a copy of one with a fresh chance seed.
* **candidates**: those of the flat search (:func:`league_of_six.bots.search.candidates`: every
  town, tax tile turn and storage row up to ``candidates``, the lowest offers, accept or the
  lowest raises), the heuristic's choice first; the civic bonus card is the heuristic's.
* **roll-out** (the cheap policy): the heuristic with a little noise on its values, to the end of
  the round (``horizon="round"``, default) or of the game (``"game"``); ``rollout="quick"`` values
  the storage rows without the engine (:mod:`league_of_six.bots.rollout`), about twice as fast.
* **evaluation**: each seat's standing (influence, projected civic leader majorities, guards)
  minus the best rival's (a finished game: the result, plus the win), squashed into [-1, 1];
  ``evaluation="learned"``: each seat's final score predicted by a linear model per round fitted on
  self-play (:mod:`league_of_six.bots.learned`) in place of the standing.

Every decision of League of Six is public (the secrets are the hands), so the seats' trees see the
same decisions; their information sets differ by what each seat holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from league_of_six.actions import Action
from league_of_six.bots.heuristic import DEFAULT, HeuristicAgent, Values, decide, standing
from league_of_six.bots.learned import WEIGHTS, learned_values, with_guard_weight
from league_of_six.bots.rollout import policy
from league_of_six.bots.search import ROLLOUT_NOISE, WIN, candidates
from league_of_six.components import Components
from league_of_six.determinize import rebuild
from league_of_six.game import Game
from league_of_six.memory import Memory
from league_of_six.state import CHOOSE, ROTATE, STORE
from tabletop.budget import BANKS, Bank
from tabletop.ismcts import Settings, relative, search

DEFAULT_SIMULATIONS = 400
# Measured best against the heuristic at 100 simulations (docs/bots.md): keep the heuristic's choice
# unless another is better by a standard error; other seats play the opponent model's choice longer.
CONFIDENCE = 1.0
OTHERS = 0.3
ROOT = "ucb"
SCALE = 8.0  # influence points of margin that count as a near-certain win (evaluation squashing)
HORIZONS = ("round", "game")
EVALUATIONS = ("plain", "learned")
ROLLOUTS = ("heuristic", "quick")
RANKED = (CHOOSE, ROTATE, STORE)  # phases whose candidates come best first by the heuristic's values


class LeagueParts:
    """One decision's search problem: the observation, the bot's memory and settings."""

    def __init__(
        self,
        agent: IsmctsAgent,
        observation: dict[str, Any],
        legal: Sequence[Action],
        memory: Memory,
        comp: Components,
    ) -> None:
        self.agent = agent
        self.legal: Sequence[Action] | None = legal  # the root's: a world may allow more (a bonus limit)
        self.obs = observation
        self.memory = memory
        self.comp = comp
        self.round = int(observation["round"])
        self.pool: list[Game] = []
        self.steps = 0  # engine steps the search applied (``bank="steps"``: the cost of its simulations)

    def players(self, g: Game) -> int:
        return g.s.players

    def world(self, rng: random.Random, index: int) -> Game:
        seed = rng.getrandbits(32)
        if len(self.pool) < self.agent.worlds:
            self.pool.append(rebuild(self.obs, self.memory, self.comp, rng, seed=seed))
        g = self.pool[index % len(self.pool)].clone()
        g.seed = seed
        return g

    def copy(self, g: Game) -> Game:
        """A world to play on again (the halving root's common random numbers)."""
        return g.clone()

    def actor(self, g: Game) -> int | None:
        if g.over or (self.agent.horizon == "round" and g.s.round != self.round):
            return None
        pending = g.pending()
        return pending[0] if pending else None

    def candidates(self, g: Game, seat: int, rng: random.Random) -> list[Action]:
        legal = g.legal_actions(seat)
        if self.legal is not None:  # the root: what the real game allows
            legal, self.legal = [a for a in legal if a in self.legal], None
        if len(legal) <= 1:
            return list(legal)
        v = self.agent.values
        out = candidates(g, seat, legal, v, self.agent.n_candidates)
        if g.s.phase in RANKED:
            return out  # ranked by the heuristic's own values: its choice is first already
        first = decide(g, seat, legal, v)
        return [first, *(a for a in out if a != first)]

    def available(self, g: Game, seat: int, action: Action) -> bool:
        return action in g.legal_actions(seat)

    def apply(self, g: Game, seat: int, action: Action) -> None:
        g.apply(seat, action)
        self.steps += 1

    def public(self, g: Game, seat: int, action: Action) -> bool:
        return True

    def rollout(self, g: Game, rng: random.Random) -> None:
        v = self.agent.rollout_values
        play = policy if self.agent.rollout == "quick" else decide
        while (p := self.actor(g)) is not None:
            g.apply(p, play(g, p, g.legal_actions(p), v, rng))
            self.steps += 1

    def scores(self, g: Game) -> list[float]:
        if self.agent.evaluation == "learned" and not g.over:
            return relative(learned_values(g, self.agent.weights), SCALE)
        vals = standing(g, self.agent.values)
        if g.over:
            winners = g.result()["winners"]
            vals = [x + (WIN / len(winners) if p in winners else 0.0) for p, x in enumerate(vals)]
        return relative(vals, SCALE)


class IsmctsAgent(HeuristicAgent):
    """Information-set MCTS for League of Six (see the module doc and :mod:`tabletop.ismcts`).

    Options (through the agent name, e.g. ``ismcts:simulations=400:max_seconds=1``):
    ``simulations`` (iterations per decision), ``max_seconds`` (an optional time limit),
    ``candidates`` (storage rows searched), ``worlds`` (determinizations rebuilt per decision),
    ``horizon`` ("round" or "game"), ``noise`` (the roll-outs' value noise), ``exploration``
    (UCB1 constant), ``widen`` (progressive widening factor), ``confidence`` (standard errors a
    candidate needs over the heuristic's choice to replace it, default 1; 0: the most visited wins),
    ``others`` (progressive widening factor of the other seats' nodes, default 0.3),
    ``root`` ("ucb", or "halving": sequential halving with common random numbers at the root),
    ``expand`` (visits a decision needs before the tree grows a node after it; 0: at once),
    ``evaluation`` ("plain": the heuristic's standing; "learned": :mod:`league_of_six.bots.learned`),
    ``rollout`` ("heuristic", or "quick": storage rows valued without the engine),
    ``stop`` (halving root: end a decision early once its leader is that many paired standard
    errors ahead of every other candidate; 0: never), ``carry`` (a decision may spend up to
    ``carry`` times ``simulations``, drawing on what earlier decisions of the game left unspent; 1:
    every decision gets ``simulations``), ``bank`` (what ``carry`` keeps: "simulations", or
    "steps": the engine steps the unspent simulations would have cost), ``hold`` (once the bank holds
    ``hold`` times ``simulations``, a decision does not stop early and spends its share of the bank;
    default: no limit), ``horse`` (the heuristic's value of a horse, 3.2 by default, in place of
    its own for the candidates, roll-outs and standing), ``guard_weight`` (with
    ``evaluation="learned"``: a guard in hand's weight from round 2 on, in place of the fitted
    ~3; docs/bots.md, eighth round), ``components`` (a user's set).

    With ``stop`` and ``carry`` the budget moves from clear decisions to close ones while the
    game's simulations stay ``simulations`` per searched decision at most (docs/bots.md, sixth
    round); still counts of simulations, deterministic from the seed. A simulation's cost follows
    the length of its roll-out (a town choice at the round's start costs several times a storage
    row at its end), so moving simulations moves CPU unevenly; with ``bank="steps"`` a decision
    saves the engine steps its unspent simulations would have taken and a later one converts them
    back at its own kind's measured steps per simulation, running into debt (down to half its
    budget) where it overspent: a game's engine steps then stay at most those of the fixed budget,
    one decision's error aside. What the bank still holds when the game ends is never spent; with
    ``hold`` it is at most ``hold`` plus one decision's budget (at the dearest kind's steps), so a
    game's steps stay at least the fixed budget's less that (docs/bots.md, seventh round). The
    bookkeeping is :class:`tabletop.budget.Bank`, shared with Wallenstein's bot.
    """

    def __init__(
        self,
        seat: int = 0,
        seed: int = 0,
        simulations: int = DEFAULT_SIMULATIONS,
        max_seconds: float | None = None,
        candidates: int = 6,
        worlds: int = 24,
        horizon: str = "round",
        noise: float = ROLLOUT_NOISE,
        exploration: float = 0.5,
        widen: float = 1.0,
        confidence: float = CONFIDENCE,
        others: float | None = OTHERS,
        root: str = ROOT,
        expand: int = 0,
        evaluation: str = "plain",
        rollout: str = "heuristic",
        stop: float = 0.0,
        carry: float = 1.0,
        bank: str = "simulations",
        hold: float | None = None,
        horse: float | None = None,
        guard_weight: float | None = None,
        components: Any = None,
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
        )
        if candidates < 1 or worlds < 1:
            raise ValueError("candidates and worlds must be at least 1")
        if horizon not in HORIZONS:
            raise ValueError(f"horizon must be one of {HORIZONS}, not {horizon!r}")
        if evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {EVALUATIONS}, not {evaluation!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {ROLLOUTS}, not {rollout!r}")
        self.bank = Bank(carry, bank, hold)  # carry, bank and hold (tabletop.budget)
        if horse is not None and horse < 0:
            raise ValueError("horse must be at least 0")
        if guard_weight is not None and evaluation != "learned":
            raise ValueError("guard_weight weighs the learned evaluation: it needs evaluation=learned")
        if horse is not None:
            values = replace(values, horse=float(horse))
        super().__init__(seat, seed, components, values)
        self.n_candidates = candidates
        self.worlds = worlds
        self.horizon = horizon
        self.evaluation = evaluation
        self.rollout = rollout
        self.rollout_values = replace(values, noise=noise)
        self.weights = WEIGHTS if guard_weight is None else with_guard_weight(float(guard_weight))
        self.decisions = 0
        self.simulated = 0  # iterations run so far (benchmarks)

    def reset(self, seat: int, seed: int) -> None:
        super().reset(seat, seed)
        self.decisions = 0
        self.simulated = 0
        self.bank.reset()

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        mem, comp = self.observe(observation)
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(f"ismcts/{self.seed}/{self.decisions}")
        phase = str(observation["phase"])  # the bank's kind of decision
        settings = self.bank.budget(self.settings, phase)
        parts = LeagueParts(self, observation, legal, mem, comp)
        result = search(parts, self.seat, rng, settings)
        self.simulated += result.iterations
        if len(result.root.candidates) > 1:  # a single candidate (the civic bonus card) saves nothing
            self.bank.record(phase, self.settings.iterations, result.iterations, parts.steps)
        return result.action

    def __repr__(self) -> str:
        return f"IsmctsAgent(seat={self.seat}, seed={self.seed}, simulations={self.settings.iterations})"


__all__ = ["BANKS", "DEFAULT_SIMULATIONS", "IsmctsAgent", "LeagueParts"]
