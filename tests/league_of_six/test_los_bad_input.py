"""Bad input gets a clear error and changes nothing: actions, options and component files. Malformed
and illegal decisions at the start of a game are in the conformance suite (tests/conformance/
league_of_six_kinds.py, ``bad_decisions``)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import league_of_six
from league_of_six import DataError, IllegalAction
from league_of_six.components import load_file, parse

STANDIN = Path(league_of_six.__file__).resolve().parent / "data" / "standin_components.json"


def _game() -> league_of_six.Game:
    return league_of_six.new_game(players=4, seed=1)


def test_besieged_towns_and_wrong_seats_are_rejected() -> None:
    g = _game()
    before = g.to_json()
    besieged = next(t for t in range(6) if g.s.besieged[t])
    key = g.comp.towns[besieged].key
    with pytest.raises(IllegalAction, match="besieged"):
        g.apply(g.pending()[0], {"type": "choose", "town": key})
    seat = g.pending()[0]
    other = (seat + 1) % 4
    with pytest.raises(IllegalAction, match="nothing to decide"):
        g.apply(other, g.legal_actions(seat)[0])
    for bad in (-1, 4, "0", None, True):
        with pytest.raises(IllegalAction, match="no seat"):
            g.apply(bad, g.legal_actions(seat)[0])  # type: ignore[arg-type]
    assert g.to_json() == before


def test_a_displaced_figure_cannot_stay() -> None:
    g = _game()
    first = g.pending()[0]
    town = g.legal_actions(first)[0]
    g.apply(first, town)
    second = g.pending()[0]
    g.apply(second, town)
    g.apply(second, g.legal_actions(second)[0])
    g.apply(first, {"type": "accept"})
    assert g.pending() == [first]
    with pytest.raises(IllegalAction, match="travel on"):
        g.apply(first, town)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"players": 2}, "3, 4 or 5"),
        ({"players": 6}, "3, 4 or 5"),
        ({"seed": -1}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"sides": "green"}, "side"),
        ({"sides": {"prague": "white"}}, "unknown town"),
        ({"components": "/no/such/file.json"}, "cannot read"),
        ({"components": {"format": "league-of-six-components"}}, "missing field"),
    ],
)
def test_bad_options_are_rejected(options: dict[str, Any], match: str) -> None:
    with pytest.raises(IllegalAction, match=match):
        league_of_six.new_game(**options)


def _standin() -> dict[str, Any]:
    return json.loads(STANDIN.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _edit(path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(_standin())
    node: Any = data
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    for k in keys[:-1]:
        node = node[k]
    if value is _DELETE:
        del node[keys[-1]]
    else:
        node[keys[-1]] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", "chess", "format: must be"),
        ("version", 2, "version: unsupported"),
        ("goods.red", -1, "goods.red: must be an integer"),
        ("goods.purple", 3, "goods: unknown field"),
        ("towns.2.white.4", ["purple"], "towns[2].white[4][0]: unknown symbol 'purple'"),
        ("towns.2.white", [["red"]] * 5, "towns[2].white: must hold exactly 6"),
        ("towns.1.number", 3, "towns[1].number: 3 is used by towns[0] too"),
        ("towns.0.key", "prague", "towns[0].key: unknown town 'prague'"),
        ("towns.0.number", 7, "towns[0].number: must be an integer from 1 to 6"),
        ("tax_tiles.3.arrows", [0, 0], "tax_tiles[3].arrows: an edge is listed twice"),
        ("tax_tiles.3.arrows", [6], "tax_tiles[3].arrows[0]: must be an integer from 0 to 5"),
        ("tax_tiles.0.leader", {"kind": "knight", "figures": 2}, "tax_tiles[0].leader.kind: unknown civic leader"),
        ("tax_tiles.5.centre", "horse", "tax_tiles[5].centre: must be a list"),
        ("tax_tiles", [], "tax_tiles: must hold 5 to 99"),
        ("storage_tiles.0.I.1.spaces.0", ["pink", 2], "storage_tiles[0].I[1].spaces[0][0]: unknown goods colour"),
        ("storage_tiles.0.II.0.bonus", "4", "storage_tiles[0].II[0].bonus: must be an integer"),
        ("storage_tiles.5.II", _DELETE, "storage_tiles[5]: missing field(s) ['II']"),
        ("civic_leaders.piles.0.figures", 2, "the pile of 1-figure cards holds 5 cards"),
        ("civic_leaders.gray.0.figures", 5, "civic_leaders.gray[0].figures: must be an integer from 1 to 4"),
        ("standin", "yes", "standin: must be true or false"),
    ],
)
def test_bad_component_files_name_the_bad_field(path: str, value: Any, message: str) -> None:
    with pytest.raises(DataError) as err:
        parse(_edit(path, value))
    assert message in str(err.value)
    with pytest.raises(IllegalAction) as err2:
        league_of_six.new_game(components=_edit(path, value))
    assert message in str(err2.value)


def test_component_files_that_are_not_json_or_missing(tmp_path: Path) -> None:
    bad = tmp_path / "tiles.json"
    bad.write_text("{oops", encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON"):
        load_file(bad)
    with pytest.raises(DataError, match="cannot read"):
        load_file(tmp_path / "missing.json")
    good = tmp_path / "mine.json"
    data = _standin()
    del data["standin"]
    good.write_text(json.dumps(data), encoding="utf-8")
    comp = load_file(good)
    assert not comp.standin and comp.label != "stand-in set"
