"""Which hotspots the webcam uses: the layout of ``board_assets/`` plus, when the user made one
with ``tiptoi-sim hotspots edit``, their overlay file (polygons by id over their own board)."""

from __future__ import annotations

import math
from pathlib import Path

import yaml

from tiptoi_sim.paths import data_dir


def user_overlay_path() -> Path:
    return data_dir() / "webcam_hotspots.yaml"


def load_hotspots(overlay: str | Path | None = None, *, use_user_overlay: bool = True):
    """The layout in use: with ``overlay`` that file, else the user's saved overlay if any."""
    from tiptoi_sim.millionen_coup.layout import load_layout

    if overlay is None and use_user_overlay and user_overlay_path().is_file():
        overlay = user_overlay_path()
    return load_layout(overlay=overlay)


def write_overlay(path: str | Path, hotspots: dict, aspect: float | None = None) -> None:
    """Save polygons (board coordinates 0-1) as an overlay file of the layout's format."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# Webcam hotspots over the user's own board (tiptoi-sim hotspots edit).",
             "# Same format as board_assets/millionen_coup/layout.yaml; these polygons replace its by id.", ""]
    lines.append("hotspots:")
    for tid in sorted(hotspots):
        pts = ", ".join(f"[{min(1.0, max(0.0, x)):.4f}, {min(1.0, max(0.0, y)):.4f}]" for x, y in hotspots[tid])
        lines.append(f"  {yaml.safe_dump(tid, default_style=chr(34)).strip()}: [{pts}]")
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")


#: how far (shares of the board's width) a dwell that lands beside every hotspot is looked
#: around for one: about 1.5 pixels of the rectified board, the size of the tip's error at a
#: fingertip seen a few pixels wide. Small hotspots (the locks, 0.022 of the board's height)
#: are only about 4 pixels tall there, so a tip read a pixel short lands in the gap beside one.
SNAP_REACH = 0.006
#: how much nearer (shares of the board's width, about a quarter of a pixel) the nearest
#: hotspot must be than any other for a tap beside both to count for it
SNAP_MARGIN = 0.001


def nearest_hotspot(hit_test, x: float, y: float, aspect: float, reach: float = SNAP_REACH,
                    margin: float = SNAP_MARGIN, n: int = 16) -> str | None:
    """The hotspot a tap at board point (x, y) meant: the one under it, else the nearest within
    ``reach`` (shares of the board's width; ``aspect`` = width / height), found on rings of
    ``n`` points every 0.0005 around the point. None when nothing is that near, or when another
    hotspot is met within ``margin`` farther: the tap lies about as near to two hotspots, and
    no tap is better than the wrong one. Uses only ``hit_test(x, y) -> id | None``."""
    tid = hit_test(x, y)
    if tid is not None:
        return tid
    found, at = None, 0.0
    for i in range(1, int(round((reach + margin) / 0.0005)) + 1):
        rho = 0.0005 * i
        if found is not None and rho > at + margin + 1e-9:
            return found
        met = {hit_test(x + rho * math.cos(2 * math.pi * k / n), y + rho * math.sin(2 * math.pi * k / n) * aspect)
               for k in range(n)} - {None}
        if found is None and met:
            if rho > reach + 1e-9:
                return None  # (first met beyond the reach)
            found, at = met.pop(), rho
        if found is not None and met - {found}:
            return None
    return found
