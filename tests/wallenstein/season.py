"""Playing an arranged position through the public path (``Game.apply``), any edition and module.

``scenario.arranged_game(..., planning=True)`` gives an empty board in the first planning phase; the
test puts pieces on it (``give``, ``build``, ``add_markers``), then ``plan_season`` fixes the order of
the action cards and the season's event (the two chance draws a test must know) and plans every seat
through ``apply``: the boxes named, the rest covered with money cards (2012) or blank cards (2002),
and, in 2012, each seat takes a position in bid order. From there the test applies the decisions it
cares about (moves, commitments) and ``play_until`` takes the others with ``passive`` choices, so
the game's own sequencing (single options taken automatically, module steps, cards leaving boards)
is what is tested.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from wallenstein import Action, Game
from wallenstein.board import ACTIONS, BOARD, COURT_BOX_NAMES, T_ATTACK, T_DEFEND, T_DEPLOY6, T_GRAIN, T_TAX

# Events that change nothing a test of W-22/W-05/... looks at: they act on trading posts only.
QUIET_EVENT = {"2012": "trade_calms", "2002": "trade_bonus"}
# Bonus tiles a seat not named in ``tiles`` prefers, those that touch battles last.
QUIET_TILES = (T_GRAIN, T_TAX, T_DEPLOY6, T_ATTACK, T_DEFEND)


def event_of(g: Game, kind: str) -> int:
    """The first event card of ``kind`` in this game's edition."""
    return next(i for i in range(len(g.events)) if _kind(g, i) == kind)


def _kind(g: Game, e: int) -> str:
    return str(g.event_json(e)["event"])


def only_event(g: Game, card: str | int) -> None:
    """Leave ``card`` (an event card, or the first card of a kind) as the year's only face-up event,
    so the season's draw (W-10) takes it; the other face-up cards go back under the event deck."""
    s = g.s
    e = card if isinstance(card, int) else event_of(g, card)
    others = [x for x in s.year_events if x != e]
    s.event_deck = [x for x in s.event_deck if x != e] + others
    s.year_events = [e]


def action_order(g: Game, *first: str) -> None:
    """The season's action cards start with ``first`` (names as in ``board.ACTIONS``), the others follow."""
    head = [ACTIONS.index(a) for a in first]
    g.s.action_cards = [*head, *(a for a in range(10) if a not in head)]


def plan_season(
    g: Game,
    plans: Mapping[int, Mapping[str, str | None]],
    order: Sequence[str] = (),
    event: str | int | None = None,
    tiles: Mapping[int, int] | None = None,
    winter_card: int | None = None,
) -> None:
    """Plan every seat through ``apply`` and (2012) take positions; the game then performs actions.

    ``plans`` maps a seat to its named boxes (action or court box name -> card); the other boxes get money cards
    (2012, ``money:0`` is the bid) or blank cards (2002), then stay empty. ``order`` fixes the first
    action cards, ``event`` the season's event (default: one that acts on trading posts only).
    ``tiles`` maps a seat to the bonus tile it takes; other seats take the first free quiet tile.
    ``winter_card`` (2012, in the fall) is the year's fourth face-up card, whose grain loss winter
    applies: it is laid out once the season's event is drawn, so the draw cannot take it.
    """
    edition = "2002" if g.is2002 else "2012"
    action_order(g, *order)
    only_event(g, QUIET_EVENT[edition] if event is None else event)
    for seat in range(g.players):
        g.apply(seat, _whole_plan(g, seat, dict(plans.get(seat, {}))))
    if winter_card is not None:
        assert g.phase == "position" and g.s.season == 2, "a winter card is laid out in the fall, before positions"
        g.s.event_deck.remove(winter_card)
        g.s.year_events.append(winter_card)
    wanted = dict(tiles or {})
    while g.phase == "position":
        seat = g.pending()[0]
        free = [a.a for a in g.legal_actions(seat)]
        if seat in wanted:
            pos = g.s.tiles.index(wanted[seat])
            assert pos in free, f"the position of tile {wanted[seat]} is taken"
        else:
            pos = min(free, key=lambda p: (g.s.tiles[p] in wanted.values(), QUIET_TILES.index(g.s.tiles[p])))
        g.apply(seat, Action("position", pos))


def _whole_plan(g: Game, seat: int, boxes: dict[str, str | None]) -> Action:
    """``boxes`` completed: money (2012) or blank (2002) cards first, then, as the rules ask a seat
    to cover every box while it holds cards (W-08), its unplanned county cards, then nothing. With
    the Emperor's Court the court boxes ``boxes`` names keep their card, the others get a dice tower
    card."""
    held = [BOARD.keys[c] for c, o in enumerate(g.s.owner) if o == seat and BOARD.keys[c] not in boxes.values()]
    courting = g.plan_size > len(ACTIONS) + 1  # the Emperor's Court: 3 court boxes, 3 dice tower cards
    court = {**dict.fromkeys(COURT_BOX_NAMES, "tower"), **{n: boxes.pop(n) for n in COURT_BOX_NAMES if n in boxes}}
    if g.is2002:
        spare = ["blank"] * 5
        bid = None
    else:
        spare = [f"money:{v}" for v in range(1, 5) if f"money:{v}" not in court.values()]
        bid = "money:0"
    if courting:
        spare += ["tower"] * (len(COURT_BOX_NAMES) - list(court.values()).count("tower"))
    spare += held
    empty = [name for name in ACTIONS if name not in boxes]
    for name in empty:
        boxes[name] = spare.pop(0) if spare else None
    if courting:
        return Action.plan(boxes, bid, court)
    return Action.plan(boxes, bid)


def passive(g: Game, seat: int) -> Action:
    """A choice that changes as little as possible: stay, pass, commit everything, else the first."""
    legal = g.legal_actions(seat)
    for kind in ("stay", "favour_pass"):
        for a in legal:
            if a.kind == kind:
                return a
    if legal[0].kind == "commit":
        return legal[-1]
    return legal[0]


def play_until(
    g: Game, done: Callable[[Game], bool], choose: Callable[[Game, int], Action] = passive, limit: int = 500
) -> None:
    """Apply ``choose`` for the first pending seat until ``done(g)``; AssertionError if it never holds."""
    for _ in range(limit):
        if done(g):
            return
        assert not g.over, "the game ended first"
        seat = g.pending()[0]
        g.apply(seat, choose(g, seat))
    raise AssertionError("not reached")


def finish_season(g: Game, choose: Callable[[Game, int], Action] = passive) -> None:
    """Play on with ``choose`` until the season's actions (and module steps) are done: the next
    planning, a winter decision or the end of the game."""
    play_until(g, lambda game: game.phase in ("planning", "winter_order", "over"), choose)
