"""The Emperor's Court part of a game's state (seed 000, "Emperor's Court"): plain int lists.

It hangs off ``State.court`` (None when the module is not played), so a basic game copies nothing
more. Seats index the per-seat lists; ``plans[seat * 3 + k]`` is the card on court box k (k = 0, 1, 2
for "convert 3", "convert 2", "convert 1"); favour cards are numbered 1..21.
"""

from __future__ import annotations

from tabletop.slots import SlotState

COURT_BOXES = 3
COURTIERS = 7  # per player
FAVOUR_CARDS = 21
SPACE_COST = (4, 3, 2)  # courtiers asked by the three card spaces of the audience hall

# Stages of the court step of a round.
IDLE, AUDIENCE, EFFECT = 0, 1, 2


class CourtState(SlotState):
    __slots__ = (
        "ask",
        "audience",
        "deck",
        "display",
        "gone",
        "hall",
        "parry",
        "plans",
        "queue",
        "shield",
        "shown",
        "stage",
        "supply",
    )

    def __init__(self, players: int) -> None:
        self.plans = [-1] * (players * COURT_BOXES)
        self.supply = [COURTIERS] * players  # courtiers in each player's own supply
        self.hall = [0] * players  # courtiers in the entrance hall
        self.audience = [0] * players  # courtiers in the audience hall (during the audience only)
        self.deck = list(range(1, FAVOUR_CARDS + 1))  # favour cards not yet drawn (sorted; drawn at random)
        self.display = [0, 0, 0]  # favour card on the 4-, 3- and 2-courtier space (0: none)
        self.gone: list[int] = []  # favour cards taken or discarded, in order
        self.parry = [0] * players  # 1 while the seat keeps favour 4 to parry a revolt marker
        self.shield = [-1] * players  # round (year * 4 + season) the seat cannot be attacked in
        self.stage = IDLE
        self.queue: list[int] = []  # audience: seats still to come, the current seat first
        self.ask = 0  # favour card whose effect waits for the current seat's choice
        self.shown = 0  # 1 once this round's court boards are revealed


CourtState.copies_like(CourtState(3))
