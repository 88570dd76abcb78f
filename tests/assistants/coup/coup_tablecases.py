"""Helpers for Coup rule cases that start from a state entered directly (the state file's
``state:`` mapping), as a referee joining a game under way would type it."""

from __future__ import annotations

from typing import Any

from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.commands.assist import make_game


def table(*players, current: str | None = None, turn: int = 5, **extra: Any) -> dict:
    """A state mapping: ``players`` as ``(name, coins)`` or ``(name, coins, "captain,duchess")``
    (the face-up cards); ``current`` defaults to the first player; ``extra`` adds fields
    (``variant``, ``names``, ``window``, ``action`` …)."""
    ps = []
    for spec in players:
        p = {"name": spec[0], "coins": spec[1]}
        if len(spec) > 2 and spec[2]:
            p["revealed"] = spec[2].split(",")
        ps.append(p)
    state = {"players": ps, "current": current or ps[0]["name"], "turn": turn}
    state.update(extra)
    return state


ABC = (("Alice", 2), ("Bob", 2), ("Carol", 2))


def session_from(state: dict, *, lang: str = "en", seed: int = 1, options: dict | None = None) -> AssistantSession:
    return AssistantSession(make_game("coup", seed, lang, dict(options or {}), state=state))


def drive(session: AssistantSession, lines: list[str]) -> list:
    """Run ``lines``. ``!line`` must be refused and change nothing; ``line => text`` (either kind)
    must have ``text`` in its answer (the reason of a refusal, or what was said). No line may
    make the program fail (``Result.error``). Returns the results."""
    out = []
    for raw in lines:
        line, _, want = raw.partition(" => ")
        refuse = line.startswith("!")
        text = line[1:] if refuse else line
        before = session.game.public_state()
        res = session.execute(text)
        assert res is not None and not res.error, (text, res and res.reason, res and res.shown)
        if refuse:
            assert not res.accepted, f"{text!r} should have been refused; it said {res.said}"
            assert session.game.public_state() == before, f"refused {text!r} changed the state"
            assert "does not fit" not in res.reason.lower()
        else:
            assert res.accepted, f"{text!r} refused: {res.reason}"
        if want:
            heard = res.reason if refuse else " ".join(res.said)
            assert want in heard, f"{text!r}: expected {want!r} in {heard!r}"
        st = session.game.public_state()
        assert st["treasury"] + sum(p["coins"] for p in st["players"]) == st["total_coins"]
        out.append(res)
    return out
