"""The rules of the 2002 edition where they differ from 2012 (seeds 002 and 003; seed 003, the
condensed rules, is the most precise). Rulings W-12, W-15, W-18..W-23, W-26, W-28, W-29; the
project's own decisions R-10..R-19 are in docs/rules/notes-2002.md.

What is different, and where it is handled here:

* components: 61 armies per player (one cube counts grain), 18/15/13 gold, 5 blank land cards
  instead of money cards, leader cards instead of bids and bonus tiles, 25 event cards
  (``events2002``);
* turn order: the leader cards are shuffled at set-up (it orders the draft, W-12) and again every
  season after planning, before the season's event is drawn (seed 002, "Spring" c and d);
* planning: ten action boxes, no bid; blank cards may cover any box (R-10, R-11);
* actions: regional events change grain and recruiting, the trade bonus pays for a trading firm,
  recruit 1 is "either or both" (W-15);
* battles and revolts: the defender chooses how many armies to throw in (W-18), armies kept back
  are lost with the land (W-21), farmers join the defender below 2 revolt markers (W-19), a
  conquered free land gets a revolt marker (W-23), the W-20 rule for a defence by farmers alone;
* end: ties are broken by palaces, then churches, then trading firms (W-28).

A fight that needs the defender's decision is kept in ``State.fight`` while the defender decides
(phase ``commit``): ``(kind, attacker, origin, target, armies moved, extra farmers)``.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import TYPE_CHECKING, Any

from tabletop.chance import Deal
from tabletop.errors import IllegalAction
from wallenstein import battle
from wallenstein.actions import STAY_ACTION, Action, card_name, commit_action, move_action, move_only_action
from wallenstein.battle import ATTACKER, attackers_drop, battle_sides, fight_drop, settle_battle, take_peasants
from wallenstein.board import (
    A_DEPLOY1,
    A_DEPLOY3,
    A_DEPLOY5,
    A_GRAIN,
    A_TAX,
    A_TRADING,
    ACTIONS,
    AUCTION_BOX,
    B_PALACE,
    BLANK,
    BOARD,
    BUILDING_BITS,
    EMPTY,
    N_BOXES,
)
from wallenstein.events2002 import TABLE, Event2002
from wallenstein.perform import move_targets, open_combat, planned_county
from wallenstein.planning import hand
from wallenstein.state import COMMIT, MOVE, MOVE_COMBAT, MOVE_DEPLOY1, NEUTRAL

if TYPE_CHECKING:
    from wallenstein.game import Game


def _components() -> dict[str, Any]:
    text = resources.files("wallenstein").joinpath("data/wallenstein.json").read_text(encoding="utf-8")
    return json.loads(text)["components"]  # type: ignore[no-any-return]


_COMP = _components()
ARMIES: int = int(_COMP["armies_per_player"]["2002"])  # 62 cubes, one of them counts grain (W-03)
START_GOLD: dict[int, int] = {int(p): int(v) for p, v in _COMP["start_thalers"]["2002"].items()}
BLANKS: int = int(_COMP["blank_cards_2002"])
ACTION_BOXES = 10
PLAN_START = 1  # planning skips the auction box (PLAN_SEQUENCE[0]): it stays empty in 2002

# What a waiting fight is (first field of State.fight).
F_ATTACK, F_REVOLT, F_WINTER = 0, 1, 2
FIGHT_KINDS = ("attack", "revolt", "winter_revolt")
REVOLT_MARKERS_NEUTRAL = 2  # farmers fight for the defender below this many markers (W-19)


# ---------------------------------------------------------------------------------------- set-up
def prepare(g: Game) -> None:
    """2002 components, then the leader cards shuffled for the set-up order (seed 003, Setup; W-12)."""
    s = g.s
    s.thalers = [START_GOLD[s.players]] * s.players
    s.supply = [ARMIES] * s.players
    s.event_deck = list(range(len(g.events)))
    shuffle_leaders(g)


def shuffle_leaders(g: Game) -> None:
    """Shuffle the leader cards: the new player order (a recorded chance draw)."""
    s = g.s
    seats = range(s.players)
    order = g.draw("leader_order", Deal(seats))
    if sorted(order) != list(seats):
        raise g.corrupt(f"leader order {order} is not an order of the seats")
    s.order = list(order)
    if g.logging:
        g.emit("leaders", order=list(order))


# ---------------------------------------------------------------------------------------- planning
def required_empty(g: Game, seat: int) -> int:
    """Action boxes left uncovered: only as many as the player lacks cards for (W-08, blanks count)."""
    return max(0, ACTION_BOXES - len(hand(g, seat)) - BLANKS)


def box_options(g: Game, seat: int) -> list[int]:
    """Cards allowed on ``seat``'s next action box: its unplanned counties, a blank while one is
    left, and no card while the player must leave boxes empty (canonical order)."""
    s = g.s
    step = s.plan_fill[seat]  # PLAN_START .. N_BOXES - 1; the box is PLAN_SEQUENCE[step] == step - 1
    base = seat * N_BOXES
    planned = s.plans[base : base + ACTION_BOXES]
    out = [c for c in hand(g, seat) if c not in planned]
    if planned.count(BLANK) < BLANKS:
        out.append(BLANK)
    empties = planned.count(EMPTY) - (ACTION_BOXES - (step - PLAN_START))
    if empties < required_empty(g, seat):
        out.append(EMPTY)
    return out


def check_plan(g: Game, seat: int, cards: tuple[int, ...]) -> None:
    """Raise IllegalAction unless ``cards`` (10 boxes, then null for the unused bid) is a legal plan."""
    s = g.s
    if len(cards) != N_BOXES:
        raise IllegalAction("a plan has a card (or null) for each of the 10 boxes", code="plan_size")
    if cards[AUCTION_BOX] != EMPTY:
        raise IllegalAction("the 2002 edition has no bid: give 'bid': null", code="no_bid_2002")
    seen: set[int] = set()
    for box, code in enumerate(cards[:ACTION_BOXES]):
        name = ACTIONS[box]
        if code == EMPTY or code == BLANK:
            continue
        if not 0 <= code < len(s.owner):
            raise IllegalAction(
                f"{name}: {card_name(code)} is not a card of the 2002 edition (counties and 'blank')",
                code="no_money_2002",
            )
        if s.owner[code] != seat:
            raise IllegalAction(
                f"{name}: seat {seat} holds no card for {card_name(code)}",
                code="card_not_held",
                params={"card": card_name(code)},
            )
        if code in seen:
            raise IllegalAction(
                f"{name}: card {card_name(code)} is used twice", code="card_twice", params={"card": card_name(code)}
            )
        seen.add(code)
    if cards.count(BLANK) > BLANKS:
        raise IllegalAction(f"a player has only {BLANKS} blank cards", code="blanks_planned", params={"n": BLANKS})
    need = required_empty(g, seat)
    empties = cards[:ACTION_BOXES].count(EMPTY)
    if empties != need:
        if need == 0:
            raise IllegalAction(
                "every box must hold a card (a county or a blank) while you have cards (W-08)", code="box_needs_card"
            )
        raise IllegalAction(
            f"leave exactly {need} box(es) empty: you hold {ACTION_BOXES - need} cards (W-08)",
            code="leave_empty",
            params={"n": need, "held": ACTION_BOXES - need},
        )


def declared_empty(g: Game) -> dict[str, list[str]]:
    """Boxes each seat leaves uncovered, public once its plan is complete (R-11)."""
    s = g.s
    out: dict[str, list[str]] = {}
    for p in range(s.players):
        if s.plan_fill[p] == N_BOXES:
            base = p * N_BOXES
            empty = [ACTIONS[b] for b in range(ACTION_BOXES) if s.plans[base + b] == EMPTY]
            if empty:
                out[str(p)] = empty
    return out


# ---------------------------------------------------------------------------------------- events
def current_event(g: Game) -> Event2002 | None:
    e = g.s.event
    return g.events[e] if e >= 0 else None


def event_json(g: Game, e: int) -> dict[str, Any]:
    ev: Event2002 = g.events[e]
    return {
        "card": e,
        "number": ev.number,
        "event": ev.kind,
        "region": BOARD.regions[ev.region] if ev.region >= 0 else None,
        "winter_loss": ev.winter_loss,
        "standin": g.is_standin(TABLE),
    }


def _regional(g: Game, kind: str, c: int) -> bool:
    ev = current_event(g)
    return ev is not None and ev.kind == kind and ev.region == BOARD.region_of[c]


def income_amount(g: Game, c: int, action: int) -> int:
    """Gold or grain from ``c``: crop failure / good harvest change grain in their region by 2
    (seed 003, cards 1-10); never below 0 (R-12)."""
    if action == A_TAX:
        return BOARD.tax[c]
    amount = BOARD.grain[c]
    if _regional(g, "crop_failure", c):
        amount = max(0, amount - 2)
    elif _regional(g, "good_harvest", c):
        amount += 2
    return amount


def deploy_amount(g: Game, c: int, action: int) -> int:
    """Troop shortage in the land's region: 3 gold give 3 armies, 2 gold give 2 (seed 003, 14-18)."""
    short = _regional(g, "troop_shortage", c)
    if action == A_DEPLOY5:
        return 3 if short else 5
    return 2 if short else 3


