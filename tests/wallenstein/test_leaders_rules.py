"""Military Leaders (seed 000, "Military Leaders - Expansion Module 3"; German seed 004; W-05, W-07,
W-14, W-22, W-31; rules notes R-34..R-39).

Every rule of the module's section as a named test: placement (line-up and draft), each improved
action and its order after event and bonus tile, the move after the tenth action with statues and
flights, trophies, statues that stay, the leader leaving a lost county and coming back after winter,
and the end-game points (the "= 7 victory points" picture).

Rulebooks cited: ``../shared/seeds/000_0e95b3a6bc0d281e.txt`` (seed 000),
``../shared/seeds/004_fae1cec4ff72eb0c.txt`` (seed 004).
"""

from __future__ import annotations

import pytest
from lkml_scenario import BOTH, ML, drive_to, module_game
from scenario import add_markers, event_index, give, give_tile, plan
from season import plan_season, play_until

import wallenstein
from wallenstein import Action, board, leaders
from wallenstein.battle import attack, revolt
from wallenstein.invariants import check
from wallenstein.narrate import narrate_game
from wallenstein.perform import perform
from wallenstein.state import LEADER_MOVE, LEADER_RETURN, WINTER

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3
START_THALERS = 15
K = board.BOARD.index


def _game(**kw: object) -> wallenstein.Game:
    return module_game(ML, **kw)  # type: ignore[arg-type]


def _lead(g: wallenstein.Game, seat: int, key: str) -> int:
    c = K(key)
    assert g.s.owner[c] == seat
    g.s.mods.leader[seat] = c
    return c


def _set_event(g: wallenstein.Game, kind: str | None) -> None:
    g.s.event = -1 if kind is None else event_index(kind)


def _red_leads_in_kursachsen(*others: str) -> wallenstein.Game:
    """Red holds Kursachsen, its leader there, and the counties ``others``, with 2 armies in each."""
    g = _game()
    for key in ("kursachsen", *others):
        give(g, RED, key, 2)
    _lead(g, RED, "kursachsen")
    return g


def _statues(g: wallenstein.Game, key: str, owner: int, n: int) -> None:
    """``n`` of ``owner``'s statues from its supply stand in ``key``."""
    s = g.s
    s.mods.statues[K(key)] = n
    s.mods.statue_owner[K(key)] = owner
    s.mods.statue_supply[owner] -= n


# ---------------------------------------------------------------------------------------- placement
def test_seed000_leaders_lineup_placement_after_the_first_player_order() -> None:
    """Set-up a): after player order is set in the first spring, in player order, each player puts
    the leader in any county of their own (before the Landsknechte check, R-34)."""
    g = wallenstein.new_game(players=4, seed=2, modules=BOTH)
    assert g.s.mods.leader == [-1, -1, -1, -1]
    drive_to(g, "leader_place")
    kinds = [e["e"] for e in g.log]
    assert "position" in kinds and "landsknechte" not in kinds and "action_card" not in kinds
    order = g.s.order
    for seat in order:
        assert g.pending() == [seat]
        own = [c for c, o in enumerate(g.s.owner) if o == seat]
        legal = g.legal_actions(seat)
        assert [a.a for a in legal] == own
        choice = legal[-1]
        g.apply(seat, {"type": "leader_place", "county": board.BOARD.keys[choice.a]})
        assert g.s.mods.leader[seat] == choice.a
    assert g.phase != "leader_place"
    placed = [e["seat"] for e in g.log if e["e"] == "leader_place"]
    assert placed == order
    # Never again in later seasons (only after winter, for leaders that left the board).
    drive_to(g, lambda game: game.s.season == 1 and game.phase == "planning")
    drive_to(g, lambda game: game.s.season == 2 and game.phase == "planning")
    assert [e["e"] for e in g.log].count("leader_place") == 4
    check(g)


