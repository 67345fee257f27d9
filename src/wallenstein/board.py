"""Static facts of the Wallenstein board, loaded from ``data/wallenstein.json`` and validated.

Everything here is immutable and shared by every game: counties are referred to by their index
in :data:`BOARD.keys` (the data file's order), which is also the canonical order used for legal
actions and observations.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from tabletop.errors import DataError

# Action boxes on the player mat, in the order used for plans (the auction box comes last).
ACTIONS: tuple[str, ...] = (
    "palace",
    "church",
    "trading_post",
    "grain",
    "tax",
    "deploy5",
    "deploy3",
    "deploy1_move",
    "combat_a",
    "combat_b",
)
A_PALACE, A_CHURCH, A_TRADING, A_GRAIN, A_TAX, A_DEPLOY5, A_DEPLOY3, A_DEPLOY1, A_COMBAT_A, A_COMBAT_B = range(10)
AUCTION_BOX = 10
N_BOXES = 11  # ten action boxes and the auction box

BUILDINGS: tuple[str, ...] = ("palace", "church", "trading_post")
B_PALACE, B_CHURCH, B_TRADING = 1, 2, 4  # bit flags in a county's building mask
BUILDING_BITS: tuple[int, ...] = (B_PALACE, B_CHURCH, B_TRADING)

BONUS_TILES: tuple[str, ...] = ("tax_plus1", "grain_plus1", "deploy6", "attack_plus1", "defend_plus1")
T_TAX, T_GRAIN, T_DEPLOY6, T_ATTACK, T_DEFEND = range(5)

EVENT_KINDS: tuple[str, ...] = (
    "recruit_reduced",
    "angry_peasants",
    "grain_max_3",
    "tax_max_5",
    "grain_min_4",
    "tax_min_6",
    "church_peace",
    "palace_guard",
    "trade_calms",
)

SEASONS: tuple[str, ...] = ("spring", "summer", "fall")
COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "purple", "black")
MONEY = 100  # plan/bid code of money card v is MONEY + v; county cards are their county index
BLANK = 200  # plan code of a blank land card (2002 edition; a player holds 5 of them)
EMPTY = -1  # an uncovered box (W-08)
TOWER = MONEY + 10  # the Emperor's Court's dice tower card (3 alike per player); never a county or money
COURT_BOX_NAMES: tuple[str, ...] = ("convert3", "convert2", "convert1")  # court boxes 11, 12, 13


@dataclass(frozen=True)
class Event:
    index: int  # position in the 12-card deck
    kind: str
    winter_loss: int
    text: str


@dataclass(frozen=True)
class SupplyRow:
    short_min: int
    short_max: int | None
    revolts: int
    extra_peasants: int


@dataclass(frozen=True)
class Board:
    keys: tuple[str, ...]
    names: tuple[str, ...]
    regions: tuple[str, ...]
    region_of: tuple[int, ...]
    tax: tuple[int, ...]
    grain: tuple[int, ...]
    sites: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    three_player_excluded: tuple[bool, ...]
    lineups: dict[int, tuple[tuple[tuple[int, int], ...], ...]]
    supply_chart: tuple[SupplyRow, ...]
    events: tuple[Event, ...]
    armies_per_player: int
    peasant_cubes: int
    building_supply: tuple[int, int, int]
    revolt_markers: int
    start_thalers: dict[int, int]
    start_groups: dict[int, tuple[int, ...]]
    tower_fill_per_player: int
    tower_fill_peasants: int
    costs: tuple[int, ...]  # thaler cost per action box

    @property
    def n(self) -> int:
        return len(self.keys)

    def index(self, key: str) -> int:
        try:
            return self._index[key]  # type: ignore[attr-defined,no-any-return]
        except KeyError:
            raise KeyError(f"unknown county {key!r}") from None

    def in_play(self, players: int) -> tuple[bool, ...]:
        if players == 3:
            return tuple(not x for x in self.three_player_excluded)
        return tuple(True for _ in self.keys)

    def supply_row(self, shortfall: int) -> SupplyRow | None:
        """The supply chart's row for a winter grain shortfall, or None when nothing is short."""
        if shortfall <= 0:
            return None
        for row in self.supply_chart:
            if shortfall >= row.short_min and (row.short_max is None or shortfall <= row.short_max):
                return row
        raise DataError(f"supply chart has no row for a shortfall of {shortfall}")


