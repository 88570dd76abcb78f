"""The camera check before a game: is the board found, which markers are seen, is the light and
focus good enough, is a stylus tip seen, and does a test tap land. Used by the set-up screen
(``play --input webcam``) and by ``tiptoi-sim camera-check`` (the same findings as words).

:class:`CameraCheck` is fed frames one at a time (``feed(frame, t)``) and runs the real tap
pipeline on them; :meth:`CameraCheck.findings` says what it saw, as short sentences a family
can act on (``Finding.level`` is ``ok``, ``warn`` or ``problem``), in German or English.
Every sentence comes from ``board_assets/camera/check.<lang>.yaml``, loaded and checked against
:data:`CONTRACT` (the keys the code uses and the placeholders each one gets).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from tiptoi_sim.camera.pipeline import CameraTap, PipelineConfig, TapPipeline
from tiptoi_sim.camera.registration import MARKER_IDS

CORNER_KEYS = {0: "top_left", 1: "top_right", 2: "bottom_right", 3: "bottom_left"}
TEST_TAP = "info"  # the Info symbol: tapping it is the test
#: what the camera thread reports (CameraInput's on_status kinds)
STATUS_KINDS = ("registered", "board_moved", "camera_lost", "camera_back", "video_ended")
HUE_KEYS = ("red", "orange", "yellow", "green", "cyan", "blue", "purple", "magenta")


def _contract() -> dict[str, dict[str, frozenset]]:
    plain = frozenset({""})
    fields = {"finding.picture": ("width", "height", "frames"), "finding.marker_missing_one": ("names",),
              "finding.marker_missing_found": ("names",),
              "finding.marker_missing_many": ("names",), "finding.marker_name": ("id", "corner"),
              "finding.board_found": ("pixels",), "finding.stylus_seen": ("colour",),
              "finding.taps_seen": ("taps",), "screen.click_corner": ("corner", "n"),
              "status.camera_lost": ("detail",)}
    keys = ["finding." + k for k in (
        "no_picture", "picture", "small_picture", "markers_all", "corners_by_hand", "marker_missing_one",
        "marker_missing_found",
        "marker_missing_many", "marker_name", "board_not_found", "board_found", "corner_outside", "board_small",
        "dark", "bright", "light_good", "glare", "blurred", "sharp", "stylus_seen", "stylus_not_seen",
        "test_tap_works", "taps_seen", "no_tap")]
    keys += [f"mark.{k}" for k in ("ok", "warn", "problem")]
    keys += [f"corner.{k}" for k in CORNER_KEYS.values()] + [f"colour.{k}" for k in HUE_KEYS]
    keys += [f"screen.{k}" for k in ("title", "waiting", "stylus_tip", "click_corner", "test_works", "test_prompt",
                                     "keys")]
    keys += [f"status.{k}" for k in STATUS_KINDS]
    return {k: {f: plain for f in fields.get(k, ())} for k in keys}


#: phrase key -> the placeholders the code fills (see tiptoi_sim.core.phrases.check_contract)
CONTRACT = _contract()


@lru_cache(maxsize=None)
def texts(lang: str = "en"):
    """The camera check's catalogue in ``lang`` (``de`` or ``en``), checked on first use; a broken
    file raises DataError naming its file, line and key."""
    from tiptoi_sim.core.phrases import LANGUAGES, load_catalogues
    from tiptoi_sim.paths import assets_dir

    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    return load_catalogues(assets_dir() / "camera", stem="check", contract=CONTRACT)[lang]


@dataclass(frozen=True)
class Finding:
    level: str   # ok | warn | problem
    text: str


def status_text(kind: str, detail: str | None, lang: str) -> str:
    """The window's notice for a status the camera thread reports, in ``lang``."""
    if kind not in STATUS_KINDS:  # a kind added to the thread but not to the catalogue: still shown
        return f"webcam: {kind}" + (f" ({detail})" if detail else "")
    return texts(lang).render(f"status.{kind}", detail=detail or "")


