"""Wallenstein for learning agents: the action catalogue ``wallenstein_v2`` and the observation encoder.

**Actions** (:data:`CATALOGUE`, ``Discrete(CATALOGUE.size)``, index 0 the no-op). Every decision
the engine offers has one fixed index, for every edition, module and player count:

* planning, one box at a time as the engine offers it (R-02): box (bid, ten actions, three court
  boxes) x card (45 counties, money 0-4, blank land card, dice tower card, uncovered);
* a whole plan at once (``Action.plan``) is *not* in the catalogue: the box-by-box decisions cover
  every plan, as the engine's own search does;
* moves and attacks: the engine moves from the acting county (``observation["move"]["from"]``), so
  a move is to-county x count (1..62 armies, a colour's whole supply), and likewise the 2002
  ``move_only``; ``stay``;
* player order positions 1-5, the 2002 defender's commitment 0..62, draft (take a county, the
  deck, refresh, a group of 1..10), winter revolt order, the court's favours (card 1..21, pass,
  a county, remove the event or not), Landsknechte benefits, the leaders' placing, move and draft.

**Observations** (:func:`encode`): a float32 vector in [0, 1] computed from ``observe(seat)`` only.
Seats are relative to the observing seat (slot 0 is "me", slot 1 the next seat, ...; five slots,
padded), so one policy plays any seat and any player count. Blocks (:data:`LAYOUT`): county
owners (7-way one-hot: five seats, neutral, out of play), armies, buildings, revolts; each seat's
thalers, grain, VP, supply, county count and whether it has planned; phase, season, year, edition,
modules, player count, pending seats; the tower's tray and inside counts; the current event and
this year's events; the action cards turned up and the current action; bonus tiles; bids and
positions; every plan card this seat may see (its own plan while planning, revealed cards during
the season) as box x card one-hots; the next box to plan; the acting county; winter revolts;
the draft's face-up counties; a 2002 fight; court courtiers and favour cards; Landsknechte decks;
leaders and statues; and (added in v1) the player order, the bid order, each seat's lost county
cards, the supplies, the event cards left, a 2002 fight's kind and origin, winter's extra peasants,
the draft's army groups and turn, the court's deck, display by space, kept and protected seats,
audience queue and the favour awaiting a choice, and the leaders' statue owners, statues left,
trophies and draft offer. Bonus tiles are shown by place. Counts ``x`` are ``x / (x + scale)``
(:func:`tabletop.rl.layout.scaled`: never clipped).

**Nothing visible is lost**: two observations of a seat that differ give different vectors, except
in the fields of :data:`NOT_ENCODED`, each left out for the reason it gives (what a card prints,
fixed by its encoded number; notes fixed for the game; "planned", shown by the pending seats);
``tests/rl/test_rl_injective.py`` checks it field by field along random games.

Version 2 (``wallenstein_v2``, ruling W-11a): the same blocks, entries and action catalogue as v1,
but the action cards block follows the corrected rule: while action k is performed cards 1 to k+4
are shown (all ten from action 6 on), where v1 showed cards 1 to max(5, k) (a card only once its
own action began, W-11). The same state gives up to four more cards than v1 did, so a policy trained
on v1 learned under another information rule and is refused (``tabletop.rl.policy``).

Version 1 (``wallenstein_v1``, the same action catalogue as v0) fixed the losses of v0: counts
clipped at their scale (armies above 20, thalers above 40, VP above 150 looked alike), the bonus
tiles' places, and the fields v0 never encoded (listed above).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.rl.catalogue import Catalogue
from tabletop.rl.layout import Entries, Layout, Rel, order_ones, relative_seats, scaled
from tabletop.rl.spec import Vector
from wallenstein.actions import (
    DRAFT_DECK,
    DRAFT_GROUP,
    DRAFT_REFRESH,
    DRAFT_TAKE,
    FAVOUR,
    FAVOUR_COUNTY,
    FAVOUR_EVENT,
    FAVOUR_PASS,
    LANDSKNECHTE,
    LEADER_DRAFT,
    LEADER_MOVE,
    LEADER_PLACE,
    LK_BENEFITS,
    POSITION_ACTIONS,
    REVOLT_NEXT,
    STAY_ACTION,
    Action,
    commit_action,
    move_action,
    move_only_action,
    plan_card_action,
)
from wallenstein.board import (
    ACTIONS,
    BLANK,
    BOARD,
    BONUS_TILES,
    BUILDINGS,
    COURT_BOX_NAMES,
    EMPTY,
    MONEY,
    N_BOXES,
    SEASONS,
    TOWER,
)
from wallenstein.court_state import SPACE_COST
from wallenstein.edition2002 import FIGHT_KINDS
from wallenstein.state import PHASES

VERSION = "wallenstein_v2"
N = len(BOARD.keys)  # 45 counties
MAX_ARMIES = 62  # a colour's whole supply (2012: 62, 2002: 61)
SEATS = 5
PLAN_BOXES = N_BOXES + len(COURT_BOX_NAMES)  # 10 actions, the bid, three court boxes
CARD_CODES: tuple[int, ...] = (*range(N), *(MONEY + v for v in range(5)), BLANK, TOWER, EMPTY)
FAVOURS = 21


def _catalogue() -> Catalogue:
    # The engine's own (interned) objects where it has them (the planning, move and commitment
    # decisions, most of a game); the catalogue looks decisions up by value, so any equal one is found.
    acts: list[Action] = [plan_card_action(box, code) for box in range(PLAN_BOXES) for code in CARD_CODES]
    acts += POSITION_ACTIONS
    acts += [move_action(t, n) for t in range(N) for n in range(1, MAX_ARMIES + 1)]
    acts += [move_only_action(t, n) for t in range(N) for n in range(1, MAX_ARMIES + 1)]
    acts.append(STAY_ACTION)
    acts += [commit_action(n) for n in range(MAX_ARMIES + 1)]
    acts += [Action(DRAFT_TAKE, c) for c in range(N)]
    acts += [Action(DRAFT_DECK), Action(DRAFT_REFRESH)]
    acts += [Action(DRAFT_GROUP, n) for n in range(1, 11)]
    acts += [Action(REVOLT_NEXT, c) for c in range(N)]
    acts += [Action(FAVOUR, f) for f in range(1, FAVOURS + 1)]
    acts.append(Action(FAVOUR_PASS))
    acts += [Action(FAVOUR_COUNTY, c) for c in range(N)]
    acts += [Action(FAVOUR_EVENT, r) for r in (0, 1)]
    acts += [Action(LANDSKNECHTE, b) for b in range(len(LK_BENEFITS))]
    acts += [Action(LEADER_PLACE, c) for c in range(N)]
    acts += [Action(LEADER_MOVE, c) for c in range(N)]
    acts += [Action(LEADER_DRAFT, r) for r in (0, 1)]
    return Catalogue(VERSION, acts)


CATALOGUE = _catalogue()

# ---------------------------------------------------------------------------------------- layout
_COUNTY = {k: i for i, k in enumerate(BOARD.keys)}
_CARD = {name: i for i, name in enumerate([*BOARD.keys, *(f"money:{v}" for v in range(5)), "blank", "tower"])}
_NO_CARD = len(CARD_CODES) - 1  # uncovered
_BOX = {name: i for i, name in enumerate((*ACTIONS, "bid", *COURT_BOX_NAMES))}
_ACTION = {name: i for i, name in enumerate(ACTIONS)}
_PHASE = {name: i for i, name in enumerate(PHASES)}
_SEASON = {name: i for i, name in enumerate((*SEASONS, "winter"))}
_TILE = {name: i for i, name in enumerate(BONUS_TILES)}
_MODULES = ("emperors_court", "landsknechte", "military_leaders")
EVENT_CARDS = 25  # 2002 deck (the 2012 deck has 12)

LAYOUT = Layout()
L_OWNER = LAYOUT.block("county owner (5 seats, neutral, out of play)", N * 7)
L_ARMIES = LAYOUT.block("county armies, x/(x+20)", N)
L_BUILD = LAYOUT.block("county buildings (palace, church, trading post)", N * 3)
L_REVOLT = LAYOUT.block("county revolt markers, x/(x+2)", N)
L_PLAYER = LAYOUT.block(
    "seat: present, thalers x/(x+40), grain x/(x+30), VP x/(x+150), supply x/(x+62), counties x/(x+45), planned",
    SEATS * 7,
)
L_PHASE = LAYOUT.block("phase", len(PHASES))
L_SEASON = LAYOUT.block("season", 4)
L_YEAR = LAYOUT.block("year, x/(x+3)", 1)
L_GAME = LAYOUT.block("edition 2002, modules, 3/4/5 players", 1 + len(_MODULES) + 3)
L_PENDING = LAYOUT.block("pending seats", SEATS)
L_TOWER = LAYOUT.block("tower tray and inside per seat and peasants, x/(x+20)", 2 * (SEATS + 1))
L_EVENT = LAYOUT.block("current event card", EVENT_CARDS)
L_YEAR_EVENTS = LAYOUT.block("this year's event cards", EVENT_CARDS)
L_CARDS = LAYOUT.block("action cards turned up (slot x action)", 10 * 10)
L_CURRENT = LAYOUT.block("current action", 10)
L_TILES = LAYOUT.block("bonus tiles this season (tile x place)", len(BONUS_TILES) * len(BONUS_TILES))
L_BID = LAYOUT.block("bids (seat x card)", SEATS * len(CARD_CODES))
L_POSITION = LAYOUT.block("player order positions (seat x position)", SEATS * SEATS)
L_PLANS = LAYOUT.block("plan cards seen (seat x box x card)", SEATS * PLAN_BOXES * len(CARD_CODES))
L_NEXT_BOX = LAYOUT.block("next box to plan", PLAN_BOXES)
L_MOVE = LAYOUT.block("acting county, its kind (deploy 1, combat)", N + 2)
L_WINTER = LAYOUT.block("winter: revolts left, deciding seat", N + SEATS)
L_DRAFT = LAYOUT.block("draft: face-up counties, taken county, deck x/(x+45)", 2 * N + 1)
L_FIGHT = LAYOUT.block(
    "2002 fight: county, attacker, defender, defender's and attacker's armies x/(x+20)", N + 2 * SEATS + 2
)
L_EMPTY = LAYOUT.block("2002 boxes declared empty (seat x action)", SEATS * 10)
L_COURT = LAYOUT.block(
    "court: courtiers (supply, hall, audience) x/(x+10), favour display, gone", SEATS * 3 + 2 * FAVOURS
)
L_LK = LAYOUT.block("Landsknechte: top card x/(x+4) per seat, choosing seat", 2 * SEATS)
L_LEADERS = LAYOUT.block("leaders: county per seat, statues per county x/(x+3)", SEATS * N + N)
# Added in v1 (what v0 left out; tests/rl/test_rl_injective.py found it).
L_ORDER = LAYOUT.block("player order (seat x place)", SEATS * SEATS)
L_BID_ORDER = LAYOUT.block("bid order (seat x place)", SEATS * SEATS)
L_LOST = LAYOUT.block("county cards lost (seat x county)", SEATS * N)
L_SUPPLIES = LAYOUT.block("supplies: peasants, palaces, churches, trading posts x/(x+20), revolt markers x/(x+40)", 5)
L_EVENTS_LEFT = LAYOUT.block("event cards left, x/(x+8)", 1)
L_FIGHT_MORE = LAYOUT.block("2002 fight: kind (attack, revolt, winter revolt), attacker's county", 3 + N)
L_WINTER_MORE = LAYOUT.block("winter: extra peasants, x/(x+3)", 1)
L_DRAFT_MORE = LAYOUT.block("draft: army groups to place (seat x size 1-10) x/(x+2), turn x/(x+10)", SEATS * 10 + 1)
L_COURT_MORE = LAYOUT.block(
    "court: deck left x/(x+10), display (space x card), keeps favour 4, protected, audience queue (seat x place),"
    " favour awaiting a choice",
    1 + len(SPACE_COST) * FAVOURS + 2 * SEATS + SEATS * SEATS + FAVOURS,
)
L_LEADERS_MORE = LAYOUT.block(
    "leaders: statues' owner per county, statues left x/(x+6), trophies (holder x owner) x/(x+3), draft offer",
    N * SEATS + SEATS + SEATS * SEATS + N,
)
OBS_SIZE = LAYOUT.size
_FIGHT_KIND = {k: i for i, k in enumerate(FIGHT_KINDS)}


_num = scaled  # counts: x / (x + scale), never clipped (see tabletop.rl.layout.scaled)


_N_CARDS = len(CARD_CODES)


def encode(obs: Mapping[str, Any]) -> Vector:
    """The observation vector of ``obs`` (a ``Game.observe(seat)`` result; a spectator is seat 0).

    Built from the observation dict only, so two games that look the same to the seat encode the
    same. Ones are collected as flat indices (``ones``), counts as positions and values (``at``,
    ``val``), and written with one numpy assignment per kind.
    """
    rel = relative_seats(obs)
    e = Entries()
    _counties(obs, e, rel)
    _seats_and_game(obs, e, rel)
    _cards_and_plans(obs, e.ones, rel)
    _acting(obs, e, rel)
    _modules_blocks(obs, e, rel)
    _more(obs, e, rel)
    return e.vector(OBS_SIZE)


def _counties(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """Each county's owner, armies, buildings and revolt markers."""
    ones, at, val = e.ones, e.at, e.val
    one = ones.append
    counties = obs["counties"]
    for i, key in enumerate(BOARD.keys):
        c = counties[key]
        o = c["owner"]
        one(L_OWNER + i * 7 + (rel(o) if o is not None else (5 if c["in_play"] else 6)))
        if c["armies"]:
            at.append(L_ARMIES + i)
            val.append(_num(c["armies"], 20))
        for b in c["buildings"]:
            one(L_BUILD + i * 3 + BUILDINGS.index(b))
        if c["revolt"]:
            at.append(L_REVOLT + i)
            val.append(_num(c["revolt"], 2))


