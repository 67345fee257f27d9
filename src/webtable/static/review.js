// @ts-check
// The after-game review (docs/play/review.md): every seat's chance to win over the game as a chart, the
// reviewed seat's costliest decisions and all its decisions against the advisor's; a click on either
// moves the replay there. And the hint in a game of one person against bots. table.js attaches it.
"use strict";

window.WTReview = (() => {
  const PALETTE = ["#c0392b", "#2e6fd8", "#c9a400", "#8e44ad", "#222", "#16a085"];
  const pct = (x) => `${Math.round(100 * x)}%`;
  const svg = (tag, attrs = {}) => {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  let api = null;

  function attach(table) {
    api = table;
    const bar = document.querySelector("#view-replay .replaybar");
    if (bar) {
      const open = WT.el("button", { id: "review-open", type: "button", onclick: () => panel().hidden = false }, WT.t("review.open"));
      bar.append(open);
    }
    hintBox();
  }

  // ------------------------------------------------------------------ the review panel
  function panel() {
    let box = document.getElementById("review");
    if (box) return box;
    const seats = WT.el("select", { id: "review-seat", "aria-label": WT.t("review.seat") },
      WT.el("option", { value: "spectator" }, WT.t("review.curve_only")),
      ...api.ctx.summary.seats.map((s, i) => WT.el("option", { value: String(i), selected: api.mine.tokens && api.mine.tokens[i] !== undefined }, WT.seatName(s))));
    box = WT.el("section", { id: "review", class: "panel review", "aria-label": WT.t("review.heading") },
      WT.el("h2", {}, WT.t("review.heading")),
      WT.el("div", { class: "review-ask" }, seats,
        WT.el("button", { id: "review-start", type: "button", onclick: () => ask(seats.value) }, WT.t("review.start")),
        WT.el("progress", { id: "review-progress", max: "1", value: "0", hidden: true }),
        WT.el("span", { id: "review-status", class: "small", role: "status" })),
      WT.el("div", { class: "review-body" }, WT.el("div", { id: "review-chart" }),
        WT.el("div", { class: "review-lists" }, WT.el("div", { id: "review-costly" }), WT.el("div", { id: "review-list" }))));
    WT.one("#view-replay .replay-screen").before(box);
    WT.one("#review h2").append(WT.el("button", { type: "button", class: "review-close", "aria-label": WT.t("review.close"), onclick: () => { box.hidden = true; } }, "×"));
    return box;
  }

  async function ask(seat) {
    const status = WT.byId("review-status");
    const bar = WT.byId("review-progress", HTMLProgressElement);
    const url = `/api/games/${api.id}/review`;
    let answer;
    try {
      answer = await WT.json(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seat: seat === "spectator" ? null : Number(seat) }) });
      while (answer.status === "running") {
        bar.hidden = false;
        bar.value = answer.total ? answer.done / answer.total : 0;
        status.textContent = WT.t("review.working", { done: answer.done, total: answer.total || "…" });
        await new Promise((r) => setTimeout(r, 1000));
        answer = await WT.json(`${url}?seat=${seat}`);
      }
    } catch (e) { status.textContent = WT.errorText(e); return; }
    bar.hidden = true;
    if (answer.status !== "done") { status.textContent = answer.error || WT.t("review.failed"); return; }
    status.textContent = WT.t("review.done", { seconds: Math.round(answer.review.cpu_seconds) });
    show(answer.review);
  }

  function show(review) {
    WT.byId("review-chart").replaceChildren(chart(review));
    const costly = review.costliest.map((k) => review.decisions[k]);
    WT.byId("review-costly").replaceChildren(
      ...(review.seat === null ? [] : [WT.el("h3", {}, WT.t("review.costliest")),
        costly.length ? decisionList(costly, "review-costly-list") : WT.el("p", { class: "small" }, WT.t("review.none_lost"))]));
    WT.byId("review-list").replaceChildren(
      ...(review.decisions.length ? [WT.el("details", {}, WT.el("summary", {}, WT.t("review.all", { n: review.decisions.length })), decisionList(review.decisions, "review-all-list"))] : []));
  }

  function decisionList(decisions, id) {
    return WT.el("ol", { id, class: "review-decisions" }, ...decisions.map((d) => WT.el("li", {},
      WT.el("button", { type: "button", class: "linkish", "data-log-index": String(d.log_index), onclick: () => api.jump(d.log_index) },
        `${stageWords(d.stage)}: `),
      d.same ? WT.t("review.same", { played: words(d.played.action, null) })
        : WT.t("review.differs", { played: words(d.played.action, null), advised: words(d.advised.action, null), loss: pct(d.loss), error: pct(d.loss_error),
          win: pct(d.played.win), best: pct(d.advised.win) }))));
  }

  // Every seat's chance to win over the game's decisions; seasons as light bands, winters shaded.
  function chart(review) {
    const W = 640, H = 220, L = 34, B = 20, n = Math.max(1, review.decisions_total);
    const x = (i) => L + (W - L - 6) * (i / n), y = (p) => 6 + (H - B - 6) * (1 - p);
    const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-chart", role: "img", "aria-label": WT.t("review.chart") });
    let period = null;
    for (const [k, p] of review.curve.entries()) {
      const next = review.curve[k + 1];
      if (p.stage.winter && next) box.append(svg("rect", { x: x(p.index), y: 6, width: Math.max(1, x(next.index) - x(p.index)), height: H - B - 6, class: "winter" }));
      if (p.stage.period !== period) {
        period = p.stage.period;
        box.append(svg("line", { x1: x(p.index), x2: x(p.index), y1: 6, y2: H - B, class: "period" }));
      }
    }
    for (const p of [0, 0.25, 0.5, 0.75, 1]) {
      box.append(svg("line", { x1: L, x2: W - 6, y1: y(p), y2: y(p), class: "grid" }));
      const label = svg("text", { x: L - 4, y: y(p) + 4, "text-anchor": "end" }); label.textContent = pct(p); box.append(label);
    }
    for (let s = 0; s < review.players; s++) {
      const pts = review.curve.map((p) => `${x(p.index).toFixed(1)},${y(p.chances[s]).toFixed(1)}`).join(" ");
      box.append(svg("polyline", { points: pts, fill: "none", stroke: PALETTE[s % PALETTE.length], "stroke-width": s === review.seat ? 3 : 1.6 }));
    }
    for (const p of review.curve) {  // a point per curve position: its chances, and a click moves the replay there
      const dot = svg("rect", { x: x(p.index) - 3, y: 6, width: 6, height: H - B - 6, class: "hit", "data-log-index": String(p.log_index) });
      const tip = svg("title", {}); tip.textContent = `${stageWords(p.stage)}: ` + p.chances.map((c, s) => `${review.names[s] || s} ${pct(c)}`).join(", ");
      dot.append(tip); dot.addEventListener("click", () => api.jump(p.log_index)); box.append(dot);
    }
    for (const k of review.costliest) {
      const d = review.decisions[k];
      const mark = svg("circle", { cx: x(d.index), cy: y(d.played.win), r: 6, class: "costly", "data-log-index": String(d.log_index) });
      mark.addEventListener("click", () => api.jump(d.log_index)); box.append(mark);
    }
    const legend = WT.el("div", { class: "review-legend small" }, ...review.names.map((name, s) =>
      WT.el("span", { style: `border-color:${PALETTE[s % PALETTE.length]}` }, name)));
    return WT.el("div", {}, box, legend);
  }

  // ------------------------------------------------------------------ decisions in words
  // A decision (its JSON) in the page's words, as the table names it: county, town and action names from
  // the game's catalogue, never its internal ids. ``obs``: the seat's view there, where known (a hint's),
  // for the few decisions whose words depend on it (a favour card's text); else null.
  function words(action, obs) {
    return api.ctx.summary.game === "league_of_six" ? leagueWords(action) : wallensteinWords(action, obs);
  }

  function wallensteinWords(action, obs) {
    const page = api.ctx.page;
    // A favour card is named by what it gives, as the table names it ("#N" said nothing): from the seat's
    // view where known, else from the log's display of the favour cards it was dealt in.
    if (action.type === "favour" && !(obs && obs.court)) {
      const slot = page.favourSlot(api.ctx, action.card);
      return page.describe(action, slot ? { seat: null, court: { display: [slot] } } : obs);
    }
    if (action.type !== "plan") return page.describe(action, obs);
    // The whole plan: its filled boxes as the planning mat names them ("Palace: Bohemia").
    const boxes = [...Object.entries(action.boxes), ["bid", action.bid], ...Object.entries(action.court || {})];
    const filled = boxes.filter(([, card]) => card !== null && card !== undefined);
    return WT.t("review.plan", { boxes: filled.map(([box, card]) => page.describe({ type: "plan_card", box, card }, obs)).join(" · ") });
  }

  // Where a decision lies ("year 1, summer", "round 3"), from the stage's period (the server's label is
  // English): Wallenstein's periods count seasons from year 1's spring, League of Six's are its rounds.
  function stageWords(stage) {
    if (api.ctx.summary.game === "league_of_six") return WT.t("review.round", { n: stage.period });
    const season = ["spring", "summer", "fall", "winter"][stage.period % 4];
    return WT.t("review.year_season", { year: Math.floor(stage.period / 4) + 1, season: WT.t("wallenstein.season." + season) });
  }

  function leagueWords(action) {
    const towns = api.ctx.meta.byKey || {};
    switch (action.type) {
      case "choose": return WT.t("league_of_six.go_to", { town: (towns[action.town] || { name: action.town }).name });
      case "offer": return WT.t("review.los_offer", { guards: WT.t("league_of_six.guards", { n: action.guards }) });
      case "accept": return WT.t("review.los_accept");
      case "rotate": return WT.t("league_of_six.turn_collect", { steps: WT.t("league_of_six.steps", { n: action.turn }) });
      case "row": return WT.t(action.store === "royal" ? "review.los_row_royal" : "review.los_row_civic", { row: action.row });
      case "leader": return WT.t("review.los_leader", { pile: action.figures });
      default: return String(action.type);
    }
  }

  // ------------------------------------------------------------------ the hint (one person against bots)
  // One compact line at the right of the decision's heading, laid over the panel (it never pushes the
  // planning mat down): the button, then the advice cut to the line; a click on the advice opens it whole
  // over the panel, another closes it.
  function hintBox() {
    const summary = api.ctx.summary;
    const people = summary.seats.filter((s) => s.type !== "bot");
    const seat = Object.keys(api.mine.tokens || {}).map(Number).find((s) => summary.seats[s] && summary.seats[s].type !== "bot");
    const heading = document.getElementById("turn-h");
    if (people.length !== 1 || seat === undefined || summary.status === "over" || !heading) return;
    const out = WT.el("span", { id: "hint-text", role: "status", tabindex: "0", style: HINT_TEXT,
      onclick: () => { out.dataset.open = out.dataset.open ? "" : "1"; out.style.whiteSpace = out.dataset.open ? "normal" : "nowrap"; } });
    const count = () => WT.t("review.hints_used", { n: Number((api.ctx.summary.hints || {})[seat] || 0) });
    const button = WT.el("button", { id: "hint", type: "button", title: WT.t("review.hint_title"), style: "padding:0 .5em;line-height:1.3", onclick: async () => {
      out.textContent = WT.t("review.hint_thinking");
      try {
        const h = await WT.json(`/api/games/${api.id}/hint`, { method: "POST", headers: { "content-type": "application/json", "x-seat-token": api.mine.tokens[seat] }, body: "{}" });
        const state = api.ctx.states[String(seat)];
        out.textContent = WT.t("review.hint", { text: words(h.action, state ? state.obs : null), n: h.hints });
      } catch (e) { out.textContent = WT.errorText(e); }
      out.title = out.textContent;
    } }, WT.t("review.hint_button"));
    button.dataset.count = count();
    // A holder of no height before the heading: the line is placed on the heading's row, out of the flow.
    const box = WT.el("div", { id: "hint-box", class: "hint-box", style: HINT_BOX }, button, out);
    heading.before(WT.el("div", { style: "position:relative;height:0" }, box));
  }
  const HINT_BOX = "position:absolute;top:-.15em;right:0;max-width:68%;margin:0;flex-wrap:nowrap;align-items:flex-start;z-index:3;background:var(--panel)";
  const HINT_TEXT = "min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;cursor:pointer";

  return { attach, chart, words };
})();
