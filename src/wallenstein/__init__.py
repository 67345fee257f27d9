"""Wallenstein (Dirk Henn): an exact, reproducible rules engine.

Usage::

    import wallenstein
    g = wallenstein.new_game(players=4, seed=1)
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, g.legal_actions(seat)[0])
    print(g.result())
"""

from tabletop.errors import DataError, IllegalAction
from wallenstein.actions import Action
from wallenstein.game import Game, new_game, replay
from wallenstein.tower import ProbabilisticTower, ScriptedTower, Tower, default_tower, memoryless_tower

__all__ = [
    "Action",
    "DataError",
    "Game",
    "IllegalAction",
    "ProbabilisticTower",
    "ScriptedTower",
    "Tower",
    "default_tower",
    "memoryless_tower",
    "new_game",
    "replay",
]
