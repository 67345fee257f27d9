"""OpenSpiel's explicit chance (``chance=explicit``): every draw of the engine is a chance node.

The draws' exact probabilities against the engine's own sampling (chi-square, fixed seeds), chance
nodes that sum to 1 through whole games of both games, OpenSpiel's random simulation with
serialization, an explicit game that is the very game the seed samples when its chance actions are
the seed's outcomes, replays through the engine, undo through chance nodes, and OpenSpiel's MCTS bot.
"""

from __future__ import annotations

import copy
import math
import pickle
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import league_of_six
import wallenstein
from league_of_six import rl as los_rl
from league_of_six.game import Game as LeagueGame
from tabletop.chance import Choice, Deal, Draw, Replenished, Subset, Tops, TowerDrop, stream
from tabletop.engine import RecordedGame
from wallenstein import rl as w_rl
from wallenstein.game import Game as WallensteinGame
from wallenstein.tower import ProbabilisticTower, memoryless_tower

GAMES = {"wallenstein": w_rl, "league_of_six": los_rl}
ENGINES: dict[str, type[RecordedGame[Any, Any]]] = {"wallenstein": WallensteinGame, "league_of_six": LeagueGame}
CHANCE = int(pyspiel.PlayerId.CHANCE)
SAMPLES = 4000


def load(game: str, **params: Any) -> Any:
    return pyspiel.load_game(GAMES[game].register_openspiel(), {"chance": "explicit", **params})


def exact(draw: Draw) -> dict[Any, float]:
    """Every outcome of ``draw`` with its probability, by walking all its picks."""
    out: dict[Any, float] = {}

    def walk(picks: tuple[int, ...], p: float) -> None:
        options = draw.options(picks)
        if options is None:
            key = draw.outcome(picks)
            out[key] = out.get(key, 0.0) + p
            return
        for value, q in options:
            walk((*picks, value), p * q)

    walk((), 1.0)
    return out


def chi_square_fits(expected: dict[Any, float], seen: Counter[Any], n: int) -> tuple[float, float]:
    """Pearson's statistic of ``seen`` against ``expected`` (bins under 5 expected pooled) and its
    critical value at about 1e-4 (Wilson-Hilferty). Something seen that cannot happen fails outright."""
    assert set(seen) <= set(expected), f"impossible outcomes sampled: {set(seen) - set(expected)}"
    stat, pooled_e, pooled_o, bins = 0.0, 0.0, 0, 0
    for key, p in expected.items():
        e = p * n
        if e < 5:
            pooled_e += e
            pooled_o += seen[key]
            continue
        stat += (seen[key] - e) ** 2 / e
        bins += 1
    if pooled_e > 0:
        stat += (pooled_o - pooled_e) ** 2 / max(pooled_e, 1e-9)
        bins += 1
    k = max(bins - 1, 1)
    z = 3.72  # one-sided normal quantile of 1e-4
    return stat, k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


def sampled(draw: Draw, seed: int, n: int = SAMPLES) -> Counter[Any]:
    """``n`` outcomes of ``draw`` as the engine samples them (``draw(stream(seed, counter))``)."""
    return Counter(draw(stream(seed, k)) for k in range(n))


SMALL_DRAWS: list[tuple[str, Draw]] = [
    ("shuffle", Deal(range(4))),
    ("deal of 2 from 5, with a repeated card", Deal([0, 1, 1, 2, 3], 2)),
    ("subset 3 of 6", Subset(range(6), 3)),
    ("subset 2 of 5 counties", Subset([4, 9, 17, 30, 41], 2)),
    ("choice with repeats", Choice([3, 5, 5, 8])),
    ("pile tops", Tops([[1, 2], [], [3, 4, 5]])),
    ("deal from a full pile", Replenished([7, 8, 9, 10], [1, 2], 3)),
    ("pile replenished from used", Replenished([1], [2, 3, 4, 5], 3)),
    ("tower 2/3, 1/3", TowerDrop(ProbabilisticTower(), [2, 0, 1], [1, 3, 0])),
    ("tower 0.7, 0.25", TowerDrop(ProbabilisticTower(0.7, 0.25), [3, 1], [2, 2])),
    ("memoryless tower", TowerDrop(memoryless_tower(), [4, 2], [3, 1])),
]


@pytest.mark.parametrize(("name", "draw"), SMALL_DRAWS, ids=[n for n, _ in SMALL_DRAWS])
def test_exact_probabilities_match_the_engines_sampling(name: str, draw: Draw) -> None:
    expected = exact(draw)
    assert math.isclose(sum(expected.values()), 1.0, abs_tol=1e-12)
    for picks_outcome in expected:
        assert exact_path(draw, picks_outcome) == pytest.approx(expected[picks_outcome])
    stat, critical = chi_square_fits(expected, sampled(draw, seed=11), SAMPLES)
    assert stat < critical, f"{name}: chi-square {stat:.1f} over {critical:.1f}"


