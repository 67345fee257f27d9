"""The page's message catalogues (static/locales/<lang>/<ns>.json, read by static/i18n.js) are complete:
every language has every message, with the same placeholders and the plural forms its language needs,
and every key the page's scripts and markup ask for exists (issue 15)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "webtable" / "static"
LOCALES = STATIC / "locales"
LANGS = ("en", "de")
# The plural categories each language's Intl.PluralRules can answer with for whole numbers.
PLURAL_FORMS = {"en": {"one", "other"}, "de": {"one", "other"}}
NAMESPACES = re.search(r"WT\.NAMESPACES = \[([^\]]*)\]", (STATIC / "i18n.js").read_text()).group(1)  # type: ignore[union-attr]
# The namespaces every page loads, then those a page names for itself (<html data-namespaces="howto">).
PAGE_NAMESPACES = [
    ns
    for page in sorted(STATIC.glob("*.html"))
    for m in re.finditer(r'data-namespaces="([^"]*)"', page.read_text())
    for ns in m.group(1).split()
]
NAMESPACE_LIST = re.findall(r'"(\w+)"', NAMESPACES) + PAGE_NAMESPACES
# WT.t("key" ...), data-i18n="key", data-i18n-attr="attr:key;attr:key"
USED = re.compile(r"""WT\.t\(\s*["'`]([\w.-]+)["'`]|data-i18n="([\w.-]+)"|data-i18n-attr="([^"]+)\"""")


def catalogue(lang: str) -> dict[str, dict[str, object]]:
    return {ns: json.loads((LOCALES / lang / f"{ns}.json").read_text(encoding="utf-8")) for ns in NAMESPACE_LIST}


def flat(lang: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for part in catalogue(lang).values():
        out.update(part)
    return out


def placeholders(msg: object) -> set[str]:
    texts = msg.values() if isinstance(msg, dict) else [msg]
    return {p for t in texts for p in re.findall(r"\{(\w+)\}", str(t))}


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in [*STATIC.glob("*.js"), *STATIC.glob("*.html")]:
        for m in USED.finditer(path.read_text(encoding="utf-8")):
            if m.group(1) or m.group(2):
                keys.add(m.group(1) or m.group(2))
            else:
                keys.update(pair.split(":", 1)[1].strip() for pair in m.group(3).split(";") if ":" in pair)
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_every_namespace_file_exists_and_keys_sit_in_their_namespace(lang: str) -> None:
    for ns, messages in catalogue(lang).items():
        for key in messages:
            assert key.split(".", 1)[0] == ns, f"{lang}/{ns}.json holds {key!r}, which belongs to another namespace"


def test_languages_have_the_same_messages_and_placeholders() -> None:
    en = flat("en")
    for lang in LANGS[1:]:
        other = flat(lang)
        assert sorted(set(en) - set(other)) == [], f"missing in {lang}"
        assert sorted(set(other) - set(en)) == [], f"only in {lang}"
        for key, msg in en.items():
            assert placeholders(other[key]) == placeholders(msg), f"{lang} {key}: placeholders differ"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_messages_have_their_languages_forms(lang: str) -> None:
    for key, msg in flat(lang).items():
        if isinstance(msg, dict):
            assert PLURAL_FORMS[lang] <= set(msg), f"{lang} {key}: needs forms {sorted(PLURAL_FORMS[lang])}"
        else:
            assert isinstance(msg, str) and msg.strip(), f"{lang} {key}: empty message"


def test_every_key_the_page_asks_for_exists() -> None:
    keys = used_keys()
    assert "common.language" in keys  # the scanner sees the page's own calls
    for lang in LANGS:
        have = set(flat(lang))
        # WT.t("ns.family." + name) asks for a family of keys: at least one must exist (which ones the
        # page meets is checked in the browser tests through WT.missing).
        missing = sorted(
            k for k in keys if (k not in have if not k.endswith(".") else not any(h.startswith(k) for h in have))
        )
        assert missing == [], f"{lang} lacks {missing}"
