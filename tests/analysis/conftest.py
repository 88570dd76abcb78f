"""Analysis tests run headless: matplotlib's Agg backend, SDL's dummy drivers."""

from __future__ import annotations

import os

os.environ.setdefault("MPLBACKEND", "Agg")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pytest  # noqa: E402

from tiptoi_sim.millionen_coup.data import load_game_data  # noqa: E402


@pytest.fixture(scope="session")
def data():
    return load_game_data()
