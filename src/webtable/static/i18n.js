// @ts-check
"use strict";
// The page's message catalogue: every word the page shows comes from static/locales/<lang>/<ns>.json.
// A message is a string with {named} placeholders, or an object of plural forms keyed by the
// Intl.PluralRules category ({"one": "...", "other": "..."}), chosen by the parameter `n`.
// Whole sentences are messages (never glued from pieces), so a translation can reorder its words.
// The language is the one chosen in the page (remembered), else the browser's, else English.
WT.LANGS = { en: "English", de: "Deutsch" };
WT.NAMESPACES = ["common", "lobby", "table", "wallenstein", "league_of_six", "help", "server"];
// A page may need namespaces of its own that no other page loads (the how-to-play text is long):
// it names them on its <html> element, e.g. <html data-namespaces="howto">.
WT.PAGE_NAMESPACES = (document.documentElement.dataset.namespaces || "").split(/\s+/).filter(Boolean);
WT.missing = new Set();  // keys asked for but absent from the chosen language (tests read this)
WT.lang = (() => {
  const chosen = localStorage.getItem("wt:lang");
  if (chosen && WT.LANGS[chosen]) return chosen;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (WT.LANGS[base]) return base;
  }
  return "en";
})();
document.documentElement.lang = WT.lang;
WT.catalogue = {};
WT.fallback = {};

async function loadCatalogue(lang) {
  const parts = await Promise.all([...WT.NAMESPACES, ...WT.PAGE_NAMESPACES].map((ns) =>
    fetch(`/static/locales/${lang}/${ns}.json`).then((r) => (r.ok ? r.json() : {})).catch(() => ({}))));
  return Object.assign({}, ...parts);
}

WT.i18nReady = (async () => {
  WT.fallback = await loadCatalogue("en");
  WT.catalogue = WT.lang === "en" ? WT.fallback : await loadCatalogue(WT.lang);
  WT.plural = new Intl.PluralRules(WT.lang);
  if (document.readyState === "loading") await new Promise((r) => document.addEventListener("DOMContentLoaded", r));
  WT.translate(document);
})();

// t("table.waiting", {name: "Blue"}) -> "Waiting for Blue". A missing key falls back to English
// (and is recorded in WT.missing), then to the key itself, so a gap is visible, never a crash.
WT.t = function t(key, params = {}) {
  let msg = WT.catalogue[key];
  if (msg === undefined) { WT.missing.add(key); msg = WT.fallback[key]; }
  if (msg === undefined) return key;
  if (typeof msg === "object") {
    const n = Number(params.n ?? 0);
    msg = msg[WT.plural.select(n)] ?? msg.other;
  }
  return msg.replace(/\{(\w+)\}/g, (m, name) => (params[name] === undefined ? m : String(params[name])));
};

// Static markup: a data-i18n attribute (a key) sets the text; data-i18n-attr ("attr:key;attr:key") sets attributes.
WT.translate = function translate(root) {
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = WT.t(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of e.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) e.setAttribute(attr, WT.t(key));
    }
  }
};

// A language chooser (a <select>) for the page header; choosing reloads the page in that language.
WT.languageChooser = function languageChooser() {
  const sel = WT.el("select", { id: "lang", "aria-label": WT.t("common.language"),
    onchange: (ev) => { localStorage.setItem("wt:lang", ev.target.value); location.reload(); } },
  ...Object.entries(WT.LANGS).map(([code, name]) => WT.el("option", { value: code, selected: code === WT.lang }, name)));
  return sel;
};

// A seat's colour in the page's language ("Red" -> "Rot"): the server sends colours in English as
// stable keys. A seat is named by its colour and, when it has one, its player's name.
WT.colourName = function colourName(colour) { return WT.t("common.colour." + String(colour).toLowerCase()); };
WT.seatName = function seatName(seat) {
  const colour = WT.colourName(seat.colour);
  return seat.name && seat.name !== seat.colour ? WT.t("common.seat_named", { colour, name: seat.name }) : colour;
};

// What the server refused or reports (a lobby form, the connection, an engine's refusal of a decision),
// in the page's language: its stable code names the message "server.<code>" and its params fill it
// (a list is joined; a seat number becomes the place a person counts, from 1). A refusal without a
// code, or with one this page does not know, shows the server's English text.
WT.serverText = function serverText(err) {
  const key = "server." + err.code;
  if (!err.code || WT.fallback[key] === undefined) return err.message || err.error || "";
  const params = {};
  for (const [k, v] of Object.entries(err.params || {})) params[k] = Array.isArray(v) ? v.join(", ") : v;
  if (typeof params.seat === "number") params.place = params.seat + 1;
  return WT.t(key, params);
};

// An Error carrying a refusal worded for this page (its message), with the server's code kept.
WT.serverError = function serverError(err) {
  return Object.assign(new Error(WT.serverText(err)), { code: err.code, params: err.params });
};

// A decision the server refused, in the page's language: a stale one (the game moved on meanwhile) is
// said on its own; any other reason follows the page's lead-in ("Abgelehnt, nichts wurde geändert: ...").
WT.refusal = function refusal(err) {
  return err.code === "stale" ? WT.t("server.stale") : WT.t("table.refused", { reason: err.message });
};
