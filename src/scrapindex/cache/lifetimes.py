"""How long a shared cache (nginx, a CDN) may keep one of our answers before asking again.

Answers stored in the same second would all expire in the same second: after a data change, or
when a proxy first fills, every URL it keeps comes back to the app in one burst each
``max_age``, and the burst (hundreds of renders at once) takes the CPU from everything else on
the machine for seconds at a time. Each answer's lifetime is therefore ``max_age`` less a random
part of up to ``SPREAD`` of it: within a few lifetimes the URLs come back evenly spread, at the
same total rate.
"""

import random

SPREAD = 0.2


def shared_lifetime(max_age: int, spread: float = SPREAD) -> int:
    """``max_age`` seconds less a random whole number of seconds, at most ``spread`` of it."""
    return max_age - random.randint(0, int(max_age * spread))
