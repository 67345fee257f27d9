"""Battle odds: P(win / tie / loss) of an attack or a revolt, given everything public (W-18..W-20, W-25).

A battle drops the tray together with the fighting cubes; the cubes of the two sides that come out
are counted (W-19). Both the tray and the tower's inside counts are public (W-25), so for the
default :class:`~wallenstein.tower.ProbabilisticTower` the odds are exact: each dropped cube comes
out with ``p_drop`` and each cube inside with ``p_inside``, independently, so every side's count is
a sum of two binomials. Other tower models are estimated by Monte Carlo through the model's own
``drop``.

The 2012 rules (seed 000, "Combat rules"):

* attacker wins when its count is larger than the defender's armies plus allied peasants;
* peasants join the defender when the target has no revolt marker (W-19);
* a defending side that "wins" with peasants only (no defender army came out) is a tie (W-20),
  so against a neutral county the attacker either wins or ties;
* a tie devastates the county.

    odds = battle_odds(attack=5, defend=3, peasants=0, tray=(0, 0, 0), inside=(7, 7, 10))
    odds.win, odds.tie, odds.loss
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from wallenstein.board import B_PALACE, T_ATTACK, T_DEFEND
from wallenstein.tower import ProbabilisticTower, TowerModel, default_tower

if TYPE_CHECKING:
    from wallenstein.game import Game

MC_SAMPLES = 4000  # Monte Carlo draws for tower models without a closed form


class Odds(NamedTuple):
    """Probabilities of the attacker's (or the owner's, in a revolt) win, a tie and a loss."""

    win: float
    tie: float
    loss: float


@lru_cache(maxsize=4096)
def _binom(n: int, p: float) -> tuple[float, ...]:
    """pmf of Binomial(n, p) as a tuple indexed by the count."""
    if n <= 0:
        return (1.0,)
    q = 1.0 - p
    pmf = [0.0] * (n + 1)
    # Multiplicative recurrence from k = 0 (stable enough for the small n of a battle).
    if q == 0.0:
        pmf[n] = 1.0
        return tuple(pmf)
    pmf[0] = q**n
    ratio = p / q
    for k in range(1, n + 1):
        pmf[k] = pmf[k - 1] * ratio * (n - k + 1) / k
    return tuple(pmf)


@lru_cache(maxsize=8192)
def _count(dropped: int, inside: int, p_drop: float, p_inside: float) -> tuple[float, ...]:
    """pmf of the cubes of one colour that come out: Bin(dropped, p_drop) + Bin(inside, p_inside)."""
    a = _binom(dropped, p_drop)
    b = _binom(inside, p_inside)
    if len(b) == 1:
        return a
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return tuple(out)


@lru_cache(maxsize=8192)
def _cdf(att: int, in_att: int, p_drop: float, p_inside: float) -> tuple[float, ...]:
    """P(A <= k) for the attacker's count A."""
    out = []
    acc = 0.0
    for x in _count(att, in_att, p_drop, p_inside):
        acc += x
        out.append(acc)
    return tuple(out)


