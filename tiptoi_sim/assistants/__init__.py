"""Table assistants: pure rule engines behind a one-line command language, with undo, a
crash-safe journal, a headless script runner, a terminal front end and a pygame table screen
shared by all games. A game adds only its rules (an :class:`AssistantGame`), its data under
``board_assets/<game>/`` and, optionally, a custom screen view.

Registered games: see :data:`tiptoi_sim.assistants.registry.GAMES`.
"""
