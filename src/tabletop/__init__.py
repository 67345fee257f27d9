"""Game-agnostic pieces shared by the games of the table: errors, chance, history, agents, runners."""

from tabletop.errors import DataError, IllegalAction

__all__ = ["DataError", "IllegalAction"]
