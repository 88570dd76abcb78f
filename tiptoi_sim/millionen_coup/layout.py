"""The screen board's geometry: ``board_assets/millionen_coup/layout.yaml`` (pure: no pygame).

Board coordinates run 0–1 on both axes over the whole board (x right, y down); ``aspect`` is
the board's width / height. The file holds a polygon for every tap id of the pen except the 12
``plan:<id>`` ids (the board shows the game's two plans in ``plan_slot:1``/``plan_slot:2``, which
the session maps), the floors' outlines and the climb connections' paths (both for drawing).
The screen and the webcam use the same hotspots.

An overlay file of the same format (for example written by the webcam's calibration) replaces
polygons by id; it may give only some ``hotspots`` (and nothing else is required).

Every problem is a :class:`DataError` naming the file, the line and the field: a polygon with
fewer than 3 points or no area, a coordinate outside 0–1, an unknown or a missing tap id,
a duplicate id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.yamlio import LMap, fail, load_yaml, only_keys, req
from tiptoi_sim.millionen_coup.data import GameData, load_game_data
from tiptoi_sim.millionen_coup.taps import all_tap_ids
from tiptoi_sim.paths import assets_dir

Point = tuple[float, float]
Polygon = list[Point]

#: tap ids that need no polygon: only two plans are in a game, shown in the plan slots
NOT_ON_BOARD_PREFIXES = ("plan:",)


def default_layout_path() -> Path:
    return assets_dir() / "millionen_coup" / "layout.yaml"


def board_tap_ids(data: GameData) -> list[str]:
    """The tap ids that must have a polygon on the board, in the spec's order."""
    return [t for t in all_tap_ids(data) if not t.startswith(NOT_ON_BOARD_PREFIXES)]


def polygon_area(poly: Polygon) -> float:
    """The (unsigned) area of a simple polygon (shoelace formula)."""
    s = 0.0
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        s += x0 * y1 - x1 * y0
    return abs(s) / 2


def point_in_polygon(x: float, y: float, poly: Polygon) -> bool:
    """Even-odd rule; a point on a left or top edge counts as inside (half-open edges)."""
    inside = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        if (y0 > y) != (y1 > y):
            xc = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if x < xc:
                inside = not inside
    return inside


def polygon_centroid(poly: Polygon) -> Point:
    """The area centroid (the mean of the points for a degenerate polygon)."""
    a = 0.0
    cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) < 1e-12:
        return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
    a /= 2
    return (cx / (6 * a), cy / (6 * a))


def bbox(poly: Polygon) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


