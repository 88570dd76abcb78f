"""Helpers for the Rette die Million! tests: sessions built from the shipped data (or a copy
with a changed file), and moves that need the right answer, which only the engine knows."""

from __future__ import annotations

import shutil
from functools import lru_cache
from pathlib import Path

from tiptoi_sim.assistants.rette_die_million.game import RetteDieMillion
from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.paths import assets_dir

ASSETS = assets_dir() / "rette_die_million"


@lru_cache(maxsize=None)
def shipped_assets():
    return RetteDieMillion.load_assets(ASSETS)


def new_session(lang: str = "de", seed: int = 1, options: dict | None = None, assets=None,
                journal=None) -> AssistantSession:
    game = RetteDieMillion(assets or shipped_assets(), seed=seed, lang=lang, options=options or {})
    return AssistantSession(game, journal)


def copy_assets(tmp_path: Path) -> Path:
    dst = tmp_path / "rette_die_million"
    shutil.copytree(ASSETS, dst)
    return dst


def ok(session: AssistantSession, *lines: str):
    """Run lines that must be accepted; returns the last result."""
    res = None
    for line in lines:
        res = session.execute(line)
        assert res is not None and res.accepted, (line, res.reason if res else None)
    return res


def refused(session: AssistantSession, line: str) -> str:
    """Run a line that must be refused without changing the public state; returns the reason."""
    before = session.game.public_state()
    res = session.execute(line)
    assert res is not None and not res.accepted, (line, res.said if res else None)
    assert session.game.public_state() == before
    assert res.reason and res.said == [res.reason]
    return res.reason


def right(session: AssistantSession) -> str:
    g = session.game
    return g.card(g.run.played).right


def wrong(session: AssistantSession) -> list[str]:
    return [w for w in session.game.open_windows() if w != right(session)]


def play_round(session: AssistantSession, stake: str) -> None:
    """From the choose phase: take category 1, place ``stake`` ('A=10 B=30', or the words
    RIGHT / WRONG for the right or a wrong window), lock and reveal."""
    ok(session, "choose 1")
    chips = session.game.run.chips
    stake = stake.replace("RIGHT", right(session)).replace("WRONG", wrong(session)[0])
    if "=" not in stake:
        stake = f"{stake}={chips}"
    ok(session, f"stake {stake}", "lock", "reveal")


def play_run(session: AssistantSession, rounds_right: int, *, keep_each: int | None = None) -> None:
    """Start the next run; win ``rounds_right`` rounds (all chips on the right window, or
    ``keep_each`` chips on it and the rest on a wrong one), then lose everything (if any round is left)."""
    ok(session, "start")
    for i in range(rounds_right):
        if keep_each is None or keep_each >= session.game.run.chips:
            play_round(session, "RIGHT")
        else:
            chips = session.game.run.chips
            ok(session, "choose 1")
            ok(session, f"stake {right(session)}={keep_each} {wrong(session)[0]}={chips - keep_each}",
               "lock", "reveal")
        if session.game.phase == "revealed":
            ok(session, "next")
    if session.game.phase == "choose":
        play_round(session, "WRONG")
