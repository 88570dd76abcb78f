"""A resting tip makes a tap. Contract: the tip must stay within ``radius`` (board-width units,
default ``DWELL_RADIUS``, 0.018) of the median of its positions for ``dwell_s`` seconds (default ``DWELL_S``, 0.65); the tap
lands at that median and is emitted on the first frame that completes the dwell. No new tap
comes until the tip has left the radius around the last tap (three positions in a row) or has
been gone for ``lost_s``. "Stay within" allows a share ``1 - min_share`` (default 20 %) of the
positions to lie outside: noisy frames (codec, blur, a shadow at the fingertip) do not break a
dwell, while a moving tip leaves the radius with most of its positions. Frames without a tip (a
resting flat hand whose edge looks like a finger now and then) may be at most ``max_gaps`` (25
%) of the dwell's frames. Pure: time comes with each sample, so recorded clips replay exactly.

The dwell may start at any position of the last ``dwell_s + slack_s`` seconds (default 1.1 s):
at each frame every such start is tried, the earliest first, so a few wild positions early in a
dwell (another hand taken for the pointing one for a frame or two) spoil only the windows that
would hold too many of them, not the dwell itself. (An earlier version kept one window and
dropped its oldest positions until the rest qualified; two wild frames in a row while that
window was still short emptied it, and the finger resting on for a second made no tap.)

With ``lands`` (a test of a position: does it hit a hotspot?) a dwell that lands off every
hotspot does not end the rest: it is reported once (so a caller can count it), the detector
stays armed, and while the tip rests on, every start that is ``dwell_s`` old and from which
on the tip was steady (every position within the radius, no frame without a tip) is tried, the
earliest first, and the first whose median lands (``lands(x, y, beside)``, told where the
first dwell was) makes the tap. Why: the tip found
in the first frames of a rest can lie a little short of the real one (the finger still
settling, a faint fingertip), so the first window's median falls just beside a small hotspot
(a waypoint, a lock) that the later frames hit; a pen reads whatever lies under it while it
rests, too. Only a steady rest gets this second chance: a phantom tip (another hand's
sleeve taken for the pointing finger) flickers between places, and its median, moved a
little, must not make a tap (seed 6174's clip 6774: a wrong tap without this rule). Without
``lands`` the earliest start that qualifies is taken, as before.

``lands`` may also answer ``REFUSED`` for a first dwell: the caller knows the rest is no tap
(a tip held above the board, a hand lying still). Such a dwell is handled as one that landed
off every hotspot, but not reported: the detector stays armed and asks again, with ``beside``,
for the rest of that rest.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable

import numpy as np

#: how still a resting tip must be, in board widths (every default of the program's). 0.018
#: rather than 0.015: a pale fingertip is found now at its end, now a little short of it, two
#: places about 0.017 apart frame after frame (seed 1305's clip 1305, 6777's 7178), and with
#: 0.015 no 0.6 s held 80 % of them near one median. At 0.02 a rest settling between two
#: small waypoints tapped the wrong one (6777's 7078); 0.018 did not, on 16 seeds.
DWELL_RADIUS = 0.018

#: how long a tip must rest to tap (seconds; every default of the program's). 0.65 rather than
#: 0.6: a hand aims before it touches, its tip held still just above the spot (a pen a centimetre
#: or two high) and then lowered straight down, and the tap came 0.02-0.09 s before the touch
#: in 8 of the 96 dwells of the clips made apart (``benchmarks/independent``, seeds 1-4): a tap
#: before the touch is a false tap and a missed dwell to anyone who times it from the touch.
#: At 0.65 5 of those 8 wait for the touch (83 -> 88 dwells right, 25 -> 19 false taps; a thinking
#: pause a few centimetres up taps less often too); at 0.7 90 and 15, but a tip that rests from
#: its first frame (our own clips) then taps 0.70 s after it came to rest, the very end of what a
#: family should wait (0.7 s); at 0.65, 0.65-0.67 s (a frame at 30 fps is 0.033 s)
DWELL_S = 0.65

#: what ``lands(x, y)`` answers for a dwell that is no tap whatever it hits (see the module's
#: docstring): handled as a dwell off every hotspot, but not reported
REFUSED = "refused"


@dataclass(frozen=True)
class DwellTap:
    t: float
    x: float  # board coordinates 0-1
    y: float
    started: float  # when the dwell began


class DwellDetector:
    def __init__(self, radius: float = DWELL_RADIUS, dwell_s: float = DWELL_S, lost_s: float = 0.2, aspect: float = 1.0,
                 min_share: float = 0.8, max_gaps: float = 0.25, slack_s: float = 0.5):
        """``aspect`` = board height / width: y distances are scaled by it so that the radius is
        a share of the board's width in both directions. ``slack_s``: how much longer than
        ``dwell_s`` the positions are kept to look for a dwell in."""
        self.radius = radius
        self.dwell_s = dwell_s
        self.lost_s = lost_s
        self.aspect = aspect
        self.min_share = min_share
        self.max_gaps = max_gaps
        self.slack_s = slack_s
        self._seen: deque = deque()  # (t, x, y) of the last dwell_s + slack_s seconds
        self._gaps: deque = deque()  # times without a tip (a flat hand flickering) since then
        self._armed = True
        self._last_tap: tuple[float, float] | None = None
        self._last_seen: float | None = None
        self._away = 0
        self._progress = 0.0
        self._off = False  # this rest already made a dwell that landed off every hotspot

    def _dist(self, a, b) -> float:
        return float(np.hypot(a[0] - b[0], (a[1] - b[1]) * self.aspect))

    @property
    def progress(self) -> float:
        """0-1: how far the current dwell is (for a ring on the camera view)."""
        return self._progress  # (0 from a tap until the tip leaves: update sets it only while armed)

    def update(self, t: float, pos: tuple[float, float] | None,
               lands: Callable[..., bool | str] | None = None) -> DwellTap | None:
        """The tap a dwell completed at this sample, or None. ``lands(x, y)``: does a dwell
        there hit a hotspot (or ``REFUSED``: no tap, not reported); ``lands(x, y, beside)`` for
        a second chance, ``beside`` the median of the rest's dwell that landed off every hotspot
        or was refused (the caller may refuse a move it distrusts). See the module's docstring:
        a dwell off every hotspot is returned once, then the rest is tried on."""
        if pos is None:
            self._gaps.append(t)
            if self._last_seen is not None and t - self._last_seen >= self.lost_s:
                self._seen.clear()
                self._armed = True
                self._last_tap = None
                self._progress = 0.0
                self._off = False
            return None
        self._last_seen = t
        if (not self._armed or self._off) and self._last_tap is not None:
            # leaving means three positions in a row outside the radius: one noisy frame is not
            # a new dwell on the same spot
            self._away = self._away + 1 if self._dist(pos, self._last_tap) > self.radius else 0
            if self._away >= 3:
                self._armed = True
                self._off = False
                self._seen.clear()
        self._seen.append((t, pos[0], pos[1]))
        while self._seen[0][0] < t - self.dwell_s - self.slack_s - 1e-9:
            self._seen.popleft()
        while self._gaps and self._gaps[0] < self._seen[0][0]:
            self._gaps.popleft()
        if not self._armed:
            return None
        starts, ok, steady, mx, my = self._dwell_starts()
        i = int(np.argmax(ok))  # the earliest that qualifies (the last row always does)
        self._progress = min(1.0, (t - starts[i]) / self.dwell_s)
        done = np.flatnonzero(ok & (t - starts >= self.dwell_s - 1e-9))
        if len(done) == 0:
            return None
        medians, begun = list(zip(mx.tolist(), my.tolist())), starts.tolist()
        first = True if lands is None or self._off else lands(*medians[i])
        if lands is not None and (self._off or first is REFUSED or not first):
            beside = self._last_tap if self._off else medians[i]
            landing = [k for k in done if steady[k] and lands(*medians[k], beside)]
            if not landing:
                if self._off:
                    return None
                # report it once, and stay armed for a steady landing later in this rest (it
                # ends when the tip leaves, as after a tap)
                self._off = True
                self._away = 0
                self._last_tap = medians[i]
                if first is REFUSED:
                    return None
                return DwellTap(t=t, x=medians[i][0], y=medians[i][1], started=begun[i])
            i = landing[0]
        self._armed = False
        self._off = False
        self._away = 0
        self._last_tap = medians[i]
        started = begun[i]
        self._seen.clear()
        self._progress = 0.0
        return DwellTap(t=t, x=self._last_tap[0], y=self._last_tap[1], started=started)

    def _dwell_starts(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """For each kept position i as the start of a rest: (its time, whether it qualifies,
        whether it is steady, the median x and y of the positions from it on). Steady: every
        position since then within the radius, no frame without a tip. It qualifies when at least
        ``min_share`` of the positions since then, that first one and the newest among them,
        lie within the radius of their median, and at most ``max_gaps`` of the frames since
        then had no tip. The newest position alone always qualifies (no gap is newer)."""
        # all starts at once (row i: the positions from i on; a loop over the starts costs
        # twice as much while a hand moves and none qualifies)
        a = np.array(self._seen, dtype=np.float64)
        n = len(a)
        later = np.triu(np.ones((n, n), bool))
        xs = np.where(later, a[None, :, 1], np.nan)
        ys = np.where(later, a[None, :, 2], np.nan)
        mx, my = np.nanmedian(xs, axis=1), np.nanmedian(ys, axis=1)
        inside = (np.hypot(xs - mx[:, None], (ys - my[:, None]) * self.aspect) <= self.radius) & later
        count = np.arange(n, 0, -1)  # positions from i on
        gaps = np.array(self._gaps, dtype=np.float64)
        n_gaps = (gaps[None, :] >= a[:, :1]).sum(axis=1)
        ok = (np.diag(inside) & inside[:, -1] & (inside.sum(axis=1) >= self.min_share * count)
              & (n_gaps <= self.max_gaps * (count + n_gaps)))
        steady = (inside.sum(axis=1) == count) & (n_gaps == 0)
        return a[:, 0], ok, steady, mx, my
