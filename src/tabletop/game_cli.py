"""The commands every game's command line has in the same form: ``narrate``, the bodies of
``simulate``, ``watch`` and ``tournament`` (each game declares their options, which differ, and hands
the work here), ``report``/``analyze``/``dataset``, and ``main``.

A game's cli.py describes itself once (:class:`GameCli`) and registers each shared command with one
line; commands of its own (or of another module) are registered the same way.
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import typer

from tabletop.cli_common import (
    HistoryFileArg,
    Lang,
    LangOpt,
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
from tabletop.review_cli import add_review_command
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
from tabletop.watching import RowOpt


class StudyRun(NamedTuple):
    """Where and how a study's games are played, as the study options of the command line give it."""

    backend: str
    workers: int
    address: str | None
    out: Path | None
    histories: bool


# The options that say where a study's games are played, in the order the command line lists them.
_STUDY_OPTIONS = (
    ("backend", BackendOpt, BackendName.process),
    ("address", AddressOpt, None),
    ("workers", WorkersOpt, 1),
    ("out", OutOpt, None),
    ("histories", HistoriesOpt, False),
)


def study_options(command: Callable[..., None]) -> Callable[..., None]:
    """A command that takes ``where: StudyRun`` gets the study options (``--backend``, ``--address``,
    ``--workers``, ``--out``, ``--histories``) in its place on the command line, declared once here; a
    command that declares ``workers`` itself (to list it earlier) keeps its own."""
    signature = inspect.signature(command, eval_str=True)
    params: list[inspect.Parameter] = []
    for param in signature.parameters.values():
        if param.name != "where":
            params.append(param)
            continue
        params += [
            inspect.Parameter(name, param.kind, default=default, annotation=kind)
            for name, kind, default in _STUDY_OPTIONS
            if name not in signature.parameters
        ]

    @functools.wraps(command)
    def run(**given: Any) -> None:
        study = {
            name: given[name] if name in signature.parameters else given.pop(name) for name, _, _ in _STUDY_OPTIONS
        }
        where = StudyRun(study["backend"].value, study["workers"], study["address"], study["out"], study["histories"])
        command(where=where, **given)

    run.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    return run


@dataclass(frozen=True)
class GameCli:
    """What the shared commands need to know of a game."""

    title: str  # the game's name in messages and reports, e.g. "League of Six"
    package: str  # its Python package, e.g. "league_of_six"
    prog: str  # its command, e.g. "league-of-six"
    styles: Mapping[str, str]  # seat colour -> Rich style
    replay: Callable[[Any], Any]  # a saved history -> the replayed game
    narrate_game: Callable[[Any, str], str]  # (game, language) -> its story
    score: str  # what its score is called in tournament tables ("VP", "influence")

    def app(self, help: str) -> typer.Typer:
        """The game's command group, without commands yet (they list in the order they are added)."""
        return make_app(self.prog, help)

    def add_stored_commands(self, app: typer.Typer) -> None:
        """``report``, ``analyze`` and ``dataset``: the commands that read result files."""
        add_result_commands(app, self.title, score=self.score)
        add_dataset_command(app, self.package)

    def add_shared_commands(self, app: typer.Typer, evaluated_on: str, *more: Callable[[typer.Typer], None]) -> None:
        """The commands every game's line adds after its own, in this order: the stored ones
        (:meth:`add_stored_commands`), ``evaluate`` (``evaluated_on``: the set-up its leaderboard is
        played on), ``review``, then each of ``more`` (e.g. the server's ``serve`` and ``db``)."""
        self.add_stored_commands(app)
        add_evaluate_command(app, self.package, evaluated_on)
        add_review_command(app, self.package)
        for add in more:
            add(app)

    def lineup(self, agents: str) -> tuple[str, ...]:
        """The agents by seat of a ``--agents`` list; a lineup of the wrong size is a clear error."""
        names = tuple(a.strip() for a in agents.split(","))
        if not 3 <= len(names) <= 5:
            raise fail(f"{self.title} is played by 3 to 5 players; --agents lists {len(names)}")
        return names

    def tell(self, play: Callable[[], Any], history: Path | None, lang: Lang) -> None:
        """``watch``: play one game (``play``), save its history when asked, and tell it."""
        try:
            game = play()
        except IllegalAction as exc:
            raise fail(str(exc)) from None
        if history is not None:
            save_history(history, game.history)
        print_story(self.narrate_game(game, lang.value), story_styles(self.styles, lang))

    def simulate(
        self, parts: Callable[[], Any], players: int, seed: int, games: int, where: StudyRun, quiet: bool
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """``simulate``: play (or resume) games between random agents; their result rows and pace."""
        try:
            study = Study(
                parts(), ("random",) * players, seed, games, facts=where.out is not None, histories=where.histories
            )
            return play_study(study, where.backend, where.workers, where.address, where.out, quiet)
        except IllegalAction as exc:
            raise fail(str(exc)) from None

    def tournament(
        self,
        parts: Callable[[], Any],
        names: Sequence[str],
        seed: int,
        games: int,
        where: StudyRun,
        as_json: bool,
        title: str,
    ) -> None:
        """``tournament``: play the lineup with seats rotating and print its summary."""
        try:
            study = Study(parts(), tuple(names), seed, games, histories=where.histories)
            run_tournament_command(
                study, where.backend, where.workers, where.address, where.out, as_json, title, score=self.score
            )
        except IllegalAction as exc:
            raise fail(str(exc)) from None

    def main(self, app: typer.Typer) -> None:
        app(prog_name=self.prog)


def simulation_stats(
    head: Mapping[str, Any],
    options: Mapping[str, Any],
    seats: Sequence[str],
    rows: Sequence[Mapping[str, Any]],
    means: Mapping[str, str],
    pace: Mapping[str, Any],
) -> dict[str, Any]:
    """A simulation's numbers in their printed order: ``head`` (games, players, seed), the game's
    ``options``, the seats, the tally of :func:`tally_rows` with ``means``, and the pace."""
    return {**head, **options, "seats": list(seats), **tally_rows(rows, len(seats), means), **pace}


def print_stats(
    stats: Mapping[str, Any],
    as_json: bool,
    headline: Sequence[str],
    columns: Sequence[tuple[str, str]],
    styles: Mapping[str, str],
) -> None:
    """A simulation's numbers as JSON, or as :func:`print_simulation`'s table."""
    if as_json:
        typer.echo(json.dumps(stats, ensure_ascii=False))
    else:
        print_simulation(stats, headline, columns, styles)


def add_narrate_command(app: typer.Typer, game: GameCli) -> None:
    """The ``narrate`` command: replay a saved history and tell it."""

    @app.command()
    def narrate(history_file: HistoryFileArg, lang: LangOpt = Lang.en, row: RowOpt = None) -> None:
        """Replay a saved history (or --row: a game of a results file) and tell the game."""
        story = game.narrate_game(load_history(history_file, game.replay, row), lang.value)
        print_story(story, story_styles(game.styles, lang))
