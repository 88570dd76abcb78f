"""Scenario files: a game's setup, its taps at game-clock times, and how long to run
(spec "Scenario files"). Everything is checked up front — an unknown tap id, player, room or
key is refused with its line and field — then the game runs in virtual time.

A tap the rules refuse is not an error: it becomes an ``action_refused`` event.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Iterable

from tiptoi_sim.core.clock import VirtualClock
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.events import Event
from tiptoi_sim.core.scheduler import Scheduler, run_loop
from tiptoi_sim.core.taps import Tap, ms
from tiptoi_sim.core.numbers import parse_seconds, parse_unit_seconds
from tiptoi_sim.core.yamlio import LMap, fail, line_of, load_yaml, load_yaml_text, num, only_keys, opt, req
from tiptoi_sim.millionen_coup.data import LETTERS, GameData
from tiptoi_sim.millionen_coup.session import PenSession
from tiptoi_sim.millionen_coup.setup import draw_setup
from tiptoi_sim.millionen_coup.taps import all_tap_ids


@dataclass
class Scenario:
    seed: int
    difficulty: str
    unit_seconds: float
    players: dict[str, str]
    given_hidden: dict[str, Any]
    hidden_lines: dict[str, int]
    taps: list[Tap]
    until_ms: int | None              # None: until the game ends
    lang: str = "de"
    tutorial: bool = False
    source: str | None = None
    tap_lines: list[int] = field(default_factory=list)


def _room(m, key, fld, data: GameData) -> str:
    v = m[key] if not isinstance(key, str) or key in m else None
    if not isinstance(v, str) or v not in data.rooms:
        raise fail(m, fld, f"expected a room id (one of {', '.join(data.rooms)}), got {v!r}", key)
    return v


def parse_scenario(doc: Any, data: GameData, source: str | None = None) -> Scenario:
    if not isinstance(doc, LMap):
        raise DataError(source, None, "expected a mapping with setup, taps and until")
    only_keys(doc, ["setup", "taps", "until"], "")
    setup = req(doc, "setup", dict, "setup")
    only_keys(setup, ["seed", "difficulty", "unit_seconds", "players", "plans", "hidden", "lang", "tutorial"], "setup")
    seed = opt(setup, "seed", int, "setup.seed", 0)
    difficulty = opt(setup, "difficulty", str, "setup.difficulty", "normal",
                     check=lambda v: v in data.difficulties, expected="easy, normal or hard")
    unit_seconds = num(setup, "unit_seconds", "setup.unit_seconds", parse_unit_seconds,
                       default=data.unit_seconds)
    if abs(unit_seconds * 1000 - round(unit_seconds * 1000)) > 1e-6:
        raise fail(setup, "setup.unit_seconds", "seconds per unit in whole milliseconds", "unit_seconds")
    lang = opt(setup, "lang", str, "setup.lang", "de", check=lambda v: v in data.phrases, expected="de or en")
    tutorial = opt(setup, "tutorial", bool, "setup.tutorial", False)
    pm = req(setup, "players", dict, "setup.players")
    if not 1 <= len(pm) <= data.max_players:
        raise fail(setup, "setup.players", f"1 to {data.max_players} players (max_players)", "players")
    players: dict[str, str] = {}
    for colour, ch in pm.items():
        if colour not in data.colours:
            raise fail(pm, f"setup.players.{colour}", f"unknown player colour; expected one of {', '.join(data.colours)}", colour)
        if not isinstance(ch, str) or ch not in data.characters:
            raise fail(pm, f"setup.players.{colour}", f"unknown character {ch!r}; expected one of {', '.join(data.characters)}", colour)
        if ch in players.values():
            raise fail(pm, f"setup.players.{colour}", f"{ch} is already played by another colour", colour)
        players[colour] = ch
    given: dict[str, Any] = {}
    lines: dict[str, int] = {}
    plans = opt(setup, "plans", list, "setup.plans")
    if plans is not None:
        for i, pid in enumerate(plans):
            if pid not in data.plans:
                raise fail(plans, f"setup.plans[{i}]", f"unknown plan {pid!r}; expected one of {', '.join(data.plans)}", i)
        given["plans"] = list(plans)
        lines["plans"] = line_of(setup, "plans")
    hidden = opt(setup, "hidden", dict, "setup.hidden", {})
    only_keys(hidden, ["combination", "locks", "waypoints", "alarms", "blanks"], "setup.hidden")
    for k in hidden:
        lines[k] = line_of(hidden, k)
    if "combination" in hidden:
        comb = req(hidden, "combination", list, "setup.hidden.combination")
        for i, d in enumerate(comb):
            if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= 9:
                raise fail(comb, f"setup.hidden.combination[{i}]", f"a digit 0-9, got {d!r}", i)
        given["combination"] = list(comb)
    if "locks" in hidden:
        lk = req(hidden, "locks", dict, "setup.hidden.locks")
        given["locks"] = {}
        for n, pair in lk.items():
            if not isinstance(n, int) or isinstance(n, bool):
                raise fail(lk, f"setup.hidden.locks.{n}", "lock numbers 2 to 6", n)
            if not (isinstance(pair, list) and len(pair) == 2):
                raise fail(lk, f"setup.hidden.locks.{n}", "a door as two room ids [a, b]", n)
            for i in range(2):
                _room(pair, i, f"setup.hidden.locks.{n}[{i}]", data)
            given["locks"][n] = list(pair)
    if "waypoints" in hidden:
        wp = req(hidden, "waypoints", list, "setup.hidden.waypoints")
        for i in range(len(wp)):
            _room(wp, i, f"setup.hidden.waypoints[{i}]", data)
        given["waypoints"] = list(wp)
    if "alarms" in hidden:
        al = req(hidden, "alarms", dict, "setup.hidden.alarms")
        given["alarms"] = {}
        for k, v in al.items():
            if not isinstance(v, dict):
                raise fail(al, f"setup.hidden.alarms.{k}", "a mapping with corridor and console", k)
            only_keys(v, ["corridor", "console"], f"setup.hidden.alarms.{k}")
            entry = {}
            for part in ("corridor", "console"):
                if part in v:
                    entry[part] = _room(v, part, f"setup.hidden.alarms.{k}.{part}", data)
            given["alarms"][k] = entry
    if "blanks" in hidden:
        bl = req(hidden, "blanks", dict, "setup.hidden.blanks")
        given["blanks"] = {}
        for n in bl:
            if not isinstance(n, int) or isinstance(n, bool):
                raise fail(bl, f"setup.hidden.blanks.{n}", "note numbers 1 to 7", n)
            given["blanks"][n] = _room(bl, n, f"setup.hidden.blanks.{n}", data)

    valid = set(all_tap_ids(data))
    taps_raw = req(doc, "taps", list, "taps")
    taps: list[Tap] = []
    tap_lines: list[int] = []
    for i, entry in enumerate(taps_raw):
        fld = f"taps[{i}]"
        if not isinstance(entry, dict):
            raise fail(taps_raw, fld, "a mapping {at: seconds, tap: id or [ids]}", i)
        only_keys(entry, ["at", "tap"], fld)
        at = num(entry, "at", f"{fld}.at", parse_seconds, what="game-clock seconds")
        ids = req(entry, "tap", (str, list), f"{fld}.tap", expected="a tap id or a list of them")
        ids = [ids] if isinstance(ids, str) else ids
        if not ids:
            raise fail(entry, f"{fld}.tap", "at least one tap id", "tap")
        for j, tid in enumerate(ids):
            where = f"{fld}.tap" + (f"[{j}]" if isinstance(entry["tap"], list) else "")
            if not isinstance(tid, str) or tid not in valid:
                raise fail(entry, where, f"unknown tap id {tid!r}; see the spec's hotspot list", "tap")
            kind, _, val = tid.partition(":")
            if kind == "player" and val not in players:
                raise fail(entry, where, f"player {val!r} is not in this game; players: {', '.join(players)}", "tap")
            taps.append(Tap(tid, ms(at)))
            tap_lines.append(line_of(entry, "tap") or 0)
    until_raw = doc.get("until", "end")
    if until_raw == "end":
        until_ms = None
    elif isinstance(until_raw, (int, float)) and not isinstance(until_raw, bool):
        until_ms = ms(num(doc, "until", "until", parse_seconds, what="end or game-clock seconds"))
    else:
        raise fail(doc, "until", f"expected end or a number of seconds, got {until_raw!r}", "until")
    sc = Scenario(seed, difficulty, unit_seconds, players, given, lines, taps, until_ms, lang, tutorial,
                  source, tap_lines)
    # the hidden setup is checked now too (a given placement that breaks the rules is refused)
    draw_setup(data, random.Random(seed), given, tutorial=tutorial, source=source, lines=lines)
    return sc


def load_scenario(path: str | Path, data: GameData) -> Scenario:
    return parse_scenario(load_yaml(path), data, str(path))


def scenario_from_text(text: str, data: GameData, name: str = "<scenario>") -> Scenario:
    return parse_scenario(load_yaml_text(text, name), data, name)


def rescaled(sc: Scenario, unit_seconds: float | None) -> Scenario:
    """The same game at another unit: every time in the file (taps, ``until``) is scaled by
    ``unit_seconds / sc.unit_seconds`` and rounded to whole milliseconds. ``None`` or the file's
    own unit gives the scenario unchanged. ``play --taps --unit-seconds`` and
    ``simulate --unit-seconds`` both use this, so they play the very same game."""
    if unit_seconds is None:
        return sc
    old, new = ms(sc.unit_seconds), ms(unit_seconds)
    if new <= 0:
        raise DataError(sc.source, None, "--unit-seconds: at least one millisecond per unit")
    if old == new:
        return sc

    def scale(t_ms: int) -> int:
        return (t_ms * new + old // 2) // old

    return replace(sc, unit_seconds=new / 1000, taps=[Tap(t.id, scale(t.t_ms)) for t in sc.taps],
                   until_ms=None if sc.until_ms is None else scale(sc.until_ms))


def setup_record(sc: Scenario) -> dict[str, Any]:
    """The scenario's setup as plain JSON (for a journal's start record); :func:`start_from_record`
    starts the same game from it. Numbered entries are kept as [number, value] pairs."""
    given = {k: ([[n, v] for n, v in sorted(val.items())] if k in ("locks", "blanks") else val)
             for k, val in sc.given_hidden.items()}
    return {"players": dict(sc.players), "difficulty": sc.difficulty, "tutorial": sc.tutorial,
            "hidden": given}


def start_scenario(session: PenSession, sc: Scenario, data: GameData) -> None:
    """Begin the scenario's game in ``session`` now: the hidden setup is drawn from the session's
    seeded generator, consistent with what the file gives (every path calls this)."""
    hidden = draw_setup(data, session.rng, sc.given_hidden, tutorial=sc.tutorial, source=sc.source,
                        lines=sc.hidden_lines)
    session.start_game(sc.players, difficulty=sc.difficulty, tutorial=sc.tutorial, hidden=hidden)


def start_from_record(session: PenSession, setup: dict[str, Any], data: GameData) -> None:
    """Begin a game in ``session`` from a start record's setup (``--players`` or a scenario's
    :func:`setup_record`)."""
    given = dict(setup.get("hidden") or {})
    for k in ("locks", "blanks"):
        if k in given:
            given[k] = {n: v for n, v in given[k]}
    hidden = draw_setup(data, session.rng, given, tutorial=bool(setup.get("tutorial", False))) if given else None
    session.start_game(setup["players"], difficulty=setup.get("difficulty", "normal"),
                       tutorial=bool(setup.get("tutorial", False)), hidden=hidden)


def run_scenario(sc: Scenario, data: GameData, *, lang: str | None = None,
                 listeners: Iterable = ()) -> PenSession:
    """Play the scenario in virtual time; returns the session (its ``events`` hold the stream)."""
    scheduler = Scheduler()
    session = PenSession(data, seed=sc.seed, lang=lang or sc.lang, scheduler=scheduler,
                         unit_seconds=sc.unit_seconds)
    session.listeners.extend(listeners)
    start_scenario(session, sc, data)
    clock = VirtualClock(sc.taps)
    run_loop(clock, scheduler, session.tap, lambda: session.over, sc.until_ms)
    return session


def write_events(events: Iterable[Event], out: IO[str]) -> None:
    for ev in events:
        out.write(ev.to_json() + "\n")
