"""A fast rule-based Wallenstein player (2012 basic game).

It reads only what its seat may know: the public board and supplies, the tower's inside counts
(W-25), the visible action cards and bonus tiles, the current event once drawn, and its own plan.
The functions here work on a :class:`~wallenstein.game.Game` so that the search bot can use them
as its roll-out policy on determinized games; :class:`HeuristicAgent` first rebuilds a game from
the observation (:func:`wallenstein.determinize.rebuild`, nothing sampled), so it never sees
a secret.

How it plans a season (values are in "victory-point equivalents", see ``Values``):

* combat: for each own county with armies, the best attack on a neighbour (exact odds from
  :mod:`wallenstein.bots.odds`, counting a deploy planned before it), valued by what the county
  is worth to us, plus what its loss costs a rival;
* deploys go where the armies will fight (planned attack origins), else to threatened borders;
* taxes and grain in the best counties, avoiding revolt markers unless the armies there hold;
  grain is valued while the winter need (counties + the expected grain loss) is not covered;
* buildings where they win or tie a regional majority, in safe counties, while money lasts;
* the bid: a spare county card (it beats the 0 card and costs nothing), money when rich;
* boxes it does not want get money cards, or county cards where the action is harmless.

Decisions during the actions use the same values: attacks with the best expected gain, plain
moves towards the borders, bonus tiles by what they add to the plan.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.agents import SeededAgent
from wallenstein import court, favours, state
from wallenstein import edition2002 as ed2002
from wallenstein.actions import COURT_SEQUENCE, STAY_ACTION, Action, plan_card_action
from wallenstein.board import (
    A_CHURCH,
    A_COMBAT_A,
    A_COMBAT_B,
    A_DEPLOY1,
    A_DEPLOY3,
    A_DEPLOY5,
    A_GRAIN,
    A_PALACE,
    A_TAX,
    A_TRADING,
    AUCTION_BOX,
    BLANK,
    BOARD,
    BUILDING_BITS,
    EMPTY,
    MONEY,
    N_BOXES,
    T_ATTACK,
    T_DEFEND,
    T_DEPLOY6,
    T_GRAIN,
    T_TAX,
    TOWER,
)
from wallenstein.bots.odds import attack_odds, keep_odds
from wallenstein.determinize import rebuild
from wallenstein.game import Game, new_game
from wallenstein.planning import required_empty
from wallenstein.tower import TowerModel
from wallenstein.winter import MAJORITY_AWARD

MONEY_CARDS = tuple(MONEY + v for v in range(5))
BUILD_BOXES = (A_PALACE, A_CHURCH, A_TRADING)
NEIGHBOURS = BOARD.neighbours


@dataclass(frozen=True)
class Values:
    """The heuristic's weights (VP equivalents)."""

    thaler_early: float = 0.3  # a thaler with more than three seasons to go
    thaler_late: float = 0.12  # a thaler in the last season (only buildings and tie-breaks left)
    grain_needed: float = 0.45  # a grain unit still missing for the winter
    grain_spare: float = 0.03
    army_front: float = 0.12  # an army where it can attack or must defend
    army_back: float = 0.02
    rival_loss: float = 0.4  # a rival's county loss, relative to our own gain
    marker: float = 0.12  # a new revolt marker (future income there risks a revolt)
    attack_floor: float = 0.15  # expected gain an attack needs over a plain move
    rich_bid: int = 12  # thalers from which the bot bids money for the first position
    noise: float = 0.0  # random jitter on plan values (for varied roll-out opponents)


DEFAULT = Values()


# ---------------------------------------------------------------------------- public facts
def scorings_left(g: Game) -> int:
    return 3 - g.s.year if g.s.season != state.WINTER else 2 - g.s.year


def seasons_left(g: Game) -> int:
    """Seasons still to plan, the current one included."""
    s = g.s
    this_year = 3 - s.season if s.season != state.WINTER else 0
    return this_year + (3 if s.year == 1 else 0)


