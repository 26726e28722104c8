"""At most ``SLOTS`` password checks at once in a process.

An Argon2 check takes 64 MiB and about 0.3 s of a core: 40 at once (the thread pool every sync
endpoint shares) took a worker from 126 MiB to 2 GiB and the public API's median from 17 ms to
661 ms. A login that finds no free slot within ``WAIT`` is answered 429 with Retry-After, the
check for an unknown account (the dummy hash) included.
"""

import threading
from collections.abc import Iterator
from contextlib import contextmanager

SLOTS = 2
WAIT_SECONDS = 1.0
RETRY_AFTER_SECONDS = 1

_slots = threading.BoundedSemaphore(SLOTS)


@contextmanager
def hash_slot() -> Iterator[bool]:
    """Yields whether a slot was had; the slot is given back on leaving."""
    had = _slots.acquire(timeout=WAIT_SECONDS)
    try:
        yield had
    finally:
        if had:
            _slots.release()
