"""The pointer's quick paths give the numbers of the plain ones they replace (pointer.py: work
in a region's box instead of the whole picture, a median without numpy's dispatch, the main
axis of a 2x2 covariance in closed form). Checked on the masks saved from benchmark frames
(tests/camera/data) and on random blobs and lines, against the whole-picture versions written
out here as they were."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from tiptoi_sim.camera.pointer import _box, _grow_into, _main_axis, _median, _thick_part, _thick_reach

DATA = Path(__file__).parent / "data"


def _grow_whole(region, weak, steps):
    r8 = region.astype(np.uint8)
    allowed = ((weak > 0) | region).astype(np.uint8)
    for _ in range(steps):
        r8 = cv2.dilate(r8, np.ones((3, 3), np.uint8)) & allowed
    return r8 > 0


def _thick_whole(region, thin_px):
    r8 = region.astype(np.uint8)
    d = 2 * thin_px + 1
    opened = cv2.morphologyEx(r8, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
    keep = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 4 * d * d]
    if not keep:
        return None
    part = np.isin(labels, keep).astype(np.uint8)
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * thin_px + 3, 2 * thin_px + 3))
    return (cv2.dilate(part, grow) & r8) > 0


def _random_scene(seed, shape=(200, 296)):
    """(region, weak): blobs and thin lines, some touching the picture's border."""
    rng = np.random.default_rng(seed)
    h, w = shape
    region = np.zeros(shape, np.uint8)
    weak = np.zeros(shape, np.uint8)
    for _ in range(rng.integers(1, 5)):
        c = (int(rng.integers(-10, w + 10)), int(rng.integers(-10, h + 10)))
        cv2.ellipse(region, c, (int(rng.integers(2, 40)), int(rng.integers(2, 25))), float(rng.uniform(0, 180)),
                    0, 360, 1, -1)
    for _ in range(rng.integers(0, 4)):
        p = [(int(rng.integers(0, w)), int(rng.integers(0, h))) for _ in range(2)]
        cv2.line(region, p[0], p[1], 1, int(rng.integers(1, 3)))
    weak[rng.random(shape) < 0.3] = 255
    cv2.circle(weak, (int(rng.integers(0, w)), int(rng.integers(0, h))), int(rng.integers(5, 60)), 255, -1)
    return region > 0, weak


def _saved_regions():
    """The biggest region of each saved benchmark mask (its G channel), with its B channel as
    the weak mask."""
    out = []
    for path in sorted(DATA.glob("*.png")):
        img = cv2.imread(str(path))
        fg, weak = img[..., 1].copy(), img[..., 0].copy()
        n, lab, stats, _ = cv2.connectedComponentsWithStats(fg, connectivity=8)
        if n > 1:
            out.append((path.stem, lab == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA])), weak))
    assert len(out) >= 10
    return out


CASES = [(f"random-{s}", *_random_scene(s)) for s in range(40)]


@pytest.mark.parametrize("name,region,weak", CASES + _saved_regions(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_box_versions_give_the_whole_pictures_pixels(name, region, weak):
    for steps in (3, 14):
        np.testing.assert_array_equal(_grow_into(region, weak, steps), _grow_whole(region, weak, steps))
    box = _box(region, _thick_reach(2))
    y0, y1, x0, x1 = box
    whole = _thick_whole(region, 2)
    cropped = _thick_part(region[y0:y1, x0:x1], 2)
    if whole is None:
        assert cropped is None
    else:
        out = np.zeros_like(region)
        out[y0:y1, x0:x1] = cropped
        np.testing.assert_array_equal(out, whole)
        assert not whole[:y0].any() and not whole[y1:].any() and not whole[:, :x0].any() and not whole[:, x1:].any()


def test_an_empty_region_has_no_box_and_grows_into_nothing():
    region = np.zeros((50, 60), bool)
    assert _box(region, 3) is None
    assert not _grow_into(region, np.full((50, 60), 255, np.uint8), 5).any()


def test_the_box_is_the_regions_extent_grown_within_the_picture():
    region = np.zeros((50, 60), bool)
    region[10:20, 55:60] = True
    assert _box(region, 3) == (7, 23, 52, 60)
    assert _box(region, 0) == (10, 20, 55, 60)


def test_the_median_is_numpys_to_the_bit():
    rng = np.random.default_rng(5)
    for n in range(1, 70):
        for dtype in (np.float32, np.float64):
            v = (rng.normal(size=n) * 9).astype(dtype)
            assert _median(v) == float(np.median(v))
    assert _median(np.array([3.0, 3.0, 1.0, 1.0])) == 2.0


def test_the_main_axis_is_the_covariances_first_eigenvector():
    rng = np.random.default_rng(6)
    for k in range(200):
        pts = rng.normal(size=(int(rng.integers(3, 200)), 2)) @ rng.normal(size=(2, 2))
        pts -= pts.mean(axis=0)
        e = np.linalg.eigh(np.cov(pts.T))[1][:, 1]
        ax, ay = _main_axis(pts[:, 0], pts[:, 1])
        assert abs(ax * e[0] + ay * e[1]) == pytest.approx(1.0, abs=1e-9)
        assert np.hypot(ax, ay) == pytest.approx(1.0)
    # (spread along one axis only, and alike every way: as numpy's eigh)
    assert _main_axis(np.array([-2.0, 2.0, 0.0]), np.array([0.0, 0.0, 0.0])) == (1.0, 0.0)
    assert _main_axis(np.array([0.0, 0.0]), np.array([-1.0, 1.0])) == (0.0, 1.0)
    assert _main_axis(np.array([-1.0, 1.0, 0.0, 0.0]), np.array([0.0, 0.0, -1.0, 1.0])) == (0.0, 1.0)

