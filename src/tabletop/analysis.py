"""The balance report: figures with 95% intervals computed from result rows (:mod:`tabletop.results`),
written as CSV, drawn with matplotlib and gathered in one HTML page.

Every game supplies the same ``facts`` in its rows (``wallenstein.facts``, ``league_of_six.facts``):
``order`` (per season or round, each seat's place in player order), ``items`` (per category, per
seat, the labels it had: bonus tiles, bids, counties, regions, towns...), ``events`` (the labels
drawn in the game), ``tower`` (per seat, cubes thrown in and out) and ``actions`` (per action,
performed and skipped). Rows are grouped by game, edition, module set and player count; each group
gets the same figures:

* ``seats``: win rate by seat (shared wins count 1/k) with Wilson 95% intervals, mean score;
* ``positions``: win rate by place in the first season's (round's) player order;
* ``items``: per category and label, the win rate of the seats that had it (once per time had:
  a bonus tile taken in 3 seasons counts 3 times) and their mean score, against parity 1/P;
* ``events``: per event, the mean score of a seat in games where it came up and where it did not,
  and the difference (normal 95% interval);
* ``luck``: the tower's luck (cubes out per cube thrown in) by quintile, with the win rate in each,
  and its correlation with the score (Fisher 95% interval);
* ``actions``: how often each action is skipped, with Wilson intervals;
* ``lengths`` and ``scores``: the distributions of game length (decisions) and of scores.

The seats of one game are not independent (one of them wins), nor are a seat's repeated takes of a
label: intervals that pool them are a little too narrow, which the report says.
"""

from __future__ import annotations

import csv
import html
import math
import re
import statistics
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.errors import IllegalAction
from tabletop.tournament import Z95, wilson

Table = list[dict[str, Any]]


def group_label(row: dict[str, Any]) -> str:
    """A study group: game, edition, module set, set-up, player count and agents (what the report
    splits by)."""
    opts = row["options"]
    parts = [{"wallenstein": "Wallenstein", "league_of_six": "League of Six"}.get(row["game"], row["game"])]
    if "edition" in opts:
        parts.append(str(opts["edition"]))
    parts.extend("+ " + m for m in opts.get("modules", []))
    if opts.get("setup", "lineup") != "lineup":
        parts.append(f"{opts['setup']} set-up")
    if opts.get("sides", "white") != "white":
        parts.append(f"{opts['sides']} sides")
    agents = "+".join(sorted(set(row["lineup"])))
    return " ".join(parts) + f", {opts['players']} players, {agents}"


def _share(row: dict[str, Any], seat: int) -> float:
    """The seat's win: 1, 1/k for a win shared by k, or 0."""
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its normal 95% interval (0 width for fewer than 2 values)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = statistics.fmean(values)
    if n < 2:
        return (m, m, m)
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    return (m, m - half, m + half)


def diff_ci(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """Difference of means ``mean(a) - mean(b)`` with a normal (Welch) 95% interval."""
    if len(a) < 2 or len(b) < 2:
        return (math.nan, math.nan, math.nan)
    d = statistics.fmean(a) - statistics.fmean(b)
    half = Z95 * math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return (d, d - half, d + half)


def correlation_ci(x: Sequence[float], y: Sequence[float]) -> tuple[float, float, float]:
    """Pearson correlation with its Fisher-z 95% interval."""
    n = len(x)
    if n < 4:
        return (math.nan, math.nan, math.nan)
    r = statistics.correlation(x, y)
    r = max(-0.999999, min(0.999999, r))
    z, half = math.atanh(r), Z95 / math.sqrt(n - 3)
    return (r, math.tanh(z - half), math.tanh(z + half))


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"n": n, "win_rate": wins / n if n else math.nan, "ci_lo": lo, "ci_hi": hi}


