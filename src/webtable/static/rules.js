"use strict";
// The rules reference page: every help entry of both games, searchable (title, text, section, ruling id).
(async function rules() {
  await WT.i18nReady;
  await WT.help.ready;
  document.querySelector("header.top").append(WT.languageChooser());
  document.title = WT.t("help.rules.title");
  const $ = (id) => document.getElementById(id);
  const games = { wallenstein: WT.t("help.rules.wallenstein"), league_of_six: WT.t("help.rules.league_of_six") };
  $("rules-game").append(WT.el("option", { value: "" }, WT.t("help.rules.all")),
    ...Object.entries(games).map(([k, v]) => WT.el("option", { value: k }, v)));
  const rows = WT.help.index.entries.map((e) => {
    const title = WT.t(e.key + ".title");  // an edition's own entry names its edition, once
    const edition = e.edition && !title.includes(e.edition) ? ` (${e.edition})` : "";
    const node = WT.el("section", { class: "panel rule", "data-key": e.key },
      WT.el("h3", {}, title + edition),
      WT.el("p", {}, WT.t(e.key + ".text")),
      WT.el("p", { class: "small muted" }, `${games[e.game]} · ${WT.help.sources(e)}`));
    return { e, node, text: node.textContent.toLowerCase() };
  });
  $("rules-list").replaceChildren(...rows.map((r) => r.node));
  function filter() {
    const words = $("rules-search").value.toLowerCase().split(/\s+/).filter(Boolean);
    const game = $("rules-game").value;
    let shown = 0;
    for (const r of rows) {
      r.node.hidden = Boolean((game && r.e.game !== game) || !words.every((w) => r.text.includes(w)));
      if (!r.node.hidden) shown++;
    }
    $("rules-count").textContent = WT.t("help.rules.count", { n: shown });
  }
  $("rules-search").addEventListener("input", filter);
  $("rules-game").addEventListener("change", filter);
  const q = new URLSearchParams(location.search).get("q");
  if (q) $("rules-search").value = q;
  filter();
})();
