"""A narrated game: the public event log (``Game.log``) told as plain lines, in English or German.

Only public information is used: the log's events, the game's options (players, set-up, edition)
and the printed board. Seats are called by their colour (Red, Blue, ...), counties by their printed
name. The 2002 edition is told in its own words (gold, trading firms, leader cards, farmers' and
defenders' choices), and values from a stand-in table are marked "stand-in" (W-29).

Every sentence is one message of the ``wallenstein`` catalogue (:mod:`tabletop.i18n`): English is
the source text, German follows the German rulebook's terms (seed 004: Land, Taler, Getreide,
Armeen, Bauern, Aufstand, Unruhemarker, Palast, Kirche, Handelshaus, Siegpunkte, Würfelturm).

    print(narrate_game(game))             # the whole game so far, one event per line
    print(narrate_game(game, lang="de"))  # the same in German
    narrator = Narrator(lang="de")
    for event in game.log:                # or event by event, e.g. while a game is being played
        for line in narrator.feed(event):
            print(line)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.i18n import N_, Translator
from wallenstein.board import ACTIONS, BOARD, COLOURS, SEASONS
from wallenstein.leaders import BUILD_DISCOUNT
from wallenstein.names import names
from wallenstein.printed import STANDIN_NOTE

if TYPE_CHECKING:
    from wallenstein.game import Game

ACTION_LABELS: dict[str, str] = {
    "palace": N_("Build a palace"),
    "church": N_("Build a church"),
    "trading_post": N_("Build a trading post"),
    "grain": N_("Collect grain"),
    "tax": N_("Collect taxes"),
    "deploy5": N_("Deploy 5 armies"),
    "deploy3": N_("Deploy 3 armies"),
    "deploy1_move": N_("Deploy 1 army and move"),
    "combat_a": N_("Combat/Movement A"),
    "combat_b": N_("Combat/Movement B"),
}

# The 2002 player board's words (seed 003, "Actions").
ACTION_LABELS_2002: dict[str, str] = {
    **ACTION_LABELS,
    "trading_post": N_("Build a trading firm"),
    "tax": N_("Collect gold"),
    "deploy5": N_("3 gold: recruit 5 armies"),
    "deploy3": N_("2 gold: recruit 3 armies"),
    "deploy1_move": N_("1 gold: recruit 1 army and/or move"),
    "combat_a": N_("Move and battle A"),
    "combat_b": N_("Move and battle B"),
}

BUILDING_NAMES: dict[str, str] = {"palace": "palace", "church": "church", "trading_post": "trading post"}

TILE_LABELS: dict[str, str] = {
    "tax_plus1": N_("+1 thaler when collecting taxes"),
    "grain_plus1": N_("+1 grain when collecting grain"),
    "deploy6": N_("6 armies on Deploy 5"),
    "attack_plus1": N_("+1 army when attacking"),
    "defend_plus1": N_("+1 army when defending"),
}

EVENT_LABELS: dict[str, tuple[str, str]] = {
    "recruit_reduced": (N_("Few recruits"), N_("Deploy 5 brings only 3 armies and Deploy 3 only 2")),
    "angry_peasants": (N_("Angry peasants"), N_("a neutral county is defended by 2 peasant armies instead of 1")),
    "grain_max_3": (N_("Poor harvest"), N_("collecting grain gives at most 3")),
    "tax_max_5": (N_("Tax cap"), N_("collecting taxes gives at most 5 thalers")),
    "grain_min_4": (N_("Rich harvest"), N_("collecting grain gives at least 4")),
    "tax_min_6": (N_("Full coffers"), N_("collecting taxes gives at least 6 thalers")),
    "church_peace": (N_("Church peace"), N_("counties with a church cannot be attacked")),
    "palace_guard": (N_("Palace guard"), N_("a defender whose county has a palace drops 1 more army from supply")),
    "trade_calms": (N_("Trade calms the land"), N_("building a trading post takes 1 revolt marker off that county")),
}

SKIP_REASONS: dict[str, str] = {
    "county lost": N_("its card has left their board this season"),
    "cannot build": N_("the building cannot be placed or paid for"),
    "cannot pay": N_("not enough thalers"),
    "army supply short": N_("not enough armies in supply"),
    "no army to move": N_("fewer than 2 armies there"),
    "no county to enter": N_("no neighbouring county can be entered"),
}
# The 2002 edition pays in gold.
SKIP_REASONS_2002: dict[str, str] = {**SKIP_REASONS, "cannot pay": N_("not enough gold")}

SETUP_LABELS: dict[str, str] = {"lineup": N_("default line-up"), "draft": N_("drafted starting counties")}

MODULE_LABELS: dict[str, str] = {
    "emperors_court": N_("Emperor's Court"),
    "landsknechte": N_("Landsknechte"),
    "military_leaders": N_("Military Leaders"),
}

COURT_SKIPS: dict[str, str] = {
    "courtiers short": N_("not enough courtiers left in supply"),
    "tray short": N_("not enough of their armies in the tray"),
    "armies short": N_("one army must stay"),
    "county lost": N_("the county is no longer theirs"),
}

# The 2002 event cards (seed 003, "Event Cards"); "{region}" is the region the card names.
EVENT_LABELS_2002: dict[str, tuple[str, str]] = {
    "crop_failure": (N_("Crop failure in {region}"), N_("grain actions there give 2 less")),
    "good_harvest": (N_("Good harvest in {region}"), N_("grain actions there give 2 more")),
    "church_peace": (N_("Church peace"), N_("lands with a church cannot be attacked")),
    "troop_shortage": (N_("Troop shortage in {region}"), N_("3 gold recruit only 3 armies there, 2 gold only 2")),
    "palace_guards": (N_("Palace guards"), N_("an attack on a land with a palace meets 1 more farmer")),
    "combat_weary": (N_("Combat-weary farmers"), N_("a free land is attacked without its farmer")),
    "angry_farmers": (N_("Angry farmers"), N_("a free land is defended by 2 farmers instead of 1")),
    "trade_bonus": (N_("Trade bonus"), N_("building a trading firm earns 1 gold instead of costing 1")),
}

COLOUR_NAMES: dict[str, str] = {
    "red": N_("Red"), "blue": N_("Blue"), "yellow": N_("Yellow"), "purple": N_("Purple"), "black": N_("Black"),
}  # fmt: skip
SEASON_NAMES: dict[str, str] = {"spring": N_("spring"), "summer": N_("summer"), "fall": N_("fall")}
STANDIN_TEXT = N_("stand-in, not the printed value")  # printed.STANDIN_NOTE, marked for translation (a test checks)


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


# ---------------------------------------------------------------------------------------- words
class Words:
    """Names and counted words in one language (and edition: the 2002 edition pays in gold)."""

    def __init__(self, lang: str | None = None, classic: bool = False) -> None:
        self.t = Translator("wallenstein", lang)
        self.classic = classic
        self.names = names(self.t.lang)
        self.seats = [self.t._(COLOUR_NAMES[c]) for c in COLOURS]  # asked for on almost every line

    def label(self, table: Mapping[str, str], key: str) -> str:
        """A table's message for ``key`` in this language (the key itself if the table lacks it)."""
        return self.t._(table[key]) if key in table else key

    def seat(self, seat: int | str) -> str:
        """A seat's colour name: 0 -> 'Red'."""
        return self.seats[int(seat)]

    def county(self, key: str) -> str:
        """A county's printed name from its key: 'mark' -> 'Gft. Mark'."""
        return self.names["counties"].get(key, key)

    def region(self, name: str) -> str:
        return self.names["regions"].get(name, name)

    def join(self, items: Sequence[str]) -> str:
        """'A, B and C'."""
        if len(items) <= 1:
            return "".join(items)
        return self.t._("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])

    def armies(self, n: int) -> str:
        return self.t.n("{n} army", "{n} armies", n)

    def peasants(self, n: int) -> str:
        return self.t.n("{n} peasant", "{n} peasants", n)

    def thalers(self, n: int) -> str:
        return self.t.n("{n} thaler", "{n} thalers", n)

    def money(self, n: int) -> str:
        return self.t._("{n} gold", n=n) if self.classic else self.thalers(n)

    def courtiers(self, n: int) -> str:
        return self.t.n("{n} courtier", "{n} courtiers", n)

    def vp(self, n: int) -> str:
        return self.t.n("{n} victory point", "{n} victory points", n)

    def action(self, name: str) -> str:
        labels = ACTION_LABELS_2002 if self.classic else ACTION_LABELS
        return self.t._(labels[name]) if name in labels else name

    def tile(self, tile: str) -> str:
        return self.t._(TILE_LABELS[tile]) if tile in TILE_LABELS else tile

    def cubes(self, counts: Mapping[str, int]) -> str:
        """Tower cubes by colour: {"0": 3, "peasants": 1} -> 'Red 3, 1 peasant'."""
        parts = [self.t._("{who} {n}", who=self.seat(k), n=n) for k, n in counts.items() if k != "peasants" and n]
        peasants = counts.get("peasants", 0)
        if peasants:
            parts.append(self.peasants(peasants))
        return ", ".join(parts) if parts else self.t._("nothing")

    def event(self, kind: str, with_effect: bool = True, region: str | None = None) -> str:
        if region is not None or (kind in EVENT_LABELS_2002 and kind not in EVENT_LABELS):
            title, effect = EVENT_LABELS_2002.get(kind, (kind, ""))
            title = self.t._(title, region=self.region(region or ""))
        else:
            title, effect = EVENT_LABELS.get(kind, (kind, ""))
            title = self.t._(title)
        if with_effect and effect:
            return self.t._("{title} ({effect})", title=title, effect=self.t._(effect))
        return title

    def event_card(self, ev: Mapping[str, Any], with_effect: bool = True) -> str:
        """An event card from the log; 2002 cards carry their number, region and stand-in flag."""
        label = self.event(ev["event"], with_effect, ev.get("region"))
        if "number" in ev:
            label = self.t._("{label} [card {number}]", label=label, number=ev["number"])
        return label

    def bid(self, card: str | None) -> str:
        if card is None:
            return self.t._("no card")
        if card == "tower":
            return self.t._("a dice tower card (as 0 thalers)")
        if card.startswith("money:"):
            return self.thalers(int(card[6:]))
        return self.t._("the county card {county}", county=self.county(card))

    def lk_benefit(self, name: str, amount: int) -> str:
        """A Landsknechte benefit: ('armies', 2) -> '2 armies into the tray'."""
        t = self.t
        if name == "thalers":
            return self.thalers(amount)
        if name == "grain":
            return t._("{n} grain", n=amount)
        if name == "armies":
            return t.n("{n} army into the tray", "{n} armies into the tray", amount)
        if name == "vp":
            return t._("{n} VP", n=amount)
        return f"{amount} {name}"

    def standin(self, note: str) -> str:
        return self.t._(STANDIN_TEXT) if note == STANDIN_NOTE else note

    def favour(self, e: Mapping[str, Any]) -> str:
        """A favour card as told: '#8 (3 armies into the tray; stand-in, not the printed value)'."""
        t = self.t
        kind, n = e["favour"], e.get("amount", 0)
        building = e.get("building", "")
        told: dict[str, Callable[[], str]] = {
            "remove_event": lambda: t._("may remove this round's event"),
            "thalers": lambda: self.thalers(n),
            "tray_armies": lambda: t.n("{n} army into the tray", "{n} armies into the tray", n),
            "revolt_marker": lambda: t._("remove a revolt marker"),
            "grain": lambda: t._("{n} grain", n=n),
            "vp": lambda: self.vp(n),
            "build": lambda: {
                "palace": t._("a free palace"),
                "church": t._("a free church"),
                "trading_post": t._("a free trading post"),
            }.get(building, building),
            "protection": lambda: t._("no attacks on their counties this round"),
            "deploy3": lambda: t._("3 free armies in an own or neutral county"),
        }  # fmt: skip
        what = told[kind]() if kind in told else str(kind)
        if e.get("standin"):
            what = t._("{what}; {note}", what=what, note=self.standin(e["standin"]))
        return t._("#{card} ({what})", card=e["card"], what=what)


_ENGLISH = Words()


def seat_name(seat: int | str) -> str:
    """A seat's colour name in English: 0 -> 'Red'."""
    return _ENGLISH.seat(seat)


def county_name(key: str) -> str:
    """A county's printed name from its key: 'mark' -> 'Gft. Mark'."""
    return _ENGLISH.county(key)


def cubes(counts: Mapping[str, int]) -> str:
    """Tower cubes by colour, in English: {"0": 3, "peasants": 1} -> 'Red 3, 1 peasant'."""
    return _ENGLISH.cubes(counts)


# ---------------------------------------------------------------------------------------- narrator
@dataclass(frozen=True)
class _Battle:
    """A battle event's facts as the narration names and counts them."""

    seat: int
    defender: int | None
    who: str
    them: str  # the defender's name ("" for a neutral county)
    county: str
    origin: str
    armies: str  # the attacking armies, in words
    out: Mapping[str, int]  # the cubes out of the tower
    a: int  # the attacker's count
    d: int  # the defender's count, armies and peasants
    d_arm: int  # the defender's own armies out of the tower
    peasants_fought: int

    @classmethod
    def of(cls, e: Mapping[str, Any], w: Words) -> _Battle:
        seat = int(e["seat"])
        defender = e.get("defender")
        out: Mapping[str, int] = e["out"]
        d = int(e["defender_count"])
        d_arm = int(out.get(str(defender), 0)) if defender is not None else 0
        return cls(
            seat,
            defender,
            w.seat(seat),
            w.seat(defender) if defender is not None else "",
            w.county(e["county"]),
            w.county(e["origin"]),
            w.armies(int(e["armies"])),
            out,
            int(e["attacker_count"]),
            d,
            d_arm,
            d - d_arm,
        )


class Narrator:
    """Turns public log events into lines; keeps the little context the story needs."""

    def __init__(self, edition: str = "2012", lang: str | None = None) -> None:
        self.classic = edition == "2002"  # the 2002 edition's words: gold, trading firms, farmers
        self.w = Words(lang, self.classic)
        self.t = self.w.t
        self.bid_order: list[int] = []
        self.positions: dict[int, int] = {}
        self.draft_pick: dict[str, Any] | None = None
        self.year_events: list[dict[str, Any]] = []
        self.idle_card = False  # an action card was turned and nobody has performed it yet
        self.court_open = False  # the court step of this round has been announced

    @property
    def missing(self) -> set[str]:
        """Messages this narrator showed without a translation (empty in English)."""
        return self.t.missing

    def feed(self, event: Mapping[str, Any]) -> list[str]:
        """The lines for one more event of the log (possibly none)."""
        kind = event.get("e")
        lines: list[str] = []
        if self.idle_card and kind in ("action_card", "season", "winter", "year", "game_over"):
            lines.append("  " + self.t._("Nobody performs this action."))
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

    def building_phrase(self, kind: str, who: str, county: str, cost: str) -> str:
        """'{who} builds a palace in {county} for {cost}.' (each building its own sentence: German
        articles differ)."""
        t = self.t
        if kind == "palace":
            return t._("{who} builds a palace in {county} for {cost}.", who=who, county=county, cost=cost)
        if kind == "church":
            return t._("{who} builds a church in {county} for {cost}.", who=who, county=county, cost=cost)
        if self.classic:
            return t._("{who} builds a trading firm in {county} for {cost}.", who=who, county=county, cost=cost)
        return t._("{who} builds a trading post in {county} for {cost}.", who=who, county=county, cost=cost)

    # -------------------------------------------------------------------------------- set-up
    def _on_leaders(self, e: Mapping[str, Any]) -> list[str]:
        order = ", ".join(self.w.seat(p) for p in e["order"])
        return [self.t._("The leader cards are shuffled: player order {order}.", order=order)]

    def _on_draft_pick(self, e: Mapping[str, Any]) -> list[str]:
        self.draft_pick = dict(e)
        return []

    def _on_draft_place(self, e: Mapping[str, Any]) -> list[str]:
        t, w = self.t, self.w
        who, county, armies = w.seat(e["seat"]), w.county(e["county"]), w.armies(e["armies"])
        pick = self.draft_pick
        self.draft_pick = None
        if pick is None or pick.get("county") != e["county"]:
            return ["  " + t._("{who} places {armies} in {county}.", who=who, armies=armies, county=county)]
        if pick.get("source") == "deck":
            text = t._("{who} claims {county} (draws it from the deck) and places {armies} there.")
        else:
            text = t._("{who} claims {county} (takes it from the face-up cards) and places {armies} there.")
        return ["  " + text.format(who=who, county=county, armies=armies)]

    def _on_draft_refresh(self, e: Mapping[str, Any]) -> list[str]:
        shown = self.w.join([self.w.county(k) for k in e["faceup"]]) or self.t._("none")
        return [
            "  "
            + self.t._(
                "{who} sees the same two cards as last time and puts them under the deck; face up now: {shown}.",
                who=self.w.seat(e["seat"]),
                shown=shown,
            )
        ]

    # -------------------------------------------------------------------------------- Emperor's Court
    def _on_courtiers(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        sent = ", ".join(t._("{who} {n}", who=self.w.seat(p), n=n) for p, n in e["hall"].items() if n)
        if not sent:
            return [t._("No player's army fell through, so nobody sends courtiers to the Emperor's Court.")]
        return [
            t._("For each own army that fell through, courtiers enter the Emperor's entrance hall: {sent}.", sent=sent)
        ]

    def _on_favours(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        shown = ", ".join(
            t.n("{favour} for {n} courtier", "{favour} for {n} courtiers", c["courtiers"], favour=self.w.favour(c))
            for c in e["display"]
        )
        return [t._("Favour cards at the Emperor's Court: {shown}.", shown=shown)]

    def _on_court_convert(self, e: Mapping[str, Any]) -> list[str]:
        t, w = self.t, self.w
        lines = []
        if not self.court_open:
            self.court_open = True
            lines.append(t._("At the Emperor's Court, the court boards are turned up in player order:"))
        who, n, card = w.seat(e["seat"]), int(e["armies"]), e["card"]
        if card is None:
            return [*lines, "  " + t._("{who}'s convert-{n} box: nothing, no courtiers.", who=who, n=n)]
        if card.startswith("money:"):
            return [*lines, "  " + t._("{who}'s convert-{n} box: a money card, no courtiers.", who=who, n=n)]
        params = {"who": who, "armies": w.armies(n), "courtiers": w.courtiers(n)}
        if card == "tower":
            if e["done"]:
                text = t._("{who} converts {armies} from the tray (dice tower card) into {courtiers}.", **params)
            else:
                why = self.w.label(COURT_SKIPS, e["why"])
                text = t._("{who} cannot convert {armies} from the tray (dice tower card): {why}.", why=why, **params)
        elif e["done"]:
            text = t._("{who} converts {armies} in {county} into {courtiers}.", county=w.county(card), **params)
        else:
            why = self.w.label(COURT_SKIPS, e["why"])
            text = t._("{who} cannot convert {armies} in {county}: {why}.", county=w.county(card), why=why, **params)
        return [*lines, "  " + text]

    def _on_audience(self, e: Mapping[str, Any]) -> list[str]:
        lines = []
        if not self.court_open:
            self.court_open = True
            lines.append(self.t._("At the Emperor's Court:"))
        text = self.t._(
            "{who} enters the audience hall with {courtiers}.",
            who=self.w.seat(e["seat"]),
            courtiers=self.w.courtiers(int(e["courtiers"])),
        )
        return [*lines, "  " + text]

    def _on_favour(self, e: Mapping[str, Any]) -> list[str]:
        text = self.t._(
            "{who} takes favour {favour} for {courtiers}.",
            who=self.w.seat(e["seat"]),
            favour=self.w.favour(e),
            courtiers=self.w.courtiers(e["courtiers"]),
        )
        return ["    " + text]

    def _on_favour_pass(self, e: Mapping[str, Any]) -> list[str]:
        return ["    " + self.t._("{who} asks no favour.", who=self.w.seat(e["seat"]))]

    def _on_favour_effect(self, e: Mapping[str, Any]) -> list[str]:
        t, w = self.t, self.w
        who, kind = w.seat(e["seat"]), e["favour"]
        if e.get("result") == "no effect":
            return ["    " + t._("The favour has no effect for {who}: nothing it could be used on.", who=who)]
        if kind == "thalers":
            text = t._("{who} receives {thalers}.", who=who, thalers=w.thalers(e["gained"]))
        elif kind == "grain":
            text = t._("{who} receives {n} grain.", who=who, n=e["gained"])
        elif kind == "vp":
            text = t._("{who} scores {vp}.", who=who, vp=w.vp(e["gained"]))
        elif kind == "tray_armies":
            text = t._("{who} puts {armies} into the tray of the tower.", who=who, armies=w.armies(e["gained"]))
        elif kind == "protection":
            text = t._("{who}'s counties cannot be attacked for the rest of this round.", who=who)
        elif kind == "remove_event":
            removed = e.get("removed")
            if removed is None:
                text = t._("{who} leaves this round's event in place.", who=who)
            else:
                text = t._(
                    "{who} removes this round's event, {event}: it is ignored.",
                    who=who,
                    event=w.event(removed["event"], False),
                )
        elif kind == "revolt_marker":
            if e.get("kept"):
                text = t._(
                    "{who} has no county with a revolt marker and keeps the card to parry the next one.", who=who
                )
            else:
                text = t._(
                    "{who} removes a revolt marker from {county} ({left} left).",
                    who=who,
                    county=w.county(e["county"]),
                    left=int(e["revolt"]),
                )
        elif kind == "build":
            county = w.county(e["county"])
            text = {
                "palace": t._("{who} builds a palace in {county} free of charge.", who=who, county=county),
                "church": t._("{who} builds a church in {county} free of charge.", who=who, county=county),
                "trading_post": t._("{who} builds a trading post in {county} free of charge.", who=who, county=county),
            }[e["building"]]
        elif kind == "deploy3":
            params = {"who": who, "armies": w.armies(e["armies"]), "county": w.county(e["county"])}
            if e.get("taken"):
                text = t._(
                    "{who} places {armies} free of charge in {county}, taking the neutral county without a battle.",
                    **params,
                )
            else:
                text = t._("{who} places {armies} free of charge in {county}.", **params)
        else:
            text = f"{who}: {kind}."
        return [f"      {text}"]

    def _on_parry(self, e: Mapping[str, Any]) -> list[str]:
        text = self.t._(
            "{who}'s kept favour #4 parries the revolt marker for {county}.",
            who=self.w.seat(e["seat"]),
            county=self.w.county(e["county"]),
        )
        return ["    " + text]

    def _on_court_end(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        lines = []
        if e["discarded"]:
            cards = self.w.join([f"#{n}" for n in e["discarded"]])
            lines.append("  " + t._("Favour cards nobody took leave the game: {cards}.", cards=cards))
        waiting = ", ".join(t._("{who} {n}", who=self.w.seat(p), n=n) for p, n in e["hall"].items() if n)
        lines.append("  " + t._("Courtiers waiting in the entrance hall: {waiting}.", waiting=waiting or t._("none")))
        return lines

    def _on_tower_fill(self, e: Mapping[str, Any]) -> list[str]:
        return [
            self.t._(
                "The tower is loaded: {dropped} go in; {out} fall through to the tray and go back to the supplies.",
                dropped=self.w.cubes(e["dropped"]),
                out=self.w.cubes(e["out"]),
            )
        ]

    # -------------------------------------------------------------------------------- year and season
    def _on_year(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        self.year_events = [dict(ev) for ev in e["events"]]
        shown = "; ".join(
            t._("{event} (winter loss {n})", event=self.w.event_card(ev, False), n=ev["winter_loss"])
            if not ev.get("standin")
            else t._("{event} (winter loss {n}, stand-in)", event=self.w.event_card(ev, False), n=ev["winter_loss"])
            for ev in e["events"]
        )
        return [
            "",
            t._("=== Year {year} ===", year=e["year"]),
            t._("Events turned up for the year: {shown}. One of them will be left for winter.", shown=shown),
        ]

    def _on_season(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        self.court_open = False
        self.bid_order = []
        self.positions = {}
        index = e["season"]
        season = t._(SEASON_NAMES[SEASONS[index]]) if 0 <= index < len(SEASONS) else str(index)
        visible = ", ".join(f"{i} {self.w.action(a)}" for i, a in enumerate(e["actions_visible"], 1))
        hidden = len(ACTIONS) - len(e["actions_visible"])
        lines = [
            "",
            t._("--- Year {year}, {season} ---", year=e["year"], season=season),
            t._("Action cards face up: {visible} ({hidden} more face down).", visible=visible, hidden=hidden),
        ]
        if "bonus_tiles" in e:
            tiles = ", ".join(f"{i} {self.w.tile(x)}" for i, x in enumerate(e["bonus_tiles"], 1))
            lines.append(t._("Bonus tiles by position: {tiles}.", tiles=tiles))
        lines.append(t._("Everyone plans in secret."))
        return lines

    def _on_event(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        lines = [t._("Event drawn: {event}.", event=self.w.event_card(e))]
        left = [ev for ev in self.year_events if ev.get("card") != e.get("card")]
        if len(left) < len(self.year_events):
            self.year_events = left
            if len(left) == 1:
                last = left[0]
                params = {"event": self.w.event_card(last, False), "n": last["winter_loss"]}
                if last.get("standin"):
                    text = t._("Left for winter: {event}; every player will lose {n} grain (stand-in).", **params)
                else:
                    text = t._("Left for winter: {event}; every player will lose {n} grain.", **params)
                lines.append(text)
        return lines

    def _on_bids(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        bids: Mapping[str, str | None] = e["bids"]
        self.bid_order = [int(p) for p in e["bid_order"]]
        self.positions = {}
        shown = ", ".join(t._("{who} {bid}", who=self.w.seat(p), bid=self.w.bid(card)) for p, card in bids.items())
        ranks = [_bid_rank(card) for card in bids.values()]
        order = ", ".join(self.w.seat(p) for p in self.bid_order)
        if len(set(ranks)) < len(ranks):
            choosing = t._("Choosing order (ties drawn by lot): {order}.", order=order)
        else:
            choosing = t._("Choosing order: {order}.", order=order)
        return [t._("Bids revealed: {shown}.", shown=shown), choosing]

    def _on_position(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        seat = int(e["seat"])
        self.positions[seat] = int(e["position"])
        text = t._(
            "{who} takes position {position} with the tile '{tile}'.",
            who=self.w.seat(seat),
            position=e["position"],
            tile=self.w.tile(e["tile"]),
        )
        lines = ["  " + text]
        if self.bid_order and len(self.positions) == len(self.bid_order):
            order = sorted(self.positions, key=lambda p: self.positions[p])
            lines.append(t._("Player order: {order}.", order=", ".join(self.w.seat(p) for p in order)))
        return lines

    # -------------------------------------------------------------------------------- actions
    def _on_action_card(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        lines = []
        up = e.get("turned_up")
        if up:  # the previous action's card was put aside and the next face-down one turned up (W-11a)
            card = self.w.action(up["action"])
            lines.append(t._("Action card {index} is turned up: {action}", index=int(up["index"]), action=card))
        lines.append(t._("Action {index}: {action}", index=int(e["index"]), action=self.w.action(e["action"])))
        return lines

    def _on_action(self, e: Mapping[str, Any]) -> list[str]:
        t, w = self.t, self.w
        who, county, action = w.seat(e["seat"]), w.county(e["county"]), e["action"]
        led = " " + t._("The military leader's presence improves it.") if e.get("leader") else ""
        if action in BUILDING_NAMES:
            cost = int(e.get("cost", BOARD.costs[ACTIONS.index(action)] - (BUILD_DISCOUNT if led else 0)))
            if cost < 0:
                earns = {"who": who, "county": county, "money": self.w.money(-cost)}
                if action == "palace":
                    return ["  " + t._("{who} builds a palace in {county} and earns {money}.", **earns)]
                if action == "church":
                    return ["  " + t._("{who} builds a church in {county} and earns {money}.", **earns)]
                return ["  " + t._("{who} builds a trading firm in {county} and earns {money}.", **earns)]
            line = "  " + self.building_phrase(action, who, county, w.money(cost)) + led
            if e.get("calmed"):
                line += " " + t._("Trade calms the county: one revolt marker is removed.")
            return [line]
        if action == "grain":
            return ["  " + t._("{who} collects {n} grain in {county}.", who=who, n=e["amount"], county=county) + led]
        if action == "tax":
            text = t._("{who} collects {money} in {county}.", who=who, money=w.money(e["amount"]), county=county)
            return ["  " + text + led]
        if action in ("deploy5", "deploy3", "deploy1_move"):
            price = w.money(BOARD.costs[ACTIONS.index(action)])
            if not e["armies"]:
                return [
                    "  " + t._("{who} pays {cost} in {county} and adds no army.", who=who, cost=price, county=county)
                ]
            text = t._(
                "{who} pays {cost} and deploys {armies} in {county}.",
                who=who,
                cost=price,
                armies=w.armies(e["armies"]),
                county=county,
            )
            return ["  " + text + led]
        return ["  " + t._("{who} marches from {county}.", who=who, county=county)]

    def _on_skip(self, e: Mapping[str, Any]) -> list[str]:
        reasons = SKIP_REASONS_2002 if self.classic else SKIP_REASONS
        why = self.w.label(reasons, e["why"])
        text = self.t._(
            "{who} skips {action} in {county}: {why}.",
            who=self.w.seat(e["seat"]),
            action=self.w.action(e["action"]),
            county=self.w.county(e["county"]),
            why=why,
        )
        return ["  " + text]

    def _on_move(self, e: Mapping[str, Any]) -> list[str]:
        text = self.t._(
            "{who} moves {armies} from {origin} to {county}.",
            who=self.w.seat(e["seat"]),
            armies=self.w.armies(e["armies"]),
            origin=self.w.county(e["origin"]),
            county=self.w.county(e["county"]),
        )
        return ["    " + text]

    def _on_marker(self, e: Mapping[str, Any]) -> list[str]:
        text = self.t.n(
            "Unrest grows in {county}: {n} revolt marker now.",
            "Unrest grows in {county}: {n} revolt markers now.",
            int(e["revolt"]),
            county=self.w.county(e["county"]),
        )
        return ["    " + text]

    def _on_stay(self, e: Mapping[str, Any]) -> list[str]:
        text = self.t._(
            "{who} moves no armies out of {county}.", who=self.w.seat(e["seat"]), county=self.w.county(e["county"])
        )
        return ["    " + text]

    def _on_battle(self, e: Mapping[str, Any]) -> list[str]:
        b = _Battle.of(e, self.w)
        lines = ["    " + self._battle_head(b, e), "      " + self._tower(e["dropped"], b.out)]
        verdict = self._battle_verdict(b, e["result"], int(e.get("kept", 0)))
        lines.append("      " + self.t._("{score}: {verdict}", score=self._battle_score(b), verdict=verdict))
        tray = dict(b.out)
        tray[str(b.seat)] = 0
        if b.defender is not None:
            tray[str(b.defender)] = 0
        if b.peasants_fought:
            tray["peasants"] = 0
        if any(tray.values()):
            lines.append("      " + self.t._("Left in the tray: {cubes}.", cubes=self.w.cubes(tray)))
        return lines

    def _battle_head(self, b: _Battle, e: Mapping[str, Any]) -> str:
        """Who attacks what from where, with what the defence adds (bonus tiles, commitment, farmers)."""
        t, who, them = self.t, b.who, b.them
        params = {"who": who, "them": them, "county": b.county, "origin": b.origin, "armies": b.armies}
        if b.defender is not None:
            head = t._("{who} attacks {them}'s {county} from {origin} with {armies}", **params)
        else:
            head = t._("{who} attacks neutral {county} from {origin} with {armies}", **params)
        extras: Mapping[str, int] = e.get("extras", {})
        notes = []
        if extras.get("attack_tile"):
            notes.append(t._("{who} adds 1 army for the attack bonus", who=who))
        if extras.get("defend_tile") and b.defender is not None:
            notes.append(t._("{them} adds 1 army for the defence bonus", them=them))
        if extras.get("palace_guard") and b.defender is not None:
            notes.append(t._("{them} adds 1 army for the palace guard", them=them))
        if "committed" in e and b.defender is not None:
            total = int(e["committed"]) + int(e["kept"])
            notes.append(
                t.n(
                    "{them} throws in {committed} of its {n} army there",
                    "{them} throws in {committed} of its {n} armies there",
                    total,
                    them=them,
                    committed=e["committed"],
                )
            )
        if "farmers_added" in e:
            notes += self._farmers_added(b, int(e["farmers_added"]))
        return head + "; " + "; ".join(notes) + "." if notes else head + "."

    def _farmers_added(self, b: _Battle, added: int) -> list[str]:
        """2002: farmers from the supply defend a free land, or guard a palace."""
        t = self.t
        if b.defender is None:
            return [t.n("{n} farmer from the supply defends it", "{n} farmers from the supply defend it", added)]
        if added:
            return [
                t.n(
                    "{n} farmer from the supply guards the palace",
                    "{n} farmers from the supply guard the palace",
                    added,
                )
            ]
        return []

    def _battle_score(self, b: _Battle) -> str:
        t, w, who, them, a = self.t, self.w, b.who, b.them, b.a
        if b.defender is None:
            return t._("{who} {a} against {peasants}", who=who, a=a, peasants=w.peasants(b.d))
        if b.peasants_fought:
            return t._(
                "{who} {a} against {them} {d} + {peasants}",
                who=who,
                a=a,
                them=them,
                d=b.d_arm,
                peasants=w.peasants(b.peasants_fought),
            )
        return t._("{who} {a} against {them} {d}", who=who, a=a, them=them, d=b.d_arm)

    def _battle_verdict(self, b: _Battle, result: str, kept_back: int) -> str:
        t, w, county = self.t, self.w, b.county
        if result == "attacker":
            won = {"who": b.who, "them": b.them, "county": county, "armies": w.armies(b.a - b.d)}
            if b.defender is None:
                return t._("{who} wins and takes {county}, keeping {armies} there.", **won)
            verdict = t._("{who} wins and takes {county} from {them}, keeping {armies} there.", **won)
            if kept_back:
                verdict += " " + t.n(
                    "The {n} army kept back goes to the supply too.",
                    "The {n} armies kept back go to the supply too.",
                    kept_back,
                )
            return verdict
        if result == "defender" and b.defender is None:  # 2002: the farmers hold a free land
            return t._("the peasants hold {county}, which stays neutral.", county=county)
        if result == "defender":
            kept = kept_back + b.d_arm - max(0, b.a - b.peasants_fought)
            return t._("{them} holds {county} with {armies}.", them=b.them, county=county, armies=w.armies(kept))
        if b.defender is None:
            return t._("{who} fails to take {county}, which stays neutral.", who=b.who, county=county)
        if b.d > b.a:
            return t._(
                "only peasants defended, which counts as a tie: {county} is laid waste and becomes neutral.",
                county=county,
            )
        return t._("a tie: {county} is laid waste and becomes neutral.", county=county)

    def _tower(self, dropped: Mapping[str, int], out: Mapping[str, int]) -> str:
        return self.t._(
            "Into the tower (with the tray): {dropped}. Out: {out}.",
            dropped=self.w.cubes(dropped),
            out=self.w.cubes(out),
        )

    def _on_revolt(self, e: Mapping[str, Any]) -> list[str]:
        t, w = self.t, self.w
        seat = int(e["seat"])
        who, county = w.seat(seat), w.county(e["county"])
        a, p = int(e["owner_count"]), int(e["peasant_count"])
        params: dict[str, Any] = {"who": who, "county": county}
        if "committed" in e:
            params |= {"committed": e["committed"], "armies": w.armies(int(e["committed"]) + int(e["kept"]))}
            if e.get("winter"):
                rise = t._(
                    "Revolt (winter) in {county}: the peasants rise against {who}, who throws in {committed} of"
                    " {armies} there.",
                    **params,
                )
            else:
                rise = t._(
                    "Revolt in {county}: the peasants rise against {who}, who throws in {committed} of {armies} there.",
                    **params,
                )
        elif e.get("winter"):
            rise = t._("Revolt (winter) in {county}: the peasants rise against {who}.", **params)
        else:
            rise = t._("Revolt in {county}: the peasants rise against {who}.", **params)
        lines = ["    " + rise, "      " + self._tower(e["dropped"], e["out"])]
        score = t._("{who} {a} against {peasants}", who=who, a=a, peasants=w.peasants(p))
        if e["result"] == "owner":
            verdict = t._(
                "{who} puts the revolt down and keeps {armies} in {county}.",
                who=who,
                county=county,
                armies=w.armies(a - p + int(e.get("kept", 0))),
            )
        elif a == p:
            verdict = t._("a tie goes to the peasants: {county} is laid waste and becomes neutral.", county=county)
        else:
            verdict = t._("the peasants win: {county} is laid waste and becomes neutral.", county=county)
        lines.append("      " + t._("{score}: {verdict}", score=score, verdict=verdict))
        tray = dict(e["out"])
        tray[str(seat)] = 0
        tray["peasants"] = 0
        if any(tray.values()):
            lines.append("      " + t._("Left in the tray: {cubes}.", cubes=w.cubes(tray)))
        return lines

    # -------------------------------------------------------------------------------- Landsknechte
    def _on_landsknechte(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        offered: Mapping[str, int] = e["offered"]
        params = {"who": self.w.seat(e["seat"]), "regions": e["regions"], "card": e["card"]}
        if not offered:
            return [
                "  "
                + t._(
                    "Landsknechte: {who} holds counties in {regions} regions and turns up card {card}, which offers"
                    " nothing.",
                    **params,
                )
            ]
        choices = t._(" or ").join(self.w.lk_benefit(name, n) for name, n in offered.items())
        if e.get("standin"):
            text = t._(
                "Landsknechte: {who} holds counties in {regions} regions and turns up card {card}: {choices} ({note}).",
                choices=choices,
                note=t._(STANDIN_TEXT),
                **params,
            )
        else:
            text = t._(
                "Landsknechte: {who} holds counties in {regions} regions and turns up card {card}: {choices}.",
                choices=choices,
                **params,
            )
        return ["  " + text]

    def _on_landsknechte_miss(self, e: Mapping[str, Any]) -> list[str]:
        text = self.t.n(
            "Landsknechte: {who} holds counties in only {n} region; the deck stays.",
            "Landsknechte: {who} holds counties in only {n} regions; the deck stays.",
            int(e["regions"]),
            who=self.w.seat(e["seat"]),
        )
        return ["  " + text]

    def _on_landsknechte_benefit(self, e: Mapping[str, Any]) -> list[str]:
        params = {"who": self.w.seat(e["seat"]), "benefit": self.w.lk_benefit(e["benefit"], int(e["amount"]))}
        if e.get("standin"):
            text = self.t._("{who} takes {benefit} ({note}).", note=self.t._(STANDIN_TEXT), **params)
        else:
            text = self.t._("{who} takes {benefit}.", **params)
        return ["    " + text]

    # -------------------------------------------------------------------------------- military leaders
    def _trophies(self, taken: Mapping[str, int]) -> str:
        """', taking 2 statues of Blue as trophies' (empty when nothing was taken)."""
        if not taken:
            return ""
        parts = [
            self.t.n("{n} statue of {owner}", "{n} statues of {owner}", n, owner=self.w.seat(o))
            for o, n in taken.items()
        ]
        return self.t._(", taking {statues} as trophies", statues=self.w.join(parts))

    def _on_leader_place(self, e: Mapping[str, Any]) -> list[str]:
        params = {"who": self.w.seat(e["seat"]), "county": self.w.county(e["county"]), "trophies": ""}
        params["trophies"] = self._trophies(e["trophies"])
        if e.get("returning"):
            text = self.t._("{who}'s military leader returns to the board in {county}{trophies}.", **params)
        else:
            text = self.t._("{who}'s military leader takes position in {county}{trophies}.", **params)
        return ["  " + text]

    def _on_leader_move(self, e: Mapping[str, Any]) -> list[str]:
        t, w = self.t, self.w
        params = {
            "who": w.seat(e["seat"]),
            "origin": w.county(e["origin"]),
            "county": w.county(e["county"]),
            "trophies": self._trophies(e["trophies"]),
        }
        if not e["adjacent"]:
            text = t._(
                "{who}'s military leader flees from {origin} to distant {county}; no statue is raised{trophies}.",
                **params,
            )
        elif e["statue"]:
            text = t._(
                "{who}'s military leader leaves {origin} victorious for {county}; a statue is raised in"
                " {origin}{trophies}.",
                **params,
            )
        else:
            text = t._(
                "{who}'s military leader leaves {origin} for {county}; no statue is left to raise{trophies}.", **params
            )
        return ["  " + text]

    def _on_leader_stays(self, e: Mapping[str, Any]) -> list[str]:
        text = self.t._(
            "{who}'s military leader stays in {county}: no other county.",
            who=self.w.seat(e["seat"]),
            county=self.w.county(e["county"]),
        )
        return ["  " + text]

    def _on_leader_lost(self, e: Mapping[str, Any]) -> list[str]:
        text = self.t._(
            "{who}'s military leader leaves the board with {county} and returns after winter.",
            who=self.w.seat(e["seat"]),
            county=self.w.county(e["county"]),
        )
        return ["      " + text]

    def _on_leader_waits(self, e: Mapping[str, Any]) -> list[str]:
        return [
            "  "
            + self.t._("{who} holds no county: the military leader stays off the board.", who=self.w.seat(e["seat"]))
        ]

    def _on_leader_points(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        rows = []
        for p, (row, total) in enumerate(zip(e["detail"], e["vp"], strict=True)):
            rows.append(
                "  "
                + t._(
                    "{who}: {statues} + {trophies} = {gained} VP, {total} in all.",
                    who=self.w.seat(p),
                    statues=t.n("{n} statue", "{n} statues", row["statues"]),
                    trophies=t.n("{n} trophy", "{n} trophies", row["trophies"]),
                    gained=row["statues"] + row["trophies"],
                    total=total,
                )
            )
        return [t._("Military leaders' statues and trophies:"), *rows]

    # -------------------------------------------------------------------------------- winter
    def _on_winter(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        grain = ", ".join(t._("{who} {n}", who=self.w.seat(p), n=g) for p, g in enumerate(e["grain"]))
        if e.get("standin"):
            loss = t._("Every player loses {n} grain (stand-in). Grain left: {grain}.", n=e["grain_loss"], grain=grain)
        else:
            loss = t._("Every player loses {n} grain. Grain left: {grain}.", n=e["grain_loss"], grain=grain)
        return ["", t._("--- Year {year}, winter ---", year=e["year"]), loss]

    def _on_supply_short(self, e: Mapping[str, Any]) -> list[str]:
        t, w = self.t, self.w
        drawn = [w.county(k) for k in e["counties"]]
        params = {
            "who": w.seat(e["seat"]),
            "counties": t.n("{n} county", "{n} counties", int(e["shortfall"])),
            "where": w.join(drawn),
            "peasants": t.n("{n} extra peasant", "{n} extra peasants", int(e["extra_peasants"])),
        }
        text = t.n(
            "{who} cannot feed {counties}: a revolt in {where}, each with {peasants}.",
            "{who} cannot feed {counties}: {n} revolts in {where}, each with {peasants}.",
            len(drawn),
            **params,
        )
        return ["  " + text]

    def _on_score(self, e: Mapping[str, Any]) -> list[str]:
        t = self.t
        lines = [t._("Scoring, year {year}:", year=e["year"])]
        for p, (row, total) in enumerate(zip(e["detail"], e["vp"], strict=True)):
            text = t._(
                "{who}: {counties} + {buildings} + {majorities} for majorities = {gained} VP, {total} in all.",
                who=self.w.seat(p),
                counties=t.n("{n} county", "{n} counties", row["counties"]),
                buildings=t.n("{n} building", "{n} buildings", row["buildings"]),
                majorities=row["majorities"],
                gained=row["counties"] + row["buildings"] + row["majorities"],
                total=total,
            )
            lines.append("  " + text)
        return lines

    def _on_game_over(self, e: Mapping[str, Any]) -> list[str]:
        if "buildings" in e:
            return self._game_over_2002(e)
        t, w = self.t, self.w
        vp: list[int] = e["vp"]
        thalers: list[int] = e["thalers"]
        winners: list[int] = e["winners"]
        ranking = sorted(range(len(vp)), key=lambda p: (-vp[p], -thalers[p], p))
        standings = ", ".join(
            t._("{who} {vp} VP ({thalers})", who=w.seat(p), vp=vp[p], thalers=w.thalers(thalers[p])) for p in ranking
        )
        lines = ["", t._("=== Game over ==="), t._("Final standings: {standings}.", standings=standings)]
        best = max(vp) if vp else 0
        on_thalers = sum(1 for v in vp if v == best) > len(winners)
        names = w.join([w.seat(p) for p in winners])
        if len(winners) == 1:
            if on_thalers:
                lines.append(t._("Winner: {names}, on thalers.", names=names))
            else:
                lines.append(t._("Winner: {names}.", names=names))
        elif winners:
            lines.append(t._("Shared win: {names}, equal in victory points and thalers.", names=names))
        return lines

    def _game_over_2002(self, e: Mapping[str, Any]) -> list[str]:
        """Ties go to most palaces, then churches, then trading firms (W-28)."""
        t, w = self.t, self.w
        vp: list[int] = e["vp"]
        built: list[list[int]] = e["buildings"]
        winners: list[int] = e["winners"]
        ranking = sorted(range(len(vp)), key=lambda p: (-vp[p], [-x for x in built[p]], p))
        standings = ", ".join(
            t._(
                "{who} {vp} VP ({palaces}, {churches}, {firms})",
                who=w.seat(p),
                vp=vp[p],
                palaces=t.n("{n} palace", "{n} palaces", built[p][0]),
                churches=t.n("{n} church", "{n} churches", built[p][1]),
                firms=t.n("{n} firm", "{n} firms", built[p][2]),
            )
            for p in ranking
        )
        lines = ["", t._("=== Game over ==="), t._("Final standings: {standings}.", standings=standings)]
        best = max(vp) if vp else 0
        on_buildings = sum(1 for v in vp if v == best) > len(winners)
        names = w.join([w.seat(p) for p in winners])
        if len(winners) == 1:
            if on_buildings:
                lines.append(t._("Winner: {names}, on buildings (palaces, churches, firms).", names=names))
            else:
                lines.append(t._("Winner: {names}.", names=names))
        elif winners:
            lines.append(t._("Shared win: {names}, equal in victory points, palaces, churches and firms.", names=names))
        return lines


def narrate(log: Iterable[Mapping[str, Any]], edition: str = "2012", lang: str | None = None) -> list[str]:
    """Lines telling the events of a public log, in order."""
    narrator = Narrator(edition, lang)
    lines: list[str] = []
    for event in log:
        lines.extend(narrator.feed(event))
    return lines


def header(
    players: int, setup: str, edition: str = "2012", modules: Sequence[str] = (), lang: str | None = None
) -> list[str]:
    """The opening lines: who plays, and for the default line-up, where everyone starts."""
    w = Words(lang, edition == "2002")
    t = w.t
    seats = ", ".join(w.seat(p) for p in range(players))
    if edition == "2002":
        from wallenstein.edition2002 import START_GOLD

        money = t._("{n} gold and 5 blank land cards", n=START_GOLD[players])
    else:
        money = w.thalers(BOARD.start_thalers[players])
    setup_label = t._(SETUP_LABELS[setup]) if setup in SETUP_LABELS else setup
    lines = [
        t._("Wallenstein ({edition} edition), {n} players, {setup}.", edition=edition, n=players, setup=setup_label),
        t._("Seats: {seats}; everyone starts with {money}.", seats=seats, money=money),
    ]
    if modules:
        shown = ", ".join(t._(MODULE_LABELS[m]) if m in MODULE_LABELS else m for m in modules)
        lines.insert(1, t._("Modules: {modules}.", modules=shown))
    if setup == "lineup":
        lines.append(t._("Starting counties (armies):"))
        for seat, row in enumerate(BOARD.lineups[players]):
            held = ", ".join(f"{w.county(BOARD.keys[c])} {n}" for c, n in row)
            lines.append("  " + t._("{who}: {held}.", who=w.seat(seat), held=held))
    else:
        lines.append(t._("Starting counties are drafted, each player in turn:"))
    return lines


def narrate_game(game: Game, lang: str | None = None) -> str:
    """The whole narrated game so far (one text, ending with a newline). Needs a game with log=True."""
    if not game.logging:
        raise ValueError("this game keeps no event log (it was created with log=False)")
    lines = header(game.players, game.config["setup"], game.edition, game.config["modules"], lang)
    lines += narrate(game.log, game.edition, lang)
    return "\n".join(lines) + "\n"


__all__ = ["Narrator", "Words", "header", "narrate", "narrate_game"]
