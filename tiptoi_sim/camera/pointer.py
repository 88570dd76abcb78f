"""The hand and its fingertip in a foreground mask of the rectified board.

A hand is a region that differs from the empty board and enters from the board's edge (its arm
crosses the border). An arm in a sleeve of the board's colour (or of the table's) is not seen:
then a large region inside the board whose one end is a narrow finger and whose other end is
wide (the wrist, cut off by the unseen sleeve) is a hand too (:func:`_floating_hand`). Where the arm enters is the mean of the region's pixels on the border; the
fingertip is the region's point farthest from it. A tip counts only if it looks like a pointing
finger: a narrow end, not the round edge of a resting palm or fist.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from tiptoi_sim.camera.background import joined_to


@dataclass
class Hand:
    mask: np.ndarray          # uint8 region of the hand
    entry: tuple[float, float]  # pixels, where the arm crosses the border
    tip: tuple[float, float]    # pixels, the fingertip
    pointing: bool             # the tip is a narrow finger
    fill: float                # share of the disc around the tip covered by the hand
    area: int


def _across_edges(mask: np.ndarray, board_rect, band: int, length: int, context: int, op: int,
                  combine) -> np.ndarray:
    """``mask`` changed within ``band`` pixels of each board edge by a morphology ``op`` with a
    line of ``length`` pixels across that edge (vertical at the top and bottom edges,
    horizontal at the sides), worked out on a strip ``context`` pixels wider than the band on
    each side, the result merged in by ``combine`` (np.minimum or np.maximum)."""
    x0, y0, x1, y1 = board_rect
    h, w = mask.shape
    out = mask.copy()
    kv, kh = np.ones((length, 1), np.uint8), np.ones((1, length), np.uint8)
    for edge in (y0, y1):
        a, b = max(0, edge - band - context), min(h, edge + band + context + 1)
        done = cv2.morphologyEx(mask[a:b], op, kv)
        lo, hi = max(0, edge - band), min(h, edge + band + 1)
        out[lo:hi] = combine(out[lo:hi], done[lo - a:hi - a])
    for edge in (x0, x1):
        a, b = max(0, edge - band - context), min(w, edge + band + context + 1)
        done = cv2.morphologyEx(mask[:, a:b], op, kh)
        lo, hi = max(0, edge - band), min(w, edge + band + 1)
        out[:, lo:hi] = combine(out[:, lo:hi], done[:, lo - a:hi - a])
    return out


def cut_edge_lines(mask: np.ndarray, board_rect, band: int = 4, length: int = 7) -> np.ndarray:
    """``mask`` without the thin lines along the board's edge: within ``band`` pixels of each
    edge only what reaches ``length`` pixels across that edge is kept (an arm crossing it).
    Shake, a rolling shutter and an unmodelled lens move the edge between the board and the table
    by a pixel or two, so the edge itself differs from the empty board as a thin line; joined to
    a hand that touches it, the line's far end would be taken for the fingertip."""
    return _across_edges(mask, board_rect, band, length, length, cv2.MORPH_OPEN, np.minimum)


def bridge_edge(mask: np.ndarray, board_rect, gap: int = 6) -> np.ndarray:
    """``mask`` with the gaps across the board's edge closed, up to ``gap`` pixels: a finger
    crossing the edge between a dark table and the pale board is lost right at the edge (there
    the empty-board model allows anything between the two, to tolerate shake), so its end on
    the board comes apart from the hand in the margin. Only runs across the edge are closed
    (a closing along the edge's normal, within ``gap`` of it)."""
    return _across_edges(mask, board_rect, gap, 2 * gap + 1, gap, cv2.MORPH_CLOSE, np.maximum)


#: a fingertip's radius, as a share of the rectified picture's width: the disc a pointing end
#: must fill only in part, and the unit of the tip's moves over time (TapPipeline._finger)
FINGER_RADIUS_FRAC = 0.03

#: how near an arm seen beside the board a hand's narrow end must lie to be that arm's own
#: end (a sleeve lying across the board, seen in pieces, its fist at the far end) rather
#: than a finger (finger radii, from the end to the arm's nearest pixel): 5.5 for the sleeve
#: of seed 6000's clip 7106; 11.6 for a small hand's finger whose pale sleeve the board hid,
#: the arm beside the board another player's (our benchmark's seed 9932)
SLEEVE_GAP = 8.0


