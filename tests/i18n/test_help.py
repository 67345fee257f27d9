"""Rules help at every decision (issue 15): every kind of decision the engines offer (both games, both
Wallenstein editions, every module, the draft) has a why/how in English and German with its rulebook
section and ruling ids; the lobby has a catalogue name for everything the server offers."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from loading import ROOT, load

from webtable.registry import BOTS, GAMES, install_defaults

STATIC = ROOT / "src" / "webtable" / "static"
INDEX = json.loads((STATIC / "help_index.json").read_text(encoding="utf-8"))
# The project's own copy of the rulings and its index of the rulebook sections it cites: the tests read
# nothing outside the repository (the rulebooks themselves are not part of it).
RULINGS = ROOT / "docs" / "rules" / "rulings.md"
SECTIONS = json.loads((ROOT / "docs" / "rules" / "sections.json").read_text(encoding="utf-8"))["rulebooks"]


def catalogue(lang: str, ns: str) -> dict[str, Any]:
    return json.loads((STATIC / "locales" / lang / f"{ns}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def decisions(game: str) -> set[tuple[str, str, str]]:
    """(help kind, edition, decision types) of every decision the golden games of ``game`` asked,
    found by replaying them and asking each seat's legal actions at every step."""
    folder = "golden" if game == "wallenstein" else "golden_los"
    regen = load(f"help_regen_{game}", f"tests/{folder}/regenerate.py")
    seen: set[tuple[str, str, str]] = set()
    for case in regen.CASES:
        final = regen.play_case(case)
        steps = final.replay_steps(final.history) if hasattr(final, "replay_steps") else [final]
        for g in steps:
            for seat in range(g.players):
                types = {a.to_json()["type"] for a in g.legal_actions(seat)}
                if types:
                    seen.add((kind_of(game, types), getattr(g, "edition", ""), ",".join(sorted(types))))
    return seen


def kind_of(game: str, types: set[str]) -> str:
    """help.js's kindOf, on the same index."""
    if {"stay", "move_only"} & types:
        return "deploy_move"
    kinds = {INDEX["types"][game].get(t) for t in types} - {None}
    assert len(kinds) == 1, f"{game} decision {sorted(types)} maps to {kinds}"
    return kinds.pop()  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", ["wallenstein", "league_of_six"])
def test_every_decision_the_engines_offer_has_help_in_both_languages(game: str) -> None:
    seen = decisions(game)
    kinds = {k for k, _, _ in seen}
    assert len(kinds) >= (10 if game == "wallenstein" else 4)  # the games really were explored
    en, de = catalogue("en", "help"), catalogue("de", "help")
    for kind, edition, types in seen:
        entries = [e for e in INDEX["entries"] if e["game"] == game and e["kind"] == kind]
        entry = next((e for e in entries if e["edition"] == edition), None) or next(
            (e for e in entries if not e["edition"]), None
        )
        assert entry is not None, f"no help for {game} {kind} ({types}, edition {edition})"
        for lang, cat in (("en", en), ("de", de)):
            for part in ("title", "text"):
                text = cat.get(f"{entry['key']}.{part}")
                assert isinstance(text, str) and len(text) > 10, f"{lang} lacks {entry['key']}.{part}"
        assert en[entry["key"] + ".text"] != de[entry["key"] + ".text"]


def test_every_engine_decision_type_is_mapped() -> None:
    wtypes = set(re.findall(r'\{"type": "(\w+)"', (ROOT / "src" / "wallenstein" / "actions.py").read_text()))
    assert wtypes and wtypes <= set(INDEX["types"]["wallenstein"])
    from league_of_six import actions as la

    ltypes = {v for k, v in vars(la).items() if k.endswith("_KIND") and isinstance(v, str)}
    assert ltypes and ltypes <= set(INDEX["types"]["league_of_six"])


def test_help_entries_cite_real_sections_and_rulings() -> None:
    """Every help entry cites rulings the project follows (docs/rules/rulings.md) and rulebook sections
    of its index (docs/rules/sections.json), by rulebook file and section name."""
    rulings = set(re.findall(r"^- ([WL]-\d+a?)\b", RULINGS.read_text(encoding="utf-8"), re.M))
    assert len(rulings) > 35
    for entry in INDEX["entries"]:
        assert entry["sources"] and entry["rulings"], entry["key"]
        assert set(entry["rulings"]) <= rulings, f"{entry['key']}: unknown ruling {set(entry['rulings']) - rulings}"
        for src in entry["sources"]:
            folder, _, book = src["seed"].rpartition("/")
            assert folder == "../shared/seeds", src
            assert book in SECTIONS, f"{entry['key']}: unknown rulebook {book}"
            assert src["section"] in SECTIONS[book]["sections"], f"{entry['key']}: {book} has no section {src}"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_help_message_exists_in_each_language(lang: str) -> None:
    cat = catalogue(lang, "help")
    needed = {f"{e['key']}.{p}" for e in INDEX["entries"] for p in ("title", "text")}
    guide = re.findall(r'\{ id: "(\w+)", spot:', (STATIC / "guide.js").read_text(encoding="utf-8"))
    needed |= {f"help.guide.{s}.{p}" for s in guide for p in ("title", "text")}
    assert len(guide) >= 8 and sorted(needed - set(cat)) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lobby_names_everything_the_server_offers(lang: str) -> None:
    install_defaults()
    cat = catalogue(lang, "lobby")
    names = {f"lobby.title.{k}" for k in GAMES} | {f"lobby.bot.{b}" for b in BOTS}
    for kind in GAMES.values():
        o = kind.lobby()
        names |= {f"lobby.setup.{s['name']}" for s in o.get("setups", [])}
        names |= {f"lobby.module.{m['name']}" for m in o.get("modules", [])}
        for s in o.get("selects", []):
            names |= {f"lobby.option.{s['name']}"} | {f"lobby.option.{s['name']}.{c['name']}" for c in s["choices"]}
            if s.get("note"):
                names.add(f"lobby.option.{s['name']}.note")
    assert sorted(names - set(cat)) == []
