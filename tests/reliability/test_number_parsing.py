"""No text becomes a number outside ``tiptoi_sim/core/numbers.py``.

``number_scan.scan()`` lists every ``int(x)``/``float(x)`` on something that is not plain
arithmetic, every ``.isdigit()``/``.isnumeric()``/``.isdecimal()`` and every argparse
``type=int``/``type=float`` in the package. Each must be listed below with the reason it never
sees text a person typed or wrote; a new, unreviewed use fails this test. The fix is almost
always to call a parser from ``tiptoi_sim.core.numbers`` instead (``is_whole`` for a test,
``parse_whole``/``parse_decimal``/``parse_seconds``... for the value, ``option(...)`` for argparse).

Two lists:

- ``REVIEWED``: uses that stay, each with its reason.
- ``PENDING_ASSISTANT_GAMES``: uses inside the four table assistants' own folders
  (``tiptoi_sim/assistants/<game>/``) as of issue 16; their helpers replace them with the
  parsers. **The lead prunes this list after merging** (entries no longer found are reported
  by ``test_pending_list_is_current`` as a reminder but do not fail), and once it is empty the
  list stays empty: every new use must be reviewed into ``REVIEWED`` or removed.

Entries are ``(file relative to tiptoi_sim/, source text of the call, how many times)``.
"""

import functools
from collections import Counter

import pytest

from number_scan import scan as _scan


@functools.cache
def _package_scan() -> Counter:
    return _scan()