def thaler_value(g: Game, v: Values) -> float:
    left = seasons_left(g)
    if left >= 4:
        return v.thaler_early
    return v.thaler_late + (v.thaler_early - v.thaler_late) * (left - 1) / 3


class Facts:
    """Values computed once per decision: money value, scorings and seasons left, county worths
    (each worked out when first asked: a move decision needs only a few of them)."""

    __slots__ = ("g", "gn", "left", "risk", "seasons", "seat", "tv", "v", "worths")

    def __init__(self, g: Game, seat: int, v: Values) -> None:
        self.g = g
        self.seat = seat
        self.v = v
        self.tv = thaler_value(g, v)
        self.left = scorings_left(g)
        self.seasons = min(seasons_left(g), 3) / 3
        self.gn = 0.3 * v.grain_needed
        self.worths: dict[int, float] = {}
        self.risk: dict[int, float] = {}

    def worth(self, c: int) -> float:
        """What county ``c`` is worth to its holder: its scorings to come, income and grain."""
        w = self.worths.get(c)
        if w is None:
            b = self.g.s.buildings[c]
            w = self.worths[c] = (
                self.left * (1 + bin(b).count("1")) + (BOARD.tax[c] * self.tv + self.gn * BOARD.grain[c]) * self.seasons
            )
        return w

    def loss_risk(self, c: int) -> float:
        r = self.risk.get(c)
        if r is None:
            r = self.risk[c] = loss_risk(self.g, self.seat, c)
        return r


def enemy_pressure(g: Game, seat: int, c: int) -> int:
    """Most armies a rival could bring against ``c`` from one neighbour (all but one)."""
    s = g.s
    best = 0
    for t in NEIGHBOURS[c]:
        o = s.owner[t]
        if o >= 0 and o != seat and s.armies[t] - 1 > best:
            best = s.armies[t] - 1
    return best


def is_border(g: Game, seat: int, c: int) -> bool:
    s = g.s
    return any(s.owner[t] != seat and s.owner[t] >= -1 for t in NEIGHBOURS[c])


def loss_risk(g: Game, seat: int, c: int) -> float:
    """A rough chance of losing ``c`` to an attack this season."""
    p = enemy_pressure(g, seat, c)
    a = g.s.armies[c]
    if p <= 0:
        return 0.0
    if p >= a + 3:
        return 0.4
    if p >= a:
        return 0.25
    return 0.08


def majority_gain(g: Game, seat: int, c: int, kind: int) -> float:
    """VP from the regional majority of building ``kind`` if ``seat`` builds one more in ``c`` (W-27)."""
    s = g.s
    region = BOARD.region_of[c]
    bit = BUILDING_BITS[kind]
    counts = [0] * s.players
    for k in range(BOARD.n):
        if BOARD.region_of[k] == region and s.buildings[k] & bit and s.owner[k] >= 0:
            counts[s.owner[k]] += 1
    award = MAJORITY_AWARD[kind]
    mine = counts[seat]
    best_other = max((n for p, n in enumerate(counts) if p != seat), default=0)

    def got(n: int) -> float:
        if n == 0 or n < best_other:
            return 0.0
        return award - 1 if n == best_other else award

    return got(mine + 1) - got(mine)


def can_build_now(g: Game, c: int, kind: int) -> bool:
    s = g.s
    b = s.buildings[c]
    return not b & BUILDING_BITS[kind] and bin(b).count("1") < BOARD.sites[c] and s.bsupply[kind] > 0


def best_attack(f: Facts, c: int, armies: int) -> tuple[float, int]:
    """Expected gain of a combat action from ``c`` holding ``armies`` (moving all but one) and its
    target (-1: a plain move or nothing). A combat action must move armies when it can (W-16): with
    no own neighbour to move to, the best attack is forced even when it loses."""
    s = f.g.s
    seat = f.seat
    if armies < 2:
        return 0.0, -1
    best, target = -1e9, -1
    plain = False
    for t in NEIGHBOURS[c]:
        o = s.owner[t]
        if o == seat:
            plain = True
            continue
        if o < -1:
            continue
        gain = attack_gain(f, c, t, armies - 1)
        if gain > best:
            best, target = gain, t
    if plain and best < 0.0:
        return 0.0, -1
    return (best, target) if target >= 0 else (0.0, -1)


