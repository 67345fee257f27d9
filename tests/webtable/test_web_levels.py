"""Difficulty levels on the table: a bot per level for each game, labelled with its measured rating."""

from __future__ import annotations

from league_of_six.bots import LEVELS as LOS_LEVELS
from league_of_six.bots import make_agent as make_league
from tabletop.levels import LEVEL_NAMES
from tabletop.tournament import parse_agent
from wallenstein.bots import LEVELS as WALLENSTEIN_LEVELS
from wallenstein.bots import make_agent as make_wallenstein
from webtable import league_kind, wallenstein_kind
from webtable.registry import BOTS, install_defaults


def test_every_game_offers_the_four_levels_with_their_ratings() -> None:
    install_defaults()
    for kind, levels in ((wallenstein_kind, WALLENSTEIN_LEVELS), (league_kind, LOS_LEVELS)):
        shown = kind.lobby()["levels"]
        assert [lv["bot"] for lv in shown] == list(LEVEL_NAMES) == [lv.name for lv in levels]
        ratings = [level.rating for level in levels]
        assert ratings == sorted(ratings)  # the levels follow the measured ratings
        for lv, level in zip(shown, levels, strict=True):
            assert f"rating {level.rating:.0f}" in lv["label"] and lv["agent"] == level.agent
            assert BOTS[lv["bot"]].plays(kind.KIND.name)


def test_a_level_bot_is_its_agent_seated_and_seeded() -> None:
    install_defaults()
    for game, levels, make in (
        ("wallenstein", WALLENSTEIN_LEVELS, make_wallenstein),
        (league_kind.KIND.name, LOS_LEVELS, make_league),
    ):
        for level in levels:
            bot = BOTS[level.name].make(game, 2, 3)
            kind, options = parse_agent(level.agent)
            assert type(bot) is type(make(kind, 3, **options))
            assert getattr(bot, "seat", 2) == 2 and getattr(bot, "seed", 3) == 3