def test_seed000_leaders_draft_placement_while_claiming() -> None:
    """Set-up b): at each claim the player decides whether the leader stands there; a player who has
    not placed it by the last claim must place it there (taken automatically, R-03)."""
    g = wallenstein.new_game(players=3, seed=4, setup="draft", modules=ML)
    offers = 0
    while g.phase in ("draft_pick", "draft_group", "leader_draft"):
        seat = g.pending()[0]
        if g.phase == "leader_draft":
            offers += 1
            legal = [a.to_json() for a in g.legal_actions(seat)]
            assert legal == [{"type": "leader_draft", "place": False}, {"type": "leader_draft", "place": True}]
            claimed = g.s.draft_card
            assert g.observe(None)["leaders"]["draft_offer"] == board.BOARD.keys[claimed]
            place = seat == 0  # Red places on its first claim; the others wait to the end
            g.apply(seat, {"type": "leader_draft", "place": place})
            if place:
                assert g.s.mods.leader[0] == claimed
        else:
            g.apply(seat, g.legal_actions(seat)[0])
    claims = len(board.BOARD.start_groups[3])
    assert offers == 1 + 2 * (claims - 1)  # Red once; Blue and Yellow at every claim but the last
    last_claims = {}
    for e in g.log:
        if e["e"] == "draft_place":
            last_claims[e["seat"]] = board.BOARD.index(e["county"])
    for seat in (1, 2):
        assert g.s.mods.leader[seat] == last_claims[seat]
    assert all(c >= 0 for c in g.s.mods.leader)
    check(g)


# ---------------------------------------------------------------------------------------- improved actions
@pytest.mark.parametrize(
    ("action", "cost"),
    [(board.A_PALACE, 2), (board.A_CHURCH, 1), (board.A_TRADING, 0)],
)
def test_seed000_leaders_cheaper_buildings(action: int, cost: int) -> None:
    g = _red_leads_in_kursachsen("anhalt")
    plan(g, RED, action, "kursachsen")
    perform(g, RED, action)
    assert g.s.thalers[RED] == START_THALERS - cost
    assert g.s.buildings[K("kursachsen")]
    event = [e for e in g.log if e["e"] == "action"][-1]
    assert event["leader"] is True
    plan(g, RED, action, "anhalt")  # not the leader's county: the printed price
    perform(g, RED, action)
    assert g.s.thalers[RED] == START_THALERS - cost - board.BOARD.costs[action]
    assert "leader" not in [e for e in g.log if e["e"] == "action"][-1]
    check(g)


def test_seed000_leaders_free_trading_post_without_money() -> None:
    g = _red_leads_in_kursachsen()
    g.s.thalers[RED] = 0
    plan(g, RED, board.A_TRADING, "kursachsen")
    perform(g, RED, board.A_TRADING)
    assert g.s.buildings[K("kursachsen")] == 4 and g.s.thalers[RED] == 0
    assert "for 0 thalers. The military leader's presence improves it." in narrate_game(g)


@pytest.mark.parametrize(("action", "key"), [(board.A_TAX, "burgund"), (board.A_GRAIN, "lueneburg")])
def test_seed000_leaders_income_plus_one(action: int, key: str) -> None:
    g = _game()
    c = give(g, BLUE, key, 2)
    give(g, RED, "anhalt", 2)
    _lead(g, BLUE, key)
    _lead(g, RED, "anhalt")  # another player's leader elsewhere changes nothing for Blue
    plan(g, BLUE, action, key)
    perform(g, BLUE, action)
    printed = board.BOARD.tax[c] if action == board.A_TAX else board.BOARD.grain[c]
    got = g.s.thalers[BLUE] - START_THALERS if action == board.A_TAX else g.s.grain[BLUE]
    assert got == printed + 1
    check(g)


@pytest.mark.parametrize(
    ("action", "armies", "cost"), [(board.A_DEPLOY5, 6, 3), (board.A_DEPLOY3, 4, 2), (board.A_DEPLOY1, 2, 1)]
)
def test_seed000_leaders_deploy_one_army_more(action: int, armies: int, cost: int) -> None:
    g = _game()
    c = give(g, RED, "vogtland", 1)
    _lead(g, RED, "vogtland")
    supply = g.s.supply[RED]
    plan(g, RED, action, "vogtland")
    perform(g, RED, action)
    assert g.s.armies[c] == 1 + armies
    assert g.s.supply[RED] == supply - armies
    assert g.s.thalers[RED] == START_THALERS - cost
    check(g)


def test_w14_leader_after_event_and_tile_burgund_tax() -> None:
    """W-14 with the rulebook's Burgund example: tax 7, event "max 5", "+1 thaler" tile: 6; the
    leader comes last: 7."""
    g = _game()
    give(g, RED, "burgund", 2)
    _lead(g, RED, "burgund")
    _set_event(g, "tax_max_5")
    give_tile(g, RED, board.T_TAX)
    plan(g, RED, board.A_TAX, "burgund")
    perform(g, RED, board.A_TAX)
    assert g.s.thalers[RED] == START_THALERS + 7


