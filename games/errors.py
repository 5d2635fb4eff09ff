"""Errors the table services raise; each carries a sentence and the HTTP status it maps to."""


class TableError(Exception):
    status = 400

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class BadRequest(TableError):
    status = 400


class Forbidden(TableError):
    status = 403


class NotFound(TableError):
    status = 404


class StaleVersion(TableError):
    """The client acted on an old version of the table."""

    status = 409

    def __init__(self, expected, actual):
        super().__init__(
            f"The table has moved on (you saw version {expected}, it is now at {actual}); look again and retry."
        )
        self.expected = expected
        self.actual = actual


class Conflict(TableError):
    status = 409


class DamagedLog(TableError):
    """The table's event log cannot be folded: its event ``version`` fails in the engine (games.play.damaged).
    Every read and command of the table answers this sentence; nothing is appended to it."""

    status = 409

    def __init__(self, table_id, version, reason):
        super().__init__(f"This table's record is damaged at event {version}; staff have been told. Play is stopped.")
        self.table_id = table_id
        self.version = version
        self.reason = reason
