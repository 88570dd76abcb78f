"""The camera set-up screen shown by ``play --input webcam`` before the game starts.

It shows the camera picture with the board's outline as found, and in words what
:class:`tiptoi_sim.camera.check.CameraCheck` sees: the markers, light and focus, the stylus
tip's colour, and the test tap ("tap the Info symbol"), with a ring where the tap landed.
When markers are missing, clicking the board's four corners on the picture (top-left,
top-right, bottom-right, bottom-left) registers the board instead. Enter or Space starts the
game, Esc skips the check. The game's clock is paused meanwhile (by the caller). Its words are
the check's language (``CameraCheck.lang``), from ``board_assets/camera/check.<lang>.yaml``.
"""

from __future__ import annotations

import pygame

from tiptoi_sim.camera.check import TEST_TAP, CameraCheck

BG = (24, 26, 32)
COLOURS = {"ok": (120, 220, 140), "warn": (250, 200, 90), "problem": (255, 110, 100)}


class CameraSetup:
    """One screen, drawn into ``screen`` each frame from the camera's latest picture."""

    def __init__(self, screen, check: CameraCheck, latest_frame):
        """``latest_frame()`` returns the camera's last BGR frame (or None yet)."""
        self.screen = screen
        self.check = check
        self.latest_frame = latest_frame
        self.clicks: list[tuple[float, float]] = []
        self.view_rect = pygame.Rect(0, 0, 1, 1)
        self.view_scale = 1.0
        self.done = False
        self.skipped = False
        self.font = pygame.font.Font(None, 26)
        self.big = pygame.font.Font(None, 40)

    # -- input ------------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.type == pygame.QUIT:
            self.done = self.skipped = True
        elif ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.done = True
            elif ev.key == pygame.K_ESCAPE:
                self.done = self.skipped = True
            elif ev.key == pygame.K_BACKSPACE and self.clicks:
                self.clicks.pop()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.view_rect.collidepoint(ev.pos):
            if self.needs_corners():
                x = (ev.pos[0] - self.view_rect.x) / self.view_scale
                y = (ev.pos[1] - self.view_rect.y) / self.view_scale
                self.clicks.append((x, y))
                if len(self.clicks) == 4:
                    try:
                        self.check.pipeline.tracker.set_corners(self.clicks)
                        self.check.pipeline.cfg.corners = [list(c) for c in self.clicks]
                        self.check.pipeline.model.reset()
                    except ValueError:
                        pass  # four corners on a line: click again
                    self.clicks = []

    def needs_corners(self) -> bool:
        return not self.check.board_found and self.check.frames > 15

    # -- drawing ----------------------------------------------------------------
    def draw(self) -> None:
        import cv2

        s = self.screen
        s.fill(BG)
        W, H = s.get_size()
        say = self.check.say
        s.blit(self.big.render(say("screen.title"), True, (240, 240, 240)), (24, 18))
        frame = self.latest_frame()
        view_w = int(W * 0.58)
        if frame is not None:
            view = self.check.pipeline.draw_view(frame, view_w)
            for k, (x, y) in enumerate(self.clicks):
                c = (int(x * view_w / frame.shape[1]), int(y * view_w / frame.shape[1]))
                cv2.circle(view, c, 6, (0, 255, 255), 2, cv2.LINE_AA)
                cv2.putText(view, str(k + 1), (c[0] + 8, c[1] - 8), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 255, 255), 1)
            H = self.check.pipeline.H
            if H is not None:  # every tap seen so far: a ring where it landed
                import numpy as np

                Hi = np.linalg.inv(H)
                k = view_w / frame.shape[1]
                for tap in self.check.taps:
                    p = cv2.perspectiveTransform(np.float64([[[tap.x, tap.y]]]), Hi).reshape(2) * k
                    colour = (80, 220, 80) if tap.tap == TEST_TAP else (0, 140, 255)
                    cv2.circle(view, (int(p[0]), int(p[1])), 14, colour, 3, cv2.LINE_AA)
            rgb = cv2.cvtColor(view, cv2.COLOR_BGR2RGB)
            surf = pygame.image.frombuffer(rgb.tobytes(), (rgb.shape[1], rgb.shape[0]), "RGB")
            self.view_rect = pygame.Rect(24, 70, rgb.shape[1], rgb.shape[0])
            self.view_scale = rgb.shape[1] / frame.shape[1]
            s.blit(surf, self.view_rect)
        else:
            self.view_rect = pygame.Rect(24, 70, view_w, int(view_w * 0.75))
            pygame.draw.rect(s, (50, 50, 60), self.view_rect)
            s.blit(self.font.render(say("screen.waiting"), True, (200, 200, 200)),
                   (self.view_rect.x + 20, self.view_rect.y + 20))
        x0 = self.view_rect.right + 24
        y = 74
        width = W - x0 - 20
        from tiptoi_sim.screen.text import wrap

        for f in self.check.findings():
            for k, line in enumerate(wrap(self.font, f.text, width - 22)):
                if k == 0:
                    pygame.draw.circle(s, COLOURS[f.level], (x0 + 7, y + 9), 6)
                s.blit(self.font.render(line, True, (225, 225, 225)), (x0 + 22, y))
                y += self.font.get_linesize()
            y += 6
        hue = self.check.pipeline.tip_hue
        if self.check.pipeline.cfg.pointer == "stylus" and hue is not None:
            swatch = cv2.cvtColor(__import__("numpy").uint8([[[hue, 230, 230]]]), cv2.COLOR_HSV2RGB)[0, 0]
            pygame.draw.rect(s, tuple(int(c) for c in swatch), (x0 + 22, y, 60, 24))
            s.blit(self.font.render(say("screen.stylus_tip"), True, (225, 225, 225)), (x0 + 92, y + 3))
            y += 34
        y = max(y + 10, self.view_rect.bottom + 16) if y > self.view_rect.bottom else self.view_rect.bottom + 16
        tips = []
        if self.needs_corners():
            n = len(self.clicks)
            tips.append(say("screen.click_corner", corner=self.check.corner_name(n), n=n + 1))
        tested = any(t.tap == TEST_TAP for t in self.check.taps)
        tips.append(say("screen.test_works") if tested else say("screen.test_prompt"))
        tips.append(say("screen.keys"))
        for line in tips:
            for part in wrap(self.font, line, W - 48):
                s.blit(self.font.render(part, True, (240, 240, 240)), (24, y))
                y += self.font.get_linesize()


def run_camera_setup(screen, check: CameraCheck, latest_frame, *, frames: int | None = None,
                     screenshot: str | None = None, fps: int = 20) -> bool:
    """Show the set-up screen until Enter/Space (True) or Esc/closing the window (False).
    ``frames`` stops after that many frames (tests, screenshots); ``screenshot`` saves the
    last frame as a PNG."""
    setup = CameraSetup(screen, check, latest_frame)
    clock = pygame.time.Clock()
    n = 0
    while not setup.done:
        for ev in pygame.event.get():
            setup.handle(ev)
        setup.draw()
        pygame.display.flip()
        n += 1
        if frames is not None and n >= frames:
            break
        clock.tick(fps)
    if screenshot:
        pygame.image.save(screen, screenshot)
    return not setup.skipped
