"""``tiptoi-sim assist GAME``: a table assistant (quizmaster, banker, referee, keeper)."""

from __future__ import annotations

import argparse
import time

from tiptoi_sim.core.errors import UserError

NAME = "assist"
ORDER = 40
HELP = "run a table assistant: rette-die-million, coup, millions-of-dollars, gold-connection"
DESCRIPTION = (HELP + ". Commands are one line each (see docs/assistants.md); with --script the "
               "file's commands run headless and one JSON object per command is printed.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    from tiptoi_sim.assistants.registry import GAMES
    from tiptoi_sim.core.numbers import option, parse_seed, parse_whole

    p.add_argument("game", choices=list(GAMES), metavar="GAME", help="one of: " + ", ".join(GAMES))
    p.add_argument("--script", metavar="FILE", help="run the commands in FILE headless ('-' for stdin)")
    p.add_argument("--lang", choices=["de", "en"], default="de", help="language (default: de)")
    p.add_argument("--seed", type=option(parse_seed, field=None), default=None, help="random seed (default: from the time)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option (see the game's docs), repeatable")
    p.add_argument("--ui", choices=["screen", "terminal"], default=None,
                   help="screen (pygame) or terminal; default: screen when a display exists")
    p.add_argument("--fullscreen", action="store_true", help="full screen, for a projector or a TV")
    p.add_argument("--journal", metavar="FILE", help="journal file (default: in the user's data folder)")
    p.add_argument("--resume", nargs="?", const="latest", metavar="JOURNAL",
                   help="continue a game from its journal (default: the latest of this game)")
    p.add_argument("--no-speech", action="store_true", help="captions only")
    p.add_argument("--assets", metavar="DIR", help="board_assets folder (default: the bundled one)")
    p.add_argument("--screenshot", metavar="PNG", help=argparse.SUPPRESS)
    p.add_argument("--frames", type=option(parse_whole, lo=0), default=None, help=argparse.SUPPRESS)


def parse_options(items: list[str]) -> dict:
    import yaml

    out = {}
    for item in items:
        if "=" not in item:
            raise UserError(f"--option {item!r}: expected KEY=VALUE")
        k, v = item.split("=", 1)
        try:
            out[k.strip()] = yaml.safe_load(v) if v.strip() else ""
        except yaml.YAMLError:
            out[k.strip()] = v
    return out


def make_game(game_id: str, seed: int, lang: str, options: dict, assets_root=None):
    from pathlib import Path

    from tiptoi_sim.assistants.registry import game_class
    from tiptoi_sim.paths import assets_dir

    cls = game_class(game_id)
    root = Path(assets_root) if assets_root else assets_dir()
    assets = cls.load_assets(root / game_id.replace("-", "_"))
    return cls(assets, seed=seed, lang=lang, options=options)


def run(args) -> int:
    from pathlib import Path

    from tiptoi_sim.assistants.frontends import run_script, run_terminal
    from tiptoi_sim.assistants.session import AssistantSession
    from tiptoi_sim.paths import data_dir

    journals = data_dir() / "journals"
    if args.resume:
        if args.resume == "latest":
            found = sorted(journals.glob(f"{args.game}-*.jsonl"))
            if not found:
                raise UserError(f"no journal of {args.game} in {journals} to resume")
            path = found[-1]
        else:
            path = Path(args.resume)
        session = AssistantSession.resume(
            path, lambda g, s, l, o: make_game(g, s, l, o, args.assets))
    else:
        seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
        game = make_game(args.game, seed, args.lang, parse_options(args.option), args.assets)
        if args.journal:
            jpath = Path(args.journal)
        elif args.script:
            jpath = None  # headless runs leave no journal unless asked
        else:
            jpath = journals / f"{args.game}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        session = AssistantSession(game, jpath)
    try:
        if args.script:
            return run_script(session, args.script)
        from tiptoi_sim.speech import open_speaker

        speaker = open_speaker(session.game.lang, enabled=not args.no_speech)
        try:
            from tiptoi_sim.assistants.screen import TableScreen, display_available

            ui = args.ui or ("screen" if display_available() else "terminal")
            if ui == "screen":
                if not display_available():
                    raise UserError("no display here: use --ui terminal (or set SDL_VIDEODRIVER=dummy)")
                return TableScreen(session, speaker, fullscreen=args.fullscreen).loop(
                    max_frames=args.frames, screenshot=args.screenshot)
            return run_terminal(session, speaker)
        finally:
            speaker.close()
    finally:
        session.close()
