#!/usr/bin/env python3
"""Speech benchmark (prints figures; not a test).

1. Catalogue synthesis: every phrase of the given catalogues (default: the German Millionen-Coup
   catalogue) rendered into an empty cache through the background prefetch path the program
   uses at start. Templates with {placeholders} are filled with sample values. Target: the
   German Millionen-Coup catalogue in at most 30 s.
2. Latency: from ``say(text, interrupt=True)`` of a cached phrase to its first non-silent sample
   in the mixer's output. A child process plays through SDL's disk audio driver
   (SDL_AUDIODRIVER=disk, SDL_DISKAUDIOFILE=...); this process watches the file grow to map
   wall-clock time to stream position, then finds each phrase's first loud sample in the file.
   Targets: median 30 ms, p95 60 ms.

How the time <-> stream mapping works: SDL writes one mixer buffer per period through stdio,
so the file grows in stdio-buffer steps; each growth is stamped with CLOCK_MONOTONIC (shared by
both processes) and a line is fitted through the stamps near each request. A position P then
"plays" at the fitted time the file reached P, i.e. on a device that takes each buffer as it is
produced. Resolution: about one mixer buffer (~12 ms at 512 frames, 44.1 kHz).

Usage: scripts/bench_speech.py [CATALOGUE.yaml ...] [--trials N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

DEFAULT_CATALOGUE = REPO / "board_assets" / "millionen_coup" / "phrases.de.yaml"
LOUD = 330  # the same "not silence" level as tiptoi_sim.speech.wavutil
NUMERIC = ("units", "count", "number", "seconds", "minutes", "amount", "money", "sum", "round",
           "digit", "n", "left", "value", "points", "price", "total", "bid")


class _Sample(dict):
    """Fills any placeholder: a small number for count-like names, a name otherwise."""

    def __missing__(self, key):
        return "3" if any(part in NUMERIC for part in key.lower().split("_")) else "Lisa"


def catalogue_texts(paths: list[Path]) -> tuple[str, list[str]]:
    from tiptoi_sim.core.phrases import load_catalogue

    texts: list[str] = []
    lang = None
    for p in paths:
        phrases, _ = load_catalogue(p)
        lang = lang or phrases.lang
        for template in phrases.templates.values():
            try:
                text = string.Formatter().vformat(template, (), _Sample())
            except (IndexError, ValueError, AttributeError, KeyError):
                text = template
            if text not in texts:
                texts.append(text)
    return lang or "de", texts


def bench_synthesis(lang: str, texts: list[str], cache_folder: Path) -> dict:
    from tiptoi_sim.speech.cache import PhraseCache
    from tiptoi_sim.speech.tts import Synthesizer, VoiceConfig
    from tiptoi_sim.speech.wavutil import read_wav, speakable

    synth = Synthesizer(VoiceConfig.for_lang(lang))
    cache = PhraseCache(synth, cache_folder)
    todo = [t for t in texts if speakable(t)]
    t0 = time.monotonic()
    jobs = cache.prefetch(todo)
    failed = 0
    for job in jobs:
        try:
            job.wait(120)
        except Exception:  # noqa: BLE001 - counted and reported
            failed += 1
    total = time.monotonic() - t0
    backend = synth.backend_name
    synth.close()
    audio = sum(read_wav(p).seconds for p in (cache.get(t) for t in todo) if p)
    return {"phrases": len(todo), "failed": failed, "seconds": round(total, 3),
            "ms_per_phrase": round(1000 * total / max(1, len(todo)), 1),
            "audio_seconds": round(audio, 1), "backend": backend}


CHILD = r"""
import json, sys, time
from pathlib import Path
from tiptoi_sim.speech import open_speaker
lang, folder, trials = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
texts = json.loads(sys.stdin.read())
import pygame
sp = open_speaker(lang, cache_folder=folder)
for t in texts:
    sp.cache.render_now(t)  # all cached before timing
time.sleep(1.0)  # let the disk driver run steadily
requests = []
for i in range(trials):
    text = texts[i % len(texts)]
    t = time.monotonic()
    sp.say(text, interrupt=True)
    requests.append(t)
    time.sleep(0.30)
    sp.stop()
    time.sleep(0.20)
