"""The project's League of Six rules notes (docs/league-of-six-rules-notes.md), one test each (test_lr_NN_...),
and ruling L-02 of ``../shared/design/rulings.md``.

The notes settle what ``../shared/seeds/001_7c0a9294b8c55757.txt`` (seed 001) leaves open; each test
arranges a position (``los_scenario``) and plays the decisions through ``Game.apply``.
"""

from __future__ import annotations

import random
from collections import Counter

from los_scenario import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    arranged_game,
    civic_row,
    final_round,
    go,
    last_storing,
    load_wagon,
    put,
    set_guards,
    start_storing,
    town,
)

import league_of_six
from league_of_six.actions import ACCEPT, CHOOSE, LEADERS, OFFERS, ROTATES, row_action
from league_of_six.invariants import check
from league_of_six.setup import _take_tiles
from league_of_six.storing import useful_rows


def test_lr_01_travel_nobody_can_pay_is_waived_and_held_towns_need_means() -> None:
    g = arranged_game()
    s = g.s
    g.apply(RED, CHOOSE[town("lauban")])
    g.apply(YELLOW, CHOOSE[town("lauban")])
    g.apply(YELLOW, OFFERS[1])
    # Red has lost everything (by hand, keeping the books): he can only accept.
    s.guards_returned += s.guards[RED]
    s.guards[RED] = 0
    s.influence_paid += s.influence[RED]
    s.influence[RED] = 0
    g.refresh()
    g.apply(RED, ACCEPT)  # 1 guard from Yellow
    assert s.guards[RED] == 1 and g.pending() == [RED]
    g.apply(RED, CHOOSE[town("kamenz")])  # three towns away: 3 guards, he has 1
    event = g.log[-1]
    assert (event["e"], event["cost"], event["guards"], event["influence"]) == ("choose", 3, 1, 0)
    assert s.guards[RED] == 0 and s.influence[RED] == 0 and s.town_of[RED] == town("kamenz")
    check(g)
    # Blue, with nothing to offer, may only go where nobody stands.
    g.apply(GREEN, CHOOSE[town("zittau")])
    s.guards_returned += s.guards[BLUE]
    s.guards[BLUE] = 0
    s.influence_paid += 10
    s.influence[BLUE] = 0
    g.refresh()
    # Lauban (Yellow on 1), Kamenz (Red on 0) and Zittau (Green on 0) need an offer she cannot pay.
    assert g.legal_actions(BLUE) == [CHOOSE[town("bautzen")]]


def test_lr_02_short_goods_and_missing_gray_cards_are_not_taken() -> None:
    g = arranged_game()
    s = g.s
    for key in ("lauban", "bautzen", "kamenz", "zittau"):
        g.apply(g.pending()[0], CHOOSE[town(key)])
    blue_town = s.town_of[BLUE]
    assert blue_town == town("zittau")
    # Move Blue onto Kamenz's tile 0 (burgher centre) by swapping the tiles, and empty the supplies.
    s.tile_at[town("kamenz")], s.tile_at[blue_town] = s.tile_at[blue_town], s.tile_at[town("kamenz")]
    for c in g.comp.gray_cards:
        if g.comp.cards[c].kind == 2:
            s.card_at[c] = RED  # every gray burgher card is taken already
    s.supply[1] = 0  # no green left: move them to Red's wagon to keep them accounted for
    s.wagon[RED * 4 + 1] += g.comp.goods[1]
    g.refresh()
    while g.pending() != [BLUE]:
        g.apply(g.pending()[0], g.legal_actions(g.pending()[0])[0])
    green_before = s.wagon[BLUE * 4 + 1]
    cards_before = [c for c, at in enumerate(s.card_at) if at == BLUE]
    g.apply(BLUE, ROTATES[0])
    event = next(e for e in reversed(g.log) if e["e"] == "collect" and e["seat"] == BLUE)
    assert s.wagon[BLUE * 4 + 1] == green_before
    assert [c for c, at in enumerate(s.card_at) if at == BLUE] == cards_before
    assert event["card"] is None and event["wanted_card"] == {"kind": "burgher", "figures": 2}
    # Tile 0's centre gives a red and a green block and the arrow a yellow one: the green is short.
    assert event["goods"] == [1, 0, 1, 0] and event["short"] == [0, 1, 0, 0]