def exact_path(draw: Draw, outcome: Any) -> float:
    """The probability of the one path of picks that ``picks_of`` gives for ``outcome``."""
    p = 1.0
    picks: tuple[int, ...] = ()
    for value in draw.picks_of(outcome):
        options = dict(draw.options(picks) or [])
        p *= options[value]
        picks = (*picks, value)
    assert draw.options(picks) is None and draw.outcome(picks) == outcome
    return p


def test_a_wrong_probability_would_be_caught() -> None:
    """The check can fail: a tower whose exact model says 1/2 is refused against samples of 2/3."""
    draw = TowerDrop(ProbabilisticTower(), [0], [4])
    wrong = exact(TowerDrop(ProbabilisticTower(0.5, 1 / 3), [0], [4]))
    stat, critical = chi_square_fits(wrong, sampled(draw, seed=3), SAMPLES)
    assert stat > critical


def draws_of_a_game(engine: type[RecordedGame[Any, Any]], new: Callable[[], Any], monkeypatch: Any) -> list[Any]:
    """(kind, draw) of every draw of a random game, each as it was when drawn; the spy source samples
    exactly as the engine does, so the game is the seed's own (checked against a plain one)."""
    seen: list[tuple[str, Draw]] = []

    def spy(game: Any, kind: str, draw: Draw) -> Any:
        seen.append((kind, copy.deepcopy(draw)))
        return draw(stream(game.seed, game.s.chance_n - 1))

    def play(game: Any) -> Any:
        rng = np.random.default_rng(5)
        while not game.over:
            seat = game.pending()[0]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[int(rng.integers(len(legal)))])
        return game

    with monkeypatch.context() as patch:
        patch.setattr(engine, "chance_source", staticmethod(spy))
        spied = play(new())
    plain = play(new())
    assert spied.history == plain.history and seen
    return seen


GAME_DRAWS: list[tuple[str, Callable[[], Any]]] = [
    ("wallenstein", lambda: wallenstein.new_game(4, 3, setup="draft", modules=["emperors_court"], log=False)),
    ("wallenstein", lambda: wallenstein.new_game(players=5, seed=4, edition="2002", log=False)),
    ("league_of_six", lambda: league_of_six.new_game(players=5, seed=2, log=False)),
]


@pytest.mark.parametrize(("game", "new"), GAME_DRAWS, ids=["w2012-court", "w2002", "league"])
def test_every_kind_of_draw_in_a_game_matches_sampling(
    game: str, new: Callable[[], Any], monkeypatch: Any, request: Any
) -> None:
    """Of each kind of draw a game makes (the first and the last of the kind), the whole outcome's
    distribution where it is small, else the first pick's, against the engine's sampling."""
    label = request.node.callspec.id
    seen = draws_of_a_game(ENGINES[game], new, monkeypatch)
    by_kind: dict[str, list[Draw]] = {}
    for kind, draw in seen:
        by_kind.setdefault(kind, []).append(draw)
    for kind, draws in sorted(by_kind.items()):
        for draw in {id(d): d for d in (draws[0], draws[-1])}.values():
            counts = sampled(draw, seed=len(kind), n=2000)
            if len(counts) <= 200:
                expected = exact(draw)
            else:  # too many outcomes to walk: the first pick (a card of the deck, say)
                expected = dict(draw.options(()) or [])
                counts = Counter(draw.picks_of(o)[0] for o in counts.elements())
            stat, critical = chi_square_fits(expected, counts, 2000)
            assert stat < critical, f"{game} {kind}: chi-square {stat:.1f} over {critical:.1f}"
    wanted = {
        "wallenstein": {"year_events", "action_cards", "event", "tower", "winter_revolts"},
        "league_of_six": {"ring", "order", "leaders", "siege", "tax_tiles", "storage"},
    }[game]
    by_label = {"w2002": {"leader_order"}, "w2012-court": {"county_deck", "favours", "bonus_tiles", "bid_tie"}}
    extra = by_label.get(label, set())
    assert wanted | extra <= set(by_kind)


def play_explicit(state: Any, rng: np.random.Generator, check: Callable[[Any], None] | None = None) -> int:
    """Random play to the end, chance by its probabilities; ``check`` at every chance node. Returns
    the number of chance nodes."""
    nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            nodes += 1
            if check is not None:
                check(state)
            chance_by_probability(state, rng)
        else:
            random_decision(state, rng)
    return nodes


def chance_by_probability(state: Any, rng: np.random.Generator) -> None:
    """At a chance node: one outcome, drawn with its probability."""
    values, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(rng.choice(values, p=probs)))


