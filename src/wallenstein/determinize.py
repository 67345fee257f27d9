"""From an observation back to a playable game: determinization.

A bot gets only ``observe(seat)``. To think with the rules engine it rebuilds a full
:class:`~wallenstein.game.Game` from that observation: everything public is copied, everything
hidden is sampled, so the result is one game state consistent with what the seat knows:

* the action cards still face down (W-11a: those not yet turned up, exactly the ``None`` places of
  ``observation["action_cards"]``) get a random order of the actions not yet shown;
* the undrawn event cards are a random subset of the cards this seat has not seen this year;
* other seats' secret plans (and bids while planning) are drawn from an opponent model (a
  ``PlanSampler``, by default a random legal plan); revealed plan cards and bids are kept;
* the draft's county deck gets a random order;
* the game's own seed is never seen: the rebuilt game gets a seed of the bot's own, so every
  future chance outcome (event draw, tower drops, revolts) is the bot's sample too.

The tower's inside counts are public (W-25) and copied exactly. With ``rng=None`` nothing is
sampled: hidden cards are left in a fixed order and other seats' hidden plan boxes stay empty,
which is enough for a bot that only reads public facts (the heuristic).

By construction the result depends on the observation, the rng and the sampler only, so two
games with the same public information and different secrets give the same determinizations.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from tabletop.errors import IllegalAction
from wallenstein import court, landsknechte, leaders, state
from wallenstein.actions import parse_card
from wallenstein.board import (
    ACTIONS,
    AUCTION_BOX,
    BLANK,
    BOARD,
    BONUS_TILES,
    BUILDING_BITS,
    BUILDINGS,
    COURT_BOX_NAMES,
    EMPTY,
    MONEY,
    N_BOXES,
    TOWER,
)
from wallenstein.board import SEASONS as SEASON_NAMES
from wallenstein.court_state import AUDIENCE, EFFECT, FAVOUR_CARDS, SPACE_COST, CourtState
from wallenstein.edition2002 import BLANKS, F_ATTACK, FIGHT_KINDS, PLAN_START
from wallenstein.game import Game, new_game
from wallenstein.state import ModuleState, State
from wallenstein.tower import TowerModel, default_tower

PlanSampler = Callable[[Game, int, random.Random], tuple[int, ...]]
"""``sampler(game, seat, rng)``: a full legal plan (10 boxes then the bid) for ``seat`` in ``game``."""

_BUILDING_BIT = dict(zip(BUILDINGS, BUILDING_BITS, strict=True))
_TILE = {name: i for i, name in enumerate(BONUS_TILES)}
_ACTION = {name: i for i, name in enumerate(ACTIONS)}
MONEY_CARDS = tuple(MONEY + v for v in range(5))


@lru_cache(maxsize=32)
def _template(players: int, edition: str, modules: tuple[str, ...]) -> Game:
    return new_game(players=players, seed=0, edition=edition, modules=modules, log=False)


def random_plan(g: Game, seat: int, rng: random.Random) -> tuple[int, ...]:
    """A uniformly shuffled legal plan (any edition, court boxes included): the default opponent model."""
    cards = card_pool(g, seat)
    rng.shuffle(cards)
    boxes: list[int] = [EMPTY] * g.plan_size
    order = [b for b in range(g.plan_size) if not (g.is2002 and b == AUCTION_BOX)]
    rng.shuffle(order)
    filled = order[: min(len(order), len(cards))]
    thalers = g.s.thalers[seat]
    # The bid first (it must be payable, R-01), then the other boxes from what is left.
    if AUCTION_BOX in filled:
        ok = [c for c in cards if not MONEY <= c < TOWER or c - MONEY <= thalers]
        bid = ok[0]
        cards.remove(bid)
        boxes[AUCTION_BOX] = bid
    for box in filled:
        if box != AUCTION_BOX:
            boxes[box] = cards.pop()
    return tuple(boxes)


def _colours(counts: Mapping[str, int], players: int) -> list[int]:
    return [int(counts[str(p)]) for p in range(players)] + [int(counts["peasants"])]


def rebuild(
    obs: Mapping[str, Any],
    rng: random.Random | None = None,
    *,
    sampler: PlanSampler | None = None,
    tower: TowerModel | None = None,
    seed: int = 0,
) -> Game:
    """A game consistent with ``obs`` (an ``observe(seat)`` result), hidden parts sampled with ``rng``.

    ``tower`` is the tower model the bot believes in (the default model unless told otherwise);
    ``seed`` seeds the rebuilt game's future chance draws.
    """
    if obs.get("game") != "wallenstein":
        raise IllegalAction("not a Wallenstein observation")
    P = int(obs["players_count"])
    g = _template(P, obs["edition"], tuple(obs["modules"])).clone()
    g.seed = seed
    g.tower = tower if tower is not None else default_tower()
    s = State(P)
    g.s = s
    _board(s, obs)
    _seats_and_supplies(s, obs)
    _events(g, obs, rng)
    _season(s, obs, rng)
    if s.phase == state.MOVE:
        s.act = int(obs["current_action"]) - 1
        s.turn = s.order.index(obs["pending"][0])
        mv = obs["move"]
        s.move_from = BOARD.index(mv["from"])
        s.move_kind = state.MOVE_DEPLOY1 if mv["kind"] == "deploy1" else state.MOVE_COMBAT
    if s.phase == state.COMMIT:
        _fight(s, obs)
    if s.season == state.WINTER and "winter" in obs:
        w = obs["winter"]
        s.winter_turn = s.order.index(w["seat"]) if w["seat"] is not None else len(s.order)
        s.winter_queue = [BOARD.index(k) for k in w["revolts_left"]]
        s.winter_drawn = True
        s.winter_extra = int(w["extra_peasants"])
    if "draft" in obs:
        _draft(s, obs["draft"], rng)
    _modules(g, obs)
    g.refresh()
    _plans(g, obs, obs["seat"], rng, sampler or random_plan)
    return g


def _board(s: State, obs: Mapping[str, Any]) -> None:
    """The counties (owner, armies, buildings, revolt markers) and the county cards lost this season."""
    counties = obs["counties"]
    for key in BOARD.keys:
        c = counties[key]
        o = c["owner"]
        s.owner.append(state.OUT_OF_PLAY if not c["in_play"] else (state.NEUTRAL if o is None else int(o)))
        s.armies.append(int(c["armies"]))
        bits = 0
        for b in c["buildings"]:
            bits |= _BUILDING_BIT[b]
        s.buildings.append(bits)
        s.revolts.append(int(c["revolt"]))
    # Cards off their boards this season (W-22a): their planned actions stay lost in every world.
    for p_str, lost in obs.get("lost_cards", {}).items():
        for key in lost:
            s.lost[int(p_str)] |= 1 << BOARD.index(key)


def _seats_and_supplies(s: State, obs: Mapping[str, Any]) -> None:
    """Each seat's counts, the tower's tray and inside (public, W-25), and the supplies."""
    players = obs["players"]
    s.thalers = [int(p["thalers"]) for p in players]
    s.grain = [int(p["grain"]) for p in players]
    s.vp = [int(p["vp"]) for p in players]
    s.supply = [int(p["supply"]) for p in players]
    s.inside = _colours(obs["tower"]["inside"], s.players)
    s.tray = _colours(obs["tower"]["tray"], s.players)
    sup = obs["supplies"]
    s.peasants = int(sup["peasants"])
    s.bsupply = [int(sup["palace"]), int(sup["church"]), int(sup["trading_post"])]
    s.markers = int(sup["revolt_markers"])


def _events(g: Game, obs: Mapping[str, Any], rng: random.Random | None) -> None:
    """This year's events, the current one, and the undrawn deck: a sample of the cards not seen."""
    s = g.s
    ev = obs["events"]
    s.year_events = [int(e["card"]) for e in ev["year"]]
    s.event = int(ev["current"]["card"]) if ev["current"] is not None else -1
    unseen = [e for e in range(len(g.events)) if e not in s.year_events and e != s.event]
    left = int(ev["deck_left"])
    s.event_deck = sorted(rng.sample(unseen, left)) if rng is not None else unseen[:left]


