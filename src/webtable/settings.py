"""The limits of one table server: what a public table may be asked to bear, all in one place.

Every limit has a default fit for a table on the open internet behind a reverse proxy; ``wallenstein
serve`` sets the common ones from the command line (docs/play/table.md, "Running a public table").
"""

from __future__ import annotations

from dataclasses import dataclass

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]")


@dataclass
class TableSettings:
    # Who may talk to the server. Hosts: the Host header's name (DNS rebinding); the local names are
    # always allowed. Origins: a browser page's origin; the server's own origin is always allowed.
    hosts: tuple[str, ...] = ()
    origins: tuple[str, ...] = ()
    # Bot capacity: unfinished games with a bot seat, in all and per client address (0: no limit).
    max_bot_games: int = 200
    max_bot_games_per_client: int = 10
    bot_threads: int = 4
    # New games per client address and minute (bursts of a third of it; 0: no limit).
    games_per_minute: int = 30
    # Connections: per client address (all sockets) and spectators per game.
    max_connections_per_client: int = 60
    max_spectators: int = 100
    # Messages waiting to be sent on one socket: a peer that leaves more unread is disconnected.
    max_queued: int = 1000
    # Requests: body size (413 above it, checked before reading on) and the longest error text echoed.
    max_body: int = 64 * 1024
    max_error_text: int = 300
    # Memory: a room nobody is connected to and no bot is playing leaves memory after this long (s).
    evict_after: float = 600.0
    # Unfinished games untouched for this long are deleted (s; 0: never). Finished games never are.
    expire_after: float = 30 * 24 * 3600.0
    sweep_every: float = 60.0
    # Storage outages: a bot waits this long after a failed commit, doubling up to the maximum (s).
    retry_first: float = 0.5
    retry_max: float = 30.0
    # Replays kept in memory, compressed (a finished game's is built once per view and language): at
    # most this many and this many bytes; replays per client address and minute (bursts of a third).
    replay_cache: int = 256
    replay_cache_bytes: int = 32 * 1024 * 1024
    replays_per_minute: int = 30
    # Worker processes building replays (a build holds an interpreter up to a second; 0: a server thread).
    replay_processes: int = 1
    # Battle-odds previews: per connection and per seat (all its connections) a second, bursts of twice
    # that; previews waiting or running per connection; answers kept (by game version, seat and
    # action); threads computing them (sampled odds cost CPU; exact ones almost nothing).
    previews_per_connection: float = 4.0
    previews_per_seat: float = 8.0
    preview_queue: int = 2
    preview_cache: int = 2048
    preview_threads: int = 1
    # HTTP: a request's headers must arrive within this long; an idle keep-alive connection is closed.
    header_timeout: float = 10.0
    keep_alive: float = 5.0
    max_open: int = 2000  # connections and requests at once in all (more get 503)
    # Open HTTP connections per client address (WebSockets leave the count once upgraded; 0: no limit;
    # behind a reverse proxy on this machine every client has its address: set 0, and limit_conn there).
    max_http_per_client: int = 64
    # A request's body must arrive within this long of its start (slow POSTs get 408) (s).
    body_timeout: float = 10.0
    # The server stops within this long of SIGTERM, whatever its connections are doing (s).
    shutdown_grace: float = 3.0
    # Unfinished games without a bot in all (429 beyond; games with bots have their own cap; 0: none).
    max_people_games: int = 5000
    # GET /metrics answers only requests with "Authorization: Bearer <token>" when this is set (a secret).
    metrics_token: str = ""
    # Several server processes over one PostgreSQL database: each game is served by one of them, which
    # holds its lease for this long and renews it (s; webtable.ownership). 0: this process is the only one.
    lease_seconds: float = 0.0

    def set(self, pairs: list[str]) -> None:
        """Set limits from ``NAME=VALUE`` texts (``wallenstein serve --limit max_spectators=20``)."""
        for pair in pairs:
            name, sep, value = pair.partition("=")
            name = name.strip().replace("-", "_")
            current = getattr(self, name, None) if sep and not name.startswith("_") else None
            if current is None or callable(current):
                known = ", ".join(f for f in self.__dataclass_fields__ if f not in ("hosts", "origins"))
                raise ValueError(f"--limit takes NAME=VALUE with NAME one of: {known}")
            if isinstance(current, tuple):
                raise ValueError(f"{name} is set with its own option")
            try:
                setattr(self, name, type(current)(value))
            except ValueError:
                raise ValueError(f"{name} is a {type(current).__name__}, not {value!r}") from None

    def host_allowed(self, host: str) -> bool:
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        name = name.lower()
        return name in LOCAL_HOSTS or name in (h.lower() for h in self.hosts)
