"""The regions panel and winter forecast the page shows (webtable.wallenstein_standings) equal what the
engine does when winter comes: played positions, each followed into winter on a copy of the game."""

from __future__ import annotations

from typing import Any

from tabletop.agents import random_agents
from wallenstein import game as wgame
from wallenstein.state import WINTER
from webtable.wallenstein_standings import standings


def _positions(seed: int, players: int = 4, edition: str = "2012") -> list[wgame.Game]:
    """Every position of a random game's first year before winter, as copies."""
    g = wgame.new_game(players=players, seed=seed, edition=edition)
    agents = random_agents(players, seed)
    out = []
    while not g.over and g.s.season != WINTER:
        out.append(g.clone())
        seat = sorted(g.pending())[0]
        g.apply(seat, agents[seat].act(g.observe(seat), list(g.legal_actions(seat))))
    return out


def _winter_from(g: wgame.Game, event: int) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """Winter on a copy whose last event is ``event``: the engine's scoring detail (before revolts
    change anything) and the counties each player's supply revolts hit."""
    from wallenstein.winter import begin_winter, run_winter, score

    w = g.clone()
    w.s.year_events = [event]
    w.logging = True
    begin_winter(w)
    detail = score(w.clone())
    hits: list[list[str]] = [[] for _ in range(w.s.players)]
    for seat in range(w.s.players):  # each player's supply draw, as the engine makes it in its turn
        one = w.clone()
        one.s.order = [seat]
        before = len(one.log)
        run_winter(one)
        for e in one.log[before:]:
            if e["e"] == "supply_short":
                hits[e["seat"]] = e["counties"]
    return detail, hits


def test_regions_and_forecast_equal_the_engines_winter() -> None:
    checked = 0
    for seed, edition in ((3, "2012"), (4, "2002")):
        positions = _positions(seed, edition=edition)
        for g in positions[:: max(1, len(positions) // 12)]:
            shown = standings(g)
            assert shown is not None and shown["winter"] is not None
            left = [e for e in g.s.year_events if e != g.s.event]
            losses = {g.events[e].winter_loss for e in left}
            assert [o["grain_loss"] for o in shown["winter"]["outcomes"]] == sorted(losses)
            for e in left:
                detail, hits = _winter_from(g, e)
                assert shown["score_now"] == detail  # what winter scoring gives on this board
                outcome = next(o for o in shown["winter"]["outcomes"] if o["grain_loss"] == g.events[e].winter_loss)
                for p, row in enumerate(outcome["players"]):
                    assert row["revolts"] == len(hits[p]), (seed, p, row, hits[p])
                    assert row["grain"] == max(0, g.s.grain[p] - g.events[e].winter_loss)
                checked += 1
    assert checked >= 20


def test_region_counts_and_leaders_follow_the_buildings() -> None:
    g = _positions(5)[-1]
    shown = standings(g)
    assert shown is not None
    total = sum(sum(k["counts"]) for r in shown["regions"] for k in r["buildings"].values())
    assert total == sum(bin(b).count("1") for b in g.s.buildings)
    for r in shown["regions"]:
        for k in r["buildings"].values():
            assert all(k["counts"][p] == max(k["counts"]) > 0 for p in k["leaders"])
    assert shown["vp_now"] == [sum(d.values()) for d in shown["score_now"]]


def test_the_numbers_reveal_nothing_secret() -> None:
    """Two games that differ only in secret things (seeds: deck orders, plans) but share the public
    board give the same standings: here, the same game seen before and after a secret plan is made."""
    g = wgame.new_game(players=3, seed=9)
    before = standings(g)
    seat = sorted(g.pending())[0]
    agent = random_agents(3, 9)[seat]
    g.apply(seat, agent.act(g.observe(seat), list(g.legal_actions(seat))))
    assert g.observe(None)["phase"] == "planning"  # the plan is secret
    assert standings(g) == before


def test_no_forecast_before_the_years_events_are_turned_up() -> None:
    g = wgame.new_game(players=3, seed=2, setup="draft")
    shown = standings(g)
    assert shown is not None and shown["winter"] is None and shown["vp_now"] == [0, 0, 0]


def _whole_game(seed: int, edition: str, modules: tuple[str, ...]) -> list[wgame.Game]:
    """Every position of a whole random game, as copies, up to its end."""
    g = wgame.new_game(players=4, seed=seed, edition=edition, modules=modules)
    agents = random_agents(4, seed)
    out = [g.clone()]
    while not g.over:
        seat = sorted(g.pending())[0]
        g.apply(seat, agents[seat].act(g.observe(seat), list(g.legal_actions(seat))))
        out.append(g.clone())
    return out


def test_kept_standings_equal_fresh_ones_through_whole_games() -> None:
    """The table keeps the public board by its inputs (the snapshot after every log entry asks for it):
    at every position of whole games, with modules and in 2002, what is kept equals what is computed
    afresh, and positions with the same inputs share one answer."""
    from webtable import wallenstein_standings as ws

    shared = 0
    every_module = ("emperors_court", "landsknechte", "military_leaders")
    for seed, edition, modules in ((5, "2012", every_module), (6, "2002", ())):
        ws._KEPT.clear()
        positions = _whole_game(seed, edition, modules)
        for g in positions:
            assert standings(g) == ws.computed_standings(g)
        shared += len(positions) - len(ws._KEPT)
        assert positions[-1].over
    assert shared > 0  # (positions whose owners, buildings, grain and events left were all as before)
