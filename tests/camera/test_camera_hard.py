"""The hard scenes of synth_hard (pinhole tilt and roll, lens distortion, shake with rolling
shutter, glare, white balance, exposure drift, motion blur, mp4v codec) through the real
pipeline, as ``taps-from-video`` runs it with its defaults; and the camera check."""

import numpy as np
import pytest

from tiptoi_sim.camera import synth_hard as sh
from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
from tiptoi_sim.camera.synth import score_taps

SMALL = dict(size=(480, 360), n_idle=0)


def run(clip, layout, pointer):
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect, pointer=pointer))
    taps = []
    for f, t in sh.frames(clip):
        taps += pipe.process(f, t)
    return pipe, [t for t in taps if t.tap is not None]


def test_the_hard_generator_is_repeatable_and_draws_every_table(layout, board):
    scene = sh.Scene("t", table="cloth", n_taps=1, **SMALL, codec=False)
    a = sh.hard_clip(scene, layout.hotspots, board, seed=3, hit_test=layout.hit_test, min_s=2)
    b = sh.hard_clip(scene, layout.hotspots, board, seed=3, hit_test=layout.hit_test, min_s=2)
    assert np.array_equal(a.frame(30), b.frame(30))
    rng = np.random.default_rng(0)
    means = {t: sh.hard_table(200, 120, t, rng).reshape(-1, 3).mean(axis=0) for t in sh.HARD_TABLES}
    assert means["dark"].mean() < 60 < means["light_wood"].mean()
    with pytest.raises(ValueError, match="expected one of"):
        sh.hard_table(10, 10, "marble", rng)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_finger_in_a_sleeve_on_light_wood_taps_the_right_hotspot(layout, board, seed):
    # light wood under a pale or mid skin tone, a sleeve, tilt, roll, shake, glare, codec
    scene = sh.Scene("t", table="light_wood", n_taps=1, **SMALL)
    clip = sh.hard_clip(scene, layout.hotspots, board, seed=seed, hit_test=layout.hit_test, min_s=2)
    _, taps = run(clip, layout, "finger")
    sc = score_taps(clip, taps)
    assert (sc.right, sc.false) == (1, 0), [(t.t, t.tap) for t in taps]
    assert sc.delays[0] + 0.6 <= 0.7  # from the start of the dwell


def test_a_stylus_of_any_colour_taps_with_nothing_set(layout, board):
    scene = sh.Scene("t", table="dark", pointer="stylus", n_taps=1, **SMALL)
    clip = sh.hard_clip(scene, layout.hotspots, board, seed=1, hit_test=layout.hit_test, min_s=2)
    assert clip.tip_colours[0] != sh.TIP_COLOURS_BGR["green"]  # not the old preset
    pipe, taps = run(clip, layout, "stylus")
    sc = score_taps(clip, taps)
    assert (sc.right, sc.false) == (1, 0), [(t.t, t.tap) for t in taps]
    assert pipe.learnt_hue is not None


def test_dim_noisy_shaking_light_wood_without_a_hand_gives_no_tap(layout, board):
    scene = sh.Scene("t", table="light_wood", n_taps=0, dim=True, **SMALL)
    clip = sh.hard_clip(scene, layout.hotspots, board, seed=4, hit_test=layout.hit_test, min_s=5)
    from tiptoi_sim.camera.check import CameraCheck

    check = CameraCheck(layout)  # the camera check runs the same pipeline, and says it is dark
    taps = []
    for f, t in sh.frames(clip):
        taps += check.feed(f, t)
    assert check.board_found and taps == []
    assert any(f.level == "warn" and "dark" in f.text for f in check.findings())


