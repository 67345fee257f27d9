"""OpenSpiel: names and parameters, OpenSpiel's own checker, serialization, undo, clones' chance,
perfect-recall information states, MCTS and ISMCTS from ``load_game``."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from league_of_six import rl as los_rl
from tabletop.rl.infostate import Trails
from tabletop.rl.openspiel_params import defaults
from wallenstein import rl as w_rl

GAMES = {"wallenstein": w_rl, "league_of_six": los_rl}


def load(game: str, **params: Any) -> Any:
    return pyspiel.load_game(GAMES[game].register_openspiel(), params)


def play(state: Any, steps: int, seed: int = 0) -> list[int]:
    """Random decisions (at most ``steps``); returns them."""
    rng = np.random.default_rng(seed)
    taken = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        taken.append(action)
    return taken


@pytest.mark.parametrize("game", sorted(GAMES))
def test_names_and_parameters(game: str) -> None:
    assert GAMES[game].register_openspiel() == game
    assert GAMES[game].register_openspiel() == game  # registering twice is harmless
    for name in (game, f"python_{game}_v2"):
        g = pyspiel.load_game(name)
        assert g.get_type().short_name == name
        assert g.get_type().parameter_specification == defaults(game)
        assert g.num_players() == 4
    t = load(game).get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.provides_information_state_string and not t.provides_information_state_tensor
    vp = load(game, reward="vp")
    assert vp.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM and vp.utility_sum() == 0.0
    assert load(game).get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM


def test_wallenstein_options_reach_the_engine() -> None:
    g = load("wallenstein", players=5, seed=3, modules="landsknechte,emperors_court", setup="draft", tower="memoryless")
    assert "modules=emperors_court+landsknechte" in str(g)  # one spelling, which loads back
    config = g.new_initial_state().engine.config
    assert config["players"] == 5 and config["seed"] == 3 and config["setup"] == "draft"
    assert config["modules"] == ["emperors_court", "landsknechte"]
    assert config["tower"]["p_inside"] == 0.0  # memoryless: nothing stays inside
    assert load("wallenstein", edition=2002).new_initial_state().engine.config["edition"] == "2002"
    g = load("wallenstein", tower_p_drop="0.7")
    assert "tower_p_drop=7/10" in str(g) and pyspiel.load_game(str(g)).new_initial_state().engine.tower.p_drop == 0.7


def test_league_of_six_options_reach_the_engine() -> None:
    config = load("league_of_six", players=3, sides="yellow").new_initial_state().engine.config
    assert config["players"] == 3 and config["sides"] == ["yellow"] * 6


@pytest.mark.parametrize(
    ("game", "params", "words"),
    [
        ("wallenstein", {"players": 2}, "3, 4 or 5 players, not 2"),
        ("wallenstein", {"players": 6}, "not 6"),
        ("wallenstein", {"modules": "landsknechte+bogus"}, "unknown module 'bogus'"),
        ("wallenstein", {"edition": 2002, "modules": "landsknechte"}, "2012 edition only"),
        ("wallenstein", {"setup": "random"}, "unknown set-up"),
        ("wallenstein", {"tower_p_drop": "3/2"}, "in [0, 1]"),
        ("wallenstein", {"tower": "memoryless", "tower_p_inside": "1/2"}, "probabilistic tower"),
        ("league_of_six", {"players": 6}, "3, 4 or 5 players, not 6"),
        ("league_of_six", {"sides": "green"}, "unknown town side"),
        ("league_of_six", {"reward": "points"}, "reward must be one of"),
        ("league_of_six", {"chance": "loaded"}, "chance must be one of"),
        ("league_of_six", {"seed": -1}, "non-negative"),
    ],
)
def test_bad_parameters_fail_at_load(game: str, params: dict[str, Any], words: str) -> None:
    with pytest.raises(pyspiel.SpielError, match=words.replace("[", r"\[").replace("]", r"\]")):
        load(game, **params)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        load(game, colour="red")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_openspiel_random_sim_test_with_serialization(game: str) -> None:
    # chance=seeded: OpenSpiel's checker applies the same action to a state and its clone and wants
    # equal states, which a fresh future (chance=sampled) is not meant to give.
    g = load(game, players=3, seed=5, chance="seeded")
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_openspiel_own_clones_draw_a_fresh_future_too() -> None:
    """OpenSpiel's C++ checker clones through pyspiel (not Python's ``clone()``): with the default
    ``chance=sampled`` its clone check must find the clone's future differs."""
    g = load("league_of_six", players=3, seed=5)
    with pytest.raises(pyspiel.SpielError, match="ToString"):
        pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_sampled_clones_have_futures_of_their_own(game: str) -> None:
    g = load(game, players=3, seed=7)
    state = g.new_initial_state()
    play(state, 40, seed=1)
    futures = set()
    for _ in range(2):
        twin = state.clone()
        assert str(twin) == str(state) and twin.history() == state.history()
        play(twin, 400, seed=2)  # the same random choices: only chance can make them differ
        futures.add(str(twin))
    assert len(futures) == 2, "two clones drew the same future"
    # The original, cloned from twice, still plays exactly the game its seed makes.
    rest = play(state, 400, seed=2)
    fresh = g.new_initial_state()
    for action in state.history()[: -len(rest)] + rest:
        fresh.apply_action(action)
    assert str(fresh) == str(state)
    seeded = load(game, players=3, seed=7, chance="seeded").new_initial_state()
    play(seeded, 40, seed=1)
    twins = [seeded.clone() for _ in range(2)]
    for twin in twins:
        play(twin, 400, seed=2)
    assert str(twins[0]) == str(twins[1])  # seeded: a clone replays the same future


