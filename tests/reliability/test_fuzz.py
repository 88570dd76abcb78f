"""Fuzz with a fixed seed (``scripts/fuzz.py`` runs longer): the pen against random tap streams,
each table assistant against random command scripts. See ``fuzzing.py`` for what is checked."""

import pytest

from fuzzing import assistant_run, pen_run
from tiptoi_sim.assistants.registry import GAMES

#: Games whose own files still turn unicode digits ("²", "③") into a traceback: fuzzed without
#: them until the assistant helpers' fixes (issue 16) are merged. **The lead empties this set
#: after merging**; from then on every game is fuzzed with unicode digits too.
UNICODE_DIGITS_PENDING: set[str] = set()


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
    for seed in range(8):
        counts = assistant_run(game_id, seed, steps=40, unicode_digits=game_id not in UNICODE_DIGITS_PENDING,
                               counts=counts)
    # the scripts get somewhere: commands are accepted, refused and undone
    assert counts.accepted > 25 and counts.refused > 25 and counts.undos > 3, counts


def _pen_journal(data, tmp_path):
    import time

    from tiptoi_sim.millionen_coup.live import LiveGame

    j = tmp_path / "pen.jsonl"
    live = LiveGame(data, seed=5, lang="en", unit_seconds=0.05, journal_path=j,
                    setup={"players": {"red": "ben", "blue": "oliver_crow"}}).start()
    for tap in ["player:red", "action:explore", "explore:locks", "go", "player:blue", "action:walk", "room:lobby"]:
        live.put_tap(tap)
        time.sleep(0.03)
    time.sleep(0.3)
    live.stop()
    return j.read_bytes()


def test_randomly_damaged_journals_resume_or_are_refused_never_a_traceback(data, tmp_path):
    import random

    from fuzzing import damage_bytes
    from tiptoi_sim.assistants.session import AssistantSession
    from tiptoi_sim.commands.assist import make_game
    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.millionen_coup.live import resume_live

    pen = _pen_journal(data, tmp_path)
    s = AssistantSession(make_game("coup", 3, "en", {}), tmp_path / "coup.jsonl")
    for line in ["players Ann Bob Cid", "start", "income", "aid", "undo", "tax"]:
        s.execute(line)
    s.close()
    coup = (tmp_path / "coup.jsonl").read_bytes()
    rng = random.Random(16)
    outcomes = {"resumed": 0, "refused": 0}
    for i in range(100):
        for original, resume in ((pen, lambda p: resume_live(data, p)),
                                 (coup, lambda p: AssistantSession.resume(p, make_game, game_id="coup"))):
            damaged = original
            for _ in range(rng.randint(1, 3)):
                damaged = damage_bytes(damaged, rng)
            p = tmp_path / f"d{i}.jsonl"
            p.write_bytes(damaged)
            try:
                back = resume(p)
            except UserError:
                outcomes["refused"] += 1
                continue
            except Exception as e:  # noqa: BLE001 - the point of the test
                raise AssertionError(f"damage {i} gave {type(e).__name__}: {e}\n{damaged[:2000]!r}") from None
            outcomes["resumed"] += 1
            (back.stop if hasattr(back, "stop") else back.close)()
            again = resume(p)  # a resumed journal (tail cut back) resumes again, unchanged
            (again.stop if hasattr(again, "stop") else again.close)()
    assert outcomes["resumed"] > 20 and outcomes["refused"] > 20, outcomes


def test_millions_of_dollars_refuses_a_timer_no_clock_can_count():
    from tiptoi_sim.assistants.session import AssistantSession
    from tiptoi_sim.commands.assist import make_game

    s = AssistantSession(make_game("millions-of-dollars", 1, "en", {}))
    for line in ["players Ann Bob Cid Dee", "timer 1" + "0" * 400, "start", "plan", "negotiate"]:
        s.execute(line)
    secs = s.game.timer_seconds()  # what the terminal and the table screen ask after every command
    assert secs is None or 0 < secs <= 24 * 3600