def find_hand(fg: np.ndarray, weak: np.ndarray | None = None, *, board_rect=None, min_area_frac: float = 0.001,
              border: int = 2, finger_radius_frac: float = FINGER_RADIUS_FRAC, max_fill: float = 0.42, open_px: int = 3,
              margin_arms: bool = False, thin_px: int = 0,
              choose: Callable[[list[Hand]], Hand] | None = None) -> Hand | None:
    """The largest foreground region touching the border, with its entry point and fingertip.

    ``weak`` (optional uint8 mask of weaker differences) lets the region grow by up to 3 pixels
    into it: the blurred, rounded end of a pale finger over a pale board is only weakly
    different, and without it the tip would sit short of the real one. With ``thin_px`` (a
    finger) the hand may also grow a finger's length into it, when that gives a pointing end
    well beyond the one found without (a pale finger lost over pale print).

    ``board_rect`` = (x0, y0, x1, y1): where the board lies in a picture that also shows a margin
    of table. A region then also counts when it crosses the board's edge without reaching the
    picture's border (an arm over a table of skin-like colour is barely seen); its entry is then
    where it lies outside the board. A region that stays in the margin is no hand, unless
    ``margin_arms`` (a stylus: the fist beside the board, the pen reaching in, its tip sought
    ahead by the caller) and no other arm points.

    ``thin_px`` (a finger: 2): the tip is sought on the hand's parts at least ``2 thin_px + 1``
    pixels wide, so a line of a pixel or three joined to the hand (a print edge shifted by
    shake or a rolling shutter, the rim of a glare) never carries the tip far away; the tip is
    then moved out to the region's own end (see :func:`_hand_from`).

    ``choose``: when two players' arms (of the three biggest) both point, the hand is
    ``choose(those hands)``, the biggest first; without it, the biggest."""
    h, w = fg.shape
    mask = cv2.morphologyEx(fg, cv2.MORPH_OPEN, np.ones((open_px, open_px), np.uint8)) if open_px > 1 else fg
    # a pale finger over a pale board can come apart from its hand: regions are grown by a
    # few pixels (and for a finger through the strict mask) to find what belongs together,
    # but only the mask's own pixels are kept
    grown = cv2.dilate(mask, np.ones((5, 5), np.uint8))
    if weak is not None and thin_px > 0:
        grown = cv2.bitwise_or(grown, _held_by_strict(mask, weak))
    n, labels, stats, cents = cv2.connectedComponentsWithStats(grown, connectivity=8)
    min_area = int(min_area_frac * h * w)
    r = max(3.0, finger_radius_frac * w)
    entering = set()
    at_border = set()  # regions reaching the picture's border (not only the board's edge)
    arms = []  # (grown area, label) of regions that enter the board from an edge
    beside = []  # the same for regions that stay in the margin
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        touches = x <= border or y <= border or x + bw >= w - border or y + bh >= h - border
        if touches:
            at_border.add(i)
        if board_rect is not None:
            bx0, by0, bx1, by1 = board_rect
            if not touches:
                touches = x < bx0 + border or y < by0 + border or x + bw > bx1 - border or y + bh > by1 - border
            if touches:
                entering.add(i)  # (never joined to another arm, even when it stays outside)
            # a hand reaches into the board; what stays in the margin (a marker flickering
            # under changing exposure, a sleeve on the table) is not one
            reach = 2 * border + 2
            if x + bw <= bx0 + reach or x >= bx1 - reach or y + bh <= by0 + reach or y >= by1 - reach:
                if touches and area >= 4 * min_area:
                    beside.append((int(area), i))
                continue
        if touches:
            entering.add(i)
            if area >= min_area:  # (grown area: a little generous, fine for a minimum)
                arms.append((int(area), i))
    arms.sort(reverse=True)
    beside.sort(reverse=True)
    join_skip = entering  # (regions never joined to another arm's pieces)
    if board_rect is not None:
        # a piece that only grazes the board's edge from inside (no more than a few pixels
        # beyond it, nowhere near the picture's border) is no arm of its own: a hand ahead of
        # its sleeve seen in pieces, near the edge, may still be joined to that sleeve
        bx0, by0, bx1, by1 = board_rect
        graze = 2 * border + 1
        join_skip = {i for i in entering if i in at_border or not (
            stats[i, 0] >= bx0 - graze and stats[i, 1] >= by0 - graze
            and stats[i, 0] + stats[i, 2] <= bx1 + graze and stats[i, 1] + stats[i, 3] <= by1 + graze)}
    best = arms[0][1] if arms else 0
    if best == 0 and margin_arms and beside:
        best = beside[0][1]
    big_inside = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA])) if n > 1 else 0
    if best == 0 or (stats[best, cv2.CC_STAT_AREA] < 4 * min_area and big_inside != best
                     and stats[big_inside, cv2.CC_STAT_AREA] > 3 * stats[best, cv2.CC_STAT_AREA]):
        # nothing (or only a speck) enters from the edge, but a hand-sized region lies inside
        alone = _floating_hand(labels, stats, mask, weak, 4 * min_area, r, max_fill, skip=entering)
        if beside and board_rect is not None:
            # an arm seen on the table beside the board (its sleeve unseen over the board's
            # print) tells where the hand's arm is: the hand's far end from there is the finger.
            # Seen on its own, a hand's narrow wrist corner can look like one; but a thin
            # finger's very end is better found so: the end farther from the arm is the tip
            hand = _arm_hand(beside[0][1], labels, stats, cents, mask, weak, join_skip, board_rect, border,
                             min_area, r, max_fill, thin_px)
            if hand is not None and bx0 <= hand.tip[0] < bx1 and by0 <= hand.tip[1] < by1:
                ex, ey = hand.entry
                nearer = alone is not None and (np.hypot(alone.tip[0] - ex, alone.tip[1] - ey)
                                                <= np.hypot(hand.tip[0] - ex, hand.tip[1] - ey))
                if hand.pointing and (alone is None or not alone.pointing or nearer):
                    return hand
                if (nearer and alone.pointing and _same_region(hand, alone)
                        and _gap(*_label_pixels(labels, stats, beside[0][1]), alone.tip) <= SLEEVE_GAP * r):
                    # the hand's "finger" is its end next to the arm: the arm's own end (a
                    # sleeve seen in pieces, lying across the board), the fist at its far end.
                    # Next to it: far from that arm, the narrow end is a finger, the arm
                    # another player's (resting beside the board; its pieces ahead reach
                    # this hand, whose own pale sleeve the board hides)
                    return hand
        return alone
    # two players' hands (one pointing, one resting beside the board): the biggest arm that
    # points is the hand; when none points, the biggest
    first = None
    # a region that only grazes the board's edge from inside is tried after the arms that
    # really cross it: a pale sleeve seen in pieces leaves its first piece at the picture's
    # border, and the piece beyond (the rest of the arm with the hand) grazes the edge with
    # the fist's side. Taken first as the biggest arm, it "entered" at the fist, and the
    # sleeve's broken end was its tip (seed 4853's clip 5154); tried after the first piece,
    # it is joined to it (:func:`_join_ahead`) and the finger is found; joined to an arm that
    # does not point (a fist resting), it is no arm of its own whose broken end could point.
    # When it is the only arm, or was joined to none, it is judged as before.
    order = arms
    if board_rect is not None and len(arms) > 1:
        grazing = {i for _, i in arms if i not in join_skip}
        order = sorted(arms, key=lambda a: (a[1] in grazing, -a[0]))
    first_area = 0
    taken: set = set()  # regions already joined to an arm tried: no arms of their own
    pointing: list[Hand] = []
    for area, i in (order or (beside if margin_arms else []))[:3]:
        if area < 4 * min_area and (first is not None or pointing):
            break
        if i in taken:
            continue
        hand = _arm_hand(i, labels, stats, cents, mask, weak, join_skip, board_rect, border, min_area,
                         r, max_fill, thin_px)
        if hand is None:
            continue
        if hand.pointing:
            pointing.append(hand)
            if choose is None:
                break
        if len(order) > 1:
            # (joined whole; a few pixels reached by growing into ``weak`` do not count)
            for _, j in order:
                if j == i:
                    continue
                own = np.count_nonzero(mask[labels == j])
                if own and np.count_nonzero(hand.mask[labels == j]) >= 0.5 * own:
                    taken.add(j)
        if not hand.pointing and (first is None or area > first_area):  # (the biggest, in whatever order tried)
            first, first_area = hand, area
    if pointing:
        return pointing[0] if len(pointing) == 1 or choose is None else choose(pointing)
    if first is not None and arms and best not in at_border and best not in taken:
        # the region crosses the board's edge but not the picture's, and no end of it points
        # as seen from there: where it crosses may be no arm at all (a hand near the edge, its
        # sleeve unseen over a dark table, the arm coming from another side). Seen as a hand
        # without its arm, its narrow end may point.
        other = _floating_hand(labels, stats, mask, weak, 4 * min_area, r, max_fill,
                               skip=set(range(1, n)) - {best})
        if other is not None and other.pointing:
            return other
    return first


