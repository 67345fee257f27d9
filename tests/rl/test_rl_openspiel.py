"""OpenSpiel: both games registered as Python games, OpenSpiel's checker, ISMCTS plays (issue 16)."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from league_of_six import rl as los_rl
from wallenstein import rl as w_rl

GAMES = {"wallenstein": w_rl, "league_of_six": los_rl}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_sim_test(game: str) -> None:
    name = GAMES[game].register_openspiel()
    assert name == f"python_{game}_v2"
    assert GAMES[game].register_openspiel() == name  # registering twice is harmless
    g = pyspiel.load_game(name, {"players": 3, "seed": 5})
    t = g.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_resample_from_infostate_keeps_the_information_state(game: str) -> None:
    g = pyspiel.load_game(GAMES[game].register_openspiel(), {"players": 4, "seed": 2})
    state = g.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(60):
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_openspiel_ismcts_plays_a_full_game() -> None:
    game = pyspiel.load_game(los_rl.register_openspiel(), {"players": 3, "seed": 1})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=4, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    assert searched > 10
    assert sum(state.returns()) == pytest.approx(1.0)
