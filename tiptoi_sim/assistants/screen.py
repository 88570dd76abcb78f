"""The pygame table screen shared by all table assistants: large type readable across a table,
the public state on the left, the running log of what was said on the right, clickable
buttons for the commands that make sense now, and a command line (Tab completes, Enter runs,
Ctrl+Z undoes, F11 toggles full screen, Esc quits). A running time limit is counted down on
screen and spoken over its last ten seconds; when it runs out the game's timer command is sent.

A game may draw its own state panel by defining ``draw_state(surface, rect, state, fonts)`` on
its class; otherwise the state dict is shown as an indented outline. A game may also define
``click_state(rect, state, pos, button) -> str | None``: a click on the state panel that is not
on a button runs the command line it returns (e.g. a chip onto a window).

The countdown restarts when ``timer_seconds()`` starts returning a value, or when the game's
optional ``timer_key()`` changes (a new question); other commands (and refusals) leave a running
countdown alone, so a game can take commands while its time runs.
"""

from __future__ import annotations

import os
import time
from typing import Any

from tiptoi_sim.assistants.base import outline
from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.screen.text import wrap  # noqa: F401  (used by the games' panels)

BG = (18, 24, 38)
FG = (235, 235, 225)
DIM = (150, 160, 175)
ACCENT = (250, 200, 60)
BAD = (240, 110, 100)
BUTTON = (45, 70, 110)


def display_available() -> bool:
    """True when pygame can open a window here (a display, or SDL's dummy/offscreen driver)."""
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


