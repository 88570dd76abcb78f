"""``tiptoi-sim simulate SCENARIO.yaml``: run a scenario in virtual time, write the event stream."""

from __future__ import annotations

import sys

NAME = "simulate"
ORDER = 10
HELP = "run a Der Millionen-Coup scenario file in virtual time and write its event stream (JSON lines)"


def add_arguments(p) -> None:
    p.add_argument("scenario", metavar="SCENARIO.yaml", help="the scenario file (see docs/scenarios.md)")
    p.add_argument("--out", metavar="FILE", help="write the events here instead of standard output")
    p.add_argument("--lang", choices=["de", "en"], default=None, help="language of say events (default: the scenario's, else de)")
    p.add_argument("--assets", metavar="DIR", help="the millionen_coup assets folder (default: the bundled one)")
    p.add_argument("--no-say", action="store_true", help="leave out the say events")
    p.add_argument("--unit-seconds", default=None, metavar="S",
                   help="play at this unit instead of the file's, every time in the file rescaled "
                        "(as play --taps --unit-seconds does)")
    p.add_argument("--debrief", metavar="PICTURE", help="also draw the game's debrief picture (.png, or .svg)")


def run(args) -> int:
    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.millionen_coup.data import load_game_data
    from tiptoi_sim.millionen_coup.scenario import load_scenario, rescaled, run_scenario, write_events

    data = load_game_data(args.assets)
    unit = None
    if args.unit_seconds is not None:
        from tiptoi_sim.core.numbers import parse_unit_seconds

        unit = parse_unit_seconds(args.unit_seconds, field="--unit-seconds")
    sc = rescaled(load_scenario(args.scenario, data), unit)
    session = run_scenario(sc, data, lang=args.lang)
    from tiptoi_sim.millionen_coup.session import UI_ONLY_EVENTS

    events = [e for e in session.events
              if e.type not in UI_ONLY_EVENTS and not (args.no_say and e.type == "say")]
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as f:
                write_events(events, f)
        except OSError as e:
            raise UserError(f"{args.out}: cannot write ({e.strerror})") from None
    else:
        write_events(events, sys.stdout)
    if args.debrief:
        from tiptoi_sim.analysis.debrief import debrief_session

        path = debrief_session(session, args.debrief, lang=args.lang or sc.lang, data=data)
        print(f"wrote {path}", file=sys.stderr)
    return 0
