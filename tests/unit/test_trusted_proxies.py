"""Who a request is from behind proxies (middleware/proxies.py), without HTTP: scopes by hand."""

import ipaddress

import pytest
from pydantic import ValidationError

from scrapindex.middleware.proxies import ProxyRule, parse_address, parse_network
from scrapindex.settings import Settings

NGINX = "127.0.0.1"
BALANCER = "10.1.2.3"
# nginx on the host, and a balancer in front of the hosts.
BEHIND_BALANCER = ProxyRule.of(
    Settings(trusted_proxies=["127.0.0.1", "10.0.0.0/8", "2001:db8::/32"])
)
LAST_HOP = ProxyRule.of(Settings(trust_proxy_headers=True))  # the old rule: the peer alone
NO_PROXY = ProxyRule.of(Settings())


def scope(
    peer: str | None = NGINX,
    forwarded_for: str | list[str] | None = None,
    proto: str | None = None,
    scheme: str = "http",
) -> dict[str, object]:
    values = [forwarded_for] if isinstance(forwarded_for, str) else forwarded_for or []
    headers = [(b"x-forwarded-for", value.encode()) for value in values]
    if proto is not None:
        headers.append((b"x-forwarded-proto", proto.encode()))
    return {
        "type": "http",
        "scheme": scheme,
        "headers": [(b"host", b"scrapindex.example"), *headers],
        "client": (peer, 40000) if peer is not None else None,
    }


@pytest.mark.parametrize(
    ("peer", "forwarded_for", "client"),
    [
        # nginx appended the balancer, the balancer the visitor.
        (NGINX, "203.0.113.7, 10.1.2.3", "203.0.113.7"),
        # Several proxies of ours in a row: all skipped.
        (NGINX, "203.0.113.7, 10.9.9.9, 10.1.2.3", "203.0.113.7"),
        # The visitor's own X-Forwarded-For is left of the hop the balancer wrote: ignored.
        (NGINX, "198.51.100.2, 192.0.2.1, 203.0.113.7, 10.1.2.3", "203.0.113.7"),
        # A visitor claiming to be a proxy of ours is still itself: it is the first untrusted hop.
        (NGINX, "10.0.0.1, 203.0.113.7, 10.1.2.3", "203.0.113.7"),
        # No balancer: nginx appended the visitor.
        (NGINX, "203.0.113.7", "203.0.113.7"),
        # Every hop one of ours (a health check from the balancer itself): the leftmost.
        (NGINX, "10.5.5.5, 10.1.2.3", "10.5.5.5"),
        (NGINX, "127.0.0.1", "127.0.0.1"),
        # Nothing forwarded: the peer.
        (NGINX, None, NGINX),
        (NGINX, "", NGINX),
        (NGINX, " , ", NGINX),
        # An untrusted peer's headers are not believed at all.
        ("192.0.2.50", "203.0.113.7", "192.0.2.50"),
        ("192.0.2.50", "203.0.113.7, 10.1.2.3", "192.0.2.50"),
        # IPv6 visitors and proxies.
        (NGINX, "2001:db8:ffff::1, 10.1.2.3", "2001:db8:ffff::1"),
        ("2001:db8::5", "2a00:1450::1, 2001:db8::9", "2a00:1450::1"),
        ("::1", "203.0.113.7", "::1"),  # ::1 is not in this list: loopback v6 is not trusted
        # IPv4-mapped IPv6: the IPv4 address, for trust and for the name alike.
        ("::ffff:127.0.0.1", "::ffff:203.0.113.7, ::ffff:10.1.2.3", "203.0.113.7"),
        ("::ffff:192.0.2.50", "203.0.113.7", "192.0.2.50"),
        # Hops with ports, as some balancers write them.
        (NGINX, "203.0.113.7:51234, 10.1.2.3:443", "203.0.113.7"),
        (NGINX, "[2a00:1450::1]:443, 10.1.2.3", "2a00:1450::1"),
        # Junk stops the walk: the last address vouched for is the client.
        (NGINX, "203.0.113.7, unknown, 10.1.2.3", "10.1.2.3"),
        (NGINX, "203.0.113.7, unknown", NGINX),
        (NGINX, "unknown, 203.0.113.7", "203.0.113.7"),  # the junk lies past the client: unread
        (NGINX, "203.0.113.7, 10.1.2.3/8, 10.1.2.4", "10.1.2.4"),
        # Several headers are one list, in order.
        (NGINX, ["198.51.100.2", "203.0.113.7, 10.1.2.3"], "203.0.113.7"),
        (NGINX, ["203.0.113.7", "10.1.2.3"], "203.0.113.7"),
        (NGINX, ["203.0.113.7", ""], "203.0.113.7"),
    ],
)
def test_the_client_is_the_first_hop_from_the_right_that_is_no_proxy_of_ours(
    peer: str, forwarded_for: str | list[str] | None, client: str
) -> None:
    assert BEHIND_BALANCER.client(scope(peer, forwarded_for)) == client


def test_a_client_cannot_leave_its_bucket_by_forging_hops() -> None:
    """Whatever a visitor puts in its own X-Forwarded-For, the balancer's hop names it."""
    forgeries = ["", "192.0.2.1", "192.0.2.1, 198.51.100.2", "10.0.0.1", "127.0.0.1", "junk", "::1"]
    seen = {
        BEHIND_BALANCER.client(
            scope(NGINX, ", ".join(filter(None, [forged, "203.0.113.7", BALANCER])))
        )
        for forged in forgeries
    }
    assert seen == {"203.0.113.7"}


