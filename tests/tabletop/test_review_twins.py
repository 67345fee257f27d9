"""Hidden twins for the after-game review (tabletop.review): a seat's advice and estimates never depend
on what that seat could not see, and the win-chance curve never depends on anything a spectator could
not see (ruling W-01: each seat sees only its own plan until the reveal; W-11a: face-down action cards;
L-07: League of Six's hands are public, only its piles' order and the future are hidden)."""

from __future__ import annotations

import random
from typing import Any

import league_of_six
import wallenstein
from league_of_six.bots.heuristic import decide as league_decide
from league_of_six.review import PARTS as LEAGUE
from tabletop.review import Budget, Position, curve_point, hint, review_decision, review_game
from wallenstein.actions import PLAN, Action
from wallenstein.bots.heuristic import DEFAULT, decide, plan
from wallenstein.bots.search import MODEL_NOISE
from wallenstein.review import PARTS as WALLENSTEIN

BUDGET = Budget(simulations=12, rollouts=3, curve_rollouts=3)
NOISY = DEFAULT.__class__(**{**DEFAULT.__dict__, "noise": MODEL_NOISE})


def _to_summer_planning(seed: int) -> wallenstein.Game:
    """A 3-player game played by the heuristic up to the start of year 1's summer planning."""
    g = wallenstein.new_game(players=3, seed=seed)
    while not (g.phase == "planning" and g.s.season == 1 and max(g.s.plan_fill) == 0):
        p = g.pending()[0]
        g.apply(p, decide(g, p, g.legal_actions(p)))
    return g


def _plan(g: wallenstein.Game, seat: int, salt: int) -> Action:
    return Action(PLAN, cards=plan(g, seat, NOISY, random.Random(salt)))


def _planned(base: wallenstein.Game, plans: list[tuple[int, Action]]) -> list[dict[str, Any]]:
    g = base.clone()
    for seat, action in plans:
        g.apply(seat, action)
    return g.history


def _other_plans(g: wallenstein.Game, seat: int) -> tuple[Action, Action]:
    """Two different plans ``seat`` might make here."""
    first = _plan(g, seat, 1)
    for salt in range(2, 40):
        other = _plan(g, seat, salt)
        if other != first:
            return first, other
    raise AssertionError("the noisy heuristic made the same plan forty times")


def _plan_twins(seed: int, varied: int, fixed_salt: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Two histories that differ only in seat ``varied``'s (0 or 1) secret summer plan: seat 1 plans first,
    then seat 0; the other seat's plan is the same in both (the heuristic's noise salted ``fixed_salt``)."""
    base = _to_summer_planning(seed)
    mine, mine_twin = _other_plans(base, varied)
    fixed = _plan(base, 1 - varied, fixed_salt)

    def history(varied_plan: Action) -> list[dict[str, Any]]:
        plans = {varied: varied_plan, 1 - varied: fixed}
        return _planned(base, [(1, plans[1]), (0, plans[0])])

    game, twin = history(mine), history(mine_twin)
    assert game != twin
    return game, twin


def test_wallenstein_advice_ignores_another_seats_secret_plan() -> None:
    game, twin = _plan_twins(5, varied=1, fixed_salt=99)
    a = review_game(WALLENSTEIN, game, 0, BUDGET, seed=3)
    b = review_game(WALLENSTEIN, twin, 0, BUDGET, seed=3)
    assert a.decisions and a.decisions[-1].kind == "plan"
    assert a.decisions == b.decisions
    assert a.curve == b.curve
    # Seat 1 sees its own plan: its review of the same games differs where it planned.
    c = review_game(WALLENSTEIN, game, 1, BUDGET, seed=3)
    d = review_game(WALLENSTEIN, twin, 1, BUDGET, seed=3)
    assert c.decisions[-1].played != d.decisions[-1].played


def test_wallenstein_curve_ignores_every_seats_secret_plan() -> None:
    game, twin = _plan_twins(6, varied=0, fixed_salt=7)
    curve = review_game(WALLENSTEIN, game, None, BUDGET, seed=4).curve
    assert curve == review_game(WALLENSTEIN, twin, None, BUDGET, seed=4).curve
    assert len(curve) == len(_decisions(game))  # a point before every decision (curve_every=1)


def _decisions(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in history if "seat" in e]


def test_wallenstein_position_twins_face_down_cards_and_events() -> None:
    """At a move decision, twins with the face-down action cards and the undrawn events in another
    order (W-11a): the same advice for the deciding seat, the same curve point."""
    g = wallenstein.new_game(players=4, seed=8)
    while not (
        g.phase == "move" and len(g.legal_actions(g.pending()[0])) > 2 and None in g.observe(None)["action_cards"]
    ):
        p = g.pending()[0]
        g.apply(p, decide(g, p, g.legal_actions(p)))
    twin = g.clone()
    hidden = [i for i, a in enumerate(g.observe(None)["action_cards"]) if a is None]
    cards = [twin.s.action_cards[i] for i in hidden]
    for i, c in zip(hidden, reversed(cards), strict=True):
        twin.s.action_cards[i] = c
    twin.s.event_deck.reverse()
    twin.refresh()
    assert twin.s.to_dict() != g.s.to_dict()
    seat = g.pending()[0]
    assert g.observe(seat) == twin.observe(seat)
    _same_review(WALLENSTEIN, g, twin, seat, g.legal_actions(seat)[-1])


def _same_review(parts: Any, g: Any, twin: Any, seat: int, played: Any) -> None:
    """The seat's decision review and the spectator's curve point agree on the two twins."""
    out = []
    for game in (g, twin):
        pos = Position(0, 0, seat, played, game)
        mine, spectator = parts.viewer(seat, game.players), parts.viewer(None, game.players)
        mine.look(game)
        spectator.look(game)
        out.append(
            (review_decision(parts, mine, pos, "x", played, BUDGET, 1), curve_point(parts, spectator, pos, 3, 1))
        )
    assert out[0] == out[1]


def test_league_position_twins_piles() -> None:
    """League of Six hides only its piles' order and the future (L-07): twins with the tax tile pile and
    the storage tiles left in another order get the same advice and the same curve point."""
    g = league_of_six.new_game(players=4, seed=9)
    rng = random.Random(2)
    while g.s.round < 3 or len(g.legal_actions(g.pending()[0])) < 3:
        p = g.pending()[0]
        g.apply(p, league_decide(g, p, g.legal_actions(p)))
    twin = g.clone()
    rng.shuffle(twin.s.tax_deck)
    rng.shuffle(twin.s.storage_left)
    twin.refresh()
    assert (twin.s.tax_deck, twin.s.storage_left) != (g.s.tax_deck, g.s.storage_left)
    seat = g.pending()[0]
    _same_review(LEAGUE, g, twin, seat, g.legal_actions(seat)[-1])


def test_a_hint_ignores_another_seats_secret_plan() -> None:
    """The hint (the advisor's choice for a decision being taken) sees what the seat sees, as the review."""
    base = _to_summer_planning(7)
    p1, p1_twin = _other_plans(base, 1)
    game, twin = _planned(base, [(1, p1)]), _planned(base, [(1, p1_twin)])
    a = hint(WALLENSTEIN, game, 0, simulations=12, seed=2)
    assert a == hint(WALLENSTEIN, twin, 0, simulations=12, seed=2)
    assert a.action["type"] == "plan"
    live = wallenstein.replay(game)
    live.apply(0, Action.from_json(a.action))  # a legal whole plan
