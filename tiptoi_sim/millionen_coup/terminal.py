"""Play in a terminal, in real time: type tap ids (or short aliases, several per line, with Tab
completion) and read what the pen says, stamped with the game clock.

Lines: ``red walk lobby`` taps ``player:red``, ``action:walk``, ``room:lobby``. Besides taps:
``pause``, ``resume``, ``state``, ``director``, ``help``, ``quit``.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
from typing import IO

from tiptoi_sim.core.events import Event
from tiptoi_sim.millionen_coup.live import LiveGame
from tiptoi_sim.millionen_coup.taps import aliases, all_tap_ids

WORDS = ("pause", "resume", "state", "director", "help", "quit")


def clock_text(t_ms: int) -> str:
    s = max(0, t_ms) // 1000
    return f"{s // 60:02d}:{s % 60:02d}"


def resolve(word: str, valid: set[str], alias: dict[str, str]) -> str | None:
    if word in valid:
        return word
    return alias.get(word)


class TerminalUI:
    def __init__(self, live: LiveGame, speaker, *, out: IO[str] = sys.stdout):
        self.live = live
        self.speaker = speaker
        self.out = out
        self.valid = set(all_tap_ids(live.data))
        self.alias = aliases(live.data)
        self.q: queue.Queue[Event] = queue.Queue()
        live.listeners.append(self.q.put)
        self._printer = threading.Thread(target=self._print_events, daemon=True)
        # the debrief picture after the game (tiptoi_sim/analysis/live.py)
        from tiptoi_sim.analysis.live import DebriefRecorder
        self.debrief = DebriefRecorder(live)
        self._stop = False

    def _print_events(self) -> None:
        while not self._stop:
            try:
                ev = self.q.get(timeout=0.2)
            except queue.Empty:
                continue
            self.show(ev)

    def show(self, ev: Event) -> None:
        if ev.type == "say":
            self.out.write(f"\r[{clock_text(ev.t_ms)}] {ev.fields['text']}\n")
            self.speaker.say(ev.fields["text"])
        elif ev.type == "skip":
            self.speaker.stop()
        elif ev.type == "tap_ack":
            return
        elif ev.type == "game_over":
            try:
                path = self.debrief.write(lang=self.live.session.lang)
                self.out.write(f"[debrief picture: {path}]\n")
            except Exception as e:  # a picture problem must not end the game
                self.out.write(f"[no debrief picture: {e}]\n")
        self.out.flush()

    def completer(self, text: str, state: int):
        options = sorted(set(self.valid) | set(self.alias) | set(WORDS))
        matches = [o for o in options if o.startswith(text)]
        return matches[state] if state < len(matches) else None

    def handle_line(self, line: str) -> bool:
        """Run one typed line; False to quit."""
        words = line.split()
        if not words:
            return True
        w0 = words[0].lower()
        if w0 in ("quit", "exit"):
            return False
        if w0 == "help":
            self.out.write("Type tap ids or short names, e.g. 'power', 'play', 'red', 'oliver_crow', "
                           "'normal', 'red learn skill:explore', 'go', 'red walk lobby'.\n"
                           "Also: pause, resume, state, director, quit. Tab completes.\n")
            return True
        if w0 in ("pause", "resume"):
            (self.live.pause if w0 == "pause" else self.live.resume)()
            self.out.write("[paused]\n" if w0 == "pause" else "[running]\n")
            return True
        if w0 in ("state", "director"):
            with self.live.lock:
                g = self.live.session.game
                st = g.state(director=(w0 == "director")) if g else {"mode": self.live.session.mode}
            self.out.write(json.dumps(st, ensure_ascii=False, indent=1) + "\n")
            return True
        taps = []
        for w in words:
            tid = resolve(w, self.valid, self.alias)
            if tid is None:
                self.out.write(f"unknown tap {w!r} (Tab completes; 'help' lists examples)\n")
                return True
            taps.append(tid)
        for tid in taps:
            self.live.put_tap(tid)
        return True

    def run(self, inp: IO[str] = sys.stdin) -> int:
        interactive = inp.isatty()
        if interactive:
            try:
                import readline

                readline.set_completer(self.completer)
                readline.set_completer_delims(" ")
                readline.parse_and_bind("tab: complete")
            except ImportError:
                pass
        self._printer.start()
        self.out.write("tiptoi-sim — Der Millionen-Coup. Type 'help' for examples, 'quit' to end.\n")
        try:
            while True:
                try:
                    line = input("") if interactive else inp.readline()
                except EOFError:
                    break
                if not interactive and line == "":
                    break
                if not self.handle_line(line):
                    break
        finally:
            self._stop = True
            self._printer.join(timeout=1)
            while not self.q.empty():
                self.show(self.q.get())
        return 0
