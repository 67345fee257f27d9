"""League of Six (Sechsstädtebund): an exact, reproducible rules engine (seed 001,
``../shared/seeds/001_7c0a9294b8c55757.txt``, cited by section in the modules).

Usage::

    import league_of_six
    g = league_of_six.new_game(players=4, seed=1)        # the balanced stand-in set (L-01)
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, g.legal_actions(seat)[0])
    print(g.result())

The printed tiles are not public: ``new_game(..., components="my_set.json")`` plays a component
file in the format of docs/rules/league-of-six-components.md.
"""

from league_of_six.actions import Action
from league_of_six.components import Components, load_file, standin
from league_of_six.game import COLOURS, Game, new_game, replay
from tabletop.errors import DataError, IllegalAction

__all__ = [
    "COLOURS",
    "Action",
    "Components",
    "DataError",
    "Game",
    "IllegalAction",
    "load_file",
    "new_game",
    "replay",
    "standin",
]