fmt = pygame.mixer.get_init()
sp.close()
print(json.dumps({"requests": requests, "format": fmt}))
"""


def bench_latency(lang: str, texts: list[str], cache_folder: Path, trials: int) -> dict:
    return measure_disk_latency(CHILD, [lang, str(cache_folder), str(trials)], json.dumps(texts))


def measure_disk_latency(child_code: str, child_args: list[str], stdin_text: str = "",
                         extra_env: dict | None = None) -> dict:
    """Run ``child_code`` with SDL's disk audio driver; it prints a last JSON line with
    ``requests`` (CLOCK_MONOTONIC times) and the mixer ``format``. Returns the latency from each
    request to the first loud sample after it (and the child's other JSON fields under ``child``)."""
    import numpy as np

    raw = Path(tempfile.mkdtemp(prefix="tiptoi-bench-")) / "out.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(raw), PYTHONPATH=str(REPO),
               PYGAME_HIDE_SUPPORT_PROMPT="1", **(extra_env or {}))
    spawned = time.monotonic()
    child = subprocess.Popen([sys.executable, "-c", child_code, *child_args],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, text=True)
    child.stdin.write(stdin_text)
    child.stdin.close()
    stamps: list[tuple[float, int]] = []
    last = -1
    while child.poll() is None:
        try:
            size = os.stat(raw).st_size
        except FileNotFoundError:
            size = -1
        if size != last:
            stamps.append((time.monotonic(), size))
            last = size
        time.sleep(0.0003)
    out, err = child.stdout.read(), child.stderr.read()
    if child.returncode != 0:
        raise SystemExit(f"latency child failed:\n{err}")
    info = json.loads(out.strip().splitlines()[-1])
    freq, size, channels = info["format"]
    frame = channels * abs(size) // 8
    samples = np.fromfile(raw, dtype="<i2" if size == -16 else "<f4").reshape(-1, channels)[:, 0]
    if size != -16:
        samples = (samples * 32767).astype(np.int32)
    loud = np.abs(samples.astype(np.int32)) > LOUD
    ts = np.array([t for t, s in stamps if s > 0])
    pos = np.array([s for t, s in stamps if s > 0], dtype=float) / frame  # frames written
    latencies = []
    for tr in info["requests"]:
        near = np.abs(ts - tr) < 1.0
        if near.sum() < 4:
            continue
        slope, icept = np.polyfit(ts[near], pos[near], 1)  # frames written at time t
        start = int(max(0, slope * tr + icept - 0.05 * freq))  # look a little before, to be fair
        hits = np.flatnonzero(loud[start: start + int(0.5 * freq)])
        if len(hits) == 0:
            continue
        t_loud = (start + hits[0] - icept) / slope
        latencies.append(1000 * (t_loud - tr))
    raw.unlink(missing_ok=True)
    if not latencies:
        raise SystemExit("no phrase found in the disk driver's output")
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, int(round(0.95 * (len(latencies) - 1))))]
    return {"trials": len(latencies), "median_ms": round(statistics.median(latencies), 1),
            "p95_ms": round(p95, 1), "min_ms": round(latencies[0], 1), "max_ms": round(latencies[-1], 1),
            "mixer": {"frequency": freq, "channels": channels}, "spawned": spawned,
            "child": {k: v for k, v in info.items() if k not in ("requests", "format")}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("catalogues", nargs="*", type=Path, help="phrase catalogue files (one language)")
    ap.add_argument("--trials", type=int, default=40, help="latency measurements (default: 40)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    paths = args.catalogues or ([DEFAULT_CATALOGUE] if DEFAULT_CATALOGUE.exists() else [])
    if not paths:
        print("bench_speech: no catalogue given and none at " + str(DEFAULT_CATALOGUE), file=sys.stderr)
        return 2
    for p in paths:
        if not p.exists():
            print(f"bench_speech: {p}: no such file", file=sys.stderr)
            return 2
    lang, texts = catalogue_texts(paths)
    with tempfile.TemporaryDirectory(prefix="tiptoi-bench-cache-") as folder:
        synth = bench_synthesis(lang, texts, Path(folder))
        from tiptoi_sim.speech.wavutil import speakable

        latency = bench_latency(lang, [t for t in texts if speakable(t)][:20], Path(folder), args.trials)
        latency.pop("spawned", None)
        latency.pop("child", None)
    result = {"catalogues": [str(p) for p in paths], "lang": lang, "synthesis": synth, "latency": latency,
              "targets": {"synthesis_seconds": 30, "latency_median_ms": 30, "latency_p95_ms": 60}}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    s, lat = synth, latency
    print(f"catalogue(s): {', '.join(result['catalogues'])} ({lang})")
    print(f"synthesis: {s['phrases']} phrases ({s['audio_seconds']} s of speech) in {s['seconds']} s "
          f"= {s['ms_per_phrase']} ms per phrase by {s['backend']}; {s['failed']} failed  [target <= 30 s]")
    print(f"latency, request to first sound of a cached phrase (SDL disk driver, {lat['trials']} trials): "
          f"median {lat['median_ms']} ms, p95 {lat['p95_ms']} ms (min {lat['min_ms']}, max {lat['max_ms']})"
          f"  [targets 30 / 60 ms]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
