"""Ruling W-11a, played through ``Game.apply``: five action cards lie face up from planning on; once
each action is performed its card is put aside and the next face-down card is turned up, so while
action k (1-10) is performed cards k to k+4 are face up (all ten from action 6 on), and every card
turned up stays known. Both editions, and the modules whose decisions come between planning and the
actions (court, Landsknechte benefits, leader placement), where nothing beyond the first five shows.

Rulebooks: ``../shared/seeds/000_0e95b3a6bc0d281e.txt`` ("Perform actions"), seed 004 (its German
original), ``../shared/seeds/003_67f9527da1ec065b.txt`` (2002: the next card is turned face up so five
coming actions are visible) and seed 002.
"""

from __future__ import annotations

from typing import Any

import pytest
from scenario import arranged_game, county, give
from season import action_order, plan_season, play_until

from wallenstein import Action, Game
from wallenstein.board import ACTIONS, BOARD

RED, BLUE = 0, 1
MODULES = ("emperors_court", "landsknechte", "military_leaders")
# Red's counties: two armies each in the two battle actions' counties (W-16: it must move one), and
# for "deploy 1 and move" (the sixth card) a county next to another of its own (a decision to move).
ORDER = ("combat_a", "combat_b", "palace", "church", "trading_post", "deploy1_move")
PLANS = {RED: {"combat_a": "anhalt", "combat_b": "mittelmark", "deploy1_move": "tirol"}}
BETWEEN = {"position", "court", "landsknechte", "leader_place"}  # decisions before the first action
MODULE_PHASE = {"emperors_court": "court", "landsknechte": "landsknechte", "military_leaders": "leader_place"}


def _arranged(edition: str, modules: tuple[str, ...], log: bool = False) -> Game:
    g = arranged_game(planning=True, scripted=False, edition=edition, modules=modules, log=log)
    for key in ("anhalt", "mittelmark", "tirol"):
        give(g, RED, key, 2)
    for key in ("anhalt", "mittelmark", "tirol"):  # a neighbour of Red's own to move into (no battle)
        near = next(n for n in BOARD.neighbours[county(key)] if g.s.owner[n] < 0 and g.s.owner[n] != -2)
        give(g, RED, BOARD.keys[near], 1)
    give(g, BLUE, "kursachsen", 1)
    return g


def _quiet(g: Game, seat: int) -> Action:
    """Stay where allowed, else move one army into a county of one's own (never a battle), else the
    first choice (pass a favour, take a benefit, place a leader)."""
    legal = g.legal_actions(seat)
    for a in legal:
        if a.kind in ("stay", "favour_pass"):
            return a
    for a in legal:
        if a.kind in ("move", "move_only") and g.s.owner[a.a] == seat and a.b == 1:
            return a
    return legal[0]


def _expected(cards: list[int], known: int) -> list[str | None]:
    return [ACTIONS[a] if i < known else None for i, a in enumerate(cards)]


def _views(g: Game) -> list[dict[str, Any]]:
    return [g.observe(seat) for seat in (None, *range(g.players))]


def _hidden_cards_change_nothing(g: Game, known: int) -> None:
    """Reordering the cards not yet turned up changes no view; swapping the last card turned up with a
    face-down one changes every view."""
    if known >= 9:
        return
    views = _views(g)
    twin = g.clone()
    twin.s.action_cards[known:] = reversed(twin.s.action_cards[known:])
    twin.refresh()
    assert _views(twin) == views
    shown = g.clone()
    cards = shown.s.action_cards
    cards[known - 1], cards[known] = cards[known], cards[known - 1]
    shown.refresh()
    assert all(a != b for a, b in zip(_views(shown), views, strict=True))


@pytest.mark.parametrize(("edition", "modules"), [("2012", ()), ("2002", ()), ("2012", MODULES)])
def test_w11a_each_performed_card_is_put_aside_and_the_next_face_down_card_turned_up(
    edition: str, modules: tuple[str, ...]
) -> None:
    """W-11a: during action 1 cards 1-5 show; during action 2 cards 2-6 are face up and card 1 stays
    known; from action 6 on all ten; while planning and in the module decisions before action 1
    (court, benefits, leaders) only the first five (the part of W-11 that W-11a keeps)."""
    g = _arranged(edition, modules)
    action_order(g, *ORDER)
    cards = list(g.s.action_cards)
    for view in _views(g):  # planning
        assert view["action_cards"] == _expected(cards, 5)
    _hidden_cards_change_nothing(g, 5)
    plan_season(g, PLANS, order=ORDER)  # (the same order) plans and, in 2012, takes the positions
    assert g.s.action_cards == cards
    assert [ACTIONS[a] for a in cards[: len(ORDER)]] == list(ORDER)
    before: set[str] = set()
    during: dict[int, int] = {}  # action (1-10) -> cards shown while it is performed
    while g.phase != "planning":
        views = _views(g)
        current = views[0]["current_action"]
        if current is None:
            assert g.phase in BETWEEN | {"leader_move"}, g.phase
            known = 10 if g.phase == "leader_move" else 5
            if known == 5:
                before.add(g.phase)
        else:
            known = min(10, current + 4)
            during[current] = known
        for view in views:
            assert view["action_cards"] == _expected(cards, known), (g.phase, current)
        _hidden_cards_change_nothing(g, known)
        seat = g.pending()[0]
        g.apply(seat, _quiet(g, seat))
    assert {1: 5, 2: 6, 6: 10}.items() <= during.items()
    assert before == {MODULE_PHASE[m] for m in modules}


@pytest.mark.parametrize("edition", ["2012", "2002"])
def test_w11a_the_log_tells_each_card_as_it_is_turned_up(edition: str) -> None:
    """W-11a in the public log: the second to the sixth action each come with the card turned up as the
    previous card was put aside (cards 6-10); no card is told before it is turned up."""
    g = _arranged(edition, (), log=True)
    plan_season(g, PLANS, order=ORDER)
    play_until(g, lambda game: game.phase == "planning", _quiet)
    cards = [e for e in g.log if e["e"] == "action_card"]
    assert [e["index"] for e in cards] == list(range(1, 11))
    for e in cards:
        k = e["index"]
        up = e["turned_up"]
        assert (up is None) == (k == 1 or k > 6)
        if up is not None:
            assert up["index"] == k + 4
            assert up["action"] == cards[k + 3]["action"]  # the card turned up is the one action k+4 performs
