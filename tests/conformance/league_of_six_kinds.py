"""League of Six as a game kind (seed ``../shared/seeds/001_7c0a9294b8c55757.txt``): both town tile
sides, its hidden twins (the hands) and its golden games."""

from __future__ import annotations

import random

from golden_files import golden_cases, load_regenerate
from kinds import Game, GameKind, register

import league_of_six
from league_of_six.invariants import check
from league_of_six.narrate import narrate_game


def twins(g: league_of_six.Game, rng: random.Random) -> list[tuple[str, frozenset[int], Game]]:
    """Hands are secret (guard cards and civic leader cards, even how many): a copy in which two
    seats hold 5 more guards each and each other's civic leader cards. Only those two may notice."""
    a, b = rng.sample(range(g.players), 2)
    t = g.clone()
    t.s.guards[a] += 5
    t.s.guards[b] += 5
    for c, at in enumerate(t.s.card_at):
        if at in (a, b):
            t.s.card_at[c] = b if at == a else a
    t.refresh()
    return [] if g.over else [("hands", frozenset({a, b}), t)]


def _finished(g: league_of_six.Game) -> None:
    res = g.result()
    assert res["over"] and res["winners"], "a finished game has winners"
    assert g.s.round == 6 and len(res["influence"]) == g.players
    # Every pile card was turned up; the hands were revealed to everyone at the end.
    assert g.observe(None)["hands"] == g.observe(0)["hands"]


_REGEN = load_regenerate("golden_los")

register(
    GameKind(
        name="league_of_six",
        new_game=league_of_six.new_game,
        replay=league_of_six.replay,
        load=league_of_six.Game.from_json,
        check=check,
        narrate=narrate_game,
        twins=twins,
        secrets=("hands",),
        phases=("choose", "offer", "respond", "rotate", "store", "bonus"),
        variants=({"sides": "white"}, {"sides": "yellow"}),
        random_games=1020,
        finished=_finished,
        golden=golden_cases("golden_los", _REGEN.CASES),
    )
)
