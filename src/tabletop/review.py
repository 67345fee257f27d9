"""The after-game review: every seat's chance to win over the game, and a seat's decisions against the
strongest affordable bot's advice (docs/play/review.md).

A game supplies its parts (:class:`ReviewParts`: how a seat or a spectator sees a position, how a world
consistent with that view is drawn, the roll-out policy, the advisor bot); this module does the rest
for every game of the table:

* :func:`win_curve`: at each decision of the game, the **spectator's** view (``observe(None)``) is
  turned into ``curve_rollouts`` determinized worlds (hidden cards, secret plans and all future chance
  drawn afresh), each played to the end by the roll-out policy; a seat's chance is its share of the
  wins (a shared win counts 1/k to each of k winners). Only public information goes in, so the curve
  may be shown to everybody once the game is over.
* :func:`review_decisions`: at each decision of the reviewing ``seat`` (a Wallenstein plan counts once,
  at its first box, as the whole plan), the advisor (the game's ISMCTS bot, given only that seat's
  observation and memory) chooses; then the played and the advised choice are each played out in the
  same ``rollouts`` worlds drawn from the **seat's** view (common random numbers: the same hidden
  cards, opponents' plans and chance seeds for both), giving each choice's win chance and final score
  with standard errors, and their paired difference: what the decision cost.

Everything random comes from ``random.Random`` streams named by the review's seed and the decision's
(or curve point's) place in the game, never from the game's own seed: the same history, seat, budget
and seed give the same review in any process, and two games that look the same to a seat give that
seat the same advice (tests/tabletop/test_review_twins.py).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Protocol

from tabletop.errors import IllegalAction

FORMAT = "tabletop-review"
VERSION = 1


@dataclass(frozen=True)
class Budget:
    """How much work a review does (all counts: a review is reproducible whatever the machine's load).

    ``simulations``: the advisor's ISMCTS iterations per reviewed decision; ``rollouts``: worlds each
    choice (played and advised) is played out in; ``curve_rollouts``: worlds per curve point;
    ``curve_every``: a curve point every that many decisions (the first and the last always)."""

    simulations: int = 400
    rollouts: int = 16
    curve_rollouts: int = 24
    curve_every: int = 1

    def __post_init__(self) -> None:
        if min(self.simulations, self.rollouts, self.curve_rollouts, self.curve_every) < 1:
            raise ValueError("every part of a review budget must be at least 1")


# Named budgets: "standard" is what the table and the command line use (about 1 s of CPU per reviewed
# decision and 0.3 s per curve point on the development machine: docs/play/review.md); "quick" is for
# tests and previews.
BUDGETS: dict[str, Budget] = {
    "standard": Budget(),
    "quick": Budget(simulations=24, rollouts=4, curve_rollouts=4, curve_every=4),
    "thorough": Budget(simulations=1200, rollouts=48, curve_rollouts=32),
}


@dataclass(frozen=True)
class Stage:
    """Where a position lies in the game, for the chart's marks: ``label`` (e.g. "1626 summer" or
    "round 3"), ``period`` (a season or round number that changes when a new one starts) and whether
    the position is in a winter (Wallenstein's scoring)."""

    label: str
    period: int
    winter: bool = False


@dataclass(frozen=True)
class Position:
    """The game before one of its decisions: ``index`` among the history's decisions (0-based),
    ``log_index`` (log entries before it: where a replay shows this board), the deciding ``seat``,
    the ``action`` it took (the game's action object) and a copy of the ``game``."""

    index: int
    log_index: int
    seat: int
    action: Any
    game: Any


@dataclass(frozen=True)
class CurvePoint:
    """Every seat's estimated chance to win before decision ``index`` (and its standard error),
    and its expected final score, from the spectator's view."""

    index: int
    log_index: int
    stage: Stage
    chances: tuple[float, ...]
    errors: tuple[float, ...]
    scores: tuple[float, ...]


@dataclass(frozen=True)
class Estimate:
    """One choice played out from the reviewing seat's view: the ``action`` (its JSON) and ``text``,
    the seat's chance to ``win`` and final ``score`` (VP, influence) with their standard errors."""

    action: Any
    text: str
    win: float
    win_error: float
    score: float
    score_error: float


@dataclass(frozen=True)
class DecisionReview:
    """One decision of the reviewing seat: the played and the advised choice, and what the played one
    cost (``loss``: advised minus played win chance, with the paired standard error; ``score_loss``
    alike in points). ``same``: the advisor chose what was played (nothing lost)."""

    index: int
    log_index: int
    stage: Stage
    kind: str
    options: int
    played: Estimate
    advised: Estimate
    same: bool
    loss: float
    loss_error: float
    score_loss: float
    score_loss_error: float


@dataclass(frozen=True)
class GameReview:
    """A finished (or partial) game's review: the curve for every seat, the ``seat``'s decisions (in
    game order) and ``costliest`` (indexes into ``decisions``, the largest losses first, at most three,
    only decisions that lost something). ``cpu_seconds``: process time the review took."""

    game: str
    players: int
    seat: int | None
    budget: Budget
    seed: int
    decisions_total: int
    result: dict[str, Any]
    curve: list[CurvePoint]
    decisions: list[DecisionReview]
    costliest: list[int]
    cpu_seconds: float = 0.0
    names: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data (what the table stores with the game and the browser draws)."""
        return {"format": FORMAT, "version": VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, data: Any) -> GameReview:
        """A review from :meth:`to_json` data; IllegalAction if it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise IllegalAction("not a review (expected format tabletop-review, version 1)")
        try:
            return cls(
                game=data["game"],
                players=data["players"],
                seat=data["seat"],
                budget=Budget(**data["budget"]),
                seed=data["seed"],
                decisions_total=data["decisions_total"],
                result=data["result"],
                curve=[_point(p) for p in data["curve"]],
                decisions=[_decision(d) for d in data["decisions"]],
                costliest=list(data["costliest"]),
                cpu_seconds=data["cpu_seconds"],
                names=list(data.get("names", [])),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise IllegalAction(f"review data is malformed: {exc!r}") from None


def _point(d: dict[str, Any]) -> CurvePoint:
    return CurvePoint(
        d["index"], d["log_index"], Stage(**d["stage"]), tuple(d["chances"]), tuple(d["errors"]), tuple(d["scores"])
    )


def _decision(d: dict[str, Any]) -> DecisionReview:
    fields_ = dict(d)
    fields_["stage"] = Stage(**d["stage"])
    fields_["played"] = Estimate(**d["played"])
    fields_["advised"] = Estimate(**d["advised"])
    return DecisionReview(**fields_)


class Viewer(Protocol):
    """One seat's (or the spectator's) view of a game as it goes: it is shown every position in order
    (some games' bots remember what they saw, League of Six's piles) and draws worlds from the latest."""

    def look(self, game: Any) -> dict[str, Any]:
        """Take in ``game`` as the viewer sees it now; its observation."""
        ...

    def world(self, rng: random.Random) -> Any:
        """A game consistent with everything the viewer has seen (hidden parts and the future chance
        seed drawn from ``rng``), at the position last looked at."""
        ...

    def advise(self, legal: Sequence[Any], seed: int, simulations: int) -> Any:
        """The advisor bot's choice at the position last looked at (the viewer's seat deciding)."""
        ...


class ReviewParts(Protocol):
    """What a game supplies to the review."""

    game: str  # the game's name ("wallenstein", "league_of_six")
    score_name: str  # what its final score is called ("VP", "influence")

    def replay_steps(self, history: Any) -> Iterator[Any]:
        """The game class's ``replay_steps``: the game before each decision, then the final game."""
        ...

    def viewer(self, seat: int | None, players: int) -> Viewer: ...

    def rollout(self, game: Any, rng: random.Random) -> None:
        """Play ``game`` to its end with the roll-out policy (every seat)."""
        ...

    def final(self, game: Any) -> tuple[list[int], list[float]]:
        """A finished game's winners and every seat's final score."""
        ...

    def stage(self, game: Any) -> Stage: ...

    def reviewed(self, positions: Sequence[Position], k: int) -> tuple[str, Any] | None:
        """Whether decision ``k`` of its seat is reviewed: its kind and the played choice (a plan begun
        at ``k`` is the whole plan, read where it ends), or None (one option, a later plan box)."""
        ...

    def describe(self, game: Any, seat: int, action: Any) -> str:
        """A short text of ``action`` for people."""
        ...

    def seat_names(self, players: int) -> list[str]:
        """The seats' names for people (Wallenstein's colours, League of Six's "seat N")."""
        ...


class AdvisedViewer:
    """What the games' viewers share: the advisor, the game's ISMCTS bot (``advisor``, its class) at its
    ``learned`` preset, given the viewer's seat's observation (and what :meth:`brief` adds) only."""

    advisor: Any
    seat: int | None
    obs: dict[str, Any]

    def advise(self, legal: Sequence[Any], seed: int, simulations: int) -> Any:
        assert self.seat is not None, "the spectator takes no advice"
        agent = self.advisor(seat=self.seat, seed=seed, preset="learned", simulations=simulations)
        self.brief(agent)
        return agent.act(self.obs, list(legal))

    def brief(self, agent: Any) -> None:
        """Tell the advisor what the viewer remembers of the game beyond its observation (nothing here)."""


class GameParts:
    """What the games' :class:`ReviewParts` share: the replay of ``game_class``, the final result read from
    its ``result()`` (``score_key``: the field of every seat's final score) and an action's short text."""

    game_class: Any
    score_key: str

    def replay_steps(self, history: Any) -> Iterator[Any]:
        steps: Iterator[Any] = self.game_class.replay_steps(history)
        return steps

    def final(self, game: Any) -> tuple[list[int], list[float]]:
        result = game.result()
        return list(result["winners"]), [float(v) for v in result[self.score_key]]

    def describe(self, game: Any, seat: int, action: Any) -> str:
        """The action's kind and its fields' values (the command line's words; the table's page words
        actions from its own catalogues)."""
        data = action.to_json()
        kind = data.pop("type")
        return " ".join([kind.replace("_", " "), *(str(v) for v in data.values())])


def positions(parts: ReviewParts, history: Any) -> tuple[list[Position], Any]:
    """The game before each decision of ``history``, and the game after the last one (IllegalAction if
    the history does not replay)."""
    if not isinstance(history, list) or not history:
        raise IllegalAction("a history is a list starting with a {'new_game': options} entry")
    moves = [e for e in history[1:] if isinstance(e, dict) and "seat" in e]
    out: list[Position] = []
    last: Any = None
    for k, g in enumerate(parts.replay_steps(history)):
        last = g
        if k >= len(moves):
            break
        seat = int(moves[k]["seat"])
        action = type(g).ACTION.from_json(moves[k]["action"])
        out.append(Position(k, len(g._log), seat, action, g.clone()))
    return out, last


# The calibration (docs/research/review.md): every seat's win count gets this many pseudo-roll-outs
# (the Dirichlet(1/2) prior's posterior mean), so a handful of roll-outs never says 0% or 100%. Chosen
# before the study, not fitted to it: the study found the raw shares a little too sure at both ends
# (about 2% predicted where 4 to 6% won) and this prior takes that out; fitted shrinks and temperatures
# did no better out of sample.
PRIOR = 0.5


def calibrated(chance: float, rollouts: int, players: int, prior: float = PRIOR) -> float:
    """A seat's win share over ``rollouts`` play-outs with ``prior`` pseudo-roll-outs per seat."""
    return (rollouts * chance + prior) / (rollouts + prior * players)


def kept(rollouts: int, players: int, prior: float = PRIOR) -> float:
    """How much of a difference of win shares :func:`calibrated` keeps (its slope)."""
    return rollouts / (rollouts + prior * players)


def _win_share(seat: int, winners: Sequence[int]) -> float:
    return 1.0 / len(winners) if seat in winners else 0.0


def _mean_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (0 for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def _rng(*names: object) -> random.Random:
    """A generator named by the review's seed and a place in the game (stable across processes)."""
    return random.Random("review/" + "/".join(str(n) for n in names))


def curve_point(
    parts: ReviewParts, viewer: Viewer, pos: Position, rollouts: int, seed: int, prior: float = PRIOR
) -> CurvePoint:
    """The spectator's estimate at ``pos`` (``viewer`` has looked at it): ``rollouts`` worlds played out,
    the win shares with ``prior`` pseudo-roll-outs per seat (:func:`calibrated`; the calibration study
    asks for 0, the raw shares).

    World ``i`` of every point uses the same named generator, so neighbouring points meet the same luck
    and the curve moves with the game, not with the sampling."""
    players = pos.game.players
    wins: list[list[float]] = [[] for _ in range(players)]
    scores: list[list[float]] = [[] for _ in range(players)]
    for i in range(rollouts):
        rng = _rng(seed, "curve", i)
        g = viewer.world(rng)
        parts.rollout(g, rng)
        winners, final = parts.final(g)
        for p in range(players):
            wins[p].append(_win_share(p, winners))
            scores[p].append(final[p])
    keep = kept(rollouts, players, prior)
    stats = [_mean_error(w) for w in wins]
    return CurvePoint(
        pos.index,
        pos.log_index,
        parts.stage(pos.game),
        tuple(round(calibrated(m, rollouts, players, prior), 4) for m, _ in stats),
        tuple(round(keep * e, 4) for _, e in stats),
        tuple(round(sum(s) / len(s), 2) for s in scores),
    )


Progress = Callable[[int, int], None]
"""``progress(done, total)``: called as a review goes (the table's progress bar, the CLI's)."""


def win_curve(
    parts: ReviewParts,
    history_positions: Sequence[Position],
    budget: Budget,
    seed: int,
    progress: Progress | None = None,
    final: Any = None,
) -> list[CurvePoint]:
    """Every seat's chance to win at each ``budget.curve_every``-th decision (and the first and last),
    from public information only (see the module doc); with a finished ``final`` game, a last point
    after the last decision holds the result itself (each winner's share, no error)."""
    if not history_positions:
        return []
    viewer = parts.viewer(None, history_positions[0].game.players)
    last = len(history_positions) - 1
    out: list[CurvePoint] = []
    seen: dict[str, Any] | None = None
    for pos in history_positions:
        obs = viewer.look(pos.game)
        if pos.index % budget.curve_every == 0 or pos.index == last:
            if obs == seen:  # nothing public changed (a secret plan box): the same estimate
                before = out[-1]
                out.append(replace(before, index=pos.index, log_index=pos.log_index, stage=parts.stage(pos.game)))
            else:
                out.append(curve_point(parts, viewer, pos, budget.curve_rollouts, seed))
                seen = obs
        if progress is not None:
            progress(pos.index + 1, len(history_positions))
    if final is not None and final.over:
        out.append(result_point(parts, final, len(history_positions)))
    return out


def result_point(parts: ReviewParts, final: Any, index: int) -> CurvePoint:
    """The curve's point after the last decision of a finished game: the result."""
    winners, scores = parts.final(final)
    players = len(scores)
    return CurvePoint(
        index,
        len(final._log),
        parts.stage(final),
        tuple(_win_share(p, winners) for p in range(players)),
        (0.0,) * players,
        tuple(scores),
    )


def _play_out(parts: ReviewParts, world: Any, seat: int, action: Any, rng: random.Random) -> tuple[float, float]:
    """``seat`` takes ``action`` in ``world`` (a copy), then everyone plays on: its win share and score."""
    g = world.clone()
    g.apply(seat, action)
    parts.rollout(g, rng)
    winners, final = parts.final(g)
    return _win_share(seat, winners), final[seat]


def _estimate(parts: ReviewParts, game: Any, seat: int, action: Any, runs: list[tuple[float, float]]) -> Estimate:
    win, win_error = _mean_error([w for w, _ in runs])
    score, score_error = _mean_error([s for _, s in runs])
    n, players = len(runs), game.players
    return Estimate(
        action.to_json(),
        parts.describe(game, seat, action),
        round(calibrated(win, n, players), 4),
        round(kept(n, players) * win_error, 4),
        round(score, 2),
        round(score_error, 2),
    )


def review_decision(
    parts: ReviewParts, viewer: Viewer, pos: Position, kind: str, played: Any, budget: Budget, seed: int
) -> DecisionReview:
    """Advice and estimates for ``pos`` (``viewer``, the deciding seat's, has looked at it)."""
    seat, g = pos.seat, pos.game
    legal = g.legal_actions(seat)
    advised = viewer.advise(legal, hash_seed(seed, "advice", pos.index), budget.simulations)
    same = advised == played
    choices = [played] if same else [played, advised]
    runs: list[list[tuple[float, float]]] = [[] for _ in choices]
    for i in range(budget.rollouts):
        world = viewer.world(_rng(seed, "decision", pos.index, i))
        chance = random.Random(f"review/{seed}/play/{pos.index}/{i}").getrandbits(64)
        for c, action in enumerate(choices):
            runs[c].append(_play_out(parts, world, seat, action, random.Random(chance)))
    mine = _estimate(parts, g, seat, played, runs[0])
    theirs = mine if same else _estimate(parts, g, seat, advised, runs[1])
    diffs = [(0.0, 0.0)] * budget.rollouts if same else [(b[0] - a[0], b[1] - a[1]) for a, b in zip(*runs, strict=True)]
    keep = kept(budget.rollouts, g.players)
    loss, loss_error = _mean_error([keep * d for d, _ in diffs])
    score_loss, score_loss_error = _mean_error([d for _, d in diffs])
    return DecisionReview(
        pos.index,
        pos.log_index,
        parts.stage(g),
        kind,
        len(legal),
        mine,
        theirs,
        same,
        round(loss, 4),
        round(loss_error, 4),
        round(score_loss, 2),
        round(score_loss_error, 2),
    )


def hash_seed(seed: int, *names: object) -> int:
    """A 32-bit seed named by ``seed`` and ``names`` (stable across processes and PYTHONHASHSEED)."""
    return _rng(seed, *names).getrandbits(32)


def review_decisions(
    parts: ReviewParts,
    history_positions: Sequence[Position],
    seat: int,
    budget: Budget,
    seed: int,
    progress: Progress | None = None,
) -> list[DecisionReview]:
    """Every reviewed decision of ``seat`` (see the module doc), in game order."""
    if not history_positions:
        return []
    viewer = parts.viewer(seat, history_positions[0].game.players)
    out: list[DecisionReview] = []
    for k, pos in enumerate(history_positions):
        viewer.look(pos.game)
        if pos.seat == seat:
            what = parts.reviewed(history_positions, k)
            if what is not None:
                out.append(review_decision(parts, viewer, pos, what[0], what[1], budget, seed))
        if progress is not None:
            progress(k + 1, len(history_positions))
    return out


def costliest(decisions: Sequence[DecisionReview], n: int = 3) -> list[int]:
    """Indexes of the ``n`` decisions that lost the most win chance (then points), losses only."""
    lost = [i for i, d in enumerate(decisions) if not d.same and (d.loss > 0 or (d.loss == 0 and d.score_loss > 0))]
    lost.sort(key=lambda i: (-decisions[i].loss, -decisions[i].score_loss, i))
    return lost[:n]


def review_game(
    parts: ReviewParts,
    history: Any,
    seat: int | None,
    budget: Budget = BUDGETS["standard"],
    seed: int = 0,
    progress: Progress | None = None,
    names: Sequence[str] = (),
) -> GameReview:
    """The review of ``history`` for ``seat`` (None: the curve alone). ``progress(done, total)`` counts
    the curve's positions, then the seat's. IllegalAction for a history that does not replay or a seat
    the game does not have."""
    start = time.process_time()
    steps, last = positions(parts, history)
    if not steps:
        raise IllegalAction("the history has no decision to review")
    players = steps[0].game.players
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < players):
        raise IllegalAction(f"no seat {seat!r} in a {players}-player game")
    total = len(steps) * (1 if seat is None else 2)

    def part(offset: int) -> Progress | None:
        return None if progress is None else (lambda done, _n: progress(offset + done, total))

    curve = win_curve(parts, steps, budget, seed, part(0), final=last)
    decisions = [] if seat is None else review_decisions(parts, steps, seat, budget, seed, part(len(steps)))
    final = dict(last.result()) if last.over else {"over": False}
    return GameReview(
        game=parts.game,
        players=players,
        seat=seat,
        budget=budget,
        seed=seed,
        decisions_total=len(steps),
        result=final,
        curve=curve,
        decisions=decisions,
        costliest=costliest(decisions),
        cpu_seconds=round(time.process_time() - start, 2),
        names=list(names) or parts.seat_names(players),
    )


@dataclass(frozen=True)
class Hint:
    """The advisor's choice for a seat's current decision in a game still going: the ``action`` (its
    JSON) and ``text``, and the advisor's ``simulations``."""

    action: Any
    text: str
    simulations: int


def hint(parts: ReviewParts, history: Any, seat: int, simulations: int = 400, seed: int = 0) -> Hint:
    """What the advisor would choose now for ``seat`` in the game of ``history`` (not over; the seat
    must be deciding): from that seat's view only, as in a review. IllegalAction otherwise."""
    steps, now = positions(parts, history)
    if now is None or now.over or not 0 <= seat < now.players or seat not in now.pending():
        raise IllegalAction(f"seat {seat} has no decision to take now")
    viewer = parts.viewer(seat, now.players)
    for pos in steps:
        viewer.look(pos.game)
    viewer.look(now)
    action = viewer.advise(now.legal_actions(seat), hash_seed(seed, "hint", len(steps)), simulations)
    return Hint(action.to_json(), parts.describe(now, seat, action), simulations)


__all__ = [
    "BUDGETS",
    "PRIOR",
    "AdvisedViewer",
    "Budget",
    "CurvePoint",
    "DecisionReview",
    "Estimate",
    "GameParts",
    "GameReview",
    "Hint",
    "Position",
    "Progress",
    "ReviewParts",
    "Stage",
    "Viewer",
    "calibrated",
    "costliest",
    "curve_point",
    "hash_seed",
    "hint",
    "kept",
    "positions",
    "result_point",
    "review_decision",
    "review_decisions",
    "review_game",
    "win_curve",
]
