"""Run the table's web server (``wallenstein serve``)."""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import signal
import sys
from types import FrameType
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from webtable import logs, ownership
from webtable.app import create_app
from webtable.rooms import Hub
from webtable.settings import LOCAL_HOSTS, TableSettings
from webtable.store import default_url, safe_url

log = logging.getLogger("webtable")
WS_MAX_SIZE = 128 * 1024  # a WebSocket frame (the app refuses messages over 64 KiB with an error)


BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: %d\r\nconnection: close\r\n\r\n%s"
)
TOO_MANY = b"too many open connections from your address"


class TimedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for a request's headers and a cap on open connections
    per client address: a client that opens connections and sends headers a byte at a time (slowloris)
    is cut off after ``header_timeout`` seconds, where uvicorn alone would wait for ever, and one address
    holding ``per_client`` connections gets 503 for more (uvicorn's own cap is for all addresses
    together, so one address could take every slot). (Idle keep-alive connections are closed by uvicorn's
    own timeout; a connection upgraded to a WebSocket leaves the count: the app limits those.)"""

    def __init__(
        self,
        *args: Any,
        header_timeout: float = 10.0,
        per_client: int = 0,
        open_by_client: dict[str, int] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.header_timeout = header_timeout
        self.header_timer: asyncio.TimerHandle | None = None
        self.per_client = per_client
        self.open_by_client = open_by_client if open_by_client is not None else {}
        self.counted: str | None = None  # the address this connection counts against

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        held = self.open_by_client.get(address, 0)
        if self.per_client and held >= self.per_client:
            transport.write(BUSY % (len(TOO_MANY), TOO_MANY))
            transport.close()
            return
        self.open_by_client[address] = held + 1
        self.counted = address
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:
            self._arm()  # part of a request's headers: the deadline runs from its first byte
        else:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._release()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()
        self._release()
        super().handle_websocket_upgrade(event)

    def _release(self) -> None:
        if self.counted is not None:
            left = self.open_by_client.get(self.counted, 1) - 1
            if left > 0:
                self.open_by_client[self.counted] = left
            else:
                self.open_by_client.pop(self.counted, None)
            self.counted = None

    def _arm(self) -> None:
        if self.header_timer is None:
            self.header_timer = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _too_slow(self) -> None:
        self.header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


GC_THRESHOLDS = (5000, 20, 20)  # the collector's generations, tuned for a server (see startup)


class DrainingServer(uvicorn.Server):
    """uvicorn's server, draining first on SIGTERM (or a first Ctrl+C): no new games, the decisions in hand
    committed, every page told to reconnect, the game leases released (webtable.ownership.drain), within
    ``grace`` seconds; then uvicorn's own shutdown. A second signal stops at once."""

    def __init__(self, config: uvicorn.Config, hub: Hub, grace: float) -> None:
        super().__init__(config)
        self.hub = hub
        self.grace = grace
        self.loop: asyncio.AbstractEventLoop | None = None
        self.drain_task: asyncio.Task[None] | None = None

    async def serve(self, sockets: Any = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().serve(sockets)

    async def startup(self, sockets: Any = None) -> None:
        await super().startup(sockets)
        # The libraries' 100,000 objects, loaded for good, moved out of the collector's sight: a full
        # collection walked them all, a 70-150 ms pause of every game (seen under a flood of requests).
        # A larger youngest generation (5,000, not 700) lets a request's objects die before a collection
        # promotes them, so full collections come seldom (test_web_abuse: the replay flood).
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.loop is None or self.hub.draining or sig not in (signal.SIGTERM, signal.SIGINT):
            super().handle_exit(sig, frame)
            return
        self.hub.draining = True  # (set here, in the signal handler: no game is made from now on)
        self.loop.call_soon_threadsafe(self._start_drain, sig, frame)

    def _start_drain(self, sig: int, frame: FrameType | None) -> None:
        self.drain_task = asyncio.get_running_loop().create_task(self._drain(sig, frame))

    async def _drain(self, sig: int, frame: FrameType | None) -> None:
        try:
            games = len(self.hub.rooms)
            await asyncio.wait_for(ownership.drain(self.hub), self.grace)
            print(f"drained: {games} games let go, their pages told to reconnect", flush=True)
        except TimeoutError:
            log.warning("draining took longer than %s s; stopping anyway (leases left expire)", self.grace)
        except Exception:
            log.exception("draining did not finish; stopping anyway")
        finally:
            super().handle_exit(sig, frame)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    bot_delay: float = 0.25,
    settings: TableSettings | None = None,
    public_url: str | None = None,
    proxy_ips: str = "127.0.0.1",
    log_format: str | None = None,
) -> None:
    """Serve the lobby and games at http://host:port/ until interrupted; games live in ``db``.
    ``public_url``: the address people open (printed); ``proxy_ips``: proxies whose forwarded headers count;
    logs as text or JSON lines (``log_format``, else $WALLENSTEIN_LOG_FORMAT: webtable.logs).
    SchemaMismatch (nothing served) if the database's schema is not this release's (webtable.schema)."""
    logs.configure(log_format)
    settings = settings or TableSettings()
    if host not in LOCAL_HOSTS and host not in ("0.0.0.0", "::"):
        settings.hosts = (*settings.hosts, host)  # the address it listens on is a name it answers to
    url = db or default_url()
    app = create_app(url, bot_delay=bot_delay, settings=settings)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    where = public_url or f"http://{shown}:{port}/"
    print(f"Wallenstein table at {where}  (games stored in {safe_url(url)}; Ctrl+C stops)", flush=True)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        log_config=None,  # (logs.configure set the handlers: uvicorn's default config would replace them)
        http=functools.partial(  # type: ignore[arg-type]
            TimedH11,
            header_timeout=settings.header_timeout,
            per_client=settings.max_http_per_client,
            open_by_client={},  # shared by every connection of this server
        ),
        ws_max_size=WS_MAX_SIZE,
        timeout_keep_alive=int(max(1, settings.keep_alive)),
        limit_concurrency=settings.max_open,
        timeout_graceful_shutdown=max(1, int(settings.shutdown_grace)),
        forwarded_allow_ips=proxy_ips,
        server_header=False,  # no "Server: uvicorn": nothing tells which server (and version) answers
    )
    DrainingServer(config, app.state.hub, max(1.0, settings.shutdown_grace)).run()


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    serve(port=port)
