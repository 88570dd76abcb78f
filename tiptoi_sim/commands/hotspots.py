"""``tiptoi-sim hotspots``: the webcam's hotspots. ``--json`` prints those in use (id and polygon);
``hotspots edit --photo PHOTO`` opens an editor over a photo of your board and saves your own
overlay, used by the webcam from then on."""

from __future__ import annotations

import argparse

from pathlib import Path

from tiptoi_sim.core.errors import UserError
from tiptoi_sim.core.numbers import option, parse_decimal, parse_whole

NAME = "hotspots"
ORDER = 63
HELP = "show the webcam's hotspots (--json) or edit them over a photo of your board (edit --photo)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", nargs="?", choices=["show", "edit"], default="show",
                   help="show (default) or edit")
    p.add_argument("--json", action="store_true", help="print the hotspots in use as JSON (id and polygon)")
    p.add_argument("--hotspots", metavar="FILE", help="an overlay file to use instead of your saved one")
    p.add_argument("--scenario", metavar="FILE",
                   help="with --json: also the markers on the board (locks on their doors, alarms, consoles, "
                        "waypoints) as they lie at the end of this scenario file (default: lock 1 on the entrance)")
    p.add_argument("--photo", metavar="PHOTO", help="edit: a photo of your board (with its four markers; "
                   "without them you click the board's corners, or give --corners)")
    p.add_argument("--corners", metavar="X,Y,...", help="edit: the board's corners in the photo, in pixels: "
                   "top-left, top-right, bottom-right, bottom-left (8 numbers)")
    p.add_argument("--out", metavar="FILE", help="edit: where to save the overlay (default: your overlay file)")
    p.add_argument("--width", type=option(parse_whole, lo=200, hi=10000), default=1000, metavar="PX", help="edit: window width (default 1000)")


def run(args) -> int:
    import json
    from pathlib import Path

    from tiptoi_sim.camera.hotspots import load_hotspots, user_overlay_path

    if args.hotspots and not Path(args.hotspots).is_file():
        raise UserError(f"--hotspots {args.hotspots}: file not found")
    layout = load_hotspots(args.hotspots)
    if args.action == "show":
        if args.json:
            items = [json.dumps({"id": t, "polygon": [[round(x, 4), round(y, 4)] for x, y in p]})
                     for t, p in layout.hotspots.items()]
            # every marker drawn on the board is a hotspot for its id too (the window and the
            # webcam hit-test them first); "marker": true tells them from the printed hotspots
            items += [json.dumps({"id": t, "polygon": [[round(x, 4), round(y, 4)] for x, y in p], "marker": True})
                      for t, p in _markers(args, layout)]
            print("[\n" + ",\n".join(items) + "\n]")
        else:
            src = args.hotspots or (user_overlay_path() if user_overlay_path().is_file() else "board_assets")
            print(f"{len(layout.hotspots)} hotspots (overlay: {src}); --json prints them")
        return 0
    return _edit(args, layout)


def _markers(args, layout):
    from tiptoi_sim.millionen_coup.data import load_game_data
    from tiptoi_sim.millionen_coup.layout import marker_hotspots

    data = load_game_data()
    state: dict = {}
    if args.scenario:
        from tiptoi_sim.millionen_coup.scenario import load_scenario, run_scenario

        if not Path(args.scenario).is_file():
            raise UserError(f"--scenario {args.scenario}: file not found")
        state = run_scenario(load_scenario(args.scenario, data), data).game.state()
    return marker_hotspots(layout, data, state)


def _edit(args, layout) -> int:
    from pathlib import Path

    import cv2

    from tiptoi_sim.camera.editor import board_from_photo, run_editor
    from tiptoi_sim.camera.hotspots import user_overlay_path

    if not args.photo:
        raise UserError("hotspots edit: give --photo PHOTO (a photo of your board)")
    if not Path(args.photo).is_file():
        raise UserError(f"--photo {args.photo}: file not found")
    photo = cv2.imread(args.photo)
    if photo is None:
        raise UserError(f"--photo {args.photo}: not an image OpenCV can read")
    corners = None
    if args.corners:
        try:
            v = [parse_decimal(s, lo=-100000, hi=100000) for s in args.corners.split(",")]
        except UserError:
            v = []
        if len(v) != 8:
            raise UserError("--corners: expected 8 numbers x,y for top-left, top-right, bottom-right, bottom-left")
        corners = [v[0:2], v[2:4], v[4:6], v[6:8]]
    if not 200 <= args.width <= 4000:
        raise UserError(f"--width {args.width}: expected 200 to 4000 pixels")
    try:
        board = board_from_photo(photo, args.width, layout.aspect, corners)
    except ValueError as e:
        raise UserError(f"--corners: {e}") from None
    if board is None:
        from tiptoi_sim.camera.editor import pick_corners

        print("the four board markers are not all visible: click the board's corners in the window")
        clicked = pick_corners(cv2.cvtColor(photo, cv2.COLOR_BGR2RGB))
        if clicked is not None:
            try:
                board = board_from_photo(photo, args.width, layout.aspect, clicked)
            except ValueError as e:
                raise UserError(f"the clicked corners: {e}") from None
    if board is None:
        raise UserError(f"{args.photo}: the four board markers are not all visible; give the corners "
                        "with --corners x,y,x,y,x,y,x,y (top-left, top-right, bottom-right, bottom-left)")
    out = Path(args.out) if args.out else user_overlay_path()
    saved = run_editor(cv2.cvtColor(board, cv2.COLOR_BGR2RGB), layout.hotspots, out)
    print(f"saved {out}" if saved else "not saved (press S in the editor to save)")
    return 0
