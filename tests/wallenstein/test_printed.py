"""Printed-value tables (W-29): user files are validated, and a game's options carry them."""

import json
from pathlib import Path

import pytest

import wallenstein
from tabletop.errors import IllegalAction
from wallenstein import printed


def test_no_user_tables_means_stand_ins_and_empty_options() -> None:
    g = wallenstein.new_game(4, seed=1)
    assert g.config["printed"] == {}
    assert g.history[0]["new_game"]["printed"] == {}
    for name in printed.TABLES:
        assert g.is_standin(name)
        assert g.printed(name) == printed.standin(name)


@pytest.mark.parametrize("bad", [[1, 2], "x", 3, {"no_such_table": {}}])
def test_bad_user_values_are_rejected(bad: object) -> None:
    with pytest.raises(IllegalAction):
        printed.check_values(bad)


def test_unknown_table_is_named_in_the_error() -> None:
    with pytest.raises(IllegalAction, match="no_such_table"):
        wallenstein.new_game(4, seed=1, printed={"no_such_table": [1]})


def test_file_errors_are_clear(tmp_path: Path) -> None:
    with pytest.raises(IllegalAction, match="cannot read"):
        printed.load_file(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(IllegalAction, match="not valid JSON"):
        printed.load_file(bad)
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({}), encoding="utf-8")
    assert printed.load_file(empty) == {}
    assert wallenstein.new_game(4, seed=1, printed=empty).config["printed"] == {}


def test_every_shipped_stand_in_is_valid() -> None:
    for name in printed.TABLES:
        printed.standin(name)  # raises DataError if the file or its table is malformed
