"""The ladder (tabletop.ladder): line-ups, the interleaved schedule, resuming, ratings with intervals."""

from __future__ import annotations

from typing import Any

import pytest
from pick_game import PickRules

from tabletop.agents import Agent, RandomAgent
from tabletop.errors import IllegalAction
from tabletop.ladder import ladder, lineups, markdown, match, paired, read_records, record_json, schedule, standings


class Band(RandomAgent):
    """Picks at random within its band: weak 1-2, fair 3-4, strong 5-6."""

    def __init__(self, seed: int, low: int) -> None:
        super().__init__(0, seed)
        self.low = low

    def act(self, observation: dict[str, Any], legal: Any) -> Any:
        return super().act(observation, legal[self.low : self.low + 2])


class PickSpec(PickRules):
    choices = range(1, 7)

    def make_agent(self, name: str, seed: int) -> Agent:
        lows = {"weak": 0, "fair": 2, "strong": 4}
        if name not in lows:
            raise IllegalAction(f"unknown {name}")
        return Band(seed, lows[name])


def test_lineups_and_an_interleaved_schedule() -> None:
    names = ["a", "b", "c", "d"]
    assert lineups(names, 3) == [("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"), ("b", "c", "d")]
    games = schedule(names, 3, cycles=2, seed=5)
    assert len(games) == 4 * 6
    assert [g[0] for g in games[:4]] == lineups(names, 3)  # every line-up once before any twice
    assert games[5] == (("a", "b", "d"), 10_005, 1)
    with pytest.raises(IllegalAction):
        lineups(["a", "a", "b"], 2)
    with pytest.raises(IllegalAction):
        lineups(["a", "b"], 3)


def test_ratings_order_the_bots_and_a_resumed_run_plays_only_the_rest() -> None:
    spec = PickSpec()
    first: list[str] = []
    part = ladder(spec, ["weak", "fair", "strong"], 2, cycles=4, on_game=lambda r: first.append(record_json(r)))
    assert len(part) == 3 * 8
    again = ladder(spec, ["weak", "fair", "strong"], 2, cycles=4, done=read_records(first[:10]))
    assert [r.seed for r in again] == [r.seed for r in part[:10]] + [r.seed for r in again[10:]]
    assert sorted((r.names, r.seed) for r in again) == sorted((r.names, r.seed) for r in part)
    table = standings(part, bootstrap=50)
    assert list(table) == ["strong", "fair", "weak"]
    lo, hi = table["strong"]["rating95"]
    assert lo <= table["strong"]["rating"] <= hi and table["strong"]["games"] == 16
    assert "| `strong` | 16 |" in markdown(table)


def test_a_paired_match_plays_each_seed_with_both_bots_and_resumes() -> None:
    spec = PickSpec()
    lines: list[str] = []
    recs = match(
        spec, ["strong", "fair", "fair"], 6, seed=3, versus=["weak"], on_game=lambda r: lines.append(record_json(r))
    )
    assert len(recs) == 12
    # game i: the line-up, then the same seed and seats with "weak" in "strong"'s place
    assert recs[2].seed == recs[3].seed == 4
    assert recs[3].names == tuple("weak" if n == "strong" else n for n in recs[2].names)
    again = match(spec, ["strong", "fair", "fair"], 6, seed=3, versus=["weak"], done=read_records(lines[:5]))
    assert sorted((r.names, r.seed) for r in again) == sorted((r.names, r.seed) for r in recs)
    d = paired(recs, "strong", "weak")
    assert d["pairs"] == 6
    mean, lo, hi = d["score_diff"]
    assert mean == 4.0 and lo == hi == 4.0  # strong picks 5 or 6, weak 1 or 2: the same draw
    assert d["win_diff"] == (1.0, 1.0, 1.0)  # strong beats the fair seats, weak never
    assert paired(recs, "weak", "strong")["score_diff"][0] == -4.0
    with pytest.raises(IllegalAction):
        match(spec, ["strong", "weak"], 2, versus=["nobody"])
