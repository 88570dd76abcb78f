"""Helpers for the Millions of Dollars tests: a game whose five loot cards are all the same
known card (so amounts are exact whatever the seed draws), and ``ok``/``no`` to run command
lines through the session and check they were accepted or refused (refused = unchanged)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tiptoi_sim.assistants.millions_of_dollars.game import MillionsOfDollars  # noqa: E402
from tiptoi_sim.assistants.session import AssistantSession  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
ASSETS = REPO / "board_assets" / "millions_of_dollars"


def write_loot(folder: Path, cash: int = 10, bonuses: dict | None = None, brain: int | None = None) -> None:
    card = {"cash": cash, "bonuses": bonuses or {}}
    if brain is not None:
        card["brain"] = brain
    cards = [dict(card, id=f"card{i}", names={"de": f"Karte {i}", "en": f"Card {i}"}) for i in range(1, 6)]
    (folder / "loot.yaml").write_text(yaml.safe_dump({"cards": cards}), encoding="utf-8")


@pytest.fixture
def asset_copy(tmp_path):
    """A fresh copy of the shipped assets folder (to break or to change)."""
    folder = tmp_path / "millions_of_dollars"
    shutil.copytree(ASSETS, folder)
    return folder


@pytest.fixture
def make(tmp_path):
    """``make(["Anna", "Ben", ...], cash=10, bonuses=None, brain=None, leader=None)`` -> a
    started session (English) with five identical loot cards."""
    count = [0]

    def build(players, *, cash=10, bonuses=None, brain=None, leader=None, lang="en", seed=1,
              options=None, start=True):
        count[0] += 1
        folder = tmp_path / f"assets{count[0]}"
        shutil.copytree(ASSETS, folder)
        write_loot(folder, cash, bonuses, brain)
        game = MillionsOfDollars(MillionsOfDollars.load_assets(folder), seed=seed, lang=lang,
                                 options=options or {})
        s = AssistantSession(game)
        ok(s, "players " + " ".join(players))
        if leader:
            ok(s, f"leader {leader}")
        if start:
            ok(s, "start")
        return s

    return build


def ok(session, *lines):
    """Run lines that must all be accepted; returns the last result."""
    res = None
    for line in lines:
        if callable(line):  # a line made from the state at this point (see up)
            line = line(session)
        res = session.execute(line)
        assert res is not None and res.accepted, f"{line!r} refused: {res.reason if res else None}"
        check_money(res.state)
    return res


def no(session, line):
    """Run a line that must be refused and change nothing; returns the reason."""
    before = session.game.public_state()
    res = session.execute(line)
    assert res is not None and not res.accepted, f"{line!r} was accepted: {res.said if res else None}"
    assert res.reason and res.said == [res.reason]
    assert session.game.public_state() == before
    return res.reason


def cash(session) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in session.game.public_state()["players"]}


def check_money(state) -> None:
    """Every dollar is in a hand, the centre or the reserve."""
    if state.get("total") is None:
        return
    held = sum(p["cash"] for p in state["players"]) + state["centre"] + state["reserve"]
    assert held == state["total"], state
    assert state["money_ok"]
    assert all(p["cash"] >= 0 for p in state["players"]) and state["centre"] >= 0 and state["reserve"] >= 0


def up(session) -> str:
    """A ``faceup`` line for the current round that fits any reveal of the roles in use once
    each (the roles in use, repeated, all cards but one)."""
    g = session.game
    roles = g.roles_in_use()
    n = len(g.slots) - 1
    return "faceup " + " ".join((roles * n)[:n])
