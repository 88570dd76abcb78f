"""The contract between the shared assistant machinery and one game's rules.

A game is a class deriving from :class:`AssistantGame`. It is pure: no pygame, no wall clock,
no I/O after loading its data; randomness only from ``self.rng`` (seeded). The framework feeds
it one parsed :class:`Command` at a time:

- :meth:`AssistantGame.handle` either returns what the program says (a list of texts, in the
  game's language) or raises :class:`Refused` with the reason in the game's words. A refused
  command must change nothing; the session also guarantees this by restoring a snapshot.
- :meth:`AssistantGame.public_state` is a JSON-able dict of what everyone at the table may see.
- ``undo``, ``help`` and ``state`` are handled by the session, not by games.
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

    def to_dict(self) -> dict[str, Any]:
        return {"command": self.line, "accepted": self.accepted, "reason": self.reason,
                "said": self.said, "state": self.state}
