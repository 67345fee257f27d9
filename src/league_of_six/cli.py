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

from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer

from league_of_six.components import Components, resolve
from league_of_six.game import COLOURS, Game, new_game, replay
from league_of_six.narrate import narrate_game
from tabletop import cli_common as opts
from tabletop import tournament_cli as study_opts
from tabletop.cli_common import Lang, fail
from tabletop.errors import DataError
from tabletop.game_cli import GameCli, StudyRun, add_narrate_command, print_stats, simulation_stats, study_options
from tabletop.runner import run
from tabletop.watching import AgentsOpt, watch_agents
from webtable.cli import add_server_commands

STYLES = {"red": "bold red", "yellow": "bold yellow", "green": "bold green", "blue": "bold blue", "black": "bold"}
GAME = GameCli("League of Six", "league_of_six", "league-of-six", STYLES, replay, narrate_game, score="influence")
app = GAME.app("League of Six: simulate games between random agents, or watch one narrated.")


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


def _play(players: int, seed: int, comp: Components, sides: str, agents: str) -> Game:
    """One logged game between ``agents`` (tabletop.watching; default random) seeded from the game seed."""
    game = new_game(players=players, seed=seed, components=comp, sides=sides, log=True)
    run(game, watch_agents("league_of_six", agents, players, seed))
    return game


def _parts(components: Path | None, sides: str) -> Any:
    from league_of_six.bots.tournament import LeagueTournament

    return LeagueTournament(str(components) if components is not None else None, sides)


@app.command()
@study_options
def simulate(
    games: opts.GamesOpt = 100,
    players: opts.PlayersOpt = 4,
    seed: opts.SeedOpt = 0,
    components: ComponentsOpt = None,
    sides: SidesOpt = Side.white,
    *,
    where: StudyRun,
    quiet: opts.QuietOpt = False,
    as_json: opts.NumbersJsonOpt = False,
) -> None:
    """Play games between random agents and report wins, mean influence and speed (--out: keep every game)."""
    comp = _components(components)
    rows, pace = GAME.simulate(partial(_parts, components, sides.value), players, seed, games, where, quiet or as_json)
    options = {
        "sides": sides.value,
        "components": {"name": comp.name, "set": comp.label, "standin": comp.standin},
    }
    means = {"mean_influence": "influence"}
    stats = simulation_stats(
        {"games": games, "players": players, "seed": seed}, options, COLOURS[:players], rows, means, pace
    )
    headline = [
        f"League of Six: {games} games, {players} players, seeds {seed}..{seed + games - 1}, random agents",
        f"Components: {comp.name} ({comp.label}); town sides: {sides.value}.",
    ]
    print_stats(stats, as_json, headline, [("Mean influence", "mean_influence")], STYLES)


@app.command()
def watch(
    seed: opts.SeedOpt = 0,
    players: opts.PlayersOpt = 4,
    components: ComponentsOpt = None,
    sides: SidesOpt = Side.white,
    history: opts.HistoryOpt = None,
    lang: opts.LangOpt = Lang.en,
    agents: AgentsOpt = "",
) -> None:
    """Play one game (random agents, or --agents) and tell it, event by event."""
    GAME.tell(partial(_play, players, seed, _components(components), sides.value, agents), history, lang)


add_narrate_command(app, GAME)


@app.command()
@study_options
def tournament(
    agents: Annotated[str, opts.agents_option(100)] = "search,heuristic,heuristic,heuristic",
    games: opts.RotatingGamesOpt = 100,
    seed: opts.SeedOpt = 0,
    workers: study_opts.WorkersOpt = 1,
    components: ComponentsOpt = None,
    *,
    where: StudyRun,
    as_json: opts.SummaryJsonOpt = False,
) -> None:
    """Play bots against each other: win rate with 95% CI, mean influence, rating and ms per decision."""
    names = GAME.lineup(agents)
    comp = _components(components)  # a bad file is reported before any game starts
    GAME.tournament(
        partial(_parts, components, "white"), names, seed, games, where, as_json, f"League of Six ({comp.label})"
    )


GAME.add_shared_commands(app, "League of Six, stand-in set", add_server_commands)  # serve, db: webtable.cli


def main() -> None:
    GAME.main(app)


if __name__ == "__main__":
    main()
