"""The ismcts bot plays every edition and module set to the end, keeps its budget and beats random
players (tiny budgets: behaviour, not strength). That it is reproducible and decides from its
observation only is tested with the other bots in test_bots_play.py."""

from __future__ import annotations

import pytest
from test_bots_play import _play

import wallenstein
from tabletop.errors import IllegalAction
from tabletop.tournament import tournament
from wallenstein.bots import BOT_KINDS, make_agent
from wallenstein.bots.ismcts import IsmctsAgent
from wallenstein.bots.tournament import WallensteinTournament

GAMES = [
    ("2012", (), "lineup", 4),
    ("2012", (), "draft", 3),
    ("2002", (), "lineup", 4),
    ("2012", ("emperors_court",), "lineup", 4),
    ("2012", ("landsknechte",), "lineup", 5),
    ("2012", ("military_leaders",), "draft", 4),
    ("2012", ("emperors_court", "landsknechte", "military_leaders"), "lineup", 3),
]


@pytest.mark.parametrize(("edition", "modules", "setup", "players"), GAMES)
def test_plays_every_edition_and_module_set_to_the_end(
    edition: str, modules: tuple[str, ...], setup: str, players: int
) -> None:
    """Every decision checked legal (whole plans through the edition's or module's own check)."""
    g = _play(["ismcts", "heuristic", "random"], 60 + players, players, setup, edition, modules)
    assert g.over


def test_budget_options_and_bad_options() -> None:
    assert "ismcts" in BOT_KINDS
    g = wallenstein.new_game(players=4, seed=3, log=False)
    bot = IsmctsAgent(0, 1, simulations=9, worlds=3)
    bot.act(g.observe(0), g.legal_actions(0))
    assert bot.simulated == 9
    slow = IsmctsAgent(0, 1, simulations=100_000, max_seconds=0.05)
    slow.act(g.observe(0), g.legal_actions(0))
    assert 1 <= slow.simulated < 100_000
    for bad in ({"simulations": 0}, {"horizon": "decade"}, {"worlds": 0}, {"max_seconds": -1}, {"depth": 2}):
        with pytest.raises(IllegalAction, match="bad options"):
            make_agent("ismcts", 1, **bad)


def test_small_tournament_against_random_players() -> None:
    spec = WallensteinTournament()
    name = "ismcts:simulations=8:candidates=3:model=2:worlds=2"
    report = tournament(spec, [name, "random", "random", "random"], games=4, seed=0)
    row = report.summary()[name]
    assert row["win_rate"] >= 0.75
    assert row["mean_vp"] > report.summary()["random"]["mean_vp"]
