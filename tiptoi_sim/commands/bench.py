"""``tiptoi-sim bench engine``: games per second in virtual time and the real clock's wake-up error."""

from __future__ import annotations

import json

from tiptoi_sim.core.numbers import option, parse_seconds, parse_whole

NAME = "bench"
ORDER = 70
HELP = "benchmarks: 'engine' plays random whole games in virtual time and times the real clock"


def add_arguments(p) -> None:
    p.add_argument("what", choices=["engine"], help="what to measure")
    p.add_argument("--seconds", type=option(parse_seconds, lo=0.1, hi=3600), default=5.0, help="how long to play games (default 5)")
    p.add_argument("--players", type=option(parse_whole, lo=1, hi=4), default=4, choices=[1, 2, 3, 4], help="players per game (default 4)")
    p.add_argument("--wakeups", type=option(parse_whole, lo=1, hi=100000), default=300, help="timed events for the real clock (default 300)")
    p.add_argument("--json", action="store_true", help="print JSON")


def run(args) -> int:
    from tiptoi_sim.millionen_coup.bench import bench_games, bench_wakeups
    from tiptoi_sim.millionen_coup.data import load_game_data

    data = load_game_data()
    games = bench_games(data, args.seconds, args.players)
    wake = bench_wakeups(args.wakeups)
    if args.json:
        print(json.dumps({"virtual_time": games, "real_clock": wake}))
    else:
        print(f"virtual time: {games['games']} random {args.players}-player games in {games['seconds']} s: "
              f"{games['games_per_second']} games/s, {games['events_per_second']} events/s")
        print(f"  endings: {games['endings']}")
        print(f"real clock: {wake['wakeups']} wake-ups, error median {wake['median_ms']} ms, "
              f"p99 {wake['p99_ms']} ms, max {wake['max_ms']} ms")
    return 0
