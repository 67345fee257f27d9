"""docs/rl-spaces.md is what the encoders' layouts and the catalogues generate, and says it right."""

from __future__ import annotations

import re
from pathlib import Path

from league_of_six.rl import encoding as los_encoding
from tabletop.rl.spaces import markdown
from wallenstein.rl import encoding as w_encoding

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl-spaces.md"


def test_the_committed_page_is_the_generated_one() -> None:
    assert PAGE.read_text(encoding="utf-8") == markdown(), (
        "docs/rl-spaces.md is stale: python -m tabletop.rl.spaces > docs/rl-spaces.md"
    )


def test_every_block_and_kind_is_listed_with_its_place() -> None:
    page = markdown()
    for module in (w_encoding, los_encoding):
        blocks = module.LAYOUT.describe()
        assert sum(length for _, _, length in blocks) == module.OBS_SIZE
        for k, (name, start, length) in enumerate(blocks):
            assert f"| {k} | {start:,} | {length:,} | {name} |" in page
        kinds = {a.to_json()["type"] for a in module.CATALOGUE.actions[1:]}
        for kind in kinds:
            assert f"| `{kind}` |" in page


def test_no_label_says_a_count_is_divided_by_its_scale() -> None:
    """v1 writes a count x as x/(x+s) (never clipped); the v0 labels said "x / s"."""
    for module in (w_encoding, los_encoding):
        for name, _, _ in module.LAYOUT.describe():
            assert not re.search(r"\s/\s*\d|[a-z]/\d", name), name
