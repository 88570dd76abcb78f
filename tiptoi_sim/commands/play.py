"""``tiptoi-sim play``: play Der Millionen-Coup in real time, on screen or in a terminal."""

from __future__ import annotations

import argparse
import time

NAME = "play"
ORDER = 5
HELP = "play Der Millionen-Coup in real time (window by default, --ui terminal for a terminal)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    from tiptoi_sim.core.numbers import option, parse_seed, parse_unit_seconds, parse_whole

    p.add_argument("--ui", choices=["screen", "terminal"], default="screen", help="default: screen")
    p.add_argument("--input", choices=["mouse", "webcam"], default="mouse",
                   help="how taps come in on screen: mouse (and keyboard) or a webcam over the board")
    p.add_argument("--camera", default="0", metavar="INDEX|FILE", help="camera index or video file for --input webcam")
    p.add_argument("--pointer", choices=["finger", "stylus"], default="finger",
                   help="with --input webcam: a finger, or a stylus with a coloured tip")
    p.add_argument("--no-camera-check", action="store_true",
                   help="with --input webcam: skip the set-up screen before the game (board found, "
                        "light, focus, a test tap) and start at once")
    p.add_argument("--lang", choices=["de", "en"], default=None,
                   help="language (default: de, or the --taps file's)")
    p.add_argument("--seed", type=option(parse_seed, field=None), default=None, help="seed of the hidden setup (default: from the time)")
    p.add_argument("--unit-seconds", type=option(parse_unit_seconds, field=None), default=None, metavar="S",
                   help="seconds per time unit (default 30; e.g. 5 for a short demo)")
    p.add_argument("--players", metavar="COLOUR=CHARACTER,…",
                   help="skip the login dialogue, e.g. red=oliver_crow,blue=ben")
    p.add_argument("--difficulty", choices=["easy", "normal", "hard"], default="normal",
                   help="with --players (default: normal)")
    p.add_argument("--tutorial", action="store_true", help="with --players: the simplified tutorial game")
    p.add_argument("--taps", metavar="FILE",
                   help="play a scenario file live: its whole setup and its taps at their times "
                        "(the same game as `simulate FILE`; --unit-seconds rescales the file's times)")
    p.add_argument("--events", metavar="FILE",
                   help="write the live game's event stream here as JSON lines (the simulate format, "
                        "times in game seconds at the unit in use)")
    p.add_argument("--journal", metavar="FILE", help="journal file (default: in the user's data folder)")
    p.add_argument("--resume", nargs="?", const="latest", metavar="JOURNAL",
                   help="continue a game after a crash or a closed window (default: the latest journal)")
    p.add_argument("--fullscreen", action="store_true", help="full-screen projector mode with large type")
    p.add_argument("--director", action="store_true", help="start with the director view (spoils the game)")
    p.add_argument("--no-speech", action="store_true", help="captions only")
    p.add_argument("--assets", metavar="DIR", help="the millionen_coup assets folder")
    p.add_argument("--screenshot", metavar="PNG", help=argparse.SUPPRESS)
    p.add_argument("--frames", type=option(parse_whole, lo=0), default=None, help=argparse.SUPPRESS)


def parse_players(text: str, data) -> dict[str, str]:
    from tiptoi_sim.core.errors import UserError

    out: dict[str, str] = {}
    for part in text.split(","):
        if "=" not in part:
            raise UserError(f"--players: expected COLOUR=CHARACTER pairs, got {part!r}")
        colour, ch = (x.strip() for x in part.split("=", 1))
        if colour not in data.colours:
            raise UserError(f"--players: unknown colour {colour!r}; expected one of {', '.join(data.colours)}")
        if ch not in data.characters:
            raise UserError(f"--players: unknown character {ch!r}; expected one of {', '.join(data.characters)}")
        if ch in out.values() or colour in out:
            raise UserError(f"--players: each colour and character only once ({part!r})")
        out[colour] = ch
    if len(out) > data.max_players:
        raise UserError(f"--players: at most {data.max_players} players, got {len(out)}")
    order = [c for c in data.colours if c in out]
    return {c: out[c] for c in order}


def camera_source(text: str) -> int | str:
    """``--camera``: a camera index (ASCII digits) or an existing video file; else a UserError."""
    from pathlib import Path

    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.core.numbers import is_whole, parse_whole

    t = str(text).strip()
    if is_whole(t):
        return parse_whole(t, field="--camera", lo=0, hi=99, what="a camera index")
    if Path(t).is_file():
        return t
    raise UserError(f"--camera {text!r}: expected a camera index (0, 1, ...) or an existing video file")


def _display_problem() -> str | None:
    """Why the pen's window cannot open here (checked before a journal is made), or None."""
    import os
    import sys

    if sys.platform.startswith("linux") and not os.environ.get("SDL_VIDEODRIVER") \
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        return "neither DISPLAY nor WAYLAND_DISPLAY is set"
    try:
        import pygame
    except ImportError:
        return None  # the window reports it itself
    try:
        pygame.display.init()
    except pygame.error as e:
        return str(e) or "no video driver"
    return None


def _clock_text(t_ms: int) -> str:
    s = max(0, t_ms) // 1000
    return f"{s // 60}:{s % 60:02d}"


