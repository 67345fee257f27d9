"""A narrated game: the public event log (``Game.log``) told as plain English lines.

Only public information is used: the log's events, the game's options (players, set-up, edition)
and the printed board. Seats are called by their colour (Red, Blue, ...), counties by their printed
name. The 2002 edition is told in its own words (gold, trading firms, leader cards, farmers' and
defenders' choices), and values from a stand-in table are marked "stand-in" (W-29).

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

# The 2002 player board's words (seed 003, "Actions").
ACTION_LABELS_2002: dict[str, str] = {
    **ACTION_LABELS,
    "trading_post": "Build a trading firm",
    "tax": "Collect gold",
    "deploy5": "3 gold: recruit 5 armies",
    "deploy3": "2 gold: recruit 3 armies",
    "deploy1_move": "1 gold: recruit 1 army and/or move",
    "combat_a": "Move and battle A",
    "combat_b": "Move and battle B",
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
    "county lost": "its card has left their board this season",
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

COURT_SKIPS: dict[str, str] = {
    "courtiers short": "not enough courtiers left in supply",
    "tray short": "not enough of their armies in the tray",
    "armies short": "one army must stay",
    "county lost": "the county is no longer theirs",
}

# The 2002 event cards (seed 003, "Event Cards"); "{region}" is the region the card names.
EVENT_LABELS_2002: dict[str, tuple[str, str]] = {
    "crop_failure": ("Crop failure in {region}", "grain actions there give 2 less"),
    "good_harvest": ("Good harvest in {region}", "grain actions there give 2 more"),
    "church_peace": ("Church peace", "lands with a church cannot be attacked"),
    "troop_shortage": ("Troop shortage in {region}", "3 gold recruit only 3 armies there, 2 gold only 2"),
    "palace_guards": ("Palace guards", "an attack on a land with a palace meets 1 more farmer"),
    "combat_weary": ("Combat-weary farmers", "a free land is attacked without its farmer"),
    "angry_farmers": ("Angry farmers", "a free land is defended by 2 farmers instead of 1"),
    "trade_bonus": ("Trade bonus", "building a trading firm earns 1 gold instead of costing 1"),
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


def event_label(kind: str, with_effect: bool = True, region: str | None = None) -> str:
    if region is not None or (kind in EVENT_LABELS_2002 and kind not in EVENT_LABELS):
        title, effect = EVENT_LABELS_2002.get(kind, (kind, ""))
        title = title.format(region=region)
    else:
        title, effect = EVENT_LABELS.get(kind, (kind, ""))
    return f"{title} ({effect})" if with_effect and effect else title


def event_card_label(ev: Mapping[str, Any], with_effect: bool = True) -> str:
    """An event card from the log; 2002 cards carry their number, region and stand-in flag."""
    label = event_label(ev["event"], with_effect, ev.get("region"))
    if "number" in ev:
        label = f"{label} [card {ev['number']}]"
    return label


def standin_note(e: Mapping[str, Any]) -> str:
    return ", stand-in" if e.get("standin") else ""


def tile_label(tile: str) -> str:
    return TILE_LABELS.get(tile, tile)


def bid_label(card: str | None) -> str:
    if card is None:
        return "no card"
    if card == "tower":
        return "a dice tower card (as 0 thalers)"
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
    """Bid strength (0 strongest): 4, 3, 2, 1 thalers, county cards, 0 thalers (or a dice tower
    card), no card."""
    if card is None:
        return 6
    if card == "tower":
        return 5
    if card.startswith("money:"):
        v = int(card[6:])
        return 5 if v == 0 else 4 - v
    return 4


def favour_label(e: Mapping[str, Any]) -> str:
    """A favour card as told: '#8 (3 armies into the tray; stand-in, not the printed value)'."""
    kind, n = e["favour"], e.get("amount", 0)
    what = {
        "remove_event": "may remove this round's event",
        "thalers": _plural(n, "thaler"),
        "tray_armies": f"{armies(n)} into the tray",
        "revolt_marker": "remove a revolt marker",
        "grain": f"{n} grain",
        "vp": _plural(n, "victory point"),
        "build": f"a free {BUILDING_NAMES.get(e.get('building', ''), e.get('building'))}",
        "protection": "no attacks on their counties this round",
        "deploy3": "3 free armies in an own or neutral county",
    }.get(kind, kind)
    if e.get("standin"):
        what += f"; {e['standin']}"
    return f"#{e['card']} ({what})"


# ---------------------------------------------------------------------------------------- narrator
class Narrator:
    """Turns public log events into lines; keeps the little context the story needs."""

    def __init__(self, edition: str = "2012") -> None:
        self.classic = edition == "2002"  # the 2002 edition's words: gold, trading firms, farmers
        self.bid_order: list[int] = []
        self.positions: dict[int, int] = {}
        self.draft_pick: dict[str, Any] | None = None
        self.year_events: list[dict[str, Any]] = []
        self.idle_card = False  # an action card was turned and nobody has performed it yet
        self.court_open = False  # the court step of this round has been announced

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

    def money(self, n: int) -> str:
        return f"{n} gold" if self.classic else _plural(n, "thaler")

    def action(self, name: str) -> str:
        return ACTION_LABELS_2002.get(name, name) if self.classic else action_label(name)

    def building(self, kind: str) -> str:
        return "trading firm" if self.classic and kind == "trading_post" else BUILDING_NAMES[kind]

    # -------------------------------------------------------------------------------- set-up
    def _on_leaders(self, e: Mapping[str, Any]) -> list[str]:
        order = ", ".join(seat_name(p) for p in e["order"])
        return [f"The leader cards are shuffled: player order {order}."]

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

    # -------------------------------------------------------------------------------- Emperor's Court
    def _on_courtiers(self, e: Mapping[str, Any]) -> list[str]:
        sent = ", ".join(f"{seat_name(p)} {n}" for p, n in e["hall"].items() if n)
        if not sent:
            return ["No player's army fell through, so nobody sends courtiers to the Emperor's Court."]
        return [f"For each own army that fell through, courtiers enter the Emperor's entrance hall: {sent}."]

    def _on_favours(self, e: Mapping[str, Any]) -> list[str]:
        shown = ", ".join(f"{favour_label(c)} for {c['courtiers']} courtiers" for c in e["display"])
        return [f"Favour cards at the Emperor's Court: {shown}."]

    def _on_court_convert(self, e: Mapping[str, Any]) -> list[str]:
        lines = []
        if not self.court_open:
            self.court_open = True
            lines.append("At the Emperor's Court, the court boards are turned up in player order:")
        who, n, card = seat_name(e["seat"]), int(e["armies"]), e["card"]
        box = f"convert-{n} box"
        if card is None or card.startswith("money:"):
            shown = "nothing" if card is None else "a money card"
            return [*lines, f"  {who}'s {box}: {shown}, no courtiers."]
        where = "from the tray (dice tower card)" if card == "tower" else f"in {county_name(card)}"
        if e["done"]:
            return [*lines, f"  {who} converts {armies(n)} {where} into {_plural(n, 'courtier')}."]
        why = COURT_SKIPS.get(e["why"], e["why"])
        return [*lines, f"  {who} cannot convert {armies(n)} {where}: {why}."]

    def _on_audience(self, e: Mapping[str, Any]) -> list[str]:
        lines = []
        if not self.court_open:
            self.court_open = True
            lines.append("At the Emperor's Court:")
        n = int(e["courtiers"])
        return [*lines, f"  {seat_name(e['seat'])} enters the audience hall with {_plural(n, 'courtier')}."]

    def _on_favour(self, e: Mapping[str, Any]) -> list[str]:
        return [f"    {seat_name(e['seat'])} takes favour {favour_label(e)} for {_plural(e['courtiers'], 'courtier')}."]

    def _on_favour_pass(self, e: Mapping[str, Any]) -> list[str]:
        return [f"    {seat_name(e['seat'])} asks no favour."]

    def _on_favour_effect(self, e: Mapping[str, Any]) -> list[str]:
        who, kind = seat_name(e["seat"]), e["favour"]
        if e.get("result") == "no effect":
            return [f"    The favour has no effect for {who}: nothing it could be used on."]
        if kind == "thalers":
            text = f"{who} receives {_plural(e['gained'], 'thaler')}."
        elif kind == "grain":
            text = f"{who} receives {e['gained']} grain."
        elif kind == "vp":
            text = f"{who} scores {_plural(e['gained'], 'victory point')}."
        elif kind == "tray_armies":
            text = f"{who} puts {armies(e['gained'])} into the tray of the tower."
        elif kind == "protection":
            text = f"{who}'s counties cannot be attacked for the rest of this round."
        elif kind == "remove_event":
            removed = e.get("removed")
            if removed is None:
                text = f"{who} leaves this round's event in place."
            else:
                text = f"{who} removes this round's event, {event_label(removed['event'], False)}: it is ignored."
        elif kind == "revolt_marker":
            if e.get("kept"):
                text = f"{who} has no county with a revolt marker and keeps the card to parry the next one."
            else:
                left = int(e["revolt"])
                text = f"{who} removes a revolt marker from {county_name(e['county'])} ({left} left)."
        elif kind == "build":
            text = f"{who} builds a {BUILDING_NAMES[e['building']]} in {county_name(e['county'])} free of charge."
        elif kind == "deploy3":
            taken = ", taking the neutral county without a battle" if e.get("taken") else ""
            text = f"{who} places {armies(e['armies'])} free of charge in {county_name(e['county'])}{taken}."
        else:
            text = f"{who}: {kind}."
        return [f"      {text}"]

    def _on_parry(self, e: Mapping[str, Any]) -> list[str]:
        return [
            f"    {seat_name(e['seat'])}'s kept favour #4 parries the revolt marker for {county_name(e['county'])}."
        ]

    def _on_court_end(self, e: Mapping[str, Any]) -> list[str]:
        lines = []
        if e["discarded"]:
            cards = join_names([f"#{n}" for n in e["discarded"]])
            lines.append(f"  Favour cards nobody took leave the game: {cards}.")
        waiting = ", ".join(f"{seat_name(p)} {n}" for p, n in e["hall"].items() if n)
        lines.append(f"  Courtiers waiting in the entrance hall: {waiting or 'none'}.")
        return lines

    def _on_tower_fill(self, e: Mapping[str, Any]) -> list[str]:
        return [
            f"The tower is loaded: {cubes(e['dropped'])} go in;"
            f" {cubes(e['out'])} fall through to the tray and go back to the supplies."
        ]

    # -------------------------------------------------------------------------------- year and season
    def _on_year(self, e: Mapping[str, Any]) -> list[str]:
        self.year_events = [dict(ev) for ev in e["events"]]
        shown = "; ".join(
            f"{event_card_label(ev, False)} (winter loss {ev['winter_loss']}{standin_note(ev)})" for ev in e["events"]
        )
        return [
            "",
            f"=== Year {e['year']} ===",
            f"Events turned up for the year: {shown}. One of them will be left for winter.",
        ]

    def _on_season(self, e: Mapping[str, Any]) -> list[str]:
        self.court_open = False
        self.bid_order = []
        self.positions = {}
        season = SEASONS[e["season"]] if 0 <= e["season"] < len(SEASONS) else str(e["season"])
        visible = ", ".join(f"{i} {self.action(a)}" for i, a in enumerate(e["actions_visible"], 1))
        hidden = len(ACTIONS) - len(e["actions_visible"])
        lines = [
            "",
            f"--- Year {e['year']}, {season} ---",
            f"Action cards face up: {visible} ({hidden} more face down).",
        ]
        if "bonus_tiles" in e:
            tiles = ", ".join(f"{i} {tile_label(t)}" for i, t in enumerate(e["bonus_tiles"], 1))
            lines.append(f"Bonus tiles by position: {tiles}.")
        lines.append("Everyone plans in secret.")
        return lines

    def _on_event(self, e: Mapping[str, Any]) -> list[str]:
        lines = [f"Event drawn: {event_card_label(e)}."]
        left = [ev for ev in self.year_events if ev.get("card") != e.get("card")]
        if len(left) < len(self.year_events):
            self.year_events = left
            if len(left) == 1:
                last = left[0]
                lines.append(
                    f"Left for winter: {event_card_label(last, False)};"
                    f" every player will lose {last['winter_loss']} grain{_paren(standin_note(last))}."
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
        return [f"Action {index}{turned}: {self.action(e['action'])}"]

    def _on_action(self, e: Mapping[str, Any]) -> list[str]:
        who, county, action = seat_name(e["seat"]), county_name(e["county"]), e["action"]
        led = " The military leader's presence improves it." if e.get("leader") else ""
        if action in BUILDING_NAMES:
            cost = int(e.get("cost", BOARD.costs[ACTIONS.index(action)] - (BUILD_DISCOUNT if led else 0)))
            if cost < 0:
                return [f"  {who} builds a {self.building(action)} in {county} and earns {self.money(-cost)}."]
            line = f"  {who} builds a {self.building(action)} in {county} for {self.money(cost)}.{led}"
            if e.get("calmed"):
                line += " Trade calms the county: one revolt marker is removed."
            return [line]
        if action == "grain":
            return [f"  {who} collects {e['amount']} grain in {county}.{led}"]
        if action == "tax":
            return [f"  {who} collects {self.money(e['amount'])} in {county}.{led}"]
        if action in ("deploy5", "deploy3", "deploy1_move"):
            cost = BOARD.costs[ACTIONS.index(action)]
            if not e["armies"]:
                return [f"  {who} pays {self.money(cost)} in {county} and adds no army."]
            return [f"  {who} pays {self.money(cost)} and deploys {armies(e['armies'])} in {county}.{led}"]
        return [f"  {who} marches from {county}."]

    def _on_skip(self, e: Mapping[str, Any]) -> list[str]:
        who, county = seat_name(e["seat"]), county_name(e["county"])
        why = SKIP_REASONS.get(e["why"], e["why"])
        if self.classic:
            why = why.replace("thalers", "gold")
        return [f"  {who} skips {self.action(e['action'])} in {county}: {why}."]

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
        if "committed" in e and defender is not None:
            notes.append(
                f"{seat_name(defender)} throws in {e['committed']} of its"
                f" {armies(int(e['committed']) + int(e['kept']))} there"
            )
        if "farmers_added" in e:
            added = int(e["farmers_added"])
            if defender is None:
                notes.append(f"{_plural(added, 'farmer')} from the supply defend{'s' if added == 1 else ''} it")
            elif added:
                notes.append(f"{_plural(added, 'farmer')} from the supply guard{'s' if added == 1 else ''} the palace")
        head += "; " + "; ".join(notes) + "." if notes else "."
        lines = [head, f"      Into the tower (with the tray): {cubes(e['dropped'])}. Out: {cubes(out)}."]
        if defender is None:
            score = f"{who} {a} against {_plural(d, 'peasant')}"
        else:
            score = f"{who} {a} against {seat_name(defender)} {d_arm}"
            if peasants_fought:
                score += f" + {_plural(peasants_fought, 'peasant')}"
        result = e["result"]
        kept_back = int(e.get("kept", 0))
        if result == "attacker":
            loser = f" from {seat_name(defender)}" if defender is not None else ""
            verdict = f"{who} wins and takes {county}{loser}, keeping {armies(a - d)} there."
            if defender is not None and kept_back:
                verdict += f" The {armies(kept_back)} kept back {'goes' if kept_back == 1 else 'go'} to the supply too."
        elif result == "defender" and defender is None:  # 2002: the farmers hold a free land
            verdict = f"the peasants hold {county}, which stays neutral."
        elif result == "defender":
            assert defender is not None
            kept = kept_back + d_arm - max(0, a - peasants_fought)
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
        rise = f"    Revolt{when} in {county}: the peasants rise against {who}"
        if "committed" in e:
            total = int(e["committed"]) + int(e["kept"])
            rise += f", who throws in {e['committed']} of {armies(total)} there"
        lines = [
            rise + ".",
            f"      Into the tower (with the tray): {cubes(e['dropped'])}. Out: {cubes(e['out'])}.",
        ]
        score = f"{who} {a} against {_plural(p, 'peasant')}"
        if e["result"] == "owner":
            verdict = f"{who} puts the revolt down and keeps {armies(a - p + int(e.get('kept', 0)))} in {county}."
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
            f"Every player loses {e['grain_loss']} grain{_paren(standin_note(e))}. Grain left: {grain}.",
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
        if "buildings" in e:
            return self._game_over_2002(e)
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

    def _game_over_2002(self, e: Mapping[str, Any]) -> list[str]:
        """Ties go to most palaces, then churches, then trading firms (W-28)."""
        vp: list[int] = e["vp"]
        built: list[list[int]] = e["buildings"]
        winners: list[int] = e["winners"]
        ranking = sorted(range(len(vp)), key=lambda p: (-vp[p], [-x for x in built[p]], p))
        standings = ", ".join(
            f"{seat_name(p)} {vp[p]} VP ({_plural(built[p][0], 'palace')},"
            f" {_plural(built[p][1], 'church', 'churches')}, {_plural(built[p][2], 'firm')})"
            for p in ranking
        )
        lines = ["", "=== Game over ===", f"Final standings: {standings}."]
        best = max(vp) if vp else 0
        on_buildings = sum(1 for v in vp if v == best) > len(winners)
        names = join_names([seat_name(p) for p in winners])
        if len(winners) == 1:
            lines.append(f"Winner: {names}" + (", on buildings (palaces, churches, firms)." if on_buildings else "."))
        elif winners:
            lines.append(f"Shared win: {names}, equal in victory points, palaces, churches and firms.")
        return lines


def _paren(note: str) -> str:
    return f" ({note[2:]})" if note else ""


def _trophies(taken: Mapping[str, int]) -> str:
    """' and takes 2 of Blue's statues as trophies' (empty when nothing was taken)."""
    if not taken:
        return ""
    parts = [f"{_plural(n, 'statue')} of {seat_name(o)}" for o, n in taken.items()]
    return f", taking {join_names(parts)} as trophies"


def narrate(log: Iterable[Mapping[str, Any]], edition: str = "2012") -> list[str]:
    """Lines telling the events of a public log, in order."""
    narrator = Narrator(edition)
    lines: list[str] = []
    for event in log:
        lines.extend(narrator.feed(event))
    return lines


def header(players: int, setup: str, edition: str = "2012", modules: Sequence[str] = ()) -> list[str]:
    """The opening lines: who plays, and for the default line-up, where everyone starts."""
    seats = ", ".join(seat_name(p) for p in range(players))
    if edition == "2002":
        from wallenstein.edition2002 import START_GOLD

        money = f"{START_GOLD[players]} gold and 5 blank land cards"
    else:
        money = f"{BOARD.start_thalers[players]} thalers"
    lines = [
        f"Wallenstein ({edition} edition), {players} players, {SETUP_LABELS.get(setup, setup)}.",
        f"Seats: {seats}; everyone starts with {money}.",
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
    lines = header(game.players, game.config["setup"], game.edition, game.config["modules"])
    lines += narrate(game.log, game.edition)
    return "\n".join(lines) + "\n"


__all__ = ["Narrator", "header", "narrate", "narrate_game"]
