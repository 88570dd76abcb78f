"""``tiptoi-sim analyze``: how hard is Der Millionen-Coup? Many bot games, a report with plots."""

from __future__ import annotations

NAME = "analyze"
ORDER = 32
HELP = "play many Millionen-Coup games with bots and report win rates, losses and finishing times"
DESCRIPTION = (HELP + ". Bots play without the director's knowledge, like a sensible family "
               "(docs/analysis.md). Runs on all cores; --dask sends the same tasks to a Dask cluster.")


def add_arguments(p) -> None:
    p.add_argument("--games", required=True, metavar="N", help="games per character set and difficulty")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--players", action="append", metavar="COLOUR=CHARACTER,…",
                     help="a character set, like red=oliver_crow,blue=ben (repeat for more sets; default that one)")
    who.add_argument("--all-pairs", action="store_true", help="every pair of two different characters")
    p.add_argument("--difficulty", default="normal", metavar="LEVELS", help="easy, normal, hard or a list like easy,normal,hard")
    p.add_argument("--bot", default="family", metavar="NAME", help="family (default) or hasty")
    p.add_argument("--seed", default="0", metavar="S", help="the first game's seed (default 0)")
    p.add_argument("--out", default="analysis", metavar="DIR", help="folder for the report (default ./analysis)")
    p.add_argument("--workers", metavar="K", help="worker processes (default: one per core)")
    p.add_argument("--dask", metavar="ADDRESS", help="run the tasks on this Dask scheduler (needs tiptoi-sim[dask])")
    p.add_argument("--solver", default="0", metavar="K", help="also solve the first K seeds of each set and level "
                   "(the bound of what is possible; seconds each, see --solver-seconds)")
    p.add_argument("--solver-seconds", default="3", metavar="S", help="search time per solved seed (default 3)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def parse_players(text: str, data) -> tuple[tuple[str, str], ...]:
    from tiptoi_sim.core.errors import UserError

    out: dict[str, str] = {}
    for part in text.split(","):
        colour, eq, ch = part.strip().partition("=")
        if not eq:
            raise UserError(f"--players {text}: expected COLOUR=CHARACTER pairs like red=oliver_crow,blue=ben")
        if colour not in data.colours:
            raise UserError(f"--players {text}: unknown colour {colour!r}; expected one of {', '.join(data.colours)}")
        if ch not in data.characters:
            raise UserError(f"--players {text}: unknown character {ch!r}; expected one of {', '.join(data.characters)}")
        if colour in out or ch in out.values():
            raise UserError(f"--players {text}: each colour and each character only once")
        out[colour] = ch
    return tuple((c, out[c]) for c in data.colours if c in out)


def parse_levels(text: str, data) -> list[str]:
    from tiptoi_sim.core.errors import UserError

    levels = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in levels if x not in data.difficulties]
    if not levels or bad:
        raise UserError(f"--difficulty {text}: expected easy, normal, hard or a comma list of them")
    return list(dict.fromkeys(levels))


def run(args) -> int:
    import time
    from pathlib import Path

    from tiptoi_sim.analysis.analyze import all_pairs, analyze, write_report
    from tiptoi_sim.analysis.bots import BOTS
    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.core.numbers import parse_whole
    from tiptoi_sim.millionen_coup.data import load_game_data

    data = load_game_data(with_phrases=False)
    games = parse_whole(args.games, field="--games", lo=1, hi=10_000_000)
    seed = parse_whole(args.seed, field="--seed", lo=0, hi=2**31)
    workers = parse_whole(args.workers, field="--workers", lo=1, hi=512) if args.workers else None
    solver_games = parse_whole(args.solver, field="--solver", lo=0, hi=games)
    from tiptoi_sim.core.numbers import parse_decimal
    solver_seconds = parse_decimal(args.solver_seconds, field="--solver-seconds", lo=0.5, hi=600)
    if args.bot not in BOTS:
        raise UserError(f"--bot {args.bot}: unknown bot; expected one of {', '.join(BOTS)}")
    levels = parse_levels(args.difficulty, data)
    if args.all_pairs:
        teams = all_pairs(data.characters)
    else:
        teams = [parse_players(t, data) for t in (args.players or ["red=oliver_crow,blue=ben"])]
    t0 = time.monotonic()
    report, tasks, results = analyze(teams, levels, games, seed, args.bot, workers=workers,
                                     dask_address=args.dask, show_progress=not args.quiet,
                                     solver_games=solver_games, solver_seconds=solver_seconds)
    elapsed = time.monotonic() - t0
    out = Path(args.out)
    try:
        files = write_report(out, report, tasks, results)
    except OSError as e:
        raise UserError(f"--out {args.out}: cannot write the report ({e.strerror})") from None
    for g in report["groups"]:
        fm = g["finish_minutes"] or {}
        print(f"{g['team']:<24} {g['difficulty']:<6} {g['games']:>7} games  won {g['win_rate'] * 100:5.1f} %  "
              f"lost: " + ", ".join(f"{r} {g['losses'][r]}" for r in g["losses"])
              + (f"  median finish {fm['median']} of {g['clock_minutes']:g} min" if fm else "")
              + (f"  | solver won {g['solver']['wins']} of {g['solver']['seeds']}" if "solver" in g else ""))
    total = sum(t.count for t in tasks)
    print(f"{total} games in {elapsed:.1f} s; report in {out}/ ({', '.join(f.name for f in files)})")
    return 0