def _label_pixels(labels: np.ndarray, stats: np.ndarray, j: int):
    """(ys, xs) of the pixels labelled ``j``, sought only in its box from ``stats`` (as
    ``cv2.connectedComponentsWithStats`` gives them), in the whole picture's coordinates."""
    x, y, bw, bh = stats[j, :4]
    ys, xs = np.nonzero(labels[y:y + bh, x:x + bw] == j)
    return ys + y, xs + x


def _gap(ys, xs, point) -> float:
    """How far ``point`` lies from the nearest of the pixels ``ys``, ``xs`` (inf when none)."""
    if len(xs) == 0:
        return float("inf")
    return float(np.sqrt(((xs - point[0]) ** 2 + (ys - point[1]) ** 2).min()))


def _held_by_strict(mask: np.ndarray, weak: np.ndarray) -> np.ndarray:
    """uint8 mask: the parts of ``weak`` at least 3 pixels thick that touch ``mask``, with ``mask``.

    Used only to tell which pieces of ``mask`` belong together: a bare pale arm over pale print
    is lost by the shake-tolerant mask in long stretches (wherever print edges lie within a
    pixel), so it falls apart into pieces farther apart than any dilation should bridge, while
    the strict mask sees it whole. Pieces joined through it are one region; its own pixels are
    not added (a sleeve's edge over the board, seen only by the strict mask, would change the
    region's shape and could look like a finger's end). Thin lines of ``weak`` (print edges
    moved by shake) are opened away first, so they join nothing."""
    return joined_to(cv2.morphologyEx(weak, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)), mask)


def _arm_hand(best, labels, stats, cents, mask, weak, entering, board_rect, border, min_area, r, max_fill,
              thin_px: int = 0):
    """The hand of the region ``best`` that enters from an edge: where it enters, the tip
    farthest from there (with the pieces of it seen ahead joined, :func:`_join_ahead`)."""
    own = (labels == best) & (mask > 0)
    region = _grow_into(own, weak, 3) if weak is not None else own
    band = np.zeros_like(region)
    band[:border + 1, :] = band[-border - 1:, :] = True
    band[:, :border + 1] = band[:, -border - 1:] = True
    crossing = region & band
    if not crossing.any() and board_rect is not None:
        bx0, by0, bx1, by1 = board_rect
        outside = np.ones_like(region)
        outside[by0 + border:by1 - border, bx0 + border:bx1 - border] = False
        crossing = region & outside
    parts = _two_arms(own, region, crossing, r)
    if parts is not None:
        # two players' arms, joined only where a fingertip meets the other's hand: each is
        # judged on its own, the one that points is the hand
        hands = [_arm_hand_of(part, crossing & part, labels, stats, cents, mask, weak, entering,
                              min_area, r, max_fill, thin_px) for part in parts]
        hands = [hd for hd in hands if hd is not None]
        if hands:
            return max([hd for hd in hands if hd.pointing] or hands, key=lambda hd: hd.area)
    return _arm_hand_of(region, crossing, labels, stats, cents, mask, weak, entering, min_area, r,
                        max_fill, thin_px)


def _two_arms(own: np.ndarray, region: np.ndarray, crossing: np.ndarray, r: float):
    """[region of one arm, region of the other] when ``region`` (``own``, the mask's own pixels,
    grown) crosses the border (its pixels ``crossing``) at two places more than 4 ``r`` apart
    whose own pixels are not joined: a fingertip that meets another player's hand resting at
    the far edge, joined to it only by the growth that keeps a pale hand whole. Otherwise None
    (one arm, across a corner too: its own pixels are joined)."""
    box = _box(crossing, 0)
    # (the places' centres lie within the crossing's extent grown by the 2 px of the dilation
    # below: an extent within 4 r holds no two places farther apart; most frames end here)
    if box is None or np.hypot(box[1] - box[0] - 1 + 4, box[3] - box[2] - 1 + 4) <= 4 * r:
        return None
    # (in the crossing's box grown by 3: the dilation reaches 2 beyond it)
    y0, y1, x0, x1 = _box(crossing, 3)
    n, lab, st, cen = cv2.connectedComponentsWithStats(
        cv2.dilate(crossing[y0:y1, x0:x1].astype(np.uint8), np.ones((5, 5), np.uint8)), connectivity=8)
    if n < 3:
        return None
    big = sorted(range(1, n), key=lambda i: -st[i, cv2.CC_STAT_AREA])[:2]
    if min(st[i, cv2.CC_STAT_AREA] for i in big) < r or np.hypot(*(cen[big[0]] - cen[big[1]])) <= 4 * r:
        return None
    _, pieces = cv2.connectedComponents(own.astype(np.uint8), connectivity=8)
    sides = []
    for i in big:
        held = np.unique(pieces[y0:y1, x0:x1][(lab == i) & own[y0:y1, x0:x1]])
        sides.append(set(held[held > 0].tolist()))
    if not sides[0] or not sides[1] or sides[0] & sides[1]:
        return None
    dist = [cv2.distanceTransform((~np.isin(pieces, list(side))).astype(np.uint8), cv2.DIST_L2, 3)
            for side in sides]
    first = region & (dist[0] <= dist[1])
    return [first, region & ~first]


