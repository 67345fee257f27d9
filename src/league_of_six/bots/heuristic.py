"""A rule-based League of Six player: fast, deterministic, sensible.

It values everything in influence points:

* a goods block of a colour is worth the free storage space it will likely take this round: the
  free spaces of that colour in rows nobody chose yet, best first, after the blocks already on the
  wagons and those the other towns' tiles will likely bring (plus a share of the row's bonus);
* a horse is worth a better place in the storing order, a guard about one influence (offers,
  travel, and the tie-breaks at the end), a civic leader card what it adds to the projected
  majorities (9/6/4/2) plus a little for the rounds still to come.

Decisions: a town by the best yield of its tax tile against the guards it costs (travel, an offer
above the figure already there); an offer at the lowest number; accept an offer unless keeping the
town is worth more than the offer and the best other town; the tax tile turned to the best yield;
the storage row (and the civic bonus card) by a one-step look-ahead with the engine (what I score,
minus half of what the best rival scores). The player works on a game rebuilt from its observation
(:mod:`league_of_six.determinize`), so it sees nothing secret; in search roll-outs it is run
on sampled games, for every seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from league_of_six.actions import ACCEPT, Action
from league_of_six.choosing import travel_cost
from league_of_six.cleanup import AWARDS
from league_of_six.components import GUARD, HORSE, KINDS, N_GOODS, ROUNDS, Components, resolve
from league_of_six.determinize import rebuild
from league_of_six.game import Game
from league_of_six.memory import Memory
from league_of_six.state import BONUS, CHOOSE, OFFER, OVER, RESPOND, ROTATE, STORE


@dataclass(frozen=True)
class Values:
    """Weights of the heuristic (influence points), and the noise used to vary it in roll-outs."""

    guard: float = 1.8  # a guard in hand
    horse: float = 3.2  # a horse (storing order: the first choice of rows is worth much)
    bonus_share: float = 0.35  # share of a row's bonus counted on each of its spaces
    figure: float = 0.3  # a civic leader figure, before majorities
    rival: float = 0.5  # how much a rival's gain in storing counts against a row
    raise_margin: float = 1.0  # keep a town only if that is worth this much more than leaving
    noise: float = 0.0  # standard deviation of noise on each option's value (roll-outs)


DEFAULT = Values()


# ---------------------------------------------------------------------------------------- values
def space_values(g: Game, v: Values = DEFAULT) -> list[list[float]]:
    """Per goods colour, the free spaces in rows nobody chose, worth their value plus a bonus share,
    best first."""
    s = g.s
    lay = g.layout
    out: list[list[float]] = [[] for _ in range(N_GOODS)]
    share = v.bonus_share
    for r, who in enumerate(s.row_chooser):
        if who >= 0:
            continue
        a, b = lay.start[r], lay.start[r + 1]
        bonus = lay.bonus[r] * (1.0 if lay.store[r] == 0 else 1.5) * share / (b - a)
        for k in range(a, b):
            out[lay.colour[k]].append(lay.value[k] + bonus)
    for lst in out:
        lst.sort(reverse=True)
    return out


def expected_demand(g: Game, skip_town: int) -> list[float]:
    """Goods per colour already on wagons plus what the towns still to be taxed will likely give."""
    s = g.s
    comp = g.comp
    demand = [0.0] * N_GOODS
    for i, n in enumerate(s.wagon):
        demand[i & 3] += n
    for t in range(6):
        tile = s.tile_at[t]
        if t == skip_town or tile < 0 or s.besieged[t] or s.turned[t] >= 0:
            continue
        rots = comp.rotations[tile]
        gains = comp.gains[t][g.sides[t]][tile]
        for c in range(N_GOODS):
            demand[c] += sum(gains[r][c] for r in rots) / len(rots)
    return demand


def yield_value(
    g: Game, seat: int, got: Sequence[int], spaces: list[list[float]], demand: list[float], v: Values
) -> float:
    """What collecting ``got`` (six symbol counts) is worth to ``seat`` this round."""
    total = 0.0
    for c in range(N_GOODS):
        n = got[c]
        if not n:
            continue
        lst = spaces[c]
        d = int(demand[c] * 0.6)  # storing order spreads the blocks; not every block beats mine
        for k in range(n):
            i = d + k
            total += lst[i] if i < len(lst) else 0.0
    total += v.guard * got[GUARD] + v.horse * got[HORSE]
    return total


def tile_options(g: Game, seat: int, town: int, v: Values) -> list[tuple[float, int]]:
    """(value, rotation) for each way to turn the tax tile of ``town``."""
    s = g.s
    comp = g.comp
    tile = s.tile_at[town]
    spaces = space_values(g, v)
    demand = expected_demand(g, town)
    gains = comp.gains[town][g.sides[town]][tile]
    leader = comp.tax_tiles[tile].leader
    lead = leader_value(g, seat, leader[0], leader[1], v) if leader is not None and _gray_left(g, leader) else 0.0
    return [(yield_value(g, seat, gains[r], spaces, demand, v) + lead, r) for r in comp.rotations[tile]]


def _gray_left(g: Game, leader: tuple[int, int]) -> bool:
    s = g.s
    comp = g.comp
    return any(s.card_at[c] == -4 and (comp.cards[c].kind, comp.cards[c].figures) == leader for c in comp.gray_cards)


def town_value(g: Game, seat: int, town: int, v: Values) -> float:
    return max(val for val, _ in tile_options(g, seat, town, v))


def figures(g: Game) -> list[list[int]]:
    s = g.s
    cards = g.comp.cards
    out = [[0] * len(KINDS) for _ in range(s.players)]
    for c, at in enumerate(s.card_at):
        if at >= 0:
            out[at][cards[c].kind] += cards[c].figures
    return out


def majority_award(players: int, mine: int, others: Sequence[int], guards_tie_win: bool = False) -> int:
    """What ``mine`` figures of a kind score at the end against the ``others`` (ties: pessimistic)."""
    if mine <= 0:
        return 0
    awards = AWARDS[players]
    above = sum(1 for o in others if o > mine or (o == mine and not guards_tie_win))
    return awards[above] if above < len(awards) else 0


def leader_value(g: Game, seat: int, kind: int, figs: int, v: Values) -> float:
    """What a card of ``figs`` figures of ``kind`` adds: projected majority gain, weighted by how
    settled things are, plus a base value per figure."""
    s = g.s
    held = figures(g)
    mine = held[seat][kind]
    others = [held[p][kind] for p in range(s.players) if p != seat]
    gain = majority_award(s.players, mine + figs, others) - majority_award(s.players, mine, others)
    settled = 0.4 + 0.6 * s.round / ROUNDS
    return v.figure * figs * (1.0 - settled) + settled * gain + 0.3 * figs


def standing(g: Game, v: Values = DEFAULT) -> list[float]:
    """Each seat's influence plus its projected civic leader majorities and guards (used by search)."""
    s = g.s
    P = s.players
    held = figures(g)
    out = [float(s.influence[p]) for p in range(P)]
    if g.over:
        return out
    settled = 0.5 + 0.5 * s.round / ROUNDS
    for k in range(len(KINDS)):
        counts = [held[p][k] for p in range(P)]
        for p in range(P):
            others = counts[:p] + counts[p + 1 :]
            out[p] += settled * majority_award(P, counts[p], others) + (1 - settled) * v.figure * counts[p]
    for p in range(P):
        out[p] += 0.5 * v.guard * min(s.guards[p], 8)
    return out


