"""The table screen's state panel for *Rette die Million!*: the board with its windows, the chips
on them, the question, and the scoreboard; the reveal is animated window by window with a pause
and a sound, as on television.

Front-end code: it imports pygame and reads the wall clock for the animation only. It draws from
the game's public state (never from the engine's secrets), and turns clicks on a window into
commands (left click: one chip onto it; right click: one chip back).
"""

from __future__ import annotations

import json
import time
from typing import Any

from tiptoi_sim.screen.text import wrap

BG_WINDOW = (30, 60, 120)
CLOSED = (55, 60, 75)
DROPPED = (25, 25, 30)
RIGHT = (40, 140, 70)
FG = (235, 235, 225)
DIM = (150, 160, 175)
GOLD = (250, 200, 60)
BAD = (240, 110, 100)
CHIP = (230, 180, 40)
CHIP_EDGE = (120, 80, 10)

#: seconds between two windows opening in the reveal
PAUSE = 1.4

_anim: dict[str, Any] = {"key": None, "start": 0.0, "played": 0}
_bank: list = []


def _sound(name: str) -> None:
    """Play one of the speech layer's sounds if a mixer is open; silently nothing otherwise."""
    try:
        import pygame

        if not pygame.mixer.get_init():
            return
        if not _bank:
            from tiptoi_sim.speech.sounds import SoundBank

            _bank.append(SoundBank())
        _bank[0].play(name)
    except Exception:  # noqa: BLE001 - a sound must never break the table screen
        pass


