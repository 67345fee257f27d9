"""Worked examples and tables of the 2012 rulebook's set-up and winter, played through the public
path (``new_game``, ``Game.apply``, ``observe``): start thalers, the counties out of play with 3
players (the Lüttich example), the three default line-up tables, the four topmost event cards, each
event card's winter grain loss (both copies of the duplicated cards), "each player loses 3 grain",
and the supply chart's rows (5-6 and 7+ among them) in a real winter.

Source: ``../shared/seeds/000_0e95b3a6bc0d281e.txt`` (English 2012 rulebook): "Set-up" ("Determine
the counties used in the game", "A player's starting components", "Event cards"), "Default county
distribution" (page 14 tables), "The event cards (basic game)" and "Winter game round" (supply
chart); rulings W-10 and W-26 in ``../shared/design/rulings.md``.
"""

from __future__ import annotations

import random

import pytest
from scenario import arranged_game, county, entries, give
from season import finish_season, plan_season

import wallenstein
from wallenstein import Action
from wallenstein.invariants import check

RED = 0

# "A player's starting components": starting capital by number of players.
START_THALERS = {3: 18, 4: 15, 5: 12}
# "Determine the counties used in the game": county cards removed with 3 players.
OUT_WITH_THREE = {"bremen", "holstein", "luettich", "burgund", "konstanz", "bayern", "steiermark", "tirol"}
# "Default county distribution": each player's counties and armies, player A first.
LINEUPS: dict[int, list[dict[str, int]]] = {
    3: [
        {"mark": 5, "osnabrueck": 4, "oberoesterreich": 4, "passau": 3, "trier": 3, "koeln": 2,
         "niederoesterreich": 2, "saechs_lande": 2, "vogtland": 2},
        {"strassburg": 5, "mittelmark": 4, "paderborn": 4, "baden": 3, "breisgau": 3, "lothringen": 2,
         "hessen_kassel": 2, "neumark": 2, "vorpommern": 2},
        {"augsburg": 5, "boehmen": 4, "lueneburg": 4, "salzburg": 3, "wuerzburg": 3, "kaernten": 2,
         "lausitz": 2, "mecklenburg": 2, "schlesien": 2},
    ],
    4: [
        {"lueneburg": 5, "holstein": 4, "wuerttemberg": 4, "mecklenburg": 3, "wolfenbuettel": 3, "anhalt": 2,
         "baden": 2, "mittelmark": 2},
        {"oberoesterreich": 5, "mark": 4, "schlesien": 4, "kaernten": 3, "tirol": 3, "trier": 2, "lausitz": 2,
         "niederoesterreich": 2},
        {"zweibruecken": 5, "boehmen": 4, "paderborn": 4, "koeln": 3, "strassburg": 3, "hessen_darmstadt": 2,
         "lothringen": 2, "passau": 2},
        {"augsburg": 5, "oberpfalz": 4, "osnabrueck": 4, "kursachsen": 3, "salzburg": 3, "bremen": 2, "bayern": 2,
         "vogtland": 2},
    ],
    5: [
        {"mark": 5, "boehmen": 4, "schlesien": 4, "koeln": 3, "lausitz": 3, "maehren": 2, "vogtland": 2},
        {"augsburg": 5, "mecklenburg": 4, "wuerzburg": 4, "bremen": 3, "hessen_darmstadt": 3, "holstein": 2,
         "regensburg": 2},
        {"altmark": 5, "trier": 4, "neumark": 4, "luettich": 3, "kursachsen": 3, "anhalt": 2, "mittelmark": 2},
        {"lothringen": 5, "zweibruecken": 4, "kaernten": 4, "baden": 3, "niederoesterreich": 3, "burgund": 2,
         "steiermark": 2},
        {"paderborn": 5, "oberoesterreich": 4, "osnabrueck": 4, "salzburg": 3, "wolfenbuettel": 3,
         "hessen_kassel": 2, "passau": 2},
    ],
}  # fmt: skip
# "The event cards (basic game)": each card's effect and its grain loss in winter, as printed.
EVENT_CARDS = [
    ("trade_calms", 5), ("trade_calms", 7), ("angry_peasants", 3), ("palace_guard", 2), ("palace_guard", 6),
    ("church_peace", 3), ("tax_max_5", 0), ("tax_min_6", 2), ("church_peace", 4), ("grain_min_4", 3),
    ("grain_max_3", 4), ("recruit_reduced", 1),
]  # fmt: skip