@pytest.mark.parametrize(
    ("action", "cost", "armies", "income"),
    [
        ("palace", 2, 0, 0),
        ("church", 1, 0, 0),
        ("trading_post", 0, 0, 0),
        ("tax", 0, 0, 1),
        ("grain", 0, 0, 1),
        ("deploy5", 3, 6, 0),
        ("deploy3", 2, 4, 0),
        ("deploy1_move", 1, 2, 0),
    ],
)
def test_seed000_leaders_improved_actions_played_through_apply(
    action: str, cost: int, armies: int, income: int
) -> None:
    """The improved actions through ``apply``: Red's leader is placed in Kursachsen (Red's only
    county) after the first player order, and Red performs ``action`` there: buildings 1 thaler
    cheaper (a trading post free), income 1 more, a deploy 1 army more."""
    g = _game(planning=True)
    kursachsen = give(g, RED, "kursachsen", 2)
    plan_season(g, {RED: {action: "kursachsen"}}, order=(action,))
    assert g.s.mods.leader[RED] == kursachsen
    done = [e for e in g.log if e["e"] == "action"]
    assert [(e["seat"], e["action"], e.get("leader")) for e in done] == [(RED, action, True)]
    s = g.s
    if income:
        printed = board.BOARD.tax[kursachsen] if action == "tax" else board.BOARD.grain[kursachsen]
        assert (s.thalers[RED] - START_THALERS if action == "tax" else s.grain[RED]) == printed + income
    else:
        assert s.thalers[RED] == START_THALERS - cost and s.armies[kursachsen] == 2 + armies
        assert bool(s.buildings[kursachsen]) == (armies == 0)
    check(g)


def test_w14_played_leader_after_event_and_tile_burgund_tax() -> None:
    """The same through ``apply``: Red's leader is placed in Burgund after the first player order
    (Red's only county), Red takes the "+1 thaler" tile and collects taxes under "max 5": 5 + 1 + 1."""
    g = _game(planning=True)
    burgund = give(g, RED, "burgund", 2)
    plan_season(g, {RED: {"tax": "burgund"}}, order=("tax",), event="tax_max_5", tiles={RED: board.T_TAX})
    assert g.s.mods.leader[RED] == burgund
    taxes = [(e["seat"], e["amount"], e.get("leader")) for e in g.log if e["e"] == "action" and e["action"] == "tax"]
    assert taxes == [(RED, 7, True)] and g.s.thalers[RED] == START_THALERS + 7
    check(g)


@pytest.mark.parametrize(
    ("event", "tile", "action", "armies"),
    [
        ("recruit_reduced", None, board.A_DEPLOY5, 3 + 1),
        ("recruit_reduced", None, board.A_DEPLOY3, 2 + 1),
        ("recruit_reduced", board.T_DEPLOY6, board.A_DEPLOY5, 6 + 1),  # the tile sets 6, then the leader
        (None, board.T_DEPLOY6, board.A_DEPLOY5, 6 + 1),
    ],
)
def test_w14_leader_after_event_and_tile_deploy(event: str | None, tile: int | None, action: int, armies: int) -> None:
    g = _game()
    c = give(g, RED, "vogtland", 1)
    _lead(g, RED, "vogtland")
    _set_event(g, event)
    if tile is not None:
        give_tile(g, RED, tile)
    plan(g, RED, action, "vogtland")
    perform(g, RED, action)
    assert g.s.armies[c] == 1 + armies


def test_w14_leader_after_event_and_tile_grain() -> None:
    g = _game()
    give(g, RED, "lueneburg", 2)  # grain 5
    _lead(g, RED, "lueneburg")
    _set_event(g, "grain_max_3")
    give_tile(g, RED, board.T_GRAIN)
    plan(g, RED, board.A_GRAIN, "lueneburg")
    perform(g, RED, board.A_GRAIN)
    assert g.s.grain[RED] == 3 + 1 + 1


@pytest.mark.parametrize(("supply", "armies"), [(6, 6), (5, 5), (4, 0)])
def test_r35_leader_army_only_from_what_the_supply_holds(supply: int, armies: int) -> None:
    """W-05: Deploy 5 needs its 5 armies; the leader's sixth is added only if the supply has it."""
    g = _game()
    c = give(g, RED, "vogtland", 1)
    _lead(g, RED, "vogtland")
    s = g.s
    s.inside[RED] += s.supply[RED] - supply  # park the rest in the tower (every cube stays counted)
    s.supply[RED] = supply
    plan(g, RED, board.A_DEPLOY5, "vogtland")
    perform(g, RED, board.A_DEPLOY5)
    assert s.armies[c] == 1 + armies
    if not armies:
        assert [e for e in g.log if e["e"] == "skip"][-1]["why"] == "army supply short"
    check(g)


