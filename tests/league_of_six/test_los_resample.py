"""League of Six's ``Game.resample`` reads the seat's memory off the game instead of replaying the
history: the game it rebuilds is the one a memory fed every step's observation gives (the replay
that resample did before), at states all along random games, for every seat and several seeds."""

from __future__ import annotations

import random

import league_of_six
from league_of_six.determinize import PublicMemory, rebuild
from league_of_six.game import Game
from league_of_six.memory import Memory
from league_of_six.state import BOXED, FACE_UP


def _replayed(game: Game, seat: int, seed: int) -> Game:
    """The determinization with a memory of every observation (the earlier, replaying resample)."""
    memory = Memory(seat, game.players)
    for step in Game.replay_steps(game.history, log=False):
        memory.update(step.observe(seat), game.comp)
    twin = rebuild(game.observe(seat), memory, game.comp, random.Random(seed), seed)
    twin.s.bonus_limit = game.s.bonus_limit
    twin.refresh()
    return twin


def _state(game: Game) -> dict[str, object]:
    return {name: getattr(game.s, name) for name in game.s.__slots__} | {"seed": game.config["seed"]}


def test_resample_equals_the_replayed_memory_all_along_random_games() -> None:
    checked = 0
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        game = league_of_six.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not game.over:
            if step % 7 == 0:
                for seat in range(players):
                    twin = game.resample(seat, 100 * step + seat)
                    assert _state(twin) == _state(_replayed(game, seat, 100 * step + seat))
                    assert twin.observe(seat) == game.observe(seat)
                    checked += 1
            seat = game.pending()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            step += 1
    assert checked > 100


def test_the_public_memory_holds_what_a_watching_seat_saw() -> None:
    game = league_of_six.new_game(players=4, seed=5)
    rng = random.Random(5)
    watched = Memory(0, 4)
    watched.update(game.observe(0), game.comp)
    while not game.over:
        seat = game.pending()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        watched.update(game.observe(0), game.comp)
        public = PublicMemory(game.s, 0, game.comp)
        s = game.s
        assert public.seen_up == {c for c in watched.seen_up if s.card_at[c] in (FACE_UP, BOXED)}
        if s.store_tiles[0] >= 0:
            first = 1 if s.round <= 3 else 4
            earlier = {t for r in range(first, s.round) for t in watched.storage_seen[r]}
            assert public.storage_used == earlier
