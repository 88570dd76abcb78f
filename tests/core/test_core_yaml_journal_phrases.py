import pytest

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.journal import Journal, read_journal
from tiptoi_sim.core.phrases import load_catalogues
from tiptoi_sim.core.yamlio import load_yaml_text, req


def test_yaml_values_remember_their_lines():
    doc = load_yaml_text("a: 1\nb:\n  - x\n  - {c: 2}\n", "f.yaml")
    assert doc.key_lines["b"] == 2 and doc["b"].item_lines == [3, 4]
    with pytest.raises(DataError) as e:
        req(doc["b"][1], "c", str, "b[1].c")
    assert str(e.value) == "f.yaml:4: b[1].c: expected a text, got 2"


def test_yaml_errors_and_unsafe_tags_are_refused():
    with pytest.raises(DataError, match=r"f.yaml:2: duplicate key|f.yaml:2: a: duplicate key"):
        load_yaml_text("a: 1\na: 2\n", "f.yaml")
    with pytest.raises(DataError, match="not valid YAML"):
        load_yaml_text("a: [1, 2\n", "f.yaml")
    with pytest.raises(DataError, match="not valid YAML"):
        load_yaml_text("a: !!python/object/apply:os.system ['echo hi']\n", "f.yaml")


def test_journal_survives_a_torn_last_line(tmp_path):
    p = tmp_path / "j.jsonl"
    with Journal(p) as j:
        j.write({"kind": "start"})
        j.write({"kind": "tap", "id": "go"})
    with open(p, "a") as f:
        f.write('{"kind": "tap", "id"')  # the crash came mid-write
    assert [r["kind"] for r in read_journal(p)] == ["start", "tap"]
    p.write_text('{"kind": "start"}\nnot json\n{"kind": "tap"}\n')
    with pytest.raises(DataError, match=":2:"):
        read_journal(p)


def test_phrase_catalogues_must_agree(tmp_path):
    (tmp_path / "phrases.de.yaml").write_text('lang: de\nphrases:\n  a: "Hallo {name}"\n  b: "x"\n')
    (tmp_path / "phrases.en.yaml").write_text('lang: en\nphrases:\n  a: "Hello {who}"\n  b: "x"\n')
    with pytest.raises(DataError, match=r"phrases.en.yaml:3: phrases.a: expected the placeholders \['name'\]"):
        load_catalogues(tmp_path)
    (tmp_path / "phrases.en.yaml").write_text('lang: en\nphrases:\n  a: "Hello {name}"\n')
    with pytest.raises(DataError, match="phrases.b: missing"):
        load_catalogues(tmp_path)