def attack_gain(f: Facts, origin: int, t: int, n: int) -> float:
    """Expected gain of moving ``n`` armies from ``origin`` into ``t`` (not ours)."""
    g = f.g
    s = g.s
    saved = s.armies[origin]
    s.armies[origin] = max(saved, n + 1)
    try:
        odds = attack_odds(g, f.seat, origin, t, n)
    finally:
        s.armies[origin] = saved
    worth = f.worth(t)
    rival = worth * f.v.rival_loss if s.owner[t] >= 0 else 0.0
    # A win takes the county; a tie devastates it (a rival loses it too); armies lost cost a little.
    return odds.win * (worth + rival) + odds.tie * rival - 0.02 * n - 0.3 * f.loss_risk(origin)


# ---------------------------------------------------------------------------- planning
Jitter = Callable[[], float]
Candidate = tuple[float, int, int]  # (value, box, card)


def plan(g: Game, seat: int, v: Values = DEFAULT, rng: random.Random | None = None) -> tuple[int, ...]:
    """A whole legal plan for ``seat`` (10 boxes then the bid), from public facts only."""
    s = g.s
    f = Facts(g, seat, v)
    mine = [c for c, o in enumerate(s.owner) if o == seat]
    noise = v.noise if rng is not None else 0.0

    def jitter() -> float:
        return rng.uniform(-noise, noise) if noise > 0 and rng is not None else 0.0

    # The candidates in a fixed order (the noise is drawn in it): combat and deploys, income, buildings.
    cands = _military_candidates(g, seat, f, mine, jitter)
    cands += _income_candidates(g, seat, f, mine, jitter)
    cands += _building_candidates(g, seat, f, mine, jitter)
    cands.sort(key=lambda x: (-x[0], x[1], x[2]))
    boxes = [EMPTY] * g.plan_size
    used: set[int] = set()
    budget = s.thalers[seat] + 0.5 * max((BOARD.tax[c] for c in mine), default=0)
    if not g.is2002:  # the 2002 edition has no bid
        # The bid first: a spare county card beats the 0 card for free (W-09); money when rich.
        bid = _choose_bid(g, seat, mine, cands, v)
        boxes[AUCTION_BOX] = bid
        used.add(bid)
        budget -= bid - MONEY if bid >= MONEY else 0
    for val, box, card in cands:
        if val <= 0:
            break
        if boxes[box] != EMPTY or card in used:
            continue
        cost = BOARD.costs[box]
        if cost > budget:
            continue
        budget -= cost
        boxes[box] = card
        used.add(card)
    if g.plan_size > N_BOXES:
        _court_boxes(g, seat, boxes, used)
    _fill_unwanted(g, seat, boxes, used, mine, cands)
    return tuple(boxes)


def _military_candidates(g: Game, seat: int, f: Facts, mine: list[int], jitter: Jitter) -> list[Candidate]:
    """Combat (the best attack from each county, counting the deploys that may come first) and
    deploys (where the armies will fight or must defend)."""
    s = g.s
    v = f.v
    visible = s.action_cards[:5]

    def before(a: int, b: int) -> float:
        """Chance that action ``a`` is performed before action ``b`` this season."""
        ia = visible.index(a) if a in visible else -1
        ib = visible.index(b) if b in visible else -1
        if ia >= 0 and ib >= 0:
            return 1.0 if ia < ib else 0.0
        if ia >= 0:
            return 1.0
        if ib >= 0:
            return 0.0
        return 0.5

    cands: list[Candidate] = []
    attack_now: dict[int, float] = {}
    attack_from: dict[int, float] = {}
    for c in mine:
        a = s.armies[c]
        base, _ = best_attack(f, c, a)
        with5, _ = best_attack(f, c, a + 5) if is_border(g, seat, c) else (base, -1)
        attack_now[c] = base
        attack_from[c] = with5
        for box in (A_COMBAT_A, A_COMBAT_B):
            val = base + 0.5 * before(A_DEPLOY5, box) * max(0.0, with5 - base)
            cands.append((val + jitter(), box, c))
    for c in mine:
        front = is_border(g, seat, c)
        per_army = v.army_front if front else v.army_back
        per_army += 0.03 * min(enemy_pressure(g, seat, c), 6)
        gain5 = attack_from[c] - attack_now[c]
        for box, n, cost in ((A_DEPLOY5, 5, 3), (A_DEPLOY3, 3, 2), (A_DEPLOY1, 1, 1)):
            val = n * per_army - cost * f.tv + (0.6 * gain5 * n / 5 if gain5 > 0 else 0.0)
            if box == A_DEPLOY1 and not front:
                val += 0.05 * max(0, s.armies[c] - 1)  # the move can bring idle armies to a border
            cands.append((val + jitter(), box, c))
    return cands


