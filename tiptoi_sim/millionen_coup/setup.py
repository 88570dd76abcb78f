"""The hidden setup of one game, drawn from the seed, always winnable.

Placement rules (spec "Hidden setup"): locks 2–6 on distinct lockable doors; waypoints A–F in
distinct rooms other than street, vault and the lift; alarms A–C in distinct corridors with
consoles in distinct rooms that are not a corridor, street, vault, stairs or lift; a
combination of distinct digits; the other digits' notes (blanks) in distinct ordinary rooms;
the plans in the game.

Winnability (spec): from the street with every alarm on, repeatedly take the rooms reachable
over walk and climb connections without entering an active alarm's corridor and switch off
every alarm whose console is among them; valid iff the vault anteroom becomes reachable.

Entries given in a scenario are kept; the rest is drawn consistent with them. A given entry
that breaks a rule (or makes the game unwinnable) is refused with a DataError naming it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.millionen_coup.data import LETTERS, GameData
from tiptoi_sim.millionen_coup.graph import reachable


@dataclass
class HiddenSetup:
    locks: dict[int, frozenset]                    # 1 is the entrance
    lock_doors: dict[int, tuple[str, str]]         # the same, as an ordered pair for output
    waypoints: list[str]                           # index 0 = A
    alarms: dict[str, tuple[str, str]]             # letter -> (corridor, console room)
    combination: list[int]
    blanks: dict[int, str]                         # note number (1 = smallest blank digit) -> room
    plans: list[str]
    blank_digits: dict[int, int] = field(default_factory=dict)  # note number -> digit

    def to_dict(self) -> dict[str, Any]:
        return {"combination": list(self.combination),
                "locks": {n: list(self.lock_doors[n]) for n in sorted(self.lock_doors) if n != 1},
                "waypoints": list(self.waypoints),
                "alarms": {k: {"corridor": v[0], "console": v[1]} for k, v in sorted(self.alarms.items())},
                "blanks": dict(sorted(self.blanks.items())), "plans": list(self.plans)}


def waypoint_rooms(data: GameData) -> list[str]:
    return [r for r, room in data.rooms.items() if room.kind not in ("street", "vault", "lift")]


def console_rooms(data: GameData) -> list[str]:
    return [r for r, room in data.rooms.items() if room.kind == "room"]


blank_rooms = console_rooms  # the same rule: ordinary rooms only


def winnable(data: GameData, alarms: dict[str, tuple[str, str]]) -> bool:
    active = dict(alarms)
    conns = list(data.connections) + list(data.climb_connections)
    while True:
        alarm_rooms = {c for c, _ in active.values()}
        seen = reachable(data.start_room, conns, lambda r: r in alarm_rooms)
        if data.vault_anteroom in seen:
            return True
        off = [k for k, (_, console) in active.items() if console in seen]
        if not off:
            return False
        for k in off:
            del active[k]


class _Refuse:
    def __init__(self, source: str | None, prefix: str):
        self.source, self.prefix = source, prefix

    def __call__(self, fld: str, expected: str, line: int | None = None) -> DataError:
        return DataError(self.source, f"{self.prefix}{fld}", expected, line)


def draw_setup(data: GameData, rng: random.Random, given: dict[str, Any] | None = None, *,
               tutorial: bool = False, source: str | None = None,
               lines: dict[str, int] | None = None) -> HiddenSetup:
    """Draw the hidden setup. ``given`` holds already-checked scenario entries (ids valid):
    ``combination`` [d, d, d], ``locks`` {n: [a, b]}, ``waypoints`` [room…], ``alarms``
    {X: {corridor, console}} (either key may be missing), ``blanks`` {n: room}, ``plans`` [id…].
    The draw order is fixed (plans, locks, waypoints, alarms, combination, blanks) so that a
    seed always gives the same game."""
    given = given or {}
    lines = lines or {}
    refuse = _Refuse(source, "setup.hidden.")
    h = data.hidden
    n_locks = data.tutorial.get("locks", h["locks"]) if tutorial else h["locks"]
    n_alarms = data.tutorial.get("alarms", h["alarms"]) if tutorial else h["alarms"]
    n_way = h["waypoints"]
    n_digits = h["combination_digits"]

    # plans
    plans = list(given.get("plans") or [])
    if len(plans) > data.plans_per_game or len(set(plans)) != len(plans):
        raise DataError(source, "setup.plans", f"at most {data.plans_per_game} distinct plans", lines.get("plans"))
    pool = [p for p in data.plans if p not in plans]
    plans += rng.sample(pool, data.plans_per_game - len(plans))

    # locks
    locks: dict[int, frozenset] = {1: data.entrance}
    given_locks = given.get("locks") or {}
    for n, pair in given_locks.items():
        if not 2 <= n <= n_locks + 1:
            raise refuse(f"locks.{n}", f"lock numbers are 2 to {n_locks + 1}", lines.get("locks"))
        key = frozenset(pair)
        if key not in data.lockable_doors:
            raise refuse(f"locks.{n}", f"{pair[0]}–{pair[1]} is not a lockable door", lines.get("locks"))
        if key in locks.values():
            raise refuse(f"locks.{n}", "two locks on one door", lines.get("locks"))
        locks[n] = key
    free = [d for d in data.lockable_doors if d not in locks.values()]
    for n in range(2, n_locks + 2):
        if n not in locks:
            d = rng.choice(free)
            free.remove(d)
            locks[n] = d
    # a door is written as its two rooms in the order board.yaml lists the connection
    as_listed = {c.key(): (c.a, c.b) for c in data.connections}
    lock_doors = {n: as_listed[d] for n, d in locks.items()}

    # waypoints
    wp_ok = waypoint_rooms(data)
    wps = list(given.get("waypoints") or [])
    if len(wps) > n_way or len(set(wps)) != len(wps):
        raise refuse("waypoints", f"at most {n_way} distinct rooms", lines.get("waypoints"))
    for i, r in enumerate(wps):
        if r not in wp_ok:
            raise refuse(f"waypoints[{i}]", f"{r} cannot hold a waypoint (not street, vault or the lift)", lines.get("waypoints"))
    wps += rng.sample([r for r in wp_ok if r not in wps], n_way - len(wps))

    # alarms (redrawn until the game is winnable)
    given_alarms = given.get("alarms") or {}
    letters = LETTERS[:n_alarms]
    corridors, consoles = data.corridors, console_rooms(data)
    for k, v in given_alarms.items():
        if k not in letters:
            raise refuse(f"alarms.{k}", f"alarm systems are {', '.join(letters)}", lines.get("alarms"))
        if v.get("corridor") is not None and v["corridor"] not in corridors:
            raise refuse(f"alarms.{k}.corridor", "an alarm system stands in a corridor", lines.get("alarms"))
        if v.get("console") is not None and v["console"] not in consoles:
            raise refuse(f"alarms.{k}.console", "a console stands in an ordinary room (not a corridor, street, vault, stairs or lift)", lines.get("alarms"))
    gc = [v.get("corridor") for v in given_alarms.values() if v.get("corridor")]
    gk = [v.get("console") for v in given_alarms.values() if v.get("console")]
    if len(set(gc)) != len(gc) or len(set(gk)) != len(gk):
        raise refuse("alarms", "alarm systems in distinct corridors, consoles in distinct rooms", lines.get("alarms"))
    fully_given = all(k in given_alarms and given_alarms[k].get("corridor") and given_alarms[k].get("console") for k in letters)
    for _attempt in range(1000):
        alarms = {}
        fc = [c for c in corridors if c not in gc]
        fk = [c for c in consoles if c not in gk]
        rng.shuffle(fc)
        rng.shuffle(fk)
        for k in letters:
            v = given_alarms.get(k, {})
            alarms[k] = (v.get("corridor") or fc.pop(), v.get("console") or fk.pop())
        if winnable(data, alarms):
            break
        if fully_given:
            raise refuse("alarms", "these alarms make the vault unreachable (no console can switch off "
                                   "the alarm that blocks the way): the game could not be won", lines.get("alarms"))
    else:
        raise refuse("alarms", "no winnable placement of the other alarms exists with the given ones", lines.get("alarms"))

    # combination
    comb = list(given.get("combination") or [])
    if comb:
        if len(comb) != n_digits or len(set(comb)) != n_digits or not all(isinstance(d, int) and 0 <= d <= 9 for d in comb):
            raise refuse("combination", f"{n_digits} distinct digits 0-9", lines.get("combination"))
    else:
        comb = rng.sample(range(10), n_digits)
    blank_digits_sorted = [d for d in range(10) if d not in comb]
    blank_digits = {i + 1: d for i, d in enumerate(blank_digits_sorted)}

    # blanks
    br = blank_rooms(data)
    given_blanks = given.get("blanks") or {}
    for n, r in given_blanks.items():
        if n not in blank_digits:
            raise refuse(f"blanks.{n}", f"blank notes are 1 to {len(blank_digits)}", lines.get("blanks"))
        if r not in br:
            raise refuse(f"blanks.{n}", f"{r} cannot hold a note (ordinary rooms only)", lines.get("blanks"))
    if len(set(given_blanks.values())) != len(given_blanks):
        raise refuse("blanks", "each note in a different room", lines.get("blanks"))
    free_rooms = [r for r in br if r not in given_blanks.values()]
    blanks = {}
    for n in blank_digits:
        if n in given_blanks:
            blanks[n] = given_blanks[n]
        else:
            r = rng.choice(free_rooms)
            free_rooms.remove(r)
            blanks[n] = r
    return HiddenSetup(locks, lock_doors, wps, alarms, comb, blanks, plans, blank_digits)
