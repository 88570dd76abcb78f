"""Plurals, numbers, durations and money as people say them (Babel's CLDR rules)."""

import pytest

from tiptoi_sim.core.wording import count, join_words, plural, say_duration, say_money, say_number


@pytest.mark.parametrize("n,de,en", [(0, "0 Chips", "0 chips"), (1, "1 Chip", "1 chip"),
                                     (2, "2 Chips", "2 chips"), (1000, "1.000 Chips", "1,000 chips")])
def test_count_agrees(n, de, en):
    assert count(n, "Chip", "Chips", "de") == de
    assert count(n, "chip", "chips", "en") == en


def test_plural_word_only():
    assert plural(1, "Zeiteinheit", "Zeiteinheiten", "de") == "Zeiteinheit"
    assert plural(3, "time unit", "time units", "en") == "time units"


@pytest.mark.parametrize("secs,de,en", [
    (0, "0 Sekunden", "0 seconds"), (1, "1 Sekunde", "1 second"), (20, "20 Sekunden", "20 seconds"),
    (60, "1 Minute", "1 minute"), (90, "1 Minute 30", "1 minute 30"), (300, "5 Minuten", "5 minutes"),
    (2700, "45 Minuten", "45 minutes"), (61, "1 Minute 1", "1 minute 1"), (29.6, "30 Sekunden", "30 seconds")])
def test_duration(secs, de, en):
    assert say_duration(secs, "de") == de
    assert say_duration(secs, "en") == en


def test_duration_long_form():
    assert say_duration(90, "de", short=False) == "1 Minute und 30 Sekunden"
    assert say_duration(61, "en", short=False) == "1 minute and 1 second"


def test_money_and_numbers():
    assert say_money(1_000_000, "de") == "1.000.000 €"
    assert say_money(1_000_000, "en") == "$1,000,000"
    assert say_money(500, "de", symbol="$") == "500 $"
    assert say_number(2.5, "de") == "2,5"
    assert join_words(["Rot", "Blau", "Gelb"], "de") == "Rot, Blau und Gelb"
    assert join_words(["Red"], "en") == "Red"
