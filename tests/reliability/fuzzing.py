"""The probe's kind of checks, kept in the project: random tap streams against the pen, random
command scripts against every table assistant. Used by ``test_fuzz.py`` (a fixed seed, a few
hundred runs) and by ``scripts/fuzz.py`` (longer runs, prints its counts).

Everything is seeded: a failure names its seed and the steps that led to it, and reruns the same.
The assistant fuzz is generic: it reads each game's ``commands`` help list and its
``suggestions()``, so it keeps working as games change.
"""

from __future__ import annotations

import json
import random
import traceback
from dataclasses import dataclass, field
from typing import Any

#: numbers as people (and keyboards) write them, good and bad: ASCII, signs, huge, decimals,
#: thousands separators, exponent, and digits that are not ASCII (``isdigit()`` is True for
#: most of these, ``int()`` fails on some)
NUMBERS = ["0", "1", "2", "3", "4", "5", "6", "7", "10", "12", "30", "60", "100", "250", "1000", "5000",
           "100000", "1000000", "-1", "-100", "+3", "99999999999999999999", "1" + "0" * 400, "1e9", "1.5",
           "2,5", "1.000", "1'000", "0x10", "nan", "inf", "-inf"]
UNICODE_DIGITS = ["²", "③", "①", "١٢", "٣", "½", "Ⅻ", "𝟗", "०", "꘠"]
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
GARBAGE = ["", "   ", "'", '"', "\\", "#", "--", "=", "A=", "=5", "…", "😀", "Ä", "\x00", "\x1b[2J", "\t", "\u202e",
           "null", "None", "true", "[]", "{}", "*", "?", "../../etc/passwd", "%s", "{name}"]


class FuzzFailure(AssertionError):
    pass


