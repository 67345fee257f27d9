"""The error types every game of the table raises."""

from __future__ import annotations

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
