"""A finished game's review (its win-chance curve and a seat's decisions against the advisor's), and
the hint in a game of one person against bots (docs/play/review.md)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from tabletop.errors import IllegalAction
from tabletop.review import hint
from webtable.guard import BadJSON
from webtable.reviews import NOTE, ReviewsBusy, parts_of
from webtable.rooms import Hub, Room
from webtable.routes.common import error, hub_of, live, read_json

router = APIRouter()
HINT_NOTE = "hint"
_hinting: set[str] = set()  # games whose hint is being worked out now


def _seat(room: Room, value: Any) -> int | str | None:
    """The reviewed seat (None: the curve alone), or the refusal's text."""
    if value is None or value == "spectator":
        return None
    try:
        seat = int(value)
    except (TypeError, ValueError):
        return f"seat is a seat number or 'spectator', not {str(value)[:40]!r}"
    if isinstance(value, bool) or not 0 <= seat < room.record.players:
        return f"no seat {seat} in this game"
    return seat


async def _stored(hub: Hub, game_id: str, seat: int | None) -> dict[str, Any] | None:
    notes = await asyncio.to_thread(hub.store.notes, game_id, NOTE)
    for note in reversed(notes):
        review = note.get("review")  # (a damaged note may hold none: not there, so built again if asked)
        if note.get("seat") == seat and note.get("budget") == hub.reviewer.budget and isinstance(review, dict):
            return review
    return None


async def _answer(hub: Hub, room: Room, seat: int | None, start: bool) -> JSONResponse:
    stored = await _stored(hub, room.id, seat)
    if stored is not None:
        return JSONResponse({"status": "done", "review": stored})
    job = hub.reviewer.job(room.id, seat)
    if job is None and start:
        history = await asyncio.to_thread(hub.store.history, room.id)
        try:
            job = hub.reviewer.ask(room.kind.name, room.id, seat, history)
        except ReviewsBusy as exc:
            return error(hub, 429, str(exc), code="reviews_busy")
    if job is None:
        return JSONResponse({"status": "none"})
    if job.error is not None:
        return JSONResponse({"status": "failed", "error": job.error})
    return JSONResponse({"status": "running", "done": job.done, "total": job.total})


@router.get("/api/games/{game_id}/review")
async def get_review(game_id: str, request: Request, seat: str = "spectator") -> Any:
    """The stored review of ``seat`` ("spectator": the curve alone), or how far its building is."""
    return await _review(game_id, request, seat, start=False)


@router.post("/api/games/{game_id}/review")
async def ask_review(game_id: str, request: Request) -> Any:
    """Build the review of the body's ``seat`` (a finished game's; every view of it is open by then)."""
    hub = hub_of(request)
    try:
        body = await read_json(request)
    except BadJSON as exc:
        return error(hub, 400, str(exc), code="bad_json")
    if not isinstance(body, dict):
        return error(hub, 400, 'send {"seat": N} or {"seat": null}', code="not_an_object")
    return await _review(game_id, request, body.get("seat"), start=True)


async def _review(game_id: str, request: Request, value: Any, start: bool) -> Any:
    hub = hub_of(request)
    room = await live(hub, game_id)
    if isinstance(room, JSONResponse):
        return room
    if not room.game.over:
        return error(hub, 409, "a game is reviewed once it is over", code="not_over")
    seat = _seat(room, value)
    if isinstance(seat, str):
        return error(hub, 400, seat, code="bad_view")
    return await _answer(hub, room, seat, start)


def hints_allowed(room: Room) -> bool:
    """Hints are for a game of one person against bots only (never where another person plays)."""
    people = [s for s in room.record.seats if s.get("type") != "bot"]
    return len(people) == 1


@router.post("/api/games/{game_id}/hint")
async def ask_hint(game_id: str, request: Request) -> Any:
    """The advisor's choice for the caller's current decision (header X-Seat-Token), counted in the game."""
    hub = hub_of(request)
    room = await live(hub, game_id)
    if isinstance(room, JSONResponse):
        return room
    seat = room.seat_of(request.headers.get("x-seat-token"))
    if seat is None:
        return error(hub, 403, "a hint is for the seat whose token comes with the request", code="hint_needs_seat")
    if not hints_allowed(room):
        return error(hub, 403, "hints are offered only in a game against bots", code="no_hints")
    if room.id in _hinting:  # one hint at a time per game: a repeated click must not queue search after search
        return error(hub, 429, "a hint is being worked out already; wait for it", code="hint_busy")
    version, history = room.version, list(room.game.history)
    parts = parts_of(room.kind.name)
    simulations = hub.settings.hint_simulations
    _hinting.add(room.id)
    try:
        advice = await hub.pool.run(room.id, hint, parts, history, seat, simulations, version)
    except IllegalAction as exc:
        return error(hub, 409, str(exc), code="no_decision")
    finally:
        _hinting.discard(room.id)
    # Other seats' secret plans meanwhile change nothing the hint was worked out on (Room.moved_on_for).
    if room.moved_on_for(seat, version):
        return error(hub, 409, "the game moved on while the hint was worked out; ask again", code="stale")
    await room.keep_note(HINT_NOTE, {"seat": seat, "version": version})
    room.hints[seat] = room.hints.get(seat, 0) + 1
    room.announce()
    return JSONResponse({"action": advice.action, "text": advice.text, "hints": room.hints.get(seat, 0)})