def _arm_hand_of(region, crossing, labels, stats, cents, mask, weak, entering, min_area, r, max_fill,
                 thin_px: int = 0):
    """The hand of an arm's ``region`` that crosses the border at the pixels ``crossing``
    (see :func:`_arm_hand`), or None when it does not cross."""
    ys, xs = _nonzero(crossing)
    if len(xs) == 0:
        return None
    h, w = mask.shape
    ex, ey = float(xs.mean()), float(ys.mean())
    hand = _hand_from((ex, ey), region, r, max_fill, thin_px)
    was_joined = False
    # the arm seen in pieces: a hand-sized piece ahead is the hand (the ragged end of a sleeve
    # seen in part can look like a finger); smaller pieces only when no finger is seen
    for least in (4 * min_area, 2 * min_area):
        if least < 4 * min_area and hand.pointing:
            break
        joined = _join_ahead(region, labels, stats, cents, mask, entering, (ex, ey), least, reach=0.9 * w, r=r)
        if joined is not region:
            other = _hand_from((ex, ey), joined, r, max_fill, thin_px)
            # a hand-sized piece ahead is the hand, pointing or not: a resting fist beyond a
            # sleeve seen in pieces does not make the sleeve's ragged end a finger
            if not other.pointing and least == 4 * min_area:
                return other
            if other.pointing:
                # (a hand joined from pieces may still have lost its pale finger: below)
                region, hand, was_joined = joined, other, True
                break
    if weak is not None and thin_px > 0:
        # a pale finger over pale print is lost by the shake-tolerant mask between the
        # knuckles and its end (or part of the way), but seen by the strict one: grow the hand
        # further into that (a finger's length); a finger found so must reach well beyond the
        # end found without it
        grown = _grow_into(region, weak, int(np.ceil(1.5 * r)))
        # what the growth reached of the surely different (the finger's end over a button) joins whole
        nl, lab = cv2.connectedComponents((grown | (mask > 0)).astype(np.uint8), connectivity=8)
        held = np.zeros(nl, bool)  # (the labels the region holds: a look-up)
        held[lab[region]] = True
        held[0] = False
        more = held[lab]
        other = _hand_from((ex, ey), more, r, max_fill, thin_px)
        if other.pointing and np.hypot(other.tip[0] - ex, other.tip[1] - ey) > np.hypot(hand.tip[0] - ex, hand.tip[1] - ey) + 0.5 * r:
            # a hand joined from pieces already reaches far, over a patchy mask: growing it
            # further may bridge, round a gap, to a stray patch beyond its fingertip (glare or
            # changed light on a card). A finger goes on straight from the tip found without.
            if not was_joined or _straight_on(more, hand.tip, other.tip):
                return other
    return hand


def _straight_on(region: np.ndarray, a, b, least: float = 0.9) -> bool:
    """Whether ``region`` (bool, one pixel of slack) holds at least ``least`` of the straight
    line from ``a`` to ``b``."""
    near = cv2.dilate(region.astype(np.uint8), np.ones((3, 3), np.uint8))
    n = max(2, int(np.ceil(np.hypot(b[0] - a[0], b[1] - a[1]))) + 1)
    xs = np.clip(np.rint(np.linspace(a[0], b[0], n)).astype(int), 0, region.shape[1] - 1)
    ys = np.clip(np.rint(np.linspace(a[1], b[1], n)).astype(int), 0, region.shape[0] - 1)
    return float(np.count_nonzero(near[ys, xs])) / n >= least


def _same_region(hand: Hand, alone: Hand) -> bool:
    """Whether the arm's hand ``hand`` holds the floating hand ``alone`` whole, with its tip on
    it: both are one region, seen from two ends."""
    a = alone.mask > 0
    both = a & (hand.mask > 0)
    n = int(np.count_nonzero(a))
    x, y = int(round(hand.tip[0])), int(round(hand.tip[1]))
    near = both[max(0, y - 2):y + 3, max(0, x - 2):x + 3]
    return n > 0 and np.count_nonzero(both) >= 0.8 * n and bool(near.any())


def _grow_into(region: np.ndarray, weak: np.ndarray, steps: int) -> np.ndarray:
    """``region`` (bool) grown by up to ``steps`` pixels, geodesically, inside the ``weak`` mask."""
    box = _box(region, steps + 1)
    if box is None:
        return np.zeros(region.shape, bool)
    y0, y1, x0, x1 = box
    # (worked out in the region's box grown by ``steps``: no growth reaches beyond it; the
    # same pixels as on the whole picture, at a fraction of the cost)
    r8 = region[y0:y1, x0:x1].astype(np.uint8)
    allowed = ((weak[y0:y1, x0:x1] > 0) | region[y0:y1, x0:x1]).astype(np.uint8)
    k = np.ones((3, 3), np.uint8)
    for _ in range(steps):
        r8 = cv2.dilate(r8, k) & allowed
    out = np.zeros(region.shape, bool)
    out[y0:y1, x0:x1] = r8 > 0
    return out


def _box(region: np.ndarray, pad: int):
    """(y0, y1, x0, x1): the bounding box of ``region``'s nonzero pixels grown by ``pad`` on
    each side (within the picture), or None when it has none. Work done in it instead of on
    the whole picture gives the same pixels wherever nothing reaches farther than ``pad``
    beyond the region: where the box's edge is the picture's, the picture ended there too."""
    x, y, bw, bh = cv2.boundingRect(region.view(np.uint8) if region.dtype == bool else region)
    if bw == 0 or bh == 0:
        return None
    h, w = region.shape
    return max(0, y - pad), min(h, y + bh + pad), max(0, x - pad), min(w, x + bw + pad)


def _hand_from(entry, region, r: float, max_fill: float, thin_px: int = 0) -> Hand:
    """The hand of ``region`` entering at ``entry``: the tip is the farthest point, steadied on
    the finger's axis; it points when the disc of radius ``r`` around it is filled at most
    ``max_fill``. With ``thin_px``, the farthest point is sought only on the region's parts at
    least ``2 thin_px + 1`` pixels wide (:func:`_thick_part`), and an end as wide as a sleeve
    behind it does not point."""
    ex, ey = entry
    box = _box(region, _thick_reach(thin_px))
    y0, y1, x0, x1 = box if box is not None else (0, region.shape[0], 0, region.shape[1])
    crop = region[y0:y1, x0:x1]
    core = _thick_part(crop, thin_px) if thin_px > 0 else None
    area = int(np.count_nonzero(crop))
    ys, xs = _nonzero_at(crop if core is None else core, x0, y0)
    d2 = (xs - ex) ** 2 + (ys - ey) ** 2
    far = d2.max()
    # the farthest few pixels, averaged, so one noisy pixel does not move the tip (all of
    # them for a region within 1.5 px of the entry: a speck of a split arm)
    sel = d2 >= max(float(np.sqrt(far)) - 1.5, 0.0) ** 2
    fx, fy = float(xs[sel].mean()), float(ys[sel].mean())
    tx, ty = _tip_on_axis(xs, ys, (ex, ey), (fx, fy), cap=0.6 * r)
    if core is not None:
        ys, xs = _nonzero_at(crop, x0, y0)  # (how full the disc is: judged on all of the hand)
    inside = ((xs - fx) ** 2 + (ys - fy) ** 2) <= r * r
    fill = float(inside.sum()) / (np.pi * r * r)
    pointing = fill <= max_fill
    if pointing and core is not None:
        # a corner of a sleeve's cut-off end is as "narrow" as a fingertip by the disc; behind
        # a fingertip the hand stays a finger's width for a while, behind the corner it is as
        # wide as the sleeve
        pointing = _width_behind(xs, ys, (tx, ty), r) <= 2.2 * r
    return Hand(mask=region.astype(np.uint8) * 255, entry=(ex, ey), tip=(tx, ty),
                pointing=pointing, fill=fill, area=area)


