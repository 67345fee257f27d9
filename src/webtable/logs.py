"""The server's logs: plain text for a terminal, or one JSON object per line for a log collector
(``wallenstein serve --log-format json`` or ``WALLENSTEIN_LOG_FORMAT=json``), each with the game it
concerns. The game is a context variable set where work on a game starts (its socket session, its bot
loop), so every line logged under it carries the id without each call naming it."""

from __future__ import annotations

import contextvars
import json
import logging
import os
import sys
import time
from typing import Any

GAME: contextvars.ContextVar[str | None] = contextvars.ContextVar("game", default=None)
FORMATS = ("text", "json")
ENV = "WALLENSTEIN_LOG_FORMAT"


class GameFilter(logging.Filter):
    """Adds ``record.game`` (the id in context, or None) to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "game", None) is None:
            record.game = GAME.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, game, and the exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        game = getattr(record, "game", None)
        if game is not None:
            entry["game"] = game
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def configure(form: str | None = None, level: int = logging.INFO) -> str:
    """Send the table's (and uvicorn's) logs to stderr in ``form`` (default: the environment's, else
    text); ValueError naming the choices for an unknown one. Returns the form used."""
    form = (form or os.environ.get(ENV) or "text").strip().lower()
    if form not in FORMATS:
        raise ValueError(f"log format {form!r}: choose one of {', '.join(FORMATS)}")
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(GameFilter())
    if form == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name in ("webtable", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(level)
        logger.propagate = False
    return form
