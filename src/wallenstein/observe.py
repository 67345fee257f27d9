"""Observations: the one place that decides what a seat (or a spectator) may see.

Public: the board, money, grain, VP, army supplies, the tray and the tower's inside counts (W-25),
this year's face-up events and the current one, the action cards turned up so far (W-11a), the bonus
tiles, bids once revealed, player order, plan cards once their action was performed, draft face-up
cards, and per seat the county cards that left its board this season (``lost_cards``: conquests,
tied battles and revolts happen in the open, and such a card's planned action is lost, W-22a).
Secret: other seats' plans and bids before they are revealed, the order of the county deck and the
event deck, face-down action cards. A seat also sees its own plan.

Emperor's Court: courtiers, the favour display, cards taken or discarded, kept and protecting
favours are public; the favour deck shows only its size; a court board is secret (but to its owner)
until the court step reveals it.
2002 edition: no bids or bonus tiles; the leader order is public once dealt; the boxes a seat leaves
uncovered are public once its plan is complete (R-11); a battle or revolt waiting for the defender's
commitment is public (``fight``), and the commitment is seen when the cubes are thrown; event cards
say whether their printed values are stand-ins (W-29).
Modules: the Landsknechte decks lie face up and the military leaders, statues and trophies stand in
the open, so all of it is public (amounts from a stand-in table say so, W-29).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wallenstein import landsknechte
from wallenstein.actions import COURT_SEQUENCE, card_name
from wallenstein.board import (
    ACTIONS,
    AUCTION_BOX,
    BOARD,
    BONUS_TILES,
    BUILDING_BITS,
    BUILDINGS,
    COURT_BOX_NAMES,
    N_BOXES,
    SEASONS,
)
from wallenstein.court_state import COURT_BOXES, EFFECT, SPACE_COST
from wallenstein.edition2002 import declared_empty, fight_json
from wallenstein.printed import STANDIN_NOTE
from wallenstein.state import (
    COMMIT,
    DRAFT_GROUP,
    DRAFT_PICK,
    LEADER_DRAFT,
    LEADER_MOVE,
    LEADER_PLACE,
    LK_BENEFIT,
    MOVE,
    OUT_OF_PLAY,
    PHASES,
    PLANNING,
    POSITION,
    WINTER,
    State,
)
from wallenstein.state import COURT as COURT_PHASE

if TYPE_CHECKING:
    from wallenstein.game import Game


# Building names for each building bit mask, so observations do not decode masks one by one.
_BUILDING_NAMES = tuple(tuple(BUILDINGS[i] for i, bit in enumerate(BUILDING_BITS) if mask & bit) for mask in range(8))


# Phases inside a season (planning to the leaders' move) in which the season's cards and tiles show.
_SEASON_PHASES = frozenset((PLANNING, POSITION, COURT_PHASE, MOVE, COMMIT, LK_BENEFIT, LEADER_PLACE, LEADER_MOVE))


def observation(g: Game, seat: int | None) -> dict[str, Any]:
    s = g.s
    in_season = bool(s.phase in _SEASON_PHASES and s.season != WINTER and s.action_cards)
    obs: dict[str, Any] = {
        "game": "wallenstein",
        "edition": g.config["edition"],
        "modules": list(g.config["modules"]),
        "players_count": s.players,
        "seat": seat,
        "phase": PHASES[s.phase],
        "pending": g.pending(),
        "year": s.year,
        "season": "winter" if s.season == WINTER else SEASONS[s.season],
        "counties": _counties(s),
        "players": _players(g),
        "tower": {"tray": g.colour_map(s.tray), "inside": g.colour_map(s.inside)},
        "supplies": {
            "peasants": s.peasants,
            "palace": s.bsupply[0],
            "church": s.bsupply[1],
            "trading_post": s.bsupply[2],
            "revolt_markers": s.markers,
        },
        "events": {
            "year": [g.event_json(e) for e in s.year_events],
            "current": g.event_json(s.event) if s.event >= 0 else None,
            "deck_left": len(s.event_deck),
        },
    }
    _add_season_table(obs, g, seat, in_season)
    _add_phase_parts(obs, g, in_season)
    _add_module_parts(obs, g, seat)
    return obs


def _counties(s: State) -> dict[str, dict[str, Any]]:
    return {
        key: {
            "owner": o if o >= 0 else None,
            "in_play": o != OUT_OF_PLAY,
            "armies": a,
            "buildings": list(_BUILDING_NAMES[b]),
            "revolt": r,
        }
        for key, o, a, b, r in zip(BOARD.keys, s.owner, s.armies, s.buildings, s.revolts, strict=True)
    }


def _players(g: Game) -> list[dict[str, Any]]:
    s = g.s
    return [
        {
            "thalers": s.thalers[p],
            "grain": s.grain[p],
            "vp": s.vp[p],
            "supply": s.supply[p],
            "counties": s.owner.count(p),
            "planned": s.plan_fill[p] == g.plan_size if s.phase == PLANNING else None,
        }
        for p in range(s.players)
    ]


def _add_season_table(obs: dict[str, Any], g: Game, seat: int | None, in_season: bool) -> None:
    """The season's action cards turned up (W-11a) and the current action, bonus tiles, bids, the
    orders and positions, the plan cards turned up, and the county cards lost."""
    s = g.s
    P = s.players
    revealed_cards = _revealed_action_count(g) if in_season else 0
    obs["action_cards"] = (
        [ACTIONS[a] if i < revealed_cards else None for i, a in enumerate(s.action_cards)] if in_season else []
    )
    obs["current_action"] = s.act + 1 if s.phase == MOVE or (s.phase == COMMIT and s.season != WINTER) else None
    obs["bonus_tiles"] = [BONUS_TILES[t] for t in s.tiles] if in_season else []
    obs["bids"] = {str(p): card_name(s.bids[p]) for p in range(P)} if s.bid_order else {}
    obs["bid_order"] = list(s.bid_order)
    obs["positions"] = {str(p): s.position[p] + 1 for p in range(P) if s.position[p] >= 0}
    obs["order"] = list(s.order)
    obs["plans"] = _revealed_plans(g, seat)
    obs["lost_cards"] = {str(p): _lost_keys(s.lost[p]) for p in range(P) if s.lost[p]}


def _add_phase_parts(obs: dict[str, Any], g: Game, in_season: bool) -> None:
    """The parts only some phases have: the draft, 2002 boxes declared empty, a fight, a move, winter."""
    s = g.s
    if s.phase in (DRAFT_PICK, DRAFT_GROUP, LEADER_DRAFT):  # the leaders' draft decision sees it too
        obs["draft"] = {
            "faceup": [BOARD.keys[c] for c in sorted(s.faceup)],
            "deck_left": len(s.county_deck),
            "groups": {str(p): list(s.groups[p]) for p in range(s.players)},
            "taken": BOARD.keys[s.draft_card] if s.draft_card >= 0 else None,
            "turn": s.draft_turn,
        }
    if g.is2002 and in_season:
        obs["declared_empty"] = declared_empty(g)
    # (While a decision is applied the phase may run ahead of these: an observer of the log looks then.)
    if s.phase == COMMIT and s.fight:
        obs["fight"] = fight_json(g)
    if s.phase == MOVE and s.move_from >= 0:
        obs["move"] = {"from": BOARD.keys[s.move_from], "kind": "deploy1" if s.move_kind == 0 else "combat"}
    if s.season == WINTER:
        obs["winter"] = {
            "seat": s.order[s.winter_turn] if s.winter_turn < len(s.order) else None,
            "revolts_left": [BOARD.keys[c] for c in sorted(s.winter_queue)],
            "extra_peasants": s.winter_extra,
        }


def _add_module_parts(obs: dict[str, Any], g: Game, seat: int | None) -> None:
    """Landsknechte, the leaders, the seat's own plan while planning, and the court."""
    s = g.s
    if "landsknechte" in g.modules:
        obs["landsknechte"] = _landsknechte(g)
    if "military_leaders" in g.modules:
        obs["leaders"] = _leaders(g)
    if seat is not None and s.phase == PLANNING:
        obs["my_plan"] = _my_plan(g, seat)
    if s.court is not None:
        obs["court"] = _court(g, seat)


