"""``tiptoi-sim validate [PATH]``: check a board-assets folder (all games) or one game's folder."""

from __future__ import annotations

from pathlib import Path

NAME = "validate"
ORDER = 30
HELP = "check a board_assets folder (or one game's folder in it) and report the first problem"


def add_arguments(p) -> None:
    p.add_argument("path", nargs="?", default=None, metavar="PATH",
                   help="board_assets/ or a game folder such as board_assets/millionen_coup (default: the bundled one)")


def _check_millionen_coup(folder: Path) -> str:
    """Load the game's data: board, rules, grammar.yaml and the phrase catalogues, whose every
    template is checked against the fields the pen gives it (phrase_fields.py), so a folder that
    passes here cannot make a game fail on a phrase."""
    from tiptoi_sim.millionen_coup.data import load_game_data
    from tiptoi_sim.millionen_coup.taps import all_tap_ids

    data = load_game_data(folder)
    extra = ""
    if (folder / "layout.yaml").exists():
        try:
            from tiptoi_sim.millionen_coup.layout import load_layout
        except ModuleNotFoundError:
            pass
        else:
            layout = load_layout(folder / "layout.yaml")
            extra = f", {len(layout.hotspots)} hotspots"
    return (f"{len(data.rooms)} rooms, {len(data.connections)} connections, {len(data.characters)} characters, "
            f"{len(data.plans)} plans, {len(all_tap_ids(data))} tap ids, "
            f"{sum(not k.startswith('room.') for k in data.phrases['de'].templates)} phrases in "
            f"{', '.join(sorted(data.phrases))} checked against "
            f"the fields the pen gives them, the grammar of every room{extra}")


def _check_camera(folder: Path) -> str:
    """The camera check's words (check.de.yaml, check.en.yaml): the same keys and placeholders in
    both, and only those the check fills."""
    from tiptoi_sim.camera.check import CONTRACT
    from tiptoi_sim.core.phrases import load_catalogues

    cats = load_catalogues(folder, stem="check", contract=CONTRACT)
    return f"{len(cats['de'].templates)} phrases in {', '.join(sorted(cats))}"


def _check_assistant(game_id: str, folder: Path) -> str:
    from tiptoi_sim.assistants.registry import game_class

    game_class(game_id).load_assets(folder)
    return "ok"


def run(args) -> int:
    from tiptoi_sim.assistants.registry import GAMES
    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.paths import assets_dir

    root = Path(args.path) if args.path else assets_dir()
    if not root.is_dir():
        raise UserError(f"{root}: not a folder")
    checkers = {"millionen_coup": _check_millionen_coup}
    for gid in GAMES:
        checkers[gid.replace("-", "_")] = lambda folder, gid=gid: _check_assistant(gid, folder)
    checkers["camera"] = _check_camera
    if root.name in checkers:
        targets = [root]
    else:
        targets = [root / name for name in checkers if (root / name).is_dir()]
        if not targets:
            raise UserError(f"{root}: no game folder here (expected one of: {', '.join(checkers)})")
    return _report(targets, checkers)


def _title(folder: Path) -> str:
    """The game's name as players know it (the folder's game id if the registry has none)."""
    if folder.name == "millionen_coup":
        return "Der Millionen-Coup"
    if folder.name == "camera":
        return "The webcam's set-up check"
    try:
        from tiptoi_sim.assistants.registry import game_class

        return game_class(folder.name.replace("_", "-")).title or folder.name
    except Exception:  # an unknown folder name: its id is the best name we have
        return folder.name


def _report(targets: list[Path], checkers: dict) -> int:
    """Check every game and the camera's words (a broken one does not hide the others): one line
    per folder, by name;
    exit status 2 if any was refused (its line names the file, line, field and what was wrong)."""
    import sys

    from tiptoi_sim.core.errors import UserError

    failed = 0
    for folder in targets:
        name = _title(folder)
        try:
            summary = checkers[folder.name](folder)
        except UserError as e:
            if "not built yet" in str(e):
                print(f"{name} ({folder}): skipped ({e})")
                continue
            failed += 1
            print(f"{name} ({folder}): error: {e}", file=sys.stderr)
            continue
        print(f"{name} ({folder}): ok" + (f" ({summary})" if summary and summary != "ok" else ""))
    if failed:
        print(f"tiptoi-sim: error: {failed} of {len(targets)} folders refused (see above)", file=sys.stderr)
        return 2
    return 0