def building_cost(g: Game, kind: int) -> int:
    """Gold paid for a building; under the trade bonus a trading firm pays 1 gold instead (seed 003, 24-25)."""
    ev = current_event(g)
    if kind == A_TRADING and ev is not None and ev.kind == "trade_bonus":
        return -1
    return BOARD.costs[kind]


# ---------------------------------------------------------------------------------------- actions
def perform(g: Game, seat: int, action: int) -> bool:
    """Perform ``seat``'s planned ``action`` (seed 003, "Actions"). True when a decision opened."""
    s = g.s
    c = planned_county(g, seat, action)  # -1: a blank card, an empty box or a lost county (W-22, W-22a)
    if c < 0:
        return False
    if action <= A_TRADING:
        cost = building_cost(g, action)
        b = s.buildings[c]
        bit = BUILDING_BITS[action]
        if b & bit or bin(b).count("1") >= BOARD.sites[c] or s.bsupply[action] == 0 or s.thalers[seat] < cost:
            g.skip(seat, action, c, "cannot build")
            return False
        s.thalers[seat] -= cost
        s.bsupply[action] -= 1
        s.buildings[c] = b | bit
        g.did(seat, action, c, cost=cost)
        return False
    if action == A_GRAIN or action == A_TAX:
        amount = income_amount(g, c, action)
        if action == A_GRAIN:
            s.grain[seat] += amount
        else:
            s.thalers[seat] += amount
        g.did(seat, action, c, amount=amount)
        # W-13: income first, then a revolt where a marker already lay (no shortage farmers).
        if s.revolts[c] > 0:
            return open_fight(g, (F_REVOLT, -1, -1, c, 0, 0))
        add_marker(g, seat, c)
        return False
    if action == A_DEPLOY5 or action == A_DEPLOY3:
        n = deploy_amount(g, c, action)
        cost = BOARD.costs[action]
        if s.thalers[seat] < cost or s.supply[seat] < n:
            g.skip(seat, action, c, "cannot pay" if s.thalers[seat] < cost else "army supply short")
            return False
        s.thalers[seat] -= cost
        s.supply[seat] -= n
        s.armies[c] += n
        g.did(seat, action, c, armies=n)
        return False
    if action == A_DEPLOY1:
        # W-15: pay 1 gold, then add 1 army, move, or both; skipped when neither is possible.
        if s.thalers[seat] < 1:
            g.skip(seat, action, c, "cannot pay")
            return False
        if s.supply[seat] < 1 and not (s.armies[c] >= 2 and move_targets(g, seat, c, MOVE_DEPLOY1)):
            g.skip(seat, action, c, "army supply short")
            return False
        s.thalers[seat] -= 1
        s.move_from = c
        s.move_kind = MOVE_DEPLOY1
        s.phase = MOVE
        return True
    return open_combat(g, seat, action, c)  # move and battle A / B, as in 2012 (W-16)