# ---------------------------------------------------------------------------------------- decisions
def _pick(options: list[tuple[float, Action]], v: Values, rng: random.Random | None) -> Action:
    if v.noise and rng is not None:
        options = [(val + rng.gauss(0.0, v.noise), a) for val, a in options]
    best = max(options, key=lambda o: o[0])
    return best[1]


def choose_values(g: Game, seat: int, legal: Sequence[Action], v: Values) -> list[tuple[float, Action]]:
    s = g.s
    out = []
    for a in legal:
        t = a.a
        val = town_value(g, seat, t, v) - v.guard * travel_cost(s, seat, t)
        holder = s.occupant[t]
        if holder >= 0:
            val -= v.guard * (s.counter[holder] + 1) + 0.5  # the lowest offer, and a fight may follow
        out.append((val, a))
    return out


def best_elsewhere(g: Game, seat: int, town: int, v: Values) -> float:
    """The value of the best town ``seat`` could go to if it left ``town`` now."""
    s = g.s
    best = 0.0
    start = town
    for t in range(6):
        if t == town or s.besieged[t]:
            continue
        d = abs(s.ring.index(start) - s.ring.index(t))
        cost = min(d, 6 - d)
        val = town_value(g, seat, t, v) - v.guard * cost
        holder = s.occupant[t]
        if holder >= 0 and holder != seat:
            val -= v.guard * (s.counter[holder] + 1) + 0.5
        best = max(best, val)
    return best


