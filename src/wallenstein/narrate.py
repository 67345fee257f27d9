"""A narrated game: the public event log (``Game.log``) told as plain English lines.

Only public information is used: the log's events, the game's options (players, set-up) and the
printed board. Seats are called by their colour (Red, Blue, ...), counties by their printed name.

    print(narrate_game(game))             # the whole game so far, one event per line
    narrator = Narrator()
    for event in game.log:                # or event by event, e.g. while a game is being played
        for line in narrator.feed(event):
            print(line)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wallenstein.board import ACTIONS, BOARD, COLOURS, SEASONS
from wallenstein.leaders import BUILD_DISCOUNT
from wallenstein.printed import STANDIN_NOTE

if TYPE_CHECKING:
    from wallenstein.game import Game

ACTION_LABELS: dict[str, str] = {
    "palace": "Build a palace",
    "church": "Build a church",
    "trading_post": "Build a trading post",
    "grain": "Collect grain",
    "tax": "Collect taxes",
    "deploy5": "Deploy 5 armies",
    "deploy3": "Deploy 3 armies",
    "deploy1_move": "Deploy 1 army and move",
    "combat_a": "Combat/Movement A",
    "combat_b": "Combat/Movement B",
}

BUILDING_NAMES: dict[str, str] = {"palace": "palace", "church": "church", "trading_post": "trading post"}

TILE_LABELS: dict[str, str] = {
    "tax_plus1": "+1 thaler when collecting taxes",
    "grain_plus1": "+1 grain when collecting grain",
    "deploy6": "6 armies on Deploy 5",
    "attack_plus1": "+1 army when attacking",
    "defend_plus1": "+1 army when defending",
}

EVENT_LABELS: dict[str, tuple[str, str]] = {
    "recruit_reduced": ("Few recruits", "Deploy 5 brings only 3 armies and Deploy 3 only 2"),
    "angry_peasants": ("Angry peasants", "a neutral county is defended by 2 peasant armies instead of 1"),
    "grain_max_3": ("Poor harvest", "collecting grain gives at most 3"),
    "tax_max_5": ("Tax cap", "collecting taxes gives at most 5 thalers"),
    "grain_min_4": ("Rich harvest", "collecting grain gives at least 4"),
    "tax_min_6": ("Full coffers", "collecting taxes gives at least 6 thalers"),
    "church_peace": ("Church peace", "counties with a church cannot be attacked"),
    "palace_guard": ("Palace guard", "a defender whose county has a palace drops 1 more army from supply"),
    "trade_calms": ("Trade calms the land", "building a trading post takes 1 revolt marker off that county"),
}

SKIP_REASONS: dict[str, str] = {
    "county lost": "the county is no longer theirs",
    "cannot build": "the building cannot be placed or paid for",
    "cannot pay": "not enough thalers",
    "army supply short": "not enough armies in supply",
    "no army to move": "fewer than 2 armies there",
    "no county to enter": "no neighbouring county can be entered",
}

SETUP_LABELS: dict[str, str] = {"lineup": "default line-up", "draft": "drafted starting counties"}

MODULE_LABELS: dict[str, str] = {
    "emperors_court": "Emperor's Court",
    "landsknechte": "Landsknechte",
    "military_leaders": "Military Leaders",
}

LK_BENEFIT_LABELS: dict[str, tuple[str, str]] = {
    "thalers": ("thaler", "thalers"),
    "grain": ("grain", "grain"),
    "armies": ("army into the tray", "armies into the tray"),
    "vp": ("VP", "VP"),
}


# ---------------------------------------------------------------------------------------- names
def seat_name(seat: int | str) -> str:
    """A seat's colour name: 0 -> 'Red'."""
    return COLOURS[int(seat)].capitalize()


def county_name(key: str) -> str:
    """A county's printed name from its key: 'mark' -> 'Gft. Mark'."""
    try:
        return BOARD.names[BOARD.index(key)]
    except KeyError:
        return key


def action_label(action: str) -> str:
    return ACTION_LABELS.get(action, action)


