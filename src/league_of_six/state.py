"""The whole mutable state of a League of Six game as flat lists of ints: cheap to copy.

Indexing: seats 0..P-1, towns 0..5 by ``components.TOWN_KEYS``, ring positions 0..5, goods colours
0..3 (``wagon[seat * 4 + colour]``), civic leader cards by their index in the component set,
storage rows and spaces by the round's :class:`~league_of_six.components.Layout`. Static data
(the component set, the town sides in use) lives in the game, not here. A clone copies these
lists and nothing else.
"""

from __future__ import annotations

from tabletop.slots import SlotState

# Phases: who must decide what now.
CHOOSE, OFFER, RESPOND, ROTATE, STORE, BONUS, OVER = range(7)
PHASES = ("choose", "offer", "respond", "rotate", "store", "bonus", "over")

# Where a civic leader card is (``card_at``); a seat number when it is in a hand.
FACE_DOWN, FACE_UP, BOXED, GRAY_SUPPLY = -1, -2, -3, -4

START_INFLUENCE = 10
START_GUARDS = 3


class State(SlotState):
    __slots__ = (
        "besieged",
        "bonus_limit",
        "c_by",
        "c_offer",
        "card_at",
        "chance_n",
        "counter",
        "displaced",
        "faceup",
        "guards",
        "guards_issued",
        "guards_returned",
        "horse_tile",
        "horses",
        "influence",
        "influence_paid",
        "influence_scored",
        "mover",
        "mover_from",
        "occupant",
        "order",
        "phase",
        "players",
        "ring",
        "road_of",
        "round",
        "row_chooser",
        "space_owner",
        "storage_left",
        "store_order",
        "store_tiles",
        "store_turn",
        "supply",
        "tax_deck",
        "tax_used",
        "tile_at",
        "town_of",
        "turn",
        "turned",
        "wagon",
    )

    def __init__(self, players: int) -> None:
        P = players
        self.players = P
        self.phase = CHOOSE
        self.round = 1
        self.chance_n = 0
        self.influence = [START_INFLUENCE] * P
        self.guards = [START_GUARDS] * P  # guards in hand (public on this table, L-07)
        self.guards_issued = 0  # guards taken from the bank since the start (L-04: unlimited)
        self.guards_returned = 0  # guards given back to the bank (travel)
        self.influence_scored = 0  # influence gained since the start (stores, bonuses, majorities)
        self.influence_paid = 0  # influence paid to the king for guards
        self.ring = [0, 1, 2, 3, 4, 5]  # town at each ring position
        self.besieged = [0] * 6
        self.tile_at = [-1] * 6  # tax tile in each town
        self.turned = [-1] * 6  # rotation the tile was turned to when taxes were collected
        self.tax_deck: list[int] = []  # tax tiles not yet drawn (sorted; the draw order is chance)
        self.tax_used: list[int] = []  # discarded tax tiles (sorted)
        self.order = list(range(P))  # marker spaces from most guards to fewest: the tax (phase 4) order
        self.turn = 0  # index of the seat whose turn it is (choosing: in reversed order; taxes: in order)
        self.town_of = [-1] * P  # town whose guard counter holds the seat's figure
        self.road_of = [-1] * P  # town in front of which the figure waits on the road
        self.counter = [-1] * P  # the figure's number on the guard counter
        self.occupant = [-1] * 6  # seat holding each town's counter
        self.mover = -1  # seat choosing or travelling now
        self.mover_from = -1  # its starting town (-1: off the board, round 1)
        self.displaced = False  # whether it travels after accepting an offer (it cannot stay)
        self.c_offer = -1  # the standing offer in a conflict over the mover's town
        self.c_by = -1  # who made it
        self.horses = [0] * P
        self.horse_tile = [0] * P
        self.wagon = [0] * (4 * P)
        self.supply = [0, 0, 0, 0]
        self.store_tiles = [-1, -1]  # storage tile on the royal and on the civic stores
        self.storage_left: list[int] = []  # storage tiles not used yet in this half of the game
        self.row_chooser: list[int] = []  # per row in use: the seat that chose it, or -1
        self.space_owner: list[int] = []  # per storage space: the seat whose goods fill it, or -1
        self.store_order: list[int] = []  # seats by horse tile, 5 first
        self.store_turn = 0  # rows chosen so far this round
        self.bonus_limit = 0  # civic bonus waiting: most figures on the card to take
        self.card_at: list[int] = []  # per civic leader card: FACE_DOWN, FACE_UP, BOXED, GRAY_SUPPLY or a seat
        self.faceup = [-1, -1, -1, -1]  # face-up card on each pile (1..4 figures), or -1

    @property
    def side(self) -> int:
        """Storage tile side in use: I in rounds 1-3, II in rounds 4-6."""
        return 0 if self.round <= 3 else 1

    def means(self, seat: int) -> int:
        """Guards a seat can give: those in hand plus one per 2 influence (L-04: never below 0)."""
        return self.guards[seat] + self.influence[seat] // 2


State.copies_like(State(3))
