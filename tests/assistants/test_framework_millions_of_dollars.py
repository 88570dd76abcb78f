"""Framework fix found while building Millions of Dollars: ``run_script`` bound ``sys.stdout``
as a default argument when the module was imported, so a later redirect of stdout (pytest's
capsys, or any caller swapping sys.stdout) was ignored and writes went to a stale, maybe
closed stream."""

from __future__ import annotations

import io
import sys

from tiptoi_sim.assistants import frontends
from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.commands.assist import make_game


def test_run_script_writes_to_the_current_stdout(tmp_path, monkeypatch):
    script = tmp_path / "s.txt"
    script.write_text("players A B C D\nstart\n", encoding="utf-8")
    for _ in range(2):  # a fresh stdout each time, as pytest's capsys gives every test
        buf = io.StringIO()
        monkeypatch.setattr(sys, "stdout", buf)
        session = AssistantSession(make_game("millions-of-dollars", 1, "en", {}))
        assert frontends.run_script(session, script) == 0
        monkeypatch.undo()
        assert buf.getvalue().count("\n") == 2 and '"accepted": true' in buf.getvalue()