@dataclass
class Layout:
    """The board's geometry. ``hotspots`` maps a tap id to its polygon (board coordinates)."""

    aspect: float
    hotspots: dict[str, Polygon]
    floors: dict[str, Polygon] = field(default_factory=dict)
    climbs: dict[tuple[str, str], list[Point]] = field(default_factory=dict)
    path: str | None = None

    def __post_init__(self) -> None:
        self._areas = {t: polygon_area(p) for t, p in self.hotspots.items()}
        # smallest first, so the first hit wins; ties keep the file order (stable sort)
        self._by_size = sorted(self.hotspots, key=lambda t: self._areas[t])
        self._boxes = {t: bbox(p) for t, p in self.hotspots.items()}

    def hit_test(self, x: float, y: float) -> str | None:
        """The tap id under board point (x, y); where polygons overlap the smallest wins."""
        for tid in self._by_size:
            x0, y0, x1, y1 = self._boxes[tid]
            if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon(x, y, self.hotspots[tid]):
                return tid
        return None

    def centre(self, tap_id: str) -> Point:
        """A point of the hotspot that taps it: the centroid, or (for a concave polygon whose
        centroid lies outside, or under a smaller hotspot) a point found on a grid inside it."""
        poly = self.hotspots[tap_id]
        c = polygon_centroid(poly)
        if self.hit_test(*c) == tap_id:
            return c
        x0, y0, x1, y1 = self._boxes[tap_id]
        best = None
        n = 24
        for i in range(1, n):
            for j in range(1, n):
                p = (x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * j / n)
                if self.hit_test(*p) == tap_id:
                    d = (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2
                    if best is None or d < best[0]:
                        best = (d, p)
        if best is None:
            raise ValueError(f"hotspot {tap_id} is covered entirely by smaller hotspots")
        return best[1]

    def area(self, tap_id: str) -> float:
        return self._areas[tap_id]

    def room_polygons(self) -> dict[str, Polygon]:
        """Room id -> polygon, for drawing the bank."""
        return {t.split(":", 1)[1]: p for t, p in self.hotspots.items() if t.startswith("room:")}

    def ids(self, prefix: str) -> list[str]:
        """The hotspot ids of one kind (``"digit:"``, ``"lock:"``…), in file order."""
        return [t for t in self.hotspots if t.startswith(prefix)]

    def with_overlay(self, overlay: "Layout") -> "Layout":
        """A copy with the overlay's polygons replacing these by id."""
        hs = dict(self.hotspots)
        hs.update(overlay.hotspots)
        floors = dict(self.floors)
        floors.update(overlay.floors)
        climbs = dict(self.climbs)
        climbs.update(overlay.climbs)
        return Layout(self.aspect, hs, floors, climbs, self.path)


# ---------------------------------------------------------------------- markers on the board
@dataclass(frozen=True)
class Spot:
    """Where the board shows one thing of the table state: ``kind`` marker, player or guard;
    ``what`` the marker's tap id (``lock:2``, ``console:A``, ``blank:``), the player's colour,
    or None; ``flag`` opened/switched off (marker) or hidden (player); ``x, y`` its centre in
    board coordinates; ``radius`` its size as a fraction of the board's height."""

    kind: str
    what: str | None
    flag: bool
    x: float
    y: float
    radius: float


MARKER_RADIUS = 0.015      # of the board's height, at most (the drawing's marker size)
FIGURE_RADIUS = 0.024


def shared_edge(pa: Polygon, pb: Polygon, tol: float = 1e-6):
    """The longest stretch of wall two polygons share (collinear, overlapping edges), or None."""
    import math

    best = None
    best_len = 0.0
    for a0, a1 in zip(pa, pa[1:] + pa[:1]):
        for b0, b1 in zip(pb, pb[1:] + pb[:1]):
            dx, dy = a1[0] - a0[0], a1[1] - a0[1]
            length = math.hypot(dx, dy)
            if length < tol:
                continue

            def dist(p):
                return abs((p[0] - a0[0]) * dy - (p[1] - a0[1]) * dx) / length
            if dist(b0) > tol * 10 or dist(b1) > tol * 10:
                continue
            ux, uy = dx / length, dy / length

            def proj(p):
                return (p[0] - a0[0]) * ux + (p[1] - a0[1]) * uy
            lo = max(0.0, min(proj(b0), proj(b1)))
            hi = min(length, max(proj(b0), proj(b1)))
            if hi - lo > best_len + tol:
                best_len = hi - lo
                best = ((a0[0] + ux * lo, a0[1] + uy * lo), (a0[0] + ux * hi, a0[1] + uy * hi))
    return best


def door_point(layout: Layout, a: str, b: str) -> Point:
    """Where the door between rooms a and b is: the middle of their shared wall (or halfway
    between the rooms' centres when they share none)."""
    rooms = layout.room_polygons()
    seg = shared_edge(rooms.get(a, []), rooms.get(b, []))
    if seg:
        return ((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2)
    ca, cb = polygon_centroid(rooms[a]), polygon_centroid(rooms[b])
    return ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2)


def table_spots(layout: Layout, data: GameData, state: dict) -> list[Spot]:
    """Where the screen draws the table state (``Game.state()``): lock markers on their doors
    (lock 1 always on the entrance), alarm and console markers, waypoints and notes in their
    rooms, then the figures and the guard, side by side along each room's lower half. The
    drawing and the hit test both use this, so a marker is tapped where it is seen."""
    revealed = state.get("revealed", {}) or {}
    rooms = layout.room_polygons()
    out: list[Spot] = []
    lock_where = {"1": sorted(data.entrance)}
    lock_where.update({str(k): v for k, v in (revealed.get("locks") or {}).items()})
    opened = {str(n) for n in state.get("opened_locks", [])}
    for n, where in lock_where.items():
        if isinstance(where, (list, tuple)) and len(where) == 2 and all(w in rooms for w in where):
            x, y = door_point(layout, where[0], where[1])
            out.append(Spot("marker", f"lock:{n}", n in opened, x, y, MARKER_RADIUS))
    by_room: dict[str, list[tuple[str, str | None, bool]]] = {}
    alarms_off = set(state.get("alarms_off", []))
    for x, w in (revealed.get("alarms") or {}).items():
        if isinstance(w, dict):
            by_room.setdefault(w.get("corridor"), []).append(("marker", f"alarm:{x}", x in alarms_off))
            by_room.setdefault(w.get("console"), []).append(("marker", f"console:{x}", x in alarms_off))
    for x, room in (revealed.get("waypoints") or {}).items():
        by_room.setdefault(room, []).append(("marker", f"waypoint:{x}", False))
    for _n, room in (revealed.get("blanks") or {}).items():
        by_room.setdefault(room, []).append(("marker", "blank:", False))
    for colour, p in (state.get("players") or {}).items():
        if p.get("room"):
            by_room.setdefault(p["room"], []).append(("player", colour, bool(p.get("hidden"))))
    if state.get("guard"):
        by_room.setdefault(state["guard"], []).append(("guard", None, False))
    aspect = layout.aspect or 1.0
    for room, items in by_room.items():
        if room not in rooms:
            continue
        x0, y0, x1, y1 = bbox(rooms[room])
        low_y0 = y0 + (y1 - y0) / 2
        low_h = y1 - low_y0
        step = (x1 - x0) / (len(items) + 0.4)          # board x units
        step_h = step * aspect                           # the same, in board heights
        for i, (kind, what, flag) in enumerate(items):
            cx, cy = x0 + step * (i + 0.7), low_y0 + low_h / 2
            if kind == "marker":
                out.append(Spot(kind, what, flag, cx, cy, min(MARKER_RADIUS, step_h / 2.4, low_h / 2.2)))
            else:
                rad = min(FIGURE_RADIUS, step_h / 1.8, low_h / 1.5)
                out.append(Spot(kind, what, flag, cx, cy + rad * 0.1, rad))
    return out


def marker_hotspots(layout: Layout, data: GameData, state: dict | None) -> list[tuple[str, Polygon]]:
    """The markers the board shows for ``state`` (a game's ``state()``; ``{}`` for any game:
    lock 1 on the entrance; None before a game: none), as tap hotspots: (tap id, square
    polygon in board coordinates). Notes (blanks) have no tap id and are left out."""
    if state is None:
        return []
    aspect = layout.aspect or 1.0
    out: list[tuple[str, Polygon]] = []
    for sp in table_spots(layout, data, state):
        if sp.kind != "marker" or not sp.what or sp.what.endswith(":"):
            continue
        ry = sp.radius * 1.05
        rx = ry / aspect
        out.append((sp.what, [(max(0.0, sp.x - rx), max(0.0, sp.y - ry)), (min(1.0, sp.x + rx), max(0.0, sp.y - ry)),
                              (min(1.0, sp.x + rx), min(1.0, sp.y + ry)), (max(0.0, sp.x - rx), min(1.0, sp.y + ry))]))
    return out


def hit_with_markers(layout: Layout, markers: list[tuple[str, Polygon]], x: float, y: float) -> str | None:
    """The tap id under (x, y): a marker drawn there first (it lies on top of its room or
    door), else the layout's hotspot."""
    for tid, poly in markers:
        if point_in_polygon(x, y, poly):
            return tid
    return layout.hit_test(x, y)


class MarkerHitTest:
    """A ``hit_test(x, y)`` for the webcam and the window: the layout's hotspots plus the
    markers the board shows for the latest state given to :meth:`update` (any thread)."""

    def __init__(self, layout: Layout, data: GameData):
        self.layout = layout
        self.data = data
        self.markers: list[tuple[str, Polygon]] = []

    def update(self, state: dict | None) -> None:
        self.markers = marker_hotspots(self.layout, self.data, state)

    def __call__(self, x: float, y: float) -> str | None:
        return hit_with_markers(self.layout, self.markers, x, y)


# ---------------------------------------------------------------------- loading
def _points(container, key, fld: str) -> Polygon:
    v = container[key]
    if not isinstance(v, list):
        raise fail(container, fld, f"a polygon: a list of at least 3 [x, y] points; got {v!r}", key)
    if len(v) < 3:
        raise fail(container, fld, f"a polygon of at least 3 [x, y] points; got {len(v)}", key)
    pts: Polygon = []
    for i, p in enumerate(v):
        if not (isinstance(p, list) and len(p) == 2
                and all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in p)):
            raise fail(container, f"{fld}[{i}]", f"a point [x, y] of two numbers; got {p!r}", key)
        x, y = float(p[0]), float(p[1])
        if not (0.0 <= x <= 1.0 and 0.0 <= y <= 1.0):
            raise fail(container, f"{fld}[{i}]", f"board coordinates between 0 and 1; got [{p[0]}, {p[1]}]", key)
        pts.append((x, y))
    if polygon_area(pts) < 1e-9:
        raise fail(container, fld, "a polygon with an area (its points lie on one line)", key)
    return pts