def _season(s: State, obs: Mapping[str, Any], rng: random.Random | None) -> None:
    """Year, season, phase and order; the action cards (those face down shuffled), tiles, bids, positions."""
    s.year = int(obs["year"])
    s.season = state.WINTER if obs["season"] == "winter" else SEASON_NAMES.index(obs["season"])
    s.phase = state.PHASES.index(obs["phase"])
    s.order = [int(p) for p in obs["order"]]
    shown = obs["action_cards"]
    if shown:
        missing = [a for a in range(10) if ACTIONS[a] not in shown]
        if rng is not None:
            rng.shuffle(missing)
        it = iter(missing)
        s.action_cards = [_ACTION[a] if a is not None else next(it) for a in shown]
    s.tiles = [_TILE[t] for t in obs["bonus_tiles"]]
    s.bid_order = [int(p) for p in obs["bid_order"]]
    if obs["bids"]:
        s.bids = [parse_card(obs["bids"][str(p)]) for p in range(s.players)]
    for p_str, pos in obs["positions"].items():
        s.position[int(p_str)] = int(pos) - 1
    s.pos_turn = len(obs["positions"])


def _draft(s: State, d: Mapping[str, Any], rng: random.Random | None) -> None:
    """The draft: face-up counties, the card taken, turn, army groups, and the county deck shuffled."""
    s.faceup = [BOARD.index(k) for k in d["faceup"]]
    s.draft_card = BOARD.index(d["taken"]) if d["taken"] is not None else -1
    s.draft_turn = int(d["turn"])
    s.groups = [tuple(int(x) for x in d["groups"][str(p)]) for p in range(s.players)]
    deck = [c for c, o in enumerate(s.owner) if o == state.NEUTRAL and c not in s.faceup and c != s.draft_card]
    if rng is not None:
        rng.shuffle(deck)
    s.county_deck = deck


