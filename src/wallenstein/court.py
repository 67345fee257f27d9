"""The Emperor's Court, expansion module 1 (seed 000, "Emperor's Court"; German seed 004 where the
English text is lost; rulings W-29, W-30 and docs/rules/notes-court.md R-20..R-29).

* Set-up: each player's armies that fall out at the initial tower fill send as many courtiers to the
  entrance hall; each player holds 3 dice tower cards (card code ``TOWER``) besides the money cards.
* Each spring, summer and fall three favour cards are displayed (highest number on the 4-courtier
  space, then 3, then 2) and the three court boxes (convert 3, 2, 1 armies) are planned in secret
  with the main plan, after it (R-20).
* After player order (``court_step``, one of the game's order steps): in player order each seat's
  court cards are revealed and performed, 3 then 2 then 1; then the audience in order of courtiers
  in the entrance hall (ties: player order). Each seat moves its courtiers to the audience hall and
  may take one displayed favour paying its space's courtiers back to its supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.chance import Subset
from tabletop.errors import IllegalAction
from wallenstein import favours
from wallenstein.actions import COURT_SEQUENCE, FAVOUR, FAVOUR_PASS, Action, card_name
from wallenstein.board import ACTIONS, AUCTION_BOX, COURT_BOX_NAMES, EMPTY, MONEY, N_BOXES, TOWER
from wallenstein.court_state import AUDIENCE, COURT_BOXES, EFFECT, IDLE, SPACE_COST, CourtState
from wallenstein.planning import MONEY_CARDS, cards_for_box, check_cards, check_complete, hand
from wallenstein.state import COURT

if TYPE_CHECKING:
    from wallenstein.game import Game

MODULE = "emperors_court"
PLAN_SIZE = N_BOXES + COURT_BOXES  # boxes a seat plans in a court game: bid, 10 actions, 3 court boxes
TOWER_CARDS = 3  # dice tower cards per player
FAVOUR_ACTIONS = tuple(Action(FAVOUR, n) for n in range(22))
PASS_ACTION = Action(FAVOUR_PASS)


def init_court(g: Game) -> None:
    g.s.court = CourtState(g.s.players)


def court_of(g: Game) -> CourtState:
    court = g.s.court
    assert court is not None, "the Emperor's Court is not played in this game"
    return court


# ---------------------------------------------------------------------------------- set-up, display
def courtiers_from_fill(g: Game, out: list[int]) -> None:
    """One courtier to the entrance hall per own army that fell out at the initial fill (R-29)."""
    court = court_of(g)
    sent = {}
    for seat in range(g.s.players):
        n = min(out[seat], court.supply[seat])
        court.supply[seat] -= n
        court.hall[seat] += n
        sent[str(seat)] = n
    if g.logging:
        g.emit("courtiers", hall=sent)


def display_favours(g: Game) -> None:
    """A new round: court boards cleared; three favour cards drawn and sorted onto the spaces."""
    s = g.s
    court = court_of(g)
    court.plans = [EMPTY] * len(court.plans)
    court.shown = 0
    deck = court.deck
    k = min(3, len(deck))
    drawn = g.draw("favours", Subset(deck, k))
    if len(set(drawn)) != k or any(n not in deck for n in drawn):
        raise g.corrupt(f"favour cards {drawn} are not {k} cards of the favour deck")
    court.deck = [n for n in deck if n not in drawn]
    court.display = sorted(drawn, reverse=True) + [0] * (3 - k)  # highest on the 4-courtier space
    if g.logging:
        g.emit(
            "favours",
            year=s.year,
            season=s.season,
            display=[_slot(g, i) for i in range(3) if court.display[i]],
        )


def _slot(g: Game, i: int) -> dict[str, object]:
    return {"courtiers": SPACE_COST[i], **favours.describe(g, court_of(g).display[i])}


# ---------------------------------------------------------------------------------- planning
def required_empty(g: Game, seat: int) -> int:
    """Boxes left uncovered: only as many as the player lacks cards for (W-08 with 14 boxes)."""
    return max(0, PLAN_SIZE - len(hand(g, seat)) - len(MONEY_CARDS) - TOWER_CARDS)


def box_options(g: Game, seat: int) -> list[int]:
    """Cards allowed on ``seat``'s next box in a court game: counties, money, tower card, empty."""
    s = g.s
    court = court_of(g)
    step = s.plan_fill[seat]
    base = seat * N_BOXES
    planned = s.plans[base : base + N_BOXES] + court.plans[seat * COURT_BOXES : (seat + 1) * COURT_BOXES]
    bidding = COURT_SEQUENCE[step] == AUCTION_BOX
    # A dice tower card counts as a "0" bid; on the other boxes each player has TOWER_CARDS of them.
    tower = (TOWER,) if bidding or planned.count(TOWER) < TOWER_CARDS else ()
    return cards_for_box(g, seat, planned, bidding, PLAN_SIZE - step, required_empty(g, seat), tower)


