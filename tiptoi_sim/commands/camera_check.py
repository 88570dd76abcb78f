"""``tiptoi-sim camera-check [--camera N|FILE]``: the webcam set-up check without a window.

Looks at a few seconds of the camera (or a whole short video) and prints, in words, what the
set-up screen of ``play --input webcam`` shows: the board found, the markers seen, light and
focus warnings, the stylus tip's colour and the test taps. Exit 0 when the board is found,
1 when it is not (so a script can tell), 2 for a camera or file that cannot be opened."""

from __future__ import annotations

import argparse

from tiptoi_sim.core.errors import UserError

NAME = "camera-check"
ORDER = 63
HELP = "check the webcam set-up (board, markers, light, focus, a test tap) and print what is seen"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--camera", default="0", metavar="N|FILE", help="camera number or video file (default: 0)")
    p.add_argument("--pointer", choices=["finger", "stylus"], default="finger", help="what points (default: finger)")
    p.add_argument("--seconds", default="4", metavar="S",
                   help="how long to watch a camera (default 4; a video file is read to its end, at most 60 s)")
    p.add_argument("--lang", choices=["de", "en"], default="de", help="language of the findings (default: de)")
    p.add_argument("--hotspots", metavar="FILE", help="an overlay file of hotspots (default: as taps-from-video)")


def parse_camera(text: str) -> int | str:
    """A camera number (ASCII digits, 0-99) or else a video file name."""
    from tiptoi_sim.core.numbers import is_whole, parse_whole

    s = str(text).strip()
    if is_whole(s):
        return parse_whole(s, field="--camera", lo=0, hi=99)
    return s


def run(args) -> int:
    from pathlib import Path

    from tiptoi_sim.camera.capture import FrameSource, SourceError
    from tiptoi_sim.camera.check import CameraCheck
    from tiptoi_sim.camera.hotspots import load_hotspots
    from tiptoi_sim.core.numbers import parse_seconds

    source = parse_camera(args.camera)
    seconds = parse_seconds(args.seconds, field="--seconds", lo=0.5, hi=60)
    if isinstance(source, str) and not Path(source).is_file():
        raise UserError(f"--camera {source}: no such video file (give a camera number like 0, or a video file)")
    if args.hotspots and not Path(args.hotspots).is_file():
        raise UserError(f"--hotspots {args.hotspots}: file not found")
    check = CameraCheck(load_hotspots(args.hotspots), pointer=args.pointer, lang=args.lang)
    src = FrameSource(source)
    try:
        src.open()
    except SourceError as e:
        raise UserError(str(e)) from None
    limit = 60.0 if src.is_file else seconds
    try:
        while True:
            got = src.read()
            if got is None:
                break
            frame, t = got
            if t > limit:
                break
            check.feed(frame, t)
    finally:
        src.close()
    for f in check.findings():
        print(f"{check.mark(f.level)}  {f.text}")
    return 0 if check.board_found else 1
