"""Password hashing (Argon2id through pwdlib, with its recommended parameters), and the rules a
new password must meet: a length, not among the most common passwords, not built on the
account's address, not a few characters repeated (NIST SP 800-63B, 5.1.1.2)."""

import re
from functools import cache
from importlib.resources import files

from pwdlib import PasswordHash

MIN_PASSWORD_LENGTH = 12
MAX_PASSWORD_LENGTH = 256  # Argon2 takes any length; a cap keeps a login from costing more
# Most common first, lower case; its header names its source and licence.
COMMON_PASSWORDS_FILE = "common_passwords.txt"
MIN_DISTINCT_CHARACTERS = 5  # "aaaaaaaaaaaa", "abababababab", "112233112233" say too little
# An address's local part this short ("al", "ops") is part of too many good passwords to refuse.
MIN_NAME_LENGTH = 4
NOT_A_LETTER_OR_DIGIT = re.compile(r"[\W_]+")


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


def password_problem(password: str, email: str) -> str | None:
    """Why ``password`` is refused as the new password of the account ``email``, or None."""
    if len(password) < MIN_PASSWORD_LENGTH:
        return f"The password must be at least {MIN_PASSWORD_LENGTH} characters long."
    if len(password) > MAX_PASSWORD_LENGTH:
        return f"The password must be at most {MAX_PASSWORD_LENGTH} characters long."
    if password.lower() in common_passwords():
        return (
            f"This password is among the {len(common_passwords()):,} most common: choose another."
        )
    if _leans_on_the_address(password, email):
        return (
            "The password must not be built on the account's e-mail address: without the "
            f"address (or the part before its @) it must still be {MIN_PASSWORD_LENGTH} "
            "characters long."
        )
    if len(set(password.lower())) < MIN_DISTINCT_CHARACTERS:
        return (
            "This password repeats a few characters and is easy to guess: choose one with at "
            f"least {MIN_DISTINCT_CHARACTERS} different characters."
        )
    return None


@cache
def common_passwords() -> frozenset[str]:
    """The shipped list of the most common passwords (lower case)."""
    text = files(__package__).joinpath(COMMON_PASSWORDS_FILE).read_text(encoding="utf-8")
    _header, _, passwords = text.partition("\n\n")  # the header ends at the first empty line
    return frozenset(passwords.splitlines())


def _leans_on_the_address(password: str, email: str) -> bool:
    """Whether the address, or the part before its @, is in the password (in any case, whatever
    stands between its letters: "jane.doe" is in "JaneDoe-2026!") and the rest is too short to
    be a password. A passphrase that only mentions the name before the @ ("a long admin
    password") is fine; one holding the whole address is not, however long."""
    letters = _letters_and_digits(password)
    if _letters_and_digits(email) in letters:
        return True
    local_part = email.rpartition("@")[0]
    for name in (_letters_and_digits(local_part),):
        if len(name) < MIN_NAME_LENGTH:
            continue
        if len(password) - len(name) * letters.count(name) < MIN_PASSWORD_LENGTH:
            return True
    return False


def _letters_and_digits(text: str) -> str:
    return NOT_A_LETTER_OR_DIGIT.sub("", text.lower())
