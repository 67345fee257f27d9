"""The ``evaluate`` command of every game's command line: one agent through the fixed evaluation
protocol (:mod:`tabletop.evaluate`), its win rates with 95% intervals and its rating.

    wallenstein evaluate heuristic                 # the full protocol: 36 games
    wallenstein evaluate ismcts:preset=learned --quick
    league-of-six evaluate search:simulations=32 --out search32.jsonl   # kept game by game; resumed
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from tabletop.cli_common import fail
from tabletop.errors import IllegalAction
from tabletop.evaluate import PLAYERS, REFERENCE_RATINGS, REFERENCES, SEED, Protocol, evaluate, game_json, read_games
from tabletop.evaluate import summary as summarise
from tabletop.tournament_cli import say_interrupted, say_resumed, stop_on_sigterm


def _listed(text: str, allowed: tuple[Any, ...], cast: type) -> tuple[Any, ...]:
    try:
        got = tuple(cast(x.strip()) for x in text.split(",") if x.strip())
    except ValueError:
        raise IllegalAction(f"{text!r} is not a comma-separated list of {cast.__name__}") from None
    bad = [x for x in got if x not in allowed]
    if bad or not got:
        raise IllegalAction(f"choose among {', '.join(map(str, allowed))}; got {text!r}")
    return got


def _previous(out: Path | None, agent: str) -> list[Any]:
    if out is None or not out.exists():
        return []
    games = read_games(out.read_text().splitlines())
    others = {g.agent for g in games} - {agent}
    if others:
        raise IllegalAction(f"{out} holds games of another agent ({', '.join(sorted(others))})")
    return games


def run_evaluate(
    spec: Any, game: str, agent: str, protocol: Protocol, out: Path | None, workers: int, quiet: bool = False
) -> dict[str, Any]:
    """Play (or resume) the protocol and summarise it; raises IllegalAction for the caller."""
    done = _previous(out, agent)
    total = len(protocol.games())
    wanted = {(agent, t.players, t.reference, i) for t, i in protocol.games()}
    kept = [sum(g.key() in wanted for g in done)]
    if out is not None and kept[0] and not quiet:
        say_resumed(out, kept[0], total)
    handle = None
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        handle = out.open("a")

    def write(g: Any) -> None:
        if handle is not None:
            handle.write(game_json(g) + "\n")
            handle.flush()
        kept[0] += 1

    try:
        with stop_on_sigterm():
            games = evaluate(spec, agent, protocol, workers, done, write)
    except KeyboardInterrupt:
        raise say_interrupted(out, kept[0], total) from None
    finally:
        if handle is not None:
            handle.close()
    return summarise(games, REFERENCE_RATINGS[game])


def print_summary(result: dict[str, Any], title: str, protocol: Protocol) -> None:
    console = Console(highlight=False)
    size = "one game per table" if protocol.quick else f"{protocol.rounds} game(s) per seat per table"
    console.print(f"{title}: {result['agent']}, {result['all']['games']} games ({size}), seeds from {SEED}")
    table = Table(show_edge=False)
    for col in ("Against", "Games", "Win %", "95% CI", "Parity %"):
        table.add_column(col, justify="left" if col == "Against" else "right")
    rows = [(f"{ref}", r) for ref, r in result["references"].items()]
    rows += [(f"{p} players", r) for p, r in result["players"].items()] + [("all", result["all"])]
    for name, r in rows:
        lo, hi = r["ci95"]
        cells = (f"{100 * r['win_rate']:.1f}", f"{100 * lo:.1f}-{100 * hi:.1f}", f"{100 * r['parity']:.1f}")
        table.add_row(name, str(r["games"]), *cells)
    console.print(table)
    lo, hi = result["rating95"]
    console.print(
        f"Rating {result['rating']:.0f} (95% {lo:.0f}-{hi:.0f}): Bradley-Terry on the Elo scale against the"
        f" references' fixed ratings (random 1000). CPU {result['ms_per_decision']:.1f} ms per decision.",
        soft_wrap=True,
    )


def add_evaluate_command(app: typer.Typer, game: str, title: str) -> None:
    """Register ``evaluate`` on a game's command line (``game``: its leaderboard key, e.g. "wallenstein")."""

    @app.command("evaluate")
    def evaluate_agent(
        agent: Annotated[str, typer.Argument(help="The agent: kind[:option=value...], e.g. ismcts:preset=learned.")],
        quick: Annotated[bool, typer.Option("--quick", help="One game per table (9 games): a smoke test.")] = False,
        rounds: Annotated[int, typer.Option("--rounds", min=1, help="Games per seat at every table.")] = 1,
        players: Annotated[str, typer.Option("--players", help="Player counts, comma-separated.")] = "3,4,5",
        against: Annotated[str, typer.Option("--against", help="Reference bots, comma-separated.")] = ",".join(
            REFERENCES
        ),
        out: Annotated[
            Path | None, typer.Option("--out", "-o", help="Keep every game here (JSON Lines); resumed if it exists.")
        ] = None,
        workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="Games played at once.")] = 1,
        as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    ) -> None:
        """Measure an agent by the fixed protocol: win rates against random, heuristic and ISMCTS, 3-5 players."""
        from tabletop.leaderboard import GAMES

        spec = GAMES[game].spec()
        try:
            protocol = Protocol(rounds, quick, _listed(players, PLAYERS, int), _listed(against, REFERENCES, str))
            result = run_evaluate(spec, game, agent, protocol, out, workers, as_json)
        except (IllegalAction, ValueError, TypeError) as exc:
            raise fail(str(exc)) from None
        if as_json:
            typer.echo(json.dumps({**result, "protocol": protocol.describe()}))
            return
        print_summary(result, title, protocol)


__all__ = ["add_evaluate_command", "print_summary", "run_evaluate"]
