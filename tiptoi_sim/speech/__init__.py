"""Speech and sound: phrase rendering to WAV through pyttsx3/espeak-ng, a disk cache, and
playback through pygame's mixer. See :mod:`tiptoi_sim.speech.api` for the contract."""

from tiptoi_sim.speech.api import SilentSpeaker, Speaker  # noqa: F401


def open_speaker(lang: str = "de", *, enabled: bool = True, **options) -> Speaker:
    """The speaker every front end uses. Until the audio speaker exists (or with speech off)
    this is captions only."""
    if not enabled:
        return SilentSpeaker()
    try:
        from tiptoi_sim.speech.audio import open_audio_speaker
    except ModuleNotFoundError as e:
        if e.name != "tiptoi_sim.speech.audio":
            raise
        return SilentSpeaker()
    return open_audio_speaker(lang, **options)
