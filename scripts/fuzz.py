#!/usr/bin/env python3
"""Longer fuzz runs than the suite's (same checks, see tests/reliability/fuzzing.py), and the
YAML loader's time on hostile files. Prints its counts; exits 1 on the first failure, which it
prints with its seed and the commands that led to it (rerun with --from SEED to repeat it).

    scripts/fuzz.py                     # 2,000 pen games, 200 scripts per assistant
    scripts/fuzz.py --pen 10000 --assist 2000 --steps 80
    scripts/fuzz.py --yaml              # only the hostile-YAML timings
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "reliability")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from fuzzing import AssistantCounts, FuzzFailure, assistant_run, pen_run  # noqa: E402


def yaml_timings() -> None:
    import tracemalloc

    from tiptoi_sim.core.errors import DataError
    from tiptoi_sim.core.yamlio import load_yaml_text

    lol = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    prev = "a"
    for name in "bcdefghi":
        lol += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
        prev = name
    cases = {"billion laughs": lol, "50,000 [": "[" * 50_000, "50,000 {a:": "{a: " * 50_000,
             "3 MB": "a: '" + "x" * 3_000_000 + "'\n",
             "1.7 MB of small values": "".join(f"k{i}: [1, 2, 3]\n" for i in range(100_000)),
             "19,000 values (loads)": "".join(f"k{i}: x\n" for i in range(9_500)),
             "100,000-digit number": "a: " + "9" * 100_000 + "\n"}
    def load(text: str) -> str:
        try:
            load_yaml_text(text, "f.yaml")
            return "loaded"
        except DataError as e:
            return f"refused: {str(e)[:70]}"

    for name, text in cases.items():
        t0 = time.perf_counter()
        outcome = load(text)
        dt = time.perf_counter() - t0
        tracemalloc.start()  # a second run for the memory (tracemalloc slows it down)
        load(text)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        print(f"yaml {name:24s} {dt * 1000:8.1f} ms  peak {peak:6.1f} MB  {outcome}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pen", type=int, default=2000, help="random pen games (default 2000)")
    ap.add_argument("--assist", type=int, default=200, help="random scripts per assistant (default 200)")
    ap.add_argument("--steps", type=int, default=60, help="commands per script (default 60)")
    ap.add_argument("--from", dest="start", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--no-unicode-digits", action="store_true", help="leave out '²', '③'...")
    ap.add_argument("--yaml", action="store_true", help="only time the hostile YAML files")
    args = ap.parse_args()
    yaml_timings()
    if args.yaml:
        return 0
    from tiptoi_sim.assistants.registry import GAMES
    from tiptoi_sim.millionen_coup.data import load_game_data

    data = load_game_data()
    failures = 0
    t0 = time.perf_counter()
    over = events = 0
    for seed in range(args.start, args.start + args.pen):
        try:
            r = pen_run(data, seed)
        except FuzzFailure as e:
            print(e)
            failures += 1
            continue
        over += r["over"]
        events += len(r["events"])
    print(f"pen: {args.pen} random games, {events} events, {over} played to the end, "
          f"{failures} failures, {time.perf_counter() - t0:.1f} s")
    for game_id in GAMES:
        counts = AssistantCounts()
        bad = 0
        t0 = time.perf_counter()
        for seed in range(args.start, args.start + args.assist):
            try:
                assistant_run(game_id, seed, args.steps, unicode_digits=not args.no_unicode_digits, counts=counts)
            except FuzzFailure as e:
                if bad < 3:
                    print(e)
                bad += 1
        failures += bad
        print(f"{game_id}: {args.assist} scripts, {counts.commands} commands ({counts.accepted} accepted, "
              f"{counts.refused} refused, {counts.undos} undos, {counts.timeouts} timeouts), "
              f"{counts.over} games over, {bad} failures, {time.perf_counter() - t0:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
