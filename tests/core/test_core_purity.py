"""The rules are pure: no engine imports pygame, OpenCV or pyttsx3, and none reads the wall
clock (checked in a fresh interpreter, so other tests' imports cannot hide a violation)."""

import subprocess
import sys

ENGINES = [
    "tiptoi_sim.millionen_coup.game", "tiptoi_sim.millionen_coup.session", "tiptoi_sim.millionen_coup.scenario",
    "tiptoi_sim.millionen_coup.layout",
    "tiptoi_sim.assistants.coup.game", "tiptoi_sim.assistants.rette_die_million.game",
    "tiptoi_sim.assistants.millions_of_dollars.game", "tiptoi_sim.assistants.gold_connection.game",
]


def test_engines_import_no_io_library():
    code = ("import sys\n" + "".join(f"import {m}\n" for m in ENGINES)
            + "print(sorted(m for m in ('pygame', 'cv2', 'pyttsx3') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_engines_do_not_read_the_wall_clock():
    import importlib
    import inspect

    for name in ENGINES:
        src = inspect.getsource(importlib.import_module(name))
        for banned in ("time.time(", "time.monotonic(", "datetime.now(", "perf_counter("):
            assert banned not in src, f"{name} reads the clock ({banned})"
