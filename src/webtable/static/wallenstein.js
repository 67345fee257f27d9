"use strict";
// Wallenstein's page: the map, the season board, players, and the decisions of each phase.
// Everything drawn comes from the seat's observation and legal actions sent by the server.
window.GamePages = window.GamePages || {};
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = ["red", "blue", "yellow", "purple", "black"];
  const FILL = { red: "#e8a69d", blue: "#a9c3e8", yellow: "#f2dd8c", purple: "#cdb0e0", black: "#a9a9a9" };
  const SOLID = { red: "#c0392b", blue: "#2e6dbd", yellow: "#c99a08", purple: "#8446a6", black: "#3a3a3a" };
  const REGION = { Brandenburg: "#e9e2cf", Sachsen: "#e4e8cf", Kurpfalz: "#ece0d6", Bayern: "#dfe6e2", "Österreich": "#e9dde3" };
  const BLD = { palace: ["P", "#7a4b1e"], church: ["C", "#2f5d8a"], trading_post: ["T", "#2e7a3c"] };
  const s = (tag, attrs = {}) => { const e = document.createElementNS(SVG, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); return e; };
  const el = WT.el;
  let M = null; // the map shapes
  let meta = null;
  const plans = {}; // seat -> {key, boxes: {box: card}, selected}
  const moveSel = {}; // seat -> {to, armies, odds}

  const colourOf = (seat) => COLOURS[seat];
  const name = (key) => (meta.byKey[key] || { name: key }).name;
  const seatLabel = (ctx, p) => { const st = ctx.summary.seats[p]; return st ? (st.name && st.name !== st.colour ? `${st.colour} (${st.name})` : st.colour) : WT.cap(colourOf(p)); };
  const swatch = (p) => el("span", { class: "swatch c-" + (p === "peasants" ? "peasants" : colourOf(Number(p))) });
  const actionLabel = (a) => (meta.actions.find((x) => x.name === a) || { label: a }).label;
  const cardLabel = (c) => (c === null || c === undefined ? "—" : c.startsWith("money:") ? `${c.slice(6)} thaler${c.slice(6) === "1" ? "" : "s"}` : name(c));
  const cubes = (counts) => Object.entries(counts || {}).filter(([, n]) => n).map(([k, n]) => `${k === "peasants" ? "peasants" : WT.cap(colourOf(Number(k)))} ${n}`).join(", ") || "none";

  // ------------------------------------------------------------------ the map
  function drawMap(svg, obs, opts = {}) {
    svg.setAttribute("viewBox", `0 0 ${M.width} ${M.height}`);
    const defs = s("defs");
    const hatch = s("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
    hatch.append(s("rect", { width: 8, height: 8, fill: "#cfc7b8" }), s("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#9d927e", "stroke-width": 3 }));
    defs.append(hatch);
    const layer = s("g"); const marks = s("g", { "pointer-events": "none" });
    svg.replaceChildren(defs, layer, marks);
    for (const ring of M.wasteland || []) layer.append(s("path", { d: pathOf([ring]), fill: "#b9b09c", stroke: "none" }));
    for (const c of meta.counties) {
      const shape = M.counties[c.key];
      const st = obs.counties[c.key];
      const owner = st.owner;
      const fill = owner === null ? REGION[c.region] || "#eee" : FILL[colourOf(owner)];
      const cls = ["county"];
      if (!st.in_play) cls.push("out");
      if (opts.targets && opts.targets.has(c.key)) cls.push("target");
      if (opts.origin === c.key) cls.push("origin");
      if (opts.chosen === c.key) cls.push("chosen");
      const label = `${c.name}: ${st.in_play ? (owner === null ? "neutral" : WT.cap(colourOf(owner)) + ", " + st.armies + " armies") : "out of play"}`
        + (st.buildings.length ? ", " + st.buildings.join(" ") : "") + (st.revolt ? `, ${st.revolt} revolt marker(s)` : "");
      const p = s("path", { d: pathOf(shape.rings), fill, class: cls.join(" "), "fill-rule": "evenodd", "data-county": c.key });
      const title = s("title"); title.textContent = label; p.append(title);
      if (opts.targets && opts.targets.has(c.key) && opts.onCounty) {
        p.setAttribute("tabindex", "0"); p.setAttribute("role", "button"); p.setAttribute("aria-label", label);
        p.addEventListener("click", () => opts.onCounty(c.key));
        p.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); opts.onCounty(c.key); } });
      }
      layer.append(p);
      const [x, y] = shape.label;
      const t = s("text", { x, y: y + 24, class: "county-name" }); t.textContent = c.name; marks.append(t);
      if (owner !== null && st.armies > 0) {
        const g = s("g", { class: "army" });
        g.append(s("circle", { cx: x, cy: y, r: 12, fill: SOLID[colourOf(owner)], stroke: "#fff", "stroke-width": 2 }));
        const n = s("text", { x, y: y + 4.5 }); n.textContent = st.armies; g.append(n); marks.append(g);
      }
      st.buildings.forEach((b, i) => {
        const [letter, colour] = BLD[b];
        const bx = x - 22 + i * 13, by = y - 28;
        marks.append(s("rect", { x: bx, y: by, width: 11, height: 11, fill: colour, rx: 2 }));
        const bt = s("text", { x: bx + 5.5, y: by + 8.5, class: "bldg", fill: "#fff" }); bt.textContent = letter; marks.append(bt);
      });
      for (let i = 0; i < st.revolt; i++) marks.append(s("circle", { cx: x + 16 + i * 7, cy: y - 12, r: 4, fill: "#111", stroke: "#ff5a3c", "stroke-width": 1.5 }));
    }
    for (const [region, [rx, ry]] of Object.entries(M.regions || {})) {
      const t = s("text", { x: rx, y: ry, class: "region-name" }); t.textContent = region.toUpperCase(); marks.append(t);
    }
  }
  function pathOf(rings) { return rings.map((r) => "M" + r.map((p) => p[0] + " " + p[1]).join("L") + "Z").join(""); }

  // ------------------------------------------------------------------ panels shared by live view and replay
  function playersTable(ctx, obs) {
    const rows = obs.players.map((p, i) => {
      const pos = obs.positions[String(i)];
      const tile = pos ? obs.bonus_tiles[pos - 1] : null;
      const pending = obs.pending.includes(i);
      return el("tr", { class: pending ? "pending" : "" },
        el("td", {}, swatch(i), seatLabel(ctx, i), pending ? el("span", { class: "muted small" }, " deciding") : "", ctx.summary.seats[i] && ctx.summary.seats[i].type === "bot" ? el("span", { class: "muted small" }, " bot") : ""),
        el("td", { class: "num" }, p.thalers), el("td", { class: "num" }, p.grain), el("td", { class: "num" }, p.vp),
        el("td", { class: "num" }, p.counties), el("td", { class: "num" }, p.supply),
        el("td", { class: "small" }, pos ? `${pos}` + (tile ? " · " + meta.bonus_tiles[tile] : "") : (p.planned ? "planned" : "")));
    });
    return el("table", { class: "players" }, el("tr", {}, el("th", {}, "Player"), el("th", { class: "num", title: "thalers" }, "Thaler"),
      el("th", { class: "num" }, "Grain"), el("th", { class: "num" }, "VP"), el("th", { class: "num", title: "counties held" }, "Cty"),
      el("th", { class: "num", title: "armies in supply" }, "Sup."), el("th", {}, "Order · bonus")), ...rows);
  }

  function boardPanel(ctx, obs) {
    const out = [];
    out.push(el("p", {}, `Year ${obs.year}, ${obs.season}` + (obs.phase === "over" ? " · game over" : ` · ${obs.phase.replace("_", " ")}`)));
    if (obs.action_cards.length) {
      out.push(el("div", { class: "small muted" }, "Action cards (in order; face-down ones hidden)"));
      out.push(el("div", { class: "cards", role: "list" }, ...obs.action_cards.map((a, i) => {
        const cls = ["card"]; if (a === null) cls.push("hidden");
        if (obs.current_action === i + 1) cls.push("current"); else if (obs.current_action && i + 1 < obs.current_action) cls.push("done");
        return el("span", { class: cls.join(" "), role: "listitem", "aria-label": a === null ? `card ${i + 1}: face down` : `card ${i + 1}: ${actionLabel(a)}` }, `${i + 1}. ${a === null ? "?" : actionLabel(a)}`);
      })));
    }
    const ev = obs.events;
    if (ev.year.length || ev.current) {
      const evs = ev.year.map((e) => {
        const m = meta.events[e.event] || { title: e.event, effect: "" };
        const cur = ev.current && ev.current.card === e.card;
        return el("div", { class: cur ? "card current" : "card", title: m.effect }, `${m.title} (winter −${e.winter_loss} grain)${cur ? " ← now" : ""}`);
      });
      out.push(el("div", { class: "small muted" }, "This year's events"), el("div", { class: "cards" }, ...evs));
      if (ev.current) { const m = meta.events[ev.current.event]; out.push(el("p", { class: "small" }, `Now: ${m.title} – ${m.effect}.`)); }
    }
    if (obs.bonus_tiles.length) out.push(el("p", { class: "small" }, "Bonus tiles by position: ", obs.bonus_tiles.map((t, i) => `${i + 1}. ${meta.bonus_tiles[t]}`).join(" · ")));
    if (obs.order.length) out.push(el("p", { class: "small" }, "Player order: ", ...obs.order.map((p) => el("span", {}, swatch(p), WT.cap(colourOf(p)) + " "))));
    if (Object.keys(obs.bids).length) out.push(el("p", { class: "small" }, "Bids: ", Object.entries(obs.bids).map(([p, c]) => `${WT.cap(colourOf(Number(p)))} ${cardLabel(c)}`).join(", ")));
    out.push(el("p", { class: "small" }, "Tower – tray: ", cubes(obs.tower.tray), " · inside: ", cubes(obs.tower.inside)));
    const plansShown = Object.entries(obs.plans || {}).filter(([, v]) => Object.keys(v).length);
    if (plansShown.length) {
      const acts = obs.action_cards.filter((a) => a !== null);
      out.push(el("details", {}, el("summary", { class: "small" }, "Plans turned up"),
        el("table", { class: "small" }, el("tr", {}, el("th", {}, ""), ...acts.map((a) => el("th", {}, actionLabel(a)))),
          ...plansShown.map(([p, v]) => el("tr", {}, el("td", {}, swatch(p)), ...acts.map((a) => el("td", {}, a in v ? cardLabel(v[a]) : "?")))))));
    }
    if (obs.draft) out.push(el("p", { class: "small" }, `Draft: face up ${obs.draft.faceup.map(name).join(", ") || "none"}; ${obs.draft.deck_left} cards in the deck.`));
    if (obs.winter && obs.winter.revolts_left.length) out.push(el("p", { class: "small" }, "Winter revolts to resolve: " + obs.winter.revolts_left.map(name).join(", ")));
    out.push(el("p", { class: "small muted" }, `Supplies: ${obs.supplies.peasants} peasants, ${obs.supplies.palace} palaces, ${obs.supplies.church} churches, ${obs.supplies.trading_post} trading posts, ${obs.supplies.revolt_markers} revolt markers.`));
    return out;
  }

  // ------------------------------------------------------------------ decisions
  function turnPanel(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    if (st.over) return [finalScores(ctx, st.result)];
    if (seat === null) return [el("p", { class: "muted" }, "You are watching. Waiting for: " + obs.pending.map((p) => WT.cap(colourOf(p))).join(", "))];
    if (!st.legal.length) {
      if (obs.phase === "planning" && obs.players[seat].planned) return [el("p", {}, "Your plan is in. Waiting for the others to plan…"), myPlanView(obs)];
      return [el("p", { class: "muted" }, "Waiting for " + (obs.pending.map((p) => seatLabel(ctx, p)).join(", ") || "the game") + "…")];
    }
    const kinds = new Set(st.legal.map((a) => a.type));
    if (kinds.has("plan_card")) return planning(ctx, st);
    if (kinds.has("position")) return [el("p", {}, "Choose your place in player order (and its bonus tile):"),
      el("div", { class: "choices" }, ...st.legal.map((a) => button(ctx, seat, a, `Position ${a.position}: ${meta.bonus_tiles[obs.bonus_tiles[a.position - 1]]}`)))];
    if (kinds.has("move") || kinds.has("stay")) return moving(ctx, st);
    return [el("p", {}, "Your decision:"), el("div", { class: "choices" }, ...st.legal.map((a) => button(ctx, seat, a, describe(a))))];
  }

  function describe(a) {
    switch (a.type) {
      case "draft_take": return `Take ${name(a.county)}`;
      case "draft_deck": return "Take the deck's top card";
      case "draft_refresh": return "Same two cards again: put them under the deck";
      case "draft_group": return `Place ${a.armies} armies`;
      case "revolt_next": return `Resolve the revolt in ${name(a.county)} next`;
      case "stay": return "Move no armies";
      default: return JSON.stringify(a);
    }
  }

  function button(ctx, seat, action, label, cls) {
    return el("button", { class: cls || "", onclick: async (e) => {
      e.target.disabled = true;
      try { await ctx.act(seat, action); } catch (err) { flash(err.message); e.target.disabled = false; }
    } }, label);
  }
  function flash(text) { const box = document.getElementById("turn-msg"); if (box) { box.textContent = text; box.className = "error"; } else alert(text); }

  function myPlanView(obs) {
    const boxes = (obs.my_plan && obs.my_plan.boxes) || {};
    return el("p", { class: "small muted" }, "Your plan: " + Object.entries(boxes).map(([b, c]) => `${b === "bid" ? "bid" : actionLabel(b)}: ${cardLabel(c)}`).join(" · "));
  }

  function planning(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    const key = `${obs.year}/${obs.season}`;
    let plan = plans[seat];
    if (!plan || plan.key !== key) plan = plans[seat] = { key, boxes: {}, selected: null, verdict: null };
    const mine = meta.counties.filter((c) => obs.counties[c.key].owner === seat).map((c) => c.key);
    const hand = [...mine, "money:0", "money:1", "money:2", "money:3", "money:4"];
    const boxes = ["bid", ...meta.actions.map((a) => a.name)];
    const need = Math.max(0, 11 - mine.length - 5);
    const used = new Set(Object.values(plan.boxes));
    const thalers = obs.players[seat].thalers;
    const problems = {}; let cost = 0;
    for (const [b, c] of Object.entries(plan.boxes)) {
      if (b === "bid") { if (c.startsWith("money:") && Number(c.slice(6)) > thalers) problems[b] = `a bid of ${c.slice(6)} needs that many thalers (R-01)`; continue; }
      if (c.startsWith("money:")) continue;
      const a = meta.actions.find((x) => x.name === b); cost += a.cost;
      const cs = obs.counties[c];
      if (["palace", "church", "trading_post"].includes(b)) {
        if (cs.buildings.includes(b)) problems[b] = `${name(c)} already has one: the action will be skipped`;
        else if (cs.buildings.length >= meta.byKey[c].sites) problems[b] = `${name(c)} has no free building site: skipped`;
      }
    }
    const empty = boxes.filter((b) => !(b in plan.boxes)).length;
    const place = (b) => {
      if (plan.selected !== null) {
        for (const [bb, cc] of Object.entries(plan.boxes)) if (cc === plan.selected) delete plan.boxes[bb];
        plan.boxes[b] = plan.selected; plan.selected = null;
      } else if (b in plan.boxes) delete plan.boxes[b];
      plan.verdict = null; rerender(ctx);
    };
    const mat = el("div", { class: "mat", role: "group", "aria-label": "Action boxes" }, ...boxes.map((b) => {
      const a = meta.actions.find((x) => x.name === b);
      const lbl = b === "bid" ? "Bid for player order" : `${a.label} (${a.cost} thaler${a.cost === 1 ? "" : "s"})`;
      return el("button", { class: "box" + (b === "bid" ? " bid" : "") + (problems[b] ? " bad" : ""), "data-box": b, title: problems[b] || "", onclick: () => place(b),
        "aria-label": `${lbl}: ${b in plan.boxes ? cardLabel(plan.boxes[b]) : "empty"}` },
        el("span", { class: "lbl" }, lbl), el("span", { class: "slot" }, b in plan.boxes ? cardLabel(plan.boxes[b]) : "·"));
    }));
    const cards = el("div", { class: "cards", role: "group", "aria-label": "Your cards" }, ...hand.map((c) => el("button", {
      class: "card" + (plan.selected === c ? " sel" : "") + (used.has(c) ? " used" : ""), "data-card": c, "aria-pressed": String(plan.selected === c),
      onclick: () => { plan.selected = plan.selected === c ? null : c; rerender(ctx); } }, cardLabel(c))));
    const msgs = Object.entries(problems).map(([b, m]) => el("div", { class: b === "bid" ? "error small" : "small" }, `${b === "bid" ? "Bid" : actionLabel(b)}: ${m}`));
    const complete = empty === need && !problems.bid;
    const planJson = () => {
      const out = {}; for (const a of meta.actions) out[a.name] = plan.boxes[a.name] || null;
      return { type: "plan", boxes: out, bid: plan.boxes.bid || null };
    };
    if (complete && plan.verdict === null) {
      plan.verdict = "checking";
      ctx.check(seat, planJson()).then((r) => { plan.verdict = r.ok ? "ok" : r.message; rerender(ctx); }).catch(() => { plan.verdict = null; });
    }
    const fill = () => {
      // Unused cards onto the empty boxes in mat order (county cards first, a 0-thaler bid), leaving
      // exactly as many boxes empty as the rules allow (W-08).
      const free = hand.filter((c) => !used.has(c));
      for (const b of boxes) {
        if (b in plan.boxes) continue;
        if (boxes.filter((x) => !(x in plan.boxes)).length <= need) break;
        const county = free.find((c) => !c.startsWith("money:"));
        const pick = b === "bid" ? (free.includes("money:0") ? "money:0" : county) : county || free[0];
        if (pick === undefined) break;
        plan.boxes[b] = pick;
        free.splice(free.indexOf(pick), 1);
      }
      plan.verdict = null; rerender(ctx);
    };
    return [
      el("p", {}, `Plan in secret: choose a card, then a box (click a filled box to take its card back). You have ${thalers} thalers;`
        + ` the county cards planned cost ${cost}.` + (need ? ` With ${mine.length} counties, leave exactly ${need} box(es) empty.` : " Every box needs a card.")),
      cards, mat, ...msgs,
      el("div", { class: "choices" },
        el("button", { onclick: fill, id: "plan-fill" }, "Fill empty boxes"),
        el("button", { onclick: () => { plan.boxes = {}; plan.selected = null; plan.verdict = null; rerender(ctx); } }, "Clear"),
        el("button", { class: "primary", id: "plan-submit", disabled: !(complete && plan.verdict === "ok"), onclick: async (e) => {
          e.target.disabled = true;
          try { await ctx.act(seat, planJson()); } catch (err) { plan.verdict = err.message; rerender(ctx); }
        } }, "Submit plan")),
      el("div", { id: "turn-msg", role: "status", class: plan.verdict && plan.verdict !== "ok" && plan.verdict !== "checking" ? "error" : "small muted" },
        complete ? (plan.verdict === "ok" ? "The plan is legal." : plan.verdict === "checking" ? "checking…" : plan.verdict || "") : `${empty - need} more box(es) to fill.`),
    ];
  }

  function moving(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    const from = obs.move.from;
    let sel = moveSel[seat];
    const vkey = st.version;
    if (!sel || sel.version !== vkey) sel = moveSel[seat] = { version: vkey, to: null, armies: null, odds: null };
    const targets = {};
    for (const a of st.legal) if (a.type === "move") targets[a.to] = Math.max(targets[a.to] || 0, a.armies);
    const stay = st.legal.find((a) => a.type === "stay");
    const out = [el("p", {}, `${obs.move.kind === "combat" ? "Combat / movement" : "Deploy 1 and move"} from ${name(from)} (${obs.counties[from].armies} armies): choose a county on the map or below.`)];
    out.push(el("div", { class: "choices", role: "group", "aria-label": "Target counties" }, ...Object.keys(targets).map((t) => {
      const own = obs.counties[t].owner === seat;
      return el("button", { "data-target": t, class: sel.to === t ? "primary" : "", onclick: () => chooseTarget(ctx, seat, t, targets[t]) }, `${own ? "Move to" : "Attack"} ${name(t)}`);
    })));
    if (sel.to) {
      const max = targets[sel.to];
      const own = obs.counties[sel.to].owner === seat;
      const slider = el("input", { type: "range", min: 1, max, value: sel.armies, id: "armies", "aria-label": "Armies" });
      slider.addEventListener("input", () => { sel.armies = Number(slider.value); sel.odds = null; rerender(ctx); });
      out.push(el("div", { class: "form-row" }, el("label", { for: "armies" }, `Armies: ${sel.armies} of ${max}`), slider));
      if (!own) {
        const t = obs.counties[sel.to];
        out.push(el("p", { class: "small" }, `Defender: ${t.owner === null ? "peasants (neutral)" : WT.cap(colourOf(t.owner)) + " with " + t.armies + " armies"}. Tray: ${cubes(obs.tower.tray)}.`));
        if (sel.odds === null) {
          sel.odds = "…";
          const asked = { to: sel.to, armies: sel.armies };
          ctx.preview(seat, { type: "move", ...asked }).then((r) => {
            if (sel.to === asked.to && sel.armies === asked.armies) { sel.odds = r; rerender(ctx); }
          }).catch((e) => { sel.odds = { error: e.message }; rerender(ctx); });
        }
        const o = sel.odds;
        out.push(el("p", { class: "odds", id: "odds" }, o === "…" ? "estimating odds…" : o.error ? o.error :
          `Odds (${o.samples} trial battles): win ${pct(o.odds.attacker)}, tie ${pct(o.odds.tie)}, lose ${pct(o.odds.defender)}; about ${o.mean_left_if_won} armies left after a win.`));
      }
      const go = button(ctx, seat, { type: "move", to: sel.to, armies: sel.armies }, `${own ? "Move" : "Attack with"} ${sel.armies} ${own ? "armies to" : "armies:"} ${name(sel.to)}`, "primary");
      go.id = "move-go";
      out.push(go);
    }
    if (stay) out.push(button(ctx, seat, stay, "Move no armies"));
    out.push(el("div", { id: "turn-msg", role: "status" }));
    return out;
  }
  const pct = (x) => `${Math.round(x * 100)}%`;
  function chooseTarget(ctx, seat, to, max) {
    const sel = moveSel[seat];
    sel.to = to; sel.armies = max; sel.odds = null; rerender(ctx);
  }

  function finalScores(ctx, result) {
    const order = result.vp.map((_, i) => i).sort((a, b) => result.vp[b] - result.vp[a] || result.thalers[b] - result.thalers[a]);
    return el("div", { id: "final" }, el("p", {}, el("strong", {}, "Final scores")),
      el("table", {}, el("tr", {}, el("th", {}, "Player"), el("th", { class: "num" }, "VP"), el("th", { class: "num" }, "Thalers")),
        ...order.map((p) => el("tr", {}, el("td", {}, swatch(p), seatLabel(ctx, p), result.winners.includes(p) ? " — winner" : ""),
          el("td", { class: "num" }, result.vp[p]), el("td", { class: "num" }, result.thalers[p])))));
  }

  function rerender(ctx) { if (ctx.lastState) render(ctx, ctx.lastState, true); }

  // ------------------------------------------------------------------ the page API used by table.js
  function render(ctx, st, force = false) {
    ctx.lastState = st;
    const obs = st.obs;
    const seat = st.seat;
    const opts = {};
    if (seat !== null && st.legal.length && obs.phase === "move") {
      opts.origin = obs.move.from;
      opts.targets = new Set(st.legal.filter((a) => a.type === "move").map((a) => a.to));
      opts.chosen = moveSel[seat] && moveSel[seat].version === st.version ? moveSel[seat].to : null;
      opts.onCounty = (t) => chooseTarget(ctx, seat, t, Math.max(...st.legal.filter((a) => a.to === t).map((a) => a.armies)));
    } else if (seat !== null && st.legal.some((a) => a.type === "draft_take" || a.type === "revolt_next")) {
      opts.targets = new Set(st.legal.filter((a) => a.county).map((a) => a.county));
      opts.onCounty = (t) => ctx.act(seat, st.legal.find((a) => a.county === t)).catch((e) => flash(e.message));
    } else if (obs.phase === "move") opts.origin = obs.move.from;
    drawMap(document.getElementById("map"), obs, opts);
    const focus = focusKey(document.activeElement);
    document.getElementById("turn-h").textContent = st.over ? "Game over" : seat === null ? "Spectating" : st.legal.length ? "Your move" : "Waiting";
    // The decision panel is rebuilt only when what it shows changed (or on the person's own input), so
    // that other seats' moves never replace a button under the pointer in the middle of a click.
    const body = document.getElementById("turn-body");
    const key = JSON.stringify([seat, st.legal, st.over, obs.phase, obs.move, seat === null ? obs.pending : obs.players[seat],
      obs.my_plan, obs.bonus_tiles, obs.tower, seat !== null && st.legal.length ? obs.counties : null]);
    if (force || key !== ctx.panelKey) {
      ctx.panelKey = key;
      body.replaceChildren(...turnPanel(ctx, st));
      body.dataset.phase = obs.phase;
    }
    body.dataset.version = String(st.version);
    renderPlayers(ctx);
    document.getElementById("board").replaceChildren(...boardPanel(ctx, obs));
    restoreFocus(focus, seat !== null && st.legal.length > 0);
  }
  // Redrawing replaces the controls; a keyboard user keeps the place they were at (the same card, box,
  // county or button), and a new decision's first control takes the focus when nothing else has it.
  function focusKey(e) {
    if (!e || e === document.body) return null;
    if (e.id) return "#" + CSS.escape(e.id);
    for (const a of ["data-card", "data-box", "data-target", "data-county"]) {
      if (e.hasAttribute(a)) return `[${a}="${CSS.escape(e.getAttribute(a))}"]`;
    }
    return null;
  }
  function restoreFocus(key, deciding) {
    const again = key && document.querySelector(`#turn-body ${key}, #map ${key}[tabindex]`);
    if (again) { if (document.activeElement !== again) again.focus(); return; }
    if (deciding && (!document.activeElement || document.activeElement === document.body)) {
      const first = document.querySelector("#turn-body button:not([disabled]), #turn-body input");
      if (first) first.focus({ preventScroll: true });
    }
  }
  function renderPlayers(ctx) { if (ctx.lastState) document.getElementById("players").replaceChildren(playersTable(ctx, ctx.lastState.obs)); }

  function renderFrame(ctx, obs, where) {
    drawMap(where.map, obs, obs.phase === "move" ? { origin: obs.move.from } : {});
    where.players.replaceChildren(playersTable(ctx, obs));
    where.board.replaceChildren(...boardPanel(ctx, obs));
  }

  function logItem(ctx, entry) {
    const e = entry.event;
    const cls = e.e === "battle" || e.e === "revolt" ? "battle" : e.e === "score" || e.e === "winter" || e.e === "game_over" ? "score" : "";
    const text = entry.lines.filter((l) => l !== "").join("\n");
    if (!text) return document.createTextNode("");
    if (text.startsWith("===") || text.startsWith("---")) return el("h4", {}, text.replace(/[=-]{3}/g, "").trim());
    return el("div", { class: cls }, text);
  }

  function report(ctx, entries, i) {
    const e = entries[i].event;
    if (e.e !== "score") return null;
    const rows = e.detail.map((d, p) => el("tr", {}, el("td", {}, swatch(p), seatLabel(ctx, p)), el("td", { class: "num" }, d.counties),
      el("td", { class: "num" }, d.buildings), el("td", { class: "num" }, d.majorities),
      el("td", { class: "num" }, d.counties + d.buildings + d.majorities), el("td", { class: "num" }, e.vp[p])));
    const winter = [...entries.slice(0, i)].reverse().find((x) => x.event.e === "winter");
    const lines = entries.slice(winter ? entries.indexOf(winter) : i, i).flatMap((x) => x.lines).filter((l) => l && !l.startsWith("---"));
    return el("div", {}, el("p", {}, `Winter and scoring, year ${e.year}`),
      el("pre", { class: "small log" }, lines.join("\n")),
      el("table", {}, el("tr", {}, el("th", {}, "Player"), el("th", { class: "num" }, "Counties"), el("th", { class: "num" }, "Buildings"),
        el("th", { class: "num" }, "Majorities"), el("th", { class: "num" }, "Gained"), el("th", { class: "num" }, "VP")), ...rows));
  }

  function phaseLine(ctx, st) {
    const o = st.obs;
    const waiting = o.pending.map((p) => WT.cap(colourOf(p))).join(", ");
    return `year ${o.year}, ${o.season}, ${o.phase.replace("_", " ")}` + (waiting ? ` · waiting for ${waiting}` : "");
  }

  async function init(ctx) {
    meta = ctx.meta;
    meta.byKey = Object.fromEntries(meta.counties.map((c) => [c.key, c]));
    M = await WT.json(meta.map);
  }

  window.GamePages.wallenstein = { init, render, renderPlayers, renderFrame, logItem, report, phaseLine };
})();
