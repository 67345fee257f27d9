"""The lobby's API: the game kinds and bots, the games listed, a new game, and a creator's controls."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from tabletop.errors import IllegalAction
from webtable.allowances import Allowances, Bucket
from webtable.guard import BadJSON
from webtable.registry import BOTS, GAMES, game_kind
from webtable.rooms import Busy, Hub, Room, StorageDown, public_seats
from webtable.routes.common import error, hub_of, live, read_json

MAX_LISTED_TOKENS = 50  # private games a lobby may ask to see (X-Seat-Tokens: "id:token,...")

router = APIRouter()


@router.get("/api/kinds")
async def kinds() -> dict[str, Any]:
    games = {
        k.name: {"title": k.title, "players": list(k.players), "seats": list(k.seat_names), "options": k.lobby()}
        for k in GAMES.values()
    }
    bots = [
        {"name": b.name, "label": b.label, "games": sorted(b.games) if b.games is not None else None}
        for b in BOTS.values()
    ]
    return {"games": games, "bots": bots}


@router.get("/api/meta/{game}")
async def meta(game: str, request: Request, lang: str | None = None) -> Any:
    try:
        return game_kind(game).meta(lang)  # labels in the page's language (unknown: English)
    except IllegalAction as exc:
        return error(hub_of(request), 404, str(exc), **exc.coded())


@router.get("/api/games")
async def games(request: Request) -> Any:
    """The latest public games, and the private ones whose token the asker shows (X-Seat-Tokens)."""
    hub = hub_of(request)
    records = await asyncio.to_thread(hub.store.games, 50, None, True)
    for r in records:
        if r.id not in hub.rooms and r.status == "over" and r.damage is None:
            with contextlib.suppress(StorageDown):  # a finished game's result needs its replay (once)
                await hub.room(r.id, serve=False)
    out = [_listed(hub, r) for r in records]
    shown = {r.id for r in records}
    held = _held(request, shown)
    refused = _too_many_lookups(request, len({game_id for game_id, _ in held} - hub.rooms.keys()))
    if refused is not None:
        return refused
    for game_id, token in held:
        room = await hub.room(game_id, serve=False)
        if game_id not in shown and room is not None and (room.seat_of(token) is not None or room.is_creator(token)):
            out.append(room.summary())
            shown.add(game_id)
    return {"games": out}


def _held(request: Request, shown: set[str]) -> list[tuple[str, str]]:
    """The games and tokens that the asker shows in X-Seat-Tokens, of games the list lacks."""
    held = []
    for pair in request.headers.get("x-seat-tokens", "").split(",")[:MAX_LISTED_TOKENS]:
        game_id, _, token = pair.strip().partition(":")
        if game_id not in shown and token:
            held.append((game_id, token))
    return held


def _too_many_lookups(request: Request, lookups: int) -> JSONResponse | None:
    """The refusal for an address whose X-Seat-Tokens make the server read more games not in memory
    than the settings allow it a minute (``lookups_per_minute``), or None."""
    hub = hub_of(request)
    rate = hub.settings.lookups_per_minute
    if not rate or not lookups:
        return None
    client = request.client.host if request.client else ""
    # (bursts hold a whole lobby's games at least: it shows the server up to MAX_LISTED_TOKENS of them)
    if request.app.state.lookups.take(client, rate, lookups, MAX_LISTED_TOKENS) is not None:
        return None
    message = f"at most {rate} private games looked up a minute from one address; wait a little"
    return error(hub, 429, message, code="too_many_lookups", params={"n": rate})


class Admission:
    """The settings' rate of new games per address (``games_per_minute``), for the lobby's new game and
    Play again's follow-up alike: calling it takes one of the address's new games, or raises Busy
    (``too_many_games``); a new game let through that was then not made (a bad request, a store that
    failed, a full table) is given back, so that the next try is not refused for a game nobody got."""

    def __init__(self, connection: HTTPConnection, hub: Hub, client: str) -> None:
        self.connection, self.hub, self.client = connection, hub, client
        self.taken: Bucket | None = None

    def __call__(self) -> None:
        rate = self.hub.settings.games_per_minute
        if not rate:
            return
        creations: Allowances = self.connection.app.state.creations
        bucket = creations.take(self.client, rate)
        if bucket is None:
            message = f"at most {rate} new games a minute from one address; wait a little"
            raise Busy(message, code="too_many_games", params={"n": rate})
        self.taken = bucket

    def give_back(self) -> None:
        """Return the new game taken (if any): nothing was made of it."""
        if self.taken is not None:
            self.taken.give_back()
        self.taken = None


@router.post("/api/games")
async def create(request: Request) -> Any:
    hub = hub_of(request)
    client = request.client.host if request.client else ""
    admission = Admission(request, hub, client)
    try:
        admission()  # (before the body is read: a flood is refused cheaply)
        body = await read_json(request)
        room, tokens, invites, creator = await hub.create(body, client)
    except (BadJSON, IllegalAction) as exc:  # nothing was made
        admission.give_back()
        return _refusal(hub, exc)
    except BaseException:
        # Nor by whatever else stops it: a body cut off as too large or too slow, the client gone (the
        # guard answers), a failure nobody foresaw (a 500): no game anyone can use was made of it.
        admission.give_back()
        raise
    seats = [{"seat": s, "token": t} for s, t in tokens.items()]
    seats += [{"seat": s, "invite": f"/game/{room.id}#invite={code}"} for s, code in invites.items()]
    return {"id": room.id, "game": room.summary(), "creator": creator, "seats": sorted(seats, key=_seat)}


def _refusal(hub: Hub, exc: BadJSON | IllegalAction) -> JSONResponse:
    """Why no new game was made, coded so that the lobby can word it."""
    if isinstance(exc, BadJSON):
        return error(hub, 400, str(exc), code="bad_json")
    status = 429 if isinstance(exc, Busy) else 503 if isinstance(exc, StorageDown) else 400
    return error(hub, status, str(exc), **exc.coded())


@router.get("/api/games/{game_id}")
async def game_info(game_id: str, request: Request) -> Any:
    room = await live(hub_of(request), game_id, serve=False)
    return room if isinstance(room, JSONResponse) else room.summary()


@router.post("/api/games/{game_id}/abandon")
async def abandon(game_id: str, request: Request) -> Any:
    """The creator (header X-Creator-Token) gives an unfinished game up; its history is kept."""
    hub = hub_of(request)
    room = await _creators_room(hub, game_id, request, "abandon it")
    if isinstance(room, JSONResponse):
        return room
    if room.status != "running":
        message = f"the game is {room.status} already"
        return error(hub, 409, message, code="game_not_running", params={"status": room.status})
    await hub.abandon(room)
    return room.summary()


@router.post("/api/games/{game_id}/invites/{seat}")
async def reissue(game_id: str, seat: int, request: Request) -> Any:
    """A new invite for a seat nobody has claimed (the creator only; the old invite stops working)."""
    hub = hub_of(request)
    room = await _creators_room(hub, game_id, request, "invite again")
    if isinstance(room, JSONResponse):
        return room
    try:
        code = await room.reissue(seat)
    except StorageDown as exc:
        return error(hub, 503, str(exc), **exc.coded())
    except IllegalAction as exc:
        return error(hub, 409, str(exc), **exc.coded())
    room.broadcast({"type": "room", "game": room.summary()})
    return {"seat": seat, "invite": f"/game/{room.id}#invite={code}"}


async def _creators_room(hub: Hub, game_id: str, request: Request, doing: str) -> Room | JSONResponse:
    """The game's room when the request comes from its creator (header X-Creator-Token), else the
    reply that says why not (no such game, or 403: only the creator may do what ``doing`` says)."""
    room = await live(hub, game_id)
    if isinstance(room, JSONResponse) or room.is_creator(request.headers.get("x-creator-token")):
        return room
    return error(hub, 403, f"only the game's creator can {doing} (X-Creator-Token)", code="creator_only")


def _seat(entry: dict[str, Any]) -> int:
    return int(entry["seat"])


def _listed(hub: Hub, record: Any) -> dict[str, Any]:
    room = hub.rooms.get(record.id)
    if room is not None:
        return room.summary()
    # A game nobody reopened since a restart: what its record says (a damaged one may name no known kind).
    status = "damaged" if record.damage is not None or record.id in hub.damaged else record.status
    title: str | None = None
    try:
        kind = game_kind(record.kind)
        title = kind.title
        seats = public_seats(record, kind, set())
    except (IllegalAction, IndexError, KeyError):
        seats = [
            {"type": s.get("type"), "name": s.get("name"), "open": bool(s.get("invite_sha256"))} for s in record.seats
        ]
    return {
        "id": record.id,
        "game": record.kind,
        "title": title,
        "players": record.players,
        "status": status,
        "version": record.decisions,
        "seats": seats,
        "result": None,
    }
