"""Drive the rules engine directly in virtual time, the way a scenario file would, and write
what was done as a scenario that ``simulate`` replays.

:class:`Sim` wraps one :class:`~tiptoi_sim.millionen_coup.game.Game` on its own scheduler. Its
hidden setup and random generator are made exactly as :func:`run_scenario` makes them from the
seed (``draw_setup`` on ``random.Random(seed)``, then the same generator for the game), so the
steps a bot or the solver took, written as taps at their game-clock times, replay to the same
game. Steps happen after everything due at their instant, as taps do.

:meth:`Sim.copy` makes an independent copy of a running game for search. The engine keeps its
timed work as closures over the game on the scheduler; ``copy.deepcopy`` shares functions, so
the copy rebuilds each closure with its captured values taken from the same deep copy.
"""

from __future__ import annotations

import copy
import heapq
import random
import types
from dataclasses import dataclass
from typing import Any

from tiptoi_sim.core.scheduler import Scheduler
from tiptoi_sim.millionen_coup.data import GameData
from tiptoi_sim.millionen_coup.game import Game, Refusal
from tiptoi_sim.millionen_coup.setup import HiddenSetup, draw_setup

__all__ = ["Step", "Sim", "Refusal", "step_taps"]


@dataclass(frozen=True)
class Step:
    """One accepted tap sequence: at game time ``t_ms`` the player ``colour`` started ``action``
    (the engine API's id: ``walk`` … ``learn``, ``plan:<id>``) on ``target``; or Go (colour None)."""

    t_ms: int
    colour: str | None
    action: str
    target: str


def step_taps(step: Step) -> list[str]:
    """The pen's taps for a step (spec "Hotspots"): three taps, or five for a combination."""
    if step.colour is None:
        return ["go"]
    who = f"player:{step.colour}"
    if step.action == "learn":
        return [who, "learn", step.target]
    if step.action.startswith("plan:"):
        return [who, step.action, step.target]
    return [who, f"action:{step.action}", *step.target.split()]


def _noop(*_a: Any, **_k: Any) -> None:
    return None


_GUARD_STEPS: dict[tuple, tuple[str, int]] = {}
_NEXT_HOP: dict[tuple, str] = {}


class _Game(Game):
    """The engine's game with its guard's way memoised. The guard's next room and next waypoint
    depend only on his room, his next waypoint and the list of waypoints, so each step is
    computed once by the engine's own code (``Game.guard_next_room`` and the waypoint skipping)
    and then looked up, across all games of a process. Bulk analysis spent most of its time in
    the guard's shortest paths."""

    def _guard_step_from(self, room: str, target: int) -> tuple[str, int]:
        key = (self._waypoint_key, room, target)
        hit = _GUARD_STEPS.get(key)
        if hit is None:
            saved = (self.guard_room, self.guard_target)
            try:
                self.guard_room, self.guard_target = room, target
                goal = self.setup.waypoints[target]
                # Game.guard_next_room's answer depends on (room, goal) only: the guard's graph
                # is the same in every game, so one table serves all games of the process
                nxt = _NEXT_HOP.get((id(self.data), room, goal))
                if nxt is None:
                    nxt = _NEXT_HOP[(id(self.data), room, goal)] = Game.guard_next_room(self)
                self.guard_room = nxt
                self._skip_reached_waypoints()
                hit = (nxt, self.guard_target)
            finally:
                self.guard_room, self.guard_target = saved
            if len(_GUARD_STEPS) > 500_000:
                _GUARD_STEPS.clear()
            _GUARD_STEPS[key] = hit
        return hit

    @property
    def _waypoint_key(self) -> tuple:
        return tuple(self.setup.waypoints)

    def guard_next_room(self) -> str:
        return self._guard_step_from(self.guard_room, self.guard_target)[0]

    def guard_route(self, steps: int) -> list[str]:
        room, target, out = self.guard_room, self.guard_target, []
        for _ in range(steps):
            room, target = self._guard_step_from(room, target)
            out.append(room)
        return out


