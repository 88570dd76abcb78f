"""The debrief picture after a live game (window and terminal): a recorder keeps the game's
events as they come (a live session keeps none) and draws the picture when asked."""

from __future__ import annotations

import time
from pathlib import Path

from tiptoi_sim.core.events import Event


def default_path() -> Path:
    """Where a live game's debrief goes: ``<data dir>/debriefs/millionen-coup-<time>.png``."""
    from tiptoi_sim.paths import data_dir

    return data_dir() / "debriefs" / f"millionen-coup-{time.strftime('%Y%m%d-%H%M%S')}.png"


class DebriefRecorder:
    """Listens to a :class:`~tiptoi_sim.millionen_coup.live.LiveGame` from its start."""

    def __init__(self, live):
        self.live = live
        self.events: list[Event] = []
        live.listeners.append(self.events.append)    # list.append is atomic: safe on the driver thread

    @property
    def over(self) -> bool:
        return any(e.type == "game_over" for e in self.events)

    def write(self, path: str | Path | None = None, *, lang: str = "de") -> Path:
        """Draw the picture of the game so far (normally: the game that just ended)."""
        from tiptoi_sim.analysis.debrief import build_model, context_of_game, draw, save
        from tiptoi_sim.millionen_coup.session import UI_ONLY_EVENTS

        p = Path(path) if path else default_path()
        p.parent.mkdir(parents=True, exist_ok=True)
        with self.live.lock:
            session = self.live.session
            game = session.game
            ctx = context_of_game(game) if game is not None else {}
            events = [e.to_dict() for e in list(self.events) if e.type not in UI_ONLY_EVENTS]
            data = session.data
            seed = session.seed
        # a new game after the end restarts the clock: draw the last game only
        starts = [i for i, e in enumerate(events) if e["type"] == "phase" and e.get("name") == "preparation"]
        if starts:
            events = events[starts[-1]:]
        return save(draw(build_model(events, seed=seed, **ctx), data, lang=lang), p)
