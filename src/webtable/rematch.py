"""Play again: a finished game's follow-up, made once, with the same game, options, seats, bots and limits.

The first seated player who asks makes it (``again``); anyone seated who asks later is led to the same one
(the finished game keeps an ``again`` note with the follow-up's id, so a restart keeps the link). The
follow-up copies the game kind and the lobby's options, the seats in their order with their names, the bots
(kind, level) and the people's turn limit and time bank, the private flag and the creator (the creator's
token of the finished game abandons the follow-up or invites to it again).

Seeds: a game made with a chosen seed gets a follow-up seed derived from it (``next_seed``), so a series
from one seed is reproducible, bots included; a game with a random seed gets a fresh random one (a seed
derived from the finished game's would make the follow-up's deck orders follow from a seed that is no
longer the only secret guarding them).

Seat tokens: each people seat of the follow-up is held for the person who held it in the finished game.
The seat stores the digest of that person's old token (``held_sha256``); whoever shows the old token gets
the new seat's token, which is derived from the old token and the follow-up's id (``seat_token``), so the
server still stores digests only, and a second tab of the same person (the same old token) gets the same
seat and token, while nobody else can. A screen that plays several seats (hot seat) shows all their tokens
and gets all their seats. An invited seat nobody claimed in the finished game is an open invite again,
which the creator issues (POST /api/games/{id}/invites/{seat}).

Once: a lock per finished game (``Hub.making``, held with the room's) makes the first request the only
one that makes a follow-up in this process, even when the room was evicted and loaded again between
two clicks: a request that finds no link in memory reads the stored one under that lock. With several
processes over one database (webtable.ownership), a finished game has no owner, so two first requests
at the same moment on two processes can each make one; the finished game then links the later (its
last "again" note) once reloaded. Not guarded further: it takes two players clicking within the same
few milliseconds on different processes.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
from collections.abc import Callable
from typing import Any

from tabletop.errors import IllegalAction
from webtable.rooms import Hub, Room, StorageDown, again_link, bot_salt, new_game_id, new_secret, token_digest
from webtable.store import STORAGE_ERRORS, Owner

log = logging.getLogger("webtable")

COPIED = ("type", "name", "bot", "turn_limit", "time_bank")  # what a follow-up's seat takes over as it was


class NotASeat(IllegalAction):
    """No token shown opens a seat of the finished game (a spectator, a wrong token): nothing was made."""


def next_seed(seed: int) -> int:
    """The follow-up seed of a game with the chosen seed ``seed``: the same for every process and run."""
    digest = hashlib.sha256(f"webtable-again/{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 2**31


def seat_token(old_token: str, game_id: str) -> str:
    """The follow-up seat's token of whoever holds ``old_token``: only they can compute it."""
    mac = hmac.new(old_token.encode(), f"webtable-again/{game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode()


def options_from_head(kind: str, head: dict[str, Any]) -> dict[str, Any]:
    """The lobby's options of a game made before the table kept them (a "made" note), read back from the
    history's head (what the engine was given)."""
    made = head.get("new_game") or {}
    if kind == "wallenstein":
        return {"edition": made["edition"], "modules": list(made["modules"]), "setup": made["setup"]}
    if kind == "league_of_six":
        return {"sides": made["sides"][0]}  # the lobby gives all six towns one side
    raise IllegalAction(f"a {kind} game made before 'Play again' existed cannot be played again", code="again_unknown")


def follow_up_seats(seats: list[dict[str, Any]], seed: int, chosen: bool) -> list[dict[str, Any]]:
    """The follow-up's seats as stored: each as it was (type, name, bot, limits), a bot with a new salt
    (derived from a chosen seed, as the lobby's), a person's held by the digest of their old token."""
    out = []
    for seat, info in enumerate(seats):
        entry = {key: info[key] for key in COPIED if key in info}
        if info.get("type") == "bot":
            entry["salt"] = bot_salt(seed, seat, chosen)  # (as the lobby's new game: NewGame.seat_entries)
        elif info.get("token_sha256"):
            entry["held_sha256"] = info["token_sha256"]
        elif info.get("held_sha256"):  # a follow-up seat its holder never took: still theirs
            entry["held_sha256"] = info["held_sha256"]
        else:  # invited, never claimed: an open invite again, which its creator issues
            entry["invite_sha256"] = new_secret()[1]
        out.append(entry)
    return out


def check_asker(room: Room, tokens: list[str]) -> int:
    """The first seat of the finished game that ``tokens`` open; a coded refusal when there is none or
    the game is not finished."""
    if room.status == "abandoned":
        raise IllegalAction("this game was abandoned: it cannot be played again", code="abandoned")
    if room.status != "over":
        raise IllegalAction("this game is not over yet", code="game_not_over")
    held = [seat for seat in map(room.seat_of, tokens) if seat is not None]
    if not held:
        raise NotASeat("only a player of this game can play it again (show a seat's token)", code="not_a_seat")
    return min(held)


async def again(hub: Hub, room: Room, tokens: list[str], client: str, admit: Callable[[], None]) -> Room:
    """The follow-up of the finished game ``room``, made by this call if it is the first, or if the one
    made expired unplayed or was set aside as damaged (``admit`` may refuse making one: the table's rate
    of new games); ``tokens`` must open a seat of ``room``."""
    seat = check_asker(room, tokens)
    # One lock per game id, not the room's alone: a click may hold a room that the sweeper evicted while
    # its body arrived, and the next click a room of the same game loaded afresh (Hub.sweep).
    making = hub.making.setdefault(room.id, asyncio.Lock())
    async with making, room.lock:
        link = next((r.again for r in _rooms_of(hub, room) if r.again is not None), None)
        if link is None:  # (a room loaded while another click made the follow-up: the store has its link)
            link = await _stored_link(hub, room)
        if link is not None:
            follow_up = await hub.room(link["id"])
            if follow_up is not None:
                return follow_up
            if hub.damage_of(link["id"]) is not None:  # (set aside: nobody can play it)
                log.warning("game %s: its follow-up %s is damaged; a new one is made", room.id, link["id"])
            # (it expired unplayed, or was set aside: a new one is made, and the finished game's link moves to it)
        admit()
        made = await _made(hub, room)
        follow = await _make(hub, room, made, client, seat)
        name = room.public_seats()[seat]["name"]
        for each in _rooms_of(hub, room):
            each.again = {"id": follow.id, "seat": seat}
            each.broadcast({"type": "again", "game": follow.id, "seat": seat, "name": name})
        return follow


def _rooms_of(hub: Hub, room: Room) -> list[Room]:
    """``room`` and the hub's room of the same game if it is another (the sweeper evicted ``room``)."""
    listed = hub.rooms.get(room.id)
    return [room] if listed is None or listed is room else [room, listed]


async def _stored_link(hub: Hub, room: Room) -> dict[str, Any] | None:
    try:
        notes = await asyncio.to_thread(hub.store.notes, room.id, "again", 1)
    except STORAGE_ERRORS:
        raise StorageDown("the game store is unavailable, so nothing was made; try again in a moment") from None
    return again_link(notes, room.record)


async def _made(hub: Hub, room: Room) -> dict[str, Any]:
    """What the lobby asked for when ``room`` was made (its "made" note), or its options read back from
    the history's head where the note's do not make this game (a damaged note: logged), and a random
    seed where it does not say whether the seed was chosen."""
    try:
        notes = await asyncio.to_thread(hub.store.notes, room.id, "made", 1)
    except STORAGE_ERRORS:
        raise StorageDown("the game store is unavailable, so nothing was made; try again in a moment") from None
    note = notes[-1] if notes else {}
    chosen = note.get("seed_chosen")
    options = note.get("options")
    if not isinstance(options, dict) or not _takes(room, options):
        if notes:
            log.warning("game %s: its 'made' note's options do not make this game; read from its history", room.id)
        options = options_from_head(room.kind.name, room.game.history[0])
    return {"options": options, "seed_chosen": chosen if isinstance(chosen, bool) else False}


def _takes(room: Room, options: dict[str, Any]) -> bool:
    """Whether ``options`` (a "made" note's: it could be damaged) make the game that ``room`` played: a
    new game of them, on its seed, has its history's head."""
    head = room.game.history[0]
    try:
        made = room.kind.new_game(room.record.players, int(head["new_game"]["seed"]), options)
    except Exception:  # (IllegalAction for options it refuses; anything else for a damaged value)
        return False
    return bool(made.history[0] == head)


async def _make(hub: Hub, room: Room, made: dict[str, Any], client: str, seat: int) -> Room:
    old_seed = int(room.game.history[0]["new_game"]["seed"])
    chosen = bool(made["seed_chosen"])
    seed = next_seed(old_seed) if chosen else secrets.randbelow(2**31)
    seats = follow_up_seats(room.record.seats, seed, chosen)
    old = room.owner  # (None: a game from before creators were kept; its follow-up's creator is nobody)
    creator = old.creator_sha256 if old is not None else new_secret()[1]
    owner = Owner(creator, client[:64], old is not None and old.private)
    options = made.get("options")
    game_id = new_game_id()
    note = {"options": options, "seed_chosen": chosen, "again_of": room.id}
    # The finished game's link is kept in the transaction that stores the follow-up: never one without the other.
    link = (room.id, "again", {"id": game_id, "seat": seat})
    return await hub.open_game(room.kind, seed, options, seats, owner, client, [(None, "made", note), link], game_id)


async def claim(hub: Hub, room: Room, tokens: list[str]) -> dict[int, str]:
    """The follow-up seats that ``tokens`` (of the finished game) hold, with their new tokens, stored as
    digests when first claimed; the same tokens again give the same seats and tokens."""
    digests = {token_digest(t): t for t in tokens}
    found: dict[int, str] = {}
    async with room.lock:
        seats = [dict(s) for s in room.record.seats]
        for seat, info in enumerate(seats):
            held = info.get("held_sha256")
            old = next((t for d, t in digests.items() if held and secrets.compare_digest(held, d)), None)
            if old is not None:
                found[seat] = seat_token(old, room.id)
                info["token_sha256"] = token_digest(found[seat])
        if seats != room.record.seats:
            await hub.store_seats(room.id, seats, room.token)
            room.record.seats = seats
    return found
