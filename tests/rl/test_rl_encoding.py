"""Action catalogues cover every decision; observation vectors encode nothing a seat may not see."""

from __future__ import annotations

import random

import numpy as np
import pytest

import league_of_six
import wallenstein
from league_of_six import rl as los_rl
from wallenstein import rl as w_rl

ALL_MODULES = ("emperors_court", "landsknechte", "military_leaders")
W_CASES = [{}, {"edition": "2002"}, {"modules": ALL_MODULES}, {"setup": "draft", "modules": ("military_leaders",)}]


@pytest.mark.parametrize("options", W_CASES, ids=["2012", "2002", "modules", "draft-leaders"])
def test_every_wallenstein_decision_has_an_index_and_vectors_lie_in_the_box(options: dict) -> None:
    g = wallenstein.new_game(players=5, seed=8, log=False, **options)
    rng = random.Random(3)
    cat = w_rl.SPEC.catalogue
    while not g.over:
        seat = g.pending()[0]
        legal = g.legal_actions(seat)
        idx = cat.indices(legal)
        assert [cat.actions[i] for i in idx] == legal
        v = w_rl.encode(g.observe(seat))
        assert v.shape == (w_rl.SPEC.obs_size,) and v.dtype == np.float32 and v.min() >= 0 and v.max() <= 1
        g.apply(seat, rng.choice(legal))


def test_every_league_of_six_decision_has_an_index() -> None:
    for players in (3, 5):
        g = league_of_six.new_game(players=players, seed=8, log=False)
        rng = random.Random(3)
        cat = los_rl.SPEC.catalogue
        while not g.over:
            seat = g.pending()[0]
            legal = g.legal_actions(seat)
            assert [cat.actions[i] for i in cat.indices(legal)] == legal
            v = los_rl.encode(g.observe(seat))
            assert v.min() >= 0 and v.max() <= 1
            g.apply(seat, rng.choice(legal))


def test_catalogue_finds_decisions_built_afresh_and_names_unknown_ones() -> None:
    """Indices are looked up by value: the engine's interned decision and an equal one built afresh
    get the same index; a decision the catalogue lacks is a KeyError naming it. Masks are fresh
    arrays: changing one changes no later mask."""
    from wallenstein.actions import Action

    cat = w_rl.SPEC.catalogue
    known = next(a for a in cat.actions[1:] if a.kind == "revolt_next")
    afresh = Action("revolt_next", known.a)
    assert afresh is not known and cat.indices([known, afresh]) == [cat.index[known]] * 2
    with pytest.raises(KeyError, match="not in action catalogue wallenstein_v2"):
        cat.indices([known, Action("revolt_next", 99)])
    mask = cat.mask([known])
    assert mask.dtype == np.int8 and np.flatnonzero(mask).tolist() == [cat.index[known]]
    mask[:] = 1
    assert np.flatnonzero(cat.mask([known])).tolist() == [cat.index[known]]
    assert np.flatnonzero(cat.mask([])).tolist() == [0]  # nothing to decide: the no-op alone


def _hidden_twins(new_game, encode, players: int, seed: int, every: int) -> int:  # type: ignore[no-untyped-def]
    """Along a random game, for each seat: a twin from ``resample`` (same observation, other secrets)
    encodes the same, and differs from the game in what the seat cannot see."""
    g = new_game(players=players, seed=seed, log=False)
    rng = random.Random(seed)
    checked = differed = n = 0
    while not g.over:
        if n % every == 0:
            for seat in range(players):
                twin = g.resample(seat, n * 31 + seat)
                assert twin.observe(seat) == g.observe(seat)
                assert np.array_equal(encode(twin.observe(seat)), encode(g.observe(seat)))
                differed += twin.s.to_dict() != g.s.to_dict() or twin.seed != g.seed
                checked += 1
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        n += 1
    assert differed == checked  # every twin really hid something different
    return checked


def test_hidden_twins_encode_the_same_wallenstein() -> None:
    assert _hidden_twins(wallenstein.new_game, w_rl.encode, 4, 12, 9) > 100


def test_hidden_twins_encode_the_same_league_of_six() -> None:
    assert _hidden_twins(league_of_six.new_game, los_rl.encode, 4, 12, 4) > 80


def test_the_encoding_does_change_with_what_a_seat_sees() -> None:
    """The twin test could not fail if the encoder ignored everything: visible changes show."""
    g = wallenstein.new_game(players=4, seed=1, log=False)
    before = w_rl.encode(g.observe(0))
    other = g.clone()
    other.s.thalers[2] += 7
    other.refresh()
    assert not np.array_equal(w_rl.encode(other.observe(0)), before)
    mine = g.clone()
    mine.apply(0, mine.legal_actions(0)[0])  # seat 0's own first plan card
    assert not np.array_equal(w_rl.encode(mine.observe(0)), before)
    assert np.array_equal(w_rl.encode(mine.observe(1)), w_rl.encode(g.observe(1)))  # a secret to seat 1


def test_the_engines_bots_and_lobby_import_no_rl_library() -> None:
    """The core install stays light: the ppo bot kind and the lobby hook load the [rl] stack lazily."""
    import subprocess
    import sys

    code = (
        "import sys, wallenstein, wallenstein.bots, league_of_six.bots, tabletop.rl.table_bots, webtable.registry;"
        "print(sorted(m for m in ('numpy', 'torch', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
