"""Frames from a camera index or a video file, in a thread of their own.

``open_source("0")`` is camera 0, anything else a video file. A file's frames carry their own
time (frame number / fps), so a recorded session replays exactly; in ``realtime`` mode they are
also paced to that time. A camera that fails is announced (``on_status("camera_lost", …)``),
retried every ``retry_s`` seconds, and announced again when back (``"camera_back"``).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import cv2



class SourceError(Exception):
    """The camera or video cannot be opened (message says which and why)."""


def parse_source(source) -> int | str:
    if isinstance(source, int):
        return source
    from tiptoi_sim.core.numbers import is_whole, parse_whole

    s = str(source).strip()
    return parse_whole(s, field="--camera", lo=0, hi=99) if is_whole(s) else s


class FrameSource:
    def __init__(self, source, size: tuple[int, int] | None = None):
        self.source = parse_source(source)
        self.is_file = isinstance(self.source, str)
        self.size = size
        self.cap = None
        self.fps = 30.0
        self.index = 0
        self._t0 = None

    def open(self) -> None:
        if self.is_file and not Path(self.source).is_file():
            raise SourceError(f"video file not found: {self.source}")
        cap = cv2.VideoCapture(self.source)
        if not cap.isOpened():
            cap.release()
            what = f"video {self.source}" if self.is_file else f"camera {self.source}"
            raise SourceError(f"cannot open {what}")
        if not self.is_file and self.size:
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        fps = cap.get(cv2.CAP_PROP_FPS)
        self.fps = fps if fps and 1 <= fps <= 240 else 30.0
        self.cap = cap
        self._t0 = time.monotonic()

    def read(self):
        """(frame, t) or None at the end of a file / when the camera fails."""
        ok, frame = self.cap.read()
        if not ok or frame is None:
            return None
        if self.is_file:
            t = self.index / self.fps
        else:
            t = time.monotonic() - self._t0
        self.index += 1
        return frame, t

    def close(self) -> None:
        if self.cap is not None:
            self.cap.release()
            self.cap = None


def iter_frames(source):
    """Every frame of a video file (or a camera until it fails) as (frame, t)."""
    src = FrameSource(source)
    src.open()
    try:
        while True:
            got = src.read()
            if got is None:
                return
            yield got
    finally:
        src.close()


#: how long a thread may keep Python's interpreter lock while another waits for it: the game's
#: clock wakes on time only if the camera thread (numpy and OpenCV between Python steps) hands it
#: over quickly; Python's default is 5 ms
GIL_SWITCH_S = 0.0005


def share_the_interpreter() -> None:
    """Let waiting threads (the game's clock) take Python's lock within ``GIL_SWITCH_S``."""
    import sys

    if sys.getswitchinterval() > GIL_SWITCH_S:
        sys.setswitchinterval(GIL_SWITCH_S)


class CaptureThread(threading.Thread):
    """Reads frames and hands each to ``on_frame(frame, t)`` (in this thread)."""

    def __init__(self, source, on_frame, on_status=None, *, realtime: bool = True, retry_s: float = 2.0,
                 size=None):
        super().__init__(name="camera", daemon=True)
        self.src = FrameSource(source, size)
        self.on_frame = on_frame
        self.on_status = on_status or (lambda kind, detail="": None)
        self.realtime = realtime
        self.retry_s = retry_s
        self._halt = threading.Event()
        self.error: str | None = None
        share_the_interpreter()

    def stop(self, timeout: float = 2.0) -> None:
        self._halt.set()
        if self.is_alive() and threading.current_thread() is not self:
            self.join(timeout)

    def run(self) -> None:
        lost = False
        while not self._halt.is_set():
            try:
                self.src.open()
            except SourceError as e:
                self.error = str(e)
                if self.src.is_file:
                    self.on_status("camera_lost", str(e))
                    return
                if not lost:
                    self.on_status("camera_lost", str(e))
                    lost = True
                self._halt.wait(self.retry_s)
                continue
            if lost:
                self.on_status("camera_back", str(self.src.source))
                lost = False
            start = time.monotonic()
            while not self._halt.is_set():
                got = self.src.read()
                if got is None:
                    break
                frame, t = got
                if self.realtime and self.src.is_file:
                    wait = start + t - time.monotonic()
                    if wait > 0:
                        self._halt.wait(wait)
                self.on_frame(frame, t)
            self.src.close()
            if self.src.is_file:
                self.on_status("video_ended", str(self.src.source))
                return
            if not self._halt.is_set():
                self.on_status("camera_lost", f"camera {self.src.source} stopped delivering frames")
                lost = True
                self._halt.wait(self.retry_s)
