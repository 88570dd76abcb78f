#!/usr/bin/env python3
"""Longer fuzz runs than the suite's (same checks, see tests/reliability/fuzzing.py), and the
YAML loader's time on hostile files. Prints its counts; exits 1 on the first failure, which it
prints with its seed and the commands that led to it (rerun with --from SEED to repeat it).

    scripts/fuzz.py                     # 2,000 pen games, 200 scripts per assistant
    scripts/fuzz.py --pen 10000 --assist 2000 --steps 80
    scripts/fuzz.py --yaml              # only the hostile-YAML timings
    scripts/fuzz.py --kills 20          # only: kill -9 the terminal pen 20 times, then resume
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


def kill_runs(n: int, start_seed: int) -> int:
    """kill -9 of the terminal pen at random moments, then resume: is every event the pen said
    before the kill said again by the replay, in order (identical), and how far back is the clock?"""
    import random
    import re
    import signal
    import subprocess
    import tempfile
    import threading

    from tiptoi_sim.millionen_coup.data import load_game_data
    from tiptoi_sim.millionen_coup.live import resume_live

    data = load_game_data()
    say = re.compile(r"^\r?\[(\d+):(\d\d)\] (.*)$")
    same = 0
    rewinds = []
    for seed in range(start_seed, start_seed + n):
        rng = random.Random(seed)
        tmp = Path(tempfile.mkdtemp(prefix="tiptoi-kill-"))
        j = tmp / "pen.jsonl"
        env = dict(os.environ, PYTHONUNBUFFERED="1", XDG_DATA_HOME=str(tmp))
        proc = subprocess.Popen([sys.executable, "-m", "tiptoi_sim", "play", "--ui", "terminal", "--players",
                                 "red=ben,blue=oliver_crow", "--seed", str(seed), "--lang", "en", "--unit-seconds",
                                 "0.2", "--no-speech", "--journal", str(j)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
        lines: list[tuple[float, str]] = []
        threading.Thread(target=lambda: [lines.append((time.monotonic(), ln.rstrip("\n"))) for ln in proc.stdout],
                         daemon=True).start()
        while not lines and proc.poll() is None:
            time.sleep(0.01)
        for cmd in ["red explore explore:locks", "go", "blue walk lobby", "red learn skill:locks",
                    "blue sneak corridor_1", "red walk lobby"][: rng.randint(1, 6)]:
            time.sleep(rng.uniform(0.0, 0.5))
            proc.stdin.write(cmd + "\n")
            proc.stdin.flush()
        time.sleep(rng.uniform(0.0, 2.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        printed = [m.group(3) for m in (say.match(ln) for _, ln in lines) if m]
        heard = []
        back = resume_live(data, j, listeners=(lambda ev: heard.append(ev) if ev.type == "say" else None,))
        replay = [ev.fields["text"] for ev in heard]
        ok = replay[: len(printed)] == printed and all(ev.t_ms >= back.resumed["t_ms"] - 1 for ev in heard[len(printed):])
        same += ok
        # the resumed clock is behind the pen's clock at the kill by at most the gap between two
        # journal records: measure the gaps (game time between consecutive records)
        import json as _json

        times = [r["t_ms"] for r in map(_json.loads, j.read_text().splitlines()[1:]) if "t_ms" in r]
        rewinds.extend(b - a for a, b in zip(times, times[1:]))
        back.stop()
    rewinds.sort()
    print(f"kills: {n} kill -9 of the terminal pen, {same} resumed with every event said before the kill "
          f"(in order); game time between two journal records (the most a resume can rewind): "
          f"median {rewinds[len(rewinds) // 2]} ms, 99th percentile {rewinds[int(len(rewinds) * 0.99)]} ms, "
          f"max {rewinds[-1]} ms")
    return n - same


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pen", type=int, default=2000, help="random pen games (default 2000)")
    ap.add_argument("--assist", type=int, default=200, help="random scripts per assistant (default 200)")
    ap.add_argument("--steps", type=int, default=60, help="commands per script (default 60)")
    ap.add_argument("--from", dest="start", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--no-unicode-digits", action="store_true", help="leave out '²', '③'...")
    ap.add_argument("--yaml", action="store_true", help="only time the hostile YAML files")
    ap.add_argument("--kills", type=int, default=0, help="only: kill -9 the terminal pen this many times, resume")
    args = ap.parse_args()
    if args.kills:
        return 1 if kill_runs(args.kills, args.start) else 0
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