class Sim:
    """One game on the engine. ``record`` keeps the engine's events as ``(t_ms, type, fields)``."""

    def __init__(self, data: GameData, seed: int, players: dict[str, str], difficulty: str = "normal", *,
                 record: bool = False, unit_seconds: float | None = None):
        self.data = data
        self.seed = seed
        self.players = dict(players)
        self.difficulty = difficulty
        self.unit_seconds = unit_seconds or data.unit_seconds
        rng = random.Random(seed)
        self.setup: HiddenSetup = draw_setup(data, rng)
        self.scheduler = Scheduler()
        self.events: list[tuple[int, str, dict]] | None = [] if record else None
        self.game = _Game(data, self.setup, self.players, difficulty=difficulty, unit_seconds=unit_seconds,
                         rng=rng, scheduler=self.scheduler, emit=self._emit if record else _noop)
        self.steps: list[Step] = []
        if record:
            self.events.append((0, "phase", {"name": "preparation"}))

    def _emit(self, type_: str, **fields: Any) -> None:
        if type_ != "say":
            self.events.append((self.game.now, type_, fields))

    # ------------------------------------------------------------------ time
    @property
    def now(self) -> int:
        return self.game.now

    @property
    def unit_ms(self) -> int:
        return self.game.unit_ms

    @property
    def over(self) -> bool:
        return self.game.outcome is not None

    def advance(self, t_ms: int) -> None:
        """Run everything due up to and including ``t_ms``; afterwards it is ``t_ms`` (unless
        the game ended earlier)."""
        g = self.game
        self.scheduler.fire_due(t_ms, lambda: g.outcome is not None)
        if g.outcome is None:
            g.now = max(g.now, t_ms)

    def next_deadline(self) -> int | None:
        return self.scheduler.next_deadline()

    def step_to_next(self) -> None:
        """Advance to the next instant at which something is due."""
        nd = self.next_deadline()
        if nd is not None:
            self.advance(nd)

    # ------------------------------------------------------------------ acting
    def start(self, colour: str, action: str, target: str) -> None:
        """Start an action now (raises :class:`Refusal` and changes nothing if refused)."""
        self.game.start_action(colour, action, target)
        self.steps.append(Step(self.game.now, colour, action, target))

    def go(self) -> None:
        self.game.go()
        self.steps.append(Step(self.game.now, None, "go", "go"))

    def idle(self) -> list[str]:
        """Players with no action running, in colour order."""
        g = self.game
        return [c for c in g.colour_order if g.players[c].running is None]

    # ------------------------------------------------------------------ copies and output
    def copy(self, *, share_rng: bool = False) -> "Sim":
        """An independent copy. The game data, the hidden setup and (with ``share_rng``, for a
        search that never explores) the random generator are shared: they are never changed."""
        memo: dict[int, Any] = {id(self.data): self.data, id(self.setup): self.setup,
                                id(self.game._guard_adj): self.game._guard_adj}
        if share_rng:
            memo[id(self.game.rng)] = self.game.rng
        new = _Copier(memo).copy(self)
        new.scheduler._heap = [t for t in new.scheduler._heap if not t.cancelled]
        heapq.heapify(new.scheduler._heap)
        return new

    def scenario(self, *, until: str | int = "end") -> dict:
        """A scenario document (docs/scenarios.md) that replays these steps."""
        taps: list[dict] = []
        for st in self.steps:
            at = _secs(st.t_ms)
            if taps and taps[-1]["at"] == at:
                taps[-1]["tap"].extend(step_taps(st))
            else:
                taps.append({"at": at, "tap": step_taps(st)})
        setup = {"seed": self.seed, "difficulty": self.difficulty, "unit_seconds": _secs(round(self.unit_seconds * 1000)),
                 "players": dict(self.players)}
        return {"setup": setup, "taps": taps, "until": until}


def _secs(t_ms: int):
    return t_ms // 1000 if t_ms % 1000 == 0 else t_ms / 1000


class _Copier:
    """A deep copy for the engine's plain objects, much faster than ``copy.deepcopy``: strings,
    numbers, tuples and frozensets are immutable here and shared; dicts, lists and sets are
    copied; objects keep their identity through ``memo`` (a timer is both on the scheduler's heap
    and a player's running action; closures capture the game); a closure is rebuilt with its
    captured values copied the same way."""

    def __init__(self, memo: dict[int, Any]):
        self.memo = memo

    def copy(self, x: Any) -> Any:
        t = type(x)
        if t is str or t is int or t is tuple or t is frozenset or t is float or t is bool or x is None:
            return x
        if t is dict:
            return {k: self.copy(v) for k, v in x.items()}
        if t is list:
            return [self.copy(v) for v in x]
        if t is set:
            return set(x)
        m = self.memo.get(id(x))
        if m is not None:
            return m
        params = getattr(t, "__dataclass_params__", None)
        if params is not None and params.frozen:
            return x                    # frozen dataclasses (steps, connections) never change
        if t is types.FunctionType:
            return self._function(x)
        if t is types.MethodType:
            new = types.MethodType(x.__func__, self.copy(x.__self__))
        elif isinstance(x, random.Random):
            new = random.Random()
            new.setstate(x.getstate())
        elif hasattr(x, "__dict__"):
            new = object.__new__(t)
            self.memo[id(x)] = new
            for k, v in x.__dict__.items():
                setattr(new, k, self.copy(v))
            return new
        elif hasattr(t, "__slots__"):
            new = object.__new__(t)
            self.memo[id(x)] = new
            for k in t.__slots__:
                setattr(new, k, self.copy(getattr(x, k)))
            return new
        else:
            new = copy.deepcopy(x, self.memo)
        self.memo[id(x)] = new
        return new

    def _function(self, fn: types.FunctionType) -> types.FunctionType:
        if not fn.__closure__:
            return fn
        cells = []
        for cell in fn.__closure__:
            try:
                value = cell.cell_contents
            except ValueError:          # an empty cell
                cells.append(types.CellType())
                continue
            cells.append(types.CellType(self.copy(value)))
        new = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, tuple(cells))
        new.__kwdefaults__ = fn.__kwdefaults__
        self.memo[id(fn)] = new
        return new
