// @ts-check
"use strict";
// How to play (/rules): both games' rules in the page's language, a table of contents, one search over
// the how-to topics and the decision summaries (the same help the table shows at each decision).
// A topic's text is a catalogue message (locales/<lang>/howto.json) in a small markup, drawn here:
// blocks are separated by a blank line; "### " starts a subheading, lines starting "- " make a list;
// **bold**; ruling ids (W-11a, L-01, R-35, LR-04) are marked so they can be searched and seen.
// Only text nodes are made from the messages: nothing in them is parsed as HTML.
WT.howto = (() => {
  const $ = WT.byId;
  const RULING = /\b(?:LR|[WLR])-\d+[a-z]?\b/g;
  const narrow = () => window.matchMedia("(max-width: 900px)").matches;

  // One line of text with **bold** and ruling ids as elements.
  function inline(text) {
    const out = [];
    for (const part of text.split(/(\*\*[^*]+\*\*)/)) {
      if (part.startsWith("**") && part.endsWith("**") && part.length > 4) {
        out.push(WT.el("strong", {}, part.slice(2, -2)));
        continue;
      }
      let last = 0;
      for (const m of part.matchAll(RULING)) {
        out.push(part.slice(last, m.index), WT.el("span", { class: "ruling", title: WT.t("howto.ruling") }, m[0]));
        last = m.index + m[0].length;
      }
      out.push(part.slice(last));
    }
    return out.filter((n) => n !== "");
  }

  // A block's lines: a "### " line is a subheading, a run of "- " lines a list, other runs a paragraph.
  function block(text) {
    const out = [];
    /** @type {{kind: string, lines: string[]} | null} */
    let run = null;
    const flush = () => {
      if (run && run.kind === "ul") out.push(WT.el("ul", {}, ...run.lines.map((l) => WT.el("li", {}, ...inline(l)))));
      if (run && run.kind === "p") out.push(WT.el("p", {}, ...inline(run.lines.join(" "))));
      run = null;
    };
    for (const line of text.split("\n").map((l) => l.trim()).filter(Boolean)) {
      if (line.startsWith("### ")) { flush(); out.push(WT.el("h4", {}, ...inline(line.slice(4)))); continue; }
      const kind = line.startsWith("- ") ? "ul" : "p";
      if (!run || run.kind !== kind) { flush(); run = { kind, lines: [] }; }
      run.lines.push(kind === "ul" ? line.slice(2) : line);
    }
    flush();
    return out;
  }

  function drawTopics() {
    for (const box of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-howto]"))) {
      box.replaceChildren(...WT.t(box.dataset.howto || "").split(/\n\s*\n/).flatMap(block));
    }
  }

  // The decision summaries (help.js's entries), each with a link to the topic that explains it.
  function drawDecisions(games) {
    return WT.help.index.entries.map((e) => {
      const title = WT.t(e.key + ".title");  // an edition's own entry names its edition, once
      const edition = e.edition && !title.includes(e.edition) ? ` (${e.edition})` : "";
      const topic = e.howto && document.getElementById(e.howto);
      const node = WT.el("section", { class: "panel rule", id: e.key, "data-key": e.key, "data-game": e.game },
        WT.el("h3", {}, title + edition),
        WT.el("p", {}, WT.t(e.key + ".text")),
        WT.el("p", { class: "small muted help-source" }, `${games[e.game]} · ${WT.help.sources(e)}`),
        topic ? WT.el("p", { class: "small" }, WT.el("a", { href: "#" + e.howto },
          WT.t("howto.more", { topic: topic.querySelector("h3").textContent }))) : "");
      return { node, text: node.textContent.toLowerCase() };
    });
  }

  // The table of contents: each game, its topics, and the decision summaries.
  function drawToc() {
    const items = [];
    for (const game of document.querySelectorAll("#howto > section.game")) {
      const topics = [...game.querySelectorAll("section.topic")].map((t) =>
        WT.el("li", { "data-for": t.id }, WT.el("a", { href: "#" + t.id }, t.querySelector("h3")?.textContent)));
      items.push(WT.el("li", { "data-for": game.id }, WT.el("a", { href: "#" + game.id, class: "toc-game" },
        game.querySelector("h2")?.textContent), topics.length ? WT.el("ol", {}, ...topics) : ""));
    }
    $("toc-list").replaceChildren(...items);
  }

  // Search: a topic or summary is shown when it holds every word typed (and belongs to the chosen game);
  // the words are marked in the topics shown.
  function filter(items) {
    const words = WT.field("rules-search").value.toLowerCase().split(/\s+/).filter(Boolean);
    const game = WT.field("rules-game").value;
    const shown = { topic: 0, rule: 0 };
    for (const item of items) {
      item.node.hidden = Boolean((game && item.node.dataset.game !== game) || !words.every((w) => item.text.includes(w)));
      if (!item.node.hidden) shown[item.node.classList.contains("rule") ? "rule" : "topic"]++;
      mark(item.node, item.node.hidden ? [] : words);
    }
    for (const g of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#howto > section.game"))) {
      g.hidden = !g.querySelector("section.topic:not([hidden]), section.rule:not([hidden])");
    }
    for (const li of /** @type {NodeListOf<HTMLElement>} */ ($("toc-list").querySelectorAll("li[data-for]"))) li.hidden = $(li.dataset.for || "").hidden;
    $("rules-count").textContent = `${WT.t("howto.count", { n: shown.topic })} · ${WT.t("help.rules.count", { n: shown.rule })}`;
  }

  // Marks (<mark>) around the searched words in a node's text, the previous marks taken away first.
  function mark(node, words) {
    for (const m of node.querySelectorAll("mark")) m.replaceWith(m.textContent);
    node.normalize();
    if (!words.length) return;
    const find = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gi");
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT,
      { acceptNode: (t) => (t.parentElement?.closest("svg") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
    /** @type {Text[]} */
    const texts = [];
    while (walker.nextNode()) texts.push(/** @type {Text} */ (walker.currentNode));
    for (const t of texts) {
      const parts = t.data.split(new RegExp(`(${find.source})`, "gi"));
      if (parts.length > 1) t.replaceWith(...parts.map((p, i) => (i % 2 ? WT.el("mark", {}, p) : p)));
    }
  }

  // Going to a topic that the search hides clears the search first; on a phone the contents fold.
  function show(id, items) {
    const target = id && document.getElementById(id);
    if (!target) return;
    if (target.closest("[hidden]")) {
      WT.field("rules-search").value = "";
      WT.field("rules-game").value = "";
      filter(items);
    }
    target.scrollIntoView();
    if (narrow()) $("toc-box", HTMLDetailsElement).open = false;
  }

  // The contents mark the topic being read (the last one whose top has passed the window's top).
  function follow() {
    let current = null;
    for (const t of document.querySelectorAll("section.topic:not([hidden]), section.game:not([hidden])")) {
      if (t.getBoundingClientRect().top <= 80) current = t.id;
    }
    for (const a of $("toc-list").querySelectorAll("a")) {
      if (a.hash === "#" + current) a.setAttribute("aria-current", "location"); else a.removeAttribute("aria-current");
    }
  }

  async function start() {
    await WT.i18nReady;
    await WT.help.ready;
    WT.one("header.top").append(WT.languageChooser());
    document.title = WT.t("howto.title");
    const games = { wallenstein: WT.t("help.rules.wallenstein"), league_of_six: WT.t("help.rules.league_of_six") };
    drawTopics();
    const rows = drawDecisions(games);
    $("rules-list").replaceChildren(...rows.map((r) => r.node));
    drawToc();
    const topics = [...document.querySelectorAll("section.topic")].map((node) => ({ node, text: node.textContent.toLowerCase() }));
    const items = [...topics, ...rows];
    $("rules-game").append(WT.el("option", { value: "" }, WT.t("help.rules.all")),
      ...Object.entries(games).map(([k, v]) => WT.el("option", { value: k }, v)));
    $("rules-search").addEventListener("input", () => filter(items));
    $("rules-game").addEventListener("change", () => filter(items));
    const here = () => decodeURIComponent(location.hash.slice(1));
    window.addEventListener("hashchange", () => show(here(), items));
    $("toc-list").addEventListener("click", (ev) => {  // the same link again: the hash does not change
      const a = ev.target instanceof Element ? ev.target.closest("a") : null;
      if (a && a.hash === location.hash) show(here(), items);
    });
    let queued = false;
    window.addEventListener("scroll", () => {
      if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; follow(); }); }
    }, { passive: true });
    const q = new URLSearchParams(location.search).get("q");
    if (q) WT.field("rules-search").value = q;
    if (narrow()) $("toc-box", HTMLDetailsElement).open = !location.hash && !q;
    filter(items);
    // The topics were empty when the browser first looked for the address's #topic: go there now.
    if (location.hash) show(here(), items);
    follow();
    document.body.dataset.howtoReady = "1";
  }

  return { start, inline, block };
})();
WT.howto.start();
