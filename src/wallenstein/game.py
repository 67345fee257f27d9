"""The Wallenstein game: a state machine that always says who must decide what.

``Game`` drives the rules modules (setup, planning, order, perform, battle, winter): after every
decision it runs everything automatic (chance draws, actions without choices, battles, scoring)
until a player must decide again. A decision with a single legal option is taken automatically and
is not part of the history. Chance outcomes are drawn from a counter-based stream and recorded in
the history, so a history replays without the random generator and without the tower model.
The turn protocol (seat checks, legal-action cache, apply, settling, clones), history, log,
recorded chance, replay and save files come from :class:`tabletop.engine.RecordedGame`, shared with
the other games of the table; this module fills its hooks with Wallenstein's rules.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from tabletop.chance import Choice
from tabletop.engine import RecordedGame, check_game, check_head
from tabletop.errors import IllegalAction
from wallenstein import court, landsknechte, leaders
from wallenstein import edition2002 as ed2002
from wallenstein.actions import COURT_SEQUENCE, POSITION_ACTIONS, Action, card_name, plan_card_action
from wallenstein.board import ACTIONS, AUCTION_BOX, BLANK, BOARD, EMPTY, MONEY, N_BOXES, TOWER
from wallenstein.order import free_positions, reveal_bids, take_position
from wallenstein.printed import check_values, is_standin, load_file
from wallenstein.printed import table as printed_table
from wallenstein.ruleset import OrderStep, Rules, rules_for
from wallenstein.setup import (
    begin_season,
    begin_year,
    draft_actions,
    draft_apply,
    draft_next,
    draft_place,
    draft_seat,
    initial_state,
    setup_draft,
    setup_lineup,
)
from wallenstein.state import (
    COMMIT,
    COURT,
    DRAFT_GROUP,
    DRAFT_PICK,
    LEADER_DRAFT,
    LEADER_MOVE,
    LEADER_PLACE,
    LEADER_RETURN,
    LK_BENEFIT,
    MOVE,
    OVER,
    PHASES,
    PLANNING,
    POSITION,
    WINTER,
    WINTER_ORDER,
    State,
)
from wallenstein.tower import ScriptedTower, TowerModel, default_tower, tower_from_json
from wallenstein.winter import begin_winter, resolve_winter_revolt, run_winter, score

EDITIONS = ("2012", "2002")
PLANNED_EDITIONS: tuple[str, ...] = ()
MODULES = ("emperors_court", "landsknechte", "military_leaders")
PLAYABLE_MODULES: frozenset[str] = frozenset(MODULES)
SETUPS = ("lineup", "draft")
SAVE_FORMAT = "wallenstein-game"
SAVE_VERSION = 2  # 2: the state gained the 2002 edition's and the Big Box modules' fields


class Game(RecordedGame[State, Action]):
    """One game of Wallenstein. Create it with :func:`wallenstein.new_game`.

    While planning, the legal actions are the cards for the next box (bid first, then the ten
    actions in mat order); a whole plan (``Action.plan``) is also accepted while nothing is planned yet.
    """

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSION = SAVE_VERSION
    TITLE = "Wallenstein"
    ACTION = Action
    PHASES = PHASES
    OVER = OVER

    def __init__(
        self,
        config: dict[str, Any],
        tower: TowerModel,
        replay: deque[tuple[str, Any]] | None = None,
        log: bool = True,
    ) -> None:
        self._start_record(config, replay, log)
        self._take_rules(rules_for(config))
        self.tower = tower
        self.s = initial_state(config["players"])
        self.hands: dict[int, tuple[int, ...]] = {}  # planning's hand cache (planning.hand)
        self.rules.edition.prepare(self)
        for module_setup in self.rules.setups:
            module_setup(self)
        if config["setup"] == "draft":
            setup_draft(self)
        else:
            setup_lineup(self)
        self._settle()

    def _take_rules(self, rules: Rules) -> None:
        """Play by ``rules``; the fields the rules modules, bots and views read are copied from it."""
        self.rules = rules
        self.edition: str = rules.edition.name
        self.modules: frozenset[str] = rules.modules
        self.is2002: bool = rules.edition.name == "2002"  # for the bots, views and encoders that ask
        self.events: tuple[Any, ...] = rules.events  # the edition's event cards (2002: printed values, W-29)
        self.plan_size: int = rules.plan_size

    @property
    def _order_steps(self) -> tuple[OrderStep, ...]:
        return self.rules.order_steps  # the determinization finds the step a decision came from

    @classmethod
    def _build(cls, options: dict[str, Any], replay: deque[tuple[str, Any]], log: bool) -> Game:
        check_game("wallenstein", options)
        # A scripted tower cannot be rebuilt from its JSON: an empty one will do, since a replay
        # takes every tower outcome from the history.
        tower_spec = options.get("tower")
        scripted = isinstance(tower_spec, dict) and tower_spec.get("model") == "scripted"
        config, model = _options(
            options.get("players"),
            options.get("seed"),
            options.get("setup"),
            options.get("edition"),
            options.get("modules", ()),
            ScriptedTower() if scripted else tower_spec,
            options.get("printed"),
        )
        check_head(options, config)
        return cls(config, model, replay=replay, log=log)

    # ------------------------------------------------------------------ the public API
    def pending(self) -> list[int]:
        """Seats that must decide now (several at once while planning). None while a decision is being
        applied and a turn has run past the last seat (an observer of the log looks then: engine.py)."""
        s = self.s
        ph = s.phase
        if ph == PLANNING:
            fill, size = s.plan_fill, self.plan_size
            return [p for p in range(s.players) if fill[p] < size]
        if ph == POSITION:
            return [s.bid_order[s.pos_turn]] if s.pos_turn < len(s.bid_order) else []
        if ph == MOVE:
            return [s.order[s.turn]] if s.turn < len(s.order) else []
        if ph == WINTER_ORDER:
            return [s.order[s.winter_turn]] if s.winter_turn < len(s.order) else []
        if ph == COMMIT:
            return [ed2002.fight_defender(self)] if s.fight else []
        if ph == DRAFT_PICK or ph == DRAFT_GROUP:
            return [draft_seat(s)]
        decision = MODULE_DECISIONS.get(ph)
        if decision is not None:
            try:
                return [decision.seat(self)]
            except IndexError:  # its queue or turn ran out: the step is being left
                return []
        return []

    def _is_pending(self, seat: Any) -> bool:
        s = self.s
        if s.phase == PLANNING:
            return type(seat) is int and 0 <= seat < s.players and s.plan_fill[seat] < self.plan_size
        return seat in self.pending() and type(seat) is int

    def observe(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator), as JSON-ready data."""
        if seat is not None:
            self._check_seat(seat)
        from wallenstein.observe import observation

        return observation(self, seat)

    def resample(self, seat: int, seed: int) -> Game:
        """A game that looks exactly the same to ``seat`` (``observe(seat)`` is equal), with what it
        cannot see redrawn from ``seed``: other seats' secret plans, face-down action cards, deck
        orders and the seed of all future chance. The bots' determinization does it (one place for it);
        OpenSpiel's ``resample_from_infostate`` and ISMCTS use it."""
        import random

        from wallenstein.determinize import rebuild

        self._check_seat(seat)
        return rebuild(self.observe(seat), random.Random(seed), tower=self.tower, seed=seed)

    def result(self) -> dict[str, Any]:
        """VP, thalers and winners (most VP, then most thalers, then shared; W-28). In the 2002
        edition ties go to palaces, churches, trading firms (``buildings`` per seat), then shared."""
        return self.rules.edition.result(self)

    def _clone_into(self, g: Game) -> None:
        # What _take_rules sets, copied field by field: clones are hot in search.
        g.rules = self.rules
        g.edition = self.edition
        g.modules = self.modules
        g.is2002 = self.is2002
        g.events = self.events
        g.plan_size = self.plan_size
        g.tower = self.tower
        g.hands = {}

    def check_plan(self, seat: int, cards: tuple[int, ...]) -> None:
        """Raise IllegalAction unless ``cards`` is a whole plan ``seat`` may hold (the edition's or the
        Emperor's Court's rules for the boxes); bots and tests check their plans with it."""
        self.rules.check_plan(self, seat, cards)

    def refresh(self) -> None:
        """Forget cached legal actions and hands: call it after editing ``g.s`` by hand (tests, studies)."""
        self._legal = {}
        self.hands = {}

    # ------------------------------------------------------------------ helpers for rules modules
    @property
    def event_kind(self) -> str | None:
        e = self.s.event
        return self.events[e].kind if e >= 0 else None

    def printed(self, name: str) -> Any:
        """The printed-value table ``name`` in force: the user's if supplied, else the stand-in (W-29)."""
        return printed_table(self.config, name)

    def is_standin(self, name: str) -> bool:
        return is_standin(self.config, name)

    def tile_of(self, seat: int) -> int:
        pos = self.s.position[seat]
        return self.s.tiles[pos] if pos >= 0 else -1

    def did(self, seat: int, action: int, c: int, **fields: Any) -> None:
        if self.logging:
            self.emit("action", seat=seat, action=ACTIONS[action], county=BOARD.keys[c], **fields)

    def skip(self, seat: int, action: int, c: int, why: str) -> None:
        if self.logging:
            self.emit("skip", seat=seat, action=ACTIONS[action], county=BOARD.keys[c], why=why)

    def colour_map(self, counts: Sequence[int]) -> dict[str, int]:
        p = self.s.players
        return {("peasants" if i == p else str(i)): n for i, n in enumerate(counts)}

    def event_json(self, e: int) -> dict[str, Any]:
        return self.rules.edition.event_json(self, e)

    @staticmethod
    def action_label(a: int) -> str:
        return ACTIONS[a]

    # ------------------------------------------------------------------ the state machine
    def _sole_seat(self) -> int:
        ph = self.s.phase
        return -1 if ph == PLANNING or ph == OVER else self.pending()[0]

    def _compute_legal(self, seat: int) -> list[Action]:
        s = self.s
        ph = s.phase
        if ph == PLANNING:
            box = COURT_SEQUENCE[s.plan_fill[seat]]
            return [plan_card_action(box, code) for code in self.rules.box_options(self, seat)]
        if ph == MOVE:
            return self.rules.edition.move_actions(self, seat)
        if ph == COMMIT:
            return ed2002.commit_actions(self)
        if ph == POSITION:
            return [POSITION_ACTIONS[p] for p in free_positions(self)]
        if ph == WINTER_ORDER:
            return [Action("revolt_next", c) for c in sorted(s.winter_queue)]
        decision = MODULE_DECISIONS.get(ph)
        if decision is not None:
            return decision.legal(self, seat)
        return draft_actions(self, seat)

    def _accept_unlisted(self, seat: int, action: Action) -> None:
        """A whole plan is accepted while nothing is planned yet (the legal actions list one box)."""
        s = self.s
        if s.phase != PLANNING or action.kind != "plan":
            raise self._why_illegal(seat, action)
        if s.plan_fill[seat] != self.rules.edition.plan_start:
            raise IllegalAction("a whole plan can only be given before any box is planned", code="whole_plan_late")
        self.check_plan(seat, action.cards)

    def _explain(self, seat: int, action: Action) -> IllegalAction | None:
        """Why a card cannot go on a box now (the other refusals are the engine's)."""
        if action.kind == "plan_card":
            s = self.s
            step = COURT_SEQUENCE[s.plan_fill[seat]]
            code = action.b
            edition = self.rules.edition
            if action.a != step:
                first = "bid first, then " if edition.money_cards else ""
                then = "the actions in order" + (", then the court boxes" if self.plan_size > N_BOXES else "")
                why = f"boxes are planned {first}{then}; the next box is {_box(step)!r}"
                return IllegalAction(why, code="plan_box_order", params={"box": _box(step)})
            if not edition.money_cards and MONEY <= code < BLANK:
                why = f"the {edition.name} edition has no money cards: cover a box with 'blank' instead"
                return IllegalAction(why, code="no_money_2002")
            if edition.blanks and code == BLANK:
                why = f"all {edition.blanks} blank cards are planned already"
                return IllegalAction(why, code="blanks_planned", params={"n": edition.blanks})
            if code == TOWER and self.plan_size == N_BOXES:
                why = "dice tower cards belong to the Emperor's Court module, which this game does not play"
                return IllegalAction(why, code="no_court_module")
            if code == TOWER:
                why = f"all {court.TOWER_CARDS} dice tower cards are already planned"
                return IllegalAction(why, code="towers_planned", params={"n": court.TOWER_CARDS})
            if code >= MONEY and step == AUCTION_BOX and code - MONEY > s.thalers[seat]:
                why = f"a bid of {code - MONEY} thalers needs that much money; you have {s.thalers[seat]} (R-01)"
                return IllegalAction(why, code="bid_too_high", params={"n": code - MONEY, "have": s.thalers[seat]})
            if 0 <= code < BOARD.n and s.owner[code] != seat:
                why = f"seat {seat} holds no county card for {BOARD.keys[code]}"
                return IllegalAction(why, code="card_not_held", params={"card": BOARD.keys[code]})
            planned = [court.plan_card(self, seat, b) for b in range(self.plan_size)]
            if code != EMPTY and code in planned:
                why = f"card {card_name(code)} is already planned"
                return IllegalAction(why, code="card_planned", params={"card": card_name(code)})
            if code == EMPTY:
                return IllegalAction("every box must hold a card while you have cards (W-08)", code="box_needs_card")
        return None

    def _do(self, seat: int, action: Action) -> None:
        s = self.s
        ph = s.phase
        if ph == PLANNING:
            if action.kind == "plan":
                if self.plan_size == N_BOXES:
                    s.plans[seat * N_BOXES : (seat + 1) * N_BOXES] = list(action.cards)
                else:
                    court.set_plan(self, seat, action.cards)
                s.plan_fill[seat] = self.plan_size
            else:
                box = action.a
                if box < N_BOXES:
                    s.plans[seat * N_BOXES + box] = action.b
                else:
                    court.set_plan_box(self, seat, box, action.b)
                s.plan_fill[seat] += 1
            if min(s.plan_fill) == self.plan_size:
                self._end_planning()
        elif ph == POSITION:
            take_position(self, seat, action.a)
            if s.pos_turn == len(s.bid_order):
                self._after_order()
        elif ph == MOVE:
            self.rules.edition.resolve_move(self, seat, action)
            if s.phase == COMMIT:
                return  # the defender decides how many armies fight (2002, W-18)
            s.turn += 1
            self._run_actions()
        elif ph == COMMIT:
            if ed2002.resolve_commit(self, action.a):
                self._run_winter()
            else:
                s.turn += 1
                self._run_actions()
        elif ph == WINTER_ORDER:
            if not resolve_winter_revolt(self, action.a):
                self._run_winter()
        elif ph == DRAFT_PICK:
            draft_apply(self, seat, action)
        elif ph == DRAFT_GROUP:
            draft_place(self, seat, action.a)
        else:
            decision = MODULE_DECISIONS[ph]
            decision.apply(self, seat, action)
            self._resume(decision.resume)

    def _end_planning(self) -> None:
        if self.rules.edition.leader_cards:
            ed2002.shuffle_leaders(self)  # W-12: player order, then the event (seed 002, Spring c, d)
            self._draw_event()
            self._after_order()
            return
        self._draw_event()
        reveal_bids(self)

    def _draw_event(self) -> None:
        """The season's event, drawn from the year's remaining face-up events (W-10)."""
        s = self.s
        events = s.year_events
        s.event = self.draw("event", Choice(events))
        if s.event not in events:
            raise self.corrupt(f"event {s.event} is not among this year's events {events}")
        if self.logging:
            self.emit("event", **self.event_json(s.event))

    def _after_order(self) -> None:
        """Player order is known: the module steps run, then the ten basic actions.

        Each step (see ``order_steps``) returns True when it opened a decision (it sets its phase);
        ``_do`` calls ``_after_order`` again once that decision is applied, and the step goes on.
        """
        if not self._steps(self.rules.order_steps):
            self._run_actions()

    def _steps(self, steps: tuple[OrderStep, ...]) -> bool:
        """Run module steps from ``s.order_step`` on (the counter is shared: step lists never overlap
        in time). True when a step opened a decision; it is called again once that is applied."""
        s = self.s
        while s.order_step < len(steps):
            if steps[s.order_step](self):
                return True
            s.order_step += 1
        s.order_step = 0
        return False

    def _resume(self, where: str) -> None:
        """Go on from ``where``: where a module decision was opened ("order": the module steps after
        player order, then the actions; "actions": the steps after the tenth action; "winter": the
        steps after winter scoring, then the next year; "draft"), or "scoring" (winter, then scoring)."""
        if where == "order":
            self._after_order()
        elif where == "actions":
            self._after_actions()
        elif where == "winter":
            self._after_winter()
        elif where == "draft":
            draft_next(self)
        elif where == "scoring":
            self._run_winter()
        else:
            super()._resume(where)

    def _after_actions(self) -> None:
        """The tenth action is done: module steps (the leaders move), then the season ends."""
        if not self._steps(self.rules.action_steps):
            self._end_season()

    def _run_actions(self) -> None:
        s = self.s
        s.phase = MOVE  # provisional: perform() leaves it so when a move decision opens
        perform_one = self.rules.edition.perform
        while s.act < 10:
            action = s.action_cards[s.act]
            if s.turn == 0 and self.logging:
                self._emit_action_card()
            order = s.order
            while s.turn < len(order):
                if perform_one(self, order[s.turn], action):
                    return
                s.turn += 1
            s.act += 1
            s.turn = 0
        self._after_actions()

    def _emit_action_card(self) -> None:
        """The action about to be performed; from the second to the sixth, the card turned up as the
        previous one was put aside (W-11a) comes with it."""
        s = self.s
        k = s.act
        up = {"index": k + 5, "action": ACTIONS[s.action_cards[k + 4]]} if 1 <= k <= 5 else None
        self.emit("action_card", index=k + 1, action=ACTIONS[s.action_cards[k]], turned_up=up)

    def _end_season(self) -> None:
        s = self.s
        if s.event >= 0:  # favour 1 may have removed it already
            s.year_events.remove(s.event)
        s.event = -1
        if s.season < 2:
            s.season += 1
            begin_season(self)
            return
        s.season = WINTER
        begin_winter(self)
        self._run_winter()

    def _run_winter(self) -> None:
        if run_winter(self):
            return
        detail = score(self)
        s = self.s
        if self.logging:
            self.emit("score", year=s.year, detail=detail, vp=list(s.vp))
        if s.year == 2:
            for step in self.rules.final_steps:
                step(self)
            s.phase = OVER
            if self.logging:
                self.emit("game_over", **self.result())
            return
        self._after_winter()

    def _after_winter(self) -> None:
        """Winter is scored: module steps (leaders come back, decks reset), then the next year."""
        if self._steps(self.rules.winter_steps):
            return
        s = self.s
        s.year += 1
        s.markers += sum(s.revolts)
        s.revolts = [0] * len(s.revolts)
        s.grain = [0] * s.players
        begin_year(self)


