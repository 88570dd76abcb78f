"""The table-assistant games by id, loaded lazily (``module:Class``)."""

from __future__ import annotations

import importlib

from tiptoi_sim.core.errors import UserError

GAMES: dict[str, str] = {
    "rette-die-million": "tiptoi_sim.assistants.rette_die_million.game:RetteDieMillion",
    "coup": "tiptoi_sim.assistants.coup.game:CoupGame",
    "millions-of-dollars": "tiptoi_sim.assistants.millions_of_dollars.game:MillionsOfDollars",
    "gold-connection": "tiptoi_sim.assistants.gold_connection.game:GoldConnection",
}


def available() -> list[str]:
    out = []
    for gid, target in GAMES.items():
        mod = target.split(":")[0]
        if importlib.util.find_spec(mod.rsplit(".", 1)[0]) is not None:
            out.append(gid)
    return out


def game_class(game_id: str):
    target = GAMES.get(game_id)
    if target is None:
        raise UserError(f"unknown game {game_id!r}; expected one of: {', '.join(GAMES)}")
    mod_name, cls_name = target.split(":")
    try:
        mod = importlib.import_module(mod_name)
    except ModuleNotFoundError as e:
        if e.name and e.name.startswith("tiptoi_sim"):
            raise UserError(f"the game {game_id!r} is not built yet") from None
        raise
    return getattr(mod, cls_name)
