"""A running table-assistant game: executes command lines, keeps undo snapshots, and journals
every accepted command (flushed) so that ``--resume`` rebuilds the exact game after a crash.

Atomicity: before each command the session snapshots the game (``copy.deepcopy``, which also
copies the seeded ``random.Random``); a refused command restores the snapshot, so a refusal can
never change anything even if a game's check came late. ``undo`` pops the last snapshot.

Journal records (JSON lines): ``{"kind": "start", "game", "seed", "lang", "options"}`` once
(with ``"state"``, the state file's ``state`` mapping, when the game was entered in progress),
then ``{"kind": "command", "line"}`` per accepted command and ``{"kind": "undo"}`` per undo.
Replaying them through a fresh session gives the same state (the engines are deterministic).
A new journal is never written over an existing file; :meth:`AssistantSession.resume` checks
every record (a foreign or damaged journal is refused with its line), drops a damaged tail
(cut off the file before anything is appended) and says what it dropped in ``resumed``.

Commands that only tell (``state``, ``help``, ``repeat`` and the game's ``read_only_verbs``)
are neither undo steps nor journal lines. ``state`` prints the public state as readable lines;
``state --yaml [FILE]`` prints (or writes) the state file that ``assist GAME --from FILE`` loads.
"""

from __future__ import annotations

import copy
import traceback
from pathlib import Path
from typing import Any

import yaml

from tiptoi_sim.assistants.base import AssistantGame, Refused, Result, parse_command
from tiptoi_sim.core.errors import DataError, UserError
from tiptoi_sim.core.journal import Journal, JournalRead, RecordError, read_journal_checked
from tiptoi_sim.core.phrases import Phrases

#: replies of the session's own commands, per language (kept tiny and here because they are
#: the framework's, not any game's; games keep theirs in their phrase catalogues)
_OWN = {
    "de": {"undo": "Rückgängig gemacht: {line}", "nothing": "Es gibt nichts rückgängig zu machen.",
           "unknown": "Unbekannter Befehl „{verb}“. Tippe help für die Befehle.",
           "nothing_said": "Es wurde noch nichts gesagt.",
           "saved": "Der Spielstand steht jetzt in {path}.",
           "cannot_save": "Ich kann {path} nicht schreiben ({why}).",
           "state_usage": "So geht es: state, oder state --yaml [DATEI]",
           "error": "Da ist im Programm etwas schiefgegangen ({why}); am Spiel hat sich nichts geändert."},
    "en": {"undo": "Undone: {line}", "nothing": "There is nothing to undo.",
           "unknown": "Unknown command “{verb}”. Type help for the commands.",
           "nothing_said": "Nothing has been said yet.",
           "saved": "The game's state is now in {path}.",
           "cannot_save": "Cannot write {path} ({why}).",
           "state_usage": "Use: state, or state --yaml [FILE]",
           "error": "Something went wrong inside the program ({why}); the game did not change."},
}

#: the session's own commands that change nothing
OWN_READ_ONLY = frozenset({"state", "help", "repeat"})


def state_file(game: AssistantGame, said: list[str] | None = None) -> dict[str, Any]:
    """The whole state file of ``game`` (what ``state --yaml`` writes, ``--from`` reads).
    ``said`` is the last answer, kept so that ``repeat`` after loading says it again."""
    out = {"game": game.game_id, "lang": game.lang, "seed": game.seed,
           "options": dict(game.options), "state": game.export_state()}
    if said:
        out["said"] = list(said)
    return out


def dump_state_file(game: AssistantGame, said: list[str] | None = None) -> str:
    return yaml.safe_dump(state_file(game, said), allow_unicode=True, sort_keys=False, width=100)


