// @ts-check
"use strict";
// Shared helpers for the lobby and the table (no framework, no build step).
// Checked by TypeScript (tsc --noEmit --checkJs, docs/web.md): the first file of the page so typed.
/** @typedef {null | boolean | number | string | any[] | {[key: string]: any}} JSONValue */
const WT = {
  /**
   * An element with attributes ("on..." ones are listeners) and children (nodes or text).
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, any>} [attrs]
   * @param {...any} children
   * @returns {HTMLElementTagNameMap[K]}
   */
  el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  },
  /**
   * The page's element with that id, of the class asked (HTMLElement unless said): the page's own
   * structure, so a missing one (or one of another kind) is a mistake said at once, not a null later.
   * @template {Element} [T=HTMLElement]
   * @param {string} id
   * @param {new (...args: any[]) => T} [kind] e.g. HTMLInputElement, HTMLSelectElement, SVGSVGElement
   * @returns {T}
   */
  byId(id, kind) {
    const found = document.getElementById(id);
    const want = kind || HTMLElement;
    if (!(found instanceof want)) throw new Error(`the page has no ${want.name} #${id}`);
    return /** @type {T} */ (/** @type {unknown} */ (found));
  },
  /**
   * The page's first element that matches a CSS selector, of the class asked (as byId).
   * @template {Element} [T=HTMLElement]
   * @param {string} selector
   * @param {new (...args: any[]) => T} [kind]
   * @returns {T}
   */
  one(selector, kind) {
    const found = document.querySelector(selector);
    const want = kind || HTMLElement;
    if (!(found instanceof want)) throw new Error(`the page has no ${want.name} ${selector}`);
    return /** @type {T} */ (/** @type {unknown} */ (found));
  },
  /** A caught error's words (a thrown value need not be an Error). @param {unknown} err */
  errorText(err) { return err instanceof Error ? err.message : String(err); },
  /**
   * A form field's element (input, select or text area) by id: what has a value.
   * @param {string} id
   * @returns {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement}
   */
  field(id) {
    const found = document.getElementById(id);
    if (found instanceof HTMLInputElement || found instanceof HTMLSelectElement || found instanceof HTMLTextAreaElement) return found;
    throw new Error(`the page has no form field #${id}`);
  },
  /**
   * @param {string} url
   * @param {RequestInit} [opts]
   * @returns {Promise<any>} the JSON the server answered (its routes' own shapes)
   */
  async json(url, opts) {
    const res = await fetch(url, opts);
    const data = await res.json().catch(() => ({ error: res.statusText }));
    if (!res.ok) throw WT.serverError({ ...data, message: data.error || res.statusText });  // worded in the page's language (i18n.js)
    return data;
  },
  // Seats this browser holds for a game: {tokens: {seat: token}, local: [seats played on this screen]}.
  /** @param {string} id @returns {{tokens: Record<string, string>, local: number[], [key: string]: any}} */
  mine(id) {
    try { return JSON.parse(localStorage.getItem("wt:" + id) || "null") || { tokens: {}, local: [] }; }
    catch { return { tokens: {}, local: [] }; }
  },
  keep(id, data) { localStorage.setItem("wt:" + id, JSON.stringify(data)); },
  cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; },
  /**
   * The decision panel's line while this screen has nothing to decide, shared by both games' pages.
   * It names the seats the game waits on; when none is pending (the playback telling a snapshot taken
   * between two decisions, or the server about to answer) it never says "waiting for nobody".
   * @param {string[]} names the pending seats' labels
   * @param {{watching: boolean, told: boolean, yours?: string}} how a spectator's screen; the playback
   * telling an entry; ``yours``: the seat's own label when its decision, held for the playback, is among
   * those pending (left out of ``names``): the panel says it is theirs, never "waiting for" themselves
   * @returns {string}
   */
  waitingLine(names, how) {
    if (how.yours) {
      const line = WT.t("table.yours_held", { name: how.yours });
      return names.length ? line + " " + WT.t("table.yours_held_others", { names: names.join(", ") }) : line;
    }
    if (names.length) return WT.t(how.watching ? "table.watching_waiting" : "table.waiting_for", { names: names.join(", ") });
    if (how.told) return WT.t(how.watching ? "table.watching_told" : "table.told_nothing_asked");
    return WT.t(how.watching ? "table.watching_only" : "table.waiting_game");
  },
  /**
   * The decision panel's waiting line as an element, from the page's state: the seats pending, each named
   * by ``label``; a decision held for the playback whose moment waits on this very seat is theirs.
   * @param {ViewState} st
   * @param {(seat: number) => string} label
   * @returns {HTMLElement}
   */
  waitingPanel(st, label) {
    const pending = /** @type {number[]} */ (st.obs.pending);
    const yours = Boolean(st.held) && st.seat !== null && pending.includes(st.seat);
    const names = pending.filter((p) => !(yours && p === st.seat)).map(label);
    const how = { watching: st.seat === null, told: st.told !== undefined, yours: yours && st.seat !== null ? label(st.seat) : undefined };
    return WT.el("p", { class: "muted", id: "waiting" }, WT.waitingLine(names, how));
  },
  // RFC 7386 JSON merge patch, without changing ``target``: objects merge key by key, null removes a
  // key, anything else (arrays too) replaces. Unchanged parts are shared with the target.
  /**
   * @param {JSONValue | undefined} target
   * @param {JSONValue} patch
   * @returns {JSONValue}
   */
  mergePatch(target, patch) {
    if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
    const out = target !== null && typeof target === "object" && !Array.isArray(target) ? { ...target } : {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k]; else out[k] = WT.mergePatch(out[k], v);
    }
    return out;
  },
};

