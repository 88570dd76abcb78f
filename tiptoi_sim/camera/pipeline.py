"""The whole webcam pipeline, one frame at a time: registration, empty-board model, pointer,
dwell, hit test. Pure apart from OpenCV: time comes with each frame, so a recorded clip gives the
same taps every run. Hotspots come only through ``hit_test(x, y) -> id | None``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Callable

import cv2
import numpy as np

from tiptoi_sim.camera.background import BoardModel, channel_mean
from tiptoi_sim.camera.dwell import DWELL_RADIUS, DWELL_S, REFUSED, DwellDetector
from tiptoi_sim.camera.lens import LensEstimate, board_corners_from_markers, fit_k1, rectify_maps
from tiptoi_sim.camera.pointer import (FINGER_RADIUS_FRAC, Hand, axis_at_tip, bridge_edge, centre_across,
                                      cut_edge_lines, find_hand, reach_faint_end, tip_at_edge, width_behind)
from tiptoi_sim.camera.registration import MARKER_IDS, MarkerTracker, register_by_features
from tiptoi_sim.camera.stylus import (COOL_PEAK_SAT, FAINT_COOL_MIN_SAT, FAINT_COOL_PEAK_SAT, TIP_HUE_TOL, StylusColour,
                                      find_tip, find_vivid_blob, hue_dist, hue_mean, is_cool, refine_tip,
                                      tip_max_area)


@dataclass
class PipelineConfig:
    pointer: str = "finger"           # finger | stylus
    board_px: int = 256               # width of the rectified board the pointer is sought in
    margin: float = 0.08              # table seen around the board (board widths), so a hand
                                      # reaching a spot near the edge is seen with its arm
    aspect: float = 1.6               # board width / height
    dwell_radius: float = DWELL_RADIUS  # share of the board's width
    dwell_s: float = DWELL_S
    learn_s: float = 1.0              # empty board at the start of the video
    relearn_s: float = 0.5            # after the board moved
    marker_every: int = 6             # look for markers every n-th frame once registered
    stylus: StylusColour | None = None  # a set tip colour; None: any vivid tip, found by shape
    corners: list | None = None       # clicked board corners (fallback when no markers)
    homography: np.ndarray | None = None  # fixed camera->board homography
    feature_ref: np.ndarray | None = None  # a picture of the board (BGR): registration by ORB
                                           # features when the markers are not found


@dataclass
class CameraTap:
    t: float
    tap: str | None
    x: float
    y: float
    started: float


@dataclass
class FrameState:
    """What the last frame showed, for the camera view and the benchmark."""
    registered: bool = False
    learning: bool = True
    hand: bool = False
    tip: tuple[float, float] | None = None  # board coordinates
    progress: float = 0.0
    markers_seen: int = 0
    taps: list = field(default_factory=list)


#: while the empty board is learnt, a move of the markers by up to this share of the board's
#: width is camera shake, not a moved board (see TapPipeline._moved_far)
LEARN_HOLD = 0.03
#: how many bytes of camera frames the learning of the empty board keeps at most (31 frames
#: at 1280x720, 16 at 1920x1080)
LEARN_BYTES = 100_000_000

#: three tips in a row at a pen's end whose hue lies farther than this from the hue learnt are
#: a new pen (``TapPipeline._learn_hue``): as far as the search for a tip of the learnt hue
#: reaches (``find_vivid_blob``'s ``TIP_HUE_TOL``). It was 20: a red tip (hue 4-10 in a warm dim
#: light) after a yellow one (23-26) was neither a new pen nor found by the learnt hue's search
#: when it lay apart from the hand seen (our "stylus dim dark table", seed 6551)
NEW_PEN_HUE = TIP_HUE_TOL

#: a stylus's tip lies at the hand found when within this many finger radii of its mask
#: (``TapPipeline._pen_hand``); else the pen and fist around the tip, of at least
#: ``PEN_LEAST_AREA`` squared finger radii, are its hand
PEN_AT_HAND = 2.0
PEN_LEAST_AREA = 3.0

#: the peak saturation a blob of the tip's own hue, where the tip was a moment ago, needs to be
#: followed as the tip: what a tip of a hue no skin has needs anywhere (a vivid tip of skin's
#: hue found anywhere needs 170)
FOLLOW_PEAK_SAT = COOL_PEAK_SAT
#: (least, peak) saturation of the tip followed where it was when a warm blob behind it was
#: found instead (``TapPipeline._jumped_back``): as faint as a cool tip blurred into a pale board
FAINT_FOLLOW_SAT = (FAINT_COOL_MIN_SAT, FAINT_COOL_PEAK_SAT)
#: the stylus in dim light (``TapPipeline._stylus_gain``): the picture the tip is sought in is
#: brightened so that the empty board's brightness (75th percentile of its pixels' value)
#: reaches ``DIM_BOARD_V``, by at most ``MAX_STYLUS_GAIN``. A tip is told from skin and noise
#: by saturation, which light does not change, but also by its value and chroma (at least 50
#: and 60 of 255), which it does: in a room at 0.35-0.5 of normal light a tip peaks at a
#: chroma of about 30 (12 and 11 of 18 dwells of two dim scenes found without this, 18 and 17
#: with it). The board measured 85-111 in dim light, 171-244 in six normal-light clips; in
#: 34 of the benchmark's 96 stylus clips it is a little darker than 170, and the small gain
#: there changed no tap
DIM_BOARD_V = 170.0
MAX_STYLUS_GAIN = 2.5


#: a fingertip at rest (``TapPipeline._held_tip``): found in this many frames near where it
#: settled, it is held for up to ``HOLD_S`` seconds while the picture there changes by at most
#: ``STILL_SHARE`` of what the finger made differ
REST_FRAMES = 4
HOLD_S = 0.35
STILL_SHARE = 0.4

#: a flat hand seen in pieces (``TapPipeline._flat_hand``): over the last ``FLAT_FRAMES``
#: pointing frames (at least half of them), the median width behind the tip, in finger radii,
#: of what the coherent mask adds to the masks is above ``FLAT_WIDTH`` and the median share of
#: it that the masks see within 2 radii of the tip below ``FLAT_SEEN``. A finger is 0.6-2 wide
#: (a short one before its fist, or one whose pale shadow the coherent mask takes in, up to 13)
#: and seen whole by the masks (0.7-0.8 of it); the flat hands that tapped by mistake measured
#: 3.3-9 and 0.1-0.48
FLAT_WIDTH = 3.0
FLAT_SEEN = 0.5
FLAT_FRAMES = 9

#: a tip held above the board (``TapPipeline._shadow_apart``): a thinking pause a few
#: centimetres up, a hand hovering, a flat hand or a fist lying on the board. On the board a
#: fingertip or a pen's point meets its own shadow, which lies under it or as a thin rim along
#: it; raised, the shadow moves off by the height times the light's slant and shows beside or
#: ahead of the tip, apart from it. Counted: the pixels of the board (not the table around it)
#: within ``RAISED_REACH`` finger radii of the tip, not more than ``RAISED_BEHIND`` radii behind it, at
#: least ``RAISED_GAP`` radii from anything that differs, darker by ``RAISED_DARK`` (log
#: brightness) than a disc ``RAISED_WIDTH`` radii wide around them lets the board be (a grey
#: top-hat: the edge of a wide soft shadow, someone leaning over the table, is no such shadow),
#: with the hue kept (chroma below ``RAISED_CHROMA``), in patches of at least ``RAISED_PATCH``
#: squared radii (not specks of print). The median over the last ``RAISED_FRAMES`` frames with
#: a tip above ``RAISED_AREA`` squared radii refuses the dwell, until the tip comes down.
#: Measured on ``benchmarks/independent`` (seeds 1-4; radius 8.9 pixels): the tips on the board
#: 0-3 pixels in the last 5 frames of every dwell; raised or flat, 8 of the 19 false taps
#: refused, not one dwell lost (without the top-hat, the patches, or what differs taken as the
#: board's middle darkness, our own clips lost dwells: a body shadow's edge at the tip, specks
#: of print beside a pale fingertip, a dim gap between a child's finger and another hand).
#: The reach was 2.5 radii until 2026-12-07. A hand hovering 11-18 cm up throws the finger's
#: shadow 2-8 cm off: at 5 radii one of the four such hovers that tapped on the hands-only
#: clips of seeds 31-38 is refused, and not one dwell of 70 clips changed. Reaching 5 radii
#: into the table beside the board made a finger resting on lock 1, at the board's edge, lose
#: its tap (our seed 8124's clip 8424): only the board is looked at. Half a radius behind the
#: tip until the stop after: a hand held 25 cm up (the clips made apart, seed 132,
#: ``rest_lightwood``) throws its finger's shadow beside the finger and a little behind its
#: tip, and was seen raised in only some frames (a median of 0.15-0.6 squared radii, then 0:
#: a tap); ``RAISED_BEHIND`` radii behind, 0.4-1.5 in every frame of the hover.
RAISED_REACH = 5.0
RAISED_BEHIND = 1.0
#: ``TapPipeline._shadow_apart``: "behind the tip" is along the finger's own axis; where that
#: parts from the arm's (from where it enters to the tip) by more than this (degrees), behind
#: along either. A very light hand over pale print seen only in part has a finger's axis that
#: points anywhere (65 degrees off the arm, our benchmark's very light hands on a dark table,
#: seed 9725), and its palm's own shadow, behind the tip along the arm and apart from the
#: unseen palm, refused the dwell as raised. Not always along the arm too: a thinking pause
#: and a hover of the clips made apart (seed 138, 8 and 11 cm up, the finger's axis within 25
#: degrees of the arm's) cast their shadows there, and tapped
RAISED_ASKEW = 45.0
RAISED_WIDTH = 2.5
RAISED_GAP = 0.25
RAISED_DARK = 0.15
RAISED_CHROMA = 0.12
RAISED_AREA = 0.2
RAISED_PATCH = 0.1
RAISED_FRAMES = 5
#: ``TapPipeline._shadow_apart``: a shadow patch that joins something else that differs, at
#: least this many squared finger radii (``TapPipeline._others_near``), is that thing's own and
#: does not count. Another player's fist resting on the table at the board's edge casts its
#: shadow onto the board; the masks see the fist but not its soft shadow, which lay 2-4 radii
#: from a finger resting on a character there, apart from that hand, and refused its dwell
#: as raised for all of its 1.3 s (the clips made apart, seed 135, ``finger_lightwood``: 4.3
#: squared radii each frame). A raised finger's shadow lies apart from everything
OTHER_AREA = 1.0

#: a dwell off every hotspot taps the one just ahead of it (``TapPipeline._hit``): up to this
#: many finger radii on along the arm, tried in ``AHEAD_STEPS`` steps, the nearest first.
#: Measured on the clips made apart, seeds 131-138 (49 finger and hands-only clips): 4 dwells
#: more right (their rests' medians 0.25, 0.25, 0.38 and 0.5 radii short of a waypoint, a
#: tablecloth's skill, a vault combination), and 1 false tap more, a hover 11 cm up whose
#: rest lay 0.12 radii short of a room (it tapped nothing before, by luck); our benchmark's
#: seed 9431 likewise turned one rest off every hotspot into a tap (a phantom at the board's
#: edge, found by the edges alone, where a resting hand had left), and so did a very light flat
#: hand resting in the test suite's idle clip 5421: since, only a finger seen pointing in every
#: frame of its rest (the four dwells: all; the phantom 0.9, the flat hand 0.7; the hover, all)
AHEAD_REACH = 0.5
AHEAD_STEPS = 4

#: a hand lying still for seconds is no new tap (``TapPipeline._stale``): another player's
#: hand resting at the board's edge, taken for the pointing one once that has left (5 false
#: taps on the clips made apart, seeds 1-4, 11-12 and 21-22), or a finger left on a spot it
#: tapped, found again after a moment lost. Where a dwell lands, the box 1.5 finger radii
#: around it in every picture kept over the last ``STALE_S`` seconds (the dwell is 0.65-1.15 s
#: of them) shows what it shows now: the picture changed by at most ``STALE_CHANGE`` of how
#: much it differs from the empty board, or what differs (at least ``STALE_COVER`` of the box)
#: overlaps by at least ``STALE_OVERLAP``. Measured on those clips, 2.5 and 3.5 s back: the
#: resting hands 0.09-0.34 and 0.38-0.94; the dwells that came to their spot 0.93 and more and
#: 0-0.34 (the board or another part of the hand was there; a thinking pause 0.87 at one of
#: the two, 0.01 at the other); our own clip of a resting finger while a soft shadow passes
#: 0.48-0.58 and 0.92. ``STALE_CHANGE`` was 0.5 until the stop after 2026-12-07's first: a
#: very light flat hand resting at the board's left edge for 5 s, most of it taken into the
#: model, changed by 0.33-0.64 (the noise of a beige desk against what little still differed)
#: and was tapped once the pointing hand had gone (seed 134 of the clips made apart,
#: ``finger_beige``); 0.7 lies in the gap measured above as 0.5 did
STALE_S = 3.0
STALE_CHANGE = 0.7
STALE_COVER = 0.05
STALE_OVERLAP = 0.6
STALE_MISSED = 1
#: how often a picture is kept for that (seconds), and how far from the time sought it may be
PAST_EVERY = 0.25
PAST_SLACK = 0.3

#: a pale fingertip found in some frames, its knuckle (or the curled fingers' front) in the
#: others (``TapPipeline._fallen_back``): a tip found up to ``FAR_BACK`` finger radii nearer the
#: arm than the tip the finger reached, and up to ``FAR_ASIDE`` radii beside the line from the
#: arm's entry to it, is taken for that tip while that was found within the last 5 frames, or
#: found again, after a frame it was kept for, within the last ``FAR_FRAMES``. Until
#: 2026-12-07 only the first held, with 1.5 and 0.3 radii: a thin light finger (independent
#: seed 91, 1.4 % of the board wide, over the sheet's white margin) was found in a third of the
#: frames at lock 1 and lock 2, its knuckle 0.7-0.9 radii back and 0.15-0.33 aside in the
#: rest, up to 12 frames in a row; a very light one (seed 92, alarm B) 1.6 radii back. Both
#: dwells broke. Kept for 15 frames after it was merely found three times, an aim held 2 cm up
#: (seed 98) was kept while the finger came down, its tap off the hotspot; with a 45-degree
#: cone instead of the fixed ``FAR_ASIDE``, a dwell was lost and a hands-only clip tapped
FAR_FRAMES = 15
FAR_ASIDE = 0.5
FAR_BACK = 2.0

#: a flat hand or a fist whose end looks like a finger now and then (``TapPipeline.
#: _seldom_pointed``): a tip that makes a tap was seen pointing, the hand's end narrow, in at
#: least this share of the frames of the dwell's last ``dwell_s`` seconds. The tip found by
#: ``_finger``'s few frames of grace or held by ``_held_tip`` (a pale fingertip lost for a
#: moment) bridges a gap in a rest but does not make one. Measured on the clips made apart
#: (``benchmarks/independent``, seeds 1-2 and 21-23): every right tap 0.85-1.00 (65 of 67 at
#: 1.00); the flat hands resting that tapped, and a flat hand hovering, 0.19-0.48
POINTED_SHARE = 0.65

#: how near the board's edge a tip found lies for the hand to be sought whole too (finger
#: radii): see :meth:`TapPipeline._at_edge`
EDGE_TIP = 0.25

#: how far beyond the masks' fingertip the hand seen whole may reach for its tip to be taken
#: (finger radii): see :meth:`TapPipeline._beyond`
BEYOND_LEAST = 0.5
BEYOND_MOST = 3.0
BEYOND_WIDTH = 1.75
BEYOND_FRAMES = 10

#: how far (dwell radii) the tip must go from a tap before the same hotspot taps again (or be
#: lost for the dwell's ``lost_s``): see :meth:`TapPipeline._note_away`
REPEAT_AWAY = 1.5


@dataclass
class _Rest:
    """A fingertip at rest (``TapPipeline._held_tip``)."""
    seen: list          # its last 15 places (rectified pixels)
    since: int          # the frame number it was first found in
    last_n: int         # the frame number it was last found in
    last_t: float       # and that frame's time
    found: int          # how many frames it was found in
    patch: tuple        # (box, log picture in it) of the frame it was last found in


def _square(at, k: int, shape) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1): the square ``k`` pixels each side of ``at``, inside a picture of ``shape``."""
    h, w = shape[:2]
    x, y = int(round(at[0])), int(round(at[1]))
    return max(0, x - k), max(0, y - k), min(w, x + k + 1), min(h, y + k + 1)


