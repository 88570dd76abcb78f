"""Board drawing without a display: the static board, the state overlay, the registration
markers (checked with OpenCV's detector) and the render-board command."""

from __future__ import annotations

import numpy as np
import pytest

from tiptoi_sim.cli import main
from tiptoi_sim.core.clock import VirtualClock
from tiptoi_sim.core.scheduler import Scheduler, run_loop
from tiptoi_sim.core.taps import Tap
from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.layout import load_layout
from tiptoi_sim.millionen_coup.session import PenSession
from tiptoi_sim.screen.board_drawing import marker_side_px, render_board_array


@pytest.fixture(scope="module")
def data():
    return load_game_data()


@pytest.fixture(scope="module")
def layout(data):
    return load_layout(data=data)


def _px(img, layout, tid, dx=0.0, dy=0.0):
    h, w = img.shape[:2]
    x, y = layout.centre(tid)
    return img[int((y + dy) * h), int((x + dx) * w)]


def test_board_array_shape_and_content(data, layout):
    img = render_board_array(800, data=data, layout=layout)
    assert img.dtype == np.uint8 and img.shape == (500, 800, 3)
    # not blank: many colours, and Go! is green, the vault gold
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 50
    r, g, b = (int(v) for v in _px(img, layout, "go", dy=-0.03))
    assert g > r + 60 and g > b + 60
    r, g, b = (int(v) for v in _px(img, layout, "room:vault", dx=0.04, dy=0.03))
    assert r > 200 and g > 170 and b < 160


def test_markers_detected_at_board_corners(data, layout):
    import cv2

    img = render_board_array(900, markers=True, data=data, layout=layout)
    bw, bh = 900, int(round(900 / layout.aspect))
    m = marker_side_px(bw, bh)
    margin = (img.shape[1] - bw) // 2
    assert img.shape[:2] == (bh + 2 * margin, bw + 2 * margin) and margin > m
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                  cv2.aruco.DetectorParameters())
    corners, ids, _ = det.detectMarkers(cv2.cvtColor(img, cv2.COLOR_RGB2GRAY))
    assert ids is not None and sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    board = {0: (margin, margin), 1: (margin + bw, margin), 2: (margin + bw, margin + bh), 3: (margin, margin + bh)}
    for c, i in zip(corners, ids.ravel()):
        quad = c.reshape(4, 2)
        bx, by = board[int(i)]
        nearest = min(quad, key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
        # the marker's nearest corner touches the board corner (within a pixel or so)
        assert abs(nearest[0] - bx) <= 1.5 and abs(nearest[1] - by) <= 1.5, (i, nearest, (bx, by))
    # the board itself is unchanged inside the margin
    inner = img[margin:margin + bh, margin:margin + bw]
    assert np.array_equal(inner, render_board_array(900, data=data, layout=layout))


def _game_state(data):
    sch = Scheduler()
    s = PenSession(data, seed=7, lang="en", scheduler=sch)
    s.start_game({"red": "ben", "blue": "oliver_crow"})
    taps = [Tap(t, 0) for t in ("player:red", "action:explore", "explore:alarms")] + [Tap("go", 90_000)]
    run_loop(VirtualClock(taps), sch, s.tap, lambda: s.over, until_ms=100_000)
    return s.game.state(director=True)


def test_state_overlay_shows_figures_guard_and_markers(data, layout):
    state = _game_state(data)
    assert state["phase"] == "execution" and state["revealed"]["alarms"]
    empty = render_board_array(1000, data=data, layout=layout, lang="en")
    full = render_board_array(1000, data=data, layout=layout, lang="en", state=state)
    h, w = empty.shape[:2]

    def region_changed(tid):
        box = layout.hotspots[tid]
        x0, y0 = int(min(p[0] for p in box) * w), int(min(p[1] for p in box) * h)
        x1, y1 = int(max(p[0] for p in box) * w), int(max(p[1] for p in box) * h)
        return int(np.abs(full[y0:y1, x0:x1].astype(int) - empty[y0:y1, x0:x1].astype(int)).sum(axis=2).astype(bool).sum())

    assert region_changed("room:street") > 200            # the figures at the start
    assert region_changed(f"room:{state['guard']}") > 200  # the guard
    alarm = next(iter(state["revealed"]["alarms"].values()))
    assert region_changed(f"room:{alarm['corridor']}") > 50 and region_changed(f"room:{alarm['console']}") > 50
    assert region_changed("room:lobby") > 20               # lock 1 on the entrance
    assert region_changed("room:security_office") == 0 or state["guard"] == "security_office"


def test_render_board_command(tmp_path, capsys):
    import cv2

    out = tmp_path / "board.png"
    assert main(["render-board", "--out", str(out), "--width", "640", "--markers", "--lang", "en"]) == 0
    img = cv2.imread(str(out))
    assert img is not None and img.shape[1] > 640
    assert "with markers" in capsys.readouterr().out
    assert main(["render-board", "--out", str(tmp_path / "x.gif")]) == 2
    assert main(["render-board", "--out", str(tmp_path / "missing" / "b.png")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_game_over_banner(data, layout):
    state = _game_state(data)
    state["outcome"] = ["lost", "alarm"]
    img = render_board_array(1000, data=data, layout=layout, lang="en", state=state)
    h, w = img.shape[:2]
    r, g, b = (int(v) for v in img[int(0.36 * h), int(0.22 * w)])
    assert r > 120 and g < 60 and b < 60  # the red banner of a lost game
    state["outcome"] = ["won", "vault"]
    img = render_board_array(1000, data=data, layout=layout, lang="en", state=state)
    r, g, b = (int(v) for v in img[int(0.36 * h), int(0.22 * w)])
    assert g > 90 and r < 60