// The table's dock: tabs that open a panel in place above the log. A panel is offered once it has
// something to show (avail); one is open at a time; a tab clicked again closes it.
WT.dock = {
  tabs: [], current: null,
  init(tabs) {
    const bar = document.getElementById("docktabs");
    if (!bar) return;
    WT.dock.tabs = tabs.map(([id, label]) => {
      const b = WT.el("button", { role: "tab", id: "dt-" + id, "aria-controls": id, "aria-selected": "false", hidden: true, onclick: () => WT.dock.open(WT.dock.current === id ? null : id) }, label);
      bar.append(b);
      return id;
    });
    WT.dock.draw();
  },
  /** @param {string} id the panel's id @param {boolean} yes whether it has something to show */
  avail(id, yes) {
    const p = document.getElementById(id);
    if (!p || p.dataset.avail === (yes ? "1" : "0")) return;
    p.dataset.avail = yes ? "1" : "0";
    if (!yes && WT.dock.current === id) WT.dock.current = null;
    WT.dock.draw();
  },
  open(id) { WT.dock.current = id; if (id) WT.dock.unread(id, 0); WT.dock.draw(); },
  unread(id, add) {
    const b = document.getElementById("dt-" + id);
    if (!b) return;
    const n = add ? Number(b.dataset.unread || 0) + add : 0;
    b.dataset.unread = String(n);
    let badge = b.querySelector(".badge");
    if (!n) { if (badge) badge.remove(); return; }
    if (!badge) { badge = WT.el("span", { class: "badge" }); b.append(badge); }
    badge.textContent = String(n);
  },
  draw() {
    const holder = document.getElementById("dockpanels");
    if (!holder) return;
    for (const id of WT.dock.tabs) {
      const p = document.getElementById(id); const b = document.getElementById("dt-" + id);
      if (!p || !b) continue;
      if (p.parentNode !== holder) holder.append(p);
      const avail = p.dataset.avail === "1";
      b.hidden = !avail;
      b.setAttribute("aria-selected", String(WT.dock.current === id));
      p.hidden = !avail || WT.dock.current !== id;
    }
    holder.hidden = !WT.dock.current;
    document.body.dataset.dock = WT.dock.current || "";
  },
};

/**
 * Pan and zoom for a game's live board (phones above all): its buttons, the mouse wheel or two fingers
 * zoom; a drag pans once zoomed in; a tap still chooses (a drag that panned is no click). The board's
 * own drawing sets its whole viewBox; ``apply`` then narrows it to the part zoomed into.
 * @param {SVGSVGElement} svg
 * @param {Element} wrap the board's frame, where the buttons go
 * @param {{x: number, y: number, width: number, height: number}} full the whole board's viewBox
 */
