"""Where things live: the bundled ``board_assets/`` folder and the user's data and cache folders."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent


def assets_dir() -> Path:
    """The ``board_assets/`` folder (overridable with ``TIPTOI_SIM_ASSETS``)."""
    env = os.environ.get("TIPTOI_SIM_ASSETS")
    return Path(env) if env else REPO_DIR / "board_assets"


def _xdg(var: str, fallback: str) -> Path:
    """``$VAR`` if set (an absolute path, as the XDG spec says), else ``~/fallback``."""
    base = os.environ.get(var)
    if base and os.path.isabs(base):
        return Path(base)
    try:
        return Path.home() / fallback
    except RuntimeError:  # no HOME and no user entry (a bare container)
        from tiptoi_sim.core.errors import UserError

        raise UserError(f"no home folder to keep data in: set {var} to a folder you can write to") from None


def data_dir() -> Path:
    """The user's data folder for journals and overlays (``$XDG_DATA_HOME/tiptoi-sim``)."""
    d = _xdg("XDG_DATA_HOME", ".local/share") / "tiptoi-sim"
    return d


def cache_dir() -> Path:
    """The user's cache folder, e.g. for synthesized speech (``$XDG_CACHE_HOME/tiptoi-sim``)."""
    return _xdg("XDG_CACHE_HOME", ".cache") / "tiptoi-sim"
