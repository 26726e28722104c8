"""Password hashing: Argon2id through pwdlib, with its recommended parameters."""

from functools import cache

from pwdlib import PasswordHash

MIN_PASSWORD_LENGTH = 12
MAX_PASSWORD_LENGTH = 256  # Argon2 takes any length; a cap keeps a login from costing more


@cache
def hasher() -> PasswordHash:
    return PasswordHash.recommended()


def hash_password(password: str) -> str:
    return hasher().hash(password)


def verify_password(password: str, password_hash: str) -> tuple[bool, str | None]:
    """Whether ``password`` matches, and a new hash when the stored one's parameters are old."""
    return hasher().verify_and_update(password, password_hash)


def dummy_verify(password: str) -> None:
    """Spend the time a real check would, so an unknown account answers as slowly as a known one."""
    current = hasher()
    current.verify(password, _dummy_hash(current))


@cache
def _dummy_hash(current: PasswordHash) -> str:
    """A hash made with the hasher's own parameters, which decide how long checking it takes."""
    return current.hash("not a password anyone has")


def password_problem(password: str) -> str | None:
    """Why a new password is refused, or None."""
    if len(password) < MIN_PASSWORD_LENGTH:
        return f"The password must be at least {MIN_PASSWORD_LENGTH} characters long."
    if len(password) > MAX_PASSWORD_LENGTH:
        return f"The password must be at most {MAX_PASSWORD_LENGTH} characters long."
    return None
