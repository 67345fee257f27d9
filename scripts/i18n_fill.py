"""Fill a .po catalogue's empty translations from a Python file of {msgid: text or (one, other)}.

    python scripts/i18n_fill.py src/wallenstein/locales/de/LC_MESSAGES/wallenstein.po table.py

A translator's convenience: existing translations are kept; run scripts/i18n.py afterwards to compile.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po


def main(po: str, table: str) -> int:
    path = Path(po)
    with path.open("rb") as f:
        cat = read_po(f)
    de = runpy.run_path(table)["DE"]
    filled = 0
    for m in cat:
        key = m.id if isinstance(m.id, str) else m.id[0]
        if not key or key not in de:
            continue
        strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
        if all(strings) and not m.fuzzy:
            continue
        text = de[key]
        m.string = tuple(text) if isinstance(m.id, tuple) else text
        m.flags.discard("fuzzy")
        filled += 1
    with path.open("wb") as f:
        write_po(f, cat, width=120, no_location=True, sort_output=True)
    print(f"{path}: {filled} translations filled")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