def _polyline(container, key, fld: str) -> list[Point]:
    v = container[key]
    if not isinstance(v, list) or len(v) < 2:
        raise fail(container, fld, "a path of at least 2 [x, y] points", key)
    out = []
    for i, p in enumerate(v):
        if not (isinstance(p, list) and len(p) == 2 and all(isinstance(c, (int, float)) for c in p)
                and all(0.0 <= c <= 1.0 for c in p)):
            raise fail(container, f"{fld}[{i}]", f"a point [x, y] with board coordinates between 0 and 1; got {p!r}", key)
        out.append((float(p[0]), float(p[1])))
    return out


def parse_layout(doc, data: GameData, *, path: str | None, overlay: bool) -> Layout:
    """Check a parsed layout (or overlay) document against the game data."""
    if not isinstance(doc, LMap):
        raise DataError(path, None, "a mapping with aspect and hotspots" if not overlay else "a mapping with hotspots")
    only_keys(doc, ["aspect", "hotspots", "floors", "climbs"], "")
    if overlay:
        aspect = None
        if "aspect" in doc:
            raise fail(doc, "aspect", "an overlay replaces polygons only; leave the aspect to the main layout", "aspect")
    else:
        aspect = float(req(doc, "aspect", float, "aspect", check=lambda v: 0.2 <= v <= 5,
                           expected="the board's width / height, a number between 0.2 and 5"))
    raw = req(doc, "hotspots", dict, "hotspots") if not overlay else (doc.get("hotspots") or LMap())
    if not isinstance(raw, dict):
        raise fail(doc, "hotspots", "a mapping of tap id -> polygon", "hotspots")
    wanted = board_tap_ids(data)
    known = set(wanted)
    all_ids = set(all_tap_ids(data))
    hotspots: dict[str, Polygon] = {}
    for tid in raw:
        fld = f"hotspots.{tid}"
        if not isinstance(tid, str) or tid not in known:
            why = ("plan ids need no polygon: the board shows the game's plans in plan_slot:1 and plan_slot:2"
                   if isinstance(tid, str) and tid in all_ids else "unknown tap id")
            raise fail(raw, fld, f"{why}; expected one of the pen's tap ids (tiptoi_sim.millionen_coup.taps)", tid)
        hotspots[tid] = _points(raw, tid, fld)
    if not overlay:
        missing = [t for t in wanted if t not in hotspots]
        if missing:
            more = f" (and {len(missing) - 8} more)" if len(missing) > 8 else ""
            raise fail(raw, "hotspots", "missing polygon for tap id " + ", ".join(missing[:8]) + more)
        hotspots = {t: hotspots[t] for t in wanted}  # the spec's order
    floors: dict[str, Polygon] = {}
    fl = doc.get("floors")
    if fl is not None:
        if not isinstance(fl, dict):
            raise fail(doc, "floors", "a mapping of floor -> polygon", "floors")
        for f in fl:
            if f not in data.floors:
                raise fail(fl, f"floors.{f}", "unknown floor; expected one of " + ", ".join(data.floors), f)
            floors[f] = _points(fl, f, f"floors.{f}")
    climbs: dict[tuple[str, str], list[Point]] = {}
    cl = doc.get("climbs")
    if cl is not None:
        if not isinstance(cl, dict):
            raise fail(doc, "climbs", "a mapping of 'room-room' -> path", "climbs")
        climb_keys = {c.key() for c in data.climb_connections}
        for k in cl:
            a, _, b = str(k).partition("-")
            if frozenset((a, b)) not in climb_keys:
                raise fail(cl, f"climbs.{k}", "a climb connection of board.yaml written as room-room, like corridor_1-corridor_2", k)
            climbs[(a, b)] = _polyline(cl, k, f"climbs.{k}")
    return Layout(aspect if aspect is not None else 0.0, hotspots, floors, climbs, path)


def load_layout(path: str | Path | None = None, *, overlay: str | Path | None = None,
                data: GameData | None = None) -> Layout:
    """Load and check a layout file (default: the board_assets one) and, if given, an overlay
    whose polygons replace the layout's by id."""
    data = data or load_game_data(with_phrases=False)
    p = Path(path) if path else default_layout_path()
    layout = parse_layout(load_yaml(p), data, path=str(p), overlay=False)
    if overlay is not None:
        op = Path(overlay)
        layout = layout.with_overlay(parse_layout(load_yaml(op), data, path=str(op), overlay=True))
    return layout


__all__ = ["Layout", "load_layout", "table_spots", "marker_hotspots", "MarkerHitTest", "door_point", "parse_layout", "board_tap_ids", "default_layout_path",
           "polygon_area", "polygon_centroid", "point_in_polygon"]