def test_lr_03_rows_are_offered_while_some_block_fits_and_empty_handed_choosers_choose() -> None:
    g = arranged_game()
    put(g, {RED: ("lauban", 0), YELLOW: ("zittau", 0), GREEN: ("bautzen", 0), BLUE: ("kamenz", 0)})
    load_wagon(g, RED, {"blue": 1})
    start_storing(g, order=[GREEN, RED, BLUE, YELLOW])
    lay = g.layout
    takes_blue = [r for r in range(len(lay.store)) if lay.mask[r] & (1 << 2)]
    assert useful_rows(g) == takes_blue
    assert g.pending() == [GREEN]  # Green has no goods but chooses
    r = takes_blue[0]
    g.apply(GREEN, row_action(lay.store[r], lay.number[r]))
    # Red's only block went into Green's row: nothing fits anywhere, the round ends.
    assert g.s.round == 2 and g.phase == "choose"


def test_lr_04_blocks_fill_the_most_valuable_spaces_first() -> None:
    g = arranged_game()
    put(g, {RED: ("lauban", 0), YELLOW: ("zittau", 0), GREEN: ("bautzen", 0), BLUE: ("kamenz", 0)})
    load_wagon(g, GREEN, {"green": 1})
    load_wagon(g, BLUE, {"green": 1, "yellow": 1})
    start_storing(g, order=[GREEN, RED, BLUE, YELLOW])
    g.apply(GREEN, row_action(0, 0))  # green 2, yellow 2, green 1, blue 1
    event = next(e for e in g.log if e["e"] == "row")
    assert event["placed"] == [
        {"seat": GREEN, "goods": ["green"], "influence": 2},
        {"seat": BLUE, "goods": ["yellow", "green"], "influence": 3},
    ]
    assert not event["full"] and g.s.influence[GREEN] == 12 and g.s.influence[BLUE] == 13


def test_lr_05_storage_tiles_are_shuffled_anew_with_side_ii_in_round_4() -> None:
    g = league_of_six.new_game(players=3, seed=2)
    rng = random.Random(2)
    used: dict[int, list[int]] = {}
    while not g.over:
        used.setdefault(g.s.round, list(g.s.store_tiles))
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    first = [t for r in (1, 2, 3) for t in used[r]]
    second = [t for r in (4, 5, 6) for t in used[r]]
    assert sorted(first) == sorted(second) == list(range(6))
    sides = [e["storage"]["side"] for e in g.log if e["e"] == "round"]
    assert sides == ["I", "I", "I", "II", "II", "II"]
    # A civic bonus of 4 may take from any pile: the chooser decides among all four.
    g2 = arranged_game()
    go(g2, GREEN, civic_row(g2, bonus=4))
    assert g2.phase == "bonus" and g2.legal_actions(GREEN) == [LEADERS[f] for f in (1, 2, 3, 4)]


def test_lr_06_travel_goes_the_short_way_and_may_return() -> None:
    from league_of_six.choosing import distance

    g = arranged_game()
    assert [distance(g.s, town("lauban"), town(k)) for k in ("bautzen", "gorlitz", "kamenz", "zittau", "lobau")] == [
        1,
        2,
        3,
        2,
        1,
    ]
    # The offers example returns Red to Lauban, which he had left: allowed.
    g.apply(RED, CHOOSE[town("lauban")])
    g.apply(YELLOW, CHOOSE[town("bautzen")])
    g.apply(GREEN, CHOOSE[town("lauban")])
    g.apply(GREEN, OFFERS[2])
    g.apply(RED, ACCEPT)
    assert CHOOSE[town("lauban")] not in g.legal_actions(RED)
    g.apply(RED, CHOOSE[town("bautzen")])
    g.apply(RED, OFFERS[1])
    g.apply(YELLOW, OFFERS[2])
    g.apply(RED, ACCEPT)
    assert CHOOSE[town("lauban")] in g.legal_actions(RED)


def test_lr_07_the_civic_bonus_is_compulsory_and_the_chooser_picks_the_pile() -> None:
    g = arranged_game()
    row = civic_row(g, bonus=1)
    card = g.s.faceup[0]
    go(g, GREEN, row)
    # Bonus 1: only the 1-figure pile qualifies, so the card is taken without a decision.
    assert g.s.card_at[card] == GREEN and g.phase == "store"
    assert LEADERS[1] not in g.legal_actions(g.pending()[0])


