"""Set-up and the start of years and seasons (seed 000, "Set-up", "Sequence of play"; W-03, W-10, W-12).

Starting counties come from the default line-ups or from the draft: in seat order each player takes
one of two face-up county cards or the deck's top card and puts one of their army groups there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.chance import Deal, Subset
from tabletop.errors import IllegalAction
from wallenstein.actions import Action
from wallenstein.battle import tower_drop
from wallenstein.board import BOARD, BONUS_TILES
from wallenstein.edition2002 import PLAN_START as PLAN_START_2002
from wallenstein.leaders import draft_offer
from wallenstein.state import DRAFT_GROUP, DRAFT_PICK, NEUTRAL, OUT_OF_PLAY, PLANNING, State

if TYPE_CHECKING:
    from wallenstein.game import Game


def initial_state(players: int) -> State:
    s = State(players)
    in_play = BOARD.in_play(players)
    s.owner = [NEUTRAL if x else OUT_OF_PLAY for x in in_play]
    s.armies = [0] * BOARD.n
    s.buildings = [0] * BOARD.n
    s.revolts = [0] * BOARD.n
    s.thalers = [BOARD.start_thalers[players]] * players
    s.supply = [BOARD.armies_per_player] * players
    s.peasants = BOARD.peasant_cubes
    s.bsupply = list(BOARD.building_supply)
    s.markers = BOARD.revolt_markers
    s.event_deck = list(range(len(BOARD.events)))
    return s


def place(s: State, seat: int, c: int, armies: int) -> None:
    s.owner[c] = seat
    s.armies[c] += armies
    s.supply[seat] -= armies


def setup_lineup(g: Game) -> None:
    s = g.s
    for seat, row in enumerate(BOARD.lineups[s.players]):
        for c, armies in row:
            place(s, seat, c, armies)
    fill_tower(g)
    begin_year(g)


def setup_draft(g: Game) -> None:
    s = g.s
    cards = [c for c, o in enumerate(s.owner) if o == NEUTRAL]
    s.county_deck = list(g.draw("county_deck", Deal(cards)))
    if sorted(s.county_deck) != cards:
        raise g.corrupt("county deck draw is not a shuffle of the county cards")
    s.faceup = [s.county_deck.pop(0), s.county_deck.pop(0)]
    s.groups = [BOARD.start_groups[s.players]] * s.players
    s.last_faceup = [()] * s.players
    s.draft_turn = 0
    s.phase = DRAFT_PICK


def draft_seat(s: State) -> int:
    """2012: seat 0 first, clockwise; 2002: in the shuffled leader order (W-12)."""
    turn = s.draft_turn % s.players
    return s.order[turn] if s.order else turn


def draft_actions(g: Game, seat: int) -> list[Action]:
    s = g.s
    if s.phase == DRAFT_GROUP:
        return [Action("draft_group", size) for size in sorted(set(s.groups[seat]))]
    out = [Action("draft_take", c) for c in sorted(s.faceup)]
    if s.county_deck:
        out.append(Action("draft_deck"))
        if s.last_faceup[seat] == tuple(sorted(s.faceup)):
            out.append(Action("draft_refresh"))
    return out


def draft_apply(g: Game, seat: int, act: Action) -> None:
    s = g.s
    if act.kind == "draft_refresh":
        # The same two cards as at this player's last pick: under the deck, and two new ones.
        s.county_deck.extend(s.faceup)
        s.faceup = [s.county_deck.pop(0) for _ in range(min(2, len(s.county_deck)))]
        if g.logging:
            g.emit("draft_refresh", seat=seat, faceup=[BOARD.keys[c] for c in s.faceup])
        return
    s.last_faceup[seat] = tuple(sorted(s.faceup))
    if act.kind == "draft_take":
        s.faceup.remove(act.a)
        if s.county_deck:
            s.faceup.append(s.county_deck.pop(0))
        s.draft_card = act.a
    elif act.kind == "draft_deck":
        s.draft_card = s.county_deck.pop(0)
    else:
        raise IllegalAction(f"not a draft pick: {act}")
    s.phase = DRAFT_GROUP
    if g.logging:
        g.emit("draft_pick", seat=seat, county=BOARD.keys[s.draft_card], source=act.kind[6:])


def draft_place(g: Game, seat: int, size: int) -> None:
    s = g.s
    groups = list(s.groups[seat])
    groups.remove(size)
    s.groups[seat] = tuple(groups)
    place(s, seat, s.draft_card, size)
    if g.logging:
        g.emit("draft_place", seat=seat, county=BOARD.keys[s.draft_card], armies=size)
    if "military_leaders" in g.modules and draft_offer(g, seat):
        return  # the leader decision (leaders.py) comes first; the game then calls draft_next
    draft_next(g)


def draft_next(g: Game) -> None:
    """The claim is complete: the next seat picks, or the draft ends."""
    s = g.s
    s.draft_card = -1
    s.draft_turn += 1
    if s.draft_turn == s.players * len(BOARD.start_groups[s.players]):
        s.county_deck = []  # the rest is the face-down county supply; its order no longer matters
        s.faceup = []
        fill_tower(g)
        begin_year(g)
    else:
        s.phase = DRAFT_PICK


def fill_tower(g: Game) -> None:
    """7 armies of each player and 10 peasants go in; what comes out returns to the supplies."""
    s = g.s
    per, peasants = BOARD.tower_fill_per_player, BOARD.tower_fill_peasants
    dropped = [per] * s.players + [peasants]
    for seat in range(s.players):
        s.supply[seat] -= per
    s.peasants -= peasants
    out = tower_drop(g, dropped)
    for seat in range(s.players):
        s.supply[seat] += out[seat]
    s.peasants += out[s.players]
    if g.logging:
        g.emit("tower_fill", dropped=g.colour_map(dropped), out=g.colour_map(out))
    if s.court is not None:
        from wallenstein.court import courtiers_from_fill

        courtiers_from_fill(g, out)


def begin_year(g: Game) -> None:
    s = g.s
    deck = s.event_deck
    drawn = g.draw("year_events", Subset(deck, 4))
    if len(set(drawn)) != 4 or any(e not in deck for e in drawn):
        raise g.corrupt(f"year events {drawn} are not 4 cards of the event deck")
    s.year_events = list(drawn)
    s.event_deck = [e for e in deck if e not in drawn]
    s.season = 0
    if g.logging:
        g.emit("year", year=s.year, events=[g.event_json(e) for e in drawn])
    begin_season(g)


def begin_season(g: Game) -> None:
    s = g.s
    cards = g.draw("action_cards", Deal(range(10)))
    # The 2002 edition has no bonus tiles (and no bid: planning starts after the auction box).
    tiles = () if g.is2002 else g.draw("bonus_tiles", Deal(range(5)))
    if sorted(cards) != list(range(10)) or sorted(tiles) != ([] if g.is2002 else list(range(5))):
        raise g.corrupt("action card or bonus tile shuffle is not a permutation")
    s.action_cards = list(cards)
    s.tiles = list(tiles)
    g.hands = {}
    s.plans = [-1] * len(s.plans)
    s.plan_fill = [PLAN_START_2002 if g.is2002 else 0] * s.players
    s.lost = [0] * s.players
    s.bids = [-1] * s.players
    s.bid_order = []
    s.position = [-1] * s.players
    s.order = s.order if s.order else list(range(s.players))
    s.event = -1
    s.act = 0
    s.turn = 0
    s.phase = PLANNING
    if g.logging:
        extra = {} if g.is2002 else {"bonus_tiles": [BONUS_TILES[t] for t in s.tiles]}
        g.emit(
            "season",
            year=s.year,
            season=s.season,
            actions_visible=[g.action_label(a) for a in s.action_cards[:5]],
            **extra,
        )
    if s.court is not None:
        from wallenstein.court import display_favours

        display_favours(g)