def _income_candidates(g: Game, seat: int, f: Facts, mine: list[int], jitter: Jitter) -> list[Candidate]:
    """Taxes and grain; grain spreads what the winter needs over the seasons left this year."""
    s = g.s
    v = f.v
    short = len(mine) + expected_winter_loss(g) + 1 - s.grain[seat]
    missing = max(0.0, short / (3 - s.season))
    cands: list[Candidate] = []
    for c in mine:
        risk = 0.0
        if s.revolts[c] > 0:
            risk = (1.0 - keep_odds(g, c)) * f.worth(c)
        penalty = risk + v.marker * (1 + s.revolts[c])
        tax = BOARD.tax[c] * f.tv
        grain: float = BOARD.grain[c]
        useful = min(grain, missing)
        later = min(grain - useful, max(0.0, short - useful))
        gval = useful * v.grain_needed + later * v.grain_needed * 0.5 + (grain - useful - later) * v.grain_spare
        cands.append((tax - penalty + jitter(), A_TAX, c))
        cands.append((gval - penalty + jitter(), A_GRAIN, c))
    return cands


def _building_candidates(g: Game, seat: int, f: Facts, mine: list[int], jitter: Jitter) -> list[Candidate]:
    """Each building a county may take now, worth the scorings left and the majorities it helps."""
    left = scorings_left(g)
    cands: list[Candidate] = []
    for c in mine:
        safe = 1.0 - f.loss_risk(c)
        for kind in (0, 1, 2):
            if not can_build_now(g, c, kind):
                continue
            val = safe * left * (1 + majority_gain(g, seat, c, kind)) - BOARD.costs[kind] * f.tv
            cands.append((val + jitter(), BUILD_BOXES[kind], c))
    return cands


def _fill_unwanted(
    g: Game, seat: int, boxes: list[int], used: set[int], mine: list[int], cands: list[Candidate]
) -> None:
    """Boxes nothing was wanted for: money cards (2002: blank cards; the court's dice tower cards),
    then the least harmful county cards; the required empties are left."""
    empty_boxes = [b for b in range(g.plan_size) if boxes[b] == EMPTY and b != AUCTION_BOX]
    spare_money = [BLANK] * ed2002.BLANKS if g.is2002 else [m for m in MONEY_CARDS if m not in used]
    if g.plan_size > N_BOXES:
        spare_money = [TOWER] * (court.TOWER_CARDS - boxes.count(TOWER)) + spare_money
    spare_counties = [c for c in mine if c not in used]
    fill = len(empty_boxes) - _required_empty(g, seat)
    for b in empty_boxes:
        if fill <= 0:
            break
        if spare_money:
            boxes[b] = spare_money.pop()
            fill -= 1
    if fill <= 0:
        return
    for _, box, card in cands:  # best value first: the least harmful use
        if fill <= 0:
            break
        if boxes[box] == EMPTY and card in spare_counties:
            boxes[box] = card
            spare_counties.remove(card)
            fill -= 1
    for b in empty_boxes:  # any box still owed a card takes any spare county card
        if fill > 0 and boxes[b] == EMPTY and spare_counties:
            boxes[b] = spare_counties.pop()
            fill -= 1


