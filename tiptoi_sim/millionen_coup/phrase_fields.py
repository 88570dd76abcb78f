"""The contract between the pen's code and its phrase catalogues: which keys the pen says and
which fields each phrase gets.

``phrase_contract(ids)`` lists every key the program renders (families such as ``start.<action>``
or ``plan.<id>.name`` are expanded from the game's ids) with the fields the session fills for it.
A template may use any of its fields, or none; a field of kind ``place`` (a room) may be used in
each of its grammatical forms (``{room.at}``, ``{room.to}``, … see :mod:`tiptoi_sim.core.nouns`).
Loading the catalogues checks them against this contract (:func:`tiptoi_sim.core.phrases.check_contract`),
so ``tiptoi-sim validate`` and every game's start refuse a template with an unknown placeholder,
and the session (:mod:`tiptoi_sim.millionen_coup.voice`) refuses to say a key with fields the
contract does not list: what passes validation cannot fail at play time.
"""

from __future__ import annotations

from tiptoi_sim.core.nouns import FORMS

#: field name -> kind. A kind says what the session puts in (docs/phrases.md shows examples):
#: place: a room's forms; count: a number with its noun ("2 Zeiteinheiten"); number: digits;
#: letter: A-F; word: a name or word from the catalogue; list: words joined with "und"/"and".
FIELD_KINDS = {
    "player": "word", "players": "list", "name": "word", "plan": "word", "info": "word",
    "ability": "word", "abilities": "list", "can": "list", "action": "word", "field": "word",
    "hint": "word", "thing": "word", "state": "word",
    "room": "place", "a": "place", "b": "place", "corridor": "place", "console": "place",
    "n": "number", "digit": "number", "max": "number", "digits": "list", "ruled": "list",
    "x": "letter",
    "units": "count", "time": "count", "total_time": "count", "minutes": "count", "seconds": "count",
}

#: static keys -> their fields
STATIC: dict[str, tuple[str, ...]] = {
    "pen.welcome": (), "pen.already_on": (), "pen.explore_mode": (), "pen.in_game": (),
    "login.start": (), "login.colour_taken": ("player",), "login.pick_character": ("player",),
    "login.tap_board_first": (), "login.character_taken": ("name",), "login.joined": ("player", "name"),
    "login.need_players": (), "login.tutorial": (), "login.pick_level": (), "login.hint": (),
    "tutorial.preparation": (), "tutorial.execution": (), "tutorial.after_explore": ("player",),
    "tutorial.after_learn": ("player",), "tutorial.after_forge": ("player",), "tutorial.after_walk": ("player",),
    "phase.preparation": ("total_time",), "phase.execution": (),
    "go.start_street": ("player", "room"), "go.start_street_group": ("players", "room"), "go.start_plan": ("player", "plan", "room"),
    "go.start_fallback": ("player", "plan", "ability", "room"),
    "aborted": ("player", "action"),
    "revealed.locks": ("player", "n", "a", "b"), "revealed.waypoints": ("player", "x", "room"),
    "revealed.alarms": ("player", "x", "corridor", "console"), "revealed.blanks": ("player", "room"),
    "explore.nothing_new": ("player", "field"),
    "guard.enters": ("room",),
    "lock_opened": ("player", "n"), "alarm_off": ("player", "x"),
    "blank.found_marked": ("player", "digit", "room"), "blank.found": ("player", "digit", "room"),
    "blank.again": ("player", "digit", "room"),
    "first_digit": ("player", "digit"),
    "vault.opened": ("player",), "vault.wrong": ("player",),
    "plan.guard_paused": ("player", "units"),
    "time_left.later": ("time",), "time_left.last": ("time",),
    "count.time_unit.one": ("n",), "count.time_unit.other": ("n",),
    "count.minute.one": ("n",), "count.minute.other": ("n",),
    "count.second.one": ("n",), "count.second.other": ("n",),
    "count.minutes_seconds": ("minutes", "seconds"), "count.minutes_and_seconds": ("minutes", "seconds"),
    "game_over.already": (), "game_over.won.vault": (),
    "game_over.lost.guard": ("player", "players"), "game_over.lost.alarm": ("player", "room"),
    "game_over.lost.discovered": ("player",), "game_over.lost.time": (),
    "unknown_tap": (),
    "what.plan": ("plan", "info"), "what.character": ("name", "can"), "what.thing": ("thing",),
    "what.empty_plan_slot": (),
    "info.what": (), "info.player": ("player", "name", "room", "can"),
    "info.player_prep": ("player", "name", "can"), "info.upgraded": ("player", "abilities"),
    "info.vault_ruled": ("ruled",), "info.vault_none": (), "info.first": ("digit",), "info.first_unknown": (),
    "info.entrance": (), "info.lock": ("n", "a", "b", "state"), "info.waypoint": ("x", "room"),
    "info.alarm": ("x", "corridor", "console", "state"), "info.not_known": ("thing",),
    "info.open": (), "info.closed": (), "info.off": (), "info.on": (),
    "tip.menu": (), "tip.explore": (), "tip.login": (), "tip.over": (), "tip.prep_explore": (),
    "tip.prep_go": (), "tip.vault": (), "tip.guard": ("room",),
    "thing.lock": ("n",), "thing.console": ("x",), "thing.alarm": ("x",), "thing.waypoint": ("x",),
    "thing.vault_door": (), "thing.digit": ("digit",), "thing.plan_slot": (),
    "live.paused": (), "live.table_full": ("max",),
}

