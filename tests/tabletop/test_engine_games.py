"""Both games run on tabletop.engine.RecordedGame: one implementation of recorded chance, history,
replay and save files; Wallenstein's histories are checked like League of Six's."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import league_of_six
import wallenstein
from tabletop.engine import RecordedGame
from tabletop.errors import IllegalAction
from wallenstein import ScriptedTower

# The protocol and the recording: the base owns them, the games fill hooks (_do, _compute_legal, ...).
MACHINERY = (
    *("apply", "legal_actions", "clone", "arrange", "_settle", "_check_seat", "_not_your_turn", "_why_illegal"),
    *("players", "over", "phase", "draw", "corrupt", "emit", "record", "history", "log"),
    *("to_json", "from_json", "from_history"),
)


@pytest.mark.parametrize("game_class", [wallenstein.Game, league_of_six.Game])
def test_both_games_inherit_the_recorded_game_machinery(game_class: type[Any]) -> None:
    assert issubclass(game_class, RecordedGame)
    overridden = [name for name in MACHINERY if name in vars(game_class)]
    assert overridden == []


def _played(decisions: int, seed: int = 2) -> wallenstein.Game:
    g = wallenstein.new_game(players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def _history(g: wallenstein.Game) -> list[dict[str, Any]]:
    return json.loads(json.dumps(g.history))  # type: ignore[no-any-return]


@pytest.mark.parametrize("direction", ["earlier", "later"])
def test_wallenstein_chance_outcome_moved_among_decisions_is_rejected(direction: str) -> None:
    """Fed back in the same order the outcomes would rebuild the same game: only the check of where
    each outcome comes among the decisions tells the history is not the one recorded."""
    g = _played(60)
    h = _history(g)
    assert wallenstein.replay(h).to_json() == g.to_json()
    # Swap a chance outcome with the decision just before or just after it: the outcomes keep
    # their order, so only the place among the decisions is wrong.
    if direction == "earlier":  # before the decision that caused it
        i = next(k for k in range(2, len(h)) if "chance" in h[k] and "action" in h[k - 1])
        j = i - 1
    else:  # after the next decision
        i = next(k for k in range(1, len(h) - 1) if "chance" in h[k] and "action" in h[k + 1])
        j = i + 1
    moved = _history(g)
    moved[i], moved[j] = moved[j], moved[i]
    assert [e for e in moved if "chance" in e] == [e for e in h if "chance" in e]
    assert sorted(map(json.dumps, moved)) == sorted(map(json.dumps, h))  # the same entries
    with pytest.raises(IllegalAction, match=r"history does not replay: decision \d+ comes after \d+ chance outcome"):
        wallenstein.replay(moved)


def test_wallenstein_save_version_2_and_older_saves_refused() -> None:
    g = _played(12)
    save = json.loads(g.to_json())
    assert save["format"] == "wallenstein-game" and save["version"] == 2
    assert wallenstein.Game.from_json(g.to_json()).to_json() == g.to_json()
    old = json.dumps({**save, "version": 1})
    with pytest.raises(IllegalAction, match="unsupported save version 1"):
        wallenstein.Game.from_json(old)
    with pytest.raises(IllegalAction, match="not a Wallenstein save file"):
        wallenstein.Game.from_json(json.dumps({**save, "format": "league-of-six-game"}))


@pytest.mark.parametrize(
    ("outcome", "message"),
    [
        ([3, 6, 8, 99], "not 4 cards of the event deck"),  # cannot happen
        (7, "TypeError"),  # not even the shape of a draw of four events
    ],
)
def test_wallenstein_bad_set_up_outcome_is_the_history_fault(outcome: object, message: str) -> None:
    """Options were fine: an outcome drawn while the game is set up is reported as the history's."""
    h = _history(wallenstein.new_game(players=4, seed=1))
    k = next(i for i, e in enumerate(h) if e.get("chance") == "year_events")
    h[k]["outcome"] = outcome
    with pytest.raises(IllegalAction, match=f"^history does not replay: .*{message}"):
        wallenstein.replay(h)


def test_wallenstein_bad_options_are_the_options_fault() -> None:
    h = _history(wallenstein.new_game(players=4, seed=1))
    h[0]["new_game"]["players"] = 7
    with pytest.raises(IllegalAction, match=r"^history options: .*3, 4 or 5 players"):
        wallenstein.replay(h)


def test_wallenstein_scripted_tower_history_replays_with_outcomes_from_the_history() -> None:
    """A scripted tower cannot be rebuilt from its JSON; its recorded drops replay all the same."""
    g = wallenstein.new_game(players=4, seed=1, tower=ScriptedTower([{"0": 2, "peasants": 1}]))
    assert g.history[0]["new_game"]["tower"] == {"model": "scripted"}
    assert g.history[1] == {"chance": "tower", "outcome": [2, 0, 0, 0, 1]}
    assert wallenstein.replay(g.history).to_json() == g.to_json()
    assert wallenstein.Game.from_json(g.to_json()).to_json() == g.to_json()
