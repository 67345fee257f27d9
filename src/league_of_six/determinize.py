"""From an observation back to a playable game: determinization.

A bot thinks with the rules engine, so it rebuilds a full :class:`~league_of_six.game.Game` from
what its seat may know: the observation (everything on the table, every hand: L-07) and its
:class:`~league_of_six.memory.Memory` of earlier observations (which storage tiles and civic
leader cards it has seen). Hands are copied, never invented; only the future is sampled:

* which civic leader cards are still face down in the piles (those never seen face up; drawn only
  if the memory missed a look), whose order is the game's future chance anyway;
* the tax tile pile and the storage tiles left (which of the unseen ones);
* the game's seed, so every future chance outcome is the bot's own sample.

With ``rng=None`` nothing is sampled (the first candidates are taken), which is what the heuristic
uses. The result depends only on the observation, the memory and the rng: two games that look the
same to the seat rebuild the same.
"""

from __future__ import annotations

import random
from typing import Any

from league_of_six.components import GOODS, N_GOODS, PILE_FIGURES, SIDES, TOWN_KEYS, Components
from league_of_six.game import Game
from league_of_six.memory import Memory
from league_of_six.state import (
    BONUS,
    BOXED,
    CHOOSE,
    FACE_DOWN,
    FACE_UP,
    GRAY_SUPPLY,
    OFFER,
    PHASES,
    RESPOND,
    ROTATE,
    START_GUARDS,
    START_INFLUENCE,
    State,
)

_TOWN = {k: i for i, k in enumerate(TOWN_KEYS)}


def _town(key: str | None) -> int:
    return -1 if key is None else _TOWN[key]


def rebuild(
    obs: dict[str, Any], memory: Memory, comp: Components, rng: random.Random | None = None, seed: int = 0
) -> Game:
    """A game consistent with ``obs`` (and what ``memory`` saw), hidden parts sampled from ``rng``."""
    seat = int(obs["seat"])
    P = int(obs["players_count"])
    s = State(P)
    ph = PHASES.index(obs["phase"])
    s.phase = ph
    s.round = int(obs["round"])
    towns = obs["towns"]
    s.ring = [_TOWN[k] for k in obs["ring"]]
    for key, t in towns.items():
        i = _TOWN[key]
        s.besieged[i] = int(t["besieged"])
        s.tile_at[i] = -1 if t["tax_tile"] is None else int(t["tax_tile"])
        s.turned[i] = -1 if t["turned"] is None else int(t["turned"])
        s.occupant[i] = -1 if t["holder"] is None else int(t["holder"])
    s.order = [int(p) for p in obs["order"]]
    for p, pl in enumerate(obs["players"]):
        _seat_state(s, p, pl)
    s.supply = [int(obs["supply"][name]) for name in GOODS]
    # Whose turn: the pending seat tells where the phase stands.
    pending = obs["pending"]
    who = int(pending[0]) if pending else -1
    _turn(s, obs, ph, who)
    # Storage.
    st = obs["storage"]
    if st["royal_tile"] is not None:
        s.store_tiles = [int(st["royal_tile"]), int(st["civic_tile"])]
        rows = st["rows"]
        s.row_chooser = [-1 if r["chosen_by"] is None else int(r["chosen_by"]) for r in rows]
        s.space_owner = [-1 if sp["filled_by"] is None else int(sp["filled_by"]) for r in rows for sp in r["spaces"]]
        s.store_order = [int(p) for p in st["order"]]
        chosen = sum(1 for r in rows if r["chosen_by"] is not None)
        s.store_turn = chosen - 1 if ph == BONUS else chosen
    s.storage_left = _storage_left(s, memory, comp, rng)
    # Tax tile pile: which of the tiles not on the board are still in it.
    off_board = [t for t in range(len(comp.tax_tiles)) if t not in s.tile_at]
    left = int(obs["tax_tiles_left"])
    deck = rng.sample(off_board, left) if rng is not None else off_board[:left]
    s.tax_deck = sorted(deck)
    s.tax_used = sorted(t for t in off_board if t not in deck)
    _cards(s, obs, memory, comp, rng)
    _guards(s, obs)
    # Bookkeeping totals that the conservation checks read: consistent with the rebuilt hands.
    extra = sum(s.guards) - START_GUARDS * P
    s.guards_issued, s.guards_returned = max(0, extra), max(0, -extra)
    gained = sum(s.influence) - START_INFLUENCE * P
    s.influence_scored, s.influence_paid = max(0, gained), 0
    if gained < 0:
        s.influence_paid = -gained + (-gained) % 2
        s.influence_scored = s.influence_paid + gained
    if ph == BONUS and who == seat:
        s.bonus_limit = 4  # the legal actions say which piles; the exact limit only narrows them
    return _game(s, obs, comp, seed)


def _seat_state(s: State, p: int, pl: dict[str, Any]) -> None:
    """One seat's public holdings from its part of the observation."""
    s.influence[p] = int(pl["influence"])
    s.town_of[p] = _town(pl["town"])
    s.road_of[p] = _town(pl["road"])
    s.counter[p] = -1 if pl["counter"] is None else int(pl["counter"])
    s.horses[p] = int(pl["horses"])
    s.horse_tile[p] = int(pl["horse_tile"] or 0)
    for c, name in enumerate(GOODS):
        s.wagon[p * N_GOODS + c] = int(pl["wagon"][name])


