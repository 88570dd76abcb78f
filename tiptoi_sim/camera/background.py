"""A model of the empty board, in rectified board pixels, and what differs from it.

The model is the per-pixel log colour of the board (median of the first second of video), kept
up to date while no hand is in view. Differences are judged in log space so that they do not
depend on how bright a spot of the board is:

* exposure and white-balance changes are a global gain per channel: the median log difference
  over the picture, undone on the camera's values (``_ungain``); the model is kept at the
  exposure it was learnt at;
* soft shadows (coming or going) change brightness but no hue: a grey change counts only
  beyond ``grey_thresh`` and after removing its smooth, large-scale part (``_shadow_field``),
  while a change of hue counts from ``chroma_thresh`` (much lower: skin on a cream board
  differs mostly in hue).
"""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np


_CLIPPED = float(np.log1p(245.0 + 4.0))  # a channel this bright (of 255) may be clipped


class _Judged(NamedTuple):
    """The picture :meth:`BoardModel.scores` judged last: as given (log colour), the same at
    the model's exposure (what :meth:`BoardModel.update` blends in), its difference from the
    model after the corrections and that difference's strict score (for
    :meth:`BoardModel.coherent_mask`)."""
    log_img: np.ndarray
    aligned: np.ndarray
    diff: np.ndarray
    strict: np.ndarray


#: ``BoardModel.to_log`` of every 8-bit value
_LOG_TABLE = np.log1p(np.arange(256, dtype=np.float32) + 4.0)