def test_lr_08_turns_that_point_at_the_same_edges_are_one_decision() -> None:
    comp = league_of_six.standin()
    for tile, turns in zip(comp.tax_tiles, comp.rotations, strict=True):
        pointed = {frozenset((a + r) % 6 for a in tile.arrows) for r in range(6)}
        assert len(turns) == len(pointed) and turns[0] == 0


def test_lr_09_the_first_offer_tops_the_holders_number() -> None:
    g = arranged_game()
    g.apply(RED, CHOOSE[town("lauban")])
    g.apply(YELLOW, CHOOSE[town("lauban")])
    assert g.legal_actions(YELLOW)[0] == OFFERS[1]  # Red stands on 0
    g.apply(YELLOW, OFFERS[2])
    g.apply(RED, ACCEPT)
    g.apply(RED, CHOOSE[town("bautzen")])
    g.apply(GREEN, CHOOSE[town("lauban")])
    assert g.legal_actions(GREEN)[0] == OFFERS[3]  # Yellow won Lauban with 2


def test_lr_10_ties_go_to_guards_then_the_win_is_shared() -> None:
    """The last round's last decision played through ``apply``: Red, Yellow and Green end on 20
    influence; Green has fewer guards; Red and Yellow have as many and share the win."""
    g = arranged_game()
    final_round(g)
    s = g.s
    s.influence_scored += 20 + 20 + 20 + 5 - sum(s.influence)  # scored in the rounds before
    s.influence = [20, 20, 20, 5]
    set_guards(g, [4, 4, 2, 0])
    chooser = last_storing(g, order=[GREEN, RED, YELLOW, BLUE])  # Blue's block: Blue scores, nobody else
    go(g, chooser, g.legal_actions(chooser)[0])
    assert g.over
    res = g.result()
    assert res["influence"][:3] == [20, 20, 20] and res["influence"][BLUE] > 5
    assert res["winners"] == [RED, YELLOW]


def test_lr_11_the_tax_tile_pile_is_used_up_before_the_discards_are_shuffled() -> None:
    g = arranged_game()
    s = g.s
    s.tax_deck = [3, 7]
    s.tax_used = [1, 2, 5, 9]
    _take_tiles(g, (7, 5, 3, 1))
    assert s.tax_deck == [2, 9] and s.tax_used == []
    s.tax_deck, s.tax_used = [3, 7], [1, 2, 5, 9]
    try:
        _take_tiles(g, (1, 2, 5, 9))  # leaves 3 and 7 in the pile: impossible
        raise AssertionError("a draw that skipped the pile was accepted")
    except league_of_six.IllegalAction:
        pass
    assert s.tax_deck == [3, 7] and s.tax_used == [1, 2, 5, 9]  # a refused draw changes nothing


def test_lr_11_played_a_short_pile_is_used_up_then_the_discards_fill_in() -> None:
    """Round 1 ends through ``apply`` with two tiles left in the pile: round 2 lays out both of
    them, the other two come from the discards (round 1's tiles among them), the pile is the rest."""
    g = arranged_game()
    s = g.s
    pile, s.tax_used = s.tax_deck[:2], sorted(s.tax_deck[2:])
    s.tax_deck = list(pile)
    board = [n for n in s.tile_at if n >= 0]
    discards = sorted(s.tax_used + board)
    g.refresh()
    chooser = last_storing(g, order=[GREEN, RED, YELLOW, BLUE])
    go(g, chooser, g.legal_actions(chooser)[0])
    assert s.round == 2 and g.phase == "choose"
    laid = [n for n in s.tile_at if n >= 0]
    assert set(pile) <= set(laid) and len(laid) == 4
    from_discards = sorted(set(laid) - set(pile))
    assert set(from_discards) <= set(discards)
    assert sorted(s.tax_deck + s.tax_used) == sorted(set(discards) - set(from_discards))


def test_l02_the_civic_leader_deck_is_the_component_files() -> None:
    """Ruling L-02: the civic leader deck is the component file's; without a user file the stand-in
    is dealt, 4 piles of 6 cards (1 to 4 figures) besides the gray cards, and a game played on it
    through ``apply`` keeps every card accounted for (the invariants) to the end."""
    g = league_of_six.new_game(players=4, seed=6)
    cards = g.comp.cards
    assert g.comp.standin
    assert Counter(c.figures for c in cards if not c.gray) == {1: 6, 2: 6, 3: 6, 4: 6}
    assert any(c.gray for c in cards)
    rng = random.Random(6)
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        check(g)
    assert g.observe(None)["hands"] == g.observe(0)["hands"]  # public in every view (L-07)
