"""Text layout shared by every pygame screen (the pen's window and the table assistants)."""

from __future__ import annotations


def wrap(font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels in ``font`` (anything with
    ``size(text) -> (w, h)``, like ``pygame.font.Font``); a single long word stays whole."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if not cur or font.size(trial)[0] <= width:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines
