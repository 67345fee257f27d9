"""Draw the Wallenstein map: 45 county shapes whose shared borders are exactly the game's adjacency.

A build tool, not part of the installed server: run it from the repository root,
``PYTHONPATH=src python tools/mapgen.py [--reuse] [--out FILE]``, to write
``src/webtable/static/wallenstein_map.json`` (the file the table's page draws, committed). The search
takes minutes; ``--reuse`` starts from the waypoints in the file (seconds) and gives the same file.

How: a fine hexagonal grid covers the land near the county centres (``wallenstein_map_positions.json``,
a layout hint read off the printed board). Counties grow from their centres, nearest cells first
(distance divided by a per-county weight, a power-diagram-like growth), and a cell may join a county
only if every county already touching it is that county or one of its neighbours in the game, so no
border appears that the game does not have. Where a border the game has is missing, both counties'
weights grow and the map is grown again. Cells no county may take stay as impassable land. Borders are
then smoothed by moving the shared corner points (each corner belongs to all counties around it, so
borders stay shared exactly). Hex corners meet three cells that touch each other, so counties never
touch at a single point. Deterministic: no randomness.
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
from importlib import resources
from pathlib import Path
from typing import Any

from wallenstein.board import BOARD

WIDTH = 1000.0
HEIGHT = 1055.0  # the printed map's county area is a little taller than wide
HEX = 8.0  # hexagon circumradius in map units
LAND = 70.0  # cells this close to some county centre are land ...
ALONG = 55.0  # ... and cells this close to the line between two adjacent counties' centres
MARGIN = 30.0

Cell = tuple[int, int]
Corner = tuple[int, int]  # a hex corner's position times 100, rounded: equal for every cell around it


def _positions() -> dict[str, tuple[float, float]]:
    text = resources.files("wallenstein").joinpath("data/wallenstein_map_positions.json").read_text("utf-8")
    raw = json.loads(text)["counties"]
    return {k: (MARGIN + x * (WIDTH - 2 * MARGIN), MARGIN + y * (HEIGHT - 2 * MARGIN)) for k, (x, y) in raw.items()}


def _region_points() -> dict[str, tuple[float, float]]:
    text = resources.files("wallenstein").joinpath("data/wallenstein_map_positions.json").read_text("utf-8")
    return {k: (x, y) for k, (x, y) in json.loads(text)["regions"].items()}


def _scaled(x: float, y: float) -> list[float]:
    return [round(MARGIN + x * (WIDTH - 2 * MARGIN), 1), round(MARGIN + y * (HEIGHT - 2 * MARGIN), 1)]


def _centre(cell: Cell) -> tuple[float, float]:
    col, row = cell
    w = math.sqrt(3) * HEX
    return (col * w + (w / 2 if row % 2 else 0.0), row * 1.5 * HEX)


def _neighbours(cell: Cell) -> list[Cell]:
    col, row = cell
    odd = row % 2
    cols = (col, col + 1) if odd else (col - 1, col)
    return [
        (col - 1, row),
        (col + 1, row),
        (cols[0], row - 1),
        (cols[1], row - 1),
        (cols[0], row + 1),
        (cols[1], row + 1),
    ]


def _corners(cell: Cell) -> list[Corner]:
    """The cell's six corners as integer keys (shared exactly by the cells around a corner), clockwise."""
    cx, cy = _centre(cell)
    out = []
    for k in range(6):
        a = math.radians(60 * k - 90)
        out.append((round((cx + HEX * math.cos(a)) * 100), round((cy + HEX * math.sin(a)) * 100)))
    return out


def _cell_at(x: float, y: float) -> Cell:
    w = math.sqrt(3) * HEX
    row = round(y / (1.5 * HEX))
    return (round((x - (w / 2 if row % 2 else 0.0)) / w), row)


