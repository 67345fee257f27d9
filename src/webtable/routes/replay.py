"""A game's replay: every view one seat (or a spectator) had, rebuilt on the server."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from tabletop.i18n import language
from webtable import views
from webtable.routes.common import error, hub_of, live

router = APIRouter()


@router.get("/api/games/{game_id}/replay")
async def replay(game_id: str, request: Request, view: str = "spectator", lang: str | None = None) -> Any:
    """While the game runs a seat's view needs that seat's token (header X-Seat-Token); once it is over
    every view is open."""
    hub = hub_of(request)
    room = await live(hub, game_id)
    if isinstance(room, JSONResponse):
        return room
    lang = language(lang)
    seat: int | None = None
    if view != "spectator":
        try:
            seat = int(view)
        except ValueError:
            return error(hub, 400, f"view is 'spectator' or a seat number, not {view!r}")
        if not 0 <= seat < room.record.players:
            return error(hub, 400, f"no seat {seat} in this game")
        if not room.game.over and room.seat_of(request.headers.get("x-seat-token")) != seat:
            return error(hub, 403, "while the game runs, a seat's view needs that seat's token")

    def build() -> dict[str, Any]:
        frames = views.replay_frames(room.kind, hub.store.history(game_id), seat, lang)
        return {**frames, "notes": hub.store.notes(game_id, "timeout")}  # public notices, at their log position

    return await hub.replay(room, seat, lang, build)
