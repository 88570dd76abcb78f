"""Fuzz with a fixed seed (``scripts/fuzz.py`` runs longer): the pen against random tap streams,
each table assistant against random command scripts. See ``fuzzing.py`` for what is checked."""

import pytest

from fuzzing import assistant_run, pen_run
from tiptoi_sim.assistants.registry import GAMES

#: Games whose own files still turn unicode digits ("²", "③") into a traceback: fuzzed without
#: them until the assistant helpers' fixes (issue 16) are merged. **The lead empties this set
#: after merging**; from then on every game is fuzzed with unicode digits too.
UNICODE_DIGITS_PENDING: set[str] = {"rette-die-million", "coup", "millions-of-dollars", "gold-connection"}


def test_pen_random_tap_streams(data):
    over = 0
    for seed in range(300):
        r = pen_run(data, seed)
        over += r["over"]
    assert over > 0  # the fuzz reaches the end of games, not only their start


def test_pen_is_deterministic(data):
    for seed in (3, 17, 42):
        assert pen_run(data, seed)["events"] == pen_run(data, seed)["events"]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_assistant_random_command_scripts(game_id):
    counts = None
    for seed in range(10):
        counts = assistant_run(game_id, seed, steps=40, unicode_digits=game_id not in UNICODE_DIGITS_PENDING,
                               counts=counts)
    # the scripts get somewhere: commands are accepted, refused and undone
    assert counts.accepted > 30 and counts.refused > 30 and counts.undos > 3, counts
