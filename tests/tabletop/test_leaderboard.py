"""The leaderboard page (docs/leaderboard.md) is what ``python -m tabletop.leaderboard`` writes from the
stored games; its rows say how to fill what is not measured; playing resumes from the stored games."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import leaderboard
from tabletop.evaluate import Protocol
from tabletop.leaderboard import GAMES, PAGE, Entry, eval_path, missing, play_entry, slug, stored_games
from tabletop.leaderboard_page import agent_row, page


def test_the_page_is_generated_from_the_stored_games() -> None:
    assert PAGE.read_text() == page([GAMES[g] for g in sorted(GAMES, reverse=True)])


def test_agents_without_games_or_kind_say_why_and_the_command_that_fills_them() -> None:
    info = GAMES["wallenstein"]
    learned = Entry("nosuchkind", "a bot to come", pending="to come")
    assert missing(info, learned) == "to come"
    rating, row = agent_row(info, learned)
    assert rating is None and "python -m tabletop.leaderboard --play --game wallenstein --only nosuchkind" in row
    assert missing(info, Entry("ppo:path=/no/such.zip", "ppo", pending="no checkpoint")) == "no checkpoint"
    assert missing(info, Entry("heuristic", "rule-based")) == ""
    assert slug("ismcts:preset=learned:simulations=100") == "ismcts-preset-learned-simulations-100"


def test_play_keeps_every_game_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(leaderboard, "RECORDS", tmp_path)
    info = GAMES["league_of_six"]
    entry = Entry("heuristic", "rule-based", Protocol(players=(3,), references=("random",)))
    said: list[str] = []
    play_entry(info, entry, said.append)
    first = stored_games(eval_path(info.name, "heuristic"))
    assert len(first) == 3 and eval_path(info.name, "heuristic").parent == tmp_path / info.name
    play_entry(info, entry, said.append)  # nothing left to play: the file is unchanged
    assert stored_games(eval_path(info.name, "heuristic")) == first and "3 games stored" in said[-1]
    rating, row = agent_row(info, entry)
    assert rating is not None and row.startswith("| `heuristic` | rule-based | 3 |")


def test_the_reference_ratings_are_the_calibration_of_the_stored_games() -> None:
    from tabletop.evaluate import REFERENCE_RATINGS
    from tabletop.leaderboard import calibrated

    for name, info in GAMES.items():
        assert calibrated(info) == pytest.approx(REFERENCE_RATINGS[name], abs=0.05)
