"""``render_mode="rgb_array"``: a picture of the public board as a NumPy image (H x W x 3, uint8).

Drawn with matplotlib (the ``plots`` extra) from the spectator's view, ``observe(None)``, so it shows
nothing a seat could not see. Wallenstein: the 45 counties with the shapes the browser table draws
(``webtable/static/wallenstein_map.json``, made by ``webtable.mapgen``), each in its owner's colour
(grey: neutral, pale: out of play) with its armies; League of Six: the ring of towns in their
holders' colours with their numbers. Below, each seat's score. Colours are the table's.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.errors import IllegalAction

Image = npt.NDArray[np.uint8]
RENDER_MODES = ("ansi", "rgb_array")
WALLENSTEIN_COLOURS = ("#c0392b", "#2e6dbd", "#c99a08", "#8446a6", "#3a3a3a")  # red, blue, yellow, purple, black
LEAGUE_COLOURS = ("#c0392b", "#c99a08", "#2e7a3c", "#2e6dbd", "#3a3a3a")  # red, yellow, green, blue, black
NEUTRAL, OUT_OF_PLAY, PAPER = "#b8b0a0", "#efe9dc", "#e8e1cf"
DPI = 80


@cache
def _wallenstein_map() -> dict[str, Any]:
    text = resources.files("webtable").joinpath("static/wallenstein_map.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _canvas(width: float, height: float) -> tuple[Any, Any, Any]:
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - depends on the installed extras
        raise IllegalAction("render_mode='rgb_array' needs matplotlib: pip install '.[plots]'") from None
    fig = Figure(figsize=(width, height), dpi=DPI, facecolor=PAPER)
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.07, 1.0, 0.86))
    ax.set_axis_off()
    return fig, canvas, ax


def _pixels(fig: Any, canvas: Any) -> Image:
    canvas.draw()
    image: Image = np.asarray(canvas.buffer_rgba())[:, :, :3].copy()
    fig.clear()
    return image


def _scores(fig: Any, obs: dict[str, Any], key: str, colours: tuple[str, ...]) -> None:
    fig.text(0.02, 0.025, f"{key}:", fontsize=11)
    for p, player in enumerate(obs["players"]):
        fig.text(0.2 + p * 0.16, 0.025, f"P{p} {player[key]}", color=colours[p], fontsize=11, weight="bold")


def wallenstein_image(obs: dict[str, Any]) -> Image:
    board = _wallenstein_map()
    fig, canvas, ax = _canvas(6.0, 6.0 * board["height"] / board["width"] / 0.86)
    polygons, colours = [], []
    for name, county in obs["counties"].items():
        owner = county["owner"]
        colour = WALLENSTEIN_COLOURS[owner] if isinstance(owner, int) else NEUTRAL
        shape = board["counties"][name]
        polygons += shape["rings"]
        colours += [colour if county["in_play"] else OUT_OF_PLAY] * len(shape["rings"])
        if county["armies"]:
            x, y = np.mean(shape["rings"][0], axis=0)
            ax.text(x, y, str(county["armies"]), ha="center", va="center", fontsize=8, color="white", weight="bold")
    # One collection: a patch per county costs matplotlib a bounds update each (seconds for the map).
    ax.add_collection(_polygons(polygons, colours))
    ax.set_xlim(0, board["width"])
    ax.set_ylim(board["height"], 0)  # the map's y grows downwards, as on the page
    ax.set_title(f"{obs['phase']} · year {obs['year']} · {obs['season']}", fontsize=11)
    _scores(fig, obs, "vp", WALLENSTEIN_COLOURS)
    return _pixels(fig, canvas)


def league_image(obs: dict[str, Any]) -> Image:
    fig, canvas, ax = _canvas(6.0, 6.0)
    ring = obs["ring"]
    for k, key in enumerate(ring):
        angle = math.pi / 2 - 2 * math.pi * k / len(ring)
        x, y = math.cos(angle), math.sin(angle)
        town = obs["towns"][key]
        holder = town["holder"]
        colour = LEAGUE_COLOURS[holder] if isinstance(holder, int) and holder >= 0 else NEUTRAL
        ax.add_patch(_circle((x, y), 0.25, colour))
        ax.text(x, y, str(town["number"]), ha="center", va="center", fontsize=16, color="white", weight="bold")
        ax.text(1.4 * x, 1.4 * y, town["name"], ha="center", va="center", fontsize=10)
    ax.set_xlim(-1.75, 1.75)
    ax.set_ylim(-1.6, 1.6)
    ax.set_aspect("equal")
    ax.set_title(f"round {obs['round']} · {obs['phase']}", fontsize=11)
    _scores(fig, obs, "influence", LEAGUE_COLOURS)
    return _pixels(fig, canvas)


def _polygons(polygons: list[Any], colours: list[str]) -> Any:
    from matplotlib.collections import PolyCollection

    return PolyCollection(polygons, facecolors=colours, edgecolors="#5b4a35", linewidths=0.6)


def _circle(centre: tuple[float, float], radius: float, colour: str) -> Any:
    from matplotlib.patches import Circle

    return Circle(centre, radius, facecolor=colour, edgecolor="#3b2412", linewidth=1.5)


def rgb_array(game: Any) -> Image:
    """The public board of ``game`` (Wallenstein or League of Six) as an RGB image."""
    obs = game.observe(None)
    draw = {"wallenstein": wallenstein_image, "league_of_six": league_image}[game.config["game"]]
    return draw(obs)


__all__ = ["RENDER_MODES", "league_image", "rgb_array", "wallenstein_image"]