#: refusal phrase keys (``refused.<key>``) -> their fields; every refusal also gets ``player``
REFUSALS: dict[str, tuple[str, ...]] = {
    "game_over": (), "busy": ("action",), "before_go": (), "after_go": (),
    "bad_target": ("action", "hint"), "bad_sequence": (),
    "already_upgraded": ("ability",), "no_upgrade_piece": ("ability",), "no_piece": ("ability",),
    "plan_not_in_game": ("plan",), "plan_taken": ("plan",), "missing_ability": ("ability",),
    "not_at_vault": ("room",), "vault_already_open": (), "already_there": ("room",),
    "no_climb": ("room",), "run_twice": (), "too_far": ("room",), "not_adjacent": ("room",),
    "vault_closed": (), "locked": (), "locked_by": ("n",),
    "lock_open": ("n",), "lock_not_here": ("n",), "lock_busy": ("n",),
    "alarm_already_off": ("x",), "not_at_console": ("x",), "alarm_busy": ("x",),
    "plan_not_forged": ("plan",), "plan_used": ("plan",), "plan_not_usable": ("plan",),
    "plan_wrong_room": ("plan", "room"), "no_alarm_there": ("room",), "already_go": (),
    "not_playing": (),
}

MOVE_ACTIONS = ("walk", "run", "sneak", "climb")
#: action -> the fields of its start phrase (besides player and units) and of its done phrase
ACTION_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    **{a: (("room",), ("room",)) for a in MOVE_ACTIONS},
    "locks": (("n",), ("n",)), "electronics": (("x",), ("x",)),
    "vault_digit": ((), ()), "vault_combination": (("digits",), ("digits",)),
    "explore": (("field",), ("field",)), "learn": (("ability",), ("ability", "can")),
    "upgrade": (("ability",), ("ability", "can")), "forge": (("plan",), ("plan",)), "plan": (("plan",), ("plan",)),
}
#: the actions a target hint exists for (``target.<action>``, said when a target does not fit)
TARGET_ACTIONS = ("walk", "run", "sneak", "climb", "locks", "electronics", "vault_digit",
                  "vault_combination", "explore", "learn", "plan")
#: the screen's names of actions (``action.<id>``)
ACTION_NAMES = ("walk", "run", "sneak", "climb", "locks", "electronics", "vault_digit", "vault_combination",
                "explore", "learn", "forge", "plan")
EXPLORE_FIELDS = ("general", "locks", "waypoints", "alarms", "blanks")
HOTSPOT_NAMES = ("nav:power", "nav:explore", "nav:play", "nav:info", "nav:skip", "nav:repeat", "info", "go",
                 "learn", "mode:tutorial", "mode:game", "level:easy", "level:normal", "level:hard")