def _fight(s: State, obs: Mapping[str, Any]) -> None:
    """2002: the battle or revolt waiting for the defender's commitment (all public, W-18)."""
    f = obs["fight"]
    kind = FIGHT_KINDS.index(f["kind"])
    target = BOARD.index(f["county"])
    if kind == F_ATTACK:
        s.fight = (kind, int(f["attacker"]), BOARD.index(f["origin"]), target, int(f["armies"]), 0)
    else:
        s.fight = (kind, -1, -1, target, 0, int(f["farmers"]) - s.revolts[target])
    if obs["current_action"] is not None:  # during the actions: the seat whose action it is
        s.act = int(obs["current_action"]) - 1
        actor = int(f["attacker"]) if kind == F_ATTACK else int(f["defender"])
        s.turn = s.order.index(actor)


def _modules(g: Game, obs: Mapping[str, Any]) -> None:
    """The modules' state. Landsknechte and leaders are public; the court's favour deck is the set of
    cards neither shown nor gone (its order is drawn at random anyway); court boards are filled in
    by ``_plans`` (secret until revealed)."""
    s = g.s
    P = s.players
    ph = s.phase
    if "landsknechte" in obs or "leaders" in obs:
        m = ModuleState(P)
        s.mods = m
        if "landsknechte" in obs:
            lk = obs["landsknechte"]
            m.lk_top = [int(lk["top"][str(p)]) - 1 for p in range(P)]
            if lk["choosing"] is not None:
                m.lk_turn = s.order.index(int(lk["choosing"]))
        if "leaders" in obs:
            ld = obs["leaders"]
            m.leader = [BOARD.index(k) if (k := ld["county"][str(p)]) is not None else -1 for p in range(P)]
            m.statues = [0] * BOARD.n
            m.statue_owner = [-1] * BOARD.n
            for key, st in ld["statues"].items():
                c = BOARD.index(key)
                m.statues[c] = int(st["count"])
                m.statue_owner[c] = int(st["owner"])
            m.statue_supply = [int(ld["statues_left"][str(p)]) for p in range(P)]
            m.trophies = [0] * (P * P)
            for h, row in ld["trophies"].items():
                for o, n in row.items():
                    m.trophies[int(h) * P + int(o)] = int(n)
            if ph in (state.LEADER_PLACE, state.LEADER_MOVE, state.LEADER_RETURN):
                m.ml_turn = s.order.index(obs["pending"][0])
            if ph == state.LEADER_DRAFT and ld["draft_offer"] is not None:
                s.draft_card = BOARD.index(ld["draft_offer"])
    # The module step that opened the decision (game.order_steps and friends).
    if ph in (state.LK_BENEFIT, state.LEADER_PLACE, state.COURT):
        step = {
            state.LEADER_PLACE: leaders.place_step,
            state.LK_BENEFIT: landsknechte.check_step,
            state.COURT: court.court_step,
        }
        s.order_step = g._order_steps.index(step[ph])
    if "court" in obs:
        co = obs["court"]
        cs = CourtState(P)
        s.court = cs
        cs.supply = [int(co["courtiers"][str(p)]["supply"]) for p in range(P)]
        cs.hall = [int(co["courtiers"][str(p)]["hall"]) for p in range(P)]
        cs.audience = [int(co["courtiers"][str(p)]["audience"]) for p in range(P)]
        display = {int(d["courtiers"]): int(d["card"]) for d in co["display"]}
        cs.display = [display.get(cost, 0) for cost in SPACE_COST]
        cs.gone = [int(n) for n in co["gone"]]
        cs.deck = [n for n in range(1, FAVOUR_CARDS + 1) if n not in cs.gone and n not in cs.display]
        cs.parry = [1 if p in co["keeps_favour_4"] else 0 for p in range(P)]
        rid = s.year * 4 + s.season
        cs.shield = [rid if p in co["protected"] else -1 for p in range(P)]
        cs.shown = 1 if len(co["boards"]) == P and ph != state.PLANNING else 0
        if ph == state.COURT:
            cs.queue = [int(p) for p in co["audience_queue"]]
            ask = co["choosing_for"]
            cs.stage = EFFECT if ask is not None else AUDIENCE
            cs.ask = int(ask) if ask is not None else 0


