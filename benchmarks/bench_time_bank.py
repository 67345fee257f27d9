"""What the turn timer's time banks cost a busy table (webtable.turn_timer): games of three timed people,
each bank refilling from empty (so every decision that ends a turn changes it and its note is written),
decide as fast as the table lets them, all at once, in one process over SQLite on disk; then the same
games with a turn limit and no bank. Prints decisions a second, the process's CPU time a decision (the
writer thread's included) and the store's commits. Runs alternate, without first (it pays the imports).

    PYTHONPATH=src nice -n 5 python benchmarks/bench_time_bank.py --game league_of_six --games 20 --decisions 150
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from typing import Any

import sqlalchemy as sa

from webtable import registry, turn_timer
from webtable.rooms import Hub, Room
from webtable.settings import TableSettings
from webtable.store import Store

PEOPLE = [{"type": "human", "name": n} for n in ("Ann", "Bo", "Cy")]
UNLIMITED = TableSettings(max_bot_games=0, max_bot_games_per_client=0, max_people_games=0)


async def play(room: Room, decisions: int, rng: random.Random) -> int:
    done = 0
    while done < decisions and not room.game.over:
        seat = sorted(room.game.pending())[0]
        await room.act(seat, rng.choice(list(room.game.legal_actions(seat))))
        done += 1
    return done


async def run(game: str, games: int, decisions: int, bank: bool) -> str:
    store = Store(f"sqlite:///{tempfile.mkdtemp()}/games.sqlite3")
    commits: list[Any] = []
    count = commits.append
    hub = Hub(store, settings=UNLIMITED)
    body = {"game": game, "seats": PEOPLE, "turn_limit": 3600, **({"time_bank": 3600} if bank else {})}
    rooms = [(await hub.create({**body, "seed": i}))[0] for i in range(games)]
    for room in rooms if bank else []:
        turn_timer._BANKS[room] = {0: 0.0, 1: 0.0, 2: 0.0}
    await asyncio.sleep(0.2)
    sa.event.listen(store.engine, "commit", count)
    cpu, wall = time.process_time(), time.perf_counter()
    made = sum(await asyncio.gather(*(play(r, decisions, random.Random(i)) for i, r in enumerate(rooms))))
    while hub._writing is not None and not hub._writing.done():
        await asyncio.sleep(0.01)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    sa.event.remove(store.engine, "commit", count)
    for room in rooms:
        for clock in turn_timer._CLOCKS.get(room, {}).values():
            clock.task.cancel()
    await hub.stop()
    store.close()
    return (
        f"{game} {'with a bank' if bank else 'no bank   '}: {made} decisions, {made / wall:.0f}/s,"
        f" {1000 * cpu / made:.2f} ms CPU a decision, {len(commits)} commits ({len(commits) / made:.2f} a decision)"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="league_of_six", choices=["league_of_six", "wallenstein"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=150, help="decisions a game (at most)")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    registry.install_defaults()
    for _ in range(args.rounds):
        for bank in (False, True):
            print(await run(args.game, args.games, args.decisions, bank), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
