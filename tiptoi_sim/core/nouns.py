"""The forms of a place name inside a sentence, in German and English.

A template cannot paste "Kaffeeküche" after "geht" or "Flur 2" after "in": German needs the
article in the right case and the contractions (in dem -> im, in das -> ins), English the article
and "in"/"into". :func:`place_forms` turns a noun with its gender and preposition into the six
forms the phrase templates use:

========  ===========================  ==========================
form      German (f, in)               English (the, in)
========  ===========================  ==========================
``name``  Kaffeeküche                  coffee kitchen
``the``   die Kaffeeküche              the coffee kitchen
``dat``   der Kaffeeküche              the coffee kitchen
``at``    in der Kaffeeküche           in the coffee kitchen
``to``    in die Kaffeeküche           into the coffee kitchen
``from``  aus der Kaffeeküche          from the coffee kitchen
========  ===========================  ==========================

Pure functions; the words come from the game's data (``grammar.yaml``).
"""

from __future__ import annotations

FORMS = ("name", "the", "dat", "at", "to", "from")
GENDERS = ("m", "f", "n")
PREPS = {"de": ("in", "auf", "an"), "en": ("in", "on", "at")}
ARTICLES_EN = ("the", "none")

_NOM = {"m": "der", "f": "die", "n": "das"}
_DAT = {"m": "dem", "f": "der", "n": "dem"}
_ACC = {"m": "den", "f": "die", "n": "das"}
# the contractions a German speaker always uses
_CONTRACT = {("in", "dem"): "im", ("in", "das"): "ins", ("an", "dem"): "am", ("an", "das"): "ans",
             ("von", "dem"): "vom"}
_TO_EN = {"in": "into", "on": "onto", "at": "to"}


def _de_prep(prep: str, article: str, noun: str) -> str:
    short = _CONTRACT.get((prep, article))
    return f"{short} {noun}" if short else f"{prep} {article} {noun}"


def place_forms(lang: str, noun: str, *, gender: str = "m", prep: str = "in", article: str = "the") -> dict[str, str]:
    """The forms of ``noun`` (see the module table). German uses ``gender`` and ``prep`` (in,
    auf, an); English uses ``article`` (the or none) and ``prep`` (in, on, at)."""
    if lang == "de":
        if gender not in GENDERS or prep not in PREPS["de"]:
            raise ValueError(f"gender {gender!r} / prep {prep!r}")
        source = "aus" if prep == "in" else "von"
        return {"name": noun, "the": f"{_NOM[gender]} {noun}", "dat": f"{_DAT[gender]} {noun}",
                "at": _de_prep(prep, _DAT[gender], noun), "to": _de_prep(prep, _ACC[gender], noun),
                "from": _de_prep(source, _DAT[gender], noun)}
    if article not in ARTICLES_EN or prep not in PREPS["en"]:
        raise ValueError(f"article {article!r} / prep {prep!r}")
    the = noun if article == "none" else f"the {noun}"
    return {"name": noun, "the": the, "dat": the, "at": f"{prep} {the}", "to": f"{_TO_EN[prep]} {the}",
            "from": f"from {the}"}