WT.zoomable = function zoomable(svg, wrap, full) {
  /** @type {{x: number, y: number, w: number} | null} */
  let zoom = null;
  const ratio = full.height / full.width;
  const apply = () => {
    svg.setAttribute("viewBox", zoom ? `${zoom.x} ${zoom.y} ${zoom.w} ${zoom.w * ratio}` : `${full.x} ${full.y} ${full.width} ${full.height}`);
    svg.classList.toggle("zoomed", !!zoom);
    const label = document.getElementById("zoom-level");
    if (label) label.textContent = `${Math.round(100 * full.width / (zoom ? zoom.w : full.width))}%`;
  };
  /** @param {{x: number, y: number, w: number}} z */
  const clamp = (z) => ({ w: z.w, x: Math.min(Math.max(full.x, z.x), full.x + full.width - z.w), y: Math.min(Math.max(full.y, z.y), full.y + full.height - z.w * ratio) });
  /** @param {number} f @param {number} [cx] @param {number} [cy] */
  const zoomBy = (f, cx, cy) => {
    const w0 = zoom ? zoom.w : full.width; const x0 = zoom ? zoom.x : full.x; const y0 = zoom ? zoom.y : full.y;
    const w = Math.min(full.width, Math.max(full.width / 5, w0 / f));
    if (w >= full.width) { zoom = null; apply(); return; }
    const px = cx === undefined ? x0 + w0 / 2 : cx; const py = cy === undefined ? y0 + w0 * ratio / 2 : cy;
    const k = w / w0;
    zoom = clamp({ x: px - (px - x0) * k, y: py - (py - y0) * k, w });
    apply();
  };
  /** @param {{clientX: number, clientY: number}} ev @returns {[number, number]} */
  const toBoard = (ev) => {
    const r = svg.getBoundingClientRect(); const w = zoom ? zoom.w : full.width; const x0 = zoom ? zoom.x : full.x; const y0 = zoom ? zoom.y : full.y;
    // (The drawn board is fitted into the frame, "xMidYMid meet": the scale is the smaller one, the rest is margin.)
    const k = Math.max(w / r.width, (w * ratio) / r.height);
    return [x0 + (ev.clientX - r.left - (r.width - w / k) / 2) * k, y0 + (ev.clientY - r.top - (r.height - (w * ratio) / k) / 2) * k];
  };
  const button = (id, label, text, onclick) => WT.el("button", { id, "aria-label": WT.t(label), onclick }, text);
  wrap.classList.add("zoomable");
  wrap.append(WT.el("div", { class: "zoombar", role: "group", "aria-label": WT.t("table.zoom") },
    button("zoom-in", "table.zoom_in", "+", () => zoomBy(1.5)),
    WT.el("span", { id: "zoom-level", class: "small" }, "100%"),
    button("zoom-out", "table.zoom_out", "−", () => zoomBy(1 / 1.5)),
    button("zoom-reset", "table.zoom_reset", "⟲", () => { zoom = null; apply(); })));
  svg.addEventListener("wheel", (ev) => { if (!ev.ctrlKey && !zoom && ev.deltaY > 0) return; ev.preventDefault(); const [x, y] = toBoard(ev); zoomBy(ev.deltaY < 0 ? 1.25 : 0.8, x, y); }, { passive: false });
  /** @type {Map<number, [number, number]>} */
  const pointers = new Map(); let last = 0; let moved = 0;
  svg.addEventListener("pointerdown", (ev) => { pointers.set(ev.pointerId, [ev.clientX, ev.clientY]); last = 0; moved = 0; });
  svg.addEventListener("pointermove", (ev) => {
    const before = pointers.get(ev.pointerId);
    if (!before) return;
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (pointers.size === 2) { // pinch
      const [a, b] = [...pointers.values()]; const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (last) { const [x, y] = toBoard({ clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2 }); zoomBy(d / last, x, y); }
      last = d; moved += 10; return;
    }
    if (!zoom) return;
    const r = svg.getBoundingClientRect(); const k = Math.max(zoom.w / r.width, (zoom.w * ratio) / r.height);
    moved += Math.abs(ev.clientX - before[0]) + Math.abs(ev.clientY - before[1]);
    zoom = clamp({ w: zoom.w, x: zoom.x - (ev.clientX - before[0]) * k, y: zoom.y - (ev.clientY - before[1]) * k });
    apply();
  });
  /** @param {PointerEvent} ev */
  const up = (ev) => { pointers.delete(ev.pointerId); last = 0; };
  svg.addEventListener("pointerup", up); svg.addEventListener("pointercancel", up);
  svg.addEventListener("click", (ev) => { if (moved > 8) { ev.stopPropagation(); ev.preventDefault(); } moved = 0; }, true);
  return { apply, zoomed: () => zoom !== null };
};
