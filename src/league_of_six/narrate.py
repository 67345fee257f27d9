"""A narrated game: the public event log (``Game.log``) told as plain English lines.

Only public information is used: the log's events, the game's options and the component set, whose
name is always shown with "stand-in set" unless the user loaded their own (L-01). Hands (guards and
civic leader cards) appear only at the final scoring, when the rules reveal them.

    print(narrate_game(game))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from league_of_six.components import GOODS, KINDS, Components

if TYPE_CHECKING:
    from league_of_six.game import Game

COLOURS = ("red", "yellow", "green", "blue", "black")
KIND_NAMES = {"clergy": ("cleric", "clerics"), "aristocracy": ("aristocrat", "aristocrats"),
              "burgher": ("burgher", "burghers")}  # fmt: skip


def seat_name(seat: int | str) -> str:
    return COLOURS[int(seat)].capitalize()


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def join_names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def card_label(card: Mapping[str, Any]) -> str:
    one, many = KIND_NAMES.get(card["kind"], (card["kind"], card["kind"]))
    n = int(card["figures"])
    return f"{n} {one if n == 1 else many}" + (" (gray)" if card.get("gray") else "")


def goods_label(counts: Mapping[str, int] | Sequence[int]) -> str:
    items = counts.items() if isinstance(counts, Mapping) else zip(GOODS, counts, strict=True)
    parts = [f"{n} {colour}" for colour, n in items if n]
    return ", ".join(parts) if parts else "no goods"


class Narrator:
    """Turns public log events into lines."""

    def __init__(self, comp: Components) -> None:
        self.names = {t.key: t.name for t in comp.towns}

    def town(self, key: str) -> str:
        return self.names.get(key, key)

    def feed(self, event: Mapping[str, Any]) -> list[str]:
        kind = event.get("e")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return [f"  ({kind}: {dict(event)})"]
        lines: list[str] = handler(event)
        return lines

    def _on_setup(self, e: Mapping[str, Any]) -> list[str]:
        ring = join_names([self.town(k) for k in e["ring"]])
        sides = sorted(set(e["sides"]))
        order = ", ".join(seat_name(p) for p in e["choosing"])
        return [
            f"Towns around the ring: {ring} (town tile sides: {', '.join(sides)}).",
            f"Markers drawn at random; round 1 chooses in the order {order}.",
        ]

    def _on_round(self, e: Mapping[str, Any]) -> list[str]:
        leaders = ", ".join(
            f"pile {i}: {card_label(c)}" if c is not None else f"pile {i}: empty" for i, c in enumerate(e["leaders"], 1)
        )
        tiles = ", ".join(f"{self.town(k)} tile {n}" for k, n in e["tax_tiles"].items())
        st = e["storage"]
        return [
            "",
            f"=== Round {e['round']} ===",
            f"Civic leaders turned up: {leaders}.",
            f"Hussites besiege {join_names([self.town(k) for k in e['besieged']])}.",
            f"Tax tiles: {tiles}.",
            f"Storage tiles (side {st['side']}): royal stores tile {st['royal']}, civic stores tile {st['civic']}.",
        ]

    def _on_choose(self, e: Mapping[str, Any]) -> list[str]:
        who, town = seat_name(e["seat"]), self.town(e["town"])
        cost = int(e["cost"])
        if cost == 0:
            paid = ""
        else:
            parts = []
            if e["guards"]:
                parts.append(_plural(int(e["guards"]), "guard"))
            if e["influence"]:
                parts.append(f"{e['influence']} influence")
            short = cost - int(e["guards"]) - int(e["influence"]) // 2
            paid = f" (costs {_plural(cost, 'guard')}: pays {' and '.join(parts) or 'nothing'}"
            paid += f", {short} waived)" if short else ")"
        held = e.get("held_by")
        if held is None:
            return [f"  {who} goes to {town}{paid} and takes its counter at 0."]
        return [f"  {who} goes to {town}{paid}, held by {seat_name(held)}."]

    def _on_offer(self, e: Mapping[str, Any]) -> list[str]:
        return [f"    {seat_name(e['seat'])} offers {_plural(int(e['guards']), 'guard')}."]

    def _on_accept(self, e: Mapping[str, Any]) -> list[str]:
        who, payer = seat_name(e["seat"]), seat_name(e["paid_by"])
        bought = int(e["influence"]) // 2
        extra = f" ({_plural(bought, 'guard')} bought from the king for {e['influence']} influence)" if bought else ""
        return [
            f"    {who} accepts {_plural(int(e['guards']), 'guard')} from {payer}{extra} and leaves"
            f" {self.town(e['town'])}."
        ]

    def _on_reorder(self, e: Mapping[str, Any]) -> list[str]:
        order = ", ".join(f"{seat_name(p)} {n}" for p, n in zip(e["order"], e["spent"], strict=True))
        return [f"Markers by guards spent: {order}. {seat_name(e['order'][0])} collects taxes first."]

    def _on_collect(self, e: Mapping[str, Any]) -> list[str]:
        parts = []
        if e["guards"]:
            parts.append(_plural(int(e["guards"]), "guard"))
        if any(e["goods"]):
            parts.append(goods_label(e["goods"]))
        if e["horses"]:
            parts.append(_plural(int(e["horses"]), "horse"))
        if e.get("card"):
            parts.append(f"the civic leader card {card_label(e['card'])}")
        got = "; ".join(parts) if parts else "nothing"
        lines = [
            f"  {seat_name(e['seat'])} turns the tax tile in {self.town(e['town'])} {_plural(int(e['turn']), 'step')}:"
            f" {got}."
        ]
        if any(e["short"]):
            lines.append(f"    The supply is out of {goods_label(e['short'])}.")
        if e.get("wanted_card"):
            lines.append(f"    No gray card of {card_label(e['wanted_card'])} is left.")
        return lines

    def _on_horses(self, e: Mapping[str, Any]) -> list[str]:
        tiles = ", ".join(
            f"{seat_name(p)} {5 - i} ({_plural(int(h), 'horse')})"
            for i, (p, h) in enumerate(zip(e["order"], e["horses"], strict=True))
        )
        return [f"Horse tiles: {tiles}."]

    def _on_row(self, e: Mapping[str, Any]) -> list[str]:
        lines = [f"  {seat_name(e['seat'])} chooses {e['store']} row {e['row']}."]
        for item in e["placed"]:
            goods = ", ".join(item["goods"])
            lines.append(f"    {seat_name(item['seat'])} stores {goods} for {item['influence']} influence.")
        if not e["placed"]:
            lines.append("    Nobody stores anything there.")
        if e["full"]:
            lines.append("    The row is full.")
        return lines

    def _on_bonus(self, e: Mapping[str, Any]) -> list[str]:
        who = seat_name(e["seat"])
        if "influence" in e:
            return [f"    {who} gains the row bonus: {e['influence']} influence."]
        if e.get("card") is None:
            return [f"    {who} would take a civic leader card, but none that small is left face up."]
        return [f"    {who} takes the face-up civic leader card {card_label(e['card'])}."]

    def _on_lost(self, e: Mapping[str, Any]) -> list[str]:
        lost = "; ".join(f"{seat_name(x['seat'])} {goods_label(x['goods'])}" for x in e["goods"])
        return [f"  Goods nobody could store go back to the bank: {lost}."]

    def _on_final(self, e: Mapping[str, Any]) -> list[str]:
        lines = ["", "=== End of the game ===", "Civic leader cards are revealed:"]
        players = len(e["influence"])
        guards = e["guards"]
        for kind in KINDS:
            row = e["majorities"][kind]
            shown = ", ".join(f"{seat_name(p)} {row['figures'][p]} (+{row['influence'][p]})" for p in range(players))
            lines.append(f"  {KIND_NAMES[kind][1].capitalize()}: {shown}.")
        lines.append(f"Guards in hand: {', '.join(f'{seat_name(p)} {g}' for p, g in enumerate(guards))}.")
        return lines

    def _on_game_over(self, e: Mapping[str, Any]) -> list[str]:
        influence: list[int] = e["influence"]
        guards: list[int] = e["guards"]
        winners: list[int] = e["winners"]
        ranking = sorted(range(len(influence)), key=lambda p: (-influence[p], -guards[p], p))
        standings = ", ".join(f"{seat_name(p)} {influence[p]}" for p in ranking)
        lines = [f"Final influence: {standings}."]
        best = max(influence)
        on_guards = sum(1 for v in influence if v == best) > len(winners)
        names = join_names([seat_name(p) for p in winners])
        if len(winners) == 1:
            lines.append(f"Winner: {names}" + (", on guards in hand." if on_guards else "."))
        else:
            lines.append(f"Shared win: {names}, equal in influence and guards.")
        return lines


def narrate(log: Iterable[Mapping[str, Any]], comp: Components) -> list[str]:
    narrator = Narrator(comp)
    lines: list[str] = []
    for event in log:
        lines.extend(narrator.feed(event))
    return lines


def header(game: Game) -> list[str]:
    comp = game.comp
    seats = ", ".join(seat_name(p) for p in range(game.players))
    return [
        f"League of Six, {game.players} players. Components: {comp.name} ({comp.label}).",
        f"Seats: {seats}; everyone starts with 10 influence and 3 guards.",
    ]


def narrate_game(game: Game) -> str:
    """The whole narrated game so far (one text, ending with a newline). Needs a game with log=True."""
    if not game.logging:
        raise ValueError("this game keeps no event log (it was created with log=False)")
    return "\n".join(header(game) + narrate(game.log, game.comp)) + "\n"


__all__ = ["Narrator", "header", "narrate", "narrate_game"]
