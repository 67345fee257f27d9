"""League of Six's parts of the after-game review (:mod:`tabletop.review`, docs/play/review.md).

* **views and worlds**: every hand and decision is public (L-07); what a view lacks is the order of
  the face-down piles (civic leader cards, tax tiles, storage tiles) and the future. A viewer keeps a
  :class:`~league_of_six.memory.Memory` of what it has seen (the bots' memory, from observations only:
  the spectator's from ``observe(None)``) and draws worlds with
  :func:`league_of_six.determinize.rebuild` and a chance seed of the review's own.
* **roll-out policy**: the heuristic with the search's roll-out noise on its values.
* **advisor**: ``ismcts:preset=learned`` (docs/bots/league-of-six.md) at the review budget's
  simulations, with the reviewing seat's observation and memory.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from league_of_six.bots.heuristic import DEFAULT, decide
from league_of_six.bots.ismcts import IsmctsAgent
from league_of_six.bots.search import ROLLOUT_NOISE
from league_of_six.components import Components
from league_of_six.determinize import rebuild
from league_of_six.game import Game
from league_of_six.memory import Memory
from tabletop.review import AdvisedViewer, GameParts, Position, Stage

NOISY = replace(DEFAULT, noise=ROLLOUT_NOISE)


class LeagueViewer(AdvisedViewer):
    """A seat's or the spectator's view of a League of Six game (:class:`tabletop.review.Viewer`)."""

    advisor = IsmctsAgent

    def __init__(self, seat: int | None, players: int) -> None:
        self.seat = seat
        self.memory = Memory(-1 if seat is None else seat, players)
        self.obs: dict[str, Any] = {}
        self.comp: Components | None = None

    def look(self, game: Game) -> dict[str, Any]:
        self.comp = game.comp  # the component set is public (it names every tile and card)
        self.obs = game.observe(self.seat)
        self.memory.update(self.obs, game.comp)
        return self.obs

    def world(self, rng: random.Random) -> Game:
        assert self.comp is not None, "look at a position first"
        obs = self.obs
        if self.seat is None:
            # rebuild reads a seat only to narrow a civic bonus limit; the pending seat's is public.
            pending = obs["pending"]
            obs = {**obs, "seat": int(pending[0]) if pending else 0}
        return rebuild(obs, self.memory, self.comp, rng, seed=rng.getrandbits(32))

    def brief(self, agent: IsmctsAgent) -> None:
        agent.comp = self.comp
        agent.memory = copy.deepcopy(self.memory)  # the advisor's search must not change the viewer's


class LeagueReview(GameParts):
    """:class:`tabletop.review.ReviewParts` for League of Six (see the module doc)."""

    game = "league_of_six"
    score_name = "influence"
    game_class = Game
    score_key = "influence"

    def viewer(self, seat: int | None, players: int) -> LeagueViewer:
        return LeagueViewer(seat, players)

    def rollout(self, game: Game, rng: random.Random) -> None:
        while not game.over:
            seat = game.pending()[0]
            game.apply(seat, decide(game, seat, game.legal_actions(seat), NOISY, rng))

    def stage(self, game: Game) -> Stage:
        r = game.s.round
        return Stage(f"round {r} {game.phase}", r)

    def reviewed(self, positions: Sequence[Position], k: int) -> tuple[str, Any] | None:
        pos = positions[k]
        if len(pos.game.legal_actions(pos.seat)) < 2:
            return None
        return pos.game.phase, pos.action

    def seat_names(self, players: int) -> list[str]:
        return [f"seat {p}" for p in range(players)]


PARTS = LeagueReview()

__all__ = ["PARTS", "LeagueReview", "LeagueViewer"]
