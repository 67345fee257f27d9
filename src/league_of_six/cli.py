"""The ``league-of-six`` command: simulate games between random agents, or watch one narrated.

    league-of-six simulate --games 500 --players 4 --seed 0
    league-of-six simulate --games 50 --players 5 --json --components my_tiles.json
    league-of-six watch --seed 1 --players 3
    league-of-six narrate game.history.json

Game ``i`` of a simulation uses seed ``S + i``; its agents are seeded from that game seed, so
``watch --seed S`` shows exactly game 0 of ``simulate --seed S``. Without ``--components`` the
balanced stand-in set is used and every output says so (L-01).
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from league_of_six.components import Components, resolve
from league_of_six.game import COLOURS, Game, new_game, replay
from league_of_six.narrate import narrate_game
from tabletop.cli_common import (
    Lang,
    LangOpt,
    PlayersOpt,
    SeedOpt,
    fail,
    load_history,
    make_app,
    print_simulation,
    print_story,
    save_history,
    story_styles,
    tally_rows,
)
from tabletop.errors import DataError, IllegalAction
from tabletop.evaluate_cli import add_evaluate_command
from tabletop.results import Study
from tabletop.runner import run
from tabletop.tournament_cli import (
    AddressOpt,
    BackendName,
    BackendOpt,
    HistoriesOpt,
    OutOpt,
    WorkersOpt,
    add_dataset_command,
    add_result_commands,
    play_study,
    run_tournament_command,
)
from tabletop.watching import AgentsOpt, RowOpt, watch_agents

app = make_app("league-of-six", "League of Six: simulate games between random agents, or watch one narrated.")

STYLES = {"red": "bold red", "yellow": "bold yellow", "green": "bold green", "blue": "bold blue", "black": "bold"}


class Side(StrEnum):
    white = "white"
    yellow = "yellow"


ComponentsOpt = Annotated[
    Path | None,
    typer.Option("--components", "-c", help="Component file (JSON) with the printed tiles; default: the stand-in set."),
]
SidesOpt = Annotated[Side, typer.Option("--sides", case_sensitive=False, help="Town tile sides in use.")]


def _components(path: Path | None) -> Components:
    try:
        return resolve(path)
    except DataError as exc:
        raise fail(str(exc)) from None


def _play(players: int, seed: int, comp: Components, sides: str, log: bool, agents: str = "") -> tuple[Game, int]:
    game = new_game(players=players, seed=seed, components=comp, sides=sides, log=log)
    outcome = run(game, watch_agents("league_of_six", agents, players, seed))
    return game, outcome.decisions


def _parts(components: Path | None, sides: str) -> Any:
    from league_of_six.bots.tournament import LeagueTournament

    return LeagueTournament(str(components) if components is not None else None, sides)


@app.command()
def simulate(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games to play.")] = 100,
    players: PlayersOpt = 4,
    seed: SeedOpt = 0,
    components: ComponentsOpt = None,
    sides: SidesOpt = Side.white,
    backend: BackendOpt = BackendName.process,
    address: AddressOpt = None,
    workers: WorkersOpt = 1,
    out: OutOpt = None,
    histories: HistoriesOpt = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the numbers as JSON.")] = False,
) -> None:
    """Play games between random agents and report wins, mean influence and speed (--out: keep every game)."""
    comp = _components(components)
    try:
        study = Study(
            _parts(components, sides.value),
            ("random",) * players,
            seed,
            games,
            facts=out is not None,
            histories=histories,
        )
        rows, pace = play_study(study, backend.value, workers, address, out, quiet or as_json)
    except IllegalAction as exc:
        raise fail(str(exc)) from None
    stats = {
        "games": games,
        "players": players,
        "seed": seed,
        "sides": sides.value,
        "components": {"name": comp.name, "set": comp.label, "standin": comp.standin},
        "seats": list(COLOURS[:players]),
        **tally_rows(rows, players, {"mean_influence": "influence"}),
        **pace,
    }
    if as_json:
        typer.echo(json.dumps(stats, ensure_ascii=False))
        return
    headline = [
        f"League of Six: {games} games, {players} players, seeds {seed}..{seed + games - 1}, random agents",
        f"Components: {comp.name} ({comp.label}); town sides: {sides.value}.",
    ]
    print_simulation(stats, headline, [("Mean influence", "mean_influence")], STYLES)


@app.command()
def watch(
    seed: SeedOpt = 0,
    players: PlayersOpt = 4,
    components: ComponentsOpt = None,
    sides: SidesOpt = Side.white,
    history: Annotated[
        Path | None, typer.Option("--history", help="Also save the game's history (JSON) to this file.")
    ] = None,
    lang: LangOpt = Lang.en,
    agents: AgentsOpt = "",
) -> None:
    """Play one game (random agents, or --agents) and tell it, event by event."""
    comp = _components(components)
    try:
        game, _ = _play(players, seed, comp, sides.value, log=True, agents=agents)
    except IllegalAction as exc:
        raise fail(str(exc)) from None
    if history is not None:
        save_history(history, game.history)
    print_story(narrate_game(game, lang.value), story_styles(STYLES, lang))


@app.command()
def narrate(
    history_file: Annotated[Path, typer.Argument(help="A history JSON file (Game.history) to replay and tell.")],
    lang: LangOpt = Lang.en,
    row: RowOpt = None,
) -> None:
    """Replay a saved history (or --row: a game of a results file) and tell the game."""
    print_story(narrate_game(load_history(history_file, replay, row), lang.value), story_styles(STYLES, lang))


@app.command()
def tournament(
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="Agents by seat, comma-separated: random, heuristic, search (options: search:simulations=100).",
        ),
    ] = "search,heuristic,heuristic,heuristic",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games (seats rotate).")] = 100,
    seed: SeedOpt = 0,
    workers: WorkersOpt = 1,
    components: ComponentsOpt = None,
    backend: BackendOpt = BackendName.process,
    address: AddressOpt = None,
    out: OutOpt = None,
    histories: HistoriesOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play bots against each other: win rate with 95% CI, mean influence, rating and ms per decision."""
    names = [a.strip() for a in agents.split(",")]
    if not 3 <= len(names) <= 5:
        raise fail(f"League of Six is played by 3 to 5 players; --agents lists {len(names)}")
    comp = _components(components)  # a bad file is reported before any game starts
    title = f"League of Six ({comp.label})"
    try:
        study = Study(_parts(components, "white"), tuple(names), seed, games, histories=histories)
        run_tournament_command(study, backend.value, workers, address, out, as_json, title, score="influence")
    except IllegalAction as exc:
        raise fail(str(exc)) from None


add_result_commands(app, "League of Six", score="influence")
add_dataset_command(app, "league_of_six")
add_evaluate_command(app, "league_of_six", "League of Six, stand-in set")


def main() -> None:
    app(prog_name="league-of-six")


if __name__ == "__main__":
    main()