def add_marker(g: Game, seat: int, c: int) -> None:
    s = g.s
    if s.markers > 0:
        s.markers -= 1
        s.revolts[c] += 1
        if g.logging:
            g.emit("marker", seat=seat, county=BOARD.keys[c], revolt=s.revolts[c])


def move_actions(g: Game, seat: int) -> list[Action]:
    """Move decisions. Recruit 1: ``stay`` (add the army only), ``move`` (add it, then move: it may
    go along) or ``move_only`` (no army added). Battle A/B: ``move`` as in 2012."""
    s = g.s
    origin = s.move_from
    here = s.armies[origin]
    targets = move_targets(g, seat, origin, s.move_kind)
    if s.move_kind == MOVE_COMBAT:
        return [move_action(t, n) for t in targets for n in range(1, here)]
    out: list[Action] = []
    if s.supply[seat] > 0:
        out.append(STAY_ACTION)
        out.extend(move_action(t, n) for t in targets for n in range(1, here + 1))
    out.extend(move_only_action(t, n) for t in targets for n in range(1, here))
    return out


def resolve_move(g: Game, seat: int, act: Action) -> None:
    """Carry out a move decision: recruit-1 choices, a plain move, or an attack (which may open the
    defender's commitment)."""
    s = g.s
    origin = s.move_from
    s.move_from = -1
    if s.move_kind == MOVE_DEPLOY1:
        army = act.kind != "move_only"
        if army:
            s.supply[seat] -= 1
            s.armies[origin] += 1
        g.did(seat, A_DEPLOY1, origin, armies=int(army))
        if act.kind == "stay":
            if g.logging:
                g.emit("stay", seat=seat, county=BOARD.keys[origin])
            return
    target, n = act.a, act.b
    if s.owner[target] == seat:
        s.armies[origin] -= n
        s.armies[target] += n
        if g.logging:
            g.emit("move", seat=seat, origin=BOARD.keys[origin], county=BOARD.keys[target], armies=n)
    elif s.owner[target] >= 0:
        open_fight(g, (F_ATTACK, seat, origin, target, n, 0))
    else:
        attack(g, seat, origin, target, n, 0)


