"""One mailbox, however its address is written (mail/addresses.py)."""

import pytest

from scrapindex.mail.addresses import address_key


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("Reader@Example.org", "reader@example.org"),
        ("reader+news@example.org", "reader@example.org"),
        ("reader+news+more@example.org", "reader@example.org"),
        ("r.e.a.d.e.r@gmail.com", "reader@gmail.com"),
        ("R.eader+x@GoogleMail.com", "reader@gmail.com"),
        ("reader@gmail.com.", "reader@gmail.com"),
        # Dots count everywhere else: two people, two keys.
        ("r.eader@example.org", "r.eader@example.org"),
        ("reader@mail.gmail.com", "reader@mail.gmail.com"),
        # A local part that is all tag is kept as it is.
        ("+news@example.org", "+news@example.org"),
        ("o'neil+x@example.org", "o'neil@example.org"),
        ("reader@bücher.example", "reader@bücher.example"),
    ],
)
def test_an_address_key_names_the_mailbox(written: str, key: str) -> None:
    assert address_key(written) == key
    assert address_key(key) == key  # a key is its own key
