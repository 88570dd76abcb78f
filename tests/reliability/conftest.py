import pytest

from tiptoi_sim.millionen_coup.data import load_game_data


@pytest.fixture(scope="session")
def data():
    return load_game_data()
