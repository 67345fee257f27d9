"""The cheap roll-out policy of the ``ismcts`` bot: the heuristic, made cheaper where it costs most.

Profiling the search (``benchmarks/bench_search.py --profile``) shows a roll-out's time going to
the heuristic's move decisions: it values every target with all, half and one of the armies, each
with exact battle odds, and lists the whole legal set of moves. The roll-out's move weighs each
neighbour once, with all the armies that may move (the heuristic's usual choice), by the same
values (:func:`wallenstein.bots.heuristic.attack_gain` and the front scores), so it plays like the
heuristic at about a third of the cost. Everything else is the heuristic's own decision.

:func:`move_kind` names the kind of a move candidate (:data:`MOVE_KINDS`): the studies of which
moves the flat search chooses count them (docs/bots.md, eleventh round).
"""

from __future__ import annotations

from collections.abc import Sequence

from wallenstein.actions import STAY_ACTION, Action, move_action
from wallenstein.bots.heuristic import DEFAULT, NEIGHBOURS, Facts, Values, attack_gain, decide, front_score, is_border
from wallenstein.game import Game
from wallenstein.state import MOVE, MOVE_DEPLOY1, NEUTRAL

# The kinds of a move candidate (:func:`wallenstein.bots.search.move_candidates`' list: the
# heuristic's move, then every target with all, half or one of the movable armies, and stay), in
# terms a roll-out can tell without the heuristic: ``quick`` (the move :func:`quick_move` plays),
# else ``stay`` or the target's relation to the mover (``own`` county, ``neutral``, ``enemy``: a
# rival's, an attack) and the armies (``all`` that may move, ``one``, else ``half``).
MOVE_KINDS: tuple[str, ...] = (
    "quick",
    "stay",
    *(f"{target}_{armies}" for target in ("own", "neutral", "enemy") for armies in ("all", "half", "one")),
)


def quick_move(g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT) -> Action:
    """An attack with all movable armies where the expected gain is best, else a plain move with
    all of them towards the borders (or stay, for Deploy 1), as the heuristic weighs them."""
    s = g.s
    origin = s.move_from
    most = s.armies[origin] - 1
    f = Facts(g, seat, v)
    best_val, best = -1e9, None
    plain_val, plain = -1e9, None
    if s.move_kind == MOVE_DEPLOY1:
        plain_val, plain = 0.0, STAY_ACTION
    here = front_score(g, seat, origin)
    origin_front = is_border(g, seat, origin)
    for t in NEIGHBOURS[origin]:
        act = move_action(t, most)
        if act not in legal:
            continue
        if s.owner[t] == seat:
            val = front_score(g, seat, t) - here
            val = val if val > 0 else -0.01 * most
            if origin_front:
                val -= 0.2
            if val > plain_val:
                plain_val, plain = val, act
        else:
            val = attack_gain(f, origin, t, most)
            if val > best_val:
                best_val, best = val, act
    if plain is not None and (best is None or best_val < v.attack_floor or best_val < plain_val):
        return plain
    return best if best is not None else legal[0]


def move_sizes(most: int) -> tuple[int, int, int]:
    """The army counts the flat search's move candidates carry out of ``most`` that may move: all,
    one and about half (:func:`wallenstein.bots.search.move_candidates`, :func:`fitted_move`)."""
    return (most, 1, max(1, (most + 1) // 2))


def move_kind(g: Game, seat: int, action: Action, quick: Action | None = None) -> str:
    """The kind of ``action`` (a move decision's, :data:`MOVE_KINDS`) for ``seat``; ``quick``:
    :func:`quick_move`'s move in that decision, if the caller has it."""
    if action == quick:
        return "quick"
    if action.kind != "move":
        return "stay"
    s = g.s
    return _kind(s.owner[action.a], seat, action.b, s.armies[s.move_from] - 1)


def _kind(owner: int, seat: int, n: int, most: int) -> str:
    """The kind of a move of ``n`` armies (of ``most`` that may move) to a county of ``owner``."""
    target = "own" if owner == seat else "neutral" if owner == NEUTRAL else "enemy"
    return target + ("_all" if n == most else "_one" if n == 1 else "_half")


def policy(g: Game, seat: int, legal: Sequence[Action], v: Values = DEFAULT) -> Action:
    """The roll-out decision for ``seat``: :func:`quick_move` for 2012 moves, else the heuristic."""
    if g.s.phase == MOVE and not g.is2002:
        return quick_move(g, seat, legal, v)
    return decide(g, seat, legal, v)


__all__ = ["MOVE_KINDS", "move_kind", "move_sizes", "policy", "quick_move"]
