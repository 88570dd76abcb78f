"""``tiptoi-sim render-board``: draw the screen board of Der Millionen-Coup to an image file
(to print it, or to test the webcam), optionally with the four ArUco registration markers."""

from __future__ import annotations

import argparse

from tiptoi_sim.core.numbers import option, parse_whole

NAME = "render-board"
ORDER = 60
HELP = "draw the Millionen-Coup board to a PNG (to print it or test the webcam)"
DESCRIPTION = (HELP + ". The board comes from board_assets/millionen_coup (board.yaml, layout.yaml and the "
               "phrase catalogue). With --markers a white margin holds ArUco DICT_4X4_50 markers 0-3 outside "
               "the top-left, top-right, bottom-right and bottom-left corners, each touching its board corner.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", required=True, metavar="FILE", help="the image file to write (.png, .jpg or .bmp)")
    p.add_argument("--width", type=option(parse_whole, lo=100, hi=20000), default=2400, metavar="PX", help="the board's width in pixels (default 2400)")
    p.add_argument("--markers", action="store_true", help="add the ArUco registration markers in a white margin")
    p.add_argument("--lang", choices=["de", "en"], default="de", help="language of the labels (default: de)")
    p.add_argument("--layout", metavar="FILE", help="a layout file instead of board_assets/millionen_coup/layout.yaml")
    p.add_argument("--overlay", metavar="FILE", help="a layout overlay whose polygons replace the layout's by id")
    p.add_argument("--assets", metavar="DIR", help="the millionen_coup assets folder")


def run(args) -> int:
    import os
    from pathlib import Path

    from tiptoi_sim.core.errors import UserError

    if not 200 <= args.width <= 20000:
        raise UserError(f"--width {args.width}: expected 200 to 20000 pixels")
    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".jpg", ".jpeg", ".bmp"):
        raise UserError(f"--out {args.out}: expected a .png, .jpg or .bmp file name")
    if not out.parent.exists():
        raise UserError(f"--out {args.out}: the folder {out.parent} does not exist")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import cv2

    from tiptoi_sim.millionen_coup.data import load_game_data
    from tiptoi_sim.millionen_coup.layout import load_layout
    from tiptoi_sim.screen.board_drawing import render_board_array

    data = load_game_data(args.assets)
    layout = load_layout(args.layout, overlay=args.overlay, data=data)
    img = render_board_array(args.width, markers=args.markers, data=data, layout=layout, lang=args.lang)
    if not cv2.imwrite(str(out), img[:, :, ::-1]):
        raise UserError(f"--out {args.out}: cannot write the image")
    h, w = img.shape[:2]
    print(f"wrote {out} ({w}×{h} px{', with markers 0-3' if args.markers else ''})")
    return 0
