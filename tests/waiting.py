"""Polling for real-time tests: wait until a condition holds (no fixed sleeps)."""

import time


def wait_for(cond, timeout: float = 10.0) -> bool:
    """True as soon as ``cond()`` is true; False after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.01)
    return False
