"""The hotspot editor: a pygame window showing a photo of the user's board with the polygon of
every tap id over it. The user picks an id (Tab / Shift+Tab, or a click inside a polygon), drags
its vertices (or, with Shift held, the whole polygon), and saves with S (Esc or closing the
window quits; unsaved changes are saved on quit only when asked with S first).

The photo is first cut to the board: by its markers when it shows them, else by the four corners
the user clicks (top-left, top-right, bottom-right, bottom-left). Board coordinates are 0-1 over
the cut-out, the same as the webcam's.
"""

from __future__ import annotations

import numpy as np

GRAB_PX = 9


class HotspotEditor:
    """Editing state without drawing, so it can be driven by events in tests."""

    def __init__(self, hotspots: dict, size: tuple[int, int]):
        self.hotspots = {k: [tuple(p) for p in v] for k, v in hotspots.items()}
        self.ids = sorted(self.hotspots)
        self.size = size  # board picture in pixels (w, h)
        self.selected = self.ids[0] if self.ids else None
        self.changed: set[str] = set()
        self._drag: tuple[str, int | None, tuple[float, float]] | None = None

    def to_px(self, p):
        return p[0] * self.size[0], p[1] * self.size[1]

    def to_board(self, px):
        return min(1.0, max(0.0, px[0] / self.size[0])), min(1.0, max(0.0, px[1] / self.size[1]))

    def select_next(self, step: int = 1) -> None:
        i = self.ids.index(self.selected)
        self.selected = self.ids[(i + step) % len(self.ids)]

    def press(self, pos, whole: bool = False) -> None:
        """Mouse down at ``pos`` (pixels): grab a vertex of the selected polygon, or the polygon,
        or select the (smallest) polygon under the mouse."""
        poly = self.hotspots[self.selected]
        d = [np.hypot(*np.subtract(self.to_px(p), pos)) for p in poly]
        if d and min(d) <= GRAB_PX and not whole:
            self._drag = (self.selected, int(np.argmin(d)), pos)
            return
        hit = self._hit(pos)
        if hit is not None:
            self.selected = hit
            self._drag = (hit, None, pos) if whole else None

    def move(self, pos) -> None:
        if self._drag is None:
            return
        tid, k, last = self._drag
        if k is not None:
            self.hotspots[tid][k] = self.to_board(pos)
        else:
            dx, dy = (pos[0] - last[0]) / self.size[0], (pos[1] - last[1]) / self.size[1]
            self.hotspots[tid] = [(min(1.0, max(0.0, x + dx)), min(1.0, max(0.0, y + dy))) for x, y in self.hotspots[tid]]
        self.changed.add(tid)
        self._drag = (tid, k, pos)

    def release(self) -> None:
        self._drag = None

    def _hit(self, pos):
        from tiptoi_sim.millionen_coup.layout import point_in_polygon, polygon_area

        x, y = self.to_board(pos)
        hits = [t for t, p in self.hotspots.items() if point_in_polygon(x, y, p)]
        return min(hits, key=lambda t: polygon_area(self.hotspots[t])) if hits else None

    def overlay(self) -> dict:
        """All polygons (an overlay replaces the board's by id; saving all keeps it complete)."""
        return dict(self.hotspots)