def _seats_and_game(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """Each seat's counts; the phase, season, year, edition, modules, player count, pending seats, tower."""
    ones, at, val = e.ones, e.at, e.val
    one = ones.append
    for p, pl in enumerate(obs["players"]):
        base = L_PLAYER + rel(p) * 7
        one(base)
        at.extend(range(base + 1, base + 6))
        val += [
            _num(pl["thalers"], 40),
            _num(pl["grain"], 30),
            _num(pl["vp"], 150),
            _num(pl["supply"], MAX_ARMIES),
            _num(pl["counties"], N),
        ]
        if pl["planned"]:
            one(base + 6)
    one(L_PHASE + _PHASE[obs["phase"]])
    one(L_SEASON + _SEASON[obs["season"]])
    at.append(L_YEAR)
    val.append(_num(obs["year"], 3))
    if obs["edition"] == "2002":
        one(L_GAME)
    for m in obs["modules"]:
        one(L_GAME + 1 + _MODULES.index(m))
    one(L_GAME + 1 + len(_MODULES) + int(obs["players_count"]) - 3)
    for p in obs["pending"]:
        one(L_PENDING + rel(p))
    tower = obs["tower"]
    for k, part in enumerate(("tray", "inside")):
        for who, n in tower[part].items():
            if n:
                at.append(L_TOWER + k * (SEATS + 1) + (SEATS if who == "peasants" else rel(who)))
                val.append(_num(n, 20))


def _plan(ones: list[int], r: int, boxes: Mapping[str, Any]) -> None:
    """Plan cards (or court boards) of the seat in slot ``r``, box by box."""
    base = L_PLANS + r * PLAN_BOXES * _N_CARDS
    for box, card in boxes.items():
        ones.append(base + _BOX[box] * _N_CARDS + (_NO_CARD if card is None else _CARD[card]))


def _cards_and_plans(obs: Mapping[str, Any], ones: list[int], rel: Rel) -> None:
    """Events, action cards, the current action, bonus tiles, bids, positions and the plans seen."""
    one = ones.append
    ev = obs["events"]
    if ev["current"] is not None:
        one(L_EVENT + ev["current"]["card"])
    for e in ev["year"]:
        one(L_YEAR_EVENTS + e["card"])
    for k, a in enumerate(obs["action_cards"]):
        if a is not None:
            one(L_CARDS + k * 10 + _ACTION[a])
    if obs["current_action"] is not None:
        one(L_CURRENT + obs["current_action"] - 1)
    for place, t in enumerate(obs["bonus_tiles"]):
        one(L_TILES + _TILE[t] * len(BONUS_TILES) + place)
    for p, card in obs["bids"].items():
        one(L_BID + rel(p) * _N_CARDS + (_NO_CARD if card is None else _CARD[card]))
    for p, pos in obs["positions"].items():
        one(L_POSITION + rel(p) * SEATS + pos - 1)
    for p, boxes in obs["plans"].items():
        _plan(ones, rel(p), boxes)
    mine = obs.get("my_plan")
    if mine is not None:
        _plan(ones, 0, mine["boxes"])
        if mine["next_box"] is not None:
            one(L_NEXT_BOX + _BOX[mine["next_box"]])


def _acting(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """The phase's own facts: the acting county, winter, the draft, a 2002 fight, boxes declared empty."""
    ones, at, val = e.ones, e.at, e.val
    one = ones.append
    move = obs.get("move")
    if move is not None:
        one(L_MOVE + _COUNTY[move["from"]])
        one(L_MOVE + N + (0 if move["kind"] == "deploy1" else 1))
    winter = obs.get("winter")
    if winter is not None:
        ones += [L_WINTER + _COUNTY[k] for k in winter["revolts_left"]]
        if winter["seat"] is not None:
            one(L_WINTER + N + rel(winter["seat"]))
    draft = obs.get("draft")
    if draft is not None:
        ones += [L_DRAFT + _COUNTY[k] for k in draft["faceup"]]
        if draft["taken"] is not None:
            one(L_DRAFT + N + _COUNTY[draft["taken"]])
        at.append(L_DRAFT + 2 * N)
        val.append(_num(draft["deck_left"], N))
    fight = obs.get("fight")
    if fight is not None:
        one(L_FIGHT + _COUNTY[fight["county"]])
        if fight.get("attacker") is not None:
            one(L_FIGHT + N + rel(fight["attacker"]))
        if fight["defender"] is not None and fight["defender"] >= 0:
            one(L_FIGHT + N + SEATS + rel(fight["defender"]))
        at += [L_FIGHT + N + 2 * SEATS, L_FIGHT + N + 2 * SEATS + 1]
        val += [_num(fight["defender_armies"], 20), _num(fight.get("armies", fight.get("farmers", 0)), 20)]
    for p, boxes in obs.get("declared_empty", {}).items():
        ones += [L_EMPTY + rel(p) * 10 + _ACTION[b] for b in boxes]


def _modules_blocks(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """The Big Box modules' blocks of v0: the court, Landsknechte, the military leaders."""
    ones, at, val = e.ones, e.at, e.val
    court = obs.get("court")
    if court is not None:
        for p, c in court["courtiers"].items():
            base = L_COURT + rel(p) * 3
            at += [base, base + 1, base + 2]
            val += [_num(c["supply"], 10), _num(c["hall"], 10), _num(c["audience"], 10)]
        ones += [L_COURT + SEATS * 3 + f["card"] - 1 for f in court["display"] if "card" in f]
        ones += [L_COURT + SEATS * 3 + FAVOURS + f - 1 for f in court["gone"]]
        for p, board in court["boards"].items():
            _plan(ones, rel(p), board)
    lk = obs.get("landsknechte")
    if lk is not None:
        for p, top in lk["top"].items():
            at.append(L_LK + rel(p))
            val.append(_num(top, 4))
        if lk["choosing"] is not None:
            ones.append(L_LK + SEATS + rel(lk["choosing"]))
    leaders = obs.get("leaders")
    if leaders is not None:
        for p, key in leaders["county"].items():
            if key is not None:
                ones.append(L_LEADERS + rel(p) * N + _COUNTY[key])
        for key, st in leaders["statues"].items():
            at.append(L_LEADERS + SEATS * N + _COUNTY[key])
            val.append(_num(st["count"], 3))


def _more(obs: Mapping[str, Any], e: Entries, rel: Rel) -> None:
    """The blocks added in v1: what v0 left out of the observation."""
    ones, at, val = e.ones, e.at, e.val
    one = ones.append
    ones += order_ones(L_ORDER, obs["order"], rel, SEATS)
    ones += order_ones(L_BID_ORDER, obs["bid_order"], rel, SEATS)
    for p, keys in obs["lost_cards"].items():
        ones += [L_LOST + rel(p) * N + _COUNTY[k] for k in keys]
    sup = obs["supplies"]
    at += range(L_SUPPLIES, L_SUPPLIES + 5)
    val += [
        _num(sup["peasants"], 20),
        _num(sup["palace"], 20),
        _num(sup["church"], 20),
        _num(sup["trading_post"], 20),
        _num(sup["revolt_markers"], 40),
    ]
    at.append(L_EVENTS_LEFT)
    val.append(_num(obs["events"]["deck_left"], 8))
    fight = obs.get("fight")
    if fight is not None:
        one(L_FIGHT_MORE + _FIGHT_KIND[fight["kind"]])
        if fight.get("origin") is not None:
            one(L_FIGHT_MORE + 3 + _COUNTY[fight["origin"]])
    winter = obs.get("winter")
    if winter is not None:
        at.append(L_WINTER_MORE)
        val.append(_num(winter["extra_peasants"], 3))
    draft = obs.get("draft")
    if draft is not None:
        for p, groups in draft["groups"].items():
            counts = [0] * 10
            for n in groups:
                counts[n - 1] += 1
            base = L_DRAFT_MORE + rel(p) * 10
            at += range(base, base + 10)
            val += [_num(n, 2) for n in counts]
        at.append(L_DRAFT_MORE + SEATS * 10)
        val.append(_num(draft["turn"], 10))
    court = obs.get("court")
    if court is not None:
        at.append(L_COURT_MORE)
        val.append(_num(court["deck_left"], 10))
        base = L_COURT_MORE + 1
        ones += [base + SPACE_COST.index(f["courtiers"]) * FAVOURS + f["card"] - 1 for f in court["display"]]
        base += len(SPACE_COST) * FAVOURS
        ones += [base + rel(p) for p in court["keeps_favour_4"]]
        ones += [base + SEATS + rel(p) for p in court["protected"]]
        ones += [base + 2 * SEATS + rel(p) * SEATS + k for k, p in enumerate(court["audience_queue"])]
        if court["choosing_for"] is not None:
            one(base + 2 * SEATS + SEATS * SEATS + court["choosing_for"] - 1)
    leaders = obs.get("leaders")
    if leaders is not None:
        for key, st in leaders["statues"].items():
            one(L_LEADERS_MORE + _COUNTY[key] * SEATS + rel(st["owner"]))
        base = L_LEADERS_MORE + N * SEATS
        for p, n in leaders["statues_left"].items():
            at.append(base + rel(p))
            val.append(_num(n, 6))
        for h, owners in leaders["trophies"].items():
            for o, n in owners.items():
                at.append(base + SEATS + rel(h) * SEATS + rel(o))
                val.append(_num(n, 3))
        if leaders["draft_offer"] is not None:
            one(base + SEATS + SEATS * SEATS + _COUNTY[leaders["draft_offer"]])


__all__ = ["CATALOGUE", "LAYOUT", "MAX_ARMIES", "NOT_ENCODED", "OBS_SIZE", "VERSION", "encode"]
# Fields of ``observe(seat)`` the vector leaves out on purpose ("*": any key or index), each with why;
# tests/rl/test_rl_injective.py checks that it loses nothing else the seat sees.
NOT_ENCODED: dict[str, str] = {
    "game": "the same for every observation of the game",
    "events.current.event": "printed on the event card, fixed by its card number (encoded)",
    "events.current.number": "printed on the event card, fixed by its card number (encoded)",
    "events.current.region": "printed on the event card, fixed by its card number (encoded)",
    "events.current.winter_loss": "printed on the event card, fixed by its card number (encoded)",
    "events.year.*.event": "printed on the event card, fixed by its card number (encoded)",
    "events.year.*.number": "printed on the event card, fixed by its card number (encoded)",
    "events.year.*.region": "printed on the event card, fixed by its card number (encoded)",
    "events.year.*.winter_loss": "printed on the event card, fixed by its card number (encoded)",
    "events.current.standin": "a note that the 2002 events' values are stand-ins (W-29), fixed for the game",
    "events.year.*.standin": "a note that the 2002 events' values are stand-ins (W-29), fixed for the game",
    "court.display.*.favour": "printed on the favour card, fixed by its number (encoded)",
    "court.display.*.amount": "printed on the favour card, fixed by its number (encoded)",
    "court.display.*.building": "printed on the favour card, fixed by its number (encoded)",
    "court.display.*.standin": "a note that the printed values are stand-ins (W-29), fixed for the game",
    "landsknechte.cards": "what each Landsknechte card offers: fixed for the game (printed or stand-in values)",
    "landsknechte.values": "a note on where the values come from, fixed for the game",
    "landsknechte.standin": "whether the values are stand-ins, fixed for the game",
    "players.*.planned": "during planning a seat has planned exactly when it is not pending (encoded);"
    " None outside planning, which the phase shows",
}