def layout(rect, n_windows: int) -> dict[str, Any]:
    """The panel's areas; shared by drawing and click handling so both agree."""
    import pygame

    pad = max(8, rect.width // 60)
    head_h = int(rect.height * 0.22)
    board_h = int(rect.height * 0.40)
    board = pygame.Rect(rect.left, rect.top + head_h, rect.width, board_h)
    w = (board.width - pad * (n_windows + 1)) // n_windows
    windows = [pygame.Rect(board.left + pad + i * (w + pad), board.top + pad, w, board.height - 2 * pad)
               for i in range(n_windows)]
    foot = pygame.Rect(rect.left, board.bottom, rect.width, rect.bottom - board.bottom)
    return {"pad": pad, "head": pygame.Rect(rect.left, rect.top, rect.width, head_h),
            "board": board, "windows": windows, "foot": foot}


def click_command(rect, state: dict[str, Any], pos, button: int = 1) -> str | None:
    """The command for a click at ``pos``: a chip onto (left) or off (right) a window."""
    run = state.get("run")
    if state.get("phase") != "stake" or not run:
        return None
    lay = layout(rect, len(run["windows"]))
    for r, w in zip(lay["windows"], run["windows"]):
        if r.collidepoint(pos) and w["open"]:
            if button == 3:
                return f"take {w['letter']}" if w["chips"] else None
            return f"put {w['letter']}" if run["unplaced"] else None
    return None


def _blit_lines(surface, font, lines, x, y, color, max_y) -> int:
    for line in lines:
        if y + font.get_height() > max_y:
            break
        surface.blit(font.render(line, True, color), (x, y))
        y += font.get_height()
    return y


def _chips(surface, x: int, y: int, count: int, size: int, max_w: int, *, down: bool = False) -> None:
    """A little picture of ``count`` chips in rows of up to ten, stacked up from ``y`` (or
    laid out downwards from it)."""
    import pygame

    per_row = max(1, min(10, max_w // (size + 2)))
    step = size + 2 if down else -(size // 2 + 2)
    for i in range(count):
        cx = x + (i % per_row) * (size + 2) + size // 2
        cy = y + (i // per_row) * step
        pygame.draw.circle(surface, CHIP_EDGE, (cx, cy), size // 2)
        pygame.draw.circle(surface, CHIP, (cx, cy), size // 2 - 2)


def _reveal_progress(state: dict[str, Any]) -> int:
    """How many windows of the current reveal have opened so far (animated by the clock)."""
    rev = state.get("reveal")
    if not rev:
        _anim["key"] = None
        return 0
    key = json.dumps([state.get("run", {}).get("team"), rev], sort_keys=True)
    now = time.monotonic()
    if key != _anim["key"]:
        _anim.update(key=key, start=now, played=0)
    opened = min(len(rev["steps"]), int((now - _anim["start"]) / PAUSE))
    while _anim["played"] < opened:
        step = rev["steps"][_anim["played"]]
        _sound("lose" if step["chips"] else "click")
        _anim["played"] += 1
        if _anim["played"] == len(rev["steps"]):
            _sound("done" if rev["kept_chips"] else "lose")
    return opened


def draw_state(surface, rect, state: dict[str, Any], fonts, ph) -> None:
    import pygame

    big, normal, small = fonts["big"], fonts["normal"], fonts["small"]
    run = state.get("run")
    if not run:
        _draw_setup(surface, rect, state, fonts, ph)
        return
    lay = layout(rect, len(run["windows"]))
    pad = lay["pad"]
    head = lay["head"]
    # the header: team, round, quizmaster, joker; then the category and the question
    line = ph.render("panel.team", team=run["team"]) + "  ·  " + ph.render(
        "panel.round", round=run["round"], rounds=run["rounds"])
    surface.blit(normal.render(line, True, GOLD), (head.left, head.top))
    joker = ph.render("panel.joker_used" if run["joker_used"] else "panel.joker")
    field = run.get("joker_card") or {}
    if field.get("category"):  # the card lying on the joker field
        joker = ph.render("panel.joker_field", category=field["category"])
    jimg = small.render(joker, True, DIM if run["joker_used"] else GOLD)
    surface.blit(jimg, (head.right - jimg.get_width(), head.top))
    y = head.top + normal.get_height()
    if run.get("quizmaster"):
        surface.blit(small.render(ph.render("panel.quizmaster", name=run["quizmaster"]), True, DIM),
                     (head.left, y))
        y += small.get_height()
    text = run.get("question") or " / ".join(run.get("categories") or [])
    if run.get("category") and run.get("question"):
        text = f"{run['category']}: {run['question']}"
    _blit_lines(surface, normal, wrap(normal, text, head.width), head.left, y, FG, head.bottom)

    # the board
    rev = state.get("reveal") if state.get("phase") in ("revealed", "setup") else None
    opened = _reveal_progress(state) if rev else 0
    dropped = {s["window"]: s for s in (rev["steps"][:opened] if rev else [])}
    pending = {s["window"]: s for s in (rev["steps"][opened:] if rev else [])}
    all_open = rev is not None and opened >= len(rev["steps"])
    for r, w in zip(lay["windows"], run["windows"]):
        letter = w["letter"]
        if not w["open"]:
            color = CLOSED
        elif letter in dropped:
            color = DROPPED
        elif rev and all_open and letter == rev["right"]:
            color = RIGHT
        else:
            color = BG_WINDOW
        pygame.draw.rect(surface, color, r, border_radius=10)
        pygame.draw.rect(surface, GOLD if w["open"] else DIM, r, 3, border_radius=10)
        limg = big.render(letter, True, FG if w["open"] else DIM)
        surface.blit(limg, (r.centerx - limg.get_width() // 2, r.top + pad // 2))
        if not w["open"]:
            pygame.draw.line(surface, FG, (r.left + pad, r.top + pad), (r.right - pad, r.bottom - pad), 5)
            pygame.draw.line(surface, FG, (r.right - pad, r.top + pad), (r.left + pad, r.bottom - pad), 5)
            continue
        ty = r.top + pad // 2 + limg.get_height()
        if w.get("answer"):
            ty = _blit_lines(surface, small, wrap(small, w["answer"], r.width - pad), r.left + pad // 2,
                             ty, FG, r.bottom - 3 * small.get_height())
        if rev:
            chips = (dropped.get(letter) or pending.get(letter) or {}).get("chips", 0)
            if letter == rev["right"]:
                chips = rev["kept_chips"]
            if letter in dropped:
                chips = 0
        else:
            chips = w["chips"]
        if chips:
            _chips(surface, r.left + pad // 2, r.bottom - 2 * small.get_height() - pad, chips,
                   max(8, r.width // 12), r.width - pad)
        money = _money(ph, chips * state["chip_value"])
        if letter in dropped and dropped[letter]["chips"]:
            money = "− " + _money(ph, dropped[letter]["money"])
        mimg = small.render(money, True, BAD if (letter in dropped and chips_lost(dropped, letter)) else FG)
        surface.blit(mimg, (r.centerx - mimg.get_width() // 2, r.bottom - small.get_height() - pad // 2))

    # the foot: chips still to place, the stake's validity, the scoreboard
    foot = lay["foot"]
    y = foot.top + pad // 2
    if state.get("phase") == "stake":
        from tiptoi_sim.assistants.rette_die_million.game import chips_text

        left = ph.render("panel.left", chips=chips_text(ph, run["unplaced"]),
                         money=_money(ph, run["unplaced_money"]))
        surface.blit(normal.render(left, True, GOLD if run["unplaced"] else FG), (foot.left, y))
        y += normal.get_height()
        if run["unplaced"]:
            _chips(surface, foot.left + pad, y + 10, run["unplaced"], 14, foot.width // 2, down=True)
        if run.get("stake_ok"):
            ok = small.render(ph.render("panel.stake_ok"), True, RIGHT)
            surface.blit(ok, (foot.right - ok.get_width(), foot.top + pad // 2))
        hint = small.render(ph.render("panel.click_hint"), True, DIM)
        surface.blit(hint, (foot.right - hint.get_width(), foot.top + pad // 2 + small.get_height()))
        y += ((run["unplaced"] + 9) // 10) * 16 + 4
    else:
        surface.blit(normal.render(ph.render("panel.total", money=_money(ph, run["money"])), True, FG),
                     (foot.left, y))
        y += normal.get_height()
    _draw_scores(surface, foot.left, y + pad // 2, foot.bottom, state, fonts, ph)


def _money(ph, euros: int) -> str:
    """On the screen money stays in digits ("1.000.000 €"): a board is read, not heard."""
    from tiptoi_sim.core.wording import say_number

    return ph.render("number.money", amount=say_number(euros, ph.lang))


def _draw_scores(surface, x: int, y: int, bottom: int, state, fonts, ph) -> int:
    small = fonts["small"]
    rows = state.get("scoreboard") or []
    if not rows:
        return y
    surface.blit(fonts["normal"].render(ph.render("panel.scoreboard"), True, GOLD), (x, y))
    y += fonts["normal"].get_height()
    for row in rows:
        key = "scores.row_won" if row["finished"] else "scores.row_out"
        text = ph.render(key, place=row["place"], team=row["team"], round=row["round_reached"],
                         money=_money(ph, row["money"]), saved=_money(ph, row["money_saved"]))
        y = _blit_lines(surface, small, [text], x, y, FG, bottom)
    return y


def _draw_setup(surface, rect, state, fonts, ph) -> None:
    normal, small = fonts["normal"], fonts["small"]
    y = rect.top
    y = _blit_lines(surface, normal, wrap(normal, state.get("expected", ""), rect.width), rect.left, y,
                    GOLD, rect.bottom)
    y += 10
    for t in state.get("teams", []):
        mark = {"done": "✓", "playing": "▶", "waiting": "·"}[t["status"]]
        y = _blit_lines(surface, small, [f"{mark} {ph.render('panel.team', team=t['team'])}: "
                                         f"{', '.join(t['members'])}"], rect.left, y, FG, rect.bottom)
    if state.get("cards_left"):
        cards = ", ".join(f"{k}: {v}" for k, v in state["cards_left"].items())
        y = _blit_lines(surface, small, [ph.render("panel.cards_left", cards=cards)], rect.left, y + 6, DIM,
                        rect.bottom)
    _draw_scores(surface, rect.left, y + 10, rect.bottom, state, fonts, ph)


def chips_lost(dropped: dict[str, Any], letter: str) -> int:
    return dropped[letter]["chips"] if letter in dropped else 0