class BoardModel:
    def __init__(self, learn_s: float = 1.0, grey_thresh: float = 0.45, chroma_thresh: float = 0.09, rate: float = 0.05, slow_rate: float = 0.005):
        self.learn_s = learn_s
        self.grey_thresh = grey_thresh
        self.chroma_thresh = chroma_thresh
        self.rate = rate
        self.slow_rate = slow_rate
        self.reset()

    def reset(self) -> None:
        self._samples: list[np.ndarray] = []
        self._t0: float | None = None
        self.bg: np.ndarray | None = None  # float32 HxWx3 log colour
        # the empty board as last seen with nothing on it (followed only where nothing differs
        # and no hand is in view): what a ghost in ``bg`` is recognised by (see :meth:`heal_ghosts`)
        self.ref: np.ndarray | None = None
        self._judged: _Judged | None = None  # the picture last judged by :meth:`scores`

    @property
    def ready(self) -> bool:
        return self.bg is not None

    @staticmethod
    def to_log(img_bgr: np.ndarray) -> np.ndarray:
        """log(1 + 4 + value) of the 8-bit picture ``img_bgr``, lightly blurred, as float32 (+4:
        dark noise must not look like big ratios). Looked up in a table of the 256 values: the
        same numbers as computing it, 0.15 ms instead of 1.8 ms on the rectified picture of a
        720p frame."""
        img = cv2.GaussianBlur(img_bgr, (3, 3), 0)
        return cv2.LUT(img, _LOG_TABLE)

    def learn(self, log_img: np.ndarray, t: float) -> None:
        """Feed a frame of the learning phase; the model is ready once ``learn_s`` has passed."""
        if self._t0 is None:
            self._t0 = t
        if not self._samples or len(self._samples) < 31:
            self._samples.append(log_img)
        if t - self._t0 >= self.learn_s and len(self._samples) >= 3:
            self.bg = np.median(np.stack(self._samples), axis=0).astype(np.float32)
            self.ref = self.bg.copy()
            self._samples = []

    def score(self, log_img: np.ndarray) -> np.ndarray:
        """float32 map: how much each pixel differs from the empty board, in units of its
        threshold (>= 1 differs; 0.5-1 is a weak difference, used to grow a hand's outline).
        Tolerant of a pixel of shake (see :meth:`scores`)."""
        return self.scores(log_img)[0]

    @property
    def strict(self) -> np.ndarray | None:
        """The strict score map (see :meth:`scores`) of the picture last judged, or None."""
        return None if self._judged is None else self._judged.strict

    def masks(self, log_img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(fg, weak) uint8 masks: what surely differs (tolerant of shake), and what differs at
        least weakly from the board at the very same pixel (to grow a hand's outline into)."""
        tol, strict = self.scores(log_img)
        return (tol >= 1.0).astype(np.uint8) * 255, (strict >= 1.0).astype(np.uint8) * 255

    def coherent_mask(self, fg: np.ndarray) -> np.ndarray:
        """uint8 mask, for the picture last judged by :meth:`masks` (or :meth:`scores`): what differs from the
        empty board below the threshold pixel by pixel but alike over a patch, where it is
        joined to what surely differs (``fg``, that picture's first mask).

        A very light hand over light wood or a beige desk differs from it by a hue change of
        0.04-0.09 (the threshold is 0.09): pixel by pixel that is lost in the sensor's noise and
        the wood's grain, and the arm and most of the finger go unseen; the model then takes
        them in. But the hand's difference has the same sign over its whole area, while noise,
        grain and print edges moved by shake change sign from pixel to pixel (an edge moved
        by a pixel is a line a pixel wide): averaged over a ``COHERENT_BOX`` square, the
        hand's difference stays and theirs fades. A pixel counts when that average reaches
        ``COHERENT_THRESH`` of the threshold and the pixel itself ``COHERENT_PIXEL``; the mask
        is eroded by a pixel (the average spreads a strong finger's outline outwards: its
        tip would move). Kept only where it is joined to what surely differs (a sure part of
        the hand, 3x3 at least): a whole printed field whose hue a change of light shifts a
        little is coherent too, but no part of it differs surely."""
        seeds = cv2.morphologyEx(fg, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        if not cv2.countNonZero(seeds):
            return np.zeros_like(fg)  # (nothing surely differs: nothing to join)
        d, strict = self._judged.diff, self._judged.strict
        ys, xs = np.nonzero(strict >= COHERENT_PIXEL)  # (the average is judged only there: fast)
        avg = self._judge(cv2.blur(d, (COHERENT_BOX, COHERENT_BOX))[ys, xs])
        pale = np.zeros(fg.shape, np.uint8)
        pale[ys[avg >= COHERENT_THRESH], xs[avg >= COHERENT_THRESH]] = 1
        pale = cv2.erode(pale, np.ones((3, 3), np.uint8)) * 255
        return cv2.bitwise_and(joined_to(pale, seeds), pale)

    def edge_mask(self, fg: np.ndarray) -> np.ndarray:
        """uint8 mask, for the picture last judged by :meth:`masks` (or :meth:`scores`): where
        its edges differ from the empty board's, joined to what surely differs (``fg``).

        A very light finger over the cream board differs from it by less than the noise, in
        brightness and in hue alike: no mask sees it, nor the coherent one. But it has an
        outline (its round side, lit from one side, and its shadow along it), and it hides the
        print's edges under it. Where the picture has an edge the board has not within a pixel,
        or the board has one the picture has not within a pixel (camera shake moves edges by
        a pixel), by at least ``EDGE_THRESH`` (log brightness per pixel), counts; closed by a
        disc 5 pixels wide (a finger's two outlines, up to 4 pixels apart, are a stripe), kept
        where it is joined to what surely differs (the hand), and its holes up to
        ``EDGE_HOLE`` of the picture filled (what a wider finger's outline encloses). Used only
        where no fingertip is found otherwise (``TapPipeline._pale_finger``): a print edge the
        noise makes differ, joined to a hand seen, would change the outline of every hand."""
        seeds = cv2.morphologyEx(fg, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        if not cv2.countNonZero(seeds):
            return np.zeros_like(fg)
        k = np.ones((3, 3), np.uint8)
        now, then = _edges(self._judged.aligned), _edges(self.bg)
        e = np.maximum(now - cv2.dilate(then, k), then - cv2.dilate(now, k))
        m = (e >= EDGE_THRESH).astype(np.uint8) * 255
        m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
        m = cv2.bitwise_and(joined_to(m, seeds), cv2.bitwise_or(m, seeds))
        # (a finger wider than a few pixels is its outline: what that encloses is the finger)
        n, lab, stats, _ = cv2.connectedComponentsWithStats(cv2.bitwise_not(m), connectivity=4)
        h, w = m.shape
        x, y, bw, bh, area = stats.T
        hole = (x > 0) & (y > 0) & (x + bw < w) & (y + bh < h) & (area <= EDGE_HOLE * m.size)
        hole[0] = False  # (the label of the mask itself)
        m[hole[lab]] = 255
        return m

    def scores(self, log_img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(tolerant, strict) score maps. Strict compares each pixel with the same pixel of the
        empty board; tolerant with the range of the board's colours within one pixel, so that
        print edges moved by camera shake do not count (but skin next to a print edge of a
        similar colour may not count either: the strict map fills such gaps)."""
        aligned = x = _ungain(log_img, _gain(log_img, self.bg))
        # a channel clipped at white says only "at least this bright": when the board was
        # learnt overexposed (a yellow's red and green at 255), its true value shows once the
        # light dims, as a change of hue where nothing changed. So a channel clipped in the
        # model counts only where it got darker, and one clipped now only where it got brighter
        # (within a pixel of a clipped one, too: the blur mixes a clipped field's edge)
        k = np.ones((3, 3), np.uint8)
        lo, hi = cv2.erode(self.bg, k), cv2.dilate(self.bg, k)
        x = np.where(hi >= _CLIPPED, np.minimum(x, self.bg), x)
        x = np.where(cv2.dilate(log_img, k) >= _CLIPPED, np.maximum(x, self.bg), x)
        # soft shadows: a smooth grey change, removed before comparing
        # (x is a new array by now: ``aligned`` keeps its own)
        x -= _shadow_field(channel_mean(x - self.bg))[..., None]
        # camera shake, rolling shutter and a homography a pixel off move the print's edges:
        # a pixel differs only by how far it lies outside the range of the empty board's
        # colours within one pixel of it
        tol = self._judge(x - np.clip(x, lo, hi))
        diff = x - self.bg
        strict = self._judge(diff)
        self._judged = _Judged(log_img, aligned, diff, strict)
        return tol, strict

    def hue_changed(self, box: tuple[int, int, int, int] | None = None) -> np.ndarray:
        """uint8 mask, for the picture last judged by :meth:`masks` (or :meth:`scores`), of the
        whole picture or of its ``box`` (x0, y0, x1, y1): where its hue differs from the empty
        board's (the difference's part left once its grey part is removed, at
        ``chroma_thresh`` or more). A shadow only darkens: it is not in it."""
        d = self._judged.diff
        if box is not None:
            d = d[box[1]:box[3], box[0]:box[2]]
        return (_chroma(d) >= self.chroma_thresh).astype(np.uint8) * 255

    def change(self, box: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray]:
        """(grey change, hue change) of the picture last judged (:meth:`masks`, :meth:`scores`)
        from the empty board, in its ``box`` (x0, y0, x1, y1): the log brightness difference
        (negative where it got darker) and :func:`_chroma` of the difference, at the model's
        exposure. No shadow is removed: :func:`_shadow_field` takes away a good part of a
        hand's own shadow too (the caller tells a hand's shadow from a wide one)."""
        x0, y0, x1, y1 = box
        d = self._judged.aligned[y0:y1, x0:x1] - self.bg[y0:y1, x0:x1]
        return channel_mean(d), _chroma(d)

    def _judge(self, d: np.ndarray) -> np.ndarray:
        """How much log-colour differences (..., 3) count, in units of their thresholds."""
        lum = channel_mean(d)
        return np.maximum(np.abs(lum) * (1.0 / self.grey_thresh), _chroma(d) * (1.0 / self.chroma_thresh))

    def difference(self, log_img: np.ndarray) -> np.ndarray:
        """uint8 mask (255 = differs from the empty board)."""
        return (self.score(log_img) >= 1.0).astype(np.uint8) * 255

    def update(self, log_img: np.ndarray, hand_mask: np.ndarray | None, fg: np.ndarray | None = None) -> None:
        """Blend the frame into the model: fast when no hand is in view, slowly outside the hand
        otherwise (so a piece put on the board stops counting after a while). With no hand but
        ``fg`` (what differs now), what differs is blended slowly too: a hand that was not
        recognised for a second must not become part of the empty board (it would leave a
        ghost where it was, taken for a finger once it moves on).

        The frame is blended in at the model's own exposure (its gain undone, as
        :meth:`scores` judged it): blended as seen, the parts blended fast would follow the
        light and those blended slowly would not, and once the light has changed the slow ones
        (the print under a hand, or where noise in dim light keeps something differing) would
        differ as a patch of the old light that no global gain explains."""
        if self._judged is not None and self._judged.log_img is log_img:
            log_img = self._judged.aligned
        if hand_mask is None and fg is not None and cv2.countNonZero(fg):
            near = cv2.dilate(fg, np.ones((9, 9), np.uint8))
            clear = (near == 0).astype(np.uint8)
            cv2.accumulateWeighted(log_img, self.bg, self.rate, mask=clear)
            cv2.accumulateWeighted(log_img, self.bg, self.slow_rate, mask=near)
            cv2.accumulateWeighted(log_img, self.ref, self.rate, mask=clear)
        elif hand_mask is None:
            cv2.accumulateWeighted(log_img, self.bg, self.rate)
            cv2.accumulateWeighted(log_img, self.ref, self.rate)
        else:
            keep = cv2.dilate(hand_mask, np.ones((9, 9), np.uint8)) == 0
            cv2.accumulateWeighted(log_img, self.bg, self.slow_rate, mask=keep.astype(np.uint8))

    def heal_ghosts(self, log_img: np.ndarray, fg: np.ndarray) -> np.ndarray | None:
        """Where ``fg`` (what differs from the model) is a ghost: the model took in part of a hand
        that was not seen whole for a while (a pale hand in a pale sleeve moving slowly), and
        now that it has gone, the board there differs from the model. There the picture is the
        empty board as last seen clear (``ref``, after the same gain correction): those pixels
        are healed in the model (set to the picture) and returned as a bool mask; None when
        there are none."""
        ys, xs = np.nonzero(fg)
        if len(xs) == 0 or self.ref is None:
            return None
        d = log_img[ys, xs] - _gain(log_img, self.ref) - self.ref[ys, xs]
        same = self._judge(d) < GHOST_MATCH
        if not same.any():
            return None
        out = np.zeros(fg.shape, bool)
        out[ys[same], xs[same]] = True
        # (healed with the picture as seen, not at the model's exposure as :meth:`update`
        # blends it: healed so, and the ghost sought with the gain undone on the camera's
        # values, 1 finger and 2 stylus dwells were lost on ten seeds, not looked into)
        self.bg[out] = log_img[out]
        return out


def _edges(log_img: np.ndarray) -> np.ndarray:
    """The gradient's magnitude of the log brightness (mean of the channels), per pixel."""
    x = channel_mean(log_img)
    gx = cv2.Sobel(x, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(x, cv2.CV_32F, 0, 1, ksize=3)
    return cv2.magnitude(gx, gy) * 0.125


def _chroma(d: np.ndarray) -> np.ndarray:
    """The hue change of log-colour differences (..., 3): what is left of each once its grey
    part (any gain, a shadow) is removed."""
    e = d - channel_mean(d)[..., None]
    e *= e
    return np.sqrt(e[..., 0] + e[..., 1] + e[..., 2])


def channel_mean(a: np.ndarray) -> np.ndarray:
    """The mean of the three colour channels of ``a`` (..., 3): the numbers ``a.mean(axis=-1)``
    gives, bit for bit (the same sum in the same order, then the division), about ten times
    quicker (numpy's reduction over a last axis of three is slow, and the pipeline takes it
    of whole pictures several times a frame)."""
    return (a[..., 0] + a[..., 1] + a[..., 2]) / 3


def joined_to(parts: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """uint8 mask: the connected regions (8-connected) of ``parts`` and ``seeds`` together that
    hold a pixel of ``seeds``, whole (seeds and parts alike)."""
    n, lab = cv2.connectedComponents(cv2.bitwise_or(parts, seeds), connectivity=8)
    held = np.zeros(n, bool)
    held[lab[seeds > 0]] = True
    held[0] = False
    return held[lab].astype(np.uint8) * 255


#: :meth:`BoardModel.coherent_mask`: the square the difference is averaged over (pixels of the
#: rectified board, 256 wide: about a finger's width), the share of the threshold the average
#: must reach, and the share the pixel itself must reach (so the average's halo around a
#: strong difference, over unchanged board, does not count). The palm of a very light hand
#: over a pale board (seed 7703, clip 7804) averages 0.40-0.60 of the threshold, the empty
#: board and the wood around it 0.05-0.15: at 0.7 and 0.5 only its fingertip was seen
COHERENT_BOX = 7
COHERENT_THRESH = 0.45
COHERENT_PIXEL = 0.3

#: :meth:`BoardModel.edge_mask`: how much an edge must be new or gone (log brightness per pixel)
EDGE_THRESH = 0.015
#: and the largest hole in it that is filled, as a share of the picture (a finger's inside)
EDGE_HOLE = 0.02

#: a pixel that differs from the model by less than this share of its threshold from the
#: empty board as last seen clear is that board (a ghost in the model), not a hand
GHOST_MATCH = 0.5


def _gain(log_img: np.ndarray, base: np.ndarray) -> np.ndarray:
    """Exposure and white-balance drift of ``log_img`` against ``base``: a global gain per colour
    channel, the median change over the board (a sparse grid is enough and keeps it fast)."""
    return np.median((log_img[::4, ::4] - base[::4, ::4]).reshape(-1, 3), axis=0).astype(np.float32)


def _ungain(log_img: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """``log_img`` (see :meth:`BoardModel.to_log`) with the gain ``gain`` (log, per channel)
    undone on the camera's linear values. A change of exposure multiplies the values; the
    offset of the log (+5, so that dark noise is no big ratio) makes a dark channel's log
    change less than a bright one's, so undoing the gain in the log would leave a change of hue
    on dark and saturated print (a green button's red channel in dim light), as large as a
    pale hand's."""
    lin = cv2.exp(log_img) - 5.0
    return cv2.log(lin * np.exp(-gain).astype(np.float32) + 5.0)  # (lin >= 0: the log's argument >= 5)


def _shadow_field(lum: np.ndarray, strong: float = 0.75) -> np.ndarray:
    """A smooth estimate of the brightness change by soft shadows: the change seen through a
    very wide blur, from the pixels whose change a soft shadow can make (at most ~45 % darker:
    ``|lum| <= strong``). A hand is compact and sharp-edged, so the blur spreads it thin; a soft
    shadow is wide and survives. A change beyond ``strong`` (a dark sleeve, a dark hand) is left
    out of the estimate (normalised convolution), so that a big dark arm over a small board is
    not taken for a shadow and removed from the picture."""
    h, w = lum.shape
    sw, sh = max(4, w // 8), max(4, h // 8)
    ok = (np.abs(lum) <= strong).astype(np.float32)
    val = cv2.resize(lum * ok, (sw, sh), interpolation=cv2.INTER_AREA)
    wt = cv2.resize(ok, (sw, sh), interpolation=cv2.INTER_AREA)
    k = max(3, (min(sh, sw) // 3) | 1)
    val = cv2.GaussianBlur(val, (k, k), 0)
    wt = cv2.GaussianBlur(wt, (k, k), 0)
    small = val / np.maximum(wt, 0.05)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
