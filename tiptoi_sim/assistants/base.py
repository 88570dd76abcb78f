"""The contract between the shared assistant machinery and one game's rules.

A game is a class deriving from :class:`AssistantGame`. It is pure: no pygame, no wall clock,
no I/O after loading its data; randomness only from ``self.rng`` (seeded). The framework feeds
it one parsed :class:`Command` at a time:

- :meth:`AssistantGame.handle` either returns what the program says (a list of texts, in the
  game's language) or raises :class:`Refused` with the reason in the game's words. A refused
  command must change nothing; the session also guarantees this by restoring a snapshot.
- :meth:`AssistantGame.public_state` is a JSON-able dict of what everyone at the table may see.
- ``undo``, ``help``, ``repeat`` and ``state`` are handled by the session, not by games.

At a real table (the table is the truth) a game also supports:

- **Entering a game in progress**: :meth:`AssistantGame.export_state` gives the game as a plain
  dict (the *state file* form, YAML-able, documented per game in docs/assistants/<game>.md) and
  :meth:`AssistantGame.from_state` builds a game from such a dict, checking every field with the
  file, line and field of a wrong value (use :mod:`tiptoi_sim.core.yamlio`'s ``req``/``opt``/
  ``fail`` on the ``LMap`` it receives). The contract is a round trip: for any reachable game
  ``g``, ``from_state(export_state(g))`` has the same ``public_state()`` and gives the same
  answers to every next command. ``state --yaml [FILE]`` writes it; ``assist GAME --from FILE``
  loads it; a state file's top level is ``{game: <game_id>, state: {...}}`` plus optional
  ``lang``/``seed``/``options``.
- **Correcting one fact**: the verb ``fix`` (alias ``set``) goes to :meth:`handle` like any other
  command; it changes one public fact, moves money/coins/chips/bars from or to the bank (or
  reserve, treasury, supply) so totals stay conserved, says what moved, and raises
  :class:`Refused` naming the invariant it would break. Being an ordinary command it is
  journaled and undoable.
- **Read-only commands** (``read_only_verbs``, e.g. ``scores``) change nothing: the session runs
  them without an undo step or a journal line, and checks that the state did not change.
- **Naming who acts**: :func:`split_actor` splits ``B examine A`` into the actor and the command.
- Numbers in arguments go through :mod:`tiptoi_sim.core.numbers`; a ``UserError`` (such as
  ``NumberError``) raised by :meth:`handle` becomes a refusal with its message.
"""

from __future__ import annotations

import random
import shlex
from dataclasses import dataclass, field
from typing import Any, ClassVar


class Refused(Exception):
    """A command the rules (or the command language) do not allow. ``str()`` is the reason."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Command:
    """One line a person could type: a verb and its arguments (shell-like quoting)."""

    verb: str
    args: tuple[str, ...] = ()
    line: str = ""

    def arg(self, i: int, default: str | None = None) -> str | None:
        return self.args[i] if i < len(self.args) else default


def parse_command(line: str) -> Command | None:
    """Parse a line; ``None`` for a blank line or a ``#`` comment. Raises Refused on bad quoting."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    try:
        parts = shlex.split(text, comments=True)
    except ValueError as e:
        raise Refused(f"cannot read the line ({e})") from None
    if not parts:
        return None
    return Command(parts[0].lower(), tuple(parts[1:]), text)


def split_actor(cmd: Command, names: list[str]) -> tuple[str | None, Command]:
    """If the line starts with a player's name followed by a verb (``B examine A``), return that
    name (as written in ``names``, matched case-insensitively) and the command without it;
    otherwise ``(None, cmd)``. A verb that is itself a player's name is never split."""
    if not cmd.args:
        return None, cmd
    lowered = {n.lower(): n for n in names}
    if cmd.verb in lowered:
        rest = Command(cmd.args[0].lower(), cmd.args[1:], cmd.line)
        return lowered[cmd.verb], rest
    return None, cmd


@dataclass
class CommandHelp:
    """One entry of a game's command reference (shown by ``help`` and in docs)."""

    usage: str
    summary: str


