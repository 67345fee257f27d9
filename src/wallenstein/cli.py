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

from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer

from tabletop import cli_common as opts
from tabletop import tournament_cli as study_opts
from tabletop.cli_common import Lang
from tabletop.game_cli import GameCli, StudyRun, add_narrate_command, print_stats, simulation_stats, study_options
from tabletop.runner import run
from tabletop.watching import AgentsOpt, watch_agents
from wallenstein.board import COLOURS
from wallenstein.game import Game, new_game, replay
from wallenstein.narrate import narrate_game
from webtable.cli import add_server_commands

STYLES = {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow", "purple": "bold magenta", "black": "bold"}
GAME = GameCli("Wallenstein", "wallenstein", "wallenstein", STYLES, replay, narrate_game, score="VP")
app = GAME.app(
    "Wallenstein (2012 or 2002 edition, Big Box modules): play in the browser (serve, which also hosts League"
    " of Six), simulate games, watch one narrated, or run bot tournaments."
)


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
    players: int, seed: int, setup: str, edition: str, modules: tuple[str, ...], printed: Path | None, agents: str
) -> Game:
    """One logged game between ``agents`` (tabletop.watching; default random) seeded from the game seed."""
    game = new_game(
        players=players, seed=seed, setup=setup, log=True, edition=edition, modules=modules, printed=printed
    )
    run(game, watch_agents("wallenstein", agents, players, seed))
    return game


def _parts(setup: str, edition: str, modules: tuple[str, ...], printed: Path | None) -> Any:
    """The study parts for these options (checked here: a bad option fails before any game)."""
    from wallenstein.bots.tournament import WallensteinTournament

    new_game(players=3, edition=edition, modules=modules, printed=printed, log=False)
    return WallensteinTournament(setup, edition, tuple(sorted(modules)), str(printed) if printed else None)


def _title(edition: Edition, modules: tuple[str, ...]) -> str:
    return f"Wallenstein {edition.value}{''.join(' + ' + m for m in sorted(modules))}"


@app.command()
@study_options
def simulate(
    games: opts.GamesOpt = 100,
    players: opts.PlayersOpt = 4,
    seed: opts.SeedOpt = 0,
    setup: SetupOpt = Setup.lineup,
    edition: EditionOpt = Edition.e2012,
    modules: ModulesOpt = "",
    printed: PrintedOpt = None,
    *,
    where: StudyRun,
    quiet: opts.QuietOpt = False,
    as_json: opts.NumbersJsonOpt = False,
) -> None:
    """Play games between random agents and report wins, mean VP and speed (--out: keep every game)."""
    mods = _modules(modules)
    parts = partial(_parts, setup.value, edition.value, mods, printed)
    rows, pace = GAME.simulate(parts, players, seed, games, where, quiet or as_json)
    options = {"setup": setup.value, "edition": edition.value, "modules": sorted(mods)}
    means = {"mean_vp": "vp", "mean_thalers": "thalers"}
    stats = simulation_stats(
        {"games": games, "players": players, "seed": seed}, options, COLOURS[:players], rows, means, pace
    )
    headline = (
        f"{_title(edition, mods)}: {games} games,"
        f" {players} players, {setup.value} set-up, seeds {seed}..{seed + games - 1}, random agents"
    )
    money = "Mean gold" if edition.value == "2002" else "Mean thalers"
    print_stats(stats, as_json, [headline], [("Mean VP", "mean_vp"), (money, "mean_thalers")], STYLES)


@app.command()
def watch(
    seed: opts.SeedOpt = 0,
    players: opts.PlayersOpt = 4,
    setup: SetupOpt = Setup.lineup,
    edition: EditionOpt = Edition.e2012,
    modules: ModulesOpt = "",
    printed: PrintedOpt = None,
    history: opts.HistoryOpt = None,
    lang: opts.LangOpt = Lang.en,
    agents: AgentsOpt = "",
) -> None:
    """Play one game (random agents, or --agents) and tell it, event by event."""
    mods = _modules(modules)
    GAME.tell(partial(_play, players, seed, setup.value, edition.value, mods, printed, agents), history, lang)


add_narrate_command(app, GAME)


@app.command()
@study_options
def tournament(
    agents: Annotated[str, opts.agents_option(200)] = "search,heuristic,heuristic,heuristic",
    games: opts.RotatingGamesOpt = 100,
    seed: opts.SeedOpt = 0,
    workers: study_opts.WorkersOpt = 1,
    setup: SetupOpt = Setup.lineup,
    edition: EditionOpt = Edition.e2012,
    modules: ModulesOpt = "",
    *,
    where: StudyRun,
    as_json: opts.SummaryJsonOpt = False,
) -> None:
    """Play bots against each other: win rate with 95% CI, mean VP, rating and ms per decision."""
    names = GAME.lineup(agents)
    mods = _modules(modules)
    parts = partial(_parts, setup.value, edition.value, mods, None)
    GAME.tournament(parts, names, seed, games, where, as_json, f"{_title(edition, mods)}, {setup.value} set-up")


GAME.add_shared_commands(app, "Wallenstein 2012, line-up set-up", add_server_commands)  # serve, db: webtable.cli


def main() -> None:
    GAME.main(app)


if __name__ == "__main__":
    main()