class AssistantSession:
    def __init__(self, game: AssistantGame, journal_path: str | Path | None = None,
                 *, _resuming: bool = False, journal: Journal | None = None,
                 from_state: dict[str, Any] | None = None):
        self.game = game
        self._undo: list[tuple[AssistantGame, str]] = []
        self.history: list[str] = []  # accepted command lines, in order, after undos
        self.log: list[str] = []      # everything said, for the screen's running log
        self.last_said: list[str] = []  # what the last accepted command said (for ``repeat``)
        self.journal: Journal | None = journal
        #: set by :meth:`resume`: the journal, the commands replayed and what was dropped
        self.resumed: dict[str, Any] | None = None
        if journal is None and journal_path is not None and not _resuming:
            self.journal = Journal.create(journal_path)  # never over an existing journal
        if self.journal is not None:
            if not _resuming:
                start = {"kind": "start", "game": game.game_id, "seed": game.seed,
                         "lang": game.lang, "options": game.options}
                if from_state is not None:
                    start["state"] = from_state
                self.journal.write(start)

    def _own(self, key: str, **kw: Any) -> str:
        return _OWN.get(self.game.lang, _OWN["en"])[key].format(**kw)

    def execute(self, line: str, *, journal: bool = True) -> Result | None:
        """Run one line. ``None`` for blank lines and comments."""
        try:
            cmd = parse_command(line)
        except Refused as e:
            return Result(line.strip(), False, e.reason, [e.reason], self.game.public_state())
        if cmd is None:
            return None
        if cmd.verb == "undo":
            return self._do_undo(cmd.line, journal)
        if cmd.verb == "help":
            shown = [f"{c.usage}: {c.summary}" for c in self.game.commands]
            shown += ["undo: take back the last command", "repeat: say the last answer again",
                      "state [--yaml [FILE]]: show the state (as a state file)", "help"]
            return Result(cmd.line, True, None, [], self.game.public_state(), shown=shown)
        if cmd.verb == "state":
            return self._state(cmd)
        if cmd.verb == "repeat":
            if not self.last_said:
                reason = self._own("nothing_said")
                return Result(cmd.line, False, reason, [reason], self.game.public_state())
            return Result(cmd.line, True, None, list(self.last_said), self.game.public_state())
        read_only = cmd.verb in self.game.read_only_verbs
        snapshot = copy.deepcopy(self.game)
        try:
            said = list(self.game.handle(cmd))
        except Refused as e:
            return self._refused(snapshot, cmd.line, e.reason)
        except UserError as e:  # a number or name the parsers refused
            return self._refused(snapshot, cmd.line, str(e))
        except Exception as e:  # a bug: never a traceback at the table, never a changed game
            why = f"{type(e).__name__}: {e}"
            res = self._refused(snapshot, cmd.line, self._own("error", why=why))
            res.error = True
            res.shown = traceback.format_exc().splitlines()[-6:]
            return res
        if read_only:
            if self.game.public_state() != snapshot.public_state():
                self.game = snapshot  # a read-only verb must not change the game
            self.log.extend(said)
            return Result(cmd.line, True, None, said, self.game.public_state())
        self._undo.append((snapshot, cmd.line))
        self.history.append(cmd.line)
        self.log.extend(said)
        self.last_said = said
        if journal and self.journal:
            self.journal.write({"kind": "command", "line": cmd.line})
        return Result(cmd.line, True, None, said, self.game.public_state())

    def _refused(self, snapshot: AssistantGame, line: str, reason: str) -> Result:
        self.game = snapshot
        self.log.append(reason)
        return Result(line, False, reason, [reason], self.game.public_state())

    def _state(self, cmd) -> Result:
        args = list(cmd.args)
        if not args:
            return Result(cmd.line, True, None, [], self.game.public_state(),
                          shown=self.game.describe_state())
        if args[0] not in ("--yaml", "yaml") or len(args) > 2:
            reason = self._own("state_usage")
            return Result(cmd.line, False, reason, [reason], self.game.public_state())
        text = dump_state_file(self.game, self.last_said)
        if len(args) == 1:
            return Result(cmd.line, True, None, [], self.game.public_state(), shown=text.splitlines())
        path = Path(args[1])
        try:
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
        except OSError as e:
            reason = self._own("cannot_save", path=path, why=e.strerror or e)
            return Result(cmd.line, False, reason, [reason], self.game.public_state())
        return Result(cmd.line, True, None, [self._own("saved", path=path)], self.game.public_state())

    def _do_undo(self, line: str, journal: bool) -> Result:
        if not self._undo:
            reason = self._own("nothing")
            return Result(line, False, reason, [reason], self.game.public_state())
        self.game, undone = self._undo.pop()
        self.history.pop()
        said = [self._own("undo", line=undone)]
        self.last_said = said
        self.log.extend(said)
        if journal and self.journal:
            self.journal.write({"kind": "undo"})
        return Result(line, True, None, said, self.game.public_state())

    def close(self) -> None:
        if self.journal:
            self.journal.close()

    @staticmethod
    def resume(journal_path: str | Path, make_game, *, game_id: str | None = None) -> "AssistantSession":
        """Rebuild a session from its journal. ``make_game(game_id, seed, lang, options)``
        builds the fresh game (with ``state=`` for a game entered in progress); the journal is then appended to as play goes on. With
        ``game_id``, a journal of another game is refused (and named)."""
        read = read_assistant_journal(journal_path, game_id)
        start = read.records[0]
        try:
            if start.get("state") is not None:  # a game entered in progress
                game = make_game(start["game"], start["seed"], start["lang"], start.get("options") or {},
                                 state=start["state"])
            else:
                game = make_game(start["game"], start["seed"], start["lang"], start.get("options") or {})
        except DataError:
            raise  # the game's own data is broken: that message names its file
        except UserError as e:  # an unknown game, or options this game does not take (any more)
            raise DataError(read.path, None, f"cannot start the journal's game: {e}", read.lines[0]) from None
        session = AssistantSession(game, None, _resuming=True)
        for rec, line in zip(read.records[1:], read.lines[1:]):
            if rec["kind"] == "command":
                res = session.execute(rec["line"], journal=False)
                if res is not None and not res.accepted:
                    raise DataError(read.path, None,
                                    f"the command {rec['line'][:80]!r} no longer replays ({res.reason})", line)
            elif rec["kind"] == "undo":
                session.execute("undo", journal=False)
        session.journal = Journal.continue_after(read)
        session.resumed = {"path": str(read.path), "game": start["game"], "commands": len(read.records) - 1,
                           "dropped": list(read.dropped)}
        return session


