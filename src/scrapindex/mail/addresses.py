"""One mailbox, however its address is written: the key that limits and suppressions count by.

Mail goes to the address as given; what is counted per address (an address's alerts, its
newsletter sign-up, a suppression) goes by ``address_key``, so that ``Reader+1@example.org``
and ``reader@example.org`` are one address, and ``r.e.a.d.e.r@gmail.com`` is ``reader@gmail.com``.
The key may join two mailboxes that differ only by a ``+tag`` (almost every provider delivers
``a+tag@`` to ``a@``); that only makes a limit stricter, never looser. Dots are ignored only where
the provider ignores them.
"""

# Providers that deliver a local part with or without its dots to one mailbox, by the domain
# their addresses are keyed under.
DOTS_IGNORED = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}
SUBADDRESS_SEPARATOR = "+"


def address_key(email: str) -> str:
    """``email`` lower-cased, without a ``+tag``, and without the dots of a Gmail-style local
    part."""
    local, at, domain = email.strip().lower().rpartition("@")
    if not at:
        return email.strip().lower()  # not an address: the forms never store one
    domain = domain.rstrip(".")
    untagged = local.split(SUBADDRESS_SEPARATOR, 1)[0]
    if untagged:  # "+tag@" alone is a mailbox of that name
        local = untagged
    if domain in DOTS_IGNORED:
        local = local.replace(".", "") or local
        domain = DOTS_IGNORED[domain]
    return f"{local}@{domain}"
