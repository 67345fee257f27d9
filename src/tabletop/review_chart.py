"""The review's win-chance chart as a PNG (matplotlib, the ``plots`` extra): every seat's chance over
the game's decisions with its standard-error band, each season or round boundary a thin line, winters
shaded, the reviewing seat's three costliest decisions marked."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

from tabletop.review import GameReview

# Seat colours for the chart: the seat's own colour where the game has one (Wallenstein's), else these.
PALETTE = ("#c0392b", "#2e6fd8", "#d4a017", "#8e44ad", "#333333")
NAMED = {"red": "#c0392b", "blue": "#2e6fd8", "yellow": "#d4a017", "purple": "#8e44ad", "black": "#333333"}


def _colour(name: str, seat: int) -> str:
    return NAMED.get(name, PALETTE[seat % len(PALETTE)])


def draw_chart(review: GameReview, path: Path, title: str = "") -> Path:
    """Write ``review``'s chart to ``path``; ImportError (naming the extra) without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - the test extra installs it
        raise ImportError("the chart needs matplotlib: pip install 'wallenstein-table[plots]'") from exc
    fig, ax = plt.subplots(figsize=(10, 4.2), dpi=110)
    xs = [p.index for p in review.curve]
    names = review.names or [f"seat {p}" for p in range(review.players)]
    _marks(ax, review)
    for seat in range(review.players):
        ys = [p.chances[seat] for p in review.curve]
        lo = [max(0.0, y - p.errors[seat]) for y, p in zip(ys, review.curve, strict=True)]
        hi = [min(1.0, y + p.errors[seat]) for y, p in zip(ys, review.curve, strict=True)]
        colour = _colour(names[seat], seat)
        width = 2.4 if seat == review.seat else 1.4
        ax.step(xs, ys, where="post", color=colour, linewidth=width, label=names[seat])
        ax.fill_between(xs, lo, hi, step="post", color=colour, alpha=0.07, linewidth=0)
    for rank, i in enumerate(review.costliest, 1):
        d = review.decisions[i]
        y = _chance_at(review, d.index)
        ax.annotate(str(rank), (d.index, y), xytext=(0, 12), textcoords="offset points", ha="center", fontsize=9)
        ax.plot([d.index], [y], marker="v", color="black", markersize=7)
    ax.set_ylim(0, 1)
    ax.set_xlim(0, max(xs) if xs else 1)
    ax.set_xlabel("decision of the game")
    ax.set_ylabel("chance to win")
    ax.set_title(title or f"{review.game}: chance to win (shaded: winter; marks: costliest decisions)")
    ax.legend(loc="upper left", fontsize=8, ncol=review.players)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path


def _chance_at(review: GameReview, index: int) -> float:
    """The reviewing seat's curve value at decision ``index``."""
    seat = review.seat if review.seat is not None else 0
    value = review.curve[0].chances[seat] if review.curve else 0.0
    for p in review.curve:
        if p.index > index:
            break
        value = p.chances[seat]
    return value


def _marks(ax: Any, review: GameReview) -> None:
    """A thin line where a new season or round starts; winters shaded."""
    curve = review.curve
    for before, after in pairwise(curve):
        if after.stage.period != before.stage.period:
            ax.axvline(after.index, color="#999999", linewidth=0.6, alpha=0.6)
            if not after.stage.winter:
                label = after.stage.label.split(" ")
                ax.text(after.index, 0.99, " ".join(label[:3]), fontsize=6, va="top", color="#666666")
        if before.stage.winter:
            ax.axvspan(before.index, after.index, color="#bbbbbb", alpha=0.35, linewidth=0)


__all__ = ["draw_chart"]