#: (file, call, count, reason)
REVIEWED: list[tuple[str, str, int, str]] = [
    # -- arithmetic on numbers, never text -------------------------------------------------
    ("cli.py", "int(args._run(args) or 0)", 1, "a command's exit status (an int or None)"),
    ("assistants/gold_connection/draw.py", "int(cx + box_w * 0.3)", 2, "pixels of the board drawing"),
    ("assistants/gold_connection/draw.py", "int(cx)", 1, "pixels of the board drawing"),
    ("assistants/gold_connection/draw.py", "int(cy)", 1, "pixels of the board drawing"),
    ("assistants/gold_connection/draw.py", "int(size)", 1, "pixels of the board drawing"),
    ("assistants/gold_connection/odds.py", "float(f)", 1, "an exact Fraction of odds shown as a decimal"),
    ("assistants/rette_die_million/game.py", "float(self.time_limit)", 1, "the time limit, already parsed by parse_seconds"),
    ("analysis/analyze.py", "int(p * (len(xs) - 1) + 0.5)", 1, "a percentile's index (arithmetic)"),
    ("analysis/debrief.py", 'float(e["seconds"])', 2, "an event's seconds, checked as a finite number on load"),
    ("analysis/debrief.py", 'float(e["t"])', 2, "an event's time, checked as a finite number on load"),
    ("analysis/solver.py", "float(climb_units)", 2, "engine durations (numbers)"),
    ("analysis/solver.py", "float(d.plans[pid].units)", 4, "engine durations (numbers)"),
    ("analysis/solver.py", 'float(game.units_for(p, "electronics"))', 1, "engine durations (numbers)"),
    ("analysis/solver.py", 'float(game.units_for(p, "locks"))', 1, "engine durations (numbers)"),
    ("analysis/solver.py", 'float(game.units_for(p, "vault_combination"))', 1, "engine durations (numbers)"),
    ("analysis/solver.py", "int(target[5:])", 1, "a lock number in a tap id the engine listed as legal"),
    ("commands/assist.py", "int(time.time())", 2, "the default seed from the clock"),
    ("core/wording.py", "int(n)", 1, "a whole float said without its .0 (a number, never text)"),
    ("core/wording.py", "int(seconds + 0.5)", 1, "rounding a duration (a number) to whole seconds"),
    ("millionen_coup/terminal.py", "float(state['time_left'])", 1, "the engine's state dict (a number)"),
    ("millionen_coup/voice.py", "float(seconds)", 2, "a duration from the engine (a number)"),
    ("millionen_coup/voice.py", "int(seconds + 0.5)", 1, "rounding a duration (a number) to whole seconds"),
    ("commands/play.py", "int(time.time())", 1, "the default seed from the clock"),
    ("core/scheduler.py", "int(t_ms)", 1, "a timer's due time, computed by the engine"),
    ("speech/tts.py", "int(rate or DEFAULT_RATE)", 1, "--rate, already parsed by option(parse_whole)"),
    ("speech/wavutil.py", "int(loud[0])", 1, "numpy sample index"),
    ("speech/wavutil.py", "int(loud[-1])", 1, "numpy sample index"),
    ("speech/wavutil.py", "c.isdigit()", 1, "estimates speech length (digits spoken as words); no number is made"),
    ("assistants/screen.py", "int(left)", 1, "seconds left of the countdown (a float from the clock)"),
    ("assistants/screen.py", "int(self.timer_end - time.monotonic() + 0.999)", 1, "seconds left (clock arithmetic)"),
    ("screen/app.py", 'float(state.get("time_left", 0))', 1, "the engine's state dict (a number)"),
    ("screen/app.py", "int(left)", 1, "seconds left (a float)"),
    ("screen/app.py", "int(r.x + x * r.w)", 1, "pixel position"),
    ("screen/app.py", "int(r.y + y * r.h)", 1, "pixel position"),
    ("screen/board_drawing.py", "float(run.get('left', 0))", 1, "the engine's state dict (a number)"),
    ("screen/board_drawing.py", 'float(s.get("time_left", 0))', 1, "the engine's state dict (a number)"),
    ("screen/board_drawing.py", "int(c + (255 - c) * amount)", 1, "colour arithmetic"),
    ("screen/board_drawing.py", "int(radius)", 3, "pixel size"),
    ("screen/board_drawing.py", "int(size)", 1, "font size in pixels"),
    ("screen/board_drawing.py", "int(unit)", 6, "pixel size"),
    ("screen/board_drawing.py", "int(width_px)", 1, "pixel size"),
    # -- camera: numpy / OpenCV values ------------------------------------------------------
    ("camera/editor.py", "int(p[0])", 1, "pixel position"),
    ("camera/editor.py", "int(p[1])", 1, "pixel position"),
    ("camera/pipeline.py", "int(p[0])", 2, "pixel position"),
    ("camera/pipeline.py", "int(p[1])", 2, "pixel position"),
    ("camera/registration.py", "int(i)", 1, "an ArUco id from OpenCV (numpy int)"),
    ("camera/registration.py", "int(marker_id)", 1, "a marker id 0-3 from our own code"),
    ("camera/stylus.py", "float(cents[i][0])", 1, "OpenCV centroid"),
    ("camera/stylus.py", "float(cents[i][1])", 1, "OpenCV centroid"),
    ("camera/synth.py", "float(c)", 1, "synthetic frames: numpy colour"),
    ("camera/synth.py", "float(p[0])", 1, "synthetic frames: numpy point"),
    ("camera/synth.py", "float(p[1])", 1, "synthetic frames: numpy point"),
    ("camera/synth.py", "float(rng.uniform(0.0, 0.3))", 1, "synthetic frames: numpy random"),
    ("camera/synth.py", "float(rng.uniform(0.1, 0.4))", 1, "synthetic frames: numpy random"),
    ("camera/synth.py", "float(rng.uniform(0.1, 0.9))", 2, "synthetic frames: numpy random"),
    ("camera/synth.py", "float(rng.uniform(0.15, 0.85))", 2, "synthetic frames: numpy random"),
    ("camera/synth.py", "float(rng.uniform(0.5, 0.8))", 1, "synthetic frames: numpy random"),
    ("camera/synth.py", "float(rng.uniform(0.8, 1.25))", 1, "synthetic frames: numpy random"),
    ("camera/synth.py", "int(c)", 1, "synthetic frames: numpy colour"),
    ("camera/synth.py", "int(rng.integers(len(SKIN_TONES_BGR)))", 1, "synthetic frames: numpy random"),
    ("camera/synth.py", "int(rng.integers(len(a)))", 1, "synthetic frames: numpy random"),
    ("camera/synth.py", "int(rng.integers(len(ids)))", 1, "synthetic frames: numpy random"),
    ("camera/synth.py", "int(tc[0])", 1, "synthetic frames: pixel position"),
    ("camera/synth.py", "int(tc[1])", 1, "synthetic frames: pixel position"),
    ("camera/synth.py", "int(u)", 1, "synthetic frames: path parameter"),
    ("camera/check.py", "float(cv2.Laplacian(grey, cv2.CV_32F).var())", 1, "focus measure of a frame (numpy)"),
    ("camera/check.py", "float(grey.std())", 1, "contrast of a frame (numpy)"),
    ("camera/stylus.py", "float(cents[best][0])", 1, "a blob centroid (numpy)"),
    ("camera/stylus.py", "float(cents[best][1])", 1, "a blob centroid (numpy)"),
    ("screen/camera_setup.py", "int(c)", 1, "a colour channel (numpy) for pygame"),
    ("screen/camera_setup.py", "int(p[0])", 1, "pixels on the set-up screen"),
    ("screen/camera_setup.py", "int(p[1])", 1, "pixels on the set-up screen"),
    # -- data already typed by YAML and checked ------------------------------------------------
    ("millionen_coup/data.py", 'float(req(doc, "unit_seconds", float, "unit_seconds", check=lambda v: 0 < v <= 600,\n'
     '                                    expected="seconds per time unit, more than 0"))', 1,
     "a YAML number checked 0 < v <= 600 (NaN and inf fail the check)"),
    ("millionen_coup/data.py", "int(CORRIDOR_RE.match(r).group(1))", 1,
     "CORRIDOR_RE matches ASCII [0-9]+ only, in a room id of the data"),
    ("millionen_coup/layout.py", "float(p[0])", 2, "a YAML number, type-checked just before"),
    ("millionen_coup/layout.py", "float(p[1])", 2, "a YAML number, type-checked just before"),
    ("millionen_coup/layout.py", 'float(req(doc, "aspect", float, "aspect", check=lambda v: 0.2 <= v <= 5,\n'
     '                           expected="the board\'s width / height, a number between 0.2 and 5"))', 1,
     "a YAML number checked 0.2..5"),
    # -- tap ids: checked against all_tap_ids (PenSession.tap refuses unknown ids first) ------
    ("millionen_coup/game.py", "int(val)", 2, "the number of a known lock:N tap id"),
    ("millionen_coup/game.py", "int(x[6:])", 1, "a known digit:N tap id"),
    ("millionen_coup/game.py", "val.isdigit()", 1, "tests a known lock:N tap id"),
    ("millionen_coup/game.py", "x[6:].isdigit()", 1, "tests a known digit:N tap id"),
    ("millionen_coup/session.py", "int(val)", 2, "the number of a known plan_slot:N / lock:N tap id"),
    ("millionen_coup/session.py", "val.isdigit()", 1, "tests a known lock:N tap id"),
]

