"""Wallenstein's game kinds: the 2012 basic game, the 2002 edition, and every set of Big Box modules
(ruling W-01 in ``../shared/design/rulings.md``), each with its hidden twins and golden games."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from golden_files import golden_cases, load_regenerate
from kinds import Game, GameKind, register

import wallenstein
from wallenstein import leaders
from wallenstein.board import EMPTY, N_BOXES
from wallenstein.invariants import check
from wallenstein.narrate import narrate_game
from wallenstein.state import COMMIT, LEADER_MOVE, MOVE, PLANNING, WINTER

MODULES = ("emperors_court", "landsknechte", "military_leaders")
COMBOS: list[tuple[str, tuple[str, ...]]] = [
    ("2012", ()),
    ("2002", ()),
    *(("2012", tuple(c)) for n in (1, 2, 3) for c in itertools.combinations(MODULES, n)),
]
# Random games with every invariant checked, per kind (the basic game and the 2002 edition most).
RANDOM_GAMES = {("2012", ()): 1020, ("2002", ()): 510, ("2012", ("landsknechte", "military_leaders")): 300}
MODULE_GAMES = {1: 300, 2: 24, 3: 24}
SETUPS = ({"setup": "lineup"}, {"setup": "draft"})
# What ``twins`` hides in every Wallenstein kind (W-11a, W-25); the Emperor's Court adds its boards.
SECRETS = ("event deck", "county deck", "face-down action cards", "plan")
# The decision phases of each edition, and those each module adds.
PHASES = {
    "2012": ("draft_pick", "draft_group", "planning", "position", "move", "winter_order"),
    "2002": ("draft_pick", "draft_group", "planning", "move", "commit", "winter_order"),
}
# Refused at the start of the 2012 basic game (seat 0 of 4, seed 1): the bid comes first, and whole
# plans must be complete and use the seat's own cards.
BAD_DECISIONS_2012 = (
    '{"type": "plan_card", "box": "tax"}',
    '{"type": "plan_card", "box": "nowhere", "card": null}',
    '{"type": "plan_card", "box": "bid", "card": "atlantis"}',
    '{"type": "plan_card", "box": "bid", "card": "money:9"}',
    '{"type": "plan_card", "box": "tax", "card": "money:0"}',  # the bid comes first
    '{"type": "move", "to": "anhalt", "armies": 2}',  # not a planning decision
    '{"type": "position", "position": 0}',
    '{"type": "plan", "boxes": {"tax": "mark"}, "bid": "money:0"}',  # not a complete plan
    {"type": "plan_card", "box": "bid", "card": "mark"},  # seat 0 does not hold Gft. Mark
)
MODULE_PHASES = {
    "emperors_court": ("court",),
    "landsknechte": ("landsknechte",),
    "military_leaders": ("leader_draft", "leader_place", "leader_move", "leader_return"),
}


def _revealed_cards(g: wallenstein.Game) -> int:
    """How many of the season's action cards have been turned up (W-11a): five until the actions
    begin; while action k (1-10) is performed, cards 1 to k+4 (each performed card is put aside and
    the next face-down one turned up); all ten once the tenth is done."""
    s = g.s
    if s.phase == LEADER_MOVE:
        return 10
    if s.phase in (MOVE, COMMIT):
        return min(10, (s.act + 1) + 4)
    return 5


def _first_unbegun(g: wallenstein.Game) -> int:
    """The place of the first action card whose action has not begun (its plan cards are still hidden)."""
    s = g.s
    if s.phase == LEADER_MOVE:
        return 10
    return s.act + 1 if s.phase in (MOVE, COMMIT) else 0


def twins(g: wallenstein.Game, rng: random.Random) -> list[tuple[str, frozenset[int], Game]]:
    """Copies of ``g`` differing only in hidden things (the order of the event and county decks, the
    face-down action cards, a seat's unrevealed plan cards or court board), each with the seat
    allowed to see the difference (or none)."""
    s = g.s
    out: list[tuple[str, frozenset[int], Game]] = []

    def twin(secret: str, owner: int | None, change: Callable[[Any], None]) -> None:
        t = g.clone()
        change(t.s)
        t.refresh()
        if t.s.to_dict() != s.to_dict():
            out.append((secret, frozenset() if owner is None else frozenset({owner}), t))

    twin("event deck", None, lambda t: rng.shuffle(t.event_deck))
    twin("county deck", None, lambda t: rng.shuffle(t.county_deck))
    in_season = s.season != WINTER and len(s.action_cards) == 10
    if in_season:
        shown = _revealed_cards(g)

        def deal(t: Any) -> None:
            hidden = t.action_cards[shown:]
            rng.shuffle(hidden)
            t.action_cards[shown:] = hidden

        twin("face-down action cards", None, deal)
    for q in range(s.players):
        # Two of q's plan cards swapped between boxes whose actions nobody has seen performed yet.
        if s.phase == PLANNING:
            boxes = [b for b in range(10) if s.plans[q * N_BOXES + b] != EMPTY]
        elif in_season:
            future = s.action_cards[_first_unbegun(g) :]
            boxes = [b for b in future if s.plans[q * N_BOXES + b] != EMPTY]
        else:
            boxes = []
        if len(boxes) >= 2:
            a, b = rng.sample(boxes, 2)

            def swap(t: Any, a: int = a, b: int = b, q: int = q) -> None:
                plans = t.plans
                plans[q * N_BOXES + a], plans[q * N_BOXES + b] = plans[q * N_BOXES + b], plans[q * N_BOXES + a]

            twin("plan", q, swap)
        court = s.court
        if court is not None and s.phase == PLANNING:
            board = court.plans[q * 3 : q * 3 + 3]
            if len(set(board)) > 1:

                def turn(t: Any, q: int = q) -> None:
                    plans = t.court.plans
                    plans[q * 3 : q * 3 + 3] = plans[q * 3 + 1 : q * 3 + 3] + plans[q * 3 : q * 3 + 1]

                twin("court board", q, turn)
    return out


def _finished(modules: tuple[str, ...]) -> Callable[[Game], None]:
    """What every finished game of these modules shows (besides the invariants)."""

    def finished(g: wallenstein.Game) -> None:
        res = g.result()
        assert res["over"] and res["winners"] and len(res["vp"]) == g.players
        if "military_leaders" in modules:
            points = [e for e in g.log if e["e"] == "leader_points"]
            assert len(points) == 1 and points[0]["detail"] == leaders.statue_points(g)
        else:
            assert not any(e["e"].startswith("leader_") for e in g.log)  # 2002 logs "leaders", its order cards
        if "landsknechte" not in modules:
            assert not any(e["e"].startswith("landsknechte") for e in g.log)
        if "emperors_court" in modules:
            court = g.s.court
            assert court is not None and len(court.gone) == 18 and not any(court.display)

    return finished


def _name(edition: str, modules: tuple[str, ...]) -> str:
    return f"wallenstein-{edition}" + "".join(f"+{m}" for m in modules)


_REGEN = load_regenerate("golden")

for _edition, _modules in COMBOS:

    def _new(edition: str = _edition, modules: tuple[str, ...] = _modules, **options: Any) -> wallenstein.Game:
        return wallenstein.new_game(edition=edition, modules=modules, **options)

    register(
        GameKind(
            name=_name(_edition, _modules),
            new_game=_new,
            replay=wallenstein.replay,
            load=wallenstein.Game.from_json,
            check=check,
            narrate=narrate_game,
            twins=twins,
            secrets=SECRETS + (("court board",) if "emperors_court" in _modules else ()),
            phases=PHASES[_edition] + tuple(p for m in _modules for p in MODULE_PHASES[m]),
            variants=SETUPS,
            random_games=RANDOM_GAMES.get((_edition, _modules), MODULE_GAMES[max(1, len(_modules))]),
            finished=_finished(_modules),
            golden=golden_cases(
                "golden", [c for c in _REGEN.CASES if (c.edition, tuple(sorted(c.modules))) == (_edition, _modules)]
            ),
            bad_decisions=BAD_DECISIONS_2012 if (_edition, _modules) == ("2012", ()) else (),
        )
    )
