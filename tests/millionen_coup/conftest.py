import pytest

from mc_helpers import play
from tiptoi_sim.millionen_coup.data import load_game_data


@pytest.fixture(scope="session")
def data():
    return load_game_data()


@pytest.fixture
def run(data):
    return lambda text, **kw: play(data, text, **kw)