def seats_table(rows: Sequence[dict[str, Any]]) -> Table:
    players = len(rows[0]["agents"])
    out = []
    for seat in range(players):
        wins = sum(_share(r, seat) for r in rows)
        score, lo, hi = mean_ci([r["keys"][seat][0] for r in rows])
        out.append({"seat": seat + 1, **_rate(wins, len(rows)), "mean_score": score, "score_lo": lo, "score_hi": hi})
    return out


def positions_table(rows: Sequence[dict[str, Any]]) -> Table:
    """Win rate by place in the first season's (round's) order."""
    wins: dict[int, float] = defaultdict(float)
    n: dict[int, int] = defaultdict(int)
    for r in rows:
        order = r["facts"]["order"]
        if not order:
            continue
        for seat, place in enumerate(order[0]):
            n[place] += 1
            wins[place] += _share(r, seat)
    return [{"position": p, **_rate(wins[p], n[p])} for p in sorted(n)]


def items_table(rows: Sequence[dict[str, Any]]) -> Table:
    """Per category and label: win rate and mean score of the seats that had it, once per time had."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in rows:
        for category, per_seat in r["facts"]["items"].items():
            for seat, labels in enumerate(per_seat):
                for label in labels:
                    wins[category, label] += _share(r, seat)
                    scores[category, label].append(r["keys"][seat][0])
    out = []
    for (category, label), got in sorted(scores.items()):
        score, lo, hi = mean_ci(got)
        out.append(
            {
                "category": category,
                "label": label,
                **_rate(wins[category, label], len(got)),
                "mean_score": score,
                "score_lo": lo,
                "score_hi": hi,
            }
        )
    return out


def events_table(rows: Sequence[dict[str, Any]]) -> Table:
    """Per event: a seat's mean score in games where it came up against games where it did not."""
    per_game = [statistics.fmean(k[0] for k in r["keys"]) for r in rows]
    drawn = [set(r["facts"]["events"]) for r in rows]
    out = []
    for label in sorted(set().union(*drawn)):
        with_ = [s for s, d in zip(per_game, drawn, strict=True) if label in d]
        without = [s for s, d in zip(per_game, drawn, strict=True) if label not in d]
        d, lo, hi = diff_ci(with_, without)
        out.append(
            {
                "event": label,
                "games_with": len(with_),
                "games_without": len(without),
                "mean_score_with": statistics.fmean(with_) if with_ else math.nan,
                "mean_score_without": statistics.fmean(without) if without else math.nan,
                "difference": d,
                "diff_lo": lo,
                "diff_hi": hi,
            }
        )
    return out


Point = tuple[float, float, float]  # a seat-game's luck, win share and score


def _luck(rows: Sequence[dict[str, Any]]) -> list[Point]:
    """(luck, win share, score) per seat and game, where the seat threw at least one cube."""
    out = []
    for r in rows:
        for seat, (thrown, came_out) in enumerate(r["facts"]["tower"]):
            if thrown > 0:
                out.append((came_out / thrown, _share(r, seat), float(r["keys"][seat][0])))
    return out


def luck_bins(
    points: Sequence[tuple[float, float, float]], bins: int = 5
) -> list[Sequence[tuple[float, float, float]]]:
    """``points`` (sorted by luck) cut into about ``bins`` equal parts, never between equal luck
    values: a value shared by many seat-games (a seat whose every cube came out) stays in one part,
    so parts may be fewer and unequal, and no two parts share a value."""
    out: list[Sequence[Point]] = []
    start = 0
    for b in range(1, bins + 1):
        end = b * len(points) // bins
        while 0 < end < len(points) and points[end][0] == points[end - 1][0]:
            end += 1  # keep the tie together
        if end > start:
            out.append(points[start:end])
            start = end
    return out


def luck_label(low: float, high: float) -> str:
    """A part's luck range, with as many decimals as it takes to tell its ends apart ("1.00" alone)."""
    if low == high:
        return f"{low:.2f}"
    for digits in (2, 3, 4):
        a, b = f"{low:.{digits}f}", f"{high:.{digits}f}"
        if a != b:
            return f"{a}-{b}"
    return f"{low:.6g}-{high:.6g}"


