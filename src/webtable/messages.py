"""The WebSocket protocol of the table, typed: every message the server sends and every message it reads.

The models are the protocol's single description: routes/socket.py reads decisions (act, check, preview)
through :data:`CLIENT_MESSAGE`, the tests check every message a whole game sends against
:data:`SERVER_MESSAGE`, and their JSON Schema is committed as ``static/protocol.schema.json`` (the page's
own types are checked against it). Regenerate it after changing a model::

    PYTHONPATH=src python -m webtable.messages > src/webtable/static/protocol.schema.json

What a game puts in an observation (``obs``), a legal action or an event is the game's own and is typed
here as a JSON object; what the page may rely on about the log is the ``after`` merge patch (views.py).
Fields the server does not know are ignored in what it reads (a page may send more), never sent.
"""

from __future__ import annotations

import json
import logging
import sys
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter, ValidationError
from pydantic.json_schema import models_json_schema

Id = (
    Annotated[StrictInt, Field(description="a request's id, echoed in its reply")]
    | Annotated[StrictStr, Field(max_length=40)]
)
JSONObject = dict[str, Any]


class _Sent(BaseModel):
    """A message the server sends: exactly these fields."""

    model_config = ConfigDict(extra="forbid")


class _Read(BaseModel):
    """A message the server reads: these fields (others are ignored)."""

    model_config = ConfigDict(extra="ignore")


# ------------------------------------------------------------------------------------ shared parts
class SeatInfo(_Sent):
    """A seat as anyone may see it (rooms.public_seats)."""

    seat: int
    colour: str
    name: str
    type: Literal["human", "bot"] | None
    bot: str | None
    connected: bool
    open: bool = Field(description="an invited seat nobody has claimed yet")


class AgainLink(_Sent):
    """The follow-up game "Play again" made of a finished game (webtable.rematch)."""

    id: str = Field(description="the follow-up game's id")
    seat: int = Field(description="the seat whose player asked first")


class GameSummary(_Sent):
    """Public facts about a game (rooms.Room.summary), for the lobby and every client."""

    id: str
    game: str
    title: str
    players: int
    status: Literal["running", "over", "abandoned"]
    version: int = Field(description="decisions taken so far")
    storage: Literal["ok", "waiting"]
    private: bool
    seats: list[SeatInfo]
    spectators: int
    result: JSONObject | None
    clock: dict[str, float] = Field(
        default_factory=dict, description="timed seats' seconds left for their decision now (seat numbers as strings)"
    )
    hints: dict[str, int] = Field(
        default_factory=dict, description="hints each seat asked for in a game against bots (seat numbers as strings)"
    )
    again: AgainLink | None = Field(None, description="the follow-up game of a finished one, once made")


class Event(BaseModel):
    """A public log event: its kind ``e`` and the game's own fields."""

    model_config = ConfigDict(extra="allow")
    e: str


class LogEntry(_Sent):
    """One entry of the public log, told in the connection's language."""

    event: Event
    lines: list[str]
    after: JSONObject = Field(
        description="RFC 7386 merge patch: the public snapshot after the game's previous entry ({} before the "
        'first) becomes the public snapshot after this one, {"obs": observe(None), "board": public board} '
        "with null members left out (views.py)"
    )


# ------------------------------------------------------------------------------------ server -> client
class Welcome(_Sent):
    type: Literal["welcome"]
    seat: int | None = Field(description="the seat this connection plays; null: a spectator")
    game: GameSummary
    token: str | None = Field(None, description="a claimed invite's fresh token, to this connection only")


class State(_Sent):
    type: Literal["state"]
    seat: int | None
    version: int
    obs: JSONObject = Field(description="observe(seat): what this seat (null: a spectator) may know now")
    legal: list[Any] = Field(description="the seat's legal decisions now (JSON forms)")
    log_from: int = Field(description="the log position of log[0]; 0 starts the after chain again from {}")
    log: list[LogEntry]
    over: bool
    result: JSONObject | None
    board: JSONObject | None


class Ack(_Sent):
    type: Literal["ack"]
    id: Id | None


class Checked(_Sent):
    type: Literal["checked"]
    id: Id | None
    ok: bool
    message: str
    code: str | None = None
    params: JSONObject | None = None


class PreviewReply(BaseModel):
    """What a decision may bring (a battle's odds; League of Six's tax-tile yields): the game's own fields."""

    model_config = ConfigDict(extra="allow")
    type: Literal["preview"]
    id: Id | None
    kind: str


class Error(_Sent):
    type: Literal["error"]
    id: Id | None = None
    message: str
    code: str | None = Field(None, description="what went wrong, for the page to word in its language")
    params: JSONObject | None = None
    storage: Literal["waiting"] | None = None
    damaged: bool | None = None


class RoomChanged(_Sent):
    type: Literal["room"]
    game: GameSummary


class ChatLine(_Sent):
    type: Literal["chat"]
    seat: int
    name: str
    text: str


class Said(_Sent):
    type: Literal["said"]
    id: Id | None


class Pong(_Sent):
    type: Literal["pong"]
    id: Id | None


class Timeout(_Sent):
    """A public notice: a stand-in decided for a seat (its turn time ran out, or its bot failed)."""

    type: Literal["timeout"]
    seat: int
    at: int = Field(description="the log position the notice stands at")
    limit: int | float | None = None
    cause: str | None = None