@pytest.mark.parametrize(
    ("peer", "forwarded_for", "client"),
    [
        (NGINX, "203.0.113.7", "203.0.113.7"),
        (NGINX, "192.0.2.1, 203.0.113.7", "203.0.113.7"),  # only the hop the peer appended
        (NGINX, "203.0.113.7, 10.1.2.3", BALANCER),  # a balancer in front: all share its bucket
        ("192.0.2.50", "203.0.113.7", "203.0.113.7"),  # any peer is believed: HOST on loopback
        (NGINX, "203.0.113.7, junk", NGINX),
        (NGINX, None, NGINX),
        ("testclient", None, "testclient"),  # Starlette's TestClient: no address, kept as it is
        ("testclient", "203.0.113.7", "203.0.113.7"),
        (NGINX, ["203.0.113.7", "198.51.100.2"], "198.51.100.2"),
    ],
)
def test_trust_proxy_headers_alone_keeps_the_last_hop_rule(
    peer: str, forwarded_for: str | list[str] | None, client: str
) -> None:
    assert LAST_HOP.client(scope(peer, forwarded_for)) == client


def test_without_trusted_proxies_the_headers_are_ignored() -> None:
    assert NO_PROXY.client(scope(NGINX, "203.0.113.7")) == NGINX
    assert NO_PROXY.client(scope("::ffff:192.0.2.50", "203.0.113.7")) == "192.0.2.50"
    assert NO_PROXY.client(scope(None, "203.0.113.7")) == "unknown"
    assert not NO_PROXY.is_https(scope(NGINX, proto="https"))


def test_trusted_proxies_imply_trusting_their_headers() -> None:
    rule = ProxyRule.of(Settings(trusted_proxies=["127.0.0.1"], trust_proxy_headers=False))
    assert rule.believe_headers
    assert rule.client(scope(NGINX, "203.0.113.7")) == "203.0.113.7"


@pytest.mark.parametrize(
    ("rule", "peer", "proto", "scheme", "https"),
    [
        (BEHIND_BALANCER, NGINX, "https", "http", True),
        (BEHIND_BALANCER, NGINX, "http", "http", False),
        (BEHIND_BALANCER, NGINX, "HTTPS", "http", True),
        (BEHIND_BALANCER, NGINX, "http, https", "http", True),  # the nearest proxy's: the last
        (BEHIND_BALANCER, NGINX, "https, http", "http", False),
        (BEHIND_BALANCER, "192.0.2.50", "https", "http", False),  # not a proxy of ours
        (BEHIND_BALANCER, "192.0.2.50", None, "https", True),  # TLS to us: whoever connects
        (BEHIND_BALANCER, NGINX, "", "http", False),
        (LAST_HOP, "192.0.2.50", "https", "http", True),  # the old rule: the peer is believed
        (NO_PROXY, NGINX, "https", "http", False),
    ],
)
def test_x_forwarded_proto_only_from_a_trusted_peer(
    rule: ProxyRule, peer: str, proto: str | None, scheme: str, https: bool
) -> None:
    assert rule.is_https(scope(peer, proto=proto, scheme=scheme)) is https


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("203.0.113.7", "203.0.113.7"),
        (" 203.0.113.7 ", "203.0.113.7"),
        ("203.0.113.7:8080", "203.0.113.7"),
        ("2001:db8::1", "2001:db8::1"),
        ("[2001:db8::1]", "2001:db8::1"),
        ("[2001:db8::1]:443", "2001:db8::1"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("[::ffff:203.0.113.7]:80", "203.0.113.7"),
        ("2001:DB8::1", "2001:db8::1"),
        ("unknown", None),
        ("", None),
        ("203.0.113.256", None),
        ("203.0.113.0/24", None),
        ("_hidden", None),  # RFC 7239's obfuscated identifiers are no address either
    ],
)
def test_parse_address(text: str, address: str | None) -> None:
    parsed = parse_address(text)
    assert (str(parsed) if parsed is not None else None) == address


def test_mapped_networks_are_their_ipv4_networks() -> None:
    assert parse_network("::ffff:10.0.0.0/104") == ipaddress.ip_network("10.0.0.0/8")
    assert parse_network("10.1.2.3/8") == ipaddress.ip_network("10.0.0.0/8")  # host bits dropped
    rule = ProxyRule.of(Settings(trusted_proxies=["::ffff:127.0.0.1"]))
    assert rule.client(scope(NGINX, "203.0.113.7")) == "203.0.113.7"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("127.0.0.1", ["127.0.0.1"]),
        ("127.0.0.1, 10.0.0.0/8", ["127.0.0.1", "10.0.0.0/8"]),
        ("127.0.0.1 10.0.0.0/8\t2001:db8::/32", ["127.0.0.1", "10.0.0.0/8", "2001:db8::/32"]),
        ('["127.0.0.1", "::1"]', ["127.0.0.1", "::1"]),
        ("", []),
    ],
)
def test_trusted_proxies_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: list[str]
) -> None:
    monkeypatch.setenv("TRUSTED_PROXIES", value)
    assert Settings(_env_file=None).trusted_proxies == expected


@pytest.mark.parametrize("junk", ["nginx", "10.0.0.0/33", "256.1.1.1", "10.0.0.1-10.0.0.9", "*"])
def test_trusted_proxies_that_are_not_networks_are_refused(junk: str) -> None:
    with pytest.raises(ValidationError, match="not an IP address or network") as raised:
        Settings(trusted_proxies=["127.0.0.1", junk])
    assert repr(junk) in str(raised.value)
