"""How fast the narration is, per language: python benchmarks/bench_narrate.py [--rounds 20]

Narrates the public log of every golden Wallenstein game (both editions, all modules) ``--rounds`` times
in English and in German and prints events per second (the page narrates each connection's log as it
arrives, and a replay narrates a whole game at once)."""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location("golden_regen_bench", ROOT / "tests" / "golden" / "regenerate.py")
    assert spec is not None and spec.loader is not None
    regen = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = regen
    spec.loader.exec_module(regen)
    from wallenstein.narrate import narrate

    games = [regen.play_case(case) for case in regen.CASES]
    events = sum(len(g.log) for g in games) * args.rounds
    for lang in ("en", "de"):
        start = time.perf_counter()
        for _ in range(args.rounds):
            for g in games:
                narrate(g.log, g.edition, lang)
        took = time.perf_counter() - start
        print(f"{lang}: {events} events in {took:.2f} s = {events / took:,.0f} events/s")


if __name__ == "__main__":
    main()
