import json
import threading

import cv2
import pytest
from conftest import visit

from tiptoi_sim.cli import main
from tiptoi_sim.camera.synth import SyntheticClip, write_clip


@pytest.fixture(scope="module")
def lobby_clip(tmp_path_factory, board):
    from tiptoi_sim.millionen_coup.layout import load_layout

    layout = load_layout()
    clip = SyntheticClip(board, [visit("tap", "top", layout.centre("room:lobby"), "room:lobby", 1.2)],
                         fps=15, duration=3.6, seed=31)
    path = tmp_path_factory.mktemp("clips") / "lobby.avi"
    write_clip(clip, str(path))
    return path


def test_taps_from_video_prints_one_json_line_per_tap(lobby_clip, capsys):
    assert main(["taps-from-video", str(lobby_clip)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    tap = json.loads(lines[0])
    assert tap["tap"] == "room:lobby" and set(tap) == {"t", "tap", "x", "y"}
    assert 2.2 <= tap["t"] <= 2.9


def test_taps_from_video_with_an_overlay_uses_its_polygons(lobby_clip, tmp_path, capsys):
    from tiptoi_sim.camera.hotspots import write_overlay
    from tiptoi_sim.millionen_coup.layout import load_layout

    layout = load_layout()
    # the user's board has "room:vault" where ours has the lobby: swap the two polygons
    ov = tmp_path / "mine.yaml"
    write_overlay(ov, {"room:vault": layout.hotspots["room:lobby"], "room:lobby": layout.hotspots["room:vault"]})
    assert main(["taps-from-video", str(lobby_clip), "--hotspots", str(ov)]) == 0
    assert [json.loads(x)["tap"] for x in capsys.readouterr().out.splitlines()] == ["room:vault"]


@pytest.mark.parametrize("argv, words", [
    (["taps-from-video", "/nonexistent/clip.mp4"], "not found"),
    (["hotspots", "edit", "--photo", "/nonexistent/board.jpg"], "not found"),
    (["markers", "--out", "/tmp/sheet.gif"], ".png or .pdf"),
])
def test_bad_input_is_one_clear_line_and_exit_2(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_unreadable_video_and_photo(tmp_path, capsys):
    junk = tmp_path / "junk.mp4"
    junk.write_text("not a video")
    assert main(["taps-from-video", str(junk)]) == 2
    photo = tmp_path / "junk.jpg"
    photo.write_text("not a photo")
    assert main(["hotspots", "edit", "--photo", str(photo)]) == 2


def test_marker_sheet_png_has_the_four_markers_and_pdf_is_a_pdf(tmp_path, capsys):
    from tiptoi_sim.camera.registration import make_detector

    assert main(["markers", "--out", str(tmp_path / "s.png")]) == 0
    g = cv2.imread(str(tmp_path / "s.png"), cv2.IMREAD_GRAYSCALE)
    assert g.shape == (3508, 2480)  # A4 at 300 dpi
    _, ids, _ = make_detector().detectMarkers(cv2.resize(g, None, fx=0.4, fy=0.4))
    assert sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    assert main(["markers", "--out", str(tmp_path / "s.pdf")]) == 0
    data = (tmp_path / "s.pdf").read_bytes()
    assert data.startswith(b"%PDF-1.4") and b"/DCTDecode" in data and data.rstrip().endswith(b"%%EOF")


def test_hotspots_json_lists_every_id_with_its_polygon(capsys, layout):
    assert main(["hotspots", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert {i["id"] for i in items} == set(layout.hotspots)
    assert all(len(i["polygon"]) >= 3 for i in items)


def test_editor_drags_a_vertex_and_saves_an_overlay_used_from_then_on(tmp_path, layout, capsys):
    from tiptoi_sim.camera.editor import HotspotEditor
    from tiptoi_sim.camera.hotspots import load_hotspots, user_overlay_path, write_overlay

    ed = HotspotEditor(layout.hotspots, (1000, 625))
    ed.selected = "room:lobby"
    x, y = ed.to_px(layout.hotspots["room:lobby"][0])
    ed.press((x, y))
    ed.move((x - 20, y - 10))
    ed.release()
    assert ed.hotspots["room:lobby"][0] == pytest.approx(((x - 20) / 1000, (y - 10) / 625))
    ed.press(ed.to_px(layout.centre("digit:4")))  # a click inside another polygon selects it
    assert ed.selected == "digit:4"
    write_overlay(user_overlay_path(), ed.overlay())
    mine = load_hotspots()
    assert mine.hotspots["room:lobby"][0] == pytest.approx(ed.hotspots["room:lobby"][0], abs=1e-4)
    assert main(["hotspots"]) == 0 and "webcam_hotspots.yaml" in capsys.readouterr().out


def test_editor_window_runs_and_saves_on_s(tmp_path, board, layout):
    import pygame

    from tiptoi_sim.camera.editor import run_editor
    from tiptoi_sim.millionen_coup.layout import load_layout

    out = tmp_path / "ov.yaml"
    pygame.init()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
    assert run_editor(cv2.cvtColor(board, cv2.COLOR_BGR2RGB), layout.hotspots, out, max_frames=3)
    assert load_layout(overlay=out).hotspots == layout.hotspots


def test_camera_input_calls_on_tap_from_its_thread(lobby_clip, layout):
    from tiptoi_sim.camera.input import start_camera_input

    taps, statuses = [], []
    done = threading.Event()

    def on_status(kind, detail=""):
        statuses.append(kind)
        if kind == "video_ended":
            done.set()

    handle = start_camera_input(str(lobby_clip), taps.append, on_status, layout, realtime=False)
    assert done.wait(30)
    handle.stop()
    assert taps == ["room:lobby"]
    assert statuses[0] == "registered" and handle.view() is not None and handle.view().shape[1] == 320


def test_a_lost_camera_is_announced_and_retried():
    from tiptoi_sim.camera.capture import CaptureThread

    statuses = []
    th = CaptureThread("/nonexistent/dev/video", lambda f, t: None, lambda k, d="": statuses.append(k),
                       realtime=False, retry_s=0.05)
    th.src.is_file = False  # behave as a camera that is not there: retried, announced once
    th.start()
    import time
    time.sleep(0.3)
    th.stop()
    assert statuses == ["camera_lost"]


def test_corners_are_clicked_when_the_photo_has_no_markers(board):
    import pygame

    from tiptoi_sim.camera.editor import board_from_photo, pick_corners

    photo = cv2.copyMakeBorder(board, 40, 40, 60, 60, cv2.BORDER_CONSTANT, value=(30, 30, 30))
    h, w = board.shape[:2]
    clicks = [(60, 40), (60 + w, 40), (60 + w, 40 + h), (60, 40 + h)]
    pygame.init()
    s = min(1.0, 1200 / photo.shape[1])
    for x, y in clicks:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(int(x * s), int(y * s))))
    pts = pick_corners(cv2.cvtColor(photo, cv2.COLOR_BGR2RGB), max_frames=5)
    assert pts is not None and len(pts) == 4
    assert max(abs(a - b) for p, q in zip(pts, clicks) for a, b in zip(p, q)) <= 2 / s
    cut = board_from_photo(photo, 450, w / h, pts)
    assert cut.shape[1] == 450
    assert float(abs(cut.astype(int) - cv2.resize(board, (450, cut.shape[0])).astype(int)).mean()) < 12


def test_camera_input_rejects_a_missing_video_file_at_once(layout):
    from tiptoi_sim.camera.input import start_camera_input
    from tiptoi_sim.core.errors import UserError

    with pytest.raises(UserError, match="no such video file"):
        start_camera_input("/nonexistent/clip.mp4", print, None, layout)
    with pytest.raises(UserError, match="unknown stylus colour"):
        start_camera_input(0, print, None, layout, stylus_colour="plaid")