def _nonzero_at(crop: np.ndarray, x0: int, y0: int):
    """(ys, xs) of ``crop``'s nonzero pixels, in the picture ``crop`` was cut from at
    (``x0``, ``y0``): in the same order as ``np.nonzero`` of the whole picture."""
    ys, xs = np.nonzero(crop)
    return ys + y0, xs + x0


def _nonzero(mask: np.ndarray):
    """``np.nonzero`` of the 2-d ``mask`` (the same arrays, in the same order), sought only in
    the box of its nonzero pixels (:func:`_box`)."""
    box = _box(mask, 0)
    if box is None:
        return np.nonzero(mask)
    return _nonzero_at(mask[box[0]:box[1], box[2]:box[3]], box[2], box[0])


def width_behind(mask: np.ndarray, tip, r: float) -> float:
    """How wide ``mask`` (nonzero: seen) is 0.4 to 1 ``r`` behind ``tip``, across the direction
    its end there points in (:func:`_width_behind`), in pixels; 0 when too little is seen near."""
    ys, xs = np.nonzero(mask)
    return _width_behind(xs, ys, tip, r)


def _width_behind(xs, ys, tip, r: float) -> float:
    """How wide the region is 0.4 to 1 ``r`` behind the tip, across the direction the end
    points in (the main axis of the region's pixels within 2.2 ``r`` of the tip: a finger's own
    direction, which may differ from the arm's)."""
    axis = _finger_axis(xs, ys, tip, r)
    if axis is None:
        return 0.0
    lat = _across_behind(xs, ys, tip, axis, r)
    if lat is None:
        return 0.0
    # the run of the region across the axis that holds the axis itself (the strip is endless
    # sideways: other parts of the hand or arm beside it are no part of the finger's width)
    lat = np.sort(lat)
    breaks = np.nonzero(np.diff(lat) > 2.0)[0]
    lo = np.concatenate([[0], breaks + 1])
    hi = np.concatenate([breaks, [len(lat) - 1]])
    k = int(np.argmin(np.maximum(lat[lo], 0) - np.minimum(lat[hi], 0)))  # 0 when the run holds 0
    return float(lat[hi[k]] - lat[lo[k]])


def _finger_axis(xs, ys, tip, r: float) -> tuple[float, float] | None:
    """The direction the end at ``tip`` points in (a unit vector, out through the tip): the main
    axis of the region's pixels ``xs``, ``ys`` within 2.2 ``r`` of it (a finger's own direction,
    which may differ from the arm's); None when there are too few."""
    dx, dy = xs - tip[0], ys - tip[1]
    near = dx * dx + dy * dy <= (2.2 * r) ** 2
    if near.sum() < 3:
        return None
    px, py = dx[near].astype(np.float64), dy[near].astype(np.float64)
    cx, cy = float(px.mean()), float(py.mean())
    ax, ay = _main_axis(px - cx, py - cy)
    if ax * -cx + ay * -cy < 0:  # pointing from the pixels' centre out to the tip
        ax, ay = -ax, -ay
    return ax, ay


def _main_axis(px: np.ndarray, py: np.ndarray) -> tuple[float, float]:
    """The unit vector along which the centred points ``px``, ``py`` spread most (the
    eigenvector of their 2x2 covariance with the larger eigenvalue, in closed form: numpy's
    ``cov`` and ``eigh`` cost 0.15 ms a call, this runs a few times a frame). Its sign is
    arbitrary. Where they spread alike every way, the y axis (as ``eigh`` gives)."""
    a, b, d = float(px @ px), float(px @ py), float(py @ py)
    if b == 0.0:
        return (1.0, 0.0) if a > d else (0.0, 1.0)
    theta = 0.5 * np.arctan2(2.0 * b, a - d)
    return float(np.cos(theta)), float(np.sin(theta))


def axis_at_tip(hand: Hand, r: float) -> tuple[float, float] | None:
    """:func:`_finger_axis` of the hand at its tip, from the mask's pixels in the square around
    the tip that holds all those within 2.2 ``r`` (not from all of the hand's pixels: this runs
    on every frame with a hand)."""
    h = int(np.ceil(2.2 * r)) + 1
    tx, ty = hand.tip
    x0, y0 = max(0, int(np.floor(tx)) - h), max(0, int(np.floor(ty)) - h)
    ys, xs = np.nonzero(hand.mask[y0:int(np.ceil(ty)) + h + 1, x0:int(np.ceil(tx)) + h + 1])
    return _finger_axis(xs + x0, ys + y0, hand.tip, r)


def tip_at_edge(score: np.ndarray, hand: Hand, r: float) -> tuple[float, float]:
    """The pointing hand's tip moved along its finger to the finger's edge: where the difference
    from the empty board (``score``, the strict score map) falls half way from the finger's,
    just behind the tip, to the board's beyond it; moved by at most 0.35 ``r``.

    The mask ends where the score crosses its threshold, and a blurred edge crosses a fixed
    threshold farther out the more the finger differs: a dark finger on the pale board was
    found a pixel or two beyond its end, a pale one short of it, enough to miss a lock 3.6
    pixels tall. Half way between the two levels is the edge whatever the contrast and the
    blur. The profile is averaged over three lines a pixel apart along the finger; the tip
    stays as it was when the finger differs too little to judge (below 1.5, or less than 1
    above the board beyond)."""
    tx, ty = hand.tip
    axis = axis_at_tip(hand, r)
    if axis is None:
        return hand.tip
    ax, ay = axis
    us = np.arange(-0.7 * r, 0.8 * r + 1e-6, 0.5, dtype=np.float32)  # along the finger, out
    lats = np.array([-1.0, 0.0, 1.0], np.float32)
    mx = tx + us[None, :] * ax - lats[:, None] * ay
    my = ty + us[None, :] * ay + lats[:, None] * ax
    prof = cv2.remap(score, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE).mean(axis=0)
    hi = _median(prof[us <= -0.25 * r])  # the finger just behind its end
    lo = _median(prof[us >= 0.4 * r])  # the board beyond
    if hi < 1.5 or hi < lo + 1.0:
        return hand.tip
    half = 0.5 * (hi + lo)
    k0 = int(np.searchsorted(us, -0.25 * r))
    below = np.nonzero(prof[k0:] < half)[0]
    if len(below) == 0 or k0 + below[0] == 0:
        return hand.tip
    k = k0 + int(below[0])
    p0, p1 = float(prof[k - 1]), float(prof[k])
    u = float(us[k - 1]) + float(us[k] - us[k - 1]) * (p0 - half) / max(p0 - p1, 1e-6)
    u = max(-0.35 * r, min(0.35 * r, u))
    return tx + ax * u, ty + ay * u


