"""Games written straight into a store at a chosen position, for the hardening and abuse tests: a seat
about to attack another player's county (a battle's odds preview), or a finished game (a replay); and
games of either kind moved on by random decisions."""

from __future__ import annotations

import random
import secrets
import time
from typing import Any

import wallenstein
from webtable.rooms import token_digest
from webtable.store import GameRecord, Store
from webtable.views import decisions_of


def battle_position(edition: str = "2012", seed: int = 1, players: int = 3) -> tuple[Any, int, list[dict[str, Any]]]:
    """A game (random decisions from ``seed``) at a seat's move with an attack on another player's
    county among its choices: the game, the seat, and its attacks as JSON."""
    rng = random.Random(seed)
    game = wallenstein.new_game(players=players, seed=seed, edition=edition)
    while not game.over:
        seat = game.pending()[0]
        legal = [a.to_json() for a in game.legal_actions(seat)]
        obs = game.observe(seat)
        if obs["phase"] == "move":
            owners = obs["counties"]
            hits = [a for a in legal if a["type"] == "move" and owners[a["to"]]["owner"] not in (None, seat)]
            if hits:
                return game, seat, hits
        game.apply(seat, rng.choice(legal))
    raise AssertionError(f"seed {seed} reached no attack on a player")


def finished_game(seed: int, players: int = 3) -> Any:
    """A game of random decisions from ``seed``, played to its end."""
    return random_decisions(wallenstein.new_game(players=players, seed=seed), seed)


def random_decisions(game: Any, seed: int, decisions: int | None = None) -> Any:
    """``game`` after ``decisions`` random decisions (None: to its end), each of the first seat asked,
    drawn from ``seed``."""
    rng = random.Random(seed)
    made = 0
    while not game.over and (decisions is None or made < decisions):
        seat = game.pending()[0]
        game.apply(seat, rng.choice(list(game.legal_actions(seat))))
        made += 1
    return game


def store_game(url: str, game: Any) -> tuple[str, dict[int, str]]:
    """``game`` stored as a game of people (in ``url``'s database, made if new): its id and seat tokens."""
    players = game.s.players
    tokens = {seat: secrets.token_urlsafe(12) for seat in range(players)}
    seats = [{"type": "human", "name": "", "token_sha256": token_digest(tokens[s])} for s in range(players)]
    gid = secrets.token_urlsafe(9)
    now = time.time()
    status = "over" if game.over else "running"
    store = Store(url)
    try:
        store.create(
            GameRecord(gid, "wallenstein", players, seats, status, now, now, decisions_of(game.history)), game.history
        )
    finally:
        store.close()
    return gid, tokens
