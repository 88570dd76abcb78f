"""The hotspot (tap) ids of Der Millionen-Coup (spec "Hotspots"), derived from the game data."""

from __future__ import annotations

from tiptoi_sim.millionen_coup.data import LETTERS, GameData

NAV = ("power", "explore", "play", "info", "skip", "repeat")
ACTIONS = ("walk", "run", "sneak", "climb", "locks", "electronics", "vault_digit", "vault_combination", "explore")
EXPLORE_FIELDS = ("general", "locks", "waypoints", "alarms", "blanks")


def all_tap_ids(data: GameData) -> list[str]:
    """Every tap id the pen knows, in a stable order."""
    ids = [f"nav:{n}" for n in NAV]
    ids += [f"player:{c}" for c in data.colours]
    ids += [f"char:{c}" for c in data.characters]
    ids += ["info"]
    ids += [f"level:{d}" for d in ("easy", "normal", "hard")]
    ids += ["mode:tutorial", "mode:game"]
    ids += [f"action:{a}" for a in ACTIONS]
    ids += ["learn"] + [f"skill:{a}" for a in data.abilities]
    ids += [f"plan:{p}" for p in data.plans] + ["plan_slot:1", "plan_slot:2"]
    ids += [f"explore:{f}" for f in EXPLORE_FIELDS]
    ids += ["go"] + [f"room:{r}" for r in data.rooms]
    ids += [f"lock:{n}" for n in range(1, data.hidden["locks"] + 2)]
    ids += [f"console:{x}" for x in LETTERS[: data.hidden["alarms"]]]
    ids += [f"alarm:{x}" for x in LETTERS[: data.hidden["alarms"]]]
    ids += [f"waypoint:{x}" for x in LETTERS[: data.hidden["waypoints"]]]
    ids += ["vault_door"] + [f"digit:{d}" for d in range(10)]
    return ids


def aliases(data: GameData) -> dict[str, str]:
    """Short names a person may type in the terminal (``lobby`` for ``room:lobby``, ``red`` for
    ``player:red``, ``walk`` for ``action:walk``, ``7`` for ``digit:7``…). Only unambiguous ones."""
    out: dict[str, str] = {}
    clash: set[str] = set()
    for tid in all_tap_ids(data):
        if ":" not in tid:
            continue
        short = tid.split(":", 1)[1]
        if short in out and out[short] != tid:
            clash.add(short)
        out.setdefault(short, tid)
    for short in clash:
        del out[short]
    # the actions win over other meanings of their word (explore, locks): they are typed most
    for a in ACTIONS:
        out[a] = f"action:{a}"
    out.update({"power": "nav:power", "skip": "nav:skip", "repeat": "nav:repeat", "tip": "nav:info"})
    return out
