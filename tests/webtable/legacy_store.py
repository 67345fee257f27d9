"""A game store as the releases before schema versions made it (wallenstein-table 0.1.0, whose Store ran
``METADATA.create_all`` on start): its tables, frozen here as that code declared them, and games written
into them row for row as that code wrote them. The migration tests upgrade such a store in place."""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

import league_of_six
import wallenstein
from tabletop.agents import RandomAgent
from webtable.views import decisions_of

METADATA = sa.MetaData()
GAMES = sa.Table(
    "games",
    METADATA,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("decisions", sa.Integer, nullable=False, default=0),
)
ENTRIES = sa.Table(
    "entries",
    METADATA,
    sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("entry", sa.Text, nullable=False),
)
OWNERS = sa.Table(
    "owners",
    METADATA,
    sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("creator_sha256", sa.String(64), nullable=False),
    sa.Column("client", sa.String(64), nullable=False),
    sa.Column("private", sa.Boolean, nullable=False, default=False),
)
NOTES = sa.Table(
    "notes",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), nullable=False, index=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("body", sa.Text, nullable=False),
)


@dataclass
class LegacyGame:
    id: str
    kind: str
    history: list[dict[str, Any]]
    over: bool
    tokens: dict[int, str] = field(default_factory=dict)  # person seats' tokens


# (id, kind, players, options, seed, person seats, decisions played before the upgrade; None: to the end)
GAMES_BEFORE: tuple[tuple[str, str, int, dict[str, Any], int, tuple[int, ...], int | None], ...] = (
    ("w2012", "wallenstein", 3, {}, 11, (0,), 30),
    ("w2002", "wallenstein", 4, {"edition": "2002"}, 12, (), 40),
    ("w2012modules", "wallenstein", 4, {"modules": ["emperors_court"], "setup": "draft"}, 13, (1,), 25),
    ("los", "league_of_six", 3, {}, 14, (0,), 20),
    ("wover", "wallenstein", 3, {}, 15, (), None),
)


def make_legacy_store(url: str) -> list[LegacyGame]:
    """A store of release 0.1.0's schema at ``url`` holding the games of ``GAMES_BEFORE``."""
    engine = sa.create_engine(url)
    METADATA.create_all(engine)
    made = [_write(engine, *spec) for spec in GAMES_BEFORE]
    engine.dispose()
    return made


def _write(
    engine: sa.Engine,
    game_id: str,
    kind: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    people: tuple[int, ...],
    moves: int | None,
) -> LegacyGame:
    module: Any = wallenstein if kind == "wallenstein" else league_of_six
    game = module.new_game(players=players, seed=seed, **options)
    agents = [RandomAgent(seat, seed * 10 + seat) for seat in range(players)]
    done = 0
    while not game.over and (moves is None or done < moves):
        seat = game.pending()[0]
        game.apply(seat, agents[seat].act(game.observe(seat), game.legal_actions(seat)))
        done += 1
    tokens = {seat: f"token-{game_id}-{seat}" for seat in people}
    seats = [
        {"type": "human", "name": f"P{seat}", "token_sha256": _sha(tokens[seat])}
        if seat in tokens
        else {"type": "bot", "name": "", "bot": "random", "salt": seat}
        for seat in range(players)
    ]
    history = game.history
    now = time.time()
    status = "over" if game.over else "running"
    row = {"id": game_id, "kind": kind, "players": players, "seats": json.dumps(seats), "status": status}
    with engine.begin() as conn:
        conn.execute(GAMES.insert().values(**row, created=now, updated=now, decisions=decisions_of(history)))
        texts = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in history]
        conn.execute(ENTRIES.insert(), [{"game_id": game_id, "seq": i, "entry": t} for i, t in enumerate(texts)])
        conn.execute(OWNERS.insert().values(game_id=game_id, creator_sha256=_sha("creator"), client="test", private=0))
        chat = {"type": "chat", "seat": 0, "name": "P0", "text": f"hello from {game_id}"}
        conn.execute(NOTES.insert().values(game_id=game_id, kind="chat", body=json.dumps(chat)))
    return LegacyGame(game_id, kind, history, game.over, tokens)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