def _need(obj: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in obj:
        raise DataError(f"{where}: missing field {key!r}")
    value = obj[key]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise DataError(f"{where}: field {key!r} should be {kind.__name__}, got {value!r}")
    return value


def parse_board(raw: dict[str, Any]) -> Board:
    """Build a :class:`Board` from the data file's JSON, raising DataError on anything inconsistent."""
    regions = tuple(_need(raw, "regions", list, "board"))
    counties = _need(raw, "counties", list, "board")
    keys = tuple(_need(c, "key", str, "county") for c in counties)
    if len(set(keys)) != len(keys):
        raise DataError("board: duplicate county keys")
    index = {k: i for i, k in enumerate(keys)}
    neighbours = _neighbours(counties, regions, index)
    excluded = tuple(bool(_need(c, "three_player_excluded", bool, f"county {c['key']}")) for c in counties)
    comp = _need(raw, "components", dict, "board")
    start_groups = {int(p): tuple(g) for p, g in _need(comp, "start_groups", dict, "components").items()}
    lineups = _lineups(_need(raw, "default_lineups", dict, "board"), index, excluded, start_groups)
    chart = tuple(
        SupplyRow(r["short_min"], r["short_max"], r["revolts"], r["extra_peasants"])
        for r in _need(_need(raw, "supply_chart", dict, "board"), "rows", list, "supply_chart")
    )
    acts = _need(raw, "actions", dict, "board")
    board = Board(
        keys=keys,
        names=tuple(c.get("name", c["key"]) for c in counties),
        regions=regions,
        region_of=tuple(regions.index(c["region"]) for c in counties),
        tax=tuple(c["tax"] for c in counties),
        grain=tuple(c["grain"] for c in counties),
        sites=tuple(c["sites"] for c in counties),
        neighbours=neighbours,
        three_player_excluded=excluded,
        lineups=lineups,
        supply_chart=chart,
        events=_events(_need(_need(raw, "events_2012", dict, "board"), "cards", list, "events_2012")),
        armies_per_player=int(comp["armies_per_player"]["2012"]),
        peasant_cubes=int(comp["peasant_cubes"]),
        building_supply=(int(comp["palaces"]), int(comp["churches"]), int(comp["trading_posts"])),
        revolt_markers=int(comp["revolt_markers"]),
        start_thalers={int(k): int(v) for k, v in comp["start_thalers"]["2012"].items()},
        start_groups=start_groups,
        tower_fill_per_player=int(comp["tower_initial_fill"]["per_player"]),
        tower_fill_peasants=int(comp["tower_initial_fill"]["peasants"]),
        costs=tuple(int(acts[a]["cost"]) for a in ACTIONS),
    )
    object.__setattr__(board, "_index", index)
    return board


def _neighbours(counties: list[Any], regions: tuple[str, ...], index: dict[str, int]) -> tuple[tuple[int, ...], ...]:
    """Each county's neighbours (indices, sorted), after checking its figures, region and adjacency."""
    neighbours: list[tuple[int, ...]] = []
    for c in counties:
        where = f"county {c['key']}"
        for field in ("tax", "grain", "sites"):
            if _need(c, field, int, where) < 0:
                raise DataError(f"{where}: negative {field}")
        if not 1 <= c["sites"] <= 3:
            raise DataError(f"{where}: sites must be 1..3")
        if _need(c, "region", str, where) not in regions:
            raise DataError(f"{where}: unknown region {c['region']!r}")
        ns = _need(c, "neighbours", list, where)
        for nb in ns:
            if nb not in index:
                raise DataError(f"{where}: unknown neighbour {nb!r}")
            if nb == c["key"]:
                raise DataError(f"{where}: adjacent to itself")
        neighbours.append(tuple(sorted(index[nb] for nb in ns)))
    keys = list(index)
    for i, ns in enumerate(neighbours):
        for j in ns:
            if i not in neighbours[j]:
                raise DataError(f"adjacency not symmetric: {keys[i]} -> {keys[j]}")
    return tuple(neighbours)


def _lineups(
    raw: dict[str, Any], index: dict[str, int], excluded: tuple[bool, ...], start_groups: dict[int, tuple[int, ...]]
) -> dict[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """The default line-ups per player count: each seat's (county, armies), checked against the start
    groups, the counties in play and each other."""
    lineups: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}
    for p_str, seats in raw.items():
        if p_str == "about":
            continue
        p = int(p_str)
        rows = []
        seen: set[int] = set()
        for letter in sorted(seats):
            row = []
            for key, armies in seats[letter]:
                if key not in index:
                    raise DataError(f"line-up {p}/{letter}: unknown county {key!r}")
                if p == 3 and excluded[index[key]]:
                    raise DataError(f"line-up 3/{letter}: {key} is not in play with 3 players")
                if index[key] in seen:
                    raise DataError(f"line-up {p}: {key} given twice")
                seen.add(index[key])
                row.append((index[key], int(armies)))
            if sorted((a for _, a in row), reverse=True) != sorted(start_groups[p], reverse=True):
                raise DataError(f"line-up {p}/{letter}: army groups differ from the start groups")
            rows.append(tuple(row))
        if len(rows) != p:
            raise DataError(f"line-up {p}: expected {p} seats, found {len(rows)}")
        lineups[p] = tuple(rows)
    return lineups


def _events(cards: list[Any]) -> tuple[Event, ...]:
    """The 2012 edition's twelve event cards, each of a known kind."""
    events = []
    for i, card in enumerate(cards):
        kind = _need(card, "id", str, f"event {i}")
        if kind not in EVENT_KINDS:
            raise DataError(f"event {i}: unknown kind {kind!r}")
        events.append(Event(i, kind, _need(card, "winter_loss", int, f"event {i}"), card.get("effect", "")))
    if len(events) != 12:
        raise DataError(f"expected 12 event cards for 2012, found {len(events)}")
    return tuple(events)


def load_board() -> Board:
    text = resources.files("wallenstein").joinpath("data/wallenstein.json").read_text(encoding="utf-8")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"wallenstein.json is not valid JSON: {exc}") from exc
    return parse_board(raw)


BOARD: Board = load_board()