def event_label(kind: str, with_effect: bool = True) -> str:
    title, effect = EVENT_LABELS.get(kind, (kind, ""))
    return f"{title} ({effect})" if with_effect and effect else title


def tile_label(tile: str) -> str:
    return TILE_LABELS.get(tile, tile)


def bid_label(card: str | None) -> str:
    if card is None:
        return "no card"
    if card.startswith("money:"):
        v = int(card[6:])
        return f"{v} thaler" + ("" if v == 1 else "s")
    return f"the county card {county_name(card)}"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def armies(n: int) -> str:
    return _plural(n, "army", "armies")


def cubes(counts: Mapping[str, int]) -> str:
    """Tower cubes by colour: {"0": 3, "peasants": 1} -> 'Red 3, 1 peasant'."""
    parts = [f"{seat_name(k)} {n}" for k, n in counts.items() if k != "peasants" and n]
    peasants = counts.get("peasants", 0)
    if peasants:
        parts.append(_plural(peasants, "peasant"))
    return ", ".join(parts) if parts else "nothing"


def lk_benefit(name: str, amount: int) -> str:
    """A Landsknechte benefit: ('armies', 2) -> '2 armies into the tray'."""
    one, many = LK_BENEFIT_LABELS.get(name, (name, name))
    return f"{amount} {one if amount == 1 else many}"


def join_names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _bid_rank(card: str | None) -> int:
    """Bid strength (0 strongest): 4, 3, 2, 1 thalers, county cards, 0 thalers, no card."""
    if card is None:
        return 6
    if card.startswith("money:"):
        v = int(card[6:])
        return 5 if v == 0 else 4 - v
    return 4


