"""Options are checked before anything starts: a refused option leaves no journal behind."""

import pytest

from tiptoi_sim.cli import main


@pytest.mark.parametrize("argv,expect", [
    (["play", "--unit-seconds", "nan"], "argument --unit-seconds: 'nan' is not a time unit in seconds from 0.001 to 300"),
    (["play", "--unit-seconds", "inf"], "'inf' is not a time unit in seconds from 0.001 to 300"),
    (["play", "--unit-seconds", "1e-9"], "'1e-9' is not a time unit in seconds from 0.001 to 300"),
    (["play", "--seed", "③"], "argument --seed: '③' is not a seed"),
    (["assist", "coup", "--seed", "1e3"], "argument --seed: '1e3' is not a seed"),
    (["speak", "--rate", "²", "x"], "argument --rate: '²' is not a whole number from 60 to 450"),
])
def test_bad_numbers_in_options_are_refused_by_the_parser(argv, expect, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert expect in capsys.readouterr().err


@pytest.mark.parametrize("argv,expect", [
    (["play", "--input", "webcam", "--camera", "²"],
     "--camera '²': expected a camera index (0, 1, ...) or an existing video file"),
    (["play", "--input", "webcam", "--camera", "no-such-clip.mp4"], "an existing video file"),
    (["play", "--input", "webcam", "--camera", "100"], "--camera: '100' is not a camera index from 0 to 99"),
    (["assist", "coup", "--option", "copies=.inf", "--script", "-"], "--option copies: '.inf' is not a number"),
    (["assist", "coup", "--option", "copies=1" + "0" * 30, "--script", "-"], "is not a whole number from 0 to 100000"),
])
def test_bad_options_are_refused_before_anything_starts(argv, expect, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert expect in err and "Traceback" not in err
    assert not list(tmp_path.rglob("*.jsonl"))


def test_a_journal_in_a_missing_folder_is_made(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("players Ann Bob\n")
    j = tmp_path / "new" / "sub" / "coup.jsonl"
    assert main(["assist", "coup", "--script", str(script), "--journal", str(j)]) == 0
    assert j.read_text().count('"kind": "command"') == 1