def run_editor(board_rgb: np.ndarray, hotspots: dict, out_path, *, max_frames: int | None = None) -> bool:
    """Open the window; returns True when the overlay was saved to ``out_path``."""
    import pygame

    from tiptoi_sim.camera.hotspots import write_overlay

    h, w = board_rgb.shape[:2]
    pygame.init()
    try:
        screen = pygame.display.set_mode((w, h + 28))
        pygame.display.set_caption("tiptoi-sim hotspots: Tab = next id, drag = move a corner, "
                                   "Shift+drag = move the shape, S = save, Esc = quit")
        photo = pygame.surfarray.make_surface(np.ascontiguousarray(board_rgb.transpose(1, 0, 2)))
        font = pygame.font.Font(None, 22)
        ed = HotspotEditor(hotspots, (w, h))
        saved = False
        frames = 0
        running = True
        while running:
            for ev in pygame.event.get():
                shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                if ev.type == pygame.QUIT:
                    running = False
                elif ev.type == pygame.KEYDOWN:
                    if ev.key == pygame.K_ESCAPE:
                        running = False
                    elif ev.key == pygame.K_TAB:
                        ed.select_next(-1 if shift else 1)
                    elif ev.key == pygame.K_s:
                        write_overlay(out_path, ed.overlay())
                        saved = True
                elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                    ed.press(ev.pos, whole=shift)
                elif ev.type == pygame.MOUSEMOTION:
                    ed.move(ev.pos)
                elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
                    ed.release()
            screen.fill((20, 20, 20))
            screen.blit(photo, (0, 0))
            for tid, poly in ed.hotspots.items():
                pts = [ed.to_px(p) for p in poly]
                sel = tid == ed.selected
                pygame.draw.polygon(screen, (255, 220, 0) if sel else (0, 200, 255), pts, 2 if sel else 1)
                if sel:
                    for p in pts:
                        pygame.draw.circle(screen, (255, 80, 0), (int(p[0]), int(p[1])), 5)
            label = f"{ed.selected}   ({len(ed.changed)} changed{', saved' if saved else ''})"
            screen.blit(font.render(label, True, (240, 240, 240)), (8, h + 6))
            pygame.display.flip()
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
            pygame.time.wait(15)
        return saved
    finally:
        pygame.quit()


def pick_corners(photo_rgb: np.ndarray, *, max_width: int = 1200, max_frames: int | None = None):
    """Let the user click the board's four corners on a photo (top-left, top-right,
    bottom-right, bottom-left; Backspace takes the last one back, Esc gives up). Returns the
    corners in photo pixels, or None."""
    import pygame

    h, w = photo_rgb.shape[:2]
    s = min(1.0, max_width / w)
    vw, vh = int(w * s), int(h * s)
    names = ["top-left", "top-right", "bottom-right", "bottom-left"]
    pygame.init()
    try:
        screen = pygame.display.set_mode((vw, vh + 28))
        pygame.display.set_caption("tiptoi-sim: click the board's corners")
        surf = pygame.transform.smoothscale(
            pygame.surfarray.make_surface(np.ascontiguousarray(photo_rgb.transpose(1, 0, 2))), (vw, vh))
        font = pygame.font.Font(None, 22)
        pts: list[tuple[float, float]] = []
        frames = 0
        while len(pts) < 4:
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                    return None
                if ev.type == pygame.KEYDOWN and ev.key == pygame.K_BACKSPACE and pts:
                    pts.pop()
                elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                    pts.append((ev.pos[0] / s, ev.pos[1] / s))
            screen.fill((20, 20, 20))
            screen.blit(surf, (0, 0))
            for p in pts:
                pygame.draw.circle(screen, (255, 60, 0), (int(p[0] * s), int(p[1] * s)), 6, 2)
            if len(pts) < 4:
                screen.blit(font.render(f"click the board's {names[len(pts)]} corner", True, (240, 240, 240)), (8, vh + 6))
            pygame.display.flip()
            frames += 1
            if max_frames is not None and frames >= max_frames and len(pts) < 4:
                return None
            pygame.time.wait(15)
        return pts
    finally:
        pygame.quit()


def board_from_photo(photo_bgr: np.ndarray, width: int, aspect: float, corners=None) -> np.ndarray | None:
    """The board cut out of a photo and rectified to ``width`` pixels (BGR), using its markers or
    the given corners; None when neither is available."""
    import cv2

    from tiptoi_sim.camera.registration import detect_inner_corners, homography_from_corners, warp_board

    if corners is None:
        gray = cv2.cvtColor(photo_bgr, cv2.COLOR_BGR2GRAY)
        seen = detect_inner_corners(gray)
        if len(seen) < 4:
            return None
        corners = [seen[i] for i in (0, 1, 2, 3)]
    H = homography_from_corners(corners)
    return warp_board(photo_bgr, H, (width, int(round(width / aspect))))
