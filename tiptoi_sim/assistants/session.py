"""A running table-assistant game: executes command lines, keeps undo snapshots, and journals
every accepted command (flushed) so that ``--resume`` rebuilds the exact game after a crash.

Atomicity: before each command the session snapshots the game (``copy.deepcopy``, which also
copies the seeded ``random.Random``); a refused command restores the snapshot, so a refusal can
never change anything even if a game's check came late. ``undo`` pops the last snapshot.

Journal records (JSON lines): ``{"kind": "start", "game", "seed", "lang", "options"}`` once,
then ``{"kind": "command", "line"}`` per accepted command and ``{"kind": "undo"}`` per undo.
Replaying them through a fresh session gives the same state (the engines are deterministic).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from tiptoi_sim.assistants.base import AssistantGame, Refused, Result, parse_command
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.journal import Journal, read_journal
from tiptoi_sim.core.phrases import Phrases

#: replies of the session's own commands, per language (kept tiny and here because they are
#: the framework's, not any game's; games keep theirs in their phrase catalogues)
_OWN = {
    "de": {"undo": "Rückgängig gemacht: {line}", "nothing": "Es gibt nichts rückgängig zu machen.",
           "unknown": "Unbekannter Befehl „{verb}“. Tippe help für die Befehle."},
    "en": {"undo": "Undone: {line}", "nothing": "There is nothing to undo.",
           "unknown": "Unknown command “{verb}”. Type help for the commands."},
}


class AssistantSession:
    def __init__(self, game: AssistantGame, journal_path: str | Path | None = None,
                 *, _resuming: bool = False):
        self.game = game
        self._undo: list[tuple[AssistantGame, str]] = []
        self.history: list[str] = []  # accepted command lines, in order, after undos
        self.log: list[str] = []      # everything said, for the screen's running log
        self.journal: Journal | None = None
        if journal_path is not None:
            self.journal = Journal(journal_path, append=_resuming)
            if not _resuming:
                self.journal.write({"kind": "start", "game": game.game_id, "seed": game.seed,
                                    "lang": game.lang, "options": game.options})

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
            said = [f"{c.usage}: {c.summary}" for c in self.game.commands] + ["undo", "help", "state"]
            return Result(cmd.line, True, None, said, self.game.public_state())
        if cmd.verb == "state":
            return Result(cmd.line, True, None, [], self.game.public_state())
        snapshot = copy.deepcopy(self.game)
        try:
            said = list(self.game.handle(cmd))
        except Refused as e:
            self.game = snapshot
            self.log.append(e.reason)
            return Result(cmd.line, False, e.reason, [e.reason], self.game.public_state())
        self._undo.append((snapshot, cmd.line))
        self.history.append(cmd.line)
        self.log.extend(said)
        if journal and self.journal:
            self.journal.write({"kind": "command", "line": cmd.line})
        return Result(cmd.line, True, None, said, self.game.public_state())

    def _do_undo(self, line: str, journal: bool) -> Result:
        if not self._undo:
            reason = self._own("nothing")
            return Result(line, False, reason, [reason], self.game.public_state())
        self.game, undone = self._undo.pop()
        self.history.pop()
        said = [self._own("undo", line=undone)]
        self.log.extend(said)
        if journal and self.journal:
            self.journal.write({"kind": "undo"})
        return Result(line, True, None, said, self.game.public_state())

    def close(self) -> None:
        if self.journal:
            self.journal.close()

    @staticmethod
    def resume(journal_path: str | Path, make_game) -> "AssistantSession":
        """Rebuild a session from its journal. ``make_game(game_id, seed, lang, options)``
        builds the fresh game; the journal is then appended to as play goes on."""
        records = read_journal(journal_path)
        if not records or records[0].get("kind") != "start":
            raise DataError(journal_path, None, "a journal starting with a 'start' record", 1)
        start = records[0]
        game = make_game(start["game"], start.get("seed", 0), start.get("lang", "de"),
                         start.get("options") or {})
        session = AssistantSession(game, journal_path, _resuming=True)
        for i, rec in enumerate(records[1:], start=2):
            if rec.get("kind") == "command":
                res = session.execute(rec.get("line", ""), journal=False)
                if res is not None and not res.accepted:
                    raise DataError(journal_path, None,
                                    f"journal line {rec.get('line')!r} no longer replays ({res.reason})", i)
            elif rec.get("kind") == "undo":
                session.execute("undo", journal=False)
        return session


def phrases_for(catalogues: dict[str, Phrases], lang: str) -> Phrases:
    return catalogues.get(lang) or catalogues["de"]