def luck_table(rows: Sequence[dict[str, Any]], bins: int = 5) -> Table:
    """Win rate by part of the tower's luck (cubes out per cube thrown in): quintiles where the values
    allow, ties never split (:func:`luck_bins`)."""
    points = sorted(_luck(rows))
    if len(points) < bins:
        return []
    out = []
    for b, part in enumerate(luck_bins(points, bins)):
        score, lo, hi = mean_ci([p[2] for p in part])
        out.append(
            {
                "part": b + 1,
                "luck": luck_label(part[0][0], part[-1][0]),
                "luck_from": part[0][0],
                "luck_to": part[-1][0],
                **_rate(sum(p[1] for p in part), len(part)),
                "mean_score": score,
                "score_lo": lo,
                "score_hi": hi,
            }
        )
    return out


def luck_correlation(rows: Sequence[dict[str, Any]]) -> tuple[float, float, float]:
    points = _luck(rows)
    return correlation_ci([p[0] for p in points], [p[2] for p in points])


def actions_table(rows: Sequence[dict[str, Any]]) -> Table:
    done: dict[str, int] = defaultdict(int)
    skipped: dict[str, int] = defaultdict(int)
    for r in rows:
        for action, (performed, skips) in r["facts"]["actions"].items():
            done[action] += performed
            skipped[action] += skips
    out = []
    for action in sorted(done):
        n = done[action] + skipped[action]
        lo, hi = wilson(skipped[action], n)
        out.append(
            {"action": action, "performed": done[action], "skipped": skipped[action]}
            | {"skip_rate": skipped[action] / n if n else math.nan, "ci_lo": lo, "ci_hi": hi}
        )
    return out


def distribution(values: Sequence[float]) -> dict[str, Any]:
    q = statistics.quantiles(values, n=20) if len(values) > 1 else [values[0]] * 19
    m, lo, hi = mean_ci(values)
    return {
        "n": len(values),
        "mean": m,
        "mean_lo": lo,
        "mean_hi": hi,
        "sd": statistics.pstdev(values),
        "min": min(values),
        "p5": q[0],
        "p25": q[4],
        "median": q[9],
        "p75": q[14],
        "p95": q[18],
        "max": max(values),
    }


def distributions_table(rows: Sequence[dict[str, Any]]) -> Table:
    lengths = [float(sum(r["decisions"])) for r in rows]
    scores = [float(k[0]) for r in rows for k in r["keys"]]
    best = [max(float(k[0]) for k in r["keys"]) for r in rows]
    margin = [
        sorted((float(k[0]) for k in r["keys"]), reverse=True)[0]
        - sorted((float(k[0]) for k in r["keys"]), reverse=True)[1]
        for r in rows
    ]
    return [
        {"what": "game length (decisions)", **distribution(lengths)},
        {"what": "score (every seat)", **distribution(scores)},
        {"what": "winning score", **distribution(best)},
        {"what": "winning margin", **distribution(margin)},
    ]


def figures(rows: Sequence[dict[str, Any]]) -> dict[str, Table]:
    """Every table of one group's report."""
    r, lo, hi = luck_correlation(rows)
    return {
        "seats": seats_table(rows),
        "positions": positions_table(rows),
        "items": items_table(rows),
        "events": events_table(rows),
        "luck": luck_table(rows),
        "luck_correlation": [{"r": r, "ci_lo": lo, "ci_hi": hi, "n": len(_luck(rows))}] if not math.isnan(r) else [],
        "actions": actions_table(rows),
        "distributions": distributions_table(rows),
    }


