"""Benchmarks of the engine: whole random games in virtual time, and the real clock's
wake-up error. Figures are printed, never asserted (they depend on the machine)."""

from __future__ import annotations

import random
import statistics
import time

from tiptoi_sim.core.clock import RealClock
from tiptoi_sim.core.scheduler import Scheduler
from tiptoi_sim.millionen_coup.data import GameData
from tiptoi_sim.millionen_coup.game import Game
from tiptoi_sim.millionen_coup.setup import draw_setup


def random_game(data: GameData, seed: int, players: int = 4) -> tuple[int, str]:
    """One whole game where every idle player starts a random legal action and someone taps
    Go at a random time. Returns (number of events, the end reason)."""
    rng = random.Random(seed)
    scheduler = Scheduler()
    count = [0]

    def emit(type_: str, **fields) -> None:
        count[0] += 1

    setup = draw_setup(data, rng)
    chars = rng.sample(list(data.characters), players)
    game = Game(data, setup, dict(zip(data.colours, chars)), rng=rng, scheduler=scheduler, emit=emit)
    go_at = rng.randint(3, 30) * game.unit_ms
    while game.outcome is None:
        for colour in game.colour_order:
            if game.outcome is None and game.players[colour].running is None:
                actions = game.legal_actions(colour)
                if actions:
                    a = rng.choice(actions)
                    game.start_action(colour, a.action, a.target)
        if game.outcome is not None:
            break
        nd = scheduler.next_deadline()
        if game.phase == "preparation":
            if nd is None or go_at <= nd:
                game.now = max(game.now, go_at)
                game.go()
                continue
        game.now = nd
        scheduler.fire_due(nd, lambda: game.outcome is not None)
    return count[0], game.outcome[1]


def bench_games(data: GameData, seconds: float = 3.0, players: int = 4) -> dict:
    n = events = 0
    reasons: dict[str, int] = {}
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        e, reason = random_game(data, n, players)
        n += 1
        events += e
        reasons[reason] = reasons.get(reason, 0) + 1
    dt = time.perf_counter() - t0
    return {"games": n, "seconds": round(dt, 3), "games_per_second": round(n / dt, 1),
            "events_per_second": round(events / dt), "endings": reasons}


def bench_wakeups(count: int = 300, interval_ms: int = 7) -> dict:
    """Lateness of RealClock.wait against absolute deadlines (ms)."""
    clock = RealClock()
    errors = []
    start = clock.now() + 20
    for i in range(count):
        deadline = start + i * interval_ms
        while clock.wait(deadline) is not None:
            pass
        late_ns = (time.monotonic_ns() - clock._origin_ns) - deadline * 1_000_000
        errors.append(late_ns / 1e6)
    errors.sort()
    return {"wakeups": count, "median_ms": round(statistics.median(errors), 3),
            "p99_ms": round(errors[int(0.99 * (len(errors) - 1))], 3), "max_ms": round(errors[-1], 3)}
