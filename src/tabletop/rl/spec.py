"""What a game supplies to the shared RL machinery: its catalogue, encoder, bots and results.

Each game's ``rl`` package builds one :class:`RLGame`; the PettingZoo, Gymnasium and OpenSpiel
wrappers of :mod:`tabletop.rl` are written once against it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from tabletop.agents import Agent
from tabletop.errors import IllegalAction
from tabletop.rl.catalogue import Catalogue
from tabletop.rl.render import ansi
from tabletop.runner import PlayableGame

Vector = npt.NDArray[np.float32]
REWARDS = ("win", "vp")
# The single-agent environment also offers "shaped": per-step changes of a public score estimate
# that add up to the "vp" reward, plus the win share at the end (see :func:`margin_potential`).
GYM_REWARDS = (*REWARDS, "shaped")
SHAPING_WEIGHT = 4.0  # the margin's weight in "shaped": 10 VP of margin weigh 0.4 of a win


class RLPlayable(PlayableGame, Protocol):
    """The engine API the wrappers use (both games' ``Game`` have it): the runner's, and more."""

    @property
    def players(self) -> int: ...

    def result(self) -> dict[str, Any]: ...

    def clone(self) -> Any: ...

    def resample(self, seat: int, seed: int) -> Any: ...


@dataclass(frozen=True)
class RLGame:
    """One game as the RL wrappers see it.

    ``name``: versioned environment name (``wallenstein_v1``); ``encode(observation) -> float32 vector in
    [0, 1]`` of length ``obs_size`` (from the observation dict only, so it cannot carry a secret);
    ``start``: the engine's ``new_game(players=, seed=, log=, **options)``, of which only the named
    ``options`` pass (:meth:`new_game`); ``bots``: the game's bot package (with ``make_agent``,
    :meth:`make_bot`); ``title`` and the observation fields ``shown`` per seat: the "ansi" rendering
    (:meth:`render`); ``score_key``: the result field that rewards of kind "vp" compare (VP, influence);
    ``vp_scale`` divides the difference. ``fast_encode(game, seat)``, when a game gives one, returns
    exactly ``encode(game.observe(seat))`` straight from the engine state (a test per game proves the
    equality); :meth:`encode_seat` uses it.
    """

    name: str
    catalogue: Catalogue
    obs_size: int
    encode: Callable[[Mapping[str, Any]], Vector]
    start: Callable[..., RLPlayable]
    options: Sequence[str]
    bots: str
    title: str
    shown: Sequence[str]
    score_key: str = "vp"
    vp_scale: float = 100.0
    fast_encode: Callable[[Any, int], Vector] | None = None
    projected: Callable[[Any], Sequence[float]] | None = None
    make_encoder: Callable[[], Callable[[Any, int], Vector]] | None = None
    # A decision as catalogue decisions (a game whose engine takes macro decisions, e.g. a whole plan):
    # ``steps(game, seat, action)``; None: every decision is one of the catalogue's.
    steps: Callable[[Any, int, Any], Sequence[Any]] | None = None

    def new_game(self, players: int, seed: int, given: Mapping[str, Any]) -> RLPlayable:
        """A game without a log; an option not among ``options`` is an IllegalAction."""
        unknown = set(given) - set(self.options)
        if unknown:
            raise IllegalAction(f"unknown option(s) {sorted(unknown)}; options are {list(self.options)}")
        return self.start(players=players, seed=seed, log=False, **given)

    def make_bot(self, kind: str, seed: int) -> Agent:
        agent: Agent = import_module(self.bots).make_agent(kind, seed)
        return agent

    def render(self, game: Any) -> str:
        return ansi(game, self.title, self.shown)

    def encoder(self) -> Callable[[Any, int], Vector]:
        """A ``(game, seat) -> vector`` equal to :meth:`encode_seat`, for one environment: a game may
        give one with a memory between calls (``make_encoder``; Wallenstein keeps what a planning
        phase does not change)."""
        return self.make_encoder() if self.make_encoder is not None else self.encode_seat

    def encode_seat(self, game: RLPlayable, seat: int) -> Vector:
        """The observation vector of ``seat`` in ``game``: ``encode(game.observe(seat))``."""
        if self.fast_encode is not None:
            return self.fast_encode(game, seat)
        return self.encode(game.observe(seat))


def check_reward(reward: str, kinds: Sequence[str] = REWARDS) -> str:
    if reward not in kinds:
        raise IllegalAction(f"reward must be one of {list(kinds)}, not {reward!r}")
    return reward


def _margins(spec: RLGame, scores: Sequence[float]) -> list[float]:
    """Each seat's score minus the mean of the others', divided by ``spec.vp_scale`` (zero-sum)."""
    P = len(scores)
    total = sum(scores)
    return [(scores[p] - (total - scores[p]) / (P - 1)) / spec.vp_scale for p in range(P)]


def margin_potential(spec: RLGame, game: RLPlayable, seat: int) -> float:
    """The potential of reward "shaped": ``seat``'s margin (as reward "vp") of the projected scores
    (``spec.projected``, public information), or of the final scores once the game is over.

    Weighted by ``SHAPING_WEIGHT``. The environment rewards each step with the change of this
    potential, so an episode's rewards add up to ``SHAPING_WEIGHT`` times the "vp" reward minus the
    start's value (zero at a symmetric start), plus the win share at the end: the shaping
    tells the learner early what the end will say, and cannot change which play is best
    (potential-based shaping, Ng, Harada and Russell 1999).
    """
    if game.over or spec.projected is None:
        scores = [float(v) for v in game.result()[spec.score_key]]
    else:
        scores = [float(v) for v in spec.projected(game)]
    return SHAPING_WEIGHT * _margins(spec, scores)[seat]


def final_rewards(spec: RLGame, game: RLPlayable, reward: str) -> list[float]:
    """End-of-game rewards per seat.

    ``"win"``: each winner gets 1/len(winners) (a shared win is shared), the others 0, so the
    rewards sum to 1. ``"vp"``: the seat's score minus the mean of the other seats' scores, divided
    by ``spec.vp_scale`` (zero-sum).
    """
    res = game.result()
    P = game.players
    if reward == "win":
        winners = res["winners"]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(P)]
    return _margins(spec, [float(v) for v in res[spec.score_key]])


__all__ = [
    "GYM_REWARDS",
    "REWARDS",
    "RLGame",
    "RLPlayable",
    "Vector",
    "check_reward",
    "final_rewards",
    "margin_potential",
]
