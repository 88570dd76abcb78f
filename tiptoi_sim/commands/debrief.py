"""``tiptoi-sim debrief FILE --out debrief.png``: the picture of what happened in a game."""

from __future__ import annotations

NAME = "debrief"
ORDER = 12
HELP = "draw the debrief picture of a Millionen-Coup game (from a scenario, an event stream or a journal)"
DESCRIPTION = (HELP + ": a timeline with a lane per player, the guard, locks and alarms, the clock and the "
               "end; beside it the board with everyone's path. PNG, or SVG when --out ends in .svg.")


def add_arguments(p) -> None:
    p.add_argument("file", metavar="FILE", help="a scenario (.yaml), an event stream from simulate (JSON lines) or a journal")
    p.add_argument("--out", default="debrief.png", metavar="PICTURE", help="the picture to write (.png or .svg; default debrief.png)")
    p.add_argument("--lang", choices=["de", "en"], default="de", help="language of the labels (default: de)")


def run(args) -> int:
    from pathlib import Path

    from tiptoi_sim.analysis.debrief import debrief_file
    from tiptoi_sim.core.errors import UserError

    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".svg"):
        raise UserError(f"--out {args.out}: expected a .png or .svg file name")
    if not out.parent.exists():
        raise UserError(f"--out {args.out}: the folder {out.parent} does not exist")
    path = debrief_file(args.file, out, lang=args.lang)
    print(f"wrote {path}")
    return 0
