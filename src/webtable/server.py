"""Run the table's web server (``wallenstein serve``)."""

from __future__ import annotations

import sys

import uvicorn

from webtable.app import create_app
from webtable.store import default_url


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, bot_delay: float = 0.25) -> None:
    """Serve the lobby and games at http://host:port/ until interrupted; games live in ``db``."""
    url = db or default_url()
    app = create_app(url, bot_delay=bot_delay)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    print(f"Wallenstein table at http://{shown}:{port}/  (games stored in {_safe(url)}; Ctrl+C stops)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=1 << 20)


def _safe(url: str) -> str:
    """A database URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, where = rest.rsplit("@", 1)
        user = creds.split(":", 1)[0]
        return f"{scheme}://{user}:***@{where}"
    return url


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    serve(port=port)
