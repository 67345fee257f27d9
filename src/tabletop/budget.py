"""A search bot's budget bank: simulations moved from clear decisions to close ones, shared by the
games' ISMCTS bots (research/journal.md, League of Six's sixth and seventh rounds, Wallenstein's ninth).

With :attr:`tabletop.ismcts.Settings.stop` a halving root ends a clear decision before its budget
is spent. The bank keeps what each decision left unspent and lets a later one spend it:

* ``carry``: a decision may spend up to ``carry`` times its base budget (1: every decision gets
  its base budget, nothing moves);
* ``bank``: what is kept. "simulations": the unspent count. "steps": the engine steps the unspent
  simulations would have cost (at the saving decision's own steps per simulation), converted back
  at the spending decision's kind's measured steps per simulation (its own kind's cost this game,
  or all kinds' when the kind has none yet), so moving budget between dear and cheap kinds of
  decision keeps a game's engine steps; a decision that overspent leaves a debt, repaid by later
  decisions getting less (down to half their base budget);
* ``hold``: once the bank holds ``hold`` times the decision's base budget, the decision does not
  stop early (:meth:`Bank.budget` clears ``stop``) and spends, so the bank stops growing.

A decision's "kind" is the game's (League of Six's phase, Wallenstein's searched kind: plans,
positions, moves); decisions the search does not make neither save nor spend. Everything is counts,
so a game stays reproducible from the bot's seed whatever the machine's load.
"""

from __future__ import annotations

import math
from dataclasses import replace

from tabletop.ismcts import Settings

BANKS = ("simulations", "steps")


class Bank:
    """One game's bank of unspent budget (see the module doc); :meth:`reset` at a new game."""

    def __init__(self, carry: float = 1.0, bank: str = "simulations", hold: float | None = None) -> None:
        if carry < 1:
            raise ValueError("carry must be at least 1")
        if hold is not None and hold < 0:
            raise ValueError("hold must be at least 0")
        if bank not in BANKS:
            raise ValueError(f"bank must be one of {BANKS}, not {bank!r}")
        self.carry = carry
        self.bank = bank
        self.hold = hold
        self.reset()

    def reset(self) -> None:
        self.saved = 0  # simulations earlier decisions of this game left unspent (negative: a debt)
        self.saved_steps = 0.0  # ``bank="steps"``: their engine steps
        self.cost: dict[str, list[int]] = {}  # kind -> [steps, simulations] this game (``bank="steps"``)

    def banked(self, kind: str) -> float:
        """What the bank holds, in simulations of ``kind`` (no cost known yet: nothing to spend)."""
        if self.bank == "simulations":
            return self.saved
        steps, sims = self.cost.get(kind) or [sum(c[k] for c in self.cost.values()) for k in (0, 1)]
        return self.saved_steps * sims / steps if steps else 0.0

    def budget(self, settings: Settings, kind: str) -> Settings:
        """``settings`` (the decision's base budget in ``iterations``) with what the bank lets this
        decision spend: up to ``carry - 1`` times the base more, down to half of it less (a debt);
        ``stop`` cleared once the bank holds ``hold`` times the base."""
        base = settings.iterations
        banked = self.banked(kind)
        extra = max(-(base // 2), min(int((self.carry - 1) * base), math.floor(banked)))
        if extra:
            settings = replace(settings, iterations=base + extra)
        if self.hold is not None and banked >= self.hold * base:
            settings = replace(settings, stop=0.0)  # the bank is full: spend, do not save more
        return settings

    def record(self, kind: str, base: int, used: int, steps: int) -> None:
        """A searched decision of ``kind`` with base budget ``base`` ran ``used`` simulations that
        applied ``steps`` engine steps: keep what it left (or the debt it ran up)."""
        self.saved += base - used
        self.saved_steps += (base - used) * steps / max(1, used)
        cost = self.cost.setdefault(kind, [0, 0])
        cost[0] += steps
        cost[1] += used


__all__ = ["BANKS", "Bank"]