# ---------------------------------------------------------------------------------------- narrator
class Narrator:
    """Turns public log events into lines; keeps the little context the story needs."""

    def __init__(self) -> None:
        self.bid_order: list[int] = []
        self.positions: dict[int, int] = {}
        self.draft_pick: dict[str, Any] | None = None
        self.year_events: list[dict[str, Any]] = []
        self.idle_card = False  # an action card was turned and nobody has performed it yet

    def feed(self, event: Mapping[str, Any]) -> list[str]:
        """The lines for one more event of the log (possibly none)."""
        kind = event.get("e")
        lines: list[str] = []
        if self.idle_card and kind in ("action_card", "season", "winter", "year", "game_over"):
            lines.append("  Nobody performs this action.")
        if kind in ("action", "skip", "action_card"):
            self.idle_card = kind == "action_card"
        elif kind in ("season", "winter", "year", "game_over"):
            self.idle_card = False
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            lines.append(f"  ({kind}: {dict(event)})")
        else:
            lines.extend(handler(event))
        return lines

    # -------------------------------------------------------------------------------- set-up
    def _on_draft_pick(self, e: Mapping[str, Any]) -> list[str]:
        self.draft_pick = dict(e)
        return []

    def _on_draft_place(self, e: Mapping[str, Any]) -> list[str]:
        who, county = seat_name(e["seat"]), county_name(e["county"])
        pick = self.draft_pick
        self.draft_pick = None
        if pick is None or pick.get("county") != e["county"]:
            return [f"  {who} places {armies(e['armies'])} in {county}."]
        source = "draws it from the deck" if pick.get("source") == "deck" else "takes it from the face-up cards"
        return [f"  {who} claims {county} ({source}) and places {armies(e['armies'])} there."]

    def _on_draft_refresh(self, e: Mapping[str, Any]) -> list[str]:
        shown = join_names([county_name(k) for k in e["faceup"]]) or "none"
        return [
            f"  {seat_name(e['seat'])} sees the same two cards as last time and puts them under the deck;"
            f" face up now: {shown}."
        ]

    def _on_tower_fill(self, e: Mapping[str, Any]) -> list[str]:
        return [
            f"The tower is loaded: {cubes(e['dropped'])} go in;"
            f" {cubes(e['out'])} fall through to the tray and go back to the supplies."
        ]

    # -------------------------------------------------------------------------------- year and season
    def _on_year(self, e: Mapping[str, Any]) -> list[str]:
        self.year_events = [dict(ev) for ev in e["events"]]
        shown = "; ".join(f"{event_label(ev['event'], False)} (winter loss {ev['winter_loss']})" for ev in e["events"])
        return [
            "",
            f"=== Year {e['year']} ===",
            f"Events turned up for the year: {shown}. One of them will be left for winter.",
        ]

    def _on_season(self, e: Mapping[str, Any]) -> list[str]:
        self.bid_order = []
        self.positions = {}
        season = SEASONS[e["season"]] if 0 <= e["season"] < len(SEASONS) else str(e["season"])
        visible = ", ".join(f"{i} {action_label(a)}" for i, a in enumerate(e["actions_visible"], 1))
        hidden = len(ACTIONS) - len(e["actions_visible"])
        tiles = ", ".join(f"{i} {tile_label(t)}" for i, t in enumerate(e["bonus_tiles"], 1))
        return [
            "",
            f"--- Year {e['year']}, {season} ---",
            f"Action cards face up: {visible} ({hidden} more face down).",
            f"Bonus tiles by position: {tiles}.",
            "Everyone plans in secret.",
        ]

    def _on_event(self, e: Mapping[str, Any]) -> list[str]:
        lines = [f"Event drawn: {event_label(e['event'])}."]
        left = [ev for ev in self.year_events if ev.get("card") != e.get("card")]
        if len(left) < len(self.year_events):
            self.year_events = left
            if len(left) == 1:
                last = left[0]
                lines.append(
                    f"Left for winter: {event_label(last['event'], False)};"
                    f" every player will lose {last['winter_loss']} grain."
                )
        return lines

    def _on_bids(self, e: Mapping[str, Any]) -> list[str]:
        bids: Mapping[str, str | None] = e["bids"]
        self.bid_order = [int(p) for p in e["bid_order"]]
        self.positions = {}
        shown = ", ".join(f"{seat_name(p)} {bid_label(card)}" for p, card in bids.items())
        ranks = [_bid_rank(card) for card in bids.values()]
        lot = " (ties drawn by lot)" if len(set(ranks)) < len(ranks) else ""
        order = ", ".join(seat_name(p) for p in self.bid_order)
        return [f"Bids revealed: {shown}.", f"Choosing order{lot}: {order}."]

    def _on_position(self, e: Mapping[str, Any]) -> list[str]:
        seat = int(e["seat"])
        self.positions[seat] = int(e["position"])
        lines = [f"  {seat_name(seat)} takes position {e['position']} with the tile '{tile_label(e['tile'])}'."]
        if self.bid_order and len(self.positions) == len(self.bid_order):
            order = sorted(self.positions, key=lambda p: self.positions[p])
            lines.append(f"Player order: {', '.join(seat_name(p) for p in order)}.")
        return lines

    # -------------------------------------------------------------------------------- actions
    def _on_action_card(self, e: Mapping[str, Any]) -> list[str]:
        index = int(e["index"])
        turned = " (turned up now)" if index > 5 else ""
        return [f"Action {index}{turned}: {action_label(e['action'])}"]

    def _on_action(self, e: Mapping[str, Any]) -> list[str]:
        who, county, action = seat_name(e["seat"]), county_name(e["county"]), e["action"]
        led = " The military leader's presence improves it." if e.get("leader") else ""
        if action in BUILDING_NAMES:
            cost = BOARD.costs[ACTIONS.index(action)] - (BUILD_DISCOUNT if led else 0)
            line = f"  {who} builds a {BUILDING_NAMES[action]} in {county} for {_plural(cost, 'thaler')}.{led}"
            if e.get("calmed"):
                line += " Trade calms the county: one revolt marker is removed."
            return [line]
        if action == "grain":
            return [f"  {who} collects {e['amount']} grain in {county}.{led}"]
        if action == "tax":
            return [f"  {who} collects {_plural(e['amount'], 'thaler')} in {county}.{led}"]
        if action in ("deploy5", "deploy3", "deploy1_move"):
            cost = BOARD.costs[ACTIONS.index(action)]
            return [f"  {who} pays {_plural(cost, 'thaler')} and deploys {armies(e['armies'])} in {county}.{led}"]
        return [f"  {who} marches from {county}."]

    def _on_skip(self, e: Mapping[str, Any]) -> list[str]:
        who, county = seat_name(e["seat"]), county_name(e["county"])
        why = SKIP_REASONS.get(e["why"], e["why"])
        return [f"  {who} skips {action_label(e['action'])} in {county}: {why}."]

    def _on_move(self, e: Mapping[str, Any]) -> list[str]:
        return [
            f"    {seat_name(e['seat'])} moves {armies(e['armies'])} from {county_name(e['origin'])}"
            f" to {county_name(e['county'])}."
        ]

    def _on_marker(self, e: Mapping[str, Any]) -> list[str]:
        count = int(e["revolt"])
        return [f"    Unrest grows in {county_name(e['county'])}: {_plural(count, 'revolt marker')} now."]

    def _on_stay(self, e: Mapping[str, Any]) -> list[str]:
        return [f"    {seat_name(e['seat'])} moves no armies out of {county_name(e['county'])}."]

    def _on_battle(self, e: Mapping[str, Any]) -> list[str]:
        seat = int(e["seat"])
        who, county, origin = seat_name(seat), county_name(e["county"]), county_name(e["origin"])
        defender = e.get("defender")
        out: Mapping[str, int] = e["out"]
        a, d = int(e["attacker_count"]), int(e["defender_count"])
        d_arm = int(out.get(str(defender), 0)) if defender is not None else 0
        peasants_fought = d - d_arm
        target = f"{seat_name(defender)}'s {county}" if defender is not None else f"neutral {county}"
        head = f"    {who} attacks {target} from {origin} with {armies(int(e['armies']))}"
        extras: Mapping[str, int] = e.get("extras", {})
        notes = []
        if extras.get("attack_tile"):
            notes.append(f"{who} adds 1 army for the attack bonus")
        if extras.get("defend_tile") and defender is not None:
            notes.append(f"{seat_name(defender)} adds 1 army for the defence bonus")
        if extras.get("palace_guard") and defender is not None:
            notes.append(f"{seat_name(defender)} adds 1 army for the palace guard")
        head += "; " + "; ".join(notes) + "." if notes else "."
        lines = [head, f"      Into the tower (with the tray): {cubes(e['dropped'])}. Out: {cubes(out)}."]
        if defender is None:
            score = f"{who} {a} against {_plural(d, 'peasant')}"
        else:
            score = f"{who} {a} against {seat_name(defender)} {d_arm}"
            if peasants_fought:
                score += f" + {_plural(peasants_fought, 'peasant')}"
        result = e["result"]
        if result == "attacker":
            loser = f" from {seat_name(defender)}" if defender is not None else ""
            verdict = f"{who} wins and takes {county}{loser}, keeping {armies(a - d)} there."
        elif result == "defender":
            assert defender is not None
            kept = d_arm - max(0, a - peasants_fought)
            verdict = f"{seat_name(defender)} holds {county} with {armies(kept)}."
        elif defender is None:
            verdict = f"{who} fails to take {county}, which stays neutral."
        elif d > a:
            verdict = f"only peasants defended, which counts as a tie: {county} is laid waste and becomes neutral."
        else:
            verdict = f"a tie: {county} is laid waste and becomes neutral."
        lines.append(f"      {score}: {verdict}")
        tray = dict(out)
        tray[str(seat)] = 0
        if defender is not None:
            tray[str(defender)] = 0
        if peasants_fought:
            tray["peasants"] = 0
        if any(tray.values()):
            lines.append(f"      Left in the tray: {cubes(tray)}.")
        return lines

    def _on_revolt(self, e: Mapping[str, Any]) -> list[str]:
        seat = int(e["seat"])
        who, county = seat_name(seat), county_name(e["county"])
        a, p = int(e["owner_count"]), int(e["peasant_count"])
        when = " (winter)" if e.get("winter") else ""
        lines = [
            f"    Revolt{when} in {county}: the peasants rise against {who}.",
            f"      Into the tower (with the tray): {cubes(e['dropped'])}. Out: {cubes(e['out'])}.",
        ]
        score = f"{who} {a} against {_plural(p, 'peasant')}"
        if e["result"] == "owner":
            verdict = f"{who} puts the revolt down and keeps {armies(a - p)} in {county}."
        elif a == p:
            verdict = f"a tie goes to the peasants: {county} is laid waste and becomes neutral."
        else:
            verdict = f"the peasants win: {county} is laid waste and becomes neutral."
        lines.append(f"      {score}: {verdict}")
        tray = dict(e["out"])
        tray[str(seat)] = 0
        tray["peasants"] = 0
        if any(tray.values()):
            lines.append(f"      Left in the tray: {cubes(tray)}.")
        return lines

    # -------------------------------------------------------------------------------- Landsknechte
    def _on_landsknechte(self, e: Mapping[str, Any]) -> list[str]:
        offered: Mapping[str, int] = e["offered"]
        who = seat_name(e["seat"])
        head = f"  Landsknechte: {who} holds counties in {e['regions']} regions and turns up card {e['card']}"
        if not offered:
            return [head + ", which offers nothing."]
        note = f" ({STANDIN_NOTE})" if e.get("standin") else ""
        choices = " or ".join(lk_benefit(name, n) for name, n in offered.items())
        return [f"{head}: {choices}{note}."]

    def _on_landsknechte_miss(self, e: Mapping[str, Any]) -> list[str]:
        regions = _plural(int(e["regions"]), "region")
        return [f"  Landsknechte: {seat_name(e['seat'])} holds counties in only {regions}; the deck stays."]

    def _on_landsknechte_benefit(self, e: Mapping[str, Any]) -> list[str]:
        note = f" ({STANDIN_NOTE})" if e.get("standin") else ""
        return [f"    {seat_name(e['seat'])} takes {lk_benefit(e['benefit'], int(e['amount']))}{note}."]

    # -------------------------------------------------------------------------------- military leaders
    def _on_leader_place(self, e: Mapping[str, Any]) -> list[str]:
        who, county = seat_name(e["seat"]), county_name(e["county"])
        verb = "returns to the board in" if e.get("returning") else "takes position in"
        return [f"  {who}'s military leader {verb} {county}{_trophies(e['trophies'])}."]

    def _on_leader_move(self, e: Mapping[str, Any]) -> list[str]:
        who, origin, county = seat_name(e["seat"]), county_name(e["origin"]), county_name(e["county"])
        if not e["adjacent"]:
            how = f"flees from {origin} to distant {county}; no statue is raised"
        elif e["statue"]:
            how = f"leaves {origin} victorious for {county}; a statue is raised in {origin}"
        else:
            how = f"leaves {origin} for {county}; no statue is left to raise"
        return [f"  {who}'s military leader {how}{_trophies(e['trophies'])}."]

    def _on_leader_stays(self, e: Mapping[str, Any]) -> list[str]:
        return [f"  {seat_name(e['seat'])}'s military leader stays in {county_name(e['county'])}: no other county."]

    def _on_leader_lost(self, e: Mapping[str, Any]) -> list[str]:
        return [
            f"      {seat_name(e['seat'])}'s military leader leaves the board with {county_name(e['county'])}"
            " and returns after winter."
        ]

    def _on_leader_waits(self, e: Mapping[str, Any]) -> list[str]:
        return [f"  {seat_name(e['seat'])} holds no county: the military leader stays off the board."]

    def _on_leader_points(self, e: Mapping[str, Any]) -> list[str]:
        rows = []
        for p, (row, total) in enumerate(zip(e["detail"], e["vp"], strict=True)):
            gained = row["statues"] + row["trophies"]
            statues = _plural(row["statues"], "statue")
            trophies = _plural(row["trophies"], "trophy", "trophies")
            rows.append(f"  {seat_name(p)}: {statues} + {trophies} = {gained} VP, {total} in all.")
        return ["Military leaders' statues and trophies:", *rows]

    # -------------------------------------------------------------------------------- winter
    def _on_winter(self, e: Mapping[str, Any]) -> list[str]:
        grain = ", ".join(f"{seat_name(p)} {g}" for p, g in enumerate(e["grain"]))
        return [
            "",
            f"--- Year {e['year']}, winter ---",
            f"Every player loses {e['grain_loss']} grain. Grain left: {grain}.",
        ]

    def _on_supply_short(self, e: Mapping[str, Any]) -> list[str]:
        who = seat_name(e["seat"])
        drawn = [county_name(k) for k in e["counties"]]
        revolts = "a revolt" if len(drawn) == 1 else f"{len(drawn)} revolts"
        return [
            f"  {who} cannot feed {_plural(int(e['shortfall']), 'county', 'counties')}: {revolts}"
            f" in {join_names(drawn)}, each with {_plural(int(e['extra_peasants']), 'extra peasant')}."
        ]

    def _on_score(self, e: Mapping[str, Any]) -> list[str]:
        lines = [f"Scoring, year {e['year']}:"]
        for p, (row, total) in enumerate(zip(e["detail"], e["vp"], strict=True)):
            gained = row["counties"] + row["buildings"] + row["majorities"]
            lines.append(
                f"  {seat_name(p)}: {_plural(row['counties'], 'county', 'counties')}"
                f" + {_plural(row['buildings'], 'building')} + {row['majorities']} for majorities"
                f" = {gained} VP, {total} in all."
            )
        return lines

    def _on_game_over(self, e: Mapping[str, Any]) -> list[str]:
        vp: list[int] = e["vp"]
        thalers: list[int] = e["thalers"]
        winners: list[int] = e["winners"]
        ranking = sorted(range(len(vp)), key=lambda p: (-vp[p], -thalers[p], p))
        standings = ", ".join(f"{seat_name(p)} {vp[p]} VP ({_plural(thalers[p], 'thaler')})" for p in ranking)
        lines = ["", "=== Game over ===", f"Final standings: {standings}."]
        best = max(vp) if vp else 0
        on_thalers = sum(1 for v in vp if v == best) > len(winners)
        names = join_names([seat_name(p) for p in winners])
        if len(winners) == 1:
            lines.append(f"Winner: {names}" + (", on thalers." if on_thalers else "."))
        elif winners:
            lines.append(f"Shared win: {names}, equal in victory points and thalers.")
        return lines


