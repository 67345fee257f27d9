"""The FastAPI application: lobby API, game WebSocket, replays and the page's static files.

WebSocket protocol (JSON text frames), after connecting to ``/ws/{game_id}``:

    -> {"type": "hello", "token": "..."}            a seat's secret token; no token: a spectator
                                                     (optional "lang": "de": the log's language, default English)
    -> {"type": "hello", "invite": "..."}           or an invite, claimed once: the welcome holds a
                                                      fresh token for the seat (only this connection sees it;
                                                      "lang" as above)
    <- {"type": "welcome", "seat": 1, "game": {...summary}}   then a "state" message
    -> {"type": "act", "id": 7, "version": 12, "action": {...}}   a decision, made on the state of that
                                                      version (a "state" message's); another version is refused
    <- {"type": "ack", "id": 7}                      committed to storage; a "state" of the new version
                                                      follows, or came just before (a state message is
                                                      built when sent, so one already queued shows it)
    -> {"type": "check", "id": 8, "action": {...}}  would this decision be accepted? (changes nothing)
    <- {"type": "checked", "id": 8, "ok": false, "message": "..."}
    -> {"type": "preview", "id": 9, "action": {...}}   e.g. a battle's odds, if the game offers one
    <- {"type": "preview", "id": 9, ...}
    <- {"type": "error", "id": 7, "message": "..."}  anything refused; nothing changed. Most refusals also
                                                      carry "code" and "params", e.g. "code": "stale" when
                                                      the game moved on from the decision's version: the
                                                      page words them in its language (issue 15)
    <- {"type": "room", "game": {...summary}}        who is connected changed
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError

from tabletop.errors import IllegalAction
from tabletop.i18n import language
from webtable import turn_timer
from webtable.chat import handle_chat, history_for
from webtable.guard import BadJSON, Guard, clip, parse_json
from webtable.registry import BOTS, GAMES, game_kind, install_defaults
from webtable.rooms import Busy, Client, Hub, Room, StorageDown, public_seats
from webtable.settings import TableSettings
from webtable.store import Store
from webtable.views import replay_frames, state_message

log = logging.getLogger("webtable")
STATIC = Path(str(resources.files("webtable").joinpath("static")))
MAX_MESSAGE = 64 * 1024  # bytes in one client message
RATE = 50.0  # messages per second a connection may send on average ...
BURST = 100.0  # ... with bursts up to this many
MAX_REFUSED = 200  # a connection refused this often for flooding is closed
HELLO_TIMEOUT = 30.0
PARSE_IN_THREAD = 4096  # bodies larger than this are parsed off the event loop
MAX_LISTED_TOKENS = 50  # private games a lobby may ask to see (X-Seat-Tokens: "id:token,...")
STORAGE_DOWN = "the game store is unavailable (full disk, locked or stopped database); try again in a moment"


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


def create_app(db_url: str | None = None, bot_delay: float = 0.0, settings: TableSettings | None = None) -> FastAPI:
    """The table's web app over the database at ``db_url`` (default: SQLite in the user's data dir)."""
    install_defaults()
    settings = settings or TableSettings()
    store = Store(db_url)
    hub = Hub(store, bot_delay=bot_delay, settings=settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()
        store.close()

    app = FastAPI(title="Wallenstein table", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.add_middleware(GZipMiddleware, minimum_size=2048)
    app.add_middleware(Guard, settings=settings)  # added last: it runs first
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def error(status: int, message: str, **extra: Any) -> JSONResponse:
        return JSONResponse({"error": clip(message, settings.max_error_text), **extra}, status_code=status)

    @app.exception_handler(SQLAlchemyError)
    async def storage_down(_request: Request, exc: SQLAlchemyError) -> JSONResponse:
        log.warning("storage: %s", str(exc)[:300])
        return error(503, STORAGE_DOWN, code="storage_down")

    @app.exception_handler(StorageDown)
    async def storage_down_too(_request: Request, exc: StorageDown) -> JSONResponse:
        return error(503, str(exc), **exc.coded())

    def damaged(game_id: str) -> JSONResponse | None:
        why = hub.damage_of(game_id)
        if why is None:
            return None
        return error(
            409, f"this game is damaged and was set aside ({why}); the other games go on", damaged=True, code="damaged"
        )

    async def live(game_id: str) -> Room | JSONResponse:
        room = await hub.room(game_id)
        if room is None:
            return damaged(game_id) or error(404, f"no game {game_id!r}", code="no_game", params={"id": game_id})
        return room

    async def read_json(request: Request) -> Any:
        body = await request.body()
        return await asyncio.to_thread(parse_json, body) if len(body) > PARSE_IN_THREAD else parse_json(body)

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
            return error(404, str(exc), **exc.coded())

    @app.get("/api/games")
    async def games(request: Request) -> dict[str, Any]:
        """The latest public games, and the private ones whose token the asker shows (X-Seat-Tokens)."""
        records = await asyncio.to_thread(hub.store.games, 50, None, True)
        for r in records:
            if r.id not in hub.rooms and r.status == "over" and r.damage is None:
                with contextlib.suppress(StorageDown):  # a finished game's result needs its replay (once)
                    await hub.room(r.id)
        out = [_listed(hub, r) for r in records]
        shown = {r.id for r in records}
        for pair in request.headers.get("x-seat-tokens", "").split(",")[:MAX_LISTED_TOKENS]:
            game_id, _, token = pair.strip().partition(":")
            if game_id in shown or not token:
                continue
            room = await hub.room(game_id)
            if room is not None and (room.seat_of(token) is not None or room.is_creator(token)):
                out.append(room.summary())
                shown.add(game_id)
        return {"games": out}

    creations: dict[str, Bucket] = {}

    @app.post("/api/games")
    async def create(request: Request) -> Any:
        client = request.client.host if request.client else ""
        if settings.games_per_minute:
            if len(creations) > 10_000:
                creations.clear()  # forget old callers rather than grow without end
            rate = settings.games_per_minute
            bucket = creations.setdefault(client, Bucket(rate / 60.0, max(1.0, rate / 3)))
            if not bucket.take():
                return error(
                    429,
                    f"at most {rate} new games a minute from one address; wait a little",
                    code="too_many_games",
                    params={"n": rate},
                )
        try:
            body = await read_json(request)
            room, tokens, invites, creator = await hub.create(body, client)
        except BadJSON as exc:
            return error(400, str(exc), code="bad_json")
        except Busy as exc:
            return error(429, str(exc), **exc.coded())
        except StorageDown as exc:
            return error(503, str(exc), **exc.coded())
        except IllegalAction as exc:  # a code and its parameters let the lobby word it (issue 15)
            return error(400, str(exc), **exc.coded())
        seats = [{"seat": s, "token": t} for s, t in tokens.items()]
        seats += [{"seat": s, "invite": f"/game/{room.id}#invite={code}"} for s, code in invites.items()]
        return {"id": room.id, "game": room.summary(), "creator": creator, "seats": sorted(seats, key=_seat)}

    @app.get("/api/games/{game_id}")
    async def game_info(game_id: str) -> Any:
        room = await live(game_id)
        return room if isinstance(room, JSONResponse) else room.summary()

    @app.post("/api/games/{game_id}/abandon")
    async def abandon(game_id: str, request: Request) -> Any:
        """The creator (header X-Creator-Token) gives an unfinished game up; its history is kept."""
        room = await live(game_id)
        if isinstance(room, JSONResponse):
            return room
        if not room.is_creator(request.headers.get("x-creator-token")):
            return error(403, "only the game's creator can abandon it (X-Creator-Token)", code="creator_only")
        if room.status != "running":
            return error(
                409, f"the game is {room.status} already", code="game_not_running", params={"status": room.status}
            )
        await hub.abandon(room)
        return room.summary()

    @app.post("/api/games/{game_id}/invites/{seat}")
    async def reissue(game_id: str, seat: int, request: Request) -> Any:
        """A new invite for a seat nobody has claimed (the creator only; the old invite stops working)."""
        room = await live(game_id)
        if isinstance(room, JSONResponse):
            return room
        if not room.is_creator(request.headers.get("x-creator-token")):
            return error(403, "only the game's creator can invite again (X-Creator-Token)", code="creator_only")
        try:
            code = await room.reissue(seat)
        except StorageDown as exc:
            return error(503, str(exc), **exc.coded())
        except IllegalAction as exc:
            return error(409, str(exc), **exc.coded())
        room.broadcast({"type": "room", "game": room.summary()})
        return {"seat": seat, "invite": f"/game/{room.id}#invite={code}"}

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, request: Request, view: str = "spectator", lang: str | None = None) -> Any:
        """Every view one seat (or a spectator) had, rebuilt on the server. While the game runs a seat's
        view needs that seat's token (header X-Seat-Token); once it is over every view is open."""
        room = await live(game_id)
        if isinstance(room, JSONResponse):
            return room
        lang = language(lang)
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

        def build() -> dict[str, Any]:
            frames = replay_frames(room.kind, hub.store.history(game_id), seat, lang)
            return {**frames, "notes": hub.store.notes(game_id, "timeout")}  # public notices, at their log position

        return await hub.replay(room, seat, lang, build)

    @app.websocket("/ws/{game_id}")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        address = websocket.client.host if websocket.client else ""
        if hub.connections.get(address, 0) >= settings.max_connections_per_client:
            await websocket.close(code=4429)  # refused at the handshake (403): the cheapest answer to a flood
            return
        await websocket.accept()
        hub.connections[address] = hub.connections.get(address, 0) + 1
        try:
            await _session(websocket, game_id, address)
        finally:
            hub.connections[address] -= 1
            if not hub.connections[address]:
                del hub.connections[address]

    async def _session(websocket: WebSocket, game_id: str, address: str) -> None:
        try:
            room = await hub.room(game_id)
        except StorageDown:
            await _refuse(websocket, STORAGE_DOWN, 4503, code="storage_down")
            return
        if room is None:
            why = hub.damage_of(game_id)
            if why is not None:
                await _refuse(
                    websocket, f"this game is damaged and was set aside ({why})", 4409, damaged=True, code="damaged"
                )
            else:
                await _refuse(websocket, f"no game {game_id!r}", 4404, code="no_game", params={"id": game_id})
            return
        try:
            text = await asyncio.wait_for(_receive_text(websocket), HELLO_TIMEOUT)
            hello = parse_json(text) if text is not None and len(text) <= MAX_MESSAGE else None
        except (TimeoutError, BadJSON, WebSocketDisconnect):
            hello = None
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            await _refuse(websocket, 'the first message must be {"type": "hello", "token": ...}', code="hello_first")
            return
        token = hello.get("token")
        seat = None
        welcome: dict[str, Any] = {}
        if "invite" in hello:
            try:
                seat, fresh = await room.claim(hello["invite"])
            except IllegalAction as exc:
                await _refuse(websocket, str(exc), **exc.coded())
                return
            welcome["token"] = fresh  # to this connection only: the creator never sees it
        elif token is not None:
            seat = room.seat_of(token)
            if seat is None:
                await _refuse(websocket, "wrong token: it opens no seat of this game", code="wrong_token")
                return
        elif sum(1 for c in room.clients if c.seat is None) >= settings.max_spectators:
            await _refuse(
                websocket,
                f"this game has {settings.max_spectators} spectators already",
                4429,
                code="spectators_full",
                params={"n": settings.max_spectators},
            )
            return
        lang = language(hello.get("lang"))  # the page's language: this client's log is narrated in it (issue 15)
        client = Client(seat, address=address, lang=lang, max_queued=settings.max_queued)
        room.clients.add(client)
        room.touched = time.monotonic()
        writer = asyncio.create_task(_writer(websocket, room, client))
        client.put({"type": "welcome", "seat": seat, "game": room.summary(), **welcome})
        for line in [*await history_for(room, seat), *await turn_timer.notices(room)]:  # kept chat and notices
            client.put(line)
        client.push_state()
        room.announce()
        reader = asyncio.create_task(_reader(websocket, room, client, settings.max_error_text))
        stalled = asyncio.create_task(client.stalled.wait())
        try:
            await asyncio.wait((reader, stalled), return_when=asyncio.FIRST_COMPLETED)
            if reader.done():
                if not isinstance(reader.exception(), WebSocketDisconnect | None):
                    reader.result()  # raises it
            else:  # the peer reads too slowly: end its session (it may connect again, and is then sent all)
                log.warning("game %s: a connection left %d messages unread; closing it", room.id, client.max_queued)
                writer.cancel()  # it may be blocked sending to the peer
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(websocket.close(code=4408), 5)
        finally:
            reader.cancel()
            stalled.cancel()
            room.clients.discard(client)
            room.touched = time.monotonic()
            client.queue.put_nowait(None)  # the writer's end: past the cap, which counts messages only
            room.announce()
            # The writer's own end or cancellation (above) is no error; this session's cancellation is.
            await asyncio.gather(writer, return_exceptions=True)

    return app


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


