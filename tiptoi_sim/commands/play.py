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
    p.add_argument("--lang", choices=["de", "en"], default="de", help="language (default: de)")
    p.add_argument("--seed", type=option(parse_seed, field=None), default=None, help="seed of the hidden setup (default: from the time)")
    p.add_argument("--unit-seconds", type=option(parse_unit_seconds, field=None), default=None, metavar="S",
                   help="seconds per time unit (default 30; e.g. 5 for a short demo)")
    p.add_argument("--players", metavar="COLOUR=CHARACTER,…",
                   help="skip the login dialogue, e.g. red=oliver_crow,blue=ben")
    p.add_argument("--difficulty", choices=["easy", "normal", "hard"], default="normal",
                   help="with --players (default: normal)")
    p.add_argument("--tutorial", action="store_true", help="with --players: the simplified tutorial game")
    p.add_argument("--taps", metavar="FILE", help="feed timed taps from a scenario file (its setup skips the login)")
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
    order = [c for c in data.colours if c in out]
    return {c: out[c] for c in order}


def feed_taps(live, taps) -> None:
    """Put scripted taps at their game times through the same input path as the mouse."""
    import threading

    def run() -> None:
        for tap in taps:
            while not live._quit:
                wait = (tap.t_ms - live.now_ms()) / 1000
                if wait <= 0:
                    break
                time.sleep(min(wait, 0.05))
            if live._quit:
                return
            live.put_tap(tap.id)

    threading.Thread(target=run, name="tap-file", daemon=True).start()


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
            from tiptoi_sim.millionen_coup.scenario import load_scenario

            scripted = load_scenario(args.taps, data)
            setup = {"players": scripted.players, "difficulty": scripted.difficulty, "tutorial": scripted.tutorial}
            seed = scripted.seed if args.seed is None else seed
            unit = unit or scripted.unit_seconds
        elif args.players:
            setup = {"players": parse_players(args.players, data), "difficulty": args.difficulty,
                     "tutorial": args.tutorial}
        if unit is not None and unit <= 0:
            raise UserError("--unit-seconds: expected more than 0")
        jpath = args.journal or journals / f"millionen-coup-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        live = LiveGame(data, seed=seed, lang=args.lang, unit_seconds=unit, journal_path=jpath,
                        setup=setup, power_on=(args.ui == "terminal" and setup is None))
    from tiptoi_sim.speech import open_speaker

    def begin() -> None:
        live.start()
        if scripted is not None:
            feed_taps(live, scripted.taps)

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
        begin()
        try:
            from tiptoi_sim.screen.app import run_window
        except ModuleNotFoundError as e:
            if e.name and e.name.startswith("tiptoi_sim.screen"):
                raise UserError("the screen board is not available in this build: use --ui terminal") from None
            raise
        return run_window(live, args)
    finally:
        live.stop()
