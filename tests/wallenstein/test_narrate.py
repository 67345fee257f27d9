"""The narration: every public event becomes readable English; rare cases told right."""

from __future__ import annotations

from collections import Counter

import pytest

import wallenstein
from tabletop.agents import random_agents
from tabletop.runner import play
from wallenstein.narrate import Narrator, county_name, cubes, narrate, narrate_game, seat_name


def test_names() -> None:
    assert [seat_name(p) for p in range(5)] == ["Red", "Blue", "Yellow", "Purple", "Black"]
    assert county_name("mark") == "Gft. Mark" and county_name("boehmen") == "Böhmen"
    assert cubes({"0": 3, "1": 0, "2": 1, "peasants": 1}) == "Red 3, Yellow 1, 1 peasant"
    assert cubes({"0": 0, "peasants": 0}) == "nothing"


@pytest.mark.parametrize(("players", "setup", "seed"), [(3, "draft", 4), (4, "lineup", 8), (5, "draft", 9)])
def test_every_event_of_random_games_is_told(players: int, setup: str, seed: int) -> None:
    game = play(wallenstein.new_game(players=players, seed=seed, setup=setup), random_agents(players, seed))
    log = game.log
    lines = narrate(log)
    assert not [line for line in lines if line.lstrip().startswith("(")]  # no raw fallback lines
    kinds = Counter(e["e"] for e in log)
    text = "\n".join(lines)
    assert text.count(" attacks ") == kinds["battle"]
    assert text.count("the peasants rise against") == kinds["revolt"]
    assert text.count("Action ") >= kinds["action_card"]
    assert text.count("Scoring, year") == 2 and "=== Game over ===" in text
    assert narrate_game(game).endswith(lines[-1] + "\n")


def test_narrating_needs_a_log() -> None:
    game = wallenstein.new_game(players=3, seed=0, log=False)
    with pytest.raises(ValueError, match="log=False"):
        narrate_game(game)


def test_draft_refresh_and_pick() -> None:
    lines = narrate(
        [
            {"e": "draft_refresh", "seat": 1, "faceup": ["anhalt", "koeln"]},
            {"e": "draft_pick", "seat": 1, "county": "koeln", "source": "take"},
            {"e": "draft_place", "seat": 1, "county": "koeln", "armies": 4},
            {"e": "draft_pick", "seat": 2, "county": "mark", "source": "deck"},
            {"e": "draft_place", "seat": 2, "county": "mark", "armies": 2},
        ]
    )
    assert lines == [
        "  Blue sees the same two cards as last time and puts them under the deck;"
        " face up now: Anhalt and Erzbm. Köln.",
        "  Blue claims Erzbm. Köln (takes it from the face-up cards) and places 4 armies there.",
        "  Yellow claims Gft. Mark (draws it from the deck) and places 2 armies there.",
    ]


def test_battle_with_every_extra_army_and_a_peasant_only_defence() -> None:
    (head, tower, verdict, tray) = narrate(
        [
            {
                "e": "battle",
                "seat": 0,
                "origin": "anhalt",
                "county": "kursachsen",
                "defender": 2,
                "armies": 3,
                "extras": {"attack_tile": 1, "defend_tile": 1, "palace_guard": 1},
                "dropped": {"0": 4, "1": 1, "2": 6, "peasants": 0},
                "out": {"0": 1, "1": 1, "2": 0, "peasants": 2},
                "attacker_count": 1,
                "defender_count": 2,
                "result": "tie",
            }
        ]
    )
    assert head == (
        "    Red attacks Yellow's Kursachsen from Anhalt with 3 armies; Red adds 1 army for the attack bonus;"
        " Yellow adds 1 army for the defence bonus; Yellow adds 1 army for the palace guard."
    )
    assert tower == "      Into the tower (with the tray): Red 4, Blue 1, Yellow 6. Out: Red 1, Blue 1, 2 peasants."
    assert verdict == (
        "      Red 1 against Yellow 0 + 2 peasants: only peasants defended, which counts as a tie:"
        " Kursachsen is laid waste and becomes neutral."
    )
    assert tray == "      Left in the tray: Blue 1."