def _forms(field: str) -> frozenset:
    if FIELD_KINDS[field] == "place":
        return frozenset(("",) + FORMS)
    return frozenset(("",))


def _entry(fields) -> dict[str, frozenset]:
    return {f: _forms(f) for f in fields}


def phrase_contract(*, colours, abilities, plans) -> dict[str, dict[str, frozenset]]:
    """Every key the pen says -> {field: the forms a template may name}. ``colours``,
    ``abilities`` and ``plans`` are the game's ids (rules.yaml)."""
    c: dict[str, dict[str, frozenset]] = {k: _entry(v) for k, v in STATIC.items()}
    for key, fields in REFUSALS.items():
        c[f"refused.{key}"] = _entry(("player",) + fields)
    for action, (start, done) in ACTION_FIELDS.items():
        c[f"start.{action}"] = _entry(("player", "units") + start)
        c[f"done.{action}"] = _entry(("player",) + done)
    for a in TARGET_ACTIONS:
        c[f"target.{a}"] = {}
    for a in ACTION_NAMES:
        c[f"action.{a}"] = {}
    for f in EXPLORE_FIELDS:
        c[f"field.{f}"] = {}
        c[f"explore_what.{f}"] = {}
    for h in HOTSPOT_NAMES:
        c[f"hotspot.{h}"] = {}
    for colour in colours:
        c[f"colour.{colour}"] = {}
    for ab in abilities:
        c[f"ability.{ab}"] = {}
        c[f"can.{ab}"] = {}
    for pid in plans:
        c[f"plan.{pid}.name"] = {}
        c[f"plan.{pid}.info"] = {}
    return c


#: one example value (raw, as the engine gives it) per field, for docs/phrases.md
EXAMPLES: dict[str, object] = {
    "player": "red", "players": ["red", "blue"], "name": "kim", "plan": "master_key", "info": None,
    "ability": "climb", "abilities": ["sneak", "locks"], "can": ["climb", "locks"], "action": "walk",
    "field": "locks", "hint": "locks", "thing": "lock:2", "state": "closed",
    "room": "break_room", "a": "lobby", "b": "security_office", "corridor": "corridor_2", "console": "cloakroom",
    "n": 2, "digit": 4, "digits": [2, 6, 1], "ruled": [3, 5], "x": "A",
    "units": 2, "time": 90, "total_time": 2700, "minutes": 1, "seconds": 30, "max": 4,
}


def sample_values(field: str, data) -> list:
    """Every raw value the phrase test tries for ``field``: every room, colour, character, plan,
    ability and tap-able thing of ``data``, numbers 0–100, times 0–45 minutes (every second)."""
    from tiptoi_sim.millionen_coup.taps import all_tap_ids

    kind = FIELD_KINDS[field]
    if kind == "place":
        return list(data.rooms)
    if field == "player":
        return list(data.colours)
    if field == "players":
        cs = list(data.colours)
        return [cs[:k] for k in range(1, len(cs) + 1)]
    if field == "name":
        return list(data.characters)
    if field == "plan":
        return list(data.plans)
    if field == "info":
        return [None]
    if field in ("ability", "can"):
        return list(data.abilities) + ([list(data.abilities[:2]), list(data.abilities)] if field == "can" else [])
    if field == "abilities":
        return [list(data.abilities[:k]) for k in range(1, len(data.abilities) + 1)]
    if field == "action":
        return list(ACTION_NAMES) + [f"plan:{p}" for p in data.plans]
    if field == "hint":
        return list(TARGET_ACTIONS) + [f"plan:{p}" for p in data.plans]
    if field == "field":
        return list(EXPLORE_FIELDS)
    if field == "thing":
        return sorted(all_tap_ids(data))
    if field == "state":
        return ["open", "closed", "off", "on"]
    if field == "x":
        return list("ABCDEF")
    if field == "digits":
        return [[2, 6, 1], [0, 1, 9], [4, 0, 7]]
    if field == "ruled":
        return [[3], [3, 5], [0, 3, 5, 8, 9]]
    if field in ("time", "total_time"):
        return list(range(0, 45 * 60 + 1))
    return list(range(0, 101))
