"use strict";
// The table page: connections (one per seat played on this screen, or one spectator connection),
// hot-seat curtain, log, invites, replay viewer. Game-specific drawing lives in GamePages[game].
(async function table() {
  const $ = (id) => document.getElementById(id);
  const id = location.pathname.split("/").pop();
  const mine = WT.mine(id);
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
  let summary;
  try { summary = await WT.json(`/api/games/${id}`); }
  catch (e) { $("status").textContent = e.message; return; }
  const page = window.GamePages[summary.game];
  const meta = await WT.json(`/api/meta/${summary.game}`);
  const ctx = { id, meta, summary, page, conns: {}, states: {}, active: null, shown: null, logEntries: [], reportSeen: 0 };
  await page.init(ctx);
  // The header names the game; a page module may rename its panels (labels: {id: text}).
  document.querySelector("header.top h1 a").textContent = `${summary.title} table`;
  document.title = `${summary.title} table`;
  for (const [elId, text] of Object.entries(page.labels || {})) if ($(elId)) $(elId).textContent = text;
  $("title").textContent = `${summary.title}, ${summary.players} players · game ${id}`;

  // ------------------------------------------------------------------ connections
  let msgId = 0;
  function connect(seat, token, invite) {
    const conn = { seat, token, invite, waiting: {}, ws: null, retry: 500, closed: false };
    ctx.conns[seat === null ? "spectator" : seat] = conn;
    const open = () => {
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${id}`);
      conn.ws = ws;
      ws.onopen = () => {
        conn.retry = 500;
        const hello = conn.token ? { type: "hello", token: conn.token } : conn.invite ? { type: "hello", invite: conn.invite } : { type: "hello" };
        ws.send(JSON.stringify(hello));
      };
      ws.onmessage = (ev) => onMessage(conn, JSON.parse(ev.data));
      ws.onclose = () => {
        for (const w of Object.values(conn.waiting)) w.reject(new Error("connection lost; try again"));
        conn.waiting = {};
        if (conn.closed) return;
        setStatus("connection lost – reconnecting…");
        setTimeout(open, conn.retry); conn.retry = Math.min(conn.retry * 2, 8000);
      };
    };
    open();
    return conn;
  }

  function request(seat, type, action) {
    const conn = ctx.conns[seat];
    return new Promise((resolve, reject) => {
      if (!conn || !conn.ws || conn.ws.readyState !== 1) { reject(new Error("not connected")); return; }
      const ref = ++msgId;
      conn.waiting[ref] = { resolve, reject, type };
      // A decision names the state it was made on; the server refuses it if the game has moved on.
      const st = ctx.states[seat];
      conn.ws.send(JSON.stringify({ type, id: ref, version: st ? st.version : -1, action }));
    });
  }
  ctx.act = (seat, action) => request(seat, "act", action);
  ctx.check = (seat, action) => request(seat, "check", action);
  ctx.preview = (seat, action) => request(seat, "preview", action);

  function onMessage(conn, msg) {
    const w = msg.id !== undefined ? conn.waiting[msg.id] : undefined;
    if (msg.type === "welcome") {
      if (msg.token) { conn.token = msg.token; conn.invite = null; }
      if (conn.pendingClaim) { conn.seat = msg.seat; conn.pendingClaim(msg.seat, conn.token); }
      ctx.summary = msg.game; renderInvites(); renderNotice(); return;
    }
    if (msg.type === "room") { ctx.summary = msg.game; renderStatus(); renderNotice(); renderInvites(); page.renderPlayers(ctx); return; }
    if (msg.type === "error" && msg.id === undefined && !w) {
      setStatus(msg.message);
      if (/wrong token/.test(msg.message)) conn.closed = true;
      return;
    }
    if (w) {
      delete conn.waiting[msg.id];
      if (msg.type === "error") w.reject(new Error(msg.message)); else w.resolve(msg);
      if (msg.type === "ack") { ctx.acks = (ctx.acks || 0) + 1; document.body.dataset.acks = String(ctx.acks); }
      return;
    }
    if (msg.type === "state") {
      ctx.states[conn.seat === null ? "spectator" : conn.seat] = msg;
      // A new connection (a reconnect) is sent the log from the start: add only the entries not shown yet.
      if (conn === primary()) msg.log.forEach((e, i) => { if (msg.log_from + i >= ctx.logEntries.length) addLog(e); });
      schedule();
    }
  }

  function primary() { return Object.values(ctx.conns)[0]; }

  let queued = false;
  function schedule() { if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; render(); }); } }

  // ------------------------------------------------------------------ hot-seat and rendering
  const localSeats = () => Object.keys(ctx.conns).filter((k) => k !== "spectator").map(Number);
  function chooseActive() {
    const seats = localSeats();
    if (!seats.length) return "spectator";
    const waiting = seats.filter((s) => ctx.states[s] && ctx.states[s].legal.length);
    if (waiting.length) return waiting.includes(ctx.active) ? ctx.active : waiting[0];
    return seats.includes(ctx.active) ? ctx.active : seats[0];
  }
  function render() {
    const next = chooseActive();
    const hotseat = localSeats().length > 1;
    if (hotseat && next !== ctx.shown && ctx.states[next] && ctx.states[next].legal.length) {
      ctx.active = next;
      const name = ctx.summary.seats[next].name;
      $("curtain-msg").textContent = `${name} (${ctx.summary.seats[next].colour}) decides next: pass the screen.`;
      curtain(true);
      return;
    }
    ctx.active = next;
    if ($("curtain").hidden) ctx.shown = next;
    const state = ctx.states[ctx.shown];
    if (!state) return;
    renderStatus();
    page.render(ctx, state);
    // The page has drawn a state that includes every acknowledged decision (the state follows its ack).
    document.body.dataset.drawnAcks = String(ctx.acks || 0);
    maybeReport();
  }
  // While the curtain is up the table behind it is hidden, not just covered: nothing of the last seat's
  // view shows through, and the keyboard cannot reach it.
  function curtain(up) { $("curtain").hidden = !up; document.querySelector("main").hidden = up; if (up) $("curtain-go").focus(); }
  $("curtain-go").addEventListener("click", () => { curtain(false); ctx.shown = ctx.active; render(); });

  function setStatus(text) { $("status").textContent = text; }
  // The server's side of the game: waiting on storage, abandoned, invited seats still open.
  function renderNotice() {
    let box = $("server-notice");
    if (!box) { box = WT.el("p", { id: "server-notice", class: "notice", role: "status" }); document.querySelector("main").prepend(box); }
    const s = ctx.summary; const open = (s.seats || []).filter((x) => x.open).length;
    const lines = [s.storage === "waiting" && WT.said.storage, s.status === "abandoned" && WT.said.abandoned, open && WT.said.open(open)].filter(Boolean);
    box.textContent = lines.join(" "); box.hidden = !lines.length;
  }
  function renderStatus() {
    const st = ctx.states[ctx.shown];
    if (!st) return;
    const who = ctx.shown === "spectator" ? "watching" : `playing ${ctx.summary.seats[ctx.shown].colour}`;
    setStatus(st.over ? `game over · ${who}` : `${page.phaseLine(ctx, st)} · ${who}`);
  }

  // ------------------------------------------------------------------ log and reports
  function addLog(entry) {
    ctx.logEntries.push(entry);
    const box = $("log");
    const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 20;
    box.append(page.logItem(ctx, entry));
    if (atEnd) box.scrollTop = box.scrollHeight;
  }
  function maybeReport() {
    for (let i = ctx.reportSeen; i < ctx.logEntries.length; i++) {
      const body = page.report(ctx, ctx.logEntries, i);
      if (body) { $("report-body").replaceChildren(body); $("report").hidden = false; }
    }
    ctx.reportSeen = ctx.logEntries.length;
  }
  $("report-close").addEventListener("click", () => { $("report").hidden = true; });

  function renderInvites() {
    const invites = mine.invites || {};
    const rows = Object.entries(invites).filter(([s]) => !(mine.local || []).includes(Number(s)));
    if (!rows.length) { $("invites").hidden = true; return; }
    $("invites").hidden = false;
    const creator = { "content-type": "application/json", "x-creator-token": mine.creator || "" };
    const reissue = async (s) => {
      const made = await WT.json(`/api/games/${id}/invites/${s}`, { method: "POST", headers: creator, body: "{}" });
      mine.invites[s] = location.origin + made.invite; WT.keep(id, mine); renderInvites();
    };
    const seats = ctx.summary.seats || [];
    $("invite-body").replaceChildren(...rows.map(([s, url]) => WT.el("p", {},
      WT.el("label", { for: "inv-" + s }, `${seats[s].colour}: `),
      WT.el("input", { id: "inv-" + s, readonly: true, value: url, onfocus: (e) => e.target.select() }),
      WT.el("span", { class: "small muted", "data-open": String(!!seats[s].open) }, " ", seats[s].open ? WT.said.openSeat : WT.said.claimed),
      seats[s].open && mine.creator ? WT.el("button", { onclick: () => reissue(s).catch((e) => setStatus(e.message)) }, WT.said.reissue) : null)),
      WT.el("p", { class: "small muted" }, "Spectators: ", WT.el("code", {}, `${location.origin}/game/${id}`)),
      mine.creator && ctx.summary.status === "running" ? WT.el("button", { id: "abandon", onclick: () => WT.json(`/api/games/${id}/abandon`,
        { method: "POST", headers: creator, body: "{}" }).catch((e) => setStatus(e.message)) }, WT.said.abandon) : null);
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
    const sel = $("replay-view"); const keep = sel.value;
    const opts = [WT.el("option", { value: "spectator" }, "Spectator")];
    ctx.summary.seats.forEach((s, i) => {
      // While the game runs: only the seat shown now (not another hot-seat player's, nor an invited one's).
      if (over || (i === ctx.shown && mine.tokens[i])) opts.push(WT.el("option", { value: i }, `${s.colour} (${s.name})`));
    });
    sel.replaceChildren(...opts);
    if (keep) sel.value = keep;
  }
  let replay = null;
  $("replay-load").addEventListener("click", async () => {
    const view = $("replay-view").value;
    const headers = view !== "spectator" && mine.tokens[view] ? { "x-seat-token": mine.tokens[view] } : {};
    try {
      replay = await WT.json(`/api/games/${id}/replay?view=${view}`, { headers });
    } catch (e) { $("replay-pos").textContent = e.message; return; }
    const slider = $("replay-slider");
    slider.max = replay.frames.length - 1; slider.value = slider.max;
    showFrame();
  });
  function showFrame() {
    if (!replay) return;
    const i = Number($("replay-slider").value);
    const f = replay.frames[i];
    $("replay-pos").textContent = `view ${i + 1} of ${replay.frames.length} · decision ${f.step}`;
    page.renderFrame(ctx, f.obs, { map: $("replay-map"), players: $("replay-players"), board: $("replay-board") });
    $("replay-log").replaceChildren(...replay.log.slice(0, f.log_len).map((e) => page.logItem(ctx, e)));
    $("replay-log").scrollTop = $("replay-log").scrollHeight;
  }
  $("replay-slider").addEventListener("input", showFrame);
  $("replay-prev").addEventListener("click", () => { $("replay-slider").stepDown(); showFrame(); });
  $("replay-next").addEventListener("click", () => { $("replay-slider").stepUp(); showFrame(); });

  // ------------------------------------------------------------------ start
  if (mine.pendingInvite) {
    const invite = mine.pendingInvite;
    delete mine.pendingInvite;
    WT.keep(id, mine);
    const conn = connect(null, null, invite);
    conn.pendingClaim = (seat, token) => {
      ctx.conns[seat] = conn; conn.pendingClaim = null;
      mine.tokens[seat] = token; mine.local = [...new Set([...(mine.local || []), seat])];
      WT.keep(id, mine);
    };
  } else if (mine.pendingToken) {
    // An invite: connect with the token; the server says which seat it opens.
    const token = mine.pendingToken;
    delete mine.pendingToken;
    const conn = connect(null, token);
    delete ctx.conns.spectator;
    conn.pendingClaim = (seat) => {
      ctx.conns[seat] = conn; conn.pendingClaim = null;
      mine.tokens[seat] = token; mine.local = [...new Set([...(mine.local || []), seat])];
      WT.keep(id, mine);
    };
  }
  for (const seat of mine.local || []) if (mine.tokens[seat] && !ctx.conns[seat]) connect(seat, mine.tokens[seat]);
  if (!Object.keys(ctx.conns).length) connect(null, null);
  renderInvites();
  renderNotice();
})();
