"""Der Millionen-Coup: the board graph, the hidden setup and its solvability check, the rules,
the guard, the pen session and scenario files. Pure: no wall clock, no pygame/OpenCV/pyttsx3."""
