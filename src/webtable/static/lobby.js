"use strict";
(async function lobby() {
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

  function refreshSeats() {
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
    }
  }

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
      else { seats.push(v === "invite" ? { type: "human", name, invite: true } : { type: "human", name }); if (v === "local") local.push(i); }
    }
    const o = kinds.games[gameSel.value].options;
    const options = {};
    if (has(o.editions)) options.edition = $("edition").value;
    if (has(o.setups)) options.setup = $("setup").value;
    if (has(o.modules)) options.modules = [...document.querySelectorAll("#modules input:checked")].map((c) => c.value);
    for (const s of o.selects || []) options[s.name] = $("opt-" + s.name).value;
    const body = { game: gameSel.value, players: n, seats, options };
    const seed = $("seed").value.trim();
    if (seed !== "") {
      if (!/^[0-9]{1,15}$/.test(seed)) { $("create-msg").textContent = "the seed is a whole number (or leave it empty)"; $("create-msg").className = "error"; return; }
      body.seed = Number(seed);
    }
    $("create-msg").textContent = "creating…";
    try {
      const made = await WT.json("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const tokens = {}; const invites = {};
      for (const s of made.seats) { if (s.token) tokens[s.seat] = s.token; if (s.invite) invites[s.seat] = location.origin + s.invite; }
      WT.keep(made.id, { tokens, local, invites, host: true, creator: made.creator });
      location.href = "/game/" + made.id;
    } catch (e) { $("create-msg").textContent = e.message; $("create-msg").className = "error"; }
  });

  async function listGames() {
    // Private games are listed only to their players: show the server the seats this browser holds.
    const held = Object.keys(localStorage).filter((k) => k.startsWith("wt:")).slice(-50).map((k) => {
      const m = WT.mine(k.slice(3)); const t = m.creator || Object.values(m.tokens || {})[0];
      return t ? `${k.slice(3)}:${t}` : null;
    }).filter(Boolean);
    const data = await WT.json("/api/games", { headers: { "x-seat-tokens": held.join(",") } });
    const box = $("games");
    if (!data.games.length) { box.textContent = "No games yet."; return; }
    const rows = data.games.map((g) => {
      const seats = (g.seats || []).map((s) => s.type === "bot" ? "bot" : (s.name || s.colour || "") + (s.open ? ` (${WT.said.openSeat})` : "")).join(", ");
      const mine = Object.keys(WT.mine(g.id).tokens).length ? " (yours)" : "";
      return WT.el("tr", {},
        WT.el("td", {}, WT.el("a", { href: "/game/" + g.id }, g.id)),
        WT.el("td", {}, (g.title || g.game) + ", " + g.players + " players" + mine),
        WT.el("td", {}, g.status + (g.status === "running" ? " · decision " + g.version : "")),
        WT.el("td", { class: "muted" }, seats));
    });
    box.replaceChildren(WT.el("table", {}, WT.el("tr", {}, WT.el("th", {}, "game"), WT.el("th", {}, "what"),
      WT.el("th", {}, "status"), WT.el("th", {}, "seats")), ...rows));
  }
  listGames();
  setInterval(listGames, 5000);
})();
