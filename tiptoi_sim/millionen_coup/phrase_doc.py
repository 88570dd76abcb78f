"""Render any phrase of the catalogues with sample values, and write docs/phrases.md from them.

``render_sample`` fills a phrase the way the pen does (through :meth:`PenSession.text`), from raw
values as the engine gives them; the phrase test renders every phrase with every sample value,
``build_doc`` one example per phrase. ``scripts/gen_phrases_doc.py`` writes the page; a test
checks that it is current.
"""

from __future__ import annotations

from typing import Any

from tiptoi_sim.millionen_coup.data import GameData
from tiptoi_sim.millionen_coup.phrase_fields import EXAMPLES, phrase_contract
from tiptoi_sim.millionen_coup.session import PenSession

DOC_PATH = "docs/phrases.md"


def contract_of(data: GameData) -> dict:
    return phrase_contract(colours=data.colours, abilities=data.abilities, plans=data.plans)


def sessions(data: GameData) -> dict[str, PenSession]:
    return {lang: PenSession(data, lang=lang) for lang in sorted(data.phrases)}


def render_sample(session: PenSession, key: str, raw: dict[str, Any]) -> str:
    """``key`` filled from raw values; ``info`` (None) is the info text of ``plan``, ``thing``
    a tap id said by its name."""
    raw = dict(raw)
    if "info" in raw and raw["info"] is None:
        raw["info"] = session.phrases.render(f"plan.{raw.get('plan', 'master_key')}.info")
    if "thing" in raw:
        raw["thing"] = session.name(raw["thing"])
    player = raw.pop("player", None)
    return session.text(key, player, **raw)


#: examples that fit a phrase better than the general ones
KEY_EXAMPLES: dict[str, dict[str, Any]] = {
    "go.start_street": {"room": "street"},
    "go.start_street_group": {"room": "street", "players": ["red", "blue", "yellow"]},
    "go.start_plan": {"plan": "delivery_van", "room": "garage"},
    "go.start_fallback": {"plan": "roof_hatch", "ability": "climb", "room": "street"},
    "start.walk": {"units": 1},
    "done.learn": {"can": "climb"},
    "refused.plan_wrong_room": {"plan": "fake_call", "room": "security_office"},
    "refused.not_at_vault": {"room": "vault_anteroom"},
    "refused.no_alarm_there": {"room": "lobby"},
    "refused.busy": {"action": "locks"},
    "time_left.last": {"time": 20},
    "tip.guard": {"room": "corridor_3"},
    "blank.found_marked": {"room": "garage"},
    "what.character": {"name": "kim", "can": "climb"},
}


def example_raw(key: str, contract: dict) -> dict[str, Any]:
    extra = KEY_EXAMPLES.get(key, {})
    return {f: extra.get(f, EXAMPLES[f]) for f in contract[key]}


def build_doc(data: GameData) -> str:
    contract = contract_of(data)
    ses = sessions(data)
    de, en = ses["de"], ses["en"]
    lines = [
        "# What the pen says",
        "",
        "Every phrase of Der Millionen-Coup's pen in German and English, generated from",
        "`board_assets/millionen_coup/phrases.de.yaml` and `phrases.en.yaml` by",
        "`scripts/gen_phrases_doc.py` (a test fails when this page is out of date). Each row shows the",
        "template and the sentence it gives with example values. Placeholders are the fields the",
        "program gives each phrase (the contract in `tiptoi_sim/millionen_coup/phrase_fields.py`);",
        "`tiptoi-sim validate` refuses a template with any other placeholder. A room is said in one of",
        "its forms, `{room.at}` (\"im Archiv\", \"in the archive\"), `{room.to}` (\"ins Archiv\",",
        "\"into the archive\"), `{room.the}`, `{room.dat}`, `{room.from}` or `{room.name}`; the forms come",
        "from `board_assets/millionen_coup/grammar.yaml` (see the table of rooms at the end).",
        "",
        "Example values: " + ", ".join(f"`{f}` = {_show(v)}" for f, v in EXAMPLES.items() if v is not None) + ".",
        "",
    ]
    section = None
    for key in [k for k in de.phrases.templates if k in contract]:  # catalogue order
        top = key.split(".")[0]
        if top != section:
            section = top
            lines += ["", f"## {section}", "", "| key | fields | Deutsch | English |", "|---|---|---|---|"]
        raw = example_raw(key, contract)
        fields = ", ".join(sorted(contract[key])) or "–"
        cells = []
        for s in (de, en):
            template = s.phrases.templates[key]
            said = render_sample(s, key, raw) if contract[key] else ""
            cell = f"`{_esc(template)}`"
            if said and said != template:
                cell += f"<br>→ {_esc(said)}"
            cells.append(cell)
        lines.append(f"| `{key}` | {fields} | {cells[0]} | {cells[1]} |")
    lines += ["", "## Rooms in sentences", "",
              "| room | Deutsch: the / at / to / from | English: the / at / to / from |", "|---|---|---|"]
    for rid in data.rooms:
        cells = []
        for s in (de, en):
            f = s.voice.place(rid)
            cells.append(" / ".join(_esc(getattr(f, x)) for x in ("the", "at", "to", "from")))
        lines.append(f"| `{rid}` | {cells[0]} | {cells[1]} |")
    return "\n".join(lines) + "\n"


def _show(v: Any) -> str:
    return f"`{v}`"


def _esc(text: str) -> str:
    return text.replace("|", "\\|")
