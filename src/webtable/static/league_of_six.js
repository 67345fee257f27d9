// @ts-check
"use strict";
// League of Six's page: the ring of towns with their tiles, the guard counters and roads, the influence
// track, storage rows, civic leaders, and every decision of a round. Tiles are drawn here from the
// component set in /api/meta (the stand-in set, L-01); the state comes from the seat's observation.
window.GamePages = window.GamePages || {};
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const SOLID = { red: "#c0392b", yellow: "#c99a08", green: "#2e7a3c", blue: "#2e6dbd", black: "#3a3a3a" };
  const GOOD = { red: "#d0452f", green: "#47a041", blue: "#3d74c9", yellow: "#efc21f" };
  const W = 820, H = 870, CX = 410, CY = 390, RING = 262, HEX = 100, TILE = 36;
  // The part of the drawing the ring and the influence track fill (its margins left out, so that the
  // board is drawn as large as its frame allows: town names and numbers readable at 1366x768).
  const VIEW = { x: 58, y: 30, width: 704, height: 800 };
  const TRACK = { top: 770, left: 82, right: 738, step: 33 }; // the influence track's line and its markers' spacing
  const FIG = 15; // a figure's (and marker's) radius
  const s = (tag, attrs = {}, text) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const el = WT.el;
  let meta = null;
  const picks = {}; // seat -> {version, turn, preview, town}: choices being made, not yet sent
  let zoomer = null; // the live ring's pan and zoom (WT.zoomable)
  // A board drawn from a log entry's snapshot (playback, replay) has its null members left out (RFC 7386
  // merge patches): an empty field of the observation is tested with "== null", absent or null alike.

  // ------------------------------------------------------------------ names and labels
  const colourOf = (p) => meta.colours[p];
  const town = (key) => meta.byKey[key];
  const townName = (key) => (town(key) ? town(key).name : key);
  const pendingNames = (ctx, obs) => obs.pending.map((p) => seatLabel(ctx, p));
  const waitingFor = (ctx, obs) => pendingNames(ctx, obs).join(", ");
  // The panel's line while this screen has nothing to decide (common.js: never "waiting for nobody").
  const waitingLine = (ctx, st) => WT.waitingPanel(st, (p) => seatLabel(ctx, p));
  const seatLabel = (ctx, p) => {
    const st = ctx.summary.seats[p];
    return st && st.name && st.name !== st.colour ? `${cname(p)} (${st.name})` : cname(p);
  };
  const swatch = (p) => el("span", { class: "swatch c-" + colourOf(Number(p)) });
  // Words in the page's language (catalogue namespace league_of_six; colours from common).
  const cname = (p) => WT.t("common.colour." + colourOf(Number(p)));
  const guards = (n) => WT.t("league_of_six.guards", { n });
  const good = (c) => WT.t("league_of_six.good." + c);
  // The component set: the shipped stand-in set in the page's words; a user's set by its own name.
  const setLabel = (c) => WT.t(c.standin ? "league_of_six.set_standin" : "league_of_six.set_user");
  const setName = (c) => (c.standin ? WT.t("league_of_six.set_standin_name") : c.name);
  // A printed symbol in words: a good by its colour, a guard, a horse.
  const symWord = (sym) => (GOOD[sym] ? WT.t("league_of_six.sym_good", { good: good(sym) }) : WT.t("league_of_six.sym." + sym));
  const cardLabel = (c) => {
    const text = WT.t("league_of_six.card." + c.kind, { n: c.figures });
    return c.gray ? WT.t("league_of_six.card_gray", { card: text }) : text;
  };
  const goodsText = (goods) => Object.entries(goods).filter(([, n]) => n).map(([c, n]) => WT.t("league_of_six.goods_n", { n, good: good(c) })).join(", ");
  // Goods as coloured chips; a screen reader hears them in words (the chips' numbers alone ran together, "10999").
  const goodsChips = (goods) => {
    const have = meta.goods.filter((c) => goods[c]);
    if (!have.length) return el("span", { class: "muted los-goods" }, WT.t("league_of_six.none"));
    return el("span", { class: "los-goods", role: "img", "aria-label": goodsText(goods) }, ...have.map((c) =>
      el("span", { class: "los-chip", "data-good": c, style: `background:${GOOD[c]}`, title: WT.t("league_of_six.goods_n", { n: goods[c], good: good(c) }), "aria-hidden": "true" }, String(goods[c]))));
  };
  const phaseLabel = (obs) => WT.t("league_of_six.phase." + obs.phase);
  const edgeName = (i) => WT.t("league_of_six.edge." + i);

  // ------------------------------------------------------------------ the ring of towns (SVG)
  const rad = (deg) => (deg * Math.PI) / 180;
  const at = (cx, cy, r, deg) => [cx + r * Math.cos(rad(deg)), cy + r * Math.sin(rad(deg))];
  const hexPoints = (cx, cy, r) => [0, 1, 2, 3, 4, 5].map((i) => at(cx, cy, r, 60 * i).map((v) => v.toFixed(1)).join(",")).join(" ");
  const edgeAngle = (i) => -90 + 60 * i; // edge 0 on top, then clockwise

  function symbol(g, sym, x, y, size = 15) {
    const h = size / 2;
    const title = s("title", {}, symWord(sym));
    if (GOOD[sym]) {
      const r = s("rect", { x: x - h, y: y - h, width: size, height: size, rx: 3, fill: GOOD[sym], stroke: "#0006" });
      r.append(title); g.append(r);
    } else if (sym === "guard") {
      const p = s("path", { d: `M${x - h} ${y - h}h${size}v${h}q0 ${h} ${-h} ${h + 2}q${-h} -2 ${-h} ${-h - 2}z`, fill: "#6c6f78", stroke: "#222" });
      p.append(title); g.append(p);
      g.append(s("text", { x, y: y + 3.5, class: "los-sym" }, WT.t("league_of_six.letter_guard")));
    } else if (sym === "horse") {
      const c = s("circle", { cx: x, cy: y, r: h + 0.5, fill: "#8a5a2b", stroke: "#3b2412" });
      c.append(title); g.append(c);
      g.append(s("text", { x, y: y + 3.5, class: "los-sym" }, WT.t("league_of_six.letter_horse")));
    }
  }
  function symbols(g, list, x, y, size = 15, dx = 0, dy = 0) {
    // A row of symbols centred on (x, y), along the direction (dx, dy).
    const n = list.length;
    list.forEach((sym, k) => { const o = (k - (n - 1) / 2) * (size + 2); symbol(g, sym, x + o * dx, y + o * dy, size); });
  }
  // A player's figure (or marker); ``role`` says what it stands for on the map ("holder" of a town,
  // "mover" challenging it, "road" waiting in front of it, "marker" on the influence track).
  function figure(g, p, x, y, label, role) {
    const f = s("g", { class: "los-figure", "data-seat": p });
    if (role) f.setAttribute("data-role", role);
    f.append(s("circle", { cx: x, cy: y, r: FIG, fill: SOLID[colourOf(p)], stroke: "#fff", "stroke-width": 2.5 }));
    f.append(s("text", { x, y: y + 5, class: "los-fig-text" }, label === undefined ? WT.t("common.colour_initial." + colourOf(p)) : label));
    g.append(f);
  }

  function townPosition(obs, key) {
    const i = obs.ring.indexOf(key);
    return at(CX, CY, RING, -90 + 60 * i);
  }

  function drawRing(svg, obs, opts = {}) {
    svg.setAttribute("viewBox", `${VIEW.x} ${VIEW.y} ${VIEW.width} ${VIEW.height}`);
    svg.classList.add("los-board");
    const defs = s("defs");
    const hatch = s("pattern", { id: "los-siege", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
    hatch.append(s("rect", { width: 10, height: 10, fill: "#d9cfc0" }), s("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "#a08a6a", "stroke-width": 4 }));
    defs.append(hatch);
    svg.replaceChildren(defs, s("rect", { width: W, height: H, fill: "#e8e1cf", rx: 10 }));
    // The ring road.
    svg.append(s("circle", { cx: CX, cy: CY, r: RING, fill: "none", stroke: "#b7a57f", "stroke-width": 16, "stroke-dasharray": "2 10", "stroke-linecap": "round" }));
    const centre = s("g", { class: "los-centre" });
    centre.append(s("text", { x: CX, y: CY - 28, class: "los-round" }, obs.phase === "over" ? WT.t("league_of_six.game_over") : WT.t("league_of_six.round_of", { round: obs.round, rounds: meta.rounds })));
    // (At the end the round replaces the phase, which would only say "game over" again.)
    centre.append(s("text", { x: CX, y: CY - 6, class: "los-phase" }, obs.phase === "over"
      ? WT.t("league_of_six.round_of", { round: obs.round, rounds: meta.rounds }) : phaseLabel(obs)));
    if (obs.conflict) {
      const c = obs.conflict;
      centre.append(s("text", { x: CX, y: CY + 16, class: "los-phase" }, WT.t("league_of_six.conflict_in", { town: townName(c.town) })));
      centre.append(s("text", { x: CX, y: CY + 34, class: "los-phase" }, c.offer == null
        ? WT.t("league_of_six.must_offer_more", { who: cname(c.mover), n: obs.players[c.holder].counter })
        : WT.t("league_of_six.offers", { who: cname(c.offered_by), guards: guards(c.offer) })));
    }
    centre.append(s("text", { x: CX, y: CY + 58, class: "los-set" }, setLabel(meta.components)));
    svg.append(centre);
    const roads = {}; // town -> seats waiting on its road
    obs.players.forEach((pl, p) => { if (pl.road && !pl.town) (roads[pl.road] = roads[pl.road] || []).push(p); });
    for (const key of obs.ring) drawTown(svg, obs, key, roads[key] || [], opts);
    drawTrack(svg, obs);
  }

  function drawTown(svg, obs, key, waiting, opts) {
    const t = obs.towns[key];
    const info = town(key);
    const [x, y] = townPosition(obs, key);
    const edges = info.sides[t.side];
    const tile = t.tax_tile == null ? null : meta.tax_tiles[t.tax_tile];
    const turn = opts.turnAt && opts.turnAt.town === key ? opts.turnAt.turn : t.turned;
    const pointed = tile && turn !== null && turn !== undefined ? new Set(tile.arrows.map((a) => (a + turn) % 6)) : new Set();
    const g = s("g", { class: "los-town", "data-town": key });
    const cls = ["los-hex"];
    if (opts.targets && opts.targets.has(key)) cls.push("target");
    if (opts.chosen === key) cls.push("chosen");
    if (opts.origin === key) cls.push("origin");
    const hex = s("polygon", { points: hexPoints(x, y, HEX), class: cls.join(" "), fill: t.besieged ? "url(#los-siege)" : t.side === "yellow" ? "#f6e7b0" : "#fbf8f0" });
    g.append(hex);
    // Edge symbols; the edges the tax tile's arrows point at are marked.
    edges.forEach((list, i) => {
      const a = edgeAngle(i);
      const [ex, ey] = at(x, y, HEX * 0.8, a);
      if (pointed.has(i)) {
        const [m1x, m1y] = at(x, y, HEX, 60 * i - 120), [m2x, m2y] = at(x, y, HEX, 60 * i - 60);
        g.append(s("line", { x1: m1x, y1: m1y, x2: m2x, y2: m2y, class: "los-pointed" }));
      }
      symbols(g, list, ex, ey, 15, Math.cos(rad(a + 90)), Math.sin(rad(a + 90)));
    });
    if (tile) {
      const tg = s("g", { class: "los-tile" });
      tg.setAttribute("data-tile", String(t.tax_tile));
      if (turn != null) tg.setAttribute("data-turned", String(turn));
      tg.append(s("polygon", { points: hexPoints(x, y, TILE), fill: "#d8c7a3", stroke: "#6b5330", "stroke-width": 1.5 }));
      for (const a of tile.arrows) {
        const d = edgeAngle((a + (turn || 0)) % 6);
        const [ax, ay] = at(x, y, TILE + 12, d), [b1x, b1y] = at(x, y, TILE - 2, d - 14), [b2x, b2y] = at(x, y, TILE - 2, d + 14);
        tg.append(s("polygon", { points: `${ax},${ay} ${b1x},${b1y} ${b2x},${b2y}`, class: "los-arrow" }));
      }
      if (tile.leader) tg.append(s("text", { x, y: y + 4, class: "los-tile-text" }, WT.t("league_of_six.card." + tile.leader.kind, { n: tile.leader.figures })));
      else symbols(tg, tile.centre, x, y, 14, 1, 0);
      // The tile's number on a token at its left corner (between two arrows' edges), as large as the names.
      const no = s("g", { class: "los-tile-no", role: "img", "aria-label": WT.t("league_of_six.tile_no", { n: t.tax_tile }) });
      no.append(s("circle", { cx: x - TILE - 6, cy: y, r: 13 }), s("text", { x: x - TILE - 6, y: y + 5 }, String(t.tax_tile)));
      tg.append(no);
      g.append(tg);
    }
    if (t.besieged) g.append(s("text", { x, y: y + 5, class: "los-siege-text" }, WT.t("league_of_six.hussites")));
    g.append(s("text", { x, y: y + 60, class: "los-town-name" }, `${info.name} (${info.number})`));
    // The guard counter: the figure holding the town and its number.
    if (t.holder != null) {
      const p = t.holder;
      figure(g, p, x - 16, y - 54, undefined, "holder");
      g.append(s("text", { x: x + 6, y: y - 47, class: "los-counter" }, String(obs.players[p].counter)));
    }
    if (obs.conflict && obs.conflict.town === key && obs.conflict.mover !== t.holder) figure(g, obs.conflict.mover, x + 40, y - 54, undefined, "mover");
    // Figures waiting on the road in front of the town (towards the ring's centre).
    waiting.forEach((p, k) => {
      const [rx, ry] = at(CX, CY, RING - HEX - 22, -90 + 60 * obs.ring.indexOf(key));
      figure(g, p, rx + (k - (waiting.length - 1) / 2) * (2 * FIG + 3), ry, undefined, "road");
    });
    const label = townText(obs, key, turn);
    g.append(s("title", {}, label));
    if (opts.targets && opts.targets.has(key) && opts.onTown) {
      g.setAttribute("tabindex", "0"); g.setAttribute("role", "button"); g.setAttribute("aria-label", label);
      g.addEventListener("click", () => opts.onTown(key));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); opts.onTown(key); } });
    }
    svg.append(g);
  }

  function townText(obs, key, turn) {
    const t = obs.towns[key];
    const info = town(key);
    const parts = [WT.t("league_of_six.town_side", { town: info.name, number: info.number, side: WT.t("league_of_six.side." + t.side) })];
    if (t.besieged) parts.push(WT.t("league_of_six.besieged"));
    if (t.holder != null) parts.push(WT.t("league_of_six.held_by", { who: cname(t.holder), n: obs.players[t.holder].counter }));
    if (t.tax_tile != null) {
      const tile = meta.tax_tiles[t.tax_tile];
      const centre = tile.leader ? cardLabel(tile.leader) : tile.centre.map(symWord).join(", ");
      const arrows = { tile: t.tax_tile, n: tile.arrows.length, centre };
      let text = centre ? WT.t("league_of_six.tax_tile_centre", arrows) : WT.t("league_of_six.tax_tile", arrows);
      if (turn !== null && turn !== undefined) text = WT.t("league_of_six.turned", { tile: text, steps: WT.t("league_of_six.steps", { n: turn }) });
      parts.push(text);
    }
    parts.push(WT.t("league_of_six.edges", { edges: info.sides[t.side].map((l, i) => `${edgeName(i)} ${l.map(symWord).join(", ") || WT.t("league_of_six.empty")}`).join("; ") }));
    return parts.join(", ");
  }

  function drawTrack(svg, obs) {
    // The influence track: 0 to at least 50, a marker per seat (markers on one space stack).
    const { top, left, right, step } = TRACK;
    const max = Math.max(50, Math.ceil((Math.max(...obs.players.map((p) => p.influence)) + 1) / 10) * 10);
    const xOf = (v) => left + ((right - left) * v) / max;
    const g = s("g", { class: "los-track", role: "img", "aria-label": WT.t("league_of_six.influence_of", { list: obs.players.map((p, i) => `${cname(i)} ${p.influence}`).join(", ") }) });
    g.append(s("text", { x: left, y: top - 44, class: "los-track-title" }, WT.t("league_of_six.influence")));
    g.append(s("line", { x1: left, y1: top, x2: right, y2: top, stroke: "#6b5330", "stroke-width": 3 }));
    for (let v = 0; v <= max; v += 5) {
      g.append(s("line", { x1: xOf(v), y1: top - 7, x2: xOf(v), y2: top + 7, stroke: "#6b5330" }));
      if (v % 10 === 0) g.append(s("text", { x: xOf(v), y: top + 36, class: "los-tick" }, String(v)));
    }
    // Markers too close to share a level go to the next one (above the line, then below, and so on).
    const levels = [];
    const bySpace = obs.players.map((pl, p) => p).sort((a, b) => obs.players[a].influence - obs.players[b].influence || a - b);
    for (const p of bySpace) {
      const x = xOf(obs.players[p].influence);
      let k = 0;
      while (levels[k] !== undefined && x - levels[k] < 2 * FIG + 1) k++;
      levels[k] = x;
      // (Levels alternate above and below the line: stacked upwards only, a third marker covered the
      // bottom town's name.)
      figure(g, p, x, top + step * (k % 2 ? -Math.ceil(k / 2) : k / 2), String(obs.players[p].influence), "marker");
    }
    svg.append(g);
  }

  // ------------------------------------------------------------------ panels (live view and replay)
  function handText(hand) {
    if (!hand) return WT.t("league_of_six.hidden");
    const cards = hand.civic_leaders.map(cardLabel);
    return cards.length ? WT.t("league_of_six.hand", { guards: guards(hand.guards), cards: cards.join(", ") })
      : WT.t("league_of_six.hand_no_leaders", { guards: guards(hand.guards) });
  }

  function playersTable(ctx, obs) {
    const hands = obs.hands || (obs.hand && obs.seat !== null ? { [obs.seat]: obs.hand } : {});
    const rows = obs.players.map((pl, p) => {
      const pending = obs.pending.includes(p);
      const bot = ctx.summary.seats[p] && ctx.summary.seats[p].type === "bot";
      const where = pl.town ? (pl.counter != null ? WT.t("league_of_six.town_on", { town: townName(pl.town), n: pl.counter }) : townName(pl.town))
        : pl.road ? WT.t("league_of_six.road_at", { town: townName(pl.road) }) : "—";
      const held = hands[p] ? { "data-guards": String(hands[p].guards), "data-cards": hands[p].civic_leaders.map((c) => c.card).join(" ") } : {};
      const hand = el("span", { class: hands[p] ? "" : "muted", "data-hand": String(p), ...held }, WT.t("league_of_six.hand_of", { hand: handText(hands[p]) }));
      const row = el("tr", { class: pending ? "pending" : "", style: `--seat: ${SOLID[colourOf(p)]}`, "data-seat": p },
        el("td", {}, swatch(p), seatLabel(ctx, p), pending ? el("span", { class: "muted small" }, " " + WT.t("league_of_six.deciding")) : "", bot ? el("span", { class: "muted small" }, " " + WT.t("league_of_six.bot")) : "",
          el("span", { class: "clock", "data-clock": p, hidden: true })),
        el("td", { class: "num", "data-label": WT.t("league_of_six.infl") }, pl.influence),
        el("td", { "data-label": WT.t("league_of_six.wagon") }, goodsChips(pl.wagon)),
        el("td", { class: "num", title: WT.t("league_of_six.horses_title"), "data-label": WT.t("league_of_six.horses_h") }, pl.horses + (pl.horse_tile ? ` · ${pl.horse_tile}` : "")));
      // The strip of player boards: one card per seat, where the figure is and the hand in it too.
      // (Where and the hand on lines of their own, each whole in its title: one line cut the hand off.)
      if (ctx.strip) {
        row.append(el("td", { class: "small los-where", title: where }, el("span", { "data-where": String(p) }, where)),
          el("td", { class: "small los-where", title: hand.textContent }, hand));
        return [row];
      }
      return [row,
      el("tr", { class: "los-hand" }, el("td", { colspan: 4, class: "small" }, el("span", { "data-where": String(p) }, where), " · ", hand))];
    });
    return el("table", { class: "players los-players" + (ctx.strip ? " strip-cards" : "") },
      el("tr", { class: "head" }, el("th", {}, WT.t("league_of_six.player")), el("th", { class: "num", title: WT.t("league_of_six.influence") }, WT.t("league_of_six.infl")),
        el("th", {}, WT.t("league_of_six.wagon")), el("th", { class: "num", title: WT.t("league_of_six.horses_tile") }, WT.t("league_of_six.horses_h"))), ...rows.flat());
  }

  function storageRows(ctx, obs, store) {
    const rows = obs.storage.rows.filter((r) => r.store === store);
    if (!rows.length) return null;
    return el("table", { class: "small los-rows" }, ...rows.map((r) => el("tr", { "data-row": `${store}:${r.row}` },
      el("td", {}, `${r.row}.`),
      el("td", {}, ...r.spaces.map((sp) => el("span", {
        class: "los-space" + (sp.filled_by != null ? " filled" : ""), "data-filled-by": sp.filled_by != null ? String(sp.filled_by) : "",
        style: `background:${GOOD[sp.colour]};` + (sp.filled_by != null ? `box-shadow: inset 0 0 0 3px ${SOLID[colourOf(sp.filled_by)]}` : ""),
        title: sp.filled_by != null ? WT.t("league_of_six.space_filled", { good: good(sp.colour), n: sp.value, who: cname(sp.filled_by) })
          : WT.t("league_of_six.space_free", { good: good(sp.colour), n: sp.value }),
      }, String(sp.value)))),
      el("td", { class: "muted" }, store === "royal" ? WT.t("league_of_six.bonus_royal", { n: r.bonus }) : WT.t("league_of_six.bonus_civic", { n: r.bonus })),
      el("td", { "data-chosen-by": r.chosen_by != null ? String(r.chosen_by) : "" }, r.chosen_by != null ? el("span", {}, swatch(r.chosen_by), cname(r.chosen_by)) : ""))));
  }

  function boardPanel(ctx, obs) {
    const out = [];
    out.push(el("p", { class: "season-line", "data-track": "1" }, obs.phase === "over" ? WT.t("league_of_six.over_after", { round: obs.round })
      : WT.t("league_of_six.round_phase", { round: obs.round, rounds: meta.rounds, phase: phaseLabel(obs) })));
    out.push(el("p", { class: "small" }, WT.t("league_of_six.components"), " ", el("strong", { id: "los-set" }, setLabel(obs.components)), ` (${setName(obs.components)})`));
    if (obs.order.length) {
      out.push(el("p", { class: "small", "data-track": "1" }, WT.t("league_of_six.markers") + " ",
        ...obs.order.map((p) => el("span", {}, swatch(p), cname(p) + " "))));
    }
    if (obs.storage.order.length) {
      out.push(el("p", { class: "small" }, WT.t("league_of_six.storing_order") + " ", ...obs.storage.order.map((p) => el("span", {}, swatch(p), cname(p) + " "))));
    }
    if (obs.storage.rows.length) {
      out.push(el("div", { class: "small muted" }, WT.t("league_of_six.royal_stores", { tile: obs.storage.royal_tile, side: obs.storage.side })));
      out.push(storageRows(ctx, obs, "royal"));
      out.push(el("div", { class: "small muted" }, WT.t("league_of_six.civic_stores", { tile: obs.storage.civic_tile, side: obs.storage.side })));
      out.push(storageRows(ctx, obs, "civic"));
    }
    const cl = obs.civic_leaders;
    out.push(el("div", { class: "small muted" }, WT.t("league_of_six.leaders_faceup")));
    out.push(el("div", { class: "cards" }, ...meta.piles.map((f) => {
      const c = cl.faceup[String(f)];
      return el("span", { class: "card" + (c ? "" : " done"), "data-pile": String(f), "data-card": c ? String(c.card) : "" }, WT.t("league_of_six.pile", { pile: f, card: c ? cardLabel(c) : "—", n: cl.piles_left[String(f)] }));
    })));
    const gray = {};
    for (const c of cl.gray) gray[c.kind] = (gray[c.kind] || 0) + 1;
    out.push(el("p", { class: "small" }, WT.t("league_of_six.gray_left", { cards: Object.entries(gray).map(([k, n]) => `${n}× ${WT.t("league_of_six.card." + k, { n: 2 })}`).join(", ") || WT.t("league_of_six.none") })));
    out.push(el("p", { class: "small los-supply" }, WT.t("league_of_six.supply") + " ", goodsChips(obs.supply), " · " + WT.t("league_of_six.tax_tiles_left", { n: obs.tax_tiles_left })));
    return out;
  }

  // ------------------------------------------------------------------ decisions
  function travelCost(obs, key) {
    const tr = obs.travel;
    if (!tr || tr.from == null) return 0;
    const d0 = Math.abs(obs.ring.indexOf(tr.from) - obs.ring.indexOf(key));
    const d = Math.min(d0, 6 - d0);
    return tr.displaced ? d : Math.max(d, 1);
  }
  function payText(obs, seat, n) {
    if (!n) return WT.t("league_of_six.free");
    const have = obs.hand ? obs.hand.guards : 0;
    const short = Math.max(0, n - have);
    return short ? WT.t("league_of_six.pay_short", { guards: guards(n), influence: 2 * short, n: short }) : guards(n);
  }

  function button(ctx, seat, action, label, cls, attrs = {}) {
    return el("button", { class: cls || "", ...attrs, onclick: async (e) => {
      e.currentTarget.disabled = true;
      const b = e.currentTarget;
      try { await ctx.act(seat, action); } catch (err) { flash(WT.refusal(err)); b.disabled = false; }
    } }, label);
  }
  function flash(text) { const box = document.getElementById("turn-msg"); if (box) { box.textContent = text; box.className = "error"; } }

  function pickOf(st) {
    let p = picks[st.seat];
    if (!p || p.version !== st.version) p = picks[st.seat] = { version: st.version, turn: null, preview: null, town: null };
    return p;
  }

  function turnPanel(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    if (st.over) return [ctx.atTheEnd(() => finalScores(ctx, st.result, obs))];
    if (seat === null) return [waitingLine(ctx, st)];
    const mine = [el("p", { class: "small" }, WT.t("league_of_six.your_hand") + " ", el("strong", { id: "my-hand" }, handText(obs.hand)))];
    if (!st.legal.length) return [waitingLine(ctx, st), ...mine];
    const kinds = new Set(st.legal.map((a) => a.type));
    let body;
    if (kinds.has("choose")) body = choosing(ctx, st);
    else if (kinds.has("offer") || kinds.has("accept")) body = conflict(ctx, st);
    else if (kinds.has("rotate")) body = rotating(ctx, st);
    else if (kinds.has("row")) body = storing(ctx, st);
    else if (kinds.has("leader")) body = [el("p", {}, WT.t("league_of_six.row_full_take")),
      el("div", { class: "choices" }, ...st.legal.map((a) => button(ctx, seat, a, WT.t("league_of_six.pile_button", { pile: a.figures, card: cardLabel(obs.civic_leaders.faceup[String(a.figures)]) }), "", { "data-pile": String(a.figures) })))];
    else body = [el("div", { class: "choices" }, ...st.legal.map((a) => button(ctx, seat, a, JSON.stringify(a))))];
    return [...body, el("div", { id: "turn-msg", role: "status" }), ...mine];
  }

  function chooseLabel(obs, seat, key) {
    const t = obs.towns[key];
    const cost = travelCost(obs, key);
    const travel = { town: townName(key), cost: payText(obs, seat, cost) };
    if (t.holder == null) return WT.t("league_of_six.choose_label", travel);
    return WT.t("league_of_six.choose_label_held", { ...travel, who: cname(t.holder), n: obs.players[t.holder].counter, least: obs.players[t.holder].counter + 1 });
  }

  function choosing(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    const p = pickOf(st);
    const tr = obs.travel;
    const intro = tr && tr.displaced ? WT.t("league_of_six.travel_on", { town: townName(tr.from) })
      : tr && tr.from ? WT.t("league_of_six.choose_from", { town: townName(tr.from) })
        : WT.t("league_of_six.choose_first");
    /** @type {HTMLElement[]} */
    const out = [el("p", {}, intro + " " + WT.t("league_of_six.click_town"))];
    out.push(el("div", { class: "choices", role: "group", "aria-label": WT.t("league_of_six.towns") }, ...st.legal.map((a) =>
      button(ctx, seat, a, chooseLabel(obs, seat, a.town), p.town === a.town ? "primary" : "", { "data-town": a.town }))));
    if (p.town) {
      const a = st.legal.find((x) => x.town === p.town);
      out.push(el("p", { class: "small" }, chooseLabel(obs, seat, p.town)));
      out.push(button(ctx, seat, a, WT.t("league_of_six.go_to", { town: townName(p.town) }), "primary", { id: "choose-go" }));
    }
    return out;
  }

  function conflict(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    const c = obs.conflict;
    const other = seat === c.mover ? c.holder : c.mover;
    const have = obs.hand ? obs.hand.guards : 0;
    const out = [];
    if (c.offer == null) out.push(el("p", {}, WT.t("league_of_six.held_offer", { town: townName(c.town), who: cname(c.holder), n: obs.players[c.holder].counter })));
    else out.push(el("p", {}, WT.t("league_of_six.offered", { who: cname(c.offered_by), guards: guards(c.offer), town: townName(c.town) })));
    // Every hand is in view (L-07): the other side's guards are said beside one's own.
    const theirs = obs.hands && obs.hands[String(other)] ? obs.hands[String(other)].guards : 0;
    out.push(el("p", { class: "small muted" }, WT.t("league_of_six.you_hold", { guards: guards(have), other: cname(other), theirs: guards(theirs) })));
    const accept = st.legal.find((a) => a.type === "accept");
    const offers = st.legal.filter((a) => a.type === "offer");
    const row = el("div", { class: "choices", role: "group", "aria-label": WT.t("league_of_six.offers_group") });
    if (accept) row.append(button(ctx, seat, accept, WT.t("league_of_six.accept", { guards: guards(c.offer) }), "primary", { id: "accept" }));
    for (const a of offers) row.append(button(ctx, seat, a, a.guards > have ? WT.t("league_of_six.offer_cost", { n: a.guards, cost: 2 * (a.guards - have) }) : WT.t("league_of_six.offer", { n: a.guards }), "", { "data-offer": String(a.guards) }));
    out.push(row);
    return out;
  }

  function yieldText(y) {
    const parts = [];
    if (y.guards) parts.push(guards(y.guards));
    const g = goodsText(y.goods); if (g) parts.push(g);
    if (y.horses) parts.push(WT.t("league_of_six.horses", { n: y.horses }));
    if (y.card) parts.push(WT.t("league_of_six.civic_leader", { card: cardLabel(y.card) }));
    let text = parts.join(", ") || WT.t("league_of_six.nothing");
    const short = goodsText(y.short);
    if (short) text = WT.t("league_of_six.supply_lacks", { text, goods: short });
    if (y.wanted_card) text = WT.t("league_of_six.no_gray_left", { text, card: cardLabel(y.wanted_card) });
    return text;
  }

  function rotating(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    const p = pickOf(st);
    const key = obs.players[seat].town;
    if (p.preview === null) {
      p.preview = "…";
      ctx.preview(seat, st.legal[0]).then((r) => { if (picks[seat] === p) { p.preview = r; rerender(ctx); } })
        .catch((e) => { p.preview = { error: e.message }; rerender(ctx); });
    }
    if (p.turn === null) p.turn = st.legal[0].turn;
    const yields = p.preview && p.preview.yields ? Object.fromEntries(p.preview.yields.map((y) => [y.turn, y])) : {};
    /** @type {HTMLElement[]} */
    const out = [el("p", {}, WT.t("league_of_six.collect_in", { town: townName(key) }))];
    if (p.preview && p.preview.error) out.push(el("p", { class: "error" }, p.preview.error));
    out.push(el("div", { class: "choices los-turns", role: "group", "aria-label": WT.t("league_of_six.turns") }, ...st.legal.map((a) => el("button", {
      class: p.turn === a.turn ? "sel" : "", "aria-pressed": String(p.turn === a.turn), "data-turn": String(a.turn),
      onclick: () => { p.turn = a.turn; rerender(ctx); },
    }, WT.t("league_of_six.turn_n", { n: a.turn, yields: yields[a.turn] ? yieldText(yields[a.turn]) : "…" })))));
    const chosen = st.legal.find((a) => a.turn === p.turn);
    out.push(el("p", { id: "yield", class: "small" }, yields[p.turn] ? WT.t("league_of_six.turned_collect", { steps: WT.t("league_of_six.steps", { n: p.turn }), yields: yieldText(yields[p.turn]) }) : WT.t("league_of_six.working_out")));
    out.push(button(ctx, seat, chosen, WT.t("league_of_six.turn_collect", { steps: WT.t("league_of_six.steps", { n: p.turn }) }), "primary", { id: "rotate-go" }));
    return out;
  }

  function storePreview(obs, seat, rowKey) {
    // Who stores what if this row is chosen: the chooser, then clockwise; each fills the most valuable
    // free spaces of a colour first (LR-04). Wagons and rows are public.
    const [store, number] = rowKey.split(":");
    const row = obs.storage.rows.find((r) => r.store === store && String(r.row) === number);
    const free = row.spaces.map((sp, k) => ({ ...sp, k })).filter((sp) => sp.filled_by == null).sort((a, b) => b.value - a.value || a.k - b.k);
    const taken = new Set(); const out = [];
    for (let i = 0; i < obs.players.length; i++) {
      const p = (seat + i) % obs.players.length;
      const wagon = { ...obs.players[p].wagon };
      let points = 0; const got = {};
      for (const sp of free) if (!taken.has(sp.k) && wagon[sp.colour] > 0) { taken.add(sp.k); wagon[sp.colour]--; points += sp.value; got[sp.colour] = (got[sp.colour] || 0) + 1; }
      if (points || Object.keys(got).length) out.push({ seat: p, goods: got, points });
    }
    return { row, placed: out, full: taken.size === free.length };
  }

  function storing(ctx, st) {
    const seat = st.seat; const obs = st.obs;
    const out = [el("p", {}, WT.t("league_of_six.choose_row"))];
    out.push(el("div", { class: "choices los-store", role: "group", "aria-label": WT.t("league_of_six.rows") }, ...st.legal.map((a) => {
      const pv = storePreview(obs, seat, `${a.store}:${a.row}`);
      const who = pv.placed.map((x) => `${x.seat === seat ? WT.t("league_of_six.you") : cname(x.seat)} ${goodsText(x.goods)} +${x.points}`).join("; ") || WT.t("league_of_six.nobody_stores");
      const params = { row: a.row, who, n: pv.row.bonus };
      const label = a.store === "royal" ? WT.t(pv.full ? "league_of_six.royal_row_full" : "league_of_six.royal_row", params)
        : WT.t(pv.full ? "league_of_six.civic_row_full" : "league_of_six.civic_row", params);
      return button(ctx, seat, a, label, "", { "data-row": `${a.store}:${a.row}` });
    })));
    return out;
  }

  function finalScores(ctx, result, obs) {
    const n = result.influence.length;
    const order = [...Array(n).keys()].sort((a, b) => result.influence[b] - result.influence[a] || result.guards[b] - result.guards[a]);
    return el("div", { id: "final" }, el("p", {}, el("strong", {}, WT.t("league_of_six.final_scores"))),
      el("table", {}, el("tr", {}, el("th", {}, WT.t("league_of_six.player")), el("th", { class: "num" }, WT.t("league_of_six.influence")), el("th", { class: "num" }, WT.t("league_of_six.guards_in_hand"))),
        ...order.map((p) => el("tr", {}, el("td", {}, swatch(p), seatLabel(ctx, p), result.winners.includes(p) ? " — " + WT.t("league_of_six.winner") : ""),
          el("td", { class: "num" }, result.influence[p]), el("td", { class: "num" }, result.guards[p])))),
      // "Play again" (rematch.js) under the scores, before the hands revealed: on a phone they pushed it below the fold.
      window.WTRematch ? window.WTRematch.mount(ctx) : null,
      obs.hands ? el("p", { class: "small" }, WT.t("league_of_six.hands_revealed", { hands: Object.entries(obs.hands).map(([p, h]) => `${cname(p)}: ${handText(h)}`).join("; ") })) : null);
  }

  function rerender(ctx) { if (ctx.lastState) render(ctx, ctx.lastState, true); }

  // ------------------------------------------------------------------ the page API used by table.js
  function ringOptions(ctx, st) {
    const obs = st.obs; const seat = st.seat;
    const opts = {};
    if (obs.travel && obs.travel.from) opts.origin = obs.travel.from;
    if (seat === null || !st.legal.length) return opts;
    const p = pickOf(st);
    if (st.legal[0].type === "choose") {
      opts.targets = new Set(st.legal.map((a) => a.town));
      opts.chosen = p.town;
      opts.onTown = (key) => { p.town = key; rerender(ctx); const go = document.getElementById("choose-go"); if (go) go.focus(); };
    } else if (st.legal[0].type === "rotate" && p.turn !== null) {
      opts.turnAt = { town: obs.players[seat].town, turn: p.turn };
    }
    return opts;
  }

  function render(ctx, st, force = false) {
    ctx.lastState = st;
    const obs = st.obs;
    const seat = st.seat;
    const focus = document.activeElement && document.activeElement.id;
    WT.byId("turn-h").textContent = WT.t(st.over ? "league_of_six.game_over" : seat === null ? "league_of_six.spectating" : st.legal.length ? "league_of_six.your_move" : "league_of_six.waiting");
    // The decision panel is rebuilt only when what it shows changed (or on the person's own input), so
    // that other seats' moves never replace a button under the pointer in the middle of a click.
    const body = WT.byId("turn-body");
    const key = JSON.stringify([seat, st.legal, st.over && (ctx.endHeld() ? "held" : "over"), obs.phase, obs.pending, obs.conflict, obs.travel, obs.hand, seat !== null && st.legal.length ? obs : null]);
    if (force || key !== ctx.panelKey) {
      ctx.panelKey = key;
      body.replaceChildren(...turnPanel(ctx, st));
      body.dataset.phase = obs.phase;      // A new decision opens at its top: the panel kept the last one's scroll (72 to 255 px on a phone,
      // its first choices above the fold), and focusing its first control must not scroll it either.
      const decision = JSON.stringify([seat, st.legal]);
      if (decision !== ctx.panelDecision) { ctx.panelDecision = decision; WT.byId("turn").scrollTop = 0; }
    }
    body.dataset.version = String(st.version);
    drawRing(WT.byId("map", SVGSVGElement), obs, ringOptions(ctx, st));
    if (zoomer) zoomer.apply(); // (the part zoomed into, on a phone)
    renderPlayers(ctx);
    // The round and the markers' order stay in view; the stores and the rest are the dock's "board" tab.
    const all = boardPanel(ctx, obs).filter((n) => n !== null);
    const track = all.filter((n) => n && n.dataset && n.dataset.track);
    WT.byId("board").replaceChildren(...track);
    WT.byId("details").replaceChildren(...all.filter((n) => !track.includes(n)));
    WT.dock.avail("dock-details", true);
    const again = focus && document.getElementById(focus); if (again) again.focus({ preventScroll: true });
  }
  function renderPlayers(ctx) {
    if (!ctx.lastState) return;
    const key = document.getElementById("strip-key"), open = key instanceof HTMLDetailsElement && key.open;  // (kept over redraws)
    WT.byId("players").replaceChildren(playersTable({ ...ctx, strip: true }, ctx.lastState.obs), stripKey(open));
  }
  // A phone's cards label their figures in short ("Infl.") and the wagon's goods by colour; a phone shows
  // no tooltips, so a tap on the "?" beside the cards says what each means (as Wallenstein's cards do).
  function stripKey(open) {
    const words = [["league_of_six.infl", "league_of_six.influence"], ["league_of_six.horses_h", "league_of_six.horses_title"]];
    return el("details", { class: "strip-key", id: "strip-key", open },
      el("summary", { "aria-label": WT.t("league_of_six.strip_key") }, "?"),
      el("p", { class: "small" }, ...words.flatMap(([short, whole], i) => [i ? " · " : "", el("b", {}, WT.t(short)), " " + WT.t(whole)]),
        " · " + WT.t("league_of_six.wagon") + ":", ...meta.goods.flatMap((c) => [" ", el("span", { class: "los-chip", style: `background:${GOOD[c]}`, "aria-hidden": "true" }, "1"), " " + good(c)])));
  }

  function renderFrame(ctx, obs, where) {
    drawRing(where.map, obs, obs.travel && obs.travel.from ? { origin: obs.travel.from } : {});
    where.players.replaceChildren(playersTable(ctx, obs));
    where.board.replaceChildren(...boardPanel(ctx, obs));
  }

  const LOG_CLASS = { row: "score", bonus: "score", final: "score", game_over: "score", offer: "battle", accept: "battle" };
  function logItem(ctx, entry) {
    const e = entry.event;
    const lines = entry.lines.filter((l) => l !== "");
    if (!lines.length) return document.createTextNode("");
    const out = document.createDocumentFragment();
    let rest = lines;
    if (lines[0].startsWith("===")) { out.append(el("h4", {}, lines[0].replace(/=+/g, "").trim())); rest = lines.slice(1); }
    // A boxed entry starts at its box's edge (as Wallenstein's court lines): the narration's indent of a
    // step under another set some boxes deeper than the rest; its lines keep their indent relative to its first.
    const cls = LOG_CLASS[e.e] || "";
    const cut = cls ? Math.min(...rest.map((l) => l.length - l.trimStart().length)) : 0;
    if (rest.length) out.append(el("div", { class: cls }, rest.map((l) => l.slice(cut)).join("\n")));
    return out;
  }

  function report(ctx, entries, i) {
    const e = entries[i].event;
    if (e.e === "final") return finalReport(ctx, e);
    if (e.e !== "round" || e.round < 2) return null;
    // The round just ended: what each player stored and gained in its storing phase.
    let j = i - 1;
    while (j >= 0 && entries[j].event.e !== "round") j--;
    const n = ctx.summary.players;
    const stored = Array(n).fill(0), bonus = Array(n).fill(0), cards = Array.from({ length: n }, () => /** @type {string[]} */ ([])), goods = Array.from({ length: n }, () => ({}));
    for (const x of entries.slice(j + 1, i).map((y) => y.event)) {
      if (x.e === "row") for (const pl of x.placed) { stored[pl.seat] += pl.influence; for (const c of pl.goods) goods[pl.seat][c] = (goods[pl.seat][c] || 0) + 1; }
      if (x.e === "bonus" && x.influence) bonus[x.seat] += x.influence;
      if (x.e === "bonus" && x.card) cards[x.seat].push(cardLabel(x.card));
    }
    return el("div", {}, el("p", {}, WT.t("league_of_six.round_stored", { round: e.round - 1 })),
      el("table", {}, el("tr", {}, el("th", {}, WT.t("league_of_six.player")), el("th", {}, WT.t("league_of_six.stored")), el("th", { class: "num" }, WT.t("league_of_six.influence")),
        el("th", { class: "num" }, WT.t("league_of_six.row_bonus")), el("th", {}, WT.t("league_of_six.leader_taken"))),
        ...[...Array(n).keys()].map((p) => el("tr", {}, el("td", {}, swatch(p), seatLabel(ctx, p)), el("td", {}, goodsText(goods[p]) || "—"),
          el("td", { class: "num" }, stored[p]), el("td", { class: "num" }, bonus[p]), el("td", {}, cards[p].join(", ") || "—")))));
  }

  function finalReport(ctx, e) {
    const n = e.influence.length;
    const kinds = Object.keys(e.majorities);
    return el("div", {}, el("p", {}, WT.t("league_of_six.end_majorities")),
      el("table", {}, el("tr", {}, el("th", {}, WT.t("league_of_six.player")), ...kinds.map((k) => el("th", { class: "num" }, WT.t("league_of_six.kind." + k))),
        el("th", { class: "num" }, WT.t("league_of_six.guards_h")), el("th", { class: "num" }, WT.t("league_of_six.influence"))),
        ...[...Array(n).keys()].map((p) => el("tr", {}, el("td", {}, swatch(p), seatLabel(ctx, p)),
          ...kinds.map((k) => el("td", { class: "num" }, `${e.majorities[k].figures[p]} (+${e.majorities[k].influence[p]})`)),
          el("td", { class: "num" }, e.guards[p]), el("td", { class: "num" }, e.influence[p])))),
      el("p", { class: "small muted" }, WT.t("league_of_six.majorities_note", { awards: meta.awards[String(n)].join("/") })));
  }

  function phaseLine(ctx, st) {
    const o = st.obs;
    const waiting = o.pending.length ? waitingFor(ctx, o) : "";
    const line = WT.t("league_of_six.phase_line", { round: o.round, rounds: meta.rounds, phase: phaseLabel(o) });
    return waiting ? WT.t("league_of_six.phase_line_waiting", { line, who: waiting }) : line;
  }

  // The legend: each symbol drawn as the ring draws it, with its meaning in words (drawn once).
  function legend() {
    // (``half``: half the picture's width in the ring's units; a figure, as large as the ring's, needs more.)
    const icon = (draw, half = 14) => { const svg = s("svg", { viewBox: `${-half} ${-half} ${2 * half} ${2 * half}`, width: 24, height: 24, class: "lg-icon", "aria-hidden": "true" }); draw(svg); return svg; };
    const item = (mark, key, params) => el("li", {}, mark, " ", WT.t(key, params));
    const hex = (fill, extra) => icon((g) => { g.append(s("polygon", { points: hexPoints(0, 0, 12), class: "los-hex " + (extra || ""), fill })); });
    return el("details", { class: "legend panel small", id: "legend" }, el("summary", {}, el("span", { class: "long" }, WT.t("league_of_six.legend")), el("span", { class: "short" }, WT.t("table.legend_short"))),
      el("ul", {},
        item(hex("#fbf8f0"), "league_of_six.legend_town"),
        item(hex("#f6e7b0"), "league_of_six.legend_town_yellow"),
        item(hex("url(#lg-siege)"), "league_of_six.legend_hussites"),
        item(icon((g) => { g.append(s("polygon", { points: hexPoints(0, 0, 10), fill: "#d8c7a3", stroke: "#6b5330" }), s("polygon", { points: "0,-13 -4,-8 4,-8", class: "los-arrow" })); }), "league_of_six.legend_tile"),
        item(icon((g) => { const no = s("g", { class: "los-tile-no" }); no.append(s("circle", { cx: 0, cy: 0, r: 13 }), s("text", { x: 0, y: 5 }, "14")); g.append(no); }), "league_of_six.legend_tile_no"),
        item(icon((g) => g.append(s("line", { x1: -10, y1: 0, x2: 10, y2: 0, class: "los-pointed" }))), "league_of_six.legend_pointed"),
        ...meta.goods.map((c) => item(icon((g) => symbol(g, c, 0, 0, 16)), "league_of_six.legend_good", { good: good(c) })),
        item(icon((g) => symbol(g, "guard", 0, 0, 16)), "league_of_six.legend_guard"),
        item(icon((g) => symbol(g, "horse", 0, 0, 16)), "league_of_six.legend_horse"),
        item(icon((g) => figure(g, 0, 0, 0), 18), "league_of_six.legend_figure"),
        item(icon((g) => g.append(s("text", { x: 0, y: 7, class: "los-counter" }, "7")), 18), "league_of_six.legend_counter"),
        item(icon((g) => { g.append(s("line", { x1: -17, y1: 0, x2: 17, y2: 0, stroke: "#6b5330", "stroke-width": 3 })); figure(g, 1, 0, 0, "9"); }, 18), "league_of_six.legend_track"),
        item(el("span", { class: "los-space", style: `background:${GOOD.red}` }, "2"), "league_of_six.legend_row")));
  }

  async function init(ctx) {
    meta = ctx.meta;
    meta.byKey = Object.fromEntries(meta.towns.map((t) => [t.key, t]));
    WT.byId("map", SVGSVGElement).setAttribute("aria-label", WT.t("league_of_six.ring"));
    WT.byId("replay-map", SVGSVGElement).setAttribute("aria-label", WT.t("league_of_six.ring_replay"));
    const wrap = document.querySelector("#view-table .mapwrap");
    if (wrap && !document.getElementById("legend")) {
      // The hatching of a besieged town, for the legend's small pictures.
      const defs = s("svg", { width: 0, height: 0, "aria-hidden": "true", style: "position:absolute" });
      const hatch = s("pattern", { id: "lg-siege", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
      hatch.append(s("rect", { width: 6, height: 6, fill: "#d9cfc0" }), s("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#a08a6a", "stroke-width": 3 }));
      defs.append(s("defs", {}, hatch));
      wrap.append(defs, legend());
      zoomer = WT.zoomable(WT.byId("map", SVGSVGElement), wrap, VIEW);
    }
  }

  window.GamePages.league_of_six = {
    init, render, renderPlayers, renderFrame, logItem, report, phaseLine,
    get labels() { return { "board-h": WT.t("league_of_six.round_stores"), "replay-board-h": WT.t("league_of_six.round_stores") }; },
  };
})();
