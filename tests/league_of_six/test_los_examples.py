"""Every worked example of the League of Six rulebook (seed 001) as a named test.

The positions use ``los_examples_components.json``: the stand-in set with the tiles the examples
show (Blue's tax tile in Kamenz, the royal row with bonus 4), Lauban as town 1 and Bautzen as town 3.
Seats: Red 0, Yellow 1, Green 2, Blue 3.

Rulebooks cited: ``../shared/seeds/001_7c0a9294b8c55757.txt`` (seed 001).
"""

from __future__ import annotations

from collections.abc import Sequence

from los_scenario import (
    BLACK,
    BLUE,
    GREEN,
    RED,
    RING,
    YELLOW,
    arranged_game,
    civic_row,
    final_round,
    go,
    hand,
    last_storing,
    load_wagon,
    play_round,
    put,
    set_guards,
    start_storing,
    town,
)

from league_of_six import Action, Game, IllegalAction
from league_of_six.actions import ACCEPT, CHOOSE, OFFERS, ROTATES, row_action
from league_of_six.cleanup import AWARDS, majorities
from league_of_six.components import KINDS, TOWN_KEYS
from league_of_six.invariants import check
from league_of_six.state import BOXED, GRAY_SUPPLY


def choose(key: str) -> Action:
    return CHOOSE[town(key)]


def offers_example() -> Game:
    """Seed 001, "2. Choosing Towns", the example up to Yellow reaching Kamenz."""
    g = arranged_game()
    go(g, RED, choose("lauban"))  # Red takes Lauban's 0 space
    go(g, YELLOW, choose("bautzen"))  # Yellow avoids him: Bautzen, 0
    go(g, GREEN, choose("lauban"))
    go(g, GREEN, OFFERS[2])  # Green offers Red 2 guards
    go(g, RED, ACCEPT)
    go(g, RED, choose("bautzen"))  # 1 guard to travel
    go(g, RED, OFFERS[1])
    go(g, YELLOW, OFFERS[2])  # Yellow counters
    go(g, RED, ACCEPT)
    go(g, RED, choose("lauban"))  # back, 1 guard
    go(g, RED, OFFERS[3])
    go(g, GREEN, ACCEPT)
    go(g, GREEN, choose("bautzen"))  # 1 guard
    go(g, GREEN, OFFERS[3])
    go(g, YELLOW, ACCEPT)
    go(g, YELLOW, choose("kamenz"))  # two towns away: 2 guards
    return g


def test_seed001_choosing_towns_example_offers_lauban_bautzen_kamenz() -> None:
    """Seed 001, "2. Choosing Towns": the example of offers in Lauban and Bautzen, played through ``apply``."""
    g = offers_example()
    s = g.s
    # Red: 3 +2 (Green) -1 +2 (Yellow) -1 -3 (to Green) = 2; Green: 3 -2 +3 -1 -3 = 0;
    # Yellow: 3 -2 +3 -2 = 2; Blue has not played.
    assert s.guards == [2, 2, 0, 3]
    assert s.influence == [10, 10, 10, 10]
    assert (s.town_of[RED], s.counter[RED]) == (town("lauban"), 3)
    assert (s.town_of[GREEN], s.counter[GREEN]) == (town("bautzen"), 3)
    assert (s.town_of[YELLOW], s.counter[YELLOW]) == (town("kamenz"), 0)
    # Blue may go anywhere free of Hussites: Lauban or Bautzen for 4, Kamenz for 1, or empty Zittau.
    assert g.pending() == [BLUE]
    assert g.legal_actions(BLUE) == [choose(k) for k in ("bautzen", "kamenz", "lauban", "zittau")]
    trial = g.clone()
    trial.apply(BLUE, choose("lauban"))
    assert trial.legal_actions(BLUE)[0] == OFFERS[4]  # an offer above Red's 3
    trial.apply(BLUE, OFFERS[4])
    trial.apply(RED, ACCEPT)
    # Blue had only 3 guards: the fourth comes from the king for 2 influence.
    assert trial.s.guards[BLUE] == 0 and trial.s.influence[BLUE] == 8
    assert trial.s.guards[RED] == 6
    check(trial)
    zittau = g.clone()
    zittau.apply(BLUE, choose("zittau"))  # unoccupied: free, on 0
    assert zittau.s.guards[BLUE] == 3 and zittau.s.counter[BLUE] == 0


def reorder_example() -> Game:
    g = offers_example()
    go(g, BLUE, choose("kamenz"))
    go(g, BLUE, OFFERS[1])  # Blue spends 1 guard on Kamenz
    go(g, YELLOW, ACCEPT)
    go(g, YELLOW, choose("zittau"))  # Yellow goes on to Zittau, spending nothing there
    return g