def _box_index(name: str) -> int:
    if name == "bid":
        return AUCTION_BOX
    if name in COURT_BOX_NAMES:
        return N_BOXES + COURT_BOX_NAMES.index(name)
    return _ACTION[name]


def _set_box(g: Game, p: int, box: int, code: int) -> None:
    if box < N_BOXES:
        g.s.plans[p * N_BOXES + box] = code
    else:
        court.set_plan_box(g, p, box, code)


def _set_plan(g: Game, p: int, cards: tuple[int, ...]) -> None:
    for box, code in enumerate(cards):
        _set_box(g, p, box, code)


def card_pool(g: Game, p: int) -> list[int]:
    """Every card ``p`` holds for planning: counties, then money (2012) or blanks (2002), then the
    court's dice tower cards (a multiset: blanks and tower cards are alike)."""
    s = g.s
    pool = [c for c, o in enumerate(s.owner) if o == p]
    pool.extend([BLANK] * BLANKS if g.is2002 else MONEY_CARDS)
    if g.plan_size > N_BOXES:
        pool.extend([TOWER] * court.TOWER_CARDS)
    return pool


def _plans(g: Game, obs: Mapping[str, Any], seat: int | None, rng: random.Random | None, sampler: PlanSampler) -> None:
    """Own plan from the observation; other seats' hidden plan boxes sampled (or left empty). Court
    boards are secret until the court step reveals them: sampled like the other hidden boxes."""
    s = g.s
    P = s.players
    size = g.plan_size
    if s.phase == state.PLANNING:
        for p in range(P):
            if p == seat:
                boxes = obs["my_plan"]["boxes"]
                for name, card in boxes.items():
                    _set_box(g, p, _box_index(name), parse_card(card))
                s.plan_fill[p] = len(boxes) + (PLAN_START if g.is2002 else 0)
            elif obs["players"][p]["planned"]:
                # Planned in secret from the same public position: sample the whole plan.
                if rng is not None:
                    _set_plan(g, p, sampler(g, p, rng))
                s.plan_fill[p] = size
            elif g.is2002:
                s.plan_fill[p] = PLAN_START
        g.refresh()
        return
    if s.season == state.WINTER or not s.action_cards:
        return
    s.plan_fill = [size] * P
    revealed = obs["plans"]
    boards = obs["court"]["boards"] if "court" in obs else {}
    declared = obs.get("declared_empty", {})
    for p in range(P):
        base = p * N_BOXES
        shown = {_box_index(name): parse_card(card) for name, card in revealed.get(str(p), {}).items()}
        for name, card in boards.get(str(p), {}).items():
            shown[_box_index(name)] = parse_card(card)
        for box, code in shown.items():
            _set_box(g, p, box, code)
        if s.bids[p] != -1 or s.bid_order:
            s.plans[base + AUCTION_BOX] = s.bids[p]
            shown[AUCTION_BOX] = s.bids[p]
        if g.is2002:
            shown[AUCTION_BOX] = EMPTY
            for name in declared.get(str(p), ()):
                shown[_ACTION[name]] = EMPTY
        if p == seat or rng is None:
            continue
        hidden = [b for b in range(size) if b not in shown]
        if not hidden:
            continue
        free = card_pool(g, p)
        for code in shown.values():
            if code in free:
                free.remove(code)
        guess = sampler(g, p, rng)
        # Keep the model's choice for a hidden box when that card is still free, else a random free card.
        for b in hidden:
            want = guess[b] if b < len(guess) else EMPTY
            if want != EMPTY and want in free:
                _set_box(g, p, b, want)
                free.remove(want)
            else:
                _set_box(g, p, b, EMPTY)
        for b in hidden:
            if court.plan_card(g, p, b) == EMPTY and free:
                _set_box(g, p, b, free.pop(rng.randrange(len(free))))
    g.refresh()


__all__ = ["PlanSampler", "card_pool", "random_plan", "rebuild"]
