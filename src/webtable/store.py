"""Event-sourced storage: a game is its options (the history's head) and every history entry since.

SQLite in the user's data directory by default, any SQLAlchemy URL (PostgreSQL) when given. Each
accepted decision is stored with the chance outcomes it caused in one transaction, committed before
the decision is acknowledged, so a crash loses nothing; a game is rebuilt by replaying its entries.
Seat tokens are stored only as SHA-256 digests. The history holds secrets (seed, deck orders, plans):
nothing in this module is ever sent to a browser as it is.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from webtable import schema

# What a failed read or write of the store raises (a stopped database, a full disk, a held lock).
STORAGE_ERRORS = (SQLAlchemyError, OSError)

METADATA = sa.MetaData()

GAMES = sa.Table(
    "games",
    METADATA,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),  # JSON: [{"type", "bot", "name", "token_sha256"}]
    sa.Column("status", sa.String(16), nullable=False),  # "running", "over", "abandoned" or "damaged"
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("decisions", sa.Integer, nullable=False, default=0),
    # The engine that last extended the history and the fingerprint of what it told (webtable.engine_check;
    # revision 0002_engine_version): NULL for games stored before, until their next decision.
    sa.Column("engine", sa.String(80), nullable=True),
    sa.Column("fingerprint", sa.String(80), nullable=True),
)

ENTRIES = sa.Table(
    "entries",
    METADATA,
    sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # 0 is the history's head (the game's options)
    sa.Column("entry", sa.Text, nullable=False),
)


# Who created a game, from where, and whether it is listed (a table of its own, so databases made
# before it existed gain it on the next start; games without a row have no creator and are public).
OWNERS = sa.Table(
    "owners",
    METADATA,
    sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("creator_sha256", sa.String(64), nullable=False),
    sa.Column("client", sa.String(64), nullable=False),
    sa.Column("private", sa.Boolean, nullable=False, default=False),
)

# What the table keeps beside a game's history (issue 17): the players' chat lines and the notices that
# a seat's time ran out, so that they outlive a restart and a replay shows the notices. Not part of the
# history (the game replays without them); a table of its own, so older databases gain it on start.
NOTES = sa.Table(
    "notes",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),  # the order they were said in
    sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), nullable=False, index=True),
    sa.Column("kind", sa.String(16), nullable=False),  # "chat", "timeout", "hint", "review", "damage", "made", "again"
    sa.Column("body", sa.Text, nullable=False),  # JSON, ASCII only (no lone surrogate or NUL reaches the database)
)

# Which server process serves each unfinished game when several share one PostgreSQL database
# (webtable.ownership): the holder, its lease's expiry (the database's clock) and the fencing token that
# every commit of a decision checks. Unused (empty) with one process.
LEASES = sa.Table(
    "game_leases",
    METADATA,
    sa.Column("game_id", sa.String(40), primary_key=True),
    sa.Column("holder", sa.String(80), nullable=True),  # the process serving it; None: released
    sa.Column("token", sa.BigInteger, nullable=False),  # the fencing token: one more on every take
    sa.Column("expires", sa.Float, nullable=False),  # seconds since the epoch, by the database's clock
    sa.Column("wanted", sa.String(80), nullable=True),  # a process asking the holder to hand it over
)

UNFINISHED = ("running", "abandoned")

Mark = tuple[str, str]  # the engine that extended a history, and the fingerprint of what it told
# One game's append: id, first seq, entries, status, decisions, and its mark (None: keep the stored one).
Append = tuple[str, int, list[dict[str, Any]], str, int, Mark | None]
# A note that replaces the game's earlier ones of its kind (game id, kind, body, the fencing token it was
# made under): kept with a batch of appends, in their transaction (Store.append_many).
Latest = tuple[str, str, dict[str, Any], int | None]


@dataclass
class Owner:
    creator_sha256: str
    client: str
    private: bool


@dataclass
class GameRecord:
    """A game's row of ``GAMES``: a field of the same name for each column (the store maps them by name;
    ``seats`` decoded from its JSON), and ``damage``."""

    id: str
    kind: str
    players: int
    seats: list[dict[str, Any]]
    status: str
    created: float
    updated: float
    decisions: int
    damage: str | None = None  # why the stored row cannot be read (then seats is empty)
    engine: str | None = None  # who recorded it and what they told (webtable.engine_check); None: unknown
    fingerprint: str | None = None


def default_url() -> str:
    """SQLite in the user's data directory: $XDG_DATA_HOME/wallenstein-table, else the platform's."""
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        base = Path(xdg) / "wallenstein-table"
    else:
        import platformdirs

        base = Path(platformdirs.user_data_dir("wallenstein-table", appauthor=False))
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'games.sqlite3'}"


def safe_url(url: str) -> str:
    """A database URL without its password (for messages and logs: the password stays secret)."""
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except (sa.exc.ArgumentError, ValueError):
        return "<a database URL that cannot be read>"


def _loads(text: str) -> Any:
    """A stored JSON value; ValueError if it cannot be read: malformed, or nested too deeply for the
    parser (which raises RecursionError, no ValueError, and so once stopped the server's start)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply to read") from None


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class NotOwner(Exception):
    """This process no longer holds the game's lease (another process serves it): nothing was stored."""


# Set by webtable.ownership when several processes share the store: called inside the transaction of
# every commit that changes a game, with the games it changes; returns those of them this process holds,
# with their fencing tokens (the rows stay locked until the commit).
Fence = Callable[[Connection, list[str]], dict[str, int]]


class Store:
    # Hooks of webtable.ownership (None with one process: nothing is checked, nothing costs).
    fence: Fence | None = None
    on_create: Callable[[Connection, str], None] | None = None

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        sqlite = self.url.startswith("sqlite")
        # A lock held by another process fails a commit after 2 s (not 5): the bot loop retries with backoff.
        args: dict[str, Any] = {"timeout": 2.0} if sqlite else {"connect_timeout": 5}
        self.engine: Engine = sa.create_engine(self.url, future=True, connect_args=args, pool_pre_ping=not sqlite)
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        try:  # an empty database becomes a store; any other must be at this code's schema (webtable.schema)
            schema.prepare(self.engine, METADATA, safe_url(self.url))
        except BaseException:
            self.engine.dispose()
            raise

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """Raise a storage error unless the database answers a query (the server's readiness check)."""
        with self.engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))

    def create(
        self,
        record: GameRecord,
        history: list[dict[str, Any]],
        owner: Owner | None = None,
        notes: Sequence[tuple[str, str, dict[str, Any]]] = (),
    ) -> None:
        """Store a new game with its history so far (head and set-up chance outcomes), atomically, with
        ``notes`` (game id, kind, body: of this game, or another's, such as a finished game's link to
        its follow-up, webtable.rematch) in the same transaction."""
        with self.engine.begin() as conn:
            conn.execute(GAMES.insert().values(_row_of(record)))
            conn.execute(
                ENTRIES.insert(), [{"game_id": record.id, "seq": i, "entry": _dumps(e)} for i, e in enumerate(history)]
            )
            if owner is not None:
                values = {"creator_sha256": owner.creator_sha256, "client": owner.client, "private": owner.private}
                conn.execute(OWNERS.insert().values(game_id=record.id, **values))
            for game_id, kind, body in notes:
                text = json.dumps(body, separators=(",", ":"))
                conn.execute(NOTES.insert().values(game_id=game_id, kind=kind, body=text))
            if self.on_create is not None:
                self.on_create(conn, record.id)  # its creator serves it first

    def append(
        self,
        game_id: str,
        first_seq: int,
        entries: list[dict[str, Any]],
        status: str,
        decisions: int,
        mark: Mark | None = None,
    ) -> None:
        """Add history entries ``first_seq..``; committed when this returns (a duplicate seq fails)."""
        self.append_many([(game_id, first_seq, entries, status, decisions, mark)])

    def append_many(
        self, batch: list[Append], tokens: list[int | None] | None = None, latest: Sequence[Latest] = ()
    ) -> set[int]:
        """Several games' appends in one transaction (group commit: one disk flush for all). An append's
        ``mark`` (engine, fingerprint) is stored with it; None leaves the stored one. With a ``fence``,
        ``tokens`` holds the fencing token each append was decided under: one whose game this process no
        longer holds under that token is left out. Returns the positions left out. ``latest``: notes kept
        in the same transaction, each the only one of its kind left (one of a game not held so is left
        out, silently: whoever holds the game keeps its own)."""
        now = time.time()
        with self.engine.begin() as conn:
            lost: set[int] = set()
            if self.fence is not None:
                held = self.fence(conn, sorted({b[0] for b in batch} | {n[0] for n in latest}))
                claimed = tokens if tokens is not None else [None] * len(batch)
                lost = {i for i, b in enumerate(batch) if claimed[i] is None or held.get(b[0]) != claimed[i]}
                batch = [b for i, b in enumerate(batch) if i not in lost]
                latest = [n for n in latest if n[3] is not None and held.get(n[0]) == n[3]]
            _replace_notes(conn, latest)
            rows = [
                {"game_id": gid, "seq": first + i, "entry": _dumps(e)}
                for gid, first, entries, *_ in batch
                for i, e in enumerate(entries)
            ]
            if rows:
                conn.execute(ENTRIES.insert(), rows)
            for gid, _, _, status, decisions, mark in batch:
                values: dict[str, Any] = {"status": status, "updated": now, "decisions": decisions}
                if mark is not None:
                    values["engine"], values["fingerprint"] = mark
                conn.execute(GAMES.update().where(GAMES.c.id == gid).values(**values))
        return lost

    def _check_owner(self, conn: Connection, game_id: str, token: int | None) -> None:
        if self.fence is not None and (token is None or self.fence(conn, [game_id]).get(game_id) != token):
            raise NotOwner(f"game {game_id} is served by another process now")

    def set_status(self, game_id: str, status: str, token: int | None = None, fenced: bool = False) -> None:
        """Mark a game abandoned or damaged (its history is kept); ``fenced``: only by its owner, who
        holds it under ``token`` (NotOwner otherwise; see ``fence``)."""
        with self.engine.begin() as conn:
            if fenced:
                self._check_owner(conn, game_id, token)
            conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(status=status))

    def set_seats(self, game_id: str, seats: list[dict[str, Any]], token: int | None = None) -> None:
        """Store a game's seats after an invite was claimed or issued again (with a ``fence``: only by its
        owner, holding it under ``token``; NotOwner otherwise)."""
        with self.engine.begin() as conn:
            self._check_owner(conn, game_id, token)
            conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(seats=_dumps(seats)))

    def owner(self, game_id: str) -> Owner | None:
        with self.engine.connect() as conn:
            row = conn.execute(OWNERS.select().where(OWNERS.c.game_id == game_id)).first()
        return Owner(row.creator_sha256, row.client, bool(row.private)) if row is not None else None

    def owners(self, game_ids: list[str]) -> dict[str, Owner]:
        if not game_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(OWNERS.select().where(OWNERS.c.game_id.in_(game_ids))).all()
        return {r.game_id: Owner(r.creator_sha256, r.client, bool(r.private)) for r in rows}

    def expire(self, idle_since: float, keep: set[str] | frozenset[str] = frozenset()) -> list[str]:
        """Delete unfinished games untouched since ``idle_since`` (except ``keep``); returns their ids.
        Finished games are never deleted here."""
        with self.engine.begin() as conn:
            ids = [
                r.id
                for r in conn.execute(
                    sa.select(GAMES.c.id).where(GAMES.c.status.in_(UNFINISHED), GAMES.c.updated < idle_since)
                )
                if r.id not in keep
            ]
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                conn.execute(ENTRIES.delete().where(ENTRIES.c.game_id.in_(chunk)))
                conn.execute(NOTES.delete().where(NOTES.c.game_id.in_(chunk)))
                conn.execute(OWNERS.delete().where(OWNERS.c.game_id.in_(chunk)))
                conn.execute(LEASES.delete().where(LEASES.c.game_id.in_(chunk)))
                conn.execute(GAMES.delete().where(GAMES.c.id.in_(chunk)))
        return ids

    def add_note(
        self, game_id: str, kind: str, body: dict[str, Any], keep: int | None = None, token: int | None = None
    ) -> None:
        """Keep a chat line or a notice of ``game_id``; committed when this returns. ``keep``: only the
        last ``keep`` notes of this kind stay (a chat is read back only that far, and a long game of
        talkative players would otherwise grow the store without end). ``token``: only by the game's
        owner, holding it under ``token`` (NotOwner otherwise, nothing kept; see ``fence``)."""
        with self.engine.begin() as conn:
            if token is not None:
                self._check_owner(conn, game_id, token)
            _insert_note(conn, game_id, kind, body, keep)

    def notes(self, game_id: str, kind: str, last: int | None = None) -> list[dict[str, Any]]:
        """The notes of one kind of ``game_id`` in the order they were kept (only the ``last`` ones if given);
        one that cannot be read is left out (notes are the table's extras: the game never depends on them)."""
        query = sa.select(NOTES.c.body).where(NOTES.c.game_id == game_id, NOTES.c.kind == kind)
        query = query.order_by(NOTES.c.id.desc())
        if last is not None:
            query = query.limit(last)
        with self.engine.connect() as conn:
            texts = list(conn.execute(query).scalars())
        out = []
        for text in reversed(texts):
            try:
                body = _loads(text)
            except ValueError:
                continue
            if isinstance(body, dict):
                out.append(body)
        return out

    def check_notes(self, game_id: str, spare: Sequence[str] = ()) -> list[str]:
        """DamagedGame if a note of ``game_id`` cannot be read (a game is set aside rather than served with
        a row that fails whoever reads it later: a chat line read on every connection, say), unless it is
        of a ``spare`` kind (one the game does without: ``notes`` leaves it out); returns what is wrong
        with those, for the log."""
        query = sa.select(NOTES.c.id, NOTES.c.kind, NOTES.c.body).where(NOTES.c.game_id == game_id)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        spared = []
        for note_id, kind, text in rows:
            try:
                body = _loads(text)
                why = None if isinstance(body, dict) else "is not a JSON object"
            except ValueError as exc:
                why = f"cannot be read ({exc})"
            if why is not None and kind in spare:
                spared.append(f"its {kind!r} note {note_id} {why}")
            elif why is not None:
                raise DamagedGame(f"note {note_id} {why}")
        return spared

    def record(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(GAMES.select().where(GAMES.c.id == game_id)).first()
        return _record(row) if row is not None else None

    def history(self, game_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(ENTRIES.c.seq, ENTRIES.c.entry).where(ENTRIES.c.game_id == game_id).order_by(ENTRIES.c.seq)
            ).all()
        out = []
        for i, (seq, text) in enumerate(rows):
            if seq != i:
                raise DamagedGame(f"history entry {i} is missing")
            try:
                out.append(_loads(text))
            except ValueError as exc:
                raise DamagedGame(f"history entry {i} cannot be read ({exc})") from None
        return out

    def games(self, limit: int = 50, status: str | None = None, public: bool = False) -> list[GameRecord]:
        """The most recently updated games; ``public``: without the private ones."""
        query = GAMES.select().order_by(GAMES.c.updated.desc()).limit(limit)
        if status is not None:
            query = query.where(GAMES.c.status == status)
        if public:
            private = sa.select(OWNERS.c.game_id).where(OWNERS.c.private.is_(True))
            query = query.where(GAMES.c.id.not_in(private))
        with self.engine.connect() as conn:
            return [_record(r) for r in conn.execute(query)]


class DamagedGame(Exception):
    """A stored game that cannot be read back (the message says what is wrong)."""


def _insert_note(conn: Connection, game_id: str, kind: str, body: dict[str, Any], keep: int | None) -> None:
    """Add a note in ``conn``'s transaction; ``keep``: only the last ``keep`` of its kind stay."""
    conn.execute(NOTES.insert().values(game_id=game_id, kind=kind, body=json.dumps(body, separators=(",", ":"))))
    if keep is not None:
        mine = (NOTES.c.game_id == game_id) & (NOTES.c.kind == kind)
        oldest_kept = sa.select(NOTES.c.id).where(mine).order_by(NOTES.c.id.desc()).offset(keep - 1).limit(1)
        first = conn.execute(oldest_kept).scalar()
        if first is not None:
            conn.execute(NOTES.delete().where(mine & (NOTES.c.id < first)))


def _replace_notes(conn: Connection, latest: Sequence[Latest]) -> None:
    """Each note of ``latest`` as the only one of its game and kind: a delete per kind and one insert for
    them all (a busy table's batch holds many; a delete, a select and an insert each cost as much CPU
    as the decisions)."""
    if not latest:
        return
    games: dict[str, set[str]] = {}
    for game_id, kind, _, _ in latest:
        games.setdefault(kind, set()).add(game_id)
    for kind, ids in games.items():
        conn.execute(NOTES.delete().where((NOTES.c.kind == kind) & NOTES.c.game_id.in_(sorted(ids))))
    rows = [{"game_id": g, "kind": k, "body": json.dumps(b, separators=(",", ":"))} for g, k, b, _ in latest]
    conn.execute(NOTES.insert(), rows)


def _record(row: Any) -> GameRecord:
    """A game's row; a row whose seats cannot be read says so in ``damage`` instead of failing the caller
    (one bad row must not stop a listing or the server's start)."""
    damage = None
    try:
        seats = _loads(row.seats)
        if not isinstance(seats, list) or len(seats) != row.players or not all(isinstance(s, dict) for s in seats):
            raise ValueError
    except ValueError:
        seats, damage = [], "its seats cannot be read"
    return GameRecord(**{**row._mapping, "seats": seats, "damage": damage})


def _row_of(record: GameRecord) -> dict[str, Any]:
    """``record`` as a row of ``GAMES``: each column from the field of its name, the seats as JSON."""
    row = {column.name: getattr(record, column.name) for column in GAMES.columns}
    return {**row, "seats": _dumps(record.seats)}


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cur.execute("PRAGMA synchronous=FULL")  # a commit is on disk before the decision is acknowledged
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
