"""Conservation checks: every cube, building, revolt marker and card accounted for (and, with the
Emperor's Court, every courtier and favour card; Landsknechte and Military Leaders, every statue,
trophy, leader and Landsknechte deck).

``check(game)`` raises AssertionError describing the first broken invariant. The random-game tests
run it after every step; it is cheap enough for simulations that want to be paranoid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wallenstein import leaders
from wallenstein.board import AUCTION_BOX, BLANK, BOARD, BUILDING_BITS, EMPTY, MONEY, N_BOXES, TOWER
from wallenstein.court_state import COURT_BOXES, COURTIERS, FAVOUR_CARDS
from wallenstein.edition2002 import ARMIES as ARMIES_2002
from wallenstein.edition2002 import BLANKS
from wallenstein.state import COMMIT, COURT, DRAFT_GROUP, DRAFT_PICK, NEUTRAL, OUT_OF_PLAY, PLANNING, POSITION, WINTER

if TYPE_CHECKING:
    from wallenstein.game import Game


def check(g: Game) -> None:
    s = g.s
    P = s.players
    in_play = BOARD.in_play(P)
    on_board = [0] * P
    built = [0, 0, 0]
    for c in range(BOARD.n):
        o, a, b, r = s.owner[c], s.armies[c], s.buildings[c], s.revolts[c]
        name = BOARD.keys[c]
        if not in_play[c]:
            assert o == OUT_OF_PLAY and a == b == r == 0, f"{name} is out of play but used"
            continue
        assert o >= NEUTRAL, f"{name}: bad owner {o}"
        if o == NEUTRAL:
            assert a == 0 and b == 0 and r == 0, f"neutral {name} holds armies/buildings/markers"
        else:
            assert a >= 1, f"{name} owned by seat {o} without armies"
            on_board[o] += a
        assert 0 <= b < 8 and bin(b).count("1") <= BOARD.sites[c], f"{name}: more buildings than sites"
        assert r >= 0, f"{name}: negative revolt markers"
        for i, bit in enumerate(BUILDING_BITS):
            if b & bit:
                built[i] += 1
    armies = ARMIES_2002 if g.is2002 else BOARD.armies_per_player  # W-03
    for p in range(P):
        total = s.supply[p] + on_board[p] + s.inside[p] + s.tray[p]
        assert total == armies, f"seat {p} has {total} armies, not {armies}"
        assert s.supply[p] >= 0 and s.thalers[p] >= 0 and s.grain[p] >= 0, f"seat {p} negative supply/money/grain"
        assert s.vp[p] >= 0, f"seat {p} negative VP"
    peasants = s.peasants + s.inside[P] + s.tray[P]
    assert peasants == BOARD.peasant_cubes, f"{peasants} peasant cubes, not {BOARD.peasant_cubes}"
    assert min(s.inside) >= 0 and min(s.tray) >= 0 and s.peasants >= 0, "negative tower or peasant count"
    for i in range(3):
        assert s.bsupply[i] >= 0 and s.bsupply[i] + built[i] == BOARD.building_supply[i], f"building kind {i} lost"
    assert s.markers >= 0 and s.markers + sum(s.revolts) == BOARD.revolt_markers, "revolt markers lost"
    if s.phase in (DRAFT_PICK, DRAFT_GROUP):
        cards = list(s.county_deck) + list(s.faceup) + ([s.draft_card] if s.draft_card >= 0 else [])
        neutral = [c for c in range(BOARD.n) if s.owner[c] == NEUTRAL]
        assert sorted(cards) == neutral, "draft county cards do not match the unowned counties"
    assert (s.phase == COMMIT) == bool(s.fight), "a waiting fight outside the commit phase (or none in it)"
    if g.is2002:
        assert not s.tiles and not s.bid_order and s.position == [-1] * P, "2002 has no bonus tiles or bids"
        cards = [*s.event_deck, *s.year_events]
        assert len(set(cards)) == len(cards) and all(0 <= e < len(g.events) for e in cards), "event cards"
        if s.phase != DRAFT_PICK and s.phase != DRAFT_GROUP:
            assert sorted(s.order) == list(range(P)), "the leader cards give every seat a place"
    if s.phase == PLANNING:
        court_plans = s.court.plans if s.court is not None else []
        for p in range(P):
            seen: set[int] = set()
            blanks = 0
            if g.is2002:
                assert s.plans[p * N_BOXES + AUCTION_BOX] == EMPTY, "2002 has no bid"
            cards = s.plans[p * N_BOXES : (p + 1) * N_BOXES] + court_plans[p * COURT_BOXES : (p + 1) * COURT_BOXES]
            assert cards.count(TOWER) <= (3 if s.court is not None else 0), f"seat {p} plans too many tower cards"
            for code in cards:
                if code == EMPTY or code == TOWER:
                    continue
                if code == BLANK:
                    blanks += 1
                    assert g.is2002 and blanks <= BLANKS, f"seat {p} plans more blank cards than it holds"
                    continue
                assert code not in seen, f"seat {p} plans card {code} twice"
                seen.add(code)
                assert code >= MONEY or s.owner[code] == p, f"seat {p} plans a county card it lacks"
    if s.court is not None:
        check_court(g)
    _check_landsknechte(g)
    _check_leaders(g)


def check_court(g: Game) -> None:
    """Emperor's Court: 7 courtiers per seat, 21 favour cards, the display in order."""
    s = g.s
    court = s.court
    assert court is not None
    for p in range(s.players):
        parts = (court.supply[p], court.hall[p], court.audience[p])
        assert min(parts) >= 0 and sum(parts) == COURTIERS, f"seat {p} has courtiers {parts}, not {COURTIERS} in all"
        assert court.parry[p] in (0, 1) and (not court.parry[p] or 4 in court.gone), f"seat {p} keeps favour 4 wrongly"
    shown = [n for n in court.display if n]
    cards = sorted(court.deck + shown + court.gone)
    assert cards == list(range(1, FAVOUR_CARDS + 1)), f"favour cards lost or doubled: {cards}"
    assert shown == sorted(shown, reverse=True), f"favour display out of order: {court.display}"
    assert sum(court.parry) <= 1, "only one favour card 4 exists"
    if s.phase != COURT:
        assert not any(court.audience), "courtiers left in the audience hall outside the audience"


