"""Messages for the 2002 edition and the modules: a court board stays with its owner until the court
turns it up, the odds of a 2002 attack and of a defender's commitment, and the log's 2002 words."""

from __future__ import annotations

import json
import random

import pytest

import wallenstein
from tabletop.errors import IllegalAction
from webtable.registry import game_kind, install_defaults
from webtable.views import state_message
from webtable.wallenstein_kind import narrator, preview

install_defaults()
KIND = game_kind("wallenstein")
ALL_MODULES = ("emperors_court", "landsknechte", "military_leaders")


def _messages(g: wallenstein.Game, skip: int) -> dict[str, str]:
    return {
        str(seat): json.dumps(state_message(KIND, g, seat, 0, 0, narrator(g)), sort_keys=True)
        for seat in [None, *range(g.players)]
        if seat != skip
    }


def _plan(g: wallenstein.Game, seat: int, court: dict[str, str]) -> None:
    """Plan ``seat``'s boxes one by one: the first legal card on each, ``court``'s cards on the court boxes."""
    while seat in g.pending() and g.phase == "planning":
        legal = [a.to_json() for a in g.legal_actions(seat)]
        want = court.get(legal[0]["box"])
        g.apply(seat, next((a for a in legal if a["card"] == want), legal[0]))


def test_a_court_board_reaches_no_other_browser_before_the_court_turns_it_up() -> None:
    g = wallenstein.new_game(players=4, seed=3, modules=ALL_MODULES)
    a, b = g.clone(), g.clone()
    _plan(a, 1, {"convert3": "tower", "convert2": "money:4"})
    _plan(b, 1, {"convert3": "money:4", "convert2": "tower"})
    assert a.observe(1)["court"]["boards"]["1"] != b.observe(1)["court"]["boards"]["1"]  # the owner sees it
    assert _messages(a, 1) == _messages(b, 1)  # nobody else does
    for seat in (None, 0, 2, 3):
        assert "1" not in a.observe(seat)["court"]["boards"]


def test_a_2002_attack_shows_the_odds_for_all_and_for_no_defenders_and_the_defender_gets_its_own() -> None:
    rng = random.Random(4)
    g = wallenstein.new_game(players=4, seed=8, edition="2002")
    attack = commit = None
    while not g.over and (attack is None or commit is None):
        seat = g.pending()[0]
        legal = [a.to_json() for a in g.legal_actions(seat)]
        obs = g.observe(seat)
        if attack is None and obs["phase"] == "move":
            hit = [a for a in legal if a["type"] == "move" and obs["counties"][a["to"]]["owner"] not in (None, seat)]
            if hit:
                attack = preview(g, seat, hit[0])
        if commit is None and obs["phase"] == "commit":
            commit = preview(g, seat, legal[-1])
            assert commit["kind"] == obs["fight"]["kind"]
        g.apply(seat, rng.choice(legal))
    assert attack is not None and commit is not None
    assert attack["defender_commits"] >= 1
    for odds in (attack["odds"], attack["odds_if_none_committed"]):
        assert set(odds) == {"attacker", "tie", "defender"} and sum(odds.values()) == pytest.approx(1)
    # With all of its armies the defender holds at least as often as with none (same trial streams).
    assert attack["odds"]["defender"] >= attack["odds_if_none_committed"]["defender"]
    assert sum(commit["odds"].values()) == pytest.approx(1)


def test_a_preview_of_an_illegal_decision_is_refused() -> None:
    g = wallenstein.new_game(players=4, seed=8, edition="2002")
    with pytest.raises(IllegalAction):
        preview(g, 0, {"type": "commit", "armies": 2})


def test_the_log_tells_a_2002_game_in_its_own_words_and_a_2012_game_in_thalers() -> None:
    for edition, word, other in (("2002", "gold", "thaler"), ("2012", "thaler", " gold")):
        g = wallenstein.new_game(players=3, seed=2, edition=edition)
        rng = random.Random(1)
        while not g.over and g.s.year < 2:
            seat = g.pending()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        teller = narrator(g)
        text = "\n".join(line for e in g.log for line in teller.feed(e))
        assert word in text and other not in text, edition
