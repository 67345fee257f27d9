"""Play again (webtable.rematch): a finished game's player makes its follow-up, or joins the one made.

    POST /api/games/{id}/again  {"tokens": ["..."]}   the finished game's seat tokens this screen holds
    <- {"id": "...", "seats": [{"seat": 0, "token": "..."}], "game": {...summary}}

Each token shown gets the follow-up seat it held, with that seat's new token, in this reply only. The first
request makes the follow-up (it counts as a new game: the rate of new games per address and the bot
capacity apply); every later one, from any seat, leads to the same game.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from tabletop.errors import IllegalAction
from webtable import rematch
from webtable.guard import BadJSON
from webtable.rooms import Busy, GameMoved, StorageDown
from webtable.routes.common import error, hub_of, live, read_json
from webtable.routes.lobby import _too_many_games

router = APIRouter()


class _Refused(Exception):
    """The rate of new games refused the follow-up: ``reply`` says so."""

    def __init__(self, reply: JSONResponse) -> None:
        super().__init__()
        self.reply = reply


@router.post("/api/games/{game_id}/again")
async def play_again(game_id: str, request: Request) -> Any:
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
    client = request.client.host if request.client else ""

    def admit() -> None:
        refused = _too_many_games(request, hub, client)
        if refused is not None:
            raise _Refused(refused)

    try:
        follow = await rematch.again(hub, room, tokens, client, admit)
        seats = await rematch.claim(hub, follow, tokens)
    except _Refused as exc:
        return exc.reply
    except rematch.NotASeat as exc:
        return error(hub, 403, str(exc), **exc.coded())
    except Busy as exc:
        return error(hub, 429, str(exc), **exc.coded())
    except (StorageDown, GameMoved) as exc:
        return error(hub, 503, str(exc), **exc.coded())
    except IllegalAction as exc:
        return error(hub, 409, str(exc), **exc.coded())
    listed = [{"seat": seat, "token": token} for seat, token in sorted(seats.items())]
    return {"id": follow.id, "seats": listed, "game": follow.summary()}
