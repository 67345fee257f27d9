"""A narrated game: the public event log (``Game.log``) told as plain lines, in English or German.

Only public information is used: the log's events, the game's options and the component set, whose
name is always shown with "stand-in set" unless the user loaded their own (L-01). Hands are public
on this table (L-07): every guard and civic leader card that enters or leaves a hand is told (guards
paid for travel and offers, bought from the King, taken from tax tiles; gray cards; the civic row
bonus), and the final scoring lists them. Every sentence is one message of the ``league_of_six``
catalogue (:mod:`tabletop.i18n`).

    print(narrate_game(game))
    print(narrate_game(game, lang="de"))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from league_of_six.components import GOODS, KINDS, Components
from tabletop.i18n import N_, Translator

if TYPE_CHECKING:
    from league_of_six.game import Game

COLOURS = ("red", "yellow", "green", "blue", "black")
COLOUR_NAMES = {
    "red": N_("Red"),
    "yellow": N_("Yellow"),
    "green": N_("Green"),
    "blue": N_("Blue"),
    "black": N_("Black"),
}
KIND_NAMES = {"clergy": ("cleric", "clerics"), "aristocracy": ("aristocrat", "aristocrats"),
              "burgher": ("burgher", "burghers")}  # fmt: skip
KIND_TITLES = {"clergy": N_("Clerics"), "aristocracy": N_("Aristocrats"), "burgher": N_("Burghers")}
SET_LABELS = {"stand-in set": N_("stand-in set"), "user's component set": N_("user's component set")}
STANDIN_NAME = N_("Balanced stand-in set (not the printed tiles)")  # data/standin_components.json's name
GOODS_NAMES = {"red": N_("red"), "green": N_("green"), "blue": N_("blue"), "yellow": N_("yellow")}
SIDE_NAMES = {"white": N_("white"), "yellow": N_("yellow")}  # the town tiles' sides


def seat_name(seat: int | str) -> str:
    """A seat's colour name in English: 0 -> 'Red'."""
    return COLOURS[int(seat)].capitalize()


