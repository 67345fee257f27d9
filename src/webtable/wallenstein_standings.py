"""What the Wallenstein board lets every player count for themselves: region majorities, the VP each
player would score if winter came now, and the winter forecast (the grain the year's last event will
take and how many counties would revolt for lack of grain).

Computed on the server by the engine's own functions (``winter.tally``, ``winter.begin_winter``,
``winter.supply_revolts``) applied to a throw-away copy of the game; they read only public things
(owners, buildings, grain, the face-up events), so every viewer, spectators included, gets the same
numbers and nothing secret. The page never recomputes a rule.

The table asks for them after every log entry (the public snapshot of views.py), and most entries change
none of what they read, so they are kept by those inputs (:func:`_inputs`): the owners, the buildings,
each player's grain and the winter losses the year's events left may bring. A kept answer is shared by
every snapshot that has the same inputs and is never changed by its readers.
"""

from __future__ import annotations

from typing import Any

from wallenstein import game as wgame
from wallenstein.board import BOARD, BUILDINGS
from wallenstein.state import WINTER
from wallenstein.winter import begin_winter, supply_revolts, tally

# Answers kept by their inputs, across games (the inputs say everything the answer depends on); emptied
# when full rather than ordered (a dict's get and set are safe from the replay builder's threads).
_KEPT: dict[tuple[Any, ...], dict[str, Any]] = {}
_KEEP_AT_MOST = 4096


def standings(game: Any) -> dict[str, Any] | None:
    """The regions panel and the winter forecast for ``game`` (None if it is not a Wallenstein game)."""
    if not isinstance(game, wgame.Game):
        return None
    key = _inputs(game)
    kept = _KEPT.get(key)
    if kept is None:
        if len(_KEPT) >= _KEEP_AT_MOST:
            _KEPT.clear()
        kept = _KEPT[key] = computed_standings(game)
    return kept


def _inputs(game: wgame.Game) -> tuple[Any, ...]:
    """Everything :func:`computed_standings` reads: ``tally`` reads the owners and buildings; the
    forecast, the owners, each player's grain and the distinct grain losses of the events left
    (none in winter, after the game, or before the year's events are turned up)."""
    s = game.s
    left = _events_left(game)
    losses = tuple(sorted({game.events[e].winter_loss for e in left})) if left else None
    return (s.players, tuple(s.owner), tuple(s.buildings), tuple(s.grain), losses)


def _events_left(game: wgame.Game) -> list[int]:
    """The year's events the winter may take (the season's own leaves the row at the season's end);
    none in winter or after the game."""
    s = game.s
    if game.over or s.season == WINTER:
        return []
    return [e for e in s.year_events if e != s.event]


def computed_standings(game: wgame.Game) -> dict[str, Any]:
    """:func:`standings` computed afresh (what is kept)."""
    detail, counts = tally(game)  # (it only reads)
    players = game.s.players
    regions = []
    for r, name in enumerate(BOARD.regions):
        kinds = {}
        for k, kind in enumerate(BUILDINGS):
            per_seat = counts[r][k]
            best = max(per_seat)
            kinds[kind] = {
                "counts": per_seat,
                "leaders": [p for p in range(players) if best and per_seat[p] == best],
            }
        regions.append({"region": name, "buildings": kinds})
    vp = [d["counties"] + d["buildings"] + d["majorities"] for d in detail]
    return {"regions": regions, "score_now": detail, "vp_now": vp, "winter": _forecast(game)}


def _forecast(game: wgame.Game) -> dict[str, Any] | None:
    """Each grain loss the year's remaining events may bring in winter, with every player's grain and
    revolts after it; None in winter, after the game (the winter is then in the log) and before the
    year's events are turned up."""
    s = game.s
    left = _events_left(game)  # the winter takes the one left last
    if not left:  # (also before the year's events are turned up: the draft set-up)
        return None
    outcomes = []
    seen: set[int] = set()
    for e in left:
        g = game.clone()
        g.logging = False
        g.s.year_events = [e]
        loss = game.events[e].winter_loss
        if loss in seen:
            continue
        seen.add(loss)
        begin_winter(g)
        rows = []
        for p in range(s.players):
            revolts, _ = supply_revolts(g, p)
            rows.append({"grain": g.s.grain[p], "counties": len(g.s.counties_of(p)), "revolts": revolts})
        outcomes.append({"grain_loss": loss, "players": rows})
    outcomes.sort(key=lambda o: o["grain_loss"])
    return {"certain": len(outcomes) == 1, "outcomes": outcomes}