class AssistantGame:
    """Base class of a table assistant's rules. Subclasses set the class attributes and
    implement :meth:`handle` and :meth:`public_state`."""

    #: the id used on the command line: ``tiptoi-sim assist <game_id>``
    game_id: ClassVar[str] = ""
    #: the game's display name
    title: ClassVar[str] = ""
    #: command reference, in the order a game goes
    commands: ClassVar[list[CommandHelp]] = []
    #: the game's own commands that only tell (``scores``, ``odds`` …): no undo step, no journal
    read_only_verbs: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, assets: Any, *, seed: int = 0, lang: str = "de",
                 options: dict[str, Any] | None = None):
        self.assets = assets
        self.seed = seed
        self.lang = lang
        self.options = dict(options or {})
        self.rng = random.Random(seed)

    # -- the rules ------------------------------------------------------------
    def handle(self, cmd: Command) -> list[str]:
        raise NotImplementedError

    def public_state(self) -> dict[str, Any]:
        raise NotImplementedError

    def export_state(self) -> dict[str, Any]:
        """The game as the table knows it, in the state-file form (plain dicts, lists, str, int,
        bool; no LMap). Must round-trip through :meth:`from_state`."""
        raise NotImplementedError

    @classmethod
    def from_state(cls, assets: Any, state: Any, *, seed: int = 0, lang: str = "de",
                   options: dict[str, Any] | None = None) -> "AssistantGame":
        """Build a game from a state-file ``state`` mapping (an ``LMap`` from
        :func:`tiptoi_sim.core.yamlio.load_yaml`, or a plain dict). Raise ``DataError`` with
        file, line and field for anything wrong or inconsistent."""
        raise NotImplementedError

    def describe_state(self) -> list[str]:
        """The public state as a few readable lines for the terminal's ``state`` command.
        The default is an indented outline of :meth:`public_state`; games may do better."""
        return ["  " * indent + text for indent, text in outline(self.public_state())]

    @property
    def over(self) -> bool:
        """True once the game has ended (commands may still be refused or undone)."""
        return False

    # -- hints for front ends ---------------------------------------------------
    def suggestions(self) -> list[str]:
        """Commands that make sense now (buttons on the screen, tab completion)."""
        return []

    def timer_seconds(self) -> float | None:
        """If a time limit is running now, its length in seconds; the front end counts it down
        and then sends :attr:`timer_command`. Engines never read the clock themselves."""
        return None

    timer_command: ClassVar[str] = "timeout"

    @classmethod
    def load_assets(cls, folder) -> Any:
        """Load and validate this game's data folder (``board_assets/<game>/``)."""
        raise NotImplementedError


@dataclass
class Result:
    """What one command did, as the script runner prints it."""

    line: str
    accepted: bool
    reason: str | None = None
    said: list[str] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    #: lines to print but not to speak (``state``, ``help``, ``state --yaml``)
    shown: list[str] = field(default_factory=list)
    #: True when the game itself failed (a bug, not a rule): the command was refused and the
    #: state restored; tests and the fuzzer treat this as a defect
    error: bool = False

    def to_dict(self) -> dict[str, Any]:
        d = {"command": self.line, "accepted": self.accepted, "reason": self.reason,
             "said": self.said, "state": self.state}
        if self.shown:
            d["shown"] = self.shown
        if self.error:
            d["error"] = True
        return d



def outline(value: Any, indent: int = 0) -> list[tuple[int, str]]:
    """A JSON-able value as (indent, text) lines: the terminal's ``state`` and the table
    screen's default state panel."""
    lines: list[tuple[int, str]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, (dict, list)) and v:
                lines.append((indent, f"{k}:"))
                lines.extend(outline(v, indent + 1))
            else:
                lines.append((indent, f"{k}: {_short(v)}"))
    elif isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            lines.append((indent, ", ".join(_short(v) for v in value)))
        else:
            for i, v in enumerate(value):
                lines.append((indent, f"{i + 1}."))
                lines.extend(outline(v, indent + 1))
    else:
        lines.append((indent, _short(value)))
    return lines


def _short(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, bool):
        return "✓" if v else "✗"
    if isinstance(v, list):
        return ", ".join(_short(x) for x in v) if v else "–"
    return str(v)
