"""Draw the board of Der Millionen-Coup with pygame, from ``board.yaml`` + ``layout.yaml`` and
the phrase catalogue (no hand-placed pixels: every position comes from the layout's polygons).

:class:`BoardPainter` draws onto any Surface rectangle of the board's aspect ratio:
- the static board (cached per size): floors, rooms with their names, walls with door gaps,
  stairs and lift (and their links between floors), climb connections dashed, the vault door,
  the navigation bar, player boards, action symbols, learn and skill fields, explore fields,
  plan slots, Go!, level and mode, character cards, the number strip and the marker tray;
- optionally what the table shows, from ``Game.state()``: figures, the guard, the markers the
  pen asked to place (revealed items), opened locks, switched-off alarms, ruled-out digits, the
  game clock; with the director view also the guard's next rooms and each running action.

:func:`render_board_array` renders without a display (the webcam helper and
``tiptoi-sim render-board`` use it), optionally with the four ArUco registration markers.

Markers on the board follow the pen's words: a lock, waypoint, alarm system or console marker
leaves the tray when the pen tells where it goes; lock 1 always lies on the entrance.
"""

from __future__ import annotations

import math
import os
import re
from typing import Any

import pygame

from tiptoi_sim.core.phrases import Phrases
from tiptoi_sim.millionen_coup.data import GameData
from tiptoi_sim.millionen_coup.layout import Layout, Point, bbox, polygon_centroid, shared_edge, table_spots
from tiptoi_sim.screen.text import wrap  # noqa: F401  (app.py imports it from here)

# ----------------------------------------------------------------------------- colours
PAPER = (236, 229, 211)
INK = (40, 38, 46)
WALL = (52, 54, 66)
FLOOR_FILL = (92, 96, 112)
ROOM_FILL = {"room": (246, 241, 228), "corridor": (222, 218, 204), "stairs": (208, 216, 230),
             "lift": (196, 206, 222), "vault": (239, 212, 120), "street": (168, 170, 172)}
PLAYER_RGB = {"red": (214, 48, 49), "blue": (38, 104, 214), "yellow": (240, 196, 25), "green": (46, 160, 67)}
GUARD_RGB = (25, 25, 30)
CLIMB_RGB = (224, 120, 20)
ALARM_RGB = (200, 30, 40)
CONSOLE_RGB = (70, 80, 200)
WAYPOINT_RGB = (120, 60, 160)
LOCK_RGB = (150, 110, 40)
OFF_RGB = (150, 150, 150)
BUTTON = (250, 248, 240)
NAV_RGB = (60, 140, 200)
GO_RGB = (40, 170, 80)
DIRECTOR_RGB = (200, 0, 160)

_ARTICLES = {"en": ("the ",), "de": ("der ", "die ", "das ")}


