"""The benchmark's clips through the real pipeline, a process per core: the worst-clip tests
play about twenty whole clips (18-28 s each on one core), most of the suite's time. Each clip
is played as every clip test plays it (``run_clip``: synth_hard through the mp4v codec, as
the benchmark, with the defaults ``taps-from-video`` uses); only the results cross the
processes."""

from __future__ import annotations

import multiprocessing
import os
from typing import NamedTuple


class ClipResult(NamedTuple):
    truth: int
    right: int
    wrong: int
    false: int
    taps: list  # (t, hotspot) of every tap, for a failing test's message


_LAYOUT_BOARD = None


def play_visits(layout, board, visits: list, duration: float, seed: int, fps: float = 15):
    """The project's plain generator (``SyntheticClip``) drawing ``visits`` for ``duration``
    seconds, frame by frame through the real pipeline with its defaults: (the pipeline, the
    taps as (t, hotspot))."""
    from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
    from tiptoi_sim.camera.synth import SyntheticClip

    clip = SyntheticClip(board, visits, fps=fps, duration=duration, seed=seed)
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect))
    taps = []
    for i in range(clip.n_frames):
        taps += pipe.process(clip.frame(i), i / clip.fps)
    return pipe, [(round(t.t, 2), t.tap) for t in taps]


def run_clip(layout, board, scene_name: str, seed: int, until: float | None = None):
    """A benchmark clip (synth_hard, through the codec) through the real pipeline with the
    defaults ``taps-from-video`` uses: (its score, the taps as (t, hotspot) for a message).
    ``until``: stop after the frame at that time; the score's ``truth`` then counts only the
    dwells whose taps were due by then (ended at least 0.35 s before), so a clip cut after
    its worst dwell is scored like a whole one."""
    from tiptoi_sim.camera import synth_hard as sh
    from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
    from tiptoi_sim.camera.synth import score_taps

    scene = {s.name: s for s in sh.SCENES + sh.HARDER_SCENES}[scene_name]
    clip = sh.hard_clip(scene, layout.hotspots, board, seed=seed, hit_test=layout.hit_test)
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect, pointer=scene.pointer))
    taps = []
    for f, t in sh.frames(clip, until=until):
        taps += pipe.process(f, t)
    sc = score_taps(clip, [t for t in taps if t.tap is not None])
    if until is not None:
        sc.truth = sum(1 for tr in clip.truth if tr.t_end + 0.35 <= until)
    return sc, [(round(t.t, 2), t.tap) for t in taps]


def play(scene_name: str, seed: int, until: float | None = None) -> ClipResult:
    """One clip of the named scene, whole or up to ``until`` s (see ``run_clip``): its score
    and taps, as plain values."""
    global _LAYOUT_BOARD
    from tiptoi_sim.camera.synth import board_picture
    from tiptoi_sim.millionen_coup.layout import load_layout

    if _LAYOUT_BOARD is None:
        layout = load_layout()
        _LAYOUT_BOARD = (layout, board_picture(900, layout))
    sc, taps = run_clip(*_LAYOUT_BOARD, scene_name, seed, until)
    return ClipResult(sc.truth, sc.right, sc.wrong, sc.false, taps)


def _play(item):
    import cv2
    cv2.setNumThreads(1)  # (one process per core: OpenCV's own threads would only contend)
    return play(*item)


def play_all(items: list[tuple]) -> dict[tuple, ClipResult]:
    """Every (scene name, seed) or (scene name, seed, until) played, in as many fresh processes
    as there are cores (at most 2: the machine CI runs on). "spawn", not "fork": OpenCV's thread pool does not survive a
    fork of the test process."""
    workers = max(1, min(2, os.cpu_count() or 1, len(items)))
    if workers == 1:
        return {item: _play(item) for item in items}
    # the longest first (an idle clip is about 19 s, a clip of dwells 13 s, a cut one as long as
    # its cut), so that no worker is left alone with a long clip at the end
    order = sorted(items, key=lambda it: -(it[2] if len(it) > 2 and it[2] is not None
                                           else 19.0 if "idle" in it[0] else 13.0))
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return dict(zip(order, pool.map(_play, order, chunksize=1)))
