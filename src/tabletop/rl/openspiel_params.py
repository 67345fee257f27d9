"""The OpenSpiel game parameters of each game, and their translation to the engine's options.

OpenSpiel parameters are flat scalars (int, float, str, bool), printed in the game's string
(``wallenstein(modules=landsknechte,players=3,...)``), which is also how a game is serialized. So
lists are ``+``-separated strings (``modules=emperors_court+landsknechte``; a ``,`` would end the
parameter in that string) and the tower's probabilities are strings (``"2/3"``: OpenSpiel prints
floats to 15 digits, which would not give back the engine's default 2/3 exactly).

:func:`settings` checks every parameter when the game is loaded, by building the engine's game
once: a bad one raises :class:`pyspiel.SpielError` from ``pyspiel.load_game`` with the engine's
own message, never later.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tabletop.errors import IllegalAction
from tabletop.rl.spec import REWARDS

Params = Mapping[str, Any]
# "sampled": the engine's recorded chance from the seed; a clone draws a fresh future (a search
# cannot see the game's future). "seeded": a clone keeps the seed and so replays the same future.
# "explicit": every draw is an OpenSpiel chance node (tabletop.rl.openspiel_chance).
CHANCE_MODES = ("sampled", "seeded", "explicit")
COMMON = {"players": 4, "seed": 0, "reward": "win", "chance": "sampled"}
COMMON_DOC = {
    "players": "3, 4 or 5",
    "seed": "the game's seed (a non-negative integer): its set-up and, in play, every chance outcome",
    "reward": "`win`: 1/len(winners) to each winner (constant sum 1); `vp`: the seat's score minus the "
    "mean of the others' over a scale (zero sum; see docs/research/rl.md, Rewards)",
    "chance": "`sampled`: a clone (a search's) draws a fresh future; `seeded`: a clone keeps the seed and "
    "replays the same future (what OpenSpiel's clone checks expect; a search would see the future); "
    "`explicit`: every draw is a chance node with its exact outcome probabilities (the seed is unused)",
}


@dataclass(frozen=True)
class GameParams:
    """A game's parameters beyond :data:`COMMON`: defaults, documentation and ``to_options``, which
    turns all parameters into the engine's ``new_game`` options (IllegalAction when one is bad)."""

    defaults: Mapping[str, Any]
    doc: Mapping[str, str]
    to_options: Callable[[Params], dict[str, Any]]
    max_utility_vp: float  # a bound of the "vp" reward: the largest score over the scale, generous


@dataclass(frozen=True)
class Settings:
    players: int
    seed: int
    options: dict[str, Any]
    reward: str
    chance: str


def split_list(value: str) -> list[str]:
    """``"a+b"`` (or ``"a,b"``, as given in a dict) as ``["a", "b"]``; ``""`` as ``[]``."""
    return [v.strip() for v in value.replace(",", "+").split("+") if v.strip()]


def probability(name: str, value: Any) -> float:
    """A probability given as ``"2/3"``, ``"0.7"`` or a number."""
    try:
        p = float(Fraction(str(value)))
    except (ValueError, ZeroDivisionError):
        raise IllegalAction(f"{name} must be a probability such as 2/3 or 0.7, not {value!r}") from None
    if not 0.0 <= p <= 1.0:
        raise IllegalAction(f"{name} must lie in [0, 1], not {value!r}")
    return p


def _wallenstein_options(params: Params) -> dict[str, Any]:
    model = str(params["tower"])
    tower: dict[str, Any] = {"model": model, "p_drop": probability("tower_p_drop", params["tower_p_drop"])}
    if model == "probabilistic":
        tower["p_inside"] = probability("tower_p_inside", params["tower_p_inside"])
    elif str(params["tower_p_inside"]) != "1/3":
        raise IllegalAction(f"tower_p_inside is a parameter of the probabilistic tower, not of {model!r}")
    return {
        "edition": str(params["edition"]),  # an int parameter: OpenSpiel reads "2012" back as one
        "modules": split_list(str(params["modules"])),
        "setup": str(params["setup"]),
        "tower": tower,
    }


def _league_options(params: Params) -> dict[str, Any]:
    sides = split_list(str(params["sides"]))
    return {
        "sides": sides[0] if len(sides) == 1 else sides,  # one side for every town, or six in town order
        "components": str(params["components"]) or None,
    }


GAMES: dict[str, GameParams] = {
    "wallenstein": GameParams(
        defaults={
            "edition": 2012,
            "modules": "",
            "setup": "lineup",
            "tower": "probabilistic",
            "tower_p_drop": "2/3",
            "tower_p_inside": "1/3",
        },
        doc={
            "edition": "2012 or 2002",
            "modules": "Big Box modules, `+`-separated: `emperors_court`, `landsknechte`, `military_leaders` "
            "(2012 only)",
            "setup": "`lineup` or `draft`",
            "tower": "the dice tower's model: `probabilistic` or `memoryless`",
            "tower_p_drop": "a cube's chance to fall through (`2/3`)",
            "tower_p_inside": "the probabilistic tower's chance that a cube inside comes out (`1/3`)",
        },
        to_options=_wallenstein_options,
        max_utility_vp=5.0,  # 500 VP over the scale 100: far above any game's score
    ),
    "league_of_six": GameParams(
        defaults={"sides": "white", "components": ""},
        doc={
            "sides": "town tile sides: `white`, `yellow`, or six `+`-separated sides in town order",
            "components": "a component file's path (empty: the stand-in set, L-01)",
        },
        to_options=_league_options,
        max_utility_vp=5.0,  # 250 influence over the scale 50
    ),
}


def defaults(game: str) -> dict[str, Any]:
    """Every parameter of ``game`` with its default (OpenSpiel's parameter specification)."""
    return {**COMMON, **GAMES[game].defaults}


def settings(game: str, params: Params) -> Settings:
    """The checked settings of ``params`` (IllegalAction names the bad one)."""
    full = {**defaults(game), **params}
    for name in ("players", "seed"):
        if isinstance(full[name], bool) or not isinstance(full[name], int):
            raise IllegalAction(f"{name} must be an integer, not {full[name]!r}")
    if full["reward"] not in REWARDS:
        raise IllegalAction(f"reward must be one of {list(REWARDS)}, not {full['reward']!r}")
    if full["chance"] not in CHANCE_MODES:
        raise IllegalAction(f"chance must be one of {list(CHANCE_MODES)}, not {full['chance']!r}")
    options = GAMES[game].to_options(full)
    return Settings(full["players"], full["seed"], options, full["reward"], full["chance"])


def canonical(game: str, params: Params) -> dict[str, Any]:
    """``params`` as the game keeps them (lists ``+``-separated), so its string loads it again."""
    out = dict(params)
    if "modules" in out and "modules" in GAMES[game].defaults:  # a set: in the engine's (sorted) order
        out["modules"] = "+".join(sorted(split_list(str(out["modules"]))))
    if "sides" in out and "sides" in GAMES[game].defaults:  # in town order
        out["sides"] = "+".join(split_list(str(out["sides"])))
    for name in ("tower_p_drop", "tower_p_inside"):
        if name in out:  # as a fraction: "0.7" would be read back as a float, not the string it is
            with suppress(ValueError, ZeroDivisionError):  # else settings() names the bad value
                out[name] = str(Fraction(str(out[name])))
    return out


__all__ = ["CHANCE_MODES", "COMMON", "GAMES", "GameParams", "Settings", "canonical", "defaults", "settings"]