def respond(g: Game, seat: int, legal: Sequence[Action], v: Values, rng: random.Random | None) -> Action:
    """Accept the standing offer, or raise by one if keeping the town is worth clearly more."""
    s = g.s
    town = s.town_of[s.mover]
    offer = s.c_offer
    if len(legal) == 1:
        return legal[0]
    here = town_value(g, seat, town, v)
    leave = v.guard * offer + best_elsewhere(g, seat, town, v)
    raise_to = legal[1]  # the lowest raise
    keep = here - v.guard * raise_to.a
    if v.noise and rng is not None:
        keep += rng.gauss(0.0, v.noise)
    return raise_to if keep > leave + v.raise_margin else ACCEPT


def store_values(g: Game, seat: int, legal: Sequence[Action], v: Values) -> list[tuple[float, Action]]:
    """One step ahead with the engine: what each row gives me, minus a part of the best rival's gain."""
    s = g.s
    P = s.players
    before = s.influence[:]
    base_figs = figures(g)[seat]
    out = []
    for a in legal:
        c = g.clone()
        c.apply(seat, a)
        if c.s.phase == BONUS and c.pending() == [seat]:
            c.apply(seat, bonus_choice(c, seat, c.legal_actions(seat), v))
        cs = c.s
        mine = cs.influence[seat] - before[seat]
        rival = max((cs.influence[p] - before[p] for p in range(P) if p != seat), default=0)
        figs = figures(c)[seat]
        card = 0.0
        for k in range(len(KINDS)):
            if figs[k] > base_figs[k]:
                card += leader_value(g, seat, k, figs[k] - base_figs[k], v)
        out.append((mine + card - v.rival * rival, a))
    return out


def bonus_choice(g: Game, seat: int, legal: Sequence[Action], v: Values) -> Action:
    s = g.s
    comp = g.comp
    best, best_val = legal[0], -1e9
    for a in legal:
        card = comp.cards[s.faceup[a.a - 1]]
        val = leader_value(g, seat, card.kind, card.figures, v)
        if val > best_val:
            best, best_val = a, val
    return best


def decide(
    g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT, rng: random.Random | None = None
) -> Action:
    """The heuristic's decision for ``seat`` in ``g`` (a real or a rebuilt game)."""
    if len(legal) == 1:
        return legal[0]
    ph = g.s.phase
    if ph == CHOOSE:
        return _pick(choose_values(g, seat, legal, v), v, rng)
    if ph == OFFER:
        return legal[0]  # the lowest offer that beats the figure there
    if ph == RESPOND:
        return respond(g, seat, legal, v, rng)
    if ph == ROTATE:
        opts = tile_options(g, seat, g.s.town_of[seat], v)
        by_rot = {a.a: a for a in legal}
        return _pick([(val, by_rot[r]) for val, r in opts if r in by_rot], v, rng)
    if ph == STORE:
        return _pick(store_values(g, seat, legal, v), v, rng)
    if ph == BONUS:
        return bonus_choice(g, seat, legal, v)
    assert ph != OVER, "the game is over"
    return legal[0]


class HeuristicAgent:
    """The rule-based player as an agent: rebuilds the game from its observation, then decides."""

    def __init__(self, seat: int = 0, seed: int = 0, components: Any = None, values: Values = DEFAULT) -> None:
        self.seat = seat
        self.seed = seed
        self.values = values
        self.comp: Components | None = resolve(components) if components is not None else None
        self.memory: Memory | None = None

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.memory = None

    def observe(self, observation: dict[str, Any]) -> tuple[Memory, Components]:
        """Take in an observation; returns the memory and the component set."""
        comp = self.comp
        if comp is None:
            comp = components_for(observation)
            self.comp = comp
        mem = self.memory
        if mem is None or mem.seat != self.seat:
            mem = self.memory = Memory(self.seat, int(observation["players_count"]))
        mem.update(observation, comp)
        return mem, comp

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        mem, comp = self.observe(observation)
        if len(legal) == 1:
            return legal[0]
        g = rebuild(observation, mem, comp)
        return decide(g, self.seat, legal, self.values)

    def __repr__(self) -> str:
        return f"HeuristicAgent(seat={self.seat}, seed={self.seed})"


def components_for(observation: dict[str, Any]) -> Components:
    """The stand-in set when the observation says so; a user's set must be given to the bot."""
    meta = observation["components"]
    standin = resolve(None)
    if meta.get("standin") and meta.get("name") == standin.name:
        return standin
    raise ValueError(f"the game uses the component set {meta.get('name')!r}: give it to the bot (components=FILE)")