class Narrator:
    """Turns public log events into lines."""

    def __init__(self, comp: Components, lang: str | None = None) -> None:
        self.names = {t.key: t.name for t in comp.towns}
        self.t = Translator("league_of_six", lang)

    @property
    def missing(self) -> set[str]:
        """Messages this narrator showed without a translation (empty in English)."""
        return self.t.missing

    def town(self, key: str) -> str:
        return self.names.get(key, key)

    def seat(self, seat: int | str) -> str:
        return self.t._(COLOUR_NAMES[COLOURS[int(seat)]])

    def join(self, items: Sequence[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return self.t._("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])

    def guards(self, n: int) -> str:
        return self.t.n("{n} guard", "{n} guards", n)

    def card(self, card: Mapping[str, Any]) -> str:
        t, n, kind = self.t, int(card["figures"]), card["kind"]
        if kind == "clergy":
            text = t.n("{n} cleric", "{n} clerics", n)
        elif kind == "aristocracy":
            text = t.n("{n} aristocrat", "{n} aristocrats", n)
        elif kind == "burgher":
            text = t.n("{n} burgher", "{n} burghers", n)
        else:
            text = f"{n} {kind}"
        return t._("{card} (gray)", card=text) if card.get("gray") else text

    def goods(self, counts: Mapping[str, int] | Sequence[int]) -> str:
        items = counts.items() if isinstance(counts, Mapping) else zip(GOODS, counts, strict=True)
        parts = [self.t._("{n} {colour}", n=n, colour=self.t._(GOODS_NAMES.get(c, c))) for c, n in items if n]
        return ", ".join(parts) if parts else self.t._("no goods")

    def feed(self, event: Mapping[str, Any]) -> list[str]:
        kind = event.get("e")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return [f"  ({kind}: {dict(event)})"]
        lines: list[str] = handler(event)
        return lines

    def _on_setup(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        ring = self.join([self.town(k) for k in e["ring"]])
        sides = ", ".join(t._(SIDE_NAMES[s]) if s in SIDE_NAMES else s for s in sorted(set(e["sides"])))
        order = ", ".join(self.seat(p) for p in e["choosing"])
        return [
            t._("Towns around the ring: {ring} (town tile sides: {sides}).", ring=ring, sides=sides),
            t._("Markers drawn at random; round 1 chooses in the order {order}.", order=order),
        ]

    def _on_round(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        leaders = ", ".join(
            t._("pile {i}: {card}", i=i, card=self.card(c)) if c is not None else t._("pile {i}: empty", i=i)
            for i, c in enumerate(e["leaders"], 1)
        )
        tiles = ", ".join(t._("{town} tile {n}", town=self.town(k), n=n) for k, n in e["tax_tiles"].items())
        st = e["storage"]
        return [
            "",
            t._("=== Round {round} ===", round=e["round"]),
            t._("Civic leaders turned up: {leaders}.", leaders=leaders),
            t._("Hussites besiege {towns}.", towns=self.join([self.town(k) for k in e["besieged"]])),
            t._("Tax tiles: {tiles}.", tiles=tiles),
            t._(
                "Storage tiles (side {side}): royal stores tile {royal}, civic stores tile {civic}.",
                side=st["side"],
                royal=st["royal"],
                civic=st["civic"],
            ),
        ]

    def _on_choose(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        who, town = self.seat(e["seat"]), self.town(e["town"])
        cost = int(e["cost"])
        paid = ""
        if cost:
            parts = []
            if e["guards"]:
                parts.append(self.guards(int(e["guards"])))
            if e["influence"]:
                parts.append(t._("{n} influence", n=e["influence"]))
            short = cost - int(e["guards"]) - int(e["influence"]) // 2
            what = t._(" and ").join(parts) or t._("nothing")
            if short:
                paid = t._(
                    " (costs {cost}: pays {what}, {short} waived)", cost=self.guards(cost), what=what, short=short
                )
            else:
                paid = t._(" (costs {cost}: pays {what})", cost=self.guards(cost), what=what)
        held = e.get("held_by")
        if held is None:
            return ["  " + t._("{who} goes to {town}{paid} and takes its counter at 0.", who=who, town=town, paid=paid)]
        return [
            "  "
            + t._(
                "{who} goes to {town}{paid}, held by {holder}.", who=who, town=town, paid=paid, holder=self.seat(held)
            )
        ]

    def _on_offer(self, e: Mapping[str, Any]) -> list[str]:
        return [
            "    " + self.t._("{who} offers {guards}.", who=self.seat(e["seat"]), guards=self.guards(int(e["guards"])))
        ]

    def _on_accept(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        bought = int(e["influence"]) // 2
        params = {
            "who": self.seat(e["seat"]),
            "payer": self.seat(e["paid_by"]),
            "guards": self.guards(int(e["guards"])),
            "town": self.town(e["town"]),
        }
        if bought:
            text = t._(
                "{who} accepts {guards} from {payer} ({bought} bought from the king for {influence} influence) and"
                " leaves {town}.",
                bought=self.guards(bought),
                influence=e["influence"],
                **params,
            )
        else:
            text = t._("{who} accepts {guards} from {payer} and leaves {town}.", **params)
        return ["    " + text]

    def _on_reorder(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        order = ", ".join(t._("{who} {n}", who=self.seat(p), n=n) for p, n in zip(e["order"], e["spent"], strict=True))
        return [
            t._(
                "Markers by guards spent: {order}. {first} collects taxes first.",
                order=order,
                first=self.seat(e["order"][0]),
            )
        ]

    def _on_collect(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        parts = []
        if e["guards"]:
            parts.append(self.guards(int(e["guards"])))
        if any(e["goods"]):
            parts.append(self.goods(e["goods"]))
        if e["horses"]:
            parts.append(t.n("{n} horse", "{n} horses", int(e["horses"])))
        if e.get("card"):
            parts.append(t._("the civic leader card {card}", card=self.card(e["card"])))
        got = "; ".join(parts) if parts else t._("nothing")
        text = t.n(
            "{who} turns the tax tile in {town} {n} step: {got}.",
            "{who} turns the tax tile in {town} {n} steps: {got}.",
            int(e["turn"]),
            who=self.seat(e["seat"]),
            town=self.town(e["town"]),
            got=got,
        )
        lines = ["  " + text]
        if any(e["short"]):
            lines.append("    " + t._("The supply is out of {goods}.", goods=self.goods(e["short"])))
        if e.get("wanted_card"):
            lines.append("    " + t._("No gray card of {card} is left.", card=self.card(e["wanted_card"])))
        return lines

    def _on_horses(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        tiles = ", ".join(
            t._("{who} {tile} ({horses})", who=self.seat(p), tile=5 - i, horses=t.n("{n} horse", "{n} horses", int(h)))
            for i, (p, h) in enumerate(zip(e["order"], e["horses"], strict=True))
        )
        return [t._("Horse tiles: {tiles}.", tiles=tiles)]

    def _on_row(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        params = {"who": self.seat(e["seat"]), "row": e["row"]}
        if e["store"] == "royal":
            chose = t._("{who} chooses royal row {row}.", **params)
        elif e["store"] == "civic":
            chose = t._("{who} chooses civic row {row}.", **params)
        else:
            chose = t._("{who} chooses {store} row {row}.", store=e["store"], **params)
        lines = ["  " + chose]
        for item in e["placed"]:
            goods = ", ".join(t._(GOODS_NAMES.get(g, g)) for g in item["goods"])
            lines.append(
                "    "
                + t._(
                    "{who} stores {goods} for {influence} influence.",
                    who=self.seat(item["seat"]),
                    goods=goods,
                    influence=item["influence"],
                )
            )
        if not e["placed"]:
            lines.append("    " + t._("Nobody stores anything there."))
        if e["full"]:
            lines.append("    " + t._("The row is full."))
        return lines

    def _on_bonus(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        who = self.seat(e["seat"])
        if "influence" in e:
            return ["    " + t._("{who} gains the row bonus: {n} influence.", who=who, n=e["influence"])]
        if e.get("card") is None:
            return ["    " + t._("{who} would take a civic leader card, but none that small is left face up.", who=who)]
        return ["    " + t._("{who} takes the face-up civic leader card {card}.", who=who, card=self.card(e["card"]))]

    def _on_lost(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        lost = "; ".join(
            t._("{who} {goods}", who=self.seat(x["seat"]), goods=self.goods(x["goods"])) for x in e["goods"]
        )
        return ["  " + t._("Goods nobody could store go back to the bank: {lost}.", lost=lost)]

    def _on_final(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        lines = ["", t._("=== End of the game ==="), t._("Civic leader cards are revealed:")]
        players = len(e["influence"])
        for kind in KINDS:
            row = e["majorities"][kind]
            shown = ", ".join(
                t._(
                    "{who} {figures} (+{influence})",
                    who=self.seat(p),
                    figures=row["figures"][p],
                    influence=row["influence"][p],
                )
                for p in range(players)
            )
            lines.append("  " + t._("{kind}: {shown}.", kind=t._(KIND_TITLES[kind]), shown=shown))
        guards = ", ".join(t._("{who} {n}", who=self.seat(p), n=g) for p, g in enumerate(e["guards"]))
        lines.append(t._("Guards in hand: {guards}.", guards=guards))
        return lines

    def _on_game_over(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        influence: list[int] = e["influence"]
        guards: list[int] = e["guards"]
        winners: list[int] = e["winners"]
        ranking = sorted(range(len(influence)), key=lambda p: (-influence[p], -guards[p], p))
        standings = ", ".join(t._("{who} {n}", who=self.seat(p), n=influence[p]) for p in ranking)
        lines = [t._("Final influence: {standings}.", standings=standings)]
        best = max(influence)
        on_guards = sum(1 for v in influence if v == best) > len(winners)
        names = self.join([self.seat(p) for p in winners])
        if len(winners) == 1:
            if on_guards:
                lines.append(t._("Winner: {names}, on guards in hand.", names=names))
            else:
                lines.append(t._("Winner: {names}.", names=names))
        else:
            lines.append(t._("Shared win: {names}, equal in influence and guards.", names=names))
        return lines


def narrate(log: Iterable[Mapping[str, Any]], comp: Components, lang: str | None = None) -> list[str]:
    narrator = Narrator(comp, lang)
    lines: list[str] = []
    for event in log:
        lines.extend(narrator.feed(event))
    return lines


def header(game: Game, lang: str | None = None) -> list[str]:
    comp = game.comp
    narrator = Narrator(comp, lang)
    t = narrator.t
    seats = ", ".join(narrator.seat(p) for p in range(game.players))
    # The set's label is the engine's ("stand-in set" / "user's component set", L-01); a user's set keeps its name.
    label = t._(SET_LABELS[comp.label]) if comp.label in SET_LABELS else comp.label
    if comp.standin and comp.name == STANDIN_NAME:  # the built-in set's name already says it is a stand-in
        first = t._("League of Six, {n} players. Components: {name}.", n=game.players, name=t._(STANDIN_NAME))
    else:
        first = t._(
            "League of Six, {n} players. Components: {name} ({label}).", n=game.players, name=comp.name, label=label
        )
    return [
        first,
        t._("Seats: {seats}; everyone starts with 10 influence and 3 guards.", seats=seats),
    ]


def narrate_game(game: Game, lang: str | None = None) -> str:
    """The whole narrated game so far (one text, ending with a newline). Needs a game with log=True."""
    if not game.logging:
        raise ValueError("this game keeps no event log (it was created with log=False)")
    return "\n".join(header(game, lang) + narrate(game.log, game.comp, lang)) + "\n"


__all__ = ["Narrator", "header", "narrate", "narrate_game"]
