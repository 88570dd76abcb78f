"""After-game analysis of Der Millionen-Coup: the debrief picture (:mod:`.debrief`), a solver
with full knowledge (:mod:`.solver`), bots that play like a family (:mod:`.bots`) and the
difficulty analysis that runs them in bulk (:mod:`.analyze`). All of it drives the one rules
engine (:mod:`tiptoi_sim.millionen_coup.game`) in virtual time through :mod:`.runner`."""