def test_seed001_reordering_example_ties_go_to_the_higher_town() -> None:
    """Seed 001, "3. Reordering": the example, after the choosing example; equal counters, higher town
    first (L-05)."""
    g = reorder_example()
    s = g.s
    assert [s.counter[p] for p in (GREEN, RED, BLUE, YELLOW)] == [3, 3, 1, 0]
    assert g.comp.towns[s.town_of[GREEN]].number == 3 and g.comp.towns[s.town_of[RED]].number == 1
    # Green (town 3) before Red (town 1), then Blue, then Yellow: Green collects taxes first.
    assert s.order == [GREEN, RED, BLUE, YELLOW]
    assert g.phase == "rotate" and g.pending() == [GREEN]
    assert g.log[-1]["e"] == "reorder"


def test_seed001_tax_tile_example_blue_turns_her_tile() -> None:
    """Seed 001, "4. Tax Collection": Blue turns her tile in Kamenz as in the illustration."""
    g = reorder_example()
    go(g, GREEN, g.legal_actions(GREEN)[0])
    go(g, RED, g.legal_actions(RED)[0])
    s = g.s
    assert s.town_of[BLUE] == town("kamenz") and s.tile_at[town("kamenz")] == 0
    before_guards, before_wagon = s.guards[BLUE], s.wagon[BLUE * 4 : BLUE * 4 + 4]
    # Arrows on edges 0, 1, 3, 4 look the same turned half-way round: three different turns.
    assert g.legal_actions(BLUE) == [ROTATES[0], ROTATES[1], ROTATES[2]]
    other = g.clone()
    other.apply(BLUE, ROTATES[1])
    go(g, BLUE, ROTATES[0])  # the turn of the illustration
    # Two guards, one green block, one yellow block, two horses, and a gray card of two burghers.
    assert s.guards[BLUE] == before_guards + 2
    assert [a - b for a, b in zip(s.wagon[BLUE * 4 : BLUE * 4 + 4], before_wagon, strict=True)] == [0, 1, 0, 1]
    assert s.horses[BLUE] == 2
    held = [c for c, at in enumerate(s.card_at) if at == BLUE]
    assert [(KINDS[g.comp.cards[c].kind], g.comp.cards[c].figures, g.comp.cards[c].gray) for c in held] == [
        ("burgher", 2, True)
    ]
    assert other.s.horses[BLUE] != 2 or other.s.guards[BLUE] != s.guards[BLUE]  # the turn matters


def test_seed001_storage_example_royal_row_with_bonus_4() -> None:
    """Seed 001, "5. Storing Goods": the example of the royal row with bonus 4 (goods named by their
    colour, L-03)."""
    g = arranged_game()
    put(g, {RED: ("lauban", 3), YELLOW: ("zittau", 0), GREEN: ("bautzen", 3), BLUE: ("kamenz", 1)})
    load_wagon(g, GREEN, {"red": 2, "green": 1, "yellow": 1})
    load_wagon(g, BLUE, {"yellow": 1, "green": 1})  # the player to Green's left: yellow and green only
    load_wagon(g, RED, {"blue": 1})
    start_storing(g, order=[GREEN, RED, BLUE, YELLOW])  # Green has the 5-horse team, Red the 4
    check(g)
    row = row_action(0, 0)  # royal stores, row 1: bonus 4; green 2, yellow 2, green 1, blue 1
    assert g.layout.bonus[0] == 4 and row in g.legal_actions(GREEN)
    go(g, GREEN, row)
    s = g.s
    # Green: green + yellow = 4, then the bonus 4 once the row is full; Blue's green 1; Red's blue 1.
    assert s.influence[GREEN] == 10 + 4 + 4
    assert s.influence[BLUE] == 10 + 1
    assert s.influence[RED] == 10 + 1
    assert s.wagon[BLUE * 4 : BLUE * 4 + 4] == [0, 0, 0, 1]  # her yellow found no space
    assert s.wagon[GREEN * 4 : GREEN * 4 + 4] == [2, 0, 0, 0]
    event = next(e for e in reversed(g.log) if e["e"] == "row")
    assert event["full"] and [p["seat"] for p in event["placed"]] == [GREEN, BLUE, RED]
    assert g.pending() == [RED]  # Red, with the 4-horse team, chooses next


# From round 2 a figure starts on the road in front of its last town; what reaching a town costs, by
# how far round the ring it lies from that road (seed 001, "2. Choosing Towns"): staying or the next
# town 1, two towns 2, the opposite town 3; a figure that was displaced pays 1 per town and may not stay.
FROM_ROAD = {0: 1, 1: 1, 2: 2, 3: 3}
DISPLACED = {1: 1, 2: 2, 3: 3}


def ring_distance(a: int, b: int) -> int:
    d = abs(RING.index(TOWN_KEYS[a]) - RING.index(TOWN_KEYS[b]))
    return min(d, 6 - d)


