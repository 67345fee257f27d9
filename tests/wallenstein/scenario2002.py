"""Arranged 2002-edition positions for the worked-example and rules tests.

``arranged_2002`` is ``scenario.arranged_game`` for the 2002 edition: an empty board after the
set-up, the tower holding 7 armies of each player and 10 farmers, an empty tray, each player with
the 2002 gold and 61 - 7 = 54 armies in supply, player order 0..P-1, no event. The helpers of
``scenario`` (give, build, add_markers, to_tray, plan, last) work on it unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scenario import arranged_game

from wallenstein import Game
from wallenstein.events2002 import KINDS

Outcome = Mapping[str, int] | Sequence[int]


def arranged_2002(players: int = 4, outcomes: Sequence[Outcome] = (), seed: int = 0, planning: bool = False) -> Game:
    return arranged_game(players, outcomes, seed, planning, edition="2002")


def card_of(kind: str, region: str | None = None, g: Game | None = None) -> int:
    """The deck index of the first 2002 event card of ``kind`` (naming ``region``, if given)."""
    for i, k in enumerate(KINDS):
        if k != kind:
            continue
        if region is None:
            return i
        assert g is not None
        from wallenstein.board import BOARD

        if g.events[i].region == BOARD.regions.index(region):
            return i
    raise AssertionError(f"no card {kind} {region}")


def set_event_2002(g: Game, kind: str | None, region: str | None = None) -> None:
    g.s.event = -1 if kind is None else card_of(kind, region, g)


def use_event(g: Game, kind: str, region: str | None = None) -> None:
    """Make a card of ``kind`` this season's event and one of the year's face-up cards (so the game
    can run on past the end of the season)."""
    s = g.s
    e = card_of(kind, region, g)
    if e not in s.year_events:
        old = s.year_events[0]
        s.year_events[0] = e
        s.event_deck = [old if x == e else x for x in s.event_deck]
    s.event = e