class CameraCheck:
    def __init__(self, layout, pointer: str = "finger", corners=None, pipeline: TapPipeline | None = None,
                 lang: str = "en"):
        """``pipeline``: check through an existing pipeline (the live camera's) instead of a new one;
        ``lang``: the language of :meth:`findings` (``de`` or ``en``)."""
        self.layout = layout
        self.lang = lang
        self.say = texts(lang).render
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
        say = self.say
        out: list[Finding] = []
        if self.frames == 0:
            return [Finding("problem", say("finding.no_picture"))]
        w, h = self.size
        out.append(Finding("ok", say("finding.picture", width=w, height=h, frames=self.frames)))
        if w < 640:
            out.append(Finding("warn", say("finding.small_picture")))
        missing = [i for i in MARKER_IDS if i not in self.markers_ever]
        if not missing:
            out.append(Finding("ok", say("finding.markers_all")))
        elif self.pipeline.cfg.corners is not None:
            out.append(Finding("ok", say("finding.corners_by_hand")))
        else:
            names = ", ".join(say("finding.marker_name", id=i, corner=self.corner_name(i)) for i in missing)
            if len(missing) == 1 and self.pipeline.tracker.from_three:
                # found from the other three markers: it works, a little less precisely
                out.append(Finding("warn", say("finding.marker_missing_found", names=names)))
            else:
                key = "finding.marker_missing_many" if len(missing) > 1 else "finding.marker_missing_one"
                out.append(Finding("problem", say(key, names=names)))
        quad = self.outline()
        if quad is None:
            out.append(Finding("problem", say("finding.board_not_found")))
        else:
            bw = float(np.mean([np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[3])]))
            inside = bool(((quad >= 0) & (quad <= [w - 1, h - 1])).all())
            out.append(Finding("ok", say("finding.board_found", pixels=f"{bw:.0f}")))
            if not inside:
                out.append(Finding("warn", say("finding.corner_outside")))
            elif bw < 0.4 * w:
                out.append(Finding("warn", say("finding.board_small")))
        if self.brightness:
            b, clip = float(np.median(self.brightness)), float(np.median(self.clipped))
            if b < 100:  # a cream board in good light is about 140-200
                out.append(Finding("warn", say("finding.dark")))
            elif b > 215:
                out.append(Finding("warn", say("finding.bright")))
            else:
                out.append(Finding("ok", say("finding.light_good")))
            if clip > 0.02:
                out.append(Finding("warn", say("finding.glare")))
            if float(np.median(self.sharpness)) < 0.08:
                out.append(Finding("warn", say("finding.blurred")))
            else:
                out.append(Finding("ok", say("finding.sharp")))
        if self.pipeline.cfg.pointer == "stylus":
            if self.tip_hues:
                colour = say("colour." + hue_name(int(np.median(self.tip_hues))))
                out.append(Finding("ok", say("finding.stylus_seen", colour=colour)))
            else:
                out.append(Finding("warn", say("finding.stylus_not_seen")))
        hits = [t for t in self.taps if t.tap is not None]
        if any(t.tap == TEST_TAP for t in hits):
            out.append(Finding("ok", say("finding.test_tap_works")))
        elif hits:
            out.append(Finding("ok", say("finding.taps_seen", taps=", ".join(t.tap for t in hits[:5]))))
        else:
            out.append(Finding("warn", say("finding.no_tap")))
        return out

    def corner_name(self, i: int) -> str:
        """The board corner of marker ``i`` in words (``top-left`` / ``oben links``)."""
        return self.say(f"corner.{CORNER_KEYS[i]}")

    def mark(self, level: str) -> str:
        """How ``camera-check`` marks a finding of ``level`` at the start of its line."""
        return self.say(f"mark.{level}")

    def ok(self) -> bool:
        return self.board_found and not any(f.level == "problem" for f in self.findings())


def hue_name(hue: int) -> str:
    """The colour of an OpenCV hue (0-179) as a key of the catalogue's ``colour`` names."""
    deg = hue * 2
    for limit, name in ((15, "red"), (40, "orange"), (70, "yellow"), (160, "green"), (200, "cyan"),
                        (260, "blue"), (290, "purple"), (340, "magenta"), (360, "red")):
        if deg < limit:
            return name
    return "red"
