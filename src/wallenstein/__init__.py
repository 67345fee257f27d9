"""Wallenstein (Dirk Henn): an exact, reproducible rules engine.

The modules cite the rulebooks by seed number and section; from a checkout they are
``../shared/seeds/000_0e95b3a6bc0d281e.txt`` (seed 000, the 2012 edition in English),
``../shared/seeds/004_fae1cec4ff72eb0c.txt`` (seed 004, the same in German),
``../shared/seeds/002_de16aeb42e33f8bf.txt`` and ``../shared/seeds/003_67f9527da1ec065b.txt``
(seeds 002 and 003, the 2002 edition), and the rulings ``../shared/design/rulings.md`` (W-nn).

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