def _costs(g: Game, seat: int) -> dict[int, int]:
    """Play each of ``seat``'s choices in a copy; the travel cost the game charged, per town, checking
    that the guards (then 2 influence each) paid add up to it, or to all it had (LR-01)."""
    out = {}
    for a in g.legal_actions(seat):
        assert a.kind == "choose"
        trial = g.clone()
        guards = trial.s.guards[seat]
        means = guards + trial.s.influence[seat] // 2
        trial.apply(seat, a)
        event = next(e for e in reversed(trial.log) if e["e"] == "choose" and e["seat"] == seat)
        assert event["guards"] + event["influence"] // 2 == min(event["cost"], means)
        assert trial.s.guards[seat] == guards - event["guards"]
        out[a.a] = event["cost"]
    return out


def test_seed001_travel_costs_from_the_road_in_round_2() -> None:
    """Seed 001, "2. Choosing Towns", costs from round 2: round 1 played through ``apply``, then
    every choice of round 2's first chooser, and of a figure displaced by an offer it accepted."""
    g = arranged_game()
    play_round(g)
    s = g.s
    assert s.round == 2 and g.phase == "choose"
    first = g.pending()[0]
    road = s.road_of[first]
    open_towns = [t for t in range(6) if not s.besieged[t]]
    assert road >= 0 and sorted(_costs(g, first)) == open_towns  # staying is a choice
    assert _costs(g, first) == {t: FROM_ROAD[ring_distance(road, t)] for t in open_towns}
    held = open_towns[0]
    go(g, first, CHOOSE[held])
    second = g.pending()[0]
    go(g, second, CHOOSE[held])
    go(g, second, g.legal_actions(second)[0])  # the lowest offer, 1 guard
    # The first chooser has spent what it had on travel and cannot offer 2: accepting was its single
    # option, taken by the game; it travels on at once and may not stay.
    assert g.log[-1]["e"] == "accept" and g.log[-1]["seat"] == first
    assert g.phase == "choose" and g.pending() == [first] and CHOOSE[held] not in g.legal_actions(first)
    assert _costs(g, first) == {t: DISPLACED[ring_distance(held, t)] for t in open_towns if t != held}


def test_seed001_twelve_guards_cannot_be_refused_and_offers_are_limited_by_means() -> None:
    """Seed 001, "2. Choosing Towns": an offer of 12 must be accepted; offers are limited by means (L-04)."""
    g = arranged_game()
    go(g, RED, choose("lauban"))
    go(g, YELLOW, choose("lauban"))
    # Yellow can give 3 guards + 10 influence / 2 = 8 guards at most (L-04).
    assert g.legal_actions(YELLOW) == list(OFFERS[1:9])
    with_9 = OFFERS[9]
    before = g.to_json()
    try:
        g.apply(YELLOW, with_9)
        raise AssertionError("an offer beyond one's means was accepted")
    except IllegalAction as exc:
        assert "L-04" in str(exc)
    assert g.to_json() == before
    g.s.influence[YELLOW] = 30  # rich enough for 12
    g.s.influence_scored += 20
    g.refresh()
    go(g, YELLOW, OFFERS[12])
    # Accepting was Red's single option: the engine took it, and Red now travels on with 12 more guards.
    assert g.phase == "choose" and g.pending() == [RED] and g.s.town_of[RED] == -1
    assert g.s.guards[RED] == 15 and g.s.counter[YELLOW] == 12
    assert g.s.influence[YELLOW] == 30 - 2 * (12 - 3)


def _final_majority(players: int, figures: Sequence[Sequence[int]], guards: Sequence[int] | None = None) -> list[int]:
    """The last round arranged with ``figures[seat]`` (clergy cards, by figures) in hand and ``guards``;
    its last decision played through ``apply``; the clergy majority the final scoring awarded."""
    seats = list(range(players))
    besieged = ("gorlitz", "lobau", "zittau")[: 6 - players]
    g = arranged_game(players=players, ring=RING, besieged=besieged, choosing=seats)
    final_round(g)
    for seat, cards in enumerate(figures):
        for n in cards:
            hand(g, seat, "clergy", n)
    if guards is not None:
        set_guards(g, guards)
    chooser = last_storing(g, order=seats[1:] + seats[:1])
    go(g, chooser, g.legal_actions(chooser)[0])
    assert g.over and g.phase == "over"
    final = next(e for e in g.log if e["e"] == "final")
    assert final["majorities"]["clergy"]["figures"] == [sum(c) for c in figures]
    assert final["majorities"]["aristocracy"]["influence"] == [0] * players  # nobody holds one
    return list(final["majorities"]["clergy"]["influence"])


