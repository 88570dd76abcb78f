"""Camera tests run the real OpenCV pipeline on generated frames and small generated videos."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """A private XDG data folder, so no test sees or writes the user's hotspot overlay."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


@pytest.fixture(scope="session")
def layout():
    from tiptoi_sim.millionen_coup.layout import load_layout
    return load_layout()


@pytest.fixture(scope="session")
def board(layout):
    from tiptoi_sim.camera.synth import board_picture
    return board_picture(900, layout)


def visit(kind, side, target, target_id, t_enter, *, skin=(105, 140, 195), scale=1.0, dwell=1.0, path=()):
    from tiptoi_sim.camera.synth import Visit
    return Visit(kind, side, target, target_id, skin, scale, t_enter, t_enter + 0.6, t_enter + 0.6 + dwell,
                 t_enter + 0.6 + dwell + 0.5, path=list(path))


def play_hard_clip(layout, board, scene_name: str, seed: int, until: float | None = None):
    """A benchmark clip (synth_hard, without the codec) through the real pipeline with the
    defaults ``taps-from-video`` uses: (its score, the taps as (t, hotspot) for a message).
    ``until``: stop after the frame at that time (the score then counts the later dwells as
    missed; look at the taps)."""
    from tiptoi_sim.camera import synth_hard as sh
    from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
    from tiptoi_sim.camera.synth import score_taps

    scene = {s.name: s for s in sh.SCENES}[scene_name]
    clip = sh.hard_clip(scene, layout.hotspots, board, seed=seed, hit_test=layout.hit_test)
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect, pointer=scene.pointer))
    taps = []
    for f, t in sh.frames(clip):
        taps += pipe.process(f, t)
        if until is not None and t >= until:
            break
    return score_taps(clip, [t for t in taps if t.tap is not None]), [(round(t.t, 2), t.tap) for t in taps]
