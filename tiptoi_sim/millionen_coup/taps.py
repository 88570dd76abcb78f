"""The hotspot (tap) ids of Der Millionen-Coup (spec "Hotspots"), derived from the game data."""

from __future__ import annotations

from tiptoi_sim.millionen_coup.data import LETTERS, GameData

NAV = ("power", "explore", "play", "info", "skip", "repeat")
ACTIONS = ("walk", "run", "sneak", "climb", "locks", "electronics", "vault_digit", "vault_combination", "explore")
EXPLORE_FIELDS = ("general", "locks", "waypoints", "alarms", "blanks")


def all_tap_ids(data: GameData) -> list[str]:
    """Every tap id the pen knows, in a stable order."""
    ids = [f"nav:{n}" for n in NAV]
    ids += [f"player:{c}" for c in data.colours]
    ids += [f"char:{c}" for c in data.characters]
    ids += ["info"]
    ids += [f"level:{d}" for d in ("easy", "normal", "hard")]
    ids += ["mode:tutorial", "mode:game"]
    ids += [f"action:{a}" for a in ACTIONS]
    ids += ["learn"] + [f"skill:{a}" for a in data.abilities]
    ids += [f"plan:{p}" for p in data.plans] + ["plan_slot:1", "plan_slot:2"]
    ids += [f"explore:{f}" for f in EXPLORE_FIELDS]
    ids += ["go"] + [f"room:{r}" for r in data.rooms]
    ids += [f"lock:{n}" for n in range(1, data.hidden["locks"] + 2)]
    ids += [f"console:{x}" for x in LETTERS[: data.hidden["alarms"]]]
    ids += [f"alarm:{x}" for x in LETTERS[: data.hidden["alarms"]]]
    ids += [f"waypoint:{x}" for x in LETTERS[: data.hidden["waypoints"]]]
    ids += ["vault_door"] + [f"digit:{d}" for d in range(10)]
    return ids


def _fold(text: str) -> str:
    """A typed form of a name: lower case, no article, umlauts spelled out, words joined by _."""
    t = text.strip().lower()
    for art in ("the ", "der ", "die ", "das ", "den ", "dem "):
        if t.startswith(art):
            t = t[len(art):]
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"), ("'", "")):
        t = t.replace(a, b)
    return "_".join(t.replace("-", " ").split())


def room_names(data: GameData) -> dict[str, str]:
    """Every room's spoken name in every language, as typed (``tresor``, ``eingangshalle``,
    ``vault``, ``break_room``) -> ``room:<id>``."""
    out: dict[str, str] = {}
    for phrases in data.phrases.values():
        for rid in data.rooms:
            try:
                name = phrases.name(f"room.{rid}", rid)
            except Exception:  # a catalogue without a plain name for the room: the id still works
                continue
            if isinstance(name, str) and name:
                out.setdefault(_fold(name), f"room:{rid}")
    return out


def aliases(data: GameData) -> dict[str, str]:
    """Short names a person may type in the terminal or the window (``lobby`` for
    ``room:lobby``, ``red`` for ``player:red``, ``walk`` for ``action:walk``, ``tresor`` for
    ``room:vault``…). A word with several meanings goes to the action (``explore``, ``locks``),
    else to the room (``vault``); :func:`resolve_words` picks the other meaning after an action
    that needs it (``red learn vault`` learns the ability)."""
    out: dict[str, str] = {}
    clash: set[str] = set()
    for tid in all_tap_ids(data):
        if ":" not in tid:
            continue
        short = tid.split(":", 1)[1]
        if short in out and out[short] != tid:
            clash.add(short)
        out.setdefault(short, tid)
    for short in clash:
        del out[short]
    for name, tid in room_names(data).items():
        out.setdefault(name, tid)
    for rid in data.rooms:  # every room's own id wins a clash (vault: the room, not the ability)
        out[rid] = f"room:{rid}"
    # the actions win over other meanings of their word (explore, locks): they are typed most
    for a in ACTIONS:
        out[a] = f"action:{a}"
    out.update({"power": "nav:power", "skip": "nav:skip", "repeat": "nav:repeat", "tip": "nav:info"})
    return out


#: after this tap, a typed word means a target of this kind first (``red explore locks``)
_TARGET_AFTER = {
    "learn": ("skill", "plan"), "action:explore": ("explore",), "action:locks": ("lock",),
    "action:electronics": ("console",), "action:vault_combination": ("digit",), "digit": ("digit",),
    "action:walk": ("room",), "action:run": ("room",), "action:sneak": ("room",), "action:climb": ("room",),
    "plan": ("lock", "alarm", "console", "room", "plan"),
}


class UnknownWord(Exception):
    """A typed word that names no tap; ``suggestions`` are the nearest ids and short names."""

    def __init__(self, word: str, suggestions: list[str]):
        super().__init__(word)
        self.word = word
        self.suggestions = suggestions

    def message(self) -> str:
        hint = f"; did you mean {', '.join(self.suggestions)}?" if self.suggestions else ""
        return f"unknown tap {self.word!r}{hint}"


def resolve_words(words: list[str], valid: set[str], alias: dict[str, str]) -> list[str]:
    """Typed words (``red walk lobby``) -> tap ids, each word read in the light of the one
    before it. Raises :class:`UnknownWord` (with the nearest ids) for a word that names nothing."""
    import difflib

    out: list[str] = []
    for w in words:
        low = w.lower()
        tid = None
        if out:
            prev = out[-1]
            key = prev if prev in _TARGET_AFTER else prev.split(":", 1)[0]
            for kind in _TARGET_AFTER.get(key, ()):
                if f"{kind}:{low}" in valid:
                    tid = f"{kind}:{low}"
                    break
        if tid is None:
            tid = w if w in valid else alias.get(w) or alias.get(low) or alias.get(_fold(w))
        if tid is None:
            pool = sorted(set(valid) | set(alias))
            raise UnknownWord(w, difflib.get_close_matches(low, pool, n=3, cutoff=0.6))
        out.append(tid)
    return out
