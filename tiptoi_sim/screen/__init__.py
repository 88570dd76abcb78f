"""The screen board of Der Millionen-Coup: drawing from ``board_assets`` (:mod:`.board_drawing`)
and the pen's window (:mod:`.app`). Both import pygame; nothing else in the package needs it."""
