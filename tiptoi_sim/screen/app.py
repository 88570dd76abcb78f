"""The pen's window: the board of Der Millionen-Coup on screen; a click is a tap.

:func:`run_window` is what ``tiptoi-sim play --ui screen`` calls with a started
:class:`~tiptoi_sim.millionen_coup.live.LiveGame`. The window

- turns a left click into ``hit_test`` on the layout and ``live.put_tap(id)``;
- hit-tests the markers drawn on the board too (a lock on its door is ``lock:N`` there, a
  console in its room ``console:X``, an alarm in its corridor ``alarm:X``), with the same
  geometry the drawing uses (:func:`~tiptoi_sim.millionen_coup.layout.table_spots`), and hands
  the same hit test to the webcam;
- takes typed commands, several words with spaces as in the terminal (``red walk lobby``,
  ``red walk tresor``) with Tab completion of the last word; Enter taps them; an unknown word
  shows the nearest ids; Backspace edits; Esc clears the typed text, or quits when there is none;
- F11 toggles full screen (projector mode: large type), F2 the director view, Space pauses and
  resumes the game clock when nothing is typed, F12 saves a screenshot into the user's data
  folder; a tap while paused is refused with a spoken "paused";
- draws what the table shows (:mod:`.board_drawing`), the game clock, and captions of
  everything the pen says;
- speaks through the :class:`~tiptoi_sim.speech.api.Speaker` (a new tap interrupts what is
  being said; the pen's Skip stops it; Repeat arrives as a ``say`` event like any other) and
  plays sound effects where the speaker offers them.

Threads: the session's events arrive on the LiveGame's driver thread and are only queued here
(a ``deque``); the pygame loop on the main thread takes them, and reads the game state under
``live.lock``.

Without a display it prints a message pointing to ``--ui terminal`` and returns 2.
"""

from __future__ import annotations

import collections
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tiptoi_sim.core.events import Event  # noqa: E402
from tiptoi_sim.millionen_coup.layout import Layout, MarkerHitTest, load_layout  # noqa: E402
from tiptoi_sim.millionen_coup.taps import UnknownWord, resolve_words  # noqa: E402
from tiptoi_sim.millionen_coup.taps import aliases as tap_aliases  # noqa: E402
from tiptoi_sim.screen.board_drawing import PAPER, BoardPainter, Fonts, fit_rect, wrap  # noqa: E402

FPS = 30
WAKE_EVENT = pygame.USEREVENT + 7  # posted by the scheduler thread when the pen has something new
WINDOW_SIZE = (1280, 860)
CAPTION_LINES = 3
FLASH_SECONDS = 0.35

NO_DISPLAY_MESSAGE = ("tiptoi-sim: no display for the pen's window ({why}).\n"
                      "Play in the terminal instead:  scripts/run --ui terminal\n"
                      "(or, once installed:  .venv/bin/tiptoi-sim play --ui terminal)")


class NoDisplay(Exception):
    """The window cannot open: no display (or no video driver)."""


def _open_display(size, fullscreen: bool):
    """Initialise pygame's display and open the window; NoDisplay when that is impossible."""
    if sys.platform.startswith("linux") and not os.environ.get("SDL_VIDEODRIVER") \
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        raise NoDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
    try:
        pygame.display.init()
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        screen = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
    except pygame.error as e:
        raise NoDisplay(str(e) or "no video device") from None
    return screen


