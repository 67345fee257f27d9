"""The command line the bot studies share: the bots by name, how many games, the first seed."""

from __future__ import annotations

import argparse


def bots_parser(doc: str | None, bots: int, what: str) -> argparse.ArgumentParser:
    """A parser for ``bots`` names (``what`` they are), ``--games`` (default 1) and ``--seed`` (0)."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs=bots, help=f"{what} (kind[:option=value...])")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    return ap
