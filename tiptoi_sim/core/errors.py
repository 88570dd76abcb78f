"""Errors a user can act on. The CLI prints them as one line and exits with status 2;
none of them should ever reach the user as a traceback."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user: a file, a command line, a scenario. ``str()`` is the message."""

    exit_status = 2


class DataError(UserError):
    """A data or scenario file is malformed or inconsistent.

    ``path`` is the file, ``line`` its 1-based line (or None), ``field`` a dotted path to the
    offending value (``rooms[3].id``), ``expected`` what would have been right.
    """

    def __init__(self, path, field: str | None, expected: str, line: int | None = None):
        self.path = str(path) if path is not None else None
        self.field = field
        self.expected = expected
        self.line = line
        where = self.path or "<data>"
        if line is not None:
            where += f":{line}"
        msg = f"{where}: "
        if field:
            msg += f"{field}: "
        msg += expected
        super().__init__(msg)
