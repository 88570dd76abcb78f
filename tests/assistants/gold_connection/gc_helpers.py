"""Helpers for the Gold Connection tests: sessions, running command lines, and arranging the
vault. Arranging (setting a safe's bars or a case's rows) is the only thing done behind the
command language: it stands for "the bars happen to lie like this", so that the rulebook's
examples can be replayed exactly; every action is then a command."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tiptoi_sim.assistants.gold_connection.game import GoldConnection  # noqa: E402
from tiptoi_sim.assistants.session import AssistantSession  # noqa: E402
from tiptoi_sim.paths import assets_dir  # noqa: E402

ASSETS = assets_dir() / "gold_connection"
_cache = {}


def assets(**edition_changes):
    if "a" not in _cache:
        _cache["a"] = GoldConnection.load_assets(ASSETS)
    a = _cache["a"]
    if edition_changes:
        a = dataclasses.replace(a, edition=dataclasses.replace(a.edition, **edition_changes))
    return a


def session(*, mode="table", lang="en", seed=5, variant=False, journal=None, **edition_changes):
    options = {"mode": mode}
    if variant:
        options["variant"] = True
    game = GoldConnection(assets(**edition_changes), seed=seed, lang=lang, options=options)
    return AssistantSession(game, journal)


def run(s: AssistantSession, lines):
    """Run ``lines``: each must be accepted, except ``!``-lines, which must be refused and leave
    the public state as it was. Returns the last result."""
    res = None
    for line in lines:
        refuse = line.startswith("!")
        text = line[1:] if refuse else line
        before = s.game.public_state()
        res = s.execute(text)
        assert res is not None, text
        if refuse:
            assert not res.accepted, f"{text!r} should have been refused; said {res.said}"
            assert res.reason and res.said == [res.reason]
            assert s.game.public_state() == before, f"refused {text!r} changed the state"
        else:
            assert res.accepted, f"{text!r} was refused: {res.reason}"
    return res


def state(s):
    return s.game.public_state()


def player(s, name):
    return next(p for p in state(s)["players"] if p["name"] == name)


def bars(*names):
    """``bars("blue2", "green1")`` -> [("blue", 2), ("green", 1)]"""
    out = []
    for n in names:
        c = n.rstrip("0123456789")
        out.append((c, int(n[len(c):])))
    return out


def arrange_safe(s, sid, *names):
    s.game.safes[sid] = sorted(bars(*names))


def arrange_case(s, name, **rows):
    """``arrange_case(s, "Anna", green_6=4)`` sets the green row of 6 to hold 1..4."""
    p = next(p for p in s.game.players if p["name"] == name)
    for key, h in rows.items():
        colour, size = key.split("_")
        p["case"].heights[(colour, int(size))] = h


def two_player_start(s, anna=3, ben=8, ben_arrow="1", anna_arrow="10"):
    """Anna then Ben place their robber stones (table mode, chosen values); the higher safe
    begins and lays the arrow first."""
    run(s, ["players Anna Ben", f"roll {anna}", f"roll {ben}"])
    first = "Ben" if ben > anna else "Anna"
    if first == "Ben":
        run(s, [f"arrow {ben_arrow}", f"arrow {anna_arrow}"])
    else:
        run(s, [f"arrow {anna_arrow}", f"arrow {ben_arrow}"])
    return s


EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "assistants" / "examples" / "gold-connection.txt"
