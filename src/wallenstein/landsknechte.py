"""Expansion module 2, Landsknechte (seed 000, "Landsknechte - Expansion Module 2"; German seed 004;
rulings W-05, W-29; rules notes R-30..R-33 in docs/rules/notes-landsknechte-leaders.md).

Each player has a face-up deck of four cards, the empty-banner card on top. Every season, right after
player order is set (before the Emperor's Court, if played), each player in player order who controls
counties in at least four regions slides the top card under the deck and takes one benefit shown on
the new top card. After winter the decks are put back in order.

The amounts on the cards are not in the rulebook text: they come from the printed-value table
``"landsknechte"`` (a stand-in unless the user supplied one; W-29).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.errors import DataError
from wallenstein.actions import LANDSKNECHTE, LK_BENEFITS, Action
from wallenstein.board import BOARD
from wallenstein.state import LK_BENEFIT, own_module_state

if TYPE_CHECKING:
    from wallenstein.game import Game

TABLE = "landsknechte"
DECK_SIZE = 4  # the empty-banner card, then the three benefit cards of the printed table
REGIONS_NEEDED = 4
BENEFITS = LK_BENEFITS  # thalers, grain, armies into the tray, victory points
MAX_AMOUNT = 20


def check_table(table: Any) -> None:
    """Validator of the printed-value table: the three benefit cards in deck order, each mapping
    benefits (``BENEFITS``) to amounts from 1 to ``MAX_AMOUNT``; raises DataError."""
    if not isinstance(table, list) or len(table) != DECK_SIZE - 1:
        raise DataError(f"expected a list of {DECK_SIZE - 1} cards (the cards under the empty banner), got {table!r}")
    for i, card in enumerate(table, 2):
        if not isinstance(card, dict) or not card:
            raise DataError(f"card {i}: expected an object mapping benefits {list(BENEFITS)} to amounts")
        for name, amount in card.items():
            if name not in BENEFITS:
                raise DataError(f"card {i}: unknown benefit {name!r}; benefits are {list(BENEFITS)}")
            if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= MAX_AMOUNT:
                raise DataError(f"card {i}: {name} must be an integer from 1 to {MAX_AMOUNT}, not {amount!r}")


def card_benefits(g: Game, card: int) -> dict[str, int]:
    """The benefits shown on deck card ``card`` (0 is the empty banner: none), in ``BENEFITS`` order."""
    if card == 0:
        return {}
    shown = g.printed(TABLE)[card - 1]
    return {name: shown[name] for name in BENEFITS if name in shown}


def setup(g: Game) -> None:
    own_module_state(g.s).lk_top = [0] * g.s.players


def regions_held(g: Game, seat: int) -> int:
    region_of = BOARD.region_of
    return len({region_of[c] for c, o in enumerate(g.s.owner) if o == seat})


def check_step(g: Game) -> bool:
    """The order step: in player order, each qualifying seat turns its deck and chooses a benefit.
    True when a seat must choose (``LK_BENEFIT``); the step is called again after the choice."""
    s = g.s
    while s.mods.lk_turn < len(s.order):
        seat = s.order[s.mods.lk_turn]
        regions = regions_held(g, seat)
        if regions >= REGIONS_NEEDED:
            s.mods.lk_top[seat] = (s.mods.lk_top[seat] + 1) % DECK_SIZE
            offered = card_benefits(g, s.mods.lk_top[seat])
            if g.logging:
                g.emit(
                    "landsknechte",
                    seat=seat,
                    regions=regions,
                    card=s.mods.lk_top[seat] + 1,
                    offered=offered,
                    standin=g.is_standin(TABLE),
                )
            if offered:
                s.phase = LK_BENEFIT
                return True  # apply_benefit moves on to the next seat
        elif g.logging:
            g.emit("landsknechte_miss", seat=seat, regions=regions)
        s.mods.lk_turn += 1
    s.mods.lk_turn = 0
    return False


def decision_seat(g: Game) -> int:
    return g.s.order[g.s.mods.lk_turn]


def legal(g: Game, seat: int) -> list[Action]:
    offered = card_benefits(g, g.s.mods.lk_top[seat])
    return [Action(LANDSKNECHTE, BENEFITS.index(name)) for name in offered]


def apply_benefit(g: Game, seat: int, action: Action) -> None:
    """The chosen benefit of the new top card. Armies go from the supply into the tower's tray, as many
    as the supply holds (W-05, R-32)."""
    s = g.s
    name = BENEFITS[action.a]
    amount = card_benefits(g, s.mods.lk_top[seat])[name]
    if name == "thalers":
        s.thalers[seat] += amount
    elif name == "grain":
        s.grain[seat] += amount
    elif name == "vp":
        s.vp[seat] += amount
    else:
        amount = min(amount, s.supply[seat])
        s.supply[seat] -= amount
        s.tray[seat] += amount
    if g.logging:
        g.emit("landsknechte_benefit", seat=seat, benefit=name, amount=amount, standin=g.is_standin(TABLE))
    s.mods.lk_turn += 1


def reset_step(g: Game) -> bool:
    """After winter every deck is put back in order, the empty banner on top."""
    g.s.mods.lk_top = [0] * g.s.players
    return False