def _my_plan(g: Game, seat: int) -> dict[str, Any]:
    """The boxes the seat has filled so far (court boxes included) and the next box to fill."""
    s = g.s
    base = seat * N_BOXES
    fill = s.plan_fill[seat]
    plans = s.plans
    court_plans = s.court.plans if s.court is not None else []
    own = {
        _box(b): card_name(plans[base + b] if b < N_BOXES else court_plans[seat * COURT_BOXES + b - N_BOXES])
        for b in COURT_SEQUENCE[:fill]
        if not (g.is2002 and b == AUCTION_BOX)
    }
    return {"boxes": own, "next_box": _box(COURT_SEQUENCE[fill]) if fill < g.plan_size else None}


def _lost_keys(mask: int) -> list[str]:
    """The counties of a ``State.lost`` bit mask, in board order."""
    return [key for c, key in enumerate(BOARD.keys) if mask >> c & 1]


def _box(b: int) -> str:
    if b < 10:
        return ACTIONS[b]
    return "bid" if b == AUCTION_BOX else COURT_BOX_NAMES[b - N_BOXES]


def _court(g: Game, seat: int | None) -> dict[str, Any]:
    """The Emperor's Court as ``seat`` sees it."""
    from wallenstein.favours import describe, round_id

    s = g.s
    court = s.court
    assert court is not None
    boards = {}
    for p in range(s.players):
        if court.shown or p == seat:
            cards = court.plans[p * COURT_BOXES : (p + 1) * COURT_BOXES]
            boards[str(p)] = {name: card_name(code) for name, code in zip(COURT_BOX_NAMES, cards, strict=True)}
    deciding = s.phase == COURT_PHASE
    return {
        "courtiers": {
            str(p): {"supply": court.supply[p], "hall": court.hall[p], "audience": court.audience[p]}
            for p in range(s.players)
        },
        "display": [{"courtiers": SPACE_COST[i], **describe(g, n)} for i, n in enumerate(court.display) if n],
        "deck_left": len(court.deck),
        "gone": list(court.gone),
        "keeps_favour_4": [p for p in range(s.players) if court.parry[p]],
        "protected": [p for p in range(s.players) if court.shield[p] == round_id(g)],
        "boards": boards,
        "audience_queue": list(court.queue) if deciding else [],
        "choosing_for": court.ask if deciding and court.stage == EFFECT else None,
    }


