"""The one number parser: ASCII digits only, bounded, clear messages."""

import pytest

from tiptoi_sim.core.numbers import (NumberError, is_whole, parse_decimal, parse_money,
                                     parse_seconds, parse_unit_seconds, parse_units, parse_whole)


@pytest.mark.parametrize("text", ["²", "③", "①", "١٢", "1²", "", " ", "1.5", "0x10", "1e3", "9" * 41])
def test_whole_refuses_what_is_not_ascii_whole(text):
    with pytest.raises(NumberError) as e:
        parse_whole(text, field="coins")
    assert "coins" in str(e.value)


def test_whole_accepts_and_bounds():
    assert parse_whole(" 12 ") == 12
    assert parse_whole("-3") == -3
    assert parse_whole(7) == 7
    with pytest.raises(NumberError, match="from 0 to 10"):
        parse_whole("11", lo=0, hi=10)
    with pytest.raises(NumberError):
        parse_whole(True)
    with pytest.raises(NumberError):
        parse_whole(1.0)


@pytest.mark.parametrize("value", ["nan", "inf", float("inf"), float("nan"), "-inf", "1e999", 10 ** 400])
def test_decimal_refuses_non_finite(value):
    with pytest.raises(NumberError):
        parse_decimal(value, field="at")


def test_decimal_and_units():
    assert parse_decimal("2,5") == 2.5
    assert parse_decimal(".5") == 0.5
    assert parse_seconds("90") == 90.0
    with pytest.raises(NumberError):
        parse_seconds("-1")
    assert parse_unit_seconds("0.2") == 0.2
    for bad in ("1e-9", "0", "301", "nan"):
        with pytest.raises(NumberError, match="unit_seconds"):
            parse_unit_seconds(bad)
    assert parse_units("80") == 80
    with pytest.raises(NumberError):
        parse_units(10 ** 20)


def test_money_forms():
    for text in ("1000", "1.000", "1,000", "1 000", "1000€", "$1000", "1k"):
        assert parse_money(text) == 1000, text
    assert parse_money("2 Mio") == 2_000_000
    assert parse_money("1.5M") == 1_500_000
    for bad in ("①", "-5", "1.5", "abc", "1k5"):
        with pytest.raises(NumberError):
            parse_money(bad)


def test_is_whole():
    assert is_whole("42")
    assert not is_whole("²") and not is_whole("") and not is_whole("-1")


def test_option_turns_a_refusal_into_argparse_s_one_line_error(capsys):
    import argparse

    from tiptoi_sim.core.numbers import option, parse_seed, parse_unit_seconds

    p = argparse.ArgumentParser(prog="x")
    p.add_argument("--unit-seconds", type=option(parse_unit_seconds, field=None))
    p.add_argument("--seed", type=option(parse_seed, field=None))
    assert p.parse_args(["--unit-seconds", "0,5", "--seed", "12"]).unit_seconds == 0.5
    for bad in (["--unit-seconds", "nan"], ["--unit-seconds", "inf"], ["--unit-seconds", "1e-9"],
                ["--seed", "²"], ["--seed", "-1"], ["--seed", "1" * 30]):
        with pytest.raises(SystemExit) as e:
            p.parse_args(bad)
        assert e.value.code == 2
    err = capsys.readouterr().err
    assert "argument --unit-seconds: 'nan' is not a time unit in seconds from 0.001 to 300" in err
    assert "argument --seed: '²' is not a seed (a whole number) from 0 to 9223372036854775807" in err


def test_seconds_name_what_they_are():
    from tiptoi_sim.core.numbers import NumberError, parse_seconds

    with pytest.raises(NumberError, match=r"at: -1 is not game-clock seconds from 0 to 86400"):
        parse_seconds(-1, field="at", what="game-clock seconds")
