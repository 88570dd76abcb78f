"""A dwell that lands just beside a hotspot (camera.hotspots.nearest_hotspot): the locks are
0.022 of the board's height, about 4 pixels of the rectified board, so a fingertip read a
pixel short lands in the gap beside its lock."""

import pytest

from tiptoi_sim.camera.hotspots import nearest_hotspot
from tiptoi_sim.millionen_coup.layout import load_layout


@pytest.fixture(scope="module")
def layout():
    return load_layout()


def _near(layout, x, y):
    return nearest_hotspot(layout.hit_test, x, y, layout.aspect)


def test_a_point_on_a_hotspot_is_that_hotspot(layout):
    assert _near(layout, 0.04, 0.204) == "lock:4" == layout.hit_test(0.04, 0.204)


def test_a_point_in_the_gap_a_pixel_from_a_lock_is_that_lock(layout):
    # lock:3 ends at y 0.187, lock:4 begins at 0.193; a pixel of 160 is 0.006 of the height
    assert layout.hit_test(0.04, 0.1915) is None
    assert _near(layout, 0.04, 0.1915) == "lock:4"
    assert _near(layout, 0.04, 0.1885) == "lock:3"


def test_a_point_just_between_two_locks_is_no_tap(layout):
    assert _near(layout, 0.04, 0.190) is None
    # a dwell of benchmark clip 8842 (truth lock:4, the tip read 2 pixels short): a little
    # nearer to lock:3, but not by a quarter of a pixel; taking the nearest made a wrong tap
    assert _near(layout, 0.0430, 0.1896) is None


def test_a_point_beyond_the_edge_of_the_board_near_a_button_is_that_button(layout):
    # the nav row's buttons reach up to 0.013 of the height; a tip read at y 0.058 instead of
    # 0.039 lay just below nav:power (0.013 - 0.057)
    assert layout.hit_test(0.218, 0.058) is None
    assert _near(layout, 0.218, 0.058) == "nav:power"


def test_a_point_far_from_every_hotspot_is_no_tap(layout):
    # spots near the board's left edge with no hotspot within 0.01 of them
    free = [(x, y) for x in (0.005, 0.01) for y in (0.3, 0.5, 0.98)
            if all(layout.hit_test(x + dx, y + dy) is None
                   for dx in (-0.01, 0, 0.01) for dy in (-0.016, 0, 0.016))]
    assert free, "no free spot found on the board to test with"
    for x, y in free:
        assert _near(layout, x, y) is None