def random_decision(state: Any, rng: np.random.Generator) -> None:
    """A uniformly random legal action (at a chance node: a uniformly random outcome)."""
    legal = state.legal_actions()
    state.apply_action(int(legal[int(rng.integers(len(legal)))]))


def bot_decides(bot: Any, state: Any, rng: np.random.Generator, decisions: int | None = None) -> int:
    """``bot`` takes every seat's decisions, each checked legal, chance by its probabilities, to the
    end of the game or until ``decisions`` are made; returns how many it made."""
    made = 0
    while not state.is_terminal() and (decisions is None or made < decisions):
        if state.is_chance_node():
            chance_by_probability(state, rng)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        made += 1
    return made


def check_node(state: Any) -> None:
    outcomes = state.chance_outcomes()
    values = [v for v, _ in outcomes]
    assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-12)
    assert all(p > 0 for _, p in outcomes) and len(set(values)) == len(values) >= 2
    assert all(0 <= v < state.get_game().max_chance_outcomes() for v in values)
    assert state.legal_actions() == sorted(values) and state.current_player() == CHANCE


WHOLE_GAMES = [
    ("wallenstein", {"players": 3, "seed": 1}),
    ("wallenstein", {"players": 5, "edition": 2002}),
    ("wallenstein", {"players": 4, "modules": "emperors_court+landsknechte+military_leaders", "setup": "draft"}),
    ("wallenstein", {"players": 4, "tower": "memoryless", "tower_p_drop": "0.7"}),
    ("league_of_six", {"players": 3}),
    ("league_of_six", {"players": 5, "sides": "yellow"}),
]


@pytest.mark.parametrize(("game", "params"), WHOLE_GAMES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(WHOLE_GAMES)])
def test_whole_games_sum_to_one_at_every_chance_node_and_replay(game: str, params: dict[str, Any]) -> None:
    g = load(game, **params)
    assert g.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = g.new_initial_state()
    assert state.is_chance_node()  # the set-up's first draw
    nodes = play_explicit(state, np.random.default_rng(7), check_node)
    assert nodes > 20 and sum(state.returns()) == pytest.approx(1.0)
    engine = state.engine
    again = ENGINES[game].from_history(engine.history)  # the normal engine, recorded chance
    assert again.s.to_dict() == engine.s.to_dict() and again.over
    replayed = g.new_initial_state()  # and OpenSpiel's own actions, chance ones included
    for action in state.history():
        replayed.apply_action(action)
    assert str(replayed) == str(state)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_openspiel_random_sim_test_with_serialization(game: str) -> None:
    pyspiel.random_sim_test(load(game, players=3), num_sims=1, serialize=True, verbose=False)


def _draw_number(state: Any) -> int:
    """Which draw of the game (0, 1, ...) the chance node ``state`` is at."""
    made = state._held.game.s.chance_n if state._held is not None else 0
    return int(made + len(state._node.fed))