#: Whole files that never see text from a user (reviewed as a whole, with the reason).
REVIEWED_FILES: dict[str, str] = {
    "camera/synth_hard.py": "the hard synthetic clip generator: numpy random numbers and pixels only",
    "camera/pointer.py": "finds the hand and its tip in a foreground mask: numpy/OpenCV pixel values only",
    "camera/lens.py": "fits the lens to the markers' corners: numpy/OpenCV coordinates only, never text",
    "camera/stylus.py": "finds a pen's tip in pixels: numpy/OpenCV pixel values and coordinates only",
    "camera/pipeline.py": "one frame at a time through the camera pipeline: pixel coordinates only, never text",
}

#: Uses inside tiptoi_sim/assistants/<game>/ that the assistant helpers replace (issue 16).
#: The lead empties this list after merging. (file, call, count)
PENDING_ASSISTANT_GAMES: list[tuple[str, str, int]] = []


def _allowed() -> Counter:
    allowed: Counter = Counter()
    for rel, call, n, reason in REVIEWED:
        assert reason.strip(), f"{rel}: {call}: every reviewed use needs its reason"
        allowed[(rel, call)] += n
    for rel, call, n in PENDING_ASSISTANT_GAMES:
        allowed[(rel, call)] += n
    return allowed


def test_no_unreviewed_number_parsing_of_text():
    found = Counter({k: n for k, n in _package_scan().items() if k[0] not in REVIEWED_FILES})
    allowed = _allowed()
    new = {k: n - allowed[k] for k, n in found.items() if n > allowed[k]}
    assert not new, ("text may become a number here outside core/numbers.py; use its parsers "
                     "(or review the use into REVIEWED with a reason):\n"
                     + "\n".join(f"  tiptoi_sim/{rel}: {call}  (x{n})" for (rel, call), n in sorted(new.items())))


def test_reviewed_list_is_current():
    """A reviewed entry that no longer exists is removed, so the list stays honest."""
    found = _package_scan()
    stale = [(rel, call) for rel, call, n, _ in REVIEWED if found[(rel, call)] < n]
    assert not stale, "REVIEWED lists uses that are gone; remove them:\n" + "\n".join(map(str, stale))


def test_pending_list_is_current():
    found = _package_scan()
    gone = [(rel, call) for rel, call, n in PENDING_ASSISTANT_GAMES if found[(rel, call)] < n]
    if gone:
        pytest.skip("PENDING_ASSISTANT_GAMES has fixed entries to prune: " + "; ".join(map(str, gone)))


def test_the_scan_finds_a_new_use(tmp_path):
    """The scan itself works: a planted use in a copy of a module is found."""
    pkg = tmp_path / "tiptoi_sim"
    pkg.mkdir()
    (pkg / "m.py").write_text("def f(text, p):\n    a = int(text)\n    b = text.isdigit()\n"
                              "    c = int(round(3.5 * 2))\n    p.add_argument('--n', type=float)\n")
    found = _scan(pkg)
    assert found == {("m.py", "int(text)"): 1, ("m.py", "text.isdigit()"): 1, ("m.py", "type=float"): 1}