def _check_landsknechte(g: Game) -> None:
    s = g.s
    m = s.mods
    if "landsknechte" not in g.modules:
        assert not m.lk_top, "Landsknechte decks without the module"
        return
    assert len(m.lk_top) == s.players, "one Landsknechte deck per seat"
    # One turn per season at most, and none before this season's player order (reset after winter).
    turns = 3 if s.season == WINTER else s.season + (0 if s.phase in (PLANNING, POSITION) else 1)
    for p, top in enumerate(m.lk_top):
        assert 0 <= top <= turns, f"seat {p}: Landsknechte top card {top} after {turns} check(s) this year"


def _check_leaders(g: Game) -> None:
    s = g.s
    m = s.mods
    P = s.players
    if "military_leaders" not in g.modules:
        assert max(m.leader) == -1 and not (m.statues or m.statue_owner or m.statue_supply or m.trophies)
        return
    assert len(m.leader) == P, "one leader per seat"
    for p, c in enumerate(m.leader):
        if c >= 0:
            assert s.owner[c] == p, f"seat {p}'s leader stands in {BOARD.keys[c]}, a county it does not hold"
            assert m.statue_owner[c] in (-1, p), f"seat {p}'s leader stands by another player's statue"
    assert len(m.statues) == len(m.statue_owner) == BOARD.n, "statue lists cover every county"
    on_board = [0] * P
    for c in range(BOARD.n):
        n, o = m.statues[c], m.statue_owner[c]
        assert n >= 0 and (n == 0) == (o == -1), f"{BOARD.keys[c]}: {n} statue(s) of owner {o}"
        if n:
            on_board[o] += n
    assert min(m.trophies) >= 0 and min(m.statue_supply) >= 0, "negative statue or trophy count"
    for p in range(P):
        assert m.trophies[p * P + p] == 0, f"seat {p} holds its own statue as a trophy"
        taken = sum(m.trophies[h * P + p] for h in range(P))
        total = m.statue_supply[p] + on_board[p] + taken
        assert total == leaders.STATUES, f"seat {p} has {total} statues, not {leaders.STATUES}"
