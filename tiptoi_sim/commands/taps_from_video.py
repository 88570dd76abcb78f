"""``tiptoi-sim taps-from-video CLIP``: the whole webcam pipeline, headless, on a video whose
first second shows the board without a hand; prints one JSON line per tap."""

from __future__ import annotations

import argparse

from tiptoi_sim.core.errors import UserError

NAME = "taps-from-video"
ORDER = 64
HELP = "find the taps in a webcam video of the board and print them as JSON lines"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("clip", metavar="CLIP", help="a video file (the first second: the board without a hand)")
    p.add_argument("--pointer", choices=["finger", "stylus"], default="finger", help="what points (default: finger)")
    p.add_argument("--hotspots", metavar="FILE", help="an overlay file of hotspots (default: your saved "
                   "overlay from 'hotspots edit' if any, else the board's own)")
    p.add_argument("--stylus-colour", default="any", metavar="NAME",
                   help="the stylus tip's colour: any (default: a vivid tip of any colour, found by itself), "
                        "or only green, magenta, blue, orange or red")
    # (camera.dwell.DWELL_S and DWELL_RADIUS, written out: the command line does not import numpy to start)
    p.add_argument("--dwell", default="0.65", metavar="S", help="seconds of rest that make a tap (default 0.65)")
    p.add_argument("--radius", default="0.018", metavar="FRAC",
                   help="how still the tip must be, as a share of the board's width (default 0.018)")
    p.add_argument("--board-photo", metavar="PHOTO", help="a picture of the board cut to its edges: used to find "
                   "the board by its features when the markers are missing")
    p.add_argument("--features", action="store_true", help="without markers: find the board by features of our "
                   "board drawing (or of --board-photo)")
    p.add_argument("--all", action="store_true", help="also print dwells that hit no hotspot (tap: null)")


def run(args) -> int:
    import json
    import sys
    from pathlib import Path

    from tiptoi_sim.camera.capture import SourceError, iter_frames
    from tiptoi_sim.camera.hotspots import load_hotspots
    from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
    from tiptoi_sim.camera.stylus import StylusColour

    if not Path(args.clip).is_file():
        raise UserError(f"video file not found: {args.clip}")
    if args.hotspots and not Path(args.hotspots).is_file():
        raise UserError(f"--hotspots {args.hotspots}: file not found")
    from tiptoi_sim.core.numbers import parse_decimal, parse_seconds

    dwell = parse_seconds(args.dwell, field="--dwell", lo=0.1, hi=5)
    radius = parse_decimal(args.radius, field="--radius", lo=0.002, hi=0.2)
    colour = None
    if args.stylus_colour != "any":
        try:
            colour = StylusColour.preset(args.stylus_colour)
        except ValueError as e:
            raise UserError(f"--stylus-colour: {e} (or any)") from None
    layout = load_hotspots(args.hotspots)
    ref = None
    if args.board_photo:
        import cv2

        if not Path(args.board_photo).is_file():
            raise UserError(f"--board-photo {args.board_photo}: file not found")
        ref = cv2.imread(args.board_photo)
        if ref is None:
            raise UserError(f"--board-photo {args.board_photo}: not an image OpenCV can read")
    elif args.features:
        from tiptoi_sim.camera.synth import board_picture

        ref = board_picture(1200, layout)
    pipe = TapPipeline(layout.hit_test, PipelineConfig(pointer=args.pointer, aspect=layout.aspect, feature_ref=ref,
                                                       dwell_radius=radius, dwell_s=dwell, stylus=colour))
    n = 0
    try:
        for frame, t in iter_frames(args.clip):
            n += 1
            for tap in pipe.process(frame, t):
                if tap.tap is None and not args.all:
                    continue
                print(json.dumps({"t": round(tap.t, 3), "tap": tap.tap, "x": round(tap.x, 4), "y": round(tap.y, 4)}),
                      flush=True)
    except SourceError as e:
        raise UserError(str(e)) from None
    if n == 0:
        raise UserError(f"{args.clip}: no frames could be read (not a video OpenCV can decode?)")
    if pipe.H is None:
        print(f"tiptoi-sim: warning: the board's four markers were never seen in {args.clip}", file=sys.stderr)
    return 0
