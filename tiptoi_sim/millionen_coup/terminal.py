"""Play in a terminal, in real time: type tap ids (or short names, several per line, with Tab
completion) and read what the pen says, stamped with the game clock.

Lines: ``red walk lobby`` taps ``player:red``, ``action:walk``, ``room:lobby`` (each word read
in the light of the one before: ``red learn vault`` learns the ability, ``red walk vault`` walks;
rooms also by their spoken names, ``tresor``). An unknown word is refused with the nearest ids.
Besides taps: ``pause``, ``resume``, ``state`` and ``director`` (a short summary; ``state json``
or ``director --json`` for the whole dump), ``help``, ``quit``.

A game from a tap file (``play --taps``) needs no keyboard: the UI ends by itself when the
game is over or the file's ``until`` has passed, also with no standard input at all (CI).
"""

from __future__ import annotations

import json
import queue
import sys
import threading
from typing import IO, Any

from tiptoi_sim.core.events import Event
from tiptoi_sim.millionen_coup.live import LiveGame
from tiptoi_sim.millionen_coup.taps import UnknownWord, aliases, all_tap_ids, resolve_words

WORDS = ("pause", "resume", "state", "director", "help", "quit")
_EOF = object()


def clock_text(t_ms: int) -> str:
    s = max(0, t_ms) // 1000
    return f"{s // 60:02d}:{s % 60:02d}"


def resolve(word: str, valid: set[str], alias: dict[str, str]) -> str | None:
    try:
        return resolve_words([word], valid, alias)[0]
    except UnknownWord:
        return None


def _fmt(v: Any) -> str:
    """A value of the state, briefly: a door as ``a–b``, an alarm as ``corridor/console``."""
    if isinstance(v, dict):
        if set(v) == {"corridor", "console"}:
            return f"{v['corridor']}/{v['console']}"
        return ", ".join(f"{k}: {_fmt(x)}" for k, x in v.items()) or "-"
    if isinstance(v, (list, tuple)):
        if len(v) == 2 and all(isinstance(x, str) for x in v):
            return "–".join(v)
        return " ".join(_fmt(x) for x in v) or "-"
    return str(v)


