"""A crash-safe journal: one JSON object per line.

Writing: every record is written and flushed at once (so a killed process loses nothing the
operating system has seen); records that matter (a tap, a command) are also fsynced. A new
journal is opened with exclusive create, so two sessions can never share one file, and an
existing journal is never overwritten: it is only ever continued (``--resume``). An open
journal holds a lock, so a second game cannot continue it while the first still runs.

Reading (:func:`read_journal`) checks every record: its JSON, its kind and fields (by a
``check`` function the game supplies, which knows its ids). A damaged *tail* — the torn last
line of a crash, garbage or a bad record with no good record after it — is dropped and
described in :attr:`JournalRead.dropped`; before anything is appended the file is cut back
to its last good record (:func:`Journal.continue_after`), so a resumed, played-on and again
crashed game still resumes. Damage *followed by* good records (the middle of the game is
lost) is refused with the line and what was wrong. Nothing here raises anything but
:class:`~tiptoi_sim.core.errors.DataError` / :class:`~tiptoi_sim.core.errors.UserError`.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from tiptoi_sim.core.errors import DataError, UserError

#: a journal larger than this is not one of ours (a long game writes ~1 MB per hour)
MAX_JOURNAL_BYTES = 64 * 1024 * 1024


class RecordError(ValueError):
    """A record that is not what its kind needs; ``str()`` says what was wrong."""


def check_new_journal(path: str | Path) -> Path:
    """``--journal FILE`` for a new game: refuse a folder or an existing journal (it would be
    a lost game), before anything starts; the folder is made if needed."""
    p = Path(path)
    if p.is_dir():
        raise UserError(f"--journal {p}: a folder; give a file name for the journal")
    if p.exists():
        raise UserError(f"--journal {p}: this journal exists already; continue its game with "
                        f"--resume {p}, or give a new file name")
    ensure_folder(p.parent if str(p.parent) else ".")
    return p


def ensure_folder(folder: str | Path, what: str = "journal") -> Path:
    """Create ``folder`` (and its parents) or explain, naming it, why it cannot be."""
    d = Path(folder)
    try:
        d.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UserError(f"cannot make the {what} folder {d}: a file of that name is in the way; "
                        "move it, or choose another folder") from None
    except OSError as e:
        raise UserError(f"cannot make the {what} folder {d} ({e.strerror or e}); "
                        "choose a folder you can write to") from None
    if not d.is_dir():
        raise UserError(f"cannot make the {what} folder {d}: something else is in the way")
    if not os.access(d, os.W_OK | os.X_OK):
        raise UserError(f"cannot write into the {what} folder {d}; choose a folder you can write to")
    return d


class Journal:
    """An open journal. Use :meth:`create` (a new file, exclusive) or :meth:`continue_after`
    (append after the last good record of a file just read)."""

    def __init__(self, path: str | Path, *, append: bool = False, _file=None):
        self.path = Path(path)
        if _file is not None:
            self._f = _file
        else:  # the historical constructor: a new file, or (append) the end of an existing one
            self._f = _open(self.path, "ab" if append else "xb")

    @classmethod
    def create(cls, path: str | Path) -> "Journal":
        """A new journal at ``path``; refuses an existing file (it would be a lost game)."""
        return cls(path, _file=_open(Path(path), "xb"))

    @classmethod
    def continue_after(cls, read: "JournalRead") -> "Journal":
        """Continue the journal just read: cut off its damaged tail, then append."""
        p = read.path
        f = _open(p, "r+b")
        try:
            f.truncate(read.good_bytes)
            f.seek(read.good_bytes)
            if read.good_bytes and not read.ends_with_newline:
                f.write(b"\n")  # the last good record lacked its newline: end it first
            f.flush()
            os.fsync(f.fileno())
        except OSError as e:
            f.close()
            raise UserError(f"{p}: cannot write to the journal ({e.strerror or e})") from None
        return cls(p, _file=f)

    @classmethod
    def new_in(cls, folder: str | Path, prefix: str) -> "Journal":
        """A new journal with a unique name in ``folder``: ``PREFIX-DATE-TIME-PID-RANDOM.jsonl``
        (two sessions started in the same second never share a file)."""
        d = ensure_folder(folder)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for _ in range(20):
            p = d / f"{prefix}-{stamp}-{os.getpid()}-{secrets.token_hex(3)}.jsonl"
            try:
                return cls.create(p)
            except UserError:
                if p.exists():
                    continue
                raise
        raise UserError(f"cannot make a new journal in {d}")  # pragma: no cover

    #: why writing failed (a full disk, a removed drive), once it has: the game goes on unjournaled
    failed: str | None = None

    def write(self, record: dict[str, Any], *, sync: bool = True) -> None:
        """Append one record and flush it; ``sync`` also waits for the disk (fsync).

        A write that fails (disk full) must not stop the game being played: it is said once on
        stderr and the journal stops (the game can then be resumed up to that point)."""
        if self._f.closed or self.failed:
            return
        try:
            self._f.write((json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8"))
            self._f.flush()
            if sync:
                os.fsync(self._f.fileno())
        except OSError as e:
            import sys

            self.failed = e.strerror or str(e)
            print(f"tiptoi-sim: cannot write the journal {self.path} ({self.failed}); the game goes on, "
                  "but from here on it cannot be resumed", file=sys.stderr)

    def close(self) -> None:
        if not self._f.closed:
            try:
                self._f.close()
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


try:  # an open journal is locked, so that two games can never write into one file
    import fcntl
except ImportError:  # pragma: no cover - not on Linux/macOS: no lock, the exclusive create remains
    fcntl = None

# POSIX record locks (lockf), not flock: they belong to the process, so a test that "crashes" a
# game in-process and resumes it in the same process is not locked out; a killed process's
# locks go with it, so kill -9 never leaves a journal locked.
_LOCKED = (errno.EACCES, errno.EAGAIN)


def _lock(f, p: Path) -> None:
    if fcntl is None:
        return
    try:
        fcntl.lockf(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        if e.errno in _LOCKED:
            f.close()
            raise UserError(f"{p}: this journal is open in another game right now; "
                            "finish that one first, or start a new game") from None
        # a file system without locks: the exclusive create still keeps new journals apart


def in_use(p: Path) -> bool:
    """True if another running process holds this journal open (its lock). Call it before this
    process locks anything: closing the probe would release this process's own locks on ``p``."""
    if fcntl is None:
        return False
    try:
        with open(p, "rb") as f:
            fcntl.lockf(f.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as e:
        return e.errno in _LOCKED
    return False


def _open(p: Path, mode: str):
    try:
        if "x" in mode or "a" in mode:
            ensure_folder(p.parent)
        f = open(p, mode)
        _lock(f, p)
        return f
    except FileExistsError:
        raise UserError(f"{p}: a journal of that name exists already; continue it with "
                        f"--resume {p}, or choose a new name") from None
    except IsADirectoryError:
        raise UserError(f"{p}: a folder, not a journal file") from None
    except OSError as e:
        raise UserError(f"{p}: cannot open the journal ({e.strerror or e})") from None


@dataclass
class JournalRead:
    """What :func:`read_journal` found: the good records (each with its line), where they
    end in the file, and what was dropped from the tail (empty if nothing)."""

    path: Path
    records: list[dict[str, Any]]
    lines: list[int]
    good_bytes: int
    ends_with_newline: bool = True
    dropped: list[str] = field(default_factory=list)

    def dropped_text(self) -> str:
        return "; ".join(self.dropped)


def _record(raw: bytes) -> dict[str, Any]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("not UTF-8 text") from None
    try:
        rec = json.loads(text)
    except RecursionError:
        raise RecordError("not a journal record (nested too deep)") from None
    except ValueError:
        raise RecordError("not a journal record (one JSON object per line)") from None
    if not isinstance(rec, dict):
        raise RecordError("not a journal record (one JSON object per line)")
    if not isinstance(rec.get("kind"), str):
        raise RecordError("a record without its kind")
    return rec


def read_journal_checked(path: str | Path, check: Callable[[dict[str, Any], int], None] | None = None
                         ) -> JournalRead:
    """Read and check a journal. ``check(record, index)`` raises :class:`RecordError` for a
    record the game cannot use (``index`` 0 is the first good record, which must be the start).

    A damaged tail is dropped (see the module docstring); damage before a good record, an
    empty journal, a folder, a missing file: a DataError/UserError naming the file and line.
    """
    p = Path(path)
    try:
        if p.is_dir():
            raise UserError(f"{p}: a folder, not a journal file")
        with open(p, "rb") as f:
            data = f.read(MAX_JOURNAL_BYTES + 1)
    except FileNotFoundError:
        raise UserError(f"{p}: no journal here to resume from") from None
    except OSError as e:
        raise UserError(f"{p}: cannot read the journal ({e.strerror or e})") from None
    if len(data) > MAX_JOURNAL_BYTES:
        raise DataError(p, None, f"larger than {MAX_JOURNAL_BYTES // (1024 * 1024)} MB: not a journal")
    records: list[dict[str, Any]] = []
    lines: list[int] = []
    good_bytes = 0
    ends_nl = True
    bad: list[tuple[int, str]] = []      # damaged lines since the last good record
    pos = 3 if data.startswith(b"\xef\xbb\xbf") else 0  # a byte-order mark an editor added
    good_bytes = pos
    n = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        nl = end >= 0
        end = end if nl else len(data)
        raw = data[pos:end]
        n += 1
        line_end = end + 1 if nl else end
        if raw.strip():
            try:
                rec = _record(raw)
                if check is not None:
                    check(rec, len(records))
            except RecordError as e:
                bad.append((n, str(e)))
            else:
                if bad:  # damage with good records after it: part of the game is lost
                    ln, why = bad[0]
                    raise DataError(p, None, f"damaged journal: {why}", ln)
                records.append(rec)
                lines.append(n)
                good_bytes, ends_nl = line_end, nl
        elif not bad:
            good_bytes, ends_nl = line_end, nl if records else True
        pos = line_end
    if not records:
        if bad:
            ln, why = bad[0]
            raise DataError(p, None, f"not a journal we can resume: {why}", ln)
        raise DataError(p, None, "an empty journal: there is no game in it")
    dropped = []
    if bad:
        ln, why = bad[0]
        last = bad[-1][0]
        what = f"line {ln}" if ln == last else f"lines {ln}-{last}"
        torn = len(bad) == 1 and not data.endswith(b"\n")
        dropped.append(f"{what} at the end ({'a record cut off by the crash' if torn else why})")
    return JournalRead(p, records, lines, good_bytes, ends_nl, dropped)


def read_journal(path: str | Path) -> list[dict[str, Any]]:
    """All good records of a journal (a damaged tail dropped; see :func:`read_journal_checked`)."""
    return read_journal_checked(path).records


def whole_ms(value: Any, what: str = "t_ms") -> int:
    """A journal time: whole milliseconds from 0 to 30 days (JSON numbers only, never text)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 30 * 24 * 3600 * 1000:
        raise RecordError(f"{what} is not a time in whole milliseconds: {value!r}"[:120])
    return value


def latest_journal(folder: Path, pattern: str, holds_game: Callable[[Path], bool]) -> Path | None:
    """The most recently written journal in ``folder`` matching ``pattern`` that holds a game
    (``holds_game(path)``: a readable journal with a game in it), or None."""
    try:
        found = [p for p in folder.glob(pattern) if p.is_file()]
    except OSError:
        return None
    found.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    for p in found:
        if in_use(p):
            continue  # a game running right now in another window
        try:
            if holds_game(p):
                return p
        except UserError:
            continue
    return None
