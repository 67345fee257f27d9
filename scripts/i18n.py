"""Keep the Python message catalogues in step with the code (Babel).

    python scripts/i18n.py            extract messages, update every <package>/locales/<lang>/.po, compile .mo
    python scripts/i18n.py --check    change nothing; exit 1 if a catalogue is stale or lacks a translation

A catalogue's source is its ``.po`` (a translator edits it); the ``.mo`` beside it is what runs. Both
are committed, so an installed package needs neither Babel nor a build step; the test
``tests/i18n/test_python_catalogues.py`` runs the same check.
"""

from __future__ import annotations

import gettext
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1] / "src"
PACKAGES = ("wallenstein", "league_of_six")
LANGS = ("de",)
# Translator._(message, **params), Translator.n(singular, plural, n, **params), N_(message)
KEYWORDS = {"_": None, "n": (1, 2), "N_": None}
# Header lines that say when and by which Babel a catalogue was written: not its content (Babel 2.19
# stamped its version where 2.18 had written the committed files).
STAMPS = ("POT-Creation-Date", "PO-Revision", "Generated-By")
MAPPING = [("**/narrate.py", "python"), ("**/cli.py", "python"), ("**/help_text.py", "python")]


def extract(package: str) -> Catalog:
    """Every message marked in the package's narration and command line."""
    cat = Catalog(project=package, domain=package)
    folder = ROOT / package
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(folder), method_map=MAPPING, keywords=KEYWORDS
    ):
        cat.add(message, locations=[(f"{package}/{filename}", lineno)])
    return cat


def po_path(package: str, lang: str) -> Path:
    return ROOT / package / "locales" / lang / "LC_MESSAGES" / f"{package}.po"


def read(path: Path, lang: str, package: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=lang, project=package, domain=package)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=package)


def updated(template: Catalog, path: Path, lang: str, package: str) -> Catalog:
    """The language's catalogue with exactly the template's messages (old translations kept)."""
    cat = read(path, lang, package)
    cat.update(template, no_fuzzy_matching=True)
    cat.obsolete.clear()
    return cat


def po_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, cat, width=120, omit_header=False, no_location=True, sort_output=True)
    return out.getvalue()


def mo_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def untranslated(cat: Catalog) -> list[str]:
    gaps = []
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
        if m.fuzzy or not all(strings):
            gaps.append(m.id if isinstance(m.id, str) else m.id[0])
    return gaps


def problems() -> list[str]:
    """What --check reports: stale .po/.mo files and messages without a translation."""
    found = []
    for package in PACKAGES:
        template = extract(package)
        for lang in LANGS:
            path = po_path(package, lang)
            cat = updated(template, path, lang, package)
            text = po_bytes(cat)
            if not path.exists() or _strip_date(path.read_bytes()) != _strip_date(text):
                found.append(f"{path.relative_to(ROOT)} is not up to date with the code: run scripts/i18n.py")
            mo = path.with_suffix(".mo")
            if not mo.exists() or _messages(mo.read_bytes()) != _messages(mo_bytes(read(path, lang, package))):
                found.append(f"{mo.relative_to(ROOT)} is not compiled from its .po: run scripts/i18n.py")
            found += [f"{package} [{lang}] lacks a translation of {m!r}" for m in untranslated(cat)]
    return found


def _messages(mo: bytes) -> dict[object, str]:
    """A compiled catalogue's messages (compared as content, not bytes: Babel versions may lay it out
    differently), its header without the STAMPS lines."""
    messages = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    if "" in messages:
        messages[""] = "\n".join(line for line in messages[""].splitlines() if not line.startswith(STAMPS))
    return messages


def _strip_date(po: bytes) -> bytes:
    """The catalogue without its STAMPS lines."""
    stamps = tuple(b'"' + stamp.encode() for stamp in STAMPS)
    return b"\n".join(line for line in po.splitlines() if not line.startswith(stamps))


def main(argv: list[str]) -> int:
    if "--check" in argv:
        found = problems()
        print("\n".join(found) or "catalogues up to date and complete")
        return 1 if found else 0
    for package in PACKAGES:
        template = extract(package)
        for lang in LANGS:
            path = po_path(package, lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = updated(template, path, lang, package)
            path.write_bytes(po_bytes(cat))
            path.with_suffix(".mo").write_bytes(mo_bytes(read(path, lang, package)))
            gaps = untranslated(cat)
            print(f"{path.relative_to(ROOT)}: {len(template)} messages, {len(gaps)} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