# Phases of a season (planning to the leaders' move); module decisions between player order and the
# actions see the season like the position phase, the leaders' move after the tenth action like its end.


def _revealed_action_count(g: Game) -> int:
    """Action cards turned up so far (W-11a): the first five from planning on; once each action is
    performed its card is put aside and the next face-down card turned up, so while action k
    (1-based) is performed cards 1 to k+4 are known (k to k+4 face up, the earlier ones seen), all ten
    from action 6 on. Every view of the cards (observation, encoders, resampling) counts here."""
    s = g.s
    if s.phase == LEADER_MOVE:
        return 10
    if s.phase != MOVE and s.phase != COMMIT:
        return 5
    return min(10, s.act + 5)


def _revealed_plans(g: Game, seat: int | None) -> dict[str, dict[str, str | None]]:
    """Plan cards shown so far. Another seat's card is turned up when that seat's turn for its action
    comes (seed 000, "Perform actions"); a seat always sees its own plan and bid."""
    s = g.s
    out: dict[str, dict[str, str | None]] = {}
    if s.phase not in _SEASON_PHASES or s.phase == PLANNING or s.season == WINTER:
        return out
    order_index = {p: i for i, p in enumerate(s.order)}
    for p in range(s.players):
        base = p * N_BOXES
        shown: dict[str, str | None] = {}
        for k, action in enumerate(s.action_cards):
            done = s.phase == LEADER_MOVE or (
                (s.phase == MOVE or s.phase == COMMIT) and (k < s.act or (k == s.act and order_index[p] <= s.turn))
            )
            if done or p == seat:
                shown[ACTIONS[action]] = card_name(s.plans[base + action])
        if p == seat and not g.is2002:
            shown["bid"] = card_name(s.plans[base + AUCTION_BOX])
        out[str(p)] = shown
    return out


def _landsknechte(g: Game) -> dict[str, Any]:
    """The face-up decks: each seat's top card, and what every card offers (W-29 stand-ins say so)."""
    s = g.s
    standin = g.is_standin(landsknechte.TABLE)
    return {
        "cards": [landsknechte.card_benefits(g, card) for card in range(landsknechte.DECK_SIZE)],
        "values": STANDIN_NOTE if standin else "printed values supplied by the user",
        "standin": standin,
        "top": {str(p): s.mods.lk_top[p] + 1 for p in range(s.players)},
        "choosing": s.order[s.mods.lk_turn] if s.phase == LK_BENEFIT else None,
    }


def _leaders(g: Game) -> dict[str, Any]:
    s = g.s
    m = s.mods
    P = s.players
    trophies = m.trophies
    return {
        "county": {str(p): BOARD.keys[c] if c >= 0 else None for p, c in enumerate(m.leader)},
        "statues": {BOARD.keys[c]: {"owner": m.statue_owner[c], "count": n} for c, n in enumerate(m.statues) if n},
        "statues_left": {str(p): m.statue_supply[p] for p in range(P)},
        "trophies": {str(h): {str(o): trophies[h * P + o] for o in range(P) if trophies[h * P + o]} for h in range(P)},
        "draft_offer": BOARD.keys[s.draft_card] if s.phase == LEADER_DRAFT else None,
    }