# ---------------------------------------------------------------------------------------- the move
def _tenth_action_done(g: wallenstein.Game, to: dict[int, str] | None = None) -> None:
    """The move step as the game runs it right after the tenth action (without ending the season):
    each seat moves to ``to[seat]``, or to its only other county."""
    s = g.s
    s.act = 10
    while leaders.move_step(g):
        seat = leaders.decision_seat(g)
        g.refresh()
        assert s.phase == LEADER_MOVE and g.pending() == [seat]
        legal = g.legal_actions(seat)
        if to and seat in to:
            action = Action.from_json({"type": "leader_move", "county": to[seat]})
            assert action in legal
        else:
            assert len(legal) == 1, "give the destination of a seat with a choice"
            action = legal[0]
        leaders.apply_move(g, seat, action)


def test_seed000_leaders_move_after_the_tenth_action_in_player_order() -> None:
    g = wallenstein.new_game(players=4, seed=5, modules=ML)
    drive_to(g, "leader_move")
    assert g.s.act == 10
    assert [e["e"] for e in g.log].count("action_card") == 10
    order = g.s.order
    movers = [e["seat"] for e in g.log if e["e"] == "leader_place"]
    assert movers == order
    first = g.pending()[0]
    assert first == next(p for p in order if sum(1 for o in g.s.owner if o == p) > 1)
    legal = g.legal_actions(first)
    here = g.s.mods.leader[first]
    assert [a.a for a in legal] == [c for c, o in enumerate(g.s.owner) if o == first and c != here]
    check(g)


def test_seed000_leaders_adjacent_move_raises_a_statue() -> None:
    g = _red_leads_in_kursachsen("anhalt", "burgund")  # Anhalt is next to Kursachsen, Burgund far away
    _tenth_action_done(g, {RED: "anhalt"})
    s = g.s
    assert s.mods.leader[RED] == K("anhalt")
    assert s.mods.statues[K("kursachsen")] == 1 and s.mods.statue_owner[K("kursachsen")] == RED
    assert s.mods.statue_supply[RED] == leaders.STATUES - 1
    move = [e for e in g.log if e["e"] == "leader_move"][-1]
    assert move["adjacent"] and move["statue"]
    assert g.observe(BLUE)["leaders"]["statues"] == {"kursachsen": {"owner": RED, "count": 1}}
    check(g)


def test_seed000_leaders_distant_move_is_a_flight_without_statue() -> None:
    g = _red_leads_in_kursachsen("burgund")
    _tenth_action_done(g)
    s = g.s
    assert s.mods.leader[RED] == K("burgund")
    assert sum(s.mods.statues) == 0 and s.mods.statue_supply[RED] == leaders.STATUES
    assert "flees from Kursachsen to distant Burgund; no statue is raised" in narrate_game(g)


def test_w31_leader_with_a_single_county_stays() -> None:
    g = _red_leads_in_kursachsen()
    _tenth_action_done(g)
    assert g.s.mods.leader[RED] == K("kursachsen")
    assert [e for e in g.log if e["e"] == "leader_stays"][-1]["seat"] == RED
    assert sum(g.s.mods.statues) == 0


def test_w07_no_statue_left_no_statue_raised() -> None:
    g = _red_leads_in_kursachsen("anhalt")
    s = g.s
    s.mods.statue_supply[RED] = 0
    s.mods.statues[K("burgund")] = 6  # all six stand elsewhere (a neutral county keeps them)
    s.mods.statue_owner[K("burgund")] = RED
    _tenth_action_done(g)
    assert s.mods.leader[RED] == K("anhalt") and s.mods.statues[K("kursachsen")] == 0
    assert "no statue is left to raise" in narrate_game(g)
    check(g)


def test_r36_several_own_statues_in_one_county() -> None:
    g = _red_leads_in_kursachsen("anhalt")
    for _ in range(3):
        _tenth_action_done(g)
    s = g.s
    assert s.mods.statues[K("kursachsen")] == 2 and s.mods.statues[K("anhalt")] == 1
    assert s.mods.leader[RED] == K("anhalt")
    check(g)


