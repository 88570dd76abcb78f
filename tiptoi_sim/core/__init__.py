"""Shared, I/O-free building blocks: clocks, the scheduler, taps and events, YAML loading
with located errors, phrase catalogues and the journal."""
