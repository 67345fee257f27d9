"""From an observation back to a playable game: determinization.

A bot gets only ``observe(seat)``. To think with the rules engine it rebuilds a full
:class:`~wallenstein.game.Game` from that observation: everything public is copied, everything
hidden is sampled, so the result is one game state consistent with what the seat knows:

* the face-down action cards (W-11) get a random order of the actions not yet shown;
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
from wallenstein.actions import parse_card
from wallenstein.board import ACTIONS, AUCTION_BOX, BOARD, BONUS_TILES, BUILDING_BITS, BUILDINGS, EMPTY, MONEY, N_BOXES
from wallenstein.board import SEASONS as SEASON_NAMES
from wallenstein.game import Game, new_game
from wallenstein.state import MOVE, MOVE_COMBAT, MOVE_DEPLOY1, NEUTRAL, OUT_OF_PLAY, PHASES, PLANNING, WINTER, State
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
    """A uniformly shuffled legal plan: the default opponent model."""
    from wallenstein.planning import hand, required_empty

    cards = [*hand(g, seat), *MONEY_CARDS]
    rng.shuffle(cards)
    need_empty = required_empty(g, seat)
    boxes: list[int] = [EMPTY] * N_BOXES
    order = list(range(N_BOXES))
    rng.shuffle(order)
    filled = order[: N_BOXES - need_empty]
    thalers = g.s.thalers[seat]
    # The bid first (it must be payable, R-01), then the other boxes from what is left.
    if AUCTION_BOX in filled:
        ok = [c for c in cards if c < MONEY or c - MONEY <= thalers]
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
    seat = obs["seat"]
    P = int(obs["players_count"])
    g = _template(P, obs["edition"], tuple(obs["modules"])).clone()
    g.seed = seed
    g.tower = tower if tower is not None else default_tower()
    s = State(P)
    g.s = s
    keys = BOARD.keys
    counties = obs["counties"]
    for key in keys:
        c = counties[key]
        o = c["owner"]
        s.owner.append(OUT_OF_PLAY if not c["in_play"] else (NEUTRAL if o is None else int(o)))
        s.armies.append(int(c["armies"]))
        bits = 0
        for b in c["buildings"]:
            bits |= _BUILDING_BIT[b]
        s.buildings.append(bits)
        s.revolts.append(int(c["revolt"]))
    players = obs["players"]
    s.thalers = [int(p["thalers"]) for p in players]
    s.grain = [int(p["grain"]) for p in players]
    s.vp = [int(p["vp"]) for p in players]
    s.supply = [int(p["supply"]) for p in players]
    s.inside = _colours(obs["tower"]["inside"], P)
    s.tray = _colours(obs["tower"]["tray"], P)
    sup = obs["supplies"]
    s.peasants = int(sup["peasants"])
    s.bsupply = [int(sup["palace"]), int(sup["church"]), int(sup["trading_post"])]
    s.markers = int(sup["revolt_markers"])
    ev = obs["events"]
    s.year_events = [int(e["card"]) for e in ev["year"]]
    s.event = int(ev["current"]["card"]) if ev["current"] is not None else -1
    unseen = [e for e in range(len(BOARD.events)) if e not in s.year_events and e != s.event]
    left = int(ev["deck_left"])
    s.event_deck = sorted(rng.sample(unseen, left)) if rng is not None else unseen[:left]
    s.year = int(obs["year"])
    s.season = WINTER if obs["season"] == "winter" else SEASON_NAMES.index(obs["season"])
    s.phase = PHASES.index(obs["phase"])
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
        s.bids = [parse_card(obs["bids"][str(p)]) for p in range(P)]
    for p_str, pos in obs["positions"].items():
        s.position[int(p_str)] = int(pos) - 1
    s.pos_turn = len(obs["positions"])

    if s.phase == MOVE:
        s.act = int(obs["current_action"]) - 1
        s.turn = s.order.index(obs["pending"][0])
        mv = obs["move"]
        s.move_from = BOARD.index(mv["from"])
        s.move_kind = MOVE_DEPLOY1 if mv["kind"] == "deploy1" else MOVE_COMBAT
    if s.season == WINTER and "winter" in obs:
        w = obs["winter"]
        s.winter_turn = s.order.index(w["seat"]) if w["seat"] is not None else len(s.order)
        s.winter_queue = [BOARD.index(k) for k in w["revolts_left"]]
        s.winter_drawn = True
        s.winter_extra = int(w["extra_peasants"])
    if "draft" in obs:
        d = obs["draft"]
        s.faceup = [BOARD.index(k) for k in d["faceup"]]
        s.draft_card = BOARD.index(d["taken"]) if d["taken"] is not None else -1
        s.draft_turn = int(d["turn"])
        s.groups = [tuple(int(x) for x in d["groups"][str(p)]) for p in range(P)]
        deck = [c for c, o in enumerate(s.owner) if o == NEUTRAL and c not in s.faceup and c != s.draft_card]
        if rng is not None:
            rng.shuffle(deck)
        s.county_deck = deck
    g.refresh()
    _plans(g, obs, seat, rng, sampler or random_plan)
    return g


def _plans(g: Game, obs: Mapping[str, Any], seat: int | None, rng: random.Random | None, sampler: PlanSampler) -> None:
    """Own plan from the observation; other seats' hidden plan boxes sampled (or left empty)."""
    s = g.s
    P = s.players
    if s.phase == PLANNING:
        for p in range(P):
            if p == seat:
                boxes = obs["my_plan"]["boxes"]
                for name, card in boxes.items():
                    s.plans[p * N_BOXES + (AUCTION_BOX if name == "bid" else _ACTION[name])] = parse_card(card)
                s.plan_fill[p] = len(boxes)
            elif obs["players"][p]["planned"]:
                # Planned in secret from the same public position: sample the whole plan.
                if rng is not None:
                    s.plans[p * N_BOXES : (p + 1) * N_BOXES] = list(sampler(g, p, rng))
                s.plan_fill[p] = N_BOXES
        g.refresh()
        return
    if s.season == WINTER or not s.action_cards:
        return
    s.plan_fill = [N_BOXES] * P
    revealed = obs["plans"]
    for p in range(P):
        base = p * N_BOXES
        shown = revealed.get(str(p), {})
        for name, card in shown.items():
            box = AUCTION_BOX if name == "bid" else _ACTION[name]
            s.plans[base + box] = parse_card(card)
        if s.bids[p] != -1 or s.bid_order:
            s.plans[base + AUCTION_BOX] = s.bids[p]
        if p == seat or rng is None:
            continue
        hidden = [b for b in range(10) if ACTIONS[b] not in shown]
        if not hidden:
            continue
        used = {s.plans[base + b] for b in range(N_BOXES) if b == AUCTION_BOX or ACTIONS[b] in shown}
        guess = sampler(g, p, rng)
        free = [c for c in (*[c for c, o in enumerate(s.owner) if o == p], *MONEY_CARDS) if c not in used]
        # Keep the model's choice for a hidden box when that card is still free, else a random free card.
        for b in hidden:
            want = guess[b]
            if want != EMPTY and want in free:
                s.plans[base + b] = want
                free.remove(want)
            else:
                s.plans[base + b] = EMPTY
        for b in hidden:
            if s.plans[base + b] == EMPTY and free:
                s.plans[base + b] = free.pop(rng.randrange(len(free)))
    g.refresh()


__all__ = ["PlanSampler", "random_plan", "rebuild"]