def _card(kind: str, loss: int) -> int:
    """The deck index of the event card with this effect and grain loss."""
    return next(e.index for e in wallenstein.board.BOARD.events if (e.kind, e.winter_loss) == (kind, loss))


def _random_until(g: wallenstein.Game, done: object, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not done(g):  # type: ignore[operator]
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))


# ---------------------------------------------------------------- set-up


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("setup", ["lineup", "draft"])
def test_seed000_setup_starting_capital(players: int, setup: str) -> None:
    """Seed 000, "A player's starting components": 18 / 15 / 12 thalers with 3 / 4 / 5 players, however the
    counties are assigned (seen when the first planning starts)."""
    g = wallenstein.new_game(players=players, seed=3, setup=setup)
    _random_until(g, lambda game: game.phase == "planning")
    assert [p["thalers"] for p in g.observe(None)["players"]] == [START_THALERS[players]] * players


def test_seed000_setup_three_players_remove_eight_counties_luettich_example() -> None:
    """With 3 players the 8 listed counties are out of play: nobody holds or drafts them, and (the
    Lüttich example) no army may enter one, while with 4 players Lüttich can be attacked."""
    for players in (3, 4):
        g = wallenstein.new_game(players=players, seed=5, setup="draft")
        _random_until(g, lambda game: game.phase == "planning")
        seen = g.observe(None)["counties"]
        out = {key for key, c in seen.items() if not c["in_play"]}
        assert out == (OUT_WITH_THREE if players == 3 else set())
        assert all(seen[key]["owner"] is None and seen[key]["armies"] == 0 for key in out)
    for players, enters in ((3, False), (4, True)):
        g = arranged_game(players=players, planning=True)
        koeln = give(g, RED, "koeln", 4)
        assert county("luettich") in wallenstein.board.BOARD.neighbours[koeln]
        plan_season(g, {RED: {"combat_a": "koeln"}}, order=("combat_a",))
        targets = {a.a for a in g.legal_actions(RED) if a.kind == "move"}
        assert (county("luettich") in targets) == enters
        if not enters:
            with pytest.raises(wallenstein.IllegalAction):
                g.apply(RED, Action("move", county("luettich"), 1))
        check(g)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_seed000_setup_default_lineup_tables(players: int) -> None:
    """Seed 000, "Default county distribution": each player gets the counties of the printed table with the
    armies shown, and holds those county cards (the first plan may use exactly them)."""
    g = wallenstein.new_game(players=players, seed=2, setup="lineup")
    seen = g.observe(None)["counties"]
    for seat, table in enumerate(LINEUPS[players]):
        held = {key: c["armies"] for key, c in seen.items() if c["owner"] == seat}
        assert held == table
        cards = {a.b for a in g.legal_actions(seat) if a.kind == "plan_card" and a.b < 100}
        assert cards == {county(key) for key in table}


def test_seed000_setup_four_topmost_event_cards_each_year() -> None:
    """Seed 000, "Event cards": the 4 topmost cards of the shuffled deck lie face up for the year; after the
    first winter 4 new ones are revealed from the rest of the deck."""
    g = wallenstein.new_game(players=4, seed=8)
    first = g.observe(0)["events"]
    assert len(first["year"]) == 4 and first["deck_left"] == 8
    assert [e["card"] for e in first["year"]] == next(
        h["outcome"] for h in g.history if h.get("chance") == "year_events"
    )
    _random_until(g, lambda game: game.s.year == 2)
    second = g.observe(0)["events"]
    assert len(second["year"]) == 4 and second["deck_left"] == 4
    assert not {e["card"] for e in first["year"]} & {e["card"] for e in second["year"]}


# ---------------------------------------------------------------- winter


def test_seed000_event_cards_printed_effects_and_winter_losses() -> None:
    """The twelve cards as printed: six effects once, three twice (with different grain losses)."""
    cards = [(e.kind, e.winter_loss) for e in wallenstein.board.BOARD.events]
    assert sorted(cards) == sorted(EVENT_CARDS)


def _fall(players: int = 4, outcomes: list[dict[str, int]] | None = None) -> wallenstein.Game:
    g = arranged_game(players=players, outcomes=outcomes or [], planning=True)
    g.s.season = 2  # the fall: winter follows this season
    return g


