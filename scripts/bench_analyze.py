#!/usr/bin/env python3
"""Benchmark of the difficulty analysis: ``analyze --games N`` with two players on all cores
(or --workers K), timed from the start of the command to the written report. Prints the
figures; asserts nothing (they depend on the machine).

    .venv/bin/python scripts/bench_analyze.py            # 10000 games, one worker per core
    .venv/bin/python scripts/bench_analyze.py --games 2000 --workers 1
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="10000")
    ap.add_argument("--workers", default=None)
    ap.add_argument("--players", default="red=oliver_crow,blue=ben")
    args = ap.parse_args()
    from tiptoi_sim.cli import main as cli

    with tempfile.TemporaryDirectory() as tmp:
        argv = ["analyze", "--games", args.games, "--players", args.players, "--out", tmp, "--quiet"]
        if args.workers:
            argv += ["--workers", args.workers]
        t0 = time.perf_counter()
        cpu0 = time.process_time()
        rc = cli(argv)
        wall = time.perf_counter() - t0
        rusage_children = os.times()
    from tiptoi_sim.core.numbers import parse_whole

    games = parse_whole(args.games, field="--games", lo=1)
    cpu = rusage_children.children_user + rusage_children.children_system + time.process_time() - cpu0
    print(f"analyze --games {games} ({args.players}) on {args.workers or os.cpu_count()} worker(s): "
          f"{wall:.1f} s wall, {games / wall:.0f} games/s, {cpu:.1f} s CPU ({cpu / games * 1000:.2f} ms CPU per game)")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