# ---------------------------------------------------------------------------- writing the report
def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def write_csv(path: Path, table: Table) -> None:
    if not table:
        path.write_text("", encoding="utf-8")
        return
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(table[0]))
        writer.writeheader()
        for row in table:
            writer.writerow({k: round(v, 6) if isinstance(v, float) else v for k, v in row.items()})


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise IllegalAction("the report's plots need matplotlib: pip install 'wallenstein-table[plots]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _bars(ax: Any, t: Table, label: str | None, value: str = "win_rate", lo: str = "ci_lo", hi: str = "ci_hi") -> None:
    """Horizontal bars of the table's ``value`` column with their 95% intervals (columns ``lo`` and
    ``hi``), labelled by its ``label`` column (None: its first), first row on top."""
    labels = [str(r[label if label is not None else next(iter(r))]) for r in t]
    values = [r[value] for r in t]
    y = list(range(len(labels)))[::-1]
    # max(0, ...): a rounding hair (a rate of 1 with an upper bound of 0.9999999999999999) is no error.
    err = [
        [max(0.0, v - r[lo]) for v, r in zip(values, t, strict=True)],
        [max(0.0, r[hi] - v) for v, r in zip(values, t, strict=True)],
    ]
    ax.barh(y, values, xerr=err, color="#6b8fb3", ecolor="#333", capsize=2)
    ax.set_yticks(y, labels, fontsize=8)


def plot_group(folder: Path, tables: dict[str, Table], players: int) -> list[str]:
    """Draw a group's plots into ``folder``; returns their file names."""
    plt = _pyplot()
    names: list[str] = []
    parity = 1 / players

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        fig.savefig(folder / name, dpi=80)
        plt.close(fig)
        names.append(name)

    fig, axes = plt.subplots(1, 2, figsize=(9, 3))
    for ax, key, title in ((axes[0], "seats", "seat"), (axes[1], "positions", "first-season order position")):
        t = tables[key]
        _bars(ax, t, None)
        ax.axvline(parity, color="#b33", lw=1)
        ax.set_title(f"win rate by {title}", fontsize=9)
    save(fig, "seats.png")
    by_category: dict[str, Table] = defaultdict(list)
    for r in tables["items"]:
        by_category[r["category"]].append(r)
    for category, t in by_category.items():
        fig, ax = plt.subplots(figsize=(6, 0.6 + 0.2 * len(t)))
        _bars(ax, t, "label")
        ax.axvline(parity, color="#b33", lw=1)
        ax.set_title(f"win rate of the seats that had each {category} (red: parity)", fontsize=9)
        save(fig, f"items-{slug(category)}.png")
    if tables["events"]:
        t = tables["events"]
        fig, ax = plt.subplots(figsize=(6, 0.6 + 0.2 * len(t)))
        _bars(ax, t, "event", "difference", "diff_lo", "diff_hi")
        ax.axvline(0, color="#b33", lw=1)
        ax.set_title("mean score per seat: games with the event minus games without", fontsize=9)
        save(fig, "events.png")
    if tables["luck"]:
        t = tables["luck"]
        fig, ax = plt.subplots(figsize=(6, 2.5))
        _bars(ax, t, "luck")
        ax.axvline(parity, color="#b33", lw=1)
        ax.set_title("win rate by part of tower luck (cubes out per cube in; ties kept together)", fontsize=9)
        save(fig, "luck.png")
    if tables["actions"]:
        t = tables["actions"]
        fig, ax = plt.subplots(figsize=(6, 0.6 + 0.25 * len(t)))
        _bars(ax, t, "action", "skip_rate")
        ax.set_title("share of planned actions skipped", fontsize=9)
        save(fig, "actions.png")
    return names


def plot_distributions(folder: Path, rows: Sequence[dict[str, Any]]) -> str:
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(9, 2.8))
    axes[0].hist([sum(r["decisions"]) for r in rows], bins=30, color="#6b8fb3")
    axes[0].set_title("game length (decisions)", fontsize=9)
    axes[1].hist([k[0] for r in rows for k in r["keys"]], bins=30, color="#6b8fb3", label="every seat")
    axes[1].hist([max(k[0] for k in r["keys"]) for r in rows], bins=30, color="#d9a441", alpha=0.7, label="winner")
    axes[1].legend(fontsize=8)
    axes[1].set_title("scores", fontsize=9)
    fig.tight_layout()
    fig.savefig(folder / "distributions.png", dpi=80)
    plt.close(fig)
    return "distributions.png"


