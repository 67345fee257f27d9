"""The printed components of League of Six, read from a component file (L-01, L-02, L-03).

The town, tax and storage tiles are pictures; no public text lists them. The engine therefore reads
them from a JSON component file (format: docs/rules/league-of-six-components.md) and ships a balanced
**stand-in set** (``data/standin_components.json``), named as such wherever it shows. A player who
owns the game can enter the printed set in the same format and load it with ``components=FILE``.

Symbols are indexed: goods 0..3 (red, green, blue, yellow; L-03), 4 guard, 5 horse. An edge or a
centre is a tuple of six counts, one per symbol. Civic leader kinds: 0 clergy, 1 aristocracy,
2 burgher. Everything is validated on load; a :class:`~tabletop.errors.DataError` names the bad
field by its path, e.g. ``towns[2].white[4]: unknown symbol 'purple'``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from tabletop.errors import DataError, read_json_file

FORMAT = "league-of-six-components"
VERSION = 1

GOODS = ("red", "green", "blue", "yellow")
SYMBOLS = (*GOODS, "guard", "horse")
GUARD, HORSE = 4, 5
N_GOODS = len(GOODS)
KINDS = ("clergy", "aristocracy", "burgher")
TOWN_KEYS = ("bautzen", "gorlitz", "kamenz", "lauban", "lobau", "zittau")  # the six towns; index = town id
SIDES = ("white", "yellow")  # town tile sides: white for first games, yellow advanced
STORAGE_SIDES = ("I", "II")
N_TOWNS = 6
N_STORAGE_TILES = 6
PILE_FIGURES = (1, 2, 3, 4)  # the four face-down civic leader piles, by figures per card
ROUNDS = 6
MAX_OFFER = 12  # the guard counter ends at 12

Counts = tuple[int, int, int, int, int, int]


@dataclass(frozen=True)
class Town:
    key: str
    name: str
    number: int  # printed number 1..6: breaks ties in reordering and horse order (L-05)
    sides: tuple[tuple[Counts, ...], tuple[Counts, ...]]  # [side][edge] -> symbol counts


@dataclass(frozen=True)
class TaxTile:
    arrows: tuple[int, ...]  # edges 0..5 the arrows point at, tile unturned
    centre: Counts
    leader: tuple[int, int] | None  # (kind, figures) of the gray card the centre gives, if any


@dataclass(frozen=True)
class StorageRow:
    bonus: int  # royal stores: influence; civic stores: most figures on the card taken
    colours: tuple[int, ...]  # goods colour of each space, left to right
    values: tuple[int, ...]  # influence for each space


@dataclass(frozen=True)
class Layout:
    """The storage rows in use in a round, flat: row ``r`` has spaces ``start[r]:start[r + 1]``."""

    store: tuple[int, ...]  # 0 royal, 1 civic
    number: tuple[int, ...]  # row index within its store side
    bonus: tuple[int, ...]
    start: tuple[int, ...]
    colour: tuple[int, ...]
    value: tuple[int, ...]
    fill: tuple[tuple[int, ...], ...]  # per row, its spaces in filling order
    mask: tuple[int, ...]  # per row, a bit per goods colour its spaces take
    index: tuple[tuple[int, ...], tuple[int, ...]]  # [store][number] -> row


@dataclass(frozen=True)
class LeaderCard:
    kind: int
    figures: int
    gray: bool  # gray cards lie apart face up and are taken from tax tile centres


@dataclass(frozen=True, eq=False)
class Components:
    name: str
    standin: bool
    goods: tuple[int, int, int, int]
    towns: tuple[Town, ...]
    tax_tiles: tuple[TaxTile, ...]
    storage: tuple[tuple[tuple[StorageRow, ...], tuple[StorageRow, ...]], ...]  # [tile][side] -> rows
    cards: tuple[LeaderCard, ...]  # pile cards first (by file order), then gray cards
    source: Mapping[str, Any]  # the validated file data (what a game's options carry)

    @property
    def label(self) -> str:
        """How every view names this set: a stand-in set, or the user's own set."""
        return "stand-in set" if self.standin else "user's component set"

    def layout(self, royal: int, civic: int, side: int) -> Layout:
        """The rows in use when storage tile ``royal`` lies on the royal stores and ``civic`` on the
        civic stores, both showing ``side`` (0: I, 1: II): royal rows first, then civic rows."""
        return self.layouts[(royal * N_STORAGE_TILES + civic) * 2 + side]

    @functools.cached_property
    def layouts(self) -> tuple[Layout, ...]:
        """Every layout, indexed by ``(royal * 6 + civic) * 2 + side`` (built once: 72 small tables)."""
        n = len(self.storage)
        return tuple(self._layout(r, c, side) for r in range(n) for c in range(n) for side in (0, 1))

    def _layout(self, royal: int, civic: int, side: int) -> Layout:
        store: list[int] = []
        number: list[int] = []
        bonus: list[int] = []
        start: list[int] = []
        colour: list[int] = []
        value: list[int] = []
        for st, tile in enumerate((royal, civic)):
            for n, row in enumerate(self.storage[tile][side]):
                store.append(st)
                number.append(n)
                bonus.append(row.bonus)
                start.append(len(colour))
                colour.extend(row.colours)
                value.extend(row.values)
        start.append(len(colour))
        # Within a row a player fills the most valuable spaces of a colour first (LR-04).
        fill = tuple(
            tuple(sorted(range(start[r], start[r + 1]), key=lambda k: (-value[k], k))) for r in range(len(store))
        )
        masks = tuple(
            functools.reduce(lambda m, k: m | (1 << colour[k]), range(start[r], start[r + 1]), 0)
            for r in range(len(store))
        )
        index = tuple(tuple(r for r in range(len(store)) if store[r] == st) for st in (0, 1))
        return Layout(
            tuple(store),
            tuple(number),
            tuple(bonus),
            tuple(start),
            tuple(colour),
            tuple(value),
            fill,
            masks,
            (index[0], index[1]),
        )

    @functools.cached_property
    def gains(self) -> tuple[tuple[tuple[tuple[Counts, ...], ...], ...], ...]:
        """``gains[town][side][tile][rotation]``: what the tile turned ``rotation`` steps collects."""
        out = []
        for town in self.towns:
            per_side = []
            for edges in town.sides:
                per_tile = []
                for tile in self.tax_tiles:
                    per_rot = []
                    for r in range(6):
                        got = list(tile.centre)
                        for a in tile.arrows:
                            for i, n in enumerate(edges[(a + r) % 6]):
                                got[i] += n
                        per_rot.append(_counts(got))
                    per_tile.append(tuple(per_rot))
                per_side.append(tuple(per_tile))
            out.append(tuple(per_side))
        return tuple(out)

    @functools.cached_property
    def rotations(self) -> tuple[tuple[int, ...], ...]:
        """For each tax tile, its rotations 0..5 that point the arrows at different edges."""
        out = []
        for tile in self.tax_tiles:
            seen: set[frozenset[int]] = set()
            keep = []
            for r in range(6):
                pointed = frozenset((a + r) % 6 for a in tile.arrows)
                if pointed not in seen:
                    seen.add(pointed)
                    keep.append(r)
            out.append(tuple(keep))
        return tuple(out)

    @functools.cached_property
    def pile_cards(self) -> tuple[tuple[int, ...], ...]:
        """Card ids of each face-down pile, indexed by ``figures - 1``."""
        return tuple(tuple(i for i, c in enumerate(self.cards) if not c.gray and c.figures == f) for f in PILE_FIGURES)

    @functools.cached_property
    def gray_cards(self) -> tuple[int, ...]:
        return tuple(i for i, c in enumerate(self.cards) if c.gray)