class TableScreen:
    def __init__(self, session: AssistantSession, speaker, *, fullscreen: bool = False,
                 size: tuple[int, int] = (1280, 800)):
        import pygame

        self.pg = pygame
        self.session = session
        self.speaker = speaker
        pygame.display.init()
        pygame.font.init()
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
        self.screen = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        pygame.display.set_caption(f"tiptoi-sim — {session.game.title}")
        self.text = ""
        self.buttons: list[tuple[Any, str]] = []
        self.timer_end: float | None = None
        self.timer_key = None
        self.state_rect = None
        self.last_spoken_second: int | None = None
        self.running = True
        self.status = ""
        self._fonts_for = None

    # -- fonts scale with the window -------------------------------------------
    def fonts(self):
        h = self.screen.get_height()
        if self._fonts_for != h:
            base = max(16, h // 32)
            f = self.pg.font.Font(None, int(base * 1.35))
            self._fonts = {"big": self.pg.font.Font(None, int(base * 2.2)), "normal": f,
                           "small": self.pg.font.Font(None, int(base * 1.1))}
            self._fonts_for = h
        return self._fonts

    # -- commands -------------------------------------------------------------
    def run_command(self, line: str) -> None:
        if line.strip() in ("quit", "exit"):
            self.running = False
            return
        res = self.session.execute(line)
        if res is None:
            return
        self.status = "" if res.accepted else (res.reason or "")
        if res.shown and res.line.split()[0].lower() == "help":
            self.session.log.extend(res.shown)  # the command list, in the running log
        for i, text in enumerate(res.said):
            self.speaker.say(text, interrupt=(i == 0))
        if res.accepted:
            game = self.session.game
            secs = game.timer_seconds()
            key = game.timer_key() if callable(getattr(game, "timer_key", None)) else None
            if not secs:
                self.timer_end = None
            elif self.timer_end is None or key is None or key != self.timer_key:
                self.timer_end = time.monotonic() + secs
                self.last_spoken_second = None
            self.timer_key = key

    def tick_timer(self) -> None:
        if self.timer_end is None:
            return
        left = self.timer_end - time.monotonic()
        if left <= 0:
            self.timer_end = None
            self.run_command(self.session.game.timer_command)
            return
        sec = int(left) + 1
        if sec <= 10 and sec != self.last_spoken_second:
            self.last_spoken_second = sec
            self.speaker.say(str(sec), interrupt=True)

    def complete(self) -> None:
        opts = [o for o in self.session.game.suggestions() if o.startswith(self.text)]
        if len(opts) == 1:
            self.text = opts[0] + " "
        elif opts:
            prefix = os.path.commonprefix(opts)
            if len(prefix) > len(self.text):
                self.text = prefix

    # -- drawing --------------------------------------------------------------
    def draw(self) -> None:
        pg, scr = self.pg, self.screen
        f = self.fonts()
        W, H = scr.get_size()
        scr.fill(BG)
        pad = max(10, W // 80)
        title = f["big"].render(self.session.game.title, True, ACCENT)
        scr.blit(title, (pad, pad))
        if self.timer_end is not None:
            left = max(0, int(self.timer_end - time.monotonic() + 0.999))
            t = f["big"].render(f"{left} s", True, BAD if left <= 10 else ACCENT)
            scr.blit(t, (W - pad - t.get_width(), pad))
        top = pad * 2 + title.get_height()
        bottom_h = f["normal"].get_height() * 4 + pad * 3
        state_rect = pg.Rect(pad, top, int(W * 0.55) - pad, H - top - bottom_h)
        log_rect = pg.Rect(state_rect.right + pad, top, W - state_rect.right - 2 * pad, state_rect.height)
        state = self.session.game.public_state()
        self.state_rect = state_rect
        custom = getattr(self.session.game, "draw_state", None)
        if callable(custom):
            custom(scr, state_rect, state, f)
        else:
            y = state_rect.top
            for indent, line in outline(state):
                if y > state_rect.bottom - f["small"].get_height():
                    break
                img = f["small"].render(line, True, FG if indent == 0 else DIM)
                scr.blit(img, (state_rect.left + indent * pad * 2, y))
                y += f["small"].get_height()
        pg.draw.rect(scr, (40, 50, 70), log_rect, 2)
        lines: list[str] = []
        for said in self.session.log[-30:]:
            lines.extend(wrap(f["small"], said, log_rect.width - 2 * pad))
        fit = max(1, (log_rect.height - pad) // f["small"].get_height())
        y = log_rect.top + pad // 2
        for line in lines[-fit:]:
            scr.blit(f["small"].render(line, True, FG), (log_rect.left + pad, y))
            y += f["small"].get_height()
        # buttons: what makes sense now
        self.buttons = []
        x, y = pad, H - bottom_h + pad
        for sugg in self.session.game.suggestions()[:12]:
            img = f["small"].render(sugg, True, FG)
            r = pg.Rect(x, y, img.get_width() + pad, img.get_height() + pad // 2)
            if r.right > W - pad:
                x, y = pad, y + r.height + pad // 2
                r.topleft = (x, y)
            pg.draw.rect(scr, BUTTON, r, border_radius=6)
            scr.blit(img, (r.left + pad // 2, r.top + pad // 4))
            self.buttons.append((r, sugg))
            x = r.right + pad // 2
        # command line and status
        prompt = f["normal"].render("> " + self.text + "_", True, ACCENT)
        scr.blit(prompt, (pad, H - pad - prompt.get_height()))
        if self.status:
            st = f["small"].render(self.status, True, BAD)
            scr.blit(st, (W - pad - st.get_width(), H - pad - st.get_height()))
        pg.display.flip()

    # -- input ----------------------------------------------------------------
    def handle_event(self, ev) -> None:
        pg = self.pg
        if ev.type == pg.QUIT:
            self.running = False
        elif ev.type == pg.MOUSEBUTTONDOWN and ev.button in (1, 3):
            for rect, sugg in self.buttons:
                if ev.button == 1 and rect.collidepoint(ev.pos):
                    if sugg.endswith("…") or sugg.endswith("..."):
                        self.text = sugg.rstrip(".…").rstrip() + " "
                    else:
                        self.run_command(sugg)
                    break
            else:
                click = getattr(self.session.game, "click_state", None)
                if callable(click) and self.state_rect is not None and self.state_rect.collidepoint(ev.pos):
                    line = click(self.state_rect, self.session.game.public_state(), ev.pos, ev.button)
                    if line:
                        self.run_command(line)
        elif ev.type == pg.KEYDOWN:
            if ev.key == pg.K_ESCAPE:
                self.running = False
            elif ev.key == pg.K_F11:
                pg.display.toggle_fullscreen()
            elif ev.key == pg.K_z and ev.mod & pg.KMOD_CTRL:
                self.run_command("undo")
            elif ev.key in (pg.K_RETURN, pg.K_KP_ENTER):
                line, self.text = self.text, ""
                self.run_command(line)
            elif ev.key == pg.K_BACKSPACE:
                self.text = self.text[:-1]
            elif ev.key == pg.K_TAB:
                self.complete()
            elif ev.unicode and ev.unicode.isprintable():
                self.text += ev.unicode

    def loop(self, max_frames: int | None = None, screenshot: str | None = None) -> int:
        pg = self.pg
        clock = pg.time.Clock()
        frames = 0
        while self.running:
            for ev in pg.event.get():
                self.handle_event(ev)
            self.tick_timer()
            self.draw()
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
            clock.tick(30)
        if screenshot:
            pg.image.save(self.screen, screenshot)
        pg.display.quit()
        return 0
