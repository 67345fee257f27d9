// @ts-check
// "Play again" at a game's end (docs/play/browser.md; server: webtable.rematch). The final-scores panel
// of either game mounts this box: a seated screen offers "Play again" (the first click anywhere makes
// the follow-up game, later ones lead to it), and once someone asked, "NAME wants to play again: Join";
// a spectator is offered "Watch the next game". Joining keeps the new seats' tokens for the follow-up as
// a claimed invite does (WT.keep), so a reload of the new game's page keeps its seats.
"use strict";

window.WTRematch = (() => {
  /** @type {HTMLElement | null} */
  let box = null;
  let asking = false;

  /** The finished game's seat tokens this screen plays (hot seat: several). @param {TableContext} ctx */
  function held(ctx) {
    const mine = WT.mine(String(ctx.id));
    return (mine.local || []).map((s) => mine.tokens[s]).filter(Boolean);
  }

  /** Make or join the follow-up, keep its tokens, go there. @param {TableContext} ctx */
  async function join(ctx) {
    asking = true; draw(ctx);
    try {
      const made = await WT.json(`/api/games/${ctx.id}/again`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tokens: held(ctx) }) });
      const old = WT.mine(String(ctx.id));
      const next = WT.mine(made.id);
      for (const s of made.seats) next.tokens[s.seat] = s.token;
      next.local = [...new Set([...(next.local || []), ...made.seats.map((/** @type {{seat: number}} */ s) => s.seat)])];
      if (old.creator) next.creator = old.creator;  // the same creator: abandon or invite again there
      WT.keep(made.id, next);
      location.assign(`/game/${made.id}`);
    } catch (e) {
      asking = false; draw(ctx, WT.errorText(e));
    }
  }

  /** @param {TableContext} ctx @param {string} [error] */
  function draw(ctx, error = "") {
    if (!box) return;
    const again = ctx.summary.again;
    const seated = held(ctx).length > 0;
    const parts = [];
    if (seated && !again) {
      parts.push(WT.el("button", { id: "again-play", class: "primary", type: "button", disabled: asking, onclick: () => join(ctx) },
        WT.t(asking ? "rematch.making" : "rematch.play")));
    } else if (seated && again) {
      const seat = ctx.summary.seats[again.seat];
      const mineToo = (WT.mine(String(ctx.id)).local || []).includes(again.seat);
      const words = mineToo ? WT.t("rematch.ready") : WT.t("rematch.wants", { name: seat ? WT.seatName(seat) : "?" });
      parts.push(WT.el("span", { id: "again-note" }, words + " "),
        WT.el("button", { id: "again-join", class: "primary", type: "button", disabled: asking, onclick: () => join(ctx) },
          WT.t(asking ? "rematch.making" : "rematch.join")));
    } else if (again) {
      parts.push(WT.el("a", { id: "again-watch", href: `/game/${again.id}` }, WT.t("rematch.watch")));
    }
    if (error) parts.push(WT.el("div", { class: "small error" }, error));
    box.replaceChildren(...parts);
    box.hidden = !parts.length;
  }

  return {
    /** The box for the final-scores panel (the same element each time it is drawn). @param {TableContext} ctx */
    mount(ctx) {
      // (its spacing here, not in app.css: the table page's stylesheet is another module's)
      if (!box) box = WT.el("div", { id: "again", class: "again choices", role: "status", "aria-live": "polite", style: "margin-top: .6em" });
      draw(ctx);
      return box;
    },
    /** Someone made the follow-up (the "again" message). @param {TableContext} ctx @param {Protocol.Again} msg */
    told(ctx, msg) {
      ctx.summary.again = { id: msg.game, seat: msg.seat };
      draw(ctx);
    },
  };
})();