def _counts(values: list[int]) -> Counts:
    return (values[0], values[1], values[2], values[3], values[4], values[5])


# ---------------------------------------------------------------------------------------- loading
def _fail(path: str, message: str) -> DataError:
    return DataError(f"{path}: {message}" if path else message)


def _obj(value: Any, path: str, keys: set[str], optional: frozenset[str] | set[str] = frozenset()) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, f"must be an object, not {type(value).__name__}")
    missing = keys - set(value)
    if missing:
        raise _fail(path, f"missing field(s) {sorted(missing)}")
    extra = set(value) - keys - optional
    if extra:
        raise _fail(path, f"unknown field(s) {sorted(extra)}; fields are {sorted(keys | optional)}")
    return value


def _list(value: Any, path: str, lo: int = 0, hi: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, f"must be a list, not {type(value).__name__}")
    if len(value) < lo or (hi is not None and len(value) > hi):
        size = f"exactly {lo}" if lo == hi else f"{lo} to {hi}" if hi is not None else f"at least {lo}"
        raise _fail(path, f"must hold {size} entries, not {len(value)}")
    return value


def _int(value: Any, path: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(path, f"must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, f"must be a non-empty string, not {value!r}")
    return value


def _symbols(value: Any, path: str, allowed: tuple[str, ...] = SYMBOLS, hi: int = 6) -> Counts:
    got = [0] * len(SYMBOLS)
    for i, sym in enumerate(_list(value, path, 0, hi)):
        if sym not in allowed:
            raise _fail(f"{path}[{i}]", f"unknown symbol {sym!r} (symbols: {', '.join(allowed)})")
        got[SYMBOLS.index(sym)] += 1
    return _counts(got)


def _town(value: Any, path: str) -> Town:
    d = _obj(value, path, {"key", "name", "number", *SIDES})
    key = _str(d["key"], f"{path}.key")
    if not key.isascii() or not key.replace("_", "").isalnum() or key != key.lower():
        raise _fail(f"{path}.key", f"must be lower-case ASCII letters, digits or '_', not {key!r}")
    sides = []
    for side in SIDES:
        edges = _list(d[side], f"{path}.{side}", 6, 6)
        sides.append(tuple(_symbols(e, f"{path}.{side}[{i}]") for i, e in enumerate(edges)))
    return Town(key, _str(d["name"], f"{path}.name"), _int(d["number"], f"{path}.number", 1, 6), (sides[0], sides[1]))


def _leader(value: Any, path: str) -> tuple[int, int]:
    d = _obj(value, path, {"kind", "figures"})
    kind = d["kind"]
    if kind not in KINDS:
        raise _fail(f"{path}.kind", f"unknown civic leader kind {kind!r} (kinds: {', '.join(KINDS)})")
    return KINDS.index(kind), _int(d["figures"], f"{path}.figures", 1, 4)


def _tax_tile(value: Any, path: str) -> TaxTile:
    d = _obj(value, path, {"arrows", "centre"}, {"leader"})
    arrows = _list(d["arrows"], f"{path}.arrows", 1, 6)
    edges = tuple(_int(a, f"{path}.arrows[{i}]", 0, 5) for i, a in enumerate(arrows))
    if len(set(edges)) != len(edges):
        raise _fail(f"{path}.arrows", f"an edge is listed twice: {list(edges)}")
    leader = _leader(d["leader"], f"{path}.leader") if d.get("leader") is not None else None
    return TaxTile(tuple(sorted(edges)), _symbols(d["centre"], f"{path}.centre"), leader)


def _row(value: Any, path: str) -> StorageRow:
    d = _obj(value, path, {"bonus", "spaces"})
    bonus = _int(d["bonus"], f"{path}.bonus", 0, 99)
    colours, values = [], []
    for i, space in enumerate(_list(d["spaces"], f"{path}.spaces", 1, 12)):
        sp = f"{path}.spaces[{i}]"
        pair = _list(space, sp, 2, 2)
        if pair[0] not in GOODS:
            raise _fail(f"{sp}[0]", f"unknown goods colour {pair[0]!r} (colours: {', '.join(GOODS)})")
        colours.append(GOODS.index(pair[0]))
        values.append(_int(pair[1], f"{sp}[1]", 0, 99))
    return StorageRow(bonus, tuple(colours), tuple(values))


def _storage_tile(value: Any, path: str) -> tuple[tuple[StorageRow, ...], tuple[StorageRow, ...]]:
    d = _obj(value, path, set(STORAGE_SIDES))
    sides = []
    for side in STORAGE_SIDES:
        rows = _list(d[side], f"{path}.{side}", 1, 12)
        sides.append(tuple(_row(r, f"{path}.{side}[{i}]") for i, r in enumerate(rows)))
    return sides[0], sides[1]


def parse(data: Any, default_standin: bool = False) -> Components:
    """Validate component data (the parsed JSON of a component file); DataError names the bad field."""
    d = _obj(
        data,
        "",
        {"format", "version", "name", "goods", "towns", "tax_tiles", "storage_tiles", "civic_leaders"},
        {"standin", "notes"},
    )
    if d["format"] != FORMAT:
        raise _fail("format", f"must be {FORMAT!r}, not {d['format']!r}")
    if d["version"] != VERSION:
        raise _fail("version", f"unsupported version {d['version']!r} (this engine reads version {VERSION})")
    standin = d.get("standin", default_standin)
    if not isinstance(standin, bool):
        raise _fail("standin", f"must be true or false, not {standin!r}")
    goods = _obj(d["goods"], "goods", set(GOODS))
    supply = tuple(_int(goods[c], f"goods.{c}", 0, 999) for c in GOODS)
    towns = tuple(_town(t, f"towns[{i}]") for i, t in enumerate(_list(d["towns"], "towns", N_TOWNS, N_TOWNS)))
    keys = [t.key for t in towns]
    for i, key in enumerate(keys):
        if key not in TOWN_KEYS:
            raise _fail(f"towns[{i}].key", f"unknown town {key!r}; the six towns are {', '.join(TOWN_KEYS)}")
    for attr in ("key", "name", "number"):
        values = [getattr(t, attr) for t in towns]
        for i, v in enumerate(values):
            if values.index(v) != i:
                raise _fail(f"towns[{i}].{attr}", f"{v!r} is used by towns[{values.index(v)}] too")
    towns = tuple(sorted(towns, key=lambda t: TOWN_KEYS.index(t.key)))  # town id = index in TOWN_KEYS
    # Five players need five tiles a round; the used ones are reshuffled when the pile runs out.
    tiles = tuple(_tax_tile(t, f"tax_tiles[{i}]") for i, t in enumerate(_list(d["tax_tiles"], "tax_tiles", 5, 99)))
    storage = tuple(
        _storage_tile(t, f"storage_tiles[{i}]")
        for i, t in enumerate(_list(d["storage_tiles"], "storage_tiles", N_STORAGE_TILES, N_STORAGE_TILES))
    )
    leaders = _obj(d["civic_leaders"], "civic_leaders", {"piles", "gray"})
    cards = []
    per_pile = dict.fromkeys(PILE_FIGURES, 0)
    for i, c in enumerate(_list(leaders["piles"], "civic_leaders.piles", 1, 999)):
        kind, figures = _leader(c, f"civic_leaders.piles[{i}]")
        per_pile[figures] += 1
        cards.append(LeaderCard(kind, figures, False))
    for figures, n in per_pile.items():
        if n != ROUNDS:
            raise _fail(
                "civic_leaders.piles",
                f"the pile of {figures}-figure cards holds {n} cards; each of the 4 piles needs {ROUNDS}, one a round",
            )
    for i, c in enumerate(_list(leaders["gray"], "civic_leaders.gray", 0, 999)):
        kind, figures = _leader(c, f"civic_leaders.gray[{i}]")
        cards.append(LeaderCard(kind, figures, True))
    name = _str(d["name"], "name")
    return Components(
        name, standin, (supply[0], supply[1], supply[2], supply[3]), towns, tiles, storage, tuple(cards), data
    )


def load_file(path: str | Path) -> Components:
    """Read and validate a component file (JSON)."""
    data = read_json_file(path, "component file", DataError)
    try:
        return parse(data)
    except DataError as exc:
        raise DataError(f"component file {str(path)!r}: {exc}") from None


@functools.cache
def standin() -> Components:
    """The shipped balanced stand-in set (L-01): not the printed tiles, and always labelled so."""
    text = resources.files("league_of_six").joinpath("data/standin_components.json").read_text(encoding="utf-8")
    comp = parse(json.loads(text))
    if not comp.standin:
        raise DataError("standin_components.json must say 'standin': true")
    return comp


def resolve(components: Components | Mapping[str, Any] | str | Path | None) -> Components:
    """The component set for a game: the stand-in (None), a parsed set, data, or a file path."""
    if components is None:
        return standin()
    if isinstance(components, Components):
        return components
    if isinstance(components, (str, Path)):
        return load_file(components)
    if isinstance(components, Mapping):
        return parse(dict(components))
    raise DataError(f"components must be None, a file path or component data, not {type(components).__name__}")


__all__ = [
    "GOODS",
    "GUARD",
    "HORSE",
    "KINDS",
    "SYMBOLS",
    "Components",
    "LeaderCard",
    "StorageRow",
    "TaxTile",
    "Town",
    "load_file",
    "parse",
    "resolve",
    "standin",
]
