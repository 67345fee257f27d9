"""Observations: the one place that decides what a seat (or a spectator) may see.

Public: the ring of towns and their sides, Hussites, tax tiles and how they were turned, the
figures on counters and roads, the markers' order, influence, the goods on every wagon (they lie
in front of each player), horses and horse tiles, the storage rows and who filled what, the
face-up civic leaders and gray cards, how many cards each pile still holds, the standing offer,
and where the choosing figure sets out from (its road, or the town it was displaced from).
Hands (L-07): the rulebook asks players to hold their guard and civic leader cards close, but every
card enters or leaves a hand in view of all (start guards, offers paid, travel, guards bought from
the King, tax tiles, the civic row bonus from a face-up pile), so this table shows every player's
hand in every view (``hands``; a seat's own is also ``hand``). Secret: only the future, the order
of the shuffled piles (civic leaders face down, tax tiles, storage tiles).
Every view names the component set in use: "stand-in set" unless the user loaded their own (L-01).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from league_of_six.components import GOODS, N_GOODS
from league_of_six.state import CHOOSE, FACE_DOWN, GRAY_SUPPLY, OFFER, OVER, PHASES, RESPOND

if TYPE_CHECKING:
    from league_of_six.game import Game


def components_meta(g: Game) -> dict[str, Any]:
    comp = g.comp
    return {"name": comp.name, "set": comp.label, "standin": comp.standin}


def _hands(g: Game) -> list[dict[str, Any]]:
    """Each player's guards and civic leader cards (in the component set's card order), in one pass."""
    s = g.s
    held: list[list[dict[str, Any]]] = [[] for _ in range(s.players)]
    for c, at in enumerate(s.card_at):
        if at >= 0:
            held[at].append(g.card_json(c))
    return [{"guards": n, "civic_leaders": cards} for n, cards in zip(s.guards, held, strict=True)]


def observation(g: Game, seat: int | None) -> dict[str, Any]:
    s = g.s
    comp = g.comp
    obs: dict[str, Any] = {
        "game": "league_of_six",
        "components": components_meta(g),
        "players_count": s.players,
        "seat": seat,
        "round": s.round,
        "phase": PHASES[s.phase],
        "pending": g.pending(),
        "ring": [comp.towns[t].key for t in s.ring],
        "towns": _towns(g),
        "order": list(s.order),
        "players": _players(g),
        "supply": dict(zip(GOODS, s.supply, strict=True)),
        "storage": {
            "royal_tile": _seat(s.store_tiles[0]),
            "civic_tile": _seat(s.store_tiles[1]),
            "side": "I" if s.side == 0 else "II",
            "rows": _storage_rows(g),
            "order": list(s.store_order),
        },
        "civic_leaders": _civic_leaders(g),
        "tax_tiles_left": len(s.tax_deck),
    }
    _add_turn_parts(obs, g, seat)
    return obs


def _towns(g: Game) -> dict[str, dict[str, Any]]:
    s = g.s
    towns = {}
    for t, town in enumerate(g.comp.towns):
        holder = s.occupant[t]
        tile = s.tile_at[t]
        towns[town.key] = {
            "name": town.name,
            "number": town.number,
            "side": g.side_names[t],
            "besieged": bool(s.besieged[t]),
            "tax_tile": tile if tile >= 0 else None,
            "turned": s.turned[t] if s.turned[t] >= 0 else None,
            "holder": holder if holder >= 0 else None,
        }
    return towns


def _players(g: Game) -> list[dict[str, Any]]:
    s = g.s
    towns = g.comp.towns
    players = []
    for p in range(s.players):
        base = p * N_GOODS
        players.append(
            {
                "influence": s.influence[p],
                "town": towns[s.town_of[p]].key if s.town_of[p] >= 0 else None,
                "counter": s.counter[p] if s.counter[p] >= 0 else None,
                "road": towns[s.road_of[p]].key if s.road_of[p] >= 0 else None,
                "wagon": dict(zip(GOODS, s.wagon[base : base + N_GOODS], strict=True)),
                "horses": s.horses[p],
                "horse_tile": s.horse_tile[p] or None,
            }
        )
    return players


def _storage_rows(g: Game) -> list[dict[str, Any]]:
    """The storage board's rows with their spaces, once its tiles are out."""
    s = g.s
    rows: list[dict[str, Any]] = []
    if s.store_tiles[0] < 0:
        return rows
    lay = g.layout
    for r in range(len(lay.store)):
        a, b = lay.start[r], lay.start[r + 1]
        rows.append(
            {
                **g.row_json(r),
                "bonus": lay.bonus[r],
                "spaces": [
                    {"colour": GOODS[lay.colour[k]], "value": lay.value[k], "filled_by": _seat(s.space_owner[k])}
                    for k in range(a, b)
                ],
                "chosen_by": _seat(s.row_chooser[r]),
            }
        )
    return rows


def _civic_leaders(g: Game) -> dict[str, Any]:
    s = g.s
    comp = g.comp
    return {
        "faceup": {str(f + 1): g.card_json(c) if c >= 0 else None for f, c in enumerate(s.faceup)},
        "piles_left": {
            str(f + 1): sum(1 for c in pile if s.card_at[c] == FACE_DOWN) for f, pile in enumerate(comp.pile_cards)
        },
        "gray": [g.card_json(c) for c in comp.gray_cards if s.card_at[c] == GRAY_SUPPLY],
    }


def _add_turn_parts(obs: dict[str, Any], g: Game, seat: int | None) -> None:
    """A conflict or a journey under way, the hands (the seat's own too), and the result at the end."""
    s = g.s
    comp = g.comp
    if s.phase in (OFFER, RESPOND):
        where = s.town_of[s.mover]
        obs["conflict"] = {
            "town": comp.towns[where].key,
            "mover": s.mover,
            "holder": s.occupant[where],
            "offer": s.c_offer if s.phase == RESPOND else None,
            "offered_by": s.c_by if s.phase == RESPOND else None,
        }
    if s.phase == CHOOSE:
        # Where the choosing figure stands is on the table: its road, or the town it must leave.
        start = s.mover_from
        obs["travel"] = {
            "seat": s.mover,
            "from": comp.towns[start].key if start >= 0 else None,
            "displaced": s.displaced,
        }
    hands = _hands(g)
    obs["hands"] = {str(p): hand for p, hand in enumerate(hands)}  # public on this table (L-07)
    if seat is not None:
        obs["hand"] = hands[seat]
    if s.phase == OVER:
        obs["result"] = g.result()


def _seat(x: int) -> int | None:
    return x if x >= 0 else None


__all__ = ["components_meta", "observation"]