def _required_empty(g: Game, seat: int) -> int:
    if g.plan_size > N_BOXES:
        return court.required_empty(g, seat)
    if g.is2002:
        return ed2002.required_empty(g, seat)
    return required_empty(g, seat)


def _court_boxes(g: Game, seat: int, boxes: list[int], used: set[int]) -> None:
    """The Emperor's Court boxes (convert 3, 2, 1 armies into courtiers, in that order, W-30: all or
    nothing): a dice tower card while our armies in the tray cover it, else a county card not used
    in the plan whose armies are spare (it keeps what its border needs); others stay for the filler."""
    s = g.s
    cs = s.court
    assert cs is not None
    courtiers = cs.supply[seat]
    tray = s.tray[seat]
    towers = court.TOWER_CARDS - boxes.count(TOWER)
    spare = {
        c: s.armies[c] - 1 - (enemy_pressure(g, seat, c) if is_border(g, seat, c) else 0)
        for c, o in enumerate(s.owner)
        if o == seat and c not in used
    }
    for k in range(3):
        n = 3 - k
        if courtiers < n:
            continue
        if towers > 0 and tray >= n:
            boxes[N_BOXES + k] = TOWER
            towers -= 1
            tray -= n
            courtiers -= n
            continue
        best = max(spare, key=lambda c: (spare[c], -c), default=-1)
        if best >= 0 and spare[best] >= n:
            boxes[N_BOXES + k] = best
            used.add(best)
            del spare[best]
            courtiers -= n


def expected_winter_loss(g: Game) -> float:
    """Grain the coming winter takes: halfway between the mean and the worst of the year's events
    (the last event left after fall sets it, W-26)."""
    ev = g.s.year_events
    if not ev:
        return 3.0
    losses = [float(g.events[e].winter_loss) for e in ev]
    return max(losses) * 0.5 + sum(losses) / len(ev) * 0.5


def _choose_bid(g: Game, seat: int, mine: list[int], cands: list[tuple[float, int, int]], v: Values) -> int:
    s = g.s
    thalers = s.thalers[seat]
    if thalers >= v.rich_bid and seasons_left(g) > 1:
        return MONEY + (2 if thalers >= v.rich_bid + 6 else 1)
    if len(mine) + 5 > N_BOXES:
        # The county card whose best use is worth least.
        best_use: dict[int, float] = {c: -1e9 for c in mine}
        for val, _, card in cands:
            if card in best_use and val > best_use[card]:
                best_use[card] = val
        return min(mine, key=lambda c: (best_use[c], c))
    return MONEY  # the 0 card: last among real bids, but free


