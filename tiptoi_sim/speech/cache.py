"""The disk cache of synthesized phrases.

Files live in ``<cache_dir>/speech/`` (``~/.cache/tiptoi-sim/speech`` unless ``XDG_CACHE_HOME``
says otherwise), one trimmed 16-bit mono WAV per phrase, named by the sha256 of everything that
changes its sound: engine, voice, rate, language and text (and :data:`FORMAT`, bumped when the
processing changes). Files are written atomically, so whatever is there is complete; deleting the
folder is always safe.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Iterable

from tiptoi_sim.paths import cache_dir
from tiptoi_sim.speech.tts import Job, Synthesizer, VoiceConfig

FORMAT = 1  # bump when trimming or checking changes, so old files are not reused
MAX_FILES = 5000  # phrases with names and numbers in them add up over many games


def cache_key(cfg: VoiceConfig, text: str) -> str:
    h = hashlib.sha256()
    for part in (f"format={FORMAT}", cfg.engine, cfg.voice, str(cfg.rate), cfg.lang, text):
        h.update(part.encode("utf-8"))
        h.update(b"\0")  # a separator, so that ("ab", "c") and ("a", "bc") differ
    return h.hexdigest()


def speech_cache_dir() -> Path:
    return cache_dir() / "speech"


class PhraseCache:
    """Maps texts to WAV files, rendering what is missing through a :class:`Synthesizer`.

    ``get(text)`` never blocks: a path if the phrase is cached, else None. ``render_now(text)``
    blocks until the file exists (ahead of any prefetching). ``prefetch(texts)`` queues the
    missing ones in the given order, most likely first, behind earlier prefetches.
    """

    def __init__(self, synth: Synthesizer, folder: Path | None = None):
        self.synth = synth
        self.cfg = synth.cfg
        self.folder = Path(folder) if folder is not None else speech_cache_dir()
        self._prefetch_base = 0  # later prefetch calls queue behind earlier ones

    def path_for(self, text: str) -> Path:
        return self.folder / f"{cache_key(self.cfg, text)}.wav"

    def get(self, text: str) -> Path | None:
        p = self.path_for(text)
        return p if p.exists() else None

    def render_now(self, text: str, timeout: float | None = None) -> Path:
        p = self.path_for(text)
        if p.exists():
            return p
        return self.synth.render(text, p, timeout=timeout)

    def prefetch(self, texts: Iterable[str]) -> list[Job]:
        """Queue rendering of the texts not yet cached, in order; returns their jobs (already
        cached or duplicate texts get none)."""
        jobs = []
        seen = set()
        for text in texts:
            if not text or text in seen:
                continue
            seen.add(text)
            p = self.path_for(text)
            if p.exists():
                continue
            self._prefetch_base += 1
            jobs.append(self.synth.submit(text, p, priority=self._prefetch_base))
        return jobs

    def forget(self, text: str) -> None:
        """Remove a cached file (e.g. one the mixer could not load)."""
        self.path_for(text).unlink(missing_ok=True)

    def prune(self, max_files: int = MAX_FILES) -> int:
        """Delete the least recently written files beyond ``max_files``; returns how many."""
        try:
            files = [(e.stat().st_mtime, e.path) for e in os.scandir(self.folder)
                     if e.name.endswith(".wav") and e.is_file()]
        except FileNotFoundError:
            return 0
        if len(files) <= max_files:
            return 0
        files.sort()
        extra = files[: len(files) - max_files]
        for _, path in extra:
            try:
                os.unlink(path)
            except OSError:
                pass
        return len(extra)