# ---------------------------------------------------------------------------------------- statues and trophies
def test_seed000_statue_stays_when_the_county_is_conquered_and_trophy_when_a_leader_enters() -> None:
    """The statue stays when another player conquers the county; only another leader entering it takes
    the statue as a trophy."""
    g = _game(outcomes=[[0, 4, 0, 0, 0]])  # Blue's 4 attackers come out, Red's 1 defender stays inside
    s = g.s
    give(g, RED, "kursachsen", 1)
    give(g, RED, "anhalt", 2)
    _statues(g, "kursachsen", RED, 1)
    _lead(g, RED, "anhalt")
    give(g, BLUE, "lausitz", 5)
    give(g, BLUE, "boehmen", 2)
    _lead(g, BLUE, "boehmen")
    assert attack(g, BLUE, K("lausitz"), K("kursachsen"), 4) == "attacker"
    assert s.owner[K("kursachsen")] == BLUE
    assert s.mods.statues[K("kursachsen")] == 1 and s.mods.statue_owner[K("kursachsen")] == RED  # it stays
    assert s.mods.leader[RED] == K("anhalt")  # Red's leader was elsewhere
    s.order = [BLUE, RED, YELLOW, PURPLE]
    _tenth_action_done(g, {BLUE: "kursachsen"})  # Red (one county) stays
    assert s.mods.statues[K("kursachsen")] == 0 and s.mods.statue_owner[K("kursachsen")] == -1
    assert s.mods.trophies[BLUE * 4 + RED] == 1
    assert s.mods.statues[K("boehmen")] == 1 and s.mods.statue_owner[K("boehmen")] == BLUE  # Böhmen borders it
    assert g.observe(None)["leaders"]["trophies"][str(BLUE)] == {str(RED): 1}
    assert "taking 1 statue of Red as trophies" in narrate_game(g)
    check(g)


def test_seed000_statue_stays_when_the_county_is_lost_to_a_revolt() -> None:
    g = _game(outcomes=[[0, 0, 0, 0, 2]])  # Red's army stays inside, 2 peasants come out
    s = g.s
    give(g, RED, "kursachsen", 1)
    _statues(g, "kursachsen", RED, 2)
    add_markers(g, "kursachsen", 2)
    assert revolt(g, K("kursachsen")) is False
    assert s.owner[K("kursachsen")] == -1
    assert s.mods.statues[K("kursachsen")] == 2 and s.mods.statue_owner[K("kursachsen")] == RED
    assert leaders.statue_points(g)[RED] == {"statues": 2, "trophies": 0}
    check(g)


def test_r37_own_statues_are_not_trophies() -> None:
    g = _red_leads_in_kursachsen("anhalt")
    _tenth_action_done(g)  # statue in Kursachsen, leader to Anhalt
    _tenth_action_done(g)  # back to Kursachsen: own statue stays, a statue in Anhalt
    s = g.s
    assert s.mods.statues[K("kursachsen")] == 1 and s.mods.statues[K("anhalt")] == 1
    assert sum(s.mods.trophies) == 0


def test_r37_a_returning_leader_takes_trophies_too() -> None:
    g = _game()
    s = g.s
    give(g, BLUE, "anhalt", 2)
    _statues(g, "anhalt", RED, 1)
    s.season = WINTER
    s.order = [BLUE, RED, YELLOW, PURPLE]
    assert leaders.return_step(g)
    assert s.phase == LEADER_RETURN and g.pending() == [BLUE]
    g.apply(BLUE, Action("leader_place", K("anhalt")))
    assert s.mods.trophies[BLUE * 4 + RED] == 1 and s.mods.statues[K("anhalt")] == 0
    check(g)


# ---------------------------------------------------------------------------------------- losing and returning
def _blue_attacks_reds_leader(drop: list[int], defenders: int, attackers: int) -> tuple[wallenstein.Game, str]:
    """Red's leader stands in Kursachsen with ``defenders`` armies; Blue attacks it from Lausitz with
    ``attackers`` of 5 armies, the tower dropping ``drop``. Returns the game and the battle's result."""
    g = _game(outcomes=[drop])
    give(g, RED, "kursachsen", defenders)
    _lead(g, RED, "kursachsen")
    give(g, BLUE, "lausitz", 5)
    return g, attack(g, BLUE, K("lausitz"), K("kursachsen"), attackers)


