"""The state panel of the table screen: the loot card, the centre and the reserve, what the
program expects next, and one row per player (leader mark, cash, roles in the heist, revealed
and eliminated roles). Drawn from ``public_state()`` only; pygame is imported by the caller."""

from __future__ import annotations

from typing import Any

from tiptoi_sim.assistants.screen import ACCENT, BAD, DIM, FG, wrap

GOOD = (120, 210, 130)
ROW = (32, 42, 62)


def draw_state(game, surface, rect, state: dict[str, Any], fonts) -> None:
    import pygame

    t = game.t

    def money(n: int) -> str:
        return game.short(n)

    big, normal, small = fonts["big"], fonts["normal"], fonts["small"]
    x, y = rect.left, rect.top
    gap = max(4, normal.get_height() // 4)

    def line(text: str, font, colour=FG, indent: int = 0) -> None:
        nonlocal y
        for part in wrap(font, text, rect.width - indent):
            if y + font.get_height() > rect.bottom:
                return
            surface.blit(font.render(part, True, colour), (x + indent, y))
            y += font.get_height()

    loot = state.get("loot")
    if loot:
        line(f"{t('panel.round', n=state['round'], of=state['loot_cards'])}: {loot['name']} {money(loot['cash'])}",
             normal, ACCENT)
        extras = []
        if loot["bonuses"]:
            extras.append(t("panel.bonus", bonuses=", ".join(
                f"{game.role_name(r)} {money(a)}" for r, a in loot["bonuses"].items())))
        extras.append(t("panel.brain", amount=money(loot["brain"])))
        line(" · ".join(extras), small, DIM)
    else:
        line(t("panel.no_loot"), normal, DIM)
    line(f"{t('panel.centre', amount=money(state['centre']))}    {t('panel.reserve', amount=money(state['reserve']))}",
         big, FG)
    if state.get("total") is not None:
        ok = state.get("money_ok")
        line(t("panel.money_ok", amount=money(state["total"])) if ok else t("panel.money_bad"),
             small, GOOD if ok else BAD)
    y += gap
    if state.get("winner"):
        line(t("panel.winner", name=state["winner"]), big, ACCENT)
    elif state.get("calling"):
        line(t("panel.calling", role=game.role_name(state["calling"])), normal, ACCENT)
    if state.get("face_up") and state.get("phase") in ("planning", "negotiation", "heist"):
        line(t("panel.face_up", roles=", ".join(game.role_name(r) for r in state["face_up"])), small, DIM)
    if state.get("vote"):
        v = state["vote"]
        line(game.t("show.vote", leader=v["caller"], yes=", ".join(v["yes"]) or "–", no=", ".join(v["no"]) or "–"),
             small, ACCENT)
    if state.get("tech_target") and state.get("phase") == "heist":
        line(t("panel.tech_target", role=game.role_name(state["tech_target"])), small, BAD)
    line(state.get("expected", ""), small, FG)
    y += gap

    # one row per player
    row_h = normal.get_height() + gap
    cash_x = x + rect.width * 38 // 100
    roles_x = x + rect.width * 58 // 100
    in_round = state["phase"] not in ("setup", "ready") or state["round"] > 0
    for p in state["players"]:
        if y + row_h > rect.bottom:
            break
        r = pygame.Rect(x, y, rect.width, row_h - 2)
        pygame.draw.rect(surface, ROW, r, border_radius=6)
        if p["leader"]:
            cx, cy, rad = x + row_h // 2, y + row_h // 2 - 1, max(5, row_h // 3)
            pygame.draw.circle(surface, ACCENT, (cx, cy), rad)
        name_col = ACCENT if p["name"] == state.get("winner") else FG
        surface.blit(normal.render(p["name"], True, name_col), (x + row_h + gap, y + gap // 2))
        surface.blit(normal.render(money(p["cash"]), True, FG), (cash_x, y + gap // 2))
        if in_round:
            parts = [game.role_name(rid) for rid in p["revealed"]]
            hidden = p["roles_in"] - len(p["revealed"])
            status = ", ".join(parts) if parts else (t("panel.in_heist") if p["roles_in"] else t("panel.out"))
            if parts and hidden > 0:
                status += " + ?"
            if p["eliminated"]:
                status += f" ({t('panel.eliminated')})"
            colour = DIM if not p["roles_in"] else (BAD if p["eliminated"] else FG)
            img = small.render(status, True, colour)
            surface.blit(img, (roles_x, y + (row_h - img.get_height()) // 2))
        y += row_h
