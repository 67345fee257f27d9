"""The narration's catalogues (issue 15): the .po files match the code, every message has a German
translation with the same placeholders, the compiled .mo files are up to date, and narrating the golden
games (every edition and module) in German shows no untranslated message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from loading import load

import wallenstein
from tabletop.errors import DataError
from tabletop.i18n import Translator, check_language, language
from wallenstein.names import check_names, names
from wallenstein.narrate import STANDIN_TEXT, Narrator, header
from wallenstein.printed import STANDIN_NOTE

SCRIPT = load("i18n_script", "scripts/i18n.py")


def test_catalogues_match_the_code_are_compiled_and_complete() -> None:
    assert SCRIPT.problems() == []


@pytest.mark.parametrize("package", ["wallenstein", "league_of_six"])
def test_translations_keep_every_placeholder(package: str) -> None:
    cat = SCRIPT.read(SCRIPT.po_path(package, "de"), "de", package)
    checked = 0
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set(re.findall(r"\{(\w+)\}", " ".join(ids)))
        for s in strings:
            assert set(re.findall(r"\{(\w+)\}", s)) <= want, f"{m.id!r}: German adds a placeholder"
            assert want - {"n"} <= set(re.findall(r"\{(\w+)\}", s)), f"{m.id!r}: German drops a placeholder"
        checked += 1
    assert checked > 30


def test_german_narration_of_every_golden_game_is_fully_translated() -> None:
    regen = load("golden_regen_i18n", "tests/golden/regenerate.py")
    kinds: set[str] = set()
    for case in regen.CASES:
        game = regen.play_case(case)
        narrator = Narrator(game.edition, lang="de")
        lines = header(game.players, game.config["setup"], game.edition, game.config["modules"], "de")
        for event in game.log:
            kinds.add(event["e"])
            lines += narrator.feed(event)
        assert narrator.missing == set(), f"{case.name}: untranslated {sorted(narrator.missing)}"
        text = "\n".join(lines)
        assert " attacks " not in text and "=== Spielende ===" in text
        assert "Aufstand" in text or "Wertung" in text
    assert {"battle", "revolt", "favour", "landsknechte", "leader_move", "bids"} <= kinds


def test_german_uses_the_rulebook_words_and_plurals() -> None:
    n = Narrator("2012", lang="de")
    assert n.w.armies(1) == "1 Armee" and n.w.armies(3) == "3 Armeen"
    assert n.w.thalers(5) == "5 Taler" and n.w.seat(0) == "Rot"
    assert n.w.join(["Rot", "Blau", "Gelb"]) == "Rot, Blau und Gelb"
    line = n.feed({"e": "marker", "county": "boehmen", "revolt": 2})
    assert line == ["    Die Unruhe in Böhmen wächst: jetzt 2 Unruhemarker."]
    classic = Narrator("2002", lang="de")
    assert classic.w.money(3) == "3 Gold" and classic.w.action("tax") == "Gold einziehen"
    assert n.missing == set() and classic.missing == set()


def test_a_missing_translation_is_recorded_not_hidden() -> None:
    t = Translator("wallenstein", "de")
    assert t._("No such message {x}.", x=1) == "No such message 1."
    assert t.missing == {"No such message {x}."}
    assert Translator("wallenstein", "en").missing == set()


def test_language_choice() -> None:
    assert language("de-AT") == "de" and language("fr") == "en" and language(None) == "en"
    assert check_language("de") == "de"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        check_language("fr")


def test_standin_note_is_the_marked_message() -> None:
    assert STANDIN_TEXT == STANDIN_NOTE


def test_german_county_names_cover_the_board_and_bad_files_are_refused() -> None:
    de = names("de")
    assert de["counties"]["koeln"] == "Erzbm. Köln" and len(de["counties"]) == len(wallenstein.board.BOARD.keys)
    bad = {"counties": dict(de["counties"]), "regions": dict(de["regions"])}
    del bad["counties"]["mark"]
    with pytest.raises(DataError, match="lacks \\['mark'\\]"):
        check_names(bad, "test")
    bad = {"counties": {**de["counties"], "mark": " "}, "regions": de["regions"]}
    with pytest.raises(DataError, match="empty names"):
        check_names(bad, "test")
    with pytest.raises(DataError, match="expected a JSON object"):
        check_names([], "test")


def test_german_narration_of_every_league_of_six_golden_game_is_fully_translated() -> None:
    regen = load("golden_los_regen_i18n", "tests/golden_los/regenerate.py")
    from league_of_six.narrate import Narrator as LeagueNarrator
    from league_of_six.narrate import header as league_header

    for case in regen.CASES:
        game = regen.play_case(case)
        narrator = LeagueNarrator(game.comp, lang="de")
        lines = league_header(game, "de")
        for event in game.log:
            lines += narrator.feed(event)
        assert narrator.missing == set(), f"{case}: untranslated {sorted(narrator.missing)}"
        assert "Sechsstädtebund" in lines[0] and any("Sieger" in x or "Geteilter Sieg" in x for x in lines)


@pytest.mark.parametrize("command", ["wallenstein", "league-of-six"])
def test_the_command_lines_watch_and_narrate_in_german(command: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    if command == "wallenstein":
        from wallenstein.cli import app
    else:
        from league_of_six.cli import app
    runner = CliRunner()
    german = runner.invoke(app, ["watch", "--seed", "1", "--players", "3", "--lang", "de"])
    assert german.exit_code == 0, german.output
    assert "Plätze: Rot" in german.output and "Spielende" in german.output
    english = runner.invoke(app, ["watch", "--seed", "1", "--players", "3"])
    assert "Seats: Red" in english.output
    wrong = runner.invoke(app, ["watch", "--lang", "fr"])
    assert wrong.exit_code != 0 and "'fr' is not one of" in wrong.output
    # A saved game told again by `narrate`: the same German story as `watch` told.
    history = tmp_path / "game.json"
    saved = runner.invoke(app, ["watch", "--seed", "1", "--players", "3", "--history", str(history)])
    assert saved.exit_code == 0, saved.output
    told = runner.invoke(app, ["narrate", str(history), "--lang", "de"])
    assert told.exit_code == 0, told.output
    assert told.output == german.output