def _spread(d: np.ndarray) -> float:
    """How much the log-colour differences ``d`` (..., 3) vary over a patch: the sum of their
    absolute deviations from the median per channel (a change of exposure over the whole patch
    is no change)."""
    d = d.reshape(-1, d.shape[-1])
    return float(np.abs(d - np.median(d, axis=0)).sum())


def _enters(hand, rect, border: int = 3) -> bool:
    """Whether the hand enters from the board's edge: where it enters lies beyond the board
    ``rect`` (x0, y0, x1, y1) or within ``border`` pixels of its edge (not a hand found on
    the board on its own, its wide end taken for where it enters)."""
    x0, y0, x1, y1 = rect
    ex, ey = hand.entry
    return ex < x0 + border or ey < y0 + border or ex > x1 - 1 - border or ey > y1 - 1 - border


class TapPipeline:
    def __init__(self, hit_test: Callable[[float, float], str | None], config: PipelineConfig | None = None):
        self.hit_test = hit_test
        self.cfg = config or PipelineConfig()
        if self.cfg.pointer not in ("finger", "stylus"):
            raise ValueError(f"pointer {self.cfg.pointer!r}: expected finger or stylus")
        # (the fourth board corner from three markers goes through the lens measured so far)
        self.tracker = MarkerTracker(corners_from_quads=lambda quads, size: board_corners_from_markers(
            quads, self.lens.k1, size, self.cfg.aspect))
        if self.cfg.corners is not None:
            self.tracker.set_corners(self.cfg.corners)
        if self.cfg.homography is not None:
            self.tracker.H = np.asarray(self.cfg.homography, np.float64)
        bp = self.cfg.board_px
        self.board_size = (bp, max(8, int(round(bp / self.cfg.aspect))))
        self.margin_px = int(round(self.cfg.margin * bp))
        self.size = (self.board_size[0] + 2 * self.margin_px, self.board_size[1] + 2 * self.margin_px)
        # board coordinates (0-1) -> pixels of the rectified picture (board plus margin)
        self.S = np.array([[self.board_size[0], 0, self.margin_px], [0, self.board_size[1], self.margin_px], [0, 0, 1]],
                          np.float64)
        self.model = BoardModel(learn_s=self.cfg.learn_s)
        # (frame, t) of the empty board being learnt, as the camera gave them: rectified only once
        # the learning is done, all through the homography found by then (see _learn)
        self._learn_frames: list = []
        # the board's corners seen in each picture of the learning (see _settle)
        self._learn_quads: list = []
        self.dwell = DwellDetector(self.cfg.dwell_radius, self.cfg.dwell_s,
                                   aspect=self.board_size[1] / self.board_size[0])
        self.state = FrameState()
        self._frame_no = 0
        self._last_hand_frame = -10**9
        self.board_img: np.ndarray | None = None
        self.fg: np.ndarray | None = None
        self.taps_off_hotspot = 0
        self._entry: tuple[float, float] | None = None  # the arm's entry, board coordinates
        self.tip_hue: int | None = None  # hue of the stylus tip last seen (OpenCV 0-179)
        self._hues: list[int] = []
        self._board_hsv_cache = None  # (frame number, the empty board in HSV, the stylus's gain)
        self._pointed = None  # (frame number, tip) of the last frame with a pointing finger
        self._far = None  # (frame number, tip, entry) of the last tip not fallen back
        self._far_back = False  # whether _far has been held for a tip fallen back since found
        self._far_again = None  # the frame number it was last found again after that
        self._rest: _Rest | None = None  # a fingertip at rest: see _held_tip
        # (width behind the tip, share the masks saw) of the last pointing frames, and the time
        # of the last of them: see _flat_hand
        self._flat_seen: deque = deque(maxlen=FLAT_FRAMES)
        self._flat_t = 0.0
        self._pale_of = None  # (frame number, coherent mask) of the frame it was sought in: _pale
        self._pen = None  # (frame number, pen end, tip offset) of the last tip seen at a pen
        self._seen_tip = None  # (frame number, pixel, hue) of the last vivid tip seen
        # the lens's distortion, measured from the markers while the empty board is learnt
        # (fixed once it is: the model is a picture through these maps)
        self.lens = LensEstimate()
        self._maps = None
        self._maps_key = None
        self._window = None  # Hanning window of the shake measurement
        self.shift = (0.0, 0.0)  # the last frame's shake (rectified pixels)
        # (frame number, shadow apart from the tip) of the last frames with a tip: _raised
        self._apart: deque = deque(maxlen=RAISED_FRAMES)
        self._raised_at = None  # the median of the last dwell refused as raised: _lands_raised
        self._stale_at = None  # the median of the last dwell refused so
        self.taps_raised = 0
        # (t, aligned log picture, final mask) every PAST_EVERY seconds of the last few: _stale
        self._past: deque = deque(maxlen=int(np.ceil(STALE_S / PAST_EVERY)) + 2)
        self._now = None  # (t, aligned log picture, final mask of what differs) of this frame
        self._look = None  # (t, aligned log picture) of this frame, once aligned
        self.taps_stale = 0
        # (t, whether the hand's end pointed) of the frames of the last dwell_s: _seldom_pointed
        self._pointing: deque = deque()
        self.taps_flat = 0
        # (hotspot, board position, whether the finger has gone since) of the last tap, and
        # since when no tip has been seen: _note_away
        self._tapped = None
        self._unseen_since = None
        self.taps_repeated = 0
        # (frame number, width behind the tip in finger radii) of the last hands seen whole
        # whose tip lay beyond the masks': _beyond
        self._widths: deque = deque(maxlen=BEYOND_FRAMES)

    @property
    def _finger_r(self) -> float:
        """A finger's radius in pixels of the rectified picture (``FINGER_RADIUS_FRAC`` of its
        width)."""
        return FINGER_RADIUS_FRAC * self.size[0]

    @property
    def H(self):
        return self.tracker.H

    def _register(self, frame: np.ndarray) -> None:
        fixed = self.cfg.corners is not None or self.cfg.homography is not None
        if fixed:
            return
        if self.tracker.H is not None and self.model.ready and self._frame_no % self.cfg.marker_every:
            return  # (while the empty board is learnt, every frame: each one measures the lens)
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        if self.tracker.H is None and self.cfg.feature_ref is not None and self._frame_no % 15 == 0:
            self.tracker.update(gray)
            if len(self.tracker.last_seen) < 4:
                H = register_by_features(self.cfg.feature_ref, gray)
                if H is not None:
                    self.tracker.H = H
                    self.state.markers_seen = len(self.tracker.last_seen)
                    return
        hand_recently = self._frame_no - self._last_hand_frame < 30
        if self.tracker.update(gray, hand_in_view=hand_recently) and self._moved_far():
            # the board (or the camera) moved: the empty-board model no longer fits (a shake of a
            # pixel or two keeps it: its comparison tolerates that, and it follows slowly)
            self.model = BoardModel(learn_s=self.cfg.relearn_s if self.model.ready else self.cfg.learn_s)
            self._learn_frames = []
            self._learn_quads = []
            self._board_hsv_cache = None
            self.dwell = DwellDetector(self.cfg.dwell_radius, self.cfg.dwell_s, aspect=self.board_size[1] / self.board_size[0])
        if not self.model.ready and self.tracker.last_quad is not None:
            self._learn_quads.append((self.tracker.last_quad, self.tracker.last_from_three))
        seen = len(self.tracker.last_quads)
        # (with three markers the fit is some 30 times slower: every fifth frame is enough)
        if not self.model.ready and (seen == len(MARKER_IDS) or seen == 3 and self._frame_no % 5 == 0):
            self.lens.add(fit_k1(self.tracker.last_quads, (gray.shape[1], gray.shape[0]), self.cfg.aspect))
        self.state.markers_seen = len(self.tracker.last_seen)

    def _learn(self, frame: np.ndarray, log_img: np.ndarray, t: float) -> None:
        """One frame of the empty board's learning. The frames are kept as the camera gave them
        (at most ``LEARN_BYTES`` of them, at least 8) and, once ``learn_s`` has passed since the
        first, all rectified through the homography and lens found by then and learnt: the
        homography may change while the board is learnt (the camera shakes, a lens fit comes
        in), and frames rectified through different ones would not line up."""
        frames = self._learn_frames
        if len(frames) < max(8, min(31, LEARN_BYTES // max(1, frame.nbytes))):
            frames.append((frame.copy(), t))
        if t - frames[0][1] < self.model.learn_s or len(frames) < 3:
            return
        self._settle()
        for f, tf in frames:
            self.model.learn(BoardModel.to_log(self._rectify(f)), tf)
        if not self.model.ready:
            self.model.learn(BoardModel.to_log(self._rectify(frame)), t)
        self._learn_frames = []

    def _settle(self) -> None:
        """At the end of the learning: the board's corners where the camera saw them on average
        (the median of each corner over the learning's pictures), when that is near the ones in
        use. A shaking camera's homography is that of one moment, a pixel or two off the
        board's mean place; the empty board learnt through it, and every later frame steadied
        onto it (:meth:`_steady`), would carry that offset into every tap: on the small
        hotspots (locks, consoles, waypoints, 2 % of the board tall) a tap then lands beside
        them."""
        # (with clicked corners or a given homography no markers are sought: nothing is kept)
        quads = [q for q, three in self._learn_quads if three == self.tracker.from_three]
        self._learn_quads = []
        c = self.tracker.corners
        if len(quads) < 3 or c is None:
            return
        mid = np.median(np.array(quads), axis=0)
        if np.max(np.linalg.norm(mid - c, axis=1)) <= LEARN_HOLD * float(np.linalg.norm(c[1] - c[0])):
            self.tracker.set_corners(mid)

    def _rectify(self, frame: np.ndarray) -> np.ndarray:
        """The board straight on, with a margin of table: through the markers' homography and,
        once measured, without the lens's distortion (:mod:`tiptoi_sim.camera.lens`)."""
        k1, corners = self.lens.k1, self.tracker.corners
        if k1 == 0.0 or corners is None or self.cfg.corners is not None:
            return cv2.warpPerspective(frame, self.S @ self.tracker.H, self.size, flags=cv2.INTER_LINEAR,
                                       borderMode=cv2.BORDER_REPLICATE)
        key = (k1, corners.tobytes(), frame.shape[:2])
        if self._maps_key != key:
            mx, my = rectify_maps(corners, k1, (frame.shape[1], frame.shape[0]), self.S, self.size)
            self._maps = cv2.convertMaps(mx, my, cv2.CV_16SC2)
            self._maps_key = key
        return cv2.remap(frame, self._maps[0], self._maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def _steady(self, img: np.ndarray, log_img: np.ndarray):
        """The rectified frame moved back by the camera's shake: the board's shift against the
        empty-board model (phase correlation of the two, sub-pixel), when it is clear and at most
        a few pixels. Without this a shaking camera moves a resting fingertip across the small
        hotspots, and the print's edges differ from the model."""
        ref = channel_mean(self.model.bg)
        cur = channel_mean(log_img)
        if self._window is None or self._window.shape != ref.shape:
            self._window = cv2.createHanningWindow((ref.shape[1], ref.shape[0]), cv2.CV_32F)
        (dx, dy), response = cv2.phaseCorrelate(ref, cur, self._window)
        self.shift = (dx, dy)
        if response < 0.05 or np.hypot(dx, dy) > 4.0 or np.hypot(dx, dy) < 0.05:
            return img, log_img
        M = np.float32([[1, 0, -dx], [0, 1, -dy]])
        img = cv2.warpAffine(img, M, (img.shape[1], img.shape[0]), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_REPLICATE)
        return img, BoardModel.to_log(img)

    def _hand(self, fg, weak, rect, stylus: bool):
        """(the hand in the masks or None, the weak mask as the hand was sought in)."""
        if not stylus:  # (a pen's thin body may cross the edge aslant: its lines are kept)
            fg_hand, weak = cut_edge_lines(fg, rect), cut_edge_lines(weak, rect)
            # (after the cut: the lines along the edge are gone, a finger across it is joined)
            fg_hand = bridge_edge(fg_hand, rect)
        else:
            fg_hand = fg
        choose = None
        if not stylus and self._look is not None:
            t, log_img = self._look
            # (two players' arms that both point: not the hand that has lain still for seconds)
            choose = partial(self._moving_hand, now=(t, log_img, fg))
        hand = find_hand(fg_hand, weak, board_rect=rect, open_px=1 if stylus else 3,
                         margin_arms=stylus, thin_px=0 if stylus else 2, choose=choose)
        if hand is not None and not stylus:
            r = self._finger_r
            # (a very light fingertip over pale print goes on faintly beyond the mask's end)
            hand = reach_faint_end(self.model.strict, hand, r)
            if hand.pointing:
                # (the mask's end depends on how much the finger differs: its edge does not)
                hand = replace(hand, tip=centre_across(self.model.strict, hand, r))
                hand = replace(hand, tip=tip_at_edge(self.model.strict, hand, r))
        return hand, weak

    def _moving_hand(self, hands: list, now):
        """Of two players' hands that both point (the biggest first), the first whose tip has
        not lain still for the last ``STALE_S`` seconds (:meth:`_stale_px`), else the biggest.
        Another player's flat hand resting with its fingers apart points too; taken for the
        biggest, now one hand and now the other, it broke the pointing hand's dwell frame after
        frame (a tablecloth clip of ``benchmarks/independent``, seed 52: two dwells missed)."""
        for hand in hands:
            if not self._stale_px(hand.tip, now):
                return hand
        return hands[0]

    def _pale(self, fg, ghost):
        """The coherent mask (:meth:`BoardModel.coherent_mask`) of this frame, without the
        ``ghost`` (a hand the model took in, seen again as board: no hand)."""
        if self._pale_of is not None and self._pale_of[0] == self._frame_no:
            return self._pale_of[1]  # (sought once a frame: the flat-hand check, then _pale_finger)
        pale = self.model.coherent_mask(fg)
        if ghost is not None:
            pale[ghost] = 0
        self._pale_of = (self._frame_no, pale)
        return pale

    def _pale_finger(self, hand, fg, weak, ghost, rect):
        """(hand, fingertip or None, fg) when the masks gave no fingertip (or one beside the
        board, and then only a fingertip on it is taken, by the caller): the hand sought again
        with what differs only a little but alike over a patch, joined to what surely differs
        (:meth:`BoardModel.coherent_mask`). A very light hand over a light table is seen only in
        pieces, its arm not at all: no hand enters, or its end does not point. Only then, so
        that where a hand is seen its outline and tip stay as they are. When the hand found so
        enters from the board's edge and points, or there was no hand before, it is returned
        with an ``fg`` that holds those regions too (the model is not updated under them: a
        pale hand unseen must not become part of the empty board); otherwise all is returned
        as it was.

        When that gives no fingertip either, the same with what has edges the empty board has
        not, or has lost, joined to what surely differs (:meth:`BoardModel.edge_mask`): a very
        light finger over the cream board differs from it by nothing the masks see, not even
        averaged, but its outline and the print it hides are edges. Seen so in 2 of the 7
        dwells the clips made apart missed on their seeds 41-42 and 51-52 (and in one of a
        tablecloth clip's three, seed 21, where the finger was lost beyond its knuckles), with
        no tap added anywhere else."""
        pale = self._pale(fg, ghost)
        got = self._seen_again(hand, fg, weak, pale, rect)
        if got[1] is not None:
            return got
        # (nor so: a very light finger over the cream board, seen by its outline and the
        # print it hides, BoardModel.edge_mask)
        edges = cv2.bitwise_or(pale, self.model.edge_mask(cv2.bitwise_or(fg, pale)))
        more = self._seen_again(hand, fg, weak, edges, rect)
        return more if more[1] is not None else got

    def _seen_again(self, hand, fg, weak, extra, rect):
        """:meth:`_pale_finger` with ``extra``, a mask of what more is taken for the hand."""
        if not cv2.countNonZero(cv2.subtract(extra, fg)):
            return hand, None, fg
        fg_more = cv2.bitwise_or(fg, extra)
        more, _ = self._hand(fg_more, cv2.bitwise_or(weak, extra), rect, stylus=False)
        if more is None or not _enters(more, rect):
            # (a hand over a light table is seen now with its arm, entering at an edge; a
            # region on the board alone is no such hand: a printed field whose colour the
            # light shifted, a stale patch of the model, that looked like a fingertip now and
            # then, must not be made whole)
            return hand, None, fg
        tip_px = self._finger(more)
        if tip_px is not None or hand is None:
            return more, tip_px, fg_more
        # (nothing more found: all stays as it was, the model too, so that a hand seen
        # without a tip, resting or flat, is handled as it was)
        return hand, None, fg

    def _flat_hand(self, hand, fg, ghost, t: float) -> bool:
        """Whether the pointing ``hand`` is a flat hand seen in pieces: a very light palm over
        pale print is lost by the masks but for a few stripes (print edges it hides), and an
        end of them is as narrow as a fingertip, frame after frame while the hand rests (seed
        6777's clip 7878, 4321's 5421). With what differs only a little but alike over a
        patch (:meth:`BoardModel.coherent_mask`) the palm is seen whole: behind that "tip" it
        is 3-9 finger radii wide, and the masks saw only 0.1-0.5 of it near the tip. A finger
        is seen whole by the masks, though the coherent mask may make it look as wide (a short
        finger before its fist). Judged on the medians of the last ``FLAT_FRAMES`` pointing
        frames (those at most 0.2 s apart), at least half of them: the coherent mask spills
        aside of a real finger now and then, in single frames.

        The caller then seeks the hand again with the coherent mask (``_pale_finger``): the
        same picture comes from a very light hand whose finger the masks lost, beyond a sleeve
        they see whole (its rounded end the "tip"; seed 8124's clip 8325). Seen whole, that
        hand points with its finger; a flat hand does not."""
        if hand is None or not hand.pointing:
            return False
        if self._flat_seen and t - self._flat_t > 0.2:
            self._flat_seen.clear()
        r = self._finger_r
        seen = cv2.bitwise_or(fg, self._pale(fg, ghost))
        x0, y0, x1, y1 = _square(hand.tip, int(np.ceil(2 * r)), fg.shape)
        yy, xx = np.mgrid[y0:y1, x0:x1]
        near = (xx - hand.tip[0]) ** 2 + (yy - hand.tip[1]) ** 2 <= (2 * r) ** 2
        share = np.count_nonzero(near & (fg[y0:y1, x0:x1] > 0)) / max(1, np.count_nonzero(near & (seen[y0:y1, x0:x1] > 0)))
        self._flat_seen.append((width_behind(seen, hand.tip, r) / r, share))
        self._flat_t = t
        if len(self._flat_seen) <= FLAT_FRAMES // 2:
            return False
        width, seen_share = np.median(np.array(self._flat_seen), axis=0)
        return bool(width > FLAT_WIDTH and seen_share < FLAT_SEEN)

    def _finger(self, hand):
        """The fingertip, or None. A finger resting on a spot is judged "pointing" frame by frame,
        and noise makes a borderline finger (a pale one, a short one seen from above) flicker
        between pointing and not: for up to 3 frames after a pointing frame, an end of the hand
        that stays within a third of a finger's radius of that tip and is nearly as narrow
        (``fill`` up to 0.5) still counts. A resting flat hand that looks like a finger now and
        then stays far below the share of frames a dwell needs."""
        if hand is None:
            return None
        if hand.pointing:
            tip = self._fallen_back(hand)
            self._pointed = (self._frame_no, tip)
            return tip
        if self._pointed is not None and self._frame_no - self._pointed[0] <= 3 and hand.fill <= 0.5:
            near = self._finger_r / 3
            if np.hypot(hand.tip[0] - self._pointed[1][0], hand.tip[1] - self._pointed[1][1]) <= near:
                return hand.tip
        return None

    def _note_away(self, t: float, tip) -> None:
        """Whether the finger has gone from the last tap (``_tapped``): its tip seen more than
        ``REPEAT_AWAY`` dwell radii from it, or not seen for the dwell's ``lost_s``. Until then
        a dwell on the same hotspot makes no second tap: a tip that creeps a little within a
        long rest (a pale fingertip found now at its end, now a pixel or two aside) left the
        dwell's radius for three frames and tapped the same hotspot again (the clips made
        apart, ``benchmarks/independent``: `digit:1` twice in one rest on seed 98, and
        `nav:explore` on seed 92); typing "11" for "1" is worse than a missed tap."""
        if self._tapped is None or self._tapped[2]:
            return
        tid, (x, y), _ = self._tapped
        if tip is None:
            if self._unseen_since is None:
                self._unseen_since = t
            gone = t - self._unseen_since >= self.dwell.lost_s
        else:
            self._unseen_since = None
            aspect = self.board_size[1] / self.board_size[0]
            gone = np.hypot(tip[0] - x, (tip[1] - y) * aspect) > REPEAT_AWAY * self.cfg.dwell_radius
        if gone:
            self._tapped = (tid, (x, y), True)

    def _repeated(self, tid: str | None, x: float, y: float) -> bool:
        """Is a tap on hotspot ``tid`` at board position (x, y) the last tap's hotspot again,
        the finger never gone since (:meth:`_note_away`)? Otherwise it becomes the last tap."""
        if tid is None:
            return False
        if self._tapped is not None and self._tapped[0] == tid and not self._tapped[2]:
            return True
        self._tapped = (tid, (x, y), False)
        self._unseen_since = None
        return False

    def _memory(self):
        """What :meth:`_finger` remembers of the fingertips found before (to :meth:`_recall`)."""
        return self._far, self._far_back, self._far_again, self._pointed

    def _recall(self, memory) -> None:
        """:meth:`_finger`'s memory set back to ``memory`` (from :meth:`_memory`)."""
        self._far, self._far_back, self._far_again, self._pointed = memory

    def _fallen_back(self, hand):
        """The pointing hand's tip, or the tip it reached when the tip has fallen back along the
        finger (0.25 to ``FAR_BACK`` finger radii nearer the entry, at most ``FAR_ASIDE`` radii
        aside) and the arm has not moved (entry within half a radius): a pale fingertip over
        pale print is lost by the mask now and then, and the tip found then is its knuckle, far
        enough off to break the dwell. The tip reached is kept while it was found within the
        last 5 frames, or found again, after a frame it was kept for, within the last
        ``FAR_FRAMES`` (a thin light finger found in a third of the frames, its knuckle in the
        rest). A finger drawn back for good is followed once neither holds, after 5 frames
        when it was never found again: a tip held a centimetre or two above the spot and then
        lowered seems to move back a few pixels, as the camera sees it from above and ahead.
        One drawn back faster, or anywhere else, is followed at once."""
        r = self._finger_r
        n = self._frame_no
        again = self._far_again is not None and n - self._far_again < FAR_FRAMES
        if self._far is not None and (n - self._far[0] <= 5 or again):
            _, (fx, fy), (ex, ey) = self._far
            ax, ay = fx - ex, fy - ey
            reach = float(np.hypot(ax, ay))
            if np.hypot(hand.entry[0] - ex, hand.entry[1] - ey) <= 0.5 * r and reach > 1e-6:
                ax, ay = ax / reach, ay / reach
                dx, dy = hand.tip[0] - ex, hand.tip[1] - ey
                back = reach - (dx * ax + dy * ay)
                if 0.25 * r < back <= FAR_BACK * r and abs(dy * ax - dx * ay) <= FAR_ASIDE * r:
                    self._far_back = True
                    return fx, fy
        if self._far is not None and np.hypot(hand.tip[0] - self._far[1][0], hand.tip[1] - self._far[1][1]) <= r / 3:
            if self._far_back:
                self._far_again = n
        else:
            self._far_again = None
        self._far_back = False
        self._far = (n, hand.tip, hand.entry)
        return hand.tip

    def _held_tip(self, tip_px, log_img, t: float, hand=None):
        """The fingertip to use this frame: ``tip_px`` as found or, when no tip is found, the
        place of a finger at rest while the picture where it rests has not changed. A very light
        finger over pale print fades while it rests: the masks lost its tip for a quarter of a
        second (seed 6208's clip 6708), and the dwell broke although the finger never moved.

        A rest: the tip found in at least ``REST_FRAMES`` frames, each time within a third of a
        finger's radius of where it was found the time before, and in at least half the frames
        from the rest's first to its last. Its place is the median of its last 15 places (a
        fading tip creeps back along the finger). It is held for up to ``HOLD_S`` seconds after
        the last frame the tip was found in, while the ``hand`` found (a :class:`Hand` or None)
        reaches within 3 radii of it (a finger does not rest without its hand: seed 5394's clip
        5894, a tip found now and then over the blue player field with no hand near, became a
        false tap when held regardless), and while the patch around the tip (1.5 radii each
        side) differs from that frame by at most ``STILL_SHARE`` of what the finger made differ
        from the empty board there (each less its median over the patch: exposure drift is no
        change). A finger drawn away changes the patch by about what it made differ, and is let
        go at once; a finger that cannot be told from the board is never held. A tip found
        anywhere else ends the rest: it is taken as found. (Holding the rest against a tip found
        nearer the arm, too, kept a child's fading finger whose cuff was found instead, seed
        6208's clip 6808, but also a phantom tip in a sleeve, which became a wrong tap on seed
        6174's clip 6774; the two cannot be told apart by the picture at the rest.)"""
        r = self._finger_r
        n, rest = self._frame_no, self._rest
        if tip_px is None:
            if rest is not None and self._holds(rest, hand, log_img, t, r):
                xs, ys = zip(*rest.seen)
                return float(np.median(xs)), float(np.median(ys))
            self._rest = None
            return None
        patch = self._patch(log_img, tip_px, r)
        if rest is not None and np.hypot(tip_px[0] - rest.seen[-1][0], tip_px[1] - rest.seen[-1][1]) <= r / 3:
            rest.seen = rest.seen[-14:] + [tip_px]
            rest.last_n, rest.last_t, rest.found, rest.patch = n, t, rest.found + 1, patch
        else:
            self._rest = _Rest(seen=[tip_px], since=n, last_n=n, last_t=t, found=1, patch=patch)
        return tip_px

    def _shadow_apart(self, tip_px, hand, fg) -> float:
        """The shadow seen apart from the tip, in squared finger radii: the pixels of the board
        (not its margin) within ``RAISED_REACH`` radii of the tip ``tip_px``, at most
        ``RAISED_BEHIND`` radii behind it (along the finger, or from where the arm enters to the tip;
        along both where the two part by more than ``RAISED_ASKEW``), at
        least ``RAISED_GAP`` radii from anything that differs (``fg``) or the ``hand``,
        darker by ``RAISED_DARK`` (log brightness) than the board around them, with its hue
        kept, in patches of at least ``RAISED_PATCH`` squared radii, none of them joining
        something else that differs (``OTHER_AREA``). A tip on the board meets its shadow: 0 to
        a few pixels. Raised, its shadow shows beside or ahead of it.

        "Than the board around them": how much darker than the empty board each pixel is, less
        the opening of that (grey erosion, then dilation) with a disc ``RAISED_WIDTH`` radii
        wide (a top-hat), what differs counted as dark as the median of the board in the box.
        So only a shadow narrower than that counts, the shadow of a finger or a pen, not the
        edge of a wide soft shadow (someone leaning over the table) that happens to cross the
        board at the tip."""
        r = self._finger_r
        x0, y0, x1, y1 = _square(tip_px, int(np.ceil((RAISED_REACH + RAISED_WIDTH) * r)) + 1, fg.shape)
        if x1 - x0 < 3 or y1 - y0 < 3:
            return 0.0
        lum, chroma = self.model.change((x0, y0, x1, y1))
        k = np.ones((3, 3), np.uint8)
        obj = cv2.dilate(cv2.bitwise_or(fg[y0:y1, x0:x1], hand.mask[y0:y1, x0:x1]), k)
        board = obj == 0
        if not board.any():
            return 0.0
        dark = np.maximum(-lum, 0.0)
        # (what differs taken as dark as the board's middle around it: a gap between two hands
        # or a finger and the print, as dim as the rest, is no narrow shadow)
        dark = np.where(board, dark, np.median(dark[board])).astype(np.float32)
        # (beyond the board's edge, and on its outermost pixel, which mixes board and table:
        # the board's own nearest pixel. The table's change is not the board's, and the edge
        # line between them differs on its own; a wide soft shadow cut there by a line of
        # other darkness left a strip along the edge as narrow as a pen's shadow)
        W, Hh = self.board_size
        mp = self.margin_px
        cols = np.clip(np.clip(np.arange(x0, x1), mp + 1, mp + W - 2) - x0, 0, x1 - x0 - 1)
        rows = np.clip(np.clip(np.arange(y0, y1), mp + 1, mp + Hh - 2) - y0, 0, y1 - y0 - 1)
        dark = dark[rows[:, None], cols[None, :]]
        d = 2 * int(round(RAISED_WIDTH * r / 2)) + 1
        darker = cv2.morphologyEx(dark, cv2.MORPH_TOPHAT, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d)))
        apart = cv2.distanceTransform(board.astype(np.uint8), cv2.DIST_L2, 3)
        ex, ey = hand.entry
        n = float(np.hypot(tip_px[0] - ex, tip_px[1] - ey)) or 1.0
        arm = ((tip_px[0] - ex) / n, (tip_px[1] - ey) / n)
        own = axis_at_tip(replace(hand, tip=tip_px), r) if self.cfg.pointer == "finger" else None
        # (the finger's own axis; the arm's where there is none, and both where the two part by
        # more than RAISED_ASKEW: see there)
        if own is None:
            axes = [arm]
        elif own[0] * arm[0] + own[1] * arm[1] < np.cos(np.radians(RAISED_ASKEW)):
            axes = [arm, own]
        else:
            axes = [own]
        yy, xx = np.mgrid[y0:y1, x0:x1]
        dx, dy = xx - tip_px[0], yy - tip_px[1]
        ahead = np.ones(dx.shape, bool)
        for ax, ay in axes:
            ahead &= dx * ax + dy * ay >= -RAISED_BEHIND * r
        shadow = ((darker > RAISED_DARK) & (chroma < RAISED_CHROMA) & (apart >= RAISED_GAP * r)
                  & ahead & (dx * dx + dy * dy <= (RAISED_REACH * r) ** 2)
                  & (xx >= mp) & (xx < mp + W) & (yy >= mp) & (yy < mp + Hh))
        # (a shadow is a patch: specks of print a shake or blur moved are not; and one that
        # joins something else that differs, as big as a hand, is that thing's own shadow)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(shadow.astype(np.uint8), connectivity=8)
        keep = stats[1:n, cv2.CC_STAT_AREA] >= RAISED_PATCH * r * r
        if keep.any():
            near = self._others_near(fg[y0:y1, x0:x1], hand.mask[y0:y1, x0:x1], chroma, r) > 0
            keep[np.unique(labels[near & (labels > 0)]) - 1] = False
        return float(stats[1:n, cv2.CC_STAT_AREA][keep].sum()) / (r * r)

    @staticmethod
    def _others_near(fg, hand_mask, chroma, r: float) -> np.ndarray:
        """uint8 mask (of a box of the picture): within ``RAISED_GAP`` finger radii and two
        pixels of what differs (``fg``) in hue (``chroma``, the hue change there, at least
        ``RAISED_CHROMA``) apart from the pointing hand (``hand_mask``), in parts of at least
        ``OTHER_AREA`` squared radii (another player's hand, a fist, a sleeve; not specks of
        print). A shadow there is the other thing's own, which it meets where it lies (see
        ``OTHER_AREA``). In hue only: the dark core of a raised hand's own shadow differs
        enough to be in ``fg``, and its rim, which does count, joins it."""
        k = np.ones((3, 3), np.uint8)
        others = cv2.subtract(fg, cv2.dilate(hand_mask, k))
        others[chroma < RAISED_CHROMA] = 0
        n, labels, stats, _ = cv2.connectedComponentsWithStats(others, connectivity=8)
        big = np.flatnonzero(stats[1:n, cv2.CC_STAT_AREA] >= OTHER_AREA * r * r) + 1
        if len(big) == 0:
            return np.zeros_like(fg)
        d = 2 * (int(np.ceil(RAISED_GAP * r)) + 2) + 1
        return cv2.dilate(np.isin(labels, big).astype(np.uint8) * 255,
                          cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d)))

    def _seldom_pointed(self) -> bool:
        """Was a finger seen pointing in fewer than ``POINTED_SHARE`` of the frames of the
        last ``dwell_s`` seconds (``--pointer finger`` only)? Frames whose tip was only
        remembered (``_finger``'s few frames of grace, ``_held_tip``) or had none count as not
        pointing: they bridge a pale fingertip lost for a moment, not a rest."""
        if self.cfg.pointer != "finger" or not self._pointing:
            return False
        return sum(p for _, p in self._pointing) < POINTED_SHARE * len(self._pointing)

    def _raised(self) -> bool:
        """Is the tip held above the board? The median of :meth:`_shadow_apart` over its last
        ``RAISED_FRAMES`` frames (at least 3 of them, none older than twice that many frames)
        above ``RAISED_AREA``: the last frames only, so that a finger coming down ends it at
        once (in the first frames of a dwell the tip may still be coming down)."""
        seen = [v for n, v in self._apart if self._frame_no - n < 2 * RAISED_FRAMES]
        return len(seen) >= 3 and float(np.median(seen)) > RAISED_AREA

    def _stale(self, x: float, y: float) -> bool:
        """Has what lies at board position (x, y) lain there, still, for the last ``STALE_S``
        seconds? In a box 1.5 finger radii each side of it, every picture kept since then
        (:attr:`_past`, every ``PAST_EVERY`` seconds, the oldest at most ``PAST_SLACK`` seconds
        younger than that) shows what this frame shows: the picture changed by at most
        ``STALE_CHANGE`` of how much it differs from the empty board now, or what differs
        from the board (the frame's final mask, covering at least ``STALE_COVER`` of the box
        now) overlaps by at least ``STALE_OVERLAP`` (intersection over union). All but
        ``STALE_MISSED`` of them: one picture may be off (the other hand's shadow passing, a
        blur), not the three or more of a finger that left the spot and came back.

        Either of the two: the picture is the surer where the masks are ragged (a pale hand on
        a light table, seen in pieces that change from frame to frame), the masks where the
        light changes over the board but not the hand (a soft shadow passing, our own clips).
        A fingertip that comes to a spot was not there seconds before, nor was what lies
        there now (a finger drawn back along itself leaves the board where its tip was), and
        one that left the spot and came back left it empty for a moment in between."""
        W, Hh = self.board_size
        mp = self.margin_px
        return self._stale_px((x * W + mp, y * Hh + mp), self._now)

    def _stale_px(self, px, now) -> bool:
        """:meth:`_stale` at the pixel ``px`` of the rectified picture, judged on ``now``: (t,
        aligned log picture, mask of what differs) of this frame."""
        t, log_now, fg = now
        r = self._finger_r
        x0, y0, x1, y1 = _square(px, int(round(1.5 * r)), fg.shape)
        if x1 <= x0 or y1 <= y0 or not self._past or self._past[0][0] > t - STALE_S + PAST_SLACK:
            return False
        now = fg[y0:y1, x0:x1] > 0
        if now.mean() < STALE_COVER:
            return False
        box = log_now[y0:y1, x0:x1]
        made = _spread(box - self.model.bg[y0:y1, x0:x1])
        if made <= 0:
            return False
        missed = 0
        for t_then, log_then, fg_then in self._past:
            if t_then < t - STALE_S - 1e-6:
                continue
            was = fg_then[y0:y1, x0:x1] > 0
            overlap = float((now & was).sum()) / max(1, int((now | was).sum()))
            if overlap < STALE_OVERLAP and _spread(box - log_then[y0:y1, x0:x1]) > STALE_CHANGE * made:
                missed += 1
                if missed > STALE_MISSED:
                    return False
        return True

    def _lands_raised(self, x: float, y: float, beside: tuple[float, float] | None = None) -> bool | str:
        """``lands`` for the dwell detector (:meth:`_lands`), refusing a dwell while the tip is
        held above the board (:meth:`_raised`). Refused so (``REFUSED``, counted), the dwell is
        not reported and the detector stays armed for the rest: when the tip comes down on
        the spot it hovered over, any steady dwell there that lands makes the tap (the rule
        against drifting back toward the arm is for a dwell that landed off every hotspot).

        A dwell that lands where the same thing has lain still for seconds (:meth:`_stale`) is
        refused the same way, and so is the rest of that rest, until the tip leaves. So is one
        whose finger was seen pointing in too few of its frames (:meth:`_seldom_pointed`, a
        flat hand whose end looks like a finger now and then), for as long as that lasts."""
        if self._seldom_pointed():
            if beside is None:
                self.taps_flat += 1
                return REFUSED
            return False
        if self._raised():
            if beside is None:
                self._raised_at = (x, y)
                self.taps_raised += 1
                return REFUSED
            return False
        if beside is not None and beside == self._stale_at:
            return False  # (lying still: the rest stays refused until the tip leaves)
        if beside is not None and beside == self._raised_at:
            # (a tip that hovered over the spot and came down: it lay there, not on the board;
            # after a long hover the pictures of the last seconds look like the touch)
            return self._hit(x, y)[0] is not None
        lands = self._lands(x, y, beside)
        if lands and self._stale(x, y):
            if beside is None:
                self._stale_at = (x, y)
                self.taps_stale += 1
                return REFUSED
            return False
        return lands

    def _on_board(self, tip_px) -> bool:
        """Does the pixel ``tip_px`` of the rectified picture lie on the board (half a percent
        of slack at its edges: a tip on the outermost hotspots)?"""
        x, y = self._to_board(tip_px)
        return -0.005 <= x <= 1.005 and -0.005 <= y <= 1.005

    def _whole_instead(self, hand, tip_px, edge: bool, whole, far) -> bool:
        """Is the hand seen ``whole`` (its tip ``far``, or None) taken instead of the ``hand``
        the masks found (its tip ``tip_px``, or None; ``edge``: at the board's edge)? Always
        when the masks found no tip. Otherwise only when ``far`` lies on the board, and then:
        for a tip at the board's edge, when ``far`` lies off the edge and farther from the arm
        (:meth:`_farther`); for a tip beside the board (it may be a sleeve's corner in the
        margin while the finger's end is lost over pale print, seed 8124's clip 8424), at once;
        for a tip on the board, when ``far`` lies beyond it at the end of a finger
        (:meth:`_beyond`)."""
        if tip_px is None:
            return True
        if far is None or not self._on_board(far):
            return False
        if edge:
            return not self._at_edge(far) and self._farther(hand, tip_px, far)
        if not self._on_board(tip_px):
            return True
        return self._beyond(hand, tip_px, whole, far)

    def _farther(self, hand, tip_px, far) -> bool:
        """Does ``far`` lie farther than the ``hand``'s tip ``tip_px`` from where its arm
        enters, by at least ``BEYOND_LEAST`` finger radii?"""
        r = self._finger_r
        ex, ey = hand.entry
        gain = np.hypot(far[0] - ex, far[1] - ey) - np.hypot(tip_px[0] - ex, tip_px[1] - ey)
        return bool(gain >= BEYOND_LEAST * r)

    def _beyond(self, hand, tip_px, whole, far) -> bool:
        """Does ``far``, the tip of the hand seen ``whole``, lie beyond the ``hand``'s tip
        ``tip_px``, at the end of a finger: farther from where the arm enters
        (:meth:`_farther`), at most ``BEYOND_MOST`` finger radii from ``tip_px``, and at most
        ``BEYOND_WIDTH`` radii wide behind it (:func:`width_behind`; the median of the last
        ``BEYOND_FRAMES`` frames that asked, for the edges seen spread now more, now less)?"""
        r = self._finger_r
        off = np.hypot(far[0] - tip_px[0], far[1] - tip_px[1])
        if not (self._farther(hand, tip_px, far) and off <= BEYOND_MOST * r):
            return False
        n = self._frame_no
        self._widths.append((n, width_behind(whole.mask, far, r) / r))
        return bool(np.median([w for k, w in self._widths if n - k < BEYOND_FRAMES]) <= BEYOND_WIDTH)

    def _at_edge(self, tip_px) -> bool:
        """Does the pixel ``tip_px`` lie within ``EDGE_TIP`` finger radii of the board's edge
        (either side of it)? A very light hand over a light board is seen by the masks only
        where it lies over the sheet's white margin or the table: the "tip" they find is where
        the arm crosses the board's edge, while the finger goes on, unseen, over the print."""
        W, Hh = self.board_size
        mp = self.margin_px
        x, y = tip_px
        d = min(abs(x - mp), abs(x - (mp + W)), abs(y - mp), abs(y - (mp + Hh)))
        return d <= EDGE_TIP * self._finger_r

    def _to_board(self, px) -> tuple[float, float]:
        """Board coordinates (0-1) of the pixel ``px`` of the rectified picture (pixel i samples
        board coordinate i / W: warpPerspective maps pixel centres)."""
        W, Hh = self.board_size
        mp = self.margin_px
        return (px[0] - mp) / W, (px[1] - mp) / Hh

    def _holds(self, rest: _Rest, hand, log_img, t: float, r: float) -> bool:
        """May the rest be held in this frame without a tip (see ``_held_tip``)?"""
        return (rest.found >= REST_FRAMES and 2 * rest.found >= rest.last_n - rest.since + 1
                and t - rest.last_t <= HOLD_S + 1e-9 and self._hand_near(hand, rest.seen[-1], 3 * r)
                and self._still(log_img, rest, r))

    @staticmethod
    def _hand_near(hand, at, reach: float) -> bool:
        """Does the hand found (or None) cover a pixel within ``reach`` of ``at`` (a square)?"""
        if hand is None:
            return False
        x0, y0, x1, y1 = _square(at, int(round(reach)), hand.mask.shape)
        return x1 > x0 and y1 > y0 and cv2.countNonZero(hand.mask[y0:y1, x0:x1]) > 0

    def _patch(self, log_img, at, r):
        """(the box around ``at``, 1.5 radii each side, inside the picture; a copy of
        ``log_img`` in it)."""
        box = _square(at, int(round(1.5 * r)), log_img.shape)
        return box, log_img[box[1]:box[3], box[0]:box[2]].copy()

    def _still(self, log_img, rest, r) -> bool:
        """Has the patch around the rest changed by at most ``STILL_SHARE`` of what the finger
        made differ from the empty board there, in the last frame it was found in?"""
        (x0, y0, x1, y1), then = rest.patch
        if then.size == 0:
            return False
        now = log_img[y0:y1, x0:x1]
        board = self.model.bg[y0:y1, x0:x1]
        made = _spread(then - board)
        return made > 0 and _spread(now - then) <= STILL_SHARE * made

    def _any_stylus(self, img, fg, weak, hand):
        """A stylus of any vivid colour, nothing set: the end of the thin object entering with
        the hand, moved to the far end of its vivid tip; the tip's hue is learnt from these.
        When no pen is seen at the hand (a grey pen over grey print), a compact vivid blob
        that is new on the board and of the learnt hue is the tip."""
        r = 0.04 * self.size[0]
        img = self._stylus_picture(img)
        if hand is not None:
            # (a fist beside the board or holding the pen short is no "pointing" hand; its
            # pen's tip is still sought ahead of it)
            # (the pen's faint point is followed where the hue changed: a shadow ahead of the
            # tip, the light behind the player, only darkens the board)
            def point(box):
                return cv2.bitwise_and(weak[box[1]:box[3], box[0]:box[2]], self.model.hue_changed(box))

            tip_px, hue = refine_tip(img, weak, hand.tip, hand.entry, radius=r, reach=0.2 * self.board_size[0],
                                     board_hsv=self._board_hsv(), point=point)
            if hue is not None and self._jumped_back(tip_px, hue, hand.entry, r):
                # the tip seen a moment ago ahead, of another hue, is faint now, and a warm
                # blob behind it (the fist's skin, as saturated as a tip) was taken instead:
                # the tip is followed where it was, down to a faint saturation (seed 4865's
                # clip 5666: a magenta tip ahead of a dark hand, vivid every other frame)
                followed = self._follow_tip(img, weak, hand.entry, r, faint=True)
                if followed is not None:
                    return followed
            if hue is not None:
                self._learn_hue(hue)
                self.tip_hue = hue
                # where the tip lies from the pen's visible end: kept for frames in which the
                # small tip is blurred below vivid (the hand holds the pen the same way)
                self._pen = (self._frame_no, hand.tip, (tip_px[0] - hand.tip[0], tip_px[1] - hand.tip[1]))
                self._seen_tip = (self._frame_no, tip_px, hue)
                return tip_px
            followed = self._follow_tip(img, weak, hand.entry, r)
            if followed is not None:
                return followed
            if self._pen is not None:
                n, far, off = self._pen
                if self._frame_no - n <= 15 and np.hypot(hand.tip[0] - far[0], hand.tip[1] - far[1]) <= 0.5 * r:
                    # the pen's end stays where it was: its tip (blurred, or resting on print of
                    # its own colour, a green tip on the green button) is followed from there for
                    # as long as the end stays, not only 15 frames
                    self._pen = (self._frame_no, hand.tip, off)
                    return hand.tip[0] + off[0], hand.tip[1] + off[1]
        if self.learnt_hue is None:
            # no vivid tip at a hand's end and none seen before: no pen yet. A hand without one
            # (a pointing finger, a fist or a flat hand resting) is no stylus: its end, once
            # taken, made a stylus player's resting fist or pale flat hand tap (12 false taps
            # on 5 of 8 hands-only clips of benchmarks/independent)
            return None
        max_area, board_hsv = tip_max_area(r), self._board_hsv()
        got = find_vivid_blob(img, fg, max_area=max_area, hue=self.learnt_hue, board_hsv=board_hsv,
                              entry=None if hand is None else hand.entry, ring=3 * r)
        if got is None and hand is not None and self.learnt_hue is not None:
            # another player's pen of another colour, its body unseen (a grey pen over grey
            # print) and its hand seen only in part: its tip was never seen at a pen's end, so
            # its hue was never learnt. A tip of a hue no skin or wood has, with the pen's body
            # or the fist beside it, is taken, and its hue learnt (three frames in a row make
            # it the pen followed from then on)
            got = find_vivid_blob(img, fg, max_area=max_area, board_hsv=board_hsv, ring=3 * r, cool_only=True)
            if got is not None:
                self._learn_hue(got[1])
        if got is None:
            return self._follow_tip(img, weak, None if hand is None else hand.entry, r, last=True)
        self.tip_hue = got[1]
        return got[0]

    def _pen_hand(self, hand, fg, tip_px):
        """The hand that holds the pen whose tip is ``tip_px``: ``hand`` when the tip lies at it
        (within ``PEN_AT_HAND`` finger radii of its mask), else what differs from the board
        around the tip (the pen and the fist, joined across gaps of a few pixels; at least
        ``PEN_LEAST_AREA`` squared radii), entering at its point farthest from the tip, with
        ``hand``'s mask kept too. A sleeve or an arm the colour of the board (in dim light a
        pale sleeve looks like the cream print) leaves the fist and the pen apart from what
        the masks see at the board's edge; that piece, taken for the hand, gave the tip a
        wrong arm's direction: where a raised pen's shadow is sought (a dwell refused as
        raised) and where the arm enters for a dwell's second chance (``_lands``). None stays
        None when nothing is there."""
        r = self._finger_r
        x0, y0, x1, y1 = _square(tip_px, int(np.ceil(PEN_AT_HAND * r)), fg.shape)
        if hand is not None and x1 > x0 and y1 > y0 and hand.mask[y0:y1, x0:x1].any():
            return hand
        grown = cv2.dilate(fg, np.ones((5, 5), np.uint8))
        n, labels, stats, _ = cv2.connectedComponentsWithStats(grown, connectivity=8)
        near = labels[y0:y1, x0:x1]
        ids = near[near > 0]
        if ids.size == 0:
            return hand
        i = int(np.bincount(ids).argmax())
        region = (labels == i) & (fg > 0)
        area = int(np.count_nonzero(region))
        if area < PEN_LEAST_AREA * r * r:
            return hand
        ys, xs = np.nonzero(region)
        d2 = (xs - tip_px[0]) ** 2 + (ys - tip_px[1]) ** 2
        far = d2 >= 0.9 * d2.max()
        entry = (float(xs[far].mean()), float(ys[far].mean()))
        # (what the model must not learn as board: the pen and fist, and the hand seen. With
        # none seen, the rest of what differs is learnt, as beside a hand seen. Tried: all of it
        # kept from the model, as before for a tip without a hand; seed 6552 then lost a dwell
        # again, refused as raised)
        mask = region.astype(np.uint8) * 255
        if hand is not None:
            mask = cv2.bitwise_or(mask, hand.mask)
        return Hand(mask=mask, entry=entry, tip=tip_px, pointing=False, fill=0.0, area=area)

    def _recent_tip(self):
        """((x, y), hue) of the vivid tip seen at a pen's end within the last 15 frames, or None."""
        if self._seen_tip is None or self._frame_no - self._seen_tip[0] > 15:
            return None
        return self._seen_tip[1], self._seen_tip[2]

    def _jumped_back(self, tip_px, hue: int, entry, r: float) -> bool:
        """Whether the vivid blob just found (``tip_px`` of ``hue``) is not the tip seen in the
        last 15 frames but a blob behind it: its hue differs by more than 20, and it lies at
        least half a radius nearer the arm's entry than that tip did."""
        seen = self._recent_tip()
        if seen is None or entry is None:
            return False
        (x, y), seen_hue = seen
        if hue_dist(hue, seen_hue) <= 20:
            return False
        return (np.hypot(tip_px[0] - entry[0], tip_px[1] - entry[1])
                < np.hypot(x - entry[0], y - entry[1]) - 0.5 * r)

    def _follow_tip(self, img, weak, entry, r: float, faint: bool = False, last: bool = False):
        """The vivid tip seen at a pen's end within the last 15 frames (not a loose blob: that may
        be a sleeve), followed where it now differs from the board but is blurred below vivid
        (a small red tip under motion blur or compression drops from a saturation of 180 to
        140, which skin reaches too). Only a blob of the
        same hue (within 12) within ``r`` of where the tip was counts, with a lower peak
        saturation (``FOLLOW_PEAK_SAT``); the tip is then followed from there. ``faint``: lower
        still (``FAINT_FOLLOW_SAT``), for a tip that a warm blob behind it displaced. ``last``
        (the last resort of :meth:`_any_stylus`): a tip of a cool hue (``COOL_HUES``) not found
        so is sought that faint too."""
        seen = self._recent_tip()
        if seen is None:
            return None
        (x, y), hue = seen
        h, w = weak.shape
        x0, y0 = max(0, int(x - r)), max(0, int(y - r))
        x1, y1 = min(w, int(x + r) + 2), min(h, int(y + r) + 2)
        if x1 - x0 < 3 or y1 - y0 < 3:
            return None
        faint_sat = dict(min_sat=FAINT_FOLLOW_SAT[0], peak_sat=FAINT_FOLLOW_SAT[1])
        # (saturations tried, and whether a tip found so counts as seen now)
        tries = [(faint_sat if faint else dict(peak_sat=FOLLOW_PEAK_SAT), True)]
        if not faint and last and is_cool(hue):
            # a tip of a hue no skin or wood has is followed as faint as it counts ahead of the
            # fist when nothing else found it (a small magenta tip on a dark table peaks at
            # 117-134, vivid every other frame: seed 2718's clip 3418); from where it is now,
            # but no longer than 15 frames after it was last seen more vivid: a pen drawn away
            # leaves faint print of its hue, which the light shifts, and that must not be
            # followed on and on into a rest (a cold light on "info", seed 606 of a colder
            # stylus scene)
            tries.append((faint_sat, False))
        for sat, seen_now in tries:
            got = find_vivid_blob(img[y0:y1, x0:x1], weak[y0:y1, x0:x1], max_area=tip_max_area(r),
                                  hue=hue, hue_tol=12, **sat,
                                  board_hsv=self._board_hsv()[y0:y1, x0:x1],
                                  entry=None if entry is None else (entry[0] - x0, entry[1] - y0))
            if got is not None:
                break
        else:
            return None
        tip_px = (got[0][0] + x0, got[0][1] + y0)
        self.tip_hue = got[1]
        self._seen_tip = (self._frame_no if seen_now else self._seen_tip[0], tip_px, hue)
        return tip_px

    def _board_look(self) -> tuple[np.ndarray, float]:
        """(the empty board's colours in HSV, the stylus's gain), from the model, which follows
        slowly: renewed every 15 frames. The gain is 1 in normal light; in dim light, enough to
        bring the board's brightness up to ``DIM_BOARD_V`` (at most ``MAX_STYLUS_GAIN``), as a
        camera's automatic gain would; the colours are brightened by it, as the stylus's
        picture is."""
        if self._board_hsv_cache is None or self._frame_no - self._board_hsv_cache[0] >= 15:
            bgr = np.clip(np.expm1(self.model.bg) - 4.0, 0, 255).astype(np.uint8)
            mp, (bw, bh) = self.margin_px, self.board_size
            bright = float(np.percentile(bgr[mp:mp + bh, mp:mp + bw].max(axis=2), 75))
            gain = min(MAX_STYLUS_GAIN, max(1.0, DIM_BOARD_V / max(bright, 1.0)))
            if gain > 1.0:
                bgr = cv2.convertScaleAbs(bgr, alpha=gain)
            self._board_hsv_cache = (self._frame_no, cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV), gain)
        return self._board_hsv_cache[1:]

    def _board_hsv(self) -> np.ndarray:
        """The empty board's colours in HSV, brightened as the stylus's picture is
        (:meth:`_board_look`)."""
        return self._board_look()[0]

    def _stylus_gain(self) -> float:
        """How much the picture the stylus's tip is sought in is brightened (:meth:`_board_look`)."""
        return self._board_look()[1]

    def _stylus_picture(self, img: np.ndarray) -> np.ndarray:
        """The rectified picture as the stylus's tip is sought in it: brightened by
        :meth:`_stylus_gain` in dim light (the tip's value and chroma are judged as a camera's
        automatic gain would show them; the masks come from the log picture, which a gain does
        not change)."""
        gain = self._stylus_gain()
        return cv2.convertScaleAbs(img, alpha=gain) if gain > 1.0 else img

    def _learn_hue(self, hue: int) -> None:
        """Keep the hues of the last 15 tips seen at a pen's end. Three in a row that agree with
        each other but not with the hue learnt so far are a new pen (another player's, another
        colour): the older hues are dropped at once, so the new tip is followed from then on."""
        self._hues.append(hue)
        del self._hues[:-15]
        if len(self._hues) > 3:
            last, old = self._hues[-3:], self._hues[:-3]
            m = hue_mean(last)
            if max(hue_dist(last, m)) <= 15 and hue_dist(m, hue_mean(old)) > NEW_PEN_HUE:
                del self._hues[:-3]

    @property
    def learnt_hue(self) -> int | None:
        """The stylus tip's hue once seen at a pen's end in 3 frames or more (circular mean)."""
        if len(self._hues) < 3:
            return None
        return hue_mean(self._hues)

    def _moved_far(self) -> bool:
        """The last change of the homography moved a corner by more than 1.5 % of the board's
        width in the camera picture (or it was the first).

        While the empty board is learnt, only a move of more than ``LEARN_HOLD`` counts: every
        frame is registered then, and a shaking camera (a phone holder on a table people lean
        on) moves the markers by a few pixels back and forth. Each such move used to start the
        learning again, until a hand came in and was learnt as part of the empty board (a
        ghost, tapped again and again). The frames learnt so far are kept instead
        (:meth:`_learn` rectifies them all through the homography in use when it ends)."""
        c = self.tracker.corners
        if c is not None and not self.model.ready and self._learn_frames:
            return self.tracker.last_shift > LEARN_HOLD * float(np.linalg.norm(c[1] - c[0]))
        if c is None or self.tracker.last_shift == 0.0:
            return True
        width = float(np.linalg.norm(c[1] - c[0]))
        return self.tracker.last_shift > 0.015 * width

    def _hit(self, x: float, y: float) -> tuple[str | None, float, float]:
        """(the hotspot a dwell at board position (x, y) taps, or None; where it taps). A
        fingertip's end is found up to a pixel or two short of the real one (the mask ends
        where the finger's blurred edge fades; a pale one's sooner), never beyond it: a dwell
        that lands off every hotspot taps the one just ahead of it, along the arm from where it
        enters, up to ``AHEAD_REACH`` finger radii on (``--pointer finger`` only; a pen's tip
        is found where it touches), when the finger was seen pointing in every frame of the
        last ``dwell_s`` (a flat hand resting, whose end looks like a finger now and then, and
        a phantom of the model's at the board's edge were not: 0.7 and 0.9 of them)."""
        tid = self.hit_test(x, y)
        if tid is not None or self.cfg.pointer != "finger" or self._entry is None:
            return tid, x, y
        if not self._pointing or not all(p for _, p in self._pointing):
            return None, x, y  # (only a finger seen pointing in every frame of its rest)
        a = self.board_size[1] / self.board_size[0]  # lengths in board widths, both ways
        ux, uy = x - self._entry[0], (y - self._entry[1]) * a
        n = float(np.hypot(ux, uy))
        if n <= 0:
            return None, x, y
        reach = AHEAD_REACH * self._finger_r / self.board_size[0]
        for k in range(1, AHEAD_STEPS + 1):
            step = reach * k / AHEAD_STEPS
            ax, ay = x + ux / n * step, y + uy / n * step / a
            tid = self.hit_test(ax, ay)
            if tid is not None:
                return tid, ax, ay
        return None, x, y

    def _lands(self, x: float, y: float, beside: tuple[float, float] | None = None) -> bool:
        """Does a dwell at board position (x, y) hit a hotspot? With ``beside`` (a second chance
        for a rest whose first dwell there landed off every hotspot; ``DwellDetector.update``):
        only if the tip did not move back toward where the arm enters, at most 0.3 of the
        move. A finger settling shows more of its tip, not less: the tip found short of a small
        hotspot moves onto it (seed 7373's clip 7574) or across the finger (8642's 8842), while
        a tip drifting further back from a gap between two hotspots lands on the wrong one
        (7346's clip 7746: alarm A tapped, the tip found 1.5 % short, drifting onto alarm B)."""
        if self._hit(x, y)[0] is None:
            return False
        if beside is None:
            return True
        if self._entry is None:
            return False
        a = self.board_size[1] / self.board_size[0]  # lengths in board widths, both ways
        mx, my = x - beside[0], (y - beside[1]) * a
        ex, ey = self._entry[0] - beside[0], (self._entry[1] - beside[1]) * a
        n = float(np.hypot(ex, ey))
        return n > 0 and (mx * ex + my * ey) / n <= 0.3 * float(np.hypot(mx, my))

    def process(self, frame: np.ndarray, t: float) -> list[CameraTap]:
        """Feed one BGR frame taken at ``t`` seconds; returns the taps it completed."""
        self._register(frame)
        self._frame_no += 1
        st = self.state
        st.taps = []
        st.registered = self.tracker.H is not None
        if not st.registered:
            st.hand, st.tip, st.progress = False, None, 0.0
            return []
        img = self._rectify(frame)
        self.board_img = img
        log_img = BoardModel.to_log(img)
        if not self.model.ready:
            st.learning = True
            self._learn(frame, log_img, t)
            st.hand, st.tip = False, None
            return []
        st.learning = False
        img, log_img = self._steady(img, log_img)
        self.board_img = img
        self._look = (t, log_img)  # (this frame's, for _moving_hand)
        fg, weak = self.model.masks(log_img)
        # where the model took in a hand it did not see whole, the board seen again is no hand
        ghost = self.model.heal_ghosts(log_img, fg)
        if ghost is not None:
            fg[ghost] = 0
            weak[ghost] = 0
        self.fg = fg
        W, Hh = self.board_size
        mp = self.margin_px
        tip_px = None
        # a pen's body is a line a pixel or two wide: no opening of the mask for a stylus
        stylus = self.cfg.pointer == "stylus"
        rect = (mp, mp, mp + W, mp + Hh)
        hand, weak_hand = self._hand(fg, weak, rect, stylus)
        if self.cfg.pointer == "finger":
            # a flat hand resting has no fingertip; but a very light hand whose finger the
            # masks lost behind a sleeve they see looks as wide there, and the hand seen whole
            # (_pale_finger) may point (seed 8124's clip 8325)
            flat = self._flat_hand(hand, fg, ghost, t)
            before = self._memory()
            tip_px = None if flat else self._finger(hand)
            # the hand sought whole too (_pale_finger), and taken instead where it is surer
            # (_whole_instead). Where the masks' tip is judged against it, the tip remembered
            # (_finger) is the whole hand's when that is taken, as if the masks' had not been
            # found: a fingertip lost now and then is kept where it reached, not where the
            # masks lost it
            edge = tip_px is not None and self._at_edge(tip_px)
            judged = tip_px is not None and (edge or self._on_board(tip_px))
            found = self._memory()
            if judged:
                self._recall(before)
            more = self._pale_finger(hand, fg, weak, ghost, rect)
            if self._whole_instead(hand, tip_px, edge, *more[:2]):
                hand, tip_px, fg = more
            elif judged:
                self._recall(found)
            if flat and tip_px is None:
                self._rest = None  # (none held from before the flat hand was known)
            # (before the tip held from earlier frames: the hand's own end, seen pointing)
            self._pointing.append((t, tip_px is not None and hand is not None and hand.pointing))
            while self._pointing[0][0] < t - self.cfg.dwell_s - 1e-6:
                self._pointing.popleft()
            tip_px = self._held_tip(tip_px, log_img, t, hand)
            st.hand = hand is not None
        elif self.cfg.stylus is not None:
            tip_px = find_tip(self._stylus_picture(img), fg, self.cfg.stylus,
                              entry=None if hand is None else hand.entry)
            st.hand = hand is not None or tip_px is not None
        else:
            tip_px = self._any_stylus(img, fg, weak_hand, hand)
            st.hand = hand is not None or tip_px is not None
            if tip_px is not None:
                hand = self._pen_hand(hand, fg, tip_px)
        self.model.update(log_img, hand.mask if hand is not None else (fg if tip_px else None), fg)
        # (pointing at the table beside the board: nothing to tap)
        tip = None if tip_px is None or not self._on_board(tip_px) else self._to_board(tip_px)
        st.tip = tip
        if tip is not None and hand is not None and hand.entry is not None:
            # where the arm enters, for the dwell's second chance (``_lands``)
            self._entry = self._to_board(hand.entry)
        if st.hand or cv2.countNonZero(fg) > 0.002 * fg.size:
            self._last_hand_frame = self._frame_no
        if tip is not None and hand is not None:
            self._apart.append((self._frame_no, self._shadow_apart(tip_px, hand, fg)))
        self._now = (t, log_img, fg)
        if not self._past or t - self._past[-1][0] >= PAST_EVERY - 1e-6:
            self._past.append((t, log_img.copy(), fg.copy()))
        self._note_away(t, tip)
        d = self.dwell.update(t, tip, lands=self._lands_raised)
        st.progress = self.dwell.progress
        if d is None:
            return []
        tid, x, y = self._hit(d.x, d.y)
        d = replace(d, x=x, y=y)
        if self._repeated(tid, d.x, d.y):
            self.taps_repeated += 1
            return []
        if tid is None:
            self.taps_off_hotspot += 1
        tap = CameraTap(t=d.t, tap=tid, x=d.x, y=d.y, started=d.started)
        st.taps = [tap]
        return [tap]

    def draw_view(self, frame: np.ndarray, width: int = 320) -> np.ndarray:
        """A small camera view: the board outline, the tip, a ring that fills while dwelling."""
        h, w = frame.shape[:2]
        s = width / w
        view = cv2.resize(frame, (width, int(round(h * s))), interpolation=cv2.INTER_AREA)
        H = self.tracker.H
        if H is None:
            cv2.putText(view, "no board", (8, 20), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 255), 1, cv2.LINE_AA)
            return view
        Hi = np.linalg.inv(H)
        quad = cv2.perspectiveTransform(np.float64([[[0, 0]], [[1, 0]], [[1, 1]], [[0, 1]]]), Hi).reshape(-1, 2) * s
        cv2.polylines(view, [quad.astype(np.int32)], True, (0, 200, 255), 1, cv2.LINE_AA)
        if self.state.tip is not None:
            p = cv2.perspectiveTransform(np.float64([[self.state.tip]]), Hi).reshape(2) * s
            c = (int(p[0]), int(p[1]))
            cv2.circle(view, c, 3, (0, 255, 0), -1, cv2.LINE_AA)
            if self.state.progress > 0:
                cv2.ellipse(view, c, (12, 12), -90, 0, 360 * self.state.progress, (0, 255, 255), 2, cv2.LINE_AA)
        for tap in self.state.taps:
            p = cv2.perspectiveTransform(np.float64([[[tap.x, tap.y]]]), Hi).reshape(2) * s
            cv2.circle(view, (int(p[0]), int(p[1])), 14, (0, 0, 255), 3, cv2.LINE_AA)
        return view
