"""The Wallenstein game: a state machine that always says who must decide what.

``Game`` drives the rules modules (setup, planning, order, perform, battle, winter): after every
decision it runs everything automatic (chance draws, actions without choices, battles, scoring)
until a player must decide again. A decision with a single legal option is taken automatically and
is not part of the history. Chance outcomes are drawn from a counter-based stream and recorded in
the history, so a history replays without the random generator and without the tower model.
History, log, recorded chance, replay and save files come from
:class:`tabletop.engine.RecordedGame`, shared with the other games of the table.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from tabletop.engine import RecordedGame, check_game, check_head
from tabletop.errors import IllegalAction
from wallenstein import court, landsknechte, leaders
from wallenstein import edition2002 as ed2002
from wallenstein.actions import COURT_SEQUENCE, POSITION_ACTIONS, Action, card_name, plan_card_action
from wallenstein.board import ACTIONS, AUCTION_BOX, BLANK, BOARD, EMPTY, MONEY, N_BOXES, TOWER
from wallenstein.events2002 import TABLE as EVENTS_2002
from wallenstein.events2002 import build as build_events_2002
from wallenstein.order import free_positions, reveal_bids, take_position
from wallenstein.perform import move_actions, perform, resolve_move
from wallenstein.planning import box_options, check_plan
from wallenstein.printed import check_values, is_standin, load_file
from wallenstein.printed import table as printed_table
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


class Game(RecordedGame[State]):
    """One game of Wallenstein. Create it with :func:`wallenstein.new_game`."""

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSION = SAVE_VERSION
    TITLE = "Wallenstein"

    def __init__(
        self,
        config: dict[str, Any],
        tower: TowerModel,
        replay: deque[tuple[str, Any]] | None = None,
        log: bool = True,
    ) -> None:
        self._start_record(config, replay, log)
        self.edition: str = config["edition"]
        self.modules: frozenset[str] = frozenset(config["modules"])
        self.is2002 = self.edition == "2002"
        # The event cards of the edition (2002: with the printed values in force, W-29).
        self.events: tuple[Any, ...] = build_events_2002(self.printed(EVENTS_2002)) if self.is2002 else BOARD.events
        self.tower = tower
        self.s = initial_state(config["players"])
        # Planning: boxes per seat and the rules for them (the Emperor's Court adds 3 court boxes).
        self.plan_size = N_BOXES
        self._box_options = box_options
        self._check_plan = check_plan
        if court.MODULE in self.modules:
            court.init_court(self)
            self.plan_size = court.PLAN_SIZE
            self._box_options = court.box_options
            self._check_plan = court.check_plan
        elif self.is2002:
            self._box_options = ed2002.box_options
            self._check_plan = ed2002.check_plan
        self._legal: dict[int, list[Action]] = {}
        self._order_steps = order_steps(self.modules)
        self._action_steps = action_steps(self.modules)
        self._winter_steps = winter_steps(self.modules)
        self._final_steps = final_steps(self.modules)
        self.hands: dict[int, tuple[int, ...]] = {}  # planning's hand cache (planning.hand)
        if self.is2002:
            ed2002.prepare(self)
        for module_setup in module_setups(self.modules):
            module_setup(self)
        if config["setup"] == "draft":
            setup_draft(self)
        else:
            setup_lineup(self)
        self._settle()

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
    @property
    def players(self) -> int:
        return self.s.players

    @property
    def over(self) -> bool:
        return self.s.phase == OVER

    @property
    def phase(self) -> str:
        return PHASES[self.s.phase]

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

    def legal_actions(self, seat: int) -> list[Action]:
        """The decisions ``seat`` may take now, in canonical order ([] if it need not decide).

        While planning these are the cards for the next box (bid first, then the ten actions in
        mat order); a whole plan (``Action.plan``) is also accepted while nothing is planned yet.
        """
        cached = self._legal.get(seat)
        if cached is not None:
            return cached
        self._check_seat(seat)
        out = self._compute_legal(seat) if self._is_pending(seat) else []
        self._legal[seat] = out
        return out

    def apply(self, seat: int, action: Action | Mapping[str, Any] | str) -> None:
        """Apply ``seat``'s decision. Raises IllegalAction, leaving the game unchanged, if not allowed."""
        if not isinstance(action, Action):
            action = Action.from_json(action)
        if not self._is_pending(seat):
            self._check_seat(seat)
            raise self._not_your_turn(seat)
        self._validate(seat, action)
        self._legal = {}
        self._hist = self._hist.append(("act", seat, action))  # self.record(), inlined: apply is hot
        self._do(seat, action)
        self._settle()

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

        from wallenstein.bots.determinize import rebuild

        self._check_seat(seat)
        return rebuild(self.observe(seat), random.Random(seed), tower=self.tower, seed=seed)

    def result(self) -> dict[str, Any]:
        """VP, thalers and winners (most VP, then most thalers, then shared; W-28). In the 2002
        edition ties go to palaces, churches, trading firms (``buildings`` per seat), then shared."""
        if self.is2002:
            return ed2002.result(self)
        s = self.s
        winners: list[int] = []
        if self.over:
            best = max(zip(s.vp, s.thalers, strict=True))
            winners = [p for p in range(s.players) if (s.vp[p], s.thalers[p]) == best]
        return {"vp": list(s.vp), "thalers": list(s.thalers), "winners": winners, "over": self.over}

    def clone(self) -> Game:
        """An independent copy (history and log are shared structurally; copying is O(state))."""
        g = Game.__new__(Game)
        self._copy_record(g)
        g.edition = self.edition
        g.modules = self.modules
        g.is2002 = self.is2002
        g.events = self.events
        g.tower = self.tower
        g.s = self.s.clone()
        g._legal = {}
        g._order_steps = self._order_steps
        g.plan_size = self.plan_size
        g._box_options = self._box_options
        g._check_plan = self._check_plan
        g._action_steps = self._action_steps
        g._winter_steps = self._winter_steps
        g._final_steps = self._final_steps
        g.hands = {}
        return g

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
        if self.is2002:
            return ed2002.event_json(self, e)
        ev = BOARD.events[e]
        return {"card": e, "event": ev.kind, "winter_loss": ev.winter_loss}

    @staticmethod
    def action_label(a: int) -> str:
        return ACTIONS[a]

    # ------------------------------------------------------------------ the state machine
    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.s.players:
            raise IllegalAction(f"no seat {seat!r} in a {self.s.players}-player game")

    def _not_your_turn(self, seat: int) -> IllegalAction:
        if self.over:
            return IllegalAction("the game is over", code="game_over")
        return IllegalAction(
            f"seat {seat} has nothing to decide now (phase {self.phase}; waiting for {self.pending()})",
            code="not_your_turn",
        )

    def _compute_legal(self, seat: int) -> list[Action]:
        s = self.s
        ph = s.phase
        if ph == PLANNING:
            box = COURT_SEQUENCE[s.plan_fill[seat]]
            return [plan_card_action(box, code) for code in self._box_options(self, seat)]
        if ph == MOVE:
            return ed2002.move_actions(self, seat) if self.is2002 else move_actions(self, seat)
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

    def _validate(self, seat: int, action: Action) -> None:
        s = self.s
        if s.phase == PLANNING and action.kind == "plan":
            if s.plan_fill[seat] != (ed2002.PLAN_START if self.is2002 else 0):
                raise IllegalAction("a whole plan can only be given before any box is planned", code="whole_plan_late")
            self._check_plan(self, seat, action.cards)
            return
        if action not in self.legal_actions(seat):
            raise self._why_illegal(seat, action)

    def _why_illegal(self, seat: int, action: Action) -> IllegalAction:
        """The refusal of an action not among the legal ones: an English reason and a code with
        parameters that the browser table words in its language (issue 15)."""
        legal = self.legal_actions(seat)
        kinds = sorted({a.kind for a in legal})
        if action.kind not in kinds:
            why = f"{action} is not a decision of the {self.phase} phase; seat {seat} may take: {kinds}"
            return IllegalAction(why, code="wrong_phase", params={"phase": self.phase})
        if action.kind == "plan_card":
            s = self.s
            step = COURT_SEQUENCE[s.plan_fill[seat]]
            code = action.b
            if action.a != step:
                first = "" if self.is2002 else "bid first, then "
                then = "the actions in order" + (", then the court boxes" if self.plan_size > N_BOXES else "")
                why = f"boxes are planned {first}{then}; the next box is {_box(step)!r}"
                return IllegalAction(why, code="plan_box_order", params={"box": _box(step)})
            if self.is2002 and MONEY <= code < BLANK:
                why = "the 2002 edition has no money cards: cover a box with 'blank' instead"
                return IllegalAction(why, code="no_money_2002")
            if self.is2002 and code == BLANK:
                why = f"all {ed2002.BLANKS} blank cards are planned already"
                return IllegalAction(why, code="blanks_planned", params={"n": ed2002.BLANKS})
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
        sample = ", ".join(str(a) for a in legal[:6]) + (" ..." if len(legal) > 6 else "")
        return IllegalAction(f"{action} is not allowed now; legal: {sample}", code="not_allowed")

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
            if self.is2002:
                ed2002.resolve_move(self, seat, action)
                if s.phase == COMMIT:
                    return  # the defender decides how many armies fight (W-18)
            else:
                resolve_move(self, seat, action)
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

    def _settle(self) -> None:
        """Take every decision that has exactly one legal option (not recorded in the history)."""
        while self.s.phase not in (PLANNING, OVER):
            seat = self.pending()[0]
            legal = self._compute_legal(seat)
            if len(legal) != 1:
                return
            self._legal = {}
            self._do(seat, legal[0])
        self._legal = {}

    def _end_planning(self) -> None:
        if self.is2002:
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
        s.event = self.draw("event", lambda rng: rng.choice(events))
        if s.event not in events:
            raise self.corrupt(f"event {s.event} is not among this year's events {events}")
        if self.logging:
            self.emit("event", **self.event_json(s.event))

    def _after_order(self) -> None:
        """Player order is known: the module steps run, then the ten basic actions.

        Each step (see ``order_steps``) returns True when it opened a decision (it sets its phase);
        ``_do`` calls ``_after_order`` again once that decision is applied, and the step goes on.
        """
        if not self._steps(self._order_steps):
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
        """A module decision was applied: go on where it was opened."""
        if where == "order":
            self._after_order()
        elif where == "actions":
            self._after_actions()
        elif where == "winter":
            self._after_winter()
        else:
            draft_next(self)

    def _after_actions(self) -> None:
        """The tenth action is done: module steps (the leaders move), then the season ends."""
        if not self._steps(self._action_steps):
            self._end_season()

    def _run_actions(self) -> None:
        s = self.s
        s.phase = MOVE  # provisional: perform() leaves it so when a move decision opens
        perform_one = ed2002.perform if self.is2002 else perform
        while s.act < 10:
            action = s.action_cards[s.act]
            if s.turn == 0 and self.logging:
                self.emit("action_card", index=s.act + 1, action=ACTIONS[action])
            order = s.order
            while s.turn < len(order):
                if perform_one(self, order[s.turn], action):
                    return
                s.turn += 1
            s.act += 1
            s.turn = 0
        self._after_actions()

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
            for step in self._final_steps:
                step(self)
            s.phase = OVER
            if self.logging:
                self.emit("game_over", **self.result())
            return
        self._after_winter()

    def _after_winter(self) -> None:
        """Winter is scored: module steps (leaders come back, decks reset), then the next year."""
        if self._steps(self._winter_steps):
            return
        s = self.s
        s.year += 1
        s.markers += sum(s.revolts)
        s.revolts = [0] * len(s.revolts)
        s.grain = [0] * s.players
        begin_year(self)


