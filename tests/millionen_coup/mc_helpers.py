"""Helpers shared by the Millionen-Coup tests."""

import json

from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.scenario import run_scenario, scenario_from_text
from tiptoi_sim.millionen_coup.session import UI_ONLY_EVENTS

# Hidden setup used by most rule tests: every lock fixed, alarms away from the paths we walk.
HIDDEN = """
  hidden:
    combination: [4, 0, 7]
    locks: {2: [corridor_4, corridor_5], 3: [conference_room, archive], 4: [corridor_1, director_office],
            5: [corridor_2, server_room], 6: [lobby, security_office]}
    waypoints: [director_office, archive, server_room, accounting, conference_room, stairs_upper]
    alarms: {A: {corridor: corridor_1, console: security_office}, B: {corridor: corridor_2, console: lobby},
             C: {corridor: corridor_5, console: cloakroom}}
    blanks: {1: accounting, 2: garage, 3: cloakroom, 4: lobby, 5: archive, 6: server_room, 7: security_office}
"""


def play(data, text, *, with_say=False):
    """Run scenario text; return its events as dicts (no say events unless asked)."""
    sc = scenario_from_text(text, data)
    session = run_scenario(sc, data)
    return [e.to_dict() for e in session.events
            if e.type not in UI_ONLY_EVENTS and (with_say or e.type != "say")]


def of(events, type_, **match):
    return [e for e in events if e["type"] == type_ and all(e.get(k) == v for k, v in match.items())]


def dumps(events):
    return "\n".join(json.dumps(e, ensure_ascii=False) for e in events)