async def _refuse(websocket: WebSocket, message: str, close: int = 4403, **extra: Any) -> None:
    """Refuse the connection: an error message (``extra``: its code and params for the page), then close."""
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"type": "error", "message": message, **extra}))
        await websocket.close(code=close)


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next text frame; None for a binary frame (the protocol is JSON text)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _writer(websocket: WebSocket, room: Room, client: Client) -> None:
    """Sends a client's queue in order; a state request is built from the game as it is when sent. JSON is
    written ASCII-only, so no text (not even a lone surrogate) can fail to encode; if sending fails the
    connection is closed, so its reader ends too (never a connection that reads but no longer answers)."""
    while True:
        message = await client.queue.get()
        if message is None:
            return
        try:
            if message.get("type") == "state":
                client.state_queued = False
                start = client.log_sent

                def build(seat: int | None = client.seat, start: int = start) -> dict[str, Any]:
                    told = room.log_from(start, client.lang)
                    return state_message(room.kind, room.game, seat, room.version, start, told=told)

                if client.seat is None:
                    text = room.spectator_message(build, start, client.lang)
                else:
                    text = json.dumps(build(), separators=(",", ":"))
                client.log_sent = len(room.game.log)
            else:
                text = json.dumps(message, separators=(",", ":"))
            await websocket.send_text(text)
        except Exception:
            log.warning("game %s: sending to a connection failed; closing it", room.id, exc_info=True)
            with contextlib.suppress(Exception):
                await websocket.close(code=1011)
            return


