"""Which of its candidates today's flat search (``search``) chooses, in real games of a line-up.

The question behind the ``ismcts`` bot's model of searching opponents (docs/bots/wallenstein.md, tenth
round): for each plan decision of a ``search`` seat, the rank of the chosen plan in
:func:`wallenstein.bots.search.plan_candidates` order (0: the heuristic's plan; then its single
changes; then noisy heuristic plans), and for each of its move decisions whether it took the
heuristic's move (:func:`~wallenstein.bots.search.move_candidates`' first) and the roll-out
policy's (:func:`wallenstein.bots.rollout.quick_move`). After those tallies, per ``search`` seat
name, the kinds of its move candidates (:func:`wallenstein.bots.rollout.move_kind`: ``quick_move``'s
move, else stay or the target's relation and the armies moved): how often each kind was listed,
chosen, and chosen per listing, the weight of one candidate of each kind fitted to the decisions
(:func:`fit_weights`: the ``ismcts`` bot's ``SEARCH_FIT_MOVES``), and how the heuristic's and
``quick_move``'s moves coincide.

The search's decisions are not changed: after each of them the wrapper lists the candidates again
from the same observation with the generator the search used (its seed and decision counter), so
the list is the one it chose from. Games as ``ladder.py --lineup`` plays them (game ``i`` on seed
``seed + i``, seats rotated by ``i``).

    .venv/bin/python research/studies/search_choices.py --games 4 \\
        search:simulations=200 search:simulations=200 search:simulations=200 search:simulations=200
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from study_args import bots_parser

from tabletop.agents import Agent
from tabletop.tournament import watched_game
from wallenstein.actions import Action
from wallenstein.bots.heuristic import plan
from wallenstein.bots.rollout import MOVE_KINDS, move_kind, quick_move
from wallenstein.bots.search import SearchAgent, move_candidates, plan_candidates, plan_variants
from wallenstein.bots.tournament import WALLENSTEIN
from wallenstein.determinize import rebuild
from wallenstein.edition2002 import PLAN_START
from wallenstein.game import Game
from wallenstein.state import MOVE, PLANNING

Decision = tuple[Counter[str], str]  # a move decision: its candidates' kinds (how many of each), the chosen kind


def fit_weights(decisions: Sequence[Decision], rounds: int = 1000) -> dict[str, float]:
    """Per kind of move candidate, the weight that makes a draw among each decision's candidates,
    each with its kind's weight, likeliest to give the kinds chosen (Luce's choice model, fitted by
    Hunter's MM iterations, 2004); scaled so that ``quick`` weighs 1. A kind never chosen weighs 0.
    Fitted, the model's expected count of each kind over these decisions is its chosen count."""
    chosen = Counter(kind for _, kind in decisions)
    kinds = sorted({kind for listed, _ in decisions for kind in listed})
    w = dict.fromkeys(kinds, 1.0)
    for _ in range(rounds):
        spread = dict.fromkeys(kinds, 0.0)
        for listed, _ in decisions:
            total = sum(w[k] * n for k, n in listed.items())
            for k, n in listed.items():
                spread[k] += n / total
        w = {k: chosen[k] / spread[k] for k in kinds}
        scale = w.get("quick") or max(w.values())
        w = {k: x / scale for k, x in w.items()}
    return w