OrderStep = Callable[[Game], bool]


def order_steps(modules: frozenset[str]) -> tuple[OrderStep, ...]:
    """The steps between player order and the basic actions, in the order of seed 000
    (Landsknechte check, then the Emperor's Court); each module adds its step here."""
    steps: list[OrderStep] = []
    if "military_leaders" in modules:
        steps.append(leaders.place_step)  # line-up games: after the first player order (W-31)
    if "landsknechte" in modules:
        steps.append(landsknechte.check_step)
    if "emperors_court" in modules:
        steps.append(court.court_step)
    return tuple(steps)


def action_steps(modules: frozenset[str]) -> tuple[OrderStep, ...]:
    """The steps right after the tenth action of a season."""
    return (leaders.move_step,) if "military_leaders" in modules else ()


def winter_steps(modules: frozenset[str]) -> tuple[OrderStep, ...]:
    """The steps after winter scoring, before the next year (not after the last winter)."""
    steps: list[OrderStep] = []
    if "military_leaders" in modules:
        steps.append(leaders.return_step)
    if "landsknechte" in modules:
        steps.append(landsknechte.reset_step)
    return tuple(steps)


def final_steps(modules: frozenset[str]) -> tuple[OrderStep, ...]:
    """End-of-game scoring added by modules, after the last winter's scoring."""
    return (leaders.final_step,) if "military_leaders" in modules else ()


def module_setups(modules: frozenset[str]) -> tuple[Callable[[Game], None], ...]:
    """Module components handed out before the starting counties are set up."""
    setups: list[Callable[[Game], None]] = []
    if "landsknechte" in modules:
        setups.append(landsknechte.setup)
    if "military_leaders" in modules:
        setups.append(leaders.setup)
    return tuple(setups)


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