def check_plan(g: Game, seat: int, cards: tuple[int, ...]) -> None:
    """Raise IllegalAction unless ``cards`` (10 boxes, the bid, 3 court boxes) is a legal plan."""
    if len(cards) != PLAN_SIZE:
        raise IllegalAction(
            "with the Emperor's Court a plan covers the 10 boxes, the bid and the 3 court boxes"
            f" ('court': {{{', '.join(COURT_BOX_NAMES)}}})",
            code="plan_size",
        )
    if cards.count(TOWER) > TOWER_CARDS:
        raise IllegalAction(
            f"a player has only {TOWER_CARDS} dice tower cards", code="towers_planned", params={"n": TOWER_CARDS}
        )
    check_cards(g, seat, cards, box_name, frozenset({TOWER}))
    check_complete(g, seat, cards, PLAN_SIZE, "every box, the bid and the court boxes")


def box_name(box: int) -> str:
    if box < 10:
        return ACTIONS[box]
    return "bid" if box == AUCTION_BOX else COURT_BOX_NAMES[box - N_BOXES]


def plan_card(g: Game, seat: int, box: int) -> int:
    """The card on ``seat``'s box (action boxes, the bid, then the court boxes 11..13)."""
    if box < N_BOXES:
        return g.s.plans[seat * N_BOXES + box]
    return court_of(g).plans[seat * COURT_BOXES + box - N_BOXES]


def set_plan_box(g: Game, seat: int, box: int, code: int) -> None:
    court_of(g).plans[seat * COURT_BOXES + box - N_BOXES] = code


def set_plan(g: Game, seat: int, cards: tuple[int, ...]) -> None:
    base = seat * N_BOXES
    g.s.plans[base : base + N_BOXES] = list(cards[:N_BOXES])
    court_of(g).plans[seat * COURT_BOXES : (seat + 1) * COURT_BOXES] = list(cards[N_BOXES:])


# ---------------------------------------------------------------------------------- the court step
def court_step(g: Game) -> bool:
    """The order step of the Emperor's Court; True while a seat must decide (phase "court")."""
    s = g.s
    court = court_of(g)
    if court.stage == IDLE:
        _reveal_and_convert(g)
        hall = court.hall
        place = {p: i for i, p in enumerate(s.order)}
        court.queue = sorted(range(s.players), key=lambda p: (-hall[p], place[p]))
        court.stage = AUDIENCE
    return _advance(g)


def _reveal_and_convert(g: Game) -> None:
    """Step 1: in player order, each seat reveals and performs convert 3, then 2, then 1."""
    s = g.s
    court = court_of(g)
    for seat in s.order:
        for k in range(COURT_BOXES):
            code = court.plans[seat * COURT_BOXES + k]
            n = COURT_BOXES - k
            why = _convert(g, seat, code, n)
            if g.logging:
                g.emit(
                    "court_convert",
                    seat=seat,
                    box=COURT_BOX_NAMES[k],
                    card=card_name(code),
                    armies=n,
                    done=why is None,
                    why=why,
                )
    court.shown = 1