class Watched:
    """A ``search`` agent whose plan and move choices are tallied (its decisions unchanged)."""

    def __init__(
        self, agent: SearchAgent, tally: dict[str, Counter[Any]], kinds: dict[str, Counter[Any]], moves: list[Decision]
    ) -> None:
        self.agent, self.tally, self.kinds, self.moves = agent, tally, kinds, moves
        self.needs_observation = True

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        a = self.agent
        action = a.act(observation, legal)
        if len(legal) == 1:
            return action
        base = rebuild(observation, None, tower=a.tower)
        s = base.s
        if s.phase == PLANNING and s.plan_fill[a.seat] == (PLAN_START if base.is2002 else 0):
            rng = random.Random(f"{a.seed}/{a.decisions}")  # the generator the search listed them with
            cands = plan_candidates(base, a.seat, a.values, a.n_candidates, rng)
            rank = cands.index(action)
            changes = plan_variants(base, a.seat, plan(base, a.seat, a.values))
            n_var = len({v for v in changes if Action("plan", cards=v) in cands})
            kind = "heuristic" if rank == 0 else "change" if rank <= n_var else "noisy"
            self.tally["plan rank"][rank] += 1
            self.tally["plan kind"][kind] += 1
            self.tally["changes listed"][n_var] += 1
            if kind == "change":
                self.tally["change rank"][rank] += 1
            if kind == "noisy":
                self.tally["noisy rank (after the changes)"][rank - n_var] += 1
        elif s.phase == MOVE:
            cands = move_candidates(base, a.seat, legal, a.values)
            quick = quick_move(base, a.seat, legal, a.values)
            self.tally["move"]["heuristic's" if action == cands[0] else "another"] += 1
            self.tally["move = quick_move"][action == quick] += 1
            self.tally["move candidates"][len(cands)] += 1
            listed = Counter(move_kind(base, a.seat, c, quick) for c in cands)
            chosen = move_kind(base, a.seat, action, quick)
            self.kinds["listed"].update(listed)
            self.kinds["chosen"][chosen] += 1
            self.moves.append((listed, chosen))
            self.kinds["quick_move listed"][quick in cands] += 1
            self.kinds["heuristic's = quick_move's"][cands[0] == quick] += 1
            if action != quick:
                self.kinds["not quick_move's: the heuristic's"][action == cands[0]] += 1
        return action


def main() -> None:
    args = bots_parser(__doc__, 4, "the line-up").parse_args()
    tally: dict[str, dict[str, Counter[Any]]] = {}
    kinds: dict[str, dict[str, Counter[Any]]] = {}
    moves: dict[str, list[Decision]] = {}
    for i in range(args.games):

        def watch(a: Agent, g: Game, seat: int, name: str) -> Agent:
            if not isinstance(a, SearchAgent):
                return a
            return Watched(
                a,
                tally.setdefault(name, defaultdict(Counter)),
                kinds.setdefault(name, defaultdict(Counter)),
                moves.setdefault(name, []),
            )

        g = watched_game(WALLENSTEIN, args.names, args.seed, i, watch)
        print(f"game {i} (seed {args.seed + i}) done: {g.result()['winners']}", flush=True)
    for name, counters in tally.items():
        print(f"\n`{name}`:")
        for what, c in counters.items():
            total = sum(c.values())
            ordered = sorted(c.items(), key=lambda kv: str(kv[0]))
            row = ", ".join(f"{k}: {n} ({100 * n / total:.0f}%)" for k, n in ordered)
            print(f"  {what} ({total}): {row}")
    for name, counters in kinds.items():
        listed, chosen = counters["listed"], counters["chosen"]
        print(f"\n`{name}`, the kinds of its move candidates ({sum(chosen.values())} move decisions):")
        print("  kind: listed, chosen (share of decisions), chosen per listing, fitted weight")
        fitted = fit_weights(moves[name]) if moves[name] else {}
        for kind in MOVE_KINDS:
            share = 100 * chosen[kind] / max(1, sum(chosen.values()))
            rate = chosen[kind] / listed[kind] if listed[kind] else 0.0
            print(f"  {kind}: {listed[kind]}, {chosen[kind]} ({share:.0f}%), {rate:.3f}, {fitted.get(kind, 0.0):.3f}")
        print("  fitted weights: {" + ", ".join(f'"{k}": {fitted.get(k, 0.0):.3f}' for k in MOVE_KINDS) + "}")
        for what in ("quick_move listed", "heuristic's = quick_move's", "not quick_move's: the heuristic's"):
            c = counters[what]
            print(f"  {what} ({sum(c.values())}): {', '.join(f'{k}: {n}' for k, n in sorted(c.items()))}")


if __name__ == "__main__":
    main()
