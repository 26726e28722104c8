"""What visitors send (price reports, yard corrections) and what a moderator's decision changes.

Every decision is one transaction: the new status, its audit entry, and what it publishes.
"""


class AlreadyDecided(Exception):
    """A report or suggestion that was already approved or rejected cannot be decided again."""

    def __init__(self, what: str, status: str) -> None:
        super().__init__(f"This {what} was already {status}.")