# ---------------------------------------------------------------------------------------- fights
def open_fight(g: Game, fight: tuple[int, int, int, int, int, int]) -> bool:
    """The defender must say how many armies it throws in (W-18): phase ``commit``."""
    s = g.s
    s.fight = fight
    s.phase = COMMIT
    return True


def fight_defender(g: Game) -> int:
    return g.s.owner[g.s.fight[3]]


def commit_actions(g: Game) -> list[Action]:
    """0 to all of the defender's armies in the land (W-18), fewest first."""
    s = g.s
    return [commit_action(n) for n in range(s.armies[s.fight[3]] + 1)]


def resolve_commit(g: Game, n: int) -> bool:
    """Fight with ``n`` of the defender's armies. True when it was a winter revolt."""
    s = g.s
    kind, seat, origin, target, moved, extra = s.fight
    s.fight = ()
    if kind == F_ATTACK:
        attack(g, seat, origin, target, moved, n)
        return False
    owner = s.owner[target]
    won = revolt(g, target, n, extra, winter=kind == F_WINTER)
    if kind == F_REVOLT and won:
        add_marker(g, owner, target)  # W-13: the income revolt was put down
    return kind == F_WINTER


def attack(g: Game, seat: int, origin: int, target: int, n: int, committed: int) -> str:
    """Battle (seed 003, "Battle"): ``n`` attackers against ``committed`` armies of the owner (or the
    farmers of a free land); the tray's cubes are thrown in too."""
    s = g.s
    peas = s.players
    defender = s.owner[target]
    dropped = attackers_drop(g, seat, origin, n)
    ev = current_event(g)
    kind = ev.kind if ev is not None else ""
    if defender >= 0:
        dropped[defender] += committed
        s.armies[target] -= committed
        # Palace guards: 1 farmer from the supply who fights for the defender (R-14, W-23a).
        farmers = 1 if kind == "palace_guards" and s.buildings[target] & B_PALACE else 0
    else:
        farmers = 0 if kind == "combat_weary" else 2 if kind == "angry_farmers" else 1
    added = take_peasants(g, farmers)
    dropped[peas] += added
    kept = s.armies[target]
    allied = s.revolts[target] < REVOLT_MARKERS_NEUTRAL  # W-19 (2002)
    out = fight_drop(g, dropped, battle_sides(seat, defender, peas, allied))
    a = out[seat]
    d_arm = out[defender] if defender >= 0 else 0
    d_peas = out[peas] if allied else _guards_out(g, added if defender >= 0 else 0)
    # W-20 (2002): armies kept back hold the land for a farmers' defence; W-21: they are lost with it.
    result = settle_battle(g, seat, target, a, d_arm, d_peas, kept, farmers_hold=True)
    if g.logging:
        move = (seat, origin, target, defender, n)
        details = {"committed": committed, "kept": kept, "farmers_added": added}
        battle.emit_battle(g, move, dropped, out, (a, d_arm + d_peas), result, **details)
    if result == ATTACKER and defender == NEUTRAL:  # (after the battle's entry: its own change, engine.py)
        add_marker(g, seat, target)  # W-23
    return result