def test_seed000_leader_leaves_a_conquered_county() -> None:
    g, result = _blue_attacks_reds_leader([0, 4, 0, 0, 0], defenders=1, attackers=4)
    s = g.s
    assert result == "attacker" and s.mods.leader[RED] == -1
    kinds = [e["e"] for e in g.log]
    assert kinds[-2:] == ["battle", "leader_lost"]
    assert "Red's military leader leaves the board with Kursachsen and returns after winter." in narrate_game(g)
    _tenth_action_done(g)  # an absent leader does not move
    assert s.mods.leader[RED] == -1
    check(g)


@pytest.mark.parametrize(
    ("drop", "defenders", "result", "leader"),
    [([1, 1, 0, 0, 0], 1, "tie", -1), ([2, 1, 0, 0, 0], 3, "defender", K("kursachsen"))],
    ids=["leaves_a_devastated_county_on_a_tie", "stays_when_the_defence_holds"],
)
def test_seed000_leader_after_a_tie_or_a_held_defence(
    drop: list[int], defenders: int, result: str, leader: int
) -> None:
    g, fought = _blue_attacks_reds_leader(drop, defenders, attackers=1)
    assert fought == result
    assert g.s.mods.leader[RED] == leader
    check(g)


def test_r38_lost_leader_stays_off_a_reconquered_county_whose_action_is_lost() -> None:
    """The leader left with the county and does not come back with it; the action Red planned there
    is lost for the season too (W-22a), so nothing is performed, improved or not."""
    g = _game(outcomes=[[0, 4, 0, 0, 0], [3, 0, 0, 0, 0]])
    s = g.s
    give(g, RED, "kursachsen", 1)
    give(g, RED, "anhalt", 5)
    _lead(g, RED, "kursachsen")
    give(g, BLUE, "lausitz", 5)
    plan(g, RED, board.A_DEPLOY3, "kursachsen")
    attack(g, BLUE, K("lausitz"), K("kursachsen"), 4)
    attack(g, RED, K("anhalt"), K("kursachsen"), 3)
    assert s.owner[K("kursachsen")] == RED and s.mods.leader[RED] == -1
    armies = s.armies[K("kursachsen")]
    perform(g, RED, board.A_DEPLOY3)
    assert s.armies[K("kursachsen")] == armies and s.mods.leader[RED] == -1


def test_seed000_lost_leaders_return_after_winter_in_player_order() -> None:
    g = _game()
    s = g.s
    give(g, RED, "kursachsen", 2)
    give(g, RED, "anhalt", 2)
    give(g, BLUE, "burgund", 2)
    give(g, YELLOW, "lueneburg", 2)
    _lead(g, YELLOW, "lueneburg")
    s.season = WINTER
    s.order = [PURPLE, BLUE, YELLOW, RED]  # the fall's order; Purple holds no county (W-24)
    g.arrange("winter")  # decisions with one option are taken, as after any applied decision
    assert s.phase == LEADER_RETURN and g.pending() == [RED]  # Blue had one option: placed at once
    assert s.mods.leader[BLUE] == K("burgund")
    g.apply(RED, {"type": "leader_place", "county": "anhalt"})
    assert s.mods.leader[RED] == K("anhalt") and s.mods.leader[PURPLE] == -1
    assert s.year == 2 and s.phase == wallenstein.state.PLANNING
    returned = [e["seat"] for e in g.log if e["e"] == "leader_place"]
    assert returned == [BLUE, RED]
    assert [e["seat"] for e in g.log if e["e"] == "leader_waits"] == [PURPLE]
    assert "returns to the board in Burgund" in narrate_game(g)
    check(g)


def test_r38_no_return_after_the_last_winter() -> None:
    assert leaders.return_step not in wallenstein.ruleset.of_modules(wallenstein.ruleset.FINAL_STEPS, frozenset(ML))
    g = wallenstein.new_game(players=3, seed=7, modules=ML)
    drive_to(g, lambda game: game.over)
    last_winter = max(i for i, e in enumerate(g.log) if e["e"] == "winter")
    assert not any(e["e"] == "leader_place" for e in g.log[last_winter:])


# ---------------------------------------------------------------------------------------- the end
def _seven_points(g: wallenstein.Game) -> None:
    """The picture: Red has 5 statues on the board (2 in Kursachsen, 1 in Blue's Anhalt, 2 in
    neutral Burgund) and 2 of Blue's statues as trophies."""
    s = g.s
    give(g, BLUE, "anhalt", 2)
    for key, n in (("kursachsen", 2), ("anhalt", 1), ("burgund", 2)):
        s.mods.statues[K(key)] = n
        s.mods.statue_owner[K(key)] = RED
    s.mods.statue_supply[RED] = 1
    s.mods.trophies[RED * 4 + BLUE] = 2
    s.mods.statue_supply[BLUE] -= 2


