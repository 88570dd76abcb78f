"""Front ends shared by all table assistants: the headless script runner and the terminal.
(The pygame table screen is in :mod:`tiptoi_sim.assistants.screen`.)"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import IO, Callable

from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.core.errors import UserError


def run_script(session: AssistantSession, path: str | Path, out: IO[str] | None = None) -> int:
    """Run a file of commands headless; one JSON object per command on ``out`` (default: the
    current ``sys.stdout``, looked up at call time so a redirected stdout is honoured).
    Blank lines and ``#`` comments are skipped. Refused commands are reported, not fatal."""
    out = out if out is not None else sys.stdout
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines() if str(path) != "-" else sys.stdin.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(f"{p}: cannot read the script ({e})") from None
    for n, line in enumerate(lines, start=1):
        res = session.execute(line)
        if res is None:
            continue
        rec = {"line": n}
        rec.update(res.to_dict())
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    out.flush()
    return 0


def completer_for(session_ref: Callable[[], AssistantSession]):
    """A readline completer over the game's suggestions and command verbs."""

    def complete(text: str, state: int):
        import readline

        buf = readline.get_line_buffer()
        s = session_ref()
        options = list(dict.fromkeys(s.game.suggestions() + [c.usage.split()[0] for c in s.game.commands]
                                     + ["undo", "help", "state", "repeat", "quit"]))
        matches = [o for o in options if o.startswith(buf)]
        # readline replaces only the current word: return the rest of each match from it
        start = len(buf) - len(text)
        matches = [m[start:] for m in matches]
        return matches[state] if state < len(matches) else None

    return complete


def run_terminal(session: AssistantSession, speaker, *, inp: IO[str] = sys.stdin,
                 out: IO[str] = sys.stdout) -> int:
    """A plain line-by-line front end: type commands, read what is said and the state."""
    interactive = inp.isatty()
    if interactive:
        try:
            import readline

            readline.set_completer(completer_for(lambda: session))
            readline.set_completer_delims(" ")
            readline.parse_and_bind("tab: complete")
        except ImportError:
            pass
    game = session.game
    out.write(f"{game.title} — help lists the commands, undo takes back the last one, quit ends.\n")
    timer: list[threading.Timer] = []
    timer_key: list = [None]  # the game's timer_key() of the running countdown, if any

    def on_result(res):
        for text in res.shown:
            out.write("  " + text + "\n")
        for text in res.said:
            out.write(("  ✗ " if not res.accepted else "  ") + text + "\n")
            speaker.say(text)
        sugg = session.game.suggestions()
        if sugg:
            out.write("  → " + " | ".join(sugg[:8]) + "\n")
        out.flush()
        if not res.accepted:
            return  # a refusal changes nothing, not even a running countdown
        game = session.game
        secs = game.timer_seconds()
        key = game.timer_key() if callable(getattr(game, "timer_key", None)) else None
        if secs and timer and key is not None and key == timer_key[0]:
            return  # the same countdown runs on
        timer_key[0] = key
        for t in timer:
            t.cancel()
        timer.clear()
        if secs:
            t = threading.Timer(secs, lambda: (out.write(f"\n[{session.game.timer_command}]\n"),
                                               on_result(session.execute(session.game.timer_command))))
            t.daemon = True
            t.start()
            timer.append(t)

    while True:
        try:
            line = input("> ") if interactive else inp.readline()
        except EOFError:
            break
        if not interactive and line == "":
            break
        if line.strip() in ("quit", "exit"):
            break
        res = session.execute(line)
        if res is not None:
            on_result(res)
    for t in timer:
        t.cancel()
    return 0
