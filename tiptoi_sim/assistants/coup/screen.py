"""Coup's state panel for the shared table screen: one row per player (coins, hidden cards as
card backs, face-up cards in their character's colour, out players dimmed and struck through),
then the treasury, the Court and what the table is waiting for. Imports pygame lazily: the
engine itself never touches it."""

from __future__ import annotations

from typing import Any

FG = (235, 235, 225)
DIM = (110, 118, 130)
ACCENT = (250, 200, 60)
BACK = (70, 80, 120)
COIN = (230, 190, 60)


def draw_state(game, surface, rect, state: dict[str, Any], fonts) -> None:
    import pygame as pg

    from tiptoi_sim.assistants.screen import wrap

    big, normal, small = fonts["big"], fonts["normal"], fonts["small"]
    x0, y = rect.left, rect.top
    lh = normal.get_height()
    players = state["players"]
    # the prompt first: it is what the table must do now
    for line in wrap(normal, state["prompt"], rect.width)[:3]:
        surface.blit(normal.render(line, True, ACCENT), (x0, y))
        y += lh
    y += lh // 3
    rows_h = rect.bottom - y - small.get_height() * 2
    row_h = max(lh + 6, min(lh * 13 // 5, rows_h // max(1, len(players))))
    card_h = row_h - 8
    card_w = card_h * 18 // 25
    name_w = max((big.size(p["name"])[0] for p in players), default=0) + 20
    name_font = big if row_h >= big.get_height() + 4 and x0 + name_w < rect.left + rect.width * 0.45 else normal
    name_w = max((name_font.size(p["name"])[0] for p in players), default=0) + 20
    current = state.get("current")
    may_act = set(state.get("may_act") or [])
    for p in players:
        out = p["out"]
        colour = DIM if out else (ACCENT if p["name"] == current else FG)
        name_img = name_font.render(p["name"], True, colour)
        ny = y + (row_h - name_img.get_height()) // 2
        if p["name"] in may_act and state["window"] not in ("setup", "deal", "over"):
            pg.draw.circle(surface, ACCENT, (x0 + 6, y + row_h // 2), 6)
        surface.blit(name_img, (x0 + 18, ny))
        if out:
            pg.draw.line(surface, DIM, (x0 + 18, y + row_h // 2), (x0 + 18 + name_img.get_width(), y + row_h // 2), 3)
        # coins
        cx = x0 + 18 + name_w
        pg.draw.circle(surface, COIN if not out else DIM, (cx + card_h // 3, y + row_h // 2), card_h // 3)
        coins = normal.render(str(p["coins"]), True, colour)
        surface.blit(coins, (cx + card_h * 2 // 3 + 6, y + (row_h - coins.get_height()) // 2))
        # cards: hidden backs, then face-up cards named
        kx = cx + card_h * 2 // 3 + 16 + normal.size("00")[0]
        for _ in range(p["influence"]):
            r = pg.Rect(kx, y + 4, card_w, card_h)
            pg.draw.rect(surface, BACK, r, border_radius=6)
            pg.draw.rect(surface, FG, r, 2, border_radius=6)
            q = normal.render("?", True, FG)
            surface.blit(q, q.get_rect(center=r.center))
            kx += card_w + 8
        for cid in p["revealed"]:
            label = state["names"].get(cid, cid)
            w = max(card_w, small.size(label)[0] + 12)
            r = pg.Rect(kx, y + 4, w, card_h)
            pg.draw.rect(surface, game.a.characters[cid].colour, r, border_radius=6)
            img = small.render(label, True, FG)
            surface.blit(img, img.get_rect(center=r.center))
            kx += w + 8
            if kx > rect.right:
                break
        y += row_h
    # the bank and the Court
    info = game.t("screen.info", treasury=game.money(state["treasury"]), court=game.cards(state["court"]),
                  turn=state["turn"])
    surface.blit(small.render(info, True, DIM), (x0, rect.bottom - small.get_height() * 2))
    act = state.get("action")
    if act:
        line = game.t("screen.action", actor=act["actor"], action=game.aname(act["kind"]),
                      target=act["target"] or "–")
        surface.blit(small.render(line, True, DIM), (x0, rect.bottom - small.get_height()))