# ---------------------------------------------------------------------------- action-phase decisions
def choose_move(g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT) -> Action:
    """An attack with the best expected gain, else a plain move towards the borders, else stay."""
    s = g.s
    f = Facts(g, seat, v)
    origin = s.move_from
    most = s.armies[origin] - 1
    best_val, best = -1e9, legal[0]
    plain_val, plain = -1e9, None
    if s.move_kind == state.MOVE_DEPLOY1:
        plain_val, plain = 0.0, STAY_ACTION
    origin_front = is_border(g, seat, origin)
    for act in legal:
        if act.kind != "move":
            continue
        t, n = act.a, act.b
        if s.owner[t] == seat:
            if n not in (most, 1):
                continue
            val = front_score(g, seat, t) - front_score(g, seat, origin)
            val = val * (n / max(1, most)) if val > 0 else -0.01 * n
            if origin_front and n == most:
                val -= 0.2
            if val > plain_val:
                plain_val, plain = val, act
        else:
            if n != most and n != max(1, most // 2) and n != 1:
                continue
            val = attack_gain(f, origin, t, n)
            if n < most:
                val += 0.02 * (most - n) + 0.1 * f.loss_risk(origin) * (most - n) / most
            if val > best_val:
                best_val, best = val, act
    if plain is not None and (best_val < v.attack_floor or best_val < plain_val):
        return plain
    return best


def front_score(g: Game, seat: int, c: int) -> float:
    s = g.s
    score = 0.0
    for t in NEIGHBOURS[c]:
        o = s.owner[t]
        if o == -1:
            score += 0.5
        elif o >= 0 and o != seat:
            score += 0.5 + 0.1 * s.armies[t]
    return score


def choose_position(g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT) -> Action:
    """The free position whose bonus tile adds most to our plan (earlier is slightly better)."""
    s = g.s
    base = seat * N_BOXES
    planned = s.plans[base : base + N_BOXES]
    tv = thaler_value(g, v)

    def has(box: int) -> bool:
        c = planned[box]
        return 0 <= c < BOARD.n and s.owner[c] == seat

    attacks = sum(1 for b in (A_COMBAT_A, A_COMBAT_B) if has(b) and s.armies[planned[b]] >= 2)
    best_val, best = -1e9, legal[0]
    for act in legal:
        tile = s.tiles[act.a]
        val = -0.05 * act.a
        if tile == T_TAX and has(A_TAX):
            val += tv
        elif tile == T_GRAIN and has(A_GRAIN):
            val += v.grain_needed * 0.7
        elif tile == T_DEPLOY6 and has(A_DEPLOY5):
            val += v.army_front * (1 if g.event_kind != "recruit_reduced" else 3)
        elif tile == T_ATTACK:
            val += 0.35 * attacks
        elif tile == T_DEFEND:
            val += 0.1 * sum(1 for c in range(BOARD.n) if s.owner[c] == seat and enemy_pressure(g, seat, c) > 0) / 3
        if val > best_val:
            best_val, best = val, act
    return best


def choose_draft(g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT) -> Action:
    s = g.s
    if s.phase == state.DRAFT_GROUP:
        return max(legal, key=lambda a: a.a)  # the biggest group first
    best_val, best = -1e9, legal[0]
    for act in legal:
        if act.kind == "draft_take":
            c = act.a
            near = sum(1 for t in NEIGHBOURS[c] if s.owner[t] == seat)
            val = BOARD.tax[c] + BOARD.grain[c] + BOARD.sites[c] + 1.5 * near
        elif act.kind == "draft_deck":
            val = 9.0
        else:
            val = 0.0
        if val > best_val:
            best_val, best = val, act
    return best


def choose_winter(g: Game, seat: int, legal: Sequence[Action]) -> Action:
    """Revolts in the strongest counties first: their cubes may help the later ones from the tray."""
    s = g.s
    return max(legal, key=lambda a: (s.armies[a.a], -a.a))


def decide(
    g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT, rng: random.Random | None = None
) -> Action:
    """The heuristic's decision for ``seat`` in ``g`` (a whole plan while nothing is planned)."""
    ph = g.s.phase
    if ph == state.PLANNING:
        cards = plan(g, seat, v, rng)
        fill = g.s.plan_fill[seat]
        if fill == (ed2002.PLAN_START if g.is2002 else 0):
            return Action("plan", cards=cards)
        want = plan_card_action(COURT_SEQUENCE[fill], cards[COURT_SEQUENCE[fill]])
        return want if want in legal else legal[0]
    if ph == state.MOVE:
        act = choose_move(g, seat, legal, v)
        return act if act in legal else legal[0]
    if ph in MODULE_CHOICES:
        return MODULE_CHOICES[ph](g, seat, legal, v)
    if ph == state.POSITION:
        return choose_position(g, seat, legal, v)
    if ph == state.WINTER_ORDER:
        return choose_winter(g, seat, legal)
    if ph in (state.DRAFT_PICK, state.DRAFT_GROUP):
        return choose_draft(g, seat, legal, v)
    return legal[0]


# ---------------------------------------------------------------------------- 2002 and module decisions
def choose_commit(g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT) -> Action:
    """2002 (W-18): armies kept back are lost when the land falls, so commit enough to win clearly:
    twice the attackers (or farmers) plus two, all of them when fewer are there."""
    f = g.s.fight
    kind, target = f[0], f[3]
    threat = f[4] if kind == ed2002.F_ATTACK else g.s.revolts[target] + f[5]
    n = min(len(legal) - 1, 2 * threat + 2)
    return legal[n]


def favour_value(g: Game, seat: int, card: int, v: Values) -> float:
    """A simple value (VP equivalents) of taking favour ``card`` now."""
    s = g.s
    kind = favours.KIND[card]
    tv = thaler_value(g, v)
    mine = [c for c, o in enumerate(s.owner) if o == seat]
    if kind == favours.VP:
        return float(favours.amount(g, card))
    if kind == favours.THALERS:
        return favours.amount(g, card) * tv
    if kind == favours.GRAIN:
        short = len(mine) + expected_winter_loss(g) - s.grain[seat]
        n = favours.amount(g, card)
        return min(n, max(0.0, short)) * v.grain_needed + max(0.0, n - max(0.0, short)) * v.grain_spare
    if kind == favours.TRAY_ARMIES:
        return min(favours.amount(g, card), s.supply[seat]) * v.army_back * 2
    if kind == favours.BUILD:
        b = favours.building(g, card)
        if not any(favours.can_build_free(g, c, b) for c in mine):
            return 0.0
        return scorings_left(g) + BOARD.costs[BUILD_BOXES[b]] * tv
    if kind == favours.DEPLOY3:
        neutral = any(s.owner[c] == -1 for c in range(BOARD.n))
        return 1.0 + (scorings_left(g) if neutral else 0.0)
    if kind == favours.PROTECTION:
        return 0.3 * sum(loss_risk(g, seat, c) * (1 + bin(s.buildings[c]).count("1")) for c in mine)
    if kind == favours.REVOLT_MARKER:
        return 0.5 if any(s.revolts[c] for c in mine) else 0.3
    return 0.3  # remove the season's event


def choose_court(g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT) -> Action:
    """The best affordable favour by ``favour_value`` (passing is worth nothing), or the choice a
    favour asks: the best county for it, or whether to remove the season's event."""
    s = g.s
    cs = s.court
    assert cs is not None
    first = legal[0].kind
    if first == "favour" or first == "favour_pass":
        best_val, best = 0.0, PASS
        for act in legal:
            if act.kind == "favour":
                val = favour_value(g, seat, act.a, v)
                if val > best_val:
                    best_val, best = val, act
        return best if best in legal else legal[-1]
    if first == "favour_event":
        # Remove the event when it takes more grain in winter than this year's average (W-26).
        ev = s.year_events
        e = s.event
        mean = sum(g.events[x].winter_loss for x in ev) / len(ev) if ev else 0.0
        remove = e >= 0 and g.events[e].winter_loss > mean
        return legal[1] if remove and len(legal) > 1 else legal[0]
    kind = favours.KIND[cs.ask]
    f = Facts(g, seat, v)

    def value(c: int) -> float:
        if kind == favours.REVOLT_MARKER:
            return s.revolts[c] * f.worth(c)
        if kind == favours.BUILD:
            b = favours.building(g, cs.ask)
            return (1 - f.loss_risk(c)) * (1 + majority_gain(g, seat, c, b))
        # deploy 3: a neutral county is taken for free; else the most threatened own county
        if s.owner[c] == -1:
            return 10 + f.worth(c)
        return enemy_pressure(g, seat, c) + 0.1 * f.worth(c)

    return max(legal, key=lambda a: (value(a.a), -a.a))


def choose_landsknechte(g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT) -> Action:
    """The benefit worth most (VP equivalents, as ``favour_value``)."""
    from wallenstein.landsknechte import BENEFITS, card_benefits

    s = g.s
    offered = card_benefits(g, s.mods.lk_top[seat])
    mine = s.owner.count(seat)
    short = max(0.0, mine + expected_winter_loss(g) - s.grain[seat])

    def value(a: Action) -> float:
        name = BENEFITS[a.a]
        n = offered[name]
        if name == "vp":
            return float(n)
        if name == "thalers":
            return n * thaler_value(g, v)
        if name == "grain":
            return min(n, short) * v.grain_needed + max(0.0, n - short) * v.grain_spare
        return min(n, s.supply[seat]) * v.army_back * 2

    return max(legal, key=lambda a: (value(a), -a.a))


def leader_worth(g: Game, seat: int, c: int) -> float:
    """Where a military leader helps: the improved actions planned in ``c`` this season (taxes and
    grain +1, deploys +1, buildings 1 thaler cheaper), else a high-value, safe county."""
    s = g.s
    val = 0.1 * (BOARD.tax[c] + BOARD.grain[c] + BOARD.sites[c]) - loss_risk(g, seat, c)
    if s.phase != state.PLANNING and s.season != state.WINTER:
        base = seat * N_BOXES
        for box in (A_TAX, A_GRAIN, A_DEPLOY1, A_DEPLOY3, A_DEPLOY5, A_PALACE, A_CHURCH, A_TRADING):
            if s.plans[base + box] == c:
                val += 1.0
    return val


def choose_leader(g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT) -> Action:
    """Place or return the leader where it helps most; move it to a neighbour (a statue stays behind,
    W-31) unless a distant county is clearly better; in the draft, stay with a strong county."""
    s = g.s
    if legal[0].kind == "leader_draft":
        c = s.draft_card
        strong = BOARD.tax[c] + BOARD.grain[c] + BOARD.sites[c] >= 6
        return legal[-1] if strong or len(legal) == 1 else legal[0]
    if legal[0].kind == "leader_move":
        here = s.mods.leader[seat]
        statue = 1.5 * scorings_left(g) / 3 + 0.5 if s.mods.statue_supply[seat] > 0 else 0.0

        def value(c: int) -> float:
            val = leader_worth(g, seat, c)
            if here >= 0 and c in NEIGHBOURS[here]:
                val += statue
            owner = s.mods.statue_owner[c]
            if owner >= 0 and owner != seat:
                val += s.mods.statues[c]  # rival statues become trophies
            return val

        return max(legal, key=lambda a: (value(a.a), -a.a))
    return max(legal, key=lambda a: (leader_worth(g, seat, a.a), -a.a))


PASS = Action("favour_pass")
MODULE_CHOICES = {
    state.COMMIT: choose_commit,
    state.COURT: choose_court,
    state.LK_BENEFIT: choose_landsknechte,
    state.LEADER_PLACE: choose_leader,
    state.LEADER_MOVE: choose_leader,
    state.LEADER_RETURN: choose_leader,
    state.LEADER_DRAFT: choose_leader,
}


class HeuristicAgent(SeededAgent):
    """The heuristic as an :class:`tabletop.agents.Agent`: it rebuilds a game from the observation
    (nothing hidden is filled in) and decides on it."""

    def __init__(self, seat: int = 0, seed: int = 0, values: Values = DEFAULT, tower: TowerModel | None = None) -> None:
        super().__init__(seat, seed)
        self.values = values
        self.tower = tower

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        g = rebuild(observation, None, tower=self.tower)
        return decide(g, self.seat, legal, self.values, self.rng if self.values.noise > 0 else None)

    def __repr__(self) -> str:
        return f"HeuristicAgent(seat={self.seat}, seed={self.seed})"


def heuristic_decisions(games: int, seed: int) -> Iterator[tuple[Game, int, list[Action]]]:
    """Every decision of ``games`` 4-player 2012 games of heuristic bots (seeds ``seed``,
    ``seed + 1``, ...), each before it is played: the game, the seat and its legal actions. The
    benchmarks that time a bot's parts pick the decisions they need from it (clone ``game`` to keep
    it: it is played on)."""
    for i in range(games):
        g = new_game(players=4, seed=seed + i, log=False)
        while not g.over:
            p = g.pending()[0]
            legal = list(g.legal_actions(p))
            yield g, p, legal
            g.apply(p, decide(g, p, legal))


__all__ = ["DEFAULT", "HeuristicAgent", "Values", "decide", "expected_winter_loss", "heuristic_decisions", "plan"]
