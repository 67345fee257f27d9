// @ts-check
"use strict";
// The table page: connections (one per seat played on this screen, or one spectator connection),
// hot-seat curtain, log, invites, replay viewer. Game-specific drawing lives in GamePages[game].
(async function table() {
  await WT.i18nReady;
  WT.one("header.top").append(WT.languageChooser());
  const $ = WT.byId;  // the page's own elements (game.html); `find` where one may be absent
  /** @param {string} elId */
  const find = (elId) => document.getElementById(elId);
  const id = location.pathname.split("/").pop();
  const mine = WT.mine(String(id));
  // An invite link carries its token in the URL fragment (never sent to the server by the browser).
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get("token")) {
    mine.pendingToken = frag.get("token");
    history.replaceState(null, "", location.pathname);
    WT.keep(id, mine);
  }
  // An invite is claimed once: the first connection with it gets the seat's own token (kept here only).
  if (frag.get("invite")) {
    mine.pendingInvite = frag.get("invite");
    history.replaceState(null, "", location.pathname);
    WT.keep(id, mine);
  }
  // Seats this browser calls "you" (the guided game's), named in the page's language.
  const nameYou = (s) => { for (const seat of mine.you || []) if (s.seats && s.seats[seat]) s.seats[seat].name = WT.t("help.guide.you"); return s; };
  let summary;
  try { summary = nameYou(await WT.json(`/api/games/${id}`)); }
  catch (e) { $("status").textContent = WT.errorText(e); return; }
  const page = window.GamePages[summary.game];
  document.body.dataset.game = summary.game; // (the phone layout gives League of Six's ring more height)
  const meta = await WT.json(`/api/meta/${summary.game}?lang=${WT.lang}`);  // labels in the page's language
  /** @type {TableContext} */
  const ctx = /** @type {any} */ ({ id, meta, summary, page, conns: {}, states: {}, active: null, shown: null, logEntries: [], logShown: 0, reportSeen: 0, chain: { at: -1, snap: {} } });
  await page.init(ctx);
  // The header names the game (in the page's language); a page module may rename its panels (labels: {id: text}).
  summary.title = WT.t("lobby.title." + summary.game);
  WT.one("header.top h1 a").textContent = WT.t("table.heading", { title: summary.title });
  document.title = WT.t("table.heading", { title: summary.title });
  for (const [elId, text] of Object.entries(page.labels || {})) { const node = find(elId); if (node) node.textContent = text; }
  $("title").textContent = WT.t("table.subtitle", { title: summary.title, n: summary.players, id });

  // The dock's tabs: panels opened in place over the log's upper part (a tab again closes it).
  WT.dock.init([["dock-details", page.detailsLabel || WT.t("table.details")], ["dock-standings", WT.t("table.standings")],
    ["dock-modules", WT.t("table.modules")], ["help-panel", WT.t("help.heading")], ["chat", WT.t("table.chat_tab")], ["invites", WT.t("table.invites_tab")]]);

  // ------------------------------------------------------------------ connections
  let msgId = 0;
  /** @param {number | null} seat @param {string | null} token @param {string | null} [invite] @returns {Conn} */
  function connect(seat, token, invite = null) {
    /** @type {Conn} */
    const conn = { seat, token, invite, waiting: {}, ws: null, retry: 500, closed: false };
    ctx.conns[seat === null ? "spectator" : seat] = conn;
    const open = () => {
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${id}`);
      conn.ws = ws;
      ws.onopen = () => {
        conn.retry = 500;
        // An invite is claimed once; the page's language asks for the log in it (issue 15).
        /** @type {Protocol.Hello} */
        const hello = conn.token ? { type: "hello", token: conn.token } : conn.invite ? { type: "hello", invite: conn.invite } : { type: "hello" };
        ws.send(JSON.stringify({ ...hello, lang: WT.lang }));
      };
      ws.onmessage = (ev) => onMessage(conn, JSON.parse(ev.data));
      ws.onclose = (ev) => {
        for (const w of Object.values(conn.waiting)) w.reject(new Error(WT.t("table.conn_lost")));
        conn.waiting = {};
        // The server's refusals close with 4xxx codes: trying again would be refused again (a claimed
        // invite looped twice a second). Only a full store (4503) or a slow reader (4408) is worth retrying.
        if (ev.code >= 4000 && ev.code < 5000 && ev.code !== 4503 && ev.code !== 4408) conn.closed = true;
        if (conn.closed) { refused(conn); return; }
        setStatus(WT.t("table.reconnecting"));
        setTimeout(open, conn.retry); conn.retry = Math.min(conn.retry * 2, 8000);
      };
    };
    open();
    return conn;
  }

  /**
   * @param {number} seat @param {"act" | "check" | "preview"} type @param {any} action
   * @returns {Promise<Protocol.ServerMessage>}
   */
  function request(seat, type, action) {
    const conn = ctx.conns[seat];
    return new Promise((resolve, reject) => {
      if (!conn || !conn.ws || conn.ws.readyState !== 1) { reject(new Error(WT.t("table.not_connected"))); return; }
      const ref = ++msgId;
      // A decision names the state it was made on; the server refuses it if the game has moved on.
      const st = ctx.states[seat];
      const version = st ? st.version : -1;
      conn.waiting[ref] = { resolve, reject, type, version };
      /** @type {Protocol.ClientMessage} */
      const message = type === "act" ? { type, id: ref, version, action } : { type, id: ref, action };
      conn.ws.send(JSON.stringify(message));
    });
  }
  // Deciding means the person has caught up: what was still queued for playback is shown at once.
  ctx.act = (seat, action) => { playback.flush(); return request(seat, "act", action); };
  ctx.check = (seat, action) => request(seat, "check", action);
  ctx.preview = (seat, action) => request(seat, "preview", action);

  /** @param {Conn} conn @param {Protocol.ServerMessage} msg */
  function onMessage(conn, msg) {
    const ref = "id" in msg && msg.id !== undefined && msg.id !== null ? String(msg.id) : undefined;
    const w = ref !== undefined ? conn.waiting[ref] : undefined;
    if (msg.type === "clock") { if (conn === primary()) setClocks(msg.left); return; }
    if (msg.type === "welcome") {
      if (conn === primary()) setClocks(msg.game.clock);
      if (msg.token) { conn.token = msg.token; conn.invite = null; }
      if (conn.pendingClaim && msg.seat !== null) { conn.seat = msg.seat; conn.pendingClaim(msg.seat, conn.token, msg.game.status); }
      ctx.summary = nameYou(msg.game); renderInvites(); renderNotice(); return;
    }
    if (msg.type === "chat") { if (conn === primary()) chatLine(msg); return; }
    if (msg.type === "timeout") { if (conn === primary()) notice(msg); return; }
    if (msg.type === "again") { if (conn === primary() && window.WTRematch) window.WTRematch.told(ctx, msg); return; }  // "Play again" (rematch.js)
    if (msg.type === "room") { if (conn === primary()) setClocks(msg.game.clock); ctx.summary = nameYou(msg.game); renderStatus(); renderNotice(); renderInvites(); page.renderPlayers(ctx); return; }
    if (msg.type === "error" && msg.id === undefined && !w) {
      setStatus(WT.serverText(msg));  // a refusal of the connection, in the page's language
      conn.refusal = WT.serverText(msg);
      if (msg.code === "wrong_token") conn.closed = true;
      return;
    }
    if (w) {
      delete conn.waiting[/** @type {string} */ (ref)];
      if (msg.type === "error") w.reject(WT.serverError(msg)); else w.resolve(msg);
      if (msg.type === "ack") {
        conn.acked = (conn.acked || 0) + 1; ctx.acks = (ctx.acks || 0) + 1; document.body.dataset.acks = String(ctx.acks);
        // The state after the decision may have come just before its ack (a state the server had already
        // queued is built when sent, after the decision): then it is drawn already.
        const st = ctx.states[conn.seat === null ? "spectator" : conn.seat];
        if (st && w.version !== undefined && st.version > w.version) { conn.confirmed = conn.acked; schedule(); }
      }
      return;
    }
    if (msg.type === "state") {
      ctx.states[conn.seat === null ? "spectator" : conn.seat] = msg;
      // A state on this connection after a decision's ack shows that decision (one before the ack may
      // too: see the ack above); a state arriving on another seat's connection first may predate it.
      conn.confirmed = conn.acked || 0;
      // A new connection (a reconnect) is sent the log from the start: add only the entries not shown yet.
      if (conn === primary()) {
        chainSnapshots(msg);
        const first = ctx.logEntries.length === 0; // the log so far is shown at once, later entries played back
        // (The game's last moves too are played back at the chosen pace: see ctx.atTheEnd.)
        msg.log.forEach((e, i) => { if (msg.log_from + i >= ctx.logEntries.length) addLog(e, first); });
        if (first) $("log").scrollTop = $("log").scrollHeight;  // newest at the bottom, in view
        if (msg.over) playback.refresh();  // its skip button now skips to the final scores
      }
      schedule();
    }
  }

  function primary() { return Object.values(ctx.conns)[0]; }
  // A refused connection says why once, and offers to watch the game instead.
  function refused(conn) {
    document.body.dataset.refused = "1";
    const why = conn.refusal || WT.t("table.refused_conn");
    setStatus(why);
    if (find("refusal")) return;
    const watch = WT.el("button", { class: "primary", id: "watch-instead", onclick: () => {
      box.remove(); for (const k of Object.keys(ctx.conns)) if (ctx.conns[k] === conn) delete ctx.conns[k];
      delete document.body.dataset.refused;
      if (!ctx.conns.spectator) connect(null, null); else renderStatus();  // (a claim's page watches already)
    } }, WT.t("table.watch_instead"));
    const box = WT.el("section", { class: "panel greeting", id: "refusal", role: "alert" }, WT.el("p", {}, why), watch);
    $("side").prepend(box);
  }

  // Each log entry may carry "after": an RFC 7386 merge patch from the public snapshot after the entry
  // before it ({} before the first) to the one after it; a state with log_from 0 starts the chain again.
  // While the playback tells an entry, the board is drawn from its snapshot (story helper's contract).
  ctx.chain = { at: -1, snap: {} };
  /** @param {Protocol.State} msg */
  function chainSnapshots(msg) {
    if (msg.log_from === 0) ctx.chain = { at: -1, snap: {} };
    msg.log.forEach((e, i) => {
      const idx = msg.log_from + i;
      if (!e.after || idx !== ctx.chain.at + 1) return;
      ctx.chain = { at: idx, snap: /** @type {Snapshot} */ (WT.mergePatch(ctx.chain.snap, e.after)) };
      /** @type {TableEntry} */ (e).snap = ctx.chain.snap;
      if (ctx.logEntries[idx]) ctx.logEntries[idx].snap = ctx.chain.snap;
    });
  }
  // The state drawn: while an entry with a snapshot is being told and more are queued, the public
  // parts come from its snapshot and the seat's private parts from its latest state; the decision waits.
  const PRIVATE_KEYS = ["seat", "my_plan", "hand"];
  /** @param {Protocol.State} state @returns {ViewState} */
  function viewState(state) {
    const told = playback.telling();
    if (!told || !told.snap || !told.snap.obs) return state;
    const obs = { ...told.snap.obs };
    for (const [k, v] of Object.entries(state.obs)) if (!(k in told.snap.obs) || PRIVATE_KEYS.includes(k)) obs[k] = v;
    // (At the end the decision panel holds the final scores behind its button: ctx.atTheEnd.)
    return { ...state, obs, board: told.snap.board, legal: [], held: !state.over && state.legal.length > 0, told: told.index };
  }

  let queued = false;
  function schedule() { if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; render(); }); } }

  // ------------------------------------------------------------------ hot-seat and rendering
  const localSeats = () => Object.keys(ctx.conns).filter((k) => k !== "spectator").map(Number);
  function chooseActive() {
    const seats = localSeats();
    if (!seats.length) return "spectator";
    const waiting = seats.filter((s) => ctx.states[s] && ctx.states[s].legal.length);
    const active = typeof ctx.active === "number" ? ctx.active : -1;
    if (waiting.length) return waiting.includes(active) ? active : waiting[0];
    return seats.includes(active) ? active : seats[0];
  }
  function render() {
    const hotseat = localSeats().length > 1;
    // In hot-seat, choose the first seat to decide only once every local seat's connection has sent its
    // state: otherwise whichever connection answers first would decide before the lowest seat.
    if (hotseat && localSeats().some((s) => !ctx.states[s])) return;
    const next = chooseActive();
    if (hotseat && typeof next === "number" && next !== ctx.shown && ctx.states[next] && ctx.states[next].legal.length) {
      ctx.active = next;
      const name = ctx.summary.seats[next].name;
      $("curtain-msg").textContent = WT.t("table.curtain", { name, colour: WT.colourName(ctx.summary.seats[next].colour) });
      curtain(true);
      renderStatus(next);  // the status line above the curtain tells the coming seat's phase, not the last one's
      return;
    }
    ctx.active = next;
    if ($("curtain").hidden) ctx.shown = next;
    const real = ctx.states[String(ctx.shown)];
    if (!real) return;
    if (ctx.readFor !== ctx.shown) { ctx.readFor = ctx.shown; ctx.reportSeen = Math.max(ctx.reportSeen, readUpTo()); }
    const state = viewState(real);
    document.body.dataset.told = state.told === undefined ? "" : String(state.told);
    document.body.dataset.deciding = state.legal.length ? "1" : "";
    // (On a phone the final scores, once shown, get the decision's room: app.css.)
    document.body.dataset.over = state.over && !ctx.endHeld() ? "1" : "";
    // (On a phone the planning's decision takes the room of most of the map: app.css.)
    document.body.dataset.planning = state.legal.some((a) => a.type === "plan_card" || a.type === "plan") ? "1" : "";
    renderStatus(ctx.shown, state);
    // A greeting of play to come, never put away, goes once the final scores show: it told of turns to
    // come over them (on a phone it pushed "Play again" below the fold).
    const greeting = find("greeting");
    if (greeting && greeting.dataset.status === "running" && state.over && !ctx.endHeld()) { greeting.remove(); }
    page.render(ctx, state);
    heldNote(state);
    drawClocks();  // (the player boards were drawn again)
    (WT.renderHooks || []).forEach((hook) => hook(ctx, state));  // i18n hook: rules help and the guide (help.js, guide.js)
    yourTurnSignal(state);
    // How many acknowledged decisions the drawn states include: each connection's own acks up to its last
    // state (in hot-seat the other seat's connection may deliver its state before the acting one's).
    document.body.dataset.drawnAcks = String(Object.values(ctx.conns).reduce((n, c) => n + (c.confirmed || 0), 0));
    maybeReport();
  }
  // The decision waits for the playback: said above the panel, with the way to skip to it.
  function heldNote(state) {
    const old = find("held-note");
    if (!state.held) { if (old) old.remove(); return; }
    if (old) return;
    $("turn-body").prepend(WT.el("p", { id: "held-note", class: "event-now" }, WT.t("table.decision_held"), " ",
      WT.el("button", { class: "primary", onclick: () => playback.flush() }, WT.t("table.playback_skip"))));
  }
  // While the curtain is up the table behind it is hidden, not just covered: nothing of the last seat's
  // view shows through, and the keyboard cannot reach it.
  function curtain(up) { $("curtain").hidden = !up; WT.one("main").hidden = up; playback.refresh(); if (up) $("curtain-go").focus(); }
  $("curtain-go").addEventListener("click", () => { curtain(false); ctx.shown = ctx.active; render(); });

  function setStatus(text) { $("status").textContent = text; }
  // The server's side of the game: waiting on storage, abandoned, invited seats still open.
  function renderNotice() {
    let box = find("server-notice");
    if (!box) { box = WT.el("p", { id: "server-notice", class: "notice", role: "status" }); WT.one("main").prepend(box); }
    // (Open seats only while the game runs: at a finished game the line took a phone's room for nothing.)
    const s = ctx.summary; const open = s.status === "running" ? (s.seats || []).filter((x) => x.open).length : 0;
    const lines = [s.storage === "waiting" && WT.t("table.storage_waiting"), s.status === "abandoned" && WT.t("table.abandoned"), open && WT.t("table.open_seats", { n: open })].filter(Boolean);
    box.textContent = lines.join(" "); box.hidden = !lines.length;
  }
  // (Given the state drawn, the header tells the phase the board shows: while the playback tells an
  // entry it named the latest state's phase, ahead of the board and the log.)
  /** @param {number | "spectator" | null} seat @param {ViewState | null} [drawn] */
  function renderStatus(seat = ctx.shown, drawn = null) {
    const st = drawn || ctx.states[String(seat)];
    if (!st || seat === null) return;
    const who = seat === "spectator" ? WT.t("table.watching") : WT.t("table.playing", { colour: WT.colourName(ctx.summary.seats[seat].colour) });
    const telling = drawn !== null && drawn.told !== undefined;  // (the game's last moves are still being told)
    setStatus(st.over && !telling ? WT.t("table.status_over", { who }) : WT.t("table.status", { phase: page.phaseLine(ctx, st), who }));
  }

  // ------------------------------------------------------------------ log and reports
  /** @param {TableEntry} entry @param {boolean} now */
  function addLog(entry, now) {
    for (const n of noticesAt(ctx.logEntries.length)) { if (now) showLog(n); else playback.push(n); }
    entry.index = ctx.logEntries.length;
    ctx.logEntries.push(entry);
    if (now) showLog(entry); else playback.push(entry);
  }
  /** @type {Node[]} */
  const logNodes = []; // the log's node of each entry shown (a notice may go before one)
  /** @param {ShownEntry} entry @param {Node | null} [before] */
  // Whether the log follows its newest line: it does until the person scrolls up to read. A hidden log
  // (a phone's log gives way to the planning mat) cannot scroll: shown again, it goes to its newest line
  // (it showed the season's first lines under the narration of its last ones).
  let logPinned = true;
  $("log").addEventListener("scroll", () => {
    const box = $("log");
    if (box.clientHeight) logPinned = box.scrollTop + box.clientHeight >= box.scrollHeight - 20;
  });
  new ResizeObserver(() => { const box = $("log"); if (logPinned && box.clientHeight) box.scrollTop = box.scrollHeight; }).observe($("log"));
  function showLog(entry, before) {
    const box = $("log");
    const atEnd = box.clientHeight ? box.scrollTop + box.clientHeight >= box.scrollHeight - 20 : logPinned;
    const node = entry.notice ? noticeItem(entry.notice) : page.logItem(ctx, entry);
    if (entry.index !== undefined && node instanceof HTMLElement) { node.dataset.index = String(entry.index); node.dataset.e = String(entry.event.e || ""); node.addEventListener("click", () => litEntry(entry, node)); }
    box.insertBefore(node, before || null);
    if (atEnd) box.scrollTop = box.scrollHeight;
    if (entry.index !== undefined) {
      logNodes[entry.index] = node;
      // A report (a battle, a winter's scoring) opens when the playback reaches its entry, not before it:
      // it would tell a battle's or the game's outcome ahead of the log. (Before the first render,
      // render's own call opens them, once the page knows its seat.)
      if (entry.index >= ctx.logShown) { ctx.logShown = entry.index + 1; if (ctx.shown !== null) maybeReport(); }
    }
  }
  // An entry clicked in the log lights its counties (towns) on the board.
  function litEntry(entry, node) {
    for (const n of document.querySelectorAll(".log-lit")) n.classList.remove("log-lit");
    node.classList.add("log-lit");
    if (page.light) page.light(ctx, entry.event);
  }
  // A stand-in bot played a seat's move (its time ran out, or its own bot failed): the notice stands in the log before the entries
  // that move added (its "at"), kept by the server, so a reload, a reconnect and the replay show it.
  /** @type {{ seen: Set<string>, waiting: Protocol.Timeout[] }} */
  const notices = { seen: new Set(), waiting: [] };
  /** @param {Protocol.Timeout} n */
  function notice(n) {
    const key = `${n.at}:${n.seat}`;
    if (notices.seen.has(key)) return;
    notices.seen.add(key);
    const live = Object.keys(ctx.states).length > 0; // (on opening the page the kept notices come before the log)
    if (live) lateToast(n);
    // It just happened: before the entries the bot's move added if they are shown already, else now
    // (they are still to come in the playback).
    if (n.at === undefined || (live && n.at <= ctx.logEntries.length)) showLog({ notice: n, event: {}, lines: [] }, logNodes[n.at]);
    else notices.waiting.push(n);
  }
  /** @param {number} i @returns {NoticeEntry[]} */
  function noticesAt(i) {
    const due = notices.waiting.filter((n) => n.at <= i);
    notices.waiting = notices.waiting.filter((n) => n.at > i);
    return due.map((n) => ({ notice: n, event: {}, lines: [noticeText(n)] }));
  }
  // The seat's player by name, or its colour in the page's language (a bot's seat is named by its colour).
  const noticeName = (seat) => (!seat ? "" : seat.name && seat.name !== seat.colour ? seat.name : WT.colourName(seat.colour));
  const noticeText = (n) => WT.t(n.cause === "bot_failed" ? "table.bot_failed" : "table.timeout",
    { name: noticeName(ctx.summary.seats[n.seat]), n: n.limit });
  const noticeItem = (n) => WT.el("div", { class: "timeout" }, noticeText(n));
  // The turn clock: each timed seat's countdown on its player board, red and blinking in its last 10 s;
  // the seat played on this screen also hears a tone then, if the turn sound is on.
  /** @type {{ [seat: string]: number }} */
  const clocks = {}; // seat -> when its time runs out (performance.now() ms)
  const warned = new Set();
  /** @param {{ [seat: string]: number } | undefined} left */
  function setClocks(left) {
    if (!left) return;
    for (const k of Object.keys(clocks)) delete clocks[k];
    for (const [seat, s] of Object.entries(left)) clocks[seat] = performance.now() + s * 1000;
    drawClocks();
  }
  function drawClocks() {
    const now = performance.now();
    for (const span of document.querySelectorAll("[data-clock]")) {
      if (!(span instanceof HTMLElement)) continue;
      const seat = span.dataset.clock || ""; const end = clocks[seat];
      const ms = end === undefined ? 0 : end - now;
      span.hidden = ms <= 0;
      if (ms <= 0) continue;
      const s = Math.ceil(ms / 1000);
      span.textContent = `⏱ ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
      span.setAttribute("aria-label", WT.t("table.clock_left", { n: s }));
      span.classList.toggle("warn", s <= 10);
      const key = `${seat}:${Math.round(end)}`;
      if (s <= 10 && !warned.has(key) && localSeats().includes(Number(seat))) { warned.add(key); document.body.dataset.clockWarned = seat; if (soundBox.checked) beep(); }
    }
  }
  setInterval(drawClocks, 250);
  // A bot played a late person's move: said where the player looks, not only in the log.
  function lateToast(n) {
    const old = find("late-toast"); if (old) old.remove();
    const toast = WT.el("div", { class: "late-toast", id: "late-toast", role: "alert" }, noticeText(n), " ",
      WT.el("button", { onclick: () => toast.remove() }, WT.t("table.greeting_ok")));
    document.body.append(toast);
    setTimeout(() => toast.remove(), 8000);
  }

  // ------------------------------------------------------------------ playback of the log
  // What others did is told one log entry at a time, at a pace the person chooses: the entry's line
  // stands in the bar above the board, its county is lit and its armies move; where the server sends
  // each entry's snapshot, the board shows the state after the entry being told, and the decision
  // waits until the playback reaches it (or "skip"). The playback is only a view of the log.
  const SPEEDS = { slow: 2200, normal: 1250, fast: 650, instant: 0 };
  const SPEED_WORDS = { slow: "table.speed_slow", normal: "table.speed_normal", fast: "table.speed_fast", instant: "table.speed_instant" };
  ctx.SPEEDS = SPEEDS; ctx.SPEED_WORDS = SPEED_WORDS;
  const playback = (() => {
    const queue = [];
    let paused = localStorage.getItem("wt:paused") === "1"; let timer = null; let current = null;
    const speed = () => SPEEDS[/** @type {keyof SPEEDS} */ (WT.field("play-speed").value)] ?? SPEEDS.normal;
    const bar = WT.el("div", { class: "panel playbar", id: "playbar", role: "group", "aria-label": WT.t("table.playback") },
      WT.el("label", { for: "play-speed", class: "small" }, WT.t("table.playback_speed")),
      WT.el("select", { id: "play-speed", onchange: (e) => { localStorage.setItem("wt:playback", e.target.value); if (e.target.value === "instant") flush(); else next(); } },
        ...Object.keys(SPEEDS).map((k) => WT.el("option", { value: k, selected: (localStorage.getItem("wt:playback") || "normal") === k }, WT.t(SPEED_WORDS[k])))),
      WT.el("button", { id: "play-pause", onclick: () => togglePause() }, ""),
      WT.el("button", { id: "play-step", onclick: () => step() }, WT.t("table.playback_step")),
      WT.el("button", { id: "play-skip", onclick: () => flush() }, WT.t("table.playback_skip")),
      WT.el("div", { id: "play-now", "aria-live": "polite" }),
      WT.el("span", { id: "play-left", class: "small muted" }));
    $("mapcol").prepend(bar);
    function togglePause() { paused = !paused; localStorage.setItem("wt:paused", paused ? "1" : "0"); draw(); next(); }
    // How long an entry is told: at least the chosen pace, longer for a long line, a battle twice as long.
    function paceOf(entry) {
      const base = speed();
      const text = (entry.lines || []).join(" ");
      const e = entry.event || {};
      const battle = e.e === "battle" || e.e === "revolt" || e.e === "conflict" ? 2 : 1;
      return Math.min(base * 3, Math.max(base * battle, text.length * base / 60));
    }
    // ms: how long the entry has on its own (armies move over it); 0 when shown at once.
    function show(entry, ms = 0) {
      showLog(entry);
      current = entry.index !== undefined ? entry : current;
      const text = (entry.lines || []).filter((l) => l).join(" ");
      if (text) $("play-now").textContent = text;
      if (page.highlight) page.highlight(ctx, entry.event, ms);
    }
    function step() { if (queue.length) { show(queue.shift(), speed()); schedule(); } draw(); }
    function draw() {
      $("play-pause").textContent = WT.t(paused ? "table.playback_resume" : "table.playback_pause");
      $("play-pause").setAttribute("aria-pressed", String(paused));
      $("play-left").textContent = queue.length ? WT.t("table.playback_left", { n: queue.length }) : "";
      // At the end there is no decision to skip to: the button skips to the final scores; a spectator
      // has no decision of their own: the button skips to now.
      const over = Object.values(ctx.states).some((st) => st.over);
      const watching = !Object.keys(ctx.conns).some((k) => k !== "spectator");
      $("play-skip").textContent = WT.t(over ? "table.playback_skip_end" : watching ? "table.playback_skip_now" : "table.playback_skip");
      $("play-skip", HTMLButtonElement).disabled = !queue.length;
      document.body.dataset.playQueue = String(queue.length);
    }
    function next() {
      if (timer !== null) return;
      if (!queue.length || (paused && speed() > 0)) { draw(); schedule(); return; }  // (schedule: see atTheEnd)
      if (speed() === 0) { flush(); return; }
      const entry = queue.shift();
      // Entries without words (bookkeeping) pass at once.
      const worded = (entry.lines || []).some((l) => l);
      const pace = worded ? paceOf(entry) : 0;
      show(entry, pace); draw(); schedule();
      timer = setTimeout(() => { timer = null; next(); }, pace);
    }
    // Skipped (or acted on): nothing is left to follow.
    function flush() { while (queue.length) show(queue.shift()); if (page.highlight) page.highlight(ctx, null); draw(); schedule(); }
    draw();
    return {
      push(entry) { queue.push(entry); next(); }, flush, left: () => queue.length, refresh: draw,
      // The entry being told while more are to come (the board shows the state after it).
      telling: () => (queue.length ? current : null),
    };
  })();
  ctx.endHeld = () => playback.left() > 0;
  ctx.atTheEnd = (finalPanel) => (!ctx.endHeld() ? finalPanel() : WT.el("div", { id: "over-playing" },
    WT.el("p", {}, WT.t("table.over_playing")),
    WT.el("button", { id: "show-final", class: "primary", onclick: () => playback.flush() }, WT.t("table.show_final"))));
  // Reports (a battle or revolt of this seat, a winter's scoring) open over the board when the playback
  // reaches their entry, one at a time, with "next". What a seat has read stays read across reloads
  // (kept in this browser per game and seat).
  const reports = [];
  const readKey = () => `wt:read:${id}:${ctx.shown}`;
  const readUpTo = () => Number(localStorage.getItem(readKey()) || 0);
  function markRead(upTo) { if (upTo > readUpTo()) localStorage.setItem(readKey(), String(upTo)); }
  let backlog = true; // the page's first look: reports the log held already (not told by the playback)
  const kindOf = (body) => (body.classList.contains("season-summary") ? "season" : "report");
  // Reports left unread pile up no more than this (22 did over a game played without opening them):
  // the oldest make way, as they stay in the log and the replay.
  const MOST_REPORTS = 3;
  function maybeReport() {
    for (let i = ctx.reportSeen; i < ctx.logShown; i++) {
      const body = page.report(ctx, ctx.logEntries, i);
      if (!body) continue;
      body.classList.add("report-item"); body.dataset.index = String(i); reports.push({ index: i, body });
      $("report").dataset.seen = `${$("report").dataset.seen || ""} ${kindOf(body)}`.trim();
    }
    ctx.reportSeen = Math.max(ctx.reportSeen, ctx.logShown);
    // A game opened after a long absence (or a finished one) held many unread reports (18 piled up
    // behind "next"): only the newest opens.
    const backlogNow = backlog && ctx.shown !== null;
    const most = backlogNow ? 1 : MOST_REPORTS;
    if (ctx.shown !== null) backlog = false;
    // The report open before the player is never the one to go (it vanished while being read): the
    // oldest of those behind it makes way instead, unmarked (it stays in the log; what is read is
    // counted by the open one's "next" or "close").
    const reading = !backlogNow && !$("report").hidden && reports.length > 0 && $("report-body").firstChild === reports[0].body;
    while (reports.length > most) {
      if (reading) reports.splice(1, 1); else markRead(/** @type {{index: number}} */ (reports.shift()).index + 1);
    }
    drawReport();
  }
  // Where a report shows: open ("open", the person asked for it), folded to a button in the playback
  // bar ("aside", the person put it aside), or "auto": open unless the player must decide where it
  // would cover the decision (on a phone, where it covers the decision panel; on a wide screen, while
  // the map offers counties to choose or marks the county decided on: a fight's, a move's). At the
  // game's end a phone shows the final scores first (the last winter's report lay over them).
  let reportMode = "auto";
  const phone = window.matchMedia("(max-width: 860px)");
  const chip = WT.el("button", { id: "report-chip", class: "report-chip", hidden: true, onclick: () => { reportMode = "open"; drawReport(); $("report-h").focus(); } });
  $("playbar").append(chip);
  function reportFolded() {
    if (reportMode !== "auto") return reportMode === "aside";
    if (phone.matches && document.getElementById("final")) return true;
    if (phone.matches && document.getElementById("greeting")) return true;  // (a phone's report lay over the greeting)
    return document.body.dataset.deciding === "1" && (phone.matches || document.querySelector("#map .target, #map .origin") !== null);
  }
  // The queue stays in the report's body; only its first item shows (app.css).
  function drawReport() {
    $("report").dataset.kinds = reports.map((r) => kindOf(r.body)).join(" ");
    if (!reports.length) { reportMode = "auto"; $("report").hidden = true; chip.hidden = true; $("report-body").replaceChildren(); return; }
    const shown = [...$("report-body").childNodes];
    if (shown.length !== reports.length || reports.some((r, i) => shown[i] !== r.body)) $("report-body").replaceChildren(...reports.map((r) => r.body));
    const folded = reportFolded();
    $("report").hidden = folded;
    chip.hidden = !folded;
    chip.textContent = WT.t("table.report_chip", { n: reports.length });
    $("report-h").textContent = reports.length > 1 ? WT.t("table.report_count", { n: reports.length }) : WT.t("table.report");
    $("report-next").hidden = reports.length < 2;
    $("report-next").textContent = WT.t("table.report_next_n", { n: reports.length - 1 });
  }
  phone.addEventListener("change", drawReport);
  $("report-next").addEventListener("click", () => { markRead(reports.shift().index + 1); drawReport(); });
  $("report-close").addEventListener("click", () => { markRead(ctx.reportSeen); reports.length = 0; drawReport(); });
  $("report-fold").addEventListener("click", () => { reportMode = "aside"; drawReport(); chip.focus(); });
  $("report").addEventListener("keydown", (e) => { if (e.key === "Escape") { reportMode = "aside"; drawReport(); chip.focus(); } });

  // The host sees the invite links first in the side column, each with a copy button; a seat whose
  // player has connected says so.
  function renderInvites() {
    const invites = mine.invites || {};
    // A follow-up game's ("Play again") invited seats nobody claimed have new invites nobody knows: no
    // link here yet, the creator makes one (it was a seat without a link, and nothing to send).
    const unlinked = mine.creator ? ctx.summary.seats.filter((seat) => seat.open && !(String(seat.seat) in invites)
      && !(mine.local || []).includes(seat.seat)).map((seat) => [String(seat.seat), ""]) : [];
    const rows = [...Object.entries(invites).filter(([s]) => !(mine.local || []).includes(Number(s))), ...unlinked]
      .sort(([a], [b]) => Number(a) - Number(b));
    if (!rows.length) { WT.dock.avail("invites", false); return; }
    // The host sees the links at once while a friend has yet to join.
    const first = $("invites").dataset.avail !== "1";
    WT.dock.avail("invites", true);
    if (first && rows.some(([s]) => ctx.summary.seats[s] && ctx.summary.seats[s].open)) WT.dock.open("invites");
    const creator = { "content-type": "application/json", "x-creator-token": mine.creator || "" };
    const reissue = async (s) => {
      const made = await WT.json(`/api/games/${id}/invites/${s}`, { method: "POST", headers: creator, body: "{}" });
      mine.invites = { ...(mine.invites || {}), [s]: location.origin + made.invite }; WT.keep(id, mine); renderInvites();
    };
    $("inv-h").textContent = WT.t("table.invites_h");
    const copy = (inputId) => WT.el("button", { class: "copy", "data-copy": inputId, onclick: async (e) => {
      const input = $(inputId, HTMLInputElement); input.select();
      try { await navigator.clipboard.writeText(input.value); } catch { document.execCommand("copy"); }
      e.target.textContent = WT.t("table.copied");
    } }, WT.t("table.copy"));
    $("invite-body").replaceChildren(...rows.map(([s, url]) => {
      const seat = ctx.summary.seats[s];
      return WT.el("div", { class: "invite-row" },
        WT.el("label", { for: "inv-" + s }, WT.el("span", { class: "swatch c-" + seat.colour.toLowerCase() }), WT.colourName(seat.colour), " ",
          WT.el("span", { class: "small muted presence" }, seat.connected ? WT.t("table.joined") : WT.t("table.not_joined")),
          WT.el("span", { class: "small muted", "data-open": String(!!seat.open) }, " · ", seat.open ? WT.t("table.open_seat") : WT.t("table.claimed"))),
        url ? WT.el("div", { class: "copyrow" }, WT.el("input", { id: "inv-" + s, readonly: true, value: url, onfocus: (e) => e.target.select() }), copy("inv-" + s),
          seat.open && mine.creator ? WT.el("button", { onclick: () => reissue(s).catch((e) => setStatus(e.message)) }, WT.t("table.reissue")) : null)
          : WT.el("div", { class: "copyrow" }, WT.el("span", { class: "small muted" }, WT.t("table.invite_none") + " "),
            WT.el("button", { id: "inv-make-" + s, class: "primary", onclick: () => reissue(s).catch((e) => setStatus(e.message)) }, WT.t("table.invite_make"))));
    }),
    WT.el("p", { class: "small muted" }, WT.t("table.invite_note")),
    WT.el("div", { class: "copyrow" }, WT.el("label", { for: "inv-watch", class: "small" }, WT.t("table.spectators")),
      WT.el("input", { id: "inv-watch", readonly: true, value: `${location.origin}/game/${id}` }), copy("inv-watch")),
    mine.creator && ctx.summary.status === "running" ? WT.el("button", { id: "abandon", onclick: () => WT.json(`/api/games/${id}/abandon`,
      { method: "POST", headers: creator, body: "{}" }).catch((e) => setStatus(e.message)) }, WT.t("table.abandon")) : "");
  }

  // The tab's title and an optional sound say when it is this screen's turn.
  const baseTitle = document.title;
  let wasMyTurn = false;
  // Off unless ticked (the choice is kept); ticking plays the tone once, so the person knows it, and
  // opens the audio while the browser counts the click as the person's wish to hear sound.
  const soundBox = WT.el("input", { type: "checkbox", id: "sound", checked: localStorage.getItem("wt:sound") === "1",
    onchange: (e) => { localStorage.setItem("wt:sound", e.target.checked ? "1" : "0"); if (e.target.checked) beep(); } });
  WT.one("header.top").append(WT.el("label", { class: "small sound", for: "sound", title: WT.t("table.sound") }, soundBox, " ", WT.el("span", { class: "label" }, WT.t("table.sound"))));
  function yourTurnSignal(state) {
    const myTurn = state.seat !== null && state.legal.length > 0 && !state.over;
    document.title = myTurn ? WT.t("table.tab_your_turn", { title: baseTitle }) : baseTitle;
    if (myTurn && !wasMyTurn && soundBox.checked) beep();
    wasMyTurn = myTurn;
  }
  let audio = null; // one audio context for the page (browsers limit how many a page may open)
  function beep() {
    try {
      const ac = audio = audio || new AudioContext(); if (ac.state === "suspended") ac.resume();
      const o = ac.createOscillator(); const g = ac.createGain();
      o.frequency.value = 660; g.gain.value = 0.08; o.connect(g); g.connect(ac.destination);
      o.start(); o.stop(ac.currentTime + 0.18);
    } catch { /* no audio: the title still says it */ }
  }
  // The greeting names no place on the screen (the decision sits beside the map on a laptop, below it on a
  // phone) but the panel's heading; a game that has ended (or was abandoned) is greeted as such.
  /** @param {number} seat @param {string} status */
  function greet(seat, status) {
    const s = ctx.summary.seats[seat];
    const key = status === "running" ? "table.greeting" : status === "over" ? "table.greeting_over" : "table.greeting_abandoned";
    const box = WT.el("section", { class: "panel greeting", id: "greeting", role: "status", "data-status": status },
      WT.el("p", {}, WT.t(key, { name: s.name, colour: WT.colourName(s.colour), move: WT.t(ctx.summary.game === "league_of_six" ? "league_of_six.your_move" : "wallenstein.h_your_move") })),
      WT.el("button", { onclick: () => { box.remove(); drawReport(); } }, WT.t("table.greeting_ok")));
    $("side").prepend(box);
  }

  // ------------------------------------------------------------------ tabs and replay
  function tab(which) {
    for (const t of ["table", "replay"]) {
      $("tab-" + t).setAttribute("aria-selected", String(t === which));
      $("view-" + t).hidden = t !== which;
    }
    if (which === "replay") fillReplayViews();
  }
  $("tab-table").addEventListener("click", () => tab("table"));
  $("tab-replay").addEventListener("click", () => tab("replay"));

  function fillReplayViews() {
    // The summary is refreshed only when someone connects or leaves: a game that ended since is over too.
    const over = ctx.summary.status === "over" || Object.values(ctx.states).some((st) => st.over);
    const sel = $("replay-view", HTMLSelectElement); const keep = sel.value;
    const opts = [WT.el("option", { value: "spectator" }, WT.t("table.spectator"))];
    ctx.summary.seats.forEach((s, i) => {
      // While the game runs: only the seat shown now (not another hot-seat player's, nor an invited one's).
      if (over || (i === ctx.shown && mine.tokens[i])) opts.push(WT.el("option", { value: i }, WT.seatName(s)));
    });
    sel.replaceChildren(...opts);
    if (keep) sel.value = keep;
  }
  let replay = null;
  $("replay-load").addEventListener("click", () => loadReplay());
  async function loadReplay() {
    const view = WT.field("replay-view").value;
    /** @type {Record<string, string>} */
    const headers = view !== "spectator" && mine.tokens[view] ? { "x-seat-token": mine.tokens[view] } : {};
    try {
      replay = await WT.json(`/api/games/${id}/replay?view=${view}&lang=${WT.lang}`, { headers });  // i18n hook: log language
    } catch (e) { $("replay-pos").textContent = WT.errorText(e); return; }
    replay.steps = replaySteps(replay);
    replayLogNodes = []; $("replay-log").replaceChildren();  // (another view: another log)
    const slider = $("replay-slider", HTMLInputElement);
    // A replay opens at the start; the step buttons and the arrow keys go through it.
    slider.max = String(replay.steps.length - 1); slider.value = "0";
    showFrame();
    slider.focus();
  }
  document.addEventListener("keydown", (e) => {
    if ($("view-replay").hidden || !replay || !(e.target instanceof Element) || e.target.tagName === "INPUT" && e.target !== $("replay-slider") || e.target.tagName === "SELECT") return;
    const slider = $("replay-slider", HTMLInputElement);
    if (e.target === slider) { requestAnimationFrame(showFrame); return; } // the range input moves by itself
    if (e.key === " " && e.target === document.body) { e.preventDefault(); autoplay(auto === null); return; }
    if (e.key === "ArrowRight") slider.stepUp(); else if (e.key === "ArrowLeft") slider.stepDown();
    else if (e.key === "Home") slider.value = "0"; else if (e.key === "End") slider.value = slider.max; else return;
    e.preventDefault(); showFrame();
  });
  // One step per log entry where the server sends each entry's snapshot (the view's private parts from
  // its latest frame at that point); otherwise one per frame the server sent (a decision that changed the view).
  function replaySteps(r) {
    if (!r.log.length || !r.log.every((e) => e.after)) return r.frames.map((f) => ({ obs: f.obs, log_len: f.log_len, step: f.step }));
    let snap = {};
    return r.log.map((e, i) => {
      snap = /** @type {Snapshot} */ (WT.mergePatch(snap, e.after));
      const own = [...r.frames].reverse().find((f) => f.log_len <= i + 1) || r.frames[0];
      const obs = { ...snap.obs };
      if (own) for (const [k, v] of Object.entries(own.obs)) if (!(k in snap.obs) || PRIVATE_KEYS.includes(k)) obs[k] = v;
      return { obs, log_len: i + 1, step: own ? own.step : 0, event: e.event };
    });
  }
  function showFrame() {
    if (!replay) return;
    const i = Number(WT.field("replay-slider").value);
    const f = replay.steps[i];
    $("replay-pos").textContent = WT.t("table.replay_pos", { i: i + 1, n: replay.steps.length, step: f.step });
    page.renderFrame(ctx, f.obs, { map: $("replay-map", SVGSVGElement), players: $("replay-players"), board: $("replay-board") });
    replayLogTo(f.log_len);
  }
  // The replay's log up to a step: entries are added or taken off at its end, not drawn again (a step
  // per entry through a whole game would draw the log hundreds of times over); each entry comes with
  // the notices that stand before it.
  /** @type {Node[][]} */
  let replayLogNodes = [];
  function replayLogTo(n) {
    if (!replay) return;
    const box = $("replay-log");
    if (box.childNodes.length !== replayLogNodes.flat().length) { box.replaceChildren(); replayLogNodes = []; }
    while (replayLogNodes.length > n) for (const node of replayLogNodes.pop() || []) box.removeChild(node);
    const notes = replay.notes || [];
    while (replayLogNodes.length < n) {
      const i = replayLogNodes.length;
      const nodes = [...notes.filter((x) => x.at === i).map(noticeItem), page.logItem(ctx, replay.log[i])];
      box.append(...nodes);
      replayLogNodes.push(nodes);
    }
    box.scrollTop = box.scrollHeight;
  }
  // The review (review.js) moves the replay to a decision: the board as it was just before it.
  async function jumpTo(logIndex) {
    tab("replay");
    if (!replay) await loadReplay();
    if (!replay) return;
    const i = replay.steps.findIndex((s) => s.log_len >= logIndex);
    WT.field("replay-slider").value = String(i < 0 ? replay.steps.length - 1 : i);
    showFrame();
  }
  if (window.WTReview) window.WTReview.attach({ id, ctx, mine, jump: jumpTo });
  $("replay-slider").addEventListener("input", showFrame);
  $("replay-prev").addEventListener("click", () => { $("replay-slider", HTMLInputElement).stepDown(); showFrame(); });
  $("replay-next").addEventListener("click", () => { $("replay-slider", HTMLInputElement).stepUp(); showFrame(); });
  // Autoplay: a step at the chosen pace until the end (or the button again).
  $("replay-speed").replaceChildren(...Object.keys(SPEEDS).filter((k) => SPEEDS[k]).map((k) =>
    WT.el("option", { value: k, selected: (localStorage.getItem("wt:replay-speed") || "normal") === k }, WT.t(SPEED_WORDS[k]))));
  $("replay-speed").addEventListener("change", () => localStorage.setItem("wt:replay-speed", WT.field("replay-speed").value));
  let auto = null;
  function autoplay(on) {
    clearTimeout(auto); auto = null;
    $("replay-auto").setAttribute("aria-pressed", String(on));
    $("replay-auto").textContent = WT.t(on ? "table.playback_pause" : "table.replay_auto");
    if (!on || !replay) return;
    const tick = () => {
      const slider = $("replay-slider", HTMLInputElement);
      if (Number(slider.value) >= Number(slider.max)) { autoplay(false); return; }
      slider.stepUp(); showFrame();
      auto = setTimeout(tick, SPEEDS[/** @type {keyof SPEEDS} */ (WT.field("replay-speed").value)] || SPEEDS.normal);
    };
    auto = setTimeout(tick, 0);
  }
  $("replay-auto").addEventListener("click", () => autoplay(auto === null));

  // ------------------------------------------------------------------ chat between the seated players
  // Seated players only (the server never sends it to spectators); short lines, rate-limited there.
  const chatBox = WT.el("section", { class: "panel chat dockpanel", id: "chat", hidden: true, "aria-labelledby": "chat-h" },
    WT.el("h2", { id: "chat-h" }, WT.t("table.chat_h")),
    WT.el("div", { class: "log small", id: "chat-lines", tabindex: "0", "aria-live": "polite" }),
    WT.el("form", { class: "copyrow", id: "chat-form", onsubmit: (e) => { e.preventDefault(); say(); } },
      WT.el("input", { id: "chat-text", maxlength: 200, "aria-label": WT.t("table.chat_say"), placeholder: WT.t("table.chat_say") }),
      WT.el("button", { id: "chat-send" }, WT.t("table.chat_send"))),
    WT.el("div", { id: "chat-msg", class: "small error", role: "status" }));
  $("dockpanels").append(chatBox);
  /** @param {Protocol.ChatLine} m */
  function chatLine(m) {
    if (WT.dock.current !== "chat") WT.dock.unread("chat", 1);
    const seat = ctx.summary.seats[m.seat] || { colour: "?" };
    $("chat-lines").append(WT.el("div", { class: "chat-line" }, WT.el("span", { class: "swatch c-" + seat.colour.toLowerCase() }), WT.el("strong", {}, m.name + ": "), m.text));
    $("chat-lines").scrollTop = $("chat-lines").scrollHeight;
  }
  function say() {
    const seat = ctx.shown; const conn = ctx.conns[String(seat)];
    const text = WT.field("chat-text").value.trim();
    if (!text || !conn || !conn.ws || conn.ws.readyState !== 1) return;
    const ref = ++msgId;
    conn.waiting[ref] = { resolve: () => { WT.field("chat-text").value = ""; $("chat-msg").textContent = ""; }, reject: (e) => { $("chat-msg").textContent = WT.errorText(e); }, type: "chat" };
    conn.ws.send(JSON.stringify({ type: "chat", id: ref, text }));
  }

  // ------------------------------------------------------------------ start
  if (mine.pendingInvite) {
    const invite = mine.pendingInvite;
    delete mine.pendingInvite;
    WT.keep(id, mine);
    const conn = connect(null, null, invite);
    delete ctx.conns.spectator;
    conn.pendingClaim = (seat, token, status) => {
      ctx.conns[seat] = conn; conn.pendingClaim = undefined;
      if (token !== null) mine.tokens[seat] = token; mine.local = [...new Set([...(mine.local || []), seat])];
      WT.keep(id, mine);
      greet(seat, status);
    };
  } else if (mine.pendingToken) {
    // An invite: connect with the token; the server says which seat it opens.
    const token = mine.pendingToken;
    delete mine.pendingToken;
    const conn = connect(null, token);
    delete ctx.conns.spectator;
    conn.pendingClaim = (seat, _token, status) => {
      ctx.conns[seat] = conn; conn.pendingClaim = undefined;
      mine.tokens[seat] = token; mine.local = [...new Set([...(mine.local || []), seat])];
      WT.keep(id, mine);
      greet(seat, status);
    };
  }
  for (const seat of mine.local || []) if (mine.tokens[seat] && !ctx.conns[seat]) connect(seat, mine.tokens[seat]);
  if (!Object.keys(ctx.conns).length) connect(null, null);
  WT.dock.avail("chat", Object.keys(ctx.conns).some((k) => k !== "spectator") || !!mine.pendingClaim || !!frag.get("token") || !!frag.get("invite"));
  renderInvites();
  renderNotice();
  playback.refresh();  // (the skip button's words depend on whether this screen holds a seat)
})();
