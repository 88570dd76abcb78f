"""``play --input webcam``: the camera thread feeding taps into the game.

``start_camera_input(source, on_tap, on_status, layout, **options)`` starts a :class:`CameraInput`
and returns it; ``.stop()`` ends it. ``on_tap(tap_id)`` is called from the camera thread for every
dwell on a hotspot (hand it to a queue, e.g. ``LiveGame.put_tap``); ``on_status(kind, detail)``
announces ``camera_lost`` (let the mouse take over; the camera is retried), ``camera_back``,
``registered`` (the board was found), ``board_moved`` and ``video_ended``. ``.view()`` gives the
latest small camera view (RGB numpy array with the board outline, the tip and the dwell ring)
for the screen.
"""

from __future__ import annotations

import threading

import cv2

from tiptoi_sim.camera.capture import CaptureThread
from tiptoi_sim.camera.dwell import DWELL_RADIUS, DWELL_S
from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
from tiptoi_sim.camera.stylus import StylusColour


class CameraInput:
    def __init__(self, source, on_tap, on_status, layout, *, pointer: str = "finger",
                 dwell_radius: float = DWELL_RADIUS, dwell_s: float = DWELL_S, stylus_colour: str | StylusColour | None = "any",
                 corners=None, view_width: int = 320, realtime: bool = True, retry_s: float = 2.0):
        # "any": a vivid tip of any colour, found by its shape at the pen's end (nothing to set)
        colour = (stylus_colour if isinstance(stylus_colour, StylusColour) or stylus_colour is None
                  else None if stylus_colour == "any" else StylusColour.preset(stylus_colour))
        cfg = PipelineConfig(pointer=pointer, aspect=getattr(layout, "aspect", 1.6), dwell_radius=dwell_radius,
                             dwell_s=dwell_s, stylus=colour, corners=corners)
        self.pipeline = TapPipeline(layout.hit_test, cfg)
        self.on_tap = on_tap
        self.on_status = on_status or (lambda kind, detail="": None)
        self.view_width = view_width
        self._view = None
        self._lock = threading.Lock()
        self._registered = False
        self._last_frame = None
        #: while set (the set-up screen), frames go through this CameraCheck (same pipeline)
        #: and taps are not handed to the game
        self.check = None
        self.thread = CaptureThread(source, self._frame, self.on_status, realtime=realtime, retry_s=retry_s)

    def start(self) -> "CameraInput":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.thread.stop()

    def view(self):
        with self._lock:
            return self._view

    def last_frame(self):
        """The camera's latest BGR frame, or None."""
        return self._last_frame

    def calibrate_stylus(self, frame_bgr, box) -> StylusColour:
        """Learn the tip colour from a frame with the tip held up inside ``box`` (x, y, w, h)."""
        colour = StylusColour.calibrate(frame_bgr, box)
        self.pipeline.cfg.stylus = colour
        return colour

    def set_corners(self, corners_px) -> None:
        """Use the board corners the user clicked in the camera picture (pixels of the camera
        frame, top-left, top-right, bottom-right, bottom-left) instead of the markers."""
        self.pipeline.tracker.set_corners(corners_px)
        self.pipeline.cfg.corners = [list(map(float, c)) for c in corners_px]
        self.pipeline.model.reset()  # learn the empty board again under the new registration

    def _frame(self, frame, t) -> None:
        H_before = self.pipeline.H
        self._last_frame = frame
        check = self.check
        if check is not None:
            check.feed(frame, t)
            return
        taps = self.pipeline.process(frame, t)
        if self.pipeline.H is not None and H_before is None:
            self.on_status("registered", "")
        elif H_before is not None and self.pipeline.H is not H_before:
            self.on_status("board_moved", "")
        for tap in taps:
            if tap.tap is not None:
                self.on_tap(tap.tap)
        view = cv2.cvtColor(self.pipeline.draw_view(frame, self.view_width), cv2.COLOR_BGR2RGB)
        with self._lock:
            self._view = view


def start_camera_input(source, on_tap, on_status, layout, **options) -> CameraInput:
    """Start reading ``source`` (camera index like ``0`` or a video file) in its own thread.

    A video file that does not exist, or bad options, raise :class:`UserError` at once (one line,
    exit 2 in the CLI); a camera that cannot be opened is not an error: it is announced with
    ``on_status("camera_lost", …)`` and retried, while the mouse keeps working."""
    from pathlib import Path

    from tiptoi_sim.camera.capture import parse_source
    from tiptoi_sim.core.errors import UserError

    src = parse_source(source)
    if isinstance(src, str) and not Path(src).is_file():
        raise UserError(f"--camera {source}: no such video file (give a camera number like 0, or a video file)")
    if options.get("pointer", "finger") not in ("finger", "stylus"):
        raise UserError(f"pointer {options['pointer']!r}: expected finger or stylus")
    try:
        cam = CameraInput(source, on_tap, on_status, layout, **options)
    except ValueError as e:
        raise UserError(str(e)) from None
    return cam.start()


def attach(window, args) -> CameraInput:
    """Wire the webcam into the pen's window (``play --input webcam``): taps go to the live
    game, status changes show as a notice, and a small camera view is drawn in a corner of
    each frame. The mouse keeps working throughout."""
    import pygame

    from tiptoi_sim.camera.check import status_text, texts
    from tiptoi_sim.camera.hotspots import load_hotspots

    lang = getattr(window, "lang", None) or "de"
    texts(lang)  # a broken catalogue is refused now, not from the camera's thread

    def on_status(kind: str, detail=None) -> None:
        window.notice = status_text(kind, detail, lang)

    layout = load_hotspots()
    cam = start_camera_input(getattr(args, "camera", None) or "0", window.live.put_tap, on_status,
                             layout, pointer=getattr(args, "pointer", "finger"), realtime=True)
    if not getattr(args, "no_camera_check", False):
        run_setup_screen(window, cam, layout, args)

    def draw_view(win) -> None:
        rgb = cam.view()
        if rgb is None:
            return
        surf = pygame.surfarray.make_surface(rgb.swapaxes(0, 1))
        w = max(160, win.screen.get_width() // 5)
        h = int(surf.get_height() * w / surf.get_width())
        win.screen.blit(pygame.transform.smoothscale(surf, (w, h)),
                        (win.screen.get_width() - w - 8, win.screen.get_height() - h - 8))

    window.frame_hooks.append(draw_view)
    stop = window.close

    def close() -> None:
        cam.stop()
        stop()

    window.close = close
    return cam


def run_setup_screen(window, cam: CameraInput, layout, args) -> bool:
    """The set-up screen before the game (:mod:`tiptoi_sim.screen.camera_setup`), with the
    game's clock paused; its test taps do not reach the game. The check runs the camera's own
    pipeline, so the board found and the empty board learnt carry on into the game."""
    from tiptoi_sim.camera.check import CameraCheck
    from tiptoi_sim.screen.camera_setup import run_camera_setup

    check = CameraCheck(layout, pipeline=cam.pipeline, lang=getattr(window, "lang", None) or "de")
    live = window.live
    live.pause()
    cam.check = check
    try:
        return run_camera_setup(window.screen, check, cam.last_frame,
                                frames=getattr(args, "setup_frames", None) or getattr(args, "frames", None),
                                screenshot=getattr(args, "setup_screenshot", None))
    finally:
        cam.check = None
        live.resume()
