"""The rules of Der Millionen-Coup as a pure, deterministic engine on the one scheduler.

API in the spirit of python-chess: :meth:`Game.legal_actions` (what a player may start now),
:meth:`Game.start_action` (push an action; raises :class:`Refusal` without changing anything),
:meth:`Game.go`, :attr:`Game.outcome` and :meth:`Game.state`. Time only advances through the
scheduler; the engine never reads a clock. Randomness comes from the one seeded
``random.Random`` handed in (used for general explores).

Same-instant order (spec; the scheduler's ``order`` tuples): action completions by player
colour (red, blue, yellow, green), then the guard's step, then time announcements, then the
time limit; taps come after all of them.

Events go to ``emit(type, **fields)``; the session adds ``say`` events from the phrase
catalogues. Every event that concerns a player carries ``player``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any, Callable

from tiptoi_sim.core.scheduler import Scheduler, Timer
from tiptoi_sim.millionen_coup.data import LETTERS, Connection, GameData
from tiptoi_sim.millionen_coup.graph import guard_adjacency, shortest_path
from tiptoi_sim.millionen_coup.setup import HiddenSetup

ORDER_COMPLETION = 0
ORDER_GUARD = 1
ORDER_ANNOUNCE = 2
ORDER_TIME_LIMIT = 3

MOVES = ("walk", "run", "sneak", "climb")
FIELDS = ("locks", "waypoints", "alarms", "blanks")


class Refusal(Exception):
    """A refused tap sequence: ``reason`` is a stable code, ``params`` fill the pen's phrase."""

    def __init__(self, reason: str, **params: Any):
        super().__init__(reason)
        self.reason = reason
        self.params = params


@dataclass
class Running:
    action: str          # event action id: walk, run, ..., learn, forge, plan, explore
    target: str          # the tapped target id(s)
    units: int
    start_ms: int
    end_ms: int
    timer: Timer
    detail: dict = field(default_factory=dict)


@dataclass
class Player:
    colour: str
    character: str
    abilities: dict[str, str]                    # ability -> basic | upgraded
    room: str | None = None
    hidden: bool = False
    last_was_run: bool = False
    running: Running | None = None
    forged: list[str] = field(default_factory=list)   # completed forges, in order
    used_plans: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Action:
    """A legal action: the event's action id and the target id as tapped."""

    action: str
    target: str


