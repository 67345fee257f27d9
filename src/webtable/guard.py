"""What stands between the network and the table: the HTTP guard and the one JSON parser.

``Guard`` is an ASGI middleware for every request and WebSocket handshake: the Host header must name
this server (a DNS-rebinding page cannot reach a localhost table), a browser's Origin must be the
server's own or a configured one (another site's page cannot create games or open sockets), a request
with a body must say it is JSON (a cross-origin form or ``text/plain`` POST is refused before any CORS
pre-flight would be skipped), bodies are capped (413) before they are read on, and every response
carries the security headers. ``parse_json`` is the only way client text becomes data: it refuses what
the rest of the server should never see (deep nesting, huge numbers, lone surrogates, NaN).
"""

from __future__ import annotations

import asyncio
import json
import math
import unicodedata
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from webtable.settings import TableSettings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_DEPTH = 32  # nesting of a client's JSON (the deepest real action is 4)
MAX_INT = 2**63  # integers beyond this are no seed, count or id
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; "
        b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")


class BadJSON(ValueError):
    """Client JSON the server refuses; the message says why (and is short)."""


HIDDEN_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def has_hidden_characters(text: str) -> bool:
    """Whether ``text`` holds a control (NUL, ESC ...), format (the right-to-left override U+202E,
    zero-width characters), surrogate, private-use, unassigned or line/paragraph-separator character:
    what a seat's name and a chat line may not hold (one could hide or reorder what others read)."""
    return any(unicodedata.category(c) in HIDDEN_CATEGORIES for c in text)


def clip(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters, so an error never echoes a huge field back."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text) - limit} more characters)"


def names_shown(names: Iterable[Any], most: int = 3, limit: int = 20) -> list[str]:
    """Names a client sent that are refused (unknown fields, say), as echoed back: the first ``most`` in
    order, each clipped, and how many more there were."""
    ordered = sorted(str(name) for name in names)
    shown = [clip(name, limit) for name in ordered[:most]]
    return shown + ([f"(and {len(ordered) - most} more)"] if len(ordered) > most else [])


def parse_json(data: str | bytes) -> Any:
    """Client text as data, or BadJSON: malformed, not UTF-8, nested deeper than MAX_DEPTH, an integer
    of MAX_INT or more, a non-finite number, or a string with a lone surrogate."""
    try:
        value = json.loads(data)
    except RecursionError:
        raise BadJSON(f"JSON nested too deeply (at most {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as exc:
        raise BadJSON(clip(f"malformed JSON: {exc}")) from None
    except UnicodeDecodeError:
        raise BadJSON("the text is not UTF-8") from None
    except ValueError:  # an integer of more than 4300 digits
        raise BadJSON("a number in the JSON is too large") from None
    check_json(value)
    return value


def check_json(value: Any) -> None:
    """Raise BadJSON if ``value`` (parsed JSON) holds anything parse_json refuses."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BadJSON(f"JSON nested too deeply (at most {MAX_DEPTH} levels)")
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, bool):
            continue
        elif isinstance(item, int):
            if not -MAX_INT < item < MAX_INT:
                raise BadJSON("a number in the JSON is too large")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise BadJSON("NaN and Infinity are not numbers here")
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, dict):
            for k, v in item.items():
                _check_text(k)
                stack.append((v, depth + 1))


def _check_text(text: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise BadJSON("text with a lone surrogate (not valid Unicode)") from None


class TooLarge(Exception):
    pass


class TooSlow(Exception):
    """A request's body did not arrive within the settings' ``body_timeout``."""


# Load balancers and Prometheus call these by the process's address, not the table's name: they answer
# any Host (they read nothing secret and set nothing; /metrics has its own token, webtable.routes.ops).
PROBES = frozenset({"/healthz", "/readyz", "/metrics"})


class Guard:
    """The ASGI middleware described in the module's docstring."""

    def __init__(self, app: ASGIApp, settings: TableSettings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        refusal: tuple[int, dict[str, Any]] | None = None  # (each with a code the page words)
        probe = kind == "http" and scope.get("method") == "GET" and scope.get("path") in PROBES
        if not probe and not self.settings.host_allowed(host):
            message = f"this server does not answer to the host name {clip(host, 80)!r}"
            refusal = 400, {"error": message, "code": "unknown_host"}
        elif "origin" in headers and not self._origin_allowed(headers["origin"], host):
            refusal = 403, {"error": "requests from another site's page are refused (Origin)", "code": "foreign_origin"}
        elif kind == "http" and scope.get("method") in BODY_METHODS:
            mediatype = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            length = headers.get("content-length", "")
            if mediatype != "application/json":
                refusal = 415, {"error": "send JSON with Content-Type: application/json", "code": "needs_json"}
            elif length.isdigit() and int(length) > self.settings.max_body:
                refusal = 413, _too_large(self.settings.max_body)
        if refusal is not None:
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 4403, "reason": refusal[1]["error"][:120]})
            else:
                await _json_response(send, *refusal)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        await self._http(scope, receive, send)

    def _origin_allowed(self, origin: str, host: str) -> bool:
        if origin in self.settings.origins:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.settings.max_body
        seen = 0
        started = False
        body_done = scope.get("method") not in BODY_METHODS
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.body_timeout

        async def capped_receive() -> Message:
            nonlocal seen, body_done
            if body_done:  # (waiting for the client to go away: no deadline)
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise TooSlow from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                body_done = not message.get("more_body", False)
                if seen > limit:
                    raise TooLarge
            return message

        async def secured_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        try:
            await self.app(scope, capped_receive, secured_send)
        except TooLarge:
            if not started:
                await _json_response(send, 413, _too_large(limit))
        except TooSlow:
            if not started:
                seconds = self.settings.body_timeout
                message = f"the request body did not arrive within {seconds:g} s"
                refusal = {"error": message, "code": "body_too_slow", "params": {"seconds": seconds}}
                await _json_response(send, 408, refusal, close=True)
        except Exception:
            # The 500 page carries the security headers too (the framework's own error page is sent from
            # outside this middleware); the error goes on to be logged.
            if not started:
                await _json_response(send, 500, {"error": "internal server error", "code": "server_error"}, close=True)
            raise


def _too_large(limit: int) -> dict[str, Any]:
    return {"error": f"the request body is over {limit} bytes", "code": "body_too_large", "params": {"n": limit}}


async def _json_response(send: Send, status: int, data: dict[str, Any], close: bool = False) -> None:
    body = json.dumps(data).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers + SECURITY_HEADERS})
    await send({"type": "http.response.body", "body": body})
