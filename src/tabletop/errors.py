"""The error types every game of the table raises."""


class IllegalAction(ValueError):
    """A decision, option or input that the rules or the API do not allow; the game is left unchanged."""


class DataError(ValueError):
    """A data or component file that does not hold what the game needs."""
