#!/usr/bin/env python3
"""Write ``board_assets/millionen_coup/layout.yaml``: the screen board's geometry.

The YAML file is the data (a user may edit it by hand, and the webcam writes overlays of the
same format); this script only produced its first version from a few rectangles, so that rooms
that share a door also share a wall. Run it again only if you want to start over:

    .venv/bin/python scripts/gen_layout.py [--out FILE]

Board coordinates: x to the right, y downwards, both 0–1 over the whole board; ``aspect`` is
width / height of the printed or shown board.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tiptoi_sim.millionen_coup.data import load_game_data  # noqa: E402
from tiptoi_sim.millionen_coup.taps import all_tap_ids  # noqa: E402

ASPECT = 1.6

# The bank: x 0.18–0.72; three floors stacked, upper on top.
BANK_X = (0.18, 0.72)
FLOORS = {"upper": (0.075, 0.285), "ground": (0.285, 0.495), "basement": (0.495, 0.705)}

# Rooms per floor as rectangles in floor-relative coordinates (0–1 across the bank, 0–1 down
# the floor). The lift shaft is the left column and the stairs the right column on every floor,
# so they line up; the corridors run across the middle.
ROOMS = {
    "upper": {
        "director_office": (0.08, 0.00, 0.26, 0.36),
        "conference_room": (0.26, 0.00, 0.50, 0.36),
        "archive": (0.50, 0.00, 0.70, 0.36),
        "server_room": (0.70, 0.00, 0.92, 0.36),
        "lift_upper": (0.00, 0.36, 0.08, 0.64),
        "corridor_1": (0.08, 0.36, 0.48, 0.64),
        "corridor_2": (0.48, 0.36, 0.92, 0.64),
        "stairs_upper": (0.92, 0.36, 1.00, 0.64),
        "accounting": (0.48, 0.64, 0.92, 1.00),
    },
    "ground": {
        "break_room": (0.08, 0.00, 0.56, 0.36),
        "lift_ground": (0.00, 0.36, 0.08, 0.64),
        "corridor_3": (0.08, 0.36, 0.92, 0.64),
        "stairs_ground": (0.92, 0.36, 1.00, 0.64),
        "lobby": (0.00, 0.64, 0.26, 1.00),
        "security_office": (0.26, 0.64, 0.52, 1.00),
        "cloakroom": (0.52, 0.64, 0.92, 1.00),
    },
    "basement": {
        "boiler_room": (0.22, 0.00, 0.50, 0.36),
        "safe_deposit": (0.50, 0.00, 0.78, 0.36),
        "lift_basement": (0.00, 0.36, 0.08, 0.64),
        "corridor_4": (0.08, 0.36, 0.50, 0.64),
        "corridor_5": (0.50, 0.36, 0.92, 0.64),
        "stairs_basement": (0.92, 0.36, 1.00, 0.64),
        "garage": (0.08, 0.64, 0.50, 1.00),
        "vault_anteroom": (0.50, 0.64, 0.72, 1.00),
        "vault": (0.72, 0.64, 1.00, 1.00),
    },
}
STREET = (0.015, FLOORS["ground"][0], BANK_X[0], FLOORS["ground"][1])


def rect(x0, y0, x1, y1):
    return [[round(x0, 4), round(y0, 4)], [round(x1, 4), round(y0, 4)],
            [round(x1, 4), round(y1, 4)], [round(x0, 4), round(y1, 4)]]


def room_rect(floor: str, r):
    fx0, fx1 = BANK_X
    fy0, fy1 = FLOORS[floor]
    w, h = fx1 - fx0, fy1 - fy0
    return (fx0 + r[0] * w, fy0 + r[1] * h, fx0 + r[2] * w, fy0 + r[3] * h)


def grid(ids, x0, y0, x1, y1, cols, gap=0.006):
    """Cells of a grid, row by row, with a small gap between cells."""
    rows = (len(ids) + cols - 1) // cols
    cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
    out = {}
    for i, tid in enumerate(ids):
        c, r = i % cols, i // cols
        out[tid] = rect(x0 + c * cw + gap / 2, y0 + r * ch + gap / 2,
                        x0 + (c + 1) * cw - gap / 2, y0 + (r + 1) * ch - gap / 2)
    return out


def build() -> dict:
    data = load_game_data(with_phrases=False)
    hs: dict[str, list] = {}
    # navigation bar, over the bank
    hs.update(grid([f"nav:{n}" for n in ("power", "explore", "play", "info", "skip", "repeat")],
                   BANK_X[0], 0.008, BANK_X[1], 0.062, 6, gap=0.01))
    # rooms
    rooms_geo: dict[str, tuple] = {}
    for floor, rooms in ROOMS.items():
        for rid, r in rooms.items():
            rooms_geo[rid] = room_rect(floor, r)
    rooms_geo["street"] = STREET
    for rid in data.rooms:
        hs[f"room:{rid}"] = rect(*rooms_geo[rid])
    # the vault door: a small plate on the wall between vault_anteroom and vault, low on it
    ax0, ay0, ax1, ay1 = rooms_geo["vault_anteroom"]
    my = ay0 + 0.68 * (ay1 - ay0)  # below the room's name
    hs["vault_door"] = rect(ax1 - 0.012, my - 0.03, ax1 + 0.012, my + 0.03)
    # marker tray, left column above the street: locks | consoles + alarms | waypoints
    tray_x, tray_y = (0.015, 0.165), (0.105, 0.275)
    cw = (tray_x[1] - tray_x[0]) / 3
    hs.update(grid([f"lock:{n}" for n in range(1, 7)], tray_x[0], tray_y[0], tray_x[0] + cw, tray_y[1], 1))
    hs.update(grid(["console:A", "console:B", "console:C", "alarm:A", "alarm:B", "alarm:C"],
                   tray_x[0] + cw, tray_y[0], tray_x[0] + 2 * cw, tray_y[1], 1))
    hs.update(grid([f"waypoint:{x}" for x in "ABCDEF"], tray_x[0] + 2 * cw, tray_y[0], tray_x[1], tray_y[1], 1))
    # character cards, left column below the street
    hs.update(grid([f"char:{c}" for c in data.characters], 0.015, 0.53, 0.165, 0.79, 2))
    # the number strip, under the bank
    hs.update(grid([f"digit:{d}" for d in range(10)], BANK_X[0], 0.725, BANK_X[1], 0.785, 10))
    # right column: explore fields, plan slots, learn + skills, Go!, level and mode
    rx0, rx1 = 0.745, 0.985
    hs["explore:general"] = rect(rx0, 0.105, rx1, 0.145)[:]
    hs.update(grid([f"explore:{f}" for f in ("locks", "waypoints", "alarms", "blanks")], rx0, 0.148, rx1, 0.26, 2))
    hs.update(grid(["plan_slot:1", "plan_slot:2"], rx0, 0.295, rx1, 0.385, 2))
    hs["learn"] = rect(rx0, 0.415, rx1, 0.45)
    hs.update(grid([f"skill:{a}" for a in data.abilities], rx0, 0.453, rx1, 0.56, 4))
    hs["go"] = rect(rx0 + 0.03, 0.575, rx1 - 0.03, 0.655)
    hs.update(grid([f"level:{d}" for d in ("easy", "normal", "hard")], rx0, 0.68, rx1, 0.725, 3))
    hs.update(grid(["mode:tutorial", "mode:game"], rx0, 0.73, rx1, 0.775, 2))
    # bottom band: four player boards, then the action symbols and the Info symbol
    hs.update(grid([f"player:{c}" for c in data.colours], 0.015, 0.815, 0.595, 0.985, 4, gap=0.012))
    hs.update(grid([f"action:{a}" for a in ("walk", "run", "sneak", "climb", "locks")],
                   0.61, 0.815, 0.985, 0.898, 5))
    hs.update(grid([f"action:{a}" for a in ("electronics", "vault_digit", "vault_combination", "explore")]
                   + ["info"], 0.61, 0.902, 0.985, 0.985, 5))

    missing = [t for t in all_tap_ids(data) if not t.startswith("plan:") and t not in hs]
    assert not missing, missing
    # ordered like all_tap_ids, so the file reads like the spec's list
    order = [t for t in all_tap_ids(data) if t in hs]
    floors = {f: rect(BANK_X[0], y0, BANK_X[1], y1) for f, (y0, y1) in FLOORS.items()}
    floors["outside"] = rect(*STREET)
    # climb connections as polylines (drawing only): over the roof, and down the lift shaft
    c1 = rooms_geo["corridor_1"]
    c2 = rooms_geo["corridor_2"]
    c4 = rooms_geo["corridor_4"]
    lift_x = rooms_geo["lift_upper"][2] - 0.006   # inside the lift shaft, beside the lift
    roof_y = FLOORS["upper"][0] - 0.006           # above the upper floor: over the roof
    climbs = {
        "corridor_1-corridor_2": [[round(c1[0] + 0.75 * (c1[2] - c1[0]), 4), round(c1[1] + 0.02, 4)],
                                  [round(c1[0] + 0.75 * (c1[2] - c1[0]), 4), roof_y],
                                  [round(c2[0] + 0.25 * (c2[2] - c2[0]), 4), roof_y],
                                  [round(c2[0] + 0.25 * (c2[2] - c2[0]), 4), round(c2[1] + 0.02, 4)]],
        "corridor_1-corridor_4": [[round(lift_x + 0.03, 4), round((c1[1] + c1[3]) / 2, 4)],
                                  [round(lift_x, 4), round((c1[1] + c1[3]) / 2, 4)],
                                  [round(lift_x, 4), round((c4[1] + c4[3]) / 2, 4)],
                                  [round(lift_x + 0.03, 4), round((c4[1] + c4[3]) / 2, 4)]],
    }
    return {"hotspots": {t: hs[t] for t in order}, "floors": floors, "climbs": climbs}


HEADER = """\
# Der Millionen-Coup: the screen board's geometry (tiptoi_sim/millionen_coup/layout.py reads it).
# Board coordinates: x to the right, y downwards, 0-1 over the whole board on both axes;
# `aspect` is the board's width / height. The screen draws the board from this file and
# board.yaml; the webcam uses the same hotspots (a webcam overlay file of the same format
# replaces polygons by id).
#
# hotspots: one polygon (3 or more [x, y] points) for every tap id of the pen
#   (tiptoi_sim.millionen_coup.taps.all_tap_ids), EXCEPT the 12 `plan:<id>` ids: only two plans
#   are in a game, and the board shows them in the two plan slots `plan_slot:1`/`plan_slot:2`,
#   which the pen session maps to the game's drawn plans. Where polygons overlap, the smallest
#   wins a tap (the vault door plate lies on the vault's wall).
# floors: the outline of each floor (drawing only).
# climbs: the path of each climb connection `a-b` as a polyline (drawing only).
# First written by scripts/gen_layout.py; edit freely.
"""


def dump(doc: dict) -> str:
    def pts(p):
        return "[" + ", ".join(f"[{x:g}, {y:g}]" for x, y in p) + "]"

    lines = [HEADER, f"aspect: {ASPECT}", "", "hotspots:"]
    group = None
    for tid, poly in doc["hotspots"].items():
        g = tid.split(":")[0]
        if g != group and group is not None and g not in ("info",):
            lines.append("")
        group = g
        lines.append(f'  "{tid}": {pts(poly)}')
    lines += ["", "floors:"]
    lines += [f"  {f}: {pts(p)}" for f, p in doc["floors"].items()]
    lines += ["", "climbs:"]
    lines += [f"  {c}: {pts(p)}" for c, p in doc["climbs"].items()]
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "board_assets" / "millionen_coup" / "layout.yaml"))
    args = ap.parse_args()
    Path(args.out).write_text(dump(build()), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
