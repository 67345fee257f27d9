"""The whole mutable state of a Wallenstein game as plain lists of ints: cheap to copy.

Indexing: counties by board index, seats 0..P-1, tower colours 0..P-1 plus P for the peasants,
plans flat as ``plans[seat * N_BOXES + box]``. A clone copies these lists and nothing else.
"""

from __future__ import annotations

from tabletop.slots import SlotState, slot_copier
from wallenstein.board import N_BOXES
from wallenstein.court_state import CourtState

# Phases: who must decide what now.
DRAFT_PICK, DRAFT_GROUP, PLANNING, POSITION, MOVE, WINTER_ORDER, OVER, COURT, COMMIT = range(9)
# Module decisions (issue 3): Landsknechte benefit; Military Leaders placement, move, return, draft.
LK_BENEFIT, LEADER_PLACE, LEADER_MOVE, LEADER_RETURN, LEADER_DRAFT = range(9, 14)
PHASES = (
    "draft_pick",
    "draft_group",
    "planning",
    "position",
    "move",
    "winter_order",
    "over",
    "court",
    "commit",
    "landsknechte",
    "leader_place",
    "leader_move",
    "leader_return",
    "leader_draft",
)

WINTER = 3  # season index after spring, summer, fall

NEUTRAL = -1
OUT_OF_PLAY = -2

# What a MOVE decision is for.
MOVE_DEPLOY1, MOVE_COMBAT = 0, 1


class ModuleState(SlotState):
    """The state of the Landsknechte and Military Leaders modules, apart so that a basic game's clone
    copies none of it (it holds the shared, never changed ``NO_MODULES``).

    Landsknechte (landsknechte.py): ``lk_top`` each seat's top card (0 = the empty banner), ``lk_turn``
    the index in player order of the seat being checked. Military Leaders (leaders.py): ``leader``
    each seat's leader county (-1: off the board), ``statues`` per county and ``statue_owner`` whose
    they are (-1: none), ``statue_supply`` statues left per seat, ``trophies`` flat
    ``[holder * players + statue owner]``, ``ml_turn`` the index in player order of the seat deciding.
    Lists of a module that is off stay empty (``leader`` stays all -1).
    """

    __slots__ = ("leader", "lk_top", "lk_turn", "ml_turn", "statue_owner", "statue_supply", "statues", "trophies")

    def __init__(self, players: int) -> None:
        self.lk_top: list[int] = []
        self.lk_turn = 0
        self.leader = [-1] * players
        self.statues: list[int] = []
        self.statue_owner: list[int] = []
        self.statue_supply: list[int] = []
        self.trophies: list[int] = []
        self.ml_turn = 0


ModuleState.copies_like(ModuleState(5))

# The module state of games without these modules: never changed (module set-up replaces it), so
# states share it. Its leader list covers the largest table: nobody's leader stands anywhere.
NO_MODULES = ModuleState(5)
for _name in ("leader", "lk_top", "statues", "statue_owner", "statue_supply", "trophies"):
    setattr(NO_MODULES, _name, tuple(getattr(NO_MODULES, _name)))  # read-only: writing to it is a bug


_OPTIONAL = ("court", "lost")  # fields a state dict may leave out (see State.to_dict)


