"""Building state files of Millions of Dollars for the rule-case tests: a game entered directly
in the middle of a round (``from_state``), the way a referee joins a real table.

``state(...)`` returns the ``state`` mapping; the centre and the reserve are worked out from
the loot card and the stakes unless given, so every case is conserved money by construction
(``reserve`` left out: what is left of the game's money)."""

from __future__ import annotations

import yaml

from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.commands.assist import make_game
from tiptoi_sim.core.yamlio import load_yaml_text

SEVEN = ["Anna", "Ben", "Cara", "Dan", "Eva", "Finn", "Gus"]


def state(phase="negotiation", names=SEVEN[:4], cash=8, *, leader=None, round=1, loot=None,
          centre=None, face_up=None, cards=None, left=(), heist=None, vote=None, **extra) -> dict:
    """``cash``: one number for all or a list; ``cards``: {name: [card, ...]} overrides;
    ``left``: names whose cards are out; ``heist``: {calling, waiting_for, tech_target}."""
    cash_l = cash if isinstance(cash, list) else [cash] * len(names)
    players = []
    in_round = phase in ("planning", "negotiation", "heist")
    stakes = 0
    for n, c in zip(names, cash_l):
        p = {"name": n, "cash": c}
        if in_round:
            mine = (cards or {}).get(n)
            if mine is None:
                per = 2 if len(names) == 3 else 1
                mine = [{"in": n not in left} for _ in range(per)]
            p["cards"] = mine
            stakes += sum(card.get("stake", 2) for card in mine if card.get("in", True))
        players.append(p)
    st = {"phase": phase, "players": players, "round": round}
    if leader:
        st["leader"] = leader
    if in_round:
        st["loot"] = loot if loot is not None else {"cash": 10}
        lootcash = st["loot"]["cash"] if isinstance(st["loot"], dict) else 10
        st["centre"] = centre if centre is not None else lootcash + stakes
        if face_up is not None:
            st["face_up"] = face_up
    elif centre is not None:
        st["centre"] = centre
    if heist:
        st["heist"] = heist
    if vote:
        st["vote"] = vote
    st.update(extra)
    return st


def session_from(st: dict, lang: str = "en", seed: int = 1, options=None) -> AssistantSession:
    """A session entered from ``st`` through a YAML text, as ``--from FILE`` would load it."""
    text = yaml.safe_dump({"game": "millions-of-dollars", "state": st}, allow_unicode=True, sort_keys=False)
    data = load_yaml_text(text, "case.yaml")
    return AssistantSession(make_game("millions-of-dollars", seed, lang, options or {}, state=data["state"]))


def role(name: str, eliminated: str | None = None, stake: int = 2) -> dict:
    """A revealed card in the heist."""
    c = {"in": True, "stake": stake, "role": name}
    if eliminated:
        c["eliminated"] = eliminated
    return c
