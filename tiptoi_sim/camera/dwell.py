"""A resting tip makes a tap. Contract: the tip must stay within ``radius`` (board-width units,
default 0.015) of the median of its positions for ``dwell_s`` seconds (default 0.6); the tap
lands at that median and is emitted on the first frame that completes the dwell. No new tap
comes until the tip has left the radius around the last tap (three positions in a row) or has
been gone for ``lost_s``. "Stay within" allows a share ``1 - min_share`` (default 20 %) of the
positions to lie outside: noisy frames (codec, blur, a shadow at the fingertip) do not break a
dwell, while a moving tip leaves the radius with most of its positions. Frames without a tip (a
resting flat hand whose edge looks like a finger now and then) may be at most ``max_gaps`` (25
%) of the dwell's frames. Pure: time comes with each sample, so recorded clips replay exactly.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class DwellTap:
    t: float
    x: float  # board coordinates 0-1
    y: float
    started: float  # when the dwell began


class DwellDetector:
    def __init__(self, radius: float = 0.015, dwell_s: float = 0.6, lost_s: float = 0.2, aspect: float = 1.0,
                 min_share: float = 0.8, max_gaps: float = 0.25):
        """``aspect`` = board height / width: y distances are scaled by it so that the radius is
        a share of the board's width in both directions."""
        self.radius = radius
        self.dwell_s = dwell_s
        self.lost_s = lost_s
        self.aspect = aspect
        self._win: deque = deque()
        self._armed = True
        self._last_tap: tuple[float, float] | None = None
        self._last_seen: float | None = None
        self.min_share = min_share
        self.max_gaps = max_gaps
        self._gaps: deque = deque()  # times without a tip (a flat hand flickering) in the window
        self._away = 0

    def _dist(self, a, b) -> float:
        return float(np.hypot(a[0] - b[0], (a[1] - b[1]) * self.aspect))

    @property
    def progress(self) -> float:
        """0-1: how far the current dwell is (for a ring on the camera view)."""
        if len(self._win) < 2 or not self._armed:
            return 0.0
        return min(1.0, (self._win[-1][0] - self._win[0][0]) / self.dwell_s)

    def update(self, t: float, pos: tuple[float, float] | None) -> DwellTap | None:
        if pos is None:
            self._gaps.append(t)
            if self._last_seen is not None and t - self._last_seen >= self.lost_s:
                self._win.clear()
                self._armed = True
                self._last_tap = None
            return None
        self._last_seen = t
        if not self._armed and self._last_tap is not None:
            # leaving means three positions in a row outside the radius: one noisy frame is not
            # a new dwell on the same spot
            self._away = self._away + 1 if self._dist(pos, self._last_tap) > self.radius else 0
            if self._away >= 3:
                self._armed = True
                self._win.clear()
        self._win.append((t, pos[0], pos[1]))
        while len(self._win) > 1:
            med = self._median()
            inside = sum(self._dist((x, y), med) <= self.radius for _, x, y in self._win)
            if inside >= self.min_share * len(self._win) and self._dist(self._win[0][1:], med) <= self.radius:
                break  # (the oldest position inside too: a dwell starts where the tip came to rest)
            self._win.popleft()
        while self._gaps and self._gaps[0] < self._win[0][0]:
            self._gaps.popleft()
        if (self._armed and self._win[-1][0] - self._win[0][0] >= self.dwell_s - 1e-9
                and self._dist(pos, self._median()) <= self.radius
                and len(self._gaps) <= self.max_gaps * (len(self._win) + len(self._gaps))):
            mx, my = self._median()
            self._armed = False
            self._away = 0
            self._last_tap = (mx, my)
            started = self._win[0][0]
            self._win.clear()
            return DwellTap(t=t, x=mx, y=my, started=started)
        return None

    def _median(self):
        a = np.array([(x, y) for _, x, y in self._win])
        m = np.median(a, axis=0)
        return float(m[0]), float(m[1])
