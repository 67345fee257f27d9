"""Secret, simultaneous planning: a card on each action box and a bid (seed 000, "Plan individual
actions and bid for turn order"; rulings W-08, R-01 in docs/rules/notes.md).

A plan is built one box at a time, the bid first (``PLAN_SEQUENCE``), or given whole; both go
through the same checks here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.errors import IllegalAction
from wallenstein.actions import PLAN_SEQUENCE, card_name
from wallenstein.board import ACTIONS, AUCTION_BOX, EMPTY, MONEY, N_BOXES

if TYPE_CHECKING:
    from wallenstein.game import Game

MONEY_CARDS = tuple(MONEY + v for v in range(5))


def hand(g: Game, seat: int) -> tuple[int, ...]:
    """``seat``'s county cards. Ownership cannot change while planning, so this is cached per
    planning round (the cache lives on the game, is emptied at each season and not cloned)."""
    cards = g.hands.get(seat)
    if cards is None:
        cards = g.hands[seat] = tuple(c for c, o in enumerate(g.s.owner) if o == seat)
    return cards


def required_empty(g: Game, seat: int) -> int:
    """Boxes left uncovered: only as many as the player lacks cards for (W-08)."""
    return max(0, N_BOXES - len(hand(g, seat)) - len(MONEY_CARDS))


def box_options(g: Game, seat: int) -> list[int]:
    """Card codes allowed on ``seat``'s next box, in canonical order (counties, money, empty)."""
    s = g.s
    step = s.plan_fill[seat]
    base = seat * N_BOXES
    planned = s.plans[base : base + N_BOXES]  # boxes not planned yet hold EMPTY
    return cards_for_box(g, seat, planned, PLAN_SEQUENCE[step] == AUCTION_BOX, N_BOXES - step, required_empty(g, seat))


def cards_for_box(
    g: Game, seat: int, planned: list[int], bidding: bool, unplanned: int, required: int, tower: tuple[int, ...] = ()
) -> list[int]:
    """The codes allowed on the next box of a plan whose boxes hold ``planned`` (EMPTY where not
    planned yet, ``unplanned`` of them), in canonical order: ``seat``'s unplanned counties, the money
    cards (for the bid those it can pay, R-01; else those not planned), the ``tower`` cards offered
    (the Emperor's Court), and EMPTY while fewer boxes are left empty than the ``required`` (W-08)."""
    out = [c for c in hand(g, seat) if c not in planned]
    if bidding:
        thalers = g.s.thalers[seat]
        out.extend(m for m in MONEY_CARDS if m - MONEY <= thalers)  # bids you can pay
    else:
        out.extend(m for m in MONEY_CARDS if m not in planned)
    out.extend(tower)
    if planned.count(EMPTY) - unplanned < required:
        out.append(EMPTY)
    return out


def check_plan(g: Game, seat: int, cards: tuple[int, ...]) -> None:
    """Raise IllegalAction unless ``cards`` (10 boxes then the bid) is a complete legal plan."""
    if len(cards) != N_BOXES:
        raise IllegalAction("a plan has a card (or null) for each of the 10 boxes and the bid", code="plan_size")
    check_cards(g, seat, cards, lambda box: ACTIONS[box] if box < 10 else "bid")
    check_complete(g, seat, cards, N_BOXES, "every box and the bid")


def check_cards(
    g: Game, seat: int, cards: tuple[int, ...], name_of: Callable[[int], str], other: frozenset[int] = frozenset()
) -> None:
    """Each card on a box is a money card or one of ``seat``'s county cards, and none is used twice;
    codes in ``other`` (e.g. the court's dice tower cards) are the caller's to check."""
    s = g.s
    seen: set[int] = set()
    for box, code in enumerate(cards):
        if code == EMPTY or code in other:
            continue
        name = name_of(box)
        if code in MONEY_CARDS:
            pass
        elif 0 <= code < len(s.owner):
            if s.owner[code] != seat:
                raise IllegalAction(
                    f"{name}: seat {seat} holds no card for {card_name(code)}",
                    code="card_not_held",
                    params={"card": card_name(code)},
                )
        else:
            raise IllegalAction(f"{name}: {code} is not a card", code="not_a_card")
        if code in seen:
            raise IllegalAction(
                f"{name}: card {card_name(code)} is used twice", code="card_twice", params={"card": card_name(code)}
            )
        seen.add(code)


def check_complete(g: Game, seat: int, cards: tuple[int, ...], size: int, every: str) -> None:
    """Exactly as many boxes empty as the seat lacks cards (W-08), and a bid it can pay (R-01)."""
    s = g.s
    need = required_empty(g, seat)
    if cards.count(EMPTY) != need:
        if need == 0:
            raise IllegalAction(f"{every} must hold a card while you have cards (W-08)", code="box_needs_card")
        raise IllegalAction(
            f"leave exactly {need} box(es) empty: you hold {size - need} cards (W-08)",
            code="leave_empty",
            params={"n": need, "held": size - need},
        )
    bid = cards[AUCTION_BOX]
    if bid in MONEY_CARDS and bid - MONEY > s.thalers[seat]:
        raise IllegalAction(
            f"a bid of {bid - MONEY} thalers needs that much money; you have {s.thalers[seat]}",
            code="bid_too_high",
            params={"n": bid - MONEY, "have": s.thalers[seat]},
        )