def test_seed001_civic_leader_scoring_ties_and_three_players() -> None:
    """Seed 001, "End of the Game": the civic leader examples, scored by a played last round (L-06:
    9/6/4/2, three players 6/4/2, ties by guards in hand, then the lowest place they span)."""
    # Five players: two tied for first (same guards) both score 6, as if both were second.
    assert _final_majority(5, [[4], [4], [2], [1], []]) == [6, 6, 4, 2, 0]
    # Three tied for third score 0, as if all were fifth.
    assert _final_majority(5, [[4, 1], [4], [2], [2], [2]]) == [9, 6, 0, 0, 0]
    # Ties are broken by more guards in hand first.
    assert _final_majority(5, [[4], [4], [2], [1], []], guards=[0, 3, 0, 0, 0]) == [6, 9, 4, 2, 0]
    # Three players: no first prize; 6/4/2. Four players: the last still scores with a card.
    assert AWARDS[3] == (6, 4, 2) and _final_majority(3, [[3], [2], [1]]) == [6, 4, 2]
    assert _final_majority(4, [[3], [2], [1], [1]], guards=[0, 0, 2, 0]) == [9, 6, 4, 2]
    # No card of the kind: nothing, whatever the others hold.
    assert _final_majority(4, [[3], [], [], []]) == [9, 0, 0, 0]
    # The rule function itself, on the same figures.
    assert majorities(5, [4, 4, 2, 1, 0], [0, 3, 0, 0, 0]) == [6, 9, 4, 2, 0]


def test_seed001_civic_row_bonus_takes_a_card_with_at_most_that_many_figures() -> None:
    """Seed 001, "5. Storing Goods": the civic bonus 3 takes a face-up card of at most 3 figures."""
    g = arranged_game()
    row = civic_row(g, bonus=3)
    up_before = list(g.s.faceup)
    go(g, GREEN, row)
    assert g.phase == "bonus" and g.legal_actions(GREEN) == [Action("leader", f) for f in (1, 2, 3)]
    go(g, GREEN, Action("leader", 3))
    assert g.s.card_at[up_before[2]] == GREEN
    assert g.s.faceup[2] == -1  # no new card is turned up on that pile


def test_seed001_civic_row_bonus_gives_nothing_once_the_eligible_cards_are_gone() -> None:
    """Seed 001, "5. Storing Goods": a civic row's bonus card must have at most that many figures; with
    the 1-, 2- and 3-figure piles' face-up cards gone, filling the bonus-3 row gives no card."""
    g = arranged_game()
    row = civic_row(g, bonus=3)
    for f in range(3):  # taken earlier in the game: out of the piles (the box keeps the books)
        g.s.card_at[g.s.faceup[f]] = BOXED
        g.s.faceup[f] = -1
    g.refresh()
    check(g)
    go(g, GREEN, row)
    assert g.phase == "store" and g.pending() == [RED]  # no bonus decision
    assert not [c for c, at in enumerate(g.s.card_at) if at == GREEN]
    assert next(e for e in reversed(g.log) if e["e"] == "bonus") == {"e": "bonus", "seat": GREEN, "card": None}


def test_seed001_hussites_leave_one_town_per_player() -> None:
    """Seed 001, "1. Setup" and round set-up: as many towns free of Hussites as players, each with a tax
    tile, in round 1 and again in round 2 (reached through ``apply``)."""
    from league_of_six import new_game

    for players in (3, 4, 5):
        g = new_game(players=players, seed=players)
        for _ in range(2):
            assert sum(g.s.besieged) == 6 - players
            assert sum(1 for t in g.s.tile_at if t >= 0) == players
            assert all((g.s.tile_at[t] >= 0) != bool(g.s.besieged[t]) for t in range(6))
            play_round(g)
        assert g.s.round == 3


def test_seed001_gray_cards_come_from_the_face_up_supply() -> None:
    """Seed 001, "1. Setup" (gray cards face up) and "4. Tax Collection": a tile's gray card comes from that supply."""
    g = reorder_example()
    gray_before = sum(1 for at in g.s.card_at if at == GRAY_SUPPLY)
    go(g, GREEN, g.legal_actions(GREEN)[0])
    go(g, RED, g.legal_actions(RED)[0])
    go(g, BLUE, ROTATES[0])
    taken = sum(1 for c in g.comp.gray_cards if g.s.card_at[c] >= 0)
    assert sum(1 for at in g.s.card_at if at == GRAY_SUPPLY) == gray_before - taken
    assert taken >= 1


def test_seed001_black_is_the_fifth_seat() -> None:
    """Seed 001, "1. Setup" with five players: Black chooses fifth."""
    g = arranged_game(players=5, besieged=("lobau",), choosing=(RED, YELLOW, GREEN, BLUE, BLACK))
    assert g.pending() == [RED] and len(g.legal_actions(RED)) == 5
