"""Who a request is from, and whether it came over HTTPS, when proxies stand in front of us.

The rule (as nginx's real_ip_recursive and most frameworks apply it): the connecting peer's
``X-Forwarded-*`` headers are believed only if the peer is a trusted proxy (TRUSTED_PROXIES).
``X-Forwarded-For`` is then read from the right, where each proxy appends the address that
connected to it: hops that are themselves trusted proxies are skipped, and the client is the
first hop that is not. Whatever lies further left was written by that client, so it can never
choose its own address (nor its rate-limit bucket). If every hop is a trusted proxy, the leftmost
is the client.

A hop that is not an address ("unknown", junk) stops the walk: the client is then the last
address we could vouch for, the trusted hop to its right (or the peer itself). Anything past the
junk may have been written by anyone; taking the proxy that handed it on keeps a client from
escaping its bucket, at worst sharing that proxy's. Empty entries (``a,,b``, an empty header)
are no hop at all. A hop may carry a port (``1.2.3.4:5678``, ``[2001:db8::1]:443``, as some
balancers write it). IPv4-mapped IPv6 (``::ffff:192.0.2.1``, what a dual-stack socket reports
for an IPv4 peer) is the IPv4 address, for the trust check and for the client's name alike.
Several ``X-Forwarded-For`` headers are read as one list, in the order they came.

TRUST_PROXY_HEADERS=true with TRUSTED_PROXIES empty keeps its old meaning: the connecting peer,
whatever it is, is the one trusted proxy, so the client is the last hop it appended (our nginx
on the same host, the app listening on loopback). Setting TRUSTED_PROXIES implies
TRUST_PROXY_HEADERS: naming the proxies says their headers are to be believed.

``X-Forwarded-Proto`` is believed only from a trusted peer, and only its last value: the one the
nearest proxy (our nginx, which sets it whole; deploy/nginx/scrapindex.conf passes a trusted
balancer's value on) wrote.
"""

import ipaddress
from dataclasses import dataclass
from functools import lru_cache

from starlette.types import Scope

from scrapindex.settings import Settings

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

UNKNOWN = "unknown"  # no connection address at all (never so under uvicorn)
FORWARDED_FOR = b"x-forwarded-for"
FORWARDED_PROTO = b"x-forwarded-proto"
MAPPED_IPV4 = ipaddress.IPv6Network("::ffff:0:0/96")


def parse_address(text: str) -> Address | None:
    """An address as a peer or an X-Forwarded-For hop gives it (perhaps with a port), or None.

    IPv4-mapped IPv6 is returned as the IPv4 address it carries."""
    text = text.strip()
    if text.startswith("["):  # [2001:db8::1]:443, or [2001:db8::1]
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:  # 192.0.2.1:5678 (an IPv6 address has two colons at least)
        text = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def parse_network(text: str) -> Network:
    """A TRUSTED_PROXIES entry: a CIDR or a single address (host bits allowed, then dropped).

    An IPv4-mapped IPv6 range is its IPv4 range, as addresses are compared (parse_address)."""
    network = ipaddress.ip_network(text.strip(), strict=False)
    if isinstance(network, ipaddress.IPv6Network) and network.subnet_of(MAPPED_IPV4):
        mapped = network.network_address.ipv4_mapped
        assert mapped is not None  # inside ::ffff:0:0/96
        return ipaddress.IPv4Network((mapped, network.prefixlen - 96))
    return network


def header_values(scope: Scope, name: bytes) -> list[str]:
    """Every value of the header ``name`` (lower case), in the order the headers came."""
    return [value.decode("latin-1") for key, value in scope["headers"] if key.lower() == name]


def forwarded_hops(scope: Scope) -> list[str]:
    """X-Forwarded-For's hops, every such header joined in order, empty entries dropped."""
    joined = ",".join(header_values(scope, FORWARDED_FOR))
    return [hop.strip() for hop in joined.split(",") if hop.strip()]


@dataclass(frozen=True)
class ProxyRule:
    """Which proxies' headers the app believes: every client address and HTTPS check uses it.

    ``believe_headers`` off: the connection alone says who the client is. On with no
    ``networks``: the connecting peer is trusted, whatever it is, and nothing else is (the old
    TRUST_PROXY_HEADERS rule). On with ``networks``: only a peer in them is trusted, and the
    X-Forwarded-For hops in them are skipped.
    """

    believe_headers: bool = False
    networks: tuple[Network, ...] = ()

    @staticmethod
    def of(settings: Settings) -> "ProxyRule":
        return proxy_rule(settings.trust_proxy_headers, tuple(settings.trusted_proxies))

    def is_proxy(self, address: Address) -> bool:
        """Whether ``address`` is one of the trusted proxies (TRUSTED_PROXIES)."""
        return any(address in network for network in self.networks)

    def trusts_peer(self, scope: Scope) -> bool:
        """Whether the connecting peer's X-Forwarded-* headers are believed."""
        if not self.believe_headers:
            return False
        if not self.networks:
            return True  # the old rule: whoever connects is the proxy (HOST is loopback)
        peer = parse_address(peer_of(scope))
        return peer is not None and self.is_proxy(peer)

    def client(self, scope: Scope) -> str:
        """The client's address, as text (IPv4-mapped addresses as IPv4)."""
        peer = peer_of(scope)
        vouched = parse_address(peer)
        if not self.trusts_peer(scope):
            return str(vouched) if vouched is not None else peer
        last = str(vouched) if vouched is not None else peer  # the last address vouched for
        for hop in reversed(forwarded_hops(scope)):
            address = parse_address(hop)
            if address is None:
                return last  # junk: what lies past it could be anyone's
            last = str(address)
            if not self.is_proxy(address):
                return last
        return last  # every hop a trusted proxy (or none at all): the leftmost, or the peer

    def is_https(self, scope: Scope) -> bool:
        """Whether the request reached us, or the trusted proxy in front, over HTTPS."""
        if scope.get("scheme") == "https":
            return True
        if not self.trusts_peer(scope):
            return False
        values = ",".join(header_values(scope, FORWARDED_PROTO)).split(",")
        nearest = [value.strip().lower() for value in values if value.strip()]
        return bool(nearest) and nearest[-1] == "https"


def peer_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else UNKNOWN


@lru_cache(maxsize=64)
def proxy_rule(trust_proxy_headers: bool, trusted_proxies: tuple[str, ...]) -> ProxyRule:
    """The rule for these settings (made once: the forms ask for it on every post)."""
    networks = tuple(parse_network(network) for network in trusted_proxies)
    return ProxyRule(trust_proxy_headers or bool(networks), networks)
