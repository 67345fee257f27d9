"""Every setting of a table server, in one place: where it listens and stores its games (``SERVER``), and
the limits of what a public table may be asked to bear (``TableSettings``, help in ``LIMIT_HELP``).

``wallenstein serve`` takes each as an option or an environment variable (webtable.cli builds both from
here, and ``settings_table`` writes the table of docs/hosting.md, which a test keeps in step). Every limit
has a default fit for a table on the open internet behind a reverse proxy.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from typing import Any
from urllib.parse import urlsplit

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
    # Private games a lobby shows (X-Seat-Tokens) that are read from the store, not in memory, per client
    # address and minute (bursts of a third, and at least the 50 a lobby may show at once; 0: no limit).
    lookups_per_minute: int = 300
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
    # After-game reviews (docs/play/review.md): worker processes building them, one review at a time
    # (0: a thread of the server, for tests), and their budget (tabletop.review.BUDGETS: quick,
    # standard, thorough); a hint's advisor simulations (a bot thread's work, like a bot's decision).
    review_processes: int = 1
    review_budget: str = "standard"
    hint_simulations: int = 400
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


ENV_PREFIX = "WALLENSTEIN_"
# Variables of that prefix that are no server setting (the tests' PostgreSQL binaries).
OTHER_ENV = ("WALLENSTEIN_TEST_",)


@dataclass(frozen=True)
class Setting:
    """One setting: its name (``--name-with-dashes``, ``WALLENSTEIN_NAME``), type, default and meaning.
    ``many``: repeatable (the variable holds several, separated by spaces); ``secret``: never shown."""

    name: str
    kind: type
    default: Any
    help: str
    many: bool = False
    secret: bool = False
    low: float | None = None
    high: float | None = None

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def env(self) -> str:
        return ENV_PREFIX + self.name.upper()


SERVER = (
    Setting("host", str, "127.0.0.1", "Address to listen on (0.0.0.0: every interface; behind a proxy 127.0.0.1)."),
    Setting("port", int, 8000, "Port to listen on.", low=0, high=65535),
    Setting(
        "db",
        str,
        None,
        "Database URL: sqlite:///path or postgresql+psycopg://user:password@host/db (default: SQLite in"
        " your data directory). Its password is never printed.",
        secret=True,
    ),
    Setting(
        "db_file",
        str,
        None,
        "A file holding the database URL (mode 600; a systemd credential): keeps the password out of the"
        " process list and the unit file. Instead of --db.",
    ),
    Setting(
        "public_url",
        str,
        None,
        "The address people open, e.g. https://table.example.org: printed at start, and its host and"
        " origin are allowed (no --public-host or --origin needed for it).",
    ),
    Setting("public_host", str, (), "Another host name the table answers to (repeatable).", many=True),
    Setting("origin", str, (), "Another page origin allowed to call it (repeatable).", many=True),
    Setting(
        "proxy_ips",
        str,
        "127.0.0.1",
        "Reverse proxies whose X-Forwarded-For/-Proto are believed (comma-separated addresses; '*' any).",
    ),
    Setting("log_format", str, "text", "Logs as text, or json: a JSON object a line, with its game."),
    Setting("bot_delay", float, 0.25, "Seconds between bot decisions (0: bots play at full speed).", low=0),
    Setting("limit", str, (), "NAME=VALUE: set a limit by name (repeatable; the same as its own option).", many=True),
)

LIMIT_HELP = {
    "max_bot_games": "Unfinished games with a bot seat or a turn time limit, in all (0: no limit).",
    "max_bot_games_per_client": "The same per client address (0: no limit).",
    "bot_threads": "Threads deciding for bots.",
    "games_per_minute": (
        "New games (and Play again follow-ups) per client address and minute, bursts of a third (0: no limit);"
        " one not made does not count."
    ),
    "max_connections_per_client": "WebSockets per client address.",
    "max_spectators": "Spectators per game.",
    "max_queued": "Messages waiting on one socket before its reader is cut off.",
    "max_body": "Largest request body in bytes (413 beyond).",
    "max_error_text": "Longest error text echoed back.",
    "evict_after": "Seconds before an idle room leaves memory.",
    "expire_after": "Seconds before an untouched unfinished game is deleted (0: never; finished games never are).",
    "sweep_every": "Seconds between sweeps for idle rooms and expired games.",
    "retry_first": "Seconds a bot waits after a failed commit (doubling).",
    "retry_max": "Longest such wait in seconds.",
    "replay_cache": "Replays kept in memory.",
    "replay_cache_bytes": "Bytes of replays kept in memory.",
    "replays_per_minute": "Replays per client address and minute, bursts of a third.",
    "lookups_per_minute": (
        "Private games looked up from the store for a lobby's list (X-Seat-Tokens) per client address and minute,"
        " bursts of a third or at least 50 (0: no limit)."
    ),
    "replay_processes": "Worker processes building replays (0: a server thread).",
    "previews_per_connection": "Battle-odds previews per connection and second.",
    "previews_per_seat": "Previews per seat (all its connections) and second.",
    "preview_queue": "Previews waiting or running per connection.",
    "preview_cache": "Previews kept.",
    "preview_threads": "Threads computing previews.",
    "header_timeout": "Seconds for a request's headers to arrive (slowloris).",
    "keep_alive": "Seconds an idle keep-alive connection stays open.",
    "max_open": "Connections and requests at once in all (503 beyond).",
    "max_http_per_client": "Open HTTP connections per client address (0: none; set 0 behind a local proxy).",
    "body_timeout": "Seconds for a request's body to arrive (408 beyond).",
    "shutdown_grace": "Seconds the server takes at most to stop after SIGTERM.",
    "max_people_games": "Unfinished games without bots, in all (0: no limit).",
    "metrics_token": "A secret: /metrics answers only 'Authorization: Bearer <it>' (empty: anyone). Never shown.",
    "review_processes": "Worker processes building after-game reviews, one review at a time (0: a server thread).",
    "review_budget": "The reviews' budget: quick, standard or thorough (docs/play/review.md).",
    "hint_simulations": "The advisor's simulations for a hint in a game of one person against bots.",
    "lease_seconds": "Several processes over one PostgreSQL: a game lease, renewed by its server (s; 0: one process).",
}
SECRET_LIMITS = frozenset({"metrics_token"})


def limit_settings() -> tuple[Setting, ...]:
    """Every limit of TableSettings as a setting of its own (``--max-spectators``, ``WALLENSTEIN_MAX_SPECTATORS``)."""
    defaults = TableSettings()
    out = []
    for f in fields(TableSettings):
        if f.name in ("hosts", "origins"):
            continue  # (--public-host, --origin)
        value = getattr(defaults, f.name)
        numeric = isinstance(value, int | float)
        secret = f.name in SECRET_LIMITS
        out.append(Setting(f.name, type(value), value, LIMIT_HELP[f.name], secret=secret, low=0 if numeric else None))
    return tuple(out)


def all_settings() -> tuple[Setting, ...]:
    return SERVER + limit_settings()


def unknown_env(environ: dict[str, str] | None = None) -> list[str]:
    """Variables named like a setting that are none (a typo would otherwise be silently ignored)."""
    environ = dict(os.environ) if environ is None else environ
    known = {s.env for s in all_settings()}
    return sorted(
        name for name in environ if name.startswith(ENV_PREFIX) and name not in known and not name.startswith(OTHER_ENV)
    )


def check_public_url(url: str) -> tuple[str, str]:
    """The host name and origin of ``--public-url``; ValueError saying what is wrong."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        raise ValueError(f"--public-url is an address like https://table.example.org, not {url!r}")
    return parts.hostname, f"{parts.scheme}://{parts.netloc}".lower()


def settings_table() -> str:
    """The Markdown table of every setting (docs/hosting.md holds it; a test checks it is current)."""
    rows = ["| option | environment variable | default | what it sets |", "| --- | --- | --- | --- |"]
    for s in all_settings():
        default = "" if s.default in (None, (), "") else f"`{s.default}`"
        rows.append(f"| `{s.flag}` | `{s.env}` | {default} | {s.help} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(settings_table(), end="")