def resumed_message(live) -> str:
    """One line for the person who resumed: which journal, which game, which clock, what was dropped."""
    info = live.resumed or {}
    game = live.session.game
    who = ""
    if game is not None:
        players = getattr(game, "players", None) or {}
        names = []
        for colour, p in (players.items() if isinstance(players, dict) else []):
            ch = getattr(p, "character", None)
            names.append(f"{colour}={getattr(ch, 'id', ch) or '?'}")
        who = f" with {', '.join(names)}" if names else ""
    else:
        who = " (still in the login)"
    msg = f"resumed {info.get('path')}: Der Millionen-Coup{who}, game clock at {_clock_text(info.get('t_ms', 0))}"
    if info.get("dropped"):
        msg += "; dropped " + "; ".join(info["dropped"])
    return msg


def how_to_resume(live, ui: str) -> str | None:
    """What to type to continue this game (None when it is over or had no journal)."""
    if live.journal_path is None or live.session.over:
        return None
    flag = " --ui terminal" if ui == "terminal" else ""
    return f"the game is kept in {live.journal_path}; continue it with: tiptoi-sim play{flag} --resume"


def _resume(args, data, journals):
    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.core.journal import latest_journal
    from tiptoi_sim.millionen_coup.live import holds_game, resume_live

    if args.resume == "latest":
        path = latest_journal(journals, "millionen-coup-*.jsonl", lambda p: holds_game(data, p))
        if path is None:
            raise UserError(f"no journal with a game in {journals} to resume; "
                            "start a new game with tiptoi-sim play")
    else:
        path = args.resume
    return resume_live(data, path)


def run(args) -> int:
    import sys
    from pathlib import Path

    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.core.journal import Journal, check_new_journal
    from tiptoi_sim.millionen_coup.data import load_game_data
    from tiptoi_sim.millionen_coup.live import LiveGame
    from tiptoi_sim.paths import data_dir

    # options first, before anything starts or any file is made
    if args.input == "webcam":
        camera_source(args.camera)
    if args.journal and not args.resume:
        check_new_journal(args.journal)
    data = load_game_data(args.assets)
    journals = data_dir() / "journals"
    if args.ui == "screen":
        why = _display_problem()
        if why is not None:
            from tiptoi_sim.screen.app import NO_DISPLAY_MESSAGE

            print(NO_DISPLAY_MESSAGE.format(why=why), file=sys.stderr)
            return 2
    scripted = None
    if args.resume:
        live = _resume(args, data, journals)
        print(f"tiptoi-sim: {resumed_message(live)}", file=sys.stderr)
    else:
        setup = None
        seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
        unit = args.unit_seconds
        if args.taps:
            from dataclasses import replace

            from tiptoi_sim.millionen_coup.scenario import load_scenario, rescaled

            if args.players or args.tutorial:
                raise UserError("--taps: the players and the tutorial come from the file; "
                                "leave out --players and --tutorial")
            scripted = rescaled(load_scenario(args.taps, data), unit)
            if args.seed is not None:
                scripted = replace(scripted, seed=args.seed)
            if args.lang:
                scripted = replace(scripted, lang=args.lang)
            unit = scripted.unit_seconds
        elif args.players:
            setup = {"players": parse_players(args.players, data), "difficulty": args.difficulty,
                     "tutorial": args.tutorial}
        if args.journal:
            journal = Journal.create(args.journal)
        else:
            journal = Journal.new_in(journals, "millionen-coup")
        live = LiveGame(data, seed=seed, lang=args.lang or "de", unit_seconds=unit, journal=journal,
                        setup=setup, scenario=scripted, stop_at_end=(args.ui == "terminal"),
                        power_on=(args.ui == "terminal" and setup is None and scripted is None))
    from tiptoi_sim.speech import open_speaker

    events_out = open_events_file(args.events, live) if args.events else None

    def begin() -> None:
        live.start()

    try:
        if args.ui == "terminal":
            from tiptoi_sim.millionen_coup.terminal import TerminalUI

            with live.lock:
                likely = live.session.likely_phrases()
            speaker = open_speaker(live.session.lang, enabled=not args.no_speech, prefetch=likely)
            try:
                ui = TerminalUI(live, speaker)  # listening before the first event
                begin()
                status = ui.run()
            finally:
                speaker.close()
            hint = how_to_resume(live, "terminal")
            if hint:
                print(hint)
            return status
        try:
            from tiptoi_sim.screen.app import run_window
        except ModuleNotFoundError as e:
            if e.name and e.name.startswith("tiptoi_sim.screen"):
                raise UserError("the screen board is not available in this build: use --ui terminal") from None
            raise
        status = run_window(live, args, begin=begin)
        hint = how_to_resume(live, "screen")
        if hint and status == 0 and not args.screenshot:
            print(hint)
        return status
    finally:
        live.stop()
        if events_out is not None:
            events_out.close()


def open_events_file(path: str, live):
    """Write every event of the live game's stream (not the window's clicks) as one JSON line,
    flushed as it happens; returns the open file."""
    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.millionen_coup.session import UI_ONLY_EVENTS

    try:
        f = open(path, "w", encoding="utf-8")
    except OSError as e:
        raise UserError(f"--events {path}: cannot write ({e.strerror})") from None

    def write(ev) -> None:
        if ev.type not in UI_ONLY_EVENTS and not f.closed:
            f.write(ev.to_json() + "\n")
            f.flush()

    live.listeners.append(write)
    return f
