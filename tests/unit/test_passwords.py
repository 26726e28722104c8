"""The rules a new operator password must meet (auth/passwords.py), and the list they use."""

import pytest

from scrapindex.auth.passwords import common_passwords, password_problem

EMAIL = "ops.lead@example.com"


def test_the_list_holds_the_ten_thousand_most_common_passwords() -> None:
    listed = common_passwords()
    assert len(listed) == 10_000
    assert {"123456", "password", "qwerty123456", "1q2w3e4r5t6y"} <= listed
    assert "#1bitch" in listed  # a password starting with "#" is not taken for the header
    assert not any(line.startswith("# ") for line in listed)  # the header is not
    assert all(password == password.lower().strip() and password for password in listed)


@pytest.mark.parametrize(
    ("password", "problem"),
    [
        ("short", "at least 12 characters"),
        ("x" * 257, "at most 256 characters"),
        ("password1234", "among the 10,000 most common: choose another"),
        ("Password1234", "among the 10,000 most common"),
        ("qwertyuiop[]", "among the 10,000 most common"),
        ("aaaaaaaaaaaa", "at least 5 different characters"),
        ("abababababababab", "at least 5 different characters"),
        ("ops.lead@example.com!", "must not be built on the account's e-mail address"),
        ("OPS.LEAD@EXAMPLE.COM 1984", "without the address (or the part before its @)"),
        ("OpsLead-2026!", "must not be built on the account's e-mail address"),
        ("ops_lead.ops_lead", "must not be built on the account's e-mail address"),
        # The whole address in a password is refused however long the rest.
        ("my address ops.lead@example.com is my password", "e-mail address"),
    ],
)
def test_a_refused_password_says_why(password: str, problem: str) -> None:
    message = password_problem(password, EMAIL)
    assert message is not None
    assert problem in message


@pytest.mark.parametrize(
    ("password", "email"),
    [
        ("correct horse battery staple", EMAIL),
        ("Z8m-Qe4!vR2p", EMAIL),
        ("topsecret-horse-42", "ops@example.com"),  # a name under 4 characters is not looked for
        ("al dente, with sauce", "al@example.com"),
        ("a long admin password", "admin@example.com"),  # mentions it, and is long without it
        ("my ops_lead password", EMAIL),
    ],
)
def test_a_good_password_passes(password: str, email: str) -> None:
    assert password_problem(password, email) is None
