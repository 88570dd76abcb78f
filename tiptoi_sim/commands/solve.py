"""``tiptoi-sim solve``: with full knowledge of a seed's hidden setup, a fastest win it can find."""

from __future__ import annotations

NAME = "solve"
ORDER = 31
HELP = "find a fast winning Millionen-Coup game for a seed, knowing everything hidden; write it as a scenario"
DESCRIPTION = (HELP + ". The search runs on the rules engine (docs/analysis.md). The plan is checked by "
               "replaying it as simulate would.")


def add_arguments(p) -> None:
    p.add_argument("--seed", required=True, metavar="N", help="the game's seed")
    p.add_argument("--players", default="red=oliver_crow,blue=ben", metavar="COLOUR=CHARACTER,…",
                   help="the team (default red=oliver_crow,blue=ben)")
    p.add_argument("--difficulty", default="normal", choices=["easy", "normal", "hard"])
    p.add_argument("--out", metavar="PLAN.yaml", help="write the game found as a scenario file")
    p.add_argument("--time-limit", default="7", metavar="SECONDS", help="how long to search (default 7; the whole command stays within 10 s)")
    p.add_argument("--debrief", metavar="PICTURE", help="also draw the game's debrief picture (.png or .svg)")
    p.add_argument("--lang", choices=["de", "en"], default="de", help="language of the debrief picture")


def scenario_text(doc: dict, comment: str) -> str:
    """The scenario as YAML, one tap entry per line."""
    import yaml

    setup = yaml.safe_dump({"setup": doc["setup"]}, sort_keys=False, allow_unicode=True)
    lines = [f"# {line}" for line in comment.splitlines()] + [setup.rstrip(), "taps:"]
    for entry in doc["taps"]:
        taps = ", ".join(entry["tap"])
        lines.append(f"  - {{at: {entry['at']}, tap: [{taps}]}}")
    lines.append(f"until: {doc['until']}")
    return "\n".join(lines) + "\n"


def run(args) -> int:
    from pathlib import Path

    from tiptoi_sim.analysis.debrief import clock_text
    from tiptoi_sim.analysis.solver import solve
    from tiptoi_sim.commands.analyze import parse_players
    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.core.numbers import parse_decimal, parse_whole
    from tiptoi_sim.millionen_coup.data import load_game_data
    from tiptoi_sim.millionen_coup.scenario import run_scenario, scenario_from_text

    data = load_game_data()
    seed = parse_whole(args.seed, field="--seed", lo=0, hi=2**31)
    limit = parse_decimal(args.time_limit, field="--time-limit", lo=0.5, hi=3600)
    players = dict(parse_players(args.players, data))
    for opt in ("out", "debrief"):
        value = getattr(args, opt)
        if value and not Path(value).parent.exists():
            raise UserError(f"--{opt} {value}: the folder {Path(value).parent} does not exist")
    res = solve(data, seed, players, args.difficulty, time_limit=limit)
    sim = res.sim
    if res.won:
        units = res.finish_ms / sim.unit_ms
        print(f"won at {clock_text(res.finish_ms / 1000)} ({units:g} time units) of the {clock_text(res.limit_ms / 1000)} "
              f"clock: {clock_text(res.margin_ms / 1000)} to spare")
        print(f"preparation: {_loadout_text(res.loadout)}; searched {res.nodes} states over {res.loadouts_tried} "
              f"preparations in {res.seconds:.1f} s")
        comment = (f"tiptoi-sim solve --seed {seed} --players {args.players} --difficulty {args.difficulty}\n"
                   f"wins at {clock_text(res.finish_ms / 1000)} of {clock_text(res.limit_ms / 1000)}")
    else:
        print(f"no win found within the {clock_text(res.limit_ms / 1000)} clock (searched {res.nodes} states "
              f"in {res.seconds:.1f} s)")
        if res.progress:
            pr = res.progress
            print(f"best game found: at {clock_text(pr['t'] / 1000)} still at least {pr['units_short']:g} time units "
                  f"from the win; rooms {', '.join(f'{c}: {r}' for c, r in pr['rooms'].items())}; "
                  f"locks open {pr['opened_locks'] or 'none'}; alarms off {pr['alarms_off'] or 'none'}; "
                  f"vault {'open' if pr['vault_open'] else 'closed'}")
        comment = f"tiptoi-sim solve --seed {seed}: no win found; the best game found, cut where it stood"
    if sim is not None and args.out:
        text = scenario_text(sim.scenario(until="end" if res.won else round(sim.now / 1000)), comment)
        if res.won:
            session = run_scenario(scenario_from_text(text, data, args.out), data)
            last = session.events[-1] if session.events else None
            over = [e for e in session.events if e.type == "game_over"]
            if not over or over[-1].fields.get("result") != "won":
                raise RuntimeError(f"the plan does not replay to a win (last event {last})")
        try:
            Path(args.out).write_text(text, encoding="utf-8")
        except OSError as e:
            raise UserError(f"--out {args.out}: cannot write ({e.strerror})") from None
        print(f"wrote {args.out}" + (" (replays to game_over won)" if res.won else ""))
    if sim is not None and args.debrief:
        from tiptoi_sim.analysis.debrief import debrief_file
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            plan = Path(tmp) / "plan.yaml"
            plan.write_text(scenario_text(sim.scenario(until="end" if res.won else round(sim.now / 1000)), ""), encoding="utf-8")
            print(f"wrote {debrief_file(plan, args.debrief, lang=args.lang, data=data)}")
    return 0 if res.won else 1


def _loadout_text(lo: dict) -> str:
    if "bot" in lo:
        return f"as the {lo['bot']} bot played it"
    parts = []
    for colour, items in lo.items():
        parts.append(f"{colour}: " + (", ".join(t.split(":", 1)[1] for _, t in items) or "nothing"))
    return "; ".join(parts)
