"""The League of Six game: a state machine that always says who must decide what.

``Game`` drives the rules by phase (setup, choosing, taxes, storing, cleanup): after every decision
it runs everything automatic (chance draws, reordering, filling rows, scoring) until a player must
decide again. A decision with a single legal option is taken automatically and is not part of the
history. The turn protocol (seat checks, legal-action cache, apply, settling, clones), history,
log, recorded chance, replay and save files come from :class:`tabletop.engine.RecordedGame`, shared
with the other games of the table; this module fills its hooks with League of Six's rules.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from league_of_six.actions import ACCEPT_KIND, CHOOSE_KIND, LEADER_KIND, OFFER_KIND, ROTATE_KIND, ROW_KIND, Action
from league_of_six.choosing import accept, choose, choose_options, offer, offer_options, responder
from league_of_six.components import KINDS, SIDES, TOWN_KEYS, Components, Layout, resolve, standin
from league_of_six.setup import initial_state, setup_game
from league_of_six.state import BONUS, CHOOSE, OFFER, OVER, PHASES, RESPOND, ROTATE, STORE, State
from league_of_six.storing import bonus_options, choose_row, chooser, row_options, take_leader
from league_of_six.taxes import collect, collector, rotate_options
from tabletop.engine import RecordedGame, check_game, check_head
from tabletop.errors import DataError, IllegalAction

COLOURS = ("red", "yellow", "green", "blue", "black")  # seat colours (figures and markers)
PLAYERS = (3, 4, 5)

ComponentsArg = Components | Mapping[str, Any] | str | Path | None


class Game(RecordedGame[State, Action]):
    """One game of League of Six. Create it with :func:`league_of_six.new_game`."""

    SAVE_FORMAT = "league-of-six-game"
    SAVE_VERSION = 1
    TITLE = "League of Six"
    ACTION = Action
    PHASES = PHASES
    OVER = OVER

    def __init__(
        self, config: dict[str, Any], comp: Components, replay: deque[tuple[str, Any]] | None = None, log: bool = True
    ) -> None:
        self._start_record(config, replay, log)
        self.comp = comp
        self.sides: tuple[int, ...] = tuple(SIDES.index(x) for x in config["sides"])
        self.s = initial_state(comp, config["players"])
        setup_game(self)
        self._settle()

    @classmethod
    def _build(cls, options: dict[str, Any], replay: deque[tuple[str, Any]], log: bool) -> Game:
        check_game("league_of_six", options)
        config, comp = _options(
            options.get("players"), options.get("seed"), options.get("components"), options.get("sides")
        )
        check_head(options, config)
        return cls(config, comp, replay=replay, log=log)

    # ------------------------------------------------------------------ the public API
    def pending(self) -> list[int]:
        """The seat that must decide now ([] once the game is over, and while a decision is applied and a
        turn has run past the last seat: an observer of the log looks then, tabletop.engine)."""
        try:
            seat = self._sole_seat()
        except IndexError:
            return []
        return [seat] if seat >= 0 else []

    def observe(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator), as JSON-ready data."""
        if seat is not None:
            self._check_seat(seat)
        from league_of_six.observe import observation

        return observation(self, seat)

    def result(self) -> dict[str, Any]:
        """Influence and winners (most influence, then most guards in hand, then shared).

        Guards in hand are secret until the end: ``guards`` is None while the game runs.
        """
        s = self.s
        winners: list[int] = []
        if self.over:
            best = max(zip(s.influence, s.guards, strict=True))
            winners = [p for p in range(s.players) if (s.influence[p], s.guards[p]) == best]
        return {
            "influence": list(s.influence),
            "guards": list(s.guards) if self.over else None,
            "winners": winners,
            "over": self.over,
        }

    def resample(self, seat: int, seed: int) -> Game:
        """A game that looks exactly the same to ``seat`` (``observe(seat)`` is equal), with what it
        cannot see redrawn from ``seed``: which cards the piles still hold where its memory cannot
        tell, the tax tiles and storage tiles left, the seed of all future chance (hands are public,
        L-07), read off this game as a seat that saw every step would remember it
        (:class:`~league_of_six.determinize.PublicMemory`; nothing is replayed)."""
        import random

        from league_of_six.determinize import PublicMemory, rebuild

        self._check_seat(seat)
        memory = PublicMemory(self.s, seat, self.comp)
        game = rebuild(self.observe(seat), memory, self.comp, random.Random(seed), seed)
        # The civic bonus waiting is the filled row's bonus (public), which the determinization
        # leaves wide open: copy it so the deciding seat keeps exactly its legal actions.
        game.s.bonus_limit = self.s.bonus_limit
        game.refresh()
        return game

    def _clone_into(self, g: Game) -> None:
        g.comp = self.comp
        g.sides = self.sides

    # ------------------------------------------------------------------ helpers for rules modules and views
    @property
    def layout(self) -> Layout:
        s = self.s
        return self.comp.layout(s.store_tiles[0], s.store_tiles[1], s.side)

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(SIDES[x] for x in self.sides)

    def card_json(self, card: int) -> dict[str, Any]:
        c = self.comp.cards[card]
        return {"card": card, "kind": KINDS[c.kind], "figures": c.figures, "gray": c.gray}

    @staticmethod
    def leader_json(leader: tuple[int, int]) -> dict[str, Any]:
        return {"kind": KINDS[leader[0]], "figures": leader[1]}

    def row_json(self, r: int) -> dict[str, Any]:
        lay = self.layout
        return {"store": ("royal", "civic")[lay.store[r]], "row": lay.number[r] + 1}

    # ------------------------------------------------------------------ the state machine
    def _sole_seat(self) -> int:
        """The seat deciding now (one at a time), -1 once the game is over."""
        s = self.s
        ph = s.phase
        if ph == CHOOSE or ph == OFFER:
            return s.mover
        if ph == RESPOND:
            return responder(s)
        if ph == ROTATE:
            return collector(self)
        if ph == STORE or ph == BONUS:
            return chooser(self)
        return -1

    def _is_pending(self, seat: Any) -> bool:
        return type(seat) is int and seat == self._sole_seat()

    def _compute_legal(self, seat: int) -> list[Action]:
        ph = self.s.phase
        if ph == CHOOSE:
            return choose_options(self, seat)
        if ph == OFFER or ph == RESPOND:
            return offer_options(self, seat)
        if ph == ROTATE:
            return rotate_options(self, seat)
        if ph == STORE:
            return row_options(self, seat)
        return bonus_options(self, seat)

    def _explain(self, seat: int, action: Action) -> IllegalAction | None:
        """Why a town cannot be entered or an offer made (the other refusals are the engine's)."""
        s = self.s
        if action.kind == CHOOSE_KIND:
            t = action.a
            name = self.comp.towns[t].name
            if s.besieged[t]:
                return IllegalAction(
                    f"{name} is besieged by the Hussites this round", code="town_besieged", params={"town": name}
                )
            if s.displaced and t == s.mover_from:
                why = f"after accepting an offer you must travel on: you cannot stay in {name}"
                return IllegalAction(why, code="travel_on", params={"town": name})
            top = s.counter[s.occupant[t]]
            why = f"to enter {name} you must offer more than {top} guards, at most 12 and what you can pay (L-04)"
            return IllegalAction(why, code="enter_offer", params={"town": name, "n": top})
        if action.kind == OFFER_KIND:
            why = (
                f"an offer must be higher than {s.c_offer}, at most 12, and at most what you can give"
                f" ({s.means(seat)} guards counting 2 influence per guard; L-04)"
            )
            return IllegalAction(why, code="offer_higher", params={"n": s.c_offer, "means": s.means(seat)})
        return None

    def _do(self, seat: int, action: Action) -> None:
        k = action.kind
        if k == CHOOSE_KIND:
            choose(self, seat, action.a)
        elif k == OFFER_KIND:
            offer(self, seat, action.a)
        elif k == ACCEPT_KIND:
            accept(self, seat)
        elif k == ROTATE_KIND:
            collect(self, seat, action.a)
        elif k == ROW_KIND:
            choose_row(self, seat, action)
        elif k == LEADER_KIND:
            take_leader(self, seat, action.a)


