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


@pytest.fixture(scope="module")
def played(request):
    """Every (scene, seed) of the test module's ``CLIPS``, played at once, a process per core
    (``clip_runner.play_all``): {item: ClipResult}."""
    from clip_runner import play_all
    return play_all(request.module.CLIPS)