def _html_table(table: Table) -> str:
    if not table:
        return "<p>(none)</p>"

    def cell(v: Any) -> str:
        return f"{v:.3f}" if isinstance(v, float) else html.escape(str(v))

    head = "".join(f"<th>{html.escape(k)}</th>" for k in table[0])
    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in r.values()) + "</tr>" for r in table)
    return f"<table><tr>{head}</tr>{body}</table>"


PAGE = """<!doctype html><html lang="en"><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;max-width:1000px;margin:auto}} table{{border-collapse:collapse;font-size:12px}}
td,th{{border:1px solid #ccc;padding:2px 5px;text-align:right}} img{{max-width:100%}}</style>
<h1>{title}</h1><p>{intro}</p>{body}</html>
"""


def write_report(rows: Sequence[dict[str, Any]], out: Path, title: str) -> dict[str, dict[str, Table]]:
    """Write the report of ``rows`` into ``out``: ``index.html``, and per group a folder of CSV and PNG."""
    if not rows:
        raise IllegalAction("no result rows to analyse")
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    seen: set[tuple[str, str, int, int]] = set()
    for r in rows:
        key = (group_label(r), repr(r["lineup"]), r["base_seed"], r["index"])
        if key not in seen:  # the same game listed twice (a file given twice) counts once
            seen.add(key)
            groups[group_label(r)].append(r)
    out.mkdir(parents=True, exist_ok=True)
    summary: Table = []
    sections: list[str] = []
    every: dict[str, dict[str, Table]] = {}
    for label in sorted(groups):
        group = groups[label]
        folder = out / slug(label)
        folder.mkdir(exist_ok=True)
        tables = figures(group)
        every[label] = tables
        empty = [name for name, table in tables.items() if not table]
        for name, table in tables.items():
            if table:
                write_csv(folder / f"{name}.csv", table)
        players = len(group[0]["agents"])
        images = [*plot_group(folder, tables, players), plot_distributions(folder, group)]
        agents = sorted({a for r in group for a in r["agents"]})
        summary.append({"group": label, "folder": slug(label), "games": len(group), "agents": " ".join(agents)})
        parts = [
            f"<h2 id='{slug(label)}'>{html.escape(label)}</h2>",
            f"<p>{len(group)} games; agents: {html.escape(', '.join(agents))}; CSV files in "
            f"<a href='{slug(label)}/'>{slug(label)}/</a>.</p>",
        ]
        parts += [f"<img src='{slug(label)}/{name}' alt='{name}'>" for name in images]
        parts += [f"<h3>{name}</h3>" + _html_table(table) for name, table in tables.items() if table]
        if empty:  # figures these games have no data for (League of Six has no tower, no planned actions)
            parts.append(f"<p>No data in these games for: {html.escape(', '.join(empty))}.</p>")
        sections.append("\n".join(parts))
    write_csv(out / "groups.csv", summary)
    intro = (
        "Win rates count a shared win as 1/k; intervals are 95% (Wilson for rates, normal for means and "
        "differences, Fisher for the correlation). The seats of one game are not independent and a seat's "
        "repeated takes of a label are pooled, so pooled intervals are slightly too narrow."
    )
    body = _html_table(summary) + "\n".join(sections)
    (out / "index.html").write_text(PAGE.format(title=html.escape(title), intro=intro, body=body), encoding="utf-8")
    return every


def analyze_command(files: Sequence[Path], out: Path, title: str) -> None:
    """``analyze FILE... --out DIR``: the balance report; errors become a clear exit."""
    from tabletop.cli_common import fail
    from tabletop.results import read_files

    try:
        groups = write_report(read_files(files), out, f"{title} balance report")
    except IllegalAction as exc:
        raise fail(str(exc)) from None
    print(f"Wrote {out / 'index.html'}: {len(groups)} group(s): {', '.join(groups)}")
