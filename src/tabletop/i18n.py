"""Message catalogues for the narration and the command line (gettext; English is the source language).

Each game package keeps its catalogue as ``<package>/locales/<lang>/LC_MESSAGES/<package>.po`` (the
source a translator edits) next to the compiled ``.mo`` that is read at run time by the standard
library's :mod:`gettext`, so narrating needs no extra dependency. ``scripts/i18n.py`` extracts,
updates and compiles them with Babel, and ``tests/i18n/test_python_catalogues.py`` fails when a
``.mo`` is older than its ``.po`` or a message lacks a translation.

Messages are whole sentences with named placeholders (``"{who} builds a palace in {county}."``), so a
translation may put the words in its own order; counted words go through :meth:`Translator.n`, which
picks the language's plural form.
"""

from __future__ import annotations

import gettext
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
DEFAULT_LANGUAGE = "en"


def language(lang: str | None) -> str:
    """A supported language code from a user's choice ('de', 'de-AT', 'DE_de', None -> 'en')."""
    if not lang:
        return DEFAULT_LANGUAGE
    base = str(lang).replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def check_language(lang: str) -> str:
    """``lang`` itself if supported, else ValueError naming the choices (for command-line options)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


@cache
def _catalogue(package: str, lang: str) -> gettext.NullTranslations:
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    folder = Path(str(resources.files(package).joinpath("locales")))
    return gettext.translation(package, localedir=str(folder), languages=[lang])


class Translator:
    """One language's messages for one package; records messages it had no translation for."""

    def __init__(self, package: str, lang: str | None = None) -> None:
        self.lang = language(lang)
        self.package = package
        self._cat = _catalogue(package, self.lang)
        self.missing: set[str] = set()

    def _(self, message: str, **params: Any) -> str:
        """A whole message in this language, its {placeholders} filled in."""
        if self.lang == DEFAULT_LANGUAGE:  # the source text itself (no catalogue look-up)
            return message.format(**params) if params else message
        text = self._cat.gettext(message)
        if text is message:
            self.missing.add(message)
        return text.format(**params) if params else text

    def n(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """A counted message: the language's plural form for ``n`` ({n} is filled in too)."""
        if self.lang == DEFAULT_LANGUAGE:
            return (singular if n == 1 else plural).format(n=n, **params)
        text = self._cat.ngettext(singular, plural, n)
        if text in (singular, plural):
            self.missing.add(singular)
        return text.format(n=n, **params)


def N_(message: str) -> str:  # noqa: N802 (gettext's conventional name)
    """Marks a message for extraction where it is defined; it is translated where it is shown."""
    return message


__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "N_", "Translator", "check_language", "language"]