def centre_across(score: np.ndarray, hand: Hand, r: float) -> tuple[float, float]:
    """The pointing hand's tip moved across its finger to the finger's middle line, by at most
    0.3 ``r``: on five lines across the finger 0.2 to 1 ``r`` behind the tip, the finger's two
    edges are where the strict score (``score``) falls most steeply going out from the
    finger's peak, within ``r`` of the tip's line; the middle line is fitted through the
    midpoints (Theil-Sen) and met at the tip.

    The tip from the mask is the median of the end's whole pixels, and a soft shadow or print
    beside the finger that crosses the threshold on one side widens the mask there: locks 3.6
    pixels tall were missed by tips 1.5 to 1.8 pixels aside. The steepest fall is the edge
    whatever the level beside it; the fitted line, not the midpoints' median, because the
    axis from the mask is a few degrees off and the midpoints behind the tip lie aside by as
    much. A line is not judged where the finger differs too little (below 1.5, or less than 1
    above the board a radius or more out on either side) or an edge is missing; the tip stays
    as it was with fewer than two lines judged."""
    tx, ty = hand.tip
    axis = axis_at_tip(hand, r)
    if axis is None:
        return hand.tip
    ax, ay = axis
    us = np.linspace(-0.2, -1.0, 5, dtype=np.float32) * r
    lats = np.arange(-1.3 * r, 1.3 * r + 1e-6, 0.5, dtype=np.float32)
    mx = tx + us[:, None] * ax - lats[None, :] * ay
    my = ty + us[:, None] * ay + lats[None, :] * ax
    prof = cv2.remap(score, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)
    mids, at = [], []
    centre = np.abs(lats) <= 0.5 * r
    for u, row in zip(us, prof):
        k0 = int(np.nonzero(centre)[0][0] + np.argmax(row[centre]))
        hi = float(row[k0])
        lo_l = _median(row[lats <= -r])
        lo_r = _median(row[lats >= r])
        if hi < 1.5 or hi < max(lo_l, lo_r) + 1.0:
            continue
        edges = []
        for step in (-1, 1):
            # the steepest fall going out from the finger's peak, within r: the edge, wherever
            # the level beside it (a soft shadow right beside the finger is no edge of it)
            ks = np.arange(k0, -1, -1) if step < 0 else np.arange(k0, len(row))
            ks = ks[np.abs(lats[ks]) <= r]
            if len(ks) < 3:
                break
            fall = row[ks[:-1]] - row[ks[1:]]
            i = int(np.argmax(fall))
            if fall[i] <= 0:
                break
            # (the peak of a parabola through the falls around the steepest)
            f0 = float(fall[i - 1]) if i > 0 else float(fall[i])
            f2 = float(fall[i + 1]) if i + 1 < len(fall) else float(fall[i])
            den = f0 - 2 * float(fall[i]) + f2
            off = 0.5 * (f0 - f2) / den if den < -1e-6 else 0.0
            lat_i = 0.5 * float(lats[ks[i]] + lats[ks[i + 1]])
            edges.append(lat_i + step * 0.5 * max(-0.5, min(0.5, off)))
        if len(edges) == 2:
            mids.append(0.5 * (edges[0] + edges[1]))
            at.append(float(u))
    if len(mids) < 2:
        return hand.tip
    # the finger's middle line through the midpoints, where it meets the tip: the axis from
    # the mask is a few degrees off, and the midpoints behind the tip lie aside by as much
    # (Theil-Sen: the median of the slopes between pairs, then of the intercepts; one line
    # thrown off by noise or a fold of the hand moves neither)
    at, mids = np.array(at), np.array(mids)
    i, j = np.triu_indices(len(at), 1)
    slope = _median((mids[j] - mids[i]) / (at[j] - at[i]))
    m = _median(mids - slope * at)
    m = max(-0.3 * r, min(0.3 * r, m))
    return tx - ay * m, ty + ax * m


#: :func:`reach_faint_end`: how much more than beside it (and how much at all, in units of the
#: threshold) the strict score must be along a finger's centre for the finger to go on there
FAINT_CONTRAST = 0.3
FAINT_LEAST = 0.45


def reach_faint_end(score: np.ndarray, hand: Hand, r: float) -> Hand:
    """The hand with its finger followed on beyond the mask's end, where the finger goes on
    faintly: a very light fingertip over pale print differs from the board by half the
    threshold or less, and the mask ends up to 1.5 ``r`` short of it, often in a blunt end that
    does not point. Along the finger (its own axis, or from the entry through the tip: the
    longer finding counts) the strict ``score`` is read on the centre line (three lines a pixel
    apart) and on both sides (0.6 to 0.9 ``r`` off): the finger goes on while its centre
    differs at least ``FAINT_LEAST`` and ``FAINT_CONTRAST`` more than the more different side,
    and must end within 2 ``r`` (a faint stripe that goes on is no fingertip: a sleeve's
    shadow, a seam in the model). Its end is where that contrast falls half way from its
    median along the stripe. Followed for at least 0.8 ``r`` (a strongly differing finger's
    blurred edge fades over up to 0.6 ``r`` beyond the mask's end: no faint fingertip), the tip
    moves to its end, the hand points (only a finger's width differs there, by the sides) and
    the stripe joins its mask (so the model does not take it in). Otherwise the hand is
    returned as it was, the same object."""
    tx, ty = hand.tip
    axes = []
    ex, ey = hand.entry
    n = float(np.hypot(tx - ex, ty - ey))
    if n > 1e-6:
        axes.append(((tx - ex) / n, (ty - ey) / n))
    own = axis_at_tip(hand, r)
    if own is not None:
        axes.append(own)
    us = np.arange(0.0, 2.0 * r + 1e-6, 0.5, dtype=np.float32)
    lats = np.array([-1.0, 0.0, 1.0, -0.6 * r, -0.75 * r, -0.9 * r, 0.6 * r, 0.75 * r, 0.9 * r], np.float32)
    best = (0.0, None)
    for ax, ay in axes:
        mx = tx + us[None, :] * ax - lats[:, None] * ay
        my = ty + us[None, :] * ay + lats[:, None] * ax
        prof = cv2.remap(score, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)
        prof = cv2.blur(prof, (3, 1), borderType=cv2.BORDER_REPLICATE)  # (1.5 pixels along)
        core = prof[:3].mean(axis=0)
        side = np.maximum(prof[3:6].mean(axis=0), prof[6:].mean(axis=0))
        on = (core >= FAINT_LEAST) & (core >= side + FAINT_CONTRAST)
        off = np.nonzero(~on)[0]
        if len(off) == 0 or off[0] == 0:
            continue  # (goes on past 2 r, or not at all)
        k = int(off[0])
        # the finger's end: the contrast falls below half way between the faint finger's
        # (its median along the stripe) and none
        c = core - side
        half = 0.5 * float(np.median(c[:k]))
        u = float(us[k])
        if c[k - 1] > half >= c[k]:
            u = float(us[k - 1]) + 0.5 * (float(c[k - 1]) - half) / max(float(c[k - 1] - c[k]), 1e-6)
        if u > best[0]:
            best = (u, (ax, ay))
    u, axis = best
    if axis is None or u < 0.8 * r:
        return hand
    ax, ay = axis
    nx, ny = tx + ax * u, ty + ay * u
    mask = hand.mask.copy()
    cv2.line(mask, (int(round(tx)), int(round(ty))), (int(round(nx)), int(round(ny))), 255, 3)
    return Hand(mask=mask, entry=hand.entry, tip=(nx, ny), pointing=True, fill=hand.fill,
                area=int(cv2.countNonZero(mask)))


