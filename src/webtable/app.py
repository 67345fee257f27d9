"""The FastAPI application: lobby API, game WebSocket, replays and the page's static files.

WebSocket protocol (JSON text frames), after connecting to ``/ws/{game_id}``:

    -> {"type": "hello", "token": "..."}            a seat's secret token; no token: a spectator
                                                     (optional "lang": "de": the log's language, default English)
    <- {"type": "welcome", "seat": 1, "game": {...summary}}   then a "state" message
    -> {"type": "act", "id": 7, "action": {...}}    a decision, in the game's action JSON form
    <- {"type": "ack", "id": 7}                      committed to storage; a new "state" follows
    -> {"type": "check", "id": 8, "action": {...}}  would this decision be accepted? (changes nothing)
    <- {"type": "checked", "id": 8, "ok": false, "message": "..."}
    -> {"type": "preview", "id": 9, "action": {...}}   e.g. a battle's odds, if the game offers one
    <- {"type": "preview", "id": 9, ...}
    <- {"type": "error", "id": 7, "message": "..."}  anything refused; nothing changed
    <- {"type": "room", "game": {...summary}}        who is connected changed
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from tabletop.errors import IllegalAction
from tabletop.i18n import language
from webtable.chat import handle_chat, history_for
from webtable.registry import BOTS, GAMES, game_kind, install_defaults
from webtable.rooms import Client, Hub, Room, public_seats
from webtable.store import Store
from webtable.views import replay_frames, state_message

STATIC = Path(str(resources.files("webtable").joinpath("static")))
MAX_MESSAGE = 64 * 1024  # bytes in one client message
RATE = 50.0  # messages per second a connection may send on average ...
BURST = 100.0  # ... with bursts up to this many
MAX_REFUSED = 200  # a connection refused this often for flooding is closed
HELLO_TIMEOUT = 30.0


class Bucket:
    """Token bucket rate limiter for one connection."""

    def __init__(self, rate: float | None = None, burst: float | None = None) -> None:
        self.rate = RATE if rate is None else rate
        self.burst = BURST if burst is None else burst
        self.tokens = self.burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def create_app(db_url: str | None = None, bot_delay: float = 0.0) -> FastAPI:
    """The table's web app over the database at ``db_url`` (default: SQLite in the user's data dir)."""
    install_defaults()
    store = Store(db_url)
    hub = Hub(store, bot_delay=bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()
        store.close()

    app = FastAPI(title="Wallenstein table", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.add_middleware(GZipMiddleware, minimum_size=2048)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/rules", include_in_schema=False)
    async def rules_page() -> FileResponse:  # the searchable rules reference (issue 15)
        return FileResponse(STATIC / "rules.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/api/kinds")
    async def kinds() -> dict[str, Any]:
        return {
            "games": {
                k.name: {
                    "title": k.title,
                    "players": list(k.players),
                    "seats": list(k.seat_names),
                    "options": k.lobby(),
                }
                for k in GAMES.values()
            },
            "bots": [
                {"name": b.name, "label": b.label, "games": sorted(b.games) if b.games is not None else None}
                for b in BOTS.values()
            ],
        }

    @app.get("/api/meta/{game}")
    async def meta(game: str, lang: str | None = None) -> Any:
        try:
            return game_kind(game).meta(lang)  # labels in the page's language (unknown: English)
        except IllegalAction as exc:
            return error(404, str(exc))

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        records = await asyncio.to_thread(hub.store.games, 50)
        out = []
        for r in records:
            room = hub.rooms.get(r.id)
            if room is None and r.status == "over":
                room = await hub.room(r.id)  # a finished game's result needs its replay (once; it stays)
            if room is not None:
                out.append(room.summary())
            else:  # a running game nobody reopened since a restart: what its record says
                kind = game_kind(r.kind)
                out.append(
                    {
                        "id": r.id,
                        "game": r.kind,
                        "title": kind.title,
                        "players": r.players,
                        "status": r.status,
                        "version": r.decisions,
                        "seats": public_seats(r, kind, set()),
                        "result": None,
                    }
                )
        return {"games": out}

    @app.post("/api/games")
    async def create(request: Request) -> Any:
        try:
            body = json.loads(await request.body())
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            return error(400, f"malformed JSON: {exc}")
        try:
            room, tokens = await hub.create(body)
        except IllegalAction as exc:
            return error(400, str(exc))
        return {
            "id": room.id,
            "game": room.summary(),
            "seats": [{"seat": s, "token": t, "invite": f"/game/{room.id}#token={t}"} for s, t in tokens.items()],
        }

    @app.get("/api/games/{game_id}")
    async def game_info(game_id: str) -> Any:
        room = await hub.room(game_id)
        if room is None:
            return error(404, f"no game {game_id!r}")
        return room.summary()

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, request: Request, view: str = "spectator", lang: str | None = None) -> Any:
        """Every view one seat (or a spectator) had, rebuilt on the server. While the game runs a seat's
        view needs that seat's token (header X-Seat-Token); once it is over every view is open."""
        room = await hub.room(game_id)
        if room is None:
            return error(404, f"no game {game_id!r}")
        seat: int | None = None
        if view != "spectator":
            try:
                seat = int(view)
            except ValueError:
                return error(400, f"view is 'spectator' or a seat number, not {view!r}")
            if not 0 <= seat < room.record.players:
                return error(400, f"no seat {seat} in this game")
            if not room.game.over and room.seat_of(request.headers.get("x-seat-token")) != seat:
                return error(403, "while the game runs, a seat's view needs that seat's token")
        history = await asyncio.to_thread(hub.store.history, game_id)
        return await asyncio.to_thread(replay_frames, room.kind, history, seat, language(lang))

    @app.websocket("/ws/{game_id}")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        room = await hub.room(game_id)
        if room is None:
            await websocket.send_json({"type": "error", "message": f"no game {game_id!r}"})
            await websocket.close(code=4404)
            return
        try:
            hello = json.loads(await asyncio.wait_for(websocket.receive_text(), HELLO_TIMEOUT))
        except (TimeoutError, json.JSONDecodeError, UnicodeDecodeError, KeyError, WebSocketDisconnect):
            hello = None
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            await _refuse(websocket, 'the first message must be {"type": "hello", "token": ...}')
            return
        token = hello.get("token")
        seat = None
        if token is not None:
            seat = room.seat_of(token)
            if seat is None:
                await _refuse(websocket, "wrong token: it opens no seat of this game")
                return
        lang = language(hello.get("lang"))  # the page's language: this client's log is narrated in it (issue 15)
        client = Client(seat, narrator=room.kind.narrator(room.game, lang) if room.kind.narrator is not None else None)
        room.clients.add(client)
        writer = asyncio.create_task(_writer(websocket, room, client))
        client.queue.put_nowait({"type": "welcome", "seat": seat, "game": room.summary()})
        for line in history_for(room, seat):
            client.queue.put_nowait(line)
        client.push_state()
        room.broadcast({"type": "room", "game": room.summary()})
        try:
            await _reader(websocket, room, client)
        except WebSocketDisconnect:
            pass
        finally:
            room.clients.discard(client)
            client.queue.put_nowait(None)
            room.broadcast({"type": "room", "game": room.summary()})
            with contextlib.suppress(Exception):
                await writer

    return app


