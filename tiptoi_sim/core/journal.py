"""A crash-safe journal: one JSON object per line, each written, flushed and fsynced as it
happens, so a crash or a closed window loses nothing. Reading tolerates a torn last line
(the crash may have happened mid-write) and reports any other bad line with its number."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tiptoi_sim.core.errors import DataError


class Journal:
    def __init__(self, path: str | Path, *, append: bool = True):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._f = open(self.path, "a" if append else "w", encoding="utf-8")

    def write(self, record: dict[str, Any]) -> None:
        self._f.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._f.flush()
        os.fsync(self._f.fileno())

    def close(self) -> None:
        if not self._f.closed:
            self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def read_journal(path: str | Path) -> list[dict[str, Any]]:
    """All records of a journal. A torn final line is dropped; a bad line elsewhere is an error."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").split("\n")
    except FileNotFoundError:
        raise DataError(p, None, "no journal here to resume from") from None
    out: list[dict[str, Any]] = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            if not isinstance(rec, dict):
                raise ValueError
        except ValueError:
            if i >= len(lines) - 2:  # the last written line, cut by a crash
                break
            raise DataError(p, None, "not a journal record (one JSON object per line)", i + 1) from None
        out.append(rec)
    return out