def fit_rect(aspect: float, width: int, height: int, x: int = 0, y: int = 0) -> pygame.Rect:
    """The largest rectangle of ``aspect`` (width / height) centred in the given area."""
    if width / max(1, height) > aspect:
        h = height
        w = int(round(h * aspect))
    else:
        w = width
        h = int(round(w / aspect))
    return pygame.Rect(x + (width - w) // 2, y + (height - h) // 2, max(1, w), max(1, h))


def board_name(phrases: Phrases, key: str, default: str) -> str:
    """A catalogue name as a board label: without a leading article, first letter capital."""
    text = phrases.name(key, default)
    for art in _ARTICLES.get(phrases.lang, ()):
        if text.lower().startswith(art):
            text = text[len(art):]
            break
    return text[:1].upper() + text[1:]


def fmt_clock(seconds: float) -> str:
    s = max(0, int(math.ceil(seconds)))
    return f"{s // 60}:{s % 60:02d}"


class Fonts:
    """pygame fonts by pixel size (the default font: no system font lookup, works headless)."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(6, int(size))
        key = (size, bold)
        if key not in self._cache:
            f = pygame.font.Font(None, size)
            f.set_bold(bold)
            self._cache[key] = f
        return self._cache[key]


class BoardPainter:
    """Draws the board for one game data set, layout and language."""

    def __init__(self, data: GameData, layout: Layout, lang: str = "de"):
        self.data = data
        self.layout = layout
        self.lang = lang
        self.phrases: Phrases = data.phrases[lang]
        self.fonts = Fonts()
        self._base_cache: tuple[tuple[int, int], pygame.Surface] | None = None
        self.rooms = layout.room_polygons()
        self._doors = self._find_doors()

    # ------------------------------------------------------------------ geometry
    def px(self, r: pygame.Rect, p: Point) -> tuple[int, int]:
        return (int(round(r.x + p[0] * r.w)), int(round(r.y + p[1] * r.h)))

    def poly_px(self, r: pygame.Rect, poly) -> list[tuple[int, int]]:
        return [self.px(r, p) for p in poly]

    def box_px(self, r: pygame.Rect, tap_id: str) -> pygame.Rect:
        x0, y0, x1, y1 = bbox(self.layout.hotspots[tap_id])
        a, b = self.px(r, (x0, y0))
        c, d = self.px(r, (x1, y1))
        return pygame.Rect(a, b, max(1, c - a), max(1, d - b))

    def _find_doors(self) -> dict[frozenset, tuple[Point, Point] | None]:
        """For each walk connection: the shared wall segment of its two rooms (board coords),
        or None when the polygons share no wall (then a passage line is drawn)."""
        out: dict[frozenset, tuple[Point, Point] | None] = {}
        for c in self.data.connections:
            out[c.key()] = _shared_edge(self.rooms.get(c.a, []), self.rooms.get(c.b, []))
        return out

    def door_point(self, a: str, b: str) -> Point:
        """Where the door between rooms a and b is (the middle of their shared wall)."""
        seg = self._doors.get(frozenset((a, b)))
        if seg:
            return ((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2)
        ca, cb = polygon_centroid(self.rooms[a]), polygon_centroid(self.rooms[b])
        return ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2)

    # ------------------------------------------------------------------ text
    def text(self, surf, text: str, box: pygame.Rect, colour=INK, *, max_size: int, bold=False,
             min_size: int = 7, align: str = "centre", angle: int = 0) -> None:
        """Draw ``text`` wrapped and shrunk to fit ``box``."""
        if not text:
            return
        w, h = (box.h, box.w) if angle else (box.w, box.h)
        size = max_size
        while True:
            font = self.fonts.get(size, bold)
            lines = wrap(font, text, w)
            lh = font.get_linesize()
            if (lh * len(lines) <= h and all(font.size(li)[0] <= w for li in lines)) or size <= min_size:
                break
            size -= 1
        rendered = [font.render(li, True, colour) for li in lines]
        total = lh * len(rendered)
        if angle:
            block = pygame.Surface((w, total), pygame.SRCALPHA)
            for i, img in enumerate(rendered):
                block.blit(img, ((w - img.get_width()) // 2, i * lh))
            block = pygame.transform.rotate(block, angle)
            surf.blit(block, block.get_rect(center=box.center))
            return
        y = box.y + (box.h - total) // 2 if align != "top" else box.y
        for img in rendered:
            x = box.x + (box.w - img.get_width()) // 2 if align != "left" else box.x
            surf.blit(img, (x, y))
            y += lh

    # ------------------------------------------------------------------ static board
    def base(self, size: tuple[int, int]) -> pygame.Surface:
        """The board without state, ``size`` pixels (cached: drawn again only on a new size)."""
        if self._base_cache and self._base_cache[0] == size:
            return self._base_cache[1]
        surf = pygame.Surface(size)
        self.draw_static(surf, surf.get_rect())
        self._base_cache = (size, surf)
        return surf

    def draw_static(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        surf.fill(PAPER, r)
        unit = r.h / 100.0  # type sizes in hundredths of the board's height
        self._draw_floors(surf, r, unit)
        self._draw_rooms(surf, r, unit)
        self._draw_links(surf, r, unit)
        self._draw_panels(surf, r, unit)

    def _draw_floors(self, surf, r, unit) -> None:
        labels = {"upper": "+1", "ground": "0", "basement": "-1"}
        for floor, poly in self.layout.floors.items():
            if floor == "outside":
                continue
            pts = self.poly_px(r, poly)
            pygame.draw.polygon(surf, FLOOR_FILL, pts)
            x0, y0, x1, y1 = bbox(poly)
            lab = pygame.Rect(*self.px(r, (x1, y0)), 0, 0)
            lab.w = max(8, int(0.02 * r.w))
            lab.h = int((y1 - y0) * r.h)
            self.text(surf, labels.get(floor, floor), lab, WALL, max_size=int(4 * unit), bold=True)

    def _draw_rooms(self, surf, r, unit) -> None:
        wall = max(2, int(0.45 * unit))
        for rid, poly in self.rooms.items():
            kind = self.data.rooms[rid].kind
            pts = self.poly_px(r, poly)
            pygame.draw.polygon(surf, ROOM_FILL[kind], pts)
            if kind == "stairs":
                box = self.box_px(r, f"room:{rid}")
                n = 6
                for i in range(1, n):
                    y = box.y + box.h * i // n
                    pygame.draw.line(surf, (150, 160, 180), (box.x + 2, y), (box.right - 3, y), max(1, wall // 2))
            elif kind == "lift":
                box = self.box_px(r, f"room:{rid}").inflate(-wall * 2, -wall * 2)
                pygame.draw.line(surf, (150, 160, 180), box.topleft, box.bottomright, max(1, wall // 2))
                pygame.draw.line(surf, (150, 160, 180), box.topright, box.bottomleft, max(1, wall // 2))
            elif kind == "street":
                box = self.box_px(r, f"room:{rid}")
                for i in range(1, 8):  # a zebra crossing leading to the entrance
                    y = box.y + box.h * (0.55 + 0.05 * i)
                    pygame.draw.line(surf, (235, 235, 235), (box.right - box.w // 3, y), (box.right - 4, y), max(1, wall))
            pygame.draw.polygon(surf, WALL, pts, wall)
        # door gaps: a break in the wall where two connected rooms meet
        for c in self.data.connections:
            seg = self._doors.get(c.key())
            if c.kind in ("stairs", "lift"):
                continue
            if seg is None:
                pygame.draw.line(surf, WALL, self.px(r, polygon_centroid(self.rooms[c.a])),
                                 self.px(r, polygon_centroid(self.rooms[c.b])), wall)
                continue
            (ax, ay), (bx, by) = seg
            mx, my = (ax + bx) / 2, (ay + by) / 2
            seg_px = math.hypot((bx - ax) * r.w, (by - ay) * r.h)
            half = min(seg_px * 0.35, 3.2 * unit) / 2
            horizontal = abs((by - ay) * r.h) < abs((bx - ax) * r.w)
            cx, cy = self.px(r, (mx, my))
            fill = ROOM_FILL[self.data.rooms[c.a].kind] if c.kind == "door" else (120, 120, 130)
            if horizontal:
                rect = pygame.Rect(int(cx - half), cy - wall, int(2 * half), 2 * wall + 1)
            else:
                rect = pygame.Rect(cx - wall, int(cy - half), 2 * wall + 1, int(2 * half))
            pygame.draw.rect(surf, fill, rect)
            # door jambs, so the gap reads as a door
            if horizontal:
                for x in (rect.left, rect.right - 1):
                    pygame.draw.line(surf, WALL, (x, rect.top - wall), (x, rect.bottom + wall), max(1, wall // 2))
            else:
                for y in (rect.top, rect.bottom - 1):
                    pygame.draw.line(surf, WALL, (rect.left - wall, y), (rect.right + wall, y), max(1, wall // 2))
        # names
        for rid, poly in self.rooms.items():
            kind = self.data.rooms[rid].kind
            box = self.box_px(r, f"room:{rid}").inflate(-int(2.6 * unit), -int(1.2 * unit))
            name = board_name(self.phrases, f"room.{rid}", rid)
            if kind in ("stairs", "lift"):
                self.text(surf, name.split()[0], box, INK, max_size=int(2.6 * unit), angle=90)
            else:
                # the upper half: the lower half holds markers and figures
                top = pygame.Rect(box.x, box.y, box.w, max(4, box.h // 2 + int(0.4 * unit)))
                self.text(surf, name, top, INK, max_size=int(3.0 * unit), bold=kind == "vault")
        self._draw_vault_door(surf, r, unit, open_=False)

    def _draw_vault_door(self, surf, r, unit, *, open_: bool) -> None:
        box = self.box_px(r, "vault_door")
        pygame.draw.rect(surf, (90, 96, 104) if not open_ else (60, 170, 90), box, border_radius=3)
        rad = max(3, min(box.w, box.h) // 2 - 2)
        pygame.draw.circle(surf, (200, 200, 205), box.center, rad, max(1, rad // 3))
        if not open_:
            pygame.draw.line(surf, (200, 200, 205), (box.centerx - rad, box.centery), (box.centerx + rad, box.centery), 2)
            pygame.draw.line(surf, (200, 200, 205), (box.centerx, box.centery - rad), (box.centerx, box.centery + rad), 2)

    def _draw_links(self, surf, r, unit) -> None:
        """Stairs and lift between floors (solid), climb connections (dashed)."""
        w = max(2, int(0.5 * unit))
        for c in self.data.connections:
            if c.kind not in ("stairs", "lift"):
                continue
            a, b = self.box_px(r, f"room:{c.a}"), self.box_px(r, f"room:{c.b}")
            top, bot = (a, b) if a.y < b.y else (b, a)
            x = (top.centerx + bot.centerx) // 2
            colour = (70, 90, 140) if c.kind == "lift" else (120, 130, 160)
            pygame.draw.line(surf, colour, (x, top.bottom), (x, bot.top), w * 2)
            for y in range(top.bottom + w * 3, bot.top - w, w * 4):  # rungs / steps
                pygame.draw.line(surf, ROOM_FILL[c.kind if c.kind == "lift" else "stairs"], (x - w * 2, y), (x + w * 2, y), w)
        for c in self.data.climb_connections:
            path = self.layout.climbs.get((c.a, c.b)) or self.layout.climbs.get((c.b, c.a))
            if path is None:
                path = [polygon_centroid(self.rooms[c.a]), polygon_centroid(self.rooms[c.b])]
            pts = [self.px(r, p) for p in path]
            _dashed(surf, CLIMB_RGB, pts, w, dash=int(1.6 * unit) + 2)
            for end in (pts[0], pts[-1]):
                pygame.draw.circle(surf, CLIMB_RGB, end, w * 2)

    def _button(self, surf, r, unit, tid: str, label: str, fill=BUTTON, colour=INK, *, size=2.4, bold=False) -> pygame.Rect:
        box = self.box_px(r, tid)
        pts = self.poly_px(r, self.layout.hotspots[tid])
        pygame.draw.polygon(surf, fill, pts)
        pygame.draw.polygon(surf, WALL, pts, max(1, int(0.2 * unit)))
        self.text(surf, label, box.inflate(-int(0.6 * unit), -int(0.4 * unit)), colour, max_size=int(size * unit), bold=bold)
        return box

    def _heading(self, surf, r, unit, text: str, ids: list[str]) -> None:
        """A small heading just above a group of hotspots."""
        boxes = [self.box_px(r, t) for t in ids]
        top = min(b.top for b in boxes)
        left = min(b.left for b in boxes)
        right = max(b.right for b in boxes)
        h = int(2.6 * unit)
        self.text(surf, text, pygame.Rect(left, top - h, right - left, h), INK, max_size=int(2.3 * unit), bold=True)

    def _draw_panels(self, surf, r, unit) -> None:
        ph = self.phrases
        for tid in self.layout.ids("nav:"):
            self._button(surf, r, unit, tid, ph.name(f"hotspot.{tid}", tid.split(":")[1]), (214, 234, 248), bold=True)
        for tid in self.layout.ids("player:"):
            colour = tid.split(":")[1]
            pts = self.poly_px(r, self.layout.hotspots[tid])
            pygame.draw.polygon(surf, _tint(PLAYER_RGB.get(colour, (128, 128, 128)), 0.55), pts)
            pygame.draw.polygon(surf, PLAYER_RGB.get(colour, INK), pts, max(2, int(0.5 * unit)))
            box = self.box_px(r, tid)
            self.text(surf, board_name(ph, f"colour.{colour}", colour),
                      pygame.Rect(box.x, box.y + int(0.5 * unit), box.w, int(3.4 * unit)), INK,
                      max_size=int(3 * unit), bold=True)
        for tid in self.layout.ids("char:"):
            cid = tid.split(":")[1]
            ch = self.data.characters.get(cid)
            box = self._button(surf, r, unit, tid, ch.name if ch else cid, (238, 232, 250), size=2.2, bold=True)
            if ch:
                sub = pygame.Rect(box.x, box.bottom - int(2.2 * unit), box.w, int(2 * unit))
                self.text(surf, board_name(ph, f"ability.{ch.ability}", ch.ability), sub, (90, 80, 120), max_size=int(1.8 * unit))
        for tid in self.layout.ids("action:"):
            a = tid.split(":")[1]
            self._button(surf, r, unit, tid, ph.name(f"action.{a}", a), (255, 244, 214), size=2.3, bold=True)
        self._button(surf, r, unit, "info", "i", (214, 234, 248), size=4.5, bold=True)
        self._button(surf, r, unit, "learn", ph.name("hotspot.learn", "learn"), (230, 245, 225), size=2.6, bold=True)
        for tid in self.layout.ids("skill:"):
            a = tid.split(":")[1]
            self._button(surf, r, unit, tid, ph.name(f"ability.{a}", a), (245, 250, 240), size=2.0)
        explore_ids = self.layout.ids("explore:")
        self._heading(surf, r, unit, ph.name("action.explore", "explore"), explore_ids)
        for tid in explore_ids:
            f = tid.split(":")[1]
            self._button(surf, r, unit, tid, board_name(ph, f"field.{f}", f), (236, 244, 236), size=2.2, bold=f == "general")
        slots = self.layout.ids("plan_slot:")
        self._heading(surf, r, unit, ph.name("action.plan", "plan"), slots)
        for tid in slots:
            self._button(surf, r, unit, tid, tid.split(":")[1], (250, 240, 230), size=3)
        self._button(surf, r, unit, "go", ph.name("hotspot.go", "Go!"), GO_RGB, (255, 255, 255), size=5, bold=True)
        for tid in self.layout.ids("level:") + self.layout.ids("mode:"):
            self._button(surf, r, unit, tid, board_name(ph, f"hotspot.{tid}", tid.split(":")[1]), (240, 240, 240), size=2.1)
        for tid in self.layout.ids("digit:"):
            self._button(surf, r, unit, tid, tid.split(":")[1], (250, 250, 250), size=4, bold=True)
        # the marker tray
        tray = self.layout.ids("lock:") + self.layout.ids("console:") + self.layout.ids("alarm:") + self.layout.ids("waypoint:")
        for tid in tray:
            box = self.box_px(r, tid)
            pygame.draw.rect(surf, (226, 218, 198), box)
            pygame.draw.rect(surf, (180, 170, 150), box, 1)
            self.marker(surf, tid, box.center, min(box.w, box.h) * 0.42)

    # ------------------------------------------------------------------ markers and figures
    def marker(self, surf, tid: str, centre, radius: float, *, off: bool = False) -> None:
        """A marker piece: lock (padlock), console (square), alarm (triangle), waypoint (circle),
        blank (note), each with its number or letter. ``off``: opened / switched off (grey)."""
        kind, _, val = tid.partition(":")
        rad = max(4, int(radius))
        cx, cy = centre
        font = self.fonts.get(int(rad * 1.25), True)
        if kind == "lock":
            col = OFF_RGB if off else LOCK_RGB
            body = pygame.Rect(0, 0, int(rad * 1.7), int(rad * 1.3))
            body.center = (cx, cy + rad // 4)
            shackle = pygame.Rect(0, 0, int(rad * 1.1), int(rad * 1.2))
            shackle.midbottom = (cx - (rad // 3 if off else 0), body.top + rad // 3)
            pygame.draw.ellipse(surf, col, shackle, max(2, rad // 4))
            pygame.draw.rect(surf, col, body, border_radius=max(1, rad // 4))
            pygame.draw.rect(surf, INK, body, 1, border_radius=max(1, rad // 4))
            img = font.render(val, True, (255, 255, 255))
            surf.blit(img, img.get_rect(center=body.center))
            return
        if kind == "console":
            col = OFF_RGB if off else CONSOLE_RGB
            box = pygame.Rect(0, 0, int(rad * 1.7), int(rad * 1.7))
            box.center = (cx, cy)
            pygame.draw.rect(surf, col, box, border_radius=max(1, rad // 4))
            pygame.draw.rect(surf, INK, box, 1, border_radius=max(1, rad // 4))
        elif kind == "alarm":
            col = OFF_RGB if off else ALARM_RGB
            pts = [(cx, cy - rad), (cx + rad, cy + int(rad * 0.8)), (cx - rad, cy + int(rad * 0.8))]
            pygame.draw.polygon(surf, col, pts)
            pygame.draw.polygon(surf, INK, pts, 1)
            cy += rad // 4
        elif kind == "waypoint":
            pygame.draw.circle(surf, OFF_RGB if off else WAYPOINT_RGB, (cx, cy), rad)
            pygame.draw.circle(surf, INK, (cx, cy), rad, 1)
        elif kind == "blank":
            note = pygame.Rect(0, 0, int(rad * 1.5), int(rad * 1.8))
            note.center = (cx, cy)
            pygame.draw.rect(surf, (255, 255, 240), note)
            pygame.draw.rect(surf, INK, note, 1)
            val = "?" if not val else val
            img = font.render(val, True, INK)
            surf.blit(img, img.get_rect(center=note.center))
            return
        img = font.render(val, True, (255, 255, 255))
        surf.blit(img, img.get_rect(center=(cx, cy)))
        if off:
            pygame.draw.line(surf, INK, (cx - rad, cy - rad), (cx + rad, cy + rad), 2)

    def figure(self, surf, centre, radius: float, colour, *, hidden=False, label: str | None = None) -> None:
        """A playing figure: a pawn (head and body) in the player's colour; a hidden (sneaking)
        figure is drawn hollow with a dashed look."""
        cx, cy = centre
        rad = max(4, int(radius))
        head = (cx, cy - int(rad * 0.55))
        body = [(cx - int(rad * 0.8), cy + int(rad * 0.9)), (cx + int(rad * 0.8), cy + int(rad * 0.9)),
                (cx + int(rad * 0.3), cy - int(rad * 0.2)), (cx - int(rad * 0.3), cy - int(rad * 0.2))]
        if hidden:
            pygame.draw.polygon(surf, _tint(colour, 0.6), body)
            pygame.draw.circle(surf, _tint(colour, 0.6), head, int(rad * 0.42))
            pygame.draw.polygon(surf, colour, body, max(2, rad // 5))
            pygame.draw.circle(surf, colour, head, int(rad * 0.42), max(2, rad // 5))
        else:
            pygame.draw.polygon(surf, colour, body)
            pygame.draw.circle(surf, colour, head, int(rad * 0.42))
            pygame.draw.polygon(surf, INK, body, 1)
            pygame.draw.circle(surf, INK, head, int(rad * 0.42), 1)
        if label:
            img = self.fonts.get(int(rad * 0.8), True).render(label, True, (255, 255, 255))
            surf.blit(img, img.get_rect(center=(cx, cy + int(rad * 0.45))))

    def guard(self, surf, centre, radius: float) -> None:
        """The guard: a black pawn with a cap and a torch beam."""
        cx, cy = centre
        rad = max(4, int(radius))
        beam = [(cx + int(rad * 0.3), cy - int(rad * 0.1)), (cx + int(rad * 1.6), cy - int(rad * 0.7)),
                (cx + int(rad * 1.6), cy + int(rad * 0.5))]
        pygame.draw.polygon(surf, (255, 236, 120), beam)
        self.figure(surf, centre, rad, GUARD_RGB)
        cap = pygame.Rect(0, 0, int(rad * 1.0), int(rad * 0.35))
        cap.midbottom = (cx, cy - int(rad * 0.75))
        pygame.draw.rect(surf, (30, 60, 150), cap)

    def _room_slots(self, rid: str, r: pygame.Rect, n: int) -> list[tuple[int, int]]:
        """``n`` spots in a room for figures and markers, spread along its longer side."""
        box = self.box_px(r, f"room:{rid}")
        out = []
        cols = max(1, min(n, 5))
        rows = (n + cols - 1) // cols
        for i in range(n):
            c, row = i % cols, i // cols
            if box.w >= box.h:
                out.append((box.x + box.w * (c + 1) // (cols + 1), box.y + box.h * (row + 1) // (rows + 1)))
            else:
                out.append((box.x + box.w * (row + 1) // (rows + 1), box.y + box.h * (c + 1) // (cols + 1)))
        return out

    # ------------------------------------------------------------------ state overlay
    def draw(self, surf: pygame.Surface, r: pygame.Rect, state: dict[str, Any] | None = None, *,
             director: bool = False, highlight: str | None = None, paused: bool = False,
             outcome_text: str | None = None) -> None:
        """The board in rect ``r`` of ``surf`` and, if given, the table state over it."""
        surf.blit(self.base(r.size), r.topleft)
        if highlight and highlight in self.layout.hotspots:
            pts = self.poly_px(r, self.layout.hotspots[highlight])
            pygame.draw.polygon(surf, (255, 140, 0), pts, max(2, r.h // 200))
        if state is not None:
            self.draw_state(surf, r, state, director=director, paused=paused, outcome_text=outcome_text)

    def draw_state(self, surf, r, s: dict[str, Any], *, director=False, paused=False,
                   outcome_text: str | None = None) -> None:
        unit = r.h / 100.0
        # where every marker, figure and the guard stands: the layout's table_spots, which the
        # hit test uses too (a marker is tapped where it is drawn)
        spots = table_spots(self.layout, self.data, s)
        placed = {sp.what for sp in spots if sp.kind == "marker" and sp.what}
        # tray: a marker on the board leaves an empty place in the tray
        for tid in placed:
            if tid in self.layout.hotspots:
                box = self.box_px(r, tid)
                pygame.draw.rect(surf, (226, 218, 198), box.inflate(-2, -2))
                pygame.draw.rect(surf, (200, 190, 170), box.inflate(-int(unit), -int(unit)), 1)
        # the vault door
        if s.get("vault_open"):
            self._draw_vault_door(surf, r, unit, open_=True)
        # ruled-out digits and the first digit on the number strip
        for d in s.get("ruled_out", []):
            box = self.box_px(r, f"digit:{d}")
            pygame.draw.line(surf, ALARM_RGB, box.topleft, box.bottomright, max(2, int(0.5 * unit)))
            pygame.draw.line(surf, ALARM_RGB, box.topright, box.bottomleft, max(2, int(0.5 * unit)))
        if s.get("first_digit") is not None:
            box = self.box_px(r, f"digit:{s['first_digit']}")
            pygame.draw.rect(surf, GO_RGB, box, max(2, int(0.6 * unit)))
            self.text(surf, "1.", pygame.Rect(box.x, box.y, box.w // 3, box.h // 3), GO_RGB, max_size=int(2 * unit), bold=True)
        # plans in the slots
        for i, pid in enumerate(s.get("plans", []), start=1):
            tid = f"plan_slot:{i}"
            if tid in self.layout.hotspots:
                self._button(surf, r, unit, tid, self.phrases.name(f"plan.{pid}.name", pid), (250, 240, 230), size=2.2, bold=True)
        # locks on their doors; in each room, along its lower half: markers from the left, then
        # figures and the guard (in preparation in the break room, where the round begins)
        for sp in spots:
            c = self.px(r, (sp.x, sp.y))
            rad = sp.radius * r.h
            if sp.kind == "marker":
                self.marker(surf, sp.what, c, rad, off=sp.flag)
            elif sp.kind == "guard":
                self.guard(surf, c, rad)
            else:
                self.figure(surf, c, rad, PLAYER_RGB.get(sp.what, INK), hidden=sp.flag)
        # player boards: character and abilities
        for colour, p in s.get("players", {}).items():
            tid = f"player:{colour}"
            if tid not in self.layout.hotspots:
                continue
            box = self.box_px(r, tid)
            ch = self.data.characters.get(p.get("character"))
            self.figure(surf, (box.x + int(2.5 * unit), box.y + int(2.2 * unit)), 1.6 * unit, PLAYER_RGB.get(colour, INK))
            inner = pygame.Rect(box.x + int(0.6 * unit), box.y + int(4 * unit), box.w - int(1.2 * unit), int(3 * unit))
            self.text(surf, ch.name if ch else str(p.get("character")), inner, INK, max_size=int(2.8 * unit), bold=True)
            abil = ", ".join(self.phrases.name(f"ability.{a}", a) + ("+" if lvl == "upgraded" else "")
                             for a, lvl in p.get("abilities", {}).items())
            sub = pygame.Rect(inner.x, inner.bottom, inner.w, box.bottom - inner.bottom - int(0.5 * unit))
            self.text(surf, abil, sub, INK, max_size=int(2.0 * unit), align="top")
            if p.get("busy"):
                pygame.draw.circle(surf, (255, 150, 0), (box.right - int(1.4 * unit), box.y + int(1.4 * unit)), int(0.8 * unit))
        # the clock (top left) and the phase
        self._draw_clock(surf, r, unit, s, paused)
        if director:
            self._draw_director(surf, r, unit, s)
        if s.get("outcome"):
            self._draw_outcome(surf, r, unit, s["outcome"], outcome_text)

    def _draw_clock(self, surf, r, unit, s, paused) -> None:
        box = pygame.Rect(r.x + int(0.015 * r.w), r.y + int(0.006 * r.h), int(0.15 * r.w), int(0.06 * r.h))
        pygame.draw.rect(surf, (30, 30, 36), box, border_radius=int(unit))
        left = float(s.get("time_left", 0))
        colour = (255, 90, 80) if left <= 60 else (120, 255, 140)
        self.text(surf, fmt_clock(left), box.inflate(-int(unit), -int(unit)), colour, max_size=int(5.5 * unit), bold=True)
        phase = s.get("phase")
        ph = self.phrases
        if phase == "preparation":  # what may be done now: learn, forge, explore
            label = f"{ph.name('action.learn', 'learn')} · {ph.name('action.explore', 'explore')}"
        elif phase == "execution":
            label = ph.name("hotspot.go", "Go!")
        else:
            label = ""
        if paused:
            label = "II  " + label
        tb = pygame.Rect(box.x, box.bottom + int(0.2 * unit), box.w, int(2.4 * unit))
        self.text(surf, label, tb, INK, max_size=int(2.2 * unit), bold=True)

    def _draw_director(self, surf, r, unit, s) -> None:
        d = s.get("director") or {}
        nxt = d.get("guard_next") or []
        prev = self.box_px(r, f"room:{s['guard']}").center if s.get("guard") in self.rooms else None
        for i, room in enumerate(nxt, start=1):
            if room not in self.rooms:
                continue
            c = self.box_px(r, f"room:{room}")
            p = (c.right - int(2 * unit), c.bottom - int(2 * unit))
            if prev:
                _dashed(surf, DIRECTOR_RGB, [prev, p], max(1, int(0.3 * unit)), dash=int(unit) + 2)
            pygame.draw.circle(surf, DIRECTOR_RGB, p, int(1.5 * unit))
            img = self.fonts.get(int(2.2 * unit), True).render(str(i), True, (255, 255, 255))
            surf.blit(img, img.get_rect(center=p))
            prev = p
        for colour, run in (d.get("running") or {}).items():
            tid = f"player:{colour}"
            if tid not in self.layout.hotspots:
                continue
            box = self.box_px(r, tid)
            act = self.phrases.name(f"action.{run.get('action')}", str(run.get("action")))
            target = run.get("target") or ""
            line = f"{act} » {_short_target(self.phrases, target)} · {fmt_clock(float(run.get('left', 0)))}"
            tb = pygame.Rect(box.x, box.bottom - int(3 * unit), box.w, int(3 * unit))
            pygame.draw.rect(surf, (255, 255, 255), tb)
            pygame.draw.rect(surf, DIRECTOR_RGB, tb, max(1, int(0.3 * unit)))
            self.text(surf, line, tb.inflate(-4, -2), DIRECTOR_RGB, max_size=int(2 * unit), bold=True)

    def _draw_outcome(self, surf, r, unit, outcome, text: str | None = None) -> None:
        """The end banner: ``text`` is what the pen said (the app knows it); without it, the
        first sentence of the phrase (the state does not name the player)."""
        result = outcome[0] if outcome else ""
        reason = outcome[1] if len(outcome) > 1 else ""
        if not text:
            template = self.phrases.templates.get(f"game_over.{result}.{reason}", f"{result} {reason}")
            m = re.match(r"[^.!{]*[.!]", template)
            text = (m.group(0) if m else template.split("{")[0]).strip()
        banner = pygame.Rect(r.x + int(0.2 * r.w), r.y + int(0.33 * r.h), int(0.5 * r.w), int(0.14 * r.h))
        bg = (30, 120, 60) if result == "won" else (150, 20, 30)
        pygame.draw.rect(surf, bg, banner, border_radius=int(2 * unit))
        pygame.draw.rect(surf, (255, 255, 255), banner, max(2, int(0.5 * unit)), border_radius=int(2 * unit))
        self.text(surf, text, banner.inflate(-int(3 * unit), -int(2 * unit)), (255, 255, 255), max_size=int(5 * unit), bold=True)


# ----------------------------------------------------------------------------- helpers
def _short_target(phrases: Phrases, target: str) -> str:
    out = []
    for part in str(target).split():
        kind, _, val = part.partition(":")
        if kind == "room":
            out.append(board_name(phrases, f"room.{val}", val))
        elif kind == "skill":
            out.append(phrases.name(f"ability.{val}", val))
        elif kind == "plan":
            out.append(phrases.name(f"plan.{val}.name", val))
        elif kind == "explore":
            out.append(phrases.name(f"field.{val}", val))
        elif kind in ("lock", "console", "alarm", "digit"):
            out.append(val if kind == "digit" else f"{kind[0].upper()}{val}")
        else:
            out.append(part)
    if len(out) > 1 and all(p.startswith("digit:") for p in str(target).split()):
        return ", ".join(out)  # a combination: "2, 6, 1"
    return " ".join(out)


def _tint(rgb, amount: float) -> tuple[int, int, int]:
    """Mix ``rgb`` with white (amount 0: unchanged, 1: white)."""
    return tuple(int(c + (255 - c) * amount) for c in rgb)  # type: ignore[return-value]


def _dashed(surf, colour, pts, width: int, dash: int = 8) -> None:
    """A dashed polyline; the dash pattern runs on across corners."""
    on = True
    left = dash
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                a = (x0 + (x1 - x0) * pos / seg, y0 + (y1 - y0) * pos / seg)
                b = (x0 + (x1 - x0) * (pos + step) / seg, y0 + (y1 - y0) * (pos + step) / seg)
                pygame.draw.line(surf, colour, a, b, width)
            pos += step
            left -= step
            if left <= 0:
                on = not on
                left = dash


_shared_edge = shared_edge  # one definition, in the layout (the hit test needs it too)


def render_board_surface(width_px: int, *, data: GameData | None = None, layout: Layout | None = None,
                         lang: str = "de", state: dict | None = None, director: bool = False) -> pygame.Surface:
    """The board as a pygame Surface ``width_px`` wide (height from the layout's aspect)."""
    from tiptoi_sim.millionen_coup.data import load_game_data
    from tiptoi_sim.millionen_coup.layout import load_layout

    data = data or load_game_data()
    layout = layout or load_layout(data=data)
    h = int(round(width_px / layout.aspect))
    surf = pygame.Surface((int(width_px), h))
    painter = BoardPainter(data, layout, lang)
    painter.draw(surf, surf.get_rect(), state, director=director)
    return surf


def marker_side_px(board_w: int, board_h: int) -> int:
    """The side of each registration marker: a tenth of the board's shorter side (at least 40 px)."""
    return max(40, int(round(min(board_w, board_h) * 0.1)))


def render_board_array(width_px: int, *, markers: bool = False, data: GameData | None = None,
                       layout: Layout | None = None, lang: str = "de", state: dict | None = None):
    """The board as a numpy uint8 array H×W×3 (RGB), ``width_px`` = the board's width; works
    without a display.

    With ``markers``: a white margin around the board holds ArUco DICT_4X4_50 markers 0, 1, 2, 3
    outside the top-left, top-right, bottom-right and bottom-left corners; each marker's (black)
    square touches its board corner with its nearest corner, so the markers' inner corners are
    the board's corners. The margin is the marker side plus a quiet zone of a quarter of it.
    """
    import numpy as np

    if width_px < 50:
        raise ValueError("width_px: at least 50 pixels")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    surf = render_board_surface(width_px, data=data, layout=layout, lang=lang, state=state)
    board = np.ascontiguousarray(pygame.surfarray.array3d(surf).transpose(1, 0, 2), dtype=np.uint8)
    if not markers:
        return board
    import cv2

    bh, bw = board.shape[:2]
    m = marker_side_px(bw, bh)
    quiet = max(8, m // 4)
    margin = m + quiet
    out = np.full((bh + 2 * margin, bw + 2 * margin, 3), 255, np.uint8)
    out[margin:margin + bh, margin:margin + bw] = board
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    x0, y0, x1, y1 = margin, margin, margin + bw, margin + bh  # board corners (x1, y1 exclusive)
    spots = {0: (x0 - m, y0 - m), 1: (x1, y0 - m), 2: (x1, y1), 3: (x0 - m, y1)}
    for mid, (mx, my) in spots.items():
        img = cv2.aruco.generateImageMarker(dictionary, mid, m, borderBits=1)
        out[my:my + m, mx:mx + m] = img[:, :, None]
    return out
