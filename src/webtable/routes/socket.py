"""A game's WebSocket: the hello that opens a seat (or a spectator's view), then decisions in and states out.

Protocol (JSON text frames), after connecting to ``/ws/{game_id}``:

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
                                                      page words them in its language
    <- {"type": "room", "game": {...summary}}        who is connected changed
    <- {"type": "again", "game": "...", "seat": 0, "name": "..."}   a finished game's follow-up was made
                                                      (Play again: POST /api/games/{id}/again, webtable.rematch)
    -> {"type": "again", "id": 3}                   a seated connection of a finished game plays again
    <- {"type": "again_seats", "id": 3, "game": "...", "seats": [{"seat": 0, "token": "..."}]}   to it only

Every message is a model of webtable.messages (JSON Schema: static/protocol.schema.json); decisions are
read through them. Each entry of a state's "log" is {"event", "lines", "after"}: "after" is the merge
patch to the public snapshot right after that entry, so the page draws the board in step with the
story (webtable.views).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from tabletop.errors import IllegalAction
from tabletop.i18n import language
from webtable import messages, turn_timer
from webtable.allowances import Bucket
from webtable.chat import handle_chat, history_for
from webtable.guard import BadJSON, clip, parse_json
from webtable.logs import GAME
from webtable.rooms import Client, GameMoved, Hub, Room, StorageDown
from webtable.routes.again import again_by_socket
from webtable.routes.common import MAX_ID_SHOWN, STORAGE_DOWN, hub_of
from webtable.views import state_message

log = logging.getLogger("webtable")
MAX_MESSAGE = 64 * 1024  # bytes in one client message
RATE = 50.0  # messages per second a connection may send on average ...
BURST = 100.0  # ... with bursts up to this many
MAX_REFUSED = 200  # a connection refused this often for flooding is closed
HELLO_TIMEOUT = 30.0
PREVIEW_REFUSALS = ("too_many_previews", "previews_busy")

router = APIRouter()


@router.websocket("/ws/{game_id}")
async def socket(websocket: WebSocket, game_id: str) -> None:
    hub = hub_of(websocket)
    address = websocket.client.host if websocket.client else ""
    if hub.connections.get(address, 0) >= hub.settings.max_connections_per_client:
        await websocket.close(code=4429)  # refused at the handshake (403): the cheapest answer to a flood
        return
    await websocket.accept()
    hub.connections[address] = hub.connections.get(address, 0) + 1
    try:
        await _session(websocket, hub, game_id, address)
    finally:
        hub.connections[address] -= 1
        if not hub.connections[address]:
            del hub.connections[address]


@router.websocket("/{path:path}")
async def no_socket(websocket: WebSocket, path: str) -> None:
    """A WebSocket to an address no route takes (/ws/a/b, /nope) is told so in the protocol's coded
    error, which the page words; the router's own answer was a bare close at the handshake.
    (Registered after the game's route: WebSocket routes are matched in order, HTTP requests never here.)"""
    await websocket.accept()
    shown = clip("/" + path, MAX_ID_SHOWN)
    await _refuse(websocket, f"no such address: {shown}", 4404, code="no_route", params={"path": shown})


async def _session(websocket: WebSocket, hub: Hub, game_id: str, address: str) -> None:
    GAME.set(game_id[:64])  # this connection's log lines name its game (webtable.logs)
    room = await _room_or_refuse(websocket, hub, game_id)
    if room is None:
        return
    try:
        text = await asyncio.wait_for(_receive_text(websocket), HELLO_TIMEOUT)
        hello = parse_json(text) if text is not None and len(text) <= MAX_MESSAGE else None
    except (TimeoutError, BadJSON, WebSocketDisconnect):
        hello = None
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        await _refuse(websocket, 'the first message must be {"type": "hello", "token": ...}', code="hello_first")
        return
    opened = await _open_seat(websocket, hub, room, hello)
    if opened is None:
        return
    seat, welcome = opened
    lang = language(hello.get("lang"))  # the page's language: this client's log is narrated in it
    client = Client(seat, address=address, lang=lang, max_queued=hub.settings.max_queued)
    if seat is not None:
        client.token = welcome.get("token") or hello.get("token")
    room.clients.add(client)
    room.touched = time.monotonic()
    writer = asyncio.create_task(_writer(websocket, room, client))
    client.put({"type": "welcome", "seat": seat, "game": room.summary(), **welcome})
    for line in [*await history_for(room, seat), *await turn_timer.notices(room)]:  # kept chat and notices
        client.put(line)
    client.push_state()
    room.announce()
    try:
        await _serve(websocket, room, client, writer, hub.settings.max_error_text)
    finally:
        hub.previews.forget(client)  # its previews are dropped, and computations only it waited for stop
        room.clients.discard(client)
        room.touched = time.monotonic()
        client.queue.put_nowait(None)  # the writer's end: past the cap, which counts messages only
        room.announce()
        # The writer's own end or cancellation is no error; this session's cancellation is.
        await asyncio.gather(writer, return_exceptions=True)


async def _room_or_refuse(websocket: WebSocket, hub: Hub, game_id: str) -> Room | None:
    """The game's room, or None once the connection was refused saying why there is none."""
    try:
        room = await hub.room(game_id)
    except GameMoved as exc:  # another process will serve it in a moment, or this one stops: try again
        await _refuse(websocket, str(exc), 4503, **exc.coded())
        return None
    except StorageDown:
        await _refuse(websocket, STORAGE_DOWN, 4503, code="storage_down")
        return None
    if room is None:
        why = hub.damage_of(game_id)
        if why is not None:
            message = f"this game is damaged and was set aside ({why})"
            await _refuse(websocket, message, 4409, damaged=True, code="damaged")
        else:
            shown = clip(game_id, MAX_ID_SHOWN)
            await _refuse(websocket, f"no game {shown!r}", 4404, code="no_game", params={"id": shown})
    return room


async def _open_seat(
    websocket: WebSocket, hub: Hub, room: Room, hello: dict[str, Any]
) -> tuple[int | None, dict[str, Any]] | None:
    """The seat the hello opens (None: a spectator) and what its welcome adds, or None once refused."""
    token = hello.get("token")
    if "invite" in hello:
        try:
            seat, fresh = await room.claim(hello["invite"])
        except IllegalAction as exc:
            await _refuse(websocket, str(exc), **exc.coded())
            return None
        return seat, {"token": fresh}  # to this connection only: the creator never sees it
    if token is not None:
        own = room.seat_of(token)
        if own is None:
            await _refuse(websocket, "wrong token: it opens no seat of this game", code="wrong_token")
            return None
        return own, {}
    most = hub.settings.max_spectators
    if sum(1 for c in room.clients if c.seat is None) >= most:
        message = f"this game has {most} spectators already"
        await _refuse(websocket, message, 4429, code="spectators_full", params={"n": most})
        return None
    return None, {}


async def _serve(websocket: WebSocket, room: Room, client: Client, writer: asyncio.Task[None], max_error: int) -> None:
    """Read the client's messages until it leaves, or until it reads too slowly (its session is ended)."""
    reader = asyncio.create_task(_reader(websocket, room, client, max_error))
    stalled = asyncio.create_task(client.stalled.wait())
    try:
        # A writer that ended has found the connection gone: what the reader has not read yet is dropped.
        await asyncio.wait((reader, stalled, writer), return_when=asyncio.FIRST_COMPLETED)
        if writer.done() and not reader.done():
            return
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


def _state_text(room: Room, client: Client) -> str:
    """A client's state message, built from the game as it is now, with the log it has not been sent."""
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
    return text


async def _writer(websocket: WebSocket, room: Room, client: Client) -> None:
    """Sends a client's queue in order; a state request is built from the game as it is when sent. JSON is
    written ASCII-only, so no text (not even a lone surrogate) can fail to encode; if sending fails the
    connection is closed, so its reader ends too (never a connection that reads but no longer answers)."""
    while True:
        message = await client.queue.get()
        if message is None:
            if client.close_code != 1000:  # told to reconnect (the game moved, the server stops)
                with contextlib.suppress(Exception):
                    await websocket.close(code=client.close_code)
            return
        try:
            if message.get("type") == "state":
                text = _state_text(room, client)
            else:
                text = json.dumps(message, separators=(",", ":"))
            await websocket.send_text(text)
        except WebSocketDisconnect:
            return  # the peer has gone (no traceback: a flood of closing sockets must not flood the log)
        except Exception:
            log.warning("game %s: sending to a connection failed; closing it", room.id, exc_info=True)
            with contextlib.suppress(Exception):
                await websocket.close(code=1011)
            return


async def _reader(websocket: WebSocket, room: Room, client: Client, max_error: int) -> None:
    bucket = Bucket(RATE, BURST)
    refused = 0
    while True:
        text = await _receive_text(websocket)
        if not bucket.take():
            refused += 1
            message = "too many messages: slow down (nothing was done)"
            client.put({"type": "error", "message": message, "code": "too_many_messages"})
            if refused >= MAX_REFUSED:
                await websocket.close(code=1008)
                return
            continue
        if text is None:
            message = "binary frames are not understood: send text"
            reply: dict[str, Any] | None = {"type": "error", "message": message, "code": "binary_frame"}
        else:
            reply = await _handle(room, client, text, websocket)
        if reply is not None:
            if "message" in reply:
                reply["message"] = clip(str(reply["message"]), max_error)
            client.put(reply)
            if reply.get("code") in PREVIEW_REFUSALS:
                # A page asks again only when its choice changes: this connection floods. Its next message
                # is read a moment later, so the flood waits in its own buffers, then the network's
                # (backpressure), costing the server nothing; the reading of other connections goes on.
                await asyncio.sleep(1 / max(1.0, room.hub.settings.previews_per_connection))


def _parsed(text: str) -> dict[str, Any]:
    """A client message as a JSON object with a short id; the refusal (an error reply) otherwise."""
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        message = f"message too large (more than {MAX_MESSAGE} bytes)"
        return {"type": "error", "message": message, "code": "message_too_large", "params": {"n": MAX_MESSAGE}}
    try:
        msg = parse_json(text)
    except BadJSON as exc:
        return {"type": "error", "message": str(exc), "code": "bad_json"}
    if not isinstance(msg, dict):
        return {"type": "error", "message": "a message is a JSON object with a 'type'", "code": "not_an_object"}
    ref = msg.get("id")
    if not (ref is None or (isinstance(ref, (int, str)) and not isinstance(ref, bool) and len(str(ref)) <= 40)):
        return {"type": "error", "message": "'id' must be a short number or text", "code": "bad_id"}
    return {"type": "message", "message": msg}


def _read_decision(kind: Any, msg: dict[str, Any], seat: int | None) -> messages.Decision | dict[str, Any]:
    """An act, check or preview read through its model (webtable.messages), or why it cannot be taken
    (an error reply without its id)."""
    if kind not in ("act", "check", "preview"):
        return {
            "type": "error",
            "message": f"unknown message type {kind!r}; use act, check, preview, chat, ping, again",
            "code": "unknown_type",
            "params": {"type": str(kind)[:40]},
        }
    if seat is None:
        return {"type": "error", "message": "spectators cannot act", "code": "spectators_cannot_act"}
    return messages.read_decision(msg)


async def _handle(room: Room, client: Client, text: str, websocket: WebSocket) -> dict[str, Any] | None:
    """One client message; returns the reply to queue (None when the reply was queued already)."""
    parsed = _parsed(text)
    if parsed["type"] == "error":
        return parsed
    msg: dict[str, Any] = parsed["message"]
    kind = msg.get("type")
    ref = msg.get("id")
    if kind == "ping":
        return {"type": "pong", "id": ref}
    if kind == "chat":  # seated players only (webtable.chat)
        return await handle_chat(room, client.seat, msg.get("text"), ref)
    if kind == "again":  # a finished game's player plays again (webtable.rematch)
        return await again_by_socket(websocket, room, client, ref)
    decision = _read_decision(kind, msg, client.seat)
    if isinstance(decision, dict):
        return {**decision, "id": ref}
    assert client.seat is not None  # (refused above otherwise)
    return await _decide(room, client, client.seat, decision)


def _preview_reply(client: Client, ref: Any, answer: dict[str, Any] | IllegalAction) -> None:
    if isinstance(answer, IllegalAction):
        client.put({"type": "error", "id": ref, "message": str(answer), **answer.coded()})
    else:
        client.put({"type": "preview", "id": ref, **answer})


async def _decide(room: Room, client: Client, seat: int, decision: messages.Decision) -> dict[str, Any] | None:
    """An act, check or preview of a seated client: its reply (None: the ack is queued on commit)."""
    ref, action, kind = decision.id, decision.action, decision.type
    try:
        if kind == "check":
            room.check(seat, action)
            return {"type": "checked", "id": ref, "ok": True, "message": ""}
        if kind == "preview":  # answered when worked out (webtable.previews: limited, cached, dropped if gone)
            room.hub.previews.ask(room, client, seat, action, functools.partial(_preview_reply, client, ref))
            return None
        version = decision.version if isinstance(decision, messages.Act) else None
        await room.act(seat, action, ack=lambda: client.put({"type": "ack", "id": ref}), version=version)
        return None
    except IllegalAction as exc:
        if kind == "check":
            return {"type": "checked", "id": ref, "ok": False, "message": str(exc), **exc.coded()}
        waiting = {"storage": "waiting"} if isinstance(exc, StorageDown) else {}
        return {"type": "error", "id": ref, "message": str(exc), **waiting, **exc.coded()}  # worded by the page
