"""The drawn map (webtable/static/wallenstein_map.json): two counties share a border exactly when the
game says they are adjacent, computed from the shapes themselves."""

from __future__ import annotations

import itertools
import json
from importlib import resources
from typing import Any

from matplotlib.path import Path as Outline

from wallenstein.board import BOARD

Point = tuple[float, float]


def _map() -> dict[str, Any]:
    text = resources.files("webtable").joinpath("static/wallenstein_map.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _segments(rings: list[list[list[float]]]) -> set[frozenset[Point]]:
    out = set()
    for ring in rings:
        pts = [(p[0], p[1]) for p in ring]
        for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
            assert a != b
            out.add(frozenset((a, b)))
    return out


def _inside(x: float, y: float, rings: list[list[list[float]]]) -> bool:
    """Even-odd rule over all rings (holes count), by matplotlib's point-in-path test rather than a copy
    of the generator's own (tools/mapgen.py)."""
    return sum(bool(Outline(ring).contains_point((x, y))) for ring in rings) % 2 == 1


def test_every_county_is_drawn_and_its_label_lies_inside_it() -> None:
    counties = _map()["counties"]
    assert set(counties) == set(BOARD.keys)
    for key, shape in counties.items():
        assert shape["rings"] and all(len(r) >= 6 for r in shape["rings"]), key
        x, y = shape["label"]
        assert _inside(x, y, shape["rings"]), key


def test_shared_borders_are_exactly_the_game_adjacency() -> None:
    counties = _map()["counties"]
    segments = {k: _segments(v["rings"]) for k, v in counties.items()}
    drawn = {frozenset((a, b)) for a, b in itertools.combinations(segments, 2) if segments[a] & segments[b]}
    game = {frozenset((BOARD.keys[i], BOARD.keys[j])) for i in range(BOARD.n) for j in BOARD.neighbours[i]}
    assert len(game) == 114
    assert sorted(map(sorted, drawn - game)) == []  # borders the game does not have
    assert sorted(map(sorted, game - drawn)) == []  # adjacencies not drawn


def test_counties_do_not_overlap() -> None:
    """Sample points on a grid: none lies inside two counties."""
    data = _map()
    counties = data["counties"]
    boxes = {}
    for key, shape in counties.items():
        xs = [p[0] for r in shape["rings"] for p in r]
        ys = [p[1] for r in shape["rings"] for p in r]
        boxes[key] = (min(xs), min(ys), max(xs), max(ys))
    step = 7.0
    y = 3.3
    while y < data["height"]:
        x = 2.9
        while x < data["width"]:
            hits = [
                k
                for k, (x0, y0, x1, y1) in boxes.items()
                if x0 <= x <= x1 and y0 <= y <= y1 and _inside(x, y, counties[k]["rings"])
            ]
            assert len(hits) <= 1, (x, y, hits)
            x += step
        y += step


MIN_BORDER = 25.0  # map units of the 1000-unit-wide map: a border long enough to see (issue 17)


def test_every_adjacent_pair_shares_a_border_long_enough_to_see() -> None:
    """Not just a shared segment: every pair the game calls adjacent shares at least 25 units of border."""
    counties = _map()["counties"]
    lengths: dict[str, dict[frozenset[Point], float]] = {}
    for key, shape in counties.items():
        segs = {}
        for ring in shape["rings"]:
            pts = [(p[0], p[1]) for p in ring]
            for p, q in zip(pts, pts[1:] + pts[:1], strict=True):
                segs[frozenset((p, q))] = ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
        lengths[key] = segs
    short = []
    for i in range(BOARD.n):
        for j in BOARD.neighbours[i]:
            a, b = BOARD.keys[i], BOARD.keys[j]
            if a < b:
                shared = sum(lengths[a][s] for s in lengths[a].keys() & lengths[b].keys())
                if shared < MIN_BORDER:
                    short.append((a, b, round(shared, 1)))
    assert short == []


def test_names_sit_inside_their_county() -> None:
    counties = _map()["counties"]
    for key, shape in counties.items():
        assert _inside(shape["name"]["x"], shape["name"]["y"] - 3, shape["rings"]), key
