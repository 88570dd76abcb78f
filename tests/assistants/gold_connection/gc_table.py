"""Helpers for Gold Connection games entered directly from a state file (the way a referee
joins a game at a real table): build the ``state:`` mapping, write it as YAML, load it back
through the real loader (file, line, field), and drive it with command lines."""

from __future__ import annotations

import copy
import json
import random

import yaml
from gc_helpers import assets

from tiptoi_sim.assistants.gold_connection.case import bar_name
from tiptoi_sim.assistants.gold_connection.game import GoldConnection
from tiptoi_sim.assistants.session import AssistantSession, dump_state_file, state_file
from tiptoi_sim.core.yamlio import load_yaml_text


def dealt_safes(seed: int = 7) -> dict[str, list[str]]:
    g = GoldConnection(assets(), seed=seed, lang="en", options={"mode": "table"})
    return {sid: [bar_name(b) for b in bars] for sid, bars in g.safes.items()}


def put_bars(safes: dict, sid: str, names: list[str]) -> None:
    """Make safe ``sid`` hold ``names`` (and fill up with what it had), swapping bars with the
    safes they came from, so the deal stays complete."""
    want = list(names)
    here = safes[sid]
    keep = []
    for n in want:
        if n in here:
            here.remove(n)
            keep.append(n)
            continue
        src = next(s for s, bars in safes.items() if s != sid and n in bars)
        safes[src].remove(n)
        keep.append(n)
        if here:
            safes[src].append(here.pop())
    safes[sid] = sorted(keep + here)


def state(players, *, phase="move", current=None, counter=1, safes=None, mode="table", box=None,
          bars_in=None, **extra) -> dict:
    """A ``state:`` mapping. ``players``: dicts with name, colour, robber, heading, chips, case
    (``{"green/6": 4}``). Bars in the cases are taken out of the safes; ``bars_in`` places named
    bars into safes (``{"1": ["red3", "red4"]}``)."""
    safes = copy.deepcopy(safes) if safes is not None else dealt_safes()
    for sid, names in (bars_in or {}).items():
        put_bars(safes, sid, names)
    for p in players:
        for row, h in (p.get("case") or {}).items():
            colour = row.split("/")[0]
            for v in range(1, h + 1):
                name = f"{colour}{v}"
                src = next(s for s, bars in sorted(safes.items(), key=lambda kv: -len(kv[1])) if name in bars)
                safes[src].remove(name)
    out = {"mode": mode, "phase": phase, "counter": counter, "players": players,
           "current": current or players[0]["name"], "safes": safes}
    if box is not None:
        out["box"] = box
    out.update(extra)
    return out


def p(name, colour, robber, heading, chips=0, case=None) -> dict:
    return {"name": name, "colour": colour, "robber": robber, "heading": heading, "chips": chips,
            "case": case or {}}


def load(st: dict, *, lang="en", seed=5, name="state.yaml") -> GoldConnection:
    text = yaml.safe_dump({"game": "gold-connection", "state": st}, allow_unicode=True, sort_keys=False)
    data = load_yaml_text(text, name)
    return GoldConnection.from_state(assets(), data["state"], seed=seed, lang=lang, options={})


def session_from(st: dict, **kw) -> AssistantSession:
    return AssistantSession(load(st, **kw))


def reload(game: GoldConnection, *, as_yaml: bool = True) -> GoldConnection:
    """``state --yaml`` written and read back, as a new process would (``as_yaml=False``: the
    same mapping through JSON, which is lossless for it and a lot faster than PyYAML)."""
    if as_yaml:
        data = load_yaml_text(dump_state_file(game), "saved.yaml")
    else:
        data = json.loads(json.dumps(state_file(game)))
    return GoldConnection.from_state(assets(), data["state"], seed=data["seed"], lang=data["lang"],
                                     options=data["options"])


def random_commands(g: GoldConnection, rnd: random.Random) -> list[str]:
    """Commands a table might type now: what the program suggests (with the "…" filled in),
    real dice, corrections, and some that must be refused."""
    st = g.public_state()
    ph = st["phase"]
    if ph == "players":
        names = ["Anna", "Ben", "Cara", "Dan"][: rnd.randint(2, 4)]
        return ["players " + " ".join(names), "deal 11", "mode table", "variant on"]
    out = []
    for s in g.suggestions():
        if not s.endswith("…"):
            out.append(s)
        elif s.startswith("take"):
            bars = g.safes[g.me["arrow"]]
            if bars:
                k = rnd.randint(1, min(3, len(bars)))
                out.append("take " + " ".join(bar_name(b) for b in rnd.sample(bars, k)))
        elif s.startswith("plunder"):
            case = g.players[g._robber_at(g.me["arrow"])]["case"]
            rows = [r for r, h in case.heights.items() if h]
            if rows:
                r = rnd.choice(rows)
                out.append(f"plunder {r[0]}/{r[1]}:{rnd.randint(1, case.heights[r])}")
        elif s.startswith("end"):
            out += [f"end {n}" for n in g.board.neighbours[g.me["arrow"]] if n != g.turn["came_from"]]
        elif s.startswith("roll"):
            out += [f"roll {rnd.randint(1, 6)} {rnd.randint(1, 6)}"] * 3
    if ph not in ("over",) and g.players:
        who = rnd.choice(g.players)["name"]
        out += [f"fix chips {who} {rnd.randint(0, 5)}", f"{who} move", f"fix counter {rnd.randint(1, 36)}"]
        if ph == "move":
            out += [f"fix turn {who}"]
    return out + ["state", "scores", "bogus 1"]
