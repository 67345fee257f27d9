"""Phase 2, choosing towns (seed 001, "2. Choosing Towns"; L-04), and phase 3, reordering.

In phase-2 order each player puts their figure on the guard counter of a town without Hussites.
An empty town: the figure stands on 0. A town held by another figure: the newcomer offers a higher
number of guards; the two raise in turn (up to 12) until one accepts, takes that many guards from
the other and travels on to another town, paying 1 guard for each town it comes to. Conflicts
repeat until the mover reaches an empty town; only then does the next player choose. From round 2
every figure starts on the road in front of its last town: staying costs 1 guard, going d towns
away costs d. Guards a player lacks cost 2 influence each; influence never goes below 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_of_six.actions import ACCEPT, CHOOSE, OFFERS, Action
from league_of_six.components import MAX_OFFER
from league_of_six.setup import start_chooser
from league_of_six.state import CHOOSE as CHOOSE_PHASE
from league_of_six.state import OFFER, RESPOND, State

if TYPE_CHECKING:
    from league_of_six.game import Game


def distance(s: State, a: int, b: int) -> int:
    """Towns reached going from town ``a`` to town ``b`` the short way round the ring."""
    ring = s.ring
    d = abs(ring.index(a) - ring.index(b))
    return min(d, 6 - d)


def travel_cost(s: State, seat: int, town: int) -> int:
    start = s.mover_from
    if start < 0:
        return 0  # round 1: figures come onto the board for free
    d = distance(s, start, town)
    return d if s.displaced else max(d, 1)  # from the road, staying costs 1 too


def pay_bank(g: Game, seat: int, guards: int) -> tuple[int, int]:
    """``seat`` returns ``guards`` to the bank: from its hand, then 2 influence per missing guard.

    What it cannot pay at all is waived (LR-01): a figure must always be able to travel.
    Returns (guards paid from the hand, influence paid).
    """
    s = g.s
    own = min(guards, s.guards[seat])
    s.guards[seat] -= own
    s.guards_returned += own
    short = guards - own
    infl = 2 * min(short, s.influence[seat] // 2)
    s.influence[seat] -= infl
    s.influence_paid += infl
    return own, infl


def pay_player(g: Game, payer: int, payee: int, guards: int) -> tuple[int, int]:
    """``payer`` gives ``guards`` to ``payee``, buying the guards it lacks from the king (2 influence each)."""
    s = g.s
    own = min(guards, s.guards[payer])
    short = guards - own
    s.guards[payer] -= own
    s.influence[payer] -= 2 * short  # offers never exceed what the payer can give (L-04)
    s.influence_paid += 2 * short
    s.guards_issued += short
    s.guards[payee] += guards
    return own, 2 * short


# ---------------------------------------------------------------------------------------- options
def choose_options(g: Game, seat: int) -> list[Action]:
    s = g.s
    means = s.means(seat)
    out = []
    for t in range(6):
        if s.besieged[t] or (s.displaced and t == s.mover_from):
            continue
        holder = s.occupant[t]
        if holder >= 0:
            # Enter a held town only with a higher offer than its figure's number that one can pay.
            top = s.counter[holder]
            if top >= MAX_OFFER or top + 1 > means - travel_cost(s, seat, t):
                continue
        out.append(CHOOSE[t])
    return out


def offer_options(g: Game, seat: int) -> list[Action]:
    """Offers above the standing number, up to 12 and up to what ``seat`` can give (L-04)."""
    s = g.s
    top = s.c_offer
    hi = min(MAX_OFFER, s.means(seat))
    if s.phase == RESPOND:
        return [ACCEPT, *OFFERS[top + 1 : hi + 1]]
    return list(OFFERS[top + 1 : hi + 1])


def responder(s: State) -> int:
    """In a conflict, the seat that must accept or raise: the one that did not make the standing offer."""
    t = s.town_of[s.mover]
    return s.occupant[t] if s.c_by == s.mover else s.mover


# ---------------------------------------------------------------------------------------- decisions
def choose(g: Game, seat: int, town: int) -> None:
    s = g.s
    cost = travel_cost(s, seat, town)
    paid = pay_bank(g, seat, cost) if cost else (0, 0)
    s.road_of[seat] = -1
    s.town_of[seat] = town
    holder = s.occupant[town]
    if holder < 0:  # (a free town is taken before the entry that tells it: tabletop.engine's convention)
        s.occupant[town] = seat
        s.counter[seat] = 0
    if g.logging:
        g.emit(
            "choose",
            seat=seat,
            town=g.comp.towns[town].key,
            cost=cost,
            guards=paid[0],
            influence=paid[1],
            held_by=holder if holder >= 0 else None,
        )
    if holder < 0:
        next_chooser(g)
        return
    s.c_offer = s.counter[holder]
    s.c_by = holder
    s.phase = OFFER


def offer(g: Game, seat: int, guards: int) -> None:
    s = g.s
    s.c_offer = guards
    s.c_by = seat
    s.phase = RESPOND
    if g.logging:
        g.emit("offer", seat=seat, town=g.comp.towns[s.town_of[s.mover]].key, guards=guards)


def accept(g: Game, seat: int) -> None:
    """``seat`` takes the standing offer and leaves; the offerer keeps the town on that number."""
    s = g.s
    town = s.town_of[s.mover]
    winner, guards = s.c_by, s.c_offer
    infl = pay_player(g, winner, seat, guards)[1]
    s.occupant[town] = winner
    s.counter[winner] = guards
    s.town_of[winner] = town
    s.town_of[seat] = -1
    s.counter[seat] = -1
    s.c_offer = s.c_by = -1
    if g.logging:
        g.emit("accept", seat=seat, paid_by=winner, town=g.comp.towns[town].key, guards=guards, influence=infl)
    s.mover = seat
    s.mover_from = town
    s.displaced = True
    s.phase = CHOOSE_PHASE


def next_chooser(g: Game) -> None:
    """The mover stands alone in a town: the next player chooses, or phase 3 reorders the markers."""
    s = g.s
    s.mover = -1
    s.turn += 1
    if s.turn < s.players:
        start_chooser(g)
        return
    reorder(g)
    from league_of_six.taxes import begin_taxes

    begin_taxes(g)


def reorder(g: Game) -> None:
    """Phase 3: most guards spent (the figure's number) first; ties to the higher town number (L-05)."""
    s = g.s
    number = [t.number for t in g.comp.towns]
    s.order = sorted(range(s.players), key=lambda p: (-s.counter[p], -number[s.town_of[p]]))
    if g.logging:
        g.emit("reorder", order=list(s.order), spent=[s.counter[p] for p in s.order])
