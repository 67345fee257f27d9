"""League of Six bots decide from what their seat sees: observations and their own memory of them.

Twin games share everything public and differ in secrets (the piles' order and the seed of all
future chance; hands are public, L-07): a bot fed either twin's observations decides the same.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import league_of_six
from league_of_six.bots import make_agent
from league_of_six.determinize import rebuild
from league_of_six.invariants import check
from league_of_six.memory import Memory
from tabletop.agents import Agent

SMALL_SEARCH = {"simulations": 6, "candidates": 3}
# Tiny budgets per search bot kind: these tests check behaviour, not strength.
SMALL: dict[str, dict[str, Any]] = {"search": SMALL_SEARCH, "ismcts": {"simulations": 6, "candidates": 3, "worlds": 2}}
# The head-to-head configuration (research/journal.md, League of Six, fifth round): learned evaluation, quick roll-out.
LEARNED = {"simulations": 8, "candidates": 3, "worlds": 2, "root": "halving", "confidence": 0, "expand": 2}
SMALL["ismcts-learned"] = {**LEARNED, "evaluation": "learned", "rollout": "quick"}
# Carry banked in engine steps (seventh round): the bank must not learn from the hidden cards either.
SMALL["ismcts-steps"] = {**SMALL["ismcts-learned"], "simulations": 24, "stop": 0.5, "carry": 2, "bank": "steps"}
# State fields a seat cannot see (or bookkeeping that observations need not carry). Which pile cards
# are face down rather than boxed (card_at) is public history a memory may have missed; hands are
# compared on their own (L-07).
HIDDEN = {"card_at", "tax_deck", "tax_used", "chance_n", "storage_left", "bonus_limit"}
HIDDEN |= {"guards_issued", "guards_returned", "influence_scored", "influence_paid"}


def _twin(g: league_of_six.Game, seat: int) -> league_of_six.Game:
    """A copy of ``g`` with other secrets: the tax tile pile and the storage tiles left in reverse
    order, another seed (the future)."""
    twin = g.clone()
    s = twin.s
    twin.seed = g.seed + 7919
    s.tax_deck.reverse()
    s.storage_left.reverse()
    twin.refresh()
    assert twin.observe(seat) == g.observe(seat)
    return twin


@pytest.mark.parametrize("kind", ["heuristic", "search", "ismcts", "ismcts-learned", "ismcts-steps"])
def test_decisions_depend_only_on_what_the_seat_sees(kind: str) -> None:
    rng = random.Random(11)
    g = league_of_six.new_game(players=4, seed=21, log=False)
    options = SMALL.get(kind, {})
    bot: Agent = make_agent(kind.split("-")[0], 5, **options)
    bot.reset(0, 5)
    checked = 0
    while not g.over:
        seat = g.pending()[0]
        legal = list(g.legal_actions(seat))
        if seat == 0:
            # Two copies of the bot (same memory so far): one sees this game, one its twin.
            other = copy.deepcopy(bot)
            twin = _twin(g, 0)
            mine = bot.act(g.observe(0), legal)
            assert other.act(twin.observe(0), list(twin.legal_actions(0))) == mine
            checked += 1
            g.apply(0, mine)
        else:
            g.apply(seat, legal[rng.randrange(len(legal))])
    assert checked >= 15


def test_a_bot_never_gets_the_game() -> None:
    """The runner hands agents a dict and a list only; the bots hold no reference to a game."""
    g = league_of_six.new_game(players=3, seed=2, log=False)
    bot = make_agent("heuristic", 1)
    bot.reset(g.pending()[0], 1)
    bot.act(g.observe(g.pending()[0]), list(g.legal_actions(g.pending()[0])))
    assert not any(isinstance(v, league_of_six.Game) for v in vars(bot).values())


def test_rebuilt_games_match_the_public_state() -> None:
    """Rebuilding from an observation gives the real public state and the real legal actions."""
    rng = random.Random(2)
    for seed in range(8):
        g = league_of_six.new_game(players=3 + seed % 3, seed=seed, log=False)
        memories = [Memory(p, g.players) for p in range(g.players)]
        n = 0
        while not g.over:
            seat = g.pending()[0]
            obs = g.observe(seat)
            memories[seat].update(obs, g.comp)
            n += 1
            if n % 3 == 0 and g.phase != "bonus":
                d = rebuild(obs, memories[seat], g.comp, random.Random(n), seed=n)
                check(d)
                real, got = g.s.to_dict(), d.s.to_dict()
                # Where the last mover set out from matters only while choosing.
                skip = HIDDEN if g.phase == "choose" else HIDDEN | {"mover_from", "displaced"}
                assert {k: v for k, v in real.items() if k not in skip} == {
                    k: v for k, v in got.items() if k not in skip
                }
                assert d.legal_actions(seat) == g.legal_actions(seat)
                assert d.s.guards == g.s.guards  # every hand as it is, never invented (L-07)
                for p in range(g.players):
                    assert [c for c, at in enumerate(d.s.card_at) if at == p] == [
                        c for c, at in enumerate(g.s.card_at) if at == p
                    ]
            g.apply(seat, rng.choice(g.legal_actions(seat)))


def test_memory_keeps_the_public_history_an_observation_does_not_repeat() -> None:
    """The memory of every observation a seat had knows the round's storage tiles and every civic
    leader card turned up so far (the rest of each pile is face down); hands need no memory (L-07)."""
    g = league_of_six.new_game(players=4, seed=3, log=False)
    memory = Memory(1, 4)
    rng = random.Random(3)
    turned: set[int] = set()
    while not g.over:
        memory.update(g.observe(1), g.comp)
        turned.update(c for c in g.s.faceup if c >= 0)
        assert memory.seen_up == turned
        assert memory.storage_seen[g.s.round] == tuple(g.s.store_tiles)
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
