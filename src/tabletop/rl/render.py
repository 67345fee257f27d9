"""A short text picture of a game for ``render_mode="ansi"`` (public facts only)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def ansi(game: Any, title: str, score_fields: Sequence[str]) -> str:
    """Title, phase, pending seats and per seat the named score fields of the spectator's view."""
    obs = game.observe(None)
    head = f"{title} | phase {obs['phase']} | pending {game.pending()}"
    rows = []
    for p, pl in enumerate(obs["players"]):
        rows.append(f"  player_{p}: " + ", ".join(f"{k} {pl[k]}" for k in score_fields if k in pl))
    if game.over:
        rows.append(f"  over: winners {game.result()['winners']}")
    return "\n".join([head, *rows])


__all__ = ["ansi"]