def _thick_part(region: np.ndarray, thin_px: int) -> np.ndarray | None:
    """The region without its thin lines: the parts of its opening by a disc of radius
    ``thin_px`` (those of at least 4 discs' area: a line's thicker specks go too; the pieces
    of an arm joined ahead stay), grown back by ``thin_px + 1`` pixels inside the region (the
    rounded end of a finger comes back; a line stays cut off). None if nothing is that thick."""
    r8 = region.astype(np.uint8)
    d = 2 * thin_px + 1
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d))
    opened = cv2.morphologyEx(r8, cv2.MORPH_OPEN, k)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
    keep = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 4 * d * d]
    if not keep:
        return None
    if len(keep) == n - 1:
        part = (opened > 0).astype(np.uint8)  # (all kept: the opening's own pixels)
    else:
        lut = np.zeros(n, np.uint8)
        lut[keep] = 1
        part = lut[labels]
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * thin_px + 3, 2 * thin_px + 3))
    return (cv2.dilate(part, grow) & r8) > 0


def _thick_reach(thin_px: int) -> int:
    """How far beyond a region's box :func:`_thick_part` must see to give the pixels it gives
    on the whole picture: its opening and growth reach at most ``2 thin_px + 2`` pixels."""
    return 2 * thin_px + 4


def _join_ahead(region, labels, stats, cents, mask, entering: set, entry, min_area: int, reach: float,
                r: float) -> np.ndarray:
    """The region of an arm joined with the hand-sized regions that lie ahead of its far end.

    A sleeve of the board's colour, or one over dark print of its own grey, is seen only in
    pieces: the piece that enters from the edge then ends short of the hand, which floats
    ahead of it. A region (not entering from an edge itself, of at least ``min_area`` pixels)
    farther from the entry than the far end, with the far end near the line from the entry to
    its centre (within 2 ``r`` or 30 % of the way), and whose nearest pixel is within ``reach``
    of the far end, belongs to the same arm, unless it lies nearer to another arm entering from
    an edge (a second player's) than to this far end; up to three are joined, nearest first.
    A region that reaches at least 8 ``r`` from the entry has a known direction: a piece must
    then also lie on it, its centre within 2.5 ``r`` (or 40 % of its way beyond the far end) of
    the line from the entry through the region's centroid."""
    ex, ey = entry
    used = set(entering)
    # another arm entering from an edge (a second player's hand): a piece nearer to it than to
    # this arm's far end is a piece of that arm (a pale finger seen in parts), not of this one
    ys, xs = _nonzero(region)
    own = set(np.unique(labels[ys, xs]).tolist())
    others = [j for j in entering if j not in own and stats[j, cv2.CC_STAT_AREA] >= min_area]
    to_other = None  # (worked out when first asked: most frames ask for none)
    for _ in range(3):
        d2 = (xs - ex) ** 2 + (ys - ey) ** 2
        k = int(np.argmax(d2))
        fx, fy, dist = float(xs[k]), float(ys[k]), float(np.sqrt(d2[k]))
        if dist < 1e-6:
            break
        pick, pick_gap = 0, reach
        # (a bare arm ending in a resting fist is long: a patch of changed print beside its way,
        # a player's field under shifted light, is no finger of it. Its way is the line from
        # the entry through its middle: the far end may be a corner, a thumb hanging aside)
        mx, my = float(xs.mean()) - ex, float(ys.mean()) - ey
        way = float(np.hypot(mx, my))
        long_arm = dist >= 8 * r and way > 1e-6
        if long_arm:
            ax, ay = mx / way, my / way
            far_along = (fx - ex) * ax + (fy - ey) * ay
        for j in range(1, stats.shape[0]):
            if j in used or stats[j, cv2.CC_STAT_AREA] < min_area:
                continue
            # the far end must lie on the way from the entry to the region (the direction of a
            # short stub of sleeve is too uncertain to look along)
            vx, vy = cents[j][0] - ex, cents[j][1] - ey
            length = float(np.hypot(vx, vy))
            if length <= dist:
                continue
            ux, uy = vx / length, vy / length
            along = (fx - ex) * ux + (fy - ey) * uy
            off = abs((fy - ey) * ux - (fx - ex) * uy)
            if along <= 0 or off > max(2 * r, 0.3 * along):
                continue
            if long_arm and abs(vy * ax - vx * ay) > max(2.5 * r, 0.4 * (vx * ax + vy * ay - far_along)):
                continue
            jy, jx = _label_pixels(labels, stats, j)
            gap = _gap(jy, jx, (fx, fy))
            if others:
                if to_other is None:
                    to_other = cv2.distanceTransform((~np.isin(labels, others)).astype(np.uint8), cv2.DIST_L2, 3)
                if float(to_other[jy, jx].min()) < gap:
                    continue
            if gap < pick_gap:
                pick, pick_gap = j, gap
        if pick == 0:
            break
        used.add(pick)
        region = region | ((labels == pick) & (mask > 0))
        ys, xs = _nonzero(region)
    return region  # (the same object when nothing was joined)


def _tip_on_axis(xs, ys, entry, far, cap: float):
    """The fingertip steadied: along the axis from the entry to the farthest point, the end of
    the region, on the centre line of its last ``cap`` pixels (the finger's end cap). The
    farthest pixels alone jump between the two corners of a finger lying across the axis."""
    ex, ey = entry
    ax, ay = far[0] - ex, far[1] - ey
    n = float(np.hypot(ax, ay))
    if n < 1e-6:
        return far
    ax, ay = ax / n, ay / n
    dx, dy = xs - ex, ys - ey
    proj = dx * ax + dy * ay
    lat = dy * ax - dx * ay
    pmax = float(proj.max())
    end = proj >= pmax - cap
    lat_c = _median(lat[end])
    tipcap = end & (np.abs(lat - lat_c) <= cap)
    top = np.sort(proj[tipcap])[-3:]
    p = float(top.mean()) if len(top) else pmax
    return ex + ax * p - ay * lat_c, ey + ay * p + ax * lat_c


