"""The cube tower study: how the tower models behave, and what they do to battles.

    .venv/bin/python research/studies/tower_model.py            # regenerates docs/research/tower.md and tower.png
    .venv/bin/python research/studies/tower_model.py --no-plot  # the Markdown only (no matplotlib needed)
    .venv/bin/python research/studies/tower_model.py --quick    # fewer samples, for a fast look (not for the doc)

Everything is seeded, so the output is the same on every run (same Python version). The models are
those of ``wallenstein.tower``: the default ``ProbabilisticTower()`` (a dropped cube comes out with
``p_drop`` = 2/3, a cube already inside with ``p_inside`` = 1/3 per drop) and the memoryless variant
(``p_inside`` = 0). Simulations go through ``wallenstein.tower.Tower``; the battle odds of part (c)
are computed exactly (sums of binomials) and checked against a simulation.
"""

from __future__ import annotations

import argparse
import random
import sys
from math import sqrt
from pathlib import Path
from typing import Any

import wallenstein
from tabletop.chance import binomial_pmf, convolve
from wallenstein.board import BOARD
from wallenstein.tower import ProbabilisticTower, Tower, TowerModel, default_tower, memoryless_tower

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research" / "tower.md"
FIG = ROOT / "docs" / "research" / "tower.png"

NS = range(1, 21)  # cubes per drop, part (a)
EARLY_DROPS = 30  # drops followed from an empty tower (table and figure)
FIG_NS = (2, 5, 10, 20)
PLAYERS = 4
FILL_PER_PLAYER = BOARD.tower_fill_per_player  # 7
FILL_PEASANTS = BOARD.tower_fill_peasants  # 10
BATTLES = 30  # part (b): battles after the fill
BATTLE_SIZES = (6, 10)  # uniform number of cubes per battle
MAX_K = 8  # part (c): attacker armies 1..MAX_K
MAX_M = 6  # part (c): defender armies 1..MAX_M


class Settings:
    def __init__(self, quick: bool) -> None:
        self.early_reps = 200 if quick else 2000  # runs of EARLY_DROPS drops per n
        self.burn_in = 100
        self.long_drops = 2_000 if quick else 20_000  # one long run per n
        self.game_reps = 1_000 if quick else 10_000  # part (b) simulated games
        self.engine_games = 20 if quick else 200  # part (b) random games of the engine
        self.check_battles = 2_000 if quick else 20_000  # part (c) Monte Carlo check per cell


# ---------------------------------------------------------------------------- theory
def expected_inside(n: float, drops: int, pd: float, pi: float, start: float = 0.0) -> float:
    """E[inside] after ``drops`` drops of n cubes: I' = (1 - pi) I + (1 - pd) n."""
    inside = start
    for _ in range(drops):
        inside = (1 - pi) * inside + (1 - pd) * n
    return inside


def steady_inside(n: float, pd: float, pi: float) -> float:
    return n * (1 - pd) / pi if pi > 0 else float("inf")


def steady_inside_sd(n: float, pd: float, pi: float) -> float:
    """Standard deviation of the stationary content: a cube dropped j drops ago is still inside with
    probability q_j = (1 - pd)(1 - pi)^j, independently, so Var = n * sum_j q_j (1 - q_j)."""
    a, r = 1 - pd, 1 - pi
    return sqrt(n * (a / (1 - r) - a * a / (1 - r * r)))


# ---------------------------------------------------------------------------- (a) repeated drops
def early_run(n: int, model: TowerModel, reps: int, seed: int) -> dict[str, list[float]]:
    """Mean inside (after each drop) and out per throw (at each drop) over ``reps`` runs."""
    inside = [0.0] * (EARLY_DROPS + 1)
    out = [0.0] * (EARLY_DROPS + 1)
    for rep in range(reps):
        t = Tower(1, model, seed=seed * 100_003 + rep)
        for d in range(1, EARLY_DROPS + 1):
            out[d] += t.drop([n])[0]
            inside[d] += t.inside[0]
    return {
        "inside": [x / reps for x in inside],
        "out_per_throw": [0.0] + [x / (reps * n) for x in out[1:]],
    }


