"""What the routes share: the hub of the app, error replies, a room looked up by id, a request's JSON."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from webtable.guard import clip, parse_json
from webtable.rooms import Hub, Room

PARSE_IN_THREAD = 4096  # bodies larger than this are parsed off the event loop
MAX_ID_SHOWN = 60  # characters of an unknown game id echoed back (real ids have at most 40)
STORAGE_DOWN = "the game store is unavailable (full disk, locked or stopped database); try again in a moment"


def hub_of(connection: HTTPConnection) -> Hub:
    """The hub of the app serving ``connection`` (a request or a WebSocket)."""
    hub: Hub = connection.app.state.hub
    return hub


def error(hub: Hub, status: int, message: str, **extra: Any) -> JSONResponse:
    """A JSON refusal: the message (clipped to the settings' length) with its code and params."""
    return JSONResponse({"error": clip(message, hub.settings.max_error_text), **extra}, status_code=status)


def damaged(hub: Hub, game_id: str) -> JSONResponse | None:
    """The refusal for a game that was set aside, or None if it was not."""
    why = hub.damage_of(game_id)
    if why is None:
        return None
    message = f"this game is damaged and was set aside ({why}); the other games go on"
    return error(hub, 409, message, damaged=True, code="damaged")


async def live(hub: Hub, game_id: str, serve: bool = True) -> Room | JSONResponse:
    """The game's room, or the reply that says why there is none (``serve``: see Hub.room)."""
    room = await hub.room(game_id, serve)
    if room is None:
        shown = clip(game_id, MAX_ID_SHOWN)  # (the params are not clipped as the message is)
        return damaged(hub, game_id) or error(hub, 404, f"no game {shown!r}", code="no_game", params={"id": shown})
    return room


async def read_json(request: Request) -> Any:
    """The request's JSON body (large ones parsed off the event loop); BadJSON if it is not JSON."""
    body = await request.body()
    return await asyncio.to_thread(parse_json, body) if len(body) > PARSE_IN_THREAD else parse_json(body)
