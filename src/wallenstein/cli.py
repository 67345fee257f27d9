"""The ``wallenstein`` command: simulate games between random agents, or watch one narrated.

    wallenstein simulate --games 200 --players 4 --seed 0
    wallenstein simulate --games 20 --players 3 --seed 5 --setup draft --json
    wallenstein watch --seed 1 --players 4
    wallenstein watch --seed 1 --players 4 --edition 2002 --printed my_events.json
    wallenstein narrate tests/golden/wallenstein_2012_p4_seed1.history.json
    wallenstein tournament --agents search,heuristic,heuristic,heuristic --games 100 --seed 0 --workers 2

Game ``i`` of a simulation uses seed ``S + i``; its agents are seeded from that game seed, so
``watch --seed S`` shows exactly game 0 of ``simulate --seed S`` (same players and set-up).
Typer and Rich are imported here only: ``import wallenstein`` does not need them.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

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
from tabletop.errors import IllegalAction
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
from wallenstein.board import COLOURS
from wallenstein.game import Game, new_game, replay
from wallenstein.narrate import narrate_game

app = make_app(
    "wallenstein",
    "Wallenstein (2012 or 2002 edition, Big Box modules): play in the browser (serve, which also hosts League"
    " of Six), simulate games, watch one narrated, or run bot tournaments.",
)

STYLES = {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow", "purple": "bold magenta", "black": "bold"}


class Setup(StrEnum):
    lineup = "lineup"
    draft = "draft"


SetupOpt = Annotated[
    Setup, typer.Option("--setup", case_sensitive=False, help="Starting counties: default line-up or draft.")
]


class Edition(StrEnum):
    e2012 = "2012"
    e2002 = "2002"


EditionOpt = Annotated[Edition, typer.Option("--edition", help="Rules edition: 2012 (default) or 2002.")]
ModulesOpt = Annotated[
    str,
    typer.Option(
        "--modules", help="Big Box modules, comma-separated: emperors_court, landsknechte, military_leaders (2012)."
    ),
]
PrintedOpt = Annotated[
    Path | None,
    typer.Option("--printed", help="JSON file of printed values replacing stand-in tables (W-29), e.g. events_2002."),
]


def _modules(text: str) -> tuple[str, ...]:
    return tuple(m.strip() for m in text.split(",") if m.strip())


def _play(
    players: int,
    seed: int,
    setup: str,
    log: bool,
    edition: str = "2012",
    modules: tuple[str, ...] = (),
    printed: Path | None = None,
    agents: str = "",
) -> tuple[Game, int]:
    """One game between ``agents`` (default random) seeded from the game seed; returns it and its decision count."""
    game = new_game(players=players, seed=seed, setup=setup, log=log, edition=edition, modules=modules, printed=printed)
    outcome = run(game, watch_agents("wallenstein", agents, players, seed))
    return game, outcome.decisions


def _parts(setup: str, edition: str, modules: tuple[str, ...], printed: Path | None) -> Any:
    """The study parts for these options (checked here: a bad option fails before any game)."""
    from wallenstein.bots.tournament import WallensteinTournament

    new_game(players=3, edition=edition, modules=modules, printed=printed, log=False)
    return WallensteinTournament(setup, edition, tuple(sorted(modules)), str(printed) if printed else None)


@app.command()
def simulate(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games to play.")] = 100,
    players: PlayersOpt = 4,
    seed: SeedOpt = 0,
    setup: SetupOpt = Setup.lineup,
    edition: EditionOpt = Edition.e2012,
    modules: ModulesOpt = "",
    printed: PrintedOpt = None,
    backend: BackendOpt = BackendName.process,
    address: AddressOpt = None,
    workers: WorkersOpt = 1,
    out: OutOpt = None,
    histories: HistoriesOpt = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the numbers as JSON.")] = False,
) -> None:
    """Play games between random agents and report wins, mean VP and speed (--out: keep every game)."""
    try:
        parts = _parts(setup.value, edition.value, _modules(modules), printed)
        study = Study(parts, ("random",) * players, seed, games, facts=out is not None, histories=histories)
        rows, pace = play_study(study, backend.value, workers, address, out, quiet or as_json)
    except IllegalAction as exc:
        raise fail(str(exc)) from None
    stats = {
        "games": games,
        "players": players,
        "seed": seed,
        "setup": setup.value,
        "edition": edition.value,
        "modules": sorted(_modules(modules)),
        "seats": list(COLOURS[:players]),
        **tally_rows(rows, players, {"mean_vp": "vp", "mean_thalers": "thalers"}),
        **pace,
    }
    if as_json:
        typer.echo(json.dumps(stats))
        return
    headline = (
        f"Wallenstein {edition.value}{''.join(' + ' + m for m in stats['modules'])}: {games} games,"
        f" {players} players, {setup.value} set-up, seeds {seed}..{seed + games - 1}, random agents"
    )
    money = "Mean gold" if edition.value == "2002" else "Mean thalers"
    print_simulation(stats, [headline], [("Mean VP", "mean_vp"), (money, "mean_thalers")], STYLES)


@app.command()
def watch(
    seed: SeedOpt = 0,
    players: PlayersOpt = 4,
    setup: SetupOpt = Setup.lineup,
    edition: EditionOpt = Edition.e2012,
    modules: ModulesOpt = "",
    printed: PrintedOpt = None,
    history: Annotated[
        Path | None, typer.Option("--history", help="Also save the game's history (JSON) to this file.")
    ] = None,
    lang: LangOpt = Lang.en,
    agents: AgentsOpt = "",
) -> None:
    """Play one game (random agents, or --agents) and tell it, event by event."""
    try:
        game, _ = _play(
            players, seed, setup.value, True, edition.value, _modules(modules), printed=printed, agents=agents
        )
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
            help="Agents by seat, comma-separated: random, heuristic, search (options: search:simulations=200).",
        ),
    ] = "search,heuristic,heuristic,heuristic",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games (seats rotate).")] = 100,
    seed: SeedOpt = 0,
    workers: WorkersOpt = 1,
    setup: SetupOpt = Setup.lineup,
    edition: EditionOpt = Edition.e2012,
    modules: ModulesOpt = "",
    backend: BackendOpt = BackendName.process,
    address: AddressOpt = None,
    out: OutOpt = None,
    histories: HistoriesOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play bots against each other: win rate with 95% CI, mean VP, rating and ms per decision."""
    names = [a.strip() for a in agents.split(",")]
    if not 3 <= len(names) <= 5:
        raise fail(f"Wallenstein is played by 3 to 5 players; --agents lists {len(names)}")
    mods = _modules(modules)
    title = f"Wallenstein {edition.value}{''.join(' + ' + m for m in sorted(mods))}, {setup.value} set-up"
    try:
        study = Study(_parts(setup.value, edition.value, mods, None), tuple(names), seed, games, histories=histories)
        run_tournament_command(study, backend.value, workers, address, out, as_json, title)
    except IllegalAction as exc:
        raise fail(str(exc)) from None