def _spine(centre: tuple[float, float], waypoints: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A county's seed points: its centre and a line of points out to each waypoint."""
    points = [centre]
    for wx, wy in waypoints:
        steps = max(1, int(math.hypot(wx - centre[0], wy - centre[1]) / HEX))
        points.extend(
            (centre[0] + (wx - centre[0]) * t / steps, centre[1] + (wy - centre[1]) * t / steps)
            for t in range(1, steps + 1)
        )
    return points


def grow(seeds: dict[str, list[tuple[float, float]]], land: set[Cell]) -> dict[Cell, str]:
    """Counties grow from their centres, cells nearest to their seed points first (so a county follows
    its waypoint lines); a cell joins a county only if every county already touching it is that
    county or one of its neighbours in the game."""
    adjacent = {k: {BOARD.keys[j] for j in BOARD.neighbours[i]} for i, k in enumerate(BOARD.keys)}
    owner: dict[Cell, str] = {}
    heap: list[tuple[float, Cell, str]] = []
    for key in sorted(seeds):  # growth starts at the centre only, so every county is in one piece
        heapq.heappush(heap, (0.0, _cell_at(*seeds[key][0]), key))
    while heap:
        _, cell, key = heapq.heappop(heap)
        if cell in owner or cell not in land:
            continue
        if any(owner.get(n, key) != key and owner[n] not in adjacent[key] for n in _neighbours(cell)):
            continue
        owner[cell] = key
        for n in _neighbours(cell):
            if n not in owner and n in land:
                x, y = _centre(n)
                d = min(math.hypot(x - sx, y - sy) for sx, sy in seeds[key])
                heapq.heappush(heap, (d, n, key))
    return owner


def borders_of(owner: dict[Cell, str]) -> set[frozenset[str]]:
    out = set()
    for cell, key in owner.items():
        for n in _neighbours(cell):
            other = owner.get(n)
            if other is not None and other != key:
                out.add(frozenset((key, other)))
    return out


def game_borders() -> set[frozenset[str]]:
    return {frozenset((BOARD.keys[i], BOARD.keys[j])) for i in range(BOARD.n) for j in BOARD.neighbours[i]}


def _connected(owner: dict[Cell, str]) -> bool:
    by: dict[str, set[Cell]] = {}
    for cell, key in owner.items():
        by.setdefault(key, set()).add(cell)
    if len(by) != BOARD.n:
        return False
    for cells in by.values():
        first = next(iter(cells))
        seen = {first}
        todo = [first]
        while todo:
            for n in _neighbours(todo.pop()):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(cells):
            return False
    return True


def _score(owner: dict[Cell, str]) -> int:
    if not _connected(owner):
        return 10_000
    return len(game_borders() - borders_of(owner))


def assign(
    known: dict[str, list[list[float]]] | None = None, max_rounds: int = 40, verbose: bool = False
) -> tuple[dict[Cell, str], dict[str, list[list[float]]]]:
    """Grow the counties, adding waypoints (a county reaching out towards a neighbour it must touch)
    greedily until every border of the game exists; returns the cells and the waypoints used.
    ``known`` waypoints (from a previous run's output) are used first, which makes a rerun fast."""
    centres = _positions()
    land = _all_land()
    waypoints: dict[str, list[tuple[float, float]]] = {k: [] for k in centres}
    for k, points in (known or {}).items():
        waypoints[k] = [(x, y) for x, y in points]

    def seeds() -> dict[str, list[tuple[float, float]]]:
        return {k: _spine(centres[k], waypoints[k]) for k in centres}

    owner = grow(seeds(), land)
    best = _score(owner)
    for _ in range(max_rounds):
        missing = sorted(tuple(sorted(p)) for p in game_borders() - borders_of(owner))
        if not missing:
            return owner, {k: [[round(x, 1), round(y, 1)] for x, y in v] for k, v in waypoints.items() if v}
        a, b = missing[0]
        choice = None
        for reach, grower, target in ((a, a, b), (b, b, a)):
            (gx, gy), (tx, ty) = centres[grower], centres[target]
            dx, dy = tx - gx, ty - gy
            for u in (0.45, 0.6, 0.75, 0.9):
                for v in (0.0, -0.25, 0.25, -0.5, 0.5, -0.8, 0.8):
                    p = (gx + u * dx - v * dy, gy + u * dy + v * dx)
                    if _cell_at(*p) not in land:
                        continue
                    waypoints[reach].append(p)
                    trial = grow(seeds(), land)
                    waypoints[reach].pop()
                    score = _score(trial)
                    fixed = frozenset((a, b)) in borders_of(trial)
                    if fixed and (choice is None or score < choice[0]):
                        choice = (score, reach, p, trial)
        if choice is None:
            raise RuntimeError(f"no waypoint draws the border {a}-{b}")
        score, reach, p, owner = choice
        waypoints[reach].append(p)
        best = score
        if verbose:
            print(f"{reach} reaches out to {p[0]:.0f},{p[1]:.0f} for {a}-{b}: {best} border(s) missing", flush=True)
    raise RuntimeError(f"borders still missing after {max_rounds} waypoints: {best}")


MIN_EDGES = 5  # hex edges every shared border has at least: about 30 map units once smoothed


def _edge_counts(owner: dict[Cell, str]) -> dict[tuple[str, str], int]:
    """How many hex edges each pair of counties shares."""
    out: dict[tuple[str, str], int] = {}
    for cell, key in owner.items():
        for n in _neighbours(cell):
            other = owner.get(n)
            if other is not None and key < other:
                out[(key, other)] = out.get((key, other), 0) + 1
    return out


def _delta(owner: dict[Cell, str], cell: Cell, new: str | None) -> dict[tuple[str, str], int]:
    """The change in shared edges per pair if ``cell`` went to ``new`` (None: to no county)."""
    old = owner.get(cell)
    out: dict[tuple[str, str], int] = {}
    for n in _neighbours(cell):
        other = owner.get(n)
        if other is None:
            continue
        for key, sign in ((old, -1), (new, 1)):
            if key is not None and key != other:
                pair = (key, other) if key < other else (other, key)
                out[pair] = out.get(pair, 0) + sign
    return out


def widen(owner: dict[Cell, str], minimum: int = MIN_EDGES) -> dict[Cell, str]:
    """Lengthen every short border, one cell at a time: a cell next to both counties of a short border
    goes to one of them (or, if that helps, to none), when the game's adjacency stays exact, every
    county stays in one piece and no other border drops below ``minimum``. Greedy and deterministic."""
    adjacent = {k: {BOARD.keys[j] for j in BOARD.neighbours[i]} for i, k in enumerate(BOARD.keys)}
    game = game_borders()
    owner = dict(owner)
    while True:
        counts = _edge_counts(owner)
        pairs = [(a, b) for a, b in (sorted(border) for border in game)]
        short = sorted((counts.get(p, 0), p) for p in pairs if counts.get(p, 0) < minimum)
        if not short:
            return owner
        for _, (a, b) in short:
            near = {n for cell, k in owner.items() if k in (a, b) for n in _neighbours(cell)}
            near |= {m for n in near for m in _neighbours(n)}
            tries = []
            for cell in sorted(near):
                for new in (a, b, None):
                    if new == owner.get(cell):
                        continue
                    if new is not None and any(
                        owner.get(n, new) != new and owner[n] not in adjacent[new] for n in _neighbours(cell)
                    ):
                        continue
                    d = _delta(owner, cell, new)
                    gain = d.get((a, b), 0)
                    if gain > 0 and all(counts.get(p, 0) + v >= min(minimum, counts.get(p, 0)) for p, v in d.items()):
                        tries.append((-gain, cell, new or ""))
            for _, cell, new in sorted(tries):
                trial = dict(owner)
                if new:
                    trial[cell] = new
                else:
                    del trial[cell]
                if borders_of(trial) == game and _connected(trial):
                    owner = trial
                    break
            else:
                continue
            break
        else:
            raise RuntimeError(f"cannot lengthen the borders {[p for _, p in short]}")


def _rings(cells: list[Cell]) -> list[list[Corner]]:
    """The outline(s) of a set of cells as rings of corner keys (edges between two own cells cancel).

    A hex corner touches three cells, so an outline never passes a corner twice."""
    directed: set[tuple[Corner, Corner]] = set()
    for cell in cells:
        cs = _corners(cell)
        for k in range(6):
            a, b = cs[k], cs[(k + 1) % 6]
            if (b, a) in directed:
                directed.discard((b, a))
            else:
                directed.add((a, b))
    nxt = dict(sorted(directed))
    rings = []
    while nxt:
        first = min(nxt)
        ring = [first]
        cur = nxt.pop(first)
        while cur != first:
            ring.append(cur)
            cur = nxt.pop(cur)
        rings.append(ring)
    return rings


def smooth(
    rings: dict[str, list[list[tuple[int, int]]]], rounds: int = 6
) -> dict[tuple[int, int], tuple[float, float]]:
    """Corner positions after moving each border corner towards the middle of its two border neighbours.

    Corners where three shapes (or a shape and empty land) meet stay put, so every border keeps its ends.
    """
    links: dict[Corner, set[Corner]] = {}
    owners: dict[Corner, set[str]] = {}
    for key, rs in rings.items():
        for ring in rs:
            for i, v in enumerate(ring):
                links.setdefault(v, set()).update((ring[i - 1], ring[(i + 1) % len(ring)]))
                owners.setdefault(v, set()).add(key)
    pos = {v: (v[0] / 100, v[1] / 100) for v in links}
    movable = [v for v, ns in links.items() if len(ns) == 2 and len(owners[v]) <= 2]
    for _ in range(rounds):
        new = dict(pos)
        for v in movable:
            a, b = (pos[n] for n in links[v])
            x, y = pos[v]
            new[v] = (0.5 * x + 0.25 * (a[0] + b[0]), 0.5 * y + 0.25 * (a[1] + b[1]))
        pos = new
    return pos


def build(known: dict[str, list[list[float]]] | None = None, verbose: bool = False) -> dict[str, Any]:
    owner, waypoints = assign(known, verbose=verbose)
    owner = widen(owner)
    by_county: dict[str, list[Cell]] = {}
    for cell, key in owner.items():
        by_county.setdefault(key, []).append(cell)
    rings = {key: _rings(sorted(cells)) for key, cells in by_county.items()}
    waste = _rings(sorted(c for c in _all_land() if c not in owner))
    pos = smooth({**rings, "": waste})
    centres = _positions()

    def points(ring: list[Corner]) -> list[list[float]]:
        return [[round(pos[v][0], 1), round(pos[v][1], 1)] for v in ring]

    counties: dict[str, dict[str, Any]] = {}
    for key in BOARD.keys:
        xs = [_centre(c)[0] for c in by_county[key]]
        ys = [_centre(c)[1] for c in by_county[key]]
        counties[key] = {
            "rings": [points(r) for r in rings[key]],
            "label": [round(centres[key][0], 1), round(centres[key][1], 1)],
            "centroid": [round(sum(xs) / len(xs), 1), round(sum(ys) / len(ys), 1)],
        }
    taken: list[
        tuple[float, float, float, float]
    ] = []  # what region names must not cover: every county's name box and marks
    for i, key in enumerate(BOARD.keys):
        counties[key]["name"] = _place_name(BOARD.names[i], counties[key])
        nm, (x0, y0) = counties[key]["name"], counties[key]["label"]
        w = max(len(BOARD.names[i]) * CHAR_WIDTH * nm["size"], 44.0) + 4
        taken.append((nm["x"] - w / 2, nm["y"] - nm["size"] - 2, nm["x"] + w / 2, nm["y"] + VALUES_H))
        taken.append((x0 + MARKS[0], y0 + MARKS[1], x0 + MARKS[2], y0 + MARKS[3]))
    segments = [
        ((a[0], a[1]), (b[0], b[1]))
        for shape in counties.values()
        for ring in shape["rings"]
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
    ]
    regions = {r: _place_region(r, _scaled(x, y), segments, taken) for r, (x, y) in _region_points().items()}
    return {
        "about": "County shapes drawn by the project (webtable/mapgen.py) from approximate centres; "
        "two counties share a border exactly when they are adjacent in the game.",
        "width": WIDTH,
        "height": HEIGHT,
        "counties": counties,
        "waypoints": waypoints,
        "regions": {r: _scaled(x, y) for r, (x, y) in _region_points().items()},
        "region_labels": regions,
        "wasteland": [points(r) for r in waste],
    }


NAME_SIZES = (11.0, 10.0, 9.0, 8.0)  # font sizes tried for a county's name, largest first
CHAR_WIDTH = 0.6  # a generous average glyph width of the page's sans-serif, in em
VALUES_H = 12.0  # the line of printed values (tax, grain) under the name
MARKS = (-26.0, -32.0, 34.0, 15.0)  # around the county's point: armies, buildings, revolt markers (x0,y0,x1,y1)


def _place_name(name: str, shape: dict[str, Any]) -> dict[str, float]:
    """Where a county's name and its printed values go: a box wholly inside the county (no border under
    any label), clear of the marks drawn at the county's point, as near below that point as fits; the
    largest font that fits. Returns the box's centre x, the name's baseline y and the font size."""
    rings = [[(p[0], p[1]) for p in r] for r in shape["rings"]]
    segments = [(a, b) for r in rings for a, b in zip(r, r[1:] + r[:1], strict=True)]
    x0, y0 = shape["label"]
    # Clear of all the marks if it fits, else clear of the army disc only (a building may touch it).
    for marks, size in [
        (m, size)
        for m in ((x0 + MARKS[0], y0 + MARKS[1], x0 + MARKS[2], y0 + MARKS[3]), (x0 - 13, y0 - 13, x0 + 13, y0 + 13))
        for size in NAME_SIZES
    ]:
        w = max(len(name) * CHAR_WIDTH * size, 44.0) + 4
        h = size + 2 + VALUES_H
        best = None
        for dy in range(-75, 76, 3):
            for dx in range(-75, 76, 3):
                cx, top = x0 + dx, y0 + 14 + dy
                box = (cx - w / 2, top, cx + w / 2, top + h)
                if _overlaps(box, marks) or not _box_inside(box, rings, segments):
                    continue
                cost = math.hypot(dx, dy)
                if best is None or cost < best[0]:
                    best = (cost, cx, top)
        if best is not None:
            return {"x": round(best[1], 1), "y": round(best[2] + size, 1), "size": size}
    raise RuntimeError(f"no room for the name of {name}")


REGION_SIZES = (18.0, 16.0, 14.0, 12.0)


def _place_region(
    name: str,
    point: list[float],
    segments: list[tuple[tuple[float, float], tuple[float, float]]],
    taken: list[tuple[float, float, float, float]],
) -> dict[str, float]:
    """Where a region's name goes: nearest its point on the printed board where it crosses no border
    and covers no county's name, values or marks (inside one county, or on the open land around)."""
    bucket = 40.0  # segments indexed by the grid squares their bounding boxes touch
    grid: dict[tuple[int, int], list[tuple[tuple[float, float], tuple[float, float]]]] = {}
    for a, b in segments:
        for gx in range(int(min(a[0], b[0]) // bucket), int(max(a[0], b[0]) // bucket) + 1):
            for gy in range(int(min(a[1], b[1]) // bucket), int(max(a[1], b[1]) // bucket) + 1):
                grid.setdefault((gx, gy), []).append((a, b))

    def crosses(box: tuple[float, float, float, float]) -> bool:
        for gx in range(int(box[0] // bucket), int(box[2] // bucket) + 1):
            for gy in range(int(box[1] // bucket), int(box[3] // bucket) + 1):
                if any(_segment_meets_box(a, b, box) for a, b in grid.get((gx, gy), ())):
                    return True
        return False

    for size in REGION_SIZES:
        w = len(name) * (0.8 * size + 2) + 8  # bold capitals, letter-spaced
        best = None
        for dy in range(-150, 151, 5):
            for dx in range(-150, 151, 5):
                cx, base = point[0] + dx, point[1] + dy
                box = (cx - w / 2, base - size, cx + w / 2, base + 0.35 * size)
                if box[0] < 0 or box[2] > WIDTH or box[1] < 0 or box[3] > HEIGHT:
                    continue
                cost = math.hypot(dx, dy)
                if best is not None and cost >= best[0]:
                    continue
                if any(_overlaps(box, o) for o in taken) or crosses(box):
                    continue
                best = (cost, cx, base)
        if best is not None:
            return {"x": round(best[1], 1), "y": round(best[2], 1), "size": size}
    raise RuntimeError(f"no room for the region name {name}")


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _box_inside(
    box: tuple[float, float, float, float],
    rings: list[list[tuple[float, float]]],
    segments: list[tuple[tuple[float, float], tuple[float, float]]],
) -> bool:
    x0, y0, x1, y1 = box
    if not _point_in((x0 + x1) / 2, (y0 + y1) / 2, rings):
        return False
    return not any(_segment_meets_box(a, b, box) for a, b in segments)


def _point_in(x: float, y: float, rings: list[list[tuple[float, float]]]) -> bool:
    inside = False
    for ring in rings:
        for (xa, ya), (xb, yb) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (ya > y) != (yb > y) and x < xa + (y - ya) * (xb - xa) / (yb - ya):
                inside = not inside
    return inside


def _segment_meets_box(a: tuple[float, float], b: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    """Whether segment a-b touches the box (clipping the segment to the box, Liang-Barsky)."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            lo = max(lo, r)
        else:
            hi = min(hi, r)
        if lo > hi:
            return False
    return True


def _all_land() -> set[Cell]:
    """Cells near a county centre or near the line between two adjacent counties' centres."""
    centres = _positions()
    segments = [
        (centres[BOARD.keys[i]], centres[BOARD.keys[j]]) for i in range(BOARD.n) for j in BOARD.neighbours[i] if i < j
    ]
    w = math.sqrt(3) * HEX
    out = set()
    for row in range(int(HEIGHT / (1.5 * HEX)) + 2):
        for col in range(int(WIDTH / w) + 2):
            x, y = _centre((col, row))
            near = min(math.hypot(x - cx, y - cy) for cx, cy in centres.values()) <= LAND
            if near or min(_to_segment(x, y, a, b) for a, b in segments) <= ALONG:
                out.add((col, row))
    return out


def _to_segment(x: float, y: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)


MAP_FILE = Path(__file__).resolve().parent.parent / "src" / "webtable" / "static" / "wallenstein_map.json"


def map_text(data: dict[str, Any]) -> str:
    """The map file's exact text (compact JSON, one line)."""
    return json.dumps(data, separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> None:
    """Write the map; with ``--reuse``, start from the waypoints of the map file already there."""
    ap = argparse.ArgumentParser(description="Draw the Wallenstein map for the table's page.")
    ap.add_argument("--reuse", action="store_true", help="start from the waypoints of the map file already there")
    ap.add_argument("--out", type=Path, default=MAP_FILE, help=f"where to write it (default {MAP_FILE})")
    args = ap.parse_args(argv)
    known = json.loads(MAP_FILE.read_text("utf-8"))["waypoints"] if args.reuse and MAP_FILE.exists() else None
    data = build(known, verbose=True)
    args.out.write_text(map_text(data), encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
