"""Difficulty levels on the table: a bot per level for each game, labelled with its measured rating."""

from __future__ import annotations

from league_of_six.bots import LEVELS as LOS_LEVELS
from league_of_six.bots.ismcts import IsmctsAgent as LeagueIsmcts
from tabletop.agents import RandomAgent
from tabletop.levels import LEVEL_NAMES
from wallenstein.bots import LEVELS as WALLENSTEIN_LEVELS
from wallenstein.bots.heuristic import HeuristicAgent
from wallenstein.bots.ismcts import IsmctsAgent
from webtable import league_kind, wallenstein_kind
from webtable.registry import BOTS, install_defaults


def test_every_game_offers_the_four_levels_with_their_ratings() -> None:
    install_defaults()
    for kind, levels in ((wallenstein_kind, WALLENSTEIN_LEVELS), (league_kind, LOS_LEVELS)):
        shown = kind.lobby()["levels"]
        assert [lv["bot"] for lv in shown] == list(LEVEL_NAMES) == [lv.name for lv in levels]
        for lv, level in zip(shown, levels, strict=True):
            assert f"rating {level.rating:.0f}" in lv["label"] and lv["agent"] == level.agent
            assert BOTS[lv["bot"]].plays(kind.KIND.name)


def test_a_level_bot_is_its_agent_seated_and_seeded() -> None:
    install_defaults()
    assert isinstance(BOTS["beginner"].make("wallenstein", 1, 3), RandomAgent)
    assert isinstance(BOTS["intermediate"].make("wallenstein", 1, 3), HeuristicAgent)
    strong = BOTS["strongest"].make("wallenstein", 2, 3)
    assert isinstance(strong, IsmctsAgent) and strong.seat == 2 and strong.seed == 3
    los = BOTS["strong"].make(league_kind.KIND.name, 1, 4)
    assert isinstance(los, LeagueIsmcts) and los.seat == 1
