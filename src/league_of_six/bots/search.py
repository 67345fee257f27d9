"""A search bot: flat Monte Carlo over candidate decisions on determinized games.

For each decision with a choice (a town, an offer or an answer to one, the turn of the tax tile, a
storage row) the bot lists candidates (all of them, or the heuristic's best few), then runs
simulations: each rebuilds a game from the observation and the bot's memory with the hidden parts
sampled (:mod:`league_of_six.determinize`: the future chance; hands are public, L-07), applies the
candidate, lets every seat play on with the heuristic (with a little noise on its values, so the
roll-outs cover what opponents might do) to the end of the round, and scores the result for the
bot: its influence plus projected civic leader majorities and guards, minus the best rival's
(:func:`evaluate`; at the end of the game, the real result). Candidates share each sampled world
and its roll-out seed (common random numbers), and sequential halving spends the budget on the
best ones. The civic bonus card is left to the heuristic.

The budget is a number of simulations per decision, so results do not depend on machine load; an
optional time budget (``max_seconds``) stops a decision early (then results depend on speed).
Everything random comes from the bot's seed and its decision counter: deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from league_of_six.actions import ACCEPT, Action
from league_of_six.bots.heuristic import (
    DEFAULT,
    HeuristicAgent,
    Values,
    choose_values,
    decide,
    standing,
    store_values,
    tile_options,
)
from league_of_six.components import Components
from league_of_six.determinize import rebuild
from league_of_six.game import Game
from league_of_six.memory import Memory
from league_of_six.state import CHOOSE, OFFER, RESPOND, ROTATE, STORE
from tabletop.halving import sequential_halving

DEFAULT_SIMULATIONS = 400  # about 1 s of CPU per decision on this machine (league-of-six tournament)
ROLLOUT_NOISE = 1.0
WIN = 10.0  # a won game is worth this much influence of margin in the evaluation


def evaluate(g: Game, seat: int, v: Values = DEFAULT) -> float:
    """How good ``g`` looks for ``seat``: its standing minus the best rival's (the result at the end)."""
    vals = standing(g, v)
    rival = max(vals[p] for p in range(len(vals)) if p != seat)
    if g.over:
        winners = g.result()["winners"]
        won = 1.0 / len(winners) if seat in winners else 0.0
        return WIN * won + vals[seat] - rival
    return vals[seat] - rival


def candidates(g: Game, seat: int, legal: Sequence[Action], v: Values, n: int) -> list[Action]:
    """The decisions worth searching, best first by the heuristic: every town, tax tile turn and
    (up to ``n``) storage row; the 3 lowest offers; accept or the 2 lowest raises; else the
    heuristic's single choice (the civic bonus card)."""
    ph = g.s.phase
    if ph == CHOOSE:
        ranked = choose_values(g, seat, legal, v)
    elif ph == OFFER:
        return list(legal[: min(n, 3)])  # the lowest offers: higher ones only cost more
    elif ph == RESPOND:
        return [ACCEPT, *legal[1 : min(n, 3)]]
    elif ph == ROTATE:
        by_rot = {a.a: a for a in legal}
        ranked = [(val, by_rot[r]) for val, r in tile_options(g, seat, g.s.town_of[seat], v) if r in by_rot]
    elif ph == STORE:
        ranked = store_values(g, seat, legal, v)
    else:
        return [decide(g, seat, legal, v)]  # the civic bonus card: the heuristic's pick
    ranked.sort(key=lambda o: -o[0])
    return [a for _, a in ranked[:n]]


class SearchAgent(HeuristicAgent):
    """Flat Monte Carlo with sequential halving over candidate decisions (see the module doc)."""

    def __init__(
        self,
        seat: int = 0,
        seed: int = 0,
        simulations: int = DEFAULT_SIMULATIONS,
        max_seconds: float | None = None,
        candidates: int = 6,
        noise: float = ROLLOUT_NOISE,
        components: Any = None,
        values: Values = DEFAULT,
    ) -> None:
        if simulations < 1:
            raise ValueError("simulations must be at least 1")
        if candidates < 1:
            raise ValueError("candidates must be at least 1")
        if max_seconds is not None and max_seconds <= 0:
            raise ValueError("max_seconds must be positive")
        super().__init__(seat, seed, components, values)
        self.simulations = simulations
        self.max_seconds = max_seconds
        self.n_candidates = candidates
        self.rollout_values = replace(values, noise=noise)
        self.decisions = 0
        self.simulated = 0  # simulations run so far (benchmarks, tests)

    def reset(self, seat: int, seed: int) -> None:
        super().reset(seat, seed)
        self.decisions = 0
        self.simulated = 0

    # ------------------------------------------------------------------ the agent
    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        mem, comp = self.observe(observation)
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        base = rebuild(observation, mem, comp)
        cands = self._candidates(base, legal)
        if len(cands) == 1:
            return cands[0]
        rng = random.Random(f"{self.seed}/{self.decisions}")
        return self._choose(observation, mem, comp, cands, rng)

    def _candidates(self, g: Game, legal: Sequence[Action]) -> list[Action]:
        return candidates(g, self.seat, legal, self.values, self.n_candidates)

    # ------------------------------------------------------------------ simulations
    def _choose(
        self, obs: dict[str, Any], mem: Memory, comp: Components, cands: list[Action], rng: random.Random
    ) -> Action:
        """Sequential halving (:func:`tabletop.halving.sequential_halving`) over worlds rebuilt from ``obs``."""

        def world(seed: int) -> Game:
            return rebuild(obs, mem, comp, random.Random(seed), seed=seed & 0xFFFFFFFF)

        def simulate(det: Game, i: int, seed: int) -> float:
            return self._simulate(det, cands[i], seed)

        best = sequential_halving(
            len(cands), self.simulations, rng, world, simulate, self.max_seconds, stop_when_thin=True
        )
        return cands[best]

    def _simulate(self, world: Game, action: Action, world_seed: int) -> float:
        """The candidate played in a copy of the world, then heuristic play to the end of the round."""
        self.simulated += 1
        g = world.clone()
        seat = self.seat
        g.apply(seat, action)
        rng = random.Random(world_seed + 1)
        s = g.s
        rnd = s.round
        v = self.rollout_values
        while not g.over and s.round == rnd:
            p = g.pending()[0]
            g.apply(p, decide(g, p, g.legal_actions(p), v, rng))
        return evaluate(g, seat, self.values)

    def __repr__(self) -> str:
        return f"SearchAgent(seat={self.seat}, seed={self.seed}, simulations={self.simulations})"