def long_run(n: int, model: TowerModel, burn_in: int, drops: int, seed: int) -> dict[str, float]:
    t = Tower(1, model, seed=seed)
    for _ in range(burn_in):
        t.drop([n])
    out_sum = 0
    ins: list[int] = []
    for _ in range(drops):
        out_sum += t.drop([n])[0]
        ins.append(t.inside[0])
    mean = sum(ins) / drops
    sd = sqrt(sum((x - mean) ** 2 for x in ins) / (drops - 1))
    return {"out_per_throw": out_sum / (drops * n), "inside": mean, "inside_sd": sd}


def study_drops(cfg: Settings) -> dict[str, Any]:
    rows = []
    curves: dict[str, dict[int, dict[str, list[float]]]] = {"default": {}, "memoryless": {}}
    pd, pi = default_tower().p_drop, default_tower().p_inside
    for n in NS:
        early = early_run(n, default_tower(), cfg.early_reps, seed=n)
        late = long_run(n, default_tower(), cfg.burn_in, cfg.long_drops, seed=10_000 + n)
        mem = early_run(n, memoryless_tower(), max(1, cfg.early_reps // 4), seed=20_000 + n)
        curves["default"][n] = early
        curves["memoryless"][n] = mem
        o = early["out_per_throw"]
        rows.append(
            {
                "n": n,
                "first": o[1],
                "first5": sum(o[1:6]) / 5,
                "first10": sum(o[1:11]) / 10,
                "long": late["out_per_throw"],
                "inside": late["inside"],
                "inside_sd": late["inside_sd"],
                "inside_theory": steady_inside(n, pd, pi),
                "inside_sd_theory": steady_inside_sd(n, pd, pi),
                "inside_after_10": early["inside"][10],
                "mem_out": sum(mem["out_per_throw"][1:]) / EARLY_DROPS,
                "mem_inside_30": mem["inside"][EARLY_DROPS],
            }
        )
    return {"rows": rows, "curves": curves}


# ---------------------------------------------------------------------------- (b) a realistic game
def fill_vector() -> list[int]:
    return [FILL_PER_PLAYER] * PLAYERS + [FILL_PEASANTS]


def study_game(cfg: Settings, model: TowerModel) -> dict[str, Any]:
    """The fill, then BATTLES battles of 6-10 cubes (two random players' armies; no tray)."""
    colours = PLAYERS + 1
    inside_before = [0.0] * (BATTLES + 1)
    out_per_throw = [0.0] * (BATTLES + 1)
    thrown_total = [0.0] * (BATTLES + 1)
    fill_out = 0.0
    for rep in range(cfg.game_reps):
        rng = random.Random(rep)
        t = Tower(colours, model, seed=500_000 + rep)
        fill_out += sum(t.drop(fill_vector()))
        for b in range(1, BATTLES + 1):
            size = rng.randint(*BATTLE_SIZES)
            att, dfd = rng.sample(range(PLAYERS), 2)
            k = rng.randint(1, size - 1)
            cubes = [0] * colours
            cubes[att], cubes[dfd] = k, size - k
            inside_before[b] += sum(t.inside)
            out_per_throw[b] += sum(t.drop(cubes)) / size
            thrown_total[b] += size
    r = cfg.game_reps
    return {
        "fill_out": fill_out / r,
        "inside_before": [x / r for x in inside_before],
        "out_per_throw": [x / r for x in out_per_throw],
        "mean_size": sum(thrown_total[1:]) / (r * BATTLES),
    }


def game_theory(model: ProbabilisticTower) -> dict[str, list[float]]:
    pd, pi = model.p_drop, model.p_inside
    sizes = range(BATTLE_SIZES[0], BATTLE_SIZES[1] + 1)
    size = sum(sizes) / len(sizes)
    inv_size = sum(1 / x for x in sizes) / len(sizes)  # E[1/size]: out per throw is a ratio
    inside = [0.0] * (BATTLES + 1)
    opt = [0.0] * (BATTLES + 1)
    cur = (1 - pd) * sum(fill_vector())
    for b in range(1, BATTLES + 1):
        inside[b] = cur
        opt[b] = pd + pi * cur * inv_size
        cur = (1 - pi) * cur + (1 - pd) * size
    return {"inside_before": inside, "out_per_throw": opt}


def study_engine(cfg: Settings) -> dict[str, Any]:
    """What the tower sees in random 4-player games of the engine (default model; with the tray)."""
    drops = battles = revolts = 0
    thrown = out = 0
    inside_sum = 0
    late_inside = late_n = 0
    by_order: dict[str, list[float]] = {"1-5": [0, 0], "6-15": [0, 0], "16+": [0, 0]}
    for seed in range(cfg.engine_games):
        g = wallenstein.new_game(players=PLAYERS, seed=seed)
        rng = random.Random(seed)
        while not g.over:
            seat = g.pending()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        inside = 0
        order = 0
        for e in g.log:
            if e["e"] not in ("tower_fill", "battle", "revolt"):
                continue
            d, o = sum(e["dropped"].values()), sum(e["out"].values())
            if e["e"] != "tower_fill":
                order += 1
                drops += 1
                battles += e["e"] == "battle"
                revolts += e["e"] == "revolt"
                thrown += d
                out += o
                inside_sum += inside
                key = "1-5" if order <= 5 else "6-15" if order <= 15 else "16+"
                by_order[key][0] += o
                by_order[key][1] += d
                if order > 15:
                    late_inside += inside
                    late_n += 1
            inside += d - o
    n = cfg.engine_games
    return {
        "games": n,
        "drops_per_game": drops / n,
        "battles_per_game": battles / n,
        "revolts_per_game": revolts / n,
        "cubes_per_drop": thrown / drops,
        "out_per_throw": out / thrown,
        "inside_at_drop": inside_sum / drops,
        "inside_late": late_inside / late_n if late_n else float("nan"),
        "by_order": {k: (v[0] / v[1] if v[1] else float("nan")) for k, v in by_order.items()},
    }


# ---------------------------------------------------------------------------- (c) battle odds
def battle_odds(k: int, m: int, model: ProbabilisticTower, filled: bool) -> tuple[float, float]:
    """Exact (P attacker wins, P tie) for k armies against m (m = 0: a neutral county, one peasant).

    No tray. ``filled``: just after the set-up fill, where each colour's fill cube is still inside
    with probability 1 - p_drop and then comes out with p_inside: Binomial(fill, (1-p_drop) p_inside).
    Peasants that come out side with the defender (no revolt markers); the defender wins only with
    at least one of its own armies out, otherwise a defender's majority is a tie (W-20).
    """
    pd, pi = model.p_drop, model.p_inside
    q = (1 - pd) * pi if filled else 0.0
    zero = [1.0]
    a = convolve(binomial_pmf(k, pd), binomial_pmf(FILL_PER_PLAYER, q) if filled else zero)
    if m > 0:
        arm = convolve(binomial_pmf(m, pd), binomial_pmf(FILL_PER_PLAYER, q) if filled else zero)
        peas = binomial_pmf(FILL_PEASANTS, q) if filled else zero
    else:
        arm = zero
        peas = convolve(binomial_pmf(1, pd), binomial_pmf(FILL_PEASANTS, q) if filled else zero)
    win = tie = 0.0
    for da, pa in enumerate(arm):
        for dp, pp in enumerate(peas):
            d = da + dp
            for x, px in enumerate(a):
                w = pa * pp * px
                if x > d:
                    win += w
                elif not (d > x and da > 0):
                    tie += w
    return win, tie


def simulate_battle(k: int, m: int, model: TowerModel, filled: bool, n: int, seed: int) -> tuple[float, float]:
    """The same as ``battle_odds`` by simulation through :class:`Tower` (attacker seat 0, defender 1)."""
    win = tie = 0
    peas = PLAYERS
    for rep in range(n):
        t = Tower(PLAYERS + 1, model, seed=seed * 1_000_003 + rep)
        if filled:
            t.drop(fill_vector())
        cubes = [0] * (PLAYERS + 1)
        cubes[0] = k
        if m > 0:
            cubes[1] = m
        else:
            cubes[peas] = 1
        out = t.drop(cubes)
        a = out[0]
        da = out[1] if m > 0 else 0
        d = da + out[peas]
        if a > d:
            win += 1
        elif not (d > a and da > 0):
            tie += 1
    return win / n, tie / n


def study_battles(cfg: Settings) -> dict[str, Any]:
    model = default_tower()
    odds = {
        (k, m, filled): battle_odds(k, m, model, filled)
        for k in range(1, MAX_K + 1)
        for m in range(MAX_M + 1)
        for filled in (False, True)
    }
    checks = []
    cells = [(1, 1), (3, 2), (4, 4), (5, 0), (6, 3)]
    for i, (k, m) in enumerate(cells):
        for filled in (False, True):
            sim = simulate_battle(k, m, model, filled, cfg.check_battles, seed=900 + 2 * i + filled)
            exact = odds[(k, m, filled)]
            checks.append({"k": k, "m": m, "filled": filled, "exact": exact, "sim": sim})
    # the memoryless model: what is inside never comes out, so a filled tower fights like an empty one
    mem_same = all(
        abs(battle_odds(k, m, memoryless_tower(), True)[0] - odds[(k, m, False)][0]) < 1e-12
        for k in range(1, MAX_K + 1)
        for m in range(MAX_M + 1)
    )
    return {"odds": odds, "checks": checks, "memoryless_same_as_empty": mem_same}


# ---------------------------------------------------------------------------- output
def plot(drops: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pd, pi = default_tower().p_drop, default_tower().p_inside
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    xs = list(range(EARLY_DROPS + 1))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, n in enumerate(FIG_NS):
        c = colours[i % len(colours)]
        cur = drops["curves"]["default"][n]
        mem = drops["curves"]["memoryless"][n]
        ax1.plot(xs, cur["inside"], color=c, label=f"n = {n}")
        ax1.plot(xs, [expected_inside(n, d, pd, pi) for d in xs], color=c, ls="--", lw=0.8)
        ax1.plot(xs, mem["inside"], color=c, ls=":", lw=1.2)
        ax2.plot(xs[1:], cur["out_per_throw"][1:], color=c, label=f"n = {n}")
        ax2.plot(xs[1:], mem["out_per_throw"][1:], color=c, ls=":", lw=1.2)
    ax1.set_ylim(0, 2.2 * max(FIG_NS))
    ax1.set_xlabel("drops of n cubes, from an empty tower")
    ax1.set_ylabel("cubes inside after the drop (mean)")
    ax1.set_title("Inside content: default (solid), theory (dashed),\nmemoryless (dotted, grows n/3 per drop)")
    ax1.legend(loc="upper left", fontsize=8)
    theory = [pd + pi * expected_inside(1, d - 1, pd, pi) for d in xs[1:]]
    ax2.plot(xs[1:], theory, color="black", ls="--", lw=0.8, label="theory (any n)")
    ax2.axhline(1.0, color="grey", lw=0.5)
    ax2.set_ylim(0.55, 1.1)
    ax2.set_xlabel("drop number")
    ax2.set_ylabel("cubes out per cube thrown (mean)")
    ax2.set_title("Out per throw: default (solid) tends to 1,\nmemoryless (dotted) stays at 2/3")
    ax2.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)


def _odds_table(add: Any, odds: dict[Any, Any], outcome: int) -> None:
    """One k-by-m table of battle odds (``outcome`` 0: the attacker wins, 1: a tie), empty / filled tower."""
    add("| k \\ m | neutral | " + " | ".join(str(m) for m in range(1, MAX_M + 1)) + " |")
    add("|---:|" + "---:|" * (MAX_M + 1))
    for k in range(1, MAX_K + 1):
        cells = [f"{_p(odds[(k, m, False)][outcome])} / {_p(odds[(k, m, True)][outcome])}" for m in range(MAX_M + 1)]
        add(f"| {k} | " + " | ".join(cells) + " |")
    add("")


def _p(x: float) -> str:
    return f"{100 * x:.0f}"


def markdown(
    cfg: Settings,
    drops: dict[str, Any],
    game: dict[str, Any],
    gtheory: dict[str, list[float]],
    engine: dict[str, Any],
    battles: dict[str, Any],
    with_plot: bool,
) -> str:
    pd, pi = default_tower().p_drop, default_tower().p_inside
    L: list[str] = []
    add = L.append
    add("# The cube tower")
    add("")
    add(
        "_Generated by `research/studies/tower_model.py` (fixed seeds; rerun it to regenerate this page and "
        "`docs/research/tower.png`). Do not edit by hand._"
    )
    add("")
    add("Wallenstein resolves battles with a cube tower: the fighting cubes are dropped in, some stay")
    add("stuck on its ledges and others that were stuck fall out. The engine models this in")
    add("`wallenstein.tower` (cube counts per colour: seats `0..P-1`, then the peasants):")
    add("")
    add("* **default, `ProbabilisticTower()`**: each cube dropped in comes out with probability")
    add("  `p_drop` = 2/3; each cube already inside comes out with probability `p_inside` = 1/3 per drop;")
    add("  all independently. The tower has a memory: cubes from earlier battles join later ones.")
    add("* **memoryless, `memoryless_tower()`** (`p_inside` = 0): what is inside never comes out, so a")
    add("  battle depends only on the cubes thrown in it (each comes out with 2/3).")
    add("* **`ScriptedTower`**: you say what comes out, drop by drop (tests and worked examples).")
    add("")
    add("## Theory")
    add("")
    add("Drop n cubes at a time. The expected content after a drop follows")
    add("`I' = (1 - p_inside) I + (1 - p_drop) n`, so from an empty tower")
    add("`E[I_t] = n (1 - p_drop) / p_inside * (1 - (1 - p_inside)^t)`, tending to")
    add("`n (1 - p_drop) / p_inside` = **n** with the defaults. The expected number out at a drop is")
    add("`p_drop n + p_inside I`: 2/3 of the throw at the first drop, tending to `n` (conservation: in")
    add("the long run every cube thrown comes back out, **1 out per throw**). A cube dropped `j` drops")
    add("ago is still inside with probability `q_j = (1 - p_drop)(1 - p_inside)^j`, independently of")
    add("the others, so the steady content has variance `n * sum_j q_j (1 - q_j)` = **0.8 n** with the")
    add("defaults. The memoryless model returns 2/3 of every throw and its content grows by n/3 per drop")
    add("without bound (those cubes are out of play).")
    add("")
    add("## (a) Repeated drops of n cubes from an empty tower")
    add("")
    add(
        f"Default model: mean over {cfg.early_reps:,} runs of {EARLY_DROPS} drops (first drops) and one run "
        f"of {cfg.long_drops:,} drops after {cfg.burn_in} drops of burn-in (long run). Memoryless: "
        f"{max(1, cfg.early_reps // 4):,} runs of {EARLY_DROPS} drops."
    )
    add("")
    add(
        "| n | out/throw drop 1 | drops 1-5 | drops 1-10 | long run | inside after 10 drops (theory) "
        "| steady inside ± sd (theory) | memoryless out/throw | memoryless inside after 30 |"
    )
    add("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in drops["rows"]:
        n = r["n"]
        add(
            f"| {n} | {r['first']:.3f} | {r['first5']:.3f} | {r['first10']:.3f} | {r['long']:.3f} "
            f"| {r['inside_after_10']:.2f} ({expected_inside(n, 10, pd, pi):.2f}) "
            f"| {r['inside']:.2f} ± {r['inside_sd']:.2f} ({r['inside_theory']:.0f} ± {r['inside_sd_theory']:.2f}) "
            f"| {r['mem_out']:.3f} | {r['mem_inside_30']:.1f} |"
        )
    worst_out = max(abs(r["long"] - 1) for r in drops["rows"])
    worst_in = max(abs(r["inside"] / r["inside_theory"] - 1) for r in drops["rows"])
    add("")
    add(
        f"Long run, all n: out per throw within {worst_out:.4f} of 1, steady content within "
        f"{100 * worst_in:.1f}% of n. The tower is stingy at first (2/3 out per throw) and catches up "
        f"within about 10 drops (the content reaches 1 - (2/3)^10 = 98% of its steady level)."
    )
    if with_plot:
        add("")
        add("![Inside content and out per throw over 30 drops](tower.png)")
    add("")
    add("## (b) A realistic game")
    add("")
    fill = sum(fill_vector())
    others, peas = (PLAYERS - 2) * FILL_PER_PLAYER / fill, FILL_PEASANTS / fill
    add(
        f"Set-up drops {FILL_PER_PLAYER} armies per player x {PLAYERS} + {FILL_PEASANTS} peasants = {fill} "
        f"cubes into the empty tower: {game['fill_out']:.2f} come out on average (theory "
        f"{pd * fill:.2f}) and {fill - game['fill_out']:.2f} stay inside (theory {(1 - pd) * fill:.2f}). "
        f"Then battles of {BATTLE_SIZES[0]}-{BATTLE_SIZES[1]} cubes (uniform, two players' armies, no tray; "
        f"{cfg.game_reps:,} simulated games, default model):"
    )
    add("")
    add("| battle | inside before (theory) | out per throw (theory) |")
    add("|---:|---:|---:|")
    for b in (1, 2, 3, 4, 5, 7, 10, 15, 20, 30):
        if b <= BATTLES:
            add(
                f"| {b} | {game['inside_before'][b]:.2f} ({gtheory['inside_before'][b]:.2f}) "
                f"| {game['out_per_throw'][b]:.3f} ({gtheory['out_per_throw'][b]:.3f}) |"
            )
    add("")
    add(
        f"The fill leaves more cubes inside ({(1 - pd) * fill:.1f}) than a battle's steady level "
        f"(about {game['mean_size']:.0f}, the mean battle size), so the first battles get a bonus: "
        f"{game['out_per_throw'][1]:.2f} cubes out per cube thrown in the first battle, settling to about 1 "
        f"after some 10 battles. Of the cubes left inside by the fill, {100 * others:.0f}% belong to the two "
        f"players not fighting (in the game, out of the tower they go to the tray and fall again with the next "
        f"battle) and {100 * peas:.0f}% are peasants (they join a defender without revolt markers). The theory "
        f"column iterates the mean content with the mean battle size; out per throw there is "
        f"p_drop + p_inside * E[inside] * E[1/size]."
    )
    add("")
    e = engine
    add(
        f"In random 4-player games of the engine (default model, with the tray; {e['games']} games, random "
        f"agents): {e['drops_per_game']:.1f} drops per game after the fill ({e['battles_per_game']:.1f} battles, "
        f"{e['revolts_per_game']:.1f} revolts), {e['cubes_per_drop']:.2f} cubes dropped per drop (tray "
        f"included), {e['out_per_throw']:.3f} out per cube thrown overall (drops 1-5: {e['by_order']['1-5']:.3f}, "
        f"6-15: {e['by_order']['6-15']:.3f}, 16+: {e['by_order']['16+']:.3f}); the tower holds "
        f"{e['inside_at_drop']:.1f} cubes at a drop on average ({e['inside_late']:.1f} from the 16th drop on)."
    )
    add("")
    add("## (c) Battle odds")
    add("")
    add(
        "Probability (%) that an attacker with k armies beats a defender with m armies, **empty tower / "
        "just after the set-up fill** (default model, no tray, exact). Peasants that come out fight for "
        'the defender (a county without revolt markers); "neutral" is a neutral county (one peasant '
        "dropped, no armies). The attacker needs strictly more cubes out; if the defender has more but "
        "none of its own armies came out, or on equal counts, it is a tie and the county is devastated."
    )
    add("")
    odds = battles["odds"]
    _odds_table(add, odds, 0)  # wins
    add("Probability (%) of a tie (county devastated), empty / filled:")
    add("")
    _odds_table(add, odds, 1)
    worst = max(max(abs(c["exact"][0] - c["sim"][0]), abs(c["exact"][1] - c["sim"][1])) for c in battles["checks"])
    add(
        f"Check: {len(battles['checks'])} cells simulated through `Tower` ({cfg.check_battles:,} battles each) "
        f"differ from the exact figures by at most {100 * worst:.2f} percentage points."
    )
    add("")
    q = (1 - pd) * pi
    better_cells = [
        (k, m)
        for k in range(1, MAX_K + 1)
        for m in range(1, MAX_M + 1)
        if odds[(k, m, True)][0] > odds[(k, m, False)][0]
    ]
    better = len(better_cells)
    long_odds = max((odds[(k, m, False)][0] for k, m in better_cells), default=0.0)
    neutral_from = min(
        (
            k
            for k in range(1, MAX_K + 1)
            if all(odds[(j, 0, True)][0] < odds[(j, 0, False)][0] for j in range(k, MAX_K + 1))
        ),
        default=MAX_K + 1,
    )
    add(
        f"Just after the fill each of the {FILL_PER_PLAYER} fill cubes of a colour comes out with probability "
        f"(1 - p_drop) p_inside = {q:.3f}: on average {FILL_PER_PLAYER * q:.2f} old cubes join the attacker but "
        f"{FILL_PER_PLAYER * q:.2f} + {FILL_PEASANTS * q:.2f} (peasants) = {(FILL_PER_PLAYER + FILL_PEASANTS) * q:.2f} "
        f"join a defender, so the filled tower clearly favours defending players: the attacker does better than "
        f"in an empty tower in {better} of the {MAX_K * MAX_M} player-vs-player cells, all of them long shots "
        f"(at most {100 * long_odds:.0f}% in an empty tower), where the extra randomness helps the weaker side. "
        f"Against a neutral county the fill's peasants weigh against the attacker from {neutral_from} "
        f"armies on. "
        f"With the memoryless model a filled tower fights exactly like an empty one "
        f"({'verified' if battles['memoryless_same_as_empty'] else 'NOT verified'}): the empty-tower "
        f"figures are its odds in every battle."
    )
    add("")
    add("## Choosing a model")
    add("")
    add("```python")
    add("import wallenstein")
    add("from wallenstein.tower import ProbabilisticTower, memoryless_tower")
    add("")
    add("wallenstein.new_game(players=4, seed=1)                                   # default 2/3, 1/3")
    add("wallenstein.new_game(players=4, seed=1, tower=ProbabilisticTower(0.6, 0.25))")
    add("wallenstein.new_game(players=4, seed=1, tower=memoryless_tower())")
    add('wallenstein.new_game(players=4, seed=1, tower={"model": "probabilistic", "p_drop": 0.6, "p_inside": 0.25})')
    add('wallenstein.new_game(players=4, seed=1, tower={"model": "memoryless"})    # optional "p_drop"')
    add("```")
    add("")
    add("The JSON spec is what `model.to_json()` returns and what a game's options and saves record")
    add('(`game.config["tower"]`); `wallenstein.tower.tower_from_json` rebuilds the model. Probabilities')
    add("outside [0, 1], unknown options and unknown models are rejected with `IllegalAction`. A game")
    add("replays from its history whatever the model, since tower outcomes are recorded. For studies,")
    add("`wallenstein.Tower(colours, model, seed)` is a tower on its own.")
    add("")
    add("Reproduce: `.venv/bin/python research/studies/tower_model.py` (needs the `plots` extra for the figure).")
    add("")
    return "\n".join(L)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-plot", action="store_true", help="skip the figure (no matplotlib needed)")
    ap.add_argument("--quick", action="store_true", help="fewer samples; writes to stdout, not the doc")
    args = ap.parse_args(argv)
    cfg = Settings(args.quick)
    drops = study_drops(cfg)
    game = study_game(cfg, default_tower())
    gtheory = game_theory(default_tower())
    engine = study_engine(cfg)
    battles = study_battles(cfg)
    text = markdown(cfg, drops, game, gtheory, engine, battles, with_plot=not args.no_plot)
    if args.quick:
        print(text)
        return 0
    DOC.parent.mkdir(parents=True, exist_ok=True)
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")
    if not args.no_plot:
        plot(drops, FIG)
        print(f"wrote {FIG.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