add_result_commands(app, "Wallenstein", score="VP")
add_dataset_command(app, "wallenstein")
add_evaluate_command(app, "wallenstein", "Wallenstein 2012, line-up set-up")


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: SQLite in your data directory).")
    ] = None,
    bot_delay: Annotated[float, typer.Option("--bot-delay", min=0, help="Seconds between bot decisions.")] = 0.25,
    public_host: Annotated[
        list[str] | None, typer.Option("--public-host", help="A host name the table answers to (repeatable).")
    ] = None,
    origin: Annotated[
        list[str] | None, typer.Option("--origin", help="Another page origin allowed to call it (repeatable).")
    ] = None,
    limit: Annotated[
        list[str] | None, typer.Option("--limit", help="NAME=VALUE: a limit of docs/play/table.md (repeatable).")
    ] = None,
) -> None:
    """Play in the browser: start the table's web server and print its address."""
    from webtable.server import serve as run_server  # the web stack loads only for this command
    from webtable.settings import TableSettings

    settings = TableSettings(hosts=tuple(public_host or ()), origins=tuple(origin or ()))
    try:
        settings.set(limit or [])
    except ValueError as exc:
        raise fail(str(exc)) from None
    run_server(host, port, db, bot_delay, settings)


def main() -> None:
    app(prog_name="wallenstein")


if __name__ == "__main__":
    main()