def _convert(g: Game, seat: int, code: int, n: int) -> str | None:
    """Convert ``n`` armies into courtiers; None when done, else why not (W-30: all or nothing)."""
    s = g.s
    court = court_of(g)
    if code == EMPTY or (code >= MONEY and code != TOWER):
        return "no action"
    if court.supply[seat] < n:
        return "courtiers short"
    if code == TOWER:
        if s.tray[seat] < n:
            return "tray short"
        s.tray[seat] -= n
    else:
        if s.owner[code] != seat:
            return "county lost"
        if s.armies[code] < n + 1:  # at least 1 army stays in the county
            return "armies short"
        s.armies[code] -= n
    s.supply[seat] += n
    court.supply[seat] -= n
    court.hall[seat] += n
    return None


def _advance(g: Game) -> bool:
    """Step 2, the audience: go on until a seat must decide or the step is over."""
    s = g.s
    court = court_of(g)
    while True:
        if court.stage == EFFECT:
            s.phase = COURT
            return True
        if not court.queue or not any(court.display):
            _finish(g)
            return False
        seat = court.queue[0]
        court.audience[seat] += court.hall[seat]
        court.hall[seat] = 0
        can_pay = any(card and court.audience[seat] >= SPACE_COST[i] for i, card in enumerate(court.display))
        if g.logging:
            g.emit("audience", seat=seat, courtiers=court.audience[seat])
        if can_pay:
            s.phase = COURT
            return True
        court.queue.pop(0)  # no favour within reach: nothing to decide


def _finish(g: Game) -> None:
    """Courtiers left in the audience hall go back to the entrance hall (W-30); cards left leave."""
    court = court_of(g)
    for seat in range(g.s.players):
        court.hall[seat] += court.audience[seat]
        court.audience[seat] = 0
    left = [n for n in court.display if n]
    court.gone.extend(left)
    court.display = [0, 0, 0]
    court.queue = []
    court.stage = IDLE
    if g.logging:
        g.emit("court_end", discarded=left, hall={str(p): n for p, n in enumerate(court.hall)})


def court_seat(g: Game) -> int:
    return court_of(g).queue[0]


def legal(g: Game, seat: int) -> list[Action]:
    """The current seat's court decision: a favour it can pay for or none; or a favour's choice."""
    court = court_of(g)
    if court.stage == EFFECT:
        return favours.options(g, seat, court.ask)
    have = court.audience[seat]
    cards = sorted(card for i, card in enumerate(court.display) if card and have >= SPACE_COST[i])
    return [FAVOUR_ACTIONS[n] for n in cards] + [PASS_ACTION]


def apply(g: Game, seat: int, act: Action) -> None:
    """Carry out a court decision (validated by the caller); the game then calls the step again."""
    court = court_of(g)
    if court.stage == EFFECT:
        favours.resolve(g, seat, court.ask, act)
        court.ask = 0
        court.stage = AUDIENCE
        court.queue.pop(0)
        return
    if act.kind == FAVOUR:
        slot = court.display.index(act.a)
        cost = SPACE_COST[slot]
        court.audience[seat] -= cost
        court.supply[seat] += cost
        court.display[slot] = 0
        court.gone.append(act.a)
        if g.logging:
            g.emit("favour", seat=seat, courtiers=cost, **favours.describe(g, act.a))
        if favours.take_effect(g, seat, act.a):
            court.ask = act.a
            court.stage = EFFECT
            return
    elif g.logging:
        g.emit("favour_pass", seat=seat)
    court.queue.pop(0)


def protected(g: Game, seat: int) -> bool:
    """Whether ``seat``'s counties cannot be attacked this round (favours 10, 11, 18; W-17)."""
    court = g.s.court
    return court is not None and court.shield[seat] == favours.round_id(g)
