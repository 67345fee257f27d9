"use strict";
// Shared helpers for the lobby and the table (no framework, no build step).
const WT = {
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
  async json(url, opts) {
    const res = await fetch(url, opts);
    const data = await res.json().catch(() => ({ error: res.statusText }));
    if (!res.ok) throw WT.serverError({ ...data, message: data.error || res.statusText });  // worded in the page's language (i18n.js)
    return data;
  },
  // Seats this browser holds for a game: {tokens: {seat: token}, local: [seats played on this screen]}.
  mine(id) {
    try { return JSON.parse(localStorage.getItem("wt:" + id)) || { tokens: {}, local: [] }; }
    catch { return { tokens: {}, local: [] }; }
  },
  keep(id, data) { localStorage.setItem("wt:" + id, JSON.stringify(data)); },
  cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; },
};