def test_camera_check_prints_what_it_sees(layout, board, tmp_path, capsys):
    from tiptoi_sim.cli import main

    scene = sh.Scene("t", table="beige", n_taps=0, **SMALL)
    clip = sh.hard_clip(scene, layout.hotspots, board, seed=2, min_s=1.5)
    path = tmp_path / "clip.mp4"
    for _ in sh.through_codec(clip, str(path)):
        pass
    assert main(["camera-check", "--camera", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "All four markers are seen." in out and "Board found" in out and "No tap seen yet" in out
    assert main(["camera-check", "--camera", str(path)]) == 0  # German by default, as every command
    out = capsys.readouterr().out
    assert "Alle vier Marker sind zu sehen." in out and "Spielplan gefunden" in out
    assert "Hinweis  Noch kein Tipp gesehen: Lass eine Fingerspitze kurz auf dem Info-Symbol liegen." in out
    # no markers: exit 1 and says which are missing
    from tiptoi_sim.camera.synth import SyntheticClip, write_clip

    bare = tmp_path / "bare.avi"
    write_clip(SyntheticClip(board, [], fps=15, duration=1.0, seed=3, markers=False), str(bare))
    assert main(["camera-check", "--camera", str(bare), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "Markers not seen: 0 (top-left), 1 (top-right)" in out and "FIX" in out
    assert main(["camera-check", "--camera", str(bare), "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert "Diese Marker sind nicht zu sehen: 0 (oben links), 1 (oben rechts)" in out and "ÄNDERN" in out
    assert main(["camera-check", "--camera", "12345"]) == 2  # a camera number out of range
    assert "--camera" in capsys.readouterr().err


def test_the_set_up_screen_shows_the_view_and_clicked_corners_register_the_board(layout, board, tmp_path):
    import pygame

    from tiptoi_sim.camera.check import CameraCheck
    from tiptoi_sim.camera.synth import SyntheticClip
    from tiptoi_sim.screen.camera_setup import CameraSetup, run_camera_setup

    clip = SyntheticClip(board, [], fps=15, duration=1.5, seed=8, markers=False)
    check = CameraCheck(layout)
    last = None
    for i in range(clip.n_frames):
        last = clip.frame(i)
        check.feed(last, i / clip.fps)
    assert not check.board_found
    pygame.init()
    try:
        screen = pygame.display.set_mode((1000, 600))
        setup = CameraSetup(screen, check, lambda: last)
        setup.draw()
        assert setup.needs_corners()
        for x, y in clip.board_corners_cam:  # click the four corners on the camera view
            pos = (int(setup.view_rect.x + x * setup.view_scale), int(setup.view_rect.y + y * setup.view_scale))
            setup.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        assert check.board_found
        shot = tmp_path / "setup.png"
        assert run_camera_setup(screen, check, lambda: last, frames=1, screenshot=str(shot))
        img = pygame.surfarray.array3d(pygame.image.load(str(shot)))
        assert img.std() > 20  # the camera picture is drawn, not an empty screen
    finally:
        pygame.quit()


def test_the_camera_checks_words_are_checked_on_load_in_both_languages(tmp_path, monkeypatch):
    import shutil

    from tiptoi_sim.camera import check as chk
    from tiptoi_sim.core.errors import DataError
    from tiptoi_sim.paths import assets_dir

    de, en = chk.texts("de"), chk.texts("en")
    assert set(de.templates) == set(en.templates) == set(chk.CONTRACT)
    # every stylus colour the check can name has a name in both languages
    for hue in range(0, 180, 5):
        assert de.has("colour." + chk.hue_name(hue)) and en.has("colour." + chk.hue_name(hue))
    # the window's notices while the camera runs: every kind the thread reports, in both languages
    for kind in chk.STATUS_KINDS:
        de_text, en_text = chk.status_text(kind, "camera 0", "de"), chk.status_text(kind, "camera 0", "en")
        assert de_text != en_text and de_text.startswith("Webcam: ") and "{" not in de_text + en_text
    assert chk.status_text("camera_lost", "camera 0 not found", "de") == \
        "Webcam: kein Bild (camera 0 not found). Die Maus geht weiter."
    # a user's broken catalogue: the file, the line and the key, not a traceback at play time
    own = tmp_path / "camera"
    shutil.copytree(assets_dir() / "camera", own)
    text = (own / "check.de.yaml").read_text(encoding="utf-8")
    (own / "check.de.yaml").write_text(text.replace("{pixels} Pixel", "{pixel} Pixel"), encoding="utf-8")
    monkeypatch.setenv("TIPTOI_SIM_ASSETS", str(tmp_path))
    chk.texts.cache_clear()
    try:
        with pytest.raises(DataError) as e:
            chk.texts("de")
        line = next(n for n, s in enumerate(text.splitlines(), 1) if "board_found:" in s)
        assert "check.de.yaml" in str(e.value) and "finding.board_found" in str(e.value)
        assert f"check.de.yaml:{line}:" in str(e.value) and "{pixel}" in str(e.value)
    finally:
        chk.texts.cache_clear()


def test_the_set_up_screen_speaks_german(layout, board, tmp_path):
    import pygame

    from tiptoi_sim.camera.check import CameraCheck
    from tiptoi_sim.camera.synth import SyntheticClip
    from tiptoi_sim.screen.camera_setup import CameraSetup

    clip = SyntheticClip(board, [], fps=15, duration=1.5, seed=8, markers=False)
    check = CameraCheck(layout, lang="de")
    last = None
    for i in range(clip.n_frames):
        last = clip.frame(i)
        check.feed(last, i / clip.fps)
    texts = []
    pygame.init()
    try:
        screen = pygame.display.set_mode((1000, 600))
        setup = CameraSetup(screen, check, lambda: last)
        font = setup.font

        class Spy:  # the real font, noting each text it draws
            def __getattr__(self, name):
                return getattr(font, name)

            def render(self, text, *a, **k):
                texts.append(text)
                return font.render(text, *a, **k)

        setup.font = Spy()
        setup.draw()
    finally:
        pygame.quit()
    shown = " ".join(texts)
    assert "Marker fehlen: Klicke im Bild auf die Ecke oben links des Spielplans (1 von 4)." in shown
    assert "Esc: Check überspringen" in shown and "Der Spielplan ist noch nicht gefunden." in shown
    assert "Markers" not in shown and "board" not in shown
