"""League of Six on the table: lobby options, replays, the component data the page draws, a preview
of the tax-tile rotation, and its bots.

The table plays the shipped stand-in component set (ruling L-01: the printed tiles are not public);
the lobby and the page call it the "stand-in set". A printed set entered by an owner of the game is
played with the command line (``league-of-six ... --components FILE``), not here: the page draws the
tiles from this kind's static ``meta()``, which holds the stand-in set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from league_of_six import game as lgame
from league_of_six.actions import ROTATE_KIND, Action
from league_of_six.cleanup import AWARDS
from league_of_six.components import GOODS, KINDS, PILE_FIGURES, ROUNDS, SIDES, SYMBOLS, Counts, standin
from league_of_six.narrate import KIND_NAMES, Narrator
from tabletop.errors import IllegalAction
from webtable.levels import lobby_levels, register_game_bots
from webtable.registry import BotKind, GameKind, TableGame, check_option_names

GAME = "league_of_six"
OPTION_KEYS = frozenset({"sides", "components"})
COMPONENTS = {"standin": "stand-in set"}  # what the lobby offers (L-01)
SIDE_LABELS = {"white": "White sides (first games)", "yellow": "Yellow sides (advanced)"}
PHASE_LABELS = {
    "choose": "choosing towns",
    "offer": "guard offer",
    "respond": "answering a guard offer",
    "rotate": "collecting taxes",
    "store": "storing goods",
    "bonus": "civic row bonus",
    "over": "game over",
}


def new_game(players: int, seed: int, options: Mapping[str, Any]) -> TableGame:
    check_option_names(options, OPTION_KEYS, "League of Six")
    sides = options.get("sides", "white")
    if sides not in SIDES:
        raise IllegalAction(
            f"town sides are {list(SIDES)} (one side for all six towns), not {sides!r}", code="bad_sides"
        )
    components = options.get("components", "standin")
    if components not in COMPONENTS:
        raise IllegalAction(
            f"the table plays the stand-in set (components 'standin'), not {components!r}; a printed set is"
            " played with the command line's --components (L-01)",
            code="bad_components",
        )
    return lgame.new_game(players=players, seed=seed, sides=sides)


def replay(history: list[dict[str, Any]]) -> TableGame:
    return lgame.replay(history)


def replay_steps(history: list[dict[str, Any]]) -> Iterator[TableGame]:
    """The game after set-up and after each decision, from one replay (O(n))."""
    return lgame.Game.replay_steps(history)


def lobby() -> dict[str, Any]:
    """The lobby form's options: the town tile side and the component set (only the stand-in)."""
    return {
        "players": list(lgame.PLAYERS),
        "selects": [
            {
                "name": "sides",
                "label": "Town tiles",
                "choices": [{"name": s, "label": SIDE_LABELS[s], "playable": True} for s in SIDES],
            },
            {
                "name": "components",
                "label": "Components",
                "choices": [{"name": k, "label": v, "playable": True} for k, v in COMPONENTS.items()],
                "note": "The printed tiles are not public (ruling L-01): the table plays a balanced stand-in set.",
            },
        ],
        "levels": _levels(),
    }


def _levels() -> list[dict[str, Any]]:
    from league_of_six.bots import LEVELS

    return lobby_levels(LEVELS)


def _symbols(counts: Counts) -> list[str]:
    return [sym for sym, n in zip(SYMBOLS, counts, strict=True) for _ in range(n)]


def meta(lang: str | None = None) -> dict[str, Any]:
    """The stand-in component set and the keys the page needs (public, identical for every game); the
    page words them from its own catalogue, so ``lang`` changes nothing here."""
    comp = standin()
    return {
        "components": {"name": comp.name, "set": comp.label, "standin": comp.standin},
        "towns": [
            {
                "key": t.key,
                "name": t.name,
                "number": t.number,
                "sides": {side: [_symbols(e) for e in t.sides[i]] for i, side in enumerate(SIDES)},
            }
            for t in comp.towns
        ],
        "tax_tiles": [
            {
                "arrows": list(tile.arrows),
                "centre": _symbols(tile.centre),
                "leader": lgame.Game.leader_json(tile.leader) if tile.leader is not None else None,
                "rotations": list(comp.rotations[i]),
            }
            for i, tile in enumerate(comp.tax_tiles)
        ],
        "goods": list(GOODS),
        "symbols": list(SYMBOLS),
        "kinds": {k: list(KIND_NAMES[k]) for k in KINDS},
        "piles": list(PILE_FIGURES),
        "colours": list(lgame.COLOURS),
        "phases": PHASE_LABELS,
        "rounds": ROUNDS,
        "awards": {str(p): list(v) for p, v in AWARDS.items()},
    }


def preview(game: Any, seat: int, action: Any) -> dict[str, Any]:
    """What each way of turning the tax tile yields, for the seat collecting now.

    Every legal rotation is tried on a copy of the game and its ``collect`` event read: guards,
    horses, goods (no more than the supply holds) and the gray card, if one is left. All of it is
    public (the tiles, the supply, the gray cards); the copies are thrown away.
    """
    if not isinstance(game, lgame.Game):
        raise IllegalAction("not a League of Six game")
    act = action if isinstance(action, Action) else Action.from_json(action)
    game.clone().apply(seat, act)  # IllegalAction if the decision is not allowed now
    if act.kind != ROTATE_KIND:
        return {"kind": act.kind}
    start = len(game.log)
    yields = []
    town = ""
    for option in game.legal_actions(seat):
        trial = game.clone()
        trial.apply(seat, option)
        got = next(e for e in trial.log[start:] if e["e"] == "collect")
        town = got["town"]
        yields.append(
            {
                "turn": option.a,
                "guards": got["guards"],
                "horses": got["horses"],
                "goods": dict(zip(GOODS, got["goods"], strict=True)),
                "short": dict(zip(GOODS, got["short"], strict=True)),
                "card": got["card"],
                "wanted_card": got["wanted_card"],
            }
        )
    return {"kind": "rotate", "town": town, "turn": act.a, "yields": yields}


def narrator(game: TableGame, lang: str | None = None) -> Narrator:
    """The log's narrator in ``lang`` (every table game plays the stand-in set, so ``game`` adds nothing)."""
    return Narrator(standin(), lang)


def register_bots(register: Callable[[BotKind], None]) -> None:
    """League of Six's own bots (``league_of_six.bots.make_agent``): the kinds heuristic, search and
    ismcts, and the difficulty levels."""
    from league_of_six.bots import LEVELS, make_agent

    register_game_bots(register, GAME, LEVELS, make_agent)


KIND = GameKind(
    name=GAME,
    title=lgame.Game.TITLE,
    players=lgame.PLAYERS,
    new_game=new_game,
    replay=replay,
    lobby=lobby,
    meta=meta,
    seat_names=tuple(c.capitalize() for c in lgame.COLOURS),
    replay_steps=replay_steps,
    preview=preview,
    narrator=narrator,
)