@pytest.mark.parametrize("game", sorted(GAMES))
def test_serialization_and_pickle_keep_the_future(game: str) -> None:
    g = load(game, players=4, seed=3)
    state = g.new_initial_state()
    play(state, 120, seed=4)
    state.clone()  # a clone in between changes nothing of the original
    info = [state.information_state_string(p) for p in range(4)]
    text = pyspiel.serialize_game_and_state(g, state)
    g2, back = pyspiel.deserialize_game_and_state(text)
    unpickled = pickle.loads(pickle.dumps(state))
    assert pickle.loads(pickle.dumps(g)) == g and str(g2) == str(g)
    for other in (back, unpickled):
        assert str(other) == str(state) and other.history() == state.history()
        assert [other.information_state_string(p) for p in range(4)] == info
    play(state, 60, seed=5)
    for other in (back, unpickled):
        play(other, 60, seed=5)
        assert str(other) == str(state)  # the same future: the seed travelled


def test_a_pickled_state_loads_in_a_fresh_process(tmp_path: Path) -> None:
    state = load("wallenstein", players=3, seed=4, modules="landsknechte").new_initial_state()
    play(state, 50, seed=9)
    (tmp_path / "state.pkl").write_bytes(pickle.dumps(state))
    code = (
        "import pickle, sys; s = pickle.load(open(sys.argv[1], 'rb'));"
        "print(str(s) + '|' + s.information_state_string(1) + '|' + str(s.get_game()))"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "state.pkl")], env=env, text=True, capture_output=True, check=True
    ).stdout
    assert out.rstrip("\n") == f"{state}|{state.information_state_string(1)}|{state.get_game()}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_undo_action_goes_back_step_by_step(game: str) -> None:
    state = load(game, players=3, seed=2).new_initial_state()
    play(state, 30, seed=6)
    rng = np.random.default_rng(8)
    steps = []
    for k in range(12):
        before = (str(state), state.history(), [state.information_state_string(p) for p in range(3)])
        player, action = state.current_player(), int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        steps.append((before, player, action))
        if k % 4 == 0:
            state.information_state_string(0)  # trails up to date at some steps, behind at others
    for (text, history, info), player, action in reversed(steps):
        state.undo_action(player, action)
        assert (str(state), state.history()) == (text, history)
        assert [state.information_state_string(p) for p in range(3)] == info
    with pytest.raises(pyspiel.SpielError, match="last decision"):
        state.undo_action(0, 0)


def _branch(state: Any, first: int, then: int) -> Any:
    """A clone of ``state`` after ``first``, then ``then`` more decisions of the same seat (its first
    legal action each time)."""
    twin = state.clone()
    seat = twin.current_player()
    twin.apply_action(first)
    for _ in range(then):
        if twin.current_player() != seat:
            break
        twin.apply_action(twin.legal_actions()[0])
    return twin


