"""League of Six's parts for information-set MCTS (:mod:`tabletop.ismcts`), and the ``ismcts`` bot.

* **worlds**: determinizations of the observation and the bot's memory
  (:func:`league_of_six.determinize.rebuild`: every hand as the observation shows it, L-07;
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

Every decision and every hand of League of Six is public (L-07); only the future chance is hidden,
so the seats' trees see the same decisions and the same worlds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from league_of_six.actions import Action
from league_of_six.bots.heuristic import DEFAULT, HeuristicAgent, Values, decide, standing
from league_of_six.bots.learned import learned_values
from league_of_six.bots.rollout import policy
from league_of_six.bots.search import ROLLOUT_NOISE, WIN, candidates
from league_of_six.components import Components
from league_of_six.determinize import rebuild
from league_of_six.game import Game
from league_of_six.memory import Memory
from league_of_six.state import CHOOSE, ROTATE, STORE
from tabletop.budget import BANKS
from tabletop.ismcts import relative
from tabletop.search_params import TreeParams, TreeSearcher, chosen

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
            return relative(learned_values(g), SCALE)
        vals = standing(g, self.agent.values)
        if g.over:
            winners = g.result()["winners"]
            vals = [x + (WIN / len(winners) if p in winners else 0.0) for p, x in enumerate(vals)]
        return relative(vals, SCALE)


@dataclass(frozen=True)
class IsmctsParams(TreeParams):
    """Every option of League of Six's ``ismcts`` bot: the tree's
    (:class:`tabletop.search_params.TreeParams`, among them the budget bank: with ``stop`` and
    ``carry`` the budget moves from clear decisions to close ones, and ``bank="steps"`` keeps it in
    engine steps; research/journal.md, sixth and seventh rounds) and ``candidates`` (storage rows searched),
    ``worlds`` (determinizations rebuilt per decision), ``horizon`` ("round" or "game"), ``noise``
    (the roll-outs' value noise), ``evaluation`` ("plain": the heuristic's standing; "learned":
    :mod:`league_of_six.bots.learned`), ``rollout`` ("heuristic", or "quick": storage rows valued
    without the engine).
    """

    candidates: int = 6
    worlds: int = 24
    horizon: str = "round"
    noise: float = ROLLOUT_NOISE
    evaluation: str = "plain"
    rollout: str = "heuristic"

    def __post_init__(self) -> None:
        if self.candidates < 1 or self.worlds < 1:
            raise ValueError("candidates and worlds must be at least 1")
        if self.horizon not in HORIZONS:
            raise ValueError(f"horizon must be one of {HORIZONS}, not {self.horizon!r}")
        if self.evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {EVALUATIONS}, not {self.evaluation!r}")
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {ROLLOUTS}, not {self.rollout!r}")
        super().__post_init__()


# Named presets (a level or a study starts from one; options given beside it override its values).
PRESETS: dict[str, IsmctsParams] = {
    # The ladder's intermediate level: the first version's tree (no confidence rule, every seat widened).
    "ladder": IsmctsParams(simulations=100, confidence=0.0, others=1.0),
    # Head to head with today's search at equal CPU (48.8% of 80 against three, docs/bots/league-of-six.md).
    "learned": IsmctsParams(
        simulations=1560,
        root="halving",
        confidence=0.0,
        expand=16,
        evaluation="learned",
        rollout="quick",
        stop=2.0,
        carry=2.0,
        bank="steps",
        hold=1.0,
    ),
}


class IsmctsAgent(TreeSearcher[IsmctsParams], HeuristicAgent):
    """Information-set MCTS for League of Six (see the module doc and :mod:`tabletop.ismcts`):
    ``params`` (default :class:`IsmctsParams`, or the ``preset`` named), any option of it overridden by
    name. Still counts of simulations, deterministic from the seed, however the bank moves them."""

    def __init__(
        self,
        seat: int = 0,
        seed: int = 0,
        params: IsmctsParams | None = None,
        preset: str | None = None,
        components: Any = None,
        values: Values = DEFAULT,
        **options: Any,
    ) -> None:
        p = chosen(IsmctsParams, PRESETS, preset, options, params)
        self.start_searching(p)
        HeuristicAgent.__init__(self, seat, seed, components, values)
        self.n_candidates = p.candidates
        self.worlds = p.worlds
        self.horizon = p.horizon
        self.evaluation = p.evaluation
        self.rollout = p.rollout
        self.rollout_values = replace(values, noise=p.noise)

    def reset(self, seat: int, seed: int) -> None:
        HeuristicAgent.reset(self, seat, seed)
        self.reset_searching()

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        mem, comp = self.observe(observation)
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        phase = str(observation["phase"])  # the bank's kind of decision
        return self.searched(LeagueParts(self, observation, legal, mem, comp), phase, self.settings)


__all__ = ["BANKS", "PRESETS", "IsmctsAgent", "IsmctsParams", "LeagueParts"]