def test_peasants_stay_in_the_tray_when_the_county_has_revolt_markers() -> None:
    lines = narrate(
        [
            {
                "e": "battle",
                "seat": 1,
                "origin": "lausitz",
                "county": "schlesien",
                "defender": 0,
                "armies": 2,
                "extras": {},
                "dropped": {"0": 2, "1": 2, "peasants": 1},
                "out": {"0": 1, "1": 2, "peasants": 1},
                "attacker_count": 2,
                "defender_count": 1,
                "result": "attacker",
            }
        ]
    )
    assert lines[2] == "      Blue 2 against Red 1: Blue wins and takes Schlesien from Red, keeping 1 army there."
    assert lines[3] == "      Left in the tray: 1 peasant."


def test_revolts_and_winter() -> None:
    lines = narrate(
        [
            {"e": "winter", "year": 1, "grain_loss": 3, "grain": [0, 4, 1]},
            {
                "e": "supply_short",
                "seat": 0,
                "shortfall": 5,
                "counties": ["mark", "koeln"],
                "extra_peasants": 3,
            },
            {
                "e": "revolt",
                "seat": 0,
                "county": "mark",
                "winter": True,
                "dropped": {"0": 3, "1": 0, "2": 0, "peasants": 4},
                "out": {"0": 2, "1": 0, "2": 0, "peasants": 2},
                "owner_count": 2,
                "peasant_count": 2,
                "result": "peasants",
            },
        ]
    )
    assert lines[1:] == [
        "--- Year 1, winter ---",
        "Every player loses 3 grain. Grain left: Red 0, Blue 4, Yellow 1.",
        "  Red cannot feed 5 counties: 2 revolts in Gft. Mark and Erzbm. Köln, each with 3 extra peasants.",
        "    Revolt (winter) in Gft. Mark: the peasants rise against Red.",
        "      Into the tower (with the tray): Red 3, 4 peasants. Out: Red 2, 2 peasants.",
        "      Red 2 against 2 peasants: a tie goes to the peasants: Gft. Mark is laid waste and becomes neutral.",
    ]


def test_idle_action_cards_and_the_card_left_for_winter() -> None:
    events = [
        {"card": 0, "event": "recruit_reduced", "winter_loss": 1},
        {"card": 3, "event": "tax_max_5", "winter_loss": 0},
    ]
    lines = narrate(
        [
            {"e": "year", "year": 2, "events": events},
            {"e": "event", **events[1]},
            {"e": "action_card", "index": 6, "action": "combat_b", "turned_up": {"index": 10, "action": "palace"}},
            {"e": "action_card", "index": 7, "action": "tax", "turned_up": None},
            {"e": "action", "seat": 1, "action": "tax", "county": "burgund", "amount": 5},
            {"e": "skip", "seat": 2, "action": "tax", "county": "trier", "why": "county lost"},
        ]
    )
    assert "Left for winter: Few recruits; every player will lose 1 grain." in lines
    # W-11a: the card turned up as the fifth action's card is put aside is told before the sixth action.
    i = lines.index("Action card 10 is turned up: Build a palace")
    assert lines[i + 1 : i + 6] == [
        "Action 6: Combat/Movement B",
        "  Nobody performs this action.",
        "Action 7: Collect taxes",
        "  Blue collects 5 thalers in Burgund.",
        "  Yellow skips Collect taxes in Erzbm. Trier: its card has left their board this season.",
    ]


def test_game_over_shared_and_thaler_wins() -> None:
    shared = narrate([{"e": "game_over", "vp": [30, 30, 20], "thalers": [2, 2, 9], "winners": [0, 1], "over": True}])
    assert shared[-2] == "Final standings: Red 30 VP (2 thalers), Blue 30 VP (2 thalers), Yellow 20 VP (9 thalers)."
    assert shared[-1] == "Shared win: Red and Blue, equal in victory points and thalers."
    on_thalers = narrate([{"e": "game_over", "vp": [30, 30], "thalers": [1, 4], "winners": [1], "over": True}])
    assert on_thalers[-1] == "Winner: Blue, on thalers."


def test_an_unknown_event_is_shown_raw_rather_than_lost() -> None:
    assert Narrator().feed({"e": "comet", "seat": 0}) == ["  (comet: {'e': 'comet', 'seat': 0})"]
