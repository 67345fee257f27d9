"""The error types every game of the table raises, and reading a user's JSON file into one of them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class IllegalAction(ValueError):
    """A decision, option or input that the rules or the API do not allow; the game is left unchanged.

    ``str(exc)`` is the English reason. ``code`` (with ``params``) optionally names the refusal in a
    stable, language-free way, so that the browser table can word it in the player's language from its
    own catalogue (issue 15); a refusal without a code is shown with its English reason."""

    def __init__(self, message: str = "", *, code: str | None = None, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

    def __reduce__(self) -> tuple[Any, ...]:  # keep the code across processes (pickle passes args only)
        return (_rebuild, (type(self), self.args, self.code, self.params))

    def coded(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}`` for a message to the page, or {} when the refusal has no code."""
        return {"code": self.code, "params": self.params} if self.code else {}


def _rebuild(
    cls: type[IllegalAction], args: tuple[Any, ...], code: str | None, params: dict[str, Any]
) -> IllegalAction:
    exc = cls(*args)
    exc.code, exc.params = code, params
    return exc


class DataError(ValueError):
    """A data or component file that does not hold what the game needs."""


def read_json_file(path: str | Path, what: str, error: type[ValueError]) -> Any:
    """The JSON value in the file at ``path`` (``what`` names the file in messages: "component file");
    ``error`` (IllegalAction, DataError) saying why when it cannot be read or is not JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"cannot read {what} {str(path)!r}: {exc.strerror or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{what} {str(path)!r} is not valid JSON: {exc}") from None
