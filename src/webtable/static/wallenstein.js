// @ts-check
"use strict";
// Wallenstein's page: the map, the season board, players, the modules (Emperor's Court, Landsknechte,
// military leaders), the 2002 edition, battle cards, and the decisions of each phase in plain words.
// Everything drawn comes from the seat's observation, its legal actions and the public log.
window.GamePages = window.GamePages || {};
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = ["red", "blue", "yellow", "purple", "black"];
  const FILL = { red: "#e8a69d", blue: "#a9c3e8", yellow: "#f2dd8c", purple: "#cdb0e0", black: "#a9a9a9" };
  const SOLID = { red: "#c0392b", blue: "#2e6dbd", yellow: "#c99a08", purple: "#8446a6", black: "#3a3a3a" };
  const REGION = { Brandenburg: "#e9e2cf", Sachsen: "#e4e8cf", Kurpfalz: "#ece0d6", Bayern: "#dfe6e2", "Österreich": "#e9dde3" };
  // A building's mark on the map: its initial in the page's language (P/C/T, German P/K/H) on its colour.
  const BLD = { palace: "#7a4b1e", church: "#2f5d8a", trading_post: "#2e7a3c" };
  const bldLetter = (b) => T("wallenstein.building_letter." + b);
  const BUILDING_WORD = { palace: "wallenstein.building_palace", church: "wallenstein.building_church", trading_post: "wallenstein.building_trading_post" };
  const COURT_BOX = { convert3: 3, convert2: 2, convert1: 1 };
  const LK_WORDS = { thalers: "wallenstein.lk_thalers", grain: "wallenstein.lk_grain", armies: "wallenstein.lk_armies", vp: "wallenstein.lk_vp" };
  const s = (tag, attrs = {}) => { const e = document.createElementNS(SVG, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); return e; };
  const el = WT.el;
  let M = null; // the map shapes
  let meta = null;
  let edition = "2012"; // of the observation being drawn (set by render and renderFrame)
  const plans = {}; // seat -> {key, boxes: {box: card}, selected}
  let planHelpOpen = false; // the plan's folded help stays as the person left it across redraws
  let eventOpen = false; // a phone's one-line event at the decision, opened by the person (stays across redraws)
  const moveSel = {}; // seat -> {to, armies, odds, recruit}
  const commitSel = {}; // seat -> {version, armies, odds}

  const colourOf = (seat) => COLOURS[seat];
  const Colour = (seat) => WT.colourName(colourOf(Number(seat)));
  const name = (key) => (meta.byKey[key] || { name: key }).name;
  const seatLabel = (ctx, p) => { const st = ctx.summary.seats[p]; return st ? WT.seatName(st) : Colour(p); };
  // Whether a seat's player is at the table now (bots always are).
  const presence = (ctx, p) => {
    const s = ctx.summary.seats[p]; const on = !s || s.connected;
    return el("span", { class: "presence-dot" + (on ? " on" : ""), title: WT.t(on ? "table.connected" : "table.away"), "aria-label": WT.t(on ? "table.connected" : "table.away"), "data-presence": on ? "on" : "off" });
  };
  // Who the game waits for, named the same way in the header and in the panel.
  const pendingNames = (ctx, obs) => obs.pending.map((p) => seatLabel(ctx, p));
  const waitingFor = (ctx, obs) => pendingNames(ctx, obs).join(", ");
  // The panel's line while this screen has nothing to decide (common.js: never "waiting for nobody").
  const waitingLine = (ctx, st) => WT.waitingPanel(st, (p) => seatLabel(ctx, p));
  const swatch = (p) => el("span", { class: "swatch c-" + (p === "peasants" ? "peasants" : colourOf(Number(p))) });
  const is2002 = () => edition === "2002";
  // The 2002 edition's own words (farmers, trading firms) where its catalogue has them: one screen never
  // mixes them with the 2012 words (peasants, trading posts).
  // (Only these: other "_2002" keys are the edition's own messages with their own parameters, chosen by name.)
  const WORDS_2002 = new Set(["peasants", "n_peasants", "bc_peasants_defend", "defender_neutral", "bc_revolt_armies", "building_trading_post",
    "buildings_trading_post", "fill_why_site_trading_post", "fill_why_supply_trading_post"].map((k) => "wallenstein." + k));
  const T = (key, params) => WT.t(is2002() && WORDS_2002.has(key) ? key + "_2002" : key, params);
  // Counted words, in the page's language (plural forms from the catalogue).
  const armies = (n) => T("wallenstein.n_armies", { n });
  const money = (n) => WT.t(is2002() ? "wallenstein.n_gold" : "wallenstein.n_thalers", { n });
  const actionLabel = (a) => (is2002() && meta.actions_2002[a]) || (meta.actions.find((x) => x.name === a) || { label: a }).label;
  const boxLabel = (b) => (b === "bid" ? T("wallenstein.box_bid") : b in COURT_BOX ? T("wallenstein.box_convert", { n: COURT_BOX[b] }) : actionLabel(b));
  // Plan cards: a county key, "money:v", "blank", "tower"; blank and tower cards are alike, so the
  // planning mat tells its copies apart as "blank#2", "tower#1" (sent without the suffix).
  const baseCard = (c) => (c && c.includes("#") ? c.slice(0, c.indexOf("#")) : c);
  const cardLabel = (c) => {
    c = baseCard(c);
    if (c === null || c === undefined) return "—";
    if (c === "blank") return T("wallenstein.card_blank");
    if (c === "tower") return T("wallenstein.card_tower");
    if (c.startsWith("money:")) return T("wallenstein.n_thalers", { n: Number(c.slice(6)) });
    return name(c);
  };
  const cubeWho = (k) => (k === "peasants" ? T("wallenstein.peasants") : Colour(k));
  const cubes = (counts) => Object.entries(counts || {}).filter(([, n]) => n).map(([k, n]) => T("wallenstein.cubes", { who: cubeWho(k), n })).join(", ") || T("wallenstein.none");
  const standin = (why) => el("span", { class: "standin", title: why || T("wallenstein.standin_why") }, T("wallenstein.standin"));
  const lkBenefit = (b, n) => (LK_WORDS[b] ? T(LK_WORDS[b], { n }) : `${n} ${b}`);
  const seasonName = (s) => T("wallenstein.season." + s);
  const phaseName = (ph) => T("wallenstein.phase." + ph);
  const regionsHeld = (obs, p) => new Set(meta.counties.filter((c) => obs.counties[c.key].owner === p).map((c) => c.region)).size;

  function eventInfo(e) {
    if (e.number !== undefined) { // a 2002 card: number, region, and stand-in printed values (W-29)
      const m = meta.events_2002[e.event] || { title: e.event, effect: "" };
      return { title: T("wallenstein.event_card_2002", { title: m.title.replace("{region}", e.region || "?"), number: e.number }), effect: m.effect, standin: !!e.standin };
    }
    const m = meta.events[e.event] || { title: e.event, effect: "" };
    return { title: m.title, effect: m.effect, standin: !!e.standin };
  }

  function favourText(f) {
    const n = f.amount;
    const what = {
      remove_event: () => T("wallenstein.favour_remove_event"),
      thalers: () => T("wallenstein.n_thalers", { n }),
      tray_armies: () => T("wallenstein.lk_armies", { n }),
      revolt_marker: () => T("wallenstein.favour_revolt_marker"),
      grain: () => T("wallenstein.lk_grain", { n }),
      vp: () => T("wallenstein.n_vp", { n }),
      build: () => T("wallenstein.favour_build." + f.building),
      protection: () => T("wallenstein.favour_protection"),
      deploy3: () => T("wallenstein.favour_deploy3"),
    }[f.favour];
    return T("wallenstein.favour_card", { card: f.card, what: what ? what() : f.favour });
  }
  const favourEl = (f) => el("span", {}, favourText(f), f.standin ? [" (", standin(), ")"] : "");
  // A favour card as it was dealt to the court's display (its cost in courtiers and what it gives), from
  // the log's "favours" entries: cards gone from the display are named by what they gave, not "#N".
  function favourSlot(ctx, card) {
    for (const entry of ctx.logEntries || []) {
      const e = entry.event;
      const slot = e && e.e === "favours" ? (e.display || []).find((d) => d.card === card) : null;
      if (slot) return slot;
    }
    return null;
  }
  const favourName = (ctx, card) => { const f = favourSlot(ctx, card); return f ? favourText(f) : "#" + card; };

  // ------------------------------------------------------------------ the map
  function drawMap(svg, obs, opts = {}) {
    svg.setAttribute("viewBox", `0 0 ${M.width} ${M.height}`);
    const defs = s("defs");
    const hatch = s("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
    hatch.append(s("rect", { width: 8, height: 8, fill: "#cfc7b8" }), s("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#9d927e", "stroke-width": 3 }));
    defs.append(hatch);
    const layer = s("g"); const marks = s("g", { "pointer-events": "none" });
    // Armies still moving in the playback (highlight) stay on top of the redrawn map.
    const moving = svg.querySelector("#army-anim");
    for (const child of [...svg.children]) if (child !== moving) child.remove();
    svg.prepend(defs, layer, marks);
    // (Drawn from a log entry's snapshot, an empty field is left out, not null (RFC 7386): "== null".)
    const leaders = obs.leaders ? Object.entries(obs.leaders.county).filter(([, c]) => c != null) : [];
    for (const ring of M.wasteland || []) layer.append(s("path", { d: pathOf([ring]), fill: "#b9b09c", stroke: "none" }));
    const toGrow = []; // the live map's labels, sized once all are drawn (each keeps clear of the others)
    for (const c of meta.counties) {
      const shape = M.counties[c.key];
      const st = obs.counties[c.key];
      const owner = st.owner;
      const fill = owner == null ? REGION[c.region] || "#eee" : FILL[colourOf(owner)];
      const cls = ["county"];
      if (!st.in_play) cls.push("out");
      if (opts.targets && opts.targets.has(c.key)) cls.push("target");
      if (opts.origin === c.key) cls.push("origin");
      if (opts.chosen === c.key) cls.push("chosen");
      if (svg.id === "map" && litKeys.has(c.key)) cls.push("lit");
      const leader = leaders.find(([, k]) => k === c.key);
      const statue = obs.leaders && obs.leaders.statues[c.key];
      const label = countyWords(c, st, leader, statue);
      // (data-owner: what the map shows, for the tests that compare it with the engine's observation)
      const p = s("path", { d: pathOf(shape.rings), fill, class: cls.join(" "), "fill-rule": "evenodd", "data-county": c.key, "data-owner": owner == null ? "" : String(owner) });
      const title = s("title"); title.textContent = label; p.append(title);
      if (opts.targets && opts.targets.has(c.key) && opts.onCounty) {
        p.setAttribute("tabindex", "0"); p.setAttribute("role", "button"); p.setAttribute("aria-label", label);
        p.addEventListener("click", () => opts.onCounty(c.key));
        p.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); opts.onCounty(c.key); } });
      }
      layer.append(p);
      const [x, y] = shape.label;
      // The name and the printed values (tax, grain) sit in a box inside the county (mapgen.py), so no
      // label covers a border.
      const nm = shape.name || { x, y: y + 24, size: 11 };
      const t = s("text", { x: nm.x, y: nm.y, class: "county-name", "font-size": nm.size, "data-label": c.key }); t.textContent = c.name; marks.append(t);
      const values = printedValues(nm.x, nm.y + 11, c);
      marks.append(values);
      if (svg.id === "map") toGrow.push([c.key, t, values, nm, [x, y]]);
      else if (grown[c.key]) sizeLike(grown[c.key], t, values, nm);
      if (owner != null && st.armies > 0) {
        const g = s("g", { class: "army", "data-county": c.key });
        g.append(s("circle", { cx: x, cy: y - 4, r: 15, fill: SOLID[colourOf(owner)], stroke: "#fff", "stroke-width": 2.5 }));
        const n = s("text", { x, y: y + 2.5 }); n.textContent = st.armies; g.append(n); marks.append(g);
      }
      const own = (mark) => { mark.dataset.county = c.key; return mark; };
      st.buildings.forEach((b, i) => marks.append(own(buildingIcon(b, x - 34 + i * 22, y - 40))));
      for (let i = 0; i < st.revolt; i++) marks.append(own(revoltToken(x + 22 + i * 9, y - 18)));
      if (leader) marks.append(own(leaderMark(x - 15, y + 2, Number(leader[0]))));
      if (statue) marks.append(own(statueMark(x + 17, y + 4, statue.owner, statue.count)));
    }
    // Region borders over the owners' colours: region majorities decide the scoring.
    layer.append(s("path", { d: regionBorders(), class: "region-border", fill: "none" }));
    for (const [region, at] of Object.entries(M.region_labels || {})) {
      const t = s("text", { x: at.x, y: at.y, class: "region-name", "font-size": at.size, "data-label": region }); t.textContent = region.toUpperCase(); marks.append(t);
    }
    for (const [key, ...args] of toGrow) labels[key] = args;
    for (const [key, ...args] of toGrow) grow(key, ...args);
  }
  // The segments of the county borders where two regions meet, or where the land ends (the map's
  // counties share their border points exactly: mapgen.py), as one path; computed once.
  let bordersPath = null;
  let sharedSegments = []; // the borders between two counties, for the labels to keep clear of
  // Whether a box meets a border segment (Liang-Barsky clipping of the segment to the box).
  function meets(p, q, x0, y0, x1, y1) {
    let lo = 0, hi = 1; const dx = q[0] - p[0], dy = q[1] - p[1];
    for (const [a, b] of [[-dx, p[0] - x0], [dx, x1 - p[0]], [-dy, p[1] - y0], [dy, y1 - p[1]]]) {
      if (a === 0) { if (b < 0) return false; continue; }
      const r = b / a; if (a < 0) lo = Math.max(lo, r); else hi = Math.min(hi, r); if (lo > hi) return false;
    }
    return true;
  }
  // A node's box in the map's units as drawn (its own transform included).
  function mapBox(node) {
    const r = node.getBoundingClientRect(); const m = node.ownerSVGElement.getScreenCTM().inverse();
    const a = new DOMPoint(r.left, r.top).matrixTransform(m); const b = new DOMPoint(r.right, r.bottom).matrixTransform(m);
    return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
  }
  const clear = (node) => { const b = mapBox(node); return b.x1 > b.x0 && !sharedSegments.some((e) => meets(e.p, e.q, b.x0, b.y0, b.x1, b.y1)); };
  // Names and printed values as large as their county lets them be without covering a border, the
  // values never smaller than readable (11 px, issue 29; at 1366x768 the board is drawn at about 0.54 of
  // its units, so about 2.4 times mapgen's size). The place and size are found once per county on the
  // live map (measured as Chromium lays it out), again when the map's scale changes: the largest size
  // that keeps clear of every border under the name; else, at the readable size, a place nearby clear
  // of the borders, the name and the county's own tokens (army, buildings); else the readable size under
  // the name on a plate that keeps the figures legible over the border they cross. Where readable would
  // need more than the largest size (a phone's whole map), the largest clear size: the map zooms there.
  let grown = {};
  let grownAt = 0; // the screen pixels per map unit the sizes were found at
  const VALUE_SCALES = [2.6, 2.4, 2.2, 1.9, 1.6, 1.35, 1.15];
  const NAME_SCALES = [1.3, 1.15];
  const VALUE_FONT = 8.5; // .value-n's font size in map units (app.css)
  const READABLE_PX = 11;
  // Shifts of the values in map units, nearest first (the name stays where mapgen put it).
  /** @type {[number, number][]} */
  const VALUE_SHIFTS = [[0, 3], [0, 6], [-6, 0], [6, 0], [-6, 4], [6, 4], [0, 10], [-12, 0], [12, 0], [-12, 6], [12, 6],
    [0, 15], [-18, 2], [18, 2], [-8, 12], [8, 12], [0, 20], [-24, 4], [24, 4], [-18, 10], [18, 10]];
  // Where a plate may go: a finer and wider grid, nearest first (searched for the few crowded counties).
  /** @type {[number, number][]} */
  const PLATE_SHIFTS = [];
  for (let dx = -30; dx <= 30; dx += 5) for (let dy = -6; dy <= 24; dy += 3) PLATE_SHIFTS.push([dx, dy]);
  PLATE_SHIFTS.sort((a, b) => Math.hypot(...a) - Math.hypot(...b));
  const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  // The live map's labels as last drawn, by county: sized again when the map's box changes size.
  let labels = {};
  const resized = new ResizeObserver(() => { for (const [key, args] of Object.entries(labels)) grow(key, ...args); });
  let observed = null;
  let named = {}; // county -> its name's font size, once found
  function sizeName(name, nm) {
    if (!name.isConnected) return nm.size;
    const n = NAME_SCALES.find((k) => { name.setAttribute("font-size", nm.size * k); return clear(name); }) || 1;
    name.setAttribute("font-size", nm.size * n);
    return nm.size * n;
  }
  function grow(key, name, values, nm, label) {
    const map = name.ownerSVGElement;
    if (map && observed !== map) { observed = map; resized.observe(map); }
    const svg = values.ownerSVGElement; const ctm = svg && svg.getScreenCTM();
    const px = ctm ? ctm.a : 0;
    labels[key] = [name, values, nm, label];
    // (Zoomed, or hidden behind the replay's tab, the sizes found stay: the replay's map takes them.)
    if (px && !zoomedIn() && name.getBoundingClientRect().width && Math.abs(px - grownAt) > grownAt * 0.03) { grown = {}; named = {}; grownAt = px; }
    if (!grown[key]) {
      if (!name.getBoundingClientRect().width || !px || zoomedIn()) return; // not laid out (a hidden tab), or zoomed: tried at the next drawing
      regionBorders();
      // Every name is sized before any values are placed (the values keep clear of the names).
      for (const [k, [n, , m]] of Object.entries(labels)) if (!named[k]) named[k] = sizeName(n, m);
      name.setAttribute("font-size", named[key]);
      grown[key] = { ...placeValues(key, values, nm, mapBox(name), label, px), n: named[key] };
    }
    const g = grown[key];
    values.setAttribute("transform", valuesAt(g.v, nm, g.dx, g.dy));
    values.classList.toggle("plate", g.plate);
    name.setAttribute("font-size", g.n);
  }
  // The replay's map: its names and values as large and placed as the live map found them (its badges
  // were mapgen's 5 px at 1366x768); a replay opened before the live map was laid out keeps mapgen's.
  function sizeLike(g, name, values, nm) {
    values.setAttribute("transform", valuesAt(g.v, nm, g.dx, g.dy));
    values.classList.toggle("plate", g.plate);
    name.setAttribute("font-size", g.n);
  }
  // The values' top edge is their anchor: they grow down and to the sides from it.
  const valuesAt = (k, nm, dx = 0, dy = 0) => `translate(${dx} ${dy}) ${scaleAt(k, nm.x, nm.y + 2.3)}`;
  function placeValues(key, values, nm, nameBox, [x, y], px) {
    const need = Math.max(1, READABLE_PX / (VALUE_FONT * px));
    const readable = need <= VALUE_SCALES[0] ? need * 1.02 : undefined; // undefined: not reachable (a phone)
    // Never over the county's own tokens (its army: a disc at the label point; its buildings, above it)
    // nor a region's name; away from under the name, never over the name either.
    const tokens = [{ x0: x - 16, y0: y - 20, x1: x + 16, y1: y + 12 }, { x0: x - 45, y0: y - 51, x1: x + 35, y1: y - 29 }];
    const regions = [...(values.ownerSVGElement?.querySelectorAll("text.region-name") || [])].map(mapBox);
    const shape = values.ownerSVGElement?.querySelector(`path.county[data-county="${key}"]`);
    const inside = (b) => !(shape instanceof SVGGeometryElement) || shape.isPointInFill(new DOMPoint((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2));
    const area = (a, b) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
    // How much a place covers of what it must not (Infinity: it leaves the county, or meets a border).
    const cost = (k, [dx, dy], borders, others = []) => {
      values.setAttribute("transform", valuesAt(k, nm, dx, dy));
      if (borders && !clear(values)) return Infinity;
      const box = mapBox(values);
      if ((dx || dy) && !inside(box)) return Infinity;
      // (Under the name, where mapgen left room for the values, only the region names are in the way.)
      return [...regions, ...others, ...(dx || dy ? [nameBox, ...tokens] : [])].reduce((sum, t) => sum + area(box, t), 0);
    };
    const others = Object.entries(labels).filter(([k]) => k !== key)
      .flatMap(([k, [n, v]]) => (grown[k] ? [mapBox(n), mapBox(v)] : [mapBox(n)]));
    const fits = (k, d, borders) => cost(k, d, borders, others) === 0;
    const sizes = VALUE_SCALES.filter((k) => readable === undefined || k >= readable);
    const under = sizes.find((k) => fits(k, [0, 0], true));
    if (under !== undefined) return { v: under, dx: 0, dy: 0, plate: false };
    if (readable === undefined) return { v: VALUE_SCALES.find((k) => fits(k, [0, 0], true)) || 1, dx: 0, dy: 0, plate: false };
    const shift = VALUE_SHIFTS.find((d) => fits(readable, d, true));
    if (shift) return { v: readable, dx: shift[0], dy: shift[1], plate: false };
    // On a plate over the borders, in the county, where it covers least; the nearest such place.
    let best = { d: [0, 0], c: Infinity };
    for (const d of PLATE_SHIFTS) {
      const c = cost(readable, d, false, others);
      if (c < best.c) best = { d, c };
      if (c === 0) break;
    }
    return { v: readable, dx: best.d[0], dy: best.d[1], plate: true };
  }
  const scaleAt = (k, x, y) => (k === 1 ? "" : `translate(${x} ${y}) scale(${k}) translate(${-x} ${-y})`);
  function regionBorders() {
    if (bordersPath !== null) return bordersPath;
    const seen = new Map();
    for (const c of meta.counties) {
      for (const ring of M.counties[c.key].rings) {
        ring.forEach((p, i) => {
          const q = ring[(i + 1) % ring.length];
          const key = [p.join(","), q.join(",")].sort().join(" ");
          const had = seen.get(key);
          seen.set(key, had ? { ...had, regions: [...had.regions, c.region] } : { p, q, regions: [c.region] });
        });
      }
    }
    sharedSegments = [...seen.values()].filter((e) => e.regions.length === 2);
    bordersPath = [...seen.values()].filter((e) => e.regions.length === 1 || e.regions[0] !== e.regions[1])
      .map((e) => `M${e.p[0]} ${e.p[1]}L${e.q[0]} ${e.q[1]}`).join("");
    return bordersPath;
  }
  // A county's printed values as on the board: a coin with its tax, a sheaf with its grain.
  // (Grown where the county has room: see grow.)
  function printedValues(x, y, c) {
    const g = s("g", { class: "values", "aria-hidden": "true", "data-county": c.key });
    g.append(s("rect", { x: x - 12.6, y: y - 10, width: 25.2, height: 13, rx: 3.5, class: "value-plate" })); // (shown where crowded: grow)
    g.append(s("circle", { cx: x - 6.2, cy: y - 3.5, r: 5.2, class: "tax-coin" }));
    const tx = s("text", { x: x - 6.2, y: y - 0.6, class: "value-n" }); tx.textContent = c.tax; g.append(tx);
    g.append(s("rect", { x: x + 1, y: y - 8.7, width: 10.4, height: 10.4, rx: 2, class: "grain-sheaf" }));
    const gx = s("text", { x: x + 6.2, y: y - 0.6, class: "value-n" }); gx.textContent = c.grain; g.append(gx);
    return g;
  }
  // A county in words, for its tooltip and for screen readers.
  function countyWords(c, st, leader, statue) {
    const parts = [T("wallenstein.county_printed", { name: c.name, region: c.region, tax: c.tax, grain: c.grain })];
    if (!st.in_play) parts.push(T("wallenstein.county_out"));
    else if (st.owner == null) parts.push(T("wallenstein.county_neutral"));
    else parts.push(T("wallenstein.county_owned", { colour: Colour(st.owner), n: st.armies }));
    for (const b of st.buildings) parts.push(T(BUILDING_WORD[b]));
    if (st.revolt) parts.push(T("wallenstein.county_revolt", { n: st.revolt }));
    if (leader) parts.push(T("wallenstein.county_leader", { colour: Colour(leader[0]) }));
    if (statue) parts.push(T("wallenstein.county_statues", { n: statue.count, colour: Colour(statue.owner) }));
    return parts.join("; ");
  }
  // The map's legend: every symbol in words (drawn once per map).
  function legend() {
    const sym = (cls, text) => el("span", { class: "lg-sym " + cls }, text);
    const item = (mark, key) => el("li", {}, mark, " ", T(key));
    const icon = (g) => { const svg = s("svg", { width: 22, height: 22, viewBox: "0 0 22 22", class: "lg-icon", "aria-hidden": "true" }); svg.append(g); return svg; };
    return el("details", { class: "legend panel small", id: "legend", "data-edition": edition }, el("summary", {}, el("span", { class: "long" }, T("wallenstein.legend")), el("span", { class: "short" }, WT.t("table.legend_short"))),
      el("ul", {},
        item(sym("lg-coin", "3"), "wallenstein.legend_tax"),
        item(sym("lg-sheaf", "2"), "wallenstein.legend_grain"),
        item(sym("lg-army", "4"), "wallenstein.legend_armies"),
        item(icon(buildingIcon("palace", 11, 11)), "wallenstein.building_palace"),
        item(icon(buildingIcon("church", 11, 11)), "wallenstein.building_church"),
        item(icon(buildingIcon("trading_post", 11, 11)), "wallenstein.building_trading_post"),
        item(icon(revoltToken(11, 11)), "wallenstein.legend_revolt"),
        item(el("span", { class: "lg-sym lg-region" }), "wallenstein.legend_region"),
        item(sym("lg-out", ""), "wallenstein.legend_out"),
        item(sym("lg-target", ""), "wallenstein.legend_target"),
        item(sym("lg-origin", ""), "wallenstein.legend_origin")));
  }
  // Buildings as drawn pieces (palace: a house with towers; church: a nave with a spire and cross;
  // trading post: a market stall with an awning), on a tile of the building's colour.
  const ICON = {
    palace: "M-7 6V-2H-4V-6H-2V-2H2V-6H4V-2H7V6Z",
    church: "M-6 6V-1L0 -4L6 -1V6ZM-1 -4V-9H1V-4ZM-2.5 -7.5H2.5V-6H-2.5Z",
    trading_post: "M-7 -2L-4 -6H4L7 -2ZM-6 -2H6V6H3V1H-3V6H-6Z",
  };
  function buildingIcon(b, x, y) {
    const g = s("g", { class: "bldg-icon", "data-building": b, transform: `translate(${x} ${y})` });
    g.append(s("rect", { x: -10, y: -10, width: 20, height: 20, rx: 4, fill: BLD[b], stroke: "#fff", "stroke-width": 1.5 }),
      s("path", { d: ICON[b], fill: "#fff" }));
    return g;
  }
  // A revolt marker: a black token with a flame.
  function revoltToken(x, y) {
    const g = s("g", { class: "revolt-token", transform: `translate(${x} ${y})` });
    g.append(s("circle", { r: 8, fill: "#111", stroke: "#ff5a3c", "stroke-width": 2.2 }),
      s("path", { d: "M0 -5C3 -1 4 2 0 5C-4 2 -3 -1 0 -5Z", fill: "#ff7a3c" }));
    return g;
  }
  function pathOf(rings) { return rings.map((r) => "M" + r.map((p) => p[0] + " " + p[1]).join("L") + "Z").join(""); }
  // The military leader: a pennant on a pole in the player's colour (drawn by the project).
  function leaderMark(x, y, seat) {
    const g = s("g", { class: "leader-mark", "data-leader": String(seat) });
    g.append(s("line", { x1: x, y1: y + 12, x2: x, y2: y - 20, stroke: "#2b2620", "stroke-width": 2.2 }),
      s("path", { d: `M${x} ${y - 20} L${x - 19} ${y - 13} L${x} ${y - 6} Z`, fill: SOLID[colourOf(seat)], stroke: "#fff", "stroke-width": 1.5 }),
      s("circle", { cx: x, cy: y - 21, r: 2.6, fill: "#d4a017", stroke: "#2b2620", "stroke-width": 0.8 }));
    return g;
  }
  // Statues: a small plinth and column in the owner's colour, with their number.
  function statueMark(x, y, owner, count) {
    const g = s("g", { class: "statue-mark" });
    g.append(s("rect", { x: x - 4, y: y - 12, width: 8, height: 10, fill: SOLID[colourOf(owner)], stroke: "#fff", "stroke-width": 1 }),
      s("rect", { x: x - 6, y: y - 3, width: 12, height: 4, fill: "#8a8173", stroke: "#fff", "stroke-width": 0.8 }));
    if (count > 1) { const t = s("text", { x: x + 9, y: y, class: "statue-count" }); t.textContent = "×" + count; g.append(t); }
    return g;
  }

  // ------------------------------------------------------------------ pan and zoom (phones above all)
  // The live map zooms and pans (WT.zoomable, common.js), so names and values are readable on a phone.
  let zoomer = null;
  function applyZoom() { if (zoomer) zoomer.apply(); }
  const zoomedIn = () => zoomer !== null && zoomer.zoomed();

  // ------------------------------------------------------------------ panels shared by live view and replay
  function playersTable(ctx, obs) {
    const rows = obs.players.map((p, i) => {
      const pos = obs.positions[String(i)];
      const tile = pos ? obs.bonus_tiles[pos - 1] : null;
      const pending = obs.pending.includes(i);
      // (A phone's compact card labels its figures in short, data-short: app.css; the title says it whole.)
      const fig = (key, value, title) => el("td", { class: "num", "data-label": WT.t(key), "data-short": WT.t(key + "_short"), title: WT.t(title) }, value);
      return el("tr", { class: pending ? "pending" : "", style: `--seat: ${SOLID[colourOf(i)]}`, "data-seat": i },
        el("td", {}, presence(ctx, i), swatch(i), seatLabel(ctx, i), pending ? el("span", { class: "muted small" }, " " + WT.t("table.deciding")) : "", ctx.summary.seats[i] && ctx.summary.seats[i].type === "bot" ? el("span", { class: "muted small" }, " " + WT.t("table.bot")) : "",
          el("span", { class: "clock", "data-clock": i, hidden: true })),
        fig(is2002() ? "wallenstein.th_gold" : "wallenstein.th_thalers", p.thalers, is2002() ? "wallenstein.th_gold_title" : "wallenstein.th_thalers_title"),
        fig("wallenstein.th_grain", p.grain, "wallenstein.th_grain_title"), fig("wallenstein.th_vp", p.vp, "wallenstein.th_vp_title"),
        fig("wallenstein.th_counties", p.counties, "wallenstein.th_counties_title"), fig("wallenstein.th_supply", p.supply, "wallenstein.th_supply_title"),
        el("td", { class: "small order", "data-label": WT.t(is2002() ? "wallenstein.th_order" : "wallenstein.th_order_bonus"), title: tile ? meta.bonus_tiles[tile] : null }, orderText(obs, i, pos, tile, p, ctx.strip)));
    });
    const th = (key, attrs = {}) => el("th", attrs, WT.t(key));
    return el("table", { class: "players" + (ctx.strip ? " strip-cards" : "") }, el("tr", { class: "head" }, th("table.player"), th(is2002() ? "wallenstein.th_gold" : "wallenstein.th_thalers", { class: "num", title: WT.t(is2002() ? "wallenstein.th_gold_title" : "wallenstein.th_thalers_title") }),
      th("wallenstein.th_grain", { class: "num", title: T("wallenstein.th_grain_title") }), th("wallenstein.th_vp", { class: "num", title: T("wallenstein.th_vp_title") }), th("wallenstein.th_counties", { class: "num", title: T("wallenstein.th_counties_title") }),
      th("wallenstein.th_supply", { class: "num", title: T("wallenstein.th_supply_title") }), th(is2002() ? "wallenstein.th_order" : "wallenstein.th_order_bonus", { title: WT.t(is2002() ? "wallenstein.th_order_title" : "wallenstein.th_order_bonus_title") })), ...rows);
  }

  // A seat's place in the player order and its bonus tile (2012); in 2002 its place in the order of
  // play (obs.order), as the bonus tiles are not part of that edition.
  // (On a player board the tile in short, its whole wording in the cell's title: the long ones were cut.)
  function orderText(obs, i, pos, tile, p, short = false) {
    if (pos) return `${pos}` + (tile ? " · " + (short ? T("wallenstein.tile_short." + tile) : meta.bonus_tiles[tile]) : "");
    if (p.planned) return T("wallenstein.planned");
    const at = (obs.order || []).indexOf(i);
    return at >= 0 ? String(at + 1) : "–";
  }
  function boardPanel(ctx, obs) { const b = boardParts(ctx, obs); return [...b.track, ...b.details, ...b.modules]; }
  // The board in three parts: the season track (always in view), the details and the modules (dock tabs).
  function boardParts(ctx, obs) {
    const out = [];
    out.push(el("p", { class: "season-line" }, WT.t(is2002() ? "wallenstein.season_line_2002" : "wallenstein.season_line", { year: obs.year, season: seasonName(obs.season), phase: phaseName(obs.phase) })));
    if (obs.action_cards.length) {
      out.push(el("div", { class: "small muted" }, T("wallenstein.action_cards")));
      // (Every card face up and none current: the season's ten actions are played, all of them done.)
      const allPlayed = !obs.current_action && obs.action_cards.every((a) => a !== null);
      out.push(el("div", { class: "cards action-cards", role: "list" }, ...obs.action_cards.map((a, i) => {
        const cls = ["card"]; if (a === null) cls.push("hidden");
        if (obs.current_action === i + 1) cls.push("current"); else if (allPlayed || (obs.current_action && i + 1 < obs.current_action)) cls.push("done");
        // (The label in a span of its own: a phone's track shows a card that is done by its number alone.)
        return el("span", { class: cls.join(" "), role: "listitem", title: a === null ? "" : actionLabel(a), "aria-label": a === null ? T("wallenstein.card_face_down", { i: i + 1 }) : T("wallenstein.card_n", { i: i + 1, action: actionLabel(a) }) },
          `${i + 1}.`, el("span", { class: "card-lbl" }, ` ${a === null ? "?" : actionLabel(a)}`));
      })));
    }
    const ev = obs.events;
    if (ev.current) { const m = eventInfo(ev.current); out.push(el("p", { class: "small", id: "event-now" }, T("wallenstein.event_now", { title: m.title, effect: m.effect }), m.standin ? [" ", standin()] : "")); }
    const track = out.splice(0);
    if (ev.year.length || ev.current) {
      const evs = ev.year.map((e) => {
        const m = eventInfo(e);
        const cur = ev.current && ev.current.card === e.card;
        return el("div", { class: cur ? "card current event" : "card event", title: m.effect },
          T("wallenstein.event_winter_loss", { title: m.title, n: e.winter_loss }), m.standin ? [" ", standin(T("wallenstein.standin_event"))] : "", cur ? " " + T("wallenstein.event_now_mark") : "");
      });
      out.push(el("div", { class: "small muted" }, T("wallenstein.events_year")), el("div", { class: "cards" }, ...evs));
    }
    if (obs.bonus_tiles.length) out.push(el("p", { class: "small" }, T("wallenstein.bonus_tiles", { tiles: obs.bonus_tiles.map((t, i) => `${i + 1}. ${meta.bonus_tiles[t]}`).join(" · ") })));
    if (obs.order.length) out.push(el("p", { class: "small" }, WT.t(is2002() ? "wallenstein.order_2002" : "wallenstein.order"), " ", ...obs.order.map((p) => el("span", {}, swatch(p), Colour(p) + " "))));
    if (Object.keys(obs.bids).length) out.push(el("p", { class: "small" }, T("wallenstein.bids", { bids: Object.entries(obs.bids).map(([p, c]) => `${Colour(p)} ${cardLabel(c)}`).join(", ") })));
    out.push(el("p", { class: "small" }, T("wallenstein.tower_line", { tray: cubes(obs.tower.tray), inside: cubes(obs.tower.inside) })));
    const plansShown = Object.entries(obs.plans || {}).filter(([, v]) => Object.keys(v).length);
    if (plansShown.length) {
      const acts = obs.action_cards.filter((a) => a !== null);
      out.push(el("details", {}, el("summary", { class: "small" }, T("wallenstein.plans_turned_up")),
        el("table", { class: "small" }, el("tr", {}, el("th", {}, ""), ...acts.map((a) => el("th", {}, actionLabel(a)))),
          ...plansShown.map(([p, v]) => el("tr", {}, el("td", {}, swatch(p)), ...acts.map((a) => el("td", {}, a in v ? cardLabel(v[a]) : "?")))))));
    }
    if (obs.declared_empty && Object.keys(obs.declared_empty).length) {
      out.push(el("p", { class: "small", id: "declared-empty" }, T("wallenstein.declared_empty", {
        boxes: Object.entries(obs.declared_empty).map(([p, boxes]) => `${Colour(p)}: ${boxes.map(actionLabel).join(", ")}`).join("; ") })));
    }
    if (obs.fight) out.push(fightLine(obs.fight));
    if (obs.draft) out.push(el("p", { class: "small" }, T("wallenstein.draft_line", { faceup: obs.draft.faceup.map(name).join(", ") || T("wallenstein.none"), n: obs.draft.deck_left })));
    if (obs.winter && obs.winter.revolts_left.length) out.push(el("p", { class: "small" }, T("wallenstein.winter_revolts_left", { counties: obs.winter.revolts_left.map(name).join(", ") })));
    const sp = obs.supplies;
    out.push(el("p", { class: "small muted" }, WT.t(is2002() ? "wallenstein.supplies_2002" : "wallenstein.supplies", { peasants: sp.peasants, palaces: sp.palace, churches: sp.church, posts: sp.trading_post, markers: sp.revolt_markers })));
    const modules = [];
    if (obs.court) modules.push(courtPanel(ctx, obs));
    if (obs.landsknechte) modules.push(landsknechtePanel(ctx, obs));
    if (obs.leaders) modules.push(leadersPanel(ctx, obs));
    return { track, details: out, modules };
  }

  // A 2002 fight waiting for the defender's commitment (public once announced, W-18).
  function fightLine(f) {
    const defender = f.defender == null || f.defender < 0 ? WT.t("table.nobody") : Colour(f.defender);
    const text = f.kind === "attack"
      ? T("wallenstein.fight_attack", { attacker: Colour(f.attacker), defender, county: name(f.county), origin: name(f.origin), armies: armies(f.armies), n: f.defender_armies })
      : WT.t(f.kind === "winter_revolt" ? "wallenstein.fight_winter_revolt" : "wallenstein.fight_revolt", { county: name(f.county), farmers: T("wallenstein.n_farmers", { n: f.farmers }), defender, n: f.defender_armies });
    return el("p", { class: "small fight", id: "fight" }, text);
  }

  function pips(n, cls, label) {
    return el("span", { class: "pips", "aria-label": `${label}: ${n}`, title: `${label}: ${n}` }, ...Array.from({ length: n }, () => el("span", { class: "pip " + cls })), el("span", { class: "pip-n" }, String(n)));
  }

  function courtPanel(ctx, obs) {
    const c = obs.court;
    const sec = el("section", { class: "module court", id: "court", "aria-label": T("wallenstein.court_h") }, el("h3", {}, T("wallenstein.court_h")));
    const display = c.display.length
      ? el("div", { class: "favours", role: "list" }, ...c.display.map((f) => el("div", { class: "favour", role: "listitem" },
        el("span", { class: "cost" }, T("wallenstein.n_courtiers", { n: f.courtiers })), favourEl(f))))
      : el("p", { class: "small muted" }, T("wallenstein.court_no_favours"));
    sec.append(el("div", { class: "small muted" }, T("wallenstein.court_favours")), display);
    const boardText = (p) => {
      const b = c.boards[String(p)];
      if (!b) return el("span", { class: "muted" }, T("wallenstein.hidden"));
      if (Object.values(b).every((card) => card === null)) return el("span", { class: "muted" }, T("wallenstein.not_planned"));
      return Object.entries(b).map(([box, card]) => `${COURT_BOX[box]}: ${card === null ? "—" : cardLabel(card)}`).join(" · ");
    };
    const rows = obs.players.map((_, p) => {
      const cp = c.courtiers[String(p)];
      const notes = [];
      if (c.keeps_favour_4.includes(p)) notes.push(T("wallenstein.court_keeps_4"));
      if (c.protected.includes(p)) notes.push(T("wallenstein.court_protected"));
      const pending = c.audience_queue[0] === p ? "pending" : "";
      // Notes sit under the colour and the court board on a line of its own under the row, not in columns
      // of their own: a fifth column (the court board) was cut off at 1366 px, a sixth (a long German
      // note) pushed out of the panel.
      return [el("tr", { class: pending },
        el("td", {}, swatch(p), Colour(p), notes.length ? el("div", { class: "small muted court-note" }, notes.join("; ")) : ""),
        el("td", {}, pips(cp.supply, "own c-" + colourOf(p), T("wallenstein.court_pips_supply"))),
        el("td", {}, pips(cp.hall, "c-" + colourOf(p), T("wallenstein.court_pips_hall"))),
        el("td", {}, pips(cp.audience, "c-" + colourOf(p), T("wallenstein.court_pips_audience")))),
      el("tr", { class: "court-board-row " + pending }, el("td", { colspan: 4, class: "small court-note court-board", "data-seat": p },
        el("span", { class: "muted" }, T("wallenstein.court_board_of")), " ", boardText(p)))];
    });
    sec.append(el("table", { class: "court-table small" },
      el("tr", {}, ...["table.player", "wallenstein.court_th_supply", "wallenstein.court_th_hall", "wallenstein.court_th_audience"].map((key) => el("th", {}, WT.t(key)))), ...rows.flat()));
    const facts = [T("wallenstein.court_deck", { n: c.deck_left })];
    if (c.gone.length) facts.push(T("wallenstein.court_gone", { cards: c.gone.map((n) => favourName(ctx, n)).join("; ") }));
    if (c.audience_queue.length) facts.push(T("wallenstein.court_queue", { order: c.audience_queue.map(Colour).join(", ") }));
    if (c.choosing_for) facts.push(T("wallenstein.court_choosing", { who: Colour(c.audience_queue[0]), card: favourName(ctx, c.choosing_for) }));
    sec.append(el("p", { class: "small muted" }, T("wallenstein.court_facts", { facts: facts.join(" · ") })));
    return sec;
  }

  function landsknechtePanel(ctx, obs) {
    const lk = obs.landsknechte;
    const sec = el("section", { class: "module landsknechte", id: "landsknechte", "aria-label": T("wallenstein.lk_h") },
      el("h3", {}, T("wallenstein.lk_h"), lk.standin ? [" ", standin()] : ""));
    const benefits = ["thalers", "grain", "armies", "vp"];
    sec.append(el("table", { class: "small lk-cards" },
      el("tr", {}, el("th", {}, T("wallenstein.lk_card")), ...lk.cards.map((_, i) => el("th", {}, i === 0 ? T("wallenstein.lk_banner") : String(i + 1)))),
      ...benefits.map((b) => el("tr", {}, el("td", {}, T("wallenstein.lk_row." + b)), ...lk.cards.map((card) => el("td", { class: "num" }, b in card ? String(card[b]) : "–"))))));
    const rows = obs.players.map((_, p) => {
      const held = regionsHeld(obs, p);
      const top = lk.top[String(p)];
      return el("tr", { class: lk.choosing === p ? "pending" : "" },
        el("td", {}, swatch(p), Colour(p)), el("td", { class: "num" }, T("wallenstein.lk_top", { n: top })),
        el("td", { class: "num" }, T("wallenstein.lk_held", { n: held })),
        el("td", { class: held >= 4 ? "ok" : "muted" }, WT.t(held >= 4 ? "wallenstein.lk_meets" : "wallenstein.lk_needs")));
    });
    sec.append(el("table", { class: "small lk-seats" }, el("tr", {}, ...["table.player", "wallenstein.lk_th_deck", "wallenstein.lk_th_regions", "wallenstein.lk_th_check"].map((key) => el("th", {}, WT.t(key)))), ...rows));
    sec.append(el("p", { class: "small muted" }, T("wallenstein.lk_rule"), lk.choosing != null ? " " + T("wallenstein.lk_choosing", { who: Colour(lk.choosing) }) : ""));
    return sec;
  }

  function leadersPanel(ctx, obs) {
    const L = obs.leaders;
    const sec = el("section", { class: "module leaders", id: "leaders", "aria-label": T("wallenstein.leaders_h") }, el("h3", {}, T("wallenstein.leaders_h")));
    const onBoard = (p) => Object.values(L.statues).filter((st) => st.owner === p).reduce((a, st) => a + st.count, 0);
    const rows = obs.players.map((_, p) => {
      const at = L.county[String(p)];
      const trophies = Object.entries(L.trophies[String(p)] || {});
      return el("tr", {},
        el("td", {}, swatch(p), Colour(p)),
        el("td", {}, at ? name(at) : el("span", { class: "muted" }, T("wallenstein.leader_off"))),
        el("td", { class: "num" }, String(onBoard(p))), el("td", { class: "num" }, String(L.statues_left[String(p)])),
        el("td", { class: "small" }, trophies.length ? trophies.map(([o, n]) => T("wallenstein.trophies_of", { n, who: Colour(o) })).join(", ") : "–"));
    });
    sec.append(el("table", { class: "small" }, el("tr", {}, el("th", {}, WT.t("table.player")), el("th", {}, T("wallenstein.leader_th_in")), el("th", { class: "num" }, T("wallenstein.leader_th_statues")),
      el("th", { class: "num" }, T("wallenstein.leader_th_left")), el("th", {}, T("wallenstein.leader_th_trophies"))), ...rows));
    if (L.draft_offer) sec.append(el("p", { class: "small" }, T("wallenstein.leader_offer", { county: name(L.draft_offer) })));
    sec.append(el("p", { class: "small muted" }, T("wallenstein.leader_note")));
    return sec;
  }

  // Regions and the winter forecast, as the server computed them with the engine's own winter rules
  // (webtable/wallenstein_standings.py); the page only lays them out.
  const BUILDING_KINDS = ["palace", "church", "trading_post"];
  const BUILDINGS_HEAD = { palace: "wallenstein.buildings_palace", church: "wallenstein.buildings_church", trading_post: "wallenstein.buildings_trading_post" };
  function standingsPanel(ctx, board, obs) {
    if (!board) return [];
    const players = obs.players.map((_, p) => p);
    const who = (counts, leaders) => {
      const held = players.filter((p) => counts[p]);
      if (!held.length) return el("span", { class: "muted" }, "–");
      return el("span", {}, ...held.map((p) => el("span", { class: leaders.includes(p) ? "lead" : "", title: leaders.includes(p) ? T("wallenstein.leads") : "" },
        swatch(p), `${counts[p]} `)));
    };
    const regions = el("table", { class: "regions small", id: "regions" },
      el("tr", {}, el("th", {}, T("wallenstein.region")), ...BUILDING_KINDS.map((k) => el("th", {}, T(BUILDINGS_HEAD[k])))),
      ...board.regions.map((r) => el("tr", { "data-region": r.region }, el("td", {}, r.region),
        ...BUILDING_KINDS.map((k) => el("td", {}, who(r.buildings[k].counts, r.buildings[k].leaders))))));
    const vp = el("table", { class: "regions small", id: "vp-now" },
      el("tr", {}, el("th", {}, WT.t("table.player")), el("th", { class: "num" }, T("wallenstein.score_counties")), el("th", { class: "num" }, T("wallenstein.score_buildings")),
        el("th", { class: "num", title: T("wallenstein.score_majorities_title") }, T("wallenstein.score_majorities")), el("th", { class: "num" }, T("wallenstein.vp_now"))),
      ...board.score_now.map((d, p) => el("tr", { "data-seat": p }, el("td", {}, swatch(p), seatLabel(ctx, p)), el("td", { class: "num" }, d.counties),
        el("td", { class: "num" }, d.buildings), el("td", { class: "num" }, d.majorities), el("td", { class: "num vp" }, board.vp_now[p]))));
    const out = [el("section", { class: "module", id: "standings" }, el("h3", {}, T("wallenstein.regions_h")),
      el("p", { class: "small muted" }, T("wallenstein.regions_note")), regions, vp)];
    const w = board.winter;
    if (w && w.outcomes.length) {
      const head = w.certain ? T("wallenstein.forecast_certain", { n: w.outcomes[0].grain_loss })
        : T("wallenstein.forecast_open", { losses: w.outcomes.map((o) => o.grain_loss).join(", ") });
      const table = el("table", { class: "forecast small", id: "forecast" },
        el("tr", {}, el("th", {}, WT.t("table.player")), el("th", { class: "num" }, T("wallenstein.forecast_counties")), el("th", { class: "num" }, T("wallenstein.forecast_grain_now")),
          ...w.outcomes.map((o) => el("th", { class: "num" }, T("wallenstein.forecast_after", { n: o.grain_loss })))),
        ...players.map((p) => el("tr", { "data-seat": p }, el("td", {}, swatch(p), seatLabel(ctx, p)), el("td", { class: "num" }, w.outcomes[0].players[p].counties),
          el("td", { class: "num" }, obs.players[p].grain),
          ...w.outcomes.map((o) => el("td", { class: "num" + (o.players[p].revolts ? " error" : ""), "data-loss": o.grain_loss,
            title: T("wallenstein.forecast_cell", { grain: o.players[p].grain, n: o.players[p].revolts }) },
            `${o.players[p].grain} / ${o.players[p].revolts}`)))));
      out.push(el("section", { class: "module", id: "winter-forecast" }, el("h3", {}, T("wallenstein.forecast_h")), el("p", { class: "small" }, head), table,
        el("p", { class: "small muted" }, T("wallenstein.forecast_cells"), " ", T("wallenstein.forecast_note"))));
    }
    return out;
  }

  // ------------------------------------------------------------------ decisions
  function turnPanel(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    if (st.over) return [ctx.atTheEnd(() => finalScores(ctx, st.result))];
    if (seat === null) return [waitingLine(ctx, st)];
    if (!st.legal.length) {
      // (While the playback tells the planning's last entries nobody may be left to plan: no "waiting for nobody".)
      if (obs.phase === "planning" && obs.players[seat].planned) return [el("p", { id: "waiting" }, obs.pending.length ? T("wallenstein.plan_in_waiting", { names: waitingFor(ctx, obs) }) : T("wallenstein.plan_in")), myPlanView(obs)];
      return [waitingLine(ctx, st)];
    }
    const kinds = new Set(st.legal.map((a) => a.type));
    if (kinds.has("plan_card")) return planning(ctx, st);
    if (kinds.has("position")) return [el("p", {}, T("wallenstein.choose_position")),
      el("div", { class: "choices" }, ...st.legal.map((a) => button(ctx, seat, a, describe(a, obs))))];
    if (kinds.has("move") || kinds.has("stay") || kinds.has("move_only")) return moving(ctx, st);
    if (kinds.has("commit")) return committing(ctx, st);
    if (kinds.has("favour") || kinds.has("favour_pass")) return choices(ctx, st, T("wallenstein.ask_favour", { courtiers: T("wallenstein.n_courtiers", { n: obs.court.courtiers[String(seat)].audience }) }));
    if (kinds.has("favour_event")) return choices(ctx, st, T("wallenstein.ask_favour_event"));
    if (kinds.has("favour_county")) {
      const f = obs.court.choosing_for;
      const what = { 4: "wallenstein.ask_favour_4", 12: "wallenstein.ask_favour_12" }[f] || "wallenstein.ask_favour_county";
      return choices(ctx, st, WT.t(what, { card: f }));
    }
    if (kinds.has("landsknechte")) {
      const lk = obs.landsknechte;
      return choices(ctx, st, [T("wallenstein.ask_landsknechte", { n: regionsHeld(obs, seat), card: lk.top[String(seat)] }), ...(lk.standin ? [" ", standin()] : [])]);
    }
    if (kinds.has("leader_place")) return choices(ctx, st, obs.phase === "leader_return"
      ? T("wallenstein.ask_leader_return") : T("wallenstein.ask_leader_place"));
    if (kinds.has("leader_move")) {
      const from = obs.leaders.county[String(seat)];
      return choices(ctx, st, WT.t(from ? "wallenstein.ask_leader_move" : "wallenstein.ask_leader_move_off", { county: from ? name(from) : "" }));
    }
    if (kinds.has("leader_draft")) return choices(ctx, st, obs.leaders.draft_offer ? T("wallenstein.ask_leader_draft", { county: name(obs.leaders.draft_offer) }) : T("wallenstein.ask_leader_draft_claimed"));
    if (kinds.has("revolt_next")) return choices(ctx, st, T("wallenstein.ask_revolt_next"));
    if (kinds.has("draft_take") || kinds.has("draft_deck")) return choices(ctx, st, T("wallenstein.ask_draft"));
    if (kinds.has("draft_group")) return choices(ctx, st, T("wallenstein.ask_draft_group"));
    return choices(ctx, st, T("wallenstein.ask_other"));
  }

  function choices(ctx, st, intro) {
    const seat = st.seat;
    // A long list of counties (placing a leader, a winter's revolts, a draft) is a compact grid of the
    // counties' names: one long button a line ran below the panel's fold; the intro says what a choice
    // does, and each button's title and accessible name keep the whole description.
    const grid = st.legal.length > 4 && st.legal.every((a) => a.county && shortLabel(a, st.obs));
    const item = (a) => {
      const full = describe(a, st.obs);
      if (!grid) return button(ctx, seat, a, full);
      const b = button(ctx, seat, a, shortLabel(a, st.obs));
      b.title = full; b.setAttribute("aria-label", full);
      return b;
    };
    return [el("p", { class: "question" }, intro), el("div", { class: grid ? "choices choice-grid" : "choices", role: "group", "aria-label": T("wallenstein.your_choices") }, ...st.legal.map(item)),
      el("div", { id: "turn-msg", role: "status" })];
  }
  // Where the seat's military leader stands, and whether the move's county neighbours it (a statue is
  // raised where it stood: the Military Leaders module's rules, told by the question).
  function leaderMove(a, obs) {
    const from = obs && obs.leaders && obs.seat !== null ? obs.leaders.county[String(obs.seat)] : null;
    return { from, near: Boolean(from) && meta.byKey[from].neighbours.includes(a.county) };
  }
  // A county choice's short label in the grid: the county (a leader's move says whether it raises a statue).
  function shortLabel(a, obs) {
    if (a.type === "leader_move") {
      const { from, near } = leaderMove(a, obs);
      if (!from || from === a.county) return from ? describe(a, obs) : name(a.county);
      return T(near ? "wallenstein.short_statue" : "wallenstein.short_no_statue", { county: name(a.county) });
    }
    return ["leader_place", "revolt_next", "draft_take", "favour_county"].includes(a.type) ? name(a.county) : "";
  }

  // Every decision in plain words (never its JSON form).
  function describe(a, obs) {
    const seat = obs ? obs.seat : null;
    switch (a.type) {
      case "plan_card": return T("wallenstein.do_plan_card", { box: boxLabel(a.box), card: a.card === null ? T("wallenstein.leave_empty") : cardLabel(a.card) });
      case "plan": return T("wallenstein.do_plan");
      case "position": return obs && obs.bonus_tiles[a.position - 1] ? T("wallenstein.do_position_tile", { n: a.position, tile: meta.bonus_tiles[obs.bonus_tiles[a.position - 1]] }) : T("wallenstein.do_position", { n: a.position });
      case "move": return T("wallenstein.do_move", { armies: armies(a.armies), county: name(a.to) });
      case "move_only": return T("wallenstein.do_move_only", { armies: armies(a.armies), county: name(a.to) });
      case "stay": return WT.t(is2002() && obs && obs.move && obs.move.kind === "deploy1" ? "wallenstein.do_stay_recruit" : "wallenstein.do_stay");
      case "commit": return T("wallenstein.do_commit", { armies: armies(a.armies) });
      case "draft_take": return T("wallenstein.do_take", { county: name(a.county) });
      case "draft_deck": return T("wallenstein.do_draft_deck");
      case "draft_refresh": return T("wallenstein.do_draft_refresh");
      case "draft_group": return T("wallenstein.do_draft_group", { armies: armies(a.armies) });
      case "revolt_next": return T("wallenstein.do_revolt_next", { county: name(a.county) });
      case "favour": {
        const f = obs && obs.court ? obs.court.display.find((x) => x.card === a.card) : null;
        return f ? WT.t(f.standin ? "wallenstein.do_favour_standin" : "wallenstein.do_favour", { favour: favourText(f), courtiers: T("wallenstein.n_courtiers", { n: f.courtiers }) }) : T("wallenstein.do_favour_card", { card: a.card });
      }
      case "favour_pass": return T("wallenstein.do_favour_pass");
      case "favour_event": {
        const cur = obs && obs.events.current ? eventInfo(obs.events.current).title : T("wallenstein.this_event");
        return WT.t(a.remove ? "wallenstein.do_event_remove" : "wallenstein.do_event_keep", { event: cur });
      }
      case "favour_county": return T("wallenstein.do_favour_county", { county: name(a.county) });
      case "landsknechte": {
        const lk = obs && obs.landsknechte; const card = lk && seat !== null ? lk.cards[lk.top[String(seat)] - 1] : null;
        return card && a.benefit in card ? WT.t(lk.standin ? "wallenstein.do_lk_standin" : "wallenstein.do_lk", { benefit: lkBenefit(a.benefit, card[a.benefit]) }) : T("wallenstein.do_lk", { benefit: a.benefit });
      }
      case "leader_place": return T("wallenstein.do_leader_place", { county: name(a.county) });
      case "leader_move": {
        const { from, near } = leaderMove(a, obs);
        if (from === a.county) return T("wallenstein.do_leader_stay", { county: name(a.county) });
        if (!from) return T("wallenstein.do_leader_move", { county: name(a.county) });
        return near ? T("wallenstein.do_leader_move_near", { county: name(a.county), from: name(from) }) : T("wallenstein.do_leader_move_far", { county: name(a.county) });
      }
      case "leader_draft": return !a.place ? T("wallenstein.do_leader_keep")
        : obs && obs.leaders && obs.leaders.draft_offer ? T("wallenstein.do_leader_place", { county: name(obs.leaders.draft_offer) }) : T("wallenstein.do_leader_here");
      default: return WT.cap(String(a.type).replace(/_/g, " ")) + Object.entries(a).filter(([k]) => k !== "type").map(([k, v]) => ` · ${k} ${typeof v === "object" ? "…" : v}`).join("");
    }
  }

  function button(ctx, seat, action, label, cls) {
    return el("button", { class: cls || "", "data-action": action.type, onclick: async (e) => {
      e.target.disabled = true;
      try { await ctx.act(seat, action); } catch (err) { flash(WT.refusal(err)); e.target.disabled = false; }
    } }, label);
  }
  function flash(text) { const box = document.getElementById("turn-msg"); if (box) { box.textContent = text; box.className = "error"; } else alert(text); }

  function myPlanView(obs) {
    const boxes = (obs.my_plan && obs.my_plan.boxes) || {};
    return el("p", { class: "small muted" }, T("wallenstein.your_plan", { boxes: Object.entries(boxes).map(([b, c]) => `${boxLabel(b)}: ${cardLabel(c)}`).join(" · ") }));
  }

  function planning(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    const key = `${obs.year}/${obs.season}`;
    let plan = plans[seat];
    if (!plan || plan.key !== key) {
      // A half-made plan survives a reload: it is kept in this browser's storage for this season.
      let kept = null;
      try { kept = JSON.parse(localStorage.getItem(planStore(seat)) || "null"); } catch { kept = null; }
      plan = plans[seat] = { key, boxes: kept && kept.key === key ? kept.boxes : {}, selected: null, verdict: null };
    }
    localStorage.setItem(planStore(seat), JSON.stringify({ key, boxes: plan.boxes }));
    const court = !!obs.court;
    const mine = meta.counties.filter((c) => obs.counties[c.key].owner === seat).map((c) => c.key);
    // The hand: county cards, then 5 money cards (2002: 5 blank cards), then 3 dice tower cards with the court.
    const extra = is2002() ? Array.from({ length: meta.blank_cards_2002 }, (_, i) => `blank#${i + 1}`) : ["money:0", "money:1", "money:2", "money:3", "money:4"];
    const towers = court ? Array.from({ length: meta.tower_cards }, (_, i) => `tower#${i + 1}`) : [];
    const hand = [...mine, ...extra, ...towers];
    const boxes = [...(is2002() ? [] : ["bid"]), ...meta.actions.map((a) => a.name), ...(court ? meta.court_boxes : [])];
    const need = Math.max(0, boxes.length - hand.length); // boxes left empty: only as many as cards are lacking (W-08)
    const used = new Set(Object.values(plan.boxes));
    const thalers = obs.players[seat].thalers;
    const { problems, cost } = planProblems(obs, seat, plan, thalers);
    const empty = boxes.filter((b) => !(b in plan.boxes)).length;
    const place = (b) => {
      if (plan.selected !== null) {
        for (const [bb, cc] of Object.entries(plan.boxes)) if (cc === plan.selected) delete plan.boxes[bb];
        plan.boxes[b] = plan.selected; plan.selected = null;
      } else if (b in plan.boxes) delete plan.boxes[b];
      plan.verdict = null; plan.fillNotes = null; rerender(ctx);
    };
    const box = (b) => {
      const a = meta.actions.find((x) => x.name === b);
      const lbl = b === "bid" ? T("wallenstein.box_bid_order") : b in COURT_BOX ? boxLabel(b) : T("wallenstein.box_cost", { action: actionLabel(b), cost: money(a.cost) });
      return el("button", { class: "box" + (b === "bid" ? " bid" : "") + (b in COURT_BOX ? " courtbox" : "") + (problems[b] ? " bad" : ""), "data-box": b, title: problems[b] || "", onclick: () => place(b),
        "aria-label": T("wallenstein.box_aria", { box: lbl, card: b in plan.boxes ? cardLabel(plan.boxes[b]) : T("wallenstein.empty") }) },
        // (The cost is a coin beside the action's name, as printed on the mat: the label fits one line.)
        el("span", { class: "lbl" }, a ? el("span", { class: "box-cost", "aria-hidden": "true", title: money(a.cost) }, String(a.cost)) : "", a ? actionLabel(b) : b in COURT_BOX ? armies(COURT_BOX[b]) : lbl),
        el("span", { class: "slot" }, b in plan.boxes ? cardLabel(plan.boxes[b]) : "·"));
    };
    // The court's boxes: a row of their own under the board's (as the court board lies beside the mat),
    // each named by the armies it converts.
    const mat = el("div", { class: "mat", role: "group", "aria-label": T("wallenstein.action_boxes") }, ...boxes.filter((b) => !(b in COURT_BOX)).map(box));
    const courtMat = court ? [el("div", { class: "mat court-mat", role: "group", "aria-label": T("wallenstein.court_th_board") },
      el("span", { class: "court-mat-h small muted", title: T("wallenstein.court_th_board") }, T("wallenstein.court_mat_h")), ...meta.court_boxes.map(box))] : [];
    const cards = handCards(ctx, plan, hand, used);
    const msgs = Object.entries(problems).map(([b, m]) => el("div", { class: b === "bid" ? "error small" : "small" }, T("wallenstein.box_problem", { box: boxLabel(b), problem: m })));
    const complete = empty === need && !problems.bid;
    const planJson = () => {
      const out = {}; for (const a of meta.actions) out[a.name] = baseCard(plan.boxes[a.name] || null);
      const json = { type: "plan", boxes: out, bid: is2002() ? null : baseCard(plan.boxes.bid || null) };
      if (court) { json.court = {}; for (const b of meta.court_boxes) json.court[b] = baseCard(plan.boxes[b] || null); }
      return json;
    };
    if (complete && plan.verdict === null) {
      plan.verdict = "checking";
      ctx.check(seat, planJson()).then((r) => { plan.verdict = r.ok ? "ok" : WT.t("table.refused", { reason: WT.serverText(r) }); rerender(ctx); }).catch(() => { plan.verdict = null; });
    }
    const fill = () => {
      plan.fillNotes = fillPlan(obs, seat, plan, hand, boxes, need); plan.verdict = null; rerender(ctx);
      const notes = document.getElementById("plan-fill-notes"); // what it left without an action, in view
      if (notes) notes.scrollIntoView({ block: "nearest" });
    };
    const [intro, help] = planIntro(obs, { thalers, cost, need, counties: mine.length, court });
    // Costs beyond the thalers held now are flagged before submitting (taxes collected earlier in the
    // season may still pay for them; an action that cannot be paid is skipped).
    const over = cost > thalers ? el("p", { class: "error small", id: "plan-cost" }, T("wallenstein.plan_over_cost", { cost: money(cost), thalers: money(thalers) })) : null;
    return [
      intro, help, cards, mat, ...courtMat, ...(over ? [over] : []), ...msgs, ...(plan.stale ? [el("p", { class: "error small", id: "plan-stale" }, plan.stale)] : []),
      planFoot(ctx, seat, plan, { fill, planJson, complete, left: empty - need, over: cost > thalers }),
      ...fillNotes(plan),
    ];
  }
  // The buttons and what the plan lacks (or whether it is legal): at the panel's foot, always in view.
  function planFoot(ctx, seat, plan, { fill, planJson, complete, left, over }) {
    const submit = async (e) => {
      e.target.disabled = true; plan.stale = null;
      const staleNote = document.getElementById("plan-stale"); if (staleNote) staleNote.remove();
      // A stale refusal (this seat decided meanwhile, e.g. in a second tab; other seats' plans never
      // make a plan stale) leaves the plan as it was, checked again on the new state, to submit again.
      try { await ctx.act(seat, planJson()); } catch (err) {
        if (/** @type {any} */ (err).code === "stale") { plan.verdict = null; plan.stale = WT.refusal(err); } else plan.verdict = WT.refusal(err);
        rerender(ctx);
      }
    };
    const status = complete ? (plan.verdict === "ok" ? (over ? T("wallenstein.plan_legal_over_cost") : T("wallenstein.plan_legal")) : plan.verdict === "checking" ? T("wallenstein.checking") : plan.verdict || "")
      : T("wallenstein.boxes_to_fill", { n: left });
    return el("div", { class: "plan-foot" }, el("div", { class: "choices plan-actions" },
      el("button", { onclick: fill, id: "plan-fill" }, T("wallenstein.plan_fill")),
      el("button", { onclick: () => { plan.boxes = {}; plan.selected = null; plan.verdict = null; plan.fillNotes = null; rerender(ctx); } }, T("wallenstein.plan_clear")),
      el("button", { class: "primary", id: "plan-submit", disabled: !(complete && plan.verdict === "ok"), onclick: submit }, T("wallenstein.plan_submit"))),
    el("div", { id: "turn-msg", role: "status", class: plan.verdict && plan.verdict !== "ok" && plan.verdict !== "checking" ? "error" : "small muted" }, status));
  }

  // What is wrong with each box's card as things stand (shown before submitting), and what the county
  // cards planned cost.
  function planProblems(obs, seat, plan, thalers) {
    const problems = {}; let cost = 0;
    for (const [b, c0] of Object.entries(plan.boxes)) {
      const c = baseCard(c0);
      if (b === "bid") { if (c.startsWith("money:") && Number(c.slice(6)) > thalers) problems[b] = T("wallenstein.bad_bid", { n: Number(c.slice(6)) }); continue; }
      if (b in COURT_BOX) {
        const n = COURT_BOX[b];
        const have = obs.court.courtiers[String(seat)].supply;
        if (c === "tower") { const inTray = obs.tower.tray[String(seat)] || 0; if (inTray < n) problems[b] = T("wallenstein.bad_tray", { armies: armies(inTray), n }); }
        else if (!c.startsWith("money:") && obs.counties[c].armies < n + 1) problems[b] = T("wallenstein.bad_convert", { county: name(c), armies: armies(obs.counties[c].armies), n: n + 1 });
        if (!c.startsWith("money:") && have < n && !problems[b]) problems[b] = T("wallenstein.bad_courtiers", { n: have });
        continue;
      }
      if (c.startsWith("money:") || c === "blank" || c === "tower") continue;
      const a = meta.actions.find((x) => x.name === b); cost += a.cost;
      const cs = obs.counties[c];
      if (["palace", "church", "trading_post"].includes(b)) {
        if (cs.buildings.includes(b)) problems[b] = T("wallenstein.bad_has_building", { county: name(c) });
        else if (cs.buildings.length >= meta.byKey[c].sites) problems[b] = T("wallenstein.bad_no_site", { county: name(c) });
      }
    }
    return { problems, cost };
  }
  // Planning's one short line over the hand, the rest of its help folded behind a link (it took the room
  // of the mat's boxes): taking a card back, the boxes to leave empty, the court, the season's events.
  function planIntro(obs, { thalers, cost, need, counties, court }) {
    const lines = [T("wallenstein.plan_help_text"), is2002() ? T("wallenstein.plan_help_2002") : "", court ? T("wallenstein.plan_intro_court") : "",
      need ? T("wallenstein.plan_leave_empty", { counties, n: need }) : T("wallenstein.plan_every_box")].filter((x) => x);
    const help = el("div", { id: "plan-help", class: "plan-help small", hidden: !planHelpOpen }, el("p", {}, lines.join(" ")), ...plannedEvents(obs));
    const more = el("button", { id: "plan-help-toggle", class: "linkish", "aria-expanded": String(planHelpOpen), "aria-controls": "plan-help", title: T("wallenstein.plan_help_title"),
      onclick: () => { planHelpOpen = !planHelpOpen; help.hidden = !planHelpOpen; more.setAttribute("aria-expanded", String(planHelpOpen)); } }, T("wallenstein.plan_help"));
    return [el("p", { id: "plan-short", class: "plan-short" }, T("wallenstein.plan_intro", { have: money(thalers), cost: money(cost) }), " ", more), help];
  }
  // The hand: a card chosen, then a box. The money cards are coins with their value and the tower cards
  // one word, named in full for a screen reader (the hand keeps to fewer lines).
  function handCards(ctx, plan, hand, used) {
    const short = (c) => (c.startsWith("money:") ? c.slice(6) : c.startsWith("tower") ? T("wallenstein.card_tower_short") : null);
    return el("div", { class: "cards plan-hand", role: "group", "aria-label": T("wallenstein.your_cards") }, ...hand.map((c) => el("button", {
      class: "card" + (c.startsWith("money:") ? " money" : "") + (plan.selected === c ? " sel" : "") + (used.has(c) ? " used" : ""), "data-card": c, "aria-pressed": String(plan.selected === c),
      ...(short(c) ? { "aria-label": cardLabel(c), title: cardLabel(c) } : {}),
      onclick: () => { plan.selected = plan.selected === c ? null : c; rerender(ctx); } }, short(c) || cardLabel(c))));
  }

  // ------------------------------------------------------------------ "Fill empty boxes"
  // The printed deploy amounts: a deploy the supply cannot give in full is skipped (W-05a).
  const DEPLOY = { deploy5: 5, deploy3: 3, deploy1_move: 1 };
  const NO_SUPPLY = { palace: "wallenstein.fill_why_supply_palace", church: "wallenstein.fill_why_supply_church", trading_post: "wallenstein.fill_why_supply_trading_post" };
  const NO_SITE = { palace: "wallenstein.fill_why_site_palace", church: "wallenstein.fill_why_site_church", trading_post: "wallenstein.fill_why_site_trading_post" };
  const isCountyCard = (c) => !c.startsWith("money:") && !c.startsWith("blank") && !c.startsWith("tower");
  // Puts the unused cards on the empty boxes: a county card only where its action does something as
  // things stand now (a building where it can stand and is left in the supply, a deploy the supply
  // can give, a combat from a county of 2 or more armies next to one they could enter, W-16), paid
  // for from the thalers held now in the mat's order after the bid (taxes and grain come first). A box
  // where no county card would do anything gets a money (2002: blank) card, or stays empty where the
  // rules let it (W-08); each such box is returned with the reason, for the page to say.
  function fillPlan(obs, seat, plan, hand, boxes, need) {
    const used = new Set(Object.values(plan.boxes));
    const free = hand.filter((c) => !used.has(c));
    let budget = obs.players[seat].thalers;
    for (const [b, c0] of Object.entries(plan.boxes)) {
      const c = baseCard(c0);
      if (b === "bid" && c.startsWith("money:")) budget -= Number(c.slice(6));
      else if (!(b in COURT_BOX) && b !== "bid" && isCountyCard(c)) budget -= meta.actions.find((x) => x.name === b).cost;
    }
    const order = [...boxes].sort((a, b) => rank(a) - rank(b));
    function rank(b) { return b === "bid" ? 0 : b === "tax" ? 1 : b === "grain" ? 2 : 3 + boxes.indexOf(b); }
    const take = (c) => { free.splice(free.indexOf(c), 1); return c; };
    const front = (c) => meta.byKey[c].neighbours.filter((n) => obs.counties[n].in_play && obs.counties[n].owner !== seat).length;
    const deferred = [];
    for (const b of order) {
      if (b in plan.boxes) continue;
      if (b === "bid") {
        const pick = free.includes("money:0") ? "money:0" : free.find((c) => c.startsWith("tower")) || free.find(isCountyCard);
        if (pick !== undefined) plan.boxes[b] = take(pick);
        continue;
      }
      if (b in COURT_BOX) { deferred.push([b, null]); continue; }
      const [pick, why] = usefulCounty(obs, seat, b, free.filter(isCountyCard), budget, front);
      if (why) { deferred.push([b, why]); continue; }
      plan.boxes[b] = take(pick);
      budget -= meta.actions.find((x) => x.name === b).cost;
    }
    // The rest: a card that does nothing (money, blank or tower first), as long as the plan still
    // has more empty boxes than the rules let stay empty.
    const notes = [];
    for (const [b, why] of deferred) {
      const emptyNow = boxes.filter((x) => !(x in plan.boxes)).length;
      const pick = emptyNow > need ? free.find((c) => !isCountyCard(c)) ?? free[0] : undefined;
      if (pick !== undefined) plan.boxes[b] = take(pick);
      if (why === null) continue; // a court box: the mat flags what it would not convert
      notes.push(pick === undefined ? T("wallenstein.fill_left_empty", { box: boxLabel(b), why })
        : WT.t(isCountyCard(pick) ? "wallenstein.fill_forced" : "wallenstein.fill_no_action", { box: boxLabel(b), card: cardLabel(pick), why }));
    }
    return notes;
  }
  // The county card that does the most in box ``b`` now, or why none does anything there.
  function usefulCounty(obs, seat, b, counties, budget, front) {
    const best = (list, score) => list.reduce((a, c) => (a === undefined || score(c) > score(a) ? c : a), undefined);
    if (!counties.length) return [null, T("wallenstein.fill_why_no_county")];
    const cost = meta.actions.find((x) => x.name === b).cost;
    if (cost > budget) return [null, T("wallenstein.fill_why_money", { cost: money(cost), left: money(Math.max(0, budget)) })];
    const calm = (c) => (obs.counties[c].revolt ? -100 : 0); // income where a revolt marker lies starts a revolt (W-13)
    if (b === "tax") return [best(counties, (c) => meta.byKey[c].tax + calm(c)), null];
    if (b === "grain") return [best(counties, (c) => meta.byKey[c].grain + calm(c)), null];
    if (BUILDING_KINDS.includes(b)) {
      if (obs.supplies[b] === 0) return [null, T(NO_SUPPLY[b])];
      const room = counties.filter((c) => !obs.counties[c].buildings.includes(b) && obs.counties[c].buildings.length < meta.byKey[c].sites);
      if (!room.length) return [null, T(NO_SITE[b])];
      return [best(room, (c) => obs.counties[c].armies - front(c)), null]; // safest: most armies, fewest foreign neighbours
    }
    if (b in DEPLOY) {
      const have = obs.players[seat].supply;
      if (have < DEPLOY[b]) return [null, T("wallenstein.fill_why_army_supply", { armies: armies(have), n: DEPLOY[b] })];
      return [best(counties, (c) => front(c) * 10 - obs.counties[c].armies), null]; // where the borders are
    }
    if (b === "combat_a" || b === "combat_b") {
      const strong = counties.filter((c) => obs.counties[c].armies >= 2);
      if (!strong.length) return [null, T("wallenstein.fill_why_combat_armies")];
      const open = strong.filter((c) => meta.byKey[c].neighbours.some((n) => obs.counties[n].in_play));
      if (!open.length) return [null, T("wallenstein.fill_why_combat_border")];
      return [best(open, (c) => (front(c) ? 100 : 0) + obs.counties[c].armies), null];
    }
    return [counties[0], null];
  }
  function fillNotes(plan) {
    if (!plan.fillNotes || !plan.fillNotes.length) return [];
    return [el("div", { id: "plan-fill-notes", class: "small fill-notes", role: "status" },
      el("p", {}, T("wallenstein.fill_h", { n: plan.fillNotes.length })),
      el("ul", {}, ...plan.fillNotes.map((n) => el("li", {}, n))))];
  }

  function moveTargets(legal) {
    const withArmy = {}; const only = {};
    for (const a of legal) {
      if (a.type === "move") withArmy[a.to] = Math.max(withArmy[a.to] || 0, a.armies);
      if (a.type === "move_only") only[a.to] = Math.max(only[a.to] || 0, a.armies);
    }
    return { withArmy, only };
  }

  function moving(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    const from = obs.move.from;
    let sel = moveSel[seat];
    if (!sel || sel.version !== st.version) sel = moveSel[seat] = { version: st.version, to: null, armies: null, odds: null, recruit: null };
    const { withArmy, only } = moveTargets(st.legal);
    const recruitChoice = st.legal.some((a) => a.type === "move_only"); // 2002 recruit 1: add the army first, or not
    if (sel.recruit === null) sel.recruit = Object.keys(withArmy).length > 0;
    const targets = { ...only, ...withArmy };
    const stay = st.legal.find((a) => a.type === "stay");
    const kind = T("wallenstein.move_kind." + (obs.move.kind === "combat" ? "combat" : "deploy1") + (is2002() ? "_2002" : ""));
    /** @type {HTMLElement[]} */
    const out = [el("p", {}, T("wallenstein.move_intro", { kind, county: name(from), armies: armies(obs.counties[from].armies) }))];
    out.push(el("div", { class: "choices", role: "group", "aria-label": T("wallenstein.target_counties") }, ...Object.keys(targets).map((t) => {
      const own = obs.counties[t].owner === seat;
      return el("button", { "data-target": t, class: sel.to === t ? "primary" : "", onclick: () => chooseTarget(ctx, seat, t) }, WT.t(own ? "wallenstein.move_to" : "wallenstein.attack", { county: name(t) }));
    })));
    if (sel.to) {
      const canRecruit = sel.to in withArmy; const canSkip = sel.to in only;
      if (sel.recruit && !canRecruit) sel.recruit = false;
      if (!sel.recruit && !canSkip) sel.recruit = true;
      const max = sel.recruit ? withArmy[sel.to] : only[sel.to];
      if (sel.armies === null || sel.armies > max) sel.armies = max;
      if (recruitChoice) {
        const box = el("input", { type: "checkbox", id: "recruit", checked: sel.recruit, disabled: !(canRecruit && canSkip) });
        box.addEventListener("change", () => { sel.recruit = box.checked; sel.armies = null; sel.odds = null; rerender(ctx); });
        out.push(el("div", { class: "form-row" }, el("label", { class: "check" }, box, " ", T("wallenstein.recruit_first"))));
      }
      const own = obs.counties[sel.to].owner === seat;
      const slider = el("input", { type: "range", min: 1, max, value: sel.armies, id: "armies", "aria-label": T("wallenstein.armies_label") });
      slider.addEventListener("input", () => { sel.armies = Number(slider.value); sel.odds = null; rerender(ctx); });
      out.push(el("div", { class: "form-row" }, el("label", { for: "armies" }, T("wallenstein.armies_of", { n: sel.armies, max })), slider));
      const action = { type: sel.recruit ? "move" : "move_only", to: sel.to, armies: sel.armies };
      if (!own) {
        const t = obs.counties[sel.to];
        out.push(el("p", { class: "small" }, t.owner == null ? T("wallenstein.defender_neutral", { tray: cubes(obs.tower.tray) })
          : T("wallenstein.defender", { who: Colour(t.owner), armies: armies(t.armies), tray: cubes(obs.tower.tray) })));
        if (sel.odds === null) {
          sel.odds = "…";
          const asked = { ...action };
          ctx.preview(seat, asked).then((r) => {
            if (sel.to === asked.to && sel.armies === asked.armies) { sel.odds = r; rerender(ctx); }
          }).catch((e) => { sel.odds = { error: e.message }; rerender(ctx); });
        }
        const o = sel.odds;
        const line = (x) => T("wallenstein.odds_line", { win: pct(x.attacker), tie: pct(x.tie), lose: pct(x.defender) });
        out.push(el("p", { class: "odds", id: "odds" }, o === "…" ? T("wallenstein.odds_estimating") : o.error ? o.error : o.defender_commits !== undefined
          ? T("wallenstein.odds_2002", { samples: o.samples, who: Colour(t.owner), n: o.defender_commits, all: line(o.odds), none: line(o.odds_if_none_committed) })
          : T(o.exact ? "wallenstein.odds_exact" : "wallenstein.odds", { samples: o.samples, line: line(o.odds), left: o.mean_left_if_won })));
      }
      const goText = WT.t(own ? "wallenstein.go_move" : "wallenstein.go_attack", { armies: armies(sel.armies), county: name(sel.to) });
      const go = button(ctx, seat, action, recruitChoice ? WT.t(sel.recruit ? "wallenstein.go_recruit" : "wallenstein.go_no_recruit", { go: goText }) : goText, "primary");
      go.id = "move-go";
      out.push(go);
    }
    if (stay) out.push(button(ctx, seat, stay, describe(stay, obs)));
    else if (obs.move.kind === "combat") out.push(el("p", { class: "small muted", id: "no-pass" }, T("wallenstein.no_pass_combat")));
    else out.push(el("p", { class: "small muted", id: "no-pass" }, T("wallenstein.no_pass")));
    out.push(el("div", { id: "turn-msg", role: "status" }));
    return out;
  }
  // The season's event, where a decision is made: it may change what the decision brings.
  function eventAtDecision(st) {
    const obs = st.obs;
    if (st.seat === null || !st.legal.length || st.over) return [];
    if (obs.events.current) {
      const m = eventInfo(obs.events.current);
      // (A phone keeps it to one line until opened, app.css: with a long German question it pushed the
      // second choice below the panel's fold. Its whole text stays its accessible text.)
      const box = el("p", { class: "small event-now", id: "decision-event" }, T("wallenstein.event_at_decision", { title: m.title, effect: m.effect }));
      if (!window.matchMedia("(max-width: 860px)").matches) return [box];
      const toggle = () => { eventOpen = !eventOpen; box.setAttribute("aria-expanded", String(eventOpen)); };
      box.setAttribute("role", "button"); box.tabIndex = 0; box.setAttribute("aria-expanded", String(eventOpen));
      box.addEventListener("click", toggle);
      box.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } });
      return [box];
    }
    return []; // (planning's: in the plan's folded help, plannedEvents)
  }
  // The events the season's may be drawn from, in planning (drawn after it).
  function plannedEvents(obs) {
    if (obs.events.current || !obs.events.year.length) return [];
    return [el("p", { class: "muted", id: "decision-event" }, T("wallenstein.event_not_drawn", { titles: obs.events.year.map((e) => eventInfo(e).title).join(" · ") }))];
  }
  const pct = (x) => `${Math.round((x || 0) * 100)}%`;
  function chooseTarget(ctx, seat, to) {
    const sel = moveSel[seat];
    sel.to = to; sel.armies = null; sel.odds = null; rerender(ctx);
  }

  // 2002: the defender (or the owner facing a revolt) says how many armies fight; the rest are kept back (W-18).
  function committing(ctx, st) {
    const seat = st.seat; const obs = st.obs; const f = obs.fight;
    const max = Math.max(...st.legal.filter((a) => a.type === "commit").map((a) => a.armies));
    let sel = commitSel[seat];
    if (!sel || sel.version !== st.version) sel = commitSel[seat] = { version: st.version, armies: max, odds: null };
    const out = [fightLine(f)];
    out.push(el("p", {}, f.kind === "attack"
      ? T("wallenstein.ask_defend", { county: name(f.county), n: max })
      : T("wallenstein.ask_put_down", { county: name(f.county), n: max, farmers: T("wallenstein.n_farmers", { n: f.farmers }) })));
    const slider = el("input", { type: "range", min: 0, max, value: sel.armies, id: "commit-armies", "aria-label": T("wallenstein.armies_thrown_in") });
    slider.addEventListener("input", () => { sel.armies = Number(slider.value); sel.odds = null; rerender(ctx); });
    out.push(el("div", { class: "form-row" }, el("label", { for: "commit-armies" }, T("wallenstein.commit_of", { n: sel.armies, max, kept: max - sel.armies })), slider,
      el("button", { onclick: () => { sel.armies = 0; sel.odds = null; rerender(ctx); } }, T("wallenstein.commit_none")),
      el("button", { onclick: () => { sel.armies = max; sel.odds = null; rerender(ctx); } }, T("wallenstein.commit_all"))));
    if (sel.odds === null) {
      sel.odds = "…";
      const asked = sel.armies;
      ctx.preview(seat, { type: "commit", armies: asked }).then((r) => { if (sel.armies === asked) { sel.odds = r; rerender(ctx); } })
        .catch((e) => { sel.odds = { error: e.message }; rerender(ctx); });
    }
    const o = sel.odds;
    out.push(el("p", { class: "odds", id: "odds" }, o === "…" ? T("wallenstein.odds_estimating") : o.error ? o.error : f.kind === "attack"
      ? T("wallenstein.odds_defend", { samples: o.samples, hold: pct(o.odds.defender), tie: pct(o.odds.tie), lose: pct(o.odds.attacker) })
      : T("wallenstein.odds_revolt", { samples: o.samples, keep: pct(o.odds.owner), lose: pct(o.odds.peasants) })));
    const action = st.legal.find((a) => a.type === "commit" && a.armies === sel.armies);
    const go = button(ctx, seat, action, max - sel.armies ? T("wallenstein.go_commit_keep", { armies: armies(sel.armies), n: max - sel.armies }) : T("wallenstein.do_commit", { armies: armies(sel.armies) }), "primary");
    go.id = "commit-go";
    out.push(el("div", { class: "choices" }, go), el("div", { id: "turn-msg", role: "status" }));
    return out;
  }

  function finalScores(ctx, result) {
    const order = result.vp.map((_, i) => i).sort((a, b) => result.vp[b] - result.vp[a] || result.thalers[b] - result.thalers[a]);
    return el("div", { id: "final" }, el("p", {}, el("strong", {}, T("wallenstein.final_h"))),
      el("table", { class: "scores" }, el("tr", {}, el("th", {}, WT.t("table.player")), el("th", { class: "num" }, T("wallenstein.th_vp")), el("th", { class: "num" }, WT.t(is2002() ? "wallenstein.th_gold" : "wallenstein.th_thalers"))),
        ...order.map((p) => el("tr", {}, el("td", {}, swatch(p), seatLabel(ctx, p), result.winners.includes(p) ? " " + T("wallenstein.winner") : ""),
          el("td", { class: "num" }, result.vp[p]), el("td", { class: "num" }, result.thalers[p])))),
      window.WTRematch ? window.WTRematch.mount(ctx) : null);  // "Play again" (rematch.js)
  }

  function rerender(ctx) { if (ctx.lastState) render(ctx, ctx.lastState, true); }
  const planStore = (seat) => `wt:plan:${location.pathname.split("/").pop()}:${seat}`;

  // ------------------------------------------------------------------ battle cards (log, replay, report)
  function chips(counts) {
    const items = Object.entries(counts || {}).filter(([, n]) => n);
    if (!items.length) return el("span", { class: "muted" }, T("wallenstein.nothing"));
    return el("span", { class: "chips" }, ...items.map(([k, n]) => el("span", { class: "chip", "aria-label": T("wallenstein.cubes", { who: cubeWho(k), n }) },
      el("span", { class: "cube c-" + (k === "peasants" ? "peasants" : colourOf(Number(k))) }), T("wallenstein.cubes", { who: cubeWho(k), n }))));
  }

  function battleCard(entry) {
    const e = entry.event;
    const rows = [];
    const row = (th, ...td) => rows.push(el("tr", {}, el("th", {}, th), el("td", {}, ...td)));
    let head;
    if (e.e === "battle") {
      const def = e.defender;
      head = WT.t(def === null ? "wallenstein.bc_battle_neutral" : "wallenstein.bc_battle", { county: name(e.county), who: Colour(e.seat), defender: def === null ? "" : Colour(def), origin: name(e.origin) });
      const x = e.extras || {};
      const att = [T("wallenstein.bc_side", { who: Colour(e.seat), what: armies(e.armies) }) + (x.attack_tile ? " " + T("wallenstein.bc_attack_bonus") : "")];
      if (def !== null) {
        let d = T("wallenstein.bc_side", { who: Colour(def), what: "committed" in e ? T("wallenstein.bc_committed", { n: e.committed, kept: e.kept }) : T("wallenstein.bc_its_armies") });
        if (x.defend_tile) d += " " + T("wallenstein.bc_defence_bonus");
        if (x.palace_guard) d += " " + T("wallenstein.bc_palace_guard");
        if (e.farmers_added) d += " " + T("wallenstein.bc_farmers_palace", { n: e.farmers_added });
        att.push(d);
      } else if ("farmers_added" in e) att.push(T("wallenstein.bc_farmers_supply", { n: e.farmers_added }));
      else att.push(T("wallenstein.bc_peasants_defend"));
      row(T("wallenstein.bc_went_in"), att.join(" · "));
      row(T("wallenstein.bc_dropped"), chips(e.dropped), el("span", { class: "small muted" }, " " + T("wallenstein.bc_with_tray")));
      row(T("wallenstein.bc_fell_out"), chips(e.out));
      const dArm = def !== null ? (e.out[String(def)] || 0) : 0;
      const peas = e.defender_count - dArm;
      const against = def === null ? T("wallenstein.n_peasants", { n: e.defender_count })
        : peas ? T("wallenstein.bc_count_plus", { who: Colour(def), n: dArm, peasants: T("wallenstein.n_peasants", { n: peas }) }) : T("wallenstein.cubes", { who: Colour(def), n: dArm });
      row(T("wallenstein.bc_count"), T("wallenstein.bc_count_line", { who: Colour(e.seat), n: e.attacker_count, against }));
    } else {
      head = WT.t(e.winter ? "wallenstein.bc_winter_revolt" : "wallenstein.bc_revolt", { county: name(e.county), who: Colour(e.seat) });
      row(T("wallenstein.bc_went_in"), "committed" in e ? T("wallenstein.bc_revolt_committed", { who: Colour(e.seat), n: e.committed, kept: e.kept }) : T("wallenstein.bc_revolt_armies", { who: Colour(e.seat) }));
      row(T("wallenstein.bc_dropped"), chips(e.dropped), el("span", { class: "small muted" }, " " + T("wallenstein.bc_with_tray")));
      row(T("wallenstein.bc_fell_out"), chips(e.out));
      row(T("wallenstein.bc_count"), T("wallenstein.bc_count_line", { who: Colour(e.seat), n: e.owner_count, against: T("wallenstein.n_peasants", { n: e.peasant_count }) }));
    }
    // The narrator's verdict (third line on) tells the result in full.
    const verdict = entry.lines.filter((l) => l !== "").slice(2).map((l) => l.trim().replace(/^[^:]*\d[^:]*: /, ""));
    row(T("wallenstein.bc_result"), el("strong", {}, WT.cap(verdict[0] || e.result)), ...verdict.slice(1).map((l) => el("div", { class: "small" }, l)));
    const won = e.e === "battle" ? e.result === "attacker" : e.result === "owner";
    return el("div", { class: "battle-card" + (won ? " won" : " lost"), role: "group", "aria-label": head, "data-county": e.county },
      el("div", { class: "bc-head" }, swatch(e.seat), head), el("table", { class: "bc" }, ...rows));
  }

  // ------------------------------------------------------------------ the page API used by table.js
  function render(ctx, st, force = false) {
    ctx.lastState = st;
    const obs = st.obs;
    edition = obs.edition || "2012";
    const seat = st.seat;
    const opts = {};
    const countyDecisions = ["draft_take", "revolt_next", "favour_county", "leader_place", "leader_move"];
    if (seat !== null && st.legal.length && obs.phase === "move") {
      opts.origin = obs.move.from;
      opts.targets = new Set(st.legal.filter((a) => a.to).map((a) => a.to));
      opts.chosen = moveSel[seat] && moveSel[seat].version === st.version ? moveSel[seat].to : null;
      opts.onCounty = (t) => { if (!moveSel[seat] || moveSel[seat].version !== st.version) moveSel[seat] = { version: st.version, recruit: null }; chooseTarget(ctx, seat, t); };
    } else if (seat !== null && st.legal.some((a) => countyDecisions.includes(a.type))) {
      const byCounty = st.legal.filter((a) => countyDecisions.includes(a.type));
      opts.targets = new Set(byCounty.map((a) => a.county));
      if (obs.leaders && obs.leaders.county[String(seat)]) opts.origin = obs.leaders.county[String(seat)];
      opts.onCounty = (t) => ctx.act(seat, byCounty.find((a) => a.county === t)).catch((e) => flash(WT.refusal(e)));
    } else if (seat !== null && st.legal.some((a) => a.type === "plan_card" || a.type === "plan")) {
      // Planning: the chosen card's county is highlighted; a county of one's own can be picked on the map.
      const plan = plans[seat];
      opts.targets = new Set(meta.counties.filter((c) => obs.counties[c.key].owner === seat).map((c) => c.key));
      opts.chosen = plan && plan.selected && meta.byKey[plan.selected] ? plan.selected : null;
      opts.onCounty = (c) => { const p = plans[seat]; if (p) { p.selected = p.selected === c ? null : c; rerender(ctx); } };
    } else if (obs.phase === "move" && obs.move) opts.origin = obs.move.from;  // (a log entry's snapshot may sit between two moves: no origin)
    else if (obs.fight) opts.origin = obs.fight.county;
    drawMap(document.getElementById("map"), obs, opts);
    applyZoom();
    const shownLegend = /** @type {HTMLDetailsElement | null} */ (document.getElementById("legend")); // in the edition's own words (known from the first state)
    if (shownLegend && shownLegend.dataset.edition !== edition) { const fresh = legend(); fresh.open = shownLegend.open; shownLegend.replaceWith(fresh); }
    const focus = focusKey(document.activeElement);
    WT.byId("turn-h").textContent = WT.t(st.over ? "wallenstein.h_over" : seat === null ? "wallenstein.h_spectating" : st.legal.length ? "wallenstein.h_your_move" : "wallenstein.h_waiting");
    // The decision panel is rebuilt only when what it shows changed (or on the person's own input), so
    // that other seats' moves never replace a button under the pointer in the middle of a click.
    const body = WT.byId("turn-body");
    // obs.pending is part of it: the panel's "Waiting for" names the same players as the header.
    const key = JSON.stringify([seat, st.legal, st.over && (ctx.endHeld() ? "held" : "over"), obs.phase, obs.move, obs.fight, obs.pending, seat === null ? null : obs.players[seat],
      obs.my_plan, obs.bonus_tiles, obs.tower, obs.court && obs.court.display, seat !== null && st.legal.length ? obs.counties : null]);
    if (force || key !== ctx.panelKey) {
      ctx.panelKey = key;
      body.replaceChildren(...eventAtDecision(st), ...turnPanel(ctx, st));
      body.dataset.phase = obs.phase;      // A new decision opens at its top: the panel kept the last one's scroll (72 to 255 px on a phone,
      // its first choices above the fold), and focusing its first control must not scroll it either.
      const decision = JSON.stringify([seat, st.legal]);
      if (decision !== ctx.panelDecision) { ctx.panelDecision = decision; WT.byId("turn").scrollTop = 0; }
    }
    body.dataset.version = String(st.version);
    renderPlayers(ctx);
    const parts = boardParts(ctx, obs);
    WT.byId("board").replaceChildren(...parts.track);
    fillDock("dock-details", "details", parts.details);
    fillDock("dock-modules", "modules-body", parts.modules);
    fillDock("dock-standings", "standings-body", standingsPanel(ctx, st.board, obs));
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
    const again = key && /** @type {HTMLElement | SVGElement | null} */ (document.querySelector(`#turn-body ${key}, #map ${key}[tabindex]`));
    if (again) { if (document.activeElement !== again) again.focus({ preventScroll: true }); return; }
    if (deciding && (!document.activeElement || document.activeElement === document.body)) {
      const first = /** @type {HTMLElement | null} */ (document.querySelector("#turn-body button:not([disabled]):not(.linkish), #turn-body input"));
      if (first) first.focus({ preventScroll: true });
    }
  }
  // A dock tab's panel (table.js): filled, and offered only when it has something to show.
  function fillDock(panel, body, nodes) {
    const box = document.getElementById(body);
    if (!box) return;
    box.replaceChildren(...nodes);
    WT.dock.avail(panel, nodes.length > 0);
  }
  function renderPlayers(ctx) {
    if (!ctx.lastState) return;
    edition = ctx.lastState.obs.edition || "2012";
    const key = document.getElementById("strip-key"), open = key instanceof HTMLDetailsElement && key.open;  // (kept over redraws)
    WT.byId("players").replaceChildren(playersTable({ ...ctx, strip: true }, ctx.lastState.obs), stripKey(open));
  }
  // A phone's cards label their figures in short ("VP 38 Ct 8"); a phone shows no tooltips, so a tap on
  // the "?" beside the cards opens what each short label means (app.css shows it on a phone only).
  function stripKey(open) {
    const thalers = is2002() ? "wallenstein.th_gold" : "wallenstein.th_thalers";
    const keys = [thalers, "wallenstein.th_grain", "wallenstein.th_vp", "wallenstein.th_counties", "wallenstein.th_supply"];
    return el("details", { class: "strip-key", id: "strip-key", open },
      el("summary", { "aria-label": T("wallenstein.strip_key") }, "?"),
      el("p", { class: "small" }, ...keys.flatMap((key, i) => [i ? " · " : "", el("b", {}, T(key + "_short")), " " + T(key + "_title")])));
  }

  function renderFrame(ctx, obs, where) {
    edition = obs.edition || "2012";
    drawMap(where.map, obs, obs.phase === "move" && obs.move ? { origin: obs.move.from } : obs.fight ? { origin: obs.fight.county } : {});
    where.players.replaceChildren(playersTable(ctx, obs));
    where.board.replaceChildren(...boardPanel(ctx, obs));
  }

  function logItem(ctx, entry) {
    const e = entry.event;
    if (e.e === "battle" || e.e === "revolt") return battleCard(entry);
    const cls = e.e === "score" || e.e === "winter" || e.e === "game_over" || e.e === "leader_points" ? "score"
      : ["courtiers", "favours", "court_convert", "audience", "favour", "favour_pass", "favour_effect", "parry", "court_end"].includes(e.e) ? "court"
        : e.e.startsWith("landsknechte") || e.e.startsWith("leader") ? "module" : "";
    const lines = entry.lines.filter((l) => l !== "");
    // A boxed entry (the court's, a module's, a scoring) starts at its box's edge: the narration's indent
    // of a step under a heading (a favour's effect two steps in) set the court's one-line boxes at
    // different depths; the lines of one entry keep their indent relative to its first.
    const cut = cls ? Math.min(...lines.map((l) => l.length - l.trimStart().length)) : 0;
    const text = lines.map((l) => l.slice(cut)).join("\n");
    if (!text) return document.createTextNode("");
    if (text.startsWith("===") || text.startsWith("---")) return el("h4", {}, text.replace(/[=-]{3}/g, "").trim());
    return el("div", { class: cls }, text);
  }

  function report(ctx, entries, i) {
    const e = entries[i].event;
    if (e.e === "battle" || e.e === "revolt") {
      // A battle the viewing seat fought in is shown in the report panel too.
      const seat = ctx.lastState ? ctx.lastState.seat : null;
      if (seat === null || seat === undefined || (e.seat !== seat && e.defender !== seat)) return null;
      const year = entries.slice(0, i).reverse().find((x) => x.event.e === "year")?.event.year || "";
      return el("div", { class: "battle-report", "data-kind": e.e }, el("p", {}, WT.t(e.e === "battle" ? "wallenstein.report_your_battle" : "wallenstein.report_your_revolt", { year })), battleCard(entries[i]));
    }
    if (e.e === "event" || e.e === "winter") return seasonSummary(ctx, entries, i);
    if (e.e !== "score") return null;
    const rows = e.detail.map((d, p) => el("tr", {}, el("td", {}, swatch(p), seatLabel(ctx, p)), el("td", { class: "num" }, d.counties),
      el("td", { class: "num" }, d.buildings), el("td", { class: "num" }, d.majorities),
      el("td", { class: "num" }, d.counties + d.buildings + d.majorities), el("td", { class: "num" }, e.vp[p])));
    const winter = [...entries.slice(0, i)].reverse().find((x) => x.event.e === "winter");
    const lines = entries.slice(winter ? entries.indexOf(winter) : i, i).flatMap((x) => x.lines).filter((l) => l && !l.startsWith("---"));
    const th = (key, title) => el("th", { class: "num", title: title && WT.t(title) }, WT.t(key));
    return el("div", {}, el("p", {}, T("wallenstein.winter_report", { year: e.year })),
      el("pre", { class: "small log" }, lines.join("\n")),
      el("table", { class: "scores" }, el("tr", {}, el("th", {}, WT.t("table.player")), th("wallenstein.score_counties"), th("wallenstein.score_buildings"),
        th("wallenstein.score_majorities", "wallenstein.score_majorities_title"), th("wallenstein.score_gained", "wallenstein.score_gained_title"), th("wallenstein.th_vp", "wallenstein.th_vp_title")), ...rows));
  }

  // After each season: every player's revealed plan, box by box, and what came of it (from the log).
  function seasonSummary(ctx, entries, i) {
    let start = i - 1;
    while (start >= 0 && entries[start].event.e !== "event") start--;
    if (start < 0 || (entries[i].event.e === "event" && entries.slice(start, i).some((x) => x.event.e === "winter"))) return null;
    const rows = {};
    for (const x of entries.slice(start + 1, i)) {
      const ev = x.event;
      if (ev.e !== "action" && ev.e !== "skip") continue;
      const why = ev.e === "skip" ? (meta.skip_reasons[ev.why] || String(ev.why).replace(/_/g, " ")) : null;
      (rows[ev.seat] = rows[ev.seat] || []).push(el("li", { class: why ? "muted" : "" },
        WT.t(why ? "wallenstein.summary_skipped" : "wallenstein.summary_done", { action: actionLabel(ev.action), county: name(ev.county), why: why || "" })));
    }
    const seats = Object.keys(rows);
    if (!seats.length) return null;
    return el("div", { class: "season-summary", "data-kind": "season" }, el("p", {}, el("strong", {}, T("wallenstein.summary_h"))),
      ...seats.map((p) => el("details", { open: String(p) === String(ctx.lastState && ctx.lastState.seat) },
        el("summary", {}, swatch(p), seatLabel(ctx, Number(p)), " ", el("span", { class: "small muted" }, T("wallenstein.summary_count", { n: rows[p].length }))),
        el("ul", { class: "small" }, ...rows[p]))));
  }

  function phaseLine(ctx, st) {
    const o = st.obs;
    const waiting = waitingFor(ctx, o);
    const line = T("wallenstein.phase_line", { year: o.year, season: seasonName(o.season), phase: phaseName(o.phase) });
    return waiting ? T("wallenstein.phase_line_waiting", { line, waiting: WT.t("table.waiting_for", { names: waiting }) }) : line;
  }

  async function init(ctx) {
    meta = ctx.meta;
    meta.byKey = Object.fromEntries(meta.counties.map((c) => [c.key, c]));
    M = await WT.json(meta.map);
    const wrap = document.querySelector("#view-table .mapwrap");
    if (wrap && !document.getElementById("legend")) {
      wrap.append(legend());
      zoomer = WT.zoomable(WT.byId("map", SVGSVGElement), wrap, { x: 0, y: 0, width: M.width, height: M.height });
    }
  }

  // A log entry clicked: the counties it names are lit on the live map until another is clicked.
  let litKeys = new Set();
  function light(ctx, e) {
    litKeys = new Set();
    const walk = (v) => {
      if (typeof v === "string" && meta.byKey[v]) litKeys.add(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) { walk(k); walk(x); }
    };
    Object.values(e || {}).forEach(walk);
    for (const p of /** @type {NodeListOf<SVGPathElement>} */ (document.querySelectorAll("#map path.county"))) {
      p.classList.toggle("lit", litKeys.has(p.dataset.county));
      if (litKeys.has(p.dataset.county)) p.parentNode?.append(p);
    }
  }
  // Playback: the county a log entry is about is highlighted on the live map until the next one, and
  // armies that move (a move, an attack) or come from the supply (a deploy, a draft group) travel there
  // over ``ms`` milliseconds (0: the instant speed, a skip, or a flush: no animation).
  function highlight(ctx, e, ms = 0) {
    const svg = document.getElementById("map");
    const layer = svg && svg.querySelector("#army-anim");
    if (layer && !ms) layer.replaceChildren(); // skipping ends what was still moving
    if (!e) return;
    for (const p of document.querySelectorAll("#map path.acting")) p.classList.remove("acting");
    const key = e.county || e.to || e.origin;
    const path = key && document.querySelector(`#map path[data-county="${CSS.escape(String(key))}"]`);
    if (path) { path.classList.add("acting"); path.parentNode.append(path); }
    if (ms >= 150 && svg && !matchMedia("(prefers-reduced-motion: reduce)").matches) moveArmies(svg, e, ms);
  }
  // The armies an entry moves: [from county or null (the supply), to county, how many, seat].
  function armyTrip(e) {
    if ((e.e === "move" || e.e === "battle") && e.origin && e.county) return [e.origin, e.county, e.armies, e.seat];
    if (e.e === "action" && String(e.action).startsWith("deploy") && e.armies) return [null, e.county, e.armies, e.seat];
    if (e.e === "draft_place" && e.armies) return [null, e.county, e.armies, e.seat];
    return null;
  }
  // A marker in the player's colour, with the number of armies, goes from the source county's army
  // disc to the target's (from the map's top edge for the supply). It is drawn over the map in a layer
  // that redrawing the map keeps (drawMap), and removed when it arrives: the map underneath always
  // shows the exact state.
  function moveArmies(svg, e, ms) {
    const trip = armyTrip(e);
    if (!trip || !M.counties[trip[1]]) return;
    const [from, to, n, seat] = trip;
    const [x1, y1] = M.counties[to].label;
    const [x0, y0] = from && M.counties[from] ? M.counties[from].label : [x1, Math.max(0, y1 - 90)];
    let layer = svg.querySelector("#army-anim");
    if (!layer) { layer = s("g", { id: "army-anim", "pointer-events": "none" }); svg.append(layer); }
    const g = s("g", { class: "army army-moving", "data-from": from || "supply", "data-to": to, "data-armies": n });
    const trail = from ? s("line", { x1: x0, y1: y0, x2: x1, y2: y1, class: "army-trail", stroke: SOLID[colourOf(seat)] }) : null;
    g.append(s("circle", { cx: 0, cy: 0, r: 13, fill: SOLID[colourOf(seat)], stroke: "#fff", "stroke-width": 2.5 }));
    const t = s("text", { x: 0, y: 4.5 }); t.textContent = n; g.append(t);
    if (trail) layer.append(trail);
    layer.append(g);
    const duration = Math.round(ms * 0.8);
    const anim = g.animate([
      { transform: `translate(${x0}px, ${y0}px) scale(1.25)`, opacity: from ? 1 : 0 },
      { transform: `translate(${x1}px, ${y1}px) scale(1)`, opacity: 1 }],
    { duration, easing: "ease-in-out", fill: "forwards" });
    document.body.dataset.armyMoves = String(Number(document.body.dataset.armyMoves || 0) + 1);
    anim.onfinish = () => { g.remove(); if (trail) trail.remove(); };
    anim.oncancel = anim.onfinish;
  }

  window.GamePages.wallenstein = { init, render, renderPlayers, renderFrame, logItem, report, phaseLine, describe, highlight, light, favourSlot };
})();