def _median(v: np.ndarray) -> float:
    """``np.median`` of the 1-d array ``v`` (not empty), the same number (in ``v``'s own
    float type, as numpy's), without its checks and dispatch: most of its 0.05-0.08 ms a call
    here, a dozen calls a frame."""
    n = len(v)
    k = n // 2
    if n % 2:
        return float(np.partition(v, k)[k])
    part = np.partition(v, [k - 1, k])
    return float((part[k - 1] + part[k]) / 2.0)


def _floating_hand(labels, stats, mask, weak, min_area: int, r: float, max_fill: float,
                   skip: set = frozenset()) -> Hand | None:
    """The largest region not reaching the border (nor in ``skip``: regions at an edge), as a
    hand whose arm is not seen: along its long axis, the end that is a narrow finger (narrow
    at its end and behind it, :func:`_end_width`) is the tip, the other end the entry; when both
    or neither are, the narrower end is the tip, pointing only if it is clearly the narrower."""
    n = stats.shape[0]
    areas = [(stats[j, cv2.CC_STAT_AREA], j) for j in range(1, n) if j not in skip]
    if not areas:
        return None
    i = max(areas)[1]
    if stats[i, cv2.CC_STAT_AREA] < min_area:
        return None
    region = (labels == i) & (mask > 0)
    if weak is not None:
        region = _grow_into(region, weak, 3)
    ys, xs = np.nonzero(region)
    if len(xs) < min_area:
        return None
    pts = np.column_stack([xs, ys]).astype(np.float64)
    c = pts.mean(axis=0)
    evals, evecs = np.linalg.eigh(np.cov((pts - c).T))
    if evals[1] < 2.0 * max(evals[0], 1e-6):
        # not elongated: a small hand (a child's) with its wrist cut off by an unseen sleeve,
        # or a fist. The palm is the region's deepest point; a pointing finger is what sticks
        # out farthest from it, and must be narrow there.
        return _palm_hand(region, xs, ys, r, max_fill)
    v = evecs[:, 1]
    proj = (pts - c) @ v
    ends = []
    for sel in (proj >= proj.max() - 1.5, proj <= proj.min() + 1.5):
        e = pts[sel].mean(axis=0)
        fill = float((((xs - e[0]) ** 2 + (ys - e[1]) ** 2) <= r * r).sum()) / (np.pi * r * r)
        ends.append((fill, (float(e[0]), float(e[1]))))
    # the end that is narrow and stays narrow behind is the finger: a wrist cut off by a
    # sleeve's round cuff is narrow at its very end too, between two corners, but behind those
    # it is as wide as the hand. When both ends are such, the clearly narrower one points.
    (f_tip, tip, narrow_tip), (f_other, entry, narrow_other) = sorted(
        (f, e, f <= max_fill and _end_width(xs, ys, e, c, r) <= 2.2 * r) for f, e in ends)
    if narrow_other and not narrow_tip:
        (f_tip, tip), (f_other, entry) = (f_other, entry), (f_tip, tip)
    pointing = narrow_tip != narrow_other or (narrow_tip and f_other >= f_tip + 0.05)
    tip = _tip_on_axis(xs, ys, entry, tip, cap=0.6 * r)
    return Hand(mask=region.astype(np.uint8) * 255, entry=entry, tip=tip, pointing=pointing, fill=f_tip,
                area=int(len(xs)))


def _end_width(xs, ys, end, centre, r: float) -> float:
    """How wide the region is 0.4 to 1 ``r`` behind ``end``, looking from ``centre`` out to it:
    all of its pixels there, side to side (the end of a region with a notch, a wrist cut off
    by a round cuff, is measured across both of its corners)."""
    ax, ay = end[0] - centre[0], end[1] - centre[1]
    n = float(np.hypot(ax, ay))
    if n < 1e-6:
        return 0.0
    lat = _across_behind(xs, ys, end, (ax / n, ay / n), r)
    return 0.0 if lat is None else float(lat.max() - lat.min())


def _across_behind(xs, ys, end, axis, r: float):
    """Where the region's pixels 0.4 to 1 ``r`` behind ``end`` lie across ``axis`` (a unit
    vector pointing out through the end), or None when there are none."""
    ax, ay = axis
    dx, dy = xs - end[0], ys - end[1]
    proj = dx * ax + dy * ay
    band = (proj <= -0.4 * r) & (proj >= -1.0 * r)
    if not band.any():
        return None
    return (dy * ax - dx * ay)[band]


def _palm_hand(region: np.ndarray, xs, ys, r: float, max_fill: float) -> Hand | None:
    """A compact region as a hand seen without its arm: the entry is the palm's centre (the
    deepest point of the region), the tip the farthest point from it. It points only if the tip
    is narrow, stays a finger's width behind its end (:func:`_width_behind`) and lies well beyond
    the palm (at least 1.6 palm radii from its centre); a blob without such a finger is no hand
    (None)."""
    r8 = region.astype(np.uint8)
    dist = cv2.distanceTransform(r8, cv2.DIST_L2, 3)
    _, depth, _, (px, py) = cv2.minMaxLoc(dist)
    d2 = (xs - px) ** 2 + (ys - py) ** 2
    far = float(np.sqrt(d2.max()))
    sel = d2 >= (far - 1.5) ** 2
    tip = (float(xs[sel].mean()), float(ys[sel].mean()))
    fill = float((((xs - tip[0]) ** 2 + (ys - tip[1]) ** 2) <= r * r).sum()) / (np.pi * r * r)
    if not (fill <= max_fill and far >= 1.6 * max(depth, 1.0)):
        return None  # a round blob without a finger: a playing piece, a cup, a fist
    tip = _tip_on_axis(xs, ys, (float(px), float(py)), tip, cap=0.6 * r)
    if _width_behind(xs, ys, tip, r) > 2.2 * r:
        # a corner of the wrist, cut off square by an unseen sleeve, sticks out as far: behind
        # it the hand is as wide as the palm, behind a fingertip a finger's width
        return None
    return Hand(mask=r8 * 255, entry=(float(px), float(py)), tip=tip, pointing=True, fill=fill,
                area=int(len(xs)))
