"""Which hotspots the webcam uses: the layout of ``board_assets/`` plus, when the user made one
with ``tiptoi-sim hotspots edit``, their overlay file (polygons by id over their own board)."""

from __future__ import annotations

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