def _actions_of(state: Any, engine_type: type[Any], game: str, sampled_history: list[dict[str, Any]]) -> None:
    """Drive an explicit ``state`` through ``sampled_history``: each chance node picks what the
    seed drew, each decision is the history's (as a catalogue index). Information states are asked
    for now and then, so the lazily kept trails follow explicit steps too."""
    catalogue = GAMES[game].SPEC.catalogue
    draws = 0
    for k, entry in enumerate(sampled_history[1:]):
        if "chance" in entry:
            outcome = entry["outcome"]
            outcome = tuple(outcome) if isinstance(outcome, list) else outcome
            while state.is_chance_node() and _draw_number(state) == draws:  # else: every pick was forced
                node = state._node
                assert node.kind == entry["chance"]
                state.apply_action(node.draw.picks_of(outcome)[len(node.picks)])
            draws += 1
        else:
            action = engine_type.ACTION.from_json(entry["action"])
            assert not state.is_chance_node() and state.current_player() == entry["seat"]
            state.apply_action(catalogue.index[action])
            if k % 17 == 0:
                state.information_state_string(entry["seat"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_explicit_chance_given_the_seeds_outcomes_is_the_seeds_game(game: str) -> None:
    """Choose at every chance node what the seed sampled: the explicit game records exactly the
    sampled game's history, and every seat's information state is the same."""
    seeded = load(game, players=4, seed=9, chance="seeded").new_initial_state()
    rng = np.random.default_rng(2)
    while not seeded.is_terminal():
        random_decision(seeded, rng)
    explicit = load(game, players=4, seed=9).new_initial_state()
    _actions_of(explicit, ENGINES[game], game, seeded.engine.history)
    assert explicit.is_terminal()
    assert explicit.engine.history == seeded.engine.history
    for seat in range(4):
        assert explicit.information_state_string(seat) == seeded.information_state_string(seat)
    assert explicit.returns() == seeded.returns()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_serialization_and_pickle_at_a_chance_node(game: str) -> None:
    """At the set-up's first draw and at two chance nodes in play (some picks of a draw made): a
    serialized, a pickled and a cloned state are the same node and play on to the same game."""
    g = load(game, players=3)
    rng = np.random.default_rng(4)
    state = g.new_initial_state()
    for stop in range(3):
        while stop and not (state.is_chance_node() and not state.setting_up and state.engine.s.chance_n > 8 * stop):
            random_decision(state, rng)
        copies = [pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))[1]]
        copies.append(pickle.loads(pickle.dumps(state)))
        copies.append(state.clone())
        for other in copies:
            assert other.is_chance_node() and other.chance_outcomes() == state.chance_outcomes()
            assert str(other) == str(state) and other.history() == state.history()
        copies.append(state.clone())
        for other in copies:  # the same choices from here give the same game
            play_explicit(other, np.random.default_rng(stop))
        assert len({str(o) for o in copies}) == 1 and copies[0].is_terminal()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_undo_goes_back_through_chance_nodes(game: str) -> None:
    """From the first set-up draw well into play and back, action by action (chance ones included)."""
    state = load(game, players=3).new_initial_state()
    rng = np.random.default_rng(6)
    steps = []
    for k in range(160):
        if state.is_terminal():  # a short game: back from its end
            break
        info = state.information_state_string(1) if k % 10 == 0 and not state.setting_up else None
        before = (str(state), state.history(), state.chance_outcomes(), state.legal_actions(), info)
        player, legal = state.current_player(), state.legal_actions()
        action = int(legal[int(rng.integers(len(legal)))])
        state.apply_action(action)
        steps.append((before, player, action))
    assert not state.setting_up
    for (text, history, outcomes, legal, info), player, action in reversed(steps):
        state.undo_action(player, action)
        assert (str(state), state.history(), state.chance_outcomes(), state.legal_actions()) == (
            text,
            history,
            outcomes,
            legal,
        )
        if info is not None:
            assert state.information_state_string(1) == info
    assert state.history() == [] and state.is_chance_node()
    with pytest.raises(pyspiel.SpielError, match="last decision"):
        state.undo_action(CHANCE, 0)


class _NoRollout(mcts.Evaluator):  # type: ignore[misc]
    """Values 0, uniform priors (chance: its probabilities): MCTS without the cost of rollouts."""

    def evaluate(self, state: Any) -> np.ndarray:
        return np.zeros(state.num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_openspiels_mcts_bot_plays_a_whole_game_with_explicit_chance(game: str) -> None:
    g = load(game, players=3)  # registers the game, then pyspiel.load_game
    if game == "league_of_six":  # short games: OpenSpiel's random rollouts, through chance nodes
        evaluator: Any = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    else:
        evaluator = _NoRollout()
    bot = mcts.MCTSBot(g, 2.0, 3, evaluator, random_state=np.random.RandomState(1))
    state = g.new_initial_state()
    decisions = bot_decides(bot, state, np.random.default_rng(0))
    assert state.is_terminal() and decisions > 30 and sum(state.returns()) == pytest.approx(1.0)
    assert ENGINES[game].from_history(state.engine.history).s.to_dict() == state.engine.s.to_dict()


def test_openspiels_ismcts_bot_decides_with_explicit_chance() -> None:
    """ISMCTS resamples at decisions (the engine's determinization) and meets explicit chance nodes
    in its simulations."""
    g = load("league_of_six", players=3)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(g, evaluator, 2.0, max_simulations=4, random_state=np.random.RandomState(2))
    assert bot_decides(bot, g.new_initial_state(), np.random.default_rng(0), decisions=8) == 8


def test_the_set_up_has_no_observation_yet() -> None:
    state = load("league_of_six", players=3).new_initial_state()
    assert state.is_chance_node() and "set-up" in str(state)
    assert state.observation_string(0) == "null" and not any(state.observation_tensor(0))
    assert state.information_state_string(2) == "player 2 trail 0 set-up"
    assert state.returns() == [0.0, 0.0, 0.0] and not state.is_terminal()
    with pytest.raises(pyspiel.SpielError, match="not possible"):
        state.apply_action(127)


def test_a_scripted_tower_has_no_explicit_distribution() -> None:
    from wallenstein.tower import ScriptedTower

    with pytest.raises(ValueError, match="no distribution"):
        TowerDrop(ScriptedTower(), [0], [1]).options(())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bad_chance_mode_fails_at_load_game(game: str) -> None:
    for bad in ("Explicit", "exact"):
        with pytest.raises(pyspiel.SpielError, match=r"chance must be one of \['sampled', 'seeded', 'explicit'\]"):
            load(game, chance=bad)
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter chance"):  # OpenSpiel's own check
        load(game, chance=1)
    assert load(game).get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert load(game, chance="sampled").get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert load(game, chance="sampled").max_chance_outcomes() == 0