@pytest.mark.parametrize("card", range(12))
def test_seed000_winter_each_event_card_takes_its_grain(card: int) -> None:
    """The year's last face-up card gives the grain every player loses in winter (W-26); played for
    each of the 12 cards, so the second copy of each duplicated card loses its own amount. Red has
    8 grain and 1 county, Blue 2 grain: grain never goes below 0 and nobody runs short."""
    kind, loss = wallenstein.board.BOARD.events[card].kind, wallenstein.board.BOARD.events[card].winter_loss
    assert (kind, loss) in EVENT_CARDS
    g = _fall()
    give(g, RED, "anhalt", 2)
    g.s.grain[:2] = [8, 2]
    fall_event = "tax_max_5" if card != 3 else "grain_max_3"  # a fall event other than the card
    plan_season(g, {RED: {"church": "anhalt"}}, event=fall_event, winter_card=card)
    finish_season(g)
    winter = entries(g, "winter")[-1]
    assert winter["grain_loss"] == loss
    assert winter["grain"] == [8 - loss, max(0, 2 - loss), 0, 0]
    assert not entries(g, "supply_short")
    check(g)


def test_seed000_winter_example_each_player_loses_3_grain() -> None:
    """Seed 000, "Supply chart" example: this winter each player loses 3 grain (angry peasants, loss 3)."""
    g = _fall()
    g.s.grain[:] = [5, 3, 1, 0]
    plan_season(g, {}, winter_card=_card("angry_peasants", 3))
    finish_season(g)
    assert [(e["grain_loss"], e["grain"]) for e in entries(g, "winter")] == [(3, [2, 0, 0, 0])]


@pytest.mark.parametrize(
    ("counties", "revolts", "extra"),
    [
        (1, 1, 1),  # 1 unsupplied: 1 revolting county, 1 more peasant
        (3, 2, 2),  # 3-4 unsupplied: 2 revolting counties, 2 more peasants each
        (4, 2, 2),
        (5, 2, 3),  # 5-6 unsupplied: 2 revolting counties, 3 more peasants each
        (6, 2, 3),
        (7, 3, 3),  # 7+ unsupplied: 3 revolting counties, 3 more peasants each
        (8, 3, 3),
    ],
)
def test_seed000_winter_supply_chart_rows_in_a_real_winter(counties: int, revolts: int, extra: int) -> None:
    """Seed 000, "Supply chart", the rows 1, 3-4, 5-6 and 7+ (2 is Arne's example) in a real winter:
    Red holds ``counties`` counties with no grain; that many revolts are drawn among them, Red
    chooses their order, ``extra`` peasants join each (no revolt markers there), and no marker is
    added (W-26)."""
    keys = ["anhalt", "altmark", "lueneburg", "mecklenburg", "vorpommern", "neumark", "lausitz", "vogtland"]
    g = _fall(outcomes=[{"0": 2, "peasants": 1}] * revolts)
    for key in keys[:counties]:
        give(g, RED, key, 2)
    # Red's cards go on boxes that neither collect grain nor add revolt markers.
    plan = dict(zip(("palace", "church", "trading_post", "combat_a", "combat_b", "deploy1_move", "deploy5", "deploy3"),
                    keys[:counties], strict=False))  # fmt: skip
    plan_season(g, {RED: plan}, winter_card=_card("tax_max_5", 0))  # no grain lost
    finish_season(g)
    short = entries(g, "supply_short")
    assert [(s["seat"], s["shortfall"], s["extra_peasants"], len(s["counties"])) for s in short] == [
        (RED, counties, extra, revolts)
    ]
    drawn = [county(k) for k in short[0]["counties"]]
    chosen = []
    while g.phase == "winter_order":
        options = [a.a for a in g.legal_actions(RED)]
        assert sorted(options) == sorted(c for c in drawn if c not in chosen)
        chosen.append(options[-1])
        g.apply(RED, Action("revolt_next", options[-1]))
        if g.phase == "winter_order":  # a revolt is over and winter goes on: it added no marker
            assert sum(g.s.revolts) == 0
    revolted = entries(g, "revolt")
    assert len(revolted) == revolts and {r["county"] for r in revolted} == set(short[0]["counties"])
    assert [county(r["county"]) for r in revolted][: len(chosen)] == chosen
    assert all(r["winter"] and r["dropped"]["peasants"] == extra and r["result"] == "owner" for r in revolted)
    winter = next(i for i, e in enumerate(g.log) if e["e"] == "winter")
    assert not [e for e in g.log[winter:] if e["e"] == "marker"]  # markers only go at the year's end
    check(g)