class ModuleDecision(NamedTuple):
    """A module's decision phase: whose turn, the legal actions, how to apply one, and where the game
    goes on afterwards ("order", "actions", "winter" step lists, or the "draft")."""

    seat: Callable[[Game], int]
    legal: Callable[[Game, int], list[Action]]
    apply: Callable[[Game, int, Action], None]
    resume: str


MODULE_DECISIONS: dict[int, ModuleDecision] = {
    COURT: ModuleDecision(court.court_seat, court.legal, court.apply, "order"),
    LK_BENEFIT: ModuleDecision(landsknechte.decision_seat, landsknechte.legal, landsknechte.apply_benefit, "order"),
    LEADER_PLACE: ModuleDecision(leaders.decision_seat, leaders.place_actions, leaders.apply_place, "order"),
    LEADER_MOVE: ModuleDecision(leaders.decision_seat, leaders.move_actions, leaders.apply_move, "actions"),
    LEADER_RETURN: ModuleDecision(leaders.decision_seat, leaders.place_actions, leaders.apply_place, "winter"),
    LEADER_DRAFT: ModuleDecision(leaders.decision_seat, leaders.draft_actions, leaders.apply_draft, "draft"),
}


def _box(box: int) -> str:
    return court.box_name(box)


def _options(
    players: Any, seed: Any, setup: Any, edition: Any, modules: Any, tower: Any, printed: Any = None
) -> tuple[dict[str, Any], TowerModel]:
    if isinstance(players, bool) or players not in (3, 4, 5):
        raise IllegalAction(f"Wallenstein is played by 3, 4 or 5 players, not {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise IllegalAction(f"seed must be a non-negative integer, not {seed!r}")
    if setup not in SETUPS:
        raise IllegalAction(f"unknown set-up {setup!r}; choose one of {list(SETUPS)}", code="bad_options")
    if edition in PLANNED_EDITIONS:  # pragma: no cover - none at the moment
        raise IllegalAction(f"edition {edition!r} is not playable yet; available: {list(EDITIONS)}")
    if edition not in EDITIONS:
        raise IllegalAction(f"unknown edition {edition!r}; available: {list(EDITIONS)}", code="bad_options")
    if isinstance(modules, str) or not isinstance(modules, Iterable):
        raise IllegalAction(f"modules must be a list of module names, not {modules!r}", code="bad_options")
    mods = list(modules)
    for m in mods:
        if m not in MODULES:
            raise IllegalAction(f"unknown module {m!r}; modules are {list(MODULES)}", code="bad_options")
        if m not in PLAYABLE_MODULES:
            raise IllegalAction(f"module {m!r} is not playable yet", code="bad_options")
    if len(set(mods)) != len(mods):
        raise IllegalAction(f"modules listed twice: {mods}", code="bad_options")
    if mods and edition != "2012":
        raise IllegalAction("the Big Box modules exist for the 2012 edition only (W-01)", code="modules_2012_only")
    if tower is None:
        model: TowerModel = default_tower()
    elif isinstance(tower, Mapping):
        model = tower_from_json(tower)
    elif hasattr(tower, "drop") and hasattr(tower, "to_json"):
        model = tower
    else:
        raise IllegalAction(f"tower must be a tower model or its JSON spec, not {tower!r}")
    config = {
        "game": "wallenstein",
        "players": players,
        "seed": seed,
        "setup": setup,
        "edition": edition,
        "modules": sorted(mods),
        "tower": model.to_json(),
        "printed": load_file(printed) if isinstance(printed, (str, Path)) else check_values(printed),
    }
    return config, model


def new_game(
    players: int = 4,
    seed: int = 0,
    setup: str = "lineup",
    edition: str = "2012",
    modules: Iterable[str] = (),
    tower: TowerModel | Mapping[str, Any] | None = None,
    log: bool = True,
    printed: Mapping[str, Any] | str | Path | None = None,
) -> Game:
    """Start a game. ``tower`` is a tower model or its JSON spec (default: the 2/3-1/3 model);
    ``log=False`` skips the public event log (faster simulations); ``printed`` replaces stand-in
    tables of printed values (W-29) by a mapping or a JSON file (see ``wallenstein.printed``)."""
    config, model = _options(players, seed, setup, edition, modules, tower, printed)
    return Game(config, model, log=log)


def replay(history: Any, log: bool = True) -> Game:
    """Rebuild a game from ``Game.history`` (recorded chance outcomes, no generator needed)."""
    return Game.from_history(history, log=log)
