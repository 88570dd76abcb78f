#!/usr/bin/env python3
"""Write docs/phrases.md: every phrase of the pen in German and English with example fills.

Run from the repository root after changing a phrase catalogue or grammar.yaml:
    .venv/bin/python scripts/gen_phrases_doc.py
(tests/millionen_coup/test_mc_phrases.py fails while the page is out of date.)
"""

from pathlib import Path

from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.phrase_doc import DOC_PATH, build_doc

if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / DOC_PATH
    out.write_text(build_doc(load_game_data()), encoding="utf-8")
    print(f"wrote {out}")
