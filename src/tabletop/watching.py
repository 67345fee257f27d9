"""Who plays a watched game, and which game a narration tells: the ``--agents`` of ``watch`` and the
results-file rows of ``narrate``, shared by both games' command lines.

    wallenstein watch --seed 3 --agents ismcts:preset=learned,heuristic,heuristic,heuristic
    league-of-six watch --agents search:simulations=32          # one name: every seat
    wallenstein tournament --agents ismcts,heuristic,heuristic --games 4 --histories --out r.jsonl
    wallenstein narrate r.jsonl --row 2                          # game 2 of that tournament, told

Any bot kind of the game goes (``random``, ``heuristic``, ``search``, ``ismcts`` with options or a
preset, ``ppo:path=model.zip``, ``learned`` where it is installed). Each seat's agent is seeded with
``derive_seed(seed, seat)``, as every tournament game seeds its seats, so ``watch --seed S --agents
A,B,C`` is the game a tournament of A,B,C plays as its game 0 from seed S.
"""

from __future__ import annotations

import json
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any

import typer

from tabletop.agents import Agent, derive_seed
from tabletop.errors import IllegalAction

AgentsOpt = Annotated[
    str,
    typer.Option(
        "--agents",
        "-a",
        help="Agents by seat, comma-separated, or one for every seat: any bot kind with options"
        " (heuristic, search:simulations=32, ismcts:preset=learned, ppo:path=model.zip). Default: random.",
    ),
]
RowOpt = Annotated[
    int | None,
    typer.Option("--row", min=0, help="In a results file (tournament --histories --out): the game with this index."),
]


def watch_agents(package: str, names: str, players: int, seed: int) -> list[Agent]:
    """The seats' agents of a watched game of ``package`` ("wallenstein", "league_of_six"): ``names``
    by seat (one name: every seat; empty: random), each made and reset with ``derive_seed(seed, seat)``.
    Raises IllegalAction for a bad name or count, before anything is played."""
    from tabletop.tournament import parse_agent

    listed = [n.strip() for n in names.split(",")] if names.strip() else ["random"]
    if len(listed) == 1:
        listed *= players
    if len(listed) != players:
        raise IllegalAction(f"--agents lists {len(listed)} agents for {players} players (give one, or one per seat)")
    make = import_module(f"{package}.bots").make_agent
    agents = []
    for seat, name in enumerate(listed):
        kind, options = parse_agent(name)
        try:
            agent: Agent = make(kind, derive_seed(seed, seat), **options)
        except (TypeError, ValueError) as exc:
            raise IllegalAction(f"agent {name!r}: {exc}") from None
        agent.reset(seat, derive_seed(seed, seat))
        agents.append(agent)
    return agents


def history_from(path: Path, row: int | None) -> Any:
    """The history to narrate: the file itself (a saved ``Game.history``), or with ``row`` the game
    of that index in a results file written with ``--histories``. Raises IllegalAction or OSError."""
    text = path.read_text(encoding="utf-8")
    if row is None:
        return json.loads(text)
    for line in text.splitlines():
        if line.strip():
            entry = json.loads(line)
            if isinstance(entry, dict) and entry.get("index") == row:
                if "history" not in entry:
                    raise IllegalAction(f"row {row} of {path} holds no history: play it with --histories")
                return entry["history"]
    raise IllegalAction(f"{path} has no row with index {row}")


__all__ = ["AgentsOpt", "RowOpt", "history_from", "watch_agents"]