class Game:
    def __init__(self, data: GameData, setup: HiddenSetup, players: dict[str, str], *,
                 difficulty: str = "normal", unit_seconds: float | None = None,
                 rng: random.Random, scheduler: Scheduler,
                 emit: Callable[..., None], tutorial: bool = False, origin_ms: int = 0):
        self.data = data
        self.setup = setup
        self.rng = rng
        self.scheduler = scheduler
        self._emit = emit
        self.tutorial = tutorial
        self.difficulty = difficulty
        self.unit_ms = int(round((unit_seconds or data.unit_seconds) * 1000))
        self.limit_units = data.difficulties[difficulty]
        self.limit_ms = self.limit_units * self.unit_ms
        self.guard_step_ms = data.actions["guard_step"].basic * self.unit_ms
        self.colour_order = [c for c in data.colours if c in players]
        self.players: dict[str, Player] = {}
        for colour in self.colour_order:
            ch = data.characters[players[colour]]
            self.players[colour] = Player(colour, ch.id, {ch.ability: "basic"})
        self.origin = origin_ms      # scheduler time at which the preparation phase began
        self.now = origin_ms
        self.phase = "preparation"
        self.outcome: tuple[str, str] | None = None
        self.basic_left = dict(data.basic_pieces)
        self.upgraded_left = dict(data.upgraded_pieces)
        self.plan_holder: dict[str, str] = {}        # plan -> colour (reserved at forge start)
        self.opened_locks: set[int] = set()
        self._locked_doors = set(setup.locks.values())
        self.active_alarms: dict[str, tuple[str, str]] = dict(setup.alarms)
        self.vault_open = False
        self.revealed: dict[str, set] = {f: set() for f in FIELDS}
        self.first_digit_known = False
        self.found_blanks: set[int] = set()
        self.guard_room = data.guard_start
        self.guard_target = 0
        self.guard_timer: Timer | None = None
        self.guard_paused_until = 0
        self._guard_adj = guard_adjacency(data)
        self.lock_count = len(setup.locks)
        # which room holds which blank note
        self.blank_in_room = {room: n for n, room in setup.blanks.items()}
        self._schedule_clock()

    # ------------------------------------------------------------------ helpers
    def emit(self, type_: str, **fields: Any) -> None:
        """A structured event of the spec's event stream."""
        self._emit(type_, **fields)

    def note(self, key: str, **params: Any) -> None:
        """Something the pen only says (no structured event): the session renders phrase ``key``."""
        self._emit("say", key=key, **params)

    def _at(self, t_ms: int, order: tuple, fn: Callable[[], None]) -> Timer:
        def run() -> None:
            self.now = t_ms
            if self.outcome is None:
                fn()
        return self.scheduler.at(t_ms, order, run)

    def _colour_index(self, colour: str) -> int:
        return self.data.colours.index(colour)

    def units_for(self, p: Player, action_spec_id: str) -> int:
        spec = self.data.actions[action_spec_id]
        if spec.ability and p.abilities.get(spec.ability) == "upgraded" and spec.upgraded:
            return spec.upgraded
        return spec.basic

    def lock_locked(self, door: frozenset) -> bool:
        return door in self._locked_doors

    def _open_lock(self, n: int) -> None:
        self.opened_locks.add(n)
        self._locked_doors = {d for k, d in self.setup.locks.items() if k not in self.opened_locks}

    def passable_for_move(self, c: Connection) -> bool:
        if c.kind == "vault_door":
            return self.vault_open
        if c.kind == "door":
            return c.door not in self._locked_doors
        return True

    def run_path(self, here: str, goal: str) -> list[str] | None:
        """The runner's path of at most two steps, by the tie rule: the first-listed passable
        connection that lies on a shortest path (direct if the goal is next door)."""
        adj = self.data.walk_adjacency
        passable = self.passable_for_move
        firsts = [c for c in adj[here] if passable(c)]
        if any(c.other(here) == goal for c in firsts):
            return [goal]
        for c in firsts:
            mid = c.other(here)
            if any(c2.other(mid) == goal and passable(c2) for c2 in adj[mid]):
                return [mid, goal]
        return None

    def climb_connections(self, p: Player) -> list[Connection]:
        conns = list(self.data.climb_connections)
        for pid in p.forged:
            plan = self.data.plans[pid]
            if plan.kind == "climb" and plan.connection:
                conns.append(Connection("climb", *plan.connection))
        return conns

    def alarm_in(self, room: str) -> str | None:
        for k, (corridor, _) in self.active_alarms.items():
            if corridor == room:
                return k
        return None

    def lock_being_opened(self, n: int, by: str) -> bool:
        return any(q.running and q.colour != by and q.running.detail.get("lock") == n
                   for q in self.players.values())

    # ------------------------------------------------------------------ the clock
    def _schedule_clock(self) -> None:
        a = self.data.announcements
        unit = self.unit_ms
        marks: list[int] = []
        for r in range(self.limit_units - 1, 0, -1):
            if (r > a["last_window"] and r % a["every"] == 0) or (r <= a["last_window"] and r % a["last_every"] == 0) or r == 1:
                marks.append(r * unit)
        for s in a["final_countdown"]:
            # scaled with the unit, but said in whole seconds only: at a short demo unit the
            # countdown shrinks to the seconds that are left, never "0,1 Sekunden" in a row
            left = math.floor(s * unit / 30 / 1000 + 0.5) * 1000
            if left >= 1000:
                marks.append(left)
        for left in sorted(set(marks), reverse=True):
            if 0 < left < self.limit_ms:
                self._at(self.origin + self.limit_ms - left, (ORDER_ANNOUNCE,), lambda left=left: self.emit("time_left", seconds=_secs(left)))
        self._at(self.origin + self.limit_ms, (ORDER_TIME_LIMIT,), lambda: self.end("lost", "time"))

    def end(self, result: str, reason: str, player: str | None = None) -> None:
        if self.outcome is not None:
            return
        self.outcome = (result, reason)
        self.phase = "over"
        fields: dict[str, Any] = {"result": result, "reason": reason}
        if player is not None:
            fields["player"] = player
        self.emit("game_over", **fields)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, colour: str) -> list[Action]:
        """Every (action, target) the player could start now without a refusal."""
        p = self.players[colour]
        if self.outcome is not None or p.running is not None:
            return []
        out = []
        for action, target in self._candidates(p):
            try:
                self._check(p, action, target)
            except Refusal:
                continue
            out.append(Action(action, target))
        return out

    def _candidates(self, p: Player):
        """Plausible (action, target) pairs; :meth:`_check` has the last word. Pre-filtering by
        phase, ability and room keeps ``legal_actions`` cheap (it runs on every decision)."""
        d = self.data
        ab = p.abilities
        acts = d.actions
        if self.phase in (acts["learn"].phase, acts["upgrade"].phase):
            for a in d.abilities:
                lvl = ab.get(a)
                if (lvl is None and self.basic_left[a] > 0) or (lvl == "basic" and self.upgraded_left[a] > 0):
                    yield "learn", f"skill:{a}"
        if self.phase == acts["forge"].phase:
            for pid in self.setup.plans:
                if pid not in self.plan_holder:
                    yield "learn", f"plan:{pid}"
        if self.phase in (acts["explore"].phase, acts["explore_general"].phase):
            if self._can(p, "explore"):
                for f in ("general",) + FIELDS:
                    yield "explore", f"explore:{f}"
        if p.room is not None:
            here = p.room
            adj = d.walk_adjacency[here]
            movers = [m for m in ("walk", "sneak") if self._can(p, m)]
            for c in adj:
                if self.passable_for_move(c):
                    for act in movers:
                        yield act, f"room:{c.other(here)}"
            if self._can(p, "run") and not p.last_was_run:
                near = []
                for c in adj:
                    if self.passable_for_move(c):
                        mid = c.other(here)
                        near.append(mid)
                        near.extend(c2.other(mid) for c2 in d.walk_adjacency[mid] if self.passable_for_move(c2))
                for r in dict.fromkeys(near):
                    if r != here:
                        yield "run", f"room:{r}"
            if self._can(p, "climb"):
                for c in self.climb_connections(p):
                    if here in (c.a, c.b):
                        yield "climb", f"room:{c.other(here)}"
            if self._can(p, "locks"):
                for n, door in self.setup.locks.items():
                    if here in door and n not in self.opened_locks:
                        yield "locks", f"lock:{n}"
            if self._can(p, "electronics"):
                for k, (_, console) in self.active_alarms.items():
                    if console == here:
                        yield "electronics", f"console:{k}"
            if self._can(p, "vault_digit") and here == d.vault_anteroom:
                yield "vault_digit", "vault_door"
            for pid in p.forged:
                if pid not in p.used_plans:
                    for t in self._plan_targets(pid):
                        yield f"plan:{pid}", t
            if self._can(p, "vault_combination") and here == d.vault_anteroom and not self.vault_open:
                for digits in permutations(range(10), 3):
                    yield "vault_combination", " ".join(f"digit:{x}" for x in digits)

    def _plan_targets(self, pid: str):
        plan = self.data.plans[pid]
        if plan.kind == "pause":
            yield f"plan:{pid}"
        elif plan.effect in ("open_lock_here", "open_lock_anywhere"):
            for n in range(1, self.lock_count + 1):
                yield f"lock:{n}"
        elif plan.effect == "alarm_off_anywhere":
            for k, (corridor, _) in self.active_alarms.items():
                yield f"alarm:{k}"
                yield f"room:{corridor}"
        elif plan.effect == "alarm_off_at_console":
            for k in self.active_alarms:
                yield f"console:{k}"

    # ------------------------------------------------------------------ checking
    def _check(self, p: Player, action: str, target: str) -> dict:
        """Validate an action; return what starting it needs. Raises Refusal; changes nothing."""
        d = self.data
        if self.outcome is not None:
            raise Refusal("game_over")
        if p.running is not None:
            raise Refusal("busy", action=p.running.action)
        kind, _, val = target.partition(":")
        if action == "learn":
            if kind == "plan":
                self._check_phase("forge")
            else:
                self._check_phase("upgrade" if kind == "skill" and p.abilities.get(val) == "basic" else "learn")
            if kind == "skill":
                ab = val
                if ab not in d.abilities:
                    raise Refusal("bad_target")
                lvl = p.abilities.get(ab)
                if lvl == "upgraded":
                    raise Refusal("already_upgraded", ability=ab)
                if lvl == "basic":
                    if self.upgraded_left[ab] <= 0:
                        raise Refusal("no_upgrade_piece", ability=ab)
                    return {"event_action": "learn", "spec": "upgrade", "ability": ab, "level": "upgraded",
                            "units": d.actions["upgrade"].basic}
                if self.basic_left[ab] <= 0:
                    raise Refusal("no_piece", ability=ab)
                return {"event_action": "learn", "spec": "learn", "ability": ab, "level": "basic",
                        "units": d.actions["learn"].basic}
            if kind == "plan":
                if val not in self.setup.plans:
                    raise Refusal("plan_not_in_game", plan=val)
                if val in self.plan_holder:
                    raise Refusal("plan_taken", plan=val)
                return {"event_action": "forge", "spec": "forge", "plan": val, "units": d.actions["forge"].basic}
            raise Refusal("bad_target")
        if action == "explore":
            self._check_phase("explore_general" if val == "general" else "explore")
            self._check_ability(p, "explore_general" if val == "general" else "explore")
            if kind != "explore" or val not in ("general",) + FIELDS:
                raise Refusal("bad_target")
            spec = "explore_general" if val == "general" else "explore"
            return {"event_action": "explore", "spec": spec, "field": val, "units": self.units_for(p, spec)}
        # the rest happens on the board: each action in the phase its data names (plans: execution)
        self._check_phase(action if action in d.actions else None)
        if action in MOVES:
            return self._check_move(p, action, kind, val)
        if action == "locks":
            self._check_ability(p, "locks")
            n = self._check_lock(p, kind, val, here_only=True)
            return {"event_action": "locks", "lock": n, "units": self.units_for(p, "locks")}
        if action == "electronics":
            self._check_ability(p, "electronics")
            k = self._check_console(p, kind, val)
            return {"event_action": "electronics", "alarm": k, "units": self.units_for(p, "electronics")}
        if action in ("vault_digit", "vault_combination"):
            self._check_ability(p, action)
            if p.room != d.vault_anteroom:
                raise Refusal("not_at_vault")
            if action == "vault_digit":
                if target != "vault_door":
                    raise Refusal("bad_target")
                return {"event_action": "vault_digit", "units": self.units_for(p, "vault_digit")}
            digits = target.split()
            if len(digits) != 3 or not all(x.startswith("digit:") and x[6:].isdigit() and len(x) == 7 for x in digits):
                raise Refusal("bad_target")
            if self.vault_open:
                raise Refusal("vault_already_open")
            return {"event_action": "vault_combination", "digits": [int(x[6:]) for x in digits],
                    "units": self.units_for(p, "vault_combination")}
        if action.startswith("plan:"):
            return self._check_plan(p, action[5:], target, kind, val)
        raise Refusal("bad_sequence")

    def _can(self, p: Player, spec_id: str) -> bool:
        """Whether the player has the ability the action needs (``actions.<id>.ability``)."""
        ab = self.data.actions[spec_id].ability
        return ab is None or ab in p.abilities

    def _check_ability(self, p: Player, spec_id: str) -> None:
        if not self._can(p, spec_id):
            raise Refusal("missing_ability", ability=self.data.actions[spec_id].ability)

    def _check_phase(self, spec_id: str | None) -> None:
        """Each action belongs to the phase its data names (``actions.<id>.phase``); using a plan
        belongs to the execution phase."""
        phase = self.data.actions[spec_id].phase if spec_id else "execution"
        if self.phase != phase:
            raise Refusal("wrong_phase")

    def _check_move(self, p: Player, action: str, kind: str, room: str) -> dict:
        d = self.data
        if p.room is None:
            raise Refusal("wrong_phase")  # no figure on the board before Go
        self._check_ability(p, action)
        if kind != "room" or room not in d.rooms:
            raise Refusal("bad_target")
        here = p.room
        if room == here:
            raise Refusal("already_there", room=room)
        units = self.units_for(p, action)
        if action == "climb":
            if not any(here in (c.a, c.b) and c.other(here) == room for c in self.climb_connections(p)):
                raise Refusal("no_climb", room=room)
            return {"event_action": "climb", "path": [room], "units": units}
        if action == "run":
            if p.last_was_run:
                raise Refusal("run_twice")
            path = self.run_path(here, room)
            if path is None:
                self._refuse_blocked_run(here, room)
            return {"event_action": "run", "path": path, "units": units}
        conn = next((c for c in d.walk_adjacency[here] if c.other(here) == room), None)
        if conn is None:
            raise Refusal("not_adjacent", room=room)
        if conn.kind == "vault_door" and not self.vault_open:
            raise Refusal("vault_closed")
        if conn.kind == "door" and self.lock_locked(conn.key()):
            raise Refusal("locked", room=room)
        return {"event_action": action, "path": [room], "units": units}

    def _refuse_blocked_run(self, here: str, goal: str) -> None:
        """Why a run finds no open path: the lock or the closed vault door on the first path of
        at most two steps (tie rule, every door counted open); ``too_far`` only when the goal
        is more than two steps away even with every door open."""
        adj = self.data.walk_adjacency
        for c in adj[here]:
            if c.other(here) == goal:
                self._raise_blocked(here, [c])
        for c in adj[here]:
            mid = c.other(here)
            for c2 in adj[mid]:
                if c2.other(mid) == goal:
                    self._raise_blocked(here, [c, c2])
        raise Refusal("too_far", room=goal)

    def _raise_blocked(self, here: str, conns: list[Connection]) -> None:
        room = here
        for c in conns:
            room = c.other(room)
            if not self.passable_for_move(c):
                if c.kind == "vault_door":
                    raise Refusal("vault_closed")
                raise Refusal("locked", room=room)  # the room behind the locked door

    def _lock_number(self, kind: str, val: str) -> int:
        if kind != "lock" or not val.isdigit() or not 1 <= int(val) <= self.lock_count:
            raise Refusal("bad_target")
        return int(val)

    def _check_lock(self, p: Player, kind: str, val: str, *, here_only: bool) -> int:
        n = self._lock_number(kind, val)
        if n in self.opened_locks:
            raise Refusal("lock_open", lock=n)
        if here_only and p.room not in self.setup.locks[n]:
            raise Refusal("lock_not_here", lock=n)
        if self.lock_being_opened(n, p.colour):
            raise Refusal("lock_busy", lock=n)
        return n

    def _check_console(self, p: Player, kind: str, val: str) -> str:
        if kind != "console" or val not in LETTERS[:len(self.setup.alarms)]:
            raise Refusal("bad_target")
        if val not in self.active_alarms:
            raise Refusal("alarm_already_off", alarm=val)
        if p.room != self.setup.alarms[val][1]:
            raise Refusal("not_at_console", alarm=val)
        if any(q.running and q.colour != p.colour and q.running.detail.get("alarm") == val
               for q in self.players.values()):
            raise Refusal("alarm_busy", alarm=val)
        return val

    def _check_plan(self, p: Player, pid: str, target: str, kind: str, val: str) -> dict:
        d = self.data
        if pid not in d.plans:
            raise Refusal("bad_target")
        if pid not in p.forged:
            raise Refusal("plan_not_forged", plan=pid)
        if pid in p.used_plans:
            raise Refusal("plan_used", plan=pid)
        plan = d.plans[pid]
        if plan.kind in ("start", "climb"):
            raise Refusal("plan_not_usable", plan=pid)
        base = {"event_action": "plan", "plan": pid, "units": plan.units}
        if plan.kind == "pause":
            if target != f"plan:{pid}":
                raise Refusal("bad_target")
            if plan.room and p.room != plan.room:
                raise Refusal("plan_wrong_room", plan=pid, room=plan.room)
            return base
        if plan.effect in ("open_lock_here", "open_lock_anywhere"):
            n = self._check_lock(p, kind, val, here_only=plan.effect == "open_lock_here")
            return {**base, "lock": n}
        if plan.effect == "alarm_off_anywhere":
            k = None
            if kind == "alarm" and val in self.setup.alarms:
                k = val
            elif kind == "room":
                k = next((a for a, (c, _) in self.setup.alarms.items() if c == val), None)
                if k is None:
                    raise Refusal("no_alarm_there", room=val)
            else:
                raise Refusal("bad_target")
            if k not in self.active_alarms:
                raise Refusal("alarm_already_off", alarm=k)
            return {**base, "alarm": k}
        if plan.effect == "alarm_off_at_console":
            k = self._check_console(p, kind, val)
            return {**base, "alarm": k}
        raise Refusal("bad_target")

    # ------------------------------------------------------------------ starting
    def start_action(self, colour: str, action: str, target: str) -> None:
        """Start ``action`` (``walk`` … ``explore``, ``learn``, or ``plan:<id>``) on ``target``
        (a tap id, or three ``digit:`` ids joined by spaces). Raises :class:`Refusal`."""
        p = self.players[colour]
        info = self._check(p, action, target)
        ev_action = info["event_action"]
        # a hidden player who starts any action in the guard's room is discovered
        discovered = self.phase == "execution" and p.hidden and p.room == self.guard_room
        p.hidden = False
        p.last_was_run = ev_action == "run"
        units = info["units"]
        end = self.now + units * self.unit_ms
        detail = {k: v for k, v in info.items() if k not in ("event_action", "units")}
        timer = self._at(end, (ORDER_COMPLETION, self._colour_index(colour)), lambda: self._complete(colour))
        p.running = Running(ev_action, target, units, self.now, end, timer, detail)
        # pieces are taken and plans reserved when the action starts
        if ev_action == "learn":
            pool = self.upgraded_left if info["level"] == "upgraded" else self.basic_left
            pool[info["ability"]] -= 1
        elif ev_action == "forge":
            self.plan_holder[info["plan"]] = colour
        elif ev_action == "explore":
            detail["items"] = self._choose_explore_items(info["field"])
        elif ev_action == "plan":
            p.used_plans.add(info["plan"])
        self.emit("action_started", player=colour, action=ev_action, target=target, units=units)
        if discovered:
            self.end("lost", "discovered", colour)
            return
        if ev_action in MOVES:
            if ev_action == "sneak":
                p.hidden = True
            for room in info["path"]:
                p.room = room
                if self.alarm_in(room):
                    self.end("lost", "alarm", colour)
                    return
                if room == self.guard_room and not p.hidden:
                    self.end("lost", "guard", colour)
                    return

    def _choose_explore_items(self, field_name: str) -> list[tuple[str, Any]]:
        unknown = [(f, item) for f in FIELDS for item in self.field_items(f) if item not in self.revealed[f]]
        if field_name == "general":
            k = min(self.data.hidden["explore_general"], len(unknown))
            picks = self.rng.sample(range(len(unknown)), k)
            return [unknown[i] for i in sorted(picks)]
        return [fi for fi in unknown if fi[0] == field_name][: self.data.hidden["explore_per_field"]]

    def field_items(self, field_name: str) -> list:
        if field_name == "locks":
            return list(range(2, self.lock_count + 1))
        if field_name == "waypoints":
            return list(LETTERS[: len(self.setup.waypoints)])
        if field_name == "alarms":
            return sorted(self.setup.alarms)
        return sorted(self.setup.blanks)

    def where(self, field_name: str, item) -> Any:
        if field_name == "locks":
            return list(self.setup.lock_doors[item])
        if field_name == "waypoints":
            return self.setup.waypoints[LETTERS.index(item)]
        if field_name == "alarms":
            corridor, console = self.setup.alarms[item]
            return {"corridor": corridor, "console": console}
        return self.setup.blanks[item]

    # ------------------------------------------------------------------ completing
    def _complete(self, colour: str) -> None:
        p = self.players[colour]
        run = p.running
        p.running = None
        det = run.detail
        self.emit("action_finished", player=colour, action=run.action, target=run.target)
        a = run.action
        if a == "learn":
            p.abilities[det["ability"]] = det["level"]
        elif a == "forge":
            p.forged.append(det["plan"])
        elif a == "explore":
            for f, item in det["items"]:
                self.revealed[f].add(item)
                self.emit("revealed", player=colour, field=f, item=item, where=self.where(f, item))
            if not det["items"]:
                self.note("explore.nothing_new", player=colour, field=det["field"])
        elif a in MOVES:
            room = p.room
            if self.phase == "execution" and room in self.blank_in_room:
                n = self.blank_in_room[room]
                self.found_blanks.add(n)
                self.emit("blank", player=colour, digit=self.setup.blank_digits[n], room=room)
            if room == self.data.vault and self._all_in_vault():
                self.end("won", "vault")
        elif a == "locks" or (a == "plan" and "lock" in det):
            self._open_lock(det["lock"])
            self.emit("lock_opened", player=colour, lock=det["lock"])
        elif a == "electronics" or (a == "plan" and "alarm" in det):
            if det["alarm"] in self.active_alarms:
                del self.active_alarms[det["alarm"]]
                self.emit("alarm_off", player=colour, alarm=det["alarm"])
        elif a == "vault_digit":
            self.first_digit_known = True
            self.emit("first_digit", player=colour, digit=self.setup.combination[0])
        elif a == "vault_combination":
            ok = det["digits"] == list(self.setup.combination)
            if ok:
                self.vault_open = True
            self.emit("vault", player=colour, opened=ok)
        elif a == "plan":
            plan = self.data.plans[det["plan"]]
            if plan.kind == "pause":
                self._pause_guard(plan.pause_units)
                self.note("plan.guard_paused", player=colour, units=plan.pause_units)

    def _all_in_vault(self) -> bool:
        return all(q.room == self.data.vault and (q.running is None or q.running.action not in MOVES)
                   for q in self.players.values())

    # ------------------------------------------------------------------ Go and the guard
    def go(self) -> None:
        if self.outcome is not None:
            raise Refusal("game_over")
        if self.phase != "preparation":
            raise Refusal("already_go")
        for colour in self.colour_order:
            p = self.players[colour]
            if p.running is not None:
                self.scheduler.cancel(p.running.timer)
                self.emit("action_aborted", player=colour, action=p.running.action, target=p.running.target)
                p.running = None
        self.phase = "execution"
        self.emit("phase", name="execution")
        start_rooms = {}
        for colour in self.colour_order:
            p = self.players[colour]
            room = self.data.start_room
            plan = next((self.data.plans[x] for x in p.forged if self.data.plans[x].kind == "start"), None)
            if plan is not None and (plan.needs is None or plan.needs in p.abilities):
                room = plan.room
            p.room = room
            start_rooms[colour] = room
            self.note("go.start_room", player=colour, room=room)
        for colour in self.colour_order:
            if self.alarm_in(self.players[colour].room):
                self.end("lost", "alarm", colour)
                return
        self.guard_room = self.data.guard_start
        self.guard_target = 0
        self._skip_reached_waypoints()
        self.guard_timer = self._at(self.now + self.guard_step_ms, (ORDER_GUARD,), self._guard_step)

    def _skip_reached_waypoints(self) -> None:
        # a waypoint the guard already stands on counts as reached
        wps = self.setup.waypoints
        for _ in range(len(wps)):
            if wps[self.guard_target] == self.guard_room:
                self.guard_target = (self.guard_target + 1) % len(wps)
            else:
                break

    def guard_next_room(self) -> str:
        goal = self.setup.waypoints[self.guard_target]
        path = shortest_path(self.guard_room, goal, self._guard_adj, lambda c: True)
        return path[0] if path else self.guard_room

    def guard_route(self, steps: int) -> list[str]:
        """The guard's next ``steps`` rooms (director view), without changing anything."""
        room, target, out = self.guard_room, self.guard_target, []
        wps = self.setup.waypoints
        for _ in range(steps):
            path = shortest_path(room, wps[target], self._guard_adj, lambda c: True)
            room = path[0] if path else room
            out.append(room)
            while wps[target] == room:
                target = (target + 1) % len(wps)
        return out

    def _guard_step(self) -> None:
        room = self.guard_next_room()
        self.guard_room = room
        self._skip_reached_waypoints()
        self.emit("guard", room=room)
        for colour in self.colour_order:
            p = self.players[colour]
            if p.room == room and not p.hidden:
                self.end("lost", "guard", colour)
                return
        nxt = max(self.now + self.guard_step_ms, self.guard_paused_until)
        self.guard_timer = self._at(nxt, (ORDER_GUARD,), self._guard_step)

    def _pause_guard(self, units: int) -> None:
        """The guard stands still for ``units`` from now: its next step moves to now + units."""
        self.guard_paused_until = max(self.guard_paused_until, self.now + units * self.unit_ms)
        if self.guard_timer is not None and self.guard_timer.t_ms < self.guard_paused_until:
            self.scheduler.cancel(self.guard_timer)
            self.guard_timer = self._at(self.guard_paused_until, (ORDER_GUARD,), self._guard_step)

    # ------------------------------------------------------------------ state
    def state(self, *, director: bool = False) -> dict[str, Any]:
        """What the table shows (and, with ``director``, what it hides)."""
        s: dict[str, Any] = {
            "t": _secs(self.now - self.origin), "phase": self.phase,
            "outcome": list(self.outcome) if self.outcome else None,
            "time_left": _secs(max(0, self.origin + self.limit_ms - self.now)),
            "players": {c: {"character": p.character, "abilities": dict(p.abilities), "room": p.room,
                            "hidden": p.hidden, "forged": list(p.forged), "used_plans": sorted(p.used_plans),
                            "busy": p.running is not None}
                        for c, p in self.players.items()},
            "guard": self.guard_room if self.phase != "preparation" else self.data.guard_start,
            "plans": list(self.setup.plans),
            "opened_locks": sorted(self.opened_locks),
            "alarms_off": sorted(set(self.setup.alarms) - set(self.active_alarms)),
            "vault_open": self.vault_open,
            "revealed": {f: {str(i): self.where(f, i) for i in sorted(items, key=str)} for f, items in self.revealed.items()},
            "ruled_out": sorted(self.setup.blank_digits[n] for n in self.found_blanks),
            "first_digit": self.setup.combination[0] if self.first_digit_known else None,
            "pieces_left": {"basic": dict(self.basic_left), "upgraded": dict(self.upgraded_left)},
        }
        if director:
            s["director"] = {
                "guard_next": self.guard_route(4) if self.phase == "execution" else [],
                "running": {c: {"action": p.running.action, "target": p.running.target,
                                "left": _secs(p.running.end_ms - self.now)}
                            for c, p in self.players.items() if p.running},
                "hidden_setup": self.setup.to_dict(),
            }
        return s


def _secs(t_ms: int):
    return t_ms // 1000 if t_ms % 1000 == 0 else t_ms / 1000
