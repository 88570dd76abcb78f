"""Bots that play Der Millionen-Coup the way a sensible family would: without the director's
knowledge, only with what the table shows (what explores revealed, the guard's room as the pen
announces it, which locks and alarms are open or off, the notes' digits as they are found, the
vault's first digit) and what a refused move teaches (a door that turned out to be locked).

Every bot drives the one rules engine through :class:`~tiptoi_sim.analysis.runner.Sim`; a move
the engine refuses costs nothing and is remembered. Bots are deterministic.

``family`` (the default):
- Preparation: the player with Explore (or, without one, the first player, who learns it and
  then leaves the locks to be found on the way)
  explores alarms, locks, the notes and the guard's waypoints, upgrading Explore first when the
  list is long; the others learn what the team lacks (vault, locks, electronics). Go when the
  explorer is done or the preparation budget is spent.
- Execution: everyone keeps away from the guard (his room and his next two rooms, traced from
  the waypoints when they are known; otherwise every room within two steps of him) and leaves a
  dead end in time; nobody enters a corridor known to hold an active alarm. The locks player
  opens the locked doors on the team's cheapest way to the vault (a locked door costs its
  opening, an alarm's corridor the way to its console), the electronics player switches off the
  alarms on it, the vault player asks for the first digit; the others collect the notes (shared
  out) while more than two combinations remain, then the vault player tries those that remain.
  While a door on the way is still locked, players come as near as the open doors allow. When
  the vault is open, everyone goes in.

``hasty``: the same family, but it does not explore the locks (it finds them by bumping into them)
and goes at the latest after 13 units.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import permutations

from tiptoi_sim.analysis.runner import Refusal, Sim
from tiptoi_sim.millionen_coup.data import GameData
from tiptoi_sim.millionen_coup.game import Game

BOTS = ("family", "hasty")


@dataclass
class GameResult:
    seed: int
    result: str          # won | lost
    reason: str          # vault | guard | alarm | discovered | time
    finish_ms: int       # game-clock time of the end
    go_ms: int | None    # game-clock time of Go


class Knowledge:
    """What the family knows at this moment (table-visible state plus its own memory)."""

    def __init__(self, game: Game, memory: "Memory", *, full: bool = False):
        self.game = game
        self.memory = memory
        d = game.data
        if full:
            self._full(game)
            return
        self.locked_doors: dict[frozenset, int | None] = {}
        for n in game.revealed["locks"]:
            if n not in game.opened_locks:
                self.locked_doors[frozenset(game.where("locks", n))] = n
        if 1 not in game.opened_locks:
            self.locked_doors[d.entrance] = 1
        for door in memory.refused_doors:
            if door not in self.locked_doors and not memory.opened_door(game, door):
                self.locked_doors[door] = None
        self.alarm_rooms: dict[str, str] = {}       # corridor -> alarm letter (active, known)
        self.consoles: dict[str, str] = {}          # alarm letter -> console room
        for k in game.revealed["alarms"]:
            if k in game.active_alarms:
                w = game.where("alarms", k)
                self.alarm_rooms[w["corridor"]] = k
                self.consoles[k] = w["console"]
        self.alarms_known = len(game.revealed["alarms"]) == len(game.setup.alarms)
        self.blank_rooms = {game.where("blanks", n) for n in game.revealed["blanks"]} - memory.visited_blank_rooms
        ruled = frozenset(game.setup.blank_digits[n] for n in game.found_blanks)
        first = game.setup.combination[0] if game.first_digit_known else None
        self.first = first
        self.candidates = memory.candidates(ruled, first)
        self.waypoints_known = len(game.revealed["waypoints"]) == len(game.setup.waypoints)

    def _full(self, game: Game) -> None:
        """The director's knowledge: the whole hidden setup (for the solver's rollouts only)."""
        self.locked_doors = {door: n for n, door in game.setup.locks.items() if n not in game.opened_locks}
        self.alarm_rooms = {corr: k for k, (corr, _) in game.active_alarms.items()}
        self.consoles = {k: console for k, (_, console) in game.active_alarms.items()}
        self.alarms_known = True
        self.blank_rooms = set()
        self.first = game.setup.combination[0]
        comb = tuple(game.setup.combination)
        self.candidates = [] if comb in self.memory.tried else [comb]
        self.waypoints_known = True

    def threat(self, units: int = 1) -> set[str]:
        """Rooms the guard is in or may enter in the next ``units`` steps."""
        g = self.game
        if g.phase != "execution":
            return set()
        key = (g.guard_room, g.guard_target if self.waypoints_known else None, units)
        cached = self.memory.threats.get(key)
        if cached is not None:
            return cached
        out = {g.guard_room}
        if self.waypoints_known:
            out |= set(g.guard_route(units))     # the family can trace his round from the waypoints
        else:
            frontier = {g.guard_room}
            for _ in range(units):
                frontier = {c.other(r) for r in frontier for c in g.data.walk_adjacency[r]} - out
                out |= frontier
        self.memory.threats[key] = out
        return out


class Memory:
    def __init__(self) -> None:
        self.refused_doors: set[frozenset] = set()
        self.visited_blank_rooms: set[str] = set()
        self.tried: set[tuple] = set()
        self.failed_locks: dict[frozenset, set[int]] = {}
        self._cands: dict = {}
        self.claims: dict[str, str] = {}
        self.threats: dict[tuple, set[str]] = {}
        self.needed: dict[tuple, tuple] = {}
        self.reach: dict[tuple, set[str]] = {}     # the guard's round is fixed: predictions repeat

    def candidates(self, ruled: frozenset, first: int | None) -> list[tuple]:
        """The combinations still possible and not yet tried."""
        key = (ruled, first, len(self.tried))
        if key not in self._cands:
            digits = [x for x in range(10) if x not in ruled]
            self._cands = {key: [c for c in permutations(digits, 3)
                                 if (first is None or c[0] == first) and c not in self.tried]}
        return self._cands[key]

    @staticmethod
    def opened_door(game: Game, door: frozenset) -> bool:
        return not game.lock_locked(door)


class FamilyBot:
    """The ``family`` bot (see the module docstring)."""

    def __init__(self, data: GameData, *, explore_fields: tuple[str, ...] = ("alarms", "alarms", "locks", "locks",
                 "locks", "blanks", "blanks", "blanks", "blanks", "waypoints", "waypoints", "waypoints"),
                 prep_budget_units: int = 16, lookahead: int = 2):
        self.data = data
        self.lookahead = lookahead
        self.explore_fields = explore_fields
        self.prep_budget = prep_budget_units
        self.memory = Memory()
        self.explored = 0
        self.explorer: str | None = None
        self.full = False

    def know(self, g: Game) -> Knowledge:
        return Knowledge(g, self.memory, full=self.full)

    # ------------------------------------------------------------------ the game loop
    def play(self, sim: Sim) -> None:
        g = sim.game
        while not sim.over:
            if g.phase == "preparation":
                self.prep_turn(sim)
            elif g.phase == "execution":
                for c in list(g.colour_order):
                    if sim.over:
                        break
                    if g.players[c].running is None:
                        self.exec_turn(sim, c)
            if sim.over:
                break
            nd = sim.next_deadline()
            if nd is None:
                break
            # decide again at the next instant, and at least once every unit
            sim.advance(min(nd, g.now + g.unit_ms) if g.phase == "execution" else nd)

    # ------------------------------------------------------------------ preparation
    def prep_turn(self, sim: Sim) -> None:
        g = sim.game
        ps = g.players
        if self.explorer is None:
            self.explorer = next((c for c, p in ps.items() if "explore" in p.abilities), None)
            if self.explorer is None:
                first = g.colour_order[0]
                if self._try(sim, first, "learn", "skill:explore"):
                    self.explorer = first
                    # learning Explore first costs time: leave the locks to be found on the way
                    self.explore_fields = tuple(f for f in self.explore_fields if f != "locks")
                    return
        team = set()
        for p in ps.values():
            team |= set(p.abilities)
        learning = {p.running.detail.get("ability") for p in ps.values() if p.running}
        want = [a for a in ("vault", "locks", "electronics") if a not in team and a not in learning]
        for c in g.colour_order:
            p = ps[c]
            if p.running is not None:
                continue
            if c == self.explorer and "explore" in p.abilities:
                left = len(self.explore_fields) - self.explored
                if left > 4 and p.abilities["explore"] == "basic" and g.upgraded_left["explore"] > 0 \
                        and self._try(sim, c, "learn", "skill:explore"):
                    continue
                while self.explored < len(self.explore_fields):
                    f = self.explore_fields[self.explored]
                    self.explored += 1
                    if self._field_done(g, f):
                        continue
                    if self._try(sim, c, "explore", f"explore:{f}"):
                        break
                continue
            if want:
                if self._try(sim, c, "learn", f"skill:{want[0]}"):
                    want.pop(0)
        explorer_done = self.explorer is None or self.explored >= len(self.explore_fields)
        elapsed_units = (g.now - g.origin) // g.unit_ms
        if (explorer_done and all(p.running is None for p in ps.values())) or elapsed_units >= self.prep_budget:
            if all(p.running is None for p in ps.values()) or elapsed_units >= self.prep_budget:
                sim.go()

    @staticmethod
    def _field_done(g: Game, f: str) -> bool:
        return all(i in g.revealed[f] for i in g.field_items(f))

    def _try(self, sim: Sim, colour: str, action: str, target: str) -> bool:
        try:
            sim.start(colour, action, target)
            return True
        except Refusal as r:
            if r.reason == "locked" and action in ("walk", "sneak") and target.startswith("room:"):
                # (a run names a room two steps away: its refusal does not say which door)
                here = sim.game.players[colour].room
                self.memory.refused_doors.add(frozenset((here, target[5:])))
            return False

    # ------------------------------------------------------------------ execution
    def exec_turn(self, sim: Sim, c: str) -> None:
        g = sim.game
        p = g.players[c]
        k = self.know(g)
        threat = k.threat(self.lookahead)        # keep a step ahead of the guard
        here = p.room
        d = self.data
        if here == d.vault:
            return
        if here in k.blank_rooms:
            self.memory.visited_blank_rooms.add(here)
            k.blank_rooms.discard(here)
        if g.vault_open:
            self._go_towards(sim, c, k, {d.vault}, threat)
            return
        exits = [c2 for c2 in d.walk_adjacency[here] if c2.kind != "vault_door" and c2.other(here) not in k.alarm_rooms]
        if here in k.threat(1) or (len(exits) <= 1 and here in k.threat(4)):
            # he comes next, or towards a dead end: leave now
            if self._flee(sim, c, k, threat):
                return
        # an obstacle this player can remove right here, if the guard stays away meanwhile
        def safe_for(action_id: str) -> bool:
            return here not in k.threat(g.units_for(p, action_id))

        need_doors, need_alarms = self._needed(k)
        if "locks" in p.abilities and safe_for("locks"):
            for door, n in k.locked_doors.items():
                if here in door and door in need_doors:
                    if self._open_lock(sim, c, door, n):
                        return
        if "electronics" in p.abilities and safe_for("electronics"):
            for x, console in k.consoles.items():
                if console == here and x in need_alarms:
                    if self._try(sim, c, "electronics", f"console:{x}"):
                        return
        if "vault" in p.abilities and here == d.vault_anteroom and safe_for("vault_combination"):
            if len(k.candidates) <= 2 or (k.first is not None and (len(k.candidates) <= 6 or not self._blanks_reachable(g, k))):
                for cand in k.candidates:
                    self.memory.tried.add(cand)
                    if self._try(sim, c, "vault_combination", " ".join(f"digit:{x}" for x in cand)):
                        return
            if k.first is None and safe_for("vault_digit") and self._try(sim, c, "vault_digit", "vault_door"):
                return
        # where to go: the first kind of goal that can be reached (ignoring the guard)
        obstacles: set[str] = set()
        if "locks" in p.abilities:
            for door in need_doors:
                obstacles |= set(door)
        if "electronics" in p.abilities:
            for x in need_alarms:
                obstacles.add(k.consoles[x])
        choices = [obstacles]
        if "vault" in p.abilities and k.first is None:
            choices.append({d.vault_anteroom})      # ask for the first digit while others search
        if len(k.candidates) > 2 and k.blank_rooms:
            # the notes still to find, shared out: not the one a team mate is heading for
            claimed = {r for col, r in self.memory.claims.items() if col != c}
            choices.append(set(k.blank_rooms) - claimed)
            choices.append(set(k.blank_rooms))
        choices.append({d.vault_anteroom})
        goals: set[str] = set()
        reach = self._reach_from(g, k, here)
        for option in choices:
            if option and (here in option or option & reach):
                goals = option
                break
        if not goals:
            goals = {d.vault_anteroom}
        if here in goals and here in threat:
            goals = goals - {here}
        if here in goals:
            if here in k.threat(4) and (len(exits) <= 1 or here in threat):
                self._flee(sim, c, k, threat)   # a dead end or his next rooms: leave in time
            return
        self._go_towards(sim, c, k, goals, threat)

    def _blanks_reachable(self, g: Game, k: Knowledge) -> bool:
        return any(k.blank_rooms & self._reach_from(g, k, q.room) for q in g.players.values()) if k.blank_rooms else False

    def _reach_from(self, g: Game, k: Knowledge, here: str) -> set[str]:
        """Rooms the family can walk to from ``here`` (guard ignored), cached per situation."""
        key = (here, tuple(k.locked_doors), tuple(k.alarm_rooms), g.vault_open)
        hit = self.memory.reach.get(key)
        if hit is None:
            hit = self.memory.reach[key] = set(self._path_tree(g, k, here))
        return hit

    def _path_tree(self, g: Game, k: Knowledge, start: str) -> dict:
        prev = {start: None}
        q = deque([start])
        while q:
            r = q.popleft()
            for c in self.data.walk_adjacency[r]:
                n = c.other(r)
                if n in prev or n in k.alarm_rooms:
                    continue
                if c.kind == "vault_door" and not g.vault_open:
                    continue
                if c.kind == "door" and c.door in k.locked_doors:
                    continue
                prev[n] = r
                q.append(n)
        return prev

    def _needed(self, k: Knowledge, assume_all: bool = False) -> tuple[set[frozenset], set[str]]:
        """The known locked doors and active alarms on the team's way: the cheapest route from
        the players to the vault anteroom in which a locked door costs the time to open it and
        an alarm's corridor the time to reach and use its console; then the same for the way
        to each console that is needed. Returns (doors, alarm letters)."""
        g = k.game
        starts = [p.room or self.data.start_room for p in g.players.values()]
        key = (tuple(starts), tuple(k.locked_doors), tuple(k.alarm_rooms), g.vault_open, assume_all)
        hit = self.memory.needed.get(key)
        if hit is not None:
            return hit
        team = set()
        for p in g.players.values():
            team |= set(p.abilities)
        doors: set[frozenset] = set()
        alarms: set[str] = set()
        targets = [self.data.vault_anteroom]
        seen_targets = set()
        while targets:
            goal = targets.pop()
            if goal in seen_targets:
                continue
            seen_targets.add(goal)
            path = self._weighted_path(k, starts, goal, assume_all or "locks" in team, assume_all or "electronics" in team)
            for conn, room in path or ():
                if conn.kind == "door" and conn.door in k.locked_doors:
                    doors.add(conn.door)
                x = k.alarm_rooms.get(room)
                if x is not None and x not in alarms:
                    alarms.add(x)
                    targets.append(k.consoles[x])
        self.memory.needed[key] = (doors, alarms)
        return doors, alarms

    def _weighted_path(self, k: Knowledge, starts, goal: str, can_lock: bool, can_switch: bool):
        import heapq
        g = k.game
        best = {s: 0 for s in starts}
        prev: dict = {}
        q = [(0, s) for s in starts]
        heapq.heapify(q)
        while q:
            t, r = heapq.heappop(q)
            if r == goal:
                out = []
                while r in prev:
                    conn, pr = prev[r]
                    out.append((conn, r))
                    r = pr
                return out[::-1]
            if t > best.get(r, 1 << 30):
                continue
            for conn in self.data.walk_adjacency[r]:
                n = conn.other(r)
                cost = 1
                if conn.kind == "vault_door" and not g.vault_open:
                    continue
                if conn.kind == "door" and conn.door in k.locked_doors:
                    if not can_lock:
                        continue
                    cost += 4
                if n in k.alarm_rooms:
                    if not can_switch:
                        continue
                    cost += 8
                if t + cost < best.get(n, 1 << 30):
                    best[n] = t + cost
                    prev[n] = (conn, r)
                    heapq.heappush(q, (t + cost, n))
        return None

    def _open_lock(self, sim: Sim, c: str, door: frozenset, n: int | None) -> bool:
        if n is not None:
            return self._try(sim, c, "locks", f"lock:{n}")
        tried = self.memory.failed_locks.setdefault(door, set())
        for m in range(1, sim.game.lock_count + 1):
            if m in tried:
                continue
            if self._try(sim, c, "locks", f"lock:{m}"):
                return True
            tried.add(m)
        return False

    def _path(self, g: Game, k: Knowledge, start: str, goals: set[str], avoid: set[str],
              through_locks: bool = False) -> list[str] | None:
        """Shortest walk over doors the family thinks open (or, ``through_locks``, over locked
        doors and the closed vault door too), around known alarms and ``avoid``."""
        prev = {start: None}
        q = deque([start])
        while q:
            r = q.popleft()
            if r in goals:
                path = []
                while r != start:
                    path.append(r)
                    r = prev[r]
                return path[::-1]
            for c in self.data.walk_adjacency[r]:
                n = c.other(r)
                if n in prev or n in k.alarm_rooms or n in avoid:
                    continue
                if c.kind == "vault_door" and not g.vault_open and not through_locks:
                    continue
                if c.kind == "door" and c.door in k.locked_doors and not through_locks:
                    continue
                prev[n] = r
                q.append(n)
        return None

    def _go_towards(self, sim: Sim, c: str, k: Knowledge, goals: set[str], threat: set[str]) -> None:
        g = sim.game
        p = g.players[c]
        here = p.room
        blocked = False
        for _attempt in range(4):              # a refused move teaches a locked door: plan again
            path = self._path(g, k, here, goals, threat)
            if not path:
                blocked = True
                break
            self.memory.claims[c] = path[-1]
            if len(path) >= 2 and "run" in p.abilities and not p.last_was_run and path[1] not in threat:
                if self._try(sim, c, "run", f"room:{path[1]}"):
                    return
            if self._try(sim, c, "walk", f"room:{path[0]}"):
                return
            k = self.know(g)
        if blocked and self._path(g, k, here, goals, set()) is None:
            # no open way yet (a lock or the vault door is still closed): come as near as the
            # open doors allow, so as to be there when it opens
            path = self._path(g, k, here, goals, threat, through_locks=True)
            if path:
                door = next((cn for cn in self.data.walk_adjacency[here] if cn.other(here) == path[0]), None)
                closed = door is not None and ((door.kind == "door" and door.door in k.locked_doors)
                                               or (door.kind == "vault_door" and not g.vault_open))
                if not closed and self._try(sim, c, "walk", f"room:{path[0]}"):
                    return
        # blocked by the guard: step aside if he is coming, else wait
        if here in threat:
            self._flee(sim, c, k, threat)

    def _flee(self, sim: Sim, c: str, k: Knowledge, threat: set[str]) -> bool:
        """Get out of the guard's way: walk towards the nearest room he will not reach in the
        next four steps, never through his room or his next one; sneak if there is no such way."""
        g = sim.game
        p = g.players[c]
        far = k.threat(4)
        near = k.threat(1)
        for avoid_end in (far, threat):
            path = self._path(g, k, p.room, set(self.data.rooms) - avoid_end - {p.room}, near)
            if path and self._try(sim, c, "walk", f"room:{path[0]}"):
                return True
        if "sneak" in p.abilities:
            for conn in self.data.walk_adjacency[p.room]:
                n = conn.other(p.room)
                if n not in k.alarm_rooms and self._try(sim, c, "sneak", f"room:{n}"):
                    return True
        return False


class DirectorBot(FamilyBot):
    """Not a family: it knows the whole hidden setup (the combination too) and explores
    nothing. The solver plays it from every preparation it considers, as a quick first answer
    and an upper bound for its search; it is not one of the analysis bots."""

    def __init__(self, data: GameData, *, lookahead: int = 2, rng=None, wait_chance: float = 0.0):
        super().__init__(data, explore_fields=(), prep_budget_units=0, lookahead=lookahead)
        self.full = True
        self.rng = rng                  # a seeded random.Random: the solver's varied rollouts
        self.wait_chance = wait_chance

    def exec_turn(self, sim: Sim, c: str) -> None:
        # a varied rollout sometimes lets a unit pass: other timings dodge the guard differently
        if self.rng is not None and self.rng.random() < self.wait_chance:
            return
        super().exec_turn(sim, c)

    def prep_turn(self, sim: Sim) -> None:
        g = sim.game
        ps = g.players
        team = set()
        for p in ps.values():
            team |= set(p.abilities)
        doors, alarms = self._needed(self.know(g), assume_all=True)
        want = [a for a, need in (("vault", True), ("locks", bool(doors)), ("electronics", bool(alarms)))
                if need and a not in team]
        for c in g.colour_order:
            if want and ps[c].running is None and self._try(sim, c, "learn", f"skill:{want[0]}"):
                want.pop(0)
        if all(p.running is None for p in ps.values()):
            sim.go()


def make_bot(name: str, data: GameData) -> FamilyBot:
    if name == "family":
        return FamilyBot(data)
    if name == "hasty":
        return FamilyBot(data, explore_fields=("alarms", "alarms", "blanks", "blanks", "blanks", "blanks",
                                               "waypoints", "waypoints", "waypoints"), prep_budget_units=13)
    from tiptoi_sim.core.errors import UserError
    raise UserError(f"--bot {name}: unknown bot; expected one of {', '.join(BOTS)}")


def play_game(data: GameData, seed: int, players: dict[str, str], difficulty: str = "normal",
              bot: str = "family", *, record: bool = False) -> tuple[GameResult, Sim]:
    """One whole game of the bot on this seed; the result and the played game."""
    sim = Sim(data, seed, players, difficulty, record=record)
    make_bot(bot, data).play(sim)
    g = sim.game
    if g.outcome is None:           # nothing left to happen (cannot occur: the clock ends every game)
        g.end("lost", "time")
    go = next((s.t_ms for s in sim.steps if s.colour is None), None)
    return GameResult(seed, g.outcome[0], g.outcome[1], g.now - g.origin, go), sim
