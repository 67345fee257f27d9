"""A game's replay: every view one seat (or a spectator) had, rebuilt on the server."""

from __future__ import annotations

import gzip
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from tabletop.i18n import language
from webtable.messages import Timeout, kept_lines
from webtable.routes.common import error, hub_of, live

router = APIRouter()


@router.get("/api/games/{game_id}/replay")
async def replay(game_id: str, request: Request, view: str = "spectator", lang: str | None = None) -> Any:
    """While the game runs a seat's view needs that seat's token (header X-Seat-Token); once it is over
    every view is open."""
    hub = hub_of(request)
    refused = _too_many_replays(request)
    if refused is not None:
        return refused
    room = await live(hub, game_id, serve=False)
    if isinstance(room, JSONResponse):
        return room
    lang = language(lang)
    seat: int | None = None
    if view != "spectator":
        try:
            seat = int(view)
        except ValueError:
            return error(hub, 400, f"view is 'spectator' or a seat number, not {view!r}", code="bad_view")
        if not 0 <= seat < room.record.players:
            return error(hub, 400, f"no seat {seat} in this game", code="bad_view")
        if not room.game.over and room.seat_of(request.headers.get("x-seat-token")) != seat:
            message = "while the game runs, a seat's view needs that seat's token"
            return error(hub, 403, message, code="seat_view_needs_token")

    def read() -> tuple[list[dict[str, Any]], list[Any]]:
        notices = kept_lines(Timeout, hub.store.notes(game_id, "timeout"), game_id, "timeout")
        return hub.store.history(game_id), notices  # (shown at their log positions)

    data = await hub.replay(room, seat, lang, read)
    # A seat's view holds what only that seat saw: no cache on the way keeps it.
    headers = {"cache-control": "no-store"} if seat is not None else {}
    if "gzip" in request.headers.get("accept-encoding", "").lower():
        headers |= {"content-encoding": "gzip", "vary": "Accept-Encoding"}
        return Response(data, media_type="application/json", headers=headers)
    return Response(gzip.decompress(data), media_type="application/json", headers=headers)


def _too_many_replays(request: Request) -> JSONResponse | None:
    """The refusal for an address asking for replays faster than the settings allow, or None."""
    hub = hub_of(request)
    rate = hub.settings.replays_per_minute
    if not rate:
        return None
    client = request.client.host if request.client else ""
    if request.app.state.replays.take(client, rate) is not None:
        return None
    message = f"at most {rate} replays a minute from one address; wait a little"
    return error(hub, 429, message, code="too_many_replays", params={"n": rate})
