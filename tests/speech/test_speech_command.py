"""``tiptoi-sim speak``: the user's way to check the speech set-up."""

from tiptoi_sim.cli import main
from tiptoi_sim.speech.wavutil import read_wav


def test_speak_writes_a_wav(tmp_path, capsys):
    out = tmp_path / "hallo.wav"
    assert main(["speak", "Hallo", "Welt,", "wie", "geht", "es?", "--out", str(out)]) == 0
    assert 0.8 <= read_wav(out).seconds <= 3.0
    assert "written to" in capsys.readouterr().out


def test_speak_plays_english_and_then_finds_it_cached(capsys):
    assert main(["speak", "--lang", "en", "The vault is open."]) == 0
    first = capsys.readouterr().out
    assert "gmw/en" in first and "played through" in first
    assert main(["speak", "--lang", "en", "The vault is open."]) == 0
    assert "from the cache" in capsys.readouterr().out


def test_speak_plays_a_sound(capsys):
    assert main(["speak", "--sound", "tick"]) == 0
    assert "sound 'tick'" in capsys.readouterr().out


def test_speak_reports_bad_input_in_one_line(capsys):
    assert main(["speak"]) == 2
    assert main(["speak", "…"]) == 2
    assert main(["speak", "--voice", "no-such-voice", "Hallo"]) == 2
    err = capsys.readouterr().err
    assert "nothing to say" in err and "nothing to pronounce" in err and "no voice" in err
    assert "Traceback" not in err
