"""Fixtures for the Coup table assistant's tests: a session that has dealt and is at turn 1."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tiptoi_sim.assistants.session import AssistantSession  # noqa: E402
from tiptoi_sim.commands.assist import make_game  # noqa: E402


def new_session(players=("Alice", "Bob", "Carol"), *, lang="en", seed=7, options=None,
                journal=None, deal=True) -> AssistantSession:
    """A Coup session with ``players`` seated; with ``deal`` the deal has been read through,
    so it is the first player's turn."""
    s = AssistantSession(make_game("coup", seed, lang, dict(options or {})), journal)
    run(s, ["players " + " ".join(players)])
    if deal:
        run(s, ["start"])
        while s.game.public_state()["window"] == "deal":
            run(s, ["next"])
    return s


def run(session: AssistantSession, lines) -> list:
    """Run ``lines``; each must be accepted, except lines starting with ``!`` which must be
    refused and leave the public state exactly as it was. Returns the results."""
    results = []
    for line in lines:
        refuse = line.startswith("!")
        text = line[1:] if refuse else line
        before = session.game.public_state()
        res = session.execute(text)
        assert res is not None, text
        if refuse:
            assert not res.accepted, f"{text!r} should have been refused"
            assert res.reason and res.said == [res.reason]
            assert session.game.public_state() == before, f"refused {text!r} changed the state"
        else:
            assert res.accepted, f"{text!r} refused: {res.reason}"
        state = session.game.public_state()
        assert state["treasury"] + sum(p["coins"] for p in state["players"]) == state["total_coins"]
        results.append(res)
    return results


@pytest.fixture
def coup():
    return new_session


@pytest.fixture
def play():
    return run
