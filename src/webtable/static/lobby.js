"use strict";
(async function lobby() {
  await WT.i18nReady;
  document.querySelector("header.top").append(WT.languageChooser());
  const $ = (id) => document.getElementById(id);
  const kinds = await WT.json("/api/kinds");
  const gameSel = $("game");
  for (const [name, g] of Object.entries(kinds.games)) gameSel.append(WT.el("option", { value: name }, g.title));

  function bots(game) { return kinds.bots.filter((b) => !b.games || b.games.includes(game)); }
  const has = (list) => Boolean(list && list.length);
  // Other seats start as the heuristic bot: a fair opponent that answers at once (search is stronger, slower).
  const defaultBot = () => { const b = bots(gameSel.value); return (b.find((x) => x.name === "heuristic") || b[0] || {}).name; };

  function refreshForm() {
    const g = kinds.games[gameSel.value];
    const o = g.options;
    const players = $("players"); const keep = players.value || "4";
    players.replaceChildren(...g.players.map((n) => WT.el("option", { value: n, selected: String(n) === keep }, n)));
    $("edition").replaceChildren(...(o.editions || []).map((e) =>
      WT.el("option", { value: e.name, disabled: !e.playable }, e.name + (e.playable ? "" : " (coming)"))));
    $("setup").replaceChildren(...(o.setups || []).map((s) => WT.el("option", { value: s.name }, s.label)));
    // Rows a game does not have are hidden; other games describe their options as plain selects.
    $("row-edition").hidden = !has(o.editions); $("row-setup").hidden = !has(o.setups); $("modules").hidden = !has(o.modules);
    $("game-options").replaceChildren(...(o.selects || []).map((s) => WT.el("div", {},
      WT.el("div", { class: "form-row" }, WT.el("label", { for: "opt-" + s.name }, s.label),
        WT.el("select", { id: "opt-" + s.name, name: s.name }, ...s.choices.map((c) =>
          WT.el("option", { value: c.name, disabled: c.playable === false }, c.label)))),
      s.note ? WT.el("p", { class: "small muted" }, s.note) : null)));
    const mods = $("modules"); mods.replaceChildren(WT.el("legend", {}, "Modules"));
    for (const m of o.modules || []) {
      const id = "mod-" + m.name;
      mods.append(WT.el("label", { for: id, class: m.playable ? "" : "muted" },
        WT.el("input", { type: "checkbox", id, value: m.name, disabled: !m.playable }),
        " " + m.label + (m.playable ? "" : " (coming)")));
    }
    refreshSeats();
  }

  // Seats keep what was chosen for them (who sits there, the name) when the number of players changes.
  const chosen = {};
  function refreshSeats() {
    for (const sel of document.querySelectorAll("#seats select")) {
      const i = sel.id.slice(5);
      chosen[i] = { value: sel.value, name: $("name-" + i).value };
    }
    const n = Number($("players").value);
    const box = $("seats"); box.replaceChildren(WT.el("legend", {}, "Seats"));
    const colours = kinds.games[gameSel.value].seats;
    for (let i = 0; i < n; i++) {
      const sel = WT.el("select", { id: "seat-" + i, "aria-label": colours[i] + " seat" },
        WT.el("option", { value: "local" }, "This screen"),
        WT.el("option", { value: "invite" }, "Invite"),
        ...bots(gameSel.value).map((b) => WT.el("option", { value: "bot:" + b.name, selected: i > 0 && b.name === defaultBot() }, "Bot: " + b.label)));
      box.append(WT.el("div", { class: "seat-row" },
        WT.el("span", {}, WT.el("span", { class: "swatch c-" + colours[i].toLowerCase() }), colours[i]), sel,
        WT.el("input", { id: "name-" + i, placeholder: "name", maxlength: 24, "aria-label": colours[i] + " name" })));
      const was = chosen[i];
      if (was && [...sel.options].some((o) => o.value === was.value)) { sel.value = was.value; $("name-" + i).value = was.name; }
    }
  }

  // An optional time limit on each person's decision (a bot plays the move when it runs out).
  $("seats").after(WT.el("div", { class: "form-row" }, WT.el("label", { for: "turn-limit" }, WT.t("lobby.turn_limit")),
    WT.el("input", { id: "turn-limit", type: "number", min: 1, max: 86400, placeholder: WT.t("lobby.turn_limit_none"), style: "width: 9em" })));
  gameSel.addEventListener("change", refreshForm);
  $("players").addEventListener("change", refreshSeats);
  refreshForm();

  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const n = Number($("players").value);
    const seats = []; const local = [];
    for (let i = 0; i < n; i++) {
      const v = $("seat-" + i).value; const name = $("name-" + i).value.trim();
      if (v.startsWith("bot:")) seats.push({ type: "bot", bot: v.slice(4), name });
      else { seats.push({ type: "human", name }); if (v === "local") local.push(i); }
    }
    const o = kinds.games[gameSel.value].options;
    const options = {};
    if (has(o.editions)) options.edition = $("edition").value;
    if (has(o.setups)) options.setup = $("setup").value;
    if (has(o.modules)) options.modules = [...document.querySelectorAll("#modules input:checked")].map((c) => c.value);
    for (const s of o.selects || []) options[s.name] = $("opt-" + s.name).value;
    const body = { game: gameSel.value, players: n, seats, options };
    const limit = $("turn-limit").value.trim();
    if (limit !== "") body.turn_limit = Number(limit);
    const seed = $("seed").value.trim();
    if (seed !== "") {
      if (!/^[0-9]{1,15}$/.test(seed)) { $("create-msg").textContent = "the seed is a whole number (or leave it empty)"; $("create-msg").className = "error"; return; }
      body.seed = Number(seed);
    }
    $("create-msg").textContent = "creating…";
    try {
      const made = await WT.json("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const tokens = {}; const invites = {};
      for (const s of made.seats) { tokens[s.seat] = s.token; invites[s.seat] = location.origin + s.invite; }
      WT.keep(made.id, { tokens, local, invites, host: true });
      location.href = "/game/" + made.id;
    } catch (e) { $("create-msg").textContent = e.message; $("create-msg").className = "error"; }
  });

  async function listGames() {
    const data = await WT.json("/api/games");
    const box = $("games");
    if (!data.games.length) { box.textContent = "No games yet."; return; }
    const rows = data.games.map((g) => {
      const seats = (g.seats || []).map((s) => s.type === "bot" ? "bot" : (s.name || s.colour)).join(", ");
      const mine = Object.keys(WT.mine(g.id).tokens).length ? " (yours)" : "";
      return WT.el("tr", {},
        WT.el("td", {}, WT.el("a", { href: "/game/" + g.id }, g.id)),
        WT.el("td", {}, (g.title || g.game) + ", " + g.players + " players" + mine),
        WT.el("td", {}, g.status + (g.status === "running" ? " · decision " + g.version : "")
          + (g.result && g.result.winners ? " · " + WT.t("lobby.won_by", { names: g.result.winners.map((w) => (g.seats[w] || {}).name || w).join(", ") }) : "")),
        WT.el("td", { class: "muted" }, seats));
    });
    box.replaceChildren(WT.el("table", {}, WT.el("tr", {}, WT.el("th", {}, "game"), WT.el("th", {}, "what"),
      WT.el("th", {}, "status"), WT.el("th", {}, "seats")), ...rows));
  }
  listGames();
  setInterval(listGames, 5000);
})();
