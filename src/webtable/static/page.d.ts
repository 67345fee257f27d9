// The page's own shapes, shared by its scripts (plain scripts: these names are global). The messages
// themselves are Protocol.* (protocol.d.ts, generated from protocol.schema.json): what is typed here
// is what the page builds from them.

/** The public snapshot after a log entry: views.py's {"obs": observe(None), "board": public board}. */
interface Snapshot { obs?: { [key: string]: any }; board?: { [key: string]: any } | null; [key: string]: any }

/** A log entry as the page keeps it: the protocol's entry, its position, and the snapshot after it. */
interface TableEntry extends Protocol.LogEntry { index?: number; snap?: Snapshot; notice?: undefined }
/** A stand-in's notice shown among the log's entries (not an entry of the game's log). */
interface NoticeEntry { notice: Protocol.Timeout; event: {}; lines: string[]; index?: undefined }
type ShownEntry = TableEntry | NoticeEntry;

/** A state as drawn: the protocol's state, or the public snapshot of the entry being told over it. */
interface ViewState extends Protocol.State { held?: boolean; told?: number }

/** A request waiting for its reply (ack, checked, preview, said or error). */
interface Waiting { resolve: (reply: Protocol.ServerMessage) => void; reject: (err: Error) => void; type: string; version?: number }

/** One WebSocket connection: a seat played on this screen, or the spectator's. */
interface Conn {
  seat: number | null; token: string | null; invite: string | null;
  waiting: { [id: string]: Waiting }; ws: WebSocket | null; retry: number; closed: boolean;
  acked?: number; confirmed?: number; refusal?: string;
  pendingClaim?: (seat: number, token: string | null, status: string) => void;
}

/** What a game's page module is given: the table's state and its ways to talk to the server. */
interface TableContext {
  id: string; meta: any; summary: Protocol.GameSummary; page: GamePage;
  conns: { [seat: string]: Conn }; states: { [seat: string]: Protocol.State };
  active: number | "spectator" | null; shown: number | "spectator" | null;
  logEntries: TableEntry[]; logShown: number; reportSeen: number;
  chain: { at: number; snap: Snapshot };
  lastState?: ViewState; readFor?: number | "spectator" | null; acks?: number;
  act: (seat: number, action: any) => Promise<Protocol.ServerMessage>;
  check: (seat: number, action: any) => Promise<Protocol.ServerMessage>;
  preview: (seat: number, action: any) => Promise<Protocol.ServerMessage>;
  [key: string]: any;
}

/** A game's page module (wallenstein.js, league_of_six.js): draws its board from states and snapshots. */
interface GamePage {
  init(ctx: TableContext): Promise<void> | void;
  render(ctx: TableContext, state: ViewState): void;
  renderPlayers(ctx: TableContext): void;
  logItem(ctx: TableContext, entry: TableEntry): Node;
  phaseLine(ctx: TableContext, state: Protocol.State): string;
  [key: string]: any;
}

interface Window { GamePages: { [game: string]: GamePage }; WTReview?: { attach(table: any): void; chart(review: any): Element; words(action: any, obs: any): string } }

/** An entry of help_index.json (the rules help's decision summaries, worded through the catalogue). */
interface HelpEntry { key: string; game: string; kind: string; edition?: string; howto?: string; [key: string]: any }