def summary(state: dict[str, Any]) -> str:
    """A few readable lines of a game's state (``director`` adds what the table hides)."""
    lines = [f"{state['phase']} · time left {clock_text(int(float(state['time_left']) * 1000))}"
             + (f" · {' '.join(state['outcome'])}" if state.get("outcome") else "")]
    for colour, p in state["players"].items():
        abil = ", ".join(a + ("+" if lvl == "upgraded" else "") for a, lvl in p["abilities"].items())
        where = p["room"] or "off the board"
        extra = [x for x in ("hidden" if p["hidden"] else "", "busy" if p["busy"] else "") if x]
        plans = f" · plans {', '.join(p['forged'])}" if p["forged"] else ""
        lines.append(f"  {colour:<6} {p['character']:<11} {where:<16} {abil}{plans}"
                     + (f" ({', '.join(extra)})" if extra else ""))
    lines.append(f"  guard {state['guard']} · locks open {_fmt(state['opened_locks'])} · "
                 f"alarms off {_fmt(state['alarms_off'])} · vault {'open' if state['vault_open'] else 'closed'}")
    for f, items in state["revealed"].items():
        if items:
            lines.append(f"  known {f}: {_fmt(items)}")
    if state.get("ruled_out") or state.get("first_digit") is not None:
        first = state["first_digit"] if state.get("first_digit") is not None else "?"
        lines.append(f"  digits ruled out {_fmt(state.get('ruled_out'))} · first digit {first}")
    d = state.get("director")
    if d:
        hs = d["hidden_setup"]
        lines.append(f"  director · guard next {' → '.join(d['guard_next']) or '-'}")
        for c, r in d["running"].items():
            lines.append(f"    {c} {r['action']} {r['target']} ({r['left']} s left)")
        lines.append(f"    combination {_fmt(hs['combination'])} · plans {', '.join(hs['plans'])}")
        lines.append(f"    locks {_fmt(hs['locks'])}")
        lines.append(f"    waypoints {_fmt(dict(zip('ABCDEF', hs['waypoints'])))}")
        lines.append(f"    alarms {_fmt(hs['alarms'])}")
        lines.append(f"    notes {_fmt(hs['blanks'])}")
    return "\n".join(lines)


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
        # runs until stopped AND everything queued is shown: the last event (game_over) draws
        # the debrief picture, which the process must not exit in the middle of
        while not (self._stop and self.q.empty()):
            try:
                ev = self.q.get(timeout=0.2)
            except queue.Empty:
                continue
            self.show(ev)

    def show(self, ev: Event) -> None:
        if ev.type == "say":
            self.out.write(f"\r[{clock_text(ev.t_ms)}] {ev.fields['text']}\n")
            self.speaker.say(ev.fields["text"])
        elif ev.type == "notice":
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
                           "'normal', 'red learn skill:explore', 'go', 'red walk lobby', 'red walk tresor'.\n"
                           "Also: pause, resume, state, director (add 'json' for the whole dump), quit. "
                           "Tab completes.\n")
            return True
        if w0 in ("pause", "resume"):
            (self.live.pause if w0 == "pause" else self.live.resume)()
            self.out.write("[paused]\n" if w0 == "pause" else "[running]\n")
            return True
        if w0 in ("state", "director"):
            dump = any(w.lower().lstrip("-") == "json" for w in words[1:])
            with self.live.lock:
                g = self.live.session.game
                st = g.state(director=(w0 == "director")) if g else None
                mode = self.live.session.mode
            if st is None:
                self.out.write(f"no game yet (the pen is in {mode} mode)\n")
            elif dump:
                self.out.write(json.dumps(st, ensure_ascii=False, indent=1) + "\n")
            else:
                self.out.write(summary(st) + "\n")
            return True
        try:
            taps = resolve_words(words, self.valid, self.alias)
        except UnknownWord as e:
            self.out.write(e.message() + " (Tab completes; 'help' lists examples)\n")
            return True
        for tid in taps:
            self.live.put_tap(tid)
        return True

    def _read_lines(self, inp: IO[str] | None, interactive: bool, lines: queue.Queue) -> None:
        try:
            while inp is not None:
                line = input("") if interactive else inp.readline()
                if not interactive and line == "":
                    break
                lines.put(line)
        except (EOFError, OSError, ValueError):
            pass
        lines.put(_EOF)

    def run(self, inp: IO[str] | None = None) -> int:
        """Read lines until ``quit`` or the end of the input; a scripted game (``--taps``) ends
        the UI by itself once it is finished, and the end of the input does not stop it."""
        inp = sys.stdin if inp is None else inp
        try:
            interactive = inp is not None and inp.isatty()
        except (ValueError, OSError):
            interactive = False
        if interactive:
            try:
                import readline

                readline.set_completer(self.completer)
                readline.set_completer_delims(" ")
                readline.parse_and_bind("tab: complete")
            except ImportError:
                pass
        scripted = self.live.scenario is not None
        self.out.write("tiptoi-sim — Der Millionen-Coup. Type 'help' for examples, 'quit' to end.\n")
        self._printer.start()  # after the banner: the pen's first words come below it
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read_lines, args=(inp, interactive, lines), name="terminal-input",
                         daemon=True).start()
        try:
            while True:
                if scripted and self.live.finished.is_set():
                    break
                try:
                    line = lines.get(timeout=0.05)
                except queue.Empty:
                    continue
                if line is _EOF:
                    if scripted:
                        self.live.finished.wait()
                    break
                if not self.handle_line(line):
                    break
        finally:
            if not scripted:
                # the lines typed before the end are played, and the pen's answers printed
                self.live.stop()
            self._stop = True
            # the printer shows what is still queued, the debrief picture included (matplotlib
            # in a thread that the interpreter's exit cut off aborted the process)
            self._printer.join(timeout=120)
        return 0
