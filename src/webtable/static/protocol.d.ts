// The table's WebSocket protocol as TypeScript declarations, generated from protocol.schema.json
// (the Pydantic models of webtable.messages) by tools/protocol_types.py. Do not edit: regenerate with
//   PYTHONPATH=src python -m webtable.messages > src/webtable/static/protocol.schema.json
//   python tools/protocol_types.py
// tests/tools/test_protocol_types_tool.py fails when this file differs from what the tool writes.
/** ServerMessage: what the server sends; ClientMessage: what it reads. */
declare namespace Protocol {
  interface Ack {
    id: number | string | null;
    type: "ack";
  }
  interface Act {
    /** a legal action's JSON form */
    action: any;
    id?: number | string | null;
    type: "act";
    /** the version of the state message the decision was made on */
    version: number;
  }
  /** A finished game's follow-up was made ("Play again"): sent to every connection of the finished game. A seat's player joins it with POST /api/games/{id}/again and the finished game's seat token, which returns that player's seats' new tokens; a spectator may watch it. */
  interface Again {
    /** the follow-up game's id */
    game: string;
    /** that seat's name */
    name: string;
    /** the seat whose player asked first */
    seat: number;
    type: "again";
  }
  /** The follow-up game "Play again" made of a finished game (webtable.rematch). */
  interface AgainLink {
    /** the follow-up game's id */
    id: string;
    /** the seat whose player asked first */
    seat: number;
  }
  /** The answer to a connection's "again": the follow-up's seat this connection held and its new token (to this connection only). */
  interface AgainSeats {
    /** the follow-up game's id */
    game: string;
    id: number | string | null;
    seats: SeatToken[];
    type: "again_seats";
  }
  interface ChatLine {
    name: string;
    seat: number;
    text: string;
    type: "chat";
  }
  interface ChatRequest {
    id?: number | string | null;
    /** a line of text (seated players only) */
    text: any;
    type: "chat";
  }
  interface Check {
    action: any;
    id?: number | string | null;
    type: "check";
  }
  interface Checked {
    code?: string | null;
    id: number | string | null;
    message: string;
    ok: boolean;
    params?: { [key: string]: any } | null;
    type: "checked";
  }
  type ClientMessage = Hello | Act | Check | PreviewRequest | ChatRequest | Ping | PlayAgain;
  /** Timed seats' seconds left now (sent when a turn clock starts or stops; the page counts down). */
  interface ClockMessage {
    left: { [key: string]: number };
    type: "clock";
  }
  interface Error {
    /** what went wrong, for the page to word in its language */
    code?: string | null;
    damaged?: boolean | null;
    id?: number | string | null;
    message: string;
    params?: { [key: string]: any } | null;
    storage?: "waiting" | null;
    type: "error";
  }
  /** A public log event: its kind ``e`` and the game's own fields. */
  interface Event {
    e: string;
    /** the game's own fields */
    [key: string]: any;
  }
  /** Public facts about a game (rooms.Room.summary), for the lobby and every client. */
  interface GameSummary {
    /** the follow-up game of a finished one, once made */
    again?: AgainLink | null;
    /** timed seats' seconds left for their decision now (seat numbers as strings) */
    clock?: { [key: string]: number };
    game: string;
    /** hints each seat asked for in a game against bots (seat numbers as strings) */
    hints?: { [key: string]: number };
    id: string;
    players: number;
    private: boolean;
    result: { [key: string]: any } | null;
    seats: SeatInfo[];
    spectators: number;
    status: "running" | "over" | "abandoned";
    storage: "ok" | "waiting";
    title: string;
    /** decisions taken so far */
    version: number;
  }
  /** The first message: a seat's token, an invite to claim, or neither (a spectator). */
  interface Hello {
    invite?: string | null;
    /** the log's language (en, de); others: English */
    lang?: string | null;
    token?: string | null;
    type: "hello";
  }
  /** One entry of the public log, told in the connection's language. */
  interface LogEntry {
    /** RFC 7386 merge patch: the public snapshot after the game's previous entry ({} before the first) becomes the public snapshot after this one, {"obs": observe(None), "board": public board} with null members left out (views.py) */
    after: { [key: string]: any };
    event: Event;
    lines: string[];
  }
  interface Ping {
    id?: number | string | null;
    type: "ping";
  }
  /** A seated connection of a finished game plays it again (webtable.rematch): the follow-up is made if nobody asked before; the answer is "again_seats". */
  interface PlayAgain {
    id?: number | string | null;
    type: "again";
  }
  interface Pong {
    id: number | string | null;
    type: "pong";
  }
  /** What a decision may bring (a battle's odds; League of Six's tax-tile yields): the game's own fields. */
  interface PreviewReply {
    id: number | string | null;
    kind: string;
    type: "preview";
    /** the game's own fields */
    [key: string]: any;
  }
  interface PreviewRequest {
    action: any;
    id?: number | string | null;
    type: "preview";
  }
  interface RoomChanged {
    game: GameSummary;
    type: "room";
  }
  interface Said {
    id: number | string | null;
    type: "said";
  }
  /** A seat as anyone may see it (rooms.public_seats). */
  interface SeatInfo {
    bot: string | null;
    colour: string;
    connected: boolean;
    name: string;
    /** an invited seat nobody has claimed yet */
    open: boolean;
    seat: number;
    type: ("human" | "bot") | null;
  }
  interface SeatToken {
    seat: number;
    token: string;
  }
  type ServerMessage = Welcome | State | Ack | Checked | PreviewReply | Error | RoomChanged | ChatLine | Said | Pong | Timeout | ClockMessage | Again | AgainSeats;
  interface State {
    board: { [key: string]: any } | null;
    /** the seat's legal decisions now (JSON forms) */
    legal: any[];
    log: LogEntry[];
    /** the log position of log[0]; 0 starts the after chain again from {} */
    log_from: number;
    /** observe(seat): what this seat (null: a spectator) may know now */
    obs: { [key: string]: any };
    over: boolean;
    result: { [key: string]: any } | null;
    seat: number | null;
    type: "state";
    version: number;
  }
  /** A public notice: a stand-in decided for a seat (its turn time ran out, or its bot failed). */
  interface Timeout {
    /** the log position the notice stands at */
    at: number;
    cause?: string | null;
    limit?: number | null;
    seat: number;
    type: "timeout";
  }
  interface Welcome {
    game: GameSummary;
    /** the seat this connection plays; null: a spectator */
    seat: number | null;
    /** a claimed invite's fresh token, to this connection only */
    token?: string | null;
    type: "welcome";
  }
}