#: the longest command line a journal may hold (typed lines are far shorter)
MAX_JOURNAL_LINE = 10_000


def assistant_record_check(game_id: str | None):
    """The record check for an assistant journal (of ``game_id`` if given)."""

    def check(rec: dict[str, Any], index: int) -> None:
        from tiptoi_sim.core.numbers import SEED_MAX

        kind = rec["kind"]
        if index == 0:
            if kind != "start":
                raise RecordError(f"the first record is {kind!r}, not the start of a game"[:120])
            game = rec.get("game")
            if not isinstance(game, str) or not game:
                raise RecordError("start: the journal does not say which game it is")
            if game_id is not None and game != game_id:
                what = "Der Millionen-Coup (continue it with tiptoi-sim play --resume FILE)" \
                    if game == "millionen-coup" else repr(game)
                raise RecordError(f"a journal of {what}, not of {game_id}"[:200])
            seed = rec.get("seed")
            if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > SEED_MAX:
                raise RecordError(f"start: the seed is not a whole number: {seed!r}"[:120])
            if rec.get("lang") not in ("de", "en"):
                raise RecordError(f"start: unknown language {rec.get('lang')!r}"[:120])
            if rec.get("options") is not None and not isinstance(rec.get("options"), dict):
                raise RecordError("start: the options are not a mapping")
            if rec.get("state") is not None and not isinstance(rec.get("state"), dict):
                raise RecordError("start: the state of a game entered in progress is not a mapping")
            return
        if kind == "command":
            line = rec.get("line")
            if not isinstance(line, str) or not line.strip() or len(line) > MAX_JOURNAL_LINE:
                raise RecordError("a command record without its command line")
        elif kind == "start":
            raise RecordError("a second start record")
        elif kind != "undo":
            raise RecordError(f"unknown record kind {kind!r}"[:120])

    return check


def read_assistant_journal(journal_path: str | Path, game_id: str | None = None) -> JournalRead:
    """Read and check an assistant journal; see :func:`assistant_record_check`."""
    return read_journal_checked(journal_path, assistant_record_check(game_id))


def phrases_for(catalogues: dict[str, Phrases], lang: str) -> Phrases:
    return catalogues.get(lang) or catalogues["de"]
