"""The ``tiptoi-sim`` command. Thin: each subcommand lives in ``tiptoi_sim/commands/<name>.py``
with ``NAME``, ``HELP``, ``ORDER``, ``add_arguments(parser)`` and ``run(args) -> int``, and imports
anything heavy (pygame, OpenCV, pyttsx3) inside ``run`` so that ``--help`` stays fast.

Errors the user can act on (:class:`UserError`) print one line and exit 2; never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

from tiptoi_sim import __version__
from tiptoi_sim.core.errors import UserError


def _command_modules():
    import tiptoi_sim.commands as pkg

    mods = []
    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name.startswith("_"):
            continue
        mods.append(importlib.import_module(f"tiptoi_sim.commands.{info.name}"))
    mods.sort(key=lambda m: (getattr(m, "ORDER", 100), m.NAME))
    return mods


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tiptoi-sim",
        description="A stand-in for the tiptoi pen for Der Millionen-Coup, and a table assistant "
                    "for Rette die Million!, Coup, Millions of Dollars and Gold Connection.")
    parser.add_argument("--version", action="version", version=f"tiptoi-sim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in _command_modules():
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=getattr(mod, "DESCRIPTION", mod.HELP))
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep our output ours
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args) or 0)
    except UserError as e:
        print(f"tiptoi-sim: error: {e}", file=sys.stderr)
        return e.exit_status
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
