"""League of Six as a game kind (seed ``../shared/seeds/001_7c0a9294b8c55757.txt``): both town tile
sides, its hidden twins (the piles' order: hands are public, L-07) and its golden games."""

from __future__ import annotations

import random

from golden_files import golden_cases, load_regenerate
from kinds import Game, GameKind, register

import league_of_six
from league_of_six.invariants import check
from league_of_six.narrate import narrate_game


def twins(g: league_of_six.Game, rng: random.Random) -> list[tuple[str, frozenset[int], Game]]:
    """Hands are public on this table (L-07); only the future is hidden: copies in which the tax tile
    pile or the storage tiles left lie in another order (what the next draws take). Nobody may notice."""
    out: list[tuple[str, frozenset[int], Game]] = []
    for secret, field in (("tax tile pile", "tax_deck"), ("storage tile pile", "storage_left")):
        t = g.clone()
        pile = getattr(t.s, field)
        rng.shuffle(pile)
        t.refresh()
        if not g.over and pile != getattr(g.s, field):
            out.append((secret, frozenset(), t))
    return out


def _finished(g: league_of_six.Game) -> None:
    res = g.result()
    assert res["over"] and res["winners"], "a finished game has winners"
    assert g.s.round == 6 and len(res["influence"]) == g.players
    # Every pile card was turned up; every view shows the same hands (L-07).
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
        secrets=("tax tile pile", "storage tile pile"),
        phases=("choose", "offer", "respond", "rotate", "store", "bonus"),
        variants=({"sides": "white"}, {"sides": "yellow"}),
        random_games=1020,
        finished=_finished,
        golden=golden_cases("golden_los", _REGEN.CASES),
        bad_decisions=(
            '{"type": "choose"}',
            '{"type": "choose", "town": "prague"}',
            '{"type": "choose", "town": "lauban", "guards": 2}',
            '{"type": "offer", "guards": 13}',
            '{"type": "offer", "guards": true}',
            '{"type": "rotate", "turn": 6}',
            '{"type": "row", "store": "cellar", "row": 1}',
            '{"type": "leader", "figures": 0}',
            {"type": "accept"},  # nobody offered anything
            {"type": "rotate", "turn": 0},  # not the tax phase
        ),
    )
)
