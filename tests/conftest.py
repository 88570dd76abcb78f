"""Suite-wide set-up: no window or sound device is needed (SDL's dummy drivers), and the
user's cache and data folders point into a temporary folder, so tests never write into the
home folder (speech cache, journals)."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_tmp = tempfile.mkdtemp(prefix="tiptoi-sim-tests-")
atexit.register(shutil.rmtree, _tmp, ignore_errors=True)  # (each run made one more, left behind)
os.environ["XDG_CACHE_HOME"] = os.path.join(_tmp, "cache")
os.environ["XDG_DATA_HOME"] = os.path.join(_tmp, "data")
