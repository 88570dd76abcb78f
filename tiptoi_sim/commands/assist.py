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
    p.add_argument("--from", dest="from_state", metavar="STATE.yaml",
                   help="enter a game in progress from a state file (see `state --yaml`)")
    p.add_argument("--resume", nargs="?", const="latest", metavar="JOURNAL",
                   help="continue a game from its journal (default: the latest of this game)")
    p.add_argument("--no-speech", action="store_true", help="captions only")
    p.add_argument("--assets", metavar="DIR", help="board_assets folder (default: the bundled one)")
    p.add_argument("--screenshot", metavar="PNG", help=argparse.SUPPRESS)
    p.add_argument("--frames", type=option(parse_whole, lo=0), default=None, help=argparse.SUPPRESS)


#: the largest number an ``--option`` may hold (timers in seconds, card copies: far less)
OPTION_MAX = 100_000


def parse_option_value(key: str, text: str):
    """An option's value: true/false, a bounded number (through core.numbers), or the text."""
    from tiptoi_sim.core.numbers import parse_decimal, parse_whole

    t = text.strip()
    low = t.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if t and t[0] in "+-.0123456789":
        field = f"--option {key}"
        try:
            return parse_whole(t, field=field, lo=0, hi=OPTION_MAX)
        except UserError:
            if "." in t or "e" in low or "," in t:
                return parse_decimal(t, field=field, lo=0, hi=OPTION_MAX)
            raise
    return t


def parse_options(items: list[str]) -> dict:
    """``KEY=VALUE`` items as a dict; each game checks its own keys and values."""
    out = {}
    for item in items:
        if "=" not in item:
            raise UserError(f"--option {item!r}: expected KEY=VALUE")
        k, v = item.split("=", 1)
        if not k.strip():
            raise UserError(f"--option {item!r}: expected KEY=VALUE")
        out[k.strip()] = parse_option_value(k.strip(), v)
    return out


def make_game(game_id: str, seed: int, lang: str, options: dict, assets_root=None, state=None):
    """A fresh game, or (with ``state``, a state file's ``state`` mapping) a game in progress."""
    from pathlib import Path

    from tiptoi_sim.assistants.registry import game_class
    from tiptoi_sim.paths import assets_dir

    cls = game_class(game_id)
    root = Path(assets_root) if assets_root else assets_dir()
    assets = cls.load_assets(root / game_id.replace("-", "_"))
    if state is not None:
        return cls.from_state(assets, state, seed=seed, lang=lang, options=options)
    return cls(assets, seed=seed, lang=lang, options=options)


def read_state_file(path, game_id: str) -> dict:
    """Load and check a state file's top level: ``game`` (must be ``game_id``), ``state``
    (the game's own mapping) and optional ``lang``, ``seed``, ``options``."""
    from tiptoi_sim.core.numbers import parse_whole
    from tiptoi_sim.core.yamlio import fail, load_yaml, only_keys, opt, req

    data = load_yaml(path)
    if not isinstance(data, dict):
        from tiptoi_sim.core.errors import DataError
        raise DataError(path, None, "a state file: a mapping with game: and state:", 1)
    only_keys(data, ["game", "lang", "seed", "options", "state", "said"], "")
    game = req(data, "game", str, "game")
    if game.replace("_", "-") != game_id:
        raise fail(data, "game", f"a state file of {game_id}, not of {game}", "game")
    req(data, "state", dict, "state")
    opt(data, "lang", str, "lang", check=lambda v: v in ("de", "en"), expected="de or en")
    if data.get("seed") is not None:
        try:
            data["seed"] = parse_whole(data["seed"], field="seed", lo=0, hi=2 ** 63)
        except UserError as e:
            raise fail(data, "seed", str(e), "seed") from None
    opt(data, "options", dict, "options")
    said = opt(data, "said", list, "said", default=[])
    for i, text in enumerate(said):
        if not isinstance(text, str):
            raise fail(said, f"said[{i}]", "a text (what was said last)", i)
    return data


def _resume(args, journals):
    """The session of ``--resume [JOURNAL]`` (the latest journal of this game by default)."""
    from pathlib import Path

    from tiptoi_sim.assistants.session import AssistantSession, read_assistant_journal
    from tiptoi_sim.core.journal import latest_journal

    if args.resume == "latest":
        path = latest_journal(journals, f"{args.game}-*.jsonl",
                              lambda p: bool(read_assistant_journal(p, args.game).records))
        if path is None:
            raise UserError(f"no journal of {args.game} in {journals} to resume; "
                            f"start a new game with tiptoi-sim assist {args.game}")
    else:
        path = Path(args.resume)
    return AssistantSession.resume(path, lambda g, s, l, o, state=None: make_game(g, s, l, o, args.assets, state),
                                   game_id=args.game)


def resumed_message(session) -> str:
    info = session.resumed or {}
    msg = (f"resumed {info.get('path')}: {session.game.title or info.get('game')}, "
           f"{info.get('commands', 0)} journal records replayed")
    if info.get("dropped"):
        msg += "; dropped " + "; ".join(info["dropped"])
    return msg


def run(args) -> int:
    import sys

    from tiptoi_sim.assistants.frontends import run_script, run_terminal
    from tiptoi_sim.assistants.session import AssistantSession
    from tiptoi_sim.core.journal import Journal, check_new_journal
    from tiptoi_sim.paths import data_dir

    journals = data_dir() / "journals"
    if not args.script and args.ui == "screen":
        from tiptoi_sim.assistants.screen import display_available

        if not display_available():  # before any journal is made: a window that cannot open writes none
            raise UserError("no display here: use --ui terminal (or set SDL_VIDEODRIVER=dummy)")
    if args.resume:
        session = _resume(args, journals)
        print(f"tiptoi-sim: {resumed_message(session)}", file=sys.stderr)
    elif args.from_state:
        if args.journal:
            check_new_journal(args.journal)
        data = read_state_file(args.from_state, args.game)
        seed = data.get("seed")
        if seed is None:
            seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
        lang = data.get("lang") or args.lang
        options = dict(data.get("options") or {})
        options.update(parse_options(args.option))
        game = make_game(args.game, seed, lang, options, args.assets, state=data["state"])
        if args.journal:
            journal = Journal.create(args.journal)
        elif args.script:
            journal = None  # headless runs leave no journal unless asked
        else:
            journal = Journal.new_in(journals, args.game)
        session = AssistantSession(game, journal=journal, from_state=_plain(data["state"]))
        session.last_said = list(data.get("said") or [])
    else:
        if args.journal:
            check_new_journal(args.journal)
        seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
        game = make_game(args.game, seed, args.lang, parse_options(args.option), args.assets)
        if args.journal:
            journal = Journal.create(args.journal)
        elif args.script:
            journal = None  # headless runs leave no journal unless asked
        else:
            journal = Journal.new_in(journals, args.game)
        session = AssistantSession(game, journal=journal)
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
            status = run_terminal(session, speaker)
            if session.journal is not None and not session.game.over:
                print(f"the game is kept in {session.journal.path}; continue it with: "
                      f"tiptoi-sim assist {args.game} --ui terminal --resume")
            return status
        finally:
            speaker.close()
    finally:
        session.close()


def _plain(value):
    """An LMap/LList tree as plain dicts and lists (for the journal's JSON)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