@lru_cache(maxsize=16384)
def _defence(
    dfn: int, in_dfn: int, peas: int, in_peas: int, allied: bool, player_defender: bool, p_drop: float, p_inside: float
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The defending side's total count D, split by whether a defender army came out (W-20):
    ``(P(D = d and no army), P(D = d and at least one army))`` for each d."""
    pd = _count(dfn, in_dfn, p_drop, p_inside) if player_defender else (1.0,)
    pp = _count(peas, in_peas, p_drop, p_inside) if allied else (1.0,)
    size = len(pd) + len(pp) - 1
    none = [0.0] * size
    some = [0.0] * size
    for k, y in enumerate(pp):
        none[k] = pd[0] * y
    for d_arm in range(1, len(pd)):
        x = pd[d_arm]
        if x:
            for k, y in enumerate(pp):
                some[d_arm + k] += x * y
    return tuple(none), tuple(some)


# Cubes of the three sides of a battle: attacker, defender, peasants. A battle is counted from the cubes
# each side drops (its own and those in the tray) and has inside the tower; the defending side of a
# neutral county has none (its peasants fight alone).
Cubes = tuple[int, int, int]


@lru_cache(maxsize=65536)
def _exact(dropped: Cubes, inside: Cubes, allied: bool, player_defender: bool, p_drop: float, p_inside: float) -> Odds:
    att, dfn, peas = dropped
    in_att, in_dfn, in_peas = inside
    cdf = _cdf(att, in_att, p_drop, p_inside)
    top = len(cdf) - 1
    none, some = _defence(dfn, in_dfn, peas, in_peas, allied, player_defender, p_drop, p_inside)
    win = loss = 0.0
    for d, (x, y) in enumerate(zip(none, some, strict=True)):
        p_win = 1.0 - cdf[d] if d <= top else 0.0  # P(A > d)
        win += (x + y) * p_win
        if y and d > 0:
            loss += y * cdf[min(d - 1, top)]  # P(A < d): only a side with an army can win (W-20)
    return Odds(win, max(0.0, 1.0 - win - loss), loss)


def _judge(a: int, d_arm: int, d_peas: int) -> int:
    d = d_arm + d_peas
    if a > d:
        return 0
    if d > a and d_arm > 0:
        return 2
    return 1


def _monte_carlo(
    tower: TowerModel, dropped: Cubes, inside: Cubes, allied: bool, player_defender: bool, samples: int, seed: int
) -> Odds:
    rng = random.Random(seed)
    counts = [0, 0, 0]
    for _ in range(samples):
        out = tower.drop(inside, dropped, rng)
        counts[_judge(out[0], out[1] if player_defender else 0, out[2] if allied else 0)] += 1
    return Odds(counts[0] / samples, counts[1] / samples, counts[2] / samples)


def battle_odds(
    attack: int,
    defend: int,
    peasants: int,
    tray: Sequence[int],
    inside: Sequence[int],
    *,
    allied: bool = True,
    player_defender: bool = True,
    tower: TowerModel | None = None,
    samples: int = MC_SAMPLES,
    seed: int = 0,
) -> Odds:
    """Odds of an attack, counted by side.

    ``attack``: attacking armies dropped (moved armies plus any tile extra); ``defend``: the
    defender's armies dropped (all in the county plus extras; ignored for a neutral county);
    ``peasants``: peasant cubes added (1 for a neutral county, 2 with angry peasants, 0 against a
    player unless an event says so). ``tray`` and ``inside`` are the cubes of the three sides
    (attacker, defender, peasants) lying in the tray and inside the tower; cubes of other colours
    are irrelevant. ``allied``: the target has no revolt marker, so peasants fight for the defender
    (W-19). ``player_defender``: False for a neutral county (the defending side then has only
    peasants, and its "win" is a tie, W-20).
    """
    model = tower if tower is not None else default_tower()
    if player_defender:
        dropped = (attack + tray[0], defend + tray[1], peasants + tray[2])
        cubes_inside = (inside[0], inside[1], inside[2])
    else:  # a neutral county: its peasants fight alone
        dropped = (attack + tray[0], 0, peasants + tray[2])
        cubes_inside = (inside[0], 0, inside[2])
    return _odds(model, dropped, cubes_inside, allied, player_defender, samples, seed)


def _odds(
    tower: TowerModel, dropped: Cubes, inside: Cubes, allied: bool, player_defender: bool, samples: int, seed: int
) -> Odds:
    """Exact for the probabilistic tower, else estimated by Monte Carlo through the tower's ``drop``."""
    if isinstance(tower, ProbabilisticTower):
        return _exact(dropped, inside, allied, player_defender, tower.p_drop, tower.p_inside)
    return _monte_carlo(tower, dropped, inside, allied, player_defender, samples, seed)


def revolt_odds(
    armies: int,
    peasants: int,
    tray: Sequence[int],
    inside: Sequence[int],
    *,
    tower: TowerModel | None = None,
    samples: int = MC_SAMPLES,
    seed: int = 0,
) -> Odds:
    """Odds of a revolt for the county's owner: ``win`` = the owner keeps it (more cubes than the
    peasants), otherwise the county is lost (``loss``; a tie also loses it, seed 000 "Combat rules").
    ``tray`` and ``inside`` are (owner, peasants) counts."""
    # The same count as an attack in which the owner attacks a "player" made of the peasants:
    # the owner needs strictly more cubes; anything else loses the county.
    o = battle_odds(
        armies,
        peasants,
        0,
        (tray[0], tray[1], 0),
        (inside[0], inside[1], 0),
        allied=False,
        tower=tower,
        samples=samples,
        seed=seed,
    )
    return Odds(o.win, 0.0, o.tie + o.loss)


@lru_cache(maxsize=16384)
def _win_margin(
    dropped: Cubes, inside: Cubes, allied: bool, player_defender: bool, p_drop: float, p_inside: float
) -> float:
    """The attacker's mean count minus the defending side's count, given that the attacker wins: the
    armies it keeps in the county (the winner loses as many as the loser had)."""
    att, dfn, peas = dropped
    in_att, in_dfn, in_peas = inside
    pa = _count(att, in_att, p_drop, p_inside)
    none, some = _defence(dfn, in_dfn, peas, in_peas, allied, player_defender, p_drop, p_inside)
    won = margin = 0.0
    for d, (x, y) in enumerate(zip(none, some, strict=True)):
        for a in range(d + 1, len(pa)):
            p = (x + y) * pa[a]
            won += p
            margin += p * (a - d)
    return margin / won if won else 0.0


def attack_outcome(g: Game, seat: int, target: int, n: int) -> tuple[Odds, float] | None:
    """The exact odds of an attack (as :func:`attack_odds`) and the attacker's mean armies left in the
    county after a win, for the default (probabilistic) tower; None for other tower models, which have
    no closed form. The 2012 rules only (the 2002 defender chooses its commitment, W-18)."""
    if not isinstance(g.tower, ProbabilisticTower):
        return None
    battle = (*_attack_sides(g, seat, target, n), g.tower.p_drop, g.tower.p_inside)
    return _exact(*battle), _win_margin(*battle)


def _attack_sides(g: Game, seat: int, target: int, n: int) -> tuple[Cubes, Cubes, bool, bool]:
    """An attack of ``n`` armies into ``target`` now: the cubes each side drops (tile and event extras
    and the tray's cubes included) and has inside the tower, whether the peasants side with the
    defender, and whether a player defends."""
    s = g.s
    peas = s.players
    defender = s.owner[target]
    att = n + s.tray[seat]
    if g.tile_of(seat) == T_ATTACK and s.supply[seat] > 0:
        att += 1
    allied = s.revolts[target] == 0
    if defender >= 0:
        dfn = s.armies[target] + s.tray[defender]
        spare = s.supply[defender]
        if g.tile_of(defender) == T_DEFEND and spare > 0:
            dfn += 1
            spare -= 1
        if g.event_kind == "palace_guard" and s.buildings[target] & B_PALACE and spare > 0:
            dfn += 1
        return (att, dfn, s.tray[peas]), (s.inside[seat], s.inside[defender], s.inside[peas]), allied, True
    add = min(2 if g.event_kind == "angry_peasants" else 1, s.peasants)
    return (att, 0, add + s.tray[peas]), (s.inside[seat], 0, s.inside[peas]), allied, False


def attack_odds(g: Game, seat: int, origin: int, target: int, n: int) -> Odds:
    """Odds of ``seat`` moving ``n`` armies from ``origin`` into ``target`` now, from public facts
    only: board, supplies, tray, tower inside counts, bonus tiles and the current event (R-07)."""
    dropped, inside, allied, player_defender = _attack_sides(g, seat, target, n)
    return _odds(g.tower, dropped, inside, allied, player_defender, MC_SAMPLES, 0)


def keep_odds(g: Game, c: int, extra_peasants: int = 0) -> float:
    """Probability that the owner of ``c`` keeps it if its peasants revolt now (markers + extra)."""
    s = g.s
    owner = s.owner[c]
    peas = s.players
    want = min(s.revolts[c] + extra_peasants, s.peasants)
    return revolt_odds(
        s.armies[c], want, (s.tray[owner], s.tray[peas]), (s.inside[owner], s.inside[peas]), tower=g.tower
    ).win


__all__ = ["Odds", "attack_odds", "attack_outcome", "battle_odds", "keep_odds", "revolt_odds"]