# ---------------------------------------------------------------------------------------- creation
def _options(players: Any, seed: Any, components: Any, sides: Any) -> tuple[dict[str, Any], Components]:
    if isinstance(players, bool) or players not in PLAYERS:
        raise IllegalAction(f"League of Six is played by 3, 4 or 5 players, not {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise IllegalAction(f"seed must be a non-negative integer, not {seed!r}")
    if sides is None:
        sides = "white"
    if isinstance(sides, str):
        if sides not in SIDES:
            raise IllegalAction(f"unknown town side {sides!r}; sides are {list(SIDES)}", code="bad_sides")
        side_list = [sides] * 6
    elif isinstance(sides, Mapping):
        unknown = set(sides) - set(TOWN_KEYS)
        if unknown:
            raise IllegalAction(f"unknown town(s) {sorted(unknown)} in sides; towns are {list(TOWN_KEYS)}")
        side_list = [sides.get(k, "white") for k in TOWN_KEYS]
    elif isinstance(sides, list) and len(sides) == 6:
        side_list = list(sides)
    else:
        raise IllegalAction(f"sides must be 'white', 'yellow' or a mapping town -> side, not {sides!r}")
    for x in side_list:
        if x not in SIDES:
            raise IllegalAction(f"unknown town side {x!r}; sides are {list(SIDES)}")
    try:
        comp = resolve(components)
    except DataError as exc:
        raise IllegalAction(str(exc)) from None
    config = {
        "game": "league_of_six",
        "players": players,
        "seed": seed,
        "sides": side_list,
        # The stand-in is named, a user's set is carried whole, so a history replays exactly.
        "components": None if comp is standin() else dict(comp.source),
    }
    return config, comp


def new_game(
    players: int = 4,
    seed: int = 0,
    components: ComponentsArg = None,
    sides: str | Mapping[str, str] = "white",
    log: bool = True,
) -> Game:
    """Start a game. ``components`` is a component file path or its data (default: the stand-in
    set, L-01); ``sides`` the town tile sides ('white' for first games, 'yellow', or a mapping
    town key -> side); ``log=False`` skips the public event log (faster simulations)."""
    config, comp = _options(players, seed, components, sides)
    return Game(config, comp, log=log)


def replay(history: Any, log: bool = True) -> Game:
    """Rebuild a game from ``Game.history`` (recorded chance outcomes, no generator needed)."""
    return Game.from_history(history, log=log)
