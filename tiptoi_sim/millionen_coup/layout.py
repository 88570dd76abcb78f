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


__all__ = ["Layout", "load_layout", "parse_layout", "board_tap_ids", "default_layout_path",
           "polygon_area", "polygon_centroid", "point_in_polygon"]
