"""``tiptoi-sim play``: play Der Millionen-Coup in real time, on screen or in a terminal."""

from __future__ import annotations

import argparse
import time

NAME = "play"
ORDER = 5
HELP = "play Der Millionen-Coup in real time (window by default, --ui terminal for a terminal)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ui", choices=["screen", "terminal"], default="screen", help="default: screen")
    p.add_argument("--input", choices=["mouse", "webcam"], default="mouse",
                   help="how taps come in on screen: mouse (and keyboard) or a webcam over the board")
    p.add_argument("--camera", default="0", metavar="INDEX|FILE", help="camera index or video file for --input webcam")
    p.add_argument("--pointer", choices=["finger", "stylus"], default="finger",
                   help="with --input webcam: a finger, or a stylus with a coloured tip")
    p.add_argument("--lang", choices=["de", "en"], default=None,
                   help="language (default: de, or the --taps file's)")
    p.add_argument("--seed", type=int, default=None, help="seed of the hidden setup (default: from the time)")
    p.add_argument("--unit-seconds", type=float, default=None, metavar="S",
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
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)


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


def run(args) -> int:
    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.millionen_coup.data import load_game_data
    from tiptoi_sim.millionen_coup.live import LiveGame, resume_live
    from tiptoi_sim.paths import data_dir

    data = load_game_data(args.assets)
    journals = data_dir() / "journals"
    scripted = None
    if args.resume:
        if args.resume == "latest":
            found = sorted(journals.glob("millionen-coup-*.jsonl"))
            if not found:
                raise UserError(f"no journal in {journals} to resume")
            path = found[-1]
        else:
            path = args.resume
        live = resume_live(data, path)
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
        if unit is not None and unit <= 0:
            raise UserError("--unit-seconds: expected more than 0")
        jpath = args.journal or journals / f"millionen-coup-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        live = LiveGame(data, seed=seed, lang=args.lang or "de", unit_seconds=unit, journal_path=jpath,
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
                return ui.run()
            finally:
                speaker.close()
        try:
            from tiptoi_sim.screen.app import run_window
        except ModuleNotFoundError as e:
            if e.name and e.name.startswith("tiptoi_sim.screen"):
                raise UserError("the screen board is not available in this build: use --ui terminal") from None
            raise
        return run_window(live, args, begin=begin)
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