def test_seed000_leaders_game_end_seven_victory_points() -> None:
    """Game end: one VP per own statue on the board and per trophy; the picture adds up to 7 (here 5
    statues, two of them in counties now neutral or another player's, and 2 trophies)."""
    g = _game()
    s = g.s
    _seven_points(g)
    vp = list(s.vp)
    leaders.final_step(g)
    assert s.vp[RED] - vp[RED] == 7
    assert s.vp[BLUE] == vp[BLUE]
    assert [e for e in g.log if e["e"] == "leader_points"][-1]["detail"][RED] == {"statues": 5, "trophies": 2}
    assert "Red: 5 statues + 2 trophies = 7 VP" in narrate_game(g)
    check(g)


def test_seed000_leaders_game_end_seven_victory_points_after_a_played_last_fall() -> None:
    """The same picture at the real end of a game: the last fall and winter are played through
    ``apply`` and the end counts Red's 5 statues on the board and 2 trophies: 7 VP."""
    g = _game(planning=True)
    s = g.s
    s.year, s.season = 2, 2
    s.grain[:] = [20] * 4  # nobody runs short in the last winter
    _seven_points(g)
    plan_season(g, {}, winter_card=next(e.index for e in board.BOARD.events if e.winter_loss == 0))
    play_until(g, lambda game: game.over)
    points = [e["detail"] for e in g.log if e["e"] == "leader_points"]
    assert len(points) == 1 and points[0][RED] == {"statues": 5, "trophies": 2}
    assert points[0][BLUE] == {"statues": 0, "trophies": 0}
    assert "Red: 5 statues + 2 trophies = 7 VP" in narrate_game(g)
    check(g)


def test_seed000_leaders_points_are_counted_once_at_the_end_of_the_game() -> None:
    g = wallenstein.new_game(players=4, seed=11, modules=ML)
    drive_to(g, lambda game: game.over)
    points = [e for e in g.log if e["e"] == "leader_points"]
    assert len(points) == 1
    assert points[0]["detail"] == leaders.statue_points(g)
    assert points[0]["vp"] == g.result()["vp"]
    kinds = [e["e"] for e in g.log]
    assert kinds[-3:] == ["score", "leader_points", "game_over"]


