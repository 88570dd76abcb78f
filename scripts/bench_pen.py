#!/usr/bin/env python3
"""The pen's window benchmark (prints figures; not a test).

1. Click to sound: a mouse click posted on a room's hotspot in the real pen window (SDL's dummy
   video driver) to the first non-silent sample of the pen's answer ("Lobby.") in the mixer's
   output (SDL's disk audio driver), with every answer already in the speech cache. The click goes
   the whole way: window event loop, hit test, tap queue, scheduler thread, pen session, say
   event, speech queue, mixer. Targets: median 30 ms, p95 60 ms.
2. First frame: from starting the process to the first frame on screen, with a warm speech cache.
   Target: 1 s.

The time <-> stream mapping is the speech benchmark's (scripts/bench_speech.py).

Usage: scripts/bench_pen.py [--trials N] [--lang de|en] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_speech import measure_disk_latency  # noqa: E402

CHILD = r"""
import time
t_start = time.monotonic()
import json, sys
from pathlib import Path
import pygame
from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.live import LiveGame
from tiptoi_sim.screen.app import PenWindow, FPS
from tiptoi_sim.speech import open_speaker

lang, folder, trials = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
data = load_game_data()
live = LiveGame(data, seed=1, lang=lang, setup={"players": {"red": "ben"}})
speaker = open_speaker(lang, cache_folder=folder)
win = PenWindow(live, speaker=speaker)
live.start()
win.step()
first_frame = time.monotonic()
rooms = list(data.rooms)
with live.lock:
    texts = [live.session.phrases.render("what.thing", thing=live.session.name(f"room:{r}")) for r in rooms]
for t in texts:
    speaker.cache.render_now(t)  # warm: every answer is cached before timing
def frames(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        win.run_frame(end)
frames(1.0)
requests = []
for i in range(trials):
    tid = f"room:{rooms[i % len(rooms)]}"
    pos = win.pixel_of(tid)
    t = time.monotonic()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    requests.append(t)
    frames(0.35)
    speaker.stop()
    frames(0.15)
fmt = pygame.mixer.get_init()
live.stop()
win.close()
print(json.dumps({"requests": requests, "format": fmt, "first_frame": first_frame, "t_start": t_start}))
"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=40, help="clicks to time (default: 40)")
    ap.add_argument("--lang", choices=["de", "en"], default="de")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tiptoi-bench-pen-") as folder:
        # a first run fills the cache; the measured run starts warm
        measure_disk_latency(CHILD, [args.lang, folder, "2"], extra_env={"SDL_VIDEODRIVER": "dummy"})
        lat = measure_disk_latency(CHILD, [args.lang, folder, str(args.trials)],
                                   extra_env={"SDL_VIDEODRIVER": "dummy"})
    first_frame_s = lat["child"]["first_frame"] - lat["spawned"]
    result = {"click_to_sound": {k: lat[k] for k in ("trials", "median_ms", "p95_ms", "min_ms", "max_ms")},
              "first_frame_seconds": round(first_frame_s, 3),
              "targets": {"click_to_sound_median_ms": 30, "click_to_sound_p95_ms": 60, "first_frame_seconds": 1}}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    c = result["click_to_sound"]
    print(f"click to first sound of a cached answer ({c['trials']} clicks): median {c['median_ms']} ms, "
          f"p95 {c['p95_ms']} ms (min {c['min_ms']}, max {c['max_ms']})  [targets 30 / 60 ms]")
    print(f"first frame {result['first_frame_seconds']} s after the process started, warm cache  [target 1 s]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