def _guards_out(g: Game, guards: int) -> int:
    """With 2 or more revolt markers the farmers that come out stay in the tray, except the palace
    guard, who fights for the defender whatever the markers (W-23a, R-14): as many farmers as guards
    were added (one) are taken from the tray and counted for the defender."""
    s = g.s
    k = min(guards, s.tray[s.players])
    s.tray[s.players] -= k
    s.peasants += k  # a farmer that fought goes back to the supply (W-19)
    return k


def revolt(g: Game, c: int, committed: int, extra: int = 0, winter: bool = False) -> bool:
    """Revolt (seed 003, "Revolt"): farmers (1 per marker, plus the winter shortage's) against the
    ``committed`` armies of the owner (W-18); the others share the land's fate (W-21). True if the
    owner keeps the land. The fight itself is the 2012 one (``battle.revolt``)."""
    return battle.revolt(g, c, extra, winter, committed=committed)


def fight_json(g: Game) -> dict[str, Any]:
    """The waiting fight, as every seat sees it (public: the attack is already announced)."""
    s = g.s
    kind, seat, origin, target, moved, extra = s.fight
    out: dict[str, Any] = {
        "kind": FIGHT_KINDS[kind],
        "county": BOARD.keys[target],
        "defender": s.owner[target],
        "defender_armies": s.armies[target],
    }
    if kind == F_ATTACK:
        out.update(attacker=seat, origin=BOARD.keys[origin], armies=moved)
    else:
        out.update(farmers=s.revolts[target] + extra)
    return out


# ---------------------------------------------------------------------------------------- end
def tiebreak(g: Game) -> list[list[int]]:
    """Palaces, churches, trading firms each seat holds (W-28)."""
    s = g.s
    counts = [[0, 0, 0] for _ in range(s.players)]
    for c, o in enumerate(s.owner):
        if o >= 0:
            b = s.buildings[c]
            for kind, bit in enumerate(BUILDING_BITS):
                if b & bit:
                    counts[o][kind] += 1
    return counts


def result(g: Game) -> dict[str, Any]:
    """Most VP wins; ties go to most palaces, then churches, then trading firms, then shared (W-28)."""
    s = g.s
    buildings = tiebreak(g)
    winners: list[int] = []
    if g.over:
        keys = [(s.vp[p], *buildings[p]) for p in range(s.players)]
        best = max(keys)
        winners = [p for p in range(s.players) if keys[p] == best]
    return {"vp": list(s.vp), "thalers": list(s.thalers), "buildings": buildings, "winners": winners, "over": g.over}