def _trophies(taken: Mapping[str, int]) -> str:
    """' and takes 2 of Blue's statues as trophies' (empty when nothing was taken)."""
    if not taken:
        return ""
    parts = [f"{_plural(n, 'statue')} of {seat_name(o)}" for o, n in taken.items()]
    return f", taking {join_names(parts)} as trophies"


def narrate(log: Iterable[Mapping[str, Any]]) -> list[str]:
    """Lines telling the events of a public log, in order."""
    narrator = Narrator()
    lines: list[str] = []
    for event in log:
        lines.extend(narrator.feed(event))
    return lines


def header(players: int, setup: str, modules: Sequence[str] = ()) -> list[str]:
    """The opening lines: who plays, and for the default line-up, where everyone starts."""
    seats = ", ".join(seat_name(p) for p in range(players))
    lines = [
        f"Wallenstein (2012 edition), {players} players, {SETUP_LABELS.get(setup, setup)}.",
        f"Seats: {seats}; everyone starts with {BOARD.start_thalers[players]} thalers.",
    ]
    if modules:
        lines.insert(1, "Modules: " + ", ".join(MODULE_LABELS.get(m, m) for m in modules) + ".")
    if setup == "lineup":
        lines.append("Starting counties (armies):")
        for seat, row in enumerate(BOARD.lineups[players]):
            held = ", ".join(f"{BOARD.names[c]} {n}" for c, n in row)
            lines.append(f"  {seat_name(seat)}: {held}.")
    else:
        lines.append("Starting counties are drafted, each player in turn:")
    return lines


def narrate_game(game: Game) -> str:
    """The whole narrated game so far (one text, ending with a newline). Needs a game with log=True."""
    if not game.logging:
        raise ValueError("this game keeps no event log (it was created with log=False)")
    lines = header(game.players, game.config["setup"], game.config["modules"]) + narrate(game.log)
    return "\n".join(lines) + "\n"


__all__ = ["Narrator", "header", "narrate", "narrate_game"]
