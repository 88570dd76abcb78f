"""Events: what the engine tells the world. Sinks (speech, screen, journal, JSON writer) only
read them. An event is a type plus fields; its JSON line is ``{"t": …, "type": …, fields…}``
with the fields in the order the engine gave them, so the same run gives the same bytes."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tiptoi_sim.core.taps import seconds


@dataclass(slots=True)
class Event:
    t_ms: int
    type: str
    fields: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"t": seconds(self.t_ms), "type": self.type}
        d.update(self.fields)
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)