def _turn(s: State, obs: dict[str, Any], ph: int, who: int) -> None:
    """Whose turn it is within the phase (and the travel or conflict under way), from the pending seat."""
    P = s.players
    if ph == CHOOSE:
        tr = obs["travel"]
        s.mover = int(tr["seat"])
        s.mover_from = _town(tr["from"])
        s.displaced = bool(tr["displaced"])
        s.turn = _choose_turn(s)
    elif ph in (OFFER, RESPOND):
        cf = obs["conflict"]
        s.mover = int(cf["mover"])
        s.turn = _choose_turn(s)
        if ph == OFFER:
            s.c_offer = s.counter[int(cf["holder"])]
            s.c_by = int(cf["holder"])
        else:
            s.c_offer = int(cf["offer"])
            s.c_by = int(cf["offered_by"])
    elif ph == ROTATE:
        s.turn = s.order.index(who)
    else:
        s.turn = P  # every seat collected its taxes


def _choose_turn(s: State) -> int:
    """Choosing turn: seats later in phase-2 order have not put their figure on a counter yet."""
    waiting = sum(1 for p in range(s.players) if p != s.mover and s.town_of[p] < 0)
    return s.players - 1 - waiting


def _storage_left(s: State, memory: Memory, comp: Components, rng: random.Random | None) -> list[int]:
    if s.store_tiles[0] < 0:
        return []
    first = 1 if s.round <= 3 else 4
    used = set(s.store_tiles)
    missing = 0
    if isinstance(memory, PublicMemory):
        used.update(memory.storage_used)
    for r in range(first, s.round) if not isinstance(memory, PublicMemory) else ():
        if r in memory.storage_seen:
            used.update(memory.storage_seen[r])
        else:
            missing += 2
    rest = [t for t in range(len(comp.storage)) if t not in used]
    n = max(0, len(rest) - missing)
    if rng is None:
        return rest[:n]
    return sorted(rng.sample(rest, n))


class PublicMemory(Memory):
    """What a seat that saw every step of the game remembers, read off the game itself (no replay).

    A memory fed every observation of the game (``Memory.update`` after the set-up and after each
    decision) holds exactly this: every civic leader card turned up is seen before it is taken or
    boxed (cards are turned up at a round's start and boxed at its end, with decisions between), so
    the cards it saw face up are those face up now or boxed (a boxed card was face up, L-07), and
    the storage tiles of this half's earlier rounds are those no longer in the half's pile. Everything
    here is public; ``Game.resample`` uses it instead of replaying the history.
    """

    def __init__(self, s: State, seat: int, comp: Components) -> None:
        super().__init__(seat, s.players)
        self.seen_up = {c for c, at in enumerate(s.card_at) if at in (FACE_UP, BOXED)}
        left = set(s.storage_left) | set(s.store_tiles)
        self.storage_used = {t for t in range(len(comp.storage)) if t not in left}  # this half's earlier rounds


def _cards(s: State, obs: dict[str, Any], memory: Memory, comp: Components, rng: random.Random | None) -> None:
    """Where each civic leader card is. Hands, the face-up cards and the gray supply are public (L-07);
    a pile card elsewhere is face down or was boxed at a round's end: those the memory saw face up
    were boxed, the others are face down (if the memory missed a look, which ones is drawn)."""
    at = [BOXED] * len(comp.cards)
    for c in (int(x["card"]) for x in obs["civic_leaders"]["gray"]):
        at[c] = GRAY_SUPPLY
    for f, c in obs["civic_leaders"]["faceup"].items():
        if c is not None:
            at[int(c["card"])] = FACE_UP
            s.faceup[int(f) - 1] = int(c["card"])
    for p, hand in obs["hands"].items():
        for c in hand["civic_leaders"]:
            at[int(c["card"])] = int(p)
    for f in PILE_FIGURES:
        pile = [c for c in comp.pile_cards[f - 1] if at[c] == BOXED]
        want = int(obs["civic_leaders"]["piles_left"][str(f)])
        unseen = [c for c in pile if c not in memory.seen_up]
        if len(unseen) < want:  # should not happen; fall back on any card not placed
            unseen += [c for c in pile if c not in unseen]
        down = rng.sample(unseen, want) if rng is not None else unseen[:want]
        for c in down:
            at[c] = FACE_DOWN
    s.card_at = at


def _guards(s: State, obs: dict[str, Any]) -> None:
    """Every seat's guards in hand: public (L-07)."""
    for p, hand in obs["hands"].items():
        s.guards[int(p)] = int(hand["guards"])


def _game(s: State, obs: dict[str, Any], comp: Components, seed: int) -> Game:
    sides = [obs["towns"][k]["side"] for k in TOWN_KEYS]
    config = {
        "game": "league_of_six",
        "players": s.players,
        "seed": seed,
        "sides": sides,
        "components": None if comp.standin else dict(comp.source),
    }
    g = Game.__new__(Game)
    g._start_record(config, None, False)
    g.comp = comp
    g.sides = tuple(SIDES.index(x) for x in sides)
    g.s = s
    g._legal = {}
    return g


__all__ = ["PublicMemory", "rebuild"]
