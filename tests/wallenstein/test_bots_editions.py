"""The bots in the 2002 edition and with the Big Box modules: legal complete games, rebuilt module
state, and decisions that depend only on what the seat sees."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from bot_games import PUBLIC_FIELDS, SMALL_SEARCH, assert_decisions_ignore_secrets, play_checked

import wallenstein
from tabletop.agents import Agent
from wallenstein.actions import Action
from wallenstein.board import N_BOXES
from wallenstein.bots import make_agent
from wallenstein.determinize import rebuild
from wallenstein.invariants import check

ALL = ("emperors_court", "landsknechte", "military_leaders")
COMBOS: list[tuple[str, tuple[str, ...]]] = [
    ("2002", ()),
    ("2012", ("emperors_court",)),
    ("2012", ("landsknechte",)),
    ("2012", ("military_leaders",)),
    ("2012", ALL),
]
IDS = ["2002", "court", "landsknechte", "leaders", "all_modules"]


def _play(
    kinds: Sequence[str], edition: str, modules: tuple[str, ...], seed: int, players: int, setup: str
) -> wallenstein.Game:
    def make(kind: str, agent_seed: int) -> Agent:
        return make_agent(kind, agent_seed, **(SMALL_SEARCH if kind == "search" else {}))

    g = play_checked(kinds, make, seed, players, setup, edition, modules, invariants=True)
    assert g.over
    return g


@pytest.mark.parametrize("setup", ["lineup", "draft"])
@pytest.mark.parametrize(("edition", "modules"), COMBOS, ids=IDS)
def test_heuristic_plays_legal_complete_games(edition: str, modules: tuple[str, ...], setup: str) -> None:
    for players in (3, 4, 5):
        _play(["heuristic", "random"], edition, modules, seed=100 + players, players=players, setup=setup)
    # All heuristic: every seat's decisions go through the heuristic, module ones included.
    g = _play(["heuristic"], edition, modules, seed=7, players=4, setup=setup)
    assert max(g.result()["vp"]) > 0


@pytest.mark.parametrize(("edition", "modules"), COMBOS, ids=IDS)
def test_search_plays_a_short_game(edition: str, modules: tuple[str, ...]) -> None:
    _play(["search", "heuristic", "random"], edition, modules, seed=5, players=3, setup="lineup")


def test_heuristic_uses_the_court_boxes() -> None:
    """With the Emperor's Court the heuristic's plans cover the 3 court boxes, and it converts."""
    from wallenstein.bots.heuristic import plan

    converted = 0
    for seed in range(6):
        g = wallenstein.new_game(players=4, seed=seed, modules=["emperors_court"], log=False)
        while not g.over and g.s.year == 1:
            for seat in list(g.pending()):
                if g.phase == "planning" and g.s.plan_fill[seat] == 0:
                    cards = plan(g, seat)
                    assert len(cards) == N_BOXES + 3
                    g.check_plan(seat, cards)
                    converted += sum(1 for c in cards[N_BOXES:] if c != -1)
                    g.apply(seat, Action("plan", cards=cards))
                else:
                    g.apply(seat, g.legal_actions(seat)[0])
    assert converted > 0


@pytest.mark.parametrize(("edition", "modules"), COMBOS, ids=IDS)
def test_rebuilt_module_games_match_the_public_state(edition: str, modules: tuple[str, ...]) -> None:
    """``rebuild`` restores every public part exactly (module state included): the same legal
    actions for the seat to decide, the same Landsknechte and leader state, the same public court."""
    rng = random.Random(3)
    for seed in range(2):
        setup = "draft" if seed else "lineup"
        g = wallenstein.new_game(players=4, seed=seed, setup=setup, edition=edition, modules=modules, log=False)
        n = 0
        while not g.over:
            seat = rng.choice(g.pending())
            legal = g.legal_actions(seat)
            if n % 3 == 0 or g.phase not in ("planning", "move"):
                d = rebuild(g.observe(seat), random.Random(n), seed=n)
                for f in PUBLIC_FIELDS:
                    assert getattr(d.s, f) == getattr(g.s, f), f
                if g.phase != "draft_pick":  # the refresh option depends on earlier picks
                    assert d.legal_actions(seat) == legal, g.phase
                if g.phase == "commit":
                    assert d.s.fight == g.s.fight
                if modules:
                    for f in ("lk_top", "leader", "statues", "statue_owner", "statue_supply", "trophies"):
                        assert getattr(d.s.mods, f) == getattr(g.s.mods, f), f
                if g.s.court is not None:
                    assert d.s.court is not None
                    for f in ("supply", "hall", "audience", "display", "gone", "parry", "stage", "queue", "ask"):
                        assert getattr(d.s.court, f) == getattr(g.s.court, f), f
                    assert sorted(d.s.court.deck) == sorted(g.s.court.deck)
                    if g.phase in ("position", "move") and g.s.court.shown:
                        assert d.s.court.plans == g.s.court.plans
                check(d)
                d.apply(seat, legal[0])  # the rebuilt game plays on
            g.apply(seat, rng.choice(legal))
            n += 1


def _twin(g: wallenstein.Game, seat: int, rng: random.Random) -> wallenstein.Game:
    """A copy whose secrets differ (future chance, event deck order, other seats' hidden court
    boards and action boxes) while ``observe(seat)`` stays the same."""
    twin = g.clone()
    s = twin.s
    twin.seed = g.seed + 7919
    s.event_deck = list(reversed(s.event_deck))
    court = s.court
    assert court is not None
    obs = g.observe(seat)
    for p in range(s.players):
        if p == seat:
            continue
        if str(p) not in obs["court"]["boards"]:
            court.plans[p * 3 : p * 3 + 3] = court.plans[p * 3 : p * 3 + 3][::-1]
        if g.phase == "planning" and s.plan_fill[p] == g.plan_size:
            base = p * N_BOXES
            boxes = s.plans[base : base + 10]
            rng.shuffle(boxes)
            s.plans[base : base + 10] = boxes
    twin.refresh()
    assert twin.observe(seat) == obs
    return twin


@pytest.mark.parametrize("kind", ["heuristic", "search"])
def test_module_decisions_depend_only_on_what_the_seat_sees(kind: str) -> None:
    options = SMALL_SEARCH if kind == "search" else {}
    g = wallenstein.new_game(players=4, seed=8, modules=ALL, log=False)

    def make_bot() -> Agent:
        return make_agent(kind, 5, **options)

    wanted, every = (5, 4) if kind == "search" else (30, 1)
    assert_decisions_ignore_secrets(g, make_bot, _twin, random.Random(5), wanted, every)


def test_tournament_command_takes_edition_and_modules() -> None:
    import json

    from typer.testing import CliRunner

    from wallenstein.cli import app

    runner = CliRunner()
    for extra in (["--edition", "2002"], ["--modules", "emperors_court,landsknechte,military_leaders"]):
        args = ["tournament", "--agents", "heuristic,random,random", "--games", "2", "--json", *extra]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert set(json.loads(result.output)["agents"]) == {"heuristic", "random"}
    bad = runner.invoke(app, ["tournament", "--agents", "heuristic,random,random", "--modules", "bogus"])
    assert bad.exit_code == 2 and "unknown module" in bad.output
    bad = runner.invoke(
        app, ["tournament", "--agents", "heuristic,random,random", "--edition", "2002", "--modules", "landsknechte"]
    )
    assert bad.exit_code == 2
