#!/usr/bin/env python3
"""Benchmark of the screen board: milliseconds per frame of the pen's window (SDL dummy video),
with the table state of a running game drawn over the cached board. Prints numbers only."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

from tiptoi_sim.millionen_coup.data import load_game_data  # noqa: E402
from tiptoi_sim.millionen_coup.live import LiveGame  # noqa: E402
from tiptoi_sim.screen.app import PenWindow  # noqa: E402
from tiptoi_sim.speech.api import SilentSpeaker  # noqa: E402


def main() -> int:
    data = load_game_data()
    live = LiveGame(data, seed=1, lang="de", unit_seconds=30,
                    setup={"players": {"red": "ben", "blue": "kim", "yellow": "max", "green": "tom"}})
    for size in ((1280, 860), (1920, 1080)):
        win = PenWindow(live, speaker=SilentSpeaker(), size=size, director=True)
        win.step()  # the first frame draws the cached board
        n = 60
        t0 = time.perf_counter()
        for _ in range(n):
            win.step()
        ms = (time.perf_counter() - t0) * 1000 / n
        print(f"{size[0]}x{size[1]}: {ms:.1f} ms per frame ({1000 / ms:.0f} fps possible)")
        win.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