class State:
    __slots__ = (
        "act",
        "action_cards",
        "armies",
        "bid_order",
        "bids",
        "bsupply",
        "buildings",
        "chance_n",
        "county_deck",
        "court",
        "draft_card",
        "draft_turn",
        "event",
        "event_deck",
        "faceup",
        "fight",
        "grain",
        "groups",
        "inside",
        "last_faceup",
        "lost",
        "markers",
        "mods",
        "move_from",
        "move_kind",
        "order",
        "order_step",
        "owner",
        "peasants",
        "phase",
        "plan_fill",
        "plans",
        "players",
        "pos_turn",
        "position",
        "revolts",
        "season",
        "supply",
        "thalers",
        "tiles",
        "tray",
        "turn",
        "vp",
        "winter_drawn",
        "winter_extra",
        "winter_queue",
        "winter_turn",
        "year",
        "year_events",
    )

    def __init__(self, players: int) -> None:
        self.players = players
        self.owner: list[int] = []
        self.armies: list[int] = []
        self.buildings: list[int] = []
        self.revolts: list[int] = []
        self.thalers = [0] * players
        self.grain = [0] * players
        self.vp = [0] * players
        self.supply = [0] * players
        self.inside = [0] * (players + 1)
        self.tray = [0] * (players + 1)
        self.peasants = 0
        self.bsupply = [0, 0, 0]
        self.markers = 0
        self.county_deck: list[int] = []  # draft deck, top first (secret order)
        self.faceup: list[int] = []  # the draft's face-up county cards
        self.fight: tuple[int, ...] = ()  # 2002: a battle or revolt waiting for the defender's commitment
        self.last_faceup: list[tuple[int, ...]] = [()] * players  # pair seen at each seat's previous pick
        self.groups: list[tuple[int, ...]] = [()] * players  # army groups still to place (draft)
        self.draft_turn = 0
        self.draft_card = -1  # county taken, waiting for its group
        self.event_deck: list[int] = []  # undrawn event cards (secret)
        self.year_events: list[int] = []  # this year's face-up events not yet used
        self.event = -1  # this season's event
        self.year = 1
        self.season = 0
        self.phase = PLANNING
        self.action_cards: list[int] = []  # the 10 actions in execution order
        self.tiles: list[int] = []  # bonus tile at positions 1..5
        self.plans = [-1] * (players * N_BOXES)
        self.plan_fill = [0] * players  # how many boxes each seat has planned (N_BOXES = submitted)
        # Per seat, bit c set: county c's card left that seat's board this season (W-22a).
        self.lost = [0] * players
        self.bids = [-1] * players
        self.bid_order: list[int] = []
        self.pos_turn = 0
        self.position = [-1] * players
        self.order: list[int] = []
        # Index of the module step running: between player order and the actions, after the tenth
        # action, or after winter (these never overlap; game.Game._steps).
        self.order_step = 0
        self.act = 0  # index of the action card being performed
        self.turn = 0  # index in self.order of the seat performing it
        self.move_from = -1
        self.move_kind = MOVE_DEPLOY1
        self.winter_turn = 0  # index in self.order of the seat whose winter revolts run
        self.winter_queue: list[int] = []  # drawn revolting counties still to resolve
        self.winter_drawn = False  # whether the current winter seat's revolts were drawn
        self.winter_extra = 0  # extra peasants per revolt for that seat (supply chart)
        self.chance_n = 0
        self.court: CourtState | None = None  # the Emperor's Court module's state, if played
        self.mods = NO_MODULES  # Landsknechte / Military Leaders state (ModuleState)

    def clone(self) -> State:
        c = _copy_state(self)
        c.court = None if self.court is None else self.court.clone()
        m = self.mods
        c.mods = m if m is NO_MODULES else m.clone()  # the basic game copies nothing here
        return c

    def to_dict(self) -> dict[str, object]:
        """Every field, JSON-ready (used for save files and state comparisons); ``court`` only when
        the Emperor's Court is played and ``lost`` only when a card left a board this season, so
        basic-game saves keep their form."""
        out: dict[str, object] = {}
        for name in State.__slots__:
            value = getattr(self, name)
            if name == "mods":
                value = None if value is NO_MODULES else value.to_dict()
            elif name == "lost" and not any(value):
                continue  # no card left a board this season: saves keep the form they had before W-22a
            elif value is None:
                continue
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            elif isinstance(value, CourtState):
                value = value.to_dict()
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> State:
        s = cls.__new__(cls)
        for name in State.__slots__:
            value = data.get(name) if name in _OPTIONAL else data[name]
            if name == "lost" and value is None:
                value = [0] * int(data["players"])  # type: ignore[call-overload]
            if name == "court" and value is not None:
                value = CourtState.from_dict(value)  # type: ignore[arg-type]
            if name in ("last_faceup", "groups"):
                value = [tuple(v) for v in value]  # type: ignore[attr-defined]
            elif name == "fight":
                value = tuple(value)  # type: ignore[arg-type]
            elif name == "mods":
                value = NO_MODULES if value is None else ModuleState.from_dict(value)  # type: ignore[arg-type]
            setattr(s, name, value)
        return s

    def counties_of(self, seat: int) -> list[int]:
        return [c for c, o in enumerate(self.owner) if o == seat]

    def card_leaves(self, c: int) -> None:
        """County ``c``'s card leaves its owner's board (conquered, laid waste, lost in a revolt):
        the owner's actions planned there are lost for the season (W-22), even if the county comes
        back to them later in it (W-22a). A neutral county has no board to leave."""
        seat = self.owner[c]
        if seat >= 0:
            self.lost[seat] |= 1 << c

    def holds_planned(self, seat: int, c: int) -> bool:
        """Whether the card of ``c`` that ``seat`` planned is still on its board (W-22, W-22a)."""
        return self.owner[c] == seat and not self.lost[seat] >> c & 1


_copy_state = slot_copier(State, State(3), skip=("court", "mods"))  # State.clone copies them


def own_module_state(s: State) -> ModuleState:
    """The game's own module state, replacing the shared ``NO_MODULES`` (module set-up calls this)."""
    if s.mods is NO_MODULES:
        s.mods = ModuleState(s.players)
    return s.mods