def test_w31_played_the_leaders_move_stay_leave_and_return_through_apply() -> None:
    """W-31 through ``apply``, one fall and winter of a Military Leaders game from an arranged
    position (leaders standing where the line-up put them). Purple conquers Yellow's Lausitz in
    combat A: Yellow's leader leaves the board. After the tenth action Red's leader must leave
    Kursachsen; Red picks adjacent Anhalt, raises a statue in Kursachsen and takes Yellow's statue
    in Anhalt as a trophy. Blue's leader, with a single county, stays and raises nothing (Purple's,
    moved on by the passive choice, raises one in Schlesien). After winter Yellow's leader comes
    back to a county Yellow picks."""
    g = module_game(ML, outcomes=[{"3": 3}], planning=True)
    s = g.s
    s.season = 2  # the fall: winter follows
    kursachsen = give(g, RED, "kursachsen", 3)
    anhalt = give(g, RED, "anhalt", 2)
    give(g, RED, "tirol", 1)  # a distant county: Red's move is a choice
    burgund = give(g, BLUE, "burgund", 2)
    lausitz = give(g, YELLOW, "lausitz", 1)
    give(g, YELLOW, "lueneburg", 1)
    mecklenburg = give(g, YELLOW, "mecklenburg", 1)
    schlesien = give(g, PURPLE, "schlesien", 5)
    m = s.mods
    m.leader[:] = [kursachsen, burgund, lausitz, schlesien]
    m.statues[anhalt], m.statue_owner[anhalt] = 1, YELLOW  # raised before Red took Anhalt
    m.statue_supply[YELLOW] -= 1
    s.grain[:] = [20] * 4  # nobody runs short in winter
    no_loss = next(e.index for e in board.BOARD.events if e.winter_loss == 0)
    plan_season(g, {PURPLE: {"combat_a": "schlesien"}}, order=("combat_a",), winter_card=no_loss)
    play_until(g, lambda game: game.phase == "move" and game.pending() == [PURPLE])
    g.apply(PURPLE, Action("move", lausitz, 4))
    assert s.owner[lausitz] == PURPLE and m.leader[YELLOW] == leaders.OFF_BOARD
    assert [e["seat"] for e in g.log if e["e"] == "leader_lost"] == [YELLOW]
    play_until(g, lambda game: game.phase == "leader_move" and game.pending() == [RED])
    assert {a.a for a in g.legal_actions(RED)} == {anhalt, K("tirol")}
    g.apply(RED, Action("leader_move", anhalt))
    assert m.leader[RED] == anhalt and (m.statues[kursachsen], m.statue_owner[kursachsen]) == (1, RED)
    assert m.statue_supply[RED] == leaders.STATUES - 1 and m.statues[anhalt] == 0
    assert m.trophies[RED * 4 + YELLOW] == 1
    play_until(g, lambda game: game.phase == "leader_return")
    assert [e["seat"] for e in g.log if e["e"] == "leader_stays"] == [BLUE] and m.leader[BLUE] == burgund
    raised = {board.BOARD.keys[c]: m.statue_owner[c] for c in range(board.BOARD.n) if m.statues[c]}
    assert raised == {"kursachsen": RED, "schlesien": PURPLE}  # Purple's leader followed its conquest; Blue raised none
    assert g.pending() == [YELLOW] and {a.a for a in g.legal_actions(YELLOW)} == {K("lueneburg"), mecklenburg}
    g.apply(YELLOW, Action("leader_place", mecklenburg))
    assert m.leader[YELLOW] == mecklenburg and g.phase == "planning" and s.year == 2
    back = [e for e in g.log if e["e"] == "leader_place"]
    assert [(e["seat"], e["county"], e["returning"]) for e in back] == [(YELLOW, "mecklenburg", True)]
    check(g)


@pytest.mark.parametrize(
    ("how", "outcome", "owner"),
    [
        ("conquered", {"1": 3, "0": 1}, BLUE),
        ("tie", {"1": 2, "0": 2}, -1),
        ("held", {"1": 1, "0": 3}, RED),
        ("revolt", {"peasants": 1}, -1),
    ],
)
def test_seed000_leader_and_statue_when_the_county_is_attacked_or_revolts(
    how: str, outcome: dict[str, int], owner: int
) -> None:
    """Played through ``apply``: Red's leader and one of Red's statues stand in Kursachsen. Blue
    attacks it from Anhalt with combat A (or the peasants revolt when Red collects taxes there).
    If Red loses the county (conquered, a tie, a lost revolt) the leader leaves the board; if the
    defence holds it stays. The statue stays whatever happens, until Blue's leader, moving on after
    the tenth action into the conquered county, takes it as a trophy."""
    g = _game(outcomes=[outcome], planning=True)
    s = g.s
    kursachsen = give(g, RED, "kursachsen", 3)
    s.mods.leader[RED] = kursachsen
    s.mods.statues[kursachsen], s.mods.statue_owner[kursachsen] = 1, RED
    s.mods.statue_supply[RED] -= 1
    if how == "revolt":
        add_markers(g, "kursachsen", 1)
        plan_season(g, {RED: {"tax": "kursachsen"}}, order=("tax",))
    else:
        give(g, BLUE, "anhalt", 5)
        plan_season(g, {BLUE: {"combat_a": "anhalt"}}, order=("combat_a",))
        play_until(g, lambda game: game.phase == "move" and game.pending() == [BLUE])
        g.apply(BLUE, Action("move", kursachsen, 4))
    assert s.owner[kursachsen] == owner
    assert s.mods.leader[RED] == (kursachsen if owner == RED else leaders.OFF_BOARD)
    assert [e["seat"] for e in g.log if e["e"] == "leader_lost"] == ([] if owner == RED else [RED])
    if how == "conquered":  # the statue stayed; after the tenth action Blue's leader comes and takes it
        moves = [(e["seat"], e["county"], e["trophies"]) for e in g.log if e["e"] == "leader_move"]
        assert moves == [(BLUE, "kursachsen", {str(RED): 1})] and s.mods.trophies[BLUE * 4 + RED] == 1
        assert s.mods.statues[kursachsen] == 0
    else:
        assert (s.mods.statues[kursachsen], s.mods.statue_owner[kursachsen]) == (1, RED)
    check(g)
