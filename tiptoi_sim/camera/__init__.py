"""Webcam input: a camera above the table watches the printed board; a finger or a stylus tip
resting on a spot for a moment is a tap on that spot.

Modules: ``registration`` (board corners from ArUco markers, clicked corners or photo features),
``background`` (a model of the empty board), ``pointer`` (hand and fingertip), ``stylus``
(coloured tip), ``dwell`` (resting tip -> tap), ``pipeline`` (all of it per frame),
``capture`` (camera thread), ``input`` (wiring for ``play --input webcam``), ``synth`` (synthetic
test clips). The camera code knows hotspots only through a ``hit_test(x, y)`` callable.
"""