async def _refuse(websocket: WebSocket, message: str) -> None:
    await websocket.send_json({"type": "error", "message": message})
    await websocket.close(code=4403)


async def _writer(websocket: WebSocket, room: Room, client: Client) -> None:
    """Sends a client's queue in order; a state request is built from the game as it is when sent."""
    while True:
        message = await client.queue.get()
        if message is None:
            return
        if message.get("type") == "state":
            client.state_queued = False
            message = state_message(room.kind, room.game, client.seat, room.version, client.log_sent, client.narrator)
            client.log_sent = message["log_from"] + len(message["log"])
        try:
            await websocket.send_json(message)
        except Exception:
            return


async def _reader(websocket: WebSocket, room: Room, client: Client) -> None:
    bucket = Bucket()
    refused = 0
    while True:
        text = await websocket.receive_text()
        if not bucket.take():
            refused += 1
            client.queue.put_nowait({"type": "error", "message": "too many messages: slow down (nothing was done)"})
            if refused >= MAX_REFUSED:
                await websocket.close(code=1008)
                return
            continue
        reply = await _handle(room, client, text)
        if reply is not None:
            client.queue.put_nowait(reply)


async def _handle(room: Room, client: Client, text: str) -> dict[str, Any] | None:
    """One client message; returns the reply to queue (None when the reply was queued already)."""
    if len(text.encode()) > MAX_MESSAGE:
        return {"type": "error", "message": f"message too large (more than {MAX_MESSAGE} bytes)"}
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        return {"type": "error", "message": f"malformed JSON: {exc}"}
    if not isinstance(msg, dict):
        return {"type": "error", "message": "a message is a JSON object with a 'type'"}
    kind = msg.get("type")
    ref = msg.get("id")
    if not (ref is None or (isinstance(ref, (int, str)) and not isinstance(ref, bool) and len(str(ref)) <= 40)):
        return {"type": "error", "message": "'id' must be a short number or text"}
    if kind == "ping":
        return {"type": "pong", "id": ref}
    if kind == "chat":  # seated players only (webtable.chat)
        return handle_chat(room, client.seat, msg.get("text"), ref)
    if kind not in ("act", "check", "preview"):
        return {
            "type": "error",
            "id": ref,
            "message": f"unknown message type {kind!r}; use act, check, preview, chat, ping",
        }
    seat = client.seat
    if seat is None:
        return {"type": "error", "id": ref, "message": "spectators cannot act"}
    if "action" not in msg:
        return {"type": "error", "id": ref, "message": f"a {kind!r} message needs an 'action'"}
    action = msg["action"]
    try:
        if kind == "check":
            room.check(seat, action)
            return {"type": "checked", "id": ref, "ok": True, "message": ""}
        if kind == "preview":
            preview = room.kind.preview
            if preview is None:
                raise IllegalAction(f"{room.kind.title} offers no previews")
            game = room.game
            result = await asyncio.to_thread(preview, game, seat, action)
            return {"type": "preview", "id": ref, **result}
        await room.act(seat, action, ack=lambda: client.queue.put_nowait({"type": "ack", "id": ref}))
        return None
    except IllegalAction as exc:
        if kind == "check":
            return {"type": "checked", "id": ref, "ok": False, "message": str(exc)}
        return {"type": "error", "id": ref, "message": str(exc)}
