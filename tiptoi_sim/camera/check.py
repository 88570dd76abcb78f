"""The camera check before a game: is the board found, which markers are seen, is the light and
focus good enough, is a stylus tip seen, and does a test tap land. Used by the set-up screen
(``play --input webcam``) and by ``tiptoi-sim camera-check`` (the same findings as words).

:class:`CameraCheck` is fed frames one at a time (``feed(frame, t)``) and runs the real tap
pipeline on them; :meth:`CameraCheck.findings` says what it saw, as short sentences a family
can act on (``Finding.level`` is ``ok``, ``warn`` or ``problem``).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tiptoi_sim.camera.pipeline import CameraTap, PipelineConfig, TapPipeline
from tiptoi_sim.camera.registration import MARKER_IDS

CORNER_NAMES = {0: "top-left", 1: "top-right", 2: "bottom-right", 3: "bottom-left"}
TEST_TAP = "info"  # the Info symbol: tapping it is the test


@dataclass(frozen=True)
class Finding:
    level: str   # ok | warn | problem
    text: str


class CameraCheck:
    def __init__(self, layout, pointer: str = "finger", corners=None, pipeline: TapPipeline | None = None):
        """``pipeline``: check through an existing pipeline (the live camera's) instead of a new one."""
        self.layout = layout
        self.pipeline = pipeline or TapPipeline(layout.hit_test, PipelineConfig(pointer=pointer, aspect=layout.aspect,
                                                                                corners=corners))
        self.frames = 0
        self.size: tuple[int, int] | None = None
        self.markers_ever: set[int] = set()
        self.markers_now: set[int] = set()
        self.brightness: list[float] = []
        self.clipped: list[float] = []
        self.sharpness: list[float] = []
        self.taps: list[CameraTap] = []
        self.tip_hues: list[int] = []
        self.hand_frames = 0

    def feed(self, frame: np.ndarray, t: float) -> list[CameraTap]:
        self.frames += 1
        self.size = (frame.shape[1], frame.shape[0])
        taps = self.pipeline.process(frame, t)
        st = self.pipeline.state
        self.markers_now = set(self.pipeline.tracker.last_seen)
        self.markers_ever |= self.markers_now
        self.hand_frames += bool(st.hand)
        if self.pipeline.tip_hue is not None and st.tip is not None:
            self.tip_hues.append(self.pipeline.tip_hue)
        img = self.pipeline.board_img
        if img is not None and self.frames % 3 == 1:
            grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
            self.brightness.append(float(grey.mean()))
            self.clipped.append(float((grey >= 250).mean()))
            # focus: the print's fine edges (Laplacian), relative to its contrast
            self.sharpness.append(float(cv2.Laplacian(grey, cv2.CV_32F).var()) / max(1.0, float(grey.std()) ** 2))
        self.taps += taps
        return taps

    @property
    def board_found(self) -> bool:
        return self.pipeline.H is not None

    def outline(self):
        """The board's corners in camera pixels (TL, TR, BR, BL) or None."""
        if self.pipeline.H is None:
            return None
        Hi = np.linalg.inv(self.pipeline.H)
        return cv2.perspectiveTransform(np.float64([[[0, 0]], [[1, 0]], [[1, 1]], [[0, 1]]]), Hi).reshape(-1, 2)

    def findings(self) -> list[Finding]:
        out: list[Finding] = []
        if self.frames == 0:
            return [Finding("problem", "No picture came from the camera.")]
        w, h = self.size
        out.append(Finding("ok", f"Picture: {w}×{h}, {self.frames} frames looked at."))
        if w < 640:
            out.append(Finding("warn", "The picture is small: set the camera to 640×480 or more."))
        missing = [i for i in MARKER_IDS if i not in self.markers_ever]
        if not missing:
            out.append(Finding("ok", "All four markers are seen."))
        elif self.pipeline.cfg.corners is not None:
            out.append(Finding("ok", "The board corners were given by hand."))
        else:
            names = ", ".join(f"{i} ({CORNER_NAMES[i]})" for i in missing)
            out.append(Finding("problem", f"Marker{'s' if len(missing) > 1 else ''} not seen: {names}. "
                                          "Put all four markers in the picture, or click the board's corners."))
        quad = self.outline()
        if quad is None:
            out.append(Finding("problem", "The board is not found yet."))
        else:
            bw = float(np.mean([np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[3])]))
            inside = bool(((quad >= 0) & (quad <= [w - 1, h - 1])).all())
            out.append(Finding("ok", f"Board found, {bw:.0f} pixels wide."))
            if not inside:
                out.append(Finding("warn", "A corner of the board is outside the picture: move the camera back."))
            elif bw < 0.4 * w:
                out.append(Finding("warn", "The board looks small: move the camera closer or zoom in."))
        if self.brightness:
            b, clip = float(np.median(self.brightness)), float(np.median(self.clipped))
            if b < 100:  # a cream board in good light is about 140-200
                out.append(Finding("warn", "The board is dark: turn on more light (dim light makes the picture "
                                           "grainy and taps less sure)."))
            elif b > 215:
                out.append(Finding("warn", "The board is very bright: less light, or lower the camera's exposure."))
            else:
                out.append(Finding("ok", "The light is good."))
            if clip > 0.02:
                out.append(Finding("warn", "Glare: part of the board shines white. Move the lamp or tilt the camera."))
            if float(np.median(self.sharpness)) < 0.08:
                out.append(Finding("warn", "The picture is blurred: focus the camera or hold it still."))
            else:
                out.append(Finding("ok", "The picture is sharp."))
        if self.pipeline.cfg.pointer == "stylus":
            if self.tip_hues:
                out.append(Finding("ok", f"Stylus tip seen: {hue_name(int(np.median(self.tip_hues)))}."))
            else:
                out.append(Finding("warn", "No coloured stylus tip seen yet: hold the pen over the board."))
        hits = [t for t in self.taps if t.tap is not None]
        if any(t.tap == TEST_TAP for t in hits):
            out.append(Finding("ok", "Test tap on the Info symbol: it works."))
        elif hits:
            out.append(Finding("ok", f"Taps seen: {', '.join(t.tap for t in hits[:5])}."))
        else:
            out.append(Finding("warn", "No tap seen yet: rest a fingertip on the Info symbol for a moment."))
        return out

    def ok(self) -> bool:
        return self.board_found and not any(f.level == "problem" for f in self.findings())


def hue_name(hue: int) -> str:
    """A colour name for an OpenCV hue (0-179)."""
    deg = hue * 2
    for limit, name in ((15, "red"), (40, "orange"), (70, "yellow"), (160, "green"), (200, "cyan"),
                        (260, "blue"), (290, "purple"), (340, "magenta"), (360, "red")):
        if deg < limit:
            return name
    return "red"