async def _reader(websocket: WebSocket, room: Room, client: Client, max_error: int) -> None:
    bucket = Bucket()
    refused = 0
    while True:
        text = await _receive_text(websocket)
        if not bucket.take():
            refused += 1
            client.put(
                {
                    "type": "error",
                    "message": "too many messages: slow down (nothing was done)",
                    "code": "too_many_messages",
                }
            )
            if refused >= MAX_REFUSED:
                await websocket.close(code=1008)
                return
            continue
        if text is None:
            reply: dict[str, Any] | None = {
                "type": "error",
                "message": "binary frames are not understood: send text",
                "code": "binary_frame",
            }
        else:
            reply = await _handle(room, client, text)
        if reply is not None:
            if "message" in reply:
                reply["message"] = clip(str(reply["message"]), max_error)
            client.put(reply)


async def _handle(room: Room, client: Client, text: str) -> dict[str, Any] | None:
    """One client message; returns the reply to queue (None when the reply was queued already)."""
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        return {
            "type": "error",
            "message": f"message too large (more than {MAX_MESSAGE} bytes)",
            "code": "message_too_large",
            "params": {"n": MAX_MESSAGE},
        }
    try:
        msg = parse_json(text)
    except BadJSON as exc:
        return {"type": "error", "message": str(exc), "code": "bad_json"}
    if not isinstance(msg, dict):
        return {"type": "error", "message": "a message is a JSON object with a 'type'", "code": "not_an_object"}
    kind = msg.get("type")
    ref = msg.get("id")
    if not (ref is None or (isinstance(ref, (int, str)) and not isinstance(ref, bool) and len(str(ref)) <= 40)):
        return {"type": "error", "message": "'id' must be a short number or text", "code": "bad_id"}
    if kind == "ping":
        return {"type": "pong", "id": ref}
    if kind == "chat":  # seated players only (webtable.chat)
        return await handle_chat(room, client.seat, msg.get("text"), ref)
    if kind not in ("act", "check", "preview"):
        return {
            "type": "error",
            "id": ref,
            "message": f"unknown message type {kind!r}; use act, check, preview, chat, ping",
            "code": "unknown_type",
            "params": {"type": str(kind)[:40]},
        }
    seat = client.seat
    if seat is None:
        return {"type": "error", "id": ref, "message": "spectators cannot act", "code": "spectators_cannot_act"}
    if "action" not in msg:
        return {"type": "error", "id": ref, "message": f"a {kind!r} message needs an 'action'", "code": "needs_action"}
    action = msg["action"]
    version = msg.get("version")
    if kind == "act" and (isinstance(version, bool) or not isinstance(version, int)):
        return {
            "type": "error",
            "id": ref,
            "message": "an 'act' message needs the 'version' of the state its decision was made on",
            "code": "needs_version",
        }
    try:
        if kind == "check":
            room.check(seat, action)
            return {"type": "checked", "id": ref, "ok": True, "message": ""}
        if kind == "preview":
            preview = room.kind.preview
            if preview is None:
                raise IllegalAction(f"{room.kind.title} offers no previews", code="no_previews")
            game = room.game
            result = await asyncio.to_thread(preview, game, seat, action)
            return {"type": "preview", "id": ref, **result}
        await room.act(seat, action, ack=lambda: client.put({"type": "ack", "id": ref}), version=version)
        return None
    except IllegalAction as exc:
        if kind == "check":
            return {"type": "checked", "id": ref, "ok": False, "message": str(exc), **exc.coded()}
        waiting = {"storage": "waiting"} if isinstance(exc, StorageDown) else {}
        return {"type": "error", "id": ref, "message": str(exc), **waiting, **exc.coded()}  # worded by the page
