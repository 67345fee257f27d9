"""Registries: which games the table hosts and which bots can take a seat.

A game kind knows how to start a game from lobby options, rebuild one from its history, and what
static data its page needs. Any game object with the Wallenstein Game API plugs in: ``over``,
``players``, ``pending()``, ``legal_actions(seat)``, ``apply(seat, action)``, ``observe(seat)``,
``result()``, ``clone()``, ``history`` (secret: never sent) and ``log`` (public events).

Each game registers itself here (``register_game(GameKind(...))``) together with a page module
``static/<name>.js``; see docs/play/table.md. Bots of the same name for different games (each game's
``heuristic``) share one lobby entry and keep a factory per game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tabletop.agents import Agent, RandomAgent
from tabletop.errors import IllegalAction
from webtable.guard import clip, names_shown

MAX_NAME_SHOWN = 40  # characters of an unknown game's or bot's name echoed back (real ones are shorter)


class TableGame(Protocol):
    """What the server needs of a game object."""

    @property
    def over(self) -> bool: ...

    @property
    def players(self) -> int: ...

    def pending(self) -> list[int]: ...

    def legal_actions(self, seat: int) -> list[Any]: ...

    def apply(self, seat: int, action: Any) -> None: ...

    def observe(self, seat: int | None = ...) -> dict[str, Any]: ...

    def result(self) -> dict[str, Any]: ...

    def clone(self) -> Any: ...

    @property
    def history(self) -> list[dict[str, Any]]: ...

    @property
    def log(self) -> list[dict[str, Any]]: ...


class Narrator(Protocol):
    def feed(self, event: Mapping[str, Any]) -> list[str]: ...


@dataclass(frozen=True)
class GameKind:
    """One game the table hosts.

    ``new_game(players, seed, options)`` validates lobby options (IllegalAction with a clear message);
    ``replay(history)`` rebuilds a game from its stored history; ``lobby()`` describes the options for
    the lobby form; ``meta(lang)`` is static data for the page (board, names, labels in language ``lang``;
    None: English); ``seat_names`` names seats.
    ``action_json`` turns a legal action into its JSON form; ``replay_steps(history)`` (optional) yields
    the game after set-up and after each decision (the replay viewer; a generic fallback exists);
    ``preview(game, seat, action)`` (optional) tells what a decision may bring (e.g. a battle's odds)
    from public information only; ``narrator(game, lang)`` (optional) makes an object whose ``feed(event)``
    tells a public log event as lines of text in language ``lang`` ('en', 'de'; None: English).
    """

    name: str
    title: str
    players: tuple[int, ...]
    new_game: Callable[[int, int, Mapping[str, Any]], TableGame]
    replay: Callable[[list[dict[str, Any]]], TableGame]
    lobby: Callable[[], dict[str, Any]]
    meta: Callable[[str | None], dict[str, Any]]
    seat_names: tuple[str, ...]
    action_json: Callable[[Any], Any] = field(default=lambda a: a.to_json())
    replay_steps: Callable[[list[dict[str, Any]]], Iterator[TableGame]] | None = None
    preview: Callable[[TableGame, int, Any], dict[str, Any]] | None = None
    narrator: Callable[[TableGame, str | None], Narrator] | None = None
    # What every player may count on the board (Wallenstein: regions and winter forecast), public only.
    public_board: Callable[[TableGame], dict[str, Any] | None] | None = None
    # ``concurrent(before, after)``: the decision that led from ``before`` to ``after`` was one seat's
    # secret decision in a simultaneous round that is still open (Wallenstein's planning): what the
    # other seats decide on in that round is unchanged, so their decisions made before it still stand
    # (webtable.rooms.Room.moved_on_for). None: every decision moves the game on for every seat.
    concurrent: Callable[[TableGame, TableGame], bool] | None = None


def check_option_names(options: Any, known: frozenset[str], title: str) -> None:
    """IllegalAction unless the lobby's ``options`` are an object whose names are all ``known`` to the
    game ``title`` (each game's ``new_game`` checks the values it reads)."""
    if not isinstance(options, Mapping):
        raise IllegalAction("options must be an object", code="options_not_object")
    unknown = names_shown(set(options) - known)
    if unknown:
        raise IllegalAction(
            f"unknown {title} option(s) {unknown}; options are {sorted(known)}",
            code="unknown_options",
            params={"names": unknown},
        )


AgentFactory = Callable[[int, int], Agent]
"""``factory(seat, seed)`` -> an agent for that seat."""


@dataclass(frozen=True)
class BotKind:
    name: str
    label: str
    factory: AgentFactory
    games: frozenset[str] | None = None  # None: any game (the agent only looks at legal actions)
    per_game: Mapping[str, AgentFactory] = field(default_factory=dict)  # game -> its own factory

    def plays(self, game: str) -> bool:
        return self.games is None or game in self.games

    def make(self, game: str, seat: int, seed: int) -> Agent:
        """An agent for ``seat`` of a ``game`` game (that game's own factory when it has one)."""
        return self.per_game.get(game, self.factory)(seat, seed)


GAMES: dict[str, GameKind] = {}
BOTS: dict[str, BotKind] = {}


def register_game(kind: GameKind) -> None:
    GAMES[kind.name] = kind


def register_bot(kind: BotKind) -> None:
    """Register a bot; a bot of the same name for other games keeps its factories for those games."""
    old = BOTS.get(kind.name)
    if old is None or old.games is None or kind.games is None:
        BOTS[kind.name] = kind
        return
    factories = {g: old.per_game.get(g, old.factory) for g in old.games - kind.games}
    factories.update({g: kind.per_game.get(g, kind.factory) for g in kind.games})
    BOTS[kind.name] = BotKind(kind.name, old.label, kind.factory, frozenset(factories), factories)


def game_kind(name: Any) -> GameKind:
    kind = GAMES.get(name) if isinstance(name, str) else None
    if kind is None:
        shown = clip(str(name), MAX_NAME_SHOWN)  # (what a careless client sent is echoed back, clipped)
        raise IllegalAction(
            f"unknown game {shown!r}; the table hosts {sorted(GAMES)}", code="unknown_game", params={"name": shown}
        )
    return kind


def bot_kind(name: Any, game: str) -> BotKind:
    kind = BOTS.get(name) if isinstance(name, str) else None
    if kind is None:
        shown = clip(str(name), MAX_NAME_SHOWN)
        raise IllegalAction(
            f"unknown bot {shown!r}; bots are {sorted(BOTS)}", code="unknown_bot", params={"name": shown}
        )
    if not kind.plays(game):
        raise IllegalAction(
            f"bot {name!r} does not play {game}", code="bot_not_for_game", params={"name": name, "game": game}
        )
    return kind


def _random(seat: int, seed: int) -> Agent:
    return RandomAgent(seat, seed)


def install_defaults() -> None:
    """Register the games and bots that exist today (idempotent; the app calls it at start)."""
    from webtable import league_kind, wallenstein_kind

    register_game(wallenstein_kind.KIND)
    register_game(league_kind.KIND)
    register_bot(BotKind("random", "Random (weakest)", _random))
    wallenstein_kind.register_bots(register_bot)
    league_kind.register_bots(register_bot)
    # Trained policies named in TABLE_PPO_POLICIES (docs/research/rl.md); tabletop.rl imports nothing heavy here.
    from tabletop.rl.table_bots import register_ppo_bots

    register_ppo_bots(register_bot, BotKind)
