"""Noun forms (German case and contractions, English articles), the spoken-text tidy-up and the
phrase contract check of the core."""

import pytest

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.nouns import place_forms
from tiptoi_sim.core.phrases import Forms, load_catalogues, placeholders, tidy


@pytest.mark.parametrize("noun,gender,prep,at,to,frm", [
    ("Archiv", "n", "in", "im Archiv", "ins Archiv", "aus dem Archiv"),
    ("Garage", "f", "in", "in der Garage", "in die Garage", "aus der Garage"),
    ("Flur 3", "m", "in", "im Flur 3", "in den Flur 3", "aus dem Flur 3"),
    ("Straße vor der Bank", "f", "auf", "auf der Straße vor der Bank", "auf die Straße vor der Bank",
     "von der Straße vor der Bank"),
    ("Tor", "n", "an", "am Tor", "ans Tor", "vom Tor"),
])
def test_german_place_forms(noun, gender, prep, at, to, frm):
    f = place_forms("de", noun, gender=gender, prep=prep)
    assert (f["at"], f["to"], f["from"]) == (at, to, frm)


def test_english_place_forms():
    assert place_forms("en", "lobby")["to"] == "into the lobby"
    assert place_forms("en", "corridor 1", article="none")["at"] == "in corridor 1"
    assert place_forms("en", "street", prep="on")["to"] == "onto the street"
    with pytest.raises(ValueError):
        place_forms("de", "Archiv", gender="x")


def test_tidy_makes_a_sentence_fit_to_speak():
    assert tidy("Los!.") == "Los!"
    assert tidy("the lobby.  is  here .") == "The lobby. Is here."
    assert tidy("Rot: ja,, gut..") == "Rot: ja, gut."
    assert tidy("die 4 ist nicht dabei. die 5 auch nicht!") == "Die 4 ist nicht dabei. Die 5 auch nicht!"


def test_forms_and_placeholders():
    f = Forms({"at": "im Archiv", "the": "das Archiv"}, "the")
    assert "{r.at}, {r}".format(r=f) == "im Archiv, das Archiv"
    assert placeholders("{a} und {room.to}") == [("a", ""), ("room", "to")]
    for bad in ("{n:03}", "{x!r}", "{a[0]}", "{}", "{0}"):
        with pytest.raises(ValueError):
            placeholders(bad)


def test_the_contract_refuses_unknown_missing_and_wrong_forms(tmp_path):
    def write(de, en):
        (tmp_path / "phrases.de.yaml").write_text("lang: de\nphrases:\n" + de)
        (tmp_path / "phrases.en.yaml").write_text("lang: en\nphrases:\n" + en)

    contract = {"a": {"room": frozenset({"", "at"})}, "b": {}}
    write('  a: "Im {room.at}"\n  b: "x"\n', '  a: "In {room.at}"\n  b: "x"\n')
    assert load_catalogues(tmp_path, contract=contract)["de"].templates["a"] == "Im {room.at}"
    write('  a: "Im {room.to}"\n  b: "x"\n', '  a: "In {room.to}"\n  b: "x"\n')
    with pytest.raises(DataError, match=r"phrases.de.yaml:3: phrases.a: unknown placeholder \{room.to\}"):
        load_catalogues(tmp_path, contract=contract)
    write('  a: "Im {room.at}"\n', '  a: "In {room.at}"\n')
    with pytest.raises(DataError, match=r"phrases.b: missing"):
        load_catalogues(tmp_path, contract=contract)
    write('  a: "Im {room.at}"\n  b: "x"\n  c: "y"\n', '  a: "In {room.at}"\n  b: "x"\n  c: "y"\n')
    with pytest.raises(DataError, match=r"phrases.de.yaml:5: phrases.c: unknown key"):
        load_catalogues(tmp_path, contract=contract)