class PenWindow:
    """One window on one live game. ``step()`` runs one frame (tests drive it directly);
    ``run()`` loops until the window is closed."""

    def __init__(self, live, *, lang: str | None = None, fullscreen: bool = False, director: bool = False,
                 speaker=None, no_speech: bool = False, layout: Layout | None = None,
                 size: tuple[int, int] = WINDOW_SIZE):
        self.live = live
        self.data = live.session.data
        self.lang = lang or live.session.lang
        self.layout = layout or load_layout(data=self.data)
        self.hit_test = MarkerHitTest(self.layout, self.data)   # hotspots + markers on the board
        self.extra_hit_tests: list[MarkerHitTest] = []           # e.g. the webcam's, on its layout
        self.painter = BoardPainter(self.data, self.layout, self.lang)
        self.fonts = Fonts()
        self.director = director
        self.fullscreen = fullscreen
        self.window_size = size
        self.screen = _open_display(size, fullscreen)
        pygame.display.set_caption("tiptoi-sim · Der Millionen-Coup")
        pygame.key.set_repeat(400, 40)
        self.speaker = speaker if speaker is not None else self._open_speaker(no_speech)
        self.events: collections.deque[Event] = collections.deque()
        self.captions: collections.deque[str] = collections.deque(maxlen=12)
        self.typed = ""
        self.candidates: list[str] = []
        self.notice = ""                      # one line of feedback for typed input
        self.flash: tuple[str, float] | None = None
        self.hover: str | None = None
        self.running = True
        self.frame = 0
        self.last_state: dict[str, Any] | None = None
        self.outcome_text: str | None = None     # what the pen said at the end, for the banner
        # window taps not yet answered by the pen: its answer (a tap_ack or the first say)
        # interrupts what is being said, as a new tap on the real pen does
        self._pending_taps = 0
        self._last_tick_second: int | None = None
        self.aliases = tap_aliases(self.data)
        self.valid_ids = set(self.live.session.valid_taps)
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        #: called after each frame is drawn, before the flip (an input adapter such as the webcam
        #: may draw its pointer there); each gets this window
        self.frame_hooks: list = []
        # the debrief picture after the game (key D); see tiptoi_sim/analysis/live.py
        from tiptoi_sim.analysis.live import DebriefRecorder
        self.debrief = DebriefRecorder(live)
        self.debrief_image: pygame.Surface | None = None
        live.listeners.append(self._on_session_event)
        # what the pen said before this window listened (e.g. the start of a set-up game)
        with live.lock:
            last = live.session.last_say
        if last is not None:
            self.captions.append(last.get("text", ""))

    # ------------------------------------------------------------------ speech and sounds
    def _open_speaker(self, no_speech: bool):
        try:
            from tiptoi_sim.speech import catalogue_texts, open_speaker

            speaker = open_speaker(self.lang, enabled=not no_speech)
            # likely phrases render in the background, so the pen answers at once later
            likely: list[str] = []
            if hasattr(self.live.session, "likely_phrases"):
                with self.live.lock:
                    likely = list(self.live.session.likely_phrases())
            fixed = catalogue_texts(self.data.phrases[self.lang], first=("pen.welcome", "login.start"))
            speaker.prefetch(list(dict.fromkeys(likely + fixed)))
            return speaker
        except Exception as e:  # speech is a nicety: the game goes on with captions
            print(f"tiptoi-sim: speech unavailable ({e}); captions only.", file=sys.stderr)
            from tiptoi_sim.speech.api import SilentSpeaker

            return SilentSpeaker()

    def sound(self, name: str) -> None:
        play = getattr(self.speaker, "play_sound", None)
        if play is None:
            return
        try:
            play(name)
        except Exception:  # a missing sound must never stop the game
            pass

    def _speak(self, text: str) -> None:
        interrupt = self._pending_taps > 0
        if interrupt:
            self._pending_taps -= 1
        try:
            self.speaker.say(text, interrupt=interrupt)
        except Exception as e:
            self.notice = f"speech: {e}"

    def handle_event(self, ev: Event) -> None:
        """One session event: captions, speech, sounds."""
        t = ev.type
        if t == "notice":  # a tap while paused: said, never dropped without a word
            self.captions.append(ev.get("text", ""))
            self._speak(ev.get("text", ""))
        elif t == "say":
            text = ev.get("text", "")
            self.captions.append(text)
            if str(ev.get("key", "")).startswith("game_over.") and ev.get("key") != "game_over.already":
                self.outcome_text = text
            self._speak(text)
        elif t == "tap_ack":
            self._pending_taps = max(0, self._pending_taps - 1)
            self._stop_speech()
            self.sound("click")
        elif t == "skip":
            self._stop_speech()
        elif t == "action_finished":
            self.sound("done")
        elif t == "guard":
            self.sound("footsteps")
        elif t == "vault" and ev.get("opened"):
            self.sound("vault")
        elif t == "game_over":
            if ev.get("reason") == "alarm":
                self.sound("alarm")
            self.sound("win" if ev.get("result") == "won" else "lose")
            self.notice = "D: Nachbesprechung" if self.lang == "de" else "D: debrief"

    def _stop_speech(self) -> None:
        try:
            self.speaker.stop()
        except Exception:
            pass

    # ------------------------------------------------------------------ input
    def tap(self, tap_id: str) -> None:
        """A tap from this window (click or keyboard): speech of the pen's answer interrupts."""
        self._pending_taps += 1
        self.flash = (tap_id, time.monotonic())
        self.live.put_tap(tap_id)

    def board_point(self, pos) -> tuple[float, float] | None:
        r = self.board_rect
        if not r.collidepoint(pos):
            return None
        return ((pos[0] - r.x) / r.w, (pos[1] - r.y) / r.h)

    def pixel_of(self, tap_id: str) -> tuple[int, int]:
        """The window pixel of a hotspot's centre (for scripted clicks)."""
        x, y = self.layout.centre(tap_id)
        r = self.board_rect
        return (int(r.x + x * r.w), int(r.y + y * r.h))

    def resolve(self, text: str) -> str | None:
        try:
            taps = resolve_words(text.split(), self.valid_ids, self.aliases)
        except UnknownWord:
            return None
        return taps[0] if len(taps) == 1 else None

    def complete(self) -> None:
        """Tab: complete the last typed word to the longest common prefix of matching ids and
        short names."""
        head, _, last = self.typed.rpartition(" ")
        head = head + " " if head else ""
        pool = sorted(set(self.valid_ids) | set(self.aliases))
        matches = [c for c in pool if c.startswith(last)]
        if not matches:
            self.notice = "?"
            self.candidates = []
            return
        prefix = os.path.commonprefix(matches)
        if len(prefix) > len(last):
            self.typed = head + prefix
        self.candidates = matches if len(matches) > 1 else []

    def _enter(self) -> None:
        """Enter: tap every word of the typed line, read as the terminal reads it."""
        if not self.typed.strip():
            self.typed = ""
            return
        try:
            taps = resolve_words(self.typed.split(), self.valid_ids, self.aliases)
        except UnknownWord as e:
            self.notice = "? " + e.message()
        else:
            self.notice = "» " + " ".join(taps)
            for tid in taps:
                self.tap(tid)
        self.typed = ""
        self.candidates = []

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        try:
            if self.fullscreen:
                self.window_size = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        except pygame.error as e:
            self.fullscreen = not self.fullscreen
            self.notice = f"F11: {e}"

    def toggle_pause(self) -> None:
        if self.live.paused:
            self.live.resume()
        else:
            self.live.pause()

    def show_debrief(self) -> None:
        """Draw the debrief picture of the game that ended and show it over the board."""
        try:
            path = self.debrief.write(lang=self.lang)
            self.debrief_image = pygame.image.load(str(path)).convert()
            self.notice = f"» {path}"
        except Exception as e:  # a picture problem must not end the window
            self.notice = f"D: {e}"

    def handle_pygame(self, e) -> None:
        if self.debrief_image is not None and e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.debrief_image = None        # any key or click closes the debrief
            return
        if e.type == pygame.QUIT:
            self.running = False
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            p = self.board_point(e.pos)
            tid = self.hit_test(*p) if p else None
            if tid:
                self.tap(tid)
        elif e.type == pygame.MOUSEMOTION:
            p = self.board_point(e.pos)
            self.hover = self.hit_test(*p) if p else None
        elif e.type == pygame.TEXTINPUT:
            if e.text == " " and not self.typed:
                return  # Space on an empty command line pauses (KEYDOWN)
            if e.text in ("d", "D") and not self.typed and self.debrief.over:
                self.show_debrief()
                return
            self.typed += e.text
            self.candidates = []
            self.notice = ""
        elif e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                if self.typed:
                    self.typed = ""
                    self.candidates = []
                else:
                    self.running = False
            elif e.key == pygame.K_F11:
                self.toggle_fullscreen()
            elif e.key == pygame.K_F2:
                self.director = not self.director
            elif e.key == pygame.K_F12:
                self.save_screenshot_to_data_dir()
            elif e.key == pygame.K_SPACE and not self.typed:
                self.toggle_pause()
            elif e.key == pygame.K_TAB:
                self.complete()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._enter()
            elif e.key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                self.candidates = []

    # ------------------------------------------------------------------ drawing
    def read_state(self) -> tuple[dict[str, Any] | None, str, dict]:
        """The table state, with the clock read now: the game's own state only moves on events,
        the window's clock counts down every second (and each running action's time left)."""
        s = self.live.session
        with self.live.lock:
            g = s.game
            state = g.state(director=self.director) if g is not None else None
            login = {c: ch for c, ch in s.login.get("players", {}).items()} if s.mode == "login" else {}
            if state is not None and g.outcome is None:
                now = max(g.now, self.live.now_ms())
                state["time_left"] = max(0, g.origin + g.limit_ms - now) / 1000
                for c, run in (state.get("director") or {}).get("running", {}).items():
                    p = g.players[c].running
                    if p is not None:
                        run["left"] = max(0, p.end_ms - now) / 1000
        for hit in [self.hit_test] + self.extra_hit_tests:
            hit.update(state)
        return state, s.mode, login

    def draw(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen  # after a resize
        W, H = self.screen.get_size()
        large = self.fullscreen
        cap_h = int(H * (0.16 if large else 0.12))
        self.board_rect = fit_rect(self.layout.aspect, W, H - cap_h)
        self.screen.fill((24, 24, 30))
        state, mode, login = self.read_state()
        if state is None and login:
            # the login dialogue: show who joined on the player boards
            state_view = {"players": {c: {"character": ch, "abilities": {self.data.characters[ch].ability: "basic"}}
                                      for c, ch in login.items()}}
            self.painter.draw(self.screen, self.board_rect, None, highlight=self._highlight())
            self.painter.draw_state(self.screen, self.board_rect, state_view)
        else:
            self.painter.draw(self.screen, self.board_rect, state, director=self.director,
                              highlight=self._highlight(), paused=self.live.paused,
                              outcome_text=self.outcome_text)
        self.last_state = state
        if self.debrief_image is not None:
            img = self.debrief_image
            box = fit_rect(img.get_width() / img.get_height(), W, H - cap_h)
            self.screen.blit(pygame.transform.smoothscale(img, box.size), box.topleft)
        elif state is None:
            self._draw_pen_mode(mode)
        elif self.live.paused:
            self._draw_paused()
        self._draw_captions(pygame.Rect(0, H - cap_h, W, cap_h), large)
        self._tick(state)

    def _highlight(self) -> str | None:
        if self.flash and time.monotonic() - self.flash[1] < FLASH_SECONDS:
            return self.flash[0]
        return self.hover

    def _draw_pen_mode(self, mode: str) -> None:
        """Before a game: which mode the pen is in, in the clock's place."""
        r = self.board_rect
        box = pygame.Rect(r.x + int(0.015 * r.w), r.y + int(0.006 * r.h), int(0.15 * r.w), int(0.06 * r.h))
        pygame.draw.rect(self.screen, (30, 30, 36), box, border_radius=6)
        ph = self.painter.phrases
        label = {"off": ph.name("hotspot.nav:power", "power"), "menu": ph.name("hotspot.nav:play", "play"),
                 "explore": ph.name("hotspot.nav:explore", "explore"),
                 "login": ph.name("hotspot.mode:game", "game")}.get(mode, mode)
        self.painter.text(self.screen, label, box.inflate(-8, -6), (255, 220, 120), max_size=int(r.h * 0.035), bold=True)
        if mode == "off":  # point at the power symbol
            pts = self.painter.poly_px(r, self.layout.hotspots["nav:power"])
            pygame.draw.polygon(self.screen, (255, 160, 0), pts, max(3, r.h // 150))

    def _draw_paused(self) -> None:
        r = self.board_rect
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        self.screen.blit(shade, r.topleft)
        w = max(8, r.h // 30)
        c = r.center
        for dx in (-w * 2, w):
            pygame.draw.rect(self.screen, (255, 255, 255), (c[0] + dx, c[1] - w * 3, w, w * 6))

    def _draw_captions(self, box: pygame.Rect, large: bool) -> None:
        pygame.draw.rect(self.screen, (16, 16, 20), box)
        size = max(14, int(box.h / (CAPTION_LINES + 1.6)))
        font = self.fonts.get(size)
        bold = self.fonts.get(size, True)
        pad = max(6, size // 3)
        lines: list[tuple[str, bool]] = []
        for i, text in enumerate(reversed(self.captions)):
            newest = i == 0
            f = bold if newest else font
            wrapped = wrap(f, text, box.w - 2 * pad)
            for li in reversed(wrapped):
                lines.append((li, newest))
            if len(lines) >= CAPTION_LINES:
                break
        lines = list(reversed(lines[:CAPTION_LINES]))
        line_h = font.get_linesize()
        y = box.bottom - pad - line_h * (len(lines) + 1)
        for text, newest in lines:
            img = (bold if newest else font).render(text, True, (255, 255, 255) if newest else (170, 170, 180))
            self.screen.blit(img, (box.x + pad, y))
            y += line_h
        # the input line: typed text, completions, feedback, hover
        small = self.fonts.get(max(12, int(size * 0.75)))
        parts = []
        if self.typed or self.candidates:
            parts.append(f"> {self.typed}_")
            if self.candidates:
                parts.append("  ".join(self.candidates[:12]) + (" …" if len(self.candidates) > 12 else ""))
        elif self.notice:
            parts.append(self.notice)
        right = []
        if self.hover:
            right.append(self.hover)
        if self.director:
            right.append("F2 director")
        img = small.render("   ".join(parts), True, (255, 210, 120))
        self.screen.blit(img, (box.x + pad, box.bottom - pad - small.get_linesize()))
        if right:
            img = small.render("  ·  ".join(right), True, (140, 200, 255))
            self.screen.blit(img, (box.right - pad - img.get_width(), box.bottom - pad - small.get_linesize()))

    def _tick(self, state) -> None:
        """The ticking of the last minute (once per second of game clock)."""
        if not state or state.get("phase") != "execution" or state.get("outcome"):
            return
        left = float(state.get("time_left", 0))
        sec = int(left)
        if 0 < left <= 60 and sec != self._last_tick_second:
            if self._last_tick_second is not None:
                self.sound("tick")
            self._last_tick_second = sec

    # ------------------------------------------------------------------ loop
    def pump(self) -> None:
        for e in pygame.event.get():
            self.handle_pygame(e)
        while self.events:
            self.handle_event(self.events.popleft())

    def _on_session_event(self, ev: Event) -> None:
        """Called on the scheduler's thread: queue the event and wake the window loop, so the
        pen answers a click at once instead of at the next frame."""
        self.events.append(ev)  # deque.append is thread-safe
        try:
            pygame.event.post(pygame.event.Event(WAKE_EVENT))  # SDL_PushEvent is thread-safe
        except pygame.error:
            pass  # the display is closing: the event stays queued

    def run_frame(self, until: float | None = None) -> None:
        """One frame, then wait for input or the pen's answer until the next frame is due
        (or ``until``, a time.monotonic value), handling each at once as it comes."""
        self.step()
        due = time.monotonic() + 1.0 / FPS
        if until is not None:
            due = min(due, until)
        while self.running:
            left = due - time.monotonic()
            if left <= 0:
                break
            e = pygame.event.wait(max(1, int(left * 1000)))
            if e.type == pygame.NOEVENT:
                continue
            if e.type != WAKE_EVENT:
                self.handle_pygame(e)
            while self.events:
                self.handle_event(self.events.popleft())

    def step(self) -> None:
        """One frame: input, session events, drawing."""
        self.pump()
        if not self.running:
            return
        self.draw()
        for hook in list(self.frame_hooks):
            hook(self)
        pygame.display.flip()
        self.frame += 1

    def save_screenshot(self, path: str | Path) -> Path:
        p = Path(path)
        pygame.image.save(self.screen, str(p))
        return p

    def save_screenshot_to_data_dir(self) -> None:
        from tiptoi_sim.paths import data_dir

        folder = data_dir() / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            p = self.save_screenshot(folder / f"millionen-coup-{time.strftime('%Y%m%d-%H%M%S')}.png")
            self.notice = f"» {p}"
        except (OSError, pygame.error) as e:
            self.notice = f"F12: {e}"

    def run(self, *, frames: int | None = None, screenshot: str | None = None) -> int:
        try:
            while self.running and (frames is None or self.frame < frames):
                self.run_frame()
            if screenshot:
                if self.frame == 0:
                    self.draw()
                self.save_screenshot(screenshot)
        finally:
            self.close()
        return 0

    def close(self) -> None:
        try:
            self.live.listeners.remove(self._on_session_event)
        except ValueError:
            pass
        try:
            self.speaker.close()
        except Exception:
            pass
        pygame.display.quit()


def run_window(live, args, begin=None) -> int:
    """Open the pen's window on a live game, start the game (``begin()``, default
    ``live.start()``) once the window listens, so its first words are spoken, and run it until
    it is closed.

    ``args``: ``lang``, ``fullscreen``, ``director``, ``no_speech``, and for tests and demos
    ``screenshot`` (a PNG written at the end) and ``frames`` (stop after that many frames);
    ``layout``/``overlay`` (optional) replace the board's layout file or overlay its polygons.
    Returns the exit status: 0, or 2 without a display (with a message, no traceback)."""
    try:
        layout = None
        if getattr(args, "layout", None) or getattr(args, "overlay", None):
            layout = load_layout(getattr(args, "layout", None), overlay=getattr(args, "overlay", None),
                                 data=live.session.data)
        win = PenWindow(live, lang=getattr(args, "lang", None), fullscreen=bool(getattr(args, "fullscreen", False)),
                        director=bool(getattr(args, "director", False)),
                        no_speech=bool(getattr(args, "no_speech", False)), layout=layout)
    except NoDisplay as e:
        print(NO_DISPLAY_MESSAGE.format(why=e), file=sys.stderr)
        return 2
    if getattr(args, "input", "mouse") == "webcam":
        # contract for the webcam input: tiptoi_sim.camera.input.attach(window, args) starts the
        # camera and puts taps through window.live.put_tap (hit-testing with window.layout);
        # it may add a frame hook to draw its pointer
        try:
            from tiptoi_sim.camera.input import attach
        except ImportError:
            print("tiptoi-sim: the webcam input is not available in this build; use the mouse.", file=sys.stderr)
        else:
            try:
                cam = attach(win, args)
            except Exception as e:  # a camera problem must not end the game: the mouse still works
                print(f"tiptoi-sim: webcam input failed ({e}); use the mouse.", file=sys.stderr)
            else:
                share_marker_hits(win, cam)
    (begin or live.start)()
    return win.run(frames=getattr(args, "frames", None), screenshot=getattr(args, "screenshot", None))


def share_marker_hits(win: PenWindow, cam) -> None:
    """The webcam hit-tests the markers on the board as the window does: its pipeline's
    ``hit_test`` (its own layout's) becomes one that also knows the markers, updated with each
    frame's state."""
    pipeline = getattr(cam, "pipeline", None)
    layout = getattr(getattr(pipeline, "hit_test", None), "__self__", None)
    if pipeline is None or not isinstance(layout, Layout):
        return
    hit = MarkerHitTest(layout, win.data)
    win.extra_hit_tests.append(hit)
    pipeline.hit_test = hit


__all__ = ["PenWindow", "run_window", "NoDisplay", "PAPER"]
