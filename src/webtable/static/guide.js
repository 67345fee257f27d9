// @ts-check
"use strict";
// The guided first game (issue 15): the ordinary Wallenstein game on a fixed seed, Red played here
// against three heuristic bots, with a card that points at what to look at and what to do next through
// the first year (plan, bid, positions, a battle, winter). The guide only reads what the page shows
// (the decision asked, the log); the rules are the game's own, so it cannot drift from them.
// It can be left at any time; the game goes on as any other.
WT.guide = (() => {
  const SEED = 1618;  // the year the Thirty Years' War began
  const KEY = (id) => `wt:guide:${id}`;
  // Steps in the order of the first year; each shows once, when its moment comes.
  const STEPS = [
    { id: "welcome", spot: "map", when: (s) => s.phase === "planning" },
    { id: "plan", spot: "turn", when: (s) => s.kind === "plan" },
    { id: "bids", spot: "log", entry: "bids", when: (s) => s.events.has("bids") },
    { id: "position", spot: "turn", when: (s) => s.kind === "position" },
    { id: "actions", spot: "board", when: (s) => s.events.has("action_card") },
    { id: "move", spot: "map", when: (s) => s.kind === "move" },
    { id: "battle", spot: ["report", "log"], when: (s) => s.events.has("battle") },
    // Told before the year's last planning, while grain can still be planned, not after the winter.
    { id: "winter", spot: "board", when: (s) => s.phase === "planning" && s.season === "fall" && s.year === 1 },
    { id: "score", spot: "players", when: (s) => s.events.has("score"), last: true },
  ];

  async function start() {
    // No name: the page calls this seat "you" in whatever language it shows (table.js), not in the
    // language the game was made in.
    const seats = [{ type: "human", name: "" }];
    for (let i = 1; i < 4; i++) seats.push({ type: "bot", bot: "heuristic", name: "" });
    const body = { game: "wallenstein", players: 4, seats, seed: SEED, options: { edition: "2012", setup: "lineup", modules: [] } };
    const made = await WT.json("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const tokens = {};
    for (const s of made.seats) tokens[s.seat] = s.token;
    WT.keep(made.id, { tokens, local: [0], invites: {}, host: true, you: [0] });
    localStorage.setItem(KEY(made.id), JSON.stringify({ seen: [] }));
    return "/game/" + made.id;
  }

  function load(id) { try { return JSON.parse(localStorage.getItem(KEY(id)) || "null"); } catch { return null; } }
  function save(id, data) { localStorage.setItem(KEY(id), JSON.stringify(data)); }

  let card = null;
  let current = null;
  const narrow = () => window.matchMedia("(max-width: 600px)").matches;  // app.css's phone sheet
  // Marks the part of the table a step is about: the first of its candidates that is shown.
  function spot(ids) {
    for (const e of document.querySelectorAll(".guide-spot")) e.classList.remove("guide-spot");
    const target = [].concat(ids || []).map((id) => document.getElementById(id)).find((e) => e && !e.hidden);
    document.body.dataset.guideSpot = target ? target.id : "";  // (a phone's log grows while it is the spot: app.css)
    if (!target) return;
    target.classList.add("guide-spot");
    if (!narrow() && target.id !== "map") target.scrollIntoView({ block: "nearest" });  // (a phone: see place)
    return target;
  }
  // Puts the card in the corner of the window where it hides least of the part it points at (among
  // equals, a bottom corner across the window from it, over the map rather than the side panels), so
  // that the boxes a step explains stay in sight while it is read.
  function place(target, scroll = false) {
    document.body.style.paddingBottom = "";
    if (!card) return;
    if (narrow()) {
      // A phone: the card is a sheet along the bottom, or along the top when the part a step explains
      // lies in the lower half (app.css). The table is one screen (it never scrolls), so the sheet goes
      // where it leaves that part in sight.
      const t = target ? target.getBoundingClientRect() : null;
      card.dataset.corner = t && t.top + t.height / 2 > window.innerHeight / 2 ? "sheet-top" : "sheet";
      return;
    }
    card.dataset.corner = "br";
    if (!target) return;
    const c = card.getBoundingClientRect();
    const t = target.getBoundingClientRect();
    const W = window.innerWidth, H = window.innerHeight, m = 16;
    const hidden = (corner) => {
      const left = corner[1] === "l" ? m : W - m - c.width, top = corner[0] === "t" ? m : H - m - c.height;
      const x = Math.min(left + c.width, t.right, W) - Math.max(left, t.left, 0);
      const y = Math.min(top + c.height, t.bottom, H) - Math.max(top, t.top, 0);
      return Math.max(0, x) * Math.max(0, y);
    };
    const corners = t.left + t.width / 2 > W / 2 ? ["bl", "tl", "br", "tr"] : ["br", "tr", "bl", "tl"];
    card.dataset.corner = corners.reduce((best, k) => (hidden(k) < hidden(best) ? k : best));
  }
  window.addEventListener("resize", () => place(document.querySelector(".guide-spot")));
  function leave(ctx) {
    const data = load(ctx.id) || { seen: [] };
    data.left = true; save(ctx.id, data);
    if (card) card.remove();
    card = null; spot(null); place(null);
    document.body.dataset.guide = "left";
  }
  function show(ctx, step) {
    current = step.id;
    if (!card) {
      card = WT.el("aside", { class: "guide panel", id: "guide", role: "dialog", "aria-labelledby": "guide-title" });
      document.body.append(card);
    }
    const data = load(ctx.id) || { seen: [] };
    // The fold button leaves only the bar and the title, so the table under the card can be used while
    // the step stays at hand (a phone's card would otherwise cover a third of the screen).
    const fold = WT.el("button", { class: "guide-fold", id: "guide-fold", "aria-expanded": "true", "aria-controls": "guide",
      title: WT.t("help.guide.fold"), "aria-label": WT.t("help.guide.fold"), onclick: () => {
        const folded = card.classList.toggle("folded");
        fold.textContent = folded ? "\u25b4" : "\u25be";
        fold.setAttribute("aria-expanded", String(!folded));
        const label = WT.t(folded ? "help.guide.unfold" : "help.guide.fold");
        fold.title = label; fold.setAttribute("aria-label", label);
        place(document.querySelector(".guide-spot"));
      } }, "\u25be");
    card.classList.remove("folded");
    card.replaceChildren(
      WT.el("div", { class: "guide-bar" },
        WT.el("p", { class: "small muted" }, WT.t("help.guide.progress", { i: data.seen.length + 1, n: STEPS.length })),
        fold),
      WT.el("h2", { id: "guide-title" }, WT.t(`help.guide.${step.id}.title`)),
      WT.el("p", {}, WT.t(`help.guide.${step.id}.text`)),
      WT.el("div", { class: "form-row" },
        WT.el("button", { class: "primary", id: "guide-next", onclick: () => done(ctx, step) },
          WT.t(step.last ? "help.guide.finish" : "help.guide.next")),
        WT.el("button", { id: "guide-leave", onclick: () => leave(ctx) }, WT.t("help.guide.leave"))));
    place(spot(step.spot), true);
    document.body.dataset.guide = step.id;
    if (step.entry) requestAnimationFrame(() => logTo(step.entry));
  }
  // A step about a log entry (the bids revealed) scrolls the log to its top line: the positions chosen
  // since stood at the log's end, the bids above them out of sight. The step done, the log goes back to
  // its newest line (and follows it again).
  function logTo(kind) {
    const log = document.getElementById("log");
    const found = log ? log.querySelectorAll(`[data-e="${kind}"]`) : [];
    const entry = found[found.length - 1];
    if (log && entry) log.scrollTop += entry.getBoundingClientRect().top - log.getBoundingClientRect().top;
  }
  function done(ctx, step) {
    const data = load(ctx.id) || { seen: [] };
    if (!data.seen.includes(step.id)) data.seen.push(step.id);
    if (step.last) data.finished = true;
    save(ctx.id, data);
    card.remove(); card = null; current = null; spot(null); place(null);
    document.body.dataset.guide = step.last ? "finished" : "";
    const log = document.getElementById("log");
    if (step.entry && log) log.scrollTop = log.scrollHeight;
    update(ctx, last.state);
  }

  const last = { state: null };
  function update(ctx, state) {
    const data = load(ctx.id);
    if (!data || data.left || data.finished || !state) return;
    last.state = state;
    const obs = state.obs || {};
    const situation = {
      phase: obs.phase, season: obs.season, year: obs.year,
      kind: WT.help ? WT.help.kindOf(ctx.summary.game, state.legal) : null,
      events: new Set(ctx.logEntries.map((e) => e.event.e)),
    };
    if (current) return;  // the card shown stays until it is dismissed
    const next = STEPS.find((s) => !data.seen.includes(s.id) && s.when(situation));
    // Steps whose moment has passed unseen (e.g. a battle before the winter) are skipped in order.
    if (next) { show(ctx, next); card.dataset.season = `${situation.year} ${situation.season}`; }
  }
  (WT.renderHooks = WT.renderHooks || []).push((ctx, state) => { if (ctx.summary.game === "wallenstein") update(ctx, state); });

  return { start, SEED, STEPS };
})();
