"""Both games' bot registries: the same kinds, and a bad kind or option is a clear error."""

from __future__ import annotations

import importlib

import pytest

from tabletop.errors import IllegalAction


@pytest.mark.parametrize("package", ["wallenstein.bots", "league_of_six.bots"])
def test_make_agent_rejects_unknown_kinds_and_options(package: str) -> None:
    bots = importlib.import_module(package)
    assert set(bots.BOT_KINDS) == {"random", "heuristic", "search", "ismcts", "ppo", "learned"}
    with pytest.raises(IllegalAction, match="unknown bot kind"):
        bots.make_agent("oracle", 1)
    with pytest.raises(IllegalAction, match="bad options"):
        bots.make_agent("search", 1, depth=3)
    with pytest.raises(IllegalAction, match="bad options"):
        bots.make_agent("search", 1, simulations=0)
    with pytest.raises(IllegalAction):
        bots.make_agent("random", 1, noise=1)
