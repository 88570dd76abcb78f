"""YAML loading with limits: a hostile or damaged file is refused with its file (and line),
never a hang, a memory blow-up or a traceback. (How fast: scripts/fuzz.py --yaml prints it.)"""

import pytest

from tiptoi_sim.core import yamlio
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.yamlio import load_yaml, load_yaml_text


def billion_laughs(levels: int = 9) -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    prev = "a"
    for name in "bcdefghijk"[:levels - 1]:
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
        prev = name
    return text


def test_a_billion_laughs_is_refused_at_its_line():
    with pytest.raises(DataError, match=r"bomb.yaml:5: more than 20,000 values \(aliases expanded\)"):
        load_yaml_text(billion_laughs(), "bomb.yaml")


def test_a_few_aliases_are_fine_but_not_hundreds_nor_a_recursive_one():
    doc = load_yaml_text("a: &x [1, 2]\nb: *x\n", "f.yaml")
    assert doc["b"] == [1, 2]
    many = "a: &x 1\nb: [" + ", ".join(["*x"] * 150) + "]\n"
    with pytest.raises(DataError, match=r"f.yaml:2: more than 100 aliases"):
        load_yaml_text(many, "f.yaml")
    with pytest.raises(DataError, match=r"f.yaml:1: the alias \*x is inside its own anchor"):
        load_yaml_text("a: &x [1, *x]\n", "f.yaml")


@pytest.mark.parametrize("text", ["[" * 50_000, "{a: " * 50_000, "- " * 50_000,
                                  "".join("  " * i + "k:\n" for i in range(200))])
def test_deep_nesting_is_refused_without_a_recursion_error(text):
    with pytest.raises(DataError, match=r"deep.yaml:\d+: .*(nested more than 50 levels|nesting depth)"):
        load_yaml_text(text, "deep.yaml")


def test_fifty_levels_still_load():
    doc = load_yaml_text("[" * 50 + "]" * 50, "f.yaml")
    assert isinstance(doc, list)


def test_a_50_mb_file_is_refused_before_parsing(tmp_path):
    p = tmp_path / "phrases.de.yaml"
    with open(p, "w") as f:
        f.write("lang: de\nphrases:\n  a: '")
        chunk = "x" * (1 << 20)
        for _ in range(50):
            f.write(chunk)
        f.write("'\n")
    with pytest.raises(DataError, match=r"phrases.de.yaml: larger than 2 MB"):
        load_yaml(p)
    with pytest.raises(DataError, match=r"larger than 2 MB"):
        load_yaml_text("#" * (yamlio.MAX_BYTES + 1), "big.yaml")


def test_too_many_values_are_refused():
    text = "".join(f"k{i}: {i}\n" for i in range(30_000))
    with pytest.raises(DataError, match=r"more than 20,000 values"):
        load_yaml_text(text, "f.yaml")


@pytest.mark.parametrize("content,expected", [
    (b"a: \xff\xfe\n", r"f.yaml:1: not UTF-8 text"),
    (b"a: 1\nb: \x00\n", r"f.yaml:2: not valid YAML \(unacceptable character"),
    (b"a: " + b"9" * 10_000 + b"\n", r"f.yaml: not valid YAML"),
    (b"a: 2001-13-45\n", r"f.yaml: not valid YAML"),
])
def test_bad_bytes_and_values_are_one_line_errors(tmp_path, content, expected):
    p = tmp_path / "f.yaml"
    p.write_bytes(content)
    with pytest.raises(DataError, match=expected) as e:
        load_yaml(p)
    assert "\n" not in str(e.value)


def test_a_folder_or_a_missing_file_is_named(tmp_path):
    with pytest.raises(DataError, match="a folder, not a file"):
        load_yaml(tmp_path)
    with pytest.raises(DataError, match="file not found"):
        load_yaml(tmp_path / "nope.yaml")
