"""Speech and sound: phrase rendering to WAV through pyttsx3/espeak-ng, a disk cache, and
playback through pygame's mixer. See :mod:`tiptoi_sim.speech.api` for the contract and
docs/speech.md for how it fits together."""

from tiptoi_sim.speech.api import SilentSpeaker, Speaker  # noqa: F401


def open_speaker(lang: str = "de", *, enabled: bool = True, **options) -> Speaker:
    """The speaker every front end uses: speech and sounds through pygame's mixer, or captions
    only (with speech off, or when no sound output exists; the latter says so once on stderr).

    ``options`` go to :func:`tiptoi_sim.speech.audio.open_audio_speaker` (``captions``,
    ``on_event``, ``voice``, ``rate``, ``backend``, ``cache_folder``, ``prefetch``, ``catalogue``,
    ``first_keys``)."""
    if not enabled:
        from tiptoi_sim.speech.audio import CaptionSpeaker

        return CaptionSpeaker(options.get("captions"), reason="speech off")
    from tiptoi_sim.speech.audio import open_audio_speaker

    return open_audio_speaker(lang, **options)


def catalogue_texts(phrases, first=()) -> list[str]:
    """The texts of a :class:`tiptoi_sim.core.phrases.Phrases` worth prefetching, most likely
    first: the templates of the keys in ``first``, then every template without placeholders,
    in catalogue order. Templates with placeholders need values; render those and prefetch
    the results (e.g. once the players are known)."""
    import string

    def fixed(t: str) -> bool:
        return not any(f is not None for _, f, _, _ in string.Formatter().parse(t))

    out: list[str] = []
    seen: set[str] = set()
    for key in list(first) + list(phrases.templates):
        t = phrases.templates.get(key)
        if t and fixed(t) and t not in seen:
            seen.add(t)
            out.append(t)
    return out