class Again(_Sent):
    """A finished game's follow-up was made ("Play again"): sent to every connection of the finished game.
    A seat's player joins it with POST /api/games/{id}/again and the finished game's seat token, which
    returns that player's seats' new tokens; a spectator may watch it."""

    type: Literal["again"]
    game: str = Field(description="the follow-up game's id")
    seat: int = Field(description="the seat whose player asked first")
    name: str = Field(description="that seat's name")


class SeatToken(_Sent):
    seat: int
    token: str


class AgainSeats(_Sent):
    """The answer to a connection's "again": the follow-up's seat this connection held and its new token
    (to this connection only)."""

    type: Literal["again_seats"]
    id: Id | None
    game: str = Field(description="the follow-up game's id")
    seats: list[SeatToken]


class ClockMessage(_Sent):
    """Timed seats' seconds left now (sent when a turn clock starts or stops; the page counts down)."""

    type: Literal["clock"]
    left: dict[str, float]


SERVER_MODELS: tuple[type[BaseModel], ...] = (
    Welcome,
    State,
    Ack,
    Checked,
    PreviewReply,
    Error,
    RoomChanged,
    ChatLine,
    Said,
    Pong,
    Timeout,
    ClockMessage,
    Again,
    AgainSeats,
)
ServerMessage = Annotated[
    Welcome
    | State
    | Ack
    | Checked
    | PreviewReply
    | Error
    | RoomChanged
    | ChatLine
    | Said
    | Pong
    | Timeout
    | ClockMessage
    | Again
    | AgainSeats,
    Field(discriminator="type"),
]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def kept_lines(model: type[BaseModel], notes: list[dict[str, Any]], game_id: str, kind: str) -> list[dict[str, Any]]:
    """The stored notes (chat lines, notices) that are exactly the message ``model`` they are sent as; one
    that is not (a damaged row) is left out and logged: every page that connects, and the replay, would
    be sent it."""
    kept = []
    for note in notes:
        try:
            model.model_validate(note, strict=True)
        except ValidationError:
            logging.getLogger("webtable").warning(
                "game %s: a stored %r note is no %s; left out", game_id, kind, model.__name__
            )
            continue
        kept.append(note)
    return kept


# ------------------------------------------------------------------------------------ client -> server
class Hello(_Read):
    """The first message: a seat's token, an invite to claim, or neither (a spectator)."""

    type: Literal["hello"]
    token: str | None = None
    invite: str | None = None
    lang: str | None = Field(None, description="the log's language (en, de); others: English")


class Act(_Read):
    type: Literal["act"]
    id: Id | None = None
    version: StrictInt = Field(description="the version of the state message the decision was made on")
    action: Any = Field(description="a legal action's JSON form")


class Check(_Read):
    type: Literal["check"]
    id: Id | None = None
    action: Any


class PreviewRequest(_Read):
    type: Literal["preview"]
    id: Id | None = None
    action: Any


class ChatRequest(_Read):
    type: Literal["chat"]
    id: Id | None = None
    text: Any = Field(description="a line of text (seated players only)")


class PlayAgain(_Read):
    """A seated connection of a finished game plays it again (webtable.rematch): the follow-up is made
    if nobody asked before; the answer is "again_seats"."""

    type: Literal["again"]
    id: Id | None = None


class Ping(_Read):
    type: Literal["ping"]
    id: Id | None = None


CLIENT_MODELS: tuple[type[BaseModel], ...] = (Hello, Act, Check, PreviewRequest, ChatRequest, Ping, PlayAgain)
ClientMessage = Annotated[
    Hello | Act | Check | PreviewRequest | ChatRequest | Ping | PlayAgain, Field(discriminator="type")
]
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
Decision = Act | Check | PreviewRequest


def read_decision(message: JSONObject) -> Decision | JSONObject:
    """An act, check or preview message read through its model, or the refusal (an error reply without
    its id) in the words and codes the server has always used."""
    try:
        read = CLIENT_MESSAGE.validate_python(message)
    except ValidationError as exc:
        fields = {str(err["loc"][1]) for err in exc.errors() if len(err["loc"]) > 1}
        kind = message.get("type")
        if "action" in fields:
            return {"type": "error", "message": f"a {kind!r} message needs an 'action'", "code": "needs_action"}
        if "version" in fields:
            text = "an 'act' message needs the 'version' of the state its decision was made on"
            return {"type": "error", "message": text, "code": "needs_version"}
        return {"type": "error", "message": "'id' must be a short number or text", "code": "bad_id"}
    assert isinstance(read, Act | Check | PreviewRequest)  # (the caller passes decisions only)
    return read


# ------------------------------------------------------------------------------------ the schema
def protocol_schema() -> JSONObject:
    """The JSON Schema of every message: ``ServerMessage`` (sent) and ``ClientMessage`` (read)."""
    models = [(m, "validation") for m in (*SERVER_MODELS, *CLIENT_MODELS)]
    _, schema = models_json_schema(models, ref_template="#/$defs/{model}")  # type: ignore[arg-type]
    ref = "#/$defs/{}"
    schema.update(
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "The table's WebSocket protocol (webtable.messages)",
            "description": "ServerMessage: what the server sends; ClientMessage: what it reads.",
        }
    )
    schema["$defs"]["ServerMessage"] = {
        "oneOf": [{"$ref": ref.format(m.__name__)} for m in SERVER_MODELS],
        "discriminator": {"propertyName": "type"},
    }
    schema["$defs"]["ClientMessage"] = {
        "oneOf": [{"$ref": ref.format(m.__name__)} for m in CLIENT_MODELS],
        "discriminator": {"propertyName": "type"},
    }
    return schema


def schema_text() -> str:
    """The committed file's text."""
    return json.dumps(protocol_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    sys.stdout.write(schema_text())
