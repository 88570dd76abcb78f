"""The Gold Connection state panel for the table screen: the vault drawn from board.yaml (safes,
ways, walls, bars, robber stones, arrows), the transport cases, and the pending roll with its
exact odds. Only reads the public state; imported lazily so the engine never loads pygame."""

from __future__ import annotations

import pygame

PALETTE = {"red": (220, 60, 60), "blue": (70, 120, 230), "yellow": (235, 200, 40), "green": (60, 170, 80)}
FG = (235, 235, 225)
DIM = (150, 160, 175)
ACCENT = (250, 200, 60)
SAFE_BG = (55, 62, 80)
JUNCTION_BG = (75, 70, 55)
WALL = (200, 200, 210)
WAY = (110, 120, 140)


def _colour(c: str):
    return PALETTE.get(c, (200, 200, 200))


def draw_state(game, surface, rect, state, fonts) -> None:
    board = game.board
    small, normal = fonts["small"], fonts["normal"]
    cols = max(s.at[0] for s in board.safes.values()) + 1
    rows = max(s.at[1] for s in board.safes.values()) + 1
    board_h = int(rect.height * 0.52)
    cw, ch = rect.width / cols, board_h / rows
    centre = {sid: (rect.left + (s.at[0] + 0.5) * cw, rect.top + (s.at[1] + 0.5) * ch)
              for sid, s in board.safes.items()}
    box_w, box_h = cw * 0.86, ch * 0.84
    for a, nbs in board.neighbours.items():
        for b in nbs:
            if a < b:
                pygame.draw.line(surface, WAY, centre[a], centre[b], max(2, int(cw // 30)))
    players = state["players"]
    turn = state.get("turn") or {}
    path = set(turn.get("path") or [])
    bar_w = max(8, int(box_w / 6.6))
    for sid, s in board.safes.items():
        cx, cy = centre[sid]
        r = pygame.Rect(0, 0, box_w, box_h)
        r.center = (int(cx), int(cy))
        pygame.draw.rect(surface, JUNCTION_BG if s.junction else SAFE_BG, r, border_radius=8)
        edge = ACCENT if sid in path else (90, 100, 120)
        pygame.draw.rect(surface, edge, r, 3 if sid in path else 1, border_radius=8)
        label = small.render(sid, True, ACCENT if s.junction else FG)
        surface.blit(label, (r.left + 5, r.top + 3))
        # the bars in this safe: coloured tiles with their value
        content = state["safes"][sid]
        w = min(bar_w, int((box_w - 8) / max(1, len(content))) - 2)  # more than six bars: narrower tiles
        for i, name in enumerate(content):
            colour, value = name.rstrip("0123456789"), name[len(name.rstrip("0123456789")):]
            tile = pygame.Rect(r.left + 4 + i * (w + 2), r.bottom - bar_w - 6, w, bar_w)
            pygame.draw.rect(surface, _colour(colour), tile, border_radius=3)
            t = small.render(value, True, (20, 20, 20))
            surface.blit(t, t.get_rect(center=tile.center))
    # robber stones (discs) and arrows (triangles towards the way on)
    for p in players:
        col = _colour(p["colour"])
        if p["robber"]:
            cx, cy = centre[p["robber"]]
            pygame.draw.circle(surface, col, (int(cx + box_w * 0.3), int(cy - box_h * 0.2)), int(box_h * 0.16))
            pygame.draw.circle(surface, FG, (int(cx + box_w * 0.3), int(cy - box_h * 0.2)), int(box_h * 0.16), 2)
        if p["arrow"]:
            ax, ay = centre[p["arrow"]]
            ax, ay = ax - box_w * 0.05, ay - box_h * 0.2
            if p["heading"]:
                hx, hy = centre[p["heading"]]
                dx, dy = hx - centre[p["arrow"]][0], hy - centre[p["arrow"]][1]
            else:
                dx, dy = 0.0, -1.0
            n = max(1e-6, (dx * dx + dy * dy) ** 0.5)
            dx, dy = dx / n, dy / n
            L = box_h * 0.22
            tip = (ax + dx * L, ay + dy * L)
            left = (ax - dx * L * 0.6 - dy * L * 0.5, ay - dy * L * 0.6 + dx * L * 0.5)
            right = (ax - dx * L * 0.6 + dy * L * 0.5, ay - dy * L * 0.6 - dx * L * 0.5)
            pygame.draw.polygon(surface, col, [tip, left, right])
            pygame.draw.polygon(surface, FG, [tip, left, right], 1)
    for a, b in board.walls:
        (ax, ay), (bx, by) = centre[a], centre[b]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if ax == bx:
            pygame.draw.line(surface, WALL, (mx - box_w / 2, my), (mx + box_w / 2, my), 3)
        else:
            pygame.draw.line(surface, WALL, (mx, my - box_h / 2), (mx, my + box_h / 2), 3)
    # below the vault: the turn, the pending roll and its odds, then the cases
    y = rect.top + board_h + 6
    counter = state["counter"]
    head = f"{counter['turn']}/{counter['of']}  ·  {game._t('screen.phase.' + state['phase'])}"
    if state.get("player"):
        head += f"  ·  {state['player']}"
    surface.blit(normal.render(head, True, ACCENT), (rect.left, y))
    y += normal.get_height()
    if turn:
        line = game._t("screen.turn", distance=turn["distance"], deposit=", ".join(turn["deposit"]) or "–")
        surface.blit(small.render(line, True, FG), (rect.left, y))
        y += small.get_height()
    odds = state.get("odds")
    if odds:
        line = game._t("screen.odds", target=odds["target"], dice=odds["dice"]["outcomes"],
                       percent=odds["dice"]["percent"], chips=odds["chips"],
                       with_chips=odds["with_chips"]["outcomes"], percent_chips=odds["with_chips"]["percent"])
        surface.blit(normal.render(line, True, ACCENT), (rect.left, y))
        y += normal.get_height()
    elif state.get("last_roll"):
        lr = state["last_roll"]
        line = game._t("screen.last_roll", player=lr["player"], dice=" + ".join(map(str, lr["dice"])),
                       sum=lr["sum"] + lr.get("chips", 0), target=lr["target"])
        surface.blit(small.render(line, True, DIM), (rect.left, y))
        y += small.get_height()
    line_h = int(small.get_height() * 1.9)  # three case rows beside the name, readable across a table
    for p in players:
        if y > rect.bottom - line_h:
            break
        col = _colour(p["colour"])
        d = small.get_height() - 6
        pygame.draw.circle(surface, col, (rect.left + d // 2, y + d // 2 + 3), d // 2)
        text = game._t("screen.player", player=p["name"], points=p["score"]["total"], chips=p["chips"], n_bars=p["bars"])
        img = small.render(text, True, FG)
        surface.blit(img, (rect.left + d + 6, y))
        # the case: per colour a block of its rows stacked (4, 5, 6), filled bars in colour
        by_colour: dict[str, list[tuple[int, int]]] = {}
        for key, h in p["case"].items():
            c, size = key.split("/")
            by_colour.setdefault(c, []).append((int(size), h))
        x0 = max(rect.left + int(rect.width * 0.45), rect.left + d + 16 + img.get_width())
        block_w = (rect.right - x0) // max(1, len(by_colour))
        tw = max(4, block_w // 7 - 1)
        th = max(3, (line_h - 2) // max(1, max(len(v) for v in by_colour.values())) - 1)
        for ci, (c, rows) in enumerate(by_colour.items()):
            for ri, (size, h) in enumerate(rows):
                for v in range(size):
                    r = pygame.Rect(x0 + ci * block_w + v * (tw + 1), y + ri * (th + 1), tw, th)
                    pygame.draw.rect(surface, _colour(c) if v < h else (60, 64, 76), r)
        y += line_h + 2
