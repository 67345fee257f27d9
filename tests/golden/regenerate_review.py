"""Regenerate the golden review: ``wallenstein review`` of a golden game at the quick budget, as printed.

    .venv/bin/python tests/golden/regenerate_review.py            # rewrite the file
    .venv/bin/python tests/golden/regenerate_review.py --check    # only report whether it would change

``tests/tabletop/test_review.py`` runs the same command and compares, so a change of the review, the
bots it asks or the rules shows up as a readable diff of the review. Regenerate only when the change is
intended, and read the diff before committing it.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from tabletop.golden import regenerate
from wallenstein.cli import app

HERE = Path(__file__).resolve().parent
GAME = HERE / "wallenstein_2012_p3_seed1.history.json"
GOLDEN = HERE / "wallenstein_2012_p3_seed1.review.txt"
ARGS = ["review", str(GAME), "--seat", "1", "--budget", "quick", "--seed", "3"]
# A fixed width and no colour: the printed tables are the same wherever the test runs.
ENV = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None, "COLUMNS": "150"}


def printed_review(chart: Path) -> str:
    """The review as printed, without what differs from run to run (the CPU time, the chart's path)."""
    result = CliRunner(env=ENV).invoke(app, [*ARGS, "--chart", str(chart)])
    if result.exit_code != 0:
        raise RuntimeError(result.output)
    lines = result.stdout.splitlines()
    lines[0] = lines[0].rsplit(";", 1)[0]  # "...; seed 3; 4.2 s of CPU": the CPU time varies
    return "\n".join(line.rstrip() for line in lines if not line.startswith("Chart: ")) + "\n"


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        text = printed_review(Path(tmp) / "chart.png")
    return regenerate([GOLDEN], lambda path: {path: text}, HERE.parent.parent, sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
