"""Play again (webtable.rematch): a finished game's player makes its follow-up, or joins the one made.

    POST /api/games/{id}/again  {"tokens": ["..."]}   the finished game's seat tokens this screen holds
    <- {"id": "...", "seats": [{"seat": 0, "token": "..."}], "game": {...summary}}

or, on a seated connection of the finished game's socket, ``{"type": "again", "id": 3}``, answered to that
connection only with ``{"type": "again_seats", "id": 3, "game": "...", "seats": [...]}``.

Each token shown gets the follow-up seat it held, with that seat's new token, in this reply only. The first
request makes the follow-up (it counts as a new game: the rate of new games per address and the bot
capacity apply); every later one, from any seat, leads to the same game.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from tabletop.errors import IllegalAction
from webtable import rematch
from webtable.guard import BadJSON
from webtable.rooms import Busy, Client, Room, StorageDown
from webtable.routes.common import error, hub_of, live, read_json
from webtable.routes.lobby import Admission

router = APIRouter()


async def play_again(
    connection: HTTPConnection, room: Room, tokens: list[str], client: str
) -> tuple[Room, dict[int, str]]:
    """The follow-up (made if nobody asked before) and the seats ``tokens`` hold in it, with their tokens."""
    hub = room.hub
    admission = Admission(connection, hub, client)  # (the lobby's rate of new games)
    try:
        follow = await rematch.again(hub, room, tokens, client, admission)
    except BaseException:  # (a refusal, or a failure nobody foresaw: nothing anyone can use was made)
        admission.give_back()
        raise
    return follow, await rematch.claim(hub, follow, tokens)


def _listed(seats: dict[int, str]) -> list[dict[str, Any]]:
    return [{"seat": seat, "token": token} for seat, token in sorted(seats.items())]


@router.post("/api/games/{game_id}/again")
async def again_by_request(game_id: str, request: Request) -> Any:
    hub = hub_of(request)
    room = await live(hub, game_id, serve=False)
    if isinstance(room, JSONResponse):
        return room
    try:
        body = await read_json(request)
    except BadJSON as exc:
        return error(hub, 400, str(exc), code="bad_json")
    tokens = body.get("tokens") if isinstance(body, dict) else None
    if not isinstance(tokens, list) or not 0 < len(tokens) <= room.record.players:
        return error(hub, 400, "give the seat tokens this screen holds: {'tokens': [...]}", code="bad_tokens")
    tokens = [t for t in tokens if isinstance(t, str) and 0 < len(t) <= 200]
    try:
        follow, seats = await play_again(request, room, tokens, request.client.host if request.client else "")
    except rematch.NotASeat as exc:
        return error(hub, 403, str(exc), **exc.coded())
    except Busy as exc:
        return error(hub, 429, str(exc), **exc.coded())
    except StorageDown as exc:  # (and GameMoved: another process serves the follow-up; try again)
        return error(hub, 503, str(exc), **exc.coded())
    except IllegalAction as exc:
        return error(hub, 409, str(exc), **exc.coded())
    return {"id": follow.id, "seats": _listed(seats), "game": follow.summary()}


async def again_by_socket(connection: HTTPConnection, room: Room, client: Client, ref: Any) -> dict[str, Any]:
    """A connection's "again": the reply to queue for it (its seats' tokens, or the coded refusal)."""
    try:
        follow, seats = await play_again(connection, room, [client.token] if client.token else [], client.address)
    except IllegalAction as exc:
        waiting = {"storage": "waiting"} if isinstance(exc, StorageDown) else {}
        return {"type": "error", "id": ref, "message": str(exc), **waiting, **exc.coded()}
    return {"type": "again_seats", "id": ref, "game": follow.id, "seats": _listed(seats)}
