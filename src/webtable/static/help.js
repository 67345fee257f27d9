// @ts-check
"use strict";
// Rules help at every decision (issue 15): a short why/how for each kind of decision the engines offer,
// in the page's language, with the rulebook section (seed file) and the ruling ids it comes from.
// The texts are catalogue messages (locales/<lang>/help.json: help.<game>.<kind>[.<edition>].title/.text);
// help_index.json maps each decision type of the engines to its help kind and names the sources and
// the how-to-play topic (/rules#<topic>) that explains it at length.
//   WT.help.kindOf("wallenstein", state.legal)          -> "move"
//   WT.help.forDecision("move", {game, edition, modules}) -> [entry, ...] (edition's own entry first)
//   WT.help.box(entries)                                 -> a <details> element to show next to the decision
WT.help = (() => {
  /** @type {{ types: { [kind: string]: any }, entries: HelpEntry[] }} */
  let index = { types: {}, entries: [] };
  const ready = fetch("/static/help_index.json").then((r) => r.json()).then((ix) => { index = ix; return ix; });
  const SEED_NAMES = { "000": "2012 EN", "004": "2012 DE", "002": "2002 EN", "003": "2002", "001": "League of Six" };

  // The decision a state's legal actions make: deploy-and-move is told apart from Combat/Movement
  // by its "stay" (2012) or "move_only" (2002) choice, since both offer "move" (W-15, W-16).
  function kindOf(game, legal) {
    const types = new Set((legal || []).map((a) => a.type));
    if (!types.size) return null;
    if (types.has("stay") || types.has("move_only")) return "deploy_move";
    const map = index.types[game] || {};
    for (const t of types) if (map[t]) return map[t];
    return null;
  }

  // The entries for a kind: the edition's own entry where it has one, else the general one; the
  // Emperor's Court adds its convert boxes to planning.
  function forDecision(kind, context = {}) {
    const game = context.game || "wallenstein";
    const of = (k) => index.entries.filter((e) => e.game === game && e.kind === k);
    const pick = (k) => {
      const all = of(k);
      return all.find((e) => e.edition && e.edition === context.edition) || all.find((e) => !e.edition);
    };
    const out = [pick(kind)];
    if (kind === "plan" && (context.modules || []).includes("emperors_court")) out.push(pick("plan_court"));
    if (kind === "move") out.push(pick("tower"));
    return out.filter(Boolean);
  }

  function seedLabel(src) {
    const file = src.seed.split("/").pop();
    return `${WT.t("help.seed", { seed: file.slice(0, 3), edition: SEED_NAMES[file.slice(0, 3)] || "" })}, „${src.section}“`;
  }
  function sources(entry) {
    return WT.t("help.sources", { seeds: entry.sources.map(seedLabel).join("; "), rulings: entry.rulings.join(", ") });
  }

  function item(entry, open) {
    return WT.el("details", { class: "help-item", open, "data-help": entry.key },
      WT.el("summary", {}, WT.t(entry.key + ".title")),
      WT.el("p", {}, WT.t(entry.key + ".text")),
      WT.el("p", { class: "small muted help-source" }, sources(entry)),
      entry.howto ? WT.el("p", { class: "small help-howto" }, WT.el("a", { href: "/rules#" + entry.howto, target: "_blank" },
        WT.t("help.howto_link"))) : "");
  }
  function box(entries) {
    return WT.el("div", { class: "help", role: "note", "aria-label": WT.t("help.heading") },
      ...entries.map((e, i) => item(e, i === 0 && !WT.help.collapsed)));
  }

  // The table's help panel: redrawn when the decision shown changes (a render hook of table.js).
  let shownKey = null;
  function onRender(ctx, state) {
    const dock = document.getElementById("dockpanels");
    if (!dock) return;
    let panel = document.getElementById("help-panel");
    if (!panel) {
      // A tab of the table's dock (table.js), opened in place.
      panel = WT.el("section", { class: "panel dockpanel", id: "help-panel", hidden: true, "aria-labelledby": "help-h" },
        WT.el("h2", { id: "help-h" }, WT.t("help.heading"), " ",
          WT.el("a", { href: "/rules", target: "_blank", class: "small" }, WT.t("help.reference"))),
        WT.el("div", { id: "help-body" }));
      dock.append(panel);
    }
    const obs = state.obs || {};
    const game = ctx.summary.game;
    const kind = kindOf(game, state.legal);
    const key = `${game}/${kind}/${obs.edition || ""}`;
    WT.dock.avail("help-panel", !!kind);
    document.body.dataset.helpKind = kind || "";
    if (!kind || key === shownKey) return;
    shownKey = key;
    WT.byId("help-body").replaceChildren(
      box(forDecision(kind, { game, edition: obs.edition, modules: obs.modules })));
  }
  // The first state may be drawn before the index has loaded: draw the help for it once it has.
  let pending = null;
  (WT.renderHooks = WT.renderHooks || []).push((ctx, state) => {
    if (index.entries.length) onRender(ctx, state); else pending = [ctx, state];
  });
  ready.then(() => { if (pending) onRender(...pending); pending = null; });

  return { ready, kindOf, forDecision, box, item, sources, get index() { return index; }, collapsed: false };
})();