def test_information_state_hides_what_the_seat_cannot_see() -> None:
    """Wallenstein's planning is secret: two histories that differ in seat 1's plan cards give seats
    0 and 2 the same information states (until the cards are revealed), seat 1 different ones."""
    state = load("wallenstein", players=3, seed=2).new_initial_state()
    while state.current_player() != 1:
        state.apply_action(state.legal_actions()[0])
    first, second = state.legal_actions()[:2]
    assert "plan_card" in state.action_to_string(1, first)
    for then in (0, 5, 30):  # one card, six cards, seat 1's whole plan and some of seat 2's
        one, other = _branch(state, first, then), _branch(state, second, then)
        assert one.observation_string(0) == other.observation_string(0)
        assert one.information_state_string(0) == other.information_state_string(0)
        assert one.information_state_string(2) == other.information_state_string(2)
        assert one.information_state_string(1) != other.information_state_string(1)


def test_information_state_tells_apart_what_the_seat_saw() -> None:
    """A choice every seat sees (a player order position) gives every seat a different information
    state; and the trail remembers: seeing A, B, A is not seeing A, A, A."""
    state = load("wallenstein", players=3, seed=2).new_initial_state()
    while "position" not in state.action_to_string(state.current_player(), state.legal_actions()[0]):
        state.apply_action(state.legal_actions()[0])
    first, second = state.legal_actions()[:2]
    one, other = _branch(state, first, 0), _branch(state, second, 0)
    for seat in range(3):
        assert one.information_state_string(seat) != other.information_state_string(seat)

    class Seen:
        players = 1

    def trail(views: list[float]) -> str:
        shown = iter(views)
        trails = Trails(Seen(), lambda game, seat: np.array([next(shown)], np.float32))
        for _ in views[1:]:
            trails.observe(Seen(), lambda game, seat: np.array([next(shown)], np.float32))
        return trails.string(0)

    assert trail([0.0, 0.5, 0.0]) != trail([0.0, 0.0, 0.0])  # the same last observation
    assert trail([0.0, 0.0, 0.5]) == trail([0.0, 0.5, 0.5])  # nothing new seen, nothing added
    assert trail([0.0, 0.5]) == trail([0.0, 0.5])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_information_state_follows_the_observations(game: str) -> None:
    """Along a random game, at every decision with two choices: a seat whose observation differs
    between the two branches has different information states, and the acting seat always does."""
    state = load(game, players=3, seed=11).new_initial_state()
    state.information_state_string(0)  # kept from here on (else each branch replays the history)
    rng = np.random.default_rng(3)
    checked = 0
    while not state.is_terminal() and checked < 30:
        legal = state.legal_actions()
        if len(legal) >= 2 and rng.random() < 0.2:
            one, other = _branch(state, legal[0], 0), _branch(state, legal[1], 0)
            for seat in range(3):
                seen = one.observation_string(seat) != other.observation_string(seat)
                differs = one.information_state_string(seat) != other.information_state_string(seat)
                assert differs or not (seen or seat == state.current_player())
            checked += 1
        state.apply_action(int(rng.choice(legal)))
    assert checked > 10


@pytest.mark.parametrize("game", sorted(GAMES))
def test_observers_say_what_they_provide(game: str) -> None:
    g = load(game, players=3)
    state = g.new_initial_state()
    assert len(state.observation_tensor(0)) == GAMES[game].SPEC.obs_size
    assert state.information_state_string(1).startswith("player 1 trail ")
    recall = g.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None and recall.string_from(state, 2) == state.information_state_string(2)
    with pytest.raises(ValueError, match="own view"):
        g.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
            )
        )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_resample_from_infostate_keeps_the_information_state(game: str) -> None:
    state = load(game, players=4, seed=2).new_initial_state()
    rng = np.random.default_rng(0)
    for step in range(60):
        player = state.current_player()
        if step % 6 == 0:
            other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_mcts_and_ismcts_play_from_load_game(game: str) -> None:
    g = pyspiel.load_game(game, {"players": 3, "seed": 1})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(g, 2.0, 4, evaluator, random_state=np.random.RandomState(1)),
        ismcts.ISMCTSBot(g, evaluator, 2.0, max_simulations=4, random_state=np.random.RandomState(2)),
    ]
    state = g.new_initial_state()
    for k in range(6):
        action = bots[k % 2].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 6


def test_openspiel_rl_environment_plays_a_game() -> None:
    """OpenSpiel's own RL loop: with no information state tensor it hands out the observation tensor."""
    from open_spiel.python import rl_environment

    los_rl.register_openspiel()
    env = rl_environment.Environment("league_of_six", players=3, seed=2)
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([step.observations["legal_actions"][player][0]])
    assert len(step.observations["info_state"][0]) == los_rl.SPEC.obs_size
    assert sum(step.rewards) == pytest.approx(1.0)
