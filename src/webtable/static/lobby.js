// @ts-check
"use strict";
(async function lobby() {
  await WT.i18nReady;
  WT.one("header.top").append(WT.languageChooser());
  const $ = WT.byId;
  const kinds = await WT.json("/api/kinds");
  const gameSel = $("game", HTMLSelectElement);
  // Names the server sends (games, editions, modules, bots, options) are shown through the catalogue
  // when it has them (lobby.<what>.<name>), else as sent: a game kind added later still shows.
  const named = (key, label) => (WT.catalogue[key] !== undefined || WT.fallback[key] !== undefined ? WT.t(key) : label);
  for (const [name, g] of Object.entries(kinds.games)) gameSel.append(WT.el("option", { value: name }, named("lobby.title." + name, g.title)));

  function bots(game) { return kinds.bots.filter((b) => !b.games || b.games.includes(game)); }
  const has = (list) => Boolean(list && list.length);
  // Other seats start as the intermediate level (the heuristic bot): a fair opponent that answers at once.
  const defaultBot = () => { const b = bots(gameSel.value); return (b.find((x) => x.name === "intermediate") || b.find((x) => x.name === "heuristic") || b[0] || {}).name; };
  // Difficulty levels say how long each thinks and how it did against the level below (the game's lobby options).
  const thinks = (ms) => (ms < 10 ? WT.t("lobby.thinksNow")
    : WT.t("lobby.thinksSeconds", { seconds: (ms / 1000).toLocaleString(WT.lang, { maximumFractionDigits: ms >= 950 ? 1 : 2 }) }));
  const botLabel = (b) => {
    const lv = (kinds.games[gameSel.value].options.levels || []).find((l) => l.bot === b.name);
    const name = named("lobby.bot." + b.name, b.label);
    if (!lv) return name;
    const time = thinks(lv.ms_per_decision);
    if (!lv.versus_below) return WT.t("lobby.levelFirst", { level: name, time });
    const win = Math.round(100 * lv.versus_below[0]);  // its interval is on the leaderboard page
    return WT.t("lobby.level", { level: name, time, win });
  };

  function refreshForm() {
    const g = kinds.games[gameSel.value];
    const o = g.options;
    const players = $("players", HTMLSelectElement); const keep = players.value || "4";
    players.replaceChildren(...g.players.map((n) => WT.el("option", { value: n, selected: String(n) === keep }, n)));
    $("edition").replaceChildren(...(o.editions || []).map((e) =>
      WT.el("option", { value: e.name, disabled: !e.playable }, e.playable ? e.name : WT.t("lobby.coming", { name: e.name }))));
    $("setup").replaceChildren(...(o.setups || []).map((s) => WT.el("option", { value: s.name }, named("lobby.setup." + s.name, s.label))));
    // Rows a game does not have are hidden; other games describe their options as plain selects.
    $("row-edition").hidden = !has(o.editions); $("row-setup").hidden = !has(o.setups); $("modules").hidden = !has(o.modules);
    $("game-options").replaceChildren(...(o.selects || []).map((s) => WT.el("div", {},
      WT.el("div", { class: "form-row" }, WT.el("label", { for: "opt-" + s.name }, named(`lobby.option.${s.name}`, s.label)),
        WT.el("select", { id: "opt-" + s.name, name: s.name }, ...s.choices.map((c) =>
          WT.el("option", { value: c.name, disabled: c.playable === false }, named(`lobby.option.${s.name}.${c.name}`, c.label))))),
      s.note ? WT.el("p", { class: "small muted" }, named(`lobby.option.${s.name}.note`, s.note)) : null)));
    const mods = $("modules"); mods.replaceChildren(WT.el("legend", {}, WT.t("lobby.modules")));
    for (const m of o.modules || []) {
      const id = "mod-" + m.name;
      mods.append(WT.el("label", { for: id, class: m.playable ? "" : "muted" },
        WT.el("input", { type: "checkbox", id, value: m.name, disabled: !m.playable }),
        " " + (m.playable ? named("lobby.module." + m.name, m.label) : WT.t("lobby.coming", { name: named("lobby.module." + m.name, m.label) }))));
    }
    refreshSeats();
  }

  // Seats keep what was chosen for them (who sits there, the name) when the number of players changes.
  const chosen = {};
  function refreshSeats() {
    for (const sel of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#seats select"))) {
      const i = sel.id.slice(5);
      chosen[i] = { value: sel.value, name: WT.field("name-" + i).value };
    }
    const n = Number(WT.field("players").value);
    const box = $("seats"); box.replaceChildren(WT.el("legend", {}, WT.t("lobby.seats")));
    const colours = kinds.games[gameSel.value].seats;
    const colourName = (c) => named("common.colour." + c.toLowerCase(), c);
    for (let i = 0; i < n; i++) {
      const sel = WT.el("select", { id: "seat-" + i, "aria-label": WT.t("lobby.seat_of", { colour: colourName(colours[i]) }) },
        WT.el("option", { value: "local" }, WT.t("lobby.this_screen")),
        WT.el("option", { value: "invite" }, WT.t("lobby.invite")),
        ...bots(gameSel.value).map((b) => WT.el("option", { value: "bot:" + b.name, selected: i > 0 && b.name === defaultBot() },
          WT.t("lobby.bot", { bot: botLabel(b) }))));
      box.append(WT.el("div", { class: "seat-row" },
        WT.el("span", {}, WT.el("span", { class: "swatch c-" + colours[i].toLowerCase() }), colourName(colours[i])), sel,
        WT.el("input", { id: "name-" + i, placeholder: WT.t("lobby.name"), maxlength: 24, "aria-label": WT.t("lobby.name_of", { colour: colourName(colours[i]) }) })));
      const was = chosen[i];
      if (was && [...sel.options].some((o) => o.value === was.value)) { sel.value = was.value; WT.field("name-" + i).value = was.name; }
    }
  }

  // An optional time limit on each person's decision (a bot plays the move when it runs out).
  $("seats").after(WT.el("div", { class: "form-row" }, WT.el("label", { for: "turn-limit" }, WT.t("lobby.turn_limit")),
    WT.el("input", { id: "turn-limit", type: "number", min: 1, max: 86400, placeholder: WT.t("lobby.turn_limit_none"), style: "width: 9em" }),
    // A reserve beyond the limit that each decision adds a few seconds to (only with a limit).
    WT.el("label", { for: "time-bank", class: "small" }, WT.t("lobby.time_bank")),
    WT.el("input", { id: "time-bank", type: "number", min: 0, max: 3600, placeholder: WT.t("lobby.turn_limit_none"), style: "width: 7em", title: WT.t("lobby.time_bank_title") })));
  gameSel.addEventListener("change", refreshForm);
  $("players").addEventListener("change", refreshSeats);
  refreshForm();

  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const n = Number(WT.field("players").value);
    const seats = []; const local = [];
    for (let i = 0; i < n; i++) {
      const v = WT.field("seat-" + i).value; const name = WT.field("name-" + i).value.trim();
      if (v.startsWith("bot:")) seats.push({ type: "bot", bot: v.slice(4), name });
      else { seats.push(v === "invite" ? { type: "human", name, invite: true } : { type: "human", name }); if (v === "local") local.push(i); }
    }
    const o = kinds.games[gameSel.value].options;
    const options = {};
    if (has(o.editions)) options.edition = WT.field("edition").value;
    if (has(o.setups)) options.setup = WT.field("setup").value;
    if (has(o.modules)) options.modules = [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("#modules input:checked"))].map((c) => c.value);
    for (const s of o.selects || []) options[s.name] = WT.field("opt-" + s.name).value;
    const body = { game: gameSel.value, players: n, seats, options };
    const limit = WT.field("turn-limit").value.trim();
    if (limit !== "") body.turn_limit = Number(limit);
    const bank = WT.field("time-bank").value.trim();
    if (bank !== "" && Number(bank) > 0) body.time_bank = Number(bank);
    const seed = WT.field("seed").value.trim();
    if (seed !== "") {
      if (!/^[0-9]{1,15}$/.test(seed)) { $("create-msg").textContent = WT.t("lobby.seed_error"); $("create-msg").className = "error"; return; }
      body.seed = Number(seed);
    }
    $("create-msg").textContent = WT.t("lobby.creating");
    try {
      const made = await WT.json("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const tokens = {}; const invites = {};
      for (const s of made.seats) { if (s.token) tokens[s.seat] = s.token; if (s.invite) invites[s.seat] = location.origin + s.invite; }
      WT.keep(made.id, { tokens, local, invites, host: true, creator: made.creator });
      location.href = "/game/" + made.id;
    } catch (e) { $("create-msg").textContent = WT.errorText(e); $("create-msg").className = "error"; }
  });

  async function listGames() {
    // Private games are listed only to their players: show the server the seats this browser holds.
    const held = Object.keys(localStorage).filter((k) => k.startsWith("wt:")).slice(-50).map((k) => {
      const m = WT.mine(k.slice(3)); const t = m.creator || Object.values(m.tokens || {})[0];
      return t ? `${k.slice(3)}:${t}` : null;
    }).filter(Boolean);
    const data = await WT.json("/api/games", { headers: { "x-seat-tokens": held.join(",") } });
    const box = $("games");
    if (!data.games.length) { box.textContent = WT.t("lobby.no_games"); return; }
    const rows = data.games.map((g) => {
      const seats = (g.seats || []).map((s) => s.type === "bot" ? WT.t("lobby.bot_seat") : (s.name || named("common.colour." + String(s.colour).toLowerCase(), s.colour))).join(", ");
      const yours = Object.keys(WT.mine(g.id).tokens).length > 0;
      const title = named("lobby.title." + g.game, g.title || g.game);
      return WT.el("tr", {},
        WT.el("td", {}, WT.el("a", { href: "/game/" + g.id }, g.id)),
        WT.el("td", {}, WT.t(yours ? "lobby.what_yours" : "lobby.what", { title, n: g.players })),
        WT.el("td", {}, (g.status === "running" ? WT.t("lobby.status.running", { n: g.version }) : named("lobby.status." + g.status, g.status))
          + (g.result && g.result.winners ? " · " + WT.t("lobby.won_by", { names: g.result.winners.map((w) => (g.seats[w] || {}).name || w).join(", ") }) : "")),
        WT.el("td", { class: "muted" }, seats));
    });
    box.replaceChildren(WT.el("table", {}, WT.el("tr", {}, WT.el("th", {}, WT.t("lobby.col.game")), WT.el("th", {}, WT.t("lobby.col.what")),
      WT.el("th", {}, WT.t("lobby.col.status")), WT.el("th", {}, WT.t("lobby.col.seats"))), ...rows));
  }
  listGames();
  setInterval(listGames, 5000);

  // The guided first game: the ordinary game on a fixed seed, Red here against three bots (guide.js).
  $("guide-btn").addEventListener("click", async () => {
    $("guide-msg").textContent = WT.t("lobby.creating");
    try { location.href = await WT.guide.start(); }
    catch (e) { $("guide-msg").textContent = WT.errorText(e); $("guide-msg").className = "error"; }
  });
  // The buttons start disabled: a click before this script is ready would submit the bare form.
  $("create-btn", HTMLButtonElement).disabled = false;
  $("guide-btn", HTMLButtonElement).disabled = false;
})();