# -- the pen -------------------------------------------------------------------------------------
def random_taps(data, rng: random.Random, players: list[str], unit_ms: int) -> list:
    """A random tap stream: mostly valid ids (biased to the game's own), some invalid ones."""
    from tiptoi_sim.core.taps import Tap
    from tiptoi_sim.millionen_coup.taps import all_tap_ids

    ids = all_tap_ids(data)
    bad = ["room:nowhere", "digit:²", "lock:③", "lock:0", "lock:99", "player:pink", "plan_slot:9", "",
           "go go", "action:", ":", "digit:10", "char:batman", "nav:" + "x" * 1000]
    n = rng.randint(0, 120)
    t = 0
    taps = []
    for _ in range(n):
        t += rng.choice([0, 0, 1, 10, unit_ms // 3, unit_ms, 2 * unit_ms, 5 * unit_ms])
        r = rng.random()
        if r < 0.08:
            tid = rng.choice(bad)
        elif r < 0.3:
            tid = rng.choice([f"player:{c}" for c in players] + ["go", "info"])
        else:
            tid = rng.choice(ids)
        taps.append(Tap(tid, t))
    return taps


def pen_run(data, seed: int) -> dict[str, Any]:
    """One random game of the pen in virtual time; raises FuzzFailure on a crash or a broken
    invariant. Returns counts and the event stream (JSON lines) for the determinism check."""
    from tiptoi_sim.core.clock import VirtualClock
    from tiptoi_sim.core.scheduler import Scheduler, run_loop
    from tiptoi_sim.millionen_coup.session import PenSession

    rng = random.Random(seed)
    unit = rng.choice([0.001, 0.01, 0.05, 0.2, 1, 5, 30, 60])
    k = rng.randint(1, len(data.colours))
    colours = list(data.colours)[:k]
    chars = rng.sample(list(data.characters), k)
    difficulty = rng.choice(list(data.difficulties))
    tutorial = rng.random() < 0.2
    login = rng.random() < 0.2  # sometimes through the pen's own login dialogue
    unit_ms = max(1, round(unit * 1000))
    taps = random_taps(data, rng, colours, unit_ms)
    scheduler = Scheduler()
    session = PenSession(data, seed=seed, lang=rng.choice(["de", "en"]), scheduler=scheduler, unit_seconds=unit)
    where = f"pen seed {seed} (unit {unit} s, {k} players, {difficulty}, tutorial {tutorial}, login {login})"
    try:
        if not login:
            session.start_game(dict(zip(colours, chars)), difficulty=difficulty, tutorial=tutorial)
        clock = VirtualClock(taps)
        until = (taps[-1].t_ms if taps else 0) + 400 * unit_ms
        run_loop(clock, scheduler, session.tap, lambda: session.over, until)
        events = [ev.to_json() for ev in session.events]
        if session.game is not None:
            json.dumps(session.game.state(director=True))
    except Exception:
        raise FuzzFailure(f"{where}: {traceback.format_exc(limit=4)}") from None
    last = -1
    for ev in session.events:
        if ev.t_ms < last:
            raise FuzzFailure(f"{where}: event time goes back ({ev.to_json()})")
        last = ev.t_ms
    return {"events": events, "over": session.over, "taps": len(taps)}


# -- the table assistants --------------------------------------------------------------------------
def _words_in(value: Any, out: set[str]) -> None:
    """Short words from a public state: the names, roles, colours a command may refer to."""
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str) and 0 < len(k) <= 20 and " " not in k:
                out.add(k)
            _words_in(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _words_in(v, out)
    elif isinstance(value, str) and 0 < len(value) <= 20 and " " not in value:
        out.add(value)


def _number(rng: random.Random, unicode_digits: bool) -> str:
    if unicode_digits and rng.random() < 0.15:
        return rng.choice(UNICODE_DIGITS)
    return rng.choice(NUMBERS[:16]) if rng.random() < 0.75 else rng.choice(NUMBERS)


def _fill(token: str, rng: random.Random, words: list[str], names: list[str], unicode_digits: bool) -> str:
    """A value for one placeholder of a usage line (``NAME``, ``N``, ``LETTER``, ``A=N``…)."""
    t = token.strip("[]")
    if "|" in t:
        choice = rng.choice([x for x in t.split("|") if x] or [t])
        return _fill(choice, rng, words, names, unicode_digits) if choice.isupper() else choice
    if "=" in t:
        k, v = t.split("=", 1)
        return f"{_fill(k, rng, words, names, unicode_digits)}={_fill(v, rng, words, names, unicode_digits)}"
    if "/" in t:
        a, b = t.split("/", 1)
        return f"{_fill(a, rng, words, names, unicode_digits)}/{_fill(b, rng, words, names, unicode_digits)}"
    if ":" in t:
        a, b = t.split(":", 1)
        return f"{_fill(a, rng, words, names, unicode_digits)}:{_fill(b, rng, words, names, unicode_digits)}"
    if not t.isupper():
        return t
    r = rng.random()
    if r < 0.07:
        return rng.choice(GARBAGE)
    if t in ("N", "SECONDS", "AMOUNT", "YES_COUNT", "D1", "D2", "SEED", "VALUE", "ROW", "COUNT"):
        return _number(rng, unicode_digits)
    if t in ("NAME", "MEMBER", "PLAYER", "PAYER", "TEAM"):
        return rng.choice(names) if r < 0.8 else rng.choice(words or NAMES)
    if t in ("LETTER", "FROM", "TO", "A", "B"):
        return rng.choice("ABCDabcd") if r < 0.9 else rng.choice(words or ["E"])
    # CHARACTER, ROLE, SAFE, BAR, COLOUR, CATEGORY...: a word from the state, or a number
    return rng.choice(words) if words and r < 0.8 else _number(rng, unicode_digits)


def random_command(game, rng: random.Random, names: list[str], unicode_digits: bool) -> str:
    """One command line: a suggestion, a documented verb with random arguments, or garbage."""
    words: set[str] = set()
    _words_in(game.public_state(), words)
    wl = sorted(words)
    r = rng.random()
    sugg = game.suggestions()
    if r < 0.45 and sugg:
        line = rng.choice(sugg)
        if "…" in line or "..." in line:
            head = line.replace("…", "").replace("...", "").strip()
            line = head + " " + " ".join(rng.sample(names, rng.randint(2, len(names))))
        return line
    if r < 0.85 and game.commands:
        usage = rng.choice(game.commands).usage
        usage = rng.choice(usage.split(" | ")) if " | " in usage else usage
        parts = usage.split()
        out = [parts[0]]
        prev = None
        for tok in parts[1:]:
            if tok in ("…", "...") or tok.endswith("...") or tok.endswith("…"):
                base = tok.rstrip(".…") or prev
                for _ in range(rng.randint(0, 3)):
                    if base:
                        out.append(_fill(base, rng, wl, names, unicode_digits))
                continue
            if tok.startswith("[") and rng.random() < 0.4:
                continue
            prev = tok
            out.append(_fill(tok, rng, wl, names, unicode_digits))
        if rng.random() < 0.1:
            out.append(_fill("N", rng, wl, names, unicode_digits))  # one argument too many
        return " ".join(out)
    if r < 0.9:
        return "".join(rng.choice(["a", "Z", " ", "'", '"', "\\", "#", "\x00", "\x07", "\u200b", "²", "é", "9"])
                       for _ in range(rng.randint(1, 40)))
    if r < 0.92:
        return rng.choice(["x" * 100_000, "players " + "Ann " * 20_000, "1" * 100_000])
    return rng.choice(GARBAGE)


def _state(session) -> str:
    return json.dumps(session.game.public_state(), sort_keys=True, ensure_ascii=False, default=str)


@dataclass
class AssistantCounts:
    commands: int = 0
    accepted: int = 0
    refused: int = 0
    undos: int = 0
    timeouts: int = 0
    over: int = 0
    steps: list[str] = field(default_factory=list)


def assistant_run(game_id: str, seed: int, steps: int = 60, *, unicode_digits: bool = True,
                  counts: AssistantCounts | None = None) -> AssistantCounts:
    """A random command script against one assistant, checking after every command: no
    traceback; a refused command changes nothing; undo restores the state before the command;
    redoing an undone command gives the same state again (the seeded dice come back too)."""
    from tiptoi_sim.assistants.session import AssistantSession
    from tiptoi_sim.commands.assist import make_game

    rng = random.Random(f"{game_id}/{seed}")
    counts = counts or AssistantCounts()
    lang = rng.choice(["de", "en"])
    names = rng.sample(NAMES, rng.randint(2, 5))
    session = AssistantSession(make_game(game_id, seed, lang, {}))
    script: list[str] = []

    def fail(what: str) -> FuzzFailure:
        shown = "\n    ".join(repr(s[:120]) for s in script[-25:])
        return FuzzFailure(f"{game_id} seed {seed} ({lang}): {what}\n  last commands:\n    {shown}")

    def run(line: str):
        script.append(line)
        try:
            return session.execute(line)
        except Exception:
            raise fail(f"traceback on {line[:120]!r}:\n{traceback.format_exc(limit=6)}") from None

    def front_end_view(game) -> tuple:
        """What a front end asks a game after every command: must never raise either."""
        try:
            return (game.timer_seconds(), game.suggestions(), game.public_state(), game.over)
        except Exception:
            raise fail(f"a front end's question raised after {script[-1:]!r}:\n"
                       f"{traceback.format_exc(limit=4)}") from None

    for _ in range(steps):
        game = session.game
        timer = front_end_view(game)[0]
        if timer and rng.random() < 0.15:
            line = game.timer_command
            counts.timeouts += 1
        elif rng.random() < 0.08:
            line = "undo"
        else:
            line = random_command(game, rng, names, unicode_digits)
        before = _state(session)
        history = list(session.history)
        res = run(line)
        counts.commands += 1
        if res is None:
            continue
        if line.strip().split()[:1] == ["undo"]:
            counts.undos += 1
            continue
        if not res.accepted:
            counts.refused += 1
            if _state(session) != before or session.history != history:
                raise fail(f"the refused command {line[:120]!r} changed the state ({res.reason})")
            continue
        counts.accepted += 1
        verb = res.line.split()[:1]
        if verb in (["help"], ["state"], ["repeat"]) or (verb and verb[0].lower() in session.game.read_only_verbs):
            # commands that only tell: no undo step, no journal line, and nothing changed
            if _state(session) != before or session.history != history:
                raise fail(f"the read-only command {line[:120]!r} changed the state or the history")
            continue
        after = _state(session)
        if rng.random() < 0.25:  # undo it, check, and do it again
            u = run("undo")
            if not u.accepted or _state(session) != before:
                raise fail(f"undo after {line[:120]!r} did not restore the state")
            again = run(line)
            if again is None or not again.accepted or _state(session) != after:
                raise fail(f"{line[:120]!r} done again after undo gave another state")
        if front_end_view(session.game)[3]:
            counts.over += 1
            break
    counts.steps.append(f"{game_id}:{seed}")
    session.close()
    return counts


# -- journals ---------------------------------------------------------------------------------------
def damage_bytes(data: bytes, rng: random.Random) -> bytes:
    """One random damage to a journal's bytes: cut, flip, insert, delete, duplicate or swap lines."""
    r = rng.random()
    if not data:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 40)))
    i = rng.randrange(len(data))
    if r < 0.2:
        return data[:i]                                    # a cut (a crash mid-write)
    if r < 0.4:
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]   # a flipped byte
    if r < 0.55:
        junk = rng.choice([b"\x00" * 5, b"\xff\xfe", b"{", b"}", b'"', b"\n", b"[" * 3000, b"null", b"1e999",
                           b'{"kind": "tap"}', b'{"kind": "command", "line": 5}', b"\xef\xbb\xbf"])
        return data[:i] + junk + data[i:]
    if r < 0.7:
        j = min(len(data), i + rng.randint(1, 50))
        return data[:i] + data[j:]                         # bytes lost
    lines = data.split(b"\n")
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    if r < 0.85:
        lines.insert(b, lines[a])                           # a duplicated line
    else:
        lines[a], lines[b] = lines[b], lines[a]             # two lines swapped
    return b"\n".join(lines)
